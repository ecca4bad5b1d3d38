/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bench-roster"

#include "config.h"

#include <stdlib.h>

#include <glib.h>

#include "muster-recruit.h"
#include "muster-roster-model.h"
#include "muster-store.h"
#include "muster-test-util.h"

/* How long the roster takes with a big library: 10,000 characters. Prints
 * the median of several runs of each step; asserts nothing about time.
 *
 * Recruiting runs as often with PRAGMA synchronous = NORMAL as with FULL,
 * taking turns, and the ratio of the medians says what FULL costs: in
 * batches of 500 as an import or a script would, and one character at a
 * time as at the table, where every character is a commit of its own. */

#define N_CHARACTERS 10000
#define BATCH        500
#define RUNS         5
#define N_SINGLY     200

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (GArray *times)
{
  g_array_sort (times, compare_doubles);
  return g_array_index (times, double, times->len / 2);
}

static void
report (const char *what,
        GArray     *times)
{
  double middle = median (times);

  g_print ("%-28s median %9.2f ms  (min %.2f, max %.2f, %u runs)\n", what,
           middle * 1000.0,
           g_array_index (times, double, 0) * 1000.0,
           g_array_index (times, double, times->len - 1) * 1000.0,
           times->len);
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

int
main (int   argc,
      char *argv[])
{
  /* [0] with synchronous = NORMAL, [1] with FULL. */
  GArray *recruit[2], *singly[2];
  const char *modes[2] = { "NORMAL", "FULL" };
  g_autoptr(GArray) list = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) search = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) model = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) reopen = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  gint64 campaign = 0;
  guint builds = argc > 1 ? (guint) atoi (argv[1]) : 3;

  g_print ("Roster with %d characters\n", N_CHARACTERS);

  for (guint i = 0; i < 2; i++)
    {
      recruit[i] = g_array_new (FALSE, FALSE, sizeof (double));
      singly[i] = g_array_new (FALSE, FALSE, sizeof (double));
    }
  /* Taking turns, so that whatever else the machine does weighs on both. */
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
      double seconds;

      store = muster_store_open (path, &error);
      g_assert_no_error (error);
      seconds = g_timer_elapsed (timer, NULL);
      g_array_append_val (reopen, seconds);

      g_timer_start (timer);
      characters = muster_store_list_characters (store, campaign, 0, &error);
      seconds = g_timer_elapsed (timer, NULL);
      g_assert_no_error (error);
      g_assert_cmpuint (characters->len, ==, N_CHARACTERS);
      g_array_append_val (list, seconds);

      g_timer_start (timer);
      roster = muster_roster_model_new (store, campaign);
      seconds = g_timer_elapsed (timer, NULL);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (roster)), ==, N_CHARACTERS);
      g_array_append_val (model, seconds);

      g_timer_start (timer);
      muster_roster_model_set_search (roster, "rifle");
      seconds = g_timer_elapsed (timer, NULL);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (roster)), >, 0);
      g_array_append_val (search, seconds);
    }
  report ("list_characters", list);
  report ("roster model load", model);
  report ("roster model search", search);
  report ("reopen", reopen);

  return 0;
}
