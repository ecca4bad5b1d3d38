/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <unistd.h>

#include <glib/gi18n.h>

#include "muster-cards-sheet.h"
#include "muster-chronicle-sheet.h"
#include "muster-cli-private.h"
#include "muster-deck-sheet.h"
#include "muster-figure-stats-sheet.h"
#include "muster-pdf-writer.h"
#include "muster-playsheet-sheet.h"
#include "muster-roster-sheet.h"
#include "muster-unit.h"
#include "muster-units-sheet.h"

static const char * const sheet_names[] = {
  "figure-stats", "playsheet", "cards", "roster", "units", "deck", "chronicle", "order",
};

/* The characters to print: those named by --characters, in that order;
 * else the force's or the campaign's, active ones only unless @everyone. */
static GPtrArray *
select_characters (MusterCli       *cli,
                   MusterCampaign  *campaign,
                   MusterForce     *force,
                   const char      *names,
                   gboolean         everyone,
                   GError         **error)
{
  g_autoptr(GPtrArray) listed = NULL;
  g_autoptr(GPtrArray) characters = g_ptr_array_new_with_free_func (g_object_unref);

  if (names != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (names, ",", -1);

      for (guint i = 0; parts[i] != NULL; i++)
        {
          MusterCharacter *character;
          char *name = g_strstrip (parts[i]);

          if (*name == '\0')
            continue;
          character = muster_cli_find_character (cli, campaign, name, error);
          if (character == NULL)
            return NULL;
          if (force != NULL && muster_character_get_force_id (character) != muster_force_get_id (force))
            {
              g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                           _("Character “%s” is not in force “%s”: leave out --force or that character."),
                           muster_character_get_name (character), muster_force_get_name (force));
              g_object_unref (character);
              return NULL;
            }
          g_ptr_array_add (characters, character);
        }

      return g_steal_pointer (&characters);
    }

  listed = muster_store_list_characters (cli->store, muster_campaign_get_id (campaign),
                                         force != NULL ? muster_force_get_id (force) : 0,
                                         error);
  if (listed == NULL)
    return NULL;

  for (guint i = 0; i < listed->len; i++)
    {
      MusterCharacter *character = g_ptr_array_index (listed, i);

      if (everyone || muster_character_get_status (character) == MUSTER_STATUS_ACTIVE)
        g_ptr_array_add (characters, g_object_ref (character));
    }

  return g_steal_pointer (&characters);
}

/* What a sheet is called in a sentence. */
static const char *
sheet_label (const char *kind)
{
  if (g_str_equal (kind, "figure-stats"))
    return _("the Figure Stats playsheet");
  if (g_str_equal (kind, "playsheet"))
    return _("the Playsheet");
  if (g_str_equal (kind, "cards"))
    return _("the stat cards");
  if (g_str_equal (kind, "units"))
    return _("the unit roster");
  if (g_str_equal (kind, "deck"))
    return _("the card deck");
  if (g_str_equal (kind, "chronicle"))
    return _("the chronicle");
  if (g_str_equal (kind, "order"))
    return _("the order of play");
  return _("the roster");
}

/* The chronicle, page by page, saying how far it has come on a
 * terminal: a campaign of hundreds of games takes a while. */
static int
print_chronicle (MusterCli      *cli,
                 MusterCampaign *campaign,
                 MusterPaper     paper,
                 const char     *output)
{
  g_autoptr(MusterSheet) sheet = NULL;
  g_autoptr(MusterPdfWriter) writer = NULL;
  g_autoptr(GError) error = NULL;
  gboolean progress = isatty (STDERR_FILENO);
  MusterPageSize size;
  guint n_pages;

  sheet = muster_chronicle_sheet_new (cli->store, muster_campaign_get_id (campaign), &error);
  if (sheet == NULL)
    return muster_cli_fail (error);
  muster_page_size_init_for_paper (&size, paper);
  if ((writer = muster_pdf_writer_new (sheet, &size, output, &error)) == NULL)
    return muster_cli_fail (error);
  n_pages = muster_pdf_writer_get_n_pages (writer);
  while (muster_pdf_writer_write_page (writer))
    if (progress)
      {
        g_printerr ("\r");
        g_printerr (_("Page %u of %u"), muster_pdf_writer_get_page (writer), n_pages);
      }
  if (progress)
    g_printerr ("\n");
  if (!muster_pdf_writer_finish (writer, &error))
    return muster_cli_fail (error);
  g_print (g_dngettext (GETTEXT_PACKAGE,
                        "Wrote %s: %s of %s, %u page.\n",
                        "Wrote %s: %s of %s, %u pages.\n",
                        n_pages),
           output, sheet_label ("chronicle"), muster_campaign_get_name (campaign), n_pages);
  return 0;
}

