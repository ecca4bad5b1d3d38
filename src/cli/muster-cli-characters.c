/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-character-stats.h"
#include "muster-cli-private.h"
#include "muster-force.h"
#include "muster-recruit.h"
#include "muster-ruleset.h"
#include "muster-sheet-text.h"
#include "muster-store.h"
#include "muster-traits.h"
#include "muster-warnings.h"

/* Most a single recruit command rolls up. */
#define MAX_RECRUITS 1000

/* --- A character as a table row --------------------------------------------- */

/* For a ruleset kept by unit, the campaign's unit names by id (the
 * roster's unit column); NULL for one kept by figure. */
static GHashTable *
unit_names (MusterCli       *cli,
            MusterCampaign  *campaign,
            MusterRuleset   *ruleset,
            GError         **error)
{
  g_autoptr(GHashTable) names = NULL;
  g_autoptr(GPtrArray) units = NULL;

  if (muster_ruleset_get_kept_by (ruleset) != MUSTER_KEPT_BY_UNIT)
    return NULL;
  names = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  units = muster_store_list_units (cli->store, muster_campaign_get_id (campaign), 0, error);
  if (units == NULL)
    return NULL;
  for (guint i = 0; i < units->len; i++)
    {
      MusterUnit *unit = g_ptr_array_index (units, i);
      gint64 id = muster_unit_get_id (unit);

      g_hash_table_insert (names, g_memdup2 (&id, sizeof id), g_strdup (muster_unit_get_name (unit)));
    }
  return g_steal_pointer (&names);
}

/* The columns of a character row: the roster's, and with @detailed the rest
 * of the sheet. Stat keys follow the ruleset's order. */
static MusterCliTable *
character_table_new (MusterRuleset *ruleset,
                     GHashTable    *units,
                     gboolean       detailed)
{
  MusterCliTable *table = muster_cli_table_new (0, NULL, NULL);

  muster_cli_table_add_column (table, "id", _("Id"));
  muster_cli_table_add_column (table, "name", _("Name"));
  muster_cli_table_add_column (table, "force", _("Force"));
  muster_cli_table_add_column (table, "side", _("Side"));
  if (units != NULL)
    muster_cli_table_add_column (table, "unit", _("Unit"));
  muster_cli_table_add_column (table, "type", _("Type"));
  muster_cli_table_add_column (table, "weapon", _("Weapon"));
  muster_cli_table_add_column (table, "status", _("Status"));
  for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
    {
      const MusterStatDef *stat = muster_ruleset_get_stat (ruleset, i);

      /* A short key ("F") heads its column as on the sheets; a longer
       * one ("class") is a word, read in the user's language. */
      muster_cli_table_add_column (table, stat->key,
                                   g_utf8_strlen (stat->key, -1) <= 2 ? stat->key : stat->name);
    }
  muster_cli_table_add_column (table, "kills", _("Kills"));
  muster_cli_table_add_column (table, "games", _("Games"));
  /* TRANSLATORS: a column heading, games a character is out of action for */
  muster_cli_table_add_column (table, "out_games", _("Out"));
  if (detailed)
    {
      muster_cli_table_add_column (table, "campaign_id", _("Campaign"));
      muster_cli_table_add_column (table, "force_id", _("Force id"));
      muster_cli_table_add_column (table, "rank", _("Rank"));
      muster_cli_table_add_column (table, "mounted", _("Mounted"));
      muster_cli_table_add_column (table, "light_wounds", _("Light wounds"));
      muster_cli_table_add_column (table, "serious_wounds", _("Serious wounds"));
      if (units != NULL)
        muster_cli_table_add_column (table, "unit_id", _("Unit id"));
      muster_cli_table_add_column (table, "notes", _("Notes"));
    }
  return table;
}

