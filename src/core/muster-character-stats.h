/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-character.h"
#include "muster-ruleset.h"

G_BEGIN_DECLS

/*
 * What a character's weapon makes of his stats. A weapon's <cap> is the
 * highest value a stat may have when he uses it (Sharpe's Skirmish: a
 * musket fires at a firing skill of at most 9): the character keeps the
 * value he rolled, and uses the capped one with that weapon. Sheets, the
 * roster and the command line show both where they differ, "11 (9)",
 * with a key saying why.
 */

/* The value of @key he uses with the weapon he carries: his own, held
 * to the weapon's cap. FALSE when he has no value for @key. */
gboolean  muster_character_get_effective_stat (MusterCharacter *character,
                                               MusterRuleset   *ruleset,
                                               const char      *key,
                                               int             *value);
/* Whether his weapon holds his @key lower than his own value. */
gboolean  muster_character_stat_is_capped     (MusterCharacter *character,
                                               MusterRuleset   *ruleset,
                                               const char      *key);
/* "11 (9)" when his weapon holds his 11 to 9, else "11"; NULL when he
 * has no value for @key. */
char     *muster_character_format_stat        (MusterCharacter *character,
                                               MusterRuleset   *ruleset,
                                               const char      *key);
/* The key to his value of @key in brackets: "(9): Firing with his
 * Musket"; NULL when his weapon does not hold it lower. */
char     *muster_character_describe_cap       (MusterCharacter *character,
                                               MusterRuleset   *ruleset,
                                               const char      *key);
/* The key to his values in brackets: "(9): Firing with his Musket", one
 * a stat, joined by "; "; NULL when his weapon holds none lower. */
char     *muster_character_describe_caps      (MusterCharacter *character,
                                               MusterRuleset   *ruleset);
/* The key for a sheet of @characters (of MusterCharacter*): "In brackets:
 * what a man uses with the weapon he carries (Firing at most 9 with a
 * Musket)."; NULL when none of them has a value held lower. */
char     *muster_characters_describe_caps     (GPtrArray       *characters,
                                               MusterRuleset   *ruleset);

G_END_DECLS
