/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-character.h"
#include "muster-deck-sheet.h"
#include "muster-sheet-private.h"
#include "muster-sheet-text.h"

typedef enum {
  CARD_CHARACTER,
  CARD_PAUSE,
  CARD_FREE_ACTION,
  CARD_JOKER,
  CARD_DUMMY,
  CARD_SPECIAL,
} CardKind;

typedef struct
{
  CardKind         kind;
  MusterCharacter *character;   /* CARD_CHARACTER */
  char            *special;     /* CARD_SPECIAL */
} Card;

struct _MusterDeckSheet
{
  MusterSheet    parent_instance;

  GArray        *cards;         /* of Card */
  /* Who gets a bonus card: the two sides of the deck's characters, when
   * there are exactly two; NULL otherwise. */
  char          *even_side;
  char          *odd_side;
};

G_DEFINE_FINAL_TYPE (MusterDeckSheet, muster_deck_sheet, MUSTER_TYPE_SHEET)

#define PAD         13.0
#define LABEL_H     12.0
/* The least a card's text shrinks to before it is cut short. */
#define TITLE_FLOOR 10.5
#define NAME_FLOOR   7.0
#define TEXT_FLOOR   6.0

typedef struct
{
  MusterDeckSheet      *sheet;
  cairo_t              *cr;
  PangoLayout          *layout;
  PangoFontDescription *label_font;
  PangoFontDescription *name_font;
  PangoFontDescription *big_font;
  PangoFontDescription *text_font;
  PangoFontDescription *small_font;
  PangoFontDescription *bold_font;
  PangoFontDescription *value_font;
  PangoFontDescription *tiny_font;
} Pen;

/* Helpers */

static void
card_clear (Card *card)
{
  g_clear_object (&card->character);
  g_clear_pointer (&card->special, g_free);
}

static void
append_card (MusterDeckSheet *self,
             CardKind         kind,
             MusterCharacter *character,
             const char      *special)
{
  Card card = { kind, character != NULL ? g_object_ref (character) : NULL, g_strdup (special) };

  g_array_append_val (self->cards, card);
}

/* A card's title as large as it fits: every word whole on its line, in
 * no more than three lines; a name too long for that gets the smallest
 * size and the lines it needs, up to five. Returns its height. */
static double
draw_title (Pen        *pen,
            const char *text,
            double      x,
            double      y,
            double      w)
{
  g_autoptr(PangoFontDescription) font = muster_sheet_font (18.0, TRUE, FALSE);

  return muster_sheet_draw_name (pen->cr, pen->layout, font, TITLE_FLOOR, text, x, y, w, 3, 5, PANGO_ALIGN_CENTER);
}

static void
set_grey (cairo_t *cr,
          double   grey)
{
  cairo_set_source_rgb (cr, grey, grey, grey);
}

/* The kind of card in a band across its top, as playing cards name
 * their suit. */
static double
draw_label (Pen        *pen,
            const char *label,
            double      x,
            double      y)
{
  double w = MUSTER_CARD_WIDTH - 2 * PAD;

  muster_sheet_fill_box (pen->cr, x + PAD, y + PAD, w, LABEL_H + 2, 0.15);
  cairo_set_source_rgb (pen->cr, 1, 1, 1);
  muster_sheet_draw_line (pen->cr, pen->layout, pen->label_font, label,
                          x + PAD + 4, y + PAD + 1, w - 8, LABEL_H, PANGO_ALIGN_LEFT);
  cairo_set_source_rgb (pen->cr, 0, 0, 0);
  return y + PAD + LABEL_H + 8;
}

static void
draw_footer (MusterDeckSheet *self,
             Pen             *pen,
             double           x,
             double           y)
{
  const char *title = muster_sheet_get_title (MUSTER_SHEET (self));

  if (title == NULL)
    return;

  set_grey (pen->cr, 0.4);
  muster_sheet_draw_line (pen->cr, pen->layout, pen->tiny_font, title,
                          x + PAD, y + MUSTER_CARD_HEIGHT - PAD - 9, MUSTER_CARD_WIDTH - 2 * PAD, 9,
                          PANGO_ALIGN_CENTER);
  cairo_set_source_rgb (pen->cr, 0, 0, 0);
}

