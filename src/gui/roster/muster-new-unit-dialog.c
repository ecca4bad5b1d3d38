/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-roster"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-a11y.h"
#include "muster-campaign.h"
#include "muster-force.h"
#include "muster-names.h"
#include "muster-new-unit-dialog.h"
#include "muster-unit.h"

struct _MusterNewUnitDialog
{
  AdwWindow      parent_instance;

  MusterStore   *store;
  gint64         campaign_id;
  MusterRuleset *ruleset;
  GPtrArray     *forces;      /* of MusterForce */

  /* Template widgets */
  AdwEntryRow   *name_row;
  AdwComboRow   *force_row;
  AdwComboRow   *kind_row;
  AdwComboRow   *rating_row;
  GtkSpinButton *size_spin;
  GtkLabel      *error_label;
};

G_DEFINE_FINAL_TYPE (MusterNewUnitDialog, muster_new_unit_dialog, ADW_TYPE_WINDOW)

static const MusterUnitKindDef *
get_kind (MusterNewUnitDialog *self)
{
  GPtrArray *kinds = muster_ruleset_get_unit_kinds (self->ruleset);
  guint selected = adw_combo_row_get_selected (self->kind_row);

  if (kinds == NULL || selected >= kinds->len)
    return NULL;
  return g_ptr_array_index (kinds, selected);
}

static const MusterRatingDef *
get_rating (MusterNewUnitDialog *self)
{
  GPtrArray *ratings = muster_ruleset_get_ratings (self->ruleset);
  guint selected = adw_combo_row_get_selected (self->rating_row);

  if (ratings == NULL || selected >= ratings->len)
    return NULL;
  return g_ptr_array_index (ratings, selected);
}

static guint
rating_position (MusterRuleset *ruleset,
                 const char    *id)
{
  GPtrArray *ratings = muster_ruleset_get_ratings (ruleset);

  for (guint i = 0; id != NULL && ratings != NULL && i < ratings->len; i++)
    if (g_strcmp0 (((MusterRatingDef *) g_ptr_array_index (ratings, i))->id, id) == 0)
      return i;
  return GTK_INVALID_LIST_POSITION;
}

static void
show_error (MusterNewUnitDialog *self,
            const char          *message)
{
  gtk_label_set_label (self->error_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
}

/* A new type brings its usual size and limits, and its own rating when it
 * may have only one (Big Skirmishes' guns are always Average). */
static void
on_kind_selected (MusterNewUnitDialog *self)
{
  const MusterUnitKindDef *kind;
  g_autofree char *range = NULL;
  guint fixed;

  if (self->ruleset == NULL || (kind = get_kind (self)) == NULL)
    return;

  gtk_spin_button_set_range (self->size_spin,
                             kind->min_size > 0 ? kind->min_size : 1,
                             kind->max_size > 0 ? kind->max_size : 999);
  if (kind->size > 0)
    gtk_spin_button_set_value (self->size_spin, kind->size);
  if (kind->min_size > 0 && kind->max_size > 0)
    range = g_strdup_printf (_("From %d to %d"), kind->min_size, kind->max_size);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (gtk_widget_get_ancestor (GTK_WIDGET (self->size_spin),
                                                                        ADW_TYPE_ACTION_ROW)),
                               range ? range : "");

  fixed = rating_position (self->ruleset, kind->rating);
  if (fixed != GTK_INVALID_LIST_POSITION)
    adw_combo_row_set_selected (self->rating_row, fixed);
  else if (!gtk_widget_get_sensitive (GTK_WIDGET (self->rating_row)))
    {
      guint fallback = rating_position (self->ruleset, muster_ruleset_get_default_rating (self->ruleset));

      if (fallback != GTK_INVALID_LIST_POSITION)
        adw_combo_row_set_selected (self->rating_row, fallback);
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->rating_row), fixed == GTK_INVALID_LIST_POSITION);
}

