/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "muster-campaign-settings.h"
#include "muster-campaign.h"
#include "muster-gui-test-util.h"
#include "muster-rules-test-util.h"
#include "muster-store-private.h"
#include "muster-test-util.h"
#include "muster-window.h"

/* Newer rules in the campaign settings: offered with what changed, taken
 * after asking, undone from the main window; held back by what does not
 * fit; and the copy of a campaign whose rules no longer load, shown as
 * such and replaced. A newer Sharpe's Skirmish is written into the user's
 * ruleset folder ($XDG_DATA_HOME, a fresh one per test). */

typedef MusterGuiFixture Fixture;

/* Version 2 of Sharpe's Skirmish: a death on 5 or 6. */
static char *
sharpe_v2 (void)
{
  return rules_edit (rules_sharpe_version ("2"), "dies-on=\"6\"", "dies-on=\"5\"");
}

static GtkWidget *
open_settings (Fixture *f)
{
  GtkWidget *settings = muster_campaign_settings_new (f->window, f->store, f->campaign_id);

  g_assert_nonnull (settings);
  g_object_ref_sink (settings);
  gtk_window_present (GTK_WINDOW (settings));
  muster_gui_spin ();
  return settings;
}

static GtkWidget *
rules_group (GtkWidget *settings)
{
  return GTK_WIDGET (muster_gui_template_child (settings, MUSTER_TYPE_CAMPAIGN_SETTINGS, "rules_group"));
}

static GtkWidget *
take_button (GtkWidget *settings)
{
  return GTK_WIDGET (muster_gui_template_child (settings, MUSTER_TYPE_CAMPAIGN_SETTINGS, "take_rules_button"));
}

static void
close_settings (GtkWidget *settings)
{
  gtk_window_destroy (GTK_WINDOW (settings));
  g_object_unref (settings);
}

/* Clicks the button that takes the rules and answers the question. */
static void
take (GtkWidget  *settings,
      const char *heading,
      const char *response)
{
  AdwMessageDialog *dialog;

  g_assert_null (muster_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_signal_emit_by_name (take_button (settings), "clicked");
  muster_gui_spin ();
  dialog = ADW_MESSAGE_DIALOG (muster_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, heading);
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
  muster_gui_spin ();
}

static char *
version_of (Fixture *f)
{
  g_autoptr(MusterCampaign) campaign = muster_store_get_campaign (f->store, f->campaign_id, NULL);

  return g_strdup (muster_campaign_get_ruleset_version (campaign));
}

static void
test_take_and_undo (void)
{
  Fixture f = { 0 };
  g_autofree char *v2 = sharpe_v2 ();
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *version = NULL;
  GtkWidget *settings;

  rules_use_fresh_data_home ();
  muster_gui_fixture_open (&f, TRUE);

  /* Nothing newer: nothing offered. */
  settings = open_settings (&f);
  g_assert_false (gtk_widget_get_visible (rules_group (settings)));
  close_settings (settings);

  rules_install_user ("sharpes-skirmish-2.xml", v2);
  settings = open_settings (&f);
  g_assert_true (gtk_widget_get_visible (rules_group (settings)));
  g_assert_cmpstr (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (rules_group (settings))), ==,
                   "Newer Rules");
  g_assert_true (g_str_has_prefix (adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (rules_group (settings))),
                                   "A newer version of these rules is available"));
  g_assert_true (gtk_widget_get_visible (take_button (settings)));
  g_assert_true (gtk_widget_get_sensitive (take_button (settings)));
  /* What changed, a row each. */
  g_assert_nonnull (muster_gui_find_widget (rules_group (settings), ADW_TYPE_ACTION_ROW,
      "Between-game step changed: Death roll, when “Campaign death roll” is “Dies only on a 6”: dies-on: 6 → 5"));
  g_assert_nonnull (muster_gui_find_widget (rules_group (settings), ADW_TYPE_ACTION_ROW,
      "“Campaign death roll” stays “Dies only on a 6”."));

  /* Asked, and cancelled: nothing changes. */
  before = muster_store_dump (f.store);
  take (settings, "Take the New Rules?", "cancel");
  after = muster_store_dump (f.store);
  g_assert_cmpstr (after, ==, before);

  /* Taken: the campaign plays version 2, nothing newer is offered. */
  take (settings, "Take the New Rules?", "take");
  version = version_of (&f);
  g_assert_cmpstr (version, ==, "2");
  g_assert_false (gtk_widget_get_visible (rules_group (settings)));
  g_assert_nonnull (muster_gui_find_widget (settings, GTK_TYPE_LABEL, "Rules updated to version 2"));

  /* Undo in the main window: the library it was, and the offer again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL));
  muster_gui_spin ();
  g_clear_pointer (&after, g_free);
  after = muster_store_dump (f.store);
  g_assert_cmpstr (after, ==, before);
  g_assert_true (gtk_widget_get_visible (rules_group (settings)));

  close_settings (settings);
  muster_gui_fixture_close (&f);
}

/* A campaign holding what the new version cannot: said, and not taken. */
static void
test_blocked (void)
{
  Fixture f = { 0 };
  g_autofree char *v2 = sharpe_v2 ();
  GtkWidget *settings, *row;

  rules_use_fresh_data_home ();
  muster_gui_fixture_open (&f, TRUE);
  v2 = rules_edit (v2, "<troop-type id=\"voltigeur\"", "<troop-type id=\"light-infantry\"");
  rules_install_user ("sharpes-skirmish-2.xml", v2);

  settings = open_settings (&f);
  g_assert_true (gtk_widget_get_visible (rules_group (settings)));
  g_assert_false (gtk_widget_get_sensitive (take_button (settings)));
  row = muster_gui_find_widget (rules_group (settings), ADW_TYPE_EXPANDER_ROW, "What Stands in the Way");
  g_assert_nonnull (row);
  g_assert_true (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (row)));
  g_assert_nonnull (muster_gui_find_widget (row, ADW_TYPE_ACTION_ROW,
      "Pierre Guérin is of the troop type “voltigeur”, which version 2 of Sharpe's Skirmish does not have."));

  close_settings (settings);
  muster_gui_fixture_close (&f);
}

