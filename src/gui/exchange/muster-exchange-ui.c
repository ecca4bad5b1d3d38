/* SPDX-License-Identifier: GPL-3.0-or-later */
/* First version, replaced by the real one. */
#include "config.h"

#include "muster-exchange-ui.h"

void
muster_exchange_ui_export (GtkWindow   *parent,
                           MusterStore *store,
                           gint64       campaign_id,
                           gint64       force_id)
{
}

void
muster_exchange_ui_import (GtkWindow   *parent,
                           MusterStore *store,
                           GFile       *file,
                           gint64       into_campaign_id)
{
}

void
muster_exchange_ui_add_drop_target (GtkWidget   *widget,
                                    MusterStore *store)
{
}
