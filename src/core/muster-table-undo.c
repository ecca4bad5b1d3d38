/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-table"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-engine.h"
#include "muster-game.h"
#include "muster-store-private.h"
#include "muster-table-private.h"

/* Taking back at the table: the last hit, the last card dealt, or
 * whichever of them and the rolls of the order came last (muster-table.h).
 * Their log entries say which came last: each is written with its hit,
 * card or order, and ids only grow. A roll's entry keeps the order it
 * replaced, which taking it back puts back. */

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

/* --- A roll of the order ---------------------------------------------------- */

JsonObject *
muster_table_order_args (int        bound,
                         GPtrArray *previous)
{
  JsonArray *rows = json_array_new ();

  for (guint i = 0; i < previous->len; i++)
    {
      const MusterOrderEntry *entry = g_ptr_array_index (previous, i);

      json_array_add_object_element (rows, muster_log_args ("i:place", entry->place,
                                                            "r:character_id", entry->character_id,
                                                            "r:unit_id", entry->unit_id,
                                                            "s:side", entry->side, "s:card", entry->card,
                                                            "s:faces", entry->faces, "i:total", entry->total,
                                                            "s:tie_faces", entry->tie_faces,
                                                            "b:entered", entry->entered, NULL));
    }
  return muster_log_args ("i:bound", bound, "b:again", previous->len > 0, "a:previous", rows, NULL);
}

/* Whether @member of @object is a whole number (or absent, when it may be). */
static gboolean
is_int (JsonObject *object,
        const char *member,
        gboolean    optional)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL)
    return optional;
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64;
}

/* The order of @bound that the roll logged with @args replaced (of
 * MusterOrderEntry*, empty when there was none), or NULL with @error set
 * when they do not say it. */
static GPtrArray *
replaced_order (JsonObject  *args,
                int          bound,
                GError     **error)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_order_entry_free);
  JsonNode *node = json_object_get_member (args, "previous");
  JsonArray *rows = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  for (guint i = 0; rows != NULL && i < json_array_get_length (rows); i++)
    {
      JsonNode *row_node = json_array_get_element (rows, i);
      JsonObject *row = JSON_NODE_HOLDS_OBJECT (row_node) ? json_node_get_object (row_node) : NULL;
      MusterOrderEntry *entry;

      if (row == NULL || !is_int (row, "place", FALSE) || !is_int (row, "total", TRUE) ||
          !is_int (row, "character_id", TRUE) || !is_int (row, "unit_id", TRUE))
        {
          rows = NULL;
          break;
        }
      entry = g_new0 (MusterOrderEntry, 1);
      entry->bound = bound;
      entry->place = (int) muster_log_args_get_int (row, "place");
      entry->character_id = muster_log_args_get_int (row, "character_id");
      entry->unit_id = muster_log_args_get_int (row, "unit_id");
      entry->side = g_strdup (muster_log_args_get_string (row, "side"));
      entry->card = g_strdup (muster_log_args_get_string (row, "card"));
      entry->faces = g_strdup (muster_log_args_get_string (row, "faces"));
      entry->total = (int) muster_log_args_get_int (row, "total");
      entry->tie_faces = g_strdup (muster_log_args_get_string (row, "tie_faces"));
      entry->entered = muster_log_args_get_int (row, "entered") != 0;
      g_ptr_array_add (entries, entry);
    }
  if (rows == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
                   _("The log does not say which order the roll of bound %d replaced: it cannot be taken back."),
                   bound);
      return NULL;
    }
  return g_steal_pointer (&entries);
}

/* Puts back the order of @bound that the roll logged as @entry_id (with
 * @args) replaced, and deletes the entry. */
static gboolean
undo_roll (MusterStore  *store,
           gint64        game_id,
           int           bound,
           gint64        entry_id,
           JsonObject   *args,
           GError      **error)
{
  g_autoptr(GPtrArray) previous = replaced_order (args, bound, error);
  MUSTER_STMT_AUTO sqlite3_stmt *log = NULL;

  if (previous == NULL || !muster_table_replace_bound (store, game_id, bound, previous, error))
    return FALSE;
  log = muster_store_prepare (store, "DELETE FROM log_entry WHERE id = ?", error);
  if (log == NULL)
    return FALSE;
  sqlite3_bind_int64 (log, 1, entry_id);
  return muster_store_exec (store, log, _("Could not take the order of play back"), error);
}

