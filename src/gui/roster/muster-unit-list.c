/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-roster"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-a11y.h"
#include "muster-list-columns.h"
#include "muster-list-sorter.h"
#include "muster-names.h"
#include "muster-new-unit-dialog.h"
#include "muster-sort-filter-model.h"
#include "muster-unit.h"
#include "muster-unit-list.h"
#include "muster-window.h"

struct _MusterUnitList
{
  AdwBin               parent_instance;

  MusterStore         *store;
  gint64               campaign_id;
  gint64               force_id;
  MusterRuleset       *ruleset;
  MusterUnitListModel *model;     /* the campaign's units, by id */
  MusterSortFilterModel *shown;   /* sorted by the view, filtered */
  char                *search;    /* casefolded, or NULL */
  GtkSingleSelection  *selection;
  GtkColumnViewColumn *name_column;
  GtkColumnViewColumn *rating_column;
  GPtrArray           *stat_columns;  /* of GtkColumnViewColumn, the ruleset's unit stats */
  GtkWidget           *context_popover;
  gboolean             filtered;
  gboolean             has_forces;

  /* Template widgets */
  GtkStack            *stack;
  GtkColumnView       *column_view;
  GMenuModel          *context_menu;
  GtkWidget           *new_button;
};

G_DEFINE_FINAL_TYPE (MusterUnitList, muster_unit_list, ADW_TYPE_BIN)

typedef enum {
  COLUMN_NAME,
  COLUMN_FORCE,
  COLUMN_KIND,
  COLUMN_RATING,
  COLUMN_SIZE,
  COLUMN_LOST,
  COLUMN_PRESENT,
  COLUMN_STATUS,
  COLUMN_CHARACTERS,
  COLUMN_STAT,
} ColumnKind;

typedef struct {
  MusterUnitList *list;
  ColumnKind      kind;
  char           *stat;     /* for COLUMN_STAT */
  GHashTable     *keys;     /* for COLUMN_STAT: a stat's text -> its sort key */
} ColumnData;

static void
column_data_free (gpointer data)
{
  ColumnData *column = data;

  g_free (column->stat);
  g_clear_pointer (&column->keys, g_hash_table_unref);
  g_free (column);
}

static char *
cell_text (MusterUnitList *self,
           ColumnKind      kind,
           const char     *stat,
           MusterUnit     *unit)
{
  switch (kind)
    {
    case COLUMN_NAME:
      return g_strdup (muster_unit_get_name (unit));
    case COLUMN_FORCE:
      return g_strdup (muster_unit_get_force_name (unit));
    case COLUMN_KIND:
      {
        const char *id = muster_unit_get_kind (unit);
        const MusterUnitKindDef *def = self->ruleset ? muster_ruleset_lookup_unit_kind (self->ruleset, id) : NULL;

        return g_strdup (def ? def->name : id);
      }
    case COLUMN_RATING:
      {
        const char *id = muster_unit_get_rating (unit);
        const MusterRatingDef *def = (self->ruleset && id) ? muster_ruleset_lookup_rating (self->ruleset, id) : NULL;

        return g_strdup (def ? def->name : (id ? id : "—"));
      }
    case COLUMN_SIZE:
      return g_strdup_printf ("%d", muster_unit_get_size (unit));
    case COLUMN_LOST:
      return g_strdup_printf ("%d", muster_unit_get_lost (unit));
    case COLUMN_PRESENT:
      return g_strdup_printf ("%d", muster_unit_get_present (unit));
    case COLUMN_STATUS:
      return g_strdup (muster_unit_status_label (muster_unit_get_status (unit)));
    case COLUMN_CHARACTERS:
      return g_strdup (muster_unit_list_model_get_character_names (self->model, muster_unit_get_id (unit)));
    case COLUMN_STAT:
      {
        char *text = self->ruleset ? muster_unit_dup_stat_text (unit, self->ruleset, stat) : NULL;

        return text != NULL ? text : g_strdup ("—");
      }
    default:
      g_assert_not_reached ();
    }
}

