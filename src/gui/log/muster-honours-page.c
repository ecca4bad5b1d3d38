/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-log"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-character.h"
#include "muster-game.h"
#include "muster-honours.h"
#include "muster-honours-page.h"
#include "muster-names.h"
#include "muster-toasts.h"

#define RECORD_LINES 5

struct _MusterHonoursPage
{
  AdwBin               parent_instance;

  AdwToastOverlay     *toast_overlay;
  GtkStack            *stack;
  AdwPreferencesGroup *fallen_group;
  AdwPreferencesGroup *recovered_group;
  AdwPreferencesGroup *prisoners_group;
  AdwPreferencesGroup *kills_group;
  AdwPreferencesGroup *survived_group;
  AdwPreferencesGroup *roll_group;

  MusterStore         *store;
  gint64               campaign_id;
  gulong               changed_id;
  GPtrArray           *rows;       /* every row added, to remove on reload */
  GArray              *prisoners;  /* of gint64 */
};

G_DEFINE_FINAL_TYPE (MusterHonoursPage, muster_honours_page, ADW_TYPE_BIN)

static void
show_error (MusterHonoursPage *self,
            const GError      *error)
{
  AdwToast *toast = adw_toast_new (error->message);

  adw_toast_set_timeout (toast, 8);
  muster_toasts_add (self->toast_overlay, toast);
}

static void
on_row_activated (AdwActionRow *row)
{
  gint64 id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (row), "character-id"));

  gtk_widget_activate_action (GTK_WIDGET (row), "app.open-character", "x", id);
}

static GtkWidget *
add_row (MusterHonoursPage   *self,
         AdwPreferencesGroup *group,
         gint64               character_id,
         const char          *title,
         const char          *subtitle)
{
  g_autofree char *short_title = muster_names_shorten (title);
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 2);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 2);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), short_title);
  if (subtitle != NULL)
    {
      g_autofree char *short_subtitle = muster_names_shorten_text (subtitle);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), short_subtitle);
    }
  if (character_id != 0)
    {
      g_object_set_data (G_OBJECT (row), "character-id", GSIZE_TO_POINTER (character_id));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_widget_set_tooltip_text (row, _("Open the character’s sheet"));
      g_signal_connect (row, "activated", G_CALLBACK (on_row_activated), NULL);
    }
  adw_preferences_group_add (group, row);
  g_object_set_data (G_OBJECT (row), "group", group);
  g_ptr_array_add (self->rows, row);
  return row;
}

static void
add_none_row (MusterHonoursPage   *self,
              AdwPreferencesGroup *group,
              const char          *text)
{
  GtkWidget *row = add_row (self, group, 0, text, NULL);

  gtk_widget_add_css_class (row, "dim-label");
}

/* "Game 2 “The Bridge”, 2026-11-08". */
static char *
describe_game (const MusterHonour *honour)
{
  if (honour->game_id == 0)
    return g_strdup (_("Between games"));
  if (honour->game_date != NULL)
    /* Translators: a game's number, title and date */
    return g_strdup_printf (_("Game %d “%s”, %s"), honour->game_number, honour->game_title, honour->game_date);
  return g_strdup_printf (_("Game %d “%s”"), honour->game_number, honour->game_title);
}

static void
add_fallen (MusterHonoursPage *self)
{
  g_autoptr(GPtrArray) fallen = NULL;
  g_autoptr(GError) error = NULL;

  if ((fallen = muster_honours_list_fallen (self->store, self->campaign_id, &error)) == NULL)
    {
      show_error (self, error);
      return;
    }
  for (guint i = 0; i < fallen->len; i++)
    {
      MusterHonour *honour = g_ptr_array_index (fallen, i);
      g_autofree char *game = describe_game (honour);
      g_autofree char *subtitle = NULL;
      GtkWidget *row;

      if (honour->killers != NULL && honour->killers->len > 0)
        {
          g_autofree char *killers = NULL;

          g_ptr_array_add (honour->killers, NULL);
          killers = g_strjoinv (", ", (char **) honour->killers->pdata);
          g_ptr_array_set_size (honour->killers, honour->killers->len - 1);
          /* Translators: where a character fell, then who put them out */
          subtitle = g_strdup_printf (_("%s · by the hand of %s"), game, killers);
        }
      else
        subtitle = g_steal_pointer (&game);
      row = add_row (self, self->fallen_group, honour->character_id, honour->name, subtitle);
      gtk_widget_add_css_class (row, "log-death");
    }
  if (fallen->len == 0)
    add_none_row (self, self->fallen_group, _("No one has fallen yet"));
}

