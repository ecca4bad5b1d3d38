/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-store"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "muster-character.h"
#include "muster-force.h"
#include "muster-game.h"
#include "muster-store-private.h"
#include "muster-unit.h"

/*
 * Units: companies, squads and guns of the rulesets kept by unit, the
 * characters attached to them, and their part in games. Every change is
 * one transaction that logs it and then emits ::changed with
 * MUSTER_CHANGE_UNITS.
 */

#define UNIT_SELECT \
  "SELECT u.id, f.campaign_id, u.force_id, f.name, coalesce (f.side, f.name), u.name," \
  " u.kind, u.rating, u.size, u.lost, u.morale_loss, u.status, u.notes," \
  " (SELECT count(*) FROM character c WHERE c.unit_id = u.id)" \
  " FROM unit u JOIN force f ON f.id = u.force_id "

static const char * const unit_statuses[] = {
  MUSTER_UNIT_STATUS_ACTIVE,
  MUSTER_UNIT_STATUS_DESTROYED,
  MUSTER_UNIT_STATUS_DISBANDED,
};

static MusterUnit *
unit_from_stmt (sqlite3_stmt *stmt)
{
  MusterUnitRow row = { 0 };

  row.id = sqlite3_column_int64 (stmt, 0);
  row.campaign_id = sqlite3_column_int64 (stmt, 1);
  row.force_id = sqlite3_column_int64 (stmt, 2);
  row.force_name = muster_column_text (stmt, 3);
  row.side = muster_column_text (stmt, 4);
  row.name = muster_column_text (stmt, 5);
  row.kind = muster_column_text (stmt, 6);
  row.rating = muster_column_text (stmt, 7);
  row.size = sqlite3_column_int (stmt, 8);
  row.lost = sqlite3_column_int (stmt, 9);
  row.morale_loss = sqlite3_column_int (stmt, 10);
  row.status = muster_column_text (stmt, 11);
  row.notes = muster_column_text (stmt, 12);
  row.n_characters = (guint) sqlite3_column_int (stmt, 13);
  return muster_unit_new (&row);
}

/* Reads the values kept on the units of @units (by id). */
static gboolean
load_values (MusterStore  *store,
             GHashTable   *units,
             gint64        campaign_id,
             GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (store,
                               "SELECT s.unit_id, s.key, s.value FROM unit_stat s "
                               "JOIN unit u ON u.id = s.unit_id JOIN force f ON f.id = u.force_id "
                               "WHERE f.campaign_id = ?",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, campaign_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      MusterUnit *unit = g_hash_table_lookup (units, &id);

      if (unit != NULL)
        muster_unit_set_value (unit, muster_column_text (stmt, 1), sqlite3_column_int (stmt, 2));
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (store, error, _("Could not read the units’ values"));
      return FALSE;
    }
  return TRUE;
}

/**
 * muster_store_list_units:
 * @store: the library
 * @campaign_id: a campaign
 * @force_id: one of its forces, or 0 for all
 * @error: return location for an error
 *
 * Returns: (transfer full) (element-type MusterUnit): the units, by id.
 */
GPtrArray *
muster_store_list_units (MusterStore  *store,
                         gint64        campaign_id,
                         gint64        force_id,
                         GError      **error)
{
  g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func (g_object_unref);
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  stmt = muster_store_prepare (store,
                               UNIT_SELECT "WHERE f.campaign_id = ?1 AND (?2 = 0 OR u.force_id = ?2) "
                               "ORDER BY u.id",
                               error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, campaign_id);
  sqlite3_bind_int64 (stmt, 2, force_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (units, unit_from_stmt (stmt));
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (store, error, _("Could not list the units"));
      return NULL;
    }

  {
    g_autoptr(GHashTable) index = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

    for (guint i = 0; i < units->len; i++)
      {
        MusterUnit *unit = g_ptr_array_index (units, i);
        gint64 *key = g_new (gint64, 1);

        *key = muster_unit_get_id (unit);
        g_hash_table_insert (index, key, unit);
      }
    if (units->len > 0 && !load_values (store, index, campaign_id, error))
      return NULL;
  }
  return g_steal_pointer (&units);
}

