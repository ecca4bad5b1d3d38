/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-ruleset.h"
#include "muster-store.h"

G_BEGIN_DECLS

/*
 * What a user brings into or takes out of Muster's own folders: ruleset
 * files added to $XDG_DATA_HOME/muster/rulesets, and backups of the whole
 * library. In the flatpak sandbox Muster sees no home folder, so the GUI
 * hands these functions files chosen through the portal.
 */

/* $XDG_DATA_HOME/muster/rulesets, where added rulesets go. */
char          *muster_library_get_rulesets_dir  (void);

/* Validates @data with the ruleset loader (@filename names it in messages)
 * and writes it, unchanged, as ID.xml in the user's rulesets folder,
 * replacing an earlier file with the same id; then reloads the registry.
 * A broken file is refused with the loader's message and nothing is
 * written. @out_path, when not NULL, receives the file written. */
MusterRuleset *muster_library_add_ruleset_data  (const char  *data,
                                                 gsize        length,
                                                 const char  *filename,
                                                 char       **out_path,
                                                 GError     **error);
/* The same for a file. */
MusterRuleset *muster_library_add_ruleset       (GFile       *file,
                                                 char       **out_path,
                                                 GError     **error);

/* A consistent copy of the library to @dest (SQLite's backup API, to a
 * temporary file then a rename). Refuses to overwrite the library itself. */
gboolean       muster_library_back_up           (MusterStore *store,
                                                 const char  *dest,
                                                 GError     **error);

/* Checks, on a read-only connection, that @path is a Muster library this
 * version can read (not empty, not another program's database, not from
 * a newer Muster, not damaged). Nothing is written. */
gboolean       muster_library_check_backup      (const char  *path,
                                                 GError     **error);

/* How many of the copies a restore keeps of what it replaced stay beside
 * the library; older ones are removed. */
#define MUSTER_LIBRARY_KEPT_COPIES 3

/* Replaces the whole library by the backup at @path, through the backup
 * API into the live connection, in one step: on any error the library is
 * as it was. A backup from an older Muster is brought up to date first
 * (on a temporary copy in a working folder beside the library, see
 * muster-work-dir.h; @path is never written). Before replacing, the
 * current library is saved next to it as "LIBRARY.before-restore-TIME",
 * and of those only the newest MUSTER_LIBRARY_KEPT_COPIES are kept;
 * @out_saved, when not NULL, receives that path. Refused with
 * MUSTER_STORE_ERROR_READ_ONLY for a library opened read-only. Emits
 * ::changed with MUSTER_CHANGE_ALL. */
gboolean       muster_library_restore           (MusterStore *store,
                                                 const char  *path,
                                                 char       **out_saved,
                                                 GError     **error);

G_END_DECLS
