/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "muster-character.h"
#include "muster-character-history.h"
#include "muster-engine.h"
#include "muster-game.h"
#include "muster-games-page.h"
#include "muster-gui-test-util.h"
#include "muster-honours-page.h"
#include "muster-log-item.h"
#include "muster-log-page.h"
#include "muster-new-game-dialog.h"
#include "muster-recruit.h"
#include "muster-record-dialog.h"
#include "muster-resolve-dialog.h"
#include "muster-test-util.h"

typedef struct {
  MusterStore *store;
  gint64       campaign_id;
  GtkWidget   *window;
  GtkWidget   *page;
} Fixture;

static gint64
find_id (Fixture    *fx,
         const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCharacter) character = muster_store_find_character (fx->store, fx->campaign_id, name, &error);

  g_assert_no_error (error);
  return muster_character_get_id (character);
}

static void
fixture_init (Fixture *fx)
{
  g_autoptr(GError) error = NULL;

  fx->store = muster_test_open_store (NULL);
  fx->campaign_id = muster_store_create_sample (fx->store, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (fx->campaign_id, >, 0);

  fx->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (fx->window), 900, 600);
  fx->page = muster_games_page_new (fx->store);
  gtk_window_set_child (GTK_WINDOW (fx->window), fx->page);
  muster_games_page_set_campaign (MUSTER_GAMES_PAGE (fx->page), fx->campaign_id);
  gtk_window_present (GTK_WINDOW (fx->window));
  muster_gui_spin ();
}

static void
fixture_clear (Fixture *fx)
{
  gtk_window_destroy (GTK_WINDOW (fx->window));
  muster_gui_spin ();
  g_clear_object (&fx->store);
}

/* Plans "The Bridge" through the New Game dialog: Ellison and Nolan
 * (British) against Marchal and Guérin (French). */
static gint64
create_game_through_dialog (Fixture *fx)
{
  g_autoptr(GError) error = NULL;
  const char *names[] = { "Charles Ellison", "Patrick Nolan", "Étienne Marchal", "Pierre Guérin" };
  MusterNewGameDialog *dialog;
  gint64 game_id;

  dialog = MUSTER_NEW_GAME_DIALOG (muster_games_page_open_new_game (MUSTER_GAMES_PAGE (fx->page)));
  g_assert_nonnull (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  muster_gui_spin ();

  /* No title and no one picked: the dialog will not create a game. */
  gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.create", NULL);
  muster_gui_spin ();
  g_assert_nonnull (dialog);
  g_assert_cmpuint (g_list_model_get_n_items (muster_games_page_get_model (MUSTER_GAMES_PAGE (fx->page))), ==, 0);

  muster_new_game_dialog_set_game_title (dialog, "The Bridge");
  muster_new_game_dialog_set_date (dialog, "2026-11-01");
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_true (muster_new_game_dialog_set_picked (dialog, find_id (fx, names[i]), TRUE));
  g_assert_cmpuint (muster_new_game_dialog_get_n_picked (dialog), ==, 4);

  game_id = muster_new_game_dialog_create (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpint (game_id, >, 0);
  muster_gui_spin ();
  g_assert_null (dialog);   /* closed */

  g_assert_cmpuint (g_list_model_get_n_items (muster_games_page_get_model (MUSTER_GAMES_PAGE (fx->page))), ==, 1);
  g_assert_cmpint (muster_games_page_get_selected_game (MUSTER_GAMES_PAGE (fx->page)), ==, game_id);
  return game_id;
}

/* Nolan puts Guérin out of action; Ellison takes a light wound. */
static void
record_through_dialog (Fixture *fx,
                       gint64   game_id)
{
  g_autoptr(GError) error = NULL;
  MusterRecordDialog *dialog;
  gint64 nolan = find_id (fx, "Patrick Nolan");
  gint64 guerin = find_id (fx, "Pierre Guérin");

  muster_games_page_select_game (MUSTER_GAMES_PAGE (fx->page), game_id);
  dialog = MUSTER_RECORD_DIALOG (muster_games_page_record_results (MUSTER_GAMES_PAGE (fx->page)));
  g_assert_nonnull (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  muster_gui_spin ();

  g_assert_true (muster_record_dialog_set_outcome (dialog, guerin, "out-of-action", 0, 0));
  g_assert_true (muster_record_dialog_set_outcome (dialog, nolan, "unhurt", 0, 0));
  g_assert_true (muster_record_dialog_set_victim (dialog, nolan, guerin, TRUE));
  g_assert_true (muster_record_dialog_set_killed_unnamed (dialog, nolan, 2));
  g_assert_true (muster_record_dialog_set_outcome (dialog, find_id (fx, "Charles Ellison"), "wounded", 1, 0));
  g_assert_false (muster_record_dialog_set_outcome (dialog, nolan, "no-such-outcome", 0, 0));

  g_assert_true (muster_record_dialog_save (dialog, &error));
  g_assert_no_error (error);
  muster_gui_spin ();
  g_assert_null (dialog);
}

static void
test_faces_check (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_resolve_check_faces ("1d6", "4", &error));
  g_assert_no_error (error);
  g_assert_true (muster_resolve_check_faces ("2d6", "3, 5", &error));
  g_assert_no_error (error);

  g_assert_false (muster_resolve_check_faces ("1d6", "7", &error));
  g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES);
  g_assert_nonnull (strstr (error->message, "1 to 6"));
  g_clear_error (&error);

  g_assert_false (muster_resolve_check_faces ("1d6", "3,4", &error));
  g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES);
  g_assert_nonnull (strstr (error->message, "needs 1 die"));
  g_clear_error (&error);

  g_assert_false (muster_resolve_check_faces ("1d6", "six", &error));
  g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES);
  g_assert_nonnull (strstr (error->message, "six"));
  g_clear_error (&error);

  g_assert_false (muster_resolve_check_faces ("1d6", "", &error));
  g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES);
}

