/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-store"

/* Taking newer rules into a campaign, and undoing it. The copy a campaign
 * replaces, with its version and options, is kept in rules_update (and
 * rules_update_option) with the log entry that records the change, so
 * that a window's Undo and `muster-cli undo-update-rules` put back the
 * same thing; undoing deletes the record and the entry, leaving the
 * library as it was. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "muster-campaign.h"
#include "muster-rules-update-private.h"
#include "muster-store-private.h"
#include "muster-unit.h"

/* --- What the campaign holds that the rules must too ------------------------ */

/* Adds the message of @error (consumed) to @blockers. */
static void
add_blocker_error (GPtrArray *blockers,
                   GError    *error)
{
  g_ptr_array_add (blockers, g_strdup (error->message));
  g_error_free (error);
}

static gboolean
step_failed (MusterStore  *store,
             int           rc,
             GError      **error)
{
  if (rc == SQLITE_DONE)
    return FALSE;
  muster_store_set_error (store, error, _("Could not read the campaign"));
  return TRUE;
}

/* Prepares @sql with @campaign_id bound to its first parameter. */
static sqlite3_stmt *
prepare_for_campaign (MusterStore  *store,
                      const char   *sql,
                      gint64        campaign_id,
                      GError      **error)
{
  sqlite3_stmt *stmt = muster_store_prepare (store, sql, error);

  if (stmt != NULL)
    sqlite3_bind_int64 (stmt, 1, campaign_id);
  return stmt;
}

static gboolean
check_characters (MusterStore    *store,
                  gint64          campaign_id,
                  MusterRuleset  *rules,
                  GPtrArray      *blockers,
                  GError        **error)
{
  const char *title = muster_ruleset_get_title (rules);
  const char *version = muster_ruleset_get_version (rules);
  int rc;

  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = prepare_for_campaign (store,
        "SELECT name, troop_type, weapon FROM character WHERE campaign_id = ?1 ORDER BY id", campaign_id, error);

    if (stmt == NULL)
      return FALSE;
    while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
      {
        const char *name = muster_column_text (stmt, 0);
        const char *type = muster_column_text (stmt, 1);
        const char *weapon = muster_column_text (stmt, 2);

        if (muster_ruleset_lookup_troop_type (rules, type) == NULL)
          g_ptr_array_add (blockers, g_strdup_printf (
              /* Translators: a character, a troop type id, a version and the rules' title */
              _("%s is of the troop type “%s”, which version %s of %s does not have."),
              name, type, version, title));
        if (weapon != NULL && *weapon != '\0' && muster_ruleset_lookup_weapon (rules, weapon) == NULL)
          g_ptr_array_add (blockers, g_strdup_printf (
              _("%s carries the weapon “%s”, which version %s of %s does not have."),
              name, weapon, version, title));
      }
    if (step_failed (store, rc, error))
      return FALSE;
  }

  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = prepare_for_campaign (store,
        "SELECT c.name, s.key, s.value FROM stat s JOIN character c ON c.id = s.character_id"
        " WHERE c.campaign_id = ?1 ORDER BY c.id, s.key", campaign_id, error);

    if (stmt == NULL)
      return FALSE;
    while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
      {
        const char *name = muster_column_text (stmt, 0);
        const char *key = muster_column_text (stmt, 1);
        GError *check_error = NULL;

        if (muster_ruleset_lookup_stat (rules, key) == NULL)
          g_ptr_array_add (blockers, g_strdup_printf (
              _("%s has the characteristic “%s”, which version %s of %s does not have."),
              name, key, version, title));
        else if (!muster_store_check_stat (rules, name, key, sqlite3_column_int (stmt, 2),
                                           &check_error))
          add_blocker_error (blockers, check_error);
      }
    if (step_failed (store, rc, error))
      return FALSE;
  }
  return TRUE;
}

