/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-cli-private.h"
#include "muster-force.h"
#include "muster-game.h"
#include "muster-store.h"
#include "muster-unit.h"

/* Finding what the arguments of a command name: a campaign by id or name;
 * a force, unit or character by id, or by name within a campaign; a game
 * by its id in the whole library, or within a campaign by the number it
 * is listed by there or by its title. */

/* Why a name given without --campaign cannot be looked up. */
static char *
describe_missing_campaign (MusterCliKind  kind,
                           const char    *name)
{
  switch (kind)
    {
    case MUSTER_CLI_FORCE:
      return g_strdup_printf (_("To find force “%s” by name, say which campaign it is in with --campaign."),
                              name);
    case MUSTER_CLI_UNIT:
      return g_strdup_printf (_("To find unit “%s” by name, say which campaign it is in with --campaign."),
                              name);
    case MUSTER_CLI_GAME:
      return g_strdup_printf (_("“%s” is not a game id: give the game’s id, or its number or title with --campaign CAMPAIGN."),
                              name);
    case MUSTER_CLI_CHARACTER:
    default:
      return g_strdup_printf (_("To find character “%s” by name, say which campaign they are in with --campaign."),
                              name);
    }
}

/* The campaign a force, unit, game or character belongs to. */
static gint64
campaign_id_of (MusterCliKind kind,
                gpointer      thing)
{
  switch (kind)
    {
    case MUSTER_CLI_FORCE:
      return muster_force_get_campaign_id (thing);
    case MUSTER_CLI_UNIT:
      return muster_unit_get_campaign_id (thing);
    case MUSTER_CLI_GAME:
      return muster_game_get_campaign_id (thing);
    case MUSTER_CLI_CHARACTER:
    default:
      return muster_character_get_campaign_id (thing);
    }
}

/* A force, unit, character or game by id, or by name within @campaign. */
static gpointer
find_in_campaign (MusterCli       *cli,
                  MusterCliKind    kind,
                  MusterCampaign  *campaign,
                  const char      *id_or_name,
                  GError         **error)
{
  MusterStore *store = muster_cli_get_store (cli, error);
  gint64 campaign_id = campaign != NULL ? muster_campaign_get_id (campaign) : 0;
  gint64 id;

  g_assert (kind != MUSTER_CLI_CAMPAIGN);

  if (store == NULL)
    return NULL;
  if (campaign == NULL && !muster_cli_is_id (id_or_name))
    {
      g_autofree char *message = describe_missing_campaign (kind, id_or_name);

      g_set_error_literal (error, MUSTER_STORE_ERROR,
                           kind == MUSTER_CLI_FORCE || kind == MUSTER_CLI_CHARACTER
                           ? MUSTER_STORE_ERROR_INVALID : MUSTER_STORE_ERROR_NOT_FOUND,
                           message);
      return NULL;
    }

  id = campaign == NULL ? g_ascii_strtoll (id_or_name, NULL, 10) : 0;
  switch (kind)
    {
    case MUSTER_CLI_FORCE:
      return campaign != NULL ? muster_store_find_force (store, campaign_id, id_or_name, error)
                              : muster_store_get_force (store, id, error);
    case MUSTER_CLI_UNIT:
      return campaign != NULL ? muster_store_find_unit (store, campaign_id, id_or_name, error)
                              : muster_store_get_unit (store, id, error);
    case MUSTER_CLI_GAME:
      /* Within a campaign a number is the game's number there. */
      return muster_store_find_game (store, campaign_id, id_or_name, error);
    case MUSTER_CLI_CHARACTER:
    default:
      return campaign != NULL ? muster_store_find_character (store, campaign_id, id_or_name, error)
                              : muster_store_get_character (store, id, error);
    }
}

MusterCampaign *
muster_cli_find_campaign (MusterCli   *cli,
                          const char  *id_or_name,
                          GError     **error)
{
  MusterStore *store = muster_cli_get_store (cli, error);

  if (store == NULL)
    return NULL;
  return muster_store_find_campaign (store, id_or_name, error);
}

MusterCampaign *
muster_cli_parse_campaign_command (MusterCli           *cli,
                                   const GOptionEntry  *entries,
                                   int                 *argc,
                                   char              ***argv,
                                   int                  n_args,
                                   int                 *status)
{
  g_autoptr(GError) error = NULL;
  MusterCampaign *campaign;

  if (!muster_cli_parse_command (cli, entries, argc, argv, n_args, n_args, status))
    return NULL;
  campaign = muster_cli_find_campaign (cli, (*argv)[1], &error);
  if (campaign == NULL)
    *status = muster_cli_fail (error);
  return campaign;
}

MusterForce *
muster_cli_find_force (MusterCli       *cli,
                       MusterCampaign  *campaign,
                       const char      *id_or_name,
                       GError         **error)
{
  return find_in_campaign (cli, MUSTER_CLI_FORCE, campaign, id_or_name, error);
}

MusterUnit *
muster_cli_find_unit (MusterCli       *cli,
                      MusterCampaign  *campaign,
                      const char      *id_or_name,
                      GError         **error)
{
  return find_in_campaign (cli, MUSTER_CLI_UNIT, campaign, id_or_name, error);
}

MusterCharacter *
muster_cli_find_character (MusterCli       *cli,
                           MusterCampaign  *campaign,
                           const char      *id_or_name,
                           GError         **error)
{
  return find_in_campaign (cli, MUSTER_CLI_CHARACTER, campaign, id_or_name, error);
}

gboolean
muster_cli_check_named (MusterCli     *cli,
                        MusterCliKind  kind,
                        const char    *campaign_arg,
                        const char    *arg,
                        int           *status)
{
  g_autofree char *message = NULL;

  if (kind == MUSTER_CLI_CAMPAIGN || campaign_arg != NULL || muster_cli_is_id (arg))
    return TRUE;
  message = describe_missing_campaign (kind, arg);
  *status = muster_cli_usage_error (cli, "%s", message);
  return FALSE;
}

gpointer
muster_cli_find_arg (MusterCli       *cli,
                     MusterCliKind    kind,
                     const char      *campaign_arg,
                     const char      *arg,
                     MusterCampaign **campaign,
                     GError         **error)
{
  g_autoptr(MusterCampaign) named = NULL;
  gpointer thing;

  if (kind == MUSTER_CLI_CAMPAIGN)
    return muster_cli_find_campaign (cli, arg, error);

  if (campaign_arg != NULL &&
      (named = muster_cli_find_campaign (cli, campaign_arg, error)) == NULL)
    return NULL;
  thing = find_in_campaign (cli, kind, named, arg, error);
  if (thing == NULL || campaign == NULL)
    return thing;

  if (named == NULL &&
      (named = muster_store_get_campaign (cli->store, campaign_id_of (kind, thing), error)) == NULL)
    {
      g_object_unref (thing);
      return NULL;
    }
  *campaign = g_steal_pointer (&named);
  return thing;
}
