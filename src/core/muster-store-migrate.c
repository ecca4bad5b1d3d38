/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-store"

#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "muster-core-resources.h"
#include "muster-file-output-stream.h"
#include "muster-nationality.h"
#include "muster-store-private.h"
#include "muster-store.h"

/* The file-level side of the store: checking a file before it is opened
 * for writing, backups, migrations, copies and dumps. */

#define MIGRATIONS_PATH "/io/github/musterapp/Muster/core/migrations/"

/* The migrations with a step in C after their SQL. */
static const struct {
  int        number;
  gboolean (*run) (MusterStore *self, GError **error);
} migration_steps[] = {
  { 5, muster_store_restore_rolled_stats },
  { 7, muster_store_recover_log },
  { 9, muster_store_move_recruit_counters },
};

/* The migrations that build a table others refer to again: they run
 * with foreign keys off, as SQLite's own way of changing a table says
 * (“Making Other Kinds Of Table Schema Changes” in lang_altertable.html),
 * so that dropping the old table does not delete or change the rows that
 * refer to it, and every reference is checked before they commit. */
static const int rebuilding_migrations[] = { 10 };

static gboolean
rebuilds_tables (int number)
{
  for (guint i = 0; i < G_N_ELEMENTS (rebuilding_migrations); i++)
    if (rebuilding_migrations[i] == number)
      return TRUE;
  return FALSE;
}

/* FALSE with @error set when a row refers to one that is not there. */
static gboolean
check_foreign_keys (MusterStore  *self,
                    GError      **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc;

  rc = sqlite3_prepare_v2 (muster_store_get_db (self), "PRAGMA foreign_key_check", -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_SQLITE,
                 _("a row of “%s” refers to a row of “%s” that is not there"),
                 (const char *) sqlite3_column_text (stmt, 0),
                 (const char *) sqlite3_column_text (stmt, 2));
  else if (rc != SQLITE_DONE)
    muster_store_set_error (self, error, _("Could not check the library’s references"));
  sqlite3_finalize (stmt);
  return rc == SQLITE_DONE;
}

static gboolean
read_pragma (sqlite3    *db,
             const char *sql,
             gint64     *value,
             int        *rc)
{
  sqlite3_stmt *stmt = NULL;

  *rc = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL);
  if (*rc != SQLITE_OK)
    return FALSE;
  *rc = sqlite3_step (stmt);
  if (*rc == SQLITE_ROW)
    *value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  return *rc == SQLITE_ROW;
}

/**
 * muster_store_read_only_uri:
 * @path: a library Muster cannot write
 *
 * SQLite reads a WAL database read-only when its -wal and -shm files
 * exist, or when it is told the file is immutable (“Read-Only Databases”
 * in its wal.html); otherwise a read-only connection creates both beside
 * the file, owned by whoever opened it, and leaves them there, where they
 * can stop the library's owner from writing it.
 *
 * Returns: (transfer full): the URI to open @path with, or %NULL with
 * @error set when the library can only be read by writing beside it.
 */
char *
muster_store_read_only_uri (const char  *path,
                            GError     **error)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_autofree char *escaped = g_uri_escape_string (path, "/", FALSE);
  GStatBuf st;
  gboolean has_wal = g_stat (wal, &st) == 0;
  gboolean wal_empty = !has_wal || st.st_size == 0;
  gboolean has_shm = g_file_test (shm, G_FILE_TEST_EXISTS);

  /* Another connection has it open, or the last one stopped: read the
   * WAL through the files that are there. */
  if (has_wal && has_shm)
    return g_strconcat ("file:", escaped, "?mode=ro", NULL);
  /* Closed cleanly (the last connection folds the WAL into the file and
   * removes both): the file alone is the whole library. */
  if (wal_empty)
    return g_strconcat ("file:", escaped, "?mode=ro&immutable=1", NULL);

  g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_READ_ONLY,
               _("The library “%s” is read-only, and its last changes are still in “%s”, "
                 "which Muster can only read where it may write. Open the library once "
                 "where it can be written."),
               path, wal);
  return NULL;
}

/**
 * muster_store_check_file:
 * @path: the library file
 * @uri: (nullable): the URI to open it with, or %NULL for @path
 * @out_version: its user_version (0 when new)
 * @out_has_data: whether it already holds tables
 *
 * Looks at an existing file on a read-only connection, so that a file
 * Muster must refuse is left exactly as it was: another program's
 * database, one from a newer Muster, or something else.
 */
