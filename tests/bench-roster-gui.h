/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The roster page, the unit list and the Log page in the real window,
 * each against a plain GtkColumnView of the same rows: filtering and
 * sorting, @runs times in turns. Needs a display. */
void muster_bench_roster_gui (guint runs);

G_END_DECLS
