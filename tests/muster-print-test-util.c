/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test"

#include "config.h"

#include <string.h>

#include "muster-card-grid.h"
#include "muster-print-test-util.h"

TestDoc *
muster_test_open_pdf (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = g_filename_to_uri (path, NULL, &error);
  PopplerDocument *doc;

  g_assert_no_error (error);
  doc = poppler_document_new_from_file (uri, NULL, &error);
  g_assert_no_error (error);
  return doc;
}

/* Writes @sheet to NAME.pdf in @dir and opens it; with
 * MUSTER_PRINT_OUTPUT set, a copy goes there to look at. */
TestDoc *
muster_test_render_pdf (const char  *dir,
                        MusterSheet *sheet,
                        MusterPaper  paper,
                        const char  *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *file = g_strdup_printf ("%s.pdf", name);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  const char *keep = g_getenv ("MUSTER_PRINT_OUTPUT");

  muster_sheet_export_pdf (sheet, paper, path, &error);
  g_assert_no_error (error);

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

/* A page's text with a space wherever two glyphs stand apart, so that
 * neighbouring cells do not run into one word. */
char *
muster_test_page_text (PopplerDocument *doc,
                       int              index)
{
  g_autoptr(TestPage) page = poppler_document_get_page (doc, index);
  g_autofree char *text = NULL;
  PopplerRectangle *rects = NULL;
  PopplerRectangle *prev = NULL;
  guint n_rects = 0;
  GString *out = g_string_new (NULL);
  guint i = 0;

  g_assert_nonnull (page);
  text = poppler_page_get_text (page);
  g_assert_true (poppler_page_get_text_layout (page, &rects, &n_rects));

  for (const char *p = text; *p != '\0' && i < n_rects; p = g_utf8_next_char (p), i++)
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '\n')
        {
          g_string_append_c (out, '\n');
          prev = NULL;
          continue;
        }
      if (prev != NULL &&
          (rects[i].x1 - prev->x2 > 1.0 || ABS (rects[i].y1 - prev->y1) > 2.0))
        g_string_append_c (out, ' ');
      g_string_append_unichar (out, c);
      prev = &rects[i];
    }

  g_free (rects);
  return g_string_free (out, FALSE);
}

typedef struct
{
  gunichar c;
  double   x1;
  double   x2;
  double   y;
} Glyph;

static int
compare_y (gconstpointer a,
           gconstpointer b)
{
  const Glyph *ga = a, *gb = b;

  return ga->y < gb->y ? -1 : ga->y > gb->y;
}

static int
compare_x (gconstpointer a,
           gconstpointer b)
{
  const Glyph *ga = a, *gb = b;

  return ga->x1 < gb->x1 ? -1 : ga->x1 > gb->x1;
}

/* A page's text line by line as it lies on the paper: glyphs whose
 * middles are within 3 points of each other make a line, read left to
 * right, with a space wherever two stand apart. Poppler's own order runs
 * down a table's columns. */
char *
muster_test_page_lines (PopplerDocument *doc,
                        int              index)
{
  g_autoptr(TestPage) page = poppler_document_get_page (doc, index);
  g_autofree char *text = poppler_page_get_text (page);
  g_autoptr(GArray) glyphs = g_array_new (FALSE, FALSE, sizeof (Glyph));
  PopplerRectangle *rects = NULL;
  guint n_rects = 0;
  GString *out = g_string_new (NULL);
  guint i = 0, start = 0;

  g_assert_true (poppler_page_get_text_layout (page, &rects, &n_rects));
  for (const char *p = text; *p != '\0' && i < n_rects; p = g_utf8_next_char (p), i++)
    {
      Glyph glyph = { g_utf8_get_char (p), rects[i].x1, rects[i].x2, (rects[i].y1 + rects[i].y2) / 2.0 };

      if (glyph.c != '\n' && !g_unichar_isspace (glyph.c))
        g_array_append_val (glyphs, glyph);
    }
  g_free (rects);

  g_array_sort (glyphs, compare_y);
  for (i = 0; i <= glyphs->len; i++)
    {
      if (i < glyphs->len &&
          g_array_index (glyphs, Glyph, i).y - g_array_index (glyphs, Glyph, start).y <= 3.0)
        continue;

      qsort (&g_array_index (glyphs, Glyph, start), i - start, sizeof (Glyph), compare_x);
      for (guint j = start; j < i; j++)
        {
          const Glyph *glyph = &g_array_index (glyphs, Glyph, j);

          if (j > start && glyph->x1 - g_array_index (glyphs, Glyph, j - 1).x2 > 1.0)
            g_string_append_c (out, ' ');
          g_string_append_unichar (out, glyph->c);
        }
      g_string_append_c (out, '\n');
      start = i;
    }

  return g_string_free (out, FALSE);
}

