/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sheet"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-character.h"
#include "muster-game.h"
#include "muster-record-rows.h"
#include "muster-sheet-rows.h"
#include "muster-sheet-text.h"
#include "muster-sheet-window.h"
#include "muster-unit.h"
#include "muster-unit-window.h"

struct _MusterUnitWindow
{
  MusterSheetWindow    parent_instance;

  MusterStore         *store;    /* (unowned) the sheet's */
  gint64               unit_id;
  MusterUnit          *unit;          /* as last read */
  MusterRuleset       *ruleset;  /* (unowned) the sheet's, may be NULL */
  GHashTable          *value_widgets; /* unit stat key -> GtkSpinButton or GtkLabel */
  GHashTable          *value_rows;    /* unit stat key -> AdwActionRow */
  MusterSheetNotes    *notes;    /* the sheet's */
  guint                updating;

  /* Template widgets */
  AdwWindowTitle      *window_title;
  AdwToastOverlay     *toast_overlay;
  AdwEntryRow         *name_row;
  AdwComboRow         *kind_row;
  AdwComboRow         *rating_row;
  AdwComboRow         *status_row;
  AdwActionRow        *size_row;
  GtkSpinButton       *size_spin;
  GtkSpinButton       *lost_spin;
  GtkLabel            *present_label;
  GtkWidget           *morale_row;
  GtkSpinButton       *morale_spin;
  AdwPreferencesGroup *values_group;
  GtkStack            *characters_stack;
  GtkListBox          *characters_list;
  GtkTextView         *notes_view;
  GtkStack            *games_stack;
  GtkListBox          *games_list;
};

G_DEFINE_FINAL_TYPE (MusterUnitWindow, muster_unit_window, MUSTER_TYPE_SHEET_WINDOW)

static void load_unit (MusterUnitWindow *self);

static const char * const statuses[] = {
  MUSTER_UNIT_STATUS_ACTIVE,
  MUSTER_UNIT_STATUS_DESTROYED,
  MUSTER_UNIT_STATUS_DISBANDED,
};

/* A save failed: say why, and show the stored values again. */
static void
show_error (MusterUnitWindow *self,
            const GError     *error)
{
  muster_sheet_rows_toast_error (self->toast_overlay, error);
  g_clear_object (&self->unit);
  load_unit (self);
}

