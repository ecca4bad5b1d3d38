/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "muster-campaign-settings.h"
#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-game.h"
#include "muster-games-page.h"
#include "muster-gui-test-util.h"
#include "muster-record-dialog.h"
#include "muster-recruit.h"
#include "muster-resolve-dialog.h"
#include "muster-table-hit-dialog.h"
#include "muster-table-window.h"
#include "muster-table.h"
#include "muster-test-util.h"

/* The table window: a game of the sample campaign started from the Games
 * page, its order rolled, three hits resolved step by step, one taken
 * back, the game finished and resolved at once. Every wait is for the
 * state the test means. */

static gint64
find_id (MusterStore *store,
         gint64       campaign_id,
         const char  *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCharacter) character = muster_store_find_character (store, campaign_id, name, &error);

  g_assert_no_error (error);
  return muster_character_get_id (character);
}

static MusterGameState
game_state (MusterStore *store,
            gint64       game_id)
{
  g_autoptr(MusterGame) game = muster_store_get_game (store, game_id, NULL);

  return muster_game_get_state (game);
}

static guint
n_hits (MusterStore *store,
        gint64       game_id)
{
  g_autoptr(GPtrArray) hits = muster_store_list_hits (store, game_id, NULL);

  return hits != NULL ? hits->len : 0;
}

static void
hit (MusterTableWindow *window,
     MusterStore       *store,
     gint64             game_id,
     gint64             target,
     gint64             attacker,
     const char        *location,
     const char        *effect_faces)
{
  g_autoptr(GError) error = NULL;
  MusterTableHitDialog *dialog;
  guint before = n_hits (store, game_id);

  dialog = MUSTER_TABLE_HIT_DIALOG (muster_table_window_hit (window, target, 0));
  muster_gui_wait_until (gtk_widget_get_mapped (GTK_WIDGET (dialog)));
  muster_table_hit_dialog_set_attacker (dialog, attacker);
  muster_table_hit_dialog_set_location (dialog, location);
  muster_table_hit_dialog_set_faces (dialog, NULL, effect_faces);
  g_assert_nonnull (muster_table_hit_dialog_resolve (dialog, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_hits (store, game_id), ==, before + 1);
  /* Each die and the table row it was read on. */
  g_assert_nonnull (strstr (muster_table_hit_dialog_get_steps (dialog), "Wound effect table"));
  g_assert_nonnull (strstr (muster_table_hit_dialog_get_steps (dialog), effect_faces));
  /* Done closes it. */
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "hit.resolve", NULL);
  muster_gui_wait_until (dialog == NULL);
}

/* The open question that offers the between-game sequence, or NULL. */
static AdwMessageDialog *
find_resolve_prompt (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)) &&
          adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (window), "resolve"))
        return ADW_MESSAGE_DIALOG (window);
    }
  return NULL;
}

