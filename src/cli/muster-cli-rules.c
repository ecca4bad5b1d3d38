/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "muster-cli-private.h"
#include "muster-rules-update.h"

/* --- update-rules ------------------------------------------------------ */

/* What the update would do: the versions, every change, every option. */
static void
print_update (MusterRulesUpdate *update)
{
  GPtrArray *changes = muster_rules_update_get_changes (update);
  GPtrArray *options = muster_rules_update_get_options (update);

  if (muster_rules_update_get_state (update) == MUSTER_RULES_UPDATE_BROKEN)
    /* Translators: the rules' title, the campaign, why its copy does not
     * load, and the version installed */
    g_print (_("The copy of %s kept by campaign “%s” no longer loads (%s). The installed version %s can replace it.\n"),
             muster_rules_update_get_title (update), muster_rules_update_get_campaign_name (update),
             muster_rules_update_get_copy_error (update)->message,
             muster_rules_update_get_new_version (update));
  else
    /* Translators: the campaign, its version of the rules, their title and
     * the newer version */
    g_print (_("Campaign “%s” plays version %s of %s; version %s is available.\n"),
             muster_rules_update_get_campaign_name (update), muster_rules_update_get_old_version (update),
             muster_rules_update_get_title (update), muster_rules_update_get_new_version (update));

  if (changes->len > 0)
    {
      g_print ("%s\n", _("What changed:"));
      for (guint i = 0; i < changes->len; i++)
        g_print ("  %s\n", ((MusterRulesChange *) g_ptr_array_index (changes, i))->description);
    }
  else if (muster_rules_update_get_state (update) == MUSTER_RULES_UPDATE_NEWER)
    g_print ("%s\n", _("Only the version number is different."));
  if (options->len > 0)
    {
      g_print ("%s\n", _("Options:"));
      for (guint i = 0; i < options->len; i++)
        g_print ("  %s\n", ((MusterRulesOption *) g_ptr_array_index (options, i))->description);
    }
}

/* Nothing to take: says so, and whether that is a failure. */
static int
print_nothing (MusterRulesUpdate *update)
{
  const char *installed = muster_rules_update_get_new_version (update);

  if (muster_rules_update_get_state (update) == MUSTER_RULES_UPDATE_MISSING)
    {
      if (muster_rules_update_get_copy_error (update) != NULL)
        return muster_cli_failf (_("The copy of “%s” kept by campaign “%s” no longer loads (%s), and no ruleset of that id is installed to replace it: add one with “muster-cli add-ruleset FILE”."),
                                 muster_rules_update_get_ruleset_id (update),
                                 muster_rules_update_get_campaign_name (update),
                                 muster_rules_update_get_copy_error (update)->message);
      g_print (_("No ruleset “%s” is installed, so campaign “%s” has no other rules to take.\n"),
               muster_rules_update_get_ruleset_id (update), muster_rules_update_get_campaign_name (update));
      return 0;
    }

  if (muster_ruleset_compare_versions (installed, muster_rules_update_get_old_version (update)) == 0)
    g_print (_("Campaign “%s” already has the latest rules: version %s of %s.\n"),
             muster_rules_update_get_campaign_name (update), muster_rules_update_get_old_version (update),
             muster_rules_update_get_title (update));
  else
    g_print (_("Campaign “%s” already has the latest rules: version %s of %s (the installed file is version %s).\n"),
             muster_rules_update_get_campaign_name (update), muster_rules_update_get_old_version (update),
             muster_rules_update_get_title (update), installed);
  return 0;
}

/* @text as one word of a command line, quoted only when it must be. */
static char *
shell_word (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && strchr ("-_.,/+=:@%", *p) == NULL)
      return g_shell_quote (text);
  return *text != '\0' ? g_strdup (text) : g_shell_quote (text);
}

int
muster_cli_cmd_update_rules (MusterCli  *cli,
                             int         argc,
                             char      **argv)
{
  gboolean dry_run = FALSE;
  const GOptionEntry entries[] = {
    { "dry-run", 0, 0, G_OPTION_ARG_NONE, &dry_run,
      N_("Only show what would change, without changing anything"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterRulesUpdate) update = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *quoted = NULL;
  GPtrArray *blockers;
  int status;

  if ((campaign = muster_cli_parse_campaign_command (cli, entries, &argc, &argv, 1, &status)) == NULL)
    return status;

  update = muster_rules_update_new (cli->store, muster_campaign_get_id (campaign), NULL, &error);
  if (update == NULL)
    return muster_cli_fail (error);
  if (!muster_rules_update_is_available (update))
    return print_nothing (update);

  print_update (update);
  blockers = muster_rules_update_get_blockers (update);
  if (blockers->len > 0)
    {
      g_autoptr(GString) message = g_string_new (NULL);

      g_string_printf (message, _("Campaign “%s” cannot take version %s of %s:"),
                       muster_campaign_get_name (campaign), muster_rules_update_get_new_version (update),
                       muster_rules_update_get_title (update));
      for (guint i = 0; i < blockers->len; i++)
        g_string_append_printf (message, "\n• %s", (const char *) g_ptr_array_index (blockers, i));
      return muster_cli_failf ("%s", message->str);
    }

  if (dry_run)
    {
      g_print (_("Nothing was changed (--dry-run): campaign “%s” still plays version %s.\n"),
               muster_campaign_get_name (campaign), muster_rules_update_get_old_version (update));
      return 0;
    }

  undo = muster_store_update_rules (cli->store, update, &error);
  if (undo == NULL)
    return muster_cli_fail (error);
  quoted = shell_word (argv[1]);
  /* Translators: the campaign, the version it took, the rules' title,
   * then the campaign again for the command that undoes it */
  g_print (_("Campaign “%s” now plays version %s of %s. “muster-cli undo-update-rules %s” undoes it.\n"),
           muster_campaign_get_name (campaign), muster_rules_update_get_new_version (update),
           muster_rules_update_get_title (update), quoted);
  return 0;
}

/* --- undo-update-rules ------------------------------------------------- */

int
muster_cli_cmd_undo_update_rules (MusterCli  *cli,
                                  int         argc,
                                  char      **argv)
{
  const GOptionEntry entries[] = { G_OPTION_ENTRY_NULL };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterCampaign) after = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  if ((campaign = muster_cli_parse_campaign_command (cli, entries, &argc, &argv, 1, &status)) == NULL)
    return status;

  if (!muster_store_undo_rules_update (cli->store, muster_campaign_get_id (campaign), &error) ||
      (after = muster_store_get_campaign (cli->store, muster_campaign_get_id (campaign), &error)) == NULL)
    return muster_cli_fail (error);

  /* Translators: the campaign and the version of its rules it is back to */
  g_print (_("Taking newer rules is undone: campaign “%s” plays version %s of its rules again.\n"),
           muster_campaign_get_name (after), muster_campaign_get_ruleset_version (after));
  return 0;
}
