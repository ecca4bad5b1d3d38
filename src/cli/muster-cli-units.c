/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-cli-private.h"
#include "muster-table.h"
#include "muster-game.h"
#include "muster-text-list.h"
#include "muster-unit.h"

/* Units: new-unit, units, set-unit, and the unit parts of recruit,
 * new-game and result. */

static const char *
kind_name (MusterRuleset *ruleset,
           const char    *id)
{
  const MusterUnitKindDef *kind = muster_ruleset_lookup_unit_kind (ruleset, id);

  return kind != NULL ? kind->name : id;
}

static const char *
rating_name (MusterRuleset *ruleset,
             const char    *id)
{
  const MusterRatingDef *rating = muster_ruleset_lookup_rating (ruleset, id);

  return rating != NULL ? rating->name : id;
}

/* --- new-unit ---------------------------------------------------------------- */

int
muster_cli_cmd_new_unit (MusterCli  *cli,
                         int         argc,
                         char      **argv)
{
  g_autofree char *type = NULL;
  g_autofree char *rating = NULL;
  g_autofree char *size_text = NULL;
  g_autofree char *notes = NULL;
  const GOptionEntry entries[] = {
    { "type", 0, 0, G_OPTION_ARG_STRING, &type,
      N_("The unit type: a unit kind id of the ruleset (required)"), N_("TYPE") },
    { "rating", 0, 0, G_OPTION_ARG_STRING, &rating,
      N_("The troops’ rating (default: the ruleset’s)"), N_("RATING") },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_text,
      N_("Figures in the unit (default: the type’s usual size)"), N_("N") },
    { "notes", 0, 0, G_OPTION_ARG_STRING, &notes,
      N_("Notes on the unit"), N_("TEXT") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterForce) force = NULL;
  g_autoptr(MusterUnit) unit = NULL;
  g_autoptr(GError) error = NULL;
  MusterUnitSpec spec = { 0 };
  MusterRuleset *ruleset;
  int status;
  gint64 id;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 3, 3, &status) ||
      !muster_cli_parse_count (cli, "--size", size_text, &spec.size, &status))
    return status;
  if (type == NULL)
    return muster_cli_usage_error (cli, _("Say what type of unit it is with --type TYPE."));
  if (size_text != NULL && spec.size == 0)
    return muster_cli_usage_error (cli, _("A unit needs at least one figure: --size cannot be 0."));

  if ((campaign = muster_cli_find_campaign (cli, argv[1], &error)) == NULL ||
      (force = muster_cli_find_force (cli, campaign, argv[2], &error)) == NULL)
    return muster_cli_fail (error);

  spec.name = argv[3];
  spec.kind = type;
  spec.rating = rating;
  spec.notes = notes;
  id = muster_store_create_unit (cli->store, muster_force_get_id (force), &spec, &error);
  if (id == 0 || (unit = muster_store_get_unit (cli->store, id, &error)) == NULL ||
      (ruleset = muster_cli_campaign_ruleset (campaign, &error)) == NULL)
    return muster_cli_fail (error);
  /* TRANSLATORS: the unit, its force, its campaign, the unit type and
   * rating and its figures */
  g_print (g_dngettext (GETTEXT_PACKAGE,
                        "Unit “%s” added to “%s” of %s: %s, %s, %d figure.\n",
                        "Unit “%s” added to “%s” of %s: %s, %s, %d figures.\n",
                        muster_unit_get_size (unit)),
           muster_unit_get_name (unit), muster_force_get_name (force), muster_campaign_get_name (campaign),
           kind_name (ruleset, muster_unit_get_kind (unit)), rating_name (ruleset, muster_unit_get_rating (unit)),
           muster_unit_get_size (unit));
  muster_cli_print_id (id);
  return 0;
}

/* --- units ------------------------------------------------------------------- */

