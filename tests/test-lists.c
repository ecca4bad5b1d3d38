/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-lists"

#include "config.h"

#include <string.h>

#include <glib.h>
#include <sqlite3.h>

#include "muster-character.h"
#include "muster-force.h"
#include "muster-recruit.h"
#include "muster-roster-model.h"
#include "muster-sort-filter-model.h"
#include "muster-store.h"
#include "muster-store-test-util.h"
#include "muster-test-util.h"

/* The lists under the roster: the campaign's characters kept by id as the
 * store changes, and the model that sorts and filters them in memory. */

typedef struct {
  guint calls;
  guint position;
  guint removed;
  guint added;
} ItemsChanged;

static void
items_changed_cb (GListModel   *model,
                  guint         position,
                  guint         removed,
                  guint         added,
                  ItemsChanged *seen)
{
  seen->calls++;
  seen->position = position;
  seen->removed = removed;
  seen->added = added;
}

/* The objects of @model, in order. */
static GPtrArray *
objects_of (GListModel *model)
{
  GPtrArray *objects = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    g_ptr_array_add (objects, g_list_model_get_item (model, i));
  return objects;
}

static MusterCharacter *
character_new (gint64      id,
               const char *name,
               int         kills)
{
  MusterCharacterRow row = { 0 };

  row.id = id;
  row.name = name;
  row.troop_type = "line";
  row.kills = kills;
  return muster_character_new (&row);
}

static const char *
name_at (GListModel *model,
         guint       position)
{
  g_autoptr(MusterCharacter) character = g_list_model_get_item (model, position);

  return muster_character_get_name (character);
}

static const char *
by_name (gpointer item,
         gpointer user_data)
{
  return muster_character_get_sort_key (item, MUSTER_CHARACTER_KEY_NAME);
}

static int
by_kills (gpointer item,
          gpointer user_data)
{
  return muster_character_get_kills (item);
}

/* What the roster shows: a force (0: all) and a search, folded. */
typedef struct {
  gint64  force_id;
  char   *search;
} Filter;

static gboolean
filter_match (gpointer item,
              gpointer user_data)
{
  Filter *filter = user_data;

  return (filter->force_id == 0 || muster_character_get_force_id (item) == filter->force_id) &&
         muster_character_matches (item, filter->search);
}

static void
set_search (MusterSortFilterModel *shown,
            Filter                *filter,
            const char            *text)
{
  g_free (filter->search);
  filter->search = muster_search_fold (text);
  muster_sort_filter_model_refilter (shown);
}

/* --- Sorting and filtering in memory -------------------------------------- */

