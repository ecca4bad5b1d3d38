/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-roster"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

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

/* What muster_list_sorter_follow() keeps, on the model: the view whose
 * sorter the model follows and the actions that sort it from a menu,
 * both weak (the view holds the actions, which hold this). */
typedef struct {
  MusterSortFilterModel *model;
  GtkColumnView         *view;
  GSimpleActionGroup    *actions;
} Follow;

#define FOLLOW_KEY "muster-list-sorter-follow"

static void
follow_clear (gpointer data)
{
  Follow *follow = data;

  if (follow->view != NULL)
    g_object_remove_weak_pointer (G_OBJECT (follow->view), (gpointer *) &follow->view);
  if (follow->actions != NULL)
    g_object_remove_weak_pointer (G_OBJECT (follow->actions), (gpointer *) &follow->actions);
  if (follow->model != NULL)
    g_object_remove_weak_pointer (G_OBJECT (follow->model), (gpointer *) &follow->model);
}

static void
follow_release (gpointer data)
{
  g_rc_box_release_full (data, follow_clear);
}

static void
follow_release_closure (gpointer  data,
                        GClosure *closure)
{
  follow_release (data);
}

/* The position of the column of @view sorted by @sorter among all its
 * columns, or -1. */
static int
column_position (GtkColumnView *view,
                 GtkSorter     *sorter)
{
  GListModel *columns = gtk_column_view_get_columns (view);

  for (guint i = 0; sorter != NULL && i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (gtk_column_view_column_get_sorter (column) == sorter)
        return (int) i;
    }
  return -1;
}

static void
view_sorter_changed_cb (GtkSorter             *view_sorter,
                        GtkSorterChange        change,
                        MusterSortFilterModel *model)
{
  Follow *follow = g_object_get_data (G_OBJECT (model), FOLLOW_KEY);
  MusterSortKey keys[MAX_KEYS];
  MusterListSorter *first = NULL;
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
      if (first == NULL)
        first = column;
      keys[n_keys].text_key = column->text_key;
      keys[n_keys].number_key = column->number_key;
      keys[n_keys].user_data = column->user_data;
      keys[n_keys].descending = order == GTK_ORDERING_LARGER;
      n_keys++;
    }
  muster_sort_filter_model_sort_by_keys (model, keys, n_keys);

  /* The menu shows the column sorted by first, and which way. */
  if (follow->view != NULL && follow->actions != NULL)
    {
      GAction *by = g_action_map_lookup_action (G_ACTION_MAP (follow->actions), "column");
      GAction *way = g_action_map_lookup_action (G_ACTION_MAP (follow->actions), "order");

      g_simple_action_set_state (G_SIMPLE_ACTION (by),
                                 g_variant_new_int32 (column_position (follow->view, GTK_SORTER (first))));
      g_simple_action_set_state (G_SIMPLE_ACTION (way),
                                 g_variant_new_string (n_keys > 0 && keys[0].descending ? "descending" : "ascending"));
    }
}

/* Sorts @view by the column at @position, @descending or not. */
static void
sort_view (GtkColumnView *view,
           int            position,
           gboolean       descending)
{
  g_autoptr(GtkColumnViewColumn) column = NULL;

  if (position < 0)
    return;
  column = g_list_model_get_item (gtk_column_view_get_columns (view), (guint) position);
  if (column == NULL || gtk_column_view_column_get_sorter (column) == NULL)
    return;
  /* Unsorted first: GTK 4.8 leaves the arrow of the column sorted by
   * before in its heading when another is sorted by at once. */
  gtk_column_view_sort_by_column (view, NULL, GTK_SORT_ASCENDING);
  gtk_column_view_sort_by_column (view, column, descending ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING);
  /* The rows moved under the row with the focus, which GTK 4.8 loses:
   * the keyboard goes on from the list. */
  gtk_widget_grab_focus (GTK_WIDGET (view));
}

/* A column chosen in the menu: sorted by it alone, the way shown. */
static void
sort_column_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       Follow        *follow)
{
  g_autoptr(GVariant) way = NULL;

  if (follow->view == NULL || follow->actions == NULL)
    return;
  way = g_action_group_get_action_state (G_ACTION_GROUP (follow->actions), "order");
  sort_view (follow->view, g_variant_get_int32 (parameter),
             g_str_equal (g_variant_get_string (way, NULL), "descending"));
}

/* A way chosen: the column sorted by first, sorted so. */
static void
sort_order_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      Follow        *follow)
{
  g_autoptr(GVariant) column = NULL;

  if (follow->view == NULL || follow->actions == NULL)
    return;
  column = g_action_group_get_action_state (G_ACTION_GROUP (follow->actions), "column");
  sort_view (follow->view, g_variant_get_int32 (column),
             g_str_equal (g_variant_get_string (parameter, NULL), "descending"));
}

/* Has @model sort as @sorter says, now and at every change, until
 * @model goes; with @view, gives @view the "sort" actions. */
