/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-cli-games"

#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "muster-cli-test-util.h"
#include "muster-test-util.h"

/* muster-cli's game commands, end to end: the campaign of issue 3 played
 * from the command line alone. */

/* Two forces of two named men each. */
static void
make_campaign (Fixture    *f,
               const char *death_roll)
{
  g_auto(Run) run = { 0, };
  g_autofree char *option = g_strdup_printf ("death-roll=%s", death_roll);

  RUN_OK (f, &run, "new-campaign", "Talavera", "--ruleset", "sharpes-skirmish",
          "--seed", "1809", "--option", option);
  RUN_OK (f, &run, "new-force", "Talavera", "95th Rifles", "--side", "British");
  RUN_OK (f, &run, "new-force", "Talavera", "Voltigeurs", "--side", "French");
  RUN_OK (f, &run, "recruit", "Talavera", "95th Rifles", "--type", "rifleman", "--name", "Richard Sharland");
  RUN_OK (f, &run, "recruit", "Talavera", "95th Rifles", "--type", "rifleman", "--name", "Patrick Harden");
  RUN_OK (f, &run, "recruit", "Talavera", "Voltigeurs", "--type", "line", "--name", "Jean Lefort");
  RUN_OK (f, &run, "recruit", "Talavera", "Voltigeurs", "--type", "line", "--name", "Pierre Dufour");
}

