/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-dice.h"
#include "muster-ruleset.h"

G_BEGIN_DECLS

/*
 * Play at the table (<play> in a ruleset file): what a hit does, in a
 * small vocabulary the rule sets fill in. An effect says which outcome a
 * hit records and the wounds it adds; hit locations are rolled on a die
 * and each names a row of the wound effect lookup, a two-dimensional
 * table of row by score; modifiers add to the score, some by bands of
 * the attacker's characteristic; a wound die gives an effect by bands of
 * its face (several dice for some weapons); and wounds of the game lower
 * the characteristics the ruleset names.
 */

typedef struct {
  const char *id;          /* "light" */
  const char *name;
  const char *abbr;        /* as the reference table writes it ("L/w") */
  const char *outcome;     /* the outcome a hit with it records */
  int         light;       /* wounds it adds */
  int         serious;
  const char *unit;        /* for a figure of a unit: "killed", "wounded" or NULL */
} MusterPlayEffect;

typedef struct {
  const char *id;          /* "left-arm" */
  const char *name;
  int         face;        /* the face of the location die */
  const char *row;         /* the row of the wound effect lookup */
} MusterPlayLocation;

typedef struct {
  int         from;
  int         to;
  int         value;       /* a modifier's value */
  const char *effect;      /* a wound die band's effect */
} MusterPlayBand;

typedef struct {
  const char *id;          /* "hit-by-horse" */
  const char *name;
  int         value;       /* added to the score */
  const char *stat;        /* or by bands of the attacker's stat */
  GArray     *bands;       /* of MusterPlayBand, with @stat */
  int         dice;        /* wound dice a hit with it rolls (0: none) */
  GPtrArray  *turns;       /* of const char *, effect ids it turns into @into, NULL-terminated */
  const char *into;
} MusterPlayModifier;

typedef struct {
  const char *id;          /* "head" */
  GPtrArray  *effects;     /* of const char *, effect ids, one per score */
} MusterPlayRow;

/* How the order of play is found (<order method>). */
typedef enum {
  MUSTER_ORDER_INITIATIVE,  /* each character rolls, plus a stat */
  MUSTER_ORDER_SIDES,       /* each side rolls; the winner chooses */
  MUSTER_ORDER_DECK,        /* cards dealt one at a time */
} MusterOrderMethod;

/* A card of the deck: one @per "character", "leader" (a character who
 * leads no unit) or "unit" in the game, or @count of it. */
typedef struct {
  const char *id;
  const char *name;
  const char *note;
  const char *per;          /* or NULL */
  int         count;
} MusterPlayCard;

typedef struct {
  /* The order of play. */
  MusterOrderMethod order_method;
  const char     *order_note;
  MusterDiceExpr *order_dice;      /* initiative, sides */
  const char     *order_stat;      /* initiative: the stat added */
  MusterDiceExpr *tie_dice;        /* initiative: ties rolled again on it */
  int             light_places;    /* places a wound moves a man down */
  int             serious_places;
  GPtrArray      *cards;           /* deck: of MusterPlayCard* */
  const char     *unhurt;          /* the outcome of a participant never hit; NULL: no hits */
  GPtrArray      *effects;         /* of MusterPlayEffect* */
  /* Hit locations (Sharpe's Skirmish). */
  MusterDiceExpr *location_dice;   /* NULL: none */
  GPtrArray      *locations;       /* of MusterPlayLocation* */
  /* The wound effect lookup. */
  MusterDiceExpr *shot_dice;
  MusterDiceExpr *melee_dice;
  const char     *reference;       /* the reference table printing it */
  int             first_score;
  GPtrArray      *rows;            /* of MusterPlayRow* */
  GPtrArray      *modifiers;       /* of MusterPlayModifier* */
  /* The wound die (Chosen Men). */
  MusterDiceExpr *wound_die;       /* NULL: none */
  GArray         *wound_bands;     /* of MusterPlayBand */
  /* What wounds of the game cost. */
  GPtrArray      *penalty_stats;   /* of const char *, stat keys */
  int             penalty_light;
  int             penalty_serious;
  int             movement_light;
  int             movement_serious;
} MusterPlay;

/* The ruleset's <play>, or NULL when its rules predate play at the table. */
const MusterPlay         *muster_ruleset_get_play          (MusterRuleset     *self);
const MusterPlayEffect   *muster_play_lookup_effect        (const MusterPlay  *play,
                                                            const char        *id);
const MusterPlayLocation *muster_play_lookup_location      (const MusterPlay  *play,
                                                            const char        *id);
const MusterPlayLocation *muster_play_location_for_face    (const MusterPlay  *play,
                                                            int                face);
const MusterPlayModifier *muster_play_lookup_modifier      (const MusterPlay  *play,
                                                            const char        *id);
/* The effect of @score on @row: scores below the first take the first
 * column, above the last the last (the nearest one). */
const MusterPlayEffect   *muster_play_wound_effect         (const MusterPlay  *play,
                                                            const char        *row,
                                                            int                score);
/* What @modifier adds when the attacker's stat it reads is @stat_value. */
int                       muster_play_modifier_value       (const MusterPlayModifier *modifier,
                                                            int                stat_value);
/* The effect of a wound die showing @face, or NULL. */
const MusterPlayEffect   *muster_play_wound_die_effect     (const MusterPlay  *play,
                                                            int                face);
/* @value of stat @key after @light and @serious wounds of the game; the
 * keys the ruleset does not lower come back as they are. Never below 0. */
int                       muster_play_wounded_stat         (const MusterPlay  *play,
                                                            const char        *key,
                                                            int                value,
                                                            int                light,
                                                            int                serious);

G_END_DECLS