/**
 * muster_store_get_unit:
 *
 * Returns: (transfer full): the unit with @id, or %NULL with
 * MUSTER_STORE_ERROR_NOT_FOUND.
 */
MusterUnit *
muster_store_get_unit (MusterStore  *store,
                       gint64        id,
                       GError      **error)
{
  g_autoptr(MusterUnit) unit = NULL;
  g_autoptr(GHashTable) index = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  stmt = muster_store_prepare (store, UNIT_SELECT "WHERE u.id = ?", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                   _("There is no unit with id %" PRId64 "."), id);
      return NULL;
    }
  if (rc != SQLITE_ROW)
    {
      muster_store_set_error (store, error, _("Could not read the unit"));
      return NULL;
    }
  unit = unit_from_stmt (stmt);

  index = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_hash_table_insert (index, g_memdup2 (&id, sizeof id), unit);
  if (!load_values (store, index, muster_unit_get_campaign_id (unit), error))
    return NULL;
  return g_steal_pointer (&unit);
}

/**
 * muster_store_find_unit:
 *
 * Returns: (transfer full): the unit of @campaign_id with that id or exact
 * name, or %NULL (MUSTER_STORE_ERROR_NOT_FOUND or _AMBIGUOUS).
 */
MusterUnit *
muster_store_find_unit (MusterStore  *store,
                        gint64        campaign_id,
                        const char   *id_or_name,
                        GError      **error)
{
  g_autoptr(GArray) ids = NULL;
  gboolean digits;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);
  g_return_val_if_fail (id_or_name != NULL, NULL);

  digits = *id_or_name != '\0';

  for (const char *p = id_or_name; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      digits = FALSE;

  if (digits)
    {
      guint64 id = 0;
      MusterUnit *unit = NULL;

      if (g_ascii_string_to_unsigned (id_or_name, 10, 1, G_MAXINT64, &id, NULL))
        unit = muster_store_get_unit (store, (gint64) id, NULL);
      if (unit == NULL || muster_unit_get_campaign_id (unit) != campaign_id)
        {
          g_clear_object (&unit);
          g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                       _("There is no unit with id %s in this campaign."), id_or_name);
          return NULL;
        }
      return unit;
    }

  ids = muster_store_query_ids (store,
                                "SELECT u.id FROM unit u JOIN force f ON f.id = u.force_id "
                                "WHERE f.campaign_id = ? AND u.name = ? ORDER BY u.id",
                                campaign_id, id_or_name, _("Could not look for the unit"), error);
  if (ids == NULL)
    return NULL;
  if (ids->len == 0)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                   _("There is no unit named “%s” in this campaign."), id_or_name);
      return NULL;
    }
  if (ids->len > 1)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_AMBIGUOUS,
                   _("%u units are called “%s”: give the unit’s id instead."),
                   ids->len, id_or_name);
      return NULL;
    }
  return muster_store_get_unit (store, g_array_index (ids, gint64, 0), error);
}

/* The ids the ruleset has, for messages: "infantry, cavalry". */
static char *
list_ids (GPtrArray *defs)
{
  g_autoptr(GString) list = g_string_new (NULL);

  for (guint i = 0; i < defs->len; i++)
    {
      const char * const *id = g_ptr_array_index (defs, i);
      if (list->len > 0)
        g_string_append (list, ", ");
      g_string_append (list, *id);
    }
  return g_string_free (g_steal_pointer (&list), FALSE);
}

static const MusterUnitKindDef *
check_kind (MusterRuleset  *ruleset,
            const char     *kind,
            GError        **error)
{
  const MusterUnitKindDef *def = muster_ruleset_lookup_unit_kind (ruleset, kind);
  g_autofree char *ids = NULL;

  if (def != NULL)
    return def;
  ids = list_ids (muster_ruleset_get_unit_kinds (ruleset));
  if (*ids == '\0')
    g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                 _("The rules “%s” keep no units."), muster_ruleset_get_title (ruleset));
  else
    g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                 _("“%s” is not a unit type of %s: use one of %s."),
                 kind != NULL ? kind : "", muster_ruleset_get_title (ruleset), ids);
  return NULL;
}

