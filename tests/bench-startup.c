/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bench-startup"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <adwaita.h>

#include "muster-application.h"
#include "muster-recruit.h"
#include "muster-roster-page.h"
#include "muster-store.h"
#include "muster-test-util.h"
#include "muster-window.h"

/* Time to the first window with a 10,000-character library: from starting
 * the process to the main window's first frame painted with the campaign
 * open, then to the frame with the roster filled. Each run is a new
 * process (this program again, with --child), so GTK's own start-up is
 * counted. The baseline, run in turns with it the same way (--bare), is a
 * bare AdwApplicationWindow with a header bar: startup-bare-ratio is the
 * ratio of the medians to the first frame, memory-bare-ratio that of the
 * peak resident memory (VmHWM) once the roster is shown (the bare
 * window's at its first frame), memory-rss-bare-ratio that of the
 * resident memory then (VmRSS).
 * Asserts nothing about time. Needs a display (xvfb-run). */

#define N_CHARACTERS 10000
#define BATCH        500
#define RUNS         7

static gint64 child_start;

static double
child_elapsed (void)
{
  return (g_get_monotonic_time () - child_start) / 1000.0;
}

static long
status_kib (const char *field)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      (line = strstr (status, field)) == NULL)
    return -1;
  return strtol (line + strlen (field), NULL, 10);
}

/* --- The child: Muster itself, until its roster is shown ---------------- */

static gboolean first_frame_seen;

static void
after_paint_cb (GdkFrameClock *clock,
                GtkWindow     *window)
{
  MusterWindow *main_window = MUSTER_WINDOW (window);
  GtkWidget *roster = muster_window_get_roster_page (main_window);
  GListModel *model;

  /* A frame of the window with its campaign open, not an empty one. */
  if (muster_window_get_campaign_id (main_window) == 0 || !gtk_widget_get_mapped (roster))
    return;
  if (!first_frame_seen)
    {
      first_frame_seen = TRUE;
      printf ("first-frame %.3f\n", child_elapsed ());
      fflush (stdout);
    }

  /* Then the frame that shows the characters. */
  model = muster_roster_page_get_model (MUSTER_ROSTER_PAGE (roster));
  if (g_list_model_get_n_items (model) < N_CHARACTERS)
    return;
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, window);
  printf ("filled %.3f %ld %ld\n", child_elapsed (), status_kib ("VmRSS:"), status_kib ("VmHWM:"));
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

/* --- The baseline child: a bare window ---------------------------------- */

static void
bare_after_paint_cb (GdkFrameClock *clock,
                     GtkWindow     *window)
{
  g_signal_handlers_disconnect_by_func (clock, bare_after_paint_cb, window);
  printf ("first-frame %.3f\n", child_elapsed ());
  printf ("filled %.3f %ld %ld\n", child_elapsed (), status_kib ("VmRSS:"), status_kib ("VmHWM:"));
  fflush (stdout);
  g_application_quit (g_application_get_default ());
}

static void
bare_realized_cb (GtkWidget *window)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint",
                    G_CALLBACK (bare_after_paint_cb), window);
}

static void
bare_activate_cb (GApplication *app)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  /* Muster's window size when nothing is kept in GSettings. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1180, 760);
  printf ("window %.3f\n", child_elapsed ());
  g_signal_connect (window, "realize", G_CALLBACK (bare_realized_cb), NULL);
  gtk_window_present (GTK_WINDOW (window));
}

static int
run_bare (void)
{
  g_autoptr(AdwApplication) app = adw_application_new ("io.github.musterapp.BenchBare",
                                                       G_APPLICATION_NON_UNIQUE);

  g_signal_connect (app, "activate", G_CALLBACK (bare_activate_cb), NULL);
  return g_application_run (G_APPLICATION (app), 0, NULL);
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

typedef struct {
  double wall;      /* ms from the spawn to the first frame */
  double built;     /* ms from the child's main() to its window built */
  double painted;   /* ... to the first frame */
  double filled;    /* wall ms to the frame with the roster shown */
  double rss_mib;   /* resident memory then */
  double peak_mib;  /* the peak of it so far */
} Run;

/* Starts the child (@library, or NULL for the bare window) and reads what
 * it measured until it quits. */
