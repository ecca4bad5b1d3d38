/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-exchange"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "muster-exchange.h"
#include "muster-exchange-private.h"

/* Games, resolutions, rolls and the log: what the schema cannot check,
 * then their rows (participations, rolls and log entries by the batch). */

/* Games */

void
muster_import_game (Import *im,
                    int     line)
{
  gint64 number;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  if (!muster_import_int (im, "number", 1, G_MAXINT32, line, &number))
    return;

  {
    g_autofree char *key = g_strdup_printf ("%" G_GINT64_FORMAT, number);
    g_autoptr(GError) local_error = NULL;
    const char *title;

    muster_import_define_id (im, ID_GAME, line);
    /* Who takes part is checked game by game. */
    g_hash_table_remove_all (im->game_characters);
    g_hash_table_remove_all (im->game_units);
    if (!muster_import_first_time (im, "game-number", key))
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          _("two games have the number %" PRId64 "."), number);
    title = muster_import_need_attr (im, "title", line);
    if (title != NULL && !muster_store_check_length (title, &local_error))
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          _("the title of the <%s> element cannot be used: %s"),
                          muster_import_element (im), local_error->message);
  }
  if (im->error != NULL)
    return;

  /* The game's rows point at characters, all read by now. */
  muster_import_batch_flush (im, &im->characters);
  stmt = muster_import_prepare (im,
                                "INSERT INTO game (campaign_id, number, title, date, state, side_a, side_b, winner)"
                                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->campaign_id);
  sqlite3_bind_int64 (stmt, 2, number);
  muster_import_bind_text (stmt, 3, muster_import_attr (im, "title"));
  muster_import_bind_text (stmt, 4, muster_import_attr (im, "date"));
  muster_import_bind_text (stmt, 5, muster_import_attr (im, "state"));
  muster_import_bind_text (stmt, 6, muster_import_attr (im, "side-a"));
  muster_import_bind_text (stmt, 7, muster_import_attr (im, "side-b"));
  muster_import_bind_text (stmt, 8, muster_import_attr (im, "winner"));
  im->game_id = muster_import_run (im, stmt);
  muster_import_set_row (im, ID_GAME, muster_import_attr (im, "id"), im->game_id);
}

void
muster_import_participant (Import *im,
                           int     line)
{
  gint64 character_id, light, serious, unnamed;
  const MusterOutcomeDef *def;
  const char *outcome;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  light = muster_import_count (im, "light", line);
  serious = muster_import_count (im, "serious", line);
  unnamed = muster_import_count (im, "killed-unnamed", line);
  outcome = muster_import_attr (im, "outcome");

  {
    const char *who = muster_import_need_attr (im, "character", line);

    character_id = muster_import_ref (im, ID_CHARACTER, "character", line);
    if (who != NULL && !g_hash_table_add (im->game_characters, g_strdup (who)))
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          _("the character “%s” takes part twice in one game."), who);
    if (outcome != NULL && im->ruleset != NULL)
      {
        g_autoptr(GError) check_error = NULL;

        def = muster_ruleset_lookup_outcome (im->ruleset, outcome);
        if (def == NULL)
          muster_import_fail (im, MUSTER_EXCHANGE_ERROR_RULESET, line,
                              _("the ruleset “%s” has no outcome “%s”."),
                              muster_ruleset_get_id (im->ruleset), outcome);
        else if (!muster_store_check_result (def, muster_import_name_of (im, ID_CHARACTER, who), (int) light, (int) serious,
                                             (int) unnamed, &check_error))
          muster_import_refused (im, line, check_error);
        else
          {
            /* As a result recorded here: wounds that add up to a Kill are one. */
            int light_count = (int) light, serious_count = (int) serious;

            outcome = muster_store_result_outcome (im->ruleset, def, &light_count, &serious_count, NULL)->id;
            light = light_count;
            serious = serious_count;
          }
      }
  }
  if (im->error != NULL || character_id == 0)
    return;

  muster_import_batch_int (&im->participations, im->game_id);
  muster_import_batch_int (&im->participations, character_id);
  muster_import_batch_text (&im->participations, muster_import_attr (im, "side"));
  muster_import_batch_text (&im->participations, outcome);
  muster_import_batch_int (&im->participations, light);
  muster_import_batch_int (&im->participations, serious);
  muster_import_batch_int (&im->participations, unnamed);
  muster_import_batch_end_row (im, &im->participations);
  im->participant_id = character_id;
}

