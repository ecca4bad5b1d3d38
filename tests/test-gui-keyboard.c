/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>

#include "muster-campaign.h"
#include "muster-campaign-row.h"
#include "muster-character.h"
#include "muster-game.h"
#include "muster-campaign-settings.h"
#include "muster-character-window.h"
#include "muster-force-dialog.h"
#include "muster-games-page.h"
#include "muster-gui-test-util.h"
#include "muster-new-campaign-dialog.h"
#include "muster-new-game-dialog.h"
#include "muster-print-dialog-private.h"
#include "muster-recruit.h"
#include "muster-recruit-dialog.h"
#include "muster-roster-page.h"
#include "muster-test-util.h"
#include "muster-toasts-private.h"
#include "muster-window.h"

/* What the keyboard reaches and where it lands: the first field of each
 * dialog, the rows' menu by Shift+F10 and the Menu key, the sidebar's
 * focus following the campaign opened; and what Print prints from the
 * header, a row's menu and a sheet; what Escape does to a toast still
 * coming in, which libadwaita 1.2 crashed on. The AT-SPI journeys
 * (tests/journeys) press the keys themselves. */

typedef MusterGuiFixture Fixture;

static MusterRosterPage *
roster (Fixture *f)
{
  return MUSTER_ROSTER_PAGE (muster_window_get_roster_page (f->window));
}

/* The toplevel of @type presented last, once it is shown. */
static GtkWindow *
wait_window (GType type)
{
  muster_gui_wait_until (muster_gui_find_toplevel (type) != NULL);
  return GTK_WINDOW (muster_gui_find_toplevel (type));
}

/* Waits for @window to be drawn, then says whether its focus is in
 * @field, and not on a button of the header (Cancel). */
static void
assert_focus_in (GtkWindow  *window,
                 GtkWidget  *field)
{
  GtkWidget *focus;

  muster_gui_wait_for_frame (GTK_WIDGET (window));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_test_message ("focus on a %s in a %s", G_OBJECT_TYPE_NAME (focus), G_OBJECT_TYPE_NAME (field));
  g_assert_true (focus == field || gtk_widget_is_ancestor (focus, field));
  g_assert_null (gtk_widget_get_ancestor (focus, GTK_TYPE_BUTTON));
}

