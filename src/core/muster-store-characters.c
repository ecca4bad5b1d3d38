/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-store"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-force.h"
#include "muster-store-private.h"
#include "muster-store.h"

/* Characters: reading them with their stats, kills and games, and every
 * change to one, validated against the campaign's own ruleset. */

#define CHARACTER_SELECT \
  "SELECT c.id, c.campaign_id, c.force_id, c.unit_id, f.name, coalesce (f.side, f.name)," \
  " c.name, c.rank, c.troop_type, c.weapon, c.mounted, c.status, c.out_games," \
  " c.light_wounds, c.serious_wounds, c.notes," \
  " (SELECT count(*) FROM kill k WHERE k.killer_id = c.id)" \
  " + (SELECT coalesce (sum (p.killed_unnamed), 0) FROM participation p WHERE p.character_id = c.id)," \
  " (SELECT count(*) FROM participation p JOIN game g ON g.id = p.game_id" \
  "   WHERE p.character_id = c.id AND g.state <> 'planned')" \
  " FROM character c JOIN force f ON f.id = c.force_id"

#define STAT_SELECT \
  "SELECT s.character_id, s.key, s.value FROM character c" \
  " JOIN force f ON f.id = c.force_id JOIN stat s ON s.character_id = c.id"

/* Prepares @sql, a query with query_characters()'s parameters, and binds
 * them. */
static sqlite3_stmt *
prepare_filtered (MusterStore  *self,
                  const char   *sql,
                  gint64        key,
                  gint64        force_id,
                  GError      **error)
{
  sqlite3_stmt *stmt = muster_store_prepare (self, sql, error);

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, key);
  if (sqlite3_bind_parameter_count (stmt) >= 2)
    sqlite3_bind_int64 (stmt, 2, force_id);
  return stmt;
}

/* Reads the characters selected by @where (parameters ?1 campaign or id,
 * ?2 force), sorted by id, then all their stats with one more query. */
static GPtrArray *
query_characters (MusterStore  *self,
                  const char   *where,
                  gint64        key,
                  gint64        force_id,
                  GError      **error)
{
  g_autoptr(GPtrArray) result = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *sql = g_strconcat (CHARACTER_SELECT, where, " ORDER BY c.id", NULL);
  g_autofree char *stat_sql = g_strconcat (STAT_SELECT, where, " ORDER BY s.character_id", NULL);
  guint next = 0;
  int rc;

  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = prepare_filtered (self, sql, key, force_id, error);

    if (stmt == NULL)
      return NULL;
    while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
      {
        MusterCharacterRow row = { 0 };

        row.id = sqlite3_column_int64 (stmt, 0);
        row.campaign_id = sqlite3_column_int64 (stmt, 1);
        row.force_id = sqlite3_column_int64 (stmt, 2);
        row.unit_id = sqlite3_column_int64 (stmt, 3);
        row.force_name = (const char *) sqlite3_column_text (stmt, 4);
        row.side = (const char *) sqlite3_column_text (stmt, 5);
        row.name = (const char *) sqlite3_column_text (stmt, 6);
        row.rank = (const char *) sqlite3_column_text (stmt, 7);
        row.troop_type = (const char *) sqlite3_column_text (stmt, 8);
        row.weapon = (const char *) sqlite3_column_text (stmt, 9);
        row.mounted = sqlite3_column_int (stmt, 10) != 0;
        if (!muster_status_from_string ((const char *) sqlite3_column_text (stmt, 11), &row.status))
          row.status = MUSTER_STATUS_ACTIVE;
        row.out_games = sqlite3_column_int (stmt, 12);
        row.light_wounds = sqlite3_column_int (stmt, 13);
        row.serious_wounds = sqlite3_column_int (stmt, 14);
        row.notes = (const char *) sqlite3_column_text (stmt, 15);
        row.kills = sqlite3_column_int (stmt, 16);
        row.games = sqlite3_column_int (stmt, 17);
        g_ptr_array_add (result, muster_character_new (&row));
      }
    if (rc != SQLITE_DONE)
      {
        muster_store_set_error (self, error, _("Could not read the characters"));
        return NULL;
      }
  }

  if (result->len == 0)
    return g_steal_pointer (&result);

  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = prepare_filtered (self, stat_sql, key, force_id, error);

    if (stmt == NULL)
      return NULL;
    /* Both lists are sorted by character id: walk them together. */
    while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
      {
        gint64 id = sqlite3_column_int64 (stmt, 0);

        while (next < result->len &&
               muster_character_get_id (g_ptr_array_index (result, next)) < id)
          next++;
        if (next < result->len &&
            muster_character_get_id (g_ptr_array_index (result, next)) == id)
          muster_character_set_stat (g_ptr_array_index (result, next),
                                     (const char *) sqlite3_column_text (stmt, 1),
                                     sqlite3_column_int (stmt, 2));
      }
    if (rc != SQLITE_DONE)
      {
        muster_store_set_error (self, error, _("Could not read the characters' stats"));
        return NULL;
      }
  }
  return g_steal_pointer (&result);
}

