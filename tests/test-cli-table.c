/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-cli-table"

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-cli-test-util.h"
#include "muster-test-util.h"

/* muster-cli at the table: start, order, hit, undo-hit, undo-card, undo
 * and finish, and a whole game played through hit recording what the
 * same game typed into result records, resolved alike and logged alike. */

/* Two forces of two named men each, in the library of @f. */
static void
make_campaign (Fixture *f)
{
  g_auto(Run) run = { 0, };

  RUN_OK (f, &run, "new-campaign", "Talavera", "--ruleset", "sharpes-skirmish", "--seed", "1809");
  RUN_OK (f, &run, "new-force", "Talavera", "95th Rifles", "--side", "British");
  RUN_OK (f, &run, "new-force", "Talavera", "Voltigeurs", "--side", "French");
  RUN_OK (f, &run, "recruit", "Talavera", "95th Rifles", "--type", "rifleman", "--name", "Richard Sharland");
  RUN_OK (f, &run, "recruit", "Talavera", "95th Rifles", "--type", "rifleman", "--name", "Patrick Harden");
  RUN_OK (f, &run, "recruit", "Talavera", "Voltigeurs", "--type", "line", "--name", "Jean Lefort");
  RUN_OK (f, &run, "recruit", "Talavera", "Voltigeurs", "--type", "line", "--name", "Pierre Dufour");
  RUN_OK (f, &run, "new-game", "Talavera", "The Bridge", "--with", "Richard Sharland", "--with", "Patrick Harden",
          "--with", "Jean Lefort", "--with", "Pierre Dufour");
}

static int
compare_lines (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The log's entries but those of the table, without their ids, sorted:
 * the entries of the same results written in another order. */
static char *
log_without_table (Fixture *f)
{
  g_auto(Run) run = { 0, };
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) rows = NULL;

  RUN_OK (f, &run, "log", "Talavera", "--format", "tsv");
  rows = g_strsplit (run.out, "\n", -1);
  for (guint i = 1; rows[i] != NULL; i++)
    {
      const char *tab = strchr (rows[i], '\t');

      if (rows[i][0] == '\0' || strstr (rows[i], "\thit\t") != NULL || strstr (rows[i], "\tstarted\t") != NULL ||
          strstr (rows[i], "\tordered\t") != NULL)
        continue;
      g_ptr_array_add (kept, g_strdup (tab != NULL ? tab + 1 : rows[i]));
    }
  g_ptr_array_sort (kept, compare_lines);
  g_ptr_array_add (kept, NULL);
  return g_strjoinv ("\n", (char **) kept->pdata);
}

