/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-engine"

/* The between-game steps for characters: countdown, death roll, out for
 * games, capture, wounds, stat drops, recovery, retiring a spent
 * character and striking off the killed. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-campaign.h"
#include "muster-engine-private.h"
#include "muster-game.h"
#include "muster-store-private.h"

gboolean
step_countdown (Resolution           *r,
                const MusterStepDef  *step,
                const char           *key,
                GError              **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) counts = g_array_new (FALSE, FALSE, sizeof (int));
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  if (r->plan != NULL)
    return TRUE;

  stmt = muster_store_prepare (r->store,
                               "SELECT id, name, out_games FROM character "
                               "WHERE campaign_id = ? AND status = 'out-of-action' "
                               "AND out_games > 0 ORDER BY id",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, muster_campaign_get_id (r->campaign));
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      int count = sqlite3_column_int (stmt, 2);

      if (g_hash_table_contains (r->set_out, &id))
        continue;
      g_array_append_val (ids, id);
      g_ptr_array_add (names, g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
      g_array_append_val (counts, count);
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (r->store, error, _("Could not list the characters out of action"));
      return FALSE;
    }

  for (guint i = 0; i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      const char *name = g_ptr_array_index (names, i);
      int left = g_array_index (counts, int, i) - 1;

      if (left <= 0)
        {
          if (!muster_resolution_set_status (r, id, MUSTER_STATUS_ACTIVE, 0, error))
            return FALSE;
          if (!muster_resolution_consequence (r, NULL, id, name, step, "recovered", NULL, NULL,
                                              json_object_new (), error))
            return FALSE;
        }
      else
        {
          if (!muster_resolution_change_value (r, "character", id, "out_games", NULL, left, error))
            return FALSE;
          if (!muster_resolution_consequence (r, NULL, id, name, step, "countdown", NULL, NULL,
                                              muster_log_args ("i:games", left, NULL), error))
            return FALSE;
        }
    }
  return TRUE;
}

/* Whether @step acts on @subject: his outcome is the one it names (or
 * @fallback accepts) and he is not dead. */
static gboolean
acts_on (Resolution           *r,
         const MusterStepDef  *step,
         const Subject        *subject,
         OutcomeTest           fallback,
         gboolean             *acts,
         GError              **error)
{
  CharacterState state;

  *acts = FALSE;
  if (!muster_resolution_subject_matches (r, step, subject, fallback))
    return TRUE;
  if (!muster_resolution_read_character (r, subject->id, &state, error))
    return FALSE;
  *acts = state.status != MUSTER_STATUS_DEAD;
  return TRUE;
}

/* What a step's roll does to @subject. */
typedef gboolean (*RolledFunc) (Resolution           *r,
                                const MusterStepDef  *step,
                                const Subject        *subject,
                                const MusterRoll     *roll,
                                const char           *purpose,
                                GError              **error);

/* Rolls @step's dice for each participant it acts on and hands the roll
 * to @apply; when only planning, plans the rolls instead. */
