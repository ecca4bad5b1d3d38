/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/*
 * The dialog shown while long work (an export, an import) runs off the
 * main thread: a heading, what is being worked on, a progress bar, and a
 * Cancel button that cancels @cancellable. Closing it with Escape cancels
 * too. The work's end closes it with muster_progress_dialog_done().
 */

/* Presents the dialog over @parent (may be NULL) and returns it. */
GtkWindow *muster_progress_dialog_new  (GtkWindow    *parent,
                                        const char   *heading,
                                        const char   *body,
                                        GCancellable *cancellable);
/* Closes @dialog once the work is over (it may have gone already, after a
 * Cancel). */
void       muster_progress_dialog_done (GtkWindow    *dialog);

G_END_DECLS