/* --- The last step ------------------------------------------------------------ */

/* The last of the game's hits, cards and rolls in the log: its kind
 * (NULL when there is none), id and arguments. A card dealt or an order
 * rolled before they were logged has no entry: a card counts as older
 * than any hit, and such a roll cannot be taken back. */
static gboolean
last_logged_step (MusterStore  *store,
                  gint64        game_id,
                  char        **out_kind,
                  gint64       *out_id,
                  JsonObject  **out_args,
                  GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (store,
                               "SELECT kind, id, args FROM log_entry WHERE game_id = ? "
                               "AND kind IN ('hit', 'dealt', 'ordered') ORDER BY id DESC LIMIT 1",
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
  if (rc == SQLITE_DONE)
    return TRUE;
  *out_kind = g_strdup (muster_column_text (stmt, 0));
  *out_id = sqlite3_column_int64 (stmt, 1);
  *out_args = muster_log_args_from_string (muster_column_text (stmt, 2) != NULL ? muster_column_text (stmt, 2) : "",
                                           NULL);
  if (*out_args == NULL)
    *out_args = json_object_new ();
  return TRUE;
}

/* The last step of @game, read in the transaction that may undo it; for
 * a roll, its log entry's id and arguments in @out_entry and @out_args. */
static MusterTableStep *
find_last_step (MusterStore  *store,
                MusterGame   *game,
                gint64       *out_entry,
                JsonObject  **out_args,
                GError      **error)
{
  g_autoptr(MusterTableStep) step = g_new0 (MusterTableStep, 1);
  g_autoptr(MusterOrderEntry) card = NULL;
  g_autoptr(JsonObject) args = NULL;
  g_autofree char *kind = NULL;
  gint64 game_id = muster_game_get_id (game);
  gint64 entry_id = 0;
  int ordinal;

  if (!last_logged_step (store, game_id, &kind, &entry_id, &args, error))
    return NULL;
  if (g_strcmp0 (kind, "ordered") == 0)
    {
      step->kind = MUSTER_TABLE_STEP_ORDER;
      step->bound = (int) muster_log_args_get_int (args, "bound");
      step->replaced = muster_log_args_get_int (args, "again") != 0;
      if (out_entry != NULL)
        *out_entry = entry_id;
      if (out_args != NULL)
        *out_args = g_steal_pointer (&args);
      return g_steal_pointer (&step);
    }
  if ((ordinal = muster_table_last_ordinal (store, game_id, error)) < 0 ||
      !muster_table_last_card (store, game, &card, error))
    return NULL;

  if (card != NULL && (ordinal == 0 || g_strcmp0 (kind, "dealt") == 0))
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
 * Returns: (transfer full): the last hit, card or roll of the order of
 * the game, whichever came last, of kind %MUSTER_TABLE_STEP_NONE when it
 * has none, or %NULL with @error set.
 */
MusterTableStep *
muster_store_get_last_step (MusterStore  *store,
                            gint64        game_id,
                            GError      **error)
{
  g_autoptr(MusterGame) game = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  game = muster_store_get_game (store, game_id, error);
  return game != NULL ? find_last_step (store, game, NULL, NULL, error) : NULL;
}

/**
 * muster_store_undo_last_step:
 * @game_id: a started game
 *
 * Takes back the last hit, card or roll of the order of the game,
 * whichever came last, in one transaction: the library is as it was
 * before it (a roll's bound has the order it had before, or none).
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
  g_autoptr(JsonObject) args = NULL;
  gint64 entry_id = 0;
  gboolean ok;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  game = muster_table_get_started_game (store, game_id, error);
  if (game == NULL || !muster_store_begin (store, error))
    return NULL;
  step = find_last_step (store, game, &entry_id, &args, error);
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
    case MUSTER_TABLE_STEP_ORDER:
      ok = undo_roll (store, game_id, step->bound, entry_id, args, error);
      break;
    case MUSTER_TABLE_STEP_NONE:
    default:
      {
        g_autofree char *what = muster_game_describe_full (game);

        g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
                     _("No hit is recorded, no card dealt and no order rolled in %s: there is nothing "
                       "to take back."), what);
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