static void
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               ColumnData               *column)
{
  gboolean numeric = column->kind == COLUMN_SIZE || column->kind == COLUMN_LOST ||
                     column->kind == COLUMN_PRESENT;
  int width_chars = -1;

  /* Room for a usual name before the text is cut short. */
  if (column->kind == COLUMN_NAME || column->kind == COLUMN_FORCE || column->kind == COLUMN_CHARACTERS)
    width_chars = 10;
  else if (column->kind == COLUMN_KIND)
    width_chars = 8;
  gtk_list_item_set_child (item, muster_list_cell_new (numeric, width_chars));
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              ColumnData               *column)
{
  g_autofree char *text = cell_text (column->list, column->kind, column->stat, gtk_list_item_get_item (item));
  g_autofree char *shown = muster_names_shorten_text (text);

  muster_list_cell_set_text (gtk_list_item_get_child (item), shown);
  /* The row is named by the unit, and says what it is. */
  if (column->kind == COLUMN_NAME)
    {
      MusterUnit *unit = gtk_list_item_get_item (item);
      g_autofree char *kind = cell_text (column->list, COLUMN_KIND, NULL, unit);
      g_autofree char *force = cell_text (column->list, COLUMN_FORCE, NULL, unit);
      /* Translators: what a screen reader says of a unit's row: its force,
       * its type and its status */
      g_autofree char *description = g_strdup_printf (_("%s, %s, %s"), force, kind,
                                                      muster_unit_status_label (muster_unit_get_status (unit)));
      g_autofree char *short_description = muster_names_shorten_text (description);

      muster_a11y_label_row (gtk_list_item_get_child (item), shown, short_description);
    }
}

/* A stat's sort key, made once for each text the stat shows: numbers
 * among them sort by their value. */
static const char *
stat_key (ColumnData *column,
          MusterUnit *unit)
{
  g_autofree char *text = cell_text (column->list, COLUMN_STAT, column->stat, unit);
  char *key = g_hash_table_lookup (column->keys, text);

  if (key == NULL)
    {
      key = g_utf8_collate_key_for_filename (text, -1);
      g_hash_table_insert (column->keys, g_steal_pointer (&text), key);
    }
  return key;
}

/* What a column sorts by: texts by the keys each unit keeps, the rest
 * by number. */
static const char *
text_key_cb (gpointer item,
             gpointer user_data)
{
  ColumnData *column = user_data;

  switch (column->kind)
    {
    case COLUMN_NAME:
      return muster_unit_get_sort_key (item, MUSTER_UNIT_KEY_NAME);
    case COLUMN_FORCE:
      return muster_unit_get_sort_key (item, MUSTER_UNIT_KEY_FORCE_NAME);
    case COLUMN_KIND:
      return muster_unit_get_sort_key (item, MUSTER_UNIT_KEY_KIND);
    case COLUMN_RATING:
      return muster_unit_get_sort_key (item, MUSTER_UNIT_KEY_RATING);
    case COLUMN_STATUS:
      return muster_unit_get_sort_key (item, MUSTER_UNIT_KEY_STATUS);
    case COLUMN_CHARACTERS:
      return muster_unit_list_model_get_names_key (column->list->model, item);
    case COLUMN_STAT:
      return stat_key (column, item);
    default:
      g_assert_not_reached ();
    }
}

static int
number_key_cb (gpointer item,
               gpointer user_data)
{
  ColumnData *column = user_data;

  switch (column->kind)
    {
    case COLUMN_SIZE:
      return muster_unit_get_size (item);
    case COLUMN_LOST:
      return muster_unit_get_lost (item);
    case COLUMN_PRESENT:
      return muster_unit_get_present (item);
    default:
      g_assert_not_reached ();
    }
}

