/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-exchange"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-campaign.h"
#include "muster-exchange.h"
#include "muster-import-dialog.h"
#include "muster-progress-dialog.h"
#include "muster-ruleset.h"
#include "muster-text-list.h"
#include "muster-window.h"

struct _MusterImportDialog
{
  AdwMessageDialog       parent_instance;

  GtkWidget             *campaign_box;
  GtkDropDown           *campaign_drop_down;

  MusterStore           *store;
  GFile                 *file;
  GtkWindow             *parent;
  MusterExchangeSummary *summary;
  GArray                *campaign_ids;   /* gint64, the drop-down's rows */
  GError                *error;
  AdwMessageDialog      *error_dialog;
  GtkWindow             *progress;  /* (weak) */
  GCancellable          *cancellable;
  gint64                 into_campaign_id;  /* chosen when the import starts */
};

/* What the import thread needs; it never touches the window's store. */
typedef struct
{
  char         *library;
  char         *path;
  gint64        into_campaign_id;
  GCancellable *cancellable;
} ImportJob;

G_DEFINE_FINAL_TYPE (MusterImportDialog, muster_import_dialog, ADW_TYPE_MESSAGE_DIALOG)

enum {
  FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
import_job_free (ImportJob *job)
{
  g_free (job->library);
  g_free (job->path);
  g_clear_object (&job->cancellable);
  g_free (job);
}

static char *
count_text (guint n_forces,
            guint n_units,
            guint n_characters,
            guint n_games,
            gboolean with_forces)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  if (with_forces)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u force", "%u forces", n_forces),
                                             n_forces));
  if (n_units > 0)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u unit", "%u units", n_units),
                                             n_units));
  g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u character", "%u characters",
                                                        n_characters), n_characters));
  if (with_forces)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game", "%u games", n_games),
                                             n_games));
  return muster_text_list (parts);
}

static char *
ruleset_title (const char *ruleset_id)
{
  g_autoptr(MusterRuleset) ruleset = NULL;

  if (ruleset_id == NULL)
    return g_strdup (_("unknown rules"));
  ruleset = muster_rulesets_lookup (ruleset_id, NULL);
  if (ruleset != NULL)
    return g_strdup (muster_ruleset_get_title (ruleset));
  return g_strdup (ruleset_id);
}

/* FALSE when the campaigns cannot be read: the dialog then says so and
 * cannot import. */
static gboolean
fill_campaigns (MusterImportDialog *self,
                gint64              into_campaign_id)
{
  g_autoptr(GPtrArray) campaigns = NULL;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GError) error = NULL;
  guint selected = 0;

  campaigns = muster_store_list_campaigns (self->store, &error);
  if (campaigns == NULL)
    {
      g_autofree char *body = NULL;

      /* Translators: why the library could not be read, e.g. “disk I/O error” */
      body = g_strdup_printf (_("The library’s campaigns could not be read (%s), so the force has no campaign "
                                "to join. Close this, check that the library’s disk is there, and try again."),
                              error->message);
      adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self), body);
      adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "import", FALSE);
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (self), "cancel");
      return FALSE;
    }

  for (guint i = 0; campaigns != NULL && i < campaigns->len; i++)
    {
      MusterCampaign *campaign = g_ptr_array_index (campaigns, i);
      gint64 id = muster_campaign_get_id (campaign);

      if (g_strcmp0 (muster_campaign_get_ruleset_id (campaign), self->summary->ruleset_id) != 0)
        continue;
      if (id == into_campaign_id)
        selected = self->campaign_ids->len;
      g_array_append_val (self->campaign_ids, id);
      gtk_string_list_append (names, muster_campaign_get_name (campaign));
    }

  gtk_drop_down_set_model (self->campaign_drop_down, G_LIST_MODEL (names));
  if (self->campaign_ids->len > 0)
    gtk_drop_down_set_selected (self->campaign_drop_down, selected);
  return TRUE;
}

static void
import_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ImportJob *job = task_data;
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GError) error = NULL;
  MusterExchangeKind kind;
  gint64 id;

  store = muster_store_open (job->library, &error);
  if (store == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  id = muster_exchange_import_full (store, job->path, job->into_campaign_id, job->cancellable, &kind, &error);
  /* Close this thread's connection before the window hears of the result:
   * what it frees must be gone before the next thing the window does. */
  g_clear_object (&store);
  if (id <= 0)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_int (task, id);
}

