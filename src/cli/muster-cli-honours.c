/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-campaign.h"
#include "muster-cli-private.h"
#include "muster-honours.h"

/* A campaign's kill ledger and its honours. */

/* --- kills ------------------------------------------------------------------- */

int
muster_cli_cmd_kills (MusterCli  *cli,
                      int         argc,
                      char      **argv)
{
  g_autofree char *output = NULL;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the CSV to FILE instead of standard output"), N_("FILE") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL;
  int status;

  if ((campaign = muster_cli_parse_campaign_command (cli, entries, &argc, &argv, 1, &status)) == NULL)
    return status;

  if ((csv = muster_honours_kill_ledger_csv (cli->store, muster_campaign_get_id (campaign), &error)) == NULL)
    return muster_cli_fail (error);

  if (output == NULL)
    {
      g_print ("%s", csv);
      return 0;
    }
  if (!g_file_set_contents (output, csv, -1, &error))
    return muster_cli_fail (error);
  /* TRANSLATORS: the campaign and the file */
  g_print (_("Wrote the kill ledger of %s to %s.\n"), muster_campaign_get_name (campaign), output);
  return 0;
}

/* --- honours ----------------------------------------------------------------- */

/* A heading, with "(none yet)" under it when nothing follows. */
static void
print_heading (const char *heading,
               guint       n)
{
  g_print ("%s\n", heading);
  if (n == 0)
    g_print ("  %s\n", _("(none yet)"));
}

static void
print_records (const char *heading,
               GPtrArray  *records)
{
  print_heading (heading, records->len);
  for (guint i = 0; i < records->len; i++)
    {
      const MusterRecord *record = g_ptr_array_index (records, i);
      g_print ("  %d  %s (%s)\n", record->value, record->name, record->force_name);
    }
}

int
muster_cli_cmd_honours (MusterCli  *cli,
                        int         argc,
                        char      **argv)
{
  const GOptionEntry entries[] = { G_OPTION_ENTRY_NULL };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GPtrArray) fallen = NULL;
  g_autoptr(GPtrArray) recovered = NULL;
  g_autoptr(GPtrArray) kills = NULL;
  g_autoptr(GPtrArray) survived = NULL;
  g_autoptr(GPtrArray) on_roll = NULL;
  g_autoptr(GError) error = NULL;
  gint64 id;
  int status;

  if ((campaign = muster_cli_parse_campaign_command (cli, entries, &argc, &argv, 1, &status)) == NULL)
    return status;

  id = muster_campaign_get_id (campaign);
  if ((fallen = muster_honours_list_fallen (cli->store, id, &error)) == NULL ||
      (recovered = muster_honours_list_recovered (cli->store, id, &error)) == NULL ||
      (kills = muster_honours_most_kills (cli->store, id, 5, &error)) == NULL ||
      (survived = muster_honours_most_survived (cli->store, id, 5, &error)) == NULL ||
      (on_roll = muster_honours_longest_on_roll (cli->store, id, 5, &error)) == NULL)
    return muster_cli_fail (error);

  print_heading (_("The fallen"), fallen->len);
  for (guint i = 0; i < fallen->len; i++)
    {
      const MusterHonour *h = g_ptr_array_index (fallen, i);
      g_autofree char *killers = NULL;
      g_autofree char *line = NULL;

      killers = muster_cli_join (h->killers);
      if (h->game_id == 0)
        line = g_strdup_printf ("%s (%s)", h->name, h->force_name);
      else if (killers[0] != '\0')
        /* Translators: one of the fallen, where and by whose hand */
        line = g_strdup_printf (_("%s (%s), game %d “%s”, by the hand of %s"),
                                h->name, h->force_name, h->game_number, h->game_title, killers);
      else
        /* Translators: one of the fallen and where */
        line = g_strdup_printf (_("%s (%s), game %d “%s”"),
                                h->name, h->force_name, h->game_number, h->game_title);
      g_print ("  %s\n", line);
    }

  print_heading (_("The recovered"), recovered->len);
  for (guint i = 0; i < recovered->len; i++)
    {
      const MusterHonour *h = g_ptr_array_index (recovered, i);
      /* Translators: one of the recovered, and after which game */
      g_autofree char *line = g_strdup_printf (_("%s (%s), after game %d “%s”"), h->name, h->force_name,
                                               h->game_number, h->game_title != NULL ? h->game_title : "");

      g_print ("  %s\n", line);
    }

  print_records (_("Most kills"), kills);
  print_records (_("Most games survived"), survived);
  print_records (_("Longest on the roll"), on_roll);
  return 0;
}