/* The units of the chosen force whose texts hold the search. */
static gboolean
match_cb (gpointer item,
          gpointer user_data)
{
  MusterUnitList *self = user_data;
  MusterUnit *unit = item;

  return (self->force_id == 0 || muster_unit_get_force_id (unit) == self->force_id) &&
         muster_unit_list_model_matches (self->model, unit, self->search);
}

static GtkColumnViewColumn *
add_column (MusterUnitList *self,
            const char     *title,
            ColumnKind      kind,
            const char     *stat)
{
  ColumnData *data = g_new0 (ColumnData, 1);
  gboolean number = kind == COLUMN_SIZE || kind == COLUMN_LOST || kind == COLUMN_PRESENT;

  data->list = self;
  data->kind = kind;
  data->stat = g_strdup (stat);
  if (kind == COLUMN_STAT)
    data->keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return muster_list_append_column (self->column_view, title,
                                    G_CALLBACK (setup_cell_cb), G_CALLBACK (bind_cell_cb),
                                    data, column_data_free,
                                    number ? muster_list_sorter_new_number (number_key_cb, data)
                                           : muster_list_sorter_new_text (text_key_cb, data),
                                    kind == COLUMN_NAME || kind == COLUMN_CHARACTERS);
}

/* What changes between games (base morale after colours lost or taken,
 * move, musicians, colours): the ruleset's unit stats, as the CLI and the
 * unit's sheet show them, between Status and Characters. */
static void
rebuild_stat_columns (MusterUnitList *self)
{
  GPtrArray *stats = self->ruleset ? muster_ruleset_get_unit_stats (self->ruleset) : NULL;
  guint position;

  for (guint i = 0; i < self->stat_columns->len; i++)
    gtk_column_view_remove_column (self->column_view, g_ptr_array_index (self->stat_columns, i));
  g_ptr_array_set_size (self->stat_columns, 0);
  /* The orders kept were by the columns gone, and by the old rules. */
  if (self->shown != NULL)
    muster_sort_filter_model_keys_changed (self->shown);
  position = g_list_model_get_n_items (gtk_column_view_get_columns (self->column_view)) - 1;

  for (guint i = 0; stats != NULL && i < stats->len; i++)
    {
      const MusterUnitStatDef *stat = g_ptr_array_index (stats, i);
      GtkColumnViewColumn *column;

      column = add_column (self, stat->name, COLUMN_STAT, stat->key);
      g_object_ref (column);
      gtk_column_view_remove_column (self->column_view, column);
      gtk_column_view_insert_column (self->column_view, position++, column);
      g_ptr_array_add (self->stat_columns, column);
    }
}

static void
update_visible_child (MusterUnitList *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->shown));

  if (n > 0)
    gtk_stack_set_visible_child_name (self->stack, "rows");
  else if (muster_unit_list_model_get_n_all (self->model) > 0)
    gtk_stack_set_visible_child_name (self->stack, "nothing");
  else
    gtk_stack_set_visible_child_name (self->stack, "empty");
}

static void
update_actions (MusterUnitList *self)
{
  gboolean any = gtk_single_selection_get_selected_item (self->selection) != NULL;
  gboolean writable = self->store != NULL && !muster_store_is_read_only (self->store);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "units.open", any);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "units.delete", any && writable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "units.new",
                                 self->campaign_id != 0 && self->ruleset != NULL && writable &&
                                 self->has_forces);
  /* Disabled, the button says why. */
  gtk_widget_set_tooltip_text (self->new_button,
                               self->has_forces ? _("Add a unit to a force")
                                                : _("Add a force first: every unit belongs to one"));
}

static void
open_unit (MusterUnitList *self,
           MusterUnit     *unit)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "app.open-unit", "x", muster_unit_get_id (unit));
}

