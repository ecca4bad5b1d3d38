/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-campaign.h"
#include "muster-engine.h"
#include "muster-game.h"
#include "muster-ruleset-play.h"
#include "muster-table-hit-dialog.h"
#include "muster-unit.h"

struct _MusterTableHitDialog
{
  AdwWindow          parent_instance;

  MusterStore       *store;
  MusterCampaign    *campaign;
  gint64             game_id;
  gint64             target_id;
  gint64             unit_id;
  GArray            *attackers;      /* of gint64; 0 first: nobody */
  GPtrArray         *modifier_ids;   /* of const char *, one per check */
  GPtrArray         *modifier_checks;
  AdwComboRow       *attacker_row;
  AdwComboRow       *kind_row;
  AdwActionRow      *difference_row;
  GtkSpinButton     *difference;
  AdwComboRow       *location_row;
  AdwEntryRow       *location_faces;
  AdwEntryRow       *effect_faces;
  GtkSpinButton     *figures;
  GtkLabel          *steps_label;
  GtkButton         *resolve_button;
  GtkWidget         *form;
  MusterHit         *hit;
  char              *steps;
};

G_DEFINE_FINAL_TYPE (MusterTableHitDialog, muster_table_hit_dialog, ADW_TYPE_WINDOW)

static const MusterPlay *
get_play (MusterTableHitDialog *self)
{
  MusterRuleset *ruleset = muster_campaign_get_ruleset (self->campaign);

  return ruleset != NULL ? muster_ruleset_get_play (ruleset) : NULL;
}

static void
muster_table_hit_dialog_finalize (GObject *object)
{
  MusterTableHitDialog *self = MUSTER_TABLE_HIT_DIALOG (object);

  g_clear_object (&self->store);
  g_clear_object (&self->campaign);
  g_clear_pointer (&self->attackers, g_array_unref);
  g_clear_pointer (&self->modifier_ids, g_ptr_array_unref);
  g_clear_pointer (&self->modifier_checks, g_ptr_array_unref);
  g_clear_pointer (&self->hit, muster_hit_free);
  g_free (self->steps);

  G_OBJECT_CLASS (muster_table_hit_dialog_parent_class)->finalize (object);
}

/* Faces typed in, or NULL when the entry is empty. */
static GArray *
typed (AdwEntryRow  *row,
       GError      **error)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));

  if (*text == '\0')
    return NULL;
  return muster_engine_parse_faces (text, error);
}

/* Each step of @hit, a whole sentence a line. */
static char *
describe_steps (MusterTableHitDialog *self,
                const MusterHit      *hit)
{
  const MusterPlay *play = get_play (self);
  const MusterPlayLocation *location = muster_play_lookup_location (play, hit->location);
  const MusterPlayEffect *effect = muster_play_lookup_effect (play, hit->effect);
  const char *effect_name = effect != NULL ? effect->name : hit->effect;
  GString *text = g_string_new (NULL);

  if (hit->kind == MUSTER_HIT_WOUND_DIE)
    {
      /* Translators: the faces of the wound dice ("3,9"), then the worst
       * effect ("Fatal") */
      g_string_append_printf (text, _("Wound dice: %s. The worst: %s."), hit->effect_faces, effect_name);
      if (hit->figures > 0)
        {
          g_string_append_c (text, '\n');
          g_string_append_printf (text, _("Figures killed: %d. Figures wounded: %d."), hit->killed, hit->wounded);
        }
      return g_string_free (text, FALSE);
    }
  if (*hit->location_faces != '\0')
    /* Translators: the face of the location die, then the location */
    g_string_append_printf (text, _("Location die: %s, the %s."), hit->location_faces,
                            location != NULL ? location->name : hit->location);
  else
    g_string_append_printf (text, _("Location chosen: the %s."), location != NULL ? location->name : hit->location);
  g_string_append_c (text, '\n');
  if (*hit->effect_faces != '\0')
    /* Translators: the effect dice ("4,5"), then the score with the
     * modifiers and a melee's difference */
    g_string_append_printf (text, _("Effect dice: %s. Score with the modifiers: %d."), hit->effect_faces,
                            hit->score);
  else
    g_string_append_printf (text, _("Score worked out at the table: %d."), hit->score);
  g_string_append_c (text, '\n');
  /* Translators: the row of the wound effect table (a location), the
   * score, and the effect found there */
  g_string_append_printf (text, _("Wound effect table, %s row, score %d: %s."),
                          location != NULL ? location->name : "", hit->score, effect_name);
  return g_string_free (text, FALSE);
}

