/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-campaign.h"
#include "muster-cli-private.h"
#include "muster-force.h"
#include "muster-nationality.h"
#include "muster-store.h"

/* Forces: forces, new-force and set-force. */

/* "Force “95th Rifles”, fighting for British, with 13 characters.
 * Nationality: British." */
void
muster_cli_say_force (MusterForce *force)
{
  guint n = muster_force_get_n_characters (force);
  const char *label = muster_nationality_get_label (muster_force_get_nationality (force));

  /* TRANSLATORS: the force, its side, how many characters it has and
   * its nationality (whose names its recruits take), e.g. “British” */
  g_print (g_dngettext (GETTEXT_PACKAGE,
                        "Force “%s”, fighting for %s, with %u character. Nationality: %s.\n",
                        "Force “%s”, fighting for %s, with %u characters. Nationality: %s.\n",
                        n),
           muster_force_get_name (force), muster_force_get_effective_side (force), n,
           label != NULL ? label : muster_force_get_nationality (force));
}

/* --- forces ----------------------------------------------------------------- */

int
muster_cli_cmd_forces (MusterCli  *cli,
                       int         argc,
                       char      **argv)
{
  const GOptionEntry entries[] = {
    MUSTER_CLI_FORMAT_ENTRY (cli),
    G_OPTION_ENTRY_NULL
  };
  const char *keys[] = { "id", "name", "side", "characters", "nationality" };
  const char *headings[] = { _("Id"), _("Name"), _("Side"), _("Characters"), _("Nationality") };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GPtrArray) forces = NULL;
  g_autoptr(MusterCliTable) table = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  if ((campaign = muster_cli_parse_campaign_command (cli, entries, &argc, &argv, 1, &status)) == NULL)
    return status;

  if ((forces = muster_store_list_forces (cli->store, muster_campaign_get_id (campaign), &error)) == NULL)
    return muster_cli_fail (error);

  table = muster_cli_table_new (G_N_ELEMENTS (keys), keys, headings);
  for (guint i = 0; i < forces->len; i++)
    {
      MusterForce *force = g_ptr_array_index (forces, i);

      muster_cli_table_add_row (table);
      muster_cli_table_add_int (table, muster_force_get_id (force));
      muster_cli_table_add_text (table, muster_force_get_name (force));
      muster_cli_table_add_text (table, muster_force_get_effective_side (force));
      muster_cli_table_add_int (table, muster_force_get_n_characters (force));
      muster_cli_table_add_value (table, muster_force_get_nationality (force),
                                  muster_nationality_get_label (muster_force_get_nationality (force)));
    }
  muster_cli_table_print (table, cli->format, FALSE);
  return 0;
}

/* --- new-force -------------------------------------------------------------- */

/* --nationality: NULL (not given) or a nationality's id. */
static gboolean
check_nationality (MusterCli  *cli,
                   const char *nationality,
                   int        *status)
{
  g_autoptr(GError) error = NULL;

  if (nationality == NULL || muster_nationality_check (nationality, &error))
    return TRUE;
  *status = muster_cli_usage_error (cli, "%s", error->message);
  return FALSE;
}

