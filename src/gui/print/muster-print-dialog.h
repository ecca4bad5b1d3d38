/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-store.h"

G_BEGIN_DECLS

typedef enum {
  MUSTER_PRINT_FIGURE_STATS,
  MUSTER_PRINT_PLAYSHEET,
  MUSTER_PRINT_CARDS,
  MUSTER_PRINT_ROSTER,
  MUSTER_PRINT_UNITS,        /* rulesets kept by unit */
  MUSTER_PRINT_DECK,         /* rulesets played with a card deck */
  MUSTER_PRINT_CHRONICLE,    /* the whole campaign told */
} MusterPrintSheet;

/*
 * The Print dialog: the user picks the sheet and its options (turns,
 * paper), then prints (GtkPrintOperation with page setup and Muster's own
 * preview) or exports a PDF through a file chooser.
 *
 * @force_id: 0 for none; @character_ids: array of gint64, may be NULL,
 * the characters to print (a roster selection or a game's participants);
 * when NULL, the force's characters, or the whole campaign's.
 */
void muster_print_dialog_present (GtkWindow        *parent,
                                  MusterStore      *store,
                                  gint64            campaign_id,
                                  gint64            force_id,
                                  GArray           *character_ids,
                                  MusterPrintSheet  sheet);

G_END_DECLS
