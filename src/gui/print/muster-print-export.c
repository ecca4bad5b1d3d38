/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-pdf-writer.h"
#include "muster-print-export.h"

/* How long one batch may keep the main loop, in microseconds: short
 * enough that the window redraws and the Cancel button answers. */
#define BATCH_TIME (12 * 1000)

typedef struct
{
  MusterPdfWriter         *writer;
  MusterPrintProgressFunc  progress;
  gpointer                 progress_data;
  GDestroyNotify           progress_destroy;
} Export;

static void
export_free (Export *export)
{
  g_clear_pointer (&export->writer, muster_pdf_writer_free);
  if (export->progress_destroy != NULL)
    export->progress_destroy (export->progress_data);
  g_free (export);
}

static gboolean
export_step (gpointer data)
{
  GTask *task = data;
  Export *export = g_task_get_task_data (task);
  gint64 end = g_get_monotonic_time () + BATCH_TIME;
  g_autoptr(GError) error = NULL;
  gboolean more = TRUE;
  guint n_pages;

  if (g_task_return_error_if_cancelled (task))
    return G_SOURCE_REMOVE;

  while (more && g_get_monotonic_time () < end)
    more = muster_pdf_writer_write_page (export->writer);

  n_pages = muster_pdf_writer_get_n_pages (export->writer);
  if (export->progress != NULL)
    export->progress (muster_pdf_writer_get_page (export->writer), n_pages, export->progress_data);

  if (more)
    return G_SOURCE_CONTINUE;

  if (!muster_pdf_writer_finish (export->writer, &error))
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_int (task, n_pages);

  return G_SOURCE_REMOVE;
}

void
muster_print_export_async (MusterSheet             *sheet,
                           const MusterPageSize    *size,
                           const char              *path,
                           GCancellable            *cancellable,
                           MusterPrintProgressFunc  progress,
                           gpointer                 progress_data,
                           GDestroyNotify           progress_destroy,
                           GAsyncReadyCallback      callback,
                           gpointer                 user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSource) source = NULL;
  Export *export;

  g_return_if_fail (MUSTER_IS_SHEET (sheet));
  g_return_if_fail (size != NULL);
  g_return_if_fail (path != NULL);

  task = g_task_new (sheet, cancellable, callback, user_data);
  g_task_set_source_tag (task, muster_print_export_async);

  export = g_new0 (Export, 1);
  export->progress = progress;
  export->progress_data = progress_data;
  export->progress_destroy = progress_destroy;
  g_task_set_task_data (task, export, (GDestroyNotify) export_free);

  export->writer = muster_pdf_writer_new (sheet, size, path, &error);
  if (export->writer == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* Below GTK's layout and redraw (HIGH_IDLE + 10 and + 20), so the
   * progress bar is drawn between batches. */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT_IDLE);
  g_source_set_name (source, "[muster] export PDF");
  g_source_set_callback (source, export_step, g_object_ref (task), g_object_unref);
  g_source_attach (source, g_main_context_get_thread_default ());
}

guint
muster_print_export_finish (GAsyncResult  *result,
                            GError       **error)
{
  gssize pages;

  g_return_val_if_fail (G_IS_TASK (result), 0);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == muster_print_export_async, 0);

  pages = g_task_propagate_int (G_TASK (result), error);
  return pages > 0 ? (guint) pages : 0;
}
