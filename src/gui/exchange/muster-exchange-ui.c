/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-exchange"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-campaign.h"
#include "muster-closure.h"
#include "muster-exchange.h"
#include "muster-exchange-ui.h"
#include "muster-force.h"
#include "muster-import-dialog.h"
#include "muster-progress-dialog.h"
#include "muster-window.h"

/*
 * Export and import of .muster files from the GUI: the file choosers, the
 * confirmation before an import (MusterImportDialog, which also runs it),
 * the error dialogs and the drop target on the main window.
 */

typedef struct
{
  GtkWindow   *parent;
  MusterStore *store;
  gint64       campaign_id;
  gint64       force_id;
} Chooser;

/* An export running in a thread, on a connection of its own: the
 * window's store is never touched there. */
typedef struct
{
  char               *library;
  char               *path;
  char               *basename;
  MusterExchangeKind  kind;
  gint64              id;
  GCancellable       *cancellable;
  GtkWindow          *parent;    /* (weak) */
  GtkWindow          *progress;  /* (weak) */
  GTask              *caller;    /* answered on the main thread */
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  g_free (job->library);
  g_free (job->path);
  g_free (job->basename);
  g_clear_object (&job->cancellable);
  g_clear_weak_pointer (&job->parent);
  g_clear_weak_pointer (&job->progress);
  g_clear_object (&job->caller);
  g_free (job);
}

static void
chooser_free (Chooser *chooser)
{
  g_clear_weak_pointer (&chooser->parent);
  g_clear_object (&chooser->store);
  g_free (chooser);
}

static Chooser *
chooser_new (GtkWindow   *parent,
             MusterStore *store,
             gint64       campaign_id,
             gint64       force_id)
{
  Chooser *chooser = g_new0 (Chooser, 1);

  g_set_weak_pointer (&chooser->parent, parent);
  chooser->store = g_object_ref (store);
  chooser->campaign_id = campaign_id;
  chooser->force_id = force_id;
  return chooser;
}

static GtkFileFilter *
muster_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Muster Files"));
  gtk_file_filter_add_pattern (filter, "*.muster");
  gtk_file_filter_add_mime_type (filter, MUSTER_EXCHANGE_MIME_TYPE);
  return filter;
}

static gboolean
is_muster_file (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return name != NULL && g_str_has_suffix (name, ".muster");
}

/* A name for the file: the force's or the campaign's, without the
 * characters file systems dislike. */
static char *
suggested_name (MusterStore *store,
                gint64       campaign_id,
                gint64       force_id)
{
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterForce) force = NULL;
  g_autofree char *name = NULL;

  if (force_id > 0)
    force = muster_store_get_force (store, force_id, NULL);
  else
    campaign = muster_store_get_campaign (store, campaign_id, NULL);

  if (force != NULL)
    name = g_strdup (muster_force_get_name (force));
  else if (campaign != NULL)
    name = g_strdup (muster_campaign_get_name (campaign));
  else
    name = g_strdup (_("Campaign"));

  g_strdelimit (name, "/\\:*?\"<>|", '-');
  return g_strconcat (name, ".muster", NULL);
}

static AdwMessageDialog *
show_error (GtkWindow    *parent,
            const char   *heading,
            const GError *error)
{
  GtkWidget *dialog = adw_message_dialog_new (parent, heading, error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
  return ADW_MESSAGE_DIALOG (dialog);
}

static void
on_export_chosen (GtkNativeDialog *native,
                  int              response,
                  gpointer         user_data)
{
  Chooser *chooser = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      muster_exchange_ui_export_to_file (chooser->parent, chooser->store,
                                         chooser->campaign_id, chooser->force_id, file, NULL, NULL);
    }
  chooser_free (chooser);
  g_object_unref (native);
}

static void
on_import_chosen (GtkNativeDialog *native,
                  int              response,
                  gpointer         user_data)
{
  Chooser *chooser = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      muster_exchange_ui_import_file (chooser->parent, chooser->store, file,
                                      chooser->campaign_id);
    }
  chooser_free (chooser);
  g_object_unref (native);
}

static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         gpointer       user_data)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));
  MusterStore *store = user_data;
  GtkRoot *root = gtk_widget_get_root (widget);
  GFile *file = NULL;

  if (G_VALUE_HOLDS (value, G_TYPE_FILE))
    file = g_value_get_object (value);
  else if (G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    {
      /* The first .muster file of the drop; one import at a time. */
      for (GSList *l = gdk_file_list_get_files (g_value_get_boxed (value)); l != NULL; l = l->next)
        if (is_muster_file (l->data))
          {
            file = l->data;
            break;
          }
    }

  if (file == NULL || !is_muster_file (file))
    return FALSE;

  muster_exchange_ui_import_file (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                  store, file,
                                  MUSTER_IS_WINDOW (root) ? muster_window_get_campaign_id (MUSTER_WINDOW (root)) : 0);
  return TRUE;
}

static void
export_failed (ExportJob    *job,
               const GError *error)
{
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* What the user asked for: said where they look, not as an error. */
      if (job->parent != NULL && MUSTER_IS_WINDOW (job->parent))
        muster_window_show_toast (MUSTER_WINDOW (job->parent), adw_toast_new (_("Export cancelled")));
    }
  else
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Export to “%s”"), job->basename);

      show_error (job->parent, heading, error);
    }
}

static void
export_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportJob *job = task_data;
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GError) error = NULL;
  gboolean ok = FALSE;

  store = muster_store_open (job->library, &error);
  if (store != NULL)
    ok = muster_exchange_export_to_path_full (store, job->kind, job->id, job->path, job->cancellable, &error);
  /* This thread's connection goes before the window hears of the result. */
  g_clear_object (&store);
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, g_steal_pointer (&error));
}

