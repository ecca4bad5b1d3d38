/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-store"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <glib/gstdio.h>

#include "muster-campaign.h"
#include "muster-force.h"
#include "muster-store-private.h"
#include "muster-store.h"
#include "muster-work-dir.h"

struct _MusterStore
{
  GObject     parent_instance;

  char       *path;
  sqlite3    *db;
  GHashTable *statements;   /* SQL text -> GPtrArray of sqlite3_stmt*, more
                             * than one when queries nest (muster_store_prepare()) */
  GHashTable *rulesets;     /* campaign id (gint64*) -> MusterRuleset* */
  gint64      data_version;
  guint       depth;        /* transactions begun and not yet ended */
  gboolean    read_only;
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

/* Statements are looked up by their text on every use, thousands of times
 * in a batch: hash its length and a few bytes, not every byte. */
static guint
statement_hash (gconstpointer key)
{
  const char *sql = key;
  gsize length = strlen (sql);
  guint hash = (guint) length;

  for (gsize i = 0; i < length; i += 1 + length / 24)
    hash = hash * 31 + (guchar) sql[i];
  return hash * 31 + (guchar) sql[length > 0 ? length - 1 : 0];
}

static void
muster_store_init (MusterStore *self)
{
  self->statements = g_hash_table_new_full (statement_hash, g_str_equal,
                                            g_free, (GDestroyNotify) g_ptr_array_unref);
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

/* Turning a new file to WAL takes a lock that SQLite does not wait for
 * with the busy handler when another process is setting up the same file
 * at that moment: wait for it here, as long as the busy timeout. */
static gboolean
set_journal_wal (MusterStore  *self,
                 GError      **error)
{
  gint64 deadline = g_get_monotonic_time () + MUSTER_STORE_BUSY_TIMEOUT * G_TIME_SPAN_MILLISECOND;

  for (;;)
    {
      int rc = sqlite3_exec (self->db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL);

      if ((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED)
        break;
      if (g_get_monotonic_time () >= deadline)
        break;
      g_usleep (10 * G_TIME_SPAN_MILLISECOND);
    }
  return exec_pragma (self, "PRAGMA journal_mode = WAL", error);
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

/* Whether this process may write the library: the file, and its folder
 * for the -wal and -shm files (and any -shm already there). Read-only
 * media are asked about too, as access() may answer for root from the
 * permissions alone. */
static gboolean
can_write (const char *path,
           const char *dir)
{
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  struct statvfs fs;

  if (statvfs (dir, &fs) == 0 && (fs.f_flag & ST_RDONLY) != 0)
    return FALSE;
  return faccessat (AT_FDCWD, path, W_OK, AT_EACCESS) == 0 &&
         faccessat (AT_FDCWD, dir, W_OK, AT_EACCESS) == 0 &&
         (!g_file_test (shm, G_FILE_TEST_EXISTS) ||
          faccessat (AT_FDCWD, shm, W_OK, AT_EACCESS) == 0);
}

static gboolean
open_read_only (MusterStore  *self,
                const char   *uri,
                int           version,
                GError      **error)
{
  int rc;

  /* Bringing it up to date would change it. */
  if (version < MUSTER_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_READ_ONLY,
                   _("The library “%s” is read-only, and this version of Muster would have "
                     "to bring it up to date to open it. Make the file and its folder "
                     "writable, or open a copy of it."),
                   self->path);
      return FALSE;
    }

  rc = sqlite3_open_v2 (uri, &self->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
  if (rc != SQLITE_OK)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_SQLITE,
                   _("Could not open the library “%s”: %s"),
                   self->path, self->db != NULL ? sqlite3_errmsg (self->db) : sqlite3_errstr (rc));
      return FALSE;
    }
  sqlite3_extended_result_codes (self->db, 1);
  sqlite3_busy_timeout (self->db, MUSTER_STORE_BUSY_TIMEOUT);
  self->read_only = TRUE;
  return exec_pragma (self, "PRAGMA foreign_keys = ON", error);
}

/**
 * muster_store_open:
 * @path: the library file; created when missing, in a folder that exists
 * @error: return location for a #MUSTER_STORE_ERROR
 *
 * Opens a library, refusing another program's database and one written by
 * a newer Muster (the file left untouched) and migrating an older one
 * after backing it up. A library this process cannot write is opened
 * read-only (see muster_store_is_read_only()).
 *
 * Returns: (transfer full): the store, or %NULL with @error set.
 */
MusterStore *
muster_store_open (const char  *path,
                   GError     **error)
{
  g_autoptr(MusterStore) self = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *uri = NULL;
  int version = 0;
  gboolean has_data = FALSE;
  gboolean read_only = FALSE;
  int rc;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  dir = g_path_get_dirname (path);
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_FILE,
                   _("Could not open the library “%s”: the folder “%s” does not exist."),
                   path, dir);
      return NULL;
    }
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    read_only = !can_write (path, dir);
  else if (faccessat (AT_FDCWD, dir, W_OK, AT_EACCESS) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_FILE,
                   _("Could not create the library “%s”: %s"),
                   path, g_strerror (saved_errno));
      return NULL;
    }

  if (read_only && (uri = muster_store_read_only_uri (path, error)) == NULL)
    return NULL;
  if (!muster_store_check_file (path, uri, &version, &has_data, error))
    return NULL;

  self = g_object_new (MUSTER_TYPE_STORE, NULL);
  self->path = g_strdup (path);

  if (read_only)
    {
      if (!open_read_only (self, uri, version, error))
        return NULL;
      self->data_version = query_int (self, "PRAGMA data_version");
      return g_steal_pointer (&self);
    }

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
  sqlite3_busy_timeout (self->db, MUSTER_STORE_BUSY_TIMEOUT);

  /* foreign_keys is ignored inside a transaction: set it first. */
  if (!exec_pragma (self, "PRAGMA foreign_keys = ON", error) ||
      !set_journal_wal (self, error) ||
      !exec_pragma (self, "PRAGMA synchronous = " MUSTER_STORE_SYNCHRONOUS, error))
    return NULL;

  if (version < MUSTER_STORE_SCHEMA_VERSION &&
      !muster_store_migrate (self, version, has_data, error))
    return NULL;

  self->data_version = query_int (self, "PRAGMA data_version");

  /* What a restore that was killed left beside the library. */
  muster_work_dir_sweep (path, MUSTER_STORE_RESTORE_PURPOSE);

  return g_steal_pointer (&self);
}