static void
start_following (GtkSorter             *sorter,
                 MusterSortFilterModel *model,
                 GtkColumnView         *view)
{
  Follow *follow = g_rc_box_new0 (Follow);

  follow->model = model;
  g_object_add_weak_pointer (G_OBJECT (model), (gpointer *) &follow->model);
  g_object_set_data_full (G_OBJECT (model), FOLLOW_KEY, follow, follow_release);
  if (view != NULL)
    {
      g_autoptr(GSimpleAction) column = g_simple_action_new_stateful ("column", G_VARIANT_TYPE_INT32,
                                                                      g_variant_new_int32 (-1));
      g_autoptr(GSimpleAction) order = g_simple_action_new_stateful ("order", G_VARIANT_TYPE_STRING,
                                                                     g_variant_new_string ("ascending"));
      g_autoptr(GSimpleActionGroup) actions = g_simple_action_group_new ();

      follow->view = view;
      g_object_add_weak_pointer (G_OBJECT (view), (gpointer *) &follow->view);
      g_signal_connect_data (column, "activate", G_CALLBACK (sort_column_activated),
                             g_rc_box_acquire (follow), follow_release_closure, 0);
      g_signal_connect_data (order, "activate", G_CALLBACK (sort_order_activated),
                             g_rc_box_acquire (follow), follow_release_closure, 0);
      g_action_map_add_action (G_ACTION_MAP (actions), G_ACTION (column));
      g_action_map_add_action (G_ACTION_MAP (actions), G_ACTION (order));
      follow->actions = actions;
      g_object_add_weak_pointer (G_OBJECT (actions), (gpointer *) &follow->actions);
      g_object_set_data (G_OBJECT (view), "muster-list-sorter-actions", actions);
      gtk_widget_insert_action_group (GTK_WIDGET (view), "sort", G_ACTION_GROUP (actions));
    }

  g_signal_connect_object (sorter, "changed", G_CALLBACK (view_sorter_changed_cb), model, 0);
  view_sorter_changed_cb (sorter, GTK_SORTER_CHANGE_DIFFERENT, model);
}

void
muster_list_sorter_follow_sorter (GtkSorter             *sorter,
                                  MusterSortFilterModel *model)
{
  g_return_if_fail (GTK_IS_SORTER (sorter));
  g_return_if_fail (MUSTER_IS_SORT_FILTER_MODEL (model));

  start_following (sorter, model, NULL);
}

/* The item the view's selection keeps, when it keeps one alone: a new
 * order moves it without GTK looking for it among every row. */
static void
selection_changed_cb (GtkSelectionModel     *selection,
                      guint                  position,
                      guint                  n_items,
                      MusterSortFilterModel *model)
{
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (selection);
  g_autoptr(GObject) item = NULL;

  if (gtk_bitset_get_size (selected) == 1)
    item = g_list_model_get_item (G_LIST_MODEL (selection), gtk_bitset_get_minimum (selected));
  muster_sort_filter_model_set_kept (model, item);
}

void
muster_list_sorter_follow (GtkColumnView         *view,
                           MusterSortFilterModel *model)
{
  GtkSelectionModel *selection;

  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));
  g_return_if_fail (MUSTER_IS_SORT_FILTER_MODEL (model));

  start_following (gtk_column_view_get_sorter (view), model, view);

  selection = gtk_column_view_get_model (view);
  if (selection != NULL)
    {
      g_signal_connect_object (selection, "selection-changed", G_CALLBACK (selection_changed_cb), model, 0);
      selection_changed_cb (selection, 0, 0, model);
    }
}

GActionGroup *
muster_list_sorter_get_actions (GtkColumnView *view)
{
  g_return_val_if_fail (GTK_IS_COLUMN_VIEW (view), NULL);
  return g_object_get_data (G_OBJECT (view), "muster-list-sorter-actions");
}

void
muster_list_sorter_fill_menu (GtkColumnView *view,
                              GMenu         *menu)
{
  GListModel *columns;
  g_autoptr(GMenu) by = g_menu_new ();
  g_autoptr(GMenu) way = g_menu_new ();

  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));
  g_return_if_fail (G_IS_MENU (menu));

  columns = gtk_column_view_get_columns (view);
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);
      g_autoptr(GMenuItem) item = NULL;

      if (!gtk_column_view_column_get_visible (column) || gtk_column_view_column_get_sorter (column) == NULL)
        continue;
      item = g_menu_item_new (gtk_column_view_column_get_title (column), NULL);
      g_menu_item_set_action_and_target (item, "sort.column", "i", (int) i);
      g_menu_append_item (by, item);
    }
  g_menu_append (way, _("_Ascending"), "sort.order::ascending");
  g_menu_append (way, _("_Descending"), "sort.order::descending");

  g_menu_remove_all (menu);
  g_menu_append_section (menu, NULL, G_MENU_MODEL (by));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (way));
}