/* A value that follows from a stat, named on the left and given on the
 * right, ruled under; returns the height it takes. */
static double
draw_value_row (Pen        *pen,
                const char *name,
                int         value,
                double      x,
                double      y,
                double      w)
{
  g_autofree char *number = g_strdup_printf ("%d", value);
  double h = muster_sheet_draw_lines (pen->cr, pen->layout, pen->text_font, name,
                                      x, y, w - 34, 2, PANGO_ALIGN_LEFT);

  h = MAX (h, 14);
  muster_sheet_draw_line (pen->cr, pen->layout, pen->value_font, number,
                          x + w - 32, y, 32, h, PANGO_ALIGN_RIGHT);
  muster_sheet_line (pen->cr, x, y + h + 1.5, x + w, y + h + 1.5, 0.25);
  return h + 3;
}

static void
draw_character_card (MusterDeckSheet *self,
                     Pen             *pen,
                     MusterCharacter *character,
                     double           x,
                     double           y)
{
  MusterRuleset *ruleset = muster_sheet_get_ruleset (MUSTER_SHEET (self));
  cairo_t *cr = pen->cr;
  double cx = x + PAD;
  double cw = MUSTER_CARD_WIDTH - 2 * PAD;
  double cy;
  const char *force = muster_character_get_force_name (character);
  const char *side = muster_character_get_side (character);
  g_autofree char *who = NULL;

  /* TRANSLATORS: the label across the top of a Character card of the deck */
  cy = draw_label (pen, C_("deck", "Character"), x, y);

  cy += muster_sheet_draw_name (cr, pen->layout, pen->name_font, NAME_FLOOR,
                                muster_character_get_name (character),
                                cx, cy, cw, 2, 5, PANGO_ALIGN_LEFT) + 2;

  set_grey (cr, 0.25);
  cy += muster_sheet_draw_lines (cr, pen->layout, pen->small_font,
                                 muster_sheet_troop_type_name (ruleset, character),
                                 cx, cy, cw, 1, PANGO_ALIGN_LEFT);
  if (side != NULL && g_strcmp0 (side, force) != 0)
    /* TRANSLATORS: on a deck card: a force and the side it fights for */
    who = g_strdup_printf (_("%s · %s"), force, side);
  else
    who = g_strdup (force);
  cy += muster_sheet_draw_lines (cr, pen->layout, pen->text_font, who, cx, cy, cw, 2, PANGO_ALIGN_LEFT);
  cairo_set_source_rgb (cr, 0, 0, 0);

  cy += 5;
  muster_sheet_line (cr, cx, cy, cx + cw, cy, 0.75);
  cy += 8;

  /* Each stat in a box, with what its value is called, then what follows
   * from it on a line each. */
  for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
    {
      const MusterStatDef *stat = muster_ruleset_get_stat (ruleset, i);
      const MusterTableEntry *activations;
      const MusterLookupTable *table;
      const char *entry;
      g_autofree char *value_text = NULL;
      int value;

      if (!muster_character_get_stat (character, stat->key, &value))
        continue;
      if (cy + 36 > y + MUSTER_CARD_HEIGHT - PAD - 12)
        break;

      value_text = g_strdup_printf ("%d", value);
      muster_sheet_stroke_box (cr, cx, cy, 34, 34, 1.0);
      muster_sheet_draw_line (cr, pen->layout, pen->big_font, value_text, cx, cy, 34, 34, PANGO_ALIGN_CENTER);
      muster_sheet_draw_label (cr, pen->layout, pen->bold_font, TEXT_FLOOR, stat->name,
                               cx + 42, cy + 1, cw - 42, 14, PANGO_ALIGN_LEFT);
      entry = muster_sheet_stat_entry_name (ruleset, character, stat, value);
      if (entry != NULL)
        muster_sheet_draw_label (cr, pen->layout, pen->value_font, TEXT_FLOOR, entry,
                                 cx + 42, cy + 16, cw - 42, 17, PANGO_ALIGN_LEFT);
      cy += 42;

      for (guint j = 0; stat->derived != NULL && j < stat->derived->len; j++)
        {
          const MusterDerivedStat *derived = g_ptr_array_index (stat->derived, j);

          if (cy + 16 > y + MUSTER_CARD_HEIGHT - PAD - 12)
            break;
          cy += draw_value_row (pen, derived->name, muster_sheet_derived_value (derived, character, value),
                                cx, cy, cw);
        }

      /* How many times he activates when his card is drawn. */
      activations = muster_sheet_stat_activations (ruleset, stat, value, &table);
      if (activations != NULL && cy + 16 <= y + MUSTER_CARD_HEIGHT - PAD - 12)
        cy += draw_value_row (pen, table->name, activations->value, cx, cy, cw);
    }

  /* Wounds taken in the game, ticked at the table, and room for notes
   * (the unit he has joined) where there is any left: the wound boxes
   * stay clear of the status line at the foot. */
  if (cy + 20 <= y + MUSTER_CARD_HEIGHT - PAD - 24)
    {
      cy += 6;
      muster_sheet_draw_line (cr, pen->layout, pen->bold_font, _("Wounds"), cx, cy, 60, 14, PANGO_ALIGN_LEFT);
      for (guint i = 0; i < 4; i++)
        muster_sheet_stroke_box (cr, cx + cw - (4 - i) * 20 + 4, cy, 14, 14, 0.75);
      cy += 22;
      muster_sheet_writing_lines (cr, cx, cw, cy + 12, y + MUSTER_CARD_HEIGHT - PAD - 26, 13);
    }

  /* A character out of the next game still has a card, marked. */
  if (muster_character_get_status (character) != MUSTER_STATUS_ACTIVE)
    {
      set_grey (cr, 0.25);
      muster_sheet_draw_line (cr, pen->layout, pen->small_font,
                              muster_status_get_label (muster_character_get_status (character)),
                              cx, y + MUSTER_CARD_HEIGHT - PAD - 24, cw, 12, PANGO_ALIGN_LEFT);
      cairo_set_source_rgb (cr, 0, 0, 0);
    }

  draw_footer (self, pen, x, y);
}

