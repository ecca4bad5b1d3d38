/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "muster-playsheet-sheet.h"
#include "muster-sheet-private.h"

/* Where one piece of a table goes: its title, its header row (on every
 * column it continues into), a row, or its note. */
typedef enum {
  PIECE_TITLE,
  PIECE_HEADER,
  PIECE_ROW,
  PIECE_NOTE,
} PieceKind;

typedef struct
{
  PieceKind kind;
  guint     page;
  guint     table;
  guint     row;
  double    x;
  double    y;
  double    height;
} Piece;

typedef struct
{
  double   *widths;     /* one per column */
  gboolean *centred;
  guint     n_columns;
} TableShape;

struct _MusterPlaysheetSheet
{
  MusterSheet     parent_instance;

  /* The ruleset's reference tables, then its house readings as a table
   * of their own. */
  GPtrArray      *tables;     /* of MusterReferenceTable*, not owned */
  MusterReferenceTable *readings;

  /* The layout for the last page size asked about. */
  MusterPageSize  plan_size;
  GArray         *plan;       /* of Piece */
  TableShape     *shapes;     /* one per reference table */
  guint           n_pages;
};

G_DEFINE_FINAL_TYPE (MusterPlaysheetSheet, muster_playsheet_sheet, MUSTER_TYPE_SHEET)

#define HEADING_HEIGHT  28.0
#define COLUMN_GAP      18.0
#define TABLE_GAP       12.0
#define CELL_PAD         2.5
#define TITLE_GAP        3.0
#define NOTE_GAP         3.0
#define CELL_SIZE        7.5
#define TITLE_SIZE      10.0
#define NOTE_SIZE        7.0
#define MIN_COLUMN      18.0

typedef struct
{
  PangoLayout          *layout;
  PangoFontDescription *title_font;
  PangoFontDescription *header_font;
  PangoFontDescription *cell_font;
  PangoFontDescription *note_font;
} Fonts;

/* Helpers */

static void
fonts_init (Fonts       *fonts,
            PangoLayout *layout)
{
  fonts->layout = layout;
  fonts->title_font = muster_sheet_font (TITLE_SIZE, TRUE, FALSE);
  fonts->header_font = muster_sheet_font (CELL_SIZE, TRUE, FALSE);
  fonts->cell_font = muster_sheet_font (CELL_SIZE, FALSE, FALSE);
  fonts->note_font = muster_sheet_font (NOTE_SIZE, FALSE, TRUE);
}

static void
fonts_clear (Fonts *fonts)
{
  g_clear_pointer (&fonts->title_font, pango_font_description_free);
  g_clear_pointer (&fonts->header_font, pango_font_description_free);
  g_clear_pointer (&fonts->cell_font, pango_font_description_free);
  g_clear_pointer (&fonts->note_font, pango_font_description_free);
}

static void
free_shapes (MusterPlaysheetSheet *self)
{
  GPtrArray *tables = self->tables;

  if (self->shapes == NULL)
    return;

  for (guint i = 0; i < tables->len; i++)
    {
      g_free (self->shapes[i].widths);
      g_free (self->shapes[i].centred);
    }
  g_clear_pointer (&self->shapes, g_free);
}

static guint
table_n_columns (const MusterReferenceTable *table)
{
  guint n = table->columns->len;

  for (guint r = 0; r < table->rows->len; r++)
    n = MAX (n, ((GPtrArray *) g_ptr_array_index (table->rows, r))->len);

  return n;
}

static const char *
cell_at (GPtrArray *row,
         guint      column)
{
  return column < row->len ? g_ptr_array_index (row, column) : NULL;
}

static gboolean
row_is_house (const MusterReferenceTable *table,
              guint                       row)
{
  return table->house_rows != NULL && row < table->house_rows->len &&
         g_array_index (table->house_rows, gboolean, row);
}

/* A cell's text; the first cell of a row that is a house reading carries
 * the mark the notes explain. */
static char *
cell_text (const MusterReferenceTable *table,
           guint                       row,
           guint                       column)
{
  const char *text = cell_at (g_ptr_array_index (table->rows, row), column);

  if (column == 0 && row_is_house (table, row))
    return g_strdup_printf ("%s\u00a0†", text != NULL ? text : "");
  return g_strdup (text);
}

static char *
title_text (const MusterReferenceTable *table)
{
  if (table->house)
    return g_strdup_printf ("%s †", table->title);
  return g_strdup (table->title);
}

