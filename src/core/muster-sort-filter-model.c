/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-list"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "muster-sort-filter-model.h"

struct _MusterSortFilterModel
{
  GObject           parent_instance;

  GListModel       *source;
  gulong            items_changed_id;
  GPtrArray        *all;       /* the source's items in its order, owned */
  GPtrArray        *sorted;    /* the same, sorted; not owned */
  GPtrArray        *items;     /* those shown, in order; not owned */
  GPtrArray        *orders;    /* of Order: each key's order of all, kept */

  GArray           *keys;      /* of MusterSortKey: by the first, ties by the next */
  MusterMatchFunc   match;
  gpointer          match_data;
  GObject          *kept;      /* the item a selection keeps, or NULL */
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MusterSortFilterModel, muster_sort_filter_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static GType
muster_sort_filter_model_get_item_type (GListModel *model)
{
  return g_list_model_get_item_type (MUSTER_SORT_FILTER_MODEL (model)->source);
}

static guint
muster_sort_filter_model_get_n_items (GListModel *model)
{
  return MUSTER_SORT_FILTER_MODEL (model)->items->len;
}

static gpointer
muster_sort_filter_model_get_item (GListModel *model,
                                   guint       position)
{
  MusterSortFilterModel *self = MUSTER_SORT_FILTER_MODEL (model);

  if (position >= self->items->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = muster_sort_filter_model_get_item_type;
  iface->get_n_items = muster_sort_filter_model_get_n_items;
  iface->get_item = muster_sort_filter_model_get_item;
}

/* An item's key and position, for one sort: each key is asked for once,
 * and the comparisons read them without a call. */
typedef struct {
  union {
    const char *text;
    int         number;
  } key;
  guint    position;   /* in the source: equal keys keep its order */
} Keyed;

/* The order of all the items by one key, kept until the source changes:
 * sorting again by a column already sorted by, either way, reads it
 * instead of asking for keys and comparing them again. */
typedef struct {
  gpointer  text_key;
  gpointer  number_key;
  gpointer  key_data;
  guint    *up;      /* positions in all, by key, equal keys in its order */
  guint8   *tied;    /* tied[i]: up[i]'s key equals up[i - 1]'s */
  guint    *rank;    /* rank[p]: how many distinct keys come before all[p]'s */
  guint     n_ranks; /* distinct keys: all items' when no two are tied */
} Order;

static void
order_free (gpointer data)
{
  Order *order = data;

  g_free (order->up);
  g_free (order->tied);
  g_free (order->rank);
  g_free (order);
}

static int
compare_texts (gconstpointer a,
               gconstpointer b)
{
  const Keyed *x = a, *y = b;
  int result = strcmp (x->key.text, y->key.text);

  return result != 0 ? result : (x->position > y->position) - (x->position < y->position);
}

static int
compare_numbers (gconstpointer a,
                 gconstpointer b)
{
  const Keyed *x = a, *y = b;

  if (x->key.number != y->key.number)
    return x->key.number < y->key.number ? -1 : 1;
  return (x->position > y->position) - (x->position < y->position);
}

static GPtrArray *
copy_of (GPtrArray *array)
{
  GPtrArray *copy = g_ptr_array_sized_new (MAX (array->len, 1));

  if (array->len > 0)
    memcpy (copy->pdata, array->pdata, array->len * sizeof (gpointer));
  copy->len = array->len;
  return copy;
}

static gboolean
same_key (const MusterSortKey *a,
          const MusterSortKey *b)
{
  return a->text_key == b->text_key && a->number_key == b->number_key && a->user_data == b->user_data;
}

/* The order of all by @key, either way: the one kept, or one made with
 * the key asked for once per item, sorted up; equal keys keep the
 * source's order. */
static Order *
order_by (MusterSortFilterModel *self,
          const MusterSortKey   *key)
{
  guint n = self->all->len;
  g_autofree Keyed *keyed = NULL;
  Order *order;

  for (guint i = 0; i < self->orders->len; i++)
    {
      order = g_ptr_array_index (self->orders, i);
      if (order->text_key == key->text_key && order->number_key == key->number_key &&
          order->key_data == key->user_data)
        return order;
    }

  keyed = g_new (Keyed, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      gpointer item = g_ptr_array_index (self->all, i);

      if (key->text_key != NULL)
        keyed[i].key.text = key->text_key (item, key->user_data);
      else
        keyed[i].key.number = key->number_key (item, key->user_data);
      keyed[i].position = i;
    }
  qsort (keyed, n, sizeof (Keyed), key->text_key != NULL ? compare_texts : compare_numbers);

  order = g_new0 (Order, 1);
  order->text_key = key->text_key;
  order->number_key = key->number_key;
  order->key_data = key->user_data;
  order->up = g_new (guint, MAX (n, 1));
  order->tied = g_new0 (guint8, MAX (n, 1));
  order->rank = g_new (guint, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      order->up[i] = keyed[i].position;
      if (i > 0)
        order->tied[i] = key->text_key != NULL
                         ? strcmp (keyed[i].key.text, keyed[i - 1].key.text) == 0
                         : keyed[i].key.number == keyed[i - 1].key.number;
      if (i == 0 || !order->tied[i])
        order->n_ranks++;
      order->rank[keyed[i].position] = order->n_ranks - 1;
    }
  g_ptr_array_add (self->orders, order);
  return order;
}

/* @positions (of all) in a stable order by @order's key, up or down:
 * those of equal keys keep the order they had. A counting sort, as the
 * keys are ranks already. */
static void
sort_positions (guint       *positions,
                guint       *scratch,
                guint        n,
                const Order *order,
                gboolean     descending)
{
  g_autofree guint *starts = g_new0 (guint, order->n_ranks + 1);

  for (guint i = 0; i < n; i++)
    {
      guint rank = order->rank[positions[i]];

      starts[(descending ? order->n_ranks - 1 - rank : rank) + 1]++;
    }
  for (guint r = 1; r <= order->n_ranks; r++)
    starts[r] += starts[r - 1];
  for (guint i = 0; i < n; i++)
    {
      guint rank = order->rank[positions[i]];

      scratch[starts[descending ? order->n_ranks - 1 - rank : rank]++] = positions[i];
    }
  memcpy (positions, scratch, n * sizeof (guint));
}

/* The sorted items again, from the source's order, so that the order
 * depends on the keys alone, whatever came before.
 *
 * By one key, as most often: up is the kept order, down is it read from
 * the end a run of equal keys at a time, each run in the source's order.
 * By more, the keys that break ties: a stable sort by the last key, then
 * by the one before, and so on; the keys after one that ties nothing are
 * not asked for. */
static void
sort_all (MusterSortFilterModel *self)
{
  guint n = self->all->len, n_keys = 0;
  gpointer *all = self->all->pdata;
  gpointer *sorted;
  const MusterSortKey *first;
  Order *order;

  g_ptr_array_unref (self->sorted);
  self->sorted = copy_of (self->all);
  if (self->keys->len == 0 || n < 2)
    return;
  sorted = self->sorted->pdata;

  while (n_keys < self->keys->len)
    {
      order = order_by (self, &g_array_index (self->keys, MusterSortKey, n_keys));
      n_keys++;
      if (order->n_ranks == n)
        break;
    }

  if (n_keys > 1)
    {
      g_autofree guint *positions = g_new (guint, n);
      g_autofree guint *scratch = g_new (guint, n);

      for (guint i = 0; i < n; i++)
        positions[i] = i;
      for (guint k = n_keys; k > 0; k--)
        {
          const MusterSortKey *key = &g_array_index (self->keys, MusterSortKey, k - 1);

          sort_positions (positions, scratch, n, order_by (self, key), key->descending);
        }
      for (guint i = 0; i < n; i++)
        sorted[i] = all[positions[i]];
      return;
    }

  first = &g_array_index (self->keys, MusterSortKey, 0);
  order = order_by (self, first);
  if (!first->descending)
    {
      for (guint i = 0; i < n; i++)
        sorted[i] = all[order->up[i]];
      return;
    }
  for (guint end = n, out = 0; end > 0;)
    {
      guint start = end - 1;

      while (start > 0 && order->tied[start])
        start--;
      for (guint i = start; i < end; i++)
        sorted[out++] = all[order->up[i]];
      end = start;
    }
}

static gboolean tell_around_kept (MusterSortFilterModel *self,
                                  GPtrArray             *old,
                                  guint                  prefix,
                                  guint                  suffix);

/* Shows what the filter accepts, and tells the views about the rows
 * between the first and the last that changed. */
static void
update_items (MusterSortFilterModel *self)
{
  g_autoptr(GPtrArray) old = self->items;
  guint old_len = old->len, new_len, prefix = 0, suffix = 0;

  if (self->match == NULL)
    self->items = copy_of (self->sorted);
  else
    {
      self->items = g_ptr_array_sized_new (MAX (self->sorted->len, 1));
      for (guint i = 0; i < self->sorted->len; i++)
        {
          gpointer item = g_ptr_array_index (self->sorted, i);

          if (self->match (item, self->match_data))
            g_ptr_array_add (self->items, item);
        }
    }
  new_len = self->items->len;

  while (prefix < old_len && prefix < new_len &&
         g_ptr_array_index (old, prefix) == g_ptr_array_index (self->items, prefix))
    prefix++;
  while (suffix < old_len - prefix && suffix < new_len - prefix &&
         g_ptr_array_index (old, old_len - 1 - suffix) ==
         g_ptr_array_index (self->items, new_len - 1 - suffix))
    suffix++;
  if (prefix == old_len && prefix == new_len)
    return;
  if (!tell_around_kept (self, old, prefix, suffix))
    g_list_model_items_changed (G_LIST_MODEL (self), prefix,
                                old_len - prefix - suffix, new_len - prefix - suffix);
}

/* The position of @item in @items from @start up to @end, or G_MAXUINT. */
static guint
position_in (GPtrArray *items,
             gpointer   item,
             guint      start,
             guint      end)
{
  for (guint i = start; i < end; i++)
    if (g_ptr_array_index (items, i) == item)
      return i;
  return G_MAXUINT;
}

/* Tells the views of the change from @old to the items shown, between
 * @prefix and @suffix rows that stayed, in two changes, before the kept
 * item and after it, when it is in both; FALSE when it is not. GTK's
 * selections (4.8) look among all the rows a change adds for a selected
 * item it removed, asking for each row: at 10,000 rows, more than the
 * sort itself. Told this way, the kept item is never among those
 * removed: the first change moves it, by the count of rows before it,
 * and the second is after it. */
static gboolean
tell_around_kept (MusterSortFilterModel *self,
                  GPtrArray             *old,
                  guint                  prefix,
                  guint                  suffix)
{
  GPtrArray *shown = self->items;
  g_autoptr(GPtrArray) between = NULL;
  guint old_end = old->len - suffix, new_end = shown->len - suffix;
  guint was, is;

  if (self->kept == NULL ||
      (was = position_in (old, self->kept, prefix, old_end)) == G_MAXUINT ||
      (is = position_in (shown, self->kept, prefix, new_end)) == G_MAXUINT)
    return FALSE;

  /* The rows shown before it, then it and the old rows after it: what
   * the views see between the two changes. */
  between = g_ptr_array_sized_new (is + old->len - was);
  g_ptr_array_extend (between, shown, NULL, NULL);
  g_ptr_array_set_size (between, is);
  for (guint i = was; i < old->len; i++)
    g_ptr_array_add (between, g_ptr_array_index (old, i));

  self->items = between;
  if (was > prefix || is > prefix)
    g_list_model_items_changed (G_LIST_MODEL (self), prefix, was - prefix, is - prefix);
  self->items = shown;
  if (old_end > was + 1 || new_end > is + 1)
    g_list_model_items_changed (G_LIST_MODEL (self), is + 1, old_end - was - 1, new_end - is - 1);
  return TRUE;
}

static void
source_items_changed_cb (GListModel            *source,
                         guint                  position,
                         guint                  removed,
                         guint                  added,
                         MusterSortFilterModel *self)
{
  /* The objects removed stay alive until the views have been told. */
  g_autoptr(GPtrArray) old = self->all;

  g_return_if_fail (position + removed <= old->len);

  self->all = g_ptr_array_new_full (old->len - removed + added, g_object_unref);
  for (guint i = 0; i < position; i++)
    g_ptr_array_add (self->all, g_object_ref (g_ptr_array_index (old, i)));
  for (guint i = 0; i < added; i++)
    g_ptr_array_add (self->all, g_list_model_get_item (source, position + i));
  for (guint i = position + removed; i < old->len; i++)
    g_ptr_array_add (self->all, g_object_ref (g_ptr_array_index (old, i)));

  /* The positions the orders kept are the old ones. */
  g_ptr_array_set_size (self->orders, 0);
  sort_all (self);
  update_items (self);
}

static void
muster_sort_filter_model_dispose (GObject *object)
{
  MusterSortFilterModel *self = MUSTER_SORT_FILTER_MODEL (object);

  if (self->source != NULL)
    g_clear_signal_handler (&self->items_changed_id, self->source);
  g_clear_object (&self->source);

  G_OBJECT_CLASS (muster_sort_filter_model_parent_class)->dispose (object);
}

static void
muster_sort_filter_model_finalize (GObject *object)
{
  MusterSortFilterModel *self = MUSTER_SORT_FILTER_MODEL (object);

  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->sorted, g_ptr_array_unref);
  g_clear_pointer (&self->all, g_ptr_array_unref);
  g_clear_pointer (&self->orders, g_ptr_array_unref);
  g_clear_pointer (&self->keys, g_array_unref);
  g_clear_object (&self->kept);

  G_OBJECT_CLASS (muster_sort_filter_model_parent_class)->finalize (object);
}

static void
muster_sort_filter_model_class_init (MusterSortFilterModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = muster_sort_filter_model_dispose;
  object_class->finalize = muster_sort_filter_model_finalize;
}

static void
muster_sort_filter_model_init (MusterSortFilterModel *self)
{
  self->all = g_ptr_array_new_with_free_func (g_object_unref);
  self->sorted = g_ptr_array_new ();
  self->items = g_ptr_array_new ();
  self->orders = g_ptr_array_new_with_free_func (order_free);
  self->keys = g_array_new (FALSE, FALSE, sizeof (MusterSortKey));
}

/**
 * muster_sort_filter_model_new:
 * @source: the items, in the order shown when nothing sorts them
 *
 * Returns: (transfer full): a model showing all of @source's items.
 */
MusterSortFilterModel *
muster_sort_filter_model_new (GListModel *source)
{
  MusterSortFilterModel *self;
  guint n;

  g_return_val_if_fail (G_IS_LIST_MODEL (source), NULL);

  self = g_object_new (MUSTER_TYPE_SORT_FILTER_MODEL, NULL);
  self->source = g_object_ref (source);
  n = g_list_model_get_n_items (source);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (self->all, g_list_model_get_item (source, i));
  sort_all (self);
  g_ptr_array_unref (self->items);
  self->items = copy_of (self->sorted);
  self->items_changed_id = g_signal_connect (source, "items-changed",
                                             G_CALLBACK (source_items_changed_cb), self);
  return self;
}

GListModel *
muster_sort_filter_model_get_source (MusterSortFilterModel *self)
{
  g_return_val_if_fail (MUSTER_IS_SORT_FILTER_MODEL (self), NULL);
  return self->source;
}

/**
 * muster_sort_filter_model_set_kept:
 * @item: (nullable): the item a selection of the view keeps, or %NULL
 *
 * A change that moves @item is told the views in two, so that a
 * GtkSingleSelection or GtkMultiSelection follows it without looking for
 * it among every row changed.
 */
void
muster_sort_filter_model_set_kept (MusterSortFilterModel *self,
                                   gpointer               item)
{
  g_return_if_fail (MUSTER_IS_SORT_FILTER_MODEL (self));
  g_return_if_fail (item == NULL || G_IS_OBJECT (item));

  g_set_object (&self->kept, item);
}

/**
 * muster_sort_filter_model_sort_by_keys:
 * @keys: (array length=n_keys): what to sort by: the first key, items of
 *   equal first keys by the second, and so on; each key has either
 *   function
 * @n_keys: how many; 0 shows the source's order
 *
 * Sorts by @keys; items equal by all of them stay in the source's order.
 * Keys after one that no two items share are never asked for.
 */
void
muster_sort_filter_model_sort_by_keys (MusterSortFilterModel *self,
                                       const MusterSortKey   *keys,
                                       guint                  n_keys)
{
  gboolean same = n_keys == self->keys->len;

  g_return_if_fail (MUSTER_IS_SORT_FILTER_MODEL (self));
  g_return_if_fail (keys != NULL || n_keys == 0);

  for (guint k = 0; k < n_keys; k++)
    {
      g_return_if_fail ((keys[k].text_key != NULL) != (keys[k].number_key != NULL));
      if (same)
        {
          const MusterSortKey *kept = &g_array_index (self->keys, MusterSortKey, k);

          same = same_key (kept, &keys[k]) && !kept->descending == !keys[k].descending;
        }
    }
  if (same)
    return;
  g_array_set_size (self->keys, 0);
  g_array_append_vals (self->keys, keys, n_keys);
  sort_all (self);
  update_items (self);
}

void
muster_sort_filter_model_sort_by_text (MusterSortFilterModel *self,
                                       MusterTextKeyFunc      key,
                                       gpointer               user_data,
                                       gboolean               descending)
{
  MusterSortKey by = { key, NULL, user_data, descending };

  muster_sort_filter_model_sort_by_keys (self, &by, key != NULL ? 1 : 0);
}

void
muster_sort_filter_model_sort_by_number (MusterSortFilterModel *self,
                                         MusterNumberKeyFunc    key,
                                         gpointer               user_data,
                                         gboolean               descending)
{
  MusterSortKey by = { NULL, key, user_data, descending };

  muster_sort_filter_model_sort_by_keys (self, &by, key != NULL ? 1 : 0);
}

void
muster_sort_filter_model_keys_changed (MusterSortFilterModel *self)
{
  g_return_if_fail (MUSTER_IS_SORT_FILTER_MODEL (self));

  g_ptr_array_set_size (self->orders, 0);
  sort_all (self);
  update_items (self);
}

void
muster_sort_filter_model_set_filter (MusterSortFilterModel *self,
                                     MusterMatchFunc        match,
                                     gpointer               user_data)
{
  g_return_if_fail (MUSTER_IS_SORT_FILTER_MODEL (self));

  self->match = match;
  self->match_data = user_data;
  update_items (self);
}

void
muster_sort_filter_model_refilter (MusterSortFilterModel *self)
{
  g_return_if_fail (MUSTER_IS_SORT_FILTER_MODEL (self));
  update_items (self);
}

guint
muster_sort_filter_model_find (MusterSortFilterModel *self,
                               gpointer               item)
{
  guint position;

  g_return_val_if_fail (MUSTER_IS_SORT_FILTER_MODEL (self), G_MAXUINT);

  if (item != NULL && g_ptr_array_find (self->items, item, &position))
    return position;
  return G_MAXUINT;
}

char *
muster_search_fold (const char *text)
{
  g_autofree char *stripped = NULL;

  if (text == NULL)
    return NULL;
  stripped = g_strstrip (g_strdup (text));
  if (*stripped == '\0')
    return NULL;
  return g_utf8_casefold (stripped, -1);
}

char *
muster_sort_key_new (const char *text)
{
  g_autofree char *folded = g_utf8_casefold (text != NULL ? text : "", -1);

  return g_utf8_collate_key (folded, -1);
}
