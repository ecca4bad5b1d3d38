/* SPDX-License-Identifier: GPL-3.0-or-later */
/* First version: an empty page, replaced by the real one. */
#include "config.h"

#include <glib/gi18n.h>

#include "muster-character-history.h"

struct _MusterCharacterHistory
{
  AdwBin       parent_instance;
  MusterStore *store;
  gint64       id;
};

G_DEFINE_FINAL_TYPE (MusterCharacterHistory, muster_character_history, ADW_TYPE_BIN)

static void
muster_character_history_dispose (GObject *object)
{
  MusterCharacterHistory *self = (MusterCharacterHistory *) object;

  g_clear_object (&self->store);
  G_OBJECT_CLASS (muster_character_history_parent_class)->dispose (object);
}

static void
muster_character_history_class_init (MusterCharacterHistoryClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = muster_character_history_dispose;
}

static void
muster_character_history_init (MusterCharacterHistory *self)
{
}

GtkWidget *
muster_character_history_new (MusterStore *store,
                              gint64       character_id)
{
  MusterCharacterHistory *self = g_object_new (MUSTER_TYPE_CHARACTER_HISTORY, NULL);

  self->store = g_object_ref (store);
  self->id = character_id;
  return GTK_WIDGET (self);
}