static char *
note_text (const MusterReferenceTable *table)
{
  const char *text_note = table->text_note;
  const char *house_note = table->house_note;
  g_autofree char *house = NULL;

  /* A table that is Muster's own reading with no note marked as one:
   * every note tells of that reading. */
  if (table->house && house_note == NULL)
    {
      text_note = NULL;
      house_note = table->note;
    }
  /* Rulesets built by hand (tests) may set the note alone. */
  if (table->text_note == NULL && table->house_note == NULL && !table->house)
    text_note = table->note;

  if (house_note == NULL || *house_note == '\0')
    return text_note != NULL && *text_note != '\0' ? g_strdup (text_note) : NULL;

  /* TRANSLATORS: under a Playsheet table whose reading is Muster's own */
  house = g_strdup_printf (_("† House reading: %s"), house_note);
  if (text_note == NULL || *text_note == '\0')
    return g_steal_pointer (&house);
  return g_strdup_printf ("%s\n%s", text_note, house);
}

/* Column widths that fill @width: each column gets what its longest word
 * needs, then the rest goes to the columns whose text would wrap. */
static void
shape_table (Fonts                      *fonts,
             const MusterReferenceTable *table,
             double                      width,
             TableShape                 *shape)
{
  guint n = table_n_columns (table);
  g_autofree double *natural = g_new0 (double, MAX (n, 1));
  g_autofree double *minimum = g_new0 (double, MAX (n, 1));
  double sum_natural = 0.0, sum_minimum = 0.0;

  shape->n_columns = n;
  shape->widths = g_new0 (double, MAX (n, 1));
  shape->centred = g_new0 (gboolean, MAX (n, 1));

  for (guint c = 0; c < n; c++)
    {
      const char *heading = c < table->columns->len ? g_ptr_array_index (table->columns, c) : NULL;
      gboolean short_cells = c > 0;

      natural[c] = muster_sheet_text_width (fonts->layout, fonts->header_font, heading);
      minimum[c] = muster_sheet_longest_word (fonts->layout, fonts->header_font, heading);

      for (guint r = 0; r < table->rows->len; r++)
        {
          g_autofree char *cell = cell_text (table, r, c);

          natural[c] = MAX (natural[c], muster_sheet_text_width (fonts->layout, fonts->cell_font, cell));
          minimum[c] = MAX (minimum[c], muster_sheet_longest_word (fonts->layout, fonts->cell_font, cell));
          if (cell != NULL && g_utf8_strlen (cell, -1) > 6)
            short_cells = FALSE;
        }

      natural[c] += 2 * CELL_PAD;
      minimum[c] = MAX (MIN (minimum[c] + 2 * CELL_PAD, natural[c]), MIN (MIN_COLUMN, natural[c]));
      shape->centred[c] = short_cells;
      sum_natural += natural[c];
      sum_minimum += minimum[c];
    }

  for (guint c = 0; c < n; c++)
    {
      if (sum_natural <= width)
        shape->widths[c] = natural[c] + (width - sum_natural) * natural[c] / sum_natural;
      else
        shape->widths[c] = muster_sheet_squeeze_width (natural[c], minimum[c], sum_natural, sum_minimum, width);
    }
}

/* The height of row @row (or of the header when @row is NO_ROW), or
 * draws it at (@x, @y) when @cr is set. */
#define NO_ROW G_MAXUINT

static double
row_height (cairo_t                    *cr,
            Fonts                      *fonts,
            const MusterReferenceTable *table,
            const TableShape           *shape,
            guint                       row,
            double                      x,
            double                      y)
{
  const PangoFontDescription *font = row != NO_ROW ? fonts->cell_font : fonts->header_font;
  double height = 0.0;
  double cx = x;

  for (guint c = 0; c < shape->n_columns; c++)
    {
      g_autofree char *text = row != NO_ROW ? cell_text (table, row, c)
                                            : g_strdup (c < table->columns->len ? g_ptr_array_index (table->columns, c) : NULL);
      PangoAlignment align = shape->centred[c] ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT;

      height = MAX (height, muster_sheet_draw_lines (cr, fonts->layout, font, text,
                                                     cx + CELL_PAD, y + CELL_PAD,
                                                     shape->widths[c] - 2 * CELL_PAD, 0, align));
      cx += shape->widths[c];
    }

  return MAX (height, CELL_SIZE * 1.2) + 2 * CELL_PAD;
}