const MusterHit *
muster_table_hit_dialog_resolve (MusterTableHitDialog  *self,
                                 GError               **error)
{
  g_autoptr(GArray) location_faces = NULL;
  g_autoptr(GArray) effect_faces = NULL;
  g_autoptr(GPtrArray) modifiers = g_ptr_array_new ();
  g_autoptr(GError) local_error = NULL;
  const MusterPlay *play = get_play (self);
  MusterHitRequest request = { 0, };
  guint location;

  g_return_val_if_fail (MUSTER_IS_TABLE_HIT_DIALOG (self), NULL);

  if (self->hit != NULL)
    return self->hit;
  request.target_id = self->target_id;
  request.unit_id = self->unit_id;
  if (self->figures != NULL)
    request.figures = gtk_spin_button_get_value_as_int (self->figures);
  if (self->attacker_row != NULL)
    request.attacker_id = g_array_index (self->attackers, gint64,
                                         adw_combo_row_get_selected (self->attacker_row));
  if (self->kind_row != NULL && adw_combo_row_get_selected (self->kind_row) == 1)
    {
      request.kind = MUSTER_HIT_MELEE;
      request.difference = gtk_spin_button_get_value_as_int (self->difference);
    }
  location = self->location_row != NULL ? adw_combo_row_get_selected (self->location_row) : 0;
  if (location > 0 && play != NULL)
    request.location = ((MusterPlayLocation *) g_ptr_array_index (play->locations, location - 1))->id;
  for (guint i = 0; i < self->modifier_checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->modifier_checks, i)))
      g_ptr_array_add (modifiers, g_ptr_array_index (self->modifier_ids, i));
  g_ptr_array_add (modifiers, NULL);
  request.modifiers = (const char * const *) modifiers->pdata;

  if (self->location_faces != NULL && (location_faces = typed (self->location_faces, &local_error)) == NULL &&
      local_error != NULL)
    goto fail;
  if ((effect_faces = typed (self->effect_faces, &local_error)) == NULL && local_error != NULL)
    goto fail;
  if (location_faces != NULL)
    {
      request.location_faces = (const int *) location_faces->data;
      request.n_location_faces = location_faces->len;
    }
  if (effect_faces != NULL)
    {
      request.effect_faces = (const int *) effect_faces->data;
      request.n_effect_faces = effect_faces->len;
    }

  self->hit = muster_store_record_hit (self->store, self->game_id, &request, &local_error);
  if (self->hit == NULL)
    goto fail;
  self->steps = describe_steps (self, self->hit);
  gtk_label_set_text (self->steps_label, self->steps);
  gtk_widget_set_visible (GTK_WIDGET (self->steps_label), TRUE);
  gtk_widget_set_sensitive (self->form, FALSE);
  gtk_button_set_label (self->resolve_button, _("_Done"));
  return self->hit;

fail:
  gtk_label_set_text (self->steps_label, local_error->message);
  gtk_widget_set_visible (GTK_WIDGET (self->steps_label), TRUE);
  g_propagate_error (error, g_steal_pointer (&local_error));
  return NULL;
}

const char *
muster_table_hit_dialog_get_steps (MusterTableHitDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_TABLE_HIT_DIALOG (self), NULL);

  return self->steps;
}

void
muster_table_hit_dialog_set_attacker (MusterTableHitDialog *self,
                                      gint64                attacker_id)
{
  for (guint i = 0; self->attacker_row != NULL && i < self->attackers->len; i++)
    if (g_array_index (self->attackers, gint64, i) == attacker_id)
      adw_combo_row_set_selected (self->attacker_row, i);
}

void
muster_table_hit_dialog_set_location (MusterTableHitDialog *self,
                                      const char           *location)
{
  const MusterPlay *play = get_play (self);

  if (self->location_row == NULL)
    return;
  adw_combo_row_set_selected (self->location_row, 0);
  for (guint i = 0; location != NULL && i < play->locations->len; i++)
    if (g_str_equal (((MusterPlayLocation *) g_ptr_array_index (play->locations, i))->id, location))
      adw_combo_row_set_selected (self->location_row, i + 1);
}

void
muster_table_hit_dialog_set_faces (MusterTableHitDialog *self,
                                   const char           *location_faces,
                                   const char           *effect_faces)
{
  if (self->location_faces != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->location_faces), location_faces != NULL ? location_faces : "");
  gtk_editable_set_text (GTK_EDITABLE (self->effect_faces), effect_faces != NULL ? effect_faces : "");
}

