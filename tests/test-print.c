/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test"

#include "config.h"

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
#include "muster-unit.h"
#include "muster-units-sheet.h"

/* Poppler 22 has no autoptr cleanups of its own; aliases keep these from
 * clashing with the ones newer versions declare. */
typedef PopplerDocument TestDoc;
typedef PopplerPage     TestPage;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TestDoc, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TestPage, g_object_unref)

#define LONG_NAME "Sergeant Obadiah Hakeswill Fitzwilliam-Montmorency of the South Essex, who was never killed"

/* Helpers */

static MusterRuleset *
load_sharpes (void)
{
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);

  g_assert_no_error (error);
  g_assert_nonnull (ruleset);
  return ruleset;
}

static MusterCharacter *
make_character (gint64      id,
                const char *name,
                const char *troop_type,
                const char *weapon,
                int         base)
{
  MusterCharacterRow row = {
    .id = id,
    .campaign_id = 1,
    .force_id = 1,
    .force_name = "South Essex Light Company",
    .side = "British",
    .name = name,
    .troop_type = troop_type,
    .weapon = weapon,
    .status = MUSTER_STATUS_ACTIVE,
    .kills = (int) (id % 7),
    .games = (int) (id % 5) + 1,
  };
  MusterCharacter *character = muster_character_new (&row);
  const char *keys[] = { "I", "D", "S", "C", "F" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    muster_character_set_stat (character, keys[i], base + (int) i);

  return character;
}

/* @n figures named "Figure 1" .. "Figure n"; stats start at 1 + i % 6. */
static GPtrArray *
make_characters (guint n)
{
  GPtrArray *characters = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Figure %u", i + 1);

      g_ptr_array_add (characters,
                       make_character (i + 1, name, i % 2 ? "rifleman" : "line",
                                       i % 2 ? "rifle" : "musket", 1 + (int) (i % 6)));
    }

  return characters;
}

typedef struct
{
  char *dir;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->dir = muster_test_make_tmpdir ();
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  muster_test_remove_tree (fixture->dir);
  g_free (fixture->dir);
}

/* Writes @sheet to NAME.pdf in the fixture's directory and opens it. When
 * MUSTER_PRINT_OUTPUT names a directory the PDF is copied there too, to
 * look at. */
static PopplerDocument *
render (Fixture     *fixture,
        MusterSheet *sheet,
        MusterPaper  paper,
        const char  *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *file = g_strdup_printf ("%s.pdf", name);
  g_autofree char *path = g_build_filename (fixture->dir, file, NULL);
  g_autofree char *uri = NULL;
  PopplerDocument *doc;
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

  uri = g_filename_to_uri (path, NULL, &error);
  g_assert_no_error (error);
  doc = poppler_document_new_from_file (uri, NULL, &error);
  g_assert_no_error (error);
  return doc;
}

/* The text of a page with a space wherever two glyphs stand apart:
 * poppler runs neighbouring cells of a table into one word. */
