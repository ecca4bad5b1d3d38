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

G_END_DECLS
