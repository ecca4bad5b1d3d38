/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "muster-gui-test-util.h"
#include "muster-recruit.h"
#include "muster-roster-page.h"
#include "muster-test-util.h"

static MusterApplication *app;

void
muster_gui_test_init (int    *argc,
                      char ***argv)
{
  g_autoptr(GError) error = NULL;

  gtk_test_init (argc, argv, NULL);
  adw_init ();

  app = muster_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  /* Windows come and go between tests; the application must not quit. */
  g_application_hold (G_APPLICATION (app));
}

MusterApplication *
muster_gui_test_get_app (void)
{
  return app;
}

int
muster_gui_test_finish (int status)
{
  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  return status;
}

void
muster_gui_spin (void)
{
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       data)
{
  gboolean *painted = data;

  *painted = TRUE;
}

void
muster_gui_wait_for_frame (GtkWidget *widget)
{
  GdkFrameClock *clock;
  gboolean painted = FALSE;
  gulong handler;

  g_assert_true (gtk_widget_get_mapped (widget));
  clock = gtk_widget_get_frame_clock (widget);
  g_assert_nonnull (clock);

  /* A frame lays out and draws what is queued, then emits ::after-paint. */
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &painted);
  gtk_widget_queue_draw (widget);
  muster_gui_wait_until (painted);
  g_signal_handler_disconnect (clock, handler);
}

void
muster_gui_wait_for_roster (MusterWindow *window)
{
  MusterRosterPage *page = MUSTER_ROSTER_PAGE (muster_window_get_roster_page (window));

  muster_gui_spin ();
  muster_gui_wait_until (!muster_roster_page_is_loading (page));
}

void
muster_gui_fixture_open (MusterGuiFixture *f,
                         gboolean          with_sample)
{
  g_autoptr(GError) error = NULL;

  f->store = muster_test_open_store (&f->path);
  g_assert_nonnull (f->store);
  if (with_sample)
    {
      f->campaign_id = muster_store_create_sample (f->store, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (f->campaign_id, >, 0);
    }

  muster_application_set_store (app, f->store);
  f->window = muster_window_new (app);
  gtk_window_present (GTK_WINDOW (f->window));
  muster_gui_wait_for_roster (f->window);
}

void
muster_gui_fixture_close (MusterGuiFixture *f)
{
  GList *windows = gtk_window_list_toplevels ();

  /* Destroying one window may destroy others with it. */
  g_list_foreach (windows, (GFunc) (void (*) (void)) g_object_ref, NULL);
  for (GList *l = windows; l; l = l->next)
    gtk_window_destroy (l->data);
  g_list_free_full (windows, g_object_unref);
  muster_gui_spin ();

  g_clear_object (&f->store);
  g_clear_pointer (&f->path, g_free);
}

GObject *
muster_gui_template_child (gpointer    widget,
                           GType       type,
                           const char *name)
{
  GObject *child = gtk_widget_get_template_child (GTK_WIDGET (widget), type, name);

  g_assert_nonnull (child);
  return child;
}

GtkWidget *
muster_gui_find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWidget *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && found == NULL; i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (window))
        found = window;
    }
  return found;
}

static const char *
widget_text (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    return gtk_label_get_label (GTK_LABEL (widget));
  if (GTK_IS_INSCRIPTION (widget))
    return gtk_inscription_get_text (GTK_INSCRIPTION (widget));
  if (GTK_IS_BUTTON (widget))
    return gtk_button_get_label (GTK_BUTTON (widget));
  if (ADW_IS_PREFERENCES_ROW (widget))
    return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget));
  if (ADW_IS_STATUS_PAGE (widget))
    return adw_status_page_get_title (ADW_STATUS_PAGE (widget));
  if (GTK_IS_EDITABLE (widget))
    return gtk_editable_get_text (GTK_EDITABLE (widget));
  return NULL;
}

GtkWidget *
muster_gui_find_widget (GtkWidget  *root,
                        GType       type,
                        const char *text)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type) &&
      (text == NULL || g_strcmp0 (widget_text (root), text) == 0))
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = muster_gui_find_widget (child, type, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
muster_gui_toast_label (GtkWidget *root)
{
  GType toast_type = g_type_from_name ("AdwToastWidget");
  GtkWidget *toast;

  if (toast_type == 0 || (toast = muster_gui_find_widget (root, toast_type, NULL)) == NULL)
    return NULL;
  return muster_gui_find_widget (toast, GTK_TYPE_LABEL, NULL);
}

gboolean
muster_gui_activate_shortcut (GtkWidget       *widget,
                              guint            keyval,
                              GdkModifierType  modifiers)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  g_autoptr(GtkShortcutTrigger) wanted = gtk_keyval_trigger_new (keyval, modifiers);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted))
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget,
                                                 gtk_shortcut_get_arguments (shortcut));
        }
    }
  return FALSE;
}
