/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "muster-character.h"
#include "muster-sheet-private.h"
#include "muster-sheet-table.h"
#include "muster-sheet-text.h"
#include "muster-unit.h"
#include "muster-units-sheet.h"

typedef enum {
  COLUMN_NAME,
  COLUMN_FORCE,
  COLUMN_TYPE,
  COLUMN_RATING,
  COLUMN_SIZE,
  COLUMN_LOST,
  COLUMN_LEFT,
  COLUMN_STAT,
  COLUMN_STATUS,
} ColumnKind;

typedef struct
{
  ColumnKind      kind;
  const char     *stat;     /* for COLUMN_STAT */
} Column;

typedef enum {
  ROW_UNIT,
  ROW_CHARACTER,
  ROW_GROUP,                /* the heading of the characters with no unit */
} RowKind;

/* One row of the table where the plan puts it. */
typedef struct
{
  RowKind          kind;
  MusterUnit      *unit;        /* ROW_UNIT */
  MusterCharacter *character;   /* ROW_CHARACTER */
  guint            block;       /* unit number, for the shading */
  guint            page;
  double           y;
  double           height;
} Row;

struct _MusterUnitsSheet
{
  MusterSheet     parent_instance;

  GPtrArray      *units;        /* of MusterUnit */
  gboolean        show_force;
  gboolean        show_status;

  GArray         *columns;      /* of Column */
  MusterSheetTable *table;      /* measured once, fitted to each page */

  /* The layout for the last page size asked about. */
  MusterPageSize  plan_size;
  gboolean        fits;         /* at or above the smallest text */
  GArray         *rows;         /* of Row */
  double          header_height;
  double          foot_height;  /* the key under the table */
  guint           n_pages;
};

G_DEFINE_FINAL_TYPE (MusterUnitsSheet, muster_units_sheet, MUSTER_TYPE_SHEET)

#define TITLE_HEIGHT   26.0
#define CELL_SIZE       8.0
#define HEADER_SIZE     7.5
#define INDENT         14.0
#define MIN_NAME       70.0

/* Helpers */

static void
add_column (MusterUnitsSheet *self,
            ColumnKind        kind,
            const char       *title,
            const char       *stat,
            PangoAlignment    align)
{
  Column column = { kind, stat };
  MusterTableColumnFlags flags = 0;

  /* Names and kinds wrap between words; numbers and dice stay whole. */
  if (kind == COLUMN_NAME || kind == COLUMN_FORCE || kind == COLUMN_TYPE ||
      kind == COLUMN_RATING || kind == COLUMN_STATUS)
    flags |= MUSTER_TABLE_COLUMN_WORDS;
  if (kind == COLUMN_NAME)
    flags |= MUSTER_TABLE_COLUMN_BOLD | MUSTER_TABLE_COLUMN_FIRST;

  g_array_append_val (self->columns, column);
  muster_sheet_table_add_column (self->table, title, flags, align, kind == COLUMN_NAME ? MIN_NAME : 0.0);
}

static gboolean
is_listed (MusterCharacter *character)
{
  MusterStatus status = muster_character_get_status (character);

  return status != MUSTER_STATUS_DEAD && status != MUSTER_STATUS_RETIRED;
}

static gboolean
has_unit (MusterUnitsSheet *self,
          gint64            unit_id)
{
  for (guint i = 0; i < self->units->len; i++)
    if (muster_unit_get_id (g_ptr_array_index (self->units, i)) == unit_id)
      return TRUE;
  return FALSE;
}

