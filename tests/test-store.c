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
#include "muster-roster-model.h"
#include "muster-store.h"
#include "muster-store-private.h"
#include "muster-test-util.h"
#include "muster-store-test-util.h"

/* --- Opening ------------------------------------------------------------- */

static void
test_open_new (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *backup = g_strconcat (path, ".bak-v0", NULL);
  sqlite3 *db;

  store = muster_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (muster_store_is_empty (store));
  g_assert_false (muster_store_is_read_only (store));
  g_assert_cmpstr (muster_store_get_path (store), ==, path);
  g_clear_object (&store);

  /* A brand-new file has nothing to back up. */
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));

  db = raw_open (path);
  g_assert_cmpint (raw_int (db, "PRAGMA user_version"), ==, MUSTER_STORE_SCHEMA_VERSION);
  g_assert_cmpint (raw_int (db, "PRAGMA application_id"), ==, MUSTER_STORE_APPLICATION_ID);
  assert_raw_text (db, "PRAGMA journal_mode", "wal");
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM sqlite_schema WHERE name = 'character'"), ==, 1);
  sqlite3_close (db);

  /* Opening again changes nothing. */
  store = muster_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
}

/* A library is made only in a folder that exists: a mistyped path is an
 * error, not a new empty library somewhere unexpected. */
static void
test_open_missing_folder (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *missing = g_build_filename (dir, "a", NULL);
  g_autofree char *path = g_build_filename (missing, "b", "library.db", NULL);
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GError) error = NULL;

  store = muster_store_open (path, &error);
  g_assert_null (store);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_FILE);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, "does not exist"));
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
}

static void
test_open_empty_file (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "empty.db", NULL);
  g_autofree char *backup = g_strconcat (path, ".bak-v0", NULL);
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *db;

  g_assert_true (g_file_set_contents (path, "", 0, NULL));
  store = muster_store_open (path, &error);
  g_assert_no_error (error);
  g_clear_object (&store);
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));

  db = raw_open (path);
  g_assert_cmpint (raw_int (db, "PRAGMA user_version"), ==, MUSTER_STORE_SCHEMA_VERSION);
  g_assert_cmpint (raw_int (db, "PRAGMA application_id"), ==, MUSTER_STORE_APPLICATION_ID);
  sqlite3_close (db);
}

/* A library as the first version of Muster left it: the schema of
 * migration 0001, its id and version 1. */
static void
write_version_1 (const char *path)
{
  g_autofree char *schema = NULL;
  g_autofree char *file = g_build_filename (TEST_SRCDIR, "..", "src", "core", "migrations",
                                            "0001-initial.sql", NULL);
  g_autofree char *id = g_strdup_printf ("PRAGMA application_id = %d; PRAGMA user_version = 1;",
                                         MUSTER_STORE_APPLICATION_ID);
  sqlite3 *db;

  g_assert_true (g_file_get_contents (file, &schema, NULL, NULL));
  db = raw_open (path);
  raw_exec (db, schema);
  raw_exec (db, id);
  sqlite3_close (db);
}

static void
test_open_backup (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "old.db", NULL);
  g_autofree char *backup = g_strconcat (path, ".bak-v1", NULL);
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dump = NULL;
  sqlite3 *db;

  /* A library of the first format, with a table of the user's own. */
  write_version_1 (path);
  db = raw_open (path);
  raw_exec (db, "CREATE TABLE jotting (id INTEGER PRIMARY KEY, text TEXT);"
                "INSERT INTO jotting (text) VALUES ('Fuentes de Oñoro'), ('Sabugal');");
  sqlite3_close (db);

  store = muster_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_test (backup, G_FILE_TEST_IS_REGULAR));

  dump = muster_store_dump (store);
  {
    g_autofree char *version = g_strdup_printf ("PRAGMA user_version = %d;", MUSTER_STORE_SCHEMA_VERSION);
    g_assert_nonnull (strstr (dump, version));
  }
  g_assert_nonnull (strstr (dump, "'Sabugal'"));
  g_clear_object (&store);

  /* The backup holds the old contents, unmigrated. */
  db = raw_open (backup);
  g_assert_cmpint (raw_int (db, "PRAGMA user_version"), ==, 1);
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM sqlite_schema WHERE name = 'unit_participation'"), ==, 0);
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM jotting"), ==, 2);
  assert_raw_text (db, "SELECT group_concat (text, '|') FROM (SELECT text FROM jotting ORDER BY id)",
                   "Fuentes de Oñoro|Sabugal");
  sqlite3_close (db);

  db = raw_open (path);
  g_assert_cmpint (raw_int (db, "PRAGMA user_version"), ==, MUSTER_STORE_SCHEMA_VERSION);
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM jotting"), ==, 2);
  sqlite3_close (db);
}