/* The rating a unit of @kind ends up with: @rating checked, or the kind's
 * fixed one, or the ruleset's default; "" when the rules have none. */
static const char *
check_rating (MusterRuleset            *ruleset,
              const MusterUnitKindDef  *kind,
              const char               *rating,
              GError                  **error)
{
  GPtrArray *ratings = muster_ruleset_get_ratings (ruleset);
  const MusterRatingDef *def;

  if (rating == NULL || *rating == '\0')
    {
      if (kind->rating != NULL)
        return kind->rating;
      if (muster_ruleset_get_default_rating (ruleset) != NULL)
        return muster_ruleset_get_default_rating (ruleset);
      return "";
    }
  def = muster_ruleset_lookup_rating (ruleset, rating);
  if (def == NULL)
    {
      g_autofree char *ids = list_ids (ratings);

      if (*ids == '\0')
        g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                     _("The rules “%s” do not rate units; leave the rating out."),
                     muster_ruleset_get_title (ruleset));
      else
        g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                     _("“%s” is not a rating of %s: use one of %s."),
                     rating, muster_ruleset_get_title (ruleset), ids);
      return NULL;
    }
  if (kind->rating != NULL && !g_str_equal (kind->rating, def->id))
    {
      const MusterRatingDef *fixed = muster_ruleset_lookup_rating (ruleset, kind->rating);

      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("%s are always %s in %s, never %s."),
                   kind->name, fixed != NULL ? fixed->name : kind->rating,
                   muster_ruleset_get_title (ruleset), def->name);
      return NULL;
    }
  return def->id;
}

static gboolean
check_size (const MusterUnitKindDef  *kind,
            int                       size,
            GError                  **error)
{
  int max = kind->max_size > 0 ? kind->max_size : G_MAXINT;

  if (size < MAX (kind->min_size, 1) || size > max)
    {
      if (kind->max_size > 0)
        g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                     _("A unit of %s has %d to %d figures, not %d."),
                     kind->name, MAX (kind->min_size, 1), kind->max_size, size);
      else
        g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                     _("A unit of %s needs at least %d figures, not %d."),
                     kind->name, MAX (kind->min_size, 1), size);
      return FALSE;
    }
  return TRUE;
}

/* A unit of @size figures can have lost 0 to @size of them. */
static gboolean
check_lost (const char  *name,
            int          size,
            int          lost,
            GError     **error)
{
  if (lost < 0 || lost > size)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("%s can lose 0 to %d figures, not %d."), name, size, lost);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_status (const char  *status,
              GError     **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (unit_statuses); i++)
    if (g_strcmp0 (status, unit_statuses[i]) == 0)
      return TRUE;
  g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
               _("“%s” is not a unit status: use active, destroyed or disbanded."),
               status != NULL ? status : "");
  return FALSE;
}

gboolean
muster_store_check_unit (MusterRuleset       *ruleset,
                         const MusterUnitRow *row,
                         GError             **error)
{
  const MusterUnitKindDef *kind;

  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), FALSE);
  g_return_val_if_fail (row != NULL, FALSE);

  kind = check_kind (ruleset, row->kind, error);
  return kind != NULL &&
         check_rating (ruleset, kind, row->rating, error) != NULL &&
         check_size (kind, row->size, error) &&
         check_lost (row->name, row->size, row->lost, error) &&
         check_status (row->status, error);
}

