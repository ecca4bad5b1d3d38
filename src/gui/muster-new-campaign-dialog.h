/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-window.h"

G_BEGIN_DECLS

/* A new campaign: name, ruleset, seed and the ruleset's options. The
 * action dialog.save creates it and opens it in @window. */

#define MUSTER_TYPE_NEW_CAMPAIGN_DIALOG (muster_new_campaign_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MusterNewCampaignDialog, muster_new_campaign_dialog, MUSTER, NEW_CAMPAIGN_DIALOG, AdwWindow)

GtkWidget *muster_new_campaign_dialog_new (MusterWindow *window,
                                           MusterStore  *store);

G_END_DECLS
