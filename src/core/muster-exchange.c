/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-exchange"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <libxml/xmlwriter.h>

#include "muster-exchange.h"
#include "muster-ruleset.h"
#include "muster-store-private.h"

/* Writing a file. Ids in the file are given in the order elements are
 * written (f1, f2 ... in force order, c1, c2 ... over all forces), so the
 * same rows always get the same ids. */

typedef struct {
  MusterStore      *store;
  gint64            campaign_id;
  MusterRuleset    *ruleset;       /* (unowned), may be NULL */
  GOutputStream    *stream;
  GError           *stream_error;
  xmlTextWriterPtr  writer;
  gboolean          failed;

  GHashTable       *units;         /* gint64* row id -> char* file id */
  GHashTable       *characters;
  GHashTable       *games;
  GHashTable       *resolutions;
  GHashTable       *rolls;
} Export;

G_DEFINE_QUARK (muster-exchange-error-quark, muster_exchange_error)

/* Helpers */

static GHashTable *
id_map_new (void)
{
  return g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
}

static void
id_map_add (GHashTable *map,
            gint64      row_id,
            const char *prefix,
            guint       number)
{
  g_hash_table_insert (map, g_memdup2 (&row_id, sizeof row_id),
                       g_strdup_printf ("%s%u", prefix, number));
}

static const char *
id_map_get (GHashTable *map,
            gint64      row_id)
{
  return g_hash_table_lookup (map, &row_id);
}

static gboolean
is_xml_char (gunichar c)
{
  return c == 0x9 || c == 0xA || c == 0xD ||
         (c >= 0x20 && c <= 0xD7FF) ||
         (c >= 0xE000 && c <= 0xFFFD) ||
         (c >= 0x10000 && c <= 0x10FFFF);
}

/* @text as XML 1.0 can hold it: text that is not UTF-8, or that has
 * control characters, would make a file that no one can read back. */
static const char *
xml_safe (const char  *text,
          char       **tmp)
{
  g_autofree char *valid = NULL;
  GString *clean;
  gboolean ok;

  ok = g_utf8_validate (text, -1, NULL);
  for (const char *p = text; ok && *p != '\0'; p = g_utf8_next_char (p))
    if (!is_xml_char (g_utf8_get_char (p)))
      ok = FALSE;
  if (ok)
    return text;

  valid = g_utf8_make_valid (text, -1);
  clean = g_string_new (NULL);
  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      g_string_append_unichar (clean, is_xml_char (c) ? c : 0xFFFD);
    }
  *tmp = g_string_free (clean, FALSE);
  return *tmp;
}

static const char *
column_text (sqlite3_stmt *stmt,
             int           column)
{
  return (const char *) sqlite3_column_text (stmt, column);
}

/* Writer calls: after the first failure they do nothing, and the caller
 * looks at ex->failed once at the end. */

static void
start (Export     *ex,
       const char *name)
{
  if (!ex->failed && xmlTextWriterStartElement (ex->writer, BAD_CAST name) < 0)
    ex->failed = TRUE;
}

static void
end (Export *ex)
{
  if (!ex->failed && xmlTextWriterEndElement (ex->writer) < 0)
    ex->failed = TRUE;
}

/* Skips NULL values: an absent attribute is a NULL column. */
static void
attr (Export     *ex,
      const char *name,
      const char *value)
{
  g_autofree char *tmp = NULL;

  if (ex->failed || value == NULL)
    return;
  if (xmlTextWriterWriteAttribute (ex->writer, BAD_CAST name,
                                   BAD_CAST xml_safe (value, &tmp)) < 0)
    ex->failed = TRUE;
}

static void
attr_int (Export     *ex,
          const char *name,
          gint64      value)
{
  char buf[32];

  g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, value);
  attr (ex, name, buf);
}

static void
attr_bool (Export     *ex,
           const char *name,
           gboolean    value)
{
  attr (ex, name, value ? "true" : "false");
}

/* A reference to another element of the file; a row outside the campaign
 * (which the schema's foreign keys do not rule out) is left out. */
static void
attr_ref (Export       *ex,
          const char   *name,
          GHashTable   *map,
          sqlite3_stmt *stmt,
          int           column)
{
  if (sqlite3_column_type (stmt, column) == SQLITE_NULL)
    return;
  attr (ex, name, id_map_get (map, sqlite3_column_int64 (stmt, column)));
}

