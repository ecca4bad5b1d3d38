/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-campaign"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-campaign.h"

struct _MusterCampaign
{
  GObject        parent_instance;

  gint64         id;
  char          *name;
  char          *ruleset_id;
  char          *ruleset_version;
  char          *ruleset_xml;
  guint64        seed;
  char          *created;
  GHashTable    *options;
  MusterRuleset *ruleset;      /* parsed on first use */
  GError        *ruleset_error; /* or why it does not parse */
};

G_DEFINE_FINAL_TYPE (MusterCampaign, muster_campaign, G_TYPE_OBJECT)

static void
muster_campaign_finalize (GObject *object)
{
  MusterCampaign *self = MUSTER_CAMPAIGN (object);

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->ruleset_id, g_free);
  g_clear_pointer (&self->ruleset_version, g_free);
  g_clear_pointer (&self->ruleset_xml, g_free);
  g_clear_pointer (&self->created, g_free);
  g_clear_pointer (&self->options, g_hash_table_unref);
  g_clear_object (&self->ruleset);
  g_clear_error (&self->ruleset_error);

  G_OBJECT_CLASS (muster_campaign_parent_class)->finalize (object);
}

static void
muster_campaign_class_init (MusterCampaignClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_campaign_finalize;
}

static void
muster_campaign_init (MusterCampaign *self)
{
  self->options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

gint64
muster_campaign_get_id (MusterCampaign *self)
{
  g_return_val_if_fail (MUSTER_IS_CAMPAIGN (self), 0);
  return self->id;
}

const char *
muster_campaign_get_name (MusterCampaign *self)
{
  g_return_val_if_fail (MUSTER_IS_CAMPAIGN (self), NULL);
  return self->name;
}

const char *
muster_campaign_get_ruleset_id (MusterCampaign *self)
{
  g_return_val_if_fail (MUSTER_IS_CAMPAIGN (self), NULL);
  return self->ruleset_id;
}

const char *
muster_campaign_get_ruleset_version (MusterCampaign *self)
{
  g_return_val_if_fail (MUSTER_IS_CAMPAIGN (self), NULL);
  return self->ruleset_version;
}

guint64
muster_campaign_get_seed (MusterCampaign *self)
{
  g_return_val_if_fail (MUSTER_IS_CAMPAIGN (self), 0);
  return self->seed;
}

const char *
muster_campaign_get_created (MusterCampaign *self)
{
  g_return_val_if_fail (MUSTER_IS_CAMPAIGN (self), NULL);
  return self->created;
}

static void
weak_ref_free (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

static gboolean
weak_ref_is_empty (gpointer key,
                   gpointer value,
                   gpointer user_data)
{
  g_autoptr(GObject) object = g_weak_ref_get (value);

  return object == NULL;
}

/* The rules a campaign keeps, parsed once however many objects stand for
 * it at a time (the sidebar's, the roster's, a sheet's), or for campaigns
 * that keep the same copy: a parse takes milliseconds, and a ruleset does
 * not change once made. The table keeps no ruleset alive. */
static MusterRuleset *
parse_shared (const char  *xml,
              const char  *filename,
              GError     **error)
{
  static GMutex lock;
  static GHashTable *parsed;  /* filename "\n" text -> GWeakRef to a MusterRuleset */
  g_autofree char *key = g_strconcat (filename, "\n", xml, NULL);
  MusterRuleset *ruleset;
  GWeakRef *ref;

  g_mutex_lock (&lock);
  if (parsed == NULL)
    parsed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, weak_ref_free);
  ref = g_hash_table_lookup (parsed, key);
  ruleset = ref != NULL ? g_weak_ref_get (ref) : NULL;
  if (ruleset == NULL)
    {
      /* Those no longer in use go as others come. */
      if (g_hash_table_size (parsed) >= 16)
        g_hash_table_foreach_remove (parsed, weak_ref_is_empty, NULL);
      ruleset = muster_ruleset_new_from_data (xml, -1, filename, error);
      if (ruleset != NULL)
        {
          ref = g_new0 (GWeakRef, 1);
          g_weak_ref_init (ref, ruleset);
          g_hash_table_replace (parsed, g_steal_pointer (&key), ref);
        }
    }
  g_mutex_unlock (&lock);
  return ruleset;
}

/**
 * muster_campaign_get_ruleset:
 *
 * Returns: (transfer none) (nullable): the campaign's own copy of its
 * ruleset, parsed from the stored text the first time it is asked for
 * (the same object for every #MusterCampaign whose copy is the same
 * text, while one of them has it).
 */
MusterRuleset *
muster_campaign_get_ruleset (MusterCampaign *self)
{
  g_autofree char *filename = NULL;

  g_return_val_if_fail (MUSTER_IS_CAMPAIGN (self), NULL);

  if (self->ruleset != NULL || self->ruleset_error != NULL)
    return self->ruleset;

  filename = g_strdup_printf ("%s.xml", self->ruleset_id);
  self->ruleset = parse_shared (self->ruleset_xml != NULL ? self->ruleset_xml : "", filename,
                                &self->ruleset_error);
  /* A copy that no longer loads is shown as such and can be replaced
   * (muster-rules-update.h): not a programming error. */
  if (self->ruleset == NULL)
    g_debug ("The rules kept with campaign “%s” do not load: %s",
             self->name, self->ruleset_error->message);
  return self->ruleset;
}

/**
 * muster_campaign_load_ruleset:
 * @self: the campaign
 * @error: return location for a #MUSTER_RULESET_ERROR
 *
 * Loads and checks the campaign's own copy of its ruleset, as opening the
 * campaign does before showing it. A copy that no longer loads can be
 * replaced by the installed rules of its id (muster-rules-update.h).
 *
 * Returns: (transfer none) (nullable): the ruleset, or %NULL with @error
 * set to why its copy does not load.
 */
MusterRuleset *
muster_campaign_load_ruleset (MusterCampaign  *self,
                              GError         **error)
{
  g_return_val_if_fail (MUSTER_IS_CAMPAIGN (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (muster_campaign_get_ruleset (self) == NULL)
    {
      g_propagate_error (error, g_error_copy (self->ruleset_error));
      return NULL;
    }
  return self->ruleset;
}

/**
 * muster_campaign_get_ruleset_error:
 *
 * Returns: (transfer none) (nullable): why the campaign's copy of its
 * ruleset does not load, or %NULL when it loads.
 */
const GError *
muster_campaign_get_ruleset_error (MusterCampaign *self)
{
  g_return_val_if_fail (MUSTER_IS_CAMPAIGN (self), NULL);

  muster_campaign_get_ruleset (self);
  return self->ruleset_error;
}

const char *
muster_campaign_get_option (MusterCampaign *self,
                            const char     *option)
{
  const char *value;
  MusterRuleset *ruleset;
  const MusterOptionDef *def;

  g_return_val_if_fail (MUSTER_IS_CAMPAIGN (self), NULL);
  g_return_val_if_fail (option != NULL, NULL);

  value = g_hash_table_lookup (self->options, option);
  if (value != NULL)
    return value;
  ruleset = muster_campaign_get_ruleset (self);
  if (ruleset == NULL)
    return NULL;
  def = muster_ruleset_lookup_option (ruleset, option);
  return def != NULL ? def->default_choice : NULL;
}

/**
 * muster_campaign_get_options:
 *
 * Returns: (transfer none) (element-type utf8 utf8): option id -> choice
 *   id, as stored.
 */
GHashTable *
muster_campaign_get_options (MusterCampaign *self)
{
  g_return_val_if_fail (MUSTER_IS_CAMPAIGN (self), NULL);
  return self->options;
}

MusterCampaign *
muster_campaign_new (gint64      id,
                     const char *name,
                     const char *ruleset_id,
                     const char *ruleset_version,
                     const char *ruleset_xml,
                     guint64     seed,
                     const char *created,
                     GHashTable *options)
{
  MusterCampaign *self = g_object_new (MUSTER_TYPE_CAMPAIGN, NULL);

  self->id = id;
  self->name = g_strdup (name);
  self->ruleset_id = g_strdup (ruleset_id);
  self->ruleset_version = g_strdup (ruleset_version);
  self->ruleset_xml = g_strdup (ruleset_xml);
  self->seed = seed;
  self->created = g_strdup (created);
  if (options != NULL)
    {
      GHashTableIter iter;
      gpointer key, value;

      g_hash_table_iter_init (&iter, options);
      while (g_hash_table_iter_next (&iter, &key, &value))
        g_hash_table_insert (self->options, g_strdup (key), g_strdup (value));
    }
  return self;
}
