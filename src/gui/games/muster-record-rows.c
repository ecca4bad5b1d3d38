/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-games"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-record-rows.h"
#include "muster-text-list.h"

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

char *
muster_record_unit_result_text (const int   counts[4],
                                int         figures,
                                const char *colours)
{
  g_autoptr(GPtrArray) lost = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;
  g_autofree char *result = NULL;

  if (counts[0] > 0)
    /* Translators: figures of a unit, "2 killed" */
    g_ptr_array_add (lost, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d killed", "%d killed", counts[0]),
                                            counts[0]));
  if (counts[1] > 0)
    /* Translators: figures of a unit, "1 wounded" */
    g_ptr_array_add (lost, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d wounded", "%d wounded", counts[1]),
                                            counts[1]));
  if (counts[2] > 0)
    /* Translators: figures of a unit, "1 captured" */
    g_ptr_array_add (lost, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d captured", "%d captured", counts[2]),
                                            counts[2]));
  if (counts[3] > 0)
    /* Translators: figures of a unit that ran from the field, "1 ran" */
    g_ptr_array_add (lost, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d ran", "%d ran", counts[3]),
                                            counts[3]));

  if (lost->len == 0)
    /* Translators: a unit that lost nobody, and how many figures took the field */
    result = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "No figure lost of %d", "No figures lost of %d",
                                           figures), figures);
  else
    {
      list = muster_text_list (lost);
      /* Translators: the figures a unit lost ("2 killed and 1 wounded"), then how many took the field */
      result = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s of %d figure", "%s of %d figures", figures),
                                list, figures);
    }

  if (g_strcmp0 (colours, "lost") == 0)
    /* Translators: a unit's results in a game, then that it lost its colours */
    return g_strdup_printf (_("%s · colours lost"), result);
  if (g_strcmp0 (colours, "captured") == 0)
    /* Translators: a unit's results in a game, then that it took the enemy's colours */
    return g_strdup_printf (_("%s · took the enemy’s colours"), result);
  return g_steal_pointer (&result);
}