static gboolean
roll_for_each (Resolution           *r,
               const MusterStepDef  *step,
               const char           *key,
               OutcomeTest           fallback,
               RolledFunc            apply,
               GError              **error)
{
  if (r->plan != NULL)
    return muster_resolution_plan_rolls (r, step, key, fallback);

  for (guint i = 0; i < r->subjects->len; i++)
    {
      const Subject *subject = g_ptr_array_index (r->subjects, i);
      g_autoptr(MusterRoll) roll = NULL;
      g_autofree char *purpose = NULL;
      gboolean acts;

      if (!acts_on (r, step, subject, fallback, &acts, error))
        return FALSE;
      if (!acts)
        continue;
      roll = muster_resolution_roll_for (r, subject, step, key, &purpose, error);
      if (roll == NULL || !apply (r, step, subject, roll, purpose, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
death_rolled (Resolution           *r,
              const MusterStepDef  *step,
              const Subject        *subject,
              const MusterRoll     *roll,
              const char           *purpose,
              GError              **error)
{

  if (roll->total >= muster_step_get_int_param (step, "dies-on", 6))
    {
      if (!muster_resolution_set_status (r, subject->id, MUSTER_STATUS_DEAD, 0, error))
        return FALSE;
      return muster_resolution_consequence (r, subject, 0, NULL, step, "death", roll, purpose,
                                            json_object_new (), error);
    }
  if (!muster_resolution_set_status (r, subject->id, MUSTER_STATUS_ACTIVE, 0, error))
    return FALSE;
  return muster_resolution_consequence (r, subject, 0, NULL, step, "survived", roll, purpose,
                                        json_object_new (), error);
}

gboolean
step_death_roll (Resolution           *r,
                 const MusterStepDef  *step,
                 const char           *key,
                 GError              **error)
{
  return roll_for_each (r, step, key, muster_resolution_outcome_removes, death_rolled, error);
}

static gboolean
out_rolled (Resolution           *r,
            const MusterStepDef  *step,
            const Subject        *subject,
            const MusterRoll     *roll,
            const char           *purpose,
            GError              **error)
{

  if (roll->total > 0)
    {
      if (!muster_resolution_set_status (r, subject->id, MUSTER_STATUS_OUT_OF_ACTION, roll->total, error))
        return FALSE;
      g_hash_table_add (r->set_out, g_memdup2 (&subject->id, sizeof (gint64)));
      return muster_resolution_consequence (r, subject, 0, NULL, step, "out", roll, purpose,
                                            muster_log_args ("i:games", roll->total, NULL), error);
    }
  return muster_resolution_consequence (r, subject, 0, NULL, step, "survived", roll, purpose,
                                        json_object_new (), error);
}

gboolean
step_out_for_games (Resolution           *r,
                    const MusterStepDef  *step,
                    const char           *key,
                    GError              **error)
{
  return roll_for_each (r, step, key, muster_resolution_outcome_removes, out_rolled, error);
}

gboolean
step_capture (Resolution           *r,
              const MusterStepDef  *step,
              const char           *key,
              GError              **error)
{
  if (r->plan != NULL)
    return TRUE;

  for (guint i = 0; i < r->subjects->len; i++)
    {
      const Subject *subject = g_ptr_array_index (r->subjects, i);
      gboolean acts;

      if (!acts_on (r, step, subject, muster_resolution_outcome_is_captured, &acts, error))
        return FALSE;
      if (!acts)
        continue;

      if (!muster_resolution_set_status (r, subject->id, MUSTER_STATUS_CAPTURED, 0, error))
        return FALSE;
      if (!muster_resolution_consequence (r, subject, 0, NULL, step, "captured", NULL, NULL,
                                          json_object_new (), error))
        return FALSE;
    }
  return TRUE;
}

/* Wounds between games: each kind heals ("all") or stays on the
 * character ("none"); with "fatal-at", that many serious wounds kept is
 * death. */
static gboolean
apply_wounds (Resolution           *r,
              const MusterStepDef  *step,
              gboolean              heal_light,
              gboolean              heal_serious,
              int                   fatal_at,
              GError              **error)
{
  for (guint i = 0; i < r->subjects->len; i++)
    {
      const Subject *subject = g_ptr_array_index (r->subjects, i);
      CharacterState state;
      int light, serious, new_light, new_serious;

      if (!muster_resolution_read_character (r, subject->id, &state, error))
        return FALSE;
      if (state.status == MUSTER_STATUS_DEAD)
        continue;

      light = state.light_wounds + subject->light_wounds;
      serious = state.serious_wounds + subject->serious_wounds;
      new_light = heal_light ? 0 : light;
      new_serious = heal_serious ? 0 : serious;

      if (!muster_resolution_change_value (r, "character", subject->id, "light_wounds", NULL, new_light, error) ||
          !muster_resolution_change_value (r, "character", subject->id, "serious_wounds", NULL, new_serious, error))
        return FALSE;

      if (light - new_light > 0 || serious - new_serious > 0)
        {
          if (!muster_resolution_consequence (r, subject, 0, NULL, step, "healed", NULL, NULL,
                                              muster_log_args ("i:light", light - new_light,
                                                               "i:serious", serious - new_serious, NULL),
                                              error))
            return FALSE;
        }

      if (fatal_at > 0 && new_serious >= fatal_at)
        {
          if (!muster_resolution_set_status (r, subject->id, MUSTER_STATUS_DEAD, 0, error))
            return FALSE;
          g_hash_table_remove (r->set_out, &subject->id);
          if (!muster_resolution_consequence (r, subject, 0, NULL, step, "death", NULL, NULL,
                                              muster_log_args ("i:serious", new_serious, NULL), error))
            return FALSE;
        }
      else if ((new_light > 0 && subject->light_wounds > 0) ||
               (new_serious > 0 && subject->serious_wounds > 0))
        {
          if (!muster_resolution_consequence (r, subject, 0, NULL, step, "carried", NULL, NULL,
                                              muster_log_args ("i:light", new_light, "i:serious", new_serious,
                                                               NULL),
                                              error))
            return FALSE;
        }
    }
  return TRUE;
}

gboolean
step_heal_wounds (Resolution           *r,
                  const MusterStepDef  *step,
                  const char           *key,
                  GError              **error)
{
  const char *light = muster_step_get_param (step, "light");
  const char *serious = muster_step_get_param (step, "serious");

  if (r->plan != NULL)
    return TRUE;

  return apply_wounds (r, step,
                       g_strcmp0 (light, "none") != 0,
                       g_strcmp0 (serious, "none") != 0,
                       muster_step_get_int_param (step, "fatal-at", 0),
                       error);
}

gboolean
step_serious_wounds (Resolution           *r,
                     const MusterStepDef  *step,
                     const char           *key,
                     GError              **error)
{
  if (r->plan != NULL)
    return TRUE;

  return apply_wounds (r, step, TRUE, FALSE,
                       muster_step_get_int_param (step, "fatal-at", 2),
                       error);
}

/* A character's value of @key when this resolution began: steps that run
 * after a drop (and the Hero's spare or floor) judge by it. */
static gboolean
stat_before (Resolution  *r,
             gint64       character_id,
             const char  *key,
             int         *value,
             gboolean    *found,
             GError     **error)
{
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT "/%s", character_id, key);
  gpointer stored;

  if (g_hash_table_lookup_extended (r->stat_before, id, NULL, &stored))
    {
      *value = GPOINTER_TO_INT (stored);
      *found = TRUE;
      return TRUE;
    }
  if (!muster_resolution_read_stat (r, character_id, key, value, found, error))
    return FALSE;
  if (*found)
    g_hash_table_insert (r->stat_before, g_steal_pointer (&id), GINT_TO_POINTER (*value));
  return TRUE;
}

/* The value of a table entry a step names with @prefix-table and
 * @prefix-entry ("spare-table", "spare-entry"), or G_MININT when the
 * step names none. */
static int
step_entry_value (Resolution          *r,
                  const MusterStepDef *step,
                  const char          *prefix,
                  const char         **entry_name)
{
  g_autofree char *table_param = g_strdup_printf ("%s-table", prefix);
  g_autofree char *entry_param = g_strdup_printf ("%s-entry", prefix);
  const char *table = muster_step_get_param (step, table_param);
  const char *entry = muster_step_get_param (step, entry_param);
  const MusterLookupTable *lookup;

  *entry_name = NULL;
  if (table == NULL || entry == NULL)
    return G_MININT;
  lookup = muster_ruleset_lookup_table (r->ruleset, table);
  for (guint i = 0; lookup != NULL && i < lookup->entries->len; i++)
    {
      const MusterTableEntry *e = g_ptr_array_index (lookup->entries, i);

      if (g_str_equal (e->id, entry))
        {
          *entry_name = e->name;
          return e->value;
        }
    }
  return G_MININT;
}

/* Puts @subject out when his stat is spent, as the step's at-zero says. */
static gboolean
stat_spent (Resolution           *r,
            const MusterStepDef  *step,
            const Subject        *subject,
            const MusterStatDef  *def,
            MusterStatus          out_status,
            GError              **error)
{
  JsonObject *args = muster_log_args ("s:stat", def->key, NULL);

  if (!muster_resolution_set_status (r, subject->id, out_status, 0, error))
    {
      json_object_unref (args);
      return FALSE;
    }
  switch (out_status)
    {
    case MUSTER_STATUS_DEAD:
      return muster_resolution_consequence (r, subject, 0, NULL, step, "death", NULL, NULL, args, error);
    case MUSTER_STATUS_OUT_OF_ACTION:
      g_hash_table_add (r->set_out, g_memdup2 (&subject->id, sizeof (gint64)));
      return muster_resolution_consequence (r, subject, 0, NULL, step, "out", NULL, NULL, args, error);
    default:
      return muster_resolution_consequence (r, subject, 0, NULL, step, "retired", NULL, NULL, args, error);
    }
}

/* How much @subject's wounds of the game take off: @by, or @by for each
 * wound (@per_wound), or with light-by and serious-by that much for each
 * light and each serious wound. A wounded outcome with no wound counted
 * is one wound (a light one). */
static int
wound_drop (const MusterStepDef *step,
            const Subject       *subject,
            int                  by,
            gboolean             per_wound)
{
  int light_by = muster_step_get_int_param (step, "light-by", G_MININT);
  int serious_by = muster_step_get_int_param (step, "serious-by", G_MININT);
  gint64 light = subject->light_wounds;
  gint64 serious = subject->serious_wounds;
  gint64 drop;

  if (light_by == G_MININT && serious_by == G_MININT)
    return per_wound ? by * MAX (1, subject->light_wounds + subject->serious_wounds) : by;

  if (light + serious == 0)
    light = 1;
  drop = light * (light_by != G_MININT ? light_by : by) +
         serious * (serious_by != G_MININT ? serious_by : by);
  return (int) CLAMP (drop, 0, G_MAXINT);
}

/* drop-stat: stat, by, outcome; per-wound="true" drops @by for each
 * wound of the game, light-by and serious-by so much for each light and
 * each serious wound; at-zero (out-of-action, retired, dead, or keep to
 * leave it to a later step) at retire-at or less. A character whose
 * value before the resolution was at least spare-table/spare-entry's
 * loses nothing; one at least floor-table/floor-entry's never drops
 * below floor and is never put out. The value never drops below the
 * stat's minimum. */
gboolean
step_drop_stat (Resolution           *r,
                const MusterStepDef  *step,
                const char           *key,
                GError              **error)
{
  const char *stat = muster_step_get_param (step, "stat");
  const char *at_zero = muster_step_get_param (step, "at-zero");
  int by = muster_step_get_int_param (step, "by", 1);
  int threshold = muster_step_get_int_param (step, "retire-at", 0);
  gboolean per_wound = g_strcmp0 (muster_step_get_param (step, "per-wound"), "true") == 0;
  int floor_value = muster_step_get_int_param (step, "floor", G_MININT);
  const char *spare_name, *floor_name;
  int spare_at, floor_at;
  const MusterStatDef *def;
  MusterStatus out_status = MUSTER_STATUS_RETIRED;
  gboolean keep = g_strcmp0 (at_zero, "keep") == 0;
  const char *drop_kind;

  if (r->plan != NULL)
    return TRUE;

  def = stat != NULL ? muster_ruleset_lookup_stat (r->ruleset, stat) : NULL;
  if (def == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The ruleset’s “drop-stat” step names no stat of the ruleset (“%s”)."),
                   stat != NULL ? stat : "");
      return FALSE;
    }
  if (at_zero != NULL && !keep && !muster_status_from_string (at_zero, &out_status))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The ruleset’s “drop-stat” step has at-zero=“%s”: use out-of-action, retired, dead or keep."),
                   at_zero);
      return FALSE;
    }
  spare_at = step_entry_value (r, step, "spare", &spare_name);
  floor_at = step_entry_value (r, step, "floor", &floor_name);
  drop_kind = g_ascii_strcasecmp (def->key, "class") == 0 ? "class-drop" : "stat-drop";

  for (guint i = 0; i < r->subjects->len; i++)
    {
      const Subject *subject = g_ptr_array_index (r->subjects, i);
      gboolean acts, found, floored;
      int before, value, drop;

      if (!acts_on (r, step, subject, muster_resolution_outcome_wounds, &acts, error))
        return FALSE;
      if (!acts)
        continue;
      if (!stat_before (r, subject->id, def->key, &before, &found, error) ||
          (found && !muster_resolution_read_stat (r, subject->id, def->key, &value, &found, error)))
        return FALSE;
      if (!found)
        continue;

      drop = wound_drop (step, subject, by, per_wound);

      if (spare_at != G_MININT && before >= spare_at)
        {
          if (!muster_resolution_consequence (r, subject, 0, NULL, step, "recovered", NULL, NULL,
                                              muster_log_args ("s:table", muster_step_get_param (step, "spare-table"),
                                                               "s:entry", muster_step_get_param (step, "spare-entry"),
                                                               "s:stat", def->key, NULL),
                                              error))
            return FALSE;
          continue;
        }

      floored = floor_at != G_MININT && floor_value != G_MININT && before >= floor_at;
      drop = MIN (drop, value - def->min);
      if (floored)
        drop = MIN (drop, value - floor_value);
      if (drop <= 0)
        {
          if (!muster_resolution_consequence (r, subject, 0, NULL, step, "recovered", NULL, NULL,
                                              muster_log_args ("s:stat", def->key, "i:value", value, NULL),
                                              error))
            return FALSE;
          continue;
        }

      if (!muster_resolution_change_stat (r, subject->id, def->key, value, value - drop, error))
        return FALSE;
      if (!muster_resolution_consequence (r, subject, 0, NULL, step, drop_kind, NULL, NULL,
                                          muster_log_args ("s:stat", def->key, "i:value", value - drop, NULL),
                                          error))
        return FALSE;

      if (value - drop <= threshold && !keep && !floored &&
          !stat_spent (r, step, subject, def, out_status, error))
        return FALSE;
    }
  return TRUE;
}

