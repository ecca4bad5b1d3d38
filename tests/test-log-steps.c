/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-log"

#include "config.h"

#include <string.h>

#include "muster-engine.h"
#include "muster-game.h"
#include "muster-log-test-util.h"
#include "muster-table.h"
#include "muster-test-util.h"
#include "muster-unit.h"

/* What each between-game step logs, with its arguments and its text, in
 * the rulesets that use it and in one of the tests' for the rest. */

typedef struct {
  MusterStore *store;
  gint64       campaign;
  gint64       forces[2];
} Play;

/* A campaign of @rules (@options: "key=value" pairs, NULL-terminated) with
 * a British and a French force. */
static void
play_init (Play          *play,
           MusterRuleset *rules,
           const char    *first_option,
           ...)
{
  g_autoptr(GHashTable) options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GError) error = NULL;
  va_list ap;

  va_start (ap, first_option);
  for (const char *option = first_option; option != NULL; option = va_arg (ap, const char *))
    {
      g_auto(GStrv) pair = g_strsplit (option, "=", 2);

      g_hash_table_insert (options, g_strdup (pair[0]), g_strdup (pair[1]));
    }
  va_end (ap);

  play->store = muster_test_open_store (NULL);
  play->campaign = muster_store_create_campaign (play->store, "Talavera", rules, 7, options, &error);
  g_assert_no_error (error);
  play->forces[0] = muster_store_create_force (play->store, play->campaign, "Allies", "British", &error);
  g_assert_no_error (error);
  play->forces[1] = muster_store_create_force (play->store, play->campaign, "Imperials", "French", &error);
  g_assert_no_error (error);
}

static void
play_clear (Play *play)
{
  g_clear_object (&play->store);
}

/* A character of side @side (0 British, 1 French) with the stats given as
 * key, value pairs, NULL-terminated. */
static gint64
man (Play       *play,
     int         side,
     const char *name,
     const char *troop_type,
     ...)
{
  g_autoptr(GHashTable) stats = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  MusterCharacterSpec spec = { 0 };
  va_list ap;
  gint64 id;

  va_start (ap, troop_type);
  for (const char *key = va_arg (ap, const char *); key != NULL; key = va_arg (ap, const char *))
    g_hash_table_insert (stats, (gpointer) key, GINT_TO_POINTER (va_arg (ap, int)));
  va_end (ap);
  spec.name = name;
  spec.troop_type = troop_type;
  spec.stats = stats;
  id = muster_store_create_character (play->store, play->forces[side], &spec, &error);
  g_assert_no_error (error);
  return id;
}

static gint64
unit (Play       *play,
      int         side,
      const char *name,
      const char *kind,
      const char *rating)
{
  return log_test_unit (play->store, play->forces[side], name, kind, rating);
}

static gint64
game (Play         *play,
      const gint64 *characters,
      guint         n_characters,
      const gint64 *units,
      guint         n_units)
{
  g_autoptr(GError) error = NULL;
  gint64 id = muster_store_create_game_full (play->store, play->campaign, "The bridge", NULL,
                                             characters, n_characters, units, n_units, &error);

  g_assert_no_error (error);
  return id;
}

static void
result (Play       *play,
        gint64      game_id,
        gint64      character,
        const char *outcome,
        int         light,
        int         serious)
{
  g_autoptr(GError) error = NULL;
  MusterResult r = { outcome, light, serious, NULL, 0, 0, NULL };

  g_assert_true (muster_store_set_result (play->store, game_id, character, &r, &error));
  g_assert_no_error (error);
}

static void
unit_result (Play       *play,
             gint64      game_id,
             gint64      unit_id,
             int         killed,
             int         wounded,
             int         captured,
             const char *colours)
{
  g_autoptr(GError) error = NULL;
  MusterUnitResult r = { killed, wounded, captured, 0, colours, NULL };

  g_assert_true (muster_store_set_unit_result (play->store, game_id, unit_id, &r, &error));
  g_assert_no_error (error);
}

