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

struct _MusterGame
{
  GObject          parent_instance;

  gint64           id;
  gint64           campaign_id;
  int              number;
  char            *title;
  char            *date;
  MusterGameState  state;
  char            *side_a;
  char            *side_b;
  char            *winner;
  char            *notes;
  guint            n_participants;
};

G_DEFINE_FINAL_TYPE (MusterGame, muster_game, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_CAMPAIGN_ID,
  PROP_NUMBER,
  PROP_TITLE,
  PROP_DATE,
  PROP_STATE,
  PROP_SIDE_A,
  PROP_SIDE_B,
  PROP_WINNER,
  PROP_NOTES,
  PROP_N_PARTICIPANTS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const struct {
  MusterGameState  state;
  const char      *id;
  const char      *label;
} states[] = {
  { MUSTER_GAME_PLANNED,  "planned",  N_("Planned") },
  { MUSTER_GAME_PLAYED,   "played",   N_("Played") },
  { MUSTER_GAME_RESOLVED, "resolved", N_("Resolved") },
};

#define GAME_COLUMNS \
  "g.id, g.campaign_id, g.number, g.title, g.date, g.state, g.side_a, " \
  "g.side_b, g.winner, g.notes, " \
  "(SELECT count(*) FROM participation p WHERE p.game_id = g.id)"

static const char *
column_text (sqlite3_stmt *stmt,
             int           column)
{
  return (const char *) sqlite3_column_text (stmt, column);
}

static MusterGame *
game_from_row (sqlite3_stmt *stmt)
{
  MusterGame *game = g_object_new (MUSTER_TYPE_GAME, NULL);

  game->id = sqlite3_column_int64 (stmt, 0);
  game->campaign_id = sqlite3_column_int64 (stmt, 1);
  game->number = sqlite3_column_int (stmt, 2);
  game->title = g_strdup (column_text (stmt, 3));
  game->date = g_strdup (column_text (stmt, 4));
  if (!muster_game_state_from_string (column_text (stmt, 5), &game->state))
    game->state = MUSTER_GAME_PLANNED;
  game->side_a = g_strdup (column_text (stmt, 6));
  game->side_b = g_strdup (column_text (stmt, 7));
  game->winner = g_strdup (column_text (stmt, 8));
  game->notes = g_strdup (column_text (stmt, 9));
  game->n_participants = sqlite3_column_int (stmt, 10);

  return game;
}

static gboolean
log_change (MusterStore  *store,
            gint64        campaign_id,
            gint64        game_id,
            gint64        character_id,
            const char   *kind,
            const char   *message,
            GError      **error)
{
  return muster_store_insert_log (store, campaign_id, game_id, character_id,
                                  0, 0, kind, message, error) != 0;
}

static gboolean
exec_stmt (MusterStore   *store,
           sqlite3_stmt  *stmt,
           const char    *what,
           GError       **error)
{
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      muster_store_set_error (store, error, what);
      sqlite3_reset (stmt);
      return FALSE;
    }
  sqlite3_reset (stmt);
  return TRUE;
}

/* A date written YYYY-MM-DD that exists. */
static gboolean
check_date (const char  *date,
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
  info->name = g_strdup (column_text (stmt, 1));
  info->side = g_strdup (column_text (stmt, 2));
  if (!muster_status_from_string (column_text (stmt, 3), &info->status))
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

static gboolean
get_game_state (MusterGame       *game,
                MusterGameState   wanted_max,
                GError          **error)
{
  g_autofree char *what = NULL;

  if (game->state <= wanted_max)
    return TRUE;

  what = muster_game_describe (game);
  g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
               _("%s is already resolved: undo its resolution to change it."),
               what);
  return FALSE;
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
    return g_strdup (column_text (stmt, 0));
  if (rc != SQLITE_DONE)
    muster_store_set_error (store, error, _("Could not read a participant"));
  return NULL;
}

