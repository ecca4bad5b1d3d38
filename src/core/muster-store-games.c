/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-game"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "muster-campaign.h"
#include "muster-game.h"
#include "muster-ruleset.h"
#include "muster-store-private.h"
#include "muster-unit.h"

/* Changes to games in the store: planning a game with its characters and
 * units, recording results, finishing, deleting, releasing a captive, and
 * the checks that keep a game to the campaign's order. muster-game.c has
 * the MusterGame object and the queries that read games back. */

/* A date written YYYY-MM-DD that exists. */
gboolean
muster_store_check_date (const char  *date,
                         GError     **error)
{
  guint year, month, day;
  char end;

  if (strlen (date) == 10 &&
      g_ascii_isdigit (date[0]) && g_ascii_isdigit (date[1]) &&
      g_ascii_isdigit (date[2]) && g_ascii_isdigit (date[3]) &&
      date[4] == '-' && g_ascii_isdigit (date[5]) && g_ascii_isdigit (date[6]) &&
      date[7] == '-' && g_ascii_isdigit (date[8]) && g_ascii_isdigit (date[9]) &&
      sscanf (date, "%4u-%2u-%2u%c", &year, &month, &day, &end) == 3 &&
      year >= 1 && g_date_valid_dmy (day, month, year))
    return TRUE;

  g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
               _("“%s” is not a date: write it as YYYY-MM-DD, for example 1812-07-22."),
               date);
  return FALSE;
}

typedef struct {
  gint64        id;
  gint64        campaign_id;
  char         *name;
  char         *side;
  MusterStatus  status;
  int           out_games;
} CharacterInfo;

static void
character_info_clear (CharacterInfo *info)
{
  g_clear_pointer (&info->name, g_free);
  g_clear_pointer (&info->side, g_free);
}

static gboolean
load_character_info (MusterStore    *store,
                     gint64          character_id,
                     CharacterInfo  *info,
                     GError        **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (store,
                               "SELECT c.campaign_id, c.name, coalesce (f.side, f.name), "
                               "c.status, c.out_games "
                               "FROM character c JOIN force f ON f.id = c.force_id "
                               "WHERE c.id = ?",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, character_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                   _("There is no character with id %" PRId64 "."),
                   character_id);
      return FALSE;
    }
  if (rc != SQLITE_ROW)
    {
      muster_store_set_error (store, error, _("Could not read a character"));
      return FALSE;
    }

  info->id = character_id;
  info->campaign_id = sqlite3_column_int64 (stmt, 0);
  info->name = g_strdup (muster_column_text (stmt, 1));
  info->side = g_strdup (muster_column_text (stmt, 2));
  if (!muster_status_from_string (muster_column_text (stmt, 3), &info->status))
    info->status = MUSTER_STATUS_ACTIVE;
  info->out_games = sqlite3_column_int (stmt, 4);
  return TRUE;
}

static gboolean
check_info_available (const CharacterInfo  *info,
                      GError              **error)
{
  switch (info->status)
    {
    case MUSTER_STATUS_ACTIVE:
      return TRUE;

    case MUSTER_STATUS_DEAD:
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE,
                   _("%s is dead and cannot take part."), info->name);
      return FALSE;

    case MUSTER_STATUS_CAPTURED:
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE,
                   _("%s is a prisoner: release him after an exchange of prisoners before he takes part again."),
                   info->name);
      return FALSE;

    case MUSTER_STATUS_OUT_OF_ACTION:
      if (info->out_games > 0)
        g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE,
                     g_dngettext (GETTEXT_PACKAGE,
                                  "%s is out of action for %d more game.",
                                  "%s is out of action for %d more games.",
                                  info->out_games),
                     info->name, info->out_games);
      else
        g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE,
                     _("%s is out of action."), info->name);
      return FALSE;

    case MUSTER_STATUS_RETIRED:
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE,
                   _("%s has retired and cannot take part."), info->name);
      return FALSE;

    default:
      g_assert_not_reached ();
    }
}

/* The game, when it may still change: not resolved yet. */
/**
 * muster_store_get_open_game:
 * @store: a library
 * @game_id: the game’s id
 * @error: return location for a #GError, or %NULL
 *
 * Reads a game that may still be changed.
 *
 * Returns: (transfer full): a new #MusterGame, or %NULL with @error set
 */
