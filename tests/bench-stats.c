/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bench-stats"

#include "config.h"

#include <stdlib.h>

#include <cairo.h>
#include <glib.h>
#include <sqlite3.h>

#include "muster-chart.h"
#include "muster-chronicle-sheet.h"
#include "muster-force.h"
#include "muster-game.h"
#include "muster-pdf-writer.h"
#include "muster-ruleset.h"
#include "muster-stats.h"
#include "muster-store-private.h"
#include "muster-stats-bench-util.h"
#include "muster-test-util.h"
#include "muster-unit.h"

/*
 * How long the statistics of a big campaign take: 10,000 characters in
 * four forces, 1,000 games of 20 characters each, every one resolved,
 * with the resolutions' record of what they changed, kills, prisoners
 * taken and released, and the log that says when each thing happened.
 *
 * Prints the median of RUNS runs of: every series of the campaign
 * (stats-all-ms), those of one force (stats-force-ms), listing its games
 * as the Games page does (its games, then each game's participants and
 * units: games-page-ms), and the first against the last
 * (stats-games-ratio: the store's part of opening the two pages, which
 * bench-stats-page.c measures in the window), and drawing every chart
 * of the campaign (charts-draw-ms); then, once, reading the campaign's
 * chronicle (chronicle-load-ms) and writing it to a PDF a page at a time
 * as the print dialog does (chronicle-pages-per-s). Asserts nothing
 * about time.
 */

#define RUNS         5

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (double *values)
{
  qsort (values, RUNS, sizeof (double), compare_doubles);
  return values[RUNS / 2];
}

/* What the Games page does when it opens: the games, and each game's
 * participants and units for its sides. */
static void
list_games (MusterStore *store,
            gint64       campaign)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = muster_store_list_games (store, campaign, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < games->len; i++)
    {
      gint64 id = muster_game_get_id (g_ptr_array_index (games, i));
      g_autoptr(GPtrArray) participants = muster_store_list_participants (store, id, &error);
      g_autoptr(GPtrArray) units = muster_store_list_game_units (store, id, &error);

      g_assert_no_error (error);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all = NULL;
  double stats[RUNS], force[RUNS], games[RUNS], draw[RUNS];
  MusterChartPalette palette;
  gint64 campaign, first_force;
  guint n_rows = 0;

  g_test_init (&argc, &argv, NULL);

  store = muster_store_open (path, &error);
  g_assert_no_error (error);
  campaign = muster_bench_build_campaign (store);
  {
    g_autoptr(GPtrArray) forces = muster_store_list_forces (store, campaign, &error);

    g_assert_no_error (error);
    first_force = muster_force_get_id (g_ptr_array_index (forces, 0));
  }
  muster_chart_palette_init_print (&palette);

  for (guint run = 0; run < RUNS; run++)
    {
      g_autoptr(GTimer) timer = g_timer_new ();
      g_autoptr(GPtrArray) mine = NULL;
      cairo_surface_t *surface;
      cairo_t *cr;

      g_clear_pointer (&all, g_ptr_array_unref);
      g_timer_start (timer);
      all = muster_stats_compute (store, campaign, 0, NULL, &error);
      stats[run] = g_timer_elapsed (timer, NULL) * 1000;
      g_assert_no_error (error);

      g_timer_start (timer);
      mine = muster_stats_compute (store, campaign, first_force, NULL, &error);
      force[run] = g_timer_elapsed (timer, NULL) * 1000;
      g_assert_no_error (error);

      g_timer_start (timer);
      list_games (store, campaign);
      games[run] = g_timer_elapsed (timer, NULL) * 1000;

      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 800, 500);
      cr = cairo_create (surface);
      g_timer_start (timer);
      for (guint i = 0; i < all->len; i++)
        muster_chart_draw (cr, g_ptr_array_index (all, i), &palette, MUSTER_CHART_DEFAULT, 0, 0, 800, 500);
      draw[run] = g_timer_elapsed (timer, NULL) * 1000;
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }

  for (guint i = 0; i < all->len; i++)
    n_rows += muster_stats_series_get_n_rows (g_ptr_array_index (all, i));
  g_print ("%d characters, %d games: %u series, %u rows\n", N_CHARACTERS, N_GAMES, all->len, n_rows);
  g_print ("every series %.1f ms, one force's %.1f ms, the Games page's queries %.1f ms, "
           "drawing every chart %.1f ms (median of %d)\n",
           median (stats), median (force), median (games), median (draw), RUNS);
  muster_test_bench_line ("stats-all-ms", median (stats), "ms");
  muster_test_bench_line ("stats-force-ms", median (force), "ms");
  muster_test_bench_line ("games-page-ms", median (games), "ms");
  muster_test_bench_line ("stats-games-ratio", median (stats) / median (games), "x");
  muster_test_bench_line ("charts-draw-ms", median (draw), "ms");

  {
    g_autofree char *pdf = g_build_filename (dir, "chronicle.pdf", NULL);
    g_autoptr(GTimer) timer = g_timer_new ();
    g_autoptr(MusterSheet) sheet = NULL;
    g_autoptr(MusterPdfWriter) writer = NULL;
    MusterPageSize size;
    double load, write;
    guint n_pages;

    sheet = muster_chronicle_sheet_new (store, campaign, &error);
    g_assert_no_error (error);
    load = g_timer_elapsed (timer, NULL) * 1000;
    muster_page_size_init_for_paper (&size, MUSTER_PAPER_A4);
    g_timer_start (timer);
    writer = muster_pdf_writer_new (sheet, &size, pdf, &error);
    g_assert_no_error (error);
    n_pages = muster_pdf_writer_get_n_pages (writer);
    while (muster_pdf_writer_write_page (writer))
      ;
    muster_pdf_writer_finish (writer, &error);
    g_assert_no_error (error);
    write = g_timer_elapsed (timer, NULL);
    g_print ("the chronicle: read in %.1f ms, %u pages laid out and written in %.1f s\n", load, n_pages, write);
    muster_test_bench_line ("chronicle-load-ms", load, "ms");
    muster_test_bench_line ("chronicle-pages", n_pages, "pages");
    muster_test_bench_line ("chronicle-pages-per-s", n_pages / write, "pages/s");
  }

  g_clear_object (&store);
  muster_test_remove_tree (dir);
  return 0;
}
