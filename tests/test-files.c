/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-files"

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "muster-file-output-stream.h"
#include "muster-library.h"
#include "muster-store.h"
#include "muster-test-util.h"
#include "muster-work-dir.h"

/* Files written whole or not at all: the stream every file goes through,
 * then muster-cli's print, export and backup on a disk that fills up
 * (RLIMIT_FSIZE with SIGXFSZ ignored: writes past the limit fail with
 * EFBIG, as they would with ENOSPC, for root too and without mount), and
 * the working folders and kept copies of a restore. */

static void
assert_names (const char  *dir,
              const char **expected)
{
  g_auto(GStrv) names = muster_test_list_dir (dir);
  g_autofree char *found = g_strjoinv (" ", names);
  g_autofree char *wanted = g_strjoinv (" ", (char **) expected);

  g_assert_cmpstr (found, ==, wanted);
}

/* --- The stream ------------------------------------------------------------ */

static void
test_stream_commit (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "roll.txt", NULL);
  g_autoptr(MusterFileOutputStream) stream = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  const char *none[] = { NULL };
  const char *target[] = { "roll.txt", NULL };

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));

  stream = muster_file_output_stream_new (path, 0666, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_file_output_stream_get_path (stream), ==, path);
  g_assert_true (g_output_stream_write_all (G_OUTPUT_STREAM (stream), "new ", 4, NULL, NULL, &error));
  g_assert_true (g_output_stream_write_all (G_OUTPUT_STREAM (stream), "roll", 4, NULL, NULL, &error));
  g_assert_no_error (error);

  /* Until the commit the target is the old file; the new one is hidden
   * beside it. */
  {
    g_autofree char *temp_dir = g_path_get_dirname (muster_file_output_stream_get_temp_path (stream));
    g_autofree char *temp_base = g_path_get_basename (muster_file_output_stream_get_temp_path (stream));

    g_assert_cmpstr (temp_dir, ==, dir);
    g_assert_true (g_str_has_prefix (temp_base, ".roll.txt."));
  }
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "old");
  g_clear_pointer (&contents, g_free);

  g_assert_true (muster_file_output_stream_commit (stream, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "new roll");
  assert_names (dir, target);

  g_unlink (path);
  assert_names (dir, none);
}

/* Aborted, freed unclosed, or closed with a cancelled cancellable: the
 * target stays as it was and nothing is left beside it. */
static void
test_stream_abort (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "roll.txt", NULL);
  g_autoptr(GError) error = NULL;
  const char *target[] = { "roll.txt", NULL };

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));

  for (guint how = 0; how < 3; how++)
    {
      g_autoptr(MusterFileOutputStream) stream = muster_file_output_stream_new (path, 0666, &error);
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();
      g_autofree char *contents = NULL;

      g_assert_no_error (error);
      g_assert_true (g_output_stream_write_all (G_OUTPUT_STREAM (stream), "half", 4, NULL, NULL, &error));
      if (how == 0)
        muster_file_output_stream_abort (stream);
      else if (how == 1)
        g_clear_object (&stream);
      else
        {
          g_cancellable_cancel (cancellable);
          g_output_stream_close (G_OUTPUT_STREAM (stream), cancellable, NULL);
        }
      g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
      g_assert_cmpstr (contents, ==, "old");
      assert_names (dir, target);
    }
}

/* A folder that is not there, or a disk that fills: the error names the
 * file and says why, and nothing is left. */
static void
test_stream_errors (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *missing = g_build_filename (dir, "no such folder", "roll.txt", NULL);
  g_autofree char *path = g_build_filename (dir, "roll.txt", NULL);
  g_autoptr(MusterFileOutputStream) stream = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *block = g_malloc0 (64 * 1024);
  const char *none[] = { NULL };

  stream = muster_file_output_stream_new (missing, 0666, &error);
  g_assert_null (stream);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, missing));
  g_assert_nonnull (strstr (error->message, g_strerror (ENOENT)));
  g_clear_error (&error);

  stream = muster_file_output_stream_new (path, 0666, &error);
  g_assert_no_error (error);
  muster_test_limit_file_size (16 * 1024);
  g_assert_false (g_output_stream_write_all (G_OUTPUT_STREAM (stream), block, 64 * 1024,
                                             NULL, NULL, &error));
  muster_test_unlimit_file_size ();
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, g_strerror (EFBIG)));
  g_clear_error (&error);

  /* A stream that failed never commits. */
  g_assert_false (muster_file_output_stream_commit (stream, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, g_strerror (EFBIG)));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  assert_names (dir, none);
}

/* --- muster-cli on a full disk ---------------------------------------------- */

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

/* Runs muster-cli on @library; with @limit above 0, every file it writes
 * fails past @limit bytes. */
