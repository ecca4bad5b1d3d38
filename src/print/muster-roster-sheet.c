/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-character.h"
#include "muster-character-stats.h"
#include "muster-roster-sheet.h"
#include "muster-sheet-private.h"
#include "muster-sheet-text.h"

struct _MusterRosterSheet
{
  MusterSheet parent_instance;

  gboolean    show_force;
  char       *key;        /* to values in brackets, or NULL */
};

G_DEFINE_FINAL_TYPE (MusterRosterSheet, muster_roster_sheet, MUSTER_TYPE_SHEET)

#define TITLE_HEIGHT   26.0
#define HEADER_HEIGHT  16.0
#define ROW_HEIGHT     15.0
#define CELL_PAD        3.0
#define STAT_WIDTH     20.0
#define NUMBER_WIDTH   40.0
#define STATUS_WIDTH   66.0
#define MAX_STAT_WIDTH 160.0
#define KEY_HEIGHT     14.0

typedef enum {
  COLUMN_NAME,
  COLUMN_FORCE,
  COLUMN_TYPE,
  COLUMN_WEAPON,
  COLUMN_STAT,
  COLUMN_STATUS,
  COLUMN_KILLS,
  COLUMN_GAMES,
} ColumnKind;

typedef struct
{
  ColumnKind      kind;
  const char     *title;
  const char     *stat;     /* for COLUMN_STAT */
  double          width;
  PangoAlignment  align;
} Column;

/* Helpers */

static guint
rows_per_page (MusterRosterSheet    *self,
               const MusterPageSize *size)
{
  double height = size->height - size->margin_top - size->margin_bottom;
  double room = height - TITLE_HEIGHT - HEADER_HEIGHT - MUSTER_SHEET_FOOTER_HEIGHT - 4.0;

  if (self->key != NULL)
    room -= KEY_HEIGHT;
  return MAX (1, (guint) (room / ROW_HEIGHT));
}

/* The widest "11 (9)" of the characters' @stat, or 0 when no weapon
 * holds one of them lower. */
static double
capped_width (MusterRosterSheet   *self,
              const MusterStatDef *def)
{
  MusterRuleset *ruleset = muster_sheet_get_ruleset (MUSTER_SHEET (self));
  GPtrArray *characters = muster_sheet_get_characters (MUSTER_SHEET (self));
  g_autoptr(PangoLayout) layout = NULL;
  g_autoptr(PangoFontDescription) font = NULL;
  double widest = 0.0;

  if (self->key == NULL)
    return 0.0;
  layout = muster_sheet_create_measure_layout ();
  font = muster_sheet_font (8, FALSE, FALSE);
  for (guint i = 0; i < characters->len; i++)
    {
      MusterCharacter *character = g_ptr_array_index (characters, i);
      g_autofree char *text = NULL;

      if (!muster_character_stat_is_capped (character, ruleset, def->key))
        continue;
      text = muster_character_format_stat (character, ruleset, def->key);
      widest = MAX (widest, muster_sheet_text_width (layout, font, text) + 2 * CELL_PAD + 1.0);
    }
  return widest;
}

/* A stat keyed by a letter or two (I D S C F) is headed by its key; one
 * keyed by an id ("class") by its name, in a column wide enough for it,
 * and for "11 (9)". */
static double
stat_width (MusterRosterSheet    *self,
            const MusterStatDef  *def,
            const char          **title)
{
  g_autoptr(PangoLayout) layout = NULL;
  g_autoptr(PangoFontDescription) font = NULL;
  double capped = capped_width (self, def);

  if (g_utf8_strlen (def->key, -1) <= 2)
    {
      *title = def->key;
      return MAX (STAT_WIDTH, capped);
    }

  layout = muster_sheet_create_measure_layout ();
  font = muster_sheet_font (8, TRUE, FALSE);
  *title = def->name;
  return CLAMP (MAX (muster_sheet_text_width (layout, font, def->name) + 2 * CELL_PAD + 1.0, capped),
                STAT_WIDTH, MAX_STAT_WIDTH);
}

