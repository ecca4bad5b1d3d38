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
#include "muster-sheet-test-util.h"
#include "muster-unit.h"
#include "muster-units-sheet.h"

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
  doc = muster_test_open_pdf (path);
  groups = (characters->len + 7) / 8;
  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, groups * 2);
  first = muster_test_page_text (doc, 0);
  second = muster_test_page_text (doc, 1);
  for (guint i = 0; i < MIN (8, characters->len); i++)
    {
      const char *name = muster_character_get_name (g_ptr_array_index (characters, i));

      g_assert_nonnull (strstr (first, name));
      g_assert_nonnull (strstr (second, name));
    }
  g_assert_true (muster_test_has_token (first, "16"));
  g_assert_false (muster_test_has_token (first, "17"));
  g_assert_true (muster_test_has_token (second, "32"));
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
  doc = muster_test_open_pdf (path);
  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, 1);
  page = poppler_document_get_page (doc, 0);
  poppler_page_get_size (page, &width, &height);
  g_assert_cmpfloat_with_epsilon (width, 612.0, 0.5);
  g_assert_cmpfloat_with_epsilon (height, 792.0, 0.5);
  text = muster_test_page_text (doc, 0);
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
  doc = muster_test_open_pdf (path);
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
  doc = muster_test_open_pdf (path);
  text = muster_test_page_text (doc, 0);
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

/* The roster and the units sheet turn landscape when portrait is too
 * narrow for them; --orientation overrides, and is refused for the
 * sheets with a layout of their own. */
static void
test_cli_orientation (CliFixture    *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *rules_path = g_build_filename (TEST_SRCDIR, "rulesets", "wide-units.xml", NULL);
  g_autoptr(MusterRuleset) rules = muster_ruleset_new_from_file (rules_path, &error);
  g_autofree char *path = g_build_filename (f->dir, "oriented.pdf", NULL);
  g_autofree char *missing = g_build_filename (f->dir, "refused.pdf", NULL);
  g_autofree char *campaign = NULL;
  g_autofree char *sample = g_strdup_printf ("%" G_GINT64_FORMAT, f->campaign);
  g_autofree char *err = NULL;
  const struct {
    const char *sheet;
    const char *orientation;
    MusterPaper paper;
    gboolean    landscape;
  } cases[] = {
    { "units", NULL, MUSTER_PAPER_A4, TRUE },
    { "units", "portrait", MUSTER_PAPER_A4, FALSE },
    { "units", "PORTRAIT", MUSTER_PAPER_LETTER, FALSE },
    { "roster", NULL, MUSTER_PAPER_LETTER, TRUE },
    { "roster", "portrait", MUSTER_PAPER_LETTER, FALSE },
    { "roster", "automatic", MUSTER_PAPER_A4, TRUE },
  };

  g_assert_no_error (error);
  {
    g_autoptr(MusterStore) store = muster_store_open (f->library, &error);
    MusterUnitSpec spec = { "Coldstream Guards", "line-company", NULL, 0, NULL };
    gint64 id, force, unit;

    g_assert_no_error (error);
    id = muster_store_create_campaign (store, "Wide", rules, 1, NULL, &error);
    g_assert_no_error (error);
    force = muster_store_create_force (store, id, "Coldstream Guards", NULL, &error);
    g_assert_no_error (error);
    unit = muster_store_create_unit (store, force, &spec, &error);
    g_assert_no_error (error);
    g_array_unref (muster_store_recruit_into (store, force, unit, "officer", NULL, NULL, 2, &error));
    g_assert_no_error (error);
    campaign = g_strdup_printf ("%" G_GINT64_FORMAT, id);
  }

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(TestDoc) doc = NULL;
      const char *paper = muster_paper_to_string (cases[i].paper);

      g_clear_pointer (&err, g_free);
      if (cases[i].orientation != NULL)
        g_assert_cmpint (run_cli (f, &err, "print", cases[i].sheet, campaign, "--paper", paper,
                                  "--orientation", cases[i].orientation, "-o", path, NULL), ==, 0);
      else
        g_assert_cmpint (run_cli (f, &err, "print", cases[i].sheet, campaign, "--paper", paper,
                                  "-o", path, NULL), ==, 0);
      doc = muster_test_open_pdf (path);
      muster_test_assert_turned (doc, cases[i].paper, cases[i].landscape);
    }

  /* The sample's roster fits portrait; it turns when asked. */
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(TestDoc) doc = NULL;

      g_clear_pointer (&err, g_free);
      g_assert_cmpint (run_cli (f, &err, "print", "roster", sample, "--orientation", i == 0 ? "auto" : "landscape",
                                "-o", path, NULL), ==, 0);
      doc = muster_test_open_pdf (path);
      muster_test_assert_turned (doc, MUSTER_PAPER_A4, i == 1);
    }

  /* The cards, Figure Stats, Playsheet and deck keep their own layout. */
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (f, &err, "print", "cards", sample, "--orientation", "landscape", "-o", missing, NULL), ==, 2);
  g_assert_nonnull (strstr (err, "--orientation"));
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (f, &err, "print", "figure-stats", sample, "--orientation", "portrait", "-o", missing, NULL), ==, 2);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (f, &err, "print", "roster", sample, "--orientation", "sideways", "-o", missing, NULL), ==, 2);
  g_assert_nonnull (strstr (err, "sideways"));
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
}

