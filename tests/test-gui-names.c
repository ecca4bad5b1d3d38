/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <sqlite3.h>

#include "muster-application.h"
#include "muster-character.h"
#include "muster-character-window.h"
#include "muster-engine.h"
#include "muster-force-dialog.h"
#include "muster-game.h"
#include "muster-gui-test-util.h"
#include "muster-names.h"
#include "muster-new-campaign-dialog.h"
#include "muster-roster-page.h"
#include "muster-test-util.h"
#include "muster-window.h"

/* Names longer than the store takes today, left in a library from before
 * the limit: they are shown cut short, and never widen a window nor fill
 * a page. */

typedef MusterGuiFixture Fixture;

#define LONG 100000

/* Wider than any screen, were a long name shown whole. */
#define MAX_WIDTH 1600

static char *
long_text (const char *phrase)
{
  GString *text = g_string_new (NULL);

  while (text->len < LONG)
    g_string_append (text, phrase);
  g_string_truncate (text, LONG);
  return g_string_free (text, FALSE);
}

static void
raw_update (const char *path,
            const char *statement,
            const char *text)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, statement, -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, text, -1, SQLITE_TRANSIENT);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
}

/* The sample with a game played, resolved and then given long names: the
 * campaign, the first force, the first character, the game and a log
 * entry. */
static void
fixture_open_long (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) characters = NULL;
  g_autofree char *campaign = long_text ("Peninsula campaign of the Light Division ");
  g_autofree char *force = long_text ("Light Company of the 45th ");
  g_autofree char *character = long_text ("Edward Ashworth the Younger ");
  g_autofree char *title = long_text ("The ford at dawn ");
  g_autofree char *message = NULL;
  MusterResult result = { "unhurt", };
  gint64 ids[2], game;

  muster_gui_fixture_open (f, TRUE);
  characters = muster_store_list_characters (f->store, f->campaign_id, 0, &error);
  g_assert_no_error (error);
  ids[0] = muster_character_get_id (g_ptr_array_index (characters, 0));
  ids[1] = muster_character_get_id (g_ptr_array_index (characters, characters->len - 1));
  game = muster_store_create_game (f->store, f->campaign_id, "The ford", NULL, ids, 2, &error);
  g_assert_no_error (error);
  result.victims = &ids[1];
  result.n_victims = 1;
  g_assert_true (muster_store_set_result (f->store, game, ids[0], &result, &error));
  result.outcome = "out-of-action";
  result.n_victims = 0;
  g_assert_true (muster_store_set_result (f->store, game, ids[1], &result, &error));
  g_assert_no_error (error);
  g_ptr_array_unref (muster_engine_resolve (f->store, game, NULL, NULL, &error));
  g_assert_no_error (error);

  raw_update (f->path, "UPDATE campaign SET name = ?", campaign);
  raw_update (f->path, "UPDATE force SET name = ? WHERE id = (SELECT min (id) FROM force)", force);
  raw_update (f->path, "UPDATE character SET name = ? WHERE id = (SELECT min (id) FROM character)", character);
  raw_update (f->path, "UPDATE game SET title = ?", title);
  message = g_strdup_printf ("Campaign “%s” created.", campaign);
  raw_update (f->path, "INSERT INTO log_entry (campaign_id, kind, message, created)"
                       " VALUES (1, 'campaign', ?, '2026-01-01T00:00:00Z')", message);
  g_assert_true (muster_store_poll_external (f->store));
  muster_gui_spin ();
}

/* Fails on a label or a list's cell under @root holding more than a
 * sentence: a long name shown whole. */
