/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-store"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-character.h"
#include "muster-force.h"
#include "muster-store-private.h"
#include "muster-store.h"
#include "muster-unit.h"

/*
 * Deleting with undo. Before a deletion, every row it will remove (the row
 * itself and what cascades from it) and every row it will change (columns
 * that ON DELETE SET NULL clears) is read, column by column, as
 * sqlite3_values. Undo deletes the deletion's log entry, inserts the
 * removed rows again, parents first, and writes the changed rows back by
 * rowid. UPDATE, not INSERT OR REPLACE, for those: REPLACE deletes the old
 * row first, and that delete would run the foreign key actions again.
 *
 * A change that keeps its own record in the library (taking newer rules,
 * muster-store-rules.c) gives an undo record that calls its function.
 */

typedef struct {
  char      *table;
  gboolean   changed;   /* TRUE: rows to write back; FALSE: rows to insert */
  GPtrArray *columns;   /* of char* */
  GPtrArray *rows;      /* of GPtrArray* of sqlite3_value*; rowid first when changed */
} UndoTable;

struct _MusterUndo
{
  MusterStore  *store;
  gint64        campaign_id;
  gint64        log_id;
  char         *label;
  GPtrArray    *tables;  /* of UndoTable*, in the order they are put back */
  MusterChange  what;
  gboolean      applied;
  /* Or a change that keeps its own record in the library. */
  MusterUndoFunc func;
  gint64         record_id;
};

/* What a deletion touches: table, WHERE on ?1, and whether rows are
 * changed (set null) rather than removed. Parents first. */
typedef struct {
  const char *table;
  const char *where;
  gboolean    changed;
} Capture;

#define FORCE_CHARACTERS "(SELECT id FROM character WHERE force_id = ?1)"

/* Only what took part in no played game is deleted (see
 * first_history()): its games are planned ones, and it has no kills (the
 * kill table restricts deleting either man). */
static const Capture character_captures[] = {
  { "character",     "id = ?1",                            FALSE },
  { "stat",          "character_id = ?1",                  FALSE },
  { "participation", "character_id = ?1",                  FALSE },
  { "roll",          "character_id = ?1",                  TRUE },
  { "log_entry",     "character_id = ?1",                  TRUE },
};

static const Capture force_captures[] = {
  { "force",         "id = ?1",                                   FALSE },
  { "unit",          "force_id = ?1",                             FALSE },
  { "unit_stat",     "unit_id IN (SELECT id FROM unit WHERE force_id = ?1)", FALSE },
  { "unit_participation", "unit_id IN (SELECT id FROM unit WHERE force_id = ?1)", FALSE },
  { "character",     "force_id = ?1",                             FALSE },
  { "stat",          "character_id IN " FORCE_CHARACTERS,         FALSE },
  { "participation", "character_id IN " FORCE_CHARACTERS,         FALSE },
  { "character",     "force_id != ?1 AND unit_id IN"
                     " (SELECT id FROM unit WHERE force_id = ?1)", TRUE },
  { "roll",          "character_id IN " FORCE_CHARACTERS,         TRUE },
  { "log_entry",     "character_id IN " FORCE_CHARACTERS,         TRUE },
};

static const Capture unit_captures[] = {
  { "unit",               "id = ?1",      FALSE },
  { "unit_stat",          "unit_id = ?1", FALSE },
  { "unit_participation", "unit_id = ?1", FALSE },
  { "character",          "unit_id = ?1", TRUE },
};

static void
free_row (gpointer data)
{
  GPtrArray *row = data;

  g_ptr_array_unref (row);
}

static void
undo_table_free (UndoTable *table)
{
  g_free (table->table);
  g_ptr_array_unref (table->columns);
  g_ptr_array_unref (table->rows);
  g_free (table);
}

void
muster_undo_free (MusterUndo *undo)
{
  if (undo == NULL)
    return;
  g_clear_object (&undo->store);
  g_free (undo->label);
  g_ptr_array_unref (undo->tables);
  g_free (undo);
}

const char *
muster_undo_get_label (MusterUndo *undo)
{
  g_return_val_if_fail (undo != NULL, NULL);
  return undo->label;
}

static MusterUndo *
undo_new (MusterStore *store)
{
  MusterUndo *undo = g_new0 (MusterUndo, 1);

  undo->store = g_object_ref (store);
  undo->tables = g_ptr_array_new_with_free_func ((GDestroyNotify) undo_table_free);
  return undo;
}

/**
 * muster_undo_new_for_record:
 * @func: puts back the change recorded as @record_id, in a transaction
 *   of its own
 *
 * An undo record for a change that keeps what undoing it needs in the
 * library (taking newer rules), so that Undo in a window and a command
 * that undoes it later do the same.
 *
 * Returns: (transfer full): a new #MusterUndo
 */
