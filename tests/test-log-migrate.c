/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-log"

#include "config.h"

#include <locale.h>

#include "muster-log-private.h"
#include "muster-store-private.h"
#include "muster-store-test-util.h"
#include "muster-test-util.h"

/*
 * A library of version 6 kept its log as sentences in the language of
 * whoever wrote them. tests/migrations/log-v6.sql holds one written by
 * muster-cli of that version: a campaign in French, one in English and
 * one in Spanish. Brought up to date, each entry whose arguments can be
 * read back from its text and the rows it names has them, and says its
 * text again word for word in the language it was written in; the
 * others keep their text.
 */

typedef struct {
  char        *dir;
  MusterStore *store;
  GHashTable  *written;   /* log entry id -> the text it was written with */
} Fixture;

/* Campaigns of the fixture and the languages they were played in. */
static const struct {
  gint64      id;
  const char *ruleset;
  const char *lang;
} campaigns[] = {
  { 1, "sharpes-skirmish", "fr" },
  { 2, "chosen-men", "en" },
  { 3, "chosen-men", "es" },
};

/* The entry of a man recruited, then deleted: the rows it names are gone. */
#define KEPT_ENTRY 47

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  static const char * const migrations[] = {
    "0001-initial.sql", "0002-units.sql", "0003-history.sql", "0004-rules-updates.sql",
    "0005-rolled-stats.sql", "0006-nationality.sql",
  };
  g_autofree char *path = NULL;
  g_autofree char *rows = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3_stmt *stmt = NULL;
  sqlite3 *db;

  f->dir = muster_test_make_tmpdir ();
  path = g_build_filename (f->dir, "library.db", NULL);
  db = raw_open (path);
  raw_add_migration_functions (db);
  for (guint i = 0; i < G_N_ELEMENTS (migrations); i++)
    {
      g_autofree char *sql = read_migration_as_shipped (migrations[i]);

      raw_exec (db, sql);
    }
  raw_exec (db, "PRAGMA application_id = 1297437524; PRAGMA user_version = 6;");
  rows = muster_test_read_data ("migrations/log-v6.sql", NULL);
  raw_exec (db, rows);

  for (guint i = 0; i < G_N_ELEMENTS (campaigns); i++)
    {
      g_autofree char *file = g_strconcat (campaigns[i].ruleset, ".xml", NULL);
      g_autofree char *rules_path = g_build_filename (g_getenv ("MUSTER_RULESETS_DIR"), file, NULL);
      g_autofree char *xml = NULL;

      g_assert_true (g_file_get_contents (rules_path, &xml, NULL, &error));
      g_assert_cmpint (sqlite3_prepare_v2 (db, "UPDATE campaign SET ruleset_xml = ? WHERE id = ?", -1, &stmt, NULL),
                       ==, SQLITE_OK);
      sqlite3_bind_text (stmt, 1, xml, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (stmt, 2, campaigns[i].id);
      g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
      sqlite3_finalize (stmt);
    }

  f->written = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT id, message FROM log_entry", -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_hash_table_insert (f->written, g_memdup2 (&id, sizeof id),
                           g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
    }
  sqlite3_finalize (stmt);
  g_assert_cmpuint (g_hash_table_size (f->written), ==, 117);
  sqlite3_close (db);

  f->store = muster_store_open (path, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->store);
  g_clear_pointer (&f->written, g_hash_table_unref);
  muster_test_remove_tree (f->dir);
  g_free (f->dir);
}

/* Every entry but the one whose rows are gone has its arguments, which
 * say its text again in the language it was written in. */
static void
test_read_back (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GPtrArray) languages = muster_log_languages_installed ();
  guint converted = 0;

  for (guint c = 0; c < G_N_ELEMENTS (campaigns); c++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) log = muster_store_list_log (f->store, campaigns[c].id, 0, 0, &error);
      MusterRuleset *rules = muster_store_get_campaign_ruleset (f->store, campaigns[c].id, &error);

      g_assert_no_error (error);
      for (guint i = 0; i < log->len; i++)
        {
          const MusterLogEntry *entry = g_ptr_array_index (log, i);
          const char *written = g_hash_table_lookup (f->written, &entry->id);
          g_autoptr(JsonObject) args = NULL;
          g_autofree char *again = NULL;
          MusterLogRoll roll = { entry->expression, entry->faces, entry->total, entry->entered };
          MusterLogContext ctx = { muster_test_log_language (languages, campaigns[c].lang), rules, entry->kind, NULL,
                                   entry->has_roll ? &roll : NULL };

          if (entry->id == KEPT_ENTRY)
            {
              g_assert_null (entry->args);
              g_assert_cmpstr (entry->message, ==, written);
              continue;
            }
          if (entry->args == NULL)
            g_error ("Entry %" G_GINT64_FORMAT " (%s) was not read back: %s", entry->id, entry->kind, written);
          args = muster_log_args_from_string (entry->args, NULL);
          g_assert_nonnull (args);
          ctx.args = args;
          again = muster_log_format_in (&ctx);
          g_assert_cmpstr (again, ==, written);
          converted++;
        }
    }
  g_assert_cmpuint (converted, ==, 116);

  /* Converted entries keep no text of their own: what they say is their
   * arguments'. */
  g_assert_cmpint (raw_int (muster_store_get_db (f->store), "SELECT count(*) FROM log_entry WHERE message != ''"),
                   ==, 1);
  g_assert_cmpint (raw_int (muster_store_get_db (f->store), "PRAGMA user_version"), ==, MUSTER_STORE_SCHEMA_VERSION);
}