/* Resolves @game_id with the faces given as name, faces pairs,
 * NULL-terminated. */
static void
resolve (Play   *play,
         gint64  game_id,
         ...)
{
  g_autoptr(GHashTable) faces = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GError) error = NULL;
  va_list ap;

  va_start (ap, game_id);
  for (const char *who = va_arg (ap, const char *); who != NULL; who = va_arg (ap, const char *))
    g_hash_table_insert (faces, (gpointer) who, va_arg (ap, char *));
  va_end (ap);
  events = muster_engine_resolve_with_faces (play->store, game_id, faces, &error);
  g_assert_no_error (error);
  g_assert_nonnull (events);
}

#define SHARPE_STATS(i) "I", (i), "D", 4, "S", 5, "C", 2, "F", 6, NULL

/* Sharpe's Skirmish: the countdown, the death roll, capture, lasting harm
 * and wounds that heal. */
static void
test_sharpe (void)
{
  g_autoptr(MusterRuleset) rules = log_test_shipped ("sharpes-skirmish");
  Play play = { 0 };
  gint64 ward, hagman, perkins, harper, lefort, dubois, blanc, martin, id;
  g_autoptr(GError) error = NULL;

  play_init (&play, rules, "death-roll=die-on-6", "lasting-wounds=lasting-harm", NULL);
  ward = man (&play, 0, "Thomas Ward", "line", SHARPE_STATS (3));
  hagman = man (&play, 0, "Dan Hagman", "rifleman", SHARPE_STATS (3));
  perkins = man (&play, 0, "Ben Perkins", "line", SHARPE_STATS (3));
  harper = man (&play, 0, "Patrick Harper", "line", SHARPE_STATS (3));
  lefort = man (&play, 1, "Jean Lefort", "voltigeur", SHARPE_STATS (3));
  dubois = man (&play, 1, "Henri Dubois", "voltigeur", SHARPE_STATS (3));
  blanc = man (&play, 1, "Louis Blanc", "voltigeur", SHARPE_STATS (3));
  martin = man (&play, 1, "Paul Martin", "voltigeur", SHARPE_STATS (1));
  g_assert_true (muster_store_set_character_status (play.store, ward, MUSTER_STATUS_OUT_OF_ACTION, 1, &error));
  g_assert_true (muster_store_set_character_status (play.store, hagman, MUSTER_STATUS_OUT_OF_ACTION, 2, &error));
  g_assert_no_error (error);

  id = game (&play, (const gint64[]) { perkins, harper, lefort, dubois, blanc, martin }, 6, NULL, 0);
  result (&play, id, perkins, "out-of-action", 0, 0);
  result (&play, id, lefort, "out-of-action", 0, 0);
  result (&play, id, dubois, "captured", 0, 0);
  result (&play, id, harper, "wounded", 1, 1);
  result (&play, id, blanc, "wounded", 1, 0);
  result (&play, id, martin, "wounded", 0, 1);
  resolve (&play, id, "Ben Perkins", "3", "Jean Lefort", "6", NULL);

  log_expect_any (play.store, play.campaign, "recovered", "{\"name\": \"Thomas Ward\", \"step\": \"countdown\"}",
                  "Thomas Ward has recovered and is available for the next game.");
  log_expect_any (play.store, play.campaign, "countdown", "{\"name\": \"Dan Hagman\", \"games\": 1}",
                  "Dan Hagman misses this game and is out of action for 1 more game.");
  log_expect_any (play.store, play.campaign, "survived", "{\"name\": \"Ben Perkins\", \"step\": \"death-roll\"}",
                  "Ben Perkins survives and is back for the next game. (Death roll on 1d6: 3, rolled at the table)");
  log_expect_any (play.store, play.campaign, "death", "{\"name\": \"Jean Lefort\", \"step\": \"death-roll\"}",
                  "Jean Lefort dies of his wounds. (Death roll on 1d6: 6, rolled at the table)");
  log_expect_any (play.store, play.campaign, "captured", "{\"name\": \"Henri Dubois\", \"step\": \"capture\"}",
                  "Henri Dubois is taken prisoner and stays captured until released.");
  log_expect_any (play.store, play.campaign, "stat-drop", "{\"name\": \"Patrick Harper\", \"stat\": \"D\", \"value\": 1}",
                  "Patrick Harper drops to Dexterity 1 for good.");
  log_expect_any (play.store, play.campaign, "recovered", "{\"name\": \"Paul Martin\", \"stat\": \"I\", \"value\": 1}",
                  "Paul Martin keeps Initiative 1.");
  log_expect_any (play.store, play.campaign, "healed", "{\"name\": \"Patrick Harper\", \"light\": 1, \"serious\": 1}",
                  "The wounds of Patrick Harper heal (1 light, 1 serious).");
  log_expect_any (play.store, play.campaign, "healed", "{\"name\": \"Louis Blanc\", \"light\": 1, \"serious\": 0}",
                  "The light wound of Louis Blanc heals.");
  log_expect_any (play.store, play.campaign, "healed", "{\"name\": \"Paul Martin\", \"light\": 0, \"serious\": 1}",
                  "The serious wound of Paul Martin heals.");
  log_expect (play.store, play.campaign, "resolved", "{\"number\": 1, \"title\": \"The bridge\"}",
              "Game 1 “The bridge” resolved.");
  play_clear (&play);
}

