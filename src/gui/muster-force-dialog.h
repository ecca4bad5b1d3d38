/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-store.h"

G_BEGIN_DECLS

/* A force's name, side and nationality: a new force (@force_id 0) or an
 * existing one to rename. The action dialog.save saves and closes. */

#define MUSTER_TYPE_FORCE_DIALOG (muster_force_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MusterForceDialog, muster_force_dialog, MUSTER, FORCE_DIALOG, AdwWindow)

GtkWidget *muster_force_dialog_new (GtkWindow   *parent,
                                    MusterStore *store,
                                    gint64       campaign_id,
                                    gint64       force_id);

G_END_DECLS
