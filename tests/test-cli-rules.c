/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-cli-rules"

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-cli-test-util.h"
#include "muster-test-util.h"

/* The store's rules as muster-cli meets them: what it refuses, and what
 * it says instead. */

/* Two forces of two named men each, and a game between them all. */
static char *
make_game (Fixture *f)
{
  g_auto(Run) run = { 0, };

  RUN_OK (f, &run, "new-campaign", "Talavera", "--ruleset", "sharpes-skirmish", "--seed", "1809");
  RUN_OK (f, &run, "new-force", "Talavera", "95th Rifles", "--side", "British");
  RUN_OK (f, &run, "new-force", "Talavera", "Voltigeurs", "--side", "French");
  RUN_OK (f, &run, "recruit", "Talavera", "95th Rifles", "--type", "rifleman", "--name", "Richard Sharland");
  RUN_OK (f, &run, "recruit", "Talavera", "95th Rifles", "--type", "rifleman", "--name", "Patrick Harden");
  RUN_OK (f, &run, "recruit", "Talavera", "Voltigeurs", "--type", "line", "--name", "Jean Lefort");
  RUN_OK (f, &run, "recruit", "Talavera", "Voltigeurs", "--type", "line", "--name", "Pierre Dufour");
  RUN_OK (f, &run, "new-game", "Talavera", "The Bridge",
          "--with", "Richard Sharland", "--with", "Patrick Harden",
          "--with", "Jean Lefort", "--with", "Pierre Dufour");
  return last_line (run.out);
}

static guint
ledger_lines (Fixture *f)
{
  g_auto(Run) run = { 0, };

  RUN_OK (f, &run, "kills", "Talavera");
  return count_lines (run.out);
}

static void
test_kills (Fixture       *f,
            gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_autofree char *game = make_game (f);

  /* The same man twice in one result. */
  RUN_FAILS (f, &run, 1, "Jean Lefort is named twice among the men Richard Sharland put out of action",
             "result", game, "Richard Sharland", "--outcome", "unhurt",
             "--killed", "Jean Lefort", "--killed", "Jean Lefort");
  g_assert_cmpuint (ledger_lines (f), ==, 1);

  RUN_OK (f, &run, "result", game, "Richard Sharland", "--outcome", "unhurt", "--killed", "Jean Lefort");
  g_assert_cmpuint (ledger_lines (f), ==, 2);

  /* A second killer. */
  RUN_FAILS (f, &run, 1, "Patrick Harden cannot have put Jean Lefort out of action in Game 1 “The Bridge” of Talavera: "
             "Richard Sharland already did.",
             "result", game, "Patrick Harden", "--outcome", "unhurt", "--killed", "Jean Lefort");

  /* The victim unhurt. */
  RUN_FAILS (f, &run, 1, "Jean Lefort cannot be “Unhurt” in Game 1 “The Bridge” of Talavera",
             "result", game, "Jean Lefort", "--outcome", "unhurt");
  RUN_OK (f, &run, "result", game, "Jean Lefort", "--outcome", "out-of-action");
  g_assert_cmpuint (ledger_lines (f), ==, 2);
}

static void
test_faces (Fixture       *f,
            gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_autofree char *game = make_game (f);
  g_autofree char *state = NULL;

  RUN_OK (f, &run, "result", game, "Richard Sharland", "--outcome", "unhurt", "--killed", "Jean Lefort");
  RUN_OK (f, &run, "result", game, "Jean Lefort", "--outcome", "out-of-action");

  /* A name not in the roll: refused, and nothing rolled in its place. */
  RUN_FAILS (f, &run, 1, "“Nobody” has no roll in resolving Game 1 “The Bridge” of Talavera. The rolls are for: “Jean Lefort”",
             "resolve", game, "--faces", "Nobody=3");
  RUN_OK (f, &run, "games", "Talavera", "--format", "tsv");
  state = tsv_cell (run.out, 1, "state");
  g_assert_cmpstr (state, ==, "played");
  RUN_OK (f, &run, "log", "Talavera", "--format", "tsv");
  g_assert_false (mentions (run.out, "Death roll"));

  RUN_OK (f, &run, "resolve", game, "--faces", "Jean Lefort=2");
  g_assert_true (mentions (run.out, "(rolled at the table)"));

  /* A game that rolls nothing has no roll for any faces. */
  RUN_OK (f, &run, "new-game", "Talavera", "Quiet", "--with", "Patrick Harden", "--with", "Pierre Dufour");
  RUN_OK (f, &run, "result", "#2", "Patrick Harden", "--campaign", "Talavera", "--outcome", "unhurt");
  RUN_FAILS (f, &run, 1, "rolls no dice, so the faces given for “Patrick Harden” have no roll to go to",
             "resolve", "#2", "--campaign", "Talavera", "--faces", "Patrick Harden=4");
}

