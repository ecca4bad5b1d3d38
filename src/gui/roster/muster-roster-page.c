/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-roster"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-a11y.h"
#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-character-stats.h"
#include "muster-force.h"
#include "muster-list-columns.h"
#include "muster-list-sorter.h"
#include "muster-names.h"
#include "muster-print-dialog.h"
#include "muster-roster-model.h"
#include "muster-roster-page.h"
#include "muster-sheet-text.h"
#include "muster-sort-filter-model.h"
#include "muster-status-icon.h"
#include "muster-traits.h"
#include "muster-unit-list.h"
#include "muster-window.h"

struct _MusterRosterPage
{
  AdwBin              parent_instance;

  MusterStore        *store;
  gulong              changed_id;
  gint64              campaign_id;
  MusterRuleset      *ruleset;
  MusterRosterModel  *model;      /* the campaign's characters, by id */
  MusterSortFilterModel *shown;   /* sorted by the view, filtered */
  GtkMultiSelection  *selection;
  GSettings          *settings;
  GCancellable       *loading;
  GAsyncResult       *loaded;     /* the characters read, not shown yet */
  gboolean            painted;    /* the window has painted its first frame */
  gboolean            load_pending; /* the characters are read after it */
  GdkFrameClock      *paint_clock;
  gulong              paint_id;
  char               *search;     /* casefolded, or NULL */
  gint64              shown_force;
  GtkStringList      *force_names;
  GArray             *force_ids;      /* gint64, parallel to force_names */
  gboolean            filling_forces;
  GPtrArray          *stat_columns;   /* of GtkColumnViewColumn, the ruleset's */
  GtkColumnViewColumn *name_column;
  GtkColumnViewColumn *weapon_column;
  GtkWidget          *context_popover;
  GtkWidget          *unit_list;      /* a MusterUnitList, made when first needed */
  gboolean            by_unit;        /* the ruleset keeps units */

  /* Template widgets */
  GtkStack           *stack;
  GtkStack           *list_stack;
  GtkSearchEntry     *search_entry;
  GtkDropDown        *force_dropdown;
  GtkColumnView      *column_view;
  GMenuModel         *context_menu;
  GtkPaned           *paned;
  AdwStatusPage      *empty_status;
  AdwStatusPage      *none_status;
  AdwStatusPage      *nothing_status;
  GtkWidget          *new_unit_button;
  GtkWidget          *new_force_button;
  GtkWidget          *characters_heading;
  GtkWidget          *recruit_button;
  GtkLabel           *caps_key;
};

G_DEFINE_FINAL_TYPE (MusterRosterPage, muster_roster_page, ADW_TYPE_BIN)

/* What a column shows. */
typedef enum {
  COLUMN_NAME,
  COLUMN_FORCE,
  COLUMN_TROOP_TYPE,
  COLUMN_WEAPON,
  COLUMN_STAT,
  COLUMN_STATUS,
  COLUMN_KILLS,
  COLUMN_GAMES,
} ColumnKind;

typedef struct {
  MusterRosterPage *page;
  ColumnKind        kind;
  const char       *stat;   /* interned */
} ColumnData;

/* What a column sorts by: texts by the keys each character keeps, the
 * rest by number, a stat as played (its traits and weapon's cap). A stat
 * key is interned (muster_character_get_stat() finds it at once). */
static int
character_stat_value (MusterRuleset   *ruleset,
                      MusterCharacter *character,
                      const char      *stat)
{
  int value = -1;

  if (ruleset != NULL)
    muster_traits_played_stat (ruleset, character, stat, &value, NULL);
  else
    muster_character_get_stat (character, stat, &value);
  return value;
}

static int
character_status_order (MusterCharacter *character)
{
  return (int) muster_character_get_status (character) * 1000 + muster_character_get_out_games (character);
}

static const char *
text_key_cb (gpointer item,
             gpointer user_data)
{
  ColumnData *column = user_data;
  MusterCharacterKey key;

  switch (column->kind)
    {
    case COLUMN_NAME:
      key = MUSTER_CHARACTER_KEY_NAME;
      break;
    case COLUMN_FORCE:
      key = MUSTER_CHARACTER_KEY_FORCE_NAME;
      break;
    case COLUMN_TROOP_TYPE:
      key = MUSTER_CHARACTER_KEY_TROOP_TYPE;
      break;
    case COLUMN_WEAPON:
      key = MUSTER_CHARACTER_KEY_WEAPON;
      break;
    default:
      g_assert_not_reached ();
    }
  return muster_character_get_sort_key (item, key);
}

static int
number_key_cb (gpointer item,
               gpointer user_data)
{
  ColumnData *column = user_data;

  switch (column->kind)
    {
    case COLUMN_STAT:
      return character_stat_value (column->page->ruleset, item, column->stat);
    case COLUMN_STATUS:
      return character_status_order (item);
    case COLUMN_KILLS:
      return muster_character_get_kills (item);
    case COLUMN_GAMES:
      return muster_character_get_games (item);
    default:
      g_assert_not_reached ();
    }
}

