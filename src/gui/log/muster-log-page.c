/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-log"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-character.h"
#include "muster-game.h"
#include "muster-honours.h"
#include "muster-log-item.h"
#include "muster-a11y.h"
#include "muster-log-page.h"
#include "muster-list-columns.h"
#include "muster-list-sorter.h"
#include "muster-names.h"
#include "muster-sort-filter-model.h"
#include "muster-toasts.h"

struct _MusterLogPage
{
  AdwBin           parent_instance;

  AdwToastOverlay *toast_overlay;
  GtkDropDown     *game_dropdown;
  GtkDropDown     *character_dropdown;
  GtkStack        *stack;
  GtkColumnView   *column_view;
  GtkWidget       *context_popover;

  MusterStore     *store;
  gint64           campaign_id;
  gulong           changed_id;
  GListStore      *entries;       /* of MusterLogItem: all the campaign's, newest first */
  MusterSortFilterModel *shown;   /* those of the game and character chosen */
  gint64           game_filter;
  gint64           character_filter;
  GHashTable      *game_labels;   /* game id -> "Game 2 “The Bridge”" */
  GHashTable      *names;         /* character id -> name */
  GArray          *game_ids;      /* of gint64, one per game dropdown item; 0 all */
  GArray          *character_ids; /* of gint64, one per character dropdown item */
  gboolean         updating_filters;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (MusterLogPage, muster_log_page, ADW_TYPE_BIN)

typedef enum {
  COLUMN_DATE,
  COLUMN_GAME,
  COLUMN_CHARACTER,
  COLUMN_MESSAGE,
  COLUMN_DICE,
} Column;

static void
show_error (MusterLogPage *self,
            const GError  *error)
{
  AdwToast *toast = adw_toast_new (error->message);

  adw_toast_set_timeout (toast, 8);
  muster_toasts_add (self->toast_overlay, toast);
}

static gint64
selected_id (GtkDropDown *dropdown,
             GArray      *ids)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (selected == GTK_INVALID_LIST_POSITION || selected >= ids->len)
    return 0;
  return g_array_index (ids, gint64, selected);
}

static void
select_id (GtkDropDown *dropdown,
           GArray      *ids,
           gint64       id)
{
  for (guint i = 0; i < ids->len; i++)
    if (g_array_index (ids, gint64, i) == id)
      {
        gtk_drop_down_set_selected (dropdown, i);
        return;
      }
  gtk_drop_down_set_selected (dropdown, 0);
}

static void
setup_label_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  Column column = GPOINTER_TO_INT (user_data);
  GtkWidget *label;

  if (column != COLUMN_MESSAGE)
    {
      /* Sized by its columns' widths, not by its text. */
      label = muster_list_cell_new (FALSE, column == COLUMN_DATE ? 16 : column == COLUMN_DICE ? 20 : 12);
      if (column == COLUMN_DATE || column == COLUMN_DICE)
        gtk_widget_add_css_class (label, "numeric");
      gtk_list_item_set_child (item, label);
      return;
    }
  /* A few lines at most, for a message naming something long. */
  label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (label), 4);
  gtk_list_item_set_child (item, label);
}

