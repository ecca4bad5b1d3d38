/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-chart"

#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <glib.h>

#include "muster-chart.h"
#include "muster-print-test-util.h"
#include "muster-stats.h"
#include "muster-test-util.h"

/* The charts of statistics, drawn onto images and PDFs and read back:
 * the colours each column is drawn in, bars and areas in proportion to
 * their numbers, and the words (title, legend, axes) on the page. With
 * MUSTER_PRINT_OUTPUT set, the images and PDFs are kept there. */

#define WIDTH  640
#define HEIGHT 400

/* --- Series made by hand ------------------------------------------------------- */

static MusterStatsSeries *
game_series (const char      *id,
             const char      *title,
             MusterStatsKind  kind,
             guint            n_rows)
{
  MusterStatsSeries *series = muster_stats_series_new (id, title, kind, MUSTER_STATS_VALUE_COUNT, "Game", "Men");

  (void) n_rows;
  return series;
}

static void
add_rows (MusterStatsSeries *series,
          guint              n_rows,
          const double      *values)
{
  guint n_columns = muster_stats_series_get_n_columns (series);

  for (guint r = 0; r < n_rows; r++)
    {
      g_autofree char *key = g_strdup_printf ("%u", r + 1);
      guint row = muster_stats_series_add_row (series, key, key, NULL);

      for (guint c = 0; c < n_columns; c++)
        muster_stats_series_set_value (series, row, c, values[r * n_columns + c]);
    }
}

static MusterStatsSeries *
strength (void)
{
  static const double values[] = {
    12, 1, 0, 0, 0,
    10, 2, 1, 0, 0,
    9,  1, 1, 2, 0,
    8,  2, 0, 3, 1,
  };
  MusterStatsSeries *series = game_series ("strength", "Strength of the Light Company", MUSTER_STATS_KIND_AREA, 4);

  muster_stats_series_add_column (series, "fit", "Fit to fight", MUSTER_STATS_TONE_ACCENT);
  muster_stats_series_add_column (series, "out-of-action", "Out of action", MUSTER_STATS_TONE_WARNING);
  muster_stats_series_add_column (series, "captured", "Captured", MUSTER_STATS_TONE_OTHER);
  muster_stats_series_add_column (series, "dead", "Dead", MUSTER_STATS_TONE_ERROR);
  muster_stats_series_add_column (series, "retired", "Retired", MUSTER_STATS_TONE_MUTED);
  add_rows (series, 4, values);
  return series;
}

static MusterStatsSeries *
casualties (void)
{
  static const double values[] = { 2, 1,  4, 0,  1, 3 };
  MusterStatsSeries *series = game_series ("casualties", "Casualties per game", MUSTER_STATS_KIND_BARS, 3);

  muster_stats_series_add_column (series, "British", "British", MUSTER_STATS_TONE_AUTO);
  muster_stats_series_add_column (series, "French", "French", MUSTER_STATS_TONE_AUTO);
  add_rows (series, 3, values);
  return series;
}

static MusterStatsSeries *
morale (void)
{
  static const double values[] = { NAN, 8,  9, 8,  9, 6,  7, 6 };
  MusterStatsSeries *series = game_series ("unit-morale", "Morale of the units", MUSTER_STATS_KIND_LINES, 4);

  muster_stats_series_add_column (series, "43rd Foot", "43rd Foot", MUSTER_STATS_TONE_AUTO);
  muster_stats_series_add_column (series, "Voltigeurs", "Voltigeurs", MUSTER_STATS_TONE_AUTO);
  add_rows (series, 4, values);
  return series;
}

static MusterStatsSeries *
survival (void)
{
  static const double values[] = { 1, 1,  0.75, 1,  0.5, 0.8,  0.25, NAN };
  MusterStatsSeries *series = muster_stats_series_new ("survival", "Men still on the roll", MUSTER_STATS_KIND_STEP,
                                                       MUSTER_STATS_VALUE_SHARE, "Games taken part in", "On the roll");

  muster_stats_series_add_column (series, "Light Company", "Light Company", MUSTER_STATS_TONE_AUTO);
  muster_stats_series_add_column (series, "Voltigeurs", "Voltigeurs", MUSTER_STATS_TONE_AUTO);
  add_rows (series, 4, values);
  return series;
}