static char *
status_text (MusterCharacter *character)
{
  MusterStatus status = muster_character_get_status (character);

  if (status == MUSTER_STATUS_OUT_OF_ACTION)
    {
      int games = muster_character_get_out_games (character);

      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Out for %d game", "Out for %d games", games), games);
    }
  return g_strdup (muster_status_get_label (status));
}

static char *
cell_text (ColumnData      *column,
           MusterCharacter *character)
{
  MusterRuleset *ruleset = column->page->ruleset;

  switch (column->kind)
    {
    case COLUMN_NAME:
      return g_strdup (muster_character_get_name (character));
    case COLUMN_FORCE:
      return g_strdup (muster_character_get_force_name (character));
    case COLUMN_TROOP_TYPE:
      {
        const char *id = muster_character_get_troop_type (character);
        const MusterTroopType *type = ruleset ? muster_ruleset_lookup_troop_type (ruleset, id) : NULL;

        return g_strdup (type ? type->name : id);
      }
    case COLUMN_WEAPON:
      {
        const char *id = muster_character_get_weapon (character);
        const MusterWeaponDef *weapon = (ruleset && id) ? muster_ruleset_lookup_weapon (ruleset, id) : NULL;

        return g_strdup (weapon ? weapon->name : (id ? id : ""));
      }
    case COLUMN_STAT:
      {
        char *text = ruleset != NULL
                     ? muster_sheet_stat_value_text (ruleset, character,
                                                     muster_ruleset_lookup_stat (ruleset, column->stat))
                     : NULL;

        return text != NULL ? text : g_strdup ("—");
      }
    case COLUMN_STATUS:
      return status_text (character);
    case COLUMN_KILLS:
      return g_strdup_printf ("%d", muster_character_get_kills (character));
    case COLUMN_GAMES:
      return g_strdup_printf ("%d", muster_character_get_games (character));
    default:
      g_assert_not_reached ();
    }
}

static int
text_column_chars (ColumnKind kind)
{
  switch (kind)
    {
    case COLUMN_NAME:
      return 14;
    case COLUMN_FORCE:
      return 12;
    case COLUMN_TROOP_TYPE:
      return 11;
    case COLUMN_WEAPON:
      return 9;
    case COLUMN_STATUS:
      return 7;
    case COLUMN_STAT:
    case COLUMN_KILLS:
    case COLUMN_GAMES:
    default:
      return -1;
    }
}

static void
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               ColumnData               *column)
{
  gboolean numeric = column->kind == COLUMN_STAT || column->kind == COLUMN_KILLS ||
                     column->kind == COLUMN_GAMES;

  /* Text columns get enough room to be read before they are cut. */
  gtk_list_item_set_child (item, muster_list_cell_new (numeric, text_column_chars (column->kind)));
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              ColumnData               *column)
{
  g_autofree char *text = cell_text (column, gtk_list_item_get_item (item));
  g_autofree char *shown = muster_names_shorten (text);

  muster_list_cell_set_text (gtk_list_item_get_child (item), shown);
  /* The row is named by the character, and says who he is. */
  if (column->kind == COLUMN_NAME)
    {
      MusterCharacter *character = gtk_list_item_get_item (item);
      ColumnData force = { column->page, COLUMN_FORCE, NULL };
      ColumnData type = { column->page, COLUMN_TROOP_TYPE, NULL };
      g_autofree char *force_text = cell_text (&force, character);
      g_autofree char *type_text = cell_text (&type, character);
      g_autofree char *status = status_text (character);
      /* Translators: what a screen reader says of a character's row: his
       * force, troop type and status */
      g_autofree char *description = g_strdup_printf (_("%s, %s, %s"), force_text, type_text, status);
      g_autofree char *short_description = muster_names_shorten_text (description);

      muster_a11y_label_row (gtk_list_item_get_child (item), shown, short_description);
    }
}

static GtkColumnViewColumn *
add_column (MusterRosterPage *self,
            const char       *title,
            ColumnKind        kind,
            const char       *stat)
{
  ColumnData *data = g_new0 (ColumnData, 1);
  gboolean text = kind == COLUMN_NAME || kind == COLUMN_FORCE ||
                  kind == COLUMN_TROOP_TYPE || kind == COLUMN_WEAPON;

  data->page = self;
  data->kind = kind;
  data->stat = stat != NULL ? g_intern_string (stat) : NULL;
  return muster_list_append_column (self->column_view, title,
                                    G_CALLBACK (setup_cell_cb), G_CALLBACK (bind_cell_cb),
                                    data, g_free,
                                    text ? muster_list_sorter_new_text (text_key_cb, data)
                                         : muster_list_sorter_new_number (number_key_cb, data),
                                    kind == COLUMN_NAME);
}

