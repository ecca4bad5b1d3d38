/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>
#include <inttypes.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-cli-private.h"
#include "muster-force.h"
#include "muster-nationality.h"
#include "muster-recruit.h"
#include "muster-ruleset.h"
#include "muster-store.h"
#include "muster-warnings.h"

/* --- Ruleset helpers ---------------------------------------------------------------- */

const char *
muster_cli_troop_type_name (MusterRuleset *ruleset,
                            const char    *id)
{
  const MusterTroopType *type = ruleset ? muster_ruleset_lookup_troop_type (ruleset, id) : NULL;

  return type != NULL ? type->name : id;
}

const char *
muster_cli_weapon_name (MusterRuleset *ruleset,
                        const char    *id)
{
  const MusterWeaponDef *weapon = NULL;

  if (ruleset != NULL && id != NULL && *id != '\0')
    weapon = muster_ruleset_lookup_weapon (ruleset, id);
  return weapon != NULL ? weapon->name : id;
}

MusterRuleset *
muster_cli_campaign_ruleset (MusterCampaign  *campaign,
                             GError         **error)
{
  g_autoptr(GError) load_error = NULL;
  MusterRuleset *ruleset = muster_campaign_load_ruleset (campaign, &load_error);

  if (ruleset == NULL)
    /* Translators: the ruleset's id, the campaign, then why its copy does not load */
    g_set_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_INVALID,
                 _("The copy of ruleset “%s” kept by campaign “%s” no longer loads (%s)."),
                 muster_campaign_get_ruleset_id (campaign),
                 muster_campaign_get_name (campaign), load_error->message);
  return ruleset;
}

/* Splits "KEY=VALUE" into its halves; both must be non-empty. */
gboolean
muster_cli_split_assignment (const char  *text,
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

gboolean
muster_cli_parse_faces_by_name (MusterCli   *cli,
                                char       **faces,
                                GHashTable  *table,
                                int         *status)
{
  for (guint i = 0; faces != NULL && faces[i] != NULL; i++)
    {
      char *key = NULL, *value = NULL;

      if (!muster_cli_split_assignment (faces[i], &key, &value))
        {
          *status = muster_cli_usage_error (cli, _("--faces takes WHO=FACES, e.g. \"Jean Lefort=4\", not “%s”."),
                                            faces[i]);
          return FALSE;
        }
      g_hash_table_replace (table, key, value);
    }
  return TRUE;
}

/* --- rulesets --------------------------------------------------------------- */

int
muster_cli_cmd_rulesets (MusterCli  *cli,
                         int         argc,
                         char      **argv)
{
  const GOptionEntry entries[] = {
    MUSTER_CLI_FORMAT_ENTRY (cli),
    G_OPTION_ENTRY_NULL
  };
  const char *keys[] = { "id", "version", "title", "kept-by" };
  const char *headings[] = { _("Id"), _("Version"), _("Title"), _("Kept by") };
  g_autoptr(GPtrArray) rulesets = NULL;
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(MusterCliTable) table = NULL;
  int status;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 0, 0, &status))
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
  muster_cli_table_print (table, cli->format, FALSE);
  return 0;
}

/* --- campaigns -------------------------------------------------------------- */

int
muster_cli_cmd_campaigns (MusterCli  *cli,
                          int         argc,
                          char      **argv)
{
  const GOptionEntry entries[] = {
    MUSTER_CLI_FORMAT_ENTRY (cli),
    G_OPTION_ENTRY_NULL
  };
  const char *keys[] = { "id", "name", "ruleset", "version", "forces", "characters" };
  const char *headings[] = { _("Id"), _("Name"), _("Ruleset"), _("Version"), _("Forces"), _("Characters") };
  g_autoptr(GPtrArray) campaigns = NULL;
  g_autoptr(MusterCliTable) table = NULL;
  g_autoptr(GError) error = NULL;
  MusterStore *store;
  int status;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 0, 0, &status))
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
  muster_cli_table_print (table, cli->format, FALSE);
  return 0;
}

/* --- sample ------------------------------------------------------------------ */

