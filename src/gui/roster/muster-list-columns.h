/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/*
 * What the column views of the Roster and Log pages share: their text
 * cells, their columns, and the menu a right click opens over the rows.
 */

/* The text of a cell, a GtkInscription: numbers right-aligned in tabular
 * figures, text cut short with an ellipsis but given @width_chars (-1:
 * a number's few) first, and twice that where there is room. Its size
 * comes from @width_chars alone, not from its text, so that the rows
 * bound again after a sort or a search are not measured again. */
GtkWidget           *muster_list_cell_new         (gboolean            numeric,
                                                   int                 width_chars);
/* Sets the text of a cell made by muster_list_cell_new(). */
void                 muster_list_cell_set_text    (GtkWidget          *cell,
                                                   const char         *text);
/* Appends a resizable column titled @title to @view, sorted by @sorter
 * (taken), with cells made by @setup and filled by @bind, both given
 * @data; @data is kept as the factory's "column-data" and freed with
 * @free_data. Returns the column (owned by @view). */
GtkColumnViewColumn *muster_list_append_column    (GtkColumnView      *view,
                                                   const char         *title,
                                                   GCallback           setup,
                                                   GCallback           bind,
                                                   gpointer            data,
                                                   GDestroyNotify      free_data,
                                                   GtkSorter          *sorter,
                                                   gboolean            expand);
/* A popover of @menu (NULL: none) and a "Sort By" submenu of @view's
 * columns (muster_list_sorter_fill_menu(), for a view that
 * muster_list_sorter_follow() sorts), child of @owner, that a secondary
 * click on @view opens where it was clicked (on the row clicked, which
 * it selects when it was not), and Shift+F10 or the Menu key under the
 * row with the focus. @owner unparents it in its dispose. */
GtkWidget           *muster_list_add_context_menu (GtkWidget          *owner,
                                                   GtkColumnView      *view,
                                                   GMenuModel         *menu);

G_END_DECLS
