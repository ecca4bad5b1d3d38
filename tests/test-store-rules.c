/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-store"

#include "config.h"

#include <string.h>

#include <glib.h>
#include <sqlite3.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-engine.h"
#include "muster-exchange.h"
#include "muster-force.h"
#include "muster-game.h"
#include "muster-store.h"
#include "muster-store-private.h"
#include "muster-unit.h"
#include "muster-exchange-test-util.h"
#include "muster-store-test-util.h"
#include "muster-test-util.h"

/* The rules the store keeps whoever writes to it: kills, history that
 * deleting must not rewrite, the length of names, and the version 3
 * schema underneath. */

typedef struct {
  MusterStore *store;
  gint64       campaign;
  gint64       british;
  gint64       french;
  gint64       ashworth;
  gint64       bramwell;
  gint64       marchal;
  gint64       bazin;
  gint64       game;
} Fight;

static void
fight_init (Fight *f)
{
  g_autoptr(GError) error = NULL;
  gint64 ids[4];

  f->store = muster_test_open_store (NULL);
  f->campaign = make_campaign (f->store, "Peninsula");
  f->british = make_force (f->store, f->campaign, "Light Company", "British");
  f->french = make_force (f->store, f->campaign, "Voltigeurs", "French");
  f->ashworth = ids[0] = make_character (f->store, f->british, "Edward Ashworth", "line", "musket", 6);
  f->bramwell = ids[1] = make_character (f->store, f->british, "Henry Bramwell", "line", "musket", 6);
  f->marchal = ids[2] = make_character (f->store, f->french, "Étienne Marchal", "line", "musket", 6);
  f->bazin = ids[3] = make_character (f->store, f->french, "Louis Bazin", "line", "musket", 6);
  f->game = muster_store_create_game (f->store, f->campaign, "The ford", NULL, ids, 4, &error);
  g_assert_no_error (error);
}

static void
fight_clear (Fight *f)
{
  g_clear_object (&f->store);
}

/* Records @outcome for @who, with @n victims. */
static gboolean
record (Fight       *f,
        gint64       who,
        const char  *outcome,
        GError     **error,
        guint        n,
        ...)
{
  g_autofree gint64 *victims = g_new0 (gint64, n + 1);
  MusterResult result = { 0, };
  va_list args;

  va_start (args, n);
  for (guint i = 0; i < n; i++)
    victims[i] = va_arg (args, gint64);
  va_end (args);
  result.outcome = outcome;
  /* A wounded man has at least his one light wound. */
  if (g_strcmp0 (outcome, "wounded") == 0)
    result.light_wounds = 1;
  result.victims = victims;
  result.n_victims = n;
  return muster_store_set_result (f->store, f->game, who, &result, error);
}

static gint64
n_rows (Fight      *f,
        const char *statement)
{
  return count (f->store, statement, f->game);
}

/* A refusal leaves the library as it was. */
static void
assert_refused (Fight       *f,
                const char  *before,
                GError      *error,
                const char  *message)
{
  g_autofree char *after = muster_store_dump (f->store);

  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, message);
  g_assert_cmpstr (before, ==, after);
}

static void
test_kill_twice_by_one (void)
{
  Fight f = { 0, };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;

  fight_init (&f);
  before = muster_store_dump (f.store);
  g_assert_false (record (&f, f.ashworth, "unhurt", &error, 2, f.marchal, f.marchal));
  assert_refused (&f, before, error,
                  "Étienne Marchal is named twice among the men Edward Ashworth put out of action "
                  "in Game 1 “The ford” of Peninsula: a man is put out of action once in a game.");
  g_clear_error (&error);

  g_assert_true (record (&f, f.ashworth, "unhurt", &error, 1, f.marchal));
  g_assert_no_error (error);
  g_assert_cmpint (n_rows (&f, "SELECT count(*) FROM kill WHERE game_id = ?"), ==, 1);
  fight_clear (&f);
}

