/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-games"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-a11y.h"
#include "muster-campaign.h"
#include "muster-character-history.h"
#include "muster-engine.h"
#include "muster-game.h"
#include "muster-games-page.h"
#include "muster-names.h"
#include "muster-toasts.h"
#include "muster-unit.h"
#include "muster-new-game-dialog.h"
#include "muster-print-dialog.h"
#include "muster-record-rows.h"
#include "muster-record-dialog.h"
#include "muster-resolve-dialog.h"
#include "muster-table-window.h"
#include "muster-table.h"
#include "muster-warnings.h"

struct _MusterGamesPage
{
  AdwBin              parent_instance;

  AdwToastOverlay    *toast_overlay;
  GtkStack           *stack;
  GtkColumnView      *column_view;
  GtkWidget          *participants_box;
  GtkLabel           *participants_title;
  GtkListBox         *participants_list;

  MusterStore        *store;
  gint64              campaign_id;
  gulong              changed_id;
  GListStore         *games;
  GtkSingleSelection *selection;
  /* game id -> GStrv of the two sides' forces, "Light Company, 45th Foot" */
  GHashTable         *forces;
};

G_DEFINE_FINAL_TYPE (MusterGamesPage, muster_games_page, ADW_TYPE_BIN)

typedef const char *(*GameText) (MusterGamesPage *self,
                                 MusterGame      *game,
                                 char           **owned);

static void
show_error (MusterGamesPage *self,
            const GError    *error)
{
  AdwToast *toast = adw_toast_new (error->message);

  adw_toast_set_timeout (toast, 8);
  muster_toasts_add (self->toast_overlay, toast);
}

static void
show_message (MusterGamesPage *self,
              const char      *message)
{
  muster_toasts_add (self->toast_overlay, adw_toast_new (message));
}

static GtkWindow *
get_parent_window (MusterGamesPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}

static MusterGame *
get_selected (MusterGamesPage *self)
{
  return gtk_single_selection_get_selected_item (self->selection);
}

static char *
side_text (MusterGamesPage *self,
           MusterGame      *game,
           guint            which)
{
  const char *side = which == 0 ? muster_game_get_side_a (game) : muster_game_get_side_b (game);
  GStrv forces = g_hash_table_lookup (self->forces, &(gint64) { muster_game_get_id (game) });

  if (side == NULL)
    return g_strdup ("");
  if (forces == NULL || forces[which] == NULL || forces[which][0] == '\0' || g_str_equal (forces[which], side))
    return g_strdup (side);
  /* Translators: a side and the forces fighting for it, "British (Light Company, 45th Foot)" */
  return g_strdup_printf (_("%s (%s)"), side, forces[which]);
}

static const char *
text_number (MusterGamesPage *self, MusterGame *game, char **owned)
{
  return *owned = g_strdup_printf ("%d", muster_game_get_number (game));
}

static const char *
text_date (MusterGamesPage *self, MusterGame *game, char **owned)
{
  return muster_game_get_date (game) != NULL ? muster_game_get_date (game) : "";
}

static const char *
text_title (MusterGamesPage *self, MusterGame *game, char **owned)
{
  return muster_game_get_title (game);
}

static const char *
text_side_a (MusterGamesPage *self, MusterGame *game, char **owned)
{
  return *owned = side_text (self, game, 0);
}

static const char *
text_side_b (MusterGamesPage *self, MusterGame *game, char **owned)
{
  return *owned = side_text (self, game, 1);
}

static const char *
text_winner (MusterGamesPage *self, MusterGame *game, char **owned)
{
  if (muster_game_get_winner (game) != NULL)
    return muster_game_get_winner (game);
  if (muster_game_get_state (game) != MUSTER_GAME_RESOLVED)
    return "";
  return _("None (a draw)");
}

static const char *
text_state (MusterGamesPage *self, MusterGame *game, char **owned)
{
  return muster_game_state_get_label (muster_game_get_state (game));
}

