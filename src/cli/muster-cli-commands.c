/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-cli-private.h"
#include "muster-force.h"
#include "muster-recruit.h"
#include "muster-ruleset.h"
#include "muster-store.h"

#define FORMAT_ENTRY(var) \
  { "format", 0, 0, G_OPTION_ARG_STRING, &(var), N_("Print as text, tsv or json"), N_("FORMAT") }

/* Most a single recruit command rolls up. */
#define MAX_RECRUITS 1000

/* --- Helpers ---------------------------------------------------------------- */

static char *
join_ids (GPtrArray *ids)
{
  g_ptr_array_add (ids, NULL);
  return g_strjoinv (", ", (char **) ids->pdata);
}

static const char *
troop_type_name (MusterRuleset *ruleset,
                 const char    *id)
{
  const MusterTroopType *type = ruleset ? muster_ruleset_lookup_troop_type (ruleset, id) : NULL;

  return type != NULL ? type->name : id;
}

static const char *
weapon_name (MusterRuleset *ruleset,
             const char    *id)
{
  const MusterWeaponDef *weapon = NULL;

  if (ruleset != NULL && id != NULL && *id != '\0')
    weapon = muster_ruleset_lookup_weapon (ruleset, id);
  return weapon != NULL ? weapon->name : id;
}

static MusterRuleset *
campaign_ruleset (MusterCampaign  *campaign,
                  GError         **error)
{
  MusterRuleset *ruleset = muster_campaign_get_ruleset (campaign);

  if (ruleset == NULL)
    g_set_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_INVALID,
                 _("The copy of ruleset “%s” kept by campaign “%s” no longer loads."),
                 muster_campaign_get_ruleset_id (campaign),
                 muster_campaign_get_name (campaign));
  return ruleset;
}

static gboolean
check_troop_type (MusterRuleset  *ruleset,
                  const char     *id,
                  GError        **error)
{
  g_autoptr(GPtrArray) ids = NULL;
  g_autofree char *list = NULL;

  if (muster_ruleset_lookup_troop_type (ruleset, id) != NULL)
    return TRUE;

  ids = g_ptr_array_new ();
  for (guint i = 0; i < muster_ruleset_get_n_troop_types (ruleset); i++)
    g_ptr_array_add (ids, (char *) muster_ruleset_get_troop_type (ruleset, i)->id);
  list = join_ids (ids);
  g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
               _("Ruleset “%s” has no troop type “%s”. Use one of: %s."),
               muster_ruleset_get_title (ruleset), id, list);
  return FALSE;
}

static gboolean
check_weapon (MusterRuleset  *ruleset,
              const char     *id,
              GError        **error)
{
  g_autoptr(GPtrArray) ids = NULL;
  g_autofree char *list = NULL;

  if (muster_ruleset_lookup_weapon (ruleset, id) != NULL)
    return TRUE;

  ids = g_ptr_array_new ();
  for (guint i = 0; i < muster_ruleset_get_n_weapons (ruleset); i++)
    g_ptr_array_add (ids, (char *) muster_ruleset_get_weapon (ruleset, i)->id);
  list = join_ids (ids);
  g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
               _("Ruleset “%s” has no weapon “%s”. Use one of: %s."),
               muster_ruleset_get_title (ruleset), id, list);
  return FALSE;
}

static gboolean
check_stat (MusterRuleset  *ruleset,
            const char     *key,
            GError        **error)
{
  g_autoptr(GPtrArray) keys = NULL;
  g_autofree char *list = NULL;

  if (muster_ruleset_lookup_stat (ruleset, key) != NULL)
    return TRUE;

  keys = g_ptr_array_new ();
  for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
    g_ptr_array_add (keys, (char *) muster_ruleset_get_stat (ruleset, i)->key);
  list = join_ids (keys);
  g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
               _("Ruleset “%s” has no stat “%s”. Its stats are: %s."),
               muster_ruleset_get_title (ruleset), key, list);
  return FALSE;
}

/* Splits "KEY=VALUE" into its halves; both must be non-empty. */
static gboolean
split_assignment (const char  *text,
                  char       **key,
                  char       **value)
{
  const char *eq = strchr (text, '=');

  if (eq == NULL || eq == text || eq[1] == '\0')
    return FALSE;
  *key = g_strndup (text, eq - text);
  *value = g_strdup (eq + 1);
  return TRUE;
}

/* The columns of a character row: the roster's, and with @detailed the rest
 * of the sheet. Stat keys follow the ruleset's order. */
