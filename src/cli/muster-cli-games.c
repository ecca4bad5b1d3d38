/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-cli-private.h"
#include "muster-table.h"
#include "muster-engine.h"
#include "muster-game.h"
#include "muster-honours.h"
#include "muster-ruleset.h"
#include "muster-store.h"
#include "muster-warnings.h"

/* --- Finding things ---------------------------------------------------------- */

static gint64
find_character_id (MusterCli       *cli,
                   MusterCampaign  *campaign,
                   const char      *arg,
                   GError         **error)
{
  g_autoptr(MusterCharacter) character = muster_cli_find_character (cli, campaign, arg, error);

  if (character == NULL)
    return 0;
  if (campaign != NULL &&
      muster_character_get_campaign_id (character) != muster_campaign_get_id (campaign))
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                   _("%s is not in the campaign “%s”."),
                   muster_character_get_name (character), muster_campaign_get_name (campaign));
      return 0;
    }
  return muster_character_get_id (character);
}

/* --- new-game ---------------------------------------------------------------- */

int
muster_cli_cmd_new_game (MusterCli  *cli,
                         int         argc,
                         char      **argv)
{
  g_autofree char *date = NULL;
  g_auto(GStrv) with = NULL;
  g_auto(GStrv) with_unit = NULL;
  const GOptionEntry entries[] = {
    { "date", 0, 0, G_OPTION_ARG_STRING, &date,
      N_("The day the game was fought, as YYYY-MM-DD"), N_("DATE") },
    { "with", 0, 0, G_OPTION_ARG_STRING_ARRAY, &with,
      N_("A character taking part (repeat for each)"), N_("CHARACTER") },
    { "with-unit", 0, 0, G_OPTION_ARG_STRING_ARRAY, &with_unit,
      N_("A unit taking part, with its characters (repeat for each)"), N_("UNIT") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) unit_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) warnings = NULL;
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *what = NULL;
  gint64 game_id;
  int status;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 2, 2, &status))
    return status;
  if (with == NULL && with_unit == NULL)
    return muster_cli_usage_error (cli, _("Name the characters taking part with --with CHARACTER, or the units with --with-unit UNIT, once for each."));

  campaign = muster_cli_find_campaign (cli, argv[1], &error);
  if (campaign == NULL)
    return muster_cli_fail (error);
  for (guint i = 0; with != NULL && with[i] != NULL; i++)
    {
      gint64 id = find_character_id (cli, campaign, with[i], &error);
      if (id == 0)
        return muster_cli_fail (error);
      g_array_append_val (ids, id);
    }
  if (!muster_cli_game_units (cli, campaign, with_unit, unit_ids, ids, &error))
    return muster_cli_fail (error);

  /* Probably a slip, but taken: said before the game is made, as it is
   * about the games before it. */
  warnings = muster_warnings_for_game_date (cli->store, muster_campaign_get_id (campaign), 0, date, &error);
  if (warnings == NULL)
    return muster_cli_fail (error);
  game_id = muster_store_create_game_full (cli->store, muster_campaign_get_id (campaign), argv[2], date,
                                           (const gint64 *) ids->data, ids->len,
                                           (const gint64 *) unit_ids->data, unit_ids->len, &error);
  if (game_id == 0 || (game = muster_store_get_game (cli->store, game_id, &error)) == NULL)
    return muster_cli_fail (error);
  muster_cli_warn_all (warnings);

  what = muster_game_describe_full (game);
  /* TRANSLATORS: the game (“Game 1 “The ford” of Peninsula 1812”), its two
   * sides and how many characters take part */
  g_print (g_dngettext (GETTEXT_PACKAGE,
                        "%s planned: %s against %s, %u character taking part.\n",
                        "%s planned: %s against %s, %u characters taking part.\n",
                        ids->len),
           what, muster_game_get_side_a (game), muster_game_get_side_b (game), ids->len);
  muster_cli_print_id (game_id);
  return 0;
}

/* --- result ------------------------------------------------------------------ */

/* "Recorded for Thomas Ward in Game 1 “The ford” of Peninsula 1812:
 * Wounded, 1 light wound, put out of action: Jean Roussel." */
