/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-engine"

/* The between-game steps that change the wounds of a game before the
 * steps after them count them: light wounds adding up to serious ones,
 * and musicians, who let their unit ignore light wounds and bring back
 * wounded figures. They change what this resolution read of the game,
 * never the record of the game itself, so undoing the resolution needs
 * nothing of them but their log entries. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-engine-private.h"
#include "muster-store-private.h"

/* light-wounds-accumulate: per-serious (3): every that many light wounds
 * a character took in the game become one serious wound. */
gboolean
step_light_wounds_accumulate (Resolution           *r,
                              const MusterStepDef  *step,
                              const char           *key,
                              GError              **error)
{
  int per = muster_step_get_int_param (step, "per-serious", 3);

  if (per <= 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The ruleset’s “light-wounds-accumulate” step has per-serious=“%d”: it takes a number of light wounds of 1 or more."),
                   per);
      return FALSE;
    }
  if (r->plan != NULL)
    return TRUE;

  for (guint i = 0; i < r->subjects->len; i++)
    {
      Subject *subject = g_ptr_array_index (r->subjects, i);
      CharacterState state;
      int serious = subject->light_wounds / per;

      if (serious <= 0)
        continue;
      if (!muster_resolution_read_character (r, subject->id, &state, error))
        return FALSE;
      if (state.status == MUSTER_STATUS_DEAD)
        continue;

      subject->light_wounds -= serious * per;
      subject->serious_wounds += serious;
      if (!muster_resolution_consequence (r, subject, 0, NULL, step, "worsened", NULL, NULL,
                                          muster_log_args ("i:light", serious * per, "i:serious", serious, NULL),
                                          error))
        return FALSE;
    }
  return TRUE;
}

/* The number @unit_id keeps for the unit stat @key, 0 when none. */
static gboolean
read_unit_value (Resolution  *r,
                 gint64       unit_id,
                 const char  *key,
                 int         *value,
                 GError     **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (r->store,
                               "SELECT value FROM unit_stat WHERE unit_id = ? AND key = ?",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, unit_id);
  sqlite3_bind_text (stmt, 2, key, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step (stmt);
  *value = rc == SQLITE_ROW ? sqlite3_column_int (stmt, 0) : 0;
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    {
      muster_store_set_error (r->store, error, _("Could not read a unit’s value"));
      return FALSE;
    }
  return TRUE;
}

/* The characters' light wounds, in a unit with musicians, are ignored. */
static gboolean
ignore_light_wounds (Resolution           *r,
                     const MusterStepDef  *step,
                     const char           *unit_stat,
                     GError              **error)
{
  for (guint i = 0; i < r->subjects->len; i++)
    {
      Subject *subject = g_ptr_array_index (r->subjects, i);
      CharacterState state;
      int musicians, light;

      if (subject->light_wounds <= 0)
        continue;
      if (!muster_resolution_read_character (r, subject->id, &state, error))
        return FALSE;
      if (state.status == MUSTER_STATUS_DEAD || state.unit_id == 0)
        continue;
      if (!read_unit_value (r, state.unit_id, unit_stat, &musicians, error))
        return FALSE;
      if (musicians <= 0)
        continue;

      light = subject->light_wounds;
      subject->light_wounds = 0;
      if (r->plan == NULL &&
          !muster_resolution_consequence (r, subject, 0, NULL, step, "ignored", NULL, NULL,
                                          muster_log_args ("i:light", light, NULL), error))
        return FALSE;
    }
  return TRUE;
}

/* musicians: unit-stat (the musicians kept on each unit), returns (1),
 * ignores-light: each musician brings back @returns of his unit's wounded
 * figures; with ignores-light="true" the light wounds of the unit's
 * characters are ignored. Planning too, since a later step may roll for
 * the wounded who are left. */
gboolean
step_musicians (Resolution           *r,
                const MusterStepDef  *step,
                const char           *key,
                GError              **error)
{
  const char *unit_stat = muster_step_get_param (step, "unit-stat");
  int returns = muster_step_get_int_param (step, "returns", 1);
  gboolean ignores_light = g_strcmp0 (muster_step_get_param (step, "ignores-light"), "true") == 0;

  if (unit_stat == NULL || returns < 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The ruleset’s “musicians” step needs the unit stat that counts a unit’s musicians (unit-stat) and returns of 0 or more."));
      return FALSE;
    }

  if (ignores_light && !ignore_light_wounds (r, step, unit_stat, error))
    return FALSE;

  for (guint i = 0; i < r->units->len; i++)
    {
      UnitSubject *unit = g_ptr_array_index (r->units, i);
      int musicians, back;

      if (!unit->recorded || unit->wounded <= 0)
        continue;
      if (!read_unit_value (r, unit->id, unit_stat, &musicians, error))
        return FALSE;
      back = (int) MIN ((gint64) unit->wounded, (gint64) MAX (musicians, 0) * returns);
      if (back <= 0)
        continue;

      unit->wounded -= back;
      if (r->plan != NULL)
        continue;
      if (!muster_resolution_unit_consequence (r, unit->id, unit->name, step, "rejoined", NULL, NULL,
                                               muster_log_args ("i:count", back, NULL), error))
        return FALSE;
    }
  return TRUE;
}
