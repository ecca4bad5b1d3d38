/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sheet"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-character.h"
#include "muster-character-stats.h"
#include "muster-character-history.h"
#include "muster-character-window.h"
#include "muster-print-dialog.h"
#include "muster-sheet-rows.h"
#include "muster-sheet-text.h"
#include "muster-sheet-window.h"
#include "muster-traits.h"
#include "muster-unit.h"

struct _MusterCharacterWindow
{
  MusterSheetWindow    parent_instance;

  MusterStore         *store;    /* (unowned) the sheet's */
  gint64           character_id;
  MusterCharacter *character;     /* as last read */
  MusterRuleset       *ruleset;  /* (unowned) the sheet's, may be NULL */
  GHashTable      *stat_spins;    /* stat key -> GtkSpinButton */
  GHashTable      *stat_rows;     /* stat key -> AdwActionRow */
  GHashTable      *stat_caps;     /* stat key -> GtkLabel, "(9)" beside his own 11 */
  GPtrArray       *derived;       /* of GtkLabel, with "stat" and "derived" data */
  GArray          *unit_ids;      /* gint64, parallel to the unit row's model; 0 is none */
  char            *units_key;     /* the ids and names the unit row shows */
  MusterSheetNotes    *notes;    /* the sheet's */
  guint            updating;

  /* Template widgets */
  AdwWindowTitle  *window_title;
  AdwToastOverlay *toast_overlay;
  AdwEntryRow     *name_row;
  AdwEntryRow     *rank_row;
  AdwComboRow     *troop_row;
  AdwComboRow     *weapon_row;
  AdwComboRow     *unit_row;
  GtkSwitch       *mounted_switch;
  AdwPreferencesGroup *stats_group;
  AdwComboRow     *status_row;
  GtkWidget       *out_row;
  GtkSpinButton   *out_spin;
  GtkLabel        *kills_label;
  GtkLabel        *games_label;
  GtkTextView     *notes_view;
  AdwPreferencesGroup *history_group;
};

G_DEFINE_FINAL_TYPE (MusterCharacterWindow, muster_character_window, MUSTER_TYPE_SHEET_WINDOW)

static void load_character (MusterCharacterWindow *self);

static const MusterStatus statuses[] = {
  MUSTER_STATUS_ACTIVE,
  MUSTER_STATUS_OUT_OF_ACTION,
  MUSTER_STATUS_DEAD,
  MUSTER_STATUS_CAPTURED,
  MUSTER_STATUS_RETIRED,
};

/* A save failed: say why, and show the stored value again. */
static void
show_error (MusterCharacterWindow *self,
            const GError          *error)
{
  muster_sheet_rows_toast_error (self->toast_overlay, error);
  g_clear_object (&self->character);
  load_character (self);
}

static void
save_text (MusterCharacterWindow *self,
           const char            *field,
           const char            *value,
           const char            *stored)
{
  g_autoptr(GError) error = NULL;

  if (self->updating || self->character == NULL ||
      !muster_sheet_rows_text_changed (value, stored))
    return;

  if (!muster_store_set_character_text (self->store, self->character_id, field, value, &error))
    show_error (self, error);
}

static void
save_name (MusterCharacterWindow *self)
{
  if (self->character != NULL)
    save_text (self, "name", gtk_editable_get_text (GTK_EDITABLE (self->name_row)),
               muster_character_get_name (self->character));
}

static void
save_rank (MusterCharacterWindow *self)
{
  if (self->character != NULL)
    save_text (self, "rank", gtk_editable_get_text (GTK_EDITABLE (self->rank_row)),
               muster_character_get_rank (self->character));
}

static void
save_notes (MusterCharacterWindow *self)
{
  g_autofree char *notes = muster_sheet_notes_take_text (self->notes);

  if (self->character != NULL)
    save_text (self, "notes", notes, muster_character_get_notes (self->character));
}

static void
on_name_apply (MusterCharacterWindow *self)
{
  save_name (self);
}

static void
on_rank_apply (MusterCharacterWindow *self)
{
  save_rank (self);
}

static void
on_troop_selected (MusterCharacterWindow *self)
{
  guint selected = adw_combo_row_get_selected (self->troop_row);

  if (self->ruleset == NULL || selected >= muster_ruleset_get_n_troop_types (self->ruleset))
    return;
  save_text (self, "troop_type", muster_ruleset_get_troop_type (self->ruleset, selected)->id,
             self->character ? muster_character_get_troop_type (self->character) : NULL);
}

