/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-sheet.h"
#include "muster-store.h"

G_BEGIN_DECLS

/*
 * The campaign's chronicle: a title page (the campaign, its rule set and
 * forces), a section a game (its date, title, sides and winner, what
 * happened to each man and whom he put out, then the log of the game
 * and of its between-game sequence, rolls and all, said in the reader's
 * language), the roll of honour (the fallen, when and by whose hand),
 * and the statistics' charts, drawn by muster-chart.c. Pages are
 * numbered; in a PDF each game, the roll of honour and the charts have
 * a bookmark.
 */
#define MUSTER_TYPE_CHRONICLE_SHEET (muster_chronicle_sheet_get_type ())
G_DECLARE_FINAL_TYPE (MusterChronicleSheet, muster_chronicle_sheet, MUSTER, CHRONICLE_SHEET, MusterSheet)

/* Reads everything the chronicle tells of campaign @campaign_id; NULL
 * with @error set when the store cannot say it. */
MusterSheet *muster_chronicle_sheet_new              (MusterStore          *store,
                                                      gint64                campaign_id,
                                                      GError              **error);
/* The page (from 0) the charts begin on, for @size. */
guint        muster_chronicle_sheet_get_charts_page  (MusterChronicleSheet *self,
                                                      const MusterPageSize *size);

G_END_DECLS