/* A card whose face is a title and what it does. */
static void
draw_action_card (MusterDeckSheet *self,
                  Pen             *pen,
                  const char      *label,
                  const char      *title,
                  const char      *effect,
                  const char      *footnote,
                  gboolean         ruled,
                  double           x,
                  double           y)
{
  cairo_t *cr = pen->cr;
  double cx = x + PAD;
  double cw = MUSTER_CARD_WIDTH - 2 * PAD;
  double bottom = y + MUSTER_CARD_HEIGHT - PAD - 12;
  double cy;

  cy = draw_label (pen, label, x, y);
  cy += 22;
  cy += draw_title (pen, title, cx, cy, cw) + 6;
  muster_sheet_line (cr, cx + cw / 4, cy, cx + 3 * cw / 4, cy, 0.75);
  cy += 10;
  cy += muster_sheet_draw_lines (cr, pen->layout, pen->text_font, effect, cx, cy, cw, 8, PANGO_ALIGN_CENTER) + 8;

  if (ruled)
    muster_sheet_writing_lines (cr, cx, cw, cy + 14, bottom - 34, 14);

  if (footnote != NULL)
    {
      /* Measure first: the note sits on the foot of the card. */
      double h = muster_sheet_draw_lines (NULL, pen->layout, pen->small_font, footnote,
                                          cx, cy, cw, 4, PANGO_ALIGN_CENTER);

      set_grey (cr, 0.3);
      muster_sheet_draw_lines (cr, pen->layout, pen->small_font, footnote, cx, MAX (cy, bottom - h - 2),
                               cw, 4, PANGO_ALIGN_CENTER);
      cairo_set_source_rgb (cr, 0, 0, 0);
    }

  draw_footer (self, pen, x, y);
}

static char *
bonus_note (MusterDeckSheet *self)
{
  if (self->even_side != NULL && self->odd_side != NULL)
    /* TRANSLATORS: at the foot of a bonus card; %s are the two sides */
    return g_strdup_printf (_("When drawn, roll a die: even %s, odd %s. Play it at once or keep it to interrupt later in the turn."),
                            self->even_side, self->odd_side);
  return g_strdup (_("When drawn, roll a die: even Red, odd Blue. Play it at once or keep it to interrupt later in the turn."));
}