/* A copy that no longer loads: the sidebar and the settings say so, and
 * the installed rules of its id replace it. */
static void
test_broken (void)
{
  Fixture f = { 0 };
  g_autofree char *sql = NULL;
  g_autofree char *version = NULL;
  GtkWidget *settings;
  GtkWidget *sidebar_label;
  GtkStack *main_stack;
  AdwStatusPage *broken_page;

  rules_use_fresh_data_home ();
  muster_gui_fixture_open (&f, TRUE);
  sql = g_strdup_printf ("UPDATE campaign SET ruleset_xml = substr (ruleset_xml, 1, 400)"
                         " WHERE id = %" G_GINT64_FORMAT, f.campaign_id);
  g_assert_cmpint (sqlite3_exec (muster_store_get_db (f.store), sql, NULL, NULL, NULL), ==, SQLITE_OK);
  muster_store_forget_caches (f.store);
  muster_store_emit_changed (f.store, MUSTER_CHANGE_ALL, 0);
  muster_gui_spin ();

  sidebar_label = muster_gui_find_widget (GTK_WIDGET (f.window), GTK_TYPE_LABEL, "Its rules no longer load");
  g_assert_nonnull (sidebar_label);
  g_assert_true (gtk_widget_has_css_class (sidebar_label, "error"));

  /* Opened, the campaign shows why in place of its pages. */
  main_stack = GTK_STACK (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "main_stack"));
  broken_page = ADW_STATUS_PAGE (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "broken_rules_page"));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (main_stack), ==, "broken-rules");
  g_assert_nonnull (strstr (adw_status_page_get_description (broken_page), "does not load (sharpes-skirmish.xml:"));

  settings = open_settings (&f);
  g_assert_true (gtk_widget_get_visible (rules_group (settings)));
  g_assert_cmpstr (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (rules_group (settings))), ==,
                   "Rules That No Longer Load");
  g_assert_nonnull (strstr (adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (rules_group (settings))),
                            "sharpes-skirmish.xml:"));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (take_button (settings))), ==, "_Take the Installed Rules…");

  take (settings, "Take the Installed Rules?", "take");
  version = version_of (&f);
  g_assert_cmpstr (version, ==, "1");
  g_assert_false (gtk_widget_get_visible (rules_group (settings)));
  g_assert_null (muster_gui_find_widget (GTK_WIDGET (f.window), GTK_TYPE_LABEL, "Its rules no longer load"));
  g_assert_nonnull (muster_gui_find_widget (GTK_WIDGET (f.window), GTK_TYPE_LABEL, "Sharpe's Skirmish"));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (main_stack), ==, "campaign");

  close_settings (settings);
  muster_gui_fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  muster_gui_test_init (&argc, &argv);
  rules_use_first_versions ();

  g_test_add_func ("/gui/update-rules/take-and-undo", test_take_and_undo);
  g_test_add_func ("/gui/update-rules/blocked", test_blocked);
  g_test_add_func ("/gui/update-rules/broken", test_broken);

  return muster_gui_test_finish (g_test_run ());
}