static void
text (Export     *ex,
      const char *value)
{
  g_autofree char *tmp = NULL;

  if (ex->failed || value == NULL || *value == '\0')
    return;
  if (xmlTextWriterWriteString (ex->writer, BAD_CAST xml_safe (value, &tmp)) < 0)
    ex->failed = TRUE;
}

/* <notes>, only when there are any. */
static void
notes (Export     *ex,
       const char *value)
{
  if (value == NULL || *value == '\0')
    return;
  start (ex, "notes");
  text (ex, value);
  end (ex);
}

static gboolean
step_done (Export        *ex,
           sqlite3_stmt  *stmt,
           int            rc,
           GError       **error)
{
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (ex->store, error, _("Could not read the library"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
fill_map (Export      *ex,
          GHashTable  *map,
          const char  *prefix,
          const char  *sql,
          gint64       param,
          GError     **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  guint number = 0;
  int rc;

  stmt = muster_store_prepare (ex->store, sql, error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, param);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    id_map_add (map, sqlite3_column_int64 (stmt, 0), prefix, ++number);
  return step_done (ex, stmt, rc, error);
}

/* libxml2 output to a GOutputStream */

static int
stream_write_cb (void       *context,
                 const char *buffer,
                 int         len)
{
  Export *ex = context;

  if (ex->stream_error != NULL)
    return -1;
  if (!g_output_stream_write_all (ex->stream, buffer, len, NULL, NULL, &ex->stream_error))
    return -1;
  return len;
}

static int
stream_close_cb (void *context)
{
  /* The caller owns the stream. */
  return 0;
}

static gboolean
export_begin (Export         *ex,
              MusterStore    *store,
              GOutputStream  *stream,
              GError        **error)
{
  xmlOutputBufferPtr out;

  ex->store = store;
  ex->stream = stream;
  ex->units = id_map_new ();
  ex->characters = id_map_new ();
  ex->games = id_map_new ();
  ex->resolutions = id_map_new ();
  ex->rolls = id_map_new ();

  out = xmlOutputBufferCreateIO (stream_write_cb, stream_close_cb, ex, NULL);
  if (out != NULL)
    ex->writer = xmlNewTextWriter (out);
  if (ex->writer == NULL)
    {
      if (out != NULL)
        xmlOutputBufferClose (out);
      g_set_error_literal (error, MUSTER_EXCHANGE_ERROR, MUSTER_EXCHANGE_ERROR_INVALID,
                           _("Could not start writing the file: out of memory."));
      return FALSE;
    }
  xmlTextWriterSetIndent (ex->writer, 1);
  xmlTextWriterSetIndentString (ex->writer, BAD_CAST "  ");

  /* One snapshot of the library for the whole file. */
  if (sqlite3_exec (muster_store_get_db (store), "SAVEPOINT muster_export",
                    NULL, NULL, NULL) != SQLITE_OK)
    {
      muster_store_set_error (store, error, _("Could not read the library"));
      return FALSE;
    }

  if (xmlTextWriterStartDocument (ex->writer, "1.0", "UTF-8", NULL) < 0)
    ex->failed = TRUE;
  return TRUE;
}

static gboolean
export_end (Export   *ex,
            gboolean  ok,
            GError  **error)
{
  if (ok && !ex->failed && xmlTextWriterEndDocument (ex->writer) < 0)
    ex->failed = TRUE;
  if (ex->writer != NULL)
    {
      /* Frees the output buffer too, flushing what is left. */
      if (ok && !ex->failed && xmlTextWriterFlush (ex->writer) < 0)
        ex->failed = TRUE;
      xmlFreeTextWriter (ex->writer);
    }
  sqlite3_exec (muster_store_get_db (ex->store), "RELEASE muster_export", NULL, NULL, NULL);

  g_clear_pointer (&ex->units, g_hash_table_unref);
  g_clear_pointer (&ex->characters, g_hash_table_unref);
  g_clear_pointer (&ex->games, g_hash_table_unref);
  g_clear_pointer (&ex->resolutions, g_hash_table_unref);
  g_clear_pointer (&ex->rolls, g_hash_table_unref);

  if (ok && (ex->failed || ex->stream_error != NULL))
    {
      if (ex->stream_error != NULL)
        g_propagate_prefixed_error (error, g_steal_pointer (&ex->stream_error),
                                    _("Could not write the file: "));
      else
        g_set_error_literal (error, MUSTER_EXCHANGE_ERROR, MUSTER_EXCHANGE_ERROR_INVALID,
                             _("Could not write the file."));
      ok = FALSE;
    }
  g_clear_error (&ex->stream_error);
  return ok;
}

static void
start_root (Export     *ex,
            const char *kind)
{
  start (ex, "muster");
  if (!ex->failed &&
      xmlTextWriterWriteAttribute (ex->writer, BAD_CAST "xmlns",
                                   BAD_CAST MUSTER_EXCHANGE_NS) < 0)
    ex->failed = TRUE;
  attr_int (ex, "version", MUSTER_EXCHANGE_FORMAT_VERSION);
  attr (ex, "kind", kind);
}

/* Forces, units and characters */

typedef struct {
  char *key;
  int   value;
  guint order;
} StatValue;

static int
compare_stats (gconstpointer a,
               gconstpointer b)
{
  const StatValue *sa = a;
  const StatValue *sb = b;

  if (sa->order != sb->order)
    return sa->order < sb->order ? -1 : 1;
  return strcmp (sa->key, sb->key);
}

/* In the ruleset's order (I D S C F), any key it does not know last. */
static gboolean
write_stats (Export  *ex,
             gint64   character_id,
             GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  g_autoptr(GArray) stats = g_array_new (FALSE, FALSE, sizeof (StatValue));
  int rc;

  stmt = muster_store_prepare (ex->store,
                               "SELECT key, value FROM stat WHERE character_id = ? ORDER BY key",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, character_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      StatValue sv = { g_strdup (column_text (stmt, 0)), sqlite3_column_int (stmt, 1), G_MAXUINT };

      if (ex->ruleset != NULL)
        for (guint i = 0; i < muster_ruleset_get_n_stats (ex->ruleset); i++)
          if (g_strcmp0 (muster_ruleset_get_stat (ex->ruleset, i)->key, sv.key) == 0)
            sv.order = i;
      g_array_append_val (stats, sv);
    }
  if (!step_done (ex, stmt, rc, error))
    return FALSE;

  g_array_sort (stats, compare_stats);
  for (guint i = 0; i < stats->len; i++)
    {
      StatValue *sv = &g_array_index (stats, StatValue, i);

      start (ex, "stat");
      attr (ex, "key", sv->key);
      attr_int (ex, "value", sv->value);
      end (ex);
      g_free (sv->key);
    }
  return TRUE;
}

static gboolean
write_units (Export  *ex,
             gint64   force_id,
             GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (ex->store,
                               "SELECT id, name, kind, troop_type, rating, size, lost,"
                               " morale_loss, status, notes"
                               " FROM unit WHERE force_id = ? ORDER BY id",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, force_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      start (ex, "unit");
      attr (ex, "id", id_map_get (ex->units, sqlite3_column_int64 (stmt, 0)));
      attr (ex, "name", column_text (stmt, 1));
      attr (ex, "kind", column_text (stmt, 2));
      attr (ex, "troop-type", column_text (stmt, 3));
      attr (ex, "rating", column_text (stmt, 4));
      attr_int (ex, "size", sqlite3_column_int64 (stmt, 5));
      attr_int (ex, "lost", sqlite3_column_int64 (stmt, 6));
      attr_int (ex, "morale-loss", sqlite3_column_int64 (stmt, 7));
      attr (ex, "status", column_text (stmt, 8));
      notes (ex, column_text (stmt, 9));
      end (ex);
    }
  return step_done (ex, stmt, rc, error);
}

static gboolean
write_characters (Export    *ex,
                  gint64     force_id,
                  gboolean   totals,
                  GError   **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (ex->store,
                               "SELECT c.id, c.unit_id, c.name, c.rank, c.troop_type, c.weapon,"
                               " c.mounted, c.status, c.out_games, c.light_wounds,"
                               " c.serious_wounds, c.notes,"
                               " (SELECT COUNT(*) FROM kill k WHERE k.killer_id = c.id),"
                               " (SELECT COUNT(*) FROM participation p WHERE p.character_id = c.id)"
                               " FROM character c WHERE c.force_id = ? ORDER BY c.id",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, force_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      start (ex, "character");
      attr (ex, "id", id_map_get (ex->characters, sqlite3_column_int64 (stmt, 0)));
      attr (ex, "name", column_text (stmt, 2));
      attr (ex, "rank", column_text (stmt, 3));
      attr (ex, "troop-type", column_text (stmt, 4));
      attr (ex, "weapon", column_text (stmt, 5));
      attr_bool (ex, "mounted", sqlite3_column_int (stmt, 6) != 0);
      attr (ex, "status", column_text (stmt, 7));
      attr_int (ex, "out-games", sqlite3_column_int64 (stmt, 8));
      attr_int (ex, "light-wounds", sqlite3_column_int64 (stmt, 9));
      attr_int (ex, "serious-wounds", sqlite3_column_int64 (stmt, 10));
      attr_ref (ex, "unit", ex->units, stmt, 1);
      if (totals)
        {
          attr_int (ex, "kills", sqlite3_column_int64 (stmt, 12));
          attr_int (ex, "games", sqlite3_column_int64 (stmt, 13));
        }
      notes (ex, column_text (stmt, 11));
      if (!write_stats (ex, sqlite3_column_int64 (stmt, 0), error))
        return FALSE;
      end (ex);
    }
  return step_done (ex, stmt, rc, error);
}

static gboolean
write_forces (Export  *ex,
              GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  guint number = 0;
  int rc;

  stmt = muster_store_prepare (ex->store,
                               "SELECT id, name, side, notes FROM force"
                               " WHERE campaign_id = ? ORDER BY id",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, ex->campaign_id);

  start (ex, "forces");
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_autofree char *id = g_strdup_printf ("f%u", ++number);
      gint64 force_id = sqlite3_column_int64 (stmt, 0);

      start (ex, "force");
      attr (ex, "id", id);
      attr (ex, "name", column_text (stmt, 1));
      attr (ex, "side", column_text (stmt, 2));
      notes (ex, column_text (stmt, 3));
      if (!write_units (ex, force_id, error) ||
          !write_characters (ex, force_id, FALSE, error))
        return FALSE;
      end (ex);
    }
  end (ex);
  return step_done (ex, stmt, rc, error);
}

/* Games, resolutions, rolls and the log */

static gboolean
write_game_rows (Export  *ex,
                 gint64   game_id,
                 GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *parts = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *kills = NULL;
  int rc;

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
      const char *who = id_map_get (ex->characters, sqlite3_column_int64 (parts, 0));

      if (who == NULL)
        continue;
      start (ex, "participant");
      attr (ex, "character", who);
      attr (ex, "side", column_text (parts, 1));
      attr (ex, "outcome", column_text (parts, 2));
      attr_int (ex, "light", sqlite3_column_int64 (parts, 3));
      attr_int (ex, "serious", sqlite3_column_int64 (parts, 4));
      attr_int (ex, "killed-unnamed", sqlite3_column_int64 (parts, 5));
      notes (ex, column_text (parts, 6));
      end (ex);
    }
  if (!step_done (ex, parts, rc, error))
    return FALSE;

  kills = muster_store_prepare (ex->store,
                                "SELECT killer_id, victim_id FROM kill WHERE game_id = ? ORDER BY id",
                                error);
  if (kills == NULL)
    return FALSE;
  sqlite3_bind_int64 (kills, 1, game_id);
  while ((rc = sqlite3_step (kills)) == SQLITE_ROW)
    {
      const char *killer = id_map_get (ex->characters, sqlite3_column_int64 (kills, 0));
      const char *victim = id_map_get (ex->characters, sqlite3_column_int64 (kills, 1));

      if (killer == NULL || victim == NULL)
        continue;
      start (ex, "kill");
      attr (ex, "killer", killer);
      attr (ex, "victim", victim);
      end (ex);
    }
  return step_done (ex, kills, rc, error);
}

static gboolean
write_games (Export  *ex,
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

  start (ex, "games");
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      start (ex, "game");
      attr (ex, "id", id_map_get (ex->games, sqlite3_column_int64 (stmt, 0)));
      attr_int (ex, "number", sqlite3_column_int64 (stmt, 1));
      attr (ex, "title", column_text (stmt, 2));
      attr (ex, "date", column_text (stmt, 3));
      attr (ex, "state", column_text (stmt, 4));
      attr (ex, "side-a", column_text (stmt, 5));
      attr (ex, "side-b", column_text (stmt, 6));
      attr (ex, "winner", column_text (stmt, 7));
      notes (ex, column_text (stmt, 8));
      if (!write_game_rows (ex, sqlite3_column_int64 (stmt, 0), error))
        return FALSE;
      end (ex);
    }
  end (ex);
  return step_done (ex, stmt, rc, error);
}