static gboolean
set_game_state (MusterStore      *store,
                gint64            game_id,
                MusterGameState   state,
                GError          **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  stmt = muster_store_prepare (store, "UPDATE game SET state = ? WHERE id = ?", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, muster_game_state_to_string (state), -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 2, game_id);
  return exec_stmt (store, stmt, _("Could not update the game"), error);
}

static char *
describe_result (MusterRuleset      *ruleset,
                 const char         *name,
                 const MusterResult *result)
{
  const MusterOutcomeDef *outcome = muster_ruleset_lookup_outcome (ruleset, result->outcome);
  GString *text = g_string_new (NULL);
  int kills = (int) result->n_victims + result->killed_unnamed;

  g_string_printf (text, _("%s: %s"), name, outcome->name);
  if (outcome->takes_light || outcome->takes_serious)
    {
      g_string_append (text, " (");
      g_string_append_printf (text,
                              g_dngettext (GETTEXT_PACKAGE, "%d light wound", "%d light wounds",
                                           result->light_wounds),
                              result->light_wounds);
      g_string_append (text, ", ");
      g_string_append_printf (text,
                              g_dngettext (GETTEXT_PACKAGE, "%d serious wound", "%d serious wounds",
                                           result->serious_wounds),
                              result->serious_wounds);
      g_string_append (text, ")");
    }
  if (kills > 0)
    {
      g_string_append (text, "; ");
      g_string_append_printf (text,
                              g_dngettext (GETTEXT_PACKAGE,
                                           "put %d enemy out of action",
                                           "put %d enemies out of action",
                                           kills),
                              kills);
    }
  g_string_append (text, ".");

  return g_string_free (text, FALSE);
}

static void
muster_game_finalize (GObject *object)
{
  MusterGame *self = MUSTER_GAME (object);

  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->date, g_free);
  g_clear_pointer (&self->side_a, g_free);
  g_clear_pointer (&self->side_b, g_free);
  g_clear_pointer (&self->winner, g_free);
  g_clear_pointer (&self->notes, g_free);

  G_OBJECT_CLASS (muster_game_parent_class)->finalize (object);
}

static void
muster_game_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  MusterGame *self = MUSTER_GAME (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_int64 (value, self->id);
      break;
    case PROP_CAMPAIGN_ID:
      g_value_set_int64 (value, self->campaign_id);
      break;
    case PROP_NUMBER:
      g_value_set_int (value, self->number);
      break;
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_DATE:
      g_value_set_string (value, self->date);
      break;
    case PROP_STATE:
      g_value_set_string (value, muster_game_state_to_string (self->state));
      break;
    case PROP_SIDE_A:
      g_value_set_string (value, self->side_a);
      break;
    case PROP_SIDE_B:
      g_value_set_string (value, self->side_b);
      break;
    case PROP_WINNER:
      g_value_set_string (value, self->winner);
      break;
    case PROP_NOTES:
      g_value_set_string (value, self->notes);
      break;
    case PROP_N_PARTICIPANTS:
      g_value_set_uint (value, self->n_participants);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_game_class_init (MusterGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = muster_game_finalize;
  object_class->get_property = muster_game_get_property;

  properties[PROP_ID] =
    g_param_spec_int64 ("id", NULL, NULL, 0, G_MAXINT64, 0, flags);
  properties[PROP_CAMPAIGN_ID] =
    g_param_spec_int64 ("campaign-id", NULL, NULL, 0, G_MAXINT64, 0, flags);
  properties[PROP_NUMBER] =
    g_param_spec_int ("number", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  properties[PROP_DATE] = g_param_spec_string ("date", NULL, NULL, NULL, flags);
  properties[PROP_STATE] = g_param_spec_string ("state", NULL, NULL, NULL, flags);
  properties[PROP_SIDE_A] = g_param_spec_string ("side-a", NULL, NULL, NULL, flags);
  properties[PROP_SIDE_B] = g_param_spec_string ("side-b", NULL, NULL, NULL, flags);
  properties[PROP_WINNER] = g_param_spec_string ("winner", NULL, NULL, NULL, flags);
  properties[PROP_NOTES] = g_param_spec_string ("notes", NULL, NULL, NULL, flags);
  properties[PROP_N_PARTICIPANTS] =
    g_param_spec_uint ("n-participants", NULL, NULL, 0, G_MAXUINT, 0, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
muster_game_init (MusterGame *self)
{
}

const char *
muster_game_state_to_string (MusterGameState state)
{
  for (guint i = 0; i < G_N_ELEMENTS (states); i++)
    if (states[i].state == state)
      return states[i].id;
  g_return_val_if_reached ("planned");
}

gboolean
muster_game_state_from_string (const char      *text,
                               MusterGameState *state)
{
  g_return_val_if_fail (state != NULL, FALSE);

  if (text == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (states); i++)
    if (g_str_equal (states[i].id, text))
      {
        *state = states[i].state;
        return TRUE;
      }
  return FALSE;
}

const char *
muster_game_state_get_label (MusterGameState state)
{
  for (guint i = 0; i < G_N_ELEMENTS (states); i++)
    if (states[i].state == state)
      return g_dgettext (GETTEXT_PACKAGE, states[i].label);
  g_return_val_if_reached (NULL);
}

gint64
muster_game_get_id (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), 0);
  return self->id;
}

gint64
muster_game_get_campaign_id (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), 0);
  return self->campaign_id;
}

