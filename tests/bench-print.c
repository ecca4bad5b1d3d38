/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bench-print"

#include "config.h"

#include <cairo-pdf.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <pango/pangocairo.h>

#include "muster-cards-sheet.h"
#include "muster-character.h"
#include "muster-figure-stats-sheet.h"
#include "muster-recruit.h"
#include "muster-roster-sheet.h"
#include "muster-ruleset.h"
#include "muster-store.h"
#include "muster-test-util.h"

/* How long writing the sheets takes for 1,000 figures: the Figure Stats
 * playsheet with 16 and 32 turns, the stat cards and the roster, as PDF
 * on A4. Prints medians and file sizes; asserts nothing about time.
 *
 * The playsheet with 16 turns is also run in turns with a bare Cairo loop
 * writing as many pages of the same figures (name, stats, a box a turn,
 * eight a page) with Pango: print-cairo-ratio is the ratio of the
 * medians. */

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

/* The floor: the figures drawn straight onto a PDF surface. */
static double
bare_cairo (GPtrArray  *characters,
            const char *path)
{
  g_autoptr(GTimer) timer = g_timer_new ();
  static const char * const stats[] = { "I", "D", "S", "C", "F" };
  cairo_surface_t *surface = cairo_pdf_surface_create (path, 595.28, 841.89);
  cairo_t *cr = cairo_create (surface);
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 9");

  pango_layout_set_font_description (layout, font);
  for (guint i = 0; i < characters->len; i++)
    {
      MusterCharacter *character = g_ptr_array_index (characters, i);
      g_autoptr(GString) text = g_string_new (muster_character_get_name (character));
      double y = 40 + (i % 8) * 95;

      if (i > 0 && i % 8 == 0)
        cairo_show_page (cr);
      for (guint s = 0; s < G_N_ELEMENTS (stats); s++)
        {
          int value = 0;

          muster_character_get_stat (character, stats[s], &value);
          g_string_append_printf (text, "   %s %d", stats[s], value);
        }
      pango_layout_set_text (layout, text->str, -1);
      cairo_move_to (cr, 40, y);
      pango_cairo_show_layout (cr, layout);
      for (guint t = 0; t < 16; t++)
        cairo_rectangle (cr, 40 + t * 32, y + 24, 28, 20);
      cairo_rectangle (cr, 36, y - 4, 523, 88);
      cairo_stroke (cr);
    }
  cairo_show_page (cr);
  pango_font_description_free (font);
  g_object_unref (layout);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  return g_timer_elapsed (timer, NULL) * 1000.0;
}

/* The playsheet against the bare loop, in turns. */
static void
compare_with_cairo (MusterSheet *sheet,
                    GPtrArray   *characters,
                    const char  *dir)
{
  g_autoptr(GArray) muster = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) bare = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *path = g_build_filename (dir, "sheet.pdf", NULL);
  g_autofree char *bare_path = g_build_filename (dir, "bare.pdf", NULL);
  g_autoptr(GTimer) timer = g_timer_new ();

  for (guint run = 0; run < RUNS; run++)
    {
      g_autoptr(GError) error = NULL;
      double ms;

      g_timer_start (timer);
      muster_sheet_export_pdf (sheet, MUSTER_PAPER_A4, path, &error);
      ms = g_timer_elapsed (timer, NULL) * 1000.0;
      g_assert_no_error (error);
      g_array_append_val (muster, ms);
      ms = bare_cairo (characters, bare_path);
      g_array_append_val (bare, ms);
    }
  muster_test_report_ratio ("print-cairo-ratio", "Figure Stats, 16 turns", muster, bare,
                            "bare Cairo loop");
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
  compare_with_cairo (stats16, characters, dir);
  return 0;
}