static MusterCliTable *
character_table_new (MusterRuleset *ruleset,
                     gboolean       detailed)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  g_autoptr(GPtrArray) headings = g_ptr_array_new ();

#define COLUMN(key, heading) \
  G_STMT_START { g_ptr_array_add (keys, (char *) (key)); g_ptr_array_add (headings, (char *) (heading)); } G_STMT_END

  COLUMN ("id", _("Id"));
  COLUMN ("name", _("Name"));
  COLUMN ("force", _("Force"));
  COLUMN ("side", _("Side"));
  COLUMN ("type", _("Type"));
  COLUMN ("weapon", _("Weapon"));
  COLUMN ("status", _("Status"));
  for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
    {
      const MusterStatDef *stat = muster_ruleset_get_stat (ruleset, i);

      COLUMN (stat->key, stat->key);
    }
  COLUMN ("kills", _("Kills"));
  COLUMN ("games", _("Games"));
  /* TRANSLATORS: a column heading, games a character is out of action for */
  COLUMN ("out_games", _("Out"));
  if (detailed)
    {
      COLUMN ("campaign_id", _("Campaign"));
      COLUMN ("force_id", _("Force id"));
      COLUMN ("rank", _("Rank"));
      COLUMN ("mounted", _("Mounted"));
      COLUMN ("light_wounds", _("Light wounds"));
      COLUMN ("serious_wounds", _("Serious wounds"));
      COLUMN ("notes", _("Notes"));
    }
#undef COLUMN

  return muster_cli_table_new (keys->len,
                               (const char * const *) keys->pdata,
                               (const char * const *) headings->pdata);
}

static void
add_character_row (MusterCliTable  *table,
                   MusterRuleset   *ruleset,
                   MusterCharacter *character,
                   gboolean         detailed)
{
  MusterStatus status = muster_character_get_status (character);
  const char *type = muster_character_get_troop_type (character);
  const char *weapon = muster_character_get_weapon (character);

  muster_cli_table_add_row (table);
  muster_cli_table_add_int (table, muster_character_get_id (character));
  muster_cli_table_add_text (table, muster_character_get_name (character));
  muster_cli_table_add_text (table, muster_character_get_force_name (character));
  muster_cli_table_add_text (table, muster_character_get_side (character));
  muster_cli_table_add_value (table, type, troop_type_name (ruleset, type));
  muster_cli_table_add_value (table, weapon, weapon_name (ruleset, weapon));
  muster_cli_table_add_value (table, muster_status_to_string (status), muster_status_get_label (status));
  for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
    {
      const MusterStatDef *stat = muster_ruleset_get_stat (ruleset, i);
      int value;

      if (muster_character_get_stat (character, stat->key, &value))
        muster_cli_table_add_int (table, value);
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
      muster_cli_table_add_text (table, muster_character_get_notes (character));
    }
}

/* --- rulesets --------------------------------------------------------------- */

int
muster_cli_cmd_rulesets (MusterCli  *cli,
                         int         argc,
                         char      **argv)
{
  g_autofree char *format_text = NULL;
  const GOptionEntry entries[] = {
    FORMAT_ENTRY (format_text),
    G_OPTION_ENTRY_NULL
  };
  const char *keys[] = { "id", "version", "title", "kept-by" };
  const char *headings[] = { _("Id"), _("Version"), _("Title"), _("Kept by") };
  g_autoptr(GOptionContext) context = muster_cli_context_new (cli, entries);
  g_autoptr(GPtrArray) rulesets = NULL;
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(MusterCliTable) table = NULL;
  MusterCliFormat format;
  int status;

  if (!muster_cli_parse_options (cli, context, &argc, &argv, &status) ||
      !muster_cli_check_args (cli, argc, argv, 0, 0, &status) ||
      !muster_cli_parse_format (cli, format_text, &format, &status))
    return status;

  rulesets = muster_rulesets_get_all (&errors);
  for (guint i = 0; i < errors->len; i++)
    muster_cli_warn ("%s", ((GError *) g_ptr_array_index (errors, i))->message);

  table = muster_cli_table_new (G_N_ELEMENTS (keys), keys, headings);
  for (guint i = 0; i < rulesets->len; i++)
    {
      MusterRuleset *ruleset = g_ptr_array_index (rulesets, i);
      gboolean by_unit = muster_ruleset_get_kept_by (ruleset) == MUSTER_KEPT_BY_UNIT;

      muster_cli_table_add_row (table);
      muster_cli_table_add_text (table, muster_ruleset_get_id (ruleset));
      muster_cli_table_add_text (table, muster_ruleset_get_version (ruleset));
      muster_cli_table_add_text (table, muster_ruleset_get_title (ruleset));
      muster_cli_table_add_value (table, by_unit ? "unit" : "figure",
                                  by_unit ? _("unit") : _("figure"));
    }
  muster_cli_table_print (table, format, FALSE);
  return 0;
}

