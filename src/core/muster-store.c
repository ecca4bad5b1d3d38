/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-store"

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <glib/gstdio.h>

#include "muster-campaign.h"
#include "muster-force.h"
#include "muster-store-private.h"
#include "muster-store.h"

struct _MusterStore
{
  GObject     parent_instance;

  char       *path;
  sqlite3    *db;
  GHashTable *statements;   /* SQL text -> sqlite3_stmt* */
  GHashTable *rulesets;     /* campaign id (gint64*) -> MusterRuleset* */
  gint64      data_version;
  guint       depth;        /* transactions begun and not yet ended */
  GHashTable *games_to_check; /* game ids (gint64*) whose kills the commit checks */
};

G_DEFINE_FINAL_TYPE (MusterStore, muster_store, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
finalize_statement (gpointer data)
{
  sqlite3_finalize (data);
}

static void
muster_store_finalize (GObject *object)
{
  MusterStore *self = MUSTER_STORE (object);

  g_clear_pointer (&self->statements, g_hash_table_unref);
  g_clear_pointer (&self->rulesets, g_hash_table_unref);
  g_clear_pointer (&self->games_to_check, g_hash_table_unref);
  if (self->db != NULL)
    {
      sqlite3_close_v2 (self->db);
      self->db = NULL;
    }
  g_clear_pointer (&self->path, g_free);

  G_OBJECT_CLASS (muster_store_parent_class)->finalize (object);
}

static void
muster_store_class_init (MusterStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_store_finalize;

  /**
   * MusterStore::changed:
   * @what: the #MusterChange flags
   * @campaign_id: the campaign, or 0 for any
   *
   * Emitted after every committed change, and when another process wrote
   * to the library (see muster_store_poll_external()).
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_INT64);
}

static void
muster_store_init (MusterStore *self)
{
  self->statements = g_hash_table_new_full (g_str_hash, g_str_equal,
                                            g_free, finalize_statement);
  self->rulesets = g_hash_table_new_full (g_int64_hash, g_int64_equal,
                                          g_free, g_object_unref);
  self->games_to_check = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
}

/* --- The connection ------------------------------------------------------ */

static gboolean
exec_pragma (MusterStore  *self,
             const char   *sql,
             GError      **error)
{
  char *errmsg = NULL;

  if (sqlite3_exec (self->db, sql, NULL, NULL, &errmsg) != SQLITE_OK)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_SQLITE,
                   _("Could not set up the library “%s”: %s"),
                   self->path, errmsg != NULL ? errmsg : "");
      sqlite3_free (errmsg);
      return FALSE;
    }
  return TRUE;
}

static gint64
query_int (MusterStore *self,
           const char  *sql)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (self, sql, NULL);

  if (stmt != NULL && sqlite3_step (stmt) == SQLITE_ROW)
    return sqlite3_column_int64 (stmt, 0);
  return 0;
}

/**
 * muster_store_get_default_path:
 *
 * Returns: (transfer full): MUSTER_LIBRARY when set, else
 * $XDG_DATA_HOME/muster/library.db.
 */
char *
muster_store_get_default_path (void)
{
  const char *env = g_getenv ("MUSTER_LIBRARY");

  if (env != NULL && *env != '\0')
    return g_strdup (env);
  return g_build_filename (g_get_user_data_dir (), "muster", "library.db", NULL);
}

/**
 * muster_store_open:
 * @path: the library file; created with its folders when missing
 * @error: return location for a #MUSTER_STORE_ERROR
 *
 * Opens a library, refusing one written by a newer Muster (the file left
 * untouched) and migrating an older one after backing it up.
 *
 * Returns: (transfer full): the store, or %NULL with @error set.
 */
