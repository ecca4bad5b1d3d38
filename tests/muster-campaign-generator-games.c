/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-generator"

#include "config.h"

#include <glib.h>

#include "muster-campaign-generator-private.h"
#include "muster-character.h"
#include "muster-dice.h"
#include "muster-engine.h"
#include "muster-game.h"
#include "muster-ruleset-play.h"
#include "muster-table.h"
#include "muster-unit.h"

/* Playing a game: who takes the field, what happens to them, and the
 * resolution, sometimes undone and played again. */

/* Some of those who can take the field now: characters into @chars and
 * units into @units (of gint64), with someone on each side. */
static void
pick_participants (Gen       *gen,
                   GArray    *chars,
                   GArray    *units)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all_chars = muster_store_list_characters (gen->store, gen->campaign, 0, &error);
  g_autoptr(GPtrArray) all_units = muster_store_list_units (gen->store, gen->campaign, 0, &error);
  gboolean sides_seen[2] = { FALSE, FALSE };

  g_assert_no_error (error);
  for (guint i = 0; i < all_chars->len; i++)
    {
      MusterCharacter *character = g_ptr_array_index (all_chars, i);
      gint64 id = muster_character_get_id (character);
      const char *side = gen_side_of_force (gen, muster_character_get_force_id (character));

      if (!muster_store_check_available (gen->store, id, NULL) || !gen_chance (gen, 0.7))
        continue;
      g_array_append_val (chars, id);
      sides_seen[g_strcmp0 (side, gen->side_names[0]) == 0 ? 0 : 1] = TRUE;
    }
  for (guint i = 0; i < all_units->len; i++)
    {
      MusterUnit *unit = g_ptr_array_index (all_units, i);
      gint64 id = muster_unit_get_id (unit);

      if (g_strcmp0 (muster_unit_get_status (unit), MUSTER_UNIT_STATUS_ACTIVE) != 0 ||
          muster_unit_get_present (unit) == 0 || !gen_chance (gen, 0.8))
        continue;
      g_array_append_val (units, id);
      sides_seen[g_strcmp0 (gen_side_of_force (gen, muster_unit_get_force_id (unit)), gen->side_names[0]) == 0 ? 0 : 1] = TRUE;
    }

  /* Both sides must take the field: fresh recruits when one cannot. */
  for (guint side = 0; side < 2; side++)
    if (!sides_seen[side])
      {
        gint64 force = gen_random_force (gen, gen->side_names[side]);
        g_autoptr(GPtrArray) before = muster_store_list_characters (gen->store, gen->campaign, force, &error);
        g_autoptr(GPtrArray) after = NULL;
        gint64 id;

        gen_recruit (gen, force, 0, 1);
        after = muster_store_list_characters (gen->store, gen->campaign, force, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (after->len, ==, before->len + 1);
        id = muster_character_get_id (g_ptr_array_index (after, after->len - 1));
        g_array_append_val (chars, id);
      }
}

/* The outcome each participant will be recorded with (NULL: none): the
 * first of each game goes through the outcomes in turn, so every one of
 * them comes up; the others take their chance. */
static const MusterOutcomeDef **
pick_outcomes (Gen       *gen,
               GPtrArray *participants)
{
  GPtrArray *outcomes = muster_ruleset_get_outcomes (gen->ruleset);
  const MusterOutcomeDef **chosen = g_new0 (const MusterOutcomeDef *, participants->len + 1);

  for (guint i = 0; i < participants->len; i++)
    if (i == 0 || gen_chance (gen, 0.85))
      chosen[i] = g_ptr_array_index (outcomes, i == 0 ? gen->round % outcomes->len
                                                      : gen_pick (gen, outcomes->len));
  return chosen;
}