static void
test_kill_by_two (void)
{
  Fight f = { 0, };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;

  fight_init (&f);
  g_assert_true (record (&f, f.ashworth, "unhurt", &error, 1, f.marchal));
  g_assert_no_error (error);

  before = muster_store_dump (f.store);
  g_assert_false (record (&f, f.bramwell, "unhurt", &error, 1, f.marchal));
  assert_refused (&f, before, error,
                  "Henry Bramwell cannot have put Étienne Marchal out of action in Game 1 “The ford” of Peninsula: "
                  "Edward Ashworth already did. A man is put out of action once in a game, by one killer.");
  g_clear_error (&error);

  /* Recording Ashworth again replaces his kills, so he may keep his own. */
  g_assert_true (record (&f, f.ashworth, "wounded", &error, 1, f.marchal));
  g_assert_no_error (error);
  fight_clear (&f);
}

static void
test_kill_needs_outcome_that_removes (void)
{
  Fight f = { 0, };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;

  fight_init (&f);
  g_assert_true (record (&f, f.ashworth, "unhurt", &error, 1, f.marchal));
  g_assert_no_error (error);

  /* The victim cannot then come through unhurt, nor merely wounded. */
  before = muster_store_dump (f.store);
  g_assert_false (record (&f, f.marchal, "unhurt", &error, 0));
  assert_refused (&f, before, error,
                  "Étienne Marchal cannot be “Unhurt” in Game 1 “The ford” of Peninsula: Edward Ashworth put him "
                  "out of action there. Record him with one of these outcomes: “Out of action”, "
                  "“Captured”; or take him off the men Edward Ashworth put out of action.");
  g_clear_error (&error);
  g_assert_false (record (&f, f.marchal, "wounded", &error, 0));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_true (record (&f, f.marchal, "captured", &error, 0));
  g_assert_no_error (error);

  /* Nor can a man already recorded unhurt be put out of action. */
  g_assert_true (record (&f, f.bazin, "unhurt", &error, 0));
  g_assert_no_error (error);
  g_clear_pointer (&before, g_free);
  before = muster_store_dump (f.store);
  g_assert_false (record (&f, f.bramwell, "unhurt", &error, 1, f.bazin));
  assert_refused (&f, before, error,
                  "Louis Bazin cannot be “Unhurt” in Game 1 “The ford” of Peninsula: Henry Bramwell put him "
                  "out of action there. Record him with one of these outcomes: “Out of action”, "
                  "“Captured”; or take him off the men Henry Bramwell put out of action.");
  fight_clear (&f);
}

/* Several results recorded as one change keep the rules together: a
 * victim moved from one killer to another, and a victim recorded after
 * the kill that needs his new outcome. */