static void
test_dialogs_focus_first_field (void)
{
  Fixture f = { 0 };
  GtkWindow *dialog;
  GtkWidget *games;
  g_autoptr(GPtrArray) forces = NULL;

  muster_gui_fixture_open (&f, TRUE);

  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.new-campaign", NULL);
  dialog = wait_window (MUSTER_TYPE_NEW_CAMPAIGN_DIALOG);
  assert_focus_in (dialog, GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (dialog), G_OBJECT_TYPE (dialog), "name_row")));
  gtk_window_destroy (dialog);

  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.new-force", NULL);
  dialog = wait_window (MUSTER_TYPE_FORCE_DIALOG);
  assert_focus_in (dialog, GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (dialog), G_OBJECT_TYPE (dialog), "name_row")));
  gtk_window_destroy (dialog);

  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.recruit", NULL);
  dialog = wait_window (MUSTER_TYPE_RECRUIT_DIALOG);
  assert_focus_in (dialog, GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (dialog), G_OBJECT_TYPE (dialog), "force_row")));
  gtk_window_destroy (dialog);

  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.campaign-settings", NULL);
  dialog = wait_window (MUSTER_TYPE_CAMPAIGN_SETTINGS);
  assert_focus_in (dialog, GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (dialog), G_OBJECT_TYPE (dialog), "name_row")));
  gtk_window_destroy (dialog);

  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.print", NULL);
  dialog = wait_window (MUSTER_TYPE_PRINT_DIALOG);
  assert_focus_in (dialog, GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (dialog), MUSTER_TYPE_PRINT_DIALOG, "sheet_row")));
  gtk_window_destroy (dialog);

  /* A game, then its results: the first participant's row has the focus. */
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.new-game", NULL);
  dialog = wait_window (MUSTER_TYPE_NEW_GAME_DIALOG);
  assert_focus_in (dialog, GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (dialog), G_OBJECT_TYPE (dialog), "title_row")));
  gtk_window_destroy (dialog);

  forces = muster_store_list_forces (f.store, f.campaign_id, NULL);
  g_assert_cmpuint (forces->len, ==, 2);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) characters = muster_store_list_characters (f.store, f.campaign_id, 0, &error);
    g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
    gint64 game_id;

    g_assert_no_error (error);
    /* The first character of each force. */
    for (guint i = 0; i < characters->len && ids->len < 2; i++)
      {
        MusterCharacter *c = g_ptr_array_index (characters, i);
        gint64 id = muster_character_get_id (c);

        if (ids->len == 0 || muster_character_get_force_id (c) !=
            muster_character_get_force_id (g_ptr_array_index (characters, 0)))
          g_array_append_val (ids, id);
      }
    game_id = muster_store_create_game (f.store, f.campaign_id, "The Bridge", NULL,
                                        (const gint64 *) (gpointer) ids->data, ids->len, &error);
    g_assert_no_error (error);
    muster_gui_spin ();
    games = muster_window_get_page (f.window, "games");
    muster_games_page_set_campaign (MUSTER_GAMES_PAGE (games), f.campaign_id);
    muster_games_page_select_game (MUSTER_GAMES_PAGE (games), game_id);
    dialog = muster_games_page_record_results (MUSTER_GAMES_PAGE (games));
    g_assert_nonnull (dialog);
    muster_gui_wait_until (gtk_widget_get_mapped (GTK_WIDGET (dialog)));
    {
      GtkWidget *focus;

      muster_gui_wait_for_frame (GTK_WIDGET (dialog));
      focus = gtk_root_get_focus (GTK_ROOT (dialog));
      g_assert_nonnull (focus);
      g_assert_nonnull (gtk_widget_get_ancestor (focus, ADW_TYPE_EXPANDER_ROW));
      g_assert_null (gtk_widget_get_ancestor (focus, GTK_TYPE_BUTTON));
    }
    gtk_window_destroy (dialog);
  }

  muster_gui_fixture_close (&f);
}

/* Selects the rows at @positions (ending with -1) of the roster. */
static void
select_rows (Fixture *f,
             ...)
{
  GtkSelectionModel *selection = gtk_column_view_get_model (muster_roster_page_get_column_view (roster (f)));
  va_list args;
  int position;

  gtk_selection_model_unselect_all (selection);
  va_start (args, f);
  while ((position = va_arg (args, int)) >= 0)
    gtk_selection_model_select_item (selection, (guint) position, FALSE);
  va_end (args);
  muster_gui_spin ();
}

/* The scope the print dialog opened with, and how many it prints. */
static MusterPrintScope
opened_scope (guint *n_characters)
{
  MusterPrintDialog *dialog = MUSTER_PRINT_DIALOG (wait_window (MUSTER_TYPE_PRINT_DIALOG));
  MusterPrintJob *job = muster_print_dialog_get_job (dialog);
  MusterPrintScope scope = muster_print_job_get_scope (job);

  *n_characters = muster_print_job_count_characters (job, scope, NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));
  muster_gui_spin ();
  return scope;
}

static void
test_print_default (void)
{
  Fixture f = { 0 };
  g_autoptr(GArray) ids = NULL;
  guint n;

  muster_gui_fixture_open (&f, TRUE);

  /* One row selected (as the cursor leaves one): the header's Print
   * prints the whole roster. */
  select_rows (&f, 0, -1);
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.print", NULL);
  g_assert_cmpint (opened_scope (&n), ==, MUSTER_PRINT_SCOPE_CAMPAIGN);
  g_assert_cmpuint (n, ==, 24);

  /* Two or more: those. */
  select_rows (&f, 0, 3, -1);
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.print", NULL);
  g_assert_cmpint (opened_scope (&n), ==, MUSTER_PRINT_SCOPE_CHARACTERS);
  g_assert_cmpuint (n, ==, 2);

  /* One character: from his row's menu ... */
  select_rows (&f, 5, -1);
  ids = muster_roster_page_get_selected_ids (roster (&f));
  gtk_widget_activate_action (GTK_WIDGET (roster (&f)), "roster.print", NULL);
  g_assert_cmpint (opened_scope (&n), ==, MUSTER_PRINT_SCOPE_CHARACTERS);
  g_assert_cmpuint (n, ==, 1);

  /* ... or his sheet. */
  muster_application_open_character (muster_gui_test_get_app (), g_array_index (ids, gint64, 0));
  muster_gui_spin ();
  gtk_widget_activate_action (muster_gui_find_toplevel (MUSTER_TYPE_CHARACTER_WINDOW), "sheet.print", NULL);
  g_assert_cmpint (opened_scope (&n), ==, MUSTER_PRINT_SCOPE_CHARACTERS);
  g_assert_cmpuint (n, ==, 1);

  muster_gui_fixture_close (&f);
}