static void
test_sort_filter (void)
{
  g_autoptr(GListStore) source = g_list_store_new (MUSTER_TYPE_CHARACTER);
  g_autoptr(MusterSortFilterModel) shown = NULL;
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) after = NULL;
  g_autoptr(MusterCharacter) extra = NULL;
  const char *names[] = { "Patrick Harper", "emile Dubois", "richard Sharpe", "Ben Perkins", "Dan Hagman" };
  int kills[] = { 3, 1, 3, 0, 1 };
  ItemsChanged seen = { 0 };
  Filter filter = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(MusterCharacter) character = character_new (i + 1, names[i], kills[i]);

      g_list_store_append (source, character);
    }
  shown = muster_sort_filter_model_new (G_LIST_MODEL (source));
  g_assert_true (muster_sort_filter_model_get_source (shown) == G_LIST_MODEL (source));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (shown)), ==, 5);
  g_assert_cmpstr (name_at (G_LIST_MODEL (shown), 0), ==, "Patrick Harper");
  g_signal_connect (shown, "items-changed", G_CALLBACK (items_changed_cb), &seen);

  /* By name, case aside. */
  muster_sort_filter_model_sort_by_text (shown, by_name, NULL, FALSE);
  g_assert_cmpuint (seen.calls, ==, 1);
  g_assert_cmpstr (name_at (G_LIST_MODEL (shown), 0), ==, "Ben Perkins");
  g_assert_cmpstr (name_at (G_LIST_MODEL (shown), 1), ==, "Dan Hagman");
  g_assert_cmpstr (name_at (G_LIST_MODEL (shown), 2), ==, "emile Dubois");
  g_assert_cmpstr (name_at (G_LIST_MODEL (shown), 3), ==, "Patrick Harper");
  g_assert_cmpstr (name_at (G_LIST_MODEL (shown), 4), ==, "richard Sharpe");

  /* By kills, the most first; equal ones keep the source's order, both
   * ways. */
  muster_sort_filter_model_sort_by_number (shown, by_kills, NULL, TRUE);
  g_assert_cmpstr (name_at (G_LIST_MODEL (shown), 0), ==, "Patrick Harper");
  g_assert_cmpstr (name_at (G_LIST_MODEL (shown), 1), ==, "richard Sharpe");
  g_assert_cmpstr (name_at (G_LIST_MODEL (shown), 2), ==, "emile Dubois");
  g_assert_cmpstr (name_at (G_LIST_MODEL (shown), 3), ==, "Dan Hagman");
  g_assert_cmpstr (name_at (G_LIST_MODEL (shown), 4), ==, "Ben Perkins");
  muster_sort_filter_model_sort_by_number (shown, by_kills, NULL, FALSE);
  g_assert_cmpstr (name_at (G_LIST_MODEL (shown), 0), ==, "Ben Perkins");
  g_assert_cmpstr (name_at (G_LIST_MODEL (shown), 1), ==, "emile Dubois");
  g_assert_cmpstr (name_at (G_LIST_MODEL (shown), 2), ==, "Dan Hagman");
  g_assert_cmpstr (name_at (G_LIST_MODEL (shown), 3), ==, "Patrick Harper");
  g_assert_cmpstr (name_at (G_LIST_MODEL (shown), 4), ==, "richard Sharpe");

  /* The same order again says nothing. */
  seen.calls = 0;
  muster_sort_filter_model_sort_by_number (shown, by_kills, NULL, FALSE);
  g_assert_cmpuint (seen.calls, ==, 0);

  /* A search keeps the objects and tells only about the rows between the
   * first and the last that changed: Perkins and Dubois go. */
  before = objects_of (G_LIST_MODEL (shown));
  muster_sort_filter_model_set_filter (shown, filter_match, &filter);
  g_assert_cmpuint (seen.calls, ==, 0);
  set_search (shown, &filter, "  A ");
  g_assert_cmpuint (seen.calls, ==, 1);
  g_assert_cmpuint (seen.position, ==, 0);
  g_assert_cmpuint (seen.removed, ==, 2);
  g_assert_cmpuint (seen.added, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (shown)), ==, 3);
  after = objects_of (G_LIST_MODEL (shown));
  g_assert_true (g_ptr_array_index (after, 0) == g_ptr_array_index (before, 2));
  g_assert_true (g_ptr_array_index (after, 1) == g_ptr_array_index (before, 3));
  g_assert_true (g_ptr_array_index (after, 2) == g_ptr_array_index (before, 4));
  g_assert_cmpuint (muster_sort_filter_model_find (shown, g_ptr_array_index (before, 3)), ==, 1);
  g_assert_cmpuint (muster_sort_filter_model_find (shown, g_ptr_array_index (before, 1)), ==, G_MAXUINT);

  /* Case is folded; a search matching nothing empties it. */
  set_search (shown, &filter, "EMILE");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (shown)), ==, 1);
  set_search (shown, &filter, "%");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (shown)), ==, 0);

  /* All again: the very objects of before. */
  seen.calls = 0;
  set_search (shown, &filter, NULL);
  g_assert_cmpuint (seen.calls, ==, 1);
  g_clear_pointer (&after, g_ptr_array_unref);
  after = objects_of (G_LIST_MODEL (shown));
  g_assert_cmpuint (after->len, ==, before->len);
  for (guint i = 0; i < after->len; i++)
    g_assert_true (g_ptr_array_index (after, i) == g_ptr_array_index (before, i));

  /* A change in the source lands where the order puts it. */
  seen.calls = 0;
  extra = character_new (6, "Ramona Harper", 2);
  g_list_store_append (source, extra);
  g_assert_cmpuint (seen.calls, ==, 1);
  g_assert_cmpuint (seen.position, ==, 3);
  g_assert_cmpuint (seen.removed, ==, 0);
  g_assert_cmpuint (seen.added, ==, 1);
  g_assert_cmpstr (name_at (G_LIST_MODEL (shown), 3), ==, "Ramona Harper");
  g_list_store_remove (source, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (shown)), ==, 5);
  g_assert_cmpuint (muster_sort_filter_model_find (shown, g_ptr_array_index (before, 3)), ==, G_MAXUINT);

  g_free (filter.search);
}

/* --- Orders kept, either way, until the source changes -------------------- */

typedef struct {
  const char *name;
  gboolean    text;
  int         key;    /* a MusterCharacterKey, or what number_of() reads */
} SortColumn;

enum { BY_KILLS, BY_GAMES, BY_F };

static const SortColumn sort_columns[] = {
  { "name", TRUE, MUSTER_CHARACTER_KEY_NAME },
  { "force", TRUE, MUSTER_CHARACTER_KEY_FORCE_NAME },
  { "troop type", TRUE, MUSTER_CHARACTER_KEY_TROOP_TYPE },
  { "weapon", TRUE, MUSTER_CHARACTER_KEY_WEAPON },
  { "kills", FALSE, BY_KILLS },
  { "games", FALSE, BY_GAMES },
  { "F", FALSE, BY_F },
};

static const char *
column_text (gpointer item,
             gpointer user_data)
{
  const SortColumn *column = user_data;

  return muster_character_get_sort_key (item, column->key);
}