static void
test_play_at_the_table (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) participants = NULL;
  MusterTableWindow *window;
  AdwMessageDialog *finish, *resolve_prompt = NULL;
  MusterResolveDialog *resolve = NULL;
  GtkWidget *main_window, *page;
  gint64 campaign, game, ellison, nolan, marchal, guerin;

  campaign = muster_store_create_sample (store, NULL, &error);
  g_assert_no_error (error);
  ellison = find_id (store, campaign, "Charles Ellison");
  nolan = find_id (store, campaign, "Patrick Nolan");
  marchal = find_id (store, campaign, "Étienne Marchal");
  guerin = find_id (store, campaign, "Pierre Guérin");
  game = muster_store_create_game (store, campaign, "The Bridge", NULL,
                                   (const gint64[]) { ellison, nolan, marchal, guerin }, 4, &error);
  g_assert_no_error (error);

  main_window = gtk_window_new ();
  page = muster_games_page_new (store);
  gtk_window_set_child (GTK_WINDOW (main_window), page);
  muster_games_page_set_campaign (MUSTER_GAMES_PAGE (page), campaign);
  gtk_window_present (GTK_WINDOW (main_window));
  muster_games_page_select_game (MUSTER_GAMES_PAGE (page), game);

  /* Start: the planned game is started and its table window opens. */
  window = MUSTER_TABLE_WINDOW (muster_games_page_play (MUSTER_GAMES_PAGE (page)));
  g_assert_nonnull (window);
  muster_gui_wait_until (gtk_widget_get_mapped (GTK_WIDGET (window)));
  g_assert_cmpint (game_state (store, game), ==, MUSTER_GAME_STARTED);
  g_assert_nonnull (muster_gui_find_widget (GTK_WIDGET (window), ADW_TYPE_ACTION_ROW, "Pierre Guérin"));

  /* Roll the order of play. */
  gtk_widget_activate_action (GTK_WIDGET (window), "table.order", NULL);
  muster_gui_wait_until (muster_store_last_bound (store, game, NULL) == 1);
  muster_gui_wait_until (muster_gui_find_widget (GTK_WIDGET (window), ADW_TYPE_ACTION_ROW, "Not rolled yet") == NULL);

  /* Three hits; the last is taken back with Ctrl+Z's action. */
  hit (window, store, game, guerin, nolan, "chest", "6,5");
  hit (window, store, game, ellison, marchal, "legs", "2,2");
  hit (window, store, game, marchal, ellison, "head", "1,1");
  g_assert_true (muster_table_window_undo (window, &error));
  g_assert_no_error (error);
  muster_gui_wait_until (n_hits (store, game) == 2);

  /* Finish: the British won; the between-game sequence is offered. */
  finish = muster_table_window_finish (window);
  muster_gui_wait_until (gtk_widget_get_mapped (GTK_WIDGET (finish)));
  adw_message_dialog_response (finish, "a");
  muster_gui_wait_until (game_state (store, game) == MUSTER_GAME_PLAYED);
  muster_gui_wait_until ((resolve_prompt = find_resolve_prompt ()) != NULL);
  participants = muster_store_list_participants (store, game, &error);
  for (guint i = 0; i < participants->len; i++)
    {
      const MusterParticipant *p = g_ptr_array_index (participants, i);

      if (p->character_id == guerin)
        g_assert_cmpstr (p->outcome, ==, "out-of-action");
      else if (p->character_id == ellison)
        {
          g_assert_cmpstr (p->outcome, ==, "wounded");
          g_assert_cmpint (p->light_wounds, ==, 1);
        }
      else if (p->character_id == nolan)
        {
          g_assert_cmpuint (p->victims->len, ==, 1);
          g_assert_cmpint (g_array_index (p->victims, gint64, 0), ==, guerin);
        }
      else
        g_assert_cmpstr (p->outcome, ==, "unhurt");
    }

  adw_message_dialog_response (resolve_prompt, "resolve");
  muster_gui_wait_until ((resolve = MUSTER_RESOLVE_DIALOG (muster_gui_find_toplevel (MUSTER_TYPE_RESOLVE_DIALOG))) != NULL);
  g_assert_true (muster_resolve_dialog_run (resolve, &error));
  g_assert_no_error (error);
  muster_gui_wait_until (game_state (store, game) == MUSTER_GAME_RESOLVED);

  gtk_window_destroy (GTK_WINDOW (resolve));
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (main_window));
  muster_gui_spin ();
}

/* While the game is started, Record Results is filled with what the table
 * recorded, and what is corrected there is what finishing the game keeps. */
