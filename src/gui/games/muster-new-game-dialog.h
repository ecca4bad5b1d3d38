/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-store.h"

G_BEGIN_DECLS

/*
 * The New Game dialog: a title, a date and the characters taking part,
 * grouped by force; their forces' sides make the game's two sides. Those
 * who cannot take part (dead, captured, out of action) are shown with the
 * reason and cannot be picked. Emits ::game-created (gint64 id) and closes.
 */

#define MUSTER_TYPE_NEW_GAME_DIALOG (muster_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MusterNewGameDialog, muster_new_game_dialog, MUSTER, NEW_GAME_DIALOG, AdwWindow)

MusterNewGameDialog *muster_new_game_dialog_new             (MusterStore         *store,
                                                            gint64               campaign_id);
void                 muster_new_game_dialog_set_game_title (MusterNewGameDialog *self,
                                                            const char          *title);
void                 muster_new_game_dialog_set_date       (MusterNewGameDialog *self,
                                                            const char          *date);
/* FALSE when @character_id cannot take part; @reason (nullable) gets why. */
gboolean             muster_new_game_dialog_is_pickable    (MusterNewGameDialog *self,
                                                            gint64               character_id,
                                                            const char         **reason);
/* Ticks or unticks a character's box; FALSE (nothing changes) for one who
 * cannot take part or is not in the campaign. */
gboolean             muster_new_game_dialog_set_picked     (MusterNewGameDialog *self,
                                                            gint64               character_id,
                                                            gboolean             picked);
guint                muster_new_game_dialog_get_n_picked   (MusterNewGameDialog *self);
gboolean             muster_new_game_dialog_get_picked     (MusterNewGameDialog *self,
                                                            gint64               character_id);
/* The same for units (rulesets kept by unit): a destroyed or disbanded
 * unit, or one with no figures left, cannot be picked. Picking a unit
 * picks its active characters too. */
gboolean             muster_new_game_dialog_is_unit_pickable (MusterNewGameDialog *self,
                                                              gint64               unit_id,
                                                              const char         **reason);
gboolean             muster_new_game_dialog_set_unit_picked  (MusterNewGameDialog *self,
                                                              gint64               unit_id,
                                                              gboolean             picked);
/* The new-game.create action: creates the game, emits ::game-created and
 * closes. Returns the id, or 0 with @error set (also shown in the dialog). */
gint64               muster_new_game_dialog_create         (MusterNewGameDialog *self,
                                                            GError             **error);

G_END_DECLS
