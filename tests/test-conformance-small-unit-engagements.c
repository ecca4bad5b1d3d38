/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-conformance"

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-conformance-util.h"
#include "muster-playsheet-sheet.h"
#include "muster-print-test-util.h"
#include "muster-test-util.h"
#include "muster-unit.h"

/*
 * Small Unit Engagements in the 18th Century as its text gives it (seed
 * 004): companies on bases, tough and weak troops, officers' command
 * radius, and the officers recruits get. The text has no campaign rules:
 * every step between games must say it is Muster's.
 */

#define RULESET    "small-unit-engagements"
#define N_RECRUITS 6000

/* seed 004:28: "Any officer figure has a command radius of 6 inches" */
static const MusterTextDice radius = { 0, 0, 6 };

/* seed 004:7: regulars four 3 figure bases, irregulars two 5 figure bases */
static const struct {
  const char *id;
  int         bases;
  int         base_size;
} companies[] = {
  { "regular",   4, 3 },
  { "irregular", 2, 5 },
};

static void
test_companies (void)
{
  MusterConformance cf = { 0 };
  static const struct {
    const char *id;
    const char *morale;
  } ratings[] = {
    { "tough",  "whole bases" },    /* seed 004:73 */
    { "normal", "figures left" },   /* the rest ("normal-troops") */
    { "weak",   "unharmed bases" }, /* seed 004:73 */
  };
  gint64 force;

  muster_conformance_init (&cf, RULESET, 1808);
  force = muster_conformance_add_force (&cf, "Rangers");
  g_assert_cmpint (muster_ruleset_get_kept_by (cf.ruleset), ==, MUSTER_KEPT_BY_UNIT);
  g_assert_cmpuint (muster_ruleset_get_unit_kinds (cf.ruleset)->len, ==, G_N_ELEMENTS (companies));
  for (guint i = 0; i < G_N_ELEMENTS (companies); i++)
    {
      const MusterUnitKindDef *kind = muster_ruleset_lookup_unit_kind (cf.ruleset, companies[i].id);
      MusterUnitSpec spec = { companies[i].id, companies[i].id, NULL, 0, NULL };
      g_autoptr(MusterUnit) unit = NULL;
      g_autofree char *bases = NULL;
      g_autofree char *base_size = NULL;
      g_autofree char *expected_bases = g_strdup_printf ("%d", companies[i].bases);
      g_autofree char *expected_size = g_strdup_printf ("%d", companies[i].base_size);

      g_assert_nonnull (kind);
      g_assert_cmpint (kind->size, ==, companies[i].bases * companies[i].base_size);
      g_assert_cmpint (kind->max_size, ==, companies[i].bases * companies[i].base_size);
      g_assert_cmpint (kind->base_size, ==, companies[i].base_size);

      /* A company made in the store stands on the text's bases. */
      unit = muster_conformance_add_unit (&cf, force, &spec);
      g_assert_cmpint (muster_unit_get_size (unit), ==, companies[i].bases * companies[i].base_size);
      bases = muster_unit_dup_stat_value (unit, cf.ruleset, "bases");
      base_size = muster_unit_dup_stat_value (unit, cf.ruleset, "base-size");
      g_assert_cmpstr (bases, ==, expected_bases);
      g_assert_cmpstr (base_size, ==, expected_size);
    }

  g_assert_cmpuint (muster_ruleset_get_ratings (cf.ruleset)->len, ==, G_N_ELEMENTS (ratings));
  for (guint i = 0; i < G_N_ELEMENTS (ratings); i++)
    g_assert_cmpstr (muster_ruleset_get_unit_stat_value (cf.ruleset, "morale", "regular", ratings[i].id),
                     ==, ratings[i].morale);
  muster_conformance_assert_house_reading (cf.ruleset, "normal-troops");
  muster_conformance_clear (&cf);
}

