/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-dump"

#include "config.h"

#include <string.h>

#include <glib.h>
#include <json-glib/json-glib.h>
#include <sqlite3.h>

#include "muster-canonical-dump.h"
#include "muster-character.h"
#include "muster-store-private.h"

/* Rows as text with keys for ids. Columns are read by name (SELECT *), so
 * a column added to a table is compared without changing this file; a
 * column that refers to another row is recognised by its name, and so is
 * a member of a log entry's arguments (a JSON object) that does. */

typedef struct {
  sqlite3    *db;
  GHashTable *keys[7];   /* row id -> key, by the kinds below */
  gboolean    careers;   /* what men brought from elsewhere is in their totals */
} Dump;

enum { FORCE, UNIT, CHARACTER, GAME, RESOLUTION, ROLL, N_KINDS };

/* The tables a campaign has rows in, and how to find them: ?1 is the
 * campaign (no query: a campaign file does not carry the table). A table
 * not listed here fails the dump. */
static const struct {
  const char *table;
  const char *sql;
  int         kind;     /* what its id is, or -1 */
  gboolean    ranked;   /* its order is part of the data */
} tables[] = {
  { "campaign", "SELECT * FROM campaign WHERE id = ?1", -1, FALSE },
  { "campaign_option", "SELECT * FROM campaign_option WHERE campaign_id = ?1", -1, FALSE },
  { "recruit_counter", "SELECT * FROM recruit_counter WHERE campaign_id = ?1", -1, FALSE },
  { "force", "SELECT * FROM force WHERE campaign_id = ?1", FORCE, FALSE },
  { "unit", "SELECT u.* FROM unit u JOIN force f ON f.id = u.force_id WHERE f.campaign_id = ?1", UNIT, FALSE },
  { "unit_stat", "SELECT s.* FROM unit_stat s JOIN unit u ON u.id = s.unit_id"
                 " JOIN force f ON f.id = u.force_id WHERE f.campaign_id = ?1", -1, FALSE },
  { "character", "SELECT * FROM character WHERE campaign_id = ?1", CHARACTER, FALSE },
  { "stat", "SELECT s.* FROM stat s JOIN character c ON c.id = s.character_id WHERE c.campaign_id = ?1", -1, FALSE },
  { "game", "SELECT * FROM game WHERE campaign_id = ?1", GAME, FALSE },
  { "participation", "SELECT p.* FROM participation p JOIN game g ON g.id = p.game_id WHERE g.campaign_id = ?1", -1, FALSE },
  { "unit_participation", "SELECT p.* FROM unit_participation p JOIN game g ON g.id = p.game_id"
                          " WHERE g.campaign_id = ?1", -1, FALSE },
  { "kill", "SELECT k.* FROM kill k JOIN game g ON g.id = k.game_id WHERE g.campaign_id = ?1", -1, FALSE },
  { "resolution", "SELECT * FROM resolution WHERE campaign_id = ?1", RESOLUTION, FALSE },
  { "resolution_change", "SELECT c.* FROM resolution_change c JOIN resolution r ON r.id = c.resolution_id"
                         " WHERE r.campaign_id = ?1", -1, FALSE },
  { "roll", "SELECT * FROM roll WHERE campaign_id = ?1 ORDER BY id", ROLL, TRUE },
  { "log_entry", "SELECT * FROM log_entry WHERE campaign_id = ?1 ORDER BY id", -1, TRUE },
  { "table_game", "SELECT t.* FROM table_game t JOIN game g ON g.id = t.game_id WHERE g.campaign_id = ?1", -1, FALSE },
  { "table_order", "SELECT o.* FROM table_order o JOIN game g ON g.id = o.game_id WHERE g.campaign_id = ?1",
    -1, FALSE },
  { "table_hit", "SELECT h.* FROM table_hit h JOIN game g ON g.id = h.game_id WHERE g.campaign_id = ?1", -1, FALSE },
  /* Not carried by a campaign file (doc/exchange-format.md): the rules a
   * campaign replaced stay in the library they were replaced in. */
  { "rules_update", NULL, -1, FALSE },
  { "rules_update_option", NULL, -1, FALSE },
};

