/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-exchange"

#include "config.h"

#include <string.h>

#include <fcntl.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <sqlite3.h>

#include "muster-exchange.h"
#include "muster-recruit.h"
#include "muster-store.h"
#include "muster-store-private.h"
#include "muster-test-util.h"

/* --- Helpers ------------------------------------------------------------- */

static char *
export_campaign (MusterStore *store,
                 gint64       campaign_id)
{
  g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_exchange_export_campaign (store, campaign_id, stream, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (stream, "", 1, NULL, NULL, NULL));
  g_output_stream_close (stream, NULL, NULL);
  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (stream));
}

static char *
export_force (MusterStore *store,
              gint64       force_id)
{
  g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_exchange_export_force (store, force_id, stream, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (stream, "", 1, NULL, NULL, NULL));
  g_output_stream_close (stream, NULL, NULL);
  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (stream));
}

/* Runs SQL with positional int64 or text parameters: "i" or "t" per ?. */
static gint64
sql (MusterStore *store,
     const char  *statement,
     const char  *types,
     ...)
{
  sqlite3 *db = muster_store_get_db (store);
  sqlite3_stmt *stmt = NULL;
  va_list args;
  int rc;
  gint64 result = 0;

  g_assert_cmpint (sqlite3_prepare_v2 (db, statement, -1, &stmt, NULL), ==, SQLITE_OK);
  va_start (args, types);
  for (int i = 0; types[i] != '\0'; i++)
    {
      if (types[i] == 'i')
        sqlite3_bind_int64 (stmt, i + 1, va_arg (args, gint64));
      else if (types[i] == 'n')
        sqlite3_bind_null (stmt, i + 1);
      else
        sqlite3_bind_text (stmt, i + 1, va_arg (args, const char *), -1, SQLITE_TRANSIENT);
    }
  va_end (args);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    result = sqlite3_column_int64 (stmt, 0);
  else
    {
      if (rc != SQLITE_DONE)
        g_error ("%s: %s", statement, sqlite3_errmsg (db));
      result = sqlite3_last_insert_rowid (db);
    }
  sqlite3_finalize (stmt);
  return result;
}

static GArray *
column_ids (MusterStore *store,
            const char  *statement,
            gint64       param)
{
  sqlite3 *db = muster_store_get_db (store);
  sqlite3_stmt *stmt = NULL;
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  g_assert_cmpint (sqlite3_prepare_v2 (db, statement, -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_int64 (stmt, 1, param);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (ids, id);
    }
  sqlite3_finalize (stmt);
  return ids;
}

#define ID(array, i) g_array_index ((array), gint64, (i))

/* The sample campaign with a played and resolved game, kills, rolls, a
 * resolution, log entries, units and text that needs escaping. */
static gint64
make_sample (MusterStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) chars = NULL;
  g_autoptr(GArray) forces = NULL;
  gint64 campaign, game, game2, unit, resolution, roll;

  campaign = muster_store_create_sample (store, "Sample & “Peninsula”", &error);
  g_assert_no_error (error);
  g_assert_cmpint (campaign, >, 0);

  chars = column_ids (store, "SELECT id FROM character WHERE campaign_id = ? ORDER BY id", campaign);
  forces = column_ids (store, "SELECT id FROM force WHERE campaign_id = ? ORDER BY id", campaign);
  g_assert_cmpuint (chars->len, >=, 4);
  g_assert_cmpuint (forces->len, >=, 2);

  g_assert_true (muster_store_begin (store, NULL));
  sql (store, "UPDATE campaign SET notes = ? WHERE id = ?", "ti",
       "Tabs\tand\r\nCRLF, <angle> & \"quotes\"\nand a ]]> too", campaign);
  sql (store, "INSERT OR REPLACE INTO campaign_option (campaign_id, key, value) VALUES (?, 'death-roll', 'out-d6-games')",
       "i", campaign);
  sql (store, "UPDATE force SET notes = 'Light company' WHERE id = ?", "i", ID (forces, 0));
  /* A unit of the second force led by a character of the first: the
   * reference points forward in the file. */
  unit = sql (store, "INSERT INTO unit (force_id, name, kind, troop_type, size, lost, notes)"
              " VALUES (?, 'Voltigeurs', 'company', 'voltigeur', 10, 2, 'Green')", "i", ID (forces, 1));
  sql (store, "UPDATE character SET unit_id = ?, notes = ' leading  spaces ' WHERE id = ?", "ii",
       unit, ID (chars, 0));

  game = sql (store, "INSERT INTO game (campaign_id, number, title, date, state, side_a, side_b, winner, notes)"
              " VALUES (?, 1, 'The bridge at Almeida', '1810-07-24', 'resolved', 'British', 'French', 'British', 'Rain')",
              "i", campaign);
  game2 = sql (store, "INSERT INTO game (campaign_id, number, title, state) VALUES (?, 2, 'Night raid', 'planned')",
               "i", campaign);
  (void) game2;
  sql (store, "INSERT INTO participation (game_id, character_id, side, outcome, light_wounds, serious_wounds, killed_unnamed, notes)"
       " VALUES (?, ?, 'British', 'wounded', 1, 0, 2, 'Brave')", "ii", game, ID (chars, 1));
  sql (store, "INSERT INTO participation (game_id, character_id, side, outcome) VALUES (?, ?, 'British', 'unhurt')",
       "ii", game, ID (chars, 0));
  sql (store, "INSERT INTO participation (game_id, character_id, side, outcome) VALUES (?, ?, 'French', 'out-of-action')",
       "ii", game, ID (chars, chars->len - 1));
  sql (store, "INSERT INTO participation (game_id, character_id, side) VALUES (?, ?, 'French')",
       "ii", game, ID (chars, chars->len - 2));
  sql (store, "INSERT INTO kill (game_id, killer_id, victim_id) VALUES (?, ?, ?)", "iii",
       game, ID (chars, 0), ID (chars, chars->len - 1));
  sql (store, "INSERT INTO kill (game_id, killer_id, victim_id) VALUES (?, ?, ?)", "iii",
       game, ID (chars, chars->len - 2), ID (chars, 1));

  resolution = sql (store, "INSERT INTO resolution (campaign_id, game_id, created) VALUES (?, ?, '2024-03-01T10:00:00Z')",
                    "ii", campaign, game);
  sql (store, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value) VALUES (?, 1, 'character', ?, 'status', 'active')",
       "ii", resolution, ID (chars, chars->len - 1));
  sql (store, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value) VALUES (?, 2, 'character', ?, 'out_games', 0)",
       "ii", resolution, ID (chars, 1));
  sql (store, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value) VALUES (?, 3, 'stat', ?, 'F', 7)",
       "ii", resolution, ID (chars, 1));
  sql (store, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value) VALUES (?, 4, 'unit', ?, 'morale_loss', 0.5)",
       "ii", resolution, unit);
  sql (store, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value) VALUES (?, 5, 'game', ?, 'state', NULL)",
       "ii", resolution, game);
  sql (store, "UPDATE character SET status = 'dead' WHERE id = ?", "i", ID (chars, chars->len - 1));

  roll = sql (store, "INSERT INTO roll (campaign_id, game_id, character_id, resolution_id, purpose, expression, faces, total, entered, created)"
              " VALUES (?, ?, ?, ?, 'death-roll', '1d6', '6', 6, 1, '2024-03-01T10:00:01Z')",
              "iiii", campaign, game, ID (chars, chars->len - 1), resolution);
  sql (store, "INSERT INTO log_entry (campaign_id, game_id, character_id, resolution_id, roll_id, kind, message, created)"
       " VALUES (?, ?, ?, ?, ?, 'death', 'Died of his wounds (rolled 6).', '2024-03-01T10:00:01Z')",
       "iiiii", campaign, game, ID (chars, chars->len - 1), resolution, roll);
  sql (store, "INSERT INTO log_entry (campaign_id, kind, message, created)"
       " VALUES (?, 'note', '', '2024-03-02T00:00:00Z')", "i", campaign);
  g_assert_true (muster_store_commit (store, NULL));

  return campaign;
}

