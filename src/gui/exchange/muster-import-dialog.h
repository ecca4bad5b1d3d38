/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-exchange.h"
#include "muster-store.h"

G_BEGIN_DECLS

/*
 * Asks before importing a .muster file, saying what it holds; for a force
 * file the user picks the campaign it joins among those with the same
 * ruleset. On "import" the file is imported in a thread with its own
 * connection to the library, a progress dialog pulsing meanwhile; then the
 * store's views refresh, and ::finished is emitted with the new campaign's
 * or force's id (0 on failure, after an error dialog).
 */

#define MUSTER_TYPE_IMPORT_DIALOG (muster_import_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MusterImportDialog, muster_import_dialog, MUSTER, IMPORT_DIALOG, AdwMessageDialog)

/* Takes ownership of @summary. */
MusterImportDialog *muster_import_dialog_new             (GtkWindow             *parent,
                                                          MusterStore           *store,
                                                          GFile                 *file,
                                                          MusterExchangeSummary *summary,
                                                          gint64                 into_campaign_id);
/* The campaign a force joins (0 for a campaign file, or when none fits). */
gint64              muster_import_dialog_get_campaign_id (MusterImportDialog    *self);
void                muster_import_dialog_set_campaign_id (MusterImportDialog    *self,
                                                          gint64                 campaign_id);
/* After ::finished with 0: why the import failed. */
const GError       *muster_import_dialog_get_error       (MusterImportDialog    *self);
/* The error dialog shown after a failed import, or NULL. */
AdwMessageDialog   *muster_import_dialog_get_error_dialog (MusterImportDialog   *self);

/* The confirmation's text for @summary: what will be imported. */
char               *muster_import_dialog_describe        (const MusterExchangeSummary *summary);
/* The progress dialog while the import runs (its Cancel stops it), or
 * NULL. */
GtkWindow          *muster_import_dialog_get_progress    (MusterImportDialog    *self);

G_END_DECLS
