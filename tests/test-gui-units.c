/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "muster-application.h"
#include "muster-character.h"
#include "muster-character-window.h"
#include "muster-force.h"
#include "muster-game.h"
#include "muster-gui-test-util.h"
#include "muster-new-unit-dialog.h"
#include "muster-recruit.h"
#include "muster-roster-page.h"
#include "muster-test-util.h"
#include "muster-unit.h"
#include "muster-unit-list.h"
#include "muster-unit-window.h"
#include "muster-window.h"

/* One application for the whole program; each test gives it a fresh
 * library and closes every window it opened. */
static MusterApplication *app;

typedef struct {
  MusterStore  *store;
  MusterWindow *window;
  gint64        campaign_id;
  gint64        british;
  gint64        french;
  gint64        light;      /* the British light company */
  gint64        rifles;
  gint64        voltigeurs;
  gint64        officer;    /* attached to the light company */
} Fixture;

static gint64
create_unit (MusterStore *store,
             gint64       force_id,
             const char  *name,
             const char  *kind,
             const char  *rating,
             int          size)
{
  g_autoptr(GError) error = NULL;
  MusterUnitSpec spec = { name, kind, rating, size, NULL };
  gint64 id = muster_store_create_unit (store, force_id, &spec, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

static gint64
recruit_into (MusterStore *store,
              gint64       force_id,
              gint64       unit_id,
              const char  *troop_type,
              const char  *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = muster_store_recruit_into (store, force_id, unit_id, troop_type, NULL,
                                                     name, 1, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 1);
  return g_array_index (ids, gint64, 0);
}

/* A campaign of @ruleset_id with a British and a French force. */
static void
fixture_open (Fixture    *f,
              const char *ruleset_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = NULL;

  f->store = muster_test_open_store (NULL);
  ruleset = muster_rulesets_lookup (ruleset_id, &error);
  g_assert_no_error (error);
  f->campaign_id = muster_store_create_campaign (f->store, "Talavera", ruleset, 1809, NULL, &error);
  g_assert_no_error (error);
  f->british = muster_store_create_force (f->store, f->campaign_id, "British", NULL, &error);
  g_assert_no_error (error);
  f->french = muster_store_create_force (f->store, f->campaign_id, "French", NULL, &error);
  g_assert_no_error (error);

  muster_application_set_store (app, f->store);
  f->window = muster_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1100, 760);
  gtk_window_present (GTK_WINDOW (f->window));
  muster_window_select_campaign (f->window, f->campaign_id);
  muster_gui_wait_for_roster (f->window);
}

/* Chosen Men: two British squads and a French one, a lieutenant with the
 * light company. */
static void
fixture_open_chosen_men (Fixture *f)
{
  fixture_open (f, "chosen-men");
  f->light = create_unit (f->store, f->british, "Light Company", "infantry", "veteran", 12);
  f->rifles = create_unit (f->store, f->british, "Rifles", "skirmishers", "crack", 0);
  f->voltigeurs = create_unit (f->store, f->french, "Voltigeurs", "skirmishers", "regular", 0);
  f->officer = recruit_into (f->store, f->british, f->light, "lieutenant", "John Cotter");
  recruit_into (f->store, f->french, f->voltigeurs, "squad-leader", "Jean Roux");
  muster_gui_spin ();
}

static void
fixture_close (Fixture *f)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));

  for (GList *l = windows; l; l = l->next)
    gtk_window_destroy (l->data);
  g_list_free (windows);
  muster_gui_spin ();

  g_clear_object (&f->store);
}

static MusterRosterPage *
roster (Fixture *f)
{
  return MUSTER_ROSTER_PAGE (muster_window_get_roster_page (f->window));
}

static MusterUnitList *
unit_list (Fixture *f)
{
  return MUSTER_UNIT_LIST (muster_roster_page_get_unit_list (roster (f)));
}

static GtkWidget *
find_window (GType   type,
             gint64  id)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    {
      if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && type == MUSTER_TYPE_UNIT_WINDOW &&
          muster_unit_window_get_unit_id (l->data) == id)
        return l->data;
      if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && type == MUSTER_TYPE_CHARACTER_WINDOW &&
          muster_character_window_get_character_id (l->data) == id)
        return l->data;
    }
  return NULL;
}

static guint
count_rows (GtkListBox *list)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (list));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child))
      n++;
  return n;
}

static GtkListBoxRow *
find_row (GtkListBox *list,
          const char *title)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (list));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (ADW_IS_PREFERENCES_ROW (child) &&
        g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child)), title) == 0)
      return GTK_LIST_BOX_ROW (child);
  return NULL;
}

