/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-card-grid.h"
#include "muster-cards-sheet.h"
#include "muster-character.h"
#include "muster-character-stats.h"
#include "muster-sheet-private.h"
#include "muster-sheet-text.h"
#include "muster-traits.h"

struct _MusterCardsSheet
{
  MusterSheet parent_instance;
};

G_DEFINE_FINAL_TYPE (MusterCardsSheet, muster_cards_sheet, MUSTER_TYPE_SHEET)

#define PAD            12.0

typedef struct
{
  MusterCardsSheet     *sheet;
  cairo_t              *cr;
  PangoLayout          *layout;
  PangoFontDescription *name_font;
  PangoFontDescription *text_font;
  PangoFontDescription *small_font;
  PangoFontDescription *tiny_font;
  PangoFontDescription *tiny_bold_font;
  PangoFontDescription *label_font;
  PangoFontDescription *value_font;
} Pen;

/* The least a card's text shrinks to before it is cut short. */
#define NAME_FLOOR     7.0
#define TEXT_FLOOR     6.0
#define LABEL_FLOOR    4.0

/* Helpers */

static void
draw_card (MusterCardsSheet *self,
           Pen              *pen,
           MusterCharacter  *character,
           double            x,
           double            y)
{
  MusterRuleset *ruleset = muster_sheet_get_ruleset (MUSTER_SHEET (self));
  cairo_t *cr = pen->cr;
  guint n_stats = muster_ruleset_get_n_stats (ruleset);
  const char *wound_labels[] = { C_("wounds", "1"), C_("wounds", "2"), C_("wounds", "3"), _("Dead") };
  double cx = x + PAD;
  double cw = MUSTER_CARD_WIDTH - 2 * PAD;
  double cy = y + PAD;
  double col_w, box;

  muster_card_grid_draw_frame (cr, x, y);

  /* Who: name, troop type, weapon, force. A long name takes smaller
   * text and more lines, from the room for notes. */
  if (character != NULL)
    {
      const char *force = muster_character_get_force_name (character);
      const char *weapon = muster_sheet_weapon_name (ruleset, character);
      g_autofree char *type = muster_sheet_rank_and_type (ruleset, character);

      cy += MAX (muster_sheet_draw_name (cr, pen->layout, pen->name_font, NAME_FLOOR,
                                         muster_character_get_name (character),
                                         cx, cy + 1, cw, 2, 4, PANGO_ALIGN_LEFT) + 3, 18);
      cy += MAX (muster_sheet_draw_shrunk (cr, pen->layout, pen->text_font, TEXT_FLOOR, type,
                                           cx, cy, cw, 1, PANGO_ALIGN_LEFT), 12);
      /* Rulesets kept by unit arm no one. */
      if (weapon != NULL && *weapon != '\0')
        cy += MAX (muster_sheet_draw_shrunk (cr, pen->layout, pen->text_font, TEXT_FLOOR, weapon,
                                             cx, cy, cw, 1, PANGO_ALIGN_LEFT), 12);
      cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
      cy += MAX (muster_sheet_draw_shrunk (cr, pen->layout, pen->small_font, TEXT_FLOOR, force,
                                           cx, cy, cw, 2, PANGO_ALIGN_LEFT), 11);
      cairo_set_source_rgb (cr, 0, 0, 0);
    }
  else
    {
      /* A blank card to fill in by hand: lines to write on. */
      for (guint i = 0; i < 3; i++)
        {
          cy += i == 0 ? 18 : 12;
          muster_sheet_line (cr, cx, cy - 2, cx + cw, cy - 2, 0.4);
        }
      cy += 11;
    }

  muster_sheet_line (cr, cx, cy + 3, cx + cw, cy + 3, 0.75);
  cy += 8;

  /* The stats: key, value in a box, the stat's name. */
  col_w = n_stats > 0 ? cw / n_stats : cw;
  box = MIN (col_w - 6.0, 26.0);
  for (guint i = 0; i < n_stats; i++)
    {
      const MusterStatDef *def = muster_ruleset_get_stat (ruleset, i);
      g_autoptr(GArray) effects = NULL;
      g_autofree char *trait = NULL;
      double sx = cx + i * col_w;
      int value;

      /* A stat keyed by a word ("class") rather than a letter is headed
       * by its name. Names go whole, on two lines and smaller if need
       * be: "Close / combat". */
      if (g_utf8_strlen (def->key, -1) <= 2)
        muster_sheet_draw_line (cr, pen->layout, pen->label_font, def->key,
                                sx, cy, col_w, 12, PANGO_ALIGN_CENTER);
      else
        muster_sheet_draw_label (cr, pen->layout, pen->tiny_bold_font, LABEL_FLOOR, def->name,
                                 sx + 1, cy - 1, col_w - 2, 13, PANGO_ALIGN_CENTER);
      muster_sheet_stroke_box (cr, sx + (col_w - box) / 2.0, cy + 13, box, 24, 0.75);
      if (character != NULL && muster_traits_played_stat (ruleset, character, def->key, &value, &effects))
        {
          g_autofree char *text = g_strdup_printf ("%d", value);
          int used;

          /* Where his weapon holds him lower, his own value over the one
           * he uses with it, "(9)": 11 (9) as on the other sheets. */
          if (muster_character_stat_is_capped (character, ruleset, def->key) &&
              muster_character_get_effective_stat (character, ruleset, def->key, &used))
            {
              /* Translators: on a stat card, under his own value, the one
               * his weapon allows: "(9)" */
              g_autofree char *capped = g_strdup_printf (_("(%d)"), used);

              muster_sheet_draw_line (cr, pen->layout, pen->value_font, text,
                                      sx + (col_w - box) / 2.0, cy + 13, box, 16, PANGO_ALIGN_CENTER);
              muster_sheet_draw_line (cr, pen->layout, pen->tiny_bold_font, capped,
                                      sx + (col_w - box) / 2.0, cy + 28, box, 9, PANGO_ALIGN_CENTER);
            }
          else
            muster_sheet_draw_line (cr, pen->layout, pen->value_font, text,
                                    sx + (col_w - box) / 2.0, cy + 13, box, 24, PANGO_ALIGN_CENTER);
          /* The trait that makes it so ("Coward −1"), or the one it picks
           * ("Coward"), under the box of a stat headed by its name. */
          trait = muster_sheet_trait_effects_text (effects);
          if (trait == NULL && muster_sheet_stat_entry_name (ruleset, character, def, value) != NULL)
            trait = g_strdup (muster_sheet_stat_entry_name (ruleset, character, def, value));
        }
      if (g_utf8_strlen (def->key, -1) <= 2)
        muster_sheet_draw_shrunk (cr, pen->layout, pen->tiny_font, LABEL_FLOOR, def->name,
                                  sx + 1, cy + 38.5, col_w - 2, 2, PANGO_ALIGN_CENTER);
      else if (trait != NULL)
        muster_sheet_draw_shrunk (cr, pen->layout, pen->tiny_font, LABEL_FLOOR, trait,
                                  sx + 1, cy + 38.5, col_w - 2, 2, PANGO_ALIGN_CENTER);
    }
  cy += 52;

  /* The wound track. */
  muster_sheet_draw_label (cr, pen->layout, pen->label_font, LABEL_FLOOR, _("Wounds"),
                           cx, cy, cw, 12, PANGO_ALIGN_LEFT);
  cy += 13;
  col_w = cw / G_N_ELEMENTS (wound_labels);
  for (guint i = 0; i < G_N_ELEMENTS (wound_labels); i++)
    {
      double wx = cx + i * col_w;

      muster_sheet_stroke_box (cr, wx + (col_w - 20) / 2.0, cy, 20, 20, 0.75);
      muster_sheet_draw_label (cr, pen->layout, pen->small_font, LABEL_FLOOR, wound_labels[i],
                               wx, cy + 21, col_w, 10, PANGO_ALIGN_CENTER);
    }
  cy += 36;

  /* The record so far. */
  muster_sheet_line (cr, cx, cy, cx + cw, cy, 0.75);
  cy += 4;
  if (character != NULL)
    {
      g_autofree char *kills = NULL;
      g_autofree char *games = NULL;

      /* TRANSLATORS: on a stat card */
      kills = g_strdup_printf (_("Kills: %d"), muster_character_get_kills (character));
      /* TRANSLATORS: on a stat card */
      games = g_strdup_printf (_("Games: %d"), muster_character_get_games (character));
      muster_sheet_draw_label (cr, pen->layout, pen->text_font, LABEL_FLOOR, kills,
                               cx, cy, cw / 2, 14, PANGO_ALIGN_LEFT);
      muster_sheet_draw_label (cr, pen->layout, pen->text_font, LABEL_FLOOR, games,
                               cx + cw / 2, cy, cw / 2, 14, PANGO_ALIGN_RIGHT);

      if (muster_character_get_status (character) != MUSTER_STATUS_ACTIVE)
        muster_sheet_draw_label (cr, pen->layout, pen->small_font, LABEL_FLOOR,
                                 muster_status_get_label (muster_character_get_status (character)),
                                 cx, cy + 14, cw, 11, PANGO_ALIGN_LEFT);
    }
  else
    {
      muster_sheet_draw_label (cr, pen->layout, pen->text_font, LABEL_FLOOR, _("Kills:"),
                               cx, cy, cw / 2, 14, PANGO_ALIGN_LEFT);
      muster_sheet_draw_label (cr, pen->layout, pen->text_font, LABEL_FLOOR, _("Games:"),
                               cx + cw / 2, cy, cw / 2, 14, PANGO_ALIGN_LEFT);
    }

  /* Room for notes made at the table, headed by the key to a value in
   * brackets. */
  cy += 16;
  muster_sheet_draw_label (cr, pen->layout, pen->label_font, LABEL_FLOOR, _("Notes"),
                           cx, cy, cw, 12, PANGO_ALIGN_LEFT);
  if (character != NULL)
    {
      g_autofree char *key = muster_character_describe_caps (character, ruleset);

      if (key != NULL)
        muster_sheet_draw_line (cr, pen->layout, pen->small_font, key, cx + cw / 4, cy, cw * 3 / 4, 12,
                                PANGO_ALIGN_RIGHT);
    }
  cy += 12;
  muster_sheet_writing_lines (cr, cx, cw, cy + 13, y + MUSTER_CARD_HEIGHT - PAD - 12, 13);

  /* The campaign, at the foot of the card. */
  if (muster_sheet_get_title (MUSTER_SHEET (self)) != NULL)
    {
      cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
      muster_sheet_draw_label (cr, pen->layout, pen->tiny_font, LABEL_FLOOR,
                               muster_sheet_get_title (MUSTER_SHEET (self)),
                               cx, y + MUSTER_CARD_HEIGHT - PAD - 10, cw, 10, PANGO_ALIGN_CENTER);
      cairo_set_source_rgb (cr, 0, 0, 0);
    }
}