MusterStore *
muster_store_open (const char  *path,
                   GError     **error)
{
  g_autoptr(MusterStore) self = NULL;
  g_autofree char *dir = NULL;
  int version = 0;
  gboolean has_data = FALSE;
  int rc;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_SQLITE,
                   _("Could not create the folder “%s” for the library: %s"),
                   dir, g_strerror (saved_errno));
      return NULL;
    }

  if (!muster_store_check_file (path, &version, &has_data, error))
    return NULL;

  self = g_object_new (MUSTER_TYPE_STORE, NULL);
  self->path = g_strdup (path);

  rc = sqlite3_open_v2 (path, &self->db,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc != SQLITE_OK)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_SQLITE,
                   _("Could not open the library “%s”: %s"),
                   path, self->db != NULL ? sqlite3_errmsg (self->db) : sqlite3_errstr (rc));
      return NULL;
    }
  sqlite3_extended_result_codes (self->db, 1);
  sqlite3_busy_timeout (self->db, 5000);

  /* foreign_keys is ignored inside a transaction: set it first. */
  if (!exec_pragma (self, "PRAGMA foreign_keys = ON", error) ||
      !exec_pragma (self, "PRAGMA journal_mode = WAL", error) ||
      !exec_pragma (self, "PRAGMA synchronous = NORMAL", error))
    return NULL;

  if (version < MUSTER_STORE_SCHEMA_VERSION &&
      !muster_store_migrate (self, version, has_data, error))
    return NULL;

  if (query_int (self, "PRAGMA application_id") != MUSTER_STORE_APPLICATION_ID)
    {
      g_autofree char *sql = g_strdup_printf ("PRAGMA application_id = %d",
                                              MUSTER_STORE_APPLICATION_ID);
      if (!exec_pragma (self, sql, error))
        return NULL;
    }

  self->data_version = query_int (self, "PRAGMA data_version");

  return g_steal_pointer (&self);
}

const char *
muster_store_get_path (MusterStore *self)
{
  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  return self->path;
}

gboolean
muster_store_is_empty (MusterStore *self)
{
  g_return_val_if_fail (MUSTER_IS_STORE (self), TRUE);
  return query_int (self, "SELECT count(*) FROM campaign") == 0;
}

gboolean
muster_store_poll_external (MusterStore *self)
{
  gint64 version;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  version = query_int (self, "PRAGMA data_version");
  if (version == self->data_version)
    return FALSE;

  self->data_version = version;
  /* Another process may have replaced a campaign under the same id. */
  g_hash_table_remove_all (self->rulesets);
  muster_store_emit_changed (self, MUSTER_CHANGE_ALL, 0);
  return TRUE;
}

void
muster_store_forget_caches (MusterStore *self)
{
  g_return_if_fail (MUSTER_IS_STORE (self));
  g_hash_table_remove_all (self->rulesets);
}

void
muster_store_emit_changed (MusterStore  *self,
                           MusterChange  what,
                           gint64        campaign_id)
{
  g_return_if_fail (MUSTER_IS_STORE (self));
  g_signal_emit (self, signals[CHANGED], 0, (guint) what, campaign_id);
}

sqlite3 *
muster_store_get_db (MusterStore *self)
{
  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  return self->db;
}

sqlite3_stmt *
muster_store_prepare (MusterStore  *self,
                      const char   *sql,
                      GError      **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  g_return_val_if_fail (sql != NULL, NULL);

  stmt = g_hash_table_lookup (self->statements, sql);
  if (stmt != NULL)
    {
      sqlite3_reset (stmt);
      sqlite3_clear_bindings (stmt);
      return stmt;
    }

  if (sqlite3_prepare_v3 (self->db, sql, -1, SQLITE_PREPARE_PERSISTENT,
                          &stmt, NULL) != SQLITE_OK)
    {
      /* Plain SQLITE_ERROR is a mistake in our SQL; anything else (busy,
       * out of memory, a damaged file) is the library's state. */
      if (sqlite3_errcode (self->db) == SQLITE_ERROR)
        g_critical ("Cannot prepare “%s”: %s", sql, sqlite3_errmsg (self->db));
      muster_store_set_error (self, error, _("The library cannot run a query"));
      return NULL;
    }
  g_hash_table_insert (self->statements, g_strdup (sql), stmt);
  return stmt;
}