static char *
page_text (PopplerDocument *doc,
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

/* TRUE when @word appears in @text as a whole token (not inside a longer
 * number or name). */
static gboolean
has_token (const char *text,
           const char *word)
{
  gsize len = strlen (word);

  for (const char *p = strstr (text, word); p != NULL; p = strstr (p + 1, word))
    {
      gboolean start = p == text || g_ascii_isspace (p[-1]);
      gboolean end = p[len] == '\0' || g_ascii_isspace (p[len]);

      if (start && end)
        return TRUE;
    }

  return FALSE;
}

/* TRUE when @name appears in @text not followed by a digit ("Figure 1"
 * is not found in "Figure 10"). */
static gboolean
has_name (const char *text,
          const char *name)
{
  for (const char *p = strstr (text, name); p != NULL; p = strstr (p + 1, name))
    if (!g_ascii_isdigit (p[strlen (name)]))
      return TRUE;

  return FALSE;
}

/* Every glyph on every page lies within the page's margins. */
static void
assert_text_within_margins (PopplerDocument *doc,
                            MusterPaper      paper)
{
  MusterPageSize size;

  muster_page_size_init_for_paper (&size, paper);

  for (int i = 0; i < poppler_document_get_n_pages (doc); i++)
    {
      g_autoptr(TestPage) page = poppler_document_get_page (doc, i);
      PopplerRectangle *rects = NULL;
      guint n_rects = 0;
      double width, height;

      poppler_page_get_size (page, &width, &height);
      g_assert_cmpfloat_with_epsilon (width, size.width, 0.5);
      g_assert_cmpfloat_with_epsilon (height, size.height, 0.5);

      g_assert_true (poppler_page_get_text_layout (page, &rects, &n_rects));
      for (guint r = 0; r < n_rects; r++)
        {
          /* Poppler's rectangles are in points from the top-left corner;
           * allow half a point for rounding in the glyph boxes. */
          g_assert_cmpfloat (rects[r].x1, >=, size.margin_left - 0.5);
          g_assert_cmpfloat (rects[r].x2, <=, width - size.margin_right + 0.5);
          g_assert_cmpfloat (rects[r].y1, >=, size.margin_top - 0.5);
          g_assert_cmpfloat (rects[r].y2, <=, height - size.margin_bottom + 0.5);
        }
      g_free (rects);
    }
}

/* The glyphs of the line of text that starts with @start end, on one
 * line, before the next thing on the line (@next) begins: a long text is
 * cut short in its box. (Cairo files an ellipsized run under its full
 * text, so the glyph boxes tell, not the text.) */
static void
assert_line_fits (PopplerDocument *doc,
                  int              index,
                  const char      *start,
                  const char      *next,
                  double           max_x)
{
  g_autoptr(TestPage) page = poppler_document_get_page (doc, index);
  g_autofree char *text = poppler_page_get_text (page);
  PopplerRectangle *rects = NULL;
  guint n_rects = 0;
  const char *found = strstr (text, start);
  const char *p;
  double right, top;
  guint i;

  g_assert_nonnull (found);
  g_assert_true (poppler_page_get_text_layout (page, &rects, &n_rects));

  i = (guint) g_utf8_pointer_to_offset (text, found);
  right = rects[i].x2;
  top = rects[i].y1;
  for (p = found; *p != '\0' && *p != '\n' && i < n_rects; p = g_utf8_next_char (p), i++)
    {
      if (rects[i].x1 - right > 4.0)
        break;
      /* Poppler may stand a wide space in for the gap between cells. */
      if (*p == ' ' && rects[i].x2 - rects[i].x1 > 4.0)
        {
          p++, i++;
          break;
        }
      g_assert_cmpfloat (ABS (rects[i].y1 - top), <, 1.0);
      right = MAX (right, rects[i].x2);
    }

  /* What follows on the line, if anything, is @next, clear of the text. */
  g_assert_cmpfloat (right, <=, max_x);
  if (next != NULL)
    {
      g_assert_true (g_str_has_prefix (p, next));
      g_assert_cmpfloat (rects[i].x1 - right, >, 4.0);
    }
  g_free (rects);
}

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
      g_autofree char *text = page_text (doc, p);
      guint first_turn = p % 2 == 0 ? 1 : 17;
      guint first_figure = p < 2 ? 1 : 9;
      guint last_figure = p < 2 ? 8 : 9;

      g_assert_nonnull (strstr (text, "Figure Stats"));
      g_assert_nonnull (strstr (text, "Number of Turns"));
      g_assert_nonnull (strstr (text, "Wounds"));
      g_assert_true (has_token (text, "Dead"));

      /* Turns 1-16 on the first page of a pair, 17-32 on the second. */
      for (guint t = 1; t <= 32; t++)
        {
          g_autofree char *number = g_strdup_printf ("%u", t);
          gboolean expected = t >= first_turn && t < first_turn + 16;

          if (t > 12)   /* small numbers are also stat values */
            g_assert_cmpint (has_token (text, number), ==, expected);
          else if (expected)
            g_assert_true (has_token (text, number));
        }

      /* The right eight figures on each page, with their stat labels. */
      for (guint f = 1; f <= 9; f++)
        {
          g_autofree char *name = g_strdup_printf ("Figure %u", f);
          gboolean expected = f >= first_figure && f <= last_figure;

          g_assert_cmpint (has_name (text, name), ==, expected);
        }
      g_assert_true (has_token (text, "I"));
      g_assert_true (has_token (text, "F"));
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

  g_ptr_array_add (characters, make_character (1, "Harper", "rifleman", "volley-gun", 7));
  sheet = muster_figure_stats_sheet_new (ruleset, characters, 16);
  doc = render (fixture, sheet, MUSTER_PAPER_LETTER, "figure-stats-values");
  text = page_text (doc, 0);

  g_assert_nonnull (strstr (text, "Harper"));
  g_assert_nonnull (strstr (text, "Volley gun"));
  g_assert_nonnull (strstr (text, "South Essex Light Company"));

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

  g_ptr_array_add (characters, make_character (1, LONG_NAME, "line", "musket", 3));
  sheet = muster_figure_stats_sheet_new (ruleset, characters, 16);
  doc = render (fixture, sheet, MUSTER_PAPER_A4, "figure-stats-long");
  text = page_text (doc, 0);

  g_assert_nonnull (strstr (text, "Sergeant"));
  assert_line_fits (doc, 0, "Sergeant", "I", G_MAXDOUBLE);
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

  g_ptr_array_add (characters, make_character (11, LONG_NAME, "line", "musket", 2));
  sheet = muster_cards_sheet_new (ruleset, characters);
  muster_sheet_set_title (sheet, "The Defence of the Bridge");
  doc = render (fixture, sheet, MUSTER_PAPER_LETTER, "cards-letter");
  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, 2);
  first = page_text (doc, 0);
  second = page_text (doc, 1);

  for (guint f = 1; f <= 9; f++)
    {
      g_autofree char *name = g_strdup_printf ("Figure %u", f);

      g_assert_true (has_name (first, name));
      g_assert_false (has_name (second, name));
    }
  g_assert_nonnull (strstr (second, "Figure 10"));
  g_assert_nonnull (strstr (first, "South Essex Light Company"));
  g_assert_nonnull (strstr (first, "Baker rifle"));
  g_assert_nonnull (strstr (first, "Initiative"));
  g_assert_nonnull (strstr (first, "Dead"));
  g_assert_nonnull (strstr (first, "Kills: 1"));
  g_assert_nonnull (strstr (first, "Games: 2"));
  g_assert_nonnull (strstr (first, "The Defence of the Bridge"));
  /* Figure 10's stats are 4 to 8: the value boxes. */
  g_assert_nonnull (strstr (second, "4 5 6 7 8"));
  /* The second card of a row on Letter ends 12 points inside x = 396. */
  assert_line_fits (doc, 1, "Sergeant", NULL, 384.0);
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
  sheet = muster_roster_sheet_new (ruleset, characters, "South Essex");
  doc = render (fixture, sheet, MUSTER_PAPER_A4, "roster");
  n_pages = poppler_document_get_n_pages (doc);
  g_assert_cmpint (n_pages, >=, 2);
  g_assert_cmpint (n_pages, <=, 4);

  for (int p = 0; p < n_pages; p++)
    {
      g_autofree char *text = page_text (doc, p);
      g_autofree char *footer = g_strdup_printf ("Page %d of %d", p + 1, n_pages);

      g_assert_nonnull (strstr (text, "South Essex"));
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
  /* The Name column is two fifths of what the fixed columns leave:
   * (523.28 - 5 × 20 - 66 - 2 × 40) × 0.4 wide from x = 36. */
  assert_line_fits (doc, n_pages - 1, "Sergeant", NULL, 36.0 + 277.28 * 0.4);
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
  g_autofree char *text = page_text (empty_doc, 0);
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

/* A thousand figures: 125 pages of 16 turns, in well under the time a
 * printer takes to warm up. */
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
  last = page_text (doc, 124);
  g_assert_true (has_name (last, "Figure 993"));
  g_assert_true (has_name (last, "Figure 1000"));
  g_assert_cmpfloat (seconds, <, 60.0);
}

