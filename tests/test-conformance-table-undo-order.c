/* SPDX-License-Identifier: GPL-3.0-or-later */

/* Taking back a roll of the order of play, as a hit or a card is taken
 * back: the bound has the order it had before the roll again, or none.
 * Sharpe's Skirmish rolls 1D6 plus initiative a man (seed
 * 000_73f15fb3553713d1.txt, lines 82-88); Small Unit Engagements a D6 a
 * side (seed 004, line 11). */

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-canonical-dump.h"
#include "muster-conformance-util.h"
#include "muster-exchange-test-util.h"
#include "muster-exchange.h"
#include "muster-game.h"
#include "muster-store-private.h"
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
  gint64 game = muster_store_create_game_full (cf->store, cf->campaign, "Undo order", NULL, characters,
                                               n_characters, units, n_units, &error);

  g_assert_no_error (error);
  g_assert_true (muster_store_start_game_full (cf->store, game, per_bound, &error));
  g_assert_no_error (error);
  return game;
}

/* Sharpe's Skirmish, four men of initiative 3, 5, 1 and 2 (000:82). */
static gint64
sharpe_game (MusterConformance *cf,
             gboolean           per_bound,
             gint64            *men)
{
  gint64 british, french;
  static const struct { const char *name; int initiative; } who[] = {
    { "Ward", 3 }, { "Hagman", 5 }, { "Lefort", 1 }, { "Dubois", 2 },
  };

  muster_conformance_init (cf, "sharpes-skirmish", 1811);
  british = muster_conformance_add_force (cf, "British");
  french = muster_conformance_add_force (cf, "French");
  for (guint i = 0; i < G_N_ELEMENTS (who); i++)
    men[i] = muster_conformance_add_character (cf, i < 2 ? british : french, 0, who[i].name, "line",
                                               "I", who[i].initiative, "D", 3, "S", 3, "C", 3, "F", 6, NULL);
  return start_game (cf, men, 4, NULL, 0, per_bound);
}

static GPtrArray *
roll (MusterConformance *cf,
      gint64             game,
      int                bound,
      GHashTable        *faces)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *order = muster_store_roll_order (cf->store, game, bound, faces, &error);

  g_assert_no_error (error);
  g_assert_nonnull (order);
  return order;
}

