/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <grp.h>
#include <string.h>
#include <unistd.h>

#include <adwaita.h>
#include <glib/gstdio.h>
#include "muster-application.h"
#include "muster-campaign-settings.h"
#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-character-window.h"
#include "muster-game.h"
#include "muster-games-page.h"
#include "muster-force-dialog.h"
#include "muster-force.h"
#include "muster-gui-test-util.h"
#include "muster-log-item.h"
#include "muster-log-page.h"
#include "muster-new-campaign-dialog.h"
#include "muster-new-game-dialog.h"
#include "muster-recruit.h"
#include "muster-roster-page.h"
#include "muster-sheet-window.h"
#include "muster-test-util.h"
#include "muster-window.h"

/* The main window on a test library: campaigns in the sidebar, the last
 * one opened again, changes from elsewhere, the campaign and force
 * dialogs and the window's actions. */

typedef MusterGuiFixture Fixture;

static MusterRosterPage *
roster (Fixture *f)
{
  return MUSTER_ROSTER_PAGE (muster_window_get_roster_page (f->window));
}

static guint
count_characters (MusterStore *store,
                  gint64       campaign_id)
{
  g_autoptr(GPtrArray) characters = muster_store_list_characters (store, campaign_id, 0, NULL);

  return characters ? characters->len : 0;
}

static guint
count_games (MusterStore *store,
             gint64       campaign_id)
{
  g_autoptr(GPtrArray) games = muster_store_list_games (store, campaign_id, NULL);

  return games ? games->len : 0;
}

/* --- The window -------------------------------------------------------- */

static void
test_window_open (void)
{
  Fixture f = { 0 };
  GtkStack *main_stack;
  AdwViewStack *view_stack;

  muster_gui_fixture_open (&f, TRUE);

  g_assert_cmpint (muster_window_get_campaign_id (f.window), ==, f.campaign_id);
  main_stack = GTK_STACK (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "main_stack"));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (main_stack), ==, "campaign");
  view_stack = ADW_VIEW_STACK (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "view_stack"));
  g_assert_nonnull (adw_view_stack_get_child_by_name (view_stack, "roster"));
  g_assert_nonnull (adw_view_stack_get_child_by_name (view_stack, "games"));
  g_assert_nonnull (adw_view_stack_get_child_by_name (view_stack, "log"));
  g_assert_nonnull (adw_view_stack_get_child_by_name (view_stack, "honours"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f.window)));

  muster_gui_fixture_close (&f);
}

static void
test_window_empty (void)
{
  Fixture f = { 0 };
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  GtkStack *main_stack;
  AdwStatusPage *status;
  gint64 id;

  g_settings_set_int64 (settings, "last-campaign", 0);
  muster_gui_fixture_open (&f, FALSE);
  muster_gui_wait_for_frame (GTK_WIDGET (f.window));

  main_stack = GTK_STACK (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "main_stack"));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (main_stack), ==, "empty");
  g_assert_cmpint (muster_window_get_campaign_id (f.window), ==, 0);
  /* The empty state offers the sample itself: no dialog asks again, and
   * its icon is Muster's own roll, which the theme finds. */
  g_assert_null (muster_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  status = ADW_STATUS_PAGE (gtk_stack_get_visible_child (main_stack));
  g_assert_cmpstr (adw_status_page_get_icon_name (status), ==, APPLICATION_ID "-symbolic");
  g_assert_true (gtk_icon_theme_has_icon (gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (f.window))),
                                          APPLICATION_ID "-symbolic"));
  /* No pages to switch between, nothing to print. */
  g_assert_false (adw_view_switcher_title_get_view_switcher_enabled (
    ADW_VIEW_SWITCHER_TITLE (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "switcher_title"))));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "print_button"))));

  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.create-sample", NULL);
  muster_gui_spin ();
  id = muster_window_get_campaign_id (f.window);
  g_assert_cmpint (id, >, 0);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (main_stack), ==, "campaign");
  g_assert_cmpuint (count_characters (f.store, id), ==, 24);
  g_assert_true (adw_view_switcher_title_get_view_switcher_enabled (
    ADW_VIEW_SWITCHER_TITLE (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "switcher_title"))));
  g_assert_null (muster_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));

  muster_gui_fixture_close (&f);
}

