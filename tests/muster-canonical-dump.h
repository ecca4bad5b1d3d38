/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-store.h"

G_BEGIN_DECLS

/* The rows of a campaign or a force as text that does not depend on row
 * ids, so that a campaign and its copy through a .muster file can be
 * compared line by line. */

/* Every row of @campaign_id in every table, with each row id replaced by
 * a key of its own (forces and rolls by their order, units and characters
 * by their force and their order in it, games by number, resolutions by
 * their game). Rows follow each other in a fixed order; the log and the
 * rolls keep theirs. A change a resolution kept for a row deleted since is
 * left out (a .muster file does not carry it). Fails the test when the
 * library has a table the dump does not know: decide first whether a
 * campaign file carries it. */
char *muster_canonical_campaign_dump (MusterStore *store,
                                      gint64       campaign_id);

/* What a force file carries of @force_id: the force, its units with their
 * values, its characters with their stats, and each character's totals of
 * kills and games: counted in the campaign with what he brought from
 * elsewhere (@imported FALSE), or, for a force that joined from a file
 * (@imported TRUE), what he brought, which must be what the log recorded
 * when it joined. */
char *muster_canonical_force_dump    (MusterStore *store,
                                      gint64       force_id,
                                      gboolean     imported);

G_END_DECLS
