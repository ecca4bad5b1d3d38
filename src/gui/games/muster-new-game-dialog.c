/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-games"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-a11y.h"
#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-force.h"
#include "muster-game.h"
#include "muster-names.h"
#include "muster-text-list.h"
#include "muster-new-game-dialog.h"
#include "muster-toasts.h"
#include "muster-unit.h"
#include "muster-warning-label.h"
#include "muster-warnings.h"

struct _MusterNewGameDialog
{
  AdwWindow            parent_instance;

  AdwToastOverlay     *toast_overlay;
  AdwPreferencesPage  *page;
  AdwEntryRow         *title_row;
  AdwEntryRow         *date_row;
  AdwActionRow        *sides_row;
  GtkLabel            *warning_label;

  MusterStore         *store;
  gint64               campaign_id;
  /* character id -> GtkCheckButton of those who can take part */
  GHashTable          *checks;
  /* character id -> reason, for those who cannot */
  GHashTable          *unavailable;
  /* character id -> side */
  GHashTable          *sides;
  /* The same for units (rulesets kept by unit) */
  GHashTable          *unit_checks;
  GHashTable          *unit_unavailable;
  GHashTable          *unit_sides;
  /* unit id -> GArray of the ids of its active characters */
  GHashTable          *unit_characters;
  /* unit id -> name, for the characters attached to one */
  GHashTable          *unit_names;
};

G_DEFINE_FINAL_TYPE (MusterNewGameDialog, muster_new_game_dialog, ADW_TYPE_WINDOW)

enum {
  GAME_CREATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gint64 *
id_key (gint64 id)
{
  return g_memdup2 (&id, sizeof id);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_utf8_collate (*(const char * const *) a, *(const char * const *) b);
}

static gboolean
is_blank (const char *text)
{
  for (; *text != '\0'; text = g_utf8_next_char (text))
    if (!g_unichar_isspace (g_utf8_get_char (text)))
      return FALSE;
  return TRUE;
}

/* The picked characters' sides with how many each, in a stable order. */
static GPtrArray *
count_sides (MusterNewGameDialog *self,
             GArray              *picked)
{
  GPtrArray *sides = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->checks);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *side = g_hash_table_lookup (self->sides, key);

      if (!gtk_check_button_get_active (value))
        continue;
      if (picked != NULL)
        g_array_append_val (picked, *(gint64 *) key);
      if (!g_ptr_array_find_with_equal_func (sides, side, g_str_equal, NULL))
        g_ptr_array_add (sides, (gpointer) side);
    }
  g_hash_table_iter_init (&iter, self->unit_checks);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *side = g_hash_table_lookup (self->unit_sides, key);

      if (gtk_check_button_get_active (value) &&
          !g_ptr_array_find_with_equal_func (sides, side, g_str_equal, NULL))
        g_ptr_array_add (sides, (gpointer) side);
    }
  g_ptr_array_sort (sides, compare_strings);
  return sides;
}

static GArray *
picked_units (MusterNewGameDialog *self)
{
  GArray *picked = g_array_new (FALSE, FALSE, sizeof (gint64));
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->unit_checks);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (gtk_check_button_get_active (value))
      g_array_append_val (picked, *(gint64 *) key);
  return picked;
}

static guint
count_picked_on (GHashTable *checks,
                 GHashTable *sides,
                 const char *side)
{
  GHashTableIter iter;
  gpointer key, value;
  guint n = 0;

  g_hash_table_iter_init (&iter, checks);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (gtk_check_button_get_active (value) && g_str_equal (g_hash_table_lookup (sides, key), side))
      n++;
  return n;
}