/* retire: stat, at-most, status (retired or dead): a participant whose
 * stat is at most that leaves the campaign. */
gboolean
step_retire (Resolution           *r,
             const MusterStepDef  *step,
             const char           *key,
             GError              **error)
{
  const char *stat = muster_step_get_param (step, "stat");
  const char *status_text = muster_step_get_param (step, "status");
  int at_most = muster_step_get_int_param (step, "at-most", 0);
  MusterStatus status = MUSTER_STATUS_RETIRED;
  const MusterStatDef *def;

  if (r->plan != NULL)
    return TRUE;

  def = stat != NULL ? muster_ruleset_lookup_stat (r->ruleset, stat) : NULL;
  if (def == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The ruleset’s “retire” step names no stat of the ruleset (“%s”)."),
                   stat != NULL ? stat : "");
      return FALSE;
    }
  if (status_text != NULL &&
      (!muster_status_from_string (status_text, &status) ||
       (status != MUSTER_STATUS_RETIRED && status != MUSTER_STATUS_DEAD &&
        status != MUSTER_STATUS_OUT_OF_ACTION)))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The ruleset’s “retire” step has status=“%s”: use retired, dead or out-of-action."),
                   status_text);
      return FALSE;
    }

  for (guint i = 0; i < r->subjects->len; i++)
    {
      const Subject *subject = g_ptr_array_index (r->subjects, i);
      CharacterState state;
      gboolean found;
      int value;

      if (!muster_resolution_read_character (r, subject->id, &state, error))
        return FALSE;
      if (state.status == MUSTER_STATUS_DEAD || state.status == MUSTER_STATUS_RETIRED)
        continue;
      if (!muster_resolution_read_stat (r, subject->id, def->key, &value, &found, error))
        return FALSE;
      if (!found || value > at_most)
        continue;
      if (!stat_spent (r, step, subject, def, status, error))
        return FALSE;
    }
  return TRUE;
}

