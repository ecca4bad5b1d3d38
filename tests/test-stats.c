/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-stats"

#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

#include <glib.h>

#include "muster-engine.h"
#include "muster-exchange.h"
#include "muster-exchange-test-util.h"
#include "muster-stats-test-util.h"
#include "muster-stats.h"
#include "muster-test-util.h"

/*
 * A campaign's statistics against figures worked out by hand: the sample
 * campaign of Sharpe's Skirmish played through three scripted games
 * (play_sample(): the death rolls are typed in), and a Sharpe's campaign
 * whose wounded miss games; the campaigns kept by unit are
 * test-stats-units.c's. The expected figures are the reasoning in the
 * comments, not the code's.
 */

static void
test_sample (void)
{
  g_auto(Fixture) fx = { 0, };
  g_autoptr(GPtrArray) all = NULL;

  play_sample (&fx, NULL, 3);
  all = compute (&fx, 0, NULL);

  /* Fit, out of action, captured, dead, retired. The British lose Ward
   * at game 1 and Marsh at game 2 (Kettle survives); the French have
   * Perrin prisoner after games 1 and 2, released before game 3, and
   * lose Mercier at game 2 (Fabre and Guérin survive). */
  assert_columns (all, MUSTER_STATS_STRENGTH, SAMPLE_BRITISH, "fit,out-of-action,captured,dead,retired");
  assert_series (all, MUSTER_STATS_STRENGTH, SAMPLE_BRITISH, "1: 12 0 0 1 0 | 2: 11 0 0 2 0 | 3: 11 0 0 2 0");
  assert_series (all, MUSTER_STATS_STRENGTH, SAMPLE_FRENCH, "1: 10 0 1 0 0 | 2: 9 0 1 1 0 | 3: 10 0 0 1 0");

  /* Men taken off the field: Ward; Fabre and Perrin. Kettle and Marsh;
   * Mercier. Nobody British; Guérin. */
  assert_columns (all, MUSTER_STATS_CASUALTIES, NULL, "British,French");
  assert_series (all, MUSTER_STATS_CASUALTIES, NULL, "1: 1 2 | 2: 2 1 | 3: 0 1");
  /* British, French, then a draw. */
  assert_series (all, MUSTER_STATS_SCORE, NULL, "1: 1 0 | 2: 1 1 | 3: 1 1");

  /* Named, unnamed. Nolan: Fabre, Mercier, Guérin and 2 + 1 figures;
   * Vasseur: Ward and Marsh; Marchal: Kettle. */
  assert_series (all, MUSTER_STATS_KILLS_CAREER, NULL,
                 "Patrick Nolan: 3 3 | Henri Vasseur: 2 0 | Étienne Marchal: 1 0");
  /* Nolan 1 + 2 in game 1, 1 + 1 in game 2; then the single kills, by
   * name (bytes: the accented last) and game. */
  assert_series (all, MUSTER_STATS_KILLS_GAME, NULL,
                 "1:Patrick Nolan: 1 2 | 2:Patrick Nolan: 1 1 | 1:Henri Vasseur: 1 0 | "
                 "2:Henri Vasseur: 1 0 | 3:Patrick Nolan: 1 0 | 2:Étienne Marchal: 1 0");
  /* British on French: Fabre, Mercier, Guérin; French on British: Ward,
   * Kettle, Marsh. */
  assert_columns (all, MUSTER_STATS_KILL_MATRIX, NULL, SAMPLE_BRITISH "," SAMPLE_FRENCH);
  assert_series (all, MUSTER_STATS_KILL_MATRIX, NULL, SAMPLE_BRITISH ": 0 3 | " SAMPLE_FRENCH ": 3 0");
  g_assert_cmpuint (muster_stats_series_get_n_rows (find_series (all, MUSTER_STATS_KILLS_ELSEWHERE, NULL)), ==, 0);

  /* British times (resolved games, ended by death): Ashworth 3, Nolan 3,
   * Kettle 2, Bramwell 1, Tulloch 1, Ward 1 ended, Marsh 1 ended, six
   * who never fought 0. At 1 game 7 were at risk and 2 ended: 5/7; none
   * ended later. French: Marchal 3, Fabre 2, Perrin 2, Vasseur 2, Guérin
   * 1, Mercier 1 ended, five at 0: at 1 game 6 at risk, 1 ended: 5/6. */
  assert_series (all, MUSTER_STATS_SURVIVAL, NULL,
                 "0: 1 1 | 1: 0.7143 0.8333 | 2: 0.7143 0.8333 | 3: 0.7143 0.8333");

  /* Median, men, ended, by troop type in the ruleset's order. Line: Ward
   * 1 ended, Kettle 2, four at 0: at 1 game 2 at risk, 1 ended: a half,
   * so 1. Chasseurs: Mercier 1 ended, Vasseur 2: 1. Riflemen: Marsh 1
   * ended, Tulloch 1, Nolan 3: 2/3 at most, never a half. */
  assert_series (all, MUSTER_STATS_MEDIAN_GAMES, NULL,
                 "line: 1 6 1 | voltigeur: - 6 0 | chasseur: 1 2 1 | musket-special: - 2 0 | "
                 "rifleman: - 3 1 | rifle-officer: - 1 0 | other: - 4 0");
}