static MusterStatsSeries *
matrix (void)
{
  static const char * const forces[] = { "Light Company", "Voltigeurs", "Chasseurs" };
  static const double values[] = { 0, 7, 2,  3, 0, 0,  1, 0, 0 };
  MusterStatsSeries *series = muster_stats_series_new ("kill-matrix", "Who killed whom", MUSTER_STATS_KIND_MATRIX,
                                                       MUSTER_STATS_VALUE_COUNT, "Killer’s force", "Victim’s force");

  for (guint c = 0; c < G_N_ELEMENTS (forces); c++)
    muster_stats_series_add_column (series, forces[c], forces[c], MUSTER_STATS_TONE_AUTO);
  for (guint r = 0; r < G_N_ELEMENTS (forces); r++)
    {
      guint row = muster_stats_series_add_row (series, forces[r], forces[r], NULL);

      for (guint c = 0; c < G_N_ELEMENTS (forces); c++)
        muster_stats_series_set_value (series, row, c, values[r * 3 + c]);
    }
  return series;
}

/* Kill leaders: named men in the accent, unnamed figures in the next
 * colour, a note (games) that is not drawn. */
static MusterStatsSeries *
ranking (void)
{
  static const char * const men[] = { "Patrick Nolan", "Henri Vasseur", "Étienne Marchal" };
  static const double values[] = { 6, 2, 9,  4, 0, 3,  2, 0, 7 };
  MusterStatsSeries *series = muster_stats_series_new ("kills-career", "Most kills in the campaign",
                                                       MUSTER_STATS_KIND_RANKING, MUSTER_STATS_VALUE_COUNT,
                                                       "Man", "Kills");

  muster_stats_series_add_column (series, "named", "Named men", MUSTER_STATS_TONE_ACCENT);
  muster_stats_series_add_column (series, "unnamed", "Unnamed figures", MUSTER_STATS_TONE_AUTO);
  muster_stats_series_add_column (series, "games", "Games", MUSTER_STATS_TONE_NOTE);
  for (guint r = 0; r < G_N_ELEMENTS (men); r++)
    {
      guint row = muster_stats_series_add_row (series, men[r], men[r], NULL);

      for (guint c = 0; c < 3; c++)
        muster_stats_series_set_value (series, row, c, values[r * 3 + c]);
    }
  return series;
}

/* --- Pixels ------------------------------------------------------------------------ */

typedef struct {
  cairo_surface_t *surface;
  guchar          *data;
  int              stride;
} Image;

static void
image_clear (Image *image)
{
  g_clear_pointer (&image->surface, cairo_surface_destroy);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Image, image_clear)

static void
render (Image                    *image,
        MusterStatsSeries        *series,
        const MusterChartPalette *palette,
        const char               *name)
{
  const char *keep = g_getenv ("MUSTER_PRINT_OUTPUT");
  cairo_t *cr;

  image->surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
  cr = cairo_create (image->surface);
  muster_chart_draw (cr, series, palette, MUSTER_CHART_DEFAULT, 0, 0, WIDTH, HEIGHT);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (image->surface);
  image->data = cairo_image_surface_get_data (image->surface);
  image->stride = cairo_image_surface_get_stride (image->surface);

  if (keep != NULL)
    {
      g_autofree char *file = g_strdup_printf ("chart-%s.png", name);
      g_autofree char *path = g_build_filename (keep, file, NULL);

      g_assert_cmpint (cairo_surface_write_to_png (image->surface, path), ==, CAIRO_STATUS_SUCCESS);
    }
}