static void
test_new_game (void)
{
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GError) error = NULL;
  Fixture fx = { 0 };
  gint64 game_id;

  fixture_init (&fx);
  game_id = create_game_through_dialog (&fx);

  game = muster_store_get_game (fx.store, game_id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_game_get_title (game), ==, "The Bridge");
  g_assert_cmpstr (muster_game_get_date (game), ==, "2026-11-01");
  g_assert_cmpint (muster_game_get_state (game), ==, MUSTER_GAME_PLANNED);
  participants = muster_store_list_participants (fx.store, game_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (participants->len, ==, 4);

  /* The page lists who takes part in the selected game. */
  g_assert_cmpint (muster_games_page_get_selected_game (MUSTER_GAMES_PAGE (fx.page)), ==, game_id);
  {
    GtkWidget *list = GTK_WIDGET (gtk_widget_get_template_child (fx.page, MUSTER_TYPE_GAMES_PAGE, "participants_list"));
    guint n = 0;

    for (GtkWidget *row = gtk_widget_get_first_child (list); row; row = gtk_widget_get_next_sibling (row))
      {
        g_assert_true (ADW_IS_ACTION_ROW (row));
        g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Taking part");
        n++;
      }
    g_assert_cmpuint (n, ==, 4);
    g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (gtk_widget_get_template_child (fx.page, MUSTER_TYPE_GAMES_PAGE, "participants_title"))),
                     ==, "Game 1 “The Bridge”");
  }

  /* A planned game cannot be resolved: the dialog gives the engine's reason. */
  {
    MusterResolveDialog *dialog = MUSTER_RESOLVE_DIALOG (muster_games_page_resolve (MUSTER_GAMES_PAGE (fx.page)));

    g_assert_nonnull (muster_resolve_dialog_get_refusal (dialog));
    g_assert_error ((GError *) muster_resolve_dialog_get_refusal (dialog), MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
    g_assert_false (muster_resolve_dialog_run (dialog, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
    gtk_window_destroy (GTK_WINDOW (dialog));
  }

  fixture_clear (&fx);
}

static void
test_unavailable (void)
{
  g_autoptr(GError) error = NULL;
  MusterNewGameDialog *dialog;
  const char *reason = NULL;
  Fixture fx = { 0 };
  gint64 dead, captured, out, active;

  fixture_init (&fx);
  dead = find_id (&fx, "James Fenwick");
  captured = find_id (&fx, "Thomas Ward");
  out = find_id (&fx, "Jean Roussel");
  active = find_id (&fx, "Samuel Kettle");
  g_assert_true (muster_store_set_character_status (fx.store, dead, MUSTER_STATUS_DEAD, 0, &error));
  g_assert_true (muster_store_set_character_status (fx.store, captured, MUSTER_STATUS_CAPTURED, 0, &error));
  g_assert_true (muster_store_set_character_status (fx.store, out, MUSTER_STATUS_OUT_OF_ACTION, 2, &error));
  g_assert_no_error (error);

  dialog = MUSTER_NEW_GAME_DIALOG (muster_games_page_open_new_game (MUSTER_GAMES_PAGE (fx.page)));
  muster_gui_spin ();

  g_assert_false (muster_new_game_dialog_is_pickable (dialog, dead, &reason));
  g_assert_nonnull (reason);
  g_assert_nonnull (strstr (reason, "James Fenwick"));
  g_assert_false (muster_new_game_dialog_is_pickable (dialog, captured, &reason));
  g_assert_nonnull (strstr (reason, "Thomas Ward"));
  g_assert_false (muster_new_game_dialog_is_pickable (dialog, out, &reason));
  g_assert_nonnull (strstr (reason, "Jean Roussel"));
  g_assert_true (muster_new_game_dialog_is_pickable (dialog, active, &reason));
  g_assert_null (reason);

  g_assert_false (muster_new_game_dialog_set_picked (dialog, dead, TRUE));
  g_assert_false (muster_new_game_dialog_set_picked (dialog, captured, TRUE));
  g_assert_false (muster_new_game_dialog_set_picked (dialog, out, TRUE));
  g_assert_cmpuint (muster_new_game_dialog_get_n_picked (dialog), ==, 0);

  /* One side only is refused, and nothing is written. */
  muster_new_game_dialog_set_game_title (dialog, "Alone");
  g_assert_true (muster_new_game_dialog_set_picked (dialog, active, TRUE));
  g_assert_cmpint (muster_new_game_dialog_create (dialog, &error), ==, 0);
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpuint (g_list_model_get_n_items (muster_games_page_get_model (MUSTER_GAMES_PAGE (fx.page))), ==, 0);

  gtk_window_destroy (GTK_WINDOW (dialog));
  fixture_clear (&fx);
}

static gboolean
model_has_entry (GListModel *model,
                 const char *kind,
                 gint64      character_id,
                 const char *faces,
                 gboolean    entered)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(MusterLogItem) item = g_list_model_get_item (model, i);
      const MusterLogEntry *entry = muster_log_item_get_entry (item);

      if (g_strcmp0 (entry->kind, kind) == 0 && entry->character_id == character_id &&
          (faces == NULL || (entry->has_roll && g_strcmp0 (entry->faces, faces) == 0 && entry->entered == entered)))
        return TRUE;
    }
  return FALSE;
}