int
muster_game_get_number (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), 0);
  return self->number;
}

const char *
muster_game_get_title (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  return self->title;
}

const char *
muster_game_get_date (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  return self->date;
}

MusterGameState
muster_game_get_state (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), MUSTER_GAME_PLANNED);
  return self->state;
}

const char *
muster_game_get_side_a (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  return self->side_a;
}

const char *
muster_game_get_side_b (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  return self->side_b;
}

const char *
muster_game_get_winner (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  return self->winner;
}

const char *
muster_game_get_notes (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  return self->notes;
}

guint
muster_game_get_n_participants (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), 0);
  return self->n_participants;
}

char *
muster_game_describe (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  return g_strdup_printf (_("Game %d “%s”"), self->number, self->title);
}

void
muster_participant_free (MusterParticipant *participant)
{
  if (participant == NULL)
    return;
  g_free (participant->game_title);
  g_free (participant->game_date);
  g_free (participant->name);
  g_free (participant->force_name);
  g_free (participant->side);
  g_free (participant->outcome);
  g_clear_pointer (&participant->victims, g_array_unref);
  g_clear_pointer (&participant->victim_names, g_ptr_array_unref);
  g_free (participant->notes);
  g_free (participant);
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
      if (muster_unit_get_campaign_id (unit) != campaign_id)
        {
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE,
                       _("%s belongs to another campaign."), muster_unit_get_name (unit));
          return NULL;
        }
      if (!g_str_equal (muster_unit_get_status (unit), MUSTER_UNIT_STATUS_ACTIVE) ||
          muster_unit_get_present (unit) == 0)
        {
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE,
                       _("%s has no figures left to take the field (%s)."),
                       muster_unit_get_name (unit), muster_unit_get_status (unit));
          return NULL;
        }
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
  g_autofree char *message = NULL;
  g_autoptr(GHashTable) seen = NULL;
  g_autoptr(GArray) infos = NULL;
  g_autoptr(GPtrArray) units = NULL;
  char *sides[2] = { NULL, NULL };
  sqlite3_stmt *stmt;
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
  if (date != NULL && date[0] == '\0')
    date = NULL;
  if (date != NULL && !check_date (date, error))
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
      sqlite3_reset (stmt);
      goto fail;
    }
  number = sqlite3_column_int (stmt, 0);
  sqlite3_reset (stmt);

  stmt = muster_store_prepare (self,
                               "INSERT INTO game (campaign_id, number, title, date, side_a, side_b) "
                               "VALUES (?, ?, ?, ?, ?, ?)",
                               error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, campaign_id);
  sqlite3_bind_int (stmt, 2, number);
  sqlite3_bind_text (stmt, 3, clean_title, -1, SQLITE_TRANSIENT);
  if (date != NULL)
    sqlite3_bind_text (stmt, 4, date, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 5, sides[0], -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 6, sides[1], -1, SQLITE_TRANSIENT);
  if (!exec_stmt (self, stmt, _("Could not add the game"), error))
    goto fail;
  game_id = sqlite3_last_insert_rowid (muster_store_get_db (self));

  stmt = muster_store_prepare (self,
                               "INSERT INTO participation (game_id, character_id, side) "
                               "VALUES (?, ?, ?)",
                               error);
  if (stmt == NULL)
    goto fail;
  for (guint i = 0; i < infos->len; i++)
    {
      const CharacterInfo *info = &g_array_index (infos, CharacterInfo, i);

      sqlite3_bind_int64 (stmt, 1, game_id);
      sqlite3_bind_int64 (stmt, 2, info->id);
      sqlite3_bind_text (stmt, 3, info->side, -1, SQLITE_TRANSIENT);
      if (!exec_stmt (self, stmt, _("Could not add a participant"), error))
        goto fail;
    }

  for (guint i = 0; i < units->len; i++)
    {
      MusterUnit *unit = g_ptr_array_index (units, i);

      stmt = muster_store_prepare (self,
                                   "INSERT INTO unit_participation (game_id, unit_id, side, figures) "
                                   "VALUES (?, ?, ?, ?)",
                                   error);
      if (stmt == NULL)
        goto fail;
      sqlite3_bind_int64 (stmt, 1, game_id);
      sqlite3_bind_int64 (stmt, 2, muster_unit_get_id (unit));
      sqlite3_bind_text (stmt, 3, muster_unit_get_side (unit), -1, SQLITE_TRANSIENT);
      sqlite3_bind_int (stmt, 4, muster_unit_get_present (unit));
      if (!exec_stmt (self, stmt, _("Could not add a unit to the game"), error))
        goto fail;
    }

  if (units->len > 0)
    message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "Game %d “%s” planned: %s against %s, %u character and units.",
                                            "Game %d “%s” planned: %s against %s, %u characters and units.",
                                            infos->len),
                               number, clean_title, sides[0], sides[1], infos->len);
  else
    message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "Game %d “%s” planned: %s against %s, %u character.",
                                            "Game %d “%s” planned: %s against %s, %u characters.",
                                            infos->len),
                               number, clean_title, sides[0], sides[1], infos->len);
  if (!log_change (self, campaign_id, game_id, 0, "game", message, error))
    goto fail;

  if (!muster_store_commit (self, error))
    goto fail;

  muster_store_emit_changed (self, MUSTER_CHANGE_GAMES | MUSTER_CHANGE_LOG |
                             (units->len > 0 ? MUSTER_CHANGE_UNITS : 0), campaign_id);
  goto out;

