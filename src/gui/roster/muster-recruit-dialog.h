/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-store.h"

G_BEGIN_DECLS

/*
 * Recruiting: force, troop type, weapon, name and count; the stats rolled
 * by the ruleset with every die shown, rolled again or typed by hand.
 * Actions: dialog.roll (Roll Again), dialog.save (Recruit).
 */

#define MUSTER_TYPE_RECRUIT_DIALOG (muster_recruit_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MusterRecruitDialog, muster_recruit_dialog, MUSTER, RECRUIT_DIALOG, AdwWindow)

/* @force_id: the force chosen first (0: the campaign's first). NULL when
 * the campaign has no force to recruit into. */
GtkWidget *muster_recruit_dialog_new (GtkWindow   *parent,
                                      MusterStore *store,
                                      gint64       campaign_id,
                                      gint64       force_id);
/* The spin button of @stat, or NULL (tests). */
GtkSpinButton *muster_recruit_dialog_get_stat_spin (MusterRecruitDialog *self,
                                                    const char          *stat);
/* Ids of what the last save created (tests); NULL before. */
GArray        *muster_recruit_dialog_get_created   (MusterRecruitDialog *self);

G_END_DECLS
