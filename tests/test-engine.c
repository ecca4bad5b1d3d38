/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gio/gio.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-engine.h"
#include "muster-game.h"
#include "muster-honours.h"
#include "muster-ruleset.h"
#include "muster-store-private.h"
#include "muster-test-util.h"
#include "muster-engine-test-util.h"

static void
test_game_create (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(MusterGame) found = NULL;
  gint64 sharpe, harper, lefort, game1, game2, id;
  gint64 ids[3];

  fixture_init (&fx, NULL, FALSE);
  sharpe = add_character (&fx, fx.british, "Richard Sharland", 0);
  harper = add_character (&fx, fx.british, "Patrick Harden", 0);
  lefort = add_character (&fx, fx.french, "Jean Lefort", 0);

  game1 = new_game (&fx, "The Bridge", sharpe, harper, lefort, sharpe, (gint64) 0);
  game2 = new_game (&fx, "The Ford", sharpe, lefort, (gint64) 0);

  games = muster_store_list_games (fx.store, fx.campaign_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpint (muster_game_get_number (g_ptr_array_index (games, 0)), ==, 1);
  g_assert_cmpint (muster_game_get_number (g_ptr_array_index (games, 1)), ==, 2);
  g_assert_cmpstr (muster_game_get_side_a (g_ptr_array_index (games, 0)), ==, "British");
  g_assert_cmpstr (muster_game_get_side_b (g_ptr_array_index (games, 0)), ==, "French");
  g_assert_cmpuint (muster_game_get_n_participants (g_ptr_array_index (games, 0)), ==, 3);
  g_assert_cmpint (muster_game_get_state (g_ptr_array_index (games, 0)), ==, MUSTER_GAME_PLANNED);

  found = muster_store_find_game (fx.store, fx.campaign_id, "The Ford", &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_game_get_id (found), ==, game2);
  g_clear_object (&found);
  found = muster_store_find_game (fx.store, fx.campaign_id, "#1", &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_game_get_id (found), ==, game1);
  g_clear_object (&found);
  found = muster_store_find_game (fx.store, fx.campaign_id, "Waterloo", &error);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND);
  g_assert_null (found);
  g_clear_error (&error);

  participants = muster_store_list_participants (fx.store, game1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (participants->len, ==, 3);

  /* One side only. */
  ids[0] = sharpe;
  ids[1] = harper;
  id = muster_store_create_game (fx.store, fx.campaign_id, "Skirmish", NULL, ids, 2, &error);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "British"));
  g_assert_cmpint (id, ==, 0);
  g_clear_error (&error);

  /* A third side. */
  {
    gint64 spanish = muster_store_create_force (fx.store, fx.campaign_id, "Guerrilla", NULL, &error);
    g_assert_no_error (error);
    ids[2] = add_character (&fx, spanish, "El Castrador", 0);
  }
  ids[1] = lefort;
  id = muster_store_create_game (fx.store, fx.campaign_id, "Skirmish", NULL, ids, 3, &error);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Guerrilla"));
  g_clear_error (&error);

  /* Dates. */
  id = muster_store_create_game (fx.store, fx.campaign_id, "Skirmish", "1809-13-01", ids, 2, &error);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "1809-13-01"));
  g_clear_error (&error);
  id = muster_store_create_game (fx.store, fx.campaign_id, "Skirmish", "1809-07-28", ids, 2, &error);
  g_assert_no_error (error);
  found = muster_store_get_game (fx.store, id, &error);
  g_assert_cmpstr (muster_game_get_date (found), ==, "1809-07-28");
  g_assert_cmpint (muster_game_get_number (found), ==, 3);

  /* Someone from another campaign. */
  {
    Fixture other = { .store = fx.store, .custom = FALSE };
    g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);
    gint64 other_campaign = muster_store_create_campaign (fx.store, "Salamanca", ruleset, 1, NULL, &error);
    gint64 force = muster_store_create_force (fx.store, other_campaign, "Dragoons", NULL, &error);
    g_assert_no_error (error);
    ids[1] = add_character (&other, force, "Pierre Dufour", 0);
    id = muster_store_create_game (fx.store, fx.campaign_id, "Skirmish", NULL, ids, 2, &error);
    g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE);
    g_assert_nonnull (strstr (error->message, "Pierre Dufour"));
    g_clear_error (&error);
  }

  g_assert_cmpint (count_log (&fx, "game"), ==, 3);
  /* Within a campaign a number is the one its games are listed by;
   * without one it is the game's id in the whole library. */
  {
    MusterRuleset *rules = muster_store_get_campaign_ruleset (fx.store, fx.campaign_id, &error);
    gint64 busaco = muster_store_create_campaign (fx.store, "Busaco", rules, 1, NULL, &error);
    gint64 a = muster_store_create_force (fx.store, busaco, "Rifles", "British", &error);
    gint64 b = muster_store_create_force (fx.store, busaco, "Line", "French", &error);
    gint64 pair[2] = { add_character (&fx, a, "Daniel Hadley", 0), add_character (&fx, b, "Pierre Dufour", 0) };
    gint64 first = muster_store_create_game (fx.store, busaco, "The ridge", NULL, pair, 2, &error);
    g_autofree char *full = NULL;

    g_assert_no_error (error);
    g_assert_cmpint (first, !=, 1);
    g_assert_cmpint (game1, ==, 1);
    found = muster_store_find_game (fx.store, busaco, "1", &error);
    g_assert_no_error (error);
    g_assert_cmpint (muster_game_get_id (found), ==, first);
    full = muster_game_describe_full (found);
    g_assert_cmpstr (full, ==, "Game 1 “The ridge” of Busaco");
    g_clear_object (&found);
    found = muster_store_find_game (fx.store, 0, "1", &error);
    g_assert_no_error (error);
    g_assert_cmpint (muster_game_get_id (found), ==, game1);
    g_clear_object (&found);
    found = muster_store_find_game (fx.store, fx.campaign_id, "4", &error);
    g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND);
    g_assert_cmpstr (error->message, ==, "There is no game 4 in Talavera, which has 3 games, numbered from 1.");
    g_clear_error (&error);
    found = muster_store_find_game (fx.store, 0, "The Ford", &error);
    g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND);
    g_clear_error (&error);
  }

  fixture_clear (&fx);
}