gboolean
muster_store_begin (MusterStore  *self,
                    GError      **error)
{
  const char *sql;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  /* A change begun inside another one is a savepoint of it: the outer
   * change commits or rolls back the inner ones with it. */
  sql = self->depth == 0 ? "BEGIN IMMEDIATE" : "SAVEPOINT muster_nested";
  if (sqlite3_exec (self->db, sql, NULL, NULL, NULL) != SQLITE_OK)
    {
      muster_store_set_error (self, error, _("Could not start a change to the library"));
      return FALSE;
    }
  self->depth++;
  return TRUE;
}

void
muster_store_defer_game_check (MusterStore *self,
                               gint64       game_id)
{
  g_return_if_fail (MUSTER_IS_STORE (self));
  g_hash_table_add (self->games_to_check, g_memdup2 (&game_id, sizeof game_id));
}

/* The checks the outermost change's commit runs: the rules a whole
 * change must keep, which its steps one by one may not. */
static gboolean
check_deferred (MusterStore  *self,
                GError      **error)
{
  g_autoptr(GHashTable) games = g_steal_pointer (&self->games_to_check);
  GHashTableIter iter;
  gpointer key;

  self->games_to_check = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_hash_table_iter_init (&iter, games);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!muster_store_check_game_kills (self, *(gint64 *) key, FALSE, error))
      return FALSE;
  return TRUE;
}

gboolean
muster_store_commit (MusterStore  *self,
                     GError      **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  if (self->depth > 1)
    {
      if (sqlite3_exec (self->db, "RELEASE muster_nested", NULL, NULL, NULL) != SQLITE_OK)
        {
          muster_store_set_error (self, error, _("Could not save the change to the library"));
          muster_store_rollback (self);
          return FALSE;
        }
      self->depth--;
      return TRUE;
    }

  if (!check_deferred (self, error))
    {
      muster_store_rollback (self);
      return FALSE;
    }
  if (sqlite3_exec (self->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
    {
      muster_store_set_error (self, error, _("Could not save the change to the library"));
      muster_store_rollback (self);
      return FALSE;
    }
  self->depth = 0;
  /* data_version is left alone: our own commits do not move it, and
   * reading it here would hide a write another process made meanwhile. */
  return TRUE;
}

void
muster_store_rollback (MusterStore *self)
{
  g_return_if_fail (MUSTER_IS_STORE (self));

  if (self->depth > 1)
    {
      sqlite3_exec (self->db, "ROLLBACK TO muster_nested; RELEASE muster_nested", NULL, NULL, NULL);
      self->depth--;
    }
  else
    {
      if (!sqlite3_get_autocommit (self->db))
        sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
      self->depth = 0;
      g_hash_table_remove_all (self->games_to_check);
    }
  /* A campaign created in the transaction is gone, and its id will be
   * given out again: forget any ruleset read for it. */
  g_hash_table_remove_all (self->rulesets);
}

void
muster_store_set_error (MusterStore  *self,
                        GError      **error,
                        const char   *what)
{
  g_return_if_fail (MUSTER_IS_STORE (self));

  if (error == NULL || *error != NULL)
    return;
  g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_SQLITE,
               "%s: %s (SQLite error %d)", what, sqlite3_errmsg (self->db),
               sqlite3_extended_errcode (self->db));
}

char *
muster_store_now (void)
{
  const char *fake = g_getenv ("MUSTER_FAKE_TIME");
  g_autoptr(GDateTime) now = NULL;

  if (fake != NULL && *fake != '\0')
    return g_strdup (fake);
  now = g_date_time_new_now_utc ();
  return g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
}

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
  g_autofree char *faces = NULL;
  g_autofree char *now = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), 0);
  g_return_val_if_fail (purpose != NULL, 0);
  g_return_val_if_fail (roll != NULL, 0);

  stmt = muster_store_prepare (self,
      "INSERT INTO roll (campaign_id, game_id, character_id, resolution_id,"
      " purpose, expression, faces, total, entered, created)"
      " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", error);
  if (stmt == NULL)
    return 0;

  faces = muster_roll_faces_to_string (roll);
  now = muster_store_now ();
  sqlite3_bind_int64 (stmt, 1, campaign_id);
  bind_id_or_null (stmt, 2, game_id);
  bind_id_or_null (stmt, 3, character_id);
  bind_id_or_null (stmt, 4, resolution_id);
  sqlite3_bind_text (stmt, 5, purpose, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 6, roll->expression, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 7, faces, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 8, roll->total);
  sqlite3_bind_int (stmt, 9, roll->entered ? 1 : 0);
  sqlite3_bind_text (stmt, 10, now, -1, SQLITE_TRANSIENT);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      muster_store_set_error (self, error, _("Could not record a roll"));
      return 0;
    }
  return sqlite3_last_insert_rowid (self->db);
}

