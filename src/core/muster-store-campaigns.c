/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-store"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "muster-campaign.h"
#include "muster-force.h"
#include "muster-nationality.h"
#include "muster-store-private.h"
#include "muster-store.h"

/* Campaigns and forces in the store: listing, finding, creating, renaming
 * and deleting them. */

/* All digits: an id. */
static gboolean
parse_id (const char *text,
          gint64     *id)
{
  guint64 value;

  if (text == NULL || *text == '\0')
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  if (!g_ascii_string_to_unsigned (text, 10, 1, G_MAXINT64, &value, NULL))
    return FALSE;
  *id = (gint64) value;
  return TRUE;
}

/* --- Campaigns ----------------------------------------------------------- */

static GHashTable *
load_options (MusterStore *self,
              gint64       campaign_id)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  GHashTable *options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  stmt = muster_store_prepare (self,
      "SELECT key, value FROM campaign_option WHERE campaign_id = ? ORDER BY key", NULL);
  if (stmt == NULL)
    return options;
  sqlite3_bind_int64 (stmt, 1, campaign_id);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_hash_table_insert (options,
                         g_strdup ((const char *) sqlite3_column_text (stmt, 0)),
                         g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
  return options;
}

#define CAMPAIGN_COLUMNS \
  "SELECT id, name, ruleset_id, ruleset_version, ruleset_xml, seed, created FROM campaign"

static GPtrArray *
query_campaigns (MusterStore  *self,
                 const char   *sql,
                 gint64        id,
                 const char   *name,
                 GError      **error)
{
  g_autoptr(GPtrArray) result = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (self, sql, error);
  if (stmt == NULL)
    return NULL;
  if (name != NULL)
    sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  else if (id > 0)
    sqlite3_bind_int64 (stmt, 1, id);

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 cid = sqlite3_column_int64 (stmt, 0);

      g_array_append_val (ids, cid);
      g_ptr_array_add (result, muster_campaign_new (cid,
          (const char *) sqlite3_column_text (stmt, 1),
          (const char *) sqlite3_column_text (stmt, 2),
          (const char *) sqlite3_column_text (stmt, 3),
          (const char *) sqlite3_column_text (stmt, 4),
          (guint64) sqlite3_column_int64 (stmt, 5),
          (const char *) sqlite3_column_text (stmt, 6),
          NULL));
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (self, error, _("Could not read the campaigns"));
      return NULL;
    }

  /* Options are read after the rows, so no two statements step at once. */
  for (guint i = 0; i < result->len; i++)
    {
      g_autoptr(GHashTable) options = load_options (self, g_array_index (ids, gint64, i));
      GHashTable *target = muster_campaign_get_options (g_ptr_array_index (result, i));
      GHashTableIter iter;
      gpointer key, value;

      g_hash_table_iter_init (&iter, options);
      while (g_hash_table_iter_next (&iter, &key, &value))
        g_hash_table_insert (target, g_strdup (key), g_strdup (value));
    }
  return g_steal_pointer (&result);
}

/**
 * muster_store_list_campaigns:
 * @self: a library
 * @error: return location for a #GError, or %NULL
 *
 * Lists the library’s campaigns, sorted by name.
 *
 * Returns: (transfer full) (element-type MusterCampaign): a new array of
 *   #MusterCampaign, or %NULL with @error set
 */
GPtrArray *
muster_store_list_campaigns (MusterStore  *self,
                             GError      **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  return query_campaigns (self, CAMPAIGN_COLUMNS " ORDER BY name COLLATE NOCASE, id",
                          0, NULL, error);
}

/**
 * muster_store_get_campaign:
 * @self: a library
 * @id: the row’s id
 * @error: return location for a #GError, or %NULL
 *
 * Reads one campaign.
 *
 * Returns: (transfer full): a new #MusterCampaign, or %NULL with @error
 *   set
 */
MusterCampaign *
muster_store_get_campaign (MusterStore  *self,
                           gint64        id,
                           GError      **error)
{
  g_autoptr(GPtrArray) found = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);

  found = query_campaigns (self, CAMPAIGN_COLUMNS " WHERE id = ?", id, NULL, error);
  return muster_store_first_found (found, error, _("There is no campaign with id %" PRId64 "."), id);
}

