/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

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

/* Whether @effect takes the man out of the game (muster-table-results.c). */
gboolean          muster_table_effect_removes   (MusterRuleset          *ruleset,
                                                 const MusterPlayEffect *effect);

G_END_DECLS
