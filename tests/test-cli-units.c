/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-cli-units"

#include "config.h"

#include <locale.h>
#include <string.h>
#include <sys/wait.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "muster-cli-test-util.h"
#include "muster-test-util.h"

/* muster-cli's unit commands, end to end, for every ruleset kept by
 * unit: new-unit, units, set-unit, rename and delete unit, recruit --unit,
 * new-game --with-unit and result for a unit's figures. */

/* A campaign with two forces, British and French. */
static void
make_campaign (Fixture    *f,
               const char *ruleset,
               const char *option)
{
  g_auto(Run) run = { 0, };

  if (option != NULL)
    RUN_OK (f, &run, "new-campaign", "Vimeiro", "--ruleset", ruleset, "--seed", "1808",
            "--option", option);
  else
    RUN_OK (f, &run, "new-campaign", "Vimeiro", "--ruleset", ruleset, "--seed", "1808");
  RUN_OK (f, &run, "new-force", "Vimeiro", "Fane", "--side", "British");
  RUN_OK (f, &run, "new-force", "Vimeiro", "Junot", "--side", "French");
}

static void
test_new_unit_and_list (Fixture       *f,
                        gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *array;
  JsonObject *object;

  make_campaign (f, "big-skirmishes", NULL);
  RUN_OK (f, &run, "new-unit", "Vimeiro", "Fane", "95th Rifles", "--type", "skirmishers", "--rating", "elite");
  g_assert_cmpstr (run.out, ==, "Unit “95th Rifles” added to “Fane” of Vimeiro: Skirmishers, Elite, 12 figures.\n1\n");
  RUN_OK (f, &run, "new-unit", "Vimeiro", "Fane", "50th Foot", "--type", "infantry", "--size", "14");
  g_assert_cmpuint (last_id (run.out), ==, 2);
  RUN_OK (f, &run, "new-unit", "Vimeiro", "Junot", "Foot artillery", "--type", "artillery");
  RUN_OK (f, &run, "new-unit", "Vimeiro", "Junot", "Legere", "--type", "infantry", "--rating", "raw");

  RUN_OK (f, &run, "units", "Vimeiro", "--format", "tsv");
  g_assert_true (g_str_has_prefix (run.out, "id\tname\tforce\tside\ttype\trating\tsize\tlost\tstatus\t"
                                            "move\treaction\tmorale\thalves\n"));
  g_assert_cmpuint (count_lines (run.out), ==, 5);
  assert_cell (run.out, 1, "name", "95th Rifles");
  assert_cell (run.out, 1, "force", "Fane");
  assert_cell (run.out, 1, "side", "British");
  assert_cell (run.out, 1, "type", "skirmishers");
  assert_cell (run.out, 1, "rating", "elite");
  assert_cell (run.out, 1, "size", "12");
  assert_cell (run.out, 1, "lost", "0");
  assert_cell (run.out, 1, "status", "active");
  assert_cell (run.out, 1, "reaction", "1");
  assert_cell (run.out, 2, "size", "14");
  assert_cell (run.out, 2, "rating", "average");
  /* Artillery is always Average, a gun and 4 crew. */
  assert_cell (run.out, 3, "rating", "average");
  assert_cell (run.out, 3, "size", "4");
  assert_cell (run.out, 4, "reaction", "-1");

  RUN_OK (f, &run, "units", "Vimeiro", "--force", "Junot", "--format", "json");
  g_assert_true (json_parser_load_from_data (parser, run.out, -1, &error));
  g_assert_no_error (error);
  array = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (array), ==, 2);
  object = json_array_get_object_element (array, 0);
  g_assert_cmpint (json_object_get_int_member (object, "id"), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (object, "type"), ==, "artillery");
  g_assert_cmpint (json_object_get_int_member (object, "size"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (object, "lost"), ==, 0);
  g_assert_true (json_object_has_member (object, "halves"));
  /* A column is numbers only when every value is one. */
  g_assert_cmpstr (json_object_get_string_member (object, "move"), ==, "6 / 2");
  g_assert_cmpint (json_object_get_int_member (object, "reaction"), ==, 0);
  object = json_array_get_object_element (array, 1);
  g_assert_cmpstr (json_object_get_string_member (object, "move"), ==, "4 / 6");
  g_assert_cmpint (json_object_get_int_member (object, "reaction"), ==, -1);

  RUN_OK (f, &run, "units", "Vimeiro", "--format", "json");
  g_assert_true (json_parser_load_from_data (parser, run.out, -1, &error));
  g_assert_no_error (error);
  object = json_array_get_object_element (json_node_get_array (json_parser_get_root (parser)), 0);
  g_assert_cmpstr (json_object_get_string_member (object, "move"), ==, "8");

  /* The text table names things for people. */
  RUN_OK (f, &run, "units", "Vimeiro");
  g_assert_nonnull (strstr (run.out, "Skirmishers"));
  g_assert_nonnull (strstr (run.out, "Elite"));

  RUN_FAILS (f, &run, 2, "--type", "new-unit", "Vimeiro", "Fane", "Guards");
  RUN_FAILS (f, &run, 2, "Unexpected", "new-unit", "Vimeiro", "Fane", "Guards", "extra", "--type", "infantry");
  RUN_FAILS (f, &run, 2, "--size", "new-unit", "Vimeiro", "Fane", "Guards", "--type", "infantry", "--size", "many");
  RUN_FAILS (f, &run, 2, "--size", "new-unit", "Vimeiro", "Fane", "Guards", "--type", "infantry", "--size", "0");
  RUN_FAILS (f, &run, 1, "hussars", "new-unit", "Vimeiro", "Fane", "Guards", "--type", "hussars");
  RUN_FAILS (f, &run, 1, "green", "new-unit", "Vimeiro", "Fane", "Guards", "--type", "infantry", "--rating", "green");
  RUN_FAILS (f, &run, 1, "Average", "new-unit", "Vimeiro", "Junot", "Guns", "--type", "artillery", "--rating", "elite");
  RUN_FAILS (f, &run, 1, "40", "new-unit", "Vimeiro", "Fane", "Guards", "--type", "infantry", "--size", "40");
  RUN_FAILS (f, &run, 1, "Picton", "new-unit", "Vimeiro", "Picton", "Guards", "--type", "infantry");
  RUN_FAILS (f, &run, 1, "Talavera", "new-unit", "Talavera", "Fane", "Guards", "--type", "infantry");
  RUN_FAILS (f, &run, 1, "Talavera", "units", "Talavera");
  RUN_FAILS (f, &run, 2, "xml", "units", "Vimeiro", "--format", "xml");
  RUN_FAILS (f, &run, 1, "Picton", "units", "Vimeiro", "--force", "Picton");
  /* Nothing was made by the refusals. */
  RUN_OK (f, &run, "units", "Vimeiro", "--format", "tsv");
  g_assert_cmpuint (count_lines (run.out), ==, 5);
}

