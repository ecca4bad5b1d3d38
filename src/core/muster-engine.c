/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-campaign.h"
#include "muster-engine-private.h"
#include "muster-game.h"
#include "muster-ruleset.h"
#include "muster-store-private.h"

static const struct {
  const char *type;
  const char *name;
  StepFunc    func;
} step_types[] = {
  { "countdown",                 N_("Countdown"),        step_countdown },
  { "death-roll",                N_("Death roll"),       step_death_roll },
  { "out-for-games",             N_("Out for games"),    step_out_for_games },
  { "capture",                   N_("Capture"),          step_capture },
  { "heal-wounds",               N_("Wounds heal"),      step_heal_wounds },
  { "drop-stat",                 N_("Stat drop"),        step_drop_stat },
  { "always-recovers",           N_("Always recovers"),  step_always_recovers },
  { "serious-wounds-accumulate", N_("Serious wounds"),   step_serious_wounds },
  { "morale-loss",               N_("Morale loss"),      step_morale_loss },
  { "struck-off",                N_("Struck off"),       step_struck_off },
  { "retire",                    N_("Spent"),            step_retire },
  { "unit-casualties",           N_("Unit casualties"),  step_unit_casualties },
  { "light-wounds-accumulate",   N_("Light wounds add up"), step_light_wounds_accumulate },
  { "musicians",                 N_("Musicians"),        step_musicians },
};

/* The columns a resolution may change, and so undo. */
static const struct {
  const char *table;
  const char *column;
} changeable[] = {
  { "character", "status" },
  { "character", "out_games" },
  { "character", "light_wounds" },
  { "character", "serious_wounds" },
  { "unit",      "morale_loss" },
  { "unit",      "lost" },
  { "unit",      "status" },
  { "game",      "state" },
};

static void
subject_free (Subject *subject)
{
  g_free (subject->name);
  g_free (subject->outcome);
  g_free (subject);
}

static void
resolution_clear (Resolution *r)
{
  g_clear_object (&r->campaign);
  g_clear_object (&r->game);
  g_clear_pointer (&r->subjects, g_ptr_array_unref);
  g_clear_pointer (&r->set_out, g_hash_table_unref);
  g_clear_pointer (&r->events, g_ptr_array_unref);
  g_clear_pointer (&r->plan, g_ptr_array_unref);
  g_clear_pointer (&r->units, g_ptr_array_unref);
  g_clear_pointer (&r->stat_before, g_hash_table_unref);
}

static StepFunc
lookup_step_func (const char *type)
{
  for (guint i = 0; i < G_N_ELEMENTS (step_types); i++)
    if (g_str_equal (step_types[i].type, type))
      return step_types[i].func;
  return NULL;
}

gboolean
muster_resolution_is_changeable (const char *table,
                                 const char *column)
{
  for (guint i = 0; i < G_N_ELEMENTS (changeable); i++)
    if (g_str_equal (changeable[i].table, table) && g_str_equal (changeable[i].column, column))
      return TRUE;
  return FALSE;
}

static gboolean
step_runs (Resolution          *r,
           const MusterStepDef *step)
{
  if (step->option == NULL)
    return TRUE;
  return g_strcmp0 (muster_campaign_get_option (r->campaign, step->option), step->choice) == 0;
}

/* The key that makes each step's purpose unique: its type, and its place
 * when a ruleset has the same type twice. */
static GPtrArray *
make_step_keys (GPtrArray *steps)
{
  GPtrArray *keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < steps->len; i++)
    {
      const MusterStepDef *step = g_ptr_array_index (steps, i);
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, step->type)) + 1;

      g_hash_table_insert (counts, (gpointer) step->type, GUINT_TO_POINTER (n));
      if (n == 1)
        g_ptr_array_add (keys, g_strdup (step->type));
      else
        g_ptr_array_add (keys, g_strdup_printf ("%s-%u", step->type, n));
    }
  return keys;
}

/* Whether @subject's outcome is the one @step acts on. Without an
 * "outcome" parameter, @fallback decides from the outcome's definition. */

gboolean
muster_resolution_outcome_removes (const MusterOutcomeDef *def)
{
  return def->removes && !g_str_equal (def->id, "captured");
}

gboolean
muster_resolution_outcome_is_captured (const MusterOutcomeDef *def)
{
  return g_str_equal (def->id, "captured");
}

gboolean
muster_resolution_outcome_wounds (const MusterOutcomeDef *def)
{
  return def->takes_light || def->takes_serious;
}