static void
add_character_row (MusterCliTable  *table,
                   MusterRuleset   *ruleset,
                   GHashTable      *units,
                   MusterCharacter *character,
                   gboolean         detailed)
{
  gint64 unit_id = muster_character_get_unit_id (character);

  MusterStatus status = muster_character_get_status (character);
  const char *type = muster_character_get_troop_type (character);
  const char *weapon = muster_character_get_weapon (character);

  muster_cli_table_add_row (table);
  muster_cli_table_add_int (table, muster_character_get_id (character));
  muster_cli_table_add_text (table, muster_character_get_name (character));
  muster_cli_table_add_text (table, muster_character_get_force_name (character));
  muster_cli_table_add_text (table, muster_character_get_side (character));
  if (units != NULL && unit_id != 0)
    muster_cli_table_add_text (table, g_hash_table_lookup (units, &unit_id));
  else if (units != NULL)
    muster_cli_table_add_none (table);
  muster_cli_table_add_value (table, type, muster_cli_troop_type_name (ruleset, type));
  muster_cli_table_add_value (table, weapon, muster_cli_weapon_name (ruleset, weapon));
  muster_cli_table_add_value (table, muster_status_to_string (status), muster_status_get_label (status));
  for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
    {
      const MusterStatDef *stat = muster_ruleset_get_stat (ruleset, i);
      int value;

      /* Text shows the stat as played, traits named; TSV and JSON the
       * value kept, which set --stat changes. */
      if (muster_character_get_stat (character, stat->key, &value))
        {
          g_autofree char *text = muster_sheet_stat_value_text (ruleset, character, stat);

          muster_cli_table_add_int_text (table, value, text);
        }
      else
        muster_cli_table_add_none (table);
    }
  muster_cli_table_add_int (table, muster_character_get_kills (character));
  muster_cli_table_add_int (table, muster_character_get_games (character));
  muster_cli_table_add_int (table, muster_character_get_out_games (character));
  if (detailed)
    {
      gboolean mounted = muster_character_get_mounted (character);

      muster_cli_table_add_int (table, muster_character_get_campaign_id (character));
      muster_cli_table_add_int (table, muster_character_get_force_id (character));
      muster_cli_table_add_text (table, muster_character_get_rank (character));
      muster_cli_table_add_bool (table, mounted, mounted ? _("yes") : _("no"));
      muster_cli_table_add_int (table, muster_character_get_light_wounds (character));
      muster_cli_table_add_int (table, muster_character_get_serious_wounds (character));
      if (units != NULL)
        muster_cli_table_add_id (table, unit_id);
      muster_cli_table_add_text (table, muster_character_get_notes (character));
    }
}

/* --- recruit ----------------------------------------------------------------- */

/* The log entries of a new recruit name each stat with the dice that
 * made it. */
static void
describe_recruit (MusterStore *store,
                  gint64       campaign_id,
                  gint64       id)
{
  g_autoptr(GPtrArray) log = muster_store_list_log (store, campaign_id, 0, id, NULL);

  /* The log is newest first; read in the order things happened. */
  for (guint i = log != NULL ? log->len : 0; i > 0; i--)
    {
      MusterLogEntry *entry = g_ptr_array_index (log, i - 1);

      if (entry->has_roll)
        g_printerr ("%" G_GINT64_FORMAT ": %s: %s [%s] = %d\n", id, entry->message,
                    entry->expression, entry->faces, entry->total);
      else
        g_printerr ("%" G_GINT64_FORMAT ": %s\n", id, entry->message);
    }
}

