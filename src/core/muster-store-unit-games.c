/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-store"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "muster-game.h"
#include "muster-store-private.h"
#include "muster-unit.h"

/*
 * Units in games: which units took the field, with how many figures, and
 * what became of those figures (killed, wounded, captured, run) and of
 * their colours. The between-game engine reads these results.
 */

void
muster_unit_participant_free (MusterUnitParticipant *participant)
{
  if (participant == NULL)
    return;
  g_free (participant->name);
  g_free (participant->force_name);
  g_free (participant->side);
  g_free (participant->colours);
  g_free (participant->notes);
  g_free (participant);
}

/**
 * muster_store_add_game_units:
 * @store: the library
 * @game_id: a planned or played game
 * @unit_ids: (array length=n_units): units of the game's campaign
 * @n_units: how many
 * @error: return location for an error
 *
 * Adds the units to the game in one transaction, each with the figures it
 * has now. A unit already in the game, or one that is not active, has no
 * figures left, or fights for neither of the game's sides is refused.
 */
gboolean
muster_store_add_game_units (MusterStore   *store,
                             gint64         game_id,
                             const gint64  *unit_ids,
                             guint          n_units,
                             GError       **error)
{
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(JsonArray) names = json_array_new ();
  g_autofree char *what = NULL;
  gint64 campaign_id;

  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);
  g_return_val_if_fail (unit_ids != NULL || n_units == 0, FALSE);

  game = muster_store_get_open_game (store, game_id, error);
  if (game == NULL)
    return FALSE;
  campaign_id = muster_game_get_campaign_id (game);
  what = muster_game_describe (game);

  for (guint i = 0; i < n_units; i++)
    {
      g_autoptr(MusterUnit) unit = muster_store_get_unit (store, unit_ids[i], error);
      const char *side;

      if (unit == NULL)
        return FALSE;
      side = muster_unit_get_side (unit);
      if (!muster_store_check_unit_available (unit, campaign_id, error))
        return FALSE;
      if (muster_game_get_side_a (game) != NULL &&
          g_strcmp0 (side, muster_game_get_side_a (game)) != 0 &&
          g_strcmp0 (side, muster_game_get_side_b (game)) != 0)
        {
          g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                       _("%s fights for “%s”, but %s is fought between “%s” and “%s”."),
                       muster_unit_get_name (unit), side, what,
                       muster_game_get_side_a (game),
                       muster_game_get_side_b (game) != NULL ? muster_game_get_side_b (game) : "");
          return FALSE;
        }
      json_array_add_object_element (names, muster_log_args ("r:unit_id", muster_unit_get_id (unit),
                                                             "s:name", muster_unit_get_name (unit),
                                                             NULL));
      g_ptr_array_add (units, g_steal_pointer (&unit));
    }
  if (units->len == 0)
    return TRUE;

  if (!muster_store_begin (store, error))
    return FALSE;
  for (guint i = 0; i < units->len; i++)
    if (!muster_store_tx_add_game_unit (store, game_id, g_ptr_array_index (units, i), what, error))
      goto fail;
  return muster_store_log_and_commit (store, campaign_id, game_id, 0, "unit-joined-game",
                                      muster_log_args ("i:number", muster_game_get_number (game),
                                                       "s:title", muster_game_get_title (game),
                                                       "a:units", g_steal_pointer (&names), NULL),
                                      MUSTER_CHANGE_GAMES | MUSTER_CHANGE_UNITS | MUSTER_CHANGE_LOG,
                                      error);

fail:
  muster_store_rollback (store);
  return FALSE;
}

/* Whether the ruleset's between-game steps do something with @figures
 * ("wounded") or, for colours, with @colours ("lost"). */
static gboolean
ruleset_handles (MusterRuleset *ruleset,
                 const char    *param,
                 const char    *value)
{
  GPtrArray *steps = muster_ruleset_get_steps (ruleset);

  for (guint i = 0; i < steps->len; i++)
    {
      const MusterStepDef *step = g_ptr_array_index (steps, i);

      if (g_strcmp0 (muster_step_get_param (step, param), value) == 0)
        return TRUE;
    }
  return FALSE;
}

gboolean
muster_store_check_unit_result (MusterRuleset           *ruleset,
                                const char              *name,
                                int                      figures,
                                const MusterUnitResult  *result,
                                GError                 **error)
{
  static const struct {
    const char *figures;
    const char *label;
  } kinds[] = {
    { "wounded",  N_("wounded") },
    { "captured", N_("captured") },
    { "run",      N_("run") },
  };
  const int counts[] = { result->wounded, result->captured, result->run };
  const char *colours = result->colours != NULL ? result->colours : "";

  if (result->killed < 0 || result->wounded < 0 || result->captured < 0 || result->run < 0)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("Figures lost by %s cannot be negative."), name);
      return FALSE;
    }
  if (result->killed + result->wounded + result->captured + result->run > figures)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s took the field with %d figure: it cannot lose %d.",
                                "%s took the field with %d figures: it cannot lose %d.",
                                figures),
                   name, figures,
                   result->killed + result->wounded + result->captured + result->run);
      return FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (counts[i] > 0 && !ruleset_handles (ruleset, "figures", kinds[i].figures))
      {
        g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                     _("%s keeps no figures %s: record them as killed."),
                     muster_ruleset_get_title (ruleset), _(kinds[i].label));
        return FALSE;
      }
  if (*colours != '\0' && !g_str_equal (colours, "lost") && !g_str_equal (colours, "captured"))
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("“%s” is not what can happen to colours: use lost or captured."), colours);
      return FALSE;
    }
  if (*colours != '\0' && !ruleset_handles (ruleset, "colours", colours))
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("%s has no rules for colours."), muster_ruleset_get_title (ruleset));
      return FALSE;
    }
  return TRUE;
}

