/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "muster-character-stats.h"
#include "muster-character.h"
#include "muster-roster-sheet.h"
#include "muster-sheet-private.h"
#include "muster-sheet-table.h"
#include "muster-sheet-text.h"

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
  ColumnKind  kind;
  const char *stat;     /* for COLUMN_STAT */
} Column;

struct _MusterRosterSheet
{
  MusterSheet       parent_instance;

  gboolean          show_force;
  char             *key;          /* to values in brackets, or NULL */
  GArray           *columns;      /* of Column */
  MusterSheetTable *table;        /* measured once, fitted to each page */

  /* The layout for the last page size asked about. */
  MusterPageSize    plan_size;
  gboolean          fits;
  GArray           *rows;         /* of MusterSheetRow, one for each character */
  double            header_height;
  double            foot_height;  /* the key under the table */
  guint             n_pages;
};

G_DEFINE_FINAL_TYPE (MusterRosterSheet, muster_roster_sheet, MUSTER_TYPE_SHEET)

#define TITLE_HEIGHT   26.0
#define KEY_HEIGHT     14.0
#define CELL_SIZE       8.0
#define MIN_NAME       70.0

/* Helpers */

static void
add_column (MusterRosterSheet *self,
            ColumnKind         kind,
            const char        *title,
            const char        *stat,
            PangoAlignment     align)
{
  Column column = { kind, stat };
  MusterTableColumnFlags flags = 0;

  /* Names, and values with the traits that change them ("0 (Coward
   * −1)"), wrap between words; the counts stay whole. */
  if (kind != COLUMN_KILLS && kind != COLUMN_GAMES)
    flags |= MUSTER_TABLE_COLUMN_WORDS;
  if (kind == COLUMN_NAME)
    flags |= MUSTER_TABLE_COLUMN_FIRST;

  g_array_append_val (self->columns, column);
  muster_sheet_table_add_column (self->table, title, flags, align, kind == COLUMN_NAME ? MIN_NAME : 0.0);
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

/* A character's cells, one for each column. */
static GStrv
character_cells (MusterRosterSheet *self,
                 MusterCharacter   *character)
{
  GStrv cells = g_new0 (char *, self->columns->len + 1);

  for (guint c = 0; c < self->columns->len; c++)
    cells[c] = cell_text (self, character, &g_array_index (self->columns, Column, c));
  return cells;
}

static char **
row_cells (guint    index,
           gpointer user_data)
{
  MusterRosterSheet *self = user_data;

  return character_cells (self, g_ptr_array_index (muster_sheet_get_characters (MUSTER_SHEET (self)), index));
}

/* The columns, and the table measured with every character's cells. */
static void
make_columns (MusterRosterSheet *self)
{
  MusterRuleset *ruleset = muster_sheet_get_ruleset (MUSTER_SHEET (self));
  GPtrArray *characters = muster_sheet_get_characters (MUSTER_SHEET (self));

  self->columns = g_array_new (FALSE, TRUE, sizeof (Column));
  self->table = muster_sheet_table_new (CELL_SIZE, CELL_SIZE);

  add_column (self, COLUMN_NAME, _("Name"), NULL, PANGO_ALIGN_LEFT);
  if (self->show_force)
    add_column (self, COLUMN_FORCE, _("Force"), NULL, PANGO_ALIGN_LEFT);
  add_column (self, COLUMN_TYPE, _("Type"), NULL, PANGO_ALIGN_LEFT);
  /* Rulesets kept by unit arm no one. */
  if (muster_ruleset_get_n_weapons (ruleset) > 0)
    add_column (self, COLUMN_WEAPON, _("Weapon"), NULL, PANGO_ALIGN_LEFT);

  /* A stat keyed by a letter or two (I D S C F) is headed by its key;
   * one keyed by an id ("class") by its name. */
  for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
    {
      const MusterStatDef *def = muster_ruleset_get_stat (ruleset, i);

      add_column (self, COLUMN_STAT, g_utf8_strlen (def->key, -1) <= 2 ? def->key : def->name,
                  def->key, PANGO_ALIGN_CENTER);
    }

  add_column (self, COLUMN_STATUS, _("Status"), NULL, PANGO_ALIGN_LEFT);
  add_column (self, COLUMN_KILLS, _("Kills"), NULL, PANGO_ALIGN_RIGHT);
  add_column (self, COLUMN_GAMES, _("Games"), NULL, PANGO_ALIGN_RIGHT);

  for (guint i = 0; i < characters->len; i++)
    {
      g_auto(GStrv) cells = character_cells (self, g_ptr_array_index (characters, i));

      for (guint c = 0; c < self->columns->len; c++)
        muster_sheet_table_measure (self->table, c, cells[c]);
    }
}

/* Lays the rows out on @size, unless they already are; returns the
 * number of pages. */
static guint
ensure_plan (MusterRosterSheet    *self,
             const MusterPageSize *size)
{
  GPtrArray *characters = muster_sheet_get_characters (MUSTER_SHEET (self));
  g_autoptr(PangoLayout) layout = NULL;
  double width = size->width - size->margin_left - size->margin_right;
  double top, bottom, y;
  guint page = 0;

  if (self->rows != NULL && memcmp (&self->plan_size, size, sizeof *size) == 0)
    return self->n_pages;

  g_clear_pointer (&self->rows, g_array_unref);
  self->rows = g_array_sized_new (FALSE, TRUE, sizeof (MusterSheetRow), characters->len);
  self->plan_size = *size;

  layout = muster_sheet_create_measure_layout ();
  self->fits = muster_sheet_table_fit (self->table, width);
  self->header_height = muster_sheet_table_draw_header (self->table, NULL, layout, 0, 0, 0);
  self->foot_height = muster_sheet_table_draw_foot (self->table, NULL, layout, 0, 0, width);

  top = size->margin_top + TITLE_HEIGHT + self->header_height;
  bottom = size->height - size->margin_bottom - MUSTER_SHEET_FOOTER_HEIGHT - 4.0;
  bottom -= self->foot_height;
  if (self->key != NULL)
    bottom -= KEY_HEIGHT;
  y = top;

  for (guint i = 0; i < characters->len; i++)
    {
      g_auto(GStrv) cells = character_cells (self, g_ptr_array_index (characters, i));

      muster_sheet_rows_place (self->rows, muster_sheet_table_draw_row (self->table, NULL, layout, cells, 0, 0),
                               top, bottom, &page, &y);
    }

  self->n_pages = page + 1;
  return self->n_pages;
}

/* MusterSheet */

static guint
muster_roster_sheet_get_n_pages (MusterSheet          *sheet,
                                 const MusterPageSize *size)
{
  return ensure_plan (MUSTER_ROSTER_SHEET (sheet), size);
}

static gboolean
muster_roster_sheet_fits_page (MusterSheet          *sheet,
                               const MusterPageSize *size)
{
  MusterRosterSheet *self = MUSTER_ROSTER_SHEET (sheet);

  ensure_plan (self, size);
  return self->fits;
}

static void
muster_roster_sheet_draw_page (MusterSheet          *sheet,
                               cairo_t              *cr,
                               const MusterPageSize *size,
                               guint                 page)
{
  MusterRosterSheet *self = MUSTER_ROSTER_SHEET (sheet);
  g_autoptr(PangoLayout) layout = muster_sheet_create_layout (cr);
  g_autoptr(PangoFontDescription) title_font = muster_sheet_font (14, TRUE, FALSE);
  const char *title = muster_sheet_get_title (sheet);
  double x = size->margin_left;
  double y = size->margin_top;
  double width = size->width - size->margin_left - size->margin_right;

  ensure_plan (self, size);

  cairo_set_source_rgb (cr, 0, 0, 0);
  muster_sheet_draw_line (cr, layout, title_font, title != NULL ? title : _("Roster"),
                          x, y, width, TITLE_HEIGHT - 6, PANGO_ALIGN_LEFT);
  y += TITLE_HEIGHT;

  /* The header row, on every page. */
  y += muster_sheet_table_draw_header (self->table, cr, layout, x, y, 0);

  y = muster_sheet_table_draw_rows (self->table, cr, layout, self->rows, page, x, y, row_cells, self);

  /* What the shortened headings stand for, under the table, then what
   * the values in brackets are. */
  y += muster_sheet_table_draw_foot (self->table, cr, layout, x, y, width);
  if (self->key != NULL)
    {
      g_autoptr(PangoFontDescription) key_font = muster_sheet_font (7.5, FALSE, TRUE);

      muster_sheet_draw_line (cr, layout, key_font, self->key, x, y + 2, width, KEY_HEIGHT, PANGO_ALIGN_LEFT);
    }

  muster_sheet_draw_page_number (cr, layout, size, page, self->n_pages);
}

/* GObject */

static void
muster_roster_sheet_finalize (GObject *object)
{
  MusterRosterSheet *self = MUSTER_ROSTER_SHEET (object);

  g_clear_pointer (&self->key, g_free);
  g_clear_pointer (&self->columns, g_array_unref);
  g_clear_pointer (&self->table, muster_sheet_table_free);
  g_clear_pointer (&self->rows, g_array_unref);

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
  sheet_class->fits_page = muster_roster_sheet_fits_page;
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
  make_columns (self);

  return MUSTER_SHEET (self);
}
