/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-log"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-log-item.h"
#include "muster-sort-filter-model.h"

struct _MusterLogItem
{
  GObject         parent_instance;
  MusterLogEntry *entry;
  char           *game_label;
  char           *character_name;
  char           *sort_keys[MUSTER_LOG_ITEM_N_KEYS];  /* made when asked for */
};

G_DEFINE_FINAL_TYPE (MusterLogItem, muster_log_item, G_TYPE_OBJECT)

static void
muster_log_item_finalize (GObject *object)
{
  MusterLogItem *self = (MusterLogItem *) object;

  g_clear_pointer (&self->entry, muster_log_entry_free);
  g_free (self->game_label);
  g_free (self->character_name);
  for (guint i = 0; i < MUSTER_LOG_ITEM_N_KEYS; i++)
    g_free (self->sort_keys[i]);
  G_OBJECT_CLASS (muster_log_item_parent_class)->finalize (object);
}

static void
muster_log_item_class_init (MusterLogItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_log_item_finalize;
}

static void
muster_log_item_init (MusterLogItem *self)
{
}

MusterLogItem *
muster_log_item_new (MusterLogEntry *entry,
                     const char     *game_label,
                     const char     *character_name)
{
  MusterLogItem *self;

  g_return_val_if_fail (entry != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_LOG_ITEM, NULL);
  self->entry = entry;
  self->game_label = g_strdup (game_label);
  self->character_name = g_strdup (character_name);
  return self;
}

const MusterLogEntry *
muster_log_item_get_entry (MusterLogItem *self)
{
  g_return_val_if_fail (MUSTER_IS_LOG_ITEM (self), NULL);
  return self->entry;
}

const char *
muster_log_item_get_game_label (MusterLogItem *self)
{
  g_return_val_if_fail (MUSTER_IS_LOG_ITEM (self), NULL);
  return self->game_label;
}

const char *
muster_log_item_get_character_name (MusterLogItem *self)
{
  g_return_val_if_fail (MUSTER_IS_LOG_ITEM (self), NULL);
  return self->character_name;
}

char *
muster_log_item_format_date (MusterLogItem *self)
{
  g_autoptr(GDateTime) utc = NULL;
  g_autoptr(GDateTime) local = NULL;

  g_return_val_if_fail (MUSTER_IS_LOG_ITEM (self), NULL);

  if (self->entry->created == NULL)
    return g_strdup ("");
  if ((utc = g_date_time_new_from_iso8601 (self->entry->created, NULL)) == NULL)
    return g_strdup (self->entry->created);
  local = g_date_time_to_local (utc);
  return g_date_time_format (local, "%Y-%m-%d %H:%M");
}

char *
muster_log_item_format_dice (MusterLogItem *self)
{
  g_auto(GStrv) parts = NULL;
  g_autofree char *faces = NULL;

  g_return_val_if_fail (MUSTER_IS_LOG_ITEM (self), NULL);

  if (!self->entry->has_roll)
    return NULL;
  parts = g_strsplit (self->entry->faces != NULL ? self->entry->faces : "", ",", -1);
  faces = g_strjoinv (" + ", parts);
  if (self->entry->entered)
    /* Translators: dice expression, faces and total of dice entered from the table, "1d6: 4 = 4 · entered" */
    return g_strdup_printf (_("%s: %s = %d · entered"), self->entry->expression, faces, self->entry->total);
  /* Translators: dice expression, faces and total, "1d6: 4 = 4 · rolled by Muster" */
  return g_strdup_printf (_("%s: %s = %d · rolled by Muster"), self->entry->expression, faces, self->entry->total);
}

const char *
muster_log_item_get_sort_key (MusterLogItem    *self,
                              MusterLogItemKey  key)
{
  g_return_val_if_fail (MUSTER_IS_LOG_ITEM (self), "");
  g_return_val_if_fail (key < MUSTER_LOG_ITEM_N_KEYS, "");

  if (self->sort_keys[key] == NULL)
    switch (key)
      {
      case MUSTER_LOG_ITEM_KEY_DATE:
        /* Written in UTC, to the second: as text, in the order of time. */
        self->sort_keys[key] = g_strdup (self->entry->created != NULL ? self->entry->created : "");
        break;
      case MUSTER_LOG_ITEM_KEY_GAME:
        self->sort_keys[key] = muster_sort_key_new (self->game_label);
        break;
      case MUSTER_LOG_ITEM_KEY_CHARACTER:
        self->sort_keys[key] = muster_sort_key_new (self->character_name);
        break;
      case MUSTER_LOG_ITEM_KEY_MESSAGE:
        self->sort_keys[key] = muster_sort_key_new (self->entry->message);
        break;
      case MUSTER_LOG_ITEM_KEY_DICE:
        {
          g_autofree char *dice = muster_log_item_format_dice (self);

          self->sort_keys[key] = muster_sort_key_new (dice);
        }
        break;
      default:
        g_assert_not_reached ();
      }
  return self->sort_keys[key];
}

gboolean
muster_log_item_equal (MusterLogItem *a,
                       MusterLogItem *b)
{
  const MusterLogEntry *x, *y;

  g_return_val_if_fail (MUSTER_IS_LOG_ITEM (a), FALSE);
  g_return_val_if_fail (MUSTER_IS_LOG_ITEM (b), FALSE);

  x = a->entry;
  y = b->entry;
  return x->id == y->id && x->campaign_id == y->campaign_id &&
         x->game_id == y->game_id && x->character_id == y->character_id &&
         x->total == y->total && x->has_roll == y->has_roll && x->entered == y->entered &&
         g_strcmp0 (x->kind, y->kind) == 0 && g_strcmp0 (x->message, y->message) == 0 &&
         g_strcmp0 (x->created, y->created) == 0 && g_strcmp0 (x->expression, y->expression) == 0 &&
         g_strcmp0 (x->faces, y->faces) == 0 &&
         g_strcmp0 (a->game_label, b->game_label) == 0 &&
         g_strcmp0 (a->character_name, b->character_name) == 0;
}