static void
test_record_while_started (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(MusterHit) recorded = NULL;
  MusterRecordDialog *dialog;
  MusterHitRequest request = { 0, };
  const int faces[] = { 6, 5 };
  gint64 campaign, game, ellison, nolan, marchal, guerin;

  campaign = muster_store_create_sample (store, NULL, &error);
  g_assert_no_error (error);
  ellison = find_id (store, campaign, "Charles Ellison");
  nolan = find_id (store, campaign, "Patrick Nolan");
  marchal = find_id (store, campaign, "Étienne Marchal");
  guerin = find_id (store, campaign, "Pierre Guérin");
  game = muster_store_create_game (store, campaign, "The Bridge", NULL,
                                   (const gint64[]) { ellison, nolan, marchal, guerin }, 4, &error);
  g_assert_no_error (error);
  g_assert_true (muster_store_start_game (store, game, &error));
  g_assert_no_error (error);
  request.target_id = guerin;
  request.attacker_id = nolan;
  request.kind = MUSTER_HIT_SHOT;
  request.location = "chest";
  request.effect_faces = faces;
  request.n_effect_faces = G_N_ELEMENTS (faces);
  recorded = muster_store_record_hit (store, game, &request, &error);
  g_assert_no_error (error);

  dialog = muster_record_dialog_new (store, game, &error);
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (dialog));
  muster_gui_wait_until (gtk_widget_get_mapped (GTK_WIDGET (dialog)));
  /* The table's results, as finishing would record them. */
  g_assert_cmpstr (muster_record_dialog_get_summary (dialog, guerin), ==, "Out of action");
  g_assert_nonnull (strstr (muster_record_dialog_get_summary (dialog, nolan), "Unhurt"));
  g_assert_nonnull (strstr (muster_record_dialog_get_summary (dialog, nolan), "put out 1"));
  g_assert_cmpstr (muster_record_dialog_get_summary (dialog, ellison), ==, "Unhurt");
  /* A correction: Ellison took a light wound the table did not see. */
  g_assert_true (muster_record_dialog_set_outcome (dialog, ellison, "wounded", 1, 0));
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_assert_true (muster_record_dialog_save (dialog, &error));
  g_assert_no_error (error);
  muster_gui_wait_until (dialog == NULL);

  g_assert_true (muster_store_finish_game (store, game, NULL, &error));
  g_assert_no_error (error);
  participants = muster_store_list_participants (store, game, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < participants->len; i++)
    {
      const MusterParticipant *p = g_ptr_array_index (participants, i);

      if (p->character_id == ellison)
        {
          g_assert_cmpstr (p->outcome, ==, "wounded");
          g_assert_cmpint (p->light_wounds, ==, 1);
        }
      else if (p->character_id == guerin)
        g_assert_cmpstr (p->outcome, ==, "out-of-action");
      else if (p->character_id == nolan)
        {
          g_assert_cmpstr (p->outcome, ==, "unhurt");
          g_assert_cmpuint (p->victims->len, ==, 1);
        }
      else
        g_assert_cmpstr (p->outcome, ==, "unhurt");
    }
  muster_gui_spin ();
}

/* The table window of @game, over the fixture's window, once it is shown. */
static MusterTableWindow *
present_table_window (MusterGuiFixture *f,
                      gint64            game)
{
  MusterTableWindow *window = muster_table_window_new (f->store, game);

  gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (f->window));
  gtk_window_present (GTK_WINDOW (window));
  muster_gui_wait_until (gtk_widget_get_mapped (GTK_WIDGET (window)));
  return window;
}

static gint64
add_man_with (MusterStore        *store,
              gint64              force,
              const char         *name,
              const char         *troop_type,
              const char * const *keys,
              const int          *values,
              guint               n_stats)
{
  g_autoptr(GHashTable) stats = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  MusterCharacterSpec spec = { 0 };
  gint64 id;

  for (guint i = 0; i < n_stats; i++)
    g_hash_table_insert (stats, (gpointer) keys[i], GINT_TO_POINTER (values[i]));
  spec.name = name;
  spec.troop_type = troop_type;
  spec.stats = stats;
  id = muster_store_create_character (store, force, &spec, &error);
  g_assert_no_error (error);
  return id;
}

static gint64
add_man (MusterStore *store,
         gint64       force,
         const char  *name,
         const char  *troop_type)
{
  static const char * const keys[] = { "I", "D", "S", "C", "F" };
  static const int values[] = { 5, 5, 5, 5, 5 };

  return add_man_with (store, force, name, troop_type, keys, values, G_N_ELEMENTS (keys));
}

/* A campaign that kept the rules from before play at the table: its
 * table window says so, and its button opens the campaign settings, where
 * the newer rules are offered. */
