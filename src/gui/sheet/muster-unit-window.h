/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-sheet-window.h"

#include "muster-store.h"

G_BEGIN_DECLS

/*
 * A unit's sheet, in a window of its own: name, type, rating, status,
 * size, figures lost and left, the ruleset's unit values, the characters
 * attached to it (activating one opens his sheet), notes and the games it
 * fought. Every edit is saved as it is made; the sheet follows the store's
 * ::changed and closes itself when its unit is deleted.
 */

#define MUSTER_TYPE_UNIT_WINDOW (muster_unit_window_get_type ())
G_DECLARE_FINAL_TYPE (MusterUnitWindow, muster_unit_window, MUSTER, UNIT_WINDOW, MusterSheetWindow)

/* NULL when there is no such unit. */
GtkWidget *muster_unit_window_new            (GtkApplication   *application,
                                              MusterStore      *store,
                                              gint64            unit_id);
/* Raises the sheet of @unit_id already open in @application, or opens one.
 * NULL when there is no such unit. */
GtkWidget *muster_unit_window_open           (GtkApplication   *application,
                                              MusterStore      *store,
                                              gint64            unit_id);
gint64     muster_unit_window_get_unit_id    (MusterUnitWindow *self);
/* The editor of @field: "name" (AdwEntryRow), "type", "rating", "status"
 * (AdwComboRow), "size", "lost", "morale-loss" or a unit stat kept on the
 * unit such as "colours" (GtkSpinButton), "notes" (GtkTextView); or the
 * label showing a unit stat from the rules ("base-morale"), or
 * "present" (GtkLabel). For tests and accessibility checks. */
GtkWidget *muster_unit_window_get_editor     (MusterUnitWindow *self,
                                              const char       *field);
/* The list of attached characters (a GtkListBox of AdwActionRow, each
 * with its character id as "character-id" data) and of games. */
GtkListBox *muster_unit_window_get_characters (MusterUnitWindow *self);
GtkListBox *muster_unit_window_get_games      (MusterUnitWindow *self);

G_END_DECLS