static void
test_game_results (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(MusterGame) game = NULL;
  gint64 sharpe, harper, lefort, ducos, outsider, game_id;
  MusterResult result = { 0, };
  gint64 victims[2];

  fixture_init (&fx, NULL, FALSE);
  sharpe = add_character (&fx, fx.british, "Richard Sharland", 0);
  harper = add_character (&fx, fx.british, "Patrick Harden", 0);
  lefort = add_character (&fx, fx.french, "Jean Lefort", 0);
  ducos = add_character (&fx, fx.french, "Pierre Dufour", 0);
  outsider = add_character (&fx, fx.french, "Ramon", 0);
  game_id = new_game (&fx, "The Bridge", sharpe, harper, lefort, ducos, (gint64) 0);

  /* A victim on the killer's own side. */
  victims[0] = harper;
  result.outcome = "unhurt";
  result.victims = victims;
  result.n_victims = 1;
  g_assert_false (muster_store_set_result (fx.store, game_id, sharpe, &result, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "Patrick Harden is on the same side as Richard Sharland.");
  g_clear_error (&error);

  /* A victim who was not there. */
  victims[0] = outsider;
  g_assert_false (muster_store_set_result (fx.store, game_id, sharpe, &result, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Ramon"));
  g_clear_error (&error);

  /* A result for someone who was not there. */
  result.n_victims = 0;
  g_assert_false (muster_store_set_result (fx.store, game_id, outsider, &result, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "did not take part"));
  g_clear_error (&error);

  /* An outcome the ruleset does not have. */
  result.outcome = "exploded";
  g_assert_false (muster_store_set_result (fx.store, game_id, sharpe, &result, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "exploded"));
  g_assert_nonnull (strstr (error->message, "out-of-action"));
  g_clear_error (&error);

  /* Wounds on an outcome that takes none. */
  result.outcome = "unhurt";
  result.light_wounds = 1;
  g_assert_false (muster_store_set_result (fx.store, game_id, sharpe, &result, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_clear_error (&error);

  /* Nothing was written by the refusals. */
  game = muster_store_get_game (fx.store, game_id, &error);
  g_assert_cmpint (muster_game_get_state (game), ==, MUSTER_GAME_PLANNED);
  g_clear_object (&game);
  g_assert_cmpint (count_log (&fx, "result"), ==, 0);

  /* Sharland put both Frenchmen out and two unnamed figures. */
  victims[0] = lefort;
  victims[1] = ducos;
  result.outcome = "wounded";
  result.light_wounds = 2;
  result.serious_wounds = 1;
  result.n_victims = 2;
  result.killed_unnamed = 2;
  g_assert_true (muster_store_set_result (fx.store, game_id, sharpe, &result, &error));
  g_assert_no_error (error);
  game = muster_store_get_game (fx.store, game_id, &error);
  g_assert_cmpint (muster_game_get_state (game), ==, MUSTER_GAME_PLAYED);
  g_clear_object (&game);
  g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM kill WHERE killer_id = ?", sharpe), ==, 2);

  /* A second result replaces the first, kills too. */
  result.outcome = "unhurt";
  result.light_wounds = result.serious_wounds = 0;
  result.n_victims = 1;
  result.killed_unnamed = 0;
  g_assert_true (muster_store_set_result (fx.store, game_id, sharpe, &result, &error));
  g_assert_no_error (error);
  participants = muster_store_list_participants (fx.store, game_id, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < participants->len; i++)
    {
      MusterParticipant *p = g_ptr_array_index (participants, i);
      if (p->character_id != sharpe)
        continue;
      g_assert_cmpstr (p->outcome, ==, "unhurt");
      g_assert_cmpint (p->light_wounds, ==, 0);
      g_assert_cmpuint (p->victims->len, ==, 1);
      g_assert_cmpstr (g_ptr_array_index (p->victim_names, 0), ==, "Jean Lefort");
    }
  g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM kill WHERE killer_id = ?", sharpe), ==, 1);
  g_assert_cmpint (count_log (&fx, "result"), ==, 2);

  /* The winner must be one of the sides. */
  g_assert_false (muster_store_finish_game (fx.store, game_id, "Prussians", &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (muster_store_finish_game (fx.store, game_id, "British", &error));
  g_assert_no_error (error);
  game = muster_store_get_game (fx.store, game_id, &error);
  g_assert_cmpstr (muster_game_get_winner (game), ==, "British");
  g_clear_object (&game);

  /* Not while a man put out of action has no result of his own. */
  g_assert_null (muster_engine_resolve (fx.store, game_id, NULL, NULL, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_assert_cmpstr (error->message, ==,
                   "Richard Sharland put Jean Lefort out of action in Game 1 “The Bridge” of Talavera, "
                   "but nothing is recorded for Jean Lefort yet: record him with one of these "
                   "outcomes first: “Out of action”, “Captured”.");
  g_clear_error (&error);
  set_outcome (&fx, game_id, lefort, "out-of-action");

  /* Once resolved, results are final. */
  g_ptr_array_unref (resolve (&fx, game_id));
  result.n_victims = 0;
  g_assert_false (muster_store_set_result (fx.store, game_id, harper, &result, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_clear_error (&error);
  g_assert_false (muster_store_finish_game (fx.store, game_id, NULL, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_clear_error (&error);

  fixture_clear (&fx);
}

static void
test_die_on_6 (void)
{
  Fixture fx = { 0, };
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GArray) fallen = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 ids[12];
  gint64 game_id, wounded, captured;
  int n_dead = 0, n_survived = 0;

  fixture_init (&fx, "die-on-6", FALSE);
  for (int i = 0; i < 12; i++)
    {
      g_autofree char *name = g_strdup_printf ("Rifleman %d", i + 1);
      ids[i] = add_character (&fx, i % 2 ? fx.french : fx.british, name, 0);
    }
  wounded = add_character (&fx, fx.british, "Daniel Hadley", 0);
  captured = add_character (&fx, fx.french, "Pierre Dufour", 0);
  game_id = new_game (&fx, "The Bridge",
                      ids[0], ids[1], ids[2], ids[3], ids[4], ids[5], ids[6], ids[7],
                      ids[8], ids[9], ids[10], ids[11], wounded, captured, (gint64) 0);
  for (int i = 0; i < 12; i++)
    set_outcome (&fx, game_id, ids[i], "out-of-action");
  set_wounds (&fx, game_id, wounded, 1, 1);
  set_outcome (&fx, game_id, captured, "captured");

  events = resolve (&fx, game_id);

  for (int i = 0; i < 12; i++)
    {
      const MusterResolutionEvent *death = find_event (events, ids[i], "death");
      const MusterResolutionEvent *survived = find_event (events, ids[i], "survived");
      const MusterResolutionEvent *event = death != NULL ? death : survived;
      g_autofree char *faces = NULL;

      g_assert_true ((death == NULL) != (survived == NULL));
      g_assert_nonnull (event->roll);
      g_assert_cmpstr (event->step_type, ==, "death-roll");
      g_assert_cmpstr (event->roll->expression, ==, "1d6");
      g_assert_false (event->roll->entered);
      if (death != NULL)
        {
          g_assert_cmpint (event->roll->total, ==, 6);
          g_assert_cmpint (status_of (&fx, ids[i]), ==, MUSTER_STATUS_DEAD);
          n_dead++;
        }
      else
        {
          g_assert_cmpint (event->roll->total, <, 6);
          g_assert_cmpint (status_of (&fx, ids[i]), ==, MUSTER_STATUS_ACTIVE);
          n_survived++;
        }
      g_assert_cmpint (out_games_of (&fx, ids[i]), ==, 0);

      /* The roll is stored with its faces, for the character and game. */
      faces = query_text (&fx, "SELECT faces FROM roll WHERE character_id = ?", ids[i]);
      g_assert_cmpint (atoi (faces), ==, event->roll->total);
      g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM roll WHERE character_id = ? "
                                  "AND resolution_id IS NOT NULL AND entered = 0", ids[i]), ==, 1);
      g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM log_entry WHERE character_id = ? "
                                  "AND roll_id IS NOT NULL", ids[i]), ==, 1);
    }
  g_assert_cmpint (n_dead + n_survived, ==, 12);
  /* Both ways out of the roll were taken: at this seed 12 dice roll a 6
   * and something else. */
  g_assert_cmpint (n_dead, >, 0);
  g_assert_cmpint (n_survived, >, 0);
  g_assert_cmpint (count_log (&fx, "death"), ==, n_dead);
  g_assert_cmpint (count_log (&fx, "survived"), ==, n_survived);
  g_test_message ("die-on-6 at seed %d: %d dead of 12", SEED, n_dead);

  /* Wounds heal; the prisoner is taken. */
  g_assert_nonnull (find_event (events, wounded, "healed"));
  {
    g_autoptr(MusterCharacter) c = get_character (&fx, wounded);
    g_assert_cmpint (muster_character_get_light_wounds (c), ==, 0);
    g_assert_cmpint (muster_character_get_serious_wounds (c), ==, 0);
    g_assert_cmpint (muster_character_get_status (c), ==, MUSTER_STATUS_ACTIVE);
  }
  g_assert_cmpint (status_of (&fx, captured), ==, MUSTER_STATUS_CAPTURED);
  g_assert_nonnull (find_event (events, captured, "captured"));
  g_assert_nonnull (find_event (events, 0, "resolved"));
  g_assert_cmpint (count_log (&fx, "resolved"), ==, 1);
  g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM roll WHERE game_id = ?", game_id), ==, 12);

  {
    g_autoptr(GError) error = NULL;
    g_autoptr(MusterGame) game = muster_store_get_game (fx.store, game_id, &error);
    g_assert_cmpint (muster_game_get_state (game), ==, MUSTER_GAME_RESOLVED);
  }

  fixture_clear (&fx);
}

static void
test_out_d6_games (void)
{
  Fixture fx = { 0, };
  g_autoptr(GPtrArray) events = NULL;
  gint64 ids[10];
  gint64 game_id;

  fixture_init (&fx, "out-d6-games", FALSE);
  for (int i = 0; i < 10; i++)
    {
      g_autofree char *name = g_strdup_printf ("Voltigeur %d", i + 1);
      ids[i] = add_character (&fx, i % 2 ? fx.french : fx.british, name, 0);
    }
  game_id = new_game (&fx, "The Ford", ids[0], ids[1], ids[2], ids[3], ids[4],
                      ids[5], ids[6], ids[7], ids[8], ids[9], (gint64) 0);
  for (int i = 0; i < 10; i++)
    set_outcome (&fx, game_id, ids[i], i < 8 ? "out-of-action" : "unhurt");

  events = resolve (&fx, game_id);
  for (int i = 0; i < 10; i++)
    {
      const MusterResolutionEvent *out = find_event (events, ids[i], "out");

      if (i >= 8)
        {
          g_assert_null (out);
          g_assert_cmpint (status_of (&fx, ids[i]), ==, MUSTER_STATUS_ACTIVE);
          continue;
        }
      g_assert_nonnull (out);
      g_assert_nonnull (out->roll);
      g_assert_cmpstr (out->step_type, ==, "out-for-games");
      g_assert_cmpint (out->roll->total, >=, 1);
      g_assert_cmpint (out->roll->total, <=, 6);
      g_assert_cmpint (status_of (&fx, ids[i]), ==, MUSTER_STATUS_OUT_OF_ACTION);
      g_assert_cmpint (out_games_of (&fx, ids[i]), ==, out->roll->total);
      g_assert_null (find_event (events, ids[i], "death"));
    }
  g_assert_cmpint (count_log (&fx, "death"), ==, 0);
  g_assert_cmpint (count_log (&fx, "out"), ==, 8);

  fixture_clear (&fx);
}

static void
test_countdown (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  gint64 sharpe, harper, lefort, ducos, game_id;
  GPtrArray *events;

  fixture_init (&fx, "out-d6-games", FALSE);
  sharpe = add_character (&fx, fx.british, "Richard Sharland", 0);
  harper = add_character (&fx, fx.british, "Patrick Harden", 0);
  lefort = add_character (&fx, fx.french, "Jean Lefort", 0);
  ducos = add_character (&fx, fx.french, "Pierre Dufour", 0);

  /* Game 1: Lefort out for 2 games, Dufour for 1. */
  game_id = new_game (&fx, "Game one", sharpe, harper, lefort, ducos, (gint64) 0);
  set_outcome (&fx, game_id, lefort, "out-of-action");
  set_outcome (&fx, game_id, ducos, "out-of-action");
  events = resolve_with (&fx, game_id, "Jean Lefort=2", "Pierre Dufour=1", NULL);
  g_assert_true (find_event (events, lefort, "out")->roll->entered);
  g_ptr_array_unref (events);
  g_assert_cmpint (out_games_of (&fx, lefort), ==, 2);
  g_assert_cmpint (out_games_of (&fx, ducos), ==, 1);

  /* Neither can be picked now. */
  {
    gint64 ids[] = { sharpe, lefort };
    g_assert_cmpint (muster_store_create_game (fx.store, fx.campaign_id, "Game two", NULL,
                                               ids, 2, &error), ==, 0);
    g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE);
    g_assert_cmpstr (error->message, ==, "Jean Lefort is out of action for 2 more games.");
    g_clear_error (&error);
    g_assert_false (muster_store_check_available (fx.store, ducos, &error));
    g_assert_cmpstr (error->message, ==, "Pierre Dufour is out of action for 1 more game.");
    g_clear_error (&error);
  }

  /* Game 2, without them: Dufour (a roll of 1) misses exactly this game. */
  {
    gint64 ramon = add_character (&fx, fx.french, "Ramon", 0);

    game_id = new_game (&fx, "Game two", sharpe, ramon, (gint64) 0);
    set_outcome (&fx, game_id, sharpe, "unhurt");
    events = resolve (&fx, game_id);
    g_assert_nonnull (find_event (events, ducos, "recovered"));
    g_assert_nonnull (find_event (events, lefort, "countdown"));
    g_ptr_array_unref (events);
    g_assert_cmpint (status_of (&fx, ducos), ==, MUSTER_STATUS_ACTIVE);
    g_assert_cmpint (out_games_of (&fx, ducos), ==, 0);
    g_assert_cmpint (status_of (&fx, lefort), ==, MUSTER_STATUS_OUT_OF_ACTION);
    g_assert_cmpint (out_games_of (&fx, lefort), ==, 1);
    g_assert_true (muster_store_check_available (fx.store, ducos, &error));
    g_assert_no_error (error);

    /* Game 3: Dufour fights again and is out again; Lefort recovers. */
    game_id = new_game (&fx, "Game three", harper, ducos, (gint64) 0);
    set_outcome (&fx, game_id, ducos, "out-of-action");
    events = resolve_with (&fx, game_id, "Pierre Dufour=3", NULL);
    g_assert_nonnull (find_event (events, lefort, "recovered"));
    g_assert_nonnull (find_event (events, ducos, "out"));
    g_assert_null (find_event (events, ducos, "countdown"));
    g_ptr_array_unref (events);
    g_assert_cmpint (status_of (&fx, lefort), ==, MUSTER_STATUS_ACTIVE);
    g_assert_cmpint (out_games_of (&fx, ducos), ==, 3);

    /* Three more games and Dufour is back. */
    for (int i = 0; i < 3; i++)
      {
        g_autofree char *title = g_strdup_printf ("Game %d", 4 + i);

        g_assert_cmpint (status_of (&fx, ducos), ==, MUSTER_STATUS_OUT_OF_ACTION);
        game_id = new_game (&fx, title, sharpe, lefort, (gint64) 0);
        set_outcome (&fx, game_id, lefort, "unhurt");
        g_ptr_array_unref (resolve (&fx, game_id));
        g_assert_cmpint (out_games_of (&fx, ducos), ==, 2 - i);
      }
    g_assert_cmpint (status_of (&fx, ducos), ==, MUSTER_STATUS_ACTIVE);
  }
  g_assert_cmpint (count_log (&fx, "recovered"), ==, 3);

  {
    g_autoptr(GPtrArray) recovered = muster_honours_list_recovered (fx.store, fx.campaign_id, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (recovered->len, ==, 3);
    g_assert_cmpstr (((MusterHonour *) g_ptr_array_index (recovered, 0))->name, ==, "Pierre Dufour");
    g_assert_cmpint (((MusterHonour *) g_ptr_array_index (recovered, 0))->game_number, ==, 2);
    g_assert_cmpstr (((MusterHonour *) g_ptr_array_index (recovered, 1))->name, ==, "Jean Lefort");
  }

  fixture_clear (&fx);
}

static void
test_capture_release (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  gint64 sharpe, lefort, game_id;
  gint64 ids[2];

  fixture_init (&fx, NULL, FALSE);
  sharpe = add_character (&fx, fx.british, "Richard Sharland", 0);
  lefort = add_character (&fx, fx.french, "Jean Lefort", 0);
  game_id = new_game (&fx, "The Bridge", sharpe, lefort, (gint64) 0);
  set_outcome (&fx, game_id, lefort, "captured");
  g_ptr_array_unref (resolve (&fx, game_id));
  g_assert_cmpint (status_of (&fx, lefort), ==, MUSTER_STATUS_CAPTURED);

  /* A prisoner cannot be picked, and stays one across games. */
  ids[0] = sharpe;
  ids[1] = lefort;
  g_assert_cmpint (muster_store_create_game (fx.store, fx.campaign_id, "Again", NULL, ids, 2, &error), ==, 0);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE);
  g_assert_nonnull (strstr (error->message, "Jean Lefort is a prisoner"));
  g_clear_error (&error);

  ids[1] = add_character (&fx, fx.french, "Ramon", 0);
  game_id = muster_store_create_game (fx.store, fx.campaign_id, "Again", NULL, ids, 2, &error);
  g_assert_no_error (error);
  set_outcome (&fx, game_id, sharpe, "unhurt");
  g_ptr_array_unref (resolve (&fx, game_id));
  g_assert_cmpint (status_of (&fx, lefort), ==, MUSTER_STATUS_CAPTURED);

  /* Releasing. */
  g_assert_false (muster_store_release_character (fx.store, sharpe, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_clear_error (&error);
  g_assert_true (muster_store_release_character (fx.store, lefort, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status_of (&fx, lefort), ==, MUSTER_STATUS_ACTIVE);
  g_assert_cmpint (count_log (&fx, "released"), ==, 1);
  g_assert_true (muster_store_check_available (fx.store, lefort, &error));
  g_assert_no_error (error);

  fixture_clear (&fx);
}

static GArray *
bad_faces (const MusterPlannedRoll  *roll,
           gpointer                  user_data,
           GError                  **error)
{
  GArray *faces = g_array_new (FALSE, FALSE, sizeof (int));
  int face = GPOINTER_TO_INT (user_data);

  g_array_append_val (faces, face);
  return faces;
}

/* The text of @character_id's log entry that has a roll. */
static char *
roll_entry_text (Fixture *fx,
                 gint64   character_id)
{
  g_autoptr(GPtrArray) log = muster_store_list_log (fx->store, fx->campaign_id, 0, character_id, NULL);

  for (guint i = 0; log != NULL && i < log->len; i++)
    {
      const MusterLogEntry *entry = g_ptr_array_index (log, i);

      if (entry->has_roll)
        return g_strdup (entry->message);
    }
  g_assert_not_reached ();
  return NULL;
}

static void
test_entered_faces (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) plan = NULL;
  g_autoptr(GPtrArray) events = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *message = NULL;
  gint64 sharpe, harper, lefort, game_id;

  fixture_init (&fx, "die-on-6", FALSE);
  sharpe = add_character (&fx, fx.british, "Richard Sharland", 0);
  harper = add_character (&fx, fx.british, "Patrick Harden", 0);
  lefort = add_character (&fx, fx.french, "Jean Lefort", 0);
  game_id = new_game (&fx, "The Bridge", sharpe, harper, lefort, (gint64) 0);
  set_outcome (&fx, game_id, harper, "out-of-action");
  set_outcome (&fx, game_id, lefort, "out-of-action");

  /* The plan names the rolls the resolution will ask for. */
  plan = muster_engine_plan (fx.store, game_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (plan->len, ==, 2);
  {
    MusterPlannedRoll *first = g_ptr_array_index (plan, 0);
    g_autofree char *purpose = g_strdup_printf ("resolve/game/%" G_GINT64_FORMAT
                                                "/character/%" G_GINT64_FORMAT "/death-roll",
                                                game_id, harper);
    g_assert_cmpint (first->character_id, ==, harper);
    g_assert_cmpstr (first->step_type, ==, "death-roll");
    g_assert_cmpstr (first->expression, ==, "1d6");
    g_assert_cmpstr (first->purpose, ==, purpose);
  }

  /* Faces that do not fit: an error, and nothing written. */
  before = muster_store_dump (fx.store);
  events = muster_engine_resolve (fx.store, game_id, bad_faces, GINT_TO_POINTER (7), &error);
  g_assert_null (events);
  g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES);
  g_clear_error (&error);
  {
    g_autoptr(GHashTable) table = g_hash_table_new (g_str_hash, g_str_equal);
    g_hash_table_insert (table, (gpointer) "Jean Lefort", (gpointer) "six");
    events = muster_engine_resolve (fx.store, game_id, muster_engine_faces_from_table, table, &error);
    g_assert_null (events);
    g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES);
    g_clear_error (&error);
  }
  after = muster_store_dump (fx.store);
  g_assert_cmpstr (before, ==, after);

  /* Faces for no roll of the resolution: refused, naming the rolls, so a
   * die rolled at the table is not lost to a name Muster does not know
   * while it rolls for him instead. */
  {
    g_autoptr(GHashTable) table = g_hash_table_new (g_str_hash, g_str_equal);

    g_hash_table_insert (table, (gpointer) "Patrick Harden", (gpointer) "6");
    g_hash_table_insert (table, (gpointer) "Nobody", (gpointer) "3");
    events = muster_engine_resolve_with_faces (fx.store, game_id, table, &error);
    g_assert_null (events);
    g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
    g_assert_cmpstr (error->message, ==,
                     "“Nobody” has no roll in resolving Game 1 “The Bridge” of Talavera. The rolls are for: "
                     "“Patrick Harden”, “Jean Lefort”; a roll’s purpose names one too.");
    g_clear_error (&error);

    /* Sharland is in the game but rolls nothing. */
    g_hash_table_remove (table, "Nobody");
    g_hash_table_insert (table, (gpointer) "Richard Sharland", (gpointer) "3");
    g_assert_null (muster_engine_resolve_with_faces (fx.store, game_id, table, &error));
    g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
    g_clear_error (&error);
  }
  g_clear_pointer (&after, g_free);
  after = muster_store_dump (fx.store);
  g_assert_cmpstr (before, ==, after);

  /* Harden rolls a 6 at the table; Lefort is rolled by Muster. */
  events = resolve_with (&fx, game_id, "Patrick Harden=6", NULL);
  g_assert_nonnull (find_event (events, harper, "death"));
  g_assert_true (find_event (events, harper, "death")->roll->entered);
  g_assert_cmpint (status_of (&fx, harper), ==, MUSTER_STATUS_DEAD);
  g_assert_cmpint (query_int (&fx, "SELECT entered FROM roll WHERE character_id = ?", harper), ==, 1);
  g_assert_cmpint (query_int (&fx, "SELECT entered FROM roll WHERE character_id = ?", lefort), ==, 0);
  message = roll_entry_text (&fx, harper);
  g_assert_cmpstr (message, ==, "Patrick Harden dies of his wounds. (Death roll on 1d6: 6, rolled at the table)");
  g_clear_pointer (&message, g_free);
  message = roll_entry_text (&fx, lefort);
  g_assert_null (strstr (message, "rolled at the table"));

  fixture_clear (&fx);
}

static void
test_custom_steps (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  GPtrArray *events;
  gint64 hero, plain, veteran, duffer, bearer, enemy, unit, game_id;
  int value;

  fixture_init (&fx, NULL, TRUE);
  hero = add_character (&fx, fx.british, "Hero", 4);
  plain = add_character (&fx, fx.british, "Plain", 2);
  veteran = add_character (&fx, fx.british, "Veteran", 3);
  duffer = add_character (&fx, fx.french, "Duffer", 1);
  bearer = add_character (&fx, fx.french, "Ensign", 2);
  enemy = add_character (&fx, fx.french, "Enemy", 2);

  /* The ensign's unit, for the colours. */
  {
    sqlite3 *db = muster_store_get_db (fx.store);
    g_autofree char *sql = g_strdup_printf ("INSERT INTO unit (force_id, name) VALUES (%" G_GINT64_FORMAT ", '1st Company')",
                                            fx.french);
    g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
    unit = sqlite3_last_insert_rowid (db);
    g_clear_pointer (&sql, g_free);
    sql = g_strdup_printf ("UPDATE character SET unit_id = %" G_GINT64_FORMAT " WHERE id = %" G_GINT64_FORMAT,
                           unit, bearer);
    g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  }

  game_id = new_game (&fx, "First", hero, plain, veteran, duffer, bearer, enemy, (gint64) 0);
  set_outcome (&fx, game_id, hero, "out-of-action");
  set_outcome (&fx, game_id, plain, "out-of-action");
  set_wounds (&fx, game_id, veteran, 2, 1);
  set_wounds (&fx, game_id, duffer, 1, 0);
  set_outcome (&fx, game_id, bearer, "colours-lost");

  before = muster_store_dump (fx.store);
  events = resolve_with (&fx, game_id, "Hero=5", "Plain=2", NULL);

  /* A Hero always recovers; the other man is out. */
  g_assert_nonnull (find_event (events, hero, "out"));
  g_assert_nonnull (find_event (events, hero, "recovered"));
  g_assert_cmpint (status_of (&fx, hero), ==, MUSTER_STATUS_ACTIVE);
  g_assert_cmpint (out_games_of (&fx, hero), ==, 0);
  g_assert_cmpint (status_of (&fx, plain), ==, MUSTER_STATUS_OUT_OF_ACTION);
  g_assert_cmpint (out_games_of (&fx, plain), ==, 2);

  /* A wound drops Class for good; at 0 he retires. */
  g_assert_nonnull (find_event (events, veteran, "class-drop"));
  {
    g_autoptr(MusterCharacter) c = get_character (&fx, veteran);
    g_assert_true (muster_character_get_stat (c, "class", &value));
    g_assert_cmpint (value, ==, 2);
    /* Light wounds heal, serious ones stay. */
    g_assert_cmpint (muster_character_get_light_wounds (c), ==, 0);
    g_assert_cmpint (muster_character_get_serious_wounds (c), ==, 1);
  }
  g_assert_nonnull (find_event (events, veteran, "carried"));
  g_assert_nonnull (find_event (events, duffer, "retired"));
  g_assert_cmpint (status_of (&fx, duffer), ==, MUSTER_STATUS_RETIRED);

  /* Lost colours: the unit loses 2 morale for good. */
  g_assert_nonnull (find_event (events, bearer, "morale-loss"));
  g_assert_cmpint (query_int (&fx, "SELECT morale_loss FROM unit WHERE id = ?", unit), ==, 2);
  g_ptr_array_unref (events);

  /* Undo puts the stat and the unit back too. */
  g_assert_cmpint (muster_engine_undo_resolve (fx.store, fx.campaign_id, &error), ==, game_id);
  g_assert_no_error (error);
  after = muster_store_dump (fx.store);
  g_assert_cmpstr (before, ==, after);
  g_ptr_array_unref (resolve_with (&fx, game_id, "Hero=5", "Plain=2", NULL));

  /* A second serious wound is fatal. */
  game_id = new_game (&fx, "Second", veteran, enemy, (gint64) 0);
  set_wounds (&fx, game_id, veteran, 0, 1);
  events = resolve (&fx, game_id);
  g_assert_nonnull (find_event (events, veteran, "death"));
  g_assert_cmpint (status_of (&fx, veteran), ==, MUSTER_STATUS_DEAD);
  g_ptr_array_unref (events);

  fixture_clear (&fx);
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("MUSTER_FAKE_TIME", "1809-07-28T12:00:00Z", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/game/create", test_game_create);
  g_test_add_func ("/engine/game/results", test_game_results);
  g_test_add_func ("/engine/resolve/die-on-6", test_die_on_6);
  g_test_add_func ("/engine/resolve/out-d6-games", test_out_d6_games);
  g_test_add_func ("/engine/resolve/countdown", test_countdown);
  g_test_add_func ("/engine/resolve/capture-release", test_capture_release);
  g_test_add_func ("/engine/resolve/entered-faces", test_entered_faces);
  g_test_add_func ("/engine/resolve/custom-steps", test_custom_steps);

  return g_test_run ();
}
