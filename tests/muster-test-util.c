/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <signal.h>
#include <sys/resource.h>

#include <glib/gstdio.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "muster-store-private.h"
#include "muster-test-util.h"

static GPtrArray *tmpdirs;

static void
remove_tmpdirs (void)
{
  if (tmpdirs == NULL)
    return;
  for (guint i = 0; i < tmpdirs->len; i++)
    muster_test_remove_tree (g_ptr_array_index (tmpdirs, i));
  g_clear_pointer (&tmpdirs, g_ptr_array_unref);
}

void
muster_test_remove_tree (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    {
      g_unlink (dir);
      return;
    }
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *child = g_build_filename (dir, name, NULL);
      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        muster_test_remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (dir);
}

char *
muster_test_make_tmpdir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("muster-test-XXXXXX", &error);

  g_assert_no_error (error);
  if (tmpdirs == NULL)
    {
      tmpdirs = g_ptr_array_new_with_free_func (g_free);
      atexit (remove_tmpdirs);
    }
  g_ptr_array_add (tmpdirs, g_strdup (dir));
  return dir;
}

MusterStore *
muster_test_open_store (char **out_path)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(GError) error = NULL;
  MusterStore *store = muster_store_open (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (store);
  if (out_path != NULL)
    *out_path = g_steal_pointer (&path);
  return store;
}

char *
muster_test_read_data (const char *relpath,
                       gsize      *length)
{
  g_autofree char *path = g_build_filename (TEST_SRCDIR, relpath, NULL);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, length, &error);
  g_assert_no_error (error);
  return contents;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

char **
muster_test_list_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  GPtrArray *names = g_ptr_array_new ();
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (names, FALSE);
}

static struct rlimit saved_fsize;
static gboolean fsize_limited;

void
muster_test_limit_file_size (goffset bytes)
{
  struct rlimit limit;

  g_assert_false (fsize_limited);
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved_fsize), ==, 0);
  signal (SIGXFSZ, SIG_IGN);
  limit.rlim_cur = bytes;
  limit.rlim_max = saved_fsize.rlim_max;
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  fsize_limited = TRUE;
}

void
muster_test_unlimit_file_size (void)
{
  g_assert_true (fsize_limited);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved_fsize), ==, 0);
  signal (SIGXFSZ, SIG_DFL);
  fsize_limited = FALSE;
}

void
muster_test_child_limit_file_size (gpointer bytes)
{
  struct rlimit limit;

  /* Between fork and exec: only async-signal-safe calls. An ignored
   * signal stays ignored across exec. */
  signal (SIGXFSZ, SIG_IGN);
  getrlimit (RLIMIT_FSIZE, &limit);
  limit.rlim_cur = *(const goffset *) bytes;
  setrlimit (RLIMIT_FSIZE, &limit);
}

void
muster_test_set_synchronous (MusterStore *store,
                             const char  *mode)
{
  g_autofree char *sql = g_strdup_printf ("PRAGMA synchronous = %s", mode);

  g_assert_true (g_str_equal (mode, "NORMAL") || g_str_equal (mode, "FULL"));
  g_assert_cmpint (sqlite3_exec (muster_store_get_db (store), sql, NULL, NULL, NULL), ==, SQLITE_OK);
}

