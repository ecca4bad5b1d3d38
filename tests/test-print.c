/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test"

#include "config.h"

#include <errno.h>
#include <sys/wait.h>

#include <glib/gstdio.h>
#include <poppler.h>

#include "muster-cards-sheet.h"
#include "muster-character.h"
#include "muster-deck-sheet.h"
#include "muster-figure-stats-sheet.h"
#include "muster-playsheet-sheet.h"
#include "muster-recruit.h"
#include "muster-roster-sheet.h"
#include "muster-ruleset.h"
#include "muster-sheet.h"
#include "muster-store.h"
#include "muster-campaign.h"
#include "muster-force.h"
#include "muster-pdf-writer.h"
#include "muster-test-util.h"
#include "muster-sheet-test-util.h"
#include "muster-unit.h"
#include "muster-units-sheet.h"

/* Figure Stats */

static void
test_figure_stats_page_counts (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autoptr(MusterRuleset) ruleset = load_sharpes ();
  const struct {
    guint n_figures;
    guint turns;
    int   pages;
  } cases[] = {
    { 0, 16, 1 }, { 1, 16, 1 }, { 8, 16, 1 }, { 9, 16, 2 }, { 100, 16, 13 },
    { 0, 32, 2 }, { 8, 32, 2 }, { 9, 32, 4 }, { 100, 32, 26 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (MusterPaper paper = MUSTER_PAPER_A4; paper <= MUSTER_PAPER_LETTER; paper++)
      {
        g_autoptr(GPtrArray) characters = make_characters (cases[i].n_figures);
        g_autoptr(MusterSheet) sheet = muster_figure_stats_sheet_new (ruleset, characters, cases[i].turns);
        g_autoptr(TestDoc) doc = render (fixture, sheet, paper, "count");
        MusterPageSize size;

        muster_page_size_init_for_paper (&size, paper);
        g_assert_cmpuint (muster_sheet_get_n_pages (sheet, &size), ==, cases[i].pages);
        g_assert_cmpint (poppler_document_get_n_pages (doc), ==, cases[i].pages);
        assert_text_within_margins (doc, paper);
      }
}

static void
test_figure_stats_text (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(MusterRuleset) ruleset = load_sharpes ();
  g_autoptr(GPtrArray) characters = make_characters (9);
  g_autoptr(MusterSheet) sheet = muster_figure_stats_sheet_new (ruleset, characters, 32);
  g_autoptr(TestDoc) doc = render (fixture, sheet, MUSTER_PAPER_A4, "figure-stats-32");

  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, 4);

  for (int p = 0; p < 4; p++)
    {
      g_autofree char *text = muster_test_page_text (doc, p);
      guint first_turn = p % 2 == 0 ? 1 : 17;
      guint first_figure = p < 2 ? 1 : 9;
      guint last_figure = p < 2 ? 8 : 9;

      g_assert_nonnull (strstr (text, "Figure Stats"));
      g_assert_nonnull (strstr (text, "Number of Turns"));
      g_assert_nonnull (strstr (text, "Wounds"));
      g_assert_true (muster_test_has_token (text, "Dead"));

      /* Turns 1-16 on the first page of a pair, 17-32 on the second. */
      for (guint t = 1; t <= 32; t++)
        {
          g_autofree char *number = g_strdup_printf ("%u", t);
          gboolean expected = t >= first_turn && t < first_turn + 16;

          if (t > 12)   /* small numbers are also stat values */
            g_assert_cmpint (muster_test_has_token (text, number), ==, expected);
          else if (expected)
            g_assert_true (muster_test_has_token (text, number));
        }

      /* The right eight figures on each page, with their stat labels. */
      for (guint f = 1; f <= 9; f++)
        {
          g_autofree char *name = g_strdup_printf ("Figure %u", f);
          gboolean expected = f >= first_figure && f <= last_figure;

          g_assert_cmpint (has_name (text, name), ==, expected);
        }
      g_assert_true (muster_test_has_token (text, "I"));
      g_assert_true (muster_test_has_token (text, "F"));
      /* Weapons and troop types by their names in the ruleset. */
      g_assert_nonnull (strstr (text, "Musket"));
      g_assert_nonnull (strstr (text, "Line infantry"));
      g_assert_cmpint (strstr (text, "Baker rifle") != NULL, ==, p < 2);
      g_assert_cmpint (strstr (text, "Rifleman") != NULL, ==, p < 2);
    }
}

static void
test_figure_stats_values (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(MusterRuleset) ruleset = load_sharpes ();
  g_autoptr(GPtrArray) characters = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(MusterSheet) sheet = NULL;
  g_autoptr(TestDoc) doc = NULL;
  g_autofree char *text = NULL;

  g_ptr_array_add (characters, make_character (1, "Harden", "rifleman", "volley-gun", 7));
  sheet = muster_figure_stats_sheet_new (ruleset, characters, 16);
  doc = render (fixture, sheet, MUSTER_PAPER_LETTER, "figure-stats-values");
  text = muster_test_page_text (doc, 0);

  g_assert_nonnull (strstr (text, "Harden"));
  g_assert_nonnull (strstr (text, "Volley gun"));
  g_assert_nonnull (strstr (text, "South Devon Light Company"));

  /* The stats are 7 to 11, which are also turn numbers: each turn number
   * prints once in each of the eight slots, and the stat once more. */
  for (int v = 7; v <= 11; v++)
    {
      g_autofree char *number = g_strdup_printf ("%d", v);
      guint count = 0;
      g_auto(GStrv) tokens = g_strsplit_set (text, " \n\t", -1);

      for (guint i = 0; tokens[i] != NULL; i++)
        if (g_str_equal (tokens[i], number))
          count++;
      g_assert_cmpuint (count, ==, MUSTER_FIGURE_STATS_PER_PAGE + 1);
    }
}

static void
test_figure_stats_long_name (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(MusterRuleset) ruleset = load_sharpes ();
  g_autoptr(GPtrArray) characters = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(MusterSheet) sheet = NULL;
  g_autoptr(TestDoc) doc = NULL;
  g_autofree char *text = NULL;
  MusterPageSize size;

  g_ptr_array_add (characters, make_character (1, LONG_NAME, "line", "musket", 3));
  sheet = muster_figure_stats_sheet_new (ruleset, characters, 16);
  doc = render (fixture, sheet, MUSTER_PAPER_A4, "figure-stats-long");
  text = muster_test_page_text (doc, 0);

  /* The name whole, in smaller text and on more lines, in its box: the
   * left 30% of the width within the margins. */
  g_assert_nonnull (strstr (text, "Sergeant"));
  muster_test_assert_words_within (doc, 0, LONG_NAME, 36.0, 36.0 + 523.28 * 0.30);
  muster_page_size_init_for_paper (&size, MUSTER_PAPER_A4);
  muster_test_assert_nothing_cut (sheet, &size, FALSE);
  assert_text_within_margins (doc, MUSTER_PAPER_A4);
}

/* Stat cards */

/* Every glyph lies on the paper (cards fill a Letter page past its
 * margins, by design). */
static void
assert_text_on_paper (PopplerDocument *doc)
{
  for (int i = 0; i < poppler_document_get_n_pages (doc); i++)
    {
      g_autoptr(TestPage) page = poppler_document_get_page (doc, i);
      PopplerRectangle *rects = NULL;
      guint n_rects = 0;
      double width, height;

      poppler_page_get_size (page, &width, &height);
      g_assert_true (poppler_page_get_text_layout (page, &rects, &n_rects));
      for (guint r = 0; r < n_rects; r++)
        {
          g_assert_cmpfloat (rects[r].x1, >=, 0.0);
          g_assert_cmpfloat (rects[r].x2, <=, width);
          g_assert_cmpfloat (rects[r].y1, >=, 0.0);
          g_assert_cmpfloat (rects[r].y2, <=, height);
        }
      g_free (rects);
    }
}

static void
test_cards_pages (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(MusterRuleset) ruleset = load_sharpes ();
  const struct {
    guint n;
    int   pages;
  } cases[] = { { 0, 1 }, { 1, 1 }, { 9, 1 }, { 10, 2 }, { 18, 2 }, { 100, 12 } };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (MusterPaper paper = MUSTER_PAPER_A4; paper <= MUSTER_PAPER_LETTER; paper++)
      {
        g_autoptr(GPtrArray) characters = make_characters (cases[i].n);
        g_autoptr(MusterSheet) sheet = muster_cards_sheet_new (ruleset, characters);
        g_autoptr(TestDoc) doc = render (fixture, sheet, paper, "cards");
        g_autoptr(TestPage) page = poppler_document_get_page (doc, 0);
        MusterPageSize size;
        double width, height;

        muster_page_size_init_for_paper (&size, paper);
        poppler_page_get_size (page, &width, &height);
        g_assert_cmpfloat_with_epsilon (width, size.width, 0.5);
        g_assert_cmpfloat_with_epsilon (height, size.height, 0.5);
        g_assert_cmpint (poppler_document_get_n_pages (doc), ==, cases[i].pages);
        assert_text_on_paper (doc);
      }
}

static void
test_cards_text (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(MusterRuleset) ruleset = load_sharpes ();
  g_autoptr(GPtrArray) characters = make_characters (10);
  g_autoptr(MusterSheet) sheet = NULL;
  g_autoptr(TestDoc) doc = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  MusterPageSize size;

  g_ptr_array_add (characters, make_character (11, LONG_NAME, "line", "musket", 2));
  sheet = muster_cards_sheet_new (ruleset, characters);
  muster_sheet_set_title (sheet, "The Defence of the Bridge");
  doc = render (fixture, sheet, MUSTER_PAPER_LETTER, "cards-letter");
  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, 2);
  first = muster_test_page_text (doc, 0);
  second = muster_test_page_text (doc, 1);

  for (guint f = 1; f <= 9; f++)
    {
      g_autofree char *name = g_strdup_printf ("Figure %u", f);

      g_assert_true (has_name (first, name));
      g_assert_false (has_name (second, name));
    }
  g_assert_nonnull (strstr (second, "Figure 10"));
  g_assert_nonnull (strstr (first, "South Devon Light Company"));
  g_assert_nonnull (strstr (first, "Baker rifle"));
  g_assert_nonnull (strstr (first, "Initiative"));
  g_assert_nonnull (strstr (first, "Dead"));
  g_assert_nonnull (strstr (first, "Kills: 1"));
  g_assert_nonnull (strstr (first, "Games: 2"));
  g_assert_nonnull (strstr (first, "The Defence of the Bridge"));
  /* Figure 10's stats are 4 to 8: the value boxes. */
  g_assert_nonnull (strstr (second, "4 5 6 7 8"));
  /* The second card of a row on Letter lies between x = 216 and 396;
   * the long name is whole on it, 12 points inside. */
  muster_test_assert_words_within (doc, 1, LONG_NAME, 228.0, 384.0);
  muster_page_size_init_for_paper (&size, MUSTER_PAPER_LETTER);
  muster_test_assert_nothing_cut (sheet, &size, FALSE);
}

