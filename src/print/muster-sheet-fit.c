/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-sheet-private.h"

/*
 * Fitting text to the room a sheet has for it without ever breaking a
 * word: lines break where Pango may break them by word (after a space,
 * after a hyphen the text has), a font shrinks to a floor, and only a
 * word too wide even then is shortened, with an ellipsis.
 */

/* A stretch of text a line may not break inside: a word, with the
 * hyphen it ends in, without the spaces after it. Byte offsets. */
typedef struct
{
  int start;
  int end;
} Span;

#define ELLIPSIS "…"
/* A line of DejaVu Sans against its size. */
#define LINE_HEIGHT 1.17

/* Lays @text out on one line (or a line for each of its own line
 * breaks) and lists its words: what lies between the places a line may
 * break, or with @at_spaces, between those after a space only (keeping
 * "4–7" and "Fitzwilliam-Montgomery" whole). */
static GArray *
measure_words (PangoLayout                *layout,
               const PangoFontDescription *font,
               const char                 *text,
               gboolean                    at_spaces)
{
  GArray *spans = g_array_new (FALSE, FALSE, sizeof (Span));
  const PangoLogAttr *attrs;
  const char *p = text;
  Span span = { 0, 0 };
  int n_attrs;

  pango_layout_set_font_description (layout, font);
  pango_layout_set_width (layout, -1);
  pango_layout_set_height (layout, -1);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_NONE);
  pango_layout_set_single_paragraph_mode (layout, FALSE);
  pango_layout_set_text (layout, text, -1);
  attrs = pango_layout_get_log_attrs_readonly (layout, &n_attrs);

  /* attrs[i] describes the position before the i-th character; the last
   * is the end of the text. */
  for (int i = 0; i < n_attrs; i++)
    {
      int offset = (int) (p - text);

      if (i > 0 && attrs[i].is_line_break &&
          (!at_spaces || attrs[i - 1].is_white || attrs[i].is_mandatory_break))
        {
          if (span.end > span.start)
            g_array_append_val (spans, span);
          span.start = span.end = offset;
        }
      if (*p == '\0')
        break;
      p = g_utf8_next_char (p);
      if (!attrs[i].is_white)
        span.end = (int) (p - text);
      else if (span.end == span.start)
        span.start = span.end = (int) (p - text);
    }
  if (span.end > span.start)
    g_array_append_val (spans, span);

  return spans;
}

static double
x_at (PangoLayout *layout,
      int          index)
{
  PangoRectangle pos;

  pango_layout_index_to_pos (layout, index, &pos);
  return (double) pos.x / PANGO_SCALE;
}

static double
span_width (PangoLayout *layout,
            const Span  *span)
{
  return fabs (x_at (layout, span->end) - x_at (layout, span->start));
}

static double
longest_span (PangoLayout                *layout,
              const PangoFontDescription *font,
              const char                 *text,
              gboolean                    at_spaces)
{
  g_autoptr(GArray) spans = NULL;
  double longest = 0.0;

  if (text == NULL || *text == '\0')
    return 0.0;

  if (muster_sheet_text_is_one_word (text))
    return muster_sheet_text_width (layout, font, text);

  spans = measure_words (layout, font, text, at_spaces);
  for (guint i = 0; i < spans->len; i++)
    longest = MAX (longest, span_width (layout, &g_array_index (spans, Span, i)));

  return longest;
}

gboolean
muster_sheet_text_is_one_word (const char *text)
{
  const char *p;

  for (p = text; *p != '\0' && g_unichar_isalnum (g_utf8_get_char (p)); p = g_utf8_next_char (p))
    ;
  return *p == '\0';
}

double
muster_sheet_longest_word (PangoLayout                *layout,
                           const PangoFontDescription *font,
                           const char                 *text)
{
  return longest_span (layout, font, text, TRUE);
}

double
muster_sheet_longest_unbroken (PangoLayout                *layout,
                               const PangoFontDescription *font,
                               const char                 *text)
{
  return longest_span (layout, font, text, FALSE);
}

