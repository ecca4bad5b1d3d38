/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bench-engine"

#include "config.h"

#include <glib.h>
#include <sqlite3.h>

#include "muster-engine.h"
#include "muster-game.h"
#include "muster-recruit.h"
#include "muster-ruleset.h"
#include "muster-store.h"
#include "muster-store-private.h"
#include "muster-test-util.h"

/* How long the between-game sequence takes for a big game: 1,000
 * participants, 500 a side, a quarter of them out of action. Each run
 * resolves the game and undoes the resolution, so every run rolls the
 * same dice. Prints medians; asserts nothing about time. Runs take turns
 * with PRAGMA synchronous = NORMAL and FULL, to say what FULL costs.
 *
 * Resolving is also run in turns with raw SQLite reading the rows the
 * resolution works from (the game's participations, its participants and
 * their stats): resolve-raw-ratio. Undoing is measured with 1,000 and with
 * 10,000 participants (undo-1k-ms, undo-10k-ms): it should grow with the
 * game, no faster. */

#define N_PARTICIPANTS 1000
#define N_BIG          10000
#define RUNS           7    /* with each setting */

static const char * const raw_reads[] = {
  "SELECT * FROM participation WHERE game_id = ?",
  "SELECT c.* FROM character c JOIN participation p ON p.character_id = c.id WHERE p.game_id = ?",
  "SELECT s.* FROM stat s JOIN participation p ON p.character_id = s.character_id WHERE p.game_id = ?",
};

/* A played game of @n participants, half a side, with every outcome. */
static gint64
make_game (MusterStore *store,
           const char  *name,
           guint        n,
           gint64      *out_campaign)
{
  static const char *outcomes[] = { "unhurt", "wounded", "out-of-action", "captured" };
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 campaign, forces[2], game;

  ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);
  g_assert_no_error (error);
  campaign = muster_store_create_campaign (store, name, ruleset, 1809, NULL, &error);
  g_assert_no_error (error);
  forces[0] = muster_store_create_force (store, campaign, "Light Division", "British", &error);
  g_assert_no_error (error);
  forces[1] = muster_store_create_force (store, campaign, "VI Corps", "French", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GArray) recruited = muster_store_recruit (store, forces[i], i ? "voltigeur" : "rifleman",
                                                          NULL, NULL, n / 2, &error);

      g_assert_no_error (error);
      g_array_append_vals (ids, recruited->data, recruited->len);
    }

  game = muster_store_create_game (store, campaign, "The big one", NULL,
                                   (const gint64 *) (gpointer) ids->data, ids->len, &error);
  g_assert_no_error (error);
  g_assert_true (muster_store_begin (store, &error));
  for (guint i = 0; i < ids->len; i++)
    {
      MusterResult result = { 0 };

      result.outcome = outcomes[i % G_N_ELEMENTS (outcomes)];
      if (i % G_N_ELEMENTS (outcomes) == 1)
        result.light_wounds = 1 + (int) (i % 3);
      muster_store_set_result (store, game, g_array_index (ids, gint64, i), &result, &error);
      g_assert_no_error (error);
    }
  g_assert_true (muster_store_commit (store, &error));
  muster_store_finish_game (store, game, "British", &error);
  g_assert_no_error (error);
  *out_campaign = campaign;
  return game;
}

/* Reads every value of the rows the resolution starts from; returns the
 * milliseconds taken. */
static double
read_raw (MusterStore *store,
          gint64       game)
{
  g_autoptr(GTimer) timer = g_timer_new ();
  sqlite3 *db = muster_store_get_db (store);
  guint64 sum = 0;

  for (guint i = 0; i < G_N_ELEMENTS (raw_reads); i++)
    {
      sqlite3_stmt *stmt = NULL;

      g_assert_cmpint (sqlite3_prepare_v2 (db, raw_reads[i], -1, &stmt, NULL), ==, SQLITE_OK);
      sqlite3_bind_int64 (stmt, 1, game);
      while (sqlite3_step (stmt) == SQLITE_ROW)
        for (int c = 0; c < sqlite3_column_count (stmt); c++)
          sum += sqlite3_column_type (stmt, c) == SQLITE_TEXT ? (guint64) sqlite3_column_bytes (stmt, c)
                                                              : (guint64) sqlite3_column_int64 (stmt, c);
      sqlite3_finalize (stmt);
    }
  g_assert_cmpuint (sum, >, 0);
  return g_timer_elapsed (timer, NULL) * 1000.0;
}