static void
remove_all_rows (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static guint
position_of (GPtrArray  *defs,
             gsize       id_offset,
             const char *id)
{
  for (guint i = 0; id != NULL && defs != NULL && i < defs->len; i++)
    {
      const char *def_id = G_STRUCT_MEMBER (const char *, g_ptr_array_index (defs, i), id_offset);

      if (g_strcmp0 (def_id, id) == 0)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

static void
save_text (MusterUnitWindow *self,
           const char       *field,
           const char       *value,
           const char       *stored)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->updating || self->unit == NULL ||
      !muster_sheet_rows_text_changed (value, stored))
    return;

  if (g_str_equal (field, "name"))
    ok = muster_store_rename_unit (self->store, self->unit_id, value, &error);
  else
    ok = muster_store_set_unit_text (self->store, self->unit_id, field, value, &error);
  if (!ok)
    show_error (self, error);
}

static void
save_number (MusterUnitWindow *self,
             const char       *field,
             int               value,
             int               stored)
{
  g_autoptr(GError) error = NULL;

  if (self->updating || self->unit == NULL || value == stored)
    return;
  if (!muster_store_set_unit_number (self->store, self->unit_id, field, value, &error))
    show_error (self, error);
}

static void
save_name (MusterUnitWindow *self)
{
  if (self->unit != NULL)
    save_text (self, "name", gtk_editable_get_text (GTK_EDITABLE (self->name_row)),
               muster_unit_get_name (self->unit));
}

static void
save_notes (MusterUnitWindow *self)
{
  g_autofree char *notes = muster_sheet_notes_take_text (self->notes);

  if (self->unit != NULL)
    save_text (self, "notes", notes, muster_unit_get_notes (self->unit));
}

static void
on_name_apply (MusterUnitWindow *self)
{
  save_name (self);
}

static void
on_kind_selected (MusterUnitWindow *self)
{
  GPtrArray *kinds;
  guint selected = adw_combo_row_get_selected (self->kind_row);

  if (self->ruleset == NULL || self->unit == NULL)
    return;
  kinds = muster_ruleset_get_unit_kinds (self->ruleset);
  if (kinds == NULL || selected >= kinds->len)
    return;
  save_text (self, "kind", ((MusterUnitKindDef *) g_ptr_array_index (kinds, selected))->id,
             muster_unit_get_kind (self->unit));
}

static void
on_rating_selected (MusterUnitWindow *self)
{
  GPtrArray *ratings;
  guint selected = adw_combo_row_get_selected (self->rating_row);

  if (self->ruleset == NULL || self->unit == NULL)
    return;
  ratings = muster_ruleset_get_ratings (self->ruleset);
  if (ratings == NULL || selected >= ratings->len)
    return;
  save_text (self, "rating", ((MusterRatingDef *) g_ptr_array_index (ratings, selected))->id,
             muster_unit_get_rating (self->unit));
}

static void
on_status_selected (MusterUnitWindow *self)
{
  guint selected = adw_combo_row_get_selected (self->status_row);

  if (self->unit != NULL && selected < G_N_ELEMENTS (statuses))
    save_text (self, "status", statuses[selected], muster_unit_get_status (self->unit));
}

static void
on_size_changed (MusterUnitWindow *self)
{
  if (self->unit != NULL)
    save_number (self, "size", gtk_spin_button_get_value_as_int (self->size_spin),
                 muster_unit_get_size (self->unit));
}

static void
on_lost_changed (MusterUnitWindow *self)
{
  if (self->unit != NULL)
    save_number (self, "lost", gtk_spin_button_get_value_as_int (self->lost_spin),
                 muster_unit_get_lost (self->unit));
}

static void
on_morale_changed (MusterUnitWindow *self)
{
  if (self->unit != NULL)
    save_number (self, "morale_loss", gtk_spin_button_get_value_as_int (self->morale_spin),
                 muster_unit_get_morale_loss (self->unit));
}

static void
value_changed_cb (GtkSpinButton    *spin,
                  MusterUnitWindow *self)
{
  g_autoptr(GError) error = NULL;
  const char *key = g_object_get_data (G_OBJECT (spin), "stat");
  int value = gtk_spin_button_get_value_as_int (spin);
  int stored;

  if (self->updating || self->unit == NULL)
    return;
  if (muster_unit_get_value (self->unit, key, &stored) && stored == value)
    return;

  if (!muster_store_set_unit_value (self->store, self->unit_id, key, value, &error))
    show_error (self, error);
}

static void
on_character_activated (MusterUnitWindow *self,
                        GtkListBoxRow    *row)
{
  gint64 *id = g_object_get_data (G_OBJECT (row), "character-id");

  if (id != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "app.open-character", "x", *id);
}

/* The rows that depend on the ruleset: types, ratings, unit values. */
static void
build_ruleset_rows (MusterUnitWindow *self)
{
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) ratings = gtk_string_list_new (NULL);
  GPtrArray *defs;
  gboolean morale = FALSE;

  defs = muster_ruleset_get_unit_kinds (self->ruleset);
  for (guint i = 0; defs != NULL && i < defs->len; i++)
    gtk_string_list_append (kinds, ((MusterUnitKindDef *) g_ptr_array_index (defs, i))->name);
  defs = muster_ruleset_get_ratings (self->ruleset);
  for (guint i = 0; defs != NULL && i < defs->len; i++)
    gtk_string_list_append (ratings, ((MusterRatingDef *) g_ptr_array_index (defs, i))->name);

  self->updating++;
  adw_combo_row_set_model (self->kind_row, G_LIST_MODEL (kinds));
  adw_combo_row_set_model (self->rating_row, G_LIST_MODEL (ratings));
  gtk_widget_set_visible (GTK_WIDGET (self->rating_row), defs != NULL && defs->len > 0);
  self->updating--;

  defs = muster_ruleset_get_unit_stats (self->ruleset);
  for (guint i = 0; defs != NULL && i < defs->len; i++)
    {
      const MusterUnitStatDef *stat = g_ptr_array_index (defs, i);
      GtkWidget *widget;
      GtkWidget *row;

      if (stat->from == MUSTER_UNIT_STAT_FROM_UNIT)
        {
          g_autofree char *range = muster_sheet_rows_range_text (stat->min, stat->max);

          widget = muster_sheet_rows_value_spin_new (stat->name, stat->key, stat->min, stat->max);
          g_signal_connect (widget, "value-changed", G_CALLBACK (value_changed_cb), self);
          row = muster_sheet_rows_add_row (self->values_group, stat->name, range, widget);
          adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), widget);
        }
      else
        {
          widget = gtk_label_new (NULL);
          gtk_label_set_xalign (GTK_LABEL (widget), 1.0);
          gtk_widget_add_css_class (widget, "numeric");
          gtk_widget_set_valign (widget, GTK_ALIGN_CENTER);
          row = muster_sheet_rows_add_row (self->values_group, stat->name, NULL, widget);
        }
      g_hash_table_insert (self->value_widgets, g_strdup (stat->key), widget);
      g_hash_table_insert (self->value_rows, g_strdup (stat->key), row);
      morale |= stat->morale;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->values_group), defs != NULL && defs->len > 0);
  gtk_widget_set_visible (self->morale_row, morale);
}

