/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-stats"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-stats-private.h"
#include "muster-store-private.h"

/* The store's side of the statistics: the rows of one campaign they are
 * computed from, each table read in one query. Nothing here writes. */

typedef gboolean (*RowFunc) (StatsData    *data,
                             sqlite3_stmt *stmt);

/* Runs @sql with ?1 bound to @campaign_id, handing each row to @func. */
static gboolean
query_rows (MusterStore  *store,
            const char   *sql,
            gint64        campaign_id,
            StatsData    *data,
            RowFunc       func,
            GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (store, sql, error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, campaign_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    if (!func (data, stmt))
      break;
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    {
      muster_store_set_error (store, error, _("Could not read the campaign’s statistics"));
      return FALSE;
    }
  return TRUE;
}

static void
force_clear (gpointer p)
{
  StatsForce *force = p;

  g_free (force->name);
  g_free (force->side);
}

static void
game_clear (gpointer p)
{
  StatsGame *game = p;

  g_free (game->title);
  g_free (game->winner);
}

static void
character_clear (gpointer p)
{
  StatsCharacter *character = p;

  g_free (character->name);
  g_free (character->troop_type);
}

static void
change_clear (gpointer p)
{
  g_free (((StatsChange *) p)->text);
}

static void
part_clear (gpointer p)
{
  StatsPart *part = p;

  g_free (part->side);
  g_free (part->outcome);
}

static void
unit_part_clear (gpointer p)
{
  g_free (((StatsUnitPart *) p)->side);
}

static GArray *
array_new (gsize          size,
           GDestroyNotify clear)
{
  GArray *array = g_array_new (FALSE, TRUE, size);

  if (clear != NULL)
    g_array_set_clear_func (array, clear);
  return array;
}

/* --- Rows ------------------------------------------------------------------- */

static gboolean
read_force (StatsData    *data,
            sqlite3_stmt *stmt)
{
  StatsForce force = {
    sqlite3_column_int64 (stmt, 0),
    g_strdup (muster_column_text (stmt, 1)),
    g_strdup (muster_column_text (stmt, 2)),
  };

  g_array_append_val (data->forces, force);
  return TRUE;
}

static gboolean
read_game (StatsData    *data,
           sqlite3_stmt *stmt)
{
  StatsGame game = { 0, };

  game.id = sqlite3_column_int64 (stmt, 0);
  game.number = sqlite3_column_int (stmt, 1);
  game.title = g_strdup (muster_column_text (stmt, 2));
  if (!muster_game_state_from_string (muster_column_text (stmt, 3), &game.state))
    game.state = MUSTER_GAME_PLAYED;
  game.winner = g_strdup (muster_column_text (stmt, 4));
  game.resolution_id = sqlite3_column_int64 (stmt, 5);
  /* A resolution always logs that the game is resolved; one without an
   * entry is taken to have happened last. */
  game.time = game.resolution_id != 0 && sqlite3_column_type (stmt, 6) != SQLITE_NULL
              ? sqlite3_column_int64 (stmt, 6) : STATS_NOW;
  g_array_append_val (data->games, game);
  return TRUE;
}

static gboolean
read_character (StatsData    *data,
                sqlite3_stmt *stmt)
{
  StatsCharacter character = { 0, };

  character.id = sqlite3_column_int64 (stmt, 0);
  character.force_id = sqlite3_column_int64 (stmt, 1);
  character.name = g_strdup (muster_column_text (stmt, 2));
  character.troop_type = g_strdup (muster_column_text (stmt, 3));
  if (!muster_status_from_string (muster_column_text (stmt, 4), &character.status))
    character.status = MUSTER_STATUS_ACTIVE;
  character.joined = sqlite3_column_int64 (stmt, 5);
  character.kills_elsewhere = sqlite3_column_int (stmt, 6);
  character.games_elsewhere = sqlite3_column_int (stmt, 7);
  character.resolved_games = sqlite3_column_int (stmt, 8);
  g_array_append_val (data->characters, character);
  g_hash_table_insert (data->character_index, g_memdup2 (&character.id, sizeof (gint64)),
                       GUINT_TO_POINTER (data->characters->len));
  return TRUE;
}

/* A change a resolution made: only the first to each value in each
 * resolution says what it was before. */
static gboolean
read_change (StatsData    *data,
             sqlite3_stmt *stmt)
{
  const char *table = muster_column_text (stmt, 1);
  const char *column = muster_column_text (stmt, 3);
  StatsChange change = { 0, };
  GArray *changes = NULL;

  change.time = sqlite3_column_int64 (stmt, 0);
  change.who = sqlite3_column_int64 (stmt, 2);

  if (g_strcmp0 (table, "stat") == 0)
    {
      char *key = g_strdup_printf ("%" G_GINT64_FORMAT "/%s", change.who, column);

      /* The earliest resolution's comes first. */
      if (!g_hash_table_contains (data->first_stats, key))
        g_hash_table_insert (data->first_stats, key, GINT_TO_POINTER (sqlite3_column_int (stmt, 4)));
      else
        g_free (key);
      return TRUE;
    }
  if (g_strcmp0 (table, "character") == 0)
    {
      changes = data->status_changes;
      change.text = g_strdup (muster_column_text (stmt, 4));
    }
  else if (g_strcmp0 (column, "lost") == 0)
    changes = data->lost_changes;
  else
    changes = data->morale_changes;
  change.number = sqlite3_column_int64 (stmt, 4);
  g_array_append_val (changes, change);
  return TRUE;
}

/* A captured man released: the library keeps no value from before, but
 * only a prisoner can be released. */
static gboolean
read_release (StatsData    *data,
              sqlite3_stmt *stmt)
{
  StatsChange change = {
    sqlite3_column_int64 (stmt, 1),
    sqlite3_column_int64 (stmt, 0),
    g_strdup (muster_status_to_string (MUSTER_STATUS_CAPTURED)),
    0,
  };

  g_array_append_val (data->status_changes, change);
  return TRUE;
}

static gboolean
read_stat (StatsData    *data,
           sqlite3_stmt *stmt)
{
  char *key = g_strdup_printf ("%" G_GINT64_FORMAT "/%s", (gint64) sqlite3_column_int64 (stmt, 0),
                               muster_column_text (stmt, 1));

  if (!g_hash_table_contains (data->first_stats, key))
    g_hash_table_insert (data->first_stats, key, GINT_TO_POINTER (sqlite3_column_int (stmt, 2)));
  else
    g_free (key);
  return TRUE;
}

/* The index of game @id in data->games, or STATS_NONE. */
static guint
game_index (StatsData *data,
            gint64     id)
{
  gpointer found = g_hash_table_lookup (data->game_index, &id);

  return found != NULL ? GPOINTER_TO_UINT (found) - 1 : STATS_NONE;
}

static void
index_games (StatsData *data)
{
  for (guint i = 0; i < data->games->len; i++)
    g_hash_table_insert (data->game_index,
                         g_memdup2 (&g_array_index (data->games, StatsGame, i).id, sizeof (gint64)),
                         GUINT_TO_POINTER (i + 1));
}

static gboolean
read_part (StatsData    *data,
           sqlite3_stmt *stmt)
{
  StatsPart part = { 0, };

  part.game = game_index (data, sqlite3_column_int64 (stmt, 0));
  if (part.game == STATS_NONE)
    return TRUE;
  part.character_id = sqlite3_column_int64 (stmt, 1);
  part.side = g_strdup (muster_column_text (stmt, 2));
  part.outcome = g_strdup (muster_column_text (stmt, 3));
  part.killed_unnamed = sqlite3_column_int (stmt, 4);
  g_array_append_val (data->parts, part);
  return TRUE;
}

static gboolean
read_kill (StatsData    *data,
           sqlite3_stmt *stmt)
{
  StatsKill kill = {
    game_index (data, sqlite3_column_int64 (stmt, 0)),
    sqlite3_column_int64 (stmt, 1),
    sqlite3_column_int64 (stmt, 2),
  };

  if (kill.game != STATS_NONE)
    g_array_append_val (data->kills, kill);
  return TRUE;
}

static gboolean
read_unit_part (StatsData    *data,
                sqlite3_stmt *stmt)
{
  StatsUnitPart part = { 0, };

  part.game = game_index (data, sqlite3_column_int64 (stmt, 0));
  if (part.game == STATS_NONE)
    return TRUE;
  part.unit_id = sqlite3_column_int64 (stmt, 1);
  part.side = g_strdup (muster_column_text (stmt, 2));
  part.casualties = sqlite3_column_int (stmt, 3);
  g_array_append_val (data->unit_parts, part);
  return TRUE;
}

static int
compare_changes (gconstpointer a,
                 gconstpointer b)
{
  const StatsChange *x = a, *y = b;

  if (x->who != y->who)
    return x->who < y->who ? -1 : 1;
  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return 0;
}

/* Sorts @changes by whom and when; of the changes one resolution made
 * to one value only the first says what it was before. The sort keeps
 * their order (g_array_sort() is stable), which is the order they were
 * made in. */
static void
sort_changes (GArray *changes)
{
  guint kept = 0;

  g_array_sort (changes, compare_changes);
  for (guint i = 0; i < changes->len; i++)
    {
      StatsChange *change = &g_array_index (changes, StatsChange, i);

      if (kept > 0)
        {
          StatsChange *last = &g_array_index (changes, StatsChange, kept - 1);

          if (last->who == change->who && last->time == change->time)
            {
              g_clear_pointer (&change->text, g_free);
              continue;
            }
        }
      if (kept != i)
        {
          g_array_index (changes, StatsChange, kept) = *change;
          change->text = NULL;
        }
      kept++;
    }
  g_array_set_size (changes, kept);
}

/* The stats some troop type rolls on a table (Big Skirmishes' Class):
 * what a man was when he came is the group he is counted in. */
static gboolean
has_table_stats (MusterRuleset *ruleset)
{
  for (guint i = 0; i < muster_ruleset_get_n_troop_types (ruleset); i++)
    {
      const MusterTroopType *type = muster_ruleset_get_troop_type (ruleset, i);

      for (guint j = 0; j < type->rolls->len; j++)
        if (((const MusterStatRoll *) g_ptr_array_index (type->rolls, j))->table != NULL)
          return TRUE;
    }
  return FALSE;
}

/**
 * muster_store_stats_load:
 *
 * Reads the rows of @campaign_id the statistics need: its forces, games
 * (all but the planned), characters with when each joined, what each
 * resolution changed of a man's status and of a unit's figures and
 * morale, the releases of prisoners, who took part and what befell them,
 * the kills, and the units in games.
 */
gboolean
muster_store_stats_load (MusterStore  *store,
                         gint64        campaign_id,
                         StatsData    *data,
                         GError      **error)
{
  g_autoptr(GPtrArray) units = NULL;
  MusterRuleset *ruleset;

  ruleset = muster_store_get_campaign_ruleset (store, campaign_id, error);
  if (ruleset == NULL)
    return FALSE;
  data->ruleset = g_object_ref (ruleset);
  data->forces = array_new (sizeof (StatsForce), force_clear);
  data->games = array_new (sizeof (StatsGame), game_clear);
  data->characters = array_new (sizeof (StatsCharacter), character_clear);
  data->character_index = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  data->game_index = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  data->status_changes = array_new (sizeof (StatsChange), change_clear);
  data->lost_changes = array_new (sizeof (StatsChange), NULL);
  data->morale_changes = array_new (sizeof (StatsChange), NULL);
  data->first_stats = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  data->parts = array_new (sizeof (StatsPart), part_clear);
  data->kills = array_new (sizeof (StatsKill), NULL);
  data->unit_parts = array_new (sizeof (StatsUnitPart), unit_part_clear);

  if (!query_rows (store,
                   "SELECT id, name, coalesce (side, name) FROM force WHERE campaign_id = ?1 ORDER BY id",
                   campaign_id, data, read_force, error) ||
      !query_rows (store,
                   "SELECT g.id, g.number, g.title, g.state, g.winner, coalesce (r.id, 0),"
                   " (SELECT min (l.id) FROM log_entry l WHERE l.resolution_id = r.id)"
                   " FROM game g LEFT JOIN resolution r ON r.game_id = g.id"
                   " WHERE g.campaign_id = ?1 AND g.state <> 'planned' ORDER BY g.number",
                   campaign_id, data, read_game, error) ||
      !query_rows (store,
                   "SELECT c.id, c.force_id, c.name, c.troop_type, c.status,"
                   " coalesce ((SELECT min (l.id) FROM log_entry l WHERE l.character_id = c.id), 0),"
                   " c.kills_elsewhere, c.games_elsewhere,"
                   " (SELECT count (*) FROM participation p JOIN game g ON g.id = p.game_id"
                   "  WHERE p.character_id = c.id AND g.state = 'resolved')"
                   " FROM character c WHERE c.campaign_id = ?1 ORDER BY c.id",
                   campaign_id, data, read_character, error))
    return FALSE;

  /* When each change was made is when its resolution logged first. */
  if (!query_rows (store,
                   "SELECT (SELECT min (l.id) FROM log_entry l WHERE l.resolution_id = r.id),"
                   " c.tbl, c.row_id, c.col, c.old_value"
                   " FROM resolution r JOIN resolution_change c ON c.resolution_id = r.id"
                   " WHERE r.campaign_id = ?1 AND ((c.tbl = 'character' AND c.col = 'status')"
                   "  OR (c.tbl = 'unit' AND c.col IN ('lost', 'morale_loss')) OR c.tbl = 'stat')"
                   " ORDER BY r.id, c.seq",
                   campaign_id, data, read_change, error) ||
      !query_rows (store,
                   "SELECT id, character_id FROM log_entry"
                   " WHERE campaign_id = ?1 AND kind = 'released' AND character_id IS NOT NULL",
                   campaign_id, data, read_release, error))
    return FALSE;
  sort_changes (data->status_changes);
  sort_changes (data->lost_changes);
  sort_changes (data->morale_changes);

  if (has_table_stats (data->ruleset) &&
      !query_rows (store,
                   "SELECT s.character_id, s.key, s.value FROM stat s"
                   " JOIN character c ON c.id = s.character_id WHERE c.campaign_id = ?1",
                   campaign_id, data, read_stat, error))
    return FALSE;

  index_games (data);
  if (!query_rows (store,
                   "SELECT p.game_id, p.character_id, p.side, p.outcome, p.killed_unnamed"
                   " FROM participation p JOIN game g ON g.id = p.game_id"
                   " WHERE g.campaign_id = ?1 AND g.state <> 'planned'",
                   campaign_id, data, read_part, error) ||
      !query_rows (store,
                   "SELECT k.game_id, k.killer_id, k.victim_id FROM kill k JOIN game g ON g.id = k.game_id"
                   " WHERE g.campaign_id = ?1 AND g.state <> 'planned' ORDER BY k.id",
                   campaign_id, data, read_kill, error) ||
      !query_rows (store,
                   "SELECT p.game_id, p.unit_id, p.side,"
                   " CASE WHEN p.recorded <> 0 THEN p.killed + p.wounded + p.captured ELSE 0 END"
                   " FROM unit_participation p JOIN game g ON g.id = p.game_id"
                   " WHERE g.campaign_id = ?1 AND g.state <> 'planned'",
                   campaign_id, data, read_unit_part, error))
    return FALSE;

  units = muster_store_list_units (store, campaign_id, 0, error);
  if (units == NULL)
    return FALSE;
  data->units = g_steal_pointer (&units);
  return TRUE;
}

void
stats_data_clear (StatsData *data)
{
  g_clear_object (&data->ruleset);
  g_clear_pointer (&data->forces, g_array_unref);
  g_clear_pointer (&data->games, g_array_unref);
  g_clear_pointer (&data->characters, g_array_unref);
  g_clear_pointer (&data->character_index, g_hash_table_unref);
  g_clear_pointer (&data->game_index, g_hash_table_unref);
  g_clear_pointer (&data->status_changes, g_array_unref);
  g_clear_pointer (&data->lost_changes, g_array_unref);
  g_clear_pointer (&data->morale_changes, g_array_unref);
  g_clear_pointer (&data->first_stats, g_hash_table_unref);
  g_clear_pointer (&data->parts, g_array_unref);
  g_clear_pointer (&data->kills, g_array_unref);
  g_clear_pointer (&data->units, g_ptr_array_unref);
  g_clear_pointer (&data->unit_parts, g_array_unref);
}
