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

/* Many characters put out of action in one game. */
static GPtrArray *
resolve_many (Fixture *fx,
              guint    n,
              double  *seconds)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;
  g_autoptr(GTimer) timer = NULL;
  GPtrArray *events;
  gint64 game_id;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Soldier %u", i + 1);
      gint64 id = add_character (fx, i % 2 ? fx->french : fx->british, name, 0);
      g_array_append_val (ids, id);
    }
  game_id = muster_store_create_game (fx->store, fx->campaign_id, "Battle", NULL,
                                      (const gint64 *) ids->data, ids->len, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    set_outcome (fx, game_id, g_array_index (ids, gint64, i), "out-of-action");

  timer = g_timer_new ();
  events = muster_engine_resolve (fx->store, game_id, NULL, NULL, &error);
  g_assert_no_error (error);
  if (seconds != NULL)
    *seconds = g_timer_elapsed (timer, NULL);
  return events;
}

static void
test_statistics_death (void)
{
  Fixture fx = { 0, };
  g_autoptr(GPtrArray) events = NULL;
  const guint n = 3000;
  guint rolled = 0, deaths = 0;
  double expected = n / 6.0;
  double sigma = sqrt (n * (1.0 / 6.0) * (5.0 / 6.0));

  fixture_init (&fx, "die-on-6", FALSE);
  events = resolve_many (&fx, n, NULL);
  for (guint i = 0; i < events->len; i++)
    {
      const MusterResolutionEvent *event = g_ptr_array_index (events, i);
      if (event->roll == NULL)
        continue;
      rolled++;
      if (g_str_equal (event->kind, "death"))
        {
          g_assert_cmpint (event->roll->total, ==, 6);
          deaths++;
        }
    }
  g_assert_cmpuint (rolled, ==, n);
  g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM character WHERE status = 'dead' AND campaign_id = ?",
                              fx.campaign_id), ==, deaths);
  g_test_message ("die-on-6: %u deaths in %u (expected %.0f ± %.1f)", deaths, n, expected, sigma);
  g_assert_cmpfloat (fabs (deaths - expected), <, 4 * sigma);

  fixture_clear (&fx);
}

static void
test_statistics_out (void)
{
  Fixture fx = { 0, };
  g_autoptr(GPtrArray) events = NULL;
  const guint n = 3000;
  guint counts[7] = { 0, };
  double chi2 = 0;

  fixture_init (&fx, "out-d6-games", FALSE);
  events = resolve_many (&fx, n, NULL);
  for (guint i = 0; i < events->len; i++)
    {
      const MusterResolutionEvent *event = g_ptr_array_index (events, i);
      if (event->roll == NULL)
        continue;
      g_assert_cmpstr (event->kind, ==, "out");
      g_assert_cmpint (event->roll->total, >=, 1);
      g_assert_cmpint (event->roll->total, <=, 6);
      counts[event->roll->total]++;
    }
  for (int face = 1; face <= 6; face++)
    {
      double diff = counts[face] - n / 6.0;
      chi2 += diff * diff / (n / 6.0);
      g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM character WHERE out_games = ?", face),
                       ==, counts[face]);
    }
  g_test_message ("out-d6-games: %u %u %u %u %u %u, chi-square %.2f (5 df)",
                  counts[1], counts[2], counts[3], counts[4], counts[5], counts[6], chi2);
  /* p = 0.001 for 5 degrees of freedom */
  g_assert_cmpfloat (chi2, <, 20.52);
  g_assert_cmpint (count_log (&fx, "death"), ==, 0);

  fixture_clear (&fx);
}

/* A game of 1000, a quarter unhurt: each man put out of action is out for
 * the games his 1d6 says, and only he (sharpes-skirmish.xml, the
 * out-d6-games choice). */
