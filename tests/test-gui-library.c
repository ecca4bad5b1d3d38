/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-gui-library"

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "muster-gui-test-util.h"
#include "muster-library-ui.h"
#include "muster-library.h"
#include "muster-preferences-window.h"
#include "muster-recruit.h"
#include "muster-store.h"
#include "muster-test-util.h"

/* Add Ruleset, Back Up and Restore from the GUI (what the file choosers'
 * answers run), and the Preferences window. */

static GFile *
fixture (const char *relpath)
{
  g_autofree char *path = g_build_filename (TEST_SRCDIR, relpath, NULL);

  return g_file_new_for_path (path);
}

static const char *
dialog_body (GtkWindow *dialog)
{
  g_assert_true (ADW_IS_MESSAGE_DIALOG (dialog));
  return adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
}

static void
close_dialog (GtkWindow *dialog)
{
  gtk_window_destroy (dialog);
  muster_gui_spin ();
}

/* What clicking a response's button does: respond, then close. */
static void
respond (GtkWindow  *dialog,
         const char *response)
{
  g_object_ref (dialog);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), response);
  gtk_window_destroy (dialog);
  muster_gui_spin ();
  g_object_unref (dialog);
}

static void
count_changes (MusterStore  *store,
               MusterChange  what,
               gint64        campaign_id,
               guint        *changes)
{
  g_assert_cmpuint (what, ==, MUSTER_CHANGE_ALL);
  (*changes)++;
}

static guint
count_saved_copies (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (d)) != NULL)
    if (strstr (name, ".before-restore-") != NULL && !g_str_has_suffix (name, "-wal") &&
        !g_str_has_suffix (name, "-shm"))
      n++;
  return n;
}

static void
test_add_ruleset (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *xdg = g_build_filename (dir, "xdg-data", NULL);
  g_autofree char *added = g_build_filename (xdg, "muster", "rulesets", "test-minimal.xml", NULL);
  g_autoptr(GFile) good = fixture ("rulesets/minimal.xml");
  g_autoptr(GFile) bad = fixture ("rulesets/unknown-element.xml");
  g_autoptr(MusterRuleset) found = NULL;
  g_autoptr(GError) error = NULL;
  GtkWindow *dialog;

  g_setenv ("XDG_DATA_HOME", xdg, TRUE);
  muster_rulesets_reload ();

  /* A broken file: the loader's message in an error dialog, nothing added. */
  dialog = muster_library_ui_add_ruleset_file (NULL, bad);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_test_message ("%s", dialog_body (dialog));
  g_assert_nonnull (strstr (dialog_body (dialog), "unknown-element.xml:"));
  g_assert_false (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (dialog), "restore"));
  close_dialog (dialog);
  g_assert_false (g_file_test (added, G_FILE_TEST_EXISTS));

  /* A good one: copied, and the registry has it. */
  dialog = muster_library_ui_add_ruleset_file (NULL, good);
  g_assert_null (dialog);
  g_assert_true (g_file_test (added, G_FILE_TEST_IS_REGULAR));
  found = muster_rulesets_lookup ("test-minimal", &error);
  g_assert_no_error (error);
  g_assert_nonnull (found);

  muster_test_remove_tree (dir);
}

static void
test_back_up (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *backup_path = g_build_filename (dir, "Muster library.db", NULL);
  g_autoptr(GFile) backup = g_file_new_for_path (backup_path);
  g_autoptr(GFile) itself = g_file_new_for_path (path);
  g_autoptr(MusterStore) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dump = NULL;
  g_autofree char *copy_dump = NULL;
  GtkWindow *dialog;

  g_assert_cmpint (muster_store_create_sample (store, NULL, &error), >, 0);
  g_assert_no_error (error);

  dialog = muster_library_ui_back_up_to_file (NULL, store, backup);
  g_assert_null (dialog);
  copy = muster_store_open (backup_path, &error);
  g_assert_no_error (error);
  dump = muster_store_dump (store);
  copy_dump = muster_store_dump (copy);
  g_assert_cmpstr (copy_dump, ==, dump);

  /* Choosing the library itself is refused with a dialog. */
  dialog = muster_library_ui_back_up_to_file (NULL, store, itself);
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (dialog_body (dialog), "library itself"));
  close_dialog (dialog);

  g_clear_object (&copy);
  g_clear_object (&store);
  muster_test_remove_tree (dir);
}