/* A campaign of @n_characters in four forces and @n_games games, written
 * straight into the tables in one transaction. */
static gint64
make_big (MusterStore *store,
          guint        n_characters,
          guint        n_games)
{
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("sharpes-skirmish", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) chars = g_array_new (FALSE, FALSE, sizeof (gint64));
  static const char * const stats[] = { "I", "D", "S", "C", "F" };
  sqlite3 *db = muster_store_get_db (store);
  sqlite3_stmt *character, *stat, *part, *kill, *roll, *log;
  gint64 campaign, forces[4];
  GRand *rand = g_rand_new_with_seed (7);

  g_assert_nonnull (ruleset);
  campaign = muster_store_create_campaign (store, "Big campaign", ruleset, 99, NULL, &error);
  g_assert_no_error (error);

  g_assert_true (muster_store_begin (store, NULL));
  for (guint f = 0; f < 4; f++)
    {
      g_autofree char *name = g_strdup_printf ("Force %u", f + 1);
      forces[f] = sql (store, "INSERT INTO force (campaign_id, name, side) VALUES (?, ?, ?)", "its",
                       campaign, name, f % 2 == 0 ? "British" : "French");
    }

  g_assert_cmpint (sqlite3_prepare_v2 (db,
                   "INSERT INTO character (campaign_id, force_id, name, rank, troop_type, weapon, status, light_wounds)"
                   " VALUES (?, ?, ?, '', 'line', 'musket', ?, ?)", -1, &character, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "INSERT INTO stat (character_id, key, value) VALUES (?, ?, ?)",
                                       -1, &stat, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db,
                   "INSERT INTO participation (game_id, character_id, side, outcome, light_wounds) VALUES (?, ?, ?, ?, ?)",
                   -1, &part, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "INSERT INTO kill (game_id, killer_id, victim_id) VALUES (?, ?, ?)",
                                       -1, &kill, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db,
                   "INSERT INTO roll (campaign_id, game_id, character_id, purpose, expression, faces, total, created)"
                   " VALUES (?, ?, ?, 'death-roll', '1d6', ?, ?, '2024-01-01T00:00:00Z')", -1, &roll, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db,
                   "INSERT INTO log_entry (campaign_id, game_id, character_id, roll_id, kind, message, created)"
                   " VALUES (?, ?, ?, ?, 'roll', ?, '2024-01-01T00:00:00Z')", -1, &log, NULL), ==, SQLITE_OK);

  for (guint i = 0; i < n_characters; i++)
    {
      g_autofree char *name = g_strdup_printf ("Soldier %u", i + 1);
      gint64 id;

      sqlite3_bind_int64 (character, 1, campaign);
      sqlite3_bind_int64 (character, 2, forces[i % 4]);
      sqlite3_bind_text (character, 3, name, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (character, 4, i % 10 == 0 ? "dead" : "active", -1, SQLITE_STATIC);
      sqlite3_bind_int (character, 5, i % 3);
      g_assert_cmpint (sqlite3_step (character), ==, SQLITE_DONE);
      sqlite3_reset (character);
      id = sqlite3_last_insert_rowid (db);
      g_array_append_val (chars, id);
      for (guint s = 0; s < G_N_ELEMENTS (stats); s++)
        {
          sqlite3_bind_int64 (stat, 1, id);
          sqlite3_bind_text (stat, 2, stats[s], -1, SQLITE_STATIC);
          sqlite3_bind_int (stat, 3, g_rand_int_range (rand, 1, 7));
          g_assert_cmpint (sqlite3_step (stat), ==, SQLITE_DONE);
          sqlite3_reset (stat);
        }
    }

  for (guint g = 0; g < n_games; g++)
    {
      g_autofree char *title = g_strdup_printf ("Skirmish %u", g + 1);
      gint64 game = sql (store, "INSERT INTO game (campaign_id, number, title, state, side_a, side_b)"
                         " VALUES (?, ?, ?, 'played', 'British', 'French')", "iit",
                         campaign, (gint64) g + 1, title);
      guint first = g_rand_int_range (rand, 0, n_characters - 20);

      for (guint p = 0; p < 20; p++)
        {
          gint64 who = ID (chars, first + p);
          g_autofree char *faces = g_strdup_printf ("%d", g_rand_int_range (rand, 1, 7));
          g_autofree char *message = g_strdup_printf ("Soldier %u rolled %s.", first + p + 1, faces);
          gint64 roll_id;

          sqlite3_bind_int64 (part, 1, game);
          sqlite3_bind_int64 (part, 2, who);
          sqlite3_bind_text (part, 3, (first + p) % 2 == 0 ? "British" : "French", -1, SQLITE_STATIC);
          sqlite3_bind_text (part, 4, p % 4 == 0 ? "wounded" : "unhurt", -1, SQLITE_STATIC);
          sqlite3_bind_int (part, 5, p % 4 == 0 ? 1 : 0);
          g_assert_cmpint (sqlite3_step (part), ==, SQLITE_DONE);
          sqlite3_reset (part);

          sqlite3_bind_int64 (roll, 1, campaign);
          sqlite3_bind_int64 (roll, 2, game);
          sqlite3_bind_int64 (roll, 3, who);
          sqlite3_bind_text (roll, 4, faces, -1, SQLITE_TRANSIENT);
          sqlite3_bind_int (roll, 5, atoi (faces));
          g_assert_cmpint (sqlite3_step (roll), ==, SQLITE_DONE);
          sqlite3_reset (roll);
          roll_id = sqlite3_last_insert_rowid (db);

          sqlite3_bind_int64 (log, 1, campaign);
          sqlite3_bind_int64 (log, 2, game);
          sqlite3_bind_int64 (log, 3, who);
          sqlite3_bind_int64 (log, 4, roll_id);
          sqlite3_bind_text (log, 5, message, -1, SQLITE_TRANSIENT);
          g_assert_cmpint (sqlite3_step (log), ==, SQLITE_DONE);
          sqlite3_reset (log);
        }
      for (guint k = 0; k < 3; k++)
        {
          sqlite3_bind_int64 (kill, 1, game);
          sqlite3_bind_int64 (kill, 2, ID (chars, first + k));
          sqlite3_bind_int64 (kill, 3, ID (chars, first + 19 - k));
          g_assert_cmpint (sqlite3_step (kill), ==, SQLITE_DONE);
          sqlite3_reset (kill);
        }
    }
  sqlite3_finalize (character);
  sqlite3_finalize (stat);
  sqlite3_finalize (part);
  sqlite3_finalize (kill);
  sqlite3_finalize (roll);
  sqlite3_finalize (log);
  g_assert_true (muster_store_commit (store, NULL));
  g_rand_free (rand);
  return campaign;
}

static gint64
count (MusterStore *store,
       const char  *statement,
       gint64       param)
{
  return sql (store, statement, "i", param);
}

/* Lines of @text up to @needle, counting from 1. */
static int
line_of (const char *text,
         const char *needle)
{
  const char *p = strstr (text, needle);
  int line = 1;

  g_assert_nonnull (p);
  for (const char *q = text; q < p; q++)
    if (*q == '\n')
      line++;
  return line;
}

static char *
replace_once (const char *text,
              const char *from,
              const char *to)
{
  const char *p = strstr (text, from);

  g_assert_nonnull (p);
  return g_strdup_printf ("%.*s%s%s", (int) (p - text), text, to, p + strlen (from));
}

/* Imports @data, which must fail with @code; checks that the message
 * holds each of the NULL-terminated strings and that the library did not
 * change. Returns the message. */
static char *
expect_refused (MusterStore *store,
                gint64       into,
                const char  *data,
                gssize       length,
                int          code,
                ...)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = muster_store_dump (store);
  g_autofree char *after = NULL;
  const char *needle;
  va_list args;
  gint64 id;

  id = muster_exchange_import_data (store, data, length < 0 ? strlen (data) : (gsize) length,
                                    "bad.muster", into, NULL, &error);
  g_assert_cmpint (id, ==, 0);
  g_assert_error (error, MUSTER_EXCHANGE_ERROR, code);
  g_test_message ("refused: %s", error->message);

  va_start (args, code);
  while ((needle = va_arg (args, const char *)) != NULL)
    if (strstr (error->message, needle) == NULL)
      g_error ("“%s” is not in the message “%s”", needle, error->message);
  va_end (args);

  after = muster_store_dump (store);
  g_assert_cmpstr (before, ==, after);
  return g_strdup (error->message);
}