MusterCampaign *
muster_store_find_campaign (MusterStore  *self,
                            const char   *id_or_name,
                            GError      **error)
{
  g_autoptr(GPtrArray) found = NULL;
  gint64 id;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  g_return_val_if_fail (id_or_name != NULL, NULL);

  if (parse_id (id_or_name, &id))
    return muster_store_get_campaign (self, id, error);

  found = query_campaigns (self, CAMPAIGN_COLUMNS " WHERE name = ?", 0, id_or_name, error);
  return muster_store_first_found (found, error, _("There is no campaign named “%s”."), id_or_name);
}

static gboolean
campaign_name_taken (MusterStore *self,
                     const char  *name,
                     gint64       except_id)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt =
    muster_store_prepare (self, "SELECT 1 FROM campaign WHERE name = ? AND id != ?", NULL);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, except_id);
  return sqlite3_step (stmt) == SQLITE_ROW;
}

/* Every option of @ruleset, the caller's choice or the default; NULL with
 * @error when the caller named an option or choice the ruleset lacks. */
static GHashTable *
resolve_options (MusterRuleset  *ruleset,
                 GHashTable     *given,
                 GError        **error)
{
  g_autoptr(GHashTable) result = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GPtrArray *options = muster_ruleset_get_options (ruleset);

  if (given != NULL)
    {
      GHashTableIter iter;
      gpointer key, value;

      g_hash_table_iter_init (&iter, given);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          const MusterOptionDef *option = muster_ruleset_lookup_option (ruleset, key);
          gboolean known = FALSE;
          g_autoptr(GString) valid = g_string_new (NULL);

          if (option == NULL)
            {
              for (guint i = 0; options != NULL && i < options->len; i++)
                {
                  const MusterOptionDef *o = g_ptr_array_index (options, i);
                  g_string_append_printf (valid, "%s%s", valid->len ? ", " : "", o->id);
                }
              g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                           _("%s has no option “%s”. Its options are: %s."),
                           muster_ruleset_get_title (ruleset), (const char *) key,
                           valid->len ? valid->str : _("none"));
              return NULL;
            }
          for (guint i = 0; i < option->choices->len; i++)
            {
              const MusterChoiceDef *choice = g_ptr_array_index (option->choices, i);

              g_string_append_printf (valid, "%s%s", valid->len ? ", " : "", choice->id);
              if (g_strcmp0 (choice->id, value) == 0)
                known = TRUE;
            }
          if (!known)
            {
              g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                           _("The option “%s” has no choice “%s”. Choose one of: %s."),
                           (const char *) key, (const char *) value, valid->str);
              return NULL;
            }
          g_hash_table_insert (result, g_strdup (key), g_strdup (value));
        }
    }

  for (guint i = 0; options != NULL && i < options->len; i++)
    {
      const MusterOptionDef *option = g_ptr_array_index (options, i);

      if (!g_hash_table_contains (result, option->id))
        g_hash_table_insert (result, g_strdup (option->id), g_strdup (option->default_choice));
    }
  return g_steal_pointer (&result);
}

