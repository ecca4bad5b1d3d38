/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-cli-games"

#include "config.h"

#include <locale.h>
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
  g_assert_cmpstr (run.out, ==,
                   "Recorded for Richard Sharland in Game 1 “The Bridge” of Talavera: Wounded, 1 light wound, "
                   "put out of action: Jean Lefort, 2 unnamed figures put out of action.\n");
  RUN_OK (f, &run, "result", "The Bridge", "Jean Lefort", "--campaign", "Talavera",
          "--outcome", "out-of-action");
  RUN_OK (f, &run, "result", game, "Pierre Dufour", "--outcome", "captured");
  RUN_FAILS (f, &run, 1, "Prussia", "finish", game, "--winner", "Prussia");
  RUN_OK (f, &run, "finish", game, "--winner", "British");
  g_assert_cmpstr (run.out, ==, "Game 1 “The Bridge” of Talavera is played, won by British.\n");

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
  g_assert_true (g_str_has_suffix (run.out, "\nGame 1 “The Bridge” of Talavera is resolved.\n"));
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
  g_assert_cmpstr (run.out, ==, "The resolution of Game 1 “The Bridge” of Talavera is undone; "
                                "the game is played but not resolved.\n");
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
  g_assert_cmpstr (run.out, ==, "Pierre Dufour of Talavera is released: back from captivity and active again.\n");
  RUN_OK (f, &run, "new-game", "Talavera", "The Ford", "--with", "Richard Sharland", "--with", "Pierre Dufour");

  /* The kill ledger. */
  RUN_OK (f, &run, "kills", "Talavera");
  g_assert_cmpstr (run.out, ==,
                   "killer,victim,game,title,date\r\n"
                   "Richard Sharland,Jean Lefort,1,The Bridge,1809-07-27\r\n"
                   "Richard Sharland,unnamed ×2,1,The Bridge,1809-07-27\r\n");
  RUN_OK (f, &run, "kills", "Talavera", "-o", ledger_path);
  g_assert_true (g_str_has_prefix (run.out, "Wrote the kill ledger of Talavera to "));
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
  RUN_FAILS (f, &run, 1, "Resolve Game 1 “The Bridge” of Talavera first", "resolve", "The Ford", "--campaign", "Talavera");
}

/* A library that holds another campaign: with --campaign a number is the
 * game's number there, without it the game's id; every message names the
 * game so that it can be typed back. */