int
muster_cli_cmd_recruit (MusterCli  *cli,
                        int         argc,
                        char      **argv)
{
  g_autofree char *type = NULL;
  g_autofree char *weapon = NULL;
  g_autofree char *name = NULL;
  g_autofree char *unit_arg = NULL;
  int count = 1;
  gboolean verbose = FALSE;
  const GOptionEntry entries[] = {
    { "type", 0, 0, G_OPTION_ARG_STRING, &type,
      N_("Recruit troops of this troop type id (required)"), N_("TYPE") },
    { "count", 0, 0, G_OPTION_ARG_INT, &count,
      N_("Recruit N characters (default 1)"), N_("N") },
    { "name", 0, 0, G_OPTION_ARG_STRING, &name,
      N_("Name the recruit (default: a period name)"), N_("NAME") },
    { "weapon", 0, 0, G_OPTION_ARG_STRING, &weapon,
      N_("Arm them with this weapon id (default: the troop type’s)"), N_("WEAPON") },
    { "unit", 0, 0, G_OPTION_ARG_STRING, &unit_arg,
      N_("Attach the recruits to this unit of the force"), N_("UNIT") },
    { "verbose", 0, 0, G_OPTION_ARG_NONE, &verbose,
      N_("Describe each recruit and their dice on standard error"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterForce) force = NULL;
  g_autoptr(MusterUnit) unit = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset;
  gint64 unit_id;
  int status;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 2, 2, &status))
    return status;

  if (type == NULL)
    return muster_cli_usage_error (cli, _("Say what troop type to recruit with --type TYPE."));
  if (count < 1 || count > MAX_RECRUITS)
    return muster_cli_usage_error (cli, _("--count must be from 1 to %d, not %d."), MAX_RECRUITS, count);
  if (name != NULL && count > 1)
    return muster_cli_usage_error (cli, _("--name names a single recruit; leave it out to give %d recruits period names."),
                                   count);

  if ((campaign = muster_cli_find_campaign (cli, argv[1], &error)) == NULL ||
      (force = muster_cli_find_force (cli, campaign, argv[2], &error)) == NULL ||
      (ruleset = muster_cli_campaign_ruleset (campaign, &error)) == NULL ||
      !muster_store_check_troop_type (ruleset, type, &error) ||
      (weapon != NULL && !muster_store_check_weapon_id (ruleset, weapon, &error)))
    return muster_cli_fail (error);

  unit_id = muster_cli_recruit_unit_id (cli, campaign, force, unit_arg, &error);
  if (unit_id < 0 || (unit_id > 0 && (unit = muster_store_get_unit (cli->store, unit_id, &error)) == NULL))
    return muster_cli_fail (error);
  ids = muster_store_recruit_into (cli->store, muster_force_get_id (force), unit_id, type, weapon,
                                   name, count, &error);
  if (ids == NULL)
    return muster_cli_fail (error);

  for (guint i = 0; i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      g_autoptr(MusterCharacter) character = muster_store_get_character (cli->store, id, &error);
      g_autoptr(GPtrArray) warnings = NULL;
      const char *type_name;

      /* A name Muster picks is no one's yet, as far as names go round;
       * one given may be. */
      if (character == NULL ||
          (name != NULL &&
           (warnings = muster_warnings_for_character_name (cli->store, muster_campaign_get_id (campaign), id,
                                                           name, &error)) == NULL))
        return muster_cli_fail (error);
      muster_cli_warn_all (warnings);
      if (verbose)
        describe_recruit (cli->store, muster_campaign_get_id (campaign), id);
      type_name = muster_cli_troop_type_name (ruleset, muster_character_get_troop_type (character));
      if (unit != NULL)
        /* TRANSLATORS: the recruit, the force, its campaign, the troop
         * type and the unit */
        g_print (_("%s joined “%s” of %s as %s, in %s.\n"), muster_character_get_name (character),
                 muster_force_get_name (force), muster_campaign_get_name (campaign), type_name,
                 muster_unit_get_name (unit));
      else
        /* TRANSLATORS: the recruit, the force, its campaign and the troop
         * type */
        g_print (_("%s joined “%s” of %s as %s.\n"), muster_character_get_name (character),
                 muster_force_get_name (force), muster_campaign_get_name (campaign), type_name);
    }
  /* The ids last, one a line, as scripts expect. */
  for (guint i = 0; i < ids->len; i++)
    muster_cli_print_id (g_array_index (ids, gint64, i));
  return 0;
}

/* --- roster ------------------------------------------------------------------ */

int
muster_cli_cmd_roster (MusterCli  *cli,
                       int         argc,
                       char      **argv)
{
  g_autofree char *force_arg = NULL;
  const GOptionEntry entries[] = {
    { "force", 0, 0, G_OPTION_ARG_STRING, &force_arg,
      N_("Only the characters of this force"), N_("FORCE") },
    MUSTER_CLI_FORMAT_ENTRY (cli),
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterForce) force = NULL;
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(MusterCliTable) table = NULL;
  g_autoptr(GHashTable) units = NULL;
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset;
  int status;

  if ((campaign = muster_cli_parse_campaign_command (cli, entries, &argc, &argv, 1, &status)) == NULL)
    return status;

  if ((ruleset = muster_cli_campaign_ruleset (campaign, &error)) == NULL ||
      (force_arg != NULL && (force = muster_cli_find_force (cli, campaign, force_arg, &error)) == NULL))
    return muster_cli_fail (error);

  characters = muster_store_list_characters (cli->store, muster_campaign_get_id (campaign),
                                             force != NULL ? muster_force_get_id (force) : 0,
                                             &error);
  if (characters == NULL)
    return muster_cli_fail (error);
  units = unit_names (cli, campaign, ruleset, &error);
  if (error != NULL)
    return muster_cli_fail (error);

  table = character_table_new (ruleset, units, FALSE);
  for (guint i = 0; i < characters->len; i++)
    add_character_row (table, ruleset, units, g_ptr_array_index (characters, i), FALSE);
  muster_cli_table_print (table, cli->format, FALSE);
  if (cli->format == MUSTER_CLI_FORMAT_TEXT)
    {
      g_autofree char *key = muster_characters_describe_caps (characters, ruleset);

      if (key != NULL)
        g_print ("\n%s\n", key);
    }
  return 0;
}

