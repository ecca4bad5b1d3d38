/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Games page and its dialogs in campaigns kept by unit: a game of
 * units planned, recorded, resolved and undone through the dialogs. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <adwaita.h>

#include "muster-engine.h"
#include "muster-game.h"
#include "muster-games-page.h"
#include "muster-gui-test-util.h"
#include "muster-new-game-dialog.h"
#include "muster-recruit.h"
#include "muster-record-dialog.h"
#include "muster-resolve-dialog.h"
#include "muster-test-util.h"
#include "muster-unit.h"

typedef struct {
  MusterStore *store;
  gint64       campaign_id;
  gint64       british;
  gint64       french;
  gint64       rifles;      /* British */
  gint64       grenadiers;  /* French */
  gint64       disbanded;   /* French, cannot take the field */
  gint64       lieutenant;  /* attached to the rifles */
  gint64       sergeant;    /* attached to the grenadiers */
  GtkWidget   *window;
  GtkWidget   *page;
} Fixture;

static gint64
create_unit (Fixture    *fx,
             gint64      force_id,
             const char *name,
             const char *kind,
             const char *rating,
             int         size)
{
  g_autoptr(GError) error = NULL;
  MusterUnitSpec spec = { name, kind, rating, size, NULL };
  gint64 id = muster_store_create_unit (fx->store, force_id, &spec, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

static gint64
recruit_into (Fixture    *fx,
              gint64      force_id,
              gint64      unit_id,
              const char *troop_type,
              const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = muster_store_recruit_into (fx->store, force_id, unit_id, troop_type, NULL,
                                                     name, 1, &error);

  g_assert_no_error (error);
  return g_array_index (ids, gint64, 0);
}

/* A campaign of @ruleset_id with a British and a French force, a unit
 * each (and a disbanded French one), a character attached to each. */
static void
fixture_init (Fixture    *fx,
              const char *ruleset_id,
              const char *british_kind,
              const char *british_rating,
              const char *french_kind,
              const char *french_rating,
              const char *officer)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup (ruleset_id, &error);

  g_assert_no_error (error);
  fx->store = muster_test_open_store (NULL);
  fx->campaign_id = muster_store_create_campaign (fx->store, "Talavera", ruleset, 1809, NULL, &error);
  g_assert_no_error (error);
  fx->british = muster_store_create_force (fx->store, fx->campaign_id, "Light Brigade", "British", &error);
  g_assert_no_error (error);
  fx->french = muster_store_create_force (fx->store, fx->campaign_id, "Ruffin's division", "French", &error);
  g_assert_no_error (error);
  fx->rifles = create_unit (fx, fx->british, "Rifles", british_kind, british_rating, 8);
  fx->grenadiers = create_unit (fx, fx->french, "Grenadiers", french_kind, french_rating, 10);
  fx->disbanded = create_unit (fx, fx->french, "Fusiliers", french_kind, french_rating, 10);
  g_assert_true (muster_store_set_unit_text (fx->store, fx->disbanded, "status",
                                             MUSTER_UNIT_STATUS_DISBANDED, &error));
  g_assert_no_error (error);
  fx->lieutenant = recruit_into (fx, fx->british, fx->rifles, officer, "Lieutenant Knowles");
  fx->sergeant = recruit_into (fx, fx->french, fx->grenadiers, officer, "Lieutenant Bonnet");

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

/* With MUSTER_SHOT_DIR set, saves @window as DIR/@name.png, to look at. */
static void
maybe_shoot (GtkWidget  *window,
             const char *name)
{
  const char *dir = g_getenv ("MUSTER_SHOT_DIR");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;
  GtkSnapshot *snapshot;
  int width, height;

  if (dir == NULL)
    return;
  muster_gui_wait_for_frame (window);
  width = gtk_widget_get_width (window);
  height = gtk_widget_get_height (window);
  paintable = gtk_widget_paintable_new (window);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  file = g_strconcat (name, ".png", NULL);
  path = g_build_filename (dir, file, NULL);
  gdk_texture_save_to_png (texture, path);
}

static void
expand_row (GtkWidget  *window,
            const char *title)
{
  GtkWidget *row = muster_gui_find_widget (window, ADW_TYPE_EXPANDER_ROW, title);

  g_assert_nonnull (row);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), TRUE);
}

static MusterUnit *
get_unit (Fixture *fx,
          gint64   id)
{
  g_autoptr(GError) error = NULL;
  MusterUnit *unit = muster_store_get_unit (fx->store, id, &error);

  g_assert_no_error (error);
  return unit;
}