/* In French the text table reads as French: a value the ruleset gives in
 * words, the unit's status and a stat named by a word ("class") are
 * translated; TSV and JSON keep ids and the ruleset's own words. */
static void
test_units_translated (Fixture       *f,
                       gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_autofree char *previous = g_strdup (setlocale (LC_ALL, NULL));

  if (setlocale (LC_ALL, "fr_FR.UTF-8") == NULL)
    {
      g_test_skip ("The fr_FR.UTF-8 locale is not installed");
      return;
    }
  setlocale (LC_ALL, previous);

  make_campaign (f, "big-skirmishes", NULL);
  RUN_OK (f, &run, "new-unit", "Vimeiro", "Fane", "50th Foot", "--type", "infantry", "--rating", "elite");
  RUN_OK (f, &run, "recruit", "Vimeiro", "Fane", "--type", "character", "--name", "Sergeant Bell");
  RUN_OK (f, &run, "units", "Vimeiro", "--format", "tsv");
  g_assert_nonnull (strstr (run.out, "\tactive\t4 / 6\t1\tre-roll 1s\tround up\n"));

  f->envp = g_environ_setenv (f->envp, "LC_ALL", "fr_FR.UTF-8", TRUE);
  f->envp = g_environ_setenv (f->envp, "LANGUAGE", "fr", TRUE);
  RUN_OK (f, &run, "units", "Vimeiro");
  g_assert_nonnull (strstr (run.out, "relance les 1"));
  g_assert_nonnull (strstr (run.out, "arrondi sup."));
  g_assert_nonnull (strstr (run.out, "Active"));
  g_assert_null (strstr (run.out, "re-roll"));
  g_assert_null (strstr (run.out, "round up"));
  g_assert_null (strstr (run.out, "active"));
  RUN_OK (f, &run, "roster", "Vimeiro");
  g_assert_nonnull (strstr (run.out, "Classe"));
  g_assert_null (strstr (run.out, "class"));
  /* TSV and JSON keep the status's id and the ruleset's own words. */
  RUN_OK (f, &run, "units", "Vimeiro", "--format", "tsv");
  g_assert_nonnull (strstr (run.out, "\tactive\t4 / 6\t1\tre-roll 1s\tround up\n"));
  RUN_OK (f, &run, "units", "Vimeiro", "--format", "json");
  g_assert_nonnull (strstr (run.out, "\"re-roll 1s\""));
}

