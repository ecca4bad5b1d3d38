/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <pango/pangocairo.h>

G_BEGIN_DECLS

/*
 * A table of a list sheet (the roster, the units) fitted to the width of
 * the page without breaking a word: its headings and cells measured, it
 * gives each column what its longest word needs, and when the page is
 * too narrow for that it first shrinks the text a little, then
 * shortens the headings that are wider than their columns' contents
 * (printing a key under the table), then shrinks the text down to
 * MUSTER_SHEET_FONT_FLOOR. Only when even that does not fit (the caller
 * may then turn the page) do the longest words get cut short.
 */

typedef enum {
  /* The cells wrap between words (names); else each line of a cell
   * stays whole (numbers, dice). */
  MUSTER_TABLE_COLUMN_WORDS = 1 << 0,
  MUSTER_TABLE_COLUMN_BOLD  = 1 << 1,
  /* Takes the room to spare first: the name that heads each row. */
  MUSTER_TABLE_COLUMN_FIRST = 1 << 2,
} MusterTableColumnFlags;

typedef enum {
  MUSTER_TABLE_FONT_HEADER,
  MUSTER_TABLE_FONT_CELL,
  MUSTER_TABLE_FONT_BOLD,
  MUSTER_TABLE_FONT_ITALIC,
  MUSTER_TABLE_N_FONTS,
} MusterTableFont;

/* Space between a cell's text and its edges, in points. */
#define MUSTER_TABLE_PAD 3.0

typedef struct _MusterSheetTable MusterSheetTable;

/* A table with cells in @cell_size points and headings in @header_size
 * (bold), before any shrinking. */
MusterSheetTable     *muster_sheet_table_new        (double                  cell_size,
                                                     double                  header_size);
void                  muster_sheet_table_free       (MusterSheetTable       *self);
/* Adds a column headed @title; a column headed by a word or more gets
 * a short form for when the page is narrow. A column with @least is
 * at least that wide (at the table's own sizes) unless its cells are
 * all narrower. Returns its index. */
guint                 muster_sheet_table_add_column (MusterSheetTable       *self,
                                                     const char             *title,
                                                     MusterTableColumnFlags  flags,
                                                     PangoAlignment          align,
                                                     double                  least);
guint                 muster_sheet_table_get_n_columns (MusterSheetTable    *self);
/* Counts @text (lines split by "\n") in the column's widths. */
void                  muster_sheet_table_measure    (MusterSheetTable       *self,
                                                     guint                   column,
                                                     const char             *text);
/* Lays the columns out @width wide; FALSE when they fit only with text
 * smaller than MUSTER_SHEET_FONT_FLOOR (they are then laid out at the
 * floor with the longest words cut short). */
gboolean              muster_sheet_table_fit        (MusterSheetTable       *self,
                                                     double                  width);
/* The cells' size in points that muster_sheet_table_fit() chose. */
double                muster_sheet_table_get_size   (MusterSheetTable       *self);
/* The table's own fonts, at the sizes it chose. */
const PangoFontDescription *muster_sheet_table_get_font (MusterSheetTable   *self,
                                                         MusterTableFont     font);
/* The width of all the columns. */
double                muster_sheet_table_get_width  (MusterSheetTable       *self);
/* What a column is headed by: its title, or the short form. */
const char           *muster_sheet_table_get_heading (MusterSheetTable      *self,
                                                      guint                  column);
/* A row of @cells (one for each column, NULL for an empty cell), top at
 * @y; with @cr NULL it only measures. Returns its height. */
double                muster_sheet_table_draw_row   (MusterSheetTable       *self,
                                                     cairo_t                *cr,
                                                     PangoLayout            *layout,
                                                     char * const           *cells,
                                                     double                  x,
                                                     double                  y);
/* The header row: the headings wrapped by word on a grey band, a rule
 * under it, and one @top_rule thick over it unless that is 0; returns
 * its height. With @cr NULL it only measures. */
double                muster_sheet_table_draw_header (MusterSheetTable      *self,
                                                      cairo_t               *cr,
                                                      PangoLayout           *layout,
                                                      double                 x,
                                                      double                 y,
                                                      double                 top_rule);
/* Under the last row at @y: a rule, then what the shortened headings
 * stand for, @w wide. Returns the height under the rule, 0 when no
 * heading is shortened. */
double                muster_sheet_table_draw_foot  (MusterSheetTable       *self,
                                                     cairo_t                *cr,
                                                     PangoLayout            *layout,
                                                     double                  x,
                                                     double                  y,
                                                     double                  w);

/* Where a plan puts a row of a table. */
typedef struct
{
  guint  page;
  double y;
  double height;
} MusterSheetRow;

/* The cells of row @index of a table, newly allocated. */
typedef char **(*MusterSheetRowCells) (guint    index,
                                       gpointer user_data);

/* Appends to @rows (of MusterSheetRow) a row @height high at *@y on
 * *@page, or at @top of the next page when it would pass @bottom and the
 * page already has a row; moves *@y under it. */
void                  muster_sheet_rows_place       (GArray                 *rows,
                                                     double                  height,
                                                     double                  top,
                                                     double                  bottom,
                                                     guint                  *page,
                                                     double                 *y);
/* Draws the rows of @rows planned on @page at @x, every other one
 * shaded; returns the bottom of the last one, or @y when there is none. */
double                muster_sheet_table_draw_rows  (MusterSheetTable       *self,
                                                     cairo_t                *cr,
                                                     PangoLayout            *layout,
                                                     GArray                 *rows,
                                                     guint                   page,
                                                     double                  x,
                                                     double                  y,
                                                     MusterSheetRowCells     cells,
                                                     gpointer                user_data);

/* A heading's short form: the initials of its words ("Morale with
 * leader", "MWL"), or the start of a long word ("Mus." for
 * "Musicians"); NULL when it has none shorter than itself. */
char                 *muster_sheet_abbreviate       (const char             *title);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterSheetTable, muster_sheet_table_free)

G_END_DECLS