/* The rows of @bound as stored, one line each, every column. */
static char *
order_rows (MusterConformance *cf,
            gint64             game,
            int                bound)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) order = muster_store_list_order (cf->store, game, bound, &error);
  g_autoptr(GString) text = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < order->len; i++)
    {
      const MusterOrderEntry *e = g_ptr_array_index (order, i);

      g_string_append_printf (text, "%d %d %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %s %s %s %s %d %s %d\n",
                              e->bound, e->place, e->character_id, e->unit_id, e->name, e->side,
                              e->card != NULL ? e->card : "-", e->faces, e->total, e->tie_faces, e->entered);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static MusterTableStep *
last_step (MusterConformance *cf,
           gint64             game)
{
  g_autoptr(GError) error = NULL;
  MusterTableStep *step = muster_store_get_last_step (cf->store, game, &error);

  g_assert_no_error (error);
  g_assert_nonnull (step);
  return step;
}

static MusterTableStep *
undo (MusterConformance *cf,
      gint64             game)
{
  g_autoptr(GError) error = NULL;
  MusterTableStep *step = muster_store_undo_last_step (cf->store, game, &error);

  g_assert_no_error (error);
  g_assert_nonnull (step);
  return step;
}

static void
assert_nothing_to_undo (MusterConformance *cf,
                        gint64             game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterTableStep) last = last_step (cf, game);

  g_assert_cmpint (last->kind, ==, MUSTER_TABLE_STEP_NONE);
  g_assert_null (muster_store_undo_last_step (cf->store, game, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_assert_nonnull (strstr (error->message, "nothing to take back"));
}

/* The first roll of a bound, taken back: the library exactly as before,
 * the bound without an order, and nothing left to take back. */
static void
test_first_roll (void)
{
  MusterConformance cf = { 0 };
  g_autoptr(GPtrArray) order = NULL;
  g_autofree char *before = NULL;
  g_autofree char *canonical_before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *canonical_after = NULL;
  gint64 men[4];
  gint64 game = sharpe_game (&cf, FALSE, men);

  before = muster_store_dump (cf.store);
  canonical_before = muster_canonical_campaign_dump (cf.store, cf.campaign);
  order = roll (&cf, game, 1, NULL);
  g_assert_cmpuint (order->len, ==, 4);
  muster_test_assert_log (cf.store, cf.campaign, "ordered", "{\"bound\":1,\"again\":false,\"previous\":[]}",
                          "Bound 1: order of play rolled");
  {
    g_autoptr(MusterTableStep) last = last_step (&cf, game);

    g_assert_cmpint (last->kind, ==, MUSTER_TABLE_STEP_ORDER);
    g_assert_cmpint (last->bound, ==, 1);
    g_assert_false (last->replaced);
  }
  {
    g_autoptr(MusterTableStep) taken = undo (&cf, game);

    g_assert_cmpint (taken->kind, ==, MUSTER_TABLE_STEP_ORDER);
    g_assert_cmpint (taken->bound, ==, 1);
    g_assert_false (taken->replaced);
  }
  after = muster_store_dump (cf.store);
  canonical_after = muster_canonical_campaign_dump (cf.store, cf.campaign);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpstr (canonical_before, ==, canonical_after);
  g_assert_cmpint (muster_store_last_bound (cf.store, game, NULL), ==, 0);
  assert_nothing_to_undo (&cf, game);
  muster_conformance_clear (&cf);
}

/* A roll that replaced an earlier roll of the same bound, taken back: the
 * earlier order is back, every column of it (faces typed in, ties broken,
 * totals), then the first roll is taken back too. */
static void
test_replaced_roll (void)
{
  MusterConformance cf = { 0 };
  g_autoptr(GHashTable) typed = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) other = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) second = NULL;
  g_autofree char *empty = NULL;
  g_autofree char *rolled = NULL;
  g_autofree char *rolled_rows = NULL;
  g_autofree char *canonical_rolled = NULL;
  g_autofree char *now = NULL;
  gint64 men[4];
  gint64 game = sharpe_game (&cf, FALSE, men);

  empty = muster_store_dump (cf.store);
  /* Ward 4 + 3, Hagman 2 + 5, Lefort 6 + 1: tied on 7, the tie dice
   * decide (000:82); Dubois 1 + 2 last. */
  g_hash_table_insert (typed, "Ward", "4");
  g_hash_table_insert (typed, "Hagman", "2");
  g_hash_table_insert (typed, "Lefort", "6");
  g_hash_table_insert (typed, "Dubois", "1");
  first = roll (&cf, game, 1, typed);
  rolled = muster_store_dump (cf.store);
  rolled_rows = order_rows (&cf, game, 1);
  canonical_rolled = muster_canonical_campaign_dump (cf.store, cf.campaign);
  g_assert_nonnull (strstr (rolled_rows, " 4 4 0 Dubois French - 1 3  1\n"));

  /* The wrong faces typed in: Dubois 6 + 2 first, then rolled. */
  g_hash_table_insert (other, "Dubois", "6");
  second = roll (&cf, game, 1, other);
  muster_test_assert_log (cf.store, cf.campaign, "ordered", "{\"bound\":1,\"again\":true}",
                          "Bound 1: order of play rolled again");
  now = order_rows (&cf, game, 1);
  g_assert_cmpstr (now, !=, rolled_rows);
  g_clear_pointer (&now, g_free);
  {
    g_autoptr(MusterTableStep) taken = undo (&cf, game);
    g_autofree char *after = muster_store_dump (cf.store);
    g_autofree char *canonical_after = muster_canonical_campaign_dump (cf.store, cf.campaign);

    g_assert_cmpint (taken->kind, ==, MUSTER_TABLE_STEP_ORDER);
    g_assert_cmpint (taken->bound, ==, 1);
    g_assert_true (taken->replaced);
    g_assert_cmpstr (rolled, ==, after);
    g_assert_cmpstr (canonical_rolled, ==, canonical_after);
  }
  now = order_rows (&cf, game, 1);
  g_assert_cmpstr (now, ==, rolled_rows);
  {
    g_autoptr(MusterTableStep) taken = undo (&cf, game);
    g_autofree char *after = muster_store_dump (cf.store);

    g_assert_false (taken->replaced);
    g_assert_cmpstr (empty, ==, after);
  }
  assert_nothing_to_undo (&cf, game);
  muster_conformance_clear (&cf);
}

/* Rolled at every bound, with hits between: each undo takes back the
 * step that came last, a roll or a hit; undo-hit leaves the rolls. */
