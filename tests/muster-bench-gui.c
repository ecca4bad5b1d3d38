/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "muster-bench-gui.h"
#include "muster-test-util.h"

typedef struct {
  gint64 after;     /* a frame begun after this is the one awaited */
  gint64 painted;
} Paint;

static gint64 search_changed_at;
static const char *search_awaited;

static void
after_paint_cb (GdkFrameClock *clock,
                Paint         *paint)
{
  gint64 now = g_get_monotonic_time ();

  if (paint->after != 0 && paint->painted == 0 && now >= paint->after)
    paint->painted = now;
}

void
muster_bench_settle (void)
{
  /* The frame clock paints at most one frame per refresh interval: after
   * a pause longer than that, a frame asked for starts at once. */
  for (guint i = 0; i < 3; i++)
    {
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
      g_usleep (12000);
    }
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

static double
wait_for_paint (GdkFrameClock *clock,
                Paint         *paint,
                gulong         handler)
{
  while (paint->painted == 0)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, handler);
  return (paint->painted - paint->after) / 1000.0;
}

double
muster_bench_time_to_paint (GtkWidget         *widget,
                            MusterBenchAction  action,
                            gpointer           data)
{
  GdkFrameClock *clock;
  Paint paint = { 0 };
  gulong handler;

  muster_bench_settle ();
  clock = gtk_widget_get_frame_clock (widget);
  g_assert_nonnull (clock);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &paint);
  paint.after = g_get_monotonic_time ();
  action (data);
  /* A frame comes even when the change needs no drawing. */
  gtk_widget_queue_draw (widget);
  return wait_for_paint (clock, &paint, handler);
}

static gboolean
search_changed_hook (GSignalInvocationHint *hint,
                     guint                  n_params,
                     const GValue          *params,
                     gpointer               data)
{
  GtkEditable *entry = g_value_get_object (&params[0]);

  /* Hooks run before the handlers: the time the search starts. */
  if (search_awaited != NULL && g_str_equal (gtk_editable_get_text (entry), search_awaited))
    search_changed_at = g_get_monotonic_time ();
  return TRUE;
}

double
muster_bench_time_letter (GtkSearchEntry *entry,
                          const char     *letter)
{
  static gboolean hooked;
  g_autofree char *text = g_strconcat (gtk_editable_get_text (GTK_EDITABLE (entry)), letter, NULL);
  GdkFrameClock *clock;
  Paint paint = { 0 };
  gulong handler;
  int position = -1;

  if (!hooked)
    {
      g_signal_add_emission_hook (g_signal_lookup ("search-changed", GTK_TYPE_SEARCH_ENTRY), 0,
                                  search_changed_hook, NULL, NULL);
      hooked = TRUE;
    }

  muster_bench_settle ();
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (entry));
  g_assert_nonnull (clock);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &paint);
  search_changed_at = 0;
  search_awaited = text;
  /* Inserted, not set: setting the text empties the entry first, which
   * is a search of its own. */
  gtk_editable_insert_text (GTK_EDITABLE (entry), letter, -1, &position);
  while (search_changed_at == 0)
    g_main_context_iteration (NULL, TRUE);
  search_awaited = NULL;
  paint.after = search_changed_at;
  gtk_widget_queue_draw (GTK_WIDGET (entry));
  return wait_for_paint (clock, &paint, handler);
}

/* --- The plain list ------------------------------------------------------ */

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  numeric)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1.0 : 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *item,
         gpointer                  numeric)
{
  GtkExpression *expression = g_object_get_data (G_OBJECT (factory), "expression");
  g_auto(GValue) value = G_VALUE_INIT;
  g_autofree char *text = NULL;

  if (gtk_expression_evaluate (expression, gtk_list_item_get_item (item), &value))
    {
      if (G_VALUE_HOLDS_STRING (&value))
        text = g_value_dup_string (&value);
      else if (G_VALUE_HOLDS_INT (&value))
        text = g_strdup_printf ("%d", g_value_get_int (&value));
    }
  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)), text ? text : "");
}

MusterPlainList *
muster_plain_list_new (GListModel *items,
                       GtkFilter  *filter,
                       int         width,
                       int         height)
{
  MusterPlainList *self = g_new0 (MusterPlainList, 1);
  GtkSortListModel *sorted;
  GtkMultiSelection *selection;
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  self->numbers = g_ptr_array_new ();
  self->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (self->window, width, height);
  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  sorted = gtk_sort_list_model_new (items, g_object_ref (gtk_column_view_get_sorter (self->view)));
  self->filtered = gtk_filter_list_model_new (G_LIST_MODEL (sorted), filter);
  selection = gtk_multi_selection_new (g_object_ref (G_LIST_MODEL (self->filtered)));
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->view));
  gtk_window_set_child (self->window, scrolled);
  return self;
}

