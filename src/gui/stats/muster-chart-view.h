/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "muster-chart.h"
#include "muster-stats.h"

G_BEGIN_DECLS

/* One chart: a series drawn by muster_chart_draw() in the colours of the
 * widget's style (its text colour, and the style's accent_bg_color and
 * other named colours, light or dark). A screen reader hears it as an
 * image named by the series' title and described by its description. */

#define MUSTER_TYPE_CHART_VIEW (muster_chart_view_get_type ())
G_DECLARE_FINAL_TYPE (MusterChartView, muster_chart_view, MUSTER, CHART_VIEW, GtkWidget)

GtkWidget         *muster_chart_view_new         (void);
void               muster_chart_view_set_series  (MusterChartView    *self,
                                                  MusterStatsSeries  *series);
MusterStatsSeries *muster_chart_view_get_series  (MusterChartView    *self);
/* The palette the chart is drawn in, from the widget's style now. */
void               muster_chart_view_get_palette (MusterChartView    *self,
                                                  MusterChartPalette *palette);

G_END_DECLS