static void
setup_label_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
bind_label_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               MusterGamesPage          *self)
{
  GameText text = g_object_get_data (G_OBJECT (factory), "text-func");
  MusterGame *game = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  g_autofree char *owned = NULL;
  g_autofree char *shown = muster_names_shorten (text (self, game, &owned));

  gtk_label_set_text (GTK_LABEL (label), shown);
  gtk_widget_set_css_classes (label, NULL);
  if (text == text_state)
    gtk_widget_add_css_class (label, muster_game_state_to_string (muster_game_get_state (game)));
  if (text == text_number)
    gtk_widget_add_css_class (label, "numeric");
  /* The row is named by the game, and says how far it is. */
  if (text == text_title)
    {
      g_autofree char *what = muster_game_describe (game);
      g_autofree char *name = muster_names_shorten_text (what);

      muster_a11y_label_row (label, name, muster_game_state_get_label (muster_game_get_state (game)));
    }
}

static void
add_column (MusterGamesPage *self,
            const char      *title,
            GameText         text,
            gboolean         expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;

  g_object_set_data (G_OBJECT (factory), "text-func", text);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_label_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_label_cb), self);
  column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (column, expand);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_append_column (self->column_view, column);
  g_object_unref (column);
}

/* Puts @force_name in the list of @side's side, once. */
static void
add_force_name (MusterGame *game,
                const char *side,
                const char *force_name,
                GPtrArray  *a,
                GPtrArray  *b)
{
  GPtrArray *list = g_strcmp0 (side, muster_game_get_side_a (game)) == 0 ? a : b;

  if (!g_ptr_array_find_with_equal_func (list, force_name, g_str_equal, NULL))
    g_ptr_array_add (list, (gpointer) force_name);
}

/* The forces of each side, from the participants. */
static GStrv
collect_forces (MusterStore *store,
                MusterGame  *game)
{
  g_autoptr(GPtrArray) participants = muster_store_list_participants (store, muster_game_get_id (game), NULL);
  g_autoptr(GPtrArray) units = muster_store_list_game_units (store, muster_game_get_id (game), NULL);
  g_autoptr(GPtrArray) a = g_ptr_array_new ();
  g_autoptr(GPtrArray) b = g_ptr_array_new ();
  GStrv result = g_new0 (char *, 3);

  for (guint i = 0; participants != NULL && i < participants->len; i++)
    {
      MusterParticipant *p = g_ptr_array_index (participants, i);

      add_force_name (game, p->side, p->force_name, a, b);
    }
  for (guint i = 0; units != NULL && i < units->len; i++)
    {
      MusterUnitParticipant *p = g_ptr_array_index (units, i);

      add_force_name (game, p->side, p->force_name, a, b);
    }
  g_ptr_array_add (a, NULL);
  g_ptr_array_add (b, NULL);
  result[0] = g_strjoinv (", ", (char **) a->pdata);
  result[1] = g_strjoinv (", ", (char **) b->pdata);
  return result;
}

static void
on_participant_activated (AdwActionRow *row)
{
  gint64 id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (row), "character-id"));

  gtk_widget_activate_action (GTK_WIDGET (row), "app.open-character", "x", id);
}

static void
on_unit_activated (AdwActionRow *row)
{
  gint64 id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (row), "unit-id"));

  gtk_widget_activate_action (GTK_WIDGET (row), "app.open-unit", "x", id);
}

/* A row of the participants list: who (@name), what happened to them
 * and their force; activating it opens their sheet. @id_key names the
 * row's data holding @id, which @activated reads. */
static GtkWidget *
add_participant_row (MusterGamesPage *self,
                     const char      *name,
                     const char      *what,
                     const char      *force_name,
                     const char      *id_key,
                     gint64           id,
                     const char      *tooltip,
                     GCallback        activated)
{
  g_autofree char *short_name = muster_names_shorten (name);
  g_autofree char *short_what = muster_names_shorten_text (what);
  g_autofree char *short_force = muster_names_shorten (force_name);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *force = gtk_label_new (short_force);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 2);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 2);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), short_name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), short_what);
  gtk_label_set_ellipsize (GTK_LABEL (force), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (force, "dim-label");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), force);
  g_object_set_data (G_OBJECT (row), id_key, GSIZE_TO_POINTER (id));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_set_tooltip_text (row, tooltip);
  g_signal_connect (row, "activated", activated, NULL);
  gtk_list_box_append (self->participants_list, row);
  return row;
}