char *
muster_test_document_lines (PopplerDocument *doc)
{
  GString *all = g_string_new (NULL);

  for (int i = 0; i < poppler_document_get_n_pages (doc); i++)
    {
      g_autofree char *text = muster_test_page_lines (doc, i);

      g_string_append (all, text);
    }

  return g_string_free (all, FALSE);
}

/* The whole document's text on one line per page, with newlines as spaces
 * so that wrapped names can be found. */
char *
muster_test_document_text (PopplerDocument *doc)
{
  GString *all = g_string_new (NULL);

  for (int i = 0; i < poppler_document_get_n_pages (doc); i++)
    {
      g_autofree char *text = muster_test_page_text (doc, i);

      g_strdelimit (text, "\n", ' ');
      g_string_append (all, text);
      g_string_append_c (all, '\n');
    }

  return g_string_free (all, FALSE);
}

/* TRUE when @word stands in @text as a whole token. */
gboolean
muster_test_has_token (const char *text,
                       const char *word)
{
  gsize len = strlen (word);

  for (const char *p = strstr (text, word); p != NULL; p = strstr (p + 1, word))
    if ((p == text || g_ascii_isspace (p[-1])) && (p[len] == '\0' || g_ascii_isspace (p[len])))
      return TRUE;
  return FALSE;
}