char *
muster_sheet_shorten_words (PangoLayout                *layout,
                            const PangoFontDescription *font,
                            const char                 *text,
                            double                      w)
{
  g_autoptr(GArray) spans = NULL;
  g_autoptr(GString) shortened = NULL;
  double ellipsis;
  int copied = 0;

  if (text == NULL || *text == '\0')
    return NULL;

  ellipsis = muster_sheet_text_width (layout, font, ELLIPSIS);
  spans = measure_words (layout, font, text, FALSE);

  for (guint i = 0; i < spans->len; i++)
    {
      const Span *span = &g_array_index (spans, Span, i);
      const PangoLogAttr *attrs;
      int n_attrs;
      int keep = span->start;
      double x0;

      if (span_width (layout, span) <= w + 0.01)
        continue;

      /* The most of the word, whole characters, that leaves room for the
       * ellipsis; at least its first character. */
      attrs = pango_layout_get_log_attrs_readonly (layout, &n_attrs);
      x0 = x_at (layout, span->start);
      for (const char *p = g_utf8_next_char (text + span->start); p <= text + span->end; p = g_utf8_next_char (p))
        {
          int index = (int) (p - text);
          glong chars = g_utf8_pointer_to_offset (text, p);

          if (chars < n_attrs && !attrs[chars].is_cursor_position)
            continue;
          if (fabs (x_at (layout, index) - x0) + ellipsis > w && keep > span->start)
            break;
          keep = index;
          if (p == text + span->end)
            break;
        }

      if (shortened == NULL)
        shortened = g_string_new (NULL);
      g_string_append_len (shortened, text + copied, keep - copied);
      g_string_append (shortened, ELLIPSIS);
      copied = span->end;
    }

  if (shortened == NULL)
    return NULL;

  g_string_append (shortened, text + copied);
  return g_string_free (g_steal_pointer (&shortened), FALSE);
}

/* How many lines @text takes wrapped by word to @w. */
static int
count_lines (PangoLayout                *layout,
             const PangoFontDescription *font,
             const char                 *text,
             double                      w)
{
  pango_layout_set_font_description (layout, font);
  pango_layout_set_width (layout, (int) (w * PANGO_SCALE));
  pango_layout_set_height (layout, -1);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_NONE);
  pango_layout_set_single_paragraph_mode (layout, FALSE);
  pango_layout_set_text (layout, text, -1);
  return pango_layout_get_line_count (layout);
}

/* @font at @size points. */
static PangoFontDescription *
font_at (const PangoFontDescription *font,
         double                      size)
{
  PangoFontDescription *sized = pango_font_description_copy (font);

  pango_font_description_set_size (sized, (int) (size * PANGO_SCALE));
  return sized;
}

static double
layout_width (PangoLayout *layout)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  return (double) logical.width / PANGO_SCALE;
}

double
muster_sheet_fit_size (PangoLayout                *layout,
                       const PangoFontDescription *font,
                       const char                 *text,
                       double                      w,
                       int                         max_lines,
                       double                      least)
{
  g_autoptr(PangoFontDescription) sized = pango_font_description_copy (font);
  double base = (double) pango_font_description_get_size (font) / PANGO_SCALE;
  double longest;
  double size;

  if (text == NULL || *text == '\0' || w <= 0)
    return base;

  /* Most text fits as it is: in the lines it may take, none wider than
   * @w (a line is wider only when a word is). */
  if (count_lines (layout, font, text, w) <= (max_lines > 0 ? max_lines : G_MAXINT) &&
      layout_width (layout) <= w + 0.01)
    return base;

  /* Text grows with its size (the sheets lay text out unhinted), so the
   * longest word says how large it may be at most. */
  longest = muster_sheet_longest_word (layout, font, text);
  size = longest > w ? floor (base * w / longest / MUSTER_SHEET_SIZE_STEP) * MUSTER_SHEET_SIZE_STEP : base;

  for (; size >= least - 0.001; size -= MUSTER_SHEET_SIZE_STEP)
    {
      pango_font_description_set_size (sized, (int) (size * PANGO_SCALE));
      if (muster_sheet_longest_word (layout, sized, text) > w + 0.01)
        continue;
      if (max_lines <= 0 || count_lines (layout, sized, text, w) <= max_lines)
        return size;
    }

  return least;
}