static Run
time_one_run (const char *self_path,
              const char *library)
{
  g_autoptr(GSubprocess) child = NULL;
  g_autoptr(GDataInputStream) lines = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  Run run = { 0 };
  char *line;

  if (library != NULL)
    child = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error,
                              self_path, "--child", library, NULL);
  else
    child = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error,
                              self_path, "--bare", NULL);
  g_assert_no_error (error);
  lines = g_data_input_stream_new (g_subprocess_get_stdout_pipe (child));
  while ((line = g_data_input_stream_read_line_utf8 (lines, NULL, NULL, &error)) != NULL)
    {
      double now = (g_get_monotonic_time () - start) / 1000.0;

      if (g_str_has_prefix (line, "window "))
        run.built = g_ascii_strtod (line + strlen ("window "), NULL);
      else if (g_str_has_prefix (line, "first-frame "))
        {
          run.wall = now;
          run.painted = g_ascii_strtod (line + strlen ("first-frame "), NULL);
        }
      else if (g_str_has_prefix (line, "filled "))
        {
          char *end = NULL;

          run.filled = now;
          g_ascii_strtod (line + strlen ("filled "), &end);
          run.rss_mib = g_ascii_strtoll (end, &end, 10) / 1024.0;
          run.peak_mib = g_ascii_strtoll (end, NULL, 10) / 1024.0;
        }
      g_free (line);
    }
  g_assert_no_error (error);
  if (run.wall == 0 || run.filled == 0)
    g_error ("%s ended before its first frame", library ? "Muster" : "The bare window");

  g_subprocess_wait_check (child, NULL, &error);
  g_assert_no_error (error);
  return run;
}

static void
append (GArray *array,
        double  value)
{
  g_array_append_val (array, value);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GArray) wall = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) built = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) painted = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) filled = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) peak = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) rss = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) bare_wall = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) bare_peak = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) bare_rss = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *dir = NULL;
  g_autofree char *library = NULL;
  g_autofree char *self_path = NULL;
  g_autoptr(GTimer) timer = NULL;

  if (argc == 3 && g_str_equal (argv[1], "--child"))
    {
      child_start = g_get_monotonic_time ();
      return run_child (argv[2]);
    }
  if (argc == 2 && g_str_equal (argv[1], "--bare"))
    {
      child_start = g_get_monotonic_time ();
      return run_bare ();
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

  /* One run of each first, so the library and the programs are in the
   * page cache for every measured one, as for a user who starts Muster
   * often. */
  time_one_run (self_path, library);
  time_one_run (self_path, NULL);

  for (guint i = 0; i < RUNS; i++)
    {
      Run run = time_one_run (self_path, library);
      Run bare = time_one_run (self_path, NULL);

      append (wall, run.wall);
      append (built, run.built);
      append (painted, run.painted);
      append (filled, run.filled);
      append (peak, run.peak_mib);
      append (rss, run.rss_mib);
      append (bare_wall, bare.wall);
      append (bare_peak, bare.peak_mib);
      append (bare_rss, bare.rss_mib);
    }
  muster_test_report_ms ("launch to first frame", wall);
  muster_test_report_ms ("main() to window built", built);
  muster_test_report_ms ("main() to first frame", painted);
  muster_test_report_ms ("launch to the roster shown", filled);
  muster_test_report_ms ("bare window: launch to first frame", bare_wall);
  muster_test_report_ratio ("startup-bare-ratio", "launch to first frame", wall, bare_wall, "bare window");
  muster_test_bench_line ("startup-ms", muster_test_median (wall), "ms");
  muster_test_bench_line ("startup-filled-ms", muster_test_median (filled), "ms");
  g_print ("%-36s median %9.1f MiB, bare window %9.1f MiB: %.2fx\n", "resident memory",
           muster_test_median (rss), muster_test_median (bare_rss),
           muster_test_median (rss) / muster_test_median (bare_rss));
  g_print ("%-36s median %9.1f MiB, bare window %9.1f MiB: %.2fx\n", "peak resident memory",
           muster_test_median (peak), muster_test_median (bare_peak),
           muster_test_median (peak) / muster_test_median (bare_peak));
  muster_test_bench_line ("memory-mib", muster_test_median (peak), "MiB");
  muster_test_bench_line ("memory-bare-ratio", muster_test_median (peak) / muster_test_median (bare_peak), "x");
  muster_test_bench_line ("memory-rss-bare-ratio", muster_test_median (rss) / muster_test_median (bare_rss), "x");

  return 0;
}
