/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-store.h"

G_BEGIN_DECLS

/* The Log page: the campaign log, newest first, with its dice. */

#define MUSTER_TYPE_LOG_PAGE (muster_log_page_get_type ())
G_DECLARE_FINAL_TYPE (MusterLogPage, muster_log_page, MUSTER, LOG_PAGE, AdwBin)

GtkWidget *muster_log_page_new          (MusterStore   *store);
void       muster_log_page_set_campaign (MusterLogPage *self,
                                         gint64         campaign_id);

G_END_DECLS
