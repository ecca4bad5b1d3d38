/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-store.h"

G_BEGIN_DECLS

/*
 * A GListModel of MusterUnit: one campaign's units, optionally of one force
 * and matching a search text, with the names of the characters attached to
 * each. It reads the store again when units, characters, forces or games
 * change and emits ::items-changed for the difference. Sorting is left to
 * the view.
 */
#define MUSTER_TYPE_UNIT_LIST_MODEL (muster_unit_list_model_get_type ())
G_DECLARE_FINAL_TYPE (MusterUnitListModel, muster_unit_list_model, MUSTER, UNIT_LIST_MODEL, GObject)

MusterUnitListModel *muster_unit_list_model_new             (MusterStore         *store);
void                 muster_unit_list_model_set_campaign_id (MusterUnitListModel *self,
                                                             gint64               campaign_id);
/* 0 for every force. */
void                 muster_unit_list_model_set_force_id    (MusterUnitListModel *self,
                                                             gint64               force_id);
/* Case-insensitive match on the unit's name, force, type, rating and the
 * names of its characters; NULL or "" for all. */
void                 muster_unit_list_model_set_search      (MusterUnitListModel *self,
                                                             const char          *text);
/* How many units the campaign has, whatever the filter ("n-all"). */
guint                muster_unit_list_model_get_n_all       (MusterUnitListModel *self);
/* The attached characters' names, comma-separated ("" for none). */
const char          *muster_unit_list_model_get_character_names (MusterUnitListModel *self,
                                                                 gint64               unit_id);
void                 muster_unit_list_model_refresh         (MusterUnitListModel *self);

G_END_DECLS