gboolean
muster_store_check_unit_value (MusterRuleset  *ruleset,
                               const char     *key,
                               int             value,
                               GError        **error)
{
  const MusterUnitStatDef *def;

  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), FALSE);

  def = key != NULL ? muster_ruleset_lookup_unit_stat (ruleset, key) : NULL;
  if (def == NULL || def->from != MUSTER_UNIT_STAT_FROM_UNIT)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("“%s” is not a value %s keeps on a unit."),
                   key != NULL ? key : "", muster_ruleset_get_title (ruleset));
      return FALSE;
    }
  if (value < def->min || value > def->max)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("%s runs from %d to %d, not %d."), def->name, def->min, def->max, value);
      return FALSE;
    }
  return TRUE;
}

static gboolean
name_taken (MusterStore  *store,
            gint64        force_id,
            const char   *name,
            gint64        except_id,
            GError      **error,
            gboolean     *taken)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (store,
                               "SELECT 1 FROM unit WHERE force_id = ? AND name = ? AND id != ?",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, force_id);
  sqlite3_bind_text (stmt, 2, name, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 3, except_id);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    {
      muster_store_set_error (store, error, _("Could not check the unit’s name"));
      return FALSE;
    }
  *taken = rc == SQLITE_ROW;
  return TRUE;
}

/**
 * muster_store_create_unit:
 * @store: the library
 * @force_id: the force the unit belongs to
 * @spec: its name, kind, rating and size
 * @error: return location for an error
 *
 * Returns: the new unit's id, or 0 with @error set and nothing written.
 */
gint64
muster_store_create_unit (MusterStore          *store,
                          gint64                force_id,
                          const MusterUnitSpec *spec,
                          GError              **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  g_autoptr(MusterForce) force = NULL;
  g_autofree char *clean = NULL;
  const MusterUnitKindDef *kind;
  const char *rating;
  MusterRuleset *ruleset;
  gint64 campaign_id, id;
  gboolean taken = FALSE;
  int size;

  g_return_val_if_fail (MUSTER_IS_STORE (store), 0);
  g_return_val_if_fail (spec != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  clean = muster_store_check_name (spec->name, error);
  if (clean == NULL)
    return 0;
  force = muster_store_get_force (store, force_id, error);
  if (force == NULL)
    return 0;
  campaign_id = muster_force_get_campaign_id (force);
  ruleset = muster_store_get_campaign_ruleset (store, campaign_id, error);
  if (ruleset == NULL)
    return 0;
  kind = check_kind (ruleset, spec->kind, error);
  if (kind == NULL)
    return 0;
  rating = check_rating (ruleset, kind, spec->rating, error);
  if (rating == NULL)
    return 0;
  size = spec->size > 0 ? spec->size : kind->size;
  if (!check_size (kind, size, error))
    return 0;

  if (!muster_store_begin (store, error))
    return 0;
  if (!name_taken (store, force_id, clean, 0, error, &taken))
    goto fail;
  if (taken)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_EXISTS,
                   _("%s already has a unit called “%s”. Choose another name."),
                   muster_force_get_name (force), clean);
      goto fail;
    }

  stmt = muster_store_prepare (store,
                               "INSERT INTO unit (force_id, name, kind, troop_type, rating, size, notes) "
                               "VALUES (?, ?, ?, ?, ?, ?, ?)",
                               error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, force_id);
  sqlite3_bind_text (stmt, 2, clean, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 3, kind->id, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 4, kind->troop_type != NULL ? kind->troop_type : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 5, rating, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 6, size);
  sqlite3_bind_text (stmt, 7, spec->notes != NULL ? spec->notes : "", -1, SQLITE_TRANSIENT);
  if (!muster_store_exec (store, stmt, _("Could not add the unit"), error))
    goto fail;
  id = sqlite3_last_insert_rowid (muster_store_get_db (store));

  if (!muster_store_log_and_commit (store, campaign_id, 0, 0, "unit-created",
                                    muster_log_args ("r:unit_id", id, "s:name", clean,
                                                     "s:force", muster_force_get_name (force),
                                                     "s:kind", kind->id, "i:size", size, NULL),
                                    MUSTER_CHANGE_UNITS | MUSTER_CHANGE_FORCES | MUSTER_CHANGE_LOG,
                                    error))
    return 0;
  return id;

