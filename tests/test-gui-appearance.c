/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "muster-application.h"
#include "muster-campaign-settings.h"
#include "muster-character-history.h"
#include "muster-character-window.h"
#include "muster-force-dialog.h"
#include "muster-games-page.h"
#include "muster-gui-test-util.h"
#include "muster-honours-page.h"
#include "muster-log-page.h"
#include "muster-new-campaign-dialog.h"
#include "muster-preferences-window.h"
#include "muster-recruit.h"
#include "muster-recruit-dialog.h"
#include "muster-roster-page.h"
#include "muster-test-util.h"
#include "muster-window.h"

/* What a person sees before any data and what a screen reader hears: the
 * empty states with the action that fills them, an accessible name on
 * every control, and the keyboard shortcuts. */

typedef MusterGuiFixture Fixture;

/* --- Accessible names ---------------------------------------------------- */

/* A label, or labelled by something other than an icon: a button is
 * labelled by its child, which names nothing when it is an image. */
static gboolean
has_accessible_name (GtkWidget *widget)
{
  g_autofree char *labelled_by = NULL;

  if (gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL))
    return TRUE;
  /* GTK 4.8 can only compare the relation: what differs from "none" is
   * described. */
  labelled_by = gtk_test_accessible_check_relation (GTK_ACCESSIBLE (widget),
                                                    GTK_ACCESSIBLE_RELATION_LABELLED_BY, NULL);
  return labelled_by != NULL && *labelled_by != '\0' && !g_str_has_prefix (labelled_by, "GtkImage");
}

static gboolean
has_tooltip (GtkWidget *widget)
{
  const char *tooltip = gtk_widget_get_tooltip_text (widget);

  return tooltip != NULL && *tooltip != '\0';
}

/* Parts of GTK's and libadwaita's own widgets, which name themselves. */
static gboolean
is_internal (GtkWidget *widget)
{
  static const char *owners[] = {
    "GtkSpinButton", "GtkSearchEntry", "GtkEntry", "GtkPasswordEntry", "GtkDropDown",
    "GtkMenuButton", "GtkWindowControls", "AdwViewSwitcher", "AdwViewSwitcherButton",
    "AdwEntryRow", "AdwComboRow", "AdwExpanderRow", "AdwToast", "AdwToastWidget",
    "GtkCalendar", "GtkColumnViewTitle", "GtkPopoverMenu", "AdwSplitButton",
    "AdwTabBar", "GtkExpander",
  };

  /* AdwPreferencesWindow's own search, around the pages. */
  if (gtk_widget_get_ancestor (widget, ADW_TYPE_PREFERENCES_WINDOW) != NULL &&
      gtk_widget_get_ancestor (widget, ADW_TYPE_PREFERENCES_PAGE) == NULL)
    return TRUE;

  for (GtkWidget *parent = gtk_widget_get_parent (widget); parent; parent = gtk_widget_get_parent (parent))
    for (guint i = 0; i < G_N_ELEMENTS (owners); i++)
      if (g_str_equal (G_OBJECT_TYPE_NAME (parent), owners[i]))
        return TRUE;
  return FALSE;
}

static gboolean
is_icon_only (GtkWidget *widget)
{
  GtkWidget *child;

  if (GTK_IS_MENU_BUTTON (widget))
    return gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)) == NULL;
  if (!GTK_IS_BUTTON (widget))
    return FALSE;
  if (gtk_button_get_label (GTK_BUTTON (widget)) != NULL)
    return gtk_button_get_icon_name (GTK_BUTTON (widget)) != NULL;
  child = gtk_button_get_child (GTK_BUTTON (widget));
  return child == NULL || GTK_IS_IMAGE (child);
}

/* Where a widget is: its nearest ancestor of Muster's own. */
static const char *
owner_name (GtkWidget *widget)
{
  for (GtkWidget *parent = widget; parent; parent = gtk_widget_get_parent (parent))
    if (g_str_has_prefix (G_OBJECT_TYPE_NAME (parent), "Muster"))
      return G_OBJECT_TYPE_NAME (parent);
  return "?";
}

/* Adds to @problems what @widget and its descendants lack: a name, a
 * tooltip on an icon, a place in the focus chain. */