/* Whether the pixel at (@x, @y) is @color over @under at @alpha. */
static gboolean
pixel_is (const Image            *image,
          int                     x,
          int                     y,
          const MusterChartColor *color,
          const MusterChartColor *under,
          double                  alpha)
{
  guint32 pixel = *(guint32 *) (image->data + y * image->stride + x * 4);
  double expected[3] = {
    under->red * (1 - alpha) + color->red * alpha,
    under->green * (1 - alpha) + color->green * alpha,
    under->blue * (1 - alpha) + color->blue * alpha,
  };
  double got[3] = { ((pixel >> 16) & 0xff) / 255.0, ((pixel >> 8) & 0xff) / 255.0, (pixel & 0xff) / 255.0 };

  for (guint i = 0; i < 3; i++)
    if (fabs (expected[i] - got[i]) > 2.5 / 255)
      return FALSE;
  return TRUE;
}

static guint
count_pixels (const Image            *image,
              const MusterChartColor *color,
              const MusterChartColor *under,
              double                  alpha)
{
  guint n = 0;

  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++)
      n += pixel_is (image, x, y, color, under, alpha) ? 1 : 0;
  return n;
}

/* The runs of @color across (@vertical FALSE: the longest run of each
 * band of rows) or down (TRUE: the tallest of each band of columns), in
 * order: how long bars of that colour are. Runs shorter than @least are
 * text, not bars. */
static GArray *
bands (const Image            *image,
       const MusterChartColor *color,
       const MusterChartColor *under,
       double                  alpha,
       gboolean                vertical,
       int                     least)
{
  GArray *found = g_array_new (FALSE, FALSE, sizeof (int));
  int outer = vertical ? WIDTH : HEIGHT;
  int inner = vertical ? HEIGHT : WIDTH;
  int best = 0;

  for (int o = 0; o < outer; o++)
    {
      int longest = 0, run = 0;

      for (int i = 0; i < inner; i++)
        {
          gboolean hit = vertical ? pixel_is (image, o, i, color, under, alpha)
                                  : pixel_is (image, i, o, color, under, alpha);

          run = hit ? run + 1 : 0;
          longest = MAX (longest, run);
        }
      if (longest >= least)
        best = MAX (best, longest);
      else if (best > 0)
        {
          g_array_append_val (found, best);
          best = 0;
        }
    }
  if (best > 0)
    g_array_append_val (found, best);
  return found;
}

#define BAND(a, i) ((double) g_array_index ((a), int, (i)))

static void
test_bars (void)
{
  g_autoptr(MusterStatsSeries) series = casualties ();
  g_auto(Image) image = { 0, };
  g_autoptr(GArray) british = NULL;
  g_autoptr(GArray) french = NULL;
  MusterChartPalette palette;
  MusterChartColor first, second;

  muster_chart_palette_init_print (&palette);
  render (&image, series, &palette, "bars");
  muster_chart_get_column_color (series, &palette, 0, &first);
  muster_chart_get_column_color (series, &palette, 1, &second);
  g_assert_true (memcmp (&first, &palette.series[0], sizeof first) == 0);
  g_assert_true (memcmp (&second, &palette.series[1], sizeof second) == 0);
  g_assert_true (pixel_is (&image, 1, 1, &palette.background, &palette.background, 1));

  /* British 2, 4, 1 and French 1, 0, 3 high, stacked: bars in proportion. */
  british = bands (&image, &first, &palette.background, 1, TRUE, 15);
  french = bands (&image, &second, &palette.background, 1, TRUE, 15);
  g_assert_cmpuint (british->len, ==, 3);
  g_assert_cmpuint (french->len, ==, 2);
  g_assert_cmpfloat_with_epsilon (BAND (british, 1) / BAND (british, 0), 2.0, 0.06);
  g_assert_cmpfloat_with_epsilon (BAND (british, 2) / BAND (british, 0), 0.5, 0.04);
  g_assert_cmpfloat_with_epsilon (BAND (french, 1) / BAND (french, 0), 3.0, 0.1);
  g_assert_cmpfloat_with_epsilon (BAND (french, 0) / BAND (british, 0), 0.5, 0.04);
}