static void
add_recovered (MusterHonoursPage *self)
{
  g_autoptr(GPtrArray) recovered = NULL;
  g_autoptr(GError) error = NULL;

  if ((recovered = muster_honours_list_recovered (self->store, self->campaign_id, &error)) == NULL)
    {
      show_error (self, error);
      return;
    }
  for (guint i = 0; i < recovered->len; i++)
    {
      MusterHonour *honour = g_ptr_array_index (recovered, i);
      g_autofree char *game = describe_game (honour);
      g_autofree char *subtitle = NULL;

      /* Translators: the resolution at which a character recovered */
      subtitle = g_strdup_printf (_("Recovered after %s"), game);
      add_row (self, self->recovered_group, honour->character_id, honour->name, subtitle);
    }
  if (recovered->len == 0)
    add_none_row (self, self->recovered_group, _("No one has recovered yet"));
}

static void
on_release_clicked (GtkButton         *button,
                    MusterHonoursPage *self)
{
  gint64 id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (button), "character-id"));
  g_autoptr(GError) error = NULL;

  if (!muster_honours_page_release (self, id, &error))
    show_error (self, error);
}

static void
add_prisoners (MusterHonoursPage *self)
{
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(GError) error = NULL;

  g_array_set_size (self->prisoners, 0);
  if ((characters = muster_store_list_characters (self->store, self->campaign_id, 0, &error)) == NULL)
    {
      show_error (self, error);
      return;
    }
  for (guint i = 0; i < characters->len; i++)
    {
      MusterCharacter *character = g_ptr_array_index (characters, i);
      g_autofree char *label = NULL;
      GtkWidget *row, *button;
      gint64 id;

      if (muster_character_get_status (character) != MUSTER_STATUS_CAPTURED)
        continue;
      id = muster_character_get_id (character);
      row = add_row (self, self->prisoners_group, id, muster_character_get_name (character),
                     muster_character_get_force_name (character));
      button = gtk_button_new_with_mnemonic (_("_Release"));
      /* Translators: accessible name of a Release button */
      label = g_strdup_printf (_("Release %s"), muster_character_get_name (character));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      gtk_widget_set_tooltip_text (button, _("Exchanged: back on the roll"));
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (button), "character-id", GSIZE_TO_POINTER (id));
      g_signal_connect (button, "clicked", G_CALLBACK (on_release_clicked), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      g_array_append_val (self->prisoners, id);
    }
  if (self->prisoners->len == 0)
    add_none_row (self, self->prisoners_group, _("No one is held prisoner"));
}

static void
add_records (MusterHonoursPage   *self,
             AdwPreferencesGroup *group,
             GPtrArray           *records,
             const char          *none)
{
  for (guint i = 0; records != NULL && i < records->len; i++)
    {
      MusterRecord *record = g_ptr_array_index (records, i);
      g_autofree char *value = g_strdup_printf ("%d", record->value);
      GtkWidget *row = add_row (self, group, record->character_id, record->name, record->force_name);
      GtkWidget *label = gtk_label_new (value);

      gtk_widget_add_css_class (label, "numeric");
      gtk_widget_add_css_class (label, "title-4");
      if (record->status == MUSTER_STATUS_DEAD)
        {
          /* Translators: a force, and the character is dead */
          g_autofree char *subtitle = g_strdup_printf (_("%s · fallen"), record->force_name);

          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
        }
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
    }
  if (records == NULL || records->len == 0)
    add_none_row (self, group, none);
}