/* The order of play of a game at the table, on one page: before it is
 * rolled every man with his cells to fill in, then in the order rolled. */
static void
test_cli_order (CliFixture    *f,
                gconstpointer  data)
{
  g_autofree char *campaign = g_strdup_printf ("%" G_GINT64_FORMAT, f->campaign);
  g_autofree char *blank = g_build_filename (f->dir, "blank.pdf", NULL);
  g_autofree char *path = g_build_filename (f->dir, "order.pdf", NULL);
  g_autofree char *err = NULL;
  g_autoptr(TestDoc) doc = NULL;
  g_autoptr(TestDoc) blank_doc = NULL;
  g_autofree char *text = NULL;
  g_autofree char *blank_text = NULL;

  g_assert_cmpint (run_cli (f, &err, "new-game", campaign, "Bridge", "--with", "Charles Ellison",
                            "--with", "Patrick Nolan", "--with", "Étienne Marchal", "--with", "Pierre Guérin",
                            NULL), ==, 0);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (f, &err, "start", "Bridge", "--campaign", campaign, NULL), ==, 0);
  g_clear_pointer (&err, g_free);
  /* One game, and only for the order sheet. */
  g_assert_cmpint (run_cli (f, &err, "print", "order", campaign, "-o", path, NULL), ==, 2);
  g_assert_nonnull (strstr (err, "--game"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (f, &err, "print", "roster", campaign, "--game", "Bridge", "-o", path, NULL), ==, 2);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli (f, &err, "print", "order", campaign, "--game", "Bridge", "-o", blank, NULL), ==, 0);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (f, &err, "order", "Bridge", "--campaign", campaign, NULL), ==, 0);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (f, &err, "print", "order", campaign, "--game", "Bridge", "--paper", "letter",
                            "-o", path, NULL), ==, 0);
  g_assert_cmpstr (err, ==, "");

  blank_doc = muster_test_open_pdf (blank);
  doc = muster_test_open_pdf (path);
  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, 1);
  muster_test_assert_paper (doc, MUSTER_PAPER_LETTER);
  text = muster_test_page_text (doc, 0);
  blank_text = muster_test_page_text (blank_doc, 0);
  for (guint i = 0; i < 4; i++)
    {
      const char *names[] = { "Charles Ellison", "Patrick Nolan", "Étienne Marchal", "Pierre Guérin" };

      g_assert_nonnull (strstr (text, names[i]));
      g_assert_nonnull (strstr (blank_text, names[i]));
    }
  g_assert_nonnull (strstr (text, "Place"));
  g_assert_nonnull (strstr (text, "Bridge"));
  /* Rolled: places 1 to 4; before, none. */
  g_assert_true (muster_test_has_token (text, "4"));
  g_assert_false (muster_test_has_token (blank_text, "4"));
}

int
main (int   argc,
      char *argv[])
{
  pin_fonts ();
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/print/cli/order", CliFixture, NULL, cli_setup, test_cli_order, cli_teardown);
  g_test_add ("/print/cli/figure-stats", CliFixture, NULL, cli_setup, test_cli_figure_stats, cli_teardown);
  g_test_add ("/print/cli/selection", CliFixture, NULL, cli_setup, test_cli_selection, cli_teardown);
  g_test_add ("/print/cli/playsheet-and-errors", CliFixture, NULL, cli_setup, test_cli_playsheet_and_errors, cli_teardown);
  g_test_add ("/print/cli/orientation", CliFixture, NULL, cli_setup, test_cli_orientation, cli_teardown);

  return g_test_run ();
}