/* --- show -------------------------------------------------------------------- */

static void
print_field (guint       width,
             const char *label,
             const char *value)
{
  glong len = g_utf8_strlen (label, -1);

  g_print ("%s", label);
  for (glong i = len; i < (glong) width + 2; i++)
    g_print (" ");
  g_print ("%s\n", value);
}

static void
print_sheet (MusterCampaign  *campaign,
             MusterRuleset   *ruleset,
             GHashTable      *units,
             MusterCharacter *character)
{
  gint64 unit_id = muster_character_get_unit_id (character);
  MusterStatus status = muster_character_get_status (character);
  const char *rank = muster_character_get_rank (character);
  const char *notes = muster_character_get_notes (character);
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, muster_character_get_id (character));
  g_autofree char *force = NULL;
  g_autofree char *status_text = NULL;
  g_autofree char *wounds = NULL;
  g_autofree char *kills = g_strdup_printf ("%d", muster_character_get_kills (character));
  g_autofree char *games = g_strdup_printf ("%d", muster_character_get_games (character));
  const char *labels[] = {
    _("Id"), _("Campaign"), _("Force"), _("Unit"), _("Rank"), _("Type"), _("Weapon"),
    _("Mounted"), _("Status"), _("Wounds"), _("Kills"), _("Games"),
  };
  guint width = 0;
  guint stat_width = 0;

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    width = MAX (width, (guint) g_utf8_strlen (labels[i], -1));
  for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
    stat_width = MAX (stat_width, (guint) g_utf8_strlen (muster_ruleset_get_stat (ruleset, i)->name, -1));

  force = g_strdup_printf (_("%s (side: %s)"), muster_character_get_force_name (character),
                           muster_character_get_side (character));
  if (status == MUSTER_STATUS_OUT_OF_ACTION)
    status_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %d more game to miss",
                                                "%s, %d more games to miss",
                                                muster_character_get_out_games (character)),
                                   muster_status_get_label (status),
                                   muster_character_get_out_games (character));
  else
    status_text = g_strdup (muster_status_get_label (status));
  wounds = g_strdup_printf (_("%d light, %d serious"),
                            muster_character_get_light_wounds (character),
                            muster_character_get_serious_wounds (character));

  g_print ("%s\n\n", muster_character_get_name (character));
  print_field (width, _("Id"), id);
  print_field (width, _("Campaign"), muster_campaign_get_name (campaign));
  print_field (width, _("Force"), force);
  if (units != NULL && unit_id != 0)
    print_field (width, _("Unit"), g_hash_table_lookup (units, &unit_id));
  if (rank != NULL && *rank != '\0')
    print_field (width, _("Rank"), rank);
  print_field (width, _("Type"), muster_cli_troop_type_name (ruleset, muster_character_get_troop_type (character)));
  print_field (width, _("Weapon"), muster_cli_weapon_name (ruleset, muster_character_get_weapon (character)));
  print_field (width, _("Mounted"), muster_character_get_mounted (character) ? _("yes") : _("no"));
  print_field (width, _("Status"), status_text);
  print_field (width, _("Wounds"), wounds);
  print_field (width, _("Kills"), kills);
  print_field (width, _("Games"), games);

  g_print ("\n");
  for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
    {
      const MusterStatDef *stat = muster_ruleset_get_stat (ruleset, i);
      g_autoptr(GArray) effects = NULL;
      g_autofree char *label = NULL;
      g_autofree char *value = NULL;
      g_autofree char *traits = NULL;
      const char *entry = NULL;
      int number;

      if (!muster_traits_played_stat (ruleset, character, stat->key, &number, &effects))
        value = g_strdup (" –");
      else if ((traits = muster_sheet_trait_effects_text (effects)) != NULL)
        /* Translators: a stat's value as played and the traits that make it so: "0 (Coward −1)" */
        value = g_strdup_printf (_("%2d (%s)"), number, traits);
      else if ((entry = muster_sheet_stat_entry_name (ruleset, character, stat, number)) != NULL)
        /* Translators: a stat's value and the entry it stands for: "1 Coward" */
        value = g_strdup_printf (_("%2d %s"), number, entry);
      else
        {
          /* What his weapon lets him use shows in brackets: "11 (9)". */
          g_autofree char *shown = muster_character_format_stat (character, ruleset, stat->key);

          value = g_strdup_printf ("%2s", shown);
        }
      label = g_strdup_printf ("%-3s %s", stat->key, stat->name);
      print_field (stat_width + 4, label, value);
    }
  {
    g_autofree char *key = muster_character_describe_caps (character, ruleset);

    if (key != NULL)
      g_print ("\n%s\n", key);
  }

  if (notes != NULL && *notes != '\0')
    g_print ("\n%s\n%s\n", _("Notes"), notes);
}