static void
test_ranking (void)
{
  g_autoptr(MusterStatsSeries) series = ranking ();
  g_auto(Image) image = { 0, };
  g_autoptr(GArray) named = NULL;
  g_autoptr(GArray) unnamed = NULL;
  MusterChartPalette palette;
  MusterChartColor second;

  muster_chart_palette_init_print (&palette);
  render (&image, series, &palette, "ranking");
  muster_chart_get_column_color (series, &palette, 1, &second);
  /* The accent is the first colour: the next column takes the second. */
  g_assert_true (memcmp (&second, &palette.series[1], sizeof second) == 0);

  /* Named 6, 4, 2 and unnamed 2, 0, 0: bars across, best first. */
  named = bands (&image, &palette.accent, &palette.background, 1, FALSE, 20);
  unnamed = bands (&image, &second, &palette.background, 1, FALSE, 20);
  g_assert_cmpuint (named->len, ==, 3);
  g_assert_cmpuint (unnamed->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (BAND (named, 1) / BAND (named, 0), 4.0 / 6, 0.02);
  g_assert_cmpfloat_with_epsilon (BAND (named, 2) / BAND (named, 0), 2.0 / 6, 0.02);
  g_assert_cmpfloat_with_epsilon (BAND (unnamed, 0) / BAND (named, 0), 2.0 / 6, 0.02);
  /* A note is for the table, never drawn. */
  g_assert_cmpuint (count_pixels (&image, &palette.muted, &palette.background, 1), ==, 0);
}

static void
test_area (void)
{
  g_autoptr(MusterStatsSeries) series = strength ();
  g_auto(Image) image = { 0, };
  MusterChartPalette palette;

  muster_chart_palette_init_print (&palette);
  render (&image, series, &palette, "area");
  /* Each band of men is filled in its own colour, a little lighter. */
  g_assert_cmpuint (count_pixels (&image, &palette.accent, &palette.background, 0.75), >, 20000);
  g_assert_cmpuint (count_pixels (&image, &palette.warning, &palette.background, 0.75), >, 1000);
  g_assert_cmpuint (count_pixels (&image, &palette.other, &palette.background, 0.75), >, 200);
  g_assert_cmpuint (count_pixels (&image, &palette.error, &palette.background, 0.75), >, 500);
  g_assert_cmpuint (count_pixels (&image, &palette.muted, &palette.background, 0.75), >, 50);
  /* Fit men fill the bottom of the plot at game 1 more than at game 4. */
  {
    g_autoptr(GArray) fit = bands (&image, &palette.accent, &palette.background, 0.75, TRUE, 3);

    g_assert_cmpuint (fit->len, ==, 1);
  }
}

/* Bands with no men in any game draw nothing in the plot: drawn in
 * other colours, the chart differs only in their legend's swatches. */
static void
test_area_empty_band (void)
{
  static const double values[] = {
    12, 1, 0, 0, 0,
    10, 2, 0, 0, 0,
    9,  1, 0, 0, 0,
  };
  g_autoptr(MusterStatsSeries) series = game_series ("strength", "Strength", MUSTER_STATS_KIND_AREA, 3);
  g_auto(Image) image = { 0, };
  g_auto(Image) recoloured = { 0, };
  MusterChartPalette palette;
  double difference;

  muster_stats_series_add_column (series, "fit", "Fit to fight", MUSTER_STATS_TONE_ACCENT);
  muster_stats_series_add_column (series, "out-of-action", "Out of action", MUSTER_STATS_TONE_WARNING);
  muster_stats_series_add_column (series, "captured", "Captured", MUSTER_STATS_TONE_OTHER);
  muster_stats_series_add_column (series, "dead", "Dead", MUSTER_STATS_TONE_ERROR);
  muster_stats_series_add_column (series, "retired", "Retired", MUSTER_STATS_TONE_MUTED);
  add_rows (series, 3, values);
  muster_chart_palette_init_print (&palette);
  render (&image, series, &palette, "area-empty-band");
  palette.other = palette.error = palette.muted = (MusterChartColor) { 0, 1, 0, 1 };
  render (&recoloured, series, &palette, "area-empty-band-recoloured");
  difference = muster_test_image_difference (image.surface, recoloured.surface) * WIDTH * HEIGHT;
  g_test_message ("%.0f pixels differ", difference);
  /* Three swatches of the legend, and not a line across the plot. */
  g_assert_cmpfloat (difference, >, 0);
  g_assert_cmpfloat (difference, <, 3 * 100);
}

static void
test_lines (void)
{
  g_autoptr(MusterStatsSeries) steps = survival ();
  g_autoptr(MusterStatsSeries) lines = morale ();
  g_auto(Image) step_image = { 0, };
  g_auto(Image) line_image = { 0, };
  MusterChartPalette palette;

  muster_chart_palette_init_print (&palette);
  render (&step_image, steps, &palette, "step");
  render (&line_image, lines, &palette, "lines");
  g_assert_cmpuint (count_pixels (&step_image, &palette.series[0], &palette.background, 1), >, 300);
  g_assert_cmpuint (count_pixels (&step_image, &palette.series[1], &palette.background, 1), >, 300);
  g_assert_cmpuint (count_pixels (&line_image, &palette.series[0], &palette.background, 1), >, 200);
  g_assert_cmpuint (count_pixels (&line_image, &palette.series[1], &palette.background, 1), >, 200);
  /* A step curve is flat between games: long runs across. */
  {
    g_autoptr(GArray) runs = bands (&step_image, &palette.series[0], &palette.background, 1, FALSE, 60);

    g_assert_cmpuint (runs->len, >=, 3);
  }
}

static void
test_matrix (void)
{
  g_autoptr(MusterStatsSeries) series = matrix ();
  g_auto(Image) image = { 0, };
  MusterChartPalette palette;
  MusterChartColor fill;

  muster_chart_palette_init_print (&palette);
  render (&image, series, &palette, "matrix");
  /* The most kills in the darkest cell, the accent itself; none faintly. */
  g_assert_cmpuint (count_pixels (&image, &palette.accent, &palette.background, 1), >, 1000);
  g_assert_cmpuint (count_pixels (&image, &palette.accent, &palette.background, 0.05), >, 5 * 1000);
  /* 3 of 7 in between. */
  fill = palette.accent;
  g_assert_cmpuint (count_pixels (&image, &fill, &palette.background, 0.2 + 0.8 * 3 / 7), >, 1000);
}

/* The style the GUI passes in the dark: the chart paints its background
 * and writes in its foreground. */
static void
test_dark (void)
{
  g_autoptr(MusterStatsSeries) series = casualties ();
  g_auto(Image) image = { 0, };
  MusterChartPalette palette;

  muster_chart_palette_init_print (&palette);
  g_assert_true (muster_chart_color_parse (&palette.background, "#242424"));
  g_assert_true (muster_chart_color_parse (&palette.foreground, "#ffffff"));
  g_assert_true (muster_chart_color_parse (&palette.grid, "rgba(255, 255, 255, 0.1)"));
  g_assert_true (muster_chart_color_parse (&palette.series[0], "#78aeed"));
  palette.font_family = "Cantarell";
  palette.font_size = 11;
  render (&image, series, &palette, "dark");
  g_assert_true (pixel_is (&image, 1, 1, &palette.background, &palette.background, 1));
  g_assert_true (pixel_is (&image, WIDTH - 2, HEIGHT - 2, &palette.background, &palette.background, 1));
  g_assert_cmpuint (count_pixels (&image, &palette.series[0], &palette.background, 1), >, 2000);
  g_assert_cmpuint (count_pixels (&image, &palette.foreground, &palette.background, 1), >, 50);
}

static void
test_colors (void)
{
  MusterChartColor color;

  g_assert_true (muster_chart_color_parse (&color, "#3584e4"));
  g_assert_cmpfloat_with_epsilon (color.red, 0x35 / 255.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (color.blue, 0xe4 / 255.0, 1e-9);
  g_assert_cmpfloat (color.alpha, ==, 1);
  g_assert_true (muster_chart_color_parse (&color, "rgba(53,132,228,0.5)"));
  g_assert_cmpfloat_with_epsilon (color.green, 132 / 255.0, 1e-9);
  g_assert_cmpfloat (color.alpha, ==, 0.5);
  g_assert_true (muster_chart_color_parse (&color, "rgb(255,0,0)"));
  g_assert_cmpfloat (color.red, ==, 1);
  g_assert_false (muster_chart_color_parse (&color, "#3584e"));
  g_assert_false (muster_chart_color_parse (&color, "blue"));
  g_assert_false (muster_chart_color_parse (&color, NULL));
  g_assert_false (muster_chart_color_parse (&color, "rgba(53,132,228,0.5) and more"));
  g_assert_false (muster_chart_color_parse (&color, "rgba(53,132)"));
}

/* CSS says its numbers with a point whatever the language: a French
 * locale, whose decimals take a comma, reads them the same. */
static void
test_colors_locale (void)
{
  g_autofree char *previous = g_strdup (setlocale (LC_ALL, NULL));
  MusterChartPalette palette;
  MusterChartColor color;

  if (setlocale (LC_ALL, "fr_FR.UTF-8") == NULL)
    {
      g_test_skip ("The fr_FR.UTF-8 locale is not installed");
      return;
    }
  g_assert_true (muster_chart_color_parse (&color, "rgba(36, 31, 49, 0.15)"));
  g_assert_cmpfloat_with_epsilon (color.alpha, 0.15, 1e-9);
  g_assert_cmpfloat_with_epsilon (color.red, 36 / 255.0, 1e-9);
  muster_chart_palette_init_print (&palette);
  g_assert_cmpfloat_with_epsilon (palette.grid.alpha, 0.15, 1e-9);
  setlocale (LC_ALL, previous);
}

/* --- Words on paper ------------------------------------------------------------------ */

/* Each series on a page of its own, A5 landscape, read back. */
static TestDoc *
render_pdf (const char  *dir,
            const char  *name,
            GPtrArray   *all)
{
  g_autofree char *file = g_strdup_printf ("%s.pdf", name);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  const char *keep = g_getenv ("MUSTER_PRINT_OUTPUT");
  cairo_surface_t *surface = cairo_pdf_surface_create (path, 595, 420);
  cairo_t *cr = cairo_create (surface);
  MusterChartPalette palette;

  muster_chart_palette_init_print (&palette);
  for (guint i = 0; i < all->len; i++)
    {
      muster_chart_draw (cr, g_ptr_array_index (all, i), &palette, MUSTER_CHART_DEFAULT, 36, 36, 523, 348);
      cairo_show_page (cr);
    }
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);

  if (keep != NULL)
    {
      g_autofree char *contents = NULL;
      g_autofree char *copy = g_build_filename (keep, file, NULL);
      gsize length;

      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (copy, contents, length, NULL));
    }
  return muster_test_open_pdf (path);
}