static void
record_character (Gen                     *gen,
                  gint64                   game,
                  GPtrArray               *participants,
                  const MusterOutcomeDef **chosen,
                  GHashTable              *victims_taken,
                  guint                    index)
{
  const MusterParticipant *participant = g_ptr_array_index (participants, index);
  const MusterOutcomeDef *outcome = chosen[index];
  g_autoptr(GArray) victims = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;
  MusterResult result = { 0 };

  result.outcome = outcome->id;
  if (outcome->takes_light && gen_chance (gen, 0.6))
    result.light_wounds = gen_between (gen, 1, 3);
  if (outcome->takes_serious && gen_chance (gen, 0.4))
    result.serious_wounds = gen_between (gen, 1, 2);
  /* An outcome that takes wounds is recorded with one at least. */
  if (result.light_wounds == 0 && result.serious_wounds == 0)
    {
      if (outcome->takes_light)
        result.light_wounds = 1;
      else if (outcome->takes_serious)
        result.serious_wounds = 1;
    }
  if (gen_chance (gen, 0.3))
    result.killed_unnamed = gen_between (gen, 1, 3);
  if (gen_chance (gen, 0.2))
    result.notes = gen_random_notes (gen);

  /* Each victim is put out of action by one killer of the other side,
   * and is recorded with an outcome that takes him out. */
  for (guint i = 0; i < participants->len; i++)
    {
      const MusterParticipant *other = g_ptr_array_index (participants, i);

      if (g_strcmp0 (other->side, participant->side) != 0 &&
          chosen[i] != NULL && chosen[i]->removes &&
          !g_hash_table_contains (victims_taken, &other->character_id) && gen_chance (gen, 0.25))
        {
          g_array_append_val (victims, other->character_id);
          g_hash_table_add (victims_taken, g_memdup2 (&other->character_id, sizeof (gint64)));
        }
    }
  result.victims = (const gint64 *) (gpointer) victims->data;
  result.n_victims = victims->len;

  if (!muster_store_set_result (gen->store, game, participant->character_id, &result, &error))
    {
      /* Should the rules refuse the kills, the rest still stands. */
      gen_tolerate (FALSE, &error);
      result.n_victims = 0;
      g_assert_true (muster_store_set_result (gen->store, game, participant->character_id, &result, &error));
      g_assert_no_error (error);
    }
  else
    gen->stats->kills += victims->len;
  gen_note (gen->stats->outcomes, outcome->id);
}

static void
record_unit (Gen                         *gen,
             gint64                       game,
             const MusterUnitParticipant *participant)
{
  g_autoptr(GError) error = NULL;
  MusterUnitResult result = { 0 };
  int left = participant->figures;

  for (guint i = 0; i < gen->figures->len; i++)
    {
      const char *kind = g_ptr_array_index (gen->figures, i);
      int n = left > 0 ? gen_between (gen, 0, MAX (1, left / 3)) : 0;

      n = MIN (n, left);
      left -= n;
      if (g_str_equal (kind, "killed"))
        result.killed = n;
      else if (g_str_equal (kind, "wounded"))
        result.wounded = n;
      else if (g_str_equal (kind, "captured"))
        result.captured = n;
      else if (g_str_equal (kind, "run"))
        result.run = n;
    }
  if (gen->colours->len > 0 && gen_chance (gen, 0.3))
    {
      result.colours = g_ptr_array_index (gen->colours, (gen->round + gen_pick (gen, 2)) % gen->colours->len);
      gen_note (gen->stats->colours, result.colours);
    }
  if (gen_chance (gen, 0.2))
    result.notes = gen_random_notes (gen);
  g_assert_true (muster_store_set_unit_result (gen->store, game, participant->unit_id, &result, &error));
  g_assert_no_error (error);
}

/* Faces typed in at the table for some of the rolls; Muster rolls the
 * rest. */
static GArray *
table_faces (const MusterPlannedRoll  *roll,
             gpointer                  user_data,
             GError                  **error)
{
  Gen *gen = user_data;
  g_autoptr(MusterDiceExpr) expr = NULL;
  GArray *faces;

  if (!gen_chance (gen, 0.5))
    return NULL;
  expr = muster_dice_expr_parse (roll->expression, error);
  g_assert_nonnull (expr);
  faces = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < muster_dice_expr_get_n_dice (expr); i++)
    {
      int face = gen_between (gen, 1, (int) muster_dice_expr_get_die_sides (expr, i));
      g_array_append_val (faces, face);
    }
  gen->stats->entered++;
  return faces;
}

/* Resolves @game; a game that can no longer be (a participant died since
 * it was played) is deleted. */