static void
test_rules_predate (void)
{
  MusterGuiFixture f = { 0 };
  g_autofree char *path = g_build_filename (TEST_SRCDIR, "rulesets", "sharpes-skirmish-1.xml", NULL);
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(GError) error = NULL;
  MusterTableWindow *window;
  GtkWindow *settings;
  GtkWidget *button;
  gint64 campaign, british, french, harper, lefort, game;

  muster_gui_fixture_open (&f, FALSE);
  ruleset = muster_ruleset_new_from_file (path, &error);
  g_assert_no_error (error);
  campaign = muster_store_create_campaign (f.store, "Busaco", ruleset, 2, NULL, &error);
  g_assert_no_error (error);
  british = muster_store_create_force (f.store, campaign, "Light company", "British", &error);
  g_assert_no_error (error);
  french = muster_store_create_force (f.store, campaign, "Voltigeurs", "French", &error);
  g_assert_no_error (error);
  harper = add_man (f.store, british, "Harper", "rifleman");
  lefort = add_man (f.store, french, "Lefort", "voltigeur");
  game = muster_store_create_game (f.store, campaign, "Old rules", NULL,
                                   (const gint64[]) { harper, lefort }, 2, &error);
  g_assert_no_error (error);
  g_assert_true (muster_store_start_game (f.store, game, &error));
  g_assert_no_error (error);

  window = present_table_window (&f, game);
  g_assert_nonnull (muster_gui_find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL,
                                            "Rules from before play at the table"));
  button = muster_gui_find_widget (GTK_WIDGET (window), GTK_TYPE_BUTTON, "_Update the Rules…");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_activate (button));
  muster_gui_wait_until ((settings = GTK_WINDOW (muster_gui_find_toplevel (MUSTER_TYPE_CAMPAIGN_SETTINGS))) != NULL);
  muster_gui_wait_until (gtk_widget_get_mapped (GTK_WIDGET (settings)));
  /* The settings offer the newer rules of this campaign. */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (muster_gui_template_child (settings, MUSTER_TYPE_CAMPAIGN_SETTINGS,
                                                                              "take_rules_button"))));
  muster_gui_fixture_close (&f);
}

/* The header's button of @action under @root, or NULL. */
static GtkWidget *
find_action_button (GtkWidget  *root,
                    const char *action)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_button (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
tooltip_is (GtkWidget  *widget,
            const char *text)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0;
}

static gboolean
toast_is (MusterTableWindow *window,
          const char        *text)
{
  GtkWidget *label = muster_gui_toast_label (GTK_WIDGET (window));

  return label != NULL && g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), text) == 0;
}

/* Starts @game and shows its table window, whose Undo button (in
 * @out_undo) has nothing to take back yet. */
static MusterTableWindow *
present_started_table (MusterGuiFixture  *f,
                       gint64             game,
                       GtkWidget        **out_undo)
{
  g_autoptr(GError) error = NULL;
  MusterTableWindow *window;

  g_assert_true (muster_store_start_game (f->store, game, &error));
  g_assert_no_error (error);
  window = present_table_window (f, game);
  *out_undo = find_action_button (GTK_WIDGET (window), "table.undo");
  g_assert_nonnull (*out_undo);
  g_assert_true (tooltip_is (*out_undo, "Nothing to Take Back (Ctrl+Z)"));
  return window;
}

static guint
n_cards (MusterStore *store,
         gint64       game_id)
{
  g_autoptr(GPtrArray) turn = muster_store_list_order (store, game_id, 1, NULL);

  return turn != NULL ? turn->len : 0;
}

/* A Chosen Men officer (seed 003: rank, rating and character). */
static gint64
add_officer (MusterStore *store,
             gint64       force,
             const char  *name)
{
  static const char * const keys[] = { "rank", "rating", "character" };
  static const int values[] = { 2, 1, 5 };

  return add_man_with (store, force, name, "lieutenant", keys, values, G_N_ELEMENTS (keys));
}

/* Chosen Men at the table: a card dealt by the window is taken back by
 * Ctrl+Z, whose button and toast say which; after a card and a hit, the
 * hit goes first. */
