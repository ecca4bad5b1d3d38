/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-store.h"

G_BEGIN_DECLS

/*
 * A GListModel of MusterCharacter: one campaign's characters, by id. When
 * the store says characters, forces or games changed (or another process
 * wrote to the library, see muster_store_poll_external()) it reads them
 * again and keeps, by id, every object whose row is unchanged, so that
 * what was made for it (sort keys, search text, a view's widgets) stays;
 * ::items-changed covers the rows between the first and the last that
 * changed. Sorting and filtering are left to a MusterSortFilterModel on
 * top of it.
 */
#define MUSTER_TYPE_ROSTER_MODEL (muster_roster_model_get_type ())
G_DECLARE_FINAL_TYPE (MusterRosterModel, muster_roster_model, MUSTER, ROSTER_MODEL, GObject)

MusterRosterModel *muster_roster_model_new        (MusterStore       *store,
                                                   gint64             campaign_id);
/* Reads the campaign's characters now. */
void               muster_roster_model_set_campaign_id (MusterRosterModel *self,
                                                        gint64             campaign_id);
/* Empties the model and reads the campaign's characters in another
 * thread, on a connection of its own, with their names' sort keys;
 * @callback runs when they arrive, and the model is
 * filled with them by muster_roster_model_load_finish(), whenever the
 * caller is ready. A change in the store meanwhile reads them at once
 * instead (what the thread read is then dropped). */
void               muster_roster_model_load_async  (MusterRosterModel   *self,
                                                    gint64               campaign_id,
                                                    GCancellable        *cancellable,
                                                    GAsyncReadyCallback  callback,
                                                    gpointer             user_data);
gboolean           muster_roster_model_load_finish (MusterRosterModel   *self,
                                                    GAsyncResult        *result,
                                                    GError             **error);
/* TRUE between muster_roster_model_load_async() and the model filled. */
gboolean           muster_roster_model_is_loading  (MusterRosterModel *self);
/* Reads the characters again now. */
void               muster_roster_model_refresh     (MusterRosterModel *self);
/* The character with @id, or NULL. */
MusterCharacter   *muster_roster_model_lookup      (MusterRosterModel *self,
                                                    gint64             id);

G_END_DECLS
