/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "muster-sheet-private.h"
#include "muster-sheet-table.h"

typedef struct
{
  char                   *title;
  char                   *abbreviation;   /* NULL: none shorter */
  MusterTableColumnFlags  flags;
  PangoAlignment          align;
  double                  least;

  /* Measured at the table's own sizes. */
  double                  title_word;     /* the title's longest word */
  double                  title_whole;
  double                  abbreviation_width;
  double                  cell_least;     /* what a cell needs unbroken */
  double                  cell_word;      /* a cell's longest word */
  double                  cell_whole;     /* the widest line of a cell */

  /* Laid out. */
  gboolean                abbreviated;
  double                  width;
} Column;

struct _MusterSheetTable
{
  double                base_cell;
  double                base_header;
  GArray               *columns;          /* of Column */
  PangoLayout          *measure;
  PangoFontDescription *base_fonts[MUSTER_TABLE_N_FONTS];
  gboolean              titles_measured;

  double                scale;
  double                pad;              /* between cells, across */
  PangoFontDescription *fonts[MUSTER_TABLE_N_FONTS];
};

static double draw_key (MusterSheetTable *self,
                        cairo_t          *cr,
                        PangoLayout      *layout,
                        double            x,
                        double            y,
                        double            w);

/* Shrinking up to this much keeps every heading whole; past it the
 * headings wider than their columns are shortened first. */
#define GENTLE_SHRINK  1.0
/* Space between cells when a table does not fit even at the floor. */
#define TIGHT_PAD      1.0
/* Against rounding: a column this much wider than its longest word. */
#define SLACK          0.5
/* The most of a table's width its first column takes before others
 * get more than their least. */
#define FIRST_SHARE    0.35
/* Between the table and its key. */
#define KEY_GAP        4.0
/* A key's text against the cells'. */
#define KEY_SCALE      0.9

static void
column_clear (Column *column)
{
  g_clear_pointer (&column->title, g_free);
  g_clear_pointer (&column->abbreviation, g_free);
}

static void
set_fonts (PangoFontDescription **fonts,
           double                 cell,
           double                 header)
{
  for (guint i = 0; i < MUSTER_TABLE_N_FONTS; i++)
    g_clear_pointer (&fonts[i], pango_font_description_free);

  fonts[MUSTER_TABLE_FONT_HEADER] = muster_sheet_font (header, TRUE, FALSE);
  fonts[MUSTER_TABLE_FONT_CELL] = muster_sheet_font (cell, FALSE, FALSE);
  fonts[MUSTER_TABLE_FONT_BOLD] = muster_sheet_font (cell, TRUE, FALSE);
  fonts[MUSTER_TABLE_FONT_ITALIC] = muster_sheet_font (header, FALSE, TRUE);
}

static gboolean
word_start (const char *word,
            gunichar   *initial)
{
  for (const char *p = word; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_isalnum (g_utf8_get_char (p)))
      {
        *initial = g_utf8_get_char (p);
        return TRUE;
      }
  return FALSE;
}

char *
muster_sheet_abbreviate (const char *title)
{
  g_auto(GStrv) words = NULL;
  g_autoptr(GString) initials = g_string_new (NULL);
  const char *only = NULL;
  guint n_words = 0;

  if (title == NULL)
    return NULL;

  words = g_strsplit (title, " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      gunichar initial;

      if (!word_start (words[i], &initial))
        continue;
      g_string_append_unichar (initials, g_unichar_toupper (initial));
      only = words[i];
      n_words++;
    }

  if (n_words >= 2)
    return g_string_free (g_steal_pointer (&initials), FALSE);

  /* One long word: its first three letters. */
  if (only != NULL && g_utf8_strlen (only, -1) > 4)
    {
      g_autofree char *start = g_utf8_substring (only, 0, 3);

      return g_strconcat (start, ".", NULL);
    }

  return NULL;
}

/* Short forms stand for one heading each. */
static gboolean
abbreviation_taken (MusterSheetTable *self,
                    const char       *abbreviation)
{
  for (guint c = 0; c < self->columns->len; c++)
    {
      const Column *column = &g_array_index (self->columns, Column, c);

      if (g_strcmp0 (column->abbreviation, abbreviation) == 0 ||
          g_strcmp0 (column->title, abbreviation) == 0)
        return TRUE;
    }
  return FALSE;
}