static void
test_big_game (void)
{
  Fixture fx = { 0, };
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;
  g_autoptr(GTimer) timer = NULL;
  const guint n = 1000;
  guint n_out = 0;
  gint64 game_id;

  fixture_init (&fx, "out-d6-games", FALSE);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Soldier %u", i + 1);
      gint64 id = add_character (&fx, i % 2 ? fx.french : fx.british, name, 0);
      g_array_append_val (ids, id);
    }
  game_id = muster_store_create_game (fx.store, fx.campaign_id, "Battle", NULL,
                                      (const gint64 *) ids->data, ids->len, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    set_outcome (&fx, game_id, g_array_index (ids, gint64, i), i % 4 == 0 ? "unhurt" : "out-of-action");

  timer = g_timer_new ();
  events = muster_engine_resolve (fx.store, game_id, NULL, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("resolved a game of %u participants in %.3f s", n, g_timer_elapsed (timer, NULL));

  for (guint i = 0; i < n; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      const MusterResolutionEvent *out = find_event (events, id, "out");
      g_autofree char *outcome = query_text (&fx, "SELECT outcome FROM participation WHERE character_id = ?", id);

      if (i % 4 == 0)
        {
          g_assert_null (out);
          g_assert_cmpstr (outcome, ==, "unhurt");
          g_assert_cmpint (status_of (&fx, id), ==, MUSTER_STATUS_ACTIVE);
          g_assert_cmpint (out_games_of (&fx, id), ==, 0);
          continue;
        }
      g_assert_nonnull (out);
      g_assert_cmpstr (outcome, ==, "out-of-action");
      g_assert_cmpstr (out->step_type, ==, "out-for-games");
      g_assert_nonnull (out->roll);
      g_assert_cmpstr (out->roll->expression, ==, "1d6");
      g_assert_cmpint (out->roll->total, >=, 1);
      g_assert_cmpint (out->roll->total, <=, 6);
      g_assert_cmpint (status_of (&fx, id), ==, MUSTER_STATUS_OUT_OF_ACTION);
      g_assert_cmpint (out_games_of (&fx, id), ==, out->roll->total);
      n_out++;
    }
  g_assert_cmpuint (n_out, ==, n - n / 4);
  g_assert_cmpint (count_log (&fx, "out"), ==, n_out);
  g_assert_cmpint (count_log (&fx, "death"), ==, 0);

  fixture_clear (&fx);
}

static void
test_honours (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) fallen = NULL;
  g_autoptr(GPtrArray) kills = NULL;
  g_autoptr(GPtrArray) survived = NULL;
  g_autoptr(GPtrArray) on_roll = NULL;
  g_autofree char *csv = NULL;
  gint64 sharpe, harper, lefort, ducos, game1, game2;
  MusterResult result = { 0, };
  gint64 victims[1];

  fixture_init (&fx, "die-on-6", FALSE);
  sharpe = add_character (&fx, fx.british, "Richard Sharland", 0);
  harper = add_character (&fx, fx.british, "Patrick Harden", 0);
  lefort = add_character (&fx, fx.french, "Jean Lefort", 0);
  ducos = add_character (&fx, fx.french, "Pierre Dufour", 0);

  game1 = new_game (&fx, "The Bridge", sharpe, harper, lefort, ducos, (gint64) 0);
  victims[0] = lefort;
  result.outcome = "unhurt";
  result.victims = victims;
  result.n_victims = 1;
  result.killed_unnamed = 3;
  g_assert_true (muster_store_set_result (fx.store, game1, sharpe, &result, &error));
  g_assert_no_error (error);
  set_outcome (&fx, game1, lefort, "out-of-action");
  g_ptr_array_unref (resolve_with (&fx, game1, "Jean Lefort=6", NULL));

  game2 = new_game (&fx, "The Ford, \"at dawn\"", sharpe, ducos, (gint64) 0);
  set_outcome (&fx, game2, ducos, "out-of-action");
  victims[0] = ducos;
  result.killed_unnamed = 0;
  g_assert_true (muster_store_set_result (fx.store, game2, sharpe, &result, &error));
  g_assert_no_error (error);
  g_ptr_array_unref (resolve_with (&fx, game2, "Pierre Dufour=1", NULL));

  fallen = muster_honours_list_fallen (fx.store, fx.campaign_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fallen->len, ==, 1);
  {
    MusterHonour *h = g_ptr_array_index (fallen, 0);
    g_assert_cmpint (h->character_id, ==, lefort);
    g_assert_cmpint (h->game_id, ==, game1);
    g_assert_cmpstr (h->game_title, ==, "The Bridge");
    g_assert_cmpuint (h->killers->len, ==, 1);
    g_assert_cmpstr (g_ptr_array_index (h->killers, 0), ==, "Richard Sharland");
  }

  kills = muster_honours_most_kills (fx.store, fx.campaign_id, 3, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kills->len, ==, 1);
  g_assert_cmpint (((MusterRecord *) g_ptr_array_index (kills, 0))->value, ==, 5);

  survived = muster_honours_most_survived (fx.store, fx.campaign_id, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (survived->len, ==, 3);  /* Lefort fell in his only game */
  g_assert_cmpint (((MusterRecord *) g_ptr_array_index (survived, 0))->value, ==, 2);

  on_roll = muster_honours_longest_on_roll (fx.store, fx.campaign_id, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (on_roll->len, ==, 3);
  for (guint i = 0; i < on_roll->len; i++)
    {
      MusterRecord *r = g_ptr_array_index (on_roll, i);
      g_assert_cmpint (r->character_id, !=, lefort);
      g_assert_cmpint (r->value, ==, 2);
    }

  csv = muster_honours_kill_ledger_csv (fx.store, fx.campaign_id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (csv, ==,
                   "killer,victim,game,title,date\r\n"
                   "Richard Sharland,Jean Lefort,1,The Bridge,\r\n"
                   "Richard Sharland,unnamed ×3,1,The Bridge,\r\n"
                   "Richard Sharland,Pierre Dufour,2,\"The Ford, \"\"at dawn\"\"\",\r\n");

  fixture_clear (&fx);
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("MUSTER_FAKE_TIME", "1809-07-28T12:00:00Z", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/statistics/die-on-6", test_statistics_death);
  g_test_add_func ("/engine/statistics/out-d6-games", test_statistics_out);
  g_test_add_func ("/engine/resolve/big-game", test_big_game);
  g_test_add_func ("/engine/honours", test_honours);

  return g_test_run ();
}