/**
 * muster_store_list_characters:
 * @self: a library
 * @campaign_id: the campaign’s id
 * @force_id: the force’s id, or 0 for every force of the campaign
 * @error: return location for a #GError, or %NULL
 *
 * Lists the characters of a force, or of the whole campaign, sorted by id.
 *
 * Returns: (transfer full) (element-type MusterCharacter): a new array of
 *   #MusterCharacter, or %NULL with @error set
 */
GPtrArray *
muster_store_list_characters (MusterStore  *self,
                              gint64        campaign_id,
                              gint64        force_id,
                              GError      **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);

  /* One statement text per shape of filter, so each gets its own plan. */
  if (force_id > 0)
    return query_characters (self, " WHERE c.campaign_id = ?1 AND c.force_id = ?2",
                             campaign_id, force_id, error);
  return query_characters (self, " WHERE c.campaign_id = ?1 AND ?2 = 0", campaign_id, 0, error);
}

/**
 * muster_store_get_character:
 * @self: a library
 * @id: the row’s id
 * @error: return location for a #GError, or %NULL
 *
 * Reads one character, with its stats.
 *
 * Returns: (transfer full): a new #MusterCharacter, or %NULL with @error
 *   set
 */
MusterCharacter *
muster_store_get_character (MusterStore  *self,
                            gint64        id,
                            GError      **error)
{
  g_autoptr(GPtrArray) found = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);

  found = query_characters (self, " WHERE c.id = ?1", id, 0, error);
  return muster_store_first_found (found, error, _("There is no character with id %" PRId64 "."), id);
}

MusterCharacter *
muster_store_find_character (MusterStore  *self,
                             gint64        campaign_id,
                             const char   *id_or_name,
                             GError      **error)
{
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GString) list = NULL;
  gboolean digits = TRUE;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  g_return_val_if_fail (id_or_name != NULL, NULL);

  for (const char *p = id_or_name; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      digits = FALSE;

  if (digits && *id_or_name != '\0')
    {
      guint64 id = 0;
      MusterCharacter *character = NULL;

      if (g_ascii_string_to_unsigned (id_or_name, 10, 1, G_MAXINT64, &id, NULL))
        character = muster_store_get_character (self, (gint64) id, NULL);
      if (character == NULL || muster_character_get_campaign_id (character) != campaign_id)
        {
          g_clear_object (&character);
          g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                       _("There is no character with id %s in this campaign."), id_or_name);
          return NULL;
        }
      return character;
    }

  ids = muster_store_query_ids (self, "SELECT id FROM character WHERE campaign_id = ? AND name = ? ORDER BY id",
                                campaign_id, id_or_name, _("Could not look for the character"), error);
  if (ids == NULL)
    return NULL;
  if (ids->len == 0)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                   _("There is no character named “%s” in this campaign."), id_or_name);
      return NULL;
    }
  if (ids->len > 1)
    {
      list = g_string_new (NULL);
      for (guint i = 0; i < ids->len; i++)
        g_string_append_printf (list, "%s%" G_GINT64_FORMAT, i > 0 ? ", " : "",
                                g_array_index (ids, gint64, i));
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_AMBIGUOUS,
                   _("%u characters are named “%s” (ids %s): give the id instead."),
                   ids->len, id_or_name, list->str);
      return NULL;
    }
  return muster_store_get_character (self, g_array_index (ids, gint64, 0), error);
}

/* --- Validation ---------------------------------------------------------- */

/* The ids (or keys) of @n things, read by @id_at, as "a, b, c". */
static char *
id_list (MusterRuleset *ruleset,
         guint          n,
         const char  *(*id_at) (MusterRuleset *ruleset,
                                guint          i))
{
  g_autoptr(GString) ids = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (ids, "%s%s", i > 0 ? ", " : "", id_at (ruleset, i));
  return g_string_free (g_steal_pointer (&ids), FALSE);
}

