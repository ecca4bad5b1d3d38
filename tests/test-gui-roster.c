/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <sqlite3.h>

#include "muster-application.h"
#include "muster-character-window.h"
#include "muster-character.h"
#include "muster-force.h"
#include "muster-game.h"
#include "muster-gui-test-util.h"
#include "muster-list-sorter.h"
#include "muster-recruit-dialog.h"
#include "muster-recruit.h"
#include "muster-roster-model.h"
#include "muster-roster-page.h"
#include "muster-sort-filter-model.h"
#include "muster-test-util.h"
#include "muster-window.h"

/* The roster page (sort, search, force filter, delete with Undo), the
 * character sheet window and the recruit dialog, on the sample campaign. */

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

static MusterCharacter *
find_by_name (MusterStore *store,
              gint64       campaign_id,
              const char  *name)
{
  g_autoptr(GError) error = NULL;
  MusterCharacter *character = muster_store_find_character (store, campaign_id, name, &error);

  g_assert_no_error (error);
  return character;
}

static MusterCharacterWindow *
find_sheet (gint64 character_id)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (muster_gui_test_get_app ())); l; l = l->next)
    if (MUSTER_IS_CHARACTER_WINDOW (l->data) &&
        muster_character_window_get_character_id (l->data) == character_id)
      return l->data;
  return NULL;
}

static guint
count_sheets (void)
{
  guint n = 0;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (muster_gui_test_get_app ())); l; l = l->next)
    if (MUSTER_IS_CHARACTER_WINDOW (l->data))
      n++;
  return n;
}

typedef struct {
  const char *text;
  gboolean    done;
} Search;

static void
search_changed_cb (GtkSearchEntry *entry,
                   gpointer        data)
{
  Search *search = data;

  /* Replacing the text empties the entry first, which is a search too. */
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (entry)), search->text) == 0)
    search->done = TRUE;
}

/* Types @text into the roster's search entry and waits until the entry
 * says the search changed to it (it waits a moment after the last key
 * first): the roster is filtered by then. */
static void
search_for (Fixture    *f,
            const char *text)
{
  GtkSearchEntry *entry = muster_roster_page_get_search_entry (roster (f));
  Search search = { text, FALSE };
  gulong handler;

  handler = g_signal_connect_after (entry, "search-changed", G_CALLBACK (search_changed_cb), &search);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  muster_gui_wait_until (search.done);
  g_signal_handler_disconnect (entry, handler);
}

/* --- The roster -------------------------------------------------------- */

static void
test_roster_sample (void)
{
  Fixture f = { 0 };
  GListModel *model;
  GtkColumnView *view;
  GListModel *columns;
  gboolean has_f = FALSE;

  muster_gui_fixture_open (&f, TRUE);
  model = muster_roster_page_get_model (roster (&f));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, count_characters (f.store, f.campaign_id));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 24);

  view = muster_roster_page_get_column_view (roster (&f));
  columns = gtk_column_view_get_columns (view);
  /* Name, force, type, weapon, I D S C F, status, kills, games. */
  g_assert_cmpuint (g_list_model_get_n_items (columns), ==, 12);
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      g_assert_nonnull (gtk_column_view_column_get_sorter (column));
      if (g_strcmp0 (gtk_column_view_column_get_title (column), "F") == 0)
        has_f = TRUE;
    }
  g_assert_true (has_f);

  muster_gui_fixture_close (&f);
}

static int
column_position (GtkColumnView *view,
                 const char    *title)
{
  GListModel *columns = gtk_column_view_get_columns (view);

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), title) == 0)
        return (int) i;
    }
  g_assert_not_reached ();
}

/* The column titled @title, owned by @view. */
static GtkColumnViewColumn *
column_titled (GtkColumnView *view,
               const char    *title)
{
  g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (gtk_column_view_get_columns (view),
                                                                 (guint) column_position (view, title));

  return column;
}

static void
test_roster_sort (void)
{
  Fixture f = { 0 };
  GListModel *model;
  GtkColumnView *view;
  int previous = G_MAXINT;
  int first_f = -1, last_f = -1;

  muster_gui_fixture_open (&f, TRUE);
  model = muster_roster_page_get_model (roster (&f));
  view = muster_roster_page_get_column_view (roster (&f));

  /* By name first. */
  for (guint i = 1; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(MusterCharacter) a = g_list_model_get_item (model, i - 1);
      g_autoptr(MusterCharacter) b = g_list_model_get_item (model, i);

      g_assert_cmpint (g_utf8_collate (muster_character_get_name (a), muster_character_get_name (b)), <=, 0);
    }

  gtk_column_view_sort_by_column (view, column_titled (view, "F"), GTK_SORT_DESCENDING);
  muster_gui_spin ();
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(MusterCharacter) c = g_list_model_get_item (model, i);
      int value;

      g_assert_true (muster_character_get_stat (c, "F", &value));
      g_assert_cmpint (value, <=, previous);
      previous = value;
      if (i == 0)
        first_f = value;
      last_f = value;
    }
  /* Riflemen (1D6+6) and line infantry (6) are both in the sample. */
  g_assert_cmpint (first_f, >, last_f);

  gtk_column_view_sort_by_column (view, column_titled (view, "Force"), GTK_SORT_ASCENDING);
  muster_gui_spin ();
  {
    g_autoptr(MusterCharacter) first = g_list_model_get_item (model, 0);
    g_autoptr(MusterCharacter) last = g_list_model_get_item (model, g_list_model_get_n_items (model) - 1);

    g_assert_cmpint (g_utf8_collate (muster_character_get_force_name (first),
                                     muster_character_get_force_name (last)), <, 0);
  }

  muster_gui_fixture_close (&f);
}

/* The rows of @model are in order by @first, those alike in it by @then,
 * each up or down. */
static void
assert_sorted_by_two (GListModel        *model,
                      MusterCharacterKey first,
                      gboolean           first_down,
                      MusterCharacterKey then,
                      gboolean           then_down)
{
  guint n = g_list_model_get_n_items (model), ties = 0;

  g_assert_cmpuint (n, >, 1);
  for (guint i = 1; i < n; i++)
    {
      g_autoptr(MusterCharacter) a = g_list_model_get_item (model, i - 1);
      g_autoptr(MusterCharacter) b = g_list_model_get_item (model, i);
      int by_first = strcmp (muster_character_get_sort_key (a, first), muster_character_get_sort_key (b, first));

      g_assert_cmpint (first_down ? -by_first : by_first, <=, 0);
      if (by_first == 0)
        {
          int by_then = strcmp (muster_character_get_sort_key (a, then), muster_character_get_sort_key (b, then));

          g_assert_cmpint (then_down ? -by_then : by_then, <=, 0);
          ties++;
        }
    }
  /* Rows alike in the first: the second counted. */
  g_assert_cmpuint (ties, >, 0);
}

/* A sorter asking another and giving the opposite answer: a column
 * sorted down in a column view's sorter. */
#define REVERSED_TYPE_SORTER (reversed_sorter_get_type ())
G_DECLARE_FINAL_TYPE (ReversedSorter, reversed_sorter, REVERSED, SORTER, GtkSorter)

struct _ReversedSorter
{
  GtkSorter  parent_instance;
  GtkSorter *sorter;
};

G_DEFINE_FINAL_TYPE (ReversedSorter, reversed_sorter, GTK_TYPE_SORTER)

static GtkOrdering
reversed_sorter_compare (GtkSorter *sorter,
                         gpointer   item1,
                         gpointer   item2)
{
  return -gtk_sorter_compare (REVERSED_SORTER (sorter)->sorter, item1, item2);
}

static GtkSorterOrder
reversed_sorter_get_order (GtkSorter *sorter)
{
  return GTK_SORTER_ORDER_PARTIAL;
}