static void
test_record_and_resolve (Fixture       *f,
                         gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_autofree char *game = NULL;
  g_autofree char *cell = NULL;
  g_autofree char *first_resolve = NULL;
  g_autofree char *ledger_path = g_build_filename (f->dir, "kills.csv", NULL);
  g_autofree char *ledger = NULL;

  make_campaign (f, "out-d6-games");

  /* Plan the game. */
  RUN_FAILS (f, &run, 2, "--with", "new-game", "Talavera", "The Bridge");
  RUN_FAILS (f, &run, 1, "1809-02-30", "new-game", "Talavera", "The Bridge", "--date", "1809-02-30",
             "--with", "Richard Sharland", "--with", "Jean Lefort");
  RUN_FAILS (f, &run, 1, "British", "new-game", "Talavera", "The Bridge",
             "--with", "Richard Sharland", "--with", "Patrick Harden");
  RUN_OK (f, &run, "new-game", "Talavera", "The Bridge", "--date", "1809-07-27",
          "--with", "Richard Sharland", "--with", "Patrick Harden",
          "--with", "Jean Lefort", "--with", "Pierre Dufour");
  game = last_line (run.out);

  RUN_OK (f, &run, "games", "Talavera", "--format", "tsv");
  g_assert_cmpuint (count_lines (run.out), ==, 2);
  cell = tsv_cell (run.out, 1, "state");
  g_assert_cmpstr (cell, ==, "planned");
  g_clear_pointer (&cell, g_free);

  /* Results, with their refusals. */
  RUN_FAILS (f, &run, 2, "--outcome", "result", game, "Jean Lefort");
  RUN_FAILS (f, &run, 1, "is on the same side as", "result", game, "Richard Sharland",
             "--outcome", "unhurt", "--killed", "Patrick Harden");
  RUN_FAILS (f, &run, 1, "bogus", "result", game, "Jean Lefort", "--outcome", "bogus");
  /* Wounded needs a wound; the store says so, in the words the window uses. */
  RUN_FAILS (f, &run, 1, "Richard Sharland cannot be “Wounded” without a wound: give the light or serious wounds",
             "result", game, "Richard Sharland", "--outcome", "wounded");
  RUN_OK (f, &run, "result", game, "Richard Sharland", "--outcome", "wounded", "--light", "1",
          "--killed", "Jean Lefort", "--killed-unnamed", "2");
  g_assert_cmpstr (run.out, ==, "");
  RUN_OK (f, &run, "result", "The Bridge", "Jean Lefort", "--campaign", "Talavera",
          "--outcome", "out-of-action");
  RUN_OK (f, &run, "result", game, "Pierre Dufour", "--outcome", "captured");
  RUN_FAILS (f, &run, 1, "Prussia", "finish", game, "--winner", "Prussia");
  RUN_OK (f, &run, "finish", game, "--winner", "British");

  RUN_OK (f, &run, "game", game, "--format", "json");
  {
    g_autoptr(JsonParser) parser = json_parser_new ();
    g_autoptr(GError) error = NULL;
    JsonArray *rows;

    json_parser_load_from_data (parser, run.out, -1, &error);
    g_assert_no_error (error);
    rows = json_node_get_array (json_parser_get_root (parser));
    g_assert_cmpuint (json_array_get_length (rows), ==, 4);
  }

  /* The plan, then the resolution with Lefort's die rolled at the table. */
  RUN_OK (f, &run, "resolve", game, "--plan", "--format", "tsv");
  g_assert_cmpuint (count_lines (run.out), ==, 2);
  cell = tsv_cell (run.out, 1, "character");
  g_assert_cmpstr (cell, ==, "Jean Lefort");
  g_clear_pointer (&cell, g_free);

  RUN_FAILS (f, &run, 1, "seven", "resolve", game, "--faces", "Jean Lefort=seven");
  RUN_FAILS (f, &run, 1, "Out for games", "resolve", game, "--faces", "Jean Lefort=7");
  RUN_OK (f, &run, "resolve", game, "--faces", "Jean Lefort=2");
  g_assert_nonnull (strstr (run.out, "Out for games 1d6: 2 (rolled at the table) — Jean Lefort is out of action for 2 games.\n"));
  g_assert_nonnull (strstr (run.out, "Pierre Dufour is taken prisoner"));
  g_assert_nonnull (strstr (run.out, "The light wound of Richard Sharland heals."));
  g_assert_nonnull (strstr (run.out, "resolved."));
  first_resolve = g_strdup (run.out);
  RUN_FAILS (f, &run, 1, "already resolved", "resolve", game);

  RUN_OK (f, &run, "roster", "Talavera", "--format", "tsv");
  cell = tsv_cell (run.out, 3, "status");
  g_assert_cmpstr (cell, ==, "out-of-action");
  g_clear_pointer (&cell, g_free);
  cell = tsv_cell (run.out, 3, "out_games");
  g_assert_cmpstr (cell, ==, "2");
  g_clear_pointer (&cell, g_free);
  cell = tsv_cell (run.out, 4, "status");
  g_assert_cmpstr (cell, ==, "captured");
  g_clear_pointer (&cell, g_free);

  /* The log shows the roll as entered at the table. */
  RUN_OK (f, &run, "log", "Talavera", "--character", "Jean Lefort", "--format", "json");
  {
    g_autoptr(JsonParser) parser = json_parser_new ();
    g_autoptr(GError) error = NULL;
    JsonArray *rows;
    JsonObject *newest;

    json_parser_load_from_data (parser, run.out, -1, &error);
    g_assert_no_error (error);
    rows = json_node_get_array (json_parser_get_root (parser));
    newest = json_array_get_object_element (rows, 0);
    g_assert_cmpstr (json_object_get_string_member (newest, "kind"), ==, "out");
    g_assert_cmpstr (json_object_get_string_member (newest, "faces"), ==, "2");
    g_assert_true (json_object_get_boolean_member (newest, "entered"));
    g_assert_nonnull (strstr (json_object_get_string_member (newest, "message"), "rolled at the table"));
  }

  /* Undo and resolve again: the same lines. */
  RUN_OK (f, &run, "undo-resolve", "Talavera");
  g_assert_nonnull (strstr (run.out, "The Bridge"));
  RUN_OK (f, &run, "games", "Talavera", "--format", "tsv");
  cell = tsv_cell (run.out, 1, "state");
  g_assert_cmpstr (cell, ==, "played");
  g_clear_pointer (&cell, g_free);
  RUN_OK (f, &run, "resolve", game, "--faces", "Jean Lefort=2");
  g_assert_cmpstr (run.out, ==, first_resolve);
  RUN_OK (f, &run, "undo-resolve", "Talavera");
  RUN_FAILS (f, &run, 1, "nothing to undo", "undo-resolve", "Talavera");
  RUN_OK (f, &run, "resolve", game, "--faces", "Jean Lefort=2");

  /* Lefort cannot be picked, the prisoner neither until released. */
  RUN_FAILS (f, &run, 1, "Jean Lefort is out of action for 2 more games.",
             "new-game", "Talavera", "The Ford", "--with", "Richard Sharland", "--with", "Jean Lefort");
  RUN_FAILS (f, &run, 1, "Pierre Dufour is a prisoner",
             "new-game", "Talavera", "The Ford", "--with", "Richard Sharland", "--with", "Pierre Dufour");
  RUN_FAILS (f, &run, 1, "not a prisoner", "release", "Richard Sharland", "--campaign", "Talavera");
  RUN_OK (f, &run, "release", "Pierre Dufour", "--campaign", "Talavera");
  RUN_OK (f, &run, "new-game", "Talavera", "The Ford", "--with", "Richard Sharland", "--with", "Pierre Dufour");

  /* The kill ledger. */
  RUN_OK (f, &run, "kills", "Talavera");
  g_assert_cmpstr (run.out, ==,
                   "killer,victim,game,title,date\r\n"
                   "Richard Sharland,Jean Lefort,1,The Bridge,1809-07-27\r\n"
                   "Richard Sharland,unnamed ×2,1,The Bridge,1809-07-27\r\n");
  RUN_OK (f, &run, "kills", "Talavera", "-o", ledger_path);
  g_assert_true (g_file_get_contents (ledger_path, &ledger, NULL, NULL));
  g_assert_true (g_str_has_prefix (ledger, "killer,victim,game,title,date\r\n"));

  RUN_OK (f, &run, "honours", "Talavera");
  g_assert_nonnull (strstr (run.out, "Most kills"));
  g_assert_nonnull (strstr (run.out, "3  Richard Sharland"));
}

