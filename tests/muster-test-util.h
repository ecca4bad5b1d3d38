/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-store.h"

G_BEGIN_DECLS

/* A fresh temporary directory for one test, removed at exit. */
char        *muster_test_make_tmpdir   (void);
/* A new library in a fresh temporary directory. */
MusterStore *muster_test_open_store    (char **out_path);
/* Removes @dir and everything in it. */
void         muster_test_remove_tree   (const char *dir);
/* Reads a file under tests/ (TEST_SRCDIR). */
char        *muster_test_read_data     (const char *relpath,
                                        gsize      *length);

G_END_DECLS