static void
reversed_sorter_finalize (GObject *object)
{
  g_clear_object (&REVERSED_SORTER (object)->sorter);
  G_OBJECT_CLASS (reversed_sorter_parent_class)->finalize (object);
}

static void
reversed_sorter_class_init (ReversedSorterClass *klass)
{
  GTK_SORTER_CLASS (klass)->compare = reversed_sorter_compare;
  GTK_SORTER_CLASS (klass)->get_order = reversed_sorter_get_order;
  G_OBJECT_CLASS (klass)->finalize = reversed_sorter_finalize;
}

static void
reversed_sorter_init (ReversedSorter *self)
{
}

static GtkSorter *
reversed (GtkSorter *sorter)
{
  ReversedSorter *self = g_object_new (REVERSED_TYPE_SORTER, NULL);

  self->sorter = sorter;
  return GTK_SORTER (self);
}

static void
count_cb (GListModel *model,
          guint       position,
          guint       removed,
          guint       added,
          guint      *calls)
{
  (*calls)++;
}

static const char *
sort_key_cb (gpointer item,
             gpointer user_data)
{
  return muster_character_get_sort_key (item, GPOINTER_TO_INT (user_data));
}

static int
kills_cb (gpointer item,
          gpointer user_data)
{
  return muster_character_get_kills (item);
}

/* A column view's sorter asks the columns clicked in turn, the last first,
 * until one finds a difference, the answer swapped for a column sorted
 * down (GTK 4.8's gtkcolumnviewsorter.c): rows alike in the column sorted
 * by are in the order of the columns clicked before. A GtkMultiSorter
 * asks its sorters so too. */
static void
test_roster_sort_follows_columns (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRosterModel) model = NULL;
  g_autoptr(MusterSortFilterModel) shown = NULL;
  g_autoptr(GtkMultiSorter) columns = gtk_multi_sorter_new ();
  gint64 campaign = muster_store_create_sample (store, NULL, &error);
  guint n;

  g_assert_no_error (error);
  model = muster_roster_model_new (store, campaign);
  shown = muster_sort_filter_model_new (G_LIST_MODEL (model));
  muster_list_sorter_follow_sorter (GTK_SORTER (columns), shown);

  /* Force clicked after Name: each force's men by name. */
  gtk_multi_sorter_append (columns, muster_list_sorter_new_text (sort_key_cb,
                                                                 GINT_TO_POINTER (MUSTER_CHARACTER_KEY_FORCE_NAME)));
  gtk_multi_sorter_append (columns, muster_list_sorter_new_text (sort_key_cb, GINT_TO_POINTER (MUSTER_CHARACTER_KEY_NAME)));
  assert_sorted_by_two (G_LIST_MODEL (shown), MUSTER_CHARACTER_KEY_FORCE_NAME, FALSE, MUSTER_CHARACTER_KEY_NAME, FALSE);

  /* Force clicked again: the forces the other way, the names still up. */
  gtk_multi_sorter_remove (columns, 1);
  gtk_multi_sorter_remove (columns, 0);
  gtk_multi_sorter_append (columns, reversed (muster_list_sorter_new_text (sort_key_cb,
                                                                           GINT_TO_POINTER (MUSTER_CHARACTER_KEY_FORCE_NAME))));
  gtk_multi_sorter_append (columns, muster_list_sorter_new_text (sort_key_cb, GINT_TO_POINTER (MUSTER_CHARACTER_KEY_NAME)));
  assert_sorted_by_two (G_LIST_MODEL (shown), MUSTER_CHARACTER_KEY_FORCE_NAME, TRUE, MUSTER_CHARACTER_KEY_NAME, FALSE);

  /* Kills clicked last, which are all none in the sample: the rows stay
   * in the order of the columns clicked before. */
  {
    g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func (g_object_unref);
    guint changes = 0;
    gulong handler;

    n = g_list_model_get_n_items (G_LIST_MODEL (shown));
    for (guint i = 0; i < n; i++)
      g_ptr_array_add (before, g_list_model_get_item (G_LIST_MODEL (shown), i));
    handler = g_signal_connect (shown, "items-changed", G_CALLBACK (count_cb), &changes);
    gtk_multi_sorter_remove (columns, 1);
    gtk_multi_sorter_remove (columns, 0);
    gtk_multi_sorter_append (columns, muster_list_sorter_new_number (kills_cb, NULL));
    gtk_multi_sorter_append (columns, reversed (muster_list_sorter_new_text (sort_key_cb,
                                                                             GINT_TO_POINTER (MUSTER_CHARACTER_KEY_FORCE_NAME))));
    gtk_multi_sorter_append (columns, muster_list_sorter_new_text (sort_key_cb, GINT_TO_POINTER (MUSTER_CHARACTER_KEY_NAME)));
    g_signal_handler_disconnect (shown, handler);
    g_assert_cmpuint (changes, >, 0);
    for (guint i = 0; i < n; i++)
      {
        g_autoptr(GObject) row = g_list_model_get_item (G_LIST_MODEL (shown), i);

        g_assert_true (row == g_ptr_array_index (before, i));
      }
  }

  /* No column: the source's order. */
  while (g_list_model_get_n_items (G_LIST_MODEL (columns)) > 0)
    gtk_multi_sorter_remove (columns, 0);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) ours = g_list_model_get_item (G_LIST_MODEL (shown), i);
      g_autoptr(GObject) theirs = g_list_model_get_item (G_LIST_MODEL (model), i);

      g_assert_true (ours == theirs);
    }
}

static void
assert_sort_state (GActionGroup *actions,
                   int           position,
                   const char   *order)
{
  g_autoptr(GVariant) column = g_action_group_get_action_state (actions, "column");
  g_autoptr(GVariant) way = g_action_group_get_action_state (actions, "order");

  g_assert_cmpint (g_variant_get_int32 (column), ==, position);
  g_assert_cmpstr (g_variant_get_string (way, NULL), ==, order);
}

/* Sorting without a pointer: the rows' menu (Shift+F10) has a submenu of
 * the columns shown and the two ways, whose actions sort the view and
 * show how it is sorted, however it was. */
