/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "muster-chart-private.h"
#include "muster-sheet-private.h"

/* A chart's frame: its title, legend and axes, and the text and colours
 * every kind draws with. */

/* --- Colours ------------------------------------------------------------------- */

static const char * const print_series[MUSTER_CHART_N_SERIES_COLORS] = {
  "#1c71d8", "#e66100", "#26a269", "#813d9c", "#c01c28", "#986a44", "#62a0ea", "#e5a50a",
};

/* @n numbers separated by commas, then ")" and the end: CSS's, with a
 * point for decimals whatever the locale says. */
static gboolean
parse_numbers (const char *text,
               double     *numbers,
               guint       n)
{
  const char *p = text;

  for (guint i = 0; i < n; i++)
    {
      char *end = NULL;

      while (g_ascii_isspace (*p))
        p++;
      numbers[i] = g_ascii_strtod (p, &end);
      if (end == p)
        return FALSE;
      p = end;
      while (g_ascii_isspace (*p))
        p++;
      if (*p != (i + 1 < n ? ',' : ')'))
        return FALSE;
      p++;
    }
  return *p == '\0';
}

gboolean
muster_chart_color_parse (MusterChartColor *color,
                          const char       *text)
{
  unsigned int r, g, b;
  double numbers[4] = { 0, 0, 0, 1 };
  char tail;

  g_return_val_if_fail (color != NULL, FALSE);

  if (text == NULL)
    return FALSE;
  if (sscanf (text, "#%2x%2x%2x%c", &r, &g, &b, &tail) == 3 && strlen (text) == 7)
    {
      *color = (MusterChartColor) { r / 255.0, g / 255.0, b / 255.0, 1 };
      return TRUE;
    }
  if ((g_str_has_prefix (text, "rgba(") && parse_numbers (text + 5, numbers, 4)) ||
      (g_str_has_prefix (text, "rgb(") && parse_numbers (text + 4, numbers, 3)))
    {
      *color = (MusterChartColor) { CLAMP (numbers[0], 0, 255) / 255.0, CLAMP (numbers[1], 0, 255) / 255.0,
                                    CLAMP (numbers[2], 0, 255) / 255.0, CLAMP (numbers[3], 0, 1) };
      return TRUE;
    }
  return FALSE;
}

static MusterChartColor
color_of (const char *text)
{
  MusterChartColor color = { 0, 0, 0, 1 };

  if (!muster_chart_color_parse (&color, text))
    g_assert_not_reached ();
  return color;
}

void
muster_chart_palette_init_print (MusterChartPalette *palette)
{
  g_return_if_fail (palette != NULL);

  palette->background = color_of ("#ffffff");
  palette->foreground = color_of ("#241f31");
  palette->grid = color_of ("rgba(36, 31, 49, 0.15)");
  palette->accent = color_of ("#1c71d8");
  palette->warning = color_of ("#e5a50a");
  palette->error = color_of ("#c01c28");
  palette->other = color_of ("#813d9c");
  palette->muted = color_of ("#9a9996");
  for (guint i = 0; i < MUSTER_CHART_N_SERIES_COLORS; i++)
    palette->series[i] = color_of (print_series[i]);
  palette->font_family = NULL;
  palette->font_size = 8;
}