static void
test_same_as_result (Fixture       *f,
                     gconstpointer  data)
{
  Fixture typed = { 0, };
  g_auto(Run) run = { 0, };
  g_autofree char *started_game = NULL;
  g_autofree char *played_game = NULL;
  g_autofree char *typed_game = NULL;
  g_autofree char *played_resolve = NULL;
  g_autofree char *played_log = NULL;
  g_autofree char *typed_log = NULL;

  /* At the table. */
  make_campaign (f);
  RUN_FAILS (f, &run, 1, "not being played", "hit", "1", "Jean Lefort", "--campaign", "Talavera");
  RUN_OK (f, &run, "start", "1", "--campaign", "Talavera");
  g_assert_true (mentions (run.out, "Started"));
  RUN_OK (f, &run, "order", "1", "--campaign", "Talavera", "--format", "tsv");
  g_assert_cmpuint (count_lines (run.out), ==, 5);
  RUN_OK (f, &run, "hit", "1", "Jean Lefort", "--by", "Richard Sharland", "--location", "chest",
          "--score", "11", "--campaign", "Talavera", "--format", "tsv");
  assert_cell (run.out, 1, "effect", "kill");
  RUN_FAILS (f, &run, 1, "already out", "hit", "1", "Jean Lefort", "--campaign", "Talavera");
  RUN_FAILS (f, &run, 1, "legs, abdomen", "hit", "1", "Pierre Dufour", "--location", "elbow", "--campaign", "Talavera");
  RUN_FAILS (f, &run, 2, "--melee", "hit", "1", "Pierre Dufour", "--shot", "--melee", "2", "--campaign", "Talavera");
  RUN_OK (f, &run, "hit", "1", "Patrick Harden", "--by", "Pierre Dufour", "--location", "legs",
          "--score", "5", "--campaign", "Talavera");
  RUN_OK (f, &run, "hit", "1", "Pierre Dufour", "--by", "Patrick Harden", "--location", "head",
          "--melee", "2", "--faces", "effect=3", "--campaign", "Talavera", "--format", "tsv");
  /* 3 + 2, and Harden's strength as his light wound leaves it. */
  assert_cell (run.out, 1, "effect_faces", "3");
  RUN_OK (f, &run, "undo-hit", "1", "--campaign", "Talavera");
  g_assert_true (mentions (run.out, "Hit 3"));
  RUN_OK (f, &run, "hit", "1", "Pierre Dufour", "--by", "Patrick Harden", "--location", "head",
          "--score", "7", "--campaign", "Talavera");
  RUN_OK (f, &run, "hit", "1", "Pierre Dufour", "--by", "Richard Sharland", "--location", "left-arm",
          "--faces", "effect=4,5", "--campaign", "Talavera", "--format", "tsv");
  assert_cell (run.out, 1, "effect", "serious");
  /* Before it is finished, the game shows what the table recorded so
   * far as its results, as finishing it records them. */
  RUN_OK (f, &run, "game", "1", "--campaign", "Talavera", "--format", "tsv");
  started_game = g_strdup (run.out);
  assert_cell (started_game, 3, "outcome", "out-of-action");
  assert_cell (started_game, 2, "killed", "Jean Lefort, Pierre Dufour");
  assert_cell (started_game, 4, "outcome", "out-of-action");
  RUN_OK (f, &run, "finish", "1", "--campaign", "Talavera", "--winner", "British");
  RUN_OK (f, &run, "game", "1", "--campaign", "Talavera", "--format", "tsv");
  played_game = g_strdup (run.out);
  for (guint row = 1; row <= 4; row++)
    {
      static const char * const keys[] = { "name", "outcome", "light", "serious", "killed" };

      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        {
          g_autofree char *during = tsv_cell (started_game, row, keys[k]);
          g_autofree char *after = tsv_cell (played_game, row, keys[k]);

          g_assert_cmpstr (during, ==, after);
        }
    }
  RUN_OK (f, &run, "resolve", "1", "--campaign", "Talavera", "--format", "tsv");
  played_resolve = g_strdup (run.out);
  played_log = log_without_table (f);

  /* The same game typed in, in a library of its own (the same ids, so
   * the same dice). */
  fixture_setup_fixed_time (&typed, NULL);
  make_campaign (&typed);
  RUN_OK (&typed, &run, "result", "1", "Jean Lefort", "--outcome", "out-of-action", "--campaign", "Talavera");
  RUN_OK (&typed, &run, "result", "1", "Pierre Dufour", "--outcome", "wounded", "--serious", "2",
          "--campaign", "Talavera");
  RUN_OK (&typed, &run, "result", "1", "Patrick Harden", "--outcome", "wounded", "--light", "1",
          "--campaign", "Talavera");
  RUN_OK (&typed, &run, "result", "1", "Richard Sharland", "--outcome", "unhurt", "--killed", "Jean Lefort",
          "--killed", "Pierre Dufour", "--campaign", "Talavera");
  RUN_OK (&typed, &run, "finish", "1", "--campaign", "Talavera", "--winner", "British");
  RUN_OK (&typed, &run, "game", "1", "--campaign", "Talavera", "--format", "tsv");
  typed_game = g_strdup (run.out);
  g_assert_cmpstr (played_game, ==, typed_game);
  RUN_OK (&typed, &run, "resolve", "1", "--campaign", "Talavera", "--format", "tsv");
  g_assert_cmpstr (played_resolve, ==, run.out);
  typed_log = log_without_table (&typed);
  g_assert_cmpstr (played_log, ==, typed_log);

  muster_test_remove_tree (typed.dir);
  fixture_teardown (&typed, NULL);
}

