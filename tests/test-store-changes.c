/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-store"

#include "config.h"

#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-force.h"
#include "muster-recruit.h"
#include "muster-store.h"
#include "muster-test-util.h"
#include "muster-store-test-util.h"

static void
count_changed_cb (MusterStore *store,
                  guint        what,
                  gint64       campaign_id,
                  guint       *count)
{
  (*count)++;
}

/* --- Transactions -------------------------------------------------------- */

/* Changes made between muster_store_begin() and muster_store_commit()
 * are one change: a failure in one takes back the others, and a
 * rollback takes back all of them. */
static void
test_nested_changes (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 campaign, force;
  sqlite3 *db = raw_open (path);

  campaign = make_campaign (store, "Fuentes de Oñoro");
  before = muster_store_dump (store);

  /* Rolled back as a whole. */
  g_assert_true (muster_store_begin (store, &error));
  force = muster_store_create_force (store, campaign, "Light Company", "British", &error);
  g_assert_no_error (error);
  g_assert_true (muster_store_rename_campaign (store, campaign, "Almeida", &error));
  /* An inner failure takes back only itself. */
  g_assert_cmpint (muster_store_create_force (store, campaign, "Light Company", "British", &error), ==, 0);
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM force"), ==, 0);
  muster_store_rollback (store);
  after = muster_store_dump (store);
  g_assert_cmpstr (before, ==, after);
  g_clear_pointer (&after, g_free);

  /* Committed as a whole, and the store takes changes of its own after. */
  g_assert_true (muster_store_begin (store, &error));
  force = muster_store_create_force (store, campaign, "Light Company", "British", &error);
  g_assert_no_error (error);
  g_assert_true (muster_store_rename_campaign (store, campaign, "Almeida", &error));
  g_assert_true (muster_store_commit (store, &error));
  g_assert_no_error (error);
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM force"), ==, 1);
  g_assert_true (muster_store_rename_force (store, force, "Rifles", &error));
  g_assert_no_error (error);
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM force WHERE name = 'Rifles'"), ==, 1);
  sqlite3_close (db);
}

static void
test_failed_batch (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 campaign, force;
  sqlite3 *db;

  campaign = make_campaign (store, "The Coa");
  force = make_force (store, campaign, "Light Company", "British");

  /* Refuse the third character of the batch. */
  db = raw_open (path);
  raw_exec (db, "CREATE TRIGGER refuse_third BEFORE INSERT ON character"
                " WHEN (SELECT count(*) FROM character) >= 2"
                " BEGIN SELECT RAISE (ABORT, 'the third recruit is refused'); END;");
  before = muster_store_dump (store);

  ids = muster_store_recruit (store, force, "line", NULL, NULL, 5, &error);
  g_assert_null (ids);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_SQLITE);
  g_assert_nonnull (strstr (error->message, "the third recruit is refused"));
  g_clear_error (&error);

  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM character"), ==, 0);
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM roll"), ==, 0);
  g_assert_cmpint (raw_int (db, "SELECT counter FROM recruit_counter"), ==, 0);
  after = muster_store_dump (store);
  g_assert_cmpstr (before, ==, after);

  /* A bad weapon fails the same way. */
  ids = muster_store_recruit (store, force, "line", "blunderbuss", NULL, 2, &error);
  g_assert_null (ids);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (raw_int (db, "SELECT counter FROM recruit_counter"), ==, 0);

  raw_exec (db, "DROP TRIGGER refuse_third");
  sqlite3_close (db);

  ids = muster_store_recruit (store, force, "line", NULL, NULL, 5, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 5);
}

/* --- Undo ---------------------------------------------------------------- */

/* A campaign whose characters have rolls, log entries, games and kills,
 * with links across forces. The Voltigeurs are only down for a planned
 * game, so they can be deleted; the British fought the Dragoons in a
 * played one, so neither can. */