static void
on_row_activated (GtkColumnView  *view,
                  guint           position,
                  MusterUnitList *self)
{
  g_autoptr(MusterUnit) unit = g_list_model_get_item (G_LIST_MODEL (self->shown), position);

  if (unit != NULL)
    open_unit (self, unit);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterUnitList *self = MUSTER_UNIT_LIST (widget);
  MusterUnit *unit = gtk_single_selection_get_selected_item (self->selection);

  if (unit != NULL)
    open_unit (self, unit);
}

static void
new_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *param)
{
  muster_unit_list_open_new_unit (MUSTER_UNIT_LIST (widget));
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  muster_unit_list_delete_selected (MUSTER_UNIT_LIST (widget));
}

static void
muster_unit_list_dispose (GObject *object)
{
  MusterUnitList *self = MUSTER_UNIT_LIST (object);

  g_clear_pointer (&self->context_popover, gtk_widget_unparent);
  if (self->column_view != NULL)
    gtk_column_view_set_model (self->column_view, NULL);
  g_clear_object (&self->selection);
  g_clear_object (&self->shown);
  g_clear_object (&self->model);
  g_clear_pointer (&self->search, g_free);
  g_clear_object (&self->ruleset);
  g_clear_object (&self->store);
  g_clear_pointer (&self->stat_columns, g_ptr_array_unref);

  G_OBJECT_CLASS (muster_unit_list_parent_class)->dispose (object);
}

static void
muster_unit_list_class_init (MusterUnitListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_unit_list_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/muster-unit-list.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterUnitList, stack);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitList, column_view);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitList, context_menu);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitList, new_button);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);

  gtk_widget_class_install_action (widget_class, "units.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "units.new", NULL, new_action);
  gtk_widget_class_install_action (widget_class, "units.delete", NULL, delete_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "units.delete", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Delete, 0, "units.delete", NULL);
}

static void
muster_unit_list_init (MusterUnitList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->stat_columns = g_ptr_array_new_with_free_func (g_object_unref);
  self->name_column = add_column (self, _("Name"), COLUMN_NAME, NULL);
  add_column (self, _("Force"), COLUMN_FORCE, NULL);
  /* Translators: a column heading: the unit's type (Infantry, Line, ...) */
  add_column (self, C_("unit", "Type"), COLUMN_KIND, NULL);
  self->rating_column = add_column (self, _("Rating"), COLUMN_RATING, NULL);
  /* Translators: a column heading: figures in the unit */
  add_column (self, _("Size"), COLUMN_SIZE, NULL);
  /* Translators: a column heading: figures the unit has lost for good */
  add_column (self, _("Lost"), COLUMN_LOST, NULL);
  /* Translators: a column heading: figures the unit has left */
  add_column (self, _("Left"), COLUMN_PRESENT, NULL);
  add_column (self, _("Status"), COLUMN_STATUS, NULL);
  add_column (self, _("Characters"), COLUMN_CHARACTERS, NULL);

  self->context_popover = muster_list_add_context_menu (GTK_WIDGET (self), self->column_view,
                                                        self->context_menu);
}

GtkWidget *
muster_unit_list_new (MusterStore *store)
{
  MusterUnitList *self;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  self = g_object_new (MUSTER_TYPE_UNIT_LIST, NULL);
  self->store = g_object_ref (store);
  self->model = muster_unit_list_model_new (store);
  g_signal_connect_swapped (self->model, "read-failed", G_CALLBACK (muster_window_report_read_error), self);
  self->shown = muster_sort_filter_model_new (G_LIST_MODEL (self->model));
  muster_sort_filter_model_set_filter (self->shown, match_cb, self);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->shown)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect_swapped (self->shown, "items-changed", G_CALLBACK (update_visible_child), self);
  g_signal_connect_swapped (self->model, "notify::n-all", G_CALLBACK (update_visible_child), self);
  g_signal_connect_swapped (self->selection, "notify::selected", G_CALLBACK (update_actions), self);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  muster_list_sorter_follow (self->column_view, self->shown);
  gtk_column_view_sort_by_column (self->column_view, self->name_column, GTK_SORT_ASCENDING);

  update_visible_child (self);
  update_actions (self);
  return GTK_WIDGET (self);
}

