/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-campaign.h"

G_BEGIN_DECLS

/* A campaign in the window's sidebar: its name and its ruleset. */

#define MUSTER_TYPE_CAMPAIGN_ROW (muster_campaign_row_get_type ())
G_DECLARE_FINAL_TYPE (MusterCampaignRow, muster_campaign_row, MUSTER, CAMPAIGN_ROW, GtkBox)

GtkWidget *muster_campaign_row_new          (void);
void       muster_campaign_row_set_campaign (MusterCampaignRow *self,
                                             MusterCampaign    *campaign);
/* 0 when it shows none. */
gint64     muster_campaign_row_get_campaign_id (MusterCampaignRow *self);

G_END_DECLS