static GArray *
make_columns (MusterRosterSheet *self,
              double             width)
{
  MusterRuleset *ruleset = muster_sheet_get_ruleset (MUSTER_SHEET (self));
  GArray *columns = g_array_new (FALSE, TRUE, sizeof (Column));
  guint n_stats = muster_ruleset_get_n_stats (ruleset);
  /* Rulesets kept by unit arm no one. */
  gboolean weapons = muster_ruleset_get_n_weapons (ruleset) > 0;
  double stats_width = 0.0;
  double fixed, flexible, share;
  Column column;

  for (guint i = 0; i < n_stats; i++)
    {
      const char *title;

      stats_width += stat_width (self, muster_ruleset_get_stat (ruleset, i), &title);
    }
  fixed = stats_width + STATUS_WIDTH + 2 * NUMBER_WIDTH;
  flexible = MAX (width - fixed, 120.0);
  share = weapons ? 0.0 : (self->show_force ? 0.24 : 0.30) / (self->show_force ? 3 : 2);

  column = (Column) { COLUMN_NAME, _("Name"), NULL, flexible * ((self->show_force ? 0.30 : 0.40) + share), PANGO_ALIGN_LEFT };
  g_array_append_val (columns, column);
  if (self->show_force)
    {
      column = (Column) { COLUMN_FORCE, _("Force"), NULL, flexible * (0.22 + share), PANGO_ALIGN_LEFT };
      g_array_append_val (columns, column);
    }
  column = (Column) { COLUMN_TYPE, _("Type"), NULL, flexible * ((self->show_force ? 0.24 : 0.30) + share), PANGO_ALIGN_LEFT };
  g_array_append_val (columns, column);
  if (weapons)
    {
      column = (Column) { COLUMN_WEAPON, _("Weapon"), NULL, flexible * (self->show_force ? 0.24 : 0.30), PANGO_ALIGN_LEFT };
      g_array_append_val (columns, column);
    }

  for (guint i = 0; i < n_stats; i++)
    {
      const MusterStatDef *def = muster_ruleset_get_stat (ruleset, i);
      const char *title;
      double w = stat_width (self, def, &title);

      column = (Column) { COLUMN_STAT, title, def->key, w, PANGO_ALIGN_CENTER };
      g_array_append_val (columns, column);
    }

  column = (Column) { COLUMN_STATUS, _("Status"), NULL, STATUS_WIDTH, PANGO_ALIGN_LEFT };
  g_array_append_val (columns, column);
  column = (Column) { COLUMN_KILLS, _("Kills"), NULL, NUMBER_WIDTH, PANGO_ALIGN_RIGHT };
  g_array_append_val (columns, column);
  column = (Column) { COLUMN_GAMES, _("Games"), NULL, NUMBER_WIDTH, PANGO_ALIGN_RIGHT };
  g_array_append_val (columns, column);

  return columns;
}

static char *
cell_text (MusterRosterSheet *self,
           MusterCharacter   *character,
           const Column      *column)
{
  MusterRuleset *ruleset = muster_sheet_get_ruleset (MUSTER_SHEET (self));

  switch (column->kind)
    {
    case COLUMN_NAME:
      return g_strdup (muster_character_get_name (character));

    case COLUMN_FORCE:
      return g_strdup (muster_character_get_force_name (character));

    case COLUMN_TYPE:
      return g_strdup (muster_sheet_troop_type_name (ruleset, character));

    case COLUMN_WEAPON:
      return g_strdup (muster_sheet_weapon_name (ruleset, character));

    case COLUMN_STAT:
      return muster_sheet_stat_value_text (ruleset, character, muster_ruleset_lookup_stat (ruleset, column->stat));

    case COLUMN_STATUS:
      if (muster_character_get_status (character) == MUSTER_STATUS_OUT_OF_ACTION &&
          muster_character_get_out_games (character) > 0)
        /* TRANSLATORS: a status with the games still to miss, e.g. "Out of action (2)" */
        return g_strdup_printf (_("%s (%d)"),
                                muster_status_get_label (muster_character_get_status (character)),
                                muster_character_get_out_games (character));
      return g_strdup (muster_status_get_label (muster_character_get_status (character)));

    case COLUMN_KILLS:
      return g_strdup_printf ("%d", muster_character_get_kills (character));

    case COLUMN_GAMES:
      return g_strdup_printf ("%d", muster_character_get_games (character));

    default:
      g_assert_not_reached ();
    }
}

/* MusterSheet */

static guint
muster_roster_sheet_get_n_pages (MusterSheet          *sheet,
                                 const MusterPageSize *size)
{
  guint per_page = rows_per_page (MUSTER_ROSTER_SHEET (sheet), size);

  return MAX (1, (muster_sheet_get_characters (sheet)->len + per_page - 1) / per_page);
}