gint64
muster_store_insert_log (MusterStore  *self,
                         gint64        campaign_id,
                         gint64        game_id,
                         gint64        character_id,
                         gint64        resolution_id,
                         gint64        roll_id,
                         const char   *kind,
                         const char   *message,
                         GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  g_autofree char *now = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), 0);
  g_return_val_if_fail (kind != NULL, 0);
  g_return_val_if_fail (message != NULL, 0);

  stmt = muster_store_prepare (self,
      "INSERT INTO log_entry (campaign_id, game_id, character_id,"
      " resolution_id, roll_id, kind, message, created)"
      " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", error);
  if (stmt == NULL)
    return 0;

  now = muster_store_now ();
  sqlite3_bind_int64 (stmt, 1, campaign_id);
  bind_id_or_null (stmt, 2, game_id);
  bind_id_or_null (stmt, 3, character_id);
  bind_id_or_null (stmt, 4, resolution_id);
  bind_id_or_null (stmt, 5, roll_id);
  sqlite3_bind_text (stmt, 6, kind, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 7, message, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 8, now, -1, SQLITE_TRANSIENT);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      muster_store_set_error (self, error, _("Could not write to the campaign log"));
      return 0;
    }
  return sqlite3_last_insert_rowid (self->db);
}

gint64
muster_store_commit_created (MusterStore   *self,
                             gint64         id,
                             MusterChange   what,
                             gint64         campaign_id,
                             GError       **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (self), 0);

  if (id == 0 || !muster_store_commit (self, error))
    {
      muster_store_rollback (self);
      return 0;
    }
  muster_store_emit_changed (self, what, campaign_id);
  return id;
}

gboolean
muster_store_log_and_commit (MusterStore   *self,
                             gint64         campaign_id,
                             gint64         game_id,
                             gint64         character_id,
                             const char    *kind,
                             const char    *message,
                             MusterChange   what,
                             GError       **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  if (muster_store_insert_log (self, campaign_id, game_id, character_id,
                               0, 0, kind, message, error) == 0)
    {
      muster_store_rollback (self);
      return FALSE;
    }
  /* A commit that fails has rolled back already. */
  if (!muster_store_commit (self, error))
    return FALSE;
  muster_store_emit_changed (self, what, campaign_id);
  return TRUE;
}

gboolean
muster_store_check_length (const char  *text,
                           GError     **error)
{
  glong length;

  g_return_val_if_fail (text != NULL, FALSE);

  length = g_utf8_strlen (text, -1);
  if (length <= MUSTER_STORE_NAME_MAX)
    return TRUE;
  {
    /* Its beginning only: the whole of a long one would fill the screen. */
    g_autofree char *start = g_utf8_substring (text, 0, 24);

    g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                 _("“%s…” is %ld characters long: a name or title has at most %d."),
                 start, length, MUSTER_STORE_NAME_MAX);
  }
  return FALSE;
}

