/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-campaign-settings.h"
#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-game.h"
#include "muster-resolve-dialog.h"
#include "muster-sheet-window.h"
#include "muster-ruleset-play.h"
#include "muster-table-hit-dialog.h"
#include "muster-table-window.h"
#include "muster-table.h"
#include "muster-toasts.h"
#include "muster-unit.h"

struct _MusterTableWindow
{
  MusterSheetWindow parent_instance;

  MusterCampaign  *campaign;
  AdwToastOverlay *toasts;
  AdwWindowTitle  *title;
  GtkWidget       *undo;        /* its tooltip says what it takes back */
  AdwToast        *undo_toast;  /* the last said, while it is shown */
  GtkWidget       *page;        /* rebuilt from the store on every change */
};

G_DEFINE_FINAL_TYPE (MusterTableWindow, muster_table_window, MUSTER_TYPE_SHEET_WINDOW)

/* The store and the game, which the sheet window keeps and follows. */
#define STORE(self)   (muster_sheet_window_get_store (MUSTER_SHEET_WINDOW (self)))
#define GAME_ID(self) (muster_sheet_window_get_id (MUSTER_SHEET_WINDOW (self)))

static const MusterPlay *
get_play (MusterTableWindow *self)
{
  MusterRuleset *ruleset = self->campaign != NULL ? muster_campaign_get_ruleset (self->campaign) : NULL;

  return ruleset != NULL ? muster_ruleset_get_play (ruleset) : NULL;
}

static void
show_error (MusterTableWindow *self,
            const GError      *error)
{
  AdwToast *toast = adw_toast_new (error->message);

  adw_toast_set_timeout (toast, 0);
  muster_toasts_add (self->toasts, toast);
}

static GtkWidget *
group_new (GtkWidget  *page,
           const char *title,
           const char *description)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  if (description != NULL)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  gtk_box_append (GTK_BOX (page), group);
  return group;
}

static GtkWidget *
row_new (GtkWidget  *group,
         const char *title,
         const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL && *subtitle != '\0')
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  return row;
}

static void
on_hit_clicked (GtkButton         *button,
                MusterTableWindow *self)
{
  muster_table_window_hit (self,
                           GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (button), "character-id")),
                           GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (button), "unit-id")));
}

static void
add_hit_button (MusterTableWindow *self,
                GtkWidget         *row,
                const char        *label,
                gint64             character_id,
                gint64             unit_id)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "table-target");
  g_object_set_data (G_OBJECT (button), "character-id", GSIZE_TO_POINTER (character_id));
  g_object_set_data (G_OBJECT (button), "unit-id", GSIZE_TO_POINTER (unit_id));
  g_signal_connect (button, "clicked", G_CALLBACK (on_hit_clicked), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
}

/* "I 3 · D 2 · S 4 · C 3 · F 6 · Move −1″", as his wounds of the game
 * leave them. */
static char *
describe_stats (MusterTableWindow *self,
                gint64             character_id,
                int                light,
                int                serious)
{
  const MusterPlay *play = get_play (self);
  MusterRuleset *ruleset = muster_campaign_get_ruleset (self->campaign);
  g_autoptr(MusterCharacter) character = muster_store_get_character (STORE (self), character_id, NULL);
  GString *text = g_string_new (NULL);

  for (guint i = 0; character != NULL && i < muster_ruleset_get_n_stats (ruleset); i++)
    {
      const MusterStatDef *stat = muster_ruleset_get_stat (ruleset, i);
      int value;

      if (!muster_character_get_stat (character, stat->key, &value))
        continue;
      if (play != NULL)
        value = muster_play_wounded_stat (play, stat->key, value, light, serious);
      g_string_append_printf (text, "%s%s %d", text->len > 0 ? " · " : "", stat->key, value);
    }
  if (play != NULL && (light > 0 || serious > 0) && play->movement_light + play->movement_serious > 0)
    {
      g_string_append (text, " · ");
      /* Translators: inches taken off a man's move by his wounds */
      g_string_append_printf (text, _("Move −%d″"), light * play->movement_light + serious * play->movement_serious);
    }
  return g_string_free (text, FALSE);
}