static int
say_result (MusterCli          *cli,
            MusterCampaign     *campaign,
            MusterGame         *game,
            gint64              character_id,
            const MusterResult *result)
{
  g_autoptr(MusterCharacter) character = NULL;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) victims = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *what = muster_game_describe_full (game);
  g_autofree char *joined = NULL;
  const MusterOutcomeDef *outcome;
  MusterRuleset *ruleset;

  if ((character = muster_store_get_character (cli->store, character_id, &error)) == NULL ||
      (ruleset = muster_cli_campaign_ruleset (campaign, &error)) == NULL)
    return muster_cli_fail (error);
  outcome = muster_ruleset_lookup_outcome (ruleset, result->outcome);
  g_ptr_array_add (parts, g_strdup (outcome != NULL ? outcome->name : result->outcome));
  if (result->light_wounds > 0)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d light wound", "%d light wounds",
                                                          result->light_wounds),
                                             result->light_wounds));
  if (result->serious_wounds > 0)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d serious wound", "%d serious wounds",
                                                          result->serious_wounds),
                                             result->serious_wounds));
  for (guint i = 0; i < result->n_victims; i++)
    {
      MusterCharacter *victim = muster_store_get_character (cli->store, result->victims[i], &error);

      if (victim == NULL)
        return muster_cli_fail (error);
      g_ptr_array_add (victims, victim);
      g_ptr_array_add (names, (char *) muster_character_get_name (victim));
    }
  if (names->len > 0)
    {
      g_autofree char *list = muster_cli_join (names);

      /* TRANSLATORS: the characters a character put out of action */
      g_ptr_array_add (parts, g_strdup_printf (_("put out of action: %s"), list));
    }
  if (result->killed_unnamed > 0)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                          "%d unnamed figure put out of action",
                                                          "%d unnamed figures put out of action",
                                                          result->killed_unnamed),
                                             result->killed_unnamed));
  joined = muster_cli_join (parts);
  /* TRANSLATORS: the character, the game (“Game 1 “The ford” of Peninsula
   * 1812”) and what was recorded, e.g. “Wounded, 1 light wound” */
  g_print (_("Recorded for %s in %s: %s.\n"), muster_character_get_name (character), what, joined);
  return 0;
}