static void
import_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  /* The reference start_import() took, dropped here on the main thread:
   * the worker thread never holds the dialog. */
  g_autoptr(MusterImportDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  gint64 id;

  muster_progress_dialog_done (self->progress);

  id = g_task_propagate_int (G_TASK (result), &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* What the user asked for: said where they look, not as an error. */
      if (self->parent != NULL && MUSTER_IS_WINDOW (self->parent))
        muster_window_show_toast (MUSTER_WINDOW (self->parent), adw_toast_new (_("Import cancelled")));
      self->error = g_steal_pointer (&error);
      g_signal_emit (self, signals[FINISHED], 0, (gint64) 0);
      return;
    }
  if (error != NULL)
    {
      g_autofree char *name = g_file_get_basename (self->file);
      GtkWidget *dialog;

      dialog = adw_message_dialog_new (self->parent, NULL, error->message);
      adw_message_dialog_format_heading (ADW_MESSAGE_DIALOG (dialog),
                                         _("Could Not Import “%s”"), name);
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
      g_set_weak_pointer (&self->error_dialog, ADW_MESSAGE_DIALOG (dialog));
      gtk_window_present (GTK_WINDOW (dialog));

      self->error = g_steal_pointer (&error);
      g_signal_emit (self, signals[FINISHED], 0, (gint64) 0);
      return;
    }

  /* The import wrote through its own connection: tell this one. */
  if (!muster_store_poll_external (self->store))
    muster_store_emit_changed (self->store, MUSTER_CHANGE_ALL, 0);

  if (self->parent != NULL && MUSTER_IS_WINDOW (self->parent))
    {
      MusterWindow *window = MUSTER_WINDOW (self->parent);
      AdwToast *toast;

      toast = adw_toast_new_format (_("Imported “%s”"), self->summary->name);
      if (self->summary->kind == MUSTER_EXCHANGE_CAMPAIGN)
        muster_window_select_campaign (window, id);
      else
        muster_window_select_campaign (window, self->into_campaign_id);
      muster_window_show_toast (window, toast);
    }

  g_signal_emit (self, signals[FINISHED], 0, id);
}

static gboolean
run_import_cb (gpointer data)
{
  g_autoptr(GTask) task = data;

  g_task_run_in_thread (task, import_thread);
  return G_SOURCE_REMOVE;
}

static void
start_import (MusterImportDialog *self)
{
  g_autoptr(GTask) task = NULL;
  ImportJob *job;

  job = g_new0 (ImportJob, 1);
  job->library = g_strdup (muster_store_get_path (self->store));
  job->path = g_file_get_path (self->file);
  /* The dialog closes (and drops its template) once it answers. */
  self->into_campaign_id = muster_import_dialog_get_campaign_id (self);
  job->into_campaign_id = self->into_campaign_id;

  /* Load the rulesets here, not racing in the thread. */
  muster_rulesets_get_all (NULL);

  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  job->cancellable = g_object_ref (self->cancellable);
  g_set_weak_pointer (&self->progress,
                      muster_progress_dialog_new (self->parent, _("Importing…"), self->summary->name,
                                                  self->cancellable));

  /* The dialog is kept alive after it closes, until the import is done.
   * It is not the task's source object: the thread may drop the task's
   * last reference, and a widget must not be finalized there. */
  task = g_task_new (NULL, self->cancellable, import_done_cb, g_object_ref (self));
  g_task_set_source_tag (task, start_import);
  g_task_set_task_data (task, job, (GDestroyNotify) import_job_free);
  /* A task returns its cancellation itself; the import must roll back
   * first, and says so with its own error. */
  g_task_set_check_cancellable (task, FALSE);
  /* The thread starts once the main loop has shown the progress dialog:
   * a Cancel pressed at once stops it before it reads anything. */
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, run_import_cb, g_steal_pointer (&task), NULL);
}

static void
on_response (MusterImportDialog *self,
             const char         *response)
{
  if (g_strcmp0 (response, "import") == 0)
    start_import (self);
}

static void
muster_import_dialog_dispose (GObject *object)
{
  MusterImportDialog *self = MUSTER_IMPORT_DIALOG (object);

  /* The dialog is destroyed as soon as the user answers, while the
   * import (which holds a reference) may still run: the progress dialog
   * stays until it is done. */
  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_IMPORT_DIALOG);

  G_OBJECT_CLASS (muster_import_dialog_parent_class)->dispose (object);
}

static void
muster_import_dialog_finalize (GObject *object)
{
  MusterImportDialog *self = MUSTER_IMPORT_DIALOG (object);

  g_clear_weak_pointer (&self->progress);
  g_clear_object (&self->cancellable);
  g_clear_weak_pointer (&self->error_dialog);
  g_clear_object (&self->store);
  g_clear_object (&self->file);
  g_clear_weak_pointer (&self->parent);
  g_clear_pointer (&self->summary, muster_exchange_summary_free);
  g_clear_pointer (&self->campaign_ids, g_array_unref);
  g_clear_error (&self->error);

  G_OBJECT_CLASS (muster_import_dialog_parent_class)->finalize (object);
}