static void
test_undo_card (void)
{
  MusterGuiFixture f = { 0 };
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("chosen-men", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterHit) recorded = NULL;
  g_autoptr(MusterTableStep) step = NULL;
  g_autofree char *card_tooltip = NULL;
  g_autofree char *card_toast = NULL;
  MusterHitRequest request = { 0, };
  MusterTableWindow *window;
  GtkWidget *undo;
  gint64 campaign, british, french, leach, dubreuil, game;
  int minor = 2;

  muster_gui_fixture_open (&f, FALSE);
  g_assert_nonnull (ruleset);
  campaign = muster_store_create_campaign (f.store, "Coa", ruleset, 1810, NULL, &error);
  g_assert_no_error (error);
  british = muster_store_create_force (f.store, campaign, "95th Rifles", "British", &error);
  g_assert_no_error (error);
  french = muster_store_create_force (f.store, campaign, "4e Léger", "French", &error);
  g_assert_no_error (error);
  leach = add_officer (f.store, british, "John Leach");
  dubreuil = add_officer (f.store, french, "Louis Dubreuil");
  game = muster_store_create_game (f.store, campaign, "The Coa", NULL, (const gint64[]) { leach, dubreuil }, 2,
                                   &error);
  g_assert_no_error (error);
  window = present_started_table (&f, game, &undo);

  /* Deal a card: the button offers to take it back. */
  gtk_widget_activate_action (GTK_WIDGET (window), "table.order", NULL);
  muster_gui_wait_until (n_cards (f.store, game) == 1);
  step = muster_store_get_last_step (f.store, game, &error);
  g_assert_no_error (error);
  g_assert_cmpint (step->kind, ==, MUSTER_TABLE_STEP_CARD);
  card_tooltip = g_strdup_printf ("Take Back the Card for %s (Ctrl+Z)", step->card->name);
  card_toast = g_strdup_printf ("Card for %s taken back", step->card->name);
  muster_gui_wait_until (tooltip_is (undo, card_tooltip));

  /* Ctrl+Z takes it back, and says so. */
  g_assert_true (muster_gui_activate_shortcut (GTK_WIDGET (window), GDK_KEY_z, GDK_CONTROL_MASK));
  muster_gui_wait_until (n_cards (f.store, game) == 0);
  muster_gui_wait_until (toast_is (window, card_toast));
  muster_gui_wait_until (tooltip_is (undo, "Nothing to Take Back (Ctrl+Z)"));

  /* The same card again, then a hit: the hit is taken back first, then
   * the card. */
  gtk_widget_activate_action (GTK_WIDGET (window), "table.order", NULL);
  muster_gui_wait_until (n_cards (f.store, game) == 1);
  muster_gui_wait_until (tooltip_is (undo, card_tooltip));
  request.target_id = dubreuil;
  request.effect_faces = &minor;
  request.n_effect_faces = 1;
  recorded = muster_store_record_hit (f.store, game, &request, &error);
  g_assert_no_error (error);
  muster_gui_wait_until (tooltip_is (undo, "Take Back Hit 1 on Louis Dubreuil (Ctrl+Z)"));
  g_assert_true (muster_gui_activate_shortcut (GTK_WIDGET (window), GDK_KEY_z, GDK_CONTROL_MASK));
  muster_gui_wait_until (n_hits (f.store, game) == 0);
  g_assert_cmpuint (n_cards (f.store, game), ==, 1);
  muster_gui_wait_until (toast_is (window, "Hit 1 on Louis Dubreuil taken back"));
  muster_gui_wait_until (tooltip_is (undo, card_tooltip));
  g_assert_true (muster_table_window_undo (window, &error));
  g_assert_no_error (error);
  muster_gui_wait_until (n_cards (f.store, game) == 0);
  muster_gui_wait_until (toast_is (window, card_toast));

  gtk_window_destroy (GTK_WINDOW (window));
  muster_gui_fixture_close (&f);
}

/* The order of bound 1 as stored: who, faces, total, tie dice and
 * whether the faces were typed in, in order. */
