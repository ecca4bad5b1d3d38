/* SPDX-License-Identifier: GPL-3.0-or-later */
/* First version: an empty page, replaced by the real one. */
#include "config.h"

#include <glib/gi18n.h>

#include "muster-games-page.h"

struct _MusterGamesPage
{
  AdwBin       parent_instance;
  MusterStore *store;
  gint64       id;
};

G_DEFINE_FINAL_TYPE (MusterGamesPage, muster_games_page, ADW_TYPE_BIN)

static void
muster_games_page_dispose (GObject *object)
{
  MusterGamesPage *self = (MusterGamesPage *) object;

  g_clear_object (&self->store);
  G_OBJECT_CLASS (muster_games_page_parent_class)->dispose (object);
}

static void
muster_games_page_class_init (MusterGamesPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = muster_games_page_dispose;
}

static void
muster_games_page_init (MusterGamesPage *self)
{
}

GtkWidget *
muster_games_page_new (MusterStore *store)
{
  MusterGamesPage *self = g_object_new (MUSTER_TYPE_GAMES_PAGE, NULL);

  self->store = g_object_ref (store);
  return GTK_WIDGET (self);
}

void
muster_games_page_set_campaign (MusterGamesPage *self,
                                gint64           campaign_id)
{
  self->id = campaign_id;
}

void
muster_games_page_new_game (MusterGamesPage *self)
{
}
