/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "muster-gui-test-util.h"
#include "muster-log-item.h"
#include "muster-log-page.h"
#include "muster-sort-filter-model.h"
#include "muster-test-util.h"
#include "muster-window.h"

/* The Log page sorted by each of its columns, either way, and as the
 * campaign's log changes under it. */

static const struct {
  const char       *title;
  MusterLogItemKey  key;
} columns[] = {
  { "Date", MUSTER_LOG_ITEM_KEY_DATE },
  { "Game", MUSTER_LOG_ITEM_KEY_GAME },
  { "Character", MUSTER_LOG_ITEM_KEY_CHARACTER },
  { "What Happened", MUSTER_LOG_ITEM_KEY_MESSAGE },
  { "Dice", MUSTER_LOG_ITEM_KEY_DICE },
};

static GtkColumnViewColumn *
column_titled (GtkColumnView *view,
               const char    *title)
{
  GListModel *list = gtk_column_view_get_columns (view);

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (list, i);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), title) == 0)
        return column;
    }
  g_assert_not_reached ();
}

typedef struct {
  GListModel       *source;
  MusterLogItemKey  key;
  gboolean          descending;
} Expected;

/* The order made from scratch: by the key, or by it reversed, equal keys
 * in the log's own order (newest first) both ways. */
static int
compare_expected (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  const Expected *expected = user_data;
  guint p = *(const guint *) a, q = *(const guint *) b;
  g_autoptr(MusterLogItem) x = g_list_model_get_item (expected->source, p);
  g_autoptr(MusterLogItem) y = g_list_model_get_item (expected->source, q);
  int result = strcmp (muster_log_item_get_sort_key (x, expected->key),
                       muster_log_item_get_sort_key (y, expected->key));

  if (expected->descending)
    result = -result;
  return result != 0 ? result : (p > q) - (p < q);
}

static void
assert_sorted (GListModel       *shown,
               MusterLogItemKey  key,
               gboolean          descending)
{
  Expected expected = { muster_sort_filter_model_get_source (MUSTER_SORT_FILTER_MODEL (shown)), key, descending };
  guint n = g_list_model_get_n_items (expected.source);
  g_autoptr(GArray) positions = g_array_sized_new (FALSE, FALSE, sizeof (guint), n);

  for (guint i = 0; i < n; i++)
    g_array_append_val (positions, i);
  g_array_sort_with_data (positions, compare_expected, &expected);
  g_assert_cmpuint (g_list_model_get_n_items (shown), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (shown, i);
      g_autoptr(GObject) wanted = g_list_model_get_item (expected.source, g_array_index (positions, guint, i));

      g_assert_true (item == wanted);
    }
}

/* Every column, up then down, twice over (the second time from the
 * orders kept), each checked against the order made from scratch. */
static void
assert_every_order (GtkColumnView *view,
                    GListModel    *shown)
{
  for (guint pass = 0; pass < 2; pass++)
    for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
      for (guint way = 0; way < 2; way++)
        {
          guint column = pass == 0 ? c : G_N_ELEMENTS (columns) - 1 - c;

          g_test_message ("by %s, %s", columns[column].title, way ? "down" : "up");
          gtk_column_view_sort_by_column (view, column_titled (view, columns[column].title),
                                          way ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING);
          assert_sorted (shown, columns[column].key, way == 1);
        }
}

static void
test_log_sort (void)
{
  MusterGuiFixture f = { 0 };
  g_autoptr(GError) error = NULL;
  AdwViewStack *stack;
  MusterLogPage *page;
  GtkColumnView *view;
  GListModel *shown, *source;
  guint n;

  muster_gui_fixture_open (&f, TRUE);
  stack = ADW_VIEW_STACK (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "view_stack"));
  adw_view_stack_set_visible_child_name (stack, "log");
  muster_gui_spin ();
  page = MUSTER_LOG_PAGE (muster_window_get_page (f.window, "log"));
  view = GTK_COLUMN_VIEW (muster_gui_template_child (page, MUSTER_TYPE_LOG_PAGE, "column_view"));
  shown = muster_log_page_get_model (page);
  source = muster_sort_filter_model_get_source (MUSTER_SORT_FILTER_MODEL (shown));
  n = g_list_model_get_n_items (shown);
  g_assert_cmpuint (n, >, 1);

  /* Every column sorts. */
  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    g_assert_nonnull (gtk_column_view_column_get_sorter (column_titled (view, columns[c].title)));
  assert_every_order (view, shown);

  /* Sorted by date, oldest first: an entry written now lands where that
   * order puts it, and the orders kept are made again from the log read
   * again. */
  gtk_column_view_sort_by_column (view, column_titled (view, "Date"), GTK_SORT_ASCENDING);
  g_assert_cmpint (muster_store_create_force (f.store, f.campaign_id, "Brunswick Oels", NULL, &error), >, 0);
  g_assert_no_error (error);
  muster_gui_spin ();
  g_assert_cmpuint (g_list_model_get_n_items (shown), ==, n + 1);
  assert_sorted (shown, MUSTER_LOG_ITEM_KEY_DATE, FALSE);
  assert_every_order (view, shown);

  /* The rows' menu sorts too, the Log page having no other menu. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "sort.column", "i", 4));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "sort.order", "s", "descending"));
  assert_sorted (shown, MUSTER_LOG_ITEM_KEY_DICE, TRUE);

  /* Unsorted again: the log's own order, newest first. */
  gtk_column_view_sort_by_column (view, NULL, GTK_SORT_ASCENDING);
  for (guint i = 0; i <= n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (shown, i);
      g_autoptr(GObject) wanted = g_list_model_get_item (source, i);

      g_assert_true (item == wanted);
    }

  muster_gui_fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  muster_gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/log/sort", test_log_sort);

  return muster_gui_test_finish (g_test_run ());
}
