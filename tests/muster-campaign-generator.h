/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-store.h"

G_BEGIN_DECLS

/* A campaign played at random through the store and the engine, the way
 * a club would: for the exchange round trips, and for anything else that
 * wants a campaign with some history. */

/* What a generated campaign went through, to check that the generator
 * reached every part of its ruleset. */
typedef struct {
  guint       games;
  guint       resolved;      /* resolutions run, undone ones included */
  guint       undone;
  guint       entered;       /* rolls typed in instead of rolled */
  guint       kills;
  guint       released;
  guint       deleted;       /* characters, units and games deleted */
  guint       edits;         /* changes made by hand between games */
  GHashTable *outcomes;      /* outcome ids recorded (set) */
  GHashTable *choices;       /* "option=choice" the campaign made (set) */
  GHashTable *log_kinds;     /* kinds of log entry the campaign has (set) */
  GHashTable *colours;       /* "lost", "captured" (set) */
  GHashTable *steps;         /* types of the between-game steps that did something (set) */
} MusterGeneratorStats;

void muster_generator_stats_init  (MusterGeneratorStats *stats);
void muster_generator_stats_clear (MusterGeneratorStats *stats);
/* Adds what @other saw to @stats. */
void muster_generator_stats_add   (MusterGeneratorStats       *stats,
                                   const MusterGeneratorStats *other);

/* Creates a campaign of @ruleset_id (the options chosen from @seed) with
 * forces on two sides, units and characters, then plays @n_games games:
 * random outcomes, wounds, kills, figures lost, colours lost and taken,
 * resolutions (some with faces typed in), undone resolutions played again,
 * releases, recruits and changes by hand between games, deletions.
 * Everything goes through the store's and the engine's public functions,
 * so the campaign is one Muster could hold. The same @seed gives the same
 * campaign. Returns its id; @stats (may be NULL) gets what it went
 * through. */
gint64 muster_generate_campaign (MusterStore          *store,
                                 const char           *ruleset_id,
                                 guint32               seed,
                                 guint                 n_games,
                                 MusterGeneratorStats *stats);

G_END_DECLS
