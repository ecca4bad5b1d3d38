/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-roster"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-character.h"
#include "muster-roster-model.h"
#include "muster-store-private.h"

struct _MusterRosterModel
{
  GObject      parent_instance;

  MusterStore *store;
  gulong       changed_id;
  gint64       campaign_id;
  gint64       force_id;
  char        *search;
  GPtrArray   *items;     /* of MusterCharacter* */
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MusterRosterModel, muster_roster_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

enum {
  PROP_0,
  PROP_CAMPAIGN_ID,
  PROP_N_ITEMS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  READ_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GType
muster_roster_model_get_item_type (GListModel *model)
{
  return MUSTER_TYPE_CHARACTER;
}

static guint
muster_roster_model_get_n_items (GListModel *model)
{
  return MUSTER_ROSTER_MODEL (model)->items->len;
}

static gpointer
muster_roster_model_get_item (GListModel *model,
                              guint       position)
{
  MusterRosterModel *self = MUSTER_ROSTER_MODEL (model);

  if (position >= self->items->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = muster_roster_model_get_item_type;
  iface->get_n_items = muster_roster_model_get_n_items;
  iface->get_item = muster_roster_model_get_item;
}

/* Replaces the items with @items, telling the views only about the part
 * between the first and the last difference. */
static void
replace_items (MusterRosterModel *self,
               GPtrArray         *items)
{
  g_autoptr(GPtrArray) old = self->items;
  guint old_len = old->len;
  guint new_len = items->len;
  guint prefix = 0, suffix = 0;

  while (prefix < old_len && prefix < new_len &&
         muster_character_equal (g_ptr_array_index (old, prefix),
                                 g_ptr_array_index (items, prefix)))
    prefix++;
  while (suffix < old_len - prefix && suffix < new_len - prefix &&
         muster_character_equal (g_ptr_array_index (old, old_len - 1 - suffix),
                                 g_ptr_array_index (items, new_len - 1 - suffix)))
    suffix++;

  self->items = g_ptr_array_ref (items);
  if (prefix == old_len && prefix == new_len)
    return;

  g_list_model_items_changed (G_LIST_MODEL (self), prefix,
                              old_len - prefix - suffix,
                              new_len - prefix - suffix);
  if (old_len != new_len)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
}

static void
store_changed_cb (MusterStore       *store,
                  guint              what,
                  gint64             campaign_id,
                  MusterRosterModel *self)
{
  if ((what & (MUSTER_CHANGE_CHARACTERS | MUSTER_CHANGE_FORCES | MUSTER_CHANGE_GAMES)) == 0)
    return;
  if (campaign_id != 0 && campaign_id != self->campaign_id)
    return;
  muster_roster_model_refresh (self);
}

static void
muster_roster_model_dispose (GObject *object)
{
  MusterRosterModel *self = MUSTER_ROSTER_MODEL (object);

  g_clear_signal_handler (&self->changed_id, self->store);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (muster_roster_model_parent_class)->dispose (object);
}

static void
muster_roster_model_finalize (GObject *object)
{
  MusterRosterModel *self = MUSTER_ROSTER_MODEL (object);

  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->search, g_free);

  G_OBJECT_CLASS (muster_roster_model_parent_class)->finalize (object);
}

static void
muster_roster_model_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  MusterRosterModel *self = MUSTER_ROSTER_MODEL (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN_ID:
      g_value_set_int64 (value, self->campaign_id);
      break;
    case PROP_N_ITEMS:
      g_value_set_uint (value, self->items->len);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_roster_model_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  MusterRosterModel *self = MUSTER_ROSTER_MODEL (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN_ID:
      muster_roster_model_set_campaign_id (self, g_value_get_int64 (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_roster_model_class_init (MusterRosterModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = muster_roster_model_dispose;
  object_class->finalize = muster_roster_model_finalize;
  object_class->get_property = muster_roster_model_get_property;
  object_class->set_property = muster_roster_model_set_property;

  properties[PROP_CAMPAIGN_ID] =
    g_param_spec_int64 ("campaign-id", NULL, NULL, 0, G_MAXINT64, 0,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_ITEMS] =
    g_param_spec_uint ("n-items", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MusterRosterModel::read-failed:
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
muster_roster_model_init (MusterRosterModel *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * muster_roster_model_new:
 * @campaign_id: the campaign whose characters to list; 0 for none
 *
 * Returns: (transfer full): a model, loaded.
 */
MusterRosterModel *
muster_roster_model_new (MusterStore *store,
                         gint64       campaign_id)
{
  MusterRosterModel *self;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  self = g_object_new (MUSTER_TYPE_ROSTER_MODEL, NULL);
  self->store = g_object_ref (store);
  self->changed_id = g_signal_connect (store, "changed", G_CALLBACK (store_changed_cb), self);
  self->campaign_id = campaign_id;
  muster_roster_model_refresh (self);
  return self;
}

void
muster_roster_model_set_campaign_id (MusterRosterModel *self,
                                     gint64             campaign_id)
{
  g_return_if_fail (MUSTER_IS_ROSTER_MODEL (self));

  if (self->campaign_id == campaign_id)
    return;
  self->campaign_id = campaign_id;
  self->force_id = 0;
  muster_roster_model_refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN_ID]);
}

void
muster_roster_model_set_force_id (MusterRosterModel *self,
                                  gint64             force_id)
{
  g_return_if_fail (MUSTER_IS_ROSTER_MODEL (self));

  if (self->force_id == force_id)
    return;
  self->force_id = force_id;
  muster_roster_model_refresh (self);
}

void
muster_roster_model_set_search (MusterRosterModel *self,
                                const char        *text)
{
  g_autofree char *clean = NULL;

  g_return_if_fail (MUSTER_IS_ROSTER_MODEL (self));

  if (text != NULL)
    clean = g_strstrip (g_strdup (text));
  if (clean != NULL && *clean == '\0')
    g_clear_pointer (&clean, g_free);
  if (g_strcmp0 (clean, self->search) == 0)
    return;
  g_free (self->search);
  self->search = g_steal_pointer (&clean);
  muster_roster_model_refresh (self);
}

void
muster_roster_model_refresh (MusterRosterModel *self)
{
  g_autoptr(GPtrArray) items = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (MUSTER_IS_ROSTER_MODEL (self));

  if (self->store == NULL)
    return;
  if (self->campaign_id == 0)
    items = g_ptr_array_new_with_free_func (g_object_unref);
  else
    items = muster_store_query_characters (self->store, self->campaign_id, self->force_id,
                                           self->search, &error);
  if (items == NULL)
    {
      /* Keep showing what was there; the next change tries again. */
      g_signal_emit (self, signals[READ_FAILED], 0, error);
      return;
    }
  replace_items (self, items);
}