MusterGame *
muster_store_get_open_game (MusterStore  *store,
                            gint64        game_id,
                            GError      **error)
{
  g_autoptr(MusterGame) game = muster_store_get_game (store, game_id, error);

  if (game == NULL)
    return NULL;
  if (muster_game_get_state (game) == MUSTER_GAME_RESOLVED)
    {
      g_autofree char *what = muster_game_describe_full (game);

      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
                   _("%s is already resolved: undo its resolution to change it."), what);
      return NULL;
    }
  return g_steal_pointer (&game);
}

/* Whether @character_id took part in @game_id, and on which side. */
static char *
participant_side (MusterStore  *store,
                  gint64        game_id,
                  gint64        character_id,
                  GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (store,
                               "SELECT side FROM participation "
                               "WHERE game_id = ? AND character_id = ?",
                               error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int64 (stmt, 2, character_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return g_strdup (muster_column_text (stmt, 0));
  if (rc != SQLITE_DONE)
    muster_store_set_error (store, error, _("Could not read a participant"));
  return NULL;
}

/* A planned game becomes played once a result is recorded for it. */
gboolean
muster_store_tx_mark_game_played (MusterStore  *store,
                                  gint64        game_id,
                                  GError      **error)
{
  return muster_store_exec_id (store, "UPDATE game SET state = 'played' WHERE id = ? AND state = 'planned'",
                               game_id, _("Could not update the game"), error);
}

/* A result as its log entry keeps it: the wounds only for an outcome
 * that takes them; with @added, the wounds of the game that added up to
 * the outcome it is recorded as. */
static JsonObject *
result_args (const char             *name,
             const MusterOutcomeDef *outcome,
             const MusterResult     *result,
             gboolean                added,
             const MusterResult     *entered)
{
  JsonObject *args = muster_log_args ("s:name", name, "s:outcome", outcome->id,
                                      "i:kills", (int) result->n_victims + result->killed_unnamed,
                                      NULL);

  if (outcome->takes_light || outcome->takes_serious)
    {
      json_object_set_int_member (args, "light", result->light_wounds);
      json_object_set_int_member (args, "serious", result->serious_wounds);
    }
  if (added)
    {
      json_object_set_int_member (args, "added_light", entered->light_wounds);
      json_object_set_int_member (args, "added_serious", entered->serious_wounds);
    }
  return args;
}

gint64
muster_store_create_game (MusterStore   *self,
                          gint64         campaign_id,
                          const char    *title,
                          const char    *date,
                          const gint64  *character_ids,
                          guint          n_characters,
                          GError       **error)
{
  return muster_store_create_game_full (self, campaign_id, title, date,
                                        character_ids, n_characters, NULL, 0, error);
}

/* Adds @side to the game's two @sides; FALSE with @error set when it would
 * be a third, naming @who. */
static gboolean
take_side (char        *sides[2],
           const char  *side,
           const char  *who,
           GError     **error)
{
  if (sides[0] == NULL)
    sides[0] = g_strdup (side);
  else if (!g_str_equal (sides[0], side) && sides[1] == NULL)
    sides[1] = g_strdup (side);
  else if (!g_str_equal (sides[0], side) && !g_str_equal (sides[1], side))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("A game is fought between two sides, but %s fights for “%s”, a third side after “%s” and “%s”."),
                   who, side, sides[0], sides[1]);
      return FALSE;
    }
  return TRUE;
}

/* Whether @unit may take the field in a game of @campaign_id. */
gboolean
muster_store_check_unit_available (MusterUnit  *unit,
                                   gint64       campaign_id,
                                   GError     **error)
{
  if (muster_unit_get_campaign_id (unit) != campaign_id)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE,
                   _("%s belongs to another campaign."), muster_unit_get_name (unit));
      return FALSE;
    }
  if (!g_str_equal (muster_unit_get_status (unit), MUSTER_UNIT_STATUS_ACTIVE) ||
      muster_unit_get_present (unit) == 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE,
                   _("%s has no figures left to take the field (%s)."),
                   muster_unit_get_name (unit), muster_unit_get_status (unit));
      return FALSE;
    }
  return TRUE;
}