static void
test_roster_sort_menu (void)
{
  Fixture f = { 0 };
  GListModel *model;
  GtkColumnView *view;
  GActionGroup *actions;
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenuModel) columns = NULL;
  g_autoptr(GtkColumnViewColumn) weapon = NULL;
  guint n_sortable = 0;

  muster_gui_fixture_open (&f, TRUE);
  model = muster_roster_page_get_model (roster (&f));
  view = muster_roster_page_get_column_view (roster (&f));
  actions = muster_list_sorter_get_actions (view);
  g_assert_nonnull (actions);

  /* The roster opens by name. */
  assert_sort_state (actions, column_position (view, "Name"), "ascending");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "sort.column", "i", column_position (view, "Force")));
  assert_sort_state (actions, column_position (view, "Force"), "ascending");
  assert_sorted_by_two (model, MUSTER_CHARACTER_KEY_FORCE_NAME, FALSE, MUSTER_CHARACTER_KEY_FORCE_NAME, FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "sort.order", "s", "descending"));
  assert_sort_state (actions, column_position (view, "Force"), "descending");
  assert_sorted_by_two (model, MUSTER_CHARACTER_KEY_FORCE_NAME, TRUE, MUSTER_CHARACTER_KEY_FORCE_NAME, FALSE);
  /* Another column keeps the way chosen. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "sort.column", "i", column_position (view, "Name")));
  assert_sort_state (actions, column_position (view, "Name"), "descending");
  {
    g_autoptr(MusterCharacter) first = g_list_model_get_item (model, 0);
    g_autoptr(MusterCharacter) second = g_list_model_get_item (model, 1);

    g_assert_cmpint (strcmp (muster_character_get_sort_key (first, MUSTER_CHARACTER_KEY_NAME),
                             muster_character_get_sort_key (second, MUSTER_CHARACTER_KEY_NAME)), >=, 0);
  }

  /* Sorted by a heading, the menu says so. */
  gtk_column_view_sort_by_column (view, column_titled (view, "F"), GTK_SORT_ASCENDING);
  assert_sort_state (actions, column_position (view, "F"), "ascending");
  gtk_column_view_sort_by_column (view, NULL, GTK_SORT_ASCENDING);
  assert_sort_state (actions, -1, "ascending");

  /* Opened from the keyboard, the menu's items reach the actions. */
  {
    GtkWidget *popover = muster_gui_find_widget (GTK_WIDGET (roster (&f)), GTK_TYPE_POPOVER_MENU, NULL);
    GtkWidget *focus;

    g_assert_nonnull (popover);
    gtk_widget_grab_focus (GTK_WIDGET (view));
    g_assert_true (muster_gui_activate_shortcut (GTK_WIDGET (view), GDK_KEY_F10, GDK_SHIFT_MASK));
    muster_gui_wait_until (gtk_widget_get_mapped (popover));
    g_assert_true (gtk_widget_activate_action (popover, "sort.column", "i", column_position (view, "Kills")));
    assert_sort_state (actions, column_position (view, "Kills"), "ascending");
    gtk_popover_popdown (GTK_POPOVER (popover));
    muster_gui_spin ();
    /* The keyboard goes on from the list. */
    focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (view)));
    g_assert_true (focus == GTK_WIDGET (view) || (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (view))));
    gtk_column_view_sort_by_column (view, NULL, GTK_SORT_ASCENDING);
  }

  /* The submenu: each column shown, in order, with its position. */
  for (guint i = 0; i < g_list_model_get_n_items (gtk_column_view_get_columns (view)); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (gtk_column_view_get_columns (view), i);

      if (gtk_column_view_column_get_visible (column) && gtk_column_view_column_get_sorter (column) != NULL)
        n_sortable++;
    }
  muster_list_sorter_fill_menu (view, menu);
  columns = g_menu_model_get_item_link (G_MENU_MODEL (menu), 0, G_MENU_LINK_SECTION);
  g_assert_cmpint (g_menu_model_get_n_items (columns), ==, (int) n_sortable);
  for (int i = 0; i < g_menu_model_get_n_items (columns); i++)
    {
      g_autofree char *label = NULL;
      g_autofree char *action = NULL;
      g_autoptr(GVariant) target = g_menu_model_get_item_attribute_value (columns, i, G_MENU_ATTRIBUTE_TARGET,
                                                                          G_VARIANT_TYPE_INT32);
      g_autoptr(GtkColumnViewColumn) column = NULL;

      g_assert_true (g_menu_model_get_item_attribute (columns, i, G_MENU_ATTRIBUTE_LABEL, "s", &label));
      g_assert_true (g_menu_model_get_item_attribute (columns, i, G_MENU_ATTRIBUTE_ACTION, "s", &action));
      g_assert_cmpstr (action, ==, "sort.column");
      g_assert_nonnull (target);
      column = g_list_model_get_item (gtk_column_view_get_columns (view), (guint) g_variant_get_int32 (target));
      g_assert_cmpstr (gtk_column_view_column_get_title (column), ==, label);
    }
  /* A column hidden is left out. */
  weapon = g_object_ref (column_titled (view, "Weapon"));
  gtk_column_view_column_set_visible (weapon, FALSE);
  muster_list_sorter_fill_menu (view, menu);
  g_clear_object (&columns);
  columns = g_menu_model_get_item_link (G_MENU_MODEL (menu), 0, G_MENU_LINK_SECTION);
  g_assert_cmpint (g_menu_model_get_n_items (columns), ==, (int) n_sortable - 1);
  gtk_column_view_column_set_visible (weapon, TRUE);

  muster_gui_fixture_close (&f);
}

/* Scrolls @view half-way down, once it has been laid out. */
static void
scroll_down (GtkColumnView *view)
{
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));

  muster_gui_wait_for_frame (GTK_WIDGET (view));
  gtk_adjustment_set_value (adjustment, (gtk_adjustment_get_upper (adjustment) -
                                         gtk_adjustment_get_page_size (adjustment)) / 2);
  muster_gui_wait_for_frame (GTK_WIDGET (view));
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, gtk_adjustment_get_lower (adjustment));
}

/* The character chosen last is chosen again when his campaign opens,
 * the list from the top; not in another campaign. */
static void
test_roster_last_character (void)
{
  Fixture f = { 0 };
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCharacter) chosen = NULL;
  g_autoptr(GArray) ids = NULL;
  GtkColumnView *view;
  GtkAdjustment *adjustment;
  gint64 second;

  muster_gui_fixture_open (&f, TRUE);
  second = muster_store_create_sample (f.store, "Second", &error);
  g_assert_no_error (error);
  /* More than a window shows, in both. */
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GPtrArray) forces = muster_store_list_forces (f.store, i ? second : f.campaign_id, NULL);
      g_autoptr(GArray) recruits = muster_store_recruit (f.store, muster_force_get_id (g_ptr_array_index (forces, 0)),
                                                         "rifleman", NULL, NULL, 80, &error);

      g_assert_no_error (error);
    }
  view = muster_roster_page_get_column_view (roster (&f));
  chosen = g_list_model_get_item (muster_roster_page_get_model (roster (&f)), 17);
  gtk_selection_model_select_item (gtk_column_view_get_model (view), 17, TRUE);
  g_assert_cmpint (g_settings_get_int64 (settings, "last-character"), ==, muster_character_get_id (chosen));

  /* Scrolled down, then to the other campaign: nobody of it is chosen. */
  adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  scroll_down (view);
  muster_window_select_campaign (f.window, second);
  muster_gui_wait_for_roster (f.window);
  ids = muster_roster_page_get_selected_ids (roster (&f));
  g_assert_cmpuint (ids->len, ==, 0);
  g_clear_pointer (&ids, g_array_unref);
  g_assert_cmpint (g_settings_get_int64 (settings, "last-character"), ==, muster_character_get_id (chosen));

  /* Back: chosen again, from the top. */
  scroll_down (view);
  muster_window_select_campaign (f.window, f.campaign_id);
  muster_gui_wait_for_roster (f.window);
  ids = muster_roster_page_get_selected_ids (roster (&f));
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, muster_character_get_id (chosen));
  g_clear_pointer (&ids, g_array_unref);
  muster_gui_wait_for_frame (GTK_WIDGET (view));
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, gtk_adjustment_get_lower (adjustment));

  /* And in a window opened again. */
  gtk_window_destroy (GTK_WINDOW (f.window));
  f.window = muster_window_new (muster_gui_test_get_app ());
  gtk_window_present (GTK_WINDOW (f.window));
  muster_gui_wait_for_roster (f.window);
  g_assert_cmpint (muster_window_get_campaign_id (f.window), ==, f.campaign_id);
  ids = muster_roster_page_get_selected_ids (roster (&f));
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, muster_character_get_id (chosen));

  g_settings_reset (settings, "last-character");
  muster_gui_fixture_close (&f);
}

static void
paint_cb (GdkFrameClock     *clock,
          MusterRosterModel *source)
{
  gboolean *read_before = g_object_get_data (G_OBJECT (clock), "read-before");

  if (muster_roster_model_is_loading (source) || g_list_model_get_n_items (G_LIST_MODEL (source)) > 0)
    *read_before = TRUE;
  g_signal_handlers_disconnect_by_func (clock, paint_cb, source);
}

/* The window is shown before the characters are read: the roster asks
 * for them once the window has painted its first frame, showing the list
 * (not "No Characters") meanwhile, and fills it after that frame. */