fail:
  muster_store_rollback (store);
  return 0;
}

/* @args (taken) with the id and name of @unit, whom they are about. */
static JsonObject *
unit_args (MusterUnit *unit,
           JsonObject *args)
{
  json_object_set_int_member (args, "unit_id", muster_unit_get_id (unit));
  json_object_set_string_member (args, "name", muster_unit_get_name (unit));
  return args;
}

/* Runs @sql (binding ?1 the unit id, ?2 @text or @number) and logs
 * an entry with @args (taken; the unit's id and name added), in one
 * transaction. */
static gboolean
update_unit (MusterStore  *store,
             MusterUnit   *unit,
             const char   *sql,
             const char   *text,
             gint64        number,
             JsonObject   *args,
             GError      **error)
{
  g_autoptr(JsonObject) owned = args;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  gint64 campaign_id = muster_unit_get_campaign_id (unit);

  if (!muster_store_begin (store, error))
    return FALSE;
  stmt = muster_store_prepare (store, sql, error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, muster_unit_get_id (unit));
  if (text != NULL)
    sqlite3_bind_text (stmt, 2, text, -1, SQLITE_TRANSIENT);
  else
    sqlite3_bind_int64 (stmt, 2, number);
  if (!muster_store_exec (store, stmt, _("Could not change the unit"), error))
    goto fail;
  return muster_store_log_and_commit (store, campaign_id, 0, 0, "unit-edited",
                                      unit_args (unit, g_steal_pointer (&owned)),
                                      MUSTER_CHANGE_UNITS | MUSTER_CHANGE_LOG, error);

fail:
  muster_store_rollback (store);
  return FALSE;
}

gboolean
muster_store_rename_unit (MusterStore  *store,
                          gint64        id,
                          const char   *name,
                          GError      **error)
{
  g_autoptr(MusterUnit) unit = NULL;
  g_autofree char *clean = NULL;
  gboolean taken = FALSE;

  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);

  clean = muster_store_check_name (name, error);
  if (clean == NULL)
    return FALSE;
  unit = muster_store_get_unit (store, id, error);
  if (unit == NULL)
    return FALSE;
  if (!name_taken (store, muster_unit_get_force_id (unit), clean, id, error, &taken))
    return FALSE;
  if (taken)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_EXISTS,
                   _("%s already has a unit called “%s”. Choose another name."),
                   muster_unit_get_force_name (unit), clean);
      return FALSE;
    }
  return update_unit (store, unit, "UPDATE unit SET name = ?2 WHERE id = ?1", clean, 0,
                      muster_log_args ("s:field", "name", "s:value", clean, NULL), error);
}

/* The unit with @id and its campaign's ruleset (transfer none), or NULL
 * with @error set. */
static MusterUnit *
get_unit_with_rules (MusterStore     *store,
                     gint64           id,
                     MusterRuleset  **ruleset,
                     GError         **error)
{
  g_autoptr(MusterUnit) unit = muster_store_get_unit (store, id, error);

  if (unit == NULL)
    return NULL;
  *ruleset = muster_store_get_campaign_ruleset (store, muster_unit_get_campaign_id (unit), error);
  if (*ruleset == NULL)
    return NULL;
  return g_steal_pointer (&unit);
}