MusterStore *
muster_store_open_reader (MusterStore  *self,
                          GError      **error)
{
  g_autoptr(MusterStore) reader = NULL;
  g_autofree char *uri = NULL;
  int rc;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);

  if (!g_file_test (self->path, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_FILE,
                   "The library “%s” is not a file", self->path);
      return NULL;
    }
  if (self->read_only && (uri = muster_store_read_only_uri (self->path, error)) == NULL)
    return NULL;

  reader = g_object_new (MUSTER_TYPE_STORE, NULL);
  reader->path = g_strdup (self->path);
  reader->read_only = TRUE;
  rc = sqlite3_open_v2 (uri != NULL ? uri : self->path, &reader->db,
                        SQLITE_OPEN_READONLY | (uri != NULL ? SQLITE_OPEN_URI : 0), NULL);
  if (rc != SQLITE_OK)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_SQLITE,
                   _("Could not open the library “%s”: %s"),
                   self->path, reader->db != NULL ? sqlite3_errmsg (reader->db) : sqlite3_errstr (rc));
      return NULL;
    }
  sqlite3_extended_result_codes (reader->db, 1);
  sqlite3_busy_timeout (reader->db, MUSTER_STORE_BUSY_TIMEOUT);
  /* It reads a list once from start to end: a small page cache (SQLite's
   * default is 2 MiB) leaves less behind in the memory of the thread that
   * read it. */
  if (!exec_pragma (reader, "PRAGMA cache_size = -512", error))
    return NULL;
  return g_steal_pointer (&reader);
}

/**
 * muster_store_open_default:
 *
 * Opens the library of muster_store_get_default_path(). The folders of
 * $XDG_DATA_HOME/muster/library.db are made when missing; a library named
 * by MUSTER_LIBRARY is opened as muster_store_open() does.
 *
 * Returns: (transfer full): the store, or %NULL with @error set.
 */
MusterStore *
muster_store_open_default (GError **error)
{
  g_autofree char *path = muster_store_get_default_path ();
  const char *env = g_getenv ("MUSTER_LIBRARY");

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (env == NULL || *env == '\0')
    {
      g_autofree char *dir = g_path_get_dirname (path);

      if (g_mkdir_with_parents (dir, 0700) != 0)
        {
          int saved_errno = errno;

          g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_FILE,
                       _("Could not create the folder “%s” for the library: %s"),
                       dir, g_strerror (saved_errno));
          return NULL;
        }
    }
  return muster_store_open (path, error);
}