static void
test_game_numbers (Fixture       *f,
                   gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_autofree char *cell = NULL;
  g_autofree char *id = NULL;

  RUN_OK (f, &run, "new-campaign", "Busaco", "--ruleset", "sharpes-skirmish", "--seed", "1810");
  RUN_OK (f, &run, "new-force", "Busaco", "Light Division", "--side", "British");
  RUN_OK (f, &run, "new-force", "Busaco", "Reynier", "--side", "French");
  RUN_OK (f, &run, "recruit", "Busaco", "Light Division", "--type", "line", "--name", "Daniel Hadley");
  RUN_OK (f, &run, "recruit", "Busaco", "Reynier", "--type", "line", "--name", "Louis Moreau");
  RUN_OK (f, &run, "new-game", "Busaco", "The ridge", "--with", "Daniel Hadley", "--with", "Louis Moreau");
  g_assert_cmpstr (run.out, ==, "Game 1 “The ridge” of Busaco planned: British against French, "
                                "2 characters taking part.\n1\n");

  make_campaign (f, "out-d6-games");
  RUN_OK (f, &run, "new-game", "Talavera", "The Bridge", "--with", "Richard Sharland", "--with", "Jean Lefort");
  id = last_line (run.out);
  g_assert_cmpstr (id, ==, "2");
  g_assert_true (g_str_has_prefix (run.out, "Game 1 “The Bridge” of Talavera planned"));

  /* Game 1 of Talavera, then game 1 of the library. */
  RUN_OK (f, &run, "game", "1", "--campaign", "Talavera", "--format", "tsv");
  cell = tsv_cell (run.out, 1, "name");
  g_assert_cmpstr (cell, ==, "Richard Sharland");
  g_clear_pointer (&cell, g_free);
  RUN_OK (f, &run, "game", "1", "--format", "tsv");
  cell = tsv_cell (run.out, 1, "name");
  g_assert_cmpstr (cell, ==, "Daniel Hadley");
  g_clear_pointer (&cell, g_free);
  RUN_FAILS (f, &run, 1, "There is no game 2 in Talavera, which has 1 game.",
             "game", "2", "--campaign", "Talavera");
  RUN_FAILS (f, &run, 1, "“The Bridge” is not a game id: give the game’s id, or its number or title "
                         "with --campaign CAMPAIGN.", "game", "The Bridge");

  RUN_OK (f, &run, "result", "1", "Jean Lefort", "--campaign", "Talavera", "--outcome", "out-of-action");
  RUN_OK (f, &run, "result", "1", "Richard Sharland", "--campaign", "Talavera", "--outcome", "unhurt",
          "--killed", "Jean Lefort");
  /* By its id: named by its number and campaign. */
  RUN_OK (f, &run, "finish", id, "--winner", "British");
  g_assert_cmpstr (run.out, ==, "Game 1 “The Bridge” of Talavera is played, won by British.\n");
  RUN_OK (f, &run, "resolve", id, "--faces", "Jean Lefort=2");
  g_assert_true (g_str_has_suffix (run.out, "Game 1 “The Bridge” of Talavera is resolved.\n"));
  RUN_FAILS (f, &run, 1, "Game 1 “The Bridge” of Talavera is already resolved", "resolve", id);

  /* Busaco's game is untouched. */
  RUN_OK (f, &run, "games", "Busaco", "--format", "tsv");
  cell = tsv_cell (run.out, 1, "state");
  g_assert_cmpstr (cell, ==, "planned");
}

/* What is probably a slip is said, and done. */
static void
test_warnings (Fixture       *f,
               gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_autofree char *cell = NULL;

  make_campaign (f, "out-d6-games");
  RUN_OK (f, &run, "new-game", "Talavera", "The Bridge", "--date", "1809-07-27",
          "--with", "Richard Sharland", "--with", "Jean Lefort");

  RUN (f, &run, "new-game", "Talavera", "The Ford", "--date", "1809-07-01",
       "--with", "Patrick Harden", "--with", "Pierre Dufour");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "muster-cli: warning: The date 1809-07-01 is before that of Game 1 “The Bridge” "
                                "of Talavera, played before it, on 1809-07-27.\n");
  g_assert_cmpuint (last_id (run.out), ==, 2);

  RUN (f, &run, "finish", "The Ford", "--campaign", "Talavera");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "muster-cli: warning: No results are recorded for Game 2 “The Ford” of Talavera: "
                                "record who was hurt or put out of action before its between-game sequence is run.\n");
  g_assert_cmpstr (run.out, ==, "Game 2 “The Ford” of Talavera is played, a draw.\n");
  RUN_OK (f, &run, "games", "Talavera", "--format", "tsv");
  cell = tsv_cell (run.out, 2, "state");
  g_assert_cmpstr (cell, ==, "played");

  RUN (f, &run, "recruit", "Talavera", "Voltigeurs", "--type", "line", "--name", "Jean Lefort");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "muster-cli: warning: 1 other character of Talavera is called “Jean Lefort”: "
                                "a name of their own tells them apart in the log and on the sheets.\n");
  RUN (f, &run, "rename", "character", "Pierre Dufour", "JEAN LEFORT", "--campaign", "Talavera");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.err, "muster-cli: warning: 2 other characters of Talavera are called "
                                            "“JEAN LEFORT”"));
  RUN (f, &run, "set", "Patrick Harden", "--campaign", "Talavera", "--name", "Richard Sharland");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.err, "muster-cli: warning: 1 other character of Talavera is called "));
  g_assert_cmpuint (roster_size (f, "Talavera"), ==, 5);
}