/* Roster */

static void
test_roster_pages (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(MusterRuleset) ruleset = load_sharpes ();
  g_autoptr(GPtrArray) characters = make_characters (100);
  g_autoptr(MusterSheet) sheet = NULL;
  g_autoptr(TestDoc) doc = NULL;
  g_autoptr(GString) all = g_string_new (NULL);
  int n_pages;

  g_ptr_array_add (characters, make_character (101, LONG_NAME, "line", "musket", 2));
  sheet = muster_roster_sheet_new (ruleset, characters, "South Devon");
  doc = render (fixture, sheet, MUSTER_PAPER_A4, "roster");
  n_pages = poppler_document_get_n_pages (doc);
  g_assert_cmpint (n_pages, >=, 2);
  g_assert_cmpint (n_pages, <=, 4);

  for (int p = 0; p < n_pages; p++)
    {
      g_autofree char *text = muster_test_page_text (doc, p);
      g_autofree char *footer = g_strdup_printf ("Page %d of %d", p + 1, n_pages);

      g_assert_nonnull (strstr (text, "South Devon"));
      g_assert_nonnull (strstr (text, "Name"));
      g_assert_nonnull (strstr (text, "Weapon"));
      g_assert_nonnull (strstr (text, "Kills"));
      g_assert_nonnull (strstr (text, "Games"));
      g_assert_nonnull (strstr (text, "Status"));
      g_assert_nonnull (strstr (text, footer));
      g_string_append (all, text);
    }

  /* Every character once, in order. */
  for (guint f = 1; f <= 100; f++)
    {
      g_autofree char *name = g_strdup_printf ("Figure %u ", f);
      const char *at = strstr (all->str, name);

      g_assert_nonnull (at);
      g_assert_null (strstr (at + 1, name));
    }
  /* Figure 1's row: poppler reads a table column by column. */
  g_assert_nonnull (strstr (all->str, "Line infantry"));
  g_assert_nonnull (strstr (all->str, "Baker rifle"));
  g_assert_nonnull (strstr (all->str, "1 2 3 4 5"));
  g_assert_nonnull (strstr (all->str, "6 7 8 9 10"));
  g_assert_nonnull (strstr (all->str, "Active"));
  /* The long name whole in the Name column, left of the Type column. */
  {
    g_autoptr(TestPage) page = poppler_document_get_page (doc, n_pages - 1);
    GList *type = poppler_page_find_text (page, "Type");

    g_assert_nonnull (type);
    muster_test_assert_words_within (doc, n_pages - 1, LONG_NAME, 36.0,
                                     ((PopplerRectangle *) type->data)->x1);
    g_list_free_full (type, (GDestroyNotify) poppler_rectangle_free);
  }
  assert_text_within_margins (doc, MUSTER_PAPER_A4);
}

