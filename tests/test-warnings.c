/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-warnings"

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-game.h"
#include "muster-store.h"
#include "muster-test-util.h"
#include "muster-unit.h"
#include "muster-warnings.h"

/* What Muster takes but warns about: a game dated before the one played
 * before it, two characters of a campaign with one name, a game finished
 * with no results. */

typedef struct {
  MusterStore *store;
  gint64       campaign;
  gint64       british;
  gint64       french;
  gint64       ward;
  gint64       lefort;
} Fixture;

static gint64
add_character (Fixture    *f,
               gint64      force,
               const char *name)
{
  g_autoptr(GError) error = NULL;
  MusterCharacterSpec spec = { 0 };
  gint64 id;

  spec.name = name;
  spec.troop_type = "line";
  id = muster_store_create_character (f->store, force, &spec, &error);
  g_assert_no_error (error);
  return id;
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) rules = muster_rulesets_lookup ("sharpes-skirmish", &error);

  g_assert_no_error (error);
  f->store = muster_test_open_store (NULL);
  f->campaign = muster_store_create_campaign (f->store, "Peninsula 1812", rules, 1, NULL, &error);
  f->british = muster_store_create_force (f->store, f->campaign, "Light Company", "British", &error);
  f->french = muster_store_create_force (f->store, f->campaign, "Voltigeurs", "French", &error);
  g_assert_no_error (error);
  f->ward = add_character (f, f->british, "Thomas Ward");
  f->lefort = add_character (f, f->french, "Jean Lefort");
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_clear_object (&f->store);
}

static gint64
new_game (Fixture    *f,
          const char *title,
          const char *date)
{
  g_autoptr(GError) error = NULL;
  gint64 ids[2] = { f->ward, f->lefort };
  gint64 id = muster_store_create_game (f->store, f->campaign, title, date, ids, 2, &error);

  g_assert_no_error (error);
  return id;
}

/* The one warning @warnings holds, or NULL when it holds none. */
static const char *
only (GPtrArray *warnings)
{
  g_assert_nonnull (warnings);
  g_assert_cmpuint (warnings->len, <=, 1);
  return warnings->len == 1 ? g_ptr_array_index (warnings, 0) : NULL;
}

static void
test_game_date (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GPtrArray) warnings = NULL;
  g_autoptr(GError) error = NULL;
  gint64 second;

  /* Nothing to compare with yet. */
  warnings = muster_warnings_for_game_date (f->store, f->campaign, 0, "1812-05-01", &error);
  g_assert_null (only (warnings));
  g_clear_pointer (&warnings, g_ptr_array_unref);

  new_game (f, "The ford", "1812-06-01");
  new_game (f, "No date", NULL);

  warnings = muster_warnings_for_game_date (f->store, f->campaign, 0, "1812-05-01", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (only (warnings), ==,
                   "The date 1812-05-01 is before that of Game 1 “The ford” of Peninsula 1812, "
                   "played before it, on 1812-06-01.");
  g_clear_pointer (&warnings, g_ptr_array_unref);

  /* The same day, a later one, or none: nothing to say. */
  warnings = muster_warnings_for_game_date (f->store, f->campaign, 0, "1812-06-01", &error);
  g_assert_null (only (warnings));
  g_clear_pointer (&warnings, g_ptr_array_unref);
  warnings = muster_warnings_for_game_date (f->store, f->campaign, 0, "1813-01-01", &error);
  g_assert_null (only (warnings));
  g_clear_pointer (&warnings, g_ptr_array_unref);
  warnings = muster_warnings_for_game_date (f->store, f->campaign, 0, NULL, &error);
  g_assert_null (only (warnings));
  g_clear_pointer (&warnings, g_ptr_array_unref);
  /* Not a date: refused when the game is made, not warned about. */
  warnings = muster_warnings_for_game_date (f->store, f->campaign, 0, "1812-02-30", &error);
  g_assert_null (only (warnings));
  g_clear_pointer (&warnings, g_ptr_array_unref);
  warnings = muster_warnings_for_game_date (f->store, f->campaign, 0, "0001", &error);
  g_assert_null (only (warnings));
  g_clear_pointer (&warnings, g_ptr_array_unref);

  /* A game already planned is compared with those before it only, and
   * the latest of them. */
  second = new_game (f, "The bridge", "1812-07-01");
  new_game (f, "The mill", "1812-09-01");
  warnings = muster_warnings_for_game_date (f->store, f->campaign, second, "1812-08-01", &error);
  g_assert_null (only (warnings));
  g_clear_pointer (&warnings, g_ptr_array_unref);
  warnings = muster_warnings_for_game_date (f->store, f->campaign, 0, "1812-08-01", &error);
  g_assert_nonnull (strstr (only (warnings), "Game 4 “The mill” of Peninsula 1812"));
}

