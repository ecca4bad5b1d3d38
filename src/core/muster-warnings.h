/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-store.h"

G_BEGIN_DECLS

/*
 * What Muster takes but is probably a slip: a game dated before the game
 * played before it, two characters of a campaign with one name, a game
 * finished with no results. Each function returns the sentences to show
 * (translated; of char*, empty when nothing looks wrong), or NULL with
 * @error set when the library cannot be read. The command line prints
 * them as warnings and the dialogs show them; nothing is refused.
 */

/* How many characters of @campaign_id (0: of every campaign) are called
 * @name, case aside, leaving out @except_id (0: none). */
gboolean   muster_store_count_named         (MusterStore  *store,
                                             gint64        campaign_id,
                                             const char   *name,
                                             gint64        except_id,
                                             guint        *out_count,
                                             GError      **error);

/* @date (YYYY-MM-DD; NULL or not a date: nothing to say) for game @game_id of
 * @campaign_id, or with @game_id 0 for the game about to be planned:
 * earlier than the date of a game numbered before it. */
GPtrArray *muster_warnings_for_game_date    (MusterStore  *store,
                                             gint64        campaign_id,
                                             gint64        game_id,
                                             const char   *date,
                                             GError      **error);

/* @name for character @character_id of @campaign_id (0: a new one):
 * another character of the campaign has it. */
GPtrArray *muster_warnings_for_character_name (MusterStore *store,
                                               gint64       campaign_id,
                                               gint64       character_id,
                                               const char  *name,
                                               GError     **error);

/* Finishing game @game_id: no result is recorded for anyone in it. */
GPtrArray *muster_warnings_for_finish       (MusterStore  *store,
                                             gint64        game_id,
                                             GError      **error);

G_END_DECLS
