/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bench-roster"

#include "config.h"

#include <stdlib.h>

#include <glib.h>
#include <sqlite3.h>

#include "bench-roster-gui.h"
#include "muster-recruit.h"
#include "muster-roster-model.h"
#include "muster-store.h"
#include "muster-store-private.h"
#include "muster-test-util.h"

/* How long the roster takes with a big library: 10,000 characters. Prints
 * medians and ratios to baselines run in turns with Muster, and a
 * "BENCH name value unit" line for each figure; asserts nothing about time.
 *
 * Recruiting 10,000 characters in one call is compared with writing the
 * same rows (characters, stats, rolls, log and the recruit counter) into
 * a library made the same way, with raw SQLite in one transaction: the
 * floor for those rows in Muster's schema (recruit-raw-ratio).
 *
 * Recruiting also runs as often with PRAGMA synchronous = NORMAL as with
 * FULL, taking turns, and the ratio of the medians says what FULL costs:
 * in batches of 500 as an import or a script would, and one character at
 * a time as at the table, where every character is a commit of its own.
 *
 * With a display (xvfb-run), the roster page, the unit list and the Log
 * page are then driven in the real window and compared with a plain
 * GtkColumnView on GTK's stock models (bench-roster-gui.c); with the
 * argument --lists, only they are, with --recruit only recruiting against
 * raw SQLite. An argument N builds N libraries of each synchronous
 * setting (3). */

#define N_CHARACTERS 10000
#define BATCH        500
#define RUNS         5
#define N_SINGLY     200

static const char * const raw_tables[] = { "character", "stat", "roll", "log_entry" };

/* The rows recruiting added to one table: values and the INSERT that
 * writes them back. */
typedef struct {
  char      *insert;
  int        n_columns;
  GPtrArray *values;    /* of sqlite3_value*, n_columns a row */
} TableRows;

static void
table_rows_clear (TableRows *rows)
{
  g_free (rows->insert);
  g_ptr_array_unref (rows->values);
}

static gint64
query_int (sqlite3    *db,
           const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  gint64 value = 0;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  return value;
}

/* A library with the campaign and its two forces; their ids are the same
 * in every library made this way. */
static MusterStore *
make_library (const char *path,
              gint64     *out_campaign,
              gint64     *out_force)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);
  MusterStore *store = muster_store_open (path, &error);

  g_assert_no_error (error);
  *out_campaign = muster_store_create_campaign (store, "Benchmark", ruleset, 1809, NULL, &error);
  g_assert_no_error (error);
  *out_force = muster_store_create_force (store, *out_campaign, "Light Division", "British", &error);
  g_assert_no_error (error);
  muster_store_create_force (store, *out_campaign, "VI Corps", "French", &error);
  g_assert_no_error (error);
  return store;
}

/* The rows of @table past those there before (@after: rowid, or -1 for
 * all: stat has no rowid and no row before recruiting). */
static void
read_rows (sqlite3    *db,
           const char *table,
           gint64      after,
           TableRows  *rows)
{
  g_autofree char *sql = NULL;
  g_autoptr(GString) columns = g_string_new (NULL);
  g_autoptr(GString) marks = g_string_new (NULL);
  sqlite3_stmt *stmt = NULL;

  sql = after >= 0 ? g_strdup_printf ("SELECT * FROM %s WHERE rowid > %" G_GINT64_FORMAT, table, after)
                   : g_strdup_printf ("SELECT * FROM %s", table);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  rows->n_columns = sqlite3_column_count (stmt);
  rows->values = g_ptr_array_new_with_free_func ((GDestroyNotify) sqlite3_value_free);
  for (int i = 0; i < rows->n_columns; i++)
    {
      g_string_append_printf (columns, "%s%s", i ? ", " : "", sqlite3_column_name (stmt, i));
      g_string_append (marks, i ? ", ?" : "?");
    }
  rows->insert = g_strdup_printf ("INSERT INTO %s (%s) VALUES (%s)", table, columns->str, marks->str);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    for (int i = 0; i < rows->n_columns; i++)
      g_ptr_array_add (rows->values, sqlite3_value_dup (sqlite3_column_value (stmt, i)));
  sqlite3_finalize (stmt);
}

/* Writes @rows with prepared statements in one transaction, and the
 * recruit counter; returns the milliseconds taken. */