static void
test_roster_read_after_first_frame (void)
{
  Fixture f = { 0 };
  MusterRosterModel *source;
  GdkFrameClock *clock;
  GtkStack *stack;
  gboolean read_before = FALSE;

  muster_gui_fixture_open (&f, TRUE);
  gtk_window_destroy (GTK_WINDOW (f.window));
  f.window = muster_window_new (muster_gui_test_get_app ());
  source = MUSTER_ROSTER_MODEL (muster_sort_filter_model_get_source (
    MUSTER_SORT_FILTER_MODEL (muster_roster_page_get_model (roster (&f)))));
  stack = GTK_STACK (muster_gui_template_child (roster (&f), MUSTER_TYPE_ROSTER_PAGE, "stack"));
  g_assert_cmpint (muster_window_get_campaign_id (f.window), ==, f.campaign_id);
  g_assert_true (muster_roster_page_is_loading (roster (&f)));
  g_assert_false (muster_roster_model_is_loading (source));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "list");

  gtk_window_present (GTK_WINDOW (f.window));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (f.window));
  g_assert_nonnull (clock);
  g_object_set_data (G_OBJECT (clock), "read-before", &read_before);
  g_signal_connect (clock, "paint", G_CALLBACK (paint_cb), source);
  g_assert_false (muster_roster_model_is_loading (source));

  muster_gui_wait_for_roster (f.window);
  g_assert_false (read_before);
  g_assert_cmpuint (g_list_model_get_n_items (muster_roster_page_get_model (roster (&f))), ==, 24);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "list");

  muster_gui_fixture_close (&f);
}

/* The characters chosen stay chosen, and no other, whatever the roster
 * is sorted by: one alone (the model moves him without GTK looking for
 * him, muster_sort_filter_model_set_kept()) or two. */
static void
assert_selected_are (GtkSelectionModel *selection,
                     GPtrArray         *chosen)
{
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (selection);
  GtkBitsetIter iter;
  guint position;

  g_assert_cmpuint (gtk_bitset_get_size (selected), ==, chosen->len);
  for (gboolean more = gtk_bitset_iter_init_first (&iter, selected, &position); more;
       more = gtk_bitset_iter_next (&iter, &position))
    {
      g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (selection), position);

      g_assert_true (g_ptr_array_find (chosen, item, NULL));
    }
}

static void
test_roster_sort_keeps_selection (void)
{
  static const char * const titles[] = { "Force", "F", "Name", "Troop Type", "I", "Weapon" };
  Fixture f = { 0 };
  GtkColumnView *view;
  GtkSelectionModel *selection;
  g_autoptr(GPtrArray) chosen = g_ptr_array_new_with_free_func (g_object_unref);
  guint n, moved = 0;

  muster_gui_fixture_open (&f, TRUE);
  view = muster_roster_page_get_column_view (roster (&f));
  selection = gtk_column_view_get_model (view);
  n = g_list_model_get_n_items (G_LIST_MODEL (selection));
  g_assert_cmpuint (n, >, 4);

  for (guint count = 1; count <= 2; count++)
    {
      g_ptr_array_set_size (chosen, 0);
      gtk_selection_model_select_item (selection, n / 2, TRUE);
      g_ptr_array_add (chosen, g_list_model_get_item (G_LIST_MODEL (selection), n / 2));
      if (count == 2)
        {
          gtk_selection_model_select_item (selection, 1, FALSE);
          g_ptr_array_add (chosen, g_list_model_get_item (G_LIST_MODEL (selection), 1));
        }
      assert_selected_are (selection, chosen);
      for (guint t = 0; t < G_N_ELEMENTS (titles); t++)
        for (GtkSortType way = GTK_SORT_ASCENDING; way <= GTK_SORT_DESCENDING; way++)
          {
            g_autoptr(GtkBitset) before = gtk_selection_model_get_selection (selection);
            guint was = gtk_bitset_get_minimum (before);
            g_autoptr(GtkBitset) after = NULL;

            gtk_column_view_sort_by_column (view, column_titled (view, titles[t]), way);
            muster_gui_spin ();
            assert_selected_are (selection, chosen);
            after = gtk_selection_model_get_selection (selection);
            if (gtk_bitset_get_minimum (after) != was)
              moved++;
          }
    }
  /* The sorts moved them, or they say nothing. */
  g_assert_cmpuint (moved, >, 4);

  muster_gui_fixture_close (&f);
}

/* Searching shows the very objects the roster had: a search narrowed and
 * widened again gives back the same rows, and keeps the one chosen. */
static void
test_roster_search_keeps_rows (void)
{
  Fixture f = { 0 };
  GListModel *model;
  GtkSelectionModel *selection;
  g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(MusterCharacter) rifleman = NULL;
  guint position = G_MAXUINT;

  muster_gui_fixture_open (&f, TRUE);
  model = muster_roster_page_get_model (roster (&f));
  selection = gtk_column_view_get_model (muster_roster_page_get_column_view (roster (&f)));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      MusterCharacter *c = g_list_model_get_item (model, i);

      g_ptr_array_add (before, c);
      if (position == G_MAXUINT && g_str_equal (muster_character_get_troop_type (c), "rifleman"))
        position = i;
    }
  g_assert_cmpuint (position, !=, G_MAXUINT);
  rifleman = g_object_ref (g_ptr_array_index (before, position));
  gtk_selection_model_select_item (selection, position, TRUE);

  search_for (&f, "rifle");
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(MusterCharacter) c = g_list_model_get_item (model, i);

      g_assert_true (g_ptr_array_find (before, c, NULL));
      g_assert_true (gtk_selection_model_is_selected (selection, i) == (c == rifleman));
    }

  search_for (&f, "");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, before->len);
  for (guint i = 0; i < before->len; i++)
    {
      g_autoptr(MusterCharacter) c = g_list_model_get_item (model, i);

      g_assert_true (c == g_ptr_array_index (before, i));
    }
  g_assert_true (gtk_selection_model_is_selected (selection, position));

  muster_gui_fixture_close (&f);
}

/* A status page's large icon is loaded when the page is first shown, not
 * with the window: the roster's "nothing found" page and the window's
 * broken-rules page have none while hidden, and the icon once shown. */
static void
test_roster_status_icons_when_shown (void)
{
  Fixture f = { 0 };
  AdwStatusPage *nothing;
  AdwStatusPage *broken;

  muster_gui_fixture_open (&f, TRUE);
  muster_gui_wait_for_roster (f.window);
  muster_gui_wait_for_frame (GTK_WIDGET (f.window));
  nothing = ADW_STATUS_PAGE (muster_gui_template_child (roster (&f), MUSTER_TYPE_ROSTER_PAGE, "nothing_status"));
  broken = ADW_STATUS_PAGE (muster_gui_template_child (f.window, MUSTER_TYPE_WINDOW, "broken_rules_page"));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (nothing)));
  g_assert_null (adw_status_page_get_icon_name (nothing));
  g_assert_null (adw_status_page_get_icon_name (broken));

  search_for (&f, "nobody-has-this-name");
  muster_gui_wait_for_frame (GTK_WIDGET (f.window));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (nothing)));
  g_assert_cmpstr (adw_status_page_get_icon_name (nothing), ==, "edit-find-symbolic");
  g_assert_null (adw_status_page_get_icon_name (broken));

  /* Kept when it is hidden and shown again. */
  search_for (&f, "");
  muster_gui_wait_for_frame (GTK_WIDGET (f.window));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (nothing)));
  g_assert_cmpstr (adw_status_page_get_icon_name (nothing), ==, "edit-find-symbolic");

  muster_gui_fixture_close (&f);
}