/* --- campaigns -------------------------------------------------------------- */

int
muster_cli_cmd_campaigns (MusterCli  *cli,
                          int         argc,
                          char      **argv)
{
  g_autofree char *format_text = NULL;
  const GOptionEntry entries[] = {
    FORMAT_ENTRY (format_text),
    G_OPTION_ENTRY_NULL
  };
  const char *keys[] = { "id", "name", "ruleset", "version", "forces", "characters" };
  const char *headings[] = { _("Id"), _("Name"), _("Ruleset"), _("Version"), _("Forces"), _("Characters") };
  g_autoptr(GOptionContext) context = muster_cli_context_new (cli, entries);
  g_autoptr(GPtrArray) campaigns = NULL;
  g_autoptr(MusterCliTable) table = NULL;
  g_autoptr(GError) error = NULL;
  MusterCliFormat format;
  MusterStore *store;
  int status;

  if (!muster_cli_parse_options (cli, context, &argc, &argv, &status) ||
      !muster_cli_check_args (cli, argc, argv, 0, 0, &status) ||
      !muster_cli_parse_format (cli, format_text, &format, &status))
    return status;

  if ((store = muster_cli_get_store (cli, &error)) == NULL ||
      (campaigns = muster_store_list_campaigns (store, &error)) == NULL)
    return muster_cli_fail (error);

  table = muster_cli_table_new (G_N_ELEMENTS (keys), keys, headings);
  for (guint i = 0; i < campaigns->len; i++)
    {
      MusterCampaign *campaign = g_ptr_array_index (campaigns, i);
      g_autoptr(GPtrArray) forces = NULL;
      guint n_characters = 0;

      forces = muster_store_list_forces (store, muster_campaign_get_id (campaign), &error);
      if (forces == NULL)
        return muster_cli_fail (error);
      for (guint j = 0; j < forces->len; j++)
        n_characters += muster_force_get_n_characters (g_ptr_array_index (forces, j));

      muster_cli_table_add_row (table);
      muster_cli_table_add_int (table, muster_campaign_get_id (campaign));
      muster_cli_table_add_text (table, muster_campaign_get_name (campaign));
      muster_cli_table_add_text (table, muster_campaign_get_ruleset_id (campaign));
      muster_cli_table_add_text (table, muster_campaign_get_ruleset_version (campaign));
      muster_cli_table_add_int (table, forces->len);
      muster_cli_table_add_int (table, n_characters);
    }
  muster_cli_table_print (table, format, FALSE);
  return 0;
}

/* --- sample ------------------------------------------------------------------ */

int
muster_cli_cmd_sample (MusterCli  *cli,
                       int         argc,
                       char      **argv)
{
  g_autoptr(GOptionContext) context = muster_cli_context_new (cli, NULL);
  g_autoptr(GPtrArray) forces = NULL;
  g_autoptr(GError) error = NULL;
  MusterStore *store;
  gint64 id;
  int status;

  if (!muster_cli_parse_options (cli, context, &argc, &argv, &status) ||
      !muster_cli_check_args (cli, argc, argv, 0, 1, &status))
    return status;

  if ((store = muster_cli_get_store (cli, &error)) == NULL)
    return muster_cli_fail (error);
  id = muster_store_create_sample (store, argc > 1 ? argv[1] : NULL, &error);
  if (id <= 0)
    return muster_cli_fail (error);

  /* The forces first, the campaign last, as scripts expect. */
  forces = muster_store_list_forces (store, id, &error);
  if (forces == NULL)
    return muster_cli_fail (error);
  for (guint i = 0; i < forces->len; i++)
    muster_cli_print_id (muster_force_get_id (g_ptr_array_index (forces, i)));
  muster_cli_print_id (id);
  return 0;
}

/* --- new-campaign ----------------------------------------------------------- */

