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
#include "muster-nationality.h"
#include "muster-recruit.h"
#include "muster-roster-model.h"
#include "muster-store.h"
#include "muster-test-util.h"
#include "muster-store-test-util.h"

MusterRuleset *
sharpe (void)
{
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);

  g_assert_no_error (error);
  return ruleset;
}

gint64
make_campaign (MusterStore *store,
               const char  *name)
{
  g_autoptr(MusterRuleset) ruleset = sharpe ();
  g_autoptr(GError) error = NULL;
  gint64 id = muster_store_create_campaign (store, name, ruleset, 42, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

gint64
make_force (MusterStore *store,
            gint64       campaign_id,
            const char  *name,
            const char  *side)
{
  g_autoptr(GError) error = NULL;
  gint64 id = muster_store_create_force (store, campaign_id, name, side, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

GHashTable *
stats_new (int i, int d, int s, int c, int f)
{
  GHashTable *stats = g_hash_table_new (g_str_hash, g_str_equal);

  g_hash_table_insert (stats, "I", GINT_TO_POINTER (i));
  g_hash_table_insert (stats, "D", GINT_TO_POINTER (d));
  g_hash_table_insert (stats, "S", GINT_TO_POINTER (s));
  g_hash_table_insert (stats, "C", GINT_TO_POINTER (c));
  g_hash_table_insert (stats, "F", GINT_TO_POINTER (f));
  return stats;
}

gint64
make_character (MusterStore *store,
                gint64       force_id,
                const char  *name,
                const char  *troop_type,
                const char  *weapon,
                int          f)
{
  g_autoptr(GHashTable) stats = stats_new (3, 4, 5, 2, f);
  g_autoptr(GError) error = NULL;
  MusterCharacterSpec spec = { 0 };
  gint64 id;

  spec.name = name;
  spec.troop_type = troop_type;
  spec.weapon = weapon;
  spec.stats = stats;
  id = muster_store_create_character (store, force_id, &spec, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

sqlite3 *
raw_open (const char *path)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL),
                   ==, SQLITE_OK);
  sqlite3_busy_timeout (db, 5000);
  return db;
}

void
raw_exec (sqlite3    *db,
          const char *sql)
{
  char *errmsg = NULL;

  if (sqlite3_exec (db, sql, NULL, NULL, &errmsg) != SQLITE_OK)
    g_error ("%s: %s", sql, errmsg);
}

gint64
raw_int (sqlite3    *db,
         const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  gint64 value = -1;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  return value;
}

void
assert_raw_text (sqlite3    *db,
                 const char *sql,
                 const char *expected)
{
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, expected);
  sqlite3_finalize (stmt);
}

char *
read_migration (const char *name)
{
  g_autofree char *path = g_build_filename (TEST_SRCDIR, "..", "src", "core", "migrations", name, NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

char *
read_migration_as_shipped (const char *name)
{
  char *text = read_migration (name);
  char *counter;

  /* Migration 3 moved the recruit counter out of the campaign row only
   * from version 9 on; libraries that took it before kept the column. */
  if (g_str_equal (name, "0003-history.sql") &&
      (counter = strstr (text, "-- The recruit counter.")) != NULL)
    *counter = '\0';
  return text;
}

/* Migration 6 calls the store's function (muster-store-migrate.c). */
static void
guess_nationality (sqlite3_context  *context,
                   int               argc,
                   sqlite3_value   **argv)
{
  sqlite3_result_text (context, muster_nationality_guess ((const char *) sqlite3_value_text (argv[0]),
                                                          (const char *) sqlite3_value_text (argv[1])),
                       -1, SQLITE_STATIC);
}

void
raw_add_migration_functions (sqlite3 *db)
{
  g_assert_cmpint (sqlite3_create_function (db, "muster_nationality_guess", 2, SQLITE_UTF8, NULL,
                                            guess_nationality, NULL, NULL), ==, SQLITE_OK);
}

sqlite3 *
raw_open_old_library (const char *path,
                      int         version)
{
  static const char * const migrations[] = {
    "0001-initial.sql", "0002-units.sql", "0003-history.sql", "0004-rules-updates.sql",
    "0005-rolled-stats.sql", "0006-nationality.sql", "0007-log-arguments.sql",
  };
  g_autofree char *pragmas = NULL;
  sqlite3 *db = raw_open (path);

  g_assert_cmpint (version, >=, 1);
  g_assert_cmpint (version, <=, (int) G_N_ELEMENTS (migrations));
  raw_add_migration_functions (db);
  for (int i = 0; i < version; i++)
    {
      g_autofree char *sql = read_migration_as_shipped (migrations[i]);

      raw_exec (db, sql);
    }
  pragmas = g_strdup_printf ("PRAGMA application_id = 1297437524; PRAGMA user_version = %d;", version);
  raw_exec (db, pragmas);
  return db;
}
