/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-ruleset.h"
#include "muster-sheet.h"

G_BEGIN_DECLS

/*
 * The order of play of a game at the table, or its deck's check-list: a
 * table of the rows given under the game's heading and a note (how the
 * order is found), breaking across pages with its header row repeated.
 * The rows come from muster-table.h; the sheet only lays them out.
 */
#define MUSTER_TYPE_ORDER_SHEET (muster_order_sheet_get_type ())
G_DECLARE_FINAL_TYPE (MusterOrderSheet, muster_order_sheet, MUSTER, ORDER_SHEET, MusterSheet)

/* @headings: the columns, NULL-terminated; the first holds the names.
 * @rows: (element-type GStrv): a cell for each column (empty ones are
 * left to write in at the table). @note: (nullable): under the heading. */
MusterSheet *muster_order_sheet_new (MusterRuleset      *ruleset,
                                     const char * const *headings,
                                     GPtrArray          *rows,
                                     const char         *note);

G_END_DECLS