static int
column_number (gpointer item,
               gpointer user_data)
{
  const SortColumn *column = user_data;
  int value = -1;

  switch (column->key)
    {
    case BY_KILLS:
      return muster_character_get_kills (item);
    case BY_GAMES:
      return muster_character_get_games (item);
    default:
      muster_character_get_stat (item, "F", &value);
      return value;
    }
}

typedef struct {
  const SortColumn *column;
  gboolean          descending;
  GPtrArray        *source;
} Expected;

/* How @column's keys of @x and @y compare, up. */
static int
compare_keys (const SortColumn *column,
              gpointer          x,
              gpointer          y)
{
  int p, q;

  if (column->text)
    return strcmp (column_text (x, (gpointer) column), column_text (y, (gpointer) column));
  p = column_number (x, (gpointer) column);
  q = column_number (y, (gpointer) column);
  return (p > q) - (p < q);
}

/* The order asked for, made from scratch: by the key, or by it reversed,
 * equal keys in the source's order both ways. */
static int
compare_expected (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  const Expected *expected = user_data;
  guint p = *(const guint *) a, q = *(const guint *) b;
  int result = compare_keys (expected->column, g_ptr_array_index (expected->source, p),
                             g_ptr_array_index (expected->source, q));

  if (expected->descending)
    result = -result;
  return result != 0 ? result : (p > q) - (p < q);
}

static void
sort_shown (MusterSortFilterModel *shown,
            const SortColumn      *column,
            gboolean               descending)
{
  if (column->text)
    muster_sort_filter_model_sort_by_text (shown, column_text, (gpointer) column, descending);
  else
    muster_sort_filter_model_sort_by_number (shown, column_number, (gpointer) column, descending);
}

/* Sorts @shown by every column, up and down, then again in another
 * order (the orders kept this time), each time checking the rows
 * against an order made from scratch. */
static void
assert_every_order (MusterSortFilterModel *shown,
                    GListModel            *source)
{
  g_autoptr(GPtrArray) objects = objects_of (source);
  guint n = objects->len;

  for (guint pass = 0; pass < 2; pass++)
    for (guint c = 0; c < G_N_ELEMENTS (sort_columns); c++)
      for (guint way = 0; way < 2; way++)
        {
          const SortColumn *column = &sort_columns[pass == 0 ? c : G_N_ELEMENTS (sort_columns) - 1 - c];
          gboolean descending = pass == 0 ? way == 1 : way == 0;
          Expected expected = { column, descending, objects };
          g_autoptr(GArray) positions = g_array_sized_new (FALSE, FALSE, sizeof (guint), n);
          g_autoptr(GPtrArray) rows = NULL;

          for (guint i = 0; i < n; i++)
            g_array_append_val (positions, i);
          g_array_sort_with_data (positions, compare_expected, &expected);
          sort_shown (shown, column, descending);
          rows = objects_of (G_LIST_MODEL (shown));
          g_test_message ("by %s, %s", column->name, descending ? "down" : "up");
          g_assert_cmpuint (rows->len, ==, n);
          for (guint i = 0; i < n; i++)
            g_assert_true (g_ptr_array_index (rows, i) ==
                           g_ptr_array_index (objects, g_array_index (positions, guint, i)));
        }
}

/* The sample campaign, and forty voltigeurs recruited into its French
 * force (@french, their ids in @ids). */
static gint64
campaign_with_recruits (MusterStore  *store,
                        MusterForce **french,
                        GArray      **ids)
{
  g_autoptr(GError) error = NULL;
  gint64 campaign = muster_store_create_sample (store, NULL, &error);

  g_assert_no_error (error);
  *french = muster_store_find_force (store, campaign, "Voltigeurs, 66e de Ligne", &error);
  g_assert_no_error (error);
  *ids = muster_store_recruit (store, muster_force_get_id (*french), "voltigeur", NULL, NULL, 40, &error);
  g_assert_no_error (error);
  return campaign;
}

static void
test_sort_orders (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRosterModel) model = NULL;
  g_autoptr(MusterSortFilterModel) shown = NULL;
  g_autoptr(MusterForce) french = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(MusterCharacter) first = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  gint64 campaign, renamed;
  guint last;

  /* The sample's men, and forty more of a few troop types: many equal
   * keys, whose order must hold both ways. */
  campaign = campaign_with_recruits (store, &french, &ids);
  model = muster_roster_model_new (store, campaign);
  shown = muster_sort_filter_model_new (G_LIST_MODEL (model));
  assert_every_order (shown, G_LIST_MODEL (model));

  /* A character changed in the store, by id, and the orders kept are
   * made again: renamed to come first by name, his F and kills raised. */
  renamed = g_array_index (ids, gint64, 17);
  g_assert_true (muster_store_set_character_text (store, renamed, "name", "Aaron Aardvark", &error));
  g_assert_no_error (error);
  g_assert_true (muster_store_set_character_stat (store, renamed, "F", 6, &error));
  g_assert_no_error (error);
  sort_shown (shown, &sort_columns[0], FALSE);
  first = g_list_model_get_item (G_LIST_MODEL (shown), 0);
  g_assert_cmpint (muster_character_get_id (first), ==, renamed);
  g_clear_object (&first);
  sort_shown (shown, &sort_columns[0], TRUE);
  last = g_list_model_get_n_items (G_LIST_MODEL (shown)) - 1;
  first = g_list_model_get_item (G_LIST_MODEL (shown), last);
  g_assert_cmpint (muster_character_get_id (first), ==, renamed);
  assert_every_order (shown, G_LIST_MODEL (model));

  /* Two recruits added, and one of the sample deleted. */
  g_clear_pointer (&ids, g_array_unref);
  ids = muster_store_recruit (store, muster_force_get_id (french), "line", NULL, NULL, 2, &error);
  g_assert_no_error (error);
  undo = muster_store_delete_character (store, renamed, &error);
  g_assert_no_error (error);
  g_assert_nonnull (undo);
  assert_every_order (shown, G_LIST_MODEL (model));
}

