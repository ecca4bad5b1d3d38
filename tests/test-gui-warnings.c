/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "muster-character.h"
#include "muster-force.h"
#include "muster-force-dialog.h"
#include "muster-game.h"
#include "muster-games-page.h"
#include "muster-gui-test-util.h"
#include "muster-new-game-dialog.h"
#include "muster-recruit-dialog.h"
#include "muster-test-util.h"
#include "muster-window.h"

/* What is probably a slip, said by the dialog and taken: a game dated
 * before the one played before it, a name another character has, a game
 * finished with no results. And a force's nationality in its dialog. */

typedef MusterGuiFixture Fixture;

static gint64
find_id (Fixture    *f,
         const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCharacter) character = muster_store_find_character (f->store, f->campaign_id, name, &error);

  g_assert_no_error (error);
  return muster_character_get_id (character);
}

/* The warning @dialog shows, or NULL when it shows none. */
static const char *
shown_warning (GtkWidget  *dialog,
               GType       type)
{
  GtkLabel *label = GTK_LABEL (muster_gui_template_child (dialog, type, "warning_label"));

  if (!gtk_widget_get_visible (GTK_WIDGET (label)))
    return NULL;
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (label), "warning"));
  return gtk_label_get_label (label);
}

static void
test_new_game_date (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = NULL;
  MusterNewGameDialog *dialog;
  gint64 ids[2], game;

  muster_gui_fixture_open (&f, TRUE);
  ids[0] = find_id (&f, "Thomas Ward");
  ids[1] = find_id (&f, "Jean Roussel");
  muster_store_create_game (f.store, f.campaign_id, "The ford", "1812-06-01", ids, 2, &error);
  g_assert_no_error (error);

  dialog = muster_new_game_dialog_new (f.store, f.campaign_id);
  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (f.window));
  gtk_window_present (GTK_WINDOW (dialog));
  muster_gui_spin ();
  /* Today is after 1812. */
  g_assert_null (shown_warning (GTK_WIDGET (dialog), MUSTER_TYPE_NEW_GAME_DIALOG));

  muster_new_game_dialog_set_date (dialog, "1812-05-01");
  g_assert_cmpstr (shown_warning (GTK_WIDGET (dialog), MUSTER_TYPE_NEW_GAME_DIALOG), ==,
                   "The date 1812-05-01 is before that of Game 1 “The ford” of Sample: Light Companies on the Côa, "
                   "played before it, on 1812-06-01.");
  muster_new_game_dialog_set_date (dialog, "1812-06-02");
  g_assert_null (shown_warning (GTK_WIDGET (dialog), MUSTER_TYPE_NEW_GAME_DIALOG));
  muster_new_game_dialog_set_date (dialog, "not yet");
  g_assert_null (shown_warning (GTK_WIDGET (dialog), MUSTER_TYPE_NEW_GAME_DIALOG));

  /* Said, and taken. */
  muster_new_game_dialog_set_date (dialog, "1812-05-01");
  muster_new_game_dialog_set_game_title (dialog, "Earlier");
  g_assert_true (muster_new_game_dialog_set_picked (dialog, find_id (&f, "Samuel Kettle"), TRUE));
  g_assert_true (muster_new_game_dialog_set_picked (dialog, find_id (&f, "Antoine Fabre"), TRUE));
  game = muster_new_game_dialog_create (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpint (game, >, 0);
  games = muster_store_list_games (f.store, f.campaign_id, &error);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpstr (muster_game_get_date (g_ptr_array_index (games, 1)), ==, "1812-05-01");
  muster_gui_fixture_close (&f);
}