gboolean
muster_store_tx_add_game_unit (MusterStore  *store,
                               gint64        game_id,
                               MusterUnit   *unit,
                               const char   *what,
                               GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  stmt = muster_store_prepare (store,
                               "INSERT INTO unit_participation (game_id, unit_id, side, figures) "
                               "VALUES (?, ?, ?, ?)",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int64 (stmt, 2, muster_unit_get_id (unit));
  sqlite3_bind_text (stmt, 3, muster_unit_get_side (unit), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 4, muster_unit_get_present (unit));
  if (sqlite3_step (stmt) == SQLITE_DONE)
    return TRUE;
  if (what != NULL &&
      sqlite3_extended_errcode (muster_store_get_db (store)) == SQLITE_CONSTRAINT_PRIMARYKEY)
    g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_EXISTS,
                 _("%s already takes part in %s."), muster_unit_get_name (unit), what);
  else
    muster_store_set_error (store, error, _("Could not add a unit to the game"));
  return FALSE;
}

/* The units taking part, once each, checked: of MusterUnit*, or NULL with
 * @error set. */
static GPtrArray *
load_game_units (MusterStore   *self,
                 gint64         campaign_id,
                 const gint64  *unit_ids,
                 guint          n_units,
                 char          *sides[2],
                 GError       **error)
{
  g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < n_units; i++)
    {
      g_autoptr(MusterUnit) unit = NULL;
      gboolean seen = FALSE;

      for (guint j = 0; j < units->len; j++)
        seen |= muster_unit_get_id (g_ptr_array_index (units, j)) == unit_ids[i];
      if (seen)
        continue;
      if ((unit = muster_store_get_unit (self, unit_ids[i], error)) == NULL)
        return NULL;
      if (!muster_store_check_unit_available (unit, campaign_id, error))
        return NULL;
      if (!take_side (sides, muster_unit_get_side (unit), muster_unit_get_name (unit), error))
        return NULL;
      g_ptr_array_add (units, g_steal_pointer (&unit));
    }
  return g_steal_pointer (&units);
}

/**
 * muster_store_create_game_full:
 *
 * Creates the game with its characters and its units in one transaction;
 * the sides come from both.
 */