gboolean
muster_resolution_outcome_never (const MusterOutcomeDef *def)
{
  return FALSE;
}

gboolean
muster_resolution_subject_matches (Resolution          *r,
                                   const MusterStepDef *step,
                                   const Subject       *subject,
                                   OutcomeTest          fallback)
{
  const char *wanted = muster_step_get_param (step, "outcome");
  const MusterOutcomeDef *def;

  if (subject->outcome == NULL)
    return FALSE;
  if (wanted != NULL)
    return g_str_equal (wanted, subject->outcome);
  def = muster_ruleset_lookup_outcome (r->ruleset, subject->outcome);
  return def != NULL && fallback (def);
}

gboolean
muster_resolution_read_character (Resolution      *r,
                                  gint64           id,
                                  CharacterState  *state,
                                  GError         **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  stmt = muster_store_prepare (r->store,
                               "SELECT status, out_games, light_wounds, serious_wounds, "
                               "coalesce (unit_id, 0) FROM character WHERE id = ?",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      muster_store_set_error (r->store, error, _("Could not read a character"));
      return FALSE;
    }
  if (!muster_status_from_string ((const char *) sqlite3_column_text (stmt, 0), &state->status))
    state->status = MUSTER_STATUS_ACTIVE;
  state->out_games = sqlite3_column_int (stmt, 1);
  state->light_wounds = sqlite3_column_int (stmt, 2);
  state->serious_wounds = sqlite3_column_int (stmt, 3);
  state->unit_id = sqlite3_column_int64 (stmt, 4);
  return TRUE;
}

static gboolean
record_change (Resolution    *r,
               const char    *table,
               gint64         row_id,
               const char    *column,
               sqlite3_value *old_value,
               GError       **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  stmt = muster_store_prepare (r->store,
                               "INSERT INTO resolution_change "
                               "(resolution_id, seq, tbl, row_id, col, old_value) "
                               "VALUES (?, ?, ?, ?, ?, ?)",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, r->resolution_id);
  sqlite3_bind_int (stmt, 2, ++r->seq);
  sqlite3_bind_text (stmt, 3, table, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 4, row_id);
  sqlite3_bind_text (stmt, 5, column, -1, SQLITE_TRANSIENT);
  sqlite3_bind_value (stmt, 6, old_value);
  return muster_store_exec (r->store, stmt, _("Could not record a change"), error);
}

/* Sets @table.@column of row @row_id to @text (when not NULL) or @number,
 * keeping the old value for undo. Nothing happens when it is unchanged. */
gboolean
muster_resolution_change_value (Resolution  *r,
                                const char  *table,
                                gint64       row_id,
                                const char  *column,
                                const char  *text,
                                gint64       number,
                                GError     **error)
{
  g_autofree char *select_sql = NULL;
  g_autofree char *update_sql = NULL;

  g_assert (muster_resolution_is_changeable (table, column));

  select_sql = g_strdup_printf ("SELECT %s FROM %s WHERE id = ?", column, table);
  {
    MUSTER_STMT_AUTO sqlite3_stmt *select = muster_store_prepare (r->store, select_sql, error);
    gboolean same;

    if (select == NULL)
      return FALSE;
    sqlite3_bind_int64 (select, 1, row_id);
    if (sqlite3_step (select) != SQLITE_ROW)
      {
        muster_store_set_error (r->store, error, _("Could not read a value to change"));
        return FALSE;
      }
    if (text != NULL)
      same = g_strcmp0 ((const char *) sqlite3_column_text (select, 0), text) == 0;
    else
      same = sqlite3_column_type (select, 0) == SQLITE_INTEGER &&
             sqlite3_column_int64 (select, 0) == number;
    if (same)
      return TRUE;
    if (!record_change (r, table, row_id, column, sqlite3_column_value (select, 0), error))
      return FALSE;
  }

  update_sql = g_strdup_printf ("UPDATE %s SET %s = ? WHERE id = ?", table, column);
  {
    MUSTER_STMT_AUTO sqlite3_stmt *update = muster_store_prepare (r->store, update_sql, error);

    if (update == NULL)
      return FALSE;
    if (text != NULL)
      sqlite3_bind_text (update, 1, text, -1, SQLITE_TRANSIENT);
    else
      sqlite3_bind_int64 (update, 1, number);
    sqlite3_bind_int64 (update, 2, row_id);
    return muster_store_exec (r->store, update, _("Could not change a value"), error);
  }
}

