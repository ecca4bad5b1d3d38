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
  char            *campaign_name;
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
  { MUSTER_GAME_STARTED,  "started",  N_("Started") },
  { MUSTER_GAME_PLAYED,   "played",   N_("Played") },
  { MUSTER_GAME_RESOLVED, "resolved", N_("Resolved") },
};

#define GAME_COLUMNS \
  "g.id, g.campaign_id, g.number, g.title, g.date, g.state, g.side_a, " \
  "g.side_b, g.winner, g.notes, " \
  "(SELECT count(*) FROM participation p WHERE p.game_id = g.id), " \
  "(SELECT c.name FROM campaign c WHERE c.id = g.campaign_id)"

static MusterGame *
game_from_row (sqlite3_stmt *stmt)
{
  MusterGame *game = g_object_new (MUSTER_TYPE_GAME, NULL);

  game->id = sqlite3_column_int64 (stmt, 0);
  game->campaign_id = sqlite3_column_int64 (stmt, 1);
  game->number = sqlite3_column_int (stmt, 2);
  game->title = g_strdup (muster_column_text (stmt, 3));
  game->date = g_strdup (muster_column_text (stmt, 4));
  if (!muster_game_state_from_string (muster_column_text (stmt, 5), &game->state))
    game->state = MUSTER_GAME_PLANNED;
  game->side_a = g_strdup (muster_column_text (stmt, 6));
  game->side_b = g_strdup (muster_column_text (stmt, 7));
  game->winner = g_strdup (muster_column_text (stmt, 8));
  game->notes = g_strdup (muster_column_text (stmt, 9));
  game->n_participants = sqlite3_column_int (stmt, 10);
  game->campaign_name = g_strdup (muster_column_text (stmt, 11));

  return game;
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
  g_clear_pointer (&self->campaign_name, g_free);

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
  return muster_log_describe_game (NULL, self->number, self->title);
}

