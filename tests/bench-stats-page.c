/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bench-stats-page"

/*
 * Opening the Statistics page of the big campaign of bench-stats.c
 * (10,000 characters, 1,000 games) against opening its Games page, in the
 * real window: from giving the page the campaign and showing it to the
 * first frame painted with it. Prints the medians and their ratio
 * (stats-page-ratio) and asserts nothing about time. Needs a display
 * (xvfb-run).
 */

#include "config.h"

#include <stdlib.h>

#include <adwaita.h>

#include "muster-application.h"
#include "muster-games-page.h"
#include "muster-stats-bench-util.h"
#include "muster-stats-page.h"
#include "muster-test-util.h"
#include "muster-window.h"

#define RUNS 5

static gboolean painted;

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

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       data)
{
  painted = TRUE;
}

/* Runs the main loop until @widget's window has painted a frame. */
static void
wait_for_paint (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), NULL);

  painted = FALSE;
  gtk_widget_queue_draw (widget);
  while (!painted)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, id);
}

/* Milliseconds from giving page @name the campaign and showing it to its
 * first frame. */
static double
open_page (MusterWindow *window,
           AdwViewStack *stack,
           const char   *name,
           gint64        campaign)
{
  GtkWidget *page = muster_window_get_page (window, name);
  g_autoptr(GTimer) timer = NULL;

  adw_view_stack_set_visible_child_name (stack, "roster");
  wait_for_paint (GTK_WIDGET (window));
  timer = g_timer_new ();
  if (MUSTER_IS_GAMES_PAGE (page))
    muster_games_page_set_campaign (MUSTER_GAMES_PAGE (page), campaign);
  else
    muster_stats_page_set_campaign (MUSTER_STATS_PAGE (page), campaign);
  adw_view_stack_set_visible_child_name (stack, name);
  wait_for_paint (page);
  g_assert_true (gtk_widget_get_mapped (page));
  return g_timer_elapsed (timer, NULL) * 1000;
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(MusterApplication) app = NULL;
  g_autoptr(GError) error = NULL;
  double games[RUNS], stats[RUNS];
  MusterWindow *window;
  AdwViewStack *stack;
  gint64 campaign;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("No display: run the benchmarks under xvfb-run\n");
      return 77;
    }
  gtk_init ();
  adw_init ();

  dir = muster_test_make_tmpdir ();
  path = g_build_filename (dir, "library.db", NULL);
  store = muster_store_open (path, &error);
  g_assert_no_error (error);
  campaign = muster_bench_build_campaign (store);

  app = muster_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  muster_application_set_store (app, store);
  window = muster_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  while (muster_window_get_campaign_id (window) != campaign)
    g_main_context_iteration (NULL, TRUE);
  stack = ADW_VIEW_STACK (gtk_widget_get_template_child (GTK_WIDGET (window), MUSTER_TYPE_WINDOW, "view_stack"));
  wait_for_paint (GTK_WIDGET (window));

  for (guint run = 0; run < RUNS; run++)
    {
      games[run] = open_page (window, stack, "games", campaign);
      stats[run] = open_page (window, stack, "statistics", campaign);
    }
  g_print ("%d characters, %d games: opening the Games page %.1f ms, the Statistics page %.1f ms (median of %d)\n",
           N_CHARACTERS, N_GAMES, median (games), median (stats), RUNS);
  muster_test_bench_line ("games-page-open-ms", median (games), "ms");
  muster_test_bench_line ("stats-page-open-ms", median (stats), "ms");
  muster_test_bench_line ("stats-page-ratio", median (stats) / median (games), "x");

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&store);
  muster_test_remove_tree (dir);
  return 0;
}