/* struck-off: outcome (default "killed"), status (default dead): the
 * participants with that outcome are struck off the roll. */
gboolean
step_struck_off (Resolution           *r,
                 const MusterStepDef  *step,
                 const char           *key,
                 GError              **error)
{
  const char *outcome = muster_step_get_param (step, "outcome");
  const char *status_text = muster_step_get_param (step, "status");
  MusterStatus status = MUSTER_STATUS_DEAD;

  if (r->plan != NULL)
    return TRUE;

  if (outcome == NULL)
    outcome = "killed";
  if (status_text != NULL && !muster_status_from_string (status_text, &status))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The ruleset’s “struck-off” step has status=“%s”, which is no status of a character."),
                   status_text);
      return FALSE;
    }

  for (guint i = 0; i < r->subjects->len; i++)
    {
      const Subject *subject = g_ptr_array_index (r->subjects, i);
      CharacterState state;

      if (g_strcmp0 (subject->outcome, outcome) != 0)
        continue;
      if (!muster_resolution_read_character (r, subject->id, &state, error))
        return FALSE;
      if (state.status == MUSTER_STATUS_DEAD)
        continue;
      if (!muster_resolution_set_status (r, subject->id, status, 0, error))
        return FALSE;
      g_hash_table_remove (r->set_out, &subject->id);
      if (!muster_resolution_consequence (r, subject, 0, NULL, step,
                                          status == MUSTER_STATUS_DEAD ? "death" : "retired", NULL, NULL,
                                          muster_log_args ("s:status", muster_status_to_string (status), NULL),
                                          error))
        return FALSE;
    }
  return TRUE;
}