static void
draw_card_cb (guint    index,
              double   x,
              double   y,
              gpointer data)
{
  Pen *pen = data;
  GPtrArray *characters = muster_sheet_get_characters (MUSTER_SHEET (pen->sheet));

  draw_card (pen->sheet, pen, index < characters->len ? g_ptr_array_index (characters, index) : NULL, x, y);
}

/* MusterSheet */

static guint
muster_cards_sheet_get_n_pages (MusterSheet          *sheet,
                                const MusterPageSize *size)
{
  return muster_card_grid_get_n_pages (muster_sheet_get_characters (sheet)->len);
}

static void
muster_cards_sheet_draw_page (MusterSheet          *sheet,
                              cairo_t              *cr,
                              const MusterPageSize *size,
                              guint                 page)
{
  MusterCardsSheet *self = MUSTER_CARDS_SHEET (sheet);
  GPtrArray *characters = muster_sheet_get_characters (sheet);
  g_autoptr(PangoLayout) layout = muster_sheet_create_layout (cr);
  g_autoptr(PangoFontDescription) name_font = muster_sheet_font (12, TRUE, FALSE);
  g_autoptr(PangoFontDescription) text_font = muster_sheet_font (8.5, FALSE, FALSE);
  g_autoptr(PangoFontDescription) small_font = muster_sheet_font (7.5, FALSE, TRUE);
  g_autoptr(PangoFontDescription) tiny_font = muster_sheet_font (5.5, FALSE, FALSE);
  g_autoptr(PangoFontDescription) tiny_bold_font = muster_sheet_font (6, TRUE, FALSE);
  g_autoptr(PangoFontDescription) label_font = muster_sheet_font (8.5, TRUE, FALSE);
  g_autoptr(PangoFontDescription) value_font = muster_sheet_font (13, TRUE, FALSE);
  Pen pen = {
    .sheet = self,
    .cr = cr,
    .layout = layout,
    .name_font = name_font,
    .text_font = text_font,
    .small_font = small_font,
    .tiny_font = tiny_font,
    .tiny_bold_font = tiny_bold_font,
    .label_font = label_font,
    .value_font = value_font,
  };

  /* Stat names and labels come back on every card. */
  muster_sheet_keep_layouts (layout);
  /* With no characters, a page of blank cards. */
  muster_card_grid_draw_page (cr, size, page, characters->len > 0 ? characters->len : MUSTER_CARDS_PER_PAGE,
                              draw_card_cb, &pen);
}

/* GObject */

static void
muster_cards_sheet_class_init (MusterCardsSheetClass *klass)
{
  MusterSheetClass *sheet_class = MUSTER_SHEET_CLASS (klass);

  sheet_class->get_n_pages = muster_cards_sheet_get_n_pages;
  sheet_class->draw_page = muster_cards_sheet_draw_page;
}

static void
muster_cards_sheet_init (MusterCardsSheet *self)
{
}

/* Public */

/**
 * muster_cards_sheet_new:
 * @ruleset: the campaign's ruleset
 * @characters: (element-type MusterCharacter) (nullable): one card each;
 *   with none, a page of blank cards
 *
 * Returns: (transfer full): a new sheet
 */
MusterSheet *
muster_cards_sheet_new (MusterRuleset *ruleset,
                        GPtrArray     *characters)
{
  MusterCardsSheet *self;

  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), NULL);

  self = g_object_new (MUSTER_TYPE_CARDS_SHEET, "ruleset", ruleset, NULL);
  muster_sheet_add_characters (MUSTER_SHEET (self), characters);

  return MUSTER_SHEET (self);
}