/* The ruleset's stat columns sit between Weapon and Status. */
static void
rebuild_stat_columns (MusterRosterPage *self)
{
  guint position = 4;

  for (guint i = 0; i < self->stat_columns->len; i++)
    gtk_column_view_remove_column (self->column_view, g_ptr_array_index (self->stat_columns, i));
  g_ptr_array_set_size (self->stat_columns, 0);

  if (self->ruleset == NULL)
    return;

  for (guint i = 0; i < muster_ruleset_get_n_stats (self->ruleset); i++)
    {
      const MusterStatDef *stat = muster_ruleset_get_stat (self->ruleset, i);
      GtkColumnViewColumn *column;

      /* A short key ("F") heads its column as on the sheets; a longer one
       * ("rank") is a word, shown translated. */
      column = add_column (self, g_utf8_strlen (stat->key, -1) <= 2 ? stat->key : stat->name,
                           COLUMN_STAT, stat->key);
      g_object_ref (column);
      gtk_column_view_remove_column (self->column_view, column);
      gtk_column_view_insert_column (self->column_view, position++, column);
      g_ptr_array_add (self->stat_columns, column);
    }
}

static void update_visible_child (MusterRosterPage *self);

/* The units sit above the characters, for rules that keep them: their
 * list is made the first time a campaign's rules do (or it is asked
 * for), not for every roster. */
static MusterUnitList *
ensure_unit_list (MusterRosterPage *self)
{
  if (self->unit_list == NULL)
    {
      self->unit_list = muster_unit_list_new (self->store);
      gtk_paned_set_start_child (self->paned, self->unit_list);
      g_signal_connect_swapped (muster_unit_list_get_unit_model (MUSTER_UNIT_LIST (self->unit_list)),
                                "notify::n-all", G_CALLBACK (update_visible_child), self);
      muster_unit_list_set_campaign (MUSTER_UNIT_LIST (self->unit_list), self->campaign_id,
                                     self->by_unit ? self->ruleset : NULL);
      muster_unit_list_set_has_forces (MUSTER_UNIT_LIST (self->unit_list), self->force_ids->len > 1);
      gtk_widget_set_visible (self->unit_list, self->by_unit);
    }
  return MUSTER_UNIT_LIST (self->unit_list);
}

/* The characters are on their way: read, or to be read once the window
 * has painted its first frame. */
static gboolean
is_loading (MusterRosterPage *self)
{
  return self->load_pending || muster_roster_model_is_loading (self->model);
}

static void
update_visible_child (MusterRosterPage *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->shown));
  const char *search = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  gboolean filtered = (search != NULL && *search != '\0') || muster_roster_page_get_force_id (self) != 0;
  guint n_units = 0;

  if (self->by_unit)
    n_units = muster_unit_list_model_get_n_all (muster_unit_list_get_unit_model (MUSTER_UNIT_LIST (self->unit_list)));

  /* The rows are on their way: no "No Characters" meanwhile. */
  if (is_loading (self))
    {
      gtk_stack_set_visible_child_name (self->stack, "list");
      gtk_stack_set_visible_child_name (self->list_stack, "rows");
      return;
    }
  if (n == 0 && n_units == 0 && !filtered)
    gtk_stack_set_visible_child_name (self->stack, "empty");
  else
    gtk_stack_set_visible_child_name (self->stack, "list");
  if (n > 0)
    gtk_stack_set_visible_child_name (self->list_stack, "rows");
  else
    gtk_stack_set_visible_child_name (self->list_stack, filtered ? "nothing" : "none");
}

static void
update_actions (MusterRosterPage *self)
{
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  gboolean any = !gtk_bitset_is_empty (selected);
  gboolean writable = self->store != NULL && !muster_store_is_read_only (self->store);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "roster.delete", any && writable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "roster.open", any);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "roster.print", any);
}

/* Fills the force filter, keeping the chosen force when it is still there. */
static void
set_suggested (GtkWidget *button,
               gboolean   suggested)
{
  if (suggested)
    gtk_widget_add_css_class (button, "suggested-action");
  else
    gtk_widget_remove_css_class (button, "suggested-action");
}

/* The empty state suggests what fills it: a force first, then units
 * where the rules keep them, else recruits. */
