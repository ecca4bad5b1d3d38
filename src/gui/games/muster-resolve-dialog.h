/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-engine.h"
#include "muster-store.h"

G_BEGIN_DECLS

/*
 * The Resolve dialog, a guided run of the between-game sequence: first the
 * rolls it will make (muster_engine_plan), each either rolled by Muster or
 * entered from the table; then, after muster_engine_resolve (one
 * transaction), each roll with its dice and what it did. When the game
 * cannot be resolved the dialog says why in the engine's words.
 */

#define MUSTER_TYPE_RESOLVE_DIALOG (muster_resolve_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MusterResolveDialog, muster_resolve_dialog, MUSTER, RESOLVE_DIALOG, AdwWindow)

MusterResolveDialog     *muster_resolve_dialog_new         (MusterStore         *store,
                                                           gint64               game_id);
/* The engine's refusal when the game cannot be resolved, or NULL. */
const GError            *muster_resolve_dialog_get_refusal (MusterResolveDialog *self);
guint                    muster_resolve_dialog_get_n_rolls (MusterResolveDialog *self);
const MusterPlannedRoll *muster_resolve_dialog_get_roll    (MusterResolveDialog *self,
                                                           guint                index);
/* Faces rolled at the table for roll @index ("4" or "3,5"), or NULL to let
 * Muster roll. FALSE with @error set when they do not fit the dice (the
 * row shows it too). */
gboolean                 muster_resolve_dialog_set_faces   (MusterResolveDialog *self,
                                                           guint                index,
                                                           const char          *faces,
                                                           GError             **error);
/* The resolve.run action. FALSE with @error set (also shown). */
gboolean                 muster_resolve_dialog_run         (MusterResolveDialog *self,
                                                           GError             **error);
/* After a run: of MusterResolutionEvent* (transfer none), else NULL. */
GPtrArray               *muster_resolve_dialog_get_events  (MusterResolveDialog *self);

/* Whether @text holds faces that fit @expression ("1d6", "2d6"): numbers
 * separated by commas or spaces, as many as the dice, each on its die.
 * FALSE with a MUSTER_DICE_ERROR saying what is wrong. */
gboolean                 muster_resolve_check_faces        (const char          *expression,
                                                           const char          *text,
                                                           GError             **error);

G_END_DECLS