static void
fill_for_undo (MusterStore *store,
               const char  *path,
               gint64      *out_campaign,
               gint64      *out_british,
               gint64      *out_french)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) british = NULL;
  g_autoptr(GArray) french = NULL;
  g_autoptr(GArray) dragoons = NULL;
  g_autofree char *sql = NULL;
  gint64 campaign, bf, ff, df;
  sqlite3 *db;

  campaign = make_campaign (store, "The Coa");
  bf = make_force (store, campaign, "Light Company", "British");
  ff = make_force (store, campaign, "Voltigeurs", "French");
  df = make_force (store, campaign, "Dragoons", "French");
  british = muster_store_recruit (store, bf, "line", NULL, NULL, 4, &error);
  g_assert_no_error (error);
  french = muster_store_recruit (store, ff, "voltigeur", NULL, NULL, 4, &error);
  g_assert_no_error (error);
  dragoons = muster_store_recruit (store, df, "line", NULL, NULL, 1, &error);
  g_assert_no_error (error);

  db = raw_open (path);
  sql = g_strdup_printf (
      "INSERT INTO game (id, campaign_id, number, title, state) VALUES (1, %1$" G_GINT64_FORMAT ", 1, 'The bridge', 'played');"
      "INSERT INTO game (id, campaign_id, number, title) VALUES (2, %1$" G_GINT64_FORMAT ", 2, 'Night raid');"
      "INSERT INTO unit (id, force_id, name) VALUES (1, %2$" G_GINT64_FORMAT ", 'Skirmish line');"
      "UPDATE character SET unit_id = 1 WHERE id = %5$" G_GINT64_FORMAT ";"
      "INSERT INTO participation (game_id, character_id, side, outcome, killed_unnamed) VALUES"
      " (1, %3$" G_GINT64_FORMAT ", 'British', 'unhurt', 1), (1, %6$" G_GINT64_FORMAT ", 'French', 'out-of-action', 0);"
      "INSERT INTO kill (game_id, killer_id, victim_id) VALUES (1, %3$" G_GINT64_FORMAT ", %6$" G_GINT64_FORMAT ");"
      "INSERT INTO participation (game_id, character_id, side) VALUES"
      " (2, %5$" G_GINT64_FORMAT ", 'British'), (2, %4$" G_GINT64_FORMAT ", 'French');"
      "INSERT INTO roll (campaign_id, game_id, character_id, purpose, expression, faces, total, created)"
      " VALUES (%1$" G_GINT64_FORMAT ", 2, %4$" G_GINT64_FORMAT ", 'death-roll', '1d6', '3', 3, 'then');"
      "INSERT INTO log_entry (campaign_id, game_id, character_id, roll_id, kind, message, created)"
      " VALUES (%1$" G_GINT64_FORMAT ", 2, %4$" G_GINT64_FORMAT ", last_insert_rowid (), 'recovered', 'He lives', 'then');",
      campaign, ff, g_array_index (british, gint64, 0), g_array_index (french, gint64, 0),
      g_array_index (british, gint64, 1), g_array_index (dragoons, gint64, 0));
  raw_exec (db, sql);
  sqlite3_close (db);

  *out_campaign = campaign;
  *out_british = bf;
  *out_french = ff;
}