/* One force asked for: its men and what they did, against everyone. */
static void
test_sample_force (void)
{
  g_auto(Fixture) fx = { 0, };
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GError) error = NULL;

  play_sample (&fx, NULL, 3);
  all = compute (&fx, force_named (&fx, SAMPLE_BRITISH), NULL);

  g_assert_cmpuint (muster_stats_series_get_n_rows (find_series (all, MUSTER_STATS_STRENGTH, SAMPLE_BRITISH)), ==, 3);
  for (guint i = 0; i < all->len; i++)
    g_assert_cmpstr (muster_stats_series_get_force_name (g_ptr_array_index (all, i)), !=, SAMPLE_FRENCH);
  /* Only the British casualties, in the games the British fought. */
  assert_columns (all, MUSTER_STATS_CASUALTIES, NULL, "British");
  assert_series (all, MUSTER_STATS_CASUALTIES, NULL, "1: 1 | 2: 2 | 3: 0");
  assert_series (all, MUSTER_STATS_SCORE, NULL, "1: 1 0 | 2: 1 1 | 3: 1 1");
  assert_series (all, MUSTER_STATS_KILLS_CAREER, NULL, "Patrick Nolan: 3 3");
  assert_series (all, MUSTER_STATS_KILL_MATRIX, NULL, SAMPLE_BRITISH ": 0 3 | " SAMPLE_FRENCH ": 3 0");
  assert_columns (all, MUSTER_STATS_SURVIVAL, NULL, SAMPLE_BRITISH);
  assert_series (all, MUSTER_STATS_SURVIVAL, NULL, "0: 1 | 1: 0.7143 | 2: 0.7143 | 3: 0.7143");
  assert_series (all, MUSTER_STATS_MEDIAN_GAMES, NULL,
                 "line: 1 6 1 | musket-special: - 1 0 | rifleman: - 3 1 | rifle-officer: - 1 0 | other: - 2 0");

  /* One series alone; a force of another campaign is refused. */
  g_clear_pointer (&all, g_ptr_array_unref);
  all = compute (&fx, 0, MUSTER_STATS_SCORE);
  g_assert_cmpuint (all->len, ==, 1);
  g_clear_pointer (&all, g_ptr_array_unref);
  all = compute (&fx, 0, "no-such-series");
  g_assert_cmpuint (all->len, ==, 0);
  g_assert_null (muster_stats_compute (fx.store, fx.campaign, 999, NULL, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND);

  /* A campaign kept by figure has no unit series. */
  ids = series_ids (&fx);
  g_assert_cmpuint (ids->len, ==, 9);
  g_assert_false (g_ptr_array_find_with_equal_func (ids, MUSTER_STATS_UNIT_STRENGTH, g_str_equal, NULL));
}

/* A campaign with no game: the men are all there, with nothing to count. */
static void
test_empty (void)
{
  g_auto(Fixture) fx = { 0, };
  g_autoptr(GPtrArray) all = NULL;

  play_sample (&fx, NULL, 0);
  all = compute (&fx, 0, NULL);
  g_assert_cmpuint (muster_stats_series_get_n_rows (find_series (all, MUSTER_STATS_STRENGTH, SAMPLE_BRITISH)), ==, 0);
  g_assert_cmpuint (muster_stats_series_get_n_rows (find_series (all, MUSTER_STATS_CASUALTIES, NULL)), ==, 0);
  assert_series (all, MUSTER_STATS_SURVIVAL, NULL, "0: 1 1");
  assert_series (all, MUSTER_STATS_KILL_MATRIX, NULL, SAMPLE_BRITISH ": 0 0 | " SAMPLE_FRENCH ": 0 0");
}

/* --- Staying right ----------------------------------------------------------------------- */

/* Undoing game 3's resolution leaves it played: its dead and wounded
 * stand as before it was resolved and its men's time does not count it;
 * resolving it again with the same dice gives back the same figures. */
