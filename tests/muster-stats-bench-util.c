/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bench"

#include "config.h"

#include <sqlite3.h>

#include "muster-ruleset.h"
#include "muster-stats-bench-util.h"
#include "muster-store-private.h"

enum { ACTIVE, DEAD, CAPTURED };

static const char * const status_names[] = { "active", "dead", "captured" };

typedef struct {
  sqlite3      *db;
  gint64        campaign;
  sqlite3_stmt *log;
  sqlite3_stmt *change;
} Builder;

static void
exec_sql (sqlite3    *db,
          const char *statement)
{
  char *message = NULL;

  if (sqlite3_exec (db, statement, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", statement, message);
}

static sqlite3_stmt *
prepare (sqlite3    *db,
         const char *statement)
{
  sqlite3_stmt *stmt = NULL;

  if (sqlite3_prepare_v2 (db, statement, -1, &stmt, NULL) != SQLITE_OK)
    g_error ("%s: %s", statement, sqlite3_errmsg (db));
  return stmt;
}

static gint64
step (sqlite3      *db,
      sqlite3_stmt *stmt)
{
  if (sqlite3_step (stmt) != SQLITE_DONE)
    g_error ("%s", sqlite3_errmsg (db));
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  return sqlite3_last_insert_rowid (db);
}

static void
log_entry (Builder    *b,
           gint64      game,
           gint64      character,
           gint64      resolution,
           const char *kind)
{
  sqlite3_bind_int64 (b->log, 1, b->campaign);
  if (game != 0)
    sqlite3_bind_int64 (b->log, 2, game);
  if (character != 0)
    sqlite3_bind_int64 (b->log, 3, character);
  if (resolution != 0)
    sqlite3_bind_int64 (b->log, 4, resolution);
  sqlite3_bind_text (b->log, 5, kind, -1, SQLITE_STATIC);
  step (b->db, b->log);
}

static void
record_change (Builder    *b,
               gint64      resolution,
               int         seq,
               const char *table,
               gint64      row,
               const char *column,
               const char *old_value)
{
  sqlite3_bind_int64 (b->change, 1, resolution);
  sqlite3_bind_int (b->change, 2, seq);
  sqlite3_bind_text (b->change, 3, table, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (b->change, 4, row);
  sqlite3_bind_text (b->change, 5, column, -1, SQLITE_STATIC);
  sqlite3_bind_text (b->change, 6, old_value, -1, SQLITE_STATIC);
  step (b->db, b->change);
}

/* A fit man of @side (forces 0 and 2 are British, 1 and 3 French) not in
 * @taken yet. */
static guint
pick (GRand      *rand,
      const int  *status,
      GHashTable *taken,
      guint       side)
{
  for (;;)
    {
      guint i = (guint) g_rand_int_range (rand, 0, N_CHARACTERS / 2) * 2 + side;

      if (status[i] == ACTIVE && g_hash_table_add (taken, GUINT_TO_POINTER (i + 1)))
        return i;
    }
}

/* The big campaign, written straight into the tables in one transaction,
 * as the store and the engine would have written it. */
gint64
muster_bench_build_campaign (MusterStore *store)
{
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("sharpes-skirmish", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree gint64 *chars = g_new (gint64, N_CHARACTERS);
  g_autofree int *status = g_new0 (int, N_CHARACTERS);
  GRand *rand = g_rand_new_with_seed (1811);
  sqlite3_stmt *force, *character, *game, *part, *kill, *resolution, *update;
  gint64 forces[N_FORCES];
  Builder b = { muster_store_get_db (store), 0, NULL, NULL };

  if (ruleset == NULL)
    g_error ("The sharpes-skirmish ruleset is missing (MUSTER_RULESETS_DIR)");
  b.campaign = muster_store_create_campaign (store, "Peninsula, all of it", ruleset, 42, NULL, &error);
  if (b.campaign <= 0)
    g_error ("%s", error->message);

  exec_sql (b.db, "BEGIN IMMEDIATE");
  force = prepare (b.db, "INSERT INTO force (campaign_id, name, side) VALUES (?, ?, ?)");
  character = prepare (b.db, "INSERT INTO character (campaign_id, force_id, name, rank, troop_type, weapon)"
                             " VALUES (?, ?, ?, 'Private', ?, 'musket')");
  game = prepare (b.db, "INSERT INTO game (campaign_id, number, title, date, state, side_a, side_b, winner)"
                        " VALUES (?, ?, ?, '1811-05-03', 'resolved', 'British', 'French', ?)");
  part = prepare (b.db, "INSERT INTO participation (game_id, character_id, side, outcome, killed_unnamed)"
                        " VALUES (?, ?, ?, ?, ?)");
  kill = prepare (b.db, "INSERT INTO kill (game_id, killer_id, victim_id) VALUES (?, ?, ?)");
  resolution = prepare (b.db, "INSERT INTO resolution (campaign_id, game_id, created)"
                              " VALUES (?, ?, '2024-01-01T00:00:00Z')");
  update = prepare (b.db, "UPDATE character SET status = ? WHERE id = ?");
  b.log = prepare (b.db, "INSERT INTO log_entry (campaign_id, game_id, character_id, resolution_id, kind,"
                         " message, created) VALUES (?, ?, ?, ?, ?, '', '2024-01-01T00:00:00Z')");
  b.change = prepare (b.db, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value)"
                            " VALUES (?, ?, ?, ?, ?, ?)");

  for (guint f = 0; f < N_FORCES; f++)
    {
      g_autofree char *name = g_strdup_printf ("Brigade %u", f + 1);

      sqlite3_bind_int64 (force, 1, b.campaign);
      sqlite3_bind_text (force, 2, name, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (force, 3, f % 2 == 0 ? "British" : "French", -1, SQLITE_STATIC);
      forces[f] = step (b.db, force);
    }
  for (guint i = 0; i < N_CHARACTERS; i++)
    {
      static const char * const types[] = { "line", "voltigeur", "rifleman", "chasseur", "other" };
      g_autofree char *name = g_strdup_printf ("Soldier %u", i + 1);

      sqlite3_bind_int64 (character, 1, b.campaign);
      sqlite3_bind_int64 (character, 2, forces[i % N_FORCES]);
      sqlite3_bind_text (character, 3, name, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (character, 4, types[(i / N_FORCES) % G_N_ELEMENTS (types)], -1, SQLITE_STATIC);
      chars[i] = step (b.db, character);
      log_entry (&b, 0, chars[i], 0, "recruit");
    }

  for (guint g = 0; g < N_GAMES; g++)
    {
      g_autoptr(GHashTable) taken = g_hash_table_new (NULL, NULL);
      g_autofree char *title = g_strdup_printf ("Skirmish %u", g + 1);
      guint men[2 * PER_SIDE];
      gint64 game_id, resolution_id;
      int seq = 0;

      /* Some prisoners come home between games. */
      for (guint i = 0; i < N_CHARACTERS; i++)
        if (status[i] == CAPTURED && g_rand_int_range (rand, 0, 20) == 0)
          {
            status[i] = ACTIVE;
            log_entry (&b, 0, chars[i], 0, "released");
          }

      sqlite3_bind_int64 (game, 1, b.campaign);
      sqlite3_bind_int64 (game, 2, g + 1);
      sqlite3_bind_text (game, 3, title, -1, SQLITE_TRANSIENT);
      if (g % 5 != 4)
        sqlite3_bind_text (game, 4, g % 3 == 0 ? "French" : "British", -1, SQLITE_STATIC);
      game_id = step (b.db, game);
      log_entry (&b, game_id, 0, 0, "game");

      for (guint p = 0; p < 2 * PER_SIDE; p++)
        men[p] = pick (rand, status, taken, p % 2);

      sqlite3_bind_int64 (resolution, 1, b.campaign);
      sqlite3_bind_int64 (resolution, 2, game_id);
      resolution_id = step (b.db, resolution);

      for (guint p = 0; p < 2 * PER_SIDE; p++)
        {
          int roll = g_rand_int_range (rand, 0, 20);
          const char *outcome = roll < 2 ? "out-of-action" : roll < 3 ? "captured" : roll < 6 ? "wounded" : "unhurt";
          gint64 who = chars[men[p]];

          sqlite3_bind_int64 (part, 1, game_id);
          sqlite3_bind_int64 (part, 2, who);
          sqlite3_bind_text (part, 3, p % 2 == 0 ? "British" : "French", -1, SQLITE_STATIC);
          sqlite3_bind_text (part, 4, outcome, -1, SQLITE_STATIC);
          sqlite3_bind_int (part, 5, roll == 19 ? 2 : roll == 18 ? 1 : 0);
          step (b.db, part);
          log_entry (&b, game_id, who, 0, "result");

          if (roll < 2)
            {
              /* Put out by the man across from him; a 6 kills him. */
              sqlite3_bind_int64 (kill, 1, game_id);
              sqlite3_bind_int64 (kill, 2, chars[men[p ^ 1]]);
              sqlite3_bind_int64 (kill, 3, who);
              step (b.db, kill);
            }
          if (roll < 2 && g_rand_int_range (rand, 1, 7) == 6)
            {
              record_change (&b, resolution_id, ++seq, "character", who, "status", "active");
              status[men[p]] = DEAD;
              log_entry (&b, game_id, who, resolution_id, "death");
            }
          else if (roll == 2)
            {
              record_change (&b, resolution_id, ++seq, "character", who, "status", "active");
              status[men[p]] = CAPTURED;
              log_entry (&b, game_id, who, resolution_id, "captured");
            }
        }
      record_change (&b, resolution_id, ++seq, "game", game_id, "state", "played");
      log_entry (&b, game_id, 0, resolution_id, "resolved");
    }

  for (guint i = 0; i < N_CHARACTERS; i++)
    if (status[i] != ACTIVE)
      {
        sqlite3_bind_text (update, 1, status_names[status[i]], -1, SQLITE_STATIC);
        sqlite3_bind_int64 (update, 2, chars[i]);
        step (b.db, update);
      }

  sqlite3_finalize (force);
  sqlite3_finalize (character);
  sqlite3_finalize (game);
  sqlite3_finalize (part);
  sqlite3_finalize (kill);
  sqlite3_finalize (resolution);
  sqlite3_finalize (update);
  sqlite3_finalize (b.log);
  sqlite3_finalize (b.change);
  exec_sql (b.db, "COMMIT");
  g_rand_free (rand);
  return b.campaign;
}

