/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-log"

#include "config.h"

#include <locale.h>
#include <string.h>

#include "muster-exchange.h"
#include "muster-log-private.h"
#include "muster-log-test-util.h"
#include "muster-rules-update.h"
#include "muster-store-private.h"
#include "muster-store-test-util.h"
#include "muster-test-util.h"
#include "muster-unit.h"

/*
 * The campaign log is what happened, kept as a kind and its arguments,
 * and said in the reader's language when it is read. Each change that
 * logs is asserted here where it is written: its kind, its arguments and
 * the sentence an English reader reads; the between-game steps are in
 * test-log-steps.c. The last test checks that every sentence of the log
 * was asserted.
 */

/* A change that must succeed; its error is e_. */
#define ASSERT_OK(call) G_STMT_START { g_autoptr(GError) e_ = NULL; gboolean ok_ = (call); \
  g_assert_no_error (e_); g_assert_true (ok_); } G_STMT_END

static gint64
new_campaign (MusterStore   *store,
              const char    *name,
              MusterRuleset *rules)
{
  g_autoptr(GError) error = NULL;
  gint64 id = muster_store_create_campaign (store, name, rules, 42, NULL, &error);

  g_assert_no_error (error);
  return id;
}

/* A character of @force_id with @stats (NULL: none), made by hand. */
static gint64
new_character (MusterStore *store,
               gint64       force_id,
               const char  *name,
               const char  *troop_type,
               GHashTable  *stats)
{
  g_autoptr(GError) error = NULL;
  MusterCharacterSpec spec = { 0 };
  gint64 id;

  spec.name = name;
  spec.troop_type = troop_type;
  spec.stats = stats;
  id = muster_store_create_character (store, force_id, &spec, &error);
  g_assert_no_error (error);
  return id;
}

static MusterRoll *
entered_roll (const char *expression,
              const int  *faces,
              guint       n_faces)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDiceExpr) expr = muster_dice_expr_parse (expression, &error);
  MusterRoll *roll;

  g_assert_no_error (error);
  roll = muster_roll_new_entered (expr, faces, n_faces, &error);
  g_assert_no_error (error);
  return roll;
}

/* --- The campaign and its forces ----------------------------------------- */

static void
test_campaign_and_forces (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) rules = log_test_shipped ("sharpes-skirmish");
  g_autoptr(MusterUndo) undo = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *created = NULL;
  g_autofree char *args = NULL;
  gint64 campaign, british, partida, french;

  campaign = new_campaign (store, "Talavera", rules);
  created = g_strdup_printf ("Campaign “Talavera” created with Sharpe's Skirmish (version %s)",
                             muster_ruleset_get_version (rules));
  args = g_strdup_printf ("{\"name\": \"Talavera\", \"ruleset\": \"sharpes-skirmish\", \"version\": \"%s\"}",
                          muster_ruleset_get_version (rules));
  log_expect (store, campaign, "campaign-created", args, created);

  ASSERT_OK (muster_store_rename_campaign (store, campaign, "Talavera 1809", &e_));
  log_expect (store, campaign, "campaign-renamed", "{\"old\": \"Talavera\", \"new\": \"Talavera 1809\"}",
              "Campaign “Talavera” renamed to “Talavera 1809”");

  british = make_force (store, campaign, "95th Rifles", "British");
  g_clear_pointer (&args, g_free);
  args = g_strdup_printf ("{\"force_id\": %" G_GINT64_FORMAT ", \"name\": \"95th Rifles\", \"side\": \"British\"}",
                          british);
  log_expect (store, campaign, "force-created", args, "Force “95th Rifles” created, fighting for British");

  partida = make_force (store, campaign, "Partida", NULL);
  log_expect (store, campaign, "force-created", "{\"name\": \"Partida\"}", "Force “Partida” created");

  ASSERT_OK (muster_store_rename_force (store, partida, "Partida de Sánchez", &e_));
  g_clear_pointer (&args, g_free);
  args = g_strdup_printf ("{\"force_id\": %" G_GINT64_FORMAT ", \"old\": \"Partida\", \"new\": \"Partida de Sánchez\"}",
                          partida);
  log_expect (store, campaign, "force-renamed", args, "Force “Partida” renamed to “Partida de Sánchez”");

  ASSERT_OK (muster_store_set_force_side (store, partida, "Spanish", &e_));
  log_expect (store, campaign, "force-side", "{\"name\": \"Partida de Sánchez\", \"side\": \"Spanish\"}",
              "Force “Partida de Sánchez” now fights for Spanish");
  ASSERT_OK (muster_store_set_force_side (store, partida, NULL, &e_));
  log_expect (store, campaign, "force-side", "{\"name\": \"Partida de Sánchez\"}",
              "Force “Partida de Sánchez” is now a side of its own");

  ASSERT_OK (muster_store_set_force_nationality (store, partida, "portuguese", &e_));
  log_expect (store, campaign, "force-nationality",
              "{\"name\": \"Partida de Sánchez\", \"nationality\": \"portuguese\"}",
              "Nationality of force “Partida de Sánchez” set to Portuguese");

  /* What a deletion logs is also what Undo undoes. */
  undo = muster_store_delete_force (store, partida, &error);
  g_assert_no_error (error);
  log_expect (store, campaign, "force-deleted", "{\"name\": \"Partida de Sánchez\", \"characters\": 0}",
              "Force “Partida de Sánchez” deleted");
  g_assert_cmpstr (muster_undo_get_label (undo), ==, "Force “Partida de Sánchez” deleted");
  g_clear_pointer (&undo, muster_undo_free);

  french = make_force (store, campaign, "Voltigeurs", "French");
  make_character (store, french, "Jean Lefort", "voltigeur", NULL, 6);
  undo = muster_store_delete_force (store, french, &error);
  g_assert_no_error (error);
  log_expect (store, campaign, "force-deleted", "{\"name\": \"Voltigeurs\", \"characters\": 1}",
              "Force “Voltigeurs” deleted with its 1 character");
  g_assert_cmpstr (muster_undo_get_label (undo), ==, "Force “Voltigeurs” deleted with its 1 character");
}