static GHashTable *
map_for_table (Export     *ex,
               const char *table)
{
  if (g_strcmp0 (table, "character") == 0 || g_strcmp0 (table, "stat") == 0)
    return ex->characters;
  if (g_strcmp0 (table, "unit") == 0)
    return ex->units;
  if (g_strcmp0 (table, "game") == 0)
    return ex->games;
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
      GHashTable *map = map_for_table (ex, column_text (stmt, 1));
      const char *row = map != NULL ? id_map_get (map, sqlite3_column_int64 (stmt, 2)) : NULL;
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      if (row == NULL)
        continue;
      start (ex, "change");
      attr_int (ex, "seq", sqlite3_column_int64 (stmt, 0));
      attr (ex, "table", column_text (stmt, 1));
      attr (ex, "row", row);
      attr (ex, "column", column_text (stmt, 3));
      switch (sqlite3_column_type (stmt, 4))
        {
        case SQLITE_NULL:
          attr (ex, "type", "null");
          break;
        case SQLITE_INTEGER:
          attr (ex, "type", "integer");
          attr_int (ex, "value", sqlite3_column_int64 (stmt, 4));
          break;
        case SQLITE_FLOAT:
          attr (ex, "type", "real");
          attr (ex, "value", g_ascii_dtostr (buf, sizeof buf, sqlite3_column_double (stmt, 4)));
          break;
        default:
          attr (ex, "type", "text");
          attr (ex, "value", column_text (stmt, 4));
          break;
        }
      end (ex);
    }
  return step_done (ex, stmt, rc, error);
}