static void
test_roster_search (void)
{
  Fixture f = { 0 };
  GListModel *model;
  GtkStack *stack;
  g_autoptr(GPtrArray) forces = NULL;
  gint64 force_id;
  guint n;

  muster_gui_fixture_open (&f, TRUE);
  model = muster_roster_page_get_model (roster (&f));

  search_for (&f, "rifle");
  n = g_list_model_get_n_items (model);
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (n, <, 24);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(MusterCharacter) c = g_list_model_get_item (model, i);

      g_assert_true (strstr (muster_character_get_troop_type (c), "rifle") != NULL ||
                     strstr (muster_character_get_weapon (c), "rifle") != NULL);
    }

  search_for (&f, "nobody-has-this-name");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  stack = GTK_STACK (muster_gui_template_child (roster (&f), MUSTER_TYPE_ROSTER_PAGE, "list_stack"));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "nothing");

  search_for (&f, "");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 24);

  forces = muster_store_list_forces (f.store, f.campaign_id, NULL);
  g_assert_cmpuint (forces->len, ==, 2);
  force_id = muster_force_get_id (g_ptr_array_index (forces, 1));
  muster_roster_page_set_force_id (roster (&f), force_id);
  muster_gui_spin ();
  g_assert_cmpint (muster_roster_page_get_force_id (roster (&f)), ==, force_id);
  n = g_list_model_get_n_items (model);
  g_assert_cmpuint (n, ==, count_characters (f.store, f.campaign_id) -
                    muster_force_get_n_characters (g_ptr_array_index (forces, 0)));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(MusterCharacter) c = g_list_model_get_item (model, i);

      g_assert_cmpint (muster_character_get_force_id (c), ==, force_id);
    }

  muster_gui_fixture_close (&f);
}

static void
test_roster_delete_undo (void)
{
  Fixture f = { 0 };
  GListModel *model;
  GtkSelectionModel *selection;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GArray) ids = NULL;

  muster_gui_fixture_open (&f, TRUE);
  model = muster_roster_page_get_model (roster (&f));
  selection = gtk_column_view_get_model (muster_roster_page_get_column_view (roster (&f)));
  before = muster_store_dump (f.store);

  gtk_selection_model_select_range (selection, 0, 3, TRUE);
  ids = muster_roster_page_get_selected_ids (roster (&f));
  g_assert_cmpuint (ids->len, ==, 3);

  gtk_widget_activate_action (GTK_WIDGET (roster (&f)), "roster.delete", NULL);
  muster_gui_spin ();
  g_assert_cmpuint (count_characters (f.store, f.campaign_id), ==, 21);
  /* A toast says what went, with Undo (its mnemonic only once the toast
   * is in). */
  g_assert_true (muster_gui_find_widget (GTK_WIDGET (f.window), GTK_TYPE_BUTTON, "_Undo") != NULL ||
                 muster_gui_find_widget (GTK_WIDGET (f.window), GTK_TYPE_BUTTON, "Undo") != NULL);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 21);
  g_assert_null (muster_store_get_character (f.store, g_array_index (ids, gint64, 0), NULL));

  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL);
  muster_gui_spin ();
  g_assert_cmpuint (count_characters (f.store, f.campaign_id), ==, 24);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 24);
  after = muster_store_dump (f.store);
  g_assert_cmpstr (before, ==, after);

  /* Nothing left to undo: a second Undo changes nothing. */
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL);
  muster_gui_spin ();
  g_clear_pointer (&after, g_free);
  after = muster_store_dump (f.store);
  g_assert_cmpstr (before, ==, after);

  muster_gui_fixture_close (&f);
}

static gboolean
toast_names (GtkWidget  *window,
             const char *name)
{
  GtkWidget *label = muster_gui_toast_label (window);

  return label != NULL && strstr (gtk_label_get_label (GTK_LABEL (label)), name) != NULL;
}

/* Deletions in quick succession, each while the last one's toast is
 * still coming in: one toast says the last, and its Undo undoes it; an
 * Undo at once, the toast going when it is in. libadwaita 1.2 crashed
 * when a toast was dismissed while it was still coming in. */
static void
test_roster_delete_quickly (void)
{
  Fixture f = { 0 };
  GtkSelectionModel *selection;
  GListModel *model;

  muster_gui_fixture_open (&f, TRUE);
  selection = gtk_column_view_get_model (muster_roster_page_get_column_view (roster (&f)));
  model = muster_roster_page_get_model (roster (&f));
  for (guint round = 0; round < 4; round++)
    {
      g_autoptr(MusterCharacter) first = g_list_model_get_item (model, 0);

      gtk_selection_model_select_item (selection, 0, TRUE);
      gtk_widget_activate_action (GTK_WIDGET (roster (&f)), "roster.delete", NULL);
      muster_gui_spin ();
      muster_gui_wait_for_frame (GTK_WIDGET (f.window));
      g_assert_true (toast_names (GTK_WIDGET (f.window), muster_character_get_name (first)));
    }
  g_assert_cmpuint (count_characters (f.store, f.campaign_id), ==, 20);
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL);
  muster_gui_spin ();
  g_assert_cmpuint (count_characters (f.store, f.campaign_id), ==, 21);
  muster_gui_wait_until (muster_gui_toast_label (GTK_WIDGET (f.window)) == NULL);

  /* Deleted and undone at once, before the toast is in. */
  gtk_selection_model_select_item (selection, 0, TRUE);
  gtk_widget_activate_action (GTK_WIDGET (roster (&f)), "roster.delete", NULL);
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL);
  muster_gui_spin ();
  g_assert_cmpuint (count_characters (f.store, f.campaign_id), ==, 21);
  muster_gui_wait_until (muster_gui_toast_label (GTK_WIDGET (f.window)) == NULL);

  muster_gui_fixture_close (&f);
}

/* Deleting men who played would rewrite their games: Delete keeps them
 * and offers to retire them instead, deleting the others. */
static void
test_roster_delete_played (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCharacter) first = NULL;
  g_autoptr(MusterCharacter) last = NULL;
  g_autoptr(GArray) ids = NULL;
  GtkSelectionModel *selection;
  GListModel *model;
  AdwMessageDialog *dialog;
  MusterResult result = { "unhurt", };
  gint64 players[2], game;

  muster_gui_fixture_open (&f, TRUE);
  model = muster_roster_page_get_model (roster (&f));
  first = g_list_model_get_item (model, 0);
  last = g_list_model_get_item (model, g_list_model_get_n_items (model) - 1);
  players[0] = muster_character_get_id (first);
  players[1] = muster_character_get_id (last);
  game = muster_store_create_game (f.store, f.campaign_id, "The ford", NULL, players, 2, &error);
  g_assert_no_error (error);
  g_assert_true (muster_store_set_result (f.store, game, players[0], &result, &error));
  g_assert_no_error (error);
  muster_gui_spin ();

  /* The first who played and the one after him, who did not. */
  selection = gtk_column_view_get_model (muster_roster_page_get_column_view (roster (&f)));
  gtk_selection_model_select_range (selection, 0, 2, TRUE);
  ids = muster_roster_page_get_selected_ids (roster (&f));
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, players[0]);
  dialog = ADW_MESSAGE_DIALOG (muster_roster_page_delete_selected (roster (&f)));
  muster_gui_spin ();
  g_assert_nonnull (dialog);
  g_assert_true (dialog == ADW_MESSAGE_DIALOG (muster_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Retire Instead?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Retire him instead"));
  g_assert_nonnull (muster_store_get_character (f.store, players[0], NULL));
  g_assert_null (muster_store_get_character (f.store, g_array_index (ids, gint64, 1), NULL));
  g_assert_cmpuint (count_characters (f.store, f.campaign_id), ==, 23);

  adw_message_dialog_response (dialog, "retire");
  gtk_window_destroy (GTK_WINDOW (dialog));
  muster_gui_spin ();
  g_clear_object (&first);
  first = muster_store_get_character (f.store, players[0], &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_character_get_status (first), ==, MUSTER_STATUS_RETIRED);

  muster_gui_fixture_close (&f);
}

static void
test_roster_empty_state (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);
  GtkStack *stack;
  gint64 id;

  g_assert_no_error (error);
  muster_gui_fixture_open (&f, TRUE);
  id = muster_store_create_campaign (f.store, "Empty", ruleset, 7, NULL, &error);
  g_assert_no_error (error);
  muster_window_select_campaign (f.window, id);
  muster_gui_wait_for_roster (f.window);

  stack = GTK_STACK (muster_gui_template_child (roster (&f), MUSTER_TYPE_ROSTER_PAGE, "stack"));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");
  /* No force to recruit into yet: the page suggests adding one. */
  g_assert_null (muster_recruit_dialog_new (GTK_WINDOW (f.window), f.store, id, 0));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (muster_gui_template_child (roster (&f), MUSTER_TYPE_ROSTER_PAGE,
                                                                                  "new_force_button")),
                                           "suggested-action"));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (muster_gui_template_child (roster (&f), MUSTER_TYPE_ROSTER_PAGE,
                                                                                   "recruit_button")),
                                            "suggested-action"));

  /* With a force, recruiting is what fills the page. */
  muster_store_create_force (f.store, id, "Grenadiers", "French", &error);
  g_assert_no_error (error);
  muster_gui_spin ();
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (muster_gui_template_child (roster (&f), MUSTER_TYPE_ROSTER_PAGE,
                                                                                   "new_force_button")),
                                            "suggested-action"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (muster_gui_template_child (roster (&f), MUSTER_TYPE_ROSTER_PAGE,
                                                                                  "recruit_button")),
                                           "suggested-action"));

  muster_gui_fixture_close (&f);
}

