/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-character.h"
#include "muster-ruleset.h"

G_BEGIN_DECLS

/* How sheets put a character's ruleset values into words. */

/* The troop type's name, or its id when the ruleset has no such type. */
const char *muster_sheet_troop_type_name (MusterRuleset         *ruleset,
                                          MusterCharacter       *character);
/* The weapon's name, or its id when the ruleset has no such weapon. */
const char *muster_sheet_weapon_name     (MusterRuleset         *ruleset,
                                          MusterCharacter       *character);
/* "Sergeant · Rifleman": the rank and the troop type's name, or the
 * troop type's name alone for a character with no rank. */
char       *muster_sheet_rank_and_type   (MusterRuleset         *ruleset,
                                          MusterCharacter       *character);
/* The name of the table entry the stat's value stands for: "Leader" for
 * Class 3, when the character's troop type rolls the stat on a table, or
 * "Coward" for Character 1, when the stat picks a trait on a table of its
 * own; else NULL. */
const char *muster_sheet_stat_entry_name (MusterRuleset         *ruleset,
                                          MusterCharacter       *character,
                                          const MusterStatDef   *stat,
                                          int                    value);
/* A derived value (command range, move): the stat times the derived
 * stat's factor, the mounted factor for a mounted character. */
int         muster_sheet_derived_value   (const MusterDerivedStat *derived,
                                          MusterCharacter       *character,
                                          int                    value);
/* How many times a character activates when his card is drawn, by his
 * @value of @stat, from the ruleset's lookup table "STAT-activations"
 * (Big Skirmishes' "class-activations": a Duffer once, every other Class
 * twice): the entry holding @value, with the table in @table (its name
 * is the label); NULL when the ruleset has no such table or entry. */
const MusterTableEntry *muster_sheet_stat_activations (MusterRuleset            *ruleset,
                                                       const MusterStatDef      *stat,
                                                       int                       value,
                                                       const MusterLookupTable **table);
/* What traits do to a stat, from muster_traits_played_stat(): "Coward
 * −1", several joined by commas; NULL for none. */
char       *muster_sheet_trait_effects_text (GArray              *effects);
/* A stat's value as played, for a table's cell: "0 (Coward −1)" when
 * traits change it, else the number; NULL when the character has none. */
char       *muster_sheet_stat_value_text (MusterRuleset         *ruleset,
                                          MusterCharacter       *character,
                                          const MusterStatDef   *stat);
/* Every stat with what follows from it, on one line:
 * "Class 3 Leader · Command range (inches) 9 · Move on his own (inches) 12". */
char       *muster_sheet_character_stats (MusterRuleset         *ruleset,
                                          MusterCharacter       *character);

G_END_DECLS
