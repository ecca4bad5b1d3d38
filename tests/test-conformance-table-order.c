/* SPDX-License-Identifier: GPL-3.0-or-later */

/* The order of play at the table. Sharpe's Skirmish (seed
 * 000_73f15fb3553713d1.txt, "Dicing for order of movement", lines 82-88):
 * 1D6 plus initiative, highest first, ties rolled again on an unmodified
 * D6, a wounded man moving down 1 place a light and 3 a serious wound,
 * or, rolled at every bound, initiative lowered 1 and 2 instead. The
 * decks: Big Skirmishes (seed 001, lines 55-67), Napoleonic Skirmish's
 * 52 playing cards and two jokers (seed 002, line 18), Chosen Men's
 * unit cards (seed 003, line 205) and officers' command cards (line 207);
 * each shuffled by the campaign's seed at every turn. Small Unit
 * Engagements rolls a D6 a side (seed 004, line 11). */

#include "config.h"

#include <glib.h>

#include "muster-conformance-util.h"
#include "muster-game.h"
#include "muster-ruleset-play.h"
#include "muster-table.h"
#include "muster-test-util.h"
#include "muster-unit.h"

static gint64
start_game (MusterConformance *cf,
            const gint64      *characters,
            guint              n_characters,
            const gint64      *units,
            guint              n_units,
            gboolean           per_bound)
{
  g_autoptr(GError) error = NULL;
  gint64 game = muster_store_create_game_full (cf->store, cf->campaign, "Order", NULL, characters, n_characters,
                                               units, n_units, &error);

  g_assert_no_error (error);
  g_assert_true (muster_store_start_game_full (cf->store, game, per_bound, &error));
  g_assert_no_error (error);
  return game;
}

static gint64
sharpe_man (MusterConformance *cf,
            gint64             force,
            const char        *name,
            int                initiative)
{
  return muster_conformance_add_character (cf, force, 0, name, "line", "I", initiative, "D", 3, "S", 3,
                                           "C", 3, "F", 6, NULL);
}

static const char *
name_at (GPtrArray *order,
         guint      i)
{
  return ((MusterOrderEntry *) g_ptr_array_index (order, i))->name;
}

static void
hit_with (MusterConformance *cf,
          gint64             game,
          gint64             target,
          int                score)
{
  g_autoptr(GError) error = NULL;
  MusterHitRequest request = { .target_id = target, .location = "legs", .has_score = TRUE, .score = score };
  g_autoptr(MusterHit) hit = muster_store_record_hit (cf->store, game, &request, &error);

  g_assert_no_error (error);
}

