/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/*
 * What the Roster page's two column views (the characters, and the units
 * of a campaign kept by unit) share: their text cells, columns sorted by
 * a property, and the menu a right click opens over the rows.
 */

/* The label of a cell: numbers right-aligned in tabular figures, text
 * cut short with an ellipsis but given @width_chars (-1: none) first. */
GtkWidget           *muster_list_cell_label_new   (gboolean            numeric,
                                                   int                 width_chars);
/* Sorts items of @type by @property, as numbers or as text. */
GtkSorter           *muster_list_property_sorter  (GType               type,
                                                   const char         *property,
                                                   gboolean            numeric);
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
/* A popover of @menu, child of @owner, that a secondary click on @view
 * opens where it was clicked (on the row clicked, which it selects when
 * it was not), and Shift+F10 or the Menu key under the row with the
 * focus. @owner unparents it in its dispose. */
GtkWidget           *muster_list_add_context_menu (GtkWidget          *owner,
                                                   GtkColumnView      *view,
                                                   GMenuModel         *menu);

G_END_DECLS
