/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-library"

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "muster-library.h"
#include "muster-store-private.h"
#include "muster-work-dir.h"

/* --- Rulesets ------------------------------------------------------------ */

/**
 * muster_library_get_rulesets_dir:
 *
 * Returns: (transfer full): the folder added rulesets are written to, the
 * last one muster_rulesets_get_dirs() searches.
 */
char *
muster_library_get_rulesets_dir (void)
{
  /* Like the registry, read XDG_DATA_HOME each time rather than the value
   * g_get_user_data_dir() cached at the first call. */
  const char *env = g_getenv ("XDG_DATA_HOME");

  if (env != NULL && *env != '\0')
    return g_build_filename (env, "muster", "rulesets", NULL);
  return g_build_filename (g_get_user_data_dir (), "muster", "rulesets", NULL);
}

/* An id becomes a file name: keep it to a safe, portable set. */
static gboolean
id_is_file_name (const char *id)
{
  if (id == NULL || *id == '\0' || *id == '.')
    return FALSE;
  for (const char *p = id; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_' && *p != '.')
      return FALSE;
  return TRUE;
}

/**
 * muster_library_add_ruleset_data:
 * @data: the ruleset file's text
 * @length: its length, or -1 when nul-terminated
 * @filename: the name used in messages
 * @out_path: (out) (optional): the file written
 *
 * Returns: (transfer full): the ruleset loaded from @data, or %NULL with
 * @error set and nothing written.
 */
MusterRuleset *
muster_library_add_ruleset_data (const char  *data,
                                 gsize        length,
                                 const char  *filename,
                                 char       **out_path,
                                 GError     **error)
{
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *path = NULL;
  const char *id;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (filename != NULL, NULL);

  ruleset = muster_ruleset_new_from_data (data, length, filename, error);
  if (ruleset == NULL)
    return NULL;

  id = muster_ruleset_get_id (ruleset);
  if (!id_is_file_name (id))
    {
      g_set_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_INVALID,
                   _("%s: the ruleset id “%s” may only hold letters, digits, “-”, “_” "
                     "and “.”. Change the id and add the file again."),
                   filename, id);
      return NULL;
    }

  dir = muster_library_get_rulesets_dir ();
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not create the folder “%s” for rulesets: %s"),
                   dir, g_strerror (saved_errno));
      return NULL;
    }

  base = g_strconcat (id, ".xml", NULL);
  path = g_build_filename (dir, base, NULL);
  /* The text exactly as validated, written to a temporary file and
   * renamed, so no half-written ruleset is ever read. */
  if (!g_file_set_contents (path, data, length, error))
    return NULL;

  muster_rulesets_reload ();

  if (out_path != NULL)
    *out_path = g_steal_pointer (&path);
  return g_steal_pointer (&ruleset);
}

/**
 * muster_library_add_ruleset:
 * @file: the ruleset file a user chose
 * @out_path: (out) (optional): the file written
 *
 * Returns: (transfer full): the ruleset, or %NULL with @error set.
 */
MusterRuleset *
muster_library_add_ruleset (GFile   *file,
                            char   **out_path,
                            GError **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  name = g_file_get_basename (file);
  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, &local_error))
    {
      g_set_error (error, local_error->domain, local_error->code,
                   _("Could not read the ruleset “%s”: %s"), name, local_error->message);
      return NULL;
    }
  return muster_library_add_ruleset_data (contents, length, name, out_path, error);
}

/* --- Backups -------------------------------------------------------------- */

static gboolean
same_file (const char *a,
           const char *b)
{
  GStatBuf sa, sb;

  if (g_stat (a, &sa) != 0 || g_stat (b, &sb) != 0)
    return FALSE;
  return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/**
 * muster_library_back_up:
 * @dest: the backup file, replaced when it exists
 */
gboolean
muster_library_back_up (MusterStore  *store,
                        const char   *dest,
                        GError      **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);
  g_return_val_if_fail (dest != NULL, FALSE);

  if (same_file (dest, muster_store_get_path (store)))
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("“%s” is the library itself: choose another file for the backup."),
                   dest);
      return FALSE;
    }
  return muster_store_save_copy (store, dest, error);
}