typedef struct
{
  const MusterPageSize *size;
  double                column_width;
  double                top;
  double                bottom;
  guint                 page;
  guint                 column;
  double                y;
} Cursor;

static double
cursor_x (const Cursor *cursor)
{
  return cursor->size->margin_left + cursor->column * (cursor->column_width + COLUMN_GAP);
}

static void
cursor_next_column (Cursor *cursor)
{
  if (cursor->column == 0)
    cursor->column = 1;
  else
    {
      cursor->column = 0;
      cursor->page++;
    }
  cursor->y = cursor->top;
}

static void
place (GArray    *plan,
       Cursor    *cursor,
       PieceKind  kind,
       guint      table,
       guint      row,
       double     height)
{
  Piece piece = { kind, cursor->page, table, row, cursor_x (cursor), cursor->y, height };

  g_array_append_val (plan, piece);
  cursor->y += height;
}

/* Lays the tables out on @size, unless they already are; returns the
 * number of pages. */
static guint
ensure_plan (MusterPlaysheetSheet *self,
             const MusterPageSize *size)
{
  g_autoptr(PangoLayout) layout = NULL;
  GPtrArray *tables = self->tables;
  double width = size->width - size->margin_left - size->margin_right;
  Cursor cursor = { 0 };
  Fonts fonts = { 0 };

  if (self->plan != NULL && memcmp (&self->plan_size, size, sizeof *size) == 0)
    return self->n_pages;

  g_clear_pointer (&self->plan, g_array_unref);
  free_shapes (self);
  self->plan = g_array_new (FALSE, TRUE, sizeof (Piece));
  self->plan_size = *size;
  self->shapes = g_new0 (TableShape, MAX (tables->len, 1));

  layout = muster_sheet_create_measure_layout ();
  fonts_init (&fonts, layout);

  cursor.size = size;
  cursor.column_width = (width - COLUMN_GAP) / 2.0;
  cursor.top = size->margin_top + HEADING_HEIGHT;
  cursor.bottom = size->height - size->margin_bottom - MUSTER_SHEET_FOOTER_HEIGHT - 4.0;
  cursor.y = cursor.top;

  for (guint t = 0; t < tables->len; t++)
    {
      const MusterReferenceTable *table = g_ptr_array_index (tables, t);
      TableShape *shape = &self->shapes[t];
      g_autofree char *title = title_text (table);
      g_autofree char *note = note_text (table);
      double title_h, header_h, first_h, note_h;

      shape_table (&fonts, table, cursor.column_width, shape);

      title_h = muster_sheet_draw_lines (NULL, layout, fonts.title_font, title,
                                         0, 0, cursor.column_width, 0, PANGO_ALIGN_LEFT) + TITLE_GAP;
      header_h = table->columns->len > 0 ? row_height (NULL, &fonts, table, shape, NO_ROW, 0, 0) : 0.0;
      first_h = table->rows->len > 0
        ? row_height (NULL, &fonts, table, shape, 0, 0, 0) : 0.0;
      note_h = note != NULL
        ? muster_sheet_draw_lines (NULL, layout, fonts.note_font, note, 0, 0,
                                   cursor.column_width, 0, PANGO_ALIGN_LEFT) + NOTE_GAP : 0.0;

      /* A title never ends a column: it keeps its header and first row. */
      if (cursor.y > cursor.top)
        {
          cursor.y += TABLE_GAP;
          if (cursor.y + title_h + header_h + first_h > cursor.bottom)
            cursor_next_column (&cursor);
        }

      place (self->plan, &cursor, PIECE_TITLE, t, 0, title_h);
      if (header_h > 0)
        place (self->plan, &cursor, PIECE_HEADER, t, 0, header_h);

      for (guint r = 0; r < table->rows->len; r++)
        {
          double h = r == 0 ? first_h
                            : row_height (NULL, &fonts, table, shape, r, 0, 0);

          /* The last row keeps the note with it. */
          double needed = r + 1 == table->rows->len ? h + note_h : h;

          if (cursor.y + needed > cursor.bottom && cursor.y > cursor.top)
            {
              cursor_next_column (&cursor);
              if (header_h > 0)
                place (self->plan, &cursor, PIECE_HEADER, t, 0, header_h);
            }
          place (self->plan, &cursor, PIECE_ROW, t, r, h);
        }

      if (note_h > 0)
        {
          if (cursor.y + note_h > cursor.bottom && cursor.y > cursor.top)
            cursor_next_column (&cursor);
          cursor.y += NOTE_GAP;
          place (self->plan, &cursor, PIECE_NOTE, t, 0, note_h - NOTE_GAP);
        }
    }

  fonts_clear (&fonts);
  self->n_pages = cursor.page + 1;
  return self->n_pages;
}

