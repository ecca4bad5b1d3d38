/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-window"

/* The campaign settings' group for newer rules: shown when a newer version
 * of the campaign's ruleset is installed, or when the copy it keeps no
 * longer loads. It lists what changed, what becomes of the options and
 * what in the campaign stands in the way, and takes the rules after asking,
 * with Undo. */

#include "config.h"

#include <glib/gi18n.h>

#include "muster-campaign-settings-private.h"

/* A row of plain text (the rules' words are not markup). */
static GtkWidget *
text_row (const char *title,
          const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  return row;
}

static GtkWidget *
expander_row (MusterCampaignSettings *self,
              const char             *title,
              const char             *subtitle,
              const char             *icon_name,
              gboolean                expanded)
{
  GtkWidget *row = adw_expander_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), subtitle);
  if (icon_name != NULL)
    adw_expander_row_add_prefix (ADW_EXPANDER_ROW (row), gtk_image_new_from_icon_name (icon_name));
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), expanded);
  adw_preferences_group_add (self->rules_group, row);
  g_ptr_array_add (self->rules_rows, row);
  return row;
}

static void
add_changes (MusterCampaignSettings *self)
{
  GPtrArray *changes = muster_rules_update_get_changes (self->update);
  g_autofree char *count = NULL;
  GtkWidget *row;

  if (changes->len == 0)
    {
      if (muster_rules_update_get_state (self->update) == MUSTER_RULES_UPDATE_NEWER)
        {
          row = text_row (_("Only the version number is different."), NULL);
          adw_preferences_group_add (self->rules_group, row);
          g_ptr_array_add (self->rules_rows, row);
        }
      return;
    }
  count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u change", "%u changes", changes->len), changes->len);
  row = expander_row (self, _("What Changed"), count, NULL, TRUE);
  for (guint i = 0; i < changes->len; i++)
    {
      const MusterRulesChange *change = g_ptr_array_index (changes, i);

      adw_expander_row_add_row (ADW_EXPANDER_ROW (row),
                                text_row (change->description, muster_rules_part_get_label (change->part)));
    }
}

static void
add_options (MusterCampaignSettings *self)
{
  GPtrArray *options = muster_rules_update_get_options (self->update);
  g_autofree char *subtitle = NULL;
  guint n_defaults = 0;
  GtkWidget *row;

  if (options->len == 0)
    return;
  for (guint i = 0; i < options->len; i++)
    if (((MusterRulesOption *) g_ptr_array_index (options, i))->fate != MUSTER_RULES_OPTION_KEPT)
      n_defaults++;
  if (n_defaults == 0)
    subtitle = g_strdup (_("The campaign’s choices carry over"));
  else
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u option does not simply carry over",
                                          "%u options do not simply carry over", n_defaults),
                                n_defaults);
  row = expander_row (self, _("Options After Taking Them"), subtitle, NULL, n_defaults > 0);
  for (guint i = 0; i < options->len; i++)
    {
      const MusterRulesOption *option = g_ptr_array_index (options, i);

      adw_expander_row_add_row (ADW_EXPANDER_ROW (row), text_row (option->description, NULL));
    }
}

static void
add_blockers (MusterCampaignSettings *self)
{
  GPtrArray *blockers = muster_rules_update_get_blockers (self->update);
  g_autofree char *subtitle = NULL;
  GtkWidget *row;

  if (blockers->len == 0)
    return;
  subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u thing in the campaign does not fit these rules: change it first",
                                        "%u things in the campaign do not fit these rules: change them first",
                                        blockers->len),
                              blockers->len);
  row = expander_row (self, _("What Stands in the Way"), subtitle, "dialog-warning-symbolic", TRUE);
  gtk_widget_add_css_class (row, "warning");
  for (guint i = 0; i < blockers->len; i++)
    adw_expander_row_add_row (ADW_EXPANDER_ROW (row), text_row (g_ptr_array_index (blockers, i), NULL));
}