static void
bind_label_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  Column column = GPOINTER_TO_INT (user_data);
  MusterLogItem *log_item = gtk_list_item_get_item (item);
  const MusterLogEntry *entry = muster_log_item_get_entry (log_item);
  GtkWidget *label = gtk_list_item_get_child (item);
  g_autofree char *owned = NULL;
  const char *text = NULL;

  switch (column)
    {
    case COLUMN_DATE:
      text = owned = muster_log_item_format_date (log_item);
      break;
    case COLUMN_GAME:
      text = muster_log_item_get_game_label (log_item);
      break;
    case COLUMN_CHARACTER:
      text = muster_log_item_get_character_name (log_item);
      break;
    case COLUMN_MESSAGE:
      text = owned = muster_names_shorten_text (entry->message);
      break;
    case COLUMN_DICE:
      text = owned = muster_log_item_format_dice (log_item);
      break;
    default:
      g_assert_not_reached ();
    }
  if (GTK_IS_LABEL (label))
    gtk_label_set_text (GTK_LABEL (label), text != NULL ? text : "");
  else
    muster_list_cell_set_text (label, text);
  /* The row is named by what happened, and says when and to whom. */
  if (column == COLUMN_MESSAGE)
    {
      g_autofree char *date = muster_log_item_format_date (log_item);
      g_autofree char *dice = muster_log_item_format_dice (log_item);
      const char *game = muster_log_item_get_game_label (log_item);
      g_autofree char *when = NULL;
      g_autofree char *description = NULL;

      if (game != NULL && *game != '\0')
        /* Translators: a log entry's date, then its game, read out by a screen reader */
        when = g_strdup_printf (_("%s, %s"), date, game);
      else
        when = g_strdup (date);
      if (dice != NULL && *dice != '\0')
        /* Translators: when a log entry was written, then its dice, read out by a screen reader */
        description = g_strdup_printf (_("%s, dice %s"), when, dice);
      else
        description = g_steal_pointer (&when);
      muster_a11y_label_row (label, text, description);
    }

  gtk_widget_remove_css_class (label, "log-death");
  gtk_widget_remove_css_class (label, "log-recovered");
  if (g_strcmp0 (entry->kind, "death") == 0)
    gtk_widget_add_css_class (label, "log-death");
  else if (g_strcmp0 (entry->kind, "recovered") == 0)
    gtk_widget_add_css_class (label, "log-recovered");
}

/* Each column sorts by the key its item keeps for it, made once. */
static const char *
sort_key_cb (gpointer item,
             gpointer user_data)
{
  switch ((Column) GPOINTER_TO_INT (user_data))
    {
    case COLUMN_DATE:
      return muster_log_item_get_sort_key (item, MUSTER_LOG_ITEM_KEY_DATE);
    case COLUMN_GAME:
      return muster_log_item_get_sort_key (item, MUSTER_LOG_ITEM_KEY_GAME);
    case COLUMN_CHARACTER:
      return muster_log_item_get_sort_key (item, MUSTER_LOG_ITEM_KEY_CHARACTER);
    case COLUMN_MESSAGE:
      return muster_log_item_get_sort_key (item, MUSTER_LOG_ITEM_KEY_MESSAGE);
    case COLUMN_DICE:
      return muster_log_item_get_sort_key (item, MUSTER_LOG_ITEM_KEY_DICE);
    default:
      g_assert_not_reached ();
    }
}

static void
add_column (MusterLogPage *self,
            const char    *title,
            Column         column,
            gboolean       expand)
{
  gpointer data = GINT_TO_POINTER (column);

  muster_list_append_column (self->column_view, title,
                             G_CALLBACK (setup_label_cb), G_CALLBACK (bind_label_cb),
                             data, NULL, muster_list_sorter_new_text (sort_key_cb, data),
                             expand);
}