/* A key function reading what the items do not hold: the order kept is
 * made again only when asked to. */
static gint64
id_at (GListModel *model,
       guint       position)
{
  g_autoptr(MusterCharacter) character = g_list_model_get_item (model, position);

  return muster_character_get_id (character);
}

static int
kills_or_reversed (gpointer item,
                   gpointer user_data)
{
  gboolean *reversed = user_data;

  return *reversed ? -muster_character_get_kills (item) : muster_character_get_kills (item);
}

static void
test_sort_keys_changed (void)
{
  g_autoptr(GListStore) source = g_list_store_new (MUSTER_TYPE_CHARACTER);
  g_autoptr(MusterSortFilterModel) shown = NULL;
  gboolean reversed = FALSE;

  for (guint i = 0; i < 4; i++)
    {
      g_autoptr(MusterCharacter) character = character_new (i + 1, "Someone", (int) (i * 7) % 4);

      g_list_store_append (source, character);
    }
  shown = muster_sort_filter_model_new (G_LIST_MODEL (source));
  muster_sort_filter_model_sort_by_number (shown, kills_or_reversed, &reversed, FALSE);
  g_assert_cmpint (id_at (G_LIST_MODEL (shown), 0), ==, 1);
  reversed = TRUE;
  muster_sort_filter_model_sort_by_number (shown, kills_or_reversed, &reversed, TRUE);
  muster_sort_filter_model_sort_by_number (shown, kills_or_reversed, &reversed, FALSE);
  /* The order kept, of kills up. */
  g_assert_cmpint (id_at (G_LIST_MODEL (shown), 0), ==, 1);
  muster_sort_filter_model_keys_changed (shown);
  /* Kills 0, 3, 2, 1: the most first now. */
  g_assert_cmpint (id_at (G_LIST_MODEL (shown), 0), ==, 2);
}

/* --- Sorting by more than one key ------------------------------------------ */

typedef struct {
  const SortColumn *columns[4];
  gboolean          descending[4];
  guint             n;
  GPtrArray        *source;
} Chain;

/* The order by a chain of keys, made from scratch: by the first key, up
 * or down, ties by the next, and so on; then by the source's order. */
static int
compare_chained (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  const Chain *chain = user_data;
  guint p = *(const guint *) a, q = *(const guint *) b;

  for (guint k = 0; k < chain->n; k++)
    {
      int result = compare_keys (chain->columns[k], g_ptr_array_index (chain->source, p),
                                 g_ptr_array_index (chain->source, q));

      if (result != 0)
        return chain->descending[k] ? -result : result;
    }
  return (p > q) - (p < q);
}

/* Sorts @shown by random chains of one to four keys, each up or down,
 * checking the rows against an order made from scratch. */
static void
assert_chained_orders (MusterSortFilterModel *shown,
                       GListModel            *source,
                       GRand                 *rand,
                       guint                  rounds)
{
  g_autoptr(GPtrArray) objects = objects_of (source);
  guint n = objects->len;

  for (guint round = 0; round < rounds; round++)
    {
      Chain chain = { { NULL }, { FALSE }, (guint) g_rand_int_range (rand, 1, 5), objects };
      MusterSortKey keys[4];
      g_autoptr(GArray) positions = g_array_sized_new (FALSE, FALSE, sizeof (guint), n);
      g_autoptr(GPtrArray) rows = NULL;
      g_autoptr(GString) said = g_string_new ("by");

      for (guint k = 0; k < chain.n; k++)
        {
          const SortColumn *column = &sort_columns[g_rand_int_range (rand, 0, G_N_ELEMENTS (sort_columns))];

          chain.columns[k] = column;
          chain.descending[k] = g_rand_boolean (rand);
          keys[k] = (MusterSortKey) { column->text ? column_text : NULL, column->text ? NULL : column_number,
                                      (gpointer) column, chain.descending[k] };
          g_string_append_printf (said, " %s %s,", column->name, chain.descending[k] ? "down" : "up");
        }
      for (guint i = 0; i < n; i++)
        g_array_append_val (positions, i);
      g_array_sort_with_data (positions, compare_chained, &chain);
      muster_sort_filter_model_sort_by_keys (shown, keys, chain.n);
      rows = objects_of (G_LIST_MODEL (shown));
      g_test_message ("%s", said->str);
      g_assert_cmpuint (rows->len, ==, n);
      for (guint i = 0; i < n; i++)
        g_assert_true (g_ptr_array_index (rows, i) ==
                       g_ptr_array_index (objects, g_array_index (positions, guint, i)));
    }
}

