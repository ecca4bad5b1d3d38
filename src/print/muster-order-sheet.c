/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "muster-order-sheet.h"
#include "muster-sheet-private.h"
#include "muster-sheet-table.h"

struct _MusterOrderSheet
{
  MusterSheet       parent_instance;

  GPtrArray        *cells;        /* of GStrv, one for each row */
  char             *note;
  MusterSheetTable *table;

  MusterPageSize    plan_size;
  gboolean          fits;
  GArray           *rows;         /* of MusterSheetRow */
  double            top;
  guint             n_pages;
};

G_DEFINE_FINAL_TYPE (MusterOrderSheet, muster_order_sheet, MUSTER_TYPE_SHEET)

#define TITLE_HEIGHT 26.0
#define NOTE_SIZE     8.5
#define CELL_SIZE     9.0

static guint
ensure_plan (MusterOrderSheet     *self,
             const MusterPageSize *size)
{
  g_autoptr(PangoLayout) layout = NULL;
  g_autoptr(PangoFontDescription) note_font = muster_sheet_font (NOTE_SIZE, FALSE, TRUE);
  double width = size->width - size->margin_left - size->margin_right;
  double top, bottom, y;
  guint page = 0;

  if (self->rows != NULL && memcmp (&self->plan_size, size, sizeof *size) == 0)
    return self->n_pages;
  g_clear_pointer (&self->rows, g_array_unref);
  self->rows = g_array_new (FALSE, TRUE, sizeof (MusterSheetRow));
  self->plan_size = *size;

  layout = muster_sheet_create_measure_layout ();
  self->fits = muster_sheet_table_fit (self->table, width);
  self->top = size->margin_top + TITLE_HEIGHT;
  if (self->note != NULL)
    self->top += muster_sheet_draw_lines (NULL, layout, note_font, self->note, 0, 0, width, 0, PANGO_ALIGN_LEFT) + 8;
  bottom = size->height - size->margin_bottom - MUSTER_SHEET_FOOTER_HEIGHT - 4.0;
  bottom -= muster_sheet_table_draw_foot (self->table, NULL, layout, 0, 0, width);
  y = self->top + muster_sheet_table_draw_header (self->table, NULL, layout, 0, 0, 0);

  top = size->margin_top + TITLE_HEIGHT + muster_sheet_table_draw_header (self->table, NULL, layout, 0, 0, 0);
  for (guint i = 0; i < self->cells->len; i++)
    muster_sheet_rows_place (self->rows,
                             muster_sheet_table_draw_row (self->table, NULL, layout,
                                                          g_ptr_array_index (self->cells, i), 0, 0),
                             top, bottom, &page, &y);
  self->n_pages = page + 1;
  return self->n_pages;
}

static guint
muster_order_sheet_get_n_pages (MusterSheet          *sheet,
                                const MusterPageSize *size)
{
  return ensure_plan (MUSTER_ORDER_SHEET (sheet), size);
}

static gboolean
muster_order_sheet_fits_page (MusterSheet          *sheet,
                              const MusterPageSize *size)
{
  MusterOrderSheet *self = MUSTER_ORDER_SHEET (sheet);

  ensure_plan (self, size);
  return self->fits;
}

static char **
row_cells (guint    index,
           gpointer user_data)
{
  MusterOrderSheet *self = user_data;

  return g_strdupv (g_ptr_array_index (self->cells, index));
}