/* A version 7 library holding two campaigns of Sharpe's Skirmish, with
 * recruit counters 41 and 0, and a force in the first; @in_campaign: the
 * counters in the campaign row, as libraries made before version 9 keep
 * them, else in their own table. */
static void
write_version_7 (const char *path,
                 gboolean    in_campaign)
{
  g_autofree char *rules_path = g_build_filename (g_getenv ("MUSTER_RULESETS_DIR"), "sharpes-skirmish.xml", NULL);
  g_autofree char *xml = NULL;
  sqlite3_stmt *stmt = NULL;
  sqlite3 *db;

  g_assert_true (g_file_get_contents (rules_path, &xml, NULL, NULL));
  if (in_campaign)
    db = raw_open_old_library (path, 7);
  else
    {
      db = raw_open (path);
      raw_add_migration_functions (db);
      for (int i = 1; i <= 7; i++)
        {
          g_autofree char *pattern = g_strdup_printf ("%04d-", i);
          g_autoptr(GDir) dir = g_dir_open (TEST_SRCDIR "/../src/core/migrations", 0, NULL);
          const char *name;

          while ((name = g_dir_read_name (dir)) != NULL)
            if (g_str_has_prefix (name, pattern))
              {
                g_autofree char *sql = read_migration (name);
                raw_exec (db, sql);
              }
        }
      raw_exec (db, "PRAGMA application_id = 1297437524; PRAGMA user_version = 7;");
    }
  g_assert_cmpint (sqlite3_prepare_v2 (db,
                                       "INSERT INTO campaign (id, name, ruleset_id, ruleset_version, ruleset_xml,"
                                       " seed, created) VALUES (?1, ?2, 'sharpes-skirmish', '2', ?3, 7,"
                                       " '2025-01-01T00:00:00Z')",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  for (int id = 1; id <= 2; id++)
    {
      sqlite3_bind_int (stmt, 1, id);
      sqlite3_bind_text (stmt, 2, id == 1 ? "Coa 1810" : "Vimeiro", -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 3, xml, -1, SQLITE_STATIC);
      g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
      sqlite3_reset (stmt);
    }
  sqlite3_finalize (stmt);
  raw_exec (db, in_campaign
                ? "UPDATE campaign SET recruit_counter = 41 WHERE id = 1;"
                : "INSERT INTO recruit_counter (campaign_id, counter) VALUES (1, 41), (2, 0);");
  raw_exec (db, "INSERT INTO force (id, campaign_id, name, side, nationality)"
                " VALUES (1, 1, 'Light Company', 'British', 'british');");
  sqlite3_close (db);
}

/* A library of version 7 takes version 9 with each campaign's recruit
 * counter as it was, in its table, and goes on recruiting from it. */
static void
test_migrate_recruit_counter (gconstpointer data)
{
  gboolean in_campaign = GPOINTER_TO_INT (data);
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "v7.db", NULL);
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *db;

  write_version_7 (path, in_campaign);
  store = muster_store_open (path, &error);
  g_assert_no_error (error);

  db = raw_open (path);
  g_assert_cmpint (raw_int (db, "PRAGMA user_version"), ==, MUSTER_STORE_SCHEMA_VERSION);
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM pragma_table_info ('campaign')"
                                " WHERE name = 'recruit_counter'"), ==, 0);
  assert_raw_text (db, "SELECT group_concat (campaign_id || '=' || counter, ' ')"
                       " FROM (SELECT * FROM recruit_counter ORDER BY campaign_id)", "1=41 2=0");
  sqlite3_close (db);

  ids = muster_store_recruit (store, 1, "rifleman", NULL, NULL, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 2);
  db = raw_open (path);
  g_assert_cmpint (raw_int (db, "SELECT counter FROM recruit_counter WHERE campaign_id = 1"), ==, 43);
  g_assert_cmpint (raw_int (db, "SELECT counter FROM recruit_counter WHERE campaign_id = 2"), ==, 0);
  sqlite3_close (db);
}

/* A library from before a character kept what he brought from another
 * campaign: the log entry of his force joining says it, in the words of
 * whoever imported it, and the numbers come from there. */
