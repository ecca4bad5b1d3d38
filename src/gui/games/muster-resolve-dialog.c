/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-games"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-dice.h"
#include "muster-game.h"
#include "muster-resolve-dialog.h"
#include "muster-toasts.h"

/* One planned roll and how the user wants it made. */
typedef struct {
  MusterPlannedRoll *roll;
  AdwActionRow      *row;
  GtkCheckButton    *auto_check;
  GtkEntry          *entry;
} RollRow;

struct _MusterResolveDialog
{
  AdwWindow            parent_instance;

  AdwWindowTitle      *window_title;
  GtkWidget           *cancel_button;
  GtkWidget           *run_button;
  GtkWidget           *done_button;
  AdwToastOverlay     *toast_overlay;
  GtkStack            *stack;
  AdwPreferencesGroup *rolls_group;
  AdwStatusPage       *refused_page;
  AdwPreferencesGroup *events_group;

  MusterStore         *store;
  gint64               game_id;
  GPtrArray           *plan;     /* of MusterPlannedRoll* */
  GArray              *rows;     /* of RollRow */
  GPtrArray           *events;   /* of MusterResolutionEvent*, after a run */
  GError              *refusal;
};

G_DEFINE_FINAL_TYPE (MusterResolveDialog, muster_resolve_dialog, ADW_TYPE_WINDOW)

static void
show_error (MusterResolveDialog *self,
            const GError        *error)
{
  AdwToast *toast = adw_toast_new (error->message);

  adw_toast_set_timeout (toast, 10);
  muster_toasts_add (self->toast_overlay, toast);
}

/* Checks the row's faces and shows what is wrong in it. */
static gboolean
validate_row (RollRow  *row,
              GError  **error)
{
  g_autoptr(GError) local_error = NULL;
  const char *text;

  if (gtk_check_button_get_active (row->auto_check))
    {
      gtk_widget_remove_css_class (GTK_WIDGET (row->entry), "error");
      adw_action_row_set_subtitle (row->row, row->roll->expression);
      return TRUE;
    }

  text = gtk_editable_get_text (GTK_EDITABLE (row->entry));
  if (!muster_resolve_check_faces (row->roll->expression, text, &local_error))
    {
      g_autofree char *subtitle = g_strdup_printf ("%s — %s", row->roll->expression, local_error->message);

      gtk_widget_add_css_class (GTK_WIDGET (row->entry), "error");
      adw_action_row_set_subtitle (row->row, subtitle);
      if (error != NULL)
        /* Translators: a character, a step ("Death roll") and what is wrong */
        *error = g_error_new (local_error->domain, local_error->code, _("%s, %s: %s"),
                              row->roll->character_name, row->roll->step_name, local_error->message);
      return FALSE;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (row->entry), "error");
  adw_action_row_set_subtitle (row->row, row->roll->expression);
  return TRUE;
}

static void
on_auto_toggled (GtkCheckButton *check,
                 RollRow        *row)
{
  gboolean automatic = gtk_check_button_get_active (check);

  gtk_widget_set_sensitive (GTK_WIDGET (row->entry), !automatic);
  if (!automatic && gtk_widget_get_mapped (GTK_WIDGET (row->entry)))
    gtk_widget_grab_focus (GTK_WIDGET (row->entry));
  validate_row (row, NULL);
}

static void
on_faces_changed (GtkEditable *editable,
                  RollRow     *row)
{
  const char *text = gtk_editable_get_text (editable);

  /* Typing faces means they were rolled at the table. */
  if (text[0] != '\0' && gtk_check_button_get_active (row->auto_check))
    gtk_check_button_set_active (row->auto_check, FALSE);
  else
    validate_row (row, NULL);
}

static void
build_rolls (MusterResolveDialog *self)
{
  self->rows = g_array_sized_new (FALSE, TRUE, sizeof (RollRow), self->plan->len);
  g_array_set_size (self->rows, self->plan->len);

  for (guint i = 0; i < self->plan->len; i++)
    {
      RollRow *row = &g_array_index (self->rows, RollRow, i);
      g_autofree char *title = NULL;
      g_autofree char *entry_label = NULL;
      GtkWidget *box;

      row->roll = g_ptr_array_index (self->plan, i);
      row->row = ADW_ACTION_ROW (adw_action_row_new ());
      /* Translators: a character and the roll made for them, "Jean Lefort — Death roll" */
      title = g_strdup_printf (_("%s — %s"), row->roll->character_name, row->roll->step_name);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row->row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row->row), title);
      adw_action_row_set_subtitle (row->row, row->roll->expression);
      /* A unit's roll (its figures) carries the unit's name. */
      if (row->roll->unit_id != 0)
        adw_action_row_set_icon_name (row->row, "system-users-symbolic");

      box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
      row->auto_check = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("Roll for _me")));
      gtk_check_button_set_active (row->auto_check, TRUE);
      row->entry = GTK_ENTRY (gtk_entry_new ());
      gtk_editable_set_width_chars (GTK_EDITABLE (row->entry), 8);
      gtk_entry_set_placeholder_text (row->entry, _("Faces"));
      gtk_entry_set_input_purpose (row->entry, GTK_INPUT_PURPOSE_DIGITS);
      gtk_widget_set_sensitive (GTK_WIDGET (row->entry), FALSE);
      /* Translators: accessible name of the faces entry, "Faces rolled for Jean Lefort — Death roll" */
      entry_label = g_strdup_printf (_("Faces rolled for %s"), title);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->entry), GTK_ACCESSIBLE_PROPERTY_LABEL, entry_label, -1);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (row->auto_check));
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (row->entry));
      adw_action_row_add_suffix (row->row, box);

      g_signal_connect (row->auto_check, "toggled", G_CALLBACK (on_auto_toggled), row);
      g_signal_connect (row->entry, "changed", G_CALLBACK (on_faces_changed), row);
      adw_preferences_group_add (self->rolls_group, GTK_WIDGET (row->row));
    }

  if (self->plan->len == 0)
    adw_preferences_group_set_description (self->rolls_group,
                                           _("No dice are needed: resolving heals wounds and counts down "
                                             "the games of those out of action."));
}

