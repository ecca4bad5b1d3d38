/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-preferences"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-preferences-window.h"

struct _MusterPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  GSettings            *settings;

  AdwComboRow          *paper_row;
  AdwComboRow          *death_roll_row;
};

G_DEFINE_FINAL_TYPE (MusterPreferencesWindow, muster_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* The settings' choices, in the order of the rows' models. */
static const char * const paper_ids[] = { "a4", "letter", NULL };
static const char * const death_roll_ids[] = { "die-on-6", "out-d6-games", NULL };

static gboolean
choice_to_selected (GValue   *value,
                    GVariant *variant,
                    gpointer  user_data)
{
  const char * const *ids = user_data;
  const char *id = g_variant_get_string (variant, NULL);

  for (guint i = 0; ids[i] != NULL; i++)
    if (g_str_equal (ids[i], id))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
selected_to_choice (const GValue       *value,
                    const GVariantType *expected_type,
                    gpointer            user_data)
{
  const char * const *ids = user_data;
  guint selected = g_value_get_uint (value);

  if (selected >= g_strv_length ((char **) ids))
    return NULL;
  return g_variant_new_string (ids[selected]);
}

static void
muster_preferences_window_dispose (GObject *object)
{
  MusterPreferencesWindow *self = MUSTER_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (muster_preferences_window_parent_class)->dispose (object);
}

static void
muster_preferences_window_class_init (MusterPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/musterapp/Muster/muster-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterPreferencesWindow, paper_row);
  gtk_widget_class_bind_template_child (widget_class, MusterPreferencesWindow, death_roll_row);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
muster_preferences_window_init (MusterPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APPLICATION_ID);
  g_settings_bind_with_mapping (self->settings, "default-paper",
                                self->paper_row, "selected",
                                G_SETTINGS_BIND_DEFAULT,
                                choice_to_selected, selected_to_choice,
                                (gpointer) paper_ids, NULL);
  g_settings_bind_with_mapping (self->settings, "default-death-roll",
                                self->death_roll_row, "selected",
                                G_SETTINGS_BIND_DEFAULT,
                                choice_to_selected, selected_to_choice,
                                (gpointer) death_roll_ids, NULL);
}

GtkWidget *
muster_preferences_window_new (GtkWindow *parent)
{
  return g_object_new (MUSTER_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       NULL);
}
