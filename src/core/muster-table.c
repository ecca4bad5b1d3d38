/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-table"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-engine.h"
#include "muster-ruleset-play.h"
#include "muster-store-private.h"
#include "muster-table-private.h"

/* Play at the table: starting a game, its hits, and the results they
 * make when it is finished (muster-table.h). */

static const char * const hit_kinds[] = { "shot", "melee", "wound-die" };

const char *
muster_hit_kind_to_string (MusterHitKind kind)
{
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (hit_kinds), NULL);

  return hit_kinds[kind];
}

void
muster_hit_free (MusterHit *hit)
{
  if (hit == NULL)
    return;
  g_free (hit->target_name);
  g_free (hit->attacker_name);
  g_free (hit->location);
  g_free (hit->location_faces);
  g_free (hit->effect_faces);
  g_strfreev (hit->modifiers);
  g_free (hit->effect);
  g_free (hit);
}

MusterGame *
muster_table_get_started_game (MusterStore  *store,
                               gint64        game_id,
                               GError      **error)
{
  g_autoptr(MusterGame) game = muster_store_get_game (store, game_id, error);

  if (game == NULL)
    return NULL;
  if (muster_game_get_state (game) != MUSTER_GAME_STARTED)
    {
      g_autofree char *what = muster_game_describe_full (game);

      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
                   _("%s is not being played at the table (it is %s): start it first."),
                   what, muster_game_state_get_label (muster_game_get_state (game)));
      return NULL;
    }
  return g_steal_pointer (&game);
}

/**
 * muster_table_require_play:
 * @ruleset: a campaign's rules
 *
 * Returns: (nullable): the rules' play at the table, or %NULL with
 * MUSTER_ENGINE_ERROR_STATE saying that they predate it and how to take
 * newer ones.
 */
const MusterPlay *
muster_table_require_play (MusterRuleset  *ruleset,
                           GError        **error)
{
  const MusterPlay *play = muster_ruleset_get_play (ruleset);

  if (play == NULL)
    g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
                 _("The campaign plays version %s of %s, whose rules predate play at the table: "
                   "take the newer rules (update-rules) to play its games here."),
                 muster_ruleset_get_version (ruleset), muster_ruleset_get_title (ruleset));
  return play;
}

const MusterPlay *
muster_table_get_play (MusterStore    *store,
                       MusterGame     *game,
                       MusterRuleset **out_ruleset,
                       GError        **error)
{
  MusterRuleset *ruleset = muster_store_get_campaign_ruleset (store, muster_game_get_campaign_id (game), error);
  const MusterPlay *play;

  if (ruleset == NULL || (play = muster_table_require_play (ruleset, error)) == NULL)
    return NULL;
  *out_ruleset = ruleset;
  return play;
}

/* get_play() for rules that resolve hits at the table. */
static const MusterPlay *
get_hit_play (MusterStore    *store,
              MusterGame     *game,
              MusterRuleset **out_ruleset,
              GError        **error)
{
  const MusterPlay *play = muster_table_get_play (store, game, out_ruleset, error);

  if (play != NULL && play->effects->len == 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
                   _("%s keeps its casualties with Record Results: hits are not resolved at the table."),
                   muster_ruleset_get_title (*out_ruleset));
      return NULL;
    }
  return play;
}

gboolean
muster_store_start_game (MusterStore  *store,
                         gint64        game_id,
                         GError      **error)
{
  return muster_store_start_game_full (store, game_id, FALSE, error);
}