int
muster_cli_cmd_result (MusterCli  *cli,
                       int         argc,
                       char      **argv)
{
  g_autofree char *campaign_arg = NULL;
  g_autofree char *outcome = NULL;
  g_autofree char *light_text = NULL;
  g_autofree char *serious_text = NULL;
  g_autofree char *unnamed_text = NULL;
  g_autofree char *notes = NULL;
  g_autofree char *unit_arg = NULL;
  g_autofree char *colours = NULL;
  g_autofree char *killed_figures = NULL;
  g_autofree char *wounded_figures = NULL;
  g_autofree char *captured_figures = NULL;
  g_autofree char *run_figures = NULL;
  g_auto(GStrv) killed = NULL;
  const GOptionEntry entries[] = {
    MUSTER_CLI_GAME_CAMPAIGN_ENTRY (campaign_arg),
    { "outcome", 0, 0, G_OPTION_ARG_STRING, &outcome,
      N_("What happened to the character: an outcome id of the ruleset (required)"), N_("OUTCOME") },
    { "light", 0, 0, G_OPTION_ARG_STRING, &light_text,
      N_("Light wounds taken"), N_("N") },
    { "serious", 0, 0, G_OPTION_ARG_STRING, &serious_text,
      N_("Serious wounds taken"), N_("N") },
    { "killed", 0, 0, G_OPTION_ARG_STRING_ARRAY, &killed,
      N_("A character of the other side this one put out of action (repeat for each)"), N_("CHARACTER") },
    { "killed-unnamed", 0, 0, G_OPTION_ARG_STRING, &unnamed_text,
      N_("Unnamed figures this one put out of action"), N_("N") },
    { "notes", 0, 0, G_OPTION_ARG_STRING, &notes,
      N_("Notes on the character’s game"), N_("TEXT") },
    { "unit", 0, 0, G_OPTION_ARG_STRING, &unit_arg,
      N_("Record a unit’s figures instead of a character: GAME --unit UNIT"), N_("UNIT") },
    { "killed-figures", 0, 0, G_OPTION_ARG_STRING, &killed_figures,
      N_("The unit’s figures killed"), N_("N") },
    { "wounded-figures", 0, 0, G_OPTION_ARG_STRING, &wounded_figures,
      N_("The unit’s figures wounded"), N_("N") },
    { "captured-figures", 0, 0, G_OPTION_ARG_STRING, &captured_figures,
      N_("The unit’s figures captured"), N_("N") },
    { "run-figures", 0, 0, G_OPTION_ARG_STRING, &run_figures,
      N_("The unit’s figures that ran"), N_("N") },
    { "colours", 0, 0, G_OPTION_ARG_STRING, &colours,
      N_("The unit’s colours: lost, or captured from the enemy"), N_("WHAT") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GArray) victims = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;
  MusterResult result = { 0, };
  const MusterOutcomeDef *added_up;
  MusterRuleset *ruleset;
  gint64 character_id;
  int status;
  gboolean for_unit;

  /* How many arguments may follow depends on --unit, known once parsed. */
  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 1, -1, &status) ||
      !muster_cli_check_args (cli, argc, argv, 1, unit_arg != NULL ? 1 : 2, &status))
    return status;
  /* A unit's figures: GAME --unit UNIT, or GAME UNIT with figures given. */
  for_unit = unit_arg != NULL || killed_figures != NULL || wounded_figures != NULL ||
             captured_figures != NULL || run_figures != NULL || colours != NULL;
  if (for_unit && (outcome != NULL || light_text != NULL || serious_text != NULL ||
                   killed != NULL || unnamed_text != NULL))
    return muster_cli_usage_error (cli, _("A unit’s result takes --killed-figures, --wounded-figures, --captured-figures, --run-figures and --colours; --outcome, --light, --serious and --killed are for a character."));
  if (for_unit)
    {
      const char *figures[4] = { killed_figures, wounded_figures, captured_figures, run_figures };

      if (unit_arg == NULL && argc < 3)
        return muster_cli_usage_error (cli, _("Name the unit whose figures these are: GAME UNIT or GAME --unit UNIT."));
      if (unit_arg == NULL)
        unit_arg = g_strdup (argv[2]);
      game = muster_cli_find_arg (cli, MUSTER_CLI_GAME, campaign_arg, argv[1], &campaign, &error);
      if (game == NULL)
        return muster_cli_fail (error);
      return muster_cli_unit_result (cli, campaign, game, unit_arg,
                                     figures, colours, notes);
    }
  if (argc < 3)
    return muster_cli_usage_error (cli, _("Name the character, or give the unit with --unit UNIT."));
  if (!muster_cli_parse_count (cli, "--light", light_text, &result.light_wounds, &status) ||
      !muster_cli_parse_count (cli, "--serious", serious_text, &result.serious_wounds, &status) ||
      !muster_cli_parse_count (cli, "--killed-unnamed", unnamed_text, &result.killed_unnamed, &status))
    return status;
  if (outcome == NULL)
    return muster_cli_usage_error (cli, _("Say what happened to the character with --outcome OUTCOME."));

  game = muster_cli_find_arg (cli, MUSTER_CLI_GAME, campaign_arg, argv[1], &campaign, &error);
  if (game == NULL)
    return muster_cli_fail (error);
  character_id = find_character_id (cli, campaign, argv[2], &error);
  if (character_id == 0)
    return muster_cli_fail (error);
  for (guint i = 0; killed != NULL && killed[i] != NULL; i++)
    {
      gint64 id = find_character_id (cli, campaign, killed[i], &error);
      if (id == 0)
        return muster_cli_fail (error);
      g_array_append_val (victims, id);
    }

  result.outcome = outcome;
  result.victims = (const gint64 *) victims->data;
  result.n_victims = victims->len;
  result.notes = notes;
  if (!muster_store_set_result (cli->store, muster_game_get_id (game), character_id, &result, &error))
    return muster_cli_fail (error);

  /* The store records wounds that add up to a Kill as the outcome they
   * add up to: say so, and say what was recorded. */
  ruleset = muster_cli_campaign_ruleset (campaign, NULL);
  if (ruleset != NULL &&
      (added_up = muster_ruleset_wounds_add_up (ruleset, result.light_wounds, result.serious_wounds)) != NULL)
    {
      g_autofree char *note = muster_ruleset_describe_wounds_add_up (ruleset, result.light_wounds,
                                                                     result.serious_wounds);
      g_autoptr(MusterCharacter) character = muster_store_get_character (cli->store, character_id, NULL);

      /* Translators: the character, then "2 serious wounds count as “Out of action”." */
      g_print (_("%s: %s"), character != NULL ? muster_character_get_name (character) : "", note);
      g_print ("\n");
      result.outcome = added_up->id;
    }
  return say_result (cli, campaign, game, character_id, &result);
}