static gboolean
check_option (MusterRuleset  *ruleset,
              const char     *key,
              const char     *value,
              GError        **error)
{
  const MusterOptionDef *option = muster_ruleset_lookup_option (ruleset, key);
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autofree char *list = NULL;

  if (option == NULL)
    {
      GPtrArray *options = muster_ruleset_get_options (ruleset);

      for (guint i = 0; options != NULL && i < options->len; i++)
        g_ptr_array_add (ids, (char *) ((MusterOptionDef *) g_ptr_array_index (options, i))->id);
      if (ids->len == 0)
        {
          g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                       _("Ruleset “%s” has no options; leave out --option %s."),
                       muster_ruleset_get_title (ruleset), key);
          return FALSE;
        }
      list = join_ids (ids);
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("Ruleset “%s” has no option “%s”. Its options are: %s."),
                   muster_ruleset_get_title (ruleset), key, list);
      return FALSE;
    }

  for (guint i = 0; i < option->choices->len; i++)
    {
      const MusterChoiceDef *choice = g_ptr_array_index (option->choices, i);

      if (g_str_equal (choice->id, value))
        return TRUE;
      g_ptr_array_add (ids, (char *) choice->id);
    }
  list = join_ids (ids);
  g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
               _("Option “%s” has no choice “%s”. Choose one of: %s."),
               key, value, list);
  return FALSE;
}

int
muster_cli_cmd_new_campaign (MusterCli  *cli,
                             int         argc,
                             char      **argv)
{
  g_autofree char *ruleset_id = NULL;
  g_autofree char *seed_text = NULL;
  g_auto(GStrv) option_args = NULL;
  const GOptionEntry entries[] = {
    { "ruleset", 0, 0, G_OPTION_ARG_STRING, &ruleset_id,
      N_("Play by the ruleset with this id (see “muster-cli rulesets”)"), N_("ID") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Seed the campaign’s dice with N (default: a random seed)"), N_("N") },
    { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &option_args,
      N_("Choose a ruleset option, e.g. death-roll=out-d6-games; repeatable"), N_("KEY=VALUE") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GOptionContext) context = muster_cli_context_new (cli, entries);
  g_autoptr(GHashTable) options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(GError) error = NULL;
  MusterStore *store;
  guint64 seed;
  gint64 id;
  int status;

  if (!muster_cli_parse_options (cli, context, &argc, &argv, &status) ||
      !muster_cli_check_args (cli, argc, argv, 1, 1, &status))
    return status;

  if (ruleset_id == NULL)
    return muster_cli_usage_error (cli, _("Say which ruleset the campaign plays by with --ruleset ID; "
                                          "“muster-cli rulesets” lists them."));

  if (seed_text != NULL)
    {
      if (!g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXINT64, &seed, NULL))
        return muster_cli_usage_error (cli, _("The seed “%s” is not a whole number from 0 to %" G_GINT64_FORMAT "."),
                                       seed_text, G_MAXINT64);
    }
  else
    {
      /* SQLite keeps signed 64-bit integers: stay below 2⁶³. */
      seed = (((guint64) g_random_int () << 32) | g_random_int ()) & G_MAXINT64;
    }

  for (guint i = 0; option_args != NULL && option_args[i] != NULL; i++)
    {
      char *key, *value;

      if (!split_assignment (option_args[i], &key, &value))
        return muster_cli_usage_error (cli, _("The option “%s” is not of the form KEY=VALUE, "
                                              "e.g. death-roll=out-d6-games."),
                                       option_args[i]);
      g_hash_table_replace (options, key, value);
    }

  ruleset = muster_rulesets_lookup (ruleset_id, &error);
  if (ruleset == NULL)
    return muster_cli_fail (error);

  {
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, options);
    while (g_hash_table_iter_next (&iter, &key, &value))
      if (!check_option (ruleset, key, value, &error))
        return muster_cli_fail (error);
  }

  if ((store = muster_cli_get_store (cli, &error)) == NULL)
    return muster_cli_fail (error);
  id = muster_store_create_campaign (store, argv[1], ruleset, seed, options, &error);
  if (id <= 0)
    return muster_cli_fail (error);

  muster_cli_print_id (id);
  return 0;
}

/* --- forces ----------------------------------------------------------------- */

int
muster_cli_cmd_forces (MusterCli  *cli,
                       int         argc,
                       char      **argv)
{
  g_autofree char *format_text = NULL;
  const GOptionEntry entries[] = {
    FORMAT_ENTRY (format_text),
    G_OPTION_ENTRY_NULL
  };
  const char *keys[] = { "id", "name", "side", "characters" };
  const char *headings[] = { _("Id"), _("Name"), _("Side"), _("Characters") };
  g_autoptr(GOptionContext) context = muster_cli_context_new (cli, entries);
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GPtrArray) forces = NULL;
  g_autoptr(MusterCliTable) table = NULL;
  g_autoptr(GError) error = NULL;
  MusterCliFormat format;
  int status;

  if (!muster_cli_parse_options (cli, context, &argc, &argv, &status) ||
      !muster_cli_check_args (cli, argc, argv, 1, 1, &status) ||
      !muster_cli_parse_format (cli, format_text, &format, &status))
    return status;

  if ((campaign = muster_cli_find_campaign (cli, argv[1], &error)) == NULL ||
      (forces = muster_store_list_forces (cli->store, muster_campaign_get_id (campaign), &error)) == NULL)
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
    }
  muster_cli_table_print (table, format, FALSE);
  return 0;
}