int
muster_cli_cmd_new_force (MusterCli  *cli,
                          int         argc,
                          char      **argv)
{
  g_autofree char *side = NULL;
  g_autofree char *nationality = NULL;
  const GOptionEntry entries[] = {
    { "side", 0, 0, G_OPTION_ARG_STRING, &side,
      N_("Fight for SIDE (default: the force is a side of its own)"), N_("SIDE") },
    MUSTER_CLI_NATIONALITY_ENTRY (nationality,
                                  N_("Whose names its recruits take: british, french, spanish or portuguese "
                                     "(default: the one its side suggests)")),
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterForce) force = NULL;
  g_autoptr(GError) error = NULL;
  gint64 id;
  int status;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 2, 2, &status) ||
      !check_nationality (cli, nationality, &status))
    return status;
  if ((campaign = muster_cli_find_campaign (cli, argv[1], &error)) == NULL)
    return muster_cli_fail (error);

  id = muster_store_create_force_full (cli->store, muster_campaign_get_id (campaign), argv[2], side,
                                       nationality, &error);
  if (id <= 0 || (force = muster_store_get_force (cli->store, id, &error)) == NULL)
    return muster_cli_fail (error);

  if (muster_force_get_side (force) != NULL)
    /* TRANSLATORS: the force, its campaign, its side and its nationality
     * (whose names its recruits take), e.g. “British” */
    g_print (_("Force “%s” added to %s, fighting for %s. Nationality: %s.\n"),
             muster_force_get_name (force), muster_campaign_get_name (campaign),
             muster_force_get_side (force),
             muster_nationality_get_label (muster_force_get_nationality (force)));
  else
    /* TRANSLATORS: the force, its campaign and its nationality */
    g_print (_("Force “%s” added to %s, a side of its own. Nationality: %s.\n"),
             muster_force_get_name (force), muster_campaign_get_name (campaign),
             muster_nationality_get_label (muster_force_get_nationality (force)));
  muster_cli_print_id (id);
  return 0;
}

/* --- set-force --------------------------------------------------------------- */

int
muster_cli_cmd_set_force (MusterCli  *cli,
                          int         argc,
                          char      **argv)
{
  g_autofree char *campaign_arg = NULL;
  g_autofree char *side = NULL;
  g_autofree char *nationality = NULL;
  const GOptionEntry entries[] = {
    { "campaign", 0, 0, G_OPTION_ARG_STRING, &campaign_arg,
      N_("Find the force by name in this campaign"), N_("CAMPAIGN") },
    { "side", 0, 0, G_OPTION_ARG_STRING, &side,
      N_("Fight for SIDE (\"\": the force becomes a side of its own)"), N_("SIDE") },
    MUSTER_CLI_NATIONALITY_ENTRY (nationality,
                                  N_("Whose names its recruits take from now on: british, french, spanish "
                                     "or portuguese")),
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterForce) force = NULL;
  g_autoptr(MusterForce) changed = NULL;
  g_autoptr(GError) error = NULL;
  gint64 id;
  int status;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 1, 1, &status) ||
      !check_nationality (cli, nationality, &status))
    return status;
  if (side == NULL && nationality == NULL)
    return muster_cli_usage_error (cli, _("Nothing to change: give --side or --nationality."));
  if (!muster_cli_check_named (cli, MUSTER_CLI_FORCE, campaign_arg, argv[1], &status))
    return status;

  if ((force = muster_cli_find_arg (cli, MUSTER_CLI_FORCE, campaign_arg, argv[1], &campaign, &error)) == NULL)
    return muster_cli_fail (error);
  id = muster_force_get_id (force);

  /* All of it or nothing. */
  if (!muster_store_begin (cli->store, &error) ||
      (side != NULL && !muster_store_set_force_side (cli->store, id, side, &error)) ||
      (nationality != NULL && !muster_store_set_force_nationality (cli->store, id, nationality, &error)) ||
      !muster_store_commit (cli->store, &error))
    {
      muster_store_rollback (cli->store);
      return muster_cli_fail (error);
    }

  if ((changed = muster_store_get_force (cli->store, id, &error)) == NULL)
    return muster_cli_fail (error);
  if (side != NULL && muster_force_get_side (changed) != NULL)
    /* TRANSLATORS: the force, its campaign and its side */
    g_print (_("Force “%s” of %s now fights for %s.\n"), muster_force_get_name (changed),
             muster_campaign_get_name (campaign), muster_force_get_side (changed));
  else if (side != NULL)
    g_print (_("Force “%s” of %s is now a side of its own.\n"), muster_force_get_name (changed),
             muster_campaign_get_name (campaign));
  if (nationality != NULL)
    /* TRANSLATORS: the force, its campaign and its nationality, e.g.
     * “Spanish” */
    g_print (_("Force “%s” of %s: nationality %s. Its recruits take these names from now on; "
               "its characters keep theirs.\n"),
             muster_force_get_name (changed), muster_campaign_get_name (campaign),
             muster_nationality_get_label (nationality));
  return 0;
}