static void
check_names (GtkWidget *widget,
             GString   *problems)
{
  const char *type = G_OBJECT_TYPE_NAME (widget);


  if (!is_internal (widget))
    {
      if (is_icon_only (widget) && (!has_tooltip (widget) || !has_accessible_name (widget)))
        g_string_append_printf (problems, "%s: %s (icon %s, tooltip %s)%s%s\n", owner_name (widget), type,
                                GTK_IS_BUTTON (widget) ? gtk_button_get_icon_name (GTK_BUTTON (widget))
                                                       : gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)),
                                gtk_widget_get_tooltip_text (widget),
                                has_tooltip (widget) ? "" : " without a tooltip",
                                has_accessible_name (widget) ? "" : " without an accessible name");
      else if ((GTK_IS_ENTRY (widget) || GTK_IS_SEARCH_ENTRY (widget) || GTK_IS_SPIN_BUTTON (widget) ||
                GTK_IS_DROP_DOWN (widget) || GTK_IS_SWITCH (widget) || GTK_IS_TEXT_VIEW (widget) ||
                GTK_IS_SCALE (widget) || GTK_IS_COLUMN_VIEW (widget) ||
                (GTK_IS_LIST_VIEW (widget) && !GTK_IS_COLUMN_VIEW (gtk_widget_get_parent (widget))) ||
                (GTK_IS_TEXT (widget) && !ADW_IS_ENTRY_ROW (gtk_widget_get_ancestor (widget, ADW_TYPE_ENTRY_ROW)))) &&
               !has_accessible_name (widget))
        {
          const char *tooltip = gtk_widget_get_tooltip_text (widget);

          g_string_append_printf (problems, "%s: %s without an accessible name%s%s\n", owner_name (widget), type,
                                  tooltip ? ", tooltip " : "", tooltip ? tooltip : "");
        }
    }

  /* Tab reaches it. */
  if (!is_internal (widget) &&
      (GTK_IS_BUTTON (widget) || GTK_IS_SWITCH (widget) || GTK_IS_CHECK_BUTTON (widget) || GTK_IS_TEXT (widget)) &&
      (!gtk_widget_get_focusable (widget) || !gtk_widget_get_can_focus (widget)))
    g_string_append_printf (problems, "%s: %s out of the keyboard's reach\n", owner_name (widget), type);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    check_names (child, problems);
}

static void
assert_all_named (GtkWidget  *widget,
                  const char *where)
{
  g_autoptr(GString) problems = g_string_new (NULL);

  check_names (widget, problems);
  if (problems->len > 0)
    g_error ("In %s:\n%s", where, problems->str);
}

/* Runs muster-cli on the fixture's library: the arguments, NULL-ended. */
static void
run_cli (Fixture    *f,
         const char *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  va_list args;
  int status;

  g_ptr_array_add (argv, (gpointer) g_getenv ("MUSTER_CLI"));
  g_ptr_array_add (argv, (gpointer) "--library");
  g_ptr_array_add (argv, f->path);
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                NULL, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("muster-cli %s failed: %s", first, err);
  muster_store_poll_external (f->store);
  muster_gui_spin ();
}

/* Plans "The ford" in the sample, as game 1, with characters 1 and 14. */
static void
plan_a_game (Fixture *f)
{
  g_autofree char *campaign = g_strdup_printf ("%" G_GINT64_FORMAT, f->campaign_id);

  run_cli (f, "new-game", campaign, "The ford", "--date", "1812-06-01", "--with", "1", "--with", "14", NULL);
}

/* Plays and resolves it, so that every page has rows. */
static void
play_a_game (Fixture *f)
{
  plan_a_game (f);
  run_cli (f, "result", "1", "1", "--outcome", "wounded", "--light", "1", "--killed", "14", NULL);
  run_cli (f, "result", "1", "14", "--outcome", "out-of-action", NULL);
  run_cli (f, "finish", "1", "--winner", "British", NULL);
  run_cli (f, "resolve", "1", NULL);
}

/* Shows the page @name, which loads the campaign into it. */
static GtkWidget *
page (Fixture    *f,
      const char *name)
{
  AdwViewStack *stack = ADW_VIEW_STACK (muster_gui_template_child (f->window, MUSTER_TYPE_WINDOW, "view_stack"));

  adw_view_stack_set_visible_child_name (stack, name);
  muster_gui_spin ();
  return muster_window_get_page (f->window, name);
}

static void
test_names_window (void)
{
  Fixture f = { 0 };
  AdwViewStack *stack;
  const char *pages[] = { "roster", "games", "log", "honours", "statistics" };

  if (g_getenv ("MUSTER_CLI") == NULL)
    {
      g_test_skip ("MUSTER_CLI is not set");
      return;
    }

  muster_gui_fixture_open (&f, TRUE);
  play_a_game (&f);
  stack = ADW_VIEW_STACK (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "view_stack"));
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      adw_view_stack_set_visible_child_name (stack, pages[i]);
      muster_gui_spin ();
      assert_all_named (GTK_WIDGET (f.window), pages[i]);
    }
  muster_gui_fixture_close (&f);

  /* And with nothing in it. */
  muster_gui_fixture_open (&f, FALSE);
  assert_all_named (GTK_WIDGET (f.window), "the empty window");
  muster_gui_fixture_close (&f);
}