/* "2 killed and 1 wounded of 10 figures · colours lost", or "10 figures · not recorded". */
static char *
describe_unit_participant (const MusterUnitParticipant *p)
{
  const int counts[] = { p->killed, p->wounded, p->captured, p->run };

  if (!p->recorded)
    /* Translators: a unit in a game whose results are not recorded yet, "10 figures · not recorded" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d figure · not recorded",
                                         "%d figures · not recorded", p->figures), p->figures);
  return muster_record_unit_result_text (counts, p->figures, p->colours);
}

static void
show_units (MusterGamesPage *self,
            MusterGame      *game)
{
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(GError) error = NULL;

  if ((units = muster_store_list_game_units (self->store, muster_game_get_id (game), &error)) == NULL)
    {
      show_error (self, error);
      return;
    }
  for (guint i = 0; i < units->len; i++)
    {
      MusterUnitParticipant *p = g_ptr_array_index (units, i);
      g_autofree char *what = describe_unit_participant (p);
      GtkWidget *row;

      row = add_participant_row (self, p->name, what, p->force_name, "unit-id", p->unit_id,
                                 _("Open the unit’s sheet"), G_CALLBACK (on_unit_activated));
      adw_action_row_set_icon_name (ADW_ACTION_ROW (row), "system-users-symbolic");
    }
}

/* Who took part in the selected game and what happened to them. */
static void
show_participants (MusterGamesPage *self)
{
  MusterGame *game = get_selected (self);
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->participants_list))) != NULL)
    gtk_list_box_remove (self->participants_list, child);

  gtk_widget_set_visible (self->participants_box, game != NULL);
  if (game == NULL)
    return;

  {
    g_autofree char *short_title = muster_names_shorten (muster_game_get_title (game));

    title = g_strdup_printf (_("Game %d “%s”"), muster_game_get_number (game), short_title);
  }
  gtk_label_set_label (self->participants_title, title);

  campaign = muster_store_get_campaign (self->store, self->campaign_id, NULL);
  /* A started game shows what the table recorded so far. */
  participants = muster_store_list_game_results (self->store, muster_game_get_id (game), NULL, &error);
  if (participants == NULL)
    {
      show_error (self, error);
      return;
    }
  for (guint i = 0; i < participants->len; i++)
    {
      MusterParticipant *p = g_ptr_array_index (participants, i);
      g_autofree char *what = muster_character_history_describe (p, campaign ? muster_campaign_get_ruleset (campaign) : NULL);

      add_participant_row (self, p->name, what, p->force_name, "character-id", p->character_id,
                           _("Open the character’s sheet"), G_CALLBACK (on_participant_activated));
    }
  show_units (self, game);
}

static void
update_actions (MusterGamesPage *self)
{
  MusterGame *game = get_selected (self);
  MusterGameState state = game != NULL ? muster_game_get_state (game) : MUSTER_GAME_PLANNED;
  gint64 last = 0;
  /* A read-only library is looked at and printed, never changed. */
  gboolean writable = self->store != NULL && !muster_store_is_read_only (self->store);

  if (self->campaign_id != 0)
    last = muster_engine_get_last_resolved (self->store, self->campaign_id, NULL);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "games.new", self->campaign_id != 0 && writable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "games.play",
                                 game != NULL && (state == MUSTER_GAME_PLANNED || state == MUSTER_GAME_STARTED) &&
                                 writable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "games.record",
                                 game != NULL && state != MUSTER_GAME_RESOLVED && writable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "games.finish",
                                 game != NULL && state != MUSTER_GAME_RESOLVED && writable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "games.resolve",
                                 game != NULL && state == MUSTER_GAME_PLAYED && writable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "games.delete",
                                 game != NULL && state == MUSTER_GAME_PLANNED && writable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "games.print", game != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "games.undo-resolve", last != 0 && writable);
  show_participants (self);
}