static void
test_sort_by_keys (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRosterModel) model = NULL;
  g_autoptr(MusterSortFilterModel) shown = NULL;
  g_autoptr(MusterForce) french = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (15);
  g_autoptr(MusterUndo) undo = NULL;
  const SortColumn *force = &sort_columns[1], *name = &sort_columns[0];
  MusterSortKey force_then_name[] = {
    { column_text, NULL, (gpointer) force, FALSE },
    { column_text, NULL, (gpointer) name, FALSE },
  };
  guint n;

  campaign_with_recruits (store, &french, &ids);
  model = muster_roster_model_new (store, muster_force_get_campaign_id (french));
  shown = muster_sort_filter_model_new (G_LIST_MODEL (model));

  /* By force, and within a force by name: the names of a force in
   * order, whatever order they were recruited in. */
  muster_sort_filter_model_sort_by_keys (shown, force_then_name, G_N_ELEMENTS (force_then_name));
  n = g_list_model_get_n_items (G_LIST_MODEL (shown));
  g_assert_cmpuint (n, >, 40);
  for (guint i = 1; i < n; i++)
    {
      g_autoptr(MusterCharacter) before = g_list_model_get_item (G_LIST_MODEL (shown), i - 1);
      g_autoptr(MusterCharacter) after = g_list_model_get_item (G_LIST_MODEL (shown), i);
      int by_force = strcmp (column_text (before, (gpointer) force), column_text (after, (gpointer) force));

      g_assert_cmpint (by_force, <=, 0);
      if (by_force == 0)
        g_assert_cmpint (strcmp (column_text (before, (gpointer) name), column_text (after, (gpointer) name)), <=, 0);
    }
  /* The force the other way: the names within it still up. */
  force_then_name[0].descending = TRUE;
  muster_sort_filter_model_sort_by_keys (shown, force_then_name, G_N_ELEMENTS (force_then_name));
  {
    g_autoptr(MusterCharacter) first = g_list_model_get_item (G_LIST_MODEL (shown), 0);
    g_autoptr(MusterCharacter) second = g_list_model_get_item (G_LIST_MODEL (shown), 1);

    g_assert_cmpint (strcmp (column_text (first, (gpointer) force), column_text (second, (gpointer) force)), >=, 0);
  }

  assert_chained_orders (shown, G_LIST_MODEL (model), rand, 60);

  /* The same after the store changed: a rename, recruits, a delete. */
  g_assert_true (muster_store_set_character_text (store, g_array_index (ids, gint64, 3), "name", "Zacharie Zed", &error));
  g_assert_no_error (error);
  assert_chained_orders (shown, G_LIST_MODEL (model), rand, 20);
  g_clear_pointer (&ids, g_array_unref);
  ids = muster_store_recruit (store, muster_force_get_id (french), "line", NULL, NULL, 5, &error);
  g_assert_no_error (error);
  undo = muster_store_delete_character (store, g_array_index (ids, gint64, 0), &error);
  g_assert_no_error (error);
  assert_chained_orders (shown, G_LIST_MODEL (model), rand, 20);

  /* No keys: the source's order again. */
  muster_sort_filter_model_sort_by_keys (shown, NULL, 0);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (model)); i++)
    {
      g_autoptr(GObject) ours = g_list_model_get_item (G_LIST_MODEL (shown), i);
      g_autoptr(GObject) theirs = g_list_model_get_item (G_LIST_MODEL (model), i);

      g_assert_true (ours == theirs);
    }
}

/* A key after one that no two items share is never asked for. */
static int
counted_kills (gpointer item,
               gpointer user_data)
{
  guint *calls = user_data;

  (*calls)++;
  return muster_character_get_kills (item);
}

static int
by_id (gpointer item,
       gpointer user_data)
{
  return (int) muster_character_get_id (item);
}

