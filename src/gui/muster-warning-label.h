/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Shows @warnings (of char*, as muster-warnings.h gives them: what is
 * probably a slip but is taken), one a line, in @label, a label of the
 * "warning" style beside what they are about; hides it when there are
 * none (@warnings NULL or empty). */
void muster_warning_label_show (GtkLabel  *label,
                                GPtrArray *warnings);

G_END_DECLS