/* Playsheet */

static char *
document_text (PopplerDocument *doc)
{
  GString *all = g_string_new (NULL);

  for (int p = 0; p < poppler_document_get_n_pages (doc); p++)
    {
      g_autofree char *text = page_text (doc, p);

      g_string_append (all, text);
      g_string_append_c (all, '\n');
    }

  return g_string_free (all, FALSE);
}

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
      g_assert_true (has_token (text, "N/e"));
      g_assert_true (has_token (text, "Kill"));
      assert_text_within_margins (doc, paper);
    }
}

#define TEST_RULESET_HEAD \
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
  "<ruleset xmlns=\"https://musterapp.github.io/ns/ruleset\" id=\"test-print\" version=\"1\" kept-by=\"figure\">\n" \
  "  <title>Print Test Rules</title>\n" \
  "  <source>Muster's tests</source>\n" \
  "  <stats><stat key=\"A\" min=\"1\" max=\"6\"><name>Agility</name></stat></stats>\n" \
  "  <weapons><weapon id=\"bow\"><name>Bow</name></weapon></weapons>\n" \
  "  <troop-types><troop-type id=\"archer\" weapon=\"bow\"><name>Archer</name><roll stat=\"A\" dice=\"1d6\"/></troop-type></troop-types>\n" \
  "  <outcomes><outcome id=\"unhurt\"><name>Unhurt</name></outcome></outcomes>\n" \
  "  <reference>\n" \
  "    <ref-table id=\"house-one\" house=\"true\">\n" \
  "      <title>Volley Table</title>\n" \
  "      <note>Muster rolls two dice where the text is silent.</note>\n" \
  "      <columns><column>Roll</column><column>Effect</column></columns>\n" \
  "      <row><cell>2-6</cell><cell>Zephyr misses</cell></row>\n" \
  "      <row><cell>7-12</cell><cell>Quagga falls</cell></row>\n" \
  "    </ref-table>\n" \
  "    <ref-table id=\"long\">\n" \
  "      <title>Long Table</title>\n" \
  "      <columns><column>Number</column><column>Description of the entry</column></columns>\n"