static MusterUnit *
get_unit (Fixture *f,
          gint64   id)
{
  g_autoptr(GError) error = NULL;
  MusterUnit *unit = muster_store_get_unit (f->store, id, &error);

  g_assert_no_error (error);
  return unit;
}

/* Every unit of the campaign is listed with its values and characters;
 * the force filter and the search apply to the units too. */
/* The character column headed @title, or NULL. */
static GtkColumnViewColumn *
find_column (MusterRosterPage *page,
             const char       *title)
{
  GListModel *columns = gtk_column_view_get_columns (muster_roster_page_get_column_view (page));

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), title) == 0)
        return column;
    }
  return NULL;
}

static void
test_roster_shows_units (void)
{
  Fixture f = { 0 };
  MusterUnitList *list;
  GListModel *model;
  g_autofree char *characters = NULL;
  g_autofree char *rating = NULL;
  g_autofree char *left = NULL;

  fixture_open_chosen_men (&f);
  list = unit_list (&f);
  model = muster_unit_list_get_model (list);

  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (list)));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (muster_unit_list_get_column_view (list))));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 3);
  /* Nobody is armed in Chosen Men: no Weapon column; its stats are words,
   * headed by their names. */
  g_assert_false (gtk_column_view_column_get_visible (find_column (roster (&f), "Weapon")));
  g_assert_nonnull (find_column (roster (&f), "Rank"));
  g_assert_null (find_column (roster (&f), "rank"));

  /* Sorted by name: Light Company, Rifles, Voltigeurs. */
  characters = muster_unit_list_get_cell_text (list, 0, "Characters");
  g_assert_cmpstr (characters, ==, "John Cotter");
  rating = muster_unit_list_get_cell_text (list, 0, "Rating");
  g_assert_cmpstr (rating, ==, "Veteran");
  left = muster_unit_list_get_cell_text (list, 1, "Left");
  g_assert_cmpstr (left, ==, "8");   /* the skirmishers' usual size */

  muster_roster_page_set_force_id (roster (&f), f.french);
  muster_gui_spin ();
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 1);
  muster_roster_page_set_force_id (roster (&f), 0);
  muster_gui_spin ();
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 3);

  /* A character's name finds his unit. */
  gtk_editable_set_text (GTK_EDITABLE (muster_roster_page_get_search_entry (roster (&f))), "cotter");
  g_signal_emit_by_name (muster_roster_page_get_search_entry (roster (&f)), "search-changed");
  muster_gui_spin ();
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 1);
  gtk_editable_set_text (GTK_EDITABLE (muster_roster_page_get_search_entry (roster (&f))), "");
  g_signal_emit_by_name (muster_roster_page_get_search_entry (roster (&f)), "search-changed");
  muster_gui_spin ();

  /* A change in the store shows at once. */
  g_assert_true (muster_store_set_unit_number (f.store, f.rifles, "lost", 3, NULL));
  muster_gui_spin ();
  g_clear_pointer (&left, g_free);
  left = muster_unit_list_get_cell_text (list, 1, "Left");
  g_assert_cmpstr (left, ==, "5");

  fixture_close (&f);
}

/* Without a force there is nothing to add a unit or a recruit to: New
 * Unit and Recruit are disabled, and their buttons say why, until the
 * campaign has a force. */
static void
test_new_unit_needs_force (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("chosen-men", &error);
  GtkWidget *empty_new_unit, *list_new_unit, *recruit;
  const char *why_unit = "Add a force first: every unit belongs to one";
  const char *why_recruit = "Add a force first: every character belongs to one";

  g_assert_no_error (error);
  f.store = muster_test_open_store (NULL);
  f.campaign_id = muster_store_create_campaign (f.store, "Talavera", ruleset, 1809, NULL, &error);
  g_assert_no_error (error);
  muster_application_set_store (app, f.store);
  f.window = muster_window_new (app);
  gtk_window_present (GTK_WINDOW (f.window));
  muster_window_select_campaign (f.window, f.campaign_id);
  muster_gui_spin ();

  empty_new_unit = GTK_WIDGET (muster_gui_template_child (roster (&f), MUSTER_TYPE_ROSTER_PAGE, "new_unit_button"));
  list_new_unit = GTK_WIDGET (muster_gui_template_child (unit_list (&f), MUSTER_TYPE_UNIT_LIST, "new_button"));
  recruit = GTK_WIDGET (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "recruit_button"));
  g_assert_true (gtk_widget_get_visible (empty_new_unit));
  g_assert_false (gtk_widget_is_sensitive (empty_new_unit));
  g_assert_false (gtk_widget_is_sensitive (list_new_unit));
  g_assert_false (gtk_widget_is_sensitive (recruit));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (empty_new_unit), ==, why_unit);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (list_new_unit), ==, why_unit);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (recruit), ==, why_recruit);
  g_assert_null (muster_unit_list_open_new_unit (unit_list (&f)));

  muster_store_create_force (f.store, f.campaign_id, "British", NULL, &error);
  g_assert_no_error (error);
  muster_gui_spin ();
  g_assert_true (gtk_widget_is_sensitive (empty_new_unit));
  g_assert_true (gtk_widget_is_sensitive (list_new_unit));
  g_assert_true (gtk_widget_is_sensitive (recruit));
  g_assert_null (gtk_widget_get_tooltip_text (empty_new_unit));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (list_new_unit), ==, "Add a unit to a force");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (recruit), ==, "Recruit");

  fixture_close (&f);
}