static void
test_roster_letter_and_empty (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr(MusterRuleset) ruleset = load_sharpes ();
  g_autoptr(GPtrArray) characters = make_characters (100);
  g_autoptr(MusterSheet) sheet = muster_roster_sheet_new (ruleset, characters, NULL);
  g_autoptr(MusterSheet) empty = muster_roster_sheet_new (ruleset, NULL, NULL);
  g_autoptr(TestDoc) doc = render (fixture, sheet, MUSTER_PAPER_LETTER, "roster-letter");
  g_autoptr(TestDoc) empty_doc = render (fixture, empty, MUSTER_PAPER_A4, "roster-empty");
  g_autofree char *text = muster_test_page_text (empty_doc, 0);
  MusterPageSize a4, letter;

  muster_page_size_init_for_paper (&a4, MUSTER_PAPER_A4);
  muster_page_size_init_for_paper (&letter, MUSTER_PAPER_LETTER);
  /* Letter is shorter than A4: it never needs fewer pages. */
  g_assert_cmpuint (muster_sheet_get_n_pages (sheet, &letter), >=, muster_sheet_get_n_pages (sheet, &a4));
  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, muster_sheet_get_n_pages (sheet, &letter));
  assert_text_within_margins (doc, MUSTER_PAPER_LETTER);

  g_assert_cmpint (poppler_document_get_n_pages (empty_doc), ==, 1);
  g_assert_nonnull (strstr (text, "Roster"));
  g_assert_nonnull (strstr (text, "Page 1 of 1"));
}

