/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "muster-chart-private.h"

/* The plots inside a chart's frame, one a kind. */

static double
value_or_zero (Chart *chart,
               guint  row,
               guint  column)
{
  double value = muster_stats_series_get_value (chart->series, row, column);

  return isnan (value) ? 0 : MAX (value, 0);
}

/* The sum of the drawn columns of @row. */
static double
row_total (Chart    *chart,
           guint     row,
           gboolean *any)
{
  double total = 0;

  *any = FALSE;
  for (guint c = 0; c < muster_stats_series_get_n_columns (chart->series); c++)
    if (chart_column_drawn (chart, c) && !isnan (muster_stats_series_get_value (chart->series, row, c)))
      {
        total += value_or_zero (chart, row, c);
        *any = TRUE;
      }
  return total;
}

/* Text drawn on @fill: dark on a light colour, light on a dark one. */
static MusterChartColor
text_on (const MusterChartColor *fill)
{
  double luminance = 0.2126 * fill->red + 0.7152 * fill->green + 0.0722 * fill->blue;

  if (luminance > 0.55)
    return (MusterChartColor) { 0.14, 0.12, 0.19, 1 };
  return (MusterChartColor) { 1, 1, 1, 1 };
}

/* --- Stacked areas and bars -------------------------------------------------------- */

void
chart_plot_area (Chart *chart)
{
  guint n_rows = muster_stats_series_get_n_rows (chart->series);
  guint n_columns = muster_stats_series_get_n_columns (chart->series);
  g_autofree double *lower = g_new0 (double, n_rows);
  g_autofree double *upper = g_new0 (double, n_rows);

  for (guint c = 0; c < n_columns; c++)
    {
      MusterChartColor color;

      if (!chart_column_drawn (chart, c))
        continue;
      for (guint r = 0; r < n_rows; r++)
        upper[r] = lower[r] + value_or_zero (chart, r, c);

      muster_chart_get_column_color (chart->series, chart->palette, c, &color);
      cairo_move_to (chart->cr, chart_row_x (chart, 0), chart_value_y (chart, upper[0]));
      for (guint r = 1; r < n_rows; r++)
        cairo_line_to (chart->cr, chart_row_x (chart, r), chart_value_y (chart, upper[r]));
      for (guint r = n_rows; r-- > 0;)
        cairo_line_to (chart->cr, chart_row_x (chart, r), chart_value_y (chart, lower[r]));
      cairo_close_path (chart->cr);
      chart_set_color (chart, &color, 0.75);
      cairo_fill (chart->cr);

      /* The top of each band, sharper than its fill, where the band has
       * a height: a band of none would draw a line of its colour on the
       * one below. */
      for (guint r = 0; r + 1 < n_rows; r++)
        if (upper[r] > lower[r] || upper[r + 1] > lower[r + 1])
          {
            cairo_move_to (chart->cr, chart_row_x (chart, r), chart_value_y (chart, upper[r]));
            cairo_line_to (chart->cr, chart_row_x (chart, r + 1), chart_value_y (chart, upper[r + 1]));
          }
      chart_set_color (chart, &color, 1);
      cairo_set_line_width (chart->cr, chart->line * 0.6);
      cairo_stroke (chart->cr);

      memcpy (lower, upper, n_rows * sizeof (double));
    }
}

void
chart_plot_bars (Chart *chart)
{
  guint n_rows = muster_stats_series_get_n_rows (chart->series);
  guint n_columns = muster_stats_series_get_n_columns (chart->series);
  double slot = chart_row_width (chart);
  double bar = slot * (slot > chart->font ? 0.66 : 0.9);
  /* Totals over the bars while there is room for them. */
  gboolean totals = slot >= chart->font * 1.8;

  for (guint r = 0; r < n_rows; r++)
    {
      double x = chart_row_x (chart, r) - bar / 2;
      double base = 0;
      gboolean any;
      double total = row_total (chart, r, &any);

      for (guint c = 0; c < n_columns; c++)
        {
          double value = value_or_zero (chart, r, c);
          MusterChartColor color;

          if (!chart_column_drawn (chart, c) || value <= 0)
            continue;
          muster_chart_get_column_color (chart->series, chart->palette, c, &color);
          chart_set_color (chart, &color, 1);
          cairo_rectangle (chart->cr, x, chart_value_y (chart, base + value), bar,
                           chart_value_y (chart, base) - chart_value_y (chart, base + value));
          cairo_fill (chart->cr);
          base += value;
        }
      if (totals && any && total > 0)
        {
          g_autofree char *text = muster_stats_series_format_value (chart->series, total);

          chart_text (chart, text, x + bar / 2, chart_value_y (chart, total) - chart->font * 0.15,
                      CHART_CENTER, CHART_END, 0.85, FALSE, &chart->palette->foreground, 0);
        }
    }
}