static void
test_record_resolve_undo (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(GPtrArray) log = NULL;
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(MusterCharacter) guerin_after = NULL;
  g_autoptr(MusterCharacter) guerin_undone = NULL;
  g_autofree char *before = NULL;
  g_autofree char *undone = NULL;
  MusterResolveDialog *resolve;
  AdwMessageDialog *confirm;
  AdwMessageDialog *finish;
  GtkWidget *log_page;
  Fixture fx = { 0 };
  gint64 game_id, guerin, nolan;
  guint n_before;

  fixture_init (&fx);
  guerin = find_id (&fx, "Pierre Guérin");
  nolan = find_id (&fx, "Patrick Nolan");
  game_id = create_game_through_dialog (&fx);
  record_through_dialog (&fx, game_id);

  /* The first result made the game played, with its results; the winner
   * is asked by Finish… alone. */
  game = muster_store_get_game (fx.store, game_id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_game_get_state (game), ==, MUSTER_GAME_PLAYED);
  g_assert_null (muster_game_get_winner (game));
  finish = muster_games_page_finish (MUSTER_GAMES_PAGE (fx.page));
  g_assert_nonnull (finish);
  g_assert_true (adw_message_dialog_has_response (finish, "a"));
  adw_message_dialog_response (finish, "a");
  muster_gui_spin ();
  g_clear_object (&game);
  game = muster_store_get_game (fx.store, game_id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_game_get_state (game), ==, MUSTER_GAME_PLAYED);
  g_assert_cmpstr (muster_game_get_winner (game), ==, muster_game_get_side_a (game));
  participants = muster_store_list_participants (fx.store, game_id, &error);
  for (guint i = 0; i < participants->len; i++)
    {
      MusterParticipant *p = g_ptr_array_index (participants, i);

      if (p->character_id == nolan)
        {
          g_assert_cmpstr (p->outcome, ==, "unhurt");
          g_assert_cmpuint (p->victims->len, ==, 1);
          g_assert_cmpint (g_array_index (p->victims, gint64, 0), ==, guerin);
          g_assert_cmpint (p->killed_unnamed, ==, 2);
        }
      else if (p->character_id == guerin)
        g_assert_cmpstr (p->outcome, ==, "out-of-action");
      else if (g_str_equal (p->name, "Charles Ellison"))
        {
          g_assert_cmpstr (p->outcome, ==, "wounded");
          g_assert_cmpint (p->light_wounds, ==, 1);
        }
    }

  log_page = muster_log_page_new (fx.store);
  g_object_ref_sink (log_page);
  muster_log_page_set_campaign (MUSTER_LOG_PAGE (log_page), fx.campaign_id);
  n_before = g_list_model_get_n_items (muster_log_page_get_model (MUSTER_LOG_PAGE (log_page)));
  before = muster_store_dump (fx.store);

  /* Resolve with the face rolled at the table. */
  resolve = MUSTER_RESOLVE_DIALOG (muster_games_page_resolve (MUSTER_GAMES_PAGE (fx.page)));
  g_assert_nonnull (resolve);
  g_assert_null (muster_resolve_dialog_get_refusal (resolve));
  muster_gui_spin ();
  g_assert_cmpuint (muster_resolve_dialog_get_n_rolls (resolve), ==, 1);
  g_assert_cmpint (muster_resolve_dialog_get_roll (resolve, 0)->character_id, ==, guerin);
  g_assert_cmpstr (muster_resolve_dialog_get_roll (resolve, 0)->expression, ==, "1d6");

  g_assert_false (muster_resolve_dialog_set_faces (resolve, 0, "7", &error));
  g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES);
  g_assert_nonnull (strstr (error->message, "Pierre Guérin"));
  g_clear_error (&error);
  /* Faces that do not fit stop the run, and nothing is written. */
  g_assert_false (muster_resolve_dialog_run (resolve, &error));
  g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES);
  g_clear_error (&error);
  {
    g_autofree char *unchanged = muster_store_dump (fx.store);
    g_assert_cmpstr (unchanged, ==, before);
  }

  g_assert_true (muster_resolve_dialog_set_faces (resolve, 0, "6", &error));
  g_assert_no_error (error);
  g_assert_true (muster_resolve_dialog_run (resolve, &error));
  g_assert_no_error (error);
  g_assert_nonnull (muster_resolve_dialog_get_events (resolve));
  g_assert_cmpuint (muster_resolve_dialog_get_events (resolve)->len, >, 0);
  /* Running twice is refused. */
  g_assert_false (muster_resolve_dialog_run (resolve, &error));
  g_clear_error (&error);
  gtk_window_destroy (GTK_WINDOW (resolve));
  muster_gui_spin ();

  /* The store: the game resolved, Guérin dead on the entered 6. */
  g_clear_object (&game);
  game = muster_store_get_game (fx.store, game_id, NULL);
  g_assert_cmpint (muster_game_get_state (game), ==, MUSTER_GAME_RESOLVED);
  guerin_after = muster_store_get_character (fx.store, guerin, NULL);
  g_assert_cmpint (muster_character_get_status (guerin_after), ==, MUSTER_STATUS_DEAD);
  log = muster_store_list_log (fx.store, fx.campaign_id, game_id, guerin, &error);
  g_assert_no_error (error);
  {
    gboolean found = FALSE;

    for (guint i = 0; i < log->len; i++)
      {
        MusterLogEntry *entry = g_ptr_array_index (log, i);

        if (entry->has_roll)
          {
            g_assert_cmpstr (entry->faces, ==, "6");
            g_assert_cmpint (entry->total, ==, 6);
            g_assert_true (entry->entered);
            found = TRUE;
          }
      }
    g_assert_true (found);
  }

  /* The Log page followed ::changed: the death, with its entered die. */
  muster_gui_spin ();
  g_assert_cmpuint (g_list_model_get_n_items (muster_log_page_get_model (MUSTER_LOG_PAGE (log_page))), >, n_before);
  g_assert_true (model_has_entry (muster_log_page_get_model (MUSTER_LOG_PAGE (log_page)), "death", guerin, "6", TRUE));
  {
    g_autoptr(MusterLogItem) newest = g_list_model_get_item (muster_log_page_get_model (MUSTER_LOG_PAGE (log_page)), 0);
    g_assert_cmpstr (muster_log_item_get_entry (newest)->kind, ==, "resolved");
  }

  /* Undo through the page, after its confirmation. */
  confirm = muster_games_page_undo_resolution (MUSTER_GAMES_PAGE (fx.page));
  g_assert_nonnull (confirm);
  adw_message_dialog_response (confirm, "undo");
  muster_gui_spin ();

  undone = muster_store_dump (fx.store);
  g_assert_cmpstr (undone, ==, before);
  guerin_undone = muster_store_get_character (fx.store, guerin, NULL);
  g_assert_cmpint (muster_character_get_status (guerin_undone), ==, MUSTER_STATUS_ACTIVE);
  g_clear_object (&game);
  game = muster_store_get_game (fx.store, game_id, NULL);
  g_assert_cmpint (muster_game_get_state (game), ==, MUSTER_GAME_PLAYED);
  g_assert_cmpuint (g_list_model_get_n_items (muster_log_page_get_model (MUSTER_LOG_PAGE (log_page))), ==, n_before);
  g_assert_false (model_has_entry (muster_log_page_get_model (MUSTER_LOG_PAGE (log_page)), "death", guerin, NULL, FALSE));
  /* Nothing left to undo. */
  g_assert_null (muster_games_page_undo_resolution (MUSTER_GAMES_PAGE (fx.page)));

  g_object_unref (log_page);
  fixture_clear (&fx);
}

