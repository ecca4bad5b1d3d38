/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-games"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-a11y.h"
#include "muster-campaign.h"
#include "muster-game.h"
#include "muster-record-dialog.h"
#include "muster-table.h"
#include "muster-record-rows.h"
#include "muster-ruleset.h"
#include "muster-text-list.h"
#include "muster-record-units.h"
#include "muster-toasts.h"

/* One participant's result as the dialog holds it until it is saved. */
typedef struct {
  MusterRecordDialog *dialog;
  MusterParticipant  *participant;
  const MusterOutcomeDef *outcome;   /* NULL: not recorded */
  int                 light;
  int                 serious;
  int                 unnamed;
  GArray             *victims;       /* of gint64 */
  char               *notes;
  gboolean            dirty;

  AdwExpanderRow     *row;
  AdwComboRow        *outcome_row;
  GtkWidget          *light_row;
  GtkSpinButton      *light_spin;
  GtkWidget          *serious_row;
  GtkSpinButton      *serious_spin;
  GtkSpinButton      *unnamed_spin;
  GHashTable         *victim_checks;  /* victim id -> GtkCheckButton */
} Entry;

struct _MusterRecordDialog
{
  AdwWindow           parent_instance;

  AdwWindowTitle     *window_title;
  AdwToastOverlay    *toast_overlay;
  AdwPreferencesPage *page;
  AdwPreferencesGroup *game_group;
  AdwEntryRow        *notes_row;

  MusterStore        *store;
  MusterGame         *game;
  MusterCampaign     *campaign;
  GPtrArray          *outcomes;   /* of MusterOutcomeDef*, the ruleset's */
  GPtrArray          *entries;    /* of Entry* */
  MusterRecordUnits  *units;
  gboolean            loading;
  gboolean            notes_dirty;
};

G_DEFINE_FINAL_TYPE (MusterRecordDialog, muster_record_dialog, ADW_TYPE_WINDOW)

static void
entry_free (Entry *entry)
{
  muster_participant_free (entry->participant);
  g_array_unref (entry->victims);
  g_hash_table_unref (entry->victim_checks);
  g_free (entry->notes);
  g_free (entry);
}

static Entry *
find_entry (MusterRecordDialog *self,
            gint64              character_id)
{
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);

      if (entry->participant->character_id == character_id)
        return entry;
    }
  return NULL;
}

/* Why wounds that add up to a Kill will be recorded as one ("2 serious
 * wounds count as “Out of action”."), or NULL. */
static char *
entry_added_up (Entry *entry)
{
  MusterRuleset *ruleset = muster_campaign_get_ruleset (entry->dialog->campaign);

  if (ruleset == NULL || entry->outcome == NULL ||
      (!entry->outcome->takes_light && !entry->outcome->takes_serious))
    return NULL;
  return muster_ruleset_describe_wounds_add_up (ruleset, entry->light, entry->serious);
}

/* "Wounded (1 light wound and 1 serious wound) · put out 2", and what
 * the wounds add up to. */
static char *
describe_entry (Entry *entry)
{
  g_autofree char *text = g_strdup (entry->outcome != NULL ? entry->outcome->name : _("Not recorded"));
  g_autofree char *added_up = entry_added_up (entry);
  int kills = entry->victims->len + entry->unnamed;

  if (entry->outcome != NULL && (entry->outcome->takes_light || entry->outcome->takes_serious))
    {
      g_autofree char *wounds = muster_text_wounds (entry->light, entry->serious, TRUE);
      char *longer;

      /* Translators: an outcome and the wounds taken, "Wounded (1 light wound and 1 serious wound)" */
      longer = g_strdup_printf (_("%s (%s)"), text, wounds);
      g_free (text);
      text = longer;
    }
  if (added_up != NULL)
    {
      char *longer = g_strdup_printf ("%s · %s", text, added_up);

      g_free (text);
      text = longer;
    }
  if (kills > 0)
    /* Translators: how a character came out of a game, then how many it put out of action */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · put out %d", "%s · put out %d", kills),
                            text, kills);
  return g_steal_pointer (&text);
}

static void
entry_changed (Entry *entry)
{
  g_autofree char *subtitle = describe_entry (entry);

  gtk_widget_set_visible (entry->light_row, entry->outcome != NULL && entry->outcome->takes_light);
  gtk_widget_set_visible (entry->serious_row, entry->outcome != NULL && entry->outcome->takes_serious);
  adw_expander_row_set_subtitle (entry->row, subtitle);
  if (!entry->dialog->loading)
    entry->dirty = TRUE;
}