static void
test_undo (void)
{
  g_auto(Fixture) fx = { 0, };
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) undone = NULL;
  g_autoptr(GPtrArray) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *last = NULL;
  gint64 game;

  play_sample (&fx, NULL, 3);
  before = compute (&fx, 0, NULL);
  game = muster_engine_undo_resolve (fx.store, fx.campaign, &error);
  g_assert_no_error (error);
  undone = compute (&fx, 0, NULL);

  /* Still three games; game 3 stands as it is now. */
  assert_series (undone, MUSTER_STATS_STRENGTH, SAMPLE_FRENCH, "1: 10 0 1 0 0 | 2: 9 0 1 1 0 | 3: 10 0 0 1 0");
  assert_series (undone, MUSTER_STATS_CASUALTIES, NULL, "1: 1 2 | 2: 2 1 | 3: 0 1");
  /* Ashworth and Nolan 2 games, Bramwell 0: at 1, Ashworth, Kettle,
   * Nolan, Tulloch, Ward, Marsh at risk and 2 ended: 4/6. French:
   * Marchal 2, Perrin 1, Guérin 0: at 1, Marchal, Fabre, Perrin,
   * Vasseur and Mercier at risk, 1 ended: 4/5. */
  assert_series (undone, MUSTER_STATS_SURVIVAL, NULL, "0: 1 1 | 1: 0.6667 0.8 | 2: 0.6667 0.8");

  resolve (&fx, game, "Pierre Guérin=1", NULL);
  again = compute (&fx, 0, NULL);
  first = dump_series (before);
  last = dump_series (again);
  g_assert_cmpstr (first, ==, last);
}

/* A prisoner counts as captured for every game until he is released,
 * and the release changes no game before it. */
static void
test_release (void)
{
  g_auto(Fixture) fx = { 0, };
  g_autoptr(GPtrArray) captive = NULL;
  g_autoptr(GPtrArray) released = NULL;

  play_sample (&fx, NULL, 2);
  /* play_sample released Perrin after game 2. */
  released = compute (&fx, 0, NULL);
  assert_series (released, MUSTER_STATS_STRENGTH, SAMPLE_FRENCH, "1: 10 0 1 0 0 | 2: 9 0 1 1 0");

  /* Without the release: the same games, the same figures. */
  g_clear_pointer (&fx.store, g_object_unref);
  play_sample (&fx, NULL, 1);
  captive = compute (&fx, 0, NULL);
  assert_series (captive, MUSTER_STATS_STRENGTH, SAMPLE_FRENCH, "1: 10 0 1 0 0");
  release (&fx, man (&fx, "Jacques Perrin"));
  g_clear_pointer (&captive, g_ptr_array_unref);
  captive = compute (&fx, 0, NULL);
  assert_series (captive, MUSTER_STATS_STRENGTH, SAMPLE_FRENCH, "1: 10 0 1 0 0");
}

/* A result recorded wrong and put right before the game is resolved. */
static void
test_correction (void)
{
  g_auto(Fixture) fx = { 0, };
  g_autoptr(GPtrArray) wrong = NULL;
  g_autoptr(GPtrArray) right = NULL;
  gint64 game, ward, vasseur;

  play_sample (&fx, NULL, 0);
  ward = man (&fx, "Thomas Ward");
  vasseur = man (&fx, "Henri Vasseur");
  game = new_game (&fx, "The bridge", ward, vasseur, (gint64) 0, (gint64) 0);
  result (&fx, game, ward, "unhurt", 0, 0, 0, (gint64) 0);
  result (&fx, game, vasseur, "unhurt", 0, 0, 3, (gint64) 0);
  wrong = compute (&fx, 0, NULL);
  assert_series (wrong, MUSTER_STATS_CASUALTIES, NULL, "1: 0 0");
  assert_series (wrong, MUSTER_STATS_KILLS_CAREER, NULL, "Henri Vasseur: 0 3");

  result (&fx, game, ward, "out-of-action", 0, 0, 0, (gint64) 0);
  result (&fx, game, vasseur, "unhurt", 0, 0, 1, ward, (gint64) 0);
  right = compute (&fx, 0, NULL);
  assert_series (right, MUSTER_STATS_CASUALTIES, NULL, "1: 1 0");
  assert_series (right, MUSTER_STATS_KILLS_CAREER, NULL, "Henri Vasseur: 1 1");
  assert_series (right, MUSTER_STATS_KILL_MATRIX, NULL, SAMPLE_BRITISH ": 0 0 | " SAMPLE_FRENCH ": 1 0");
}