/* Poppler's text of page @index, a line of the page a line: a chart's
 * title up its side keeps muster_test_page_text() from pairing glyphs
 * with their places. */
static char *
page_text (TestDoc *doc,
           int      index)
{
  g_autoptr(TestPage) page = poppler_document_get_page (doc, index);

  g_assert_nonnull (page);
  return poppler_page_get_text (page);
}

static void
assert_words (TestDoc    *doc,
              int         page,
              const char *const *words)
{
  g_autofree char *text = page_text (doc, page);

  for (guint i = 0; words[i] != NULL; i++)
    if (strstr (text, words[i]) == NULL)
      g_error ("page %d lacks “%s”: %s", page, words[i], text);
}

static void
test_pdf (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(TestDoc) doc = NULL;
  g_autoptr(MusterStatsSeries) empty = NULL;

  g_ptr_array_add (all, strength ());
  g_ptr_array_add (all, casualties ());
  g_ptr_array_add (all, survival ());
  g_ptr_array_add (all, matrix ());
  g_ptr_array_add (all, ranking ());
  empty = muster_stats_series_new ("score", "Games won", MUSTER_STATS_KIND_STEP, MUSTER_STATS_VALUE_COUNT,
                                   "Game", "Games won");
  muster_stats_series_add_column (empty, "British", "British", MUSTER_STATS_TONE_AUTO);
  g_ptr_array_add (all, g_object_ref (empty));
  doc = render_pdf (dir, "charts", all);
  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, 6);

  /* The title, the legend, the axes' titles and numbers. */
  assert_words (doc, 0, (const char *[]) { "Strength of the Light Company", "Fit to fight", "Out of action",
                                           "Captured", "Dead", "Retired", "Men", "Game", "0", "14", NULL });
  assert_words (doc, 1, (const char *[]) { "Casualties per game", "British", "French", "Game", NULL });
  assert_words (doc, 2, (const char *[]) { "Men still on the roll", "0%", "50%", "100%", "Light Company",
                                           "Games taken part in", "On the roll", NULL });
  assert_words (doc, 3, (const char *[]) { "Who killed whom", "Killer’s force", "Victim’s force", "Chasseurs",
                                           "7", NULL });
  assert_words (doc, 4, (const char *[]) { "Most kills in the campaign", "Patrick Nolan", "Étienne Marchal",
                                           "Named men", "Unnamed figures", "8", NULL });
  assert_words (doc, 5, (const char *[]) { "Games won", "Nothing to show yet", NULL });
  {
    /* A note is not in the legend. */
    g_autofree char *text = page_text (doc, 4);
    g_assert_null (strstr (text, "Games"));
  }
}