static char *
unit_cell (MusterUnitsSheet *self,
           MusterUnit       *unit,
           const Column     *column)
{
  MusterRuleset *ruleset = muster_sheet_get_ruleset (MUSTER_SHEET (self));

  switch (column->kind)
    {
    case COLUMN_NAME:
      return g_strdup (muster_unit_get_name (unit));

    case COLUMN_FORCE:
      return g_strdup (muster_unit_get_force_name (unit));

    case COLUMN_TYPE:
      {
        const MusterUnitKindDef *kind = muster_ruleset_lookup_unit_kind (ruleset, muster_unit_get_kind (unit));

        return g_strdup (kind != NULL ? kind->name : muster_unit_get_kind (unit));
      }

    case COLUMN_RATING:
      {
        const char *id = muster_unit_get_rating (unit);
        const MusterRatingDef *rating = id != NULL ? muster_ruleset_lookup_rating (ruleset, id) : NULL;

        return g_strdup (rating != NULL ? rating->name : id);
      }

    case COLUMN_SIZE:
      return g_strdup_printf ("%d", muster_unit_get_size (unit));

    case COLUMN_LOST:
      return g_strdup_printf ("%d", muster_unit_get_lost (unit));

    case COLUMN_LEFT:
      return g_strdup_printf ("%d", muster_unit_get_present (unit));

    case COLUMN_STAT:
      {
        g_autofree char *value = muster_unit_dup_stat_text (unit, ruleset, column->stat);
        const MusterUnitStatDef *def = muster_ruleset_lookup_unit_stat (ruleset, column->stat);
        const char *name = muster_ruleset_get_unit_stat_name (ruleset, column->stat, muster_unit_get_kind (unit));

        /* A value the unit's kind names in its own way ("Limbered") has
         * the name on a line above it, under the column's heading. */
        if (value != NULL && def != NULL && name != NULL && g_strcmp0 (name, def->name) != 0)
          return g_strdup_printf ("%s\n%s", name, value);
        return g_steal_pointer (&value);
      }

    case COLUMN_STATUS:
      return g_strdup (muster_unit_status_label (muster_unit_get_status (unit)));

    default:
      g_assert_not_reached ();
    }
}

static char *
character_text (MusterUnitsSheet *self,
                MusterCharacter  *character)
{
  MusterRuleset *ruleset = muster_sheet_get_ruleset (MUSTER_SHEET (self));
  g_autofree char *stats = muster_sheet_character_stats (ruleset, character);
  const char *type = muster_sheet_troop_type_name (ruleset, character);
  GString *text = g_string_new ("↳ ");

  g_string_append (text, muster_character_get_name (character));
  if (self->show_force)
    g_string_append_printf (text, ", %s", muster_character_get_force_name (character));
  if (type != NULL)
    g_string_append_printf (text, " — %s", type);
  if (stats != NULL && *stats != '\0')
    g_string_append_printf (text, " · %s", stats);
  if (muster_character_get_status (character) != MUSTER_STATUS_ACTIVE)
    g_string_append_printf (text, " (%s)", muster_status_get_label (muster_character_get_status (character)));

  return g_string_free (text, FALSE);
}

/* A unit's cells, one for each column. */
static GStrv
unit_cells (MusterUnitsSheet *self,
            MusterUnit       *unit)
{
  GStrv cells = g_new0 (char *, self->columns->len + 1);

  for (guint c = 0; c < self->columns->len; c++)
    cells[c] = unit_cell (self, unit, &g_array_index (self->columns, Column, c));
  return cells;
}

/* The table measured with every unit's cells, once. */
static void
measure_units (MusterUnitsSheet *self)
{
  for (guint u = 0; u < self->units->len; u++)
    {
      g_auto(GStrv) cells = unit_cells (self, g_ptr_array_index (self->units, u));

      for (guint c = 0; c < self->columns->len; c++)
        muster_sheet_table_measure (self->table, c, cells[c]);
    }
}

/* The height of a unit's row (or of the header when @unit is NULL), or
 * draws it at (@x, @y) when @cr is set. */
static double
unit_row_height (MusterUnitsSheet *self,
                 cairo_t          *cr,
                 PangoLayout      *layout,
                 MusterUnit       *unit,
                 double            x,
                 double            y)
{
  g_auto(GStrv) cells = NULL;

  if (unit == NULL)
    return muster_sheet_table_draw_header (self->table, cr, layout, x, y, 0.75);

  cells = unit_cells (self, unit);
  return muster_sheet_table_draw_row (self->table, cr, layout, cells, x, y);
}

static double
character_row_height (MusterUnitsSheet *self,
                      cairo_t          *cr,
                      PangoLayout      *layout,
                      MusterCharacter  *character,
                      double            x,
                      double            y)
{
  double size = muster_sheet_table_get_size (self->table);
  double width = muster_sheet_table_get_width (self->table);
  g_autofree char *text = NULL;

  if (character == NULL)
    return MAX (muster_sheet_draw_lines (cr, layout, muster_sheet_table_get_font (self->table, MUSTER_TABLE_FONT_BOLD),
                                         _("Characters with no unit"),
                                         x + MUSTER_TABLE_PAD, y + MUSTER_TABLE_PAD + 4,
                                         width - 2 * MUSTER_TABLE_PAD, 0, PANGO_ALIGN_LEFT),
                size * 1.2) + 2 * MUSTER_TABLE_PAD + 4;

  text = character_text (self, character);
  return MAX (muster_sheet_draw_lines (cr, layout, muster_sheet_table_get_font (self->table, MUSTER_TABLE_FONT_ITALIC),
                                       text, x + INDENT, y + 1.5,
                                       width - INDENT - MUSTER_TABLE_PAD, 0, PANGO_ALIGN_LEFT),
              size) + 3.0;
}

