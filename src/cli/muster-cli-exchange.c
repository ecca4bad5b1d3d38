/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>
#include <gio/gio.h>

#include "muster-cli-private.h"
#include "muster-exchange.h"
#include "muster-force.h"

/* --- export ------------------------------------------------------------- */

/* To stdout when there is no -o or it is “-”: a whole file at once, so
 * that a failure half way prints nothing. */
static int
export_to_stdout (MusterStore        *store,
                  MusterExchangeKind  kind,
                  gint64              id)
{
  g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (kind == MUSTER_EXCHANGE_FORCE)
    ok = muster_exchange_export_force (store, id, stream, &error);
  else
    ok = muster_exchange_export_campaign (store, id, stream, &error);
  if (!ok || !g_output_stream_close (stream, NULL, &error))
    return muster_cli_fail (error);

  fwrite (g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (stream)), 1,
          g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (stream)), stdout);
  if (fflush (stdout) != 0)
    return muster_cli_failf (_("Could not write the file to the standard output."));
  return 0;
}

int
muster_cli_cmd_export (MusterCli  *cli,
                       int         argc,
                       char      **argv)
{
  g_autofree char *force_name = NULL;
  g_autofree char *output = NULL;
  const GOptionEntry entries[] = {
    { "force", 0, 0, G_OPTION_ARG_STRING, &force_name,
      N_("Export only FORCE, to join another campaign"), N_("FORCE") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write to FILE (default: the standard output)"), N_("FILE") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterForce) force = NULL;
  g_autoptr(GError) error = NULL;
  MusterExchangeKind kind = MUSTER_EXCHANGE_CAMPAIGN;
  gint64 id;
  int status;

  if ((campaign = muster_cli_parse_campaign_command (cli, entries, &argc, &argv, 1, &status)) == NULL)
    return status;

  id = muster_campaign_get_id (campaign);
  if (force_name != NULL)
    {
      if ((force = muster_cli_find_force (cli, campaign, force_name, &error)) == NULL)
        return muster_cli_fail (error);
      kind = MUSTER_EXCHANGE_FORCE;
      id = muster_force_get_id (force);
    }

  if (output == NULL || g_str_equal (output, "-"))
    return export_to_stdout (cli->store, kind, id);

  if (!muster_exchange_export_to_path (cli->store, kind, id, output, &error))
    return muster_cli_fail (error);
  if (force != NULL)
    /* TRANSLATORS: the force, its campaign and the file */
    g_print (_("Wrote force “%s” of %s to %s.\n"), muster_force_get_name (force),
             muster_campaign_get_name (campaign), output);
  else
    /* TRANSLATORS: the campaign and the file */
    g_print (_("Wrote campaign “%s” to %s, with its rules, games and log.\n"),
             muster_campaign_get_name (campaign), output);
  return 0;
}

/* --- import ------------------------------------------------------------- */

int
muster_cli_cmd_import (MusterCli  *cli,
                       int         argc,
                       char      **argv)
{
  g_autofree char *into_name = NULL;
  const GOptionEntry entries[] = {
    { "into", 0, 0, G_OPTION_ARG_STRING, &into_name,
      N_("Add the force in the file to CAMPAIGN"), N_("CAMPAIGN") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterCampaign) into = NULL;
  g_autoptr(GError) error = NULL;
  MusterExchangeKind kind;
  MusterStore *store;
  gint64 id;
  int status;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 1, 1, &status))
    return status;

  if ((store = muster_cli_get_store (cli, &error)) == NULL)
    return muster_cli_fail (error);
  if (into_name != NULL &&
      (into = muster_cli_find_campaign (cli, into_name, &error)) == NULL)
    return muster_cli_fail (error);

  id = muster_exchange_import (store, argv[1],
                               into != NULL ? muster_campaign_get_id (into) : 0,
                               &kind, &error);
  if (id <= 0)
    {
      if (g_error_matches (error, MUSTER_EXCHANGE_ERROR, MUSTER_EXCHANGE_ERROR_KIND))
        return muster_cli_failf (_("%s (Use --into CAMPAIGN.)"), error->message);
      return muster_cli_fail (error);
    }

  if (into != NULL && kind == MUSTER_EXCHANGE_CAMPAIGN)
    muster_cli_warn (_("The file holds a whole campaign, imported as a new one; --into was not used."));

  if (kind == MUSTER_EXCHANGE_CAMPAIGN)
    {
      g_autoptr(MusterCampaign) campaign = muster_store_get_campaign (store, id, &error);

      if (campaign == NULL)
        return muster_cli_fail (error);
      /* TRANSLATORS: the file and the campaign it became */
      g_print (_("Imported %s as campaign “%s”.\n"), argv[1], muster_campaign_get_name (campaign));
    }
  else
    {
      g_autoptr(MusterForce) force = muster_store_get_force (store, id, &error);

      if (force == NULL)
        return muster_cli_fail (error);
      /* TRANSLATORS: the file, the force it became and the campaign it
       * joined */
      g_print (_("Imported %s as force “%s” of %s.\n"), argv[1], muster_force_get_name (force),
               muster_campaign_get_name (into));
    }
  muster_cli_print_id (id);
  return 0;
}
