/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-library"

#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "muster-campaign.h"
#include "muster-library.h"
#include "muster-recruit.h"
#include "muster-store.h"
#include "muster-test-util.h"

/* Each test points XDG_DATA_HOME at a folder of its own, so that added
 * rulesets land there. */
static char *
use_fresh_data_home (const char *dir)
{
  char *xdg = g_build_filename (dir, "xdg-data", NULL);

  g_setenv ("XDG_DATA_HOME", xdg, TRUE);
  muster_rulesets_reload ();
  return xdg;
}

static char *
test_path (const char *relpath)
{
  return g_build_filename (TEST_SRCDIR, relpath, NULL);
}

static guint n_changes;

static void
store_changed_cb (MusterStore *store,
                  guint        what,
                  gint64       campaign_id,
                  gpointer     user_data)
{
  g_assert_cmpuint (what, ==, MUSTER_CHANGE_ALL);
  n_changes++;
}

/* --- Rulesets ----------------------------------------------------------- */

static void
test_add_ruleset (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *xdg = use_fresh_data_home (dir);
  g_autofree char *source = test_path ("rulesets/minimal.xml");
  g_autofree char *expected = g_build_filename (xdg, "muster", "rulesets", "test-minimal.xml", NULL);
  g_autofree char *written = NULL;
  g_autofree char *original = NULL;
  g_autofree char *copy = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (source);
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(MusterRuleset) found = NULL;
  g_autoptr(GError) error = NULL;

  found = muster_rulesets_lookup ("test-minimal", &error);
  g_assert_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_NOT_FOUND);
  g_assert_null (found);
  g_clear_error (&error);

  ruleset = muster_library_add_ruleset (file, &written, &error);
  g_assert_no_error (error);
  g_assert_nonnull (ruleset);
  g_assert_cmpstr (muster_ruleset_get_id (ruleset), ==, "test-minimal");
  g_assert_cmpstr (written, ==, expected);

  /* The file is copied byte for byte, and the registry sees it. */
  g_assert_true (g_file_get_contents (source, &original, NULL, NULL));
  g_assert_true (g_file_get_contents (expected, &copy, NULL, NULL));
  g_assert_cmpstr (copy, ==, original);
  found = muster_rulesets_lookup ("test-minimal", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_ruleset_get_title (found), ==, "A minimal ruleset");

  muster_test_remove_tree (dir);
}

static void
test_add_ruleset_broken (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *xdg = use_fresh_data_home (dir);
  g_autofree char *rulesets_dir = g_build_filename (xdg, "muster", "rulesets", NULL);
  const char *broken[] = { "rulesets/malformed.xml", "rulesets/missing-element.xml",
                           "rulesets/doctype.xml", "rulesets/bad-dice.xml" };

  for (guint i = 0; i < G_N_ELEMENTS (broken); i++)
    {
      g_autofree char *source = test_path (broken[i]);
      g_autofree char *base = g_path_get_basename (source);
      g_autoptr(GFile) file = g_file_new_for_path (source);
      g_autoptr(MusterRuleset) ruleset = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *written = NULL;

      ruleset = muster_library_add_ruleset (file, &written, &error);
      g_assert_null (ruleset);
      g_assert_null (written);
      g_assert_nonnull (error);
      g_assert_true (error->domain == MUSTER_RULESET_ERROR);
      /* The loader's message, naming the file. */
      g_test_message ("%s: %s", broken[i], error->message);
      g_assert_nonnull (strstr (error->message, base));
    }

  /* Nothing was written. */
  if (g_file_test (rulesets_dir, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) d = g_dir_open (rulesets_dir, 0, NULL);
      g_assert_null (g_dir_read_name (d));
    }
  muster_test_remove_tree (dir);
}

static void
test_add_ruleset_missing (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *xdg = use_fresh_data_home (dir);
  g_autofree char *missing = g_build_filename (dir, "no-such-file.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (missing);
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(GError) error = NULL;

  ruleset = muster_library_add_ruleset (file, NULL, &error);
  g_assert_null (ruleset);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "no-such-file.xml"));
  muster_test_remove_tree (dir);
}

/* --- Backup and restore --------------------------------------------------- */

