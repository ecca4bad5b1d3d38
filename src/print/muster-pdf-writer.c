/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <glib/gi18n.h>
#include <gio/gio.h>
#include <cairo-pdf.h>

#include "muster-file-output-stream.h"
#include "muster-pdf-writer.h"
#include "muster-sheet-private.h"

struct _MusterPdfWriter
{
  MusterSheet            *sheet;
  MusterPageSize          size;
  char                   *path;
  MusterFileOutputStream *stream;
  GByteArray             *buffer;       /* written, not yet on the stream */
  GError                 *write_error;  /* the first write that failed */
  cairo_surface_t        *surface;
  cairo_t                *cr;
  guint                   n_pages;
  guint                   page;
  gboolean                finished;
};

/* Cairo hands its output over a few bytes at a time (an operator, a
 * number): gathered here, it goes to the file in blocks, not in a system
 * call each. */
#define BUFFER_SIZE (64 * 1024)

static gboolean
write_out (MusterPdfWriter     *self,
           const unsigned char *data,
           gsize                length)
{
  if (self->write_error != NULL)
    return FALSE;
  return g_output_stream_write_all (G_OUTPUT_STREAM (self->stream), data, length,
                                    NULL, NULL, &self->write_error);
}

static gboolean
flush_buffer (MusterPdfWriter *self)
{
  gboolean ok = write_out (self, self->buffer->data, self->buffer->len);

  g_byte_array_set_size (self->buffer, 0);
  return ok;
}

static cairo_status_t
write_cb (void                *closure,
          const unsigned char *data,
          unsigned int         length)
{
  MusterPdfWriter *self = closure;

  if (self->write_error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (self->buffer->len + length > BUFFER_SIZE && !flush_buffer (self))
    return CAIRO_STATUS_WRITE_ERROR;
  if (length >= BUFFER_SIZE)
    return write_out (self, data, length) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
  g_byte_array_append (self->buffer, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/**
 * muster_pdf_writer_new:
 *
 * Opens a temporary file beside @path for the pages of @sheet drawn on
 * @size.
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
  self->stream = muster_file_output_stream_new (path, 0666, error);
  if (self->stream == NULL)
    return NULL;
  self->buffer = g_byte_array_sized_new (BUFFER_SIZE);
  self->surface = cairo_pdf_surface_create_for_stream (write_cb, self, size->width, size->height);
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

/* Cairo's PDF surface keeps, for each page, the union of the boxes of
 * what was drawn on it, box by box, and a union of hundreds of separate
 * boxes (a Figure Stats page draws some 600 texts, boxes and bands)
 * grows dearer with each one. Drawn first, a shape whose box holds the
 * whole page makes every later box add nothing to that union: two thin
 * strips an inch outside the paper, above and below it, white, that no
 * viewer or printer shows. */
static void
claim_page (cairo_t              *cr,
            const MusterPageSize *size)
{
  const double outside = 72.0;

  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, -2 * outside, -2 * outside, size->width + 4 * outside, outside);
  cairo_rectangle (cr, -2 * outside, size->height + outside, size->width + 4 * outside, outside);
  cairo_fill (cr);
  cairo_restore (cr);
}

gboolean
muster_pdf_writer_write_page (MusterPdfWriter *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (!self->finished, FALSE);

  if (self->page >= self->n_pages)
    return FALSE;

  claim_page (self->cr, &self->size);
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
  flush_buffer (self);

  /* The system's reason (a full disk) rather than cairo's “error while
   * writing to output stream”. */
  if (self->write_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&self->write_error));
      muster_file_output_stream_abort (self->stream);
      return FALSE;
    }
  if (!muster_sheet_check_cairo (status, self->path, error))
    {
      muster_file_output_stream_abort (self->stream);
      return FALSE;
    }
  if (!muster_file_output_stream_commit (self->stream, error))
    return FALSE;

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
  /* A stream never committed removes its temporary file. */
  g_clear_object (&self->stream);
  g_clear_pointer (&self->buffer, g_byte_array_unref);
  g_clear_error (&self->write_error);

  g_clear_object (&self->sheet);
  g_free (self->path);
  g_free (self);
}