int
muster_cli_cmd_sample (MusterCli  *cli,
                       int         argc,
                       char      **argv)
{
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GPtrArray) forces = NULL;
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset;
  MusterStore *store;
  gint64 id;
  int status;

  if (!muster_cli_parse_command (cli, NULL, &argc, &argv, 0, 1, &status))
    return status;

  if ((store = muster_cli_get_store (cli, &error)) == NULL)
    return muster_cli_fail (error);
  id = muster_store_create_sample (store, argc > 1 ? argv[1] : NULL, &error);
  if (id <= 0)
    return muster_cli_fail (error);

  if ((campaign = muster_store_get_campaign (store, id, &error)) == NULL ||
      (ruleset = muster_cli_campaign_ruleset (campaign, &error)) == NULL ||
      (forces = muster_store_list_forces (store, id, &error)) == NULL)
    return muster_cli_fail (error);
  /* TRANSLATORS: the campaign and its rule set */
  g_print (_("Campaign “%s” created, the sample of %s.\n"),
           muster_campaign_get_name (campaign), muster_ruleset_get_title (ruleset));
  for (guint i = 0; i < forces->len; i++)
    muster_cli_say_force (g_ptr_array_index (forces, i));

  /* The forces first, the campaign last, as scripts expect. */
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
      list = muster_cli_join (ids);
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
  list = muster_cli_join (ids);
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
  g_autoptr(GHashTable) options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *seed_text_out = NULL;
  MusterStore *store;
  guint64 seed;
  gint64 id;
  int status;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 1, 1, &status))
    return status;

  if (ruleset_id == NULL)
    return muster_cli_usage_error (cli, _("Say which ruleset the campaign plays by with --ruleset ID; "
                                          "“muster-cli rulesets” lists them."));

  if (seed_text != NULL)
    {
      if (!g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXINT64, &seed, NULL))
        return muster_cli_usage_error (cli, _("The seed “%s” is not a whole number from 0 to %" PRId64 "."),
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

      if (!muster_cli_split_assignment (option_args[i], &key, &value))
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
  if (id <= 0 || (campaign = muster_store_get_campaign (store, id, &error)) == NULL)
    return muster_cli_fail (error);

  seed_text_out = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);
  /* TRANSLATORS: the campaign, its rule set, the rule set's version and
   * the number its dice are seeded with */
  g_print (_("Campaign “%s” created, playing by %s (version %s), its dice seeded with %s.\n"),
           muster_campaign_get_name (campaign), muster_ruleset_get_title (ruleset),
           muster_ruleset_get_version (ruleset), seed_text_out);
  muster_cli_print_id (id);
  return 0;
}

/* --- rename and delete --------------------------------------------------------- */

static gboolean
parse_kind (MusterCli     *cli,
            const char    *text,
            MusterCliKind *kind,
            int           *status)
{
  if (g_str_equal (text, "campaign"))
    *kind = MUSTER_CLI_CAMPAIGN;
  else if (g_str_equal (text, "force"))
    *kind = MUSTER_CLI_FORCE;
  else if (g_str_equal (text, "unit"))
    *kind = MUSTER_CLI_UNIT;
  else if (g_str_equal (text, "character"))
    *kind = MUSTER_CLI_CHARACTER;
  else
    {
      *status = muster_cli_usage_error (cli, _("Unknown kind “%s”: use campaign, force, unit or character."), text);
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
  g_autoptr(GError) error = NULL;
  g_autoptr(GObject) target = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  g_autofree char *clean = NULL;
  const char *new_name;
  MusterCliKind kind;
  int status;
  gboolean renamed;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 3, 3, &status) ||
      !parse_kind (cli, argv[1], &kind, &status) ||
      !muster_cli_check_named (cli, kind, campaign_arg, argv[2], &status))
    return status;
  new_name = argv[3];

  target = muster_cli_find_arg (cli, kind, campaign_arg, argv[2],
                                kind != MUSTER_CLI_CAMPAIGN ? &campaign : NULL, &error);
  if (target == NULL)
    return muster_cli_fail (error);
  if (kind == MUSTER_CLI_CHARACTER &&
      (warnings = muster_warnings_for_character_name (cli->store, muster_campaign_get_id (campaign),
                                                      muster_character_get_id (MUSTER_CHARACTER (target)),
                                                      new_name, &error)) == NULL)
    return muster_cli_fail (error);
  switch (kind)
    {
    case MUSTER_CLI_CAMPAIGN:
      renamed = muster_store_rename_campaign (cli->store, muster_campaign_get_id (MUSTER_CAMPAIGN (target)),
                                              new_name, &error);
      break;
    case MUSTER_CLI_FORCE:
      renamed = muster_store_rename_force (cli->store, muster_force_get_id (MUSTER_FORCE (target)),
                                           new_name, &error);
      break;
    case MUSTER_CLI_UNIT:
      renamed = muster_store_rename_unit (cli->store, muster_unit_get_id (MUSTER_UNIT (target)),
                                          new_name, &error);
      break;
    case MUSTER_CLI_CHARACTER:
    default:
      renamed = muster_store_set_character_text (cli->store, muster_character_get_id (MUSTER_CHARACTER (target)),
                                                 "name", new_name, &error);
      break;
    }
  if (!renamed)
    return muster_cli_fail (error);
  muster_cli_warn_all (warnings);

  /* The names as the store keeps them, spaces trimmed. */
  clean = g_strstrip (g_strdup (new_name));
  switch (kind)
    {
    case MUSTER_CLI_CAMPAIGN:
      g_print (_("Campaign “%s” is now called “%s”.\n"),
               muster_campaign_get_name (MUSTER_CAMPAIGN (target)), clean);
      break;
    case MUSTER_CLI_FORCE:
      /* TRANSLATORS: the force's old name, its campaign and its new name */
      g_print (_("Force “%s” of %s is now called “%s”.\n"),
               muster_force_get_name (MUSTER_FORCE (target)), muster_campaign_get_name (campaign), clean);
      break;
    case MUSTER_CLI_UNIT:
      g_print (_("Unit “%s” of %s is now called “%s”.\n"),
               muster_unit_get_name (MUSTER_UNIT (target)), muster_campaign_get_name (campaign), clean);
      break;
    case MUSTER_CLI_CHARACTER:
    default:
      g_print (_("%s of %s is now called “%s”.\n"),
               muster_character_get_name (MUSTER_CHARACTER (target)), muster_campaign_get_name (campaign), clean);
      break;
    }
  return 0;
}