static void
build_events (MusterResolveDialog *self)
{
  for (guint i = 0; i < self->events->len; i++)
    {
      MusterResolutionEvent *event = g_ptr_array_index (self->events, i);
      GtkWidget *row = adw_action_row_new ();
      const char *step = muster_engine_get_step_name (event->step_type);
      g_autofree char *subtitle = NULL;

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), event->consequence);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      if (event->roll != NULL)
        {
          g_autofree char *dice = muster_roll_describe (event->roll);

          if (event->roll->entered)
            /* Translators: the step's name, then the dice entered for it, "Death roll · 1d6: 4" */
            subtitle = g_strdup_printf (_("%s · %s: %s · entered from the table"), step, event->roll->expression, dice);
          else
            /* Translators: the step's name, then the dice Muster rolled for it, "Death roll · 1d6: 4" */
            subtitle = g_strdup_printf (_("%s · %s: %s · rolled by Muster"), step, event->roll->expression, dice);
        }
      else
        subtitle = g_strdup (step);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      if (g_strcmp0 (event->kind, "death") == 0)
        {
          gtk_widget_add_css_class (row, "log-death");
          adw_action_row_set_icon_name (ADW_ACTION_ROW (row), "emblem-important-symbolic");
        }
      else if (g_strcmp0 (event->kind, "recovered") == 0)
        {
          gtk_widget_add_css_class (row, "log-recovered");
          adw_action_row_set_icon_name (ADW_ACTION_ROW (row), "emblem-ok-symbolic");
        }
      else if (event->unit_id != 0)
        adw_action_row_set_icon_name (ADW_ACTION_ROW (row), "system-users-symbolic");
      adw_preferences_group_add (self->events_group, row);
    }
}

static void
run_action (GtkWidget  *widget,
            const char *name,
            GVariant   *param)
{
  g_autoptr(GError) error = NULL;

  muster_resolve_dialog_run (MUSTER_RESOLVE_DIALOG (widget), &error);
}

static void
muster_resolve_dialog_dispose (GObject *object)
{
  MusterResolveDialog *self = (MusterResolveDialog *) object;

  g_clear_pointer (&self->rows, g_array_unref);
  g_clear_pointer (&self->plan, g_ptr_array_unref);
  g_clear_pointer (&self->events, g_ptr_array_unref);
  g_clear_error (&self->refusal);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (muster_resolve_dialog_parent_class)->dispose (object);
}

static void
muster_resolve_dialog_class_init (MusterResolveDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_resolve_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/musterapp/Muster/muster-resolve-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterResolveDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, MusterResolveDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, MusterResolveDialog, run_button);
  gtk_widget_class_bind_template_child (widget_class, MusterResolveDialog, done_button);
  gtk_widget_class_bind_template_child (widget_class, MusterResolveDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MusterResolveDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, MusterResolveDialog, rolls_group);
  gtk_widget_class_bind_template_child (widget_class, MusterResolveDialog, refused_page);
  gtk_widget_class_bind_template_child (widget_class, MusterResolveDialog, events_group);

  gtk_widget_class_install_action (widget_class, "resolve.run", NULL, run_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "resolve.run", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
muster_resolve_dialog_init (MusterResolveDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

MusterResolveDialog *
muster_resolve_dialog_new (MusterStore *store,
                           gint64       game_id)
{
  g_autoptr(MusterGame) game = NULL;
  MusterResolveDialog *self;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  self = g_object_new (MUSTER_TYPE_RESOLVE_DIALOG, NULL);
  self->store = g_object_ref (store);
  self->game_id = game_id;

  if ((game = muster_store_get_game (store, game_id, &self->refusal)) != NULL)
    {
      g_autofree char *what = muster_game_describe (game);

      adw_window_title_set_subtitle (self->window_title, what);
      self->plan = muster_engine_plan (store, game_id, &self->refusal);
    }

  if (self->plan == NULL)
    {
      adw_status_page_set_description (self->refused_page, self->refusal->message);
      gtk_stack_set_visible_child_name (self->stack, "refused");
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "resolve.run", FALSE);
      gtk_widget_set_visible (self->run_button, FALSE);
      gtk_button_set_label (GTK_BUTTON (self->cancel_button), _("_Close"));
      return self;
    }

  build_rolls (self);
  return self;
}

const GError *
muster_resolve_dialog_get_refusal (MusterResolveDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_RESOLVE_DIALOG (self), NULL);
  return self->refusal;
}