static void
test_window_last_campaign (void)
{
  Fixture f = { 0 };
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr(GError) error = NULL;
  gint64 second;

  muster_gui_fixture_open (&f, TRUE);
  second = muster_store_create_sample (f.store, "Second", &error);
  g_assert_no_error (error);
  muster_gui_spin ();

  muster_window_select_campaign (f.window, second);
  muster_gui_wait_for_roster (f.window);
  g_assert_cmpint (muster_window_get_campaign_id (f.window), ==, second);
  g_assert_cmpint (g_settings_get_int64 (settings, "last-campaign"), ==, second);

  /* A new window opens on it again. */
  gtk_window_destroy (GTK_WINDOW (f.window));
  f.window = muster_window_new (muster_gui_test_get_app ());
  muster_gui_spin ();
  g_assert_cmpint (muster_window_get_campaign_id (f.window), ==, second);

  muster_gui_fixture_close (&f);
}

/* Only the Roster is built when the window opens: the other pages are
 * built the first time they are shown, in their place among the view
 * stack's pages, and show the open campaign then; Ctrl+G builds the
 * Games page it opens on. */
static void
test_window_pages_built_when_shown (void)
{
  static const struct {
    const char *name;
    const char *title;
  } pages[] = {
    { "games", "Games" },
    { "log", "Log" },
    { "honours", "Honours" },
    { "statistics", "Statistics" },
  };
  Fixture f = { 0 };
  g_autoptr(GPtrArray) log = NULL;
  AdwViewStack *stack;
  GtkWidget *page;

  muster_gui_fixture_open (&f, TRUE);
  muster_gui_wait_for_frame (GTK_WIDGET (f.window));
  stack = ADW_VIEW_STACK (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "view_stack"));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "roster");
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      GtkWidget *slot = adw_view_stack_get_child_by_name (stack, pages[i].name);
      AdwViewStackPage *stack_page = adw_view_stack_get_page (stack, slot);

      g_assert_nonnull (slot);
      g_assert_null (adw_bin_get_child (ADW_BIN (slot)));
      /* The switcher offers it all the same. */
      g_assert_cmpstr (adw_view_stack_page_get_title (stack_page), ==, pages[i].title);
      g_assert_nonnull (adw_view_stack_page_get_icon_name (stack_page));
    }
  g_assert_null (muster_gui_find_widget (GTK_WIDGET (f.window), MUSTER_TYPE_GAMES_PAGE, NULL));
  g_assert_null (muster_gui_find_widget (GTK_WIDGET (f.window), MUSTER_TYPE_LOG_PAGE, NULL));

  adw_view_stack_set_visible_child_name (stack, "log");
  muster_gui_wait_for_frame (GTK_WIDGET (f.window));
  page = muster_gui_find_widget (GTK_WIDGET (f.window), MUSTER_TYPE_LOG_PAGE, NULL);
  g_assert_nonnull (page);
  g_assert_true (page == muster_window_get_page (f.window, "log"));
  g_assert_true (adw_bin_get_child (ADW_BIN (adw_view_stack_get_child_by_name (stack, "log"))) == page);
  g_assert_true (gtk_widget_get_mapped (page));
  log = muster_store_list_log (f.store, f.campaign_id, 0, 0, NULL);
  g_assert_cmpuint (log->len, >, 0);
  g_assert_cmpuint (g_list_model_get_n_items (muster_log_page_get_model (MUSTER_LOG_PAGE (page))), ==, log->len);
  /* The others are still to be built. */
  g_assert_null (muster_gui_find_widget (GTK_WIDGET (f.window), MUSTER_TYPE_GAMES_PAGE, NULL));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.new-game", NULL));
  muster_gui_wait_until (muster_gui_find_toplevel (MUSTER_TYPE_NEW_GAME_DIALOG) != NULL);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "games");
  page = muster_gui_find_widget (GTK_WIDGET (f.window), MUSTER_TYPE_GAMES_PAGE, NULL);
  g_assert_nonnull (page);
  g_assert_true (page == muster_window_get_page (f.window, "games"));
  g_assert_cmpuint (g_list_model_get_n_items (muster_games_page_get_model (MUSTER_GAMES_PAGE (page))), ==,
                    count_games (f.store, f.campaign_id));

  muster_gui_fixture_close (&f);
}

/* The Log page shows the open campaign whether it was open or hidden when
 * the campaign changed. */