/* --- The character sheet ------------------------------------------------ */

static MusterCharacterWindow *
open_sheet (Fixture    *f,
            const char *name,
            gint64     *out_id)
{
  g_autoptr(MusterCharacter) character = find_by_name (f->store, f->campaign_id, name);
  MusterCharacterWindow *sheet;

  *out_id = muster_character_get_id (character);
  muster_application_open_character (muster_gui_test_get_app (), *out_id);
  muster_gui_spin ();
  sheet = find_sheet (*out_id);
  g_assert_nonnull (sheet);
  return sheet;
}

static void
test_sheet_edit_stat (void)
{
  Fixture f = { 0 };
  g_autoptr(MusterStore) second = NULL;
  g_autoptr(MusterCharacter) reread = NULL;
  g_autoptr(GError) error = NULL;
  MusterCharacterWindow *sheet;
  GtkSpinButton *spin_i;
  gint64 id;
  int old_value, new_value, value;

  muster_gui_fixture_open (&f, TRUE);
  sheet = open_sheet (&f, "Thomas Ward", &id);

  spin_i = GTK_SPIN_BUTTON (muster_character_window_get_editor (sheet, "I"));
  g_assert_nonnull (spin_i);
  old_value = gtk_spin_button_get_value_as_int (spin_i);
  new_value = old_value == 6 ? 1 : old_value + 1;
  gtk_spin_button_set_value (spin_i, new_value);
  muster_gui_spin ();

  /* Read back through another connection to the same file. */
  second = muster_store_open (f.path, &error);
  g_assert_no_error (error);
  reread = muster_store_get_character (second, id, &error);
  g_assert_no_error (error);
  g_assert_true (muster_character_get_stat (reread, "I", &value));
  g_assert_cmpint (value, ==, new_value);

  muster_gui_fixture_close (&f);
}

static gboolean
notes_are (MusterStore *store,
           gint64       id,
           const char  *notes)
{
  g_autoptr(MusterCharacter) character = muster_store_get_character (store, id, NULL);

  return g_strcmp0 (muster_character_get_notes (character), notes) == 0;
}

static void
test_sheet_edit_fields (void)
{
  Fixture f = { 0 };
  g_autoptr(MusterCharacter) after = NULL;
  MusterCharacterWindow *sheet;
  GtkWidget *name_row;
  gint64 id;

  muster_gui_fixture_open (&f, TRUE);
  sheet = open_sheet (&f, "Thomas Ward", &id);

  name_row = muster_character_window_get_editor (sheet, "name");
  gtk_editable_set_text (GTK_EDITABLE (name_row), "Thomas Warde");
  g_signal_emit_by_name (name_row, "apply");
  gtk_switch_set_active (GTK_SWITCH (muster_character_window_get_editor (sheet, "mounted")), TRUE);
  /* Out of action (position 1) for 3 games. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (muster_character_window_get_editor (sheet, "out-games")), 3);
  adw_combo_row_set_selected (ADW_COMBO_ROW (muster_character_window_get_editor (sheet, "status")), 1);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (muster_character_window_get_editor (sheet, "notes"))),
                            "Wounded at the Côa", -1);
  /* Notes are saved a moment after the last key. */
  muster_gui_wait_until (notes_are (f.store, id, "Wounded at the Côa"));

  after = muster_store_get_character (f.store, id, NULL);
  g_assert_cmpstr (muster_character_get_name (after), ==, "Thomas Warde");
  g_assert_true (muster_character_get_mounted (after));
  g_assert_cmpint (muster_character_get_status (after), ==, MUSTER_STATUS_OUT_OF_ACTION);
  g_assert_cmpint (muster_character_get_out_games (after), ==, 3);
  g_assert_cmpstr (muster_character_get_notes (after), ==, "Wounded at the Côa");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (sheet)), ==, "Thomas Warde");

  muster_gui_fixture_close (&f);
}

/* Whether @root shows a visible label reading @text. */
static gboolean
shows_label (GtkWidget  *root,
             const char *text)
{
  GtkWidget *label = muster_gui_find_widget (root, GTK_TYPE_LABEL, text);

  return label != NULL && gtk_widget_is_visible (label);
}

/* Whether the list @view shows a visible cell reading @text. */
static gboolean
shows_cell (GtkWidget  *view,
            const char *text)
{
  GtkWidget *cell = muster_gui_find_widget (view, GTK_TYPE_INSCRIPTION, text);

  return cell != NULL && gtk_widget_is_visible (cell);
}

/* A musket holds what he shoots with to 9, not what he keeps: the sheet
 * keeps his 11 and shows "(9)" beside it with the key under the stat's
 * name, the roster "11 (9)" with a key under the list; a rifle gives him
 * his 11 again. */
static void
test_sheet_capped (void)
{
  Fixture f = { 0 };
  g_autoptr(MusterCharacter) after = NULL;
  MusterCharacterWindow *sheet;
  GtkSpinButton *spin_f;
  GtkWidget *row, *key;
  gint64 id;
  int stored;

  muster_gui_fixture_open (&f, TRUE);
  /* Line infantry with a musket: he shoots at a firing skill of 9. */
  sheet = open_sheet (&f, "Thomas Ward", &id);
  spin_f = GTK_SPIN_BUTTON (muster_character_window_get_editor (sheet, "F"));
  row = gtk_widget_get_ancestor (GTK_WIDGET (spin_f), ADW_TYPE_ACTION_ROW);
  g_assert_false (shows_label (row, "(9)"));
  gtk_spin_button_set_value (spin_f, 11);
  muster_gui_spin ();

  after = muster_store_get_character (f.store, id, NULL);
  g_assert_true (muster_character_get_stat (after, "F", &stored));
  g_assert_cmpint (stored, ==, 11);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin_f), ==, 11);
  g_assert_true (shows_label (row, "(9)"));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "(9): Firing with his Musket");

  search_for (&f, "Thomas Ward");
  muster_gui_wait_for_frame (GTK_WIDGET (muster_roster_page_get_column_view (roster (&f))));
  g_assert_true (shows_cell (GTK_WIDGET (muster_roster_page_get_column_view (roster (&f))), "11 (9)"));
  key = GTK_WIDGET (muster_gui_template_child (roster (&f), MUSTER_TYPE_ROSTER_PAGE, "caps_key"));
  g_assert_true (gtk_widget_get_visible (key));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (key)), ==,
                   "In brackets: what a man uses with the weapon he carries (Firing at most 9 with a Musket).");

  /* Handed a rifle, he shoots at his own 11. */
  g_assert_true (muster_store_set_character_text (f.store, id, "weapon", "rifle", NULL));
  muster_gui_spin ();
  g_assert_false (shows_label (row, "(9)"));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "From 1 to 12");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin_f), ==, 11);
  g_assert_false (gtk_widget_get_visible (key));

  muster_gui_fixture_close (&f);
}

