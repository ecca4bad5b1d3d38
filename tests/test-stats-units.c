/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-stats"

#include "config.h"

#include <glib.h>

#include "muster-stats-test-util.h"
#include "muster-test-util.h"

/*
 * The statistics of a campaign of each rule set kept by unit, three games
 * each, against figures worked out by hand. The campaigns are those the
 * between-game steps are tested with (tests/test-engine-units.c), which
 * says what each step makes of them; the dice that matter are typed in.
 *
 * Strength columns: fit, out of action, captured, dead, retired. Unit
 * series: a column a unit that took the field, in the order they were
 * raised.
 */

static gboolean
has_series (Fixture    *fx,
            const char *id)
{
  g_autoptr(GPtrArray) ids = series_ids (fx);

  return g_ptr_array_find_with_equal_func (ids, id, g_str_equal, NULL);
}

/* Big Skirmishes: a wound costs a Class (a Hero keeps his), Class 0
 * retires a man; killed figures are struck off.
 *
 * 1: the Hero wounded once (keeps 4), the Leader twice (3 -> 1), the
 *    Duffer once (1 -> 0, retired), Price out of action (no cost); South
 *    Devon loses 3 of 12, the Voltigeurs 1. Won by the British.
 * 2: the Leader wounded again (1 -> 0, retired), Dubreton once (2 -> 1);
 *    South Devon loses 2 more. Won by the French.
 * 3: Price wounded (2 -> 1), Dubreton again (1 -> 0, retired); South
 *    Devon loses its last 7. Won by the British. */
static void
test_big_skirmishes (void)
{
  g_auto(Fixture) fx = { 0, };
  g_autoptr(GPtrArray) all = NULL;
  gint64 british, french, hero, leader, pro, duffer, enemy, enemy2, line, voltigeurs, game;

  campaign_init (&fx, "big-skirmishes", NULL, NULL);
  british = force_named (&fx, "British");
  french = force_named (&fx, "French");
  hero = add_man (&fx, british, "Major Sharland", "character", "class", 4);
  leader = add_man (&fx, british, "Captain Horan", "character", "class", 3);
  pro = add_man (&fx, british, "Lieutenant Price", "mounted-character", "class", 2);
  duffer = add_man (&fx, british, "Ensign Denny", "character", "class", 1);
  enemy = add_man (&fx, french, "Colonel Leroux", "character", "class", 3);
  enemy2 = add_man (&fx, french, "Capitaine Dubreton", "character", "class", 2);
  line = add_unit (&fx, british, "South Devon", "infantry", "average", 12);
  voltigeurs = add_unit (&fx, french, "Voltigeurs", "skirmishers", "elite", 12);

  game = new_game (&fx, "The bridge", hero, leader, pro, duffer, enemy, (gint64) 0, line, voltigeurs, (gint64) 0);
  result (&fx, game, hero, "wounded", 1, 0, 0, (gint64) 0);
  result (&fx, game, leader, "wounded", 2, 0, 0, (gint64) 0);
  result (&fx, game, duffer, "wounded", 1, 0, 0, (gint64) 0);
  result (&fx, game, pro, "out-of-action", 0, 0, 0, (gint64) 0);
  result (&fx, game, enemy, "unhurt", 0, 0, 0, (gint64) 0);
  unit_result (&fx, game, line, 3, 0, 0, 0, NULL);
  unit_result (&fx, game, voltigeurs, 1, 0, 0, 0, NULL);
  finish (&fx, game, "British");
  resolve (&fx, game, NULL);

  game = new_game (&fx, "The ford", hero, leader, pro, enemy, enemy2, (gint64) 0, line, voltigeurs, (gint64) 0);
  result (&fx, game, hero, "wounded", 2, 0, 0, (gint64) 0);
  result (&fx, game, leader, "wounded", 1, 0, 0, (gint64) 0);
  result (&fx, game, enemy2, "wounded", 1, 0, 0, (gint64) 0);
  unit_result (&fx, game, line, 2, 0, 0, 0, NULL);
  finish (&fx, game, "French");
  resolve (&fx, game, NULL);

  game = new_game (&fx, "The ridge", hero, pro, enemy, enemy2, (gint64) 0, line, (gint64) 0);
  result (&fx, game, pro, "wounded", 1, 0, 0, (gint64) 0);
  result (&fx, game, enemy2, "wounded", 1, 0, 0, (gint64) 0);
  unit_result (&fx, game, line, 7, 0, 0, 0, NULL);
  finish (&fx, game, "British");
  resolve (&fx, game, NULL);

  all = compute (&fx, 0, NULL);
  assert_series (all, MUSTER_STATS_STRENGTH, "British", "1: 3 0 0 0 1 | 2: 2 0 0 0 2 | 3: 2 0 0 0 2");
  assert_series (all, MUSTER_STATS_STRENGTH, "French", "1: 2 0 0 0 0 | 2: 2 0 0 0 0 | 3: 1 0 0 0 1");
  /* Price taken off the field and 3 figures; 1 Voltigeur. 2 figures. 7. */
  assert_series (all, MUSTER_STATS_CASUALTIES, NULL, "1: 4 1 | 2: 2 0 | 3: 7 0");
  assert_series (all, MUSTER_STATS_SCORE, NULL, "1: 1 0 | 2: 1 1 | 3: 2 1");
  /* The Voltigeurs sat out game 3 with the 11 they had. */
  assert_columns (all, MUSTER_STATS_UNIT_STRENGTH, NULL, "South Devon,Voltigeurs");
  assert_series (all, MUSTER_STATS_UNIT_STRENGTH, NULL, "1: 9 11 | 2: 7 11 | 3: 0 11");
  g_assert_false (has_series (&fx, MUSTER_STATS_UNIT_MORALE));

  /* Times: Sharland 3, Horan 2 retired, Price 3, Denny 1 retired; Leroux
   * 3, Dubreton 2 retired. British: at 1, 4 at risk and 1 ended: 3/4; at
   * 2, 3 at risk and 1 ended: 3/4 * 2/3. French: at 2, 2 at risk and 1
   * ended. */
  assert_series (all, MUSTER_STATS_SURVIVAL, NULL, "0: 1 1 | 1: 0.75 1 | 2: 0.5 0.5 | 3: 0.5 0.5");
  /* By the Class each came with. Duffer: Denny, ended at 1. Professional:
   * Price 3, Dubreton 2 ended: a half at 2. Leader: Horan 2 ended, Leroux
   * 3: a half at 2. Hero: Sharland, still serving. */
  assert_series (all, MUSTER_STATS_MEDIAN_GAMES, NULL,
                 "duffer: 1 1 1 | professional: 2 2 1 | leader: 2 2 1 | hero: - 1 0");
}

