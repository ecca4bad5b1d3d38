/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-cli-stats"

#include "config.h"

#include <string.h>

#include <glib.h>
#include <json-glib/json-glib.h>

#include "muster-cli-test-util.h"
#include "muster-test-util.h"

/* muster-cli stats, end to end: a campaign played from the command line
 * and its statistics as text, TSV and JSON.
 *
 * One game: Sharland (95th Rifles) is lightly wounded, puts Lefort out
 * of action and 2 unnamed figures; Dufour is captured; the British win.
 * Lefort's death roll is a 6: he dies. */

static void
play (Fixture *f)
{
  g_auto(Run) run = { 0, };
  g_autofree char *game = NULL;

  RUN_OK (f, &run, "new-campaign", "Talavera", "--ruleset", "sharpes-skirmish", "--seed", "1809");
  RUN_OK (f, &run, "new-force", "Talavera", "95th Rifles", "--side", "British");
  RUN_OK (f, &run, "new-force", "Talavera", "Voltigeurs", "--side", "French");
  RUN_OK (f, &run, "recruit", "Talavera", "95th Rifles", "--type", "rifleman", "--name", "Richard Sharland");
  RUN_OK (f, &run, "recruit", "Talavera", "95th Rifles", "--type", "rifleman", "--name", "Patrick Harden");
  RUN_OK (f, &run, "recruit", "Talavera", "Voltigeurs", "--type", "line", "--name", "Jean Lefort");
  RUN_OK (f, &run, "recruit", "Talavera", "Voltigeurs", "--type", "line", "--name", "Pierre Dufour");
  RUN_OK (f, &run, "new-game", "Talavera", "The Bridge", "--with", "Richard Sharland", "--with", "Patrick Harden",
          "--with", "Jean Lefort", "--with", "Pierre Dufour");
  game = last_line (run.out);
  RUN_OK (f, &run, "result", game, "Jean Lefort", "--outcome", "out-of-action");
  RUN_OK (f, &run, "result", game, "Pierre Dufour", "--outcome", "captured");
  RUN_OK (f, &run, "result", game, "Richard Sharland", "--outcome", "wounded", "--light", "1",
          "--killed", "Jean Lefort", "--killed-unnamed", "2");
  RUN_OK (f, &run, "finish", game, "--winner", "British");
  RUN_OK (f, &run, "resolve", game, "--faces", "Jean Lefort=6");
}

static void
test_text (Fixture       *f,
           gconstpointer  data)
{
  g_auto(Run) run = { 0, };

  play (f);
  RUN_OK (f, &run, "stats", "Talavera", "--series", "score");
  g_assert_cmpstr (run.out, ==,
                   "Games won\n"
                   "Game  British  French\n"
                   "1           1       0\n");

  /* Every series, a table each. */
  RUN_OK (f, &run, "stats", "Talavera");
  g_assert_nonnull (strstr (run.out,
                            "Strength of Voltigeurs\n"
                            "Game  Fit to fight  Out of action  Captured  Dead  Retired\n"
                            "1                0              0         1     1        0\n"));
  g_assert_nonnull (strstr (run.out,
                            "Most kills in the campaign\n"
                            "Man                             Named men  Unnamed figures\n"
                            "Richard Sharland (95th Rifles)          1                2\n"));
  g_assert_nonnull (strstr (run.out,
                            "Men still on the roll\n"
                            "Games taken part in  95th Rifles  Voltigeurs\n"
                            "0                           100%        100%\n"
                            "1                           100%         50%\n"));
  g_assert_nonnull (strstr (run.out, "Kills elsewhere\n  (none yet)\n"));
  g_assert_nonnull (strstr (run.out, "Rifleman                  –    2           0\n"));
}

static void
test_tsv (Fixture       *f,
          gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_auto(GStrv) rows = NULL;

  play (f);
  RUN_OK (f, &run, "stats", "Talavera", "--format", "tsv");
  rows = lines (run.out);
  g_assert_cmpstr (rows[0], ==, "series\tforce\trow\tcolumn\tvalue");
  for (guint i = 1; rows[i] != NULL; i++)
    {
      g_auto(GStrv) cells = g_strsplit (rows[i], "\t", -1);
      g_assert_cmpuint (g_strv_length (cells), ==, 5);
    }
  g_assert_true (g_strv_contains ((const char * const *) rows, "strength\t95th Rifles\t1\tfit\t2"));
  g_assert_true (g_strv_contains ((const char * const *) rows, "strength\tVoltigeurs\t1\tdead\t1"));
  g_assert_true (g_strv_contains ((const char * const *) rows, "casualties\t\t1\tFrench\t2"));
  g_assert_true (g_strv_contains ((const char * const *) rows, "kills-career\t\tRichard Sharland\tunnamed\t2"));
  g_assert_true (g_strv_contains ((const char * const *) rows, "kill-matrix\t\t95th Rifles\tVoltigeurs\t1"));
  g_assert_true (g_strv_contains ((const char * const *) rows, "survival\t\t1\tVoltigeurs\t0.5"));
  /* Lefort ended at 1 of the two line infantry: a half. The riflemen
   * have no median yet: an empty cell. */
  g_assert_true (g_strv_contains ((const char * const *) rows, "median-games\t\tline\tmedian\t1"));
  g_assert_true (g_strv_contains ((const char * const *) rows, "median-games\t\trifleman\tmedian\t"));
}