int
muster_cli_cmd_show (MusterCli  *cli,
                     int         argc,
                     char      **argv)
{
  g_autofree char *campaign_arg = NULL;
  const GOptionEntry entries[] = {
    { "campaign", 0, 0, G_OPTION_ARG_STRING, &campaign_arg,
      N_("Find the character by name in this campaign"), N_("CAMPAIGN") },
    MUSTER_CLI_FORMAT_ENTRY (cli),
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterCharacter) character = NULL;
  g_autoptr(GHashTable) units = NULL;
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset;
  int status;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 1, 1, &status) ||
      !muster_cli_check_named (cli, MUSTER_CLI_CHARACTER, campaign_arg, argv[1], &status))
    return status;

  if ((character = muster_cli_find_arg (cli, MUSTER_CLI_CHARACTER, campaign_arg, argv[1],
                                        &campaign, &error)) == NULL ||
      (ruleset = muster_cli_campaign_ruleset (campaign, &error)) == NULL)
    return muster_cli_fail (error);

  units = unit_names (cli, campaign, ruleset, &error);
  if (error != NULL)
    return muster_cli_fail (error);

  if (cli->format == MUSTER_CLI_FORMAT_TEXT)
    print_sheet (campaign, ruleset, units, character);
  else
    {
      g_autoptr(MusterCliTable) table = character_table_new (ruleset, units, TRUE);

      add_character_row (table, ruleset, units, character, TRUE);
      muster_cli_table_print (table, cli->format, TRUE);
    }
  return 0;
}

/* --- set --------------------------------------------------------------------- */

typedef struct {
  char *key;
  int   value;
} StatChange;

static void
stat_change_clear (gpointer data)
{
  g_free (((StatChange *) data)->key);
}

static gboolean
apply_stats (MusterStore      *store,
             MusterCharacter  *character,
             GArray           *changes,
             GError          **error)
{
  for (guint i = 0; i < changes->len; i++)
    {
      const StatChange *change = &g_array_index (changes, StatChange, i);

      if (!muster_store_set_character_stat (store, muster_character_get_id (character),
                                            change->key, change->value, error))
        return FALSE;
    }
  return TRUE;
}

/* What set changed, as it now is: "name Daniel Hadley, F 8, status
 * Out of action (2 games)". */