static const char *
troop_type_id_at (MusterRuleset *ruleset,
                  guint          i)
{
  return muster_ruleset_get_troop_type (ruleset, i)->id;
}

static const char *
weapon_id_at (MusterRuleset *ruleset,
              guint          i)
{
  return muster_ruleset_get_weapon (ruleset, i)->id;
}

static const char *
stat_key_at (MusterRuleset *ruleset,
             guint          i)
{
  return muster_ruleset_get_stat (ruleset, i)->key;
}

/**
 * muster_store_check_troop_type:
 * @ruleset: the campaign's rules
 * @id: (nullable): a troop type's id
 * @error: return location for a #MUSTER_STORE_ERROR_INVALID that lists the ids there are
 *
 * Returns: (transfer none) (nullable): the troop type @id of @ruleset
 */
const MusterTroopType *
muster_store_check_troop_type (MusterRuleset  *ruleset,
                               const char     *id,
                               GError        **error)
{
  const MusterTroopType *type = id != NULL ? muster_ruleset_lookup_troop_type (ruleset, id) : NULL;
  g_autofree char *valid = NULL;

  if (type != NULL)
    return type;
  valid = id_list (ruleset, muster_ruleset_get_n_troop_types (ruleset), troop_type_id_at);
  g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
               _("%s has no troop type “%s”. Choose one of: %s."),
               muster_ruleset_get_title (ruleset), id != NULL ? id : "", valid);
  return NULL;
}

/**
 * muster_store_check_weapon_id:
 * @ruleset: the campaign's rules
 * @id: a weapon's id
 * @error: return location for a #MUSTER_STORE_ERROR_INVALID that lists the ids there are
 *
 * Returns: whether @ruleset has the weapon @id
 */
gboolean
muster_store_check_weapon_id (MusterRuleset  *ruleset,
                              const char     *id,
                              GError        **error)
{
  g_autofree char *valid = NULL;

  if (id != NULL && muster_ruleset_lookup_weapon (ruleset, id) != NULL)
    return TRUE;
  valid = id_list (ruleset, muster_ruleset_get_n_weapons (ruleset), weapon_id_at);
  g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
               _("%s has no weapon “%s”. Choose one of: %s."),
               muster_ruleset_get_title (ruleset), id != NULL ? id : "", valid);
  return FALSE;
}

/**
 * muster_store_check_stat_key:
 * @ruleset: the campaign's rules
 * @key: a stat's key
 * @error: return location for a #MUSTER_STORE_ERROR_INVALID that lists the keys there are
 *
 * Returns: (transfer none) (nullable): the stat @key of @ruleset
 */
const MusterStatDef *
muster_store_check_stat_key (MusterRuleset  *ruleset,
                             const char     *key,
                             GError        **error)
{
  const MusterStatDef *def = key != NULL ? muster_ruleset_lookup_stat (ruleset, key) : NULL;
  g_autofree char *valid = NULL;

  if (def != NULL)
    return def;
  valid = id_list (ruleset, muster_ruleset_get_n_stats (ruleset), stat_key_at);
  g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
               _("%s has no characteristic “%s”. Its characteristics are: %s."),
               muster_ruleset_get_title (ruleset), key != NULL ? key : "", valid);
  return NULL;
}

/* The weapon id to store: @weapon, or the troop type's default ("" when it
 * has none). NULL with @error when the ruleset has no such weapon. */
static char *
check_weapon (MusterRuleset          *ruleset,
              const MusterTroopType  *type,
              const char             *weapon,
              GError                **error)
{
  if (weapon == NULL || *weapon == '\0')
    return g_strdup (type != NULL && type->default_weapon != NULL ? type->default_weapon : "");
  if (!muster_store_check_weapon_id (ruleset, weapon, error))
    return NULL;
  return g_strdup (weapon);
}

gboolean
muster_store_check_stat (MusterRuleset  *ruleset,
                         const char     *who,
                         const char     *key,
                         int             value,
                         GError        **error)
{
  const MusterStatDef *def = muster_store_check_stat_key (ruleset, key, error);

  if (def == NULL)
    return FALSE;
  if (value < def->min || value > def->max)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("%s: %s must be between %d and %d, not %d."),
                   who, def->name, def->min, def->max, value);
      return FALSE;
    }
  return TRUE;
}