static void
make_columns (MusterUnitsSheet *self)
{
  MusterRuleset *ruleset = muster_sheet_get_ruleset (MUSTER_SHEET (self));
  GPtrArray *stats = muster_ruleset_get_unit_stats (ruleset);
  GPtrArray *ratings = muster_ruleset_get_ratings (ruleset);

  self->columns = g_array_new (FALSE, TRUE, sizeof (Column));
  self->table = muster_sheet_table_new (CELL_SIZE, HEADER_SIZE);

  /* TRANSLATORS: a column heading on the unit roster */
  add_column (self, COLUMN_NAME, C_("units", "Unit"), NULL, PANGO_ALIGN_LEFT);
  if (self->show_force)
    add_column (self, COLUMN_FORCE, C_("units", "Force"), NULL, PANGO_ALIGN_LEFT);
  add_column (self, COLUMN_TYPE, C_("units", "Type"), NULL, PANGO_ALIGN_LEFT);
  if (ratings != NULL && ratings->len > 0)
    add_column (self, COLUMN_RATING, C_("units", "Rating"), NULL, PANGO_ALIGN_LEFT);
  /* TRANSLATORS: a column heading on the unit roster: figures the unit has */
  add_column (self, COLUMN_SIZE, C_("units", "Size"), NULL, PANGO_ALIGN_CENTER);
  /* TRANSLATORS: a column heading on the unit roster: figures lost for good */
  add_column (self, COLUMN_LOST, C_("units", "Lost"), NULL, PANGO_ALIGN_CENTER);
  /* TRANSLATORS: a column heading on the unit roster: figures remaining */
  add_column (self, COLUMN_LEFT, C_("units", "Left"), NULL, PANGO_ALIGN_CENTER);

  for (guint i = 0; stats != NULL && i < stats->len; i++)
    {
      const MusterUnitStatDef *stat = g_ptr_array_index (stats, i);

      add_column (self, COLUMN_STAT, stat->name, stat->key, PANGO_ALIGN_CENTER);
    }

  if (self->show_status)
    add_column (self, COLUMN_STATUS, C_("units", "Status"), NULL, PANGO_ALIGN_LEFT);

  measure_units (self);
}

static void
place_row (MusterUnitsSheet *self,
           Row              *row,
           guint             page,
           double           *y)
{
  row->page = page;
  row->y = *y;
  g_array_append_val (self->rows, *row);
  *y += row->height;
}

/* Lays the rows out on @size, unless they already are; returns the
 * number of pages. */
