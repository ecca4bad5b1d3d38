/* SPDX-License-Identifier: GPL-3.0-or-later */
/* First version: an empty page, replaced by the real one. */
#include "config.h"

#include <glib/gi18n.h>

#include "muster-log-page.h"

struct _MusterLogPage
{
  AdwBin       parent_instance;
  MusterStore *store;
  gint64       id;
};

G_DEFINE_FINAL_TYPE (MusterLogPage, muster_log_page, ADW_TYPE_BIN)

static void
muster_log_page_dispose (GObject *object)
{
  MusterLogPage *self = (MusterLogPage *) object;

  g_clear_object (&self->store);
  G_OBJECT_CLASS (muster_log_page_parent_class)->dispose (object);
}

static void
muster_log_page_class_init (MusterLogPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = muster_log_page_dispose;
}

static void
muster_log_page_init (MusterLogPage *self)
{
}

GtkWidget *
muster_log_page_new (MusterStore *store)
{
  MusterLogPage *self = g_object_new (MUSTER_TYPE_LOG_PAGE, NULL);

  self->store = g_object_ref (store);
  return GTK_WIDGET (self);
}

void
muster_log_page_set_campaign (MusterLogPage *self,
                    gint64 campaign_id)
{
  self->id = campaign_id;
}