static void
build_side (MusterTableWindow *self,
            GPtrArray         *participants,
            GPtrArray         *units,
            const char        *side)
{
  const MusterPlay *play = get_play (self);
  gboolean hits = play != NULL && play->effects->len > 0;
  GtkWidget *group = group_new (self->page, side, NULL);

  for (guint i = 0; i < participants->len; i++)
    {
      const MusterParticipant *p = g_ptr_array_index (participants, i);
      g_autofree char *stats = NULL;
      g_autofree char *subtitle = NULL;
      g_autofree char *wounds = NULL;
      int light = 0, serious = 0;
      gboolean removed = FALSE;
      GtkWidget *row;

      if (g_strcmp0 (p->side, side) != 0)
        continue;
      if (hits)
        muster_store_tally_hits (STORE (self), GAME_ID (self), p->character_id, &light, &serious, &removed, NULL);
      stats = describe_stats (self, p->character_id, light, serious);
      if (removed)
        wounds = g_strdup (_("Out of the game"));
      else if (light > 0 || serious > 0)
        /* Translators: the wounds a man took this game */
        wounds = g_strdup_printf (_("Wounds this game: %d light, %d serious"), light, serious);
      subtitle = wounds != NULL ? g_strconcat (stats, "\n", wounds, NULL) : g_strdup (stats);
      row = row_new (group, p->name, subtitle);
      if (hits && !removed)
        add_hit_button (self, row, _("_Hit…"), p->character_id, 0);
    }
  for (guint i = 0; i < units->len; i++)
    {
      const MusterUnitParticipant *u = g_ptr_array_index (units, i);
      g_autofree char *subtitle = NULL;
      GtkWidget *row;

      if (g_strcmp0 (u->side, side) != 0)
        continue;
      subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d figure", "%d figures", u->figures), u->figures);
      row = row_new (group, u->name, subtitle);
      if (hits && play->wound_die != NULL)
        add_hit_button (self, row, _("Hit _Figures…"), 0, u->unit_id);
    }
}

static void
build_order (MusterTableWindow *self)
{
  const MusterPlay *play = get_play (self);
  g_autoptr(GPtrArray) order = NULL;
  GtkWidget *group, *button;
  int bound;

  group = group_new (self->page, _("Order of Play"), play->order_note);
  button = gtk_button_new_with_mnemonic (play->order_method == MUSTER_ORDER_DECK ? _("_Deal the Next Card")
                                                                                  : _("_Roll the Order"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "table.order");
  gtk_widget_add_css_class (button, "table-target");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group), button);

  bound = muster_store_last_bound (STORE (self), GAME_ID (self), NULL);
  if (bound <= 0)
    {
      row_new (group, _("Not rolled yet"), NULL);
      return;
    }
  order = muster_store_list_order (STORE (self), GAME_ID (self), bound, NULL);
  for (guint i = 0; order != NULL && i < order->len; i++)
    {
      const MusterOrderEntry *entry = g_ptr_array_index (order, i);
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;

      if (entry->card != NULL)
        {
          const MusterPlayCard *card = NULL;

          for (guint c = 0; c < play->cards->len; c++)
            if (g_str_equal (((MusterPlayCard *) g_ptr_array_index (play->cards, c))->id, entry->card))
              card = g_ptr_array_index (play->cards, c);
          /* Translators: the turn, the card's place in it, and whose card */
          title = g_strdup_printf (_("Turn %d, card %d: %s"), entry->bound, (int) i + 1, entry->name);
          subtitle = g_strdup (card != NULL ? card->name : entry->card);
        }
      else
        {
          /* Translators: a place in the order of play and who holds it */
          title = g_strdup_printf (_("%d. %s"), (int) i + 1, entry->name);
          if (*entry->tie_faces != '\0')
            /* Translators: the bound, the die, the total, and the dice that broke a tie */
            subtitle = g_strdup_printf (_("Bound %d: rolled %s, total %d; tie broken by %s"), entry->bound,
                                        entry->faces, entry->total, entry->tie_faces);
          else
            subtitle = g_strdup_printf (_("Bound %d: rolled %s, total %d"), entry->bound, entry->faces,
                                        entry->total);
          if (entry->moved > 0)
            {
              g_autofree char *moved = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "moved down %d place by his wounds",
                                                                     "moved down %d places by his wounds", entry->moved),
                                                        entry->moved);
              char *both = g_strconcat (subtitle, "\n", moved, NULL);

              g_free (subtitle);
              subtitle = both;
            }
        }
      row_new (group, title, subtitle);
    }
}

