/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-game.h"
#include "muster-stats.h"
#include "muster-unit.h"

G_BEGIN_DECLS

/*
 * What the statistics are computed from: the campaign's rows as the store
 * holds them now, read once (muster-store-stats.c), and turned into series
 * by muster-stats.c (games and score), muster-stats-history.c (strength
 * game by game), muster-stats-kills.c and muster-stats-survival.c.
 *
 * Time is the campaign log's order: every change the library keeps is
 * logged in the transaction that makes it, so the id of a log entry says
 * what came before what. A game's resolution happened at the id of its
 * first entry; a man joined at the id of his first (his recruiting, or
 * his force joining from a file).
 */

/* The time of a game not resolved yet: after everything. */
#define STATS_NOW G_MAXINT64
/* No game, as an index. */
#define STATS_NONE G_MAXUINT

typedef struct {
  gint64  id;
  char   *name;
  char   *side;       /* the side it fights for: its own name when none */
} StatsForce;

typedef struct {
  gint64           id;
  int              number;
  char            *title;
  MusterGameState  state;
  char            *winner;        /* NULL: a draw, or not said yet */
  gint64           resolution_id; /* 0 while not resolved */
  gint64           time;          /* when it was resolved, or STATS_NOW */
} StatsGame;

typedef struct {
  gint64        id;
  gint64        force_id;
  char         *name;
  char         *troop_type;
  MusterStatus  status;           /* now */
  gint64        joined;           /* log id of his first entry; 0 when none */
  int           kills_elsewhere;
  int           games_elsewhere;
  int           resolved_games;   /* resolved games he took part in */
} StatsCharacter;

/* A value just before a change was made at @time: a status (@text), or a
 * unit's figures lost or morale lost (@number). */
typedef struct {
  gint64  who;
  gint64  time;
  char   *text;
  gint64  number;
} StatsChange;

typedef struct {
  guint   game;                   /* index in StatsData.games */
  gint64  character_id;
  char   *side;
  char   *outcome;                /* NULL while not recorded */
  int     killed_unnamed;
} StatsPart;

typedef struct {
  guint   game;
  gint64  killer;
  gint64  victim;
} StatsKill;

typedef struct {
  guint   game;
  gint64  unit_id;
  char   *side;
  int     casualties;             /* figures killed, wounded and captured */
} StatsUnitPart;

typedef struct {
  MusterRuleset *ruleset;         /* the campaign's own */
  gint64         force_id;        /* the force asked for, or 0 */
  GArray        *forces;          /* of StatsForce, by id */
  GArray        *games;           /* of StatsGame, by number; none planned */
  GHashTable    *game_index;      /* id -> index + 1 */
  GArray        *characters;      /* of StatsCharacter, by id */
  GHashTable    *character_index; /* id -> index + 1 */
  GArray        *status_changes;  /* of StatsChange, by time: a man's status */
  GArray        *lost_changes;    /* of StatsChange: a unit's figures lost */
  GArray        *morale_changes;  /* of StatsChange: a unit's morale lost */
  GHashTable    *first_stats;     /* "ID/KEY" -> a man's value of a stat before
                                   * any resolution changed it (GINT_TO_POINTER) */
  GArray        *parts;           /* of StatsPart */
  GArray        *kills;           /* of StatsKill */
  GPtrArray     *units;           /* of MusterUnit*, by id */
  GArray        *unit_parts;      /* of StatsUnitPart */
} StatsData;

/* Reads what the statistics of @campaign_id are computed from. */
gboolean        muster_store_stats_load   (MusterStore  *store,
                                           gint64        campaign_id,
                                           StatsData    *data,
                                           GError      **error);
void            stats_data_clear          (StatsData    *data);

const StatsForce     *stats_data_force     (StatsData *data,
                                            gint64     force_id);
const StatsCharacter *stats_data_character (StatsData *data,
                                            gint64     character_id);
/* The force asked for, or NULL for the whole campaign. */
const StatsForce     *stats_data_asked_force (StatsData *data);
/* Whether @force_id is the force asked for, or none was. */
gboolean        stats_data_wants_force    (StatsData *data,
                                           gint64     force_id);
/* The forces asked for: every one, or the one. Of const StatsForce*. */
GPtrArray      *stats_data_wanted_forces  (StatsData *data);

/* A row a game, keyed by its number, its title the detail. */
void            stats_add_game_rows       (StatsData          *data,
                                           MusterStatsSeries  *series);

/* Each adds its series to @out (muster-stats-history.c). */
void            stats_add_strength        (StatsData *data,
                                           GPtrArray *out);
void            stats_add_unit_strength   (StatsData *data,
                                           GPtrArray *out);
void            stats_add_unit_morale     (StatsData *data,
                                           GPtrArray *out);
/* The unit stat whose number is a unit's morale, or NULL. */
const MusterUnitStatDef *stats_morale_stat (MusterRuleset *ruleset);

/* muster-stats-kills.c */
void            stats_add_kills_career    (StatsData *data,
                                           GPtrArray *out);
void            stats_add_kills_game      (StatsData *data,
                                           GPtrArray *out);
void            stats_add_kill_matrix     (StatsData *data,
                                           GPtrArray *out);
void            stats_add_kills_elsewhere (StatsData *data,
                                           GPtrArray *out);

/* muster-stats-survival.c */
void            stats_add_survival        (StatsData *data,
                                           GPtrArray *out);
void            stats_add_median_games    (StatsData *data,
                                           GPtrArray *out);

G_END_DECLS