static void
test_context_menu_keys (void)
{
  Fixture f = { 0 };
  GtkWidget *view;
  struct {
    guint           keyval;
    GdkModifierType modifiers;
  } keys[] = {
    { GDK_KEY_F10, GDK_SHIFT_MASK },
    { GDK_KEY_Menu, 0 },
  };

  muster_gui_fixture_open (&f, TRUE);
  view = GTK_WIDGET (muster_roster_page_get_column_view (roster (&f)));
  muster_gui_wait_for_frame (view);
  select_rows (&f, 2, -1);
  gtk_widget_grab_focus (view);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GtkWidget *popover;

      g_assert_true (muster_gui_activate_shortcut (view, keys[i].keyval, keys[i].modifiers));
      /* The page's own menu (its units' list has one of its own). */
      for (popover = gtk_widget_get_first_child (GTK_WIDGET (roster (&f))); popover != NULL;
           popover = gtk_widget_get_next_sibling (popover))
        if (GTK_IS_POPOVER_MENU (popover))
          break;
      g_assert_nonnull (popover);
      muster_gui_wait_until (gtk_widget_get_mapped (popover));
      gtk_popover_popdown (GTK_POPOVER (popover));
      muster_gui_wait_until (!gtk_widget_get_mapped (popover));
    }

  muster_gui_fixture_close (&f);
}

/* The campaign a new one becomes is the row with the focus, and Enter on
 * another row opens that one. */
static void
test_sidebar_focus_follows (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  GtkWidget *list;
  GtkWidget *focus;
  gint64 second;

  muster_gui_fixture_open (&f, TRUE);
  list = GTK_WIDGET (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "campaign_list"));
  muster_gui_wait_for_frame (GTK_WIDGET (f.window));
  second = muster_store_create_sample (f.store, "A Second Campaign", &error);
  g_assert_no_error (error);
  muster_window_select_campaign (f.window, second);
  muster_gui_wait_for_frame (GTK_WIDGET (f.window));

  g_assert_cmpint (muster_window_get_campaign_id (f.window), ==, second);
  focus = gtk_root_get_focus (GTK_ROOT (f.window));
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, list));
  g_assert_true (MUSTER_IS_CAMPAIGN_ROW (gtk_widget_get_first_child (focus)));
  g_assert_cmpint (muster_campaign_row_get_campaign_id (MUSTER_CAMPAIGN_ROW (gtk_widget_get_first_child (focus))),
                   ==, second);

  /* Enter on the other row: the list activates its position. */
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list))), i);

      if (muster_campaign_get_id (MUSTER_CAMPAIGN (item)) == f.campaign_id)
        g_signal_emit_by_name (list, "activate", i);
    }
  g_assert_cmpint (muster_window_get_campaign_id (f.window), ==, f.campaign_id);

  muster_gui_fixture_close (&f);
}

/* A window of its own with a toast overlay over a label, drawn. Its
 * toasts come and go at once, their animations skipped (so that a test
 * never dismisses one during libadwaita 1.2's show animation, the crash
 * itself), and the toasts module takes them to be coming in until the
 * test says they are in (make_in()): what a test checks while a toast
 * comes in does not depend on how quickly the machine got there. */
typedef struct {
  GtkWindow       *window;
  AdwToastOverlay *overlay;
  GtkWidget       *child;
  gboolean         animations;
} ToastStage;