static void
measure_titles (MusterSheetTable *self)
{
  const PangoFontDescription *font = self->base_fonts[MUSTER_TABLE_FONT_HEADER];

  if (self->titles_measured)
    return;

  for (guint c = 0; c < self->columns->len; c++)
    {
      Column *column = &g_array_index (self->columns, Column, c);

      column->title_word = muster_sheet_longest_word (self->measure, font, column->title);
      column->title_whole = muster_sheet_text_width (self->measure, font, column->title);
      column->abbreviation_width = column->abbreviation != NULL
                                   ? muster_sheet_text_width (self->measure, font, column->abbreviation)
                                   : column->title_word;
    }
  self->titles_measured = TRUE;
}

/* What the cells of a column need unbroken, at the table's own sizes. */
static double
cells_least (const Column *column)
{
  if (column->least > 0)
    return MIN (MAX (column->cell_least, column->least), MAX (column->cell_whole, column->cell_least));
  return column->cell_least;
}

static double
least_width (MusterSheetTable *self,
             const Column     *column,
             double            scale,
             gboolean          abbreviated)
{
  double title = abbreviated ? column->abbreviation_width : column->title_word;

  return MAX (title, cells_least (column)) * scale + 2 * self->pad + SLACK;
}

static double
natural_width (MusterSheetTable *self,
               const Column     *column,
               double            scale)
{
  return MAX (column->title_whole, column->cell_whole) * scale + 2 * self->pad + SLACK;
}

static double
sum_least (MusterSheetTable *self,
           double            scale)
{
  double sum = 0.0;

  for (guint c = 0; c < self->columns->len; c++)
    {
      const Column *column = &g_array_index (self->columns, Column, c);

      sum += least_width (self, column, scale, column->abbreviated);
    }
  return sum;
}

/* What shortening a column's heading saves at @scale. */
static double
saving (MusterSheetTable *self,
        const Column     *column,
        double            scale)
{
  if (column->abbreviation == NULL)
    return 0.0;
  return least_width (self, column, scale, FALSE) - least_width (self, column, scale, TRUE);
}

/* Headings that begin with the same word ("Morale with leader",
 * "Morale without leader"; "Skill A", "Skill B") go short together. */
static gboolean
alike (const Column *a,
       const Column *b)
{
  const char *end_a = strchr (a->title, ' ');
  const char *end_b = strchr (b->title, ' ');
  gsize len_a = end_a != NULL ? (gsize) (end_a - a->title) : strlen (a->title);
  gsize len_b = end_b != NULL ? (gsize) (end_b - b->title) : strlen (b->title);

  return end_a != NULL && end_b != NULL && len_a == len_b && strncmp (a->title, b->title, len_a) == 0;
}

/* Shortens the headings that save the most until the columns fit
 * @width at @scale, or there are none left to shorten. */
static gboolean
abbreviate_to_fit (MusterSheetTable *self,
                   double            scale,
                   double            width)
{
  double sum;

  for (guint c = 0; c < self->columns->len; c++)
    g_array_index (self->columns, Column, c).abbreviated = FALSE;

  sum = sum_least (self, scale);
  while (sum > width)
    {
      Column *best = NULL;

      for (guint c = 0; c < self->columns->len; c++)
        {
          Column *column = &g_array_index (self->columns, Column, c);

          if (!column->abbreviated && saving (self, column, scale) > 0.01 &&
              (best == NULL || saving (self, column, scale) > saving (self, best, scale)))
            best = column;
        }
      if (best == NULL)
        return FALSE;

      sum -= saving (self, best, scale);
      for (guint c = 0; c < self->columns->len; c++)
        {
          Column *column = &g_array_index (self->columns, Column, c);

          if (column != best && !column->abbreviated && saving (self, column, scale) > 0.01 &&
              alike (column, best))
            {
              sum -= saving (self, column, scale);
              column->abbreviated = TRUE;
            }
        }
      best->abbreviated = TRUE;
    }

  return TRUE;
}

/* Widths for @width at @scale: every column its least, then the room
 * left over to the first column up to its natural width (or a share of
 * the table), then to all by how much more they would take; or, when
 * even the least do not fit, no less than each cell's longest word. */