void
muster_chart_get_column_color (MusterStatsSeries        *series,
                               const MusterChartPalette *palette,
                               guint                     column,
                               MusterChartColor         *color)
{
  guint automatic = 0;

  g_return_if_fail (MUSTER_IS_STATS_SERIES (series));
  g_return_if_fail (palette != NULL && color != NULL);
  g_return_if_fail (column < muster_stats_series_get_n_columns (series));

  switch (muster_stats_series_get_column_tone (series, column))
    {
    case MUSTER_STATS_TONE_ACCENT:  *color = palette->accent;  return;
    case MUSTER_STATS_TONE_WARNING: *color = palette->warning; return;
    case MUSTER_STATS_TONE_ERROR:   *color = palette->error;   return;
    case MUSTER_STATS_TONE_OTHER:   *color = palette->other;   return;
    case MUSTER_STATS_TONE_MUTED:
    case MUSTER_STATS_TONE_NOTE:    *color = palette->muted;   return;
    case MUSTER_STATS_TONE_AUTO:
    default:
      break;
    }
  /* The automatic columns before this one took the colours before its:
   * the first takes the first. A series that has the accent already
   * starts after it. */
  for (guint c = 0; c < column; c++)
    if (muster_stats_series_get_column_tone (series, c) == MUSTER_STATS_TONE_AUTO ||
        muster_stats_series_get_column_tone (series, c) == MUSTER_STATS_TONE_ACCENT)
      automatic++;
  *color = palette->series[automatic % MUSTER_CHART_N_SERIES_COLORS];
}

void
chart_set_color (Chart                  *chart,
                 const MusterChartColor *color,
                 double                  alpha)
{
  cairo_set_source_rgba (chart->cr, color->red, color->green, color->blue, color->alpha * alpha);
}

void
chart_mix (const MusterChartColor *under,
           const MusterChartColor *color,
           double                  amount,
           MusterChartColor       *out)
{
  double a = CLAMP (amount, 0, 1) * color->alpha;

  out->red = under->red * (1 - a) + color->red * a;
  out->green = under->green * (1 - a) + color->green * a;
  out->blue = under->blue * (1 - a) + color->blue * a;
  out->alpha = 1;
}

gboolean
chart_column_drawn (Chart *chart,
                    guint  column)
{
  return muster_stats_series_get_column_tone (chart->series, column) != MUSTER_STATS_TONE_NOTE;
}

/* --- Text ---------------------------------------------------------------------- */

static void
set_font (Chart    *chart,
          double    scale,
          gboolean  bold)
{
  PangoFontDescription *font = pango_font_description_new ();

  pango_font_description_set_family (font, chart->palette->font_family != NULL
                                           ? chart->palette->font_family : MUSTER_SHEET_FAMILY);
  pango_font_description_set_absolute_size (font, chart->font * scale * PANGO_SCALE);
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (chart->layout, font);
  pango_font_description_free (font);
}