static void
toast_stage_open (ToastStage *stage)
{
  g_object_get (gtk_settings_get_default (), "gtk-enable-animations", &stage->animations, NULL);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  muster_toasts_set_in_usec_for_testing ((gint64) G_USEC_PER_SEC * 3600);

  stage->window = GTK_WINDOW (gtk_window_new ());
  stage->overlay = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  stage->child = gtk_label_new ("Muster");
  adw_toast_overlay_set_child (stage->overlay, stage->child);
  gtk_window_set_child (stage->window, GTK_WIDGET (stage->overlay));
  gtk_window_present (stage->window);
  muster_gui_wait_for_frame (GTK_WIDGET (stage->window));
}

/* Closes the window, if still open, and puts the settings back. */
static void
toast_stage_close (ToastStage *stage)
{
  if (stage->window != NULL)
    gtk_window_destroy (stage->window);
  muster_gui_spin ();
  muster_toasts_set_in_usec_for_testing (MUSTER_TOASTS_IN_USEC);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", stage->animations, NULL);
}

/* No toast shown nor going away: only the overlay's child is left. */
static gboolean
toast_stage_empty (ToastStage *stage)
{
  return gtk_widget_get_last_child (GTK_WIDGET (stage->overlay)) == stage->child;
}

static void
set_true (gboolean *flag)
{
  *flag = TRUE;
}

/* A toast that says in @dismissed when it is, and sets @toast_ptr to
 * NULL when it is finalized. */
static AdwToast *
toast_new (const char  *title,
           gboolean    *dismissed,
           AdwToast   **toast_ptr)
{
  AdwToast *toast = adw_toast_new (title);

  *dismissed = FALSE;
  g_signal_connect_swapped (toast, "dismissed", G_CALLBACK (set_true), dismissed);
  *toast_ptr = toast;
  g_object_add_weak_pointer (G_OBJECT (toast), (gpointer *) toast_ptr);
  return toast;
}

/* The toasts of @overlay are said to be in, as long ago as can be. */
static void
make_in (AdwToastOverlay *overlay)
{
  muster_toasts_set_changed_for_testing (overlay, G_MININT64 / 4);
}

/* Says the toasts of @stage are in, and waits for the toast held back
 * to be dismissed, gone from the overlay and let go. */
static void
wait_gone (ToastStage *stage,
           gboolean   *dismissed,
           AdwToast  **toast)
{
  make_in (stage->overlay);
  muster_gui_wait_until (*dismissed);
  muster_gui_wait_until (toast_stage_empty (stage));
  g_assert_null (*toast);
}

static void
test_toast_escape_coming_in (void)
{
  ToastStage stage;
  AdwToast *toast;
  gboolean dismissed;

  toast_stage_open (&stage);
  muster_toasts_add (stage.overlay, toast_new ("Recruit deleted", &dismissed, &toast));

  /* Escape at once: the overlay's binding would dismiss the toast while
   * it comes in. It is held back, and the toast dismissed once in. */
  g_assert_true (muster_toasts_escape (stage.overlay));
  /* Pressed again meanwhile, it still waits. */
  g_assert_true (muster_toasts_escape (stage.overlay));
  muster_gui_spin ();
  g_assert_false (dismissed);
  wait_gone (&stage, &dismissed, &toast);
  /* With no toast, Escape is the window's. */
  g_assert_false (muster_toasts_escape (stage.overlay));

  toast_stage_close (&stage);
}

static void
test_toast_escape_long_in (void)
{
  ToastStage stage;
  AdwToast *toast;
  gboolean dismissed;

  toast_stage_open (&stage);
  muster_toasts_add (stage.overlay, toast_new ("Recruit deleted", &dismissed, &toast));
  make_in (stage.overlay);

  /* A toast in: Escape goes through to the overlay, which dismisses it. */
  g_assert_false (muster_toasts_escape (stage.overlay));
  g_assert_false (dismissed);
  g_assert_true (muster_gui_activate_shortcut (GTK_WIDGET (stage.overlay), GDK_KEY_Escape, 0));
  g_assert_true (dismissed);
  muster_gui_spin ();
  g_assert_true (toast_stage_empty (&stage));
  g_assert_null (toast);

  toast_stage_close (&stage);
}