static void
test_names_dialogs (void)
{
  Fixture f = { 0 };
  MusterGamesPage *games;
  GtkWidget *dialogs[10];
  GtkWidget *history_window;

  if (g_getenv ("MUSTER_CLI") == NULL)
    {
      g_test_skip ("MUSTER_CLI is not set");
      return;
    }

  muster_gui_fixture_open (&f, TRUE);
  games = MUSTER_GAMES_PAGE (page (&f, "games"));
  plan_a_game (&f);
  muster_games_page_select_game (games, 1);

  dialogs[0] = muster_new_campaign_dialog_new (f.window, f.store);
  dialogs[1] = muster_force_dialog_new (GTK_WINDOW (f.window), f.store, f.campaign_id, 0);
  dialogs[2] = muster_campaign_settings_new (f.window, f.store, f.campaign_id);
  dialogs[3] = muster_preferences_window_new (GTK_WINDOW (f.window));
  dialogs[4] = GTK_WIDGET (muster_games_page_open_new_game (games));
  dialogs[5] = GTK_WIDGET (muster_games_page_record_results (games));
  run_cli (&f, "finish", "1", "--winner", "British", NULL);
  dialogs[6] = GTK_WIDGET (muster_games_page_resolve (games));
  /* The character sheet's history, from the log. */
  history_window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (history_window), muster_character_history_new (f.store, 1));
  dialogs[7] = history_window;
  dialogs[8] = muster_recruit_dialog_new (GTK_WINDOW (f.window), f.store, f.campaign_id, 0);
  muster_application_open_character (muster_gui_test_get_app (), 1);
  dialogs[9] = muster_gui_find_toplevel (MUSTER_TYPE_CHARACTER_WINDOW);

  for (guint i = 0; i < G_N_ELEMENTS (dialogs); i++)
    {
      g_assert_nonnull (dialogs[i]);
      gtk_window_present (GTK_WINDOW (dialogs[i]));
      muster_gui_spin ();
      assert_all_named (dialogs[i], G_OBJECT_TYPE_NAME (dialogs[i]));
    }
  muster_gui_fixture_close (&f);
}

/* --- Empty states -------------------------------------------------------- */


/* The status page @stack shows, with a button for @action. */
static void
assert_status (GtkStack   *stack,
               const char *action)
{
  GtkWidget *status = gtk_stack_get_visible_child (stack);
  gboolean found = FALSE;

  g_assert_true (ADW_IS_STATUS_PAGE (status));
  g_assert_nonnull (adw_status_page_get_title (ADW_STATUS_PAGE (status)));
  g_assert_nonnull (adw_status_page_get_description (ADW_STATUS_PAGE (status)));
  if (action == NULL)
    return;
  for (GtkWidget *button = muster_gui_find_widget (status, GTK_TYPE_BUTTON, NULL); button && !found;
       button = gtk_widget_get_next_sibling (button))
    found = GTK_IS_ACTIONABLE (button) &&
            g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), action) == 0;
  g_assert_true (found);
}

static void
test_empty_no_campaign (void)
{
  Fixture f = { 0 };
  GtkStack *main_stack;

  muster_gui_fixture_open (&f, FALSE);
  main_stack = GTK_STACK (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "main_stack"));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (main_stack), ==, "empty");
  assert_status (main_stack, "win.new-campaign");
  g_assert_nonnull (muster_gui_find_widget (gtk_stack_get_visible_child (main_stack), GTK_TYPE_BUTTON, NULL));
  muster_gui_fixture_close (&f);
}

static void
test_empty_campaign (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);
  GtkStack *stack;
  gint64 id;

  muster_gui_fixture_open (&f, TRUE);
  id = muster_store_create_campaign (f.store, "Empty", ruleset, 7, NULL, &error);
  g_assert_no_error (error);
  muster_window_select_campaign (f.window, id);
  muster_gui_wait_for_roster (f.window);

  /* No forces and no characters: add a force. */
  stack = GTK_STACK (muster_gui_template_child (page (&f, "roster"), MUSTER_TYPE_ROSTER_PAGE, "stack"));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");
  assert_status (stack, "win.new-force");

  /* No games: plan one. */
  stack = GTK_STACK (muster_gui_template_child (page (&f, "games"), MUSTER_TYPE_GAMES_PAGE, "stack"));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");
  assert_status (stack, "games.new");

  /* No honours: play a game first. */
  stack = GTK_STACK (muster_gui_template_child (page (&f, "honours"), MUSTER_TYPE_HONOURS_PAGE, "stack"));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");
  assert_status (stack, "win.new-game");

  /* The sample has honours once a game is resolved, not before. */
  muster_window_select_campaign (f.window, f.campaign_id);
  muster_gui_wait_for_roster (f.window);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");

  muster_gui_fixture_close (&f);
}

/* A campaign's log starts with its creation, so the log page is empty
 * only before a campaign is open. */
