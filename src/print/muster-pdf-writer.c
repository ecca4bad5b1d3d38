/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <errno.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <cairo-pdf.h>

#include "muster-pdf-writer.h"
#include "muster-sheet-private.h"

struct _MusterPdfWriter
{
  MusterSheet     *sheet;
  MusterPageSize   size;
  char            *path;
  char            *tmp_path;
  cairo_surface_t *surface;
  cairo_t         *cr;
  guint            n_pages;
  guint            page;
  gboolean         finished;
};

/**
 * muster_pdf_writer_new:
 *
 * Opens PATH.part for the pages of @sheet drawn on @size.
 *
 * Returns: (transfer full): a writer, or NULL with @error set when the
 * file cannot be created.
 */
MusterPdfWriter *
muster_pdf_writer_new (MusterSheet          *sheet,
                       const MusterPageSize *size,
                       const char           *path,
                       GError              **error)
{
  g_autoptr(MusterPdfWriter) self = NULL;

  g_return_val_if_fail (MUSTER_IS_SHEET (sheet), NULL);
  g_return_val_if_fail (size != NULL, NULL);
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_new0 (MusterPdfWriter, 1);
  self->sheet = g_object_ref (sheet);
  self->size = *size;
  self->path = g_strdup (path);
  self->tmp_path = g_strdup_printf ("%s.part", path);
  self->surface = cairo_pdf_surface_create (self->tmp_path, size->width, size->height);
  if (!muster_sheet_check_cairo (cairo_surface_status (self->surface), path, error))
    return NULL;

  if (muster_sheet_get_title (sheet) != NULL)
    cairo_pdf_surface_set_metadata (self->surface, CAIRO_PDF_METADATA_TITLE,
                                    muster_sheet_get_title (sheet));
  cairo_pdf_surface_set_metadata (self->surface, CAIRO_PDF_METADATA_CREATOR, "Muster " PACKAGE_VERSION);

  self->cr = cairo_create (self->surface);
  self->n_pages = muster_sheet_get_n_pages (sheet, size);

  return g_steal_pointer (&self);
}

guint
muster_pdf_writer_get_n_pages (MusterPdfWriter *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_pages;
}

guint
muster_pdf_writer_get_page (MusterPdfWriter *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->page;
}

gboolean
muster_pdf_writer_write_page (MusterPdfWriter *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (!self->finished, FALSE);

  if (self->page >= self->n_pages)
    return FALSE;

  muster_sheet_draw_page (self->sheet, self->cr, &self->size, self->page);
  cairo_show_page (self->cr);
  self->page++;

  return self->page < self->n_pages;
}

gboolean
muster_pdf_writer_finish (MusterPdfWriter  *self,
                          GError          **error)
{
  cairo_status_t status;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (!self->finished, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  while (muster_pdf_writer_write_page (self))
    ;

  status = cairo_status (self->cr);
  g_clear_pointer (&self->cr, cairo_destroy);
  cairo_surface_finish (self->surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (self->surface);
  g_clear_pointer (&self->surface, cairo_surface_destroy);

  if (!muster_sheet_check_cairo (status, self->path, error))
    return FALSE;

  if (g_rename (self->tmp_path, self->path) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not write “%s”: %s."), self->path, g_strerror (saved_errno));
      return FALSE;
    }

  self->finished = TRUE;
  return TRUE;
}

void
muster_pdf_writer_free (MusterPdfWriter *self)
{
  if (self == NULL)
    return;

  g_clear_pointer (&self->cr, cairo_destroy);
  if (self->surface != NULL)
    {
      cairo_surface_finish (self->surface);
      g_clear_pointer (&self->surface, cairo_surface_destroy);
    }
  if (!self->finished)
    g_unlink (self->tmp_path);

  g_clear_object (&self->sheet);
  g_free (self->path);
  g_free (self->tmp_path);
  g_free (self);
}