static void
update_suggested_action (MusterRosterPage *self)
{
  gboolean no_forces = self->force_ids->len <= 1;

  set_suggested (self->new_force_button, no_forces);
  set_suggested (self->new_unit_button, !no_forces && self->by_unit);
  set_suggested (self->recruit_button, !no_forces && !self->by_unit);

  /* Nothing to add a unit or a recruit to without a force: disabled, and
   * the buttons say why. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "roster.new-unit",
                                 self->by_unit && !no_forces && self->store != NULL &&
                                 !muster_store_is_read_only (self->store));
  if (self->unit_list != NULL)
    muster_unit_list_set_has_forces (MUSTER_UNIT_LIST (self->unit_list), !no_forces);
  gtk_widget_set_tooltip_text (self->new_unit_button,
                               no_forces ? _("Add a force first: every unit belongs to one") : NULL);
  gtk_widget_set_tooltip_text (self->recruit_button,
                               no_forces ? _("Add a force first: every character belongs to one") : NULL);
}

static void
reload_forces (MusterRosterPage *self)
{
  g_autoptr(GPtrArray) forces = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  gint64 keep = muster_roster_page_get_force_id (self);
  guint selected = 0;
  gint64 all = 0;

  if (self->campaign_id != 0)
    forces = muster_store_list_forces (self->store, self->campaign_id, NULL);

  g_array_set_size (self->force_ids, 0);
  g_array_append_val (self->force_ids, all);
  g_ptr_array_add (names, g_strdup (_("All Forces")));
  for (guint i = 0; forces != NULL && i < forces->len; i++)
    {
      MusterForce *force = g_ptr_array_index (forces, i);
      gint64 id = muster_force_get_id (force);

      if (id == keep)
        selected = self->force_ids->len;
      g_array_append_val (self->force_ids, id);
      g_ptr_array_add (names, muster_names_shorten (muster_force_get_name (force)));
    }
  g_ptr_array_add (names, NULL);

  self->filling_forces = TRUE;
  gtk_string_list_splice (self->force_names, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->force_names)),
                          (const char * const *) names->pdata);
  gtk_drop_down_set_selected (self->force_dropdown, selected);
  self->filling_forces = FALSE;

  if (selected == 0 && keep != 0)
    {
      self->shown_force = 0;
      muster_sort_filter_model_refilter (self->shown);
    }
  update_suggested_action (self);
}

static void
store_changed_cb (MusterStore      *store,
                  guint             what,
                  gint64            campaign_id,
                  MusterRosterPage *self)
{
  if (campaign_id != 0 && campaign_id != self->campaign_id)
    return;
  if (what & MUSTER_CHANGE_FORCES)
    reload_forces (self);
}

/* Under the list, the key to values in brackets ("11 (9)") when a
 * character shown has one. */
static void
update_caps_key (MusterRosterPage *self)
{
  g_autoptr(GPtrArray) characters = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *key = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->model));

  if (self->ruleset != NULL)
    {
      for (guint i = 0; i < n; i++)
        g_ptr_array_add (characters, g_list_model_get_item (G_LIST_MODEL (self->model), i));
      key = muster_characters_describe_caps (characters, self->ruleset);
    }
  gtk_label_set_label (self->caps_key, key != NULL ? key : "");
  gtk_widget_set_visible (GTK_WIDGET (self->caps_key), key != NULL);
}

static void
model_items_changed_cb (MusterRosterPage *self)
{
  update_visible_child (self);
  update_caps_key (self);
}

/* The characters of the chosen force whose texts hold the search. */
static gboolean
match_cb (gpointer item,
          gpointer user_data)
{
  MusterRosterPage *self = user_data;
  MusterCharacter *character = item;

  return (self->shown_force == 0 || muster_character_get_force_id (character) == self->shown_force) &&
         muster_character_matches (character, self->search);
}

static void
on_search_changed (MusterRosterPage *self)
{
  g_autofree char *folded = NULL;

  if (self->model == NULL)
    return;
  folded = muster_search_fold (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
  if (g_strcmp0 (folded, self->search) != 0)
    {
      g_free (self->search);
      self->search = g_steal_pointer (&folded);
      muster_sort_filter_model_refilter (self->shown);
    }
  if (self->unit_list != NULL)
    muster_unit_list_set_search (MUSTER_UNIT_LIST (self->unit_list),
                                 gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
  update_visible_child (self);
}

static void
on_stop_search (MusterRosterPage *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

static void
on_force_selected (MusterRosterPage *self)
{
  if (self->filling_forces || self->model == NULL)
    return;
  self->shown_force = muster_roster_page_get_force_id (self);
  muster_sort_filter_model_refilter (self->shown);
  if (self->unit_list != NULL)
    muster_unit_list_set_force_id (MUSTER_UNIT_LIST (self->unit_list), muster_roster_page_get_force_id (self));
  update_visible_child (self);
}

static void
open_character (MusterRosterPage *self,
                MusterCharacter  *character)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "app.open-character", "x",
                              muster_character_get_id (character));
}

static void
on_row_activated (GtkColumnView    *view,
                  guint             position,
                  MusterRosterPage *self)
{
  g_autoptr(MusterCharacter) character = g_list_model_get_item (G_LIST_MODEL (self->shown), position);

  if (character != NULL)
    open_character (self, character);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterRosterPage *self = MUSTER_ROSTER_PAGE (widget);
  g_autoptr(GArray) ids = muster_roster_page_get_selected_ids (self);

  /* A window per sheet: a slip of Ctrl+A should not open hundreds. */
  for (guint i = 0; i < MIN (ids->len, 12); i++)
    gtk_widget_activate_action (widget, "app.open-character", "x", g_array_index (ids, gint64, i));
}

/* The rows the menu was opened on, however few. */
static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  MusterRosterPage *self = MUSTER_ROSTER_PAGE (widget);
  g_autoptr(GArray) ids = muster_roster_page_get_selected_ids (self);
  GtkRoot *root = gtk_widget_get_root (widget);

  if (ids->len == 0)
    return;
  muster_print_dialog_present (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->store,
                               self->campaign_id, muster_roster_page_get_force_id (self), ids,
                               MUSTER_PRINT_FIGURE_STATS);
}