/* The table shows what changes between games, as muster-cli units does:
 * the ruleset's unit stats (chosen-men.xml <unit-stats>: base morale
 * from the rating less what lost colours cost, move, musicians,
 * colours); and the dead no longer lead their unit. */
static void
test_unit_stats_shown (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  MusterUnitList *list;
  struct {
    const char *column;
    const char *expected;
  } before[] = {
    { "Base morale", "9" },   /* Veteran: <rating id="veteran" value="9"> */
    { "Move", "2d10" },       /* Infantry squad: <set stat="move" value="2d10"/> */
    { "Musicians", "0" },
    { "Colours", "0" },
  };

  fixture_open_chosen_men (&f);
  list = unit_list (&f);

  /* Light Company sorts first. */
  for (guint i = 0; i < G_N_ELEMENTS (before); i++)
    {
      g_autofree char *text = muster_unit_list_get_cell_text (list, 0, before[i].column);

      g_assert_cmpstr (text, ==, before[i].expected);
    }

  /* Its colours lost (2 of base morale for good), a drummer, the colours
   * carried again: the table follows the store. */
  g_assert_true (muster_store_set_unit_number (f.store, f.light, "morale_loss", 2, &error));
  g_assert_no_error (error);
  g_assert_true (muster_store_set_unit_value (f.store, f.light, "musicians", 1, &error));
  g_assert_no_error (error);
  g_assert_true (muster_store_set_unit_value (f.store, f.light, "colours", 1, &error));
  g_assert_no_error (error);
  muster_gui_spin ();
  {
    g_autofree char *morale = muster_unit_list_get_cell_text (list, 0, "Base morale");
    g_autofree char *musicians = muster_unit_list_get_cell_text (list, 0, "Musicians");
    g_autofree char *colours = muster_unit_list_get_cell_text (list, 0, "Colours");

    g_assert_cmpstr (morale, ==, "7");
    g_assert_cmpstr (musicians, ==, "1");
    g_assert_cmpstr (colours, ==, "1");
  }

  /* John Cotter dies: the company is led by nobody. */
  g_assert_true (muster_store_set_character_status (f.store, f.officer, MUSTER_STATUS_DEAD, 0, &error));
  g_assert_no_error (error);
  muster_gui_spin ();
  {
    g_autofree char *characters = muster_unit_list_get_cell_text (list, 0, "Characters");

    g_assert_cmpstr (characters, ==, "");
  }

  fixture_close (&f);
}

/* The New Unit dialog takes the type's usual size and adds the unit. */
static void
test_new_unit_dialog (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterUnit) unit = NULL;
  MusterNewUnitDialog *dialog;
  GtkSpinButton *size;
  gint64 id;

  fixture_open (&f, "big-skirmishes");
  muster_roster_page_set_force_id (roster (&f), f.french);
  muster_gui_spin ();
  dialog = MUSTER_NEW_UNIT_DIALOG (muster_unit_list_open_new_unit (unit_list (&f)));
  g_assert_nonnull (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  muster_gui_spin ();

  /* The force in the filter comes first. */
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (muster_new_unit_dialog_get_editor (dialog, "force"))), ==, 1);

  /* No name: refused, and the dialog stays. */
  g_assert_cmpint (muster_new_unit_dialog_save (dialog, &error), ==, 0);
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_nonnull (dialog);

  /* Guns are always Average, with a crew of 4. */
  g_assert_true (muster_new_unit_dialog_set_kind (dialog, "artillery"));
  size = GTK_SPIN_BUTTON (muster_new_unit_dialog_get_editor (dialog, "size"));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (size), ==, 4);
  g_assert_false (muster_new_unit_dialog_set_rating (dialog, "elite"));

  g_assert_true (muster_new_unit_dialog_set_kind (dialog, "cavalry"));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (size), ==, 12);
  g_assert_true (muster_new_unit_dialog_set_rating (dialog, "elite"));
  gtk_spin_button_set_value (size, 10);
  gtk_editable_set_text (GTK_EDITABLE (muster_new_unit_dialog_get_editor (dialog, "name")), "Chasseurs");
  id = muster_new_unit_dialog_save (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  muster_gui_spin ();
  g_assert_null (dialog);

  unit = get_unit (&f, id);
  g_assert_cmpstr (muster_unit_get_name (unit), ==, "Chasseurs");
  g_assert_cmpint (muster_unit_get_force_id (unit), ==, f.french);
  g_assert_cmpstr (muster_unit_get_kind (unit), ==, "cavalry");
  g_assert_cmpstr (muster_unit_get_rating (unit), ==, "elite");
  g_assert_cmpint (muster_unit_get_size (unit), ==, 10);
  g_assert_cmpuint (g_list_model_get_n_items (muster_unit_list_get_model (unit_list (&f))), ==, 1);

  fixture_close (&f);
}