static char *
read_fixture (const char *name,
              gsize      *length)
{
  g_autofree char *rel = g_build_filename ("exchange", name, NULL);
  return muster_test_read_data (rel, length);
}

/* A library with the sample campaign, to import into. */
static MusterStore *
sample_library (gint64 *campaign)
{
  MusterStore *store = muster_test_open_store (NULL);

  *campaign = make_sample (store);
  return store;
}

/* --- Round trips ----------------------------------------------------------- */

static void
test_roundtrip_sample (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterStore) empty = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *name = NULL;
  MusterExchangeKind kind = MUSTER_EXCHANGE_FORCE;
  gint64 campaign, copy, again;

  campaign = make_sample (store);
  first = export_campaign (store, campaign);

  g_assert_true (g_str_has_prefix (first, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                          "<muster xmlns=\"" MUSTER_EXCHANGE_NS "\" version=\"1\" kind=\"campaign\">\n"));
  g_assert_nonnull (strstr (first, "<kill killer=\"c1\""));
  g_assert_nonnull (strstr (first, "type=\"real\" value=\"0.5\""));
  g_assert_nonnull (strstr (first, "&#13;"));

  copy = muster_exchange_import_data (empty, first, strlen (first), "sample.muster", 0, &kind, &error);
  g_assert_no_error (error);
  g_assert_cmpint (copy, >, 0);
  g_assert_cmpint (kind, ==, MUSTER_EXCHANGE_CAMPAIGN);

  second = export_campaign (empty, copy);
  g_assert_cmpstr (first, ==, second);

  g_assert_cmpint (count (empty, "SELECT COUNT(*) FROM character WHERE campaign_id = ?", copy), ==,
                   count (store, "SELECT COUNT(*) FROM character WHERE campaign_id = ?", campaign));
  g_assert_cmpint (count (empty, "SELECT COUNT(*) FROM log_entry WHERE campaign_id = ?", copy), ==,
                   count (store, "SELECT COUNT(*) FROM log_entry WHERE campaign_id = ?", campaign));

  /* Into the library it came from: a new campaign with a name of its own. */
  again = muster_exchange_import_data (store, first, strlen (first), "sample.muster", 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (again, !=, campaign);
  {
    sqlite3_stmt *stmt = NULL;

    sqlite3_prepare_v2 (muster_store_get_db (store), "SELECT name FROM campaign WHERE id = ?", -1, &stmt, NULL);
    sqlite3_bind_int64 (stmt, 1, again);
    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
    name = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
    sqlite3_finalize (stmt);
  }
  g_assert_cmpstr (name, ==, "Sample & “Peninsula” (2)");
}