/* A game started with the order rolled at every bound, and faces typed
 * in for the order. */
static void
test_order (Fixture       *f,
            gconstpointer  data)
{
  g_auto(Run) run = { 0, };

  make_campaign (f);
  RUN_OK (f, &run, "start", "1", "--campaign", "Talavera", "--per-bound");
  RUN_OK (f, &run, "order", "1", "--campaign", "Talavera", "--bound", "2",
          "--faces", "Jean Lefort=6", "--faces", "Pierre Dufour=1", "--format", "tsv");
  assert_cell (run.out, 1, "bound", "2");
  g_assert_true (mentions (run.out, "Jean Lefort"));
  {
    g_autofree char *lefort = NULL;
    g_autoptr(GPtrArray) rows = tsv_rows (run.out, NULL);

    for (guint i = 0; i < rows->len; i++)
      {
        GStrv row = g_ptr_array_index (rows, i);

        if (g_str_equal (row[4], "Jean Lefort"))
          {
            g_assert_cmpstr (row[7], ==, "6");
            g_assert_cmpstr (row[11], ==, "true");
          }
      }
  }
  RUN_FAILS (f, &run, 2, "WHO=FACES", "order", "1", "--campaign", "Talavera", "--faces", "Lefort");
}

/* undo takes back a roll of the order as it takes back a hit: a roll
 * made again with the wrong faces gives the bound its earlier order
 * back, and the first roll leaves it with none. */
static void
test_undo_order (Fixture       *f,
                 gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_autofree char *rolled = NULL;

  make_campaign (f);
  RUN_OK (f, &run, "start", "1", "--campaign", "Talavera");
  RUN_OK (f, &run, "order", "1", "--campaign", "Talavera", "--format", "tsv");
  rolled = g_strdup (run.out);
  RUN_OK (f, &run, "log", "Talavera");
  g_assert_true (mentions (run.out, "Bound 1: order of play rolled"));
  RUN_OK (f, &run, "order", "1", "--campaign", "Talavera", "--faces", "Jean Lefort=6", "--faces", "Pierre Dufour=6",
          "--faces", "Richard Sharland=1", "--faces", "Patrick Harden=1", "--format", "tsv");
  g_assert_cmpstr (run.out, !=, rolled);
  RUN_OK (f, &run, "log", "Talavera");
  g_assert_true (mentions (run.out, "Bound 1: order of play rolled again"));

  RUN_OK (f, &run, "undo", "1", "--campaign", "Talavera");
  g_assert_cmpstr (run.out, ==,
                   "Bound 1: the last roll of the order of play taken back; the order rolled before it is back.\n");
  RUN_OK (f, &run, "order", "1", "--campaign", "Talavera", "--format", "tsv");
  g_assert_cmpstr (run.out, ==, rolled);
  RUN_OK (f, &run, "undo", "1", "--campaign", "Talavera");
  g_assert_cmpstr (run.out, ==, "Bound 1: the roll of the order of play taken back; the bound has no order now.\n");
  RUN_FAILS (f, &run, 1, "nothing to take back", "undo", "1", "--campaign", "Talavera");
  RUN_OK (f, &run, "log", "Talavera");
  g_assert_false (mentions (run.out, "order of play rolled"));
}

/* The name on the last row of a deck's turn, as order prints it. */
static char *
last_card (const char *out)
{
  g_autoptr(GPtrArray) rows = tsv_rows (out, NULL);

  g_assert_cmpuint (rows->len, >, 0);
  return g_strdup (((GStrv) g_ptr_array_index (rows, rows->len - 1))[4]);
}

/* A game played with a deck: undo-card takes back the last card, undo
 * the last hit or card, whichever came last, and a card taken back is
 * dealt again. */