static double
ms_since (GTimer *timer)
{
  return g_timer_elapsed (timer, NULL) * 1000.0;
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) resolve_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) undo_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) resolve_full = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) undo_full = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) raw_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) undo_big = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GTimer) timer = g_timer_new ();
  gint64 campaign, game, big_campaign, big_game;
  guint n_events = 0;

  game = make_game (store, "Benchmark", N_PARTICIPANTS, &campaign);
  big_game = make_game (store, "Big benchmark", N_BIG, &big_campaign);

  for (guint run = 0; run < 2 * RUNS; run++)
    {
      g_autoptr(GPtrArray) events = NULL;
      gboolean full = run % 2 == 1;
      double ms;

      muster_test_set_synchronous (store, full ? "FULL" : "NORMAL");
      g_timer_start (timer);
      events = muster_engine_resolve (store, game, NULL, NULL, &error);
      ms = ms_since (timer);
      g_assert_no_error (error);
      g_array_append_val (full ? resolve_full : resolve_times, ms);
      n_events = events->len;

      g_timer_start (timer);
      muster_engine_undo_resolve (store, campaign, &error);
      ms = ms_since (timer);
      g_assert_no_error (error);
      g_array_append_val (full ? undo_full : undo_times, ms);

      if (!full)
        {
          ms = read_raw (store, game);
          g_array_append_val (raw_times, ms);
        }
    }
  muster_test_set_synchronous (store, "NORMAL");

  for (guint run = 0; run < RUNS; run++)
    {
      g_autoptr(GPtrArray) events = muster_engine_resolve (store, big_game, NULL, NULL, &error);
      double ms;

      g_assert_no_error (error);
      g_timer_start (timer);
      muster_engine_undo_resolve (store, big_campaign, &error);
      ms = ms_since (timer);
      g_assert_no_error (error);
      g_array_append_val (undo_big, ms);
    }

  g_print ("Resolving a game of %d participants (%u events each run):\n", N_PARTICIPANTS, n_events);
  /* Milliseconds here; the helper takes seconds. */
  {
    g_autoptr(GArray) normal = g_array_copy (resolve_times);
    g_autoptr(GArray) fuller = g_array_copy (resolve_full);
    g_autoptr(GArray) undo_normal = g_array_copy (undo_times);
    g_autoptr(GArray) undo_fuller = g_array_copy (undo_full);

    for (guint i = 0; i < normal->len; i++)
      g_array_index (normal, double, i) /= 1000.0;
    for (guint i = 0; i < fuller->len; i++)
      g_array_index (fuller, double, i) /= 1000.0;
    for (guint i = 0; i < undo_normal->len; i++)
      g_array_index (undo_normal, double, i) /= 1000.0;
    for (guint i = 0; i < undo_fuller->len; i++)
      g_array_index (undo_fuller, double, i) /= 1000.0;
    muster_test_report_synchronous ("resolve", normal, fuller);
    muster_test_report_synchronous ("undo-resolve", undo_normal, undo_fuller);
  }
  muster_test_report_ms ("resolve (synchronous NORMAL)", resolve_times);
  muster_test_report_ms ("undo the resolution (NORMAL)", undo_times);
  muster_test_report_ratio ("resolve-raw-ratio", "resolve", resolve_times, raw_times,
                            "raw SQLite reads");
  muster_test_report_ms ("undo, 10,000 participants", undo_big);
  muster_test_bench_line ("undo-1k-ms", muster_test_median (undo_times), "ms");
  muster_test_bench_line ("undo-10k-ms", muster_test_median (undo_big), "ms");
  g_print ("Undoing 10 times the game takes %.1f times as long\n",
           muster_test_median (undo_big) / muster_test_median (undo_times));

  /* Reading the whole log, each entry said in the reader's language from
   * its kind and arguments: 1,000 recruits, 1,000 results and what the
   * resolution did to each. */
  {
    g_autoptr(GPtrArray) events = muster_engine_resolve (store, game, NULL, NULL, &error);
    g_autoptr(GArray) read_times = g_array_new (FALSE, FALSE, sizeof (double));
    guint n_entries = 0;

    g_assert_no_error (error);
    for (guint run = 0; run < RUNS; run++)
      {
        g_autoptr(GPtrArray) log = NULL;
        double ms;

        g_timer_start (timer);
        log = muster_store_list_log (store, campaign, 0, 0, &error);
        ms = g_timer_elapsed (timer, NULL) * 1000.0;
        g_assert_no_error (error);
        g_array_append_val (read_times, ms);
        n_entries = log->len;
      }
    g_print ("Reading the log of %u entries:\n", n_entries);
    muster_test_report_ms ("read the log", read_times);
    muster_test_bench_line ("log-read", muster_test_median (read_times), "ms");
    muster_test_bench_line ("log-read-per-entry",
                            muster_test_median (read_times) * 1000.0 / MAX (n_entries, 1), "us");
  }

  return 0;
}