static gboolean
check_units (MusterStore    *store,
             gint64          campaign_id,
             MusterRuleset  *rules,
             GPtrArray      *blockers,
             GError        **error)
{
  const char *title = muster_ruleset_get_title (rules);
  const char *version = muster_ruleset_get_version (rules);
  int rc;

  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = prepare_for_campaign (store,
        "SELECT u.name, u.kind, u.troop_type, u.rating, u.size, u.lost, u.status"
        " FROM unit u JOIN force f ON f.id = u.force_id WHERE f.campaign_id = ?1 ORDER BY u.id", campaign_id, error);

    if (stmt == NULL)
      return FALSE;
    while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
      {
        MusterUnitRow row = { 0, };
        const char *type = muster_column_text (stmt, 2);
        GError *check_error = NULL;

        row.name = muster_column_text (stmt, 0);
        row.kind = muster_column_text (stmt, 1);
        row.rating = muster_column_text (stmt, 3);
        row.size = sqlite3_column_int (stmt, 4);
        row.lost = sqlite3_column_int (stmt, 5);
        row.status = muster_column_text (stmt, 6);

        if (muster_ruleset_lookup_unit_kind (rules, row.kind) == NULL)
          g_ptr_array_add (blockers, g_strdup_printf (
              /* Translators: a unit, a kind of unit id, a version and the rules' title */
              _("%s is a unit of the kind “%s”, which version %s of %s does not have."),
              row.name, row.kind, version, title));
        else if (row.rating != NULL && *row.rating != '\0' &&
                 muster_ruleset_lookup_rating (rules, row.rating) == NULL)
          g_ptr_array_add (blockers, g_strdup_printf (
              _("%s has the rating “%s”, which version %s of %s does not have."),
              row.name, row.rating, version, title));
        else if (!muster_store_check_unit (rules, &row, &check_error))
          {
            /* Translators: a unit, then what in it the rules cannot hold */
            g_ptr_array_add (blockers, g_strdup_printf (_("%s: %s"), row.name, check_error->message));
            g_error_free (check_error);
          }
        if (type != NULL && *type != '\0' && muster_ruleset_lookup_troop_type (rules, type) == NULL)
          g_ptr_array_add (blockers, g_strdup_printf (
              _("%s is of the troop type “%s”, which version %s of %s does not have."),
              row.name, type, version, title));
      }
    if (step_failed (store, rc, error))
      return FALSE;
  }

  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = prepare_for_campaign (store,
        "SELECT u.name, s.key, s.value FROM unit_stat s JOIN unit u ON u.id = s.unit_id"
        " JOIN force f ON f.id = u.force_id WHERE f.campaign_id = ?1 ORDER BY u.id, s.key", campaign_id, error);

    if (stmt == NULL)
      return FALSE;
    while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
      {
        g_autoptr(GError) check_error = NULL;

        if (!muster_store_check_unit_value (rules, muster_column_text (stmt, 1),
                                            sqlite3_column_int (stmt, 2), &check_error))
          g_ptr_array_add (blockers, g_strdup_printf (
              /* Translators: a unit, then what in it the rules cannot hold */
              _("%s: %s"), muster_column_text (stmt, 0), check_error->message));
      }
    if (step_failed (store, rc, error))
      return FALSE;
  }
  return TRUE;
}

/* Results recorded in games: outcomes the rules know, and for games not
 * yet resolved, results the rules can resolve. */
static gboolean
check_games (MusterStore    *store,
             gint64          campaign_id,
             MusterRuleset  *rules,
             GPtrArray      *blockers,
             GError        **error)
{
  const char *title = muster_ruleset_get_title (rules);
  const char *version = muster_ruleset_get_version (rules);
  int rc;

  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = prepare_for_campaign (store,
        "SELECT c.name, g.number, g.state, p.outcome, p.light_wounds, p.serious_wounds, p.killed_unnamed"
        " FROM participation p JOIN game g ON g.id = p.game_id JOIN character c ON c.id = p.character_id"
        " WHERE g.campaign_id = ?1 AND p.outcome IS NOT NULL ORDER BY g.number, c.id", campaign_id, error);

    if (stmt == NULL)
      return FALSE;
    while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
      {
        const char *name = muster_column_text (stmt, 0);
        const char *outcome_id = muster_column_text (stmt, 3);
        const MusterOutcomeDef *outcome = muster_ruleset_lookup_outcome (rules, outcome_id);
        GError *check_error = NULL;

        if (outcome == NULL)
          g_ptr_array_add (blockers, g_strdup_printf (
              /* Translators: a character, a game number, an outcome id, a
               * version and the rules' title */
              _("%s came out of game %d “%s”, an outcome version %s of %s does not have."),
              name, sqlite3_column_int (stmt, 1), outcome_id, version, title));
        else if (g_strcmp0 (muster_column_text (stmt, 2), "resolved") != 0 &&
                 !muster_store_check_result (outcome, name, sqlite3_column_int (stmt, 4),
                                             sqlite3_column_int (stmt, 5), sqlite3_column_int (stmt, 6),
                                             &check_error))
          add_blocker_error (blockers, check_error);
      }
    if (step_failed (store, rc, error))
      return FALSE;
  }

  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = prepare_for_campaign (store,
        "SELECT u.name, p.figures, p.killed, p.wounded, p.captured, p.run, p.colours"
        " FROM unit_participation p JOIN game g ON g.id = p.game_id JOIN unit u ON u.id = p.unit_id"
        " WHERE g.campaign_id = ?1 AND g.state != 'resolved' AND p.recorded != 0"
        " ORDER BY g.number, u.id", campaign_id, error);

    if (stmt == NULL)
      return FALSE;
    while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
      {
        MusterUnitResult result = { 0, };
        GError *check_error = NULL;

        result.killed = sqlite3_column_int (stmt, 2);
        result.wounded = sqlite3_column_int (stmt, 3);
        result.captured = sqlite3_column_int (stmt, 4);
        result.run = sqlite3_column_int (stmt, 5);
        result.colours = muster_column_text (stmt, 6);
        if (!muster_store_check_unit_result (rules, muster_column_text (stmt, 0),
                                             sqlite3_column_int (stmt, 1), &result, &check_error))
          add_blocker_error (blockers, check_error);
      }
    if (step_failed (store, rc, error))
      return FALSE;
  }
  return TRUE;
}