static void
test_own_side_refused (void)
{
  g_autoptr(GError) error = NULL;
  GtkWidget *save;
  GtkWidget *toast = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  MusterRecordDialog *dialog;
  Fixture fx = { 0 };
  gint64 game_id;

  fixture_init (&fx);
  game_id = create_game_through_dialog (&fx);
  before = muster_store_dump (fx.store);

  dialog = MUSTER_RECORD_DIALOG (muster_games_page_record_results (MUSTER_GAMES_PAGE (fx.page)));
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_assert_true (muster_record_dialog_set_outcome (dialog, find_id (&fx, "Patrick Nolan"), "unhurt", 0, 0));
  g_assert_true (muster_record_dialog_set_victim (dialog, find_id (&fx, "Patrick Nolan"),
                                                  find_id (&fx, "Charles Ellison"), TRUE));
  /* Save, as the user clicks it: the toast says who cannot be killed. */
  save = muster_gui_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, "_Save");
  g_assert_nonnull (save);
  g_signal_emit_by_name (save, "clicked");
  muster_gui_wait_until ((toast = muster_gui_toast_label (GTK_WIDGET (dialog))) != NULL);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (toast)), "Charles Ellison"));

  after = muster_store_dump (fx.store);
  g_assert_cmpstr (after, ==, before);
  /* It stays open, with what was entered. */
  g_assert_nonnull (dialog);
  g_assert_true (muster_gui_find_toplevel (MUSTER_TYPE_RECORD_DIALOG) == GTK_WIDGET (dialog));
  g_assert_false (muster_record_dialog_save (dialog, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_clear_error (&error);

  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_cmpint (game_id, >, 0);
  fixture_clear (&fx);
}

/* Wounded without a wound is refused, in the dialog, with the store's
 * words; the dialog asks nothing of the winner, which Finish… asks. */
static void
test_wounded_needs_wound (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  MusterRecordDialog *dialog;
  Fixture fx = { 0 };
  gint64 game_id;

  fixture_init (&fx);
  game_id = create_game_through_dialog (&fx);
  g_assert_cmpint (game_id, >, 0);
  before = muster_store_dump (fx.store);

  dialog = MUSTER_RECORD_DIALOG (muster_games_page_record_results (MUSTER_GAMES_PAGE (fx.page)));
  g_assert_null (muster_gui_find_widget (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW, "Winner"));
  g_assert_true (muster_record_dialog_set_outcome (dialog, find_id (&fx, "Charles Ellison"), "wounded", 0, 0));
  g_assert_false (muster_record_dialog_save (dialog, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "Charles Ellison cannot be “Wounded” without a wound: give the light or serious wounds, or choose another outcome.");
  g_clear_error (&error);
  {
    g_autofree char *after = muster_store_dump (fx.store);
    g_assert_cmpstr (after, ==, before);
  }
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));   /* stays open, saying why */

  g_assert_true (muster_record_dialog_set_outcome (dialog, find_id (&fx, "Charles Ellison"), "wounded", 0, 1));
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_assert_true (muster_record_dialog_save (dialog, &error));
  g_assert_no_error (error);
  muster_gui_spin ();
  g_assert_null (dialog);
  fixture_clear (&fx);
}

