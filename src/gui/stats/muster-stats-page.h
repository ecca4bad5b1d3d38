/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-store.h"

G_BEGIN_DECLS

/* The campaign's statistics: a chart card (muster-chart-card.h) a
 * series, computed from the store each time the campaign changes, or
 * an empty state while the campaign has no games. */

#define MUSTER_TYPE_STATS_PAGE (muster_stats_page_get_type ())
G_DECLARE_FINAL_TYPE (MusterStatsPage, muster_stats_page, MUSTER, STATS_PAGE, AdwBin)

GtkWidget *muster_stats_page_new          (MusterStore     *store);
void       muster_stats_page_set_campaign (MusterStatsPage *self,
                                           gint64           campaign_id);
/* The chart cards shown, of MusterChartCard* (empty in the empty state),
 * read again first if the campaign changed while the page was hidden. */
GPtrArray *muster_stats_page_get_cards    (MusterStatsPage *self);

G_END_DECLS
