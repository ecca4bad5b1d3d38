/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-store.h"

G_BEGIN_DECLS

/* The campaign's honours: the fallen, the recovered, the prisoners (each
 * with a Release button) and the records. Activating a character's row
 * opens their sheet (app.open-character). */

#define MUSTER_TYPE_HONOURS_PAGE (muster_honours_page_get_type ())
G_DECLARE_FINAL_TYPE (MusterHonoursPage, muster_honours_page, MUSTER, HONOURS_PAGE, AdwBin)

GtkWidget *muster_honours_page_new          (MusterStore       *store);
void       muster_honours_page_set_campaign (MusterHonoursPage *self,
                                             gint64             campaign_id);
/* Whether @character_id is listed among the prisoners. */
gboolean   muster_honours_page_lists_prisoner (MusterHonoursPage *self,
                                               gint64             character_id);
/* What a prisoner's Release button does. */
gboolean   muster_honours_page_release        (MusterHonoursPage  *self,
                                               gint64              character_id,
                                               GError            **error);

G_END_DECLS