static void
on_outcome_selected (Entry *entry)
{
  guint selected = adw_combo_row_get_selected (entry->outcome_row);

  if (selected == 0 || selected == GTK_INVALID_LIST_POSITION)
    entry->outcome = NULL;
  else
    entry->outcome = g_ptr_array_index (entry->dialog->outcomes, selected - 1);
  entry_changed (entry);
}

static void
on_spin_changed (Entry *entry)
{
  entry->light = gtk_spin_button_get_value_as_int (entry->light_spin);
  entry->serious = gtk_spin_button_get_value_as_int (entry->serious_spin);
  entry->unnamed = gtk_spin_button_get_value_as_int (entry->unnamed_spin);
  entry_changed (entry);
}

static void
on_notes_changed (GtkEditable *editable,
                  Entry       *entry)
{
  g_free (entry->notes);
  entry->notes = g_strdup (gtk_editable_get_text (editable));
  entry_changed (entry);
}

static void
set_victim (Entry    *entry,
            gint64    victim_id,
            gboolean  killed)
{
  for (guint i = 0; i < entry->victims->len; i++)
    if (g_array_index (entry->victims, gint64, i) == victim_id)
      {
        if (!killed)
          g_array_remove_index (entry->victims, i);
        entry_changed (entry);
        return;
      }
  if (killed)
    g_array_append_val (entry->victims, victim_id);
  entry_changed (entry);
}

static void
on_victim_toggled (GtkCheckButton *check,
                   Entry          *entry)
{
  gint64 *victim_id = g_object_get_data (G_OBJECT (check), "victim-id");

  set_victim (entry, *victim_id, gtk_check_button_get_active (check));
}

static void
on_game_notes_changed (MusterRecordDialog *self)
{
  if (!self->loading)
    self->notes_dirty = TRUE;
}

static void
build_entry (MusterRecordDialog  *self,
             Entry               *entry,
             AdwPreferencesGroup *group,
             GtkStringList       *outcome_names)
{
  MusterParticipant *p = entry->participant;
  guint selected = 0;

  entry->row = ADW_EXPANDER_ROW (adw_expander_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry->row), p->name);

  entry->outcome_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry->outcome_row), _("What happened"));
  adw_combo_row_set_model (entry->outcome_row, G_LIST_MODEL (outcome_names));
  for (guint i = 0; entry->outcome != NULL && i < self->outcomes->len; i++)
    if (g_ptr_array_index (self->outcomes, i) == entry->outcome)
      selected = i + 1;
  adw_combo_row_set_selected (entry->outcome_row, selected);
  g_signal_connect_swapped (entry->outcome_row, "notify::selected", G_CALLBACK (on_outcome_selected), entry);
  adw_expander_row_add_row (entry->row, GTK_WIDGET (entry->outcome_row));

  entry->light_row = muster_record_add_spin_row (entry->row, _("Light wounds"), entry->light, &entry->light_spin);
  entry->serious_row = muster_record_add_spin_row (entry->row, _("Serious wounds"), entry->serious, &entry->serious_spin);

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *other = g_ptr_array_index (self->entries, i);
      g_autofree char *title = NULL;
      GtkWidget *row, *check;

      if (g_strcmp0 (other->participant->side, p->side) == 0)
        continue;
      row = adw_action_row_new ();
      check = gtk_check_button_new ();
      /* Translators: a victim this participant killed or put out of action */
      title = g_strdup_printf (_("Put %s out of action"), other->participant->name);
      /* Named by the row's title, which it activates. */
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      for (guint j = 0; j < entry->victims->len; j++)
        if (g_array_index (entry->victims, gint64, j) == other->participant->character_id)
          gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
      g_object_set_data (G_OBJECT (check), "victim-id", &other->participant->character_id);
      g_signal_connect (check, "toggled", G_CALLBACK (on_victim_toggled), entry);
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      adw_expander_row_add_row (entry->row, row);
      g_hash_table_insert (entry->victim_checks, g_memdup2 (&other->participant->character_id, sizeof (gint64)), check);
    }

  muster_record_add_spin_row (entry->row, _("Unnamed figures put out of action"), entry->unnamed, &entry->unnamed_spin);
  g_signal_connect_swapped (entry->light_spin, "value-changed", G_CALLBACK (on_spin_changed), entry);
  g_signal_connect_swapped (entry->serious_spin, "value-changed", G_CALLBACK (on_spin_changed), entry);
  g_signal_connect_swapped (entry->unnamed_spin, "value-changed", G_CALLBACK (on_spin_changed), entry);

  muster_record_add_notes_row (entry->row, entry->notes, G_CALLBACK (on_notes_changed), entry);

  adw_preferences_group_add (group, GTK_WIDGET (entry->row));
  entry_changed (entry);
}

