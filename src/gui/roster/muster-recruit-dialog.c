/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-roster"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-a11y.h"
#include "muster-campaign.h"
#include "muster-force.h"
#include "muster-names.h"
#include "muster-nationality.h"
#include "muster-recruit.h"
#include "muster-recruit-dialog.h"
#include "muster-warning-label.h"
#include "muster-warnings.h"

struct _MusterRecruitDialog
{
  AdwWindow            parent_instance;

  MusterStore         *store;
  gint64               campaign_id;
  MusterRuleset       *ruleset;
  GPtrArray           *forces;       /* of MusterForce */
  GPtrArray           *stat_rows;    /* of AdwActionRow, in stat order */
  GHashTable          *stat_spins;   /* key -> GtkSpinButton */
  MusterRng            rng_start;    /* the dice of this roll, replayed on a change */
  MusterRecruit       *recruit;
  GArray              *created;
  gboolean             name_edited;
  guint                updating;

  /* Template widgets */
  AdwComboRow         *force_row;
  AdwComboRow         *troop_row;
  AdwComboRow         *weapon_row;
  AdwEntryRow         *name_row;
  GtkSpinButton       *count_spin;
  AdwPreferencesGroup *stats_group;
  GtkLabel            *error_label;
  GtkLabel            *warning_label;
};

G_DEFINE_FINAL_TYPE (MusterRecruitDialog, muster_recruit_dialog, ADW_TYPE_WINDOW)

static const MusterTroopType *
get_troop_type (MusterRecruitDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->troop_row);

  if (selected >= muster_ruleset_get_n_troop_types (self->ruleset))
    return NULL;
  return muster_ruleset_get_troop_type (self->ruleset, selected);
}

static const MusterWeaponDef *
get_weapon (MusterRecruitDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->weapon_row);

  if (selected >= muster_ruleset_get_n_weapons (self->ruleset))
    return NULL;
  return muster_ruleset_get_weapon (self->ruleset, selected);
}

static MusterForce *
get_force (MusterRecruitDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->force_row);

  if (selected >= self->forces->len)
    return NULL;
  return g_ptr_array_index (self->forces, selected);
}

static void
show_error (MusterRecruitDialog *self,
            const char          *message)
{
  gtk_label_set_label (self->error_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
}

static const MusterRoll *
find_roll (MusterRecruit *recruit,
           const char    *stat)
{
  for (guint i = 0; recruit != NULL && i < recruit->roll_stats->len; i++)
    if (g_strcmp0 (g_ptr_array_index (recruit->roll_stats, i), stat) == 0)
      return g_ptr_array_index (recruit->rolls, i);
  return NULL;
}

static gboolean
was_capped (MusterRecruit *recruit,
            const char    *stat)
{
  for (guint i = 0; recruit != NULL && i < recruit->capped->len; i++)
    if (g_strcmp0 (g_ptr_array_index (recruit->capped, i), stat) == 0)
      return TRUE;
  return FALSE;
}

/* The weapon's caps, for its row: "Firing at most 9". */
static void
update_weapon_subtitle (MusterRecruitDialog *self)
{
  const MusterTroopType *type = get_troop_type (self);
  const MusterWeaponDef *weapon = get_weapon (self);
  g_autoptr(GString) text = g_string_new (NULL);

  if (type != NULL && type->default_weapon != NULL)
    {
      const MusterWeaponDef *def = muster_ruleset_lookup_weapon (self->ruleset, type->default_weapon);

      g_string_append_printf (text, _("%s by default"), def ? def->name : type->default_weapon);
    }

  for (guint i = 0; weapon != NULL && weapon->caps != NULL && i < weapon->caps->len; i++)
    {
      const MusterCap *cap = g_ptr_array_index (weapon->caps, i);
      const MusterStatDef *stat = muster_ruleset_lookup_stat (self->ruleset, cap->stat);

      if (text->len > 0)
        g_string_append (text, " · ");
      /* Translators: a cap a weapon puts on a stat, e.g. "Firing at most 9" */
      g_string_append_printf (text, _("%s at most %d"), stat ? stat->name : cap->stat, cap->max);
    }

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->weapon_row), text->str);
}

/* Rolls the stats with the dice of this roll (rng_start), so that changing
 * the troop type or the weapon does not give the user new dice to pick
 * from; only Roll Again does. */
