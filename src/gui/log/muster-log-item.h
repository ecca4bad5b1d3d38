/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "muster-store.h"

G_BEGIN_DECLS

/* One campaign log entry for list views, with the names of its game and
 * character. */

typedef enum {
  MUSTER_LOG_ITEM_KEY_DATE,
  MUSTER_LOG_ITEM_KEY_GAME,
  MUSTER_LOG_ITEM_KEY_CHARACTER,
  MUSTER_LOG_ITEM_KEY_MESSAGE,
  MUSTER_LOG_ITEM_KEY_DICE,
  MUSTER_LOG_ITEM_N_KEYS
} MusterLogItemKey;

#define MUSTER_TYPE_LOG_ITEM (muster_log_item_get_type ())
G_DECLARE_FINAL_TYPE (MusterLogItem, muster_log_item, MUSTER, LOG_ITEM, GObject)

/* Takes @entry. @game_label and @character_name may be NULL. */
MusterLogItem        *muster_log_item_new                (MusterLogEntry *entry,
                                                          const char     *game_label,
                                                          const char     *character_name);
const MusterLogEntry *muster_log_item_get_entry          (MusterLogItem  *self);
const char           *muster_log_item_get_game_label     (MusterLogItem  *self);
const char           *muster_log_item_get_character_name (MusterLogItem  *self);
/* "2026-11-23 10:15", local time. */
char                 *muster_log_item_format_date        (MusterLogItem  *self);
/* "1d6: 4 = 4 · rolled by Muster", or NULL without a roll. */
char                 *muster_log_item_format_dice        (MusterLogItem  *self);
/* What the item sorts by in the column of @key, compared with strcmp():
 * the date as written (ISO 8601, in UTC), the other texts as shown,
 * casefolded and collated (muster_sort_key_new()). Made when first asked
 * for and kept with the item. */
const char           *muster_log_item_get_sort_key       (MusterLogItem    *self,
                                                          MusterLogItemKey  key);
/* TRUE when both show the same entry with the same texts (so that a list
 * read again keeps the items that did not change). */
gboolean              muster_log_item_equal              (MusterLogItem  *a,
                                                          MusterLogItem  *b);
/* TRUE for deaths and recoveries, which stand out. */

G_END_DECLS