/* Columns that point at another row, by name. */
static const struct {
  const char *column;
  int         kind;
} references[] = {
  { "force_id", FORCE }, { "unit_id", UNIT }, { "character_id", CHARACTER },
  { "killer_id", CHARACTER }, { "victim_id", CHARACTER }, { "game_id", GAME },
  { "target_id", CHARACTER }, { "attacker_id", CHARACTER },
  { "resolution_id", RESOLUTION }, { "roll_id", ROLL },
};

/* Members of a log entry's arguments that point at rows: their names end
 * so (“from_force_id”). */
static const struct {
  const char *suffix;
  int         kind;
} arg_references[] = {
  { "force_id", FORCE }, { "unit_id", UNIT }, { "character_id", CHARACTER }, { "game_id", GAME },
};

static const char *key_of (Dump   *d,
                           int     kind,
                           gint64  id);

/* @object with the row ids of its members that point at rows, and of the
 * objects in its arrays, replaced by keys; a member whose row is in no
 * campaign is left out, as a campaign file leaves it out. */
static void
key_args (Dump       *d,
          JsonObject *object)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      JsonNode *node = json_object_get_member (object, name);

      if (JSON_NODE_HOLDS_ARRAY (node))
        {
          JsonArray *array = json_node_get_array (node);

          for (guint i = 0; i < json_array_get_length (array); i++)
            if (JSON_NODE_HOLDS_OBJECT (json_array_get_element (array, i)))
              key_args (d, json_array_get_object_element (array, i));
          continue;
        }
      for (guint r = 0; r < G_N_ELEMENTS (arg_references); r++)
        if (g_str_has_suffix (name, arg_references[r].suffix))
          {
            const char *key = JSON_NODE_HOLDS_VALUE (node)
                              ? key_of (d, arg_references[r].kind, json_node_get_int (node)) : NULL;

            if (key != NULL)
              json_object_set_string_member (object, name, key);
            else
              json_object_remove_member (object, name);
            break;
          }
    }
}

static void
append_args (Dump       *d,
             GString    *line,
             const char *text)
{
  g_autoptr(JsonNode) node = json_from_string (text, NULL);
  g_autofree char *keyed = NULL;
  g_autofree char *escaped = NULL;

  g_assert_true (node != NULL && JSON_NODE_HOLDS_OBJECT (node));
  key_args (d, json_node_get_object (node));
  keyed = json_to_string (node, FALSE);
  escaped = g_strescape (keyed, "");
  g_string_append_printf (line, "\"%s\"", escaped);
}

/* What a resolution_change's row is, by its table. */
static int
change_kind (const char *table)
{
  if (g_strcmp0 (table, "character") == 0 || g_strcmp0 (table, "stat") == 0)
    return CHARACTER;
  if (g_strcmp0 (table, "unit") == 0 || g_strcmp0 (table, "unit_stat") == 0)
    return UNIT;
  if (g_strcmp0 (table, "game") == 0)
    return GAME;
  return -1;
}

static sqlite3_stmt *
prepare (Dump       *d,
         const char *sql,
         gint64      param)
{
  sqlite3_stmt *stmt = NULL;

  if (sqlite3_prepare_v2 (d->db, sql, -1, &stmt, NULL) != SQLITE_OK)
    g_error ("%s: %s", sql, sqlite3_errmsg (d->db));
  sqlite3_bind_int64 (stmt, 1, param);
  return stmt;
}

/* Keys @prefix1, @prefix2 ... (after @scope and a dot when given) for the
 * row ids @sql selects, in its order. */