gboolean
muster_store_check_file (const char  *path,
                         const char  *uri,
                         int         *out_version,
                         gboolean    *out_has_data,
                         GError     **error)
{
  sqlite3 *db = NULL;
  GStatBuf st;
  gint64 app_id = 0, version = 0, tables = 0;
  int rc;
  gboolean ok;

  *out_version = 0;
  *out_has_data = FALSE;

  if (g_stat (path, &st) != 0 || st.st_size == 0)
    return TRUE;

  rc = sqlite3_open_v2 (uri != NULL ? uri : path, &db,
                        SQLITE_OPEN_READONLY | (uri != NULL ? SQLITE_OPEN_URI : 0), NULL);
  if (rc != SQLITE_OK)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_SQLITE,
                   _("Could not open the library “%s”: %s"),
                   path, db != NULL ? sqlite3_errmsg (db) : sqlite3_errstr (rc));
      sqlite3_close (db);
      return FALSE;
    }
  /* Another process may be writing, or closing, the library. */
  sqlite3_busy_timeout (db, MUSTER_STORE_BUSY_TIMEOUT);

  /* One read transaction, so that the three come from the same state of
   * the file even while another process is creating the library. */
  ok = sqlite3_exec (db, "BEGIN", NULL, NULL, NULL) == SQLITE_OK &&
       read_pragma (db, "PRAGMA application_id", &app_id, &rc) &&
       read_pragma (db, "PRAGMA user_version", &version, &rc) &&
       read_pragma (db, "SELECT count(*) FROM sqlite_schema", &tables, &rc);
  sqlite3_exec (db, "COMMIT", NULL, NULL, NULL);
  if (!ok)
    {
      if ((rc & 0xff) == SQLITE_NOTADB || (rc & 0xff) == SQLITE_CORRUPT)
        g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_MUSTER,
                     _("“%s” is not a Muster library."), path);
      else
        g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_SQLITE,
                     _("Could not read the library “%s”: %s"), path, sqlite3_errmsg (db));
      sqlite3_close (db);
      return FALSE;
    }
  sqlite3_close (db);

  /* Muster sets its id in the transaction that creates its tables: tables
   * without it are another program's. An empty database may be adopted. */
  if (app_id != MUSTER_STORE_APPLICATION_ID && (app_id != 0 || tables > 0))
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_MUSTER,
                   _("“%s” is another program’s database, not a Muster library; "
                     "Muster has left it as it was."), path);
      return FALSE;
    }
  if (version > MUSTER_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NEWER,
                   _("The library “%s” was written by a newer version of Muster "
                     "(format %d; this version reads up to %d). Update Muster to "
                     "open it; the file has not been changed."),
                   path, (int) version, MUSTER_STORE_SCHEMA_VERSION);
      return FALSE;
    }
  if (version < 0)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_MUSTER,
                   _("“%s” is not a Muster library."), path);
      return FALSE;
    }

  *out_version = (int) version;
  *out_has_data = tables > 0;
  return TRUE;
}

/* A consistent copy of @src to @dest_path with the online backup API. */
static gboolean
backup_to (sqlite3     *src,
           const char  *dest_path,
           const char  *display_path,
           GError     **error)
{
  sqlite3 *dest = NULL;
  sqlite3_backup *backup;
  int rc;

  rc = sqlite3_open_v2 (dest_path, &dest, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_busy_timeout (dest, MUSTER_STORE_BUSY_TIMEOUT);
      backup = sqlite3_backup_init (dest, "main", src, "main");
      if (backup == NULL)
        rc = sqlite3_errcode (dest);
      else
        {
          do
            {
              rc = sqlite3_backup_step (backup, -1);
              if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
                sqlite3_sleep (50);
            }
          while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
          sqlite3_backup_finish (backup);
          rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
        }
    }
  if (rc != SQLITE_OK)
    {
      /* The system's reason (a full disk) when there is one. */
      int saved_errno = dest != NULL ? sqlite3_system_errno (dest) : 0;

      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_FILE,
                   _("Could not copy the library to “%s”: %s"), display_path,
                   saved_errno != 0 ? g_strerror (saved_errno)
                   : dest != NULL ? sqlite3_errmsg (dest) : sqlite3_errstr (rc));
      sqlite3_close (dest);
      return FALSE;
    }
  if (sqlite3_close (dest) != SQLITE_OK)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_FILE,
                   _("Could not finish the copy “%s”."), display_path);
      return FALSE;
    }
  return TRUE;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static gboolean run_migration_in (MusterStore *self, const char *name, int number, GError **error);

