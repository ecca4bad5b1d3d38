/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-store-schema"
/* The library underneath the store: its statement cache and its schema. */

#include "config.h"

#include <glib.h>
#include <sqlite3.h>

#include "muster-store.h"
#include "muster-store-private.h"
#include "muster-test-util.h"
#include "muster-store-test-util.h"

/* --- Statements ---------------------------------------------------------- */

#define FORCES_SQL "SELECT id FROM force WHERE campaign_id = ? ORDER BY id"

/* Steps the forces of @campaign to their end, as a nested call running
 * the query its caller is stepping; returns how many there were. */
static guint
count_forces (MusterStore  *store,
              gint64        campaign,
              sqlite3_stmt *outer)
{
  g_autoptr(GError) error = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (store, FORCES_SQL, &error);
  guint n = 0;

  g_assert_no_error (error);
  g_assert_true (stmt != outer);
  sqlite3_bind_int64 (stmt, 1, campaign);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    n++;
  return n;
}

static void
test_nested_statements (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 campaign = make_campaign (store, "The Coa");
  gint64 forces[3];
  sqlite3_stmt *first;

  forces[0] = make_force (store, campaign, "95th Rifles", "British");
  forces[1] = make_force (store, campaign, "Bandits", NULL);
  forces[2] = make_force (store, campaign, "Chasseurs", "French");

  {
    MUSTER_STMT_AUTO sqlite3_stmt *outer = muster_store_prepare (store, FORCES_SQL, &error);

    g_assert_no_error (error);
    first = outer;
    sqlite3_bind_int64 (outer, 1, campaign);
    while (sqlite3_step (outer) == SQLITE_ROW)
      {
        gint64 id = sqlite3_column_int64 (outer, 0);

        g_array_append_val (seen, id);
        /* The same query, twice deep: the outer loop is not reset. */
        g_assert_cmpuint (count_forces (store, campaign, outer), ==, 3);
        {
          MUSTER_STMT_AUTO sqlite3_stmt *middle = muster_store_prepare (store, FORCES_SQL, &error);

          g_assert_no_error (error);
          g_assert_true (middle != outer);
          sqlite3_bind_int64 (middle, 1, campaign);
          g_assert_cmpint (sqlite3_step (middle), ==, SQLITE_ROW);
          g_assert_cmpint (sqlite3_column_int64 (middle, 0), ==, forces[0]);
          g_assert_cmpuint (count_forces (store, campaign, middle), ==, 3);
          g_assert_cmpint (sqlite3_step (middle), ==, SQLITE_ROW);
          g_assert_cmpint (sqlite3_column_int64 (middle, 0), ==, forces[1]);
        }
      }
  }

  g_assert_cmpuint (seen->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpint (g_array_index (seen, gint64, i), ==, forces[i]);

  /* Once no loop steps it, the first statement is handed out again. */
  {
    MUSTER_STMT_AUTO sqlite3_stmt *again = muster_store_prepare (store, FORCES_SQL, &error);

    g_assert_no_error (error);
    g_assert_true (again == first);
  }
}

/* Statements left stepping (not held in MUSTER_STMT_AUTO) are told of,
 * not handed out again. */
static void
test_statements_left_stepping (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  gint64 campaign = make_campaign (store, "The Coa");
  sqlite3_stmt *left[MUSTER_STORE_NESTED_MAX];

  make_force (store, campaign, "95th Rifles", "British");
  make_force (store, campaign, "Bandits", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (left); i++)
    {
      left[i] = muster_store_prepare (store, FORCES_SQL, &error);
      g_assert_no_error (error);
      for (guint j = 0; j < i; j++)
        g_assert_true (left[i] != left[j]);
      sqlite3_bind_int64 (left[i], 1, campaign);
      g_assert_cmpint (sqlite3_step (left[i]), ==, SQLITE_ROW);
    }

  g_test_expect_message ("muster-store", G_LOG_LEVEL_CRITICAL, "*statements of*left stepping*");
  {
    MUSTER_STMT_AUTO sqlite3_stmt *more = muster_store_prepare (store, FORCES_SQL, &error);

    g_assert_no_error (error);
    g_assert_nonnull (more);
  }
  g_test_assert_expected_messages ();
  for (guint i = 0; i < G_N_ELEMENTS (left); i++)
    sqlite3_reset (left[i]);
}

/* --- Schema -------------------------------------------------------------- */

/* Runs @sql on the library's own connection and asserts that one of the
 * schema's CHECK constraints refuses it. */
static void
assert_check_refuses (MusterStore *store,
                      const char  *sql)
{
  sqlite3 *db = muster_store_get_db (store);

  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), !=, SQLITE_OK);
  g_assert_cmpint (sqlite3_extended_errcode (db), ==, SQLITE_CONSTRAINT_CHECK);
}

/* What the store checks before it writes, the schema refuses too: a
 * status, a game state, a unit's colours or a log entry's arguments
 * outside what they can be. */
static void
test_schema_checks (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  gint64 campaign = make_campaign (store, "The Coa");
  gint64 rifles = make_force (store, campaign, "95th Rifles", "British");
  g_autofree char *insert_game = NULL;
  g_autofree char *character = NULL;

  make_character (store, rifles, "Patrick Nolan", "rifleman", NULL, 10);

  character = g_strdup_printf ("UPDATE character SET status = 'wandering' WHERE campaign_id = %" G_GINT64_FORMAT,
                               campaign);
  assert_check_refuses (store, character);
  insert_game = g_strdup_printf ("INSERT INTO game (campaign_id, number, title, state)"
                                 " VALUES (%" G_GINT64_FORMAT ", 1, 'The Bridge', 'abandoned')", campaign);
  assert_check_refuses (store, insert_game);
  assert_check_refuses (store, "INSERT INTO unit_participation (game_id, unit_id, side, figures, colours)"
                        " VALUES (1, 1, 'British', 12, 'burnt')");
  assert_check_refuses (store, "UPDATE log_entry SET args = '{not json'");
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("MUSTER_FAKE_TIME", "2010-08-24T07:00:00Z", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/store/statements/nested", test_nested_statements);
  g_test_add_func ("/store/statements/left-stepping", test_statements_left_stepping);
  g_test_add_func ("/store/schema/checks", test_schema_checks);

  return g_test_run ();
}