/* The first row of @widget's that takes the focus, in the order they are
 * shown: an expander's own header rather than the expander. */
static GtkWidget *
first_row (GtkWidget *widget)
{
  if (ADW_IS_PREFERENCES_ROW (widget) && !ADW_IS_EXPANDER_ROW (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *row = first_row (child);

      if (row != NULL)
        return row;
    }
  return NULL;
}

static gboolean
load (MusterRecordDialog  *self,
      gint64               game_id,
      GError             **error)
{
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(GtkStringList) outcome_names = gtk_string_list_new (NULL);
  g_autofree char *what = NULL;
  g_autoptr(GHashTable) groups = g_hash_table_new (g_str_hash, g_str_equal);
  AdwPreferencesGroup *group = NULL;
  MusterRuleset *ruleset;
  const char *side = NULL;

  if ((self->game = muster_store_get_game (self->store, game_id, error)) == NULL ||
      (self->campaign = muster_store_get_campaign (self->store, muster_game_get_campaign_id (self->game), error)) == NULL ||
      /* A started game is filled with what the table recorded so far;
       * what is changed here is kept as a correction when it is finished. */
      (participants = muster_store_list_game_results (self->store, game_id, NULL, error)) == NULL)
    return FALSE;

  what = muster_game_describe (self->game);
  if (muster_game_get_state (self->game) == MUSTER_GAME_RESOLVED)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
                   _("%s is already resolved: undo its resolution to change its results."), what);
      return FALSE;
    }
  if ((ruleset = muster_campaign_get_ruleset (self->campaign)) == NULL)
    {
      g_set_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_INVALID,
                   _("The rules of campaign “%s” no longer load."), muster_campaign_get_name (self->campaign));
      return FALSE;
    }
  adw_window_title_set_subtitle (self->window_title, what);

  self->outcomes = g_ptr_array_ref (muster_ruleset_get_outcomes (ruleset));
  gtk_string_list_append (outcome_names, _("Not recorded"));
  for (guint i = 0; i < self->outcomes->len; i++)
    gtk_string_list_append (outcome_names, ((MusterOutcomeDef *) g_ptr_array_index (self->outcomes, i))->name);

  self->loading = TRUE;

  gtk_editable_set_text (GTK_EDITABLE (self->notes_row),
                         muster_game_get_notes (self->game) != NULL ? muster_game_get_notes (self->game) : "");

  for (guint i = 0; i < participants->len; i++)
    {
      Entry *entry = g_new0 (Entry, 1);
      MusterParticipant *p = g_ptr_array_index (participants, i);

      entry->dialog = self;
      entry->participant = p;
      entry->outcome = p->outcome != NULL ? muster_ruleset_lookup_outcome (ruleset, p->outcome) : NULL;
      entry->light = p->light_wounds;
      entry->serious = p->serious_wounds;
      entry->unnamed = p->killed_unnamed;
      entry->victims = g_array_copy (p->victims);
      entry->notes = g_strdup (p->notes);
      entry->victim_checks = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
      g_ptr_array_add (self->entries, entry);
    }
  /* The entries own the participants now. */
  g_ptr_array_set_free_func (participants, NULL);

  /* With units, a side may have no characters: both sides get their group
   * first, in the order the characters are listed in (by side). */
  if (muster_ruleset_get_kept_by (ruleset) == MUSTER_KEPT_BY_UNIT &&
      muster_game_get_side_a (self->game) != NULL && muster_game_get_side_b (self->game) != NULL)
    {
      const char *sides[2] = { muster_game_get_side_a (self->game), muster_game_get_side_b (self->game) };
      gboolean swap = g_utf8_collate (sides[0], sides[1]) > 0;

      for (guint i = 0; i < 2; i++)
        {
          side = sides[swap ? 1 - i : i];
          group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
          adw_preferences_group_set_title (group, side);
          adw_preferences_page_add (self->page, group);
          g_hash_table_insert (groups, (gpointer) side, group);
        }
    }

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);

      side = entry->participant->side;
      if ((group = g_hash_table_lookup (groups, side)) == NULL)
        {
          group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
          adw_preferences_group_set_title (group, side);
          adw_preferences_page_add (self->page, group);
          g_hash_table_insert (groups, (gpointer) side, group);
        }
      build_entry (self, entry, group, outcome_names);
    }

  if ((self->units = muster_record_units_new (self->store, self->game, ruleset, self->page, groups, error)) == NULL)
    return FALSE;

  /* What happened to each comes first, the notes on the game last; the
   * first of them has the focus when the dialog opens. */
  g_object_ref (self->game_group);
  adw_preferences_page_remove (self->page, self->game_group);
  adw_preferences_page_add (self->page, self->game_group);
  g_object_unref (self->game_group);
  muster_a11y_focus_on_show (GTK_WINDOW (self), first_row (GTK_WIDGET (self->page)));

  self->loading = FALSE;
  return TRUE;
}