static gboolean
run_migration (MusterStore  *self,
               const char   *name,
               int           number,
               GError      **error)
{
  sqlite3 *db = muster_store_get_db (self);
  gboolean ok;

  if (!rebuilds_tables (number))
    return run_migration_in (self, name, number, error);

  /* foreign_keys is ignored inside a transaction: set it around it. */
  if (sqlite3_exec (db, "PRAGMA foreign_keys = OFF", NULL, NULL, NULL) != SQLITE_OK)
    {
      muster_store_set_error (self, error, _("Could not bring the library up to date"));
      return FALSE;
    }
  ok = run_migration_in (self, name, number, error);
  if (sqlite3_exec (db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL) != SQLITE_OK && ok)
    {
      muster_store_set_error (self, error, _("Could not bring the library up to date"));
      return FALSE;
    }
  return ok;
}

static gboolean
run_migration_in (MusterStore  *self,
                  const char   *name,
                  int           number,
                  GError      **error)
{
  sqlite3 *db = muster_store_get_db (self);
  g_autofree char *resource = g_strconcat (MIGRATIONS_PATH, name, NULL);
  g_autofree char *script = NULL;
  g_autoptr(GError) step_error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  char *errmsg = NULL;
  gint64 version = 0;
  int rc;

  bytes = g_resource_lookup_data (muster_core_get_resource (), resource,
                                  G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (bytes == NULL)
    return FALSE;

  if (!muster_store_begin (self, error))
    return FALSE;
  /* Another process may have created or upgraded the library since it
   * was checked: look again under the write lock. */
  if (!read_pragma (db, "PRAGMA user_version", &version, &rc))
    {
      muster_store_set_error (self, error, _("Could not read the library’s format"));
      muster_store_rollback (self);
      return FALSE;
    }
  if (version >= number)
    return muster_store_commit (self, error);

  /* Our own resource text: the only SQL not run as prepared statements.
   * The id goes in with the first tables, so that a file with tables and
   * without it is never Muster's. */
  script = g_strdup_printf ("%.*s\n;PRAGMA user_version = %d;\nPRAGMA application_id = %d;",
                            (int) g_bytes_get_size (bytes),
                            (const char *) g_bytes_get_data (bytes, NULL),
                            number, MUSTER_STORE_APPLICATION_ID);
  if (sqlite3_exec (db, script, NULL, NULL, &errmsg) != SQLITE_OK)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_SQLITE,
                   _("Could not bring the library “%s” up to date (step %s): %s. "
                     "The library is unchanged."),
                   muster_store_get_path (self), name, errmsg != NULL ? errmsg : "");
      sqlite3_free (errmsg);
      muster_store_rollback (self);
      return FALSE;
    }
  /* What a migration does to the rows that SQL alone cannot, in the same
   * transaction. */
  for (guint i = 0; i < G_N_ELEMENTS (migration_steps); i++)
    if (migration_steps[i].number == number && !migration_steps[i].run (self, &step_error))
      {
        /* Translators: the library, the migration step, then what went wrong */
        g_set_error (error, step_error->domain, step_error->code,
                     _("Could not bring the library “%s” up to date (step %s): %s"),
                     muster_store_get_path (self), name, step_error->message);
        muster_store_rollback (self);
        return FALSE;
      }
  if (rebuilds_tables (number) && !check_foreign_keys (self, &step_error))
    {
      g_set_error (error, step_error->domain, step_error->code,
                   _("Could not bring the library “%s” up to date (step %s): %s"),
                   muster_store_get_path (self), name, step_error->message);
      muster_store_rollback (self);
      return FALSE;
    }
  return muster_store_commit (self, error);
}

/* muster_nationality_guess (side, name) in SQL, for the migration that
 * gives forces a nationality. */
static void
guess_nationality_sql (sqlite3_context  *context,
                       int               argc,
                       sqlite3_value   **argv)
{
  const char *side = (const char *) sqlite3_value_text (argv[0]);
  const char *name = (const char *) sqlite3_value_text (argv[1]);

  sqlite3_result_text (context, muster_nationality_guess (side, name), -1, SQLITE_STATIC);
}

/**
 * muster_store_elsewhere_total:
 * @message: the log entry of a character who joined with a force file
 * @n: 1 for the kills, 2 for the games
 *
 * The entry says, in the language of whoever imported the file, "…
 * (kills elsewhere: 4, games elsewhere: 3).": the brackets closing it
 * hold the two numbers, kills first, whatever the words around them.
 *
 * Returns: the @n-th number of those brackets, or 0 when the entry does
 * not end with brackets holding two numbers (a man who brought none).
 */