gboolean
muster_store_set_unit_text (MusterStore  *store,
                            gint64        id,
                            const char   *field,
                            const char   *value,
                            GError      **error)
{
  g_autoptr(MusterUnit) unit = NULL;
  MusterRuleset *ruleset;

  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);
  g_return_val_if_fail (field != NULL, FALSE);

  unit = get_unit_with_rules (store, id, &ruleset, error);
  if (unit == NULL)
    return FALSE;

  if (g_str_equal (field, "kind"))
    {
      const MusterUnitKindDef *kind = check_kind (ruleset, value, error);

      if (kind == NULL || check_rating (ruleset, kind, muster_unit_get_rating (unit), error) == NULL)
        return FALSE;
      return update_unit (store, unit, "UPDATE unit SET kind = ?2 WHERE id = ?1", kind->id, 0,
                          muster_log_args ("s:field", "kind", "s:value", kind->id, NULL), error);
    }
  if (g_str_equal (field, "rating"))
    {
      const MusterUnitKindDef *kind = check_kind (ruleset, muster_unit_get_kind (unit), error);
      const char *rating;

      if (kind == NULL || value == NULL || *value == '\0')
        {
          if (kind != NULL)
            g_set_error_literal (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                                 _("Give the unit a rating."));
          return FALSE;
        }
      rating = check_rating (ruleset, kind, value, error);
      if (rating == NULL)
        return FALSE;
      return update_unit (store, unit, "UPDATE unit SET rating = ?2 WHERE id = ?1", rating, 0,
                          muster_log_args ("s:field", "rating", "s:value", rating, NULL), error);
    }
  if (g_str_equal (field, "status"))
    {
      if (!check_status (value, error))
        return FALSE;
      return update_unit (store, unit, "UPDATE unit SET status = ?2 WHERE id = ?1", value, 0,
                          muster_log_args ("s:field", "status", "s:value", value, NULL), error);
    }
  if (g_str_equal (field, "notes"))
    {
      return update_unit (store, unit, "UPDATE unit SET notes = ?2 WHERE id = ?1",
                          value != NULL ? value : "", 0, muster_log_args ("s:field", "notes", NULL), error);
    }

  g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
               _("A unit has no field “%s”. Use kind, rating, status or notes."), field);
  return FALSE;
}

gboolean
muster_store_set_unit_number (MusterStore  *store,
                              gint64        id,
                              const char   *field,
                              int           value,
                              GError      **error)
{
  g_autoptr(MusterUnit) unit = NULL;
  MusterRuleset *ruleset;
  const char *name;

  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);
  g_return_val_if_fail (field != NULL, FALSE);

  unit = muster_store_get_unit (store, id, error);
  if (unit == NULL)
    return FALSE;
  name = muster_unit_get_name (unit);

  if (g_str_equal (field, "size"))
    {
      const MusterUnitKindDef *kind;

      ruleset = muster_store_get_campaign_ruleset (store, muster_unit_get_campaign_id (unit), error);
      if (ruleset == NULL)
        return FALSE;
      kind = check_kind (ruleset, muster_unit_get_kind (unit), error);
      if (kind == NULL || !check_size (kind, value, error))
        return FALSE;
      if (value < muster_unit_get_lost (unit))
        {
          g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                       _("%s has already lost %d figures: its size cannot be %d."),
                       name, muster_unit_get_lost (unit), value);
          return FALSE;
        }
      return update_unit (store, unit, "UPDATE unit SET size = ?2 WHERE id = ?1", NULL, value,
                          muster_log_args ("s:field", "size", "i:value", value, NULL), error);
    }
  if (g_str_equal (field, "lost"))
    {
      if (!check_lost (name, muster_unit_get_size (unit), value, error))
        return FALSE;
      return update_unit (store, unit, "UPDATE unit SET lost = ?2 WHERE id = ?1", NULL, value,
                          muster_log_args ("s:field", "lost", "i:value", value, NULL), error);
    }
  if (g_str_equal (field, "morale_loss"))
    return update_unit (store, unit, "UPDATE unit SET morale_loss = ?2 WHERE id = ?1", NULL, value,
                        muster_log_args ("s:field", "morale_loss", "i:value", value, NULL), error);

  g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
               _("A unit has no number “%s”. Use size, lost or morale_loss."), field);
  return FALSE;
}