static void
on_weapon_selected (MusterCharacterWindow *self)
{
  guint selected = adw_combo_row_get_selected (self->weapon_row);

  if (self->ruleset == NULL || selected >= muster_ruleset_get_n_weapons (self->ruleset))
    return;
  save_text (self, "weapon", muster_ruleset_get_weapon (self->ruleset, selected)->id,
             self->character ? muster_character_get_weapon (self->character) : NULL);
}

static void
on_unit_selected (MusterCharacterWindow *self)
{
  g_autoptr(GError) error = NULL;
  guint selected = adw_combo_row_get_selected (self->unit_row);
  gint64 unit_id;

  if (self->updating || self->character == NULL || selected >= self->unit_ids->len)
    return;
  unit_id = g_array_index (self->unit_ids, gint64, selected);
  if (unit_id == muster_character_get_unit_id (self->character))
    return;

  if (!muster_store_attach_character (self->store, self->character_id, unit_id, &error))
    show_error (self, error);
}

static void
on_mounted_toggled (MusterCharacterWindow *self)
{
  g_autoptr(GError) error = NULL;
  gboolean mounted = gtk_switch_get_active (self->mounted_switch);

  if (self->updating || self->character == NULL ||
      mounted == muster_character_get_mounted (self->character))
    return;

  if (!muster_store_set_character_mounted (self->store, self->character_id, mounted, &error))
    show_error (self, error);
}

static void
save_status (MusterCharacterWindow *self)
{
  g_autoptr(GError) error = NULL;
  guint selected = adw_combo_row_get_selected (self->status_row);
  MusterStatus status;
  int out_games;

  if (self->updating || self->character == NULL || selected >= G_N_ELEMENTS (statuses))
    return;

  status = statuses[selected];
  out_games = gtk_spin_button_get_value_as_int (self->out_spin);
  gtk_widget_set_visible (self->out_row, status == MUSTER_STATUS_OUT_OF_ACTION);
  if (status == muster_character_get_status (self->character) &&
      (status != MUSTER_STATUS_OUT_OF_ACTION ||
       out_games == muster_character_get_out_games (self->character)))
    return;

  if (!muster_store_set_character_status (self->store, self->character_id, status, out_games, &error))
    show_error (self, error);
}

static void
on_status_selected (MusterCharacterWindow *self)
{
  save_status (self);
}

static void
on_out_games_changed (MusterCharacterWindow *self)
{
  save_status (self);
}

static void
stat_changed_cb (GtkSpinButton         *spin,
                 MusterCharacterWindow *self)
{
  g_autoptr(GError) error = NULL;
  const char *key = g_object_get_data (G_OBJECT (spin), "stat");
  int value = gtk_spin_button_get_value_as_int (spin);
  int stored;

  if (self->updating || self->character == NULL)
    return;
  if (muster_character_get_stat (self->character, key, &stored) && stored == value)
    return;

  if (!muster_store_set_character_stat (self->store, self->character_id, key, value, &error))
    show_error (self, error);
}