static void
test_set_rename_delete (Fixture       *f,
                        gconstpointer  data)
{
  g_auto(Run) run = { 0, };

  make_campaign (f, "chosen-men", NULL);
  RUN_OK (f, &run, "new-unit", "Vimeiro", "Fane", "Light company", "--type", "infantry", "--rating", "veteran");
  RUN_OK (f, &run, "recruit", "Vimeiro", "Fane", "--type", "squad-leader", "--name", "Sergeant Harden",
          "--unit", "Light company");

  RUN_OK (f, &run, "set-unit", "1", "--rating", "crack", "--size", "12", "--lost", "2",
          "--value", "colours=1", "--value", "musicians=2", "--notes", "Carries the King's colour");
  RUN_OK (f, &run, "units", "Vimeiro", "--format", "tsv");
  assert_cell (run.out, 1, "rating", "crack");
  assert_cell (run.out, 1, "size", "12");
  assert_cell (run.out, 1, "lost", "2");
  assert_cell (run.out, 1, "base-morale", "10");
  assert_cell (run.out, 1, "colours", "1");
  assert_cell (run.out, 1, "musicians", "2");

  RUN_OK (f, &run, "set-unit", "Light company", "--campaign", "Vimeiro", "--status", "disbanded");
  RUN_OK (f, &run, "units", "Vimeiro", "--format", "tsv");
  assert_cell (run.out, 1, "status", "disbanded");

  RUN_FAILS (f, &run, 1, "--campaign", "set-unit", "Light company", "--rating", "green");
  RUN_FAILS (f, &run, 1, "99", "set-unit", "99", "--rating", "green");
  RUN_FAILS (f, &run, 1, "elite", "set-unit", "1", "--rating", "elite");
  RUN_FAILS (f, &run, 1, "13", "set-unit", "1", "--lost", "13");
  RUN_FAILS (f, &run, 1, "routed", "set-unit", "1", "--status", "routed");
  RUN_FAILS (f, &run, 1, "Musicians", "set-unit", "1", "--value", "musicians=3");
  RUN_FAILS (f, &run, 1, "horses", "set-unit", "1", "--value", "horses=3");
  RUN_FAILS (f, &run, 2, "KEY=NUMBER", "set-unit", "1", "--value", "colours");
  RUN_FAILS (f, &run, 2, "--lost", "set-unit", "1", "--lost", "-1");

  RUN_OK (f, &run, "rename", "unit", "1", "Grenadier company");
  RUN_OK (f, &run, "rename", "unit", "Grenadier company", "Light company", "--campaign", "Vimeiro");
  RUN_FAILS (f, &run, 2, "--campaign", "rename", "unit", "Light company", "Rifles");
  RUN_FAILS (f, &run, 2, "unit", "rename", "regiment", "1", "Rifles");
  RUN_OK (f, &run, "units", "Vimeiro", "--format", "tsv");
  assert_cell (run.out, 1, "name", "Light company");

  /* Deleting a unit keeps its characters, no longer attached. */
  RUN_OK (f, &run, "delete", "unit", "Light company", "--campaign", "Vimeiro");
  RUN_OK (f, &run, "units", "Vimeiro", "--format", "tsv");
  g_assert_cmpuint (count_lines (run.out), ==, 1);
  RUN_OK (f, &run, "roster", "Vimeiro", "--format", "tsv");
  g_assert_cmpuint (count_lines (run.out), ==, 2);
  RUN_FAILS (f, &run, 1, "1", "delete", "unit", "1");
}