gint64
muster_store_tx_create_campaign (MusterStore    *self,
                                 const char     *name,
                                 MusterRuleset  *ruleset,
                                 guint64         seed,
                                 GHashTable     *options,
                                 GError        **error)
{
  g_autofree char *clean = NULL;
  g_autofree char *now = NULL;
  g_autoptr(GHashTable) chosen = NULL;
  GHashTableIter iter;
  gpointer key, value;
  gint64 id;

  g_return_val_if_fail (MUSTER_IS_STORE (self), 0);
  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), 0);

  clean = muster_store_check_name (name, error);
  if (clean == NULL)
    return 0;
  if (campaign_name_taken (self, clean, 0))
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_EXISTS,
                   _("There is already a campaign named “%s”. Choose another name."),
                   clean);
      return 0;
    }
  chosen = resolve_options (ruleset, options, error);
  if (chosen == NULL)
    return 0;

  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (self,
        "INSERT INTO campaign (name, ruleset_id, ruleset_version, ruleset_xml, seed, created)"
        " VALUES (?, ?, ?, ?, ?, ?)", error);

    if (stmt == NULL)
      return 0;
    now = muster_store_now ();
    sqlite3_bind_text (stmt, 1, clean, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text (stmt, 2, muster_ruleset_get_id (ruleset), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text (stmt, 3, muster_ruleset_get_version (ruleset), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text (stmt, 4, muster_ruleset_get_xml (ruleset), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64 (stmt, 5, (sqlite3_int64) seed);
    sqlite3_bind_text (stmt, 6, now, -1, SQLITE_TRANSIENT);
    if (sqlite3_step (stmt) != SQLITE_DONE)
      {
        muster_store_set_error (self, error, _("Could not create the campaign"));
        return 0;
      }
    id = sqlite3_last_insert_rowid (muster_store_get_db (self));
  }
  if (!muster_store_exec_id (self, "INSERT INTO recruit_counter (campaign_id) VALUES (?)", id,
                             _("Could not create the campaign"), error))
    return 0;

  g_hash_table_iter_init (&iter, chosen);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (self,
          "INSERT INTO campaign_option (campaign_id, key, value) VALUES (?, ?, ?)", error);

      if (stmt == NULL)
        return 0;
      sqlite3_bind_int64 (stmt, 1, id);
      sqlite3_bind_text (stmt, 2, key, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (stmt, 3, value, -1, SQLITE_TRANSIENT);
      if (sqlite3_step (stmt) != SQLITE_DONE)
        {
          muster_store_set_error (self, error, _("Could not store the campaign's options"));
          return 0;
        }
    }

  if (muster_store_insert_log (self, id, 0, 0, 0, 0, "campaign-created",
                               muster_log_args ("s:name", clean,
                                                "s:ruleset", muster_ruleset_get_id (ruleset),
                                                "s:version", muster_ruleset_get_version (ruleset),
                                                NULL),
                               error) == 0)
    return 0;
  return id;
}

/**
 * muster_store_create_campaign:
 *
 * Creates a campaign that keeps its own copy of @ruleset and every option
 * (the defaults filled in).
 *
 * Returns: the new campaign's id, or 0 with @error set.
 */
gint64
muster_store_create_campaign (MusterStore    *self,
                              const char     *name,
                              MusterRuleset  *ruleset,
                              guint64         seed,
                              GHashTable     *options,
                              GError        **error)
{
  gint64 id;

  g_return_val_if_fail (MUSTER_IS_STORE (self), 0);
  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  if (!muster_store_begin (self, error))
    return 0;
  id = muster_store_tx_create_campaign (self, name, ruleset, seed, options, error);
  return muster_store_commit_created (self, id, MUSTER_CHANGE_CAMPAIGNS | MUSTER_CHANGE_LOG, id, error);
}

gboolean
muster_store_rename_campaign (MusterStore  *self,
                              gint64        id,
                              const char   *name,
                              GError      **error)
{
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autofree char *clean = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  clean = muster_store_check_name (name, error);
  if (clean == NULL)
    return FALSE;
  campaign = muster_store_get_campaign (self, id, error);
  if (campaign == NULL)
    return FALSE;
  if (g_strcmp0 (muster_campaign_get_name (campaign), clean) == 0)
    return TRUE;
  if (campaign_name_taken (self, clean, id))
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_EXISTS,
                   _("There is already a campaign named “%s”. Choose another name."),
                   clean);
      return FALSE;
    }

  if (!muster_store_begin (self, error))
    return FALSE;
  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt =
      muster_store_prepare (self, "UPDATE campaign SET name = ? WHERE id = ?", error);

    if (stmt == NULL)
      goto fail;
    sqlite3_bind_text (stmt, 1, clean, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64 (stmt, 2, id);
    if (sqlite3_step (stmt) != SQLITE_DONE)
      {
        muster_store_set_error (self, error, _("Could not rename the campaign"));
        goto fail;
      }
  }
  return muster_store_log_and_commit (self, id, 0, 0, "campaign-renamed",
                                      muster_log_args ("s:old", muster_campaign_get_name (campaign),
                                                       "s:new", clean, NULL),
                                      MUSTER_CHANGE_CAMPAIGNS | MUSTER_CHANGE_LOG, error);

fail:
  muster_store_rollback (self);
  return FALSE;
}

/**
 * muster_store_count_campaign:
 * @out_games: (out): its games, planned, played or resolved
 * @out_characters: (out): its characters, whatever became of them
 *
 * How much of a campaign's history deleting it takes with it.
 */