/* MusterSheet */

static guint
muster_playsheet_sheet_get_n_pages (MusterSheet          *sheet,
                                    const MusterPageSize *size)
{
  return ensure_plan (MUSTER_PLAYSHEET_SHEET (sheet), size);
}

static void
muster_playsheet_sheet_draw_page (MusterSheet          *sheet,
                                  cairo_t              *cr,
                                  const MusterPageSize *size,
                                  guint                 page)
{
  MusterPlaysheetSheet *self = MUSTER_PLAYSHEET_SHEET (sheet);
  MusterRuleset *ruleset = muster_sheet_get_ruleset (sheet);
  g_autoptr(PangoLayout) layout = muster_sheet_create_layout (cr);
  PangoFontDescription *heading_font = muster_sheet_font (14, TRUE, FALSE);
  g_autoptr(PangoFontDescription) source_font = muster_sheet_font (8, FALSE, TRUE);
  GPtrArray *tables = self->tables;
  double width = size->width - size->margin_left - size->margin_right;
  double column_width = (width - COLUMN_GAP) / 2.0;
  double title_width, heading_width;
  g_autofree char *heading = NULL;
  Fonts fonts = { 0 };

  ensure_plan (self, size);
  fonts_init (&fonts, layout);
  cairo_set_source_rgb (cr, 0, 0, 0);

  /* TRANSLATORS: the Playsheet's heading, e.g. "Sharpe's Skirmish: Playsheet" */
  heading = g_strdup_printf (_("%s: Playsheet"), muster_ruleset_get_title (ruleset));
  /* A long title ("Big Skirmishes / Small Battles") takes the room the
   * campaign's name leaves it, and a smaller size before it is cut short. */
  title_width = MIN (muster_sheet_text_width (layout, source_font, muster_sheet_get_title (sheet)) + 12.0,
                     width * 0.4);
  heading_width = MAX (width * 0.6, width - title_width);
  for (double points = 14.0;
       points > 10.0 && muster_sheet_text_width (layout, heading_font, heading) > heading_width;
       points -= 1.0)
    {
      pango_font_description_free (heading_font);
      heading_font = muster_sheet_font (points - 1.0, TRUE, FALSE);
    }
  muster_sheet_draw_line (cr, layout, heading_font, heading,
                          size->margin_left, size->margin_top, heading_width, HEADING_HEIGHT - 8,
                          PANGO_ALIGN_LEFT);
  if (muster_sheet_get_title (sheet) != NULL)
    muster_sheet_draw_line (cr, layout, source_font, muster_sheet_get_title (sheet),
                            size->margin_left + heading_width, size->margin_top, width - heading_width,
                            HEADING_HEIGHT - 8, PANGO_ALIGN_RIGHT);
  muster_sheet_line (cr, size->margin_left, size->margin_top + HEADING_HEIGHT - 6,
                     size->margin_left + width, size->margin_top + HEADING_HEIGHT - 6, 1.0);

  for (guint i = 0; i < self->plan->len; i++)
    {
      const Piece *piece = &g_array_index (self->plan, Piece, i);
      const MusterReferenceTable *table;
      const TableShape *shape;

      if (piece->page != page)
        continue;

      table = g_ptr_array_index (tables, piece->table);
      shape = &self->shapes[piece->table];

      switch (piece->kind)
        {
        case PIECE_TITLE:
          {
            g_autofree char *title = title_text (table);

            muster_sheet_draw_lines (cr, layout, fonts.title_font, title,
                                     piece->x, piece->y, column_width, 0, PANGO_ALIGN_LEFT);
          }
          break;

        case PIECE_HEADER:
          muster_sheet_draw_header_band (cr, piece->x, piece->y, column_width, piece->height);
          row_height (cr, &fonts, table, shape, NO_ROW, piece->x, piece->y);
          muster_sheet_draw_header_rules (cr, piece->x, piece->y, column_width, piece->height, 0.75, 0.5);
          break;

        case PIECE_ROW:
          if (piece->row % 2 == 1)
            muster_sheet_fill_box (cr, piece->x, piece->y, column_width, piece->height, 0.95);
          row_height (cr, &fonts, table, shape, piece->row, piece->x, piece->y);
          muster_sheet_line (cr, piece->x, piece->y + piece->height,
                             piece->x + column_width, piece->y + piece->height,
                             piece->row + 1 == table->rows->len ? 0.75 : 0.25);
          break;

        case PIECE_NOTE:
          {
            g_autofree char *note = note_text (table);

            cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
            muster_sheet_draw_lines (cr, layout, fonts.note_font, note,
                                     piece->x, piece->y, column_width, 0, PANGO_ALIGN_LEFT);
            cairo_set_source_rgb (cr, 0, 0, 0);
          }
          break;

        default:
          g_assert_not_reached ();
        }
    }

  muster_sheet_draw_page_number (cr, layout, size, page, self->n_pages);
  fonts_clear (&fonts);
  pango_font_description_free (heading_font);
}