static void
test_recruit_name (void)
{
  Fixture f = { 0 };
  g_autoptr(GPtrArray) characters = NULL;
  GtkEditable *name;
  GtkWidget *dialog;
  guint wards = 0;

  muster_gui_fixture_open (&f, TRUE);
  dialog = muster_recruit_dialog_new (GTK_WINDOW (f.window), f.store, f.campaign_id, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  muster_gui_spin ();
  /* The name Muster picks is no one's yet. */
  g_assert_null (shown_warning (dialog, MUSTER_TYPE_RECRUIT_DIALOG));

  name = GTK_EDITABLE (muster_gui_template_child (dialog, MUSTER_TYPE_RECRUIT_DIALOG, "name_row"));
  gtk_editable_set_text (name, "Thomas Ward");
  g_assert_cmpstr (shown_warning (dialog, MUSTER_TYPE_RECRUIT_DIALOG), ==,
                   "1 other character of Sample: Light Companies on the Côa is called “Thomas Ward”: a name of "
                   "their own tells them apart in the log and on the sheets.");
  gtk_editable_set_text (name, "Thomas Wardle");
  g_assert_null (shown_warning (dialog, MUSTER_TYPE_RECRUIT_DIALOG));
  gtk_editable_set_text (name, "thomas ward");
  g_assert_nonnull (shown_warning (dialog, MUSTER_TYPE_RECRUIT_DIALOG));

  /* Said, and taken: the dialog closes with the recruit made. */
  g_object_ref (dialog);
  g_assert_true (gtk_widget_activate_action (dialog, "dialog.save", NULL));
  muster_gui_spin ();
  g_assert_nonnull (muster_recruit_dialog_get_created (MUSTER_RECRUIT_DIALOG (dialog)));
  g_object_unref (dialog);
  characters = muster_store_list_characters (f.store, f.campaign_id, 0, NULL);
  for (guint i = 0; i < characters->len; i++)
    wards += g_ascii_strcasecmp (muster_character_get_name (g_ptr_array_index (characters, i)), "Thomas Ward") == 0;
  g_assert_cmpuint (wards, ==, 2);
  muster_gui_fixture_close (&f);
}

static void
test_finish (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterGame) game = NULL;
  GtkWidget *page;
  AdwMessageDialog *dialog;
  gint64 ids[2], game_id;

  muster_gui_fixture_open (&f, TRUE);
  ids[0] = find_id (&f, "Thomas Ward");
  ids[1] = find_id (&f, "Jean Roussel");
  game_id = muster_store_create_game (f.store, f.campaign_id, "The ford", NULL, ids, 2, &error);
  g_assert_no_error (error);
  muster_gui_spin ();

  /* The window fills its pages as they are shown. */
  adw_view_stack_set_visible_child_name (ADW_VIEW_STACK (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW,
                                                                                    "view_stack")),
                                         "games");
  page = muster_gui_find_widget (GTK_WIDGET (f.window), MUSTER_TYPE_GAMES_PAGE, NULL);
  g_assert_nonnull (page);
  muster_gui_wait_until (g_list_model_get_n_items (muster_games_page_get_model (MUSTER_GAMES_PAGE (page))) == 1);
  muster_games_page_select_game (MUSTER_GAMES_PAGE (page), game_id);
  g_assert_cmpint (muster_games_page_get_selected_game (MUSTER_GAMES_PAGE (page)), ==, game_id);
  g_assert_true (gtk_widget_activate_action (page, "games.finish", NULL));
  muster_gui_wait_until (muster_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG) != NULL);
  dialog = ADW_MESSAGE_DIALOG (muster_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog),
                            "\n\nNo results are recorded for Game 1 “The ford” of Sample: Light Companies on the Côa: "
                            "record who was hurt or put out of action before its between-game sequence is run."));

  /* Said, and taken. */
  adw_message_dialog_response (dialog, "draw");
  muster_gui_spin ();
  game = muster_store_get_game (f.store, game_id, &error);
  g_assert_cmpint (muster_game_get_state (game), ==, MUSTER_GAME_PLAYED);
  muster_gui_fixture_close (&f);
}

/* The nationality follows the side until it is picked, and is saved. */
static void
test_force_nationality (void)
{
  Fixture f = { 0 };
  g_autoptr(MusterForce) force = NULL;
  g_autoptr(MusterForce) changed = NULL;
  AdwComboRow *nationality;
  GtkWidget *dialog;

  muster_gui_fixture_open (&f, TRUE);
  dialog = muster_force_dialog_new (GTK_WINDOW (f.window), f.store, f.campaign_id, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  muster_gui_spin ();
  nationality = ADW_COMBO_ROW (muster_gui_template_child (dialog, MUSTER_TYPE_FORCE_DIALOG, "nationality_row"));
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (nationality)), ==, 4);
  g_assert_cmpuint (adw_combo_row_get_selected (nationality), ==, 0);

  gtk_editable_set_text (GTK_EDITABLE (muster_gui_template_child (dialog, MUSTER_TYPE_FORCE_DIALOG, "name_row")),
                         "Guerrilla del Empecinado");
  g_assert_cmpuint (adw_combo_row_get_selected (nationality), ==, 2);
  gtk_editable_set_text (GTK_EDITABLE (muster_gui_template_child (dialog, MUSTER_TYPE_FORCE_DIALOG, "side_row")),
                         "French");
  g_assert_cmpuint (adw_combo_row_get_selected (nationality), ==, 1);
  /* Picked: the side no longer changes it. */
  adw_combo_row_set_selected (nationality, 3);
  gtk_editable_set_text (GTK_EDITABLE (muster_gui_template_child (dialog, MUSTER_TYPE_FORCE_DIALOG, "side_row")),
                         "España");
  g_assert_cmpuint (adw_combo_row_get_selected (nationality), ==, 3);
  gtk_widget_activate_action (dialog, "dialog.save", NULL);
  muster_gui_spin ();
  force = muster_store_find_force (f.store, f.campaign_id, "Guerrilla del Empecinado", NULL);
  g_assert_nonnull (force);
  g_assert_cmpstr (muster_force_get_side (force), ==, "España");
  g_assert_cmpstr (muster_force_get_nationality (force), ==, "portuguese");

  /* Its own, when it is edited; and changed there. */
  dialog = muster_force_dialog_new (GTK_WINDOW (f.window), f.store, f.campaign_id, muster_force_get_id (force));
  gtk_window_present (GTK_WINDOW (dialog));
  muster_gui_spin ();
  nationality = ADW_COMBO_ROW (muster_gui_template_child (dialog, MUSTER_TYPE_FORCE_DIALOG, "nationality_row"));
  g_assert_cmpuint (adw_combo_row_get_selected (nationality), ==, 3);
  adw_combo_row_set_selected (nationality, 2);
  gtk_widget_activate_action (dialog, "dialog.save", NULL);
  muster_gui_spin ();
  changed = muster_store_get_force (f.store, muster_force_get_id (force), NULL);
  g_assert_cmpstr (muster_force_get_nationality (changed), ==, "spanish");
  muster_gui_fixture_close (&f);
}

int
main (int argc, char **argv)
{
  muster_gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/warnings/new-game-date", test_new_game_date);
  g_test_add_func ("/gui/warnings/recruit-name", test_recruit_name);
  g_test_add_func ("/gui/warnings/finish", test_finish);
  g_test_add_func ("/gui/force/nationality", test_force_nationality);

  return muster_gui_test_finish (g_test_run ());
}
