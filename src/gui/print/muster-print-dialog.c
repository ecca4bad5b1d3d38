/* SPDX-License-Identifier: GPL-3.0-or-later */
/* First version, replaced by the real dialog. */
#include "config.h"

#include "muster-print-dialog.h"

void
muster_print_dialog_present (GtkWindow        *parent,
                             MusterStore      *store,
                             gint64            campaign_id,
                             gint64            force_id,
                             GArray           *character_ids,
                             MusterPrintSheet  sheet)
{
}
