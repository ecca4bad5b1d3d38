/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-store"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-log-private.h"
#include "muster-store-private.h"
#include "muster-store.h"

/* The campaign log and the rolls: the writers every change shares, and
 * the log as the pages and the command line read it, each entry said in
 * the reader's language (muster-log.h). */

static void
bind_id_or_null (sqlite3_stmt *stmt,
                 int           index,
                 gint64        id)
{
  if (id > 0)
    sqlite3_bind_int64 (stmt, index, id);
  else
    sqlite3_bind_null (stmt, index);
}

/* The columns of a roll, in the order muster_store_bind_roll() binds. */
#define ROLL_INSERT "INSERT INTO roll (campaign_id, game_id, character_id, resolution_id," \
                    " purpose, expression, faces, total, entered, created) VALUES "

sqlite3_stmt *
muster_store_prepare_roll_rows (MusterStore  *self,
                                guint         n_rows,
                                GError      **error)
{
  g_autofree char *sql = muster_store_rows_sql (ROLL_INSERT, MUSTER_STORE_ROLL_COLUMNS, n_rows);

  return muster_store_prepare (self, sql, error);
}

sqlite3_stmt *
muster_store_prepare_roll_insert (MusterStore  *self,
                                  GError      **error)
{
  return muster_store_prepare_roll_rows (self, 1, error);
}

void
muster_store_bind_roll (sqlite3_stmt     *stmt,
                        int               first,
                        gint64            campaign_id,
                        gint64            game_id,
                        gint64            character_id,
                        gint64            resolution_id,
                        const char       *purpose,
                        const MusterRoll *roll,
                        const char       *faces,
                        const char       *now)
{
  sqlite3_bind_int64 (stmt, first, campaign_id);
  bind_id_or_null (stmt, first + 1, game_id);
  bind_id_or_null (stmt, first + 2, character_id);
  bind_id_or_null (stmt, first + 3, resolution_id);
  /* The texts are not copied: they outlive the step, and the bindings
   * are cleared after it, before they go. */
  sqlite3_bind_text (stmt, first + 4, purpose, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, first + 5, roll->expression, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, first + 6, faces, -1, SQLITE_STATIC);
  sqlite3_bind_int (stmt, first + 7, roll->total);
  sqlite3_bind_int (stmt, first + 8, roll->entered ? 1 : 0);
  sqlite3_bind_text (stmt, first + 9, now, -1, SQLITE_STATIC);
}

gint64
muster_store_insert_roll (MusterStore      *self,
                          gint64            campaign_id,
                          gint64            game_id,
                          gint64            character_id,
                          gint64            resolution_id,
                          const char       *purpose,
                          const MusterRoll *roll,
                          GError          **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), 0);

  stmt = muster_store_prepare_roll_insert (self, error);
  if (stmt == NULL)
    return 0;
  return muster_store_insert_roll_with (self, stmt, campaign_id, game_id, character_id, resolution_id,
                                        purpose, roll, error);
}

gint64
muster_store_insert_roll_with (MusterStore      *self,
                               sqlite3_stmt     *stmt,
                               gint64            campaign_id,
                               gint64            game_id,
                               gint64            character_id,
                               gint64            resolution_id,
                               const char       *purpose,
                               const MusterRoll *roll,
                               GError          **error)
{
  g_autofree char *faces = NULL;
  g_autofree char *now = NULL;
  gboolean done;

  g_return_val_if_fail (MUSTER_IS_STORE (self), 0);
  g_return_val_if_fail (stmt != NULL, 0);
  g_return_val_if_fail (purpose != NULL, 0);
  g_return_val_if_fail (roll != NULL, 0);

  faces = muster_roll_faces_to_string (roll);
  now = muster_store_now ();
  muster_store_bind_roll (stmt, 1, campaign_id, game_id, character_id, resolution_id, purpose, roll,
                          faces, now);
  done = muster_store_exec (self, stmt, _("Could not record a roll"), error);
  sqlite3_clear_bindings (stmt);
  return done ? sqlite3_last_insert_rowid (muster_store_get_db (self)) : 0;
}

gint64
muster_store_insert_log (MusterStore  *self,
                         gint64        campaign_id,
                         gint64        game_id,
                         gint64        character_id,
                         gint64        resolution_id,
                         gint64        roll_id,
                         const char   *kind,
                         JsonObject   *args,
                         GError      **error)
{
  g_autoptr(JsonObject) owned = args;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), 0);
  g_return_val_if_fail (args != NULL, 0);

  stmt = muster_store_prepare_log_insert (self, error);
  if (stmt == NULL)
    return 0;
  text = muster_log_args_to_string (args);
  return muster_store_insert_log_with (self, stmt, campaign_id, game_id, character_id, resolution_id,
                                       roll_id, kind, text, error);
}