static void
new_unit_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  MusterRosterPage *self = MUSTER_ROSTER_PAGE (widget);

  muster_unit_list_open_new_unit (ensure_unit_list (self));
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  muster_roster_page_delete_selected (MUSTER_ROSTER_PAGE (widget));
}

/* Keeps the character chosen last, to choose him again at the next
 * start. */
static void
selection_changed_cb (MusterRosterPage *self)
{
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));

  update_actions (self);
  if (!gtk_bitset_is_empty (selected) && !is_loading (self))
    {
      g_autoptr(MusterCharacter) character = g_list_model_get_item (G_LIST_MODEL (self->shown),
                                                                    gtk_bitset_get_minimum (selected));
      gint64 id = character != NULL ? muster_character_get_id (character) : 0;

      if (id != 0 && g_settings_get_int64 (self->settings, "last-character") != id)
        g_settings_set_int64 (self->settings, "last-character", id);
    }
}

/* The characters read go into the list: the last character chosen is
 * chosen again. */
static void
fill (MusterRosterPage *self)
{
  g_autoptr(GAsyncResult) result = g_steal_pointer (&self->loaded);
  g_autoptr(GError) error = NULL;
  MusterCharacter *last;

  if (!muster_roster_model_load_finish (self->model, result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        muster_window_report_read_error (GTK_WIDGET (self), error);
      return;
    }
  g_clear_object (&self->loading);
  update_visible_child (self);

  last = muster_roster_model_lookup (self->model, g_settings_get_int64 (self->settings, "last-character"));
  if (last != NULL)
    {
      guint position = muster_sort_filter_model_find (self->shown, last);

      if (position != G_MAXUINT)
        gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), position, TRUE);
    }
}

static void
stop_watching_frames (MusterRosterPage *self)
{
  /* A window that goes drops its clock's handlers. */
  if (self->paint_clock != NULL && g_signal_handler_is_connected (self->paint_clock, self->paint_id))
    g_signal_handler_disconnect (self->paint_clock, self->paint_id);
  self->paint_id = 0;
  g_clear_object (&self->paint_clock);
}

static void start_loading (MusterRosterPage *self);

static void
first_frame_cb (GdkFrameClock    *clock,
                MusterRosterPage *self)
{
  stop_watching_frames (self);
  self->painted = TRUE;
  if (self->load_pending)
    start_loading (self);
  else if (self->loaded != NULL)
    fill (self);
}

/* Waits for the first frame of the window the page is in, whether the
 * page shows in it or not (a narrow window may show the sidebar). */
static void
watch_first_frame (MusterRosterPage *self)
{
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self)));
  GdkFrameClock *clock;

  if (self->painted || root == NULL)
    return;
  clock = gtk_widget_get_realized (root) ? gtk_widget_get_frame_clock (root) : NULL;
  if (clock == NULL)
    {
      /* Not shown yet: its clock comes with it. */
      if (g_signal_handler_find (root, G_SIGNAL_MATCH_FUNC | G_SIGNAL_MATCH_DATA, 0, 0, NULL,
                                 watch_first_frame, self) == 0)
        g_signal_connect_object (root, "realize", G_CALLBACK (watch_first_frame), self, G_CONNECT_SWAPPED);
      return;
    }
  if (clock == self->paint_clock)
    return;
  stop_watching_frames (self);
  self->paint_clock = g_object_ref (clock);
  self->paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (first_frame_cb), self);
}

/* The characters are read. When the window opens, it is shown first,
 * with the list empty, and the rows come after its first frame. */
static void
loaded_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(MusterRosterPage) self = user_data;
  GtkRoot *root;

  if (self->model == NULL || g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    {
      muster_roster_model_load_finish (MUSTER_ROSTER_MODEL (object), result, NULL);
      return;
    }
  g_set_object (&self->loaded, result);
  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (!self->painted && root != NULL && gtk_widget_get_visible (GTK_WIDGET (root)))
    {
      watch_first_frame (self);
      return;
    }
  fill (self);
}