static void
test_open_elsewhere (void)
{
  static const char * const migrations[] = {
    "0001-initial.sql", "0002-units.sql", "0003-history.sql", "0004-rules-updates.sql",
  };
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *db;

  db = raw_open (path);
  for (guint i = 0; i < G_N_ELEMENTS (migrations); i++)
    {
      g_autofree char *sql = read_migration (migrations[i]);
      raw_exec (db, sql);
    }
  raw_exec (db,
            "PRAGMA application_id = 1297437524; PRAGMA user_version = 4;"
            "INSERT INTO campaign (id, name, ruleset_id, ruleset_version, ruleset_xml, seed, created)"
            " VALUES (1, 'Old', 'sharpes-skirmish', '1', '<ruleset/>', 7, '2024-01-01T00:00:00Z');"
            "INSERT INTO force (id, campaign_id, name, side) VALUES (1, 1, 'Rifles (2)', 'British');"
            "INSERT INTO character (id, campaign_id, force_id, name, troop_type) VALUES"
            " (1, 1, 1, 'Sharland', 'rifleman'), (2, 1, 1, 'Harden', 'rifleman'),"
            " (3, 1, 1, 'Cooper', 'rifleman'), (4, 1, 1, 'Hagman', 'rifleman');"
            "INSERT INTO log_entry (campaign_id, character_id, kind, message, created) VALUES"
            " (1, 1, 'import', 'Sharland joined with the force “Rifles (2)” (kills elsewhere: 4, games elsewhere: 3).', 'x'),"
            " (1, 2, 'import', 'Harden a rejoint la force « Rifles (2) » (victimes ailleurs : 12, parties ailleurs : 7).', 'x'),"
            " (1, 3, 'import', 'Cooper joined with the force “Rifles (2)”.', 'x'),"
            " (1, 4, 'recruit', 'Hagman (kills elsewhere: 9, games elsewhere: 9).', 'x');");
  sqlite3_close (db);

  store = muster_store_open (path, &error);
  g_assert_no_error (error);
  db = raw_open (path);
  assert_raw_text (db, "SELECT group_concat (name || '=' || kills_elsewhere || '/' || games_elsewhere, ' ')"
                       " FROM (SELECT * FROM character ORDER BY id)",
                   "Sharland=4/3 Harden=12/7 Cooper=0/0 Hagman=0/0");
  sqlite3_close (db);

  g_assert_cmpint (muster_store_elsewhere_total ("(kills elsewhere: 4, games elsewhere: 3).", 2), ==, 3);
  g_assert_cmpint (muster_store_elsewhere_total ("joined “Rifles (2)”.", 1), ==, 0);
  g_assert_cmpint (muster_store_elsewhere_total ("joined (1, 2, 3).", 1), ==, 0);
  g_assert_cmpint (muster_store_elsewhere_total ("joined (1, 2) and more", 1), ==, 0);
  g_assert_cmpint (muster_store_elsewhere_total (NULL, 1), ==, 0);
}

static void
test_open_newer (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "newer.db", NULL);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_len, after_len;
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *db;

  db = raw_open (path);
  raw_exec (db, "CREATE TABLE campaign (id INTEGER PRIMARY KEY, name TEXT);"
                "INSERT INTO campaign (name) VALUES ('From the future');"
                "PRAGMA user_version = 99;");
  raw_exec (db, "PRAGMA application_id = 1297437524");
  sqlite3_close (db);
  g_assert_true (g_file_get_contents (path, &before, &before_len, NULL));

  store = muster_store_open (path, &error);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NEWER);
  g_assert_null (store);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, "newer"));

  g_assert_true (g_file_get_contents (path, &after, &after_len, NULL));
  g_assert_cmpmem (before, before_len, after, after_len);
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
}

static void
test_open_not_muster (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *text = g_build_filename (dir, "notes.txt", NULL);
  g_autofree char *other = g_build_filename (dir, "other.db", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_len, after_len;
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *db;

  g_assert_true (g_file_set_contents (text, "Muster roll of the 95th, not a database.\n", -1, NULL));
  store = muster_store_open (text, &error);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_MUSTER);
  g_assert_nonnull (strstr (error->message, text));
  g_clear_error (&error);

  /* Another program's SQLite file. */
  db = raw_open (other);
  raw_exec (db, "PRAGMA application_id = 1234; CREATE TABLE t (x);");
  sqlite3_close (db);
  g_assert_true (g_file_get_contents (other, &before, &before_len, NULL));
  store = muster_store_open (other, &error);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_MUSTER);
  g_assert_true (g_file_get_contents (other, &after, &after_len, NULL));
  g_assert_cmpmem (before, before_len, after, after_len);
  g_clear_error (&error);
}

/* A SQLite file with tables and no application id is another program's
 * too (Muster sets its id with its first tables): it is refused, not
 * taken over. One without tables may become a library. */