static gboolean
exec_update (MusterStore   *self,
             sqlite3_stmt  *stmt,
             GError       **error)
{
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      muster_store_set_error (self, error, _("Could not change the character"));
      return FALSE;
    }
  return TRUE;
}

/* Sets a stat of a character who has one already or not. */
static gboolean
write_stat (MusterStore  *self,
            gint64        character_id,
            const char   *key,
            int           value,
            GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (self,
      "INSERT OR REPLACE INTO stat (character_id, key, value) VALUES (?, ?, ?)", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, character_id);
  sqlite3_bind_text (stmt, 2, key, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 3, value);
  return exec_update (self, stmt, error);
}

/* --- Creating ------------------------------------------------------------ */

sqlite3_stmt *
muster_store_prepare_character_insert (MusterStore  *self,
                                       GError      **error)
{
  return muster_store_prepare (self,
      "INSERT INTO character (campaign_id, force_id, name, rank, troop_type, weapon, mounted)"
      " VALUES (?, ?, ?, ?, ?, ?, ?)", error);
}

/* Plain inserts of @n_rows stats: a character made a moment ago has no
 * stat yet. */
static sqlite3_stmt *
stat_rows (MusterCharacterWrites  *writes,
           guint                   n_rows,
           GError                **error)
{
  g_autofree char *sql = NULL;
  sqlite3_stmt *stmt;

  if (writes->stats[n_rows] != NULL)
    return writes->stats[n_rows];
  sql = muster_store_rows_sql ("INSERT INTO stat (character_id, key, value) VALUES ", 3, n_rows);
  stmt = muster_store_prepare (writes->store, sql, error);
  writes->stats[n_rows] = stmt;
  return stmt;
}

static sqlite3_stmt *
roll_rows (MusterCharacterWrites  *writes,
           guint                   n_rows,
           GError                **error)
{
  sqlite3_stmt *stmt;

  if (writes->rolls[n_rows] != NULL)
    return writes->rolls[n_rows];
  stmt = muster_store_prepare_roll_rows (writes->store, n_rows, error);
  writes->rolls[n_rows] = stmt;
  return stmt;
}

/* Character @id's stats, MUSTER_CHARACTER_WRITE_ROWS to a statement. */
static gboolean
write_new_stats (MusterCharacterWrites  *writes,
                 gint64                  id,
                 GHashTable             *stats,
                 GError                **error)
{
  GHashTableIter iter;
  guint left = g_hash_table_size (stats);

  g_hash_table_iter_init (&iter, stats);
  while (left > 0)
    {
      guint n = MIN (left, MUSTER_CHARACTER_WRITE_ROWS);
      MUSTER_STMT_AUTO sqlite3_stmt *stmt = stat_rows (writes, n, error);
      gboolean done;

      if (stmt == NULL)
        return FALSE;
      for (guint r = 0; r < n; r++)
        {
          gpointer key, value;

          g_hash_table_iter_next (&iter, &key, &value);
          sqlite3_bind_int64 (stmt, 3 * r + 1, id);
          /* Not copied, as in create_in_force(). */
          sqlite3_bind_text (stmt, 3 * r + 2, key, -1, SQLITE_STATIC);
          sqlite3_bind_int (stmt, 3 * r + 3, GPOINTER_TO_INT (value));
        }
      done = muster_store_exec (writes->store, stmt, _("Could not change the character"), error);
      sqlite3_clear_bindings (stmt);
      if (!done)
        return FALSE;
      left -= n;
    }
  return TRUE;
}

/* The rolls @spec made, in their order, MUSTER_CHARACTER_WRITE_ROWS to a
 * statement. */
