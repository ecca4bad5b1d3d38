/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-engine.h"
#include "muster-recruit.h"
#include "muster-ruleset.h"
#include "muster-store.h"
#include "muster-unit.h"

G_BEGIN_DECLS

/*
 * What the conformance programs share: the shipped ruleset files read
 * through the real loader, dice formulas as the texts write them with
 * their exact distributions worked out here (apart from Muster's dice
 * module), Pearson's chi-square with its p-value, and recruits made
 * through the store of a temporary library and read back from it.
 *
 * A comment "seed 000:241" cites line 241 of rule text 000: 000 Sharpe's
 * Skirmish, 001 Big Skirmishes / Small Battles, 002 Napoleonic Skirmish
 * Rules 1.9, 003 Chosen Men Fat v2.1, 004 Small Unit Engagements in the
 * 18th Century.
 */

/* A formula as a text gives it: @n dice of @sides, plus @plus; @n 0 is
 * the constant @plus. */
typedef struct {
  guint n;
  guint sides;
  int   plus;
} MusterTextDice;

/* An exact distribution over the whole numbers @min..@max. */
typedef struct {
  int     min;
  int     max;
  double *p;       /* p[v - min] */
} MusterPmf;

void           muster_pmf_free               (MusterPmf *pmf);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterPmf, muster_pmf_free)

/* data/rulesets/@id.xml, read by muster_ruleset_new_from_file(). */
MusterRuleset *muster_conformance_load       (const char *id);

/* The formula in Muster's canonical spelling: "1d6+3", "2d6", "6". */
char          *muster_text_dice_to_string    (const MusterTextDice *dice);
/* Asserts that @expr is the text's formula, bounds included. */
void           muster_conformance_assert_dice (const MusterDiceExpr *expr,
                                               const MusterTextDice *dice);
/* The exact distribution of the formula's total, by convolution. */
MusterPmf     *muster_text_dice_pmf          (const MusterTextDice *dice);
/* The distribution of @map (v) for v drawn from @pmf. */
MusterPmf     *muster_pmf_map                (const MusterPmf *pmf,
                                              int            (*map) (int value));

/* P(X >= @statistic) for X chi-square with @df degrees of freedom. */
double         muster_chi_square_p           (double statistic,
                                              guint  df);

/* Pearson's statistic of @observed (values) against @pmf, neighbouring
 * values expected fewer than five times pooled, with its degrees of
 * freedom (0 when one pool is left) and p-value. @outside counts values
 * the distribution cannot give (then p is 0). */
double         muster_conformance_goodness_of_fit (GArray          *observed,
                                                   const MusterPmf *pmf,
                                                   double          *statistic,
                                                   guint           *df,
                                                   guint           *outside);
/* Pearson's test of @observed (values) against @pmf: neighbouring values
 * expected fewer than five times are pooled; a value outside the
 * distribution fails at once. Prints "chi2 LABEL: X2 = …, df = …,
 * p = …" and asserts p > 0.001; a distribution of one value asserts
 * that every observation is it. Returns p (1 for one value). */
double         muster_conformance_chi_square (const char      *label,
                                              GArray          *observed,
                                              const MusterPmf *pmf);

/* One stat of the recruits of a troop type, as the store keeps them. */
typedef struct {
  GArray *stored;  /* of int: the value kept on each character */
  GArray *totals;  /* of int: the total of its recruit roll */
  GPtrArray *faces; /* of GArray* of int: the faces of each roll */
} MusterRecruitedStat;

/* A library in a temporary directory with one campaign of @ruleset. */
typedef struct {
  MusterStore   *store;
  MusterRuleset *ruleset;   /* the campaign's own copy */
  gint64         campaign;
  char          *ruleset_id;
} MusterConformance;

void           muster_conformance_init       (MusterConformance *cf,
                                              const char        *ruleset_id,
                                              guint64            seed);
/* Another campaign in the same library, which the next calls use. Each
 * campaign rolls its recruits from its own seed, so give each its own. */