static void
update_state (MusterNewGameDialog *self)
{
  g_autoptr(GPtrArray) sides = NULL;
  g_autoptr(GPtrArray) brought = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *text = NULL;
  const char *title = gtk_editable_get_text (GTK_EDITABLE (self->title_row));

  sides = count_sides (self, NULL);
  for (guint i = 0; i < sides->len; i++)
    {
      const char *side = g_ptr_array_index (sides, i);
      guint n = count_picked_on (self->checks, self->sides, side);
      guint n_units = count_picked_on (self->unit_checks, self->unit_sides, side);

      if (n_units > 0)
        {
          g_autofree char *characters = NULL;
          g_autofree char *units = NULL;

          /* Translators: how many characters a side brings, "2 characters" */
          characters = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u character", "%u characters", n), n);
          /* Translators: how many units a side brings, "1 unit" */
          units = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u unit", "%u units", n_units), n_units);
          /* Translators: a side, its characters and its units, "British (2 characters, 1 unit)" */
          g_ptr_array_add (brought, g_strdup_printf (_("%s (%s, %s)"), side, characters, units));
        }
      else
        /* Translators: a side and how many characters it brings */
        g_ptr_array_add (brought, g_strdup_printf (_("%s (%u)"), side, n));
    }
  if (sides->len == 0 && g_hash_table_size (self->unit_checks) + g_hash_table_size (self->unit_unavailable) > 0)
    text = g_strdup (_("Pick the units and characters taking part"));
  else if (sides->len == 0)
    text = g_strdup (_("Pick the characters taking part"));
  else if (sides->len == 1)
    /* Translators: the one side picked so far, "British (5)" */
    text = g_strdup_printf (_("%s — pick characters of the other side too"),
                            (const char *) g_ptr_array_index (brought, 0));
  else if (sides->len == 2)
    /* Translators: the two sides of a game, "British (5) against French (6)" */
    text = g_strdup_printf (_("%s against %s"), (const char *) g_ptr_array_index (brought, 0),
                            (const char *) g_ptr_array_index (brought, 1));
  else
    {
      g_autofree char *list = muster_text_list (brought);

      /* Translators: the sides picked, more than two, "British (5), French (6) and Spanish (2)" */
      text = g_strdup_printf (_("%s — a game has two sides"), list);
    }

  adw_action_row_set_subtitle (self->sides_row, text);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "new-game.create",
                                 sides->len == 2 && !is_blank (title));
}

static void
on_check_toggled (MusterNewGameDialog *self)
{
  update_state (self);
}

/* Picking a unit picks its characters who can fight; they can be unpicked. */
static void
on_unit_toggled (GtkCheckButton      *check,
                 MusterNewGameDialog *self)
{
  gint64 *unit_id = g_object_get_data (G_OBJECT (check), "unit-id");
  GArray *characters = g_hash_table_lookup (self->unit_characters, unit_id);

  if (gtk_check_button_get_active (check))
    for (guint i = 0; characters != NULL && i < characters->len; i++)
      {
        GtkCheckButton *character = g_hash_table_lookup (self->checks, &g_array_index (characters, gint64, i));

        if (character != NULL)
          gtk_check_button_set_active (character, TRUE);
      }
  update_state (self);
}

static void
on_title_changed (MusterNewGameDialog *self)
{
  update_state (self);
}

/* A date before the last game's is taken, but said. */
static void
on_date_changed (MusterNewGameDialog *self)
{
  g_autofree char *date = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->date_row))));
  g_autoptr(GPtrArray) warnings = NULL;

  if (self->store != NULL)
    warnings = muster_warnings_for_game_date (self->store, self->campaign_id, 0, date, NULL);
  muster_warning_label_show (self->warning_label, warnings);
}

static void
on_entry_activated (MusterNewGameDialog *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "new-game.create", NULL);
}

static void
add_character (MusterNewGameDialog *self,
               AdwPreferencesGroup *group,
               MusterCharacter     *character)
{
  g_autoptr(GError) reason = NULL;
  gint64 id = muster_character_get_id (character);
  GtkWidget *row = adw_action_row_new ();
  const char *rank = muster_character_get_rank (character);
  gint64 unit_id = muster_character_get_unit_id (character);
  const char *unit = g_hash_table_lookup (self->unit_names, &unit_id);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), muster_character_get_name (character));
  g_hash_table_insert (self->sides, id_key (id), g_strdup (muster_character_get_side (character)));

  if (!muster_store_check_available (self->store, id, &reason))
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), reason->message);
      gtk_widget_set_sensitive (row, FALSE);
      gtk_widget_add_css_class (row, "unavailable");
      g_hash_table_insert (self->unavailable, id_key (id), g_strdup (reason->message));
    }
  else
    {
      GtkWidget *check = gtk_check_button_new ();

      /* Named by the row's title, which it activates. */
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      if (unit != NULL)
        {
          g_autofree char *subtitle = NULL;

          if (rank != NULL && rank[0] != '\0')
            /* Translators: a character's rank and the unit he is attached to, "Lieutenant · with Rifles" */
            subtitle = g_strdup_printf (_("%s · with %s"), rank, unit);
          else
            /* Translators: the unit a character is attached to, "With Rifles" */
            subtitle = g_strdup_printf (_("With %s"), unit);
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
        }
      else if (rank != NULL && rank[0] != '\0')
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), rank);
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (on_check_toggled), self);
      g_hash_table_insert (self->checks, id_key (id), check);
    }
  adw_preferences_group_add (group, row);
}

