/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "muster-cli-private.h"
#include "muster-paths.h"

/* Every command, in the order --help lists them. */
static const MusterCliCommand commands[] = {
  { "rulesets",     muster_cli_cmd_rulesets,     N_("List the rulesets campaigns can use"),       "" },
  { "campaigns",    muster_cli_cmd_campaigns,    N_("List the campaigns in the library"),         "" },
  { "sample",       muster_cli_cmd_sample,       N_("Create the sample campaign"),                N_("[NAME]") },
  { "new-campaign", muster_cli_cmd_new_campaign, N_("Create a campaign"),                         N_("NAME") },
  { "forces",       muster_cli_cmd_forces,       N_("List a campaign’s forces"),                  N_("CAMPAIGN") },
  { "new-force",    muster_cli_cmd_new_force,    N_("Add a force to a campaign"),                 N_("CAMPAIGN NAME") },
  { "set-force",    muster_cli_cmd_set_force,    N_("Change a force’s side and nationality"),     N_("FORCE") },
  { "recruit",      muster_cli_cmd_recruit,      N_("Roll up new characters for a force"),        N_("CAMPAIGN FORCE") },
  { "new-unit",     muster_cli_cmd_new_unit,     N_("Add a unit to a force"),                     N_("CAMPAIGN FORCE NAME --type TYPE") },
  { "units",        muster_cli_cmd_units,        N_("List a campaign’s units"),                   N_("CAMPAIGN") },
  { "set-unit",     muster_cli_cmd_set_unit,     N_("Change a unit’s type, rating, figures and values"), N_("UNIT") },
  { "roster",       muster_cli_cmd_roster,       N_("List a campaign’s characters"),              N_("CAMPAIGN") },
  { "show",         muster_cli_cmd_show,         N_("Show a character’s sheet"),                  N_("CHARACTER") },
  { "set",          muster_cli_cmd_set,          N_("Change a character’s stats and details"),    N_("CHARACTER") },
  { "rename",       muster_cli_cmd_rename,       N_("Rename a campaign, force, unit or character"), N_("campaign|force|unit|character ID-OR-NAME NEW-NAME") },
  { "delete",       muster_cli_cmd_delete,       N_("Delete a campaign, force, unit or character"), N_("campaign|force|unit|character ID-OR-NAME") },
  { "new-game",     muster_cli_cmd_new_game,     N_("Plan a game and who takes part"),            N_("CAMPAIGN TITLE --with CHARACTER... --with-unit UNIT...") },
  { "result",       muster_cli_cmd_result,       N_("Record what happened to a character or a unit’s figures in a game"), N_("GAME CHARACTER --outcome OUTCOME | GAME UNIT --killed-figures N") },
  { "start",        muster_cli_cmd_start,        N_("Start a planned game at the table"),          N_("GAME") },
  { "order",        muster_cli_cmd_order,        N_("Roll the order of play of a started game, or deal its next card"), N_("GAME") },
  { "hit",          muster_cli_cmd_hit,          N_("Resolve a hit in a started game by the rules"), N_("GAME TARGET [--by ATTACKER] | GAME --unit UNIT") },
  { "undo-hit",     muster_cli_cmd_undo_hit,     N_("Take back the last hit of a started game"),   N_("GAME") },
  { "undo-card",    muster_cli_cmd_undo_card,    N_("Take back the last card dealt in a started game"), N_("GAME") },
  { "undo",         muster_cli_cmd_undo,         N_("Take back the last hit, card or roll of the order of a started game, whichever came last"), N_("GAME") },
  { "finish",       muster_cli_cmd_finish,       N_("Mark a game played, with its winner"),       N_("GAME") },
  { "resolve",      muster_cli_cmd_resolve,      N_("Run the between-game sequence for a game"),  N_("GAME") },
  { "undo-resolve", muster_cli_cmd_undo_resolve, N_("Undo a campaign’s most recent resolution"),  N_("CAMPAIGN") },
  { "release",      muster_cli_cmd_release,      N_("Release a captured character"),              N_("CHARACTER") },
  { "games",        muster_cli_cmd_games,        N_("List a campaign’s games"),                   N_("CAMPAIGN") },
  { "game",         muster_cli_cmd_game,         N_("List a game’s participants and results"),    N_("GAME") },
  { "log",          muster_cli_cmd_log,          N_("Show a campaign’s log, newest first"),       N_("CAMPAIGN") },
  { "kills",        muster_cli_cmd_kills,        N_("Export a campaign’s kill ledger as CSV"),    N_("CAMPAIGN") },
  { "honours",      muster_cli_cmd_honours,      N_("Show the fallen, the recovered and the records"), N_("CAMPAIGN") },
  { "stats",        muster_cli_cmd_stats,        N_("Print a campaign’s statistics: every series its charts show"), N_("CAMPAIGN [--force FORCE] [--series NAME]") },
  { "export",       muster_cli_cmd_export,       N_("Write a campaign or one force to a .muster file"), N_("CAMPAIGN [--force FORCE] [-o FILE]") },
  { "import",       muster_cli_cmd_import,       N_("Read a .muster file: a new campaign, or a force --into one"), N_("FILE [--into CAMPAIGN]") },
  { "add-ruleset",  muster_cli_cmd_add_ruleset,  N_("Check a ruleset file and add it to the rulesets campaigns can use"), N_("FILE") },
  { "update-rules", muster_cli_cmd_update_rules, N_("Take the newer version of its rules into a campaign, or with --dry-run show what would change"), N_("CAMPAIGN") },
  { "undo-update-rules", muster_cli_cmd_undo_update_rules, N_("Undo a campaign’s most recent taking of newer rules"), N_("CAMPAIGN") },
  { "backup",       muster_cli_cmd_backup,       N_("Write a consistent copy of the whole library to FILE"), N_("FILE") },
  { "restore",      muster_cli_cmd_restore,      N_("Replace the library by a backup, keeping a copy of it"), N_("FILE") },
  { "print",        muster_cli_cmd_print,        N_("Print a sheet to PDF: figure-stats, playsheet, cards, roster, units or deck"), N_("SHEET CAMPAIGN -o FILE") },
};

