/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-store.h"

G_BEGIN_DECLS

/* Export a campaign (@force_id 0) or a force to a .muster file chosen
 * with a GtkFileChooserNative. */
void muster_exchange_ui_export          (GtkWindow   *parent,
                                         MusterStore *store,
                                         gint64       campaign_id,
                                         gint64       force_id);
/* Import @file (NULL: choose one) after the user confirms what it holds;
 * a force file joins @into_campaign_id (0: ask). */
void muster_exchange_ui_import          (GtkWindow   *parent,
                                         MusterStore *store,
                                         GFile       *file,
                                         gint64       into_campaign_id);
/* Exports to @file without a chooser (what the chooser's answer runs), in
 * a thread, with a progress dialog whose Cancel stops it and leaves @file
 * as it was; then shows "Exported …" on a MusterWindow, or an error
 * dialog, and calls @callback (may be NULL). Returns the progress dialog,
 * or NULL when @file cannot be written at all (the error is shown). */
GtkWindow *muster_exchange_ui_export_to_file  (GtkWindow           *parent,
                                               MusterStore         *store,
                                               gint64               campaign_id,
                                               gint64               force_id,
                                               GFile               *file,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
/* Whether the export was written; G_IO_ERROR_CANCELLED after a Cancel. */
gboolean   muster_exchange_ui_export_finish   (GAsyncResult        *result,
                                               GError             **error);
/* Reads what @file holds and presents the confirmation (a
 * MusterImportDialog), or an error dialog when it cannot be read; returns
 * the dialog presented. What muster_exchange_ui_import runs once it has a
 * file. */
GtkWindow *muster_exchange_ui_import_file     (GtkWindow   *parent,
                                               MusterStore *store,
                                               GFile       *file,
                                               gint64       into_campaign_id);
/* Lets .muster files be dropped on @widget (the main window). */
void muster_exchange_ui_add_drop_target (GtkWidget   *widget,
                                         MusterStore *store);

G_END_DECLS