MusterUndo *
muster_undo_new_for_record (MusterStore    *store,
                            gint64          campaign_id,
                            const char     *label,
                            MusterUndoFunc  func,
                            gint64          record_id)
{
  MusterUndo *undo = undo_new (store);

  undo->campaign_id = campaign_id;
  undo->label = g_strdup (label);
  undo->func = func;
  undo->record_id = record_id;
  return undo;
}

/* Reads every row of @capture->table that @capture->where selects for @id. */
static gboolean
capture_rows (MusterUndo     *undo,
              const Capture  *capture,
              gint64          id,
              GError        **error)
{
  g_autofree char *sql = NULL;
  UndoTable *table;
  int first, n_columns, rc;

  sql = g_strdup_printf ("SELECT %s* FROM \"%s\" WHERE %s",
                         capture->changed ? "rowid, " : "", capture->table, capture->where);
  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (undo->store, sql, error);

    if (stmt == NULL)
      return FALSE;
    sqlite3_bind_int64 (stmt, 1, id);

    table = g_new0 (UndoTable, 1);
    table->table = g_strdup (capture->table);
    table->changed = capture->changed;
    table->columns = g_ptr_array_new_with_free_func (g_free);
    table->rows = g_ptr_array_new_with_free_func (free_row);
    g_ptr_array_add (undo->tables, table);

    first = capture->changed ? 1 : 0;
    n_columns = sqlite3_column_count (stmt);
    for (int i = first; i < n_columns; i++)
      g_ptr_array_add (table->columns, g_strdup (sqlite3_column_name (stmt, i)));

    while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
      {
        GPtrArray *row = g_ptr_array_new_full (n_columns, (GDestroyNotify) sqlite3_value_free);

        for (int i = 0; i < n_columns; i++)
          g_ptr_array_add (row, sqlite3_value_dup (sqlite3_column_value (stmt, i)));
        g_ptr_array_add (table->rows, row);
      }
    if (rc != SQLITE_DONE)
      {
        muster_store_set_error (undo->store, error, _("Could not read what the deletion removes"));
        return FALSE;
      }
  }
  return TRUE;
}

static gboolean
put_back (MusterUndo  *undo,
          UndoTable   *table,
          GError     **error)
{
  g_autoptr(GString) sql = g_string_new (NULL);
  guint n = table->columns->len;

  if (table->rows->len == 0)
    return TRUE;

  if (table->changed)
    {
      g_string_printf (sql, "UPDATE \"%s\" SET ", table->table);
      for (guint i = 0; i < n; i++)
        g_string_append_printf (sql, "%s\"%s\" = ?%u", i > 0 ? ", " : "",
                                (const char *) g_ptr_array_index (table->columns, i), i + 2);
      g_string_append (sql, " WHERE rowid = ?1");
    }
  else
    {
      g_string_printf (sql, "INSERT INTO \"%s\" (", table->table);
      for (guint i = 0; i < n; i++)
        g_string_append_printf (sql, "%s\"%s\"", i > 0 ? ", " : "",
                                (const char *) g_ptr_array_index (table->columns, i));
      g_string_append (sql, ") VALUES (");
      for (guint i = 0; i < n; i++)
        g_string_append_printf (sql, "%s?%u", i > 0 ? ", " : "", i + 1);
      g_string_append (sql, ")");
    }

  for (guint r = 0; r < table->rows->len; r++)
    {
      GPtrArray *row = g_ptr_array_index (table->rows, r);
      MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (undo->store, sql->str, error);

      if (stmt == NULL)
        return FALSE;
      for (guint i = 0; i < row->len; i++)
        sqlite3_bind_value (stmt, (int) i + 1, g_ptr_array_index (row, i));
      if (sqlite3_step (stmt) != SQLITE_DONE)
        {
          muster_store_set_error (undo->store, error, _("Could not put the deleted rows back"));
          return FALSE;
        }
    }
  return TRUE;
}

/* The history a character or a unit made: the first game, played or
 * resolved, in which it took part, or any in which a kill names him. */
static const char character_history_sql[] =
  "SELECT id FROM game WHERE"
  " (state != 'planned' AND id IN (SELECT game_id FROM participation WHERE character_id = ?1))"
  " OR id IN (SELECT game_id FROM kill WHERE killer_id = ?1 OR victim_id = ?1)"
  " ORDER BY number LIMIT 1";
static const char unit_history_sql[] =
  "SELECT id FROM game WHERE state != 'planned'"
  " AND id IN (SELECT game_id FROM unit_participation WHERE unit_id = ?1)"
  " ORDER BY number LIMIT 1";

/* Sets @out_game to the game, as muster_game_describe_full() says it, that
 * @history_sql finds for @id, or NULL when there is none. */