static void
test_character_name (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GPtrArray) warnings = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) rules = muster_rulesets_lookup ("sharpes-skirmish", &error);
  gint64 other, force;
  guint n = 0;

  warnings = muster_warnings_for_character_name (f->store, f->campaign, 0, "Thomas Ward", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (only (warnings), ==,
                   "1 other character of Peninsula 1812 is called “Thomas Ward”: a name of their own tells "
                   "them apart in the log and on the sheets.");
  g_clear_pointer (&warnings, g_ptr_array_unref);

  /* Case and spaces aside. */
  warnings = muster_warnings_for_character_name (f->store, f->campaign, 0, " thomas WARD ", &error);
  g_assert_nonnull (only (warnings));
  g_clear_pointer (&warnings, g_ptr_array_unref);

  /* Thomas Ward keeping his own name, someone else's name, the name in
   * another campaign. */
  warnings = muster_warnings_for_character_name (f->store, f->campaign, f->ward, "Thomas Ward", &error);
  g_assert_null (only (warnings));
  g_clear_pointer (&warnings, g_ptr_array_unref);
  warnings = muster_warnings_for_character_name (f->store, f->campaign, 0, "Samuel Kettle", &error);
  g_assert_null (only (warnings));
  g_clear_pointer (&warnings, g_ptr_array_unref);

  other = muster_store_create_campaign (f->store, "Waterloo", rules, 1, NULL, &error);
  force = muster_store_create_force (f->store, other, "Rifles", "British", &error);
  g_assert_no_error (error);
  add_character (f, force, "Samuel Kettle");
  warnings = muster_warnings_for_character_name (f->store, f->campaign, 0, "Samuel Kettle", &error);
  g_assert_null (only (warnings));
  g_clear_pointer (&warnings, g_ptr_array_unref);

  /* Two of them already. */
  add_character (f, f->french, "Thomas Ward");
  warnings = muster_warnings_for_character_name (f->store, f->campaign, 0, "Thomas Ward", &error);
  g_assert_true (g_str_has_prefix (only (warnings), "2 other characters of Peninsula 1812 are called “Thomas Ward”"));

  g_assert_true (muster_store_count_named (f->store, 0, "samuel kettle", 0, &n, &error));
  g_assert_cmpuint (n, ==, 1);
}

static void
test_finish (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GPtrArray) warnings = NULL;
  g_autoptr(GError) error = NULL;
  MusterResult result = { 0 };
  gint64 game = new_game (f, "The ford", NULL);

  warnings = muster_warnings_for_finish (f->store, game, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (only (warnings), ==,
                   "No results are recorded for Game 1 “The ford” of Peninsula 1812: record who was hurt or "
                   "put out of action before its between-game sequence is run.");
  g_clear_pointer (&warnings, g_ptr_array_unref);

  result.outcome = "unhurt";
  g_assert_true (muster_store_set_result (f->store, game, f->ward, &result, &error));
  g_assert_no_error (error);
  warnings = muster_warnings_for_finish (f->store, game, &error);
  g_assert_null (only (warnings));
}

/* A unit's figures are a result too. */
static void
test_finish_units (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) rules = muster_rulesets_lookup ("chosen-men", &error);
  g_autoptr(GPtrArray) warnings = NULL;
  MusterUnitSpec spec = { 0 };
  MusterUnitResult result = { 0 };
  gint64 campaign, a, b, units[2], game;

  campaign = muster_store_create_campaign (store, "Coa 1810", rules, 1, NULL, &error);
  a = muster_store_create_force (store, campaign, "95th Rifles", "British", &error);
  b = muster_store_create_force (store, campaign, "4e Léger", "French", &error);
  spec.kind = "skirmishers";
  spec.name = "Leach's squad";
  units[0] = muster_store_create_unit (store, a, &spec, &error);
  spec.name = "Voltigeurs";
  units[1] = muster_store_create_unit (store, b, &spec, &error);
  game = muster_store_create_game_full (store, campaign, "The bridge", NULL, NULL, 0, units, 2, &error);
  g_assert_no_error (error);

  warnings = muster_warnings_for_finish (store, game, &error);
  g_assert_nonnull (only (warnings));
  g_clear_pointer (&warnings, g_ptr_array_unref);

  result.killed = 2;
  g_assert_true (muster_store_set_unit_result (store, game, units[1], &result, &error));
  g_assert_no_error (error);
  warnings = muster_warnings_for_finish (store, game, &error);
  g_assert_null (only (warnings));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/warnings/game-date", Fixture, NULL, fixture_setup, test_game_date, fixture_teardown);
  g_test_add ("/warnings/character-name", Fixture, NULL, fixture_setup, test_character_name, fixture_teardown);
  g_test_add ("/warnings/finish", Fixture, NULL, fixture_setup, test_finish, fixture_teardown);
  g_test_add_func ("/warnings/finish-units", test_finish_units);

  return g_test_run ();
}
