/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-application.h"
#include "muster-sheet-window.h"

G_BEGIN_DECLS

/*
 * A character's sheet, in a window of its own. Every edit is saved as it
 * is made; the sheet follows the store's ::changed (also for changes made
 * by muster-cli, noticed when the window becomes active) and closes itself
 * when its character is deleted.
 */

#define MUSTER_TYPE_CHARACTER_WINDOW (muster_character_window_get_type ())
G_DECLARE_FINAL_TYPE (MusterCharacterWindow, muster_character_window, MUSTER, CHARACTER_WINDOW, MusterSheetWindow)

/* NULL when there is no such character. */
GtkWidget *muster_character_window_new              (MusterApplication     *application,
                                                     MusterStore           *store,
                                                     gint64                 character_id);
gint64     muster_character_window_get_character_id (MusterCharacterWindow *self);
/* The editor of @field: "name", "rank" (AdwEntryRow), "troop-type",
 * "weapon", "status", "unit" (AdwComboRow), "mounted" (GtkSwitch), "out-games"
 * or a stat key such as "F" (GtkSpinButton), "notes" (GtkTextView).
 * For tests and accessibility checks. */
GtkWidget *muster_character_window_get_editor       (MusterCharacterWindow *self,
                                                     const char            *field);

G_END_DECLS