/* A thousand games: a label every so many, never one over another. */
static void
test_many_rows (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(TestDoc) doc = NULL;
  g_autoptr(TestPage) page = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) words = NULL;
  MusterStatsSeries *series = game_series ("strength", "Strength", MUSTER_STATS_KIND_AREA, 1000);
  PopplerRectangle *boxes = NULL;
  guint n_boxes = 0, numbers = 0;

  muster_stats_series_add_column (series, "fit", "Fit", MUSTER_STATS_TONE_ACCENT);
  muster_stats_series_add_column (series, "dead", "Dead", MUSTER_STATS_TONE_ERROR);
  for (guint r = 0; r < 1000; r++)
    {
      g_autofree char *key = g_strdup_printf ("%u", r + 1);
      guint row = muster_stats_series_add_row (series, key, key, NULL);

      muster_stats_series_set_value (series, row, 0, 10000 - r * 7);
      muster_stats_series_set_value (series, row, 1, r * 7);
    }
  g_ptr_array_add (all, series);
  doc = render_pdf (dir, "thousand", all);
  text = page_text (doc, 0);
  g_strdelimit (text, "\n", ' ');
  words = g_strsplit (text, " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0' && strspn (words[i], "0123456789") == strlen (words[i]))
      numbers++;
  /* A few ticks up the side and a label every hundred games or so. */
  g_assert_cmpuint (numbers, >=, 8);
  g_assert_cmpuint (numbers, <=, 40);
  g_assert_true (muster_test_has_token (text, "1"));
  g_assert_true (muster_test_has_token (text, "10000"));

  /* No two glyphs of the labels share a place. */
  page = poppler_document_get_page (doc, 0);
  g_assert_true (poppler_page_get_text_layout (page, &boxes, &n_boxes));
  for (guint i = 0; i < n_boxes; i++)
    for (guint j = i + 1; j < n_boxes; j++)
      {
        PopplerRectangle *a = &boxes[i], *b = &boxes[j];
        double w = MIN (a->x2, b->x2) - MAX (a->x1, b->x1);
        double h = MIN (a->y2, b->y2) - MAX (a->y1, b->y1);

        g_assert_false (w > 0.5 && h > 0.5);
      }
  g_free (boxes);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/print/chart/colors", test_colors);
  g_test_add_func ("/print/chart/colors-locale", test_colors_locale);
  g_test_add_func ("/print/chart/bars", test_bars);
  g_test_add_func ("/print/chart/ranking", test_ranking);
  g_test_add_func ("/print/chart/area", test_area);
  g_test_add_func ("/print/chart/area-empty-band", test_area_empty_band);
  g_test_add_func ("/print/chart/lines", test_lines);
  g_test_add_func ("/print/chart/matrix", test_matrix);
  g_test_add_func ("/print/chart/dark", test_dark);
  g_test_add_func ("/print/chart/pdf", test_pdf);
  g_test_add_func ("/print/chart/many-rows", test_many_rows);

  return g_test_run ();
}