sqlite3_stmt *
muster_store_prepare_log_insert (MusterStore  *self,
                                 GError      **error)
{
  return muster_store_prepare (self,
      "INSERT INTO log_entry (campaign_id, game_id, character_id,"
      " resolution_id, roll_id, kind, message, created, args)"
      " VALUES (?, ?, ?, ?, ?, ?, '', ?, ?)", error);
}

gint64
muster_store_insert_log_with (MusterStore   *self,
                              sqlite3_stmt  *stmt,
                              gint64         campaign_id,
                              gint64         game_id,
                              gint64         character_id,
                              gint64         resolution_id,
                              gint64         roll_id,
                              const char    *kind,
                              const char    *args,
                              GError       **error)
{
  g_autofree char *now = NULL;
  gboolean done;

  g_return_val_if_fail (MUSTER_IS_STORE (self), 0);
  g_return_val_if_fail (stmt != NULL, 0);
  g_return_val_if_fail (kind != NULL, 0);
  g_return_val_if_fail (args != NULL, 0);

  now = muster_store_now ();
  sqlite3_bind_int64 (stmt, 1, campaign_id);
  bind_id_or_null (stmt, 2, game_id);
  bind_id_or_null (stmt, 3, character_id);
  bind_id_or_null (stmt, 4, resolution_id);
  bind_id_or_null (stmt, 5, roll_id);
  /* Not copied, as in muster_store_insert_roll_with(). */
  sqlite3_bind_text (stmt, 6, kind, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 7, now, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 8, args, -1, SQLITE_STATIC);
  done = muster_store_exec (self, stmt, _("Could not write to the campaign log"), error);
  sqlite3_clear_bindings (stmt);
  return done ? sqlite3_last_insert_rowid (muster_store_get_db (self)) : 0;
}

void
muster_log_entry_free (MusterLogEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->kind);
  g_free (entry->args);
  g_free (entry->message);
  g_free (entry->created);
  g_free (entry->expression);
  g_free (entry->faces);
  g_free (entry);
}

/**
 * muster_store_list_log:
 * @self: a library
 * @campaign_id: the campaign’s id
 * @game_id: the game’s id
 * @character_id: the character’s id
 * @error: return location for a #GError, or %NULL
 *
 * Lists a campaign’s log, newest first.
 *
 * Returns: (transfer full) (element-type MusterLogEntry): a new array of
 *   #MusterLogEntry, or %NULL with @error set
 */
GPtrArray *
muster_store_list_log (MusterStore  *self,
                       gint64        campaign_id,
                       gint64        game_id,
                       gint64        character_id,
                       GError      **error)
{
  g_autoptr(GPtrArray) result = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_log_entry_free);
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  MusterRuleset *ruleset;
  int rc;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);

  /* Entries are said with the names of the campaign's rules; without
   * them (a copy that no longer loads), by the ids they keep. */
  ruleset = muster_store_get_campaign_ruleset (self, campaign_id, NULL);

  stmt = muster_store_prepare (self,
      "SELECT l.id, l.campaign_id, l.game_id, l.character_id, l.kind, l.message,"
      " l.created, r.expression, r.faces, r.total, r.entered, l.args"
      " FROM log_entry l LEFT JOIN roll r ON r.id = l.roll_id"
      " WHERE l.campaign_id = ?1"
      " AND (?2 = 0 OR l.game_id = ?2) AND (?3 = 0 OR l.character_id = ?3)"
      " ORDER BY l.id DESC", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, campaign_id);
  sqlite3_bind_int64 (stmt, 2, game_id);
  sqlite3_bind_int64 (stmt, 3, character_id);

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      MusterLogEntry *entry = g_new0 (MusterLogEntry, 1);

      entry->id = sqlite3_column_int64 (stmt, 0);
      entry->campaign_id = sqlite3_column_int64 (stmt, 1);
      entry->game_id = sqlite3_column_int64 (stmt, 2);
      entry->character_id = sqlite3_column_int64 (stmt, 3);
      entry->kind = g_strdup ((const char *) sqlite3_column_text (stmt, 4));
      entry->message = g_strdup ((const char *) sqlite3_column_text (stmt, 5));
      entry->created = g_strdup ((const char *) sqlite3_column_text (stmt, 6));
      entry->has_roll = sqlite3_column_type (stmt, 7) != SQLITE_NULL;
      if (entry->has_roll)
        {
          entry->expression = g_strdup ((const char *) sqlite3_column_text (stmt, 7));
          entry->faces = g_strdup ((const char *) sqlite3_column_text (stmt, 8));
          entry->total = sqlite3_column_int (stmt, 9);
          entry->entered = sqlite3_column_int (stmt, 10) != 0;
        }
      entry->args = g_strdup (muster_column_text (stmt, 11));
      if (entry->args != NULL)
        {
          g_free (entry->message);
          entry->message = muster_log_entry_format (entry, ruleset);
        }
      g_ptr_array_add (result, entry);
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (self, error, _("Could not read the campaign log"));
      return NULL;
    }
  return g_steal_pointer (&result);
}
