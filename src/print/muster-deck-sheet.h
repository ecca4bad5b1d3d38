/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-card-grid.h"
#include "muster-ruleset.h"
#include "muster-sheet.h"

G_BEGIN_DECLS

/*
 * The card deck of a card-driven rule set (Big Skirmishes): a named
 * Character card for each character given (his force and side, his
 * stats and what follows from them: Class, command range, move, and his
 * activations when the ruleset has a "STAT-activations" table), two
 * Pause cards, the bonus cards Free Action, Joker and Dummy, and a
 * Special Effect card for each name given. Poker-card size, nine to a
 * page with cut marks, as the stat cards.
 *
 * A ruleset has a deck when its reference tables include one with the id
 * "deck" (the Playsheet's table of the cards and what they do), so a
 * house-rule copy of the file says so in its data.
 */
#define MUSTER_TYPE_DECK_SHEET (muster_deck_sheet_get_type ())
G_DECLARE_FINAL_TYPE (MusterDeckSheet, muster_deck_sheet, MUSTER, DECK_SHEET, MusterSheet)

/* The cards that are not Character cards: 2 Pause, Free Action, Joker, Dummy. */
#define MUSTER_DECK_N_FIXED_CARDS 5

gboolean     muster_deck_sheet_ruleset_has_deck (MusterRuleset       *ruleset);

/* @characters: (element-type MusterCharacter) (nullable): one card each.
 * @specials: (nullable): names of Special Effect cards.
 * Fails with MUSTER_SHEET_ERROR_UNSUPPORTED when @ruleset has no deck. */
MusterSheet *muster_deck_sheet_new              (MusterRuleset       *ruleset,
                                                 GPtrArray           *characters,
                                                 const char * const  *specials,
                                                 GError             **error);
/* How many cards the deck has. */
guint        muster_deck_sheet_get_n_cards      (MusterDeckSheet     *self);

G_END_DECLS
