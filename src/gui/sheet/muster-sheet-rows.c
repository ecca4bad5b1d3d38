/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sheet"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-campaign.h"
#include "muster-names.h"
#include "muster-sheet-rows.h"
#include "muster-toasts.h"

static gboolean
notes_timeout_cb (gpointer user_data)
{
  MusterSheetNotes *notes = user_data;

  notes->save_timeout = 0;
  ((void (*) (gpointer)) notes->save) (notes->data);
  return G_SOURCE_REMOVE;
}

static void
notes_changed_cb (MusterSheetNotes *notes)
{
  if (notes->showing)
    return;
  g_clear_handle_id (&notes->save_timeout, g_source_remove);
  notes->save_timeout = g_timeout_add (MUSTER_SHEET_NOTES_SAVE_DELAY_MS, notes_timeout_cb, notes);
}

void
muster_sheet_rows_show_name (GtkWindow      *window,
                             AdwWindowTitle *window_title,
                             AdwEntryRow    *name_row,
                             const char     *name)
{
  g_autofree char *title = muster_names_shorten (name);

  adw_window_title_set_title (window_title, title);
  gtk_window_set_title (window, title);
  /* The field holds the name itself, to be corrected. */
  gtk_editable_set_text (GTK_EDITABLE (name_row), name);
}

void
muster_sheet_rows_show_subtitle (MusterStore    *store,
                                 AdwWindowTitle *window_title,
                                 const char     *force_name)
{
  g_autofree char *force = muster_names_shorten (force_name);
  g_autofree char *subtitle = NULL;

  if (muster_store_is_read_only (store))
    /* TRANSLATORS: under a sheet's title: the force, and that the
     * library cannot be changed */
    subtitle = g_strdup_printf (_("%s — read-only"), force != NULL ? force : "");
  adw_window_title_set_subtitle (window_title, subtitle != NULL ? subtitle : force);
}

void
muster_sheet_rows_lock_editors (MusterStore *store,
                                GtkWidget   *first_editor,
                                ...)
{
  va_list args;

  if (!muster_store_is_read_only (store))
    return;

  va_start (args, first_editor);
  for (GtkWidget *editor = first_editor; editor != NULL; editor = va_arg (args, GtkWidget *))
    {
      GtkWidget *group = gtk_widget_get_ancestor (editor, ADW_TYPE_PREFERENCES_GROUP);

      /* Notes can still be read, selected and copied. */
      if (GTK_IS_TEXT_VIEW (editor))
        {
          gtk_text_view_set_editable (GTK_TEXT_VIEW (editor), FALSE);
          gtk_text_view_set_cursor_visible (GTK_TEXT_VIEW (editor), FALSE);
        }
      else
        gtk_widget_set_sensitive (group != NULL ? group : editor, FALSE);
    }
  va_end (args);
}

void
muster_sheet_rows_toast_error (AdwToastOverlay *overlay,
                               const GError    *error)
{
  AdwToast *toast = adw_toast_new (error->message);

  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  muster_toasts_add (overlay, toast);
}

gboolean
muster_sheet_rows_change_concerns (guint  what,
                                   gint64 campaign_id,
                                   gint64 sheet_campaign_id)
{
  /* A sheet shows its force, its unit or characters and its games too. */
  if ((what & (MUSTER_CHANGE_CHARACTERS | MUSTER_CHANGE_FORCES | MUSTER_CHANGE_GAMES |
               MUSTER_CHANGE_UNITS)) == 0)
    return FALSE;
  return campaign_id == 0 || sheet_campaign_id == 0 || campaign_id == sheet_campaign_id;
}

char *
muster_sheet_rows_range_text (int min,
                              int max)
{
  return g_strdup_printf (_("From %d to %d"), min, max);
}

gboolean
muster_sheet_rows_text_changed (const char *value,
                                const char *stored)
{
  return g_strcmp0 (value, stored ? stored : "") != 0;
}

GtkWidget *
muster_sheet_rows_add_row (AdwPreferencesGroup *group,
                           const char          *title,
                           const char          *subtitle,
                           GtkWidget           *suffix)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), suffix);
  adw_preferences_group_add (group, row);
  return row;
}

GtkWidget *
muster_sheet_rows_value_spin_new (const char *name,
                                  const char *key,
                                  int         min,
                                  int         max)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);

  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_object_set_data_full (G_OBJECT (spin), "stat", g_strdup (key), g_free);
  return spin;
}

void
muster_sheet_rows_save_on_leave (GtkWidget *widget,
                                 GCallback  save,
                                 gpointer   data)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  g_signal_connect_swapped (focus, "leave", save, data);
  gtk_widget_add_controller (widget, focus);
}

void
muster_sheet_notes_init (MusterSheetNotes *notes,
                         GtkTextView      *view,
                         GCallback         save,
                         gpointer          data)
{
  notes->view = view;
  notes->save = save;
  notes->data = data;
  muster_sheet_rows_save_on_leave (GTK_WIDGET (view), save, data);
  g_signal_connect_swapped (gtk_text_view_get_buffer (view), "changed",
                            G_CALLBACK (notes_changed_cb), notes);
}

char *
muster_sheet_notes_take_text (MusterSheetNotes *notes)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (notes->view);
  GtkTextIter start, end;

  g_clear_handle_id (&notes->save_timeout, g_source_remove);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

void
muster_sheet_notes_show (MusterSheetNotes *notes,
                         const char       *text)
{
  g_clear_handle_id (&notes->save_timeout, g_source_remove);
  notes->showing = TRUE;
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (notes->view), text ? text : "", -1);
  notes->showing = FALSE;
}

void
muster_sheet_notes_clear (MusterSheetNotes *notes)
{
  g_clear_handle_id (&notes->save_timeout, g_source_remove);
}

MusterRuleset *
muster_sheet_rows_dup_ruleset (MusterStore *store,
                               gint64       campaign_id)
{
  g_autoptr(MusterCampaign) campaign = muster_store_get_campaign (store, campaign_id, NULL);

  if (campaign == NULL || muster_campaign_get_ruleset (campaign) == NULL)
    return NULL;
  return g_object_ref (muster_campaign_get_ruleset (campaign));
}
