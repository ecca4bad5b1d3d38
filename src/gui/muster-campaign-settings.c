/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-window"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-a11y.h"
#include "muster-campaign.h"
#include "muster-campaign-settings-private.h"
#include "muster-force.h"
#include "muster-force-dialog.h"
#include "muster-toasts.h"

G_DEFINE_FINAL_TYPE (MusterCampaignSettings, muster_campaign_settings, ADW_TYPE_WINDOW)

void
muster_campaign_settings_clear_rows (AdwPreferencesGroup *group,
                                     GPtrArray           *rows)
{
  for (guint i = 0; i < rows->len; i++)
    adw_preferences_group_remove (group, g_ptr_array_index (rows, i));
  g_ptr_array_set_size (rows, 0);
}

void
muster_campaign_settings_show_error (MusterCampaignSettings *self,
                                     const GError           *error)
{
  muster_toasts_add (self->toast_overlay, adw_toast_new (error->message));
}

static void
edit_force_clicked_cb (GtkButton              *button,
                       MusterCampaignSettings *self)
{
  gint64 id = *(gint64 *) g_object_get_data (G_OBJECT (button), "force-id");

  gtk_window_present (GTK_WINDOW (muster_force_dialog_new (GTK_WINDOW (self), self->store,
                                                           self->campaign_id, id)));
}

static void
delete_force_clicked_cb (GtkButton              *button,
                         MusterCampaignSettings *self)
{
  gint64 id = *(gint64 *) g_object_get_data (G_OBJECT (button), "force-id");

  muster_campaign_settings_delete_force (self, id);
}

static GtkWidget *
force_button (MusterCampaignSettings *self,
              gint64                  force_id,
              const char             *icon_name,
              const char             *tooltip,
              GCallback               callback)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon_name);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, tooltip);
  /* The row's title says which force. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_widget_add_css_class (button, "flat");
  g_object_set_data_full (G_OBJECT (button), "force-id",
                          g_memdup2 (&force_id, sizeof force_id), g_free);
  g_signal_connect (button, "clicked", callback, self);
  return button;
}

static void
reload_forces (MusterCampaignSettings *self)
{
  g_autoptr(GPtrArray) forces = muster_store_list_forces (self->store, self->campaign_id, NULL);

  muster_campaign_settings_clear_rows (self->forces_group, self->force_rows);
  for (guint i = 0; forces != NULL && i < forces->len; i++)
    {
      MusterForce *force = g_ptr_array_index (forces, i);
      guint n = muster_force_get_n_characters (force);
      g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u character", "%u characters", n), n);
      g_autofree char *subtitle = NULL;
      GtkWidget *row = adw_action_row_new ();

      if (muster_force_get_side (force) != NULL)
        /* Translators: a force's side, then how many characters it has */
        subtitle = g_strdup_printf (_("%s side · %s"), muster_force_get_side (force), count);
      else
        subtitle = g_strdup_printf (_("Its own side · %s"), count);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), muster_force_get_name (force));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 force_button (self, muster_force_get_id (force), "document-edit-symbolic",
                                               _("Rename"), G_CALLBACK (edit_force_clicked_cb)));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 force_button (self, muster_force_get_id (force), "user-trash-symbolic",
                                               _("Delete"), G_CALLBACK (delete_force_clicked_cb)));
      adw_preferences_group_add (self->forces_group, row);
      g_ptr_array_add (self->force_rows, row);
    }
}