int
muster_cli_cmd_units (MusterCli  *cli,
                      int         argc,
                      char      **argv)
{
  g_autofree char *force_arg = NULL;
  const GOptionEntry entries[] = {
    { "force", 0, 0, G_OPTION_ARG_STRING, &force_arg,
      N_("Only the units of this force"), N_("FORCE") },
    MUSTER_CLI_FORMAT_ENTRY (cli),
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterForce) force = NULL;
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(MusterCliTable) table = NULL;
  g_autoptr(GPtrArray) values = NULL;
  g_autoptr(GPtrArray) texts = NULL;
  g_autoptr(GArray) numeric = NULL;
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset;
  GPtrArray *stats;
  int status;

  if ((campaign = muster_cli_parse_campaign_command (cli, entries, &argc, &argv, 1, &status)) == NULL)
    return status;

  if ((force_arg != NULL && (force = muster_cli_find_force (cli, campaign, force_arg, &error)) == NULL) ||
      (ruleset = muster_cli_campaign_ruleset (campaign, &error)) == NULL)
    return muster_cli_fail (error);
  units = muster_store_list_units (cli->store, muster_campaign_get_id (campaign),
                                   force != NULL ? muster_force_get_id (force) : 0, &error);
  if (units == NULL)
    return muster_cli_fail (error);

  table = muster_cli_table_new (0, NULL, NULL);
  muster_cli_table_add_column (table, "id", _("Id"));
  muster_cli_table_add_column (table, "name", _("Name"));
  muster_cli_table_add_column (table, "force", _("Force"));
  muster_cli_table_add_column (table, "side", _("Side"));
  muster_cli_table_add_column (table, "type", _("Type"));
  muster_cli_table_add_column (table, "rating", _("Rating"));
  muster_cli_table_add_column (table, "size", _("Size"));
  muster_cli_table_add_column (table, "lost", _("Lost"));
  muster_cli_table_add_column (table, "status", _("Status"));
  stats = muster_ruleset_get_unit_stats (ruleset);
  for (guint i = 0; i < stats->len; i++)
    {
      const MusterUnitStatDef *stat = g_ptr_array_index (stats, i);
      muster_cli_table_add_column (table, stat->key, stat->name);
    }

  /* A stat column is a number in JSON only when every unit's value is. */
  values = g_ptr_array_new_with_free_func (g_free);
  texts = g_ptr_array_new_with_free_func (g_free);
  numeric = g_array_new (FALSE, FALSE, sizeof (gboolean));
  for (guint j = 0; j < stats->len; j++)
    {
      const MusterUnitStatDef *stat = g_ptr_array_index (stats, j);
      gboolean all_numbers = TRUE;

      for (guint i = 0; i < units->len; i++)
        {
          char *value = muster_unit_dup_stat_value (g_ptr_array_index (units, i), ruleset, stat->key);

          all_numbers &= value == NULL || g_ascii_string_to_signed (value, 10, G_MININT, G_MAXINT, NULL, NULL);
          g_ptr_array_add (values, value);
          g_ptr_array_add (texts, muster_unit_dup_stat_cell (g_ptr_array_index (units, i), ruleset, stat->key));
        }
      g_array_append_val (numeric, all_numbers);
    }

  for (guint i = 0; i < units->len; i++)
    {
      MusterUnit *unit = g_ptr_array_index (units, i);

      muster_cli_table_add_row (table);
      muster_cli_table_add_int (table, muster_unit_get_id (unit));
      muster_cli_table_add_text (table, muster_unit_get_name (unit));
      muster_cli_table_add_text (table, muster_unit_get_force_name (unit));
      muster_cli_table_add_text (table, muster_unit_get_side (unit));
      muster_cli_table_add_value (table, muster_unit_get_kind (unit),
                                  kind_name (ruleset, muster_unit_get_kind (unit)));
      if (*muster_unit_get_rating (unit) != '\0')
        muster_cli_table_add_value (table, muster_unit_get_rating (unit),
                                    rating_name (ruleset, muster_unit_get_rating (unit)));
      else
        muster_cli_table_add_none (table);
      muster_cli_table_add_int (table, muster_unit_get_size (unit));
      muster_cli_table_add_int (table, muster_unit_get_lost (unit));
      muster_cli_table_add_value (table, muster_unit_get_status (unit),
                                  muster_unit_status_label (muster_unit_get_status (unit)));
      for (guint j = 0; j < stats->len; j++)
        {
          const char *value = g_ptr_array_index (values, j * units->len + i);
          const char *text = g_ptr_array_index (texts, j * units->len + i);

          if (value == NULL)
            muster_cli_table_add_none (table);
          else if (g_array_index (numeric, gboolean, j))
            muster_cli_table_add_int (table, g_ascii_strtoll (value, NULL, 10));
          else
            muster_cli_table_add_value (table, value, text);
        }
    }
  muster_cli_table_print (table, cli->format, FALSE);
  return 0;
}