static void
add_keys (Dump       *d,
          int         kind,
          const char *scope,
          const char *prefix,
          const char *sql,
          gint64      param)
{
  sqlite3_stmt *stmt = prepare (d, sql, param);
  guint n = 0;

  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      char *key = scope != NULL ? g_strdup_printf ("%s.%s%u", scope, prefix, ++n)
                                : g_strdup_printf ("%s%u", prefix, ++n);

      g_hash_table_insert (d->keys[kind], g_memdup2 (&id, sizeof id), key);
    }
  sqlite3_finalize (stmt);
}

static const char *
key_of (Dump   *d,
        int     kind,
        gint64  id)
{
  return g_hash_table_lookup (d->keys[kind], &id);
}

static void
append_value (GString      *line,
              sqlite3_stmt *stmt,
              int           column)
{
  switch (sqlite3_column_type (stmt, column))
    {
    case SQLITE_NULL:
      g_string_append (line, "NULL");
      break;
    case SQLITE_INTEGER:
      g_string_append_printf (line, "%" G_GINT64_FORMAT, (gint64) sqlite3_column_int64 (stmt, column));
      break;
    case SQLITE_FLOAT:
      g_string_append_printf (line, "real:%.17g", sqlite3_column_double (stmt, column));
      break;
    default:
      {
        g_autofree char *escaped = g_strescape ((const char *) sqlite3_column_text (stmt, column), "");

        g_string_append_printf (line, "\"%s\"", escaped);
      }
      break;
    }
}

/* One line for the current row of @stmt, or NULL when the row is a change
 * to a row deleted since. */
static char *
render_row (Dump         *d,
            const char   *table,
            int           kind,
            sqlite3_stmt *stmt,
            guint         rank)
{
  g_autoptr(GString) line = g_string_new (table);
  int change_row_kind = -1;

  if (rank > 0)
    g_string_append_printf (line, " #%06u", rank);
  for (int i = 0; i < sqlite3_column_count (stmt); i++)
    if (g_str_equal (sqlite3_column_name (stmt, i), "tbl"))
      change_row_kind = change_kind ((const char *) sqlite3_column_text (stmt, i));

  for (int i = 0; i < sqlite3_column_count (stmt); i++)
    {
      const char *name = sqlite3_column_name (stmt, i);
      int ref = -1;

      if (g_str_equal (name, "campaign_id") || (g_str_equal (name, "id") && kind < 0))
        continue;
      if (d->careers && (g_str_equal (name, "kills_elsewhere") || g_str_equal (name, "games_elsewhere")))
        continue;
      if (g_str_equal (name, "id"))
        ref = kind;
      else if (g_str_equal (name, "row_id"))
        ref = change_row_kind;
      for (guint r = 0; r < G_N_ELEMENTS (references); r++)
        if (g_str_equal (references[r].column, name))
          ref = references[r].kind;

      g_string_append_printf (line, " %s=", name);
      if (g_str_equal (table, "log_entry") && g_str_equal (name, "args") &&
          sqlite3_column_type (stmt, i) != SQLITE_NULL)
        append_args (d, line, (const char *) sqlite3_column_text (stmt, i));
      else if (ref >= 0 && sqlite3_column_type (stmt, i) != SQLITE_NULL)
        {
          const char *key = key_of (d, ref, sqlite3_column_int64 (stmt, i));

          if (key == NULL && g_str_equal (name, "row_id"))
            return NULL;
          g_string_append (line, key != NULL ? key : "(a row of no campaign)");
        }
      else
        append_value (line, stmt, i);
    }
  return g_string_free (g_steal_pointer (&line), FALSE);
}

static int
compare_lines (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* Appends the rows @sql selects, each a line, sorted. */
static void
dump_rows (Dump       *d,
           GString    *out,
           const char *table,
           int         kind,
           gboolean    ranked,
           const char *sql,
           gint64      param)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  sqlite3_stmt *stmt = prepare (d, sql, param);
  guint rank = 0;

  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      char *line = render_row (d, table, kind, stmt, ranked ? ++rank : 0);

      if (line != NULL)
        g_ptr_array_add (lines, line);
    }
  sqlite3_finalize (stmt);
  g_ptr_array_sort (lines, compare_lines);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (out, "%s\n", (const char *) g_ptr_array_index (lines, i));
}