/* --- Messages ----------------------------------------------------------- */

/* "muster-cli: [PREFIX ]MESSAGE" on stderr. */
static void G_GNUC_PRINTF (2, 0)
print_message (const char *prefix,
               const char *format,
               va_list     args)
{
  g_autofree char *message = g_strdup_vprintf (format, args);

  if (prefix != NULL)
    g_printerr ("muster-cli: %s %s\n", prefix, message);
  else
    g_printerr ("muster-cli: %s\n", message);
}

int
muster_cli_fail (const GError *error)
{
  g_printerr ("muster-cli: %s\n", error->message);
  return MUSTER_CLI_EXIT_FAILURE;
}

int
muster_cli_failf (const char *format,
                  ...)
{
  va_list args;

  va_start (args, format);
  print_message (NULL, format, args);
  va_end (args);
  return MUSTER_CLI_EXIT_FAILURE;
}

void
muster_cli_warn (const char *format,
                 ...)
{
  va_list args;

  va_start (args, format);
  /* TRANSLATORS: the prefix of a warning on the command line */
  print_message (_("warning:"), format, args);
  va_end (args);
}

void
muster_cli_warn_all (GPtrArray *warnings)
{
  for (guint i = 0; warnings != NULL && i < warnings->len; i++)
    muster_cli_warn ("%s", (const char *) g_ptr_array_index (warnings, i));
}

int
muster_cli_usage_error (MusterCli  *cli,
                        const char *format,
                        ...)
{
  va_list args;

  va_start (args, format);
  print_message (NULL, format, args);
  va_end (args);

  if (cli != NULL && cli->command != NULL)
    g_printerr (_("Run “muster-cli %s --help” to see how to use it.\n"), cli->command->name);
  else
    g_printerr (_("Run “muster-cli --help” to see the commands.\n"));
  return MUSTER_CLI_EXIT_USAGE;
}