/* A thousand figures: 125 pages of 16 turns. How long it takes is
 * printed, and measured by the print benchmark. */
static void
test_figure_stats_thousand (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(MusterRuleset) ruleset = load_sharpes ();
  g_autoptr(GPtrArray) characters = make_characters (1000);
  g_autoptr(MusterSheet) sheet = muster_figure_stats_sheet_new (ruleset, characters, 16);
  g_autoptr(TestDoc) doc = NULL;
  g_autofree char *last = NULL;
  double seconds;

  g_test_timer_start ();
  doc = render (fixture, sheet, MUSTER_PAPER_A4, "thousand");
  seconds = g_test_timer_elapsed ();
  g_test_message ("1,000 figures, %d pages, in %.2f s", poppler_document_get_n_pages (doc), seconds);

  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, 125);
  last = muster_test_page_text (doc, 124);
  g_assert_true (has_name (last, "Figure 993"));
  g_assert_true (has_name (last, "Figure 1000"));
}

/* Playsheet */
static void
test_playsheet_sharpes (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(MusterRuleset) ruleset = load_sharpes ();
  g_autoptr(MusterSheet) sheet = muster_playsheet_sheet_new (ruleset);
  GPtrArray *tables = muster_ruleset_get_reference_tables (ruleset);
  gboolean any_house = FALSE;

  g_assert_cmpuint (tables->len, >, 0);

  for (MusterPaper paper = MUSTER_PAPER_A4; paper <= MUSTER_PAPER_LETTER; paper++)
    {
      g_autoptr(TestDoc) doc = render (fixture, sheet, paper, paper == MUSTER_PAPER_A4 ? "playsheet" : "playsheet-letter");
      g_autofree char *text = document_text (doc);
      g_autofree char *flat = NULL;

      /* Poppler breaks wrapped cells into lines: compare with spaces. */
      flat = g_strdelimit (g_strdup (text), "\n", ' ');
      g_assert_cmpint (poppler_document_get_n_pages (doc), >=, 1);
      g_assert_nonnull (strstr (text, "Sharpe's Skirmish: Playsheet"));

      for (guint t = 0; t < tables->len; t++)
        {
          const MusterReferenceTable *table = g_ptr_array_index (tables, t);
          GPtrArray *last_row;

          g_assert_nonnull (strstr (flat, table->title));
          for (guint c = 0; c < table->columns->len; c++)
            g_assert_nonnull (strstr (flat, g_ptr_array_index (table->columns, c)));
          if (table->rows->len > 0)
            {
              last_row = g_ptr_array_index (table->rows, table->rows->len - 1);
              g_assert_nonnull (strstr (flat, g_ptr_array_index (last_row, 0)));
            }
          if (table->house)
            {
              g_autofree char *marked = g_strdup_printf ("%s †", table->title);

              g_assert_nonnull (strstr (flat, marked));
              any_house = TRUE;
            }
        }

      g_assert_true (any_house);
      g_assert_nonnull (strstr (text, "House reading:"));
      g_assert_nonnull (strstr (text, "Dice for order of movement"));
      g_assert_true (muster_test_has_token (text, "N/e"));
      g_assert_true (muster_test_has_token (text, "Kill"));
      assert_text_within_margins (doc, paper);
    }
}
static void
test_playsheet_from_data (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(GString) xml = g_string_new (TEST_RULESET_HEAD);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(MusterSheet) sheet = NULL;
  g_autoptr(TestDoc) doc = NULL;
  g_autofree char *first = NULL;
  g_autofree char *text = NULL;
  int n_pages;

  /* Enough rows to run down both columns of one page and onto another. */
  for (guint r = 1; r <= 150; r++)
    g_string_append_printf (xml, "      <row><cell>%u</cell><cell>Entry number %u of the long table</cell></row>\n", r, r);
  g_string_append (xml, TEST_RULESET_TAIL);

  ruleset = muster_ruleset_new_from_data (xml->str, xml->len, "test-print.xml", &error);
  g_assert_no_error (error);
  sheet = muster_playsheet_sheet_new (ruleset);
  doc = render (fixture, sheet, MUSTER_PAPER_A4, "playsheet-data");
  n_pages = poppler_document_get_n_pages (doc);
  g_assert_cmpint (n_pages, >=, 2);

  first = muster_test_page_text (doc, 0);
  g_assert_nonnull (strstr (first, "Print Test Rules: Playsheet"));
  g_assert_nonnull (strstr (first, "Volley Table †"));
  g_assert_nonnull (strstr (first, "Zephyr misses"));
  g_assert_nonnull (strstr (first, "Quagga falls"));
  g_assert_nonnull (strstr (first, "House reading: Muster rolls two dice"));
  g_assert_null (strstr (first, "Long Table †"));

  /* The long table's header is repeated on every page it runs onto, and
   * every row is there once. */
  for (int p = 0; p < n_pages; p++)
    {
      g_autofree char *page = muster_test_page_text (doc, p);
      g_autofree char *footer = g_strdup_printf ("Page %d of %d", p + 1, n_pages);

      g_assert_nonnull (strstr (page, "Description of the entry"));
      g_assert_nonnull (strstr (page, footer));
    }

  text = document_text (doc);
  for (guint r = 1; r <= 150; r++)
    {
      g_autofree char *entry = g_strdup_printf ("Entry number %u of", r);
      const char *at = strstr (text, entry);

      g_assert_nonnull (at);
      g_assert_null (strstr (at + 1, entry));
    }
  assert_text_within_margins (doc, MUSTER_PAPER_A4);
}