static void
build_hits (MusterTableWindow *self)
{
  const MusterPlay *play = get_play (self);
  g_autoptr(GPtrArray) hits = muster_store_list_hits (STORE (self), GAME_ID (self), NULL);
  GtkWidget *group = group_new (self->page, _("Hits"),
                                play->order_method == MUSTER_ORDER_DECK
                                ? _("Ctrl+Z takes back the last hit or card, whichever came last.")
                                : _("Ctrl+Z takes back the last hit."));

  if (hits == NULL || hits->len == 0)
    {
      row_new (group, _("No hits yet"), NULL);
      return;
    }
  for (guint i = hits->len; i > 0; i--)
    {
      const MusterHit *hit = g_ptr_array_index (hits, i - 1);
      const MusterPlayEffect *effect = muster_play_lookup_effect (play, hit->effect);
      const MusterPlayLocation *location = muster_play_lookup_location (play, hit->location);
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;

      /* Translators: the hit's number, who was hit, and what it did */
      title = g_strdup_printf (_("Hit %d on %s: %s"), hit->ordinal, hit->target_name,
                               effect != NULL ? effect->name : hit->effect);
      if (location != NULL)
        /* Translators: the location, the location die, the effect dice and the score */
        subtitle = g_strdup_printf (_("%s (die %s), effect dice %s, score %d"), location->name,
                                    *hit->location_faces != '\0' ? hit->location_faces : "—",
                                    *hit->effect_faces != '\0' ? hit->effect_faces : "—", hit->score);
      else
        subtitle = g_strdup_printf (_("Wound dice %s"), hit->effect_faces);
      row_new (group, title, subtitle);
    }
}

/* The undo button says what it would take back. */
static void
update_undo (MusterTableWindow *self,
             gboolean           started)
{
  g_autoptr(MusterTableStep) step = started ? muster_store_get_last_step (STORE (self), GAME_ID (self), NULL) : NULL;
  g_autofree char *tooltip = NULL;

  if (step != NULL && step->kind == MUSTER_TABLE_STEP_HIT)
    /* Translators: the undo button's tooltip: the hit's number and who was hit */
    tooltip = g_strdup_printf (_("Take Back Hit %d on %s (Ctrl+Z)"), step->hit->ordinal, step->hit->target_name);
  else if (step != NULL && step->kind == MUSTER_TABLE_STEP_CARD &&
           (step->card->character_id != 0 || step->card->unit_id != 0))
    /* Translators: the undo button's tooltip: whose card was dealt last */
    tooltip = g_strdup_printf (_("Take Back the Card for %s (Ctrl+Z)"), step->card->name);
  else if (step != NULL && step->kind == MUSTER_TABLE_STEP_CARD)
    /* Translators: the undo button's tooltip: the card dealt last, that
     * is nobody's (“Pause card”) */
    tooltip = g_strdup_printf (_("Take Back the Last Card: %s (Ctrl+Z)"), step->card->name);
  else if (step != NULL && step->kind == MUSTER_TABLE_STEP_ORDER)
    /* Translators: the undo button's tooltip: the bound whose order of
     * play was rolled last */
    tooltip = g_strdup_printf (_("Take Back the Order of Bound %d (Ctrl+Z)"), step->bound);
  else
    tooltip = g_strdup (_("Nothing to Take Back (Ctrl+Z)"));
  gtk_widget_set_tooltip_text (self->undo, tooltip);
}

static void
rebuild (MusterTableWindow *self)
{
  g_autoptr(MusterGame) game = muster_store_get_game (STORE (self), GAME_ID (self), NULL);
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(GPtrArray) units = NULL;
  g_autofree char *what = NULL;
  GtkWidget *child;
  gboolean started;

  while ((child = gtk_widget_get_first_child (self->page)) != NULL)
    gtk_box_remove (GTK_BOX (self->page), child);
  if (game == NULL)
    return;
  g_clear_object (&self->campaign);
  self->campaign = muster_store_get_campaign (STORE (self), muster_game_get_campaign_id (game), NULL);
  what = muster_game_describe (game);
  adw_window_title_set_title (self->title, what);
  adw_window_title_set_subtitle (self->title, muster_game_state_get_label (muster_game_get_state (game)));
  started = muster_game_get_state (game) == MUSTER_GAME_STARTED;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.undo", started);
  update_undo (self, started);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.finish", started);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.order", started && get_play (self) != NULL);

  if (get_play (self) == NULL)
    {
      g_autofree char *body = g_strdup_printf (_("This campaign plays version %s of %s, whose rules predate play "
                                                 "at the table. Take the newer rules in the campaign’s settings "
                                                 "(Rules) to roll the order and resolve hits here; results can "
                                                 "still be recorded after the game."),
                                               muster_campaign_get_ruleset_version (self->campaign),
                                               muster_ruleset_get_title (muster_campaign_get_ruleset (self->campaign)));

      GtkWidget *group = group_new (self->page, _("Rules from before play at the table"), body);

      /* The campaign settings, where the newer rules are taken, belong to
       * the main window this one was opened from. */
      if (MUSTER_IS_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (self))))
        {
          GtkWidget *button = gtk_button_new_with_mnemonic (_("_Update the Rules…"));

          gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
          gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "table.update-rules");
          adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group), button);
        }
    }
  else
    build_order (self);

  participants = muster_store_list_participants (STORE (self), GAME_ID (self), NULL);
  units = muster_store_list_game_units (STORE (self), GAME_ID (self), NULL);
  if (participants != NULL && units != NULL)
    {
      build_side (self, participants, units, muster_game_get_side_a (game));
      build_side (self, participants, units, muster_game_get_side_b (game));
    }
  if (get_play (self) != NULL && get_play (self)->effects->len > 0)
    build_hits (self);
}