static void
test_sharpe_out_for_games (void)
{
  g_autoptr(MusterRuleset) rules = log_test_shipped ("sharpes-skirmish");
  Play play = { 0 };
  gint64 perkins, lefort, id;

  play_init (&play, rules, "death-roll=out-d6-games", NULL);
  perkins = man (&play, 0, "Ben Perkins", "line", SHARPE_STATS (3));
  lefort = man (&play, 1, "Jean Lefort", "voltigeur", SHARPE_STATS (3));
  id = game (&play, (const gint64[]) { perkins, lefort }, 2, NULL, 0);
  result (&play, id, perkins, "out-of-action", 0, 0);
  resolve (&play, id, "Ben Perkins", "3", NULL);
  log_expect_any (play.store, play.campaign, "out", "{\"name\": \"Ben Perkins\", \"games\": 3, \"step\": \"out-for-games\"}",
                  "Ben Perkins is out of action for 3 games. (Out for games on 1d6: 3, rolled at the table)");
  play_clear (&play);
}

#define CHOSEN_STATS "rank", 1, "rating", 1, "character", 5, NULL

/* Chosen Men Fat: men struck off, wounds that add up or stay, musicians,
 * figures lost and colours lost and taken. */
static void
test_chosen_men (void)
{
  g_autoptr(MusterRuleset) rules = log_test_shipped ("chosen-men");
  g_autoptr(GError) error = NULL;
  Play play = { 0 };
  gint64 light, rifles, voltigeurs, grenadiers, harden, fletcher, cooper, roux, bompard, moreau, id;

  play_init (&play, rules, NULL);
  light = unit (&play, 0, "Light company", "infantry", "veteran");
  rifles = unit (&play, 0, "Rifles", "skirmishers", "crack");
  voltigeurs = unit (&play, 1, "Voltigeurs", "skirmishers", "regular");
  grenadiers = unit (&play, 1, "Grenadiers", "infantry", "veteran");
  unit (&play, 1, "Chasseurs", "skirmishers", "regular");
  g_assert_true (muster_store_set_unit_value (play.store, light, "musicians", 1, &error));
  g_assert_no_error (error);
  harden = man (&play, 0, "Sergeant Harden", "squad-leader", CHOSEN_STATS);
  fletcher = man (&play, 0, "Fletcher", "squad-leader", CHOSEN_STATS);
  cooper = man (&play, 0, "Cooper", "squad-leader", CHOSEN_STATS);
  roux = man (&play, 1, "Sergent Roux", "squad-leader", CHOSEN_STATS);
  bompard = man (&play, 1, "Sergent Bompard", "squad-leader", CHOSEN_STATS);
  moreau = man (&play, 1, "Sergent Moreau", "squad-leader", CHOSEN_STATS);
  g_assert_true (muster_store_attach_character (play.store, harden, light, &error));
  g_assert_true (muster_store_attach_character (play.store, fletcher, rifles, &error));
  g_assert_no_error (error);

  id = game (&play, (const gint64[]) { harden, fletcher, cooper, roux, bompard, moreau }, 6,
             (const gint64[]) { light, voltigeurs, grenadiers }, 3);
  result (&play, id, harden, "wounded", 3, 0);
  result (&play, id, fletcher, "wounded", 3, 0);
  result (&play, id, cooper, "captured", 0, 0);
  result (&play, id, roux, "killed", 0, 0);
  result (&play, id, bompard, "wounded", 0, 2);
  result (&play, id, moreau, "wounded", 0, 1);
  unit_result (&play, id, light, 2, 1, 0, "captured");
  unit_result (&play, id, voltigeurs, 3, 0, 0, "lost");
  unit_result (&play, id, grenadiers, 10, 0, 0, NULL);
  resolve (&play, id, NULL);

  log_expect_any (play.store, play.campaign, "death", "{\"name\": \"Sergent Roux\", \"step\": \"struck-off\"}",
                  "Sergent Roux was killed and is struck off the roll.");
  log_expect_any (play.store, play.campaign, "ignored", "{\"name\": \"Sergeant Harden\", \"light\": 3}",
                  "The 3 light wounds of Sergeant Harden are ignored: his unit has a musician.");
  log_expect_any (play.store, play.campaign, "rejoined", "{\"name\": \"Light company\", \"count\": 1, \"step\": \"musicians\"}",
                  "Light company: 1 wounded figure rejoins for the next game, tended by its musicians.");
  log_expect_any (play.store, play.campaign, "worsened", "{\"name\": \"Fletcher\", \"light\": 3, \"serious\": 1}",
                  "Fletcher: 3 light wounds become 1 serious wound.");
  log_expect_any (play.store, play.campaign, "death", "{\"name\": \"Sergent Bompard\", \"serious\": 2}",
                  "Sergent Bompard dies of his 2 serious wounds.");
  log_expect_any (play.store, play.campaign, "carried", "{\"name\": \"Sergent Moreau\", \"light\": 0, \"serious\": 1}",
                  "Sergent Moreau carries his wounds into the next game (0 light, 1 serious).");
  log_expect_any (play.store, play.campaign, "captured", "{\"name\": \"Cooper\"}",
                  "Cooper is taken prisoner and stays captured until released.");
  log_expect_any (play.store, play.campaign, "unit-loss",
                  "{\"name\": \"Voltigeurs\", \"figures\": \"killed\", \"count\": 3, \"left\": 5}",
                  "Voltigeurs: 3 figures killed struck off for good; 5 figures left.");
  log_expect_any (play.store, play.campaign, "destroyed", "{\"name\": \"Grenadiers\"}",
                  "Grenadiers has no figures left and is destroyed.");
  log_expect_any (play.store, play.campaign, "morale-loss", "{\"name\": \"Voltigeurs\", \"by\": 2}",
                  "Voltigeurs lost its colours and loses 2 base morale for good.");
  log_expect_any (play.store, play.campaign, "morale-loss", "{\"name\": \"Chasseurs\", \"cause\": \"Voltigeurs\"}",
                  "Chasseurs loses 2 base morale for good: Voltigeurs of its command lost its colours.");
  log_expect_any (play.store, play.campaign, "morale-loss", "{\"name\": \"Light company\", \"by\": -2}",
                  "Light company took the enemy’s colours and gains 2 base morale for good.");
  play_clear (&play);
}