static void
test_sort_by_keys_unasked (void)
{
  g_autoptr(GListStore) source = g_list_store_new (MUSTER_TYPE_CHARACTER);
  g_autoptr(MusterSortFilterModel) shown = NULL;
  guint calls = 0;
  MusterSortKey keys[] = {
    { NULL, by_id, NULL, TRUE },
    { NULL, counted_kills, &calls, FALSE },
  };

  for (guint i = 0; i < 5; i++)
    {
      g_autoptr(MusterCharacter) character = character_new (i + 1, "Someone", (int) i % 2);

      g_list_store_append (source, character);
    }
  shown = muster_sort_filter_model_new (G_LIST_MODEL (source));
  muster_sort_filter_model_sort_by_keys (shown, keys, G_N_ELEMENTS (keys));
  g_assert_cmpuint (calls, ==, 0);
  g_assert_cmpint (id_at (G_LIST_MODEL (shown), 0), ==, 5);
  g_assert_cmpint (id_at (G_LIST_MODEL (shown), 4), ==, 1);

  /* Kills first, ids down within: asked once per item. */
  keys[0] = (MusterSortKey) { NULL, counted_kills, &calls, FALSE };
  keys[1] = (MusterSortKey) { NULL, by_id, NULL, TRUE };
  muster_sort_filter_model_sort_by_keys (shown, keys, G_N_ELEMENTS (keys));
  g_assert_cmpuint (calls, ==, 5);
  /* Kills 0, 1, 0, 1, 0: the ids with none, the most first, then the others. */
  g_assert_cmpint (id_at (G_LIST_MODEL (shown), 0), ==, 5);
  g_assert_cmpint (id_at (G_LIST_MODEL (shown), 1), ==, 3);
  g_assert_cmpint (id_at (G_LIST_MODEL (shown), 2), ==, 1);
  g_assert_cmpint (id_at (G_LIST_MODEL (shown), 3), ==, 4);
  g_assert_cmpint (id_at (G_LIST_MODEL (shown), 4), ==, 2);
}

/* What a view sees of the changes: each replayed on a copy of the rows
 * as they come, with the kept item never among the rows a change removes
 * while it is shown before and after. */
typedef struct {
  GPtrArray *mirror;
  gpointer   kept;
  guint      calls;
  guint      kept_removed;
} Replay;

static void
replay_cb (GListModel *model,
           guint       position,
           guint       removed,
           guint       added,
           Replay     *replay)
{
  g_assert_cmpuint (position + removed, <=, replay->mirror->len);
  for (guint i = position; i < position + removed; i++)
    if (g_ptr_array_index (replay->mirror, i) == replay->kept)
      replay->kept_removed++;
  g_ptr_array_remove_range (replay->mirror, position, removed);
  for (guint i = 0; i < added; i++)
    {
      g_ptr_array_insert (replay->mirror, (int) (position + i), g_list_model_get_item (model, position + i));
    }
  g_assert_cmpuint (replay->mirror->len, ==, g_list_model_get_n_items (model));
  replay->calls++;
}

static void
assert_replayed (MusterSortFilterModel *shown,
                 Replay                *replay)
{
  g_autoptr(GPtrArray) now = objects_of (G_LIST_MODEL (shown));

  g_assert_cmpuint (replay->mirror->len, ==, now->len);
  for (guint i = 0; i < now->len; i++)
    g_assert_true (g_ptr_array_index (replay->mirror, i) == g_ptr_array_index (now, i));
}

/* A new order moves the kept item (the one a view's selection keeps)
 * without a change removing it: GTK's selections then need not look for
 * it among every row. Whatever moves, the views see every row. */
static void
test_sort_filter_kept (void)
{
  g_autoptr(GListStore) source = g_list_store_new (MUSTER_TYPE_CHARACTER);
  g_autoptr(MusterSortFilterModel) shown = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (1809);
  g_autoptr(GPtrArray) mirror = NULL;
  Filter filter = { 0 };
  Replay replay = { 0 };
  guint moved = 0;

  for (guint i = 0; i < 300; i++)
    {
      g_autofree char *name = g_strdup_printf ("Man %03u", g_rand_int_range (rand, 0, 1000));
      g_autoptr(MusterCharacter) character = character_new (i + 1, name, g_rand_int_range (rand, 0, 6));

      g_list_store_append (source, character);
    }
  shown = muster_sort_filter_model_new (G_LIST_MODEL (source));
  filter.search = muster_search_fold ("");
  muster_sort_filter_model_set_filter (shown, filter_match, &filter);
  mirror = objects_of (G_LIST_MODEL (shown));
  replay.mirror = g_ptr_array_ref (mirror);
  g_signal_connect (shown, "items-changed", G_CALLBACK (replay_cb), &replay);

  for (guint round = 0; round < 40; round++)
    {
      g_autoptr(GObject) kept = g_list_model_get_item (G_LIST_MODEL (shown),
          (guint) g_rand_int_range (rand, 0, (int) g_list_model_get_n_items (G_LIST_MODEL (shown))));
      guint was = muster_sort_filter_model_find (shown, kept), calls = replay.calls;
      gboolean descending = g_rand_boolean (rand);

      muster_sort_filter_model_set_kept (shown, kept);
      replay.kept = kept;
      switch (round % 3)
        {
        case 0:
          muster_sort_filter_model_sort_by_text (shown, by_name, NULL, descending);
          break;
        case 1:
          muster_sort_filter_model_sort_by_number (shown, by_kills, NULL, descending);
          break;
        default:
          muster_sort_filter_model_sort_by_text (shown, NULL, NULL, FALSE);
          break;
        }
      assert_replayed (shown, &replay);
      g_assert_cmpuint (replay.kept_removed, ==, 0);
      g_assert_cmpuint (replay.calls - calls, <=, 2);
      if (muster_sort_filter_model_find (shown, kept) != was)
        moved++;

      /* A filter that hides it: told in one change, as any other. */
      if (round % 10 == 9)
        {
          replay.kept = NULL;
          set_search (shown, &filter, "Man 9");
          assert_replayed (shown, &replay);
          set_search (shown, &filter, "");
          assert_replayed (shown, &replay);
        }
    }
  g_assert_cmpuint (moved, >, 20);

  muster_sort_filter_model_set_kept (shown, NULL);
  replay.kept = NULL;
  muster_sort_filter_model_sort_by_number (shown, by_kills, NULL, FALSE);
  assert_replayed (shown, &replay);
  g_signal_handlers_disconnect_by_func (shown, replay_cb, &replay);
  g_ptr_array_unref (replay.mirror);
  g_free (filter.search);
}