static void
muster_table_window_reload (MusterSheetWindow *sheet)
{
  rebuild (MUSTER_TABLE_WINDOW (sheet));
}

gboolean
muster_table_window_order (MusterTableWindow  *self,
                           GError            **error)
{
  g_autoptr(GError) local_error = NULL;
  const MusterPlay *play = get_play (self);
  gboolean ok;

  g_return_val_if_fail (MUSTER_IS_TABLE_WINDOW (self), FALSE);

  if (play != NULL && play->order_method == MUSTER_ORDER_DECK)
    {
      g_autoptr(MusterOrderEntry) card = muster_store_deal_card (STORE (self), GAME_ID (self), &local_error);

      ok = card != NULL;
    }
  else
    {
      gboolean per_bound = FALSE;
      int bound = muster_store_last_bound (STORE (self), GAME_ID (self), &local_error);
      g_autoptr(GPtrArray) order = NULL;

      /* Rolled once, or again at every bound when the players chose it. */
      if (bound >= 0 && muster_store_get_per_bound (STORE (self), GAME_ID (self), &per_bound, &local_error))
        order = muster_store_roll_order (STORE (self), GAME_ID (self), per_bound || bound == 0 ? bound + 1 : bound,
                                         NULL, &local_error);
      ok = order != NULL;
    }
  if (!ok)
    {
      show_error (self, local_error);
      g_propagate_error (error, g_steal_pointer (&local_error));
    }
  return ok;
}

GtkWindow *
muster_table_window_hit (MusterTableWindow *self,
                         gint64             character_id,
                         gint64             unit_id)
{
  MusterTableHitDialog *dialog;

  g_return_val_if_fail (MUSTER_IS_TABLE_WINDOW (self), NULL);

  dialog = muster_table_hit_dialog_new (STORE (self), GAME_ID (self), character_id, unit_id);
  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

/* The toast going away: the next undo says its own. */
static void
undo_toast_dismissed_cb (MusterTableWindow *self)
{
  if (self->undo_toast != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->undo_toast), (gpointer *) &self->undo_toast);
  self->undo_toast = NULL;
}