static void
run_cli (Run         *run,
         const char  *library,
         goffset      limit,
         const char **args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (library);
  g_autofree char *xdg = g_build_filename (dir, "xdg-data", NULL);
  g_auto(GStrv) envp = g_get_environ ();
  int wait_status = 0;

  envp = g_environ_setenv (envp, "XDG_DATA_HOME", xdg, TRUE);
  envp = g_environ_unsetenv (envp, "MUSTER_LIBRARY");
  g_ptr_array_add (argv, (char *) g_getenv ("MUSTER_CLI"));
  g_ptr_array_add (argv, (char *) "--library");
  g_ptr_array_add (argv, (char *) library);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  run_clear (run);
  g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT,
                limit > 0 ? muster_test_child_limit_file_size : NULL, &limit,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  /* Not killed by SIGXFSZ: it is ignored, and the write fails instead. */
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
  if (run->status != 0)
    g_test_message ("stderr: %s", run->err);
}

#define RUN(run, library, limit, ...) \
  G_STMT_START { const char *args_[] = { __VA_ARGS__, NULL }; run_cli ((run), (library), (limit), args_); } G_STMT_END

/* Fails with one message naming @path and the system's reason. */
static void
assert_full_disk (Run        *run,
                  const char *path)
{
  g_assert_cmpint (run->status, ==, 1);
  g_assert_true (g_str_has_prefix (run->err, "muster-cli: "));
  g_assert_nonnull (strstr (run->err, path));
  g_assert_nonnull (strstr (run->err, g_strerror (EFBIG)));
  /* libxml2's and cairo's own complaints stay out of it. */
  g_assert_cmpuint (strchr (run->err, '\n') - run->err + 1, ==, strlen (run->err));
}

/* A library with the sample campaign, in a folder of its own, and an
 * empty folder for what muster-cli writes. */
static char *
make_library (char **out_dir)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  char *library = g_build_filename (dir, "lib.db", NULL);
  g_auto(Run) run = { 0 };

  RUN (&run, library, 0, "sample", "Peninsula");
  g_assert_cmpint (run.status, ==, 0);
  *out_dir = g_build_filename (dir, "out", NULL);
  g_assert_cmpint (g_mkdir (*out_dir, 0755), ==, 0);
  return library;
}

static void
test_cli_print_full_disk (void)
{
  g_autofree char *out = NULL;
  g_autofree char *library = make_library (&out);
  g_autofree char *pdf = g_build_filename (out, "cards.pdf", NULL);
  g_auto(Run) run = { 0 };
  const char *none[] = { NULL };
  const char *one[] = { "cards.pdf", NULL };

  RUN (&run, library, 32 * 1024, "print", "cards", "Peninsula", "-o", pdf);
  assert_full_disk (&run, pdf);
  assert_names (out, none);

  /* With room, the same command writes the whole sheet, bigger than the
   * limit was. */
  RUN (&run, library, 0, "print", "cards", "Peninsula", "-o", pdf);
  g_assert_cmpint (run.status, ==, 0);
  assert_names (out, one);
  {
    GStatBuf st;

    g_assert_cmpint (g_stat (pdf, &st), ==, 0);
    g_assert_cmpint (st.st_size, >, 32 * 1024);
  }
}

static void
test_cli_export_full_disk (void)
{
  g_autofree char *out = NULL;
  g_autofree char *library = make_library (&out);
  g_autofree char *file = g_build_filename (out, "peninsula.muster", NULL);
  g_autofree char *contents = NULL;
  g_auto(Run) run = { 0 };
  const char *none[] = { NULL };
  const char *one[] = { "peninsula.muster", NULL };

  /* A new file: none is left, not a 32 KiB fragment. */
  RUN (&run, library, 32 * 1024, "export", "Peninsula", "-o", file);
  assert_full_disk (&run, file);
  assert_names (out, none);

  /* An existing file is left as it was. */
  g_assert_true (g_file_set_contents (file, "an earlier export", -1, NULL));
  RUN (&run, library, 32 * 1024, "export", "Peninsula", "-o", file);
  assert_full_disk (&run, file);
  assert_names (out, one);
  g_assert_true (g_file_get_contents (file, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "an earlier export");
}

static void
test_cli_backup_full_disk (void)
{
  g_autofree char *out = NULL;
  g_autofree char *library = make_library (&out);
  g_autofree char *backup = g_build_filename (out, "backup.db", NULL);
  g_auto(Run) run = { 0 };
  const char *none[] = { NULL };
  const char *one[] = { "backup.db", NULL };

  RUN (&run, library, 32 * 1024, "backup", backup);
  assert_full_disk (&run, backup);
  assert_names (out, none);

  RUN (&run, library, 0, "backup", backup);
  g_assert_cmpint (run.status, ==, 0);
  assert_names (out, one);
}

/* --- Restores ----------------------------------------------------------------- */

/* A restore killed half-way cannot clean up after itself: the working
 * folder it leaves is removed the next time the library is opened, but
 * never one that another restore is using. */
static void
test_work_dir_killed (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *library = g_build_filename (dir, "lib.db", NULL);
  g_autoptr(MusterWorkDir) held = NULL;
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *left = NULL;
  g_auto(GStrv) names = NULL;
  int wait_status;
  pid_t pid;

  store = muster_store_open (library, &error);
  g_assert_no_error (error);
  g_clear_object (&store);

  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      MusterWorkDir *work = muster_work_dir_new (library, "restore", NULL);
      g_autofree char *file = NULL;

      if (work == NULL)
        _exit (1);
      file = g_build_filename (muster_work_dir_get_path (work), "restore.db", NULL);
      g_file_set_contents (file, "half a copy", -1, NULL);
      raise (SIGKILL);
      _exit (2);
    }
  g_assert_cmpint (waitpid (pid, &wait_status, 0), ==, pid);
  g_assert_true (WIFSIGNALED (wait_status));

  names = muster_test_list_dir (dir);
  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_has_prefix (names[i], ".lib.db.restore-"))
      left = g_build_filename (dir, names[i], NULL);
  g_assert_nonnull (left);
  g_assert_true (g_file_test (left, G_FILE_TEST_IS_DIR));

  /* One in use, as by a restore in another window. */
  held = muster_work_dir_new (library, "restore", &error);
  g_assert_no_error (error);

  store = muster_store_open (library, &error);
  g_assert_no_error (error);
  g_assert_false (g_file_test (left, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (muster_work_dir_get_path (held), G_FILE_TEST_IS_DIR));

  g_clear_pointer (&held, muster_work_dir_free);
  g_clear_object (&store);
  g_clear_pointer (&names, g_strfreev);
  names = muster_test_list_dir (dir);
  for (guint i = 0; names[i] != NULL; i++)
    g_assert_false (g_str_has_prefix (names[i], ".lib.db.restore-"));
}