gint64
muster_store_create_game_full (MusterStore   *self,
                               gint64         campaign_id,
                               const char    *title,
                               const char    *date,
                               const gint64  *character_ids,
                               guint          n_characters,
                               const gint64  *unit_ids,
                               guint          n_units,
                               GError       **error)
{
  g_autofree char *clean_title = NULL;
  g_autoptr(GHashTable) seen = NULL;
  g_autoptr(GArray) infos = NULL;
  g_autoptr(GPtrArray) units = NULL;
  char *sides[2] = { NULL, NULL };
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *insert = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *participant = NULL;
  gint64 game_id = 0;
  int number;

  g_return_val_if_fail (MUSTER_IS_STORE (self), 0);
  g_return_val_if_fail (title != NULL, 0);
  g_return_val_if_fail (character_ids != NULL || n_characters == 0, 0);
  g_return_val_if_fail (unit_ids != NULL || n_units == 0, 0);

  clean_title = g_strstrip (g_strdup (title));
  if (clean_title[0] == '\0')
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("A game needs a title, for example the scenario’s name."));
      return 0;
    }
  if (!muster_store_check_length (clean_title, error))
    return 0;
  if (date != NULL && date[0] == '\0')
    date = NULL;
  if (date != NULL && !muster_store_check_date (date, error))
    return 0;

  {
    g_autoptr(MusterCampaign) campaign = muster_store_get_campaign (self, campaign_id, error);
    if (campaign == NULL)
      return 0;
  }

  /* Who takes part, once each, and on which side. */
  seen = g_hash_table_new (g_int64_hash, g_int64_equal);
  infos = g_array_new (FALSE, TRUE, sizeof (CharacterInfo));
  g_array_set_clear_func (infos, (GDestroyNotify) character_info_clear);
  for (guint i = 0; i < n_characters; i++)
    {
      CharacterInfo info = { 0, };

      if (g_hash_table_contains (seen, &character_ids[i]))
        continue;
      g_hash_table_add (seen, (gpointer) &character_ids[i]);

      if (!load_character_info (self, character_ids[i], &info, error))
        goto out;
      g_array_append_val (infos, info);

      if (info.campaign_id != campaign_id)
        {
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE,
                       _("%s belongs to another campaign."), info.name);
          goto out;
        }
      if (!check_info_available (&info, error))
        goto out;

      if (!take_side (sides, info.side, info.name, error))
        goto out;
    }
  if ((units = load_game_units (self, campaign_id, unit_ids, n_units, sides, error)) == NULL)
    goto out;
  if (sides[1] == NULL)
    {
      if (sides[0] == NULL && n_units > 0)
        g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                     _("Pick the characters or units that take part in “%s”."), clean_title);
      else if (sides[0] == NULL)
        g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                     _("Pick the characters who take part in “%s”."), clean_title);
      else
        g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                     _("Everyone picked for “%s” fights for “%s”: pick characters of the other side too."),
                     clean_title, sides[0]);
      goto out;
    }

  if (!muster_store_begin (self, error))
    goto out;

  stmt = muster_store_prepare (self,
                               "SELECT coalesce (max (number), 0) + 1 FROM game "
                               "WHERE campaign_id = ?",
                               error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, campaign_id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      muster_store_set_error (self, error, _("Could not number the game"));
      goto fail;
    }
  number = sqlite3_column_int (stmt, 0);

  insert = muster_store_prepare (self,
                                 "INSERT INTO game (campaign_id, number, title, date, side_a, side_b) "
                                 "VALUES (?, ?, ?, ?, ?, ?)",
                                 error);
  if (insert == NULL)
    goto fail;
  sqlite3_bind_int64 (insert, 1, campaign_id);
  sqlite3_bind_int (insert, 2, number);
  sqlite3_bind_text (insert, 3, clean_title, -1, SQLITE_TRANSIENT);
  if (date != NULL)
    sqlite3_bind_text (insert, 4, date, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (insert, 5, sides[0], -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (insert, 6, sides[1], -1, SQLITE_TRANSIENT);
  if (!muster_store_exec (self, insert, _("Could not add the game"), error))
    goto fail;
  game_id = sqlite3_last_insert_rowid (muster_store_get_db (self));

  participant = muster_store_prepare (self,
                                      "INSERT INTO participation (game_id, character_id, side) "
                                      "VALUES (?, ?, ?)",
                                      error);
  if (participant == NULL)
    goto fail;
  for (guint i = 0; i < infos->len; i++)
    {
      const CharacterInfo *info = &g_array_index (infos, CharacterInfo, i);

      sqlite3_bind_int64 (participant, 1, game_id);
      sqlite3_bind_int64 (participant, 2, info->id);
      sqlite3_bind_text (participant, 3, info->side, -1, SQLITE_TRANSIENT);
      if (!muster_store_exec (self, participant, _("Could not add a participant"), error))
        goto fail;
    }

  /* load_game_units() took each unit once: none is in the game yet. */
  for (guint i = 0; i < units->len; i++)
    if (!muster_store_tx_add_game_unit (self, game_id, g_ptr_array_index (units, i), NULL, error))
      goto fail;

  if (!muster_store_log_and_commit (self, campaign_id, game_id, 0, "game",
                                    muster_log_args ("i:number", number, "s:title", clean_title,
                                                     "s:side_a", sides[0], "s:side_b", sides[1],
                                                     "i:characters", (int) infos->len,
                                                     "b:units", units->len > 0, NULL),
                                    MUSTER_CHANGE_GAMES | MUSTER_CHANGE_LOG |
                                    (units->len > 0 ? MUSTER_CHANGE_UNITS : 0), error))
    game_id = 0;
  goto out;

fail:
  muster_store_rollback (self);
  game_id = 0;
out:
  g_free (sides[0]);
  g_free (sides[1]);
  return game_id;
}

gboolean
muster_store_check_result (const MusterOutcomeDef  *outcome,
                           const char              *who,
                           int                      light_wounds,
                           int                      serious_wounds,
                           int                      killed_unnamed,
                           GError                 **error)
{
  g_return_val_if_fail (outcome != NULL, FALSE);

  if (light_wounds < 0 || serious_wounds < 0 || killed_unnamed < 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("Wounds and kills for %s cannot be negative."), who);
      return FALSE;
    }
  if (light_wounds > 0 && !outcome->takes_light)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The outcome “%s” takes no light wounds: record %s as wounded instead."),
                   outcome->id, who);
      return FALSE;
    }
  if (serious_wounds > 0 && !outcome->takes_serious)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The outcome “%s” takes no serious wounds: record %s as wounded instead."),
                   outcome->id, who);
      return FALSE;
    }
  return TRUE;
}