static JsonObject *
find_object (JsonArray  *array,
             const char *series,
             const char *force)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *object = json_array_get_object_element (array, i);

      if (g_str_equal (json_object_get_string_member (object, "series"), series) &&
          (force == NULL || g_strcmp0 (json_object_get_string_member (object, "force"), force) == 0))
        return object;
    }
  g_error ("no series %s in the JSON", series);
  return NULL;
}

static JsonObject *
row_values (JsonObject *series,
            guint       row)
{
  JsonArray *rows = json_object_get_array_member (series, "rows");

  return json_object_get_object_member (json_array_get_object_element (rows, row), "values");
}

static void
test_json (Fixture       *f,
           gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *array;
  JsonObject *series;

  play (f);
  RUN_OK (f, &run, "stats", "Talavera", "--format", "json");
  g_assert_true (json_parser_load_from_data (parser, run.out, -1, &error));
  g_assert_no_error (error);
  array = json_node_get_array (json_parser_get_root (parser));
  /* Strength a force, then the campaign's other eight. */
  g_assert_cmpuint (json_array_get_length (array), ==, 10);

  series = find_object (array, "strength", "Voltigeurs");
  g_assert_cmpstr (json_object_get_string_member (series, "kind"), ==, "area");
  g_assert_cmpint (json_object_get_int_member (row_values (series, 0), "captured"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (row_values (series, 0), "fit"), ==, 0);
  g_assert_cmpstr (json_object_get_string_member (
                     json_array_get_object_element (json_object_get_array_member (series, "rows"), 0), "detail"),
                   ==, "The Bridge");

  series = find_object (array, "survival", NULL);
  g_assert_true (json_object_get_null_member (series, "force"));
  g_assert_cmpstr (json_object_get_string_member (series, "values"), ==, "share");
  g_assert_cmpfloat (json_object_get_double_member (row_values (series, 1), "Voltigeurs"), ==, 0.5);

  /* Line infantry first, as the ruleset lists them: Lefort ended at 1 of
   * the two; the riflemen have no median yet. */
  series = find_object (array, "median-games", NULL);
  g_assert_cmpint (json_object_get_int_member (row_values (series, 0), "median"), ==, 1);
  g_assert_true (json_object_get_null_member (row_values (series, 1), "median"));
  g_assert_cmpint (json_object_get_int_member (row_values (series, 1), "men"), ==, 2);

  series = find_object (array, "kill-matrix", NULL);
  g_assert_cmpint (json_object_get_int_member (row_values (series, 0), "Voltigeurs"), ==, 1);
}

/* One force: its strength alone, its casualties, its kills. */
static void
test_force (Fixture       *f,
            gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_auto(GStrv) rows = NULL;

  play (f);
  RUN_OK (f, &run, "stats", "Talavera", "--force", "Voltigeurs", "--format", "tsv");
  rows = lines (run.out);
  for (guint i = 1; rows[i] != NULL; i++)
    g_assert_false (g_str_has_prefix (rows[i], "strength\t95th Rifles"));
  g_assert_true (g_strv_contains ((const char * const *) rows, "casualties\t\t1\tFrench\t2"));
  for (guint i = 1; rows[i] != NULL; i++)
    g_assert_false (g_str_has_prefix (rows[i], "casualties\t\t1\tBritish"));
  for (guint i = 1; rows[i] != NULL; i++)
    g_assert_false (g_str_has_prefix (rows[i], "kills-career\t"));
}

static void
test_errors (Fixture       *f,
             gconstpointer  data)
{
  g_auto(Run) run = { 0, };

  play (f);
  RUN_FAILS (f, &run, 1, "strength, casualties, score, kills-career, kills-game, kill-matrix, "
                         "kills-elsewhere, survival, median-games",
             "stats", "Talavera", "--series", "morale");
  g_assert_null (strstr (run.err, "unit-strength"));
  RUN_FAILS (f, &run, 1, "use one of 95th Rifles, Voltigeurs", "stats", "Talavera", "--force", "Chasseurs");
  RUN_FAILS (f, &run, 2, "xml", "stats", "Talavera", "--format", "xml");
  RUN_FAILS (f, &run, 1, "Salamanca", "stats", "Salamanca");
  RUN_FAILS (f, &run, 2, "CAMPAIGN", "stats");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli-stats/text", Fixture, NULL, fixture_setup_fixed_time, test_text, fixture_teardown);
  g_test_add ("/cli-stats/tsv", Fixture, NULL, fixture_setup_fixed_time, test_tsv, fixture_teardown);
  g_test_add ("/cli-stats/json", Fixture, NULL, fixture_setup_fixed_time, test_json, fixture_teardown);
  g_test_add ("/cli-stats/force", Fixture, NULL, fixture_setup_fixed_time, test_force, fixture_teardown);
  g_test_add ("/cli-stats/errors", Fixture, NULL, fixture_setup_fixed_time, test_errors, fixture_teardown);

  return g_test_run ();
}