static void
roll (MusterRecruitDialog *self)
{
  const MusterTroopType *type = get_troop_type (self);
  const MusterWeaponDef *weapon = get_weapon (self);
  g_autoptr(GError) error = NULL;
  MusterRng rng = self->rng_start;
  gboolean single = gtk_spin_button_get_value_as_int (self->count_spin) == 1;

  g_clear_pointer (&self->recruit, muster_recruit_free);
  if (type == NULL)
    return;

  self->recruit = muster_recruit_roll (self->ruleset, type->id, weapon ? weapon->id : NULL, &rng, &error);
  if (self->recruit == NULL)
    {
      show_error (self, error->message);
      return;
    }

  self->updating++;
  for (guint i = 0; i < muster_ruleset_get_n_stats (self->ruleset); i++)
    {
      const MusterStatDef *stat = muster_ruleset_get_stat (self->ruleset, i);
      AdwActionRow *row = g_ptr_array_index (self->stat_rows, i);
      GtkSpinButton *spin = g_hash_table_lookup (self->stat_spins, stat->key);
      const MusterRoll *stat_roll = find_roll (self->recruit, stat->key);
      gpointer value;
      g_autofree char *subtitle = NULL;

      if (stat_roll != NULL)
        {
          g_autofree char *faces = muster_roll_describe (stat_roll);

          /* A number in the rules, not dice: nothing was rolled. */
          if (stat_roll->faces->len == 0)
            /* Translators: a stat the troop type always has, "Always 6 for this troop type" */
            subtitle = g_strdup_printf (_("Always %d for this troop type"), stat_roll->total);
          else if (!single)
            subtitle = g_strdup_printf (_("Rolled %s for each"), stat_roll->expression);
          else if (was_capped (self->recruit, stat->key) && weapon != NULL)
            /* Translators: the dice, the faces and total, then what he uses
             * with his weapon: "2d6: 5 + 6 = 11 · 9 with a Musket" */
            subtitle = g_strdup_printf (_("%s: %s · %d with a %s"),
                                        stat_roll->expression, faces,
                                        muster_ruleset_get_cap (self->ruleset, weapon->id, stat->key),
                                        weapon->name);
          else
            subtitle = g_strdup_printf ("%s: %s", stat_roll->expression, faces);
        }
      adw_action_row_set_subtitle (row, subtitle ? subtitle : "");

      if (g_hash_table_lookup_extended (self->recruit->stats, stat->key, NULL, &value))
        gtk_spin_button_set_value (spin, GPOINTER_TO_INT (value));
      gtk_widget_set_sensitive (GTK_WIDGET (spin), single);
    }

  if (!self->name_edited)
    {
      MusterForce *force = get_force (self);
      g_autofree char *name = NULL;
      MusterRng name_rng;

      /* The names' own generator: a new troop type keeps the name. */
      muster_recruit_name_rng (&self->rng_start, &name_rng);
      name = muster_store_pick_recruit_name (self->store, self->campaign_id,
                                             force != NULL ? muster_force_get_nationality (force)
                                                           : MUSTER_NATIONALITY_DEFAULT,
                                             &name_rng, &error);
      if (name == NULL)
        {
          self->updating--;
          show_error (self, error->message);
          return;
        }
      gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->name_row), single);
  self->updating--;

  show_error (self, NULL);
}

static gboolean
reserve_dice (MusterRecruitDialog *self)
{
  g_autoptr(GError) error = NULL;

  if (!muster_store_reserve_recruit_rng (self->store, self->campaign_id, &self->rng_start, &error))
    {
      show_error (self, error->message);
      return FALSE;
    }
  return TRUE;
}

static void
roll_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterRecruitDialog *self = MUSTER_RECRUIT_DIALOG (widget);

  if (reserve_dice (self))
    roll (self);
}

static void
on_force_selected (MusterRecruitDialog *self)
{
  if (self->updating)
    return;
  /* A force of another nationality gets a name of its own. */
  roll (self);
}

static void
on_troop_selected (MusterRecruitDialog *self)
{
  const MusterTroopType *type = get_troop_type (self);

  if (self->updating || type == NULL)
    return;

  self->updating++;
  for (guint i = 0; i < muster_ruleset_get_n_weapons (self->ruleset); i++)
    if (g_strcmp0 (muster_ruleset_get_weapon (self->ruleset, i)->id, type->default_weapon) == 0)
      adw_combo_row_set_selected (self->weapon_row, i);
  self->updating--;

  update_weapon_subtitle (self);
  roll (self);
}

static void
on_weapon_selected (MusterRecruitDialog *self)
{
  if (self->updating)
    return;
  update_weapon_subtitle (self);
  roll (self);
}

/* A name another character of the campaign has is taken, but said. */
static void
update_warning (MusterRecruitDialog *self)
{
  g_autoptr(GPtrArray) warnings = NULL;

  if (self->store == NULL)
    return;
  if (gtk_spin_button_get_value_as_int (self->count_spin) == 1)
    warnings = muster_warnings_for_character_name (self->store, self->campaign_id, 0,
                                                   gtk_editable_get_text (GTK_EDITABLE (self->name_row)),
                                                   NULL);
  muster_warning_label_show (self->warning_label, warnings);
}