static void
assert_labels_short (GtkWidget *root)
{
  if (GTK_IS_LABEL (root) || GTK_IS_INSCRIPTION (root))
    {
      const char *text = GTK_IS_LABEL (root) ? gtk_label_get_text (GTK_LABEL (root))
                                             : gtk_inscription_get_text (GTK_INSCRIPTION (root));

      if (text == NULL)
        text = "";
      if (g_utf8_strlen (text, -1) > MUSTER_NAMES_TEXT_MAX + 1)
        g_error ("A %s in a %s shows %ld characters: “%.60s…”", G_OBJECT_TYPE_NAME (root),
                 G_OBJECT_TYPE_NAME (gtk_widget_get_parent (root)), g_utf8_strlen (text, -1), text);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    assert_labels_short (child);
}

static int
min_width (GtkWidget *widget)
{
  int minimum;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  return minimum;
}

static void
show_page (Fixture    *f,
           const char *name)
{
  AdwViewStack *stack = ADW_VIEW_STACK (muster_gui_template_child (f->window, MUSTER_TYPE_WINDOW, "view_stack"));

  adw_view_stack_set_visible_child_name (stack, name);
  muster_gui_spin ();
}

/* No page of the main window is widened by a long name. */
static void
test_window (void)
{
  Fixture f = { 0 };
  static const char * const pages[] = { "roster", "games", "log", "honours" };

  fixture_open_long (&f);
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      show_page (&f, pages[i]);
      g_assert_cmpint (min_width (GTK_WIDGET (f.window)), <, MAX_WIDTH);
      assert_labels_short (GTK_WIDGET (f.window));
    }
  muster_gui_fixture_close (&f);
}

/* Nor a character's sheet, nor the dialogs that name the campaign. */
static void
test_other_windows (void)
{
  Fixture f = { 0 };
  static const char * const actions[] = { "win.rename-campaign", "win.delete-campaign" };
  GtkWidget *window;

  fixture_open_long (&f);
  /* The first character, whose name is long. */
  g_action_group_activate_action (G_ACTION_GROUP (muster_gui_test_get_app ()), "open-character",
                                  g_variant_new_int64 (1));
  muster_gui_spin ();
  window = muster_gui_find_toplevel (MUSTER_TYPE_CHARACTER_WINDOW);
  g_assert_nonnull (window);
  g_assert_cmpint (min_width (window), <, MAX_WIDTH);
  assert_labels_short (window);
  gtk_window_destroy (GTK_WINDOW (window));

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), actions[i], NULL));
      muster_gui_spin ();
      window = muster_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
      g_assert_nonnull (window);
      g_assert_cmpint (min_width (window), <, MAX_WIDTH);
      assert_labels_short (window);
      gtk_window_destroy (GTK_WINDOW (window));
      muster_gui_spin ();
    }
  muster_gui_fixture_close (&f);
}

/* The name fields of the dialogs that create things take no more than
 * the store does. */
static void
test_entries (void)
{
  Fixture f = { 0 };
  g_autofree char *typed = g_strnfill (200, 'x');
  GtkWidget *dialog, *row;

  muster_gui_fixture_open (&f, TRUE);
  dialog = muster_new_campaign_dialog_new (f.window, f.store);
  gtk_window_present (GTK_WINDOW (dialog));
  muster_gui_spin ();
  row = muster_gui_find_widget (dialog, ADW_TYPE_ENTRY_ROW, NULL);
  g_assert_nonnull (row);
  gtk_editable_set_text (GTK_EDITABLE (row), typed);
  g_assert_cmpuint (strlen (gtk_editable_get_text (GTK_EDITABLE (row))), ==, MUSTER_STORE_NAME_MAX);
  gtk_window_destroy (GTK_WINDOW (dialog));

  dialog = muster_force_dialog_new (GTK_WINDOW (f.window), f.store, f.campaign_id, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  muster_gui_spin ();
  row = muster_gui_find_widget (dialog, ADW_TYPE_ENTRY_ROW, NULL);
  gtk_editable_set_text (GTK_EDITABLE (row), typed);
  g_assert_cmpuint (strlen (gtk_editable_get_text (GTK_EDITABLE (row))), ==, MUSTER_STORE_NAME_MAX);
  muster_gui_fixture_close (&f);
}

int
main (int argc, char **argv)
{
  muster_gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/names/window", test_window);
  g_test_add_func ("/gui/names/other-windows", test_other_windows);
  g_test_add_func ("/gui/names/entries", test_entries);

  return muster_gui_test_finish (g_test_run ());
}