static gboolean
write_resolutions (Export  *ex,
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

  start (ex, "resolutions");
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      start (ex, "resolution");
      attr (ex, "id", id_map_get (ex->resolutions, sqlite3_column_int64 (stmt, 0)));
      attr_ref (ex, "game", ex->games, stmt, 1);
      attr (ex, "created", column_text (stmt, 2));
      if (!write_changes (ex, sqlite3_column_int64 (stmt, 0), error))
        return FALSE;
      end (ex);
    }
  end (ex);
  return step_done (ex, stmt, rc, error);
}

static gboolean
write_rolls (Export  *ex,
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

  start (ex, "rolls");
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      start (ex, "roll");
      attr (ex, "id", id_map_get (ex->rolls, sqlite3_column_int64 (stmt, 0)));
      attr_ref (ex, "game", ex->games, stmt, 1);
      attr_ref (ex, "character", ex->characters, stmt, 2);
      attr_ref (ex, "resolution", ex->resolutions, stmt, 3);
      attr (ex, "purpose", column_text (stmt, 4));
      attr (ex, "expression", column_text (stmt, 5));
      attr (ex, "faces", column_text (stmt, 6));
      attr_int (ex, "total", sqlite3_column_int64 (stmt, 7));
      attr_bool (ex, "entered", sqlite3_column_int (stmt, 8) != 0);
      attr (ex, "created", column_text (stmt, 9));
      end (ex);
    }
  end (ex);
  return step_done (ex, stmt, rc, error);
}