guint
muster_test_count (const char *text,
                   const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (text, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

/* The text of the card in @slot of page @index: the glyphs that lie on
 * it, with a space wherever two stand apart. */
char *
muster_test_card_text (PopplerDocument *doc,
                       MusterPaper      paper,
                       int              index,
                       guint            slot)
{
  g_autoptr(TestPage) page = poppler_document_get_page (doc, index);
  g_autofree char *text = poppler_page_get_text (page);
  PopplerRectangle *rects = NULL;
  PopplerRectangle *prev = NULL;
  guint n_rects = 0;
  GString *out = g_string_new (NULL);
  MusterPageSize size;
  double x, y;
  guint i = 0;

  muster_page_size_init_for_paper (&size, paper);
  muster_card_grid_get_slot (&size, slot, &x, &y);
  g_assert_true (poppler_page_get_text_layout (page, &rects, &n_rects));

  for (const char *p = text; *p != '\0' && i < n_rects; p = g_utf8_next_char (p), i++)
    {
      gunichar c = g_utf8_get_char (p);
      double cx = (rects[i].x1 + rects[i].x2) / 2.0;
      double cy = (rects[i].y1 + rects[i].y2) / 2.0;

      if (c == '\n' || cx < x || cx > x + MUSTER_CARD_WIDTH || cy < y || cy > y + MUSTER_CARD_HEIGHT)
        continue;
      if (prev != NULL &&
          (rects[i].x1 - prev->x2 > 1.0 || ABS (rects[i].y1 - prev->y1) > 2.0))
        g_string_append_c (out, ' ');
      g_string_append_unichar (out, c);
      prev = &rects[i];
    }

  g_free (rects);
  return g_string_free (out, FALSE);
}

void
muster_test_assert_paper (PopplerDocument *doc,
                          MusterPaper      paper)
{
  muster_test_assert_turned (doc, paper, FALSE);
}

void
muster_test_assert_turned (PopplerDocument *doc,
                           MusterPaper      paper,
                           gboolean         landscape)
{
  MusterPageSize size;

  muster_page_size_init_for_paper (&size, paper);
  if (landscape)
    muster_page_size_turn (&size);
  for (int i = 0; i < poppler_document_get_n_pages (doc); i++)
    {
      g_autoptr(TestPage) page = poppler_document_get_page (doc, i);
      double width, height;

      poppler_page_get_size (page, &width, &height);
      g_assert_cmpfloat_with_epsilon (width, size.width, 0.5);
      g_assert_cmpfloat_with_epsilon (height, size.height, 0.5);
    }
}

void
muster_test_assert_words_within (PopplerDocument *doc,
                                 int              index,
                                 const char      *text,
                                 double           x0,
                                 double           x1)
{
  g_autoptr(TestPage) page = poppler_document_get_page (doc, index);
  g_autofree char *page_text = muster_test_page_text (doc, index);
  g_auto(GStrv) words = g_strsplit (text, " ", -1);

  g_strdelimit (page_text, "\n", ' ');
  for (guint w = 0; words[w] != NULL; w++)
    {
      GList *found;
      gboolean within = FALSE;

      if (*words[w] == '\0')
        continue;

      /* Whole: a word broken over two lines is two tokens, or has a
       * hyphen Pango put in. */
      if (!muster_test_has_token (page_text, words[w]))
        g_test_message ("“%s” is not whole on page %d: %s", words[w], index + 1, page_text);
      g_assert_true (muster_test_has_token (page_text, words[w]));

      found = poppler_page_find_text (page, words[w]);
      for (GList *l = found; l != NULL; l = l->next)
        {
          PopplerRectangle *rect = l->data;

          within |= rect->x1 >= x0 - 0.5 && rect->x2 <= x1 + 0.5;
        }
      g_list_free_full (found, (GDestroyNotify) poppler_rectangle_free);
      if (!within)
        g_test_message ("“%s” is not between x = %.1f and %.1f on page %d", words[w], x0, x1, index + 1);
      g_assert_true (within);
    }
}

void
muster_test_assert_nothing_cut (MusterSheet          *sheet,
                                const MusterPageSize *size,
                                gboolean              missing_allowed)
{
  guint n_pages = muster_sheet_get_n_pages (sheet, size);

  for (guint p = 0; p < n_pages; p++)
    {
      cairo_surface_t *surface = muster_sheet_render_page (sheet, size, p, 0.25);

      cairo_surface_destroy (surface);
      g_assert_cmpuint (muster_sheet_get_n_cut_texts (sheet), ==, 0);
      if (!missing_allowed)
        g_assert_cmpuint (muster_sheet_get_n_missing_glyphs (sheet), ==, 0);
    }
}

/* A Big Skirmishes campaign: @per_side Characters a side (the Blue
 * side's mounted), some infantry. */

void
muster_test_assert_within_margins (PopplerDocument *doc,
                                   MusterPaper      paper)
{
  MusterPageSize size;

  muster_page_size_init_for_paper (&size, paper);
  for (int p = 0; p < poppler_document_get_n_pages (doc); p++)
    {
      g_autoptr(TestPage) page = poppler_document_get_page (doc, p);
      PopplerRectangle *rects = NULL;
      guint n_rects = 0;

      g_assert_true (poppler_page_get_text_layout (page, &rects, &n_rects));
      for (guint i = 0; i < n_rects; i++)
        {
          g_assert_cmpfloat (rects[i].x1, >=, size.margin_left - 1.0);
          g_assert_cmpfloat (rects[i].x2, <=, size.width - size.margin_right + 1.0);
          g_assert_cmpfloat (rects[i].y1, >=, size.margin_top - 1.0);
          g_assert_cmpfloat (rects[i].y2, <=, size.height - size.margin_bottom + 1.0);
        }
      g_free (rects);
    }
}

/* The share of pixels that differ clearly between two images. */
double
muster_test_image_difference (cairo_surface_t *a,
                              cairo_surface_t *b)
{
  int width = cairo_image_surface_get_width (a);
  int height = cairo_image_surface_get_height (a);
  int stride_a = cairo_image_surface_get_stride (a);
  int stride_b = cairo_image_surface_get_stride (b);
  const guchar *data_a, *data_b;
  guint64 differing = 0;

  if (width != cairo_image_surface_get_width (b) || height != cairo_image_surface_get_height (b))
    return 1.0;

  cairo_surface_flush (a);
  cairo_surface_flush (b);
  data_a = cairo_image_surface_get_data (a);
  data_b = cairo_image_surface_get_data (b);

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        const guchar *pa = data_a + y * stride_a + 4 * x;
        const guchar *pb = data_b + y * stride_b + 4 * x;
        int worst = 0;

        for (int c = 0; c < 3; c++)
          worst = MAX (worst, ABS ((int) pa[c] - (int) pb[c]));
        if (worst > 96)
          differing++;
      }

  return (double) differing / ((double) width * height);
}