#define TEST_RULESET_TAIL \
  "    </ref-table>\n" \
  "  </reference>\n" \
  "</ruleset>\n"

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

  first = page_text (doc, 0);
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
      g_autofree char *page = page_text (doc, p);
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

/* muster-cli print */

typedef struct
{
  char  *dir;
  char  *library;
  gint64 campaign;
} CliFixture;

static void
cli_setup (CliFixture    *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&f->library);

  f->dir = g_path_get_dirname (f->library);
  f->campaign = muster_store_create_sample (store, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (f->campaign, >, 0);
}

static void
cli_teardown (CliFixture    *f,
              gconstpointer  data)
{
  muster_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->library);
}

/* Runs muster-cli on the fixture's library; returns its exit status. */
static int
run_cli (CliFixture  *f,
         char       **err,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  const char *cli = g_getenv ("MUSTER_CLI");
  const char *arg;
  int wait_status = 0;
  va_list args;

  if (cli == NULL)
    g_error ("MUSTER_CLI is not set: run the tests with meson test");

  g_ptr_array_add (argv, (char *) cli);
  g_ptr_array_add (argv, (char *) "--library");
  g_ptr_array_add (argv, f->library);
  va_start (args, err);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &out, err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  return WEXITSTATUS (wait_status);
}

static TestDoc *
open_pdf (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = g_filename_to_uri (path, NULL, &error);
  PopplerDocument *doc;

  g_assert_no_error (error);
  doc = poppler_document_new_from_file (uri, NULL, &error);
  g_assert_no_error (error);
  return doc;
}

static GPtrArray *
sample_characters (CliFixture *f,
                   gint64      force_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterStore) store = muster_store_open (f->library, &error);
  GPtrArray *characters;

  g_assert_no_error (error);
  characters = muster_store_list_characters (store, f->campaign, force_id, &error);
  g_assert_no_error (error);
  return characters;
}

