/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-ruleset.h"
#include "muster-sheet.h"

G_BEGIN_DECLS

/*
 * The Playsheet: the quick-reference tables of a ruleset, drawn from its
 * reference tables (never from C), flowed into two columns a page. Tables
 * that carry a house reading are marked with a dagger and their note is
 * printed as "House reading: ...".
 */
#define MUSTER_TYPE_PLAYSHEET_SHEET (muster_playsheet_sheet_get_type ())
G_DECLARE_FINAL_TYPE (MusterPlaysheetSheet, muster_playsheet_sheet, MUSTER, PLAYSHEET_SHEET, MusterSheet)

MusterSheet *muster_playsheet_sheet_new (MusterRuleset *ruleset);

G_END_DECLS