static void
load_characters (MusterUnitWindow *self)
{
  g_autoptr(GPtrArray) characters = NULL;
  guint n = 0;

  remove_all_rows (self->characters_list);
  characters = muster_store_list_characters (self->store, muster_unit_get_campaign_id (self->unit),
                                             muster_unit_get_force_id (self->unit), NULL);
  for (guint i = 0; characters != NULL && i < characters->len; i++)
    {
      MusterCharacter *character = g_ptr_array_index (characters, i);
      const MusterTroopType *type = NULL;
      const char *rank = muster_character_get_rank (character);
      g_autofree char *subtitle = NULL;
      g_autofree char *stats = NULL;
      GtkWidget *row;
      gint64 id;

      if (muster_character_get_unit_id (character) != self->unit_id)
        continue;

      if (self->ruleset != NULL)
        {
          type = muster_ruleset_lookup_troop_type (self->ruleset, muster_character_get_troop_type (character));
          stats = muster_sheet_character_stats (self->ruleset, character);
        }
      /* Translators: a character's rank or troop type, then his status:
       * "Captain · Active" */
      subtitle = g_strdup_printf (_("%s · %s"),
                                  (rank && *rank) ? rank : (type ? type->name : muster_character_get_troop_type (character)),
                                  muster_status_get_label (muster_character_get_status (character)));
      /* His stats as played, traits named, on a line of their own. */
      if (stats != NULL && *stats != '\0')
        {
          char *both = g_strconcat (subtitle, "\n", stats, NULL);

          g_free (subtitle);
          subtitle = both;
        }

      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), muster_character_get_name (character));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      id = muster_character_get_id (character);
      g_object_set_data_full (G_OBJECT (row), "character-id", g_memdup2 (&id, sizeof id), g_free);
      gtk_list_box_append (self->characters_list, row);
      n++;
    }
  gtk_stack_set_visible_child_name (self->characters_stack, n > 0 ? "list" : "empty");
}

