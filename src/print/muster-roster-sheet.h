/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-ruleset.h"
#include "muster-sheet.h"

G_BEGIN_DECLS

/*
 * A roster list: characters as a table (name, troop type, weapon, stats,
 * status, kills, games) that breaks across pages with its header row
 * repeated, and "Page 1 of 3" at the foot. A Force column is added when
 * the characters come from more than one force.
 */
#define MUSTER_TYPE_ROSTER_SHEET (muster_roster_sheet_get_type ())
G_DECLARE_FINAL_TYPE (MusterRosterSheet, muster_roster_sheet, MUSTER, ROSTER_SHEET, MusterSheet)

/* @characters: (element-type MusterCharacter) (nullable). The heading is
 * the sheet's title, or "Roster". */
MusterSheet *muster_roster_sheet_new (MusterRuleset *ruleset,
                                      GPtrArray     *characters,
                                      const char    *title);

G_END_DECLS
