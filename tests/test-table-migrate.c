/* SPDX-License-Identifier: GPL-3.0-or-later */

/* Migration 10: a library of version 7 brought up to date keeps every
 * game, every row that refers to one and every index, and its games can
 * then be started. */

#include <string.h>

#include <sqlite3.h>

#include "muster-game.h"
#include "muster-store-private.h"
#include "muster-store-test-util.h"
#include "muster-test-util.h"

/* Rows of every table that refers to game, in a library of version 7. */
static const char rows[] =
  "INSERT INTO campaign VALUES (1, 'Coa', 'sharpes-skirmish', '2', '', 7, 0, '', '1810-01-01T10:00:00Z');"
  "INSERT INTO force VALUES (1, 1, 'South Essex', 'British', '', 'british');"
  "INSERT INTO force VALUES (2, 1, 'Voltigeurs', 'French', '', 'french');"
  "INSERT INTO unit VALUES (1, 1, 'Light company', 'infantry', '', '', 10, 0, 0, 'active', '');"
  "INSERT INTO character (id, campaign_id, force_id, name, troop_type) VALUES (1, 1, 1, 'Sharpe', 'rifleman');"
  "INSERT INTO character (id, campaign_id, force_id, name, troop_type) VALUES (2, 1, 2, 'Lefort', 'voltigeur');"
  "INSERT INTO game VALUES (1, 1, 1, 'The ford', '1810-07-24', 'resolved', 'British', 'French', 'British', 'Wet');"
  "INSERT INTO game VALUES (2, 1, 2, 'The bridge', NULL, 'played', 'British', 'French', NULL, '');"
  "INSERT INTO game VALUES (3, 1, 3, 'The hill', NULL, 'planned', 'British', 'French', NULL, '');"
  "INSERT INTO participation VALUES (1, 1, 'British', 'unhurt', 0, 0, 0, '');"
  "INSERT INTO participation VALUES (1, 2, 'French', 'out-of-action', 0, 0, 0, '');"
  "INSERT INTO participation VALUES (2, 1, 'British', 'wounded', 1, 0, 0, '');"
  "INSERT INTO participation VALUES (3, 1, 'British', NULL, 0, 0, 0, '');"
  "INSERT INTO participation VALUES (3, 2, 'French', NULL, 0, 0, 0, '');"
  "INSERT INTO unit_participation (game_id, unit_id, side, figures) VALUES (2, 1, 'British', 10);"
  "INSERT INTO kill VALUES (1, 1, 1, 2);"
  "INSERT INTO resolution VALUES (1, 1, 1, '1810-07-25T10:00:00Z');"
  "INSERT INTO roll VALUES (1, 1, 1, 2, 1, 'resolve/game/1/character/2', '1d6', '6', 6, 0, '1810-07-25T10:00:00Z');"
  "INSERT INTO log_entry VALUES (1, 1, 1, 2, 1, 1, 'death', '', '1810-07-25T10:00:00Z', '{\"name\":\"Lefort\"}');"
  "INSERT INTO log_entry VALUES (2, 1, 2, NULL, NULL, NULL, 'finished', '', '1810-07-26T10:00:00Z', '{\"number\":2,\"title\":\"The bridge\"}');";

/* Every row of the tables that refer to game, and the games, as text. */
static const char * const checks[] = {
  "SELECT group_concat (id || ':' || number || ':' || title || ':' || coalesce (date, '-') || ':' || state || ':' "
  "|| coalesce (winner, '-') || ':' || notes, ' ') FROM (SELECT * FROM game ORDER BY id)",
  "SELECT group_concat (game_id || '/' || character_id || '/' || coalesce (outcome, '-'), ' ') FROM participation",
  "SELECT group_concat (game_id || '/' || unit_id, ' ') FROM unit_participation",
  "SELECT group_concat (id || '/' || game_id, ' ') FROM kill",
  "SELECT group_concat (id || '/' || game_id, ' ') FROM resolution",
  "SELECT group_concat (id || '/' || game_id, ' ') FROM roll",
  "SELECT group_concat (id || '/' || coalesce (game_id, '-'), ' ') FROM log_entry",
  "SELECT group_concat (name, ' ') FROM (SELECT name FROM sqlite_schema WHERE type = 'index' ORDER BY name)",
};

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static void
test_from_version_7 (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *db = raw_open_old_library (path, 7);
  sqlite3_stmt *stmt;

  raw_exec (db, rows);
  for (guint i = 0; i < G_N_ELEMENTS (checks); i++)
    {
      g_assert_cmpint (sqlite3_prepare_v2 (db, checks[i], -1, &stmt, NULL), ==, SQLITE_OK);
      g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
      g_ptr_array_add (before, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
      sqlite3_finalize (stmt);
    }
  /* A version 7 game cannot be started. */
  g_assert_cmpint (sqlite3_exec (db, "UPDATE game SET state = 'started' WHERE id = 3", NULL, NULL, NULL),
                   ==, SQLITE_CONSTRAINT);
  sqlite3_close (db);

  store = muster_store_open (path, &error);
  g_assert_no_error (error);
  db = muster_store_get_db (store);
  g_assert_cmpint (raw_int (db, "PRAGMA user_version"), ==, MUSTER_STORE_SCHEMA_VERSION);
  /* Foreign keys are back on, and nothing refers to a row not there. */
  g_assert_cmpint (raw_int (db, "PRAGMA foreign_keys"), ==, 1);
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM pragma_foreign_key_check"), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (checks); i++)
    {
      if (i == G_N_ELEMENTS (checks) - 1)
        {
          /* The indexes kept, and the table's of the hits added. */
          g_autofree char *expected = NULL;
          g_auto(GStrv) names = g_strsplit (g_ptr_array_index (before, i), " ", -1);
          g_autoptr(GPtrArray) all = g_ptr_array_new ();

          for (guint k = 0; names[k] != NULL; k++)
            g_ptr_array_add (all, names[k]);
          g_ptr_array_add (all, "sqlite_autoindex_table_hit_1");
          g_ptr_array_add (all, "sqlite_autoindex_table_order_1");
          g_ptr_array_add (all, "table_order_character");
          g_ptr_array_add (all, "table_order_unit");
          g_ptr_array_add (all, "table_hit_attacker");
          g_ptr_array_add (all, "table_hit_target");
          g_ptr_array_add (all, "table_hit_unit");
          g_ptr_array_sort (all, compare_names);
          g_ptr_array_add (all, NULL);
          expected = g_strjoinv (" ", (char **) all->pdata);
          assert_raw_text (db, checks[i], expected);
        }
      else
        assert_raw_text (db, checks[i], g_ptr_array_index (before, i));
    }
  /* Deleting a game still takes its rows with it: the references point
   * at the new table. */
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM sqlite_schema WHERE sql LIKE '%game_v10%'"), ==, 0);

  game = muster_store_get_game (store, 3, &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_game_get_state (game), ==, MUSTER_GAME_PLANNED);
  raw_exec (db, "UPDATE game SET state = 'started' WHERE id = 3");
  g_clear_object (&game);
  game = muster_store_get_game (store, 3, &error);
  g_assert_cmpint (muster_game_get_state (game), ==, MUSTER_GAME_STARTED);
  raw_exec (db, "DELETE FROM game WHERE id = 3");
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM participation WHERE game_id = 3"), ==, 0);

  g_clear_object (&store);
  muster_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/table/migrate/from-version-7", test_from_version_7);

  return g_test_run ();
}