static void
resolve_action (GtkWidget  *widget,
                const char *name,
                GVariant   *param)
{
  MusterTableHitDialog *self = MUSTER_TABLE_HIT_DIALOG (widget);

  if (self->hit != NULL)
    gtk_window_close (GTK_WINDOW (self));
  else
    muster_table_hit_dialog_resolve (self, NULL);
}

static void
kind_changed_cb (MusterTableHitDialog *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->difference_row),
                          adw_combo_row_get_selected (self->kind_row) == 1);
}

static void
muster_table_hit_dialog_class_init (MusterTableHitDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = muster_table_hit_dialog_finalize;
  gtk_widget_class_install_action (widget_class, "hit.resolve", NULL, resolve_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
muster_table_hit_dialog_init (MusterTableHitDialog *self)
{
  self->attackers = g_array_new (FALSE, FALSE, sizeof (gint64));
  self->modifier_ids = g_ptr_array_new ();
  self->modifier_checks = g_ptr_array_new ();
}

static GtkWidget *
spin (int min,
      int max,
      int value)
{
  GtkWidget *button = gtk_spin_button_new_with_range (min, max, 1);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (button), value);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  return button;
}

static void
build_form (MusterTableHitDialog *self,
            GtkWidget            *group,
            const char           *target_side)
{
  const MusterPlay *play = get_play (self);
  g_autoptr(GPtrArray) participants = muster_store_list_participants (self->store, self->game_id, NULL);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  /* Who fired or struck: nobody, or a man of the other side. */
  gtk_string_list_append (names, _("Nobody"));
  g_array_append_val (self->attackers, (gint64) { 0 });
  for (guint i = 0; participants != NULL && i < participants->len; i++)
    {
      const MusterParticipant *p = g_ptr_array_index (participants, i);

      if (g_strcmp0 (p->side, target_side) == 0)
        continue;
      gtk_string_list_append (names, p->name);
      g_array_append_val (self->attackers, p->character_id);
    }
  if (self->unit_id == 0)
    {
      self->attacker_row = ADW_COMBO_ROW (adw_combo_row_new ());
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->attacker_row), _("_Attacker"));
      adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->attacker_row), TRUE);
      adw_combo_row_set_model (self->attacker_row, G_LIST_MODEL (names));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->attacker_row));
    }
  else
    {
      GtkWidget *row = adw_action_row_new ();

      self->figures = GTK_SPIN_BUTTON (spin (1, 100, 1));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("_Figures hit"));
      adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (self->figures));
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), GTK_WIDGET (self->figures));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }

  if (play->rows->len > 0 && self->unit_id == 0)
    {
      const char *kinds[] = { _("Shot"), _("Melee"), NULL };
      g_autoptr(GtkStringList) locations = gtk_string_list_new (NULL);

      self->kind_row = ADW_COMBO_ROW (adw_combo_row_new ());
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->kind_row), _("_Hit by"));
      adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->kind_row), TRUE);
      adw_combo_row_set_model (self->kind_row, G_LIST_MODEL (gtk_string_list_new (kinds)));
      g_signal_connect_swapped (self->kind_row, "notify::selected", G_CALLBACK (kind_changed_cb), self);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->kind_row));

      self->difference_row = ADW_ACTION_ROW (adw_action_row_new ());
      self->difference = GTK_SPIN_BUTTON (spin (0, 100, 1));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->difference_row),
                                     _("_Winner’s score minus loser’s"));
      adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->difference_row), TRUE);
      adw_action_row_add_suffix (self->difference_row, GTK_WIDGET (self->difference));
      adw_action_row_set_activatable_widget (self->difference_row, GTK_WIDGET (self->difference));
      gtk_widget_set_visible (GTK_WIDGET (self->difference_row), FALSE);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->difference_row));

      gtk_string_list_append (locations, _("Roll the die"));
      for (guint i = 0; i < play->locations->len; i++)
        gtk_string_list_append (locations, ((MusterPlayLocation *) g_ptr_array_index (play->locations, i))->name);
      self->location_row = ADW_COMBO_ROW (adw_combo_row_new ());
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->location_row), _("_Location"));
      adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->location_row), TRUE);
      adw_combo_row_set_model (self->location_row, G_LIST_MODEL (locations));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->location_row));

      self->location_faces = ADW_ENTRY_ROW (adw_entry_row_new ());
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->location_faces),
                                     _("Location die rolled at the table (empty: Muster rolls)"));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->location_faces));
    }

  self->effect_faces = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->effect_faces),
                                 _("Effect dice rolled at the table (empty: Muster rolls)"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->effect_faces));

  /* The modifiers chosen at the table; those read from the attacker's
   * characteristics apply by themselves. */
  for (guint i = 0; i < play->modifiers->len; i++)
    {
      const MusterPlayModifier *modifier = g_ptr_array_index (play->modifiers, i);
      GtkWidget *row, *check;

      if (modifier->stat != NULL)
        continue;
      row = adw_action_row_new ();
      check = gtk_check_button_new ();
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), modifier->name);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
      g_ptr_array_add (self->modifier_ids, (gpointer) modifier->id);
      g_ptr_array_add (self->modifier_checks, check);
    }
}

