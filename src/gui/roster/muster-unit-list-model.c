/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-roster"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-unit.h"
#include "muster-unit-list-model.h"

struct _MusterUnitListModel
{
  GObject        parent_instance;

  MusterStore   *store;
  gulong         changed_id;
  gint64         campaign_id;
  gint64         force_id;
  char          *search;      /* casefolded, or NULL */
  guint          n_all;
  GPtrArray     *items;       /* of MusterUnit* */
  GHashTable    *names;       /* unit id (gint64*) -> char*, attached characters */
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MusterUnitListModel, muster_unit_list_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

enum {
  PROP_0,
  PROP_N_ALL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  READ_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GType
muster_unit_list_model_get_item_type (GListModel *model)
{
  return MUSTER_TYPE_UNIT;
}

static guint
muster_unit_list_model_get_n_items (GListModel *model)
{
  return MUSTER_UNIT_LIST_MODEL (model)->items->len;
}

static gpointer
muster_unit_list_model_get_item (GListModel *model,
                                 guint       position)
{
  MusterUnitListModel *self = MUSTER_UNIT_LIST_MODEL (model);

  if (position >= self->items->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = muster_unit_list_model_get_item_type;
  iface->get_n_items = muster_unit_list_model_get_n_items;
  iface->get_item = muster_unit_list_model_get_item;
}

static const char *
names_of (GHashTable *names,
          MusterUnit *unit)
{
  gint64 id = muster_unit_get_id (unit);
  const char *text = names ? g_hash_table_lookup (names, &id) : NULL;

  return text ? text : "";
}

/* A row is the same when the unit and the names of its characters are. */
static gboolean
same_row (MusterUnit *a,
          GHashTable *a_names,
          MusterUnit *b,
          GHashTable *b_names)
{
  return muster_unit_equal (a, b) && g_str_equal (names_of (a_names, a), names_of (b_names, b));
}

static void
replace_items (MusterUnitListModel *self,
               GPtrArray           *items,
               GHashTable          *names)
{
  g_autoptr(GPtrArray) old = self->items;
  g_autoptr(GHashTable) old_names = self->names;
  guint old_len = old->len;
  guint new_len = items->len;
  guint prefix = 0, suffix = 0;

  while (prefix < old_len && prefix < new_len &&
         same_row (g_ptr_array_index (old, prefix), old_names,
                   g_ptr_array_index (items, prefix), names))
    prefix++;
  while (suffix < old_len - prefix && suffix < new_len - prefix &&
         same_row (g_ptr_array_index (old, old_len - 1 - suffix), old_names,
                   g_ptr_array_index (items, new_len - 1 - suffix), names))
    suffix++;

  self->items = g_ptr_array_ref (items);
  self->names = g_hash_table_ref (names);
  if (prefix == old_len && prefix == new_len)
    return;

  g_list_model_items_changed (G_LIST_MODEL (self), prefix,
                              old_len - prefix - suffix,
                              new_len - prefix - suffix);
}

static gboolean
contains (const char *haystack,
          const char *needle)
{
  g_autofree char *folded = NULL;

  if (haystack == NULL)
    return FALSE;
  folded = g_utf8_casefold (haystack, -1);
  return strstr (folded, needle) != NULL;
}

static gboolean
matches (MusterUnitListModel *self,
         MusterRuleset       *ruleset,
         MusterUnit          *unit,
         GHashTable          *names)
{
  const MusterUnitKindDef *kind = NULL;
  const MusterRatingDef *rating = NULL;

  if (self->force_id != 0 && muster_unit_get_force_id (unit) != self->force_id)
    return FALSE;
  if (self->search == NULL)
    return TRUE;

  if (ruleset != NULL)
    {
      kind = muster_ruleset_lookup_unit_kind (ruleset, muster_unit_get_kind (unit));
      if (muster_unit_get_rating (unit) != NULL)
        rating = muster_ruleset_lookup_rating (ruleset, muster_unit_get_rating (unit));
    }

  return contains (muster_unit_get_name (unit), self->search) ||
         contains (muster_unit_get_force_name (unit), self->search) ||
         contains (kind ? kind->name : muster_unit_get_kind (unit), self->search) ||
         contains (rating ? rating->name : muster_unit_get_rating (unit), self->search) ||
         contains (names_of (names, unit), self->search);
}

static void
store_changed_cb (MusterStore         *store,
                  guint                what,
                  gint64               campaign_id,
                  MusterUnitListModel *self)
{
  if ((what & (MUSTER_CHANGE_UNITS | MUSTER_CHANGE_CHARACTERS |
               MUSTER_CHANGE_FORCES | MUSTER_CHANGE_GAMES)) == 0)
    return;
  if (campaign_id != 0 && campaign_id != self->campaign_id)
    return;
  muster_unit_list_model_refresh (self);
}

static void
muster_unit_list_model_dispose (GObject *object)
{
  MusterUnitListModel *self = MUSTER_UNIT_LIST_MODEL (object);

  if (self->store != NULL)
    g_clear_signal_handler (&self->changed_id, self->store);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (muster_unit_list_model_parent_class)->dispose (object);
}

static void
muster_unit_list_model_finalize (GObject *object)
{
  MusterUnitListModel *self = MUSTER_UNIT_LIST_MODEL (object);

  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->names, g_hash_table_unref);
  g_clear_pointer (&self->search, g_free);

  G_OBJECT_CLASS (muster_unit_list_model_parent_class)->finalize (object);
}

static void
muster_unit_list_model_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  MusterUnitListModel *self = MUSTER_UNIT_LIST_MODEL (object);