static void
test_cli_figure_stats (CliFixture    *f,
                       gconstpointer  data)
{
  g_autofree char *campaign = g_strdup_printf ("%" G_GINT64_FORMAT, f->campaign);
  g_autofree char *path = g_build_filename (f->dir, "figures.pdf", NULL);
  g_autofree char *err = NULL;
  g_autoptr(GPtrArray) characters = sample_characters (f, 0);
  g_autoptr(TestDoc) doc = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  guint groups;

  g_assert_cmpint (run_cli (f, &err, "print", "figure-stats", campaign, "--turns", "32", "-o", path, NULL), ==, 0);
  g_assert_cmpstr (err, ==, "");

  /* Every character of the sample is active: eight a page, two pages each. */
  doc = open_pdf (path);
  groups = (characters->len + 7) / 8;
  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, groups * 2);
  first = page_text (doc, 0);
  second = page_text (doc, 1);
  for (guint i = 0; i < MIN (8, characters->len); i++)
    {
      const char *name = muster_character_get_name (g_ptr_array_index (characters, i));

      g_assert_nonnull (strstr (first, name));
      g_assert_nonnull (strstr (second, name));
    }
  g_assert_true (has_token (first, "16"));
  g_assert_false (has_token (first, "17"));
  g_assert_true (has_token (second, "32"));
}

static void
test_cli_selection (CliFixture    *f,
                    gconstpointer  data)
{
  g_autofree char *campaign = g_strdup_printf ("%" G_GINT64_FORMAT, f->campaign);
  g_autofree char *path = g_build_filename (f->dir, "selection.pdf", NULL);
  g_autofree char *err = NULL;
  g_autoptr(GPtrArray) all = sample_characters (f, 0);
  MusterCharacter *one = g_ptr_array_index (all, 0);
  MusterCharacter *last = g_ptr_array_index (all, all->len - 1);
  g_autofree char *ids = g_strdup_printf ("%" G_GINT64_FORMAT ",%s",
                                          muster_character_get_id (last),
                                          muster_character_get_name (one));
  g_autofree char *force_id = g_strdup_printf ("%" G_GINT64_FORMAT, muster_character_get_force_id (one));
  g_autoptr(GPtrArray) force = sample_characters (f, muster_character_get_force_id (one));
  g_autoptr(TestDoc) doc = NULL;
  g_autoptr(TestPage) page = NULL;
  g_autofree char *text = NULL;
  g_autofree char *all_text = NULL;
  double width, height;

  /* Two characters by id and by name, on stat cards on Letter. */
  g_assert_cmpint (run_cli (f, &err, "print", "cards", campaign, "--characters", ids,
                            "--paper", "letter", "-o", path, NULL), ==, 0);
  doc = open_pdf (path);
  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, 1);
  page = poppler_document_get_page (doc, 0);
  poppler_page_get_size (page, &width, &height);
  g_assert_cmpfloat_with_epsilon (width, 612.0, 0.5);
  g_assert_cmpfloat_with_epsilon (height, 792.0, 0.5);
  text = page_text (doc, 0);
  g_assert_nonnull (strstr (text, muster_character_get_name (one)));
  g_assert_nonnull (strstr (text, muster_character_get_name (last)));
  g_assert_null (strstr (text, muster_character_get_name (g_ptr_array_index (all, 1))));
  /* In the order given. */
  g_assert_true (strstr (text, muster_character_get_name (last)) < strstr (text, muster_character_get_name (one)));
  g_clear_object (&doc);
  g_clear_object (&page);
  g_clear_pointer (&err, g_free);

  /* One force's roster names its characters and no others. */
  g_assert_cmpuint (force->len, <, all->len);
  g_assert_cmpint (run_cli (f, &err, "print", "roster", campaign, "--force", force_id, "-o", path, NULL), ==, 0);
  doc = open_pdf (path);
  all_text = document_text (doc);
  for (guint i = 0; i < all->len; i++)
    {
      MusterCharacter *character = g_ptr_array_index (all, i);
      gboolean in_force = muster_character_get_force_id (character) == muster_character_get_force_id (one);

      g_assert_cmpint (strstr (all_text, muster_character_get_name (character)) != NULL, ==, in_force);
    }
  g_assert_nonnull (strstr (all_text, "Page 1 of"));
}