static void
test_back_up (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *backup = g_build_filename (dir, "backup.muster-library", NULL);
  g_autoptr(MusterStore) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dump = NULL;
  g_autofree char *copy_dump = NULL;

  g_assert_cmpint (muster_store_create_sample (store, NULL, &error), >, 0);
  g_assert_no_error (error);

  g_assert_true (muster_library_back_up (store, backup, &error));
  g_assert_no_error (error);
  g_assert_true (muster_library_check_backup (backup, &error));
  g_assert_no_error (error);

  copy = muster_store_open (backup, &error);
  g_assert_no_error (error);
  dump = muster_store_dump (store);
  copy_dump = muster_store_dump (copy);
  g_assert_cmpstr (copy_dump, ==, dump);

  /* The library itself is not a place for its backup. */
  g_assert_false (muster_library_back_up (store, path, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);

  g_clear_object (&copy);
  g_clear_object (&store);
  muster_test_remove_tree (dir);
}

static void
test_restore (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *backup = g_build_filename (dir, "backup.db", NULL);
  g_autofree char *saved = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after_change = NULL;
  g_autofree char *restored = NULL;
  g_autoptr(MusterStore) kept = NULL;
  g_autofree char *kept_dump = NULL;
  g_autoptr(GPtrArray) campaigns = NULL;
  g_autoptr(GError) error = NULL;
  gint64 id;

  id = muster_store_create_sample (store, "Peninsula", &error);
  g_assert_no_error (error);
  g_assert_true (muster_library_back_up (store, backup, &error));
  before = muster_store_dump (store);

  /* Change the library after the backup: rename, then a second campaign. */
  g_assert_true (muster_store_rename_campaign (store, id, "Waterloo", &error));
  g_assert_cmpint (muster_store_create_sample (store, "Talavera", &error), >, 0);
  g_assert_no_error (error);
  after_change = muster_store_dump (store);

  n_changes = 0;
  g_signal_connect (store, "changed", G_CALLBACK (store_changed_cb), NULL);
  g_assert_true (muster_library_restore (store, backup, &saved, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_changes, ==, 1);

  /* The live connection now holds the backup, and keeps working. */
  restored = muster_store_dump (store);
  g_assert_cmpstr (restored, ==, before);
  campaigns = muster_store_list_campaigns (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (campaigns->len, ==, 1);
  g_assert_cmpstr (muster_campaign_get_name (g_ptr_array_index (campaigns, 0)), ==, "Peninsula");
  g_assert_cmpint (muster_store_create_sample (store, "Albuera", &error), >, 0);
  g_assert_no_error (error);

  /* What it replaced was kept beside it. */
  g_assert_nonnull (saved);
  g_assert_true (g_str_has_prefix (saved, path));
  g_assert_true (strstr (saved, ".before-restore-") != NULL);
  kept = muster_store_open (saved, &error);
  g_assert_no_error (error);
  kept_dump = muster_store_dump (kept);
  g_assert_cmpstr (kept_dump, ==, after_change);

  /* The backup itself was only read. */
  {
    g_autoptr(MusterStore) reopened = muster_store_open (backup, &error);
    g_autofree char *backup_dump = NULL;

    g_assert_no_error (error);
    backup_dump = muster_store_dump (reopened);
    g_assert_cmpstr (backup_dump, ==, before);
  }

  g_clear_object (&kept);
  g_clear_object (&store);
  muster_test_remove_tree (dir);
}

static void
write_foreign_database (const char *path,
                        int         application_id,
                        int         user_version)
{
  g_autofree char *sql = g_strdup_printf ("PRAGMA application_id = %d; PRAGMA user_version = %d; "
                                          "CREATE TABLE campaign (id INTEGER PRIMARY KEY);"
                                          "CREATE TABLE notes (x TEXT);",
                                          application_id, user_version);
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
}

static void
test_restore_refused (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *text = g_build_filename (dir, "notes.txt", NULL);
  g_autofree char *empty = g_build_filename (dir, "empty.db", NULL);
  g_autofree char *foreign = g_build_filename (dir, "foreign.db", NULL);
  g_autofree char *newer = g_build_filename (dir, "newer.db", NULL);
  g_autofree char *truncated = g_build_filename (dir, "truncated.db", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.db", NULL);
  g_autofree char *good = g_build_filename (dir, "good.db", NULL);
  g_autofree char *before = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;
  struct {
    const char *path;
    GQuark      domain;
    int         code;
  } cases[] = {
    { text,      MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_MUSTER },
    { empty,     MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_MUSTER },
    { foreign,   MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_MUSTER },
    { newer,     MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NEWER },
    { truncated, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_MUSTER },
    { missing,   G_IO_ERROR,         G_IO_ERROR_NOT_FOUND },
    { path,      MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID },
  };

  g_assert_cmpint (muster_store_create_sample (store, NULL, &error), >, 0);
  g_assert_no_error (error);
  before = muster_store_dump (store);

  g_assert_true (g_file_set_contents (text, "Muster roll of the 95th\n", -1, NULL));
  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  write_foreign_database (foreign, 0, 0);
  write_foreign_database (newer, 0x4d555354, MUSTER_STORE_SCHEMA_VERSION + 1);
  /* A real backup cut short. */
  g_assert_true (muster_library_back_up (store, good, &error));
  g_assert_true (g_file_get_contents (good, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (truncated, contents, length / 2, NULL));

  n_changes = 0;
  g_signal_connect (store, "changed", G_CALLBACK (store_changed_cb), NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *saved = NULL;
      g_autofree char *after = NULL;
      g_autofree char *base = g_path_get_basename (cases[i].path);

      g_assert_false (muster_library_restore (store, cases[i].path, &saved, &error));
      g_test_message ("%s: %s", base, error->message);
      g_assert_true (error->domain == cases[i].domain);
      g_assert_cmpint (error->code, ==, cases[i].code);
      g_assert_nonnull (strstr (error->message, base));
      g_assert_null (saved);
      g_clear_error (&error);

      after = muster_store_dump (store);
      g_assert_cmpstr (after, ==, before);
    }
  g_assert_cmpuint (n_changes, ==, 0);

  /* No copy is kept for a restore that did not happen. */
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name (d)) != NULL)
      g_assert_null (strstr (name, "before-restore"));
  }

  g_clear_object (&store);
  muster_test_remove_tree (dir);
}

/* --- The command line ----------------------------------------------------- */

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

static void
run_cli (Run         *run,
         const char  *dir,
         const char  *library,
         const char **args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *xdg = g_build_filename (dir, "xdg-data", NULL);
  g_auto(GStrv) envp = g_get_environ ();
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("MUSTER_CLI");
  int wait_status = 0;

  if (cli == NULL)
    g_error ("MUSTER_CLI is not set: run the tests with meson test");
  envp = g_environ_setenv (envp, "XDG_DATA_HOME", xdg, TRUE);
  envp = g_environ_unsetenv (envp, "MUSTER_LIBRARY");

  g_ptr_array_add (argv, (char *) cli);
  g_ptr_array_add (argv, (char *) "--library");
  g_ptr_array_add (argv, (char *) library);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  run_clear (run);
  g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
  if (run->status != 0)
    g_test_message ("stderr: %s", run->err);
}

#define RUN(run, dir, library, ...) \
  G_STMT_START { const char *args_[] = { __VA_ARGS__, NULL }; run_cli ((run), (dir), (library), args_); } G_STMT_END

static void
test_cli_add_ruleset (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *library = g_build_filename (dir, "lib.db", NULL);
  g_autofree char *good = test_path ("rulesets/minimal.xml");
  g_autofree char *bad = test_path ("rulesets/malformed.xml");
  g_autofree char *added = g_build_filename (dir, "xdg-data", "muster", "rulesets",
                                             "test-minimal.xml", NULL);
  Run run = { 0 };

  RUN (&run, dir, library, "add-ruleset", bad);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_true (g_str_has_prefix (run.err, "muster-cli: "));
  g_assert_nonnull (strstr (run.err, "malformed.xml:"));
  g_assert_false (g_file_test (added, G_FILE_TEST_EXISTS));

  RUN (&run, dir, library, "add-ruleset", good);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "test-minimal"));
  g_assert_true (g_file_test (added, G_FILE_TEST_IS_REGULAR));

  /* The rulesets command lists it from now on. */
  RUN (&run, dir, library, "rulesets", "--format", "tsv");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "test-minimal"));

  RUN (&run, dir, library, "add-ruleset");
  g_assert_cmpint (run.status, ==, 2);

  run_clear (&run);
  muster_test_remove_tree (dir);
}