static void
add_unit (MusterNewGameDialog *self,
          AdwPreferencesGroup *group,
          MusterUnit          *unit,
          MusterRuleset       *ruleset)
{
  gint64 id = muster_unit_get_id (unit);
  GtkWidget *row = adw_action_row_new ();
  const MusterUnitKindDef *kind = muster_ruleset_lookup_unit_kind (ruleset, muster_unit_get_kind (unit));
  const char *status = muster_unit_get_status (unit);
  g_autofree char *subtitle = NULL;
  const char *reason = NULL;

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), muster_unit_get_name (unit));
  adw_action_row_set_icon_name (ADW_ACTION_ROW (row), "system-users-symbolic");
  g_hash_table_insert (self->unit_sides, id_key (id), g_strdup (muster_unit_get_side (unit)));
  g_hash_table_insert (self->unit_names, id_key (id), g_strdup (muster_unit_get_name (unit)));

  if (g_str_equal (status, MUSTER_UNIT_STATUS_DESTROYED))
    reason = _("Destroyed: it cannot take the field.");
  else if (g_str_equal (status, MUSTER_UNIT_STATUS_DISBANDED))
    reason = _("Disbanded: it cannot take the field.");
  else if (muster_unit_get_present (unit) == 0)
    reason = _("No figures left to take the field.");

  if (reason != NULL)
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), reason);
      gtk_widget_set_sensitive (row, FALSE);
      gtk_widget_add_css_class (row, "unavailable");
      g_hash_table_insert (self->unit_unavailable, id_key (id), g_strdup (reason));
    }
  else
    {
      GtkWidget *check = gtk_check_button_new ();
      g_autofree char *label = NULL;

      /* Translators: a unit's kind and the figures it has, "Infantry · 10 figures" */
      subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %d figure", "%s · %d figures",
                                               muster_unit_get_present (unit)),
                                  kind != NULL ? kind->name : muster_unit_get_kind (unit),
                                  muster_unit_get_present (unit));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      /* Translators: accessible name of the check that picks a unit, "Unit Rifles" */
      label = g_strdup_printf (_("Unit %s"), muster_unit_get_name (unit));
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      /* By its own name alone, not by the row's title as well. */
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
      g_hash_table_insert (self->unit_checks, id_key (id), check);
      g_object_set_data_full (G_OBJECT (check), "unit-id", id_key (id), g_free);
      g_signal_connect (check, "toggled", G_CALLBACK (on_unit_toggled), self);
    }
  adw_preferences_group_add (group, row);
}

static void
note_unit_character (MusterNewGameDialog *self,
                     MusterCharacter     *character)
{
  gint64 unit_id = muster_character_get_unit_id (character);
  gint64 id = muster_character_get_id (character);
  GArray *list;

  if (unit_id == 0 || muster_character_get_status (character) != MUSTER_STATUS_ACTIVE)
    return;
  if ((list = g_hash_table_lookup (self->unit_characters, &unit_id)) == NULL)
    {
      list = g_array_new (FALSE, FALSE, sizeof (gint64));
      g_hash_table_insert (self->unit_characters, id_key (unit_id), list);
    }
  g_array_append_val (list, id);
}

