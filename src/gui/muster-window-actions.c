/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-window"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-campaign.h"
#include "muster-campaign-settings.h"
#include "muster-exchange-ui.h"
#include "muster-force-dialog.h"
#include "muster-games-page.h"
#include "muster-names.h"
#include "muster-new-campaign-dialog.h"
#include "muster-print-dialog.h"
#include "muster-recruit.h"
#include "muster-recruit-dialog.h"
#include "muster-roster-page.h"
#include "muster-toasts.h"
#include "muster-window-private.h"

static void
show_error_toast (MusterWindow *self,
                  const GError *error)
{
  muster_window_show_toast (self, adw_toast_new (error->message));
}

static gboolean
campaign_has_forces (MusterWindow *self)
{
  g_autoptr(GPtrArray) forces = NULL;

  if (self->campaign_id == 0)
    return FALSE;
  forces = muster_store_list_forces (self->store, self->campaign_id, NULL);
  return forces != NULL && forces->len > 0;
}

static void
new_campaign_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);

  gtk_window_present (GTK_WINDOW (muster_new_campaign_dialog_new (self, self->store)));
}

static void
create_sample_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  gint64 id;

  id = muster_store_create_sample (self->store, NULL, &error);
  if (id == 0)
    {
      show_error_toast (self, error);
      return;
    }
  muster_window_select_campaign (self, id);
}

static void
rename_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    MusterWindow     *self)
{
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "entry");
  gint64 id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (dialog), "campaign-id"));
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "rename") != 0)
    return;

  if (!muster_store_rename_campaign (self->store, id, gtk_editable_get_text (entry), &error))
    show_error_toast (self, error);
}

static void
rename_campaign_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  g_autoptr(MusterCampaign) campaign = NULL;
  GtkWidget *dialog, *entry;

  campaign = muster_store_get_campaign (self->store, self->campaign_id, NULL);
  if (campaign == NULL)
    return;

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Rename Campaign"), NULL);
  entry = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (entry), muster_campaign_get_name (campaign));
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Campaign name"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "rename", _("_Rename"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "rename",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "rename");
  g_object_set_data (G_OBJECT (dialog), "entry", entry);
  g_object_set_data (G_OBJECT (dialog), "campaign-id", GSIZE_TO_POINTER (self->campaign_id));
  g_signal_connect (dialog, "response", G_CALLBACK (rename_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
delete_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    MusterWindow     *self)
{
  gint64 id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (dialog), "campaign-id"));
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "delete") != 0)
    return;

  if (!muster_store_delete_campaign (self->store, id, &error))
    show_error_toast (self, error);
}

static void
delete_campaign_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *body = NULL;
  guint games, characters;
  GtkWidget *dialog;

  campaign = muster_store_get_campaign (self->store, self->campaign_id, NULL);
  if (campaign == NULL)
    return;
  if (!muster_store_count_campaign (self->store, self->campaign_id, &games, &characters, &error))
    {
      show_error_toast (self, error);
      return;
    }

  /* Whole sentences, each with its own count. */
  {
    g_autofree char *of_characters = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u character will be deleted.",
                                                                "%u characters will be deleted.",
                                                                characters),
                                                      characters);
    g_autofree char *of_games = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game will be deleted, with its results, rolls and log.",
                                                           "%u games will be deleted, with their results, rolls and log.",
                                                           games),
                                                 games);

    body = g_strjoin (" ", of_characters, of_games, _("So will its forces. This cannot be undone."), NULL);
  }
  dialog = adw_message_dialog_new (GTK_WINDOW (self), NULL, body);
  {
    g_autofree char *name = muster_names_shorten (muster_campaign_get_name (campaign));

    adw_message_dialog_format_heading (ADW_MESSAGE_DIALOG (dialog), _("Delete “%s”?"), name);
  }
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "delete", _("_Delete"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "delete",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data (G_OBJECT (dialog), "campaign-id", GSIZE_TO_POINTER (self->campaign_id));
  g_signal_connect (dialog, "response", G_CALLBACK (delete_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
campaign_settings_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  GtkWidget *dialog = muster_campaign_settings_new (self, self->store, self->campaign_id);

  if (dialog != NULL)
    gtk_window_present (GTK_WINDOW (dialog));
}

static void
new_force_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);

  gtk_window_present (GTK_WINDOW (muster_force_dialog_new (GTK_WINDOW (self), self->store,
                                                           self->campaign_id, 0)));
}

static void
recruit_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  GtkWidget *dialog;

  dialog = muster_recruit_dialog_new (GTK_WINDOW (self), self->store, self->campaign_id,
                                      muster_roster_page_get_force_id (MUSTER_ROSTER_PAGE (self->roster_page)));
  if (dialog != NULL)
    gtk_window_present (GTK_WINDOW (dialog));
}

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);

  adw_view_stack_set_visible_child_name (self->view_stack, "games");
  muster_games_page_new_game (MUSTER_GAMES_PAGE (muster_window_get_page (self, "games")));
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  MusterRosterPage *roster = MUSTER_ROSTER_PAGE (self->roster_page);
  g_autoptr(GArray) ids = muster_roster_page_get_selected_ids (roster);

  /* The whole roster as shown, unless several rows are chosen: the one
   * row the cursor happens to be on is no choice. One character prints
   * from his row's menu or his sheet. */
  muster_print_dialog_present (GTK_WINDOW (self), self->store, self->campaign_id,
                               muster_roster_page_get_force_id (roster),
                               ids->len >= 2 ? ids : NULL,
                               MUSTER_PRINT_FIGURE_STATS);
}