static gboolean
has_units (MusterStore  *store,
           gint64        campaign_id,
           gboolean     *out,
           GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = prepare_for_campaign (store,
      "SELECT 1 FROM unit u JOIN force f ON f.id = u.force_id WHERE f.campaign_id = ?1 LIMIT 1", campaign_id, error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  rc = sqlite3_step (stmt);
  *out = rc == SQLITE_ROW;
  return rc == SQLITE_ROW || !step_failed (store, rc, error);
}

/**
 * muster_store_check_campaign_rules:
 * @current: (nullable): the rules the campaign plays now, when they load
 * @rules: the rules it would play
 * @blockers: (element-type utf8): where a sentence is added for everything
 *   the campaign holds that @rules cannot
 *
 * Returns: %FALSE with @error set when the library could not be read.
 */
gboolean
muster_store_check_campaign_rules (MusterStore    *store,
                                   gint64          campaign_id,
                                   MusterRuleset  *current,
                                   MusterRuleset  *rules,
                                   GPtrArray      *blockers,
                                   GError        **error)
{
  MusterKeptBy kept_by = muster_ruleset_get_kept_by (rules);
  gboolean units = FALSE;

  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);
  g_return_val_if_fail (MUSTER_IS_RULESET (rules), FALSE);

  if (!has_units (store, campaign_id, &units, error))
    return FALSE;
  if ((current != NULL && muster_ruleset_get_kept_by (current) != kept_by) ||
      (units && kept_by == MUSTER_KEPT_BY_FIGURE))
    g_ptr_array_add (blockers, g_strdup_printf (kept_by == MUSTER_KEPT_BY_UNIT
        ? _("Version %s of %s keeps campaigns by unit; this campaign is kept figure by figure.")
        : _("Version %s of %s keeps campaigns figure by figure; this campaign is kept by unit."),
        muster_ruleset_get_version (rules), muster_ruleset_get_title (rules)));

  return check_characters (store, campaign_id, rules, blockers, error) &&
         check_units (store, campaign_id, rules, blockers, error) &&
         check_games (store, campaign_id, rules, blockers, error);
}

/* An error listing @blockers under @heading, one a line. */
static void
set_blocked_error (GError     **error,
                   const char  *heading,
                   GPtrArray   *blockers)
{
  g_autoptr(GString) message = g_string_new (heading);

  for (guint i = 0; i < blockers->len; i++)
    g_string_append_printf (message, "\n• %s", (const char *) g_ptr_array_index (blockers, i));
  g_set_error_literal (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID, message->str);
}

/* --- Reading and writing the kept copy ---------------------------------------- */