/* The text of entry @id as the log reads it now. */
static char *
reads (Fixture *f,
       gint64   campaign_id,
       gint64   id)
{
  g_autoptr(GPtrArray) log = muster_store_list_log (f->store, campaign_id, 0, 0, NULL);

  for (guint i = 0; log != NULL && i < log->len; i++)
    {
      const MusterLogEntry *entry = g_ptr_array_index (log, i);

      if (entry->id == id)
        return g_strdup (entry->message);
    }
  g_assert_not_reached ();
  return NULL;
}

/* An English reader reads the French and the Spanish campaign in English
 * (the tests run in C.UTF-8); the entry kept as text stays as written. */
static void
test_english_reader (Fixture       *f,
                     gconstpointer  data)
{
  static const struct {
    gint64      campaign;
    gint64      id;
    const char *args;
    const char *text;
  } cases[] = {
    { 1, 5, "{\"name\": \"Thomas Carter\", \"weapon\": \"rifle\"}",
      "Thomas Carter recruited: I 3, D 2, S 4, C 6, F 8 (rolled 2 + 6 = 8)" },
    { 1, 23, "{\"name\": \"Thomas Carter\", \"outcome\": \"unhurt\", \"kills\": 2}",
      "Thomas Carter: Unhurt; put 2 enemies out of action." },
    { 1, 24, "{\"name\": \"Patrick Harper\", \"outcome\": \"wounded\", \"light\": 1, \"serious\": 1}",
      "Patrick Harper: Wounded (1 light wound, 1 serious wound)." },
    { 1, 31, "{\"name\": \"Jean Lefort\", \"step\": \"death-roll\"}",
      "Jean Lefort dies of his wounds. (Death roll on 1d6: 6, rolled at the table)" },
    { 1, 52, "{\"force\": \"Loyal Lusitanians\"}",
      "Force “Loyal Lusitanians” joined the campaign from a file." },
    { 1, KEPT_ENTRY, NULL, "Dan Hagman recruté\u00A0: I 5, D 3, S 6, C 3, F 6" },
    { 2, 80, "{\"name\": \"Grenadiers\", \"figures\": \"killed\", \"count\": 1, \"left\": 9}",
      "Grenadiers: 1 figure killed struck off for good; 9 figures left." },
    { 3, 110, "{\"name\": \"Light company\", \"count\": 1}",
      "Light company: 1 wounded figure rejoins for the next game, tended by its musicians." },
    { 3, 116, "{\"name\": \"Voltigeurs\", \"by\": 2}",
      "Voltigeurs lost its colours and loses 2 base morale for good." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = reads (f, cases[i].campaign, cases[i].id);

      g_assert_cmpstr (text, ==, cases[i].text);
      if (cases[i].args != NULL)
        {
          g_autofree char *args = NULL;
          g_autofree char *sql = g_strdup_printf ("SELECT args FROM log_entry WHERE id = %" G_GINT64_FORMAT,
                                                  cases[i].id);
          sqlite3_stmt *stmt = NULL;

          g_assert_cmpint (sqlite3_prepare_v2 (muster_store_get_db (f->store), sql, -1, &stmt, NULL), ==, SQLITE_OK);
          g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
          args = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
          sqlite3_finalize (stmt);
          muster_test_assert_args (args, cases[i].args);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/log-migrate/read-back", Fixture, NULL, fixture_set_up, test_read_back, fixture_tear_down);
  g_test_add ("/log-migrate/english-reader", Fixture, NULL, fixture_set_up, test_english_reader, fixture_tear_down);

  return g_test_run ();
}