char *
muster_store_check_name (const char  *name,
                         GError     **error)
{
  g_autofree char *trimmed = NULL;
  gboolean digits = TRUE;

  trimmed = g_strstrip (g_strdup (name != NULL ? name : ""));
  if (*trimmed == '\0')
    {
      g_set_error_literal (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                           _("A name cannot be empty."));
      return NULL;
    }
  if (!g_utf8_validate (trimmed, -1, NULL))
    {
      g_set_error_literal (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                           _("A name must be valid UTF-8 text."));
      return NULL;
    }
  if (!muster_store_check_length (trimmed, error))
    return NULL;
  for (const char *p = trimmed; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      digits = FALSE;
  if (digits)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("“%s”: a name cannot be only digits: it would read as an id."),
                   trimmed);
      return NULL;
    }
  return g_steal_pointer (&trimmed);
}

void
muster_store_forget_campaign_ruleset (MusterStore *self,
                                      gint64       campaign_id)
{
  g_return_if_fail (MUSTER_IS_STORE (self));
  g_hash_table_remove (self->rulesets, &campaign_id);
}

gboolean
muster_store_exec (MusterStore   *self,
                   sqlite3_stmt  *stmt,
                   const char    *what,
                   GError       **error)
{
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      muster_store_set_error (self, error, what);
      sqlite3_reset (stmt);
      return FALSE;
    }
  sqlite3_reset (stmt);
  return TRUE;
}

gpointer
muster_store_first_found (GPtrArray   *found,
                          GError     **error,
                          const char  *format,
                          ...)
{
  va_list args;

  if (found == NULL)
    return NULL;
  if (found->len > 0)
    return g_object_ref (g_ptr_array_index (found, 0));
  if (error != NULL)
    {
      va_start (args, format);
      g_propagate_error (error, g_error_new_valist (MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                                                    format, args));
      va_end (args);
    }
  return NULL;
}

GArray *
muster_store_query_ids (MusterStore  *self,
                        const char   *sql,
                        gint64        campaign_id,
                        const char   *name,
                        const char   *what,
                        GError      **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (self, sql, error);
  int rc;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, campaign_id);
  sqlite3_bind_text (stmt, 2, name, -1, SQLITE_TRANSIENT);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (ids, id);
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (self, error, what);
      return NULL;
    }
  return g_steal_pointer (&ids);
}

gboolean
muster_store_exec_id (MusterStore   *self,
                      const char    *sql,
                      gint64         id,
                      const char    *what,
                      GError       **error)
{
  sqlite3_stmt *stmt = muster_store_prepare (self, sql, error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  return muster_store_exec (self, stmt, what, error);
}

MusterRuleset *
muster_store_get_campaign_ruleset (MusterStore  *self,
                                   gint64        campaign_id,
                                   GError      **error)
{
  MusterRuleset *ruleset;
  g_autoptr(MusterCampaign) campaign = NULL;
  gint64 *key;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);

  ruleset = g_hash_table_lookup (self->rulesets, &campaign_id);
  if (ruleset != NULL)
    return ruleset;

  campaign = muster_store_get_campaign (self, campaign_id, error);
  if (campaign == NULL)
    return NULL;
  ruleset = muster_campaign_get_ruleset (campaign);
  if (ruleset == NULL)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("The rules kept with campaign “%s” no longer load."),
                   muster_campaign_get_name (campaign));
      return NULL;
    }
  key = g_new (gint64, 1);
  *key = campaign_id;
  g_hash_table_insert (self->rulesets, key, g_object_ref (ruleset));
  return ruleset;
}

/* --- Log ----------------------------------------------------------------- */

void
muster_log_entry_free (MusterLogEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->kind);
  g_free (entry->message);
  g_free (entry->created);
  g_free (entry->expression);
  g_free (entry->faces);
  g_free (entry);
}

GPtrArray *
muster_store_list_log (MusterStore  *self,
                       gint64        campaign_id,
                       gint64        game_id,
                       gint64        character_id,
                       GError      **error)
{
  g_autoptr(GPtrArray) result = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_log_entry_free);
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);

  stmt = muster_store_prepare (self,
      "SELECT l.id, l.campaign_id, l.game_id, l.character_id, l.kind, l.message,"
      " l.created, r.expression, r.faces, r.total, r.entered"
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
      g_ptr_array_add (result, entry);
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (self, error, _("Could not read the campaign log"));
      return NULL;
    }
  return g_steal_pointer (&result);
}
