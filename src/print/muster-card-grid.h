/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-sheet.h"

G_BEGIN_DECLS

/* Poker-card size, 63.5 x 88.9 mm, in points; three by three to a page. */
#define MUSTER_CARD_WIDTH      180.0
#define MUSTER_CARD_HEIGHT     252.0
#define MUSTER_CARDS_PER_ROW   3
#define MUSTER_CARDS_PER_PAGE  9

/*
 * The page of cards that the stat cards and the card deck share: nine
 * cards edge to edge, centred on the paper, with cut marks outside them.
 */

/* Pages for @n_cards; at least one. */
guint  muster_card_grid_get_n_pages   (guint                 n_cards);
/* The top-left corner of the card in @slot (0 to 8) of a page. */
void   muster_card_grid_get_slot      (const MusterPageSize *size,
                                       guint                 slot,
                                       double               *x,
                                       double               *y);
void   muster_card_grid_draw_cut_marks (cairo_t              *cr,
                                        const MusterPageSize *size);
/* Draws the card with @index of a sheet, its top-left corner at (@x, @y). */
typedef void (*MusterCardDrawFunc) (guint    index,
                                    double   x,
                                    double   y,
                                    gpointer data);

/* Page @page of @n_cards cards: the cut marks in black, then each card
 * of the page, drawn by @draw in its slot. */
void   muster_card_grid_draw_page     (cairo_t              *cr,
                                       const MusterPageSize *size,
                                       guint                 page,
                                       guint                 n_cards,
                                       MusterCardDrawFunc    draw,
                                       gpointer              data);
/* The card's printed border, a rounded frame inside the cut. */
void   muster_card_grid_draw_frame    (cairo_t              *cr,
                                       double                x,
                                       double                y);

G_END_DECLS