static void
test_undo_character (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autofree char *before = NULL;
  g_autofree char *deleted = NULL;
  g_autofree char *after = NULL;
  gint64 campaign, bf, ff, voltigeur;
  guint changes = 0;

  fill_for_undo (store, path, &campaign, &bf, &ff);
  list = muster_store_list_characters (store, campaign, ff, &error);
  voltigeur = muster_character_get_id (g_ptr_array_index (list, 0));
  g_signal_connect (store, "changed", G_CALLBACK (count_changed_cb), &changes);

  before = muster_store_dump (store);
  undo = muster_store_delete_character (store, voltigeur, &error);
  g_assert_no_error (error);
  g_assert_nonnull (undo);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_nonnull (strstr (muster_undo_get_label (undo), "deleted"));
  deleted = muster_store_dump (store);
  g_assert_cmpstr (before, !=, deleted);
  g_assert_null (muster_store_get_character (store, voltigeur, NULL));

  g_assert_true (muster_undo_apply (undo, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changes, ==, 2);
  after = muster_store_dump (store);
  g_assert_cmpstr (before, ==, after);

  /* Only once. */
  g_assert_false (muster_undo_apply (undo, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND);
}

static void
test_undo_force (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 campaign, bf, ff;

  fill_for_undo (store, path, &campaign, &bf, &ff);
  before = muster_store_dump (store);

  undo = muster_store_delete_force (store, ff, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (muster_undo_get_label (undo), "Voltigeurs"));
  list = muster_store_list_characters (store, campaign, 0, &error);
  g_assert_cmpuint (list->len, ==, 5);
  g_assert_cmpint (muster_character_get_unit_id (g_ptr_array_index (list, 1)), ==, 0);
  g_clear_pointer (&list, g_ptr_array_unref);

  g_assert_true (muster_undo_apply (undo, &error));
  g_assert_no_error (error);
  after = muster_store_dump (store);
  g_assert_cmpstr (before, ==, after);
  list = muster_store_list_characters (store, campaign, 0, &error);
  g_assert_cmpuint (list->len, ==, 9);
  g_assert_cmpint (muster_character_get_unit_id (g_ptr_array_index (list, 1)), ==, 1);
  g_assert_cmpint (muster_character_get_kills (g_ptr_array_index (list, 0)), ==, 2);
}

/* --- Changes from elsewhere ---------------------------------------------- */

static void
test_poll_external (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(MusterStore) other = NULL;
  g_autoptr(GError) error = NULL;
  guint changes = 0;

  g_signal_connect (store, "changed", G_CALLBACK (count_changed_cb), &changes);
  g_assert_false (muster_store_poll_external (store));

  /* Our own writes are not external. */
  make_campaign (store, "The Coa");
  g_assert_cmpuint (changes, ==, 1);
  g_assert_false (muster_store_poll_external (store));

  other = muster_store_open (path, &error);
  g_assert_no_error (error);
  make_campaign (other, "Written by the command line");
  g_assert_true (muster_store_poll_external (store));
  g_assert_cmpuint (changes, ==, 2);
  g_assert_false (muster_store_poll_external (store));
  g_assert_cmpuint (changes, ==, 2);
}

/* --- The log ------------------------------------------------------------- */

static void
test_log (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) log = NULL;
  g_autoptr(GArray) ids = NULL;
  MusterLogEntry *entry;
  gint64 campaign, force;

  campaign = make_campaign (store, "The Coa");
  force = make_force (store, campaign, "95th Rifles", "British");
  ids = muster_store_recruit (store, force, "rifleman", NULL, "Joseph Tulloch", 1, &error);
  g_assert_no_error (error);

  log = muster_store_list_log (store, campaign, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (log->len, ==, 3);
  entry = g_ptr_array_index (log, 0);
  g_assert_cmpstr (entry->kind, ==, "recruit");
  g_assert_cmpint (entry->character_id, ==, g_array_index (ids, gint64, 0));
  g_assert_true (g_str_has_prefix (entry->message, "Joseph Tulloch recruited: I "));
  g_assert_nonnull (strstr (entry->message, "(rolled "));
  g_assert_cmpstr (entry->created, ==, "2010-08-24T07:00:00Z");
  entry = g_ptr_array_index (log, 1);
  g_assert_cmpstr (entry->message, ==, "Force “95th Rifles” created, fighting for British");
  entry = g_ptr_array_index (log, 2);
  g_assert_cmpstr (entry->kind, ==, "campaign-created");
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("MUSTER_FAKE_TIME", "2010-08-24T07:00:00Z", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/store/transaction/failed-batch", test_failed_batch);
  g_test_add_func ("/store/transaction/nested", test_nested_changes);
  g_test_add_func ("/store/undo/character", test_undo_character);
  g_test_add_func ("/store/undo/force", test_undo_force);
  g_test_add_func ("/store/poll-external", test_poll_external);
  g_test_add_func ("/store/log", test_log);

  return g_test_run ();
}