char *
muster_game_describe_full (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  /* TRANSLATORS: the game's number, its title and its campaign's name, as
   * in “Game 1 “The bridge” of Coa 1810” */
  return g_strdup_printf (_("Game %d “%s” of %s"), self->number, self->title,
                          self->campaign_name != NULL ? self->campaign_name : "");
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

/**
 * muster_store_list_games:
 * @self: a library
 * @campaign_id: the campaign’s id
 * @error: return location for a #GError, or %NULL
 *
 * Lists the campaign’s games, by number.
 *
 * Returns: (transfer full) (element-type MusterGame): a new array of
 *   #MusterGame, or %NULL with @error set
 */
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

/**
 * muster_store_get_game:
 * @self: a library
 * @id: the row’s id
 * @error: return location for a #GError, or %NULL
 *
 * Reads one game.
 *
 * Returns: (transfer full): a new #MusterGame, or %NULL with @error set
 */
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

/* The number in "3" or "#3", or 0. */
static int
parse_number (const char *text)
{
  guint64 number = 0;

  if (text[0] == '#')
    text++;
  if (!is_digits (text) || !g_ascii_string_to_unsigned (text, 10, 1, G_MAXINT, &number, NULL))
    return 0;
  return (int) number;
}

MusterGame *
muster_store_find_game (MusterStore  *self,
                        gint64        campaign_id,
                        const char   *id_or_title,
                        GError      **error)
{
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  MusterGame *found = NULL;
  guint n_found = 0;
  int number;

  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  g_return_val_if_fail (id_or_title != NULL, NULL);

  if (campaign_id == 0)
    {
      if (is_digits (id_or_title))
        return muster_store_get_game (self, g_ascii_strtoll (id_or_title, NULL, 10), error);
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                   _("There is no game with id “%s”: give a game’s id, or its number or title and the campaign."),
                   id_or_title);
      return NULL;
    }

  games = muster_store_list_games (self, campaign_id, error);
  if (games == NULL)
    return NULL;

  /* The number the campaign's list shows, then the title. */
  number = parse_number (id_or_title);
  for (guint i = 0; number > 0 && found == NULL && i < games->len; i++)
    if (((MusterGame *) g_ptr_array_index (games, i))->number == number)
      found = g_ptr_array_index (games, i);
  if (found != NULL)
    return g_object_ref (found);
  for (guint i = 0; i < games->len; i++)
    {
      MusterGame *game = g_ptr_array_index (games, i);

      if (g_str_equal (game->title, id_or_title))
        {
          found = game;
          n_found++;
        }
    }
  if (n_found == 1)
    return g_object_ref (found);

  campaign = muster_store_get_campaign (self, campaign_id, error);
  if (campaign == NULL)
    return NULL;
  if (n_found > 1)
    g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_AMBIGUOUS,
                 _("%u games of %s are called “%s”: give the game’s number instead."),
                 n_found, muster_campaign_get_name (campaign), id_or_title);
  else if (games->len == 0)
    g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                 _("%s has no games yet, so there is no game “%s”."),
                 muster_campaign_get_name (campaign), id_or_title);
  else if (number > 0)
    g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                 g_dngettext (GETTEXT_PACKAGE,
                              "There is no game %s in %s, which has %u game.",
                              "There is no game %s in %s, which has %u games, numbered from 1.",
                              games->len),
                 id_or_title, muster_campaign_get_name (campaign), games->len);
  else
    g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                 _("There is no game “%s” in %s: give a game’s number or its title."),
                 id_or_title, muster_campaign_get_name (campaign));
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
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *kills = NULL;
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
      p->game_title = g_strdup (muster_column_text (stmt, 2));
      p->game_date = g_strdup (muster_column_text (stmt, 3));
      if (!muster_game_state_from_string (muster_column_text (stmt, 4), &p->game_state))
        p->game_state = MUSTER_GAME_PLANNED;
      p->character_id = sqlite3_column_int64 (stmt, 5);
      p->name = g_strdup (muster_column_text (stmt, 6));
      p->force_name = g_strdup (muster_column_text (stmt, 7));
      p->side = g_strdup (muster_column_text (stmt, 8));
      if (!muster_status_from_string (muster_column_text (stmt, 9), &p->status))
        p->status = MUSTER_STATUS_ACTIVE;
      p->outcome = g_strdup (muster_column_text (stmt, 10));
      p->light_wounds = sqlite3_column_int (stmt, 11);
      p->serious_wounds = sqlite3_column_int (stmt, 12);
      p->killed_unnamed = sqlite3_column_int (stmt, 13);
      p->notes = g_strdup (muster_column_text (stmt, 14));
      p->victims = g_array_new (FALSE, FALSE, sizeof (gint64));
      p->victim_names = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (rows, p);
      g_hash_table_insert (by_key,
                           g_strdup_printf ("%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT,
                                            p->game_id, p->character_id),
                           p);
    }
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
  kills = muster_store_prepare (self, kill_sql, error);
  if (kills == NULL)
    return NULL;
  sqlite3_bind_int64 (kills, 1, id);
  while ((rc = sqlite3_step (kills)) == SQLITE_ROW)
    {
      g_autofree char *key = g_strdup_printf ("%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT,
                                              (gint64) sqlite3_column_int64 (kills, 0),
                                              (gint64) sqlite3_column_int64 (kills, 1));
      MusterParticipant *p = g_hash_table_lookup (by_key, key);
      gint64 victim = sqlite3_column_int64 (kills, 2);

      if (p == NULL)
        continue;
      g_array_append_val (p->victims, victim);
      g_ptr_array_add (p->victim_names, g_strdup (muster_column_text (kills, 3)));
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (self, error, _("Could not list the kills"));
      return NULL;
    }

  return g_steal_pointer (&rows);
}

/**
 * muster_store_list_participants:
 * @self: a library
 * @game_id: the game’s id
 * @error: return location for a #GError, or %NULL
 *
 * Lists a game’s participants, by side then name.
 *
 * Returns: (transfer full) (element-type MusterParticipant): a new array
 *   of #MusterParticipant, or %NULL with @error set
 */
GPtrArray *
muster_store_list_participants (MusterStore  *self,
                                gint64        game_id,
                                GError      **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  return query_participants (self, "p.game_id = ?", game_id, error);
}

/**
 * muster_store_list_character_games:
 * @self: a library
 * @character_id: the character’s id
 * @error: return location for a #GError, or %NULL
 *
 * Lists a character’s games, oldest first.
 *
 * Returns: (transfer full) (element-type MusterParticipant): a new array
 *   of #MusterParticipant, or %NULL with @error set
 */
GPtrArray *
muster_store_list_character_games (MusterStore  *self,
                                   gint64        character_id,
                                   GError      **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (self), NULL);
  return query_participants (self, "c.id = ?", character_id, error);
}