fail:
  muster_store_rollback (self);
  game_id = 0;
out:
  g_free (sides[0]);
  g_free (sides[1]);
  return game_id;
}

GPtrArray *
muster_store_list_games (MusterStore  *self,
                         gint64        campaign_id,
                         GError      **error)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);

  stmt = muster_store_prepare (self,
                               "SELECT " GAME_COLUMNS " FROM game g "
                               "WHERE g.campaign_id = ? ORDER BY g.number",
                               error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, campaign_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (games, game_from_row (stmt));
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (self, error, _("Could not list the games"));
      return NULL;
    }

  return g_steal_pointer (&games);
}

MusterGame *
muster_store_get_game (MusterStore  *self,
                       gint64        id,
                       GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);

  stmt = muster_store_prepare (self,
                               "SELECT " GAME_COLUMNS " FROM game g WHERE g.id = ?",
                               error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return game_from_row (stmt);
  if (rc == SQLITE_DONE)
    g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                 _("There is no game with id %" PRId64 "."), id);
  else
    muster_store_set_error (self, error, _("Could not read the game"));
  return NULL;
}

static gboolean
is_digits (const char *text)
{
  if (text == NULL || *text == '\0')
    return FALSE;
  for (; *text != '\0'; text++)
    if (!g_ascii_isdigit (*text))
      return FALSE;
  return TRUE;
}