/* A unit's sheet shows its values and characters, and saves edits. */
static void
test_unit_sheet (void)
{
  Fixture f = { 0 };
  g_autoptr(MusterUnit) unit = NULL;
  MusterUnitWindow *window;
  GtkListBoxRow *row;
  int value;

  fixture_open_chosen_men (&f);

  g_assert_true (muster_unit_list_select_unit (unit_list (&f), f.light));
  g_assert_cmpint (muster_unit_list_get_selected_id (unit_list (&f)), ==, f.light);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (unit_list (&f)), "units.open", NULL));
  muster_gui_spin ();
  window = MUSTER_UNIT_WINDOW (find_window (MUSTER_TYPE_UNIT_WINDOW, f.light));
  g_assert_nonnull (window);

  /* Opening it again raises the same window. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "open-unit", g_variant_new_int64 (f.light));
  muster_gui_spin ();
  g_assert_true (find_window (MUSTER_TYPE_UNIT_WINDOW, f.light) == GTK_WIDGET (window));

  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (muster_unit_window_get_editor (window, "name"))), ==,
                   "Light Company");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (muster_unit_window_get_editor (window, "size"))), ==, 12);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (muster_unit_window_get_editor (window, "base-morale"))), ==, "9");
  g_assert_true (GTK_IS_SPIN_BUTTON (muster_unit_window_get_editor (window, "colours")));
  g_assert_true (gtk_widget_get_visible (muster_unit_window_get_editor (window, "morale-loss")));

  /* The attached lieutenant, whose row opens his sheet. */
  g_assert_cmpuint (count_rows (muster_unit_window_get_characters (window)), ==, 1);
  row = find_row (muster_unit_window_get_characters (window), "John Cotter");
  g_assert_nonnull (row);
  g_signal_emit_by_name (muster_unit_window_get_characters (window), "row-activated", row);
  muster_gui_spin ();
  g_assert_nonnull (find_window (MUSTER_TYPE_CHARACTER_WINDOW, f.officer));

  /* Edits are saved. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (muster_unit_window_get_editor (window, "lost")), 2);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (muster_unit_window_get_editor (window, "colours")), 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (muster_unit_window_get_editor (window, "morale-loss")), 2);
  gtk_editable_set_text (GTK_EDITABLE (muster_unit_window_get_editor (window, "name")), "Light Bobs");
  g_signal_emit_by_name (muster_unit_window_get_editor (window, "name"), "apply");
  adw_combo_row_set_selected (ADW_COMBO_ROW (muster_unit_window_get_editor (window, "rating")), 5);  /* crack */
  muster_gui_spin ();

  unit = get_unit (&f, f.light);
  g_assert_cmpstr (muster_unit_get_name (unit), ==, "Light Bobs");
  g_assert_cmpint (muster_unit_get_lost (unit), ==, 2);
  g_assert_cmpint (muster_unit_get_present (unit), ==, 10);
  g_assert_cmpint (muster_unit_get_morale_loss (unit), ==, 2);
  g_assert_cmpstr (muster_unit_get_rating (unit), ==, "crack");
  g_assert_true (muster_unit_get_value (unit, "colours", &value));
  g_assert_cmpint (value, ==, 1);
  /* Crack 10, less 2 for good. */
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (muster_unit_window_get_editor (window, "base-morale"))), ==, "8");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (muster_unit_window_get_editor (window, "present"))), ==, "10");

  /* A squad of 5 with 2 lost. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (muster_unit_window_get_editor (window, "size")), 5);
  muster_gui_spin ();
  g_clear_object (&unit);
  unit = get_unit (&f, f.light);
  g_assert_cmpint (muster_unit_get_size (unit), ==, 5);

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Light Bobs");

  fixture_close (&f);
}

/* The games a unit fought show on its sheet, with what it lost. */
static void
test_unit_history (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCharacter) roux = NULL;
  MusterUnitResult result = { 2, 1, 0, 0, NULL, NULL };
  MusterUnitWindow *window;
  GtkListBoxRow *row;
  gint64 characters[2];
  gint64 units[2];
  gint64 game;

  fixture_open_chosen_men (&f);
  roux = muster_store_find_character (f.store, f.campaign_id, "Jean Roux", &error);
  g_assert_no_error (error);
  characters[0] = f.officer;
  characters[1] = muster_character_get_id (roux);
  game = muster_store_create_game (f.store, f.campaign_id, "The Ford", "1811-04-03", characters, 2, &error);
  g_assert_no_error (error);
  units[0] = f.light;
  units[1] = f.voltigeurs;
  g_assert_true (muster_store_add_game_units (f.store, game, units, 2, &error));
  g_assert_no_error (error);

  g_action_group_activate_action (G_ACTION_GROUP (app), "open-unit", g_variant_new_int64 (f.light));
  muster_gui_spin ();
  window = MUSTER_UNIT_WINDOW (find_window (MUSTER_TYPE_UNIT_WINDOW, f.light));
  g_assert_nonnull (window);
  row = find_row (muster_unit_window_get_games (window), "Game 1: The Ford");
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "12 figures, not recorded yet");

  /* Recording the result shows at once. */
  g_assert_true (muster_store_set_unit_result (f.store, game, f.light, &result, &error));
  g_assert_no_error (error);
  muster_gui_spin ();
  g_assert_cmpuint (count_rows (muster_unit_window_get_games (window)), ==, 1);
  row = find_row (muster_unit_window_get_games (window), "Game 1: The Ford");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "2 killed and 1 wounded of 12 figures");

  fixture_close (&f);
}

