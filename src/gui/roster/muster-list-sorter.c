/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-roster"

#include "config.h"

#include <string.h>

#include "muster-list-sorter.h"

struct _MusterListSorter
{
  GtkSorter         parent_instance;

  MusterTextKeyFunc   text_key;
  MusterNumberKeyFunc number_key;
  gpointer            user_data;
};

G_DEFINE_FINAL_TYPE (MusterListSorter, muster_list_sorter, GTK_TYPE_SORTER)

/* GTK 4.8 does not say which columns sort a column view, nor which way:
 * its sorter is asked to compare two stand-ins. The view's sorter asks
 * its columns' sorters in turn, the column clicked last first, until one
 * finds a difference, and swaps the answer for a column sorted down. So
 * the columns asked first answer that the two are equal, as many as the
 * columns already found, and the next says the first comes first: it is
 * the next column, and the answer its direction. */
#define MAX_KEYS 64

static struct {
  gboolean          active;
  guint             skip;    /* columns to answer "equal" */
  guint             asked;
  MusterListSorter *found;
} probe;
static const char probe_a, probe_b;

static GtkOrdering
muster_list_sorter_compare (GtkSorter *sorter,
                            gpointer   item1,
                            gpointer   item2)
{
  MusterListSorter *self = MUSTER_LIST_SORTER (sorter);

  if (probe.active)
    {
      if (probe.asked++ < probe.skip)
        return GTK_ORDERING_EQUAL;
      if (probe.found == NULL)
        probe.found = self;
      return item1 == &probe_a ? GTK_ORDERING_SMALLER : GTK_ORDERING_LARGER;
    }
  if (self->text_key != NULL)
    return gtk_ordering_from_cmpfunc (strcmp (self->text_key (item1, self->user_data),
                                              self->text_key (item2, self->user_data)));
  {
    int x = self->number_key (item1, self->user_data), y = self->number_key (item2, self->user_data);

    return gtk_ordering_from_cmpfunc ((x > y) - (x < y));
  }
}

static GtkSorterOrder
muster_list_sorter_get_order (GtkSorter *sorter)
{
  return GTK_SORTER_ORDER_PARTIAL;
}

static void
muster_list_sorter_class_init (MusterListSorterClass *klass)
{
  GtkSorterClass *sorter_class = GTK_SORTER_CLASS (klass);

  sorter_class->compare = muster_list_sorter_compare;
  sorter_class->get_order = muster_list_sorter_get_order;
}

static void
muster_list_sorter_init (MusterListSorter *self)
{
}

GtkSorter *
muster_list_sorter_new_text (MusterTextKeyFunc key,
                             gpointer          user_data)
{
  MusterListSorter *self;

  g_return_val_if_fail (key != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_LIST_SORTER, NULL);
  self->text_key = key;
  self->user_data = user_data;
  return GTK_SORTER (self);
}

GtkSorter *
muster_list_sorter_new_number (MusterNumberKeyFunc key,
                               gpointer            user_data)
{
  MusterListSorter *self;

  g_return_val_if_fail (key != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_LIST_SORTER, NULL);
  self->number_key = key;
  self->user_data = user_data;
  return GTK_SORTER (self);
}

static void
view_sorter_changed_cb (GtkSorter             *view_sorter,
                        GtkSorterChange        change,
                        MusterSortFilterModel *model)
{
  MusterSortKey keys[MAX_KEYS];
  guint n_keys = 0;

  while (n_keys < MAX_KEYS)
    {
      GtkOrdering order;
      MusterListSorter *column;

      probe.active = TRUE;
      probe.skip = n_keys;
      probe.asked = 0;
      probe.found = NULL;
      order = gtk_sorter_compare (view_sorter, (gpointer) &probe_a, (gpointer) &probe_b);
      column = probe.found;
      probe.active = FALSE;
      probe.found = NULL;
      if (column == NULL)
        break;
      keys[n_keys].text_key = column->text_key;
      keys[n_keys].number_key = column->number_key;
      keys[n_keys].user_data = column->user_data;
      keys[n_keys].descending = order == GTK_ORDERING_LARGER;
      n_keys++;
    }
  muster_sort_filter_model_sort_by_keys (model, keys, n_keys);
}

void
muster_list_sorter_follow_sorter (GtkSorter             *sorter,
                                  MusterSortFilterModel *model)
{
  g_return_if_fail (GTK_IS_SORTER (sorter));
  g_return_if_fail (MUSTER_IS_SORT_FILTER_MODEL (model));

  g_signal_connect_object (sorter, "changed", G_CALLBACK (view_sorter_changed_cb), model, 0);
  view_sorter_changed_cb (sorter, GTK_SORTER_CHANGE_DIFFERENT, model);
}

void
muster_list_sorter_follow (GtkColumnView         *view,
                           MusterSortFilterModel *model)
{
  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));

  muster_list_sorter_follow_sorter (gtk_column_view_get_sorter (view), model);
}