static void
test_roundtrip_big (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterStore) empty = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autoptr(GTimer) timer = g_timer_new ();
  gint64 campaign, copy;

  campaign = make_big (store, 1000, 100);
  g_test_message ("generated in %.2f s", g_timer_elapsed (timer, NULL));

  g_timer_start (timer);
  first = export_campaign (store, campaign);
  g_test_message ("exported %zu bytes in %.2f s", strlen (first), g_timer_elapsed (timer, NULL));

  g_timer_start (timer);
  copy = muster_exchange_import_data (empty, first, strlen (first), "big.muster", 0, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("imported in %.2f s", g_timer_elapsed (timer, NULL));

  second = export_campaign (empty, copy);
  g_assert_cmpstr (first, ==, second);
  g_assert_cmpint (count (empty, "SELECT COUNT(*) FROM character WHERE campaign_id = ?", copy), ==, 1000);
  g_assert_cmpint (count (empty, "SELECT COUNT(*) FROM game WHERE campaign_id = ?", copy), ==, 100);
  g_assert_cmpint (count (empty, "SELECT COUNT(*) FROM participation p JOIN game g ON g.id = p.game_id WHERE g.campaign_id = ?", copy),
                   ==, 2000);
}

/* The size the issue asks timings for: run with -m slow. */
static void
test_roundtrip_huge (void)
{
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(MusterStore) empty = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *path2 = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autoptr(GTimer) timer = g_timer_new ();
  gint64 campaign, copy;

  if (!g_test_slow ())
    {
      g_test_skip ("10,000 characters and 1,000 games: run with -m slow");
      return;
    }

  store = muster_test_open_store (NULL);
  empty = muster_test_open_store (NULL);
  dir = muster_test_make_tmpdir ();
  path = g_build_filename (dir, "huge.muster", NULL);
  path2 = g_build_filename (dir, "again.muster", NULL);

  campaign = make_big (store, 10000, 1000);
  g_test_message ("generated in %.2f s", g_timer_elapsed (timer, NULL));

  g_timer_start (timer);
  g_assert_true (muster_exchange_export_to_path (store, MUSTER_EXCHANGE_CAMPAIGN, campaign, path, &error));
  g_assert_no_error (error);
  g_test_message ("exported in %.2f s", g_timer_elapsed (timer, NULL));

  g_timer_start (timer);
  copy = muster_exchange_import (empty, path, 0, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("imported in %.2f s", g_timer_elapsed (timer, NULL));

  g_assert_true (muster_exchange_export_to_path (empty, MUSTER_EXCHANGE_CAMPAIGN, copy, path2, &error));
  g_assert_true (g_file_get_contents (path, &first, NULL, NULL));
  g_assert_true (g_file_get_contents (path2, &second, NULL, NULL));
  g_assert_cmpstr (first, ==, second);
}

static void
test_roundtrip_file (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterStore) empty = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "campaign.muster", NULL);
  g_autofree char *path2 = g_build_filename (dir, "again.muster", NULL);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *name = NULL;
  MusterExchangeKind kind;
  gint64 campaign, copy;

  campaign = make_sample (store);
  g_assert_true (muster_exchange_export_to_path (store, MUSTER_EXCHANGE_CAMPAIGN, campaign, path, &error));
  g_assert_no_error (error);

  g_assert_true (muster_exchange_peek (path, &kind, &name, &error));
  g_assert_no_error (error);
  g_assert_cmpint (kind, ==, MUSTER_EXCHANGE_CAMPAIGN);
  g_assert_cmpstr (name, ==, "Sample & “Peninsula”");

  copy = muster_exchange_import (empty, path, 0, &kind, &error);
  g_assert_no_error (error);
  g_assert_cmpint (copy, >, 0);
  g_assert_true (muster_exchange_export_to_path (empty, MUSTER_EXCHANGE_CAMPAIGN, copy, path2, &error));
  g_assert_no_error (error);

  g_assert_true (g_file_get_contents (path, &first, NULL, NULL));
  g_assert_true (g_file_get_contents (path2, &second, NULL, NULL));
  g_assert_cmpstr (first, ==, second);

  /* A failed export leaves the file that was there. */
  g_assert_false (muster_exchange_export_to_path (store, MUSTER_EXCHANGE_CAMPAIGN, 9999, path, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND);
  g_clear_pointer (&second, g_free);
  g_assert_true (g_file_get_contents (path, &second, NULL, NULL));
  g_assert_cmpstr (first, ==, second);
}