static void
test_toast_escape_overlay_gone (void)
{
  ToastStage stage;
  AdwToast *toast;
  gboolean dismissed;

  toast_stage_open (&stage);
  muster_toasts_add (stage.overlay, toast_new ("Recruit deleted", &dismissed, &toast));
  g_assert_true (muster_toasts_escape (stage.overlay));

  /* The window closed before the toast is in: the overlay dismisses its
   * toast as it goes, and the late dismissal lets it go too. */
  gtk_window_destroy (stage.window);
  stage.window = NULL;
  g_assert_true (dismissed);
  g_assert_null (toast);
  toast_stage_close (&stage);
}

static void
test_toast_dismissed_meanwhile (void)
{
  ToastStage stage;
  AdwToast *toast;
  gboolean dismissed;

  toast_stage_open (&stage);
  muster_toasts_add (stage.overlay, toast_new ("Recruit deleted", &dismissed, &toast));
  g_assert_true (muster_toasts_escape (stage.overlay));

  /* Its timeout or its button dismisses it before Escape does: the late
   * dismissal goes with it, not to dismiss it again later. */
  adw_toast_dismiss (toast);
  g_assert_true (dismissed);
  g_assert_true (toast_stage_empty (&stage));
  g_assert_null (toast);

  toast_stage_close (&stage);
}

static void
test_toast_escape_queued (void)
{
  ToastStage stage;
  AdwToast *first, *second;
  gboolean first_dismissed, second_dismissed;

  toast_stage_open (&stage);
  muster_toasts_add (stage.overlay, toast_new ("Game recorded", &first_dismissed, &first));
  muster_toasts_add (stage.overlay, toast_new ("Honours awarded", &second_dismissed, &second));

  /* The first is shown, the second queued: Escape is for the first. */
  g_assert_true (muster_toasts_escape (stage.overlay));
  make_in (stage.overlay);
  muster_gui_wait_until (first_dismissed);
  g_assert_false (second_dismissed);

  /* The second comes in in its place: Escape waits for it too. */
  g_assert_true (muster_toasts_escape (stage.overlay));
  muster_gui_spin ();
  g_assert_false (second_dismissed);
  make_in (stage.overlay);
  muster_gui_wait_until (second_dismissed);
  muster_gui_wait_until (toast_stage_empty (&stage));
  g_assert_null (first);
  g_assert_null (second);

  toast_stage_close (&stage);
}

static void
test_toast_dismiss_late_or_now (void)
{
  ToastStage stage;
  AdwToast *toast;
  gboolean dismissed;

  toast_stage_open (&stage);
  muster_toasts_add (stage.overlay, toast_new ("Recruit deleted", &dismissed, &toast));
  /* Coming in: dismissed once in. */
  muster_toasts_dismiss (stage.overlay, toast);
  muster_gui_spin ();
  g_assert_false (dismissed);
  wait_gone (&stage, &dismissed, &toast);

  /* In: dismissed at once. */
  muster_toasts_add (stage.overlay, toast_new ("Recruit deleted", &dismissed, &toast));
  make_in (stage.overlay);
  muster_toasts_dismiss (stage.overlay, toast);
  g_assert_true (dismissed);
  g_assert_true (toast_stage_empty (&stage));
  g_assert_null (toast);

  toast_stage_close (&stage);
}

/* The button in @widget with an action (@with_action) or without one
 * (the close button of a toast), or NULL. */
static GtkWidget *
find_button (GtkWidget *widget,
             gboolean   with_action)
{
  if (GTK_IS_BUTTON (widget) && gtk_widget_get_visible (widget) &&
      (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)) != NULL) == with_action)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, with_action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
count_activation (GSimpleAction *action,
                  GVariant      *parameter,
                  guint         *count)
{
  (*count)++;
}

static void
count_call (guint *count)
{
  (*count)++;
}

