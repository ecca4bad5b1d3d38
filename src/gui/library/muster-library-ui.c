/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-library-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-library-ui.h"
#include "muster-library.h"
#include "muster-preferences-window.h"
#include "muster-window.h"

/* Everything a user brings into or takes out of the library goes through
 * GtkFileChooserNative, which uses the file chooser portal in the flatpak
 * sandbox, where Muster sees no home folder. */

typedef struct {
  GtkWindow   *parent;   /* weak */
  MusterStore *store;    /* may be NULL */
} Request;

static Request *
request_new (GtkWindow   *parent,
             MusterStore *store)
{
  Request *request = g_new0 (Request, 1);

  g_set_weak_pointer (&request->parent, parent);
  request->store = store != NULL ? g_object_ref (store) : NULL;
  return request;
}

static void
request_free (Request *request)
{
  g_clear_weak_pointer (&request->parent);
  g_clear_object (&request->store);
  g_free (request);
}

static void
request_closure_notify (gpointer  data,
                        GClosure *closure)
{
  request_free (data);
}

static GtkWindow *
show_error (GtkWindow  *parent,
            const char *heading,
            const char *message)
{
  GtkWidget *dialog = adw_message_dialog_new (parent, heading, message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

static void
show_toast (GtkWindow  *parent,
            const char *title)
{
  if (parent != NULL && MUSTER_IS_WINDOW (parent))
    muster_window_show_toast (MUSTER_WINDOW (parent), adw_toast_new (title));
}

static char *
display_name (GFile *file)
{
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                                                 G_FILE_QUERY_INFO_NONE, NULL, NULL);

  if (info != NULL)
    return g_strdup (g_file_info_get_display_name (info));
  return g_file_get_basename (file);
}

static GtkFileChooserNative *
chooser_new (GtkWindow            *parent,
             const char           *title,
             GtkFileChooserAction  action,
             const char           *accept_label)
{
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (title, parent, action, accept_label, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  return native;
}

static void
add_filter (GtkFileChooserNative *native,
            const char           *name,
            const char           *mime_type,
            const char           *pattern)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  if (mime_type != NULL)
    gtk_file_filter_add_mime_type (filter, mime_type);
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);

  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), all);
}

/* --- Add Ruleset --------------------------------------------------------- */

GtkWindow *
muster_library_ui_add_ruleset_file (GtkWindow *parent,
                                    GFile     *file)
{
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  ruleset = muster_library_add_ruleset (file, NULL, &error);
  if (ruleset == NULL)
    return show_error (parent, _("Could Not Add the Ruleset"), error->message);

  /* TRANSLATORS: %s is the ruleset's title */
  title = g_strdup_printf (_("Added the ruleset “%s”: new campaigns can use it"),
                           muster_ruleset_get_title (ruleset));
  show_toast (parent, title);
  return NULL;
}

static void
on_ruleset_chosen (GtkNativeDialog *native,
                   int              response,
                   gpointer         user_data)
{
  Request *request = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      if (file != NULL)
        muster_library_ui_add_ruleset_file (request->parent, file);
    }
  request_free (request);
  g_object_unref (native);
}

void
muster_library_ui_add_ruleset (GtkWindow *parent)
{
  GtkFileChooserNative *native;

  native = chooser_new (parent, _("Add Ruleset"), GTK_FILE_CHOOSER_ACTION_OPEN, _("_Add"));
  add_filter (native, _("Ruleset Files"), "application/xml", "*.xml");
  g_signal_connect (native, "response", G_CALLBACK (on_ruleset_chosen), request_new (parent, NULL));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* --- Back Up Library ------------------------------------------------------ */

GtkWindow *
muster_library_ui_back_up_to_file (GtkWindow   *parent,
                                   MusterStore *store,
                                   GFile       *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  name = g_file_get_basename (file);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Muster can only write backups to files on "
                                                    "this computer; choose another place for “%s”."),
                                                  name);
      return show_error (parent, _("Could Not Back Up the Library"), message);
    }

  if (!muster_library_back_up (store, path, &error))
    return show_error (parent, _("Could Not Back Up the Library"), error->message);

  /* TRANSLATORS: %s is the backup's file name */
  title = g_strdup_printf (_("Library backed up to “%s”"), name);
  show_toast (parent, title);
  return NULL;
}

