/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-store"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-campaign.h"
#include "muster-game.h"
#include "muster-store-private.h"
#include "muster-warnings.h"

static GPtrArray *
warnings_new (void)
{
  return g_ptr_array_new_with_free_func (g_free);
}

gboolean
muster_store_count_named (MusterStore  *store,
                          gint64        campaign_id,
                          const char   *name,
                          gint64        except_id,
                          guint        *out_count,
                          GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  g_autofree char *clean = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (out_count != NULL, FALSE);

  *out_count = 0;
  clean = g_strstrip (g_strdup (name));
  /* Within a campaign, by the index on its names. */
  stmt = muster_store_prepare (store,
                               campaign_id != 0
                               ? "SELECT count(*) FROM character"
                                 " WHERE campaign_id = ?1 AND name = ?2 COLLATE NOCASE AND id != ?3"
                               : "SELECT count(*) FROM character WHERE name = ?2 COLLATE NOCASE AND id != ?3",
                               error);
  if (stmt == NULL)
    return FALSE;
  if (campaign_id != 0)
    sqlite3_bind_int64 (stmt, 1, campaign_id);
  sqlite3_bind_text (stmt, 2, clean, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 3, except_id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      muster_store_set_error (store, error, _("Could not read the characters’ names"));
      return FALSE;
    }
  *out_count = (guint) sqlite3_column_int64 (stmt, 0);
  return TRUE;
}

/**
 * muster_warnings_for_game_date:
 * @store: the library
 * @campaign_id: the game's campaign
 * @game_id: the game, or 0 for one about to be planned (numbered last)
 * @date: (nullable): its date, YYYY-MM-DD
 * @error: return location for an error
 *
 * Returns: (transfer full) (element-type utf8): the warnings, or %NULL with
 *   @error set.
 */
GPtrArray *
muster_warnings_for_game_date (MusterStore  *store,
                               gint64        campaign_id,
                               gint64        game_id,
                               const char   *date,
                               GError      **error)
{
  g_autoptr(GPtrArray) warnings = warnings_new ();
  g_autoptr(GPtrArray) games = NULL;
  MusterGame *latest = NULL;
  int number = G_MAXINT;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  /* A date that is not one is refused when the game is made. */
  if (date == NULL || !muster_store_check_date (date, NULL))
    return g_steal_pointer (&warnings);
  games = muster_store_list_games (store, campaign_id, error);
  if (games == NULL)
    return NULL;
  for (guint i = 0; game_id != 0 && i < games->len; i++)
    if (muster_game_get_id (g_ptr_array_index (games, i)) == game_id)
      number = muster_game_get_number (g_ptr_array_index (games, i));

  /* The games played before it that are dated, the latest date last. */
  for (guint i = 0; i < games->len; i++)
    {
      MusterGame *game = g_ptr_array_index (games, i);
      const char *other = muster_game_get_date (game);

      if (muster_game_get_number (game) < number && other != NULL &&
          (latest == NULL || g_strcmp0 (other, muster_game_get_date (latest)) >= 0))
        latest = game;
    }
  /* YYYY-MM-DD sorts as the days do. */
  if (latest != NULL && strcmp (date, muster_game_get_date (latest)) < 0)
    {
      g_autofree char *what = muster_game_describe_full (latest);

      /* TRANSLATORS: the new game's date, the earlier game (“Game 1
       * “The ford” of Peninsula 1812”) and its date */
      g_ptr_array_add (warnings,
                       g_strdup_printf (_("The date %s is before that of %s, played before it, on %s."),
                                        date, what, muster_game_get_date (latest)));
    }
  return g_steal_pointer (&warnings);
}

/**
 * muster_warnings_for_character_name:
 * @store: the library
 * @campaign_id: the character's campaign
 * @character_id: the character, or 0 for a new one
 * @name: the name to give it
 * @error: return location for an error
 *
 * Returns: (transfer full) (element-type utf8): the warnings, or %NULL with
 *   @error set.
 */
GPtrArray *
muster_warnings_for_character_name (MusterStore  *store,
                                    gint64        campaign_id,
                                    gint64        character_id,
                                    const char   *name,
                                    GError      **error)
{
  g_autoptr(GPtrArray) warnings = warnings_new ();
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autofree char *clean = NULL;
  guint n = 0;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  clean = g_strstrip (g_strdup (name != NULL ? name : ""));
  if (*clean == '\0')
    return g_steal_pointer (&warnings);
  if (!muster_store_count_named (store, campaign_id, clean, character_id, &n, error))
    return NULL;
  if (n == 0)
    return g_steal_pointer (&warnings);
  campaign = muster_store_get_campaign (store, campaign_id, error);
  if (campaign == NULL)
    return NULL;
  g_ptr_array_add (warnings,
                   g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "%u other character of %s is called “%s”: a name of their own tells them apart in the log and on the sheets.",
                                                 "%u other characters of %s are called “%s”: a name of their own tells them apart in the log and on the sheets.",
                                                 n),
                                    n, muster_campaign_get_name (campaign), clean));
  return g_steal_pointer (&warnings);
}

/**
 * muster_warnings_for_finish:
 * @store: the library
 * @game_id: the game to finish
 * @error: return location for an error
 *
 * Returns: (transfer full) (element-type utf8): the warnings, or %NULL with
 *   @error set.
 */
GPtrArray *
muster_warnings_for_finish (MusterStore  *store,
                            gint64        game_id,
                            GError      **error)
{
  g_autoptr(GPtrArray) warnings = warnings_new ();
  g_autoptr(MusterGame) game = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  game = muster_store_get_game (store, game_id, error);
  if (game == NULL)
    return NULL;
  /* A game played at the table records its results as it finishes. */
  if (muster_game_get_state (game) == MUSTER_GAME_STARTED)
    return g_steal_pointer (&warnings);
  stmt = muster_store_prepare (store,
                               "SELECT EXISTS (SELECT 1 FROM participation WHERE game_id = ?1 AND outcome IS NOT NULL)"
                               " OR EXISTS (SELECT 1 FROM unit_participation WHERE game_id = ?1 AND recorded)",
                               error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      muster_store_set_error (store, error, _("Could not read the game’s results"));
      return NULL;
    }
  if (!sqlite3_column_int (stmt, 0))
    {
      g_autofree char *what = muster_game_describe_full (game);

      g_ptr_array_add (warnings,
                       g_strdup_printf (_("No results are recorded for %s: record who was hurt or put out of action before its between-game sequence is run."),
                                        what));
    }
  return g_steal_pointer (&warnings);
}
