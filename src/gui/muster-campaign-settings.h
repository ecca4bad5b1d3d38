/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-window.h"

G_BEGIN_DECLS

/* A campaign's settings: its name, the ruleset copy it keeps (id and
 * version), newer rules it can take (with what changed, and Undo), its
 * options, and its forces (add, rename, delete with Undo). */

#define MUSTER_TYPE_CAMPAIGN_SETTINGS (muster_campaign_settings_get_type ())
G_DECLARE_FINAL_TYPE (MusterCampaignSettings, muster_campaign_settings, MUSTER, CAMPAIGN_SETTINGS, AdwWindow)

/* NULL when there is no such campaign. */
GtkWidget *muster_campaign_settings_new          (MusterWindow           *window,
                                                  MusterStore            *store,
                                                  gint64                  campaign_id);
/* Deletes @force_id, offering Undo in the main window. */
void       muster_campaign_settings_delete_force (MusterCampaignSettings *self,
                                                  gint64                  force_id);

G_END_DECLS