/* Deleting who played would rewrite the others' history: refused,
 * offering what is meant; a campaign goes whole, and says how much. */
static void
test_delete (Fixture       *f,
             gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_autofree char *game = make_game (f);
  g_autofree char *ledger = NULL;

  RUN_OK (f, &run, "result", game, "Richard Sharland", "--outcome", "unhurt", "--killed", "Jean Lefort");
  RUN_OK (f, &run, "result", game, "Jean Lefort", "--outcome", "out-of-action");
  RUN_OK (f, &run, "kills", "Talavera");
  ledger = g_strdup (run.out);

  RUN_FAILS (f, &run, 1, "Richard Sharland cannot be deleted: he took part in Game 1 “The Bridge” of Talavera, and deleting "
             "him would rewrite that game’s history. Retire him instead: set his status to retired.",
             "delete", "character", "Richard Sharland", "--campaign", "Talavera");
  RUN_FAILS (f, &run, 1, "Retire him instead",
             "delete", "character", "Jean Lefort", "--campaign", "Talavera");
  RUN_FAILS (f, &run, 1, "The force “Voltigeurs” cannot be deleted: Jean Lefort took part in Game 1",
             "delete", "force", "Voltigeurs", "--campaign", "Talavera");
  RUN_OK (f, &run, "kills", "Talavera");
  g_assert_cmpstr (run.out, ==, ledger);

  RUN_OK (f, &run, "set", "Richard Sharland", "--campaign", "Talavera", "--status", "retired");
  g_assert_cmpuint (roster_size (f, "Talavera"), ==, 4);

  /* One who never played goes, and says so. */
  RUN_OK (f, &run, "recruit", "Talavera", "95th Rifles", "--type", "rifleman", "--name", "Daniel Marsh");
  RUN_OK (f, &run, "delete", "character", "Daniel Marsh", "--campaign", "Talavera");
  g_assert_cmpstr (run.out, ==, "Character “Daniel Marsh” deleted, from Talavera.\n");

  RUN_OK (f, &run, "delete", "campaign", "Talavera");
  g_assert_cmpstr (run.out, ==,
                   "Campaign “Talavera” deleted.\n"
                   "4 characters were deleted with it.\n"
                   "1 game was deleted with it, with its results, rolls and log.\n");
  RUN_OK (f, &run, "campaigns", "--format", "tsv");
  g_assert_cmpuint (count_lines (run.out), ==, 1);
}

static void
test_name_length (Fixture       *f,
                  gconstpointer  data)
{
  g_auto(Run) run = { 0, };
  g_autofree char *huge = g_strnfill (100000, 'x');
  g_autofree char *too_long = g_strnfill (121, 'y');
  g_autofree char *longest = g_strnfill (120, 'z');
  g_autofree char *game = make_game (f);

  RUN_FAILS (f, &run, 1, "“xxxxxxxxxxxxxxxxxxxxxxxx…” is 100000 characters long: a name or title has at most 120.",
             "new-campaign", huge, "--ruleset", "sharpes-skirmish");
  g_assert_cmpuint (strlen (run.err), <, 200);
  RUN_FAILS (f, &run, 1, "is 121 characters long", "rename", "campaign", "Talavera", too_long);
  RUN_FAILS (f, &run, 1, "is 121 characters long", "new-force", "Talavera", too_long);
  RUN_FAILS (f, &run, 1, "is 121 characters long",
             "recruit", "Talavera", "95th Rifles", "--type", "rifleman", "--name", too_long);
  RUN_FAILS (f, &run, 1, "is 121 characters long",
             "rename", "character", "Richard Sharland", too_long, "--campaign", "Talavera");
  RUN_FAILS (f, &run, 1, "is 121 characters long",
             "new-game", "Talavera", too_long, "--with", "Patrick Harden", "--with", "Pierre Dufour");

  RUN_OK (f, &run, "rename", "campaign", "Talavera", longest);
  RUN_OK (f, &run, "campaigns", "--format", "tsv");
  g_assert_true (mentions (run.out, longest));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli-rules/kills", Fixture, NULL, fixture_setup, test_kills, fixture_teardown);
  g_test_add ("/cli-rules/faces", Fixture, NULL, fixture_setup, test_faces, fixture_teardown);
  g_test_add ("/cli-rules/delete", Fixture, NULL, fixture_setup, test_delete, fixture_teardown);
  g_test_add ("/cli-rules/name-length", Fixture, NULL, fixture_setup, test_name_length, fixture_teardown);

  return g_test_run ();
}