static gboolean
read_rules (MusterStore  *store,
            gint64        campaign_id,
            char        **version,
            char        **xml,
            GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = prepare_for_campaign (store,
      "SELECT ruleset_version, ruleset_xml FROM campaign WHERE id = ?", campaign_id, error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      *version = g_strdup (muster_column_text (stmt, 0));
      *xml = g_strdup (muster_column_text (stmt, 1));
      return TRUE;
    }
  if (rc == SQLITE_DONE)
    g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                 _("There is no campaign with id %" PRId64 "."), campaign_id);
  else
    muster_store_set_error (store, error, _("Could not read the campaign"));
  return FALSE;
}

char *
muster_store_get_campaign_ruleset_xml (MusterStore  *store,
                                       gint64        campaign_id,
                                       GError      **error)
{
  g_autofree char *version = NULL;
  char *xml = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  if (!read_rules (store, campaign_id, &version, &xml, error))
    return NULL;
  return xml;
}

static gboolean
write_rules (MusterStore  *store,
             gint64        campaign_id,
             const char   *version,
             const char   *xml,
             GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (store,
      "UPDATE campaign SET ruleset_version = ?, ruleset_xml = ? WHERE id = ?", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, version, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, xml, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 3, campaign_id);
  return muster_store_exec (store, stmt, _("Could not change the campaign’s rules"), error);
}

static gboolean
write_option (MusterStore  *store,
              gint64        campaign_id,
              const char   *key,
              const char   *value,
              GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = prepare_for_campaign (store,
      "INSERT INTO campaign_option (campaign_id, key, value) VALUES (?, ?, ?)", campaign_id, error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 2, key, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 3, value, -1, SQLITE_TRANSIENT);
  return muster_store_exec (store, stmt, _("Could not store the campaign's options"), error);
}

/* Runs @sql, binding ?1 and ?2. */
static gboolean
exec_ids (MusterStore  *store,
          const char   *sql,
          gint64        first,
          gint64        second,
          GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (store, sql, error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, first);
  sqlite3_bind_int64 (stmt, 2, second);
  return muster_store_exec (store, stmt, _("Could not change the campaign’s rules"), error);
}

/* The first column of the first row @sql selects with ?1 and ?2 bound,
 * or 0. */
static gboolean
query_id (MusterStore  *store,
          const char   *sql,
          gint64        first,
          gint64        second,
          gint64       *out,
          GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (store, sql, error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, first);
  sqlite3_bind_int64 (stmt, 2, second);
  rc = sqlite3_step (stmt);
  *out = rc == SQLITE_ROW ? sqlite3_column_int64 (stmt, 0) : 0;
  return rc == SQLITE_ROW || !step_failed (store, rc, error);
}

/* --- Taking the rules ---------------------------------------------------- */

/* The log entry: from which version to which, and what became of the
 * options that did not simply carry over. */
static JsonObject *
log_args (MusterRulesUpdate *update)
{
  static const char * const fates[] = {
    [MUSTER_RULES_OPTION_KEPT] = "kept",
    [MUSTER_RULES_OPTION_NEW] = "new",
    [MUSTER_RULES_OPTION_DEFAULTED] = "defaulted",
    [MUSTER_RULES_OPTION_DROPPED] = "dropped",
  };
  JsonArray *options = json_array_new ();

  for (guint i = 0; i < update->options->len; i++)
    {
      const MusterRulesOption *option = g_ptr_array_index (update->options, i);

      if (option->fate != MUSTER_RULES_OPTION_KEPT)
        json_array_add_object_element (options,
                                       muster_log_args ("s:fate", fates[option->fate],
                                                        "s:option", option->option,
                                                        "s:choice", option->choice,
                                                        "s:old_choice", option->old_choice,
                                                        NULL));
    }
  return muster_log_args ("s:ruleset", muster_ruleset_get_id (update->new_rules),
                          "s:version", muster_ruleset_get_version (update->new_rules),
                          "s:old_version", update->old_version,
                          "b:broken", update->state == MUSTER_RULES_UPDATE_BROKEN,
                          "a:options", options, NULL);
}

static gboolean undo_record (MusterStore  *store,
                             gint64        record_id,
                             GError      **error);

/**
 * muster_store_update_rules:
 *
 * See muster-rules-update.h.
 *
 * Returns: (transfer full): the undo record, or %NULL with @error set.
 */