/* The rows that depend on the ruleset: troop types, weapons, stats. */
static void
build_ruleset_rows (MusterCharacterWindow *self)
{
  g_autoptr(GtkStringList) types = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) weapons = gtk_string_list_new (NULL);

  for (guint i = 0; i < muster_ruleset_get_n_troop_types (self->ruleset); i++)
    gtk_string_list_append (types, muster_ruleset_get_troop_type (self->ruleset, i)->name);
  for (guint i = 0; i < muster_ruleset_get_n_weapons (self->ruleset); i++)
    gtk_string_list_append (weapons, muster_ruleset_get_weapon (self->ruleset, i)->name);

  self->updating++;
  adw_combo_row_set_model (self->troop_row, G_LIST_MODEL (types));
  adw_combo_row_set_model (self->weapon_row, G_LIST_MODEL (weapons));
  self->updating--;

  for (guint i = 0; i < muster_ruleset_get_n_stats (self->ruleset); i++)
    {
      const MusterStatDef *stat = muster_ruleset_get_stat (self->ruleset, i);
      g_autofree char *title = g_strdup_printf ("%s (%s)", stat->name, stat->key);
      g_autofree char *range = muster_sheet_rows_range_text (stat->min, stat->max);
      GtkWidget *spin = muster_sheet_rows_value_spin_new (stat->name, stat->key, stat->min, stat->max);
      GtkWidget *row;

      GtkWidget *cap = gtk_label_new (NULL);

      g_signal_connect (spin, "value-changed", G_CALLBACK (stat_changed_cb), self);
      row = muster_sheet_rows_add_row (self->stats_group, title, range, spin);
      /* What his weapon lets him use, after his own value: 11 (9). */
      gtk_widget_add_css_class (cap, "numeric");
      gtk_widget_set_visible (cap, FALSE);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), cap);
      g_hash_table_insert (self->stat_spins, g_strdup (stat->key), spin);
      g_hash_table_insert (self->stat_rows, g_strdup (stat->key), row);
      g_hash_table_insert (self->stat_caps, g_strdup (stat->key), cap);

      /* What follows from the stat: Big Skirmishes' command range and move. */
      for (guint j = 0; stat->derived != NULL && j < stat->derived->len; j++)
        {
          const MusterDerivedStat *derived = g_ptr_array_index (stat->derived, j);
          GtkWidget *label = gtk_label_new (NULL);

          gtk_widget_add_css_class (label, "numeric");
          g_object_set_data (G_OBJECT (label), "stat", (gpointer) stat->key);
          g_object_set_data (G_OBJECT (label), "derived", (gpointer) derived);
          muster_sheet_rows_add_row (self->stats_group, derived->name, NULL, label);
          g_ptr_array_add (self->derived, label);
        }
    }

  gtk_widget_set_visible (GTK_WIDGET (self->unit_row),
                          muster_ruleset_get_kept_by (self->ruleset) == MUSTER_KEPT_BY_UNIT);
}

/* A stat rolled on a table shows the entry's name ("Professional"), a
 * stat that picks a trait the trait's ("Coward"), a stat a trait changes
 * its value in play ("In play: 0 (Coward −1)"), and one his weapon holds
 * lower what he uses with it: "(9)" beside his 11, and "(9): Firing with
 * his Musket" under the stat's name. */
static void
update_stat_subtitles (MusterCharacterWindow *self,
                       MusterCharacter       *character)
{
  GHashTableIter iter;
  gpointer key, row;

  g_hash_table_iter_init (&iter, self->stat_rows);
  while (g_hash_table_iter_next (&iter, &key, &row))
    {
      const MusterStatDef *stat = muster_ruleset_lookup_stat (self->ruleset, key);
      GtkLabel *cap = g_hash_table_lookup (self->stat_caps, key);
      g_autoptr(GArray) effects = NULL;
      g_autofree char *subtitle = muster_character_describe_cap (character, self->ruleset, key);
      g_autofree char *traits = NULL;
      const char *entry = NULL;
      int value, played;

      if (subtitle != NULL && muster_character_get_effective_stat (character, self->ruleset, key, &value))
        {
          /* Translators: beside his own value, the one his weapon allows: "(9)" */
          g_autofree char *used = g_strdup_printf (_("(%d)"), value);

          gtk_label_set_label (cap, used);
        }
      gtk_widget_set_visible (GTK_WIDGET (cap), subtitle != NULL);

      if (muster_character_get_stat (character, key, &value))
        entry = muster_sheet_stat_entry_name (self->ruleset, character, stat, value);
      if (muster_traits_played_stat (self->ruleset, character, key, &played, &effects))
        traits = muster_sheet_trait_effects_text (effects);
      if (subtitle == NULL && traits != NULL)
        /* Translators: a stat's value in play and the traits that make it so: "In play: 0 (Coward −1)" */
        subtitle = g_strdup_printf (_("In play: %d (%s)"), played, traits);
      if (subtitle == NULL && entry != NULL)
        subtitle = g_strdup (entry);
      if (subtitle == NULL)
        subtitle = muster_sheet_rows_range_text (stat->min, stat->max);
      adw_action_row_set_subtitle (row, subtitle);
    }

  for (guint i = 0; i < self->derived->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (self->derived, i);
      const MusterDerivedStat *derived = g_object_get_data (G_OBJECT (label), "derived");
      g_autofree char *text = NULL;
      int value;

      if (muster_character_get_stat (character, g_object_get_data (G_OBJECT (label), "stat"), &value))
        text = g_strdup_printf ("%d", value * (muster_character_get_mounted (character)
                                               ? derived->mounted_times : derived->times));
      gtk_label_set_label (label, text ? text : "—");
    }
}