static void
test_sheet_follows_other_connection (void)
{
  Fixture f = { 0 };
  g_autoptr(MusterStore) other = NULL;
  g_autoptr(GError) error = NULL;
  MusterCharacterWindow *sheet;
  gint64 id;

  muster_gui_fixture_open (&f, TRUE);
  sheet = open_sheet (&f, "Patrick Nolan", &id);

  other = muster_store_open (f.path, &error);
  g_assert_no_error (error);
  g_assert_true (muster_store_set_character_stat (other, id, "C", 2, &error));
  g_assert_true (muster_store_set_character_text (other, id, "name", "Padraig Nolan", &error));
  g_assert_no_error (error);

  g_assert_true (muster_store_poll_external (f.store));
  muster_gui_spin ();
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (muster_character_window_get_editor (sheet, "C"))), ==, 2);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (muster_character_window_get_editor (sheet, "name"))), ==, "Padraig Nolan");

  muster_gui_fixture_close (&f);
}

static void
test_sheet_follows_cli (void)
{
  Fixture f = { 0 };
  const char *cli = g_getenv ("MUSTER_CLI");
  g_autofree char *id_text = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  MusterCharacterWindow *sheet;
  gint64 id;
  int status;

  if (cli == NULL || !g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("MUSTER_CLI is not set");
      return;
    }

  muster_gui_fixture_open (&f, TRUE);
  sheet = open_sheet (&f, "Daniel Marsh", &id);
  id_text = g_strdup_printf ("%" G_GINT64_FORMAT, id);

  {
    const char *argv[] = { cli, "--library", f.path, "rename", "character", id_text, "Daniel Marsh the Elder", NULL };
    g_autofree char *out = NULL;

    /* What the command says is read, so that it stays out of the test's
     * TAP output. */
    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
    g_assert_no_error (error);
    if (!g_spawn_check_wait_status (status, NULL))
      g_error ("muster-cli failed: %s", err);
  }

  /* What the window does when it becomes active again. */
  g_assert_true (muster_store_poll_external (f.store));
  muster_gui_spin ();
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (muster_character_window_get_editor (sheet, "name"))),
                   ==, "Daniel Marsh the Elder");

  muster_gui_fixture_close (&f);
}

static void
test_sheet_raise_and_close (void)
{
  Fixture f = { 0 };
  g_autoptr(MusterUndo) undo = NULL;
  g_autoptr(GError) error = NULL;
  gint64 id, other_id;

  muster_gui_fixture_open (&f, TRUE);
  open_sheet (&f, "Thomas Ward", &id);
  open_sheet (&f, "Thomas Ward", &id);
  g_assert_cmpuint (count_sheets (), ==, 1);
  open_sheet (&f, "Antoine Fabre", &other_id);
  g_assert_cmpuint (count_sheets (), ==, 2);

  /* Deleting the character closes its sheet and only its sheet. */
  undo = muster_store_delete_character (f.store, id, &error);
  g_assert_no_error (error);
  muster_gui_spin ();
  g_assert_null (find_sheet (id));
  g_assert_nonnull (find_sheet (other_id));
  g_assert_cmpuint (count_sheets (), ==, 1);

  muster_gui_fixture_close (&f);
}

/* --- Recruiting -------------------------------------------------------- */

/* The rolls kept for a recruit, with faces, read from the file itself. */
static guint
count_recruit_rolls (const char *path,
                     gint64      character_id)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  guint n;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db,
                                       "SELECT count(*) FROM roll WHERE character_id = ?"
                                       " AND purpose LIKE 'recruit:%' AND faces <> ''",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_int64 (stmt, 1, character_id);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  n = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return n;
}

static void
test_recruit_dialog (void)
{
  Fixture f = { 0 };
  g_autoptr(MusterCharacter) recruit = NULL;
  g_autoptr(GPtrArray) log = NULL;
  g_autoptr(GPtrArray) forces = NULL;
  MusterRecruitDialog *dialog;
  AdwComboRow *troop_row;
  GtkEditable *name_row;
  GArray *created;
  guint rolls = 0;
  int f_value, shown_f;

  muster_gui_fixture_open (&f, TRUE);
  forces = muster_store_list_forces (f.store, f.campaign_id, NULL);
  dialog = MUSTER_RECRUIT_DIALOG (muster_recruit_dialog_new (GTK_WINDOW (f.window), f.store, f.campaign_id,
                                                             muster_force_get_id (g_ptr_array_index (forces, 0))));
  g_assert_nonnull (dialog);
  g_object_ref_sink (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  muster_gui_spin ();

  /* Riflemen roll Firing as 1D6+6, shown with its die. */
  troop_row = ADW_COMBO_ROW (muster_gui_template_child (dialog, MUSTER_TYPE_RECRUIT_DIALOG, "troop_row"));
  for (guint i = 0; i < g_list_model_get_n_items (adw_combo_row_get_model (troop_row)); i++)
    {
      GtkStringObject *item = g_list_model_get_item (adw_combo_row_get_model (troop_row), i);

      if (g_str_equal (gtk_string_object_get_string (item), "Rifleman"))
        adw_combo_row_set_selected (troop_row, i);
      g_object_unref (item);
    }
  muster_gui_spin ();
  shown_f = gtk_spin_button_get_value_as_int (muster_recruit_dialog_get_stat_spin (dialog, "F"));
  g_assert_cmpint (shown_f, >=, 7);
  g_assert_cmpint (shown_f, <=, 12);
  /* Each stat's row shows its dice: "1D6+6: 4 + 6 = 10". */
  {
    GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (muster_recruit_dialog_get_stat_spin (dialog, "F")),
                                              ADW_TYPE_ACTION_ROW);
    g_autofree char *expected = g_strdup_printf (" + 6 = %d", shown_f);

    g_assert_nonnull (row);
    g_assert_true (g_ascii_strncasecmp (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "1d6+6: ", 7) == 0);
    g_assert_true (g_str_has_suffix (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), expected));
    row = gtk_widget_get_ancestor (GTK_WIDGET (muster_recruit_dialog_get_stat_spin (dialog, "I")),
                                   ADW_TYPE_ACTION_ROW);
    g_assert_true (g_ascii_strncasecmp (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "1d6: ", 5) == 0);
  }
  /* Line infantry always fire at 6 (sharpes-skirmish.xml, <roll stat="F"
   * dice="6"/>): no dice to show, as if rolled. */
  for (guint i = 0; i < g_list_model_get_n_items (adw_combo_row_get_model (troop_row)); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (adw_combo_row_get_model (troop_row), i);

      if (g_str_equal (gtk_string_object_get_string (item), "Line infantry"))
        adw_combo_row_set_selected (troop_row, i);
    }
  muster_gui_spin ();
  {
    GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (muster_recruit_dialog_get_stat_spin (dialog, "F")),
                                              ADW_TYPE_ACTION_ROW);

    g_assert_cmpint (gtk_spin_button_get_value_as_int (muster_recruit_dialog_get_stat_spin (dialog, "F")), ==, 6);
    g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Always 6 for this troop type");
  }
  /* Back to the rifleman, with the same dice. */
  for (guint i = 0; i < g_list_model_get_n_items (adw_combo_row_get_model (troop_row)); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (adw_combo_row_get_model (troop_row), i);

      if (g_str_equal (gtk_string_object_get_string (item), "Rifleman"))
        adw_combo_row_set_selected (troop_row, i);
    }
  muster_gui_spin ();
  g_assert_cmpint (gtk_spin_button_get_value_as_int (muster_recruit_dialog_get_stat_spin (dialog, "F")), ==, shown_f);

  name_row = GTK_EDITABLE (muster_gui_template_child (dialog, MUSTER_TYPE_RECRUIT_DIALOG, "name_row"));
  g_assert_cmpstr (gtk_editable_get_text (name_row), !=, "");
  gtk_editable_set_text (name_row, "Benjamin Harland");

  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.save", NULL);
  muster_gui_spin ();
  created = muster_recruit_dialog_get_created (dialog);
  g_assert_nonnull (created);
  g_assert_cmpuint (created->len, ==, 1);

  recruit = muster_store_get_character (f.store, g_array_index (created, gint64, 0), NULL);
  g_assert_nonnull (recruit);
  g_assert_cmpstr (muster_character_get_name (recruit), ==, "Benjamin Harland");
  g_assert_cmpstr (muster_character_get_troop_type (recruit), ==, "rifleman");
  g_assert_true (muster_character_get_stat (recruit, "F", &f_value));
  g_assert_cmpint (f_value, ==, shown_f);
  g_assert_cmpuint (count_characters (f.store, f.campaign_id), ==, 25);

  /* Every rolled stat is kept with its faces; the log shows Firing's. */
  rolls = count_recruit_rolls (f.path, muster_character_get_id (recruit));
  g_assert_cmpuint (rolls, ==, 5);
  log = muster_store_list_log (f.store, f.campaign_id, 0, muster_character_get_id (recruit), NULL);
  g_assert_nonnull (log);
  g_assert_cmpuint (log->len, ==, 1);
  g_assert_nonnull (strstr (((MusterLogEntry *) g_ptr_array_index (log, 0))->message, "(rolled "));

  g_object_unref (dialog);
  muster_gui_fixture_close (&f);
}

