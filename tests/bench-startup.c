/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bench-startup"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <adwaita.h>

#include "muster-application.h"
#include "muster-recruit.h"
#include "muster-store.h"
#include "muster-test-util.h"
#include "muster-window.h"

/* Time to the first window with a 10,000-character library: from starting
 * the process to the main window's first frame painted, roster included.
 * Each run is a new process (this program again, with --child), so GTK's
 * own start-up is counted. Prints the median of several runs and asserts
 * nothing about time. Needs a display (xvfb-run). */

#define N_CHARACTERS 10000
#define BATCH        500
#define RUNS         5

static gint64 child_start;

static double
child_elapsed (void)
{
  return (g_get_monotonic_time () - child_start) / 1000.0;
}

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
  g_print ("%-34s median %8.1f ms  (min %.1f, max %.1f, %u runs)\n", what,
           g_array_index (times, double, times->len / 2),
           g_array_index (times, double, 0),
           g_array_index (times, double, times->len - 1),
           times->len);
}

/* --- The child: Muster itself, until its first frame ------------------- */

static void
after_paint_cb (GdkFrameClock *clock,
                GtkWindow     *window)
{
  MusterWindow *main_window = MUSTER_WINDOW (window);
  GtkWidget *roster = muster_window_get_roster_page (main_window);

  /* A frame of the window with its campaign open, not an empty one. */
  if (muster_window_get_campaign_id (main_window) == 0 || !gtk_widget_get_mapped (roster))
    return;

  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, window);
  printf ("first-frame %.3f\n", child_elapsed ());
  fflush (stdout);
  g_application_quit (g_application_get_default ());
}

static void
window_realized_cb (GtkWidget *window)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint",
                    G_CALLBACK (after_paint_cb), window);
}

static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *window)
{
  if (!MUSTER_IS_WINDOW (window))
    return;
  /* Built, with its pages loaded, and not yet shown. */
  printf ("window %.3f\n", child_elapsed ());
  g_signal_connect (window, "realize", G_CALLBACK (window_realized_cb), NULL);
}

static int
run_child (const char *library)
{
  g_autoptr(MusterApplication) app = NULL;
  char *argv[] = { (char *) "muster", (char *) "--library", (char *) library, NULL };

  app = muster_application_new ();
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);
  return g_application_run (G_APPLICATION (app), G_N_ELEMENTS (argv) - 1, argv);
}

/* --- The parent: the library, and the runs ------------------------------- */

static void
build_library (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterStore) store = muster_store_open (path, &error);
  g_autoptr(MusterRuleset) ruleset = NULL;
  gint64 campaign, forces[2];
  const char *types[] = { "line", "voltigeur", "rifleman", "other" };

  g_assert_no_error (error);
  ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);
  g_assert_no_error (error);
  campaign = muster_store_create_campaign (store, "Benchmark", ruleset, 1809, NULL, &error);
  g_assert_no_error (error);
  forces[0] = muster_store_create_force (store, campaign, "Light Division", "British", &error);
  forces[1] = muster_store_create_force (store, campaign, "VI Corps", "French", &error);
  g_assert_no_error (error);

  for (guint i = 0; i < N_CHARACTERS / BATCH; i++)
    {
      g_autoptr(GArray) ids = muster_store_recruit (store, forces[i % 2],
                                                    types[i % G_N_ELEMENTS (types)],
                                                    NULL, NULL, BATCH, &error);
      g_assert_no_error (error);
    }
}

/* Starts the child and waits for its first frame; returns the wall-clock
 * milliseconds and sets @built and @painted to what the child measured
 * from its main(). */
static double
time_one_run (const char *self_path,
              const char *library,
              double     *built,
              double     *painted)
{
  g_autoptr(GSubprocess) child = NULL;
  g_autoptr(GDataInputStream) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  gint64 start = g_get_monotonic_time ();
  double elapsed;

  child = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error,
                            self_path, "--child", library, NULL);
  g_assert_no_error (error);
  lines = g_data_input_stream_new (g_subprocess_get_stdout_pipe (child));
  while ((line = g_data_input_stream_read_line_utf8 (lines, NULL, NULL, &error)) != NULL &&
         !g_str_has_prefix (line, "first-frame "))
    {
      if (g_str_has_prefix (line, "window "))
        *built = g_ascii_strtod (line + strlen ("window "), NULL);
      g_clear_pointer (&line, g_free);
    }
  elapsed = (g_get_monotonic_time () - start) / 1000.0;
  g_assert_no_error (error);
  if (line == NULL)
    g_error ("Muster ended before its first frame");
  *painted = g_ascii_strtod (line + strlen ("first-frame "), NULL);

  g_subprocess_wait_check (child, NULL, &error);
  g_assert_no_error (error);
  return elapsed;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GArray) wall = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) built = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) painted = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *dir = NULL;
  g_autofree char *library = NULL;
  g_autofree char *self_path = NULL;
  g_autoptr(GTimer) timer = NULL;

  if (argc == 3 && g_str_equal (argv[1], "--child"))
    {
      child_start = g_get_monotonic_time ();
      return run_child (argv[2]);
    }

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("No display: run the benchmarks under xvfb-run\n");
      return 77;
    }

  self_path = g_file_read_link ("/proc/self/exe", NULL);
  if (self_path == NULL)
    self_path = g_strdup (argv[0]);

  dir = muster_test_make_tmpdir ();
  library = g_build_filename (dir, "library.db", NULL);
  timer = g_timer_new ();
  build_library (library);
  g_print ("Start-up with %d characters (library built in %.1f s)\n",
           N_CHARACTERS, g_timer_elapsed (timer, NULL));

  /* One run first, so the library and the program are in the page cache
   * for every measured one, as for a user who starts Muster often. */
  {
    double ignored;

    time_one_run (self_path, library, &ignored, &ignored);
  }

  for (guint run = 0; run < RUNS; run++)
    {
      double window = 0, frame = 0;
      double elapsed = time_one_run (self_path, library, &window, &frame);

      g_array_append_val (wall, elapsed);
      g_array_append_val (built, window);
      g_array_append_val (painted, frame);
    }
  report ("launch to first frame", wall);
  report ("main() to window built", built);
  report ("main() to first frame", painted);

  return 0;
}