static void
test_undo (Fixture       *f,
           gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *expected = NULL;

  RUN_OK (f, &run, "new-campaign", "Coa", "--ruleset", "chosen-men", "--seed", "1810");
  RUN_OK (f, &run, "new-force", "Coa", "95th Rifles", "--side", "British");
  RUN_OK (f, &run, "new-force", "Coa", "4e Léger", "--side", "French");
  RUN_OK (f, &run, "new-unit", "Coa", "95th Rifles", "Leach's squad", "--type", "skirmishers", "--rating", "veteran");
  RUN_OK (f, &run, "recruit", "Coa", "95th Rifles", "--type", "lieutenant", "--name", "John Leach");
  RUN_OK (f, &run, "recruit", "Coa", "4e Léger", "--type", "lieutenant", "--name", "Louis Dubreuil");
  RUN_OK (f, &run, "new-game", "Coa", "The Coa", "--with", "John Leach", "--with", "Louis Dubreuil",
          "--with-unit", "Leach's squad");
  RUN_FAILS (f, &run, 1, "not being played", "undo-card", "1", "--campaign", "Coa");
  RUN_OK (f, &run, "start", "1", "--campaign", "Coa");
  RUN_FAILS (f, &run, 1, "No card has been dealt", "undo-card", "1", "--campaign", "Coa");
  RUN_FAILS (f, &run, 1, "nothing to take back", "undo", "1", "--campaign", "Coa");

  /* A card, a hit, a card; taken back last first. */
  RUN_OK (f, &run, "order", "1", "--campaign", "Coa", "--format", "tsv");
  first = last_card (run.out);
  RUN_OK (f, &run, "hit", "1", "Louis Dubreuil", "--faces", "effect=2", "--campaign", "Coa");
  RUN_OK (f, &run, "order", "1", "--campaign", "Coa", "--format", "tsv");
  second = last_card (run.out);
  RUN_OK (f, &run, "undo", "1", "--campaign", "Coa");
  expected = g_strdup_printf ("Turn 1: card for %s taken back.\n", second);
  g_assert_cmpstr (run.out, ==, expected);
  RUN_OK (f, &run, "undo", "1", "--campaign", "Coa");
  g_assert_cmpstr (run.out, ==, "Hit 1 on Louis Dubreuil undone.\n");
  RUN_OK (f, &run, "undo-card", "1", "--campaign", "Coa");
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("Turn 1: card for %s taken back.\n", first);
  g_assert_cmpstr (run.out, ==, expected);
  RUN_FAILS (f, &run, 1, "nothing to take back", "undo", "1", "--campaign", "Coa");

  /* Dealt again, the same card; undo-hit takes the last hit whatever
   * came after it, as scripts have it do. */
  RUN_OK (f, &run, "order", "1", "--campaign", "Coa", "--format", "tsv");
  {
    g_autofree char *again = last_card (run.out);

    g_assert_cmpstr (again, ==, first);
  }
  RUN_OK (f, &run, "hit", "1", "Louis Dubreuil", "--faces", "effect=2", "--campaign", "Coa");
  RUN_OK (f, &run, "order", "1", "--campaign", "Coa", "--format", "tsv");
  g_clear_pointer (&second, g_free);
  second = last_card (run.out);
  RUN_OK (f, &run, "undo-hit", "1", "--campaign", "Coa");
  g_assert_cmpstr (run.out, ==, "Hit 1 on Louis Dubreuil undone.\n");
  RUN_OK (f, &run, "undo", "1", "--campaign", "Coa");
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("Turn 1: card for %s taken back.\n", second);
  g_assert_cmpstr (run.out, ==, expected);
  RUN_OK (f, &run, "undo-card", "--help");
  g_assert_true (mentions (run.out, "GAME"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli-table/same-as-result", Fixture, NULL, fixture_setup_fixed_time,
              test_same_as_result, fixture_teardown);
  g_test_add ("/cli-table/order", Fixture, NULL, fixture_setup_fixed_time, test_order, fixture_teardown);
  g_test_add ("/cli-table/undo", Fixture, NULL, fixture_setup_fixed_time, test_undo, fixture_teardown);
  g_test_add ("/cli-table/undo-order", Fixture, NULL, fixture_setup_fixed_time, test_undo_order, fixture_teardown);

  return g_test_run ();
}