/* What a file holds, counted for the confirmation before an import. */
static void
test_describe (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterExchangeSummary) summary = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "big.muster", NULL);
  g_autofree char *force_path = g_build_filename (TEST_SRCDIR, "exchange", "force.muster", NULL);
  const char * const refused[] = { "not-xml.muster", "empty.muster", "wrong-root.muster",
                                   "wrong-namespace.muster", "billion-laughs.muster" };
  gint64 campaign;

  campaign = make_big (store, 60, 7);
  g_assert_true (muster_exchange_export_to_path (store, MUSTER_EXCHANGE_CAMPAIGN, campaign, path, &error));
  g_assert_no_error (error);

  summary = muster_exchange_describe (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (summary->kind, ==, MUSTER_EXCHANGE_CAMPAIGN);
  g_assert_cmpstr (summary->name, ==, "Big campaign");
  g_assert_cmpstr (summary->ruleset_id, ==, "sharpes-skirmish");
  g_assert_cmpuint (summary->n_forces, ==, 4);
  g_assert_cmpuint (summary->n_units, ==, 0);
  g_assert_cmpuint (summary->n_characters, ==, 60);
  g_assert_cmpuint (summary->n_games, ==, 7);
  g_clear_pointer (&summary, muster_exchange_summary_free);

  summary = muster_exchange_describe (force_path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (summary->kind, ==, MUSTER_EXCHANGE_FORCE);
  g_assert_cmpstr (summary->name, ==, "South Essex Light Company");
  g_assert_cmpstr (summary->ruleset_id, ==, "sharpes-skirmish");
  g_assert_cmpuint (summary->n_forces, ==, 1);
  g_assert_cmpuint (summary->n_units, ==, 1);
  g_assert_cmpuint (summary->n_characters, ==, 2);
  g_assert_cmpuint (summary->n_games, ==, 0);
  g_clear_pointer (&summary, muster_exchange_summary_free);

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autofree char *bad = g_build_filename (TEST_SRCDIR, "exchange", refused[i], NULL);

      summary = muster_exchange_describe (bad, &error);
      g_assert_null (summary);
      g_assert_error (error, MUSTER_EXCHANGE_ERROR, MUSTER_EXCHANGE_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, refused[i]));
      g_clear_error (&error);
    }
}

static char *
strip_totals (const char *text)
{
  g_autoptr(GRegex) regex = g_regex_new (" kills=\"[0-9]+\" games=\"[0-9]+\"", 0, 0, NULL);

  return g_regex_replace_literal (regex, text, -1, 0, "", 0, NULL);
}

static void
test_roundtrip_force (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterStore) other = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("sharpes-skirmish", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) forces = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  MusterExchangeKind kind = MUSTER_EXCHANGE_CAMPAIGN;
  gint64 campaign, target, force;

  campaign = make_sample (store);
  forces = column_ids (store, "SELECT id FROM force WHERE campaign_id = ? ORDER BY id", campaign);
  first = export_force (store, ID (forces, 0));
  g_assert_nonnull (strstr (first, "kind=\"force\""));
  g_assert_nonnull (strstr (first, "<ruleset id=\"sharpes-skirmish\""));
  g_assert_nonnull (strstr (first, " kills=\"1\""));

  target = muster_store_create_campaign (other, "Another campaign", ruleset, 5, NULL, &error);
  g_assert_no_error (error);

  /* A force file needs a campaign to join. */
  g_free (expect_refused (other, 0, first, -1, MUSTER_EXCHANGE_ERROR_KIND, "campaign", NULL));

  force = muster_exchange_import_data (other, first, strlen (first), "force.muster", target, &kind, &error);
  g_assert_no_error (error);
  g_assert_cmpint (force, >, 0);
  g_assert_cmpint (kind, ==, MUSTER_EXCHANGE_FORCE);
  g_assert_cmpint (count (other, "SELECT COUNT(*) FROM log_entry WHERE campaign_id = ? AND kind = 'import'", target),
                   ==, 1 + count (other, "SELECT COUNT(*) FROM character WHERE force_id = ?", force));

  /* Kills and games stay behind as totals in the log, so compare without them. */
  second = export_force (other, force);
  a = strip_totals (first);
  b = strip_totals (second);
  g_assert_cmpstr (a, ==, b);

  /* Again: the name is taken, so the force gets a name of its own. */
  force = muster_exchange_import_data (other, first, strlen (first), "force.muster", target, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (count (other, "SELECT COUNT(*) FROM force WHERE campaign_id = ?", target), ==, 2);
  g_assert_cmpint (count (other, "SELECT COUNT(*) FROM force WHERE id = ? AND name LIKE '% (2)'", force), ==, 1);
}