static void
reload (MusterGamesPage *self)
{
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) error = NULL;
  gint64 selected_id = 0;

  if (get_selected (self) != NULL)
    selected_id = muster_game_get_id (get_selected (self));

  g_hash_table_remove_all (self->forces);
  if (self->campaign_id != 0 &&
      (games = muster_store_list_games (self->store, self->campaign_id, &error)) == NULL)
    show_error (self, error);

  for (guint i = 0; games != NULL && i < games->len; i++)
    {
      MusterGame *game = g_ptr_array_index (games, i);

      g_hash_table_insert (self->forces, g_memdup2 (&(gint64) { muster_game_get_id (game) }, sizeof (gint64)),
                           collect_forces (self->store, game));
    }

  g_list_store_splice (self->games, 0, g_list_model_get_n_items (G_LIST_MODEL (self->games)),
                       games != NULL ? games->pdata : NULL, games != NULL ? games->len : 0);

  gtk_stack_set_visible_child_name (self->stack, games != NULL && games->len > 0 ? "games" : "empty");
  if (selected_id != 0)
    muster_games_page_select_game (self, selected_id);
  update_actions (self);
}

static void
store_changed_cb (MusterGamesPage *self,
                  guint            what,
                  gint64           campaign_id)
{
  if (campaign_id != 0 && campaign_id != self->campaign_id)
    return;
  if (what & (MUSTER_CHANGE_GAMES | MUSTER_CHANGE_FORCES | MUSTER_CHANGE_CHARACTERS | MUSTER_CHANGE_CAMPAIGNS |
              MUSTER_CHANGE_UNITS))
    reload (self);
}

static void
selection_changed_cb (MusterGamesPage *self)
{
  update_actions (self);
}

static void
on_column_view_activate (MusterGamesPage *self,
                         guint            position)
{
  MusterGame *game;

  gtk_single_selection_set_selected (self->selection, position);
  game = get_selected (self);
  if (game == NULL)
    return;
  if (muster_game_get_state (game) == MUSTER_GAME_PLAYED)
    muster_games_page_resolve (self);
  else if (muster_game_get_state (game) == MUSTER_GAME_STARTED)
    muster_games_page_play (self);
  else if (muster_game_get_state (game) == MUSTER_GAME_PLANNED)
    muster_games_page_record_results (self);
}

static void
on_game_created (MusterGamesPage *self,
                 gint64           game_id)
{
  reload (self);
  muster_games_page_select_game (self, game_id);
}

/* A question about @game, with a Cancel response that closes it. The
 * caller adds the other responses and presents it; @response_cb finds
 * the game's id as the dialog's "game-id". */
static AdwMessageDialog *
ask_about_game (MusterGamesPage *self,
                MusterGame      *game,
                const char      *heading,
                const char      *body,
                GCallback        response_cb)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (get_parent_window (self), heading, body));

  adw_message_dialog_add_response (dialog, "cancel", _("_Cancel"));
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data (G_OBJECT (dialog), "game-id", GSIZE_TO_POINTER (muster_game_get_id (game)));
  g_signal_connect_object (dialog, "response", response_cb, self, 0);
  return dialog;
}

static void
on_finish_response (AdwMessageDialog *dialog,
                    const char       *response,
                    MusterGamesPage  *self)
{
  g_autoptr(GError) error = NULL;
  gint64 game_id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (dialog), "game-id"));
  const char *winner = NULL;

  if (g_str_equal (response, "cancel"))
    return;
  if (g_str_equal (response, "a") || g_str_equal (response, "b"))
    winner = g_object_get_data (G_OBJECT (dialog), response);
  if (!muster_store_finish_game (self->store, game_id, winner, &error))
    show_error (self, error);
}

static void
on_undo_response (AdwMessageDialog *dialog,
                  const char       *response,
                  MusterGamesPage  *self)
{
  g_autoptr(GError) error = NULL;
  gint64 game_id;

  if (!g_str_equal (response, "undo"))
    return;
  game_id = muster_engine_undo_resolve (self->store, self->campaign_id, &error);
  if (game_id == 0)
    {
      show_error (self, error);
      return;
    }
  muster_games_page_select_game (self, game_id);
  show_message (self, _("The resolution was undone: the game is played again"));
}

static void
on_delete_response (AdwMessageDialog *dialog,
                    const char       *response,
                    MusterGamesPage  *self)
{
  g_autoptr(GError) error = NULL;
  gint64 game_id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (dialog), "game-id"));

  if (g_str_equal (response, "delete") && !muster_store_delete_game (self->store, game_id, &error))
    show_error (self, error);
}

static void
new_action (GtkWidget *widget, const char *name, GVariant *param)
{
  muster_games_page_new_game (MUSTER_GAMES_PAGE (widget));
}

