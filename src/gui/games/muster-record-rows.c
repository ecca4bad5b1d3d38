/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-games"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-record-rows.h"

GtkWidget *
muster_record_add_spin_row (AdwExpanderRow  *parent,
                            const char      *title,
                            int              value,
                            GtkSpinButton  **spin_out)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (0, 99, 1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  /* Named by the row's title, which it activates: a name of its own
   * as well would be said twice. */
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  adw_expander_row_add_row (parent, row);
  *spin_out = GTK_SPIN_BUTTON (spin);
  return row;
}

GtkWidget *
muster_record_add_notes_row (AdwExpanderRow *parent,
                             const char     *notes,
                             GCallback       changed,
                             gpointer        data)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Notes"));
  gtk_editable_set_text (GTK_EDITABLE (row), notes != NULL ? notes : "");
  g_signal_connect (row, "changed", changed, data);
  adw_expander_row_add_row (parent, row);
  return row;
}