/* --- The roster model ------------------------------------------------------ */

static void
test_roster_model (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRosterModel) model = NULL;
  g_autoptr(MusterSortFilterModel) shown = NULL;
  g_autoptr(MusterCharacter) item = NULL;
  g_autoptr(MusterForce) french = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) after = NULL;
  ItemsChanged seen = { 0 };
  Filter filter = { 0 };
  gint64 campaign, other;

  campaign = muster_store_create_sample (store, NULL, &error);
  g_assert_no_error (error);
  other = make_campaign (store, "Elsewhere");
  make_character (store, make_force (store, other, "Somebody", NULL), "Patrick Nolan", "line", NULL, 6);

  model = muster_roster_model_new (store, campaign);
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (model)) == MUSTER_TYPE_CHARACTER);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 24);
  g_assert_false (muster_roster_model_is_loading (model));
  shown = muster_sort_filter_model_new (G_LIST_MODEL (model));
  muster_sort_filter_model_set_filter (shown, filter_match, &filter);

  /* What the roster's search finds: name, troop type and weapon (three
   * riflemen and their officer), force; the text as typed. */
  set_search (shown, &filter, "Nolan");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (shown)), ==, 1);
  item = g_list_model_get_item (G_LIST_MODEL (shown), 0);
  g_assert_cmpstr (muster_character_get_name (item), ==, "Patrick Nolan");
  g_assert_cmpint (muster_character_get_campaign_id (item), ==, campaign);
  g_assert_true (muster_roster_model_lookup (model, muster_character_get_id (item)) == item);
  g_clear_object (&item);
  set_search (shown, &filter, "RIFLE");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (shown)), ==, 4);
  set_search (shown, &filter, "66e");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (shown)), ==, 11);
  set_search (shown, &filter, "_");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (shown)), ==, 0);
  set_search (shown, &filter, "  ");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (shown)), ==, 24);

  french = muster_store_find_force (store, campaign, "Voltigeurs, 66e de Ligne", &error);
  g_assert_no_error (error);
  filter.force_id = muster_force_get_id (french);
  muster_sort_filter_model_refilter (shown);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (shown)), ==, 11);
  set_search (shown, &filter, "chasseur");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (shown)), ==, 2);
  filter.force_id = 0;
  set_search (shown, &filter, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (shown)), ==, 24);

  /* A change in the store reads the roster again but keeps, by id, every
   * character whose row is unchanged: two recruits are two rows added. */
  g_signal_connect (model, "items-changed", G_CALLBACK (items_changed_cb), &seen);
  before = objects_of (G_LIST_MODEL (model));
  ids = muster_store_recruit (store, muster_force_get_id (french), "voltigeur", NULL, NULL, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 26);
  g_assert_cmpuint (seen.calls, ==, 1);
  g_assert_cmpuint (seen.position, ==, 24);
  g_assert_cmpuint (seen.removed, ==, 0);
  g_assert_cmpuint (seen.added, ==, 2);
  after = objects_of (G_LIST_MODEL (model));
  for (guint i = 0; i < before->len; i++)
    g_assert_true (g_ptr_array_index (after, i) == g_ptr_array_index (before, i));

  /* One character changed: his row alone, a new object. */
  seen.calls = 0;
  item = g_list_model_get_item (G_LIST_MODEL (model), 3);
  g_assert_true (muster_store_set_character_stat (store, muster_character_get_id (item), "I", 1, &error) ||
                 muster_store_set_character_stat (store, muster_character_get_id (item), "I", 2, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (seen.calls, ==, 1);
  g_assert_cmpuint (seen.position, ==, 3);
  g_assert_cmpuint (seen.removed, ==, 1);
  g_assert_cmpuint (seen.added, ==, 1);
  g_clear_pointer (&before, g_ptr_array_unref);
  before = g_steal_pointer (&after);
  after = objects_of (G_LIST_MODEL (model));
  for (guint i = 0; i < before->len; i++)
    g_assert_true ((g_ptr_array_index (after, i) == g_ptr_array_index (before, i)) == (i != 3));
  g_clear_object (&item);

  /* A change to another campaign leaves it alone. */
  seen.calls = 0;
  make_force (store, other, "Nobody", NULL);
  g_assert_cmpuint (seen.calls, ==, 0);

  /* Reading again with nothing changed says nothing. */
  muster_roster_model_refresh (model);
  g_assert_cmpuint (seen.calls, ==, 0);

  muster_roster_model_set_campaign_id (model, other);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 1);
  g_free (filter.search);
}

