/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-a11y.h"
#include "muster-names.h"

/* Set on a widget once it has been seen to. */
#define DONE_KEY "muster-a11y-done"

/* "_Save" as it reads: "Save"; "__" is an underscore. */
static char *
strip_mnemonic (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '_')
        {
          if (p[1] == '_')
            p++;
          else
            continue;
        }
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

static gboolean
first_time (gpointer    widget,
            const char *what)
{
  g_autofree char *key = g_strconcat (DONE_KEY, what, NULL);

  if (g_object_get_data (G_OBJECT (widget), key) != NULL)
    return FALSE;
  g_object_set_data (G_OBJECT (widget), key, GINT_TO_POINTER (TRUE));
  return TRUE;
}

/* Adds the action @prefix.@name, which runs @callback on @widget. */
static void
add_action (GtkWidget  *widget,
            const char *prefix,
            const char *name,
            GCallback   callback)
{
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr(GSimpleAction) action = g_simple_action_new (name, NULL);

  g_signal_connect_object (action, "activate", callback, widget, G_CONNECT_SWAPPED);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (action));
  gtk_widget_insert_action_group (widget, prefix, G_ACTION_GROUP (group));
}

static void
set_description (GtkWidget  *widget,
                 const char *first,
                 const char *second)
{
  g_autofree char *text = NULL;

  if (first != NULL && *first != '\0' && second != NULL && *second != '\0')
    text = g_strconcat (first, "\n", second, NULL);
  else if (first != NULL && *first != '\0')
    text = g_strdup (first);
  else if (second != NULL && *second != '\0')
    text = g_strdup (second);

  if (text != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

static const char *
item_text (gpointer item)
{
  return GTK_IS_STRING_OBJECT (item) ? gtk_string_object_get_string (item) : NULL;
}

/* --- Buttons ------------------------------------------------------------ */

/* GTK 4.8 names it by its raw label and again by the label that shows
 * its mnemonic: by its text alone instead. */
static void
fix_button_name (GtkButton *button)
{
  const char *label = gtk_button_get_label (button);
  g_autofree char *text = NULL;

  if (label == NULL || !gtk_button_get_use_underline (button))
    return;
  text = strip_mnemonic (label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

static void
fix_check_name (GtkCheckButton *check)
{
  const char *label = gtk_check_button_get_label (check);
  g_autofree char *text = NULL;

  if (label == NULL || !gtk_check_button_get_use_underline (check))
    return;
  text = strip_mnemonic (label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

static void
toggle_check (GtkCheckButton *check)
{
  if (gtk_widget_is_sensitive (GTK_WIDGET (check)))
    gtk_check_button_set_active (check, !gtk_check_button_get_active (check));
}

static void
fix_button (GtkWidget *widget)
{
  if (!first_time (widget, "button"))
    return;

  if (GTK_IS_BUTTON (widget))
    {
      fix_button_name (GTK_BUTTON (widget));
      /* GTK names it again whenever its label changes. */
      g_signal_connect_after (widget, "notify::label", G_CALLBACK (fix_button_name), NULL);
      g_signal_connect_after (widget, "notify::use-underline", G_CALLBACK (fix_button_name), NULL);
    }
  else
    {
      fix_check_name (GTK_CHECK_BUTTON (widget));
      g_signal_connect_after (widget, "notify::label", G_CALLBACK (fix_check_name), NULL);
      g_signal_connect_after (widget, "notify::use-underline", G_CALLBACK (fix_check_name), NULL);
      add_action (widget, "check", "toggle", G_CALLBACK (toggle_check));
    }
}

static void
popup_menu_button (GtkMenuButton *button)
{
  if (gtk_widget_is_sensitive (GTK_WIDGET (button)))
    gtk_menu_button_popup (button);
}

/* The button a screen reader meets first has no action: only the one
 * inside it. */
static void
fix_menu_button (GtkMenuButton *button)
{
  if (first_time (button, "menu-button"))
    add_action (GTK_WIDGET (button), "menu", "popup", G_CALLBACK (popup_menu_button));
}

/* --- Drop-downs and combo rows ------------------------------------------ */

static void
drop_down_selected_cb (GtkDropDown *dropdown)
{
  const char *text = item_text (gtk_drop_down_get_selected_item (dropdown));

  set_description (GTK_WIDGET (dropdown), text, NULL);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (dropdown)); child;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child))
      set_description (child, text, NULL);
}

static void
popup_drop_down (GtkWidget *widget)
{
  if (gtk_widget_is_sensitive (widget))
    gtk_widget_activate (widget);
}

static void
fix_drop_down (GtkDropDown *dropdown)
{
  if (!first_time (dropdown, "drop-down"))
    return;

  /* Its button is what takes the focus: named as the drop-down is. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (dropdown)); child;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child))
      gtk_accessible_update_relation (GTK_ACCESSIBLE (child),
                                      GTK_ACCESSIBLE_RELATION_LABELLED_BY, dropdown, NULL,
                                      -1);
  g_signal_connect (dropdown, "notify::selected-item", G_CALLBACK (drop_down_selected_cb), NULL);
  drop_down_selected_cb (dropdown);
  add_action (GTK_WIDGET (dropdown), "combo", "popup", G_CALLBACK (popup_drop_down));
}

static void
combo_row_changed_cb (AdwComboRow *row)
{
  const char *subtitle = adw_combo_row_get_use_subtitle (row) ? NULL
                         : adw_action_row_get_subtitle (ADW_ACTION_ROW (row));

  set_description (GTK_WIDGET (row), item_text (adw_combo_row_get_selected_item (row)), subtitle);
}

static void
fix_combo_row (AdwComboRow *row)
{
  GListModel *model = adw_combo_row_get_model (row);

  if (!first_time (row, "combo-row"))
    return;

  /* Its items, named, and its choice never cut to a letter or two. */
  if ((GTK_IS_STRING_LIST (model) ||
       (model != NULL && g_list_model_get_item_type (model) == GTK_TYPE_STRING_OBJECT)) &&
      !muster_names_combo_row_is_fitted (row))
    muster_names_fit_combo_row (row);

  g_signal_connect (row, "notify::selected-item", G_CALLBACK (combo_row_changed_cb), NULL);
  g_signal_connect (row, "notify::subtitle", G_CALLBACK (combo_row_changed_cb), NULL);
  combo_row_changed_cb (row);
  add_action (GTK_WIDGET (row), "combo", "popup", G_CALLBACK (popup_drop_down));
}

/* --- Rows ----------------------------------------------------------------- */

static void
activate_row (GtkWidget *row)
{
  if (gtk_widget_is_sensitive (row))
    gtk_widget_activate (row);
}

/* A list's row is chosen, then activated, as a click does: a drop-down's
 * list takes the row chosen, not the one activated. */
static void
activate_list_row (GtkWidget *row)
{
  if (!gtk_widget_is_sensitive (row))
    return;
  gtk_widget_activate_action (row, "listitem.select", "(bb)", FALSE, FALSE);
  gtk_widget_activate (row);
}

static gboolean
is_field (GtkWidget *widget)
{
  return GTK_IS_SPIN_BUTTON (widget) || GTK_IS_SWITCH (widget) || GTK_IS_CHECK_BUTTON (widget) ||
         GTK_IS_DROP_DOWN (widget) || GTK_IS_ENTRY (widget) || GTK_IS_SCALE (widget);
}

/* The fields shown in @widget, a part of @row's header. */
static void
collect_fields (GtkWidget *widget,
                GPtrArray *fields)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      if (ADW_IS_PREFERENCES_ROW (child) || GTK_IS_LIST_BOX (child) || GTK_IS_POPOVER (child))
        continue;
      if (is_field (child))
        g_ptr_array_add (fields, child);
      else
        collect_fields (child, fields);
    }
}

/* A field in a row says what the row's subtitle says (the dice of a
 * roll, a hint): GTK 4.8 reads a description from the description of
 * what describes, not from its text, so libadwaita's own described-by
 * relation tells nothing. */
static void
action_row_subtitle_cb (AdwActionRow *row)
{
  g_autoptr(GPtrArray) fields = g_ptr_array_new ();
  const char *subtitle = adw_action_row_get_subtitle (row);

  collect_fields (GTK_WIDGET (row), fields);
  for (guint i = 0; i < fields->len; i++)
    set_description (g_ptr_array_index (fields, i), subtitle, NULL);
}

static void
fix_action_row (AdwActionRow *row)
{
  if (!first_time (row, "action-row"))
    return;

  if (!ADW_IS_COMBO_ROW (row))
    {
      g_signal_connect (row, "notify::subtitle", G_CALLBACK (action_row_subtitle_cb), NULL);
      action_row_subtitle_cb (row);
    }
  if (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)) && !ADW_IS_COMBO_ROW (row))
    add_action (GTK_WIDGET (row), "row", "activate", G_CALLBACK (activate_row));
}

