/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-store.h"

G_BEGIN_DECLS

/*
 * The Record Results dialog: for every participant, the outcome from the
 * ruleset's outcomes (with wound counts where the outcome takes them), the
 * participants of the other side they put out, unnamed figures and notes;
 * for every unit (rulesets kept by unit), the figures killed, wounded,
 * captured or run, as far as the ruleset keeps them, its colours where the
 * ruleset has rules for them, and notes; the winning side and notes on
 * the game. Saving writes the results that
 * changed (the first makes a planned game played); results can be
 * corrected until the game is resolved.
 *
 * The setters below do what the dialog's widgets do, for tests.
 */

#define MUSTER_TYPE_RECORD_DIALOG (muster_record_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MusterRecordDialog, muster_record_dialog, MUSTER, RECORD_DIALOG, AdwWindow)

/* NULL with @error set when the game cannot be read or is resolved. */
MusterRecordDialog *muster_record_dialog_new         (MusterStore         *store,
                                                     gint64               game_id,
                                                     GError             **error);
/* @outcome_id NULL for "not recorded". FALSE for someone who did not take
 * part or an outcome the ruleset does not have. */
gboolean            muster_record_dialog_set_outcome (MusterRecordDialog  *self,
                                                     gint64               character_id,
                                                     const char          *outcome_id,
                                                     int                  light_wounds,
                                                     int                  serious_wounds);
/* What the participant's row says of his result: "Wounded (0 light, 2
 * serious) · 2 serious wounds count as “Out of action”."; NULL for
 * someone who did not take part. */
const char         *muster_record_dialog_get_summary (MusterRecordDialog  *self,
                                                     gint64               character_id);
/* @victim need not be on the other side: the store refuses that on save. */
gboolean            muster_record_dialog_set_victim  (MusterRecordDialog  *self,
                                                     gint64               killer_id,
                                                     gint64               victim_id,
                                                     gboolean             killed);
gboolean            muster_record_dialog_set_killed_unnamed (MusterRecordDialog *self,
                                                            gint64              killer_id,
                                                            int                 n);
/* A unit's figures lost and its colours (NULL kept, "lost", "captured"):
 * FALSE for a unit not in the game, or figures or colours the ruleset
 * keeps no record of (the dialog has no control for them). Losses above
 * the figures that took the field are refused on save. */
gboolean            muster_record_dialog_set_unit_result (MusterRecordDialog *self,
                                                         gint64              unit_id,
                                                         int                 killed,
                                                         int                 wounded,
                                                         int                 captured,
                                                         int                 run,
                                                         const char         *colours);
/* Whether the dialog offers @kind ("killed", "wounded", "captured", "run"
 * or "colours") for @unit_id. */
gboolean            muster_record_dialog_has_unit_figures (MusterRecordDialog *self,
                                                          gint64              unit_id,
                                                          const char         *kind);
/* The record.save action: writes what changed and closes. FALSE with
 * @error set (also shown in the dialog, which stays open). */
gboolean            muster_record_dialog_save        (MusterRecordDialog  *self,
                                                     GError             **error);

G_END_DECLS