static void
test_window_pages_follow (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) log_a = NULL;
  g_autoptr(GPtrArray) log_b = NULL;
  AdwViewStack *stack;
  GListModel *log;
  gint64 b;

  muster_gui_fixture_open (&f, TRUE);
  b = muster_store_create_sample (f.store, "Second", &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_store_create_force (f.store, b, "Brunswick Oels", NULL, &error), >, 0);
  g_assert_no_error (error);
  log_a = muster_store_list_log (f.store, f.campaign_id, 0, 0, NULL);
  log_b = muster_store_list_log (f.store, b, 0, 0, NULL);
  g_assert_cmpuint (log_a->len, !=, log_b->len);
  muster_window_select_campaign (f.window, f.campaign_id);
  muster_gui_wait_for_roster (f.window);

  stack = ADW_VIEW_STACK (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "view_stack"));
  log = muster_log_page_get_model (MUSTER_LOG_PAGE (muster_window_get_page (f.window, "log")));
  adw_view_stack_set_visible_child_name (stack, "log");
  muster_gui_spin ();
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, log_a->len);

  muster_window_select_campaign (f.window, b);
  muster_gui_wait_for_roster (f.window);
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, log_b->len);

  /* Changed while the Roster was showing. */
  adw_view_stack_set_visible_child_name (stack, "roster");
  muster_window_select_campaign (f.window, f.campaign_id);
  muster_gui_wait_for_roster (f.window);
  adw_view_stack_set_visible_child_name (stack, "log");
  muster_gui_spin ();
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, log_a->len);

  muster_gui_fixture_close (&f);
}

/* The Log page reads the campaign's log again after a change, keeping the
 * entries it had (their very objects), and shows one character's entries
 * from those it has. */
static void
test_log_keeps_entries (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) characters = NULL;
  AdwViewStack *stack;
  MusterLogPage *page;
  GListModel *log;
  gint64 who;
  guint n;

  muster_gui_fixture_open (&f, TRUE);
  stack = ADW_VIEW_STACK (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "view_stack"));
  adw_view_stack_set_visible_child_name (stack, "log");
  muster_gui_spin ();
  page = MUSTER_LOG_PAGE (muster_window_get_page (f.window, "log"));
  log = muster_log_page_get_model (page);
  n = g_list_model_get_n_items (log);
  g_assert_cmpuint (n, >, 1);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (before, g_list_model_get_item (log, i));

  g_assert_cmpint (muster_store_create_force (f.store, f.campaign_id, "Brunswick Oels", NULL, &error), >, 0);
  g_assert_no_error (error);
  muster_gui_spin ();
  /* Newest first: the new entry on top, the others the same objects. */
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n + 1);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (log, i + 1);

      g_assert_true (item == g_ptr_array_index (before, i));
    }

  characters = muster_store_list_characters (f.store, f.campaign_id, 0, &error);
  g_assert_no_error (error);
  who = muster_character_get_id (g_ptr_array_index (characters, 0));
  g_assert_true (muster_log_page_set_filter (page, 0, who));
  g_assert_cmpuint (g_list_model_get_n_items (log), >, 0);
  g_assert_cmpuint (g_list_model_get_n_items (log), <, n);
  for (guint i = 0; i < g_list_model_get_n_items (log); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (log, i);

      g_assert_true (g_ptr_array_find (before, item, NULL));
      g_assert_cmpint (muster_log_item_get_entry (MUSTER_LOG_ITEM (item))->character_id, ==, who);
    }
  g_assert_true (muster_log_page_set_filter (page, 0, 0));
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n + 1);

  muster_gui_fixture_close (&f);
}

static void
test_window_external_campaign (void)
{
  Fixture f = { 0 };
  g_autoptr(MusterStore) other = NULL;
  g_autoptr(GError) error = NULL;
  GtkListView *list;
  gint64 id;

  muster_gui_fixture_open (&f, TRUE);
  list = GTK_LIST_VIEW (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "campaign_list"));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (list))), ==, 1);

  other = muster_store_open (f.path, &error);
  g_assert_no_error (error);
  id = muster_store_create_sample (other, "From elsewhere", &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);

  g_assert_true (muster_store_poll_external (f.store));
  muster_gui_spin ();
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (list))), ==, 2);
  /* The open campaign stays open. */
  g_assert_cmpint (muster_window_get_campaign_id (f.window), ==, f.campaign_id);

  muster_gui_fixture_close (&f);
}

/* --- Campaigns and forces ---------------------------------------------- */