/* Big Skirmishes: named Characters with a Class, in units. */
static void
test_recruit_into_unit (Fixture       *f,
                        gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  int leaders = 0, heroes = 0;

  make_campaign (f, "big-skirmishes", NULL);
  RUN_OK (f, &run, "new-unit", "Vimeiro", "Fane", "95th Rifles", "--type", "skirmishers");
  RUN_OK (f, &run, "new-unit", "Vimeiro", "Junot", "Voltigeurs", "--type", "skirmishers");
  RUN_OK (f, &run, "recruit", "Vimeiro", "Fane", "--type", "character", "--count", "12",
          "--unit", "95th Rifles");
  {
    g_auto(GStrv) ids = id_lines (run.out);

    g_assert_cmpuint (g_strv_length (ids), ==, 12);
    g_assert_nonnull (strstr (run.out, " joined “Fane” of Vimeiro as Character, in 95th Rifles.\n"));
  }
  RUN_OK (f, &run, "recruit", "Vimeiro", "Fane", "--type", "mounted-character", "--name", "Colonel Lawton");

  RUN_OK (f, &run, "roster", "Vimeiro", "--format", "tsv");
  g_assert_cmpuint (count_lines (run.out), ==, 14);
  for (guint row = 1; row <= 13; row++)
    {
      g_autofree char *cell = tsv_cell (run.out, row, "class");
      gint64 value;

      g_assert_true (g_ascii_string_to_signed (cell, 10, 1, 4, &value, NULL));
      leaders += value == 3;
      heroes += value == 4;
    }
  /* No more than 2 Leaders and 1 Hero on a side. */
  g_assert_cmpint (leaders, <=, 2);
  g_assert_cmpint (heroes, <=, 1);
  assert_cell (run.out, 13, "type", "mounted-character");
  assert_cell (run.out, 1, "unit", "95th Rifles");
  assert_cell (run.out, 13, "unit", "");
  g_assert_true (g_str_has_prefix (run.out, "id\tname\tforce\tside\tunit\ttype\tweapon\tstatus\tclass\t"));
  RUN_OK (f, &run, "show", "1");
  g_assert_nonnull (strstr (run.out, "95th Rifles"));
  RUN_OK (f, &run, "show", "1", "--format", "tsv");
  assert_cell (run.out, 1, "unit_id", "1");

  RUN_FAILS (f, &run, 1, "Voltigeurs", "recruit", "Vimeiro", "Fane", "--type", "character",
             "--unit", "Voltigeurs");
  RUN_FAILS (f, &run, 1, "Hussars", "recruit", "Vimeiro", "Fane", "--type", "character",
             "--unit", "Hussars");
  RUN_OK (f, &run, "roster", "Vimeiro", "--format", "tsv");
  g_assert_cmpuint (count_lines (run.out), ==, 14);

  /* A wound costs a Class for good: at 0 he is invalided out. */
  RUN_OK (f, &run, "recruit", "Vimeiro", "Junot", "--type", "character", "--name", "Colonel Leroux",
          "--unit", "Voltigeurs");
  RUN_OK (f, &run, "set", "1", "--stat", "class=2");
  RUN_OK (f, &run, "set", "2", "--stat", "class=1");
  RUN_OK (f, &run, "new-game", "Vimeiro", "The bridge", "--with", "1", "--with", "2",
          "--with", "Colonel Leroux", "--with-unit", "95th Rifles", "--with-unit", "Voltigeurs");
  RUN_OK (f, &run, "result", "1", "1", "--outcome", "wounded", "--light", "1");
  RUN_OK (f, &run, "result", "1", "2", "--outcome", "wounded", "--light", "1");
  RUN_OK (f, &run, "result", "1", "95th Rifles", "--killed-figures", "3");
  RUN_FAILS (f, &run, 1, "wounded", "result", "1", "Voltigeurs", "--wounded-figures", "3");
  RUN_OK (f, &run, "resolve", "1");
  RUN_OK (f, &run, "roster", "Vimeiro", "--format", "tsv");
  assert_cell (run.out, 1, "class", "1");
  assert_cell (run.out, 1, "status", "active");
  assert_cell (run.out, 2, "class", "0");
  assert_cell (run.out, 2, "status", "retired");
  RUN_OK (f, &run, "units", "Vimeiro", "--format", "tsv");
  assert_cell (run.out, 1, "lost", "3");
}

/* Chosen Men from the command line: a game with units, their figures and
 * colours, resolved and undone. */