/* --- new-force -------------------------------------------------------------- */

int
muster_cli_cmd_new_force (MusterCli  *cli,
                          int         argc,
                          char      **argv)
{
  g_autofree char *side = NULL;
  const GOptionEntry entries[] = {
    { "side", 0, 0, G_OPTION_ARG_STRING, &side,
      N_("Fight for SIDE (default: the force is a side of its own)"), N_("SIDE") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GOptionContext) context = muster_cli_context_new (cli, entries);
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  gint64 id;
  int status;

  if (!muster_cli_parse_options (cli, context, &argc, &argv, &status) ||
      !muster_cli_check_args (cli, argc, argv, 2, 2, &status))
    return status;

  if ((campaign = muster_cli_find_campaign (cli, argv[1], &error)) == NULL)
    return muster_cli_fail (error);
  id = muster_store_create_force (cli->store, muster_campaign_get_id (campaign), argv[2], side, &error);
  if (id <= 0)
    return muster_cli_fail (error);

  muster_cli_print_id (id);
  return 0;
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
    { "verbose", 0, 0, G_OPTION_ARG_NONE, &verbose,
      N_("Describe each recruit and their dice on standard error"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GOptionContext) context = muster_cli_context_new (cli, entries);
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterForce) force = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset;
  int status;

  if (!muster_cli_parse_options (cli, context, &argc, &argv, &status) ||
      !muster_cli_check_args (cli, argc, argv, 2, 2, &status))
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
      (ruleset = campaign_ruleset (campaign, &error)) == NULL ||
      !check_troop_type (ruleset, type, &error) ||
      (weapon != NULL && !check_weapon (ruleset, weapon, &error)))
    return muster_cli_fail (error);

  ids = muster_store_recruit (cli->store, muster_force_get_id (force), type, weapon, name,
                              count, &error);
  if (ids == NULL)
    return muster_cli_fail (error);

  for (guint i = 0; i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);

      if (verbose)
        describe_recruit (cli->store, muster_campaign_get_id (campaign), id);
      muster_cli_print_id (id);
    }
  return 0;
}

/* --- roster ------------------------------------------------------------------ */

int
muster_cli_cmd_roster (MusterCli  *cli,
                       int         argc,
                       char      **argv)
{
  g_autofree char *format_text = NULL;
  g_autofree char *force_arg = NULL;
  const GOptionEntry entries[] = {
    { "force", 0, 0, G_OPTION_ARG_STRING, &force_arg,
      N_("Only the characters of this force"), N_("FORCE") },
    FORMAT_ENTRY (format_text),
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GOptionContext) context = muster_cli_context_new (cli, entries);
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterForce) force = NULL;
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(MusterCliTable) table = NULL;
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset;
  MusterCliFormat format;
  int status;

  if (!muster_cli_parse_options (cli, context, &argc, &argv, &status) ||
      !muster_cli_check_args (cli, argc, argv, 1, 1, &status) ||
      !muster_cli_parse_format (cli, format_text, &format, &status))
    return status;

  if ((campaign = muster_cli_find_campaign (cli, argv[1], &error)) == NULL ||
      (ruleset = campaign_ruleset (campaign, &error)) == NULL ||
      (force_arg != NULL && (force = muster_cli_find_force (cli, campaign, force_arg, &error)) == NULL))
    return muster_cli_fail (error);

  characters = muster_store_list_characters (cli->store, muster_campaign_get_id (campaign),
                                             force != NULL ? muster_force_get_id (force) : 0,
                                             &error);
  if (characters == NULL)
    return muster_cli_fail (error);

  table = character_table_new (ruleset, FALSE);
  for (guint i = 0; i < characters->len; i++)
    add_character_row (table, ruleset, g_ptr_array_index (characters, i), FALSE);
  muster_cli_table_print (table, format, FALSE);
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
             MusterCharacter *character)
{
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
    _("Id"), _("Campaign"), _("Force"), _("Rank"), _("Type"), _("Weapon"), _("Mounted"),
    _("Status"), _("Wounds"), _("Kills"), _("Games"),
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
  if (rank != NULL && *rank != '\0')
    print_field (width, _("Rank"), rank);
  print_field (width, _("Type"), troop_type_name (ruleset, muster_character_get_troop_type (character)));
  print_field (width, _("Weapon"), weapon_name (ruleset, muster_character_get_weapon (character)));
  print_field (width, _("Mounted"), muster_character_get_mounted (character) ? _("yes") : _("no"));
  print_field (width, _("Status"), status_text);
  print_field (width, _("Wounds"), wounds);
  print_field (width, _("Kills"), kills);
  print_field (width, _("Games"), games);

  g_print ("\n");
  for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
    {
      const MusterStatDef *stat = muster_ruleset_get_stat (ruleset, i);
      g_autofree char *label = NULL;
      g_autofree char *value = NULL;
      int number;

      if (muster_character_get_stat (character, stat->key, &number))
        value = g_strdup_printf ("%2d", number);
      else
        value = g_strdup (" –");
      label = g_strdup_printf ("%-3s %s", stat->key, stat->name);
      print_field (stat_width + 4, label, value);
    }

  if (notes != NULL && *notes != '\0')
    g_print ("\n%s\n%s\n", _("Notes"), notes);
}