static guint
count_kept_copies (const char *dir)
{
  g_auto(GStrv) names = muster_test_list_dir (dir);
  guint n = 0;

  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_has_prefix (names[i], "lib.db.before-restore-"))
      n++;
  return n;
}

/* Each restore keeps what it replaced, but only the newest few stay: the
 * message says where they are and how many. No working folder is left. */
static void
test_restore_kept_copies (void)
{
  g_autofree char *out = NULL;
  g_autofree char *library = make_library (&out);
  g_autofree char *dir = g_path_get_dirname (library);
  g_autofree char *backup = g_build_filename (out, "backup.db", NULL);
  g_autofree char *newest = NULL;
  g_auto(Run) run = { 0 };

  RUN (&run, library, 0, "backup", backup);
  g_assert_cmpint (run.status, ==, 0);

  for (guint i = 0; i < MUSTER_LIBRARY_KEPT_COPIES + 2; i++)
    {
      g_autofree char *name = g_strdup_printf ("Campaign %u", i);
      g_autofree char *expected = g_strdup_printf ("the last %u copies", MUSTER_LIBRARY_KEPT_COPIES);

      RUN (&run, library, 0, "new-campaign", name, "--ruleset", "sharpes-skirmish");
      g_assert_cmpint (run.status, ==, 0);
      RUN (&run, library, 0, "restore", backup);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_nonnull (strstr (run.out, library));
      g_assert_nonnull (strstr (run.out, ".before-restore-"));
      g_assert_nonnull (strstr (run.out, expected));
      g_assert_cmpuint (count_kept_copies (dir), ==, MIN (i + 1, MUSTER_LIBRARY_KEPT_COPIES));
      g_free (newest);
      newest = g_strdup (strstr (run.out, library));
      *strchr (newest, ' ') = '\0';
    }

  /* The copy kept last is the newest: the library before that restore,
   * with the campaign made just before it. */
  {
    g_autoptr(MusterStore) kept = muster_store_open (newest, NULL);
    g_autoptr(GPtrArray) campaigns = NULL;

    g_assert_true (g_file_test (newest, G_FILE_TEST_IS_REGULAR));
    g_assert_nonnull (kept);
    campaigns = muster_store_list_campaigns (kept, NULL);
    g_assert_cmpuint (campaigns->len, ==, 2);
  }

  {
    g_auto(GStrv) names = muster_test_list_dir (dir);

    for (guint i = 0; names[i] != NULL; i++)
      g_assert_null (strstr (names[i], ".restore-"));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (g_getenv ("MUSTER_CLI") == NULL)
    g_error ("MUSTER_CLI is not set: run the tests with meson test");

  g_test_add_func ("/files/stream/commit", test_stream_commit);
  g_test_add_func ("/files/stream/abort", test_stream_abort);
  g_test_add_func ("/files/stream/errors", test_stream_errors);
  g_test_add_func ("/files/cli/print-full-disk", test_cli_print_full_disk);
  g_test_add_func ("/files/cli/export-full-disk", test_cli_export_full_disk);
  g_test_add_func ("/files/cli/backup-full-disk", test_cli_backup_full_disk);
  g_test_add_func ("/files/restore/killed", test_work_dir_killed);
  g_test_add_func ("/files/restore/kept-copies", test_restore_kept_copies);

  return g_test_run ();
}