static void
test_campaign_new (void)
{
  Fixture f = { 0 };
  g_autoptr(MusterCampaign) campaign = NULL;
  GtkWidget *dialog;
  AdwPreferencesGroup *options;
  gint64 id;

  muster_gui_fixture_open (&f, TRUE);
  dialog = muster_new_campaign_dialog_new (f.window, f.store);
  g_object_ref_sink (dialog);

  /* The ruleset's options are offered: Sharpe's Skirmish's death roll. */
  options = ADW_PREFERENCES_GROUP (muster_gui_template_child (dialog, MUSTER_TYPE_NEW_CAMPAIGN_DIALOG, "options_group"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (options)));

  gtk_editable_set_text (GTK_EDITABLE (muster_gui_template_child (dialog, MUSTER_TYPE_NEW_CAMPAIGN_DIALOG, "name_row")), "Busaco");
  gtk_editable_set_text (GTK_EDITABLE (muster_gui_template_child (dialog, MUSTER_TYPE_NEW_CAMPAIGN_DIALOG, "seed_row")), "12x");
  gtk_widget_activate_action (dialog, "dialog.save", NULL);
  muster_gui_spin ();
  /* A seed that is not a number creates nothing. */
  g_assert_cmpint (muster_window_get_campaign_id (f.window), ==, f.campaign_id);
  {
    g_autoptr(GPtrArray) campaigns = muster_store_list_campaigns (f.store, NULL);

    g_assert_cmpuint (campaigns->len, ==, 1);
  }
  gtk_editable_set_text (GTK_EDITABLE (muster_gui_template_child (dialog, MUSTER_TYPE_NEW_CAMPAIGN_DIALOG, "seed_row")), "1234");
  gtk_widget_activate_action (dialog, "dialog.save", NULL);
  muster_gui_spin ();

  id = muster_window_get_campaign_id (f.window);
  g_assert_cmpint (id, !=, f.campaign_id);
  campaign = muster_store_get_campaign (f.store, id, NULL);
  g_assert_cmpstr (muster_campaign_get_name (campaign), ==, "Busaco");
  g_assert_cmpstr (muster_campaign_get_ruleset_id (campaign), ==, "sharpes-skirmish");
  g_assert_cmpuint (muster_campaign_get_seed (campaign), ==, 1234);
  g_assert_nonnull (muster_campaign_get_option (campaign, "death-roll"));

  g_object_unref (dialog);
  muster_gui_fixture_close (&f);
}

/* As a click on the dialog's button: the response, then the dialog goes. */
static void
respond (AdwMessageDialog *dialog,
         const char       *response)
{
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
  muster_gui_spin ();
}