/* A unit in a game (table unit_participation): the figures it brought and
 * what became of them, which cannot be more than it brought. */
void
muster_import_unit_participant (Import *im,
                                int     line)
{
  gint64 unit_id, figures, killed, wounded, captured, run;
  const char *colours;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  figures = muster_import_count (im, "figures", line);
  killed = muster_import_count (im, "killed", line);
  wounded = muster_import_count (im, "wounded", line);
  captured = muster_import_count (im, "captured", line);
  run = muster_import_count (im, "run", line);
  colours = muster_import_attr (im, "colours");

  {
    const char *unit = muster_import_need_attr (im, "unit", line);
    MusterUnitResult result = { (int) killed, (int) wounded, (int) captured, (int) run, colours, NULL };
    g_autoptr(GError) check_error = NULL;

    unit_id = muster_import_ref (im, ID_UNIT, "unit", line);
    if (unit != NULL && !g_hash_table_add (im->game_units, g_strdup (unit)))
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          _("the unit “%s” takes part twice in one game."), unit);
    else if (im->error == NULL && im->ruleset != NULL &&
             !muster_store_check_unit_result (im->ruleset, muster_import_name_of (im, ID_UNIT, unit), (int) figures,
                                              &result, &check_error))
      muster_import_refused (im, line, check_error);
  }
  if (im->error != NULL || unit_id == 0)
    return;

  stmt = muster_import_prepare (im,
                                "INSERT INTO unit_participation (game_id, unit_id, side, figures,"
                                " recorded, killed, wounded, captured, run, colours)"
                                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->game_id);
  sqlite3_bind_int64 (stmt, 2, unit_id);
  muster_import_bind_text (stmt, 3, muster_import_attr (im, "side"));
  sqlite3_bind_int64 (stmt, 4, figures);
  sqlite3_bind_int (stmt, 5, muster_import_bool (im, "recorded", line));
  sqlite3_bind_int64 (stmt, 6, killed);
  sqlite3_bind_int64 (stmt, 7, wounded);
  sqlite3_bind_int64 (stmt, 8, captured);
  sqlite3_bind_int64 (stmt, 9, run);
  /* The schema allows only “lost” and “captured”; kept colours are ''. */
  sqlite3_bind_text (stmt, 10, colours != NULL ? colours : "", -1, SQLITE_TRANSIENT);
  muster_import_run (im, stmt);
  im->unit_participant_id = unit_id;
}

void
muster_import_kill (Import *im,
                    int     line)
{
  gint64 killer = muster_import_ref (im, ID_CHARACTER, "killer", line);
  gint64 victim = muster_import_ref (im, ID_CHARACTER, "victim", line);
  g_autoptr(GError) local_error = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  gint64 kill_id;

  if (im->error != NULL || killer == 0 || victim == 0)
    return;
  /* The check reads the game's participants. */
  muster_import_batch_flush (im, &im->participations);
  stmt = muster_import_prepare (im, "INSERT INTO kill (game_id, killer_id, victim_id) VALUES (?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->game_id);
  sqlite3_bind_int64 (stmt, 2, killer);
  sqlite3_bind_int64 (stmt, 3, victim);
  kill_id = muster_import_run (im, stmt);

  /* The rules every kill keeps, as a result recorded in Muster would; the
   * game's participants come before its kills in the file. */
  if (kill_id != 0 && !muster_store_check_kill (im->store, kill_id, FALSE, &local_error))
    muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line, "%s", local_error->message);
}

/* Resolutions, rolls, the log */