static void
record_action (GtkWidget *widget, const char *name, GVariant *param)
{
  muster_games_page_record_results (MUSTER_GAMES_PAGE (widget));
}

static void
finish_action (GtkWidget *widget, const char *name, GVariant *param)
{
  muster_games_page_finish (MUSTER_GAMES_PAGE (widget));
}

static void
play_action (GtkWidget *widget, const char *name, GVariant *param)
{
  muster_games_page_play (MUSTER_GAMES_PAGE (widget));
}

static void
resolve_action (GtkWidget *widget, const char *name, GVariant *param)
{
  muster_games_page_resolve (MUSTER_GAMES_PAGE (widget));
}

static void
undo_action (GtkWidget *widget, const char *name, GVariant *param)
{
  muster_games_page_undo_resolution (MUSTER_GAMES_PAGE (widget));
}

static void
delete_action (GtkWidget *widget, const char *name, GVariant *param)
{
  MusterGamesPage *self = MUSTER_GAMES_PAGE (widget);
  MusterGame *game = get_selected (self);
  g_autofree char *what = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  if (game == NULL)
    return;
  what = muster_game_describe (game);
  body = g_strdup_printf (_("%s and who was to take part in it are removed."), what);
  dialog = ask_about_game (self, game, _("Delete Game?"), body, G_CALLBACK (on_delete_response));
  adw_message_dialog_add_response (dialog, "delete", _("_Delete"));
  adw_message_dialog_set_response_appearance (dialog, "delete", ADW_RESPONSE_DESTRUCTIVE);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
print_action (GtkWidget *widget, const char *name, GVariant *param)
{
  MusterGamesPage *self = MUSTER_GAMES_PAGE (widget);
  g_autoptr(GArray) ids = muster_games_page_get_participant_ids (self);

  if (ids == NULL)
    return;
  muster_print_dialog_present (get_parent_window (self), self->store, self->campaign_id, 0,
                               ids, MUSTER_PRINT_FIGURE_STATS);
}

static void
muster_games_page_dispose (GObject *object)
{
  MusterGamesPage *self = (MusterGamesPage *) object;

  g_clear_signal_handler (&self->changed_id, self->store);
  g_clear_object (&self->selection);
  g_clear_object (&self->games);
  g_clear_pointer (&self->forces, g_hash_table_unref);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (muster_games_page_parent_class)->dispose (object);
}

static void
muster_games_page_class_init (MusterGamesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_games_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/musterapp/Muster/muster-games-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterGamesPage, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MusterGamesPage, stack);
  gtk_widget_class_bind_template_child (widget_class, MusterGamesPage, column_view);
  gtk_widget_class_bind_template_child (widget_class, MusterGamesPage, participants_box);
  gtk_widget_class_bind_template_child (widget_class, MusterGamesPage, participants_title);
  gtk_widget_class_bind_template_child (widget_class, MusterGamesPage, participants_list);
  gtk_widget_class_bind_template_callback (widget_class, on_column_view_activate);

  gtk_widget_class_install_action (widget_class, "games.new", NULL, new_action);
  gtk_widget_class_install_action (widget_class, "games.record", NULL, record_action);
  gtk_widget_class_install_action (widget_class, "games.finish", NULL, finish_action);
  gtk_widget_class_install_action (widget_class, "games.resolve", NULL, resolve_action);
  gtk_widget_class_install_action (widget_class, "games.play", NULL, play_action);
  gtk_widget_class_install_action (widget_class, "games.undo-resolve", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "games.delete", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "games.print", NULL, print_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "games.record", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "games.delete", NULL);
}

static void
muster_games_page_init (MusterGamesPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->forces = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) g_strfreev);
  self->games = g_list_store_new (MUSTER_TYPE_GAME);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->games)));
  gtk_single_selection_set_autoselect (self->selection, TRUE);
  g_signal_connect_swapped (self->selection, "selection-changed", G_CALLBACK (selection_changed_cb), self);
  g_signal_connect_swapped (self->selection, "items-changed", G_CALLBACK (selection_changed_cb), self);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));

  /* Translators: the game's number in the campaign */
  add_column (self, C_("game", "No."), text_number, FALSE);
  add_column (self, _("Date"), text_date, FALSE);
  add_column (self, _("Title"), text_title, TRUE);
  add_column (self, _("Side A"), text_side_a, TRUE);
  add_column (self, _("Side B"), text_side_b, TRUE);
  add_column (self, _("Winner"), text_winner, FALSE);
  add_column (self, _("State"), text_state, FALSE);

  update_actions (self);
}