static void
test_officers (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);

  g_assert_cmpuint (muster_ruleset_get_n_stats (rs), ==, 1);
  g_assert_nonnull (muster_ruleset_lookup_stat (rs, "radius"));
  g_assert_cmpuint (muster_ruleset_get_n_troop_types (rs), ==, 2);
  for (guint i = 0; i < muster_ruleset_get_n_troop_types (rs); i++)
    muster_conformance_assert_dice (muster_troop_type_get_roll (muster_ruleset_get_troop_type (rs, i), "radius"),
                                    &radius);
  muster_conformance_assert_house_reading (rs, "officer-radius");
}

/* Officers recruited through the store: every one commands within 6. */
static void
test_recruit_distributions (void)
{
  MusterConformance cf = { 0 };

  muster_conformance_init (&cf, RULESET, 1808);
  for (guint i = 0; i < muster_ruleset_get_n_troop_types (cf.ruleset); i++)
    {
      const char *type = muster_ruleset_get_troop_type (cf.ruleset, i)->id;
      gint64 force = muster_conformance_add_force (&cf, type);
      g_autoptr(MusterRecruitedStat) got = NULL;

      muster_conformance_recruit (&cf, force, type, N_RECRUITS);
      got = muster_conformance_test_rolls (&cf, force, type, "radius", &radius);
      g_assert_cmpuint (got->totals->len, ==, N_RECRUITS);
      for (guint r = 0; r < got->stored->len; r++)
        g_assert_cmpint (g_array_index (got->stored, int, r), ==, 6);
    }
  muster_conformance_clear (&cf);
}

/* Killed is all the text says happens to a figure; what carries into the
 * next game is Muster's. */
static void
test_between_games (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  GPtrArray *steps = muster_ruleset_get_steps (rs);
  const MusterReferenceTable *morale = muster_conformance_ref_table (rs, "morale");

  g_assert_cmpuint (muster_ruleset_get_outcomes (rs)->len, ==, 2);
  g_assert_true (muster_ruleset_lookup_outcome (rs, "killed")->removes);
  /* seed 004:42, 004:61: an attached leader dies on a double six */
  g_assert_nonnull (strstr (morale->note, "killed on a double six"));

  g_assert_cmpuint (steps->len, >, 0);
  for (guint i = 0; i < steps->len; i++)
    g_assert_true (((MusterStepDef *) g_ptr_array_index (steps, i))->house);
  muster_conformance_assert_house_reading (rs, "campaign");
}

static void
test_reference_tables (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  const MusterReferenceTable *t;
  guint r = 0;

  /* seed 004:21, 004:22 */
  t = muster_conformance_ref_table (rs, "movement");
  g_assert_cmpuint (t->rows->len, ==, 1);
  muster_conformance_assert_row (t, 0, FALSE, "12", "24", "× ¾", "× 2", "× ½", NULL);

  t = muster_conformance_ref_table (rs, "dice-method");
  g_assert_cmpuint (t->rows->len, ==, 6);
  muster_conformance_assert_row (t, r++, FALSE, "Musketry, 12 inches", "1D6 a figure in the front 2 ranks", NULL); /* seed 004:36, 004:38 */
  muster_conformance_assert_row (t, r++, FALSE, "Skirmishers firing or targeted, disordered firing", "Half", NULL); /* seed 004:36 */
  muster_conformance_assert_row (t, r++, FALSE, "Half the unit every turn", "or all of it every other turn", NULL); /* seed 004:38 */
  muster_conformance_assert_row (t, r++, FALSE, "Artillery ball, 36 inches", "3D6 (half against skirmishers)", NULL); /* seed 004:46, 004:47 */
  /* seed 004:47: "Roll 3d6/6d6 (x ½ vs Skirmish)": halving canister too
   * is Muster's reading ("artillery-skirmishers") */
  muster_conformance_assert_row (t, r++, TRUE, "Artillery canister, 12 inches",
                                 "6D6 (half against skirmishers), never combined", NULL); /* seed 004:46, 004:49 */
  /* seed 004:55, 004:57 */
  muster_conformance_assert_row (t, r++, FALSE, "Melee", "1D6 a figure; half if disordered or flanked, quarter from the rear", NULL);

  /* seed 004:67: 2D6 against the figures left, double or more is major */
  t = muster_conformance_ref_table (rs, "morale");
  g_assert_cmpuint (t->rows->len, ==, 3);
  muster_conformance_assert_row (t, 0, FALSE, "At or under figures left", "Pass", NULL);
  muster_conformance_assert_row (t, 1, FALSE, "Over, under double", "Minor: fall back a move in disorder", NULL); /* seed 004:71 */
  muster_conformance_assert_row (t, 2, FALSE, "Double or more", "Major: flee off the table", NULL);             /* seed 004:71 */
  /* seed 004:69: with an officer, three dice and the lowest two */
  g_assert_nonnull (strstr (t->note, "roll 3D6 and keep the lowest two"));

  t = muster_conformance_ref_table (rs, "troops");
  g_assert_cmpuint (t->rows->len, ==, 4);
  muster_conformance_assert_row (t, 0, FALSE, "Regular", "4 × 3 figures", "–", NULL);             /* seed 004:7 */
  muster_conformance_assert_row (t, 1, FALSE, "Irregular", "2 × 5 figures", "–", NULL);           /* seed 004:7 */
  muster_conformance_assert_row (t, 2, FALSE, "Tough", "–", "Damaged bases as whole", NULL);      /* seed 004:73 */
  muster_conformance_assert_row (t, 3, FALSE, "Weak", "–", "Only unharmed bases", NULL);          /* seed 004:73 */

  /* seed 004:11 */
  t = muster_conformance_ref_table (rs, "sequence");
  g_assert_cmpuint (t->rows->len, ==, 3);
  muster_conformance_assert_row (t, 0, FALSE, "1", "Roll initiative (D6); the winner chooses who acts first", NULL);
  muster_conformance_assert_row (t, 1, FALSE, "2", "Move (formation changes, compulsory morale moves) or fire", NULL);
  muster_conformance_assert_row (t, 2, FALSE, "3", "Both sides melee", NULL);
}

