/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-gui-exchange"

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "muster-campaign.h"
#include "muster-exchange.h"
#include "muster-exchange-ui.h"
#include "muster-force.h"
#include "muster-gui-test-util.h"
#include "muster-import-dialog.h"
#include "muster-recruit.h"
#include "muster-store.h"
#include "muster-test-util.h"
#include "muster-window.h"

/* Importing and exporting .muster files from the GUI: the confirmation,
 * the import in its thread, the error dialog and the drop target. */

static MusterApplication *app;

static GFile *
fixture (const char *dir,
         const char *name)
{
  g_autofree char *path = g_build_filename (TEST_SRCDIR, dir, name, NULL);

  return g_file_new_for_path (path);
}

/* What clicking a response's button does: respond, then close. */
static void
respond (AdwMessageDialog *dialog,
         const char       *response)
{
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
on_finished (MusterImportDialog *dialog,
             gint64              id,
             gpointer            user_data)
{
  gint64 *out = user_data;

  *out = id;
}

/* Answers "import" and waits for the import thread; returns the new id. */
static gint64
confirm_and_wait (MusterImportDialog *dialog)
{
  gint64 id = -1;

  g_object_ref (dialog);
  g_signal_connect (dialog, "finished", G_CALLBACK (on_finished), &id);
  respond (ADW_MESSAGE_DIALOG (dialog), "import");
  muster_gui_wait_until (id >= 0);
  muster_gui_spin ();
  g_object_unref (dialog);
  return id;
}

static void
count_changes (MusterStore  *store,
               MusterChange  what,
               gint64        campaign_id,
               guint        *changes)
{
  (*changes)++;
}

static void
remove_library (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  muster_test_remove_tree (dir);
}

static guint
n_campaigns (MusterStore *store)
{
  g_autoptr(GPtrArray) campaigns = muster_store_list_campaigns (store, NULL);

  g_assert_nonnull (campaigns);
  return campaigns->len;
}

/* The toplevel MusterImportDialog, if one is open. */
static MusterImportDialog *
find_import_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (MUSTER_IS_IMPORT_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return MUSTER_IMPORT_DIALOG (window);
    }
  return NULL;
}

static void
test_confirm_campaign (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(GFile) file = fixture ("fuzz/corpus", "campaign.muster");
  GtkWindow *parent = GTK_WINDOW (gtk_window_new ());
  GtkWindow *dialog;
  const char *body;

  dialog = muster_exchange_ui_import_file (parent, store, file, 0);
  g_assert_true (MUSTER_IS_IMPORT_DIALOG (dialog));
  muster_gui_spin ();

  g_assert_nonnull (strstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)),
                            "Sample: Light Companies on the Côa"));
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_assert_nonnull (strstr (body, "The campaign “Sample: Light Companies on the Côa”"));
  g_assert_nonnull (strstr (body, "2 forces, 24 characters and 1 game"));
  g_assert_nonnull (strstr (body, "new campaign"));
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "import"));
  g_assert_cmpint (muster_import_dialog_get_campaign_id (MUSTER_IMPORT_DIALOG (dialog)), ==, 0);

  /* Cancelling imports nothing. */
  respond (ADW_MESSAGE_DIALOG (dialog), "cancel");
  muster_gui_spin ();
  g_assert_cmpuint (n_campaigns (store), ==, 0);

  gtk_window_destroy (parent);
  remove_library (path);
}