GtkWidget *
muster_games_page_new (MusterStore *store)
{
  MusterGamesPage *self;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  self = g_object_new (MUSTER_TYPE_GAMES_PAGE, NULL);
  self->store = g_object_ref (store);
  self->changed_id = g_signal_connect_swapped (store, "changed", G_CALLBACK (store_changed_cb), self);
  return GTK_WIDGET (self);
}

void
muster_games_page_set_campaign (MusterGamesPage *self,
                                gint64           campaign_id)
{
  g_return_if_fail (MUSTER_IS_GAMES_PAGE (self));

  self->campaign_id = campaign_id;
  reload (self);
}

void
muster_games_page_new_game (MusterGamesPage *self)
{
  g_return_if_fail (MUSTER_IS_GAMES_PAGE (self));

  muster_games_page_open_new_game (self);
}

GListModel *
muster_games_page_get_model (MusterGamesPage *self)
{
  g_return_val_if_fail (MUSTER_IS_GAMES_PAGE (self), NULL);
  return G_LIST_MODEL (self->games);
}

gint64
muster_games_page_get_selected_game (MusterGamesPage *self)
{
  MusterGame *game;

  g_return_val_if_fail (MUSTER_IS_GAMES_PAGE (self), 0);
  game = get_selected (self);
  return game != NULL ? muster_game_get_id (game) : 0;
}

void
muster_games_page_select_game (MusterGamesPage *self,
                               gint64           game_id)
{
  guint n;

  g_return_if_fail (MUSTER_IS_GAMES_PAGE (self));

  n = g_list_model_get_n_items (G_LIST_MODEL (self->games));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(MusterGame) game = g_list_model_get_item (G_LIST_MODEL (self->games), i);

      if (muster_game_get_id (game) == game_id)
        {
          gtk_single_selection_set_selected (self->selection, i);
          break;
        }
    }
  update_actions (self);
}

GArray *
muster_games_page_get_participant_ids (MusterGamesPage *self)
{
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(GError) error = NULL;
  MusterGame *game;
  GArray *ids;

  g_return_val_if_fail (MUSTER_IS_GAMES_PAGE (self), NULL);

  if ((game = get_selected (self)) == NULL)
    return NULL;
  participants = muster_store_list_participants (self->store, muster_game_get_id (game), &error);
  if (participants == NULL)
    {
      show_error (self, error);
      return NULL;
    }
  ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64), participants->len);
  for (guint i = 0; i < participants->len; i++)
    g_array_append_val (ids, ((MusterParticipant *) g_ptr_array_index (participants, i))->character_id);
  return ids;
}

