/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-a11y.h"
#include "muster-application.h"
#include "muster-character-window.h"
#include "muster-exchange-ui.h"
#include "muster-help-window.h"
#include "muster-library-ui.h"
#include "muster-unit-window.h"
#include "muster-window.h"

struct _MusterApplication
{
  AdwApplication  parent_instance;

  char           *library_path;
  MusterStore    *store;
  GHashTable     *character_windows;  /* id -> MusterCharacterWindow, unowned */
  gboolean        failed;
};

G_DEFINE_FINAL_TYPE (MusterApplication, muster_application, ADW_TYPE_APPLICATION)

static const char *rule_authors[] = {
  N_("Durham’s Chosen Men, for Sharpe’s Skirmish"),
  N_("Andy Callan, for Big Skirmishes / Small Battles"),
  N_("The authors of Napoleonic Skirmish Rules 1.9"),
  N_("The authors of Chosen Men Fat"),
  N_("The authors of Small Unit Engagements in the 18th Century"),
  NULL
};

/* Shows why the library cannot be opened, then quits: the file is left as
 * it is. */
static void
show_open_error (MusterApplication *self,
                 const GError      *error)
{
  GtkWidget *dialog;

  self->failed = TRUE;
  dialog = adw_message_dialog_new (NULL, _("Cannot Open the Library"), error->message);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Quit"));
  gtk_window_set_application (GTK_WINDOW (dialog), GTK_APPLICATION (self));
  g_signal_connect_swapped (dialog, "response", G_CALLBACK (g_application_quit), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static GtkWindow *
get_main_window (MusterApplication *self)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    if (MUSTER_IS_WINDOW (l->data))
      return l->data;
  return gtk_application_get_active_window (GTK_APPLICATION (self));
}

static MusterWindow *
ensure_window (MusterApplication *self)
{
  GtkWindow *window = get_main_window (self);

  if (MUSTER_IS_WINDOW (window))
    return MUSTER_WINDOW (window);
  if (muster_application_get_store (self) == NULL)
    return NULL;
  return muster_window_new (self);
}

static void
character_window_destroyed_cb (GtkWidget         *window,
                               MusterApplication *self)
{
  gint64 id = muster_character_window_get_character_id (MUSTER_CHARACTER_WINDOW (window));

  if (g_hash_table_lookup (self->character_windows, &id) == window)
    g_hash_table_remove (self->character_windows, &id);
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  MusterApplication *self = user_data;
  GtkWidget *window = muster_library_ui_preferences_new (get_main_window (self));

  if (window != NULL)
    gtk_window_present (GTK_WINDOW (window));
}

static void
add_ruleset_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  muster_library_ui_add_ruleset (get_main_window (user_data));
}

static void
back_up_action (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  MusterApplication *self = user_data;

  if (self->store != NULL)
    muster_library_ui_back_up (get_main_window (self), self->store);
}

static void
restore_action (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  MusterApplication *self = user_data;

  if (self->store != NULL)
    muster_library_ui_restore (get_main_window (self), self->store);
}

/* The guide in Muster's own window, or why it cannot be shown. */
static void
show_builtin_help (MusterApplication *self)
{
  GtkWindow *parent = get_main_window (self);
  g_autoptr(GError) error = NULL;
  MusterHelpWindow *help = NULL;
  GtkWidget *dialog;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (MUSTER_IS_HELP_WINDOW (l->data))
      {
        gtk_window_present (GTK_WINDOW (l->data));
        return;
      }

  help = muster_help_window_new (GTK_APPLICATION (self), &error);
  if (help != NULL)
    {
      gtk_window_present (GTK_WINDOW (help));
      return;
    }

  dialog = adw_message_dialog_new (parent, _("The User Guide Could Not Be Opened"), error->message);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
help_shown_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(MusterApplication) self = user_data;
  g_autoptr(GError) error = NULL;

  if (gtk_show_uri_full_finish (GTK_WINDOW (object), result, &error) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_debug ("The help browser could not show the guide: %s", error->message);
  show_builtin_help (self);
}

static void
help_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  MusterApplication *self = user_data;
  g_autoptr(GAppInfo) browser = g_app_info_get_default_for_uri_scheme ("help");

  /* Yelp shows the guide where there is one. In a flatpak the host's Yelp
   * cannot see the pages inside the sandbox, so Muster shows them itself,
   * as it does where no help browser is installed. */
  if (browser == NULL || g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS))
    show_builtin_help (self);
  else
    gtk_show_uri_full (get_main_window (self), "help:" APPLICATION_ID, GDK_CURRENT_TIME,
                       NULL, help_shown_cb, g_object_ref (self));
}