/* Two serious wounds are a Kill: the dialog says so as they are entered,
 * and they are saved as out of action. */
static void
test_wounds_add_up (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) participants = NULL;
  MusterRecordDialog *dialog;
  Fixture fx = { 0 };
  gint64 game_id, ellison;

  fixture_init (&fx);
  game_id = create_game_through_dialog (&fx);
  ellison = find_id (&fx, "Charles Ellison");

  dialog = MUSTER_RECORD_DIALOG (muster_games_page_record_results (MUSTER_GAMES_PAGE (fx.page)));
  muster_gui_spin ();
  g_assert_true (muster_record_dialog_set_outcome (dialog, ellison, "wounded", 1, 1));
  g_assert_cmpstr (muster_record_dialog_get_summary (dialog, ellison), ==, "Wounded (1 light wound and 1 serious wound)");
  g_assert_true (muster_record_dialog_set_outcome (dialog, ellison, "wounded", 0, 2));
  g_assert_cmpstr (muster_record_dialog_get_summary (dialog, ellison), ==,
                   "Wounded (0 light wounds and 2 serious wounds) · 2 serious wounds count as “Out of action”.");
  g_assert_true (muster_record_dialog_save (dialog, &error));
  g_assert_no_error (error);
  muster_gui_spin ();

  participants = muster_store_list_participants (fx.store, game_id, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < participants->len; i++)
    {
      const MusterParticipant *p = g_ptr_array_index (participants, i);

      if (p->character_id == ellison)
        g_assert_cmpstr (p->outcome, ==, "out-of-action");
    }
  fixture_clear (&fx);
}