static void
save_action (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  g_autoptr(GError) error = NULL;

  muster_record_dialog_save (MUSTER_RECORD_DIALOG (widget), &error);
}

static void
muster_record_dialog_dispose (GObject *object)
{
  MusterRecordDialog *self = (MusterRecordDialog *) object;

  g_clear_pointer (&self->entries, g_ptr_array_unref);
  g_clear_pointer (&self->units, muster_record_units_free);
  g_clear_pointer (&self->outcomes, g_ptr_array_unref);
  g_clear_object (&self->game);
  g_clear_object (&self->campaign);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (muster_record_dialog_parent_class)->dispose (object);
}

static void
muster_record_dialog_class_init (MusterRecordDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_record_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/musterapp/Muster/muster-record-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterRecordDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, MusterRecordDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MusterRecordDialog, page);
  gtk_widget_class_bind_template_child (widget_class, MusterRecordDialog, game_group);
  gtk_widget_class_bind_template_child (widget_class, MusterRecordDialog, notes_row);

  gtk_widget_class_install_action (widget_class, "record.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "record.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
muster_record_dialog_init (MusterRecordDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  g_signal_connect_swapped (self->notes_row, "changed", G_CALLBACK (on_game_notes_changed), self);
}

MusterRecordDialog *
muster_record_dialog_new (MusterStore  *store,
                          gint64        game_id,
                          GError      **error)
{
  MusterRecordDialog *self;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  self = g_object_new (MUSTER_TYPE_RECORD_DIALOG, NULL);
  self->store = g_object_ref (store);
  if (!load (self, game_id, error))
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return NULL;
    }
  return self;
}

gboolean
muster_record_dialog_set_outcome (MusterRecordDialog *self,
                                  gint64              character_id,
                                  const char         *outcome_id,
                                  int                 light_wounds,
                                  int                 serious_wounds)
{
  Entry *entry;
  guint selected = 0;

  g_return_val_if_fail (MUSTER_IS_RECORD_DIALOG (self), FALSE);

  if ((entry = find_entry (self, character_id)) == NULL)
    return FALSE;
  for (guint i = 0; outcome_id != NULL && i < self->outcomes->len; i++)
    if (g_str_equal (((MusterOutcomeDef *) g_ptr_array_index (self->outcomes, i))->id, outcome_id))
      selected = i + 1;
  if (outcome_id != NULL && selected == 0)
    return FALSE;

  adw_combo_row_set_selected (entry->outcome_row, selected);
  gtk_spin_button_set_value (entry->light_spin, light_wounds);
  gtk_spin_button_set_value (entry->serious_spin, serious_wounds);
  return TRUE;
}

const char *
muster_record_dialog_get_summary (MusterRecordDialog *self,
                                  gint64              character_id)
{
  Entry *entry;

  g_return_val_if_fail (MUSTER_IS_RECORD_DIALOG (self), NULL);

  if ((entry = find_entry (self, character_id)) == NULL)
    return NULL;
  return adw_expander_row_get_subtitle (entry->row);
}

gboolean
muster_record_dialog_set_victim (MusterRecordDialog *self,
                                 gint64              killer_id,
                                 gint64              victim_id,
                                 gboolean            killed)
{
  GtkCheckButton *check;
  Entry *entry;

  g_return_val_if_fail (MUSTER_IS_RECORD_DIALOG (self), FALSE);

  if ((entry = find_entry (self, killer_id)) == NULL || find_entry (self, victim_id) == NULL)
    return FALSE;
  if ((check = g_hash_table_lookup (entry->victim_checks, &victim_id)) != NULL)
    gtk_check_button_set_active (check, killed);
  else
    set_victim (entry, victim_id, killed);
  return TRUE;
}