static char *
describe_participation (const MusterUnitParticipant *participant)
{
  const int counts[] = { participant->killed, participant->wounded, participant->captured, participant->run };

  if (!participant->recorded)
    /* Translators: a unit in a game not recorded yet: "12 figures, not recorded yet" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d figure, not recorded yet", "%d figures, not recorded yet",
                                         participant->figures),
                            participant->figures);
  return muster_record_unit_result_text (counts, participant->figures, participant->colours);
}

static void
load_games (MusterUnitWindow *self)
{
  g_autoptr(GPtrArray) games = NULL;
  guint n = 0;

  remove_all_rows (self->games_list);
  games = muster_store_list_games (self->store, muster_unit_get_campaign_id (self->unit), NULL);
  for (guint i = 0; games != NULL && i < games->len; i++)
    {
      MusterGame *game = g_ptr_array_index (games, i);
      g_autoptr(GPtrArray) units = muster_store_list_game_units (self->store, muster_game_get_id (game), NULL);

      for (guint j = 0; units != NULL && j < units->len; j++)
        {
          MusterUnitParticipant *participant = g_ptr_array_index (units, j);
          g_autofree char *title = NULL;
          g_autofree char *subtitle = NULL;
          GtkWidget *row;

          if (participant->unit_id != self->unit_id)
            continue;

          /* Translators: a game's number and title: "Game 3: The Bridge" */
          title = g_strdup_printf (_("Game %d: %s"), muster_game_get_number (game), muster_game_get_title (game));
          subtitle = describe_participation (participant);
          row = adw_action_row_new ();
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
          gtk_list_box_append (self->games_list, row);
          n++;
        }
    }
  gtk_stack_set_visible_child_name (self->games_stack, n > 0 ? "list" : "empty");
}

#define CHANGED(getter) \
  (old == NULL || g_strcmp0 (getter (old), getter (unit)) != 0)

/* Shows the unit as stored. A field is only set when its stored value
 * changed, so an edit in progress elsewhere on the sheet is left alone. */
static void
load_unit (MusterUnitWindow *self)
{
  g_autoptr(MusterUnit) unit = NULL;
  g_autoptr(MusterUnit) old = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *present = NULL;
  const MusterUnitKindDef *kind = NULL;
  GHashTableIter iter;
  gpointer key, widget;

  unit = muster_store_get_unit (self->store, self->unit_id, &error);
  if (unit == NULL)
    {
      muster_sheet_window_read_failed (MUSTER_SHEET_WINDOW (self), self->toast_overlay, error);
      return;
    }

  old = g_steal_pointer (&self->unit);
  self->unit = g_object_ref (unit);
  self->updating++;

  if (CHANGED (muster_unit_get_name))
    muster_sheet_rows_show_name (GTK_WINDOW (self), self->window_title, self->name_row,
                                 muster_unit_get_name (unit));
  if (CHANGED (muster_unit_get_force_name))
    muster_sheet_rows_show_subtitle (self->store, self->window_title,
                                     muster_unit_get_force_name (unit));

  if (self->ruleset != NULL)
    {
      kind = muster_ruleset_lookup_unit_kind (self->ruleset, muster_unit_get_kind (unit));
      adw_combo_row_set_selected (self->kind_row,
                                  position_of (muster_ruleset_get_unit_kinds (self->ruleset),
                                               G_STRUCT_OFFSET (MusterUnitKindDef, id),
                                               muster_unit_get_kind (unit)));
      adw_combo_row_set_selected (self->rating_row,
                                  position_of (muster_ruleset_get_ratings (self->ruleset),
                                               G_STRUCT_OFFSET (MusterRatingDef, id),
                                               muster_unit_get_rating (unit)));
      /* A type that may have one rating only (guns always Average). */
      gtk_widget_set_sensitive (GTK_WIDGET (self->rating_row), kind == NULL || kind->rating == NULL);
    }
  for (guint i = 0; i < G_N_ELEMENTS (statuses); i++)
    if (g_strcmp0 (statuses[i], muster_unit_get_status (unit)) == 0)
      adw_combo_row_set_selected (self->status_row, i);

  if (kind != NULL && kind->min_size > 0 && kind->max_size > 0)
    {
      g_autofree char *range = muster_sheet_rows_range_text (kind->min_size, kind->max_size);

      adw_action_row_set_subtitle (self->size_row, range);
      gtk_spin_button_set_range (self->size_spin, kind->min_size,
                                 MAX (kind->max_size, muster_unit_get_size (unit)));
    }
  else
    {
      adw_action_row_set_subtitle (self->size_row, "");
      gtk_spin_button_set_range (self->size_spin, 1, 999);
    }
  gtk_spin_button_set_value (self->size_spin, muster_unit_get_size (unit));
  gtk_spin_button_set_range (self->lost_spin, 0, muster_unit_get_size (unit));
  gtk_spin_button_set_value (self->lost_spin, muster_unit_get_lost (unit));
  gtk_spin_button_set_value (self->morale_spin, muster_unit_get_morale_loss (unit));
  present = g_strdup_printf ("%d", muster_unit_get_present (unit));
  gtk_label_set_label (self->present_label, present);

  g_hash_table_iter_init (&iter, self->value_widgets);
  while (g_hash_table_iter_next (&iter, &key, &widget))
    {
      if (GTK_IS_SPIN_BUTTON (widget))
        {
          const MusterUnitStatDef *stat = muster_ruleset_lookup_unit_stat (self->ruleset, key);
          int value;

          if (!muster_unit_get_value (unit, key, &value))
            value = stat ? stat->min : 0;
          gtk_spin_button_set_value (widget, value);
        }
      else
        {
          g_autofree char *text = muster_unit_dup_stat_text (unit, self->ruleset, key);

          gtk_label_set_label (widget, text ? text : "—");
        }
    }

  /* A value the unit's kind names in its own way (artillery "Limbered"). */
  g_hash_table_iter_init (&iter, self->value_rows);
  while (g_hash_table_iter_next (&iter, &key, &widget))
    {
      const char *title = muster_ruleset_get_unit_stat_name (self->ruleset, key, muster_unit_get_kind (unit));

      if (title != NULL && g_strcmp0 (adw_preferences_row_get_title (widget), title) != 0)
        adw_preferences_row_set_title (widget, title);
    }

  if (CHANGED (muster_unit_get_notes))
    muster_sheet_notes_show (self->notes, muster_unit_get_notes (unit));

  load_characters (self);
  load_games (self);

  self->updating--;
}