gint64
muster_store_elsewhere_total (const char *message,
                              guint       n)
{
  const char *open, *close, *p;
  gint64 numbers[2] = { 0, 0 };
  guint found = 0;

  g_return_val_if_fail (n == 1 || n == 2, 0);

  if (message == NULL || (close = strrchr (message, ')')) == NULL)
    return 0;
  for (p = close + 1; *p != '\0'; p++)
    if (*p != '.' && !g_ascii_isspace (*p))
      return 0;
  for (open = close; open > message && *open != '('; open--)
    ;
  if (*open != '(')
    return 0;

  for (p = open + 1; p < close; p++)
    {
      if (!g_ascii_isdigit (*p))
        continue;
      if (found == 2)
        return 0;
      numbers[found++] = g_ascii_strtoll (p, (char **) &p, 10);
      p--;
    }
  return found == 2 ? numbers[n - 1] : 0;
}

/* muster_store_elsewhere_total (message, n) in SQL, for the migration
 * that keeps the kills and games a character brought. */
static void
elsewhere_total_sql (sqlite3_context  *context,
                     int               argc,
                     sqlite3_value   **argv)
{
  const char *message = (const char *) sqlite3_value_text (argv[0]);
  int n = sqlite3_value_int (argv[1]);

  /* A count fits the int that reads it, as the importer keeps it. */
  sqlite3_result_int64 (context, n == 1 || n == 2 ? CLAMP (muster_store_elsewhere_total (message, n), 0, G_MAXINT) : 0);
}

/**
 * muster_store_migrate:
 * @from_version: the file's user_version
 * @has_data: the file held tables before (then it is backed up first)
 *
 * Runs every migration numbered above @from_version, each in its own
 * transaction that also sets user_version.
 */