gboolean
muster_table_window_undo (MusterTableWindow  *self,
                          GError            **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(MusterTableStep) step = NULL;
  g_autofree char *title = NULL;

  g_return_val_if_fail (MUSTER_IS_TABLE_WINDOW (self), FALSE);

  step = muster_store_undo_last_step (STORE (self), GAME_ID (self), &local_error);
  if (step == NULL)
    {
      show_error (self, local_error);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (step->kind == MUSTER_TABLE_STEP_HIT)
    /* Translators: a toast: the hit's number and who was hit */
    title = g_strdup_printf (_("Hit %d on %s taken back"), step->hit->ordinal, step->hit->target_name);
  else if (step->kind == MUSTER_TABLE_STEP_ORDER && step->replaced)
    /* Translators: a toast: the bound whose last roll of the order of
     * play was taken back, the order rolled before it being back */
    title = g_strdup_printf (_("Order of bound %d taken back: the one rolled before is back"), step->bound);
  else if (step->kind == MUSTER_TABLE_STEP_ORDER)
    /* Translators: a toast: the bound whose order of play was taken back */
    title = g_strdup_printf (_("Order of bound %d taken back"), step->bound);
  else if (step->card->character_id != 0 || step->card->unit_id != 0)
    /* Translators: a toast: whose card was taken back */
    title = g_strdup_printf (_("Card for %s taken back"), step->card->name);
  else
    /* Translators: a toast: the card taken back, that is nobody's (“Pause card”) */
    title = g_strdup_printf (_("Card taken back: %s"), step->card->name);
  /* Each undo says what it took back at once, not after the toasts of
   * those before it: in the toast shown, if one is. (Dismissing it for a
   * new one crashes libadwaita 1.2 while the first is still coming in.) */
  if (self->undo_toast != NULL)
    {
      adw_toast_set_title (self->undo_toast, title);
      return TRUE;
    }
  self->undo_toast = adw_toast_new (title);
  g_object_add_weak_pointer (G_OBJECT (self->undo_toast), (gpointer *) &self->undo_toast);
  g_signal_connect_object (self->undo_toast, "dismissed", G_CALLBACK (undo_toast_dismissed_cb), self,
                           G_CONNECT_SWAPPED);
  muster_toasts_add (self->toasts, self->undo_toast);
  return TRUE;
}

static void
on_resolve_response (AdwMessageDialog  *dialog,
                     const char        *response,
                     MusterTableWindow *self)
{
  MusterResolveDialog *resolve;

  if (!g_str_equal (response, "resolve"))
    return;
  resolve = muster_resolve_dialog_new (STORE (self), GAME_ID (self));
  gtk_window_set_transient_for (GTK_WINDOW (resolve), GTK_WINDOW (self));
  gtk_window_present (GTK_WINDOW (resolve));
}

static void
on_finish_response (AdwMessageDialog  *dialog,
                    const char        *response,
                    MusterTableWindow *self)
{
  g_autoptr(GError) error = NULL;
  AdwMessageDialog *next;
  const char *winner = NULL;

  if (g_str_equal (response, "cancel"))
    return;
  if (g_str_equal (response, "a") || g_str_equal (response, "b"))
    winner = g_object_get_data (G_OBJECT (dialog), response);
  if (!muster_store_finish_game (STORE (self), GAME_ID (self), winner, &error))
    {
      show_error (self, error);
      return;
    }
  /* The between-game sequence, at once. */
  next = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Run the Between-Game Sequence?"),
                                                     _("The game is recorded. The dice can now decide who dies, "
                                                       "who recovers and who drops a class.")));
  adw_message_dialog_add_response (next, "later", _("_Later"));
  adw_message_dialog_add_response (next, "resolve", _("_Resolve Now"));
  adw_message_dialog_set_response_appearance (next, "resolve", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (next, "resolve");
  adw_message_dialog_set_close_response (next, "later");
  g_signal_connect_object (next, "response", G_CALLBACK (on_resolve_response), self, 0);
  gtk_window_present (GTK_WINDOW (next));
}

AdwMessageDialog *
muster_table_window_finish (MusterTableWindow *self)
{
  g_autoptr(MusterGame) game = NULL;
  g_autofree char *what = NULL;
  g_autofree char *heading = NULL;
  AdwMessageDialog *dialog;

  g_return_val_if_fail (MUSTER_IS_TABLE_WINDOW (self), NULL);

  game = muster_store_get_game (STORE (self), GAME_ID (self), NULL);
  if (game == NULL)
    return NULL;
  what = muster_game_describe (game);
  /* Translators: the game, as in “Game 2 “The bridge”” */
  heading = g_strdup_printf (_("Finish %s?"), what);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading,
                                                       _("What the table recorded becomes the game’s results; "
                                                         "those nothing hit are unhurt. Who won?")));
  adw_message_dialog_add_response (dialog, "cancel", _("_Cancel"));
  adw_message_dialog_add_response (dialog, "draw", _("A _Draw"));
  g_object_set_data_full (G_OBJECT (dialog), "a", g_strdup (muster_game_get_side_a (game)), g_free);
  g_object_set_data_full (G_OBJECT (dialog), "b", g_strdup (muster_game_get_side_b (game)), g_free);
  adw_message_dialog_add_response (dialog, "a", muster_game_get_side_a (game));
  adw_message_dialog_add_response (dialog, "b", muster_game_get_side_b (game));
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_finish_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
order_action (GtkWidget  *widget,
              const char *name,
              GVariant   *param)
{
  muster_table_window_order (MUSTER_TABLE_WINDOW (widget), NULL);
}