static void
test_force_fixture (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;
  gint64 campaign, force;
  g_autoptr(MusterStore) store = sample_library (&campaign);

  {
    g_autofree char *path = g_build_filename (TEST_SRCDIR, "exchange", "force.muster", NULL);
    g_autofree char *bad = g_build_filename (TEST_SRCDIR, "exchange", "wrong-namespace.muster", NULL);
    g_autofree char *name = NULL;
    MusterExchangeKind kind = MUSTER_EXCHANGE_CAMPAIGN;

    g_assert_true (muster_exchange_peek (path, &kind, &name, &error));
    g_assert_no_error (error);
    g_assert_cmpint (kind, ==, MUSTER_EXCHANGE_FORCE);
    g_assert_cmpstr (name, ==, "South Essex Light Company");
    g_assert_false (muster_exchange_peek (bad, NULL, NULL, &error));
    g_assert_error (error, MUSTER_EXCHANGE_ERROR, MUSTER_EXCHANGE_ERROR_PARSE);
    g_clear_error (&error);
  }

  data = read_fixture ("force.muster", &length);
  force = muster_exchange_import_data (store, data, length, "force.muster", campaign, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (count (store, "SELECT COUNT(*) FROM character WHERE force_id = ?", force), ==, 2);
  g_assert_cmpint (count (store, "SELECT COUNT(*) FROM character WHERE force_id = ? AND unit_id IS NOT NULL", force), ==, 2);
  g_assert_cmpint (count (store, "SELECT COUNT(*) FROM log_entry WHERE campaign_id = ? AND message LIKE '%4 kills in 3 games%'",
                          campaign), ==, 1);
}

/* --- Bad input ------------------------------------------------------------ */

static void
fixture_refused (const char *fixture,
                 int         code,
                 const char *needle1,
                 const char *needle2)
{
  g_autofree char *data = NULL;
  g_autofree char *message = NULL;
  gsize length;
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);

  data = read_fixture (fixture, &length);
  message = expect_refused (store, campaign, data, length, code, needle1, needle2, NULL);
  g_assert_null (strstr (message, "root:"));
}

static void
test_bad_malformed (void)
{
  fixture_refused ("malformed.muster", MUSTER_EXCHANGE_ERROR_PARSE, "line 20", "well-formed");
}

static void
test_bad_wrong_root (void)
{
  fixture_refused ("wrong-root.muster", MUSTER_EXCHANGE_ERROR_INVALID, "line 2", "<roster>");
}

static void
test_bad_wrong_namespace (void)
{
  fixture_refused ("wrong-namespace.muster", MUSTER_EXCHANGE_ERROR_INVALID, "line 2", "http://example.com/ns/roster");
}

static void
test_bad_newer (void)
{
  fixture_refused ("newer-version.muster", MUSTER_EXCHANGE_ERROR_NEWER,
                   "This file was written by a newer Muster (format 2)", NULL);
}

static void
test_bad_unknown_ruleset (void)
{
  fixture_refused ("unknown-ruleset.muster", MUSTER_EXCHANGE_ERROR_RULESET, "line 4", "“no-such-rules”");
}

static void
test_bad_missing_element (void)
{
  fixture_refused ("missing-element.muster", MUSTER_EXCHANGE_ERROR_INVALID, "line 4", "notes");
}

static void
test_bad_extra_element (void)
{
  fixture_refused ("extra-element.muster", MUSTER_EXCHANGE_ERROR_INVALID, "line 13", "horse");
}

static void
test_bad_dangling_unit (void)
{
  fixture_refused ("dangling-reference.muster", MUSTER_EXCHANGE_ERROR_INVALID, "line 14", "“u9”");
}

static void
test_bad_duplicate_ids (void)
{
  fixture_refused ("duplicate-ids.muster", MUSTER_EXCHANGE_ERROR_INVALID, "line 14", "“c1”");
}

static void
test_bad_wrong_type_count (void)
{
  fixture_refused ("wrong-type.muster", MUSTER_EXCHANGE_ERROR_INVALID, "line 7", "-1");
}

static void
test_bad_not_xml (void)
{
  fixture_refused ("not-xml.muster", MUSTER_EXCHANGE_ERROR_PARSE, "not XML", NULL);
}

static void
test_bad_empty (void)
{
  fixture_refused ("empty.muster", MUSTER_EXCHANGE_ERROR_PARSE, "empty", NULL);
}

static void
test_bad_truncated_fixture (void)
{
  fixture_refused ("truncated.muster", MUSTER_EXCHANGE_ERROR_PARSE, "line", "well-formed");
}

static void
test_bad_billion_laughs (void)
{
  g_autoptr(GTimer) timer = g_timer_new ();

  fixture_refused ("billion-laughs.muster", MUSTER_EXCHANGE_ERROR_PARSE, "line 2", "DOCTYPE");
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, 5.0);
}

static void
test_bad_external_entity (void)
{
  fixture_refused ("external-entity.muster", MUSTER_EXCHANGE_ERROR_PARSE, "line 2", "DOCTYPE");
}

/* A DOCTYPE the byte scan cannot see (UTF-16) is still refused by the
 * reader: entities are neither expanded nor read. */
static void
utf16_refused (const char *fixture)
{
  g_autofree char *data = NULL;
  g_autofree char *utf16 = NULL;
  g_autofree char *with_bom = NULL;
  g_autofree char *message = NULL;
  g_autoptr(GTimer) timer = g_timer_new ();
  gsize length, utf16_length;
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);

  data = read_fixture (fixture, &length);
  data = replace_once (g_steal_pointer (&data), "encoding=\"UTF-8\"", "encoding=\"UTF-16\"");
  utf16 = g_convert (data, -1, "UTF-16LE", "UTF-8", NULL, &utf16_length, NULL);
  g_assert_nonnull (utf16);
  with_bom = g_malloc (utf16_length + 2);
  memcpy (with_bom, "\xFF\xFE", 2);
  memcpy (with_bom + 2, utf16, utf16_length);

  message = expect_refused (store, campaign, with_bom, utf16_length + 2,
                            MUSTER_EXCHANGE_ERROR_PARSE, "DOCTYPE", NULL);
  g_assert_null (strstr (message, "root:"));
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, 5.0);
}