/* --- Characters ------------------------------------------------------------ */

static void
test_characters (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) rules = log_test_shipped ("sharpes-skirmish");
  g_autoptr(GHashTable) stats = stats_new (3, 4, 5, 2, 11);
  g_autoptr(GPtrArray) rolls = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_roll_free);
  g_autoptr(GPtrArray) roll_stats = g_ptr_array_new ();
  g_autoptr(MusterUndo) undo = NULL;
  g_autoptr(GError) error = NULL;
  MusterCharacterSpec spec = { 0 };
  gint64 campaign, british, french, ned, dan;

  campaign = new_campaign (store, "Talavera", rules);
  british = make_force (store, campaign, "95th Rifles", "British");
  french = make_force (store, campaign, "Voltigeurs", "French");

  /* A recruit: his stats, and the dice where they say more than them. */
  g_ptr_array_add (rolls, entered_roll ("1d3+2", (const int[]) { 1 }, 1));
  g_ptr_array_add (roll_stats, (gpointer) "I");
  g_ptr_array_add (rolls, entered_roll ("1d6", (const int[]) { 4 }, 1));
  g_ptr_array_add (roll_stats, (gpointer) "D");
  g_ptr_array_add (rolls, entered_roll ("2d6", (const int[]) { 5, 6 }, 2));
  g_ptr_array_add (roll_stats, (gpointer) "F");
  spec.name = "Ned Hagman";
  spec.troop_type = "line";
  spec.stats = stats;
  spec.rolls = rolls;
  spec.roll_stats = roll_stats;
  ned = muster_store_create_character (store, british, &spec, &error);
  g_assert_no_error (error);
  log_expect (store, campaign, "recruit",
              "{\"name\": \"Ned Hagman\", \"weapon\": \"musket\", \"stats\": ["
              "{\"key\": \"I\", \"value\": 3, \"dice\": \"1 + 2 = 3\"}, {\"key\": \"D\", \"value\": 4},"
              "{\"key\": \"S\", \"value\": 5}, {\"key\": \"C\", \"value\": 2},"
              "{\"key\": \"F\", \"value\": 11, \"dice\": \"5 + 6 = 11\", \"cap\": 9}]}",
              "Ned Hagman recruited: I 3 (rolled 1 + 2 = 3), D 4, S 5, C 2, F 11 (rolled 5 + 6 = 11; 9 with the Musket)");

  dan = make_character (store, british, "Dan Hagman", "rifleman", NULL, 8);
  log_expect (store, campaign, "character-created", "{\"name\": \"Dan Hagman\", \"force\": \"95th Rifles\"}",
              "Dan Hagman joined “95th Rifles”");

  ASSERT_OK (muster_store_set_character_text (store, dan, "name", "Daniel Hagman", &e_));
  log_expect (store, campaign, "character-renamed", "{\"old\": \"Dan Hagman\", \"new\": \"Daniel Hagman\"}",
              "Dan Hagman is now called Daniel Hagman");
  ASSERT_OK (muster_store_set_character_text (store, dan, "rank", "Corporal", &e_));
  log_expect (store, campaign, "character-edited",
              "{\"name\": \"Daniel Hagman\", \"field\": \"rank\", \"value\": \"Corporal\"}",
              "Daniel Hagman is now Corporal");
  ASSERT_OK (muster_store_set_character_text (store, dan, "rank", "", &e_));
  log_expect (store, campaign, "character-edited", "{\"field\": \"rank\", \"value\": \"\"}",
              "Daniel Hagman no longer holds a rank");
  ASSERT_OK (muster_store_set_character_text (store, dan, "troop_type", "line", &e_));
  log_expect (store, campaign, "character-edited", "{\"field\": \"troop_type\", \"value\": \"line\"}",
              "Daniel Hagman is now a Line infantry");
  ASSERT_OK (muster_store_set_character_text (store, dan, "notes", "Fond of the bottle", &e_));
  log_expect (store, campaign, "character-edited", "{\"field\": \"notes\"}", "Notes on Daniel Hagman changed");
  ASSERT_OK (muster_store_set_character_mounted (store, dan, TRUE, &e_));
  log_expect (store, campaign, "character-edited", "{\"field\": \"mounted\", \"value\": true}",
              "Daniel Hagman is now mounted");
  ASSERT_OK (muster_store_set_character_mounted (store, dan, FALSE, &e_));
  log_expect (store, campaign, "character-edited", "{\"field\": \"mounted\", \"value\": false}",
              "Daniel Hagman now fights on foot");

  /* A weapon, and what it holds lower while he uses it. */
  ASSERT_OK (muster_store_set_character_text (store, ned, "weapon", "rifle", &e_));
  log_expect (store, campaign, "character-edited", "{\"field\": \"weapon\", \"value\": \"rifle\"}",
              "Ned Hagman now carries a Baker rifle");
  ASSERT_OK (muster_store_set_character_text (store, ned, "weapon", "musket", &e_));
  log_expect (store, campaign, "character-edited",
              "{\"field\": \"weapon\", \"value\": \"musket\", \"caps\": [{\"key\": \"F\", \"cap\": 9, \"value\": 11}]}",
              "Ned Hagman now carries a Musket; he uses Firing 9 with it, and keeps his 11");

  ASSERT_OK (muster_store_set_character_stat (store, dan, "I", 4, &e_));
  log_expect (store, campaign, "stat-changed", "{\"name\": \"Daniel Hagman\", \"stat\": \"I\", \"old\": 3, \"value\": 4}",
              "Daniel Hagman: Initiative changed from 3 to 4");

  ASSERT_OK (muster_store_set_character_status (store, dan, MUSTER_STATUS_OUT_OF_ACTION, 2, &e_));
  log_expect (store, campaign, "status", "{\"status\": \"out-of-action\", \"games\": 2}",
              "Daniel Hagman is out of action for 2 games");
  ASSERT_OK (muster_store_set_character_status (store, dan, MUSTER_STATUS_CAPTURED, 0, &e_));
  log_expect (store, campaign, "status", "{\"status\": \"captured\"}", "Daniel Hagman is now Captured");
  ASSERT_OK (muster_store_release_character (store, dan, &e_));
  log_expect (store, campaign, "released", "{\"name\": \"Daniel Hagman\"}",
              "Daniel Hagman is released in an exchange of prisoners and is back with his force.");

  ASSERT_OK (muster_store_move_character (store, dan, french, &e_));
  {
    g_autofree char *args = g_strdup_printf ("{\"from\": \"95th Rifles\", \"to\": \"Voltigeurs\","
                                             " \"from_force_id\": %" G_GINT64_FORMAT ","
                                             " \"force_id\": %" G_GINT64_FORMAT "}", british, french);

    log_expect (store, campaign, "character-moved", args, "Daniel Hagman moved from “95th Rifles” to “Voltigeurs”");
  }

  undo = muster_store_delete_character (store, dan, &error);
  g_assert_no_error (error);
  log_expect (store, campaign, "character-deleted", "{\"name\": \"Daniel Hagman\"}",
              "Character “Daniel Hagman” deleted");
  g_assert_cmpstr (muster_undo_get_label (undo), ==, "Character “Daniel Hagman” deleted");
}

