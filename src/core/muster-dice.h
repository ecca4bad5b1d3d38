/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-types.h"

G_BEGIN_DECLS

/*
 * Dice.
 *
 * MusterRng is a small generator (xoshiro256**) whose whole state is four
 * integers, so it can be stored and restored. Rolls for one purpose are drawn
 * from a generator derived from the campaign seed and a purpose string
 * ("recruit/17", "resolve/game/4/character/12"), so undoing something and
 * doing it again gives the same dice with nothing to rewind.
 */
typedef struct {
  guint64 s[4];
} MusterRng;

void     muster_rng_init          (MusterRng  *rng,
                                   guint64     seed);
/* Seeds @rng from @seed and @purpose (a stable hash of both). */
void     muster_rng_init_for      (MusterRng  *rng,
                                   guint64     seed,
                                   const char *purpose);
/* Seeds @out, a generator of its own for @purpose, from the state of
 * @rng, which is left as it was: what @out draws never changes what
 * @rng draws next. */
void     muster_rng_fork          (const MusterRng *rng,
                                   const char      *purpose,
                                   MusterRng       *out);
guint64  muster_rng_next          (MusterRng  *rng);
/* A uniform integer in 1..@sides, without modulo bias. */
guint    muster_rng_die           (MusterRng  *rng,
                                   guint       sides);

/*
 * A parsed dice expression: a sum of terms, each `NdM`, `dM` or a constant,
 * joined by `+` or `-`. "1d6", "2D6", "1d6+3", "d3+1", "6", "2d6-1".
 * At most 100 dice per term and 1000 sides.
 */
typedef struct _MusterDiceExpr MusterDiceExpr;

MusterDiceExpr *muster_dice_expr_parse      (const char            *text,
                                             GError               **error);
MusterDiceExpr *muster_dice_expr_ref        (MusterDiceExpr        *expr);
void            muster_dice_expr_unref      (MusterDiceExpr        *expr);
/* Canonical text, e.g. "1d6+3". */
const char     *muster_dice_expr_to_string  (const MusterDiceExpr  *expr);
int             muster_dice_expr_get_min    (const MusterDiceExpr  *expr);
int             muster_dice_expr_get_max    (const MusterDiceExpr  *expr);
/* Number of dice to roll (0 for a constant). */
guint           muster_dice_expr_get_n_dice (const MusterDiceExpr  *expr);
/* Sides of the @index-th die, in the order the faces are listed. */
guint           muster_dice_expr_get_die_sides (const MusterDiceExpr *expr,
                                                guint                 index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterDiceExpr, muster_dice_expr_unref)

/* One roll: the expression, each die's face, and the total. */
typedef struct {
  char    *expression;  /* canonical text */
  GArray  *faces;       /* of int, one per die, in expression order */
  int      total;
  gboolean entered;     /* faces typed in from the table, not rolled by Muster */
} MusterRoll;

MusterRoll *muster_roll_new_random  (const MusterDiceExpr *expr,
                                     MusterRng            *rng);
/* A roll whose faces were rolled at the table. Fails with
 * MUSTER_DICE_ERROR_FACES when their number or values do not fit. */
MusterRoll *muster_roll_new_entered (const MusterDiceExpr *expr,
                                     const int            *faces,
                                     guint                 n_faces,
                                     GError              **error);
MusterRoll *muster_roll_copy        (const MusterRoll     *roll);
void        muster_roll_free        (MusterRoll           *roll);
/* "3 + 5 = 8", "4 + 3 = 7", "6" : faces and total for people to read. */
char       *muster_roll_describe    (const MusterRoll     *roll);
/* Faces as "3,5" (the store's form) and back. */
char       *muster_roll_faces_to_string (const MusterRoll *roll);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterRoll, muster_roll_free)

/* Convenience: parse and roll in one go. */
MusterRoll *muster_dice_roll        (const char           *expression,
                                     MusterRng            *rng,
                                     GError              **error);

G_END_DECLS
