/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-file"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "muster-file-output-stream.h"

struct _MusterFileOutputStream
{
  GOutputStream  parent_instance;

  char          *path;
  char          *temp_path;
  int            fd;
  int            failed_errno;  /* the first write that failed, or 0 */
  gboolean       aborting;
};

G_DEFINE_FINAL_TYPE (MusterFileOutputStream, muster_file_output_stream, G_TYPE_OUTPUT_STREAM)

/* Long enough to tell files apart, short enough that ".NAME.XXXXXX" still
 * fits in a file name wherever NAME did. */
#define MAX_TEMP_BASE 200

static void
set_errno_error (GError      **error,
                 const char   *path,
                 int           saved_errno)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               _("Could not write “%s”: %s"), path, g_strerror (saved_errno));
}

static void
discard (MusterFileOutputStream *self)
{
  if (self->fd >= 0)
    {
      close (self->fd);
      self->fd = -1;
    }
  if (self->temp_path != NULL)
    g_unlink (self->temp_path);
}

static gssize
muster_file_output_stream_write (GOutputStream  *stream,
                                 const void     *buffer,
                                 gsize           count,
                                 GCancellable   *cancellable,
                                 GError        **error)
{
  MusterFileOutputStream *self = MUSTER_FILE_OUTPUT_STREAM (stream);
  gssize written;

  if (self->failed_errno != 0)
    {
      set_errno_error (error, self->path, self->failed_errno);
      return -1;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return -1;

  do
    written = write (self->fd, buffer, count);
  while (written < 0 && errno == EINTR);

  if (written < 0)
    {
      self->failed_errno = errno;
      set_errno_error (error, self->path, self->failed_errno);
      return -1;
    }
  return written;
}

/* Closing is committing, unless the stream failed, was aborted or its
 * close was cancelled: then the temporary file goes and the target stays
 * as it was. */
static gboolean
muster_file_output_stream_close (GOutputStream  *stream,
                                 GCancellable   *cancellable,
                                 GError        **error)
{
  MusterFileOutputStream *self = MUSTER_FILE_OUTPUT_STREAM (stream);
  int saved_errno;

  if (self->aborting || g_cancellable_is_cancelled (cancellable))
    {
      discard (self);
      return TRUE;
    }
  if (self->failed_errno != 0)
    {
      discard (self);
      set_errno_error (error, self->path, self->failed_errno);
      return FALSE;
    }

  /* On the disk before the rename, so that after a power cut the target
   * is the old file or the whole new one, never an empty one. */
  if (fsync (self->fd) != 0 && errno != EINVAL)
    {
      saved_errno = errno;
      discard (self);
      set_errno_error (error, self->path, saved_errno);
      return FALSE;
    }
  /* Some file systems report a failed delayed write only here. */
  if (close (self->fd) != 0)
    {
      saved_errno = errno;
      self->fd = -1;
      discard (self);
      set_errno_error (error, self->path, saved_errno);
      return FALSE;
    }
  self->fd = -1;

  if (g_rename (self->temp_path, self->path) != 0)
    {
      saved_errno = errno;
      discard (self);
      set_errno_error (error, self->path, saved_errno);
      return FALSE;
    }
  return TRUE;
}

static void
muster_file_output_stream_dispose (GObject *object)
{
  MusterFileOutputStream *self = MUSTER_FILE_OUTPUT_STREAM (object);

  /* GOutputStream closes an open stream when it goes: that must not put
   * a file that was never finished in place. */
  if (!g_output_stream_is_closed (G_OUTPUT_STREAM (self)))
    self->aborting = TRUE;

  G_OBJECT_CLASS (muster_file_output_stream_parent_class)->dispose (object);
}

static void
muster_file_output_stream_finalize (GObject *object)
{
  MusterFileOutputStream *self = MUSTER_FILE_OUTPUT_STREAM (object);

  /* Only when the stream was never opened or never closed. */
  if (self->fd >= 0)
    discard (self);
  g_free (self->path);
  g_free (self->temp_path);

  G_OBJECT_CLASS (muster_file_output_stream_parent_class)->finalize (object);
}

static void
muster_file_output_stream_class_init (MusterFileOutputStreamClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GOutputStreamClass *stream_class = G_OUTPUT_STREAM_CLASS (klass);

  object_class->dispose = muster_file_output_stream_dispose;
  object_class->finalize = muster_file_output_stream_finalize;
  stream_class->write_fn = muster_file_output_stream_write;
  stream_class->close_fn = muster_file_output_stream_close;
}

static void
muster_file_output_stream_init (MusterFileOutputStream *self)
{
  self->fd = -1;
}

/**
 * muster_file_output_stream_new:
 * @path: the file to write
 * @mode: the permissions of a new file, less the umask (0666 for a document,
 *   0600 for a copy of the library)
 *
 * Returns: (transfer full): a stream writing a temporary file beside
 * @path, or %NULL with @error set.
 */
MusterFileOutputStream *
muster_file_output_stream_new (const char  *path,
                               int          mode,
                               GError     **error)
{
  g_autoptr(MusterFileOutputStream) self = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (MUSTER_TYPE_FILE_OUTPUT_STREAM, NULL);
  self->path = g_strdup (path);

  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  if (strlen (base) > MAX_TEMP_BASE)
    base[MAX_TEMP_BASE] = '\0';
  name = g_strdup_printf (".%s.XXXXXX", base);
  self->temp_path = g_build_filename (dir, name, NULL);

  self->fd = g_mkstemp_full (self->temp_path, O_RDWR | O_CLOEXEC, mode);
  if (self->fd < 0)
    {
      set_errno_error (error, path, errno);
      g_clear_pointer (&self->temp_path, g_free);
      /* Nothing to remove: closing only marks the stream closed. */
      self->aborting = TRUE;
      return NULL;
    }
  return g_steal_pointer (&self);
}

const char *
muster_file_output_stream_get_path (MusterFileOutputStream *self)
{
  g_return_val_if_fail (MUSTER_IS_FILE_OUTPUT_STREAM (self), NULL);
  return self->path;
}

const char *
muster_file_output_stream_get_temp_path (MusterFileOutputStream *self)
{
  g_return_val_if_fail (MUSTER_IS_FILE_OUTPUT_STREAM (self), NULL);
  return self->temp_path;
}

gboolean
muster_file_output_stream_commit (MusterFileOutputStream  *self,
                                  GError                 **error)
{
  g_return_val_if_fail (MUSTER_IS_FILE_OUTPUT_STREAM (self), FALSE);
  return g_output_stream_close (G_OUTPUT_STREAM (self), NULL, error);
}

void
muster_file_output_stream_abort (MusterFileOutputStream *self)
{
  g_return_if_fail (MUSTER_IS_FILE_OUTPUT_STREAM (self));

  self->aborting = TRUE;
  g_output_stream_close (G_OUTPUT_STREAM (self), NULL, NULL);
}