static void
on_backup_chosen (GtkNativeDialog *native,
                  int              response,
                  gpointer         user_data)
{
  Request *request = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      if (file != NULL)
        muster_library_ui_back_up_to_file (request->parent, request->store, file);
    }
  request_free (request);
  g_object_unref (native);
}

void
muster_library_ui_back_up (GtkWindow   *parent,
                           MusterStore *store)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  g_autofree char *suggested = NULL;
  GtkFileChooserNative *native;

  g_return_if_fail (MUSTER_IS_STORE (store));

  native = chooser_new (parent, _("Back Up Library"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"));
  /* TRANSLATORS: the suggested file name of a backup; %s is today's date */
  suggested = g_strdup_printf (_("Muster library %s.db"), date);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), suggested);
  g_signal_connect (native, "response", G_CALLBACK (on_backup_chosen), request_new (parent, store));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* --- Restore Library ------------------------------------------------------ */

static void
on_restore_response (AdwMessageDialog *dialog,
                     const char       *response,
                     gpointer          user_data)
{
  Request *request = user_data;
  GFile *file = g_object_get_data (G_OBJECT (dialog), "muster-backup");
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *saved = NULL;

  if (!g_str_equal (response, "restore"))
    return;

  path = g_file_get_path (file);
  if (!muster_library_restore (request->store, path, &saved, &error))
    {
      show_error (request->parent, _("Could Not Restore the Library"), error->message);
      return;
    }

  {
    g_autofree char *base = g_path_get_basename (saved);
    /* TRANSLATORS: %s is the file name the replaced library was kept as */
    g_autofree char *title = g_strdup_printf (_("Library restored; the one it replaced was kept as “%s”"),
                                              base);
    show_toast (request->parent, title);
  }
}

GtkWindow *
muster_library_ui_restore_file (GtkWindow   *parent,
                                MusterStore *store,
                                GFile       *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  name = display_name (file);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Muster can only restore backups from files "
                                                    "on this computer; copy “%s” here first."),
                                                  name);
      return show_error (parent, _("Could Not Restore the Library"), message);
    }
  /* Say now, not after the user confirmed, when the file is no library. */
  if (!muster_library_check_backup (path, &error))
    return show_error (parent, _("Could Not Restore the Library"), error->message);

  body = g_strdup_printf (_("Every campaign in the library will be replaced by those in the "
                            "backup “%s”. A copy of the library as it is now is kept beside it."),
                          name);
  dialog = adw_message_dialog_new (parent, _("Restore the Library?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "restore", _("_Restore"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "restore",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "muster-backup", g_object_ref (file), g_object_unref);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_restore_response),
                         request_new (parent, store), request_closure_notify, 0);
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

static void
on_restore_chosen (GtkNativeDialog *native,
                   int              response,
                   gpointer         user_data)
{
  Request *request = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      if (file != NULL)
        muster_library_ui_restore_file (request->parent, request->store, file);
    }
  request_free (request);
  g_object_unref (native);
}

void
muster_library_ui_restore (GtkWindow   *parent,
                           MusterStore *store)
{
  GtkFileChooserNative *native;

  g_return_if_fail (MUSTER_IS_STORE (store));

  native = chooser_new (parent, _("Restore Library"), GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"));
  g_signal_connect (native, "response", G_CALLBACK (on_restore_chosen), request_new (parent, store));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* --- Preferences ---------------------------------------------------------- */

GtkWidget *
muster_library_ui_preferences_new (GtkWindow *parent)
{
  return muster_preferences_window_new (parent);
}
