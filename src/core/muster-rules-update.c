/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-store"

/* What taking newer rules into a campaign would do: which version it
 * takes, what changed, what becomes of its options and what in the
 * campaign stops it. Making the change is muster-store-rules.c's. */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-campaign.h"
#include "muster-log.h"
#include "muster-rules-update-private.h"
#include "muster-store-private.h"

static void
rules_option_free (MusterRulesOption *option)
{
  g_free (option->option);
  g_free (option->choice);
  g_free (option->old_choice);
  g_free (option->description);
  g_free (option);
}

void
muster_rules_update_free (MusterRulesUpdate *update)
{
  if (update == NULL)
    return;
  g_free (update->campaign_name);
  g_free (update->ruleset_id);
  g_free (update->title);
  g_free (update->old_version);
  g_free (update->old_xml);
  g_clear_object (&update->old_rules);
  g_clear_object (&update->new_rules);
  g_clear_error (&update->copy_error);
  g_clear_pointer (&update->old_options, g_hash_table_unref);
  g_clear_pointer (&update->changes, g_ptr_array_unref);
  g_clear_pointer (&update->options, g_ptr_array_unref);
  g_clear_pointer (&update->blockers, g_ptr_array_unref);
  g_free (update);
}

static const char *
choice_name (const MusterOptionDef *option,
             const char            *id)
{
  const MusterChoiceDef *choice = option != NULL ? muster_option_lookup_choice (option, id) : NULL;

  return choice != NULL ? choice->name : id;
}

static void
add_option (MusterRulesUpdate     *update,
            MusterRulesOptionFate  fate,
            const char            *option,
            const char            *choice,
            const char            *old_choice,
            char                  *description)
{
  MusterRulesOption *item = g_new0 (MusterRulesOption, 1);

  item->fate = fate;
  item->option = g_strdup (option);
  item->choice = g_strdup (choice);
  item->old_choice = g_strdup (old_choice);
  item->description = description;
  g_ptr_array_add (update->options, item);
}

static int
compare_keys (const void *a,
              const void *b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* Each option of the new version keeps the campaign's choice where the
 * choice still exists, else takes its default; options it no longer has
 * are dropped. */
static void
plan_options (MusterRulesUpdate *update)
{
  GPtrArray *options = muster_ruleset_get_options (update->new_rules);
  const char *version = muster_ruleset_get_version (update->new_rules);
  g_autofree gpointer *keys = NULL;
  guint n_keys = 0;

  for (guint i = 0; i < options->len; i++)
    {
      const MusterOptionDef *option = g_ptr_array_index (options, i);
      const char *chosen = g_hash_table_lookup (update->old_options, option->id);
      const char *fallback = choice_name (option, option->default_choice);

      if (chosen != NULL && muster_option_lookup_choice (option, chosen) != NULL)
        add_option (update, MUSTER_RULES_OPTION_KEPT, option->id, chosen, chosen,
                    muster_log_describe_option (NULL, "kept", option->name, choice_name (option, chosen),
                                                version, NULL, NULL));
      else if (chosen == NULL)
        add_option (update, MUSTER_RULES_OPTION_NEW, option->id, option->default_choice, NULL,
                    muster_log_describe_option (NULL, "new", option->name, fallback, version, NULL, NULL));
      else
        add_option (update, MUSTER_RULES_OPTION_DEFAULTED, option->id, option->default_choice, chosen,
                    muster_log_describe_option (NULL, "defaulted", option->name, fallback, version,
                                                chosen, chosen));
    }

  keys = g_hash_table_get_keys_as_array (update->old_options, &n_keys);
  qsort (keys, n_keys, sizeof (gpointer), compare_keys);
  for (guint i = 0; i < n_keys; i++)
    {
      const char *id = keys[i];
      const char *chosen = g_hash_table_lookup (update->old_options, id);
      const MusterOptionDef *old_option = NULL;

      if (muster_ruleset_lookup_option (update->new_rules, id) != NULL)
        continue;
      if (update->old_rules != NULL)
        old_option = muster_ruleset_lookup_option (update->old_rules, id);
      add_option (update, MUSTER_RULES_OPTION_DROPPED, id, NULL, chosen,
                  muster_log_describe_option (NULL, "dropped", old_option != NULL ? old_option->name : id,
                                              NULL, version, choice_name (old_option, chosen), chosen));
    }
}

/**
 * muster_rules_update_new:
 * @store: the library
 * @campaign_id: a campaign
 * @ruleset: (nullable): the rules to take; %NULL for the installed ruleset
 *   of the campaign's id
 *
 * Works out, without changing anything, what taking @ruleset would do.
 *
 * Returns: (transfer full): the update, or %NULL with @error set.
 */
MusterRulesUpdate *
muster_rules_update_new (MusterStore    *store,
                         gint64          campaign_id,
                         MusterRuleset  *ruleset,
                         GError        **error)
{
  g_autoptr(MusterRulesUpdate) update = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  GHashTableIter iter;
  gpointer key, value;
  MusterRuleset *copy;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);
  g_return_val_if_fail (ruleset == NULL || MUSTER_IS_RULESET (ruleset), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  campaign = muster_store_get_campaign (store, campaign_id, error);
  if (campaign == NULL)
    return NULL;
  if (ruleset != NULL &&
      g_strcmp0 (muster_ruleset_get_id (ruleset), muster_campaign_get_ruleset_id (campaign)) != 0)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("Campaign “%s” plays the ruleset “%s”: the rules of “%s” cannot replace them."),
                   muster_campaign_get_name (campaign), muster_campaign_get_ruleset_id (campaign),
                   muster_ruleset_get_id (ruleset));
      return NULL;
    }

  update = g_new0 (MusterRulesUpdate, 1);
  update->campaign_id = campaign_id;
  update->campaign_name = g_strdup (muster_campaign_get_name (campaign));
  update->ruleset_id = g_strdup (muster_campaign_get_ruleset_id (campaign));
  update->old_version = g_strdup (muster_campaign_get_ruleset_version (campaign));
  update->old_xml = muster_store_get_campaign_ruleset_xml (store, campaign_id, error);
  if (update->old_xml == NULL)
    return NULL;
  update->old_options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_hash_table_iter_init (&iter, muster_campaign_get_options (campaign));
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (update->old_options, g_strdup (key), g_strdup (value));
  update->changes = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_rules_change_free);
  update->options = g_ptr_array_new_with_free_func ((GDestroyNotify) rules_option_free);
  update->blockers = g_ptr_array_new_with_free_func (g_free);

  copy = muster_campaign_get_ruleset (campaign);
  if (copy != NULL)
    update->old_rules = g_object_ref (copy);
  else
    update->copy_error = g_error_copy (muster_campaign_get_ruleset_error (campaign));

  if (ruleset != NULL)
    update->new_rules = g_object_ref (ruleset);
  else
    update->new_rules = muster_rulesets_lookup (update->ruleset_id, NULL);

  if (update->new_rules == NULL)
    update->state = MUSTER_RULES_UPDATE_MISSING;
  else if (update->old_rules == NULL)
    update->state = MUSTER_RULES_UPDATE_BROKEN;
  else if (muster_ruleset_compare_versions (muster_ruleset_get_version (update->new_rules),
                                            update->old_version) > 0)
    update->state = MUSTER_RULES_UPDATE_NEWER;
  else
    update->state = MUSTER_RULES_UPDATE_LATEST;

  update->title = g_strdup (update->new_rules != NULL ? muster_ruleset_get_title (update->new_rules)
                            : update->old_rules != NULL ? muster_ruleset_get_title (update->old_rules)
                            : update->ruleset_id);

  if (!muster_rules_update_is_available (update))
    return g_steal_pointer (&update);

  if (update->state == MUSTER_RULES_UPDATE_NEWER)
    {
      g_clear_pointer (&update->changes, g_ptr_array_unref);
      update->changes = muster_ruleset_diff (update->old_rules, update->new_rules);
    }
  plan_options (update);
  if (!muster_store_check_campaign_rules (store, campaign_id, update->old_rules, update->new_rules,
                                          update->blockers, error))
    return NULL;
  return g_steal_pointer (&update);
}

