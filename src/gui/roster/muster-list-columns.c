/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-roster"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-list-columns.h"
#include "muster-list-sorter.h"

/* Opens @popover pointing at @rect, in @view's coordinates, its "Sort
 * By" submenu made from the columns @view has now. */
static void
popup_at (GtkWidget      *view,
          GtkWidget      *popover,
          const graphene_rect_t *rect)
{
  graphene_point_t point;
  GdkRectangle target;

  /* The popover is not in the view, whose actions its items name. */
  gtk_widget_insert_action_group (popover, "sort", muster_list_sorter_get_actions (GTK_COLUMN_VIEW (view)));
  muster_list_sorter_fill_menu (GTK_COLUMN_VIEW (view), g_object_get_data (G_OBJECT (popover), "sort-menu"));
  if (!gtk_widget_compute_point (view, gtk_widget_get_parent (popover), &rect->origin, &point))
    return;

  target.x = (int) point.x;
  target.y = (int) point.y;
  target.width = MAX (1, (int) rect->size.width);
  target.height = MAX (1, (int) rect->size.height);
  gtk_popover_set_pointing_to (GTK_POPOVER (popover), &target);
  gtk_popover_popup (GTK_POPOVER (popover));
}

/* The row of @view that @widget is in, or NULL. */
static GtkWidget *
row_of (GtkWidget *view,
        GtkWidget *widget)
{
  for (; widget != NULL && widget != view; widget = gtk_widget_get_parent (widget))
    if (g_strcmp0 (gtk_widget_get_css_name (widget), "row") == 0)
      return widget;
  return NULL;
}

static void
context_pressed_cb (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    GtkWidget       *popover)
{
  GtkWidget *view = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  GtkWidget *picked = gtk_widget_pick (view, x, y, GTK_PICK_DEFAULT);
  GtkWidget *row = picked != NULL ? row_of (view, picked) : NULL;

  /* The menu is about the row clicked: a row outside the selection
   * becomes the selection, as a primary click would make it. */
  if (row != NULL && !(gtk_widget_get_state_flags (row) & GTK_STATE_FLAG_SELECTED))
    {
      gtk_widget_activate_action (picked, "listitem.select", "(bb)", FALSE, FALSE);
      gtk_widget_grab_focus (row);
    }

  popup_at (view, popover, &GRAPHENE_RECT_INIT ((float) x, (float) y, 1, 1));
}

/* Shift+F10 and the Menu key: the menu of the row with the focus, under
 * it, as GTK's own widgets open theirs. */
static gboolean
context_key_cb (GtkWidget *view,
                GVariant  *args,
                gpointer   user_data)
{
  GtkWidget *popover = user_data;
  GtkRoot *root = gtk_widget_get_root (view);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, 1, 1);

  if (focus != NULL && gtk_widget_is_ancestor (focus, view) &&
      gtk_widget_compute_bounds (focus, view, &bounds))
    bounds = GRAPHENE_RECT_INIT (bounds.origin.x + 12, bounds.origin.y + bounds.size.height,
                                 1, 1);
  popup_at (view, popover, &bounds);
  return TRUE;
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
  static const struct {
    guint           keyval;
    GdkModifierType modifiers;
  } keys[] = {
    { GDK_KEY_F10, GDK_SHIFT_MASK },
    { GDK_KEY_Menu, 0 },
  };
  g_autoptr(GMenu) full = g_menu_new ();
  g_autoptr(GMenu) sorting = g_menu_new ();
  GMenu *sort_menu = g_menu_new ();
  GtkWidget *popover;
  GtkEventController *shortcuts;
  GtkGesture *gesture;

  /* The rows' own items, then the ways to sort them, which a keyboard
   * can reach where it cannot reach the columns' headings. */
  for (int i = 0; menu != NULL && i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new_from_model (menu, i);

      g_menu_append_item (full, item);
    }
  g_menu_append_submenu (sorting, _("_Sort By"), G_MENU_MODEL (sort_menu));
  g_menu_append_section (full, NULL, G_MENU_MODEL (sorting));
  popover = gtk_popover_menu_new_from_model (G_MENU_MODEL (full));
  g_object_set_data_full (G_OBJECT (popover), "sort-menu", sort_menu, g_object_unref);

  gtk_widget_set_parent (popover, owner);
  gtk_popover_set_has_arrow (GTK_POPOVER (popover), FALSE);
  gtk_widget_set_halign (popover, GTK_ALIGN_START);
  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect_object (gesture, "pressed", G_CALLBACK (context_pressed_cb), popover, 0);
  gtk_widget_add_controller (GTK_WIDGET (view), GTK_EVENT_CONTROLLER (gesture));

  shortcuts = gtk_shortcut_controller_new ();
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].keyval, keys[i].modifiers),
                                                            gtk_callback_action_new (context_key_cb, popover, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (view), shortcuts);
  return popover;
}
