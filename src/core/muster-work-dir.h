/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * A private working folder beside a file, ".NAME.PURPOSE-XXXXXX" next to
 * NAME, for work that needs files of its own (a restore brings a backup up
 * to date on a copy). The folder is locked (flock) for as long as it is in
 * use. A process that is killed cannot remove its folder, but the kernel
 * drops its lock; muster_work_dir_sweep() then removes every such folder
 * nobody holds, so none is left for long.
 */
typedef struct _MusterWorkDir MusterWorkDir;

/* Creates and locks the folder; NULL with a G_IO_ERROR naming @beside's
 * folder when it cannot be made. */
MusterWorkDir *muster_work_dir_new      (const char     *beside,
                                         const char     *purpose,
                                         GError        **error);
const char    *muster_work_dir_get_path (MusterWorkDir  *self);
/* Removes the folder, with the files in it, and frees @self. */
void           muster_work_dir_free     (MusterWorkDir  *self);
/* Removes the @purpose folders beside @beside that no process holds;
 * returns how many. */
guint          muster_work_dir_sweep    (const char     *beside,
                                         const char     *purpose);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterWorkDir, muster_work_dir_free)

G_END_DECLS
