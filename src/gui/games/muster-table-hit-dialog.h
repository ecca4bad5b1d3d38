/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-store.h"
#include "muster-table.h"

G_BEGIN_DECLS

/*
 * A hit resolved at the table, step by step: the attacker, a shot or a
 * melee and its difference, the hit location (rolled or chosen), the
 * modifiers of the wound effect, and any die typed in from the table
 * instead of rolled; then each die and the table row used, as recorded.
 */

#define MUSTER_TYPE_TABLE_HIT_DIALOG (muster_table_hit_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MusterTableHitDialog, muster_table_hit_dialog, MUSTER, TABLE_HIT_DIALOG, AdwWindow)

/* For @target_id, or figures of @unit_id. */
MusterTableHitDialog *muster_table_hit_dialog_new      (MusterStore          *store,
                                                        gint64                game_id,
                                                        gint64                target_id,
                                                        gint64                unit_id);
/* Choices a test makes as a user would: the attacker (0: nobody), the
 * location id (NULL: rolled), a melee's difference (-1: a shot), and
 * faces typed in (NULL: rolled). */
void                  muster_table_hit_dialog_set_attacker (MusterTableHitDialog *self,
                                                            gint64                attacker_id);
void                  muster_table_hit_dialog_set_location (MusterTableHitDialog *self,
                                                            const char           *location);
void                  muster_table_hit_dialog_set_faces    (MusterTableHitDialog *self,
                                                            const char           *location_faces,
                                                            const char           *effect_faces);
/* The hit.resolve action. Returns the hit recorded (transfer none), or
 * NULL with @error set (also shown). */
const MusterHit      *muster_table_hit_dialog_resolve  (MusterTableHitDialog *self,
                                                        GError              **error);
/* What the dialog shows of the hit resolved, a step a line. */
const char           *muster_table_hit_dialog_get_steps (MusterTableHitDialog *self);

G_END_DECLS