static void
load_characters (MusterNewGameDialog *self)
{
  g_autoptr(MusterCampaign) campaign = NULL;
  MusterRuleset *ruleset = NULL;
  g_autoptr(GPtrArray) forces = NULL;
  g_autoptr(GError) error = NULL;

  if ((forces = muster_store_list_forces (self->store, self->campaign_id, &error)) == NULL)
    {
      muster_toasts_add (self->toast_overlay, adw_toast_new (error->message));
      return;
    }

  campaign = muster_store_get_campaign (self->store, self->campaign_id, NULL);
  if (campaign != NULL && (ruleset = muster_campaign_get_ruleset (campaign)) != NULL &&
      muster_ruleset_get_kept_by (ruleset) != MUSTER_KEPT_BY_UNIT)
    ruleset = NULL;

  for (guint i = 0; i < forces->len; i++)
    {
      MusterForce *force = g_ptr_array_index (forces, i);
      g_autoptr(GPtrArray) characters = NULL;
      g_autoptr(GPtrArray) units = NULL;
      g_autofree char *description = NULL;
      GtkWidget *group;

      characters = muster_store_list_characters (self->store, self->campaign_id,
                                                 muster_force_get_id (force), NULL);
      if (ruleset != NULL)
        units = muster_store_list_units (self->store, self->campaign_id, muster_force_get_id (force), NULL);
      if (units != NULL && units->len > 0)
        {
          g_autofree char *units_title = NULL;

          group = adw_preferences_group_new ();
          /* Translators: the title of a force's list of units, "Units of Fane's brigade" */
          units_title = g_strdup_printf (_("Units of %s"), muster_force_get_name (force));
          adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), units_title);
          description = g_strdup_printf (_("Fights for %s"), muster_force_get_effective_side (force));
          adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
          for (guint j = 0; j < units->len; j++)
            add_unit (self, ADW_PREFERENCES_GROUP (group), g_ptr_array_index (units, j), ruleset);
          adw_preferences_page_add (self->page, ADW_PREFERENCES_GROUP (group));
          g_clear_pointer (&description, g_free);
        }
      for (guint j = 0; characters != NULL && j < characters->len; j++)
        note_unit_character (self, g_ptr_array_index (characters, j));
      if (characters == NULL || characters->len == 0)
        continue;
      group = adw_preferences_group_new ();
      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), muster_force_get_name (force));
      /* Translators: the side a force fights for */
      description = g_strdup_printf (_("Fights for %s"), muster_force_get_effective_side (force));
      adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
      for (guint j = 0; j < characters->len; j++)
        add_character (self, ADW_PREFERENCES_GROUP (group), g_ptr_array_index (characters, j));
      adw_preferences_page_add (self->page, ADW_PREFERENCES_GROUP (group));
    }
}

static void
create_action (GtkWidget  *widget,
               const char *name,
               GVariant   *param)
{
  g_autoptr(GError) error = NULL;

  muster_new_game_dialog_create (MUSTER_NEW_GAME_DIALOG (widget), &error);
}

static void
muster_new_game_dialog_dispose (GObject *object)
{
  MusterNewGameDialog *self = (MusterNewGameDialog *) object;

  g_clear_pointer (&self->checks, g_hash_table_unref);
  g_clear_pointer (&self->unavailable, g_hash_table_unref);
  g_clear_pointer (&self->sides, g_hash_table_unref);
  g_clear_pointer (&self->unit_checks, g_hash_table_unref);
  g_clear_pointer (&self->unit_unavailable, g_hash_table_unref);
  g_clear_pointer (&self->unit_sides, g_hash_table_unref);
  g_clear_pointer (&self->unit_characters, g_hash_table_unref);
  g_clear_pointer (&self->unit_names, g_hash_table_unref);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (muster_new_game_dialog_parent_class)->dispose (object);
}

static void
muster_new_game_dialog_class_init (MusterNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_new_game_dialog_dispose;

  signals[GAME_CREATED] =
    g_signal_new ("game-created",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT64);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/musterapp/Muster/muster-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterNewGameDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MusterNewGameDialog, page);
  gtk_widget_class_bind_template_child (widget_class, MusterNewGameDialog, title_row);
  gtk_widget_class_bind_template_child (widget_class, MusterNewGameDialog, date_row);
  gtk_widget_class_bind_template_child (widget_class, MusterNewGameDialog, sides_row);
  gtk_widget_class_bind_template_child (widget_class, MusterNewGameDialog, warning_label);
  gtk_widget_class_bind_template_callback (widget_class, on_title_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_date_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_activated);

  gtk_widget_class_install_action (widget_class, "new-game.create", NULL, create_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
muster_new_game_dialog_init (MusterNewGameDialog *self)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *today = g_date_time_format (now, "%Y-%m-%d");

  gtk_widget_init_template (GTK_WIDGET (self));
  muster_names_limit_editable (GTK_EDITABLE (self->title_row));

  self->checks = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->unavailable = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  self->sides = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  self->unit_checks = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->unit_unavailable = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  self->unit_sides = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  self->unit_characters = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                                 (GDestroyNotify) g_array_unref);
  self->unit_names = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  gtk_editable_set_text (GTK_EDITABLE (self->date_row), today);
}

MusterNewGameDialog *
muster_new_game_dialog_new (MusterStore *store,
                            gint64       campaign_id)
{
  MusterNewGameDialog *self;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  self = g_object_new (MUSTER_TYPE_NEW_GAME_DIALOG, NULL);
  self->store = g_object_ref (store);
  self->campaign_id = campaign_id;
  load_characters (self);
  update_state (self);
  on_date_changed (self);
  /* The first field, not Cancel, has the focus when the dialog opens. */
  muster_a11y_focus_on_show (GTK_WINDOW (self), GTK_WIDGET (self->title_row));
  return self;
}