gboolean
muster_store_count_campaign (MusterStore  *self,
                             gint64        id,
                             guint        *out_games,
                             guint        *out_characters,
                             GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  stmt = muster_store_prepare (self,
                               "SELECT (SELECT count(*) FROM game WHERE campaign_id = ?1),"
                               " (SELECT count(*) FROM character WHERE campaign_id = ?1)",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      muster_store_set_error (self, error, _("Could not count the campaign’s games and characters"));
      return FALSE;
    }
  *out_games = (guint) sqlite3_column_int64 (stmt, 0);
  *out_characters = (guint) sqlite3_column_int64 (stmt, 1);
  return TRUE;
}

gboolean
muster_store_delete_campaign (MusterStore  *self,
                              gint64        id,
                              GError      **error)
{
  g_autoptr(MusterCampaign) campaign = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  campaign = muster_store_get_campaign (self, id, error);
  if (campaign == NULL)
    return FALSE;

  /* The campaign takes its log with it: nothing is left to write to.
   * The kills go first: they keep their killers and victims from being
   * deleted on their own. */
  if (!muster_store_begin (self, error))
    return FALSE;
  if (!muster_store_exec_id (self, "DELETE FROM kill WHERE game_id IN (SELECT id FROM game WHERE campaign_id = ?)",
                             id, _("Could not delete the campaign"), error) ||
      !muster_store_exec_id (self, "DELETE FROM campaign WHERE id = ?", id,
                             _("Could not delete the campaign"), error))
    goto fail;
  if (!muster_store_commit (self, error))
    goto fail;
  muster_store_forget_campaign_ruleset (self, id);
  muster_store_emit_changed (self, MUSTER_CHANGE_ALL, id);
  return TRUE;

fail:
  muster_store_rollback (self);
  return FALSE;
}

/* --- Forces -------------------------------------------------------------- */

#define FORCE_COLUMNS \
  "SELECT f.id, f.campaign_id, f.name, f.side, f.nationality," \
  " (SELECT count(*) FROM character c WHERE c.force_id = f.id) FROM force f"

static GPtrArray *
query_forces (MusterStore  *self,
              const char   *sql,
              gint64        id,
              const char   *name,
              GError      **error)
{
  g_autoptr(GPtrArray) result = g_ptr_array_new_with_free_func (g_object_unref);
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (self, sql, error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  if (name != NULL)
    sqlite3_bind_text (stmt, 2, name, -1, SQLITE_TRANSIENT);

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (result, muster_force_new (sqlite3_column_int64 (stmt, 0),
                                               sqlite3_column_int64 (stmt, 1),
                                               (const char *) sqlite3_column_text (stmt, 2),
                                               (const char *) sqlite3_column_text (stmt, 3),
                                               (const char *) sqlite3_column_text (stmt, 4),
                                               (guint) sqlite3_column_int (stmt, 5)));
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (self, error, _("Could not read the forces"));
      return NULL;
    }
  return g_steal_pointer (&result);
}

/**
 * muster_store_list_forces:
 * @self: a library
 * @campaign_id: the campaign’s id
 * @error: return location for a #GError, or %NULL
 *
 * Lists a campaign’s forces, sorted by name.
 *
 * Returns: (transfer full) (element-type MusterForce): a new array of
 *   #MusterForce, or %NULL with @error set
 */
GPtrArray *
muster_store_list_forces (MusterStore  *self,
                          gint64        campaign_id,
                          GError      **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  return query_forces (self, FORCE_COLUMNS " WHERE f.campaign_id = ?"
                       " ORDER BY f.name COLLATE NOCASE, f.id",
                       campaign_id, NULL, error);
}

/**
 * muster_store_get_force:
 * @self: a library
 * @id: the row’s id
 * @error: return location for a #GError, or %NULL
 *
 * Reads one force.
 *
 * Returns: (transfer full): a new #MusterForce, or %NULL with @error set
 */
MusterForce *
muster_store_get_force (MusterStore  *self,
                        gint64        id,
                        GError      **error)
{
  g_autoptr(GPtrArray) found = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);

  found = query_forces (self, FORCE_COLUMNS " WHERE f.id = ?", id, NULL, error);
  return muster_store_first_found (found, error, _("There is no force with id %" PRId64 "."), id);
}

