/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-card-grid.h"
#include "muster-ruleset.h"
#include "muster-sheet.h"

G_BEGIN_DECLS

/*
 * Stat cards: one card per character with its name, force, troop type,
 * weapon, stats, a wound track, kills and games so far. The cards sit
 * edge to edge, centred on the paper, with cut marks outside them.
 */
#define MUSTER_TYPE_CARDS_SHEET (muster_cards_sheet_get_type ())
G_DECLARE_FINAL_TYPE (MusterCardsSheet, muster_cards_sheet, MUSTER, CARDS_SHEET, MusterSheet)

/* @characters: (element-type MusterCharacter) (nullable) */
MusterSheet *muster_cards_sheet_new (MusterRuleset *ruleset,
                                     GPtrArray     *characters);

G_END_DECLS