static void
test_die_on_6 (Fixture       *f,
               gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_autofree char *game = NULL;
  g_autofree char *cell = NULL;

  make_campaign (f, "die-on-6");
  RUN_OK (f, &run, "new-game", "Talavera", "The Bridge",
          "--with", "Richard Sharland", "--with", "Jean Lefort", "--with", "Pierre Dufour");
  game = last_line (run.out);
  RUN_FAILS (f, &run, 1, "No results", "resolve", game);
  RUN_OK (f, &run, "result", game, "Jean Lefort", "--outcome", "out-of-action");
  RUN_OK (f, &run, "result", game, "Pierre Dufour", "--outcome", "out-of-action");
  RUN_OK (f, &run, "resolve", game, "--faces", "Jean Lefort=6", "--faces", "Pierre Dufour=5");
  g_assert_nonnull (strstr (run.out, "Death roll 1d6: 6 (rolled at the table) — Jean Lefort dies of his wounds.\n"));
  g_assert_nonnull (strstr (run.out, "Death roll 1d6: 5 (rolled at the table) — Pierre Dufour survives and is back for the next game.\n"));

  RUN_OK (f, &run, "roster", "Talavera", "--format", "tsv");
  cell = tsv_cell (run.out, 3, "status");
  g_assert_cmpstr (cell, ==, "dead");
  g_clear_pointer (&cell, g_free);
  cell = tsv_cell (run.out, 4, "status");
  g_assert_cmpstr (cell, ==, "active");

  RUN_FAILS (f, &run, 1, "Jean Lefort is dead",
             "new-game", "Talavera", "Again", "--with", "Richard Sharland", "--with", "Jean Lefort");

  /* A second played game must wait for the first's resolution. */
  RUN_OK (f, &run, "undo-resolve", "Talavera");
  RUN_OK (f, &run, "new-game", "Talavera", "The Ford", "--with", "Patrick Harden", "--with", "Pierre Dufour");
  RUN_OK (f, &run, "result", "#2", "Patrick Harden", "--campaign", "Talavera", "--outcome", "unhurt");
  RUN_FAILS (f, &run, 1, "Resolve game 1 “The Bridge” first", "resolve", "The Ford", "--campaign", "Talavera");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli-games/record-and-resolve", Fixture, NULL, fixture_setup_fixed_time,
              test_record_and_resolve, fixture_teardown);
  g_test_add ("/cli-games/die-on-6", Fixture, NULL, fixture_setup_fixed_time,
              test_die_on_6, fixture_teardown);

  return g_test_run ();
}