int
muster_cli_cmd_print (MusterCli  *cli,
                      int         argc,
                      char      **argv)
{
  g_autofree char *force_name = NULL;
  g_autofree char *character_names = NULL;
  g_autofree char *paper_name = NULL;
  g_autofree char *orientation_name = NULL;
  g_autofree char *output = NULL;
  g_autofree char *game_arg = NULL;
  g_autofree char *order_title = NULL;
  g_auto(GStrv) specials = NULL;
  int turns = -1;
  const GOptionEntry entries[] = {
    { "force", 0, 0, G_OPTION_ARG_STRING, &force_name,
      N_("Print FORCE’s characters (or units) only"), N_("FORCE") },
    { "characters", 0, 0, G_OPTION_ARG_STRING, &character_names,
      N_("Print these characters, by id or name, separated by commas "
         "(default: every active character; the roster lists everyone)"), N_("ID,…") },
    { "turns", 0, 0, G_OPTION_ARG_INT, &turns,
      N_("Turn boxes on the Figure Stats sheet: 16 or 32"), N_("TURNS") },
    { "special", 0, 0, G_OPTION_ARG_STRING_ARRAY, &specials,
      N_("Add a Special Effect card called NAME to the deck; repeatable"), N_("NAME") },
    { "paper", 0, 0, G_OPTION_ARG_STRING, &paper_name,
      N_("Paper size: a4 or letter (default: a4)"), N_("PAPER") },
    { "orientation", 0, 0, G_OPTION_ARG_STRING, &orientation_name,
      N_("Turn the roster or the units sheet: portrait, landscape or automatic (the default: "
         "landscape when portrait would need smaller text than they print)"), N_("ORIENTATION") },
    { "game", 0, 0, G_OPTION_ARG_STRING, &game_arg,
      N_("The game whose order of play to print (the order sheet)"), N_("GAME") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the PDF to FILE"), N_("FILE") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GOptionContext) context = muster_cli_context_new (cli, entries);
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterForce) force = NULL;
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(MusterSheet) sheet = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  MusterPaper paper = MUSTER_PAPER_A4;
  MusterOrientation orientation = MUSTER_ORIENTATION_AUTOMATIC;
  MusterPageSize size;
  guint n_pages;
  MusterRuleset *ruleset;
  const char *kind;
  gboolean known = FALSE;
  int status;

  g_option_context_set_description (context,
                                    _("Sheets: figure-stats (the playsheet of turn and wound boxes), "
                                      "playsheet (the ruleset’s reference tables), "
                                      "cards (stat cards, nine to a page), "
                                      "roster (a table of characters), "
                                      "units (for rule sets kept by unit: a table of the units with their "
                                      "values and attached characters; roster still lists the characters alone), "
                                      "deck (for rule sets played with a card deck, such as Big Skirmishes: "
                                      "a Character card for every active character of both sides, two Pause "
                                      "cards, Free Action, Joker, Dummy and a card for each --special), "
                                      "chronicle (the whole campaign told: a section for each game, "
                                      "the roll of honour and the statistics’ charts) "
                                      "and order (the order of play of a game at the table, or its deck as a "
                                      "check-list: --game GAME)."));

  if (!muster_cli_parse_options (cli, context, &argc, &argv, &status) ||
      !muster_cli_check_args (cli, argc, argv, 2, 2, &status))
    return status;

  kind = argv[1];
  for (guint i = 0; i < G_N_ELEMENTS (sheet_names); i++)
    known |= g_str_equal (kind, sheet_names[i]);
  if (!known)
    return muster_cli_usage_error (cli, _("There is no sheet “%s”: use figure-stats, playsheet, cards, roster, units, deck, chronicle or order."), kind);
  if (g_str_equal (kind, "order") != (game_arg != NULL))
    return muster_cli_usage_error (cli, _("The order sheet is printed for one game: give --game GAME with it, and only with it."));
  if (g_str_equal (kind, "chronicle") &&
      (force_name != NULL || character_names != NULL || turns != -1 || orientation_name != NULL))
    return muster_cli_usage_error (cli, _("The chronicle tells the whole campaign: leave out --force, --characters, "
                                          "--turns and --orientation, and give only the campaign, --paper and -o FILE."));
  if (turns == -1)
    turns = 16;
  if (specials != NULL && !g_str_equal (kind, "deck"))
    return muster_cli_usage_error (cli, _("--special adds cards to the deck only: print the deck sheet, or leave it out."));
  if (character_names != NULL && g_str_equal (kind, "units"))
    return muster_cli_usage_error (cli, _("The units sheet lists whole units: leave out --characters, and use --force for one force’s units."));
  for (guint i = 0; specials != NULL && specials[i] != NULL; i++)
    if (*g_strstrip (specials[i]) == '\0')
      return muster_cli_usage_error (cli, _("A --special card needs a name."));
  if (output == NULL)
    return muster_cli_usage_error (cli, _("Say where to write the PDF with -o FILE."));
  if (turns != 16 && turns != 32)
    return muster_cli_usage_error (cli, _("--turns is %d: it must be 16 or 32."), turns);
  if (paper_name != NULL && !muster_paper_from_string (paper_name, &paper))
    return muster_cli_usage_error (cli, _("There is no paper size “%s”: use a4 or letter."), paper_name);
  if (orientation_name != NULL && !muster_orientation_from_string (orientation_name, &orientation))
    return muster_cli_usage_error (cli, _("There is no orientation “%s”: use portrait, landscape or automatic."), orientation_name);

  if ((campaign = muster_cli_find_campaign (cli, argv[2], &error)) == NULL)
    return muster_cli_fail (error);
  if ((ruleset = muster_cli_campaign_ruleset (campaign, &error)) == NULL)
    return muster_cli_fail (error);
  if (force_name != NULL &&
      (force = muster_cli_find_force (cli, campaign, force_name, &error)) == NULL)
    return muster_cli_fail (error);

  if (g_str_equal (kind, "chronicle"))
    return print_chronicle (cli, campaign, paper, output);

  if (g_str_equal (kind, "units"))
    {
      if (muster_ruleset_get_kept_by (ruleset) != MUSTER_KEPT_BY_UNIT)
        return muster_cli_failf (_("Campaign “%s” plays %s, which keeps no units: print its roster instead."),
                                 muster_campaign_get_name (campaign), muster_ruleset_get_title (ruleset));
      units = muster_store_list_units (cli->store, muster_campaign_get_id (campaign),
                                       force != NULL ? muster_force_get_id (force) : 0, &error);
      if (units == NULL)
        return muster_cli_fail (error);
    }

  if (g_str_equal (kind, "order"))
    {
      g_autoptr(MusterGame) game = muster_cli_find_arg (cli, MUSTER_CLI_GAME, argv[2], game_arg, NULL, &error);

      if (game == NULL || (sheet = muster_cli_order_sheet (cli, ruleset, game, &error)) == NULL)
        return muster_cli_fail (error);
      order_title = muster_game_describe_full (game);
    }
  else if (!g_str_equal (kind, "playsheet"))
    {
      /* The unit roster shows who is fit to lead: it leaves out the dead
       * and retired itself. */
      characters = select_characters (cli, campaign, force, character_names,
                                      g_str_equal (kind, "roster") || g_str_equal (kind, "units"), &error);
      if (characters == NULL)
        return muster_cli_fail (error);
    }

  if (force != NULL)
    title = g_strdup_printf ("%s — %s", muster_campaign_get_name (campaign), muster_force_get_name (force));
  else
    title = g_strdup (muster_campaign_get_name (campaign));
  if (order_title != NULL)
    {
      g_free (title);
      title = g_steal_pointer (&order_title);
    }

  if (g_str_equal (kind, "figure-stats"))
    sheet = muster_figure_stats_sheet_new (ruleset, characters, (guint) turns);
  else if (g_str_equal (kind, "playsheet"))
    sheet = muster_playsheet_sheet_new (ruleset);
  else if (g_str_equal (kind, "cards"))
    sheet = muster_cards_sheet_new (ruleset, characters);
  else if (g_str_equal (kind, "units"))
    sheet = muster_units_sheet_new (ruleset, units, characters, NULL);
  else if (g_str_equal (kind, "deck"))
    {
      sheet = muster_deck_sheet_new (ruleset, characters, (const char * const *) specials, &error);
      if (sheet == NULL)
        return muster_cli_fail (error);
    }
  else if (!g_str_equal (kind, "order"))
    sheet = muster_roster_sheet_new (ruleset, characters, NULL);
  muster_sheet_set_title (sheet, title);

  if (orientation != MUSTER_ORIENTATION_AUTOMATIC && !muster_sheet_can_turn (sheet))
    return muster_cli_usage_error (cli, _("The %s sheet has a portrait layout of its own: "
                                          "leave out --orientation, which is for the roster and the units sheet."),
                                   kind);

  muster_page_size_init_for_paper (&size, paper);
  muster_sheet_orient_page (sheet, &size, orientation);
  if (!muster_sheet_export_pdf_for_size (sheet, &size, output, &error))
    return muster_cli_fail (error);

  muster_page_size_init_for_paper (&size, paper);
  n_pages = muster_sheet_get_n_pages (sheet, &size);
  /* TRANSLATORS: the file, the sheet (e.g. “the Figure Stats playsheet”),
   * whose it is (a campaign, or “campaign — force”) and its pages */
  g_print (g_dngettext (GETTEXT_PACKAGE,
                        "Wrote %s: %s of %s, %u page.\n",
                        "Wrote %s: %s of %s, %u pages.\n",
                        n_pages),
           output, sheet_label (kind), title, n_pages);
  return 0;
}