/* Big Skirmishes: Class lost to wounds, a Hero's, and a Class spent. */
static void
test_big_skirmishes (void)
{
  g_autoptr(MusterRuleset) rules = log_test_shipped ("big-skirmishes");
  Play play = { 0 };
  gint64 hero, pro, duffer, french, infantry, id;

  play_init (&play, rules, "hero-recovers=keeps-class", "class-spent=dead", "unit-losses=replaced", NULL);
  hero = man (&play, 0, "Major Hogan", "character", "class", 4, NULL);
  pro = man (&play, 0, "Captain Frederickson", "character", "class", 2, NULL);
  duffer = man (&play, 0, "Ensign Denny", "character", "class", 1, NULL);
  french = man (&play, 1, "Colonel Leroux", "character", "class", 3, NULL);
  infantry = unit (&play, 0, "South Essex", "infantry", "average");
  id = game (&play, (const gint64[]) { hero, pro, duffer, french }, 4, (const gint64[]) { infantry }, 1);
  result (&play, id, hero, "wounded", 1, 0);
  result (&play, id, pro, "wounded", 1, 0);
  result (&play, id, duffer, "wounded", 1, 0);
  unit_result (&play, id, infantry, 3, 0, 0, NULL);
  resolve (&play, id, NULL);

  log_expect_any (play.store, play.campaign, "recovered", "{\"name\": \"Major Hogan\", \"table\": \"class\", \"entry\": \"hero\"}",
                  "Major Hogan, a Hero, recovers in time for the next game: his wounds cost him no Class.");
  log_expect_any (play.store, play.campaign, "class-drop", "{\"name\": \"Captain Frederickson\", \"value\": 1}",
                  "Captain Frederickson drops to Class 1 for good.");
  log_expect_any (play.store, play.campaign, "death", "{\"name\": \"Ensign Denny\", \"stat\": \"class\"}",
                  "Ensign Denny dies: his Class is spent.");
  log_expect_any (play.store, play.campaign, "rejoined", "{\"name\": \"South Essex\", \"figures\": \"killed\", \"count\": 3}",
                  "South Essex: 3 figures killed rejoin for the next game.");
  play_clear (&play);

  play_init (&play, rules, "class-spent=retired", NULL);
  duffer = man (&play, 0, "Ensign Denny", "character", "class", 1, NULL);
  french = man (&play, 1, "Colonel Leroux", "character", "class", 3, NULL);
  id = game (&play, (const gint64[]) { duffer, french }, 2, NULL, 0);
  result (&play, id, duffer, "wounded", 1, 0);
  resolve (&play, id, NULL);
  log_expect_any (play.store, play.campaign, "retired", "{\"name\": \"Ensign Denny\", \"stat\": \"class\"}",
                  "Ensign Denny retires: his Class is spent.");
  play_clear (&play);
}