static guint
ensure_plan (MusterUnitsSheet     *self,
             const MusterPageSize *size)
{
  GPtrArray *characters = muster_sheet_get_characters (MUSTER_SHEET (self));
  g_autoptr(PangoLayout) layout = NULL;
  g_autoptr(GArray) pending = g_array_new (FALSE, TRUE, sizeof (Row));
  double width = size->width - size->margin_left - size->margin_right;
  double top, bottom, y;
  guint page = 0;
  guint block = 0;

  if (self->rows != NULL && memcmp (&self->plan_size, size, sizeof *size) == 0)
    return self->n_pages;

  g_clear_pointer (&self->rows, g_array_unref);
  self->rows = g_array_new (FALSE, TRUE, sizeof (Row));
  self->plan_size = *size;

  layout = muster_sheet_create_measure_layout ();
  self->fits = muster_sheet_table_fit (self->table, width);
  self->header_height = unit_row_height (self, NULL, layout, NULL, 0, 0);
  self->foot_height = muster_sheet_table_draw_foot (self->table, NULL, layout, 0, 0, width);

  top = size->margin_top + TITLE_HEIGHT + self->header_height;
  bottom = size->height - size->margin_bottom - MUSTER_SHEET_FOOTER_HEIGHT - 4.0;
  bottom -= self->foot_height;
  y = top;

  /* Blocks: each unit with its characters, then the characters with no
   * unit under a heading of their own. A block goes whole to the next
   * page when it does not fit what is left of this one. */
  for (guint u = 0; u <= self->units->len; u++)
    {
      MusterUnit *unit = u < self->units->len ? g_ptr_array_index (self->units, u) : NULL;
      double block_height = 0.0;

      g_array_set_size (pending, 0);

      if (unit != NULL)
        {
          Row row = { ROW_UNIT, unit, NULL, block, 0, 0, 0 };

          row.height = unit_row_height (self, NULL, layout, unit, 0, 0);
          g_array_append_val (pending, row);
        }

      for (guint i = 0; i < characters->len; i++)
        {
          MusterCharacter *character = g_ptr_array_index (characters, i);
          gint64 unit_id = muster_character_get_unit_id (character);
          Row row = { ROW_CHARACTER, NULL, character, block, 0, 0, 0 };

          if (!is_listed (character))
            continue;
          if (unit != NULL ? unit_id != muster_unit_get_id (unit)
                           : unit_id > 0 && has_unit (self, unit_id))
            continue;

          if (unit == NULL && pending->len == 0)
            {
              Row group = { ROW_GROUP, NULL, NULL, block, 0, 0, 0 };

              group.height = character_row_height (self, NULL, layout, NULL, 0, 0);
              g_array_append_val (pending, group);
            }
          row.height = character_row_height (self, NULL, layout, character, 0, 0);
          g_array_append_val (pending, row);
        }

      for (guint i = 0; i < pending->len; i++)
        block_height += g_array_index (pending, Row, i).height;
      if (y > top && y + block_height > bottom)
        {
          page++;
          y = top;
        }

      for (guint i = 0; i < pending->len; i++)
        {
          Row *row = &g_array_index (pending, Row, i);

          /* A block longer than a page breaks where it must. */
          if (y > top && y + row->height > bottom)
            {
              page++;
              y = top;
            }
          place_row (self, row, page, &y);
        }
      block++;
    }

  self->n_pages = page + 1;
  return self->n_pages;
}

/* MusterSheet */

static guint
muster_units_sheet_get_n_pages (MusterSheet          *sheet,
                                const MusterPageSize *size)
{
  return ensure_plan (MUSTER_UNITS_SHEET (sheet), size);
}

static gboolean
muster_units_sheet_fits_page (MusterSheet          *sheet,
                              const MusterPageSize *size)
{
  MusterUnitsSheet *self = MUSTER_UNITS_SHEET (sheet);

  ensure_plan (self, size);
  return self->fits;
}

static void
muster_units_sheet_draw_page (MusterSheet          *sheet,
                              cairo_t              *cr,
                              const MusterPageSize *size,
                              guint                 page)
{
  MusterUnitsSheet *self = MUSTER_UNITS_SHEET (sheet);
  g_autoptr(PangoLayout) layout = muster_sheet_create_layout (cr);
  g_autoptr(PangoFontDescription) title_font = muster_sheet_font (14, TRUE, FALSE);
  const char *title = muster_sheet_get_title (sheet);
  double x = size->margin_left;
  double y = size->margin_top;
  double width = size->width - size->margin_left - size->margin_right;
  double full;
  double last_y;

  ensure_plan (self, size);
  full = muster_sheet_table_get_width (self->table);

  cairo_set_source_rgb (cr, 0, 0, 0);
  muster_sheet_draw_line (cr, layout, title_font, title != NULL ? title : C_("units", "Units"),
                          x, y, width, TITLE_HEIGHT - 6, PANGO_ALIGN_LEFT);
  y += TITLE_HEIGHT;

  /* The header row, on every page. */
  last_y = y + unit_row_height (self, cr, layout, NULL, x, y);

  for (guint i = 0; i < self->rows->len; i++)
    {
      const Row *row = &g_array_index (self->rows, Row, i);

      if (row->page != page)
        continue;

      if (row->block % 2 == 1)
        muster_sheet_fill_box (cr, x, row->y, full, row->height, 0.94);

      switch (row->kind)
        {
        case ROW_UNIT:
          if (row->y > size->margin_top + TITLE_HEIGHT + self->header_height + 0.5)
            muster_sheet_line (cr, x, row->y, x + full, row->y, 0.4);
          unit_row_height (self, cr, layout, row->unit, x, row->y);
          break;

        case ROW_GROUP:
          muster_sheet_line (cr, x, row->y, x + full, row->y, 0.75);
          character_row_height (self, cr, layout, NULL, x, row->y);
          break;

        case ROW_CHARACTER:
          cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
          character_row_height (self, cr, layout, row->character, x, row->y);
          cairo_set_source_rgb (cr, 0, 0, 0);
          break;

        default:
          g_assert_not_reached ();
        }
      last_y = row->y + row->height;
    }

  /* What the shortened headings stand for, under the table. */
  muster_sheet_table_draw_foot (self->table, cr, layout, x, last_y, width);

  muster_sheet_draw_page_number (cr, layout, size, page, self->n_pages);
}