static gboolean
write_log (Export  *ex,
           GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (ex->store,
                               "SELECT game_id, character_id, resolution_id, roll_id, kind,"
                               " message, created"
                               " FROM log_entry WHERE campaign_id = ? ORDER BY id",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, ex->campaign_id);

  start (ex, "log");
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      start (ex, "entry");
      attr_ref (ex, "game", ex->games, stmt, 0);
      attr_ref (ex, "character", ex->characters, stmt, 1);
      attr_ref (ex, "resolution", ex->resolutions, stmt, 2);
      attr_ref (ex, "roll", ex->rolls, stmt, 3);
      attr (ex, "kind", column_text (stmt, 4));
      attr (ex, "created", column_text (stmt, 6));
      text (ex, column_text (stmt, 5));
      end (ex);
    }
  end (ex);
  return step_done (ex, stmt, rc, error);
}

static gboolean
write_campaign (Export  *ex,
                GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  char seed[32];
  int rc;

  stmt = muster_store_prepare (ex->store,
                               "SELECT name, ruleset_id, ruleset_version, ruleset_xml, seed,"
                               " recruit_counter, notes, created"
                               " FROM campaign WHERE id = ?",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, ex->campaign_id);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      if (rc == SQLITE_DONE)
        g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                     _("There is no campaign %" PRId64 "."), ex->campaign_id);
      else
        muster_store_set_error (ex->store, error, _("Could not read the campaign"));
      return FALSE;
    }

  /* Seeds are unsigned; SQLite keeps the same 64 bits signed. */
  g_snprintf (seed, sizeof seed, "%" G_GUINT64_FORMAT,
              (guint64) sqlite3_column_int64 (stmt, 4));

  start_root (ex, "campaign");
  start (ex, "campaign");
  attr (ex, "name", column_text (stmt, 0));
  attr (ex, "seed", seed);
  attr_int (ex, "recruit-counter", sqlite3_column_int64 (stmt, 5));
  attr (ex, "created", column_text (stmt, 7));
  notes (ex, column_text (stmt, 6));

  start (ex, "ruleset");
  attr (ex, "id", column_text (stmt, 1));
  attr (ex, "version", column_text (stmt, 2));
  text (ex, column_text (stmt, 3));
  end (ex);
  sqlite3_reset (stmt);

  {
    MUSTER_STMT_AUTO sqlite3_stmt *options = NULL;

    options = muster_store_prepare (ex->store,
                                    "SELECT key, value FROM campaign_option"
                                    " WHERE campaign_id = ? ORDER BY key",
                                    error);
    if (options == NULL)
      return FALSE;
    sqlite3_bind_int64 (options, 1, ex->campaign_id);
    start (ex, "options");
    while ((rc = sqlite3_step (options)) == SQLITE_ROW)
      {
        start (ex, "option");
        attr (ex, "key", column_text (options, 0));
        attr (ex, "value", column_text (options, 1));
        end (ex);
      }
    end (ex);
    if (!step_done (ex, options, rc, error))
      return FALSE;
  }

  if (!write_forces (ex, error) ||
      !write_games (ex, error) ||
      !write_resolutions (ex, error) ||
      !write_rolls (ex, error) ||
      !write_log (ex, error))
    return FALSE;

  end (ex); /* campaign */
  end (ex); /* muster */
  return TRUE;
}