static void
test_unit_game (Fixture       *f,
                gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_autofree char *game = NULL;
  g_autofree char *resolved = NULL;

  make_campaign (f, "chosen-men", NULL);
  RUN_OK (f, &run, "new-unit", "Vimeiro", "Fane", "Rifles", "--type", "skirmishers", "--rating", "crack");
  RUN_OK (f, &run, "new-unit", "Vimeiro", "Junot", "Grenadiers", "--type", "infantry", "--rating", "veteran");
  RUN_OK (f, &run, "new-unit", "Vimeiro", "Junot", "Fusiliers", "--type", "infantry", "--rating", "regular");
  RUN_OK (f, &run, "recruit", "Vimeiro", "Fane", "--type", "squad-leader", "--name", "Sergeant Harden",
          "--unit", "Rifles");
  RUN_OK (f, &run, "recruit", "Vimeiro", "Junot", "--type", "captain", "--name", "Capitaine Duclos",
          "--unit", "Grenadiers");

  RUN_FAILS (f, &run, 2, "--with-unit", "new-game", "Vimeiro", "Valdelacasa");
  RUN_FAILS (f, &run, 1, "Hussars", "new-game", "Vimeiro", "Valdelacasa", "--with-unit", "Hussars");
  /* The units bring their characters. */
  RUN_OK (f, &run, "new-game", "Vimeiro", "Valdelacasa", "--with-unit", "Rifles",
          "--with-unit", "Grenadiers", "--with-unit", "Fusiliers");
  game = last_line (run.out);
  RUN_OK (f, &run, "game", game, "--format", "tsv");
  g_assert_cmpuint (count_lines (run.out), ==, 3);

  RUN_OK (f, &run, "result", game, "--unit", "Grenadiers", "--killed-figures", "2",
          "--wounded-figures", "1", "--captured-figures", "1", "--colours", "lost");
  RUN_OK (f, &run, "result", game, "Rifles", "--killed-figures", "1", "--colours", "captured");
  RUN_OK (f, &run, "result", game, "Sergeant Harden", "--outcome", "wounded", "--serious", "1");
  RUN_FAILS (f, &run, 1, "cannot lose 11", "result", game, "--unit", "Fusiliers", "--killed-figures", "11");
  RUN_FAILS (f, &run, 2, "--killed-figures", "result", game, "--unit", "Fusiliers", "--killed-figures", "-1");
  RUN_FAILS (f, &run, 2, "--run-figures", "result", game, "--unit", "Fusiliers", "--run-figures", "x");
  RUN_FAILS (f, &run, 1, "run", "result", game, "--unit", "Fusiliers", "--run-figures", "1");
  RUN_FAILS (f, &run, 1, "stolen", "result", game, "--unit", "Fusiliers", "--colours", "stolen");
  RUN_FAILS (f, &run, 2, "--outcome", "result", game, "--unit", "Fusiliers", "--outcome", "killed");
  RUN_FAILS (f, &run, 2, "GAME UNIT", "result", game, "--killed-figures", "1");
  RUN_FAILS (f, &run, 1, "Hussars", "result", game, "--unit", "Hussars", "--killed-figures", "1");
  RUN_OK (f, &run, "game", game, "--units", "--format", "tsv");
  g_assert_true (g_str_has_prefix (run.out, "unit_id\tname\tforce\tside\tfigures\tkilled\twounded\t"
                                            "captured\trun\tcolours\trecorded\n"));
  assert_cell (run.out, 1, "name", "Rifles");
  assert_cell (run.out, 1, "figures", "8");
  assert_cell (run.out, 1, "colours", "captured");
  assert_cell (run.out, 2, "killed", "2");
  assert_cell (run.out, 2, "wounded", "1");
  assert_cell (run.out, 2, "captured", "1");
  assert_cell (run.out, 2, "colours", "lost");
  assert_cell (run.out, 3, "recorded", "false");
  RUN_OK (f, &run, "game", game, "--units");
  g_assert_nonnull (strstr (run.out, "taken"));

  RUN_OK (f, &run, "units", "Vimeiro", "--format", "tsv");
  resolved = g_strdup (run.out);
  RUN_OK (f, &run, "resolve", game, "--format", "tsv");
  g_assert_nonnull (strstr (run.out, "\tunit_id\tconsequence\n"));
  g_assert_nonnull (strstr (run.out, "morale-loss"));
  RUN_OK (f, &run, "units", "Vimeiro", "--format", "tsv");
  assert_cell (run.out, 1, "lost", "1");
  assert_cell (run.out, 1, "base-morale", "12");
  assert_cell (run.out, 2, "lost", "4");
  assert_cell (run.out, 2, "base-morale", "7");
  assert_cell (run.out, 3, "lost", "0");
  assert_cell (run.out, 3, "base-morale", "6");

  /* Results are closed once resolved; undo opens them again. */
  RUN_FAILS (f, &run, 1, "resolved", "result", game, "--unit", "Fusiliers", "--killed-figures", "1");
  RUN_OK (f, &run, "undo-resolve", "Vimeiro");
  RUN_OK (f, &run, "units", "Vimeiro", "--format", "tsv");
  g_assert_cmpstr (run.out, ==, resolved);
}