MusterUndo *
muster_store_update_rules (MusterStore        *store,
                           MusterRulesUpdate  *update,
                           GError            **error)
{
  g_autoptr(GPtrArray) blockers = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *version = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *now = NULL;
  g_autofree char *label = NULL;
  const char *new_version;
  gint64 campaign_id, log_id, record_id;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);
  g_return_val_if_fail (update != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  campaign_id = update->campaign_id;
  if (update->state == MUSTER_RULES_UPDATE_LATEST)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("Campaign “%s” already has the latest rules: version %s of %s."),
                   update->campaign_name, update->old_version, update->title);
      return NULL;
    }
  if (update->state == MUSTER_RULES_UPDATE_MISSING)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("No ruleset “%s” is installed, so campaign “%s” has no other rules to take."),
                   update->ruleset_id, update->campaign_name);
      return NULL;
    }
  new_version = muster_ruleset_get_version (update->new_rules);

  if (!muster_store_begin (store, error))
    return NULL;
  if (!read_rules (store, campaign_id, &version, &xml, error))
    goto fail;
  if (g_strcmp0 (version, update->old_version) != 0 || g_strcmp0 (xml, update->old_xml) != 0)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("The rules of campaign “%s” changed since this update was worked out; look at it again."),
                   update->campaign_name);
      goto fail;
    }
  /* Checked again: the campaign may have changed since the update was
   * worked out. */
  if (!muster_store_check_campaign_rules (store, campaign_id, update->old_rules, update->new_rules,
                                          blockers, error))
    goto fail;
  if (blockers->len > 0)
    {
      g_autofree char *heading = g_strdup_printf (_("Campaign “%s” cannot take version %s of %s:"),
                                                  update->campaign_name, new_version, update->title);

      set_blocked_error (error, heading, blockers);
      goto fail;
    }

  log_id = muster_store_insert_log (store, campaign_id, 0, 0, 0, 0, "rules-updated", log_args (update), error);
  if (log_id == 0)
    goto fail;
  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (store,
        "INSERT INTO rules_update (campaign_id, log_id, ruleset_version, ruleset_xml, created)"
        " VALUES (?, ?, ?, ?, ?)", error);

    if (stmt == NULL)
      goto fail;
    now = muster_store_now ();
    sqlite3_bind_int64 (stmt, 1, campaign_id);
    sqlite3_bind_int64 (stmt, 2, log_id);
    sqlite3_bind_text (stmt, 3, version, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text (stmt, 4, xml, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text (stmt, 5, now, -1, SQLITE_TRANSIENT);
    if (!muster_store_exec (store, stmt, _("Could not keep the rules the campaign replaces"), error))
      goto fail;
    record_id = sqlite3_last_insert_rowid (muster_store_get_db (store));
  }
  if (!exec_ids (store, "INSERT INTO rules_update_option (update_id, key, value)"
                        " SELECT ?1, key, value FROM campaign_option WHERE campaign_id = ?2",
                 record_id, campaign_id, error) ||
      !write_rules (store, campaign_id, new_version, muster_ruleset_get_xml (update->new_rules), error) ||
      !muster_store_exec_id (store, "DELETE FROM campaign_option WHERE campaign_id = ?1", campaign_id,
                             _("Could not change the campaign’s rules"), error))
    goto fail;
  for (guint i = 0; i < update->options->len; i++)
    {
      const MusterRulesOption *option = g_ptr_array_index (update->options, i);

      if (option->choice != NULL &&
          !write_option (store, campaign_id, option->option, option->choice, error))
        goto fail;
    }
  if (!muster_store_commit (store, error))
    goto fail;

  /* Before ::changed, whose handlers may free @update. */
  /* Translators: what Undo undoes, short for a toast; the version taken */
  label = g_strdup_printf (_("Rules updated to version %s"), new_version);
  muster_store_forget_campaign_ruleset (store, campaign_id);
  muster_store_emit_changed (store, MUSTER_CHANGE_ALL, campaign_id);
  return muster_undo_new_for_record (store, campaign_id, label, undo_record, record_id);

fail:
  muster_store_rollback (store);
  return NULL;
}

/* --- Undoing it ---------------------------------------------------------- */