static void
test_confirm_force (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(GFile) file = fixture ("exchange", "force.muster");
  g_autoptr(GError) error = NULL;
  GtkWindow *parent = GTK_WINDOW (gtk_window_new ());
  GtkWindow *dialog;
  gint64 first, second;
  const char *body;

  /* No campaign plays its rules yet: the import cannot be chosen. */
  dialog = muster_exchange_ui_import_file (parent, store, file, 0);
  g_assert_true (MUSTER_IS_IMPORT_DIALOG (dialog));
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_assert_nonnull (strstr (body, "no campaign in this library plays"));
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "import"));
  gtk_window_destroy (dialog);

  first = muster_store_create_sample (store, "Club campaign", &error);
  g_assert_no_error (error);
  second = muster_store_create_sample (store, "Away campaign", &error);
  g_assert_no_error (error);

  dialog = muster_exchange_ui_import_file (parent, store, file, second);
  g_assert_true (MUSTER_IS_IMPORT_DIALOG (dialog));
  muster_gui_spin ();
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)),
                            "South Devon Light Company"));
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_assert_nonnull (strstr (body, "The force “South Devon Light Company”"));
  g_assert_nonnull (strstr (body, "with 2 characters will join"));
  g_assert_nonnull (strstr (body, "join the campaign"));
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "import"));
  /* The campaign asked for is chosen; the user can pick the other. */
  g_assert_cmpint (muster_import_dialog_get_campaign_id (MUSTER_IMPORT_DIALOG (dialog)), ==, second);
  muster_import_dialog_set_campaign_id (MUSTER_IMPORT_DIALOG (dialog), first);
  g_assert_cmpint (muster_import_dialog_get_campaign_id (MUSTER_IMPORT_DIALOG (dialog)), ==, first);

  /* It joins the campaign picked. */
  {
    g_autoptr(GPtrArray) before = muster_store_list_forces (store, first, NULL);
    g_autoptr(GPtrArray) after = NULL;
    g_autoptr(GPtrArray) other = NULL;
    g_autoptr(MusterForce) force = NULL;
    gint64 id;

    id = confirm_and_wait (MUSTER_IMPORT_DIALOG (dialog));
    g_assert_cmpint (id, >, 0);
    after = muster_store_list_forces (store, first, NULL);
    other = muster_store_list_forces (store, second, NULL);
    g_assert_cmpuint (after->len, ==, before->len + 1);
    g_assert_cmpuint (other->len, ==, before->len);
    force = muster_store_get_force (store, id, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (muster_force_get_name (force), ==, "South Devon Light Company");
  }

  gtk_window_destroy (parent);
  remove_library (path);
}

static void
test_describe (void)
{
  MusterExchangeSummary summary = {
    .kind = MUSTER_EXCHANGE_CAMPAIGN,
    .name = (char *) "Peninsula",
    .ruleset_id = (char *) "sharpes-skirmish",
    .n_forces = 1, .n_units = 0, .n_characters = 1, .n_games = 0,
  };
  g_autofree char *one = muster_import_dialog_describe (&summary);
  g_autofree char *force = NULL;

  g_assert_nonnull (strstr (one, "“Peninsula”"));
  g_assert_nonnull (strstr (one, "1 force, 1 character and 0 games"));

  summary.kind = MUSTER_EXCHANGE_FORCE;
  summary.n_units = 0;
  summary.n_characters = 3;
  force = muster_import_dialog_describe (&summary);
  g_assert_nonnull (strstr (force, "with 3 characters will join"));
}

static void
test_import_campaign (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(GFile) file = fixture ("fuzz/corpus", "campaign.muster");
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(GError) error = NULL;
  GtkWindow *parent = GTK_WINDOW (gtk_window_new ());
  GtkWindow *dialog;
  guint changes = 0;
  gint64 id;

  g_signal_connect (store, "changed", G_CALLBACK (count_changes), &changes);

  dialog = muster_exchange_ui_import_file (parent, store, file, 0);
  g_assert_true (MUSTER_IS_IMPORT_DIALOG (dialog));
  id = confirm_and_wait (MUSTER_IMPORT_DIALOG (dialog));
  g_assert_cmpint (id, >, 0);

  /* The window's store saw the change made on the thread's connection. */
  g_assert_cmpuint (changes, >, 0);
  g_assert_cmpuint (n_campaigns (store), ==, 1);
  campaign = muster_store_get_campaign (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_campaign_get_name (campaign), ==, "Sample: Light Companies on the Côa");
  characters = muster_store_list_characters (store, id, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (characters->len, ==, 24);
  /* The progress dialog is gone. */
  g_assert_null (find_import_dialog ());

  gtk_window_destroy (parent);
  remove_library (path);
}

static void
test_import_bad (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(GFile) dangling = fixture ("exchange", "dangling-reference.muster");
  g_autoptr(GFile) not_xml = fixture ("exchange", "not-xml.muster");
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  GtkWindow *parent = GTK_WINDOW (gtk_window_new ());
  MusterImportDialog *dialog;
  AdwMessageDialog *error_dialog;
  GtkWindow *window;
  gint64 campaign;

  campaign = muster_store_create_sample (store, NULL, &error);
  g_assert_no_error (error);
  before = muster_store_dump (store);

  /* Well formed, so it is described, but the import refuses it. */
  window = muster_exchange_ui_import_file (parent, store, dangling, campaign);
  g_assert_true (MUSTER_IS_IMPORT_DIALOG (window));
  dialog = g_object_ref (MUSTER_IMPORT_DIALOG (window));
  g_assert_cmpint (confirm_and_wait (dialog), ==, 0);
  g_assert_error (muster_import_dialog_get_error (dialog), MUSTER_EXCHANGE_ERROR,
                  MUSTER_EXCHANGE_ERROR_INVALID);
  error_dialog = muster_import_dialog_get_error_dialog (dialog);
  g_assert_nonnull (error_dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (error_dialog)));
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (error_dialog), "dangling-reference.muster"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (error_dialog), "line 13"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (error_dialog), "u9"));
  gtk_window_destroy (GTK_WINDOW (error_dialog));
  g_object_unref (dialog);

  after = muster_store_dump (store);
  g_assert_cmpstr (before, ==, after);
  g_clear_pointer (&after, g_free);

  /* Not XML at all: the error shows at once, before any confirmation. */
  window = muster_exchange_ui_import_file (parent, store, not_xml, campaign);
  g_assert_false (MUSTER_IS_IMPORT_DIALOG (window));
  g_assert_true (ADW_IS_MESSAGE_DIALOG (window));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (window)),
                            "not a Muster exchange file"));
  gtk_window_destroy (window);
  muster_gui_spin ();

  after = muster_store_dump (store);
  g_assert_cmpstr (before, ==, after);

  gtk_window_destroy (parent);
  remove_library (path);
}