gboolean
step_always_recovers (Resolution           *r,
                      const MusterStepDef  *step,
                      const char           *key,
                      GError              **error)
{
  const char *stat = muster_step_get_param (step, "stat");
  const char *table = muster_step_get_param (step, "table");
  const char *entry = muster_step_get_param (step, "entry");
  int wanted = muster_step_get_int_param (step, "value", G_MININT);
  const char *entry_name = NULL;
  const MusterStatDef *def = NULL;

  if (r->plan != NULL)
    return TRUE;

  if (table != NULL && entry != NULL)
    {
      const MusterLookupTable *lookup = muster_ruleset_lookup_table (r->ruleset, table);

      for (guint i = 0; lookup != NULL && i < lookup->entries->len; i++)
        {
          const MusterTableEntry *e = g_ptr_array_index (lookup->entries, i);
          if (g_str_equal (e->id, entry))
            {
              if (wanted == G_MININT)
                wanted = e->value;
              entry_name = e->name;
            }
        }
      if (stat == NULL)
        for (guint i = 0; i < muster_ruleset_get_n_stats (r->ruleset); i++)
          if (g_ascii_strcasecmp (muster_ruleset_get_stat (r->ruleset, i)->key, table) == 0)
            stat = muster_ruleset_get_stat (r->ruleset, i)->key;
    }
  if (stat != NULL)
    def = muster_ruleset_lookup_stat (r->ruleset, stat);
  if (def == NULL || wanted == G_MININT)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The ruleset’s “always-recovers” step needs a stat and a value (or a table and an entry)."));
      return FALSE;
    }

  for (guint i = 0; i < r->subjects->len; i++)
    {
      const Subject *subject = g_ptr_array_index (r->subjects, i);
      CharacterState state;
      gboolean found;
      int value;

      if (!g_hash_table_contains (r->set_out, &subject->id))
        continue;
      if (!muster_resolution_read_character (r, subject->id, &state, error))
        return FALSE;
      if (state.status != MUSTER_STATUS_OUT_OF_ACTION)
        continue;
      if (!muster_resolution_read_stat (r, subject->id, def->key, &value, &found, error))
        return FALSE;
      if (!found || value < wanted)
        continue;

      if (!muster_resolution_set_status (r, subject->id, MUSTER_STATUS_ACTIVE, 0, error))
        return FALSE;
      g_hash_table_remove (r->set_out, &subject->id);
      if (!muster_resolution_consequence (r, subject, 0, NULL, step, "recovered", NULL, NULL,
                                          entry_name != NULL
                                          ? muster_log_args ("s:table", table, "s:entry", entry, NULL)
                                          : muster_log_args ("s:stat", def->key, "i:value", value, NULL),
                                          error))
        return FALSE;
    }
  return TRUE;
}