static gboolean
read_int (sqlite3     *db,
          const char  *sql,
          gint64      *value,
          int         *rc)
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

static gboolean
read_text (sqlite3     *db,
           const char  *sql,
           char       **value,
           int         *rc)
{
  sqlite3_stmt *stmt = NULL;

  *rc = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL);
  if (*rc != SQLITE_OK)
    return FALSE;
  *rc = sqlite3_step (stmt);
  if (*rc == SQLITE_ROW)
    *value = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  return *rc == SQLITE_ROW;
}

static gboolean
not_a_library (const char  *path,
               GError     **error)
{
  g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_MUSTER,
               _("“%s” is not a Muster library backup."), path);
  return FALSE;
}

/**
 * muster_library_check_backup:
 * @path: a file a user chose to restore
 *
 * Returns: %TRUE when @path is a Muster library this version can read.
 */
gboolean
muster_library_check_backup (const char  *path,
                             GError     **error)
{
  g_autofree char *uri = NULL;
  g_autofree char *check = NULL;
  g_autofree char *escaped = NULL;
  sqlite3 *db = NULL;
  GStatBuf st;
  gint64 app_id = 0, version = 0, campaign_table = 0;
  int rc;
  gboolean ok;

  g_return_val_if_fail (path != NULL, FALSE);

  if (g_stat (path, &st) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not read “%s”: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  if (!S_ISREG (st.st_mode) || st.st_size == 0)
    return not_a_library (path, error);

  /* Read-only and immutable: no journal, no WAL file, nothing written
   * beside the user's backup. */
  escaped = g_uri_escape_string (path, "/", FALSE);
  uri = g_strconcat ("file:", escaped, "?mode=ro&immutable=1", NULL);
  rc = sqlite3_open_v2 (uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
  if (rc != SQLITE_OK)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_SQLITE,
                   _("Could not open “%s”: %s"),
                   path, db != NULL ? sqlite3_errmsg (db) : sqlite3_errstr (rc));
      sqlite3_close (db);
      return FALSE;
    }

  ok = read_int (db, "PRAGMA application_id", &app_id, &rc) &&
       read_int (db, "PRAGMA user_version", &version, &rc) &&
       read_int (db, "SELECT count(*) FROM sqlite_schema "
                     "WHERE type = 'table' AND name = 'campaign'",
                 &campaign_table, &rc);
  if (ok && app_id == MUSTER_STORE_APPLICATION_ID && campaign_table == 1 &&
      version >= 1 && version <= MUSTER_STORE_SCHEMA_VERSION)
    ok = read_text (db, "PRAGMA quick_check", &check, &rc);
  sqlite3_close (db);

  if (!ok)
    {
      if ((rc & 0xff) == SQLITE_NOTADB || (rc & 0xff) == SQLITE_CORRUPT)
        return not_a_library (path, error);
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_SQLITE,
                   _("Could not read “%s”: %s"), path, sqlite3_errstr (rc));
      return FALSE;
    }
  if (app_id != MUSTER_STORE_APPLICATION_ID || campaign_table != 1 || version < 1)
    return not_a_library (path, error);
  if (version > MUSTER_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NEWER,
                   _("The backup “%s” was written by a newer version of Muster "
                     "(format %d; this version reads up to %d). Update Muster to "
                     "restore it."),
                   path, (int) version, MUSTER_STORE_SCHEMA_VERSION);
      return FALSE;
    }
  if (g_strcmp0 (check, "ok") != 0)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_MUSTER,
                   _("The backup “%s” is damaged (%s) and cannot be restored."),
                   path, check != NULL ? check : "?");
      return FALSE;
    }
  return TRUE;
}

/* Copies the database of @src into the main database of @dest in one
 * step: SQLite holds the write lock on @dest for the whole copy and rolls
 * it back on failure. */