/* The names of the campaign's games and characters, and the filters. */
static void
reload_names (MusterLogPage *self)
{
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(GtkStringList) game_items = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) character_items = gtk_string_list_new (NULL);
  gint64 game_id = selected_id (self->game_dropdown, self->game_ids);
  gint64 character_id = selected_id (self->character_dropdown, self->character_ids);
  gint64 all = 0;

  g_hash_table_remove_all (self->game_labels);
  g_hash_table_remove_all (self->names);
  g_array_set_size (self->game_ids, 0);
  g_array_set_size (self->character_ids, 0);

  if (self->campaign_id != 0)
    {
      games = muster_store_list_games (self->store, self->campaign_id, NULL);
      characters = muster_store_list_characters (self->store, self->campaign_id, 0, NULL);
    }

  gtk_string_list_append (game_items, _("All games"));
  g_array_append_val (self->game_ids, all);
  for (guint i = 0; games != NULL && i < games->len; i++)
    {
      MusterGame *game = g_ptr_array_index (games, i);
      gint64 id = muster_game_get_id (game);
      g_autofree char *described = muster_game_describe (game);
      char *label = muster_names_shorten_text (described);

      g_hash_table_insert (self->game_labels, g_memdup2 (&id, sizeof id), label);
      gtk_string_list_append (game_items, label);
      g_array_append_val (self->game_ids, id);
    }

  gtk_string_list_append (character_items, _("All characters"));
  g_array_append_val (self->character_ids, all);
  for (guint i = 0; characters != NULL && i < characters->len; i++)
    {
      MusterCharacter *character = g_ptr_array_index (characters, i);
      gint64 id = muster_character_get_id (character);

      char *name = muster_names_shorten (muster_character_get_name (character));

      g_hash_table_insert (self->names, g_memdup2 (&id, sizeof id), name);
      gtk_string_list_append (character_items, name);
      g_array_append_val (self->character_ids, id);
    }

  self->updating_filters = TRUE;
  gtk_drop_down_set_model (self->game_dropdown, G_LIST_MODEL (game_items));
  gtk_drop_down_set_model (self->character_dropdown, G_LIST_MODEL (character_items));
  select_id (self->game_dropdown, self->game_ids, game_id);
  select_id (self->character_dropdown, self->character_ids, character_id);
  self->updating_filters = FALSE;
}

static void
update_stack (MusterLogPage *self)
{
  gtk_stack_set_visible_child_name (self->stack,
                                    g_list_model_get_n_items (G_LIST_MODEL (self->shown)) > 0 ? "log" : "empty");
}

/* The entries of the game and character chosen. */
static gboolean
match_cb (gpointer item,
          gpointer user_data)
{
  MusterLogPage *self = user_data;
  const MusterLogEntry *entry = muster_log_item_get_entry (item);

  return (self->game_filter == 0 || entry->game_id == self->game_filter) &&
         (self->character_filter == 0 || entry->character_id == self->character_filter);
}

/* Shows what the dropdowns choose, from the entries already read. */
static void
apply_filters (MusterLogPage *self)
{
  gint64 game_id = selected_id (self->game_dropdown, self->game_ids);
  gint64 character_id = selected_id (self->character_dropdown, self->character_ids);

  if (game_id != self->game_filter || character_id != self->character_filter)
    {
      self->game_filter = game_id;
      self->character_filter = character_id;
      muster_sort_filter_model_refilter (self->shown);
    }
  update_stack (self);
}

/* Reads the campaign's whole log again, keeping every item whose entry
 * and names are unchanged, and replaces only the rows between the first
 * and the last that changed. */
static void
reload_entries (MusterLogPage *self)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;
  GListModel *old = G_LIST_MODEL (self->entries);
  guint old_len = g_list_model_get_n_items (old), new_len, prefix = 0, suffix = 0, j = 0;

  if (self->campaign_id != 0)
    {
      entries = muster_store_list_log (self->store, self->campaign_id, 0, 0, &error);
      if (entries == NULL)
        show_error (self, error);
    }

  /* Each entry goes to an item, which owns it. */
  if (entries != NULL)
    g_ptr_array_set_free_func (entries, NULL);
  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      MusterLogEntry *entry = g_ptr_array_index (entries, i);
      g_autoptr(MusterLogItem) fresh = NULL;
      g_autoptr(MusterLogItem) kept = NULL;

      fresh = muster_log_item_new (entry,
                                   g_hash_table_lookup (self->game_labels, &entry->game_id),
                                   g_hash_table_lookup (self->names, &entry->character_id));
      /* Both newest first: the old item of the same id, if any. */
      while (j < old_len)
        {
          g_clear_object (&kept);
          kept = g_list_model_get_item (old, j);
          if (muster_log_item_get_entry (kept)->id <= entry->id)
            break;
          j++;
        }
      if (kept != NULL && j < old_len && muster_log_item_equal (kept, fresh))
        g_ptr_array_add (items, g_steal_pointer (&kept));
      else
        g_ptr_array_add (items, g_steal_pointer (&fresh));
    }
  new_len = items->len;

  while (prefix < old_len && prefix < new_len)
    {
      g_autoptr(GObject) item = g_list_model_get_item (old, prefix);

      if (item != g_ptr_array_index (items, prefix))
        break;
      prefix++;
    }
  while (suffix < old_len - prefix && suffix < new_len - prefix)
    {
      g_autoptr(GObject) item = g_list_model_get_item (old, old_len - 1 - suffix);

      if (item != g_ptr_array_index (items, new_len - 1 - suffix))
        break;
      suffix++;
    }
  if (prefix < old_len || prefix < new_len)
    g_list_store_splice (self->entries, prefix, old_len - prefix - suffix,
                         items->pdata + prefix, new_len - prefix - suffix);
  update_stack (self);
}