/* The writer draws a page at a time into a temporary file beside PATH
 * and renames it when finished; freed early, it leaves neither file
 * behind. */
static void
test_pdf_writer (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(MusterRuleset) ruleset = load_sharpes ();
  g_autoptr(GPtrArray) characters = make_characters (20);
  g_autoptr(MusterSheet) sheet = muster_figure_stats_sheet_new (ruleset, characters, 32);
  g_autofree char *path = g_build_filename (fixture->dir, "writer.pdf", NULL);
  g_autofree char *bad = g_build_filename (fixture->dir, "missing", "x.pdf", NULL);
  g_autofree char *uri = NULL;
  g_autoptr(TestDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  MusterPdfWriter *writer;
  MusterPageSize size;

  muster_page_size_init_for_paper (&size, MUSTER_PAPER_LETTER);

  /* 20 figures, 32 turns: three pages of figures, each twice. */
  writer = muster_pdf_writer_new (sheet, &size, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (muster_pdf_writer_get_n_pages (writer), ==, 6);
  g_assert_true (muster_pdf_writer_write_page (writer));
  g_assert_cmpuint (muster_pdf_writer_get_page (writer), ==, 1);
  {
    g_auto(GStrv) names = muster_test_list_dir (fixture->dir);

    /* Only the hidden temporary file, beside the target. */
    g_assert_cmpuint (g_strv_length (names), ==, 1);
    g_assert_true (g_str_has_prefix (names[0], ".writer.pdf."));
  }
  muster_pdf_writer_free (writer);
  {
    g_auto(GStrv) names = muster_test_list_dir (fixture->dir);

    g_assert_cmpuint (g_strv_length (names), ==, 0);
  }

  writer = muster_pdf_writer_new (sheet, &size, path, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 5; i++)
    g_assert_true (muster_pdf_writer_write_page (writer));
  g_assert_false (muster_pdf_writer_write_page (writer));
  g_assert_true (muster_pdf_writer_finish (writer, &error));
  g_assert_no_error (error);
  muster_pdf_writer_free (writer);
  {
    g_auto(GStrv) names = muster_test_list_dir (fixture->dir);

    g_assert_cmpuint (g_strv_length (names), ==, 1);
    g_assert_cmpstr (names[0], ==, "writer.pdf");
  }

  uri = g_filename_to_uri (path, NULL, &error);
  doc = poppler_document_new_from_file (uri, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, 6);

  writer = muster_pdf_writer_new (sheet, &size, bad, &error);
  g_assert_null (writer);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, bad));
}