/* Another process (the command line) renames a character: when the
 * window looks again (PRAGMA data_version), his row alone is new. */
static void
test_roster_model_external (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRosterModel) model = NULL;
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) after = NULL;
  g_autoptr(MusterCharacter) renamed = NULL;
  g_autofree char *sql = NULL;
  ItemsChanged seen = { 0 };
  sqlite3 *db;
  gint64 campaign;

  campaign = muster_store_create_sample (store, NULL, &error);
  g_assert_no_error (error);
  model = muster_roster_model_new (store, campaign);
  before = objects_of (G_LIST_MODEL (model));
  g_signal_connect (model, "items-changed", G_CALLBACK (items_changed_cb), &seen);

  db = raw_open (path);
  sql = g_strdup_printf ("UPDATE character SET name = 'Daniel Hagman' WHERE id = %" G_GINT64_FORMAT,
                         muster_character_get_id (g_ptr_array_index (before, 5)));
  raw_exec (db, sql);
  sqlite3_close (db);
  g_assert_cmpuint (seen.calls, ==, 0);

  g_assert_true (muster_store_poll_external (store));
  g_assert_cmpuint (seen.calls, ==, 1);
  g_assert_cmpuint (seen.position, ==, 5);
  g_assert_cmpuint (seen.removed, ==, 1);
  g_assert_cmpuint (seen.added, ==, 1);
  after = objects_of (G_LIST_MODEL (model));
  g_assert_cmpuint (after->len, ==, before->len);
  for (guint i = 0; i < before->len; i++)
    g_assert_true ((g_ptr_array_index (after, i) == g_ptr_array_index (before, i)) == (i != 5));
  renamed = g_list_model_get_item (G_LIST_MODEL (model), 5);
  g_assert_cmpstr (muster_character_get_name (renamed), ==, "Daniel Hagman");
}

static void
loaded_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_roster_model_load_finish (MUSTER_ROSTER_MODEL (object), result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

/* Loading in another thread: the model is empty at once, and filled with
 * the campaign's characters when they arrive. */
static void
test_roster_model_async (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRosterModel) model = NULL;
  g_autoptr(GPtrArray) listed = NULL;
  gboolean done = FALSE;
  gint64 campaign, other, shown_campaign = 0;

  campaign = muster_store_create_sample (store, NULL, &error);
  g_assert_no_error (error);
  other = make_campaign (store, "Elsewhere");
  make_character (store, make_force (store, other, "Somebody", NULL), "Patrick Nolan", "line", NULL, 6);
  model = muster_roster_model_new (store, other);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 1);

  muster_roster_model_load_async (model, campaign, NULL, loaded_cb, &done);
  g_assert_true (muster_roster_model_is_loading (model));
  g_object_get (model, "campaign-id", &shown_campaign, NULL);
  g_assert_cmpint (shown_campaign, ==, campaign);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (muster_roster_model_is_loading (model));

  listed = muster_store_list_characters (store, campaign, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, listed->len);
  for (guint i = 0; i < listed->len; i++)
    {
      g_autoptr(MusterCharacter) character = g_list_model_get_item (G_LIST_MODEL (model), i);

      g_assert_true (muster_character_equal (character, g_ptr_array_index (listed, i)));
    }

  /* A change meanwhile wins over what the thread read before it. */
  done = FALSE;
  muster_roster_model_load_async (model, other, NULL, loaded_cb, &done);
  muster_roster_model_refresh (model);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 1);
  make_character (store, make_force (store, other, "Somebody Else", NULL), "Ben Perkins", "line", NULL, 4);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 2);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 2);
  g_assert_false (muster_roster_model_is_loading (model));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lists/sort-filter", test_sort_filter);
  g_test_add_func ("/lists/sort-filter/orders", test_sort_orders);
  g_test_add_func ("/lists/sort-filter/keys-changed", test_sort_keys_changed);
  g_test_add_func ("/lists/sort-filter/by-keys", test_sort_by_keys);
  g_test_add_func ("/lists/sort-filter/by-keys/unasked", test_sort_by_keys_unasked);
  g_test_add_func ("/lists/sort-filter/kept", test_sort_filter_kept);
  g_test_add_func ("/lists/roster-model", test_roster_model);
  g_test_add_func ("/lists/roster-model/external", test_roster_model_external);
  g_test_add_func ("/lists/roster-model/async", test_roster_model_async);

  return g_test_run ();
}
