/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-dice.h"
#include "muster-game.h"
#include "muster-ruleset-play.h"
#include "muster-store.h"

G_BEGIN_DECLS

/*
 * Play at the table: a planned game is started, its hits are recorded
 * as they happen (resolved by the ruleset's <play>, muster-ruleset-play.h),
 * the last can be undone, and finishing the game records what the hits
 * did as its results, exactly as muster_store_set_result() and
 * muster_store_set_unit_result() record them when typed in.
 *
 * A hit's dice are drawn from a generator derived from the campaign seed,
 * the game and the hit's ordinal, so undoing a hit and entering it again
 * gives the same dice; any die can be typed in instead.
 */

typedef enum {
  MUSTER_HIT_SHOT,
  MUSTER_HIT_MELEE,
  MUSTER_HIT_WOUND_DIE,
} MusterHitKind;

/* What is known of a hit when it is entered. */
typedef struct {
  gint64              target_id;       /* a character, or 0 with @unit_id */
  gint64              unit_id;         /* figures of a unit */
  int                 figures;         /* of @unit_id hit (0: one) */
  gint64              attacker_id;     /* 0: none, or not a character */
  MusterHitKind       kind;            /* shot or melee; the wound die where the rules have one */
  const char         *location;        /* hit-location id; NULL: rolled */
  int                 difference;      /* a melee: the winner's score minus the loser's */
  gboolean            has_score;       /* @score worked out at the table, modifiers included */
  int                 score;
  const char * const *modifiers;       /* modifier ids, NULL-terminated; may be NULL */
  int                 bound;           /* 0: not said */
  const int          *location_faces;  /* typed in; NULL: rolled */
  guint               n_location_faces;
  const int          *effect_faces;    /* typed in; NULL: rolled */
  guint               n_effect_faces;
} MusterHitRequest;

/* A hit as it was recorded. */
typedef struct {
  gint64        game_id;
  int           ordinal;
  gint64        target_id;
  gint64        unit_id;
  gint64        attacker_id;
  char         *target_name;
  char         *attacker_name;   /* may be NULL */
  MusterHitKind kind;
  int           bound;
  char         *location;        /* may be NULL */
  char         *location_faces;  /* "3", or "" */
  char         *effect_faces;    /* "4,5", or "" when the score was given */
  int           difference;
  int           score;           /* modifiers included; 0 for the wound die */
  char        **modifiers;       /* ids */
  char         *effect;          /* effect id (the worst of several wound dice) */
  int           light;
  int           serious;
  int           figures;
  int           killed;
  int           wounded;
  gboolean      entered;
} MusterHit;

void muster_hit_free (MusterHit *hit);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterHit, muster_hit_free)

const char *muster_hit_kind_to_string (MusterHitKind kind);

/* The rules' play at the table, or NULL with MUSTER_ENGINE_ERROR_STATE
 * saying that they predate it (update-rules). */
const MusterPlay *muster_table_require_play (MusterRuleset *ruleset,
                                             GError       **error);

/* A planned game is started: hits can be recorded. Logged. */
gboolean   muster_store_start_game  (MusterStore            *store,
                                     gint64                  game_id,
                                     GError                **error);
/* The same, with the order of play rolled again at every bound when
 * @per_bound (the rules' alternative). */
gboolean   muster_store_start_game_full (MusterStore        *store,
                                         gint64              game_id,
                                         gboolean            per_bound,
                                         GError            **error);
/* Whether the started game @game_id rolls its order at every bound. */
gboolean   muster_store_get_per_bound (MusterStore          *store,
                                       gint64                game_id,
                                       gboolean             *out_per_bound,
                                       GError              **error);

/* --- The order of play (muster-table-order.c) ------------------------- */

/* One place in the order of play: a man's or a side's roll, or a card. */
typedef struct {
  int       bound;          /* the bound, or the deck's turn */
  int       place;          /* 1 first; for a card, its place in the shuffled deck */
  gint64    character_id;   /* 0: none */
  gint64    unit_id;        /* 0: none */
  char     *name;           /* the man's, unit's or side's; a card's own name when it is nobody's */
  char     *side;
  char     *card;           /* the card id, or NULL */
  char     *faces;          /* "4"; "" for a card */
  int       total;          /* dice and stat */
  char     *tie_faces;      /* the unmodified dice that broke a tie, or "" */
  gboolean  entered;
  int       moved;          /* places his wounds moved him down since */
} MusterOrderEntry;

void muster_order_entry_free (MusterOrderEntry *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterOrderEntry, muster_order_entry_free)

/* Rolls the order of play of a started game for @bound (1 or more), by
 * initiative or by side as the rules say, and keeps it in place of the
 * bound's order, if it had one, with a log entry ("ordered") that can
 * be taken back (muster_store_undo_last_step()): each man (or
 * side) rolls from a generator derived from the campaign seed, the game,
 * the bound and who rolls, so rolling a bound again gives the same dice.
 * @faces maps a name or id to the faces rolled at the table ("4"), may
 * be NULL. Returns the order (of MusterOrderEntry*), or %NULL with
 * @error set (MUSTER_ENGINE_ERROR_STATE for rules played by a deck). */
