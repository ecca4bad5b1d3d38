/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * A GListModel showing the items of another, sorted and filtered in
 * memory, by functions that read what each item keeps (sort keys made
 * once per item, a search text folded once): a list of thousands of rows
 * sorts and filters without asking the store again and without making a
 * key for every row on every change of column or direction, as
 * GtkSortListModel with GTK's own sorters does. The items are the
 * source's own objects, never copies.
 *
 * Every change (of the source, the order or the filter) emits one
 * ::items-changed, for the rows between the first and the last that
 * changed (two, either side of the kept item, when it moves: see
 * muster_sort_filter_model_set_kept()); rows shown before and after keep
 * their objects, so a view keeps their widgets.
 */
#define MUSTER_TYPE_SORT_FILTER_MODEL (muster_sort_filter_model_get_type ())
G_DECLARE_FINAL_TYPE (MusterSortFilterModel, muster_sort_filter_model, MUSTER, SORT_FILTER_MODEL, GObject)

/* Whether @item is shown. */
typedef gboolean    (*MusterMatchFunc)     (gpointer item,
                                            gpointer user_data);
/* What @item sorts by: a text key, compared with strcmp() (see
 * muster_sort_key_new()), or a number. Asked once per item, function
 * and @user_data: the order is kept, for either direction, until the
 * source changes or muster_sort_filter_model_keys_changed(). */
typedef const char *(*MusterTextKeyFunc)   (gpointer item,
                                            gpointer user_data);
typedef int         (*MusterNumberKeyFunc) (gpointer item,
                                            gpointer user_data);

/* One key to sort by: either function, and which way. */
typedef struct {
  MusterTextKeyFunc   text_key;
  MusterNumberKeyFunc number_key;
  gpointer            user_data;
  gboolean            descending;
} MusterSortKey;

MusterSortFilterModel *muster_sort_filter_model_new        (GListModel            *source);
GListModel            *muster_sort_filter_model_get_source (MusterSortFilterModel *self);
/* Sorts by the key @key gives each item, in reverse when @descending;
 * items of equal keys stay in the source's order. NULL: the source's
 * order. @user_data must outlive its use. */
void                   muster_sort_filter_model_sort_by_text   (MusterSortFilterModel *self,
                                                                MusterTextKeyFunc      key,
                                                                gpointer               user_data,
                                                                gboolean               descending);
void                   muster_sort_filter_model_sort_by_number (MusterSortFilterModel *self,
                                                                MusterNumberKeyFunc    key,
                                                                gpointer               user_data,
                                                                gboolean               descending);
/* Sorts by @keys[0], items of equal keys by @keys[1], and so on, as a
 * column view whose columns were clicked in turn, the last first; items
 * equal by all keep the source's order. @n_keys 0: the source's order.
 * Each key's @user_data must outlive its use. */
void                   muster_sort_filter_model_sort_by_keys   (MusterSortFilterModel *self,
                                                                const MusterSortKey   *keys,
                                                                guint                  n_keys);
/* Sorts again, asking for every key: what a key function reads changed
 * while the source's items did not. */
void                   muster_sort_filter_model_keys_changed (MusterSortFilterModel *self);
/* Shows the items @match accepts; NULL shows all. @user_data must outlive
 * its use. */
void                   muster_sort_filter_model_set_filter (MusterSortFilterModel *self,
                                                            MusterMatchFunc        match,
                                                            gpointer               user_data);
/* Asks the filter again, after what it reads changed. */
void                   muster_sort_filter_model_refilter   (MusterSortFilterModel *self);
/* The item a selection of the view keeps (NULL: none, or more than
 * one): a change that moves it is told in two, the rows before it and
 * those after it, so that GTK's selections, which look for a selected
 * item among all the rows a change adds, find it where it went without
 * looking. Held until set again. */
void                   muster_sort_filter_model_set_kept   (MusterSortFilterModel *self,
                                                            gpointer               item);
/* The position of @item among those shown, or G_MAXUINT. */
guint                  muster_sort_filter_model_find       (MusterSortFilterModel *self,
                                                            gpointer               item);

/* A key to sort @text (NULL: "") by with strcmp(), casefolded, as the
 * user's language orders texts. */
char                  *muster_sort_key_new                 (const char            *text);
/* @text stripped and casefolded, for searching texts casefolded once;
 * NULL when nothing is left. */
char                  *muster_search_fold                  (const char            *text);

G_END_DECLS
