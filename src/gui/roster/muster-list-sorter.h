/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "muster-sort-filter-model.h"

G_BEGIN_DECLS

/*
 * The sorter of a column whose rows a MusterSortFilterModel sorts: a
 * column given one can be clicked to sort by it, and shows which way;
 * muster_list_sorter_follow() has the model sort by the column and the
 * direction the view's sorter says, rows alike in that column by the
 * columns clicked before it, as GTK's own sorting does, by the columns'
 * own keys (which each row keeps), instead of a GtkSortListModel making
 * a key for every row on every change.
 */
#define MUSTER_TYPE_LIST_SORTER (muster_list_sorter_get_type ())
G_DECLARE_FINAL_TYPE (MusterListSorter, muster_list_sorter, MUSTER, LIST_SORTER, GtkSorter)

/* Sorts rows by the text key or the number @key gives each, given
 * @user_data (which must outlive the sorter). */
GtkSorter *muster_list_sorter_new_text   (MusterTextKeyFunc      key,
                                          gpointer               user_data);
GtkSorter *muster_list_sorter_new_number (MusterNumberKeyFunc    key,
                                          gpointer               user_data);
/* Sorts @model as @view's sorter says, now and whenever it changes,
 * until @model goes, and gives @view the "sort" actions of
 * muster_list_sorter_fill_menu(). Every column of @view sorts with a
 * MusterListSorter; @model follows one view. The view's model, a
 * selection of @model, is set first: the item it keeps selected alone is
 * @model's kept item (muster_sort_filter_model_set_kept()). */
void       muster_list_sorter_follow (GtkColumnView         *view,
                                      MusterSortFilterModel *model);
/* Fills @menu with the columns of @view it can be sorted by and the two
 * ways, for the "sort" actions muster_list_sorter_follow() gives @view
 * ("sort.column", the column's position among @view's columns, and
 * "sort.order", "ascending" or "descending"): a way to sort without a
 * pointer. Choosing a column sorts by it alone. */
void       muster_list_sorter_fill_menu (GtkColumnView *view,
                                         GMenu         *menu);
/* The "sort" actions of @view, whose states say the column sorted by
 * first and which way; NULL for a view not followed. */
GActionGroup *muster_list_sorter_get_actions (GtkColumnView *view);
/* The same for @sorter, which compares by MusterListSorters asked in
 * turn, each maybe the other way, as a column view's sorter does. */
void       muster_list_sorter_follow_sorter (GtkSorter             *sorter,
                                             MusterSortFilterModel *model);

G_END_DECLS
