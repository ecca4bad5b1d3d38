/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-roster"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-sort-filter-model.h"
#include "muster-unit.h"
#include "muster-unit-list-model.h"

/* What the list keeps for a unit besides the unit: its characters' names,
 * and what is made from them once. */
typedef struct {
  char *names;
  char *names_key;   /* made when first asked for */
  char *haystack;    /* likewise: every text searched, casefolded */
} UnitRow;

struct _MusterUnitListModel
{
  GObject        parent_instance;

  MusterStore   *store;
  gulong         changed_id;
  gint64         campaign_id;
  MusterRuleset *ruleset;
  GPtrArray     *items;       /* of MusterUnit*, by id */
  GHashTable    *rows;        /* unit id (gint64*) -> UnitRow* */
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

static void
unit_row_free (UnitRow *row)
{
  g_free (row->names);
  g_free (row->names_key);
  g_free (row->haystack);
  g_free (row);
}

static GHashTable *
rows_new (void)
{
  return g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) unit_row_free);
}

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

static UnitRow *
row_of (MusterUnitListModel *self,
        MusterUnit          *unit)
{
  gint64 id = muster_unit_get_id (unit);

  return g_hash_table_lookup (self->rows, &id);
}

/* Takes @units (by id) and @names (unit id -> names), keeping each old
 * unit whose row and characters are unchanged, and tells the views about
 * the rows between the first and the last that changed. */
static void
replace_items (MusterUnitListModel *self,
               GPtrArray           *units,
               GHashTable          *names)
{
  g_autoptr(GPtrArray) old = self->items;
  g_autoptr(GHashTable) old_rows = self->rows;
  guint old_len = old->len, new_len = units->len;
  guint prefix = 0, suffix = 0, j = 0;

  self->items = g_ptr_array_new_full (MAX (new_len, 1), g_object_unref);
  self->rows = rows_new ();
  for (guint i = 0; i < new_len; i++)
    {
      MusterUnit *unit = g_ptr_array_index (units, i);
      gint64 id = muster_unit_get_id (unit);
      const char *unit_names = g_hash_table_lookup (names, &id);
      UnitRow *row = NULL;
      gpointer old_key = NULL, old_row = NULL;

      while (j < old_len && muster_unit_get_id (g_ptr_array_index (old, j)) < id)
        j++;
      if (j < old_len && muster_unit_equal (g_ptr_array_index (old, j), unit) &&
          g_hash_table_lookup_extended (old_rows, &id, &old_key, &old_row) &&
          g_str_equal (((UnitRow *) old_row)->names, unit_names ? unit_names : ""))
        {
          unit = g_ptr_array_index (old, j);
          g_hash_table_steal (old_rows, &id);
          g_free (old_key);
          row = old_row;
        }
      else
        {
          row = g_new0 (UnitRow, 1);
          row->names = g_strdup (unit_names ? unit_names : "");
        }
      g_ptr_array_add (self->items, g_object_ref (unit));
      g_hash_table_insert (self->rows, g_memdup2 (&id, sizeof id), row);
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
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ALL]);
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
  g_clear_object (&self->ruleset);

  G_OBJECT_CLASS (muster_unit_list_model_parent_class)->dispose (object);
}

static void
muster_unit_list_model_finalize (GObject *object)
{
  MusterUnitListModel *self = MUSTER_UNIT_LIST_MODEL (object);

  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->rows, g_hash_table_unref);

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
      g_value_set_uint (value, self->items->len);
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
  self->rows = rows_new ();
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
  muster_unit_list_model_refresh (self);
}

guint
muster_unit_list_model_get_n_all (MusterUnitListModel *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT_LIST_MODEL (self), 0);
  return self->items->len;
}

const char *
muster_unit_list_model_get_character_names (MusterUnitListModel *self,
                                            gint64               unit_id)
{
  UnitRow *row;

  g_return_val_if_fail (MUSTER_IS_UNIT_LIST_MODEL (self), "");

  row = g_hash_table_lookup (self->rows, &unit_id);
  return row ? row->names : "";
}

const char *
muster_unit_list_model_get_names_key (MusterUnitListModel *self,
                                      MusterUnit          *unit)
{
  UnitRow *row;

  g_return_val_if_fail (MUSTER_IS_UNIT_LIST_MODEL (self), "");

  if ((row = row_of (self, unit)) == NULL)
    return "";
  if (row->names_key == NULL)
    row->names_key = muster_sort_key_new (row->names);
  return row->names_key;
}

gboolean
muster_unit_list_model_matches (MusterUnitListModel *self,
                                MusterUnit          *unit,
                                const char          *folded)
{
  UnitRow *row;

  g_return_val_if_fail (MUSTER_IS_UNIT_LIST_MODEL (self), FALSE);

  if (folded == NULL)
    return TRUE;
  if ((row = row_of (self, unit)) == NULL)
    return FALSE;
  if (row->haystack == NULL)
    {
      const MusterUnitKindDef *kind = NULL;
      const MusterRatingDef *rating = NULL;
      g_autofree char *joined = NULL;

      if (self->ruleset != NULL)
        {
          kind = muster_ruleset_lookup_unit_kind (self->ruleset, muster_unit_get_kind (unit));
          if (muster_unit_get_rating (unit) != NULL)
            rating = muster_ruleset_lookup_rating (self->ruleset, muster_unit_get_rating (unit));
        }
      /* The texts shown, a line apart so that no match spans two. */
      joined = g_strjoin ("\n", muster_unit_get_name (unit), muster_unit_get_force_name (unit),
                          kind ? kind->name : muster_unit_get_kind (unit),
                          rating ? rating->name : (muster_unit_get_rating (unit) ? muster_unit_get_rating (unit) : ""),
                          row->names, NULL);
      row->haystack = g_utf8_casefold (joined, -1);
    }
  return strstr (row->haystack, folded) != NULL;
}

void
muster_unit_list_model_refresh (MusterUnitListModel *self)
{
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(GPtrArray) characters = NULL;
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
  if (ruleset != self->ruleset)
    {
      g_autoptr(GPtrArray) none = g_ptr_array_new_with_free_func (g_object_unref);

      /* Another ruleset names kinds and ratings otherwise: nothing kept. */
      g_set_object (&self->ruleset, ruleset);
      replace_items (self, none, names);
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

          /* The dead lead nobody any more. */
          if (unit_id == 0 || muster_character_get_status (character) == MUSTER_STATUS_DEAD)
            continue;
          old = g_hash_table_lookup (names, &unit_id);
          g_hash_table_insert (names, g_memdup2 (&unit_id, sizeof unit_id),
                               old ? g_strconcat (old, ", ", muster_character_get_name (character), NULL)
                                   : g_strdup (muster_character_get_name (character)));
        }
    }
  else
    units = g_ptr_array_new_with_free_func (g_object_unref);

  replace_items (self, units, names);
}
