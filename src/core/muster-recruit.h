/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-dice.h"
#include "muster-ruleset.h"
#include "muster-store.h"

G_BEGIN_DECLS

/* A character rolled by the ruleset but not yet stored. */
typedef struct {
  char       *troop_type;
  char       *weapon;
  GHashTable *stats;       /* stat key -> GINT_TO_POINTER (value), as rolled */
  GPtrArray  *rolls;       /* of MusterRoll*, one per rolled stat */
  GPtrArray  *roll_stats;  /* of char*, the stat of each roll */
  GPtrArray  *capped;      /* of char*, stats above the weapon's cap: he
                            * keeps his value, and uses the cap with it */
  GPtrArray  *demoted;     /* of char*, stats rolled past a side's limit
                            * and given the highest entry still open */
} MusterRecruit;

void           muster_recruit_free (MusterRecruit *recruit);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterRecruit, muster_recruit_free)

/* Rolls every stat of @troop_type with @rng, noting those above @weapon's
 * caps (@weapon NULL: the troop type's default). */
MusterRecruit *muster_recruit_roll (MusterRuleset *ruleset,
                                    const char    *troop_type,
                                    const char    *weapon,
                                    MusterRng     *rng,
                                    GError       **error);

/* As muster_recruit_roll(), for a stat rolled on a table with limits per
 * side (Big Skirmishes' Class): @taken maps "STAT/VALUE" to how many of
 * the side already hold that value (GINT_TO_POINTER), may be NULL. A roll
 * whose entry is full is demoted to the highest entry below it still
 * open. */
MusterRecruit *muster_recruit_roll_limited (MusterRuleset *ruleset,
                                            const char    *troop_type,
                                            const char    *weapon,
                                            MusterRng     *rng,
                                            GHashTable    *taken,
                                            GError       **error);

/* Seeds @name_rng, the generator of a recruit's name, from the recruit's
 * generator @recruit_rng before it rolls any stat: a stream of its own,
 * so that the stats rolled never depend on names. */
void           muster_recruit_name_rng  (const MusterRng *recruit_rng,
                                         MusterRng       *name_rng);

/* A period name of @nationality for a recruit of @campaign_id, drawn by
 * @name_rng, and drawn again (a few times at most) while another
 * character of the campaign has it. NULL with @error set when the names
 * cannot be read. */
char          *muster_store_pick_recruit_name (MusterStore *store,
                                               gint64       campaign_id,
                                               const char  *nationality,
                                               MusterRng   *name_rng,
                                               GError     **error);

/* Takes the campaign's next recruit number (stored, so it is taken once)
 * and seeds @rng for it: what the recruit dialog rolls with. */
gboolean       muster_store_reserve_recruit_rng (MusterStore *store,
                                                 gint64       campaign_id,
                                                 MusterRng   *rng,
                                                 GError     **error);

/* Recruits @count characters into @force_id in one transaction: rolls each
 * (keeping each side within the ruleset's limits),
 * with the campaign's generator (seeded from the campaign seed and its
 * recruit counter), stores them, their rolls and a log entry each.
 * @name is used for a single recruit; NULL picks period names.
 * Returns the new ids (of gint64 in a GArray), or NULL with @error set and
 * nothing written. */
GArray        *muster_store_recruit (MusterStore *store,
                                     gint64       force_id,
                                     const char  *troop_type,
                                     const char  *weapon,
                                     const char  *name,
                                     guint        count,
                                     GError     **error);

/* As muster_store_recruit(), attaching each recruit to @unit_id (0: none),
 * a unit of the same force. */
GArray        *muster_store_recruit_into (MusterStore *store,
                                          gint64       force_id,
                                          gint64       unit_id,
                                          const char  *troop_type,
                                          const char  *weapon,
                                          const char  *name,
                                          guint        count,
                                          GError     **error);

/* Creates the sample Sharpe's Skirmish campaign (a British light company
 * with riflemen, a French voltigeur company) named @name (NULL: a default,
 * translated name). Returns its id. */
gint64         muster_store_create_sample (MusterStore *store,
                                           const char  *name,
                                           GError     **error);

G_END_DECLS