/* Deletes @campaign with its whole history and says how much went. */
static int
delete_campaign (MusterCli      *cli,
                 MusterCampaign *campaign)
{
  g_autoptr(GError) error = NULL;
  gint64 id = muster_campaign_get_id (campaign);
  guint games, characters;

  if (!muster_store_count_campaign (cli->store, id, &games, &characters, &error) ||
      !muster_store_delete_campaign (cli->store, id, &error))
    return muster_cli_fail (error);

  g_print (_("Campaign “%s” deleted.\n"), muster_campaign_get_name (campaign));
  g_print (g_dngettext (GETTEXT_PACKAGE,
                        "%u character was deleted with it.\n",
                        "%u characters were deleted with it.\n",
                        characters),
           characters);
  g_print (g_dngettext (GETTEXT_PACKAGE,
                        "%u game was deleted with it, with its results, rolls and log.\n",
                        "%u games were deleted with it, with their results, rolls and log.\n",
                        games),
           games);
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
  g_autoptr(GError) error = NULL;
  g_autoptr(GObject) target = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  MusterCliKind kind;
  int status;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 2, 2, &status) ||
      !parse_kind (cli, argv[1], &kind, &status) ||
      !muster_cli_check_named (cli, kind, campaign_arg, argv[2], &status))
    return status;

  target = muster_cli_find_arg (cli, kind, campaign_arg, argv[2],
                                kind != MUSTER_CLI_CAMPAIGN ? &campaign : NULL, &error);
  if (target == NULL)
    return muster_cli_fail (error);
  switch (kind)
    {
    case MUSTER_CLI_CAMPAIGN:
      return delete_campaign (cli, MUSTER_CAMPAIGN (target));
    case MUSTER_CLI_FORCE:
      undo = muster_store_delete_force (cli->store, muster_force_get_id (MUSTER_FORCE (target)), &error);
      break;
    case MUSTER_CLI_UNIT:
      undo = muster_store_delete_unit (cli->store, muster_unit_get_id (MUSTER_UNIT (target)), &error);
      break;
    case MUSTER_CLI_CHARACTER:
    default:
      undo = muster_store_delete_character (cli->store, muster_character_get_id (MUSTER_CHARACTER (target)), &error);
      break;
    }
  if (undo == NULL)
    return muster_cli_fail (error);
  /* TRANSLATORS: what was deleted (“Character “Thomas Ward” deleted”) and
   * the campaign it was in */
  g_print (_("%s, from %s.\n"), muster_undo_get_label (undo), muster_campaign_get_name (campaign));
  return 0;
}
