/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-campaign-generator.h"
#include "muster-ruleset.h"
#include "muster-store.h"

G_BEGIN_DECLS

/* Shared by the generator's files: muster-campaign-generator.c builds the
 * campaign and changes it between games, muster-campaign-generator-games.c
 * plays the games. */

typedef struct {
  MusterStore          *store;
  MusterRuleset        *ruleset;      /* the campaign's (unowned) */
  GRand                *rand;
  gint64                campaign;
  GArray               *forces;       /* of gint64 */
  GPtrArray            *sides;        /* of char*, one per force: the side it fights for */
  const char           *side_names[2];
  GPtrArray            *figures;      /* of char*: kinds of figure the steps deal with */
  GPtrArray            *colours;      /* of char*: what the steps do with colours */
  guint                 names;        /* for names of their own */
  guint                 round;        /* games so far, for cycling through choices */
  MusterGeneratorStats *stats;
} Gen;

guint        gen_pick            (Gen        *gen,
                                  guint       n);
gboolean     gen_chance          (Gen        *gen,
                                  double      p);
/* From @low to @high, both included. */
int          gen_between         (Gen        *gen,
                                  int         low,
                                  int         high);
void         gen_note            (GHashTable *set,
                                  const char *key);
/* Notes with text that needs care in XML and SQL. */
const char  *gen_random_notes    (Gen        *gen);
/* Fails the test unless @ok, or @error is a refusal by the rules, which
 * it clears. */
void         gen_tolerate        (gboolean    ok,
                                  GError    **error);
/* The side @force_id fights for. */
const char  *gen_side_of_force   (Gen        *gen,
                                  gint64      force_id);
/* A force of @side (NULL: any). */
gint64       gen_random_force    (Gen        *gen,
                                  const char *side);
/* Recruits @count characters of a random troop type into @force_id, into
 * @unit_id (0: none). */
void         gen_recruit         (Gen        *gen,
                                  gint64      force_id,
                                  gint64      unit_id,
                                  guint       count);
/* Releases, changes by hand, recruits and deletions. */
void         gen_between_games   (Gen        *gen);
/* Plays game number gen->round + 1 and resolves it (@last: the
 * campaign's last game, which may wait for its resolution). */
/* A game left started at the table, for rules that play at it. */
void         gen_play_at_table   (Gen        *gen);
void         gen_play_game       (Gen        *gen,
                                  gboolean    last);

G_END_DECLS