static void
spread (MusterSheetTable *self,
        double            scale,
        double            width)
{
  guint n = self->columns->len;
  g_autofree double *least = g_new0 (double, n);
  g_autofree double *natural = g_new0 (double, n);
  double sum_l = 0.0, sum_n = 0.0;
  double extra;
  guint first = G_MAXUINT;

  for (guint c = 0; c < n; c++)
    {
      const Column *column = &g_array_index (self->columns, Column, c);

      least[c] = least_width (self, column, scale, column->abbreviated);
      natural[c] = MAX (least[c], natural_width (self, column, scale));
      sum_l += least[c];
      sum_n += natural[c];
    }

  if (sum_l > width)
    {
      /* The last resort: every cell may wrap between its words, dice
       * and all; past that, words are cut short. */
      double sum_word = 0.0;

      for (guint c = 0; c < n; c++)
        {
          const Column *column = &g_array_index (self->columns, Column, c);
          double title = column->abbreviated ? column->abbreviation_width : column->title_word;

          natural[c] = least[c];
          least[c] = MIN (least[c], MAX (title, column->cell_word) * scale + 2 * self->pad + SLACK);
          sum_word += least[c];
        }

      for (guint c = 0; c < n; c++)
        g_array_index (self->columns, Column, c).width =
          sum_word > width ? width * least[c] / sum_word
                           : muster_sheet_squeeze_width (natural[c], least[c], sum_l, sum_word, width);
      return;
    }

  /* The first column on one line, when that leaves the others room;
   * a name longer than that takes what they leave. */
  extra = width - sum_l;
  for (guint c = 0; c < n; c++)
    if (g_array_index (self->columns, Column, c).flags & MUSTER_TABLE_COLUMN_FIRST)
      {
        double grow = CLAMP (MIN (natural[c], width * FIRST_SHARE) - least[c], 0.0, extra);

        first = c;
        least[c] += grow;
        sum_l += grow;
        extra -= grow;
        sum_n -= natural[c] - least[c];
        natural[c] = least[c];
      }

  for (guint c = 0; c < n; c++)
    {
      Column *column = &g_array_index (self->columns, Column, c);

      if (sum_n <= width)
        column->width = natural[c] + (c == first ? width - sum_n : 0.0);
      else
        column->width = muster_sheet_squeeze_width (natural[c], least[c], sum_n, sum_l, width);
    }
}

static void
set_scale (MusterSheetTable *self,
           double            scale)
{
  self->scale = scale;
  set_fonts (self->fonts, self->base_cell * scale, self->base_header * scale);
}

/* Public */

MusterSheetTable *
muster_sheet_table_new (double cell_size,
                        double header_size)
{
  MusterSheetTable *self = g_new0 (MusterSheetTable, 1);

  self->base_cell = cell_size;
  self->base_header = header_size;
  self->columns = g_array_new (FALSE, TRUE, sizeof (Column));
  g_array_set_clear_func (self->columns, (GDestroyNotify) column_clear);
  self->measure = muster_sheet_create_measure_layout ();
  set_fonts (self->base_fonts, cell_size, header_size);
  set_scale (self, 1.0);
  self->pad = MUSTER_TABLE_PAD;

  return self;
}

void
muster_sheet_table_free (MusterSheetTable *self)
{
  if (self == NULL)
    return;

  g_array_unref (self->columns);
  g_object_unref (self->measure);
  for (guint i = 0; i < MUSTER_TABLE_N_FONTS; i++)
    {
      g_clear_pointer (&self->base_fonts[i], pango_font_description_free);
      g_clear_pointer (&self->fonts[i], pango_font_description_free);
    }
  g_free (self);
}

guint
muster_sheet_table_add_column (MusterSheetTable       *self,
                               const char             *title,
                               MusterTableColumnFlags  flags,
                               PangoAlignment          align,
                               double                  least)
{
  Column column = { 0 };
  g_autofree char *abbreviation = muster_sheet_abbreviate (title);

  g_return_val_if_fail (self != NULL, 0);

  if (abbreviation != NULL && abbreviation_taken (self, abbreviation))
    {
      for (guint i = 2; ; i++)
        {
          g_autofree char *numbered = g_strdup_printf ("%s%u", abbreviation, i);

          if (!abbreviation_taken (self, numbered))
            {
              g_free (abbreviation);
              abbreviation = g_steal_pointer (&numbered);
              break;
            }
        }
    }

  column.title = g_strdup (title != NULL ? title : "");
  column.abbreviation = g_steal_pointer (&abbreviation);
  column.flags = flags;
  column.align = align;
  column.least = least;
  g_array_append_val (self->columns, column);
  self->titles_measured = FALSE;

  return self->columns->len - 1;
}

guint
muster_sheet_table_get_n_columns (MusterSheetTable *self)
{
  return self->columns->len;
}