static void
load_campaign (MusterCampaignSettings *self)
{
  g_autoptr(MusterCampaign) campaign = muster_store_get_campaign (self->store, self->campaign_id, NULL);
  MusterRuleset *ruleset;
  GPtrArray *options;
  GPtrArray *readings;
  g_autofree char *ruleset_text = NULL;
  g_autofree char *seed = NULL;

  if (campaign == NULL)
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return;
    }

  ruleset = muster_campaign_get_ruleset (campaign);
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), muster_campaign_get_name (campaign));
  if (ruleset != NULL)
    /* Translators: a ruleset's title, its id and the version of the copy a campaign keeps */
    ruleset_text = g_strdup_printf (_("%s (%s, version %s)"), muster_ruleset_get_title (ruleset),
                                    muster_campaign_get_ruleset_id (campaign),
                                    muster_campaign_get_ruleset_version (campaign));
  else
    /* Translators: a ruleset's id and the version of the copy a campaign keeps */
    ruleset_text = g_strdup_printf (_("%s, version %s: the copy no longer loads"),
                                    muster_campaign_get_ruleset_id (campaign),
                                    muster_campaign_get_ruleset_version (campaign));
  adw_action_row_set_subtitle (self->ruleset_row, ruleset_text);
  seed = g_strdup_printf ("%" G_GUINT64_FORMAT, muster_campaign_get_seed (campaign));
  adw_action_row_set_subtitle (self->seed_row, seed);
  adw_action_row_set_subtitle (self->created_row, muster_campaign_get_created (campaign));

  muster_campaign_settings_clear_rows (self->options_group, self->option_rows);
  options = ruleset ? muster_ruleset_get_options (ruleset) : NULL;
  gtk_widget_set_visible (GTK_WIDGET (self->options_group), options != NULL && options->len > 0);
  for (guint i = 0; options != NULL && i < options->len; i++)
    {
      const MusterOptionDef *option = g_ptr_array_index (options, i);
      const char *choice_id = muster_campaign_get_option (campaign, option->id);
      const char *choice_name = choice_id;
      g_autofree char *subtitle = NULL;
      gboolean house = FALSE;
      GtkWidget *row = adw_action_row_new ();

      for (guint j = 0; j < option->choices->len; j++)
        {
          const MusterChoiceDef *choice = g_ptr_array_index (option->choices, j);

          if (g_strcmp0 (choice->id, choice_id) == 0)
            {
              choice_name = choice->name;
              house = choice->house;
            }
        }

      if (house)
        /* Translators: a campaign's choice of an option that is Muster's
         * own reading of the rules, e.g. "Back for the next game (house
         * reading)" */
        subtitle = g_strdup_printf (_("%s (house reading)"), choice_name);
      else
        subtitle = g_strdup (choice_name ? choice_name : "");
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), option->name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_preferences_group_add (self->options_group, row);
      g_ptr_array_add (self->option_rows, row);
    }

  muster_campaign_settings_load_rules (self);

  /* Where the texts are silent or contradict themselves: the readings the
   * campaign's rules chose, as the Playsheet lists them. */
  muster_campaign_settings_clear_rows (self->readings_group, self->reading_rows);
  readings = ruleset ? muster_ruleset_get_house_readings (ruleset) : NULL;
  gtk_widget_set_visible (GTK_WIDGET (self->readings_group), readings != NULL && readings->len > 0);
  for (guint i = 0; readings != NULL && i < readings->len; i++)
    {
      const MusterHouseReading *reading = g_ptr_array_index (readings, i);
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), reading->title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), reading->note != NULL ? reading->note : "");
      adw_preferences_group_add (self->readings_group, row);
      g_ptr_array_add (self->reading_rows, row);
    }

  reload_forces (self);
}

static void
store_changed_cb (MusterStore            *store,
                  guint                   what,
                  gint64                  campaign_id,
                  MusterCampaignSettings *self)
{
  if (campaign_id != 0 && campaign_id != self->campaign_id)
    return;
  if (what & MUSTER_CHANGE_CAMPAIGNS)
    load_campaign (self);
  else if (what & (MUSTER_CHANGE_FORCES | MUSTER_CHANGE_CHARACTERS))
    reload_forces (self);
}

static void
undo_clicked_cb (MusterWindow *window)
{
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
}

static void
on_name_apply (MusterCampaignSettings *self)
{
  g_autoptr(GError) error = NULL;

  if (!muster_store_rename_campaign (self->store, self->campaign_id,
                                     gtk_editable_get_text (GTK_EDITABLE (self->name_row)), &error))
    {
      muster_campaign_settings_show_error (self, error);
      load_campaign (self);
    }
}

static void
on_add_force_clicked (MusterCampaignSettings *self)
{
  gtk_window_present (GTK_WINDOW (muster_force_dialog_new (GTK_WINDOW (self), self->store,
                                                           self->campaign_id, 0)));
}