static void
test_cli_playsheet_and_errors (CliFixture    *f,
                               gconstpointer  data)
{
  g_autofree char *campaign = g_strdup_printf ("%" G_GINT64_FORMAT, f->campaign);
  g_autofree char *path = g_build_filename (f->dir, "playsheet.pdf", NULL);
  g_autofree char *missing = g_build_filename (f->dir, "no-such-folder", "x.pdf", NULL);
  g_autofree char *err = NULL;
  g_autoptr(TestDoc) doc = NULL;
  g_autofree char *text = NULL;

  g_assert_cmpint (run_cli (f, &err, "print", "playsheet", campaign, "-o", path, NULL), ==, 0);
  doc = open_pdf (path);
  text = page_text (doc, 0);
  g_assert_nonnull (strstr (text, "Playsheet"));
  g_assert_nonnull (strstr (text, "Sequence of events"));

#define FAILS(code, needle, ...) \
  G_STMT_START { \
    g_clear_pointer (&err, g_free); \
    g_assert_cmpint (run_cli (f, &err, __VA_ARGS__, NULL), ==, code); \
    g_assert_nonnull (strstr (err, needle)); \
    g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS)); \
  } G_STMT_END

  FAILS (2, "bogus", "print", "bogus", campaign, "-o", missing);
  FAILS (2, "-o FILE", "print", "cards", campaign);
  FAILS (2, "16 or 32", "print", "figure-stats", campaign, "--turns", "20", "-o", missing);
  FAILS (2, "a3", "print", "cards", campaign, "--paper", "a3", "-o", missing);
  FAILS (1, "9999", "print", "cards", "9999", "-o", missing);
  FAILS (1, "Nobody Atall", "print", "cards", campaign, "--characters", "Nobody Atall", "-o", missing);
  FAILS (1, "no-such-folder", "print", "cards", campaign, "-o", missing);

#undef FAILS
}

/* Golden images: one page of each sheet at 72 dpi, compared with the
 * images in tests/print/ within a tolerance, so that a layout change is
 * seen. MUSTER_UPDATE_GOLDEN=1 writes new images instead. */

static gboolean fonts_pinned;

/* Fonts differ between machines: the tests see DejaVu only. */
static void
pin_fonts (void)
{
  const char *dirs[] = {
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/TTF",
  };
  g_autofree char *tmp = muster_test_make_tmpdir ();
  g_autofree char *conf = g_build_filename (tmp, "fonts.conf", NULL);
  g_autoptr(GString) xml = g_string_new ("<?xml version=\"1.0\"?>\n<fontconfig>\n");

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *font = g_build_filename (dirs[i], "DejaVuSans.ttf", NULL);

      if (g_file_test (font, G_FILE_TEST_EXISTS))
        {
          g_string_append_printf (xml, "  <dir>%s</dir>\n", dirs[i]);
          fonts_pinned = TRUE;
        }
    }
  g_string_append_printf (xml, "  <cachedir>%s/cache</cachedir>\n</fontconfig>\n", tmp);

  if (fonts_pinned)
    {
      g_assert_true (g_file_set_contents (conf, xml->str, -1, NULL));
      g_setenv ("FONTCONFIG_FILE", conf, TRUE);
    }
}