/* Public API */

/**
 * muster_exchange_export_campaign:
 *
 * Writes the whole campaign @campaign_id to @stream as a .muster file.
 */
gboolean
muster_exchange_export_campaign (MusterStore    *store,
                                 gint64          campaign_id,
                                 GOutputStream  *stream,
                                 GError        **error)
{
  Export ex = { 0 };
  gboolean ok;

  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!export_begin (&ex, store, stream, error))
    return export_end (&ex, FALSE, NULL);

  ex.campaign_id = campaign_id;
  /* Only for the order of stats: a campaign whose ruleset no longer loads
   * can still be exported. */
  ex.ruleset = muster_store_get_campaign_ruleset (store, campaign_id, NULL);

  ok = fill_map (&ex, ex.units, "u",
                 "SELECT u.id FROM unit u JOIN force f ON f.id = u.force_id"
                 " WHERE f.campaign_id = ? ORDER BY f.id, u.id",
                 campaign_id, error) &&
       fill_map (&ex, ex.characters, "c",
                 "SELECT c.id FROM character c JOIN force f ON f.id = c.force_id"
                 " WHERE f.campaign_id = ? ORDER BY f.id, c.id",
                 campaign_id, error) &&
       fill_map (&ex, ex.games, "g",
                 "SELECT id FROM game WHERE campaign_id = ? ORDER BY id",
                 campaign_id, error) &&
       fill_map (&ex, ex.resolutions, "r",
                 "SELECT id FROM resolution WHERE campaign_id = ? ORDER BY id",
                 campaign_id, error) &&
       fill_map (&ex, ex.rolls, "d",
                 "SELECT id FROM roll WHERE campaign_id = ? ORDER BY id",
                 campaign_id, error) &&
       write_campaign (&ex, error);

  return export_end (&ex, ok, error);
}