/* A stat a character never had is set, not changed; a man with no weapon
 * of his own carries none; a recruit rolled on a table names its entry,
 * and the side's limit that put him lower. */
static void
test_characters_without (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) rules = log_test_rules ("");
  g_autoptr(GHashTable) stats = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) rolls = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_roll_free);
  g_autoptr(GPtrArray) roll_stats = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  MusterCharacterSpec spec = { 0 };
  gint64 campaign, force, man;

  campaign = new_campaign (store, "Sabugal", rules);
  force = make_force (store, campaign, "Light Division", "British");
  man = new_character (store, force, "Peter d’Alembord", "man", stats);
  ASSERT_OK (muster_store_set_character_stat (store, man, "class", 2, &e_));
  log_expect (store, campaign, "stat-changed", "{\"stat\": \"class\", \"value\": 2}",
              "Peter d’Alembord: Class set to 2");
  ASSERT_OK (muster_store_set_character_text (store, man, "weapon", "", &e_));
  log_expect (store, campaign, "character-edited", "{\"field\": \"weapon\", \"value\": \"\"}",
              "Peter d’Alembord no longer carries a weapon");

  g_hash_table_insert (stats, (gpointer) "class", GINT_TO_POINTER (3));
  g_ptr_array_add (rolls, entered_roll ("2d6", (const int[]) { 4, 5 }, 2));
  g_ptr_array_add (roll_stats, (gpointer) "class");
  spec.name = "Thomas Carter";
  spec.troop_type = "man";
  spec.stats = stats;
  spec.rolls = rolls;
  spec.roll_stats = roll_stats;
  muster_store_create_character (store, force, &spec, &error);
  g_assert_no_error (error);
  log_expect (store, campaign, "recruit",
              "{\"stats\": [{\"key\": \"class\", \"value\": 3, \"dice\": \"4 + 5 = 9\", \"table\": \"class\","
              " \"entry\": \"leader\"}]}",
              "Thomas Carter recruited: class 3 (rolled 4 + 5 = 9 on Character class: Leader)");

  g_hash_table_insert (stats, (gpointer) "class", GINT_TO_POINTER (2));
  g_ptr_array_set_size (rolls, 0);
  g_ptr_array_add (rolls, entered_roll ("2d6", (const int[]) { 6, 5 }, 2));
  spec.name = "Harry Price";
  muster_store_create_character (store, force, &spec, &error);
  g_assert_no_error (error);
  log_expect (store, campaign, "recruit",
              "{\"stats\": [{\"key\": \"class\", \"value\": 2, \"dice\": \"6 + 5 = 11\", \"table\": \"class\","
              " \"entry\": \"professional\", \"demoted\": true}]}",
              "Harry Price recruited: class 2 (rolled 6 + 5 = 11 on Character class, past the side’s limit: Professional)");
}