static void
test_open_foreign_without_id (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *foreign = g_build_filename (dir, "places.sqlite", NULL);
  g_autofree char *blank = g_build_filename (dir, "blank.db", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_len, after_len;
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *db;

  db = raw_open (foreign);
  raw_exec (db, "CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT);"
                "INSERT INTO moz_places (url) VALUES ('https://example.org/');");
  sqlite3_close (db);
  g_assert_true (g_file_get_contents (foreign, &before, &before_len, NULL));

  store = muster_store_open (foreign, &error);
  g_assert_null (store);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_MUSTER);
  g_assert_nonnull (strstr (error->message, foreign));
  g_assert_true (g_file_get_contents (foreign, &after, &after_len, NULL));
  g_assert_cmpmem (before, before_len, after, after_len);
  g_clear_error (&error);

  db = raw_open (blank);
  raw_exec (db, "CREATE TABLE t (x); DROP TABLE t;");
  sqlite3_close (db);
  store = muster_store_open (blank, &error);
  g_assert_no_error (error);
  g_assert_true (muster_store_is_empty (store));
  g_clear_object (&store);
  db = raw_open (blank);
  g_assert_cmpint (raw_int (db, "PRAGMA application_id"), ==, MUSTER_STORE_APPLICATION_ID);
  sqlite3_close (db);
}