gboolean
muster_record_dialog_set_killed_unnamed (MusterRecordDialog *self,
                                         gint64              killer_id,
                                         int                 n)
{
  Entry *entry;

  g_return_val_if_fail (MUSTER_IS_RECORD_DIALOG (self), FALSE);

  if ((entry = find_entry (self, killer_id)) == NULL)
    return FALSE;
  gtk_spin_button_set_value (entry->unnamed_spin, n);
  return TRUE;
}

gboolean
muster_record_dialog_set_unit_result (MusterRecordDialog *self,
                                      gint64              unit_id,
                                      int                 killed,
                                      int                 wounded,
                                      int                 captured,
                                      int                 run,
                                      const char         *colours)
{
  g_return_val_if_fail (MUSTER_IS_RECORD_DIALOG (self), FALSE);
  return muster_record_units_set_result (self->units, unit_id, killed, wounded, captured, run, colours);
}

gboolean
muster_record_dialog_has_unit_figures (MusterRecordDialog *self,
                                       gint64              unit_id,
                                       const char         *kind)
{
  g_return_val_if_fail (MUSTER_IS_RECORD_DIALOG (self), FALSE);
  return muster_record_units_has_figures (self->units, unit_id, kind);
}

static gboolean
save_entries (MusterRecordDialog  *self,
              GError             **error)
{
  gint64 game_id = muster_game_get_id (self->game);

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);
      MusterResult result = { 0 };

      if (!entry->dirty)
        continue;
      if (entry->outcome == NULL)
        {
          if (entry->victims->len == 0 && entry->unnamed == 0)
            continue;
          g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                       _("Say what happened to %s before recording whom they put out of action."),
                       entry->participant->name);
          return FALSE;
        }
      result.outcome = entry->outcome->id;
      result.light_wounds = entry->outcome->takes_light ? entry->light : 0;
      result.serious_wounds = entry->outcome->takes_serious ? entry->serious : 0;
      result.victims = (const gint64 *) (gpointer) entry->victims->data;
      result.n_victims = entry->victims->len;
      result.killed_unnamed = entry->unnamed;
      result.notes = entry->notes != NULL && entry->notes[0] != '\0' ? entry->notes : NULL;
      if (!muster_store_set_result (self->store, game_id, entry->participant->character_id, &result, error))
        return FALSE;
    }
  if (!muster_record_units_save (self->units, error))
    return FALSE;

  if (self->notes_dirty)
    {
      const char *notes = gtk_editable_get_text (GTK_EDITABLE (self->notes_row));

      if (!muster_store_set_game_notes (self->store, game_id, notes[0] != '\0' ? notes : NULL, error))
        return FALSE;
    }
  return TRUE;
}

static void
mark_saved (MusterRecordDialog *self)
{
  for (guint i = 0; i < self->entries->len; i++)
    ((Entry *) g_ptr_array_index (self->entries, i))->dirty = FALSE;
  muster_record_units_mark_saved (self->units);
  self->notes_dirty = FALSE;
}

gboolean
muster_record_dialog_save (MusterRecordDialog  *self,
                           GError             **error)
{
  GError *local_error = NULL;

  g_return_val_if_fail (MUSTER_IS_RECORD_DIALOG (self), FALSE);

  /* One change: the kills of the game are checked as a whole when it
   * commits, and a refusal leaves the game as it was. */
  if (!muster_store_begin (self->store, &local_error) ||
      !save_entries (self, &local_error) ||
      !muster_store_commit (self->store, &local_error))
    {
      AdwToast *toast = adw_toast_new (local_error->message);

      /* What the steps wrote and announced is gone again. */
      muster_store_rollback (self->store);
      muster_store_emit_changed (self->store,
                                 MUSTER_CHANGE_GAMES | MUSTER_CHANGE_CHARACTERS |
                                 MUSTER_CHANGE_UNITS | MUSTER_CHANGE_LOG,
                                 muster_game_get_campaign_id (self->game));

      adw_toast_set_timeout (toast, 10);
      muster_toasts_add (self->toast_overlay, toast);
      g_propagate_error (error, local_error);
      return FALSE;
    }
  mark_saved (self);
  gtk_window_close (GTK_WINDOW (self));
  return TRUE;
}