gboolean
muster_store_get_per_bound (MusterStore  *store,
                            gint64        game_id,
                            gboolean     *out_per_bound,
                            GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (store, "SELECT per_bound FROM table_game WHERE game_id = ?", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    {
      muster_store_set_error (store, error, _("Could not read the game"));
      return FALSE;
    }
  *out_per_bound = rc == SQLITE_ROW && sqlite3_column_int (stmt, 0) != 0;
  return TRUE;
}

gboolean
muster_store_start_game_full (MusterStore  *store,
                              gint64        game_id,
                              gboolean      per_bound,
                              GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  g_autoptr(MusterGame) game = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);

  game = muster_store_get_game (store, game_id, error);
  if (game == NULL)
    return FALSE;
  if (muster_game_get_state (game) != MUSTER_GAME_PLANNED)
    {
      g_autofree char *what = muster_game_describe_full (game);

      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
                   _("%s is %s: only a planned game can be started."),
                   what, muster_game_state_get_label (muster_game_get_state (game)));
      return FALSE;
    }

  if (!muster_store_begin (store, error))
    return FALSE;
  stmt = muster_store_prepare (store, "INSERT INTO table_game (game_id, per_bound) VALUES (?, ?)", error);
  if (stmt != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, game_id);
      sqlite3_bind_int (stmt, 2, per_bound);
    }
  if (stmt == NULL ||
      !muster_store_exec (store, stmt, _("Could not start the game"), error) ||
      !muster_store_exec_id (store, "UPDATE game SET state = 'started' WHERE id = ?", game_id,
                             _("Could not start the game"), error))
    {
      muster_store_rollback (store);
      return FALSE;
    }
  return muster_store_log_and_commit (store, muster_game_get_campaign_id (game), game_id, 0, "started",
                                      muster_log_args ("i:number", muster_game_get_number (game),
                                                       "s:title", muster_game_get_title (game),
                                                       "b:per_bound", per_bound, NULL),
                                      MUSTER_CHANGE_GAMES | MUSTER_CHANGE_LOG, error);
}

#define HIT_COLUMNS \
  "h.game_id, h.ordinal, h.target_id, h.unit_id, h.attacker_id, " \
  "coalesce (t.name, u.name), a.name, h.kind, h.bound, h.location, h.location_faces, " \
  "h.effect_faces, h.difference, h.score, h.modifiers, h.effect, h.light, h.serious, " \
  "h.figures, h.killed, h.wounded, h.entered " \
  "FROM table_hit h LEFT JOIN character t ON t.id = h.target_id " \
  "LEFT JOIN unit u ON u.id = h.unit_id LEFT JOIN character a ON a.id = h.attacker_id "

static MusterHit *
hit_from_row (sqlite3_stmt *stmt)
{
  MusterHit *hit = g_new0 (MusterHit, 1);
  const char *kind = muster_column_text (stmt, 7);

  hit->game_id = sqlite3_column_int64 (stmt, 0);
  hit->ordinal = sqlite3_column_int (stmt, 1);
  hit->target_id = sqlite3_column_int64 (stmt, 2);
  hit->unit_id = sqlite3_column_int64 (stmt, 3);
  hit->attacker_id = sqlite3_column_int64 (stmt, 4);
  hit->target_name = g_strdup (muster_column_text (stmt, 5));
  hit->attacker_name = g_strdup (muster_column_text (stmt, 6));
  for (guint i = 0; i < G_N_ELEMENTS (hit_kinds); i++)
    if (g_strcmp0 (kind, hit_kinds[i]) == 0)
      hit->kind = i;
  hit->bound = sqlite3_column_int (stmt, 8);
  hit->location = g_strdup (muster_column_text (stmt, 9));
  hit->location_faces = g_strdup (muster_column_text (stmt, 10));
  hit->effect_faces = g_strdup (muster_column_text (stmt, 11));
  hit->difference = sqlite3_column_int (stmt, 12);
  hit->score = sqlite3_column_int (stmt, 13);
  hit->modifiers = g_strsplit (muster_column_text (stmt, 14), " ", -1);
  if (hit->modifiers[0] != NULL && hit->modifiers[0][0] == '\0')
    g_clear_pointer (&hit->modifiers[0], g_free);
  hit->effect = g_strdup (muster_column_text (stmt, 15));
  hit->light = sqlite3_column_int (stmt, 16);
  hit->serious = sqlite3_column_int (stmt, 17);
  hit->figures = sqlite3_column_int (stmt, 18);
  hit->killed = sqlite3_column_int (stmt, 19);
  hit->wounded = sqlite3_column_int (stmt, 20);
  hit->entered = sqlite3_column_int (stmt, 21) != 0;
  return hit;
}