GtkWindow *
muster_games_page_open_new_game (MusterGamesPage *self)
{
  MusterNewGameDialog *dialog;

  g_return_val_if_fail (MUSTER_IS_GAMES_PAGE (self), NULL);

  if (self->campaign_id == 0)
    return NULL;
  dialog = muster_new_game_dialog_new (self->store, self->campaign_id);
  gtk_window_set_transient_for (GTK_WINDOW (dialog), get_parent_window (self));
  g_signal_connect_object (dialog, "game-created", G_CALLBACK (on_game_created), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

GtkWindow *
muster_games_page_record_results (MusterGamesPage *self)
{
  g_autoptr(GError) error = NULL;
  MusterRecordDialog *dialog;
  MusterGame *game;

  g_return_val_if_fail (MUSTER_IS_GAMES_PAGE (self), NULL);

  if ((game = get_selected (self)) == NULL)
    return NULL;
  dialog = muster_record_dialog_new (self->store, muster_game_get_id (game), &error);
  if (dialog == NULL)
    {
      show_error (self, error);
      return NULL;
    }
  gtk_window_set_transient_for (GTK_WINDOW (dialog), get_parent_window (self));
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

GtkWindow *
muster_games_page_play (MusterGamesPage *self)
{
  g_autoptr(GError) error = NULL;
  MusterTableWindow *window;
  MusterGame *game;
  gint64 game_id;

  g_return_val_if_fail (MUSTER_IS_GAMES_PAGE (self), NULL);

  if ((game = get_selected (self)) == NULL)
    return NULL;
  game_id = muster_game_get_id (game);
  if (muster_game_get_state (game) == MUSTER_GAME_PLANNED &&
      !muster_store_start_game (self->store, game_id, &error))
    {
      show_error (self, error);
      return NULL;
    }
  window = muster_table_window_new (self->store, game_id);
  gtk_window_set_transient_for (GTK_WINDOW (window), get_parent_window (self));
  gtk_window_present (GTK_WINDOW (window));
  return GTK_WINDOW (window);
}

GtkWindow *
muster_games_page_resolve (MusterGamesPage *self)
{
  MusterResolveDialog *dialog;
  MusterGame *game;

  g_return_val_if_fail (MUSTER_IS_GAMES_PAGE (self), NULL);

  if ((game = get_selected (self)) == NULL)
    return NULL;
  dialog = muster_resolve_dialog_new (self->store, muster_game_get_id (game));
  gtk_window_set_transient_for (GTK_WINDOW (dialog), get_parent_window (self));
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

AdwMessageDialog *
muster_games_page_undo_resolution (MusterGamesPage *self)
{
  g_autoptr(MusterGame) game = NULL;
  g_autofree char *what = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;
  gint64 game_id;

  g_return_val_if_fail (MUSTER_IS_GAMES_PAGE (self), NULL);

  if (self->campaign_id == 0 ||
      (game_id = muster_engine_get_last_resolved (self->store, self->campaign_id, NULL)) == 0 ||
      (game = muster_store_get_game (self->store, game_id, NULL)) == NULL)
    return NULL;

  what = muster_game_describe (game);
  body = g_strdup_printf (_("Everything the between-game sequence of %s did is reverted: "
                            "deaths, recoveries, rolls and log entries. Resolving it again "
                            "gives the same rolls."), what);
  dialog = ask_about_game (self, game, _("Undo Last Resolution?"), body, G_CALLBACK (on_undo_response));
  adw_message_dialog_add_response (dialog, "undo", _("_Undo Resolution"));
  adw_message_dialog_set_response_appearance (dialog, "undo", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

char *
muster_games_page_describe_participants (MusterGamesPage *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (MUSTER_IS_GAMES_PAGE (self), NULL);

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->participants_list));
       row != NULL; row = gtk_widget_get_next_sibling (row))
    if (ADW_IS_ACTION_ROW (row))
      g_string_append_printf (text, "%s: %s\n",
                              adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                              adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
  return g_string_free (text, FALSE);
}

/* The winner is asked here only: Record Results leaves him to Finish…. */
AdwMessageDialog *
muster_games_page_finish (MusterGamesPage *self)
{
  MusterGame *game;
  g_autoptr(GPtrArray) warnings = NULL;
  g_autofree char *what = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  g_return_val_if_fail (MUSTER_IS_GAMES_PAGE (self), NULL);

  game = get_selected (self);
  if (game == NULL || muster_game_get_state (game) == MUSTER_GAME_RESOLVED)
    return NULL;
  what = muster_game_describe (game);
  body = g_strdup_printf (_("%s is marked played with its winner."), what);
  /* Finishing a game with no results is taken, but said. */
  warnings = muster_warnings_for_finish (self->store, muster_game_get_id (game), NULL);
  for (guint i = 0; warnings != NULL && i < warnings->len; i++)
    {
      char *more = g_strconcat (body, "\n\n", (const char *) g_ptr_array_index (warnings, i), NULL);

      g_free (body);
      body = more;
    }
  dialog = ask_about_game (self, game, _("Who Won?"), body, G_CALLBACK (on_finish_response));
  adw_message_dialog_add_responses (dialog,
                                    "draw", _("_Draw"),
                                    "a", muster_game_get_side_a (game),
                                    "b", muster_game_get_side_b (game),
                                    NULL);
  g_object_set_data_full (G_OBJECT (dialog), "a", g_strdup (muster_game_get_side_a (game)), g_free);
  g_object_set_data_full (G_OBJECT (dialog), "b", g_strdup (muster_game_get_side_b (game)), g_free);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}