/* An outcome that takes wounds is recorded with at least one. Only what
 * is recorded now is held to it: a library or a file written before
 * keeps its results (muster_store_check_result() checks those). */
static gboolean
check_wounds_given (const MusterOutcomeDef  *outcome,
                    const char              *who,
                    const MusterResult      *result,
                    GError                 **error)
{
  if (!(outcome->takes_light || outcome->takes_serious) ||
      result->light_wounds > 0 || result->serious_wounds > 0)
    return TRUE;

  if (outcome->takes_light && outcome->takes_serious)
    /* Translators: a character, then an outcome such as “Wounded” */
    g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                 _("%s cannot be “%s” without a wound: give the light or serious wounds, or choose another outcome."),
                 who, outcome->name);
  else if (outcome->takes_light)
    /* Translators: a character, then an outcome such as “Wounded” */
    g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                 _("%s cannot be “%s” without a wound: give the light wounds, or choose another outcome."),
                 who, outcome->name);
  else
    /* Translators: a character, then an outcome such as “Wounded” */
    g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                 _("%s cannot be “%s” without a wound: give the serious wounds, or choose another outcome."),
                 who, outcome->name);
  return FALSE;
}

const MusterOutcomeDef *
muster_store_result_outcome (MusterRuleset           *ruleset,
                             const MusterOutcomeDef  *outcome,
                             int                     *light,
                             int                     *serious,
                             char                   **note)
{
  const MusterOutcomeDef *added;

  g_return_val_if_fail (outcome != NULL, NULL);

  if (note != NULL)
    *note = NULL;
  if (!outcome->takes_light && !outcome->takes_serious)
    return outcome;
  added = muster_ruleset_wounds_add_up (ruleset, *light, *serious);
  if (added == NULL)
    return outcome;
  if (note != NULL)
    *note = muster_ruleset_describe_wounds_add_up (ruleset, *light, *serious);
  *light = 0;
  *serious = 0;
  return added;
}

