/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-stats"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-chart-card.h"
#include "muster-chart-view.h"
#include "muster-force.h"

struct _MusterChartCard
{
  GtkBox             parent_instance;

  GtkWidget         *title;
  GtkWidget         *force_choice;
  GtkWidget         *table_toggle;
  GtkWidget         *stack;
  GtkWidget         *chart;
  GtkWidget         *table_window;
  GtkWidget         *table;
  GtkWidget         *error;

  MusterStore       *store;
  gint64             campaign_id;
  char              *series_id;
  GArray            *force_ids;   /* of gint64, a position of the choice each */
  MusterStatsSeries *series;
};

G_DEFINE_FINAL_TYPE (MusterChartCard, muster_chart_card, GTK_TYPE_BOX)

static GtkWidget *
cell (const char        *text,
      GtkAccessibleRole  role,
      gboolean           heading)
{
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL,
                                   "label", text,
                                   "accessible-role", role,
                                   "xalign", role == GTK_ACCESSIBLE_ROLE_CELL ? 1.0 : 0.0,
                                   "selectable", FALSE,
                                   NULL);

  if (heading)
    gtk_widget_add_css_class (label, "heading");
  if (role == GTK_ACCESSIBLE_ROLE_CELL)
    gtk_widget_add_css_class (label, "numeric");
  return label;
}

/* The numbers as a grid a screen reader reads as a table: a header row
 * of the columns, then a row each, led by what the row is. */
static void
fill_table (MusterChartCard *self)
{
  MusterStatsSeries *series = self->series;
  guint n_rows = muster_stats_series_get_n_rows (series);
  guint n_columns = muster_stats_series_get_n_columns (series);
  GtkWidget *grid = g_object_new (GTK_TYPE_GRID,
                                  "accessible-role", GTK_ACCESSIBLE_ROLE_TABLE,
                                  "column-spacing", 18,
                                  "row-spacing", 4,
                                  "margin-top", 6,
                                  "margin-bottom", 6,
                                  "margin-start", 6,
                                  "margin-end", 6,
                                  NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (grid),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, muster_stats_series_get_title (series),
                                  -1);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (grid),
                                  GTK_ACCESSIBLE_RELATION_ROW_COUNT, (int) n_rows + 1,
                                  GTK_ACCESSIBLE_RELATION_COL_COUNT, (int) n_columns + 1,
                                  -1);
  gtk_grid_attach (GTK_GRID (grid), cell (muster_stats_series_get_row_title (series),
                                          GTK_ACCESSIBLE_ROLE_COLUMN_HEADER, TRUE), 0, 0, 1, 1);
  for (guint c = 0; c < n_columns; c++)
    gtk_grid_attach (GTK_GRID (grid), cell (muster_stats_series_get_column_label (series, c),
                                            GTK_ACCESSIBLE_ROLE_COLUMN_HEADER, TRUE), c + 1, 0, 1, 1);
  for (guint r = 0; r < n_rows; r++)
    {
      const char *detail = muster_stats_series_get_row_detail (series, r);
      g_autofree char *label = detail != NULL
        /* Translators: a row of a statistics table: its label and what it is, e.g. "3 (The village)" */
        ? g_strdup_printf (_("%s (%s)"), muster_stats_series_get_row_label (series, r), detail)
        : g_strdup (muster_stats_series_get_row_label (series, r));

      gtk_grid_attach (GTK_GRID (grid), cell (label, GTK_ACCESSIBLE_ROLE_ROW_HEADER, FALSE), 0, r + 1, 1, 1);
      for (guint c = 0; c < n_columns; c++)
        {
          g_autofree char *value = muster_stats_series_format_value (series, muster_stats_series_get_value (series, r, c));

          gtk_grid_attach (GTK_GRID (grid), cell (value, GTK_ACCESSIBLE_ROLE_CELL, FALSE), c + 1, r + 1, 1, 1);
        }
    }
  if (n_rows == 0)
    gtk_grid_attach (GTK_GRID (grid), cell (_("Nothing to show yet"), GTK_ACCESSIBLE_ROLE_CELL, FALSE), 0, 1, 1, 1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->table_window), grid);
  self->table = grid;
}

static void
show_series (MusterChartCard   *self,
             MusterStatsSeries *series)
{
  g_set_object (&self->series, series);
  gtk_label_set_label (GTK_LABEL (self->title), muster_stats_series_get_title (series));
  muster_chart_view_set_series (MUSTER_CHART_VIEW (self->chart), series);
  /* A table of a thousand games is many labels: it is made when shown. */
  self->table = NULL;
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->table_window), NULL);
  if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->table_toggle)))
    fill_table (self);
}

static void
on_force_selected (MusterChartCard *self)
{
  guint position = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->force_choice));

  if (position != GTK_INVALID_LIST_POSITION)
    muster_chart_card_set_force (self, position);
}

static void
on_table_toggled (MusterChartCard *self)
{
  gboolean table = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->table_toggle));

  if (table && self->table == NULL)
    fill_table (self);
  gtk_stack_set_visible_child (GTK_STACK (self->stack), table ? self->table_window : self->chart);
}

static void
muster_chart_card_dispose (GObject *object)
{
  MusterChartCard *self = MUSTER_CHART_CARD (object);

  g_clear_object (&self->store);
  g_clear_object (&self->series);
  g_clear_pointer (&self->series_id, g_free);
  g_clear_pointer (&self->force_ids, g_array_unref);
  G_OBJECT_CLASS (muster_chart_card_parent_class)->dispose (object);
}

static void
muster_chart_card_class_init (MusterChartCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = muster_chart_card_dispose;
}

