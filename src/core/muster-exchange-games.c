/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-exchange"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "muster-exchange.h"
#include "muster-exchange-private.h"
#include "muster-ruleset.h"

/* Games, resolutions, rolls and the log */

/* The units that took part in a game, and what became of their figures. */
static gboolean
write_unit_participants (Export  *ex,
                         gint64   game_id,
                         GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (ex->store,
                               "SELECT unit_id, side, figures, recorded, killed, wounded,"
                               " captured, run, colours, notes"
                               " FROM unit_participation WHERE game_id = ? ORDER BY rowid",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *unit = muster_export_id (ex->units, sqlite3_column_int64 (stmt, 0));
      const char *colours = muster_export_column (stmt, 8);

      if (unit == NULL)
        continue;
      muster_export_start (ex, "unit-participant");
      muster_export_attr (ex, "unit", unit);
      muster_export_attr (ex, "side", muster_export_column (stmt, 1));
      muster_export_attr_int (ex, "figures", sqlite3_column_int64 (stmt, 2));
      muster_export_attr_bool (ex, "recorded", sqlite3_column_int (stmt, 3) != 0);
      muster_export_attr_int (ex, "killed", sqlite3_column_int64 (stmt, 4));
      muster_export_attr_int (ex, "wounded", sqlite3_column_int64 (stmt, 5));
      muster_export_attr_int (ex, "captured", sqlite3_column_int64 (stmt, 6));
      muster_export_attr_int (ex, "run", sqlite3_column_int64 (stmt, 7));
      /* Kept colours are the empty column: no attribute. */
      if (colours != NULL && *colours != '\0')
        muster_export_attr (ex, "colours", colours);
      muster_export_notes (ex, muster_export_column (stmt, 9));
      muster_export_end (ex);
    }
  return muster_export_step_done (ex, stmt, rc, error);
}

static gboolean
write_game_rows (Export  *ex,
                 gint64   game_id,
                 GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *parts = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *kills = NULL;
  int rc;

  if (!write_unit_participants (ex, game_id, error))
    return FALSE;

  parts = muster_store_prepare (ex->store,
                                "SELECT character_id, side, outcome, light_wounds,"
                                " serious_wounds, killed_unnamed, notes"
                                " FROM participation WHERE game_id = ? ORDER BY rowid",
                                error);
  if (parts == NULL)
    return FALSE;
  sqlite3_bind_int64 (parts, 1, game_id);
  while ((rc = sqlite3_step (parts)) == SQLITE_ROW)
    {
      const char *who = muster_export_id (ex->characters, sqlite3_column_int64 (parts, 0));

      if (who == NULL)
        continue;
      muster_export_start (ex, "participant");
      muster_export_attr (ex, "character", who);
      muster_export_attr (ex, "side", muster_export_column (parts, 1));
      muster_export_attr (ex, "outcome", muster_export_column (parts, 2));
      muster_export_attr_int (ex, "light", sqlite3_column_int64 (parts, 3));
      muster_export_attr_int (ex, "serious", sqlite3_column_int64 (parts, 4));
      muster_export_attr_int (ex, "killed-unnamed", sqlite3_column_int64 (parts, 5));
      muster_export_notes (ex, muster_export_column (parts, 6));
      muster_export_end (ex);
    }
  if (!muster_export_step_done (ex, parts, rc, error))
    return FALSE;

  kills = muster_store_prepare (ex->store,
                                "SELECT killer_id, victim_id FROM kill WHERE game_id = ? ORDER BY id",
                                error);
  if (kills == NULL)
    return FALSE;
  sqlite3_bind_int64 (kills, 1, game_id);
  while ((rc = sqlite3_step (kills)) == SQLITE_ROW)
    {
      const char *killer = muster_export_id (ex->characters, sqlite3_column_int64 (kills, 0));
      const char *victim = muster_export_id (ex->characters, sqlite3_column_int64 (kills, 1));

      if (killer == NULL || victim == NULL)
        continue;
      muster_export_start (ex, "kill");
      muster_export_attr (ex, "killer", killer);
      muster_export_attr (ex, "victim", victim);
      muster_export_end (ex);
    }
  if (!muster_export_step_done (ex, kills, rc, error))
    return FALSE;
  return muster_export_table (ex, game_id, error);
}

gboolean
muster_export_games (Export  *ex,
                     GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (ex->store,
                               "SELECT id, number, title, date, state, side_a, side_b, winner, notes"
                               " FROM game WHERE campaign_id = ? ORDER BY id",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, ex->campaign_id);

  muster_export_start (ex, "games");
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      muster_export_start (ex, "game");
      muster_export_attr (ex, "id", muster_export_id (ex->games, sqlite3_column_int64 (stmt, 0)));
      muster_export_attr_int (ex, "number", sqlite3_column_int64 (stmt, 1));
      muster_export_attr (ex, "title", muster_export_column (stmt, 2));
      muster_export_attr (ex, "date", muster_export_column (stmt, 3));
      muster_export_attr (ex, "state", muster_export_column (stmt, 4));
      muster_export_attr (ex, "side-a", muster_export_column (stmt, 5));
      muster_export_attr (ex, "side-b", muster_export_column (stmt, 6));
      muster_export_attr (ex, "winner", muster_export_column (stmt, 7));
      muster_export_notes (ex, muster_export_column (stmt, 8));
      if (!write_game_rows (ex, sqlite3_column_int64 (stmt, 0), error))
        return FALSE;
      muster_export_end (ex);
    }
  muster_export_end (ex);
  return muster_export_step_done (ex, stmt, rc, error);
}