/* The expander's own header row, which takes the focus: the first
 * action row inside it. */
static GtkWidget *
first_action_row (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ADW_IS_ACTION_ROW (child) ? child : first_action_row (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
expander_header (AdwExpanderRow *row)
{
  return first_action_row (GTK_WIDGET (row));
}

static void
expander_changed_cb (AdwExpanderRow *row)
{
  GtkWidget *header = expander_header (row);
  gboolean expanded = adw_expander_row_get_expanded (row);
  const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
  const char *subtitle = adw_expander_row_get_subtitle (row);

  gtk_accessible_update_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_EXPANDED, expanded, -1);
  if (header == NULL)
    return;
  gtk_accessible_update_state (GTK_ACCESSIBLE (header), GTK_ACCESSIBLE_STATE_EXPANDED, expanded, -1);
  /* Named once: GTK 4.8 says a name and what labels it one after the other. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (header), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  title != NULL ? title : "", -1);
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (header), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  set_description (header, subtitle, NULL);
}

static void
toggle_expander (AdwExpanderRow *row)
{
  if (gtk_widget_is_sensitive (GTK_WIDGET (row)))
    adw_expander_row_set_expanded (row, !adw_expander_row_get_expanded (row));
}

static void
fix_expander_row (AdwExpanderRow *row)
{
  GtkWidget *header;

  if (!first_time (row, "expander-row"))
    return;

  header = expander_header (row);
  if (header != NULL)
    {
      /* Its own row.activate would be added below: this one toggles. */
      first_time (header, "action-row");
      add_action (header, "row", "activate", G_CALLBACK (activate_row));
    }
  g_signal_connect (row, "notify::expanded", G_CALLBACK (expander_changed_cb), NULL);
  g_signal_connect (row, "notify::title", G_CALLBACK (expander_changed_cb), NULL);
  g_signal_connect (row, "notify::subtitle", G_CALLBACK (expander_changed_cb), NULL);
  expander_changed_cb (row);
  add_action (GTK_WIDGET (row), "row", "activate", G_CALLBACK (toggle_expander));
}