static gboolean
write_new_rolls (MusterCharacterWrites      *writes,
                 gint64                      campaign_id,
                 gint64                      id,
                 const MusterCharacterSpec  *spec,
                 GError                    **error)
{
  g_autofree char *now = muster_store_now ();

  for (guint first = 0; first < spec->rolls->len; first += MUSTER_CHARACTER_WRITE_ROWS)
    {
      guint n = MIN (spec->rolls->len - first, MUSTER_CHARACTER_WRITE_ROWS);
      MUSTER_STMT_AUTO sqlite3_stmt *stmt = roll_rows (writes, n, error);
      char *texts[2 * MUSTER_CHARACTER_WRITE_ROWS];
      gboolean done;

      if (stmt == NULL)
        return FALSE;
      for (guint r = 0; r < n; r++)
        {
          guint i = first + r;
          const char *stat = spec->roll_stats != NULL && i < spec->roll_stats->len
            ? g_ptr_array_index (spec->roll_stats, i) : "";
          const MusterRoll *roll = g_ptr_array_index (spec->rolls, i);

          texts[2 * r] = g_strconcat ("recruit:", stat, NULL);
          texts[2 * r + 1] = muster_roll_faces_to_string (roll);
          muster_store_bind_roll (stmt, 1 + MUSTER_STORE_ROLL_COLUMNS * r, campaign_id, 0, id, 0,
                                  texts[2 * r], roll, texts[2 * r + 1], now);
        }
      done = muster_store_exec (writes->store, stmt, _("Could not record a roll"), error);
      sqlite3_clear_bindings (stmt);
      for (guint t = 0; t < 2 * n; t++)
        g_free (texts[t]);
      if (!done)
        return FALSE;
    }
  return TRUE;
}

/* The character @spec describes, in force @force_id of @campaign_id named
 * @force_name, written with @writes. */
static gint64
create_in_force (MusterStore                  *self,
                 MusterCharacterWrites        *writes,
                 gint64                        force_id,
                 gint64                        campaign_id,
                 const char                   *force_name,
                 const MusterCharacterSpec    *spec,
                 GError                      **error)
{
  g_autofree char *name = NULL;
  g_autofree char *weapon = NULL;
  g_autofree char *args = NULL;
  const MusterTroopType *type;
  MusterRuleset *ruleset;
  gboolean done;
  gint64 id;

  name = muster_store_check_name (spec->name, error);
  if (name == NULL)
    return 0;
  ruleset = muster_store_get_campaign_ruleset (self, campaign_id, error);
  if (ruleset == NULL)
    return 0;
  type = muster_store_check_troop_type (ruleset, spec->troop_type, error);
  if (type == NULL)
    return 0;
  weapon = check_weapon (ruleset, type, spec->weapon, error);
  if (weapon == NULL)
    return 0;
  if (spec->stats != NULL)
    {
      GHashTableIter iter;
      gpointer key, value;

      g_hash_table_iter_init (&iter, spec->stats);
      while (g_hash_table_iter_next (&iter, &key, &value))
        if (!muster_store_check_stat (ruleset, name, key, GPOINTER_TO_INT (value), error))
          return 0;
    }

  /* The texts are not copied: they outlive the step, and the bindings
   * are cleared after it, before they go. */
  sqlite3_bind_int64 (writes->character, 1, campaign_id);
  sqlite3_bind_int64 (writes->character, 2, force_id);
  sqlite3_bind_text (writes->character, 3, name, -1, SQLITE_STATIC);
  sqlite3_bind_text (writes->character, 4, spec->rank != NULL ? spec->rank : "", -1, SQLITE_STATIC);
  sqlite3_bind_text (writes->character, 5, type->id, -1, SQLITE_STATIC);
  sqlite3_bind_text (writes->character, 6, weapon, -1, SQLITE_STATIC);
  sqlite3_bind_int (writes->character, 7, spec->mounted ? 1 : 0);
  done = muster_store_exec (self, writes->character, _("Could not create the character"), error);
  sqlite3_clear_bindings (writes->character);
  if (!done)
    return 0;
  id = sqlite3_last_insert_rowid (muster_store_get_db (self));

  if (spec->stats != NULL && !write_new_stats (writes, id, spec->stats, error))
    return 0;
  if (spec->rolls != NULL && !write_new_rolls (writes, campaign_id, id, spec, error))
    return 0;

  if (spec->rolls != NULL && spec->rolls->len > 0)
    {
      GString *text = g_string_sized_new (256);

      muster_store_append_recruit_args (text, ruleset, type, name, weapon, spec->stats,
                                        spec->rolls, spec->roll_stats);
      args = g_string_free (text, FALSE);
    }
  else
    {
      g_autoptr(JsonObject) created = muster_log_args ("s:name", name, "s:force", force_name, NULL);

      args = muster_log_args_to_string (created);
    }
  if (muster_store_insert_log_with (self, writes->log, campaign_id, 0, id, 0, 0,
                                    spec->rolls != NULL && spec->rolls->len > 0 ? "recruit" : "character-created",
                                    args, error) == 0)
    return 0;
  return id;
}