/**
 * muster_store_set_unit_result:
 * @store: the library
 * @game_id: a game that is not resolved
 * @unit_id: a unit taking part in it
 * @result: what became of its figures
 * @error: return location for an error
 *
 * Records (or replaces) the unit's result and logs it; a planned game
 * becomes played.
 */
gboolean
muster_store_set_unit_result (MusterStore             *store,
                              gint64                   game_id,
                              gint64                   unit_id,
                              const MusterUnitResult  *result,
                              GError                 **error)
{
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(MusterUnit) unit = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *update = NULL;
  MusterRuleset *ruleset;
  gint64 campaign_id;
  int figures, rc;

  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  game = muster_store_get_open_game (store, game_id, error);
  if (game == NULL)
    return FALSE;
  unit = muster_store_get_unit (store, unit_id, error);
  if (unit == NULL)
    return FALSE;
  campaign_id = muster_game_get_campaign_id (game);
  ruleset = muster_store_get_campaign_ruleset (store, campaign_id, error);
  if (ruleset == NULL)
    return FALSE;

  stmt = muster_store_prepare (store,
                               "SELECT figures FROM unit_participation WHERE game_id = ? AND unit_id = ?",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int64 (stmt, 2, unit_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    {
      g_autofree char *where = muster_game_describe_full (game);

      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE,
                   _("%s did not take part in %s."), muster_unit_get_name (unit), where);
      return FALSE;
    }
  if (rc != SQLITE_ROW)
    {
      muster_store_set_error (store, error, _("Could not read the unit’s part in the game"));
      return FALSE;
    }
  figures = sqlite3_column_int (stmt, 0);

  if (!muster_store_check_unit_result (ruleset, muster_unit_get_name (unit), figures, result, error))
    return FALSE;

  if (!muster_store_begin (store, error))
    return FALSE;
  update = muster_store_prepare (store,
                                 "UPDATE unit_participation SET recorded = 1, killed = ?, wounded = ?, "
                                 "captured = ?, run = ?, colours = ?, notes = coalesce (?, notes) "
                                 "WHERE game_id = ? AND unit_id = ?",
                                 error);
  if (update == NULL)
    goto fail;
  sqlite3_bind_int (update, 1, result->killed);
  sqlite3_bind_int (update, 2, result->wounded);
  sqlite3_bind_int (update, 3, result->captured);
  sqlite3_bind_int (update, 4, result->run);
  sqlite3_bind_text (update, 5, result->colours != NULL ? result->colours : "", -1, SQLITE_TRANSIENT);
  if (result->notes != NULL)
    sqlite3_bind_text (update, 6, result->notes, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (update, 7, game_id);
  sqlite3_bind_int64 (update, 8, unit_id);
  if (!muster_store_exec (store, update, _("Could not record the unit’s result"), error))
    goto fail;

  if (!muster_store_tx_mark_game_played (store, game_id, error))
    goto fail;

  return muster_store_log_and_commit (store, campaign_id, game_id, 0, "unit-result",
                                      muster_log_args ("i:number", muster_game_get_number (game),
                                                       "s:title", muster_game_get_title (game),
                                                       "r:unit_id", unit_id,
                                                       "s:name", muster_unit_get_name (unit),
                                                       "i:killed", result->killed,
                                                       "i:wounded", result->wounded,
                                                       "i:captured", result->captured,
                                                       "i:run", result->run,
                                                       "s:colours", result->colours != NULL &&
                                                                    *result->colours != '\0'
                                                                    ? result->colours : NULL,
                                                       NULL),
                                      MUSTER_CHANGE_GAMES | MUSTER_CHANGE_UNITS | MUSTER_CHANGE_LOG,
                                      error);

fail:
  muster_store_rollback (store);
  return FALSE;
}

/**
 * muster_store_list_game_units:
 *
 * Returns: (transfer full) (element-type MusterUnitParticipant): the units
 * of @game_id with their results, by unit id.
 */
GPtrArray *
muster_store_list_game_units (MusterStore  *store,
                              gint64        game_id,
                              GError      **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_unit_participant_free);
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  stmt = muster_store_prepare (store,
                               "SELECT p.unit_id, u.name, f.name, p.side, p.figures, p.recorded, "
                               "p.killed, p.wounded, p.captured, p.run, p.colours, p.notes "
                               "FROM unit_participation p JOIN unit u ON u.id = p.unit_id "
                               "JOIN force f ON f.id = u.force_id WHERE p.game_id = ? ORDER BY p.unit_id",
                               error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      MusterUnitParticipant *p = g_new0 (MusterUnitParticipant, 1);

      p->game_id = game_id;
      p->unit_id = sqlite3_column_int64 (stmt, 0);
      p->name = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
      p->force_name = g_strdup ((const char *) sqlite3_column_text (stmt, 2));
      p->side = g_strdup ((const char *) sqlite3_column_text (stmt, 3));
      p->figures = sqlite3_column_int (stmt, 4);
      p->recorded = sqlite3_column_int (stmt, 5) != 0;
      p->killed = sqlite3_column_int (stmt, 6);
      p->wounded = sqlite3_column_int (stmt, 7);
      p->captured = sqlite3_column_int (stmt, 8);
      p->run = sqlite3_column_int (stmt, 9);
      p->colours = g_strdup ((const char *) sqlite3_column_text (stmt, 10));
      p->notes = g_strdup ((const char *) sqlite3_column_text (stmt, 11));
      g_ptr_array_add (list, p);
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (store, error, _("Could not list the game’s units"));
      return NULL;
    }
  return g_steal_pointer (&list);
}