/* Small Unit Engagements: whole bases lost, the rest back. */
static void
test_small_unit_engagements (void)
{
  g_autoptr(MusterRuleset) rules = log_test_shipped ("small-unit-engagements");
  Play play = { 0 };
  gint64 company, french, id;

  play_init (&play, rules, "casualties=by-base", NULL);
  company = unit (&play, 0, "Grenadier company", "regular", "normal");
  french = unit (&play, 1, "Chasseurs", "regular", "normal");
  id = game (&play, NULL, 0, (const gint64[]) { company, french }, 2);
  unit_result (&play, id, company, 4, 0, 0, NULL);
  resolve (&play, id, NULL);
  log_expect_any (play.store, play.campaign, "unit-loss",
                  "{\"name\": \"Grenadier company\", \"figures\": \"killed\", \"count\": 3, \"bases\": 1, \"left\": 9}",
                  "Grenadier company: 3 figures killed (1 whole base) struck off for good; 9 figures left.");
  log_expect_any (play.store, play.campaign, "rejoined", "{\"name\": \"Grenadier company\", \"count\": 1}",
                  "Grenadier company: 1 figure killed rejoins for the next game.");
  play_clear (&play);
}

/* The steps and choices no shipped ruleset makes. */
static void
test_other_steps (void)
{
  g_autoptr(MusterRuleset) rules = log_test_rules (
    "    <step type=\"struck-off\" outcome=\"captured\" status=\"retired\"/>\n"
    "    <step type=\"out-for-games\" outcome=\"out-of-action\" dice=\"1d2-1\"/>\n"
    "    <step type=\"drop-stat\" stat=\"class\" outcome=\"wounded\" by=\"1\" at-zero=\"out-of-action\"/>\n"
    "    <step type=\"always-recovers\" table=\"class\" entry=\"hero\"/>\n"
    "    <step type=\"always-recovers\" stat=\"class\" value=\"3\"/>\n"
    "    <step type=\"morale-loss\" outcome=\"colours-lost\" by=\"1\"/>\n"
    "    <step type=\"morale-loss\" colours=\"captured\" by=\"-1\" scope=\"force\"/>\n");
  g_autoptr(GError) error = NULL;
  Play play = { 0 };
  gint64 first, second, andrews, baker, collins, dawson, evans, fisher, ziegler, id;

  play_init (&play, rules, NULL);
  first = unit (&play, 0, "First company", "company", "regular");
  second = unit (&play, 0, "Second company", "company", "regular");
  andrews = man (&play, 0, "Andrews", "man", "class", 2, NULL);
  baker = man (&play, 0, "Baker", "man", "class", 2, NULL);
  collins = man (&play, 0, "Collins", "man", "class", 4, NULL);
  dawson = man (&play, 0, "Dawson", "man", "class", 3, NULL);
  evans = man (&play, 0, "Evans", "man", "class", 1, NULL);
  fisher = man (&play, 0, "Fisher", "man", "class", 2, NULL);
  ziegler = man (&play, 1, "Ziegler", "man", "class", 2, NULL);
  g_assert_true (muster_store_attach_character (play.store, fisher, first, &error));
  g_assert_no_error (error);
  id = game (&play, (const gint64[]) { andrews, baker, collins, dawson, evans, fisher, ziegler }, 7,
             (const gint64[]) { first }, 1);
  result (&play, id, andrews, "captured", 0, 0);
  result (&play, id, baker, "out-of-action", 0, 0);
  result (&play, id, collins, "out-of-action", 0, 0);
  result (&play, id, dawson, "out-of-action", 0, 0);
  result (&play, id, evans, "wounded", 1, 0);
  result (&play, id, fisher, "colours-lost", 0, 0);
  unit_result (&play, id, first, 0, 0, 0, "captured");
  resolve (&play, id, "Baker", "1", "Collins", "2", "Dawson", "2", NULL);

  log_expect_any (play.store, play.campaign, "retired", "{\"name\": \"Andrews\", \"status\": \"retired\"}",
                  "Andrews is struck off the roll (Retired).");
  log_expect_any (play.store, play.campaign, "survived", "{\"name\": \"Baker\", \"step\": \"out-for-games\"}",
                  "Baker misses no game and is back for the next one. (Out for games on 1d2-1: 1 - 1 = 0, "
                  "rolled at the table)");
  log_expect_any (play.store, play.campaign, "recovered", "{\"name\": \"Collins\", \"entry\": \"hero\"}",
                  "Collins, a Hero, recovers in time for the next game.");
  log_expect_any (play.store, play.campaign, "recovered", "{\"name\": \"Dawson\", \"stat\": \"class\", \"value\": 3}",
                  "Dawson (Class 3) recovers in time for the next game.");
  log_expect_any (play.store, play.campaign, "out", "{\"name\": \"Evans\", \"stat\": \"class\"}",
                  "Evans is out of action for good: his Class is spent.");
  log_expect_any (play.store, play.campaign, "morale-loss", "{\"name\": \"Fisher\", \"unit\": \"First company\", \"total\": 1}",
                  "Fisher’s unit “First company” loses 1 base morale for good (1 in all).");
  log_expect_any (play.store, play.campaign, "morale-loss", "{\"name\": \"First company\", \"by\": -1}",
                  "First company took the enemy’s colours and gains 1 base morale for good.");
  log_expect_any (play.store, play.campaign, "morale-loss",
                  "{\"name\": \"Second company\", \"by\": -1, \"cause\": \"First company\"}",
                  "Second company gains 1 base morale for good: First company of its command took the enemy’s colours.");
  g_assert_cmpint (second, >, 0);
  play_clear (&play);
}

