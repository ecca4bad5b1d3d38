/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-sheet.h"

G_BEGIN_DECLS

/*
 * Muster's print preview: the pages of a sheet drawn by its own renderer
 * at the window's scale, one at a time, with page navigation (buttons,
 * Page Up/Down, Home/End), zoom (to fit, Ctrl+plus/minus) and a Print
 * button that emits ::print. Escape closes it.
 */
#define MUSTER_TYPE_PRINT_PREVIEW (muster_print_preview_get_type ())
G_DECLARE_FINAL_TYPE (MusterPrintPreview, muster_print_preview, MUSTER, PRINT_PREVIEW, AdwWindow)

MusterPrintPreview *muster_print_preview_new         (GtkWindow            *parent,
                                                      MusterSheet          *sheet,
                                                      const MusterPageSize *size);
/* Counted from 0. */
guint               muster_print_preview_get_page    (MusterPrintPreview   *self);
void                muster_print_preview_set_page    (MusterPrintPreview   *self,
                                                      guint                 page);
guint               muster_print_preview_get_n_pages (MusterPrintPreview   *self);
/* Pixels to a point the page was last drawn at (0 before the first
 * draw); the "scale" property, notified when a redraw changes it. */
double              muster_print_preview_get_scale   (MusterPrintPreview   *self);

G_END_DECLS