MusterForce *
muster_store_find_force (MusterStore  *self,
                         gint64        campaign_id,
                         const char   *id_or_name,
                         GError      **error)
{
  g_autoptr(GPtrArray) found = NULL;
  gint64 id;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  g_return_val_if_fail (id_or_name != NULL, NULL);

  if (parse_id (id_or_name, &id))
    {
      found = query_forces (self, FORCE_COLUMNS " WHERE f.id = ?", id, NULL, error);
      /* A force of another campaign is not found in this one. */
      if (found != NULL && found->len > 0 &&
          muster_force_get_campaign_id (g_ptr_array_index (found, 0)) != campaign_id)
        g_ptr_array_set_size (found, 0);
      return muster_store_first_found (found, error,
                                       _("There is no force with id %" PRId64 " in this campaign."),
                                       id);
    }

  found = query_forces (self, FORCE_COLUMNS " WHERE f.campaign_id = ? AND f.name = ?",
                        campaign_id, id_or_name, error);
  return muster_store_first_found (found, error, _("There is no force named “%s” in this campaign."),
                                   id_or_name);
}

static gboolean
force_name_taken (MusterStore *self,
                  gint64       campaign_id,
                  const char  *name,
                  gint64       except_id)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (self,
      "SELECT 1 FROM force WHERE campaign_id = ? AND name = ? AND id != ?", NULL);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, campaign_id);
  sqlite3_bind_text (stmt, 2, name, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 3, except_id);
  return sqlite3_step (stmt) == SQLITE_ROW;
}

/* NULL or blank: the force is its own side. */
static char *
clean_side (const char *side)
{
  g_autofree char *clean = g_strstrip (g_strdup (side != NULL ? side : ""));

  return *clean != '\0' ? g_steal_pointer (&clean) : NULL;
}

gint64
muster_store_tx_create_force (MusterStore  *self,
                              gint64        campaign_id,
                              const char   *name,
                              const char   *side,
                              const char   *nationality,
                              GError      **error)
{
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autofree char *clean = NULL;
  g_autofree char *clean_s = NULL;
  gint64 id;

  g_return_val_if_fail (MUSTER_IS_STORE (self), 0);

  clean = muster_store_check_name (name, error);
  if (clean == NULL)
    return 0;
  campaign = muster_store_get_campaign (self, campaign_id, error);
  if (campaign == NULL)
    return 0;
  if (force_name_taken (self, campaign_id, clean, 0))
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_EXISTS,
                   _("Campaign “%s” already has a force named “%s”. Choose another name."),
                   muster_campaign_get_name (campaign), clean);
      return 0;
    }
  clean_s = clean_side (side);
  if (nationality == NULL)
    nationality = muster_nationality_guess (clean_s, clean);
  else if (!muster_nationality_check (nationality, error))
    return 0;

  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (self,
        "INSERT INTO force (campaign_id, name, side, nationality) VALUES (?, ?, ?, ?)", error);

    if (stmt == NULL)
      return 0;
    sqlite3_bind_int64 (stmt, 1, campaign_id);
    sqlite3_bind_text (stmt, 2, clean, -1, SQLITE_TRANSIENT);
    if (clean_s != NULL)
      sqlite3_bind_text (stmt, 3, clean_s, -1, SQLITE_TRANSIENT);
    else
      sqlite3_bind_null (stmt, 3);
    sqlite3_bind_text (stmt, 4, nationality, -1, SQLITE_STATIC);
    if (sqlite3_step (stmt) != SQLITE_DONE)
      {
        muster_store_set_error (self, error, _("Could not create the force"));
        return 0;
      }
    id = sqlite3_last_insert_rowid (muster_store_get_db (self));
  }

  if (muster_store_insert_log (self, campaign_id, 0, 0, 0, 0, "force-created",
                               muster_log_args ("r:force_id", id, "s:name", clean, "s:side", clean_s, NULL),
                               error) == 0)
    return 0;
  return id;
}

/**
 * muster_store_create_force:
 * @side: (nullable): the side it fights for; %NULL: a side of its own
 *
 * Creates a force whose nationality is the one its side suggests
 * (muster_nationality_guess()).
 *
 * Returns: the new force's id, or 0 with @error set.
 */
gint64
muster_store_create_force (MusterStore  *self,
                           gint64        campaign_id,
                           const char   *name,
                           const char   *side,
                           GError      **error)
{
  return muster_store_create_force_full (self, campaign_id, name, side, NULL, error);
}

/**
 * muster_store_create_force_full:
 * @side: (nullable): the side it fights for; %NULL: a side of its own
 * @nationality: (nullable): whose names its recruits take; %NULL: the
 *   one its side suggests
 *
 * Returns: the new force's id, or 0 with @error set (an unknown
 * nationality is MUSTER_STORE_ERROR_INVALID).
 */