static char *
order_text (MusterStore *store,
            gint64       game_id)
{
  g_autoptr(GPtrArray) order = muster_store_list_order (store, game_id, 1, NULL);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; order != NULL && i < order->len; i++)
    {
      const MusterOrderEntry *e = g_ptr_array_index (order, i);

      g_string_append_printf (text, "%s %s %d %s %d\n", e->name, e->faces, e->total, e->tie_faces, e->entered);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static gboolean
order_is (MusterStore *store,
          gint64       game_id,
          const char  *expected)
{
  g_autofree char *now = order_text (store, game_id);

  return g_str_equal (now, expected);
}

/* Sharpe's Skirmish at the table: the order rolled by the window is
 * taken back like a hit, the Undo button enabled and saying so when
 * nothing but the roll was made; a roll made again with the wrong faces
 * is taken back by Ctrl+Z, the earlier order back, then the first by the
 * button, and each toast says which. */
static void
test_undo_order (void)
{
  MusterGuiFixture f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) faces = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) again = NULL;
  g_autofree char *first = NULL;
  MusterTableWindow *window;
  GtkWidget *undo;
  gint64 campaign, game;

  muster_gui_fixture_open (&f, FALSE);
  campaign = muster_store_create_sample (f.store, NULL, &error);
  g_assert_no_error (error);
  game = muster_store_create_game (f.store, campaign, "The Bridge", NULL,
                                   (const gint64[]) { find_id (f.store, campaign, "Charles Ellison"),
                                                      find_id (f.store, campaign, "Patrick Nolan"),
                                                      find_id (f.store, campaign, "Étienne Marchal"),
                                                      find_id (f.store, campaign, "Pierre Guérin") }, 4, &error);
  g_assert_no_error (error);
  window = present_started_table (&f, game, &undo);

  /* Only the order rolled: Undo offers to take it back. */
  gtk_widget_activate_action (GTK_WIDGET (window), "table.order", NULL);
  muster_gui_wait_until (muster_store_last_bound (f.store, game, NULL) == 1);
  muster_gui_wait_until (tooltip_is (undo, "Take Back the Order of Bound 1 (Ctrl+Z)"));
  g_assert_true (gtk_widget_is_sensitive (undo));
  first = order_text (f.store, game);
  g_assert_cmpstr (first, !=, "");

  /* Rolled again with the wrong faces typed in: Ctrl+Z puts the order
   * rolled first back. */
  g_hash_table_insert (faces, "Charles Ellison", "1");
  g_hash_table_insert (faces, "Patrick Nolan", "1");
  g_hash_table_insert (faces, "Étienne Marchal", "6");
  g_hash_table_insert (faces, "Pierre Guérin", "6");
  again = muster_store_roll_order (f.store, game, 1, faces, &error);
  g_assert_no_error (error);
  g_assert_false (order_is (f.store, game, first));
  g_assert_true (muster_gui_activate_shortcut (GTK_WIDGET (window), GDK_KEY_z, GDK_CONTROL_MASK));
  muster_gui_wait_until (order_is (f.store, game, first));
  muster_gui_wait_until (toast_is (window, "Order of bound 1 taken back: the one rolled before is back"));
  muster_gui_wait_until (tooltip_is (undo, "Take Back the Order of Bound 1 (Ctrl+Z)"));

  /* The button takes back the first roll: the bound has no order. */
  g_assert_true (gtk_widget_is_sensitive (undo));
  gtk_widget_activate (undo);
  muster_gui_wait_until (muster_store_last_bound (f.store, game, NULL) == 0);
  muster_gui_wait_until (toast_is (window, "Order of bound 1 taken back"));
  muster_gui_wait_until (tooltip_is (undo, "Nothing to Take Back (Ctrl+Z)"));
  muster_gui_wait_until (muster_gui_find_widget (GTK_WIDGET (window), ADW_TYPE_ACTION_ROW, "Not rolled yet") != NULL);

  gtk_window_destroy (GTK_WINDOW (window));
  muster_gui_fixture_close (&f);
}

int
main (int    argc,
      char **argv)
{
  muster_gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/table/play-at-the-table", test_play_at_the_table);
  g_test_add_func ("/gui/table/record-while-started", test_record_while_started);
  g_test_add_func ("/gui/table/rules-predate", test_rules_predate);
  g_test_add_func ("/gui/table/undo-card", test_undo_card);
  g_test_add_func ("/gui/table/undo-order", test_undo_order);

  return muster_gui_test_finish (g_test_run ());
}