GPtrArray *
muster_store_list_hits (MusterStore  *store,
                        gint64        game_id,
                        GError      **error)
{
  g_autoptr(GPtrArray) hits = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_hit_free);
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  stmt = muster_store_prepare (store, "SELECT " HIT_COLUMNS "WHERE h.game_id = ? ORDER BY h.ordinal", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (hits, hit_from_row (stmt));
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (store, error, _("Could not read the game’s hits"));
      return NULL;
    }
  return g_steal_pointer (&hits);
}

/* One participant, by character or unit id. */
static const MusterParticipant *
find_participant (GPtrArray *participants,
                  gint64     character_id)
{
  for (guint i = 0; i < participants->len; i++)
    {
      const MusterParticipant *p = g_ptr_array_index (participants, i);

      if (p->character_id == character_id)
        return p;
    }
  return NULL;
}

static const MusterUnitParticipant *
find_unit (GPtrArray *units,
           gint64     unit_id)
{
  for (guint i = 0; i < units->len; i++)
    {
      const MusterUnitParticipant *u = g_ptr_array_index (units, i);

      if (u->unit_id == unit_id)
        return u;
    }
  return NULL;
}

/* A roll of @expr: the faces typed in, else from @rng. */
static MusterRoll *
roll_dice (const MusterDiceExpr *expr,
           MusterRng            *rng,
           const int            *faces,
           guint                 n_faces,
           GError              **error)
{
  if (faces != NULL)
    return muster_roll_new_entered (expr, faces, n_faces, error);
  return muster_roll_new_random (expr, rng);
}

/* The modifiers of @request, checked, their total and whether one turns
 * the effect into another. */
static gboolean
apply_modifiers (const MusterPlay        *play,
                 const MusterHitRequest  *request,
                 MusterCharacter         *attacker,
                 int                      attacker_light,
                 int                      attacker_serious,
                 int                     *total,
                 int                     *dice,
                 GString                 *ids,
                 GError                 **error)
{
  *total = 0;
  *dice = 0;
  for (guint i = 0; request->modifiers != NULL && request->modifiers[i] != NULL; i++)
    {
      const MusterPlayModifier *modifier = muster_play_lookup_modifier (play, request->modifiers[i]);

      if (modifier == NULL)
        {
          g_autoptr(GString) known = g_string_new (NULL);

          for (guint j = 0; j < play->modifiers->len; j++)
            g_string_append_printf (known, "%s%s", j > 0 ? ", " : "",
                                    ((const MusterPlayModifier *) g_ptr_array_index (play->modifiers, j))->id);
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                       _("“%s” is not a modifier of these rules: use one of %s."),
                       request->modifiers[i], known->str);
          return FALSE;
        }
      if (modifier->stat != NULL)
        continue;
      *total += modifier->value;
      *dice = MAX (*dice, modifier->dice);
      g_string_append_printf (ids, "%s%s", ids->len > 0 ? " " : "", modifier->id);
    }
  /* Those read from the attacker's characteristics, as his wounds of the
   * game leave them, apply whenever there is an attacker. */
  for (guint i = 0; attacker != NULL && i < play->modifiers->len; i++)
    {
      const MusterPlayModifier *modifier = g_ptr_array_index (play->modifiers, i);
      int value;

      if (modifier->stat == NULL || !muster_character_get_stat (attacker, modifier->stat, &value))
        continue;
      value = muster_play_wounded_stat (play, modifier->stat, value, attacker_light, attacker_serious);
      *total += muster_play_modifier_value (modifier, value);
      g_string_append_printf (ids, "%s%s", ids->len > 0 ? " " : "", modifier->id);
    }
  return TRUE;
}

static gboolean
insert_roll (MusterStore       *store,
             MusterGame        *game,
             gint64             character_id,
             const char        *purpose,
             const MusterRoll  *roll,
             gint64            *out_id,
             GError           **error)
{
  if (roll == NULL)
    return TRUE;
  *out_id = muster_store_insert_roll (store, muster_game_get_campaign_id (game), muster_game_get_id (game),
                                      character_id, 0, purpose, roll, error);
  return *out_id != 0;
}

