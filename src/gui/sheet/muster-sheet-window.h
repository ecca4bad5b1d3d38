/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-sheet-rows.h"
#include "muster-store.h"

G_BEGIN_DECLS

/*
 * What every sheet window (a character's, a unit's) does around its own
 * rows: it follows the store's changes to its campaign and reads its
 * thing again, asks the store to look for changes made by another program
 * when it becomes active, saves what was typed and not yet saved when it
 * closes, and keeps the store, the campaign's ruleset and the notes for
 * its subclass. A subclass reads its thing in ::reload and saves in
 * ::save_pending.
 */

#define MUSTER_TYPE_SHEET_WINDOW (muster_sheet_window_get_type ())
G_DECLARE_DERIVABLE_TYPE (MusterSheetWindow, muster_sheet_window, MUSTER, SHEET_WINDOW, AdwWindow)

struct _MusterSheetWindowClass
{
  AdwWindowClass parent_class;

  /* Reads the sheet's thing again and shows it. */
  void (*reload)       (MusterSheetWindow *self);
  /* Saves what was typed but not saved yet (the window is closing). */
  void (*save_pending) (MusterSheetWindow *self);

  gpointer padding[6];
};

/* Sets the sheet on thing @id of @campaign_id in @store and loads the
 * campaign's ruleset; from then on the sheet follows the store. For the
 * subclass's constructor, before it builds the ruleset's rows. */
void              muster_sheet_window_set_up       (MusterSheetWindow *self,
                                                    MusterStore       *store,
                                                    gint64             id,
                                                    gint64             campaign_id);
MusterStore      *muster_sheet_window_get_store    (MusterSheetWindow *self);
/* The campaign's ruleset, or NULL when it cannot be read. */
MusterRuleset    *muster_sheet_window_get_ruleset  (MusterSheetWindow *self);
gint64            muster_sheet_window_get_id       (MusterSheetWindow *self);
/* The sheet's notes, for muster_sheet_notes_init() and the rest. */
MusterSheetNotes *muster_sheet_window_get_notes    (MusterSheetWindow *self);
/* The sheet's thing could not be read: closes the sheet when it was
 * deleted (MUSTER_STORE_ERROR_NOT_FOUND), else says so in a toast on
 * @overlay that stays until dismissed. */
void              muster_sheet_window_read_failed  (MusterSheetWindow *self,
                                                    AdwToastOverlay   *overlay,
                                                    const GError      *error);
/* What the sheet said when its thing last could not be read, or NULL. */
const char       *muster_sheet_window_get_read_error (MusterSheetWindow *self);
/* The sheet window of @type on thing @id of @store open in @application,
 * or NULL. */
GtkWidget        *muster_sheet_window_find         (GtkApplication    *application,
                                                    GType              type,
                                                    MusterStore       *store,
                                                    gint64             id);

G_END_DECLS