static void
undo_action (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  muster_table_window_undo (MUSTER_TABLE_WINDOW (widget), NULL);
}

static void
finish_action (GtkWidget  *widget,
               const char *name,
               GVariant   *param)
{
  muster_table_window_finish (MUSTER_TABLE_WINDOW (widget));
}

GtkWindow *
muster_table_window_update_rules (MusterTableWindow *self)
{
  GtkWindow *parent;
  GtkWidget *settings;

  g_return_val_if_fail (MUSTER_IS_TABLE_WINDOW (self), NULL);

  parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  if (!MUSTER_IS_WINDOW (parent) || self->campaign == NULL)
    return NULL;
  settings = muster_campaign_settings_new (MUSTER_WINDOW (parent), STORE (self),
                                           muster_campaign_get_id (self->campaign));
  if (settings != NULL)
    gtk_window_present (GTK_WINDOW (settings));
  return GTK_WINDOW (settings);
}

static void
update_rules_action (GtkWidget  *widget,
                     const char *name,
                     GVariant   *param)
{
  muster_table_window_update_rules (MUSTER_TABLE_WINDOW (widget));
}

static void
muster_table_window_dispose (GObject *object)
{
  MusterTableWindow *self = MUSTER_TABLE_WINDOW (object);

  g_clear_object (&self->campaign);
  if (self->undo_toast != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->undo_toast), (gpointer *) &self->undo_toast);
  self->undo_toast = NULL;

  G_OBJECT_CLASS (muster_table_window_parent_class)->dispose (object);
}

static void
muster_table_window_class_init (MusterTableWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_table_window_dispose;
  MUSTER_SHEET_WINDOW_CLASS (klass)->reload = muster_table_window_reload;
  gtk_widget_class_install_action (widget_class, "table.order", NULL, order_action);
  gtk_widget_class_install_action (widget_class, "table.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "table.finish", NULL, finish_action);
  gtk_widget_class_install_action (widget_class, "table.update-rules", NULL, update_rules_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "table.undo", NULL);
}

static void
muster_table_window_init (MusterTableWindow *self)
{
  GtkWidget *box, *header, *scrolled, *clamp, *undo, *finish;

  gtk_window_set_default_size (GTK_WINDOW (self), 720, 720);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  self->title = ADW_WINDOW_TITLE (adw_window_title_new ("", NULL));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), GTK_WIDGET (self->title));
  undo = self->undo = gtk_button_new_from_icon_name ("edit-undo-symbolic");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (undo), "table.undo");
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), undo);
  finish = gtk_button_new_with_mnemonic (_("_Finish"));
  gtk_widget_add_css_class (finish, "suggested-action");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (finish), "table.finish");
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), finish);
  gtk_box_append (GTK_BOX (box), header);

  self->toasts = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->toasts), TRUE);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  clamp = adw_clamp_new ();
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 760);
  self->page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);
  gtk_widget_add_css_class (self->page, "table-page");
  gtk_widget_set_margin_top (self->page, 18);
  gtk_widget_set_margin_bottom (self->page, 18);
  gtk_widget_set_margin_start (self->page, 12);
  gtk_widget_set_margin_end (self->page, 12);
  adw_clamp_set_child (ADW_CLAMP (clamp), self->page);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  adw_toast_overlay_set_child (self->toasts, scrolled);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->toasts));
  adw_window_set_content (ADW_WINDOW (self), box);
}

static void
transient_for_changed_cb (MusterTableWindow *self,
                          GParamSpec        *pspec,
                          gpointer           data)
{
  rebuild (self);
}

MusterTableWindow *
muster_table_window_new (MusterStore *store,
                         gint64       game_id)
{
  MusterTableWindow *self = g_object_new (MUSTER_TYPE_TABLE_WINDOW, NULL);
  g_autoptr(MusterGame) game = muster_store_get_game (store, game_id, NULL);

  /* It follows the changes to the game's campaign. */
  muster_sheet_window_set_up (MUSTER_SHEET_WINDOW (self), store, game_id,
                              game != NULL ? muster_game_get_campaign_id (game) : 0);
  /* What it offers depends on the window it was opened from. */
  g_signal_connect (self, "notify::transient-for", G_CALLBACK (transient_for_changed_cb), NULL);
  rebuild (self);
  return self;
}

gint64
muster_table_window_get_game_id (MusterTableWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_TABLE_WINDOW (self), 0);

  return GAME_ID (self);
}
