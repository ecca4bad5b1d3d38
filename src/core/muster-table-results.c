/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-table"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-engine.h"
#include "muster-store-private.h"
#include "muster-table-private.h"

/* What the hits of a started game did: to one man so far, and to all of
 * them as results when the game is finished (muster-table.h). */

gboolean
muster_table_effect_removes (MusterRuleset          *ruleset,
                             const MusterPlayEffect *effect)
{
  const MusterOutcomeDef *outcome = muster_ruleset_lookup_outcome (ruleset, effect->outcome);

  return outcome != NULL && outcome->removes;
}

/* What the hits did to one man, hit by hit. */
typedef struct {
  int         light;
  int         serious;
  const char *outcome;      /* the outcome of the last effect that wounded or removed him */
  gboolean    removed;
  gint64      removed_by;   /* the attacker of the hit that took him out */
} Tally;

static void
tally_hit (MusterRuleset    *ruleset,
           const MusterPlay *play,
           Tally            *tally,
           const MusterHit  *hit)
{
  const MusterPlayEffect *effect = muster_play_lookup_effect (play, hit->effect);

  if (tally->removed || effect == NULL)
    return;
  tally->light += hit->light;
  tally->serious += hit->serious;
  if (hit->light > 0 || hit->serious > 0 || muster_table_effect_removes (ruleset, effect))
    tally->outcome = effect->outcome;
  /* Wounds that add up take him out: the store's rule, as a result typed
   * in would have it. */
  if (muster_table_effect_removes (ruleset, effect) ||
      muster_ruleset_wounds_add_up (ruleset, tally->light, tally->serious) != NULL)
    {
      tally->removed = TRUE;
      tally->removed_by = hit->attacker_id;
    }
}

gboolean
muster_store_tally_hits (MusterStore  *store,
                         gint64        game_id,
                         gint64        character_id,
                         int          *out_light,
                         int          *out_serious,
                         gboolean     *out_removed,
                         GError      **error)
{
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GPtrArray) hits = NULL;
  MusterRuleset *ruleset = NULL;
  const MusterPlay *play;
  Tally tally = { 0, };

  game = muster_store_get_game (store, game_id, error);
  if (game == NULL || (play = muster_table_get_play (store, game, &ruleset, error)) == NULL)
    return FALSE;
  hits = muster_store_list_hits (store, game_id, error);
  if (hits == NULL)
    return FALSE;
  for (guint i = 0; i < hits->len; i++)
    {
      const MusterHit *hit = g_ptr_array_index (hits, i);

      if (hit->target_id == character_id)
        tally_hit (ruleset, play, &tally, hit);
    }
  *out_light = tally.light;
  *out_serious = tally.serious;
  *out_removed = tally.removed;
  return TRUE;
}

/* Fills in what the hits of a started game did as the results of the
 * @participants and @units that have none recorded: the one rule by which
 * finishing the game records them, and by which they are shown while it
 * is played (@as_recorded: with wounds that add up shown as their
 * outcome). Sets *@out_filled when the rules resolve hits (the others
 * keep what was typed in Record Results). */
static gboolean
fill_table_results (MusterStore  *store,
                    MusterGame   *game,
                    GPtrArray    *participants,
                    GPtrArray    *units,
                    gboolean      as_recorded,
                    gboolean     *out_filled,
                    GError      **error)
{
  g_autoptr(GPtrArray) hits = NULL;
  g_autofree Tally *tallies = NULL;
  gint64 game_id = muster_game_get_id (game);
  MusterRuleset *ruleset = NULL;
  const MusterPlay *play;

  *out_filled = FALSE;
  ruleset = muster_store_get_campaign_ruleset (store, muster_game_get_campaign_id (game), error);
  if (ruleset == NULL)
    return FALSE;
  play = muster_ruleset_get_play (ruleset);
  if (play == NULL || play->effects->len == 0)
    return TRUE;
  hits = muster_store_list_hits (store, game_id, error);
  if (hits == NULL)
    return FALSE;

  tallies = g_new0 (Tally, participants->len);
  for (guint h = 0; h < hits->len; h++)
    {
      const MusterHit *hit = g_ptr_array_index (hits, h);

      for (guint i = 0; i < participants->len; i++)
        if (((MusterParticipant *) g_ptr_array_index (participants, i))->character_id == hit->target_id)
          tally_hit (ruleset, play, &tallies[i], hit);
    }

  for (guint i = 0; i < participants->len; i++)
    {
      MusterParticipant *p = g_ptr_array_index (participants, i);
      const MusterOutcomeDef *outcome;

      if (p->outcome != NULL)
        continue;
      g_array_set_size (p->victims, 0);
      g_ptr_array_set_size (p->victim_names, 0);
      for (guint j = 0; j < participants->len; j++)
        if (tallies[j].removed && tallies[j].removed_by == p->character_id)
          {
            const MusterParticipant *victim = g_ptr_array_index (participants, j);

            g_array_append_val (p->victims, victim->character_id);
            g_ptr_array_add (p->victim_names, g_strdup (victim->name));
          }
      outcome = muster_ruleset_lookup_outcome (ruleset, tallies[i].outcome != NULL ? tallies[i].outcome : play->unhurt);
      p->light_wounds = outcome->takes_light ? tallies[i].light : 0;
      p->serious_wounds = outcome->takes_serious ? tallies[i].serious : 0;
      /* Shown as the store records it (wounds that add up are their
       * outcome); finishing hands them to muster_store_set_result() as
       * they were taken, which does the same and logs it. */
      if (as_recorded)
        outcome = muster_store_result_outcome (ruleset, outcome, &p->light_wounds, &p->serious_wounds, NULL);
      p->outcome = g_strdup (outcome->id);
    }

  for (guint i = 0; i < units->len; i++)
    {
      MusterUnitParticipant *u = g_ptr_array_index (units, i);

      if (u->recorded)
        continue;
      u->killed = u->wounded = 0;
      for (guint h = 0; h < hits->len; h++)
        {
          const MusterHit *hit = g_ptr_array_index (hits, h);

          if (hit->unit_id != u->unit_id)
            continue;
          u->killed += hit->killed;
          u->wounded += hit->wounded;
        }
      /* A figure counts once, the worst first. */
      u->killed = MIN (u->killed, u->figures);
      u->wounded = MIN (u->wounded, u->figures - u->killed);
    }
  *out_filled = TRUE;
  return TRUE;
}