static void
table_hit (Play                   *play,
           gint64                  game_id,
           const MusterHitRequest *request)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterHit) hit = muster_store_record_hit (play->store, game_id, request, &error);

  g_assert_no_error (error);
  g_assert_nonnull (hit);
}

/* A game played at the table: started, each hit as it happens, and
 * each card dealt. */
static void
test_table (void)
{
  g_autoptr(MusterRuleset) sharpe = log_test_shipped ("sharpes-skirmish");
  g_autoptr(MusterRuleset) chosen = log_test_shipped ("chosen-men");
  g_autoptr(MusterRuleset) big = log_test_shipped ("big-skirmishes");
  g_autoptr(GError) error = NULL;
  gboolean owned = FALSE, nobodys = FALSE;
  Play play = { 0 };
  gint64 ward, lefort, dubois, id, light, harden, roux;
  int fatal = 9, figures[] = { 2, 6 };

  play_init (&play, sharpe, NULL);
  ward = man (&play, 0, "Thomas Ward", "rifleman", SHARPE_STATS (3));
  lefort = man (&play, 1, "Jean Lefort", "voltigeur", SHARPE_STATS (3));
  dubois = man (&play, 1, "Henri Dubois", "voltigeur", SHARPE_STATS (3));
  id = game (&play, (const gint64[]) { ward, lefort, dubois }, 3, NULL, 0);
  g_assert_true (muster_store_start_game (play.store, id, &error));
  g_assert_no_error (error);
  log_expect (play.store, play.campaign, "started", "{\"number\": 1, \"title\": \"The bridge\"}",
              "Game 1 “The bridge” started at the table.");
  table_hit (&play, id, &(MusterHitRequest) { .target_id = lefort, .attacker_id = ward, .location = "chest",
                                              .has_score = TRUE, .score = 7 });
  log_expect (play.store, play.campaign, "hit",
              "{\"ordinal\": 1, \"name\": \"Jean Lefort\", \"attacker\": \"Thomas Ward\", \"kind\": \"shot\","
              " \"location\": \"chest\", \"score\": 7, \"effect\": \"serious\"}",
              "Hit 1: Thomas Ward hits Jean Lefort in the Chest, score 7: Serious wound");
  table_hit (&play, id, &(MusterHitRequest) { .target_id = dubois, .location = "head",
                                              .has_score = TRUE, .score = 2 });
  log_expect (play.store, play.campaign, "hit",
              "{\"ordinal\": 2, \"name\": \"Henri Dubois\", \"location\": \"head\", \"score\": 2, \"effect\": \"none\"}",
              "Hit 2: Henri Dubois is hit in the Head, score 2: No effect");
  /* The order rolled, then rolled again: the entry keeps the order it
   * replaced (the same dice, from the seed), so that the roll can be
   * taken back. */
  for (int i = 0; i < 2; i++)
    {
      g_autoptr(GPtrArray) order = muster_store_roll_order (play.store, id, 1, NULL, &error);
      const MusterOrderEntry *first;

      g_assert_no_error (error);
      g_assert_nonnull (order);
      first = g_ptr_array_index (order, 0);
      if (i == 0)
        log_expect (play.store, play.campaign, "ordered", "{\"bound\": 1, \"again\": false, \"previous\": []}",
                    "Bound 1: order of play rolled");
      else
        {
          MusterLogEntry *entry;
          g_autofree char *place = g_strdup_printf ("{\"place\":1,\"character_id\":%" G_GINT64_FORMAT ",",
                                                    first->character_id);

          log_expect (play.store, play.campaign, "ordered", "{\"bound\": 1, \"again\": true}",
                      "Bound 1: order of play rolled again");
          entry = muster_test_newest_log (play.store, play.campaign, "ordered");
          g_assert_nonnull (strstr (entry->args, "\"again\":true,\"previous\":[{"));
          g_assert_nonnull (strstr (entry->args, place));
          muster_log_entry_free (entry);
        }
    }
  play_clear (&play);

  play_init (&play, chosen, NULL);
  light = unit (&play, 0, "Light company", "infantry", "veteran");
  harden = man (&play, 0, "Sergeant Harden", "squad-leader", CHOSEN_STATS);
  roux = man (&play, 1, "Sergent Roux", "squad-leader", CHOSEN_STATS);
  id = game (&play, (const gint64[]) { harden, roux }, 2, (const gint64[]) { light }, 1);
  g_assert_true (muster_store_start_game (play.store, id, &error));
  g_assert_no_error (error);
  table_hit (&play, id, &(MusterHitRequest) { .target_id = roux, .attacker_id = harden,
                                              .effect_faces = &fatal, .n_effect_faces = 1 });
  log_expect (play.store, play.campaign, "hit",
              "{\"ordinal\": 1, \"name\": \"Sergent Roux\", \"attacker\": \"Sergeant Harden\", \"kind\": \"wound-die\","
              " \"effect\": \"fatal\"}",
              "Hit 1: Sergeant Harden hits Sergent Roux: Fatal");
  table_hit (&play, id, &(MusterHitRequest) { .target_id = harden, .effect_faces = &fatal, .n_effect_faces = 1 });
  log_expect (play.store, play.campaign, "hit", "{\"ordinal\": 2, \"name\": \"Sergeant Harden\"}",
              "Hit 2: Sergeant Harden is hit: Fatal");
  table_hit (&play, id, &(MusterHitRequest) { .unit_id = light, .figures = 2, .effect_faces = figures,
                                              .n_effect_faces = 2 });
  log_expect (play.store, play.campaign, "hit",
              "{\"ordinal\": 3, \"name\": \"Light company\", \"figures\": 2, \"killed\": 0, \"wounded\": 1}",
              "Hit 3: 2 figures of Light company: 0 killed, 1 wounded");
  play_clear (&play);

  /* Each card dealt: a man's, and one that is nobody's. */
  play_init (&play, big, NULL);
  ward = man (&play, 0, "Major Hogan", "character", "class", 4, NULL);
  lefort = man (&play, 1, "Colonel Leroux", "character", "class", 3, NULL);
  id = game (&play, (const gint64[]) { ward, lefort }, 2, NULL, 0);
  g_assert_true (muster_store_start_game (play.store, id, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < 8 && (!owned || !nobodys); i++)
    {
      g_autoptr(MusterOrderEntry) card = muster_store_deal_card (play.store, id, &error);
      g_autofree char *args = NULL;
      g_autofree char *text = NULL;

      g_assert_no_error (error);
      g_assert_cmpint (card->bound, ==, 1);
      if (card->character_id != 0)
        {
          args = g_strdup_printf ("{\"turn\": 1, \"place\": %d, \"card\": \"character\", \"name\": \"%s\"}",
                                  card->place, card->name);
          text = g_strdup_printf ("Turn 1: Character card for %s dealt", card->name);
          owned = TRUE;
        }
      else
        {
          args = g_strdup_printf ("{\"turn\": 1, \"place\": %d, \"card\": \"%s\"}", card->place, card->card);
          text = g_strdup_printf ("Turn 1: %s dealt", card->name);
          nobodys = TRUE;
        }
      log_expect (play.store, play.campaign, "dealt", args, text);
    }
  g_assert_true (owned && nobodys);
  play_clear (&play);
}

void
log_test_add_steps (void)
{
  log_test_add ("/log/steps/sharpes-skirmish", test_sharpe);
  log_test_add ("/log/steps/out-for-games", test_sharpe_out_for_games);
  log_test_add ("/log/steps/chosen-men", test_chosen_men);
  log_test_add ("/log/steps/big-skirmishes", test_big_skirmishes);
  log_test_add ("/log/steps/small-unit-engagements", test_small_unit_engagements);
  log_test_add ("/log/steps/others", test_other_steps);
  log_test_add ("/log/steps/table", test_table);
}