MusterGame *
muster_store_find_game (MusterStore  *self,
                        gint64        campaign_id,
                        const char   *id_or_title,
                        GError      **error)
{
  g_autoptr(GPtrArray) games = NULL;
  MusterGame *found = NULL;
  guint n_found = 0;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  g_return_val_if_fail (id_or_title != NULL, NULL);

  if (is_digits (id_or_title))
    {
      g_autoptr(MusterGame) game = NULL;
      g_autoptr(GError) local_error = NULL;

      game = muster_store_get_game (self, g_ascii_strtoll (id_or_title, NULL, 10), &local_error);
      if (game != NULL && (campaign_id == 0 || game->campaign_id == campaign_id))
        return g_steal_pointer (&game);
      if (game == NULL && !g_error_matches (local_error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      if (campaign_id == 0)
        {
          g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                       _("There is no game with id %s."), id_or_title);
          return NULL;
        }
    }
  else if (campaign_id == 0)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                   _("There is no game with id “%s”: give a game’s id, or its title and the campaign."),
                   id_or_title);
      return NULL;
    }

  games = muster_store_list_games (self, campaign_id, error);
  if (games == NULL)
    return NULL;

  for (guint i = 0; i < games->len; i++)
    {
      MusterGame *game = g_ptr_array_index (games, i);
      gboolean match;

      if (id_or_title[0] == '#' && is_digits (id_or_title + 1))
        match = game->number == atoi (id_or_title + 1);
      else
        match = g_str_equal (game->title, id_or_title);
      if (match)
        {
          found = game;
          n_found++;
        }
    }

  if (n_found == 1)
    return g_object_ref (found);
  if (n_found > 1)
    g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_AMBIGUOUS,
                 _("%u games are called “%s”: give the game’s number as #N or its id."),
                 n_found, id_or_title);
  else
    g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                 _("There is no game “%s” in this campaign."), id_or_title);
  return NULL;
}