/* --- Lines and steps ------------------------------------------------------------------ */

void
chart_plot_lines (Chart    *chart,
                  gboolean  steps)
{
  guint n_rows = muster_stats_series_get_n_rows (chart->series);
  guint n_columns = muster_stats_series_get_n_columns (chart->series);
  gboolean markers = !steps && chart_row_width (chart) >= chart->line * 4;

  for (guint c = 0; c < n_columns; c++)
    {
      MusterChartColor color;
      gboolean drawing = FALSE;
      double last_y = 0;

      if (!chart_column_drawn (chart, c))
        continue;
      muster_chart_get_column_color (chart->series, chart->palette, c, &color);
      chart_set_color (chart, &color, 1);
      cairo_set_line_width (chart->cr, chart->line);

      for (guint r = 0; r < n_rows; r++)
        {
          double value = muster_stats_series_get_value (chart->series, r, c);
          double x = chart_row_x (chart, r);
          double y = chart_value_y (chart, value);

          if (isnan (value))
            {
              /* A gap: a step line ends half a row on. */
              if (drawing && steps)
                cairo_line_to (chart->cr, x - chart_row_width (chart) / 2, last_y);
              drawing = FALSE;
              continue;
            }
          if (!drawing)
            cairo_move_to (chart->cr, steps ? x - chart_row_width (chart) / 2 : x, y);
          else if (steps)
            cairo_line_to (chart->cr, x, last_y);
          cairo_line_to (chart->cr, x, y);
          drawing = TRUE;
          last_y = y;
        }
      if (drawing && steps)
        cairo_line_to (chart->cr, chart_row_x (chart, n_rows - 1) + chart_row_width (chart) / 2, last_y);
      cairo_stroke (chart->cr);

      if (!markers)
        continue;
      for (guint r = 0; r < n_rows; r++)
        {
          double value = muster_stats_series_get_value (chart->series, r, c);

          if (isnan (value))
            continue;
          cairo_new_sub_path (chart->cr);
          cairo_arc (chart->cr, chart_row_x (chart, r), chart_value_y (chart, value),
                     chart->line * 1.4, 0, 2 * G_PI);
        }
      cairo_fill (chart->cr);
    }
}

/* --- Ranking ------------------------------------------------------------------------- */

void
chart_plot_ranking (Chart *chart)
{
  guint n_rows = muster_stats_series_get_n_rows (chart->series);
  guint n_columns = muster_stats_series_get_n_columns (chart->series);
  double line_height = chart_line_height (chart, 1);
  double gap = chart->font * 0.6;
  double max = muster_stats_series_get_max (chart->series);
  double label_width = 0, value_width = 0, row_height, bars_x, bars_width;
  guint shown;

  for (guint r = 0; r < n_rows; r++)
    {
      gboolean any;
      double total = row_total (chart, r, &any);
      g_autofree char *text = muster_stats_series_format_value (chart->series, any ? total : NAN);

      label_width = MAX (label_width, chart_text_width (chart, muster_stats_series_get_row_label (chart->series, r), 1, FALSE));
      value_width = MAX (value_width, chart_text_width (chart, text, 1, TRUE));
    }
  label_width = MIN (label_width, chart->width * 0.45);
  bars_x = chart->x + label_width + gap;
  bars_width = MAX (chart->width - label_width - value_width - 2 * gap, 1);

  row_height = MIN (chart->height / n_rows, line_height * 2);
  shown = n_rows;
  if (row_height < line_height * 1.2)
    {
      row_height = line_height * 1.2;
      shown = MAX ((guint) (chart->height / row_height), 1);
    }

  chart_set_color (chart, &chart->palette->foreground, 0.6);
  cairo_set_line_width (chart->cr, MAX (chart->line * 0.4, 0.5));
  cairo_move_to (chart->cr, bars_x, chart->y);
  cairo_line_to (chart->cr, bars_x, chart->y + row_height * MIN (shown, n_rows));
  cairo_stroke (chart->cr);

  for (guint r = 0; r < n_rows && r < shown; r++)
    {
      double cy = chart->y + (r + 0.5) * row_height;
      double bar_height = MIN (row_height * 0.62, line_height * 1.1);
      double x = bars_x;
      gboolean any;
      double total = row_total (chart, r, &any);
      g_autofree char *text = muster_stats_series_format_value (chart->series, any ? total : NAN);

      chart_text (chart, muster_stats_series_get_row_label (chart->series, r), bars_x - gap, cy,
                  CHART_END, CHART_CENTER, 1, FALSE, &chart->palette->foreground, label_width);
      for (guint c = 0; c < n_columns && max > 0; c++)
        {
          double w = value_or_zero (chart, r, c) / max * bars_width;
          MusterChartColor color;

          if (!chart_column_drawn (chart, c) || w <= 0)
            continue;
          muster_chart_get_column_color (chart->series, chart->palette, c, &color);
          chart_set_color (chart, &color, 1);
          cairo_rectangle (chart->cr, x, cy - bar_height / 2, w, bar_height);
          cairo_fill (chart->cr);
          x += w;
        }
      chart_text (chart, text, x + gap * 0.5, cy, CHART_START, CHART_CENTER, 1, TRUE,
                  &chart->palette->foreground, 0);
    }
}

