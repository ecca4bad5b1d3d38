/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-ruleset.h"
#include "muster-sheet.h"

G_BEGIN_DECLS

/* Figures on one Figure Stats page, as on the rules' own sheet. */
#define MUSTER_FIGURE_STATS_PER_PAGE 8

/*
 * The Figure Stats playsheet: eight figures a page, each with its name,
 * troop type and weapon beside its stats, numbered turn boxes and wound
 * boxes. A ruleset with more stats than an eighth of the page holds
 * gives each figure two eighths, or four, and fewer figures a page.
 * With 32 turns every page of turns 1-16 is followed by a page of turns
 * 17-32 for the same figures. Empty slots are printed blank.
 */
#define MUSTER_TYPE_FIGURE_STATS_SHEET (muster_figure_stats_sheet_get_type ())
G_DECLARE_FINAL_TYPE (MusterFigureStatsSheet, muster_figure_stats_sheet, MUSTER, FIGURE_STATS_SHEET, MusterSheet)

/* @characters: (element-type MusterCharacter) (nullable): the figures, in
 * the order they are printed. @turns: 16 or 32. */
MusterSheet *muster_figure_stats_sheet_new       (MusterRuleset *ruleset,
                                                  GPtrArray     *characters,
                                                  guint          turns);

G_END_DECLS