static gboolean
emit_drop (GtkWidget    *widget,
           const GValue *value)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller)
          && g_strcmp0 (gtk_event_controller_get_name (controller), "muster-exchange-drop") == 0)
        {
          g_signal_emit_by_name (controller, "drop", value, 10.0, 10.0, &handled);
          return handled;
        }
    }
  g_assert_not_reached ();
}

static void
test_drop (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(GFile) file = fixture ("fuzz/corpus", "campaign.muster");
  g_autoptr(GFile) other = fixture ("exchange", "../meson.build");
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *child = gtk_label_new ("Drop here");
  MusterImportDialog *dialog;
  GValue value = G_VALUE_INIT;

  gtk_window_set_child (window, child);
  muster_exchange_ui_add_drop_target (GTK_WIDGET (window), store);
  gtk_window_present (window);
  muster_gui_spin ();
  g_assert_null (find_import_dialog ());

  /* Something that is not a .muster file is refused. */
  g_value_init (&value, G_TYPE_FILE);
  g_value_set_object (&value, other);
  g_assert_false (emit_drop (GTK_WIDGET (window), &value));
  g_value_unset (&value);
  muster_gui_spin ();
  g_assert_null (find_import_dialog ());

  /* A GFile: the confirmation opens. */
  g_value_init (&value, G_TYPE_FILE);
  g_value_set_object (&value, file);
  g_assert_true (emit_drop (GTK_WIDGET (window), &value));
  g_value_unset (&value);
  muster_gui_spin ();
  dialog = find_import_dialog ();
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)),
                            "2 forces, 24 characters and 1 game"));
  g_assert_cmpint (confirm_and_wait (dialog), >, 0);
  g_assert_cmpuint (n_campaigns (store), ==, 1);

  /* A file list from a file manager: its .muster file is taken. */
  {
    GSList *files = g_slist_prepend (g_slist_prepend (NULL, file), other);

    g_value_init (&value, GDK_TYPE_FILE_LIST);
    g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
    g_slist_free (files);
    g_assert_true (emit_drop (GTK_WIDGET (window), &value));
    g_value_unset (&value);
  }
  muster_gui_spin ();
  dialog = find_import_dialog ();
  g_assert_nonnull (dialog);
  respond (ADW_MESSAGE_DIALOG (dialog), "cancel");
  muster_gui_spin ();
  g_assert_null (find_import_dialog ());
  g_assert_cmpuint (n_campaigns (store), ==, 1);

  gtk_window_destroy (window);
  remove_library (path);
}

typedef struct
{
  gboolean  done;
  gboolean  written;
  GError   *error;
} ExportWait;

static void
on_exported (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  ExportWait *wait = user_data;

  wait->written = muster_exchange_ui_export_finish (result, &wait->error);
  wait->done = TRUE;
}

/* Exports as the chooser's answer does and waits for the export thread;
 * whether it was written, with @error set when not. */
