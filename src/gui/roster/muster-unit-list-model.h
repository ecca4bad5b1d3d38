/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-store.h"
#include "muster-unit.h"

G_BEGIN_DECLS

/*
 * A GListModel of MusterUnit: one campaign's units, by id, with the names
 * of the characters attached to each. It reads the store again when
 * units, characters, forces or games change and keeps, by id, every unit
 * whose row and characters are unchanged (with what was made for it:
 * sort keys, the text searched); ::items-changed covers the rows between
 * the first and the last that changed. Sorting and filtering are left to
 * a MusterSortFilterModel on top of it.
 */
#define MUSTER_TYPE_UNIT_LIST_MODEL (muster_unit_list_model_get_type ())
G_DECLARE_FINAL_TYPE (MusterUnitListModel, muster_unit_list_model, MUSTER, UNIT_LIST_MODEL, GObject)

MusterUnitListModel *muster_unit_list_model_new             (MusterStore         *store);
void                 muster_unit_list_model_set_campaign_id (MusterUnitListModel *self,
                                                             gint64               campaign_id);
/* How many units the campaign has ("n-all"). */
guint                muster_unit_list_model_get_n_all       (MusterUnitListModel *self);
/* The attached characters' names, comma-separated ("" for none). */
const char          *muster_unit_list_model_get_character_names (MusterUnitListModel *self,
                                                                 gint64               unit_id);
/* Their sort key (muster_sort_key_new()), made once. */
const char          *muster_unit_list_model_get_names_key   (MusterUnitListModel *self,
                                                             MusterUnit          *unit);
/* Whether @unit's name, force, type, rating or characters' names hold
 * @folded (casefolded, muster_search_fold(); NULL matches all). */
gboolean             muster_unit_list_model_matches         (MusterUnitListModel *self,
                                                             MusterUnit          *unit,
                                                             const char          *folded);
void                 muster_unit_list_model_refresh         (MusterUnitListModel *self);

G_END_DECLS