void
muster_import_resolution (Import *im,
                          int     line)
{
  gint64 game_id = muster_import_ref (im, ID_GAME, "game", line);
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  {
    const char *game = muster_import_need_attr (im, "game", line);

    muster_import_define_id (im, ID_RESOLUTION, line);
    muster_import_need_attr (im, "created", line);
    if (game != NULL && !muster_import_first_time (im, "resolved", game))
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          _("the game “%s” is resolved twice."), game);
    g_hash_table_remove_all (im->resolution_seqs);
  }
  if (im->error != NULL || game_id == 0)
    return;

  stmt = muster_import_prepare (im, "INSERT INTO resolution (campaign_id, game_id, created) VALUES (?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->campaign_id);
  sqlite3_bind_int64 (stmt, 2, game_id);
  muster_import_bind_text (stmt, 3, muster_import_attr (im, "created"));
  im->resolution_id = muster_import_run (im, stmt);
  muster_import_set_row (im, ID_RESOLUTION, muster_import_attr (im, "id"), im->resolution_id);
}

void
muster_import_change (Import *im,
                      int     line)
{
  const char *table = muster_import_need_attr (im, "table", line);
  const char *column = muster_import_need_attr (im, "column", line);
  const char *type = muster_import_need_attr (im, "type", line);
  const char *value = muster_import_attr (im, "value");
  gint64 seq, row_id, number = 0;
  double real = 0;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  IdKind kind;

  if (table == NULL || column == NULL || type == NULL ||
      !muster_import_int (im, "seq", G_MININT32, G_MAXINT32, line, &seq))
    return;
  /* A change that cannot be put back would make undo wrong, not only
   * incomplete: refuse the file rather than drop it. */
  if (!muster_exchange_change_table (table, &kind))
    {
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          _("the change is to the table “%s”, which Muster does not know, so the resolution could not be undone."),
                          table);
      return;
    }
  row_id = muster_import_ref (im, kind, "row", line);

  if (g_str_equal (type, "null") != (value == NULL))
    {
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          g_str_equal (type, "null")
                          ? _("a change of type “null” cannot have a value.")
                          : _("a change of this type needs a value."));
      return;
    }
  if (g_str_equal (type, "integer"))
    muster_import_int (im, "value", G_MININT64, G_MAXINT64, line, &number);
  else if (g_str_equal (type, "real"))
    {
      char *end = NULL;

      real = g_ascii_strtod (value, &end);
      if (end == value || *end != '\0')
        muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                            _("“%s” is not a number."), value);
    }

  {
    g_autofree char *key = g_strdup_printf ("%" G_GINT64_FORMAT, seq);

    if (g_hash_table_contains (im->resolution_seqs, key))
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          _("two changes of one resolution have the number %" PRId64 "."), seq);
    g_hash_table_add (im->resolution_seqs, g_steal_pointer (&key));
  }
  if (im->error != NULL)
    return;

  stmt = muster_import_prepare (im,
                                "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value)"
                                " VALUES (?, ?, ?, ?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->resolution_id);
  sqlite3_bind_int64 (stmt, 2, seq);
  sqlite3_bind_text (stmt, 3, table, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 4, row_id);
  sqlite3_bind_text (stmt, 5, column, -1, SQLITE_TRANSIENT);
  if (g_str_equal (type, "integer"))
    sqlite3_bind_int64 (stmt, 6, number);
  else if (g_str_equal (type, "real"))
    sqlite3_bind_double (stmt, 6, real);
  else if (g_str_equal (type, "text"))
    sqlite3_bind_text (stmt, 6, value, -1, SQLITE_TRANSIENT);
  else
    sqlite3_bind_null (stmt, 6);
  muster_import_run (im, stmt);
}