static double
write_rows_raw (sqlite3   *db,
                TableRows *rows,
                gint64     campaign,
                gint64     counter)
{
  g_autoptr(GTimer) timer = g_timer_new ();
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_exec (db, "BEGIN IMMEDIATE", NULL, NULL, NULL), ==, SQLITE_OK);
  for (guint t = 0; t < G_N_ELEMENTS (raw_tables); t++)
    {
      g_assert_cmpint (sqlite3_prepare_v2 (db, rows[t].insert, -1, &stmt, NULL), ==, SQLITE_OK);
      for (guint i = 0; i < rows[t].values->len; i += rows[t].n_columns)
        {
          for (int c = 0; c < rows[t].n_columns; c++)
            sqlite3_bind_value (stmt, c + 1, g_ptr_array_index (rows[t].values, i + c));
          g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
          sqlite3_reset (stmt);
        }
      sqlite3_finalize (stmt);
    }
  g_assert_cmpint (sqlite3_prepare_v2 (db, "UPDATE recruit_counter SET counter = ? WHERE campaign_id = ?",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_int64 (stmt, 1, counter);
  sqlite3_bind_int64 (stmt, 2, campaign);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  sqlite3_finalize (stmt);
  g_assert_cmpint (sqlite3_exec (db, "COMMIT", NULL, NULL, NULL), ==, SQLITE_OK);
  return g_timer_elapsed (timer, NULL) * 1000.0;
}

static gint64
recruit_counter (sqlite3 *db)
{
  return query_int (db, "SELECT counter FROM recruit_counter");
}

/* Recruits N_CHARACTERS in one call into a new library, then writes the
 * same rows into another with raw SQLite; appends both times (ms). */
static void
recruit_against_raw (GArray *muster,
                     GArray *raw)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "muster.db", NULL);
  g_autofree char *raw_path = g_build_filename (dir, "raw.db", NULL);
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(MusterStore) raw_store = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GTimer) timer = NULL;
  g_autoptr(GError) error = NULL;
  TableRows rows[G_N_ELEMENTS (raw_tables)];
  gint64 before[G_N_ELEMENTS (raw_tables)];
  gint64 campaign, force;
  double ms;

  store = make_library (path, &campaign, &force);
  for (guint t = 0; t < G_N_ELEMENTS (raw_tables); t++)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT coalesce (max (rowid), 0) FROM %s", raw_tables[t]);

      before[t] = g_str_equal (raw_tables[t], "stat") ? -1 : query_int (muster_store_get_db (store), sql);
    }

  timer = g_timer_new ();
  ids = muster_store_recruit (store, force, "line", NULL, NULL, N_CHARACTERS, &error);
  ms = g_timer_elapsed (timer, NULL) * 1000.0;
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, N_CHARACTERS);
  g_array_append_val (muster, ms);

  for (guint t = 0; t < G_N_ELEMENTS (raw_tables); t++)
    read_rows (muster_store_get_db (store), raw_tables[t], before[t], &rows[t]);
  raw_store = make_library (raw_path, &campaign, &force);
  ms = write_rows_raw (muster_store_get_db (raw_store), rows, campaign,
                       recruit_counter (muster_store_get_db (store)));
  g_array_append_val (raw, ms);

  /* The same rows, or the floor would be another workload's. */
  for (guint t = 0; t < G_N_ELEMENTS (raw_tables); t++)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT count(*) FROM %s", raw_tables[t]);

      g_assert_cmpint (query_int (muster_store_get_db (store), sql), ==,
                       query_int (muster_store_get_db (raw_store), sql));
      table_rows_clear (&rows[t]);
    }
}

/* A fresh library with N_CHARACTERS characters in two forces; returns the
 * seconds the recruiting took. */
