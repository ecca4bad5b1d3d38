/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-game"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-game.h"
#include "muster-ruleset.h"
#include "muster-store-private.h"

/* The rules a game's kills keep, checked in one place for every way a
 * kill reaches the library (a result recorded from the command line or a
 * dialog, a file imported): the killer and the victim both took part, on
 * opposite sides; a victim is put out of action once in a game, by one
 * killer; and a victim whose result is recorded has an outcome that takes
 * him out of the game (wounds that add up to a Kill are recorded as one,
 * muster_store_result_outcome()).
 *
 * A result names its victims, and a victim's own result is recorded on
 * its own: checked one result at a time, moving a victim from one killer
 * to another, or recording a victim and his killer together, would pass
 * through a state that breaks the rules. So results ask for their game to
 * be checked when the whole change is committed
 * (muster_store_defer_game_check()), as SQL's deferred constraints do. */

/* The outcomes of @ruleset that take a man out of the game, as a list of
 * their names. */
static char *
removing_outcomes (MusterRuleset *ruleset)
{
  GPtrArray *outcomes = muster_ruleset_get_outcomes (ruleset);
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; i < outcomes->len; i++)
    {
      const MusterOutcomeDef *def = g_ptr_array_index (outcomes, i);

      if (!def->removes)
        continue;
      if (names->len > 0)
        g_string_append (names, ", ");
      g_string_append_printf (names, _("“%s”"), def->name);
    }
  return g_string_free (g_steal_pointer (&names), FALSE);
}

/* What the rules say of a kill, in the order they are checked. */
typedef enum {
  KILL_KEEPS_THE_RULES,
  KILLER_ABSENT,
  VICTIM_ABSENT,
  SAME_SIDE,
  NAMED_TWICE,
  KILLED_BEFORE,
  OUTCOME_KEEPS_HIM,
  NO_OUTCOME,
} KillRefusal;

/**
 * muster_store_check_kill:
 * @kill_id: a row of the kill table
 * @require_outcome: also refuse a victim with no result recorded yet, as
 *   for a game being resolved (a resolved game always requires one)
 *
 * Whether one kill keeps the rules above, as the library stands.
 */
