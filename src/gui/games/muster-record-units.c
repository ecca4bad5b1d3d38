/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-games"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-record-rows.h"
#include "muster-record-units.h"
#include "muster-table.h"
#include "muster-unit.h"

/*
 * The units' part of the Record Results dialog: for each unit in the
 * game, the figures lost by the kinds the ruleset keeps, its colours
 * where the ruleset has rules for them, and notes.
 */

/* The kinds of figure a unit can lose, in the order of MusterUnitResult. */
enum {
  FIGURES_KILLED,
  FIGURES_WOUNDED,
  FIGURES_CAPTURED,
  FIGURES_RUN,
  N_FIGURES
};

static const char *const figure_kinds[N_FIGURES] = { "killed", "wounded", "captured", "run" };

/* What can happen to colours, in the order of the colours row's model
 * when the ruleset has rules for both. */
enum {
  COLOURS_KEPT,
  COLOURS_LOST,
  COLOURS_CAPTURED,
};

/* One unit's result as the dialog holds it until it is saved. */
typedef struct {
  MusterRecordUnits     *units;
  MusterUnitParticipant *participant;
  int                    counts[N_FIGURES];
  int                    colours;   /* COLOURS_* */
  char                  *notes;
  gboolean               dirty;

  AdwExpanderRow        *row;
  GtkSpinButton         *spins[N_FIGURES];  /* NULL for kinds the ruleset keeps not */
  AdwComboRow           *colours_row;       /* NULL without rules for colours */
  GArray                *colours_choices;   /* of int, COLOURS_* by position */
} UnitEntry;

struct _MusterRecordUnits
{
  MusterStore *store;
  gint64       game_id;
  GPtrArray   *entries;                  /* of UnitEntry* */
  gboolean     unit_figures[N_FIGURES];  /* the kinds the ruleset deals with */
  gboolean     colours_lost;
  gboolean     colours_captured;
  gboolean     loading;
};

static void
unit_entry_free (UnitEntry *entry)
{
  muster_unit_participant_free (entry->participant);
  g_clear_pointer (&entry->colours_choices, g_array_unref);
  g_free (entry->notes);
  g_free (entry);
}

static UnitEntry *
find_unit_entry (MusterRecordUnits  *self,
                 gint64              unit_id)
{
  for (guint i = 0; i < self->entries->len; i++)
    {
      UnitEntry *entry = g_ptr_array_index (self->entries, i);

      if (entry->participant->unit_id == unit_id)
        return entry;
    }
  return NULL;
}

/* Whether the ruleset's between-game steps deal with @value of @param
 * (figures "wounded", colours "lost"): what the store accepts. */
static gboolean
ruleset_handles (MusterRuleset *ruleset,
                 const char    *param,
                 const char    *value)
{
  GPtrArray *steps = muster_ruleset_get_steps (ruleset);

  for (guint i = 0; i < steps->len; i++)
    if (g_strcmp0 (muster_step_get_param (g_ptr_array_index (steps, i), param), value) == 0)
      return TRUE;
  return FALSE;
}

static int
unit_entry_losses (UnitEntry *entry)
{
  int total = 0;

  for (guint i = 0; i < N_FIGURES; i++)
    total += entry->counts[i];
  return total;
}