static void
on_map (MusterRosterPage *self)
{
  watch_first_frame (self);
}

static void
muster_roster_page_dispose (GObject *object)
{
  MusterRosterPage *self = MUSTER_ROSTER_PAGE (object);

  stop_watching_frames (self);
  g_clear_object (&self->loaded);

  if (self->store != NULL)
    g_clear_signal_handler (&self->changed_id, self->store);
  if (self->loading != NULL)
    g_cancellable_cancel (self->loading);
  g_clear_object (&self->loading);
  g_clear_pointer (&self->context_popover, gtk_widget_unparent);
  if (self->column_view != NULL)
    gtk_column_view_set_model (self->column_view, NULL);
  g_clear_object (&self->selection);
  g_clear_object (&self->shown);
  g_clear_object (&self->model);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->search, g_free);
  g_clear_object (&self->force_names);
  g_clear_object (&self->ruleset);
  g_clear_object (&self->store);
  g_clear_pointer (&self->stat_columns, g_ptr_array_unref);
  g_clear_pointer (&self->force_ids, g_array_unref);

  G_OBJECT_CLASS (muster_roster_page_parent_class)->dispose (object);
}

static void
muster_roster_page_class_init (MusterRosterPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_roster_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/muster-roster-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPage, stack);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPage, list_stack);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPage, force_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPage, column_view);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPage, context_menu);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPage, paned);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPage, empty_status);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPage, none_status);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPage, nothing_status);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPage, new_unit_button);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPage, new_force_button);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPage, characters_heading);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPage, recruit_button);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterPage, caps_key);
  gtk_widget_class_bind_template_callback (widget_class, on_search_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_stop_search);
  gtk_widget_class_bind_template_callback (widget_class, on_force_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);

  gtk_widget_class_install_action (widget_class, "roster.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "roster.delete", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "roster.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "roster.new-unit", NULL, new_unit_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "roster.delete", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Delete, 0, "roster.delete", NULL);
}

static void
muster_roster_page_init (MusterRosterPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  muster_status_page_set_icon_when_shown (self->empty_status, "system-users-symbolic");
  muster_status_page_set_icon_when_shown (self->none_status, "system-users-symbolic");
  muster_status_page_set_icon_when_shown (self->nothing_status, "edit-find-symbolic");

  self->settings = g_settings_new (APPLICATION_ID);
  g_signal_connect (self, "map", G_CALLBACK (on_map), NULL);
  self->stat_columns = g_ptr_array_new ();
  self->force_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  self->force_names = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->force_dropdown, G_LIST_MODEL (self->force_names));
  muster_names_ellipsize_drop_down (self->force_dropdown);

  self->name_column = add_column (self, _("Name"), COLUMN_NAME, NULL);
  add_column (self, _("Force"), COLUMN_FORCE, NULL);
  add_column (self, _("Troop Type"), COLUMN_TROOP_TYPE, NULL);
  self->weapon_column = add_column (self, _("Weapon"), COLUMN_WEAPON, NULL);
  add_column (self, _("Status"), COLUMN_STATUS, NULL);
  add_column (self, _("Kills"), COLUMN_KILLS, NULL);
  add_column (self, _("Games"), COLUMN_GAMES, NULL);

  self->context_popover = muster_list_add_context_menu (GTK_WIDGET (self), self->column_view,
                                                        self->context_menu);
}

GtkWidget *
muster_roster_page_new (MusterStore *store)
{
  MusterRosterPage *self;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  self = g_object_new (MUSTER_TYPE_ROSTER_PAGE, NULL);
  self->store = g_object_ref (store);
  self->changed_id = g_signal_connect (store, "changed", G_CALLBACK (store_changed_cb), self);

  /* No copy of the rows: the view shows the model's own items, sorted
   * and filtered by what each keeps. */
  self->model = muster_roster_model_new (store, 0);
  self->shown = muster_sort_filter_model_new (G_LIST_MODEL (self->model));
  muster_sort_filter_model_set_filter (self->shown, match_cb, self);
  self->selection = gtk_multi_selection_new (g_object_ref (G_LIST_MODEL (self->shown)));
  g_signal_connect_swapped (self->shown, "items-changed", G_CALLBACK (model_items_changed_cb), self);
  g_signal_connect_swapped (self->model, "read-failed", G_CALLBACK (muster_window_report_read_error), self);
  g_signal_connect_swapped (self->selection, "selection-changed", G_CALLBACK (selection_changed_cb), self);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  muster_list_sorter_follow (self->column_view, self->shown);
  gtk_column_view_sort_by_column (self->column_view, self->name_column, GTK_SORT_ASCENDING);

  update_visible_child (self);
  update_actions (self);
  update_suggested_action (self);
  return GTK_WIDGET (self);
}