/* Free Action, Joker and Dummy: the campaign's sides at the foot. */
static void
draw_bonus_card (MusterDeckSheet *self,
                 Pen             *pen,
                 const char      *title,
                 const char      *effect,
                 double           x,
                 double           y)
{
  g_autofree char *note = bonus_note (self);

  /* TRANSLATORS: the label across the top of the deck's Free Action, Joker, Dummy and Special Effect cards */
  draw_action_card (self, pen, C_("deck", "Bonus card"), title, effect, note, FALSE, x, y);
}

static void
draw_card (MusterDeckSheet *self,
           Pen             *pen,
           const Card      *card,
           double           x,
           double           y)
{
  g_autofree char *note = NULL;

  muster_card_grid_draw_frame (pen->cr, x, y);

  switch (card->kind)
    {
    case CARD_CHARACTER:
      draw_character_card (self, pen, card->character, x, y);
      break;

    case CARD_PAUSE:
      draw_action_card (self, pen, C_("deck", "Pause"), C_("deck", "Pause"),
                        _("First Pause drawn: fight the combats left over from the last turn.\n\n"
                          "Second Pause drawn: discard unused bonus cards. A Character drawn after it activates one unit only; a Duffer none."),
                        NULL, FALSE, x, y);
      break;

    case CARD_FREE_ACTION:
      draw_bonus_card (self, pen, C_("deck", "Free Action"),
                       _("One free action by any unit: fire if it is loaded, or move once."), x, y);
      break;

    case CARD_JOKER:
      draw_bonus_card (self, pen, C_("deck", "Joker"),
                       _("One free re-roll of a single die or of a hand of dice, at any time this turn."), x, y);
      break;

    case CARD_DUMMY:
      draw_bonus_card (self, pen, C_("deck", "Dummy"), _("Nothing: it keeps your opponent guessing."), x, y);
      break;

    case CARD_SPECIAL:
      note = bonus_note (self);
      draw_action_card (self, pen, C_("deck", "Special Effect"), card->special,
                        _("As the scenario says:"),
                        note, TRUE, x, y);
      break;

    default:
      g_assert_not_reached ();
    }
}

static void
draw_card_cb (guint    index,
              double   x,
              double   y,
              gpointer data)
{
  Pen *pen = data;

  draw_card (pen->sheet, pen, &g_array_index (pen->sheet->cards, Card, index), x, y);
}

/* MusterSheet */

static guint
muster_deck_sheet_get_n_pages (MusterSheet          *sheet,
                               const MusterPageSize *size)
{
  MusterDeckSheet *self = MUSTER_DECK_SHEET (sheet);

  return muster_card_grid_get_n_pages (self->cards->len);
}

static void
muster_deck_sheet_draw_page (MusterSheet          *sheet,
                             cairo_t              *cr,
                             const MusterPageSize *size,
                             guint                 page)
{
  MusterDeckSheet *self = MUSTER_DECK_SHEET (sheet);
  g_autoptr(PangoLayout) layout = muster_sheet_create_layout (cr);
  g_autoptr(PangoFontDescription) label_font = muster_sheet_font (7.5, TRUE, FALSE);
  g_autoptr(PangoFontDescription) name_font = muster_sheet_font (13, TRUE, FALSE);
  g_autoptr(PangoFontDescription) big_font = muster_sheet_font (18, TRUE, FALSE);
  g_autoptr(PangoFontDescription) text_font = muster_sheet_font (8.5, FALSE, FALSE);
  g_autoptr(PangoFontDescription) small_font = muster_sheet_font (7.5, FALSE, TRUE);
  g_autoptr(PangoFontDescription) bold_font = muster_sheet_font (8.5, TRUE, FALSE);
  g_autoptr(PangoFontDescription) value_font = muster_sheet_font (12, TRUE, FALSE);
  g_autoptr(PangoFontDescription) tiny_font = muster_sheet_font (5.5, FALSE, FALSE);
  Pen pen = {
    .sheet = self,
    .cr = cr,
    .layout = layout,
    .label_font = label_font,
    .name_font = name_font,
    .big_font = big_font,
    .text_font = text_font,
    .small_font = small_font,
    .bold_font = bold_font,
    .value_font = value_font,
    .tiny_font = tiny_font,
  };

  muster_card_grid_draw_page (cr, size, page, self->cards->len, draw_card_cb, &pen);
}

/* GObject */

