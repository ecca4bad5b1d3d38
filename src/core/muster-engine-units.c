/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-engine"

/* The between-game steps for units: casualties among their figures and
 * colours lost or taken. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-engine-private.h"
#include "muster-store-private.h"
#include "muster-unit.h"

/* A unit's current values, read afresh before each change. */
typedef struct {
  int   size;
  int   lost;
  int   morale_loss;
  char *status;
  char *kind;
  char *name;
} UnitState;

static void
unit_subject_free (UnitSubject *unit)
{
  g_free (unit->name);
  g_free (unit->colours);
  g_free (unit);
}

static void
unit_state_clear (UnitState *state)
{
  g_clear_pointer (&state->status, g_free);
  g_clear_pointer (&state->kind, g_free);
  g_clear_pointer (&state->name, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (UnitState, unit_state_clear)

gboolean
muster_resolution_load_units (Resolution  *r,
                              GError     **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  r->units = g_ptr_array_new_with_free_func ((GDestroyNotify) unit_subject_free);
  stmt = muster_store_prepare (r->store,
                               "SELECT p.unit_id, u.name, u.force_id, p.figures, p.recorded, "
                               "p.killed, p.wounded, p.captured, p.run, p.colours "
                               "FROM unit_participation p JOIN unit u ON u.id = p.unit_id "
                               "WHERE p.game_id = ? ORDER BY p.unit_id",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, muster_game_get_id (r->game));
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      UnitSubject *unit = g_new0 (UnitSubject, 1);

      unit->id = sqlite3_column_int64 (stmt, 0);
      unit->name = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
      unit->force_id = sqlite3_column_int64 (stmt, 2);
      unit->figures = sqlite3_column_int (stmt, 3);
      unit->recorded = sqlite3_column_int (stmt, 4) != 0;
      unit->killed = sqlite3_column_int (stmt, 5);
      unit->wounded = sqlite3_column_int (stmt, 6);
      unit->captured = sqlite3_column_int (stmt, 7);
      unit->run = sqlite3_column_int (stmt, 8);
      unit->colours = g_strdup ((const char *) sqlite3_column_text (stmt, 9));
      g_ptr_array_add (r->units, unit);
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (r->store, error, _("Could not read the game’s units"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_unit (Resolution  *r,
           gint64       id,
           UnitState   *state,
           GError     **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  stmt = muster_store_prepare (r->store,
                               "SELECT size, lost, morale_loss, status, kind, name FROM unit WHERE id = ?",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      muster_store_set_error (r->store, error, _("Could not read a unit"));
      return FALSE;
    }
  state->size = sqlite3_column_int (stmt, 0);
  state->lost = sqlite3_column_int (stmt, 1);
  state->morale_loss = sqlite3_column_int (stmt, 2);
  state->status = g_strdup ((const char *) sqlite3_column_text (stmt, 3));
  state->kind = g_strdup ((const char *) sqlite3_column_text (stmt, 4));
  state->name = g_strdup ((const char *) sqlite3_column_text (stmt, 5));
  return TRUE;
}

gboolean
muster_resolution_unit_consequence (Resolution           *r,
                                    gint64                unit_id,
                                    const char           *unit_name,
                                    const MusterStepDef  *step,
                                    const char           *kind,
                                    const MusterRoll     *roll,
                                    const char           *purpose,
                                    JsonObject           *args,
                                    GError              **error)
{
  MusterResolutionEvent *event;

  json_object_set_int_member (args, "unit_id", unit_id);
  if (!muster_resolution_consequence (r, NULL, 0, unit_name, step, kind, roll, purpose, args, error))
    return FALSE;
  event = g_ptr_array_index (r->events, r->events->len - 1);
  event->unit_id = unit_id;
  return TRUE;
}

/* The figures of @unit a step's "figures" parameter names, or -1. */
static int
figures_count (const UnitSubject *unit,
               const char        *figures)
{
  if (g_strcmp0 (figures, "killed") == 0)
    return unit->killed;
  if (g_strcmp0 (figures, "wounded") == 0)
    return unit->wounded;
  if (g_strcmp0 (figures, "captured") == 0)
    return unit->captured;
  if (g_strcmp0 (figures, "run") == 0)
    return unit->run;
  return -1;
}

/* The roll for @n figures of a unit: one die each, as "NdS". */
static MusterPlannedRoll *
unit_planned_roll_new (Resolution           *r,
                       const UnitSubject    *unit,
                       const MusterStepDef  *step,
                       const char           *key,
                       int                   n,
                       GError              **error)
{
  g_autoptr(MusterDiceExpr) expr = NULL;
  const char *dice = muster_step_get_param (step, "dice");
  MusterPlannedRoll *planned;

  expr = muster_dice_expr_parse (dice != NULL ? dice : "", error);
  if (expr == NULL)
    return NULL;
  if (muster_dice_expr_get_n_dice (expr) != 1 || muster_dice_expr_get_min (expr) != 1)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The ruleset’s “unit-casualties” step rolls “%s”: a roll for each figure needs one die, such as 1d6."),
                   dice);
      return NULL;
    }

  planned = g_new0 (MusterPlannedRoll, 1);
  planned->unit_id = unit->id;
  planned->character_name = g_strdup (unit->name);
  planned->step_type = g_strdup (step->type);
  planned->step_name = g_strdup (muster_engine_get_step_name (step->type));
  planned->purpose = g_strdup_printf ("resolve/game/%" G_GINT64_FORMAT
                                      "/unit/%" G_GINT64_FORMAT "/%s",
                                      muster_game_get_id (r->game), unit->id, key);
  planned->expression = g_strdup_printf ("%dd%u", n, muster_dice_expr_get_die_sides (expr, 0));
  return planned;
}

/* Strikes @n figures off @unit's strength for good; a unit with none
 * left is destroyed. */
static gboolean
lose_figures (Resolution           *r,
              const UnitSubject    *unit,
              const MusterStepDef  *step,
              int                   n,
              JsonObject           *why,
              const MusterRoll     *roll,
              const char           *purpose,
              GError              **error)
{
  g_autoptr(JsonObject) owned = why;
  g_auto(UnitState) state = { 0, };
  int lost;

  if (!read_unit (r, unit->id, &state, error))
    return FALSE;
  n = MIN (n, state.size - state.lost);
  lost = state.lost + n;
  if (n > 0 && !muster_resolution_change_value (r, "unit", unit->id, "lost", NULL, lost, error))
    return FALSE;

  json_object_set_int_member (why, "left", state.size - lost);
  if (!muster_resolution_unit_consequence (r, unit->id, unit->name, step, "unit-loss", roll, purpose,
                                           g_steal_pointer (&owned), error))
    return FALSE;

  if (state.size - lost <= 0 && g_strcmp0 (state.status, MUSTER_UNIT_STATUS_ACTIVE) == 0)
    {
      if (!muster_resolution_change_value (r, "unit", unit->id, "status",
                                           MUSTER_UNIT_STATUS_DESTROYED, 0, error))
        return FALSE;
      if (!muster_resolution_unit_consequence (r, unit->id, unit->name, step, "destroyed", NULL, NULL,
                                               json_object_new (), error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
figures_rejoin (Resolution           *r,
                const UnitSubject    *unit,
                const MusterStepDef  *step,
                JsonObject           *why,
                const MusterRoll     *roll,
                const char           *purpose,
                GError              **error)
{
  return muster_resolution_unit_consequence (r, unit->id, unit->name, step, "rejoined", roll, purpose, why,
                                             error);
}

/* Which figures, and how many (and in how many whole bases, when not
 * -1), for the entry of a unit's loss or return. */
static JsonObject *
figures_args (const char *figures,
              int         n,
              int         bases)
{
  JsonObject *args = muster_log_args ("s:figures", figures, "i:count", n, NULL);

  if (bases >= 0)
    json_object_set_int_member (args, "bases", bases);
  return args;
}

/* unit-casualties: figures, fate (lost, return, roll with dice and
 * returns-on, lost-by-base). */
gboolean
step_unit_casualties (Resolution           *r,
                      const MusterStepDef  *step,
                      const char           *key,
                      GError              **error)
{
  const char *figures = muster_step_get_param (step, "figures");
  const char *fate = muster_step_get_param (step, "fate");
  int returns_on = muster_step_get_int_param (step, "returns-on", 4);

  if (figures == NULL || (!g_str_equal (figures, "killed") && !g_str_equal (figures, "wounded") &&
                          !g_str_equal (figures, "captured") && !g_str_equal (figures, "run")))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The ruleset’s “unit-casualties” step has figures=“%s”: use killed, wounded, captured or run."),
                   figures != NULL ? figures : "");
      return FALSE;
    }
  if (fate == NULL || (!g_str_equal (fate, "lost") && !g_str_equal (fate, "return") &&
                       !g_str_equal (fate, "roll") && !g_str_equal (fate, "lost-by-base")))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The ruleset’s “unit-casualties” step has fate=“%s”: use lost, return, roll or lost-by-base."),
                   fate != NULL ? fate : "");
      return FALSE;
    }

  for (guint i = 0; i < r->units->len; i++)
    {
      const UnitSubject *unit = g_ptr_array_index (r->units, i);
      int n = unit->recorded ? figures_count (unit, figures) : 0;

      if (n <= 0)
        continue;

      if (g_str_equal (fate, "roll"))
        {
          g_autoptr(MusterPlannedRoll) planned = unit_planned_roll_new (r, unit, step, key, n, error);
          g_autoptr(MusterRoll) roll = NULL;
          g_autofree char *purpose = NULL;
          int back = 0;

          if (planned == NULL)
            return FALSE;
          if (r->plan != NULL)
            {
              g_ptr_array_add (r->plan, g_steal_pointer (&planned));
              continue;
            }
          roll = muster_resolution_roll_planned (r, planned, &purpose, error);
          if (roll == NULL)
            return FALSE;
          for (guint f = 0; f < roll->faces->len; f++)
            if (g_array_index (roll->faces, int, f) >= returns_on)
              back++;
          if (back > 0)
            {
              if (!figures_rejoin (r, unit, step, figures_args (figures, back, -1), roll, purpose, error))
                return FALSE;
            }
          if (n - back > 0)
            {
              /* The roll is logged once, with the first consequence. */
              if (!lose_figures (r, unit, step, n - back, figures_args (figures, n - back, -1),
                                 back > 0 ? NULL : roll, back > 0 ? NULL : purpose, error))
                return FALSE;
            }
          continue;
        }

      if (r->plan != NULL)
        continue;

      if (g_str_equal (fate, "return"))
        {
          if (!figures_rejoin (r, unit, step, figures_args (figures, n, -1), NULL, NULL, error))
            return FALSE;
        }
      else if (g_str_equal (fate, "lost"))
        {
          if (!lose_figures (r, unit, step, n, figures_args (figures, n, -1), NULL, NULL, error))
            return FALSE;
        }
      else
        {
          g_auto(UnitState) state = { 0, };
          const MusterUnitKindDef *kind;
          int base, whole;

          if (!read_unit (r, unit->id, &state, error))
            return FALSE;
          kind = muster_ruleset_lookup_unit_kind (r->ruleset, state.kind);
          base = kind != NULL && kind->base_size > 0 ? kind->base_size : 1;
          whole = (n / base) * base;
          if (whole > 0 &&
              !lose_figures (r, unit, step, whole, figures_args (figures, whole, whole / base), NULL, NULL,
                             error))
            return FALSE;
          if (n - whole > 0 &&
              !figures_rejoin (r, unit, step, figures_args (figures, n - whole, -1), NULL, NULL, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* Changes @target's permanent morale by @by (negative: a gain). */
static gboolean
change_morale (Resolution           *r,
               const MusterStepDef  *step,
               gint64                target_id,
               const char           *target_name,
               const UnitSubject    *cause,
               int                   by,
               GError              **error)
{
  g_auto(UnitState) state = { 0, };
  JsonObject *args;

  if (!read_unit (r, target_id, &state, error))
    return FALSE;
  if (!muster_resolution_change_value (r, "unit", target_id, "morale_loss", NULL,
                                       state.morale_loss + by, error))
    return FALSE;

  args = muster_log_args ("i:by", by, NULL);
  if (target_id != cause->id)
    {
      json_object_set_string_member (args, "cause", cause->name);
      json_object_set_int_member (args, "cause_unit_id", cause->id);
    }
  return muster_resolution_unit_consequence (r, target_id, target_name, step, "morale-loss", NULL, NULL, args,
                                             error);
}

/* morale-loss by colours: the units whose colours were lost (or who took
 * the enemy's), or every active unit of their force. */
static gboolean
colours_morale (Resolution           *r,
                const MusterStepDef  *step,
                const char           *colours,
                GError              **error)
{
  const char *scope = muster_step_get_param (step, "scope");
  int by = muster_step_get_int_param (step, "by", 1);
  gboolean force_wide = g_strcmp0 (scope, "force") == 0;

  if (scope != NULL && !force_wide && !g_str_equal (scope, "unit"))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The ruleset’s “morale-loss” step has scope=“%s”: use unit or force."), scope);
      return FALSE;
    }

  for (guint i = 0; i < r->units->len; i++)
    {
      const UnitSubject *unit = g_ptr_array_index (r->units, i);
      g_autoptr(GArray) ids = NULL;
      g_autoptr(GPtrArray) names = NULL;
      MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
      int rc;

      if (!unit->recorded || g_strcmp0 (unit->colours, colours) != 0)
        continue;
      if (!force_wide)
        {
          if (!change_morale (r, step, unit->id, unit->name, unit, by, error))
            return FALSE;
          continue;
        }

      ids = g_array_new (FALSE, FALSE, sizeof (gint64));
      names = g_ptr_array_new_with_free_func (g_free);
      stmt = muster_store_prepare (r->store,
                                   "SELECT id, name FROM unit WHERE force_id = ? "
                                   "AND (status = 'active' OR id = ?) ORDER BY id",
                                   error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, unit->force_id);
      sqlite3_bind_int64 (stmt, 2, unit->id);
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          gint64 id = sqlite3_column_int64 (stmt, 0);

          g_array_append_val (ids, id);
          g_ptr_array_add (names, g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
        }
      if (rc != SQLITE_DONE)
        {
          muster_store_set_error (r->store, error, _("Could not list the units of a force"));
          return FALSE;
        }

      for (guint j = 0; j < ids->len; j++)
        if (!change_morale (r, step, g_array_index (ids, gint64, j),
                            g_ptr_array_index (names, j), unit, by, error))
          return FALSE;
    }
  return TRUE;
}

/* morale-loss: colours and scope (above), or, without colours, outcome
 * and by: the unit of each character with the outcome loses morale. */
gboolean
step_morale_loss (Resolution           *r,
                  const MusterStepDef  *step,
                  const char           *key,
                  GError              **error)
{
  const char *colours = muster_step_get_param (step, "colours");
  int by = muster_step_get_int_param (step, "by", 1);
  g_autoptr(GHashTable) done = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  if (r->plan != NULL)
    return TRUE;

  if (colours != NULL)
    {
      if (!g_str_equal (colours, "lost") && !g_str_equal (colours, "captured"))
        {
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                       _("The ruleset’s “morale-loss” step has colours=“%s”: use lost or captured."),
                       colours);
          return FALSE;
        }
      return colours_morale (r, step, colours, error);
    }

  for (guint i = 0; i < r->subjects->len; i++)
    {
      const Subject *subject = g_ptr_array_index (r->subjects, i);
      g_auto(UnitState) state = { 0, };
      CharacterState character;
      int loss;

      if (!muster_resolution_subject_matches (r, step, subject, muster_resolution_outcome_never))
        continue;
      if (!muster_resolution_read_character (r, subject->id, &character, error))
        return FALSE;
      if (character.unit_id == 0 || g_hash_table_contains (done, &character.unit_id))
        continue;
      g_hash_table_add (done, g_memdup2 (&character.unit_id, sizeof (gint64)));

      if (!read_unit (r, character.unit_id, &state, error))
        return FALSE;
      loss = state.morale_loss + by;

      if (!muster_resolution_change_value (r, "unit", character.unit_id, "morale_loss", NULL, loss, error))
        return FALSE;
      if (!muster_resolution_consequence (r, subject, 0, NULL, step, "morale-loss", NULL, NULL,
                                          muster_log_args ("r:unit_id", character.unit_id, "s:unit", state.name,
                                                           "i:by", by, "i:total", loss, NULL),
                                          error))
        return FALSE;
    }
  return TRUE;
}