/* The units of the character's force he may join: the active ones, and
 * the one he is in whatever its state. */
static void
load_units (MusterCharacterWindow *self,
            MusterCharacter       *character)
{
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GString) key = g_string_new (NULL);
  gint64 current = muster_character_get_unit_id (character);
  gint64 none = 0;
  guint selected = 0;

  units = muster_store_list_units (self->store, muster_character_get_campaign_id (character),
                                   muster_character_get_force_id (character), NULL);
  g_array_set_size (self->unit_ids, 0);
  g_array_append_val (self->unit_ids, none);
  /* Translators: in the character sheet's Unit list: attached to no unit */
  gtk_string_list_append (names, C_("unit", "None"));
  for (guint i = 0; units != NULL && i < units->len; i++)
    {
      MusterUnit *unit = g_ptr_array_index (units, i);
      gint64 id = muster_unit_get_id (unit);

      if (id != current && g_strcmp0 (muster_unit_get_status (unit), MUSTER_UNIT_STATUS_ACTIVE) != 0)
        continue;
      if (id == current)
        selected = self->unit_ids->len;
      g_array_append_val (self->unit_ids, id);
      gtk_string_list_append (names, muster_unit_get_name (unit));
      g_string_append_printf (key, "%" G_GINT64_FORMAT " %s\n", id, muster_unit_get_name (unit));
    }

  /* A new model only when the units changed: this runs from the row's own
   * notify::selected too (attaching changes the store), and replacing the
   * model there would free the selection being changed. */
  if (g_strcmp0 (key->str, self->units_key) != 0)
    {
      g_free (self->units_key);
      self->units_key = g_strdup (key->str);
      adw_combo_row_set_model (self->unit_row, G_LIST_MODEL (names));
    }
  if (adw_combo_row_get_selected (self->unit_row) != selected)
    adw_combo_row_set_selected (self->unit_row, selected);
}

static guint
troop_type_position (MusterRuleset *ruleset,
                     const char    *id)
{
  for (guint i = 0; i < muster_ruleset_get_n_troop_types (ruleset); i++)
    if (g_strcmp0 (muster_ruleset_get_troop_type (ruleset, i)->id, id) == 0)
      return i;
  return GTK_INVALID_LIST_POSITION;
}

static guint
weapon_position (MusterRuleset *ruleset,
                 const char    *id)
{
  for (guint i = 0; i < muster_ruleset_get_n_weapons (ruleset); i++)
    if (g_strcmp0 (muster_ruleset_get_weapon (ruleset, i)->id, id) == 0)
      return i;
  return GTK_INVALID_LIST_POSITION;
}

#define CHANGED(getter) \
  (old == NULL || g_strcmp0 (getter (old), getter (character)) != 0)

/* Shows the character as stored. A field is only set when its stored value
 * changed, so an edit in progress elsewhere on the sheet is left alone. */
