/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-log"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-character-history.h"
#include "muster-game.h"
#include "muster-log-item.h"
#include "muster-names.h"
#include "muster-ruleset.h"
#include "muster-text-list.h"

struct _MusterCharacterHistory
{
  AdwBin       parent_instance;

  GtkWidget   *empty_label;
  GtkListBox  *list;

  MusterStore *store;
  gint64       id;
  gulong       changed_id;
  GPtrArray   *summaries;   /* of char*, one per game shown */
};

G_DEFINE_FINAL_TYPE (MusterCharacterHistory, muster_character_history, ADW_TYPE_BIN)

char *
muster_character_history_describe (const MusterParticipant *p,
                                   MusterRuleset           *ruleset)
{
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) victims = g_ptr_array_new_with_free_func (g_free);
  const MusterOutcomeDef *outcome = NULL;

  if (p->outcome != NULL && ruleset != NULL)
    outcome = muster_ruleset_lookup_outcome (ruleset, p->outcome);

  if (p->outcome == NULL)
    text = g_strdup (p->game_state == MUSTER_GAME_PLANNED ? _("Taking part") : _("Took part"));
  else
    text = g_strdup (outcome != NULL ? outcome->name : p->outcome);

  if (p->light_wounds > 0 || p->serious_wounds > 0)
    {
      g_autofree char *wounds = muster_text_wounds (p->light_wounds, p->serious_wounds, FALSE);
      char *longer;

      /* Translators: an outcome and the wounds taken, "Wounded (1 light wound and 1 serious wound)" */
      longer = g_strdup_printf (_("%s (%s)"), text, wounds);
      g_free (text);
      text = longer;
    }

  for (guint i = 0; p->victim_names != NULL && i < p->victim_names->len; i++)
    g_ptr_array_add (victims, g_strdup (g_ptr_array_index (p->victim_names, i)));
  if (p->killed_unnamed > 0)
    g_ptr_array_add (victims, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d unnamed figure",
                                                            "%d unnamed figures", p->killed_unnamed),
                                               p->killed_unnamed));
  if (victims->len > 0)
    {
      g_autofree char *names = muster_text_list (victims);

      /* Translators: how a character came out of a game, then whom it put out of action */
      return g_strdup_printf (_("%s · put out %s"), text, names);
    }
  return g_steal_pointer (&text);
}

static void
add_game (MusterCharacterHistory  *self,
          const MusterParticipant *p,
          MusterRuleset           *ruleset,
          GPtrArray               *log)
{
  g_autofree char *game_title = muster_names_shorten (p->game_title);
  g_autofree char *title = g_strdup_printf (_("Game %d “%s”"), p->game_number, game_title);
  g_autofree char *what = muster_character_history_describe (p, ruleset);
  g_autofree char *subtitle = NULL;
  g_autofree char *shown = NULL;
  GtkWidget *row = adw_expander_row_new ();
  guint n_entries = 0;

  if (p->game_date != NULL)
    subtitle = g_strdup_printf ("%s · %s", p->game_date, what);
  else
    subtitle = g_strdup (what);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  shown = muster_names_shorten_text (subtitle);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), shown);

  /* The log is newest first; the game's story reads oldest first. */
  for (guint i = log->len; i > 0; i--)
    {
      MusterLogItem *item = g_ptr_array_index (log, i - 1);
      const MusterLogEntry *entry = muster_log_item_get_entry (item);
      g_autofree char *dice = NULL;
      g_autofree char *message = NULL;
      GtkWidget *entry_row;

      if (entry->game_id != p->game_id)
        continue;
      entry_row = adw_action_row_new ();
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (entry_row), FALSE);
      message = muster_names_shorten_text (entry->message);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry_row), message);
      if ((dice = muster_log_item_format_dice (item)) != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (entry_row), dice);
      if (g_strcmp0 (entry->kind, "death") == 0)
        gtk_widget_add_css_class (entry_row, "log-death");
      else if (g_strcmp0 (entry->kind, "recovered") == 0)
        gtk_widget_add_css_class (entry_row, "log-recovered");
      adw_expander_row_add_row (ADW_EXPANDER_ROW (row), entry_row);
      n_entries++;
    }
  adw_expander_row_set_enable_expansion (ADW_EXPANDER_ROW (row), n_entries > 0);

  gtk_list_box_append (self->list, row);
  g_ptr_array_add (self->summaries, g_steal_pointer (&subtitle));
}