/* Deleting a unit offers Undo; Undo brings it back with its character. */
static void
test_delete_undo (void)
{
  Fixture f = { 0 };
  g_autoptr(MusterCharacter) officer = NULL;
  g_autoptr(GError) error = NULL;
  MusterUnit *unit;
  GtkWidget *sheet;

  fixture_open_chosen_men (&f);
  g_action_group_activate_action (G_ACTION_GROUP (app), "open-unit", g_variant_new_int64 (f.light));
  muster_gui_spin ();
  sheet = find_window (MUSTER_TYPE_UNIT_WINDOW, f.light);
  g_assert_nonnull (sheet);
  g_object_add_weak_pointer (G_OBJECT (sheet), (gpointer *) &sheet);

  g_assert_true (muster_unit_list_select_unit (unit_list (&f), f.light));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (unit_list (&f)), "units.delete", NULL));
  muster_gui_spin ();

  unit = muster_store_get_unit (f.store, f.light, &error);
  g_assert_null (unit);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_null (sheet);   /* its sheet closed itself */
  g_assert_cmpuint (g_list_model_get_n_items (muster_unit_list_get_model (unit_list (&f))), ==, 2);
  officer = muster_store_get_character (f.store, f.officer, NULL);
  g_assert_cmpint (muster_character_get_unit_id (officer), ==, 0);
  g_clear_object (&officer);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL));
  muster_gui_spin ();

  unit = get_unit (&f, f.light);
  g_assert_cmpstr (muster_unit_get_name (unit), ==, "Light Company");
  g_object_unref (unit);
  officer = muster_store_get_character (f.store, f.officer, NULL);
  g_assert_cmpint (muster_character_get_unit_id (officer), ==, f.light);
  g_assert_cmpuint (g_list_model_get_n_items (muster_unit_list_get_model (unit_list (&f))), ==, 3);

  fixture_close (&f);
}

/* A unit that fought is not deleted: Delete offers to disband it. */
static void
test_delete_played (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterUnit) unit = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  MusterUnitResult result = { 0, };
  AdwMessageDialog *dialog;
  gint64 units[2], game;

  fixture_open_chosen_men (&f);
  units[0] = f.light;
  units[1] = f.voltigeurs;
  game = muster_store_create_game_full (f.store, f.campaign_id, "The bridge", NULL, NULL, 0, units, 2, &error);
  g_assert_no_error (error);
  g_assert_true (muster_store_set_unit_result (f.store, game, f.light, &result, &error));
  g_assert_no_error (error);
  muster_gui_spin ();

  before = muster_store_dump (f.store);
  g_assert_true (muster_unit_list_select_unit (unit_list (&f), f.light));
  dialog = ADW_MESSAGE_DIALOG (muster_unit_list_delete_selected (unit_list (&f)));
  muster_gui_spin ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Disband Instead?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "set its status to disbanded"));
  after = muster_store_dump (f.store);
  g_assert_cmpstr (before, ==, after);

  adw_message_dialog_response (dialog, "disband");
  gtk_window_destroy (GTK_WINDOW (dialog));
  muster_gui_spin ();
  unit = get_unit (&f, f.light);
  g_assert_cmpstr (muster_unit_get_status (unit), ==, MUSTER_UNIT_STATUS_DISBANDED);

  fixture_close (&f);
}

