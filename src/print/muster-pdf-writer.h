/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-sheet.h"

G_BEGIN_DECLS

/*
 * Writes a sheet to PDF a page at a time, so a caller can spread a long
 * export over several main-loop iterations, show progress and stop it.
 * The pages go to a temporary file beside PATH (a
 * #MusterFileOutputStream), every write checked, and
 * muster_pdf_writer_finish() renames it over PATH only when all of it was
 * written; a failure or freeing a writer that was not finished removes
 * it, so nothing half-written is ever left at PATH.
 */
typedef struct _MusterPdfWriter MusterPdfWriter;

MusterPdfWriter *muster_pdf_writer_new       (MusterSheet          *sheet,
                                              const MusterPageSize *size,
                                              const char           *path,
                                              GError              **error);
guint            muster_pdf_writer_get_n_pages (MusterPdfWriter    *self);
/* Pages written so far. */
guint            muster_pdf_writer_get_page    (MusterPdfWriter    *self);
/* Draws the next page; returns FALSE once every page is written. */
gboolean         muster_pdf_writer_write_page  (MusterPdfWriter    *self);
/* Writes what is left, closes the file and renames it into place. */
gboolean         muster_pdf_writer_finish      (MusterPdfWriter    *self,
                                                GError            **error);
void             muster_pdf_writer_free        (MusterPdfWriter    *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterPdfWriter, muster_pdf_writer_free)

G_END_DECLS