static void
test_bad_external_entity_utf16 (void)
{
  utf16_refused ("external-entity.muster");
}

static void
test_bad_billion_laughs_utf16 (void)
{
  utf16_refused ("billion-laughs.muster");
}

/* Bad input made from a good export. */

/* The message names the line of @marker (NULL: of @from). */
static void
mutated_refused_at (const char *from,
                    const char *to,
                    const char *marker,
                    int         code,
                    const char *needle)
{
  g_autoptr(MusterStore) source = muster_test_open_store (NULL);
  g_autofree char *good = export_campaign (source, make_sample (source));
  g_autofree char *bad = replace_once (good, from, to);
  g_autofree char *where = g_strdup_printf ("line %d", line_of (good, marker != NULL ? marker : from));
  g_autofree char *message = NULL;
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);

  message = expect_refused (store, 0, bad, -1, code, where, needle, NULL);
}

static void
mutated_refused (const char *from,
                 const char *to,
                 int         code,
                 const char *needle)
{
  mutated_refused_at (from, to, NULL, code, needle);
}

static void
test_bad_dangling_kill (void)
{
  mutated_refused ("<kill killer=\"c1\" victim=\"", "<kill killer=\"c99\" victim=\"",
                   MUSTER_EXCHANGE_ERROR_INVALID, "the kill names character “c99”, which is not in the file.");
}

static void
test_bad_duplicate_game (void)
{
  mutated_refused ("<game id=\"g2\"", "<game id=\"g1\"",
                   MUSTER_EXCHANGE_ERROR_INVALID, "“g1”");
}

static void
test_bad_seed (void)
{
  g_autoptr(MusterStore) source = muster_test_open_store (NULL);
  g_autofree char *good = export_campaign (source, make_sample (source));
  g_autoptr(GRegex) regex = g_regex_new ("seed=\"[0-9]+\"", 0, 0, NULL);
  g_autofree char *bad = g_regex_replace_literal (regex, good, -1, 0, "seed=\"abc\"", 0, NULL);
  g_autofree char *message = NULL;
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);

  message = expect_refused (store, 0, bad, -1, MUSTER_EXCHANGE_ERROR_INVALID, "line 3", "abc", NULL);
}

static void
test_bad_light (void)
{
  mutated_refused ("light=\"1\"", "light=\"-1\"", MUSTER_EXCHANGE_ERROR_INVALID, "-1");
}

static void
test_bad_kind (void)
{
  /* The <campaign> is where the file goes wrong. */
  mutated_refused_at ("kind=\"campaign\"", "kind=\"force\"", "<campaign ", MUSTER_EXCHANGE_ERROR_INVALID, "holds a campaign");
}

static void
test_bad_ruleset_text (void)
{
  mutated_refused_at ("&lt;stats&gt;", "&lt;statz&gt;", "<ruleset ", MUSTER_EXCHANGE_ERROR_RULESET, "statz");
}

static void
test_bad_troop_type (void)
{
  mutated_refused ("troop-type=\"rifleman\"", "troop-type=\"dragoon\"", MUSTER_EXCHANGE_ERROR_RULESET, "“dragoon”");
}

static void
test_bad_truncated_export (void)
{
  g_autoptr(MusterStore) source = muster_test_open_store (NULL);
  g_autofree char *good = export_campaign (source, make_sample (source));
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);

  g_free (expect_refused (store, 0, good, strlen (good) / 2, MUSTER_EXCHANGE_ERROR_PARSE,
                          "line", "well-formed", NULL));
}

static void
test_bad_too_big (void)
{
  g_autoptr(MusterStore) source = muster_test_open_store (NULL);
  g_autofree char *good = export_campaign (source, make_sample (source));
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "huge.muster", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);
  int fd;

  /* Over a lowered limit, from memory. */
  muster_exchange_set_max_size (1000);
  g_free (expect_refused (store, 0, good, -1, MUSTER_EXCHANGE_ERROR_TOO_BIG, "more than", NULL));
  muster_exchange_set_max_size (0);
  g_assert_cmpuint (muster_exchange_get_max_size (), ==, MUSTER_EXCHANGE_MAX_SIZE);

  /* Over the real limit, as a sparse file that is never read. */
  fd = g_open (path, O_CREAT | O_WRONLY | O_TRUNC, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) MUSTER_EXCHANGE_MAX_SIZE + 1), ==, 0);
  close (fd);

  before = muster_store_dump (store);
  g_assert_cmpint (muster_exchange_import (store, path, 0, NULL, &error), ==, 0);
  g_assert_error (error, MUSTER_EXCHANGE_ERROR, MUSTER_EXCHANGE_ERROR_TOO_BIG);
  g_assert_nonnull (strstr (error->message, "huge.muster"));
  after = muster_store_dump (store);
  g_assert_cmpstr (before, ==, after);
}

/* --- The command line ----------------------------------------------------- */

static char *
run_cli (const char  *library,
         int         *status,
         char       **err,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("MUSTER_CLI");
  char *out = NULL;
  const char *arg;
  va_list args;

  g_ptr_array_add (argv, (char *) cli);
  g_ptr_array_add (argv, (char *) "--library");
  g_ptr_array_add (argv, (char *) library);
  va_start (args, err);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT,
                               NULL, NULL, &out, err, status, &error));
  g_assert_no_error (error);
  return out;
}