double
chart_text (Chart                  *chart,
            const char             *text,
            double                  x,
            double                  y,
            ChartAlign              halign,
            ChartAlign              valign,
            double                  scale,
            gboolean                bold,
            const MusterChartColor *color,
            double                  max_width)
{
  PangoRectangle logical;
  double w, h;

  set_font (chart, scale, bold);
  pango_layout_set_text (chart->layout, text != NULL ? text : "", -1);
  pango_layout_set_width (chart->layout, max_width > 0 ? (int) (max_width * PANGO_SCALE) : -1);
  pango_layout_set_ellipsize (chart->layout, max_width > 0 ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
  pango_layout_get_extents (chart->layout, NULL, &logical);
  w = (double) logical.width / PANGO_SCALE;
  h = (double) logical.height / PANGO_SCALE;

  if (chart->cr != NULL && color != NULL)
    {
      cairo_move_to (chart->cr,
                     x - w * (halign == CHART_CENTER ? 0.5 : halign == CHART_END ? 1 : 0) - logical.x / (double) PANGO_SCALE,
                     y - h * (valign == CHART_CENTER ? 0.5 : valign == CHART_END ? 1 : 0));
      chart_set_color (chart, color, 1);
      pango_cairo_show_layout (chart->cr, chart->layout);
    }
  return w;
}

double
chart_text_width (Chart      *chart,
                  const char *text,
                  double      scale,
                  gboolean    bold)
{
  return chart_text (chart, text, 0, 0, CHART_START, CHART_START, scale, bold, NULL, 0);
}

double
chart_line_height (Chart  *chart,
                   double  scale)
{
  PangoRectangle logical;

  set_font (chart, scale, FALSE);
  pango_layout_set_width (chart->layout, -1);
  pango_layout_set_text (chart->layout, "Ag", -1);
  pango_layout_get_extents (chart->layout, NULL, &logical);
  return (double) logical.height / PANGO_SCALE;
}

/* --- The value axis -------------------------------------------------------------- */

/* A step of 1, 2 or 5 times a power of ten giving about @ticks ticks up
 * to @max; whole numbers at least 1 for counts. */
static double
nice_step (double   max,
           int      ticks,
           gboolean whole)
{
  double raw = max / ticks;
  double magnitude, fraction, step;

  if (raw <= 0)
    return 1;
  magnitude = pow (10, floor (log10 (raw)));
  fraction = raw / magnitude;
  step = (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * magnitude;
  return whole ? MAX (step, 1) : step;
}

static void
scale_values (Chart *chart,
              int    ticks)
{
  double max = muster_stats_series_get_max (chart->series);

  /* Room over the bars for their totals. */
  if (muster_stats_series_get_kind (chart->series) == MUSTER_STATS_KIND_BARS)
    max *= 1.08;

  if (muster_stats_series_get_value_type (chart->series) == MUSTER_STATS_VALUE_SHARE)
    {
      chart->top = 1;
      chart->step = 0.25;
      return;
    }
  chart->step = nice_step (max, ticks, muster_stats_series_get_value_type (chart->series) == MUSTER_STATS_VALUE_COUNT);
  chart->top = MAX (ceil (max / chart->step - 1e-9) * chart->step, chart->step);
}

double
chart_value_y (Chart  *chart,
               double  value)
{
  return chart->y + chart->height - chart->height * CLAMP (value / chart->top, 0, 1);
}

double
chart_row_width (Chart *chart)
{
  guint n = muster_stats_series_get_n_rows (chart->series);

  return n > 0 ? chart->width / n : chart->width;
}

double
chart_row_x (Chart *chart,
             guint  row)
{
  return chart->x + (row + 0.5) * chart_row_width (chart);
}

/* Every how many rows a label fits: 1, 2, 5, 10, 20, 50 ... */
static guint
label_stride (Chart *chart)
{
  guint n = muster_stats_series_get_n_rows (chart->series);
  double widest = 0;
  guint stride = 1;

  for (guint r = 0; r < n; r++)
    widest = MAX (widest, chart_text_width (chart, muster_stats_series_get_row_label (chart->series, r), 1, FALSE));
  widest += chart->font;
  for (guint magnitude = 1; ; magnitude *= 10)
    {
      static const guint steps[] = { 1, 2, 5 };

      for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
        {
          stride = steps[i] * magnitude;
          if (stride * chart_row_width (chart) >= widest || stride >= n)
            return stride;
        }
    }
}

/* Whether row @r has its label under a chart with a label every
 * @stride rows: rows numbered (games, games taken part in) at round
 * numbers, and the first when there is room before the next. */
static gboolean
label_shown (Chart *chart,
             guint  r,
             guint  stride)
{
  guint n = muster_stats_series_get_n_rows (chart->series);
  gint64 number;

  if (stride <= 1)
    return TRUE;
  if (!g_ascii_string_to_signed (muster_stats_series_get_row_label (chart->series, r), 10,
                                 G_MININT64, G_MAXINT64, &number, NULL))
    return r % stride == 0;
  if (number % stride == 0)
    return TRUE;
  if (r != 0)
    return FALSE;
  for (guint next = 1; next < n; next++)
    if (label_shown (chart, next, stride))
      return (next - 1) * chart_row_width (chart) >= chart->font * 3;
  return TRUE;
}

/* The axes around the plot, fitting it into (@x, @y, @w, @h) with room
 * for the tick labels and the axes' titles. */
static void
draw_axes (Chart  *chart,
           double  x,
           double  y,
           double  w,
           double  h)
{
  const MusterChartPalette *p = chart->palette;
  const char *value_title = muster_stats_series_get_value_title (chart->series);
  const char *row_title = muster_stats_series_get_row_title (chart->series);
  double line_height = chart_line_height (chart, 1);
  double gap = chart->font * 0.5;
  double tick_width = 0;
  guint n_ticks, stride, n_rows = muster_stats_series_get_n_rows (chart->series);

  scale_values (chart, MAX (2, (int) (h / (line_height * 2.5))));
  n_ticks = (guint) llround (chart->top / chart->step);
  for (guint i = 0; i <= n_ticks; i++)
    {
      g_autofree char *text = muster_stats_series_format_value (chart->series, i * chart->step);
      tick_width = MAX (tick_width, chart_text_width (chart, text, 1, FALSE));
    }

  chart->x = x + line_height + gap + tick_width + gap;
  chart->y = y + line_height * 0.5;
  chart->width = MAX (x + w - chart->x - gap, 1);
  chart->height = MAX (y + h - chart->y - (line_height + gap) * 2, 1);

  /* The grid, a line a tick, with its number. */
  cairo_set_line_width (chart->cr, MAX (chart->line * 0.4, 0.5));
  for (guint i = 0; i <= n_ticks; i++)
    {
      double value = i * chart->step;
      double ty = chart_value_y (chart, value);
      g_autofree char *text = muster_stats_series_format_value (chart->series, value);

      chart_set_color (chart, i == 0 ? &p->foreground : &p->grid, i == 0 ? 0.6 : 1);
      cairo_move_to (chart->cr, chart->x, ty);
      cairo_line_to (chart->cr, chart->x + chart->width, ty);
      cairo_stroke (chart->cr);
      chart_text (chart, text, chart->x - gap, ty, CHART_END, CHART_CENTER, 1, FALSE, &p->foreground, 0);
    }

  /* What the numbers are, up the side. */
  cairo_save (chart->cr);
  cairo_translate (chart->cr, x, chart->y + chart->height / 2);
  cairo_rotate (chart->cr, -G_PI / 2);
  chart_text (chart, value_title, 0, 0, CHART_CENTER, CHART_START, 1, TRUE, &p->foreground, chart->height);
  cairo_restore (chart->cr);

  /* The rows, as many labels as fit, and what they are. */
  stride = label_stride (chart);
  for (guint r = 0; r < n_rows; r++)
    {
      double rx = chart_row_x (chart, r);

      if (!label_shown (chart, r, stride))
        continue;

      chart_set_color (chart, &p->foreground, 0.6);
      cairo_move_to (chart->cr, rx, chart->y + chart->height);
      cairo_line_to (chart->cr, rx, chart->y + chart->height + gap * 0.6);
      cairo_stroke (chart->cr);
      chart_text (chart, muster_stats_series_get_row_label (chart->series, r), rx,
                  chart->y + chart->height + gap * 0.8, CHART_CENTER, CHART_START, 1, FALSE, &p->foreground, 0);
    }
  chart_text (chart, row_title, chart->x + chart->width / 2, y + h, CHART_CENTER, CHART_END, 1, TRUE,
              &p->foreground, chart->width);
}

/* --- The frame ------------------------------------------------------------------- */

/* The legend's entries in rows across @w from (@x, @y); returns its
 * height. Draws nothing with @draw FALSE. */
static double
draw_legend (Chart    *chart,
             double    x,
             double    y,
             double    w,
             gboolean  draw)
{
  guint n = muster_stats_series_get_n_columns (chart->series);
  double line_height = chart_line_height (chart, 1);
  double swatch = chart->font * 0.9;
  double gap = chart->font * 0.6;
  double cx = x, cy = y;
  guint drawn = 0;

  for (guint c = 0; c < n; c++)
    drawn += chart_column_drawn (chart, c) ? 1 : 0;
  /* One thing drawn needs no key: the axis says what it is. */
  if (drawn < 2 || muster_stats_series_get_kind (chart->series) == MUSTER_STATS_KIND_MATRIX)
    return 0;

  for (guint c = 0; c < n; c++)
    {
      const char *label = muster_stats_series_get_column_label (chart->series, c);
      double entry = swatch + gap * 0.5 + MIN (chart_text_width (chart, label, 1, FALSE), w - swatch - gap);
      MusterChartColor color;

      if (!chart_column_drawn (chart, c))
        continue;
      if (cx > x && cx + entry > x + w)
        {
          cx = x;
          cy += line_height * 1.3;
        }
      if (draw)
        {
          muster_chart_get_column_color (chart->series, chart->palette, c, &color);
          chart_set_color (chart, &color, 1);
          cairo_rectangle (chart->cr, cx, cy + (line_height - swatch) / 2, swatch, swatch);
          cairo_fill (chart->cr);
          chart_text (chart, label, cx + swatch + gap * 0.5, cy, CHART_START, CHART_START, 1, FALSE,
                      &chart->palette->foreground, w - swatch - gap);
        }
      cx += entry + gap * 1.5;
    }
  return cy - y + line_height;
}

void
muster_chart_draw (cairo_t                  *cr,
                   MusterStatsSeries        *series,
                   const MusterChartPalette *palette,
                   MusterChartFlags          flags,
                   double                    x,
                   double                    y,
                   double                    width,
                   double                    height)
{
  Chart chart = { 0, };
  double pad, legend;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (MUSTER_IS_STATS_SERIES (series));
  g_return_if_fail (palette != NULL);

  chart.cr = cr;
  chart.series = series;
  chart.palette = palette;
  chart.font = palette->font_size > 0 ? palette->font_size : 8;
  chart.line = chart.font * 0.2;
  pad = chart.font * 0.5;

  cairo_save (cr);
  chart.layout = muster_sheet_create_layout (cr);
  cairo_rectangle (cr, x, y, width, height);
  cairo_clip (cr);
  if (palette->background.alpha > 0)
    {
      chart_set_color (&chart, &palette->background, 1);
      cairo_paint (cr);
    }
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  x += pad;
  y += pad;
  width -= 2 * pad;
  height -= 2 * pad;
  if (!(flags & MUSTER_CHART_NO_TITLE))
    {
      double title_height = chart_line_height (&chart, 1.25);

      chart_text (&chart, muster_stats_series_get_title (series), x, y, CHART_START, CHART_START, 1.25, TRUE,
                  &palette->foreground, width);
      y += title_height + pad;
      height -= title_height + pad;
    }

  if (muster_stats_series_get_n_rows (series) == 0)
    {
      chart_text (&chart, _("Nothing to show yet"), x + width / 2, y + height / 2, CHART_CENTER, CHART_CENTER,
                  1, FALSE, &palette->foreground, width);
      goto out;
    }

  legend = draw_legend (&chart, x, y, width, FALSE);
  if (legend > 0)
    {
      draw_legend (&chart, x, y, width, TRUE);
      y += legend + pad;
      height -= legend + pad;
    }

  chart.x = x;
  chart.y = y;
  chart.width = MAX (width, 1);
  chart.height = MAX (height, 1);
  switch (muster_stats_series_get_kind (series))
    {
    case MUSTER_STATS_KIND_RANKING:
      chart_plot_ranking (&chart);
      break;
    case MUSTER_STATS_KIND_MATRIX:
      chart_plot_matrix (&chart);
      break;
    case MUSTER_STATS_KIND_BARS:
      draw_axes (&chart, x, y, width, height);
      chart_plot_bars (&chart);
      break;
    case MUSTER_STATS_KIND_AREA:
      draw_axes (&chart, x, y, width, height);
      /* One game is a bar: an area needs two. */
      if (muster_stats_series_get_n_rows (series) > 1)
        chart_plot_area (&chart);
      else
        chart_plot_bars (&chart);
      break;
    case MUSTER_STATS_KIND_STEP:
    case MUSTER_STATS_KIND_LINES:
    default:
      draw_axes (&chart, x, y, width, height);
      chart_plot_lines (&chart, muster_stats_series_get_kind (series) == MUSTER_STATS_KIND_STEP);
      break;
    }

out:
  g_object_unref (chart.layout);
  cairo_restore (cr);
}