static gboolean
first_history (MusterStore  *store,
               const char   *history_sql,
               gint64        id,
               char        **out_game,
               GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (store, history_sql, error);
  int rc;

  *out_game = NULL;
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      g_autoptr(MusterGame) game = muster_store_get_game (store, sqlite3_column_int64 (stmt, 0), error);

      if (game == NULL)
        return FALSE;
      *out_game = muster_game_describe_full (game);
    }
  else if (rc != SQLITE_DONE)
    {
      muster_store_set_error (store, error, _("Could not read the games played"));
      return FALSE;
    }
  return TRUE;
}

/* FALSE with MUSTER_STORE_ERROR_HISTORY when a character or unit of the
 * force took part in a played game. */
static gboolean
check_force_history (MusterStore  *store,
                     MusterForce  *force,
                     GError      **error)
{
  static const struct {
    const char *members;
    const char *history_sql;
  } kinds[] = {
    { "SELECT id, name FROM character WHERE force_id = ? ORDER BY id", character_history_sql },
    { "SELECT id, name FROM unit WHERE force_id = ? ORDER BY id", unit_history_sql },
  };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
      int rc;

      {
        MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (store, kinds[k].members, error);

        if (stmt == NULL)
          return FALSE;
        sqlite3_bind_int64 (stmt, 1, muster_force_get_id (force));
        while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
          {
            gint64 id = sqlite3_column_int64 (stmt, 0);

            g_array_append_val (ids, id);
            g_ptr_array_add (names, g_strdup (muster_column_text (stmt, 1)));
          }
        if (rc != SQLITE_DONE)
          {
            muster_store_set_error (store, error, _("Could not read the force"));
            return FALSE;
          }
      }

      for (guint i = 0; i < ids->len; i++)
        {
          g_autofree char *game = NULL;

          if (!first_history (store, kinds[k].history_sql, g_array_index (ids, gint64, i), &game, error))
            return FALSE;
          if (game == NULL)
            continue;
          g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_HISTORY,
                       _("The force “%s” cannot be deleted: %s took part in %s, and deleting the force "
                         "would rewrite that game’s history. Set its characters’ status to retired and "
                         "its units’ to disbanded instead."),
                       muster_force_get_name (force), (const char *) g_ptr_array_index (names, i), game);
          return FALSE;
        }
    }
  return TRUE;
}

/* Captures, deletes with @delete_sql and logs an entry of @kind with
 * @args (taken), which also say what Undo undoes, in one transaction. */
static gboolean
delete_with_undo (MusterUndo     *undo,
                  const Capture  *captures,
                  guint           n_captures,
                  const char     *delete_sql,
                  gint64          id,
                  const char     *kind,
                  JsonObject     *args,
                  GError        **error)
{
  g_autoptr(JsonObject) owned = args;
  MusterStore *store = undo->store;
  MusterLogContext ctx = { NULL, NULL, kind, args, NULL };

  g_free (undo->label);
  undo->label = muster_log_format_in (&ctx);

  if (!muster_store_begin (store, error))
    return FALSE;
  for (guint i = 0; i < n_captures; i++)
    if (!capture_rows (undo, &captures[i], id, error))
      goto fail;
  if (!muster_store_exec_id (store, delete_sql, id, _("Could not delete"), error))
    goto fail;
  undo->log_id = muster_store_insert_log (store, undo->campaign_id, 0, 0, 0, 0,
                                          kind, g_steal_pointer (&owned), error);
  if (undo->log_id == 0 || !muster_store_commit (store, error))
    goto fail;
  muster_store_emit_changed (store, undo->what, undo->campaign_id);
  return TRUE;

fail:
  muster_store_rollback (store);
  return FALSE;
}

/**
 * muster_store_delete_character:
 *
 * Deletes a character with his stats and the planned games he was to take
 * part in, and logs it. One who took part in a played game is part of
 * other people's history (their games, kills and log): that is refused
 * with MUSTER_STORE_ERROR_HISTORY, offering to retire him instead.
 *
 * Returns: (transfer full): what muster_undo_apply() needs to put it
 * back, or %NULL with @error set.
 */
MusterUndo *
muster_store_delete_character (MusterStore  *self,
                               gint64        id,
                               GError      **error)
{
  g_autoptr(MusterCharacter) character = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  g_autofree char *game = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  character = muster_store_get_character (self, id, error);
  if (character == NULL || !first_history (self, character_history_sql, id, &game, error))
    return NULL;
  if (game != NULL)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_HISTORY,
                   _("%s cannot be deleted: he took part in %s, and deleting him would rewrite that "
                     "game’s history. Retire him instead: set his status to retired."),
                   muster_character_get_name (character), game);
      return NULL;
    }

  undo = undo_new (self);
  undo->campaign_id = muster_character_get_campaign_id (character);
  undo->what = MUSTER_CHANGE_CHARACTERS | MUSTER_CHANGE_FORCES | MUSTER_CHANGE_GAMES | MUSTER_CHANGE_LOG;
  if (!delete_with_undo (undo, character_captures, G_N_ELEMENTS (character_captures),
                         "DELETE FROM character WHERE id = ?1", id, "character-deleted",
                         muster_log_args ("s:name", muster_character_get_name (character), NULL),
                         error))
    return NULL;
  return g_steal_pointer (&undo);
}