gboolean
muster_store_set_result (MusterStore        *self,
                         gint64              game_id,
                         gint64              character_id,
                         const MusterResult *result,
                         GError            **error)
{
  g_autoptr(MusterGame) game = NULL;
  g_autofree char *side = NULL;
  CharacterInfo killer = { 0, };
  const MusterOutcomeDef *outcome, *entered;
  MusterResult recorded;
  MusterRuleset *ruleset;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *forget_kills = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *insert_kill = NULL;
  gboolean ok = FALSE;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (result->victims != NULL || result->n_victims == 0, FALSE);

  game = muster_store_get_open_game (self, game_id, error);
  if (game == NULL)
    return FALSE;
  if (!load_character_info (self, character_id, &killer, error))
    return FALSE;

  side = participant_side (self, game_id, character_id, error);
  if (side == NULL)
    {
      if (error == NULL || *error == NULL)
        {
          g_autofree char *what = muster_game_describe_full (game);
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                       _("%s did not take part in %s."), killer.name, what);
        }
      goto out;
    }

  ruleset = muster_store_get_campaign_ruleset (self, muster_game_get_campaign_id (game), error);
  if (ruleset == NULL)
    goto out;
  outcome = result->outcome != NULL ? muster_ruleset_lookup_outcome (ruleset, result->outcome) : NULL;
  if (outcome == NULL)
    {
      GPtrArray *outcomes = muster_ruleset_get_outcomes (ruleset);
      g_autoptr(GString) ids = g_string_new (NULL);

      for (guint i = 0; i < outcomes->len; i++)
        {
          const MusterOutcomeDef *def = g_ptr_array_index (outcomes, i);
          if (i > 0)
            g_string_append (ids, ", ");
          g_string_append (ids, def->id);
        }
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("“%s” is not an outcome in %s: use one of %s."),
                   result->outcome != NULL ? result->outcome : "",
                   muster_ruleset_get_title (ruleset), ids->str);
      goto out;
    }
  if (!muster_store_check_result (outcome, killer.name, result->light_wounds, result->serious_wounds,
                                  result->killed_unnamed, error) ||
      !check_wounds_given (outcome, killer.name, result, error))
    goto out;
  /* Two serious wounds are a Kill: the result is recorded as one. */
  recorded = *result;
  entered = outcome;
  outcome = muster_store_result_outcome (ruleset, outcome, &recorded.light_wounds,
                                         &recorded.serious_wounds, NULL);
  recorded.outcome = outcome->id;

  /* Each victim exists; the rules his kill must keep are checked with
   * the whole change (muster-store-kills.c). */
  for (guint i = 0; i < result->n_victims; i++)
    {
      CharacterInfo victim = { 0, };

      if (!load_character_info (self, result->victims[i], &victim, error))
        goto out;
      character_info_clear (&victim);
    }

  if (!muster_store_begin (self, error))
    goto out;

  stmt = muster_store_prepare (self,
                               "UPDATE participation SET outcome = ?, light_wounds = ?, "
                               "serious_wounds = ?, killed_unnamed = ?, notes = coalesce (?, notes) "
                               "WHERE game_id = ? AND character_id = ?",
                               error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_text (stmt, 1, outcome->id, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 2, recorded.light_wounds);
  sqlite3_bind_int (stmt, 3, recorded.serious_wounds);
  sqlite3_bind_int (stmt, 4, result->killed_unnamed);
  if (result->notes != NULL)
    sqlite3_bind_text (stmt, 5, result->notes, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 6, game_id);
  sqlite3_bind_int64 (stmt, 7, character_id);
  if (!muster_store_exec (self, stmt, _("Could not record the result"), error))
    goto fail;

          forget_kills = muster_store_prepare (self,
                                       "DELETE FROM kill WHERE game_id = ? AND killer_id = ?",
                                       error);
  if (forget_kills == NULL)
    goto fail;
  sqlite3_bind_int64 (forget_kills, 1, game_id);
  sqlite3_bind_int64 (forget_kills, 2, character_id);
  if (!muster_store_exec (self, forget_kills, _("Could not replace the kills"), error))
    goto fail;

         insert_kill = muster_store_prepare (self,
                                      "INSERT INTO kill (game_id, killer_id, victim_id) VALUES (?, ?, ?)",
                                      error);
  if (insert_kill == NULL)
    goto fail;
  for (guint i = 0; i < result->n_victims; i++)
    {
      sqlite3_bind_int64 (insert_kill, 1, game_id);
      sqlite3_bind_int64 (insert_kill, 2, character_id);
      sqlite3_bind_int64 (insert_kill, 3, result->victims[i]);
      if (!muster_store_exec (self, insert_kill, _("Could not record a kill"), error))
        goto fail;
    }

  if (!muster_store_tx_mark_game_played (self, game_id, error))
    goto fail;
  muster_store_defer_game_check (self, game_id);

  ok = muster_store_log_and_commit (self, muster_game_get_campaign_id (game), game_id, character_id,
                                    "result",
                                    result_args (killer.name, outcome, &recorded, outcome != entered, result),
                                    MUSTER_CHANGE_GAMES | MUSTER_CHANGE_CHARACTERS | MUSTER_CHANGE_LOG,
                                    error);
  goto out;

fail:
  muster_store_rollback (self);
out:
  character_info_clear (&killer);
  return ok;
}

gboolean
muster_store_finish_game (MusterStore  *self,
                          gint64        game_id,
                          const char   *winner,
                          GError      **error)
{
  g_autoptr(MusterGame) game = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  game = muster_store_get_open_game (self, game_id, error);
  if (game == NULL)
    return FALSE;

  if (winner != NULL && winner[0] == '\0')
    winner = NULL;
  if (winner != NULL &&
      g_strcmp0 (winner, muster_game_get_side_a (game)) != 0 && g_strcmp0 (winner, muster_game_get_side_b (game)) != 0)
    {
      g_autofree char *where = muster_game_describe_full (game);

      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("“%s” did not fight in %s: the winner is “%s” or “%s”, or nobody for a draw."),
                   winner, where, muster_game_get_side_a (game), muster_game_get_side_b (game));
      return FALSE;
    }

  if (!muster_store_begin (self, error))
    return FALSE;

  /* A game played at the table: what its hits did becomes its results. */
  if (muster_game_get_state (game) == MUSTER_GAME_STARTED &&
      !muster_store_tx_record_table_results (self, game, error))
    goto fail;

  stmt = muster_store_prepare (self,
                               "UPDATE game SET state = 'played', winner = ? WHERE id = ?",
                               error);
  if (stmt == NULL)
    goto fail;
  if (winner != NULL)
    sqlite3_bind_text (stmt, 1, winner, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, game_id);
  if (!muster_store_exec (self, stmt, _("Could not update the game"), error))
    goto fail;

  return muster_store_log_and_commit (self, muster_game_get_campaign_id (game), game_id, 0, "finished",
                                      muster_log_args ("i:number", muster_game_get_number (game),
                                                       "s:title", muster_game_get_title (game),
                                                       "s:winner", winner, NULL),
                                      MUSTER_CHANGE_GAMES | MUSTER_CHANGE_LOG,
                                      error);