const char *
muster_store_get_path (MusterStore *self)
{
  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  return self->path;
}

gboolean
muster_store_is_read_only (MusterStore *self)
{
  g_return_val_if_fail (MUSTER_IS_STORE (self), TRUE);
  return self->read_only;
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
  GPtrArray *prepared;
  sqlite3_stmt *stmt;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  g_return_val_if_fail (sql != NULL, NULL);

  /* A statement some caller is still stepping (a loop that, row by row,
   * calls something running the same query) is never reset under it:
   * the query gets another statement of its own, kept for the next time
   * the two nest. */
  prepared = g_hash_table_lookup (self->statements, sql);
  if (prepared != NULL)
    {
      for (guint i = 0; i < prepared->len; i++)
        {
          stmt = g_ptr_array_index (prepared, i);
          if (!sqlite3_stmt_busy (stmt))
            {
              sqlite3_reset (stmt);
              sqlite3_clear_bindings (stmt);
              return stmt;
            }
        }
      /* No query calls itself this deep: a statement was left stepping
       * (not held in a MUSTER_STMT_AUTO variable), keeping its read
       * transaction open. */
      if (prepared->len >= MUSTER_STORE_NESTED_MAX)
        g_critical ("%u statements of “%s” are left stepping", prepared->len, sql);
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
  if (prepared == NULL)
    {
      prepared = g_ptr_array_new_with_free_func (finalize_statement);
      g_hash_table_insert (self->statements, g_strdup (sql), prepared);
    }
  g_ptr_array_add (prepared, stmt);
  return stmt;
}

gboolean
muster_store_begin (MusterStore  *self,
                    GError      **error)
{
  const char *sql;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  if (self->read_only)
    {
      muster_store_set_read_only_error (self, error);
      return FALSE;
    }

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
muster_store_set_read_only_error (MusterStore  *self,
                                  GError      **error)
{
  g_return_if_fail (MUSTER_IS_STORE (self));

  g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_READ_ONLY,
               _("The library “%s” is open read-only: nothing in it can be changed. "
                 "It can still be viewed, printed, exported and backed up."),
               self->path);
}

void
muster_store_set_error (MusterStore  *self,
                        GError      **error,
                        const char   *what)
{
  g_return_if_fail (MUSTER_IS_STORE (self));

  if (error == NULL || *error != NULL)
    return;
  if ((sqlite3_errcode (self->db) & 0xff) == SQLITE_READONLY)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_READ_ONLY,
                   "%s: %s (SQLite error %d)", what, sqlite3_errmsg (self->db),
                   sqlite3_extended_errcode (self->db));
      return;
    }
  g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_SQLITE,
               "%s: %s (SQLite error %d)", what, sqlite3_errmsg (self->db),
               sqlite3_extended_errcode (self->db));
}

char *
muster_store_rows_sql (const char *insert,
                       guint       n_columns,
                       guint       n_rows)
{
  GString *sql = g_string_new (insert);

  for (guint r = 0; r < n_rows; r++)
    {
      g_string_append (sql, r > 0 ? ", (" : "(");
      for (guint c = 0; c < n_columns; c++)
        g_string_append (sql, c > 0 ? ", ?" : "?");
      g_string_append_c (sql, ')');
    }
  return g_string_free (sql, FALSE);
}

char *
muster_store_now (void)
{
  /* Formatted once a second: a batch of recruits stamps thousands of
   * rolls and log entries within it. */
  static GMutex lock;
  static gint64 second = -1;
  static char text[32];
  const char *fake = g_getenv ("MUSTER_FAKE_TIME");
  gint64 now_second;
  char *result;

  if (fake != NULL && *fake != '\0')
    return g_strdup (fake);
  now_second = g_get_real_time () / G_USEC_PER_SEC;
  g_mutex_lock (&lock);
  if (now_second != second)
    {
      g_autoptr(GDateTime) now = g_date_time_new_from_unix_utc (now_second);
      g_autofree char *formatted = g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");

      g_strlcpy (text, formatted, sizeof text);
      second = now_second;
    }
  result = g_strdup (text);
  g_mutex_unlock (&lock);
  return result;
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
                             JsonObject    *args,
                             MusterChange   what,
                             GError       **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  if (muster_store_insert_log (self, campaign_id, game_id, character_id,
                               0, 0, kind, args, error) == 0)
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
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (self, sql, error);

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