/* --- set-unit ---------------------------------------------------------------- */

int
muster_cli_cmd_set_unit (MusterCli  *cli,
                         int         argc,
                         char      **argv)
{
  g_autofree char *campaign_arg = NULL;
  g_autofree char *type = NULL;
  g_autofree char *rating = NULL;
  g_autofree char *status_text = NULL;
  g_autofree char *notes = NULL;
  g_autofree char *size_text = NULL;
  g_autofree char *lost_text = NULL;
  g_auto(GStrv) values = NULL;
  const GOptionEntry entries[] = {
    { "campaign", 0, 0, G_OPTION_ARG_STRING, &campaign_arg,
      N_("Find the unit by name in this campaign"), N_("CAMPAIGN") },
    { "type", 0, 0, G_OPTION_ARG_STRING, &type, N_("Change the unit type"), N_("TYPE") },
    { "rating", 0, 0, G_OPTION_ARG_STRING, &rating, N_("Change the rating"), N_("RATING") },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_text, N_("Change the number of figures"), N_("N") },
    { "lost", 0, 0, G_OPTION_ARG_STRING, &lost_text, N_("Set the figures lost for good"), N_("N") },
    { "status", 0, 0, G_OPTION_ARG_STRING, &status_text,
      N_("Set the status: active, destroyed or disbanded"), N_("STATUS") },
    { "value", 0, 0, G_OPTION_ARG_STRING_ARRAY, &values,
      N_("Set a value kept on the unit, e.g. colours=1; repeatable"), N_("KEY=VALUE") },
    { "notes", 0, 0, G_OPTION_ARG_STRING, &notes, N_("Replace the notes"), N_("TEXT") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterUnit) unit = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GPtrArray) parts = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *joined = NULL;
  MusterRuleset *ruleset;
  int size = 0, lost = 0;
  gint64 id;
  int status;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 1, 1, &status) ||
      !muster_cli_parse_count (cli, "--size", size_text, &size, &status) ||
      !muster_cli_parse_count (cli, "--lost", lost_text, &lost, &status))
    return status;

  if ((unit = muster_cli_find_arg (cli, MUSTER_CLI_UNIT, campaign_arg, argv[1], NULL, &error)) == NULL)
    return muster_cli_fail (error);
  id = muster_unit_get_id (unit);

  /* Every value is read before anything changes, and then all of it
   * changes or nothing. */
  for (guint i = 0; values != NULL && values[i] != NULL; i++)
    {
      g_autofree char *key = NULL;
      g_autofree char *value = NULL;
      gint64 number;

      if (!muster_cli_split_assignment (values[i], &key, &value) ||
          !g_ascii_string_to_signed (value, 10, G_MININT, G_MAXINT, &number, NULL))
        return muster_cli_usage_error (cli, _("--value takes KEY=NUMBER, e.g. colours=1, not “%s”."),
                                       values[i]);
    }
  if (!muster_store_begin (cli->store, &error))
    return muster_cli_fail (error);
  for (guint i = 0; values != NULL && values[i] != NULL && error == NULL; i++)
    {
      g_autofree char *key = NULL;
      g_autofree char *value = NULL;

      muster_cli_split_assignment (values[i], &key, &value);
      muster_store_set_unit_value (cli->store, id, key, (int) g_ascii_strtoll (value, NULL, 10), &error);
    }
  if (error != NULL ||
      (type != NULL && !muster_store_set_unit_text (cli->store, id, "kind", type, &error)) ||
      (rating != NULL && !muster_store_set_unit_text (cli->store, id, "rating", rating, &error)) ||
      (size_text != NULL && !muster_store_set_unit_number (cli->store, id, "size", size, &error)) ||
      (lost_text != NULL && !muster_store_set_unit_number (cli->store, id, "lost", lost, &error)) ||
      (status_text != NULL && !muster_store_set_unit_text (cli->store, id, "status", status_text, &error)) ||
      (notes != NULL && !muster_store_set_unit_text (cli->store, id, "notes", notes, &error)) ||
      !muster_store_commit (cli->store, &error))
    {
      muster_store_rollback (cli->store);
      return muster_cli_fail (error);
    }

  /* What changed, as it now is. */
  g_clear_object (&unit);
  if ((unit = muster_store_get_unit (cli->store, id, &error)) == NULL ||
      (campaign = muster_store_get_campaign (cli->store, muster_unit_get_campaign_id (unit), &error)) == NULL ||
      (ruleset = muster_cli_campaign_ruleset (campaign, &error)) == NULL)
    return muster_cli_fail (error);
  parts = g_ptr_array_new_with_free_func (g_free);
  if (type != NULL)
    g_ptr_array_add (parts, g_strdup_printf (_("type %s"), kind_name (ruleset, muster_unit_get_kind (unit))));
  if (rating != NULL)
    g_ptr_array_add (parts, g_strdup_printf (_("rating %s"), rating_name (ruleset, muster_unit_get_rating (unit))));
  if (size_text != NULL)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d figure", "%d figures",
                                                          muster_unit_get_size (unit)),
                                             muster_unit_get_size (unit)));
  if (lost_text != NULL)
    g_ptr_array_add (parts, g_strdup_printf (_("%d lost for good"), muster_unit_get_lost (unit)));
  if (status_text != NULL)
    g_ptr_array_add (parts, g_strdup_printf (_("status %s"),
                                             muster_unit_status_label (muster_unit_get_status (unit))));
  for (guint i = 0; values != NULL && values[i] != NULL; i++)
    {
      g_autofree char *key = NULL;
      g_autofree char *value = NULL;

      muster_cli_split_assignment (values[i], &key, &value);
      g_ptr_array_add (parts, g_strdup_printf ("%s %s", key, value));
    }
  if (notes != NULL)
    g_ptr_array_add (parts, g_strdup (_("notes")));
  joined = muster_cli_join (parts);
  /* TRANSLATORS: the unit, its campaign and what changed, e.g. “rating
   * Veteran, 10 figures” */
  g_print (_("Unit “%s” of %s changed: %s.\n"), muster_unit_get_name (unit),
           muster_campaign_get_name (campaign), joined);
  return 0;
}