gboolean
muster_resolution_set_status (Resolution    *r,
                              gint64         character_id,
                              MusterStatus   status,
                              int            out_games,
                              GError       **error)
{
  return muster_resolution_change_value (r, "character", character_id, "status",
                       muster_status_to_string (status), 0, error) &&
         muster_resolution_change_value (r, "character", character_id, "out_games",
                       NULL, out_games, error);
}

/* A stat's value: the stat table has no row id, so row_id is the
 * character and the column the stat key. */
gboolean
muster_resolution_read_stat (Resolution  *r,
                             gint64       character_id,
                             const char  *key,
                             int         *value,
                             gboolean    *found,
                             GError     **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (r->store,
                               "SELECT value FROM stat WHERE character_id = ? AND key = ?",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, character_id);
  sqlite3_bind_text (stmt, 2, key, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step (stmt);
  *found = rc == SQLITE_ROW;
  if (rc == SQLITE_ROW)
    *value = sqlite3_column_int (stmt, 0);
  else if (rc != SQLITE_DONE)
    {
      muster_store_set_error (r->store, error, _("Could not read a stat"));
      return FALSE;
    }
  return TRUE;
}

gboolean
muster_resolution_change_stat (Resolution  *r,
                               gint64       character_id,
                               const char  *key,
                               int          old_value,
                               int          value,
                               GError     **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *old = NULL;

  old = muster_store_prepare (r->store, "SELECT ?", error);
  if (old == NULL)
    return FALSE;
  sqlite3_bind_int (old, 1, old_value);
  if (sqlite3_step (old) != SQLITE_ROW)
    {
      muster_store_set_error (r->store, error, _("Could not record a change"));
      return FALSE;
    }
  if (!record_change (r, "stat", character_id, key, sqlite3_column_value (old, 0), error))
    return FALSE;

  stmt = muster_store_prepare (r->store,
                               "UPDATE stat SET value = ? WHERE character_id = ? AND key = ?",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int (stmt, 1, value);
  sqlite3_bind_int64 (stmt, 2, character_id);
  sqlite3_bind_text (stmt, 3, key, -1, SQLITE_TRANSIENT);
  return muster_store_exec (r->store, stmt, _("Could not change a stat"), error);
}

static MusterPlannedRoll *
planned_roll_new (Resolution          *r,
                  const Subject       *subject,
                  const MusterStepDef *step,
                  const char          *key)
{
  MusterPlannedRoll *planned = g_new0 (MusterPlannedRoll, 1);

  planned->character_id = subject->id;
  planned->character_name = g_strdup (subject->name);
  planned->step_type = g_strdup (step->type);
  planned->step_name = g_strdup (muster_engine_get_step_name (step->type));
  planned->purpose = g_strdup_printf ("resolve/game/%" G_GINT64_FORMAT
                                      "/character/%" G_GINT64_FORMAT "/%s",
                                      muster_game_get_id (r->game), subject->id, key);
  planned->expression = g_strdup (muster_step_get_param (step, "dice"));
  return planned;
}

/* Logs one consequence and adds it to the events. @roll (may be NULL) is
 * stored first; the log entry points at it. */
gboolean
muster_resolution_consequence (Resolution          *r,
                               const Subject       *subject,
                               gint64               character_id,
                               const char          *character_name,
                               const MusterStepDef *step,
                               const char          *kind,
                               const MusterRoll    *roll,
                               const char          *purpose,
                               JsonObject          *args,
                               GError             **error)
{
  g_autoptr(JsonObject) owned = args;
  MusterLogContext ctx = { NULL, r->ruleset, kind, args, NULL };
  MusterResolutionEvent *event;
  gint64 game_id = muster_game_get_id (r->game);
  gint64 campaign_id = muster_game_get_campaign_id (r->game);
  gint64 roll_id = 0;

  if (subject != NULL)
    {
      character_id = subject->id;
      character_name = subject->name;
    }
  if (character_name != NULL && !json_object_has_member (args, "name"))
    json_object_set_string_member (args, "name", character_name);
  if (step != NULL)
    json_object_set_string_member (args, "step", step->type);

  if (roll != NULL)
    {
      roll_id = muster_store_insert_roll (r->store, campaign_id, game_id, character_id,
                                          r->resolution_id, purpose, roll, error);
      if (roll_id == 0)
        return FALSE;
    }

  event = g_new0 (MusterResolutionEvent, 1);
  event->character_id = character_id;
  event->character_name = g_strdup (character_name);
  event->step_type = g_strdup (step != NULL ? step->type : "");
  event->kind = g_strdup (kind);
  event->roll = roll != NULL ? muster_roll_copy (roll) : NULL;
  event->purpose = g_strdup (purpose);
  event->consequence = muster_log_format_in (&ctx);
  g_ptr_array_add (r->events, event);

  return muster_store_insert_log (r->store, campaign_id, game_id, character_id,
                                  r->resolution_id, roll_id, kind, g_steal_pointer (&owned), error) != 0;
}

/* Rolls @step's dice for @subject: faces from the provider, or Muster's
 * own from the generator for this purpose. */
MusterRoll *
muster_resolution_roll_for (Resolution          *r,
                            const Subject       *subject,
                            const MusterStepDef *step,
                            const char          *key,
                            char               **out_purpose,
                            GError             **error)
{
  g_autoptr(MusterPlannedRoll) planned = planned_roll_new (r, subject, step, key);

  return muster_resolution_roll_planned (r, planned, out_purpose, error);
}

/* Rolls @planned: faces from the provider, or Muster's own from the
 * generator for its purpose. */
MusterRoll *
muster_resolution_roll_planned (Resolution         *r,
                                MusterPlannedRoll  *planned,
                                char              **out_purpose,
                                GError            **error)
{
  g_autoptr(MusterDiceExpr) expr = NULL;
  g_autoptr(GArray) faces = NULL;
  MusterRoll *roll;

  expr = muster_dice_expr_parse (planned->expression != NULL ? planned->expression : "",
                                 error);
  if (expr == NULL)
    return NULL;

  if (r->provider != NULL)
    {
      GError *local_error = NULL;

      faces = r->provider (planned, r->user_data, &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, local_error);
          return NULL;
        }
    }

  if (faces != NULL)
    {
      roll = muster_roll_new_entered (expr, (const int *) faces->data, faces->len, error);
      if (roll == NULL)
        {
          g_autoptr(GError) dice_error = g_steal_pointer (error);

          /* Translators: a step, the character it is for, then what is wrong with the dice entered */
          g_set_error (error, dice_error->domain, dice_error->code, _("%s for %s: %s"),
                       planned->step_name, planned->character_name, dice_error->message);
          return NULL;
        }
    }
  else
    {
      MusterRng rng;

      muster_rng_init_for (&rng, muster_campaign_get_seed (r->campaign), planned->purpose);
      roll = muster_roll_new_random (expr, &rng);
    }

  *out_purpose = g_steal_pointer (&planned->purpose);
  return roll;
}

gboolean
muster_resolution_plan_rolls (Resolution          *r,
                              const MusterStepDef *step,
                              const char          *key,
                              OutcomeTest          fallback)
{
  for (guint i = 0; i < r->subjects->len; i++)
    {
      const Subject *subject = g_ptr_array_index (r->subjects, i);

      if (muster_resolution_subject_matches (r, step, subject, fallback))
        g_ptr_array_add (r->plan, planned_roll_new (r, subject, step, key));
    }
  return TRUE;
}

/* The game's participants, into r->subjects; @n_results counts those
 * with a result. A dead man is refused, naming the game, @what. */
static gboolean
load_subjects (Resolution  *r,
               const char  *what,
               int         *n_results,
               GError     **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (r->store,
                                                              "SELECT c.id, c.name, c.status, p.outcome, p.light_wounds, "
                                                              "p.serious_wounds FROM participation p "
                                                              "JOIN character c ON c.id = p.character_id "
                                                              "WHERE p.game_id = ? ORDER BY c.id",
                                                              error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  r->subjects = g_ptr_array_new_with_free_func ((GDestroyNotify) subject_free);
  sqlite3_bind_int64 (stmt, 1, muster_game_get_id (r->game));
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      Subject *subject = g_new0 (Subject, 1);

      subject->id = sqlite3_column_int64 (stmt, 0);
      subject->name = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
      subject->outcome = g_strdup ((const char *) sqlite3_column_text (stmt, 3));
      subject->light_wounds = sqlite3_column_int (stmt, 4);
      subject->serious_wounds = sqlite3_column_int (stmt, 5);
      g_ptr_array_add (r->subjects, subject);
      if (subject->outcome != NULL)
        (*n_results)++;

      if (g_strcmp0 ((const char *) sqlite3_column_text (stmt, 2), "dead") == 0)
        {
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE,
                       _("%s, who took part in %s, is already dead: a dead man cannot be resolved again. Set his status back if it was a mistake."),
                       subject->name, what);
          return FALSE;
        }
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (r->store, error, _("Could not read the participants"));
      return FALSE;
    }
  return TRUE;
}

