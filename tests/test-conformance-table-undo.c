/* SPDX-License-Identifier: GPL-3.0-or-later */

/* Taking back what was done at the table: the last card dealt, and one
 * undo for the last hit or card, whichever came last. The decks are
 * shuffled by the campaign's seed at every turn: Big Skirmishes (seed
 * 001, lines 55-67), Chosen Men's unit and command cards (seed 003,
 * lines 205 and 207), whose hits are a d10 wound die (003:207); so a
 * card taken back and dealt again is the same card. */

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-conformance-util.h"
#include "muster-game.h"
#include "muster-ruleset-play.h"
#include "muster-store-private.h"
#include "muster-table.h"
#include "muster-test-util.h"
#include "muster-unit.h"

static gint64
start_game (MusterConformance *cf,
            const gint64      *characters,
            guint              n_characters,
            const gint64      *units,
            guint              n_units)
{
  g_autoptr(GError) error = NULL;
  gint64 game = muster_store_create_game_full (cf->store, cf->campaign, "Undo", NULL, characters, n_characters,
                                               units, n_units, &error);

  g_assert_no_error (error);
  g_assert_true (muster_store_start_game (cf->store, game, &error));
  g_assert_no_error (error);
  return game;
}

static MusterOrderEntry *
deal (MusterConformance *cf,
      gint64             game)
{
  g_autoptr(GError) error = NULL;
  MusterOrderEntry *card = muster_store_deal_card (cf->store, game, &error);

  g_assert_no_error (error);
  g_assert_nonnull (card);
  return card;
}

static void
assert_same_card (const MusterOrderEntry *a,
                  const MusterOrderEntry *b)
{
  g_assert_cmpint (a->bound, ==, b->bound);
  g_assert_cmpint (a->place, ==, b->place);
  g_assert_cmpstr (a->card, ==, b->card);
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpint (a->character_id, ==, b->character_id);
  g_assert_cmpint (a->unit_id, ==, b->unit_id);
}

/* Big Skirmishes: three men, nine cards a turn (001:55-67). */
static gint64
big_skirmish (MusterConformance *cf)
{
  gint64 red, blue, men[3];

  muster_conformance_init (cf, "big-skirmishes", 1776);
  red = muster_conformance_add_force (cf, "Red");
  blue = muster_conformance_add_force (cf, "Blue");
  men[0] = muster_conformance_add_character (cf, red, 0, "Major Rogers", "character", "class", 3, NULL);
  men[1] = muster_conformance_add_character (cf, red, 0, "Captain Jack", "character", "class", 2, NULL);
  men[2] = muster_conformance_add_character (cf, blue, 0, "Capitaine Roux", "character", "class", 2, NULL);
  return start_game (cf, men, 3, NULL, 0);
}

/* Deals a card, takes it back: the library is as before, and the card
 * dealt again is the same. Returns it. */
static MusterOrderEntry *
deal_undo_deal (MusterConformance *cf,
                gint64             game)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = muster_store_dump (cf->store);
  g_autofree char *after = NULL;
  g_autoptr(MusterOrderEntry) dealt = deal (cf, game);
  g_autoptr(MusterOrderEntry) taken = NULL;
  g_autoptr(MusterOrderEntry) again = NULL;

  taken = muster_store_undo_card (cf->store, game, &error);
  g_assert_no_error (error);
  g_assert_nonnull (taken);
  assert_same_card (dealt, taken);
  after = muster_store_dump (cf->store);
  g_assert_cmpstr (before, ==, after);
  again = deal (cf, game);
  assert_same_card (dealt, again);
  return g_steal_pointer (&again);
}