/* --- Matrix ------------------------------------------------------------------------------ */

/* @text wrapped in at most two lines across @w, centred on @x, its
 * bottom at @bottom. */
static void
header_text (Chart      *chart,
             const char *text,
             double      x,
             double      bottom,
             double      w)
{
  PangoRectangle logical;

  /* chart_text() sets the font; the wrapping is this one's own. */
  chart_text (chart, "", 0, 0, CHART_START, CHART_START, 1, FALSE, NULL, 0);
  pango_layout_set_text (chart->layout, text, -1);
  pango_layout_set_width (chart->layout, (int) (w * PANGO_SCALE));
  pango_layout_set_height (chart->layout, -2);
  pango_layout_set_wrap (chart->layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_ellipsize (chart->layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_alignment (chart->layout, PANGO_ALIGN_CENTER);
  pango_layout_get_extents (chart->layout, NULL, &logical);
  cairo_move_to (chart->cr, x - w / 2, bottom - (double) logical.height / PANGO_SCALE);
  chart_set_color (chart, &chart->palette->foreground, 1);
  pango_cairo_show_layout (chart->cr, chart->layout);
  pango_layout_set_height (chart->layout, -1);
  pango_layout_set_alignment (chart->layout, PANGO_ALIGN_LEFT);
}

void
chart_plot_matrix (Chart *chart)
{
  const MusterChartPalette *p = chart->palette;
  guint n_rows = muster_stats_series_get_n_rows (chart->series);
  guint n_columns = muster_stats_series_get_n_columns (chart->series);
  double line_height = chart_line_height (chart, 1);
  double gap = chart->font * 0.6;
  double max = muster_stats_series_get_max (chart->series);
  double label_width = 0, header, cell_width, cell_height, x0, y0;

  for (guint r = 0; r < n_rows; r++)
    label_width = MAX (label_width, chart_text_width (chart, muster_stats_series_get_row_label (chart->series, r), 1, FALSE));
  label_width = MIN (MAX (label_width, chart_text_width (chart, muster_stats_series_get_row_title (chart->series), 1, TRUE)),
                     chart->width * 0.35);
  header = line_height * 3 + gap;
  x0 = chart->x + label_width + gap;
  cell_width = MAX ((chart->x + chart->width - x0) / MAX (n_columns, 1), 1);
  cell_height = MAX (MIN ((chart->height - header) / n_rows, line_height * 2.6), 1);
  y0 = chart->y + header;

  /* Whose kills (down the side) on whom (across the top). */
  chart_text (chart, muster_stats_series_get_value_title (chart->series), x0 + cell_width * n_columns / 2,
              chart->y, CHART_CENTER, CHART_START, 1, TRUE, &p->foreground, cell_width * n_columns);
  chart_text (chart, muster_stats_series_get_row_title (chart->series), chart->x, y0 - gap * 0.5,
              CHART_START, CHART_END, 1, TRUE, &p->foreground, label_width);
  for (guint c = 0; c < n_columns; c++)
    header_text (chart, muster_stats_series_get_column_label (chart->series, c),
                 x0 + (c + 0.5) * cell_width, y0 - gap * 0.5, cell_width - gap * 0.5);

  for (guint r = 0; r < n_rows; r++)
    {
      double cy = y0 + r * cell_height;

      chart_text (chart, muster_stats_series_get_row_label (chart->series, r), x0 - gap, cy + cell_height / 2,
                  CHART_END, CHART_CENTER, 1, FALSE, &p->foreground, label_width);
      for (guint c = 0; c < n_columns; c++)
        {
          double value = muster_stats_series_get_value (chart->series, r, c);
          g_autofree char *text = muster_stats_series_format_value (chart->series, value);
          MusterChartColor fill, ink;
          double amount = isnan (value) || value <= 0 || max <= 0 ? 0.05 : 0.2 + 0.8 * value / max;

          chart_mix (&p->background, &p->accent, amount, &fill);
          chart_set_color (chart, &fill, 1);
          cairo_rectangle (chart->cr, x0 + c * cell_width + 1, cy + 1, cell_width - 2, cell_height - 2);
          cairo_fill (chart->cr);
          ink = text_on (&fill);
          chart_text (chart, text, x0 + (c + 0.5) * cell_width, cy + cell_height / 2, CHART_CENTER, CHART_CENTER,
                      1.1, value > 0, &ink, cell_width);
        }
    }
}
