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

/* GTK 4.8 does not say which column sorts a column view, nor which way:
 * its sorter is asked to compare two stand-ins, and the columns' sorters
 * answer that the first comes first. The view's sorter asks its columns
 * in order, the one the rows are sorted by first, and stops at the first
 * that finds a difference, swapping the two (or the answer) for a column
 * sorted down: the first asked is the column, the answer the direction. */
static struct {
  gboolean          active;
  MusterListSorter *first;
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
      if (probe.first == NULL)
        probe.first = self;
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
  MusterListSorter *column;
  GtkOrdering order;

  probe.active = TRUE;
  probe.first = NULL;
  order = gtk_sorter_compare (view_sorter, (gpointer) &probe_a, (gpointer) &probe_b);
  column = probe.first;
  probe.active = FALSE;
  probe.first = NULL;

  if (column == NULL)
    muster_sort_filter_model_sort_by_text (model, NULL, NULL, FALSE);
  else if (column->text_key != NULL)
    muster_sort_filter_model_sort_by_text (model, column->text_key, column->user_data,
                                           order == GTK_ORDERING_LARGER);
  else
    muster_sort_filter_model_sort_by_number (model, column->number_key, column->user_data,
                                             order == GTK_ORDERING_LARGER);
}

void
muster_list_sorter_follow (GtkColumnView         *view,
                           MusterSortFilterModel *model)
{
  GtkSorter *view_sorter;

  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));
  g_return_if_fail (MUSTER_IS_SORT_FILTER_MODEL (model));

  view_sorter = gtk_column_view_get_sorter (view);
  g_signal_connect_object (view_sorter, "changed", G_CALLBACK (view_sorter_changed_cb), model, 0);
  view_sorter_changed_cb (view_sorter, GTK_SORTER_CHANGE_DIFFERENT, model);
}
