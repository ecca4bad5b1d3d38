/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <sqlite3.h>

#include "muster-dice.h"
#include "muster-store.h"

G_BEGIN_DECLS

/* For the other core modules (engine, recruit, exchange): the connection,
 * transactions and the shared writers. Nothing outside src/core uses this. */

sqlite3  *muster_store_get_db        (MusterStore  *self);
/* A cached prepared statement for @sql, reset and with bindings cleared. */
sqlite3_stmt *muster_store_prepare   (MusterStore  *self,
                                      const char   *sql,
                                      GError      **error);
/* BEGIN IMMEDIATE / COMMIT / ROLLBACK. */
gboolean  muster_store_begin         (MusterStore  *self,
                                      GError      **error);
gboolean  muster_store_commit        (MusterStore  *self,
                                      GError      **error);
void      muster_store_rollback      (MusterStore  *self);
/* Sets @error from the connection's last error, prefixed by @what. */
void      muster_store_set_error     (MusterStore  *self,
                                      GError      **error,
                                      const char   *what);

/* Writes a roll; returns its id or 0 with @error set. */
gint64    muster_store_insert_roll   (MusterStore      *self,
                                      gint64            campaign_id,
                                      gint64            game_id,       /* 0: none */
                                      gint64            character_id,  /* 0: none */
                                      gint64            resolution_id, /* 0: none */
                                      const char       *purpose,
                                      const MusterRoll *roll,
                                      GError          **error);
/* Writes a log entry; returns its id or 0 with @error set. */
gint64    muster_store_insert_log    (MusterStore  *self,
                                      gint64        campaign_id,
                                      gint64        game_id,
                                      gint64        character_id,
                                      gint64        resolution_id,
                                      gint64        roll_id,
                                      const char   *kind,
                                      const char   *message,
                                      GError      **error);
/* Current time as ISO 8601 (UTC); MUSTER_FAKE_TIME overrides it in tests. */
char     *muster_store_now           (void);

G_END_DECLS