gboolean
muster_store_check_kill (MusterStore  *store,
                         gint64        kill_id,
                         gboolean      require_outcome,
                         GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  g_autoptr(MusterGame) game = NULL;
  MusterRuleset *ruleset;
  const MusterOutcomeDef *def = NULL;
  g_autofree char *what = NULL;
  g_autofree char *wanted = NULL;
  const char *killer, *victim, *outcome, *other_killer;
  KillRefusal refusal;
  MusterGameState state;
  gint64 game_id;
  int rc;

  /* The other kill of the victim is the first one recorded before this
   * one: of two, the later is refused. The game itself is read only to
   * name it in a refusal: a kill is checked for each one imported. */
  stmt = muster_store_prepare (store,
                               "SELECT k.game_id, kc.name, vc.name, kp.side IS NOT NULL,"
                               " vp.side IS NOT NULL, kp.side = vp.side, vp.outcome,"
                               " oc.name, o.killer_id = k.killer_id, g.state, g.campaign_id"
                               " FROM kill k"
                               " JOIN game g ON g.id = k.game_id"
                               " JOIN character kc ON kc.id = k.killer_id"
                               " JOIN character vc ON vc.id = k.victim_id"
                               " LEFT JOIN participation kp"
                               "   ON kp.game_id = k.game_id AND kp.character_id = k.killer_id"
                               " LEFT JOIN participation vp"
                               "   ON vp.game_id = k.game_id AND vp.character_id = k.victim_id"
                               " LEFT JOIN kill o ON o.id = (SELECT min (id) FROM kill"
                               "   WHERE game_id = k.game_id AND victim_id = k.victim_id AND id < k.id)"
                               " LEFT JOIN character oc ON oc.id = o.killer_id"
                               " WHERE k.id = ?",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, kill_id);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      if (rc == SQLITE_DONE)
        return TRUE;
      muster_store_set_error (store, error, _("Could not read a kill"));
      return FALSE;
    }
  /* The texts are the statement's, which stays on this row until the end. */
  game_id = sqlite3_column_int64 (stmt, 0);
  killer = muster_column_text (stmt, 1);
  victim = muster_column_text (stmt, 2);
  outcome = muster_column_text (stmt, 6);
  other_killer = muster_column_text (stmt, 7);
  if (muster_game_state_from_string (muster_column_text (stmt, 9), &state) && state == MUSTER_GAME_RESOLVED)
    require_outcome = TRUE;

  ruleset = muster_store_get_campaign_ruleset (store, sqlite3_column_int64 (stmt, 10), error);
  if (ruleset == NULL)
    return FALSE;
  if (outcome != NULL)
    def = muster_ruleset_lookup_outcome (ruleset, outcome);

  if (sqlite3_column_int (stmt, 3) == 0)
    refusal = KILLER_ABSENT;
  else if (sqlite3_column_int (stmt, 4) == 0)
    refusal = VICTIM_ABSENT;
  else if (sqlite3_column_int (stmt, 5) != 0)
    refusal = SAME_SIDE;
  else if (other_killer != NULL && sqlite3_column_int (stmt, 8) != 0)
    refusal = NAMED_TWICE;
  else if (other_killer != NULL)
    refusal = KILLED_BEFORE;
  else if (def != NULL && !def->removes)
    refusal = OUTCOME_KEEPS_HIM;
  else if (outcome == NULL && require_outcome)
    refusal = NO_OUTCOME;
  else
    return TRUE;

  if (refusal != SAME_SIDE)
    {
      game = muster_store_get_game (store, game_id, error);
      if (game == NULL)
        return FALSE;
      what = muster_game_describe_full (game);
    }
  if (refusal == OUTCOME_KEEPS_HIM || refusal == NO_OUTCOME)
    wanted = removing_outcomes (ruleset);

  switch (refusal)
    {
    case KILLER_ABSENT:
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("%s did not take part in %s."), killer, what);
      break;
    case VICTIM_ABSENT:
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("%s did not take part in %s, so %s cannot have put him out of action."),
                   victim, what, killer);
      break;
    case SAME_SIDE:
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("%s is on the same side as %s."), victim, killer);
      break;
    case NAMED_TWICE:
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("%s is named twice among the men %s put out of action in %s: a man is put out of action once in a game."),
                   victim, killer, what);
      break;
    case KILLED_BEFORE:
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("%s cannot have put %s out of action in %s: %s already did. A man is put out of action once in a game, by one killer."),
                   killer, victim, what, other_killer);
      break;
    case OUTCOME_KEEPS_HIM:
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   /* Translators: victim, outcome, game, killer, list of outcomes */
                   _("%1$s cannot be “%2$s” in %3$s: %4$s put him out of action there. "
                     "Record him with one of these outcomes: %5$s; or take him off the men %4$s put out of action."),
                   victim, def->name, what, killer, wanted);
      break;
    case NO_OUTCOME:
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
                   /* Translators: killer, victim, game, list of outcomes */
                   _("%1$s put %2$s out of action in %3$s, but nothing is recorded for %2$s yet: "
                     "record him with one of these outcomes first: %4$s."),
                   killer, victim, what, wanted);
      break;
    case KILL_KEEPS_THE_RULES:
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

/**
 * muster_store_check_game_kills:
 * @require_outcome: see muster_store_check_kill()
 *
 * Whether every kill of @game_id keeps the rules, checked in the order
 * they were recorded, so that the second of two kills of one man is the
 * one refused.
 */
gboolean
muster_store_check_game_kills (MusterStore  *store,
                               gint64        game_id,
                               gboolean      require_outcome,
                               GError      **error)
{
  g_autoptr(GArray) kills = g_array_new (FALSE, FALSE, sizeof (gint64));
  int rc;

  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt =
      muster_store_prepare (store, "SELECT id FROM kill WHERE game_id = ? ORDER BY id", error);

    if (stmt == NULL)
      return FALSE;
    sqlite3_bind_int64 (stmt, 1, game_id);
    while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
      {
        gint64 id = sqlite3_column_int64 (stmt, 0);

        g_array_append_val (kills, id);
      }
    if (rc != SQLITE_DONE)
      {
        muster_store_set_error (store, error, _("Could not read the game’s kills"));
        return FALSE;
      }
  }

  for (guint i = 0; i < kills->len; i++)
    if (!muster_store_check_kill (store, g_array_index (kills, gint64, i), require_outcome, error))
      return FALSE;
  return TRUE;
}
