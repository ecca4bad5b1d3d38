/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-character.h"
#include "muster-character-stats.h"
#include "muster-figure-stats-sheet.h"
#include "muster-sheet-private.h"
#include "muster-sheet-text.h"
#include "muster-traits.h"

struct _MusterFigureStatsSheet
{
  MusterSheet parent_instance;

  guint       turns;
  /* The key to values in brackets, for every page. */
  char       *key;
};

G_DEFINE_FINAL_TYPE (MusterFigureStatsSheet, muster_figure_stats_sheet, MUSTER_TYPE_SHEET)

/* Turn boxes in a strip, and strips on a page: 1-8 over 9-16. */
#define TURNS_PER_STRIP 8
#define TURNS_PER_PAGE  16

#define TITLE_HEIGHT    26.0
#define HEADING_HEIGHT  14.0
#define BLOCK_GAP        5.0
#define COLUMN_GAP       6.0
#define LABEL_WIDTH     14.0
/* For rulesets whose stats are words ("class", "rank"), not letters. */
#define WIDE_LABEL      46.0
#define VALUE_WIDTH     24.0
/* Room for "11 (9)": his own value and the one his weapon allows. */
#define CAPPED_WIDTH    40.0
#define KEY_HEIGHT      14.0
#define WOUNDS_WIDTH    52.0
#define NUMBER_BAND     10.0
/* The least the name box's text shrinks to before it is cut short. */
#define NAME_FLOOR       6.5
#define TEXT_FLOOR       6.0
/* The least room a stat's row takes. A ruleset with more stats than a
 * block holds at this height gives each figure two blocks, or four. */
#define STAT_ROW_FLOOR   7.0
#define KEY_SIZE         8.5
#define VALUE_SIZE      10.0

typedef struct
{
  cairo_t              *cr;
  PangoLayout          *layout;
  PangoFontDescription *name_font;
  PangoFontDescription *text_font;
  PangoFontDescription *small_font;
  PangoFontDescription *label_font;
  PangoFontDescription *key_font;
  PangoFontDescription *value_font;
  PangoFontDescription *number_font;
  PangoFontDescription *tiny_font;
  double                label_width;
  double                value_width;
  double                name_width;
  double                turns_width;
  /* Which pass: the page's boxes and bands, or, over them, its texts. */
  gboolean              texts;
} Pen;

/* Helpers */

static guint
pages_per_group (MusterFigureStatsSheet *self)
{
  return self->turns / TURNS_PER_PAGE;
}

/* The height the figures' blocks share on a page of @size. */
static double
blocks_height (MusterFigureStatsSheet *self,
               const MusterPageSize   *size)
{
  double height = size->height - size->margin_top - size->margin_bottom - TITLE_HEIGHT - HEADING_HEIGHT;

  /* The key to values in brackets, at the foot of the page. */
  if (self->key != NULL)
    height -= KEY_HEIGHT;
  return height;
}

/* Eight figures a page, as on the rules' own sheet, unless their stats
 * need more room than an eighth of the page: then four, two or one. */
static guint
figures_per_page (MusterFigureStatsSheet *self,
                  const MusterPageSize   *size)
{
  MusterRuleset *ruleset = muster_sheet_get_ruleset (MUSTER_SHEET (self));
  guint n_stats = muster_ruleset_get_n_stats (ruleset);
  double height = blocks_height (self, size);
  guint per_page = MUSTER_FIGURE_STATS_PER_PAGE;

  while (per_page > 1 && n_stats * STAT_ROW_FLOOR > height / per_page - BLOCK_GAP)
    per_page /= 2;
  return per_page;
}

/* Stats keyed by a letter or two (I D S C F) show the key; others, whose
 * keys are ids ("class"), show the stat's name, in a wider column. */
static gboolean
keys_are_letters (MusterFigureStatsSheet *self)
{
  MusterRuleset *ruleset = muster_sheet_get_ruleset (MUSTER_SHEET (self));

  for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
    if (g_utf8_strlen (muster_ruleset_get_stat (ruleset, i)->key, -1) > 2)
      return FALSE;
  return TRUE;
}