/* Participants of a game or games of a character: the same rows. */
static GPtrArray *
query_participants (MusterStore  *self,
                    const char   *where,
                    gint64        id,
                    GError      **error)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_participant_free);
  g_autoptr(GHashTable) by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *sql = NULL;
  g_autofree char *kill_sql = NULL;
  sqlite3_stmt *stmt;
  int rc;

  sql = g_strconcat ("SELECT g.id, g.number, g.title, g.date, g.state, c.id, c.name, f.name, "
                     "p.side, c.status, p.outcome, p.light_wounds, p.serious_wounds, "
                     "p.killed_unnamed, p.notes "
                     "FROM participation p JOIN game g ON g.id = p.game_id "
                     "JOIN character c ON c.id = p.character_id "
                     "JOIN force f ON f.id = c.force_id WHERE ",
                     where,
                     " ORDER BY g.number, p.side, c.name, c.id",
                     NULL);
  stmt = muster_store_prepare (self, sql, error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      MusterParticipant *p = g_new0 (MusterParticipant, 1);

      p->game_id = sqlite3_column_int64 (stmt, 0);
      p->game_number = sqlite3_column_int (stmt, 1);
      p->game_title = g_strdup (column_text (stmt, 2));
      p->game_date = g_strdup (column_text (stmt, 3));
      if (!muster_game_state_from_string (column_text (stmt, 4), &p->game_state))
        p->game_state = MUSTER_GAME_PLANNED;
      p->character_id = sqlite3_column_int64 (stmt, 5);
      p->name = g_strdup (column_text (stmt, 6));
      p->force_name = g_strdup (column_text (stmt, 7));
      p->side = g_strdup (column_text (stmt, 8));
      if (!muster_status_from_string (column_text (stmt, 9), &p->status))
        p->status = MUSTER_STATUS_ACTIVE;
      p->outcome = g_strdup (column_text (stmt, 10));
      p->light_wounds = sqlite3_column_int (stmt, 11);
      p->serious_wounds = sqlite3_column_int (stmt, 12);
      p->killed_unnamed = sqlite3_column_int (stmt, 13);
      p->notes = g_strdup (column_text (stmt, 14));
      p->victims = g_array_new (FALSE, FALSE, sizeof (gint64));
      p->victim_names = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (rows, p);
      g_hash_table_insert (by_key,
                           g_strdup_printf ("%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT,
                                            p->game_id, p->character_id),
                           p);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (self, error, _("Could not list the participants"));
      return NULL;
    }

  kill_sql = g_strconcat ("SELECT k.game_id, k.killer_id, k.victim_id, v.name "
                          "FROM kill k JOIN character v ON v.id = k.victim_id "
                          "JOIN participation p ON p.game_id = k.game_id AND p.character_id = k.killer_id "
                          "JOIN game g ON g.id = k.game_id "
                          "JOIN character c ON c.id = k.killer_id WHERE ",
                          where,
                          " ORDER BY k.id",
                          NULL);
  stmt = muster_store_prepare (self, kill_sql, error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_autofree char *key = g_strdup_printf ("%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT,
                                              (gint64) sqlite3_column_int64 (stmt, 0),
                                              (gint64) sqlite3_column_int64 (stmt, 1));
      MusterParticipant *p = g_hash_table_lookup (by_key, key);
      gint64 victim = sqlite3_column_int64 (stmt, 2);

      if (p == NULL)
        continue;
      g_array_append_val (p->victims, victim);
      g_ptr_array_add (p->victim_names, g_strdup (column_text (stmt, 3)));
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (self, error, _("Could not list the kills"));
      return NULL;
    }

  return g_steal_pointer (&rows);
}

GPtrArray *
muster_store_list_participants (MusterStore  *self,
                                gint64        game_id,
                                GError      **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  return query_participants (self, "p.game_id = ?", game_id, error);
}