void
muster_unit_list_set_campaign (MusterUnitList *self,
                               gint64          campaign_id,
                               MusterRuleset  *ruleset)
{
  GPtrArray *ratings;

  g_return_if_fail (MUSTER_IS_UNIT_LIST (self));

  if (g_set_object (&self->ruleset, ruleset))
    rebuild_stat_columns (self);
  self->campaign_id = campaign_id;
  self->force_id = 0;
  ratings = ruleset ? muster_ruleset_get_ratings (ruleset) : NULL;
  gtk_column_view_column_set_visible (self->rating_column, ratings != NULL && ratings->len > 0);

  g_clear_pointer (&self->search, g_free);
  muster_sort_filter_model_refilter (self->shown);
  muster_unit_list_model_set_campaign_id (self->model, campaign_id);
  /* The same campaign id with another ruleset (restored library). */
  muster_unit_list_model_refresh (self->model);
  update_visible_child (self);
  update_actions (self);
}

void
muster_unit_list_set_force_id (MusterUnitList *self,
                               gint64          force_id)
{
  g_return_if_fail (MUSTER_IS_UNIT_LIST (self));

  if (self->force_id != force_id)
    {
      self->force_id = force_id;
      muster_sort_filter_model_refilter (self->shown);
    }
  update_visible_child (self);
}

void
muster_unit_list_set_search (MusterUnitList *self,
                             const char     *text)
{
  g_autofree char *folded = NULL;

  g_return_if_fail (MUSTER_IS_UNIT_LIST (self));

  folded = muster_search_fold (text);
  if (g_strcmp0 (folded, self->search) != 0)
    {
      g_free (self->search);
      self->search = g_steal_pointer (&folded);
      muster_sort_filter_model_refilter (self->shown);
    }
  update_visible_child (self);
}

MusterUnitListModel *
muster_unit_list_get_unit_model (MusterUnitList *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT_LIST (self), NULL);
  return self->model;
}

void
muster_unit_list_set_has_forces (MusterUnitList *self,
                                 gboolean        has_forces)
{
  g_return_if_fail (MUSTER_IS_UNIT_LIST (self));

  self->has_forces = has_forces;
  update_actions (self);
}

GListModel *
muster_unit_list_get_model (MusterUnitList *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT_LIST (self), NULL);
  return G_LIST_MODEL (self->shown);
}

GtkColumnView *
muster_unit_list_get_column_view (MusterUnitList *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT_LIST (self), NULL);
  return self->column_view;
}

char *
muster_unit_list_get_cell_text (MusterUnitList *self,
                                guint           position,
                                const char     *column)
{
  g_autoptr(MusterUnit) unit = NULL;
  GListModel *columns;

  g_return_val_if_fail (MUSTER_IS_UNIT_LIST (self), NULL);
  g_return_val_if_fail (column != NULL, NULL);

  unit = g_list_model_get_item (G_LIST_MODEL (self->shown), position);
  if (unit == NULL)
    return NULL;

  columns = gtk_column_view_get_columns (self->column_view);
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) view_column = g_list_model_get_item (columns, i);
      GtkListItemFactory *factory = gtk_column_view_column_get_factory (view_column);
      ColumnData *data = g_object_get_data (G_OBJECT (factory), "column-data");

      if (g_strcmp0 (gtk_column_view_column_get_title (view_column), column) == 0)
        return cell_text (self, data->kind, data->stat, unit);
    }
  return NULL;
}

gint64
muster_unit_list_get_selected_id (MusterUnitList *self)
{
  MusterUnit *unit;

  g_return_val_if_fail (MUSTER_IS_UNIT_LIST (self), 0);

  unit = gtk_single_selection_get_selected_item (self->selection);
  return unit ? muster_unit_get_id (unit) : 0;
}

