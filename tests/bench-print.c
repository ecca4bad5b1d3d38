/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bench-print"

#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>

#include "muster-cards-sheet.h"
#include "muster-figure-stats-sheet.h"
#include "muster-recruit.h"
#include "muster-roster-sheet.h"
#include "muster-ruleset.h"
#include "muster-store.h"
#include "muster-test-util.h"

/* How long writing the sheets takes for 1,000 figures: the Figure Stats
 * playsheet with 16 and 32 turns, the stat cards and the roster, as PDF
 * on A4. Prints medians and file sizes; asserts nothing about time. */

#define N_FIGURES 1000
#define RUNS      5

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
measure (const char  *what,
         MusterSheet *sheet,
         const char  *dir)
{
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GTimer) timer = g_timer_new ();
  g_autofree char *path = g_build_filename (dir, "sheet.pdf", NULL);
  GStatBuf st = { 0 };
  MusterPageSize size;

  for (guint run = 0; run < RUNS; run++)
    {
      g_autoptr(GError) error = NULL;
      double seconds;

      g_timer_start (timer);
      muster_sheet_export_pdf (sheet, MUSTER_PAPER_A4, path, &error);
      seconds = g_timer_elapsed (timer, NULL);
      g_assert_no_error (error);
      g_array_append_val (times, seconds);
    }
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  muster_page_size_init_for_paper (&size, MUSTER_PAPER_A4);
  g_array_sort (times, compare_doubles);
  g_print ("%-30s %4u pages  %7.0f KiB  median %8.1f ms  (min %.1f, max %.1f, %u runs)\n",
           what, muster_sheet_get_n_pages (sheet, &size), st.st_size / 1024.0,
           g_array_index (times, double, times->len / 2) * 1000.0,
           g_array_index (times, double, 0) * 1000.0,
           g_array_index (times, double, times->len - 1) * 1000.0, times->len);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *path = NULL;
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(MusterSheet) stats16 = NULL;
  g_autoptr(MusterSheet) stats32 = NULL;
  g_autoptr(MusterSheet) cards = NULL;
  g_autoptr(MusterSheet) roster = NULL;
  gint64 campaign, force;

  ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);
  g_assert_no_error (error);
  campaign = muster_store_create_campaign (store, "Benchmark", ruleset, 1809, NULL, &error);
  g_assert_no_error (error);
  force = muster_store_create_force (store, campaign, "Light Division", "British", &error);
  g_assert_no_error (error);
  g_array_unref (muster_store_recruit (store, force, "rifleman", NULL, NULL, N_FIGURES, &error));
  g_assert_no_error (error);
  characters = muster_store_list_characters (store, campaign, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (characters->len, ==, N_FIGURES);

  stats16 = muster_figure_stats_sheet_new (ruleset, characters, 16);
  stats32 = muster_figure_stats_sheet_new (ruleset, characters, 32);
  cards = muster_cards_sheet_new (ruleset, characters);
  roster = muster_roster_sheet_new (ruleset, characters, "Light Division");

  g_print ("Writing sheets for %d figures as PDF (A4):\n", N_FIGURES);
  measure ("Figure Stats, 16 turns", stats16, dir);
  measure ("Figure Stats, 32 turns", stats32, dir);
  measure ("Stat cards", cards, dir);
  measure ("Roster", roster, dir);
  return 0;
}
