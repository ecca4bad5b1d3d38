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
  g_test_add_func ("/lists/roster-model", test_roster_model);
  g_test_add_func ("/lists/roster-model/external", test_roster_model_external);
  g_test_add_func ("/lists/roster-model/async", test_roster_model_async);

  return g_test_run ();
}