void           muster_conformance_new_campaign (MusterConformance *cf,
                                                guint64            seed);
/* The same with the ruleset of the file tests/@relpath: a copy of an
 * earlier version of a shipped file, as a campaign made with it keeps it. */
void           muster_conformance_new_campaign_from (MusterConformance *cf,
                                                     const char        *relpath,
                                                     guint64            seed);
void           muster_conformance_clear      (MusterConformance *cf);
/* A force of its own side. */
gint64         muster_conformance_add_force  (MusterConformance *cf,
                                              const char        *name);
/* A unit made in the store (which must take it), read back. */
MusterUnit    *muster_conformance_add_unit   (MusterConformance    *cf,
                                              gint64                force,
                                              const MusterUnitSpec *spec);
/* A unit called @name, of the ruleset's first kind, in each of the two
 * @forces; their ids in @units. */
void           muster_conformance_add_unit_each (MusterConformance *cf,
                                                 const gint64       forces[2],
                                                 const char        *name,
                                                 gint64             units[2]);
/* A character of @troop_type made in the store with the values of
 * @first_stat, …: key, int pairs, NULL-terminated (he has no others);
 * attached to @unit unless it is 0. */
gint64         muster_conformance_add_character (MusterConformance *cf,
                                                 gint64             force,
                                                 gint64             unit,
                                                 const char        *name,
                                                 const char        *troop_type,
                                                 const char        *first_stat,
                                                 ...);
/* A game between the campaign's forces, played by @character (and
 * @unit, unless it is 0), with his result of @outcome and wounds, and
 * the unit's of wounded figures; resolved with Muster's dice. Returns
 * the events of the resolution. */
GPtrArray     *muster_conformance_play       (MusterConformance *cf,
                                              gint64             character,
                                              const char        *outcome,
                                              int                light,
                                              int                serious,
                                              gint64             unit,
                                              int                wounded_figures);
/* The first event of @kind in @events about @character_id (or, with
 * @unit_id, about that unit), or NULL. */
const MusterResolutionEvent *muster_conformance_find_event (GPtrArray  *events,
                                                            const char *kind,
                                                            gint64      character_id,
                                                            gint64      unit_id);
/* Recruits @count of @troop_type into @force through the store. */
void           muster_conformance_recruit    (MusterConformance *cf,
                                              gint64             force,
                                              const char        *troop_type,
                                              guint              count);
/* Reads back @stat of every character of @troop_type in @force, in the
 * order they were recruited: the stored value and the recruit roll, whose
 * faces must be those of @dice (each face 1..sides, summing with the
 * constant to the total). */
MusterRecruitedStat *muster_conformance_read_stat (MusterConformance    *cf,
                                                   gint64                force,
                                                   const char           *troop_type,
                                                   const char           *stat,
                                                   const MusterTextDice *dice);
/* muster_conformance_read_stat(), then the chi-square test of the rolls
 * against @dice, printed as "chi2 RULESET TYPE STAT (DICE): …". */
MusterRecruitedStat *muster_conformance_test_rolls (MusterConformance    *cf,
                                                    gint64                force,
                                                    const char           *troop_type,
                                                    const char           *stat,
                                                    const MusterTextDice *dice);
void           muster_recruited_stat_free    (MusterRecruitedStat *stat);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterRecruitedStat, muster_recruited_stat_free)

/* The reference table @id (asserted to exist). */
const MusterReferenceTable *muster_conformance_ref_table (MusterRuleset *ruleset,
                                                          const char    *id);
/* Asserts that row @row of @table reads @cells (NULL-terminated), cell by
 * cell, and whether it is marked as a house reading. */
void           muster_conformance_assert_row (const MusterReferenceTable *table,
                                              guint                       row,
                                              gboolean                    house,
                                              ...) G_GNUC_NULL_TERMINATED;
/* Asserts that the ruleset lists the house reading @id. */
void           muster_conformance_assert_house_reading (MusterRuleset *ruleset,
                                                        const char    *id);

G_END_DECLS