guint
muster_resolve_dialog_get_n_rolls (MusterResolveDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_RESOLVE_DIALOG (self), 0);
  return self->plan != NULL ? self->plan->len : 0;
}

const MusterPlannedRoll *
muster_resolve_dialog_get_roll (MusterResolveDialog *self,
                                guint                index)
{
  g_return_val_if_fail (MUSTER_IS_RESOLVE_DIALOG (self), NULL);
  g_return_val_if_fail (self->plan != NULL && index < self->plan->len, NULL);
  return g_ptr_array_index (self->plan, index);
}

gboolean
muster_resolve_dialog_set_faces (MusterResolveDialog  *self,
                                 guint                 index,
                                 const char           *faces,
                                 GError              **error)
{
  RollRow *row;

  g_return_val_if_fail (MUSTER_IS_RESOLVE_DIALOG (self), FALSE);
  g_return_val_if_fail (self->rows != NULL && index < self->rows->len, FALSE);

  row = &g_array_index (self->rows, RollRow, index);
  if (faces == NULL)
    {
      gtk_editable_set_text (GTK_EDITABLE (row->entry), "");
      gtk_check_button_set_active (row->auto_check, TRUE);
      return TRUE;
    }
  gtk_check_button_set_active (row->auto_check, FALSE);
  gtk_editable_set_text (GTK_EDITABLE (row->entry), faces);
  return validate_row (row, error);
}

gboolean
muster_resolve_dialog_run (MusterResolveDialog  *self,
                           GError              **error)
{
  g_autoptr(GHashTable) table = NULL;
  GError *local_error = NULL;

  g_return_val_if_fail (MUSTER_IS_RESOLVE_DIALOG (self), FALSE);

  if (self->plan == NULL || self->events != NULL)
    {
      g_set_error_literal (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
                           self->refusal != NULL ? self->refusal->message : _("The game is already resolved."));
      return FALSE;
    }

  table = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < self->rows->len; i++)
    {
      RollRow *row = &g_array_index (self->rows, RollRow, i);

      if (!validate_row (row, &local_error))
        goto fail;
      if (!gtk_check_button_get_active (row->auto_check))
        g_hash_table_insert (table, row->roll->purpose,
                             (gpointer) gtk_editable_get_text (GTK_EDITABLE (row->entry)));
    }

  self->events = muster_engine_resolve_with_faces (self->store, self->game_id, table, &local_error);
  if (self->events == NULL)
    goto fail;

  build_events (self);
  gtk_stack_set_visible_child_name (self->stack, "result");
  gtk_widget_set_visible (self->cancel_button, FALSE);
  gtk_widget_set_visible (self->run_button, FALSE);
  gtk_widget_set_visible (self->done_button, TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "resolve.run", FALSE);
  return TRUE;

fail:
  show_error (self, local_error);
  g_propagate_error (error, local_error);
  return FALSE;
}

GPtrArray *
muster_resolve_dialog_get_events (MusterResolveDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_RESOLVE_DIALOG (self), NULL);
  return self->events;
}

gboolean
muster_resolve_check_faces (const char  *expression,
                            const char  *text,
                            GError     **error)
{
  g_autoptr(MusterDiceExpr) expr = NULL;
  g_autoptr(GHashTable) table = NULL;
  g_autoptr(GArray) faces = NULL;
  g_autoptr(MusterRoll) roll = NULL;
  MusterPlannedRoll planned = { 0 };

  g_return_val_if_fail (expression != NULL, FALSE);

  if ((expr = muster_dice_expr_parse (expression, error)) == NULL)
    return FALSE;

  /* The engine's own reading of typed faces, so the dialog and the
   * resolution agree on what is valid. */
  planned.purpose = (char *) "faces";
  table = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (table, (gpointer) "faces", (gpointer) (text != NULL ? text : ""));
  if ((faces = muster_engine_faces_from_table (&planned, table, error)) == NULL)
    {
      if (error != NULL && *error == NULL)
        g_set_error_literal (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES,
                             _("Enter the faces rolled, for example 3,5."));
      return FALSE;
    }
  roll = muster_roll_new_entered (expr, (const int *) (gpointer) faces->data, faces->len, error);
  return roll != NULL;
}
