/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-character.h"
#include "muster-ruleset.h"

G_BEGIN_DECLS

/*
 * A character's traits: the entries of the ruleset's tables with a stat
 * (<table stat="KEY">) that his value of KEY falls in, such as Chosen
 * Men's officer character (a Coward for 1), and what they do to his other
 * stats. The stored stats stay as rolled or set; every place that shows
 * or prints a stat shows it as played, with the trait named.
 */

/* What one trait does to one stat: "Coward −1" on the rating. */
typedef struct {
  const MusterLookupTable *table;
  const MusterTableEntry  *entry;  /* the trait; its name is the entry's */
  int                      by;
} MusterTraitEffect;

/* The table a character's value of @stat picks his entry on (a table
 * with stat=@stat), or NULL. */
const MusterLookupTable *muster_traits_get_table  (MusterRuleset   *ruleset,
                                                   const char      *stat);
/* The entry @character holds on the table of @stat (a table with
 * stat=@stat), e.g. "Coward" for his Character 1; NULL when there is no
 * such table, he has no value of @stat or no entry holds it. */
const MusterTableEntry *muster_traits_get_entry   (MusterRuleset   *ruleset,
                                                   MusterCharacter *character,
                                                   const char      *stat);
/* @key as @character plays it: his own value changed by every trait he
 * holds that names @key, kept within the stat's range. @effects, when not
 * NULL, gets the traits that change it (of MusterTraitEffect; an empty
 * array when none do). FALSE when he has no value of @key. */
gboolean                muster_traits_played_stat (MusterRuleset   *ruleset,
                                                   MusterCharacter *character,
                                                   const char      *key,
                                                   int             *value,
                                                   GArray         **effects);

G_END_DECLS