static void
muster_deck_sheet_finalize (GObject *object)
{
  MusterDeckSheet *self = MUSTER_DECK_SHEET (object);

  g_clear_pointer (&self->cards, g_array_unref);
  g_clear_pointer (&self->even_side, g_free);
  g_clear_pointer (&self->odd_side, g_free);

  G_OBJECT_CLASS (muster_deck_sheet_parent_class)->finalize (object);
}

static void
muster_deck_sheet_class_init (MusterDeckSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  MusterSheetClass *sheet_class = MUSTER_SHEET_CLASS (klass);

  object_class->finalize = muster_deck_sheet_finalize;

  sheet_class->get_n_pages = muster_deck_sheet_get_n_pages;
  sheet_class->draw_page = muster_deck_sheet_draw_page;
}

static void
muster_deck_sheet_init (MusterDeckSheet *self)
{
  self->cards = g_array_new (FALSE, TRUE, sizeof (Card));
  g_array_set_clear_func (self->cards, (GDestroyNotify) card_clear);
}

/* Public */

/**
 * muster_deck_sheet_ruleset_has_deck:
 *
 * Returns: whether games by @ruleset are played with a card deck: its
 *   reference tables include the deck ("deck").
 */
gboolean
muster_deck_sheet_ruleset_has_deck (MusterRuleset *ruleset)
{
  GPtrArray *tables;

  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), FALSE);

  tables = muster_ruleset_get_reference_tables (ruleset);
  for (guint i = 0; tables != NULL && i < tables->len; i++)
    {
      const MusterReferenceTable *table = g_ptr_array_index (tables, i);

      if (g_strcmp0 (table->id, "deck") == 0)
        return TRUE;
    }

  return FALSE;
}

/**
 * muster_deck_sheet_new:
 * @ruleset: the campaign's ruleset
 * @characters: (element-type MusterCharacter) (nullable): a Character
 *   card each, in this order
 * @specials: (nullable): a Special Effect card for each name
 * @error: MUSTER_SHEET_ERROR_UNSUPPORTED when the ruleset has no deck
 *
 * Returns: (transfer full) (nullable): a new sheet
 */
MusterSheet *
muster_deck_sheet_new (MusterRuleset      *ruleset,
                       GPtrArray          *characters,
                       const char * const *specials,
                       GError            **error)
{
  MusterDeckSheet *self;
  g_autoptr(GPtrArray) sides = g_ptr_array_new ();

  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!muster_deck_sheet_ruleset_has_deck (ruleset))
    {
      g_set_error (error, MUSTER_SHEET_ERROR, MUSTER_SHEET_ERROR_UNSUPPORTED,
                   _("%s is not played with a card deck, so there is no deck to print: "
                     "print the stat cards instead."),
                   muster_ruleset_get_title (ruleset));
      return NULL;
    }

  self = g_object_new (MUSTER_TYPE_DECK_SHEET, "ruleset", ruleset, NULL);

  for (guint i = 0; characters != NULL && i < characters->len; i++)
    {
      MusterCharacter *character = g_ptr_array_index (characters, i);
      const char *side = muster_character_get_side (character);

      append_card (self, CARD_CHARACTER, character, NULL);
      if (side != NULL && !g_ptr_array_find_with_equal_func (sides, side, g_str_equal, NULL))
        g_ptr_array_add (sides, (gpointer) side);
    }

  append_card (self, CARD_PAUSE, NULL, NULL);
  append_card (self, CARD_PAUSE, NULL, NULL);
  append_card (self, CARD_FREE_ACTION, NULL, NULL);
  append_card (self, CARD_JOKER, NULL, NULL);
  append_card (self, CARD_DUMMY, NULL, NULL);
  for (guint i = 0; specials != NULL && specials[i] != NULL; i++)
    append_card (self, CARD_SPECIAL, NULL, specials[i]);

  if (sides->len == 2)
    {
      self->even_side = g_strdup (g_ptr_array_index (sides, 0));
      self->odd_side = g_strdup (g_ptr_array_index (sides, 1));
    }

  return MUSTER_SHEET (self);
}

guint
muster_deck_sheet_get_n_cards (MusterDeckSheet *self)
{
  g_return_val_if_fail (MUSTER_IS_DECK_SHEET (self), 0);

  return self->cards->len;
}
