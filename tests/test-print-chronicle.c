/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test"

#include "config.h"

#include <locale.h>
#include <stdarg.h>

#include <cairo.h>
#include <poppler.h>

#include "muster-chronicle-sheet.h"
#include "muster-cli-test-util.h"
#include "muster-honours.h"
#include "muster-print-test-util.h"
#include "muster-store.h"
#include "muster-test-util.h"

/* The chronicle, printed with muster-cli and read back with Poppler:
 * every game's section, every fallen man on the roll of honour, the page
 * numbers, a bookmark a game, A4 and Letter, the options it refuses,
 * and a golden image of its first page of charts. */

#define GAME_1 "Game 1: The ford at Alba"
#define GAME_2 "Game 2: The convent wall"
#define GAME_3 "Game 3: The village"

static Run
cli (Fixture    *f,
     const char *first,
     ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  Run run = { 0 };
  va_list ap;

  va_start (ap, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  run_argv (f, &run, (const char **) args->pdata);
  return run;
}

static void
cli_ok (Fixture    *f,
        const char *first,
        ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  Run run = { 0 };
  va_list ap;

  va_start (ap, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  run_argv (f, &run, (const char **) args->pdata);
  if (run.status != 0)
    g_error ("muster-cli %s: %s", first, run.err);
  run_clear (&run);
}

/* The sample (ids 1-13 British, 14-24 French) and three games:
 * 1, won by the British: Henry Bramwell (2) puts Louis Bazin (15) out,
 *   Jean Roussel (16) Thomas Ward (5); death rolls Ward 2, Bazin 6.
 * 2, won by the French: 14 puts 3 out, 1 puts 17 out; both roll 6.
 * 3, a draw where nothing befell anyone. */
static void
make_campaign (Fixture *f)
{
  cli_ok (f, "sample", "Peninsula 1812", NULL);
  cli_ok (f, "new-game", "1", "The ford at Alba", "--date", "1812-06-01", "--with", "1", "--with", "2",
          "--with", "5", "--with", "14", "--with", "15", "--with", "16", NULL);
  cli_ok (f, "result", "1", "2", "--outcome", "wounded", "--light", "1", "--killed", "15", NULL);
  cli_ok (f, "result", "1", "5", "--outcome", "out-of-action", NULL);
  cli_ok (f, "result", "1", "15", "--outcome", "out-of-action", NULL);
  cli_ok (f, "result", "1", "16", "--outcome", "unhurt", "--killed", "5", NULL);
  cli_ok (f, "finish", "1", "--winner", "British", NULL);
  cli_ok (f, "resolve", "1", "--faces", "5=2", "--faces", "15=6", NULL);

  cli_ok (f, "new-game", "1", "The convent wall", "--date", "1812-06-19", "--with", "1", "--with", "3",
          "--with", "4", "--with", "14", "--with", "17", "--with", "19", NULL);
  cli_ok (f, "result", "2", "3", "--outcome", "out-of-action", NULL);
  cli_ok (f, "result", "2", "17", "--outcome", "out-of-action", NULL);
  cli_ok (f, "result", "2", "14", "--outcome", "unhurt", "--killed", "3", NULL);
  cli_ok (f, "result", "2", "1", "--outcome", "unhurt", "--killed", "17", NULL);
  cli_ok (f, "finish", "2", "--winner", "French", NULL);
  cli_ok (f, "resolve", "2", "--faces", "3=6", "--faces", "17=6", NULL);

  cli_ok (f, "new-game", "1", "The village", "--with", "1", "--with", "4", "--with", "14", "--with", "19", NULL);
  cli_ok (f, "result", "3", "1", "--outcome", "unhurt", NULL);
  cli_ok (f, "finish", "3", NULL);
  cli_ok (f, "resolve", "3", NULL);
}

static MusterSheet *
open_sheet (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterStore) store = muster_store_open (f->library, &error);
  MusterSheet *sheet;

  g_assert_no_error (error);
  sheet = muster_chronicle_sheet_new (store, 1, &error);
  g_assert_no_error (error);
  return sheet;
}

/* A page's text with its lines run together, as a line that wraps is
 * one sentence. */
static char *
flat_text (PopplerDocument *doc,
           int              index)
{
  g_autoptr(TestPage) page = poppler_document_get_page (doc, index);
  char *text = poppler_page_get_text (page);

  g_strdelimit (text, "\n", ' ');
  return text;
}

/* The page (from 0) whose text holds @needle first, or -1. */
static int
find_page (PopplerDocument *doc,
           const char      *needle)
{
  for (int i = 0; i < poppler_document_get_n_pages (doc); i++)
    {
      g_autofree char *text = flat_text (doc, i);

      if (strstr (text, needle) != NULL)
        return i;
    }
  return -1;
}

/* The bookmarks: title -> page (from 0). */
static GHashTable *
read_outline (PopplerDocument *doc)
{
  GHashTable *outline = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  PopplerIndexIter *iter = poppler_index_iter_new (doc);

  g_assert_nonnull (iter);
  do
    {
      PopplerAction *action = poppler_index_iter_get_action (iter);

      g_assert_cmpint (action->type, ==, POPPLER_ACTION_GOTO_DEST);
      {
        PopplerDest *dest = action->goto_dest.dest;
        int page = dest->page_num;

        if (dest->type == POPPLER_DEST_NAMED)
          {
            PopplerDest *named = poppler_document_find_dest (doc, dest->named_dest);

            page = named->page_num;
            poppler_dest_free (named);
          }
        g_hash_table_insert (outline, g_strdup (action->any.title), GINT_TO_POINTER (page - 1));
      }
      poppler_action_free (action);
    }
  while (poppler_index_iter_next (iter));
  poppler_index_iter_free (iter);
  return outline;
}

static void
check_pdf (Fixture     *f,
           MusterSheet *sheet,
           MusterPaper  paper)
{
  g_autofree char *path = g_build_filename (f->dir, paper == MUSTER_PAPER_A4 ? "a4.pdf" : "letter.pdf", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GPtrArray) fallen = NULL;
  g_autoptr(GHashTable) outline = NULL;
  g_autoptr(TestDoc) doc = NULL;
  g_autofree char *all = NULL;
  const char *games[] = { GAME_1, GAME_2, GAME_3 };
  MusterPageSize size;
  Run run;
  int honour_page;
  int n_pages;

  run = cli (f, "print", "chronicle", "1", "-o", path, "--paper", muster_paper_to_string (paper), NULL);
  g_assert_cmpint (run.status, ==, 0);
  run_clear (&run);
  doc = muster_test_open_pdf (path);
  muster_test_assert_paper (doc, paper);

  /* As many pages as the sheet says on this paper: a title page, the
   * games, the roll of honour and the charts, each on pages of its own. */
  muster_page_size_init_for_paper (&size, paper);
  n_pages = poppler_document_get_n_pages (doc);
  g_assert_cmpint (n_pages, ==, (int) muster_sheet_get_n_pages (sheet, &size));
  g_assert_cmpint (n_pages, >=, 4);

  /* Every game's section, once each, in order, with its sides and winner. */
  all = muster_test_document_text (doc);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_assert_cmpuint (muster_test_count (all, games[i]), ==, 1);
      g_assert_cmpint (find_page (doc, games[i]), >=, 1);
      if (i > 0)
        g_assert_cmpint (find_page (doc, games[i]), >=, find_page (doc, games[i - 1]));
    }
  g_assert_nonnull (strstr (all, "1812-06-01 · British against French · won by British"));
  g_assert_nonnull (strstr (all, "British against French · won by French"));
  g_assert_nonnull (strstr (all, "British against French · a draw"));
  /* What befell each man, and the rolls of the log, in its words. */
  g_assert_nonnull (strstr (all, "put out of action: Louis Bazin"));
  g_assert_nonnull (strstr (all, "Death roll on 1d6: 6"));

  /* Every fallen man on the roll of honour, with the game and his killer. */
  honour_page = find_page (doc, "Roll of Honour");
  g_assert_cmpint (honour_page, >, find_page (doc, GAME_3));
  store = muster_store_open (f->library, &error);
  g_assert_no_error (error);
  fallen = muster_honours_list_fallen (store, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fallen->len, ==, 3);
  {
    g_autofree char *text = flat_text (doc, honour_page);

    for (guint i = 0; i < fallen->len; i++)
      {
        MusterHonour *honour = g_ptr_array_index (fallen, i);
        g_autofree char *killer = g_strdup_printf ("by the hand of %s", (char *) g_ptr_array_index (honour->killers, 0));

        g_assert_nonnull (strstr (text, honour->name));
        g_assert_nonnull (strstr (text, killer));
      }
    g_assert_nonnull (strstr (text, "Louis Bazin (Voltigeurs, 66e de Ligne), game 1 “The ford at Alba”, 1812-06-01, by the hand of Henry Bramwell"));
  }

  /* Page numbers after the title page. */
  for (int i = 1; i < n_pages; i++)
    {
      g_autofree char *number = g_strdup_printf ("Page %d of %d", i + 1, n_pages);
      g_autoptr(TestPage) page = poppler_document_get_page (doc, i);
      g_autofree char *text = poppler_page_get_text (page);

      g_assert_nonnull (strstr (text, number));
    }

  /* A bookmark a game, leading to its page; the roll of honour and the
   * charts too. */
  outline = read_outline (doc);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_assert_true (g_hash_table_contains (outline, games[i]));
      g_assert_cmpint (GPOINTER_TO_INT (g_hash_table_lookup (outline, games[i])), ==, find_page (doc, games[i]));
    }
  g_assert_cmpint (GPOINTER_TO_INT (g_hash_table_lookup (outline, "Roll of Honour")), ==, honour_page);
  g_assert_cmpint (GPOINTER_TO_INT (g_hash_table_lookup (outline, "Statistics")), ==,
                   (int) muster_chronicle_sheet_get_charts_page (MUSTER_CHRONICLE_SHEET (sheet), &size));
  g_assert_cmpint (find_page (doc, "Casualties per game"), >=,
                   (int) muster_chronicle_sheet_get_charts_page (MUSTER_CHRONICLE_SHEET (sheet), &size));
}