#undef CHANGED

static void
muster_unit_window_reload (MusterSheetWindow *sheet)
{
  load_unit (MUSTER_UNIT_WINDOW (sheet));
}

static void
muster_unit_window_save_pending (MusterSheetWindow *sheet)
{
  MusterUnitWindow *self = MUSTER_UNIT_WINDOW (sheet);

  save_name (self);
  save_notes (self);
}

static void
muster_unit_window_dispose (GObject *object)
{
  MusterUnitWindow *self = MUSTER_UNIT_WINDOW (object);

  g_clear_object (&self->unit);
  g_clear_pointer (&self->value_widgets, g_hash_table_unref);
  g_clear_pointer (&self->value_rows, g_hash_table_unref);

  G_OBJECT_CLASS (muster_unit_window_parent_class)->dispose (object);
}

static void
muster_unit_window_class_init (MusterUnitWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  MusterSheetWindowClass *sheet_class = MUSTER_SHEET_WINDOW_CLASS (klass);

  object_class->dispose = muster_unit_window_dispose;
  sheet_class->reload = muster_unit_window_reload;
  sheet_class->save_pending = muster_unit_window_save_pending;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/muster-unit-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterUnitWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitWindow, name_row);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitWindow, kind_row);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitWindow, rating_row);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitWindow, status_row);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitWindow, size_row);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitWindow, size_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitWindow, lost_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitWindow, present_label);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitWindow, morale_row);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitWindow, morale_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitWindow, values_group);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitWindow, characters_stack);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitWindow, characters_list);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitWindow, notes_view);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitWindow, games_stack);
  gtk_widget_class_bind_template_child (widget_class, MusterUnitWindow, games_list);
  gtk_widget_class_bind_template_callback (widget_class, on_name_apply);
  gtk_widget_class_bind_template_callback (widget_class, on_kind_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_rating_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_status_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_size_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_lost_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_morale_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_character_activated);
}