static gboolean
export_and_wait (GtkWindow    *parent,
                 MusterStore  *store,
                 gint64        campaign_id,
                 gint64        force_id,
                 GFile        *file,
                 GError      **error)
{
  ExportWait wait = { 0 };

  muster_exchange_ui_export_to_file (parent, store, campaign_id, force_id, file, on_exported, &wait);
  muster_gui_wait_until (wait.done);
  if (wait.error != NULL)
    g_propagate_error (error, wait.error);
  return wait.written;
}

static void
test_export (void)
{
  g_autofree char *path = NULL;
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *out_path = g_build_filename (dir, "club.muster", NULL);
  g_autofree char *force_path = g_build_filename (dir, "force.muster", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "no-such-dir", "x.muster", NULL);
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(GFile) out = g_file_new_for_path (out_path);
  g_autoptr(GFile) force_out = g_file_new_for_path (force_path);
  g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
  g_autoptr(GPtrArray) forces = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  GtkWindow *parent = GTK_WINDOW (gtk_window_new ());
  MusterExchangeKind kind;
  gint64 campaign;

  campaign = muster_store_create_sample (store, "Club campaign", &error);
  g_assert_no_error (error);
  forces = muster_store_list_forces (store, campaign, &error);
  g_assert_no_error (error);

  g_assert_true (export_and_wait (parent, store, campaign, 0, out, &error));
  g_assert_no_error (error);
  g_assert_true (muster_exchange_peek (out_path, &kind, &name, &error));
  g_assert_no_error (error);
  g_assert_cmpint (kind, ==, MUSTER_EXCHANGE_CAMPAIGN);
  g_assert_cmpstr (name, ==, "Club campaign");
  g_clear_pointer (&name, g_free);

  g_assert_true (export_and_wait (parent, store, campaign,
                                  muster_force_get_id (g_ptr_array_index (forces, 0)), force_out, &error));
  g_assert_no_error (error);
  g_assert_true (muster_exchange_peek (force_path, &kind, &name, &error));
  g_assert_cmpint (kind, ==, MUSTER_EXCHANGE_FORCE);
  g_assert_cmpstr (name, ==, muster_force_get_name (g_ptr_array_index (forces, 0)));

  /* A place that cannot be written: an error dialog, no file. */
  g_assert_false (export_and_wait (parent, store, campaign, 0, bad, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (g_file_test (bad_path, G_FILE_TEST_EXISTS));
  muster_gui_spin ();

  gtk_window_destroy (parent);
  muster_test_remove_tree (dir);
  remove_library (path);
}

/* The campaigns a force could join cannot be read: the confirmation
 * says so, and the import cannot be chosen. */
static void
test_confirm_force_unreadable (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(GFile) file = fixture ("exchange", "force.muster");
  g_autoptr(GError) error = NULL;
  GtkWindow *parent = GTK_WINDOW (gtk_window_new ());
  GtkWindow *dialog;
  const char *body;

  muster_store_create_sample (store, "Club campaign", &error);
  g_assert_no_error (error);
  muster_test_fail_reads (store, TRUE);
  dialog = muster_exchange_ui_import_file (parent, store, file, 0);
  g_assert_true (MUSTER_IS_IMPORT_DIALOG (dialog));
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_assert_nonnull (strstr (body, "The library’s campaigns could not be read"));
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "import"));
  muster_test_fail_reads (store, FALSE);

  gtk_window_destroy (dialog);
  gtk_window_destroy (parent);
  remove_library (path);
}

/* Cancel on the export's progress dialog: the file that was at the path
 * is still there, nothing is written beside it, the library is as it was,
 * and no error dialog is shown. */
static void
test_export_cancel (void)
{
  g_autofree char *path = NULL;
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *out_path = g_build_filename (dir, "club.muster", NULL);
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(GFile) out = g_file_new_for_path (out_path);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *kept = NULL;
  g_auto(GStrv) names = NULL;
  GtkWindow *parent = GTK_WINDOW (gtk_window_new ());
  GtkWindow *progress;
  ExportWait wait = { 0 };
  gint64 campaign;

  campaign = muster_store_create_sample (store, "Club campaign", &error);
  g_assert_no_error (error);
  before = muster_store_dump (store);
  g_assert_true (g_file_set_contents (out_path, "last week's file", -1, NULL));

  progress = muster_exchange_ui_export_to_file (parent, store, campaign, 0, out, on_exported, &wait);
  g_assert_true (ADW_IS_MESSAGE_DIALOG (progress));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (progress)));
  respond (ADW_MESSAGE_DIALOG (progress), "cancel");
  muster_gui_wait_until (wait.done);

  g_assert_false (wait.written);
  g_assert_error (wait.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&wait.error);
  g_assert_true (g_file_get_contents (out_path, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "last week's file");
  names = muster_test_list_dir (dir);
  g_assert_cmpuint (g_strv_length (names), ==, 1);
  after = muster_store_dump (store);
  g_assert_cmpstr (before, ==, after);
  g_assert_null (muster_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));

  gtk_window_destroy (parent);
  muster_test_remove_tree (dir);
  remove_library (path);
}

