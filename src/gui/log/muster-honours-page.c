/* SPDX-License-Identifier: GPL-3.0-or-later */
/* First version: an empty page, replaced by the real one. */
#include "config.h"

#include <glib/gi18n.h>

#include "muster-honours-page.h"

struct _MusterHonoursPage
{
  AdwBin       parent_instance;
  MusterStore *store;
  gint64       id;
};

G_DEFINE_FINAL_TYPE (MusterHonoursPage, muster_honours_page, ADW_TYPE_BIN)

static void
muster_honours_page_dispose (GObject *object)
{
  MusterHonoursPage *self = (MusterHonoursPage *) object;

  g_clear_object (&self->store);
  G_OBJECT_CLASS (muster_honours_page_parent_class)->dispose (object);
}

static void
muster_honours_page_class_init (MusterHonoursPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = muster_honours_page_dispose;
}

static void
muster_honours_page_init (MusterHonoursPage *self)
{
}

GtkWidget *
muster_honours_page_new (MusterStore *store)
{
  MusterHonoursPage *self = g_object_new (MUSTER_TYPE_HONOURS_PAGE, NULL);

  self->store = g_object_ref (store);
  return GTK_WIDGET (self);
}

void
muster_honours_page_set_campaign (MusterHonoursPage *self,
                    gint64 campaign_id)
{
  self->id = campaign_id;
}