/* The tables whose old values a resolution keeps, and what a change's row
 * is in each: “stat” is a character's stat (the column is its key) and
 * “unit_stat” a unit's value (the column is its key). */
static const struct {
  const char *table;
  IdKind      kind;
} change_tables[] = {
  { "character", ID_CHARACTER },
  { "stat",      ID_CHARACTER },
  { "unit",      ID_UNIT },
  { "unit_stat", ID_UNIT },
  { "game",      ID_GAME },
};

gboolean
muster_exchange_change_table (const char *table,
                              IdKind     *kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (change_tables); i++)
    if (g_strcmp0 (change_tables[i].table, table) == 0)
      {
        if (kind != NULL)
          *kind = change_tables[i].kind;
        return TRUE;
      }
  return FALSE;
}

static GHashTable *
map_for_kind (Export *ex,
              IdKind  kind)
{
  switch (kind)
    {
    case ID_CHARACTER:
      return ex->characters;
    case ID_UNIT:
      return ex->units;
    case ID_GAME:
      return ex->games;
    case ID_FORCE:
    case ID_RESOLUTION:
    case ID_ROLL:
    case N_ID_KINDS:
    default:
      g_assert_not_reached ();
    }
  return NULL;
}

static gboolean
write_changes (Export  *ex,
               gint64   resolution_id,
               GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (ex->store,
                               "SELECT seq, tbl, row_id, col, old_value FROM resolution_change"
                               " WHERE resolution_id = ? ORDER BY seq",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, resolution_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *table = muster_export_column (stmt, 1);
      const char *row;
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      IdKind kind;

      /* A file without the change could not undo the resolution: better
       * no file than a wrong one. */
      if (!muster_exchange_change_table (table, &kind))
        {
          g_set_error (error, MUSTER_EXCHANGE_ERROR, MUSTER_EXCHANGE_ERROR_INVALID,
                       _("A resolution of this campaign changed the table “%s”, which a Muster file cannot hold yet; nothing was written."),
                       table != NULL ? table : "");
          return FALSE;
        }
      /* A row deleted since (a character dismissed after the game): undoing
       * the change would touch nothing, here or in the file. */
      row = muster_export_id (map_for_kind (ex, kind), sqlite3_column_int64 (stmt, 2));
      if (row == NULL)
        continue;
      muster_export_start (ex, "change");
      muster_export_attr_int (ex, "seq", sqlite3_column_int64 (stmt, 0));
      muster_export_attr (ex, "table", table);
      muster_export_attr (ex, "row", row);
      muster_export_attr (ex, "column", muster_export_column (stmt, 3));
      switch (sqlite3_column_type (stmt, 4))
        {
        case SQLITE_NULL:
          muster_export_attr (ex, "type", "null");
          break;
        case SQLITE_INTEGER:
          muster_export_attr (ex, "type", "integer");
          muster_export_attr_int (ex, "value", sqlite3_column_int64 (stmt, 4));
          break;
        case SQLITE_FLOAT:
          muster_export_attr (ex, "type", "real");
          muster_export_attr (ex, "value", g_ascii_dtostr (buf, sizeof buf, sqlite3_column_double (stmt, 4)));
          break;
        default:
          muster_export_attr (ex, "type", "text");
          muster_export_attr (ex, "value", muster_export_column (stmt, 4));
          break;
        }
      muster_export_end (ex);
    }
  return muster_export_step_done (ex, stmt, rc, error);
}

gboolean
muster_export_resolutions (Export  *ex,
                           GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (ex->store,
                               "SELECT id, game_id, created FROM resolution"
                               " WHERE campaign_id = ? ORDER BY id",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, ex->campaign_id);

  muster_export_start (ex, "resolutions");
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      muster_export_start (ex, "resolution");
      muster_export_attr (ex, "id", muster_export_id (ex->resolutions, sqlite3_column_int64 (stmt, 0)));
      muster_export_attr_ref (ex, "game", ex->games, stmt, 1);
      muster_export_attr (ex, "created", muster_export_column (stmt, 2));
      if (!write_changes (ex, sqlite3_column_int64 (stmt, 0), error))
        return FALSE;
      muster_export_end (ex);
    }
  muster_export_end (ex);
  return muster_export_step_done (ex, stmt, rc, error);
}