gint64
muster_store_tx_create_character (MusterStore                *self,
                                  gint64                      force_id,
                                  const MusterCharacterSpec  *spec,
                                  GError                    **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *insert_character = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *insert_log = NULL;
  g_autofree char *force_name = NULL;
  MusterCharacterWrites writes = { 0 };
  gint64 campaign_id;

  g_return_val_if_fail (MUSTER_IS_STORE (self), 0);
  g_return_val_if_fail (spec != NULL, 0);

  /* Not muster_store_get_force(): its character count would make every
   * recruit of a big batch slower than the last. */
  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (self,
        "SELECT campaign_id, name FROM force WHERE id = ?", error);

    if (stmt == NULL)
      return 0;
    sqlite3_bind_int64 (stmt, 1, force_id);
    if (sqlite3_step (stmt) != SQLITE_ROW)
      {
        g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                     _("There is no force with id %" PRId64 "."), force_id);
        return 0;
      }
    campaign_id = sqlite3_column_int64 (stmt, 0);
    force_name = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
  }

  insert_character = muster_store_prepare_character_insert (self, error);
  if (insert_character == NULL)
    return 0;
  insert_log = muster_store_prepare_log_insert (self, error);
  if (insert_log == NULL)
    return 0;
  writes.store = self;
  writes.character = insert_character;
  writes.log = insert_log;
  return create_in_force (self, &writes, force_id, campaign_id, force_name, spec, error);
}

gint64
muster_store_tx_create_character_in (MusterStore                  *self,
                                     MusterCharacterWrites        *writes,
                                     MusterForce                  *force,
                                     const MusterCharacterSpec    *spec,
                                     GError                      **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (self), 0);
  g_return_val_if_fail (writes != NULL, 0);
  g_return_val_if_fail (MUSTER_IS_FORCE (force), 0);
  g_return_val_if_fail (spec != NULL, 0);

  return create_in_force (self, writes, muster_force_get_id (force), muster_force_get_campaign_id (force),
                          muster_force_get_name (force), spec, error);
}