/* --- Units ----------------------------------------------------------------- */

static void
test_units (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) rules = log_test_shipped ("chosen-men");
  g_autoptr(MusterUndo) undo = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *args = NULL;
  gint64 campaign, fane, unit, harden;

  campaign = new_campaign (store, "Vimeiro", rules);
  fane = make_force (store, campaign, "Fane", "British");
  unit = log_test_unit (store, fane, "Light company", "infantry", "veteran");
  args = g_strdup_printf ("{\"unit_id\": %" G_GINT64_FORMAT ", \"name\": \"Light company\", \"force\": \"Fane\","
                          " \"kind\": \"infantry\", \"size\": 10}", unit);
  log_expect (store, campaign, "unit-created", args, "Light company joins Fane: Infantry squad, 10 figures");

  ASSERT_OK (muster_store_rename_unit (store, unit, "Light Bobs", &e_));
  g_clear_pointer (&args, g_free);
  args = g_strdup_printf ("{\"unit_id\": %" G_GINT64_FORMAT ", \"name\": \"Light company\", \"field\": \"name\","
                          " \"value\": \"Light Bobs\"}", unit);
  log_expect (store, campaign, "unit-edited", args, "The unit Light company is now called Light Bobs");
  ASSERT_OK (muster_store_set_unit_text (store, unit, "kind", "skirmishers", &e_));
  log_expect (store, campaign, "unit-edited", "{\"field\": \"kind\", \"value\": \"skirmishers\"}",
              "Light Bobs is now Skirmishers");
  ASSERT_OK (muster_store_set_unit_text (store, unit, "rating", "crack", &e_));
  log_expect (store, campaign, "unit-edited", "{\"field\": \"rating\", \"value\": \"crack\"}",
              "Light Bobs is now rated Crack");
  ASSERT_OK (muster_store_set_unit_text (store, unit, "notes", "Green jackets", &e_));
  log_expect (store, campaign, "unit-edited", "{\"field\": \"notes\"}", "The notes on Light Bobs changed");
  ASSERT_OK (muster_store_set_unit_number (store, unit, "size", 12, &e_));
  log_expect (store, campaign, "unit-edited", "{\"field\": \"size\", \"value\": 12}", "Light Bobs now has 12 figures");
  ASSERT_OK (muster_store_set_unit_number (store, unit, "lost", 2, &e_));
  log_expect (store, campaign, "unit-edited", "{\"field\": \"lost\", \"value\": 2}",
              "Light Bobs has lost 2 figures for good");
  ASSERT_OK (muster_store_set_unit_number (store, unit, "morale_loss", -2, &e_));
  log_expect (store, campaign, "unit-edited", "{\"field\": \"morale_loss\", \"value\": -2}",
              "Light Bobs’s morale is changed by 2 for good");
  ASSERT_OK (muster_store_set_unit_value (store, unit, "musicians", 1, &e_));
  log_expect (store, campaign, "unit-edited", "{\"field\": \"value\", \"stat\": \"musicians\", \"value\": 1}",
              "Light Bobs: Musicians is now 1");
  ASSERT_OK (muster_store_set_unit_text (store, unit, "status", "disbanded", &e_));
  log_expect (store, campaign, "unit-edited", "{\"field\": \"status\", \"value\": \"disbanded\"}",
              "Light Bobs is now disbanded");
  ASSERT_OK (muster_store_set_unit_text (store, unit, "status", "active", &e_));

  harden = new_character (store, fane, "Sergeant Harden", "squad-leader", NULL);
  ASSERT_OK (muster_store_attach_character (store, harden, unit, &e_));
  g_clear_pointer (&args, g_free);
  args = g_strdup_printf ("{\"name\": \"Sergeant Harden\", \"unit_id\": %" G_GINT64_FORMAT ", \"unit\": \"Light Bobs\"}",
                          unit);
  log_expect (store, campaign, "unit-joined", args, "Sergeant Harden joins Light Bobs");
  ASSERT_OK (muster_store_attach_character (store, harden, 0, &e_));
  log_expect (store, campaign, "unit-joined", "{\"name\": \"Sergeant Harden\"}", "Sergeant Harden leaves his unit");

  undo = muster_store_delete_unit (store, unit, &error);
  g_assert_no_error (error);
  log_expect (store, campaign, "unit-deleted", "{\"name\": \"Light Bobs\"}", "Unit “Light Bobs” deleted");
  g_assert_cmpstr (muster_undo_get_label (undo), ==, "Unit “Light Bobs” deleted");
}

