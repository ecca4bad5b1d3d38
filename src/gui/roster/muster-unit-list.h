/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-store.h"
#include "muster-unit-list-model.h"

G_BEGIN_DECLS

/*
 * The units of a campaign kept by unit, on the Roster page: a GtkColumnView
 * over a MusterUnitListModel with each unit's type, rating, size, figures
 * lost and left, and the characters attached to it, sorted and filtered
 * in memory (a MusterSortFilterModel).
 *
 * Actions: units.open (Enter, or a double click: app.open-unit),
 * units.new (the New Unit dialog), units.delete (Delete, with Undo).
 */

#define MUSTER_TYPE_UNIT_LIST (muster_unit_list_get_type ())
G_DECLARE_FINAL_TYPE (MusterUnitList, muster_unit_list, MUSTER, UNIT_LIST, AdwBin)

GtkWidget           *muster_unit_list_new             (MusterStore    *store);
/* @ruleset: NULL when the campaign keeps no units (nothing can be added). */
void                 muster_unit_list_set_campaign    (MusterUnitList *self,
                                                       gint64          campaign_id,
                                                       MusterRuleset  *ruleset);
void                 muster_unit_list_set_force_id    (MusterUnitList *self,
                                                       gint64          force_id);
void                 muster_unit_list_set_search      (MusterUnitList *self,
                                                       const char     *text);
/* Whether the campaign has a force to add a unit to: New Unit is
 * disabled, saying why, until it has one. */
void                 muster_unit_list_set_has_forces  (MusterUnitList *self,
                                                       gboolean        has_forces);
/* The unfiltered, unsorted model (for its "n-all"). */
MusterUnitListModel *muster_unit_list_get_unit_model  (MusterUnitList *self);
/* The rows as shown: sorted and filtered (of MusterUnit). */
GListModel          *muster_unit_list_get_model       (MusterUnitList *self);
GtkColumnView       *muster_unit_list_get_column_view (MusterUnitList *self);
/* The text a cell of @column (its title) shows for the unit at @position. */
char                *muster_unit_list_get_cell_text   (MusterUnitList *self,
                                                       guint           position,
                                                       const char     *column);
/* 0 when none is selected. */
gint64               muster_unit_list_get_selected_id (MusterUnitList *self);
gboolean             muster_unit_list_select_unit     (MusterUnitList *self,
                                                       gint64          unit_id);
/* Deletes the selected unit, offering Undo in the window. One that took
 * part in a played game stays: the dialog returned (else NULL) offers to
 * disband it instead, its "disband" response doing so. */
GtkWidget           *muster_unit_list_delete_selected (MusterUnitList *self);
/* Opens the New Unit dialog, for the force in the filter; NULL when the
 * campaign has no force yet. */
GtkWidget           *muster_unit_list_open_new_unit   (MusterUnitList *self);

G_END_DECLS
