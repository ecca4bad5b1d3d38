/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <pango/pangocairo.h>

#include "muster-chart.h"

G_BEGIN_DECLS

/* What drawing one chart shares: muster-chart.c lays out the title, the
 * legend and the axes; muster-chart-plots.c draws each kind inside. */

typedef struct {
  cairo_t                  *cr;
  PangoLayout              *layout;
  MusterStatsSeries        *series;
  const MusterChartPalette *palette;
  double                    font;      /* the labels' size */
  double                    line;      /* the width of a plotted line */
  /* The plot, inside the axes. */
  double                    x;
  double                    y;
  double                    width;
  double                    height;
  /* The value axis: 0 to top, a tick each step. */
  double                    top;
  double                    step;
} Chart;

typedef enum {
  CHART_START,
  CHART_CENTER,
  CHART_END,
} ChartAlign;

/* Draws one line of @text with its box's @halign / @valign point at
 * (@x, @y), at @scale times the labels' size, shortened with an
 * ellipsis past @max_width (0: never); returns its width. With @cr NULL
 * it only measures. */
double  chart_text          (Chart                  *chart,
                             const char             *text,
                             double                  x,
                             double                  y,
                             ChartAlign              halign,
                             ChartAlign              valign,
                             double                  scale,
                             gboolean                bold,
                             const MusterChartColor *color,
                             double                  max_width);
double  chart_text_width    (Chart                  *chart,
                             const char             *text,
                             double                  scale,
                             gboolean                bold);
/* The height of a line of labels at @scale. */
double  chart_line_height   (Chart                  *chart,
                             double                  scale);
void    chart_set_color     (Chart                  *chart,
                             const MusterChartColor *color,
                             double                  alpha);
/* @color blended over @under: @amount 0 is @under, 1 is @color. */
void    chart_mix           (const MusterChartColor *under,
                             const MusterChartColor *color,
                             double                  amount,
                             MusterChartColor       *out);
/* Whether a column is drawn (not a note for the table). */
gboolean chart_column_drawn (Chart                  *chart,
                             guint                   column);

/* The value axis and its grid; the x place of a row. */
double  chart_value_y       (Chart                  *chart,
                             double                  value);
double  chart_row_x         (Chart                  *chart,
                             guint                   row);
double  chart_row_width     (Chart                  *chart);

/* Each kind's plot (muster-chart-plots.c), inside chart->x ... */
void    chart_plot_area     (Chart *chart);
void    chart_plot_bars     (Chart *chart);
void    chart_plot_lines    (Chart *chart,
                             gboolean steps);
void    chart_plot_ranking  (Chart *chart);
void    chart_plot_matrix   (Chart *chart);

G_END_DECLS