static void
resolve (Gen    *gen,
         gint64  game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) events = NULL;

  events = muster_engine_resolve (gen->store, game,
                                  gen_chance (gen, 0.3) ? table_faces : NULL, gen, &error);
  if (g_error_matches (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_ORDER))
    {
      /* A game left unresolved after an undo: resolve it first. */
      g_autoptr(GPtrArray) games = NULL;
      g_autoptr(MusterGame) this = NULL;

      g_clear_error (&error);
      this = muster_store_get_game (gen->store, game, &error);
      games = muster_store_list_games (gen->store, gen->campaign, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < games->len; i++)
        {
          MusterGame *earlier = g_ptr_array_index (games, i);

          if (muster_game_get_number (earlier) < muster_game_get_number (this) &&
              muster_game_get_state (earlier) == MUSTER_GAME_PLAYED)
            {
              resolve (gen, muster_game_get_id (earlier));
              break;
            }
        }
      resolve (gen, game);
      return;
    }
  if (events != NULL)
    {
      g_assert_no_error (error);
      gen->stats->resolved++;
      for (guint i = 0; i < events->len; i++)
        gen_note (gen->stats->steps, ((MusterResolutionEvent *) g_ptr_array_index (events, i))->step_type);
      return;
    }
  if (!g_error_matches (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE) &&
      !g_error_matches (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE))
    g_error ("resolving failed: %s", error->message);
  g_clear_error (&error);
  g_assert_true (muster_store_delete_game (gen->store, game, &error));
  g_assert_no_error (error);
  gen->stats->deleted++;
}

/* Undoes the last one or two resolutions and plays them again, sometimes
 * with a result changed or other dice. */
static void
undo_and_replay (Gen *gen)
{
  g_autoptr(GError) error = NULL;
  gint64 games[2] = { 0, 0 };
  guint n = gen_chance (gen, 0.3) ? 2 : 1;
  guint undone = 0;

  for (guint i = 0; i < n; i++)
    {
      gint64 game = muster_engine_undo_resolve (gen->store, gen->campaign, &error);

      if (game == 0)
        {
          g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_NOTHING);
          g_clear_error (&error);
          break;
        }
      games[undone++] = game;
      gen->stats->undone++;
    }
  if (undone > 0 && gen_chance (gen, 0.3))
    gen_between_games (gen);
  for (guint i = undone; i > 0; i--)
    if (gen_chance (gen, 0.9) || i > 1)
      resolve (gen, games[i - 1]);
}

void
gen_play_game (Gen      *gen,
               gboolean  last)
{
  g_autoptr(GArray) chars = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GHashTable) victims_taken = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(GPtrArray) unit_parts = NULL;
  g_autofree const MusterOutcomeDef **chosen = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  g_autofree char *date = NULL;
  gint64 game;

  pick_participants (gen, chars, units);
  title = g_strdup_printf (gen_chance (gen, 0.2) ? "Skirmish <%u> & “raid”" : "Skirmish %u", gen->round + 1);
  if (gen_chance (gen, 0.6))
    date = g_strdup_printf ("1810-%02d-%02d", gen_between (gen, 1, 12), gen_between (gen, 1, 28));
  game = muster_store_create_game_full (gen->store, gen->campaign, title, date,
                                        (const gint64 *) (gpointer) chars->data, chars->len,
                                        (const gint64 *) (gpointer) units->data, units->len, &error);
  g_assert_no_error (error);
  g_assert_cmpint (game, >, 0);
  gen->stats->games++;

  /* A game planned and never played. */
  if (gen_chance (gen, 0.06))
    return;

  participants = muster_store_list_participants (gen->store, game, &error);
  g_assert_no_error (error);
  chosen = pick_outcomes (gen, participants);
  for (guint i = 0; i < participants->len; i++)
    if (chosen[i] != NULL)
      record_character (gen, game, participants, chosen, victims_taken, i);
  /* A result entered twice: the second replaces the first. */
  if (participants->len > 0 && gen_chance (gen, 0.1))
    {
      g_hash_table_remove_all (victims_taken);
      record_character (gen, game, participants, chosen, victims_taken, 0);
    }
  unit_parts = muster_store_list_game_units (gen->store, game, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < unit_parts->len; i++)
    if (gen_chance (gen, 0.8))
      record_unit (gen, game, g_ptr_array_index (unit_parts, i));

  if (gen_chance (gen, 0.2))
    {
      g_assert_true (muster_store_set_game_notes (gen->store, game, gen_random_notes (gen), &error));
      g_assert_no_error (error);
    }
  if (gen_chance (gen, 0.8))
    {
      const char *winner = gen_chance (gen, 0.2) ? NULL : gen->side_names[gen_pick (gen, 2)];

      g_assert_true (muster_store_finish_game (gen->store, game, winner, &error));
      g_assert_no_error (error);
    }

  /* The last game may wait for its resolution; the others cannot, or the
   * next could not be resolved. */
  if (last && gen_chance (gen, 0.3))
    return;
  resolve (gen, game);
  if (gen_chance (gen, 0.25))
    undo_and_replay (gen);
}