/* Chosen Men: killed and captured men are struck off, a second serious
 * wound is fatal; killed, wounded and captured figures are lost; colours
 * lost cost the whole command 2 base morale, colours taken give the
 * squad 2.
 *
 * 1: Harden seriously wounded, Hadley lightly (putting Sergent Bonnet
 *    out, killed), Duclos captured; the Rifles lose 1 and take the
 *    Grenadiers' colours, the Grenadiers lose 2 killed, 1 wounded and 1
 *    captured.
 * 2: Harden's second serious wound kills him, Hadley takes his first;
 *    the Fusiliers lose their colours.
 * 3: Hadley's second serious wound kills him. */
static void
test_chosen_men (void)
{
  g_auto(Fixture) fx = { 0, };
  g_autoptr(GPtrArray) all = NULL;
  gint64 british, french, harden, hadley, lieutenant, sergeant, capitaine, caporal;
  gint64 rifles, redcoats, grenadiers, fusiliers, game;

  campaign_init (&fx, "chosen-men", NULL, NULL);
  british = force_named (&fx, "British");
  french = force_named (&fx, "French");
  harden = add_man (&fx, british, "Sergeant Harden", "squad-leader", NULL, 0);
  hadley = add_man (&fx, british, "Hadley", "squad-leader", NULL, 0);
  lieutenant = add_man (&fx, british, "Lieutenant Knowles", "lieutenant", NULL, 0);
  sergeant = add_man (&fx, french, "Sergent Bonnet", "squad-leader", NULL, 0);
  capitaine = add_man (&fx, french, "Capitaine Duclos", "captain", NULL, 0);
  caporal = add_man (&fx, french, "Caporal Morin", "squad-leader", NULL, 0);
  rifles = add_unit (&fx, british, "Rifles", "skirmishers", "crack", 8);
  redcoats = add_unit (&fx, british, "Redcoats", "infantry", "regular", 10);
  grenadiers = add_unit (&fx, french, "Grenadiers", "infantry", "veteran", 10);
  fusiliers = add_unit (&fx, french, "Fusiliers", "infantry", "regular", 12);

  game = new_game (&fx, "Valdelacasa", harden, hadley, lieutenant, sergeant, capitaine, caporal, (gint64) 0,
                   rifles, redcoats, grenadiers, fusiliers, (gint64) 0);
  result (&fx, game, harden, "wounded", 1, 1, 0, (gint64) 0);
  result (&fx, game, sergeant, "killed", 0, 0, 0, (gint64) 0);
  result (&fx, game, hadley, "wounded", 2, 0, 0, sergeant, (gint64) 0);
  result (&fx, game, capitaine, "captured", 0, 0, 0, (gint64) 0);
  unit_result (&fx, game, rifles, 1, 0, 0, 0, "captured");
  unit_result (&fx, game, grenadiers, 2, 1, 1, 0, "lost");
  resolve (&fx, game, NULL);

  game = new_game (&fx, "Talavera", harden, hadley, caporal, (gint64) 0, rifles, grenadiers, fusiliers, (gint64) 0);
  result (&fx, game, harden, "wounded", 0, 1, 0, (gint64) 0);
  result (&fx, game, hadley, "wounded", 0, 1, 0, (gint64) 0);
  unit_result (&fx, game, fusiliers, 0, 0, 0, 0, "lost");
  resolve (&fx, game, NULL);

  game = new_game (&fx, "Fuentes", hadley, lieutenant, caporal, (gint64) 0, redcoats, (gint64) 0);
  result (&fx, game, hadley, "wounded", 1, 1, 0, (gint64) 0);
  resolve (&fx, game, NULL);

  all = compute (&fx, 0, NULL);
  assert_series (all, MUSTER_STATS_STRENGTH, "British", "1: 3 0 0 0 0 | 2: 2 0 0 1 0 | 3: 1 0 0 2 0");
  assert_series (all, MUSTER_STATS_STRENGTH, "French", "1: 1 0 1 1 0 | 2: 1 0 1 1 0 | 3: 1 0 1 1 0");
  /* 1 Rifle; Bonnet, Duclos and 4 Grenadiers. Nothing after: wounds
   * that do not take a man off the field are no casualty. */
  assert_series (all, MUSTER_STATS_CASUALTIES, NULL, "1: 1 6 | 2: 0 0 | 3: 0 0");
  assert_series (all, MUSTER_STATS_KILLS_CAREER, NULL, "Hadley: 1 0");
  assert_series (all, MUSTER_STATS_KILL_MATRIX, NULL, "British: 0 1 | French: 0 0");
  /* Figures: the Rifles 8 - 1, the Grenadiers 10 - 4. */
  assert_columns (all, MUSTER_STATS_UNIT_STRENGTH, NULL, "Rifles,Redcoats,Grenadiers,Fusiliers");
  assert_series (all, MUSTER_STATS_UNIT_STRENGTH, NULL, "1: 7 10 6 12 | 2: 7 10 6 12 | 3: 7 10 6 12");
  /* Base morale: Crack 10 + 2, Regular 8, Veteran 9 - 2 then - 4,
   * Regular 8 - 2 then - 4 (tests/test-engine-units.c). */
  g_assert_true (has_series (&fx, MUSTER_STATS_UNIT_MORALE));
  assert_series (all, MUSTER_STATS_UNIT_MORALE, NULL, "1: 12 8 7 6 | 2: 12 8 5 4 | 3: 12 8 5 4");
  /* Squad leaders: Harden 2 ended, Hadley 3 ended, Bonnet 1 ended,
   * Morin 3: 3/4 at 1, 3/4 * 2/3 = 1/2 at 2. */
  assert_series (all, MUSTER_STATS_MEDIAN_GAMES, NULL, "squad-leader: 2 4 3 | lieutenant: - 1 0 | captain: - 1 0");

  /* One force: its units alone, titled for it. */
  {
    g_autoptr(GPtrArray) mine = compute (&fx, french, NULL);
    MusterStatsSeries *series = find_series (mine, MUSTER_STATS_UNIT_MORALE, NULL);

    assert_columns (mine, MUSTER_STATS_UNIT_MORALE, NULL, "Grenadiers,Fusiliers");
    g_assert_cmpstr (muster_stats_series_get_column_label (series, 0), ==, "Grenadiers");
    g_assert_cmpstr (muster_stats_series_get_title (series), ==, "Morale of the units of French");
  }
}