fail:
  muster_store_rollback (self);
  return FALSE;
}

gboolean
muster_store_set_game_notes (MusterStore  *self,
                             gint64        game_id,
                             const char   *notes,
                             GError      **error)
{
  g_autoptr(MusterGame) game = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  game = muster_store_get_game (self, game_id, error);
  if (game == NULL)
    return FALSE;

  stmt = muster_store_prepare (self, "UPDATE game SET notes = ? WHERE id = ?", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, notes != NULL ? notes : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, game_id);
  if (!muster_store_exec (self, stmt, _("Could not save the game’s notes"), error))
    return FALSE;

  muster_store_emit_changed (self, MUSTER_CHANGE_GAMES, muster_game_get_campaign_id (game));
  return TRUE;
}

gboolean
muster_store_delete_game (MusterStore  *self,
                          gint64        game_id,
                          GError      **error)
{
  g_autoptr(MusterGame) game = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  game = muster_store_get_open_game (self, game_id, error);
  if (game == NULL)
    return FALSE;

  if (!muster_store_begin (self, error))
    return FALSE;

  if (!muster_store_exec_id (self, "DELETE FROM kill WHERE game_id = ?", game_id,
                             _("Could not delete the game’s kills"), error) ||
      !muster_store_exec_id (self, "DELETE FROM participation WHERE game_id = ?", game_id,
                             _("Could not delete the game’s participants"), error) ||
      !muster_store_exec_id (self, "UPDATE log_entry SET game_id = NULL WHERE game_id = ?", game_id,
                             _("Could not update the log"), error) ||
      !muster_store_exec_id (self, "DELETE FROM game WHERE id = ?", game_id,
                             _("Could not delete the game"), error))
    goto fail;

  return muster_store_log_and_commit (self, muster_game_get_campaign_id (game), 0, 0, "game-deleted",
                                      muster_log_args ("i:number", muster_game_get_number (game),
                                                       "s:title", muster_game_get_title (game), NULL),
                                      MUSTER_CHANGE_GAMES | MUSTER_CHANGE_LOG,
                                      error);

fail:
  muster_store_rollback (self);
  return FALSE;
}

gboolean
muster_store_release_character (MusterStore  *self,
                                gint64        character_id,
                                GError      **error)
{
  CharacterInfo info = { 0, };
  gboolean ok = FALSE;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  if (!load_character_info (self, character_id, &info, error))
    return FALSE;
  if (info.status != MUSTER_STATUS_CAPTURED)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
                   _("%s is not a prisoner (%s), so there is no one to release."),
                   info.name, muster_status_get_label (info.status));
      goto out;
    }

  if (!muster_store_begin (self, error))
    goto out;

  if (!muster_store_exec_id (self, "UPDATE character SET status = 'active', out_games = 0 WHERE id = ?",
                             character_id, _("Could not release the character"), error))
    goto fail;

  ok = muster_store_log_and_commit (self, info.campaign_id, 0, character_id, "released",
                                    muster_log_args ("s:name", info.name, NULL),
                                    MUSTER_CHANGE_CHARACTERS | MUSTER_CHANGE_LOG, error);
  goto out;

fail:
  muster_store_rollback (self);
out:
  character_info_clear (&info);
  return ok;
}

gboolean
muster_store_check_available (MusterStore  *self,
                              gint64        character_id,
                              GError      **error)
{
  CharacterInfo info = { 0, };
  gboolean ok;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  if (!load_character_info (self, character_id, &info, error))
    return FALSE;
  ok = check_info_available (&info, error);
  character_info_clear (&info);
  return ok;
}
