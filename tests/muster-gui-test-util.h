/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-application.h"
#include "muster-store.h"
#include "muster-window.h"

G_BEGIN_DECLS

/* What the main-window tests share: one application for the whole
 * program, and per test a fresh library with the main window on it. */

typedef struct {
  char         *path;
  MusterStore  *store;
  MusterWindow *window;
  gint64        campaign_id;   /* the sample's, when there is one */
} MusterGuiFixture;

/* gtk_test_init(), adw_init() and the application (non-unique, held). */
void               muster_gui_test_init          (int               *argc,
                                                  char            ***argv);
MusterApplication *muster_gui_test_get_app       (void);
/* Releases the application; returns @status. */
int                muster_gui_test_finish        (int                status);

/* A new library (with the sample campaign when @with_sample) and the main
 * window presented on it. */
void               muster_gui_fixture_open       (MusterGuiFixture  *fixture,
                                                  gboolean           with_sample);
/* Destroys every window of the application and closes the library. */
void               muster_gui_fixture_close      (MusterGuiFixture  *fixture);

/* Runs what is pending in the main context: enough for what a call does
 * at once or in an idle, not for a timeout, a thread or a frame. */
void               muster_gui_spin               (void);
/* Runs the main context until the roster of @window has read the open
 * campaign's characters, which it does in another thread. */
void               muster_gui_wait_for_roster    (MusterWindow      *window);
/* Runs the main context until the frame clock of @widget has painted a
 * frame that began after the call: what was queued (a resize, a redraw)
 * has been laid out and drawn. */
void               muster_gui_wait_for_frame     (GtkWidget         *widget);

/* Runs the main context until @cond holds: the state a test means (a
 * property, a row in the store, a window), never a length of time.
 * What makes @cond true must come through the main context (a signal, a
 * timeout, a frame, a thread's result); a state that never comes is
 * caught by meson's timeout, and the log says what was awaited. */
#define muster_gui_wait_until(cond)                                     \
  G_STMT_START {                                                        \
    if (!(cond))                                                        \
      {                                                                 \
        g_test_message ("Waiting until %s (%s:%d)", #cond, __FILE__, __LINE__); \
        while (!(cond))                                                 \
          g_main_context_iteration (NULL, TRUE);                        \
      }                                                                 \
  } G_STMT_END

/* A template child, asserted to exist. */
GObject           *muster_gui_template_child     (gpointer           widget,
                                                  GType              type,
                                                  const char        *name);
/* The first visible toplevel of @type (or a subclass), or NULL. */
GtkWidget         *muster_gui_find_toplevel      (GType              type);
/* The first widget under @root (itself included) of @type whose label,
 * title or text is @text (NULL: any). */
GtkWidget         *muster_gui_find_widget        (GtkWidget         *root,
                                                  GType              type,
                                                  const char        *text);

/* The label of the toast shown in @root, or NULL while none is. */
GtkWidget         *muster_gui_toast_label        (GtkWidget         *root);
/* Does what pressing @keyval with @modifiers in @widget does, short of a
 * key event: finds the shortcut among its controllers (its class's key
 * bindings included) and activates it. FALSE when there is none. */
gboolean           muster_gui_activate_shortcut  (GtkWidget         *widget,
                                                  guint              keyval,
                                                  GdkModifierType    modifiers);

G_END_DECLS