/* --- recruit --unit ---------------------------------------------------------- */

gint64
muster_cli_recruit_unit_id (MusterCli       *cli,
                            MusterCampaign  *campaign,
                            MusterForce     *force,
                            const char      *unit_arg,
                            GError         **error)
{
  g_autoptr(MusterUnit) unit = NULL;

  if (unit_arg == NULL)
    return 0;
  unit = muster_cli_find_unit (cli, campaign, unit_arg, error);
  if (unit == NULL)
    return -1;
  if (muster_unit_get_force_id (unit) != muster_force_get_id (force))
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("%s belongs to %s, not %s: recruit into its own force."),
                   muster_unit_get_name (unit), muster_unit_get_force_name (unit),
                   muster_force_get_name (force));
      return -1;
    }
  return muster_unit_get_id (unit);
}

/* --- new-game --with-unit ---------------------------------------------------- */

gboolean
muster_cli_game_units (MusterCli       *cli,
                       MusterCampaign  *campaign,
                       char           **with_unit,
                       GArray          *unit_ids,
                       GArray          *character_ids,
                       GError         **error)
{
  g_autoptr(GPtrArray) characters = NULL;

  for (guint i = 0; with_unit != NULL && with_unit[i] != NULL; i++)
    {
      g_autoptr(MusterUnit) unit = muster_cli_find_unit (cli, campaign, with_unit[i], error);
      gint64 id;

      if (unit == NULL)
        return FALSE;
      id = muster_unit_get_id (unit);
      g_array_append_val (unit_ids, id);
    }
  if (unit_ids->len == 0)
    return TRUE;

  /* A unit takes the field with the characters attached to it who can
   * fight, unless they were named already. */
  characters = muster_store_list_characters (cli->store, muster_campaign_get_id (campaign), 0, error);
  if (characters == NULL)
    return FALSE;
  for (guint i = 0; i < characters->len; i++)
    {
      MusterCharacter *character = g_ptr_array_index (characters, i);
      gint64 unit_id = muster_character_get_unit_id (character);
      gint64 id = muster_character_get_id (character);
      gboolean in_game = FALSE, listed = FALSE;

      if (unit_id == 0 || muster_character_get_status (character) != MUSTER_STATUS_ACTIVE)
        continue;
      for (guint j = 0; j < unit_ids->len; j++)
        in_game |= g_array_index (unit_ids, gint64, j) == unit_id;
      for (guint j = 0; j < character_ids->len; j++)
        listed |= g_array_index (character_ids, gint64, j) == id;
      if (in_game && !listed)
        g_array_append_val (character_ids, id);
    }
  return TRUE;
}

