/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-store.h"

G_BEGIN_DECLS

/*
 * The application owns the one library store every window shares.
 *
 * Application actions (other parts of the GUI activate them by name):
 *   app.open-character(x)   open, or raise, the sheet window of character id x
 *   app.open-unit(x)        open, or raise, the sheet window of unit id x
 *   app.preferences, app.add-ruleset, app.back-up, app.restore,
 *   app.help, app.about, app.quit
 */

#define MUSTER_TYPE_APPLICATION (muster_application_get_type ())
G_DECLARE_FINAL_TYPE (MusterApplication, muster_application, MUSTER, APPLICATION, AdwApplication)

MusterApplication *muster_application_new               (void);
/* Opens the library on first use (--library, MUSTER_LIBRARY or the default
 * path); NULL when it cannot be opened. */
MusterStore       *muster_application_get_store         (MusterApplication *self);
/* Uses @store instead of opening a library (tests). */
void               muster_application_set_store         (MusterApplication *self,
                                                         MusterStore       *store);
/* Opens the sheet window of @character_id, or raises the one already open. */
void               muster_application_open_character    (MusterApplication *self,
                                                         gint64             character_id);

G_END_DECLS