gint64
muster_store_create_force_full (MusterStore  *self,
                                gint64        campaign_id,
                                const char   *name,
                                const char   *side,
                                const char   *nationality,
                                GError      **error)
{
  gint64 id;

  g_return_val_if_fail (MUSTER_IS_STORE (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  if (!muster_store_begin (self, error))
    return 0;
  id = muster_store_tx_create_force (self, campaign_id, name, side, nationality, error);
  return muster_store_commit_created (self, id, MUSTER_CHANGE_FORCES | MUSTER_CHANGE_LOG, campaign_id,
                                      error);
}

/* Runs @sql (binding @text, or NULL, then @id) and logs @args (taken),
 * in one transaction. */
static gboolean
update_force (MusterStore  *self,
              MusterForce  *force,
              const char   *sql,
              const char   *text,
              const char   *kind,
              JsonObject   *args,
              GError      **error)
{
  g_autoptr(JsonObject) owned = args;
  gint64 campaign_id = muster_force_get_campaign_id (force);

  if (!muster_store_begin (self, error))
    return FALSE;
  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (self, sql, error);

    if (stmt == NULL)
      goto fail;
    if (text != NULL)
      sqlite3_bind_text (stmt, 1, text, -1, SQLITE_TRANSIENT);
    else
      sqlite3_bind_null (stmt, 1);
    sqlite3_bind_int64 (stmt, 2, muster_force_get_id (force));
    if (sqlite3_step (stmt) != SQLITE_DONE)
      {
        muster_store_set_error (self, error, _("Could not change the force"));
        goto fail;
      }
  }
  /* Characters show their force's name and side. */
  json_object_set_int_member (args, "force_id", muster_force_get_id (force));
  return muster_store_log_and_commit (self, campaign_id, 0, 0, kind, g_steal_pointer (&owned),
                                      MUSTER_CHANGE_FORCES | MUSTER_CHANGE_CHARACTERS | MUSTER_CHANGE_LOG,
                                      error);

fail:
  muster_store_rollback (self);
  return FALSE;
}

gboolean
muster_store_rename_force (MusterStore  *self,
                           gint64        id,
                           const char   *name,
                           GError      **error)
{
  g_autoptr(MusterForce) force = NULL;
  g_autofree char *clean = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  clean = muster_store_check_name (name, error);
  if (clean == NULL)
    return FALSE;
  force = muster_store_get_force (self, id, error);
  if (force == NULL)
    return FALSE;
  if (g_strcmp0 (muster_force_get_name (force), clean) == 0)
    return TRUE;
  if (force_name_taken (self, muster_force_get_campaign_id (force), clean, id))
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_EXISTS,
                   _("There is already a force named “%s” in this campaign. Choose another name."),
                   clean);
      return FALSE;
    }
  return update_force (self, force, "UPDATE force SET name = ? WHERE id = ?", clean, "force-renamed",
                       muster_log_args ("s:old", muster_force_get_name (force), "s:new", clean, NULL),
                       error);
}

gboolean
muster_store_set_force_side (MusterStore  *self,
                             gint64        id,
                             const char   *side,
                             GError      **error)
{
  g_autoptr(MusterForce) force = NULL;
  g_autofree char *clean = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  force = muster_store_get_force (self, id, error);
  if (force == NULL)
    return FALSE;
  clean = clean_side (side);
  if (g_strcmp0 (muster_force_get_side (force), clean) == 0)
    return TRUE;
  return update_force (self, force, "UPDATE force SET side = ? WHERE id = ?", clean, "force-side",
                       muster_log_args ("s:name", muster_force_get_name (force), "s:side", clean, NULL),
                       error);
}

gboolean
muster_store_set_force_nationality (MusterStore  *self,
                                    gint64        id,
                                    const char   *nationality,
                                    GError      **error)
{
  g_autoptr(MusterForce) force = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  if (!muster_nationality_check (nationality, error))
    return FALSE;
  force = muster_store_get_force (self, id, error);
  if (force == NULL)
    return FALSE;
  if (g_strcmp0 (muster_force_get_nationality (force), nationality) == 0)
    return TRUE;
  return update_force (self, force, "UPDATE force SET nationality = ? WHERE id = ?", nationality,
                       "force-nationality",
                       muster_log_args ("s:name", muster_force_get_name (force),
                                        "s:nationality", nationality, NULL),
                       error);
}