/* Big Skirmishes: a character's sheet shows his Class by name, his
 * command range and move, and attaches him to a unit. */
static void
test_character_sheet_unit (void)
{
  Fixture f = { 0 };
  g_autoptr(MusterCharacter) character = NULL;
  g_autoptr(GError) error = NULL;
  MusterCharacterWindow *window;
  AdwComboRow *unit_row;
  gint64 foot, id;

  fixture_open (&f, "big-skirmishes");
  foot = create_unit (f.store, f.british, "52nd Foot", "infantry", "elite", 0);
  create_unit (f.store, f.french, "Voltigeurs", "skirmishers", "average", 0);
  id = recruit_into (f.store, f.british, 0, "character", "Major Horan");
  g_assert_true (muster_store_set_character_stat (f.store, id, "class", 2, &error));
  g_assert_no_error (error);
  muster_gui_spin ();

  muster_application_open_character (app, id);
  muster_gui_spin ();
  window = MUSTER_CHARACTER_WINDOW (find_window (MUSTER_TYPE_CHARACTER_WINDOW, id));
  g_assert_nonnull (window);

  unit_row = ADW_COMBO_ROW (muster_character_window_get_editor (window, "unit"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (unit_row)));
  /* None and the British unit only. */
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (unit_row)), ==, 2);
  g_assert_cmpuint (adw_combo_row_get_selected (unit_row), ==, 0);

  adw_combo_row_set_selected (unit_row, 1);
  muster_gui_spin ();
  character = muster_store_get_character (f.store, id, NULL);
  g_assert_cmpint (muster_character_get_unit_id (character), ==, foot);
  g_assert_cmpuint (g_list_model_get_n_items (muster_unit_list_get_model (unit_list (&f))), ==, 2);
  {
    g_autofree char *names = NULL;

    g_assert_true (muster_unit_list_select_unit (unit_list (&f), foot));
    names = muster_unit_list_get_cell_text (unit_list (&f), 0, "Characters");
    g_assert_cmpstr (names, ==, "Major Horan");
  }

  {
    GtkWidget *spin_button = muster_character_window_get_editor (window, "class");
    AdwActionRow *row = ADW_ACTION_ROW (gtk_widget_get_ancestor (spin_button, ADW_TYPE_ACTION_ROW));

    g_assert_cmpstr (adw_action_row_get_subtitle (row), ==, "Professional");
  }

  fixture_close (&f);
}

/* A Sharpe's Skirmish campaign has no units: nothing of them shows. */
static void
test_sharpes_no_units (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCharacter) character = NULL;
  MusterCharacterWindow *window;

  f.store = muster_test_open_store (NULL);
  f.campaign_id = muster_store_create_sample (f.store, NULL, &error);
  g_assert_no_error (error);
  muster_application_set_store (app, f.store);
  f.window = muster_window_new (app);
  gtk_window_present (GTK_WINDOW (f.window));
  muster_window_select_campaign (f.window, f.campaign_id);
  muster_gui_wait_for_roster (f.window);

  /* Not even made: the roster opens without it. */
  g_assert_null (gtk_paned_get_start_child (GTK_PANED (muster_gui_template_child (roster (&f), MUSTER_TYPE_ROSTER_PAGE,
                                                                                  "paned"))));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (unit_list (&f))));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (unit_list (&f))));
  /* No New Unit dialog: there is nothing to add units to. */
  gtk_widget_activate_action (GTK_WIDGET (roster (&f)), "roster.new-unit", NULL);
  muster_gui_spin ();
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    g_assert_false (MUSTER_IS_NEW_UNIT_DIALOG (l->data));
  g_assert_cmpuint (g_list_model_get_n_items (muster_unit_list_get_model (unit_list (&f))), ==, 0);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (muster_roster_page_get_column_view (roster (&f)))));
  g_assert_true (gtk_column_view_column_get_visible (find_column (roster (&f), "Weapon")));
  g_assert_nonnull (find_column (roster (&f), "F"));

  character = muster_store_find_character (f.store, f.campaign_id, "Charles Ellison", &error);
  g_assert_no_error (error);
  muster_application_open_character (app, muster_character_get_id (character));
  muster_gui_spin ();
  window = MUSTER_CHARACTER_WINDOW (find_window (MUSTER_TYPE_CHARACTER_WINDOW, muster_character_get_id (character)));
  g_assert_nonnull (window);
  g_assert_false (gtk_widget_get_visible (muster_character_window_get_editor (window, "unit")));

  fixture_close (&f);
}

