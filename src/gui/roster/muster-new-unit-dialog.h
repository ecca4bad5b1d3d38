/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-store.h"

G_BEGIN_DECLS

/*
 * Adding a unit: name, force, the ruleset's unit type and rating, and its
 * size, which starts at the type's usual size. Action: dialog.save (Add).
 */

#define MUSTER_TYPE_NEW_UNIT_DIALOG (muster_new_unit_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MusterNewUnitDialog, muster_new_unit_dialog, MUSTER, NEW_UNIT_DIALOG, AdwWindow)

/* @force_id: the force chosen first (0: the campaign's first). NULL when
 * the campaign has no force or is not kept by unit. */
GtkWidget *muster_new_unit_dialog_new      (GtkWindow           *parent,
                                            MusterStore         *store,
                                            gint64               campaign_id,
                                            gint64               force_id);
/* The editor of @field: "name" (AdwEntryRow), "force", "type", "rating"
 * (AdwComboRow), "size" (GtkSpinButton). For tests. */
GtkWidget *muster_new_unit_dialog_get_editor (MusterNewUnitDialog *self,
                                              const char          *field);
/* Selects the unit type or rating by id; FALSE when there is none. */
gboolean   muster_new_unit_dialog_set_kind   (MusterNewUnitDialog *self,
                                              const char          *kind);
gboolean   muster_new_unit_dialog_set_rating (MusterNewUnitDialog *self,
                                              const char          *rating);
/* Adds the unit and closes the dialog; returns its id, or 0 with @error
 * set (also shown in the dialog). */
gint64     muster_new_unit_dialog_save       (MusterNewUnitDialog *self,
                                              GError             **error);

G_END_DECLS