/* --- Games ----------------------------------------------------------------- */

static void
test_games (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) rules = log_test_shipped ("sharpes-skirmish");
  g_autoptr(GError) error = NULL;
  gint64 campaign, british, french, carter, harper, lefort, dubois, game, ford, hill;
  MusterResult result = { 0 };

  campaign = new_campaign (store, "Talavera", rules);
  british = make_force (store, campaign, "95th Rifles", "British");
  french = make_force (store, campaign, "Voltigeurs", "French");
  carter = make_character (store, british, "Thomas Carter", "rifleman", NULL, 8);
  harper = make_character (store, british, "Patrick Harper", "line", NULL, 6);
  lefort = make_character (store, french, "Jean Lefort", "voltigeur", NULL, 6);
  dubois = make_character (store, french, "Henri Dubois", "voltigeur", NULL, 6);

  game = muster_store_create_game (store, campaign, "The bridge", "1809-07-27",
                                   (const gint64[]) { carter, harper, lefort, dubois }, 4, &error);
  g_assert_no_error (error);
  log_expect (store, campaign, "game",
              "{\"number\": 1, \"title\": \"The bridge\", \"side_a\": \"British\", \"side_b\": \"French\","
              " \"characters\": 4, \"units\": false}",
              "Game 1 “The bridge” planned: British against French, 4 characters.");

  result.outcome = "out-of-action";
  ASSERT_OK (muster_store_set_result (store, game, lefort, &result, &e_));
  log_expect (store, campaign, "result", "{\"name\": \"Jean Lefort\", \"outcome\": \"out-of-action\", \"kills\": 0}",
              "Jean Lefort: Out of action.");
  result.outcome = "unhurt";
  result.victims = (const gint64[]) { lefort };
  result.n_victims = 1;
  result.killed_unnamed = 1;
  ASSERT_OK (muster_store_set_result (store, game, carter, &result, &e_));
  log_expect (store, campaign, "result", "{\"name\": \"Thomas Carter\", \"outcome\": \"unhurt\", \"kills\": 2}",
              "Thomas Carter: Unhurt; put 2 enemies out of action.");
  result = (MusterResult) { "wounded", 1, 0, NULL, 0, 0, NULL };
  ASSERT_OK (muster_store_set_result (store, game, harper, &result, &e_));
  log_expect (store, campaign, "result",
              "{\"name\": \"Patrick Harper\", \"outcome\": \"wounded\", \"light\": 1, \"serious\": 0}",
              "Patrick Harper: Wounded (1 light wound, 0 serious wounds).");
  /* Wounds that add up are recorded as what they add up to, and the
   * entry says why. */
  result = (MusterResult) { "wounded", 0, 2, NULL, 0, 0, NULL };
  ASSERT_OK (muster_store_set_result (store, game, dubois, &result, &e_));
  log_expect (store, campaign, "result",
              "{\"name\": \"Henri Dubois\", \"outcome\": \"out-of-action\", \"added_light\": 0, \"added_serious\": 2}",
              "Henri Dubois: Out of action. 2 serious wounds count as “Out of action”.");

  ASSERT_OK (muster_store_finish_game (store, game, "British", &e_));
  log_expect (store, campaign, "finished", "{\"number\": 1, \"title\": \"The bridge\", \"winner\": \"British\"}",
              "Game 1 “The bridge” played: “British” won.");

  ford = muster_store_create_game (store, campaign, "The ford", NULL,
                                   (const gint64[]) { carter, dubois }, 2, &error);
  g_assert_no_error (error);
  ASSERT_OK (muster_store_finish_game (store, ford, NULL, &e_));
  log_expect (store, campaign, "finished", "{\"number\": 2, \"title\": \"The ford\"}",
              "Game 2 “The ford” played: a draw.");

  hill = muster_store_create_game (store, campaign, "The hill", NULL,
                                   (const gint64[]) { harper, dubois }, 2, &error);
  g_assert_no_error (error);
  ASSERT_OK (muster_store_delete_game (store, hill, &e_));
  log_expect (store, campaign, "game-deleted", "{\"number\": 3, \"title\": \"The hill\"}", "Game 3 “The hill” deleted.");
}