void
muster_sheet_table_measure (MusterSheetTable *self,
                            guint             index,
                            const char       *text)
{
  Column *column;
  const PangoFontDescription *font;
  g_auto(GStrv) lines = NULL;

  g_return_if_fail (self != NULL);
  g_return_if_fail (index < self->columns->len);

  if (text == NULL || *text == '\0')
    return;

  column = &g_array_index (self->columns, Column, index);
  font = self->base_fonts[column->flags & MUSTER_TABLE_COLUMN_BOLD ? MUSTER_TABLE_FONT_BOLD : MUSTER_TABLE_FONT_CELL];
  lines = g_strsplit (text, "\n", -1);

  /* Line by line: a kind's own name for a value sits above it. */
  for (guint l = 0; lines[l] != NULL; l++)
    {
      double whole = muster_sheet_text_width (self->measure, font, lines[l]);

      /* A name may break after a hyphen of its own; a number is one
       * word. */
      double word = muster_sheet_text_is_one_word (lines[l])
                    ? whole : muster_sheet_longest_unbroken (self->measure, font, lines[l]);

      column->cell_whole = MAX (column->cell_whole, whole);
      column->cell_word = MAX (column->cell_word, word);
      column->cell_least = MAX (column->cell_least, column->flags & MUSTER_TABLE_COLUMN_WORDS ? word : whole);
    }
}

gboolean
muster_sheet_table_fit (MusterSheetTable *self,
                        double            width)
{
  double floor_scale;

  g_return_val_if_fail (self != NULL, FALSE);

  measure_titles (self);
  floor_scale = MUSTER_SHEET_FONT_FLOOR / self->base_cell;
  self->pad = MUSTER_TABLE_PAD;

  /* Every heading whole, the text a little smaller at most. */
  for (double size = self->base_cell; size >= self->base_cell - GENTLE_SHRINK - 0.001; size -= MUSTER_SHEET_SIZE_STEP)
    {
      double scale = size / self->base_cell;

      if (scale < floor_scale - 0.001)
        break;
      for (guint c = 0; c < self->columns->len; c++)
        g_array_index (self->columns, Column, c).abbreviated = FALSE;
      if (sum_least (self, scale) <= width)
        {
          set_scale (self, scale);
          spread (self, scale, width);
          return TRUE;
        }
    }

  /* The headings wider than their cells shortened, as few as will do,
   * from the full size down to the floor. */
  for (double size = self->base_cell; size >= MUSTER_SHEET_FONT_FLOOR - 0.001; size -= MUSTER_SHEET_SIZE_STEP)
    {
      double scale = size / self->base_cell;

      if (abbreviate_to_fit (self, scale, width))
        {
          set_scale (self, scale);
          spread (self, scale, width);
          return TRUE;
        }
    }

  /* Too narrow even so: the floor, every heading that gains by it
   * shortened, the cells closer together, and the words that still do
   * not fit cut short when drawn. */
  self->pad = TIGHT_PAD;
  for (guint c = 0; c < self->columns->len; c++)
    {
      Column *column = &g_array_index (self->columns, Column, c);

      column->abbreviated = saving (self, column, floor_scale) > 0.01;
    }
  set_scale (self, floor_scale);
  spread (self, floor_scale, width);
  return FALSE;
}

double
muster_sheet_table_get_size (MusterSheetTable *self)
{
  g_return_val_if_fail (self != NULL, 0.0);

  return self->base_cell * self->scale;
}

const PangoFontDescription *
muster_sheet_table_get_font (MusterSheetTable *self,
                             MusterTableFont   font)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (font < MUSTER_TABLE_N_FONTS, NULL);

  return self->fonts[font];
}

double
muster_sheet_table_get_width (MusterSheetTable *self)
{
  double width = 0.0;

  g_return_val_if_fail (self != NULL, 0.0);

  for (guint c = 0; c < self->columns->len; c++)
    width += g_array_index (self->columns, Column, c).width;
  return width;
}

const char *
muster_sheet_table_get_heading (MusterSheetTable *self,
                                guint             index)
{
  const Column *column;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->columns->len, NULL);

  column = &g_array_index (self->columns, Column, index);
  return column->abbreviated ? column->abbreviation : column->title;
}