/* seed 004:47: "Roll 3d6/6d6 (x ½ vs Skirmish)" may halve ball alone or
 * both; Muster halves both, says so, and the Playsheet shows it. */
static void
test_artillery_against_skirmishers (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  g_autoptr(MusterSheet) sheet = muster_playsheet_sheet_new (rs);
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autoptr(TestDoc) doc = NULL;
  g_autofree char *text = NULL;
  const MusterReferenceTable *t = muster_conformance_ref_table (rs, "dice-method");

  g_assert_nonnull (t->house_note);
  g_assert_nonnull (strstr (t->house_note, "canister"));
  muster_conformance_assert_house_reading (rs, "artillery-skirmishers");

  doc = muster_test_render_pdf (dir, sheet, MUSTER_PAPER_A4, "playsheet");
  text = muster_test_document_lines (doc);
  /* The canister row is marked ("Artillery canister, 12 inches †",
   * wrapped in its cell), and the reading printed. */
  g_assert_nonnull (strstr (text, "inches †"));
  g_assert_nonnull (strstr (text, "6D6 (half against skirmishers),"));
  g_assert_nonnull (strstr (text, "Muster halves both"));
  muster_test_remove_tree (dir);

  /* The first version halved ball alone. */
  {
    g_autofree char *path = g_build_filename (TEST_SRCDIR, "rulesets", "small-unit-engagements-1.xml", NULL);
    g_autoptr(MusterRuleset) previous = muster_ruleset_new_from_file (path, NULL);
    const MusterReferenceTable *old = muster_conformance_ref_table (previous, "dice-method");

    muster_conformance_assert_row (old, 4, FALSE, "Artillery canister, 12 inches", "6D6, never combined", NULL);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/conformance/" RULESET "/companies", test_companies);
  g_test_add_func ("/conformance/" RULESET "/officers", test_officers);
  g_test_add_func ("/conformance/" RULESET "/recruit-distributions", test_recruit_distributions);
  g_test_add_func ("/conformance/" RULESET "/between-games", test_between_games);
  g_test_add_func ("/conformance/" RULESET "/reference-tables", test_reference_tables);
  g_test_add_func ("/conformance/" RULESET "/artillery-against-skirmishers", test_artillery_against_skirmishers);

  return g_test_run ();
}