GPtrArray        *muster_store_roll_order (MusterStore  *store,
                                           gint64        game_id,
                                           int           bound,
                                           GHashTable   *faces,
                                           GError      **error);
/* The order of @bound as it stands: as rolled, each man moved down the
 * places his wounds of the game take him (unless the order is rolled at
 * every bound); empty when it was not rolled. For a deck, @bound is the
 * turn and the cards dealt in it. */
GPtrArray        *muster_store_list_order (MusterStore  *store,
                                           gint64        game_id,
                                           int           bound,
                                           GError      **error);
/* The last bound (or turn) with an order, 0 when none. */
int               muster_store_last_bound (MusterStore  *store,
                                           gint64        game_id,
                                           GError      **error);
/* The deck of a started game, every card in the order of the rules
 * (of MusterOrderEntry*, @place the card's number). */
GPtrArray        *muster_store_list_deck  (MusterStore  *store,
                                           gint64        game_id,
                                           GError      **error);
/* Deals the next card of a started game's deck, shuffled at every turn
 * from the campaign seed, the game and the turn, and keeps it; the cards
 * of men and units out of the game are passed over. When the turn's deck
 * is used up the next turn's is shuffled. */
MusterOrderEntry *muster_store_deal_card  (MusterStore  *store,
                                           gint64        game_id,
                                           GError      **error);
/* Takes back the last card dealt in a started game, with its log entry
 * (muster-table-undo.c, as muster_store_undo_hit()):
 * the library is as it was before the deal, and dealing again gives the
 * same card. MUSTER_ENGINE_ERROR_STATE when none was dealt.
 * Returns: (transfer full): the card taken back, or %NULL with @error set. */
MusterOrderEntry *muster_store_undo_card  (MusterStore  *store,
                                           gint64        game_id,
                                           GError      **error);
/* Resolves and records a hit in a started game, with its dice and log
 * entry. Refused for a target who is not in the game or is already out
 * of it, an attacker of the target's own side, a location, modifier or
 * kind the rules do not have, and faces that do not fit the dice.
 * Returns: (transfer full): the hit, or %NULL with @error set. */
MusterHit *muster_store_record_hit  (MusterStore            *store,
                                     gint64                  game_id,
                                     const MusterHitRequest *request,
                                     GError                **error);
/* Takes back the last hit of a started game, its dice and its log entry:
 * the library is as it was before it. MUSTER_ENGINE_ERROR_STATE when
 * there is none. */
gboolean   muster_store_undo_hit    (MusterStore            *store,
                                     gint64                  game_id,
                                     GError                **error);
/* What was done last at the table: a hit, a card dealt, or the order
 * of a bound rolled. */
typedef enum {
  MUSTER_TABLE_STEP_NONE,
  MUSTER_TABLE_STEP_HIT,
  MUSTER_TABLE_STEP_CARD,
  MUSTER_TABLE_STEP_ORDER,
} MusterTableStepKind;

typedef struct {
  MusterTableStepKind kind;
  MusterHit          *hit;       /* MUSTER_TABLE_STEP_HIT */
  MusterOrderEntry   *card;      /* MUSTER_TABLE_STEP_CARD */
  int                 bound;     /* MUSTER_TABLE_STEP_ORDER: the bound rolled */
  gboolean            replaced;  /* MUSTER_TABLE_STEP_ORDER: the roll replaced an
                                  * earlier order of the bound, which taking it
                                  * back puts back */
} MusterTableStep;

void muster_table_step_free (MusterTableStep *step);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterTableStep, muster_table_step_free)

/* The last hit, card or roll of the order of @game_id, whichever came
 * last; of kind MUSTER_TABLE_STEP_NONE when there is none
 * (muster-table-undo.c). A roll made before rolls were logged is not
 * seen. */
MusterTableStep *muster_store_get_last_step  (MusterStore  *store,
                                              gint64        game_id,
                                              GError      **error);
/* Takes back the last hit, card or roll of a started game, whichever
 * came last, as muster_store_undo_hit() and muster_store_undo_card() do;
 * a roll is taken back with the order of its bound it replaced put back
 * as it was. MUSTER_ENGINE_ERROR_STATE when there is none.
 * Returns: (transfer full): what was taken back, or %NULL with @error set. */
MusterTableStep *muster_store_undo_last_step (MusterStore  *store,
                                              gint64        game_id,
                                              GError      **error);
/* Of MusterHit*, in order. */
GPtrArray *muster_store_list_hits   (MusterStore            *store,
                                     gint64                  game_id,
                                     GError                **error);
/* What the hits of @game_id did to @character_id so far. */
gboolean   muster_store_tally_hits  (MusterStore            *store,
                                     gint64                  game_id,
                                     gint64                  character_id,
                                     int                    *out_light,
                                     int                    *out_serious,
                                     gboolean               *out_removed,
                                     GError                **error);

/* The participants of @game_id (of MusterParticipant*) with their
 * results, and its units in @out_units (may be NULL); while the game is
 * started, those with nothing recorded carry what the table's hits did so
 * far, as finishing the game would record it (muster-table-results.c). */
GPtrArray *muster_store_list_game_results (MusterStore      *store,
                                           gint64            game_id,
                                           GPtrArray       **out_units,
                                           GError          **error);

G_END_DECLS
