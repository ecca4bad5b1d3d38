/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-window"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-a11y.h"
#include "muster-force.h"
#include "muster-force-dialog.h"
#include "muster-names.h"
#include "muster-nationality.h"

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
  AdwComboRow *nationality_row;
  GtkLabel    *error_label;

  /* The user picked the nationality: the side no longer suggests one. */
  gboolean     nationality_chosen;
  guint        updating;
};

G_DEFINE_FINAL_TYPE (MusterForceDialog, muster_force_dialog, ADW_TYPE_WINDOW)

static void
show_error (MusterForceDialog *self,
            const GError      *error)
{
  gtk_label_set_label (self->error_label, error->message);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
}

static void on_side_changed (MusterForceDialog *self);

static void
on_changed (MusterForceDialog *self)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "dialog.save", *name != '\0');
  /* A force without a side is named for its own. */
  on_side_changed (self);
}

/* The nationality picked in the row, as an id. */
static const char *
get_nationality (MusterForceDialog *self)
{
  const char * const *ids = muster_nationality_get_ids ();
  guint selected = adw_combo_row_get_selected (self->nationality_row);

  return selected < g_strv_length ((char **) ids) ? ids[selected] : MUSTER_NATIONALITY_DEFAULT;
}

static void
select_nationality (MusterForceDialog *self,
                    const char        *id)
{
  const char * const *ids = muster_nationality_get_ids ();

  self->updating++;
  for (guint i = 0; ids[i] != NULL; i++)
    if (g_str_equal (ids[i], id))
      adw_combo_row_set_selected (self->nationality_row, i);
  self->updating--;
}

/* Until the user picks one, the nationality is the one the side (or the
 * name) suggests, as for a force made on the command line. */
static void
on_side_changed (MusterForceDialog *self)
{
  if (self->nationality_chosen)
    return;
  select_nationality (self,
                      muster_nationality_guess (gtk_editable_get_text (GTK_EDITABLE (self->side_row)),
                                                gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
}

static void
on_nationality_selected (MusterForceDialog *self)
{
  if (!self->updating)
    self->nationality_chosen = TRUE;
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
      if (muster_store_create_force_full (self->store, self->campaign_id, name, side_or_null,
                                          get_nationality (self), &error) == 0)
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
           !muster_store_set_force_side (self->store, self->force_id, side_or_null, &error)) ||
          !muster_store_set_force_nationality (self->store, self->force_id, get_nationality (self), &error))
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
  gtk_widget_class_bind_template_child (widget_class, MusterForceDialog, nationality_row);
  gtk_widget_class_bind_template_child (widget_class, MusterForceDialog, error_label);
  gtk_widget_class_bind_template_callback (widget_class, on_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_side_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_nationality_selected);

  gtk_widget_class_install_action (widget_class, "dialog.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
muster_force_dialog_init (MusterForceDialog *self)
{
  const char * const *ids = muster_nationality_get_ids ();
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint i = 0; ids[i] != NULL; i++)
    gtk_string_list_append (labels, muster_nationality_get_label (ids[i]));
  self->updating++;
  adw_combo_row_set_model (self->nationality_row, G_LIST_MODEL (labels));
  self->updating--;
  select_nationality (self, MUSTER_NATIONALITY_DEFAULT);
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
          /* Its own, kept whatever the side becomes. */
          select_nationality (self, muster_force_get_nationality (force));
          self->nationality_chosen = TRUE;
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