/* The ordinal the next hit of @game_id takes, 0 with @error set. */
static int
next_ordinal (MusterStore  *store,
              gint64        game_id,
              GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (store,
                                                              "SELECT coalesce (max (ordinal), 0) + 1"
                                                              " FROM table_hit WHERE game_id = ?",
                                                              error);

  if (stmt == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, game_id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      muster_store_set_error (store, error, _("Could not read the game’s hits"));
      return 0;
    }
  return sqlite3_column_int (stmt, 0);
}

MusterHit *
muster_store_record_hit (MusterStore            *store,
                         gint64                  game_id,
                         const MusterHitRequest *request,
                         GError                **error)
{
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(MusterCharacter) attacker_character = NULL;
  g_autoptr(MusterRoll) location_roll = NULL;
  g_autoptr(MusterRoll) effect_roll = NULL;
  g_autoptr(GString) modifier_ids = g_string_new (NULL);
  g_autoptr(MusterHit) hit = g_new0 (MusterHit, 1);
  g_autofree char *purpose = NULL;
  g_autofree char *location_purpose = NULL;
  g_autofree char *effect_purpose = NULL;
  const MusterParticipant *target = NULL, *attacker = NULL;
  const MusterUnitParticipant *unit = NULL;
  const MusterPlayLocation *location = NULL;
  const MusterPlayEffect *effect = NULL;
  MusterRuleset *ruleset = NULL;
  const MusterPlay *play;
  MusterRng rng, location_rng, effect_rng;
  int modifier_total = 0, modifier_dice = 0, attacker_light = 0, attacker_serious = 0;
  gboolean removed = FALSE;
  gint64 roll_id = 0, location_roll_id = 0;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  JsonObject *args;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);
  g_return_val_if_fail (request != NULL, NULL);

  game = muster_table_get_started_game (store, game_id, error);
  if (game == NULL || (play = get_hit_play (store, game, &ruleset, error)) == NULL)
    return NULL;
  campaign = muster_store_get_campaign (store, muster_game_get_campaign_id (game), error);
  participants = muster_store_list_participants (store, game_id, error);
  units = participants != NULL ? muster_store_list_game_units (store, game_id, error) : NULL;
  if (campaign == NULL || participants == NULL || units == NULL)
    return NULL;

  if ((request->target_id != 0) == (request->unit_id != 0))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("A hit falls on a character or on figures of a unit: name one of them."));
      return NULL;
    }
  if (request->target_id != 0 && (target = find_participant (participants, request->target_id)) == NULL)
    {
      g_autofree char *what = muster_game_describe_full (game);
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, request->target_id);

      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The character with the id %s did not take part in %s."), id, what);
      return NULL;
    }
  if (request->unit_id != 0 && (unit = find_unit (units, request->unit_id)) == NULL)
    {
      g_autofree char *what = muster_game_describe_full (game);
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, request->unit_id);

      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The unit with the id %s did not take part in %s."), id, what);
      return NULL;
    }
  if (request->attacker_id != 0)
    {
      attacker = find_participant (participants, request->attacker_id);
      if (attacker == NULL)
        {
          g_autofree char *what = muster_game_describe_full (game);
          g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, request->attacker_id);

          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                       _("The character with the id %s did not take part in %s."), id, what);
          return NULL;
        }
      if (g_strcmp0 (attacker->side, target != NULL ? target->side : unit->side) == 0)
        {
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                       _("%s and %s fight on the same side: a hit comes from the other side."),
                       attacker->name, target != NULL ? target->name : unit->name);
          return NULL;
        }
      attacker_character = muster_store_get_character (store, attacker->character_id, error);
      if (attacker_character == NULL ||
          !muster_store_tally_hits (store, game_id, attacker->character_id, &attacker_light, &attacker_serious,
                                    &removed, error))
        return NULL;
    }
  if (target != NULL)
    {
      int light, serious;

      if (!muster_store_tally_hits (store, game_id, target->character_id, &light, &serious, &removed, error))
        return NULL;
      if (removed)
        {
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
                       _("%s is already out of this game: undo the hit that took him out to hit him again."),
                       target->name);
          return NULL;
        }
    }
  if (unit != NULL && request->figures < 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The figures hit cannot be fewer than one."));
      return NULL;
    }

  if (!apply_modifiers (play, request, attacker_character, attacker_light, attacker_serious,
                        &modifier_total, &modifier_dice, modifier_ids, error))
    return NULL;

  hit->game_id = game_id;
  hit->ordinal = next_ordinal (store, game_id, error);
  if (hit->ordinal <= 0)
    return NULL;

  /* The dice of this hit, whatever came before or was undone. */
  purpose = g_strdup_printf ("table/hit/%d", hit->ordinal);
  location_purpose = g_strconcat (purpose, "/location", NULL);
  effect_purpose = g_strconcat (purpose, "/effect", NULL);
  {
    g_autofree char *seed_purpose = g_strdup_printf ("table/game/%" G_GINT64_FORMAT "/hit/%d", game_id, hit->ordinal);

    muster_rng_init_for (&rng, muster_campaign_get_seed (campaign), seed_purpose);
    muster_rng_fork (&rng, "location", &location_rng);
    muster_rng_fork (&rng, "effect", &effect_rng);
  }

  hit->kind = request->kind;
  if (unit != NULL || play->rows->len == 0)
    hit->kind = MUSTER_HIT_WOUND_DIE;

  if (hit->kind == MUSTER_HIT_WOUND_DIE)
    {
      g_autoptr(MusterDiceExpr) expr = NULL;
      g_autofree char *text = NULL;
      guint per = MAX (modifier_dice, 1);
      guint count = per * (guint) (unit != NULL ? MAX (request->figures, 1) : 1);
      guint worst = 0;

      if (play->wound_die == NULL)
        {
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                       _("These rules have no wound die: a hit is a shot or a melee."));
          return NULL;
        }
      if (unit != NULL && (gint64) MAX (request->figures, 1) > unit->figures)
        {
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                       g_dngettext (GETTEXT_PACKAGE, "%s took the field with %d figure.",
                                    "%s took the field with %d figures.", unit->figures),
                       unit->name, unit->figures);
          return NULL;
        }
      text = g_strdup_printf ("%ud%u", count, muster_dice_expr_get_die_sides (play->wound_die, 0));
      expr = muster_dice_expr_parse (text, error);
      if (expr == NULL ||
          (effect_roll = roll_dice (expr, &effect_rng, request->effect_faces, request->n_effect_faces, error)) == NULL)
        return NULL;
      for (guint i = 0; i < effect_roll->faces->len; i++)
        {
          const MusterPlayEffect *e = muster_play_wound_die_effect (play, g_array_index (effect_roll->faces, int, i));

          if (e == NULL)
            continue;
          hit->light += e->light;
          hit->serious += e->serious;
          hit->killed += g_strcmp0 (e->unit, "killed") == 0;
          hit->wounded += g_strcmp0 (e->unit, "wounded") == 0;
          for (guint j = 0; j < play->effects->len; j++)
            if (g_ptr_array_index (play->effects, j) == e)
              worst = MAX (worst, j);
        }
      effect = g_ptr_array_index (play->effects, worst);
      hit->figures = unit != NULL ? MAX (request->figures, 1) : 0;
      /* A character's fatal die is his outcome, not wounds. */
      if (muster_table_effect_removes (ruleset, effect))
        hit->light = hit->serious = 0;
    }
  else
    {
      if (request->location != NULL)
        {
          location = muster_play_lookup_location (play, request->location);
          if (location == NULL)
            {
              g_autoptr(GString) known = g_string_new (NULL);

              for (guint j = 0; j < play->locations->len; j++)
                g_string_append_printf (known, "%s%s", j > 0 ? ", " : "",
                                        ((const MusterPlayLocation *) g_ptr_array_index (play->locations, j))->id);
              g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                           _("“%s” is not a hit location of these rules: use one of %s."),
                           request->location, known->str);
              return NULL;
            }
        }
      else if (play->location_dice != NULL)
        {
          location_roll = roll_dice (play->location_dice, &location_rng, request->location_faces,
                                     request->n_location_faces, error);
          if (location_roll == NULL)
            return NULL;
          location = muster_play_location_for_face (play, location_roll->total);
        }
      if (location == NULL)
        {
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                       _("No hit location of these rules takes a %d."), location_roll != NULL ? location_roll->total : 0);
          return NULL;
        }

      hit->difference = request->kind == MUSTER_HIT_MELEE ? request->difference : 0;
      if (request->has_score)
        hit->score = request->score;
      else
        {
          effect_roll = roll_dice (request->kind == MUSTER_HIT_MELEE ? play->melee_dice : play->shot_dice,
                                   &effect_rng, request->effect_faces, request->n_effect_faces, error);
          if (effect_roll == NULL)
            return NULL;
          hit->score = effect_roll->total + hit->difference + modifier_total;
        }
      effect = muster_play_wound_effect (play, location->row, hit->score);
      /* A modifier may turn some effects into another (a knock-out). */
      for (guint i = 0; request->modifiers != NULL && request->modifiers[i] != NULL; i++)
        {
          const MusterPlayModifier *modifier = muster_play_lookup_modifier (play, request->modifiers[i]);

          if (modifier->into != NULL && modifier->turns != NULL &&
              g_strv_contains ((const char * const *) modifier->turns->pdata, effect->id))
            effect = muster_play_lookup_effect (play, modifier->into);
        }
      hit->light = effect->light;
      hit->serious = effect->serious;
      hit->location = g_strdup (location->id);
    }

  hit->effect = g_strdup (effect->id);
  hit->target_id = request->target_id;
  hit->unit_id = request->unit_id;
  hit->attacker_id = request->attacker_id;
  hit->target_name = g_strdup (target != NULL ? target->name : unit->name);
  hit->attacker_name = g_strdup (attacker != NULL ? attacker->name : NULL);
  hit->bound = MAX (request->bound, 0);
  hit->modifiers = g_strsplit (modifier_ids->str, " ", -1);
  if (hit->modifiers[0] != NULL && hit->modifiers[0][0] == '\0')
    g_clear_pointer (&hit->modifiers[0], g_free);
  hit->location_faces = location_roll != NULL ? muster_roll_faces_to_string (location_roll) : g_strdup ("");
  hit->effect_faces = effect_roll != NULL ? muster_roll_faces_to_string (effect_roll) : g_strdup ("");
  hit->entered = (location_roll != NULL && location_roll->entered) || (effect_roll != NULL && effect_roll->entered);

  if (!muster_store_begin (store, error))
    return NULL;
  if (!insert_roll (store, game, hit->target_id, location_purpose, location_roll, &location_roll_id, error) ||
      !insert_roll (store, game, hit->target_id, effect_purpose, effect_roll, &roll_id, error))
    goto fail;

  stmt = muster_store_prepare (store,
                               "INSERT INTO table_hit (game_id, ordinal, target_id, unit_id, attacker_id, bound, "
                               "kind, location, difference, score, modifiers, effect, light, serious, "
                               "location_faces, effect_faces, entered, figures, killed, wounded, created) "
                               "VALUES (?, ?, nullif (?, 0), nullif (?, 0), nullif (?, 0), ?, ?, ?, ?, ?, ?, ?, "
                               "?, ?, ?, ?, ?, ?, ?, ?, ?)",
                               error);
  if (stmt == NULL)
    goto fail;
  {
    g_autofree char *now = muster_store_now ();

    sqlite3_bind_int64 (stmt, 1, game_id);
    sqlite3_bind_int (stmt, 2, hit->ordinal);
    sqlite3_bind_int64 (stmt, 3, hit->target_id);
    sqlite3_bind_int64 (stmt, 4, hit->unit_id);
    sqlite3_bind_int64 (stmt, 5, hit->attacker_id);
    sqlite3_bind_int (stmt, 6, hit->bound);
    sqlite3_bind_text (stmt, 7, muster_hit_kind_to_string (hit->kind), -1, SQLITE_STATIC);
    if (hit->location != NULL)
      sqlite3_bind_text (stmt, 8, hit->location, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int (stmt, 9, hit->difference);
    sqlite3_bind_int (stmt, 10, hit->score);
    sqlite3_bind_text (stmt, 11, modifier_ids->str, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text (stmt, 12, hit->effect, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int (stmt, 13, hit->light);
    sqlite3_bind_int (stmt, 14, hit->serious);
    sqlite3_bind_text (stmt, 15, hit->location_faces, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text (stmt, 16, hit->effect_faces, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int (stmt, 17, hit->entered);
    sqlite3_bind_int (stmt, 18, hit->figures);
    sqlite3_bind_int (stmt, 19, hit->killed);
    sqlite3_bind_int (stmt, 20, hit->wounded);
    sqlite3_bind_text (stmt, 21, now, -1, SQLITE_TRANSIENT);
  }
  if (!muster_store_exec (store, stmt, _("Could not record the hit"), error))
    goto fail;

  args = muster_log_args ("i:ordinal", hit->ordinal, "s:name", hit->target_name,
                          "r:character_id", hit->target_id, "r:unit_id", hit->unit_id,
                          "s:attacker", hit->attacker_name, "r:attacker_id", hit->attacker_id,
                          "s:kind", muster_hit_kind_to_string (hit->kind),
                          "s:location", hit->location, "s:effect", hit->effect, NULL);
  if (hit->kind != MUSTER_HIT_WOUND_DIE)
    json_object_set_int_member (args, "score", hit->score);
  if (unit != NULL)
    {
      json_object_set_int_member (args, "figures", hit->figures);
      json_object_set_int_member (args, "killed", hit->killed);
      json_object_set_int_member (args, "wounded", hit->wounded);
    }
  if (muster_store_insert_log (store, muster_game_get_campaign_id (game), game_id, hit->target_id, 0,
                               roll_id != 0 ? roll_id : location_roll_id, "hit", args, error) == 0 ||
      !muster_store_commit (store, error))
    goto fail;
  muster_store_emit_changed (store, MUSTER_CHANGE_GAMES | MUSTER_CHANGE_LOG, muster_game_get_campaign_id (game));
  return g_steal_pointer (&hit);

fail:
  muster_store_rollback (store);
  return NULL;
}

int
muster_table_last_ordinal (MusterStore  *store,
                           gint64        game_id,
                           GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (store,
                                                              "SELECT coalesce (max (ordinal), 0) FROM table_hit"
                                                              " WHERE game_id = ?",
                                                              error);

  if (stmt == NULL)
    return -1;
  sqlite3_bind_int64 (stmt, 1, game_id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      muster_store_set_error (store, error, _("Could not read the game’s hits"));
      return -1;
    }
  return sqlite3_column_int (stmt, 0);
}

gboolean
muster_table_delete_hit (MusterStore  *store,
                         gint64        game_id,
                         int           ordinal,
                         GError      **error)
{
  g_autofree char *pattern = g_strdup_printf ("table/hit/%d/%%", ordinal);
  MUSTER_STMT_AUTO sqlite3_stmt *log = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *rolls = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *row = NULL;

  log = muster_store_prepare (store,
                              "DELETE FROM log_entry WHERE game_id = ? AND kind = 'hit' "
                              "AND json_extract (args, '$.ordinal') = ?",
                              error);
  if (log == NULL)
    return FALSE;
  sqlite3_bind_int64 (log, 1, game_id);
  sqlite3_bind_int (log, 2, ordinal);
  if (!muster_store_exec (store, log, _("Could not undo the hit"), error))
    return FALSE;
  rolls = muster_store_prepare (store, "DELETE FROM roll WHERE game_id = ? AND purpose LIKE ?", error);
  if (rolls == NULL)
    return FALSE;
  sqlite3_bind_int64 (rolls, 1, game_id);
  sqlite3_bind_text (rolls, 2, pattern, -1, SQLITE_TRANSIENT);
  if (!muster_store_exec (store, rolls, _("Could not undo the hit"), error))
    return FALSE;
  row = muster_store_prepare (store, "DELETE FROM table_hit WHERE game_id = ? AND ordinal = ?", error);
  if (row == NULL)
    return FALSE;
  sqlite3_bind_int64 (row, 1, game_id);
  sqlite3_bind_int (row, 2, ordinal);
  return muster_store_exec (store, row, _("Could not undo the hit"), error);
}