static void
draw_name (MusterFigureStatsSheet *self,
           Pen                    *pen,
           MusterCharacter        *character,
           double                  x,
           double                  y,
           double                  h)
{
  MusterRuleset *ruleset = muster_sheet_get_ruleset (MUSTER_SHEET (self));
  const double pad = 4.0;
  double w = pen->name_width - 2 * pad;
  double line = MIN (14.0, (h - 2 * pad) / 4.0);
  double ty = y + pad;
  const char *force;
  const char *weapon;
  g_autofree char *type = NULL;

  if (!pen->texts)
    {
      muster_sheet_stroke_box (pen->cr, x, y, pen->name_width, h, 0.75);
      return;
    }
  if (character == NULL)
    return;

  /* A long name takes smaller text and more lines, and what follows
   * shares the room it leaves. */
  ty += MAX (muster_sheet_draw_name (pen->cr, pen->layout, pen->name_font, NAME_FLOOR,
                                     muster_character_get_name (character),
                                     x + pad, ty + 1, w, 2, 4, PANGO_ALIGN_LEFT), line) + 4;
  line = MIN (line, (y + h - pad - ty) / 3.0);
  type = muster_sheet_rank_and_type (ruleset, character);
  muster_sheet_draw_label (pen->cr, pen->layout, pen->text_font, TEXT_FLOOR, type,
                           x + pad, ty, w, line, PANGO_ALIGN_LEFT);
  ty += line;
  /* Rulesets kept by unit arm no one. */
  weapon = muster_sheet_weapon_name (ruleset, character);
  if (weapon != NULL && *weapon != '\0')
    {
      muster_sheet_draw_label (pen->cr, pen->layout, pen->text_font, TEXT_FLOOR, weapon,
                               x + pad, ty, w, line, PANGO_ALIGN_LEFT);
      ty += line;
    }

  force = muster_character_get_force_name (character);
  if (force != NULL && *force != '\0')
    {
      cairo_set_source_rgb (pen->cr, 0.3, 0.3, 0.3);
      muster_sheet_draw_label (pen->cr, pen->layout, pen->small_font, TEXT_FLOOR, force,
                               x + pad, ty, w, line, PANGO_ALIGN_LEFT);
      cairo_set_source_rgb (pen->cr, 0, 0, 0);
    }
}

static void
draw_stats (MusterFigureStatsSheet *self,
            Pen                    *pen,
            MusterCharacter        *character,
            double                  x,
            double                  y,
            double                  h)
{
  MusterRuleset *ruleset = muster_sheet_get_ruleset (MUSTER_SHEET (self));
  guint n_stats = muster_ruleset_get_n_stats (ruleset);
  double row;

  if (n_stats == 0)
    return;

  row = h / n_stats;
  if (!pen->texts)
    {
      for (guint i = 0; i < n_stats; i++)
        muster_sheet_stroke_box (pen->cr, x + pen->label_width, y + i * row, pen->value_width, row, 0.5);
      muster_sheet_stroke_box (pen->cr, x + pen->label_width, y, pen->value_width, h, 0.75);
      return;
    }

  /* The keys, then the values: a font at a time. */
  for (guint i = 0; i < n_stats; i++)
    {
      const MusterStatDef *def = muster_ruleset_get_stat (ruleset, i);

      if (pen->label_width > LABEL_WIDTH)
        /* The name, up to as many lines as the row holds. */
        muster_sheet_draw_label (pen->cr, pen->layout, pen->tiny_font, 4.5, def->name,
                                 x, y + i * row, pen->label_width - 3, row, PANGO_ALIGN_RIGHT);
      else
        muster_sheet_draw_line (pen->cr, pen->layout, pen->key_font, def->key,
                                x, y + i * row, LABEL_WIDTH, row, PANGO_ALIGN_CENTER);
    }

  for (guint i = 0; character != NULL && i < n_stats; i++)
    {
      const MusterStatDef *def = muster_ruleset_get_stat (ruleset, i);
      int value;

      if (muster_traits_played_stat (ruleset, character, def->key, &value, NULL))
        {
          /* "11 (9)" where his weapon holds him lower. */
          g_autofree char *text = muster_character_format_stat (character, ruleset, def->key);

          muster_sheet_draw_line (pen->cr, pen->layout, pen->value_font, text,
                                  x + pen->label_width, y + i * row, pen->value_width, row, PANGO_ALIGN_CENTER);
        }
    }
}

static void
draw_turns (Pen    *pen,
            guint   first_turn,
            double  x,
            double  y,
            double  h)
{
  double box_w = pen->turns_width / TURNS_PER_STRIP;
  double strip_h = h / 2.0;

  for (guint strip = 0; strip < 2; strip++)
    {
      double sy = y + strip * strip_h;

      for (guint i = 0; i < TURNS_PER_STRIP; i++)
        {
          g_autofree char *number = NULL;
          double bx = x + i * box_w;

          if (!pen->texts)
            {
              muster_sheet_fill_box (pen->cr, bx, sy, box_w, NUMBER_BAND, 0.88);
              muster_sheet_stroke_box (pen->cr, bx, sy, box_w, strip_h, 0.5);
              continue;
            }
          number = g_strdup_printf ("%u", first_turn + strip * TURNS_PER_STRIP + i);
          muster_sheet_draw_line (pen->cr, pen->layout, pen->number_font, number,
                                  bx, sy, box_w, NUMBER_BAND, PANGO_ALIGN_CENTER);
        }
    }

  if (!pen->texts)
    muster_sheet_stroke_box (pen->cr, x, y, pen->turns_width, h, 0.75);
}

