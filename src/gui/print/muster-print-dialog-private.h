/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-print-dialog.h"
#include "muster-print-job.h"
#include "muster-print-preview.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_PRINT_DIALOG (muster_print_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MusterPrintDialog, muster_print_dialog, MUSTER, PRINT_DIALOG, AdwWindow)

MusterPrintDialog  *muster_print_dialog_new          (GtkWindow          *parent,
                                                      MusterStore        *store,
                                                      gint64              campaign_id,
                                                      gint64              force_id,
                                                      GArray             *character_ids,
                                                      MusterPrintSheet    sheet,
                                                      GError            **error);
MusterPrintJob     *muster_print_dialog_get_job      (MusterPrintDialog  *self);
/* The renderer for the current choices; NULL when they cannot be printed. */
MusterSheet        *muster_print_dialog_get_sheet    (MusterPrintDialog  *self);
/* What the dialog says the sheet needs; 0 when it cannot be printed. */
guint               muster_print_dialog_get_n_pages  (MusterPrintDialog  *self);
/* What the Preview button opens. */
MusterPrintPreview *muster_print_dialog_open_preview (MusterPrintDialog  *self);
/* What Export PDF… does once the file is chosen. */
void                muster_print_dialog_export_to    (MusterPrintDialog  *self,
                                                      const char         *path);
gboolean            muster_print_dialog_is_exporting (MusterPrintDialog  *self);

G_END_DECLS