static void
start_loading (MusterRosterPage *self)
{
  self->load_pending = FALSE;
  self->loading = g_cancellable_new ();
  muster_roster_model_load_async (self->model, self->campaign_id, self->loading, loaded_cb, g_object_ref (self));
}

void
muster_roster_page_set_campaign (MusterRosterPage *self,
                                 gint64            campaign_id)
{
  g_autoptr(MusterCampaign) campaign = NULL;
  MusterRuleset *ruleset = NULL;
  GtkAdjustment *adjustment;

  g_return_if_fail (MUSTER_IS_ROSTER_PAGE (self));

  if (campaign_id == self->campaign_id)
    return;

  self->campaign_id = campaign_id;
  if (campaign_id != 0)
    campaign = muster_store_get_campaign (self->store, campaign_id, NULL);
  if (campaign != NULL)
    ruleset = muster_campaign_get_ruleset (campaign);

  if (ruleset != self->ruleset)
    {
      g_set_object (&self->ruleset, ruleset);
      rebuild_stat_columns (self);
      /* Rules that arm nobody (the unit rule sets) need no Weapon column. */
      gtk_column_view_column_set_visible (self->weapon_column,
                                          ruleset == NULL || muster_ruleset_get_n_weapons (ruleset) > 0);
    }
  self->by_unit = ruleset != NULL && muster_ruleset_get_kept_by (ruleset) == MUSTER_KEPT_BY_UNIT;
  if (self->unit_list != NULL)
    {
      muster_unit_list_set_campaign (MUSTER_UNIT_LIST (self->unit_list), campaign_id,
                                     self->by_unit ? ruleset : NULL);
      gtk_widget_set_visible (self->unit_list, self->by_unit);
    }
  else if (self->by_unit)
    ensure_unit_list (self);
  gtk_widget_set_visible (self->new_unit_button, self->by_unit);
  gtk_widget_set_visible (self->characters_heading, self->by_unit);
  if (self->by_unit)
    {
      adw_status_page_set_title (self->empty_status, _("No Units"));
      adw_status_page_set_description (self->empty_status,
                                       _("Add a force for each player, then its units and the characters who lead them"));
    }
  else
    {
      adw_status_page_set_title (self->empty_status, _("No Characters"));
      adw_status_page_set_description (self->empty_status,
                                       _("Add a force for each player, then recruit its figures"));
    }

  g_signal_handlers_block_by_func (self->search_entry, on_search_changed, self);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  g_signal_handlers_unblock_by_func (self->search_entry, on_search_changed, self);
  g_clear_pointer (&self->search, g_free);
  self->shown_force = 0;
  g_array_set_size (self->force_ids, 0);
  reload_forces (self);

  /* The window shows at once; the characters follow, from the top: the
   * view keeps its place by the row at the top, the first once emptied. */
  adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->column_view));
  if (adjustment != NULL)
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_lower (adjustment));
  if (self->loading != NULL)
    g_cancellable_cancel (self->loading);
  g_clear_object (&self->loading);
  g_clear_object (&self->loaded);
  /* As the window opens, they are read once it has painted its first
   * frame: no thread competes with it for the processor until then. */
  if (!self->painted && gtk_widget_get_root (GTK_WIDGET (self)) != NULL)
    {
      self->load_pending = TRUE;
      watch_first_frame (self);
    }
  else
    start_loading (self);
  update_visible_child (self);
  update_caps_key (self);
}

gint64
muster_roster_page_get_force_id (MusterRosterPage *self)
{
  guint selected;

  g_return_val_if_fail (MUSTER_IS_ROSTER_PAGE (self), 0);

  selected = gtk_drop_down_get_selected (self->force_dropdown);
  if (selected == GTK_INVALID_LIST_POSITION || selected >= self->force_ids->len)
    return 0;
  return g_array_index (self->force_ids, gint64, selected);
}

void
muster_roster_page_set_force_id (MusterRosterPage *self,
                                 gint64            force_id)
{
  g_return_if_fail (MUSTER_IS_ROSTER_PAGE (self));

  for (guint i = 0; i < self->force_ids->len; i++)
    if (g_array_index (self->force_ids, gint64, i) == force_id)
      {
        gtk_drop_down_set_selected (self->force_dropdown, i);
        return;
      }
}

GArray *
muster_roster_page_get_selected_ids (MusterRosterPage *self)
{
  g_autoptr(GtkBitset) selected = NULL;
  GtkBitsetIter iter;
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  guint position;

  g_return_val_if_fail (MUSTER_IS_ROSTER_PAGE (self), ids);

  selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  for (gboolean ok = gtk_bitset_iter_init_first (&iter, selected, &position);
       ok;
       ok = gtk_bitset_iter_next (&iter, &position))
    {
      g_autoptr(MusterCharacter) character = g_list_model_get_item (G_LIST_MODEL (self->shown), position);
      gint64 id;

      if (character == NULL)
        continue;
      id = muster_character_get_id (character);
      g_array_append_val (ids, id);
    }

  return ids;
}

