/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-window"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-a11y.h"
#include "muster-names.h"
#include "muster-new-campaign-dialog.h"

struct _MusterNewCampaignDialog
{
  AdwWindow            parent_instance;

  MusterWindow        *window;      /* unowned: the dialog dies with it */
  MusterStore         *store;
  GPtrArray           *rulesets;    /* of MusterRuleset */
  GPtrArray           *option_rows; /* of AdwComboRow, data "option" */

  /* Template widgets */
  AdwEntryRow         *name_row;
  AdwComboRow         *ruleset_row;
  AdwEntryRow         *seed_row;
  AdwPreferencesGroup *options_group;
  GtkLabel            *error_label;
};

G_DEFINE_FINAL_TYPE (MusterNewCampaignDialog, muster_new_campaign_dialog, ADW_TYPE_WINDOW)

static MusterRuleset *
get_ruleset (MusterNewCampaignDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->ruleset_row);

  if (selected >= self->rulesets->len)
    return NULL;
  return g_ptr_array_index (self->rulesets, selected);
}

/* TRUE for an empty seed (one is chosen at random) or one made of digits. */
static gboolean
parse_seed (const char *text,
            guint64    *seed)
{
  *seed = 0;
  if (text == NULL || *text == '\0')
    return TRUE;
  return g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, seed, NULL);
}

static void
on_changed (MusterNewCampaignDialog *self)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
  const char *seed_text = gtk_editable_get_text (GTK_EDITABLE (self->seed_row));
  guint64 seed;
  gboolean seed_ok = parse_seed (seed_text, &seed);

  if (seed_ok)
    gtk_widget_remove_css_class (GTK_WIDGET (self->seed_row), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->seed_row), "error");

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "dialog.save",
                                 *name != '\0' && seed_ok && get_ruleset (self) != NULL);
}

static void
on_entry_activated (MusterNewCampaignDialog *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "dialog.save", NULL);
}

/* One combo row per option of the chosen ruleset, on its default. */
static void
on_ruleset_selected (MusterNewCampaignDialog *self)
{
  MusterRuleset *ruleset = get_ruleset (self);
  GPtrArray *options;

  for (guint i = 0; i < self->option_rows->len; i++)
    adw_preferences_group_remove (self->options_group, g_ptr_array_index (self->option_rows, i));
  g_ptr_array_set_size (self->option_rows, 0);

  options = ruleset ? muster_ruleset_get_options (ruleset) : NULL;
  gtk_widget_set_visible (GTK_WIDGET (self->options_group), options != NULL && options->len > 0);

  for (guint i = 0; options != NULL && i < options->len; i++)
    {
      const MusterOptionDef *option = g_ptr_array_index (options, i);
      g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
      GtkWidget *row = adw_combo_row_new ();
      guint selected = 0;

      for (guint j = 0; j < option->choices->len; j++)
        {
          const MusterChoiceDef *choice = g_ptr_array_index (option->choices, j);

          if (choice->house)
            {
              g_autofree char *name = g_strdup_printf (_("%s (house reading)"), choice->name);

              gtk_string_list_append (names, name);
            }
          else
            gtk_string_list_append (names, choice->name);
          if (g_strcmp0 (choice->id, option->default_choice) == 0)
            selected = j;
        }

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), option->name);
      if (option->description != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), option->description);
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (names));
      adw_combo_row_set_selected (ADW_COMBO_ROW (row), selected);
      g_object_set_data (G_OBJECT (row), "option", (gpointer) option);
      adw_preferences_group_add (self->options_group, row);
      g_ptr_array_add (self->option_rows, row);
    }

  on_changed (self);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterNewCampaignDialog *self = MUSTER_NEW_CAMPAIGN_DIALOG (widget);
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
  g_autoptr(GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset = get_ruleset (self);
  guint64 seed;
  gint64 id;

  if (ruleset == NULL || *name == '\0')
    return;
  if (!parse_seed (gtk_editable_get_text (GTK_EDITABLE (self->seed_row)), &seed))
    {
      gtk_label_set_label (self->error_label, _("The seed must be a whole number, or left blank."));
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }
  if (seed == 0)
    seed = ((guint64) g_random_int () << 32) | g_random_int ();

  for (guint i = 0; i < self->option_rows->len; i++)
    {
      AdwComboRow *row = g_ptr_array_index (self->option_rows, i);
      const MusterOptionDef *option = g_object_get_data (G_OBJECT (row), "option");
      guint selected = adw_combo_row_get_selected (row);

      if (selected < option->choices->len)
        g_hash_table_insert (options, (gpointer) option->id,
                             (gpointer) ((MusterChoiceDef *) g_ptr_array_index (option->choices, selected))->id);
    }

  id = muster_store_create_campaign (self->store, name, ruleset, seed, options, &error);
  if (id == 0)
    {
      gtk_label_set_label (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }

  muster_window_select_campaign (self->window, id);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
muster_new_campaign_dialog_dispose (GObject *object)
{
  MusterNewCampaignDialog *self = MUSTER_NEW_CAMPAIGN_DIALOG (object);

  g_clear_pointer (&self->option_rows, g_ptr_array_unref);
  g_clear_pointer (&self->rulesets, g_ptr_array_unref);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (muster_new_campaign_dialog_parent_class)->dispose (object);
}

static void
muster_new_campaign_dialog_class_init (MusterNewCampaignDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_new_campaign_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/muster-new-campaign-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterNewCampaignDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, MusterNewCampaignDialog, ruleset_row);
  gtk_widget_class_bind_template_child (widget_class, MusterNewCampaignDialog, seed_row);
  gtk_widget_class_bind_template_child (widget_class, MusterNewCampaignDialog, options_group);
  gtk_widget_class_bind_template_child (widget_class, MusterNewCampaignDialog, error_label);
  gtk_widget_class_bind_template_callback (widget_class, on_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_ruleset_selected);

  gtk_widget_class_install_action (widget_class, "dialog.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
muster_new_campaign_dialog_init (MusterNewCampaignDialog *self)
{
  self->option_rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  muster_names_limit_editable (GTK_EDITABLE (self->name_row));
}

GtkWidget *
muster_new_campaign_dialog_new (MusterWindow *window,
                                MusterStore  *store)
{
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);
  g_autoptr(GPtrArray) all = NULL;
  MusterNewCampaignDialog *self;

  g_return_val_if_fail (MUSTER_IS_WINDOW (window), NULL);
  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  self = g_object_new (MUSTER_TYPE_NEW_CAMPAIGN_DIALOG,
                       "transient-for", window,
                       NULL);
  self->window = window;
  self->store = g_object_ref (store);

  all = muster_rulesets_get_all (NULL);
  self->rulesets = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; all != NULL && i < all->len; i++)
    {
      MusterRuleset *ruleset = g_ptr_array_index (all, i);

      g_ptr_array_add (self->rulesets, g_object_ref (ruleset));
      gtk_string_list_append (titles, muster_ruleset_get_title (ruleset));
    }

  adw_combo_row_set_model (self->ruleset_row, G_LIST_MODEL (titles));
  for (guint i = 0; i < self->rulesets->len; i++)
    if (g_str_equal (muster_ruleset_get_id (g_ptr_array_index (self->rulesets, i)), "sharpes-skirmish"))
      adw_combo_row_set_selected (self->ruleset_row, i);
  on_ruleset_selected (self);

  /* The first field, not Cancel, has the focus when the dialog opens. */
  muster_a11y_focus_on_show (GTK_WINDOW (self), GTK_WIDGET (self->name_row));
  return GTK_WIDGET (self);
}