/* On a full disk the write fails: finishing says so, naming the file and
 * the system's reason, and the file that was there is left as it was,
 * with nothing beside it. */
static void
test_pdf_writer_full_disk (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(MusterRuleset) ruleset = load_sharpes ();
  g_autoptr(GPtrArray) characters = make_characters (40);
  g_autoptr(MusterSheet) sheet = muster_figure_stats_sheet_new (ruleset, characters, 32);
  g_autofree char *path = g_build_filename (fixture->dir, "full.pdf", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterPdfWriter) writer = NULL;
  MusterPageSize size;
  gsize length;

  muster_page_size_init_for_paper (&size, MUSTER_PAPER_A4);
  g_assert_true (g_file_set_contents (path, "the last good sheet", -1, NULL));

  /* The whole sheet is well over the limit. */
  muster_test_limit_file_size (16 * 1024);
  writer = muster_pdf_writer_new (sheet, &size, path, &error);
  g_assert_no_error (error);
  g_assert_false (muster_pdf_writer_finish (writer, &error));
  muster_test_unlimit_file_size ();

  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (error->domain == G_IO_ERROR);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, g_strerror (EFBIG)));

  g_clear_pointer (&writer, muster_pdf_writer_free);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpstr (contents, ==, "the last good sheet");
  {
    g_auto(GStrv) names = muster_test_list_dir (fixture->dir);

    g_assert_cmpuint (g_strv_length (names), ==, 1);
  }
}