static void
test_sharpe_order (void)
{
  MusterConformance cf = { 0 };
  g_autoptr(GHashTable) faces = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) again = NULL;
  g_autoptr(GPtrArray) now = NULL;
  g_autoptr(GError) error = NULL;
  gint64 british, french, men[4], game;
  const MusterPlay *play;

  muster_conformance_init (&cf, "sharpes-skirmish", 1809);
  play = muster_ruleset_get_play (cf.ruleset);
  g_assert_cmpint (play->order_method, ==, MUSTER_ORDER_INITIATIVE);
  g_assert_cmpstr (muster_dice_expr_to_string (play->order_dice), ==, "1d6");   /* 000:82 */
  g_assert_cmpstr (play->order_stat, ==, "I");
  g_assert_cmpstr (muster_dice_expr_to_string (play->tie_dice), ==, "1d6");     /* 000:82 */
  g_assert_cmpint (play->light_places, ==, 1);                                   /* 000:84 */
  g_assert_cmpint (play->serious_places, ==, 3);

  british = muster_conformance_add_force (&cf, "British");
  french = muster_conformance_add_force (&cf, "French");
  men[0] = sharpe_man (&cf, british, "Ward", 3);
  men[1] = sharpe_man (&cf, british, "Hagman", 5);
  men[2] = sharpe_man (&cf, french, "Lefort", 1);
  men[3] = sharpe_man (&cf, french, "Dubois", 2);
  game = start_game (&cf, men, 4, NULL, 0, FALSE);

  /* Ward 4 + 3, Hagman 2 + 5, Lefort 6 + 1: a three-way tie on 7;
   * Dubois 1 + 2 last. */
  g_hash_table_insert (faces, "Ward", "4");
  g_hash_table_insert (faces, "Hagman", "2");
  g_hash_table_insert (faces, "Lefort", "6");
  g_hash_table_insert (faces, "Dubois", "1");
  first = muster_store_roll_order (cf.store, game, 1, faces, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (first->len, ==, 4);
  for (guint i = 0; i < 3; i++)
    {
      const MusterOrderEntry *entry = g_ptr_array_index (first, i);

      g_assert_cmpint (entry->total, ==, 7);
      g_assert_true (entry->entered);
      g_assert_cmpstr (entry->tie_faces, !=, "");
      g_assert_cmpint (entry->place, ==, (int) i + 1);
    }
  /* The ties' own dice, unmodified, decide: in order, never equal at the
   * end. */
  for (guint i = 0; i + 1 < 3; i++)
    g_assert_cmpstr (((MusterOrderEntry *) g_ptr_array_index (first, i))->tie_faces, >=,
                     ((MusterOrderEntry *) g_ptr_array_index (first, i + 1))->tie_faces);
  g_assert_cmpstr (name_at (first, 3), ==, "Dubois");
  g_assert_cmpint (((MusterOrderEntry *) g_ptr_array_index (first, 3))->total, ==, 3);
  g_assert_cmpstr (((MusterOrderEntry *) g_ptr_array_index (first, 3))->tie_faces, ==, "");

  /* Rolled again, the same dice: they come from the seed, the game, the
   * bound and the man. */
  again = muster_store_roll_order (cf.store, game, 1, faces, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 4; i++)
    {
      g_assert_cmpstr (name_at (again, i), ==, name_at (first, i));
      g_assert_cmpstr (((MusterOrderEntry *) g_ptr_array_index (again, i))->tie_faces, ==,
                       ((MusterOrderEntry *) g_ptr_array_index (first, i))->tie_faces);
    }

  /* A light wound moves the first man down one place; a serious one the
   * new first three places. */
  {
    g_autofree char *leader = g_strdup (name_at (first, 0));
    g_autofree char *second = g_strdup (name_at (first, 1));
    gint64 leader_id = ((MusterOrderEntry *) g_ptr_array_index (first, 0))->character_id;
    gint64 second_id = ((MusterOrderEntry *) g_ptr_array_index (first, 1))->character_id;

    hit_with (&cf, game, leader_id, 4);   /* legs 4: a light wound */
    now = muster_store_list_order (cf.store, game, 1, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (name_at (now, 0), ==, second);
    g_assert_cmpstr (name_at (now, 1), ==, leader);
    g_assert_cmpint (((MusterOrderEntry *) g_ptr_array_index (now, 1))->moved, ==, 1);
    g_clear_pointer (&now, g_ptr_array_unref);

    hit_with (&cf, game, second_id, 7);   /* legs 7: a serious wound */
    now = muster_store_list_order (cf.store, game, 1, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (name_at (now, 3), ==, second);
    g_assert_cmpint (((MusterOrderEntry *) g_ptr_array_index (now, 3))->moved, ==, 3);
  }
  muster_conformance_clear (&cf);
}

/* Rolled at every bound: initiative lowered by the wounds of the game,
 * and nobody moved down (000:88). */
static void
test_sharpe_per_bound (void)
{
  MusterConformance cf = { 0 };
  g_autoptr(GHashTable) faces = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) order = NULL;
  g_autoptr(GError) error = NULL;
  gint64 british, french, men[2], game;
  gboolean per_bound = FALSE;

  muster_conformance_init (&cf, "sharpes-skirmish", 1810);
  british = muster_conformance_add_force (&cf, "British");
  french = muster_conformance_add_force (&cf, "French");
  men[0] = sharpe_man (&cf, british, "Ward", 5);
  men[1] = sharpe_man (&cf, french, "Lefort", 4);
  game = start_game (&cf, men, 2, NULL, 0, TRUE);
  g_assert_true (muster_store_get_per_bound (cf.store, game, &per_bound, &error));
  g_assert_true (per_bound);

  hit_with (&cf, game, men[0], 7);   /* serious: initiative 5 counts as 3 */
  hit_with (&cf, game, men[1], 4);   /* light: 4 counts as 3 */
  g_hash_table_insert (faces, "Ward", "3");
  g_hash_table_insert (faces, "Lefort", "4");
  order = muster_store_roll_order (cf.store, game, 2, faces, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (name_at (order, 0), ==, "Lefort");
  g_assert_cmpint (((MusterOrderEntry *) g_ptr_array_index (order, 0))->total, ==, 7);
  g_assert_cmpint (((MusterOrderEntry *) g_ptr_array_index (order, 1))->total, ==, 6);
  g_clear_pointer (&order, g_ptr_array_unref);
  order = muster_store_list_order (cf.store, game, 2, &error);
  g_assert_cmpint (((MusterOrderEntry *) g_ptr_array_index (order, 1))->moved, ==, 0);
  g_assert_cmpint (muster_store_last_bound (cf.store, game, &error), ==, 2);
  muster_conformance_clear (&cf);
}

/* Counts the cards of @deck by id. */
static int
count_card (GPtrArray  *deck,
            const char *id)
{
  int n = 0;

  for (guint i = 0; i < deck->len; i++)
    n += g_strcmp0 (((MusterOrderEntry *) g_ptr_array_index (deck, i))->card, id) == 0;
  return n;
}

/* Deals a whole turn: every card once, in an order the seed decides. */
static char *
deal_turn (MusterConformance *cf,
           gint64             game,
           guint              n_cards)
{
  g_autoptr(GString) dealt = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < n_cards; i++)
    {
      g_autoptr(MusterOrderEntry) card = muster_store_deal_card (cf->store, game, &error);

      g_assert_no_error (error);
      g_assert_cmpint (card->bound, ==, 1);
      g_string_append_printf (dealt, "%s:%s;", card->card, card->name);
    }
  return g_string_free (g_steal_pointer (&dealt), FALSE);
}

static void
test_big_skirmishes_deck (void)
{
  MusterConformance cf = { 0 };
  g_autoptr(GPtrArray) deck = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  gint64 red, blue, men[3], game;

  for (int round = 0; round < 2; round++)
    {
      muster_conformance_init (&cf, "big-skirmishes", 1776);
      red = muster_conformance_add_force (&cf, "Red");
      blue = muster_conformance_add_force (&cf, "Blue");
      men[0] = muster_conformance_add_character (&cf, red, 0, "Major Rogers", "character", "class", 3, NULL);
      men[1] = muster_conformance_add_character (&cf, red, 0, "Captain Jack", "character", "class", 2, NULL);
      men[2] = muster_conformance_add_character (&cf, blue, 0, "Capitaine Roux", "character", "class", 2, NULL);
      game = start_game (&cf, men, 3, NULL, 0, FALSE);
      deck = muster_store_list_deck (cf.store, game, &error);
      g_assert_no_error (error);
      /* 001:55-67: a Character card each, 2 Pause, Free Action, Joker,
       * Dummy, and one Special Effect card. */
      g_assert_cmpint (count_card (deck, "character"), ==, 3);
      g_assert_cmpint (count_card (deck, "pause"), ==, 2);
      g_assert_cmpint (count_card (deck, "free-action"), ==, 1);
      g_assert_cmpint (count_card (deck, "joker"), ==, 1);
      g_assert_cmpint (count_card (deck, "dummy"), ==, 1);
      g_assert_cmpint (count_card (deck, "special-effect"), ==, 1);
      g_assert_cmpuint (deck->len, ==, 9);
      if (round == 0)
        first = deal_turn (&cf, game, deck->len);
      else
        second = deal_turn (&cf, game, deck->len);
      /* The turn's deck is used up: the next card starts turn 2. */
      {
        g_autoptr(MusterOrderEntry) next = muster_store_deal_card (cf.store, game, &error);

        g_assert_no_error (error);
        g_assert_cmpint (next->bound, ==, 2);
        g_assert_cmpint (next->place, ==, 1);
      }
      g_clear_pointer (&deck, g_ptr_array_unref);
      muster_conformance_clear (&cf);
    }
  /* The same seed, the same shuffle. */
  g_assert_cmpstr (first, ==, second);
  {
    guint n = 0;

    for (const char *c = first; *c != '\0'; c++)
      n += *c == ';';
    g_assert_cmpuint (n, ==, 9);
  }
}

static void
test_napoleonic_deck (void)
{
  MusterConformance cf = { 0 };
  MusterUnitSpec spec = { "Voltigeurs", "light", NULL, 10, NULL };
  g_autoptr(MusterUnit) unit = NULL;
  g_autoptr(GPtrArray) deck = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(MusterUnit) other = NULL;
  gint64 french, allied, game, ids[2];

  muster_conformance_init (&cf, "napoleonic-skirmish", 1812);
  french = muster_conformance_add_force (&cf, "French");
  allied = muster_conformance_add_force (&cf, "Allied");
  unit = muster_conformance_add_unit (&cf, french, &spec);
  other = muster_conformance_add_unit (&cf, allied, &spec);
  ids[0] = muster_unit_get_id (unit);
  ids[1] = muster_unit_get_id (other);
  game = start_game (&cf, NULL, 0, ids, 2, FALSE);
  deck = muster_store_list_deck (cf.store, game, &error);
  g_assert_no_error (error);
  /* 002:18: a 52-card deck, plus a red and a black joker. */
  g_assert_cmpuint (deck->len, ==, 54);
  g_assert_cmpint (count_card (deck, "spades") + count_card (deck, "clubs"), ==, 26);
  g_assert_cmpint (count_card (deck, "hearts") + count_card (deck, "diamonds"), ==, 26);
  g_assert_cmpint (count_card (deck, "red-joker"), ==, 1);
  g_assert_cmpint (count_card (deck, "black-joker"), ==, 1);
  /* A whole turn deals each place of the shuffled deck once. */
  for (guint i = 0; i < 54; i++)
    {
      g_autoptr(MusterOrderEntry) card = muster_store_deal_card (cf.store, game, &error);
      char *place = g_strdup_printf ("%d", card->place);

      g_assert_no_error (error);
      g_assert_true (g_hash_table_add (seen, place));
    }
  g_assert_cmpuint (g_hash_table_size (seen), ==, 54);
  muster_conformance_clear (&cf);
}

static void
test_chosen_men_deck (void)
{
  MusterConformance cf = { 0 };
  MusterUnitSpec spec = { "Light company", "infantry", "regular", 10, NULL };
  g_autoptr(MusterUnit) squad = NULL;
  g_autoptr(GPtrArray) deck = NULL;
  g_autoptr(GError) error = NULL;
  gint64 british, french, men[2], unit, game;

  muster_conformance_init (&cf, "chosen-men", 1809);
  british = muster_conformance_add_force (&cf, "British");
  french = muster_conformance_add_force (&cf, "French");
  squad = muster_conformance_add_unit (&cf, british, &spec);
  unit = muster_unit_get_id (squad);
  /* A squad leader in his squad, and an officer leading none. */
  men[0] = muster_conformance_add_character (&cf, british, unit, "Sergeant Harper", "squad-leader",
                                             "rank", 1, "rating", 1, "character", 5, NULL);
  men[1] = muster_conformance_add_character (&cf, french, 0, "Capitaine Roux", "captain",
                                             "rank", 3, "rating", 2, "character", 5, NULL);
  game = start_game (&cf, men, 2, &unit, 1, FALSE);
  deck = muster_store_list_deck (cf.store, game, &error);
  g_assert_no_error (error);
  g_assert_cmpint (count_card (deck, "unit"), ==, 1);
  g_assert_cmpint (count_card (deck, "command"), ==, 1);
  g_assert_cmpuint (deck->len, ==, 2);
  g_assert_null (muster_store_roll_order (cf.store, game, 1, NULL, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  muster_conformance_clear (&cf);
}

static void
test_small_unit_engagements (void)
{
  MusterConformance cf = { 0 };
  g_autoptr(GPtrArray) order = NULL;
  g_autoptr(GError) error = NULL;
  const MusterPlay *play;
  gint64 forces[2], game, units[2];

  muster_conformance_init (&cf, "small-unit-engagements", 1745);
  play = muster_ruleset_get_play (cf.ruleset);
  g_assert_cmpint (play->order_method, ==, MUSTER_ORDER_SIDES);
  g_assert_cmpstr (muster_dice_expr_to_string (play->order_dice), ==, "1d6");   /* 004:11 */
  forces[0] = muster_conformance_add_force (&cf, "British");
  forces[1] = muster_conformance_add_force (&cf, "French");
  muster_conformance_add_unit_each (&cf, forces, "Grenadiers", units);
  game = start_game (&cf, NULL, 0, units, 2, FALSE);
  order = muster_store_roll_order (cf.store, game, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (order->len, ==, 2);
  g_assert_cmpint (((MusterOrderEntry *) g_ptr_array_index (order, 0))->total, >=,
                   ((MusterOrderEntry *) g_ptr_array_index (order, 1))->total);
  muster_conformance_clear (&cf);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/table/order/sharpes-skirmish", test_sharpe_order);
  g_test_add_func ("/table/order/sharpes-skirmish-per-bound", test_sharpe_per_bound);
  g_test_add_func ("/table/order/big-skirmishes-deck", test_big_skirmishes_deck);
  g_test_add_func ("/table/order/napoleonic-skirmish-deck", test_napoleonic_deck);
  g_test_add_func ("/table/order/chosen-men-deck", test_chosen_men_deck);
  g_test_add_func ("/table/order/small-unit-engagements", test_small_unit_engagements);

  return g_test_run ();
}