gboolean
muster_export_rolls (Export  *ex,
                     GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (ex->store,
                               "SELECT id, game_id, character_id, resolution_id, purpose,"
                               " expression, faces, total, entered, created"
                               " FROM roll WHERE campaign_id = ? ORDER BY id",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, ex->campaign_id);

  muster_export_start (ex, "rolls");
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      muster_export_start (ex, "roll");
      muster_export_attr (ex, "id", muster_export_id (ex->rolls, sqlite3_column_int64 (stmt, 0)));
      muster_export_attr_ref (ex, "game", ex->games, stmt, 1);
      muster_export_attr_ref (ex, "character", ex->characters, stmt, 2);
      muster_export_attr_ref (ex, "resolution", ex->resolutions, stmt, 3);
      muster_export_attr (ex, "purpose", muster_export_column (stmt, 4));
      muster_export_attr (ex, "expression", muster_export_column (stmt, 5));
      muster_export_attr (ex, "faces", muster_export_column (stmt, 6));
      muster_export_attr_int (ex, "total", sqlite3_column_int64 (stmt, 7));
      muster_export_attr_bool (ex, "entered", sqlite3_column_int (stmt, 8) != 0);
      muster_export_attr (ex, "created", muster_export_column (stmt, 9));
      muster_export_end (ex);
    }
  muster_export_end (ex);
  return muster_export_step_done (ex, stmt, rc, error);
}

gboolean
muster_exchange_args_ref_kind (const char *name,
                               IdKind     *kind)
{
  static const struct {
    const char *suffix;
    IdKind      kind;
  } refs[] = {
    { "force_id", ID_FORCE }, { "unit_id", ID_UNIT },
    { "character_id", ID_CHARACTER }, { "game_id", ID_GAME },
  };

  for (guint i = 0; i < G_N_ELEMENTS (refs); i++)
    if (g_str_has_suffix (name, refs[i].suffix))
      {
        *kind = refs[i].kind;
        return TRUE;
      }
  return FALSE;
}

gboolean
muster_exchange_walk_args_refs (JsonObject      *object,
                                ArgsRefFunc      func,
                                gpointer         data)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      JsonNode *node = json_object_get_member (object, name);
      IdKind kind;

      if (JSON_NODE_HOLDS_ARRAY (node))
        {
          JsonArray *array = json_node_get_array (node);

          for (guint i = 0; i < json_array_get_length (array); i++)
            if (JSON_NODE_HOLDS_OBJECT (json_array_get_element (array, i)) &&
                !muster_exchange_walk_args_refs (json_array_get_object_element (array, i), func, data))
              return FALSE;
        }
      else if (muster_exchange_args_ref_kind (name, &kind) && !func (object, name, kind, data))
        return FALSE;
    }
  return TRUE;
}

/* A row id to its file id, or left out when its row is not in the file. */
static gboolean
export_ref (JsonObject *object,
            const char *name,
            IdKind      kind,
            gpointer    data)
{
  Export *ex = data;
  GHashTable *maps[N_ID_KINDS] = { ex->forces, ex->units, ex->characters, ex->games, NULL, NULL };
  JsonNode *node = json_object_get_member (object, name);
  const char *id = maps[kind] != NULL && JSON_NODE_HOLDS_VALUE (node) &&
                   json_node_get_value_type (node) == G_TYPE_INT64
                   ? muster_export_id (maps[kind], json_node_get_int (node)) : NULL;

  if (id != NULL)
    json_object_set_string_member (object, name, id);
  else
    json_object_remove_member (object, name);
  return TRUE;
}

char *
muster_export_log_args (Export     *ex,
                        const char *args)
{
  g_autoptr(JsonObject) object = muster_log_args_from_string (args, NULL);

  /* The store only keeps objects (its check, and the importer's). */
  if (object == NULL)
    return g_strdup ("{}");
  muster_exchange_walk_args_refs (object, export_ref, ex);
  return muster_log_args_to_string (object);
}

gboolean
muster_export_log (Export  *ex,
                   GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (ex->store,
                               "SELECT game_id, character_id, resolution_id, roll_id, kind,"
                               " message, created, args"
                               " FROM log_entry WHERE campaign_id = ? ORDER BY id",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, ex->campaign_id);

  muster_export_start (ex, "log");
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      muster_export_start (ex, "entry");
      muster_export_attr_ref (ex, "game", ex->games, stmt, 0);
      muster_export_attr_ref (ex, "character", ex->characters, stmt, 1);
      muster_export_attr_ref (ex, "resolution", ex->resolutions, stmt, 2);
      muster_export_attr_ref (ex, "roll", ex->rolls, stmt, 3);
      muster_export_attr (ex, "kind", muster_export_column (stmt, 4));
      muster_export_attr (ex, "created", muster_export_column (stmt, 6));
      if (sqlite3_column_type (stmt, 7) != SQLITE_NULL)
        {
          g_autofree char *args = muster_export_log_args (ex, muster_export_column (stmt, 7));

          muster_export_start (ex, "args");
          muster_export_json (ex, args);
          muster_export_end (ex);
        }
      else
        muster_export_text (ex, muster_export_column (stmt, 5));
      muster_export_end (ex);
    }
  muster_export_end (ex);
  return muster_export_step_done (ex, stmt, rc, error);
}