static void
reload (MusterHonoursPage *self)
{
  g_autoptr(GPtrArray) kills = NULL;
  g_autoptr(GPtrArray) survived = NULL;
  g_autoptr(GPtrArray) on_roll = NULL;
  gboolean any = FALSE;

  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->rows, i);

      adw_preferences_group_remove (g_object_get_data (G_OBJECT (row), "group"), row);
    }
  g_ptr_array_set_size (self->rows, 0);
  g_array_set_size (self->prisoners, 0);

  if (self->campaign_id == 0)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }

  add_fallen (self);
  add_recovered (self);
  add_prisoners (self);

  kills = muster_honours_most_kills (self->store, self->campaign_id, RECORD_LINES, NULL);
  survived = muster_honours_most_survived (self->store, self->campaign_id, RECORD_LINES, NULL);
  on_roll = muster_honours_longest_on_roll (self->store, self->campaign_id, RECORD_LINES, NULL);
  add_records (self, self->kills_group, kills, _("No kills yet"));
  add_records (self, self->survived_group, survived, _("No game resolved yet"));
  add_records (self, self->roll_group, on_roll, _("No game resolved yet"));

  /* Rows of "no one yet" alone make the empty state. */
  for (guint i = 0; i < self->rows->len && !any; i++)
    any = g_object_get_data (g_ptr_array_index (self->rows, i), "character-id") != NULL;
  gtk_stack_set_visible_child_name (self->stack, any ? "honours" : "empty");
}

static void
store_changed_cb (MusterHonoursPage *self,
                  guint              what,
                  gint64             campaign_id)
{
  if (self->campaign_id == 0 || (campaign_id != 0 && campaign_id != self->campaign_id))
    return;
  reload (self);
}

static void
muster_honours_page_dispose (GObject *object)
{
  MusterHonoursPage *self = (MusterHonoursPage *) object;

  g_clear_signal_handler (&self->changed_id, self->store);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->prisoners, g_array_unref);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (muster_honours_page_parent_class)->dispose (object);
}

static void
muster_honours_page_class_init (MusterHonoursPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_honours_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/musterapp/Muster/muster-honours-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterHonoursPage, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MusterHonoursPage, stack);
  gtk_widget_class_bind_template_child (widget_class, MusterHonoursPage, fallen_group);
  gtk_widget_class_bind_template_child (widget_class, MusterHonoursPage, recovered_group);
  gtk_widget_class_bind_template_child (widget_class, MusterHonoursPage, prisoners_group);
  gtk_widget_class_bind_template_child (widget_class, MusterHonoursPage, kills_group);
  gtk_widget_class_bind_template_child (widget_class, MusterHonoursPage, survived_group);
  gtk_widget_class_bind_template_child (widget_class, MusterHonoursPage, roll_group);
}

static void
muster_honours_page_init (MusterHonoursPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->rows = g_ptr_array_new ();
  self->prisoners = g_array_new (FALSE, FALSE, sizeof (gint64));
}

GtkWidget *
muster_honours_page_new (MusterStore *store)
{
  MusterHonoursPage *self;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  self = g_object_new (MUSTER_TYPE_HONOURS_PAGE, NULL);
  self->store = g_object_ref (store);
  self->changed_id = g_signal_connect_swapped (store, "changed", G_CALLBACK (store_changed_cb), self);
  return GTK_WIDGET (self);
}

void
muster_honours_page_set_campaign (MusterHonoursPage *self,
                                  gint64             campaign_id)
{
  g_return_if_fail (MUSTER_IS_HONOURS_PAGE (self));

  self->campaign_id = campaign_id;
  reload (self);
}

gboolean
muster_honours_page_lists_prisoner (MusterHonoursPage *self,
                                    gint64             character_id)
{
  g_return_val_if_fail (MUSTER_IS_HONOURS_PAGE (self), FALSE);

  for (guint i = 0; i < self->prisoners->len; i++)
    if (g_array_index (self->prisoners, gint64, i) == character_id)
      return TRUE;
  return FALSE;
}

gboolean
muster_honours_page_release (MusterHonoursPage  *self,
                             gint64              character_id,
                             GError            **error)
{
  g_autoptr(MusterCharacter) character = NULL;
  g_autofree char *message = NULL;

  g_return_val_if_fail (MUSTER_IS_HONOURS_PAGE (self), FALSE);

  if ((character = muster_store_get_character (self->store, character_id, error)) == NULL ||
      !muster_store_release_character (self->store, character_id, error))
    return FALSE;
  message = g_strdup_printf (_("%s is released"), muster_character_get_name (character));
  muster_toasts_add (self->toast_overlay, adw_toast_new (message));
  return TRUE;
}