/* A man keeps the firing skill he rolled and shoots a musket at 9 (seed
 * 000:241): every sheet of characters shows "11 (9)" with a key, and a
 * sheet where no weapon holds anyone lower shows neither. */
static void
test_weapon_caps (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(MusterRuleset) ruleset = load_sharpes ();
  g_autoptr(GPtrArray) capped = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) uncapped = g_ptr_array_new_with_free_func (g_object_unref);
  const char *key = "In brackets: what a man uses with the weapon he carries (Firing at most 9 with a Musket).";

  /* I to F are 7 to 11. */
  g_ptr_array_add (capped, make_character (1, "Ashworth", "other", "musket", 7));
  g_ptr_array_add (capped, make_character (2, "Bramwell", "rifleman", "rifle", 7));
  g_ptr_array_add (uncapped, make_character (2, "Bramwell", "rifleman", "rifle", 7));

  for (guint i = 0; i < 2; i++)
    {
      GPtrArray *characters = i == 0 ? capped : uncapped;
      g_autoptr(MusterSheet) stats = muster_figure_stats_sheet_new (ruleset, characters, 16);
      g_autoptr(MusterSheet) roster = muster_roster_sheet_new (ruleset, characters, NULL);
      g_autoptr(MusterSheet) cards = muster_cards_sheet_new (ruleset, characters);
      g_autoptr(TestDoc) stats_doc = render (fixture, stats, MUSTER_PAPER_A4, "caps-stats");
      g_autoptr(TestDoc) roster_doc = render (fixture, roster, MUSTER_PAPER_A4, "caps-roster");
      g_autoptr(TestDoc) cards_doc = render (fixture, cards, MUSTER_PAPER_A4, "caps-cards");
      g_autofree char *stats_text = muster_test_document_lines (stats_doc);
      g_autofree char *roster_text = muster_test_document_lines (roster_doc);
      g_autofree char *card = muster_test_card_text (cards_doc, MUSTER_PAPER_A4, 0, 0);

      g_test_message ("%s\n%s\n%s", stats_text, roster_text, card);
      g_assert_cmpint (strstr (stats_text, "11 (9)") != NULL, ==, i == 0);
      g_assert_cmpint (strstr (stats_text, key) != NULL, ==, i == 0);
      g_assert_cmpint (strstr (roster_text, "11 (9)") != NULL, ==, i == 0);
      g_assert_cmpint (strstr (roster_text, key) != NULL, ==, i == 0);
      /* His own 11, and the 9 he shoots with under it; the key on his
       * card. */
      g_assert_true (muster_test_has_token (card, "11"));
      g_assert_cmpint (muster_test_has_token (card, "(9)"), ==, i == 0);
      g_assert_cmpint (strstr (card, "(9): Firing with his Musket") != NULL, ==, i == 0);
      assert_text_within_margins (stats_doc, MUSTER_PAPER_A4);
      assert_text_within_margins (roster_doc, MUSTER_PAPER_A4);
    }
}

int
main (int   argc,
      char *argv[])
{
  pin_fonts ();
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("/print/figure-stats/page-counts", test_figure_stats_page_counts);
  ADD ("/print/figure-stats/text", test_figure_stats_text);
  ADD ("/print/figure-stats/values", test_figure_stats_values);
  ADD ("/print/figure-stats/long-name", test_figure_stats_long_name);
  ADD ("/print/figure-stats/thousand", test_figure_stats_thousand);
  ADD ("/print/playsheet/sharpes", test_playsheet_sharpes);
  ADD ("/print/playsheet/from-data", test_playsheet_from_data);
  ADD ("/print/pdf-writer", test_pdf_writer);
  ADD ("/print/pdf-writer/full-disk", test_pdf_writer_full_disk);
  ADD ("/print/cards/pages", test_cards_pages);
  ADD ("/print/cards/text", test_cards_text);
  ADD ("/print/roster/pages", test_roster_pages);
  ADD ("/print/roster/letter-and-empty", test_roster_letter_and_empty);
  ADD ("/print/weapon-caps", test_weapon_caps);

#undef ADD

  return g_test_run ();
}