static void
on_name_changed (MusterRecruitDialog *self)
{
  if (!self->updating)
    self->name_edited = TRUE;
  update_warning (self);
}

static void
on_count_changed (MusterRecruitDialog *self)
{
  roll (self);
  update_warning (self);
}

static gboolean
save_one (MusterRecruitDialog *self,
          MusterForce         *force,
          GError             **error)
{
  const MusterTroopType *type = get_troop_type (self);
  const MusterWeaponDef *weapon = get_weapon (self);
  g_autoptr(GHashTable) stats = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) rolls = g_ptr_array_new ();
  g_autoptr(GPtrArray) roll_stats = g_ptr_array_new ();
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
  MusterCharacterSpec spec = { 0 };
  gint64 id;

  for (guint i = 0; i < muster_ruleset_get_n_stats (self->ruleset); i++)
    {
      const MusterStatDef *stat = muster_ruleset_get_stat (self->ruleset, i);
      int value = gtk_spin_button_get_value_as_int (g_hash_table_lookup (self->stat_spins, stat->key));
      const MusterRoll *stat_roll = find_roll (self->recruit, stat->key);
      gpointer rolled;

      g_hash_table_insert (stats, (gpointer) stat->key, GINT_TO_POINTER (value));
      /* A roll is only logged for a stat that kept the rolled value. */
      if (stat_roll != NULL && self->recruit != NULL &&
          g_hash_table_lookup_extended (self->recruit->stats, stat->key, NULL, &rolled) &&
          GPOINTER_TO_INT (rolled) == value)
        {
          g_ptr_array_add (rolls, (gpointer) stat_roll);
          g_ptr_array_add (roll_stats, (gpointer) stat->key);
        }
    }

  spec.name = name;
  spec.troop_type = type->id;
  spec.weapon = weapon ? weapon->id : NULL;
  spec.mounted = type->mounted;
  spec.stats = stats;
  spec.rolls = rolls;
  spec.roll_stats = roll_stats;

  id = muster_store_create_character (self->store, muster_force_get_id (force), &spec, error);
  if (id == 0)
    return FALSE;

  g_clear_pointer (&self->created, g_array_unref);
  self->created = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_array_append_val (self->created, id);
  return TRUE;
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterRecruitDialog *self = MUSTER_RECRUIT_DIALOG (widget);
  const MusterTroopType *type = get_troop_type (self);
  const MusterWeaponDef *weapon = get_weapon (self);
  MusterForce *force = get_force (self);
  guint count = gtk_spin_button_get_value_as_int (self->count_spin);
  g_autoptr(GError) error = NULL;

  if (force == NULL || type == NULL)
    return;

  if (count == 1)
    {
      g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));

      if (*name == '\0')
        {
          show_error (self, _("The new character needs a name."));
          return;
        }
      if (!save_one (self, force, &error))
        {
          show_error (self, error->message);
          return;
        }
    }
  else
    {
      GArray *ids = muster_store_recruit (self->store, muster_force_get_id (force), type->id,
                                          weapon ? weapon->id : NULL, NULL, count, &error);

      if (ids == NULL)
        {
          show_error (self, error->message);
          return;
        }
      g_clear_pointer (&self->created, g_array_unref);
      self->created = ids;
    }

  gtk_window_close (GTK_WINDOW (self));
}

static void
build_rows (MusterRecruitDialog *self)
{
  g_autoptr(GtkStringList) forces = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) types = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) weapons = gtk_string_list_new (NULL);

  for (guint i = 0; i < self->forces->len; i++)
    gtk_string_list_append (forces, muster_force_get_name (g_ptr_array_index (self->forces, i)));
  for (guint i = 0; i < muster_ruleset_get_n_troop_types (self->ruleset); i++)
    gtk_string_list_append (types, muster_ruleset_get_troop_type (self->ruleset, i)->name);
  for (guint i = 0; i < muster_ruleset_get_n_weapons (self->ruleset); i++)
    gtk_string_list_append (weapons, muster_ruleset_get_weapon (self->ruleset, i)->name);

  self->updating++;
  adw_combo_row_set_model (self->force_row, G_LIST_MODEL (forces));
  adw_combo_row_set_model (self->troop_row, G_LIST_MODEL (types));
  adw_combo_row_set_model (self->weapon_row, G_LIST_MODEL (weapons));
  self->updating--;

  for (guint i = 0; i < muster_ruleset_get_n_stats (self->ruleset); i++)
    {
      const MusterStatDef *stat = muster_ruleset_get_stat (self->ruleset, i);
      g_autofree char *title = g_strdup_printf ("%s (%s)", stat->name, stat->key);
      GtkWidget *row = adw_action_row_new ();
      /* The stat's whole range: a value over the weapon's cap can be typed,
       * and the store refuses it with its reason. */
      GtkWidget *spin = gtk_spin_button_new_with_range (stat->min, stat->max, 1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, stat->name, -1);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
      adw_preferences_group_add (self->stats_group, row);
      g_ptr_array_add (self->stat_rows, row);
      g_hash_table_insert (self->stat_spins, (gpointer) stat->key, spin);
    }
}