/* --- Entry rows ------------------------------------------------------------ */

static void
entry_row_title_cb (AdwEntryRow *row,
                    GParamSpec  *pspec,
                    GtkWidget   *text)
{
  const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
  g_autofree char *name = adw_preferences_row_get_use_underline (ADW_PREFERENCES_ROW (row))
                          ? strip_mnemonic (title) : g_strdup (title);

  gtk_accessible_update_property (GTK_ACCESSIBLE (text), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

static void
name_icon_buttons (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_BUTTON (child) && gtk_button_get_icon_name (GTK_BUTTON (child)) != NULL &&
          gtk_widget_get_tooltip_text (child) != NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        gtk_widget_get_tooltip_text (child), -1);
      else
        name_icon_buttons (child);
    }
}

/* An entry row's text takes the focus, but libadwaita 1.2 hides it from
 * screen readers without saying, as GtkEntry does, that the row has the
 * focus: the text is shown as what it is, named as the row, so that the
 * focus is seen to land on it. Its role can still be chosen: a hidden
 * widget's accessible is never realized. */
static void
fix_entry_row (AdwEntryRow *row)
{
  GtkEditable *text = gtk_editable_get_delegate (GTK_EDITABLE (row));

  if (!first_time (row, "entry-row") || !GTK_IS_TEXT (text) ||
      gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (text)) != GTK_ACCESSIBLE_ROLE_NONE)
    return;

  g_object_set (text, "accessible-role", GTK_ACCESSIBLE_ROLE_TEXT_BOX, NULL);
  g_signal_connect_object (row, "notify::title", G_CALLBACK (entry_row_title_cb), text, 0);
  entry_row_title_cb (row, NULL, GTK_WIDGET (text));

  /* Its Apply button is an icon with a tooltip and no name. */
  name_icon_buttons (GTK_WIDGET (row));
}