static void
test_restore (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *backup_path = g_build_filename (dir, "backup.db", NULL);
  g_autoptr(GFile) backup = g_file_new_for_path (backup_path);
  g_autofree char *before = NULL;
  g_autofree char *changed = NULL;
  g_autofree char *now = NULL;
  g_autoptr(GError) error = NULL;
  guint changes = 0;
  GtkWindow *dialog;

  g_assert_cmpint (muster_store_create_sample (store, "Peninsula", &error), >, 0);
  g_assert_true (muster_library_back_up (store, backup_path, &error));
  g_assert_no_error (error);
  before = muster_store_dump (store);
  g_assert_cmpint (muster_store_create_sample (store, "Flanders", &error), >, 0);
  changed = muster_store_dump (store);
  g_signal_connect (store, "changed", G_CALLBACK (count_changes), &changes);

  /* Asked first; cancelling changes nothing. */
  dialog = muster_library_ui_restore_file (NULL, store, backup);
  g_assert_nonnull (dialog);
  g_assert_true (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (dialog), "restore"));
  g_assert_cmpint (adw_message_dialog_get_response_appearance (ADW_MESSAGE_DIALOG (dialog), "restore"),
                   ==, ADW_RESPONSE_DESTRUCTIVE);
  g_assert_cmpstr (adw_message_dialog_get_default_response (ADW_MESSAGE_DIALOG (dialog)), ==, "cancel");
  g_assert_nonnull (strstr (dialog_body (dialog), "backup.db"));
  respond (dialog, "cancel");
  now = muster_store_dump (store);
  g_assert_cmpstr (now, ==, changed);
  g_assert_cmpuint (changes, ==, 0);
  g_assert_cmpuint (count_saved_copies (dir), ==, 0);
  g_clear_pointer (&now, g_free);

  /* Confirmed: the library is the backup, the views are told, and what
   * it replaced is kept. */
  dialog = muster_library_ui_restore_file (NULL, store, backup);
  respond (dialog, "restore");
  now = muster_store_dump (store);
  g_assert_cmpstr (now, ==, before);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_cmpuint (count_saved_copies (dir), ==, 1);

  g_clear_object (&store);
  muster_test_remove_tree (dir);
}

static void
test_restore_refused (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GFile) not_a_library = fixture ("rulesets/minimal.xml");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  guint changes = 0;
  GtkWindow *dialog;

  g_assert_cmpint (muster_store_create_sample (store, NULL, &error), >, 0);
  before = muster_store_dump (store);
  g_signal_connect (store, "changed", G_CALLBACK (count_changes), &changes);

  /* Refused before anything is asked: no "restore" to press. */
  dialog = muster_library_ui_restore_file (NULL, store, not_a_library);
  g_assert_nonnull (dialog);
  g_assert_false (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (dialog), "restore"));
  g_assert_nonnull (strstr (dialog_body (dialog), "minimal.xml"));
  g_assert_nonnull (strstr (dialog_body (dialog), "not a Muster library"));
  close_dialog (dialog);

  after = muster_store_dump (store);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (changes, ==, 0);
  g_assert_cmpuint (count_saved_copies (dir), ==, 0);

  g_clear_object (&store);
  muster_test_remove_tree (dir);
}

static void
test_preferences (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  GtkWidget *window;
  AdwComboRow *paper;
  AdwComboRow *death_roll;

  g_settings_reset (settings, "default-paper");
  g_settings_reset (settings, "default-death-roll");

  window = muster_library_ui_preferences_new (NULL);
  g_assert_true (MUSTER_IS_PREFERENCES_WINDOW (window));
  gtk_window_present (GTK_WINDOW (window));
  muster_gui_spin ();

  paper = ADW_COMBO_ROW (gtk_widget_get_template_child (window, MUSTER_TYPE_PREFERENCES_WINDOW, "paper_row"));
  death_roll = ADW_COMBO_ROW (gtk_widget_get_template_child (window, MUSTER_TYPE_PREFERENCES_WINDOW, "death_roll_row"));
  g_assert_cmpuint (adw_combo_row_get_selected (paper), ==, 0);
  g_assert_cmpuint (adw_combo_row_get_selected (death_roll), ==, 0);

  /* Rows write the settings ... */
  adw_combo_row_set_selected (paper, 1);
  adw_combo_row_set_selected (death_roll, 1);
  muster_gui_spin ();
  {
    g_autofree char *paper_id = g_settings_get_string (settings, "default-paper");
    g_autofree char *death_roll_id = g_settings_get_string (settings, "default-death-roll");

    g_assert_cmpstr (paper_id, ==, "letter");
    g_assert_cmpstr (death_roll_id, ==, "out-d6-games");
  }

  /* ... and follow them. */
  g_settings_set_string (settings, "default-paper", "a4");
  g_settings_set_string (settings, "default-death-roll", "die-on-6");
  muster_gui_spin ();
  g_assert_cmpuint (adw_combo_row_get_selected (paper), ==, 0);
  g_assert_cmpuint (adw_combo_row_get_selected (death_roll), ==, 0);

  /* Every row has a name a screen reader can say. */
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (paper)), !=, "");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (death_roll)), !=, "");

  gtk_window_destroy (GTK_WINDOW (window));
  muster_gui_spin ();
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/gui/library/add-ruleset", test_add_ruleset);
  g_test_add_func ("/gui/library/back-up", test_back_up);
  g_test_add_func ("/gui/library/restore", test_restore);
  g_test_add_func ("/gui/library/restore/refused", test_restore_refused);
  g_test_add_func ("/gui/library/preferences", test_preferences);

  return g_test_run ();
}