static gboolean
copy_database (sqlite3     *src,
               sqlite3     *dest,
               const char  *what,
               GError     **error)
{
  sqlite3_backup *backup;
  int rc;

  backup = sqlite3_backup_init (dest, "main", src, "main");
  if (backup == NULL)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_SQLITE,
                   _("Could not restore “%s”: %s"), what, sqlite3_errmsg (dest));
      return FALSE;
    }
  do
    {
      rc = sqlite3_backup_step (backup, -1);
      if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
        sqlite3_sleep (50);
    }
  while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
  sqlite3_backup_finish (backup);

  if (rc != SQLITE_DONE)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_SQLITE,
                   _("Could not restore “%s”: %s. The library is unchanged."),
                   what, sqlite3_errstr (rc));
      return FALSE;
    }
  return TRUE;
}

typedef struct {
  char   *path;
  char   *stamp;   /* YYYYMMDD-HHMMSS */
  guint64 number;  /* 1 for the first copy taken in that second */
} SavedCopy;

static void
saved_copy_free (SavedCopy *copy)
{
  g_free (copy->path);
  g_free (copy->stamp);
  g_free (copy);
}

/* Newest first. */
static int
compare_saved_copies (gconstpointer a,
                      gconstpointer b)
{
  const SavedCopy *x = *(const SavedCopy * const *) a;
  const SavedCopy *y = *(const SavedCopy * const *) b;
  int by_stamp = strcmp (y->stamp, x->stamp);

  if (by_stamp != 0)
    return by_stamp;
  return y->number < x->number ? -1 : y->number > x->number;
}

/* The name saved_copy_path() gives, after the library's own name. */
static SavedCopy *
parse_saved_copy (const char *dir,
                  const char *name,
                  const char *prefix)
{
  const char *rest = name + strlen (prefix);
  guint64 number = 1;
  SavedCopy *copy;

  if (!g_str_has_prefix (name, prefix) || strlen (rest) < 15 ||
      !g_ascii_isdigit (rest[0]) || rest[8] != '-')
    return NULL;
  for (guint i = 0; i < 15; i++)
    if (i != 8 && !g_ascii_isdigit (rest[i]))
      return NULL;
  if (rest[15] != '\0' &&
      (rest[15] != '-' || !g_ascii_string_to_unsigned (rest + 16, 10, 2, G_MAXUINT, &number, NULL)))
    return NULL;

  copy = g_new0 (SavedCopy, 1);
  copy->path = g_build_filename (dir, name, NULL);
  copy->stamp = g_strndup (rest, 15);
  copy->number = number;
  return copy;
}

/* The copies restores kept beside the library, newest first. */
static GPtrArray *
list_saved_copies (MusterStore *store)
{
  const char *library = muster_store_get_path (store);
  g_autofree char *dir = g_path_get_dirname (library);
  g_autofree char *base = g_path_get_basename (library);
  g_autofree char *prefix = g_strconcat (base, ".before-restore-", NULL);
  g_autoptr(GPtrArray) copies = g_ptr_array_new_with_free_func ((GDestroyNotify) saved_copy_free);
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;

  if (handle != NULL)
    while ((name = g_dir_read_name (handle)) != NULL)
      {
        SavedCopy *copy = parse_saved_copy (dir, name, prefix);

        if (copy != NULL)
          g_ptr_array_add (copies, copy);
      }
  g_ptr_array_sort (copies, compare_saved_copies);
  return g_steal_pointer (&copies);
}

/* "LIBRARY.before-restore-20261123-101500", then "-2", "-3"... for more
 * in the same second: always after the newest, so that the oldest are
 * the ones pruned, even when a pruned name comes free again. */
static char *
saved_copy_path (MusterStore *store)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autoptr(GPtrArray) copies = list_saved_copies (store);
  guint64 number = 1;
  char *path = NULL;

  for (guint i = 0; i < copies->len; i++)
    {
      SavedCopy *copy = g_ptr_array_index (copies, i);

      if (g_str_equal (copy->stamp, stamp))
        number = MAX (number, copy->number + 1);
    }
  do
    {
      g_free (path);
      if (number == 1)
        path = g_strdup_printf ("%s.before-restore-%s", muster_store_get_path (store), stamp);
      else
        path = g_strdup_printf ("%s.before-restore-%s-%" G_GUINT64_FORMAT,
                                muster_store_get_path (store), stamp, number);
      number++;
    }
  while (g_file_test (path, G_FILE_TEST_EXISTS));
  return path;
}