static void
on_name_activated (MusterNewUnitDialog *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "dialog.save", NULL);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  muster_new_unit_dialog_save (MUSTER_NEW_UNIT_DIALOG (widget), NULL);
}

static void
muster_new_unit_dialog_dispose (GObject *object)
{
  MusterNewUnitDialog *self = MUSTER_NEW_UNIT_DIALOG (object);

  g_clear_pointer (&self->forces, g_ptr_array_unref);
  g_clear_object (&self->ruleset);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (muster_new_unit_dialog_parent_class)->dispose (object);
}

static void
muster_new_unit_dialog_class_init (MusterNewUnitDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_new_unit_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/muster-new-unit-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterNewUnitDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, MusterNewUnitDialog, force_row);
  gtk_widget_class_bind_template_child (widget_class, MusterNewUnitDialog, kind_row);
  gtk_widget_class_bind_template_child (widget_class, MusterNewUnitDialog, rating_row);
  gtk_widget_class_bind_template_child (widget_class, MusterNewUnitDialog, size_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterNewUnitDialog, error_label);
  gtk_widget_class_bind_template_callback (widget_class, on_kind_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_name_activated);

  gtk_widget_class_install_action (widget_class, "dialog.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
muster_new_unit_dialog_init (MusterNewUnitDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  muster_names_limit_editable (GTK_EDITABLE (self->name_row));
}

GtkWidget *
muster_new_unit_dialog_new (GtkWindow   *parent,
                            MusterStore *store,
                            gint64       campaign_id,
                            gint64       force_id)
{
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GtkStringList) forces = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) ratings = gtk_string_list_new (NULL);
  g_autoptr(GPtrArray) list = NULL;
  MusterNewUnitDialog *self;
  MusterRuleset *ruleset;
  GPtrArray *defs;
  guint force_position = 0;
  guint default_rating;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  campaign = muster_store_get_campaign (store, campaign_id, NULL);
  if (campaign == NULL)
    return NULL;
  ruleset = muster_campaign_get_ruleset (campaign);
  if (ruleset == NULL || muster_ruleset_get_kept_by (ruleset) != MUSTER_KEPT_BY_UNIT)
    return NULL;

  list = muster_store_list_forces (store, campaign_id, NULL);
  if (list == NULL || list->len == 0)
    return NULL;

  self = g_object_new (MUSTER_TYPE_NEW_UNIT_DIALOG,
                       "transient-for", parent,
                       NULL);
  self->store = g_object_ref (store);
  self->campaign_id = campaign_id;
  self->ruleset = g_object_ref (ruleset);
  self->forces = g_steal_pointer (&list);

  for (guint i = 0; i < self->forces->len; i++)
    {
      MusterForce *force = g_ptr_array_index (self->forces, i);

      if (muster_force_get_id (force) == force_id)
        force_position = i;
      gtk_string_list_append (forces, muster_force_get_name (force));
    }
  adw_combo_row_set_model (self->force_row, G_LIST_MODEL (forces));
  adw_combo_row_set_selected (self->force_row, force_position);

  defs = muster_ruleset_get_ratings (ruleset);
  for (guint i = 0; defs != NULL && i < defs->len; i++)
    gtk_string_list_append (ratings, ((MusterRatingDef *) g_ptr_array_index (defs, i))->name);
  adw_combo_row_set_model (self->rating_row, G_LIST_MODEL (ratings));
  gtk_widget_set_visible (GTK_WIDGET (self->rating_row), defs != NULL && defs->len > 0);
  default_rating = rating_position (ruleset, muster_ruleset_get_default_rating (ruleset));
  if (default_rating != GTK_INVALID_LIST_POSITION)
    adw_combo_row_set_selected (self->rating_row, default_rating);

  defs = muster_ruleset_get_unit_kinds (ruleset);
  for (guint i = 0; defs != NULL && i < defs->len; i++)
    gtk_string_list_append (kinds, ((MusterUnitKindDef *) g_ptr_array_index (defs, i))->name);
  adw_combo_row_set_model (self->kind_row, G_LIST_MODEL (kinds));
  adw_combo_row_set_selected (self->kind_row, 0);
  on_kind_selected (self);

  muster_a11y_focus_on_show (GTK_WINDOW (self), GTK_WIDGET (self->name_row));
  return GTK_WIDGET (self);
}