static void
about_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  MusterApplication *self = user_data;
  g_autoptr(GPtrArray) credits = g_ptr_array_new ();
  const char *developers[] = { _("The Muster contributors"), NULL };
  GtkWidget *about;

  for (guint i = 0; rule_authors[i] != NULL; i++)
    g_ptr_array_add (credits, (gpointer) _(rule_authors[i]));
  g_ptr_array_add (credits, NULL);

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", get_main_window (self),
                        "application-name", _("Muster"),
                        "application-icon", APPLICATION_ID,
                        "version", PACKAGE_VERSION,
                        "comments", _("Keep the muster roll of Napoleonic skirmish campaigns"),
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "website", "https://github.com/musterapp/muster",
                        "issue-url", "https://github.com/musterapp/muster/issues",
                        "developers", developers,
                        /* Translators: put your names here, one a line */
                        "translator-credits", _("translator-credits"),
                        NULL);
  adw_about_window_add_credit_section (ADW_ABOUT_WINDOW (about), _("Rule Texts"),
                                       (const char **) credits->pdata);
  gtk_window_present (GTK_WINDOW (about));
}

static void
quit_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  GtkApplication *app = user_data;
  GList *windows = g_list_copy (gtk_application_get_windows (app));

  /* Closing windows lets them save their state. */
  for (GList *l = windows; l; l = l->next)
    gtk_window_close (l->data);
  g_list_free (windows);
  g_application_quit (G_APPLICATION (app));
}

static void
open_character_action (GSimpleAction *action,
                       GVariant      *param,
                       gpointer       user_data)
{
  muster_application_open_character (user_data, g_variant_get_int64 (param));
}

static void
open_unit_action (GSimpleAction *action,
                  GVariant      *param,
                  gpointer       user_data)
{
  MusterStore *store = muster_application_get_store (user_data);

  if (store != NULL)
    muster_unit_window_open (user_data, store, g_variant_get_int64 (param));
}

static const GActionEntry app_actions[] = {
  { "preferences", preferences_action },
  { "add-ruleset", add_ruleset_action },
  { "back-up", back_up_action },
  { "restore", restore_action },
  { "help", help_action },
  { "about", about_action },
  { "quit", quit_action },
  { "open-character", open_character_action, "x" },
  { "open-unit", open_unit_action, "x" },
};

static int
muster_application_handle_local_options (GApplication *app,
                                         GVariantDict *options)
{
  MusterApplication *self = MUSTER_APPLICATION (app);
  const char *library = NULL;

  if (g_variant_dict_lookup (options, "library", "^&ay", &library))
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (library);

      g_free (self->library_path);
      self->library_path = g_file_get_path (file);
      /* Another library is another instance. */
      g_application_set_flags (app, g_application_get_flags (app) | G_APPLICATION_NON_UNIQUE);
    }

  return -1;
}

/* The shortcuts the keyboard shortcuts window (ui/gtk/help-overlay.ui,
 * built by muster_window_get_help_overlay()) lists, and its own; Ctrl+Z
 * stays the main window's own, so that a text field's Undo comes
 * first. */
static const struct {
  const char *action;
  const char *accel;
} accels[] = {
  { "app.quit", "<Control>q" },
  { "app.help", "F1" },
  { "app.preferences", "<Control>comma" },
  { "win.new-campaign", "<Control>n" },
  { "win.recruit", "<Control>r" },
  { "win.new-game", "<Control>g" },
  { "win.print", "<Control>p" },
  { "win.find", "<Control>f" },
  { "win.import", "<Control>o" },
  { "win.export", "<Control>e" },
  { "win.close", "<Control>w" },
  { "win.show-help-overlay", "<Control>question" },
};