static void
find_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);

  adw_view_stack_set_visible_child_name (self->view_stack, "roster");
  muster_roster_page_focus_search (MUSTER_ROSTER_PAGE (self->roster_page));
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);

  muster_exchange_ui_import (GTK_WINDOW (self), self->store, NULL, self->campaign_id);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);

  muster_exchange_ui_export (GTK_WINDOW (self), self->store, self->campaign_id, 0);
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  gtk_window_close (GTK_WINDOW (widget));
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  g_autoptr(GPtrArray) undos = g_steal_pointer (&self->undos);
  g_autoptr(GError) error = NULL;

  if (self->undo_toast != NULL)
    muster_toasts_dismiss (self->toast_overlay, g_steal_pointer (&self->undo_toast));

  if (undos == NULL)
    return;

  /* Newest first, so each one finds the database as it left it. */
  for (guint i = undos->len; i > 0; i--)
    if (!muster_undo_apply (g_ptr_array_index (undos, i - 1), &error))
      {
        show_error_toast (self, error);
        break;
      }

  muster_window_update_actions (self);
}

static void
undo_toast_dismissed_cb (AdwToast     *toast,
                         MusterWindow *self)
{
  if (self->undo_toast != toast)
    return;

  self->undo_toast = NULL;
  g_clear_pointer (&self->undos, g_ptr_array_unref);
  muster_window_update_actions (self);
}

void
muster_window_offer_undo (MusterWindow *self,
                          GPtrArray    *undos,
                          const char   *label)
{
  AdwToast *toast;

  g_return_if_fail (MUSTER_IS_WINDOW (self));
  g_return_if_fail (undos != NULL);

  g_clear_pointer (&self->undos, g_ptr_array_unref);
  self->undos = undos;

  /* Said in the toast shown, if one is, its Undo now undoing this:
   * dismissing it for a new one crashes libadwaita 1.2 while the first
   * is still coming in. */
  if (self->undo_toast != NULL)
    {
      adw_toast_set_title (self->undo_toast, label);
      muster_window_update_actions (self);
      return;
    }

  toast = adw_toast_new (label);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "win.undo");
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (undo_toast_dismissed_cb), self, 0);
  self->undo_toast = toast;
  muster_toasts_add (self->toast_overlay, toast);

  muster_window_update_actions (self);
}

void
muster_window_update_actions (MusterWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean open = self->campaign_id != 0;
  gboolean has_forces = open && campaign_has_forces (self);
  /* A read-only library can be looked at, printed, exported and backed
   * up: only what changes it is disabled. */
  gboolean writable = self->store != NULL && !muster_store_is_read_only (self->store);

  gtk_widget_action_set_enabled (widget, "win.new-campaign", writable);
  gtk_widget_action_set_enabled (widget, "win.import", writable);
  gtk_widget_action_set_enabled (widget, "win.rename-campaign", open && writable);
  gtk_widget_action_set_enabled (widget, "win.delete-campaign", open && writable);
  gtk_widget_action_set_enabled (widget, "win.campaign-settings", open && writable);
  gtk_widget_action_set_enabled (widget, "win.new-force", open && writable);
  gtk_widget_action_set_enabled (widget, "win.recruit", has_forces && writable);
  /* Disabled for want of a force, the button says so. */
  gtk_widget_set_tooltip_text (self->recruit_button,
                               open && !has_forces ? _("Add a force first: every character belongs to one")
                                                   : _("Recruit"));
  gtk_widget_action_set_enabled (widget, "win.new-game", open && writable);
  gtk_widget_action_set_enabled (widget, "win.print", open);
  gtk_widget_action_set_enabled (widget, "win.find", open);
  gtk_widget_action_set_enabled (widget, "win.export", open);
  gtk_widget_action_set_enabled (widget, "win.undo", self->undos != NULL && writable);
  gtk_widget_action_set_enabled (widget, "win.create-sample", writable);
}

/* Reads everything again: the banner goes, and comes back if the
 * library still cannot be read. */
static void
reload_library_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);

  gtk_revealer_set_reveal_child (self->read_error_revealer, FALSE);
  muster_store_emit_changed (self->store, MUSTER_CHANGE_ALL, 0);
}

void
muster_window_class_add_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new-campaign", NULL, new_campaign_action);
  gtk_widget_class_install_action (widget_class, "win.create-sample", NULL, create_sample_action);
  gtk_widget_class_install_action (widget_class, "win.rename-campaign", NULL, rename_campaign_action);
  gtk_widget_class_install_action (widget_class, "win.delete-campaign", NULL, delete_campaign_action);
  gtk_widget_class_install_action (widget_class, "win.campaign-settings", NULL, campaign_settings_action);
  gtk_widget_class_install_action (widget_class, "win.new-force", NULL, new_force_action);
  gtk_widget_class_install_action (widget_class, "win.recruit", NULL, recruit_action);
  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.find", NULL, find_action);
  gtk_widget_class_install_action (widget_class, "win.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, close_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.reload-library", NULL, reload_library_action);

  /* The other shortcuts are the application's (muster-application.c). */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
}