gint64
muster_store_create_character (MusterStore                *self,
                               gint64                      force_id,
                               const MusterCharacterSpec  *spec,
                               GError                    **error)
{
  g_autoptr(MusterForce) force = NULL;
  gint64 id;

  g_return_val_if_fail (MUSTER_IS_STORE (self), 0);
  g_return_val_if_fail (spec != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  force = muster_store_get_force (self, force_id, error);
  if (force == NULL)
    return 0;
  if (!muster_store_begin (self, error))
    return 0;
  id = muster_store_tx_create_character (self, force_id, spec, error);
  return muster_store_commit_created (self, id,
                                      MUSTER_CHANGE_CHARACTERS | MUSTER_CHANGE_FORCES | MUSTER_CHANGE_LOG,
                                      muster_force_get_campaign_id (force), error);
}

/* --- Changing ------------------------------------------------------------ */

/* Loads the character and its campaign's ruleset, and begins. */
static MusterCharacter *
begin_change (MusterStore     *self,
              gint64           id,
              MusterRuleset  **ruleset,
              GError         **error)
{
  g_autoptr(MusterCharacter) character = muster_store_get_character (self, id, error);

  if (character == NULL)
    return NULL;
  *ruleset = muster_store_get_campaign_ruleset (self, muster_character_get_campaign_id (character), error);
  if (*ruleset == NULL)
    return NULL;
  if (!muster_store_begin (self, error))
    return NULL;
  return g_steal_pointer (&character);
}

/* Logs @args (taken) about @character, whose name they get, and commits. */
static gboolean
finish_change (MusterStore      *self,
               MusterCharacter  *character,
               const char       *kind,
               JsonObject       *args,
               MusterChange      what,
               GError          **error)
{
  if (!json_object_has_member (args, "name") && !json_object_has_member (args, "new"))
    json_object_set_string_member (args, "name", muster_character_get_name (character));
  return muster_store_log_and_commit (self, muster_character_get_campaign_id (character), 0,
                                      muster_character_get_id (character), kind, args,
                                      what | MUSTER_CHANGE_CHARACTERS | MUSTER_CHANGE_LOG, error);
}

static gboolean
update_column (MusterStore  *self,
               const char   *sql,
               gint64        id,
               const char   *text,
               GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (self, sql, error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, text, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, id);
  return exec_update (self, stmt, error);
}

/* After a weapon change: which of his own values the new weapon holds
 * lower while he uses it (NULL: none). He keeps them, and has them again
 * with a weapon that does not. */
static JsonArray *
weapon_caps (MusterRuleset    *ruleset,
             MusterCharacter  *character,
             const char       *weapon)
{
  JsonArray *caps = NULL;

  for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
    {
      const MusterStatDef *def = muster_ruleset_get_stat (ruleset, i);
      int cap = muster_ruleset_get_cap (ruleset, weapon, def->key);
      JsonObject *item;
      int value;

      if (!muster_character_get_stat (character, def->key, &value) || value <= cap)
        continue;
      item = json_object_new ();
      json_object_set_string_member (item, "key", def->key);
      json_object_set_int_member (item, "cap", cap);
      json_object_set_int_member (item, "value", value);
      if (caps == NULL)
        caps = json_array_new ();
      json_array_add_object_element (caps, item);
    }
  return caps;
}

gboolean
muster_store_set_character_text (MusterStore  *self,
                                 gint64        id,
                                 const char   *field,
                                 const char   *value,
                                 GError      **error)
{
  g_autoptr(MusterCharacter) character = NULL;
  g_autoptr(JsonObject) args = NULL;
  g_autofree char *clean = NULL;
  MusterRuleset *ruleset = NULL;
  const char *who;
  const char *kind = "character-edited";

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);
  g_return_val_if_fail (field != NULL, FALSE);

  if (g_str_equal (field, "name"))
    {
      clean = muster_store_check_name (value, error);
      if (clean == NULL)
        return FALSE;
    }
  else if (!g_str_equal (field, "rank") && !g_str_equal (field, "troop_type") &&
           !g_str_equal (field, "weapon") && !g_str_equal (field, "notes"))
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("A character has no field “%s”. Use name, rank, troop_type, weapon or notes."),
                   field);
      return FALSE;
    }

  character = begin_change (self, id, &ruleset, error);
  if (character == NULL)
    return FALSE;
  who = muster_character_get_name (character);

  if (g_str_equal (field, "name"))
    {
      if (!update_column (self, "UPDATE character SET name = ? WHERE id = ?", id, clean, error))
        goto fail;
      kind = "character-renamed";
      args = muster_log_args ("s:old", who, "s:new", clean, NULL);
    }
  else if (g_str_equal (field, "rank"))
    {
      clean = g_strstrip (g_strdup (value != NULL ? value : ""));
      if (!update_column (self, "UPDATE character SET rank = ? WHERE id = ?", id, clean, error))
        goto fail;
      args = muster_log_args ("s:field", "rank", "s:value", clean, NULL);
    }
  else if (g_str_equal (field, "troop_type"))
    {
      const MusterTroopType *type = muster_store_check_troop_type (ruleset, value, error);

      if (type == NULL ||
          !update_column (self, "UPDATE character SET troop_type = ? WHERE id = ?", id, type->id, error))
        goto fail;
      args = muster_log_args ("s:field", "troop_type", "s:value", type->id, NULL);
    }
  else if (g_str_equal (field, "weapon"))
    {
      const MusterTroopType *type =
        muster_ruleset_lookup_troop_type (ruleset, muster_character_get_troop_type (character));

      clean = check_weapon (ruleset, type, value, error);
      if (clean == NULL ||
          !update_column (self, "UPDATE character SET weapon = ? WHERE id = ?", id, clean, error))
        goto fail;
      args = muster_log_args ("s:field", "weapon", "s:value", clean,
                              "a:caps", *clean != '\0' ? weapon_caps (ruleset, character, clean) : NULL,
                              NULL);
    }
  else
    {
      if (!update_column (self, "UPDATE character SET notes = ? WHERE id = ?", id,
                          value != NULL ? value : "", error))
        goto fail;
      args = muster_log_args ("s:field", "notes", NULL);
    }

  return finish_change (self, character, kind, g_steal_pointer (&args), 0, error);

fail:
  muster_store_rollback (self);
  return FALSE;
}

gboolean
muster_store_set_character_mounted (MusterStore  *self,
                                    gint64        id,
                                    gboolean      mounted,
                                    GError      **error)
{
  g_autoptr(MusterCharacter) character = NULL;
  MusterRuleset *ruleset = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  character = begin_change (self, id, &ruleset, error);
  if (character == NULL)
    return FALSE;
  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (self,
        "UPDATE character SET mounted = ? WHERE id = ?", error);

    if (stmt == NULL)
      goto fail;
    sqlite3_bind_int (stmt, 1, mounted ? 1 : 0);
    sqlite3_bind_int64 (stmt, 2, id);
    if (!exec_update (self, stmt, error))
      goto fail;
  }
  return finish_change (self, character, "character-edited",
                        muster_log_args ("s:field", "mounted", "b:value", mounted, NULL), 0, error);