static void
test_empty_log (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *log = muster_log_page_new (store);
  GtkStack *stack;

  gtk_window_set_child (GTK_WINDOW (window), log);
  muster_log_page_set_campaign (MUSTER_LOG_PAGE (log), 0);
  gtk_window_present (GTK_WINDOW (window));
  muster_gui_spin ();
  stack = GTK_STACK (muster_gui_template_child (log, MUSTER_TYPE_LOG_PAGE, "stack"));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");
  assert_status (stack, "win.new-game");
  gtk_window_destroy (GTK_WINDOW (window));
  muster_gui_spin ();
}

/* --- Shortcuts ----------------------------------------------------------- */

static const struct {
  const char *action;
  const char *accel;
} shortcuts[] = {
  { "win.new-campaign", "<Control>n" },
  { "win.recruit", "<Control>r" },
  { "win.new-game", "<Control>g" },
  { "win.print", "<Control>p" },
  { "win.find", "<Control>f" },
  { "win.close", "<Control>w" },
  { "app.quit", "<Control>q" },
  { "win.show-help-overlay", "<Control>question" },
};

static void
collect_accels (GtkWidget  *widget,
                GHashTable *accels)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *accel = NULL;

      g_object_get (widget, "accelerator", &accel, NULL);
      if (accel != NULL)
        {
          g_auto(GStrv) each = g_strsplit (accel, " ", -1);

          for (guint i = 0; each[i] != NULL; i++)
            g_hash_table_add (accels, g_strdup (each[i]));
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    collect_accels (child, accels);
}

/* Does what pressing @accel in @window does, short of a key event. */
static gboolean
activate_shortcut (GtkWidget  *window,
                   const char *accel)
{
  guint keyval = 0;
  GdkModifierType modifiers = 0;

  return gtk_accelerator_parse (accel, &keyval, &modifiers) &&
         muster_gui_activate_shortcut (window, keyval, modifiers);
}

static void
test_shortcuts (void)
{
  Fixture f = { 0 };
  GtkApplication *app = GTK_APPLICATION (muster_gui_test_get_app ());
  g_autoptr(GHashTable) listed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GtkShortcutsWindow *overlay;

  muster_gui_fixture_open (&f, TRUE);
  /* The shortcuts window is built when it is first asked for, not with
   * the main window. */
  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (f.window)));
  for (guint i = 0; i < G_N_ELEMENTS (shortcuts); i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (app, shortcuts[i].action);
      guint key;
      GdkModifierType mods;

      g_assert_nonnull (accels);
      g_assert_true (gtk_accelerator_parse (shortcuts[i].accel, &key, &mods));
      g_assert_cmpuint (g_strv_length (accels), >=, 1);
      {
        guint got_key;
        GdkModifierType got_mods;

        g_assert_true (gtk_accelerator_parse (accels[0], &got_key, &got_mods));
        g_assert_cmpuint (got_key, ==, key);
        g_assert_cmpuint (got_mods, ==, mods);
      }
    }

  /* Every one of them is in the keyboard shortcuts window, which Ctrl+?
   * builds and shows. */
  g_assert_true (activate_shortcut (GTK_WIDGET (f.window), "<Control>question"));
  muster_gui_spin ();
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (f.window));
  g_assert_nonnull (overlay);
  g_assert_true (overlay == muster_window_get_help_overlay (f.window));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (overlay)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (overlay)) == GTK_WINDOW (f.window));
  gtk_widget_set_visible (GTK_WIDGET (overlay), FALSE);
  collect_accels (GTK_WIDGET (overlay), listed);
  for (guint i = 0; i < G_N_ELEMENTS (shortcuts); i++)
    if (!g_hash_table_contains (listed, shortcuts[i].accel))
      g_error ("The shortcuts window does not list %s", shortcuts[i].accel);

  /* The window's shortcut controllers reach the window's actions: Ctrl+R
   * opens the recruit dialog. */
  {
    guint before = g_list_model_get_n_items (gtk_window_get_toplevels ());

    g_assert_true (activate_shortcut (GTK_WIDGET (f.window), "<Control>r"));
    muster_gui_spin ();
    g_assert_cmpuint (g_list_model_get_n_items (gtk_window_get_toplevels ()), ==, before + 1);
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.show-help-overlay", NULL));
  muster_gui_spin ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (overlay)));

  muster_gui_fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  muster_gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/appearance/names/window", test_names_window);
  g_test_add_func ("/gui/appearance/names/dialogs", test_names_dialogs);
  g_test_add_func ("/gui/appearance/empty/no-campaign", test_empty_no_campaign);
  g_test_add_func ("/gui/appearance/empty/campaign", test_empty_campaign);
  g_test_add_func ("/gui/appearance/empty/log", test_empty_log);
  g_test_add_func ("/gui/appearance/shortcuts", test_shortcuts);

  return muster_gui_test_finish (g_test_run ());
}
