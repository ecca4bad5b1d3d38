/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-cli"

#include "config.h"

#include <locale.h>
#include <string.h>
#include <sys/wait.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <sqlite3.h>

#include "muster-campaign.h"
#include "muster-store.h"
#include "muster-test-util.h"
#include "muster-cli-test-util.h"

/* --- Recruits -------------------------------------------------------------- */

static void
test_recruit_count (Fixture       *f,
                    gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *campaign = new_campaign (f, "Fuentes de Oñoro");
  g_autofree char *force = new_force (f, campaign, "Light Company", "British");
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GStrv) ids = NULL;
  guint before;

  RUN_OK (f, &run, "recruit", campaign, force, "--type", "line");
  last_id (run.out);
  before = roster_size (f, campaign);
  g_assert_cmpuint (before, ==, 1);

  RUN_OK (f, &run, "recruit", campaign, "Light Company", "--type", "line", "--count", "5");
  last_id (run.out);
  ids = id_lines (run.out);
  g_assert_cmpuint (g_strv_length (ids), ==, 5);
  /* A line for each recruit, then the ids. */
  g_assert_cmpuint (count_lines (run.out), ==, 10);
  g_assert_nonnull (strstr (run.out, " joined “Light Company” of Fuentes de Oñoro as Line infantry.\n"));
  for (guint i = 0; ids[i] != NULL; i++)
    g_assert_true (g_hash_table_add (seen, g_strdup (ids[i])));
  g_assert_cmpuint (roster_size (f, campaign), ==, before + 5);

  RUN_FAILS (f, &run, 2, "--count", "recruit", campaign, force, "--type", "line", "--count", "0");
  RUN_FAILS (f, &run, 2, "--name", "recruit", campaign, force, "--type", "line",
             "--count", "2", "--name", "Harden");
  /* What the store refuses, refused as the store says it: with what
   * there is to choose from. */
  RUN_FAILS (f, &run, 1, "has no troop type “hussar”. Choose one of: line, voltigeur,",
             "recruit", campaign, force, "--type", "hussar");
  RUN_FAILS (f, &run, 1, "has no weapon “lance”. Choose one of: ",
             "recruit", campaign, force, "--type", "line", "--weapon", "lance");
  g_assert_cmpuint (roster_size (f, campaign), ==, before + 5);
}

static void
test_recruit_named (Fixture       *f,
                    gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *campaign = new_campaign (f, "Oporto");
  g_autofree char *force = new_force (f, campaign, "South Devon", "British");
  g_autofree char *id = NULL;
  g_auto(GStrv) row = NULL;

  RUN_OK (f, &run, "recruit", campaign, force, "--type", "rifle-officer", "--name", "Richard Sharland");
  id = id_string (last_id (run.out));
  g_assert_true (g_str_has_prefix (run.out, "Richard Sharland joined “South Devon” of Oporto as Rifle officer.\n"));
  row = roster_row (f, campaign, id);
  g_assert_nonnull (row);
  g_assert_cmpstr (row[COL_NAME], ==, "Richard Sharland");
  g_assert_cmpstr (row[COL_FORCE], ==, "South Devon");
  g_assert_cmpstr (row[COL_SIDE], ==, "British");
  g_assert_cmpstr (row[COL_TYPE], ==, "rifle-officer");
  g_assert_cmpstr (row[COL_WEAPON], ==, "rifle");
  g_assert_cmpstr (row[COL_STATUS], ==, "active");

  RUN_FAILS (f, &run, 1, NULL, "recruit", campaign, force, "--type", "line", "--name", "95");
  RUN_FAILS (f, &run, 1, "dragoon", "recruit", campaign, force, "--type", "dragoon");
  RUN_FAILS (f, &run, 1, "lance", "recruit", campaign, force, "--type", "line", "--weapon", "lance");
  g_assert_cmpuint (roster_size (f, campaign), ==, 1);

  RUN (f, &run, "recruit", campaign, force, "--type", "rifleman", "--count", "2", "--verbose");
  g_assert_cmpint (run.status, ==, 0);
  last_id (run.out);
  g_assert_cmpuint (count_lines (run.out), ==, 4);
  g_assert_cmpstr (run.err, !=, "");
}