static char *
number_text (gpointer item,
             int      value)
{
  return g_strdup_printf ("%d", value);
}

GtkColumnViewColumn *
muster_plain_list_add_column (MusterPlainList *self,
                              const char      *title,
                              GtkExpression   *expression,
                              gboolean         numeric)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;
  GtkExpression *text = gtk_expression_ref (expression);
  GtkSorter *sorter;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), GINT_TO_POINTER (numeric));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), GINT_TO_POINTER (numeric));
  g_object_set_data_full (G_OBJECT (factory), "expression", gtk_expression_ref (expression),
                          (GDestroyNotify) gtk_expression_unref);
  if (numeric)
    text = gtk_cclosure_expression_new (G_TYPE_STRING, NULL, 1, &text, G_CALLBACK (number_text), NULL, NULL);
  sorter = GTK_SORTER (gtk_string_sorter_new (text));
  column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_sorter (column, sorter);
  gtk_column_view_column_set_resizable (column, TRUE);
  g_object_unref (sorter);
  gtk_column_view_append_column (self->view, column);
  if (numeric)
    g_ptr_array_add (self->numbers, column);
  g_object_unref (column);
  return column;
}

void
muster_plain_list_sort_numbers (MusterPlainList *self)
{
  for (guint i = 0; i < self->numbers->len; i++)
    {
      GtkColumnViewColumn *column = g_ptr_array_index (self->numbers, i);
      GtkListItemFactory *factory = gtk_column_view_column_get_factory (column);
      GtkExpression *expression = g_object_get_data (G_OBJECT (factory), "expression");
      GtkSorter *sorter = GTK_SORTER (gtk_numeric_sorter_new (gtk_expression_ref (expression)));

      gtk_column_view_column_set_sorter (column, sorter);
      g_object_unref (sorter);
    }
}

void
muster_plain_list_free (MusterPlainList *self)
{
  gtk_window_destroy (self->window);
  g_ptr_array_unref (self->numbers);
  g_free (self);
}

GPtrArray *
muster_bench_visible_columns (GtkColumnView *view)
{
  GListModel *columns = gtk_column_view_get_columns (view);
  GPtrArray *visible = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      GtkColumnViewColumn *column = g_list_model_get_item (columns, i);

      if (gtk_column_view_column_get_visible (column) &&
          gtk_column_view_column_get_sorter (column) != NULL)
        g_ptr_array_add (visible, column);
      else
        g_object_unref (column);
    }
  return visible;
}

typedef struct {
  GtkColumnView       *view;
  GtkColumnViewColumn *column;
  GtkSortType          order;
} SortBy;

static void
sort_by (gpointer data)
{
  SortBy *sort = data;

  gtk_column_view_sort_by_column (sort->view, sort->column, sort->order);
}

double
muster_bench_sort_column (GtkColumnView       *view,
                          GtkColumnViewColumn *column,
                          MusterPlainList     *plain,
                          GtkColumnViewColumn *plain_column,
                          guint                runs,
                          GArray              *ours,
                          GArray              *baseline)
{
  g_autoptr(GArray) mine = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) theirs = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint run = 0; run < runs; run++)
    for (guint order = 0; order < 2; order++)
      {
        SortBy ours_by = { view, column, order };
        SortBy plain_by = { plain->view, plain_column, order };
        double ms;

        ms = muster_bench_time_to_paint (GTK_WIDGET (view), sort_by, &ours_by);
        g_array_append_val (mine, ms);
        ms = muster_bench_time_to_paint (GTK_WIDGET (plain->view), sort_by, &plain_by);
        g_array_append_val (theirs, ms);
      }
  g_array_append_vals (ours, mine->data, mine->len);
  g_array_append_vals (baseline, theirs->data, theirs->len);
  g_print ("  by %-14s median %8.2f ms, plain %8.2f ms: %.2fx\n",
           gtk_column_view_column_get_title (column),
           muster_test_median (mine), muster_test_median (theirs),
           muster_test_median (mine) / muster_test_median (theirs));
  return muster_test_median (mine) / muster_test_median (theirs);
}
