/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-store.h"

G_BEGIN_DECLS

/* app.add-ruleset: choose a ruleset file, validate it, copy it into
 * Muster's own rulesets folder. */
void       muster_library_ui_add_ruleset         (GtkWindow   *parent);
/* app.back-up: a consistent copy of the library to a chosen file. */
void       muster_library_ui_back_up             (GtkWindow   *parent,
                                                  MusterStore *store);
/* app.restore: replace the library by a chosen backup, after confirming,
 * keeping a copy of what it replaces. */
void       muster_library_ui_restore             (GtkWindow   *parent,
                                                  MusterStore *store);
/* app.preferences */
GtkWidget *muster_library_ui_preferences_new     (GtkWindow   *parent);

/* What the file choosers' answers run, without a chooser. Each reports
 * success in a toast on a MusterWindow and failure in an error dialog,
 * and returns the dialog it presented (NULL when none). */
GtkWindow *muster_library_ui_add_ruleset_file    (GtkWindow   *parent,
                                                  GFile       *file);
GtkWindow *muster_library_ui_back_up_to_file     (GtkWindow   *parent,
                                                  MusterStore *store,
                                                  GFile       *file);
/* Checks that @file is a Muster library, then presents the confirmation
 * (an AdwMessageDialog whose "restore" response replaces the library), or
 * an error dialog. */
GtkWindow *muster_library_ui_restore_file        (GtkWindow   *parent,
                                                  MusterStore *store,
                                                  GFile       *file);

G_END_DECLS