static void
dump_init (Dump        *d,
           MusterStore *store)
{
  d->db = muster_store_get_db (store);
  d->careers = FALSE;
  for (guint i = 0; i < N_KINDS; i++)
    d->keys[i] = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
}

static void
dump_clear (Dump *d)
{
  for (guint i = 0; i < N_KINDS; i++)
    g_clear_pointer (&d->keys[i], g_hash_table_unref);
}

/* Units and characters of @force_id, keyed within it (after @scope). */
static void
add_force_keys (Dump       *d,
                const char *scope,
                gint64      force_id)
{
  add_keys (d, UNIT, scope, "U", "SELECT id FROM unit WHERE force_id = ?1 ORDER BY id", force_id);
  add_keys (d, CHARACTER, scope, "C", "SELECT id FROM character WHERE force_id = ?1 ORDER BY id", force_id);
}

/* Every table of the library must be one the dump knows. */
static void
check_tables_known (Dump *d)
{
  sqlite3_stmt *stmt = prepare (d, "SELECT name FROM sqlite_schema WHERE type = 'table'"
                                   " AND name NOT LIKE 'sqlite_%'", 0);

  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      const char *name = (const char *) sqlite3_column_text (stmt, 0);
      gboolean known = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
        known = known || g_str_equal (tables[i].table, name);
      if (!known)
        g_error ("The library has a table “%s” the canonical dump does not know: say in"
                 " doc/exchange-format.md whether a campaign file carries it, and add it to"
                 " tests/muster-canonical-dump.c.", name);
    }
  sqlite3_finalize (stmt);
}

char *
muster_canonical_campaign_dump (MusterStore *store,
                                gint64       campaign_id)
{
  GString *out = g_string_new (NULL);
  sqlite3_stmt *stmt;
  Dump d;

  dump_init (&d, store);
  check_tables_known (&d);

  add_keys (&d, FORCE, NULL, "F", "SELECT id FROM force WHERE campaign_id = ?1 ORDER BY id", campaign_id);
  stmt = prepare (&d, "SELECT id FROM force WHERE campaign_id = ?1 ORDER BY id", campaign_id);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      gint64 force_id = sqlite3_column_int64 (stmt, 0);

      add_force_keys (&d, key_of (&d, FORCE, force_id), force_id);
    }
  sqlite3_finalize (stmt);
  stmt = prepare (&d, "SELECT id, number FROM game WHERE campaign_id = ?1", campaign_id);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_hash_table_insert (d.keys[GAME], g_memdup2 (&id, sizeof id),
                           g_strdup_printf ("G%" G_GINT64_FORMAT, (gint64) sqlite3_column_int64 (stmt, 1)));
    }
  sqlite3_finalize (stmt);
  stmt = prepare (&d, "SELECT r.id, g.number FROM resolution r JOIN game g ON g.id = r.game_id"
                      " WHERE r.campaign_id = ?1", campaign_id);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_hash_table_insert (d.keys[RESOLUTION], g_memdup2 (&id, sizeof id),
                           g_strdup_printf ("R%" G_GINT64_FORMAT, (gint64) sqlite3_column_int64 (stmt, 1)));
    }
  sqlite3_finalize (stmt);
  add_keys (&d, ROLL, NULL, "D", "SELECT id FROM roll WHERE campaign_id = ?1 ORDER BY id", campaign_id);

  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    if (tables[i].sql != NULL)
      dump_rows (&d, out, tables[i].table, tables[i].kind, tables[i].ranked, tables[i].sql, campaign_id);

  dump_clear (&d);
  return g_string_free (out, FALSE);
}