static gboolean
undo_record (MusterStore  *store,
             gint64        record_id,
             GError      **error)
{
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterRuleset) old_rules = NULL;
  g_autoptr(GPtrArray) blockers = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *version = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *filename = NULL;
  gint64 campaign_id = 0, log_id = 0, latest, resolved;

  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (store,
        "SELECT campaign_id, log_id, ruleset_version, ruleset_xml FROM rules_update WHERE id = ?", error);

    if (stmt == NULL)
      return FALSE;
    sqlite3_bind_int64 (stmt, 1, record_id);
    if (sqlite3_step (stmt) == SQLITE_ROW)
      {
        campaign_id = sqlite3_column_int64 (stmt, 0);
        log_id = sqlite3_column_int64 (stmt, 1);
        version = g_strdup (muster_column_text (stmt, 2));
        xml = g_strdup (muster_column_text (stmt, 3));
      }
  }
  if (campaign_id == 0)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                   _("Taking those rules can no longer be undone: the library no longer keeps what they replaced."));
      return FALSE;
    }
  campaign = muster_store_get_campaign (store, campaign_id, error);
  if (campaign == NULL)
    return FALSE;

  if (!muster_store_begin (store, error))
    return FALSE;
  if (!query_id (store, "SELECT max(id) FROM rules_update WHERE campaign_id = ?1",
                 campaign_id, 0, &latest, error) ||
      !query_id (store, "SELECT id FROM log_entry WHERE campaign_id = ?1 AND resolution_id IS NOT NULL"
                        " AND id > ?2 LIMIT 1", campaign_id, log_id, &resolved, error))
    goto fail;
  if (latest != record_id)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("Campaign “%s” has taken other rules since; undo that first."),
                   muster_campaign_get_name (campaign));
      goto fail;
    }
  if (resolved != 0)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("A game of campaign “%s” was resolved under the new rules; undo that resolution first."),
                   muster_campaign_get_name (campaign));
      goto fail;
    }

  /* What was added under the new rules must fit the old ones. A copy that
   * did not load before does not now: it is put back as it was. */
  filename = g_strdup_printf ("%s.xml", muster_campaign_get_ruleset_id (campaign));
  old_rules = muster_ruleset_new_from_data (xml, -1, filename, NULL);
  if (old_rules != NULL)
    {
      if (!muster_store_check_campaign_rules (store, campaign_id, muster_campaign_get_ruleset (campaign),
                                              old_rules, blockers, error))
        goto fail;
      if (blockers->len > 0)
        {
          g_autofree char *heading = g_strdup_printf (_("Campaign “%s” cannot go back to version %s of %s:"),
                                                      muster_campaign_get_name (campaign), version,
                                                      muster_ruleset_get_title (old_rules));

          set_blocked_error (error, heading, blockers);
          goto fail;
        }
    }

  if (!write_rules (store, campaign_id, version, xml, error) ||
      !muster_store_exec_id (store, "DELETE FROM campaign_option WHERE campaign_id = ?1", campaign_id,
                             _("Could not change the campaign’s rules"), error) ||
      !exec_ids (store, "INSERT INTO campaign_option (campaign_id, key, value)"
                        " SELECT ?1, key, value FROM rules_update_option WHERE update_id = ?2",
                 campaign_id, record_id, error) ||
      !muster_store_exec_id (store, "DELETE FROM rules_update_option WHERE update_id = ?1", record_id,
                             _("Could not change the campaign’s rules"), error) ||
      !muster_store_exec_id (store, "DELETE FROM rules_update WHERE id = ?1", record_id,
                             _("Could not change the campaign’s rules"), error) ||
      !muster_store_exec_id (store, "DELETE FROM log_entry WHERE id = ?1", log_id,
                             _("Could not change the campaign’s rules"), error) ||
      !muster_store_commit (store, error))
    goto fail;

  muster_store_forget_campaign_ruleset (store, campaign_id);
  muster_store_emit_changed (store, MUSTER_CHANGE_ALL, campaign_id);
  return TRUE;

fail:
  muster_store_rollback (store);
  return FALSE;
}

gboolean
muster_store_undo_rules_update (MusterStore  *store,
                                gint64        campaign_id,
                                GError      **error)
{
  g_autoptr(MusterCampaign) campaign = NULL;
  gint64 record_id;

  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  campaign = muster_store_get_campaign (store, campaign_id, error);
  if (campaign == NULL)
    return FALSE;
  if (!query_id (store, "SELECT max(id) FROM rules_update WHERE campaign_id = ?1",
                 campaign_id, 0, &record_id, error))
    return FALSE;
  if (record_id == 0)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                   _("Campaign “%s” has not taken other rules, so there is nothing to undo."),
                   muster_campaign_get_name (campaign));
      return FALSE;
    }
  return undo_record (store, record_id, error);
}