/* --- finish ------------------------------------------------------------------ */

int
muster_cli_cmd_finish (MusterCli  *cli,
                       int         argc,
                       char      **argv)
{
  g_autofree char *campaign_arg = NULL;
  g_autofree char *winner = NULL;
  const GOptionEntry entries[] = {
    MUSTER_CLI_GAME_CAMPAIGN_ENTRY (campaign_arg),
    { "winner", 0, 0, G_OPTION_ARG_STRING, &winner,
      N_("The side that won (leave it out for a draw)"), N_("SIDE") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *what = NULL;
  int status;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 1, 1, &status))
    return status;

  game = muster_cli_find_arg (cli, MUSTER_CLI_GAME, campaign_arg, argv[1], NULL, &error);
  if (game == NULL ||
      (warnings = muster_warnings_for_finish (cli->store, muster_game_get_id (game), &error)) == NULL ||
      !muster_store_finish_game (cli->store, muster_game_get_id (game), winner, &error))
    return muster_cli_fail (error);
  muster_cli_warn_all (warnings);

  what = muster_game_describe_full (game);
  if (winner != NULL)
    /* TRANSLATORS: the game (“Game 1 “The ford” of Peninsula 1812”) and
     * the side that won it */
    g_print (_("%s is played, won by %s.\n"), what, winner);
  else
    g_print (_("%s is played, a draw.\n"), what);
  return 0;
}

/* --- resolve ----------------------------------------------------------------- */

static void
print_event (MusterGame                  *game,
             const MusterResolutionEvent *event)
{
  /* The game itself, named so that it can be found again. */
  if (g_strcmp0 (event->kind, "resolved") == 0)
    {
      g_autofree char *what = muster_game_describe_full (game);

      /* TRANSLATORS: the game, as in “Game 1 “The ford” of Peninsula 1812” */
      g_print (_("%s is resolved.\n"), what);
      return;
    }

  if (event->roll != NULL)
    {
      g_autofree char *described = muster_roll_describe (event->roll);

      if (event->roll->entered)
        /* TRANSLATORS: step, dice, faces; then what it did */
        g_print (_("%s %s: %s (rolled at the table) — %s\n"),
                 muster_engine_get_step_name (event->step_type),
                 event->roll->expression, described, event->consequence);
      else
        g_print (_("%s %s: %s — %s\n"),
                 muster_engine_get_step_name (event->step_type),
                 event->roll->expression, described, event->consequence);
    }
  else
    g_print ("%s\n", event->consequence);
}

