/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-store.h"

G_BEGIN_DECLS

/*
 * The Roster page: the campaign's characters in a GtkColumnView over a
 * MusterRosterModel, sorted by the column the view says and filtered by a
 * search entry and a force, in memory (a MusterSortFilterModel). When a
 * campaign opens, its characters are read in another thread and shown
 * after the window's first frame, from the top, with the character chosen
 * last (GSettings "last-character") chosen again.
 *
 * For a ruleset kept by unit, a MusterUnitList of the campaign's units sits
 * above the characters, filtered by the same search and force.
 *
 * Actions: roster.open (Enter, or a double click), roster.delete (Delete,
 * with Undo), roster.new-unit (the New Unit dialog).
 */

#define MUSTER_TYPE_ROSTER_PAGE (muster_roster_page_get_type ())
G_DECLARE_FINAL_TYPE (MusterRosterPage, muster_roster_page, MUSTER, ROSTER_PAGE, AdwBin)

GtkWidget     *muster_roster_page_new              (MusterStore      *store);
void           muster_roster_page_set_campaign     (MusterRosterPage *self,
                                                    gint64            campaign_id);
/* The force chosen in the filter; 0 for every force. */
gint64         muster_roster_page_get_force_id     (MusterRosterPage *self);
void           muster_roster_page_set_force_id     (MusterRosterPage *self,
                                                    gint64            force_id);
/* Ids (gint64) of the selected characters, in the view's order. */
GArray        *muster_roster_page_get_selected_ids (MusterRosterPage *self);
void           muster_roster_page_focus_search     (MusterRosterPage *self);
GtkSearchEntry *muster_roster_page_get_search_entry (MusterRosterPage *self);
GtkColumnView *muster_roster_page_get_column_view  (MusterRosterPage *self);
/* The rows as shown: sorted and filtered (of MusterCharacter). */
GListModel    *muster_roster_page_get_model        (MusterRosterPage *self);
/* The units shown above the characters (a MusterUnitList); hidden for a
 * ruleset kept by figure, and made only once a campaign's rules keep
 * units or it is asked for. */
GtkWidget     *muster_roster_page_get_unit_list    (MusterRosterPage *self);
/* TRUE while the campaign's characters are read, after
 * muster_roster_page_set_campaign(): the window shows meanwhile. */
gboolean       muster_roster_page_is_loading       (MusterRosterPage *self);
/* Deletes the selected characters, offering Undo in the window. Those who
 * took part in a played game stay: the dialog returned (NULL when there
 * are none) offers to retire them instead, its "retire" response doing
 * so. */
GtkWidget     *muster_roster_page_delete_selected  (MusterRosterPage *self);

G_END_DECLS
