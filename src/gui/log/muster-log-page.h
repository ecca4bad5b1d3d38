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

/* The entries shown, newest first (of MusterLogItem*). */
GListModel *muster_log_page_get_model          (MusterLogPage  *self);
/* Sets the game and character filters (0: all), as the dropdowns do.
 * FALSE when the game or character is not in the campaign. */
gboolean    muster_log_page_set_filter         (MusterLogPage  *self,
                                                gint64          game_id,
                                                gint64          character_id);
/* What "Export Kill Ledger…" (log.export-kills) writes: the campaign's
 * kill ledger as CSV; the file is replaced only when all is written. */
gboolean    muster_log_page_export_kill_ledger (MusterLogPage  *self,
                                                GFile          *file,
                                                GError        **error);

G_END_DECLS