/* The campaign exported and imported into another library has the same
 * statistics. */
static void
test_import (void)
{
  g_auto(Fixture) fx = { 0, };
  g_autoptr(MusterStore) other = muster_test_open_store (NULL);
  g_autoptr(GPtrArray) here = NULL;
  g_autoptr(GPtrArray) there = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  gint64 copy;

  play_sample (&fx, NULL, 3);
  data = export_campaign (fx.store, fx.campaign);
  copy = muster_exchange_import_data (other, data, strlen (data), "coa.muster", 0, NULL, &error);
  g_assert_no_error (error);
  here = compute (&fx, 0, NULL);
  there = muster_stats_compute (other, copy, 0, NULL, &error);
  g_assert_no_error (error);
  a = dump_series (here);
  b = dump_series (there);
  g_assert_cmpstr (a, ==, b);
}

/* A force joining from a file brings its men's kills from elsewhere,
 * shown apart and never added to this campaign's; its men join after the
 * games already played. */
static void
test_elsewhere (void)
{
  g_auto(Fixture) fx = { 0, };
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  play_sample (&fx, NULL, 3);
  data = read_fixture ("force.muster", &length);
  muster_exchange_import_data (fx.store, data, length, "force.muster", fx.campaign, NULL, &error);
  g_assert_no_error (error);
  all = compute (&fx, 0, NULL);

  /* Kills, games: Sharland 4 in 3, Harden 2 in 3. */
  assert_columns (all, MUSTER_STATS_KILLS_ELSEWHERE, NULL, "kills,games");
  assert_series (all, MUSTER_STATS_KILLS_ELSEWHERE, NULL, "Richard Sharland: 4 3 | Patrick Harden: 2 3");
  assert_series (all, MUSTER_STATS_KILLS_CAREER, NULL,
                 "Patrick Nolan: 3 3 | Henri Vasseur: 2 0 | Étienne Marchal: 1 0");
  /* Not on the roll in any game played before they came. */
  assert_series (all, MUSTER_STATS_STRENGTH, "South Devon Light Company",
                 "1: 0 0 0 0 0 | 2: 0 0 0 0 0 | 3: 0 0 0 0 0");
  assert_columns (all, MUSTER_STATS_KILL_MATRIX, NULL, SAMPLE_BRITISH "," SAMPLE_FRENCH ",South Devon Light Company");
  assert_series (all, MUSTER_STATS_KILL_MATRIX, NULL,
                 SAMPLE_BRITISH ": 0 3 0 | " SAMPLE_FRENCH ": 3 0 0 | South Devon Light Company: 0 0 0");
}

/* --- Out of action for games ---------------------------------------------------------------- */

/* Sharpe's Skirmish where the wounded miss D6 games: Harper out for 3
 * after game 1, Ducos for 1 after game 2; each counts down a game a game
 * they miss. */
static void
test_out_of_action (void)
{
  g_auto(Fixture) fx = { 0, };
  g_autoptr(GPtrArray) all = NULL;
  gint64 sharpe, harper, leroux, ducos, game;

  campaign_init (&fx, "sharpes-skirmish", "death-roll", "out-d6-games");
  sharpe = add_man (&fx, force_named (&fx, "British"), "Sharpe", "rifle-officer", NULL, 0);
  harper = add_man (&fx, force_named (&fx, "British"), "Harper", "rifleman", NULL, 0);
  leroux = add_man (&fx, force_named (&fx, "French"), "Leroux", "other", NULL, 0);
  ducos = add_man (&fx, force_named (&fx, "French"), "Ducos", "other", NULL, 0);

  game = new_game (&fx, "Gawilghur", sharpe, harper, leroux, ducos, (gint64) 0, (gint64) 0);
  result (&fx, game, harper, "out-of-action", 0, 0, 0, (gint64) 0);
  result (&fx, game, leroux, "unhurt", 0, 0, 0, harper, (gint64) 0);
  resolve (&fx, game, "Harper=3", NULL);
  game = new_game (&fx, "Assaye", sharpe, leroux, ducos, (gint64) 0, (gint64) 0);
  result (&fx, game, ducos, "out-of-action", 0, 0, 0, (gint64) 0);
  result (&fx, game, sharpe, "unhurt", 0, 0, 0, ducos, (gint64) 0);
  resolve (&fx, game, "Ducos=1", NULL);
  game = new_game (&fx, "Seringapatam", sharpe, leroux, (gint64) 0, (gint64) 0);
  result (&fx, game, sharpe, "unhurt", 0, 0, 0, (gint64) 0);
  resolve (&fx, game, NULL);
  game = new_game (&fx, "Argaum", sharpe, leroux, (gint64) 0, (gint64) 0);
  result (&fx, game, leroux, "unhurt", 0, 0, 0, (gint64) 0);
  resolve (&fx, game, NULL);

  all = compute (&fx, 0, NULL);
  /* Harper misses games 2, 3 and 4 (3, 2, 1 left), back after game 4's
   * countdown; Ducos misses game 3, back after its countdown. */
  assert_series (all, MUSTER_STATS_STRENGTH, "British", "1: 1 1 0 0 0 | 2: 1 1 0 0 0 | 3: 1 1 0 0 0 | 4: 2 0 0 0 0");
  assert_series (all, MUSTER_STATS_STRENGTH, "French", "1: 2 0 0 0 0 | 2: 1 1 0 0 0 | 3: 2 0 0 0 0 | 4: 2 0 0 0 0");
  /* Nobody's time ended: everyone on the roll. */
  assert_series (all, MUSTER_STATS_SURVIVAL, NULL, "0: 1 1 | 1: 1 1 | 2: 1 1 | 3: 1 1 | 4: 1 1");
  /* No winner recorded: a draw each time. */
  assert_series (all, MUSTER_STATS_SCORE, NULL, "1: 0 0 | 2: 0 0 | 3: 0 0 | 4: 0 0");
}