int
muster_cli_cmd_show (MusterCli  *cli,
                     int         argc,
                     char      **argv)
{
  g_autofree char *format_text = NULL;
  g_autofree char *campaign_arg = NULL;
  const GOptionEntry entries[] = {
    { "campaign", 0, 0, G_OPTION_ARG_STRING, &campaign_arg,
      N_("Find the character by name in this campaign"), N_("CAMPAIGN") },
    FORMAT_ENTRY (format_text),
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GOptionContext) context = muster_cli_context_new (cli, entries);
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterCharacter) character = NULL;
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset;
  MusterCliFormat format;
  int status;

  if (!muster_cli_parse_options (cli, context, &argc, &argv, &status) ||
      !muster_cli_check_args (cli, argc, argv, 1, 1, &status) ||
      !muster_cli_parse_format (cli, format_text, &format, &status))
    return status;
  if (campaign_arg == NULL && !muster_cli_is_id (argv[1]))
    return muster_cli_usage_error (cli, _("To find character “%s” by name, say which campaign they are in with --campaign."),
                                   argv[1]);

  if (campaign_arg != NULL &&
      (campaign = muster_cli_find_campaign (cli, campaign_arg, &error)) == NULL)
    return muster_cli_fail (error);
  if ((character = muster_cli_find_character (cli, campaign, argv[1], &error)) == NULL)
    return muster_cli_fail (error);
  if (campaign == NULL &&
      (campaign = muster_store_get_campaign (cli->store, muster_character_get_campaign_id (character), &error)) == NULL)
    return muster_cli_fail (error);
  if ((ruleset = campaign_ruleset (campaign, &error)) == NULL)
    return muster_cli_fail (error);

  if (format == MUSTER_CLI_FORMAT_TEXT)
    print_sheet (campaign, ruleset, character);
  else
    {
      g_autoptr(MusterCliTable) table = character_table_new (ruleset, TRUE);

      add_character_row (table, ruleset, character, TRUE);
      muster_cli_table_print (table, format, TRUE);
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

/* Applies the stat changes that lower (@lowering) or do not lower a stat. */
static gboolean
apply_stats (MusterStore      *store,
             MusterCharacter  *character,
             GArray           *changes,
             gboolean          lowering,
             GError          **error)
{
  for (guint i = 0; i < changes->len; i++)
    {
      const StatChange *change = &g_array_index (changes, StatChange, i);
      int current;
      gboolean lowers;

      lowers = muster_character_get_stat (character, change->key, &current) && change->value < current;
      if (lowers != lowering)
        continue;
      if (!muster_store_set_character_stat (store, muster_character_get_id (character),
                                            change->key, change->value, error))
        return FALSE;
    }
  return TRUE;
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
  g_autoptr(GOptionContext) context = muster_cli_context_new (cli, entries);
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterCharacter) character = NULL;
  g_autoptr(GArray) stats = g_array_new (FALSE, TRUE, sizeof (StatChange));
  g_autoptr(GError) error = NULL;
  MusterStatus new_status = MUSTER_STATUS_ACTIVE;
  gboolean mounted = FALSE;
  MusterRuleset *ruleset;
  MusterStore *store;
  gint64 id;
  int status;

  g_array_set_clear_func (stats, stat_change_clear);

  if (!muster_cli_parse_options (cli, context, &argc, &argv, &status) ||
      !muster_cli_check_args (cli, argc, argv, 1, 1, &status))
    return status;

  /* Every argument is checked before anything changes. */
  if (stat_args == NULL && name == NULL && rank == NULL && type == NULL && weapon == NULL &&
      mounted_text == NULL && status_text == NULL && out_games < 0 && notes == NULL)
    return muster_cli_usage_error (cli, _("Nothing to change: give --stat, --name, --rank, --type, "
                                          "--weapon, --mounted, --status, --out-games or --notes."));
  if (campaign_arg == NULL && !muster_cli_is_id (argv[1]))
    return muster_cli_usage_error (cli, _("To find character “%s” by name, say which campaign they are in with --campaign."),
                                   argv[1]);
  for (guint i = 0; stat_args != NULL && stat_args[i] != NULL; i++)
    {
      StatChange change = { NULL, 0 };
      g_autofree char *value = NULL;
      gint64 number;

      if (!split_assignment (stat_args[i], &change.key, &value))
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

  if (campaign_arg != NULL &&
      (campaign = muster_cli_find_campaign (cli, campaign_arg, &error)) == NULL)
    return muster_cli_fail (error);
  if ((character = muster_cli_find_character (cli, campaign, argv[1], &error)) == NULL)
    return muster_cli_fail (error);
  store = cli->store;
  id = muster_character_get_id (character);
  if (campaign == NULL &&
      (campaign = muster_store_get_campaign (store, muster_character_get_campaign_id (character), &error)) == NULL)
    return muster_cli_fail (error);
  if ((ruleset = campaign_ruleset (campaign, &error)) == NULL)
    return muster_cli_fail (error);

  for (guint i = 0; i < stats->len; i++)
    if (!check_stat (ruleset, g_array_index (stats, StatChange, i).key, &error))
      return muster_cli_fail (error);
  if ((type != NULL && !check_troop_type (ruleset, type, &error)) ||
      (weapon != NULL && !check_weapon (ruleset, weapon, &error)))
    return muster_cli_fail (error);
  if (out_games >= 0 && status_text == NULL)
    {
      if (muster_character_get_status (character) != MUSTER_STATUS_OUT_OF_ACTION)
        return muster_cli_usage_error (cli, _("--out-games goes with --status out-of-action."));
      new_status = MUSTER_STATUS_OUT_OF_ACTION;
    }

  /* Lowered stats go before a new weapon and raised ones after it, so that
   * "--weapon musket --stat F=9" and "--weapon rifle --stat F=11" both
   * pass the weapon's cap. */
  if ((name != NULL && !muster_store_set_character_text (store, id, "name", name, &error)) ||
      (rank != NULL && !muster_store_set_character_text (store, id, "rank", rank, &error)) ||
      !apply_stats (store, character, stats, TRUE, &error) ||
      (type != NULL && !muster_store_set_character_text (store, id, "troop_type", type, &error)) ||
      (weapon != NULL && !muster_store_set_character_text (store, id, "weapon", weapon, &error)) ||
      !apply_stats (store, character, stats, FALSE, &error) ||
      (mounted_text != NULL && !muster_store_set_character_mounted (store, id, mounted, &error)) ||
      ((status_text != NULL || out_games >= 0) &&
       !muster_store_set_character_status (store, id, new_status, MAX (out_games, 0), &error)) ||
      (notes != NULL && !muster_store_set_character_text (store, id, "notes", notes, &error)))
    return muster_cli_fail (error);

  return 0;
}

/* --- rename and delete --------------------------------------------------------- */

typedef enum {
  KIND_CAMPAIGN,
  KIND_FORCE,
  KIND_CHARACTER,
} Kind;

static gboolean
parse_kind (MusterCli  *cli,
            const char *text,
            Kind       *kind,
            int        *status)
{
  if (g_str_equal (text, "campaign"))
    *kind = KIND_CAMPAIGN;
  else if (g_str_equal (text, "force"))
    *kind = KIND_FORCE;
  else if (g_str_equal (text, "character"))
    *kind = KIND_CHARACTER;
  else
    {
      *status = muster_cli_usage_error (cli, _("Unknown kind “%s”: use campaign, force or character."), text);
      return FALSE;
    }
  return TRUE;
}

/* Checks that a force or character given by name comes with --campaign,
 * and finds that campaign. */
static gboolean
resolve_campaign (MusterCli       *cli,
                  Kind             kind,
                  const char      *campaign_arg,
                  const char      *target,
                  MusterCampaign **campaign,
                  int             *status)
{
  g_autoptr(GError) error = NULL;

  if (kind == KIND_CAMPAIGN)
    return TRUE;
  if (campaign_arg == NULL && !muster_cli_is_id (target))
    {
      if (kind == KIND_FORCE)
        *status = muster_cli_usage_error (cli, _("To find force “%s” by name, say which campaign it is in with --campaign."),
                                          target);
      else
        *status = muster_cli_usage_error (cli, _("To find character “%s” by name, say which campaign they are in with --campaign."),
                                          target);
      return FALSE;
    }
  if (campaign_arg != NULL &&
      (*campaign = muster_cli_find_campaign (cli, campaign_arg, &error)) == NULL)
    {
      *status = muster_cli_fail (error);
      return FALSE;
    }
  return TRUE;
}

int
muster_cli_cmd_rename (MusterCli  *cli,
                       int         argc,
                       char      **argv)
{
  g_autofree char *campaign_arg = NULL;
  const GOptionEntry entries[] = {
    { "campaign", 0, 0, G_OPTION_ARG_STRING, &campaign_arg,
      N_("Find a force or character by name in this campaign"), N_("CAMPAIGN") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GOptionContext) context = muster_cli_context_new (cli, entries);
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  const char *target, *new_name;
  Kind kind;
  int status;

  if (!muster_cli_parse_options (cli, context, &argc, &argv, &status) ||
      !muster_cli_check_args (cli, argc, argv, 3, 3, &status) ||
      !parse_kind (cli, argv[1], &kind, &status))
    return status;
  target = argv[2];
  new_name = argv[3];
  if (!resolve_campaign (cli, kind, campaign_arg, target, &campaign, &status))
    return status;

  switch (kind)
    {
    case KIND_CAMPAIGN:
      {
        g_autoptr(MusterCampaign) renamed = muster_cli_find_campaign (cli, target, &error);

        if (renamed == NULL ||
            !muster_store_rename_campaign (cli->store, muster_campaign_get_id (renamed), new_name, &error))
          return muster_cli_fail (error);
      }
      break;
    case KIND_FORCE:
      {
        g_autoptr(MusterForce) force = muster_cli_find_force (cli, campaign, target, &error);

        if (force == NULL ||
            !muster_store_rename_force (cli->store, muster_force_get_id (force), new_name, &error))
          return muster_cli_fail (error);
      }
      break;
    case KIND_CHARACTER:
    default:
      {
        g_autoptr(MusterCharacter) character = muster_cli_find_character (cli, campaign, target, &error);

        if (character == NULL ||
            !muster_store_set_character_text (cli->store, muster_character_get_id (character),
                                              "name", new_name, &error))
          return muster_cli_fail (error);
      }
      break;
    }
  return 0;
}

int
muster_cli_cmd_delete (MusterCli  *cli,
                       int         argc,
                       char      **argv)
{
  g_autofree char *campaign_arg = NULL;
  const GOptionEntry entries[] = {
    { "campaign", 0, 0, G_OPTION_ARG_STRING, &campaign_arg,
      N_("Find a force or character by name in this campaign"), N_("CAMPAIGN") },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GOptionContext) context = muster_cli_context_new (cli, entries);
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  const char *target;
  Kind kind;
  int status;

  if (!muster_cli_parse_options (cli, context, &argc, &argv, &status) ||
      !muster_cli_check_args (cli, argc, argv, 2, 2, &status) ||
      !parse_kind (cli, argv[1], &kind, &status))
    return status;
  target = argv[2];
  if (!resolve_campaign (cli, kind, campaign_arg, target, &campaign, &status))
    return status;

  switch (kind)
    {
    case KIND_CAMPAIGN:
      {
        g_autoptr(MusterCampaign) doomed = muster_cli_find_campaign (cli, target, &error);

        if (doomed == NULL ||
            !muster_store_delete_campaign (cli->store, muster_campaign_get_id (doomed), &error))
          return muster_cli_fail (error);
      }
      break;
    case KIND_FORCE:
      {
        g_autoptr(MusterForce) force = muster_cli_find_force (cli, campaign, target, &error);
        g_autoptr(MusterUndo) undo = NULL;

        if (force == NULL ||
            (undo = muster_store_delete_force (cli->store, muster_force_get_id (force), &error)) == NULL)
          return muster_cli_fail (error);
      }
      break;
    case KIND_CHARACTER:
    default:
      {
        g_autoptr(MusterCharacter) character = muster_cli_find_character (cli, campaign, target, &error);
        g_autoptr(MusterUndo) undo = NULL;

        if (character == NULL ||
            (undo = muster_store_delete_character (cli->store, muster_character_get_id (character), &error)) == NULL)
          return muster_cli_fail (error);
      }
      break;
    }
  return 0;
}