/* The share of pixels that differ clearly between two images. */
static double
image_difference (cairo_surface_t *a,
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

static void
check_golden (MusterSheet *sheet,
              const char  *name)
{
  g_autofree char *file = g_strdup_printf ("%s.png", name);
  g_autofree char *golden = g_build_filename (TEST_SRCDIR, "print", file, NULL);
  cairo_surface_t *actual;
  cairo_surface_t *expected;
  MusterPageSize size;
  double difference;

  if (!fonts_pinned)
    {
      g_test_skip ("DejaVu Sans is not installed (fonts-dejavu-core)");
      return;
    }

  muster_page_size_init_for_paper (&size, MUSTER_PAPER_A4);
  actual = muster_sheet_render_page (sheet, &size, 0, 1.0);

  if (g_getenv ("MUSTER_UPDATE_GOLDEN") != NULL)
    {
      g_assert_cmpint (cairo_surface_write_to_png (actual, golden), ==, CAIRO_STATUS_SUCCESS);
      cairo_surface_destroy (actual);
      return;
    }

  expected = cairo_image_surface_create_from_png (golden);
  g_assert_cmpint (cairo_surface_status (expected), ==, CAIRO_STATUS_SUCCESS);
  difference = image_difference (actual, expected);

  if (difference > 0.005)
    {
      g_autofree char *seen_file = g_strdup_printf ("%s-actual.png", name);
      g_autofree char *seen = g_build_filename (g_getenv ("G_TEST_BUILDDIR") ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                                seen_file, NULL);

      cairo_surface_write_to_png (actual, seen);
      g_test_message ("%s differs from %s in %.2f%% of its pixels; what was drawn is in %s",
                      name, golden, difference * 100, seen);
    }
  g_assert_cmpfloat (difference, <=, 0.005);

  cairo_surface_destroy (expected);
  cairo_surface_destroy (actual);
}

static void
test_golden (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(MusterRuleset) sharpes = load_sharpes ();
  g_autoptr(MusterRuleset) test_rules = NULL;
  g_autoptr(GPtrArray) characters = make_characters (30);
  g_autoptr(GString) xml = g_string_new (TEST_RULESET_HEAD);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterSheet) figures = NULL;
  g_autoptr(MusterSheet) playsheet = NULL;
  g_autoptr(MusterSheet) cards = NULL;
  g_autoptr(MusterSheet) roster = NULL;
  g_autoptr(GPtrArray) five = g_ptr_array_new ();

  /* The Playsheet's golden image uses rules of the tests' own, so that
   * editing the shipped ruleset does not change it. */
  for (guint r = 1; r <= 20; r++)
    g_string_append_printf (xml, "      <row><cell>%u</cell><cell>Entry number %u of the long table</cell></row>\n", r, r);
  g_string_append (xml, TEST_RULESET_TAIL);
  test_rules = muster_ruleset_new_from_data (xml->str, xml->len, "test-print.xml", &error);
  g_assert_no_error (error);

  for (guint i = 0; i < 5; i++)
    g_ptr_array_add (five, g_ptr_array_index (characters, i));

  figures = muster_figure_stats_sheet_new (sharpes, five, 16);
  playsheet = muster_playsheet_sheet_new (test_rules);
  cards = muster_cards_sheet_new (sharpes, five);
  roster = muster_roster_sheet_new (sharpes, characters, "South Essex");

  check_golden (figures, "figure-stats");
  check_golden (playsheet, "playsheet");
  check_golden (cards, "cards");
  check_golden (roster, "roster");
}

/* Big Skirmishes Characters of two sides, Class 1 to 4, every other one
 * mounted and the first four with a unit each. */
static GPtrArray *
make_big_characters (guint n)
{
  GPtrArray *characters = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Captain Number %u", i + 1);
      MusterCharacterRow row = {
        .id = i + 1,
        .campaign_id = 1,
        .force_id = 1 + i % 2,
        .unit_id = i < 4 ? i + 1 : 0,
        .force_name = i % 2 ? "Voltigeurs du 70e" : "95th Rifles",
        .side = i % 2 ? "Blue" : "Red",
        .name = name,
        .troop_type = i % 2 ? "mounted-character" : "character",
        .mounted = i % 2 == 1,
        .status = MUSTER_STATUS_ACTIVE,
      };
      MusterCharacter *character = muster_character_new (&row);

      muster_character_set_stat (character, "class", 1 + (int) (i % 4));
      g_ptr_array_add (characters, character);
    }

  return characters;
}