MusterTableHitDialog *
muster_table_hit_dialog_new (MusterStore *store,
                             gint64       game_id,
                             gint64       target_id,
                             gint64       unit_id)
{
  MusterTableHitDialog *self = g_object_new (MUSTER_TYPE_TABLE_HIT_DIALOG, "modal", TRUE,
                                             "default-width", 480, "default-height", 640, NULL);
  g_autoptr(MusterGame) game = muster_store_get_game (store, game_id, NULL);
  g_autofree char *title = NULL;
  const char *side = NULL;
  const char *who = NULL;
  GtkWidget *box, *header, *scrolled, *clamp, *page, *group;

  self->store = g_object_ref (store);
  self->game_id = game_id;
  self->target_id = target_id;
  self->unit_id = unit_id;
  self->campaign = game != NULL ? muster_store_get_campaign (store, muster_game_get_campaign_id (game), NULL) : NULL;

  if (target_id != 0)
    {
      g_autoptr(GPtrArray) participants = muster_store_list_participants (store, game_id, NULL);

      for (guint i = 0; participants != NULL && i < participants->len; i++)
        {
          MusterParticipant *p = g_ptr_array_index (participants, i);

          if (p->character_id == target_id)
            {
              /* The list lives as long as this function only. */
              side = g_intern_string (p->side);
              who = g_intern_string (p->name);
            }
        }
    }
  else
    {
      g_autoptr(GPtrArray) units = muster_store_list_game_units (store, game_id, NULL);

      for (guint i = 0; units != NULL && i < units->len; i++)
        {
          MusterUnitParticipant *u = g_ptr_array_index (units, i);

          if (u->unit_id == unit_id)
            {
              side = g_intern_string (u->side);
              who = g_intern_string (u->name);
            }
        }
    }
  /* Translators: the window's title: the man or unit hit */
  title = g_strdup_printf (_("Hit on %s"), who != NULL ? who : "");
  gtk_window_set_title (GTK_WINDOW (self), title);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  self->resolve_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Resolve")));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->resolve_button), "hit.resolve");
  gtk_widget_add_css_class (GTK_WIDGET (self->resolve_button), "suggested-action");
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), GTK_WIDGET (self->resolve_button));
  gtk_box_append (GTK_BOX (box), header);

  scrolled = gtk_scrolled_window_new ();
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  clamp = adw_clamp_new ();
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 600);
  page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_widget_set_margin_top (page, 18);
  gtk_widget_set_margin_bottom (page, 18);
  gtk_widget_set_margin_start (page, 12);
  gtk_widget_set_margin_end (page, 12);
  group = adw_preferences_group_new ();
  self->form = group;
  if (self->campaign != NULL && get_play (self) != NULL)
    build_form (self, group, side);
  gtk_box_append (GTK_BOX (page), group);
  self->steps_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->steps_label, TRUE);
  gtk_label_set_xalign (self->steps_label, 0);
  gtk_label_set_selectable (self->steps_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->steps_label), "card");
  gtk_widget_add_css_class (GTK_WIDGET (self->steps_label), "table-steps");
  gtk_widget_set_visible (GTK_WIDGET (self->steps_label), FALSE);
  gtk_box_append (GTK_BOX (page), GTK_WIDGET (self->steps_label));
  adw_clamp_set_child (ADW_CLAMP (clamp), page);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  gtk_box_append (GTK_BOX (box), scrolled);
  adw_window_set_content (ADW_WINDOW (self), box);
  return self;
}
