/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Where the translations are: the installed locale directory, or, when
 * Muster runs from its build tree and is not installed, the build's own
 * po/ directory, so that a build run as it is speaks the user's language.
 * MUSTER_LOCALEDIR overrides both. */
const char *muster_paths_get_locale_dir (void);

/* The folders that may hold the user guide's Mallard pages, best first:
 * for each of the user's languages (g_get_language_names(), ending in C),
 * the build's help/LANG (the sources' help/C) when Muster runs from its
 * build tree, then help/LANG/APPLICATION_ID under the installed data
 * directory and under every system data directory, where Yelp finds them
 * too. MUSTER_HELPDIR, a folder of LANG folders, replaces them all. */
char      **muster_paths_get_help_dirs  (void);

/* The folder of data Muster ships, @subdir of its data directory
 * ("rulesets", "names"): the environment variable @env_var when it is set
 * (tests, and a user who keeps their own), else the installed one, else,
 * when Muster runs from its build tree and is not installed, the one in
 * its sources. */
char       *muster_paths_get_data_dir   (const char *env_var,
                                         const char *subdir);

G_END_DECLS