/* --- Options and arguments ------------------------------------------------ */

GOptionContext *
muster_cli_context_new (MusterCli          *cli,
                        const GOptionEntry *entries)
{
  const GOptionEntry common[] = {
    { "library", 0, 0, G_OPTION_ARG_FILENAME, &cli->library_path,
      N_("Use the library in FILE"), N_("FILE") },
    G_OPTION_ENTRY_NULL
  };
  g_autofree char *prgname = NULL;
  GOptionContext *context;

  g_assert (cli->command != NULL);

  /* The usage line reads "muster-cli recruit [OPTION…] CAMPAIGN FORCE". */
  prgname = g_strdup_printf ("muster-cli %s", cli->command->name);
  g_set_prgname (prgname);

  context = g_option_context_new (cli->command->usage);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _(cli->command->summary));
  if (entries != NULL)
    g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, common, GETTEXT_PACKAGE);
  return context;
}

gboolean
muster_cli_parse_options (MusterCli       *cli,
                          GOptionContext  *context,
                          int             *argc,
                          char          ***argv,
                          int             *status)
{
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      *status = muster_cli_usage_error (cli, "%s", error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
muster_cli_parse_command (MusterCli           *cli,
                          const GOptionEntry  *entries,
                          int                 *argc,
                          char              ***argv,
                          int                  min,
                          int                  max,
                          int                 *status)
{
  g_autoptr(GOptionContext) context = muster_cli_context_new (cli, entries);

  return muster_cli_parse_options (cli, context, argc, argv, status) &&
         muster_cli_check_args (cli, *argc, *argv, min, max, status) &&
         muster_cli_parse_format (cli, cli->format_text, &cli->format, status);
}

gboolean
muster_cli_check_args (MusterCli  *cli,
                       int         argc,
                       char      **argv,
                       int         min,
                       int         max,
                       int        *status)
{
  int n = argc - 1;

  if (n < min)
    {
      *status = muster_cli_usage_error (cli, _("“%s” needs %s."),
                                        cli->command->name, _(cli->command->usage));
      return FALSE;
    }
  if (max >= 0 && n > max)
    {
      *status = muster_cli_usage_error (cli, _("Unexpected argument “%s”."), argv[max + 1]);
      return FALSE;
    }
  return TRUE;
}

gboolean
muster_cli_parse_format (MusterCli       *cli,
                         const char      *text,
                         MusterCliFormat *format,
                         int             *status)
{
  if (text == NULL || g_str_equal (text, "text"))
    *format = MUSTER_CLI_FORMAT_TEXT;
  else if (g_str_equal (text, "tsv"))
    *format = MUSTER_CLI_FORMAT_TSV;
  else if (g_str_equal (text, "json"))
    *format = MUSTER_CLI_FORMAT_JSON;
  else
    {
      *status = muster_cli_usage_error (cli, _("Unknown format “%s”: use text, tsv or json."), text);
      return FALSE;
    }
  return TRUE;
}

gboolean
muster_cli_parse_count (MusterCli  *cli,
                        const char *option,
                        const char *text,
                        int        *value,
                        int        *status)
{
  guint64 number;

  *value = 0;
  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, 0, 1000, &number, NULL))
    {
      *status = muster_cli_usage_error (cli, _("%s takes a whole number from 0 to 1000, not “%s”."),
                                        option, text);
      return FALSE;
    }
  *value = (int) number;
  return TRUE;
}

char *
muster_cli_join (GPtrArray *strings)
{
  char *joined;

  g_ptr_array_add (strings, NULL);
  joined = g_strjoinv (", ", (char **) strings->pdata);
  g_ptr_array_set_size (strings, strings->len - 1);
  return joined;
}

gboolean
muster_cli_is_id (const char *text)
{
  if (text == NULL || *text == '\0')
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  return TRUE;
}

void
muster_cli_print_id (gint64 id)
{
  g_print ("%" G_GINT64_FORMAT "\n", id);
}

/* --- The library ------------------------------------------------------------ */