/* How many times @killer is recorded putting @victim out of action in
 * @game_id. */
static guint
count_kills (MusterStore *store,
             gint64       game_id,
             gint64       killer,
             gint64       victim)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) participants = muster_store_list_participants (store, game_id, &error);
  guint n = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < participants->len; i++)
    {
      MusterParticipant *p = g_ptr_array_index (participants, i);

      for (guint j = 0; p->character_id == killer && j < p->victims->len; j++)
        n += g_array_index (p->victims, gint64, j) == victim;
    }
  return n;
}

/* The results of one save keep the kill rules together: a victim moved
 * from one killer to another passes; a save that ends with a victim
 * recorded unhurt is refused whole and can be put right and saved. */
static void
test_kills_in_one_save (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  MusterRecordDialog *dialog;
  Fixture fx = { 0 };
  gint64 game_id, nolan, ellison, guerin, marchal;

  fixture_init (&fx);
  game_id = create_game_through_dialog (&fx);
  record_through_dialog (&fx, game_id);
  nolan = find_id (&fx, "Patrick Nolan");
  ellison = find_id (&fx, "Charles Ellison");
  guerin = find_id (&fx, "Pierre Guérin");
  marchal = find_id (&fx, "Étienne Marchal");

  dialog = MUSTER_RECORD_DIALOG (muster_games_page_record_results (MUSTER_GAMES_PAGE (fx.page)));
  g_assert_true (muster_record_dialog_set_victim (dialog, ellison, guerin, TRUE));
  g_assert_true (muster_record_dialog_set_victim (dialog, nolan, guerin, FALSE));
  g_assert_true (muster_record_dialog_set_victim (dialog, nolan, marchal, TRUE));
  g_assert_true (muster_record_dialog_set_outcome (dialog, marchal, "unhurt", 0, 0));
  before = muster_store_dump (fx.store);
  g_assert_false (muster_record_dialog_save (dialog, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Étienne Marchal cannot be “Unhurt”"));
  g_clear_error (&error);
  after = muster_store_dump (fx.store);
  g_assert_cmpstr (after, ==, before);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));

  /* Put right, the same dialog saves every change it holds. */
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_assert_true (muster_record_dialog_set_outcome (dialog, marchal, "captured", 0, 0));
  g_assert_true (muster_record_dialog_save (dialog, &error));
  g_assert_no_error (error);
  muster_gui_wait_until (dialog == NULL);
  g_assert_null (dialog);
  g_assert_cmpint (count_kills (fx.store, game_id, ellison, guerin), ==, 1);
  g_assert_cmpint (count_kills (fx.store, game_id, nolan, guerin), ==, 0);
  g_assert_cmpint (count_kills (fx.store, game_id, nolan, marchal), ==, 1);

  fixture_clear (&fx);
}