gboolean
muster_store_set_unit_value (MusterStore  *store,
                             gint64        id,
                             const char   *key,
                             int           value,
                             GError      **error)
{
  g_autoptr(MusterUnit) unit = NULL;
  const MusterUnitStatDef *def;
  MusterRuleset *ruleset;

  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);
  g_return_val_if_fail (key != NULL, FALSE);

  unit = get_unit_with_rules (store, id, &ruleset, error);
  if (unit == NULL)
    return FALSE;
  if (!muster_store_check_unit_value (ruleset, key, value, error))
    return FALSE;
  def = muster_ruleset_lookup_unit_stat (ruleset, key);
  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
    gint64 campaign_id = muster_unit_get_campaign_id (unit);

    if (!muster_store_begin (store, error))
      return FALSE;
    stmt = muster_store_prepare (store,
                                 "INSERT INTO unit_stat (unit_id, key, value) VALUES (?, ?, ?) "
                                 "ON CONFLICT (unit_id, key) DO UPDATE SET value = excluded.value",
                                 error);
    if (stmt == NULL)
      goto fail;
    sqlite3_bind_int64 (stmt, 1, id);
    sqlite3_bind_text (stmt, 2, def->key, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int (stmt, 3, value);
    if (!muster_store_exec (store, stmt, _("Could not change the unit"), error))
      goto fail;
    return muster_store_log_and_commit (store, campaign_id, 0, 0, "unit-edited",
                                        unit_args (unit, muster_log_args ("s:field", "value",
                                                                          "s:stat", def->key,
                                                                          "i:value", value, NULL)),
                                        MUSTER_CHANGE_UNITS | MUSTER_CHANGE_LOG, error);
  }

fail:
  muster_store_rollback (store);
  return FALSE;
}

gboolean
muster_store_tx_attach_character (MusterStore  *store,
                                  gint64        character_id,
                                  gint64        unit_id,
                                  GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *update = NULL;
  int rc;

  if (unit_id != 0)
    {
      stmt = muster_store_prepare (store,
                                   "SELECT u.force_id = c.force_id, u.name, c.name FROM unit u, character c "
                                   "WHERE u.id = ? AND c.id = ?",
                                   error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, unit_id);
      sqlite3_bind_int64 (stmt, 2, character_id);
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_DONE)
        {
          g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                       _("There is no unit with id %" PRId64 "."), unit_id);
          return FALSE;
        }
      if (rc != SQLITE_ROW)
        {
          muster_store_set_error (store, error, _("Could not read the unit"));
          return FALSE;
        }
      if (sqlite3_column_int (stmt, 0) == 0)
        {
          g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                       _("%s cannot join %s: the unit belongs to another force."),
                       muster_column_text (stmt, 2), muster_column_text (stmt, 1));
          return FALSE;
        }
    }

  update = muster_store_prepare (store, "UPDATE character SET unit_id = nullif (?, 0) WHERE id = ?", error);
  if (update == NULL)
    return FALSE;
  sqlite3_bind_int64 (update, 1, unit_id);
  sqlite3_bind_int64 (update, 2, character_id);
  return muster_store_exec (store, update, _("Could not attach the character"), error);
}

gboolean
muster_store_attach_character (MusterStore  *store,
                               gint64        character_id,
                               gint64        unit_id,
                               GError      **error)
{
  g_autoptr(MusterCharacter) character = NULL;
  g_autoptr(MusterUnit) unit = NULL;
  gint64 campaign_id;

  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);

  character = muster_store_get_character (store, character_id, error);
  if (character == NULL)
    return FALSE;
  campaign_id = muster_character_get_campaign_id (character);
  if (unit_id != 0)
    {
      unit = muster_store_get_unit (store, unit_id, error);
      if (unit == NULL)
        return FALSE;
    }

  if (!muster_store_begin (store, error))
    return FALSE;
  if (!muster_store_tx_attach_character (store, character_id, unit_id, error))
    {
      muster_store_rollback (store);
      return FALSE;
    }
  return muster_store_log_and_commit (store, campaign_id, 0, character_id, "unit-joined",
                                      muster_log_args ("s:name", muster_character_get_name (character),
                                                       "r:unit_id", unit_id,
                                                       "s:unit", unit != NULL ? muster_unit_get_name (unit) : NULL,
                                                       NULL),
                                      MUSTER_CHANGE_UNITS | MUSTER_CHANGE_CHARACTERS | MUSTER_CHANGE_LOG,
                                      error);
}
