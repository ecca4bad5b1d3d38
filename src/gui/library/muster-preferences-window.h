/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/*
 * Preferences: the paper size sheets are laid out for at first, and the
 * death-roll option a new campaign starts with. Both are GSettings keys
 * (default-paper, default-death-roll), changed as soon as a row is.
 */

#define MUSTER_TYPE_PREFERENCES_WINDOW (muster_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (MusterPreferencesWindow, muster_preferences_window, MUSTER, PREFERENCES_WINDOW, AdwPreferencesWindow)

GtkWidget *muster_preferences_window_new (GtkWindow *parent);

G_END_DECLS