/* --- Walking ---------------------------------------------------------------- */

static void
fix_one (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget) || GTK_IS_CHECK_BUTTON (widget))
    fix_button (widget);
  else if (GTK_IS_MENU_BUTTON (widget))
    fix_menu_button (GTK_MENU_BUTTON (widget));
  else if (GTK_IS_DROP_DOWN (widget))
    fix_drop_down (GTK_DROP_DOWN (widget));
  else if (ADW_IS_EXPANDER_ROW (widget))
    fix_expander_row (ADW_EXPANDER_ROW (widget));
  else if (ADW_IS_ENTRY_ROW (widget))
    fix_entry_row (ADW_ENTRY_ROW (widget));

  if (ADW_IS_COMBO_ROW (widget))
    fix_combo_row (ADW_COMBO_ROW (widget));
  if (ADW_IS_ACTION_ROW (widget))
    fix_action_row (ADW_ACTION_ROW (widget));
}

void
muster_a11y_fix (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  fix_one (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    muster_a11y_fix (child);
}

static gboolean
realize_hook (GSignalInvocationHint *hint,
              guint                  n_values,
              const GValue          *values,
              gpointer               user_data)
{
  GObject *object = g_value_get_object (&values[0]);

  /* A window is seen to whole, with what it does not show yet (other
   * pages of a stack, rows not expanded); what comes later, as it is
   * shown. */
  if (GTK_IS_ROOT (object))
    muster_a11y_fix (GTK_WIDGET (object));
  else if (GTK_IS_WIDGET (object))
    fix_one (GTK_WIDGET (object));
  return TRUE;
}

void
muster_a11y_init (void)
{
  static gsize hooked = 0;

  if (g_once_init_enter (&hooked))
    {
      /* The signal exists once the class does. */
      g_type_class_unref (g_type_class_ref (GTK_TYPE_WIDGET));
      g_signal_add_emission_hook (g_signal_lookup ("realize", GTK_TYPE_WIDGET), 0,
                                  realize_hook, NULL, NULL);
      g_once_init_leave (&hooked, 1);
    }
}

/* --- Dialogs --------------------------------------------------------------- */

static void
focus_on_show_cb (GtkWidget *window,
                  GtkWidget *field)
{
  g_signal_handlers_disconnect_by_func (window, focus_on_show_cb, field);
  if (!gtk_widget_grab_focus (field))
    gtk_widget_child_focus (field, GTK_DIR_TAB_FORWARD);
}

void
muster_a11y_focus_on_show (GtkWindow *window,
                           GtkWidget *field)
{
  g_return_if_fail (GTK_IS_WINDOW (window));
  g_return_if_fail (GTK_IS_WIDGET (field));

  g_signal_connect_after (window, "show", G_CALLBACK (focus_on_show_cb), field);
}

/* --- List rows ----------------------------------------------------------------- */

void
muster_a11y_label_row (GtkWidget  *child,
                       const char *label,
                       const char *description)
{
  g_return_if_fail (GTK_IS_WIDGET (child));

  gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label != NULL ? label : "", -1);
  set_description (child, description, NULL);

  /* The row the list made for it: the child of a list view's row, or of
   * a column view's cell in its row. */
  for (GtkWidget *row = gtk_widget_get_parent (child); row != NULL; row = gtk_widget_get_parent (row))
    {
      if (GTK_IS_LIST_VIEW (row) || GTK_IS_COLUMN_VIEW (row) || GTK_IS_GRID_VIEW (row) || GTK_IS_ROOT (row))
        break;
      if (g_strcmp0 (gtk_widget_get_css_name (row), "row") == 0)
        {
          gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          label != NULL ? label : "", -1);
          set_description (row, description, NULL);
          /* Activated as Enter or a double click on it would. */
          if (first_time (row, "list-row"))
            add_action (row, "row", "activate", G_CALLBACK (activate_list_row));
          break;
        }
    }
}

static void
row_activate_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  GtkWidget *item = gtk_widget_get_parent (widget);

  /* The list item (or the cell) activates its position in the list. */
  if (item != NULL)
    gtk_widget_activate (item);
}

void
muster_a11y_class_add_row_activate (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "row.activate", NULL, row_activate_action);
}