/* Games are resolved in the order they were played: none played before
 * this one may be waiting. */
static gboolean
check_earlier_games (Resolution  *r,
                     GError     **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (r->store,
                                                              "SELECT id FROM game WHERE campaign_id = ? "
                                                              "AND number < ? AND state = 'played' ORDER BY number LIMIT 1",
                                                              error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, muster_campaign_get_id (r->campaign));
  sqlite3_bind_int (stmt, 2, muster_game_get_number (r->game));
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      g_autoptr(MusterGame) earlier = muster_store_get_game (r->store, sqlite3_column_int64 (stmt, 0), error);
      g_autofree char *first = NULL;

      if (earlier == NULL)
        return FALSE;
      first = muster_game_describe_full (earlier);
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_ORDER,
                   _("Resolve %s first: games are resolved in the order they were played."), first);
      return FALSE;
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (r->store, error, _("Could not check the earlier games"));
      return FALSE;
    }
  return TRUE;
}

/* Loads the game and checks it may be resolved now. */
static gboolean
resolution_prepare (Resolution   *r,
                    MusterStore  *store,
                    gint64        game_id,
                    GError      **error)
{
  g_autofree char *what = NULL;
  GPtrArray *steps;
  int n_results = 0;

  r->store = store;
  r->game = muster_store_get_game (store, game_id, error);
  if (r->game == NULL)
    return FALSE;
  what = muster_game_describe_full (r->game);

  if (muster_game_get_state (r->game) == MUSTER_GAME_RESOLVED)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
                   _("%s is already resolved: a resolution runs once (undo it to run it again)."),
                   what);
      return FALSE;
    }

  r->campaign = muster_store_get_campaign (store, muster_game_get_campaign_id (r->game), error);
  if (r->campaign == NULL)
    return FALSE;
  r->ruleset = muster_store_get_campaign_ruleset (store, muster_campaign_get_id (r->campaign), error);
  if (r->ruleset == NULL)
    return FALSE;

  steps = muster_ruleset_get_steps (r->ruleset);
  for (guint i = 0; i < steps->len; i++)
    {
      const MusterStepDef *step = g_ptr_array_index (steps, i);

      if (lookup_step_func (step->type) == NULL)
        {
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                       _("The between-game step “%s” of the rules “%s” is not one this version of Muster can run."),
                       step->type, muster_ruleset_get_title (r->ruleset));
          return FALSE;
        }
    }

  if (!load_subjects (r, what, &n_results, error))
    return FALSE;

  if (!muster_resolution_load_units (r, error))
    return FALSE;
  for (guint i = 0; i < r->units->len; i++)
    if (((UnitSubject *) g_ptr_array_index (r->units, i))->recorded)
      n_results++;

  if (muster_game_get_state (r->game) == MUSTER_GAME_PLANNED || n_results == 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
                   _("No results are recorded for %s yet: record what happened to its participants first."),
                   what);
      return FALSE;
    }

  /* The dice decide what became of the men put out of action: each must
   * have an outcome that took him out, and one killer. */
  if (!muster_store_check_game_kills (store, game_id, TRUE, error))
    return FALSE;

  if (!check_earlier_games (r, error))
    return FALSE;

  r->set_out = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  r->stat_before = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  r->events = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_resolution_event_free);
  return TRUE;
}

