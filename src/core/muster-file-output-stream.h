/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * A file written whole or not at all: the bytes go to a temporary file
 * beside the target (".NAME.XXXXXX" in the same folder, so the rename
 * stays on one file system), every write is checked, and closing the
 * stream flushes it to the disk and renames it over the target. A stream
 * that is aborted, that failed, or that is freed without being closed
 * removes its temporary file, and the target is left as it was.
 *
 * Every error names the target and the system's reason, for example
 * “Could not write “cards.pdf”: No space left on device”.
 *
 * The PDF writer, the .muster exporter and the library's copies all write
 * through it.
 */

#define MUSTER_TYPE_FILE_OUTPUT_STREAM (muster_file_output_stream_get_type ())
G_DECLARE_FINAL_TYPE (MusterFileOutputStream, muster_file_output_stream,
                      MUSTER, FILE_OUTPUT_STREAM, GOutputStream)

/* Creates the temporary file beside @path with @mode (less the umask);
 * NULL with a G_IO_ERROR when the folder cannot be written. */
MusterFileOutputStream *muster_file_output_stream_new           (const char              *path,
                                                                 int                      mode,
                                                                 GError                 **error);
/* The target. */
const char             *muster_file_output_stream_get_path      (MusterFileOutputStream  *self);
/* The temporary file, for a writer that opens files by name (SQLite). */
const char             *muster_file_output_stream_get_temp_path (MusterFileOutputStream  *self);
/* Flushes the file to the disk, closes it and renames it over the target:
 * the same as g_output_stream_close(). */
gboolean                muster_file_output_stream_commit        (MusterFileOutputStream  *self,
                                                                 GError                 **error);
/* Closes and removes the temporary file; the target is untouched. */
void                    muster_file_output_stream_abort         (MusterFileOutputStream  *self);

G_END_DECLS