double
muster_sheet_draw_shrunk (cairo_t                    *cr,
                          PangoLayout                *layout,
                          const PangoFontDescription *font,
                          double                      least,
                          const char                 *text,
                          double                      x,
                          double                      y,
                          double                      w,
                          int                         max_lines,
                          PangoAlignment              align)
{
  g_autoptr(PangoFontDescription) sized = NULL;
  PangoLayout *shown;
  double height;

  if (text == NULL || *text == '\0' || w <= 0)
    return 0.0;

  /* Most text fits at its own size: laid out once. */
  if ((shown = muster_sheet_lay_out_fitting (layout, font, text, w, max_lines, align, &height)) != NULL)
    {
      muster_sheet_show_layout (cr, shown, x, y);
      return height;
    }

  sized = font_at (font, muster_sheet_fit_size (layout, font, text, w, max_lines, least));
  return muster_sheet_draw_lines (cr, layout, sized, text, x, y, w, max_lines, align);
}

double
muster_sheet_draw_name (cairo_t                    *cr,
                        PangoLayout                *layout,
                        const PangoFontDescription *font,
                        double                      least,
                        const char                 *text,
                        double                      x,
                        double                      y,
                        double                      w,
                        int                         lines,
                        int                         max_lines,
                        PangoAlignment              align)
{
  g_autoptr(PangoFontDescription) sized = NULL;
  PangoLayout *shown;
  double height;

  if (text == NULL || *text == '\0' || w <= 0)
    return 0.0;

  if ((shown = muster_sheet_lay_out_fitting (layout, font, text, w, lines, align, &height)) != NULL)
    {
      muster_sheet_show_layout (cr, shown, x, y);
      return height;
    }

  sized = font_at (font, muster_sheet_fit_size (layout, font, text, w, lines, least));
  if (count_lines (layout, sized, text, w) > lines)
    {
      /* Too long for @lines even at @least: as few more as it takes, at
       * the largest size they allow. */
      lines = CLAMP (count_lines (layout, sized, text, w), lines, max_lines);
      g_clear_pointer (&sized, pango_font_description_free);
      sized = font_at (font, muster_sheet_fit_size (layout, font, text, w, lines, least));
    }

  return muster_sheet_draw_lines (cr, layout, sized, text, x, y, w, lines, align);
}

void
muster_sheet_draw_label (cairo_t                    *cr,
                         PangoLayout                *layout,
                         const PangoFontDescription *font,
                         double                      least,
                         const char                 *text,
                         double                      x,
                         double                      y,
                         double                      w,
                         double                      h,
                         PangoAlignment              align)
{
  double size = (double) pango_font_description_get_size (font) / PANGO_SCALE;
  int lines = MAX (1, (int) (h / (size * LINE_HEIGHT)));
  g_autoptr(PangoFontDescription) sized = NULL;
  PangoLayout *shown;
  double height;

  if (text == NULL || *text == '\0' || w <= 0)
    return;

  /* Measured and drawn from the one layout. */
  if ((shown = muster_sheet_lay_out_fitting (layout, font, text, w, lines, align, &height)) == NULL)
    {
      sized = font_at (font, muster_sheet_fit_size (layout, font, text, w, lines, least));
      height = muster_sheet_draw_lines (NULL, layout, sized, text, x, y, w, lines, align);
      shown = layout;
    }
  muster_sheet_show_layout (cr, shown, x, y + MAX (0.0, (h - height) / 2.0));
}