static void
load_character (MusterCharacterWindow *self)
{
  g_autoptr(MusterCharacter) character = NULL;
  g_autoptr(MusterCharacter) old = NULL;
  g_autoptr(GError) error = NULL;
  GHashTableIter iter;
  gpointer key, value;

  character = muster_store_get_character (self->store, self->character_id, &error);
  if (character == NULL)
    {
      muster_sheet_window_read_failed (MUSTER_SHEET_WINDOW (self), self->toast_overlay, error);
      return;
    }

  old = g_steal_pointer (&self->character);
  self->character = g_object_ref (character);
  self->updating++;

  if (CHANGED (muster_character_get_name))
    muster_sheet_rows_show_name (GTK_WINDOW (self), self->window_title, self->name_row,
                                 muster_character_get_name (character));
  if (CHANGED (muster_character_get_force_name))
    muster_sheet_rows_show_subtitle (self->store, self->window_title,
                                     muster_character_get_force_name (character));
  if (CHANGED (muster_character_get_rank))
    {
      const char *rank = muster_character_get_rank (character);

      gtk_editable_set_text (GTK_EDITABLE (self->rank_row), rank ? rank : "");
    }
  if (CHANGED (muster_character_get_troop_type) && self->ruleset != NULL)
    adw_combo_row_set_selected (self->troop_row,
                                troop_type_position (self->ruleset, muster_character_get_troop_type (character)));
  if (CHANGED (muster_character_get_weapon) && self->ruleset != NULL)
    adw_combo_row_set_selected (self->weapon_row,
                                weapon_position (self->ruleset, muster_character_get_weapon (character)));
  gtk_switch_set_active (self->mounted_switch, muster_character_get_mounted (character));

  for (guint i = 0; i < G_N_ELEMENTS (statuses); i++)
    if (statuses[i] == muster_character_get_status (character))
      adw_combo_row_set_selected (self->status_row, i);
  if (muster_character_get_status (character) == MUSTER_STATUS_OUT_OF_ACTION)
    gtk_spin_button_set_value (self->out_spin, MAX (1, muster_character_get_out_games (character)));
  gtk_widget_set_visible (self->out_row,
                          muster_character_get_status (character) == MUSTER_STATUS_OUT_OF_ACTION);

  g_hash_table_iter_init (&iter, self->stat_spins);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      int stat;

      if (muster_character_get_stat (character, key, &stat))
        gtk_spin_button_set_value (value, stat);
    }

  if (self->ruleset != NULL)
    {
      update_stat_subtitles (self, character);
      if (muster_ruleset_get_kept_by (self->ruleset) == MUSTER_KEPT_BY_UNIT)
        load_units (self, character);
    }

  if (CHANGED (muster_character_get_notes))
    muster_sheet_notes_show (self->notes, muster_character_get_notes (character));

  {
    g_autofree char *kills = g_strdup_printf ("%d", muster_character_get_kills (character));
    g_autofree char *games = g_strdup_printf ("%d", muster_character_get_games (character));

    gtk_label_set_label (self->kills_label, kills);
    gtk_label_set_label (self->games_label, games);
  }

  self->updating--;
}

#undef CHANGED

static void
muster_character_window_reload (MusterSheetWindow *sheet)
{
  load_character (MUSTER_CHARACTER_WINDOW (sheet));
}

static void
muster_character_window_save_pending (MusterSheetWindow *sheet)
{
  MusterCharacterWindow *self = MUSTER_CHARACTER_WINDOW (sheet);

  save_name (self);
  save_rank (self);
  save_notes (self);
}

static void
muster_character_window_dispose (GObject *object)
{
  MusterCharacterWindow *self = MUSTER_CHARACTER_WINDOW (object);

  g_clear_object (&self->character);
  g_clear_pointer (&self->stat_spins, g_hash_table_unref);
  g_clear_pointer (&self->stat_rows, g_hash_table_unref);
  g_clear_pointer (&self->stat_caps, g_hash_table_unref);
  g_clear_pointer (&self->derived, g_ptr_array_unref);
  g_clear_pointer (&self->unit_ids, g_array_unref);
  g_clear_pointer (&self->units_key, g_free);

  G_OBJECT_CLASS (muster_character_window_parent_class)->dispose (object);
}

/* His Figure Stats line and card, and any other sheet, for him alone. */
static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  MusterCharacterWindow *self = MUSTER_CHARACTER_WINDOW (widget);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  if (self->character == NULL)
    return;
  g_array_append_val (ids, self->character_id);
  muster_print_dialog_present (GTK_WINDOW (self), self->store,
                               muster_character_get_campaign_id (self->character),
                               0, ids, MUSTER_PRINT_FIGURE_STATS);
}

static void
muster_character_window_class_init (MusterCharacterWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  MusterSheetWindowClass *sheet_class = MUSTER_SHEET_WINDOW_CLASS (klass);

  object_class->dispose = muster_character_window_dispose;
  sheet_class->reload = muster_character_window_reload;
  sheet_class->save_pending = muster_character_window_save_pending;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/muster-character-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterCharacterWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, MusterCharacterWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MusterCharacterWindow, name_row);
  gtk_widget_class_bind_template_child (widget_class, MusterCharacterWindow, rank_row);
  gtk_widget_class_bind_template_child (widget_class, MusterCharacterWindow, troop_row);
  gtk_widget_class_bind_template_child (widget_class, MusterCharacterWindow, weapon_row);
  gtk_widget_class_bind_template_child (widget_class, MusterCharacterWindow, unit_row);
  gtk_widget_class_bind_template_child (widget_class, MusterCharacterWindow, mounted_switch);
  gtk_widget_class_bind_template_child (widget_class, MusterCharacterWindow, stats_group);
  gtk_widget_class_bind_template_child (widget_class, MusterCharacterWindow, status_row);
  gtk_widget_class_bind_template_child (widget_class, MusterCharacterWindow, out_row);
  gtk_widget_class_bind_template_child (widget_class, MusterCharacterWindow, out_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterCharacterWindow, kills_label);
  gtk_widget_class_bind_template_child (widget_class, MusterCharacterWindow, games_label);
  gtk_widget_class_bind_template_child (widget_class, MusterCharacterWindow, notes_view);
  gtk_widget_class_bind_template_child (widget_class, MusterCharacterWindow, history_group);
  gtk_widget_class_bind_template_callback (widget_class, on_name_apply);
  gtk_widget_class_bind_template_callback (widget_class, on_rank_apply);
  gtk_widget_class_bind_template_callback (widget_class, on_troop_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_weapon_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_mounted_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_unit_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_status_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_out_games_changed);

  gtk_widget_class_install_action (widget_class, "sheet.print", NULL, print_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "sheet.print", NULL);
}