static void
test_rolls_and_hits (void)
{
  MusterConformance cf = { 0 };
  g_autoptr(GPtrArray) one = NULL;
  g_autoptr(GPtrArray) two = NULL;
  g_autoptr(GError) error = NULL;
  MusterHitRequest request = { .location = "legs", .has_score = TRUE, .score = 4 };
  g_autoptr(MusterHit) hit = NULL;
  g_autofree char *start = NULL;
  g_autofree char *after_one = NULL;
  g_autofree char *after_hit = NULL;
  gint64 men[4];
  gint64 game = sharpe_game (&cf, TRUE, men);

  start = muster_store_dump (cf.store);
  one = roll (&cf, game, 1, NULL);
  after_one = muster_store_dump (cf.store);
  request.target_id = men[0];
  hit = muster_store_record_hit (cf.store, game, &request, &error);
  g_assert_no_error (error);
  after_hit = muster_store_dump (cf.store);
  two = roll (&cf, game, 2, NULL);

  /* The roll of bound 2 came last: the hit is under it. */
  {
    g_autoptr(MusterTableStep) taken = undo (&cf, game);
    g_autoptr(MusterTableStep) last = last_step (&cf, game);
    g_autofree char *now = muster_store_dump (cf.store);

    g_assert_cmpint (taken->kind, ==, MUSTER_TABLE_STEP_ORDER);
    g_assert_cmpint (taken->bound, ==, 2);
    g_assert_false (taken->replaced);
    g_assert_cmpint (muster_store_last_bound (cf.store, game, NULL), ==, 1);
    g_assert_cmpstr (now, ==, after_hit);
    g_assert_cmpint (last->kind, ==, MUSTER_TABLE_STEP_HIT);
  }
  /* undo-hit takes the hit, whatever was rolled after it; undo then
   * takes the roll, and the one before it. */
  g_clear_pointer (&two, g_ptr_array_unref);
  two = roll (&cf, game, 2, NULL);
  g_assert_true (muster_store_undo_hit (cf.store, game, &error));
  g_assert_no_error (error);
  {
    g_autoptr(MusterTableStep) last = last_step (&cf, game);

    g_assert_cmpint (last->kind, ==, MUSTER_TABLE_STEP_ORDER);
    g_assert_cmpint (last->bound, ==, 2);
  }
  {
    g_autoptr(MusterTableStep) taken = undo (&cf, game);
    g_autofree char *now = muster_store_dump (cf.store);

    g_assert_cmpint (taken->kind, ==, MUSTER_TABLE_STEP_ORDER);
    g_assert_cmpint (taken->bound, ==, 2);
    g_assert_cmpstr (now, ==, after_one);
  }
  {
    g_autoptr(MusterTableStep) taken = undo (&cf, game);
    g_autofree char *now = muster_store_dump (cf.store);

    g_assert_cmpint (taken->kind, ==, MUSTER_TABLE_STEP_ORDER);
    g_assert_cmpint (taken->bound, ==, 1);
    g_assert_cmpstr (now, ==, start);
  }
  assert_nothing_to_undo (&cf, game);
  muster_conformance_clear (&cf);
}

/* Small Unit Engagements: a roll by side replaced and taken back puts
 * the sides' rows back (004:11). */
static void
test_sides (void)
{
  MusterConformance cf = { 0 };
  g_autoptr(GHashTable) faces = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) second = NULL;
  g_autofree char *rolled = NULL;
  g_autofree char *rows = NULL;
  g_autofree char *now = NULL;
  gint64 forces[2], game, units[2];

  muster_conformance_init (&cf, "small-unit-engagements", 1746);
  forces[0] = muster_conformance_add_force (&cf, "British");
  forces[1] = muster_conformance_add_force (&cf, "French");
  muster_conformance_add_unit_each (&cf, forces, "Grenadiers", units);
  game = start_game (&cf, NULL, 0, units, 2, FALSE);
  g_hash_table_insert (faces, "British", "6");
  g_hash_table_insert (faces, "French", "1");
  first = roll (&cf, game, 1, faces);
  g_assert_cmpstr (((MusterOrderEntry *) g_ptr_array_index (first, 0))->side, ==, "British");
  rolled = muster_store_dump (cf.store);
  rows = order_rows (&cf, game, 1);
  g_hash_table_insert (faces, "British", "1");
  g_hash_table_insert (faces, "French", "6");
  second = roll (&cf, game, 1, faces);
  g_assert_cmpstr (((MusterOrderEntry *) g_ptr_array_index (second, 0))->side, ==, "French");
  {
    g_autoptr(MusterTableStep) taken = undo (&cf, game);
    g_autofree char *after = muster_store_dump (cf.store);

    g_assert_cmpint (taken->kind, ==, MUSTER_TABLE_STEP_ORDER);
    g_assert_true (taken->replaced);
    g_assert_cmpstr (rolled, ==, after);
  }
  now = order_rows (&cf, game, 1);
  g_assert_cmpstr (now, ==, rows);
  muster_conformance_clear (&cf);
}

