/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-store-open"

#include "config.h"

#include <errno.h>
#include <grp.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-exchange.h"
#include "muster-force.h"
#include "muster-game.h"
#include "muster-library.h"
#include "muster-recruit.h"
#include "muster-ruleset.h"
#include "muster-store.h"
#include "muster-test-util.h"

/* Which libraries muster-cli opens, and how: read-only ones it may only
 * read, other programs' databases and missing folders it refuses, and
 * several processes at once neither fail nor trip over each other.
 *
 * Root may write any file, so where a test needs a library this process
 * cannot write, it runs muster-cli as nobody with setpriv(1), or drops to
 * nobody in a subprocess; as any other user, file permissions do. */

#define NOBODY 65534

static gboolean
is_root (void)
{
  return geteuid () == 0;
}

/* --- Running muster-cli --------------------------------------------------- */

typedef struct {
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static char **
cli_environ (const char *dir)
{
  g_autofree char *xdg = g_build_filename (dir, "xdg-data", NULL);
  char **envp = g_get_environ ();

  envp = g_environ_setenv (envp, "XDG_DATA_HOME", xdg, TRUE);
  envp = g_environ_setenv (envp, "HOME", dir, TRUE);
  envp = g_environ_unsetenv (envp, "MUSTER_LIBRARY");
  return envp;
}

/* Runs muster-cli with @args after --library @library (none when NULL),
 * as nobody when @as_other and this process is root. */
static void
run_cli (Run         *run,
         const char  *dir,
         gboolean     as_other,
         const char  *library,
         const char **args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = cli_environ (dir);
  int wait_status = 0;

  if (as_other && is_root ())
    {
      g_ptr_array_add (argv, (char *) "setpriv");
      g_ptr_array_add (argv, (char *) "--reuid=" G_STRINGIFY (NOBODY));
      g_ptr_array_add (argv, (char *) "--regid=" G_STRINGIFY (NOBODY));
      g_ptr_array_add (argv, (char *) "--clear-groups");
      g_ptr_array_add (argv, (char *) "--");
    }
  g_ptr_array_add (argv, (char *) g_getenv ("MUSTER_CLI"));
  if (library != NULL)
    {
      g_ptr_array_add (argv, (char *) "--library");
      g_ptr_array_add (argv, (char *) library);
    }
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  run_clear (run);
  g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_SEARCH_PATH, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
  if (run->status != 0)
    g_test_message ("stderr: %s", run->err);
}

#define RUN(run, dir, as_other, library, ...) \
  G_STMT_START { const char *args_[] = { __VA_ARGS__, NULL }; \
                 run_cli ((run), (dir), (as_other), (library), args_); } G_STMT_END

#define RUN_OK(run, dir, as_other, library, ...) \
  G_STMT_START { RUN (run, dir, as_other, library, __VA_ARGS__); \
                 g_assert_cmpint ((run)->status, ==, 0); } G_STMT_END

/* Fails with one message naming @needle. */
#define RUN_FAILS(run, dir, as_other, library, needle, ...) \
  G_STMT_START { RUN (run, dir, as_other, library, __VA_ARGS__); \
                 g_assert_cmpint ((run)->status, ==, 1); \
                 g_assert_true (g_str_has_prefix ((run)->err, "muster-cli: ")); \
                 g_assert_nonnull (strstr ((run)->err, (needle))); } G_STMT_END

/* Whether muster-cli can be run as another user here; skips the test
 * when not. */
static gboolean
can_run_as_other (const char *dir)
{
  g_auto(Run) run = { 0 };
  g_autofree char *setpriv = NULL;

  if (!is_root ())
    return TRUE;
  setpriv = g_find_program_in_path ("setpriv");
  if (setpriv == NULL)
    {
      g_test_skip ("root may write any file, and setpriv (util-linux) is not there "
                   "to run muster-cli as another user");
      return FALSE;
    }
  /* nobody must reach the test folder and muster-cli. */
  RUN (&run, dir, TRUE, NULL, "rulesets");
  if (run.status != 0)
    {
      g_test_skip ("muster-cli cannot run as nobody here (its build folder or the "
                   "temporary folder is out of nobody's reach)");
      return FALSE;
    }
  return TRUE;
}

static void
assert_names (const char  *dir,
              const char **expected)
{
  g_auto(GStrv) names = muster_test_list_dir (dir);
  g_autofree char *found = g_strjoinv (" ", names);
  g_autofree char *wanted = g_strjoinv (" ", (char **) expected);

  g_assert_cmpstr (found, ==, wanted);
}

/* --- Read-only libraries -------------------------------------------------- */

typedef enum {
  READ_ONLY_FILE,    /* the file is not ours to write; its folder is */
  READ_ONLY_FOLDER,  /* nothing can be written in its folder, as on read-only media */
} ReadOnlyKind;

typedef struct {
  char *dir;       /* the test's folder, reachable by nobody */
  char *lib_dir;   /* the library's folder */
  char *library;
  char *out;       /* a folder anyone may write */
} ReadOnly;

static void
read_only_setup (ReadOnly      *f,
                 gconstpointer  data)
{
  ReadOnlyKind kind = GPOINTER_TO_INT (data);
  g_auto(Run) run = { 0 };

  f->dir = muster_test_make_tmpdir ();
  g_assert_cmpint (g_chmod (f->dir, 0755), ==, 0);
  f->lib_dir = g_build_filename (f->dir, "lib", NULL);
  f->library = g_build_filename (f->lib_dir, "lib.db", NULL);
  f->out = g_build_filename (f->dir, "out", NULL);
  g_assert_cmpint (g_mkdir (f->lib_dir, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (f->out, 0777), ==, 0);
  g_assert_cmpint (g_chmod (f->out, 0777), ==, 0);

  RUN_OK (&run, f->dir, FALSE, f->library, "sample", "Peninsula");

  if (kind == READ_ONLY_FILE)
    {
      g_assert_cmpint (g_chmod (f->library, 0444), ==, 0);
      g_assert_cmpint (g_chmod (f->lib_dir, 0777), ==, 0);
    }
  else
    g_assert_cmpint (g_chmod (f->lib_dir, 0555), ==, 0);
}

static void
read_only_teardown (ReadOnly      *f,
                    gconstpointer  data)
{
  /* So that the folder can be removed. */
  g_chmod (f->lib_dir, 0755);
  g_free (f->dir);
  g_free (f->lib_dir);
  g_free (f->library);
  g_free (f->out);
}

/* Looking, printing, exporting and backing up work; every change is
 * refused saying the library is read-only; nothing is written beside it,
 * least of all a -shm file its owner could not write. */
static void
test_read_only_cli (ReadOnly      *f,
                    gconstpointer  data)
{
  g_autofree char *pdf = g_build_filename (f->out, "cards.pdf", NULL);
  g_autofree char *file = g_build_filename (f->out, "peninsula.muster", NULL);
  g_autofree char *backup = g_build_filename (f->out, "backup.db", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_len, after_len;
  g_auto(Run) run = { 0 };
  const char *just_the_library[] = { "lib.db", NULL };

  if (!can_run_as_other (f->dir))
    return;

  g_assert_true (g_file_get_contents (f->library, &before, &before_len, NULL));

  RUN_OK (&run, f->dir, TRUE, f->library, "campaigns", "--format", "tsv");
  g_assert_nonnull (strstr (run.out, "Peninsula"));
  RUN_OK (&run, f->dir, TRUE, f->library, "roster", "Peninsula");
  RUN_OK (&run, f->dir, TRUE, f->library, "print", "cards", "Peninsula", "-o", pdf);
  g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
  RUN_OK (&run, f->dir, TRUE, f->library, "export", "Peninsula", "-o", file);
  g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
  RUN_OK (&run, f->dir, TRUE, f->library, "backup", backup);
  g_assert_true (muster_library_check_backup (backup, NULL));

  RUN_FAILS (&run, f->dir, TRUE, f->library, "read-only",
             "new-campaign", "Talavera", "--ruleset", "sharpes-skirmish");
  g_assert_nonnull (strstr (run.err, f->library));
  RUN_FAILS (&run, f->dir, TRUE, f->library, "read-only", "rename", "campaign", "Peninsula", "Flanders");
  RUN_FAILS (&run, f->dir, TRUE, f->library, "read-only", "new-force", "Peninsula", "Rifles");
  RUN_FAILS (&run, f->dir, TRUE, f->library, "read-only", "import", file);
  RUN_FAILS (&run, f->dir, TRUE, f->library, "read-only", "restore", backup);
  RUN_FAILS (&run, f->dir, TRUE, f->library, "read-only", "delete", "campaign", "Peninsula");

  assert_names (f->lib_dir, just_the_library);
  g_assert_true (g_file_get_contents (f->library, &after, &after_len, NULL));
  g_assert_cmpmem (before, before_len, after, after_len);
}

/* The same in the store: every change fails with READ_ONLY. Run in a
 * subprocess, which root leaves for nobody. */
static void
test_read_only_store (gconstpointer data)
{
  ReadOnly f = { 0 };
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *file = NULL;
  const char *just_the_library[] = { "lib.db", NULL };
  gint64 campaign_id, force_id, character_id;
  gint64 players[2] = { 0, 0 };

  if (!g_test_subprocess ())
    {
      read_only_setup (&f, data);
      if (can_run_as_other (f.dir))
        {
          g_setenv ("MUSTER_TEST_READ_ONLY_DIR", f.dir, TRUE);
          g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
          g_test_trap_assert_passed ();
          assert_names (f.lib_dir, just_the_library);
        }
      read_only_teardown (&f, data);
      return;
    }

  /* The parent's library. */
  f.dir = g_strdup (g_getenv ("MUSTER_TEST_READ_ONLY_DIR"));
  f.lib_dir = g_build_filename (f.dir, "lib", NULL);
  f.library = g_build_filename (f.lib_dir, "lib.db", NULL);
  f.out = g_build_filename (f.dir, "out", NULL);
  if (is_root ())
    {
      g_assert_cmpint (setgroups (0, NULL), ==, 0);
      g_assert_cmpint (setregid (NOBODY, NOBODY), ==, 0);
      g_assert_cmpint (setreuid (NOBODY, NOBODY), ==, 0);
    }

  store = muster_store_open (f.library, &error);
  g_assert_no_error (error);
  g_assert_true (muster_store_is_read_only (store));

  campaign = muster_store_find_campaign (store, "Peninsula", &error);
  g_assert_no_error (error);
  campaign_id = muster_campaign_get_id (campaign);
  characters = muster_store_list_characters (store, campaign_id, 0, &error);
  g_assert_no_error (error);
  character_id = muster_character_get_id (g_ptr_array_index (characters, 0));
  force_id = muster_character_get_force_id (g_ptr_array_index (characters, 0));
  /* One from each side, for a game. */
  players[0] = character_id;
  for (guint i = 0; i < characters->len && players[1] == 0; i++)
    if (muster_character_get_force_id (g_ptr_array_index (characters, i)) != force_id)
      players[1] = muster_character_get_id (g_ptr_array_index (characters, i));
  ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);
  g_assert_no_error (error);

#define ASSERT_READ_ONLY(call) \
  G_STMT_START { \
    g_assert_false ((call) != 0); \
    g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_READ_ONLY); \
    g_assert_nonnull (strstr (error->message, f.library)); \
    g_clear_error (&error); \
  } G_STMT_END

  ASSERT_READ_ONLY (muster_store_create_campaign (store, "Talavera", ruleset, 1, NULL, &error));
  ASSERT_READ_ONLY (muster_store_rename_campaign (store, campaign_id, "Flanders", &error));
  ASSERT_READ_ONLY (muster_store_delete_campaign (store, campaign_id, &error));
  ASSERT_READ_ONLY (muster_store_create_force (store, campaign_id, "Rifles", NULL, &error));
  ASSERT_READ_ONLY (muster_store_rename_force (store, force_id, "Rifles", &error));
  ASSERT_READ_ONLY (muster_store_set_character_stat (store, character_id, "I", 3, &error));
  ASSERT_READ_ONLY (muster_store_set_character_text (store, character_id, "name", "Harper", &error));
  ASSERT_READ_ONLY (muster_store_create_game (store, campaign_id, "Sabugal", NULL,
                                              players, 2, &error));
  ASSERT_READ_ONLY (muster_store_create_sample (store, "Sample", &error));
  undo = muster_store_delete_character (store, character_id, &error);
  ASSERT_READ_ONLY (undo != NULL);
  ASSERT_READ_ONLY (muster_library_restore (store, f.library, NULL, &error));

  /* Reading the whole library out still works. */
  backup = g_build_filename (f.out, "store-backup.db", NULL);
  g_assert_true (muster_library_back_up (store, backup, &error));
  g_assert_no_error (error);
  file = g_build_filename (f.out, "store-export.muster", NULL);
  g_assert_true (muster_exchange_export_to_path (store, MUSTER_EXCHANGE_CAMPAIGN, campaign_id,
                                                 file, &error));
  g_assert_no_error (error);
  ASSERT_READ_ONLY (muster_exchange_import (store, file, 0, NULL, &error));

  g_clear_object (&store);
  g_free (f.dir);
  g_free (f.lib_dir);
  g_free (f.library);
  g_free (f.out);
}

/* A library whose last writer stopped without folding its WAL in: with
 * the -shm file there, it is read through it; without, creating one is
 * the only way, so it is refused, saying what to do. */
static void
test_read_only_wal (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *source = g_build_filename (dir, "source.db", NULL);
  g_autofree char *with_shm = g_build_filename (dir, "with-shm", NULL);
  g_autofree char *without_shm = g_build_filename (dir, "without-shm", NULL);
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(Run) run = { 0 };
  const char *suffixes[] = { "", "-wal", "-shm" };
  const char *three[] = { "lib.db", "lib.db-shm", "lib.db-wal", NULL };
  const char *two[] = { "lib.db", "lib.db-wal", NULL };
  sqlite3 *db = NULL;

  g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
  if (!can_run_as_other (dir))
    return;

  store = muster_store_open (source, &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_store_create_sample (store, "Peninsula", &error), >, 0);
  g_clear_object (&store);

  /* The campaign goes into the WAL of a connection that stays open while
   * its files are copied: what a writer killed at that moment leaves. */
  g_assert_cmpint (sqlite3_open (source, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA wal_autocheckpoint = 0;"
                                     "UPDATE campaign SET name = 'Badajoz';", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (g_mkdir (with_shm, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (without_shm, 0755), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *from = g_strconcat (source, suffixes[i], NULL);
      g_autofree char *contents = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (from, &contents, &length, NULL));
      for (guint j = 0; j < 2; j++)
        {
          g_autofree char *name = g_strconcat ("lib.db", suffixes[i], NULL);
          g_autofree char *to = g_build_filename (j == 0 ? with_shm : without_shm, name, NULL);

          if (j == 1 && i == 2)
            continue;
          g_assert_true (g_file_set_contents (to, contents, length, NULL));
          g_assert_cmpint (g_chmod (to, 0644), ==, 0);
        }
    }
  sqlite3_close (db);
  g_assert_cmpint (g_chmod (with_shm, 0555), ==, 0);
  g_assert_cmpint (g_chmod (without_shm, 0555), ==, 0);

  {
    g_autofree char *library = g_build_filename (with_shm, "lib.db", NULL);

    RUN_OK (&run, dir, TRUE, library, "campaigns", "--format", "tsv");
    g_assert_nonnull (strstr (run.out, "Badajoz"));
    RUN_FAILS (&run, dir, TRUE, library, "read-only", "rename", "campaign", "Badajoz", "Burgos");
    assert_names (with_shm, three);
  }
  {
    g_autofree char *library = g_build_filename (without_shm, "lib.db", NULL);

    RUN_FAILS (&run, dir, TRUE, library, "lib.db-wal", "campaigns");
    g_assert_nonnull (strstr (run.err, "read-only"));
    assert_names (without_shm, two);
  }

  g_chmod (with_shm, 0755);
  g_chmod (without_shm, 0755);
}

/* --- Which files become libraries ------------------------------------------- */

/* Another program's SQLite file is refused, and left exactly as it was. */
static void
test_cli_foreign (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *lib_dir = g_build_filename (dir, "lib", NULL);
  g_autofree char *foreign = g_build_filename (lib_dir, "places.sqlite", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_len, after_len;
  g_auto(Run) run = { 0 };
  const char *just_it[] = { "places.sqlite", NULL };
  sqlite3 *db = NULL;

  g_assert_cmpint (g_mkdir (lib_dir, 0755), ==, 0);
  g_assert_cmpint (sqlite3_open (foreign, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT);"
                                     "INSERT INTO moz_places (url) VALUES ('https://example.org/');",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  g_assert_true (g_file_get_contents (foreign, &before, &before_len, NULL));

  RUN_FAILS (&run, dir, FALSE, foreign, foreign, "campaigns");
  g_assert_nonnull (strstr (run.err, "not a Muster library"));
  RUN_FAILS (&run, dir, FALSE, foreign, foreign, "new-campaign", "Talavera", "--ruleset", "sharpes-skirmish");

  g_assert_true (g_file_get_contents (foreign, &after, &after_len, NULL));
  g_assert_cmpmem (before, before_len, after, after_len);
  assert_names (lib_dir, just_it);
}

/* --library and MUSTER_LIBRARY in a folder that does not exist are
 * errors; the default library's folders are made. */
static void
test_cli_missing_folder (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *missing = g_build_filename (dir, "Campaigns", NULL);
  g_autofree char *library = g_build_filename (missing, "lib.db", NULL);
  g_autofree char *xdg = g_build_filename (dir, "xdg-data", NULL);
  g_autofree char *default_library = g_build_filename (xdg, "muster", "library.db", NULL);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = cli_environ (dir);
  g_autofree char *err = NULL;
  const char *argv[] = { g_getenv ("MUSTER_CLI"), "campaigns", NULL };
  int wait_status;
  g_auto(Run) run = { 0 };

  RUN_FAILS (&run, dir, FALSE, library, "does not exist", "new-campaign", "Talavera",
             "--ruleset", "sharpes-skirmish");
  g_assert_nonnull (strstr (run.err, missing));
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));

  envp = g_environ_setenv (envp, "MUSTER_LIBRARY", library, TRUE);
  g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                NULL, &err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  g_assert_cmpint (WEXITSTATUS (wait_status), ==, 1);
  g_assert_nonnull (strstr (err, "does not exist"));
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));

  /* No --library, no MUSTER_LIBRARY: $XDG_DATA_HOME/muster/library.db. */
  g_assert_false (g_file_test (xdg, G_FILE_TEST_EXISTS));
  RUN_OK (&run, dir, FALSE, NULL, "campaigns");
  g_assert_true (g_file_test (default_library, G_FILE_TEST_IS_REGULAR));
}

/* --- Several processes at once ----------------------------------------------- */

static GSubprocess *
spawn_cli (const char  *dir,
           const char  *library,
           const char **args)
{
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = cli_environ (dir);
  GSubprocess *process;

  g_subprocess_launcher_set_environ (launcher, envp);
  g_ptr_array_add (argv, (char *) g_getenv ("MUSTER_CLI"));
  g_ptr_array_add (argv, (char *) "--library");
  g_ptr_array_add (argv, (char *) library);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  return process;
}

/* Waits for every process; returns how many failed, after telling why. */
static guint
wait_all (GPtrArray *processes)
{
  guint failed = 0;

  for (guint i = 0; i < processes->len; i++)
    {
      GSubprocess *process = g_ptr_array_index (processes, i);
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autoptr(GError) error = NULL;

      g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error);
      g_assert_no_error (error);
      if (!g_subprocess_get_if_exited (process) || g_subprocess_get_exit_status (process) != 0)
        {
          g_test_message ("process %u failed: %s", i, err);
          failed++;
        }
    }
  return failed;
}

