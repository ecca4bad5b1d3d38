/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-sheet.h"

G_BEGIN_DECLS

/* Called after each batch of pages. */
typedef void (*MusterPrintProgressFunc) (guint    pages_done,
                                         guint    n_pages,
                                         gpointer user_data);

/*
 * Writes @sheet to a PDF at @path in short batches of pages from idle
 * callbacks, so the window stays responsive and shows progress; cancel
 * with @cancellable and nothing is left at @path. The sheet is drawn on
 * the main thread: Pango's font maps and the sheets' objects are not
 * shared with other threads.
 */
void     muster_print_export_async  (MusterSheet             *sheet,
                                     const MusterPageSize    *size,
                                     const char              *path,
                                     GCancellable            *cancellable,
                                     MusterPrintProgressFunc  progress,
                                     gpointer                 progress_data,
                                     GDestroyNotify           progress_destroy,
                                     GAsyncReadyCallback      callback,
                                     gpointer                 user_data);
/* Returns the number of pages written, 0 with @error set on failure. */
guint    muster_print_export_finish (GAsyncResult            *result,
                                     GError                 **error);

G_END_DECLS