/* Two serious wounds are a Kill: the result is recorded as out of
 * action, and the command says so. */
static void
test_wounds_add_up (Fixture       *f,
                    gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_autofree char *game = NULL;
  g_autofree char *cell = NULL;

  make_campaign (f, "die-on-6");
  RUN_OK (f, &run, "new-game", "Talavera", "The Bridge",
          "--with", "Richard Sharland", "--with", "Patrick Harden", "--with", "Jean Lefort");
  game = last_line (run.out);
  RUN_OK (f, &run, "result", game, "Richard Sharland", "--outcome", "wounded", "--serious", "2");
  g_assert_true (g_str_has_prefix (run.out, "Richard Sharland: 2 serious wounds count as “Out of action”.\n"
                                              "Recorded for Richard Sharland in Game 1"));
  g_assert_nonnull (strstr (run.out, ": Out of action, 2 serious wounds"));
  RUN_OK (f, &run, "result", game, "Patrick Harden", "--outcome", "wounded", "--light", "1", "--serious", "1");
  g_assert_null (strstr (run.out, "count as"));
  RUN_OK (f, &run, "result", game, "Jean Lefort", "--outcome", "unhurt", "--killed", "Richard Sharland");

  RUN_OK (f, &run, "game", game, "--format", "tsv");
  cell = tsv_cell (run.out, 2, "outcome");
  g_assert_cmpstr (cell, ==, "out-of-action");
  g_clear_pointer (&cell, g_free);
  cell = tsv_cell (run.out, 2, "serious");
  g_assert_cmpstr (cell, ==, "0");
  g_clear_pointer (&cell, g_free);
  cell = tsv_cell (run.out, 1, "outcome");
  g_assert_cmpstr (cell, ==, "wounded");

  RUN_OK (f, &run, "resolve", game, "--faces", "Richard Sharland=2");
  g_assert_nonnull (strstr (run.out, "Death roll 1d6: 2 (rolled at the table) — Richard Sharland survives"));
}

/* The log is kept as what happened and read in the reader's language: a
 * campaign written in French reads in English to an English reader, and
 * the other way round; TSV and JSON carry each entry's kind and
 * arguments beside its text. */