gboolean
muster_store_migrate (MusterStore  *self,
                      int           from_version,
                      gboolean      has_data,
                      GError      **error)
{
  g_auto(GStrv) names = NULL;
  g_autoptr(GPtrArray) sorted = g_ptr_array_new ();

  if (has_data)
    {
      g_autofree char *backup = g_strdup_printf ("%s.bak-v%d",
                                                 muster_store_get_path (self),
                                                 from_version);
      if (!muster_store_save_copy (self, backup, error))
        return FALSE;
    }

  /* What the migrations call besides SQL's own functions. */
  if (sqlite3_create_function (muster_store_get_db (self), "muster_nationality_guess", 2,
                               SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                               guess_nationality_sql, NULL, NULL) != SQLITE_OK ||
      sqlite3_create_function (muster_store_get_db (self), "muster_elsewhere_total", 2,
                               SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                               elsewhere_total_sql, NULL, NULL) != SQLITE_OK)
    {
      muster_store_set_error (self, error, _("Could not bring the library up to date"));
      return FALSE;
    }

  names = g_resource_enumerate_children (muster_core_get_resource (), MIGRATIONS_PATH,
                                         G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (names == NULL)
    return FALSE;
  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_has_suffix (names[i], ".sql"))
      g_ptr_array_add (sorted, names[i]);
  g_ptr_array_sort (sorted, compare_strings);

  for (guint i = 0; i < sorted->len; i++)
    {
      const char *name = g_ptr_array_index (sorted, i);
      int number = atoi (name);

      if (number <= from_version || number > MUSTER_STORE_SCHEMA_VERSION)
        continue;
      if (!run_migration (self, name, number, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * muster_store_save_copy:
 * @dest: where the copy goes; replaced when it exists
 *
 * Copies the whole library with the backup API to a temporary file next to
 * @dest, then renames it into place, so @dest is never half-written.
 */
gboolean
muster_store_save_copy (MusterStore  *self,
                        const char   *dest,
                        GError      **error)
{
  g_autoptr(MusterFileOutputStream) stream = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);
  g_return_val_if_fail (dest != NULL, FALSE);

  /* A copy of the library is as private as the library. */
  stream = muster_file_output_stream_new (dest, 0600, error);
  if (stream == NULL)
    return FALSE;
  if (!backup_to (muster_store_get_db (self),
                  muster_file_output_stream_get_temp_path (stream), dest, error))
    {
      g_autofree char *journal = g_strconcat (muster_file_output_stream_get_temp_path (stream),
                                              "-journal", NULL);

      muster_file_output_stream_abort (stream);
      g_unlink (journal);
      return FALSE;
    }
  return muster_file_output_stream_commit (stream, error);
}

static void
append_value (GString       *out,
              sqlite3_stmt  *stmt,
              int            col)
{
  switch (sqlite3_column_type (stmt, col))
    {
    case SQLITE_NULL:
      g_string_append (out, "NULL");
      break;
    case SQLITE_INTEGER:
      g_string_append_printf (out, "%" G_GINT64_FORMAT, (gint64) sqlite3_column_int64 (stmt, col));
      break;
    case SQLITE_FLOAT:
      g_string_append_printf (out, "%.17g", sqlite3_column_double (stmt, col));
      break;
    case SQLITE_BLOB:
      {
        const guchar *data = sqlite3_column_blob (stmt, col);
        int n = sqlite3_column_bytes (stmt, col);

        g_string_append (out, "X'");
        for (int i = 0; i < n; i++)
          g_string_append_printf (out, "%02X", data[i]);
        g_string_append_c (out, '\'');
      }
      break;
    default:
      {
        const char *text = (const char *) sqlite3_column_text (stmt, col);

        g_string_append_c (out, '\'');
        for (const char *p = text; *p != '\0'; p++)
          {
            if (*p == '\'')
              g_string_append_c (out, '\'');
            g_string_append_c (out, *p);
          }
        g_string_append_c (out, '\'');
      }
      break;
    }
}

static void
dump_table (MusterStore *self,
            const char  *table,
            GString     *out)
{
  sqlite3 *db = muster_store_get_db (self);
  g_autoptr(GString) sql = g_string_new (NULL);
  sqlite3_stmt *stmt = NULL;
  int n_columns;

  /* Ordering by every column gives the same order for the same rows,
   * whatever the table's keys. */
  g_string_printf (sql, "SELECT * FROM \"%s\" LIMIT 0", table);
  if (sqlite3_prepare_v2 (db, sql->str, -1, &stmt, NULL) != SQLITE_OK)
    return;
  n_columns = sqlite3_column_count (stmt);
  sqlite3_finalize (stmt);
  stmt = NULL;

  g_string_printf (sql, "SELECT * FROM \"%s\" ORDER BY ", table);
  for (int i = 1; i <= n_columns; i++)
    g_string_append_printf (sql, "%s%d", i > 1 ? ", " : "", i);
  if (sqlite3_prepare_v2 (db, sql->str, -1, &stmt, NULL) != SQLITE_OK)
    return;
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      g_string_append_printf (out, "INSERT INTO \"%s\" VALUES (", table);
      for (int i = 0; i < n_columns; i++)
        {
          if (i > 0)
            g_string_append (out, ", ");
          append_value (out, stmt, i);
        }
      g_string_append (out, ");\n");
    }
  sqlite3_finalize (stmt);
}

/**
 * muster_store_dump:
 *
 * Returns: (transfer full): the schema and every row, as SQL text in a
 * stable order, for comparing the library before and after.
 */
char *
muster_store_dump (MusterStore *self)
{
  sqlite3 *db;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GPtrArray) tables = g_ptr_array_new_with_free_func (g_free);
  sqlite3_stmt *stmt = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  db = muster_store_get_db (self);

  {
    gint64 value = 0;
    int rc;

    if (read_pragma (db, "PRAGMA user_version", &value, &rc))
      g_string_append_printf (out, "PRAGMA user_version = %" G_GINT64_FORMAT ";\n", value);
    if (read_pragma (db, "PRAGMA application_id", &value, &rc))
      g_string_append_printf (out, "PRAGMA application_id = %" G_GINT64_FORMAT ";\n", value);
  }

  if (sqlite3_prepare_v2 (db, "SELECT type, name, sql FROM sqlite_schema"
                          " WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
                          " ORDER BY type, name", -1, &stmt, NULL) == SQLITE_OK)
    {
      while (sqlite3_step (stmt) == SQLITE_ROW)
        {
          const char *type = (const char *) sqlite3_column_text (stmt, 0);
          const char *name = (const char *) sqlite3_column_text (stmt, 1);
          const char *sql = (const char *) sqlite3_column_text (stmt, 2);

          g_string_append_printf (out, "%s;\n", sql != NULL ? sql : "");
          if (g_strcmp0 (type, "table") == 0)
            g_ptr_array_add (tables, g_strdup (name));
        }
      sqlite3_finalize (stmt);
    }

  for (guint i = 0; i < tables->len; i++)
    dump_table (self, g_ptr_array_index (tables, i), out);

  return g_string_free (g_steal_pointer (&out), FALSE);
}