/* Cancel on the import's progress dialog: the library is as it was, and
 * the cancellation is no error to show. */
static void
test_import_cancel (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(GFile) file = fixture ("fuzz/corpus", "campaign.muster");
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  GtkWindow *parent = GTK_WINDOW (gtk_window_new ());
  MusterImportDialog *dialog;
  GtkWindow *progress;
  gint64 id = -1;

  muster_store_create_sample (store, NULL, &error);
  g_assert_no_error (error);
  before = muster_store_dump (store);

  dialog = g_object_ref (MUSTER_IMPORT_DIALOG (muster_exchange_ui_import_file (parent, store, file, 0)));
  g_signal_connect (dialog, "finished", G_CALLBACK (on_finished), &id);
  g_assert_null (muster_import_dialog_get_progress (dialog));
  respond (ADW_MESSAGE_DIALOG (dialog), "import");
  progress = muster_import_dialog_get_progress (dialog);
  g_assert_true (ADW_IS_MESSAGE_DIALOG (progress));
  respond (ADW_MESSAGE_DIALOG (progress), "cancel");
  muster_gui_wait_until (id >= 0);
  muster_gui_spin ();

  g_assert_cmpint (id, ==, 0);
  g_assert_error (muster_import_dialog_get_error (dialog), G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (muster_import_dialog_get_error_dialog (dialog));
  g_assert_null (muster_import_dialog_get_progress (dialog));
  after = muster_store_dump (store);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (n_campaigns (store), ==, 1);

  g_object_unref (dialog);
  gtk_window_destroy (parent);
  remove_library (path);
}

/* On the main window: the drop target is there, and the new campaign is
 * selected after the import. */
static void
test_window (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(GFile) file = fixture ("fuzz/corpus", "campaign.muster");
  g_autoptr(GError) error = NULL;
  MusterImportDialog *dialog;
  MusterWindow *window;
  GValue value = G_VALUE_INIT;
  gint64 sample, id;

  sample = muster_store_create_sample (store, "Club campaign", &error);
  g_assert_no_error (error);
  muster_application_set_store (app, store);
  window = muster_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  muster_gui_spin ();
  muster_window_select_campaign (window, sample);
  g_assert_cmpint (muster_window_get_campaign_id (window), ==, sample);

  g_value_init (&value, G_TYPE_FILE);
  g_value_set_object (&value, file);
  g_assert_true (emit_drop (GTK_WIDGET (window), &value));
  g_value_unset (&value);
  muster_gui_spin ();
  dialog = find_import_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));

  id = confirm_and_wait (dialog);
  g_assert_cmpint (id, >, 0);
  g_assert_cmpint (id, !=, sample);
  g_assert_cmpint (muster_window_get_campaign_id (window), ==, id);

  gtk_window_destroy (GTK_WINDOW (window));
  muster_gui_spin ();
  remove_library (path);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("MUSTER_FAKE_TIME", "2024-01-01T00:00:00Z", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  app = muster_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  /* Windows come and go between tests; the application must not quit. */
  g_application_hold (G_APPLICATION (app));

  g_test_add_func ("/gui/exchange/describe", test_describe);
  g_test_add_func ("/gui/exchange/confirm/campaign", test_confirm_campaign);
  g_test_add_func ("/gui/exchange/confirm/force", test_confirm_force);
  g_test_add_func ("/gui/exchange/import/campaign", test_import_campaign);
  g_test_add_func ("/gui/exchange/import/bad", test_import_bad);
  g_test_add_func ("/gui/exchange/drop", test_drop);
  g_test_add_func ("/gui/exchange/export", test_export);
  g_test_add_func ("/gui/exchange/export/cancel", test_export_cancel);
  g_test_add_func ("/gui/exchange/confirm/force-unreadable", test_confirm_force_unreadable);
  g_test_add_func ("/gui/exchange/import/cancel", test_import_cancel);
  g_test_add_func ("/gui/exchange/window", test_window);

  return g_test_run ();
}