static gboolean
run_steps (Resolution  *r,
           GError     **error)
{
  GPtrArray *steps = muster_ruleset_get_steps (r->ruleset);
  g_autoptr(GPtrArray) keys = make_step_keys (steps);

  for (guint i = 0; i < steps->len; i++)
    {
      const MusterStepDef *step = g_ptr_array_index (steps, i);

      if (!step_runs (r, step))
        continue;
      if (!lookup_step_func (step->type) (r, step, g_ptr_array_index (keys, i), error))
        return FALSE;
    }
  return TRUE;
}

void
muster_planned_roll_free (MusterPlannedRoll *roll)
{
  if (roll == NULL)
    return;
  g_free (roll->character_name);
  g_free (roll->step_type);
  g_free (roll->step_name);
  g_free (roll->purpose);
  g_free (roll->expression);
  g_free (roll);
}

void
muster_resolution_event_free (MusterResolutionEvent *event)
{
  if (event == NULL)
    return;
  g_free (event->character_name);
  g_free (event->step_type);
  g_free (event->kind);
  g_clear_pointer (&event->roll, muster_roll_free);
  g_free (event->purpose);
  g_free (event->consequence);
  g_free (event);
}

const char *
muster_engine_get_step_name (const char *step_type)
{
  g_return_val_if_fail (step_type != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (step_types); i++)
    if (g_str_equal (step_types[i].type, step_type))
      return g_dgettext (GETTEXT_PACKAGE, step_types[i].name);
  return step_type;
}