static char *
describe_changes (MusterRuleset   *ruleset,
                  MusterCharacter *character,
                  GArray          *stats,
                  gboolean         name,
                  gboolean         rank,
                  gboolean         type,
                  gboolean         weapon,
                  gboolean         mounted,
                  gboolean         status,
                  gboolean         notes)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  MusterStatus now = muster_character_get_status (character);

  if (name)
    g_ptr_array_add (parts, g_strdup_printf (_("name %s"), muster_character_get_name (character)));
  if (rank)
    g_ptr_array_add (parts, g_strdup_printf (_("rank %s"), muster_character_get_rank (character)));
  for (guint i = 0; i < stats->len; i++)
    {
      const char *key = g_array_index (stats, StatChange, i).key;
      int value = 0;

      muster_character_get_stat (character, key, &value);
      g_ptr_array_add (parts, g_strdup_printf ("%s %d", key, value));
    }
  if (type)
    g_ptr_array_add (parts, g_strdup_printf (_("type %s"),
                                             muster_cli_troop_type_name (ruleset, muster_character_get_troop_type (character))));
  if (weapon)
    g_ptr_array_add (parts, g_strdup_printf (_("weapon %s"),
                                             muster_cli_weapon_name (ruleset, muster_character_get_weapon (character))));
  if (mounted)
    g_ptr_array_add (parts, g_strdup (muster_character_get_mounted (character) ? _("mounted") : _("on foot")));
  if (status && now == MUSTER_STATUS_OUT_OF_ACTION)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "status %s (%d game)", "status %s (%d games)",
                                                          muster_character_get_out_games (character)),
                                             muster_status_get_label (now), muster_character_get_out_games (character)));
  else if (status)
    g_ptr_array_add (parts, g_strdup_printf (_("status %s"), muster_status_get_label (now)));
  if (notes)
    g_ptr_array_add (parts, g_strdup (_("notes")));
  return muster_cli_join (parts);
}