GtkWidget *
muster_new_unit_dialog_get_editor (MusterNewUnitDialog *self,
                                   const char          *field)
{
  g_return_val_if_fail (MUSTER_IS_NEW_UNIT_DIALOG (self), NULL);
  g_return_val_if_fail (field != NULL, NULL);

  if (g_str_equal (field, "name"))
    return GTK_WIDGET (self->name_row);
  if (g_str_equal (field, "force"))
    return GTK_WIDGET (self->force_row);
  if (g_str_equal (field, "type"))
    return GTK_WIDGET (self->kind_row);
  if (g_str_equal (field, "rating"))
    return GTK_WIDGET (self->rating_row);
  if (g_str_equal (field, "size"))
    return GTK_WIDGET (self->size_spin);
  return NULL;
}

gboolean
muster_new_unit_dialog_set_kind (MusterNewUnitDialog *self,
                                 const char          *kind)
{
  GPtrArray *kinds;

  g_return_val_if_fail (MUSTER_IS_NEW_UNIT_DIALOG (self), FALSE);

  kinds = muster_ruleset_get_unit_kinds (self->ruleset);
  for (guint i = 0; kinds != NULL && i < kinds->len; i++)
    if (g_strcmp0 (((MusterUnitKindDef *) g_ptr_array_index (kinds, i))->id, kind) == 0)
      {
        adw_combo_row_set_selected (self->kind_row, i);
        return TRUE;
      }
  return FALSE;
}

gboolean
muster_new_unit_dialog_set_rating (MusterNewUnitDialog *self,
                                   const char          *rating)
{
  guint position;

  g_return_val_if_fail (MUSTER_IS_NEW_UNIT_DIALOG (self), FALSE);

  position = rating_position (self->ruleset, rating);
  if (position == GTK_INVALID_LIST_POSITION ||
      !gtk_widget_get_sensitive (GTK_WIDGET (self->rating_row)))
    return FALSE;
  adw_combo_row_set_selected (self->rating_row, position);
  return TRUE;
}

gint64
muster_new_unit_dialog_save (MusterNewUnitDialog *self,
                             GError             **error)
{
  g_autoptr(GError) local_error = NULL;
  const MusterUnitKindDef *kind;
  const MusterRatingDef *rating;
  MusterUnitSpec spec = { 0 };
  MusterForce *force;
  guint selected;
  gint64 id;

  g_return_val_if_fail (MUSTER_IS_NEW_UNIT_DIALOG (self), 0);

  selected = adw_combo_row_get_selected (self->force_row);
  force = selected < self->forces->len ? g_ptr_array_index (self->forces, selected) : NULL;
  kind = get_kind (self);
  rating = gtk_widget_get_visible (GTK_WIDGET (self->rating_row)) ? get_rating (self) : NULL;
  if (force == NULL || kind == NULL)
    {
      g_set_error_literal (&local_error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                           _("Choose a force and a type for the unit."));
      goto fail;
    }

  gtk_spin_button_update (self->size_spin);
  spec.name = gtk_editable_get_text (GTK_EDITABLE (self->name_row));
  spec.kind = kind->id;
  spec.rating = rating ? rating->id : NULL;
  spec.size = gtk_spin_button_get_value_as_int (self->size_spin);

  id = muster_store_create_unit (self->store, muster_force_get_id (force), &spec, &local_error);
  if (id == 0)
    goto fail;

  gtk_window_destroy (GTK_WINDOW (self));
  return id;

fail:
  show_error (self, local_error->message);
  gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
  g_propagate_error (error, g_steal_pointer (&local_error));
  return 0;
}
