/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bench-engine"

#include "config.h"

#include <glib.h>

#include "muster-engine.h"
#include "muster-game.h"
#include "muster-recruit.h"
#include "muster-ruleset.h"
#include "muster-store.h"
#include "muster-test-util.h"

/* How long the between-game sequence takes for a big game: 1,000
 * participants, 500 a side, a quarter of them out of action. Each run
 * resolves the game and undoes the resolution, so every run rolls the
 * same dice. Prints medians; asserts nothing about time. Runs take turns
 * with PRAGMA synchronous = NORMAL and FULL, to say what FULL costs. */

#define N_PARTICIPANTS 1000
#define RUNS           7    /* with each setting */

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
report (const char *what,
        GArray     *times)
{
  g_array_sort (times, compare_doubles);
  g_print ("%-34s median %9.2f ms  (min %.2f, max %.2f, %u runs)\n", what,
           g_array_index (times, double, times->len / 2) * 1000.0,
           g_array_index (times, double, 0) * 1000.0,
           g_array_index (times, double, times->len - 1) * 1000.0,
           times->len);
}

int
main (int   argc,
      char *argv[])
{
  static const char *outcomes[] = { "unhurt", "wounded", "out-of-action", "captured" };
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) resolve_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) undo_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) resolve_full = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) undo_full = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GTimer) timer = g_timer_new ();
  gint64 campaign, forces[2], game;
  guint n_events = 0;

  ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);
  g_assert_no_error (error);
  campaign = muster_store_create_campaign (store, "Benchmark", ruleset, 1809, NULL, &error);
  g_assert_no_error (error);
  forces[0] = muster_store_create_force (store, campaign, "Light Division", "British", &error);
  g_assert_no_error (error);
  forces[1] = muster_store_create_force (store, campaign, "VI Corps", "French", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GArray) recruited = muster_store_recruit (store, forces[i], i ? "voltigeur" : "rifleman",
                                                          NULL, NULL, N_PARTICIPANTS / 2, &error);

      g_assert_no_error (error);
      g_array_append_vals (ids, recruited->data, recruited->len);
    }

  game = muster_store_create_game (store, campaign, "The big one", NULL,
                                   (const gint64 *) (gpointer) ids->data, ids->len, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < ids->len; i++)
    {
      MusterResult result = { 0 };

      result.outcome = outcomes[i % G_N_ELEMENTS (outcomes)];
      if (i % G_N_ELEMENTS (outcomes) == 1)
        result.light_wounds = 1 + (int) (i % 3);
      muster_store_set_result (store, game, g_array_index (ids, gint64, i), &result, &error);
      g_assert_no_error (error);
    }
  muster_store_finish_game (store, game, "British", &error);
  g_assert_no_error (error);

  for (guint run = 0; run < 2 * RUNS; run++)
    {
      g_autoptr(GPtrArray) events = NULL;
      gboolean full = run % 2 == 1;
      double seconds;

      muster_test_set_synchronous (store, full ? "FULL" : "NORMAL");
      g_timer_start (timer);
      events = muster_engine_resolve (store, game, NULL, NULL, &error);
      seconds = g_timer_elapsed (timer, NULL);
      g_assert_no_error (error);
      g_array_append_val (full ? resolve_full : resolve_times, seconds);
      n_events = events->len;

      g_timer_start (timer);
      muster_engine_undo_resolve (store, campaign, &error);
      seconds = g_timer_elapsed (timer, NULL);
      g_assert_no_error (error);
      g_array_append_val (full ? undo_full : undo_times, seconds);
    }

  g_print ("Resolving a game of %d participants (%u events each run):\n", N_PARTICIPANTS, n_events);
  muster_test_report_synchronous ("resolve", resolve_times, resolve_full);
  muster_test_report_synchronous ("undo-resolve", undo_times, undo_full);
  report ("resolve (synchronous NORMAL)", resolve_times);
  report ("undo the resolution (NORMAL)", undo_times);

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
        double seconds;

        g_timer_start (timer);
        log = muster_store_list_log (store, campaign, 0, 0, &error);
        seconds = g_timer_elapsed (timer, NULL);
        g_assert_no_error (error);
        g_array_append_val (read_times, seconds);
        n_entries = log->len;
      }
    g_print ("Reading the log of %u entries:\n", n_entries);
    report ("read the log", read_times);
    muster_test_bench_line ("log-read", g_array_index (read_times, double, read_times->len / 2) * 1000.0, "ms");
    muster_test_bench_line ("log-read-per-entry",
                            g_array_index (read_times, double, read_times->len / 2) * 1e6 / MAX (n_entries, 1),
                            "us");
  }

  return 0;
}