static void
muster_campaign_settings_dispose (GObject *object)
{
  MusterCampaignSettings *self = MUSTER_CAMPAIGN_SETTINGS (object);

  if (self->store != NULL)
    g_clear_signal_handler (&self->changed_id, self->store);
  g_clear_pointer (&self->option_rows, g_ptr_array_unref);
  g_clear_pointer (&self->reading_rows, g_ptr_array_unref);
  g_clear_pointer (&self->force_rows, g_ptr_array_unref);
  g_clear_pointer (&self->rules_rows, g_ptr_array_unref);
  g_clear_pointer (&self->update, muster_rules_update_free);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (muster_campaign_settings_parent_class)->dispose (object);
}

static void
muster_campaign_settings_class_init (MusterCampaignSettingsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_campaign_settings_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/muster-campaign-settings.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterCampaignSettings, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MusterCampaignSettings, name_row);
  gtk_widget_class_bind_template_child (widget_class, MusterCampaignSettings, ruleset_row);
  gtk_widget_class_bind_template_child (widget_class, MusterCampaignSettings, seed_row);
  gtk_widget_class_bind_template_child (widget_class, MusterCampaignSettings, created_row);
  gtk_widget_class_bind_template_child (widget_class, MusterCampaignSettings, rules_group);
  gtk_widget_class_bind_template_child (widget_class, MusterCampaignSettings, take_rules_button);
  gtk_widget_class_bind_template_child (widget_class, MusterCampaignSettings, options_group);
  gtk_widget_class_bind_template_child (widget_class, MusterCampaignSettings, readings_group);
  gtk_widget_class_bind_template_child (widget_class, MusterCampaignSettings, forces_group);
  gtk_widget_class_bind_template_callback (widget_class, on_name_apply);
  gtk_widget_class_bind_template_callback (widget_class, on_add_force_clicked);
  gtk_widget_class_bind_template_callback (widget_class, muster_campaign_settings_take_rules_clicked);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
muster_campaign_settings_init (MusterCampaignSettings *self)
{
  self->option_rows = g_ptr_array_new ();
  self->reading_rows = g_ptr_array_new ();
  self->force_rows = g_ptr_array_new ();
  self->rules_rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
muster_campaign_settings_new (MusterWindow *window,
                              MusterStore  *store,
                              gint64        campaign_id)
{
  g_autoptr(MusterCampaign) campaign = NULL;
  MusterCampaignSettings *self;

  g_return_val_if_fail (MUSTER_IS_WINDOW (window), NULL);
  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  campaign = muster_store_get_campaign (store, campaign_id, NULL);
  if (campaign == NULL)
    return NULL;

  self = g_object_new (MUSTER_TYPE_CAMPAIGN_SETTINGS,
                       "transient-for", window,
                       NULL);
  self->window = window;
  self->store = g_object_ref (store);
  self->campaign_id = campaign_id;
  self->changed_id = g_signal_connect (store, "changed", G_CALLBACK (store_changed_cb), self);
  load_campaign (self);

  /* The first field has the focus when the window opens. */
  muster_a11y_focus_on_show (GTK_WINDOW (self), GTK_WIDGET (self->name_row));
  return GTK_WIDGET (self);
}

void
muster_campaign_settings_offer_undo (MusterCampaignSettings *self,
                                     MusterUndo             *undo)
{
  g_autoptr(GPtrArray) undos = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_undo_free);
  AdwToast *toast;

  g_ptr_array_add (undos, undo);
  toast = adw_toast_new (muster_undo_get_label (undo));
  /* The main window keeps the undo record, so Undo works from either. */
  muster_window_offer_undo (self->window, g_steal_pointer (&undos), adw_toast_get_title (toast));

  adw_toast_set_button_label (toast, _("_Undo"));
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (undo_clicked_cb), self->window,
                           G_CONNECT_SWAPPED);
  muster_toasts_add (self->toast_overlay, toast);
}

void
muster_campaign_settings_delete_force (MusterCampaignSettings *self,
                                       gint64                  force_id)
{
  g_autoptr(GError) error = NULL;
  MusterUndo *undo;

  g_return_if_fail (MUSTER_IS_CAMPAIGN_SETTINGS (self));

  undo = muster_store_delete_force (self->store, force_id, &error);
  if (undo == NULL)
    {
      muster_campaign_settings_show_error (self, error);
      return;
    }
  muster_campaign_settings_offer_undo (self, undo);
}