/* --- Roster ------------------------------------------------------------------ */

static void
test_roster_tsv (Fixture       *f,
                 gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *campaign = new_campaign (f, "Sorauren");
  g_autofree char *british = new_force (f, campaign, "Riflemen", "British");
  g_autofree char *french = new_force (f, campaign, "Voltigeurs", "French");

  RUN_OK (f, &run, "roster", campaign, "--format", "tsv");
  g_assert_cmpstr (run.out, ==, "id\tname\tforce\tside\ttype\tweapon\tstatus\tI\tD\tS\tC\tF\tkills\tgames\tout_games\n");

  RUN_OK (f, &run, "recruit", campaign, french, "--type", "line", "--count", "4");
  RUN_OK (f, &run, "recruit", campaign, british, "--type", "rifleman", "--count", "3");

  RUN_OK (f, &run, "roster", campaign, "--format", "tsv");
  rows = tsv_rows (run.out, roster_header);
  g_assert_cmpuint (rows->len, ==, 7);
  for (guint i = 0; i < rows->len; i++)
    {
      GStrv row = g_ptr_array_index (rows, i);
      gboolean line = g_str_equal (row[COL_TYPE], "line");

      g_assert_cmpstr (row[COL_STATUS], ==, "active");
      g_assert_cmpstr (row[COL_WEAPON], ==, line ? "musket" : "rifle");
      g_assert_cmpstr (row[COL_SIDE], ==, line ? "French" : "British");
      for (guint c = COL_I; c <= COL_F; c++)
        {
          gint64 value = g_ascii_strtoll (row[c], NULL, 10);

          g_assert_cmpint (value, >=, 1);
          g_assert_cmpint (value, <=, 12);
        }
      if (line)
        g_assert_cmpint (g_ascii_strtoll (row[COL_F], NULL, 10), <=, 9);
      g_assert_cmpstr (row[COL_KILLS], ==, "0");
      g_assert_cmpstr (row[COL_GAMES], ==, "0");
      g_assert_cmpstr (row[COL_OUT_GAMES], ==, "0");
    }

  g_clear_pointer (&rows, g_ptr_array_unref);
  RUN_OK (f, &run, "roster", campaign, "--force", "Riflemen", "--format", "tsv");
  rows = tsv_rows (run.out, roster_header);
  g_assert_cmpuint (rows->len, ==, 3);

  RUN_OK (f, &run, "roster", campaign);
  g_assert_nonnull (strstr (run.out, "Name"));
  g_assert_nonnull (strstr (run.out, "Voltigeurs"));
  g_assert_nonnull (strstr (run.out, "Line infantry"));

  RUN_FAILS (f, &run, 1, "Hussars", "roster", campaign, "--force", "Hussars");
}

static void
test_roster_json (Fixture       *f,
                  gconstpointer  data)
{
  static const char *keys[] = { "id", "name", "force", "side", "type", "weapon", "status",
                                "I", "D", "S", "C", "F", "kills", "games", "out_games" };
  static const char *numbers[] = { "id", "I", "D", "S", "C", "F", "kills", "games", "out_games" };
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *campaign = new_campaign (f, "Roliça");
  g_autofree char *force = new_force (f, campaign, "Chosen Men", "British");
  JsonArray *array;

  RUN_OK (f, &run, "recruit", campaign, force, "--type", "chasseur", "--count", "3");
  RUN_OK (f, &run, "roster", campaign, "--format", "json");
  json_parser_load_from_data (parser, run.out, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (json_parser_get_root (parser)));
  array = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (array), ==, 3);

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *object = json_array_get_object_element (array, i);

      g_assert_nonnull (object);
      g_assert_cmpuint (json_object_get_size (object), ==, G_N_ELEMENTS (keys));
      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        g_assert_true (json_object_has_member (object, keys[k]));
      for (guint k = 0; k < G_N_ELEMENTS (numbers); k++)
        g_assert_cmpint (json_node_get_value_type (json_object_get_member (object, numbers[k])),
                         ==, G_TYPE_INT64);
      g_assert_cmpstr (json_object_get_string_member (object, "type"), ==, "chasseur");
      g_assert_cmpstr (json_object_get_string_member (object, "force"), ==, "Chosen Men");
      g_assert_cmpint (json_object_get_int_member (object, "I"), >=, 1);
    }
}

