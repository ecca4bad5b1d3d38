/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "muster-stats.h"
#include "muster-store.h"

G_BEGIN_DECLS

/* One statistic of the Statistics page: its title, a choice of force
 * (the whole campaign or one force; a series kept a force, such as
 * strength, offers only the forces), the chart, and a toggle to the
 * table of the numbers behind it. */

#define MUSTER_TYPE_CHART_CARD (muster_chart_card_get_type ())
G_DECLARE_FINAL_TYPE (MusterChartCard, muster_chart_card, MUSTER, CHART_CARD, GtkBox)

/* @series is the campaign's (force 0); @forces the campaign's
 * MusterForce list; @per_force when the series is one a force. */
GtkWidget         *muster_chart_card_new        (MusterStore       *store,
                                                 gint64             campaign_id,
                                                 MusterStatsSeries *series,
                                                 GPtrArray         *forces,
                                                 gboolean           per_force);
MusterStatsSeries *muster_chart_card_get_series (MusterChartCard   *self);
/* Shows the series of the force at @position of the card's choice (0:
 * the whole campaign, or the first force for a series a force). */
void               muster_chart_card_set_force  (MusterChartCard   *self,
                                                 guint              position);
/* Shows the table (TRUE) or the chart. */
void               muster_chart_card_show_table (MusterChartCard   *self,
                                                 gboolean           table);
GtkWidget         *muster_chart_card_get_chart  (MusterChartCard   *self);
/* The table, made when it is first shown; NULL before. */
GtkWidget         *muster_chart_card_get_table  (MusterChartCard   *self);

G_END_DECLS