/* The README's Chosen Men campaign, with colours taken from the enemy:
 * the unit gains base morale for good, and the exported file imports
 * again with it. */
static void
test_export_colours_taken (Fixture       *f,
                           gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_autofree char *path = g_build_filename (f->dir, "f.muster", NULL);
  g_autofree char *copy = NULL;

  RUN_OK (f, &run, "new-campaign", "Coa 1810", "--ruleset", "chosen-men");
  RUN_OK (f, &run, "new-force", "Coa 1810", "95th Rifles", "--side", "British");
  RUN_OK (f, &run, "new-force", "Coa 1810", "4e Léger", "--side", "French");
  RUN_OK (f, &run, "new-unit", "Coa 1810", "95th Rifles", "Leach's squad", "--type", "skirmishers",
          "--rating", "veteran");
  RUN_OK (f, &run, "new-unit", "Coa 1810", "4e Léger", "Voltigeurs", "--type", "skirmishers",
          "--rating", "regular");
  RUN_OK (f, &run, "recruit", "Coa 1810", "95th Rifles", "--type", "squad-leader", "--unit", "Leach's squad");
  RUN_OK (f, &run, "new-game", "Coa 1810", "The bridge", "--with-unit", "Leach's squad",
          "--with-unit", "Voltigeurs");
  RUN_OK (f, &run, "result", "1", "--unit", "Voltigeurs", "--killed-figures", "2",
          "--wounded-figures", "1", "--colours", "lost");
  RUN_OK (f, &run, "result", "1", "--unit", "Leach's squad", "--colours", "captured");
  RUN_OK (f, &run, "finish", "1", "--winner", "British");
  RUN_OK (f, &run, "resolve", "1");
  RUN_OK (f, &run, "export", "Coa 1810", "-o", path);
  RUN_OK (f, &run, "import", path);
  copy = last_line (run.out);

  RUN_OK (f, &run, "units", copy, "--format", "tsv");
  assert_cell (run.out, 1, "name", "Leach's squad");
  assert_cell (run.out, 1, "base-morale", "11");
  assert_cell (run.out, 2, "name", "Voltigeurs");
  assert_cell (run.out, 2, "base-morale", "6");
}

/* The ids of issue 5 for each ruleset kept by unit. */
static void
test_every_ruleset (Fixture       *f,
                    gconstpointer  data)
{
  static const struct {
    const char *ruleset;
    const char *types[8];
    const char *ratings[7];
  } rulesets[] = {
    { "big-skirmishes", { "infantry", "cavalry", "skirmishers", "artillery", "indians" },
      { "elite", "average", "raw" } },
    { "napoleonic-skirmish", { "grenadier", "line", "militia", "light", "mounted", "guerillas", "artillery" },
      { NULL } },
    { "chosen-men", { "infantry" },
      { "tribes", "raw-militia", "green", "regular", "veteran", "crack" } },
    { "small-unit-engagements", { "regular", "irregular" }, { "tough", "normal", "weak" } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rulesets); i++)
    {
      g_auto(Run) run = { 0, };
      g_autofree char *name = g_strdup_printf ("Campaign %u", i);
      guint n = 0;

      RUN_OK (f, &run, "new-campaign", name, "--ruleset", rulesets[i].ruleset, "--seed", "1");
      RUN_OK (f, &run, "new-force", name, "Fane", "--side", "British");
      for (guint t = 0; rulesets[i].types[t] != NULL; t++)
        {
          g_autofree char *unit = g_strdup_printf ("Unit %u", n++);
          gboolean always_average = g_str_equal (rulesets[i].ruleset, "big-skirmishes") &&
                                    (g_str_equal (rulesets[i].types[t], "artillery") ||
                                     g_str_equal (rulesets[i].types[t], "indians"));

          RUN_OK (f, &run, "new-unit", name, "Fane", unit, "--type", rulesets[i].types[t]);
          for (guint r = 0; rulesets[i].ratings[r] != NULL && !always_average; r++)
            {
              g_autofree char *rated = g_strdup_printf ("Unit %u", n++);

              RUN_OK (f, &run, "new-unit", name, "Fane", rated, "--type", rulesets[i].types[t],
                      "--rating", rulesets[i].ratings[r]);
            }
        }
      RUN_OK (f, &run, "units", name, "--format", "tsv");
      g_assert_cmpuint (count_lines (run.out), ==, n + 1);
    }

  /* Chosen Men's base morale follows the rating, 5 to 10. */
  {
    g_auto(Run) run = { 0, };

    RUN_OK (f, &run, "units", "Campaign 2", "--format", "tsv");
    for (guint row = 2; row <= 7; row++)
      {
        g_autofree char *expected = g_strdup_printf ("%u", row + 3);
        assert_cell (run.out, row, "base-morale", expected);
      }
    /* Small Unit Engagements: four bases of 3, or two of 5. */
    RUN_OK (f, &run, "units", "Campaign 3", "--format", "tsv");
    assert_cell (run.out, 1, "size", "12");
    assert_cell (run.out, 1, "bases", "4");
    assert_cell (run.out, 5, "size", "10");
    assert_cell (run.out, 5, "bases", "2");
    /* A sharpe's campaign keeps no units. */
    RUN_OK (f, &run, "new-campaign", "Talavera", "--ruleset", "sharpes-skirmish");
    RUN_OK (f, &run, "new-force", "Talavera", "Rifles");
    RUN_FAILS (f, &run, 1, "unit", "new-unit", "Talavera", "Rifles", "Light company", "--type", "infantry");
  }
}