/* "2 killed and 1 wounded of 10 figures · colours lost". */
static char *
describe_unit_entry (UnitEntry *entry)
{
  int figures = entry->participant->figures;
  int losses = unit_entry_losses (entry);

  if (losses > figures)
    /* Translators: figures lost and figures that took the field; the plural follows the second */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%d figures lost, but only %d took the field",
                                         "%d figures lost, but only %d took the field", figures),
                            losses, figures);
  if (losses == 0 && !entry->participant->recorded && !entry->dirty)
    /* Translators: a unit whose results are not recorded yet, "10 figures · not recorded" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d figure · not recorded",
                                         "%d figures · not recorded", figures), figures);
  return muster_record_unit_result_text (entry->counts, figures,
                                         entry->colours == COLOURS_LOST ? "lost"
                                         : entry->colours == COLOURS_CAPTURED ? "captured" : NULL);
}

static void
unit_entry_changed (UnitEntry *entry)
{
  g_autofree char *subtitle = NULL;

  if (!entry->units->loading)
    entry->dirty = TRUE;
  subtitle = describe_unit_entry (entry);
  adw_expander_row_set_subtitle (entry->row, subtitle);
  if (unit_entry_losses (entry) > entry->participant->figures)
    gtk_widget_add_css_class (GTK_WIDGET (entry->row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (entry->row), "error");
}

static void
on_unit_spin_changed (UnitEntry *entry)
{
  for (guint i = 0; i < N_FIGURES; i++)
    entry->counts[i] = entry->spins[i] != NULL ? gtk_spin_button_get_value_as_int (entry->spins[i]) : 0;
  unit_entry_changed (entry);
}

static void
on_unit_colours_selected (UnitEntry *entry)
{
  guint selected = adw_combo_row_get_selected (entry->colours_row);

  entry->colours = selected < entry->colours_choices->len
                   ? g_array_index (entry->colours_choices, int, selected) : COLOURS_KEPT;
  unit_entry_changed (entry);
}

static void
on_unit_notes_changed (GtkEditable *editable,
                       UnitEntry   *entry)
{
  g_free (entry->notes);
  entry->notes = g_strdup (gtk_editable_get_text (editable));
  unit_entry_changed (entry);
}

static void
build_unit_entry (MusterRecordUnits   *self,
                  UnitEntry           *entry,
                  AdwPreferencesGroup *group)
{
  static const char *const titles[N_FIGURES] = {
    N_("Figures killed"), N_("Figures wounded"), N_("Figures captured"), N_("Figures that ran"),
  };
  MusterUnitParticipant *p = entry->participant;

  entry->row = ADW_EXPANDER_ROW (adw_expander_row_new ());
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (entry->row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry->row), p->name);
  adw_expander_row_set_icon_name (entry->row, "system-users-symbolic");

  for (guint i = 0; i < N_FIGURES; i++)
    {
      g_autofree char *title = NULL;

      if (!self->unit_figures[i] && entry->counts[i] == 0)
        continue;
      /* Translators: a unit and a kind of figures lost, the accessible name of
       * a spin button: "Rifles: Figures killed" */
      title = g_strdup_printf (_("%s: %s"), p->name, _(titles[i]));
      muster_record_add_spin_row (entry->row, _(titles[i]), entry->counts[i], &entry->spins[i]);
      gtk_spin_button_set_range (entry->spins[i], 0, MAX (p->figures, entry->counts[i]));
      gtk_spin_button_set_value (entry->spins[i], entry->counts[i]);
      gtk_accessible_update_property (GTK_ACCESSIBLE (entry->spins[i]), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
      g_signal_connect_swapped (entry->spins[i], "value-changed", G_CALLBACK (on_unit_spin_changed), entry);
    }

  if (self->colours_lost || self->colours_captured || entry->colours != COLOURS_KEPT)
    {
      g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
      g_autofree char *label = NULL;
      int choice = COLOURS_KEPT;
      guint selected = 0;

      entry->colours_choices = g_array_new (FALSE, FALSE, sizeof (int));
      gtk_string_list_append (names, _("Kept"));
      g_array_append_val (entry->colours_choices, choice);
      if (self->colours_lost || entry->colours == COLOURS_LOST)
        {
          gtk_string_list_append (names, _("Lost to the enemy"));
          choice = COLOURS_LOST;
          g_array_append_val (entry->colours_choices, choice);
        }
      if (self->colours_captured || entry->colours == COLOURS_CAPTURED)
        {
          gtk_string_list_append (names, _("Took the enemy’s colours"));
          choice = COLOURS_CAPTURED;
          g_array_append_val (entry->colours_choices, choice);
        }
      for (guint i = 0; i < entry->colours_choices->len; i++)
        if (g_array_index (entry->colours_choices, int, i) == entry->colours)
          selected = i;
      entry->colours_row = ADW_COMBO_ROW (adw_combo_row_new ());
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry->colours_row), _("Colours"));
      adw_combo_row_set_model (entry->colours_row, G_LIST_MODEL (names));
      adw_combo_row_set_selected (entry->colours_row, selected);
      /* Translators: accessible name of a unit's colours choice, "Colours of Rifles" */
      label = g_strdup_printf (_("Colours of %s"), p->name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (entry->colours_row), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      g_signal_connect_swapped (entry->colours_row, "notify::selected", G_CALLBACK (on_unit_colours_selected), entry);
      adw_expander_row_add_row (entry->row, GTK_WIDGET (entry->colours_row));
    }

  muster_record_add_notes_row (entry->row, entry->notes, G_CALLBACK (on_unit_notes_changed), entry);

  adw_preferences_group_add (group, GTK_WIDGET (entry->row));
  unit_entry_changed (entry);
}

/* The units of the game, each in its side's group (made when missing). */
MusterRecordUnits *
muster_record_units_new (MusterStore         *store,
                         MusterGame          *game,
                         MusterRuleset       *ruleset,
                         AdwPreferencesPage  *page,
                         GHashTable          *groups,
                         GError             **error)
{
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(GPtrArray) participants = NULL;
  MusterRecordUnits *self;

  /* A started game's units show what the table recorded so far. */
  participants = muster_store_list_game_results (store, muster_game_get_id (game), &units, error);
  if (participants == NULL)
    return NULL;
  self = g_new0 (MusterRecordUnits, 1);
  self->store = g_object_ref (store);
  self->game_id = muster_game_get_id (game);
  self->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) unit_entry_free);
  self->loading = TRUE;
  for (guint i = 0; i < N_FIGURES; i++)
    self->unit_figures[i] = ruleset_handles (ruleset, "figures", figure_kinds[i]);
  self->colours_lost = ruleset_handles (ruleset, "colours", "lost");
  self->colours_captured = ruleset_handles (ruleset, "colours", "captured");

  for (guint i = 0; i < units->len; i++)
    {
      MusterUnitParticipant *p = g_ptr_array_index (units, i);
      UnitEntry *entry = g_new0 (UnitEntry, 1);
      AdwPreferencesGroup *group;

      entry->units = self;
      entry->participant = p;
      entry->counts[FIGURES_KILLED] = p->killed;
      entry->counts[FIGURES_WOUNDED] = p->wounded;
      entry->counts[FIGURES_CAPTURED] = p->captured;
      entry->counts[FIGURES_RUN] = p->run;
      entry->colours = g_strcmp0 (p->colours, "lost") == 0 ? COLOURS_LOST
                       : g_strcmp0 (p->colours, "captured") == 0 ? COLOURS_CAPTURED : COLOURS_KEPT;
      entry->notes = g_strdup (p->notes);
      g_ptr_array_add (self->entries, entry);

      if ((group = g_hash_table_lookup (groups, p->side)) == NULL)
        {
          group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
          adw_preferences_group_set_title (group, p->side);
          adw_preferences_page_add (page, group);
          g_hash_table_insert (groups, p->side, group);
        }
      build_unit_entry (self, entry, group);
    }
  /* The entries own the participants now. */
  g_ptr_array_set_free_func (units, NULL);
  self->loading = FALSE;
  return self;
}