/* Chosen Men: an officer's trait changes his rating where it shows, and
 * is named: his unit's sheet lists him with it, his own sheet keeps the
 * rating he rolled and says what it is in play. */
static void
test_officer_trait (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  MusterUnitWindow *unit_window;
  MusterCharacterWindow *window;
  GtkListBoxRow *row;
  GtkWidget *rating, *character;

  fixture_open_chosen_men (&f);
  g_assert_true (muster_store_set_character_stat (f.store, f.officer, "rating", 1, &error));
  g_assert_true (muster_store_set_character_stat (f.store, f.officer, "character", 1, &error));
  g_assert_no_error (error);
  muster_gui_spin ();

  g_action_group_activate_action (G_ACTION_GROUP (app), "open-unit", g_variant_new_int64 (f.light));
  muster_gui_spin ();
  unit_window = MUSTER_UNIT_WINDOW (find_window (MUSTER_TYPE_UNIT_WINDOW, f.light));
  g_assert_nonnull (unit_window);
  row = find_row (muster_unit_window_get_characters (unit_window), "John Cotter");
  g_assert_nonnull (row);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "Character rating 0 (Coward −1)"));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "Character 1 Coward"));

  muster_application_open_character (app, f.officer);
  muster_gui_spin ();
  window = MUSTER_CHARACTER_WINDOW (find_window (MUSTER_TYPE_CHARACTER_WINDOW, f.officer));
  g_assert_nonnull (window);
  rating = muster_character_window_get_editor (window, "rating");
  character = muster_character_window_get_editor (window, "character");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (rating)), ==, 1);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (gtk_widget_get_ancestor (rating, ADW_TYPE_ACTION_ROW))),
                   ==, "In play: 0 (Coward −1)");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (gtk_widget_get_ancestor (character, ADW_TYPE_ACTION_ROW))),
                   ==, "Coward");

  /* A steady man's rating is as he rolled it. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (character), 5);
  muster_gui_wait_until (g_strcmp0 (adw_action_row_get_subtitle (ADW_ACTION_ROW (gtk_widget_get_ancestor (character, ADW_TYPE_ACTION_ROW))),
                                    "Steady") == 0);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (gtk_widget_get_ancestor (rating, ADW_TYPE_ACTION_ROW))),
                   ==, "From 0 to 6");
  row = find_row (muster_unit_window_get_characters (unit_window), "John Cotter");
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "Character rating 1 · "));

  fixture_close (&f);
}

/* Napoleonic Skirmish: a gun's sheet names its formations as the
 * movement chart does, and a unit changed to foot takes foot's names. */
static void
test_formation_names (void)
{
  Fixture f = { 0 };
  MusterUnitWindow *window;
  gint64 gun;

  fixture_open (&f, "napoleonic-skirmish");
  gun = create_unit (f.store, f.french, "Foot battery", "artillery", NULL, 0);
  muster_gui_spin ();

  g_action_group_activate_action (G_ACTION_GROUP (app), "open-unit", g_variant_new_int64 (gun));
  muster_gui_spin ();
  window = MUSTER_UNIT_WINDOW (find_window (MUSTER_TYPE_UNIT_WINDOW, gun));
  g_assert_nonnull (window);
  {
    GtkWidget *line = muster_unit_window_get_editor (window, "line");
    GtkWidget *column = muster_unit_window_get_editor (window, "column");
    AdwPreferencesRow *line_row = ADW_PREFERENCES_ROW (gtk_widget_get_ancestor (line, ADW_TYPE_PREFERENCES_ROW));
    AdwPreferencesRow *column_row = ADW_PREFERENCES_ROW (gtk_widget_get_ancestor (column, ADW_TYPE_PREFERENCES_ROW));

    g_assert_cmpstr (adw_preferences_row_get_title (line_row), ==, "Limbered");
    g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (line)), ==, "3 / 4 / – / –");
    g_assert_cmpstr (adw_preferences_row_get_title (column_row), ==, "Manhandled");

    /* Made a line company: foot's names. */
    g_assert_true (muster_store_set_unit_text (f.store, gun, "kind", "line", NULL));
    muster_gui_wait_until (g_strcmp0 (adw_preferences_row_get_title (line_row), "Line (square)") == 0);
    g_assert_cmpstr (adw_preferences_row_get_title (column_row), ==, "March column");
    g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (line)), ==, "2 / – / 3 / –");
  }

  fixture_close (&f);
}

