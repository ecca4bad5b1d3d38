/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/*
 * The user guide shown by Muster itself, for when no help browser can show
 * it (none installed, or a sandbox whose help the host's browser cannot
 * see): the same Mallard pages, in the user's language where they are
 * translated, with links between pages, Back (Alt+Left) and Contents
 * (Alt+Home).
 */

#define MUSTER_TYPE_HELP_WINDOW (muster_help_window_get_type ())
G_DECLARE_FINAL_TYPE (MusterHelpWindow, muster_help_window, MUSTER, HELP_WINDOW, AdwWindow)

/* Reads the guide's pages (muster_paths_get_help_dirs()) and shows the
 * contents page; NULL with @error when the pages cannot be read. */
MusterHelpWindow *muster_help_window_new       (GtkApplication   *application,
                                                GError          **error);
/* Shows @xref: a page id, or "page#section" to scroll to a section.
 * Returns FALSE when there is no such page. */
gboolean          muster_help_window_show      (MusterHelpWindow *self,
                                                const char       *xref);
/* The id of the page shown. */
const char       *muster_help_window_get_page  (MusterHelpWindow *self);
/* The page shown before, if any; returns FALSE when there was none. */
gboolean          muster_help_window_go_back   (MusterHelpWindow *self);

G_END_DECLS