static double
build_library (const char *path,
               const char *synchronous,
               double     *out_singly,
               gint64     *out_campaign)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterStore) store = muster_store_open (path, &error);
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(GTimer) timer = NULL;
  gint64 campaign, forces[2];
  double seconds;
  const char *types[] = { "line", "voltigeur", "rifleman", "other" };

  g_assert_no_error (error);
  muster_test_set_synchronous (store, synchronous);
  ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);
  g_assert_no_error (error);
  campaign = muster_store_create_campaign (store, "Benchmark", ruleset, 1809, NULL, &error);
  g_assert_no_error (error);
  forces[0] = muster_store_create_force (store, campaign, "Light Division", "British", &error);
  forces[1] = muster_store_create_force (store, campaign, "VI Corps", "French", &error);
  g_assert_no_error (error);

  timer = g_timer_new ();
  for (guint i = 0; i < N_CHARACTERS / BATCH; i++)
    {
      g_autoptr(GArray) ids = muster_store_recruit (store, forces[i % 2],
                                                    types[i % G_N_ELEMENTS (types)],
                                                    NULL, NULL, BATCH, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (ids->len, ==, BATCH);
    }
  seconds = g_timer_elapsed (timer, NULL);

  g_timer_start (timer);
  for (guint i = 0; i < N_SINGLY; i++)
    {
      g_autoptr(GArray) ids = muster_store_recruit (store, forces[i % 2], "line",
                                                    NULL, NULL, 1, &error);
      g_assert_no_error (error);
    }
  *out_singly = g_timer_elapsed (timer, NULL);
  *out_campaign = campaign;
  return seconds;
}

static void
append_ms (GArray *times,
           double  seconds)
{
  double ms = seconds * 1000.0;

  g_array_append_val (times, ms);
}

int
main (int   argc,
      char *argv[])
{
  /* [0] with synchronous = NORMAL, [1] with FULL. */
  GArray *recruit[2], *singly[2];
  const char *modes[2] = { "NORMAL", "FULL" };
  g_autoptr(GArray) list = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) model = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) reopen = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) muster = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) raw = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  gint64 campaign = 0;
  gboolean lists_only = argc > 1 && g_str_equal (argv[1], "--lists");
  gboolean recruit_only = argc > 1 && g_str_equal (argv[1], "--recruit");
  guint builds = argc > 1 && !lists_only && !recruit_only ? (guint) atoi (argv[1]) : 3;

  if (lists_only)
    {
      muster_bench_roster_gui (RUNS);
      return 0;
    }

  g_print ("Roster with %d characters\n", N_CHARACTERS);

  /* Taking turns, so that whatever else the machine does weighs on both. */
  for (guint run = 0; run < RUNS; run++)
    recruit_against_raw (muster, raw);
  muster_test_report_ratio ("recruit-raw-ratio", "recruit 10,000 in one call", muster, raw,
                            "raw SQLite");
  if (recruit_only)
    return 0;

  for (guint i = 0; i < 2; i++)
    {
      recruit[i] = g_array_new (FALSE, FALSE, sizeof (double));
      singly[i] = g_array_new (FALSE, FALSE, sizeof (double));
    }
  for (guint run = 0; run < 2 * MAX (builds, 1); run++)
    {
      g_autofree char *dir = muster_test_make_tmpdir ();
      double seconds, one_by_one;

      g_free (path);
      path = g_build_filename (dir, "library.db", NULL);
      seconds = build_library (path, modes[run % 2], &one_by_one, &campaign);
      g_array_append_val (recruit[run % 2], seconds);
      g_array_append_val (singly[run % 2], one_by_one);
    }
  muster_test_report_synchronous ("recruit", recruit[0], recruit[1]);
  muster_test_report_synchronous ("recruit-singly", singly[0], singly[1]);
  for (guint i = 0; i < 2; i++)
    {
      g_array_unref (recruit[i]);
      g_array_unref (singly[i]);
    }

  for (guint run = 0; run < RUNS; run++)
    {
      g_autoptr(MusterStore) store = NULL;
      g_autoptr(GPtrArray) characters = NULL;
      g_autoptr(MusterRosterModel) roster = NULL;
      g_autoptr(GTimer) timer = g_timer_new ();

      store = muster_store_open (path, &error);
      g_assert_no_error (error);
      append_ms (reopen, g_timer_elapsed (timer, NULL));

      g_timer_start (timer);
      characters = muster_store_list_characters (store, campaign, 0, &error);
      append_ms (list, g_timer_elapsed (timer, NULL));
      g_assert_no_error (error);
      g_assert_cmpuint (characters->len, ==, N_CHARACTERS + N_SINGLY);

      g_timer_start (timer);
      roster = muster_roster_model_new (store, campaign);
      append_ms (model, g_timer_elapsed (timer, NULL));
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (roster)), ==, N_CHARACTERS + N_SINGLY);
    }
  muster_test_report_ms ("list_characters", list);
  muster_test_report_ms ("roster model load", model);
  muster_test_report_ms ("reopen", reopen);

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("No display: the lists were not measured (run the benchmarks under xvfb-run)\n");
      return 0;
    }
  muster_bench_roster_gui (RUNS);
  return 0;
}