static void
test_campaign_rename_delete (void)
{
  Fixture f = { 0 };
  g_autoptr(MusterCampaign) renamed = NULL;
  g_autoptr(GPtrArray) campaigns = NULL;
  g_autoptr(GError) error = NULL;
  AdwMessageDialog *dialog;
  GtkWidget *entry, *row;
  gint64 second;

  muster_gui_fixture_open (&f, TRUE);
  second = muster_store_create_sample (f.store, "Second", &error);
  g_assert_no_error (error);
  muster_window_select_campaign (f.window, f.campaign_id);
  muster_gui_wait_for_roster (f.window);

  /* Rename: a message dialog with the name in an entry. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.rename-campaign", NULL));
  muster_gui_spin ();
  dialog = ADW_MESSAGE_DIALOG (muster_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (dialog);
  entry = adw_message_dialog_get_extra_child (dialog);
  g_assert_true (GTK_IS_EDITABLE (entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), "Fuentes de Oñoro");
  respond (dialog, "rename");
  renamed = muster_store_get_campaign (f.store, f.campaign_id, NULL);
  g_assert_cmpstr (muster_campaign_get_name (renamed), ==, "Fuentes de Oñoro");
  /* The sidebar and the title follow. */
  row = muster_gui_find_widget (GTK_WIDGET (f.window), GTK_TYPE_LABEL, "Fuentes de Oñoro");
  g_assert_nonnull (row);
  g_assert_cmpint (muster_window_get_campaign_id (f.window), ==, f.campaign_id);

  /* The confirmation says how much goes; cancelling keeps the campaign. */
  {
    g_autoptr(GPtrArray) characters = muster_store_list_characters (f.store, f.campaign_id, 0, &error);
    g_autofree char *body = NULL;
    gint64 ids[2] = {
      muster_character_get_id (g_ptr_array_index (characters, 0)),
      muster_character_get_id (g_ptr_array_index (characters, characters->len - 1)),
    };

    g_assert_cmpint (muster_store_create_game (f.store, f.campaign_id, "The ford", NULL, ids, 2, &error), >, 0);
    g_assert_no_error (error);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.delete-campaign", NULL));
    muster_gui_spin ();
    dialog = ADW_MESSAGE_DIALOG (muster_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
    g_assert_nonnull (dialog);
    g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Delete “Fuentes de Oñoro”?");
    body = g_strdup_printf ("%u characters will be deleted. 1 game will be deleted, with its results, rolls "
                            "and log. So will its forces. This cannot be undone.", characters->len);
    g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==, body);
  }
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "cancel");
  respond (dialog, "cancel");
  g_assert_nonnull (muster_store_get_campaign (f.store, f.campaign_id, NULL));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.delete-campaign", NULL));
  muster_gui_spin ();
  dialog = ADW_MESSAGE_DIALOG (muster_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  respond (dialog, "delete");
  g_assert_null (muster_store_get_campaign (f.store, f.campaign_id, NULL));
  campaigns = muster_store_list_campaigns (f.store, NULL);
  g_assert_cmpuint (campaigns->len, ==, 1);
  /* The window goes on to the campaign that is left. */
  g_assert_cmpint (muster_window_get_campaign_id (f.window), ==, second);

  /* Deleting the last one leaves the empty state. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.delete-campaign", NULL));
  muster_gui_spin ();
  respond (ADW_MESSAGE_DIALOG (muster_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)), "delete");
  g_assert_cmpint (muster_window_get_campaign_id (f.window), ==, 0);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "main_stack"))),
                   ==, "empty");
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.delete-campaign", NULL);
  muster_gui_spin ();
  g_assert_null (muster_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));

  muster_gui_fixture_close (&f);
}

static void
test_force_new_rename_delete (void)
{
  Fixture f = { 0 };
  g_autoptr(MusterForce) force = NULL;
  g_autoptr(MusterForce) renamed = NULL;
  g_autoptr(MusterForce) restored = NULL;
  g_autoptr(GPtrArray) forces = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  GtkWidget *dialog, *settings;
  gint64 victim = 0;

  muster_gui_fixture_open (&f, TRUE);

  dialog = muster_force_dialog_new (GTK_WINDOW (f.window), f.store, f.campaign_id, 0);
  gtk_editable_set_text (GTK_EDITABLE (muster_gui_template_child (dialog, MUSTER_TYPE_FORCE_DIALOG, "name_row")), "Brunswick Oels");
  gtk_widget_activate_action (dialog, "dialog.save", NULL);
  muster_gui_spin ();
  force = muster_store_find_force (f.store, f.campaign_id, "Brunswick Oels", NULL);
  g_assert_nonnull (force);
  /* Blank: its own side. */
  g_assert_null (muster_force_get_side (force));

  dialog = muster_force_dialog_new (GTK_WINDOW (f.window), f.store, f.campaign_id, muster_force_get_id (force));
  gtk_editable_set_text (GTK_EDITABLE (muster_gui_template_child (dialog, MUSTER_TYPE_FORCE_DIALOG, "side_row")), "British");
  gtk_widget_activate_action (dialog, "dialog.save", NULL);
  muster_gui_spin ();
  renamed = muster_store_get_force (f.store, muster_force_get_id (force), NULL);
  g_assert_cmpstr (muster_force_get_side (renamed), ==, "British");

  /* Deleting a force with its characters, then Undo. */
  forces = muster_store_list_forces (f.store, f.campaign_id, NULL);
  for (guint i = 0; i < forces->len && victim == 0; i++)
    if (muster_force_get_n_characters (g_ptr_array_index (forces, i)) > 0)
      victim = muster_force_get_id (g_ptr_array_index (forces, i));
  g_assert_cmpint (victim, >, 0);
  before = muster_store_dump (f.store);
  settings = muster_campaign_settings_new (f.window, f.store, f.campaign_id);
  g_object_ref_sink (settings);
  muster_campaign_settings_delete_force (MUSTER_CAMPAIGN_SETTINGS (settings), victim);
  muster_gui_spin ();
  g_assert_null (muster_store_get_force (f.store, victim, NULL));
  g_assert_cmpuint (count_characters (f.store, f.campaign_id), <, 24);

  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL);
  muster_gui_spin ();
  restored = muster_store_get_force (f.store, victim, NULL);
  g_assert_nonnull (restored);
  g_assert_cmpuint (count_characters (f.store, f.campaign_id), ==, 24);
  after = muster_store_dump (f.store);
  g_assert_cmpstr (before, ==, after);

  gtk_window_destroy (GTK_WINDOW (settings));
  g_object_unref (settings);
  muster_gui_fixture_close (&f);
}