/**
 * muster_store_list_game_results:
 * @store: the store
 * @game_id: a game
 * @out_units: (out) (optional): its units, of MusterUnitParticipant*
 * @error: return location for a #GError
 *
 * The participants of @game_id with their results, as
 * muster_store_list_participants() and muster_store_list_game_units()
 * give them; while the game is started, those with nothing recorded yet
 * carry what the table's hits did so far, exactly as finishing the game
 * would record it.
 *
 * Returns: (transfer full): of MusterParticipant*, or %NULL with @error set.
 */
GPtrArray *
muster_store_list_game_results (MusterStore  *store,
                                gint64        game_id,
                                GPtrArray   **out_units,
                                GError      **error)
{
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(GPtrArray) units = NULL;
  gboolean filled;

  if ((game = muster_store_get_game (store, game_id, error)) == NULL ||
      (participants = muster_store_list_participants (store, game_id, error)) == NULL ||
      (units = muster_store_list_game_units (store, game_id, error)) == NULL)
    return NULL;
  if (muster_game_get_state (game) == MUSTER_GAME_STARTED &&
      !fill_table_results (store, game, participants, units, TRUE, &filled, error))
    return NULL;
  if (out_units != NULL)
    *out_units = g_steal_pointer (&units);
  return g_steal_pointer (&participants);
}

/**
 * muster_store_tx_record_table_results:
 * @game: a started game
 *
 * Inside a change the caller began (finishing the game): records what the
 * hits did as the game's results, through muster_store_set_result() and
 * muster_store_set_unit_result(), so they are exactly what typing them in
 * would record. A man nothing hit is unhurt; a man taken out of the game
 * is the victim of the attacker of the hit that took him out. A result
 * typed in while the game was started (a correction) is kept as it is.
 */
gboolean
muster_store_tx_record_table_results (MusterStore  *store,
                                      MusterGame   *game,
                                      GError      **error)
{
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(GPtrArray) units = NULL;
  g_autofree gboolean *recorded = NULL;
  g_autofree gboolean *unit_recorded = NULL;
  gint64 game_id = muster_game_get_id (game);
  gboolean filled;

  participants = muster_store_list_participants (store, game_id, error);
  units = participants != NULL ? muster_store_list_game_units (store, game_id, error) : NULL;
  if (units == NULL)
    return FALSE;
  recorded = g_new0 (gboolean, participants->len + 1);
  for (guint i = 0; i < participants->len; i++)
    recorded[i] = ((MusterParticipant *) g_ptr_array_index (participants, i))->outcome != NULL;
  unit_recorded = g_new0 (gboolean, units->len + 1);
  for (guint i = 0; i < units->len; i++)
    unit_recorded[i] = ((MusterUnitParticipant *) g_ptr_array_index (units, i))->recorded;
  if (!fill_table_results (store, game, participants, units, FALSE, &filled, error))
    return FALSE;
  /* Rules whose casualties stay with Record Results keep what was typed. */
  if (!filled)
    return TRUE;

  for (guint i = 0; i < participants->len; i++)
    {
      const MusterParticipant *p = g_ptr_array_index (participants, i);
      MusterResult result = { 0, };

      if (recorded[i])
        continue;
      result.outcome = p->outcome;
      result.light_wounds = p->light_wounds;
      result.serious_wounds = p->serious_wounds;
      result.victims = (const gint64 *) p->victims->data;
      result.n_victims = p->victims->len;
      if (!muster_store_set_result (store, game_id, p->character_id, &result, error))
        return FALSE;
    }

  for (guint i = 0; i < units->len; i++)
    {
      const MusterUnitParticipant *u = g_ptr_array_index (units, i);
      MusterUnitResult result = { 0, };

      if (unit_recorded[i])
        continue;
      result.killed = u->killed;
      result.wounded = u->wounded;
      if (!muster_store_set_unit_result (store, game_id, u->unit_id, &result, error))
        return FALSE;
    }
  return TRUE;
}