static void
test_kills_in_one_change (void)
{
  Fight f = { 0, };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;

  fight_init (&f);
  g_assert_true (record (&f, f.marchal, "unhurt", &error, 0));
  g_assert_true (record (&f, f.ashworth, "unhurt", &error, 1, f.bazin));
  g_assert_no_error (error);

  g_assert_true (muster_store_begin (f.store, &error));
  g_assert_true (record (&f, f.bramwell, "unhurt", &error, 2, f.bazin, f.marchal));
  g_assert_true (record (&f, f.ashworth, "unhurt", &error, 0));
  g_assert_true (record (&f, f.marchal, "out-of-action", &error, 0));
  g_assert_true (muster_store_commit (f.store, &error));
  g_assert_no_error (error);
  g_assert_cmpint (n_rows (&f, "SELECT count(*) FROM kill WHERE game_id = ?"), ==, 2);
  g_assert_cmpint (count (f.store, "SELECT count(*) FROM kill WHERE killer_id = ?", f.bramwell), ==, 2);

  /* A change that ends breaking them is refused whole at its commit. */
  before = muster_store_dump (f.store);
  g_assert_true (muster_store_begin (f.store, &error));
  g_assert_true (record (&f, f.bazin, "captured", &error, 0));
  g_assert_true (record (&f, f.ashworth, "unhurt", &error, 1, f.marchal));
  g_assert_false (muster_store_commit (f.store, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Bramwell already did"));
  g_clear_error (&error);
  {
    g_autofree char *after = muster_store_dump (f.store);
    g_assert_cmpstr (before, ==, after);
  }
  fight_clear (&f);
}

/* The importer keeps the same rules, naming the line. */
static void
test_kill_import (void)
{
  g_autoptr(MusterStore) source = muster_test_open_store (NULL);
  g_autofree char *good = export_campaign (source, make_sample (source));
  const char *kill = strstr (good, "<kill ");
  g_autofree char *line = g_strndup (kill, strchr (kill, '\n') - kill + 1);
  g_autofree char *doubled = g_strconcat (line, "        ", line, NULL);
  g_autofree char *twice = NULL;
  g_autofree char *unhurt = NULL;
  g_autofree char *where = NULL;
  g_autofree char *message = NULL;
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);

  twice = replace_once (good, line, doubled);
  where = g_strdup_printf ("line %d", line_of (good, line) + 1);
  message = expect_refused (store, 0, twice, -1, MUSTER_EXCHANGE_ERROR_INVALID, where,
                            "is named twice among the men", NULL);
  g_clear_pointer (&message, g_free);
  g_clear_pointer (&where, g_free);

  unhurt = replace_once (good, "outcome=\"out-of-action\"", "outcome=\"unhurt\"");
  where = g_strdup_printf ("line %d", line_of (good, line));
  message = expect_refused (store, 0, unhurt, -1, MUSTER_EXCHANGE_ERROR_INVALID, where,
                            "cannot be “Unhurt”", NULL);
}

/* --- Deleting ------------------------------------------------------------ */

/* Ashworth put Marchal out of action in a played game; Bramwell and
 * Bazin are only down for a planned one. */
static void
fight_played (Fight *f)
{
  g_autoptr(GError) error = NULL;
  gint64 planned[2];

  fight_init (f);
  g_assert_true (record (f, f->ashworth, "unhurt", &error, 1, f->marchal));
  g_assert_true (record (f, f->marchal, "out-of-action", &error, 0));
  g_assert_no_error (error);
  g_assert_true (muster_store_finish_game (f->store, f->game, "British", &error));
  planned[0] = f->bramwell;
  planned[1] = f->bazin;
  g_assert_cmpint (muster_store_create_game (f->store, f->campaign, "Night raid", NULL, planned, 2, &error), >, 0);
  g_assert_no_error (error);
  /* Bramwell and Bazin were in the first game too: take them out of it. */
  sql (f->store, "DELETE FROM participation WHERE game_id = ? AND character_id IN (?, ?)", "iii",
       f->game, f->bramwell, f->bazin);
}

static void
test_delete_character_who_played (void)
{
  Fight f = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(MusterCharacter) ashworth = NULL;

  fight_played (&f);
  before = muster_store_dump (f.store);

  /* The killer and his victim: both are in the other's history. */
  g_assert_null (muster_store_delete_character (f.store, f.ashworth, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_HISTORY);
  g_assert_cmpstr (error->message, ==,
                   "Edward Ashworth cannot be deleted: he took part in Game 1 “The ford” of Peninsula, and deleting "
                   "him would rewrite that game’s history. Retire him instead: set his status to retired.");
  g_clear_error (&error);
  g_assert_null (muster_store_delete_character (f.store, f.marchal, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_HISTORY);
  g_clear_error (&error);
  after = muster_store_dump (f.store);
  g_assert_cmpstr (before, ==, after);
  ashworth = muster_store_get_character (f.store, f.ashworth, &error);
  g_assert_cmpint (muster_character_get_kills (ashworth), ==, 1);

  /* One only down for a planned game goes, and comes back with undo. */
  undo = muster_store_delete_character (f.store, f.bazin, &error);
  g_assert_no_error (error);
  g_assert_nonnull (undo);
  g_assert_true (muster_undo_apply (undo, &error));
  g_assert_no_error (error);
  g_clear_pointer (&after, g_free);
  after = muster_store_dump (f.store);
  g_assert_cmpstr (before, ==, after);

  /* The kill ledger keeps both men even against a raw delete. */
  {
    sqlite3 *db = muster_store_get_db (f.store);
    g_autofree char *statement = g_strdup_printf ("DELETE FROM character WHERE id = %" G_GINT64_FORMAT, f.marchal);

    g_assert_cmpint (sqlite3_exec (db, statement, NULL, NULL, NULL) & 0xff, ==, SQLITE_CONSTRAINT);
    g_assert_cmpstr (sqlite3_errmsg (db), ==, "FOREIGN KEY constraint failed");
  }
  fight_clear (&f);
}

static void
test_delete_force_that_played (void)
{
  Fight f = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 guerrillas, partisan, planned[2];

  fight_played (&f);
  before = muster_store_dump (f.store);
  g_assert_null (muster_store_delete_force (f.store, f.french, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_HISTORY);
  g_assert_cmpstr (error->message, ==,
                   "The force “Voltigeurs” cannot be deleted: Étienne Marchal took part in Game 1 “The ford” of Peninsula, "
                   "and deleting the force would rewrite that game’s history. Set its characters’ status to "
                   "retired and its units’ to disbanded instead.");
  g_clear_error (&error);
  after = muster_store_dump (f.store);
  g_assert_cmpstr (before, ==, after);

  /* A force only down for planned games is deleted, and undone. */
  guerrillas = make_force (f.store, f.campaign, "Guerrillas", "Spanish");
  partisan = make_character (f.store, guerrillas, "Juan Martín", "line", "musket", 6);
  planned[0] = f.bramwell;
  planned[1] = partisan;
  g_assert_cmpint (muster_store_create_game (f.store, f.campaign, "Ambush", NULL, planned, 2, &error), >, 0);
  g_assert_no_error (error);
  g_clear_pointer (&before, g_free);
  before = muster_store_dump (f.store);
  undo = muster_store_delete_force (f.store, guerrillas, &error);
  g_assert_no_error (error);
  g_assert_true (muster_undo_apply (undo, &error));
  g_assert_no_error (error);
  g_clear_pointer (&after, g_free);
  after = muster_store_dump (f.store);
  g_assert_cmpstr (before, ==, after);
  fight_clear (&f);
}

static void
test_delete_unit_that_played (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("chosen-men", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  MusterUnitSpec spec = { 0, };
  MusterUnitResult result = { 0, };
  gint64 campaign, rifles, legere, leach, voltigeurs, reserve, units[2], game;

  campaign = muster_store_create_campaign (store, "Coa 1810", ruleset, 1810, NULL, &error);
  g_assert_no_error (error);
  rifles = make_force (store, campaign, "95th Rifles", "British");
  legere = make_force (store, campaign, "4e Léger", "French");
  spec.kind = "skirmishers";
  spec.name = "Leach's squad";
  leach = units[0] = muster_store_create_unit (store, rifles, &spec, &error);
  spec.name = "Voltigeurs";
  voltigeurs = units[1] = muster_store_create_unit (store, legere, &spec, &error);
  spec.name = "Reserve";
  reserve = muster_store_create_unit (store, legere, &spec, &error);
  g_assert_no_error (error);

  game = muster_store_create_game_full (store, campaign, "The bridge", NULL, NULL, 0, units, 2, &error);
  g_assert_no_error (error);
  result.killed = 2;
  g_assert_true (muster_store_set_unit_result (store, game, voltigeurs, &result, &error));
  g_assert_no_error (error);
  units[1] = reserve;
  g_assert_cmpint (muster_store_create_game_full (store, campaign, "Later", NULL, NULL, 0, units, 2, &error), >, 0);
  g_assert_no_error (error);

  before = muster_store_dump (store);
  g_assert_null (muster_store_delete_unit (store, leach, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_HISTORY);
  g_assert_cmpstr (error->message, ==,
                   "The unit “Leach's squad” cannot be deleted: it took part in Game 1 “The bridge” of Coa 1810, and "
                   "deleting it would rewrite that game’s history. Strike it off the roll instead: set its "
                   "status to disbanded.");
  g_clear_error (&error);
  g_assert_null (muster_store_delete_force (store, legere, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_HISTORY);
  g_assert_nonnull (strstr (error->message, "Voltigeurs took part in Game 1"));
  g_clear_error (&error);
  after = muster_store_dump (store);
  g_assert_cmpstr (before, ==, after);

  /* The reserve was only down for the planned game. */
  undo = muster_store_delete_unit (store, reserve, &error);
  g_assert_no_error (error);
  g_assert_true (muster_undo_apply (undo, &error));
  g_assert_no_error (error);
  g_clear_pointer (&after, g_free);
  after = muster_store_dump (store);
  g_assert_cmpstr (before, ==, after);
}

static void
test_delete_campaign (void)
{
  Fight f = { 0, };
  g_autoptr(GError) error = NULL;
  guint games = 0, characters = 0;
  gint64 other;

  fight_played (&f);
  other = make_campaign (f.store, "Elsewhere");
  make_character (f.store, make_force (f.store, other, "Others", "British"), "Someone", "line", "musket", 6);

  g_assert_true (muster_store_count_campaign (f.store, f.campaign, &games, &characters, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (games, ==, 2);
  g_assert_cmpuint (characters, ==, 4);

  /* The whole history goes with the campaign, and nothing of another. */
  g_assert_true (muster_store_delete_campaign (f.store, f.campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpint (count (f.store, "SELECT count(*) FROM kill WHERE ? > 0", 1), ==, 0);
  g_assert_cmpint (count (f.store, "SELECT count(*) FROM game WHERE ? > 0", 1), ==, 0);
  g_assert_cmpint (count (f.store, "SELECT count(*) FROM character WHERE campaign_id = ?", other), ==, 1);
  g_assert_cmpint (count (f.store, "SELECT count(*) FROM log_entry WHERE campaign_id = ?", f.campaign), ==, 0);
  fight_clear (&f);
}

/* --- Names ---------------------------------------------------------------- */

/* @n characters, two bytes each in UTF-8. */
static char *
long_name (guint n)
{
  GString *name = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append (name, "é");
  return g_string_free (name, FALSE);
}

static void
assert_too_long (GError     *error,
                 const char *needle)
{
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, needle));
  g_assert_nonnull (strstr (error->message, "a name or title has at most 120."));
  /* Only its beginning is quoted. */
  g_assert_cmpuint (strlen (error->message), <, 200);
}

static void
test_name_length (void)
{
  Fight f = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = sharpe ();
  g_autofree char *longest = long_name (MUSTER_STORE_NAME_MAX);
  g_autofree char *too_long = long_name (MUSTER_STORE_NAME_MAX + 1);
  g_autofree char *huge = long_name (100000);
  g_autofree char *padded = g_strconcat ("  ", longest, "  ", NULL);
  MusterUnitSpec unit = { too_long, "company", NULL, 0, NULL };
  g_autoptr(GHashTable) stats = stats_new (3, 4, 5, 2, 6);
  MusterCharacterSpec character = { too_long, NULL, "line", NULL, FALSE, stats, NULL, NULL };
  gint64 ids[2];

  fight_init (&f);

  g_assert_cmpint (muster_store_create_campaign (f.store, huge, ruleset, 1, NULL, &error), ==, 0);
  assert_too_long (error, "is 100000 characters long");
  g_clear_error (&error);
  g_assert_false (muster_store_rename_campaign (f.store, f.campaign, too_long, &error));
  assert_too_long (error, "is 121 characters long");
  g_clear_error (&error);
  g_assert_cmpint (muster_store_create_force (f.store, f.campaign, too_long, NULL, &error), ==, 0);
  assert_too_long (error, "is 121 characters long");
  g_clear_error (&error);
  g_assert_false (muster_store_rename_force (f.store, f.british, too_long, &error));
  assert_too_long (error, "is 121 characters long");
  g_clear_error (&error);
  g_assert_cmpint (muster_store_create_character (f.store, f.british, &character, &error), ==, 0);
  assert_too_long (error, "is 121 characters long");
  g_clear_error (&error);
  g_assert_false (muster_store_set_character_text (f.store, f.ashworth, "name", too_long, &error));
  assert_too_long (error, "is 121 characters long");
  g_clear_error (&error);
  /* The campaign keeps figures, not units, but the name is read first. */
  g_assert_cmpint (muster_store_create_unit (f.store, f.british, &unit, &error), ==, 0);
  g_assert_nonnull (error);
  g_clear_error (&error);
  ids[0] = f.ashworth;
  ids[1] = f.marchal;
  g_assert_cmpint (muster_store_create_game (f.store, f.campaign, too_long, NULL, ids, 2, &error), ==, 0);
  assert_too_long (error, "is 121 characters long");
  g_clear_error (&error);

  /* 120 is enough, counted in characters once trimmed. */
  g_assert_true (muster_store_rename_campaign (f.store, f.campaign, padded, &error));
  g_assert_no_error (error);
  g_assert_true (muster_store_set_character_text (f.store, f.ashworth, "name", longest, &error));
  g_assert_no_error (error);
  g_assert_cmpint (muster_store_create_game (f.store, f.campaign, longest, NULL, ids, 2, &error), >, 0);
  g_assert_no_error (error);

  /* A longer name already in the library stays, and other changes work. */
  sql (f.store, "UPDATE force SET name = ? WHERE id = ?", "ti", huge, f.french);
  g_assert_true (muster_store_set_force_side (f.store, f.french, "Français", &error));
  g_assert_no_error (error);
  g_assert_cmpint (count (f.store, "SELECT length (name) FROM force WHERE id = ?", f.french), ==, 100000);
  fight_clear (&f);
}

static void
test_unit_name_length (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("chosen-men", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *too_long = long_name (MUSTER_STORE_NAME_MAX + 1);
  MusterUnitSpec spec = { "Voltigeurs", "skirmishers", NULL, 0, NULL };
  gint64 campaign, force, unit;

  campaign = muster_store_create_campaign (store, "Coa 1810", ruleset, 1810, NULL, &error);
  force = make_force (store, campaign, "4e Léger", "French");
  unit = muster_store_create_unit (store, force, &spec, &error);
  g_assert_no_error (error);
  spec.name = too_long;
  g_assert_cmpint (muster_store_create_unit (store, force, &spec, &error), ==, 0);
  assert_too_long (error, "is 121 characters long");
  g_clear_error (&error);
  g_assert_false (muster_store_rename_unit (store, unit, too_long, &error));
  assert_too_long (error, "is 121 characters long");
}

/* The importer refuses what the store refuses, naming the element and
 * its line; a name made unique stays within the limit. */
static void
test_name_import (void)
{
  g_autoptr(MusterStore) source = muster_test_open_store (NULL);
  g_autoptr(GRegex) campaign_name = g_regex_new ("<campaign([^>]*) name=\"[^\"]*\"", 0, 0, NULL);
  g_autoptr(GRegex) game_title = g_regex_new ("<game([^>]*) title=\"[^\"]*\"", 0, 0, NULL);
  g_autofree char *good = export_campaign (source, make_sample (source));
  g_autofree char *huge = long_name (100000);
  g_autofree char *longest = long_name (MUSTER_STORE_NAME_MAX);
  g_autofree char *replacement = NULL;
  g_autofree char *bad = NULL;
  g_autofree char *where = NULL;
  g_autofree char *message = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) campaigns = NULL;
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);

  replacement = g_strdup_printf ("<campaign\\1 name=\"%s\"", huge);
  bad = g_regex_replace (campaign_name, good, -1, 0, replacement, G_REGEX_MATCH_DEFAULT, NULL);
  where = g_strdup_printf ("line %d: the name of the <campaign> element cannot be used: ",
                          line_of (good, "<campaign "));
  message = expect_refused (store, 0, bad, -1, MUSTER_EXCHANGE_ERROR_INVALID, where,
                            "is 100000 characters long", NULL);
  g_assert_cmpuint (strlen (message), <, 300);
  g_clear_pointer (&message, g_free);
  g_clear_pointer (&replacement, g_free);
  g_clear_pointer (&bad, g_free);
  g_clear_pointer (&where, g_free);

  replacement = g_strdup_printf ("<game\\1 title=\"%s\"", huge);
  bad = g_regex_replace (game_title, good, -1, 0, replacement, G_REGEX_MATCH_DEFAULT, NULL);
  where = g_strdup_printf ("line %d: the title of the <game> element cannot be used: ",
                           line_of (good, "<game "));
  message = expect_refused (store, 0, bad, -1, MUSTER_EXCHANGE_ERROR_INVALID, where,
                            "is 100000 characters long", NULL);
  g_clear_pointer (&replacement, g_free);
  g_clear_pointer (&bad, g_free);

  /* The longest name, imported twice: the second is made unique within
   * the limit. */
  replacement = g_strdup_printf ("<campaign\\1 name=\"%s\"", longest);
  bad = g_regex_replace (campaign_name, good, -1, 0, replacement, G_REGEX_MATCH_DEFAULT, NULL);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpint (muster_exchange_import_data (store, bad, strlen (bad), "long.muster", 0, NULL, &error), >, 0);
      g_assert_no_error (error);
    }
  campaigns = muster_store_list_campaigns (store, &error);
  g_assert_cmpuint (campaigns->len, ==, 3);
  for (guint i = 0; i < campaigns->len; i++)
    g_assert_cmpint (g_utf8_strlen (muster_campaign_get_name (g_ptr_array_index (campaigns, i)), -1), <=,
                     MUSTER_STORE_NAME_MAX);
}

/* --- Schema version 3 ---------------------------------------------------- */

/* A library written by Muster before version 3 keeps every row, kills
 * that break today's rules included, and its kills restrict deletion; its
 * recruit counter moves to a table of its own, which holds it to what the
 * store holds it to. */
static void
test_migrate_v2 (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autofree char *backup = g_strconcat (path, ".bak-v2", NULL);
  g_autofree char *v1 = read_migration ("0001-initial.sql");
  g_autofree char *v2 = read_migration ("0002-units.sql");
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *db;

  db = raw_open (path);
  raw_exec (db, v1);
  raw_exec (db, v2);
  raw_exec (db,
            "PRAGMA application_id = 1297437524; PRAGMA user_version = 2;"
            "INSERT INTO campaign (id, name, ruleset_id, ruleset_version, ruleset_xml, seed, recruit_counter, created)"
            " VALUES (1, 'Old', 'sharpes-skirmish', '1', '<ruleset/>', 7, 17, '2024-01-01T00:00:00Z'),"
            " (2, 'Unrecruited', 'sharpes-skirmish', '1', '<ruleset/>', 8, 0, '2024-01-01T00:00:00Z');"
            "INSERT INTO force (id, campaign_id, name, side) VALUES (1, 1, 'Rifles', 'British'), (2, 1, 'Léger', 'French');"
            "INSERT INTO character (id, campaign_id, force_id, name, troop_type) VALUES"
            " (1, 1, 1, 'Ashworth', 'line'), (2, 1, 1, 'Bramwell', 'line'), (3, 1, 2, 'Marchal', 'line');"
            "INSERT INTO game (id, campaign_id, number, title, state) VALUES (1, 1, 1, 'The ford', 'played');"
            "INSERT INTO participation (game_id, character_id, side, outcome) VALUES"
            " (1, 1, 'British', 'unhurt'), (1, 2, 'British', 'unhurt'), (1, 3, 'French', 'unhurt');"
            "INSERT INTO kill (id, game_id, killer_id, victim_id) VALUES (4, 1, 1, 3), (7, 1, 1, 3), (9, 1, 2, 3);");
  sqlite3_close (db);

  store = muster_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_test (backup, G_FILE_TEST_IS_REGULAR));
  g_clear_object (&store);

  db = raw_open (path);
  g_assert_cmpint (raw_int (db, "PRAGMA user_version"), ==, MUSTER_STORE_SCHEMA_VERSION);
  assert_raw_text (db, "SELECT group_concat (id || ':' || game_id || ':' || killer_id || ':' || victim_id, ' ')"
                       " FROM (SELECT * FROM kill ORDER BY id)", "4:1:1:3 7:1:1:3 9:1:2:3");
  assert_raw_text (db, "SELECT group_concat (\"from\" || '=' || on_delete, ' ') FROM"
                       " (SELECT * FROM pragma_foreign_key_list ('kill') ORDER BY \"from\")",
                   "game_id=CASCADE killer_id=RESTRICT victim_id=RESTRICT");
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'kill'"), ==, 3);
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM character"), ==, 3);
  raw_exec (db, "PRAGMA foreign_keys = ON");
  g_assert_cmpint (sqlite3_exec (db, "DELETE FROM character WHERE id = 2", NULL, NULL, NULL) & 0xff, ==, SQLITE_CONSTRAINT);
  g_assert_cmpstr (sqlite3_errmsg (db), ==, "FOREIGN KEY constraint failed");

  assert_raw_text (db, "SELECT group_concat (campaign_id || ':' || counter, ' ')"
                       " FROM (SELECT * FROM recruit_counter ORDER BY campaign_id)", "1:17 2:0");
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM pragma_table_info ('campaign') WHERE name = 'recruit_counter'"),
                   ==, 0);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE recruit_counter SET counter = -1", NULL, NULL, NULL) & 0xff,
                   ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE recruit_counter SET counter = 2147483648", NULL, NULL, NULL) & 0xff,
                   ==, SQLITE_CONSTRAINT);
  raw_exec (db, "UPDATE recruit_counter SET counter = 2147483647 WHERE campaign_id = 2");
  raw_exec (db, "DELETE FROM campaign WHERE id = 2");
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM recruit_counter"), ==, 1);
  sqlite3_close (db);

  /* The backup is the old library, untouched. */
  db = raw_open (backup);
  g_assert_cmpint (raw_int (db, "PRAGMA user_version"), ==, 2);
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM kill"), ==, 3);
  sqlite3_close (db);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/store/rules/kill/twice-by-one", test_kill_twice_by_one);
  g_test_add_func ("/store/rules/kill/by-two", test_kill_by_two);
  g_test_add_func ("/store/rules/kill/outcome-removes", test_kill_needs_outcome_that_removes);
  g_test_add_func ("/store/rules/kill/one-change", test_kills_in_one_change);
  g_test_add_func ("/store/rules/kill/import", test_kill_import);
  g_test_add_func ("/store/rules/delete/character", test_delete_character_who_played);
  g_test_add_func ("/store/rules/delete/force", test_delete_force_that_played);
  g_test_add_func ("/store/rules/delete/unit", test_delete_unit_that_played);
  g_test_add_func ("/store/rules/delete/campaign", test_delete_campaign);
  g_test_add_func ("/store/rules/migrate-v2", test_migrate_v2);
  g_test_add_func ("/store/rules/name/length", test_name_length);
  g_test_add_func ("/store/rules/name/unit", test_unit_name_length);
  g_test_add_func ("/store/rules/name/import", test_name_import);

  return g_test_run ();
}