/* Plans a game of the two units through the New Game dialog, the British
 * side made of the Rifles alone. */
static gint64
plan_through_dialog (Fixture *fx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(GPtrArray) participants = NULL;
  MusterNewGameDialog *dialog;
  const char *reason = NULL;
  gint64 game_id;

  dialog = MUSTER_NEW_GAME_DIALOG (muster_games_page_open_new_game (MUSTER_GAMES_PAGE (fx->page)));
  g_assert_nonnull (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  muster_gui_spin ();

  g_assert_true (muster_new_game_dialog_is_unit_pickable (dialog, fx->rifles, NULL));
  g_assert_false (muster_new_game_dialog_is_unit_pickable (dialog, fx->disbanded, &reason));
  g_assert_nonnull (reason);
  g_assert_nonnull (strstr (reason, "Disbanded"));
  g_assert_false (muster_new_game_dialog_set_unit_picked (dialog, fx->disbanded, TRUE));

  /* Picking a unit picks its characters; they can be unpicked. */
  muster_new_game_dialog_set_game_title (dialog, "Talavera ridge");
  g_assert_true (muster_new_game_dialog_set_unit_picked (dialog, fx->rifles, TRUE));
  g_assert_true (muster_new_game_dialog_get_picked (dialog, fx->lieutenant));
  g_assert_true (muster_new_game_dialog_set_picked (dialog, fx->lieutenant, FALSE));
  g_assert_true (muster_new_game_dialog_set_unit_picked (dialog, fx->grenadiers, TRUE));
  g_assert_true (muster_new_game_dialog_get_picked (dialog, fx->sergeant));
  g_assert_cmpuint (muster_new_game_dialog_get_n_picked (dialog), ==, 1);
  maybe_shoot (GTK_WIDGET (dialog), "new-game-units");

  game_id = muster_new_game_dialog_create (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpint (game_id, >, 0);
  muster_gui_spin ();
  g_assert_null (dialog);

  units = muster_store_list_game_units (fx->store, game_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (units->len, ==, 2);
  participants = muster_store_list_participants (fx->store, game_id, &error);
  g_assert_cmpuint (participants->len, ==, 1);
  g_assert_cmpint (((MusterParticipant *) g_ptr_array_index (participants, 0))->character_id, ==, fx->sergeant);
  return game_id;
}

static MusterRecordDialog *
open_record (Fixture *fx,
             gint64   game_id)
{
  MusterRecordDialog *dialog;

  muster_games_page_select_game (MUSTER_GAMES_PAGE (fx->page), game_id);
  dialog = MUSTER_RECORD_DIALOG (muster_games_page_record_results (MUSTER_GAMES_PAGE (fx->page)));
  g_assert_nonnull (dialog);
  muster_gui_spin ();
  return dialog;
}

/* Napoleonic Skirmish: every kind of figure, no colours; wounded figures
 * roll to come back, the roll typed in from the table. */
static void
test_napoleonic (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(MusterUnit) grenadiers = NULL;
  g_autoptr(MusterUnit) undone = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *shown = NULL;
  MusterRecordDialog *record;
  MusterResolveDialog *resolve;
  AdwMessageDialog *confirm;
  GPtrArray *events;
  gboolean unit_roll = FALSE, unit_event = FALSE;
  Fixture fx = { 0 };
  gint64 game_id;

  fixture_init (&fx, "napoleonic-skirmish", "light", NULL, "grenadier", NULL, "officer");
  game_id = plan_through_dialog (&fx);

  record = open_record (&fx, game_id);
  g_object_add_weak_pointer (G_OBJECT (record), (gpointer *) &record);
  g_assert_true (muster_record_dialog_has_unit_figures (record, fx.grenadiers, "run"));
  g_assert_false (muster_record_dialog_has_unit_figures (record, fx.grenadiers, "colours"));
  g_assert_false (muster_record_dialog_set_unit_result (record, fx.grenadiers, 0, 0, 0, 0, "lost"));
  g_assert_false (muster_record_dialog_set_unit_result (record, fx.disbanded, 1, 0, 0, 0, NULL));
  g_assert_true (muster_record_dialog_set_unit_result (record, fx.grenadiers, 2, 3, 1, 1, NULL));
  g_assert_true (muster_record_dialog_set_unit_result (record, fx.rifles, 1, 0, 0, 0, NULL));
  g_assert_true (muster_record_dialog_set_outcome (record, fx.sergeant, "unhurt", 0, 0));
  expand_row (GTK_WIDGET (record), "Grenadiers");
  maybe_shoot (GTK_WIDGET (record), "record-napoleonic");
  g_assert_true (muster_record_dialog_save (record, &error));
  g_assert_no_error (error);
  muster_gui_spin ();
  g_assert_null (record);

  /* The page shows the units and what became of their figures. */
  shown = muster_games_page_describe_participants (MUSTER_GAMES_PAGE (fx.page));
  g_assert_nonnull (strstr (shown, "Grenadiers: 2 killed, 3 wounded, 1 captured and 1 ran of 10 figures"));
  g_assert_nonnull (strstr (shown, "Rifles: 1 killed of 8 figures"));
  g_assert_nonnull (strstr (shown, "Lieutenant Bonnet"));
  maybe_shoot (fx.window, "games-page-napoleonic");

  before = muster_store_dump (fx.store);
  resolve = MUSTER_RESOLVE_DIALOG (muster_games_page_resolve (MUSTER_GAMES_PAGE (fx.page)));
  g_assert_nonnull (resolve);
  g_assert_null (muster_resolve_dialog_get_refusal (resolve));
  muster_gui_spin ();
  for (guint i = 0; i < muster_resolve_dialog_get_n_rolls (resolve); i++)
    {
      const MusterPlannedRoll *roll = muster_resolve_dialog_get_roll (resolve, i);
      g_autoptr(GString) faces = g_string_new (NULL);
      int n = atoi (roll->expression);

      if (roll->unit_id == 0)
        continue;
      /* The Grenadiers' wounded figures: each die a 1, none comes back. */
      g_assert_cmpint (roll->unit_id, ==, fx.grenadiers);
      g_assert_cmpstr (roll->character_name, ==, "Grenadiers");
      for (int j = 0; j < MAX (n, 1); j++)
        g_string_append (faces, j > 0 ? ",1" : "1");
      g_assert_true (muster_resolve_dialog_set_faces (resolve, i, faces->str, &error));
      g_assert_no_error (error);
      unit_roll = TRUE;
    }
  g_assert_true (unit_roll);
  maybe_shoot (GTK_WIDGET (resolve), "resolve-napoleonic");
  g_assert_true (muster_resolve_dialog_run (resolve, &error));
  g_assert_no_error (error);
  events = muster_resolve_dialog_get_events (resolve);
  for (guint i = 0; i < events->len; i++)
    unit_event |= ((MusterResolutionEvent *) g_ptr_array_index (events, i))->unit_id == fx.grenadiers;
  g_assert_true (unit_event);
  maybe_shoot (GTK_WIDGET (resolve), "resolve-napoleonic-done");
  gtk_window_destroy (GTK_WINDOW (resolve));
  muster_gui_spin ();

  /* Killed and captured struck off, the wounded lost on their 1s; those
   * who ran come back. */
  grenadiers = get_unit (&fx, fx.grenadiers);
  g_assert_cmpint (muster_unit_get_lost (grenadiers), ==, 2 + 3 + 1);

  confirm = muster_games_page_undo_resolution (MUSTER_GAMES_PAGE (fx.page));
  g_assert_nonnull (confirm);
  adw_message_dialog_response (confirm, "undo");
  muster_gui_spin ();
  after = muster_store_dump (fx.store);
  g_assert_cmpstr (after, ==, before);
  undone = get_unit (&fx, fx.grenadiers);
  g_assert_cmpint (muster_unit_get_lost (undone), ==, 0);

  fixture_clear (&fx);
}

/* Chosen Men: no figures that ran, colours lost and taken, losses kept
 * within the figures, results corrected before resolving. */
static void
test_chosen_men (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(MusterUnit) grenadiers = NULL;
  g_autoptr(MusterUnit) rifles = NULL;
  g_autoptr(MusterUnit) undone = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *shown = NULL;
  MusterRecordDialog *record;
  MusterResolveDialog *resolve;
  AdwMessageDialog *confirm;
  Fixture fx = { 0 };
  gint64 game_id;

  fixture_init (&fx, "chosen-men", "skirmishers", "crack", "infantry", "veteran", "squad-leader");
  game_id = plan_through_dialog (&fx);

  record = open_record (&fx, game_id);
  g_object_add_weak_pointer (G_OBJECT (record), (gpointer *) &record);
  g_assert_false (muster_record_dialog_has_unit_figures (record, fx.grenadiers, "run"));
  g_assert_true (muster_record_dialog_has_unit_figures (record, fx.grenadiers, "wounded"));
  g_assert_true (muster_record_dialog_has_unit_figures (record, fx.grenadiers, "colours"));
  g_assert_false (muster_record_dialog_set_unit_result (record, fx.grenadiers, 1, 0, 0, 1, NULL));

  /* More figures lost than took the field: a clear refusal, nothing saved. */
  g_assert_true (muster_record_dialog_set_unit_result (record, fx.grenadiers, 6, 4, 1, 0, NULL));
  g_assert_false (muster_record_dialog_save (record, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Grenadiers took the field with 10 figures: it cannot lose 11"));
  g_clear_error (&error);
  g_assert_nonnull (record);

  g_assert_true (muster_record_dialog_set_unit_result (record, fx.grenadiers, 1, 1, 0, 0, "lost"));
  g_assert_true (muster_record_dialog_set_unit_result (record, fx.rifles, 1, 0, 0, 0, "captured"));
  g_assert_true (muster_record_dialog_set_outcome (record, fx.sergeant, "unhurt", 0, 0));
  expand_row (GTK_WIDGET (record), "Grenadiers");
  maybe_shoot (GTK_WIDGET (record), "record-chosen-men");
  g_assert_true (muster_record_dialog_save (record, &error));
  g_assert_no_error (error);
  muster_gui_spin ();

  /* Corrected before resolving: the dialog opens on what was saved. */
  record = open_record (&fx, game_id);
  g_object_add_weak_pointer (G_OBJECT (record), (gpointer *) &record);
  g_assert_true (muster_record_dialog_set_unit_result (record, fx.grenadiers, 3, 1, 0, 0, "lost"));
  g_assert_true (muster_record_dialog_save (record, &error));
  g_assert_no_error (error);
  muster_gui_spin ();
  units = muster_store_list_game_units (fx.store, game_id, &error);
  for (guint i = 0; i < units->len; i++)
    {
      MusterUnitParticipant *p = g_ptr_array_index (units, i);

      if (p->unit_id == fx.grenadiers)
        {
          g_assert_cmpint (p->killed, ==, 3);
          g_assert_cmpstr (p->colours, ==, "lost");
        }
    }
  shown = muster_games_page_describe_participants (MUSTER_GAMES_PAGE (fx.page));
  g_assert_nonnull (strstr (shown, "Grenadiers: 3 killed and 1 wounded of 10 figures · colours lost"));
  g_assert_nonnull (strstr (shown, "Rifles: 1 killed of 8 figures · took the enemy’s colours"));

  before = muster_store_dump (fx.store);
  resolve = MUSTER_RESOLVE_DIALOG (muster_games_page_resolve (MUSTER_GAMES_PAGE (fx.page)));
  g_assert_nonnull (resolve);
  g_assert_null (muster_resolve_dialog_get_refusal (resolve));
  muster_gui_spin ();
  maybe_shoot (GTK_WIDGET (resolve), "resolve-chosen-men");
  g_assert_true (muster_resolve_dialog_run (resolve, &error));
  g_assert_no_error (error);
  maybe_shoot (GTK_WIDGET (resolve), "resolve-chosen-men-done");
  gtk_window_destroy (GTK_WINDOW (resolve));
  muster_gui_spin ();

  /* Killed and wounded struck off; the French lose 2 morale for their
   * colours, the Rifles gain 2 for taking them. */
  grenadiers = get_unit (&fx, fx.grenadiers);
  g_assert_cmpint (muster_unit_get_lost (grenadiers), ==, 4);
  g_assert_cmpint (muster_unit_get_morale_loss (grenadiers), ==, 2);
  rifles = get_unit (&fx, fx.rifles);
  g_assert_cmpint (muster_unit_get_lost (rifles), ==, 1);
  g_assert_cmpint (muster_unit_get_morale_loss (rifles), ==, -2);

  confirm = muster_games_page_undo_resolution (MUSTER_GAMES_PAGE (fx.page));
  g_assert_nonnull (confirm);
  adw_message_dialog_response (confirm, "undo");
  muster_gui_spin ();
  after = muster_store_dump (fx.store);
  g_assert_cmpstr (after, ==, before);
  undone = get_unit (&fx, fx.grenadiers);
  g_assert_cmpint (muster_unit_get_morale_loss (undone), ==, 0);

  fixture_clear (&fx);
}

/* Resolves the selected game through the Resolve dialog, Muster rolling. */
static void
resolve_through_dialog (Fixture *fx)
{
  g_autoptr(GError) error = NULL;
  MusterResolveDialog *resolve;

  resolve = MUSTER_RESOLVE_DIALOG (muster_games_page_resolve (MUSTER_GAMES_PAGE (fx->page)));
  g_assert_nonnull (resolve);
  g_assert_null (muster_resolve_dialog_get_refusal (resolve));
  muster_gui_spin ();
  g_assert_true (muster_resolve_dialog_run (resolve, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (resolve));
  muster_gui_spin ();
}

/* Three games in a row: each takes the field with the figures the last
 * one left. */
static void
test_three_games (void)
{
  Fixture fx = { 0 };

  fixture_init (&fx, "napoleonic-skirmish", "light", NULL, "grenadier", NULL, "officer");
  for (int n = 1; n <= 3; n++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) units = NULL;
      g_autoptr(MusterUnit) before = get_unit (&fx, fx.grenadiers);
      g_autoptr(MusterUnit) after = NULL;
      g_autoptr(MusterGame) game = NULL;
      MusterRecordDialog *record;
      gint64 game_id = plan_through_dialog (&fx);

      units = muster_store_list_game_units (fx.store, game_id, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < units->len; i++)
        {
          MusterUnitParticipant *p = g_ptr_array_index (units, i);

          if (p->unit_id == fx.grenadiers)
            g_assert_cmpint (p->figures, ==, muster_unit_get_present (before));
        }
      record = open_record (&fx, game_id);
      g_assert_true (muster_record_dialog_set_unit_result (record, fx.grenadiers, 1, 0, 1, 0, NULL));
      g_assert_true (muster_record_dialog_set_outcome (record, fx.sergeant, "unhurt", 0, 0));
      g_assert_true (muster_record_dialog_save (record, &error));
      g_assert_no_error (error);
      muster_gui_spin ();
      resolve_through_dialog (&fx);

      game = muster_store_get_game (fx.store, game_id, NULL);
      g_assert_cmpint (muster_game_get_number (game), ==, n);
      g_assert_cmpint (muster_game_get_state (game), ==, MUSTER_GAME_RESOLVED);
      after = get_unit (&fx, fx.grenadiers);
      g_assert_cmpint (muster_unit_get_lost (after), ==, 2 * n);
    }
  fixture_clear (&fx);
}

/* Big Skirmishes keeps only the figures killed, and has no colours: the
 * dialog offers nothing else. */
static void
test_killed_only (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterUnit) grenadiers = NULL;
  MusterRecordDialog *record;
  Fixture fx = { 0 };
  gint64 game_id;

  fixture_init (&fx, "big-skirmishes", "infantry", "elite", "infantry", "raw", "character");
  game_id = plan_through_dialog (&fx);
  record = open_record (&fx, game_id);
  g_assert_true (muster_record_dialog_has_unit_figures (record, fx.grenadiers, "killed"));
  g_assert_false (muster_record_dialog_has_unit_figures (record, fx.grenadiers, "wounded"));
  g_assert_false (muster_record_dialog_has_unit_figures (record, fx.grenadiers, "captured"));
  g_assert_false (muster_record_dialog_has_unit_figures (record, fx.grenadiers, "run"));
  g_assert_false (muster_record_dialog_has_unit_figures (record, fx.grenadiers, "colours"));
  g_assert_false (muster_record_dialog_set_unit_result (record, fx.grenadiers, 1, 1, 0, 0, NULL));
  g_assert_true (muster_record_dialog_set_unit_result (record, fx.grenadiers, 4, 0, 0, 0, NULL));
  expand_row (GTK_WIDGET (record), "Grenadiers");
  maybe_shoot (GTK_WIDGET (record), "record-big-skirmishes");
  g_assert_true (muster_record_dialog_save (record, &error));
  g_assert_no_error (error);
  muster_gui_spin ();
  resolve_through_dialog (&fx);
  grenadiers = get_unit (&fx, fx.grenadiers);
  g_assert_cmpint (muster_unit_get_lost (grenadiers), ==, 4);
  fixture_clear (&fx);
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/gui/games/units/napoleonic", test_napoleonic);
  g_test_add_func ("/gui/games/units/chosen-men", test_chosen_men);
  g_test_add_func ("/gui/games/units/three-games", test_three_games);
  g_test_add_func ("/gui/games/units/killed-only", test_killed_only);

  return g_test_run ();
}