/* Both sheet windows are sheet windows: found by the thing they show, and
 * what was typed but not yet saved (a name without Enter, notes before
 * their pause) is saved when they close. */
static void
test_sheets_close_saves (void)
{
  Fixture f;
  GtkWidget *windows[2];
  g_autoptr(MusterUnit) unit = NULL;
  g_autoptr(MusterCharacter) officer = NULL;
  g_autoptr(GError) error = NULL;

  fixture_open_chosen_men (&f);
  g_action_group_activate_action (G_ACTION_GROUP (app), "open-unit", g_variant_new_int64 (f.light));
  muster_application_open_character (app, f.officer);
  muster_gui_spin ();
  windows[0] = muster_sheet_window_find (GTK_APPLICATION (app), MUSTER_TYPE_UNIT_WINDOW, f.store, f.light);
  windows[1] = muster_sheet_window_find (GTK_APPLICATION (app), MUSTER_TYPE_CHARACTER_WINDOW, f.store, f.officer);
  g_assert_true (MUSTER_IS_UNIT_WINDOW (windows[0]));
  g_assert_true (MUSTER_IS_CHARACTER_WINDOW (windows[1]));
  g_assert_null (muster_sheet_window_find (GTK_APPLICATION (app), MUSTER_TYPE_CHARACTER_WINDOW, f.store, f.officer + 1));

  gtk_editable_set_text (GTK_EDITABLE (muster_unit_window_get_editor (MUSTER_UNIT_WINDOW (windows[0]), "name")),
                         "Light Bobs");
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (
                              muster_unit_window_get_editor (MUSTER_UNIT_WINDOW (windows[0]), "notes"))),
                            "Held the bridge", -1);
  gtk_editable_set_text (GTK_EDITABLE (muster_character_window_get_editor (MUSTER_CHARACTER_WINDOW (windows[1]),
                                                                           "name")),
                         "John Cotter of the 95th");
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (
                              muster_character_window_get_editor (MUSTER_CHARACTER_WINDOW (windows[1]), "notes"))),
                            "Mentioned in despatches", -1);

  /* Nothing saved yet: no Enter, no pause. */
  unit = muster_store_get_unit (f.store, f.light, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_unit_get_name (unit), ==, "Light Company");
  g_clear_object (&unit);

  for (guint i = 0; i < G_N_ELEMENTS (windows); i++)
    gtk_widget_activate_action (windows[i], "window.close", NULL);
  muster_gui_spin ();
  g_assert_null (muster_sheet_window_find (GTK_APPLICATION (app), MUSTER_TYPE_UNIT_WINDOW, f.store, f.light));

  unit = muster_store_get_unit (f.store, f.light, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_unit_get_name (unit), ==, "Light Bobs");
  g_assert_cmpstr (muster_unit_get_notes (unit), ==, "Held the bridge");
  officer = muster_store_get_character (f.store, f.officer, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_character_get_name (officer), ==, "John Cotter of the 95th");
  g_assert_cmpstr (muster_character_get_notes (officer), ==, "Mentioned in despatches");

  fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  app = muster_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  /* Windows come and go between tests; the application must not quit. */
  g_application_hold (G_APPLICATION (app));

  g_test_add_func ("/gui/units/roster", test_roster_shows_units);
  g_test_add_func ("/gui/units/stats-shown", test_unit_stats_shown);
  g_test_add_func ("/gui/units/new-unit-needs-force", test_new_unit_needs_force);
  g_test_add_func ("/gui/units/new-unit", test_new_unit_dialog);
  g_test_add_func ("/gui/units/sheet", test_unit_sheet);
  g_test_add_func ("/gui/units/history", test_unit_history);
  g_test_add_func ("/gui/units/delete-undo", test_delete_undo);
  g_test_add_func ("/gui/units/delete-played", test_delete_played);
  g_test_add_func ("/gui/units/character-sheet", test_character_sheet_unit);
  g_test_add_func ("/gui/units/sharpes", test_sharpes_no_units);
  g_test_add_func ("/gui/units/officer-trait", test_officer_trait);
  g_test_add_func ("/gui/units/formation-names", test_formation_names);
  g_test_add_func ("/gui/units/sheets-close-saves", test_sheets_close_saves);

  status = g_test_run ();

  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  return status;
}