static void
draw_wounds (Pen    *pen,
             double  x,
             double  y,
             double  h)
{
  const char *labels[] = {
    /* TRANSLATORS: wound boxes on the Figure Stats sheet */
    C_("wounds", "1"), C_("wounds", "2"), C_("wounds", "3"), _("Dead"),
  };
  double row = h / G_N_ELEMENTS (labels);
  double box = MIN (row - 4.0, 14.0);
  double label_w = WOUNDS_WIDTH - box - 6.0;

  if (pen->texts)
    {
      for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
        muster_sheet_draw_label (pen->cr, pen->layout, pen->label_font, TEXT_FLOOR, labels[i],
                                 x, y + i * row, label_w, row, PANGO_ALIGN_RIGHT);
      return;
    }

  /* Boxes apart from each other: one stroke draws them all. */
  cairo_save (pen->cr);
  cairo_set_source_rgb (pen->cr, 0, 0, 0);
  cairo_set_line_width (pen->cr, 0.75);
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    cairo_rectangle (pen->cr, x + label_w + 3.0, y + i * row + (row - box) / 2.0, box, box);
  cairo_stroke (pen->cr);
  cairo_restore (pen->cr);
}

/* MusterSheet */

static guint
muster_figure_stats_sheet_get_n_pages (MusterSheet          *sheet,
                                       const MusterPageSize *size)
{
  MusterFigureStatsSheet *self = MUSTER_FIGURE_STATS_SHEET (sheet);
  GPtrArray *characters = muster_sheet_get_characters (sheet);
  guint per_page = figures_per_page (self, size);
  guint groups = (characters->len + per_page - 1) / per_page;

  return MAX (1, groups) * pages_per_group (self);
}