static void
test_unit_games (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) rules = log_test_shipped ("chosen-men");
  g_autoptr(GError) error = NULL;
  g_autofree char *args = NULL;
  gint64 campaign, fane, laborde, light, voltigeurs, grenadiers, game;
  MusterUnitResult result = { 0 };

  campaign = new_campaign (store, "Vimeiro", rules);
  fane = make_force (store, campaign, "Fane", "British");
  laborde = make_force (store, campaign, "Laborde", "French");
  light = log_test_unit (store, fane, "Light company", "infantry", "veteran");
  voltigeurs = log_test_unit (store, laborde, "Voltigeurs", "skirmishers", "regular");
  grenadiers = log_test_unit (store, laborde, "Grenadiers", "infantry", "veteran");

  game = muster_store_create_game_full (store, campaign, "The hill", NULL, NULL, 0,
                                        (const gint64[]) { light, voltigeurs }, 2, &error);
  g_assert_no_error (error);
  log_expect (store, campaign, "game", "{\"number\": 1, \"characters\": 0, \"units\": true}",
              "Game 1 “The hill” planned: British against French, 0 characters and units.");

  ASSERT_OK (muster_store_add_game_units (store, game, (const gint64[]) { grenadiers }, 1, &e_));
  args = g_strdup_printf ("{\"number\": 1, \"title\": \"The hill\", \"units\": [{\"unit_id\": %" G_GINT64_FORMAT ","
                          " \"name\": \"Grenadiers\"}]}", grenadiers);
  log_expect (store, campaign, "unit-joined-game", args, "Game 1 “The hill”: Grenadiers take the field");

  result = (MusterUnitResult) { 2, 1, 0, 0, "captured", NULL };
  ASSERT_OK (muster_store_set_unit_result (store, game, light, &result, &e_));
  log_expect (store, campaign, "unit-result",
              "{\"name\": \"Light company\", \"killed\": 2, \"wounded\": 1, \"captured\": 0, \"run\": 0,"
              " \"colours\": \"captured\"}",
              "Game 1 “The hill”: Light company: 2 killed, 1 wounded, 0 captured, 0 run; took the enemy’s colours");
  result = (MusterUnitResult) { 3, 2, 1, 0, "lost", NULL };
  ASSERT_OK (muster_store_set_unit_result (store, game, voltigeurs, &result, &e_));
  log_expect (store, campaign, "unit-result", "{\"name\": \"Voltigeurs\", \"colours\": \"lost\"}",
              "Game 1 “The hill”: Voltigeurs: 3 killed, 2 wounded, 1 captured, 0 run; its colours lost");
  result = (MusterUnitResult) { 1, 0, 0, 0, NULL, NULL };
  ASSERT_OK (muster_store_set_unit_result (store, game, grenadiers, &result, &e_));
  g_clear_pointer (&args, g_free);
  args = g_strdup_printf ("{\"unit_id\": %" G_GINT64_FORMAT ", \"name\": \"Grenadiers\", \"killed\": 1}", grenadiers);
  log_expect (store, campaign, "unit-result", args, "Game 1 “The hill”: Grenadiers: 1 killed, 0 wounded, 0 captured, 0 run");
}

/* --- Forces from files, newer rules, and stats put back -------------------- */

static char *
export_force (MusterStore *store,
              gint64       force_id,
              gsize       *length)
{
  g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_exchange_export_force (store, force_id, stream, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_close (stream, NULL, NULL));
  *length = g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (stream));
  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (stream));
}

