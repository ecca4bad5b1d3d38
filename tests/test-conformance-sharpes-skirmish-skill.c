/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-conformance"

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-character.h"
#include "muster-character-stats.h"
#include "muster-sharpe-campaign-util.h"
#include "muster-store-private.h"
#include "muster-store-test-util.h"
#include "muster-store.h"
#include "muster-test-util.h"

/*
 * Sharpe's Skirmish's firing skill (seed 000): a man keeps the skill he
 * rolled, and a musket or carbine holds what he shoots with to 9 (seed
 * 000:241). A library written before Muster kept it so gets back the
 * skills a cap had lowered.
 */

/* A library as Muster kept it before version 5: a man's firing skill
 * held to his musket's 9 when stored. */
static void
write_version_3_library (const char *path)
{
  static const char * const migrations[] = { "0001-initial.sql", "0002-units.sql", "0003-history.sql" };
  /* name, troop type, weapon, F stored, F rolled (0: no roll), edited by hand */
  static const struct {
    const char *name;
    const char *type;
    const char *weapon;
    int         stored;
    int         rolled;
    gboolean    edited;
  } men[] = {
    { "Ashworth", "other",    "musket", 9,  11, FALSE },  /* rolled 2D6: 11, kept at 9 */
    { "Bramwell", "rifleman", "musket", 9,  12, FALSE },  /* a rifleman handed a musket */
    { "Crane",    "other",    "musket", 7,  11, FALSE },  /* 7 is no cap: someone set it */
    { "Dunn",     "other",    "musket", 9,  11, TRUE },   /* set by hand since */
    { "Ellis",    "line",     "musket", 6,  6,  FALSE },
    { "Fenn",     "rifleman", "rifle",  11, 11, FALSE },
    { "Gale",     "other",    "musket", 9,  0,  FALSE },  /* no roll kept: made by hand */
  };
  g_autofree char *xml = muster_test_read_data ("rulesets/sharpes-skirmish-1.xml", NULL);
  sqlite3 *db = raw_open (path);
  sqlite3_stmt *stmt = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (migrations); i++)
    {
      g_autofree char *file = g_build_filename (TEST_SRCDIR, "..", "src", "core", "migrations", migrations[i], NULL);
      g_autofree char *sql = NULL;

      g_assert_true (g_file_get_contents (file, &sql, NULL, NULL));
      raw_exec (db, sql);
    }
  raw_exec (db, "PRAGMA application_id = 1297437524; PRAGMA user_version = 3;");
  g_assert_cmpint (sqlite3_prepare_v2 (db, "INSERT INTO campaign (id, name, ruleset_id, ruleset_version,"
                                           " ruleset_xml, seed, created) VALUES (1, 'Busaco',"
                                           " 'sharpes-skirmish', '1', ?, 7, '2024-01-01T00:00:00Z')",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, xml, -1, SQLITE_TRANSIENT);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  sqlite3_finalize (stmt);
  raw_exec (db, "INSERT INTO force (id, campaign_id, name, side) VALUES (1, 1, 'Light company', 'British');");

  for (guint i = 0; i < G_N_ELEMENTS (men); i++)
    {
      g_autofree char *sql = NULL;
      int id = (int) i + 1;

      sql = g_strdup_printf ("INSERT INTO character (id, campaign_id, force_id, name, troop_type, weapon)"
                             " VALUES (%d, 1, 1, '%s', '%s', '%s');"
                             "INSERT INTO stat (character_id, key, value) VALUES"
                             " (%d, 'I', 3), (%d, 'D', 4), (%d, 'S', 3), (%d, 'C', 4), (%d, 'F', %d);",
                             id, men[i].name, men[i].type, men[i].weapon, id, id, id, id, id, men[i].stored);
      raw_exec (db, sql);
      g_clear_pointer (&sql, g_free);
      if (men[i].rolled > 0)
        {
          sql = g_strdup_printf ("INSERT INTO roll (campaign_id, character_id, purpose, expression, faces,"
                                 " total, created) VALUES (1, %d, 'recruit:F', '2d6', '5,6', %d,"
                                 " '2024-01-01T00:00:00Z');", id, men[i].rolled);
          raw_exec (db, sql);
          g_clear_pointer (&sql, g_free);
        }
      if (men[i].edited)
        {
          sql = g_strdup_printf ("INSERT INTO log_entry (campaign_id, character_id, kind, message, created)"
                                 " VALUES (1, %d, 'stat-changed', '%s: Firing changed from 8 to 9',"
                                 " '2024-01-02T00:00:00Z');", id, men[i].name);
          raw_exec (db, sql);
        }
    }
  sqlite3_close (db);
}

/* finding 1: a library written before the rolled skill was kept comes
 * back with the skill each man rolled when recruited, where his weapon's
 * cap had lowered it, shown with what he shoots at: "11 (9)"; the log
 * names whom it restored. */