/* The campaign settings list the rules' house readings, the games-missed
 * countdown of Sharpe's Skirmish among them, and mark a chosen option
 * that is one. */
static void
test_campaign_settings_readings (void)
{
  Fixture f = { 0 };
  GtkWidget *settings;
  GtkWidget *group, *row;

  muster_gui_fixture_open (&f, TRUE);
  settings = muster_campaign_settings_new (f.window, f.store, f.campaign_id);
  g_object_ref_sink (settings);
  gtk_window_present (GTK_WINDOW (settings));
  muster_gui_spin ();

  group = GTK_WIDGET (muster_gui_template_child (settings, MUSTER_TYPE_CAMPAIGN_SETTINGS, "readings_group"));
  g_assert_true (gtk_widget_get_visible (group));
  row = muster_gui_find_widget (group, ADW_TYPE_ACTION_ROW, "Out of action for D6 games");
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   "The text: D6 games in the series. Muster: every game the campaign plays counts, "
                   "whether or not his force fights in it.");
  g_assert_nonnull (muster_gui_find_widget (group, ADW_TYPE_ACTION_ROW, "Points lost to wounds"));

  group = GTK_WIDGET (muster_gui_template_child (settings, MUSTER_TYPE_CAMPAIGN_SETTINGS, "options_group"));
  row = muster_gui_find_widget (group, ADW_TYPE_ACTION_ROW, "Points lost to wounds");
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Back for the next game (house reading)");
  row = muster_gui_find_widget (group, ADW_TYPE_ACTION_ROW, "Campaign death roll");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Dies only on a 6");

  gtk_window_destroy (GTK_WINDOW (settings));
  g_object_unref (settings);
  muster_gui_fixture_close (&f);
}

static void
test_actions_enabled (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);
  gint64 id;

  muster_gui_fixture_open (&f, TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.find", NULL));
  muster_gui_spin ();
  /* win.find puts the focus in the search entry (in its text). */
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f.window));
    GtkWidget *entry = GTK_WIDGET (muster_roster_page_get_search_entry (roster (&f)));

    g_assert_nonnull (focus);
    g_assert_true (focus == entry || gtk_widget_is_ancestor (focus, entry));
  }

  /* Ctrl+R opens the recruit dialog: one more window. */
  {
    guint before = g_list_model_get_n_items (gtk_window_get_toplevels ());

    gtk_widget_activate_action (GTK_WIDGET (f.window), "win.recruit", NULL);
    muster_gui_spin ();
    g_assert_cmpuint (g_list_model_get_n_items (gtk_window_get_toplevels ()), ==, before + 1);
  }

  /* Recruiting needs a force: in a campaign without one, nothing opens. */
  id = muster_store_create_campaign (f.store, "No forces", ruleset, 1, NULL, &error);
  g_assert_no_error (error);
  muster_window_select_campaign (f.window, id);
  muster_gui_wait_for_roster (f.window);
  {
    guint before = g_list_model_get_n_items (gtk_window_get_toplevels ());

    gtk_widget_activate_action (GTK_WIDGET (f.window), "win.recruit", NULL);
    muster_gui_spin ();
    g_assert_cmpuint (g_list_model_get_n_items (gtk_window_get_toplevels ()), ==, before);
  }

  muster_gui_fixture_close (&f);
}

/* A library this process cannot write opens read-only: the window says
 * so, and every action that would change it does nothing, while printing
 * still works; the sheets can be read, not edited. Run in a subprocess,
 * which root leaves for nobody (root may write any file); its display
 * connection is made before. Nothing is written beside the library, not
 * even in a folder anyone may write. */
