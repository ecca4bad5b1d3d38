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
  GPtrArray   *items;       /* of MusterCharacter*, by id */
  guint        generation;  /* of what was read last: a load in another thread
                             * that began before is out of date */
  gboolean     loading;
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MusterRosterModel, muster_roster_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

enum {
  PROP_0,
  PROP_CAMPAIGN_ID,
  PROP_N_ITEMS,
  PROP_LOADING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  READ_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* What a load in another thread works from and gives back. */
typedef struct {
  MusterStore *store;       /* only to open a reader on its file */
  gint64       campaign_id;
  guint        generation;
} Load;

static void
load_free (Load *load)
{
  g_clear_object (&load->store);
  g_free (load);
}

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

static void
set_loading (MusterRosterModel *self,
             gboolean           loading)
{
  if (self->loading == loading)
    return;
  self->loading = loading;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

/* Takes @fresh (both lists by id), keeping each old object whose row is
 * unchanged, and tells the views about the rows between the first and
 * the last that changed. */
static void
replace_items (MusterRosterModel *self,
               GPtrArray         *fresh)
{
  g_autoptr(GPtrArray) old = self->items;
  guint old_len = old->len, new_len = fresh->len;
  guint prefix = 0, suffix = 0, j = 0;

  self->items = g_ptr_array_new_full (MAX (new_len, 1), g_object_unref);
  for (guint i = 0; i < new_len; i++)
    {
      MusterCharacter *character = g_ptr_array_index (fresh, i);
      gint64 id = muster_character_get_id (character);

      while (j < old_len && muster_character_get_id (g_ptr_array_index (old, j)) < id)
        j++;
      if (j < old_len && muster_character_equal (g_ptr_array_index (old, j), character))
        character = g_ptr_array_index (old, j);
      g_ptr_array_add (self->items, g_object_ref (character));
    }

  while (prefix < old_len && prefix < new_len &&
         g_ptr_array_index (old, prefix) == g_ptr_array_index (self->items, prefix))
    prefix++;
  while (suffix < old_len - prefix && suffix < new_len - prefix &&
         g_ptr_array_index (old, old_len - 1 - suffix) ==
         g_ptr_array_index (self->items, new_len - 1 - suffix))
    suffix++;
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

  if (self->store != NULL)
    g_clear_signal_handler (&self->changed_id, self->store);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (muster_roster_model_parent_class)->dispose (object);
}

static void
muster_roster_model_finalize (GObject *object)
{
  MusterRosterModel *self = MUSTER_ROSTER_MODEL (object);

  g_clear_pointer (&self->items, g_ptr_array_unref);

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
    case PROP_LOADING:
      g_value_set_boolean (value, self->loading);
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
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
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

  if (self->campaign_id == campaign_id && !self->loading)
    return;
  self->campaign_id = campaign_id;
  muster_roster_model_refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN_ID]);
}

void
muster_roster_model_refresh (MusterRosterModel *self)
{
  g_autoptr(GPtrArray) items = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (MUSTER_IS_ROSTER_MODEL (self));

  if (self->store == NULL)
    return;
  self->generation++;
  if (self->campaign_id == 0)
    items = g_ptr_array_new_with_free_func (g_object_unref);
  else
    items = muster_store_list_characters (self->store, self->campaign_id, 0, &error);
  if (items == NULL)
    {
      /* Keep showing what was there; the next change tries again. */
      g_signal_emit (self, signals[READ_FAILED], 0, error);
      return;
    }
  replace_items (self, items);
  set_loading (self, FALSE);
}

static void
load_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  Load *load = task_data;
  g_autoptr(MusterStore) reader = NULL;
  g_autoptr(GPtrArray) characters = NULL;
  GError *error = NULL;

  reader = muster_store_open_reader (load->store, &error);
  if (reader != NULL)
    characters = muster_store_list_characters (reader, load->campaign_id, 0, &error);
  if (characters == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  /* The list opens sorted by name: the keys are made here, not while
   * the window waits. */
  for (guint i = 0; i < characters->len; i++)
    muster_character_get_sort_key (g_ptr_array_index (characters, i), MUSTER_CHARACTER_KEY_NAME);
  g_task_return_pointer (task, g_steal_pointer (&characters), (GDestroyNotify) g_ptr_array_unref);
}

void
muster_roster_model_load_async (MusterRosterModel   *self,
                                gint64               campaign_id,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GPtrArray) none = g_ptr_array_new_with_free_func (g_object_unref);
  Load *load;

  g_return_if_fail (MUSTER_IS_ROSTER_MODEL (self));

  if (self->campaign_id != campaign_id)
    {
      self->campaign_id = campaign_id;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN_ID]);
    }
  self->generation++;
  replace_items (self, none);
  set_loading (self, campaign_id != 0 && self->store != NULL);

  load = g_new0 (Load, 1);
  load->store = self->store != NULL ? g_object_ref (self->store) : NULL;
  load->campaign_id = campaign_id;
  load->generation = self->generation;
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, muster_roster_model_load_async);
  g_task_set_task_data (task, load, (GDestroyNotify) load_free);
  if (!self->loading)
    g_task_return_pointer (task, g_ptr_array_new_with_free_func (g_object_unref),
                           (GDestroyNotify) g_ptr_array_unref);
  else
    g_task_run_in_thread (task, load_in_thread);
}

gboolean
muster_roster_model_load_finish (MusterRosterModel  *self,
                                 GAsyncResult       *result,
                                 GError            **error)
{
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(GError) local_error = NULL;
  Load *load;

  g_return_val_if_fail (MUSTER_IS_ROSTER_MODEL (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  load = g_task_get_task_data (G_TASK (result));
  characters = g_task_propagate_pointer (G_TASK (result), &local_error);
  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  /* A change in the store since read them at once. */
  if (load->generation != self->generation || self->store == NULL)
    return TRUE;
  if (characters != NULL)
    {
      replace_items (self, characters);
      set_loading (self, FALSE);
    }
  else
    {
      /* No second connection (a library that is not a file): read them
       * here. */
      g_debug ("Reading the roster at once: %s", local_error->message);
      muster_roster_model_refresh (self);
    }
  return TRUE;
}

gboolean
muster_roster_model_is_loading (MusterRosterModel *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_MODEL (self), FALSE);
  return self->loading;
}

MusterCharacter *
muster_roster_model_lookup (MusterRosterModel *self,
                            gint64             id)
{
  guint low = 0, high;

  g_return_val_if_fail (MUSTER_IS_ROSTER_MODEL (self), NULL);

  /* By id: a binary search. */
  high = self->items->len;
  while (low < high)
    {
      guint middle = low + (high - low) / 2;
      MusterCharacter *character = g_ptr_array_index (self->items, middle);
      gint64 here = muster_character_get_id (character);

      if (here == id)
        return character;
      if (here < id)
        low = middle + 1;
      else
        high = middle;
    }
  return NULL;
}