static void
muster_chart_card_init (MusterChartCard *self)
{
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  gtk_widget_add_css_class (GTK_WIDGET (self), "card");

  self->title = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->title), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->title), 0);
  gtk_widget_set_hexpand (self->title, TRUE);
  gtk_widget_add_css_class (self->title, "heading");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->title),
                                  GTK_ACCESSIBLE_PROPERTY_LEVEL, 3, -1);

  self->force_choice = gtk_drop_down_new (NULL, NULL);
  gtk_widget_set_valign (self->force_choice, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (self->force_choice, _("Show the numbers of one force"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->force_choice),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Force"), -1);

  self->table_toggle = gtk_toggle_button_new_with_mnemonic (_("_Table"));
  gtk_widget_set_valign (self->table_toggle, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (self->table_toggle, _("Show the numbers behind the chart as a table"));
  g_signal_connect_swapped (self->table_toggle, "toggled", G_CALLBACK (on_table_toggled), self);

  gtk_box_append (GTK_BOX (header), self->title);
  gtk_box_append (GTK_BOX (header), self->force_choice);
  gtk_box_append (GTK_BOX (header), self->table_toggle);
  gtk_widget_set_margin_top (header, 12);
  gtk_widget_set_margin_start (header, 12);
  gtk_widget_set_margin_end (header, 12);

  self->chart = muster_chart_view_new ();
  self->table_window = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->table_window),
                                  GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (self->table_window), 300);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->table_window), 300);
  self->stack = gtk_stack_new ();
  gtk_stack_set_vhomogeneous (GTK_STACK (self->stack), FALSE);
  gtk_stack_add_child (GTK_STACK (self->stack), self->chart);
  gtk_stack_add_child (GTK_STACK (self->stack), self->table_window);
  gtk_widget_set_margin_start (self->stack, 12);
  gtk_widget_set_margin_end (self->stack, 12);
  gtk_widget_set_margin_bottom (self->stack, 12);

  self->error = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->error, "error");
  gtk_label_set_wrap (GTK_LABEL (self->error), TRUE);
  gtk_widget_set_visible (self->error, FALSE);

  gtk_box_append (GTK_BOX (self), header);
  gtk_box_append (GTK_BOX (self), self->error);
  gtk_box_append (GTK_BOX (self), self->stack);
  self->force_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
}

GtkWidget *
muster_chart_card_new (MusterStore       *store,
                       gint64             campaign_id,
                       MusterStatsSeries *series,
                       GPtrArray         *forces,
                       gboolean           per_force)
{
  MusterChartCard *self;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  guint selected = 0;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (series), NULL);

  self = g_object_new (MUSTER_TYPE_CHART_CARD, NULL);
  self->store = g_object_ref (store);
  self->campaign_id = campaign_id;
  self->series_id = g_strdup (muster_stats_series_get_id (series));
  if (!per_force)
    {
      gint64 none = 0;

      gtk_string_list_append (names, _("All forces"));
      g_array_append_val (self->force_ids, none);
    }
  for (guint i = 0; i < forces->len; i++)
    {
      MusterForce *force = g_ptr_array_index (forces, i);
      gint64 id = muster_force_get_id (force);

      if (per_force && id == muster_stats_series_get_force_id (series))
        selected = self->force_ids->len;
      gtk_string_list_append (names, muster_force_get_name (force));
      g_array_append_val (self->force_ids, id);
    }
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->force_choice), G_LIST_MODEL (names));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->force_choice), selected);
  show_series (self, series);
  g_signal_connect_swapped (self->force_choice, "notify::selected", G_CALLBACK (on_force_selected), self);
  return GTK_WIDGET (self);
}

MusterStatsSeries *
muster_chart_card_get_series (MusterChartCard *self)
{
  g_return_val_if_fail (MUSTER_IS_CHART_CARD (self), NULL);

  return self->series;
}

void
muster_chart_card_set_force (MusterChartCard *self,
                             guint            position)
{
  g_autoptr(GPtrArray) found = NULL;
  g_autoptr(GError) error = NULL;
  gint64 force_id;

  g_return_if_fail (MUSTER_IS_CHART_CARD (self));
  g_return_if_fail (position < self->force_ids->len);

  if (gtk_drop_down_get_selected (GTK_DROP_DOWN (self->force_choice)) != position)
    {
      /* Comes back here through notify::selected. */
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->force_choice), position);
      return;
    }
  force_id = g_array_index (self->force_ids, gint64, position);
  found = muster_stats_compute (self->store, self->campaign_id, force_id, self->series_id, &error);
  gtk_widget_set_visible (self->error, found == NULL);
  if (found == NULL)
    {
      gtk_label_set_label (GTK_LABEL (self->error), error->message);
      return;
    }
  for (guint i = 0; i < found->len; i++)
    {
      MusterStatsSeries *series = g_ptr_array_index (found, i);
      gint64 about = muster_stats_series_get_force_id (series);

      /* A series a force comes once for each force of the campaign. */
      if (about == 0 || force_id == 0 || about == force_id)
        {
          show_series (self, series);
          return;
        }
    }
}

void
muster_chart_card_show_table (MusterChartCard *self,
                              gboolean         table)
{
  g_return_if_fail (MUSTER_IS_CHART_CARD (self));

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->table_toggle), table);
}

GtkWidget *
muster_chart_card_get_chart (MusterChartCard *self)
{
  g_return_val_if_fail (MUSTER_IS_CHART_CARD (self), NULL);

  return self->chart;
}

/* NULL until the table is shown. */
GtkWidget *
muster_chart_card_get_table (MusterChartCard *self)
{
  g_return_val_if_fail (MUSTER_IS_CHART_CARD (self), NULL);

  return self->table;
}