/**
 * muster_store_delete_force:
 *
 * Deletes a force with its units and characters, and logs it; refused
 * (MUSTER_STORE_ERROR_HISTORY) when one of them took part in a played
 * game.
 *
 * Returns: (transfer full): the undo record, or %NULL with @error set.
 */
MusterUndo *
muster_store_delete_force (MusterStore  *self,
                           gint64        id,
                           GError      **error)
{
  g_autoptr(MusterForce) force = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  guint n;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  force = muster_store_get_force (self, id, error);
  if (force == NULL || !check_force_history (self, force, error))
    return NULL;

  n = muster_force_get_n_characters (force);
  undo = undo_new (self);
  undo->campaign_id = muster_force_get_campaign_id (force);
  undo->what = MUSTER_CHANGE_ALL;
  if (!delete_with_undo (undo, force_captures, G_N_ELEMENTS (force_captures),
                         "DELETE FROM force WHERE id = ?1", id, "force-deleted",
                         muster_log_args ("r:force_id", id, "s:name", muster_force_get_name (force),
                                          "i:characters", (int) n, NULL),
                         error))
    return NULL;
  return g_steal_pointer (&undo);
}

/**
 * muster_store_delete_unit:
 *
 * Deletes a unit with its values and the planned games it was to take
 * part in; its characters stay with the force. Logs it. A unit that took
 * part in a played game is refused (MUSTER_STORE_ERROR_HISTORY), offering
 * to strike it off instead.
 *
 * Returns: (transfer full): the undo record, or %NULL with @error set.
 */
MusterUndo *
muster_store_delete_unit (MusterStore  *self,
                          gint64        id,
                          GError      **error)
{
  g_autoptr(MusterUnit) unit = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  g_autofree char *game = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  unit = muster_store_get_unit (self, id, error);
  if (unit == NULL || !first_history (self, unit_history_sql, id, &game, error))
    return NULL;
  if (game != NULL)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_HISTORY,
                   _("The unit “%s” cannot be deleted: it took part in %s, and deleting it would rewrite "
                     "that game’s history. Strike it off the roll instead: set its status to disbanded."),
                   muster_unit_get_name (unit), game);
      return NULL;
    }

  undo = undo_new (self);
  undo->campaign_id = muster_unit_get_campaign_id (unit);
  undo->what = MUSTER_CHANGE_UNITS | MUSTER_CHANGE_CHARACTERS | MUSTER_CHANGE_FORCES |
               MUSTER_CHANGE_GAMES | MUSTER_CHANGE_LOG;
  if (!delete_with_undo (undo, unit_captures, G_N_ELEMENTS (unit_captures),
                         "DELETE FROM unit WHERE id = ?1", id, "unit-deleted",
                         muster_log_args ("r:unit_id", id, "s:name", muster_unit_get_name (unit), NULL),
                         error))
    return NULL;
  return g_steal_pointer (&undo);
}

/**
 * muster_undo_apply:
 *
 * Puts back what the deletion removed (or what the change replaced) and
 * removes its log entry, in one transaction: the library is then exactly
 * as it was before.
 */
gboolean
muster_undo_apply (MusterUndo  *undo,
                   GError     **error)
{
  MusterStore *store;

  g_return_val_if_fail (undo != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  store = undo->store;
  if (undo->applied)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                   _("“%s” has already been undone."), undo->label);
      return FALSE;
    }

  if (undo->func != NULL)
    {
      if (!undo->func (store, undo->record_id, error))
        return FALSE;
      undo->applied = TRUE;
      return TRUE;
    }

  if (!muster_store_begin (store, error))
    return FALSE;
  if (!muster_store_exec_id (store, "DELETE FROM log_entry WHERE id = ?", undo->log_id,
                             _("Could not undo the deletion"), error))
    goto fail;
  if (sqlite3_changes (muster_store_get_db (store)) != 1)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                   _("“%s” can no longer be undone: its campaign log entry is gone."),
                   undo->label);
      goto fail;
    }
  for (guint i = 0; i < undo->tables->len; i++)
    if (!put_back (undo, g_ptr_array_index (undo->tables, i), error))
      goto fail;
  if (!muster_store_commit (store, error))
    goto fail;

  undo->applied = TRUE;
  muster_store_emit_changed (store, undo->what, undo->campaign_id);
  return TRUE;

fail:
  muster_store_rollback (store);
  return FALSE;
}