int
muster_cli_cmd_resolve (MusterCli  *cli,
                        int         argc,
                        char      **argv)
{
  g_autofree char *campaign_arg = NULL;
  g_auto(GStrv) faces = NULL;
  gboolean plan_only = FALSE;
  const GOptionEntry entries[] = {
    MUSTER_CLI_GAME_CAMPAIGN_ENTRY (campaign_arg),
    { "faces", 0, 0, G_OPTION_ARG_STRING_ARRAY, &faces,
      N_("Faces rolled at the table for a character (name or id), a unit (name) or a roll’s purpose, e.g. \"Jean Lefort=4\" (repeat for each)"),
      N_("WHO=FACES") },
    { "plan", 0, 0, G_OPTION_ARG_NONE, &plan_only,
      N_("Only list the rolls the resolution will need, without running it"), NULL },
    MUSTER_CLI_FORMAT_ENTRY (cli),
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GHashTable) table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(MusterCliTable) out = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 1, 1, &status) ||
      !muster_cli_parse_faces_by_name (cli, faces, table, &status))
    return status;

  game = muster_cli_find_arg (cli, MUSTER_CLI_GAME, campaign_arg, argv[1], NULL, &error);
  if (game == NULL)
    return muster_cli_fail (error);

  if (plan_only)
    {
      static const char * const keys[] = { "character_id", "character", "step", "dice", "unit_id", "purpose" };
      const char * const headings[] = { _("Id"), _("Character"), _("Step"), _("Dice"), _("Unit"), _("Purpose") };
      g_autoptr(GPtrArray) plan = muster_engine_plan (cli->store, muster_game_get_id (game), &error);

      if (plan == NULL)
        return muster_cli_fail (error);
      out = muster_cli_table_new (G_N_ELEMENTS (keys), keys, headings);
      for (guint i = 0; i < plan->len; i++)
        {
          const MusterPlannedRoll *roll = g_ptr_array_index (plan, i);

          muster_cli_table_add_row (out);
          muster_cli_table_add_id (out, roll->character_id);
          muster_cli_table_add_text (out, roll->character_name);
          muster_cli_table_add_value (out, roll->step_type, roll->step_name);
          muster_cli_table_add_text (out, roll->expression);
          muster_cli_table_add_id (out, roll->unit_id);
          muster_cli_table_add_text (out, roll->purpose);
        }
      muster_cli_table_print (out, cli->format, FALSE);
      return 0;
    }

  events = muster_engine_resolve_with_faces (cli->store, muster_game_get_id (game), table, &error);
  if (events == NULL)
    return muster_cli_fail (error);

  if (cli->format == MUSTER_CLI_FORMAT_TEXT)
    {
      for (guint i = 0; i < events->len; i++)
        print_event (game, g_ptr_array_index (events, i));
      return 0;
    }

  {
    static const char * const keys[] = {
      "character_id", "character", "step", "kind", "dice", "faces", "total", "entered", "unit_id",
      "consequence",
    };
    out = muster_cli_table_new (G_N_ELEMENTS (keys), keys, NULL);
  }
  for (guint i = 0; i < events->len; i++)
    {
      const MusterResolutionEvent *event = g_ptr_array_index (events, i);

      muster_cli_table_add_row (out);
      muster_cli_table_add_id (out, event->character_id);
      muster_cli_table_add_text (out, event->character_name);
      muster_cli_table_add_text (out, event->step_type);
      muster_cli_table_add_text (out, event->kind);
      if (event->roll != NULL)
        {
          g_autofree char *face_text = muster_roll_faces_to_string (event->roll);

          muster_cli_table_add_text (out, event->roll->expression);
          muster_cli_table_add_text (out, face_text);
          muster_cli_table_add_int (out, event->roll->total);
          muster_cli_table_add_bool (out, event->roll->entered, NULL);
        }
      else
        {
          for (int j = 0; j < 4; j++)
            muster_cli_table_add_none (out);
        }
      muster_cli_table_add_id (out, event->unit_id);
      muster_cli_table_add_text (out, event->consequence);
    }
  muster_cli_table_print (out, cli->format, FALSE);
  return 0;
}

/* --- undo-resolve ------------------------------------------------------------ */

int
muster_cli_cmd_undo_resolve (MusterCli  *cli,
                             int         argc,
                             char      **argv)
{
  const GOptionEntry entries[] = { G_OPTION_ENTRY_NULL };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *what = NULL;
  gint64 game_id;
  int status;

  if ((campaign = muster_cli_parse_campaign_command (cli, entries, &argc, &argv, 1, &status)) == NULL)
    return status;

  game_id = muster_engine_undo_resolve (cli->store, muster_campaign_get_id (campaign), &error);
  if (game_id == 0)
    return muster_cli_fail (error);

  game = muster_store_get_game (cli->store, game_id, &error);
  if (game == NULL)
    return muster_cli_fail (error);
  what = muster_game_describe_full (game);
  g_print (_("The resolution of %s is undone; the game is played but not resolved.\n"), what);
  return 0;
}

/* --- release ----------------------------------------------------------------- */

int
muster_cli_cmd_release (MusterCli  *cli,
                        int         argc,
                        char      **argv)
{
  g_autofree char *campaign_arg = NULL;
  const GOptionEntry entries[] = {
    { "campaign", 0, 0, G_OPTION_ARG_STRING, &campaign_arg,
      N_("The campaign, to give CHARACTER by name"), N_("CAMPAIGN") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterCharacter) character = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 1, 1, &status))
    return status;

  if ((character = muster_cli_find_arg (cli, MUSTER_CLI_CHARACTER, campaign_arg, argv[1], &campaign, &error)) == NULL ||
      !muster_store_release_character (cli->store, muster_character_get_id (character), &error))
    return muster_cli_fail (error);
  /* TRANSLATORS: the character and their campaign */
  g_print (_("%s of %s is released: back from captivity and active again.\n"),
           muster_character_get_name (character), muster_campaign_get_name (campaign));
  return 0;
}