/* What a man brought from elsewhere, as his row keeps it. */
static void
elsewhere_totals (Dump       *d,
                  gint64      character_id,
                  gint64     *kills,
                  gint64     *games)
{
  sqlite3_stmt *stmt = prepare (d, "SELECT kills_elsewhere, games_elsewhere FROM character WHERE id = ?1",
                                character_id);

  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  *kills = sqlite3_column_int64 (stmt, 0);
  *games = sqlite3_column_int64 (stmt, 1);
  sqlite3_finalize (stmt);
}

/* The totals a force file brought, as the log recorded them. */
static void
imported_totals (Dump       *d,
                 gint64      character_id,
                 gint64     *kills,
                 gint64     *games)
{
  sqlite3_stmt *stmt = prepare (d, "SELECT args FROM log_entry WHERE character_id = ?1 AND kind = 'import'",
                                character_id);
  guint found = 0;

  *kills = *games = 0;
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      g_autoptr(JsonNode) node = json_from_string ((const char *) sqlite3_column_text (stmt, 0), NULL);
      JsonObject *args;

      found++;
      g_assert_true (node != NULL && JSON_NODE_HOLDS_OBJECT (node));
      args = json_node_get_object (node);
      if (json_object_has_member (args, "kills"))
        *kills = json_object_get_int_member (args, "kills");
      if (json_object_has_member (args, "games"))
        *games = json_object_get_int_member (args, "games");
    }
  sqlite3_finalize (stmt);
  g_assert_cmpuint (found, ==, 1);
}

char *
muster_canonical_force_dump (MusterStore *store,
                             gint64       force_id,
                             gboolean     imported)
{
  GString *out = g_string_new (NULL);
  sqlite3_stmt *stmt;
  Dump d;

  dump_init (&d, store);
  d.careers = TRUE;
  add_keys (&d, FORCE, NULL, "F", "SELECT id FROM force WHERE id = ?1", force_id);
  add_force_keys (&d, NULL, force_id);

  dump_rows (&d, out, "force", FORCE, FALSE, "SELECT * FROM force WHERE id = ?1", force_id);
  dump_rows (&d, out, "unit", UNIT, FALSE, "SELECT * FROM unit WHERE force_id = ?1", force_id);
  dump_rows (&d, out, "unit_stat", -1, FALSE,
             "SELECT s.* FROM unit_stat s JOIN unit u ON u.id = s.unit_id WHERE u.force_id = ?1", force_id);
  dump_rows (&d, out, "character", CHARACTER, FALSE, "SELECT * FROM character WHERE force_id = ?1", force_id);
  dump_rows (&d, out, "stat", -1, FALSE,
             "SELECT s.* FROM stat s JOIN character c ON c.id = s.character_id WHERE c.force_id = ?1", force_id);

  stmt = prepare (&d, "SELECT id FROM character WHERE force_id = ?1 ORDER BY id", force_id);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      gint64 kills, games;

      /* A man's career: what he did in the campaign and what he brought
       * to it. One imported did nothing yet, and brought what the log
       * says he brought. */
      elsewhere_totals (&d, id, &kills, &games);
      if (imported)
        {
          gint64 logged_kills, logged_games;

          imported_totals (&d, id, &logged_kills, &logged_games);
          g_assert_cmpint (kills, ==, logged_kills);
          g_assert_cmpint (games, ==, logged_games);
        }
      else
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(MusterCharacter) character = muster_store_get_character (store, id, &error);

          g_assert_no_error (error);
          kills += muster_character_get_kills (character);
          games += muster_character_get_games (character);
        }
      g_string_append_printf (out, "totals %s kills=%" G_GINT64_FORMAT " games=%" G_GINT64_FORMAT "\n",
                              key_of (&d, CHARACTER, id), kills, games);
    }
  sqlite3_finalize (stmt);

  dump_clear (&d);
  return g_string_free (out, FALSE);
}
