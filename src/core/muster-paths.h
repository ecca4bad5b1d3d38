/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Where the translations are: the installed locale directory, or, when
 * Muster runs from its build tree and is not installed, the build's own
 * po/ directory, so that a build run as it is speaks the user's language.
 * MUSTER_LOCALEDIR overrides both. */
const char *muster_paths_get_locale_dir (void);

G_END_DECLS