GPtrArray *
muster_store_list_character_games (MusterStore  *self,
                                   gint64        character_id,
                                   GError      **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  return query_participants (self, "c.id = ?", character_id, error);
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
  g_autofree char *message = NULL;
  CharacterInfo killer = { 0, };
  const MusterOutcomeDef *outcome;
  MusterRuleset *ruleset;
  sqlite3_stmt *stmt;
  gboolean ok = FALSE;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (result->victims != NULL || result->n_victims == 0, FALSE);

  game = muster_store_get_game (self, game_id, error);
  if (game == NULL)
    return FALSE;
  if (!get_game_state (game, MUSTER_GAME_PLAYED, error))
    return FALSE;
  if (!load_character_info (self, character_id, &killer, error))
    return FALSE;

  side = participant_side (self, game_id, character_id, error);
  if (side == NULL)
    {
      if (error == NULL || *error == NULL)
        {
          g_autofree char *what = muster_game_describe (game);
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                       _("%s did not take part in %s."), killer.name, what);
        }
      goto out;
    }

  ruleset = muster_store_get_campaign_ruleset (self, game->campaign_id, error);
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
  if (result->light_wounds < 0 || result->serious_wounds < 0 || result->killed_unnamed < 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("Wounds and kills for %s cannot be negative."), killer.name);
      goto out;
    }
  if (result->light_wounds > 0 && !outcome->takes_light)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The outcome “%s” takes no light wounds: record %s as wounded instead."),
                   outcome->id, killer.name);
      goto out;
    }
  if (result->serious_wounds > 0 && !outcome->takes_serious)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The outcome “%s” takes no serious wounds: record %s as wounded instead."),
                   outcome->id, killer.name);
      goto out;
    }

  for (guint i = 0; i < result->n_victims; i++)
    {
      CharacterInfo victim = { 0, };
      g_autofree char *victim_side = NULL;
      gboolean fine = TRUE;

      if (!load_character_info (self, result->victims[i], &victim, error))
        goto out;
      victim_side = participant_side (self, game_id, victim.id, error);
      if (victim_side == NULL)
        {
          if (error == NULL || *error == NULL)
            {
              g_autofree char *what = muster_game_describe (game);
              g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                           _("%s did not take part in %s, so %s cannot have put him out of action."),
                           victim.name, what, killer.name);
            }
          fine = FALSE;
        }
      else if (g_str_equal (victim_side, side))
        {
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                       _("%s is on the same side as %s."), victim.name, killer.name);
          fine = FALSE;
        }
      character_info_clear (&victim);
      if (!fine)
        goto out;
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
  sqlite3_bind_int (stmt, 2, result->light_wounds);
  sqlite3_bind_int (stmt, 3, result->serious_wounds);
  sqlite3_bind_int (stmt, 4, result->killed_unnamed);
  if (result->notes != NULL)
    sqlite3_bind_text (stmt, 5, result->notes, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 6, game_id);
  sqlite3_bind_int64 (stmt, 7, character_id);
  if (!exec_stmt (self, stmt, _("Could not record the result"), error))
    goto fail;

  stmt = muster_store_prepare (self,
                               "DELETE FROM kill WHERE game_id = ? AND killer_id = ?",
                               error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int64 (stmt, 2, character_id);
  if (!exec_stmt (self, stmt, _("Could not replace the kills"), error))
    goto fail;

  stmt = muster_store_prepare (self,
                               "INSERT INTO kill (game_id, killer_id, victim_id) VALUES (?, ?, ?)",
                               error);
  if (stmt == NULL)
    goto fail;
  for (guint i = 0; i < result->n_victims; i++)
    {
      sqlite3_bind_int64 (stmt, 1, game_id);
      sqlite3_bind_int64 (stmt, 2, character_id);
      sqlite3_bind_int64 (stmt, 3, result->victims[i]);
      if (!exec_stmt (self, stmt, _("Could not record a kill"), error))
        goto fail;
    }

  if (game->state == MUSTER_GAME_PLANNED &&
      !set_game_state (self, game_id, MUSTER_GAME_PLAYED, error))
    goto fail;

  message = describe_result (ruleset, killer.name, result);
  if (!log_change (self, game->campaign_id, game_id, character_id, "result", message, error))
    goto fail;

  if (!muster_store_commit (self, error))
    goto fail;

  muster_store_emit_changed (self,
                             MUSTER_CHANGE_GAMES | MUSTER_CHANGE_CHARACTERS | MUSTER_CHANGE_LOG,
                             game->campaign_id);
  ok = TRUE;
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
  g_autofree char *message = NULL;
  g_autofree char *what = NULL;
  sqlite3_stmt *stmt;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  game = muster_store_get_game (self, game_id, error);
  if (game == NULL)
    return FALSE;
  if (!get_game_state (game, MUSTER_GAME_PLAYED, error))
    return FALSE;

  what = muster_game_describe (game);
  if (winner != NULL && winner[0] == '\0')
    winner = NULL;
  if (winner != NULL &&
      g_strcmp0 (winner, game->side_a) != 0 && g_strcmp0 (winner, game->side_b) != 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("“%s” did not fight in %s: the winner is “%s” or “%s”, or nobody for a draw."),
                   winner, what, game->side_a, game->side_b);
      return FALSE;
    }

  if (!muster_store_begin (self, error))
    return FALSE;

  stmt = muster_store_prepare (self,
                               "UPDATE game SET state = 'played', winner = ? WHERE id = ?",
                               error);
  if (stmt == NULL)
    goto fail;
  if (winner != NULL)
    sqlite3_bind_text (stmt, 1, winner, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, game_id);
  if (!exec_stmt (self, stmt, _("Could not update the game"), error))
    goto fail;

  if (winner != NULL)
    message = g_strdup_printf (_("%s played: “%s” won."), what, winner);
  else
    message = g_strdup_printf (_("%s played: a draw."), what);
  if (!log_change (self, game->campaign_id, game_id, 0, "finished", message, error))
    goto fail;

  if (!muster_store_commit (self, error))
    goto fail;

  muster_store_emit_changed (self, MUSTER_CHANGE_GAMES | MUSTER_CHANGE_LOG, game->campaign_id);
  return TRUE;

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
  if (!exec_stmt (self, stmt, _("Could not save the game’s notes"), error))
    return FALSE;

  muster_store_emit_changed (self, MUSTER_CHANGE_GAMES, game->campaign_id);
  return TRUE;
}