static void
test_rolled_skill_restored (void)
{
  static const struct {
    const char *name;
    int         f;
    const char *shown;
    gboolean    restored;
  } expected[] = {
    { "Ashworth", 11, "11 (9)", TRUE },
    { "Bramwell", 12, "12 (9)", TRUE },
    { "Crane",    7,  "7",      FALSE },
    { "Dunn",     9,  "9",      FALSE },
    { "Ellis",    6,  "6",      FALSE },
    { "Fenn",     11, "11",     FALSE },
    { "Gale",     9,  "9",      FALSE },
  };
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autofree char *backup = g_strconcat (path, ".bak-v3", NULL);
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset;
  sqlite3 *db;

  write_version_3_library (path);
  store = muster_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_test (backup, G_FILE_TEST_IS_REGULAR));
  ruleset = muster_store_get_campaign_ruleset (store, 1, &error);
  g_assert_no_error (error);
  characters = muster_store_list_characters (store, 1, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (characters->len, ==, G_N_ELEMENTS (expected));

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      MusterCharacter *man = g_ptr_array_index (characters, i);
      g_autoptr(GPtrArray) log = muster_store_list_log (store, 1, 0, muster_character_get_id (man), &error);
      g_autofree char *shown = muster_character_format_stat (man, ruleset, "F");
      g_autofree char *key = muster_character_describe_caps (man, ruleset);
      guint n_restored = 0;
      int f = 0, used = 0;

      g_test_message ("%s: %s", muster_character_get_name (man), shown);
      g_assert_cmpstr (muster_character_get_name (man), ==, expected[i].name);
      g_assert_true (muster_character_get_stat (man, "F", &f));
      g_assert_cmpint (f, ==, expected[i].f);
      g_assert_cmpstr (shown, ==, expected[i].shown);
      /* With his musket he shoots at 9 at most (seed 000:241). */
      g_assert_true (muster_character_get_effective_stat (man, ruleset, "F", &used));
      g_assert_cmpint (used, ==, g_str_equal (muster_character_get_weapon (man), "musket") ? MIN (f, 9) : f);
      g_assert_cmpint (key != NULL, ==, f > used);
      if (key != NULL)
        g_assert_cmpstr (key, ==, "(9): Firing with his Musket");

      g_assert_no_error (error);
      for (guint l = 0; l < log->len; l++)
        {
          const MusterLogEntry *entry = g_ptr_array_index (log, l);

          if (g_str_equal (entry->kind, "stat-restored"))
            {
              g_autofree char *message = g_strdup_printf ("%s: Firing back to %d, as rolled when he was recruited; "
                                                          "it was kept at 9, his weapon’s limit, which he still "
                                                          "uses with that weapon.", expected[i].name, expected[i].f);

              g_autofree char *args = g_strdup_printf ("{\"name\": \"%s\", \"stat\": \"F\", \"value\": %d,"
                                                       " \"kept\": 9}", expected[i].name, expected[i].f);

              g_assert_cmpstr (entry->message, ==, message);
              /* Written as text by migration 5, read back by migration 7. */
              muster_test_assert_args (entry->args, args);
              n_restored++;
            }
        }
      g_assert_cmpuint (n_restored, ==, expected[i].restored ? 1 : 0);
    }
  g_clear_object (&store);

  db = raw_open (path);
  g_assert_cmpint (raw_int (db, "PRAGMA user_version"), ==, MUSTER_STORE_SCHEMA_VERSION);
  sqlite3_close (db);
  /* The backup is the library as it was. */
  db = raw_open (backup);
  g_assert_cmpint (raw_int (db, "PRAGMA user_version"), ==, 3);
  g_assert_cmpint (raw_int (db, "SELECT value FROM stat WHERE character_id = 1 AND key = 'F'"), ==, 9);
  sqlite3_close (db);
}

/* "11 (9)": man @id's firing skill as the store keeps it, then in
 * brackets what he shoots with, when that is less. */
static char *
firing_of (Campaign *c,
           gint64    id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCharacter) man = muster_store_get_character (c->store, id, &error);
  int f = 0, used = 0;

  g_assert_no_error (error);
  g_assert_true (muster_character_get_stat (man, "F", &f));
  g_assert_true (muster_character_get_effective_stat (man, c->ruleset, "F", &used));
  g_assert_cmpint (muster_character_stat_is_capped (man, c->ruleset, "F"), ==, used < f);
  return muster_character_format_stat (man, c->ruleset, "F");
}

/* finding 1: what he rolled is what he keeps, whatever weapon he carries
 * (seed 000:241: a man of 10 or more shoots a musket at 9, his rifle at
 * his own skill); the store takes a skill above the cap, and changing his
 * weapon either way changes only what he uses. */
static void
test_rolled_skill_kept (void)
{
  static const struct {
    const char *weapon;   /* NULL: as recruited */
    const char *shown;
  } steps[] = {
    { NULL,     "11 (9)" },  /* an "other" character with a musket may hold 11 */
    { "rifle",  "11" },      /* a rifle: his own 11 again */
    { "musket", "11 (9)" },  /* a musket again: he shoots at 9 and keeps 11 */
  };
  Campaign c = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) log = NULL;
  static const int eleven[5] = { 3, 4, 3, 4, 11 };
  const MusterLogEntry *entry;
  gint64 id;

  campaign_init (&c, NULL, 1814, NULL, NULL);
  id = add_man (&c, c.british, "Ashworth", "other", "musket", eleven);
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      g_autofree char *shown = NULL;

      if (steps[i].weapon != NULL)
        g_assert_true (muster_store_set_character_text (c.store, id, "weapon", steps[i].weapon, &error));
      g_assert_no_error (error);
      shown = firing_of (&c, id);
      g_assert_cmpstr (shown, ==, steps[i].shown);
    }
  /* The log says what the musket leaves him. */
  log = muster_store_list_log (c.store, c.campaign, 0, id, &error);
  entry = g_ptr_array_index (log, 0);
  g_assert_cmpstr (entry->message, ==, "Ashworth now carries a Musket; he uses Firing 9 with it, and keeps his 11");

  /* set F: the stat's own range (1 to 12), not the cap. */
  g_assert_true (muster_store_set_character_stat (c.store, id, "F", 12, &error));
  g_assert_no_error (error);
  g_assert_false (muster_store_set_character_stat (c.store, id, "F", 13, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  campaign_clear (&c);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/conformance/sharpes-skirmish/skill/restored", test_rolled_skill_restored);
  g_test_add_func ("/conformance/sharpes-skirmish/skill/kept", test_rolled_skill_kept);

  return g_test_run ();
}