void
muster_roster_page_focus_search (MusterRosterPage *self)
{
  g_return_if_fail (MUSTER_IS_ROSTER_PAGE (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

GtkSearchEntry *
muster_roster_page_get_search_entry (MusterRosterPage *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_PAGE (self), NULL);
  return self->search_entry;
}

GtkColumnView *
muster_roster_page_get_column_view (MusterRosterPage *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_PAGE (self), NULL);
  return self->column_view;
}

GListModel *
muster_roster_page_get_model (MusterRosterPage *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_PAGE (self), NULL);
  return G_LIST_MODEL (self->shown);
}

static void
retire_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    MusterRosterPage *self)
{
  GArray *ids = g_object_get_data (G_OBJECT (dialog), "character-ids");
  g_autoptr(GError) error = NULL;
  GtkWidget *window;

  if (g_strcmp0 (response, "retire") != 0)
    return;

  if (muster_store_begin (self->store, &error))
    {
      for (guint i = 0; i < ids->len && error == NULL; i++)
        muster_store_set_character_status (self->store, g_array_index (ids, gint64, i),
                                           MUSTER_STATUS_RETIRED, 0, &error);
      if (error == NULL)
        muster_store_commit (self->store, &error);
      else
        muster_store_rollback (self->store);
    }
  window = gtk_widget_get_ancestor (GTK_WIDGET (self), MUSTER_TYPE_WINDOW);
  if (error != NULL && window != NULL)
    muster_window_show_toast (MUSTER_WINDOW (window), adw_toast_new (error->message));
}

/* Offers to retire the characters @ids, who cannot be deleted for the
 * reason @refusal gives (for the first of them). */
static GtkWidget *
offer_retire (MusterRosterPage *self,
              GArray           *ids,
              const GError     *refusal)
{
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (ids->len == 1)
    body = g_strdup (refusal->message);
  else
    body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of the selected characters took part in played games: deleting "
                                      "them would rewrite those games’ history. Retire them instead?",
                                      "%u of the selected characters took part in played games: deleting "
                                      "them would rewrite those games’ history. Retire them instead?",
                                      ids->len),
                            ids->len);
  dialog = muster_window_ask (GTK_WIDGET (self),
                              g_dngettext (GETTEXT_PACKAGE, "Retire Instead?", "Retire Them Instead?", ids->len), body,
                              "retire", _("_Retire"));
  g_object_set_data_full (G_OBJECT (dialog), "character-ids", g_array_ref (ids),
                          (GDestroyNotify) g_array_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (retire_response_cb), self, 0);
  return dialog;
}

GtkWidget *
muster_roster_page_delete_selected (MusterRosterPage *self)
{
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GArray) refused = NULL;
  g_autoptr(GPtrArray) undos = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) refusal = NULL;
  g_autofree char *label = NULL;
  GtkWidget *window;

  g_return_val_if_fail (MUSTER_IS_ROSTER_PAGE (self), NULL);

  ids = muster_roster_page_get_selected_ids (self);
  if (ids->len == 0)
    return NULL;

  undos = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_undo_free);
  refused = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint i = 0; i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      MusterUndo *undo = muster_store_delete_character (self->store, id, &error);

      if (undo != NULL)
        g_ptr_array_add (undos, undo);
      else if (g_error_matches (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_HISTORY))
        {
          g_array_append_val (refused, id);
          if (refusal == NULL)
            refusal = g_steal_pointer (&error);
          g_clear_error (&error);
        }
      else
        break;
    }

  window = gtk_widget_get_ancestor (GTK_WIDGET (self), MUSTER_TYPE_WINDOW);

  if (undos->len == 1)
    label = g_strdup (muster_undo_get_label (g_ptr_array_index (undos, 0)));
  else if (undos->len > 1)
    label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u character deleted", "%u characters deleted", undos->len),
                             undos->len);

  if (window != NULL && undos->len > 0)
    muster_window_offer_undo (MUSTER_WINDOW (window), g_steal_pointer (&undos), label);

  if (error != NULL && window != NULL)
    muster_window_show_toast (MUSTER_WINDOW (window), adw_toast_new (error->message));
  if (refused->len > 0)
    return offer_retire (self, refused, refusal);
  return NULL;
}

GtkWidget *
muster_roster_page_get_unit_list (MusterRosterPage *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_PAGE (self), NULL);
  return GTK_WIDGET (ensure_unit_list (self));
}

gboolean
muster_roster_page_is_loading (MusterRosterPage *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_PAGE (self), FALSE);
  return is_loading (self);
}