/* Napoleonic Skirmish 1.9, the house readings: the killed are struck
 * off, a wounded figure rejoins on a 4 or more, prisoners are lost,
 * figures that ran come back; a wounded leader misses a game.
 *
 * 1: Lemoine wounded (out for a game), Lynch captured, Dubois killed;
 *    the 1st Line 2 killed, 3 wounded (rolling 2, 4, 6: one lost), 1
 *    captured, 2 ran: 4 lost. The Voltigeurs 2 wounded (1, 3): 2 lost.
 * 2: Lemoine sits out and recovers; the 1st Line loses 1 killed.
 * 3: the 1st Line loses its last 5. */
static void
test_napoleonic_skirmish (void)
{
  g_auto(Fixture) fx = { 0, };
  g_autoptr(GPtrArray) all = NULL;
  gint64 british, french, officer, nco, ensign, commandant, sergent, line, light, voltigeurs, game;

  campaign_init (&fx, "napoleonic-skirmish", NULL, NULL);
  british = force_named (&fx, "British");
  french = force_named (&fx, "French");
  officer = add_man (&fx, british, "Captain Lemoine", "officer", NULL, 0);
  nco = add_man (&fx, british, "Sergeant Lynch", "nco", NULL, 0);
  ensign = add_man (&fx, british, "Ensign Hale", "nco", NULL, 0);
  commandant = add_man (&fx, french, "Commandant Vidal", "commander", NULL, 0);
  sergent = add_man (&fx, french, "Sergent Dubois", "nco", NULL, 0);
  line = add_unit (&fx, british, "1st Line", "line", NULL, 10);
  light = add_unit (&fx, british, "Light company", "light", NULL, 10);
  voltigeurs = add_unit (&fx, french, "Voltigeurs", "light", NULL, 10);

  game = new_game (&fx, "Rolica", officer, nco, commandant, sergent, (gint64) 0, line, light, voltigeurs, (gint64) 0);
  result (&fx, game, officer, "wounded", 1, 0, 0, (gint64) 0);
  result (&fx, game, sergent, "killed", 0, 0, 0, (gint64) 0);
  result (&fx, game, nco, "captured", 0, 0, 0, (gint64) 0);
  unit_result (&fx, game, line, 2, 3, 1, 2, NULL);
  unit_result (&fx, game, voltigeurs, 0, 2, 0, 0, NULL);
  resolve (&fx, game, "1st Line=2,4,6", "Voltigeurs=1,3", NULL);

  game = new_game (&fx, "Vimeiro", ensign, commandant, (gint64) 0, line, voltigeurs, (gint64) 0);
  unit_result (&fx, game, line, 1, 0, 0, 0, NULL);
  resolve (&fx, game, NULL);

  game = new_game (&fx, "Corunna", officer, commandant, (gint64) 0, line, (gint64) 0);
  unit_result (&fx, game, line, 5, 0, 0, 0, NULL);
  resolve (&fx, game, NULL);

  all = compute (&fx, 0, NULL);
  assert_series (all, MUSTER_STATS_STRENGTH, "British", "1: 1 1 1 0 0 | 2: 2 0 1 0 0 | 3: 2 0 1 0 0");
  assert_series (all, MUSTER_STATS_STRENGTH, "French", "1: 1 0 0 1 0 | 2: 1 0 0 1 0 | 3: 1 0 0 1 0");
  /* Lemoine and Lynch, 6 of the Line (run is no casualty); Dubois and 2
   * Voltigeurs. 1. 5. */
  assert_series (all, MUSTER_STATS_CASUALTIES, NULL, "1: 8 3 | 2: 1 0 | 3: 5 0");
  assert_series (all, MUSTER_STATS_UNIT_STRENGTH, NULL, "1: 6 10 8 | 2: 5 10 8 | 3: 0 10 8");
  g_assert_false (has_series (&fx, MUSTER_STATS_UNIT_MORALE));
  /* NCOs: Lynch 1 (a prisoner), Hale 1, Dubois 1 ended: 2/3 at most. */
  assert_series (all, MUSTER_STATS_MEDIAN_GAMES, NULL, "officer: - 1 0 | nco: - 3 1 | commander: - 1 0");
}

