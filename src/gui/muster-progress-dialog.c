/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-closure.h"
#include "muster-progress-dialog.h"

static gboolean
pulse_cb (gpointer data)
{
  gtk_progress_bar_pulse (GTK_PROGRESS_BAR (data));
  return G_SOURCE_CONTINUE;
}

static void
on_response (AdwMessageDialog *dialog,
             const char       *response,
             GCancellable     *cancellable)
{
  /* Cancel, or Escape: the work stops and undoes what it began. */
  g_cancellable_cancel (cancellable);
}

static void
on_destroy (GtkWidget *dialog,
            gpointer   user_data)
{
  guint pulse_id = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "muster-pulse-id"));

  if (pulse_id != 0)
    g_source_remove (pulse_id);
  g_object_set_data (G_OBJECT (dialog), "muster-pulse-id", NULL);
}

GtkWindow *
muster_progress_dialog_new (GtkWindow    *parent,
                            const char   *heading,
                            const char   *body,
                            GCancellable *cancellable)
{
  GtkWidget *bar = gtk_progress_bar_new ();
  GtkWidget *dialog;
  guint pulse_id;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_CANCELLABLE (cancellable), NULL);

  dialog = adw_message_dialog_new (parent, heading, body);
  gtk_widget_set_size_request (bar, 240, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (bar),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, heading,
                                  -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), bar);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"));
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_response),
                         g_object_ref (cancellable), muster_closure_unref_object, 0);

  /* The work does not know how far it has gone: the bar pulses. */
  pulse_id = g_timeout_add (100, pulse_cb, bar);
  g_object_set_data (G_OBJECT (dialog), "muster-pulse-id", GUINT_TO_POINTER (pulse_id));
  g_signal_connect (dialog, "destroy", G_CALLBACK (on_destroy), NULL);

  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

void
muster_progress_dialog_done (GtkWindow *dialog)
{
  if (dialog != NULL)
    gtk_window_destroy (dialog);
}