/* Several processes making the same new library at once: one creates
 * its tables, the others find them made. */
static void
test_concurrent_create (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();

  for (guint round = 0; round < 4; round++)
    {
      g_autofree char *name = g_strdup_printf ("lib-%u.db", round);
      g_autofree char *library = g_build_filename (dir, name, NULL);
      g_autoptr(GPtrArray) processes = g_ptr_array_new_with_free_func (g_object_unref);
      g_autoptr(MusterStore) store = NULL;
      g_autoptr(GPtrArray) campaigns = NULL;
      g_autoptr(GError) error = NULL;

      for (guint i = 0; i < 6; i++)
        {
          g_autofree char *campaign = g_strdup_printf ("Campaign %u", i);
          const char *args[] = { "new-campaign", campaign, "--ruleset", "sharpes-skirmish", NULL };

          g_ptr_array_add (processes, spawn_cli (dir, library, args));
        }
      g_assert_cmpuint (wait_all (processes), ==, 0);

      store = muster_store_open (library, &error);
      g_assert_no_error (error);
      campaigns = muster_store_list_campaigns (store, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (campaigns->len, ==, 6);
    }
}

/* Two writers and a reader, each command a process of its own: the
 * library is busy now and then, and every command waits its turn. */
static void
test_concurrent_writers (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *library = g_build_filename (dir, "lib.db", NULL);
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GPtrArray) forces = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(Run) run = { 0 };
  guint failed = 0;

  RUN_OK (&run, dir, FALSE, library, "new-campaign", "Peninsula", "--ruleset", "sharpes-skirmish");

  for (guint round = 0; round < 50; round++)
    {
      g_autoptr(GPtrArray) processes = g_ptr_array_new_with_free_func (g_object_unref);
      g_autofree char *a = g_strdup_printf ("Rifles %u", round);
      g_autofree char *b = g_strdup_printf ("Voltigeurs %u", round);
      const char *writer_a[] = { "new-force", "Peninsula", a, NULL };
      const char *writer_b[] = { "new-force", "Peninsula", b, NULL };
      const char *reader[] = { "forces", "Peninsula", NULL };

      g_ptr_array_add (processes, spawn_cli (dir, library, writer_a));
      g_ptr_array_add (processes, spawn_cli (dir, library, reader));
      g_ptr_array_add (processes, spawn_cli (dir, library, writer_b));
      failed += wait_all (processes);
    }
  g_assert_cmpuint (failed, ==, 0);

  store = muster_store_open (library, &error);
  g_assert_no_error (error);
  forces = muster_store_list_forces (store, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (forces->len, ==, 100);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (g_getenv ("MUSTER_CLI") == NULL)
    g_error ("MUSTER_CLI is not set: run the tests with meson test");

  g_test_add ("/store-open/read-only/file/cli", ReadOnly, GINT_TO_POINTER (READ_ONLY_FILE),
              read_only_setup, test_read_only_cli, read_only_teardown);
  g_test_add ("/store-open/read-only/folder/cli", ReadOnly, GINT_TO_POINTER (READ_ONLY_FOLDER),
              read_only_setup, test_read_only_cli, read_only_teardown);
  g_test_add_data_func ("/store-open/read-only/file/store", GINT_TO_POINTER (READ_ONLY_FILE),
                        test_read_only_store);
  g_test_add_data_func ("/store-open/read-only/folder/store", GINT_TO_POINTER (READ_ONLY_FOLDER),
                        test_read_only_store);
  g_test_add_func ("/store-open/read-only/wal", test_read_only_wal);
  g_test_add_func ("/store-open/cli/foreign", test_cli_foreign);
  g_test_add_func ("/store-open/cli/missing-folder", test_cli_missing_folder);
  g_test_add_func ("/store-open/concurrent/create", test_concurrent_create);
  g_test_add_func ("/store-open/concurrent/writers", test_concurrent_writers);

  return g_test_run ();
}