static void
muster_application_startup (GApplication *app)
{
  G_APPLICATION_CLASS (muster_application_parent_class)->startup (app);

  /* What GTK 4.8 does not tell a screen reader, every window tells it. */
  muster_a11y_init ();

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    {
      const char *one[] = { accels[i].accel, NULL };

      gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, one);
    }
}

static void
muster_application_activate (GApplication *app)
{
  MusterApplication *self = MUSTER_APPLICATION (app);
  MusterWindow *window = ensure_window (self);

  if (window != NULL)
    gtk_window_present (GTK_WINDOW (window));
}

static void
muster_application_open (GApplication  *app,
                         GFile        **files,
                         int            n_files,
                         const char    *hint)
{
  MusterApplication *self = MUSTER_APPLICATION (app);
  MusterWindow *window = ensure_window (self);

  if (window == NULL)
    return;

  gtk_window_present (GTK_WINDOW (window));
  for (int i = 0; i < n_files; i++)
    muster_exchange_ui_import (GTK_WINDOW (window), self->store, files[i],
                               muster_window_get_campaign_id (window));
}

static void
muster_application_dispose (GObject *object)
{
  MusterApplication *self = MUSTER_APPLICATION (object);

  g_clear_pointer (&self->character_windows, g_hash_table_unref);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (muster_application_parent_class)->dispose (object);
}

static void
muster_application_finalize (GObject *object)
{
  MusterApplication *self = MUSTER_APPLICATION (object);

  g_clear_pointer (&self->library_path, g_free);

  G_OBJECT_CLASS (muster_application_parent_class)->finalize (object);
}

static void
muster_application_class_init (MusterApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = muster_application_dispose;
  object_class->finalize = muster_application_finalize;

  app_class->handle_local_options = muster_application_handle_local_options;
  app_class->startup = muster_application_startup;
  app_class->activate = muster_application_activate;
  app_class->open = muster_application_open;
}

static void
muster_application_init (MusterApplication *self)
{
  static const GOptionEntry entries[] = {
    { "library", 'l', 0, G_OPTION_ARG_FILENAME, NULL,
      N_("Use the library FILE instead of the default one"), N_("FILE") },
    { NULL }
  };

  self->character_windows = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_application_add_main_option_entries (G_APPLICATION (self), entries);
}

MusterApplication *
muster_application_new (void)
{
  return g_object_new (MUSTER_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", RESOURCE_PREFIX,
                       NULL);
}

/* A read-only library cannot be restored over. */
static void
update_store_actions (MusterApplication *self)
{
  GAction *restore = g_action_map_lookup_action (G_ACTION_MAP (self), "restore");

  if (restore != NULL && self->store != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (restore), !muster_store_is_read_only (self->store));
}

MusterStore *
muster_application_get_store (MusterApplication *self)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (MUSTER_IS_APPLICATION (self), NULL);

  if (self->store != NULL || self->failed)
    return self->store;

  if (self->library_path != NULL)
    self->store = muster_store_open (self->library_path, &error);
  else
    self->store = muster_store_open_default (&error);
  if (self->store == NULL)
    show_open_error (self, error);
  update_store_actions (self);

  return self->store;
}

void
muster_application_set_store (MusterApplication *self,
                              MusterStore       *store)
{
  g_return_if_fail (MUSTER_IS_APPLICATION (self));
  g_return_if_fail (MUSTER_IS_STORE (store));

  g_set_object (&self->store, store);
  update_store_actions (self);
}

void
muster_application_open_character (MusterApplication *self,
                                   gint64             character_id)
{
  GtkWidget *window;
  MusterStore *store;

  g_return_if_fail (MUSTER_IS_APPLICATION (self));

  window = g_hash_table_lookup (self->character_windows, &character_id);
  if (window != NULL)
    {
      gtk_window_present (GTK_WINDOW (window));
      return;
    }

  store = muster_application_get_store (self);
  if (store == NULL)
    return;

  window = muster_character_window_new (self, store, character_id);
  if (window == NULL)
    return;

  g_hash_table_insert (self->character_windows, g_memdup2 (&character_id, sizeof character_id), window);
  g_signal_connect (window, "destroy", G_CALLBACK (character_window_destroyed_cb), self);
  gtk_window_present (GTK_WINDOW (window));
}
