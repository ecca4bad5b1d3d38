/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-campaign-settings.h"
#include "muster-rules-update.h"

G_BEGIN_DECLS

/* Shared by muster-campaign-settings.c (the dialog, its campaign, options
 * and forces) and muster-campaign-settings-rules.c (newer rules). */

struct _MusterCampaignSettings
{
  AdwWindow            parent_instance;

  MusterWindow        *window;       /* unowned: the dialog dies with it */
  MusterStore         *store;
  gulong               changed_id;
  gint64               campaign_id;
  GPtrArray           *option_rows;
  GPtrArray           *reading_rows;
  GPtrArray           *force_rows;
  GPtrArray           *rules_rows;
  MusterRulesUpdate   *update;       /* what taking newer rules would do */

  /* Template widgets */
  AdwToastOverlay     *toast_overlay;
  AdwEntryRow         *name_row;
  AdwActionRow        *ruleset_row;
  AdwActionRow        *seed_row;
  AdwActionRow        *created_row;
  AdwPreferencesGroup *rules_group;
  GtkButton           *take_rules_button;
  AdwPreferencesGroup *options_group;
  AdwPreferencesGroup *readings_group;
  AdwPreferencesGroup *forces_group;
};

/* Removes @rows (of AdwPreferencesRow*) from @group and empties the array. */
void muster_campaign_settings_clear_rows  (AdwPreferencesGroup    *group,
                                           GPtrArray              *rows);
/* A toast with the message of @error. */
void muster_campaign_settings_show_error  (MusterCampaignSettings *self,
                                           const GError           *error);
/* A toast saying what @undo (transfer full) undoes, with Undo; the main
 * window keeps the record, so Undo works from either window. */
void muster_campaign_settings_offer_undo  (MusterCampaignSettings *self,
                                           MusterUndo             *undo);

/* The newer-rules group: shown when the campaign can take newer rules or
 * its copy no longer loads (muster-campaign-settings-rules.c). */
void muster_campaign_settings_load_rules  (MusterCampaignSettings *self);
void muster_campaign_settings_take_rules_clicked (MusterCampaignSettings *self);

G_END_DECLS