double
muster_sheet_table_draw_row (MusterSheetTable *self,
                             cairo_t          *cr,
                             PangoLayout      *layout,
                             char * const     *cells,
                             double            x,
                             double            y)
{
  double height = 0.0;
  double cx = x;

  g_return_val_if_fail (self != NULL, 0.0);

  for (guint c = 0; c < self->columns->len; c++)
    {
      const Column *column = &g_array_index (self->columns, Column, c);
      const char *text = cells != NULL ? cells[c] : muster_sheet_table_get_heading (self, c);
      MusterTableFont font = cells == NULL ? MUSTER_TABLE_FONT_HEADER
                             : column->flags & MUSTER_TABLE_COLUMN_BOLD ? MUSTER_TABLE_FONT_BOLD
                             : MUSTER_TABLE_FONT_CELL;

      height = MAX (height, muster_sheet_draw_lines (cr, layout, self->fonts[font], text,
                                                     cx + self->pad, y + MUSTER_TABLE_PAD,
                                                     column->width - 2 * self->pad, 0, column->align));
      cx += column->width;
    }

  return MAX (height, muster_sheet_table_get_size (self) * 1.2) + 2 * MUSTER_TABLE_PAD;
}

double
muster_sheet_table_draw_header (MusterSheetTable *self,
                                cairo_t          *cr,
                                PangoLayout      *layout,
                                double            x,
                                double            y,
                                double            top_rule)
{
  double height = muster_sheet_table_draw_row (self, NULL, layout, NULL, x, y);
  double width = muster_sheet_table_get_width (self);

  if (cr == NULL)
    return height;

  muster_sheet_draw_header_band (cr, x, y, width, height);
  muster_sheet_table_draw_row (self, cr, layout, NULL, x, y);
  muster_sheet_draw_header_rules (cr, x, y, width, height, top_rule, 0.75);
  return height;
}

double
muster_sheet_table_draw_foot (MusterSheetTable *self,
                              cairo_t          *cr,
                              PangoLayout      *layout,
                              double            x,
                              double            y,
                              double            w)
{
  double key;

  if (cr != NULL)
    muster_sheet_line (cr, x, y, x + muster_sheet_table_get_width (self), y, 0.75);

  key = draw_key (self, cr, layout, x, y + KEY_GAP, w);
  return key > 0 ? key + KEY_GAP : 0.0;
}

/* What the shortened headings stand for; returns its height, 0 when no
 * heading is shortened. */
static double
draw_key (MusterSheetTable *self,
          cairo_t          *cr,
          PangoLayout      *layout,
          double            x,
          double            y,
          double            w)
{
  g_autoptr(GString) key = g_string_new (NULL);
  g_autoptr(PangoFontDescription) font = NULL;

  for (guint c = 0; c < self->columns->len; c++)
    {
      const Column *column = &g_array_index (self->columns, Column, c);

      if (!column->abbreviated)
        continue;
      if (key->len > 0)
        g_string_append (key, "   ");
      /* TRANSLATORS: in the key under a printed table: a shortened
       * heading and what it stands for, e.g. "MWL: Morale with leader" */
      g_string_append_printf (key, C_("key", "%s: %s"), column->abbreviation, column->title);
    }

  if (key->len == 0)
    return 0.0;

  font = muster_sheet_font (self->base_header * self->scale * KEY_SCALE, FALSE, TRUE);
  return muster_sheet_draw_lines (cr, layout, font, key->str, x, y, w, 0, PANGO_ALIGN_LEFT) + MUSTER_TABLE_PAD;
}

void
muster_sheet_rows_place (GArray *rows,
                         double  height,
                         double  top,
                         double  bottom,
                         guint  *page,
                         double *y)
{
  MusterSheetRow row = { 0 };

  if (rows->len > 0 && g_array_index (rows, MusterSheetRow, rows->len - 1).page == *page &&
      *y + height > bottom)
    {
      (*page)++;
      *y = top;
    }
  row.page = *page;
  row.y = *y;
  row.height = height;
  g_array_append_val (rows, row);
  *y += height;
}

double
muster_sheet_table_draw_rows (MusterSheetTable    *self,
                              cairo_t             *cr,
                              PangoLayout         *layout,
                              GArray              *rows,
                              guint                page,
                              double               x,
                              double               y,
                              MusterSheetRowCells  cells,
                              gpointer             user_data)
{
  double width = muster_sheet_table_get_width (self);
  guint shade = 0;

  for (guint i = 0; i < rows->len; i++)
    {
      const MusterSheetRow *row = &g_array_index (rows, MusterSheetRow, i);
      g_auto(GStrv) row_cells = NULL;

      if (row->page != page)
        continue;
      if (shade++ % 2 == 1)
        muster_sheet_fill_box (cr, x, row->y, width, row->height, 0.94);
      row_cells = cells (i, user_data);
      muster_sheet_table_draw_row (self, cr, layout, row_cells, x, row->y);
      y = row->y + row->height;
    }
  return y;
}