void
muster_campaign_settings_load_rules (MusterCampaignSettings *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *description = NULL;
  const GError *copy_error;
  MusterRulesUpdate *update;
  MusterRulesUpdateState state;

  muster_campaign_settings_clear_rows (self->rules_group, self->rules_rows);
  g_clear_pointer (&self->update, muster_rules_update_free);
  self->update = update = muster_rules_update_new (self->store, self->campaign_id, NULL, &error);
  if (update == NULL)
    {
      g_debug ("No newer rules for campaign %" G_GINT64_FORMAT ": %s", self->campaign_id, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->rules_group), FALSE);
      return;
    }

  state = muster_rules_update_get_state (update);
  copy_error = muster_rules_update_get_copy_error (update);
  switch (state)
    {
    case MUSTER_RULES_UPDATE_NEWER:
      adw_preferences_group_set_title (self->rules_group, _("Newer Rules"));
      description = g_strdup_printf (_("A newer version of these rules is available: the campaign plays version %s of %s, and version %s is installed. Taking it is up to you; games already resolved stay as they were."),
                                     muster_rules_update_get_old_version (update),
                                     muster_rules_update_get_title (update),
                                     muster_rules_update_get_new_version (update));
      gtk_button_set_label (self->take_rules_button, _("_Take the New Rules…"));
      break;
    case MUSTER_RULES_UPDATE_BROKEN:
      adw_preferences_group_set_title (self->rules_group, _("Rules That No Longer Load"));
      description = g_strdup_printf (_("The copy of %s this campaign keeps no longer loads (%s). Take the installed version %s in its place to play the campaign again."),
                                     muster_rules_update_get_title (update), copy_error->message,
                                     muster_rules_update_get_new_version (update));
      gtk_button_set_label (self->take_rules_button, _("_Take the Installed Rules…"));
      break;
    case MUSTER_RULES_UPDATE_MISSING:
    case MUSTER_RULES_UPDATE_LATEST:
    default:
      if (copy_error == NULL)
        {
          gtk_widget_set_visible (GTK_WIDGET (self->rules_group), FALSE);
          return;
        }
      adw_preferences_group_set_title (self->rules_group, _("Rules That No Longer Load"));
      description = g_strdup_printf (_("The copy of the rules “%s” this campaign keeps no longer loads (%s), and no ruleset of that id is installed. Add one to Muster, then take it here."),
                                     muster_rules_update_get_ruleset_id (update), copy_error->message);
      break;
    }

  adw_preferences_group_set_description (self->rules_group, description);
  gtk_widget_set_visible (GTK_WIDGET (self->take_rules_button), muster_rules_update_is_available (update));
  gtk_widget_set_sensitive (GTK_WIDGET (self->take_rules_button),
                            muster_rules_update_get_blockers (update)->len == 0);
  gtk_widget_set_visible (GTK_WIDGET (self->rules_group), TRUE);
  add_blockers (self);
  add_changes (self);
  add_options (self);
}

static void
take_response_cb (AdwMessageDialog       *dialog,
                  const char             *response,
                  MusterCampaignSettings *self)
{
  g_autoptr(MusterRulesUpdate) update = NULL;
  g_autoptr(GError) error = NULL;
  MusterUndo *undo;

  if (g_strcmp0 (response, "take") != 0 || self->update == NULL)
    return;

  /* Taking them reloads the dialog, which works out a new update. */
  update = g_steal_pointer (&self->update);
  undo = muster_store_update_rules (self->store, update, &error);
  if (undo == NULL)
    {
      GtkWidget *message = adw_message_dialog_new (GTK_WINDOW (self), _("The Rules Were Not Taken"),
                                                   error->message);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (message), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (message));
      muster_campaign_settings_load_rules (self);
      return;
    }
  muster_campaign_settings_offer_undo (self, undo);
}

void
muster_campaign_settings_take_rules_clicked (MusterCampaignSettings *self)
{
  MusterRulesUpdate *update = self->update;
  g_autoptr(GString) body = g_string_new (NULL);
  GPtrArray *options;
  GtkWidget *dialog;
  const char *heading;

  g_return_if_fail (MUSTER_IS_CAMPAIGN_SETTINGS (self));

  if (update == NULL || !muster_rules_update_is_available (update))
    return;

  if (muster_rules_update_get_state (update) == MUSTER_RULES_UPDATE_BROKEN)
    {
      heading = _("Take the Installed Rules?");
      g_string_printf (body, _("Campaign “%s” will play version %s of %s in place of the copy that no longer loads. Undo puts that copy back."),
                       muster_rules_update_get_campaign_name (update),
                       muster_rules_update_get_new_version (update),
                       muster_rules_update_get_title (update));
    }
  else
    {
      heading = _("Take the New Rules?");
      g_string_printf (body, _("Campaign “%s” will play version %s of %s from now on, in place of version %s. Games already resolved stay as they were, and Undo puts the old rules back."),
                       muster_rules_update_get_campaign_name (update),
                       muster_rules_update_get_new_version (update),
                       muster_rules_update_get_title (update),
                       muster_rules_update_get_old_version (update));
    }
  options = muster_rules_update_get_options (update);
  for (guint i = 0; i < options->len; i++)
    {
      const MusterRulesOption *option = g_ptr_array_index (options, i);

      if (option->fate != MUSTER_RULES_OPTION_KEPT)
        g_string_append_printf (body, "\n\n%s", option->description);
    }

  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body->str);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "take", _("_Take Them"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "take",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "take");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (take_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}