static void
store_changed_cb (MusterLogPage *self,
                  guint          what,
                  gint64         campaign_id)
{
  if (self->campaign_id == 0 || (campaign_id != 0 && campaign_id != self->campaign_id))
    return;
  if (what & (MUSTER_CHANGE_GAMES | MUSTER_CHANGE_CHARACTERS | MUSTER_CHANGE_CAMPAIGNS))
    reload_names (self);
  reload_entries (self);
  /* A game or character gone from the dropdowns shows all. */
  apply_filters (self);
}

static void
on_filter_changed (MusterLogPage *self)
{
  if (!self->updating_filters)
    apply_filters (self);
}

static void
on_chooser_response (GtkNativeDialog *chooser,
                     int              response,
                     MusterLogPage   *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT &&
      (file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser))) != NULL)
    {
      if (muster_log_page_export_kill_ledger (self, file, &error))
        {
          g_autofree char *name = g_file_get_basename (file);
          g_autofree char *message = g_strdup_printf (_("Kill ledger saved as “%s”"), name);

          muster_toasts_add (self->toast_overlay, adw_toast_new (message));
        }
      else
        show_error (self, error);
    }
  g_clear_object (&self->chooser);
}

static void
export_kills_action (GtkWidget  *widget,
                     const char *name,
                     GVariant   *param)
{
  MusterLogPage *self = MUSTER_LOG_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);

  if (self->campaign_id == 0 || self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Export Kill Ledger"),
                                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_SAVE,
                                               _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  /* Translators: the file name offered for the kill ledger */
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), _("kill-ledger.csv"));
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
muster_log_page_dispose (GObject *object)
{
  MusterLogPage *self = (MusterLogPage *) object;

  if (self->chooser != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->chooser, self);
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
      g_clear_object (&self->chooser);
    }
  g_clear_signal_handler (&self->changed_id, self->store);
  g_clear_pointer (&self->context_popover, gtk_widget_unparent);
  if (self->column_view != NULL)
    gtk_column_view_set_model (self->column_view, NULL);
  g_clear_object (&self->shown);
  g_clear_object (&self->entries);
  g_clear_pointer (&self->game_labels, g_hash_table_unref);
  g_clear_pointer (&self->names, g_hash_table_unref);
  g_clear_pointer (&self->game_ids, g_array_unref);
  g_clear_pointer (&self->character_ids, g_array_unref);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (muster_log_page_parent_class)->dispose (object);
}

static void
muster_log_page_class_init (MusterLogPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_log_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/musterapp/Muster/muster-log-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterLogPage, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MusterLogPage, game_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterLogPage, character_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterLogPage, stack);
  gtk_widget_class_bind_template_child (widget_class, MusterLogPage, column_view);
  gtk_widget_class_bind_template_callback (widget_class, on_filter_changed);

  gtk_widget_class_install_action (widget_class, "log.export-kills", NULL, export_kills_action);
}

