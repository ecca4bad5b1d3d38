/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-ruleset.h"
#include "muster-sheet.h"

G_BEGIN_DECLS

/*
 * The unit roster of a campaign kept by unit: a table of units with what
 * a player needs at the table (type, rating, size, figures lost and left,
 * and the ruleset's unit stats: base morale, movement dice per
 * formation, morale with and without a leader, bases…), each unit
 * followed by its attached characters with their stats. Characters with
 * no unit come last. The table breaks across pages (a unit stays with
 * its characters where it can) with its header row repeated, and
 * "Page 1 of 3" at the foot. Dead and retired characters are left out;
 * a Force column (and each character's force) is added when the units or
 * characters come from more than one force,
 * a Status column when any unit is no longer active.
 */
#define MUSTER_TYPE_UNITS_SHEET (muster_units_sheet_get_type ())
G_DECLARE_FINAL_TYPE (MusterUnitsSheet, muster_units_sheet, MUSTER, UNITS_SHEET, MusterSheet)

/* @units: (element-type MusterUnit) (nullable): the rows, listed force by
 * force (by id within each).
 * @characters: (element-type MusterCharacter) (nullable): those attached
 * to the units go under them; those attached to none go last.
 * The heading is the sheet's title, or "Units". */
MusterSheet *muster_units_sheet_new (MusterRuleset *ruleset,
                                     GPtrArray     *units,
                                     GPtrArray     *characters,
                                     const char    *title);

G_END_DECLS
