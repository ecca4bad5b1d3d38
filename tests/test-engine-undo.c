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
test_undo (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *resolved = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *again = NULL;
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) second = NULL;
  gint64 ids[8];
  gint64 game1, game2;

  fixture_init (&fx, "out-d6-games", FALSE);
  for (int i = 0; i < 8; i++)
    {
      g_autofree char *name = g_strdup_printf ("Man %d", i + 1);
      ids[i] = add_character (&fx, i % 2 ? fx.french : fx.british, name, 0);
    }

  /* Nothing to undo yet. */
  g_assert_cmpint (muster_engine_undo_resolve (fx.store, fx.campaign_id, &error), ==, 0);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_NOTHING);
  g_clear_error (&error);

  game1 = new_game (&fx, "First", ids[0], ids[1], ids[2], ids[3], (gint64) 0);
  set_outcome (&fx, game1, ids[0], "out-of-action");
  set_outcome (&fx, game1, ids[1], "out-of-action");
  g_ptr_array_unref (resolve (&fx, game1));

  game2 = new_game (&fx, "Second", ids[4], ids[5], ids[6], ids[7], (gint64) 0);
  set_outcome (&fx, game2, ids[4], "out-of-action");
  set_wounds (&fx, game2, ids[5], 1, 1);
  set_outcome (&fx, game2, ids[6], "captured");

  before = muster_store_dump (fx.store);
  first = resolve (&fx, game2);
  resolved = muster_store_dump (fx.store);
  g_assert_cmpstr (before, !=, resolved);
  g_assert_cmpint (muster_engine_get_last_resolved (fx.store, fx.campaign_id, &error), ==, game2);

  g_assert_cmpint (muster_engine_undo_resolve (fx.store, fx.campaign_id, &error), ==, game2);
  g_assert_no_error (error);
  undone = muster_store_dump (fx.store);
  g_assert_cmpstr (before, ==, undone);

  /* Resolving again gives the same rolls, and the same database. */
  second = resolve (&fx, game2);
  g_assert_cmpuint (first->len, ==, second->len);
  for (guint i = 0; i < first->len; i++)
    {
      const MusterResolutionEvent *a = g_ptr_array_index (first, i);
      const MusterResolutionEvent *b = g_ptr_array_index (second, i);

      g_assert_cmpstr (a->kind, ==, b->kind);
      g_assert_cmpint (a->character_id, ==, b->character_id);
      g_assert_true ((a->roll == NULL) == (b->roll == NULL));
      if (a->roll != NULL)
        g_assert_cmpint (a->roll->total, ==, b->roll->total);
    }
  again = muster_store_dump (fx.store);
  g_assert_cmpstr (resolved, ==, again);

  /* Undo twice: back to before the first game was resolved. */
  g_assert_cmpint (muster_engine_undo_resolve (fx.store, fx.campaign_id, &error), ==, game2);
  g_assert_cmpint (muster_engine_undo_resolve (fx.store, fx.campaign_id, &error), ==, game1);
  g_assert_no_error (error);
  g_assert_cmpint (status_of (&fx, ids[0]), ==, MUSTER_STATUS_ACTIVE);
  g_assert_cmpint (out_games_of (&fx, ids[0]), ==, 0);
  g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM roll", 0), ==, 0);
  g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM resolution_change", 0), ==, 0);
  g_assert_cmpint (count_log (&fx, "out"), ==, 0);

  fixture_clear (&fx);
}

static void
test_refusals (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  gint64 sharpe, harper, lefort, ducos, game1, game2, game3;
  GPtrArray *events;

  fixture_init (&fx, "die-on-6", FALSE);
  sharpe = add_character (&fx, fx.british, "Richard Sharland", 0);
  harper = add_character (&fx, fx.british, "Patrick Harden", 0);
  lefort = add_character (&fx, fx.french, "Jean Lefort", 0);
  ducos = add_character (&fx, fx.french, "Pierre Dufour", 0);

  game1 = new_game (&fx, "The Bridge", sharpe, lefort, (gint64) 0);
  game2 = new_game (&fx, "The Ford", harper, ducos, (gint64) 0);

  /* A planned game. */
  events = muster_engine_resolve (fx.store, game1, NULL, NULL, &error);
  g_assert_null (events);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_assert_nonnull (strstr (error->message, "No results"));
  g_clear_error (&error);

  /* A game finished with no result. */
  g_assert_true (muster_store_finish_game (fx.store, game1, NULL, &error));
  events = muster_engine_resolve (fx.store, game1, NULL, NULL, &error);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_clear_error (&error);

  /* Out of order. */
  set_outcome (&fx, game1, sharpe, "unhurt");
  set_outcome (&fx, game2, ducos, "unhurt");
  events = muster_engine_resolve (fx.store, game2, NULL, NULL, &error);
  g_assert_null (events);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_ORDER);
  g_assert_cmpstr (error->message, ==,
                   "Resolve Game 1 “The Bridge” of Talavera first: games are resolved in the order they were played.");
  g_clear_error (&error);

  /* Twice. */
  g_ptr_array_unref (resolve (&fx, game1));
  events = muster_engine_resolve (fx.store, game1, NULL, NULL, &error);
  g_assert_null (events);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_assert_nonnull (strstr (error->message, "already resolved"));
  g_clear_error (&error);

  /* A participant who died since. */
  g_assert_true (muster_store_set_character_status (fx.store, ducos, MUSTER_STATUS_DEAD, 0, &error));
  g_assert_no_error (error);
  events = muster_engine_resolve (fx.store, game2, NULL, NULL, &error);
  g_assert_null (events);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE);
  g_assert_nonnull (strstr (error->message, "Pierre Dufour"));
  g_clear_error (&error);

  /* Picking the dead. */
  {
    gint64 ids[] = { sharpe, ducos };
    game3 = muster_store_create_game (fx.store, fx.campaign_id, "Third", NULL, ids, 2, &error);
    g_assert_cmpint (game3, ==, 0);
    g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE);
    g_assert_cmpstr (error->message, ==, "Pierre Dufour is dead and cannot take part.");
    g_clear_error (&error);
  }

  fixture_clear (&fx);
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("MUSTER_FAKE_TIME", "1809-07-28T12:00:00Z", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/resolve/undo", test_undo);
  g_test_add_func ("/engine/resolve/refusals", test_refusals);

  return g_test_run ();
}