/**
 * muster_engine_plan:
 * @store: a library
 * @game_id: the game’s id
 * @error: return location for a #GError, or %NULL
 *
 * Lists the rolls resolving @game_id will make, without making them.
 *
 * Returns: (transfer full) (element-type MusterPlannedRoll): a new array
 *   of #MusterPlannedRoll, or %NULL with @error set
 */
GPtrArray *
muster_engine_plan (MusterStore  *store,
                    gint64        game_id,
                    GError      **error)
{
  Resolution r = { 0, };
  GPtrArray *plan = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  if (resolution_prepare (&r, store, game_id, error))
    {
      r.plan = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_planned_roll_free);
      if (run_steps (&r, error))
        plan = g_steal_pointer (&r.plan);
    }
  resolution_clear (&r);
  return plan;
}

/* The resolution's row, in r->resolution_id. */
static gboolean
insert_resolution (Resolution  *r,
                   GError     **error)
{
  g_autofree char *now = muster_store_now ();
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (r->store,
                                                              "INSERT INTO resolution (campaign_id, game_id, created) "
                                                              "VALUES (?, ?, ?)",
                                                              error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, muster_campaign_get_id (r->campaign));
  sqlite3_bind_int64 (stmt, 2, muster_game_get_id (r->game));
  sqlite3_bind_text (stmt, 3, now, -1, SQLITE_TRANSIENT);
  if (!muster_store_exec (r->store, stmt, _("Could not start the resolution"), error))
    return FALSE;
  r->resolution_id = sqlite3_last_insert_rowid (muster_store_get_db (r->store));
  return TRUE;
}

/**
 * muster_engine_resolve:
 * @store: a library
 * @game_id: the game’s id
 * @provider: asked for the faces of each roll, or %NULL for Muster to roll them all
 * @user_data: data for @provider
 * @error: return location for a #GError, or %NULL
 *
 * Resolves a played game: runs the ruleset’s between-game steps for its
 * participants, in one transaction.
 *
 * Returns: (transfer full) (element-type MusterResolutionEvent): a new
 *   array of #MusterResolutionEvent, or %NULL with @error set
 */
GPtrArray *
muster_engine_resolve (MusterStore          *store,
                       gint64                game_id,
                       MusterFacesProvider   provider,
                       gpointer              user_data,
                       GError              **error)
{
  Resolution r = { 0, };
  GPtrArray *events = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  r.provider = provider;
  r.user_data = user_data;
  if (!resolution_prepare (&r, store, game_id, error))
    goto out;

  if (!muster_store_begin (store, error))
    goto out;

  if (!insert_resolution (&r, error))
    goto fail;

  if (!run_steps (&r, error))
    goto fail;

  if (!muster_resolution_change_value (&r, "game", game_id, "state",
                     muster_game_state_to_string (MUSTER_GAME_RESOLVED), 0, error))
    goto fail;
  if (!muster_resolution_consequence (&r, NULL, 0, NULL, NULL, "resolved", NULL, NULL,
                                      muster_log_args ("i:number", muster_game_get_number (r.game),
                                                       "s:title", muster_game_get_title (r.game), NULL),
                                      error))
    goto fail;

  if (!muster_store_commit (store, error))
    goto fail;

  muster_store_emit_changed (store,
                             MUSTER_CHANGE_GAMES | MUSTER_CHANGE_CHARACTERS |
                             MUSTER_CHANGE_UNITS | MUSTER_CHANGE_LOG,
                             muster_campaign_get_id (r.campaign));
  events = g_steal_pointer (&r.events);
  goto out;

fail:
  muster_store_rollback (store);
out:
  resolution_clear (&r);
  return events;
}