static void
test_reopen (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 campaign;

  campaign = muster_store_create_sample (store, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (campaign, >, 0);
  before = muster_store_dump (store);
  g_clear_object (&store);

  store = muster_store_open (path, &error);
  g_assert_no_error (error);
  after = muster_store_dump (store);
  g_assert_cmpstr (before, ==, after);
  g_assert_false (muster_store_is_empty (store));
}

static void
test_save_copy (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(MusterStore) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *dest = g_build_filename (dir, "copy.db", NULL);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  muster_store_create_sample (store, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (muster_store_save_copy (store, dest, &error));
  g_assert_no_error (error);

  copy = muster_store_open (dest, &error);
  g_assert_no_error (error);
  a = muster_store_dump (store);
  b = muster_store_dump (copy);
  g_assert_cmpstr (a, ==, b);
}

/* --- Campaigns and forces ------------------------------------------------ */

/* The connection that reads a list in another thread keeps a small page
 * cache: it reads the list once, from start to end. */
static void
test_reader_small_cache (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterStore) reader = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3_stmt *stmt = NULL;

  reader = muster_store_open_reader (store, &error);
  g_assert_no_error (error);
  g_assert_nonnull (reader);
  g_assert_cmpint (sqlite3_prepare_v2 (muster_store_get_db (reader), "PRAGMA cache_size", -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  /* Negative: KiB. */
  g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, -512);
  sqlite3_finalize (stmt);
}

/* Every object standing for a campaign, and every campaign keeping the
 * same copy of its rules, has the one ruleset parsed from it while one of
 * them holds it; another copy is another ruleset. */
static void
test_campaign_ruleset_shared (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) other_rules = NULL;
  g_autoptr(MusterCampaign) first = NULL;
  g_autoptr(MusterCampaign) again = NULL;
  g_autoptr(MusterCampaign) second = NULL;
  g_autoptr(MusterCampaign) other = NULL;
  g_autoptr(GError) error = NULL;
  gint64 a, b, c;

  a = make_campaign (store, "Talavera");
  b = make_campaign (store, "Albuera");
  other_rules = muster_rulesets_lookup ("chosen-men", &error);
  g_assert_no_error (error);
  c = muster_store_create_campaign (store, "Vimeiro", other_rules, 7, NULL, &error);
  g_assert_no_error (error);

  first = muster_store_get_campaign (store, a, &error);
  g_assert_no_error (error);
  again = muster_store_get_campaign (store, a, &error);
  g_assert_no_error (error);
  second = muster_store_get_campaign (store, b, &error);
  g_assert_no_error (error);
  other = muster_store_get_campaign (store, c, &error);
  g_assert_no_error (error);
  g_assert_true (first != again);
  g_assert_nonnull (muster_campaign_get_ruleset (first));
  g_assert_true (muster_campaign_get_ruleset (again) == muster_campaign_get_ruleset (first));
  g_assert_true (muster_campaign_get_ruleset (second) == muster_campaign_get_ruleset (first));
  g_assert_nonnull (muster_campaign_get_ruleset (other));
  g_assert_true (muster_campaign_get_ruleset (other) != muster_campaign_get_ruleset (first));
  g_assert_cmpstr (muster_ruleset_get_id (muster_campaign_get_ruleset (other)), ==, "chosen-men");
}

static void
test_campaign_crud (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) ruleset = sharpe ();
  g_autoptr(GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autofree char *id_text = NULL;
  gint64 a, b;

  a = make_campaign (store, "Talavera");
  campaign = muster_store_get_campaign (store, a, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_campaign_get_name (campaign), ==, "Talavera");
  g_assert_cmpstr (muster_campaign_get_ruleset_id (campaign), ==, "sharpes-skirmish");
  g_assert_cmpuint (muster_campaign_get_seed (campaign), ==, 42);
  /* Every option is stored, defaults filled in. */
  g_assert_cmpstr (g_hash_table_lookup (muster_campaign_get_options (campaign), "death-roll"), ==, "die-on-6");
  g_assert_cmpstr (muster_campaign_get_option (campaign, "death-roll"), ==, "die-on-6");
  g_assert_nonnull (muster_campaign_get_ruleset (campaign));
  g_assert_cmpstr (muster_ruleset_get_id (muster_campaign_get_ruleset (campaign)), ==, "sharpes-skirmish");
  g_clear_object (&campaign);

  g_hash_table_insert (options, "death-roll", "out-d6-games");
  b = muster_store_create_campaign (store, "Albuera", ruleset, 7, options, &error);
  g_assert_no_error (error);
  campaign = muster_store_find_campaign (store, "Albuera", &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_campaign_get_id (campaign), ==, b);
  g_assert_cmpstr (muster_campaign_get_option (campaign, "death-roll"), ==, "out-d6-games");
  g_clear_object (&campaign);

  id_text = g_strdup_printf ("%" G_GINT64_FORMAT, a);
  campaign = muster_store_find_campaign (store, id_text, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_campaign_get_name (campaign), ==, "Talavera");
  g_clear_object (&campaign);

  /* Unknown choice and option: named, with the valid ones listed. */
  g_hash_table_insert (options, "death-roll", "hang-them");
  g_assert_cmpint (muster_store_create_campaign (store, "Busaco", ruleset, 7, options, &error), ==, 0);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "hang-them"));
  g_assert_nonnull (strstr (error->message, "die-on-6"));
  g_assert_nonnull (strstr (error->message, "out-d6-games"));
  g_clear_error (&error);
  g_hash_table_remove_all (options);
  g_hash_table_insert (options, "weather", "rain");
  g_assert_cmpint (muster_store_create_campaign (store, "Busaco", ruleset, 7, options, &error), ==, 0);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "weather"));
  g_assert_nonnull (strstr (error->message, "death-roll"));
  g_clear_error (&error);

  /* Sorted by name. */
  list = muster_store_list_campaigns (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 2);
  g_assert_cmpstr (muster_campaign_get_name (g_ptr_array_index (list, 0)), ==, "Albuera");
  g_assert_cmpstr (muster_campaign_get_name (g_ptr_array_index (list, 1)), ==, "Talavera");

  g_assert_false (muster_store_rename_campaign (store, b, "Talavera", &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_EXISTS);
  g_clear_error (&error);
  g_assert_true (muster_store_rename_campaign (store, b, "  Albuera 1811 ", &error));
  g_assert_no_error (error);
  campaign = muster_store_get_campaign (store, b, &error);
  g_assert_cmpstr (muster_campaign_get_name (campaign), ==, "Albuera 1811");
  g_clear_object (&campaign);

  g_assert_true (muster_store_delete_campaign (store, a, &error));
  g_assert_no_error (error);
  campaign = muster_store_get_campaign (store, a, &error);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND);
  g_assert_null (campaign);
  g_clear_error (&error);
  campaign = muster_store_find_campaign (store, "Talavera", &error);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
}

static void
test_names (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) ruleset = sharpe ();
  g_autoptr(GError) error = NULL;
  const char *bad[] = { "", "   ", "\t\n", "1809", " 42 " };
  gint64 campaign, force;
  MusterCharacterSpec spec = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_cmpint (muster_store_create_campaign (store, bad[i], ruleset, 1, NULL, &error), ==, 0);
      g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
      g_clear_error (&error);
    }
  muster_store_create_campaign (store, "1809", ruleset, 1, NULL, &error);
  g_assert_nonnull (strstr (error->message, "only digits"));
  g_clear_error (&error);

  campaign = make_campaign (store, "The Coa");
  g_assert_cmpint (muster_store_create_campaign (store, "The Coa", ruleset, 1, NULL, &error), ==, 0);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_EXISTS);
  g_clear_error (&error);

  force = make_force (store, campaign, "95th Rifles", "British");
  g_assert_cmpint (muster_store_create_force (store, campaign, "95th Rifles", NULL, &error), ==, 0);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_EXISTS);
  g_clear_error (&error);
  g_assert_cmpint (muster_store_create_force (store, campaign, "95", NULL, &error), ==, 0);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_clear_error (&error);
  /* The same force name in another campaign is fine. */
  make_force (store, make_campaign (store, "Sabugal"), "95th Rifles", "British");

  spec.troop_type = "rifleman";
  spec.name = "  ";
  g_assert_cmpint (muster_store_create_character (store, force, &spec, &error), ==, 0);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_clear_error (&error);
  spec.name = "007";
  g_assert_cmpint (muster_store_create_character (store, force, &spec, &error), ==, 0);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_clear_error (&error);
}