MusterRulesUpdateState
muster_rules_update_get_state (MusterRulesUpdate *update)
{
  g_return_val_if_fail (update != NULL, MUSTER_RULES_UPDATE_LATEST);
  return update->state;
}

gboolean
muster_rules_update_is_available (MusterRulesUpdate *update)
{
  g_return_val_if_fail (update != NULL, FALSE);
  return update->state == MUSTER_RULES_UPDATE_NEWER || update->state == MUSTER_RULES_UPDATE_BROKEN;
}

gint64
muster_rules_update_get_campaign_id (MusterRulesUpdate *update)
{
  g_return_val_if_fail (update != NULL, 0);
  return update->campaign_id;
}

const char *
muster_rules_update_get_campaign_name (MusterRulesUpdate *update)
{
  g_return_val_if_fail (update != NULL, NULL);
  return update->campaign_name;
}

const char *
muster_rules_update_get_ruleset_id (MusterRulesUpdate *update)
{
  g_return_val_if_fail (update != NULL, NULL);
  return update->ruleset_id;
}

const char *
muster_rules_update_get_title (MusterRulesUpdate *update)
{
  g_return_val_if_fail (update != NULL, NULL);
  return update->title;
}

const char *
muster_rules_update_get_old_version (MusterRulesUpdate *update)
{
  g_return_val_if_fail (update != NULL, NULL);
  return update->old_version;
}

const char *
muster_rules_update_get_new_version (MusterRulesUpdate *update)
{
  g_return_val_if_fail (update != NULL, NULL);
  return update->new_rules != NULL ? muster_ruleset_get_version (update->new_rules) : NULL;
}

MusterRuleset *
muster_rules_update_get_ruleset (MusterRulesUpdate *update)
{
  g_return_val_if_fail (update != NULL, NULL);
  return update->new_rules;
}

const GError *
muster_rules_update_get_copy_error (MusterRulesUpdate *update)
{
  g_return_val_if_fail (update != NULL, NULL);
  return update->copy_error;
}

GPtrArray *
muster_rules_update_get_changes (MusterRulesUpdate *update)
{
  g_return_val_if_fail (update != NULL, NULL);
  return update->changes;
}

GPtrArray *
muster_rules_update_get_options (MusterRulesUpdate *update)
{
  g_return_val_if_fail (update != NULL, NULL);
  return update->options;
}

GPtrArray *
muster_rules_update_get_blockers (MusterRulesUpdate *update)
{
  g_return_val_if_fail (update != NULL, NULL);
  return update->blockers;
}