static void
test_cli_backup_restore (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *library = g_build_filename (dir, "lib.db", NULL);
  g_autofree char *backup = g_build_filename (dir, "backup.db", NULL);
  g_autofree char *not_a_library = test_path ("rulesets/minimal.xml");
  g_autofree char *campaigns_before = NULL;
  Run run = { 0 };

  RUN (&run, dir, library, "sample", "Peninsula");
  g_assert_cmpint (run.status, ==, 0);
  RUN (&run, dir, library, "campaigns", "--format", "tsv");
  campaigns_before = g_strdup (run.out);

  RUN (&run, dir, library, "backup", backup);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_true (g_file_test (backup, G_FILE_TEST_IS_REGULAR));

  RUN (&run, dir, library, "rename", "campaign", "Peninsula", "Flanders");
  g_assert_cmpint (run.status, ==, 0);

  RUN (&run, dir, library, "restore", not_a_library);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "minimal.xml"));
  RUN (&run, dir, library, "campaigns", "--format", "tsv");
  g_assert_nonnull (strstr (run.out, "Flanders"));

  RUN (&run, dir, library, "restore", backup);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "before-restore"));
  RUN (&run, dir, library, "campaigns", "--format", "tsv");
  g_assert_cmpstr (run.out, ==, campaigns_before);

  RUN (&run, dir, library, "backup", library);
  g_assert_cmpint (run.status, ==, 1);

  run_clear (&run);
  muster_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/library/ruleset/add", test_add_ruleset);
  g_test_add_func ("/library/ruleset/broken", test_add_ruleset_broken);
  g_test_add_func ("/library/ruleset/missing", test_add_ruleset_missing);
  g_test_add_func ("/library/backup", test_back_up);
  g_test_add_func ("/library/restore", test_restore);
  g_test_add_func ("/library/restore/refused", test_restore_refused);
  g_test_add_func ("/library/cli/add-ruleset", test_cli_add_ruleset);
  g_test_add_func ("/library/cli/backup-restore", test_cli_backup_restore);

  return g_test_run ();
}
