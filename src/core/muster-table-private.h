/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "muster-ruleset-play.h"
#include "muster-table.h"

G_BEGIN_DECLS

/* Shared by muster-table.c and muster-table-order.c. */

/* The game, which must be started; NULL with MUSTER_ENGINE_ERROR_STATE. */
MusterGame       *muster_table_get_started_game (MusterStore    *store,
                                                 gint64          game_id,
                                                 GError        **error);
/* The campaign's play at the table, or NULL with @error saying its rules
 * predate it. */
const MusterPlay *muster_table_get_play         (MusterStore    *store,
                                                 MusterGame     *game,
                                                 MusterRuleset **out_ruleset,
                                                 GError        **error);

/* The ordinal of the last hit of @game_id: 0 when there is none, -1
 * with @error set. */
int               muster_table_last_ordinal     (MusterStore    *store,
                                                 gint64          game_id,
                                                 GError        **error);
/* Deletes the log entry, the dice and the row of hit @ordinal. */
gboolean          muster_table_delete_hit       (MusterStore    *store,
                                                 gint64          game_id,
                                                 int             ordinal,
                                                 GError        **error);

/* The last card dealt in @game, NULL in @out_card when none
 * (muster-table-order.c). */
gboolean          muster_table_last_card        (MusterStore       *store,
                                                 MusterGame        *game,
                                                 MusterOrderEntry **out_card,
                                                 GError           **error);
/* Deletes @card and its log entry. */
gboolean          muster_table_delete_card      (MusterStore             *store,
                                                 gint64                   game_id,
                                                 const MusterOrderEntry  *card,
                                                 GError                 **error);

/* Deletes the order of @bound and writes @entries (of MusterOrderEntry*)
 * in its place (muster-table-order.c). */
gboolean          muster_table_replace_bound    (MusterStore             *store,
                                                 gint64                   game_id,
                                                 int                      bound,
                                                 GPtrArray               *entries,
                                                 GError                 **error);
/* The arguments of the log entry of a roll of @bound: the bound, and
 * every column of the rows of @previous, the order it replaces (empty
 * when there was none), so that taking the roll back puts them back
 * (muster-table-undo.c). */
JsonObject       *muster_table_order_args       (int                      bound,
                                                 GPtrArray               *previous);

/* Whether @effect takes the man out of the game (muster-table-results.c). */
gboolean          muster_table_effect_removes   (MusterRuleset          *ruleset,
                                                 const MusterPlayEffect *effect);

G_END_DECLS