static void
test_window_read_only (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  const char *path = g_getenv ("MUSTER_TEST_READ_ONLY_LIBRARY");
  const char *changing[] = { "win.new-campaign", "win.create-sample", "win.import",
                             "win.rename-campaign", "win.delete-campaign",
                             "win.campaign-settings", "win.new-force", "win.recruit",
                             "win.new-game" };
  g_autofree char *before = NULL;
  GtkWidget *sheet;
  guint n_windows;

  if (!g_test_subprocess ())
    {
      g_autofree char *dir = muster_test_make_tmpdir ();
      g_autofree char *library = g_build_filename (dir, "lib.db", NULL);
      g_autoptr(MusterStore) store = muster_store_open (library, &error);
      g_auto(GStrv) names = NULL;

      g_assert_no_error (error);
      g_assert_cmpint (muster_store_create_sample (store, "Peninsula", &error), >, 0);
      g_clear_object (&store);
      g_assert_cmpint (g_chmod (dir, 0777), ==, 0);
      g_assert_cmpint (g_chmod (library, 0444), ==, 0);

      /* As nobody, the child cannot reach root's accessibility bus. */
      g_setenv ("MUSTER_TEST_READ_ONLY_LIBRARY", library, TRUE);
      g_setenv ("GTK_A11Y", "none", TRUE);
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_unsetenv ("MUSTER_TEST_READ_ONLY_LIBRARY");
      g_unsetenv ("GTK_A11Y");
      g_test_trap_assert_passed ();

      names = muster_test_list_dir (dir);
      g_assert_cmpuint (g_strv_length (names), ==, 1);
      g_assert_cmpstr (names[0], ==, "lib.db");
      return;
    }

  if (geteuid () == 0)
    {
      g_assert_cmpint (setgroups (0, NULL), ==, 0);
      g_assert_cmpint (setregid (65534, 65534), ==, 0);
      g_assert_cmpint (setreuid (65534, 65534), ==, 0);
    }

  f.store = muster_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (muster_store_is_read_only (f.store));
  before = muster_store_dump (f.store);
  muster_application_set_store (muster_gui_test_get_app (), f.store);
  f.window = muster_window_new (muster_gui_test_get_app ());
  gtk_window_present (GTK_WINDOW (f.window));
  muster_gui_spin ();
  g_assert_cmpint (muster_window_get_campaign_id (f.window), >, 0);

  g_assert_cmpstr (adw_window_title_get_subtitle (ADW_WINDOW_TITLE (
    muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "sidebar_title"))), ==, "Read-only");
  g_assert_cmpstr (adw_view_switcher_title_get_subtitle (ADW_VIEW_SWITCHER_TITLE (
    muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "switcher_title"))), ==, "Read-only");
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (
    muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "recruit_button"))));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (
    muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "print_button"))));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (muster_gui_test_get_app ()), "restore"));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (muster_gui_test_get_app ()), "back-up"));

  /* Nothing that changes the library opens a window. */
  n_windows = g_list_model_get_n_items (gtk_window_get_toplevels ());
  for (guint i = 0; i < G_N_ELEMENTS (changing); i++)
    {
      gtk_widget_activate_action (GTK_WIDGET (f.window), changing[i], NULL);
      muster_gui_spin ();
      g_assert_cmpuint (g_list_model_get_n_items (gtk_window_get_toplevels ()), ==, n_windows);
    }
  /* Printing does. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.print", NULL));
  muster_gui_spin ();
  g_assert_cmpuint (g_list_model_get_n_items (gtk_window_get_toplevels ()), ==, n_windows + 1);

  /* A character's sheet says it too, and cannot be edited. */
  {
    g_autoptr(GPtrArray) characters = muster_store_list_characters (f.store, muster_window_get_campaign_id (f.window), 0, NULL);
    gint64 id = muster_character_get_id (g_ptr_array_index (characters, 0));
    AdwWindowTitle *title;
    GtkWidget *name_row;

    g_action_group_activate_action (G_ACTION_GROUP (muster_gui_test_get_app ()), "open-character",
                                    g_variant_new_int64 (id));
    muster_gui_spin ();
    sheet = muster_gui_find_toplevel (MUSTER_TYPE_CHARACTER_WINDOW);
    g_assert_nonnull (sheet);
    title = ADW_WINDOW_TITLE (muster_gui_template_child (sheet, MUSTER_TYPE_CHARACTER_WINDOW, "window_title"));
    g_assert_true (g_str_has_suffix (adw_window_title_get_subtitle (title), "read-only"));
    name_row = GTK_WIDGET (muster_gui_template_child (sheet, MUSTER_TYPE_CHARACTER_WINDOW, "name_row"));
    g_assert_false (gtk_widget_is_sensitive (name_row));
  }

  {
    g_autofree char *after = muster_store_dump (f.store);

    g_assert_cmpstr (after, ==, before);
  }
  muster_gui_fixture_close (&f);
}

static MusterSheetWindow *
find_sheet (gint64 character_id)
{
  return MUSTER_SHEET_WINDOW (muster_sheet_window_find (GTK_APPLICATION (muster_gui_test_get_app ()),
                                                        MUSTER_TYPE_CHARACTER_WINDOW,
                                                        muster_application_get_store (muster_gui_test_get_app ()),
                                                        character_id));
}

