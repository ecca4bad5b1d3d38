/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-types.h"
#include "muster-ruleset.h"

G_BEGIN_DECLS

/* A view of one campaign row, read when it was loaded. */
#define MUSTER_TYPE_CAMPAIGN (muster_campaign_get_type ())
G_DECLARE_FINAL_TYPE (MusterCampaign, muster_campaign, MUSTER, CAMPAIGN, GObject)

gint64         muster_campaign_get_id              (MusterCampaign *self);
const char    *muster_campaign_get_name            (MusterCampaign *self);
const char    *muster_campaign_get_ruleset_id      (MusterCampaign *self);
const char    *muster_campaign_get_ruleset_version (MusterCampaign *self);
guint64        muster_campaign_get_seed            (MusterCampaign *self);
const char    *muster_campaign_get_created         (MusterCampaign *self);
/* The campaign's own copy of its ruleset, parsed on first use. NULL only if
 * the stored copy no longer loads; then the next function says why. */
MusterRuleset *muster_campaign_get_ruleset         (MusterCampaign *self);
const GError  *muster_campaign_get_ruleset_error   (MusterCampaign *self);
/* The same, for where a campaign is opened: the ruleset, or NULL with
 * @error saying why the stored copy does not load. */
MusterRuleset *muster_campaign_load_ruleset        (MusterCampaign *self,
                                                    GError        **error);
/* The choice the campaign made for @option, or the ruleset's default. */
const char    *muster_campaign_get_option          (MusterCampaign *self,
                                                    const char     *option);
/* option id -> choice id, as stored. */
GHashTable    *muster_campaign_get_options         (MusterCampaign *self);

/* For the store. Takes copies. */
MusterCampaign *muster_campaign_new (gint64      id,
                                     const char *name,
                                     const char *ruleset_id,
                                     const char *ruleset_version,
                                     const char *ruleset_xml,
                                     guint64     seed,
                                     const char *created,
                                     GHashTable *options);

G_END_DECLS