/* Napoleonic Skirmish 1.9: figures wounded roll to rejoin, with faces
 * typed in for the unit by name. */
/* A side may be made of units alone, with no character at all; and a
 * refused game leaves nothing behind. */
static void
test_unit_only_side (Fixture       *f,
                     gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_autofree char *game = NULL;

  make_campaign (f, "napoleonic-skirmish", NULL);
  RUN_OK (f, &run, "new-unit", "Vimeiro", "Fane", "1st Line", "--type", "line");
  RUN_OK (f, &run, "new-unit", "Vimeiro", "Junot", "Voltigeurs", "--type", "light");
  RUN_OK (f, &run, "recruit", "Vimeiro", "Fane", "--type", "officer", "--name", "Captain Lemoine", "--unit", "1st Line");
  RUN_OK (f, &run, "set-unit", "Voltigeurs", "--campaign", "Vimeiro", "--status", "disbanded");
  RUN_FAILS (f, &run, 1, "Voltigeurs", "new-game", "Vimeiro", "Rolica",
             "--with-unit", "1st Line", "--with-unit", "Voltigeurs");
  RUN_OK (f, &run, "games", "Vimeiro", "--format", "tsv");
  g_assert_cmpuint (count_lines (run.out), ==, 1);

  RUN_OK (f, &run, "set-unit", "Voltigeurs", "--campaign", "Vimeiro", "--status", "active");
  RUN_OK (f, &run, "new-game", "Vimeiro", "Rolica", "--with-unit", "1st Line", "--with-unit", "Voltigeurs");
  game = last_line (run.out);
  RUN_OK (f, &run, "game", game, "--format", "tsv");
  g_assert_cmpuint (count_lines (run.out), ==, 2);
  RUN_OK (f, &run, "game", game, "--units", "--format", "tsv");
  g_assert_cmpuint (count_lines (run.out), ==, 3);
}

static void
test_unit_faces (Fixture       *f,
                 gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_autofree char *game = NULL;

  make_campaign (f, "napoleonic-skirmish", NULL);
  RUN_OK (f, &run, "new-unit", "Vimeiro", "Fane", "1st Line", "--type", "line");
  RUN_OK (f, &run, "new-unit", "Vimeiro", "Junot", "Voltigeurs", "--type", "light");
  RUN_OK (f, &run, "recruit", "Vimeiro", "Fane", "--type", "officer", "--name", "Captain Lemoine", "--unit", "1st Line");
  RUN_OK (f, &run, "recruit", "Vimeiro", "Junot", "--type", "nco", "--name", "Sergent Dubois", "--unit", "Voltigeurs");
  RUN_OK (f, &run, "new-game", "Vimeiro", "Rolica", "--with-unit", "1st Line", "--with-unit", "Voltigeurs");
  game = last_line (run.out);
  RUN_OK (f, &run, "result", game, "1st Line", "--killed-figures", "1", "--wounded-figures", "3",
          "--captured-figures", "1", "--run-figures", "2");
  RUN_OK (f, &run, "result", game, "Sergent Dubois", "--outcome", "killed");

  RUN_OK (f, &run, "resolve", game, "--plan", "--format", "tsv");
  g_assert_cmpuint (count_lines (run.out), ==, 2);
  assert_cell (run.out, 1, "character", "1st Line");
  assert_cell (run.out, 1, "dice", "3d6");
  assert_cell (run.out, 1, "unit_id", "1");
  assert_cell (run.out, 1, "character_id", "");

  RUN_FAILS (f, &run, 1, "1st Line", "resolve", game, "--faces", "1st Line=4,5");
  RUN_OK (f, &run, "resolve", game, "--faces", "1st Line=4,5,1");
  g_assert_nonnull (strstr (run.out, "rolled at the table"));
  RUN_OK (f, &run, "units", "Vimeiro", "--format", "tsv");
  /* 1 killed, 1 wounded who did not rejoin, 1 captured. */
  assert_cell (run.out, 1, "lost", "3");
  RUN_OK (f, &run, "roster", "Vimeiro", "--format", "tsv");
  assert_cell (run.out, 2, "status", "dead");
}