/* Small Unit Engagements: the killed are struck off; a company loses
 * only whole bases (3 figures a base, 5 for irregulars) and the rest of
 * its casualties rejoin.
 *
 * 1: Langlade killed; the company 7 casualties: 6 lost; the rangers 4:
 *    none lost.
 * 2: the company 5 more (with the 1 who rejoined, 3 lost); the rangers
 *    5: 5 lost.
 * 3: the company 3: its last 3 lost. */
static void
test_small_unit_engagements (void)
{
  g_auto(Fixture) fx = { 0, };
  g_autoptr(GPtrArray) all = NULL;
  gint64 british, french, officer, enemy, enemy2, company, rangers, game;

  campaign_init (&fx, "small-unit-engagements", NULL, NULL);
  british = force_named (&fx, "British");
  french = force_named (&fx, "French");
  officer = add_man (&fx, british, "Captain Rogers", "officer", NULL, 0);
  enemy = add_man (&fx, french, "Capitaine Langlade", "officer", NULL, 0);
  enemy2 = add_man (&fx, french, "Lieutenant Marin", "mounted-officer", NULL, 0);
  company = add_unit (&fx, british, "Grenadier company", "regular", "tough", 0);
  rangers = add_unit (&fx, french, "Coureurs de bois", "irregular", "normal", 0);

  game = new_game (&fx, "Fort Anne", officer, enemy, (gint64) 0, company, rangers, (gint64) 0);
  result (&fx, game, enemy, "killed", 0, 0, 0, (gint64) 0);
  unit_result (&fx, game, company, 7, 0, 0, 0, NULL);
  unit_result (&fx, game, rangers, 4, 0, 0, 0, NULL);
  finish (&fx, game, "French");
  resolve (&fx, game, NULL);

  game = new_game (&fx, "Ticonderoga", officer, enemy2, (gint64) 0, company, rangers, (gint64) 0);
  unit_result (&fx, game, company, 5, 0, 0, 0, NULL);
  unit_result (&fx, game, rangers, 5, 0, 0, 0, NULL);
  finish (&fx, game, "French");
  resolve (&fx, game, NULL);

  game = new_game (&fx, "Lake George", officer, enemy2, (gint64) 0, company, (gint64) 0);
  unit_result (&fx, game, company, 3, 0, 0, 0, NULL);
  finish (&fx, game, NULL);
  resolve (&fx, game, NULL);

  all = compute (&fx, 0, NULL);
  assert_series (all, MUSTER_STATS_STRENGTH, "British", "1: 1 0 0 0 0 | 2: 1 0 0 0 0 | 3: 1 0 0 0 0");
  assert_series (all, MUSTER_STATS_STRENGTH, "French", "1: 1 0 0 1 0 | 2: 1 0 0 1 0 | 3: 1 0 0 1 0");
  assert_series (all, MUSTER_STATS_CASUALTIES, NULL, "1: 7 5 | 2: 5 5 | 3: 3 0");
  assert_series (all, MUSTER_STATS_SCORE, NULL, "1: 0 1 | 2: 0 2 | 3: 0 2");
  assert_columns (all, MUSTER_STATS_UNIT_STRENGTH, NULL, "Grenadier company,Coureurs de bois");
  assert_series (all, MUSTER_STATS_UNIT_STRENGTH, NULL, "1: 6 10 | 2: 3 5 | 3: 0 5");
  g_assert_false (has_series (&fx, MUSTER_STATS_UNIT_MORALE));
  /* Langlade ended at 1 of the two officers who fought: a half. */
  assert_series (all, MUSTER_STATS_MEDIAN_GAMES, NULL, "officer: 1 2 1 | mounted-officer: - 1 0");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/stats/units/big-skirmishes", test_big_skirmishes);
  g_test_add_func ("/stats/units/chosen-men", test_chosen_men);
  g_test_add_func ("/stats/units/napoleonic-skirmish", test_napoleonic_skirmish);
  g_test_add_func ("/stats/units/small-unit-engagements", test_small_unit_engagements);

  return g_test_run ();
}