static void
export_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  ExportJob *job = user_data;
  g_autoptr(GError) error = NULL;

  muster_progress_dialog_done (job->progress);
  if (g_task_propagate_boolean (G_TASK (result), &error))
    {
      if (job->parent != NULL && MUSTER_IS_WINDOW (job->parent))
        muster_window_show_toast (MUSTER_WINDOW (job->parent),
                                  adw_toast_new_format (_("Exported “%s”"), job->basename));
      g_task_return_boolean (job->caller, TRUE);
    }
  else
    {
      export_failed (job, error);
      g_task_return_error (job->caller, g_steal_pointer (&error));
    }
  export_job_free (job);
}

static gboolean
run_export_cb (gpointer data)
{
  g_autoptr(GTask) task = data;

  g_task_run_in_thread (task, export_thread);
  return G_SOURCE_REMOVE;
}

/* Public */

void
muster_exchange_ui_export (GtkWindow   *parent,
                           MusterStore *store,
                           gint64       campaign_id,
                           gint64       force_id)
{
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) filter = muster_filter ();
  g_autofree char *name = NULL;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (MUSTER_IS_STORE (store));
  g_return_if_fail (campaign_id > 0 || force_id > 0);

  native = gtk_file_chooser_native_new (force_id > 0 ? _("Export Force") : _("Export Campaign"),
                                        parent,
                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Export"),
                                        _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  name = suggested_name (store, campaign_id, force_id);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);

  g_signal_connect (native, "response", G_CALLBACK (on_export_chosen),
                    chooser_new (parent, store, campaign_id, force_id));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

GtkWindow *
muster_exchange_ui_export_to_file (GtkWindow           *parent,
                                   MusterStore         *store,
                                   gint64               campaign_id,
                                   gint64               force_id,
                                   GFile               *file,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(GTask) caller = NULL;
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  ExportJob *job;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  caller = g_task_new (NULL, NULL, callback, user_data);
  g_task_set_source_tag (caller, muster_exchange_ui_export_to_file);

  job = g_new0 (ExportJob, 1);
  job->basename = g_file_get_basename (file);
  job->path = g_file_get_path (file);
  job->library = g_strdup (muster_store_get_path (store));
  job->kind = force_id > 0 ? MUSTER_EXCHANGE_FORCE : MUSTER_EXCHANGE_CAMPAIGN;
  job->id = force_id > 0 ? force_id : campaign_id;
  job->cancellable = g_cancellable_new ();
  job->caller = g_steal_pointer (&caller);
  g_set_weak_pointer (&job->parent, parent);

  if (job->path == NULL)
    {
      g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Muster can only write files on this computer."));
      export_failed (job, error);
      g_task_return_error (job->caller, g_steal_pointer (&error));
      export_job_free (job);
      return NULL;
    }

  g_set_weak_pointer (&job->progress,
                      muster_progress_dialog_new (parent, _("Exporting…"), job->basename, job->cancellable));
  /* The job is the thread's to read and the callback's to free. */
  task = g_task_new (NULL, NULL, export_done_cb, job);
  g_task_set_task_data (task, job, NULL);
  g_task_set_source_tag (task, export_thread);
  g_task_set_check_cancellable (task, FALSE);
  /* The thread starts once the main loop has shown the progress dialog:
   * a Cancel pressed at once stops it before it writes anything. */
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, run_export_cb, g_steal_pointer (&task), NULL);
  return job->progress;
}

gboolean
muster_exchange_ui_export_finish (GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == muster_exchange_ui_export_to_file, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

void
muster_exchange_ui_import (GtkWindow   *parent,
                           MusterStore *store,
                           GFile       *file,
                           gint64       into_campaign_id)
{
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) filter = NULL;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (MUSTER_IS_STORE (store));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  if (file != NULL)
    {
      muster_exchange_ui_import_file (parent, store, file, into_campaign_id);
      return;
    }

  native = gtk_file_chooser_native_new (_("Import"),
                                        parent,
                                        GTK_FILE_CHOOSER_ACTION_OPEN,
                                        _("_Open"),
                                        _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  filter = muster_filter ();
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);

  g_signal_connect (native, "response", G_CALLBACK (on_import_chosen),
                    chooser_new (parent, store, into_campaign_id, 0));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

GtkWindow *
muster_exchange_ui_import_file (GtkWindow   *parent,
                                MusterStore *store,
                                GFile       *file,
                                gint64       into_campaign_id)
{
  g_autoptr(MusterExchangeSummary) summary = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *basename = NULL;
  MusterImportDialog *dialog;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  basename = g_file_get_basename (file);
  path = g_file_get_path (file);
  if (path == NULL)
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                 _("Muster can only import files on this computer; copy “%s” here first."),
                 basename);
  else
    summary = muster_exchange_describe (path, &error);

  if (summary == NULL)
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Import “%s”"), basename);

      return GTK_WINDOW (show_error (parent, heading, error));
    }

  dialog = muster_import_dialog_new (parent, store, file, g_steal_pointer (&summary),
                                     into_campaign_id);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

void
muster_exchange_ui_add_drop_target (GtkWidget   *widget,
                                    MusterStore *store)
{
  GtkDropTarget *target;
  GType types[] = { GDK_TYPE_FILE_LIST, G_TYPE_FILE };

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (MUSTER_IS_STORE (store));

  target = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);
  gtk_drop_target_set_gtypes (target, types, G_N_ELEMENTS (types));
  gtk_event_controller_set_name (GTK_EVENT_CONTROLLER (target), "muster-exchange-drop");
  g_signal_connect_data (target, "drop", G_CALLBACK (on_drop),
                         g_object_ref (store), muster_closure_unref_object, 0);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (target));
}