/* Napoleonic Skirmish: a gun's formations under its own names in the
 * units table; TSV keeps the value alone. */
static void
test_formation_names (Fixture       *f,
                      gconstpointer  data)
{
  g_auto(Run) run = { 0, };

  make_campaign (f, "napoleonic-skirmish", NULL);
  RUN_OK (f, &run, "new-unit", "Vimeiro", "Junot", "Foot battery", "--type", "artillery");
  RUN_OK (f, &run, "new-unit", "Vimeiro", "Junot", "1er Ligne", "--type", "line");

  RUN_OK (f, &run, "units", "Vimeiro");
  g_assert_nonnull (strstr (run.out, "Limbered: 3 / 4 / – / –"));
  g_assert_nonnull (strstr (run.out, "Manhandled: 2 / 2 / – / –"));
  g_assert_null (strstr (run.out, ": 2 / – / 3 / –"));
  RUN_OK (f, &run, "units", "Vimeiro", "--format", "tsv");
  assert_cell (run.out, 1, "line", "3 / 4 / – / –");
  assert_cell (run.out, 1, "column", "2 / 2 / – / –");
}

/* Chosen Men: an officer's rating as his trait makes it, the trait
 * named, in the roster and on his sheet; TSV and JSON keep the value he
 * rolled, which set --stat changes. */
static void
test_officer_trait (Fixture       *f,
                    gconstpointer  data)
{
  g_auto(Run) run = { 0, };

  make_campaign (f, "chosen-men", NULL);
  RUN_OK (f, &run, "recruit", "Vimeiro", "Fane", "--type", "lieutenant", "--name", "John Cotter");
  RUN_OK (f, &run, "set", "John Cotter", "--campaign", "Vimeiro", "--stat", "rating=1", "--stat", "character=1");

  RUN_OK (f, &run, "roster", "Vimeiro");
  g_assert_nonnull (strstr (run.out, "0 (Coward −1)"));
  RUN_OK (f, &run, "roster", "Vimeiro", "--format", "tsv");
  assert_cell (run.out, 1, "rating", "1");
  RUN_OK (f, &run, "show", "John Cotter", "--campaign", "Vimeiro");
  g_assert_nonnull (strstr (run.out, "Character rating 0 (Coward −1)\n"));
  g_assert_nonnull (strstr (run.out, " 1 Coward\n"));

  /* An inspiring officer. */
  RUN_OK (f, &run, "set", "John Cotter", "--campaign", "Vimeiro", "--stat", "character=8");
  RUN_OK (f, &run, "show", "John Cotter", "--campaign", "Vimeiro");
  g_assert_nonnull (strstr (run.out, "Character rating 2 (Inspiring +1)\n"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add ((path), Fixture, NULL, fixture_setup_fixed_time, (func), fixture_teardown)
  ADD ("/cli/units/new-unit-and-list", test_new_unit_and_list);
  ADD ("/cli/units/translated", test_units_translated);
  ADD ("/cli/units/set-rename-delete", test_set_rename_delete);
  ADD ("/cli/units/recruit", test_recruit_into_unit);
  ADD ("/cli/units/game", test_unit_game);
  ADD ("/cli/units/every-ruleset", test_every_ruleset);
  ADD ("/cli/units/faces", test_unit_faces);
  ADD ("/cli/units/unit-only-side", test_unit_only_side);
  ADD ("/cli/units/export-colours-taken", test_export_colours_taken);
  ADD ("/cli/units/formation-names", test_formation_names);
  ADD ("/cli/units/officer-trait", test_officer_trait);
#undef ADD

  return g_test_run ();
}
