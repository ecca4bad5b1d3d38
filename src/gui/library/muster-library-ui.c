/* SPDX-License-Identifier: GPL-3.0-or-later */
/* First version, replaced by the real one. */
#include "config.h"

#include "muster-library-ui.h"

void
muster_library_ui_add_ruleset (GtkWindow *parent)
{
}

void
muster_library_ui_back_up (GtkWindow   *parent,
                           MusterStore *store)
{
}

void
muster_library_ui_restore (GtkWindow   *parent,
                           MusterStore *store)
{
}

GtkWidget *
muster_library_ui_preferences_new (GtkWindow *parent)
{
  return NULL;
}