static void
test_force_crud (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) forces = NULL;
  g_autoptr(MusterForce) force = NULL;
  g_autofree char *id_text = NULL;
  gint64 campaign, other, rifles, bandits;

  campaign = make_campaign (store, "The Coa");
  other = make_campaign (store, "Elsewhere");
  rifles = make_force (store, campaign, "95th Rifles", "British");
  bandits = make_force (store, campaign, "Bandits", NULL);
  make_character (store, rifles, "Patrick Nolan", "rifleman", NULL, 10);

  forces = muster_store_list_forces (store, campaign, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (forces->len, ==, 2);
  g_assert_cmpstr (muster_force_get_name (g_ptr_array_index (forces, 0)), ==, "95th Rifles");
  g_assert_cmpuint (muster_force_get_n_characters (g_ptr_array_index (forces, 0)), ==, 1);
  g_assert_cmpstr (muster_force_get_side (g_ptr_array_index (forces, 1)), ==, NULL);
  g_assert_cmpstr (muster_force_get_effective_side (g_ptr_array_index (forces, 1)), ==, "Bandits");

  force = muster_store_find_force (store, campaign, "Bandits", &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_force_get_id (force), ==, bandits);
  g_clear_object (&force);
  id_text = g_strdup_printf ("%" G_GINT64_FORMAT, rifles);
  force = muster_store_find_force (store, campaign, id_text, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_force_get_side (force), ==, "British");
  g_clear_object (&force);
  /* An id must belong to the campaign. */
  force = muster_store_find_force (store, other, id_text, &error);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_true (muster_store_set_force_side (store, bandits, "Spanish", &error));
  g_assert_no_error (error);
  g_assert_true (muster_store_rename_force (store, bandits, "Guerrilleros", &error));
  g_assert_no_error (error);
  g_assert_false (muster_store_rename_force (store, bandits, "95th Rifles", &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_EXISTS);
  g_clear_error (&error);
  force = muster_store_get_force (store, bandits, &error);
  g_assert_cmpstr (muster_force_get_name (force), ==, "Guerrilleros");
  g_assert_cmpstr (muster_force_get_effective_side (force), ==, "Spanish");
}

/* --- Characters ---------------------------------------------------------- */

static void
test_character_crud (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCharacter) character = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GPtrArray) log = NULL;
  g_autofree char *id_text = NULL;
  gint64 campaign, rifles, line, nolan, marsh, marsh2;
  int value;

  campaign = make_campaign (store, "The Coa");
  rifles = make_force (store, campaign, "95th Rifles", "British");
  line = make_force (store, campaign, "Light Company", "British");
  nolan = make_character (store, rifles, "Patrick Nolan", "rifleman", NULL, 11);
  marsh = make_character (store, rifles, "Daniel Marsh", "rifleman", NULL, 8);
  marsh2 = make_character (store, line, "Daniel Marsh", "line", NULL, 6);

  character = muster_store_get_character (store, nolan, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_character_get_name (character), ==, "Patrick Nolan");
  g_assert_cmpstr (muster_character_get_weapon (character), ==, "rifle");  /* the default */
  g_assert_cmpstr (muster_character_get_force_name (character), ==, "95th Rifles");
  g_assert_cmpstr (muster_character_get_side (character), ==, "British");
  g_assert_cmpint (muster_character_get_status (character), ==, MUSTER_STATUS_ACTIVE);
  g_assert_true (muster_character_get_stat (character, "F", &value));
  g_assert_cmpint (value, ==, 11);
  g_assert_false (muster_character_get_stat (character, "Q", &value));
  g_clear_object (&character);

  list = muster_store_list_characters (store, campaign, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 3);
  g_assert_cmpint (muster_character_get_id (g_ptr_array_index (list, 0)), ==, nolan);
  g_clear_pointer (&list, g_ptr_array_unref);
  list = muster_store_list_characters (store, campaign, line, &error);
  g_assert_cmpuint (list->len, ==, 1);

  /* Two Daniel Marshes: ambiguous, and the message lists both ids. */
  character = muster_store_find_character (store, campaign, "Daniel Marsh", &error);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_AMBIGUOUS);
  id_text = g_strdup_printf ("%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT, marsh, marsh2);
  g_assert_nonnull (strstr (error->message, id_text));
  g_clear_error (&error);
  g_clear_pointer (&id_text, g_free);
  id_text = g_strdup_printf ("%" G_GINT64_FORMAT, marsh2);
  character = muster_store_find_character (store, campaign, id_text, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_character_get_troop_type (character), ==, "line");
  g_clear_object (&character);
  character = muster_store_find_character (store, campaign + 1, id_text, &error);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Text fields. */
  g_assert_true (muster_store_set_character_text (store, marsh2, "name", "Daniel Marsh the younger", &error));
  g_assert_true (muster_store_set_character_text (store, marsh2, "rank", "Corporal", &error));
  g_assert_true (muster_store_set_character_text (store, marsh2, "notes", "Lost a boot at the bridge.", &error));
  g_assert_no_error (error);
  g_assert_false (muster_store_set_character_text (store, marsh2, "colour", "red", &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (muster_store_set_character_text (store, marsh2, "troop_type", "hussar", &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "hussar"));
  g_assert_nonnull (strstr (error->message, "rifleman"));
  g_clear_error (&error);
  character = muster_store_find_character (store, campaign, "Daniel Marsh", &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_character_get_id (character), ==, marsh);
  g_clear_object (&character);
  character = muster_store_get_character (store, marsh2, &error);
  g_assert_cmpstr (muster_character_get_rank (character), ==, "Corporal");
  g_assert_cmpstr (muster_character_get_notes (character), ==, "Lost a boot at the bridge.");
  g_clear_object (&character);

  /* Stats: the range; a weapon's cap is not a limit on what he keeps. */
  g_assert_true (muster_store_set_character_stat (store, nolan, "I", 6, &error));
  g_assert_no_error (error);
  g_assert_false (muster_store_set_character_stat (store, nolan, "I", 13, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Initiative"));
  g_assert_nonnull (strstr (error->message, "12"));
  g_clear_error (&error);
  g_assert_false (muster_store_set_character_stat (store, nolan, "I", 0, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (muster_store_set_character_stat (store, nolan, "Z", 3, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (muster_store_set_character_stat (store, marsh2, "F", 10, &error));
  g_assert_no_error (error);
  g_assert_false (muster_store_set_character_stat (store, marsh2, "F", 13, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_clear_error (&error);

  /* A capped weapon on creation: he keeps his 11, and a weapon the rules
   * lack is refused. */
  {
    g_autoptr(GHashTable) stats = stats_new (1, 1, 1, 1, 11);
    MusterCharacterSpec spec = { .name = "Joseph Tulloch", .troop_type = "rifleman",
                                 .weapon = "musket", .stats = stats };

    g_assert_cmpint (muster_store_create_character (store, rifles, &spec, &error), >, 0);
    g_assert_no_error (error);
    spec.weapon = "blunderbuss";
    g_assert_cmpint (muster_store_create_character (store, rifles, &spec, &error), ==, 0);
    g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "blunderbuss"));
    g_clear_error (&error);
  }

  /* A rifleman handed a musket keeps his firing, and shoots it at 9. */
  g_assert_true (muster_store_set_character_text (store, nolan, "weapon", "musket", &error));
  g_assert_no_error (error);
  character = muster_store_get_character (store, nolan, &error);
  g_assert_true (muster_character_get_stat (character, "F", &value));
  g_assert_cmpint (value, ==, 11);
  g_assert_cmpstr (muster_character_get_weapon (character), ==, "musket");
  g_clear_object (&character);
  log = muster_store_list_log (store, campaign, 0, nolan, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (((MusterLogEntry *) g_ptr_array_index (log, 0))->message,
                            "he uses Firing 9 with it, and keeps his 11"));
  g_clear_pointer (&log, g_ptr_array_unref);

  /* Status, mounted, move. */
  g_assert_true (muster_store_set_character_status (store, nolan, MUSTER_STATUS_OUT_OF_ACTION, 2, &error));
  g_assert_true (muster_store_set_character_mounted (store, nolan, TRUE, &error));
  g_assert_true (muster_store_move_character (store, nolan, line, &error));
  g_assert_no_error (error);
  character = muster_store_get_character (store, nolan, &error);
  g_assert_cmpint (muster_character_get_status (character), ==, MUSTER_STATUS_OUT_OF_ACTION);
  g_assert_cmpint (muster_character_get_out_games (character), ==, 2);
  g_assert_true (muster_character_get_mounted (character));
  g_assert_cmpint (muster_character_get_force_id (character), ==, line);
  g_assert_cmpstr (muster_character_get_force_name (character), ==, "Light Company");
  g_clear_object (&character);

  log = muster_store_list_log (store, campaign, 0, nolan, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (log->len, ==, 6);
  g_assert_cmpstr (((MusterLogEntry *) g_ptr_array_index (log, 0))->kind, ==, "character-moved");
  g_assert_cmpstr (((MusterLogEntry *) g_ptr_array_index (log, 2))->kind, ==, "status");
  g_assert_nonnull (strstr (((MusterLogEntry *) g_ptr_array_index (log, 2))->message, "2 games"));
}

static void
test_kills_and_games (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCharacter) character = NULL;
  g_autofree char *sql = NULL;
  gint64 campaign, force, a, b;
  sqlite3 *db;

  campaign = make_campaign (store, "The Coa");
  force = make_force (store, campaign, "Light Company", "British");
  a = make_character (store, force, "Thomas Ward", "line", NULL, 6);
  b = make_character (store, force, "Samuel Kettle", "line", NULL, 6);

  db = raw_open (path);
  sql = g_strdup_printf ("INSERT INTO game (id, campaign_id, number, title, state) VALUES"
                         " (1, %1$" G_GINT64_FORMAT ", 1, 'Bridge', 'resolved'), (2, %1$" G_GINT64_FORMAT ", 2, 'Ford', 'played'),"
                         " (3, %1$" G_GINT64_FORMAT ", 3, 'Mill', 'planned');"
                         "INSERT INTO participation (game_id, character_id, side, killed_unnamed) VALUES"
                         " (1, %2$" G_GINT64_FORMAT ", 'British', 2), (2, %2$" G_GINT64_FORMAT ", 'British', 1),"
                         " (1, %3$" G_GINT64_FORMAT ", 'British', 0), (3, %2$" G_GINT64_FORMAT ", 'British', 0),"
                         " (3, %3$" G_GINT64_FORMAT ", 'British', 0);"
                         "INSERT INTO kill (game_id, killer_id, victim_id) VALUES (1, %2$" G_GINT64_FORMAT ", %3$" G_GINT64_FORMAT ");",
                         campaign, a, b);
  raw_exec (db, sql);
  sqlite3_close (db);

  character = muster_store_get_character (store, a, &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_character_get_kills (character), ==, 4);
  /* The planned game is not a game played yet. */
  g_assert_cmpint (muster_character_get_games (character), ==, 2);
  g_clear_object (&character);
  character = muster_store_get_character (store, b, &error);
  g_assert_cmpint (muster_character_get_kills (character), ==, 0);
  g_assert_cmpint (muster_character_get_games (character), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("MUSTER_FAKE_TIME", "2010-08-24T07:00:00Z", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/store/open/new", test_open_new);
  g_test_add_func ("/store/open/missing-folder", test_open_missing_folder);
  g_test_add_func ("/store/open/empty-file", test_open_empty_file);
  g_test_add_func ("/store/open/backup", test_open_backup);
  g_test_add_func ("/store/open/elsewhere", test_open_elsewhere);
  g_test_add_func ("/store/open/newer", test_open_newer);
  g_test_add_data_func ("/store/migrate/recruit-counter-in-campaign", GINT_TO_POINTER (TRUE),
                        test_migrate_recruit_counter);
  g_test_add_data_func ("/store/migrate/recruit-counter-in-table", GINT_TO_POINTER (FALSE),
                        test_migrate_recruit_counter);
  g_test_add_func ("/store/open/not-muster", test_open_not_muster);
  g_test_add_func ("/store/open/foreign-without-id", test_open_foreign_without_id);
  g_test_add_func ("/store/open/reopen", test_reopen);
  g_test_add_func ("/store/save-copy", test_save_copy);
  g_test_add_func ("/store/campaign/crud", test_campaign_crud);
  g_test_add_func ("/store/campaign/ruleset-shared", test_campaign_ruleset_shared);
  g_test_add_func ("/store/reader/small-cache", test_reader_small_cache);
  g_test_add_func ("/store/names", test_names);
  g_test_add_func ("/store/force/crud", test_force_crud);
  g_test_add_func ("/store/character/crud", test_character_crud);
  g_test_add_func ("/store/character/kills-and-games", test_kills_and_games);

  return g_test_run ();
}
