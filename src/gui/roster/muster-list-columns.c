/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-roster"

#include "config.h"

#include "muster-list-columns.h"

static void
context_pressed_cb (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    GtkWidget       *popover)
{
  GtkWidget *view = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  GdkRectangle rect = { (int) x, (int) y, 1, 1 };
  graphene_point_t point;

  if (!graphene_point_init (&point, x, y) ||
      !gtk_widget_compute_point (view, gtk_widget_get_parent (popover), &point, &point))
    return;

  rect.x = (int) point.x;
  rect.y = (int) point.y;
  gtk_popover_set_pointing_to (GTK_POPOVER (popover), &rect);
  gtk_popover_popup (GTK_POPOVER (popover));
}

GtkWidget *
muster_list_cell_new (gboolean numeric,
                      int      width_chars)
{
  GtkWidget *cell = gtk_inscription_new (NULL);
  guint chars = width_chars > 0 ? (guint) width_chars : 3;

  gtk_inscription_set_xalign (GTK_INSCRIPTION (cell), numeric ? 1.0 : 0.0);
  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (cell), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), chars);
  /* Room for a longer text where the window has it. */
  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (cell), numeric ? chars : 2 * chars);
  if (numeric)
    gtk_widget_add_css_class (cell, "numeric");
  return cell;
}

void
muster_list_cell_set_text (GtkWidget  *cell,
                           const char *text)
{
  gtk_inscription_set_text (GTK_INSCRIPTION (cell), text);
}

GtkColumnViewColumn *
muster_list_append_column (GtkColumnView  *view,
                           const char     *title,
                           GCallback       setup,
                           GCallback       bind,
                           gpointer        data,
                           GDestroyNotify  free_data,
                           GtkSorter      *sorter,
                           gboolean        expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;

  g_signal_connect (factory, "setup", setup, data);
  g_signal_connect (factory, "bind", bind, data);
  g_object_set_data_full (G_OBJECT (factory), "column-data", data, free_data);

  column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_sorter (column, sorter);
  gtk_column_view_column_set_resizable (column, TRUE);
  g_object_unref (sorter);
  if (expand)
    gtk_column_view_column_set_expand (column, TRUE);

  gtk_column_view_append_column (view, column);
  g_object_unref (column);
  return column;
}

GtkWidget *
muster_list_add_context_menu (GtkWidget     *owner,
                              GtkColumnView *view,
                              GMenuModel    *menu)
{
  GtkWidget *popover = gtk_popover_menu_new_from_model (menu);
  GtkGesture *gesture;

  gtk_widget_set_parent (popover, owner);
  gtk_popover_set_has_arrow (GTK_POPOVER (popover), FALSE);
  gtk_widget_set_halign (popover, GTK_ALIGN_START);
  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect_object (gesture, "pressed", G_CALLBACK (context_pressed_cb), popover, 0);
  gtk_widget_add_controller (GTK_WIDGET (view), GTK_EVENT_CONTROLLER (gesture));
  return popover;
}