static void
test_cli (void)
{
  const char *cli = g_getenv ("MUSTER_CLI");
  g_autofree char *dir = NULL;
  g_autofree char *lib1 = NULL;
  g_autofree char *lib2 = NULL;
  g_autofree char *file = NULL;
  g_autofree char *file2 = NULL;
  g_autofree char *force_file = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *campaign_id = NULL;
  int status;

  if (cli == NULL || !g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("MUSTER_CLI is not set to a built muster-cli");
      return;
    }

  dir = muster_test_make_tmpdir ();
  lib1 = g_build_filename (dir, "one.db", NULL);
  lib2 = g_build_filename (dir, "two.db", NULL);
  file = g_build_filename (dir, "sample.muster", NULL);
  file2 = g_build_filename (dir, "again.muster", NULL);
  force_file = g_build_filename (dir, "force.muster", NULL);

  {
    g_autoptr(MusterStore) store = muster_store_open (lib1, NULL);
    g_assert_nonnull (store);
    make_sample (store);
  }

  out = run_cli (lib1, &status, &err, "export", "Sample & “Peninsula”", "-o", file, NULL);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  out = run_cli (lib2, &status, &err, "import", file, NULL);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  campaign_id = g_strstrip (g_strdup (out));
  g_assert_true (g_ascii_string_to_unsigned (campaign_id, 10, 1, G_MAXINT64, NULL, NULL));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  out = run_cli (lib2, &status, &err, "export", campaign_id, "-o", file2, NULL);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_true (g_file_get_contents (file, &first, NULL, NULL));
  g_assert_true (g_file_get_contents (file2, &second, NULL, NULL));
  g_assert_cmpstr (first, ==, second);

  /* A force into the imported campaign. */
  out = run_cli (lib1, &status, &err, "export", "Sample & “Peninsula”", "--force", "1", "-o", force_file, NULL);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  out = run_cli (lib2, &status, &err, "import", force_file, "--into", campaign_id, NULL);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (g_ascii_string_to_unsigned (g_strstrip (out), 10, 1, G_MAXINT64, NULL, NULL));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Bad input: a clear error and a failing status. */
  {
    g_autofree char *bad = g_build_filename (TEST_SRCDIR, "exchange", "billion-laughs.muster", NULL);

    out = run_cli (lib2, &status, &err, "import", bad, NULL);
    g_assert_false (g_spawn_check_wait_status (status, NULL));
    g_assert_nonnull (strstr (err, "DOCTYPE"));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("MUSTER_FAKE_TIME", "2024-01-01T00:00:00Z", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/exchange/roundtrip/sample", test_roundtrip_sample);
  g_test_add_func ("/exchange/roundtrip/big", test_roundtrip_big);
  g_test_add_func ("/exchange/roundtrip/huge", test_roundtrip_huge);
  g_test_add_func ("/exchange/roundtrip/file", test_roundtrip_file);
  g_test_add_func ("/exchange/roundtrip/force", test_roundtrip_force);
  g_test_add_func ("/exchange/import/force-fixture", test_force_fixture);
  g_test_add_func ("/exchange/describe", test_describe);

  g_test_add_func ("/exchange/bad/malformed", test_bad_malformed);
  g_test_add_func ("/exchange/bad/wrong-root", test_bad_wrong_root);
  g_test_add_func ("/exchange/bad/wrong-namespace", test_bad_wrong_namespace);
  g_test_add_func ("/exchange/bad/newer-version", test_bad_newer);
  g_test_add_func ("/exchange/bad/unknown-ruleset", test_bad_unknown_ruleset);
  g_test_add_func ("/exchange/bad/missing-element", test_bad_missing_element);
  g_test_add_func ("/exchange/bad/extra-element", test_bad_extra_element);
  g_test_add_func ("/exchange/bad/dangling-unit", test_bad_dangling_unit);
  g_test_add_func ("/exchange/bad/dangling-kill", test_bad_dangling_kill);
  g_test_add_func ("/exchange/bad/duplicate-ids", test_bad_duplicate_ids);
  g_test_add_func ("/exchange/bad/duplicate-game", test_bad_duplicate_game);
  g_test_add_func ("/exchange/bad/wrong-type-count", test_bad_wrong_type_count);
  g_test_add_func ("/exchange/bad/wrong-type-seed", test_bad_seed);
  g_test_add_func ("/exchange/bad/wrong-type-light", test_bad_light);
  g_test_add_func ("/exchange/bad/wrong-kind", test_bad_kind);
  g_test_add_func ("/exchange/bad/ruleset-text", test_bad_ruleset_text);
  g_test_add_func ("/exchange/bad/troop-type", test_bad_troop_type);
  g_test_add_func ("/exchange/bad/not-xml", test_bad_not_xml);
  g_test_add_func ("/exchange/bad/empty", test_bad_empty);
  g_test_add_func ("/exchange/bad/truncated", test_bad_truncated_fixture);
  g_test_add_func ("/exchange/bad/truncated-export", test_bad_truncated_export);
  g_test_add_func ("/exchange/bad/billion-laughs", test_bad_billion_laughs);
  g_test_add_func ("/exchange/bad/external-entity", test_bad_external_entity);
  g_test_add_func ("/exchange/bad/external-entity-utf16", test_bad_external_entity_utf16);
  g_test_add_func ("/exchange/bad/billion-laughs-utf16", test_bad_billion_laughs_utf16);
  g_test_add_func ("/exchange/bad/too-big", test_bad_too_big);

  g_test_add_func ("/exchange/cli", test_cli);

  return g_test_run ();
}