void
muster_import_roll (Import *im,
                    int     line)
{
  gint64 game_id = muster_import_ref (im, ID_GAME, "game", line);
  gint64 character_id = muster_import_ref (im, ID_CHARACTER, "character", line);
  gint64 resolution_id = muster_import_ref (im, ID_RESOLUTION, "resolution", line);
  gint64 total;

  if (!muster_import_int (im, "total", G_MININT32, G_MAXINT32, line, &total))
    return;
  muster_import_define_id (im, ID_ROLL, line);
  if (im->error != NULL)
    return;

  muster_import_batch_start_row (im, &im->rolls);
  muster_import_batch_int (&im->rolls, im->campaign_id);
  muster_import_batch_id (&im->rolls, game_id);
  muster_import_batch_id (&im->rolls, character_id);
  muster_import_batch_id (&im->rolls, resolution_id);
  muster_import_batch_text (&im->rolls, muster_import_attr (im, "purpose"));
  muster_import_batch_text (&im->rolls, muster_import_attr (im, "expression"));
  muster_import_batch_text (&im->rolls, muster_import_attr (im, "faces"));
  muster_import_batch_int (&im->rolls, total);
  muster_import_batch_int (&im->rolls, muster_import_bool (im, "entered", line));
  muster_import_batch_text (&im->rolls, muster_import_attr (im, "created"));
  muster_import_set_row (im, ID_ROLL, muster_import_attr (im, "id"), muster_import_batch_end_row (im, &im->rolls));
}

/* --- The log ----------------------------------------------------------- */

void
muster_import_entry (Import *im,
                     int     line)
{
  /* Entries point at rolls. */
  muster_import_batch_flush (im, &im->rolls);
  g_free (im->entry_kind);
  g_free (im->entry_created);
  im->entry_kind = g_strdup (muster_import_attr (im, "kind"));
  im->entry_created = g_strdup (muster_import_attr (im, "created"));
  im->entry_rows[0] = muster_import_ref (im, ID_GAME, "game", line);
  im->entry_rows[1] = muster_import_ref (im, ID_CHARACTER, "character", line);
  im->entry_rows[2] = muster_import_ref (im, ID_RESOLUTION, "resolution", line);
  im->entry_rows[3] = muster_import_ref (im, ID_ROLL, "roll", line);
  im->entry_written = FALSE;
}

/* Writes the current entry with @args (NULL: with the text @message). */
static void
write_entry (Import     *im,
             const char *args,
             const char *message)
{
  im->entry_written = TRUE;
  if (im->error != NULL)
    return;
  muster_import_batch_int (&im->entries, im->campaign_id);
  for (int i = 0; i < 4; i++)
    muster_import_batch_id (&im->entries, im->entry_rows[i]);
  muster_import_batch_text (&im->entries, im->entry_kind);
  muster_import_batch_text (&im->entries, message != NULL ? message : "");
  muster_import_batch_text (&im->entries, im->entry_created);
  muster_import_batch_text (&im->entries, args);
  muster_import_batch_end_row (im, &im->entries);
}

/* A member of a log entry's arguments that points at a row holds a file
 * id: checked, and made the row's id. */
static gboolean
import_ref (JsonObject *object,
            const char *name,
            IdKind      kind,
            gpointer    data)
{
  Import *im = data;
  JsonNode *node = json_object_get_member (object, name);
  gint64 row;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, im->entry_line,
                          _("the log entry’s argument “%s” is not the id of an element of the file."),
                          name);
      return FALSE;
    }
  row = muster_import_ref_id (im, kind, json_node_get_string (node), "entry", im->entry_line);
  json_object_set_int_member (object, name, row);
  return TRUE;
}

void
muster_import_entry_args_end (Import     *im,
                              const char *args,
                              int         line)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JsonObject) object = muster_log_args_from_string (args, &local_error);
  g_autofree char *text = NULL;

  if (object == NULL)
    {
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          _("the arguments of the log entry are not a JSON object: %s"), local_error->message);
      return;
    }
  if (!muster_log_kind_is_known (im->entry_kind))
    {
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          _("the log entry’s kind “%s” is not one this Muster knows."),
                          im->entry_kind != NULL ? im->entry_kind : "");
      return;
    }
  im->entry_line = line;
  if (!muster_exchange_walk_args_refs (object, import_ref, im))
    return;
  text = muster_log_args_to_string (object);
  write_entry (im, text, NULL);
}

/* An entry with no <args> keeps its text, in the language it was written
 * in: every entry of a file of version 1. */
void
muster_import_entry_end (Import     *im,
                         const char *message,
                         int         line)
{
  if (!im->entry_written)
    write_entry (im, NULL, message);
}
