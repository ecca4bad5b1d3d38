/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>

#include "muster-a11y.h"
#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-force.h"
#include "muster-gui-test-util.h"
#include "muster-record-rows.h"
#include "muster-test-util.h"
#include "muster-window.h"

/* What a screen reader is told: the rows of the sidebar and the roster
 * named by what they show and described by what they hold, with an
 * action; an expander's header named once, with its expanded state; a
 * field in a row named once, by the row. The AT-SPI journeys
 * (tests/journeys) read the same names over the accessibility bus. */

typedef MusterGuiFixture Fixture;

/* The accessible's string @property, "" when it has none. */
static char *
property_text (GtkWidget             *widget,
               GtkAccessibleProperty  property)
{
  /* Checked against a value it never has, the property is given back. */
  char *text = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), property, "\x01");

  return text != NULL ? text : g_strdup ("\x01");
}

/* The row of a list (css name "row") under @root named @label. */
static GtkWidget *
find_named_row (GtkWidget  *root,
                const char *label)
{
  if (g_strcmp0 (gtk_widget_get_css_name (root), "row") == 0 &&
      gtk_test_accessible_has_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL))
    {
      g_autofree char *name = property_text (root, GTK_ACCESSIBLE_PROPERTY_LABEL);

      if (g_strcmp0 (name, label) == 0)
        return root;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named_row (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_list_rows_named (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(MusterForce) force = NULL;
  g_autofree char *description = NULL;
  MusterCharacter *first;
  GtkWidget *row;
  Fixture f = { 0 };

  muster_gui_fixture_open (&f, TRUE);
  muster_gui_wait_for_frame (GTK_WIDGET (f.window));

  /* The sidebar's row: the campaign, described by its rules. */
  campaign = muster_store_get_campaign (f.store, f.campaign_id, &error);
  g_assert_no_error (error);
  muster_gui_wait_until (find_named_row (GTK_WIDGET (f.window), muster_campaign_get_name (campaign)) != NULL);
  row = find_named_row (GTK_WIDGET (f.window), muster_campaign_get_name (campaign));
  description = property_text (row, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_assert_cmpstr (description, !=, "\x01");
  g_assert_true (gtk_widget_activate_action (row, "row.activate", NULL));
  g_clear_pointer (&description, g_free);

  /* The roster's row: the character, described by his force, troop type
   * and status; activated, it opens his sheet. */
  characters = muster_store_list_characters (f.store, f.campaign_id, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (characters->len, >, 0);
  first = g_ptr_array_index (characters, 0);
  force = muster_store_get_force (f.store, muster_character_get_force_id (first), &error);
  g_assert_no_error (error);
  muster_gui_wait_until (find_named_row (GTK_WIDGET (f.window), muster_character_get_name (first)) != NULL);
  row = find_named_row (GTK_WIDGET (f.window), muster_character_get_name (first));
  description = property_text (row, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_test_message ("%s: %s", muster_character_get_name (first), description);
  g_assert_true (g_str_has_prefix (description, muster_force_get_name (force)));
  g_assert_true (gtk_widget_activate_action (row, "row.activate", NULL));

  muster_gui_fixture_close (&f);
}

/* The header of an expander row is named once, by its title (GTK 4.8
 * says a name and what labels it one after the other), says whether it
 * is open and opens by its action; a spin button in one of its rows is
 * named by the row's title alone. */
static void
test_expander_named_once (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *expander = adw_expander_row_new ();
  GtkWidget *header = NULL;
  GtkSpinButton *spin = NULL;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), "Richard Sharpe");
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander), "Not recorded");
  muster_record_add_spin_row (ADW_EXPANDER_ROW (expander), "Light wounds", 0, &spin);
  gtk_list_box_append (GTK_LIST_BOX (list), expander);
  gtk_window_set_child (GTK_WINDOW (window), list);
  muster_a11y_fix (window);
  gtk_window_present (GTK_WINDOW (window));
  muster_gui_wait_for_frame (window);

  for (GtkWidget *w = gtk_widget_get_first_child (expander); w != NULL && header == NULL;
       w = gtk_widget_get_first_child (w))
    for (GtkWidget *s = w; s != NULL && header == NULL; s = gtk_widget_get_next_sibling (s))
      if (ADW_IS_ACTION_ROW (s))
        header = s;
  g_assert_nonnull (header);

  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (header), GTK_ACCESSIBLE_PROPERTY_LABEL, "Richard Sharpe");
  g_assert_false (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (header), GTK_ACCESSIBLE_RELATION_LABELLED_BY));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (header), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Not recorded");
  gtk_test_accessible_assert_state (GTK_ACCESSIBLE (header), GTK_ACCESSIBLE_STATE_EXPANDED, FALSE);

  g_assert_true (gtk_widget_activate_action (expander, "row.activate", NULL));
  g_assert_true (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (expander)));
  gtk_test_accessible_assert_state (GTK_ACCESSIBLE (header), GTK_ACCESSIBLE_STATE_EXPANDED, TRUE);

  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL));
  g_assert_true (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_RELATION_LABELLED_BY));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The shortcuts window has a title of its own, not its type. */
static void
test_shortcuts_window_titled (void)
{
  Fixture f = { 0 };
  GtkShortcutsWindow *overlay;

  muster_gui_fixture_open (&f, FALSE);
  overlay = muster_window_get_help_overlay (f.window);
  g_assert_nonnull (overlay);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (overlay)), ==, "Keyboard Shortcuts");
  muster_gui_fixture_close (&f);
}

int
main (int argc, char **argv)
{
  muster_gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/a11y/list-rows-named", test_list_rows_named);
  g_test_add_func ("/gui/a11y/expander-named-once", test_expander_named_once);
  g_test_add_func ("/gui/a11y/shortcuts-window-titled", test_shortcuts_window_titled);

  return muster_gui_test_finish (g_test_run ());
}