void
muster_test_bench_line (const char *name,
                        double      value,
                        const char *unit)
{
  g_print ("BENCH %s %.3f %s\n", name, value, unit);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

double
muster_test_median (GArray *values)
{
  g_autoptr(GArray) sorted = g_array_copy (values);

  g_assert_cmpuint (sorted->len, >, 0);
  g_array_sort (sorted, compare_doubles);
  return g_array_index (sorted, double, sorted->len / 2);
}

void
muster_test_report_ms (const char *what,
                       GArray     *ms)
{
  g_autoptr(GArray) sorted = g_array_copy (ms);

  g_assert_cmpuint (sorted->len, >, 0);
  g_array_sort (sorted, compare_doubles);
  g_print ("%-36s median %9.2f ms  (min %.2f, max %.2f, %u runs)\n", what,
           g_array_index (sorted, double, sorted->len / 2),
           g_array_index (sorted, double, 0),
           g_array_index (sorted, double, sorted->len - 1),
           sorted->len);
}

double
muster_test_report_ratio (const char *name,
                          const char *what,
                          GArray     *ours,
                          GArray     *baseline,
                          const char *baseline_what)
{
  double mine = muster_test_median (ours);
  double theirs = muster_test_median (baseline);
  double ratio = mine / theirs;

  g_print ("%-36s median %9.2f ms, %s %9.2f ms (%u and %u runs, taking turns): %.2fx\n",
           what, mine, baseline_what, theirs, ours->len, baseline->len, ratio);
  muster_test_bench_line (name, ratio, "x");
  return ratio;
}

double
muster_test_report_paired_ratio (const char *name,
                                 const char *what,
                                 GArray     *ours,
                                 GArray     *baseline,
                                 const char *baseline_what)
{
  g_autoptr(GArray) ratios = g_array_new (FALSE, FALSE, sizeof (double));
  double ratio;

  g_assert_cmpuint (ours->len, ==, baseline->len);
  for (guint i = 0; i < ours->len; i++)
    {
      double r = g_array_index (ours, double, i) / g_array_index (baseline, double, i);

      g_array_append_val (ratios, r);
    }
  ratio = muster_test_median (ratios);
  g_print ("%-36s median %9.2f ms, %s %9.2f ms (%u pairs, taking turns): median ratio %.2fx\n",
           what, muster_test_median (ours), baseline_what, muster_test_median (baseline), ours->len, ratio);
  muster_test_bench_line (name, ratio, "x");
  return ratio;
}

void
muster_test_report_synchronous (const char *name,
                                GArray     *normal,
                                GArray     *full)
{
  g_autofree char *name_normal = g_strdup_printf ("%s-normal", name);
  g_autofree char *name_full = g_strdup_printf ("%s-full", name);
  g_autofree char *name_ratio = g_strdup_printf ("%s-full-ratio", name);
  double with_normal = muster_test_median (normal);
  double with_full = muster_test_median (full);

  g_print ("%-28s synchronous NORMAL median %9.2f ms, FULL %9.2f ms (%u runs each): "
           "FULL takes %.3f times as long\n",
           name, with_normal * 1000.0, with_full * 1000.0, normal->len, with_full / with_normal);
  muster_test_bench_line (name_normal, with_normal * 1000.0, "ms");
  muster_test_bench_line (name_full, with_full * 1000.0, "ms");
  muster_test_bench_line (name_ratio, with_full / with_normal, "x");
}

MusterLogEntry *
muster_test_newest_log (MusterStore *store,
                        gint64       campaign_id,
                        const char  *kind)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) log = muster_store_list_log (store, campaign_id, 0, 0, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < log->len; i++)
    {
      MusterLogEntry *entry = g_ptr_array_index (log, i);

      if (kind == NULL || g_str_equal (entry->kind, kind))
        return g_ptr_array_steal_index (log, i);
    }
  g_error ("The log of campaign %" G_GINT64_FORMAT " has no entry of kind “%s”", campaign_id,
           kind != NULL ? kind : "(any)");
  return NULL;
}

gboolean
muster_test_args_hold (const char *args,
                       const char *expected)
{
  g_autoptr(JsonNode) have = args != NULL ? json_from_string (args, NULL) : NULL;
  g_autoptr(JsonNode) want = json_from_string (expected, NULL);
  g_autoptr(GList) members = NULL;

  g_assert_nonnull (want);
  if (have == NULL)
    return FALSE;
  members = json_object_get_members (json_node_get_object (want));
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *value = json_object_get_member (json_node_get_object (have), l->data);

      if (value == NULL || !json_node_equal (value, json_object_get_member (json_node_get_object (want), l->data)))
        return FALSE;
    }
  return TRUE;
}

void
muster_test_assert_args (const char *args,
                         const char *expected)
{
  if (!muster_test_args_hold (args, expected))
    g_error ("The entry's arguments %s do not hold %s", args != NULL ? args : "(none)", expected);
}

MusterLogLanguage *
muster_test_log_language (GPtrArray  *languages,
                          const char *code)
{
  for (guint i = 0; i < languages->len; i++)
    if (g_str_equal (muster_log_language_get_code (g_ptr_array_index (languages, i)), code))
      return g_ptr_array_index (languages, i);
  g_error ("No catalogue for “%s” is installed", code);
  return NULL;
}

void
muster_test_assert_log (MusterStore *store,
                        gint64       campaign_id,
                        const char  *kind,
                        const char  *args,
                        const char  *text)
{
  MusterLogEntry *entry = muster_test_newest_log (store, campaign_id, NULL);

  g_assert_cmpstr (entry->kind, ==, kind);
  if (args != NULL)
    muster_test_assert_args (entry->args, args);
  if (text != NULL)
    g_assert_cmpstr (entry->message, ==, text);
  muster_log_entry_free (entry);
}

static int
deny_reads_cb (void       *data,
               int         action,
               const char *a,
               const char *b,
               const char *db,
               const char *trigger)
{
  return action == SQLITE_READ ? SQLITE_DENY : SQLITE_OK;
}

void
muster_test_fail_reads (MusterStore *store,
                        gboolean     fail)
{
  /* Setting an authorizer expires the prepared statements too, so those
   * the store keeps are refused at their next step. */
  sqlite3_set_authorizer (muster_store_get_db (store), fail ? deny_reads_cb : NULL, NULL);
}

gboolean
muster_test_json_valid (const char *json)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gboolean valid;

  g_assert_cmpint (sqlite3_open (":memory:", &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT json_valid(?)", -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, json, -1, SQLITE_STATIC);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  valid = sqlite3_column_int (stmt, 0) == 1;
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return valid;
}