static void
test_log_translated (Fixture       *f,
                     gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_autofree char *previous = g_strdup (setlocale (LC_ALL, NULL));
  g_autofree char *game = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonArray *entries;
  gboolean found = FALSE;

  if (setlocale (LC_ALL, "fr_FR.UTF-8") == NULL)
    {
      g_test_skip ("The fr_FR.UTF-8 locale is not installed");
      return;
    }
  setlocale (LC_ALL, previous);

  /* Written in French. */
  f->envp = g_environ_setenv (f->envp, "LC_ALL", "fr_FR.UTF-8", TRUE);
  f->envp = g_environ_setenv (f->envp, "LANGUAGE", "fr", TRUE);
  make_campaign (f, "die-on-6");
  RUN_OK (f, &run, "new-game", "Talavera", "The Bridge", "--with", "Richard Sharland", "--with", "Jean Lefort");
  game = last_line (run.out);
  RUN_OK (f, &run, "result", game, "Jean Lefort", "--outcome", "out-of-action");
  RUN_OK (f, &run, "resolve", game, "--faces", "Jean Lefort=6");
  RUN_OK (f, &run, "log", "Talavera");
  g_assert_true (mentions (run.out, "Jean Lefort meurt de ses blessures. (Jet de mort sur 1d6\u00A0: 6, lancé à la table)"));
  g_assert_false (mentions (run.out, "recruited"));

  /* Read in English. */
  f->envp = g_environ_setenv (f->envp, "LC_ALL", "C.UTF-8", TRUE);
  f->envp = g_environ_unsetenv (f->envp, "LANGUAGE");
  RUN_OK (f, &run, "log", "Talavera");
  g_assert_true (mentions (run.out, "Campaign “Talavera” created with Sharpe's Skirmish"));
  g_assert_true (mentions (run.out, "Force “95th Rifles” created, fighting for British"));
  g_assert_true (mentions (run.out, "Richard Sharland recruited: I "));
  g_assert_true (mentions (run.out, "Game 1 “The Bridge” planned: British against French, 2 characters."));
  g_assert_true (mentions (run.out, "Jean Lefort: Out of action."));
  g_assert_true (mentions (run.out, "Jean Lefort dies of his wounds. (Death roll on 1d6: 6, rolled at the table)"));
  g_assert_false (mentions (run.out, "recruté"));
  g_assert_false (mentions (run.out, "Partie"));

  /* Written in English, read in French. */
  RUN_OK (f, &run, "rename", "campaign", "Talavera", "Talavera 1809");
  f->envp = g_environ_setenv (f->envp, "LC_ALL", "fr_FR.UTF-8", TRUE);
  f->envp = g_environ_setenv (f->envp, "LANGUAGE", "fr", TRUE);
  RUN_OK (f, &run, "log", "Talavera 1809");
  g_assert_true (mentions (run.out, "Campagne «\u202FTalavera\u202F» renommée en «\u202FTalavera 1809\u202F»"));
  g_assert_true (mentions (run.out, "Richard Sharland recruté\u00A0: I "));
  g_assert_false (mentions (run.out, "renamed to"));

  /* TSV and JSON: the kind and its arguments, and the text in the
   * reader's language. */
  f->envp = g_environ_setenv (f->envp, "LC_ALL", "C.UTF-8", TRUE);
  f->envp = g_environ_unsetenv (f->envp, "LANGUAGE");
  RUN_OK (f, &run, "log", "Talavera 1809", "--format", "tsv");
  g_assert_true (g_str_has_prefix (run.out, "id\tcreated\tgame_id\tcharacter_id\tkind\tmessage\tdice\tfaces\ttotal\tentered\targs\n"));
  g_assert_true (mentions (run.out, "\tcampaign-renamed\tCampaign “Talavera” renamed to “Talavera 1809”\t\t\t\t\t"
                                     "{\"old\":\"Talavera\",\"new\":\"Talavera 1809\"}\n"));
  RUN_OK (f, &run, "log", "Talavera 1809", "--format", "json");
  root = json_from_string (run.out, NULL);
  g_assert_nonnull (root);
  entries = json_node_get_array (root);
  for (guint i = 0; i < json_array_get_length (entries); i++)
    {
      JsonObject *entry = json_array_get_object_element (entries, i);

      if (!g_str_equal (json_object_get_string_member (entry, "kind"), "death"))
        continue;
      g_assert_cmpstr (json_object_get_string_member (entry, "message"), ==,
                       "Jean Lefort dies of his wounds. (Death roll on 1d6: 6, rolled at the table)");
      g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (entry, "args"), "step"),
                       ==, "death-roll");
      g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (entry, "args"), "name"),
                       ==, "Jean Lefort");
      found = TRUE;
    }
  g_assert_true (found);
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
  g_test_add ("/cli-games/wounds-add-up", Fixture, NULL, fixture_setup_fixed_time,
              test_wounds_add_up, fixture_teardown);
  g_test_add ("/cli-games/numbers", Fixture, NULL, fixture_setup_fixed_time,
              test_game_numbers, fixture_teardown);
  g_test_add ("/cli-games/warnings", Fixture, NULL, fixture_setup_fixed_time,
              test_warnings, fixture_teardown);
  g_test_add ("/cli-games/log-translated", Fixture, NULL, fixture_setup_fixed_time,
              test_log_translated, fixture_teardown);

  return g_test_run ();
}