gboolean
muster_store_delete_game (MusterStore  *self,
                          gint64        game_id,
                          GError      **error)
{
  g_autoptr(MusterGame) game = NULL;
  g_autofree char *what = NULL;
  g_autofree char *message = NULL;
  sqlite3_stmt *stmt;

  g_return_val_if_fail (MUSTER_IS_STORE (self), FALSE);

  game = muster_store_get_game (self, game_id, error);
  if (game == NULL)
    return FALSE;
  if (!get_game_state (game, MUSTER_GAME_PLAYED, error))
    return FALSE;

  if (!muster_store_begin (self, error))
    return FALSE;

  stmt = muster_store_prepare (self, "DELETE FROM kill WHERE game_id = ?", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, game_id);
  if (!exec_stmt (self, stmt, _("Could not delete the game’s kills"), error))
    goto fail;

  stmt = muster_store_prepare (self, "DELETE FROM participation WHERE game_id = ?", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, game_id);
  if (!exec_stmt (self, stmt, _("Could not delete the game’s participants"), error))
    goto fail;

  stmt = muster_store_prepare (self,
                               "UPDATE log_entry SET game_id = NULL WHERE game_id = ?",
                               error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, game_id);
  if (!exec_stmt (self, stmt, _("Could not update the log"), error))
    goto fail;

  stmt = muster_store_prepare (self, "DELETE FROM game WHERE id = ?", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, game_id);
  if (!exec_stmt (self, stmt, _("Could not delete the game"), error))
    goto fail;

  what = muster_game_describe (game);
  message = g_strdup_printf (_("%s deleted."), what);
  if (!log_change (self, game->campaign_id, 0, 0, "game-deleted", message, error))
    goto fail;

  if (!muster_store_commit (self, error))
    goto fail;

  muster_store_emit_changed (self, MUSTER_CHANGE_GAMES | MUSTER_CHANGE_LOG, game->campaign_id);
  return TRUE;

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
  g_autofree char *message = NULL;
  sqlite3_stmt *stmt;
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

  stmt = muster_store_prepare (self,
                               "UPDATE character SET status = 'active', out_games = 0 WHERE id = ?",
                               error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, character_id);
  if (!exec_stmt (self, stmt, _("Could not release the character"), error))
    goto fail;

  message = g_strdup_printf (_("%s is released in an exchange of prisoners and is back with his force."),
                             info.name);
  if (!log_change (self, info.campaign_id, 0, character_id, "released", message, error))
    goto fail;

  if (!muster_store_commit (self, error))
    goto fail;

  muster_store_emit_changed (self, MUSTER_CHANGE_CHARACTERS | MUSTER_CHANGE_LOG, info.campaign_id);
  ok = TRUE;
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