  switch (prop_id)
    {
    case PROP_N_ALL:
      g_value_set_uint (value, self->n_all);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_unit_list_model_class_init (MusterUnitListModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = muster_unit_list_model_dispose;
  object_class->finalize = muster_unit_list_model_finalize;
  object_class->get_property = muster_unit_list_model_get_property;

  properties[PROP_N_ALL] =
    g_param_spec_uint ("n-all", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MusterUnitListModel::read-failed:
   * @error: why the library could not be read
   *
   * The rows could not be read again: the model keeps what it showed,
   * and whoever shows it says so to the user.
   */
  signals[READ_FAILED] = g_signal_new ("read-failed",
                                       G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
muster_unit_list_model_init (MusterUnitListModel *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->names = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
}

MusterUnitListModel *
muster_unit_list_model_new (MusterStore *store)
{
  MusterUnitListModel *self;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  self = g_object_new (MUSTER_TYPE_UNIT_LIST_MODEL, NULL);
  self->store = g_object_ref (store);
  self->changed_id = g_signal_connect (store, "changed", G_CALLBACK (store_changed_cb), self);
  return self;
}

void
muster_unit_list_model_set_campaign_id (MusterUnitListModel *self,
                                        gint64               campaign_id)
{
  g_return_if_fail (MUSTER_IS_UNIT_LIST_MODEL (self));

  if (self->campaign_id == campaign_id)
    return;
  self->campaign_id = campaign_id;
  self->force_id = 0;
  muster_unit_list_model_refresh (self);
}

void
muster_unit_list_model_set_force_id (MusterUnitListModel *self,
                                     gint64               force_id)
{
  g_return_if_fail (MUSTER_IS_UNIT_LIST_MODEL (self));

  if (self->force_id == force_id)
    return;
  self->force_id = force_id;
  muster_unit_list_model_refresh (self);
}

void
muster_unit_list_model_set_search (MusterUnitListModel *self,
                                   const char          *text)
{
  g_autofree char *clean = NULL;

  g_return_if_fail (MUSTER_IS_UNIT_LIST_MODEL (self));

  if (text != NULL)
    {
      g_autofree char *stripped = g_strstrip (g_strdup (text));

      if (*stripped != '\0')
        clean = g_utf8_casefold (stripped, -1);
    }
  if (g_strcmp0 (clean, self->search) == 0)
    return;
  g_free (self->search);
  self->search = g_steal_pointer (&clean);
  muster_unit_list_model_refresh (self);
}

guint
muster_unit_list_model_get_n_all (MusterUnitListModel *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT_LIST_MODEL (self), 0);
  return self->n_all;
}

const char *
muster_unit_list_model_get_character_names (MusterUnitListModel *self,
                                            gint64               unit_id)
{
  const char *names;

  g_return_val_if_fail (MUSTER_IS_UNIT_LIST_MODEL (self), "");

  names = g_hash_table_lookup (self->names, &unit_id);
  return names ? names : "";
}

void
muster_unit_list_model_refresh (MusterUnitListModel *self)
{
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset = NULL;

  g_return_if_fail (MUSTER_IS_UNIT_LIST_MODEL (self));

  if (self->store == NULL)
    return;

  if (self->campaign_id != 0)
    {
      campaign = muster_store_get_campaign (self->store, self->campaign_id, NULL);
      if (campaign != NULL)
        ruleset = muster_campaign_get_ruleset (campaign);
    }

  if (ruleset != NULL && muster_ruleset_get_kept_by (ruleset) == MUSTER_KEPT_BY_UNIT)
    {
      units = muster_store_list_units (self->store, self->campaign_id, 0, &error);
      if (units != NULL)
        characters = muster_store_list_characters (self->store, self->campaign_id, 0, &error);
      if (units == NULL || characters == NULL)
        {
          /* Keep showing what was there; the next change tries again. */
          g_signal_emit (self, signals[READ_FAILED], 0, error);
          return;
        }

      for (guint i = 0; i < characters->len; i++)
        {
          MusterCharacter *character = g_ptr_array_index (characters, i);
          gint64 unit_id = muster_character_get_unit_id (character);
          const char *old;

          if (unit_id == 0)
            continue;
          old = g_hash_table_lookup (names, &unit_id);
          g_hash_table_insert (names, g_memdup2 (&unit_id, sizeof unit_id),
                               old ? g_strconcat (old, ", ", muster_character_get_name (character), NULL)
                                   : g_strdup (muster_character_get_name (character)));
        }

      for (guint i = 0; i < units->len; i++)
        {
          MusterUnit *unit = g_ptr_array_index (units, i);

          if (matches (self, ruleset, unit, names))
            g_ptr_array_add (items, g_object_ref (unit));
        }
    }

  replace_items (self, items, names);
  if (self->n_all != (units ? units->len : 0))
    {
      self->n_all = units ? units->len : 0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ALL]);
    }
}