static void
muster_character_window_init (MusterCharacterWindow *self)
{
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  self->notes = muster_sheet_window_get_notes (MUSTER_SHEET_WINDOW (self));

  self->stat_spins = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->stat_rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->stat_caps = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->derived = g_ptr_array_new ();
  self->unit_ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; i < G_N_ELEMENTS (statuses); i++)
    gtk_string_list_append (labels, muster_status_get_label (statuses[i]));
  adw_combo_row_set_model (self->status_row, G_LIST_MODEL (labels));

  muster_sheet_rows_save_on_leave (GTK_WIDGET (self->name_row), G_CALLBACK (save_name), self);
  muster_sheet_rows_save_on_leave (GTK_WIDGET (self->rank_row), G_CALLBACK (save_rank), self);
  muster_sheet_notes_init (self->notes, self->notes_view, G_CALLBACK (save_notes), self);
}

GtkWidget *
muster_character_window_new (MusterApplication *application,
                             MusterStore       *store,
                             gint64             character_id)
{
  g_autoptr(MusterCharacter) character = NULL;
  MusterCharacterWindow *self;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  character = muster_store_get_character (store, character_id, NULL);
  if (character == NULL)
    return NULL;

  self = g_object_new (MUSTER_TYPE_CHARACTER_WINDOW,
                       "application", application,
                       NULL);
  muster_sheet_window_set_up (MUSTER_SHEET_WINDOW (self), store, character_id, muster_character_get_campaign_id (character));
  self->store = store;
  self->character_id = character_id;
  self->ruleset = muster_sheet_window_get_ruleset (MUSTER_SHEET_WINDOW (self));
  if (self->ruleset != NULL)
    build_ruleset_rows (self);

  adw_preferences_group_add (self->history_group, muster_character_history_new (store, character_id));
  muster_sheet_rows_lock_editors (store, GTK_WIDGET (self->name_row), GTK_WIDGET (self->stats_group),
                                  GTK_WIDGET (self->status_row), GTK_WIDGET (self->notes_view), NULL);
  load_character (self);

  return GTK_WIDGET (self);
}

gint64
muster_character_window_get_character_id (MusterCharacterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER_WINDOW (self), 0);
  return self->character_id;
}

GtkWidget *
muster_character_window_get_editor (MusterCharacterWindow *self,
                                    const char            *field)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER_WINDOW (self), NULL);
  g_return_val_if_fail (field != NULL, NULL);

  if (g_str_equal (field, "name"))
    return GTK_WIDGET (self->name_row);
  if (g_str_equal (field, "rank"))
    return GTK_WIDGET (self->rank_row);
  if (g_str_equal (field, "troop-type"))
    return GTK_WIDGET (self->troop_row);
  if (g_str_equal (field, "weapon"))
    return GTK_WIDGET (self->weapon_row);
  if (g_str_equal (field, "status"))
    return GTK_WIDGET (self->status_row);
  if (g_str_equal (field, "mounted"))
    return GTK_WIDGET (self->mounted_switch);
  if (g_str_equal (field, "out-games"))
    return GTK_WIDGET (self->out_spin);
  if (g_str_equal (field, "unit"))
    return GTK_WIDGET (self->unit_row);
  if (g_str_equal (field, "notes"))
    return GTK_WIDGET (self->notes_view);
  return g_hash_table_lookup (self->stat_spins, field);
}