/* A press on a toast coming in: its button runs its action and the toast
 * goes once in; its close button dismisses it once in; a press elsewhere
 * on it does nothing; a press beside it, or on a toast in, is the
 * widgets'. libadwaita 1.2 would dismiss it at once, which is its crash. */
static void
test_toast_press_coming_in (void)
{
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr(GSimpleAction) act = g_simple_action_new ("undo", NULL);
  ToastStage stage;
  AdwToast *toast;
  GtkWidget *shown, *button;
  gboolean dismissed;
  guint activated = 0, clicked = 0;

  toast_stage_open (&stage);
  g_signal_connect (act, "activate", G_CALLBACK (count_activation), &activated);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (act));
  gtk_widget_insert_action_group (GTK_WIDGET (stage.window), "test", G_ACTION_GROUP (group));

  /* Its button. */
  toast = toast_new ("Recruit deleted", &dismissed, &toast);
  adw_toast_set_button_label (toast, "_Undo");
  adw_toast_set_action_name (toast, "test.undo");
  g_signal_connect_swapped (toast, "button-clicked", G_CALLBACK (count_call), &clicked);
  muster_toasts_add (stage.overlay, toast);
  shown = gtk_widget_get_last_child (GTK_WIDGET (stage.overlay));
  button = find_button (shown, TRUE);
  g_assert_nonnull (button);
  g_assert_false (muster_toasts_press (stage.overlay, stage.child));
  g_assert_true (muster_toasts_press (stage.overlay, gtk_widget_get_first_child (button)));
  g_assert_cmpuint (activated, ==, 1);
  g_assert_cmpuint (clicked, ==, 1);
  muster_gui_spin ();
  g_assert_false (dismissed);
  wait_gone (&stage, &dismissed, &toast);

  /* Its close button. */
  muster_toasts_add (stage.overlay, toast_new ("Recruit deleted", &dismissed, &toast));
  shown = gtk_widget_get_last_child (GTK_WIDGET (stage.overlay));
  button = find_button (shown, FALSE);
  g_assert_nonnull (button);
  g_assert_true (muster_toasts_press (stage.overlay, button));
  muster_gui_spin ();
  g_assert_false (dismissed);
  wait_gone (&stage, &dismissed, &toast);

  /* Its title: nothing; and once in, the press is the toast's. */
  muster_toasts_add (stage.overlay, toast_new ("Recruit deleted", &dismissed, &toast));
  shown = gtk_widget_get_last_child (GTK_WIDGET (stage.overlay));
  g_assert_true (muster_toasts_press (stage.overlay, shown));
  make_in (stage.overlay);
  g_assert_false (muster_toasts_press (stage.overlay, find_button (shown, FALSE)));
  muster_gui_spin ();
  g_assert_false (dismissed);
  g_assert_cmpuint (activated, ==, 1);

  toast_stage_close (&stage);
  g_assert_null (toast);
}

/* The mnemonic key of the button of the toast @overlay shows (0: none),
 * which Alt and the key would press; G_MAXUINT with no such button. */
static GtkWidget *
labelled_button (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) != NULL)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = labelled_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The label of the button of the toast @overlay shows, or NULL. */
static const char *
shown_label (AdwToastOverlay *overlay)
{
  GtkWidget *button = labelled_button (gtk_widget_get_last_child (GTK_WIDGET (overlay)));

  return button != NULL ? gtk_button_get_label (GTK_BUTTON (button)) : NULL;
}

static guint
shown_mnemonic (AdwToastOverlay *overlay)
{
  GtkWidget *button = labelled_button (gtk_widget_get_last_child (GTK_WIDGET (overlay)));
  GtkWidget *label = button != NULL ? gtk_widget_get_first_child (button) : NULL;
  guint keyval;

  if (!GTK_IS_LABEL (label))
    return G_MAXUINT;
  /* GtkLabel says "none" either way, and the key in capitals. */
  keyval = gtk_label_get_mnemonic_keyval (GTK_LABEL (label));
  return keyval == GDK_KEY_VoidSymbol ? 0 : gdk_keyval_to_lower (keyval);
}

/* The mnemonic of a toast's button (Alt+U for "_Undo") would press the
 * button while the toast comes in, which libadwaita 1.2 answers by
 * dismissing it, its crash: the button has no mnemonic until the toast
 * is shown and in, and has it back when the toast goes. */