/* The library fails under the open window: the roster, the campaigns and
 * an open sheet say so where they are shown, keep what they showed, and
 * Try Again clears it once the library reads again. */
static void
test_read_failures (void)
{
  Fixture f = { 0 };
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *roster;
  MusterSheetWindow *sheet;
  gint64 character_id;
  guint shown;

  muster_gui_fixture_open (&f, TRUE);
  characters = muster_store_list_characters (f.store, f.campaign_id, 0, &error);
  g_assert_no_error (error);
  character_id = muster_character_get_id (g_ptr_array_index (characters, 0));
  muster_application_open_character (muster_gui_test_get_app (), character_id);
  muster_gui_spin ();
  sheet = find_sheet (character_id);
  g_assert_nonnull (sheet);
  roster = muster_window_get_roster_page (f.window);
  shown = g_list_model_get_n_items (muster_roster_page_get_model (MUSTER_ROSTER_PAGE (roster)));
  g_assert_cmpuint (shown, >, 0);
  g_assert_null (muster_window_get_read_error (f.window));
  g_assert_null (muster_sheet_window_get_read_error (sheet));

  /* The characters change and cannot be read again. */
  muster_test_fail_reads (f.store, TRUE);
  muster_store_emit_changed (f.store, MUSTER_CHANGE_CHARACTERS, f.campaign_id);
  muster_gui_wait_until (muster_window_get_read_error (f.window) != NULL);
  g_assert_nonnull (strstr (muster_window_get_read_error (f.window), "The library could not be read"));
  g_assert_nonnull (strstr (muster_window_get_read_error (f.window), "Could not read the characters"));
  g_assert_nonnull (strstr (muster_window_get_read_error (f.window), "try again"));
  g_assert_cmpuint (g_list_model_get_n_items (muster_roster_page_get_model (MUSTER_ROSTER_PAGE (roster))),
                    ==, shown);
  muster_gui_wait_until (muster_sheet_window_get_read_error (sheet) != NULL);
  g_assert_nonnull (strstr (muster_sheet_window_get_read_error (sheet), "This sheet could not be read again"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (sheet)));

  /* Try Again while it still fails: the banner comes back. */
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.reload-library", NULL);
  muster_gui_wait_until (muster_window_get_read_error (f.window) != NULL);

  /* It reads again: Try Again clears both. */
  muster_test_fail_reads (f.store, FALSE);
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.reload-library", NULL);
  muster_gui_wait_until (muster_window_get_read_error (f.window) == NULL);
  muster_gui_wait_until (muster_sheet_window_get_read_error (sheet) == NULL);
  g_assert_cmpint (muster_window_get_campaign_id (f.window), ==, f.campaign_id);

  /* The campaigns cannot be listed: the same banner, the campaign kept. */
  muster_test_fail_reads (f.store, TRUE);
  muster_store_emit_changed (f.store, MUSTER_CHANGE_CAMPAIGNS, 0);
  muster_gui_wait_until (muster_window_get_read_error (f.window) != NULL);
  g_assert_cmpint (muster_window_get_campaign_id (f.window), ==, f.campaign_id);
  muster_test_fail_reads (f.store, FALSE);

  muster_gui_fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  muster_gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/window/open", test_window_open);
  g_test_add_func ("/gui/window/empty", test_window_empty);
  g_test_add_func ("/gui/window/last-campaign", test_window_last_campaign);
  g_test_add_func ("/gui/log/keeps-entries", test_log_keeps_entries);
  g_test_add_func ("/gui/window/external-campaign", test_window_external_campaign);
  g_test_add_func ("/gui/window/pages-follow", test_window_pages_follow);
  g_test_add_func ("/gui/window/pages-built-when-shown", test_window_pages_built_when_shown);
  g_test_add_func ("/gui/window/actions", test_actions_enabled);
  g_test_add_func ("/gui/window/read-only", test_window_read_only);
  g_test_add_func ("/gui/window/read-failures", test_read_failures);
  g_test_add_func ("/gui/campaign/new", test_campaign_new);
  g_test_add_func ("/gui/campaign/rename-delete", test_campaign_rename_delete);
  g_test_add_func ("/gui/force/new-rename-delete", test_force_new_rename_delete);
  g_test_add_func ("/gui/campaign/settings-readings", test_campaign_settings_readings);

  return muster_gui_test_finish (g_test_run ());
}
