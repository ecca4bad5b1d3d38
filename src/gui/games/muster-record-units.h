/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-game.h"
#include "muster-ruleset.h"
#include "muster-store.h"

G_BEGIN_DECLS

/*
 * The units of a game in the Record Results dialog (rulesets kept by
 * unit): a row for each unit, added to the group of its side in @groups
 * (side -> AdwPreferencesGroup, made on @page when missing), and what the
 * user changed in them until it is saved.
 */
typedef struct _MusterRecordUnits MusterRecordUnits;

MusterRecordUnits *muster_record_units_new         (MusterStore         *store,
                                                    MusterGame          *game,
                                                    MusterRuleset       *ruleset,
                                                    AdwPreferencesPage  *page,
                                                    GHashTable          *groups,
                                                    GError             **error);
void               muster_record_units_free        (MusterRecordUnits   *self);
/* Writes the results that changed; FALSE with @error set at the first
 * refused (losses above the figures that took the field). They stay
 * changed until muster_record_units_mark_saved(), once the whole change
 * is committed. */
gboolean           muster_record_units_save        (MusterRecordUnits   *self,
                                                    GError             **error);
void               muster_record_units_mark_saved  (MusterRecordUnits   *self);
/* See muster_record_dialog_set_unit_result(). */
gboolean           muster_record_units_set_result  (MusterRecordUnits   *self,
                                                    gint64               unit_id,
                                                    int                  killed,
                                                    int                  wounded,
                                                    int                  captured,
                                                    int                  run,
                                                    const char          *colours);
gboolean           muster_record_units_has_figures (MusterRecordUnits   *self,
                                                    gint64               unit_id,
                                                    const char          *kind);

G_END_DECLS