static void
test_toast_mnemonic_coming_in (void)
{
  ToastStage stage;
  AdwToast *first, *second;
  gboolean first_dismissed, second_dismissed;

  toast_stage_open (&stage);
  first = toast_new ("Recruit deleted", &first_dismissed, &first);
  adw_toast_set_button_label (first, "_Undo");
  g_object_ref (first);
  muster_toasts_add (stage.overlay, first);
  g_assert_cmpuint (shown_mnemonic (stage.overlay), ==, 0);
  g_assert_cmpstr (shown_label (stage.overlay), ==, "Undo");

  /* Queued behind it, a second toast waits for its own turn. */
  second = toast_new ("Printed", &second_dismissed, &second);
  adw_toast_set_button_label (second, "_Open");
  g_object_ref (second);
  muster_toasts_add (stage.overlay, second);
  g_assert_cmpstr (adw_toast_get_button_label (second), ==, "Open");

  make_in (stage.overlay);
  muster_gui_wait_until (shown_mnemonic (stage.overlay) == GDK_KEY_u);
  g_assert_cmpstr (adw_toast_get_button_label (first), ==, "_Undo");
  g_assert_cmpstr (adw_toast_get_button_label (second), ==, "Open");

  /* The first goes: the second comes in, its mnemonic held, then in. */
  adw_toast_dismiss (first);
  muster_gui_wait_until (g_strcmp0 (shown_label (stage.overlay), "Open") == 0);
  g_assert_cmpuint (shown_mnemonic (stage.overlay), ==, 0);
  make_in (stage.overlay);
  muster_gui_wait_until (shown_mnemonic (stage.overlay) == GDK_KEY_o);

  /* Dismissed while it comes in, a toast has its label back: added
   * again, it is held again. */
  adw_toast_dismiss (second);
  muster_gui_wait_until (toast_stage_empty (&stage));
  muster_toasts_add (stage.overlay, g_object_ref (first));
  g_assert_cmpuint (shown_mnemonic (stage.overlay), ==, 0);
  muster_toasts_dismiss (stage.overlay, first);
  g_assert_cmpstr (adw_toast_get_button_label (first), ==, "Undo");
  make_in (stage.overlay);
  muster_gui_wait_until (toast_stage_empty (&stage));
  g_assert_cmpstr (adw_toast_get_button_label (first), ==, "_Undo");
  g_assert_cmpstr (adw_toast_get_button_label (second), ==, "_Open");

  g_object_unref (first);
  g_object_unref (second);
  toast_stage_close (&stage);
  g_assert_null (first);
  g_assert_null (second);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  muster_gui_test_init (&argc, &argv);
  g_test_add_func ("/gui/keyboard/dialogs-focus-first-field", test_dialogs_focus_first_field);
  g_test_add_func ("/gui/keyboard/context-menu", test_context_menu_keys);
  g_test_add_func ("/gui/keyboard/sidebar-focus", test_sidebar_focus_follows);
  g_test_add_func ("/gui/keyboard/print-default", test_print_default);
  g_test_add_func ("/gui/keyboard/toast-escape-coming-in", test_toast_escape_coming_in);
  g_test_add_func ("/gui/keyboard/toast-escape-long-in", test_toast_escape_long_in);
  g_test_add_func ("/gui/keyboard/toast-escape-overlay-gone", test_toast_escape_overlay_gone);
  g_test_add_func ("/gui/keyboard/toast-dismissed-meanwhile", test_toast_dismissed_meanwhile);
  g_test_add_func ("/gui/keyboard/toast-escape-queued", test_toast_escape_queued);
  g_test_add_func ("/gui/keyboard/toast-dismiss-late-or-now", test_toast_dismiss_late_or_now);
  g_test_add_func ("/gui/keyboard/toast-press-coming-in", test_toast_press_coming_in);
  g_test_add_func ("/gui/keyboard/toast-mnemonic-coming-in", test_toast_mnemonic_coming_in);
  status = g_test_run ();
  return muster_gui_test_finish (status);
}