/* Through a campaign file and back, the rolls' entries keep the orders
 * they replaced, their men mapped to the copy's: taking back the roll in
 * the copy does what it does in the original. */
static void
test_exchange (void)
{
  MusterConformance cf = { 0 };
  g_autoptr(MusterStore) fresh = muster_test_open_store (NULL);
  g_autoptr(GHashTable) faces = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) second = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *again = NULL;
  g_autofree char *original = NULL;
  g_autofree char *copied = NULL;
  gint64 men[4], copy, copy_game;
  gint64 game = sharpe_game (&cf, FALSE, men);

  g_hash_table_insert (faces, "Ward", "6");
  first = roll (&cf, game, 1, faces);
  g_hash_table_insert (faces, "Ward", "1");
  g_hash_table_insert (faces, "Lefort", "6");
  second = roll (&cf, game, 1, faces);
  original = muster_canonical_campaign_dump (cf.store, cf.campaign);
  g_assert_nonnull (strstr (original, "ordered"));

  data = export_campaign (cf.store, cf.campaign);
  copy = muster_exchange_import_data (fresh, data, strlen (data), "order.muster", 0, NULL, &error);
  g_assert_no_error (error);
  copied = muster_canonical_campaign_dump (fresh, copy);
  g_assert_cmpstr (original, ==, copied);
  again = export_campaign (fresh, copy);
  g_assert_cmpstr (data, ==, again);

  /* Taken back on both sides: the same library again. */
  {
    g_autoptr(MusterTableStep) taken = undo (&cf, game);

    g_assert_true (taken->replaced);
  }
  {
    g_autoptr(MusterGame) found = muster_store_find_game (fresh, copy, "1", &error);

    g_assert_no_error (error);
    copy_game = muster_game_get_id (found);
  }
  {
    g_autoptr(MusterTableStep) taken = muster_store_undo_last_step (fresh, copy_game, &error);

    g_assert_no_error (error);
    g_assert_cmpint (taken->kind, ==, MUSTER_TABLE_STEP_ORDER);
    g_assert_true (taken->replaced);
  }
  g_clear_pointer (&original, g_free);
  g_clear_pointer (&copied, g_free);
  original = muster_canonical_campaign_dump (cf.store, cf.campaign);
  copied = muster_canonical_campaign_dump (fresh, copy);
  g_assert_cmpstr (original, ==, copied);
  g_assert_nonnull (strstr (copied, "Ward"));
  muster_conformance_clear (&cf);
}

/* A roll whose entry does not say the order it replaced (a file written
 * by hand) is not taken back, and nothing changes; a roll made before
 * rolls were logged is not seen. */
static void
test_unlogged (void)
{
  MusterConformance cf = { 0 };
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 men[4];
  gint64 game = sharpe_game (&cf, FALSE, men);
  sqlite3 *db = muster_store_get_db (cf.store);

  first = roll (&cf, game, 1, NULL);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE log_entry SET args = json_remove (args, '$.previous') "
                                 "WHERE kind = 'ordered'", NULL, NULL, NULL), ==, SQLITE_OK);
  before = muster_store_dump (cf.store);
  g_assert_null (muster_store_undo_last_step (cf.store, game, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_assert_nonnull (strstr (error->message, "bound 1"));
  after = muster_store_dump (cf.store);
  g_assert_cmpstr (before, ==, after);

  g_assert_cmpint (sqlite3_exec (db, "DELETE FROM log_entry WHERE kind = 'ordered'", NULL, NULL, NULL), ==,
                   SQLITE_OK);
  assert_nothing_to_undo (&cf, game);
  g_assert_cmpint (muster_store_last_bound (cf.store, game, NULL), ==, 1);
  muster_conformance_clear (&cf);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/table/undo-order/first-roll", test_first_roll);
  g_test_add_func ("/table/undo-order/replaced-roll", test_replaced_roll);
  g_test_add_func ("/table/undo-order/rolls-and-hits", test_rolls_and_hits);
  g_test_add_func ("/table/undo-order/sides", test_sides);
  g_test_add_func ("/table/undo-order/exchange", test_exchange);
  g_test_add_func ("/table/undo-order/unlogged", test_unlogged);

  return g_test_run ();
}