static void
test_log_filter_and_ledger (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "kills.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *csv = NULL;
  GListModel *model;
  GtkWidget *log_page;
  Fixture fx = { 0 };
  gint64 game_id, nolan;

  fixture_init (&fx);
  nolan = find_id (&fx, "Patrick Nolan");
  game_id = create_game_through_dialog (&fx);
  record_through_dialog (&fx, game_id);

  log_page = g_object_ref_sink (muster_log_page_new (fx.store));
  muster_log_page_set_campaign (MUSTER_LOG_PAGE (log_page), fx.campaign_id);
  model = muster_log_page_get_model (MUSTER_LOG_PAGE (log_page));

  g_assert_true (muster_log_page_set_filter (MUSTER_LOG_PAGE (log_page), game_id, 0));
  g_assert_cmpuint (g_list_model_get_n_items (model), >, 0);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(MusterLogItem) item = g_list_model_get_item (model, i);
      g_assert_cmpint (muster_log_item_get_entry (item)->game_id, ==, game_id);
      g_assert_cmpstr (muster_log_item_get_game_label (item), ==, "Game 1 “The Bridge”");
    }

  g_assert_true (muster_log_page_set_filter (MUSTER_LOG_PAGE (log_page), game_id, nolan));
  g_assert_cmpuint (g_list_model_get_n_items (model), >, 0);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(MusterLogItem) item = g_list_model_get_item (model, i);
      g_assert_cmpint (muster_log_item_get_entry (item)->character_id, ==, nolan);
      g_assert_cmpstr (muster_log_item_get_character_name (item), ==, "Patrick Nolan");
    }
  g_assert_false (muster_log_page_set_filter (MUSTER_LOG_PAGE (log_page), 9999, 0));

  g_assert_true (muster_log_page_export_kill_ledger (MUSTER_LOG_PAGE (log_page), file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &csv, NULL, NULL));
  g_assert_true (g_str_has_prefix (csv, "killer,victim,game,title,date"));
  g_assert_nonnull (strstr (csv, "Patrick Nolan,Pierre Guérin"));

  g_object_unref (log_page);
  fixture_clear (&fx);
}