static void
test_pdf (Fixture       *f,
          gconstpointer  data)
{
  g_autoptr(MusterSheet) sheet = NULL;

  make_campaign (f);
  sheet = open_sheet (f);
  check_pdf (f, sheet, MUSTER_PAPER_A4);
  check_pdf (f, sheet, MUSTER_PAPER_LETTER);
}

static void
test_refused (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "out.pdf", NULL);
  const char *options[][2] = {
    { "--characters", "1" }, { "--force", "1" }, { "--turns", "32" }, { "--orientation", "landscape" },
  };

  cli_ok (f, "sample", "Peninsula 1812", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      Run run = cli (f, "print", "chronicle", "1", options[i][0], options[i][1], "-o", path, NULL);

      g_assert_cmpint (run.status, ==, 2);
      g_assert_true (mentions (run.err, "The chronicle tells the whole campaign"));
      g_assert_true (mentions (run.err, options[i][0]));
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
      run_clear (&run);
    }
}

/* The log is said in the reader's language, not the one it was written
 * in: a campaign played in English, its chronicle printed in French. */
static void
test_translated (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *previous = g_strdup (setlocale (LC_ALL, NULL));
  g_autofree char *path = g_build_filename (f->dir, "fr.pdf", NULL);
  g_autoptr(TestDoc) doc = NULL;
  g_autofree char *all = NULL;
  Run run;

  if (setlocale (LC_ALL, "fr_FR.UTF-8") == NULL)
    {
      g_test_skip ("The fr_FR.UTF-8 locale is not installed");
      return;
    }
  setlocale (LC_ALL, previous);

  make_campaign (f);
  f->envp = g_environ_setenv (f->envp, "LC_ALL", "fr_FR.UTF-8", TRUE);
  f->envp = g_environ_setenv (f->envp, "LANGUAGE", "fr", TRUE);
  run = cli (f, "print", "chronicle", "1", "-o", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  run_clear (&run);
  doc = muster_test_open_pdf (path);
  all = muster_test_document_text (doc);
  g_assert_nonnull (strstr (all, "Tableau d’honneur"));
  g_assert_nonnull (strstr (all, "Louis Bazin meurt de ses blessures."));
  g_assert_null (strstr (all, "dies of his wounds"));
}

/* A campaign of a rule set kept by unit: what befell each unit. */
static void
test_units (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "units.pdf", NULL);
  g_autoptr(TestDoc) doc = NULL;
  g_autofree char *all = NULL;
  Run run;

  cli_ok (f, "new-campaign", "Coa 1810", "--ruleset", "chosen-men", NULL);
  cli_ok (f, "new-force", "Coa 1810", "95th Rifles", "--side", "British", NULL);
  cli_ok (f, "new-force", "Coa 1810", "4e Léger", "--side", "French", NULL);
  cli_ok (f, "new-unit", "Coa 1810", "95th Rifles", "Leach's squad", "--type", "skirmishers", "--rating", "veteran", NULL);
  cli_ok (f, "new-unit", "Coa 1810", "4e Léger", "Voltigeurs", "--type", "skirmishers", "--rating", "regular", NULL);
  cli_ok (f, "new-game", "Coa 1810", "The bridge", "--with-unit", "Leach's squad", "--with-unit", "Voltigeurs", NULL);
  cli_ok (f, "result", "The bridge", "--campaign", "Coa 1810", "--unit", "Voltigeurs", "--killed-figures", "2",
          "--wounded-figures", "1", "--colours", "lost", NULL);
  cli_ok (f, "finish", "The bridge", "--campaign", "Coa 1810", "--winner", "British", NULL);
  cli_ok (f, "resolve", "The bridge", "--campaign", "Coa 1810", NULL);

  run = cli (f, "print", "chronicle", "Coa 1810", "-o", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  run_clear (&run);
  doc = muster_test_open_pdf (path);
  all = muster_test_document_text (doc);
  g_assert_nonnull (strstr (all, "Game 1: The bridge"));
  g_assert_nonnull (strstr (all, "The units"));
  g_assert_nonnull (strstr (all, "; 2 killed and 1 wounded; colours lost"));
  g_assert_nonnull (strstr (all, "Leach's squad (95th Rifles)"));
}

/* The first page of charts at 36 dpi against tests/print/chronicle.png;
 * MUSTER_UPDATE_GOLDEN=1 writes it anew. */
static void
test_golden (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *golden = g_build_filename (TEST_SRCDIR, "print", "chronicle.png", NULL);
  g_autoptr(MusterSheet) sheet = NULL;
  cairo_surface_t *actual;
  cairo_surface_t *expected;
  MusterPageSize size;
  double difference;
  guint page;

  make_campaign (f);
  sheet = open_sheet (f);
  muster_page_size_init_for_paper (&size, MUSTER_PAPER_A4);
  page = muster_chronicle_sheet_get_charts_page (MUSTER_CHRONICLE_SHEET (sheet), &size);
  g_assert_cmpuint (page, >, 0);
  actual = muster_sheet_render_page (sheet, &size, page, 0.5);
  if (g_getenv ("MUSTER_UPDATE_GOLDEN") != NULL)
    {
      g_assert_cmpint (cairo_surface_write_to_png (actual, golden), ==, CAIRO_STATUS_SUCCESS);
      cairo_surface_destroy (actual);
      return;
    }
  expected = cairo_image_surface_create_from_png (golden);
  g_assert_cmpint (cairo_surface_status (expected), ==, CAIRO_STATUS_SUCCESS);
  difference = muster_test_image_difference (actual, expected);
  if (difference > 0.01)
    {
      g_autofree char *seen = g_build_filename (f->dir, "chronicle-actual.png", NULL);

      cairo_surface_write_to_png (actual, seen);
      g_test_message ("The first chart page differs from %s in %.2f%% of its pixels", golden, difference * 100);
    }
  g_assert_cmpfloat (difference, <=, 0.01);
  cairo_surface_destroy (expected);
  cairo_surface_destroy (actual);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/print/chronicle/pdf", Fixture, NULL, fixture_setup, test_pdf, fixture_teardown);
  g_test_add ("/print/chronicle/refused", Fixture, NULL, fixture_setup, test_refused, fixture_teardown);
  g_test_add ("/print/chronicle/translated", Fixture, NULL, fixture_setup, test_translated, fixture_teardown);
  g_test_add ("/print/chronicle/units", Fixture, NULL, fixture_setup, test_units, fixture_teardown);
  g_test_add ("/print/chronicle/golden", Fixture, NULL, fixture_setup, test_golden, fixture_teardown);
  return g_test_run ();
}