static void
muster_log_page_init (MusterLogPage *self)
{
  g_autoptr(GtkExpression) character_expression = NULL;
  GtkNoSelection *selection;

  self->game_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  self->character_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  self->game_labels = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  self->names = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  self->entries = g_list_store_new (MUSTER_TYPE_LOG_ITEM);

  gtk_widget_init_template (GTK_WIDGET (self));

  muster_names_ellipsize_drop_down (self->game_dropdown);
  muster_names_ellipsize_drop_down (self->character_dropdown);

  /* Lets the character dropdown's search find names. */
  character_expression = gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");
  gtk_drop_down_set_expression (self->character_dropdown, character_expression);

  self->shown = muster_sort_filter_model_new (G_LIST_MODEL (self->entries));
  muster_sort_filter_model_set_filter (self->shown, match_cb, self);
  selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->shown)));
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);

  add_column (self, _("Date"), COLUMN_DATE, FALSE);
  add_column (self, _("Game"), COLUMN_GAME, FALSE);
  add_column (self, _("Character"), COLUMN_CHARACTER, FALSE);
  add_column (self, _("What Happened"), COLUMN_MESSAGE, TRUE);
  add_column (self, _("Dice"), COLUMN_DICE, FALSE);
  /* Newest first until a column is chosen. */
  muster_list_sorter_follow (self->column_view, self->shown);
  self->context_popover = muster_list_add_context_menu (GTK_WIDGET (self), self->column_view, NULL);

  reload_names (self);
}

GtkWidget *
muster_log_page_new (MusterStore *store)
{
  MusterLogPage *self;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  self = g_object_new (MUSTER_TYPE_LOG_PAGE, NULL);
  self->store = g_object_ref (store);
  self->changed_id = g_signal_connect_swapped (store, "changed", G_CALLBACK (store_changed_cb), self);
  return GTK_WIDGET (self);
}

void
muster_log_page_set_campaign (MusterLogPage *self,
                              gint64         campaign_id)
{
  g_return_if_fail (MUSTER_IS_LOG_PAGE (self));

  self->campaign_id = campaign_id;
  self->updating_filters = TRUE;
  gtk_drop_down_set_selected (self->game_dropdown, 0);
  gtk_drop_down_set_selected (self->character_dropdown, 0);
  self->updating_filters = FALSE;
  reload_names (self);
  reload_entries (self);
  apply_filters (self);
}

GListModel *
muster_log_page_get_model (MusterLogPage *self)
{
  g_return_val_if_fail (MUSTER_IS_LOG_PAGE (self), NULL);
  return G_LIST_MODEL (self->shown);
}

gboolean
muster_log_page_set_filter (MusterLogPage *self,
                            gint64         game_id,
                            gint64         character_id)
{
  gboolean found_game = FALSE, found_character = FALSE;

  g_return_val_if_fail (MUSTER_IS_LOG_PAGE (self), FALSE);

  for (guint i = 0; i < self->game_ids->len; i++)
    found_game |= g_array_index (self->game_ids, gint64, i) == game_id;
  for (guint i = 0; i < self->character_ids->len; i++)
    found_character |= g_array_index (self->character_ids, gint64, i) == character_id;
  if (!found_game || !found_character)
    return FALSE;

  self->updating_filters = TRUE;
  select_id (self->game_dropdown, self->game_ids, game_id);
  select_id (self->character_dropdown, self->character_ids, character_id);
  self->updating_filters = FALSE;
  apply_filters (self);
  return TRUE;
}

gboolean
muster_log_page_export_kill_ledger (MusterLogPage  *self,
                                    GFile          *file,
                                    GError        **error)
{
  g_autoptr(GFileOutputStream) stream = NULL;

  g_return_val_if_fail (MUSTER_IS_LOG_PAGE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if ((stream = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, error)) == NULL)
    return FALSE;
  if (!muster_honours_write_kill_ledger (self->store, self->campaign_id, G_OUTPUT_STREAM (stream), NULL, error))
    {
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();

      /* Closing a cancelled stream drops the new file and keeps the old one. */
      g_cancellable_cancel (cancellable);
      g_output_stream_close (G_OUTPUT_STREAM (stream), cancellable, NULL);
      return FALSE;
    }
  return g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, error);
}