static void
reload (MusterCharacterHistory *self)
{
  g_autoptr(MusterCharacter) character = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GPtrArray) log = g_ptr_array_new_with_free_func (g_object_unref);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  g_ptr_array_set_size (self->summaries, 0);

  if ((character = muster_store_get_character (self->store, self->id, NULL)) == NULL ||
      (games = muster_store_list_character_games (self->store, self->id, NULL)) == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->list), FALSE);
      gtk_widget_set_visible (self->empty_label, TRUE);
      return;
    }
  campaign = muster_store_get_campaign (self->store, muster_character_get_campaign_id (character), NULL);
  entries = muster_store_list_log (self->store, muster_character_get_campaign_id (character), 0, self->id, NULL);
  for (guint i = 0; entries != NULL && i < entries->len; i++)
    g_ptr_array_add (log, muster_log_item_new (g_ptr_array_index (entries, i), NULL, NULL));
  if (entries != NULL)
    g_ptr_array_set_free_func (entries, NULL);

  for (guint i = 0; i < games->len; i++)
    add_game (self, g_ptr_array_index (games, i),
              campaign != NULL ? muster_campaign_get_ruleset (campaign) : NULL, log);

  gtk_widget_set_visible (GTK_WIDGET (self->list), games->len > 0);
  gtk_widget_set_visible (self->empty_label, games->len == 0);
}

static void
store_changed_cb (MusterCharacterHistory *self,
                  guint                   what,
                  gint64                  campaign_id)
{
  if (what & (MUSTER_CHANGE_GAMES | MUSTER_CHANGE_LOG | MUSTER_CHANGE_CHARACTERS))
    reload (self);
}

static void
muster_character_history_dispose (GObject *object)
{
  MusterCharacterHistory *self = (MusterCharacterHistory *) object;

  g_clear_signal_handler (&self->changed_id, self->store);
  g_clear_pointer (&self->summaries, g_ptr_array_unref);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (muster_character_history_parent_class)->dispose (object);
}

static void
muster_character_history_class_init (MusterCharacterHistoryClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = muster_character_history_dispose;
  gtk_widget_class_set_accessible_role (GTK_WIDGET_CLASS (klass), GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
muster_character_history_init (MusterCharacterHistory *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  self->summaries = g_ptr_array_new_with_free_func (g_free);

  self->empty_label = gtk_label_new (_("No games yet"));
  gtk_label_set_xalign (GTK_LABEL (self->empty_label), 0.0);
  gtk_widget_add_css_class (self->empty_label, "dim-label");
  gtk_box_append (GTK_BOX (box), self->empty_label);

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Games taken part in"),
                                  -1);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->list));

  adw_bin_set_child (ADW_BIN (self), box);
}

GtkWidget *
muster_character_history_new (MusterStore *store,
                              gint64       character_id)
{
  MusterCharacterHistory *self;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  self = g_object_new (MUSTER_TYPE_CHARACTER_HISTORY, NULL);
  self->store = g_object_ref (store);
  self->id = character_id;
  self->changed_id = g_signal_connect_swapped (store, "changed", G_CALLBACK (store_changed_cb), self);
  reload (self);
  return GTK_WIDGET (self);
}

guint
muster_character_history_get_n_games (MusterCharacterHistory *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER_HISTORY (self), 0);
  return self->summaries->len;
}

const char *
muster_character_history_get_summary (MusterCharacterHistory *self,
                                      guint                   index)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER_HISTORY (self), NULL);
  g_return_val_if_fail (index < self->summaries->len, NULL);
  return g_ptr_array_index (self->summaries, index);
}