static void
test_import (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) rules = log_test_shipped ("sharpes-skirmish");
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;
  gint64 campaign, other, lusitanians, force;
  MusterLogEntry *newest;

  campaign = new_campaign (store, "Talavera", rules);
  data = muster_test_read_data ("exchange/force.muster", &length);
  force = muster_exchange_import_data (store, data, length, "force.muster", campaign, NULL, &error);
  g_assert_no_error (error);
  log_expect_any (store, campaign, "import", "{\"force\": \"South Devon Light Company\"}",
                  "Force “South Devon Light Company” joined the campaign from a file.");
  log_expect_any (store, campaign, "import", "{\"kills\": 4, \"games\": 3}",
                  "Richard Sharland joined with the force “South Devon Light Company” (kills elsewhere: 4, games elsewhere: 3).");
  newest = muster_test_newest_log (store, campaign, NULL);
  muster_test_assert_args (newest->args, "{}");
  muster_log_entry_free (newest);
  g_assert_cmpint (force, >, 0);

  /* Men who fought nowhere else bring no totals. */
  other = new_campaign (store, "Busaco", rules);
  lusitanians = make_force (store, other, "Loyal Lusitanians", "Portuguese");
  make_character (store, lusitanians, "João Silva", "line", NULL, 6);
  g_clear_pointer (&data, g_free);
  data = export_force (store, lusitanians, &length);
  muster_exchange_import_data (store, data, length, "force.muster", campaign, NULL, &error);
  g_assert_no_error (error);
  log_expect (store, campaign, "import", "{\"name\": \"João Silva\", \"force\": \"Loyal Lusitanians\"}",
              "João Silva joined with the force “Loyal Lusitanians”.");
}

static void
test_rules_updated (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) first = NULL;
  g_autoptr(MusterRuleset) now = log_test_shipped ("sharpes-skirmish");
  g_autoptr(MusterRulesUpdate) update = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (TEST_SRCDIR, "rulesets", "sharpes-skirmish-1.xml", NULL);
  g_autofree char *text = NULL;
  gint64 campaign;

  first = muster_ruleset_new_from_file (path, &error);
  g_assert_no_error (error);
  campaign = new_campaign (store, "Talavera", first);
  update = muster_rules_update_new (store, campaign, now, &error);
  g_assert_no_error (error);
  undo = muster_store_update_rules (store, update, &error);
  g_assert_no_error (error);
  text = g_strdup_printf ("The campaign now plays version %s of Sharpe's Skirmish, in place of version 1. "
                          "“Points lost to wounds” is new and takes its default, “Back for the next game”.",
                          muster_ruleset_get_version (now));
  log_expect (store, campaign, "rules-updated",
              "{\"ruleset\": \"sharpes-skirmish\", \"old_version\": \"1\", \"broken\": false,"
              " \"options\": [{\"fate\": \"new\", \"option\": \"lasting-wounds\", \"choice\": \"heal\"}]}",
              text);

  /* A copy that no longer loads is replaced, and the entry says so. */
  g_clear_pointer (&undo, muster_undo_free);
  g_clear_pointer (&update, muster_rules_update_free);
  g_clear_pointer (&text, g_free);
  raw_exec (muster_store_get_db (store), "UPDATE campaign SET ruleset_version = '1', ruleset_xml = '<ruleset/>'");
  muster_store_forget_caches (store);
  update = muster_rules_update_new (store, campaign, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_rules_update_get_state (update), ==, MUSTER_RULES_UPDATE_BROKEN);
  undo = muster_store_update_rules (store, update, &error);
  g_assert_no_error (error);
  text = g_strdup_printf ("The campaign now plays version %s of Sharpe's Skirmish, in place of its copy of "
                          "version 1, which no longer loaded.", muster_ruleset_get_version (now));
  log_expect (store, campaign, "rules-updated", "{\"broken\": true}", text);
}

/* Migration 5 wrote its entries as text (a library of version 5 had no
 * arguments); migration 7 reads them back. */
static void
test_stat_restored (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) rules = log_test_shipped ("sharpes-skirmish");
  g_autoptr(GError) error = NULL;
  g_autofree char *sql = NULL;
  gint64 campaign, force, ward;

  campaign = new_campaign (store, "Talavera", rules);
  force = make_force (store, campaign, "95th Rifles", "British");
  ward = make_character (store, force, "Thomas Ward", "line", "musket", 9);
  sql = g_strdup_printf ("INSERT INTO log_entry (campaign_id, character_id, kind, message, created) VALUES"
                         " (%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT ", 'stat-restored', 'Thomas Ward: Firing back to"
                         " 11, as rolled when he was recruited; it was kept at 9, his weapon’s limit, which he still"
                         " uses with that weapon.', '1810-01-01T00:00:00Z')", campaign, ward);
  raw_exec (muster_store_get_db (store), sql);
  g_assert_true (muster_store_begin (store, &error));
  g_assert_true (muster_store_recover_campaign_log (store, campaign, &error));
  g_assert_no_error (error);
  g_assert_true (muster_store_commit (store, &error));
  log_expect (store, campaign, "stat-restored",
              "{\"name\": \"Thomas Ward\", \"stat\": \"F\", \"value\": 11, \"kept\": 9}",
              "Thomas Ward: Firing back to 11, as rolled when he was recruited; it was kept at 9, his weapon’s "
              "limit, which he still uses with that weapon.");
}

