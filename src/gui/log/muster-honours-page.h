/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-store.h"

G_BEGIN_DECLS

/* The campaign's honours: the fallen, the recovered, the records. */

#define MUSTER_TYPE_HONOURS_PAGE (muster_honours_page_get_type ())
G_DECLARE_FINAL_TYPE (MusterHonoursPage, muster_honours_page, MUSTER, HONOURS_PAGE, AdwBin)

GtkWidget *muster_honours_page_new          (MusterStore       *store);
void       muster_honours_page_set_campaign (MusterHonoursPage *self,
                                             gint64             campaign_id);

G_END_DECLS