static void
muster_roster_sheet_draw_page (MusterSheet          *sheet,
                               cairo_t              *cr,
                               const MusterPageSize *size,
                               guint                 page)
{
  MusterRosterSheet *self = MUSTER_ROSTER_SHEET (sheet);
  GPtrArray *characters = muster_sheet_get_characters (sheet);
  g_autoptr(PangoLayout) layout = muster_sheet_create_layout (cr);
  g_autoptr(PangoFontDescription) title_font = muster_sheet_font (14, TRUE, FALSE);
  g_autoptr(PangoFontDescription) header_font = muster_sheet_font (8, TRUE, FALSE);
  g_autoptr(PangoFontDescription) cell_font = muster_sheet_font (8, FALSE, FALSE);
  g_autoptr(GArray) columns = NULL;
  const char *title = muster_sheet_get_title (sheet);
  double x = size->margin_left;
  double y = size->margin_top;
  double width = size->width - size->margin_left - size->margin_right;
  double table_width = 0.0;
  guint per_page = rows_per_page (self, size);
  guint first = page * per_page;
  guint last = MIN (first + per_page, characters->len);
  double cx;

  columns = make_columns (self, width);
  for (guint c = 0; c < columns->len; c++)
    table_width += g_array_index (columns, Column, c).width;

  cairo_set_source_rgb (cr, 0, 0, 0);
  muster_sheet_draw_line (cr, layout, title_font, title != NULL ? title : _("Roster"),
                          x, y, width, TITLE_HEIGHT - 6, PANGO_ALIGN_LEFT);
  y += TITLE_HEIGHT;

  /* The header row, on every page. */
  muster_sheet_draw_header_band (cr, x, y, table_width, HEADER_HEIGHT);
  cx = x;
  for (guint c = 0; c < columns->len; c++)
    {
      const Column *column = &g_array_index (columns, Column, c);

      muster_sheet_draw_line (cr, layout, header_font, column->title,
                              cx + CELL_PAD, y, column->width - 2 * CELL_PAD, HEADER_HEIGHT, column->align);
      cx += column->width;
    }
  muster_sheet_draw_header_rules (cr, x, y, table_width, HEADER_HEIGHT, 0, 0.75);
  y += HEADER_HEIGHT;

  for (guint i = first; i < last; i++)
    {
      MusterCharacter *character = g_ptr_array_index (characters, i);

      if ((i - first) % 2 == 1)
        muster_sheet_fill_box (cr, x, y, table_width, ROW_HEIGHT, 0.94);

      cx = x;
      for (guint c = 0; c < columns->len; c++)
        {
          const Column *column = &g_array_index (columns, Column, c);
          g_autofree char *text = cell_text (self, character, column);

          muster_sheet_draw_line (cr, layout, cell_font, text,
                                  cx + CELL_PAD, y, column->width - 2 * CELL_PAD, ROW_HEIGHT, column->align);
          cx += column->width;
        }
      y += ROW_HEIGHT;
    }
  muster_sheet_line (cr, x, y, x + table_width, y, 0.75);

  if (self->key != NULL)
    {
      g_autoptr(PangoFontDescription) key_font = muster_sheet_font (7.5, FALSE, TRUE);

      muster_sheet_draw_line (cr, layout, key_font, self->key, x, y + 2, width, KEY_HEIGHT, PANGO_ALIGN_LEFT);
    }

  muster_sheet_draw_page_number (cr, layout, size, page, muster_sheet_get_n_pages (sheet, size));
}

/* GObject */

static void
muster_roster_sheet_finalize (GObject *object)
{
  MusterRosterSheet *self = MUSTER_ROSTER_SHEET (object);

  g_clear_pointer (&self->key, g_free);

  G_OBJECT_CLASS (muster_roster_sheet_parent_class)->finalize (object);
}

static void
muster_roster_sheet_class_init (MusterRosterSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  MusterSheetClass *sheet_class = MUSTER_SHEET_CLASS (klass);

  object_class->finalize = muster_roster_sheet_finalize;

  sheet_class->get_n_pages = muster_roster_sheet_get_n_pages;
  sheet_class->draw_page = muster_roster_sheet_draw_page;
}

static void
muster_roster_sheet_init (MusterRosterSheet *self)
{
}

/* Public */

/**
 * muster_roster_sheet_new:
 * @ruleset: the campaign's ruleset: its stats, troop types and weapons
 * @characters: (element-type MusterCharacter) (nullable): the rows
 * @title: (nullable): the heading, e.g. the force's name
 *
 * Returns: (transfer full): a new sheet
 */
MusterSheet *
muster_roster_sheet_new (MusterRuleset *ruleset,
                         GPtrArray     *characters,
                         const char    *title)
{
  MusterRosterSheet *self;

  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), NULL);

  self = g_object_new (MUSTER_TYPE_ROSTER_SHEET, "title", title, "ruleset", ruleset, NULL);
  muster_sheet_add_characters (MUSTER_SHEET (self), characters);
  self->key = muster_characters_describe_caps (characters, ruleset);

  for (guint i = 0; characters != NULL && i < characters->len; i++)
    if (muster_character_get_force_id (g_ptr_array_index (characters, i)) !=
        muster_character_get_force_id (g_ptr_array_index (characters, 0)))
      self->show_force = TRUE;

  return MUSTER_SHEET (self);
}