void
muster_new_game_dialog_set_game_title (MusterNewGameDialog *self,
                                       const char          *title)
{
  g_return_if_fail (MUSTER_IS_NEW_GAME_DIALOG (self));
  gtk_editable_set_text (GTK_EDITABLE (self->title_row), title != NULL ? title : "");
}

void
muster_new_game_dialog_set_date (MusterNewGameDialog *self,
                                 const char          *date)
{
  g_return_if_fail (MUSTER_IS_NEW_GAME_DIALOG (self));
  gtk_editable_set_text (GTK_EDITABLE (self->date_row), date != NULL ? date : "");
}

gboolean
muster_new_game_dialog_is_pickable (MusterNewGameDialog  *self,
                                    gint64                character_id,
                                    const char          **reason)
{
  g_return_val_if_fail (MUSTER_IS_NEW_GAME_DIALOG (self), FALSE);

  if (reason != NULL)
    *reason = g_hash_table_lookup (self->unavailable, &character_id);
  return g_hash_table_contains (self->checks, &character_id);
}

gboolean
muster_new_game_dialog_set_picked (MusterNewGameDialog *self,
                                   gint64               character_id,
                                   gboolean             picked)
{
  GtkCheckButton *check;

  g_return_val_if_fail (MUSTER_IS_NEW_GAME_DIALOG (self), FALSE);

  if ((check = g_hash_table_lookup (self->checks, &character_id)) == NULL)
    return FALSE;
  gtk_check_button_set_active (check, picked);
  return TRUE;
}

gboolean
muster_new_game_dialog_is_unit_pickable (MusterNewGameDialog  *self,
                                         gint64                unit_id,
                                         const char          **reason)
{
  g_return_val_if_fail (MUSTER_IS_NEW_GAME_DIALOG (self), FALSE);

  if (reason != NULL)
    *reason = g_hash_table_lookup (self->unit_unavailable, &unit_id);
  return g_hash_table_contains (self->unit_checks, &unit_id);
}

gboolean
muster_new_game_dialog_set_unit_picked (MusterNewGameDialog *self,
                                        gint64               unit_id,
                                        gboolean             picked)
{
  GtkCheckButton *check;

  g_return_val_if_fail (MUSTER_IS_NEW_GAME_DIALOG (self), FALSE);

  if ((check = g_hash_table_lookup (self->unit_checks, &unit_id)) == NULL)
    return FALSE;
  gtk_check_button_set_active (check, picked);
  return TRUE;
}

gboolean
muster_new_game_dialog_get_picked (MusterNewGameDialog *self,
                                   gint64               character_id)
{
  GtkCheckButton *check;

  g_return_val_if_fail (MUSTER_IS_NEW_GAME_DIALOG (self), FALSE);

  check = g_hash_table_lookup (self->checks, &character_id);
  return check != NULL && gtk_check_button_get_active (check);
}

guint
muster_new_game_dialog_get_n_picked (MusterNewGameDialog *self)
{
  g_autoptr(GArray) picked = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) sides = NULL;

  g_return_val_if_fail (MUSTER_IS_NEW_GAME_DIALOG (self), 0);

  sides = count_sides (self, picked);
  return picked->len;
}

gint64
muster_new_game_dialog_create (MusterNewGameDialog  *self,
                               GError              **error)
{
  g_autoptr(GArray) picked = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) units = NULL;
  g_autoptr(GPtrArray) sides = NULL;
  g_autofree char *title = NULL;
  g_autofree char *date = NULL;
  GError *local_error = NULL;
  gint64 game_id;

  g_return_val_if_fail (MUSTER_IS_NEW_GAME_DIALOG (self), 0);

  title = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->title_row))));
  date = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->date_row))));
  sides = count_sides (self, picked);
  units = picked_units (self);

  if (title[0] == '\0')
    g_set_error_literal (&local_error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                         _("Give the game a title."));
  else
    {
      game_id = muster_store_create_game_full (self->store, self->campaign_id, title,
                                               date[0] != '\0' ? date : NULL,
                                               (const gint64 *) (gpointer) picked->data, picked->len,
                                               (const gint64 *) (gpointer) units->data, units->len,
                                               &local_error);
      if (game_id != 0)
        {
          g_signal_emit (self, signals[GAME_CREATED], 0, game_id);
          gtk_window_close (GTK_WINDOW (self));
          return game_id;
        }
    }

  muster_toasts_add (self->toast_overlay, adw_toast_new (local_error->message));
  g_propagate_error (error, local_error);
  return 0;
}