/**
 * muster_exchange_export_force:
 *
 * Writes the force @force_id, its units and characters, to @stream. Each
 * character carries its kills and games as totals.
 */
gboolean
muster_exchange_export_force (MusterStore    *store,
                              gint64          force_id,
                              GOutputStream  *stream,
                              GError        **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  Export ex = { 0 };
  gboolean ok = FALSE;
  int rc;

  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!export_begin (&ex, store, stream, error))
    return export_end (&ex, FALSE, NULL);

  stmt = muster_store_prepare (store,
                               "SELECT f.name, f.side, f.notes, c.id, c.ruleset_id, c.ruleset_version"
                               " FROM force f JOIN campaign c ON c.id = f.campaign_id"
                               " WHERE f.id = ?",
                               error);
  if (stmt == NULL)
    return export_end (&ex, FALSE, NULL);
  sqlite3_bind_int64 (stmt, 1, force_id);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      if (rc == SQLITE_DONE)
        g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                     _("There is no force %" PRId64 "."), force_id);
      else
        muster_store_set_error (store, error, _("Could not read the force"));
      return export_end (&ex, FALSE, NULL);
    }

  ex.campaign_id = sqlite3_column_int64 (stmt, 3);
  ex.ruleset = muster_store_get_campaign_ruleset (store, ex.campaign_id, NULL);

  if (!fill_map (&ex, ex.units, "u",
                 "SELECT id FROM unit WHERE force_id = ? ORDER BY id",
                 force_id, error) ||
      !fill_map (&ex, ex.characters, "c",
                 "SELECT id FROM character WHERE force_id = ? ORDER BY id",
                 force_id, error))
    return export_end (&ex, FALSE, NULL);

  start_root (&ex, "force");
  start (&ex, "force");
  attr (&ex, "id", "f1");
  attr (&ex, "name", column_text (stmt, 0));
  attr (&ex, "side", column_text (stmt, 1));
  start (&ex, "ruleset");
  attr (&ex, "id", column_text (stmt, 4));
  attr (&ex, "version", column_text (stmt, 5));
  end (&ex);
  notes (&ex, column_text (stmt, 2));
  sqlite3_reset (stmt);

  if (write_units (&ex, force_id, error) &&
      write_characters (&ex, force_id, TRUE, error))
    {
      end (&ex); /* force */
      end (&ex); /* muster */
      ok = TRUE;
    }
  return export_end (&ex, ok, error);
}

gboolean
muster_exchange_export_to_path (MusterStore         *store,
                                MusterExchangeKind   kind,
                                gint64               id,
                                const char          *path,
                                GError             **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileOutputStream) stream = NULL;
  g_autoptr(GCancellable) cancel = NULL;
  g_autoptr(GError) local_error = NULL;
  gboolean ok;

  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  file = g_file_new_for_path (path);
  stream = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION,
                           NULL, &local_error);
  if (stream == NULL)
    {
      g_set_error (error, local_error->domain, local_error->code,
                   _("Could not write “%s”: %s"), path, local_error->message);
      return FALSE;
    }

  if (kind == MUSTER_EXCHANGE_FORCE)
    ok = muster_exchange_export_force (store, id, G_OUTPUT_STREAM (stream), error);
  else
    ok = muster_exchange_export_campaign (store, id, G_OUTPUT_STREAM (stream), error);

  if (!ok)
    {
      /* A cancelled close leaves any file that was there untouched. */
      cancel = g_cancellable_new ();
      g_cancellable_cancel (cancel);
      g_output_stream_close (G_OUTPUT_STREAM (stream), cancel, NULL);
      return FALSE;
    }
  if (!g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, &local_error))
    {
      g_set_error (error, local_error->domain, local_error->code,
                   _("Could not write “%s”: %s"), path, local_error->message);
      return FALSE;
    }
  return TRUE;
}