/* --- games ------------------------------------------------------------------- */

int
muster_cli_cmd_games (MusterCli  *cli,
                      int         argc,
                      char      **argv)
{
  const GOptionEntry entries[] = {
    MUSTER_CLI_FORMAT_ENTRY (cli),
    G_OPTION_ENTRY_NULL
  };
  static const char * const keys[] = {
    "id", "number", "date", "title", "state", "side_a", "side_b", "winner", "participants",
  };
  const char * const headings[] = {
    _("Id"), _("No."), _("Date"), _("Title"), _("State"), _("Side A"), _("Side B"),
    _("Winner"), _("Figures"),
  };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(MusterCliTable) table = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  if ((campaign = muster_cli_parse_campaign_command (cli, entries, &argc, &argv, 1, &status)) == NULL)
    return status;

  if ((games = muster_store_list_games (cli->store, muster_campaign_get_id (campaign), &error)) == NULL)
    return muster_cli_fail (error);

  table = muster_cli_table_new (G_N_ELEMENTS (keys), keys, headings);
  for (guint i = 0; i < games->len; i++)
    {
      MusterGame *game = g_ptr_array_index (games, i);
      MusterGameState state = muster_game_get_state (game);

      muster_cli_table_add_row (table);
      muster_cli_table_add_int (table, muster_game_get_id (game));
      muster_cli_table_add_int (table, muster_game_get_number (game));
      if (muster_game_get_date (game) != NULL)
        muster_cli_table_add_text (table, muster_game_get_date (game));
      else
        muster_cli_table_add_none (table);
      muster_cli_table_add_text (table, muster_game_get_title (game));
      muster_cli_table_add_value (table, muster_game_state_to_string (state),
                                  muster_game_state_get_label (state));
      muster_cli_table_add_text (table, muster_game_get_side_a (game));
      muster_cli_table_add_text (table, muster_game_get_side_b (game));
      if (muster_game_get_winner (game) != NULL)
        muster_cli_table_add_text (table, muster_game_get_winner (game));
      else
        muster_cli_table_add_none (table);
      muster_cli_table_add_int (table, muster_game_get_n_participants (game));
    }
  muster_cli_table_print (table, cli->format, FALSE);
  return 0;
}

/* --- game: one game's participants ------------------------------------------- */

int
muster_cli_cmd_game (MusterCli  *cli,
                     int         argc,
                     char      **argv)
{
  g_autofree char *campaign_arg = NULL;
  gboolean units = FALSE;
  const GOptionEntry entries[] = {
    MUSTER_CLI_GAME_CAMPAIGN_ENTRY (campaign_arg),
    { "units", 0, 0, G_OPTION_ARG_NONE, &units,
      N_("List the units taking part and what became of their figures"), NULL },
    MUSTER_CLI_FORMAT_ENTRY (cli),
    G_OPTION_ENTRY_NULL
  };
  static const char * const keys[] = {
    "character_id", "name", "side", "outcome", "light", "serious", "killed", "killed_unnamed", "status",
  };
  const char * const headings[] = {
    _("Id"), _("Name"), _("Side"), _("Outcome"), _("Light"), _("Serious"), _("Killed"),
    _("Unnamed"), _("Status"),
  };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(MusterCliTable) table = NULL;
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset;
  int status;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 1, 1, &status))
    return status;

  if ((game = muster_cli_find_arg (cli, MUSTER_CLI_GAME, campaign_arg, argv[1], &campaign, &error)) == NULL ||
      (ruleset = muster_cli_campaign_ruleset (campaign, &error)) == NULL)
    return muster_cli_fail (error);
  if (units)
    return muster_cli_print_game_units (cli, muster_game_get_id (game));
  /* A started game shows what the table recorded so far as its results. */
  if ((participants = muster_store_list_game_results (cli->store, muster_game_get_id (game), NULL, &error)) == NULL)
    return muster_cli_fail (error);

  table = muster_cli_table_new (G_N_ELEMENTS (keys), keys, headings);
  for (guint i = 0; i < participants->len; i++)
    {
      const MusterParticipant *p = g_ptr_array_index (participants, i);
      g_autofree char *victims = NULL;

      muster_cli_table_add_row (table);
      muster_cli_table_add_int (table, p->character_id);
      muster_cli_table_add_text (table, p->name);
      muster_cli_table_add_text (table, p->side);
      if (p->outcome != NULL)
        {
          const MusterOutcomeDef *def = muster_ruleset_lookup_outcome (ruleset, p->outcome);
          muster_cli_table_add_value (table, p->outcome, def != NULL ? def->name : p->outcome);
        }
      else
        muster_cli_table_add_none (table);
      muster_cli_table_add_int (table, p->light_wounds);
      muster_cli_table_add_int (table, p->serious_wounds);
      victims = muster_cli_join (p->victim_names);
      muster_cli_table_add_text (table, victims);
      muster_cli_table_add_int (table, p->killed_unnamed);
      muster_cli_table_add_value (table, muster_status_to_string (p->status),
                                  muster_status_get_label (p->status));
    }
  muster_cli_table_print (table, cli->format, FALSE);
  return 0;
}