/* --- Reading in another language ----------------------------------------- */

/* The newest entry of @kind said in @lang. */
static char *
said_in (MusterStore       *store,
         gint64             campaign_id,
         const char        *kind,
         MusterLogLanguage *lang)
{
  MusterLogEntry *entry = muster_test_newest_log (store, campaign_id, kind);
  g_autoptr(JsonObject) args = muster_log_args_from_string (entry->args, NULL);
  MusterLogContext ctx = { lang, muster_store_get_campaign_ruleset (store, campaign_id, NULL), kind, args, NULL };
  char *text = muster_log_format_in (&ctx);

  muster_log_entry_free (entry);
  return text;
}

/* The same entries read in each language Muster has a catalogue for:
 * words, names of the rules and plural forms. */
static void
test_read_in_languages (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) rules = log_test_shipped ("sharpes-skirmish");
  g_autoptr(GPtrArray) languages = muster_log_languages_installed ();
  MusterLogLanguage *fr = muster_test_log_language (languages, "fr");
  MusterLogLanguage *es = muster_test_log_language (languages, "es");
  MusterLogLanguage *en = muster_test_log_language (languages, "en");
  gint64 campaign, force, ward;
  struct { const char *kind; MusterLogLanguage *lang; const char *text; } cases[] = {
    /* French puts a narrow no-break space inside its quotes, a
     * no-break space before a colon. */
    { "campaign-renamed", fr, "Campagne «\u202FTalavera\u202F» renommée en «\u202FTalavera 1809\u202F»" },
    { "campaign-renamed", es, "Campaña «Talavera» renombrada como «Talavera 1809»" },
    { "campaign-renamed", en, "Campaign “Talavera” renamed to “Talavera 1809”" },
    { "stat-changed", fr, "Thomas Ward\u00A0: Initiative passe de 3 à 1" },
    { "status", fr, "Thomas Ward est hors de combat pour 2 parties" },
    { "status", es, "Thomas Ward queda fuera de combate durante 2 partidas" },
  };

  campaign = new_campaign (store, "Talavera", rules);
  ASSERT_OK (muster_store_rename_campaign (store, campaign, "Talavera 1809", &e_));
  force = make_force (store, campaign, "95th Rifles", "British");
  ward = make_character (store, force, "Thomas Ward", "line", NULL, 6);
  ASSERT_OK (muster_store_set_character_stat (store, ward, "I", 1, &e_));
  ASSERT_OK (muster_store_set_character_status (store, ward, MUSTER_STATUS_OUT_OF_ACTION, 2, &e_));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = said_in (store, campaign, cases[i].kind, cases[i].lang);

      g_assert_cmpstr (text, ==, cases[i].text);
    }

  /* One game is singular in French too, and none is not. */
  ASSERT_OK (muster_store_set_character_status (store, ward, MUSTER_STATUS_OUT_OF_ACTION, 1, &e_));
  {
    g_autofree char *text = said_in (store, campaign, "status", fr);

    g_assert_cmpstr (text, ==, "Thomas Ward est hors de combat pour 1 partie");
  }
}

/* --- Every sentence is asserted ------------------------------------------- */

static void
test_every_sentence (void)
{
  g_autoptr(GString) missing = g_string_new (NULL);
  guint n = 0;
  const MusterLogSentence *sentences = muster_log_get_sentences (&n);

  if (!log_test_all_run ())
    {
      g_test_skip ("Only when every test of the program runs");
      return;
    }
  for (guint i = 0; i < n; i++)
    if (!log_sentence_noted (sentences[i].kind, sentences[i].when))
      g_string_append_printf (missing, "\n  %s [%s]: %s", sentences[i].kind,
                              sentences[i].when != NULL ? sentences[i].when : "",
                              sentences[i].msgid);
  if (missing->len > 0)
    g_error ("No test asserts these sentences of the log:%s", missing->str);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  log_test_add ("/log/kinds/campaign-and-forces", test_campaign_and_forces);
  log_test_add ("/log/kinds/characters", test_characters);
  log_test_add ("/log/kinds/characters-without", test_characters_without);
  log_test_add ("/log/kinds/units", test_units);
  log_test_add ("/log/kinds/games", test_games);
  log_test_add ("/log/kinds/unit-games", test_unit_games);
  log_test_add ("/log/kinds/import", test_import);
  log_test_add ("/log/kinds/rules-updated", test_rules_updated);
  log_test_add ("/log/kinds/stat-restored", test_stat_restored);
  log_test_add_steps ();
  g_test_add_func ("/log/read/languages", test_read_in_languages);
  g_test_add_func ("/log/end/every-sentence", test_every_sentence);

  return g_test_run ();
}