/* --- Kaplan-Meier -------------------------------------------------------------------------- */

/* Ten men: ended at 1, 2, 2, 4; still serving at 0, 1, 3, 3, 5, 6.
 * t=1: 9 at risk (all but the one at 0), 1 ended: 8/9.
 * t=2: 7 at risk (9 less the two at 1), 2 ended: 8/9 * 5/7 = 40/63.
 * t=3: 5 at risk, none ended: 40/63.
 * t=4: 3 at risk (5 less the two at 3), 1 ended: 40/63 * 2/3 = 80/189.
 * t=5, 6: 2 and 1 at risk, none ended: 80/189.
 * The median: S(2) = 0.635, S(4) = 0.423: 4 games. */
static void
test_kaplan_meier (void)
{
  static const MusterSurvivalTime times[] = {
    { 1, TRUE }, { 2, TRUE }, { 2, TRUE }, { 4, TRUE },
    { 0, FALSE }, { 1, FALSE }, { 3, FALSE }, { 3, FALSE }, { 5, FALSE }, { 6, FALSE },
  };
  static const double expected[] = { 1, 8.0 / 9, 40.0 / 63, 40.0 / 63, 80.0 / 189, 80.0 / 189, 80.0 / 189 };
  g_autoptr(GArray) curve = muster_stats_kaplan_meier (times, G_N_ELEMENTS (times));
  g_autoptr(GArray) none = muster_stats_kaplan_meier (NULL, 0);
  g_autoptr(GArray) all_ended = NULL;
  static const MusterSurvivalTime short_lives[] = { { 1, TRUE }, { 1, TRUE }, { 2, FALSE } };

  g_assert_cmpuint (curve->len, ==, G_N_ELEMENTS (expected));
  for (guint t = 0; t < curve->len; t++)
    g_assert_cmpfloat_with_epsilon (g_array_index (curve, double, t), expected[t], 1e-12);
  g_assert_cmpfloat (muster_stats_survival_median (curve), ==, 4);

  g_assert_cmpuint (none->len, ==, 0);
  g_assert_true (isnan (muster_stats_survival_median (none)));

  /* Two of three end at 1: a third left, the median is 1. */
  all_ended = muster_stats_kaplan_meier (short_lives, G_N_ELEMENTS (short_lives));
  g_assert_cmpfloat_with_epsilon (g_array_index (all_ended, double, 1), 1.0 / 3, 1e-12);
  g_assert_cmpfloat (muster_stats_survival_median (all_ended), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/stats/sample", test_sample);
  g_test_add_func ("/stats/sample/force", test_sample_force);
  g_test_add_func ("/stats/empty", test_empty);
  g_test_add_func ("/stats/undo", test_undo);
  g_test_add_func ("/stats/release", test_release);
  g_test_add_func ("/stats/correction", test_correction);
  g_test_add_func ("/stats/import", test_import);
  g_test_add_func ("/stats/elsewhere", test_elsewhere);
  g_test_add_func ("/stats/out-of-action", test_out_of_action);
  g_test_add_func ("/stats/kaplan-meier", test_kaplan_meier);

  return g_test_run ();
}