/* --- log --------------------------------------------------------------------- */

int
muster_cli_cmd_log (MusterCli  *cli,
                    int         argc,
                    char      **argv)
{
  g_autofree char *game_arg = NULL;
  g_autofree char *character_arg = NULL;
  const GOptionEntry entries[] = {
    { "game", 0, 0, G_OPTION_ARG_STRING, &game_arg,
      N_("Only the entries of this game: its number in the campaign, or its title"), N_("GAME") },
    { "character", 0, 0, G_OPTION_ARG_STRING, &character_arg,
      N_("Only the entries of this character"), N_("CHARACTER") },
    MUSTER_CLI_FORMAT_ENTRY (cli),
    G_OPTION_ENTRY_NULL
  };
  static const char * const keys[] = {
    "id", "created", "game_id", "character_id", "kind", "message", "dice", "faces", "total", "entered",
  };
  gboolean machine;
  const char * const headings[] = {
    _("Id"), _("When"), _("Game"), _("Character"), _("Kind"), _("Entry"), _("Dice"), _("Faces"),
    _("Total"), _("At the table"),
  };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GPtrArray) log = NULL;
  g_autoptr(MusterCliTable) table = NULL;
  g_autoptr(GError) error = NULL;
  gint64 character_id = 0;
  int status;

  if ((campaign = muster_cli_parse_campaign_command (cli, entries, &argc, &argv, 1, &status)) == NULL)
    return status;

  if (game_arg != NULL &&
      (game = muster_store_find_game (cli->store, muster_campaign_get_id (campaign), game_arg, &error)) == NULL)
    return muster_cli_fail (error);
  if (character_arg != NULL &&
      (character_id = find_character_id (cli, campaign, character_arg, &error)) == 0)
    return muster_cli_fail (error);

  log = muster_store_list_log (cli->store, muster_campaign_get_id (campaign),
                               game != NULL ? muster_game_get_id (game) : 0,
                               character_id, &error);
  if (log == NULL)
    return muster_cli_fail (error);

  table = muster_cli_table_new (G_N_ELEMENTS (keys), keys, headings);
  /* TSV and JSON carry what happened, the kind and its arguments (null
   * for an older entry that kept its text), beside the text a reader
   * reads, in the reader's language. */
  machine = cli->format != MUSTER_CLI_FORMAT_TEXT;
  if (machine)
    muster_cli_table_add_column (table, "args", NULL);
  for (guint i = 0; i < log->len; i++)
    {
      const MusterLogEntry *entry = g_ptr_array_index (log, i);

      muster_cli_table_add_row (table);
      muster_cli_table_add_int (table, entry->id);
      muster_cli_table_add_text (table, entry->created);
      muster_cli_table_add_id (table, entry->game_id);
      muster_cli_table_add_id (table, entry->character_id);
      muster_cli_table_add_text (table, entry->kind);
      muster_cli_table_add_text (table, entry->message);
      if (entry->has_roll)
        {
          muster_cli_table_add_text (table, entry->expression);
          muster_cli_table_add_text (table, entry->faces);
          muster_cli_table_add_int (table, entry->total);
          muster_cli_table_add_bool (table, entry->entered, entry->entered ? _("yes") : _("no"));
        }
      else
        {
          for (int j = 0; j < 4; j++)
            muster_cli_table_add_none (table);
        }
      if (machine)
        muster_cli_table_add_json (table, entry->args);
    }
  muster_cli_table_print (table, cli->format, FALSE);
  return 0;
}