/* --- show and set ------------------------------------------------------------ */

static void
test_show (Fixture       *f,
           gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *campaign = new_campaign (f, "Almeida");
  g_autofree char *force = new_force (f, campaign, "Cacadores", "Portuguese");
  g_autofree char *id = NULL;
  JsonObject *object;

  RUN_OK (f, &run, "recruit", campaign, force, "--type", "rifleman", "--name", "Jorge Vicente");
  id = id_string (last_id (run.out));

  RUN_OK (f, &run, "show", id);
  g_assert_true (g_str_has_prefix (run.out, "Jorge Vicente\n"));
  g_assert_nonnull (strstr (run.out, "Initiative"));
  g_assert_nonnull (strstr (run.out, "Baker rifle"));
  g_assert_nonnull (strstr (run.out, "Almeida"));

  RUN_OK (f, &run, "show", "Jorge Vicente", "--campaign", "Almeida", "--format", "json");
  json_parser_load_from_data (parser, run.out, -1, &error);
  g_assert_no_error (error);
  object = json_node_get_object (json_parser_get_root (parser));
  g_assert_nonnull (object);
  g_assert_cmpint (json_object_get_int_member (object, "id"), ==, g_ascii_strtoll (id, NULL, 10));
  g_assert_cmpstr (json_object_get_string_member (object, "side"), ==, "Portuguese");
  g_assert_true (json_object_has_member (object, "F"));
  g_assert_true (json_object_has_member (object, "notes"));
  g_assert_cmpint (json_node_get_value_type (json_object_get_member (object, "mounted")), ==, G_TYPE_BOOLEAN);
  g_assert_false (json_object_get_boolean_member (object, "mounted"));

  RUN_OK (f, &run, "show", id, "--format", "tsv");
  g_assert_true (g_str_has_prefix (run.out, roster_header));

  RUN_FAILS (f, &run, 2, "--campaign", "show", "Jorge Vicente");
  RUN_FAILS (f, &run, 1, "Nobody", "show", "Nobody", "--campaign", campaign);
  RUN_FAILS (f, &run, 1, NULL, "show", "9999");
}