static GPtrArray *
make_big_units (guint n)
{
  const char *kinds[] = { "infantry", "cavalry", "skirmishers", "artillery", "indians" };
  const char *ratings[] = { "elite", "average", "raw" };
  GPtrArray *units = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Unit Number %u", i + 1);
      const char *kind = kinds[i % G_N_ELEMENTS (kinds)];
      gboolean fixed = g_str_equal (kind, "artillery") || g_str_equal (kind, "indians");
      MusterUnitRow row = {
        .id = i + 1,
        .campaign_id = 1,
        .force_id = 1 + i % 2,
        .force_name = i % 2 ? "Voltigeurs du 70e" : "95th Rifles",
        .side = i % 2 ? "Blue" : "Red",
        .name = name,
        .kind = kind,
        .rating = fixed ? "average" : ratings[i % G_N_ELEMENTS (ratings)],
        .size = g_str_equal (kind, "artillery") ? 4 : 12,
        .lost = (int) (i % 3),
        .status = MUSTER_UNIT_STATUS_ACTIVE,
      };

      g_ptr_array_add (units, muster_unit_new (&row));
    }

  return units;
}

static void
test_golden_units (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) big = muster_rulesets_lookup ("big-skirmishes", &error);
  g_autoptr(GPtrArray) characters = make_big_characters (6);
  g_autoptr(GPtrArray) units = make_big_units (8);
  const char *specials[] = { "Bridge blown", NULL };
  g_autoptr(MusterSheet) deck = NULL;
  g_autoptr(MusterSheet) roster = NULL;

  g_assert_no_error (error);
  deck = muster_deck_sheet_new (big, characters, specials, &error);
  g_assert_no_error (error);
  muster_sheet_set_title (deck, "Vimeiro 1808");
  roster = muster_units_sheet_new (big, units, characters, "Vimeiro 1808");

  check_golden (deck, "deck");
  check_golden (roster, "units");
}

/* The writer draws a page at a time into PATH.part and renames it when
 * finished; freed early, it leaves neither file behind. */
static void
test_pdf_writer (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(MusterRuleset) ruleset = load_sharpes ();
  g_autoptr(GPtrArray) characters = make_characters (20);
  g_autoptr(MusterSheet) sheet = muster_figure_stats_sheet_new (ruleset, characters, 32);
  g_autofree char *path = g_build_filename (fixture->dir, "writer.pdf", NULL);
  g_autofree char *part = g_strdup_printf ("%s.part", path);
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
  g_assert_true (g_file_test (part, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  muster_pdf_writer_free (writer);
  g_assert_false (g_file_test (part, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  writer = muster_pdf_writer_new (sheet, &size, path, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 5; i++)
    g_assert_true (muster_pdf_writer_write_page (writer));
  g_assert_false (muster_pdf_writer_write_page (writer));
  g_assert_true (muster_pdf_writer_finish (writer, &error));
  g_assert_no_error (error);
  muster_pdf_writer_free (writer);
  g_assert_false (g_file_test (part, G_FILE_TEST_EXISTS));

  uri = g_filename_to_uri (path, NULL, &error);
  doc = poppler_document_new_from_file (uri, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, 6);

  writer = muster_pdf_writer_new (sheet, &size, bad, &error);
  g_assert_null (writer);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, bad));
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
  ADD ("/print/golden", test_golden);
  ADD ("/print/golden-units", test_golden_units);
  ADD ("/print/pdf-writer", test_pdf_writer);
  ADD ("/print/cards/pages", test_cards_pages);
  ADD ("/print/cards/text", test_cards_text);
  ADD ("/print/roster/pages", test_roster_pages);
  ADD ("/print/roster/letter-and-empty", test_roster_letter_and_empty);

  g_test_add ("/print/cli/figure-stats", CliFixture, NULL, cli_setup, test_cli_figure_stats, cli_teardown);
  g_test_add ("/print/cli/selection", CliFixture, NULL, cli_setup, test_cli_selection, cli_teardown);
  g_test_add ("/print/cli/playsheet-and-errors", CliFixture, NULL, cli_setup, test_cli_playsheet_and_errors, cli_teardown);

#undef ADD

  return g_test_run ();
}