static void
muster_unit_window_init (MusterUnitWindow *self)
{
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  self->notes = muster_sheet_window_get_notes (MUSTER_SHEET_WINDOW (self));

  self->value_widgets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->value_rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (statuses); i++)
    gtk_string_list_append (labels, muster_unit_status_label (statuses[i]));
  self->updating++;
  adw_combo_row_set_model (self->status_row, G_LIST_MODEL (labels));
  self->updating--;

  muster_sheet_rows_save_on_leave (GTK_WIDGET (self->name_row), G_CALLBACK (save_name), self);
  muster_sheet_notes_init (self->notes, self->notes_view, G_CALLBACK (save_notes), self);
}

GtkWidget *
muster_unit_window_new (GtkApplication *application,
                        MusterStore    *store,
                        gint64          unit_id)
{
  g_autoptr(MusterUnit) unit = NULL;
  MusterUnitWindow *self;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  unit = muster_store_get_unit (store, unit_id, NULL);
  if (unit == NULL)
    return NULL;

  self = g_object_new (MUSTER_TYPE_UNIT_WINDOW,
                       "application", application,
                       NULL);
  muster_sheet_window_set_up (MUSTER_SHEET_WINDOW (self), store, unit_id, muster_unit_get_campaign_id (unit));
  self->store = store;
  self->unit_id = unit_id;
  self->ruleset = muster_sheet_window_get_ruleset (MUSTER_SHEET_WINDOW (self));
  if (self->ruleset != NULL)
    build_ruleset_rows (self);
  else
    {
      gtk_widget_set_visible (GTK_WIDGET (self->values_group), FALSE);
      gtk_widget_set_visible (self->morale_row, FALSE);
    }

  muster_sheet_rows_lock_editors (store, GTK_WIDGET (self->name_row), GTK_WIDGET (self->size_row),
                                  GTK_WIDGET (self->values_group), GTK_WIDGET (self->notes_view), NULL);
  load_unit (self);

  return GTK_WIDGET (self);
}

GtkWidget *
muster_unit_window_open (GtkApplication *application,
                         MusterStore    *store,
                         gint64          unit_id)
{
  GtkWidget *window;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  window = muster_sheet_window_find (application, MUSTER_TYPE_UNIT_WINDOW, store, unit_id);
  if (window == NULL)
    window = muster_unit_window_new (application, store, unit_id);
  if (window != NULL)
    gtk_window_present (GTK_WINDOW (window));
  return window;
}

gint64
muster_unit_window_get_unit_id (MusterUnitWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT_WINDOW (self), 0);
  return self->unit_id;
}

GtkWidget *
muster_unit_window_get_editor (MusterUnitWindow *self,
                               const char       *field)
{
  g_return_val_if_fail (MUSTER_IS_UNIT_WINDOW (self), NULL);
  g_return_val_if_fail (field != NULL, NULL);

  if (g_str_equal (field, "name"))
    return GTK_WIDGET (self->name_row);
  if (g_str_equal (field, "type"))
    return GTK_WIDGET (self->kind_row);
  if (g_str_equal (field, "rating"))
    return GTK_WIDGET (self->rating_row);
  if (g_str_equal (field, "status"))
    return GTK_WIDGET (self->status_row);
  if (g_str_equal (field, "size"))
    return GTK_WIDGET (self->size_spin);
  if (g_str_equal (field, "lost"))
    return GTK_WIDGET (self->lost_spin);
  if (g_str_equal (field, "morale-loss"))
    return GTK_WIDGET (self->morale_spin);
  if (g_str_equal (field, "present"))
    return GTK_WIDGET (self->present_label);
  if (g_str_equal (field, "notes"))
    return GTK_WIDGET (self->notes_view);
  return g_hash_table_lookup (self->value_widgets, field);
}

GtkListBox *
muster_unit_window_get_characters (MusterUnitWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT_WINDOW (self), NULL);
  return self->characters_list;
}

GtkListBox *
muster_unit_window_get_games (MusterUnitWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT_WINDOW (self), NULL);
  return self->games_list;
}