static void
test_set (Fixture       *f,
          gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *campaign = new_campaign (f, "Salamanca");
  g_autofree char *force = new_force (f, campaign, "Fusiliers", "British");
  g_autofree char *id = NULL;
  g_auto(GStrv) row = NULL;

  RUN_OK (f, &run, "recruit", campaign, force, "--type", "line", "--name", "Daniel Hadley");
  id = id_string (last_id (run.out));

  RUN_OK (f, &run, "set", id, "--stat", "I=5", "--stat", "C=12", "--rank", "Private");
  g_assert_cmpstr (run.out, ==, "Daniel Hadley of Salamanca changed: rank Private, I 5, C 12.\n");
  row = roster_row (f, campaign, id);
  g_assert_cmpstr (row[COL_I], ==, "5");
  g_assert_cmpstr (row[COL_C], ==, "12");
  g_clear_pointer (&row, g_strfreev);

  /* Out of range, unknown, malformed. */
  RUN_FAILS (f, &run, 1, NULL, "set", id, "--stat", "I=13");
  RUN_FAILS (f, &run, 1, NULL, "set", id, "--stat", "I=0");
  RUN_FAILS (f, &run, 1, NULL, "set", id, "--stat", "F=13");
  RUN_FAILS (f, &run, 1, "X", "set", id, "--stat", "X=3");
  RUN_FAILS (f, &run, 2, "abc", "set", id, "--stat", "I=abc");
  RUN_FAILS (f, &run, 2, "I", "set", id, "--stat", "I");
  RUN_FAILS (f, &run, 2, "sleeping", "set", id, "--status", "sleeping");
  RUN_FAILS (f, &run, 2, NULL, "set", id);
  RUN_FAILS (f, &run, 1, "lance", "set", id, "--weapon", "lance");
  /* A change that fails part way changes nothing: the new name goes
   * before the stats, and the stat out of range takes it back. */
  RUN_FAILS (f, &run, 1, NULL, "set", id, "--name", "Ben Perrin", "--stat", "F=13");
  RUN_FAILS (f, &run, 1, NULL, "show", "Ben Perrin", "--campaign", campaign);
  RUN_OK (f, &run, "show", "Daniel Hadley", "--campaign", campaign);
  row = roster_row (f, campaign, id);
  g_assert_cmpstr (row[COL_I], ==, "5");
  g_assert_cmpint (g_ascii_strtoll (row[COL_F], NULL, 10), <=, 9);
  g_clear_pointer (&row, g_strfreev);

  /* F is kept whatever the weapon: a musket holds what he shoots with to
   * 9, shown in brackets with a key; a rifle does not. */
  RUN_OK (f, &run, "set", "Daniel Hadley", "--campaign", campaign, "--stat", "F=11");
  row = roster_row (f, campaign, id);
  g_assert_cmpstr (row[COL_WEAPON], ==, "musket");
  g_assert_cmpstr (row[COL_F], ==, "11");
  g_clear_pointer (&row, g_strfreev);
  RUN_OK (f, &run, "roster", campaign);
  g_assert_nonnull (strstr (run.out, " 11 (9) "));
  g_assert_nonnull (strstr (run.out, "\nIn brackets: what a man uses with the weapon he carries "
                                     "(Firing at most 9 with a Musket).\n"));
  RUN_OK (f, &run, "show", id);
  g_assert_nonnull (strstr (run.out, "Firing        11 (9)\n"));
  g_assert_nonnull (strstr (run.out, "\n(9): Firing with his Musket\n"));
  RUN_OK (f, &run, "set", id, "--weapon", "rifle");
  row = roster_row (f, campaign, id);
  g_assert_cmpstr (row[COL_WEAPON], ==, "rifle");
  g_assert_cmpstr (row[COL_F], ==, "11");
  g_clear_pointer (&row, g_strfreev);
  RUN_OK (f, &run, "roster", campaign);
  g_assert_null (strstr (run.out, "(9)"));
  g_assert_null (strstr (run.out, "In brackets"));
  RUN_OK (f, &run, "set", id, "--weapon", "musket");
  row = roster_row (f, campaign, id);
  g_assert_cmpstr (row[COL_WEAPON], ==, "musket");
  g_assert_cmpstr (row[COL_F], ==, "11");
  g_clear_pointer (&row, g_strfreev);

  RUN_OK (f, &run, "set", id, "--status", "out-of-action", "--out-games", "2", "--notes", "Shot at Salamanca");
  row = roster_row (f, campaign, id);
  g_assert_cmpstr (row[COL_STATUS], ==, "out-of-action");
  g_assert_cmpstr (row[COL_OUT_GAMES], ==, "2");
  g_clear_pointer (&row, g_strfreev);
  RUN_OK (f, &run, "show", id);
  g_assert_nonnull (strstr (run.out, "Shot at Salamanca"));
  g_assert_nonnull (strstr (run.out, "Private"));

  RUN_OK (f, &run, "set", id, "--status", "dead");
  row = roster_row (f, campaign, id);
  g_assert_cmpstr (row[COL_STATUS], ==, "dead");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("/cli/recruit/count", test_recruit_count);
  ADD ("/cli/recruit/named", test_recruit_named);
  ADD ("/cli/roster/tsv", test_roster_tsv);
  ADD ("/cli/roster/json", test_roster_json);
  ADD ("/cli/show", test_show);
  ADD ("/cli/set", test_set);

#undef ADD

  return g_test_run ();
}