static void
muster_order_sheet_draw_page (MusterSheet          *sheet,
                              cairo_t              *cr,
                              const MusterPageSize *size,
                              guint                 page)
{
  MusterOrderSheet *self = MUSTER_ORDER_SHEET (sheet);
  g_autoptr(PangoLayout) layout = muster_sheet_create_layout (cr);
  g_autoptr(PangoFontDescription) title_font = muster_sheet_font (14, TRUE, FALSE);
  g_autoptr(PangoFontDescription) note_font = muster_sheet_font (NOTE_SIZE, FALSE, TRUE);
  const char *title = muster_sheet_get_title (sheet);
  double x = size->margin_left;
  double y = size->margin_top;
  double width = size->width - size->margin_left - size->margin_right;

  ensure_plan (self, size);

  cairo_set_source_rgb (cr, 0, 0, 0);
  muster_sheet_draw_line (cr, layout, title_font, title != NULL ? title : _("Order of Play"),
                          x, y, width, TITLE_HEIGHT - 6, PANGO_ALIGN_LEFT);
  y += TITLE_HEIGHT;
  if (page == 0 && self->note != NULL)
    muster_sheet_draw_lines (cr, layout, note_font, self->note, x, y, width, 0, PANGO_ALIGN_LEFT);
  y = page == 0 ? self->top : size->margin_top + TITLE_HEIGHT;
  y += muster_sheet_table_draw_header (self->table, cr, layout, x, y, 0);

  y = muster_sheet_table_draw_rows (self->table, cr, layout, self->rows, page, x, y, row_cells, self);
  muster_sheet_table_draw_foot (self->table, cr, layout, x, y, width);
  muster_sheet_draw_page_number (cr, layout, size, page, self->n_pages);
}

static void
muster_order_sheet_finalize (GObject *object)
{
  MusterOrderSheet *self = MUSTER_ORDER_SHEET (object);

  g_clear_pointer (&self->cells, g_ptr_array_unref);
  g_clear_pointer (&self->note, g_free);
  g_clear_pointer (&self->table, muster_sheet_table_free);
  g_clear_pointer (&self->rows, g_array_unref);

  G_OBJECT_CLASS (muster_order_sheet_parent_class)->finalize (object);
}

static void
muster_order_sheet_class_init (MusterOrderSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  MusterSheetClass *sheet_class = MUSTER_SHEET_CLASS (klass);

  object_class->finalize = muster_order_sheet_finalize;
  sheet_class->get_n_pages = muster_order_sheet_get_n_pages;
  sheet_class->draw_page = muster_order_sheet_draw_page;
  sheet_class->fits_page = muster_order_sheet_fits_page;
}

static void
muster_order_sheet_init (MusterOrderSheet *self)
{
  self->cells = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
}

/**
 * muster_order_sheet_new:
 * @ruleset: the campaign's ruleset
 * @headings: the columns, NULL-terminated
 * @rows: (element-type GStrv): the cells of each row
 * @note: (nullable): said under the heading
 *
 * Returns: (transfer full): a new sheet
 */
MusterSheet *
muster_order_sheet_new (MusterRuleset      *ruleset,
                        const char * const *headings,
                        GPtrArray          *rows,
                        const char         *note)
{
  MusterOrderSheet *self;
  guint n_columns;

  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), NULL);
  g_return_val_if_fail (headings != NULL && headings[0] != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_ORDER_SHEET, "ruleset", ruleset, NULL);
  self->note = g_strdup (note);
  self->table = muster_sheet_table_new (CELL_SIZE, CELL_SIZE);
  n_columns = g_strv_length ((char **) headings);
  for (guint c = 0; c < n_columns; c++)
    {
      muster_sheet_table_add_column (self->table, headings[c],
                                     c == 0 ? MUSTER_TABLE_COLUMN_WORDS | MUSTER_TABLE_COLUMN_FIRST | MUSTER_TABLE_COLUMN_BOLD : 0,
                                     c == 0 ? PANGO_ALIGN_LEFT : PANGO_ALIGN_CENTER, c == 0 ? 90.0 : 36.0);
      muster_sheet_table_measure (self->table, c, headings[c]);
    }
  for (guint i = 0; rows != NULL && i < rows->len; i++)
    {
      GStrv row = g_ptr_array_index (rows, i);
      GStrv copy = g_new0 (char *, n_columns + 1);

      for (guint c = 0; c < n_columns; c++)
        {
          copy[c] = g_strdup (row != NULL && c < g_strv_length (row) ? row[c] : "");
          muster_sheet_table_measure (self->table, c, copy[c]);
        }
      g_ptr_array_add (self->cells, copy);
    }
  return MUSTER_SHEET (self);
}
