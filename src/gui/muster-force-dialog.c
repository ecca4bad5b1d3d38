/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-window"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-a11y.h"
#include "muster-force.h"
#include "muster-force-dialog.h"
#include "muster-names.h"

struct _MusterForceDialog
{
  AdwWindow    parent_instance;

  MusterStore *store;
  gint64       campaign_id;
  gint64       force_id;

  /* Template widgets */
  GtkButton   *save_button;
  AdwEntryRow *name_row;
  AdwEntryRow *side_row;
  GtkLabel    *error_label;
};

G_DEFINE_FINAL_TYPE (MusterForceDialog, muster_force_dialog, ADW_TYPE_WINDOW)

static void
show_error (MusterForceDialog *self,
            const GError      *error)
{
  gtk_label_set_label (self->error_label, error->message);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
}

static void
on_changed (MusterForceDialog *self)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "dialog.save", *name != '\0');
}

static void
on_entry_activated (MusterForceDialog *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "dialog.save", NULL);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterForceDialog *self = MUSTER_FORCE_DIALOG (widget);
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
  g_autofree char *side = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->side_row))));
  g_autoptr(GError) error = NULL;
  const char *side_or_null = *side ? side : NULL;

  if (*name == '\0')
    return;

  if (self->force_id == 0)
    {
      if (muster_store_create_force (self->store, self->campaign_id, name, side_or_null, &error) == 0)
        {
          show_error (self, error);
          return;
        }
    }
  else
    {
      g_autoptr(MusterForce) force = muster_store_get_force (self->store, self->force_id, &error);

      if (force == NULL ||
          (g_strcmp0 (muster_force_get_name (force), name) != 0 &&
           !muster_store_rename_force (self->store, self->force_id, name, &error)) ||
          (g_strcmp0 (muster_force_get_side (force), side_or_null) != 0 &&
           !muster_store_set_force_side (self->store, self->force_id, side_or_null, &error)))
        {
          show_error (self, error);
          return;
        }
    }

  gtk_window_destroy (GTK_WINDOW (self));
}

static void
muster_force_dialog_dispose (GObject *object)
{
  MusterForceDialog *self = MUSTER_FORCE_DIALOG (object);

  g_clear_object (&self->store);

  G_OBJECT_CLASS (muster_force_dialog_parent_class)->dispose (object);
}

static void
muster_force_dialog_class_init (MusterForceDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_force_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/muster-force-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterForceDialog, save_button);
  gtk_widget_class_bind_template_child (widget_class, MusterForceDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, MusterForceDialog, side_row);
  gtk_widget_class_bind_template_child (widget_class, MusterForceDialog, error_label);
  gtk_widget_class_bind_template_callback (widget_class, on_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_activated);

  gtk_widget_class_install_action (widget_class, "dialog.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
muster_force_dialog_init (MusterForceDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
muster_force_dialog_new (GtkWindow   *parent,
                         MusterStore *store,
                         gint64       campaign_id,
                         gint64       force_id)
{
  MusterForceDialog *self;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  self = g_object_new (MUSTER_TYPE_FORCE_DIALOG,
                       "transient-for", parent,
                       NULL);
  self->store = g_object_ref (store);
  self->campaign_id = campaign_id;
  self->force_id = force_id;

  if (force_id != 0)
    {
      g_autoptr(MusterForce) force = muster_store_get_force (store, force_id, NULL);

      gtk_window_set_title (GTK_WINDOW (self), _("Rename Force"));
      gtk_button_set_label (self->save_button, _("_Save"));
      if (force != NULL)
        {
          gtk_editable_set_text (GTK_EDITABLE (self->name_row), muster_force_get_name (force));
          gtk_editable_set_text (GTK_EDITABLE (self->side_row),
                                 muster_force_get_side (force) ? muster_force_get_side (force) : "");
          self->campaign_id = muster_force_get_campaign_id (force);
        }
    }
  else
    {
      gtk_window_set_title (GTK_WINDOW (self), _("New Force"));
      muster_names_limit_editable (GTK_EDITABLE (self->name_row));
      gtk_button_set_label (self->save_button, _("_Add"));
    }

  on_changed (self);
  /* The first field, not Cancel, has the focus when the dialog opens. */
  muster_a11y_focus_on_show (GTK_WINDOW (self), GTK_WIDGET (self->name_row));
  return GTK_WIDGET (self);
}