/* GObject */

static void
muster_units_sheet_finalize (GObject *object)
{
  MusterUnitsSheet *self = MUSTER_UNITS_SHEET (object);

  g_clear_pointer (&self->units, g_ptr_array_unref);
  g_clear_pointer (&self->columns, g_array_unref);
  g_clear_pointer (&self->table, muster_sheet_table_free);
  g_clear_pointer (&self->rows, g_array_unref);

  G_OBJECT_CLASS (muster_units_sheet_parent_class)->finalize (object);
}

static void
muster_units_sheet_class_init (MusterUnitsSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  MusterSheetClass *sheet_class = MUSTER_SHEET_CLASS (klass);

  object_class->finalize = muster_units_sheet_finalize;

  sheet_class->get_n_pages = muster_units_sheet_get_n_pages;
  sheet_class->draw_page = muster_units_sheet_draw_page;
  sheet_class->fits_page = muster_units_sheet_fits_page;
}

static void
muster_units_sheet_init (MusterUnitsSheet *self)
{
  self->units = g_ptr_array_new_with_free_func (g_object_unref);
}

/* Force by force, by id within each. */
static int
compare_force_then_id (gint64 force_a,
                       gint64 force_b,
                       gint64 id_a,
                       gint64 id_b)
{
  return force_a != force_b ? (force_a < force_b ? -1 : 1) : (id_a < id_b ? -1 : id_a > id_b);
}

static int
compare_units (gconstpointer a,
               gconstpointer b)
{
  MusterUnit *ua = *(MusterUnit **) a;
  MusterUnit *ub = *(MusterUnit **) b;

  return compare_force_then_id (muster_unit_get_force_id (ua), muster_unit_get_force_id (ub),
                                muster_unit_get_id (ua), muster_unit_get_id (ub));
}

static int
compare_characters (gconstpointer a,
                    gconstpointer b)
{
  MusterCharacter *ca = *(MusterCharacter **) a;
  MusterCharacter *cb = *(MusterCharacter **) b;

  return compare_force_then_id (muster_character_get_force_id (ca), muster_character_get_force_id (cb),
                                muster_character_get_id (ca), muster_character_get_id (cb));
}

/* Public */

/**
 * muster_units_sheet_new:
 * @ruleset: the campaign's ruleset: its unit kinds, ratings and unit stats
 * @units: (element-type MusterUnit) (nullable): the rows, listed force by
 *   force
 * @characters: (element-type MusterCharacter) (nullable): the characters
 *   to list under their units, or last when they have none
 * @title: (nullable): the heading, e.g. the campaign's or force's name
 *
 * Returns: (transfer full): a new sheet
 */
MusterSheet *
muster_units_sheet_new (MusterRuleset *ruleset,
                        GPtrArray     *units,
                        GPtrArray     *characters,
                        const char    *title)
{
  MusterUnitsSheet *self;

  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), NULL);

  self = g_object_new (MUSTER_TYPE_UNITS_SHEET, "title", title, "ruleset", ruleset, NULL);
  muster_sheet_add_characters (MUSTER_SHEET (self), characters);

  for (guint i = 0; units != NULL && i < units->len; i++)
    {
      MusterUnit *unit = g_ptr_array_index (units, i);

      g_ptr_array_add (self->units, g_object_ref (unit));
      if (muster_unit_get_force_id (unit) != muster_unit_get_force_id (g_ptr_array_index (units, 0)))
        self->show_force = TRUE;
      if (g_strcmp0 (muster_unit_get_status (unit), MUSTER_UNIT_STATUS_ACTIVE) != 0)
        self->show_status = TRUE;
    }

  for (guint i = 0; characters != NULL && i < characters->len; i++)
    if (muster_character_get_force_id (g_ptr_array_index (characters, i)) !=
        muster_character_get_force_id (g_ptr_array_index (characters, 0)))
      self->show_force = TRUE;

  /* Each player's force together. */
  g_ptr_array_sort (self->units, compare_units);
  g_ptr_array_sort (muster_sheet_get_characters (MUSTER_SHEET (self)), compare_characters);
  make_columns (self);

  return MUSTER_SHEET (self);
}
