/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-table"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-engine.h"
#include "muster-game.h"
#include "muster-store-private.h"
#include "muster-table-private.h"

/* Taking back at the table: the last hit, the last card dealt, or
 * whichever of them came last (muster-table.h). Their log entries say
 * which came last: each is written with its hit or card, and ids only
 * grow. */

void
muster_table_step_free (MusterTableStep *step)
{
  if (step == NULL)
    return;
  muster_hit_free (step->hit);
  muster_order_entry_free (step->card);
  g_free (step);
}

/* The error of a started game with no hit to take back. */
static void
set_no_hit_error (MusterGame  *game,
                  GError     **error)
{
  g_autofree char *what = muster_game_describe_full (game);

  g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
               _("No hit is recorded in %s: there is nothing to undo."), what);
}

gboolean
muster_store_undo_hit (MusterStore  *store,
                       gint64        game_id,
                       GError      **error)
{
  g_autoptr(MusterGame) game = NULL;
  int ordinal;

  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);

  game = muster_table_get_started_game (store, game_id, error);
  if (game == NULL || (ordinal = muster_table_last_ordinal (store, game_id, error)) < 0)
    return FALSE;
  if (ordinal == 0)
    {
      set_no_hit_error (game, error);
      return FALSE;
    }

  /* Its log entry, its dice and the hit: the library as it was before. */
  if (!muster_store_begin (store, error))
    return FALSE;
  if (!muster_table_delete_hit (store, game_id, ordinal, error) || !muster_store_commit (store, error))
    {
      muster_store_rollback (store);
      return FALSE;
    }
  muster_store_emit_changed (store, MUSTER_CHANGE_GAMES | MUSTER_CHANGE_LOG, muster_game_get_campaign_id (game));
  return TRUE;
}

/* The error of a started game with no card to take back. */
static void
set_no_card_error (MusterGame  *game,
                   GError     **error)
{
  g_autofree char *what = muster_game_describe_full (game);

  g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
               _("No card has been dealt in %s: there is nothing to take back."), what);
}

MusterOrderEntry *
muster_store_undo_card (MusterStore  *store,
                        gint64        game_id,
                        GError      **error)
{
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(MusterOrderEntry) card = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  game = muster_table_get_started_game (store, game_id, error);
  if (game == NULL || !muster_store_begin (store, error))
    return NULL;
  if (!muster_table_last_card (store, game, &card, error))
    goto fail;
  if (card == NULL)
    {
      set_no_card_error (game, error);
      goto fail;
    }
  /* Its log entry and its place: the library as it was before the deal,
   * and the same card comes again, the shuffle being the turn's. */
  if (!muster_table_delete_card (store, game_id, card, error))
    goto fail;
  /* A commit that fails has rolled back already. */
  if (!muster_store_commit (store, error))
    return NULL;
  muster_store_emit_changed (store, MUSTER_CHANGE_GAMES | MUSTER_CHANGE_LOG, muster_game_get_campaign_id (game));
  return g_steal_pointer (&card);

fail:
  muster_store_rollback (store);
  return NULL;
}

/* Whether the last of the game's hits and cards in the log is a card.
 * A card dealt before deals were logged has no entry, and so counts as
 * older than any hit. */
static gboolean
card_came_last (MusterStore  *store,
                gint64        game_id,
                gboolean     *out_card,
                GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (store,
                               "SELECT kind FROM log_entry WHERE game_id = ? AND kind IN ('hit', 'dealt') "
                               "ORDER BY id DESC LIMIT 1",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    {
      muster_store_set_error (store, error, _("Could not read the log"));
      return FALSE;
    }
  *out_card = rc == SQLITE_ROW && g_strcmp0 (muster_column_text (stmt, 0), "dealt") == 0;
  return TRUE;
}

/* The last step of @game, read in the transaction that may undo it. */
static MusterTableStep *
find_last_step (MusterStore  *store,
                MusterGame   *game,
                GError      **error)
{
  g_autoptr(MusterTableStep) step = g_new0 (MusterTableStep, 1);
  g_autoptr(MusterOrderEntry) card = NULL;
  gint64 game_id = muster_game_get_id (game);
  gboolean card_last = FALSE;
  int ordinal;

  if ((ordinal = muster_table_last_ordinal (store, game_id, error)) < 0 ||
      !muster_table_last_card (store, game, &card, error))
    return NULL;
  if (ordinal > 0 && card != NULL && !card_came_last (store, game_id, &card_last, error))
    return NULL;

  if (card != NULL && (ordinal == 0 || card_last))
    {
      step->kind = MUSTER_TABLE_STEP_CARD;
      step->card = g_steal_pointer (&card);
    }
  else if (ordinal > 0)
    {
      g_autoptr(GPtrArray) hits = muster_store_list_hits (store, game_id, error);

      if (hits == NULL)
        return NULL;
      step->kind = MUSTER_TABLE_STEP_HIT;
      step->hit = g_ptr_array_steal_index (hits, hits->len - 1);
    }
  return g_steal_pointer (&step);
}

/**
 * muster_store_get_last_step:
 * @game_id: a game, started or not
 *
 * Returns: (transfer full): the last hit or card of the game, whichever
 * came last, of kind %MUSTER_TABLE_STEP_NONE when it has neither, or
 * %NULL with @error set.
 */
MusterTableStep *
muster_store_get_last_step (MusterStore  *store,
                            gint64        game_id,
                            GError      **error)
{
  g_autoptr(MusterGame) game = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  game = muster_store_get_game (store, game_id, error);
  return game != NULL ? find_last_step (store, game, error) : NULL;
}

/**
 * muster_store_undo_last_step:
 * @game_id: a started game
 *
 * Takes back the last hit or card of the game, whichever came last, in
 * one transaction: the library is as it was before it.
 *
 * Returns: (transfer full): what was taken back, or %NULL with @error set
 * (MUSTER_ENGINE_ERROR_STATE when the game is not started or nothing was
 * done at its table).
 */
MusterTableStep *
muster_store_undo_last_step (MusterStore  *store,
                             gint64        game_id,
                             GError      **error)
{
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(MusterTableStep) step = NULL;
  gboolean ok;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  game = muster_table_get_started_game (store, game_id, error);
  if (game == NULL || !muster_store_begin (store, error))
    return NULL;
  step = find_last_step (store, game, error);
  if (step == NULL)
    goto fail;
  switch (step->kind)
    {
    case MUSTER_TABLE_STEP_HIT:
      ok = muster_table_delete_hit (store, game_id, step->hit->ordinal, error);
      break;
    case MUSTER_TABLE_STEP_CARD:
      ok = muster_table_delete_card (store, game_id, step->card, error);
      break;
    case MUSTER_TABLE_STEP_NONE:
    default:
      {
        g_autofree char *what = muster_game_describe_full (game);

        g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
                     _("No hit is recorded and no card dealt in %s: there is nothing to take back."), what);
        ok = FALSE;
      }
      break;
    }
  if (!ok)
    goto fail;
  /* A commit that fails has rolled back already. */
  if (!muster_store_commit (store, error))
    return NULL;
  muster_store_emit_changed (store, MUSTER_CHANGE_GAMES | MUSTER_CHANGE_LOG, muster_game_get_campaign_id (game));
  return g_steal_pointer (&step);

fail:
  muster_store_rollback (store);
  return NULL;
}
