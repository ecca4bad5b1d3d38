/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-application.h"

G_BEGIN_DECLS

/*
 * The main window: campaigns in a sidebar; for the open campaign an
 * AdwViewStack with the pages "roster", "games", "log", "honours" and
 * "statistics"; all but the roster are built the first time they are
 * shown (muster_window_get_page() builds one at once).
 *
 * Window actions: win.new-campaign (Ctrl+N), win.rename-campaign,
 * win.delete-campaign, win.campaign-settings, win.new-force,
 * win.recruit (Ctrl+R), win.new-game (Ctrl+G), win.print (Ctrl+P),
 * win.find (Ctrl+F), win.import (Ctrl+O), win.export (Ctrl+E),
 * win.close (Ctrl+W), win.undo (Ctrl+Z: the last deletion),
 * win.create-sample.
 */

#define MUSTER_TYPE_WINDOW (muster_window_get_type ())
G_DECLARE_FINAL_TYPE (MusterWindow, muster_window, MUSTER, WINDOW, AdwApplicationWindow)

MusterWindow *muster_window_new             (MusterApplication *application);
/* 0 when no campaign is open. */
gint64        muster_window_get_campaign_id (MusterWindow      *self);
void          muster_window_select_campaign (MusterWindow      *self,
                                             gint64             campaign_id);
/* Shows @toast in the window's toast overlay; takes ownership. */
/* Says above the page that the library could not be read, with Try
 * Again; hidden once it reads again. */
void          muster_window_show_read_error (MusterWindow      *self,
                                             const GError      *error);
const char   *muster_window_get_read_error  (MusterWindow      *self);
/* The same on the window @widget is in (for a model's ::read-failed,
 * connected swapped). */
void          muster_window_report_read_error (GtkWidget       *widget,
                                               const GError    *error);
void          muster_window_show_toast      (MusterWindow      *self,
                                             AdwToast          *toast);
/* Shows a toast with Undo for what @undos (of MusterUndo*, transfer full)
 * deleted; win.undo applies them, newest first. */
void          muster_window_offer_undo      (MusterWindow      *self,
                                             GPtrArray         *undos,
                                             const char        *label);
/* Presents a dialog over @widget's window offering @label (a mnemonic)
 * as response @response, the suggested one, or Cancel; connect to its
 * "response". Returns the dialog. */
GtkWidget    *muster_window_ask             (GtkWidget         *widget,
                                             const char        *heading,
                                             const char        *body,
                                             const char        *response,
                                             const char        *label);
/* The "roster" page (a MusterRosterPage). */
GtkWidget    *muster_window_get_roster_page (MusterWindow      *self);
/* The keyboard shortcuts window, built now if it has not been asked for. */
GtkShortcutsWindow *muster_window_get_help_overlay (MusterWindow *self);
/* The page named @name, built now if it has not been shown yet. */
GtkWidget    *muster_window_get_page        (MusterWindow      *self,
                                             const char        *name);
/* Enables or disables the window's actions for the current state. */
void          muster_window_update_actions  (MusterWindow      *self);

G_END_DECLS