static void
muster_figure_stats_sheet_draw_page (MusterSheet          *sheet,
                                     cairo_t              *cr,
                                     const MusterPageSize *size,
                                     guint                 page)
{
  MusterFigureStatsSheet *self = MUSTER_FIGURE_STATS_SHEET (sheet);
  GPtrArray *characters = muster_sheet_get_characters (sheet);
  g_autoptr(PangoLayout) layout = muster_sheet_create_layout (cr);
  g_autoptr(PangoFontDescription) title_font = muster_sheet_font (16, TRUE, FALSE);
  g_autoptr(PangoFontDescription) heading_font = muster_sheet_font (9, TRUE, FALSE);
  g_autoptr(PangoFontDescription) name_font = muster_sheet_font (10.5, TRUE, FALSE);
  g_autoptr(PangoFontDescription) text_font = muster_sheet_font (8.5, FALSE, FALSE);
  g_autoptr(PangoFontDescription) small_font = muster_sheet_font (7.5, FALSE, TRUE);
  g_autoptr(PangoFontDescription) label_font = muster_sheet_font (8.5, TRUE, FALSE);
  g_autoptr(PangoFontDescription) key_font = NULL;
  g_autoptr(PangoFontDescription) value_font = NULL;
  g_autoptr(PangoFontDescription) number_font = muster_sheet_font (7, FALSE, FALSE);
  g_autoptr(PangoFontDescription) tiny_font = muster_sheet_font (6, TRUE, FALSE);
  guint group = page / pages_per_group (self);
  guint first_turn = (page % pages_per_group (self)) * TURNS_PER_PAGE + 1;
  double x = size->margin_left;
  double y = size->margin_top;
  double width = size->width - size->margin_left - size->margin_right;
  guint per_page = figures_per_page (self, size);
  guint n_stats = muster_ruleset_get_n_stats (muster_sheet_get_ruleset (sheet));
  double block_h = blocks_height (self, size) / per_page;
  /* Many stats take smaller keys and values, as their rows allow. */
  double row = n_stats > 0 ? (block_h - BLOCK_GAP) / n_stats : block_h;
  double stats_x, turns_x, wounds_x;
  const char *key = self->key;
  Pen pen = {
    .cr = cr,
    .layout = layout,
    .name_font = name_font,
    .text_font = text_font,
    .small_font = small_font,
    .label_font = label_font,
    .number_font = number_font,
    .tiny_font = tiny_font,
  };

  key_font = muster_sheet_font (MIN (KEY_SIZE, row * 0.75), TRUE, FALSE);
  value_font = muster_sheet_font (MIN (VALUE_SIZE, row * 0.75), TRUE, FALSE);
  pen.key_font = key_font;
  pen.value_font = value_font;

  /* Turn numbers, stat keys and labels come back on every block. */
  muster_sheet_keep_layouts (layout);
  pen.label_width = keys_are_letters (self) ? LABEL_WIDTH : WIDE_LABEL;
  pen.value_width = key != NULL ? CAPPED_WIDTH : VALUE_WIDTH;
  pen.name_width = width * 0.30;
  pen.turns_width = width - pen.name_width - pen.label_width - pen.value_width - WOUNDS_WIDTH - 3 * COLUMN_GAP;

  stats_x = x + pen.name_width + COLUMN_GAP;
  turns_x = stats_x + pen.label_width + pen.value_width + COLUMN_GAP;
  wounds_x = turns_x + pen.turns_width + COLUMN_GAP;

  cairo_set_source_rgb (cr, 0, 0, 0);

  muster_sheet_draw_line (cr, layout, title_font, _("Figure Stats"),
                          x, y, width / 2.0, TITLE_HEIGHT, PANGO_ALIGN_LEFT);
  if (muster_sheet_get_title (sheet) != NULL)
    muster_sheet_draw_line (cr, layout, pen.text_font, muster_sheet_get_title (sheet),
                            x + width / 2.0, y, width / 2.0, TITLE_HEIGHT, PANGO_ALIGN_RIGHT);
  y += TITLE_HEIGHT;

  muster_sheet_draw_line (cr, layout, heading_font, _("Number of Turns"),
                          turns_x, y, pen.turns_width, HEADING_HEIGHT, PANGO_ALIGN_CENTER);
  muster_sheet_draw_line (cr, layout, heading_font, _("Wounds"),
                          wounds_x, y, WOUNDS_WIDTH, HEADING_HEIGHT, PANGO_ALIGN_CENTER);
  y += HEADING_HEIGHT;

  /* The key to values in brackets, at the foot of the page. */
  if (key != NULL)
    muster_sheet_draw_line (cr, layout, small_font, key, x, y + blocks_height (self, size),
                            width, KEY_HEIGHT, PANGO_ALIGN_LEFT);

  /* Every box and band of the page first, then every text, which lies
   * inside them: the same picture, and the texts written together,
   * without changes of colour, line and text state between each. */
  for (guint pass = 0; pass < 2; pass++)
    {
      pen.texts = pass == 1;
      for (guint slot = 0; slot < per_page; slot++)
        {
          guint index = group * per_page + slot;
          MusterCharacter *character = NULL;
          double by = y + slot * block_h;
          double bh = block_h - BLOCK_GAP;

          if (index < characters->len)
            character = g_ptr_array_index (characters, index);

          draw_name (self, &pen, character, x, by, bh);
          draw_stats (self, &pen, character, stats_x, by, bh);
          draw_turns (&pen, first_turn, turns_x, by, bh);
          draw_wounds (&pen, wounds_x, by, bh);
        }
    }
}

/* GObject */

static void
muster_figure_stats_sheet_finalize (GObject *object)
{
  MusterFigureStatsSheet *self = MUSTER_FIGURE_STATS_SHEET (object);

  g_clear_pointer (&self->key, g_free);

  G_OBJECT_CLASS (muster_figure_stats_sheet_parent_class)->finalize (object);
}

static void
muster_figure_stats_sheet_class_init (MusterFigureStatsSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  MusterSheetClass *sheet_class = MUSTER_SHEET_CLASS (klass);

  object_class->finalize = muster_figure_stats_sheet_finalize;

  sheet_class->get_n_pages = muster_figure_stats_sheet_get_n_pages;
  sheet_class->draw_page = muster_figure_stats_sheet_draw_page;
}

static void
muster_figure_stats_sheet_init (MusterFigureStatsSheet *self)
{
  self->turns = TURNS_PER_PAGE;
}

/* Public */

/**
 * muster_figure_stats_sheet_new:
 * @ruleset: the campaign's ruleset: its stats, troop types and weapons
 * @characters: (element-type MusterCharacter) (nullable): the figures
 * @turns: 16 or 32
 *
 * Returns: (transfer full): a new sheet
 */
MusterSheet *
muster_figure_stats_sheet_new (MusterRuleset *ruleset,
                               GPtrArray     *characters,
                               guint          turns)
{
  MusterFigureStatsSheet *self;

  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), NULL);
  g_return_val_if_fail (turns == 16 || turns == 32, NULL);

  self = g_object_new (MUSTER_TYPE_FIGURE_STATS_SHEET, "ruleset", ruleset, NULL);
  self->turns = turns;
  muster_sheet_add_characters (MUSTER_SHEET (self), characters);
  self->key = muster_characters_describe_caps (muster_sheet_get_characters (MUSTER_SHEET (self)), ruleset);

  return MUSTER_SHEET (self);
}
