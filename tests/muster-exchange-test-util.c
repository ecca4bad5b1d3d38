/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-exchange"

#include "config.h"

#include <string.h>

#include <glib.h>
#include <gio/gio.h>
#include <sqlite3.h>

#include "muster-exchange.h"
#include "muster-exchange-test-util.h"
#include "muster-recruit.h"
#include "muster-store.h"
#include "muster-store-private.h"
#include "muster-test-util.h"

/* What the exchange tests share: exports to memory, SQL, the sample and
 * generated campaigns, and the check that bad input changes nothing. */

char *
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

char *
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

gint64
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

GArray *
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

gint64
make_sample (MusterStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) chars = NULL;
  g_autoptr(GArray) forces = NULL;
  gint64 campaign, game, game2, resolution, roll;

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
  sql (store, "UPDATE character SET notes = ' leading  spaces ' WHERE id = ?", "i", ID (chars, 0));
  /* Out for the next two games, with a wound carried. */
  sql (store, "UPDATE character SET status = 'out-of-action', out_games = 2, serious_wounds = 1 WHERE id = ?",
       "i", ID (chars, chars->len - 1));

  game = sql (store, "INSERT INTO game (campaign_id, number, title, date, state, side_a, side_b, winner, notes)"
              " VALUES (?, 1, 'The bridge at Almeida', '1810-07-24', 'resolved', 'British', 'French', 'British', 'Rain')",
              "i", campaign);
  game2 = sql (store, "INSERT INTO game (campaign_id, number, title, state) VALUES (?, 2, 'Night raid', 'planned')",
               "i", campaign);
  (void) game2;
  sql (store, "INSERT INTO participation (game_id, character_id, side, outcome, light_wounds, serious_wounds, killed_unnamed, notes)"
       " VALUES (?, ?, 'British', 'wounded', 1, 0, 2, 'Brave')", "ii", game, ID (chars, 1));
  sql (store, "INSERT INTO participation (game_id, character_id, side, outcome) VALUES (?, ?, 'British', 'captured')",
       "ii", game, ID (chars, 0));
  sql (store, "INSERT INTO participation (game_id, character_id, side, outcome) VALUES (?, ?, 'French', 'out-of-action')",
       "ii", game, ID (chars, chars->len - 1));
  sql (store, "INSERT INTO participation (game_id, character_id, side) VALUES (?, ?, 'French')",
       "ii", game, ID (chars, chars->len - 2));
  sql (store, "INSERT INTO kill (game_id, killer_id, victim_id) VALUES (?, ?, ?)", "iii",
       game, ID (chars, 0), ID (chars, chars->len - 1));
  sql (store, "INSERT INTO kill (game_id, killer_id, victim_id) VALUES (?, ?, ?)", "iii",
       game, ID (chars, chars->len - 2), ID (chars, 0));

  resolution = sql (store, "INSERT INTO resolution (campaign_id, game_id, created) VALUES (?, ?, '2024-03-01T10:00:00Z')",
                    "ii", campaign, game);
  sql (store, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value) VALUES (?, 1, 'character', ?, 'status', 'active')",
       "ii", resolution, ID (chars, chars->len - 1));
  sql (store, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value) VALUES (?, 2, 'character', ?, 'out_games', 0)",
       "ii", resolution, ID (chars, 1));
  sql (store, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value) VALUES (?, 3, 'stat', ?, 'F', 7)",
       "ii", resolution, ID (chars, 1));
  sql (store, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value) VALUES (?, 4, 'character', ?, 'light_wounds', 0.5)",
       "ii", resolution, ID (chars, 0));
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

gint64
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
          /* The last three are put out of action by the first three. */
          sqlite3_bind_text (part, 4, p >= 17 ? "out-of-action" : p % 4 == 0 ? "wounded" : "unhurt",
                             -1, SQLITE_STATIC);
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

gint64
count (MusterStore *store,
       const char  *statement,
       gint64       param)
{
  return sql (store, statement, "i", param);
}

int
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

char *
replace_once (const char *text,
              const char *from,
              const char *to)
{
  const char *p = strstr (text, from);

  g_assert_nonnull (p);
  return g_strdup_printf ("%.*s%s%s", (int) (p - text), text, to, p + strlen (from));
}

char *
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

char *
read_fixture (const char *name,
              gsize      *length)
{
  g_autofree char *rel = g_build_filename ("exchange", name, NULL);
  return muster_test_read_data (rel, length);
}

MusterStore *
sample_library (gint64 *campaign)
{
  MusterStore *store = muster_test_open_store (NULL);

  *campaign = make_sample (store);
  return store;
}
char *
strip_totals (const char *text)
{
  g_autoptr(GRegex) regex = g_regex_new (" kills=\"[0-9]+\" games=\"[0-9]+\"", 0, 0, NULL);

  return g_regex_replace_literal (regex, text, -1, 0, "", 0, NULL);
}