/* --- result --unit ----------------------------------------------------------- */

int
muster_cli_unit_result (MusterCli       *cli,
                        MusterCampaign  *campaign,
                        MusterGame      *game,
                        const char      *unit_arg,
                        const char      *const figures[4],
                        const char      *colours,
                        const char      *notes)
{
  static const char * const options[4] = {
    "--killed-figures", "--wounded-figures", "--captured-figures", "--run-figures",
  };
  g_autoptr(MusterUnit) unit = NULL;
  g_autoptr(GPtrArray) parts = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *joined = NULL;
  g_autofree char *what = NULL;
  MusterUnitResult result = { 0 };
  int *counts[4] = { &result.killed, &result.wounded, &result.captured, &result.run };
  int status;

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (!muster_cli_parse_count (cli, options[i], figures[i], counts[i], &status))
      return status;

  unit = muster_cli_find_unit (cli, campaign, unit_arg, &error);
  if (unit == NULL)
    return muster_cli_fail (error);
  result.colours = colours;
  result.notes = notes;
  if (!muster_store_set_unit_result (cli->store, muster_game_get_id (game), muster_unit_get_id (unit),
                                     &result, &error))
    return muster_cli_fail (error);

  parts = g_ptr_array_new_with_free_func (g_free);
  /* The words the windows use for a unit's figures. */
  g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d killed", "%d killed", result.killed),
                                           result.killed));
  g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d wounded", "%d wounded", result.wounded),
                                           result.wounded));
  g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d captured", "%d captured",
                                                        result.captured), result.captured));
  g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d ran", "%d ran", result.run),
                                           result.run));
  if (g_strcmp0 (colours, "lost") == 0)
    g_ptr_array_add (parts, g_strdup (_("its colours lost")));
  else if (g_strcmp0 (colours, "captured") == 0)
    g_ptr_array_add (parts, g_strdup (_("took the enemy’s colours")));
  joined = muster_text_list (parts);
  what = muster_game_describe_full (game);
  /* TRANSLATORS: the unit, the game (“Game 1 “The bridge” of Coa 1810”)
   * and what became of its figures */
  g_print (_("Recorded for %s in %s: %s.\n"), muster_unit_get_name (unit), what, joined);
  return 0;
}

/* --- game --units ------------------------------------------------------------ */

int
muster_cli_print_game_units (MusterCli *cli,
                             gint64     game_id)
{
  static const char * const keys[] = {
    "unit_id", "name", "force", "side", "figures", "killed", "wounded", "captured", "run",
    "colours", "recorded",
  };
  const char * const headings[] = {
    _("Id"), _("Name"), _("Force"), _("Side"), _("Figures"), _("Killed"), _("Wounded"),
    _("Captured"), _("Ran"), _("Colours"), _("Recorded"),
  };
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(MusterCliTable) table = NULL;
  g_autoptr(GError) error = NULL;

  /* A started game's units show what the table recorded so far. */
  participants = muster_store_list_game_results (cli->store, game_id, &units, &error);
  if (participants == NULL)
    return muster_cli_fail (error);
  table = muster_cli_table_new (G_N_ELEMENTS (keys), keys, headings);
  for (guint i = 0; i < units->len; i++)
    {
      const MusterUnitParticipant *p = g_ptr_array_index (units, i);
      const char *colours = p->colours != NULL ? p->colours : "";

      muster_cli_table_add_row (table);
      muster_cli_table_add_int (table, p->unit_id);
      muster_cli_table_add_text (table, p->name);
      muster_cli_table_add_text (table, p->force_name);
      muster_cli_table_add_text (table, p->side);
      muster_cli_table_add_int (table, p->figures);
      muster_cli_table_add_int (table, p->killed);
      muster_cli_table_add_int (table, p->wounded);
      muster_cli_table_add_int (table, p->captured);
      muster_cli_table_add_int (table, p->run);
      if (g_str_equal (colours, "lost"))
        muster_cli_table_add_value (table, colours, _("lost"));
      else if (g_str_equal (colours, "captured"))
        /* Translators: the unit took the enemy's colours */
        muster_cli_table_add_value (table, colours, _("taken"));
      else
        muster_cli_table_add_none (table);
      muster_cli_table_add_bool (table, p->recorded, p->recorded ? _("yes") : _("no"));
    }
  muster_cli_table_print (table, cli->format, FALSE);
  return 0;
}