int
muster_cli_cmd_set (MusterCli  *cli,
                    int         argc,
                    char      **argv)
{
  g_autofree char *campaign_arg = NULL;
  g_auto(GStrv) stat_args = NULL;
  g_autofree char *name = NULL;
  g_autofree char *rank = NULL;
  g_autofree char *type = NULL;
  g_autofree char *weapon = NULL;
  g_autofree char *status_text = NULL;
  g_autofree char *notes = NULL;
  g_autofree char *mounted_text = NULL;
  int out_games = -1;
  const GOptionEntry entries[] = {
    { "campaign", 0, 0, G_OPTION_ARG_STRING, &campaign_arg,
      N_("Find the character by name in this campaign"), N_("CAMPAIGN") },
    { "stat", 0, 0, G_OPTION_ARG_STRING_ARRAY, &stat_args,
      N_("Set a stat, e.g. F=8; repeatable"), N_("KEY=VALUE") },
    { "name", 0, 0, G_OPTION_ARG_STRING, &name, N_("Rename the character"), N_("NAME") },
    { "rank", 0, 0, G_OPTION_ARG_STRING, &rank, N_("Set the rank"), N_("RANK") },
    { "type", 0, 0, G_OPTION_ARG_STRING, &type, N_("Set the troop type id"), N_("TYPE") },
    { "weapon", 0, 0, G_OPTION_ARG_STRING, &weapon, N_("Set the weapon id"), N_("WEAPON") },
    { "mounted", 0, 0, G_OPTION_ARG_STRING, &mounted_text, N_("Mounted or not: yes or no"), N_("yes|no") },
    { "status", 0, 0, G_OPTION_ARG_STRING, &status_text,
      N_("Set the status: active, out-of-action, dead, captured or retired"), N_("STATUS") },
    { "out-games", 0, 0, G_OPTION_ARG_INT, &out_games,
      N_("Games still to miss, with --status out-of-action"), N_("N") },
    { "notes", 0, 0, G_OPTION_ARG_STRING, &notes, N_("Replace the notes"), N_("TEXT") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterCharacter) character = NULL;
  g_autoptr(GArray) stats = g_array_new (FALSE, TRUE, sizeof (StatChange));
  g_autoptr(GPtrArray) warnings = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *changes = NULL;
  MusterStatus new_status = MUSTER_STATUS_ACTIVE;
  gboolean mounted = FALSE;
  MusterRuleset *ruleset;
  MusterStore *store;
  gint64 id;
  int status;

  g_array_set_clear_func (stats, stat_change_clear);

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 1, 1, &status))
    return status;

  /* Every argument is checked before anything changes. */
  if (stat_args == NULL && name == NULL && rank == NULL && type == NULL && weapon == NULL &&
      mounted_text == NULL && status_text == NULL && out_games < 0 && notes == NULL)
    return muster_cli_usage_error (cli, _("Nothing to change: give --stat, --name, --rank, --type, "
                                          "--weapon, --mounted, --status, --out-games or --notes."));
  if (!muster_cli_check_named (cli, MUSTER_CLI_CHARACTER, campaign_arg, argv[1], &status))
    return status;
  for (guint i = 0; stat_args != NULL && stat_args[i] != NULL; i++)
    {
      StatChange change = { NULL, 0 };
      g_autofree char *value = NULL;
      gint64 number;

      if (!muster_cli_split_assignment (stat_args[i], &change.key, &value))
        return muster_cli_usage_error (cli, _("The stat “%s” is not of the form KEY=VALUE, e.g. F=8."),
                                       stat_args[i]);
      g_array_append_val (stats, change);
      if (!g_ascii_string_to_signed (value, 10, G_MININT, G_MAXINT, &number, NULL))
        return muster_cli_usage_error (cli, _("The value “%s” of stat %s is not a whole number."),
                                       value, change.key);
      g_array_index (stats, StatChange, stats->len - 1).value = (int) number;
    }
  if (status_text != NULL && !muster_status_from_string (status_text, &new_status))
    return muster_cli_usage_error (cli, _("Unknown status “%s”: use active, out-of-action, dead, captured or retired."),
                                   status_text);
  if (mounted_text != NULL)
    {
      if (g_str_equal (mounted_text, "yes") || g_str_equal (mounted_text, "true"))
        mounted = TRUE;
      else if (g_str_equal (mounted_text, "no") || g_str_equal (mounted_text, "false"))
        mounted = FALSE;
      else
        return muster_cli_usage_error (cli, _("--mounted takes yes or no, not “%s”."), mounted_text);
    }

  if ((character = muster_cli_find_arg (cli, MUSTER_CLI_CHARACTER, campaign_arg, argv[1],
                                        &campaign, &error)) == NULL ||
      (ruleset = muster_cli_campaign_ruleset (campaign, &error)) == NULL)
    return muster_cli_fail (error);
  store = cli->store;
  id = muster_character_get_id (character);
  if (name != NULL &&
      (warnings = muster_warnings_for_character_name (store, muster_campaign_get_id (campaign), id, name,
                                                      &error)) == NULL)
    return muster_cli_fail (error);

  for (guint i = 0; i < stats->len; i++)
    if (!muster_store_check_stat_key (ruleset, g_array_index (stats, StatChange, i).key, &error))
      return muster_cli_fail (error);
  if ((type != NULL && !muster_store_check_troop_type (ruleset, type, &error)) ||
      (weapon != NULL && !muster_store_check_weapon_id (ruleset, weapon, &error)))
    return muster_cli_fail (error);
  if (out_games >= 0 && status_text == NULL)
    {
      if (muster_character_get_status (character) != MUSTER_STATUS_OUT_OF_ACTION)
        return muster_cli_usage_error (cli, _("--out-games goes with --status out-of-action."));
      new_status = MUSTER_STATUS_OUT_OF_ACTION;
    }

  /* All of it or nothing. */
  if (!muster_store_begin (store, &error))
    return muster_cli_fail (error);
  if ((name != NULL && !muster_store_set_character_text (store, id, "name", name, &error)) ||
      (rank != NULL && !muster_store_set_character_text (store, id, "rank", rank, &error)) ||
      !apply_stats (store, character, stats, &error) ||
      (type != NULL && !muster_store_set_character_text (store, id, "troop_type", type, &error)) ||
      (weapon != NULL && !muster_store_set_character_text (store, id, "weapon", weapon, &error)) ||
      (mounted_text != NULL && !muster_store_set_character_mounted (store, id, mounted, &error)) ||
      ((status_text != NULL || out_games >= 0) &&
       !muster_store_set_character_status (store, id, new_status, MAX (out_games, 0), &error)) ||
      (notes != NULL && !muster_store_set_character_text (store, id, "notes", notes, &error)) ||
      !muster_store_commit (store, &error))
    {
      muster_store_rollback (store);
      return muster_cli_fail (error);
    }
  muster_cli_warn_all (warnings);

  g_clear_object (&character);
  if ((character = muster_store_get_character (store, id, &error)) == NULL)
    return muster_cli_fail (error);
  changes = describe_changes (ruleset, character, stats, name != NULL, rank != NULL, type != NULL,
                              weapon != NULL, mounted_text != NULL, status_text != NULL || out_games >= 0,
                              notes != NULL);
  /* TRANSLATORS: the character, their campaign and what changed, e.g.
   * “F 8, status Out of action (2 games)” */
  g_print (_("%s of %s changed: %s.\n"), muster_character_get_name (character),
           muster_campaign_get_name (campaign), changes);
  return 0;
}