static void
test_honours_and_history (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCharacter) released = NULL;
  MusterRecordDialog *record;
  MusterResolveDialog *resolve;
  GtkWidget *honours, *history;
  Fixture fx = { 0 };
  gint64 game_id, marchal;

  fixture_init (&fx);
  marchal = find_id (&fx, "Étienne Marchal");
  honours = g_object_ref_sink (muster_honours_page_new (fx.store));
  muster_honours_page_set_campaign (MUSTER_HONOURS_PAGE (honours), fx.campaign_id);
  history = g_object_ref_sink (muster_character_history_new (fx.store, find_id (&fx, "Patrick Nolan")));
  g_assert_cmpuint (muster_character_history_get_n_games (MUSTER_CHARACTER_HISTORY (history)), ==, 0);

  game_id = create_game_through_dialog (&fx);
  g_assert_cmpuint (muster_character_history_get_n_games (MUSTER_CHARACTER_HISTORY (history)), ==, 1);
  record_through_dialog (&fx, game_id);

  /* The history follows: Nolan's game with whom he put out. */
  g_assert_nonnull (strstr (muster_character_history_get_summary (MUSTER_CHARACTER_HISTORY (history), 0),
                            "Pierre Guérin"));

  /* Marchal is captured too; resolve letting Muster roll. */
  record = MUSTER_RECORD_DIALOG (muster_games_page_record_results (MUSTER_GAMES_PAGE (fx.page)));
  g_assert_true (muster_record_dialog_set_outcome (record, marchal, "captured", 0, 0));
  g_assert_true (muster_record_dialog_save (record, &error));
  g_assert_no_error (error);
  muster_gui_spin ();
  g_assert_false (muster_honours_page_lists_prisoner (MUSTER_HONOURS_PAGE (honours), marchal));

  resolve = MUSTER_RESOLVE_DIALOG (muster_games_page_resolve (MUSTER_GAMES_PAGE (fx.page)));
  g_assert_true (muster_resolve_dialog_run (resolve, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (resolve));
  muster_gui_spin ();

  g_assert_true (muster_honours_page_lists_prisoner (MUSTER_HONOURS_PAGE (honours), marchal));
  g_assert_true (muster_honours_page_release (MUSTER_HONOURS_PAGE (honours), marchal, &error));
  g_assert_no_error (error);
  muster_gui_spin ();
  g_assert_false (muster_honours_page_lists_prisoner (MUSTER_HONOURS_PAGE (honours), marchal));
  released = muster_store_get_character (fx.store, marchal, NULL);
  g_assert_cmpint (muster_character_get_status (released), ==, MUSTER_STATUS_ACTIVE);
  /* Only prisoners are released, with the store's message. */
  g_assert_false (muster_honours_page_release (MUSTER_HONOURS_PAGE (honours), marchal, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_clear_error (&error);

  g_object_unref (history);
  g_object_unref (honours);
  fixture_clear (&fx);
}

/* A character's game in the history: the outcome, the wounds each with
 * its plural, and whom he put out of action as one list. */
static void
test_history_describe (void)
{
  MusterParticipant p = { 0 };
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *plain = NULL;
  g_autofree char *one = NULL;
  g_autofree char *three = NULL;

  p.game_state = MUSTER_GAME_PLAYED;
  plain = muster_character_history_describe (&p, NULL);
  g_assert_cmpstr (plain, ==, "Took part");

  p.outcome = (char *) "wounded";
  p.light_wounds = 1;
  p.victim_names = names;
  g_ptr_array_add (names, (gpointer) "Jean Roussel");
  one = muster_character_history_describe (&p, NULL);
  g_assert_cmpstr (one, ==, "wounded (1 light wound) · put out Jean Roussel");

  p.serious_wounds = 2;
  p.killed_unnamed = 2;
  g_ptr_array_add (names, (gpointer) "Paul Guérin");
  three = muster_character_history_describe (&p, NULL);
  g_assert_cmpstr (three, ==, "wounded (1 light wound and 2 serious wounds) · put out Jean Roussel, "
                              "Paul Guérin and 2 unnamed figures");
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/gui/games/faces-check", test_faces_check);
  g_test_add_func ("/gui/games/new-game", test_new_game);
  g_test_add_func ("/gui/games/unavailable", test_unavailable);
  g_test_add_func ("/gui/games/record-resolve-undo", test_record_resolve_undo);
  g_test_add_func ("/gui/games/own-side-refused", test_own_side_refused);
  g_test_add_func ("/gui/games/wounded-needs-wound", test_wounded_needs_wound);
  g_test_add_func ("/gui/games/kills-in-one-save", test_kills_in_one_save);
  g_test_add_func ("/gui/games/wounds-add-up", test_wounds_add_up);
  g_test_add_func ("/gui/log/filter-and-ledger", test_log_filter_and_ledger);
  g_test_add_func ("/gui/log/honours-and-history", test_honours_and_history);
  g_test_add_func ("/gui/log/history-describe", test_history_describe);

  return g_test_run ();
}
