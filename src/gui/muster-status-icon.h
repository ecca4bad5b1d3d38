/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Gives @page the icon @icon_name when it is first shown (at once when it
 * is shown already). A status page's large symbolic icon is drawn from
 * its SVG: one a window does not show yet is not loaded, nor the SVG
 * loader with it, when the window opens. */
void muster_status_page_set_icon_when_shown (AdwStatusPage *page,
                                             const char    *icon_name);

G_END_DECLS