static void
test_card_again (void)
{
  MusterConformance cf = { 0 };
  g_autoptr(GError) error = NULL;
  gint64 game = big_skirmish (&cf);

  /* The first card, one in the middle of the turn, and the first of the
   * next turn. */
  g_autoptr(MusterOrderEntry) first = deal_undo_deal (&cf, game);
  g_autoptr(MusterOrderEntry) second = deal_undo_deal (&cf, game);
  g_autoptr(MusterOrderEntry) next_turn = NULL;

  g_assert_cmpint (first->bound, ==, 1);
  g_assert_cmpint (second->bound, ==, 1);
  for (int i = 0; i < 7; i++)
    {
      g_autoptr(MusterOrderEntry) card = deal (&cf, game);

      g_assert_cmpint (card->bound, ==, 1);
    }
  next_turn = deal_undo_deal (&cf, game);
  g_assert_cmpint (next_turn->bound, ==, 2);
  {
    g_autoptr(GPtrArray) turn = muster_store_list_order (cf.store, game, 2, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (turn->len, ==, 1);
  }
  {
    g_autoptr(MusterTableStep) last = muster_store_get_last_step (cf.store, game, &error);

    g_assert_no_error (error);
    g_assert_cmpint (last->kind, ==, MUSTER_TABLE_STEP_CARD);
    assert_same_card (next_turn, last->card);
  }
  muster_conformance_clear (&cf);
}

static void
test_nothing_dealt (void)
{
  MusterConformance cf = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 game = big_skirmish (&cf);

  before = muster_store_dump (cf.store);
  g_assert_null (muster_store_undo_card (cf.store, game, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_assert_nonnull (strstr (error->message, "No card has been dealt"));
  g_assert_nonnull (strstr (error->message, "“Undo”"));
  g_clear_error (&error);
  g_assert_null (muster_store_undo_last_step (cf.store, game, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_assert_nonnull (strstr (error->message, "nothing to take back"));
  g_clear_error (&error);
  {
    g_autoptr(MusterTableStep) last = muster_store_get_last_step (cf.store, game, &error);

    g_assert_no_error (error);
    g_assert_cmpint (last->kind, ==, MUSTER_TABLE_STEP_NONE);
  }
  after = muster_store_dump (cf.store);
  g_assert_cmpstr (before, ==, after);

  /* A game not started has no table to take anything back from. */
  {
    g_autoptr(GPtrArray) participants = muster_store_list_participants (cf.store, game, &error);
    gint64 men[3], planned;

    g_assert_no_error (error);
    g_assert_cmpuint (participants->len, ==, 3);
    for (guint i = 0; i < 3; i++)
      men[i] = ((MusterParticipant *) g_ptr_array_index (participants, i))->character_id;
    planned = muster_store_create_game_full (cf.store, cf.campaign, "Planned", NULL, men, 3, NULL, 0, &error);
    g_assert_no_error (error);
    g_assert_null (muster_store_undo_card (cf.store, planned, &error));
    g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
    g_assert_nonnull (strstr (error->message, "start it first"));
    g_clear_error (&error);
    g_assert_null (muster_store_undo_last_step (cf.store, planned, &error));
    g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
    g_clear_error (&error);
  }
  muster_conformance_clear (&cf);
}

static MusterHit *
wound (MusterConformance *cf,
       gint64             game,
       gint64             target,
       int                face)
{
  g_autoptr(GError) error = NULL;
  MusterHitRequest request = { .target_id = target, .effect_faces = &face, .n_effect_faces = 1 };
  MusterHit *hit = muster_store_record_hit (cf->store, game, &request, &error);

  g_assert_no_error (error);
  g_assert_nonnull (hit);
  return hit;
}

/* Chosen Men: two officers leading no unit, each with his command card
 * (003:207), and with @squad its unit card (003:205). */
static gint64
chosen_men (MusterConformance *cf,
            gint64            *out_harper,
            gint64            *out_roux,
            gboolean           squad)
{
  MusterUnitSpec spec = { "Light company", "infantry", "regular", 10, NULL };
  g_autoptr(MusterUnit) unit = NULL;
  gint64 british, french, men[2], unit_id = 0;

  muster_conformance_init (cf, "chosen-men", 1809);
  british = muster_conformance_add_force (cf, "British");
  french = muster_conformance_add_force (cf, "French");
  if (squad)
    {
      unit = muster_conformance_add_unit (cf, british, &spec);
      unit_id = muster_unit_get_id (unit);
    }
  men[0] = *out_harper = muster_conformance_add_character (cf, british, 0, "Lt Harper", "lieutenant",
                                                           "rank", 2, "rating", 1, "character", 5, NULL);
  men[1] = *out_roux = muster_conformance_add_character (cf, french, 0, "Capitaine Roux", "captain",
                                                         "rank", 3, "rating", 2, "character", 5, NULL);
  return start_game (cf, men, 2, &unit_id, squad ? 1 : 0);
}

static void
test_interleaved (void)
{
  MusterConformance cf = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) dumps = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(MusterOrderEntry) card1 = NULL;
  g_autoptr(MusterOrderEntry) card2 = NULL;
  g_autoptr(MusterOrderEntry) card3 = NULL;
  g_autoptr(MusterHit) hit1 = NULL;
  g_autoptr(MusterHit) hit2 = NULL;
  gint64 harper, roux, game;

  game = chosen_men (&cf, &harper, &roux, TRUE);

  /* A card, a minor wound (003:207: 1-4), a card, a minor wound, a card;
   * the library kept before each. */
  g_ptr_array_add (dumps, muster_store_dump (cf.store));
  card1 = deal (&cf, game);
  g_ptr_array_add (dumps, muster_store_dump (cf.store));
  hit1 = wound (&cf, game, harper, 2);
  g_ptr_array_add (dumps, muster_store_dump (cf.store));
  card2 = deal (&cf, game);
  g_ptr_array_add (dumps, muster_store_dump (cf.store));
  hit2 = wound (&cf, game, roux, 3);
  g_ptr_array_add (dumps, muster_store_dump (cf.store));
  card3 = deal (&cf, game);

  /* Undone last first, each leaving the library as it was before it. */
  for (guint i = dumps->len; i > 0; i--)
    {
      g_autoptr(MusterTableStep) last = muster_store_get_last_step (cf.store, game, &error);
      g_autoptr(MusterTableStep) undone = NULL;
      g_autofree char *now = NULL;
      guint step = i - 1;

      g_assert_no_error (error);
      undone = muster_store_undo_last_step (cf.store, game, &error);
      g_assert_no_error (error);
      g_assert_nonnull (undone);
      g_assert_cmpint (undone->kind, ==, last->kind);
      if (step % 2 == 0)
        {
          const MusterOrderEntry *expected = step == 0 ? card1 : step == 2 ? card2 : card3;

          g_assert_cmpint (undone->kind, ==, MUSTER_TABLE_STEP_CARD);
          assert_same_card (expected, undone->card);
          assert_same_card (expected, last->card);
        }
      else
        {
          const MusterHit *expected = step == 1 ? hit1 : hit2;

          g_assert_cmpint (undone->kind, ==, MUSTER_TABLE_STEP_HIT);
          g_assert_cmpint (undone->hit->ordinal, ==, expected->ordinal);
          g_assert_cmpstr (undone->hit->target_name, ==, expected->target_name);
          g_assert_cmpint (last->hit->ordinal, ==, expected->ordinal);
        }
      now = muster_store_dump (cf.store);
      g_assert_cmpstr (now, ==, g_ptr_array_index (dumps, step));
    }
  g_assert_null (muster_store_undo_last_step (cf.store, game, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_clear_error (&error);

  /* undo-hit still takes the last hit, a card dealt after it or not; the
   * one undo then takes the card. */
  {
    g_autoptr(MusterOrderEntry) a = deal (&cf, game);
    g_autoptr(MusterHit) h = wound (&cf, game, harper, 1);
    g_autoptr(MusterOrderEntry) b = deal (&cf, game);
    g_autoptr(MusterTableStep) undone = NULL;

    g_assert_true (muster_store_undo_hit (cf.store, game, &error));
    g_assert_no_error (error);
    undone = muster_store_undo_last_step (cf.store, game, &error);
    g_assert_no_error (error);
    g_assert_cmpint (undone->kind, ==, MUSTER_TABLE_STEP_CARD);
    assert_same_card (b, undone->card);
    g_clear_pointer (&undone, muster_table_step_free);
    undone = muster_store_undo_last_step (cf.store, game, &error);
    g_assert_no_error (error);
    assert_same_card (a, undone->card);
  }
  muster_conformance_clear (&cf);
}

/* A card dealt before deals were logged has no entry: it counts as
 * older than any hit, and is taken back all the same. */
static void
test_unlogged_card (void)
{
  MusterConformance cf = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterOrderEntry) card = NULL;
  g_autoptr(MusterHit) hit = NULL;
  g_autoptr(MusterTableStep) first = NULL;
  g_autoptr(MusterOrderEntry) second = NULL;
  gint64 harper, roux, game;

  game = chosen_men (&cf, &harper, &roux, FALSE);
  card = deal (&cf, game);
  g_assert_cmpint (sqlite3_exec (muster_store_get_db (cf.store), "DELETE FROM log_entry WHERE kind = 'dealt'",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  hit = wound (&cf, game, harper, 1);

  first = muster_store_undo_last_step (cf.store, game, &error);
  g_assert_no_error (error);
  g_assert_cmpint (first->kind, ==, MUSTER_TABLE_STEP_HIT);
  second = muster_store_undo_card (cf.store, game, &error);
  g_assert_no_error (error);
  assert_same_card (card, second);
  muster_conformance_clear (&cf);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/table/undo/card-dealt-again", test_card_again);
  g_test_add_func ("/table/undo/nothing-dealt", test_nothing_dealt);
  g_test_add_func ("/table/undo/hits-and-cards-last-first", test_interleaved);
  g_test_add_func ("/table/undo/unlogged-card", test_unlogged_card);

  return g_test_run ();
}