static void
muster_recruit_dialog_dispose (GObject *object)
{
  MusterRecruitDialog *self = MUSTER_RECRUIT_DIALOG (object);

  g_clear_pointer (&self->recruit, muster_recruit_free);
  g_clear_pointer (&self->stat_rows, g_ptr_array_unref);
  g_clear_pointer (&self->stat_spins, g_hash_table_unref);
  g_clear_pointer (&self->forces, g_ptr_array_unref);
  g_clear_object (&self->ruleset);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (muster_recruit_dialog_parent_class)->dispose (object);
}

static void
muster_recruit_dialog_finalize (GObject *object)
{
  MusterRecruitDialog *self = MUSTER_RECRUIT_DIALOG (object);

  g_clear_pointer (&self->created, g_array_unref);

  G_OBJECT_CLASS (muster_recruit_dialog_parent_class)->finalize (object);
}

static void
muster_recruit_dialog_class_init (MusterRecruitDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_recruit_dialog_dispose;
  object_class->finalize = muster_recruit_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/muster-recruit-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterRecruitDialog, force_row);
  gtk_widget_class_bind_template_child (widget_class, MusterRecruitDialog, troop_row);
  gtk_widget_class_bind_template_child (widget_class, MusterRecruitDialog, weapon_row);
  gtk_widget_class_bind_template_child (widget_class, MusterRecruitDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, MusterRecruitDialog, count_spin);
  gtk_widget_class_bind_template_child (widget_class, MusterRecruitDialog, stats_group);
  gtk_widget_class_bind_template_child (widget_class, MusterRecruitDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, MusterRecruitDialog, warning_label);
  gtk_widget_class_bind_template_callback (widget_class, on_force_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_troop_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_weapon_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_name_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_count_changed);

  gtk_widget_class_install_action (widget_class, "dialog.roll", NULL, roll_action);
  gtk_widget_class_install_action (widget_class, "dialog.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
muster_recruit_dialog_init (MusterRecruitDialog *self)
{
  self->stat_rows = g_ptr_array_new ();
  self->stat_spins = g_hash_table_new (g_str_hash, g_str_equal);
  self->updating = 1;   /* until the rows are filled */
  gtk_widget_init_template (GTK_WIDGET (self));
  muster_names_limit_editable (GTK_EDITABLE (self->name_row));
}

GtkWidget *
muster_recruit_dialog_new (GtkWindow   *parent,
                           MusterStore *store,
                           gint64       campaign_id,
                           gint64       force_id)
{
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GPtrArray) forces = NULL;
  MusterRecruitDialog *self;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  campaign = muster_store_get_campaign (store, campaign_id, NULL);
  forces = muster_store_list_forces (store, campaign_id, NULL);
  if (campaign == NULL || muster_campaign_get_ruleset (campaign) == NULL ||
      forces == NULL || forces->len == 0)
    return NULL;

  self = g_object_new (MUSTER_TYPE_RECRUIT_DIALOG,
                       "transient-for", parent,
                       NULL);
  self->store = g_object_ref (store);
  self->campaign_id = campaign_id;
  self->ruleset = g_object_ref (muster_campaign_get_ruleset (campaign));
  self->forces = g_steal_pointer (&forces);
  build_rows (self);

  for (guint i = 0; i < self->forces->len; i++)
    if (muster_force_get_id (g_ptr_array_index (self->forces, i)) == force_id)
      adw_combo_row_set_selected (self->force_row, i);
  self->updating = 0;

  reserve_dice (self);
  on_troop_selected (self);

  /* The first field, not Cancel, has the focus when the dialog opens. */
  muster_a11y_focus_on_show (GTK_WINDOW (self),
                             GTK_WIDGET (gtk_widget_get_sensitive (GTK_WIDGET (self->force_row)) ? self->force_row
                                                                                                  : self->troop_row));

  return GTK_WIDGET (self);
}

GtkSpinButton *
muster_recruit_dialog_get_stat_spin (MusterRecruitDialog *self,
                                     const char          *stat)
{
  g_return_val_if_fail (MUSTER_IS_RECRUIT_DIALOG (self), NULL);
  return g_hash_table_lookup (self->stat_spins, stat);
}

GArray *
muster_recruit_dialog_get_created (MusterRecruitDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_RECRUIT_DIALOG (self), NULL);
  return self->created;
}