/* GObject */

static void
muster_playsheet_sheet_finalize (GObject *object)
{
  MusterPlaysheetSheet *self = MUSTER_PLAYSHEET_SHEET (object);

  free_shapes (self);
  g_clear_pointer (&self->plan, g_array_unref);
  g_clear_pointer (&self->tables, g_ptr_array_unref);
  if (self->readings != NULL)
    {
      g_ptr_array_unref (self->readings->columns);
      g_ptr_array_unref (self->readings->rows);
      g_clear_pointer (&self->readings, g_free);
    }

  G_OBJECT_CLASS (muster_playsheet_sheet_parent_class)->finalize (object);
}

static void
muster_playsheet_sheet_class_init (MusterPlaysheetSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  MusterSheetClass *sheet_class = MUSTER_SHEET_CLASS (klass);

  object_class->finalize = muster_playsheet_sheet_finalize;

  sheet_class->get_n_pages = muster_playsheet_sheet_get_n_pages;
  sheet_class->draw_page = muster_playsheet_sheet_draw_page;
}

static void
muster_playsheet_sheet_init (MusterPlaysheetSheet *self)
{
}

/* Public */

/**
 * muster_playsheet_sheet_new:
 * @ruleset: the campaign's ruleset, whose reference tables are printed
 *
 * Returns: (transfer full): a new sheet
 */
MusterSheet *
muster_playsheet_sheet_new (MusterRuleset *ruleset)
{
  MusterPlaysheetSheet *self;
  GPtrArray *tables;
  GPtrArray *readings;

  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), NULL);

  self = g_object_new (MUSTER_TYPE_PLAYSHEET_SHEET, "ruleset", ruleset, NULL);
  self->tables = g_ptr_array_new ();

  tables = muster_ruleset_get_reference_tables (ruleset);
  for (guint i = 0; i < tables->len; i++)
    g_ptr_array_add (self->tables, g_ptr_array_index (tables, i));

  /* Where the texts are silent or contradict themselves, the readings
   * the ruleset chose, last, so that a † above can be looked up. */
  readings = muster_ruleset_get_house_readings (ruleset);
  if (readings != NULL && readings->len > 0)
    {
      self->readings = g_new0 (MusterReferenceTable, 1);
      self->readings->id = "house-readings";
      /* TRANSLATORS: the heading of the Playsheet's last table */
      self->readings->title = _("House readings");
      self->readings->house = FALSE;
      self->readings->text_note = _("Where the rules are silent or contradict themselves, Muster reads them so. "
                                    "Tables and rows marked † follow these readings.");
      self->readings->note = self->readings->text_note;
      self->readings->columns = g_ptr_array_new ();
      /* TRANSLATORS: a column of the Playsheet's house readings: what the reading is about */
      g_ptr_array_add (self->readings->columns, (gpointer) _("Where"));
      /* TRANSLATORS: a column of the Playsheet's house readings */
      g_ptr_array_add (self->readings->columns, (gpointer) _("Muster’s reading"));
      self->readings->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
      for (guint i = 0; i < readings->len; i++)
        {
          const MusterHouseReading *reading = g_ptr_array_index (readings, i);
          GPtrArray *row = g_ptr_array_new ();

          g_ptr_array_add (row, (gpointer) reading->title);
          g_ptr_array_add (row, (gpointer) (reading->note != NULL ? reading->note : ""));
          g_ptr_array_add (self->readings->rows, row);
        }
      g_ptr_array_add (self->tables, self->readings);
    }

  return MUSTER_SHEET (self);
}
