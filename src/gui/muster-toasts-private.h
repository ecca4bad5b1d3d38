/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-toasts.h"

G_BEGIN_DECLS

/* How long a toast takes to come in, with room to spare (libadwaita 1.2
 * takes 300 ms, 500 ms when it replaces another). */
#define MUSTER_TOASTS_IN_USEC (500 * G_TIME_SPAN_MILLISECOND)

/* Says a toast of @overlay started coming in at @time
 * (g_get_monotonic_time ()): a test that cannot wait half a second makes
 * its toast long in. */
void muster_toasts_set_changed_for_testing (AdwToastOverlay *overlay,
                                            gint64           time);
/* Says a toast comes in for @usec (MUSTER_TOASTS_IN_USEC by default):
 * a test that holds its toasts in until it says they are in
 * (muster_toasts_set_changed_for_testing()) checks what happens while
 * they come in however slow the machine. */
void muster_toasts_set_in_usec_for_testing (gint64 usec);

G_END_DECLS