static void
muster_import_dialog_class_init (MusterImportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_import_dialog_dispose;
  object_class->finalize = muster_import_dialog_finalize;

  /**
   * MusterImportDialog::finished:
   * @id: the new campaign's or force's id, 0 when the import failed
   */
  signals[FINISHED] = g_signal_new ("finished",
                                    G_TYPE_FROM_CLASS (klass),
                                    G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 1, G_TYPE_INT64);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/musterapp/Muster/muster-import-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterImportDialog, campaign_box);
  gtk_widget_class_bind_template_child (widget_class, MusterImportDialog, campaign_drop_down);
  gtk_widget_class_bind_template_callback (widget_class, on_response);
}

static void
muster_import_dialog_init (MusterImportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->campaign_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
}

/* Public */

char *
muster_import_dialog_describe (const MusterExchangeSummary *summary)
{
  g_autofree char *counts = NULL;
  g_autofree char *rules = NULL;

  g_return_val_if_fail (summary != NULL, NULL);

  rules = ruleset_title (summary->ruleset_id);
  if (summary->kind == MUSTER_EXCHANGE_CAMPAIGN)
    {
      counts = count_text (summary->n_forces, 0, summary->n_characters, summary->n_games, TRUE);
      /* Translators: the campaign's name, its rules, then "2 forces, 24 characters and 1 game" */
      return g_strdup_printf (_("The campaign “%s” (%s) with %s will be added to the library as a new campaign, with its own copy of its rules."),
                              summary->name, rules, counts);
    }

  counts = count_text (1, summary->n_units, summary->n_characters, 0, FALSE);
  /* Translators: the force's name, its rules, then "1 unit and 6 characters" */
  return g_strdup_printf (_("The force “%s” (%s) with %s will join the campaign chosen below."),
                          summary->name, rules, counts);
}

MusterImportDialog *
muster_import_dialog_new (GtkWindow             *parent,
                          MusterStore           *store,
                          GFile                 *file,
                          MusterExchangeSummary *summary,
                          gint64                 into_campaign_id)
{
  MusterImportDialog *self;
  g_autofree char *body = NULL;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (summary != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_IMPORT_DIALOG,
                       "transient-for", parent,
                       NULL);
  self->store = g_object_ref (store);
  self->file = g_object_ref (file);
  self->summary = summary;
  g_set_weak_pointer (&self->parent, parent);

  body = muster_import_dialog_describe (summary);
  if (summary->kind == MUSTER_EXCHANGE_CAMPAIGN)
    {
      adw_message_dialog_format_heading (ADW_MESSAGE_DIALOG (self),
                                         _("Import the Campaign “%s”?"), summary->name);
      adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self), body);
      return self;
    }

  adw_message_dialog_format_heading (ADW_MESSAGE_DIALOG (self),
                                     _("Import the Force “%s”?"), summary->name);
  if (!fill_campaigns (self, into_campaign_id))
    return self;
  if (self->campaign_ids->len == 0)
    {
      g_autofree char *rules = ruleset_title (summary->ruleset_id);

      adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (self),
                                      _("A force joins a campaign played with the same rules, and no campaign in this library plays %s. Create one, then import the force again."),
                                      rules);
      adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "import", FALSE);
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (self), "cancel");
      return self;
    }

  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self), body);
  gtk_widget_set_visible (self->campaign_box, TRUE);
  return self;
}

gint64
muster_import_dialog_get_campaign_id (MusterImportDialog *self)
{
  guint selected;

  g_return_val_if_fail (MUSTER_IS_IMPORT_DIALOG (self), 0);

  if (self->summary->kind == MUSTER_EXCHANGE_CAMPAIGN)
    return 0;
  if (self->campaign_drop_down == NULL)
    return self->into_campaign_id;
  selected = gtk_drop_down_get_selected (self->campaign_drop_down);
  if (selected == GTK_INVALID_LIST_POSITION || selected >= self->campaign_ids->len)
    return 0;
  return g_array_index (self->campaign_ids, gint64, selected);
}

void
muster_import_dialog_set_campaign_id (MusterImportDialog *self,
                                      gint64              campaign_id)
{
  g_return_if_fail (MUSTER_IS_IMPORT_DIALOG (self));

  for (guint i = 0; i < self->campaign_ids->len; i++)
    if (g_array_index (self->campaign_ids, gint64, i) == campaign_id)
      gtk_drop_down_set_selected (self->campaign_drop_down, i);
}

const GError *
muster_import_dialog_get_error (MusterImportDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_IMPORT_DIALOG (self), NULL);

  return self->error;
}

AdwMessageDialog *
muster_import_dialog_get_error_dialog (MusterImportDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_IMPORT_DIALOG (self), NULL);

  return self->error_dialog;
}

/* The progress dialog of the running import, or NULL. */
GtkWindow *
muster_import_dialog_get_progress (MusterImportDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_IMPORT_DIALOG (self), NULL);

  return self->progress;
}
