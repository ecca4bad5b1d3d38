/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-sheet-window.h"
#include "muster-store.h"

G_BEGIN_DECLS

/*
 * The table window: a started game as it is played. The participants of
 * both sides with their characteristics as their wounds of the game leave
 * them, the order of play (rolled, or dealt from the deck), each hit
 * resolved step by step (muster-table-hit-dialog.h) and the hits so far;
 * Ctrl+Z takes back the last hit, and Finish records the results and
 * offers the between-game sequence. Everything shown is read from the
 * store again whenever it changes, so a crash loses nothing.
 */

#define MUSTER_TYPE_TABLE_WINDOW (muster_table_window_get_type ())
G_DECLARE_FINAL_TYPE (MusterTableWindow, muster_table_window, MUSTER, TABLE_WINDOW, MusterSheetWindow)

MusterTableWindow *muster_table_window_new        (MusterStore       *store,
                                                   gint64             game_id);
gint64             muster_table_window_get_game_id (MusterTableWindow *self);
/* The table.order action: rolls the order of the next bound, or deals
 * the next card. FALSE with @error set (also shown). */
gboolean           muster_table_window_order      (MusterTableWindow *self,
                                                   GError           **error);
/* Opens the hit dialog for @character_id (or figures of @unit_id). */
GtkWindow         *muster_table_window_hit        (MusterTableWindow *self,
                                                   gint64             character_id,
                                                   gint64             unit_id);
/* The table.undo action (Ctrl+Z): takes back the last hit or card,
 * whichever came last, and says which in a toast. */
gboolean           muster_table_window_undo       (MusterTableWindow *self,
                                                   GError           **error);
/* The table.finish action: asks for the winner, then finishes the game
 * and offers the between-game sequence. Returns the question. */
AdwMessageDialog  *muster_table_window_finish     (MusterTableWindow *self);
/* The table.update-rules action, offered while the campaign's rules
 * predate play at the table: opens the campaign settings, where the
 * newer rules are taken. NULL when the window was not opened from the
 * main window. */
GtkWindow         *muster_table_window_update_rules (MusterTableWindow *self);

G_END_DECLS