/* A recruit with a musket may keep a firing skill above its 9. */
static void
test_recruit_above_cap (void)
{
  Fixture f = { 0 };
  MusterRecruitDialog *dialog;
  g_autoptr(MusterCharacter) created = NULL;
  GArray *ids;
  int value = 0;

  muster_gui_fixture_open (&f, TRUE);
  /* The first troop type in the file is line infantry, with a musket. */
  dialog = MUSTER_RECRUIT_DIALOG (muster_recruit_dialog_new (GTK_WINDOW (f.window), f.store, f.campaign_id, 0));
  g_object_ref_sink (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  muster_gui_spin ();

  gtk_spin_button_set_value (muster_recruit_dialog_get_stat_spin (dialog, "F"), 10);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.save", NULL);
  muster_gui_spin ();

  ids = muster_recruit_dialog_get_created (dialog);
  g_assert_nonnull (ids);
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpuint (count_characters (f.store, f.campaign_id), ==, 25);
  created = muster_store_get_character (f.store, g_array_index (ids, gint64, 0), NULL);
  g_assert_true (muster_character_get_stat (created, "F", &value));
  g_assert_cmpint (value, ==, 10);
  g_assert_cmpstr (muster_character_get_weapon (created), ==, "musket");

  g_object_unref (dialog);
  muster_gui_fixture_close (&f);
}

/* Appends the stats @keys of @dialog to @values, checking that each is
 * what one die can roll: I, D, S and C are rolled on 1D6
 * (seeds/000_73f15fb3553713d1.txt:77). */
static void
append_rolled_stats (MusterRecruitDialog *dialog,
                     const char         **keys,
                     guint                n_keys,
                     GString             *values)
{
  for (guint k = 0; k < n_keys; k++)
    {
      int value = gtk_spin_button_get_value_as_int (muster_recruit_dialog_get_stat_spin (dialog, keys[k]));

      g_assert_cmpint (value, >=, 1);
      g_assert_cmpint (value, <=, 6);
      g_string_append_printf (values, "%d,", value);
    }
}

static void
test_recruit_roll_again (void)
{
  Fixture f = { 0 };
  MusterRecruitDialog *dialog;
  g_autoptr(GString) first = g_string_new (NULL);
  gboolean differs = FALSE;
  const char *keys[] = { "I", "D", "S", "C" };

  muster_gui_fixture_open (&f, TRUE);
  dialog = MUSTER_RECRUIT_DIALOG (muster_recruit_dialog_new (GTK_WINDOW (f.window), f.store, f.campaign_id, 0));
  g_object_ref_sink (dialog);

  append_rolled_stats (dialog, keys, G_N_ELEMENTS (keys), first);

  /* Four d6 the same ten times over would be a broken generator. */
  for (guint n = 0; n < 10 && !differs; n++)
    {
      g_autoptr(GString) again = g_string_new (NULL);

      gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.roll", NULL);
      append_rolled_stats (dialog, keys, G_N_ELEMENTS (keys), again);
      differs = !g_str_equal (first->str, again->str);
    }
  g_assert_true (differs);

  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);
  muster_gui_fixture_close (&f);
}

static void
test_recruit_several (void)
{
  Fixture f = { 0 };
  MusterRecruitDialog *dialog;

  muster_gui_fixture_open (&f, TRUE);
  dialog = MUSTER_RECRUIT_DIALOG (muster_recruit_dialog_new (GTK_WINDOW (f.window), f.store, f.campaign_id, 0));
  g_object_ref_sink (dialog);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (muster_gui_template_child (dialog, MUSTER_TYPE_RECRUIT_DIALOG, "count_spin")), 5);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.save", NULL);
  muster_gui_spin ();

  g_assert_cmpuint (muster_recruit_dialog_get_created (dialog)->len, ==, 5);
  g_assert_cmpuint (count_characters (f.store, f.campaign_id), ==, 29);
  g_assert_cmpuint (g_list_model_get_n_items (muster_roster_page_get_model (roster (&f))), ==, 29);

  g_object_unref (dialog);
  muster_gui_fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  muster_gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/roster/sample", test_roster_sample);
  g_test_add_func ("/gui/roster/sort", test_roster_sort);
  g_test_add_func ("/gui/roster/sort-follows-columns", test_roster_sort_follows_columns);
  g_test_add_func ("/gui/roster/sort-menu", test_roster_sort_menu);
  g_test_add_func ("/gui/roster/sort-keeps-selection", test_roster_sort_keeps_selection);
  g_test_add_func ("/gui/roster/search", test_roster_search);
  g_test_add_func ("/gui/roster/read-after-first-frame", test_roster_read_after_first_frame);
  g_test_add_func ("/gui/roster/status-icons-when-shown", test_roster_status_icons_when_shown);
  g_test_add_func ("/gui/roster/search-keeps-rows", test_roster_search_keeps_rows);
  g_test_add_func ("/gui/roster/last-character", test_roster_last_character);
  g_test_add_func ("/gui/roster/delete-undo", test_roster_delete_undo);
  g_test_add_func ("/gui/roster/delete-quickly", test_roster_delete_quickly);
  g_test_add_func ("/gui/roster/delete-played", test_roster_delete_played);
  g_test_add_func ("/gui/roster/empty-state", test_roster_empty_state);
  g_test_add_func ("/gui/sheet/edit-stat", test_sheet_edit_stat);
  g_test_add_func ("/gui/sheet/edit-fields", test_sheet_edit_fields);
  g_test_add_func ("/gui/sheet/capped", test_sheet_capped);
  g_test_add_func ("/gui/sheet/other-connection", test_sheet_follows_other_connection);
  g_test_add_func ("/gui/sheet/cli", test_sheet_follows_cli);
  g_test_add_func ("/gui/sheet/raise-and-close", test_sheet_raise_and_close);
  g_test_add_func ("/gui/recruit/dialog", test_recruit_dialog);
  g_test_add_func ("/gui/recruit/above-cap", test_recruit_above_cap);
  g_test_add_func ("/gui/recruit/roll-again", test_recruit_roll_again);
  g_test_add_func ("/gui/recruit/several", test_recruit_several);

  return muster_gui_test_finish (g_test_run ());
}
