/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-types.h"

G_BEGIN_DECLS

/* A view of one force row. */
#define MUSTER_TYPE_FORCE (muster_force_get_type ())
G_DECLARE_FINAL_TYPE (MusterForce, muster_force, MUSTER, FORCE, GObject)

gint64      muster_force_get_id          (MusterForce *self);
gint64      muster_force_get_campaign_id (MusterForce *self);
const char *muster_force_get_name        (MusterForce *self);
/* The side as stored; NULL when the force is its own side. */
const char *muster_force_get_side        (MusterForce *self);
/* The side it fights for: the side, or its own name when it has none. */
const char *muster_force_get_effective_side (MusterForce *self);
/* Whose names its recruits take: a nationality id (muster-nationality.h). */
const char *muster_force_get_nationality (MusterForce *self);
guint       muster_force_get_n_characters (MusterForce *self);

MusterForce *muster_force_new (gint64      id,
                               gint64      campaign_id,
                               const char *name,
                               const char *side,
                               const char *nationality,
                               guint       n_characters);

G_END_DECLS