fail:
  muster_store_rollback (self);
  return FALSE;
}

gboolean
muster_store_set_character_stat (MusterStore  *self,
                                 gint64        id,
                                 const char   *key,
                                 int           value,
                                 GError      **error)
{
  g_autoptr(MusterCharacter) character = NULL;
  g_autoptr(JsonObject) args = NULL;
  MusterRuleset *ruleset = NULL;
  int old;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);
  g_return_val_if_fail (key != NULL, FALSE);

  character = muster_store_get_character (self, id, error);
  if (character == NULL)
    return FALSE;
  ruleset = muster_store_get_campaign_ruleset (self, muster_character_get_campaign_id (character), error);
  if (ruleset == NULL)
    return FALSE;
  if (!muster_store_check_stat (ruleset, muster_character_get_name (character), key, value, error))
    return FALSE;
  if (muster_character_get_stat (character, key, &old) && old == value)
    return TRUE;

  if (!muster_store_begin (self, error))
    return FALSE;
  if (!write_stat (self, id, key, value, error))
    {
      muster_store_rollback (self);
      return FALSE;
    }
  args = muster_log_args ("s:stat", key, "i:value", value, NULL);
  if (muster_character_get_stat (character, key, &old))
    json_object_set_int_member (args, "old", old);
  return finish_change (self, character, "stat-changed", g_steal_pointer (&args), 0, error);
}

gboolean
muster_store_set_character_status (MusterStore   *self,
                                   gint64         id,
                                   MusterStatus   status,
                                   int            out_games,
                                   GError       **error)
{
  g_autoptr(MusterCharacter) character = NULL;
  MusterRuleset *ruleset = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  if (status != MUSTER_STATUS_OUT_OF_ACTION)
    out_games = 0;
  else if (out_games < 0)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("The number of games to miss cannot be negative (%d)."), out_games);
      return FALSE;
    }

  character = begin_change (self, id, &ruleset, error);
  if (character == NULL)
    return FALSE;
  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (self,
        "UPDATE character SET status = ?, out_games = ? WHERE id = ?", error);

    if (stmt == NULL)
      goto fail;
    sqlite3_bind_text (stmt, 1, muster_status_to_string (status), -1, SQLITE_STATIC);
    sqlite3_bind_int (stmt, 2, out_games);
    sqlite3_bind_int64 (stmt, 3, id);
    if (!exec_update (self, stmt, error))
      goto fail;
  }
  return finish_change (self, character, "status",
                        muster_log_args ("s:status", muster_status_to_string (status),
                                         "i:games", out_games, NULL),
                        0, error);

fail:
  muster_store_rollback (self);
  return FALSE;
}

gboolean
muster_store_move_character (MusterStore  *self,
                             gint64        id,
                             gint64        force_id,
                             GError      **error)
{
  g_autoptr(MusterCharacter) character = NULL;
  g_autoptr(MusterForce) force = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  character = muster_store_get_character (self, id, error);
  if (character == NULL)
    return FALSE;
  force = muster_store_get_force (self, force_id, error);
  if (force == NULL)
    return FALSE;
  if (muster_force_get_campaign_id (force) != muster_character_get_campaign_id (character))
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("%s cannot move to “%s”: that force belongs to another campaign."),
                   muster_character_get_name (character), muster_force_get_name (force));
      return FALSE;
    }
  if (muster_character_get_force_id (character) == force_id)
    return TRUE;

  if (!muster_store_begin (self, error))
    return FALSE;
  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (self,
        "UPDATE character SET force_id = ?, unit_id = NULL WHERE id = ?", error);

    if (stmt == NULL || (sqlite3_bind_int64 (stmt, 1, force_id),
                         sqlite3_bind_int64 (stmt, 2, id),
                         !exec_update (self, stmt, error)))
      {
        muster_store_rollback (self);
        return FALSE;
      }
  }
  return finish_change (self, character, "character-moved",
                        muster_log_args ("s:from", muster_character_get_force_name (character),
                                         "s:to", muster_force_get_name (force),
                                         "r:from_force_id", muster_character_get_force_id (character),
                                         "r:force_id", force_id, NULL),
                        MUSTER_CHANGE_FORCES, error);
}