/* Keeps the newest MUSTER_LIBRARY_KEPT_COPIES copies a restore saved. */
static void
prune_saved_copies (MusterStore *store)
{
  g_autoptr(GPtrArray) copies = list_saved_copies (store);

  for (guint i = MUSTER_LIBRARY_KEPT_COPIES; i < copies->len; i++)
    {
      SavedCopy *copy = g_ptr_array_index (copies, i);

      g_debug ("Removing %s, an older copy kept by a restore", copy->path);
      g_unlink (copy->path);
    }
}

/**
 * muster_library_restore:
 * @path: a backup made by muster_library_back_up() (or any Muster library)
 * @out_saved: (out) (optional): where the replaced library was saved
 *
 * Returns: %TRUE when the library now holds the backup.
 */
gboolean
muster_library_restore (MusterStore  *store,
                        const char   *path,
                        char        **out_saved,
                        GError      **error)
{
  g_autoptr(MusterWorkDir) workdir = NULL;
  g_autofree char *tmp = NULL;
  g_autofree char *saved = NULL;
  g_autoptr(MusterStore) source = NULL;
  sqlite3 *live;
  gboolean ok = FALSE;

  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (muster_store_is_read_only (store))
    {
      muster_store_set_read_only_error (store, error);
      return FALSE;
    }
  if (same_file (path, muster_store_get_path (store)))
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("“%s” is the library itself: choose a backup to restore."), path);
      return FALSE;
    }
  if (!muster_library_check_backup (path, error))
    return FALSE;

  live = muster_store_get_db (store);
  if (!sqlite3_get_autocommit (live))
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_SQLITE,
                   _("The library is busy; try restoring again."));
      return FALSE;
    }

  /* Work on a private copy: opening it brings an older backup up to date
   * without writing to the user's file. The folder sits beside the
   * library, locked while in use, so that one left by a restore that was
   * killed is removed the next time the library is opened or restored. */
  muster_work_dir_sweep (muster_store_get_path (store), MUSTER_STORE_RESTORE_PURPOSE);
  workdir = muster_work_dir_new (muster_store_get_path (store), MUSTER_STORE_RESTORE_PURPOSE, error);
  if (workdir == NULL)
    return FALSE;
  tmp = g_build_filename (muster_work_dir_get_path (workdir), "restore.db", NULL);
  {
    g_autofree char *escaped = g_uri_escape_string (path, "/", FALSE);
    g_autofree char *uri = g_strconcat ("file:", escaped, "?mode=ro&immutable=1", NULL);
    sqlite3 *src = NULL;
    sqlite3 *dest = NULL;
    int rc;

    rc = sqlite3_open_v2 (uri, &src, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
    if (rc == SQLITE_OK)
      rc = sqlite3_open_v2 (tmp, &dest, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
    if (rc != SQLITE_OK)
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_SQLITE,
                   _("Could not read “%s”: %s"), path, sqlite3_errstr (rc));
    else
      ok = copy_database (src, dest, path, error);
    sqlite3_close (src);
    sqlite3_close (dest);
  }
  if (!ok)
    return FALSE;
  ok = FALSE;

  source = muster_store_open (tmp, error);
  if (source == NULL)
    return FALSE;

  saved = saved_copy_path (store);
  if (!muster_store_save_copy (store, saved, error))
    return FALSE;

  if (!copy_database (muster_store_get_db (source), live, path, error))
    {
      g_unlink (saved);
      return FALSE;
    }
  prune_saved_copies (store);

  muster_store_forget_caches (store);
  muster_store_emit_changed (store, MUSTER_CHANGE_ALL, 0);
  if (out_saved != NULL)
    *out_saved = g_steal_pointer (&saved);
  return TRUE;
}