/* A game left started at the table: its order of play rolled or some
 * cards dealt, and for rules that resolve hits, hits on men and units of
 * both sides, one of them sometimes undone. */
void
gen_play_at_table (Gen *gen)
{
  const MusterPlay *play = muster_ruleset_get_play (gen->ruleset);
  g_autoptr(GArray) chars = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(GPtrArray) unit_parts = NULL;
  g_autoptr(GError) error = NULL;
  gint64 game;
  guint hits = 0;

  if (play == NULL)
    return;
  pick_participants (gen, chars, units);
  game = muster_store_create_game_full (gen->store, gen->campaign, "At the table", NULL,
                                        (const gint64 *) (gpointer) chars->data, chars->len,
                                        (const gint64 *) (gpointer) units->data, units->len, &error);
  g_assert_no_error (error);
  g_assert_true (muster_store_start_game_full (gen->store, game, gen_chance (gen, 0.5), &error));
  g_assert_no_error (error);

  if (play->order_method == MUSTER_ORDER_DECK)
    for (int i = gen_between (gen, 1, 8); i > 0; i--)
      {
        g_autoptr(MusterOrderEntry) card = muster_store_deal_card (gen->store, game, &error);

        gen_tolerate (card != NULL, &error);
      }
  else
    for (int bound = 1; bound <= gen_between (gen, 1, 2); bound++)
      {
        g_autoptr(GPtrArray) order = muster_store_roll_order (gen->store, game, bound, NULL, &error);

        g_assert_no_error (error);
        g_assert_nonnull (order);
      }
  if (play->effects->len == 0)
    return;

  participants = muster_store_list_participants (gen->store, game, &error);
  g_assert_no_error (error);
  unit_parts = muster_store_list_game_units (gen->store, game, &error);
  g_assert_no_error (error);
  for (int i = gen_between (gen, 1, 6), tries = 0; i > 0 && tries < 50; tries++)
    {
      MusterHitRequest request = { 0, };
      g_autoptr(MusterHit) hit = NULL;

      if (unit_parts->len > 0 && (participants->len == 0 || gen_chance (gen, 0.3)))
        {
          const MusterUnitParticipant *u = g_ptr_array_index (unit_parts, gen_pick (gen, unit_parts->len));

          request.unit_id = u->unit_id;
          request.figures = gen_between (gen, 1, MAX (1, MIN (3, u->figures)));
        }
      else if (participants->len > 0)
        {
          const MusterParticipant *target = g_ptr_array_index (participants, gen_pick (gen, participants->len));
          const MusterParticipant *by = g_ptr_array_index (participants, gen_pick (gen, participants->len));

          request.target_id = target->character_id;
          if (g_strcmp0 (by->side, target->side) != 0)
            request.attacker_id = by->character_id;
          request.kind = gen_chance (gen, 0.3) ? MUSTER_HIT_MELEE : MUSTER_HIT_SHOT;
          request.difference = gen_between (gen, 0, 4);
          request.bound = gen_between (gen, 0, 3);
        }
      else
        break;
      hit = muster_store_record_hit (gen->store, game, &request, &error);
      gen_tolerate (hit != NULL, &error);
      if (hit != NULL)
        {
          i--;
          hits++;
        }
    }
  if (hits > 1 && gen_chance (gen, 0.3))
    {
      gboolean undone = muster_store_undo_hit (gen->store, game, &error);

      gen_tolerate (undone, &error);
    }
}