void
muster_record_units_free (MusterRecordUnits *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->entries);
  g_object_unref (self->store);
  g_free (self);
}


gboolean
muster_record_units_save (MusterRecordUnits  *self,
                          GError            **error)
{
  gint64 game_id = self->game_id;

  for (guint i = 0; i < self->entries->len; i++)
    {
      UnitEntry *entry = g_ptr_array_index (self->entries, i);
      MusterUnitResult result = { 0 };
      int losses = unit_entry_losses (entry);

      if (!entry->dirty)
        continue;
      if (losses > entry->participant->figures)
        {
          g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "%s took the field with %d figure: it cannot lose %d.",
                                    "%s took the field with %d figures: it cannot lose %d.",
                                    entry->participant->figures),
                       entry->participant->name, entry->participant->figures, losses);
          return FALSE;
        }
      result.killed = entry->counts[FIGURES_KILLED];
      result.wounded = entry->counts[FIGURES_WOUNDED];
      result.captured = entry->counts[FIGURES_CAPTURED];
      result.run = entry->counts[FIGURES_RUN];
      result.colours = entry->colours == COLOURS_LOST ? "lost"
                       : entry->colours == COLOURS_CAPTURED ? "captured" : NULL;
      result.notes = entry->notes != NULL ? entry->notes : NULL;
      if (!muster_store_set_unit_result (self->store, game_id, entry->participant->unit_id, &result, error))
        return FALSE;
    }
  return TRUE;
}

void
muster_record_units_mark_saved (MusterRecordUnits *self)
{
  for (guint i = 0; i < self->entries->len; i++)
    ((UnitEntry *) g_ptr_array_index (self->entries, i))->dirty = FALSE;
}


gboolean
muster_record_units_set_result (MusterRecordUnits *self,
                                gint64             unit_id,
                                int                killed,
                                int                wounded,
                                int                captured,
                                int                run,
                                const char        *colours)
{
  const int counts[N_FIGURES] = { killed, wounded, captured, run };
  int choice = COLOURS_KEPT;
  guint position = GTK_INVALID_LIST_POSITION;
  UnitEntry *entry;

  if ((entry = find_unit_entry (self, unit_id)) == NULL)
    return FALSE;
  for (guint i = 0; i < N_FIGURES; i++)
    if (counts[i] != 0 && entry->spins[i] == NULL)
      return FALSE;
  if (g_strcmp0 (colours, "lost") == 0)
    choice = COLOURS_LOST;
  else if (g_strcmp0 (colours, "captured") == 0)
    choice = COLOURS_CAPTURED;
  for (guint i = 0; entry->colours_choices != NULL && i < entry->colours_choices->len; i++)
    if (g_array_index (entry->colours_choices, int, i) == choice)
      position = i;
  if (choice != COLOURS_KEPT && position == GTK_INVALID_LIST_POSITION)
    return FALSE;

  for (guint i = 0; i < N_FIGURES; i++)
    if (entry->spins[i] != NULL)
      {
        /* The spin keeps within the figures; the sum is checked on save. */
        gtk_spin_button_set_value (entry->spins[i], counts[i]);
        entry->counts[i] = counts[i];
      }
  if (entry->colours_row != NULL && position != GTK_INVALID_LIST_POSITION)
    adw_combo_row_set_selected (entry->colours_row, position);
  entry->colours = choice;
  unit_entry_changed (entry);
  return TRUE;
}

gboolean
muster_record_units_has_figures (MusterRecordUnits *self,
                                 gint64             unit_id,
                                 const char        *kind)
{
  UnitEntry *entry;

  if ((entry = find_unit_entry (self, unit_id)) == NULL)
    return FALSE;
  for (guint i = 0; i < N_FIGURES; i++)
    if (g_strcmp0 (kind, figure_kinds[i]) == 0)
      return entry->spins[i] != NULL;
  if (g_strcmp0 (kind, "colours") == 0)
    return entry->colours_row != NULL;
  return FALSE;
}
