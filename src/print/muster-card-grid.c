/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include "muster-card-grid.h"
#include "muster-sheet-private.h"

#define CARD_ROWS      (MUSTER_CARDS_PER_PAGE / MUSTER_CARDS_PER_ROW)
#define FRAME_INSET     6.0
#define FRAME_RADIUS    8.0
#define MARK_OFFSET     3.0
#define MARK_LENGTH    14.0
/* Keep cut marks this far from the paper's edge. */
#define MARK_EDGE       6.0

static void
grid_origin (const MusterPageSize *size,
             double               *x,
             double               *y)
{
  /* Centred on the paper: nine cards fill almost all of a Letter page, so
   * the margins cannot be kept clear as well. */
  *x = (size->width - MUSTER_CARDS_PER_ROW * MUSTER_CARD_WIDTH) / 2.0;
  *y = (size->height - CARD_ROWS * MUSTER_CARD_HEIGHT) / 2.0;
}

guint
muster_card_grid_get_n_pages (guint n_cards)
{
  return MAX (1, (n_cards + MUSTER_CARDS_PER_PAGE - 1) / MUSTER_CARDS_PER_PAGE);
}

void
muster_card_grid_get_slot (const MusterPageSize *size,
                           guint                 slot,
                           double               *x,
                           double               *y)
{
  double x0, y0;

  g_return_if_fail (size != NULL);
  g_return_if_fail (slot < MUSTER_CARDS_PER_PAGE);

  grid_origin (size, &x0, &y0);
  *x = x0 + (slot % MUSTER_CARDS_PER_ROW) * MUSTER_CARD_WIDTH;
  *y = y0 + (slot / MUSTER_CARDS_PER_ROW) * MUSTER_CARD_HEIGHT;
}

void
muster_card_grid_draw_cut_marks (cairo_t              *cr,
                                 const MusterPageSize *size)
{
  double x0, y0, x1, y1;
  double top_len, side_len;

  grid_origin (size, &x0, &y0);
  x1 = x0 + MUSTER_CARDS_PER_ROW * MUSTER_CARD_WIDTH;
  y1 = y0 + CARD_ROWS * MUSTER_CARD_HEIGHT;
  top_len = CLAMP (y0 - MARK_OFFSET - MARK_EDGE, 0.0, MARK_LENGTH);
  side_len = CLAMP (x0 - MARK_OFFSET - MARK_EDGE, 0.0, MARK_LENGTH);

  for (guint i = 0; i <= MUSTER_CARDS_PER_ROW && top_len > 0; i++)
    {
      double x = x0 + i * MUSTER_CARD_WIDTH;

      muster_sheet_line (cr, x, y0 - MARK_OFFSET, x, y0 - MARK_OFFSET - top_len, 0.5);
      muster_sheet_line (cr, x, y1 + MARK_OFFSET, x, y1 + MARK_OFFSET + top_len, 0.5);
    }

  for (guint i = 0; i <= CARD_ROWS && side_len > 0; i++)
    {
      double y = y0 + i * MUSTER_CARD_HEIGHT;

      muster_sheet_line (cr, x0 - MARK_OFFSET, y, x0 - MARK_OFFSET - side_len, y, 0.5);
      muster_sheet_line (cr, x1 + MARK_OFFSET, y, x1 + MARK_OFFSET + side_len, y, 0.5);
    }
}

void
muster_card_grid_draw_page (cairo_t              *cr,
                            const MusterPageSize *size,
                            guint                 page,
                            guint                 n_cards,
                            MusterCardDrawFunc    draw,
                            gpointer              data)
{
  cairo_set_source_rgb (cr, 0, 0, 0);
  muster_card_grid_draw_cut_marks (cr, size);

  for (guint slot = 0; slot < MUSTER_CARDS_PER_PAGE; slot++)
    {
      guint index = page * MUSTER_CARDS_PER_PAGE + slot;
      double x, y;

      if (index >= n_cards)
        break;

      muster_card_grid_get_slot (size, slot, &x, &y);
      draw (index, x, y, data);
    }
}

void
muster_card_grid_draw_frame (cairo_t *cr,
                             double   x,
                             double   y)
{
  double w = MUSTER_CARD_WIDTH - 2 * FRAME_INSET;
  double h = MUSTER_CARD_HEIGHT - 2 * FRAME_INSET;
  double r = FRAME_RADIUS;

  x += FRAME_INSET;
  y += FRAME_INSET;

  cairo_save (cr);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
  cairo_set_line_width (cr, 0.75);
  cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
  cairo_stroke (cr);
  cairo_restore (cr);
}