gboolean
muster_unit_list_select_unit (MusterUnitList *self,
                              gint64          unit_id)
{
  g_return_val_if_fail (MUSTER_IS_UNIT_LIST (self), FALSE);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->shown)); i++)
    {
      g_autoptr(MusterUnit) unit = g_list_model_get_item (G_LIST_MODEL (self->shown), i);

      if (muster_unit_get_id (unit) == unit_id)
        {
          gtk_single_selection_set_selected (self->selection, i);
          return TRUE;
        }
    }
  return FALSE;
}

static void
disband_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     MusterUnitList   *self)
{
  gint64 id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (dialog), "unit-id"));
  g_autoptr(GError) error = NULL;
  GtkWidget *window;

  if (g_strcmp0 (response, "disband") != 0 ||
      muster_store_set_unit_text (self->store, id, "status", MUSTER_UNIT_STATUS_DISBANDED, &error))
    return;
  window = gtk_widget_get_ancestor (GTK_WIDGET (self), MUSTER_TYPE_WINDOW);
  if (window != NULL)
    muster_window_show_toast (MUSTER_WINDOW (window), adw_toast_new (error->message));
}

/* Offers to disband unit @id, which cannot be deleted for @refusal. */
static GtkWidget *
offer_disband (MusterUnitList *self,
               gint64          id,
               const GError   *refusal)
{
  GtkWidget *dialog = muster_window_ask (GTK_WIDGET (self), _("Disband Instead?"), refusal->message,
                                         "disband", _("_Disband"));

  g_object_set_data (G_OBJECT (dialog), "unit-id", GSIZE_TO_POINTER (id));
  g_signal_connect_object (dialog, "response", G_CALLBACK (disband_response_cb), self, 0);
  return dialog;
}

GtkWidget *
muster_unit_list_delete_selected (MusterUnitList *self)
{
  g_autoptr(GPtrArray) undos = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  MusterUndo *undo;
  GtkWidget *window;
  gint64 id;

  g_return_val_if_fail (MUSTER_IS_UNIT_LIST (self), NULL);

  id = muster_unit_list_get_selected_id (self);
  if (id == 0)
    return NULL;

  window = gtk_widget_get_ancestor (GTK_WIDGET (self), MUSTER_TYPE_WINDOW);
  undo = muster_store_delete_unit (self->store, id, &error);
  if (undo == NULL)
    {
      if (g_error_matches (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_HISTORY))
        return offer_disband (self, id, error);
      if (window != NULL)
        muster_window_show_toast (MUSTER_WINDOW (window), adw_toast_new (error->message));
      else
        g_warning ("Could not delete unit %" G_GINT64_FORMAT ": %s", id, error->message);
      return NULL;
    }

  label = g_strdup (muster_undo_get_label (undo));
  undos = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_undo_free);
  g_ptr_array_add (undos, undo);
  if (window != NULL)
    muster_window_offer_undo (MUSTER_WINDOW (window), g_steal_pointer (&undos), label);
  return NULL;
}

GtkWidget *
muster_unit_list_open_new_unit (MusterUnitList *self)
{
  GtkRoot *root;
  GtkWidget *dialog;

  g_return_val_if_fail (MUSTER_IS_UNIT_LIST (self), NULL);

  if (self->campaign_id == 0 || self->ruleset == NULL)
    return NULL;

  root = gtk_widget_get_root (GTK_WIDGET (self));
  dialog = muster_new_unit_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                       self->store, self->campaign_id, self->force_id);
  if (dialog == NULL)
    {
      GtkWidget *window = gtk_widget_get_ancestor (GTK_WIDGET (self), MUSTER_TYPE_WINDOW);

      if (window != NULL)
        muster_window_show_toast (MUSTER_WINDOW (window),
                                  adw_toast_new (_("Add a force first: every unit belongs to one")));
      return NULL;
    }
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}
