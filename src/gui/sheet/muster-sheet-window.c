/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sheet"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-sheet-window.h"
#include "muster-toasts.h"

typedef struct
{
  MusterStore      *store;
  gulong            changed_id;
  MusterRuleset    *ruleset;
  gint64            id;
  gint64            campaign_id;
  MusterSheetNotes  notes;
  char             *read_error;   /* what the last failed read said */
} MusterSheetWindowPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (MusterSheetWindow, muster_sheet_window, ADW_TYPE_WINDOW)

static void
store_changed_cb (MusterStore       *store,
                  guint              what,
                  gint64             campaign_id,
                  MusterSheetWindow *self)
{
  MusterSheetWindowPrivate *priv = muster_sheet_window_get_instance_private (self);

  if (muster_sheet_rows_change_concerns (what, campaign_id, priv->campaign_id))
    {
      g_clear_pointer (&priv->read_error, g_free);
      MUSTER_SHEET_WINDOW_GET_CLASS (self)->reload (self);
    }
}

static void
notify_is_active_cb (MusterSheetWindow *self)
{
  MusterSheetWindowPrivate *priv = muster_sheet_window_get_instance_private (self);

  if (priv->store != NULL && gtk_window_is_active (GTK_WINDOW (self)))
    muster_store_poll_external (priv->store);
}

static void
muster_sheet_window_real_reload (MusterSheetWindow *self)
{
}

static void
muster_sheet_window_real_save_pending (MusterSheetWindow *self)
{
}

static gboolean
muster_sheet_window_close_request (GtkWindow *window)
{
  MusterSheetWindow *self = MUSTER_SHEET_WINDOW (window);

  /* What was typed without pressing Enter is kept too. */
  MUSTER_SHEET_WINDOW_GET_CLASS (self)->save_pending (self);

  return GTK_WINDOW_CLASS (muster_sheet_window_parent_class)->close_request (window);
}

static void
muster_sheet_window_dispose (GObject *object)
{
  MusterSheetWindow *self = MUSTER_SHEET_WINDOW (object);
  MusterSheetWindowPrivate *priv = muster_sheet_window_get_instance_private (self);

  muster_sheet_notes_clear (&priv->notes);
  if (priv->store != NULL)
    g_clear_signal_handler (&priv->changed_id, priv->store);
  g_clear_object (&priv->ruleset);
  g_clear_object (&priv->store);
  g_clear_pointer (&priv->read_error, g_free);

  G_OBJECT_CLASS (muster_sheet_window_parent_class)->dispose (object);
}

static void
muster_sheet_window_class_init (MusterSheetWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = muster_sheet_window_dispose;
  window_class->close_request = muster_sheet_window_close_request;
  klass->reload = muster_sheet_window_real_reload;
  klass->save_pending = muster_sheet_window_real_save_pending;

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
muster_sheet_window_init (MusterSheetWindow *self)
{
  g_signal_connect (self, "notify::is-active", G_CALLBACK (notify_is_active_cb), NULL);
}

void
muster_sheet_window_set_up (MusterSheetWindow *self,
                            MusterStore       *store,
                            gint64             id,
                            gint64             campaign_id)
{
  MusterSheetWindowPrivate *priv = muster_sheet_window_get_instance_private (self);

  g_return_if_fail (MUSTER_IS_SHEET_WINDOW (self));
  g_return_if_fail (MUSTER_IS_STORE (store));
  g_return_if_fail (priv->store == NULL);

  priv->store = g_object_ref (store);
  priv->id = id;
  priv->campaign_id = campaign_id;
  priv->ruleset = muster_sheet_rows_dup_ruleset (store, campaign_id);
  priv->changed_id = g_signal_connect (store, "changed", G_CALLBACK (store_changed_cb), self);
}

MusterStore *
muster_sheet_window_get_store (MusterSheetWindow *self)
{
  MusterSheetWindowPrivate *priv = muster_sheet_window_get_instance_private (self);

  g_return_val_if_fail (MUSTER_IS_SHEET_WINDOW (self), NULL);
  return priv->store;
}

MusterRuleset *
muster_sheet_window_get_ruleset (MusterSheetWindow *self)
{
  MusterSheetWindowPrivate *priv = muster_sheet_window_get_instance_private (self);

  g_return_val_if_fail (MUSTER_IS_SHEET_WINDOW (self), NULL);
  return priv->ruleset;
}

gint64
muster_sheet_window_get_id (MusterSheetWindow *self)
{
  MusterSheetWindowPrivate *priv = muster_sheet_window_get_instance_private (self);

  g_return_val_if_fail (MUSTER_IS_SHEET_WINDOW (self), 0);
  return priv->id;
}

MusterSheetNotes *
muster_sheet_window_get_notes (MusterSheetWindow *self)
{
  MusterSheetWindowPrivate *priv = muster_sheet_window_get_instance_private (self);

  g_return_val_if_fail (MUSTER_IS_SHEET_WINDOW (self), NULL);
  return &priv->notes;
}

GtkWidget *
muster_sheet_window_find (GtkApplication *application,
                          GType           type,
                          MusterStore    *store,
                          gint64          id)
{
  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (g_type_is_a (type, MUSTER_TYPE_SHEET_WINDOW), NULL);

  for (GList *l = gtk_application_get_windows (application); l != NULL; l = l->next)
    {
      MusterSheetWindow *window = l->data;
      MusterSheetWindowPrivate *priv;

      if (!G_TYPE_CHECK_INSTANCE_TYPE (window, type))
        continue;
      priv = muster_sheet_window_get_instance_private (window);
      if (priv->id == id && priv->store == store)
        return GTK_WIDGET (window);
    }
  return NULL;
}

void
muster_sheet_window_read_failed (MusterSheetWindow *self,
                                 AdwToastOverlay   *overlay,
                                 const GError      *error)
{
  MusterSheetWindowPrivate *priv = muster_sheet_window_get_instance_private (self);
  AdwToast *toast;

  g_return_if_fail (MUSTER_IS_SHEET_WINDOW (self));
  g_return_if_fail (ADW_IS_TOAST_OVERLAY (overlay));
  g_return_if_fail (error != NULL);

  /* Deleted, here or by another program: the sheet has nothing to show. */
  if (g_error_matches (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND))
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return;
    }

  g_free (priv->read_error);
  /* Translators: why the library could not be read, e.g. “disk I/O error” */
  priv->read_error = g_strdup_printf (_("This sheet could not be read again (%s): what it shows may be out of date."),
                                      error->message);
  toast = adw_toast_new (priv->read_error);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_set_timeout (toast, 0);
  muster_toasts_add (overlay, toast);
}

const char *
muster_sheet_window_get_read_error (MusterSheetWindow *self)
{
  MusterSheetWindowPrivate *priv = muster_sheet_window_get_instance_private (self);

  g_return_val_if_fail (MUSTER_IS_SHEET_WINDOW (self), NULL);
  return priv->read_error;
}