MusterStore *
muster_cli_get_store (MusterCli  *cli,
                      GError    **error)
{
  if (cli->store != NULL)
    return cli->store;

  /* A library the user names is never made in a folder that does not
   * exist; only the default one's folders are. */
  if (cli->library_path != NULL)
    cli->store = muster_store_open (cli->library_path, error);
  else
    cli->store = muster_store_open_default (error);
  return cli->store;
}

/* --- main ------------------------------------------------------------------- */

static const MusterCliCommand *
lookup_command (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (commands[i].name, name))
      return &commands[i];
  return NULL;
}

static char *
describe_commands (void)
{
  g_autoptr(GString) out = g_string_new (_("Commands:"));
  guint width = 0;

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    width = MAX (width, strlen (commands[i].name));
  g_string_append_c (out, '\n');
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_string_append_printf (out, "  %-*s  %s\n", (int) width, commands[i].name, _(commands[i].summary));
  g_string_append_c (out, '\n');
  g_string_append (out, _("Run “muster-cli COMMAND --help” for a command’s arguments and options."));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The core notes each broken ruleset file as it skips it; "rulesets"
 * reports them as warnings, and other commands need not repeat them. */
static void
ruleset_message_cb (const char     *log_domain,
                    GLogLevelFlags  log_level,
                    const char     *message,
                    gpointer        user_data)
{
}

static int
run_command (MusterCli *cli,
             int        argc,
             char     **argv)
{
  const char *name = argv[0];

  /* "muster-cli help recruit" is "muster-cli recruit --help". */
  if (g_str_equal (name, "help"))
    {
      static char help_arg[] = "--help";
      char *help_argv[] = { NULL, help_arg, NULL };

      g_assert (argc >= 2);
      help_argv[0] = argv[1];
      return run_command (cli, 2, help_argv);
    }

  cli->command = lookup_command (name);
  if (cli->command == NULL)
    return muster_cli_usage_error (cli, _("Unknown command “%s”."), name);
  return cli->command->handler (cli, argc, argv);
}

int
main (int    argc,
      char **argv)
{
  MusterCli cli = { NULL, NULL, NULL, NULL, MUSTER_CLI_FORMAT_TEXT };
  gboolean version = FALSE;
  const GOptionEntry entries[] = {
    { "library", 0, 0, G_OPTION_ARG_FILENAME, &cli.library_path,
      N_("Use the library in FILE instead of MUSTER_LIBRARY or the default one"), N_("FILE") },
    { "version", 0, 0, G_OPTION_ARG_NONE, &version,
      N_("Print the version and exit"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *description = NULL;
  int status;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, muster_paths_get_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname ("muster-cli");
  g_log_set_handler ("muster-ruleset", G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO,
                     ruleset_message_cb, NULL);

  description = describe_commands ();
  context = g_option_context_new (N_("COMMAND [ARGUMENT…]"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _("Keeps the muster roll of a skirmish campaign."));
  g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  /* Options after the command's name belong to the command. */
  g_option_context_set_strict_posix (context, TRUE);

  /* One way out, so that what the options hold is freed on every path. */
  if (!g_option_context_parse (context, &argc, &argv, &error))
    status = muster_cli_usage_error (&cli, "%s", error->message);
  else if (version)
    {
      g_print ("muster-cli %s\n", PACKAGE_VERSION);
      status = 0;
    }
  else if (argc == 2 && g_str_equal (argv[1], "help"))
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);

      g_print ("%s", help);
      status = 0;
    }
  else
    {
      status = argc < 2 ? -1 : run_command (&cli, argc - 1, argv + 1);
      if (status < 0)
        {
          g_autofree char *help = NULL;

          g_set_prgname ("muster-cli");
          help = g_option_context_get_help (context, TRUE, NULL);
          g_printerr ("%s", help);
          status = MUSTER_CLI_EXIT_USAGE;
        }
    }

  g_clear_object (&cli.store);
  g_free (cli.library_path);
  g_free (cli.format_text);
  return status;
}
