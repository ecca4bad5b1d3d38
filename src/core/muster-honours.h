/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-store.h"
#include "muster-types.h"

G_BEGIN_DECLS

/*
 * A campaign's honours: the fallen, the recovered and the records, and the
 * kill ledger. Plain queries; nothing here writes to the library.
 */

/* One fallen or recovered character. */
typedef struct {
  gint64   character_id;
  char    *name;
  char    *force_name;
  gint64   game_id;       /* the game resolved when it happened; 0 if none */
  int      game_number;
  char    *game_title;    /* NULL when no game */
  char    *game_date;     /* may be NULL */
  char    *when;          /* the log entry's time, ISO 8601 */
  /* The fallen only: names of those who put them out in that game. */
  GPtrArray *killers;     /* of char* */
} MusterHonour;

void muster_honour_free (MusterHonour *honour);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterHonour, muster_honour_free)

/* One line of a record table. */
typedef struct {
  gint64  character_id;
  char   *name;
  char   *force_name;
  MusterStatus status;
  int     value;
} MusterRecord;

void muster_record_free (MusterRecord *record);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterRecord, muster_record_free)

/* Characters who died, oldest death first (of MusterHonour*). */
GPtrArray *muster_honours_list_fallen    (MusterStore *store,
                                          gint64       campaign_id,
                                          GError     **error);
/* Every recovery from out of action, oldest first (of MusterHonour*). */
GPtrArray *muster_honours_list_recovered (MusterStore *store,
                                          gint64       campaign_id,
                                          GError     **error);

/* Records, best first, at most @limit lines (0: all with a value above 0).
 * Of MusterRecord*. */
/* Career kills: named victims and unnamed figures. */
GPtrArray *muster_honours_most_kills     (MusterStore *store,
                                          gint64       campaign_id,
                                          guint        limit,
                                          GError     **error);
/* Resolved games taken part in and lived through. */
GPtrArray *muster_honours_most_survived  (MusterStore *store,
                                          gint64       campaign_id,
                                          guint        limit,
                                          GError     **error);
/* For characters still on the roll (not dead or retired): the campaign's
 * resolved games since the first they took part in. */
GPtrArray *muster_honours_longest_on_roll (MusterStore *store,
                                           gint64       campaign_id,
                                           guint        limit,
                                           GError     **error);

/* The kill ledger as CSV (RFC 4180, header row "killer,victim,game,title,
 * date"): one line per named victim, and one "unnamed ×N" line per
 * participant who put out unnamed figures; by game, then killer. */
char      *muster_honours_kill_ledger_csv   (MusterStore   *store,
                                             gint64         campaign_id,
                                             GError       **error);
gboolean   muster_honours_write_kill_ledger (MusterStore   *store,
                                             gint64         campaign_id,
                                             GOutputStream *stream,
                                             GCancellable  *cancellable,
                                             GError       **error);

G_END_DECLS
