/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-store.h"

G_BEGIN_DECLS

/*
 * A GListModel of MusterCharacter: one campaign's characters, optionally
 * of one force and matching a search text, read with one query. It re-runs
 * the query when the store says characters, forces or games changed and
 * emits ::items-changed for the difference. Sorting is left to the view
 * (GtkSortListModel), filtering by force and text is done in SQL.
 */
#define MUSTER_TYPE_ROSTER_MODEL (muster_roster_model_get_type ())
G_DECLARE_FINAL_TYPE (MusterRosterModel, muster_roster_model, MUSTER, ROSTER_MODEL, GObject)

MusterRosterModel *muster_roster_model_new        (MusterStore       *store,
                                                   gint64             campaign_id);
void               muster_roster_model_set_campaign_id (MusterRosterModel *self,
                                                        gint64             campaign_id);
/* 0 for every force. */
void               muster_roster_model_set_force_id (MusterRosterModel *self,
                                                     gint64             force_id);
/* Case-insensitive match on name, force, troop type and weapon; NULL or
 * "" for all. */
void               muster_roster_model_set_search  (MusterRosterModel *self,
                                                    const char        *text);
/* Re-runs the query now. */
void               muster_roster_model_refresh     (MusterRosterModel *self);

G_END_DECLS
