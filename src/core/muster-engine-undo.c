/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-engine"

/* Undoing a resolution: every value it changed is put back. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-engine-private.h"
#include "muster-game.h"
#include "muster-store-private.h"

typedef struct {
  char          *table;
  gint64         row_id;
  char          *column;
  sqlite3_value *old_value;
} Change;

static void
change_free (Change *change)
{
  g_free (change->table);
  g_free (change->column);
  sqlite3_value_free (change->old_value);
  g_free (change);
}

static gboolean
find_last_resolution (MusterStore  *store,
                      gint64        campaign_id,
                      gint64       *resolution_id,
                      gint64       *game_id,
                      GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  *resolution_id = *game_id = 0;
  stmt = muster_store_prepare (store,
                               "SELECT id, game_id FROM resolution WHERE campaign_id = ? "
                               "ORDER BY id DESC LIMIT 1",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, campaign_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      *resolution_id = sqlite3_column_int64 (stmt, 0);
      *game_id = sqlite3_column_int64 (stmt, 1);
    }
  else if (rc != SQLITE_DONE)
    {
      muster_store_set_error (store, error, _("Could not find the last resolution"));
      return FALSE;
    }
  return TRUE;
}

gint64
muster_engine_get_last_resolved (MusterStore  *store,
                                 gint64        campaign_id,
                                 GError      **error)
{
  gint64 resolution_id, game_id;

  g_return_val_if_fail (MUSTER_IS_STORE (store), 0);

  if (!find_last_resolution (store, campaign_id, &resolution_id, &game_id, error))
    return 0;
  return game_id;
}

/* The values resolution @resolution_id changed, each once with its value
 * from before the resolution. */
static gboolean
read_changes (MusterStore  *store,
              gint64        resolution_id,
              GPtrArray    *changes,
              GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (store,
                                                              "SELECT tbl, row_id, col, old_value FROM resolution_change "
                                                              "WHERE resolution_id = ? ORDER BY tbl, row_id, col, seq",
                                                              error);
  int rc;

  /* Each value the resolution changed goes back to what it was before
   * its first change (the lowest seq), once, table by table and row by
   * row: the rows written in the order they are stored, however big the
   * game. */
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, resolution_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *table = (const char *) sqlite3_column_text (stmt, 0);
      gint64 row_id = sqlite3_column_int64 (stmt, 1);
      const char *column = (const char *) sqlite3_column_text (stmt, 2);
      const Change *last = changes->len > 0 ? g_ptr_array_index (changes, changes->len - 1) : NULL;
      Change *change;

      if (last != NULL && last->row_id == row_id &&
          g_strcmp0 (last->table, table) == 0 && g_strcmp0 (last->column, column) == 0)
        continue;
      change = g_new0 (Change, 1);
      change->table = g_strdup (table);
      change->row_id = row_id;
      change->column = g_strdup (column);
      change->old_value = sqlite3_value_dup (sqlite3_column_value (stmt, 3));
      g_ptr_array_add (changes, change);
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (store, error, _("Could not read the resolution’s changes"));
      return FALSE;
    }
  return TRUE;
}

/* Puts back the value @change records. */
static gboolean
put_back (MusterStore   *store,
          const Change  *change,
          GError       **error)
{
  g_autofree char *sql = NULL;

  if (g_str_equal (change->table, "stat"))
    sql = g_strdup ("UPDATE stat SET value = ?1 WHERE character_id = ?2 AND key = ?3");
  else if (muster_resolution_is_changeable (change->table, change->column))
    sql = g_strdup_printf ("UPDATE %s SET %s = ?1 WHERE id = ?2", change->table, change->column);
  else
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The resolution changed %s.%s, which Muster cannot undo."),
                   change->table, change->column);
      return FALSE;
    }

  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (store, sql, error);

    if (stmt == NULL)
      return FALSE;
    sqlite3_bind_value (stmt, 1, change->old_value);
    sqlite3_bind_int64 (stmt, 2, change->row_id);
    if (g_str_equal (change->table, "stat"))
      sqlite3_bind_text (stmt, 3, change->column, -1, SQLITE_TRANSIENT);
    return muster_store_exec (store, stmt, _("Could not undo a change"), error);
  }
}

gint64
muster_engine_undo_resolve (MusterStore  *store,
                            gint64        campaign_id,
                            GError      **error)
{
  g_autoptr(GPtrArray) changes = g_ptr_array_new_with_free_func ((GDestroyNotify) change_free);
  g_autoptr(MusterCampaign) campaign = NULL;
  gint64 resolution_id, game_id;
  static const char * const deletes[] = {
    "DELETE FROM log_entry WHERE resolution_id = ?",
    "DELETE FROM roll WHERE resolution_id = ?",
    "DELETE FROM resolution_change WHERE resolution_id = ?",
    "DELETE FROM resolution WHERE id = ?",
  };

  g_return_val_if_fail (MUSTER_IS_STORE (store), 0);

  campaign = muster_store_get_campaign (store, campaign_id, error);
  if (campaign == NULL)
    return 0;

  if (!muster_store_begin (store, error))
    return 0;

  if (!find_last_resolution (store, campaign_id, &resolution_id, &game_id, error))
    goto fail;
  if (resolution_id == 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_NOTHING,
                   _("No game of the campaign “%s” has been resolved, so there is nothing to undo."),
                   muster_campaign_get_name (campaign));
      goto fail;
    }

  if (!read_changes (store, resolution_id, changes, error))
    goto fail;
  for (guint i = 0; i < changes->len; i++)
    if (!put_back (store, g_ptr_array_index (changes, i), error))
      goto fail;

  for (guint i = 0; i < G_N_ELEMENTS (deletes); i++)
    if (!muster_store_exec_id (store, deletes[i], resolution_id,
                               _("Could not remove the resolution"), error))
      goto fail;

  if (!muster_store_commit (store, error))
    goto fail;

  muster_store_emit_changed (store,
                             MUSTER_CHANGE_GAMES | MUSTER_CHANGE_CHARACTERS |
                             MUSTER_CHANGE_UNITS | MUSTER_CHANGE_LOG,
                             campaign_id);
  return game_id;

fail:
  muster_store_rollback (store);
  return 0;
}
