/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-conformance"

#include "config.h"

#include <glib.h>

#include "muster-conformance-util.h"
#include "muster-print-test-util.h"
#include "muster-test-util.h"
#include "muster-unit.h"
#include "muster-units-sheet.h"

/*
 * Napoleonic Skirmish Rules 1.9 as its text gives it (seed 002): unit
 * sizes and leaders, the movement dice of every troop type and
 * formation, the morale numbers, the close combat charts, and the leaders
 * recruits get. The text has no campaign rules: every step between games
 * must say it is Muster's.
 */

#define RULESET    "napoleonic-skirmish"
#define N_RECRUITS 6000

/* Leaders: the text names officers, NCOs and a Commander-in-Chief but
 * gives them no numbers; the ranks are Muster's ("leader-rank"). */
static const struct {
  const char     *id;
  MusterTextDice  rank;
} leaders[] = {
  { "officer",   { 0, 0, 2 } },  /* seed 002:917 */
  { "nco",       { 0, 0, 1 } },  /* seed 002:917 */
  { "commander", { 0, 0, 3 } },  /* seed 002:706 */
};

/* Each troop type: figures, the most a unit may have, dice moved (cross
 * country / road / charge / road charge) in each formation, and morale
 * numbers. The most are the figures the text counts for foot and mounted
 * units (seed 002:917, 002:919); a gun's 6 is Muster's. */
static const struct {
  const char *id;
  int         size;
  int         max_size;
  gboolean    mounted;
  const char *line;
  const char *column;
  const char *open;
  const char *with_leader;
  const char *without_leader;
  const char *major;
} kinds[] = {
  /* seed 002:103, 002:115, 002:126; seed 002:745 */
  { "grenadier", 10, 20, FALSE, "2 / – / 3 / –", "3 / 4 / 4 / 4", "3 / 4 / 5 / –", "11", "9", "10" },
  /* seed 002:82, 002:93; seed 002:754 */
  { "line",      10, 20, FALSE, "2 / – / 3 / –", "2 / 3 / 4 / 4", "–",             "10", "8", "9" },
  /* seed 002:169, 002:180; seed 002:764 */
  { "militia",   10, 20, FALSE, "2 / – / 3 / –", "2 / 3 / 3 / 4", "–",             "8",  "6", "7" },
  /* seed 002:137, 002:147, 002:158; seed 002:774 */
  { "light",     10, 20, FALSE, "3 / – / 4 / –", "3 / 4 / 5 / 5", "3 / 4 / 5 / –", "9",  "7", "8" },
  /* seed 002:211, 002:223, 002:234; seed 002:784; 10 troopers, 12
   * figures with the leaders (seed 002:919) */
  { "mounted",   10, 12, TRUE,  "4 / – / 6 / –", "4 / 5 / 6 / 6", "4 / – / 6 / –", "10", "8", "9" },
  /* seed 002:244; seed 002:793 */
  { "guerillas", 10, 20, FALSE, "–",             "–",             "3 / 4 / 5 / –", "8",  "6", "7" },
  /* limbered seed 002:190, manhandled 002:201; 3 gunners (seed
   * 002:921); the morale chart has none: the line's ("gunner-morale") */
  { "artillery",  3,  6, FALSE, "3 / 4 / – / –", "2 / 2 / – / –", "–",             "10", "8", "9" },
};

static void
test_leaders (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  const MusterStatDef *rank;

  g_assert_cmpint (muster_ruleset_get_kept_by (rs), ==, MUSTER_KEPT_BY_UNIT);
  g_assert_cmpuint (muster_ruleset_get_n_stats (rs), ==, 1);
  rank = muster_ruleset_lookup_stat (rs, "rank");
  g_assert_cmpint (rank->min, ==, 1);
  g_assert_cmpint (rank->max, ==, 3);

  g_assert_cmpuint (muster_ruleset_get_n_troop_types (rs), ==, G_N_ELEMENTS (leaders));
  for (guint i = 0; i < G_N_ELEMENTS (leaders); i++)
    {
      const MusterTroopType *type = muster_ruleset_lookup_troop_type (rs, leaders[i].id);

      g_assert_nonnull (type);
      muster_conformance_assert_dice (muster_troop_type_get_roll (type, "rank"), &leaders[i].rank);
    }
  muster_conformance_assert_house_reading (rs, "leader-rank");
}

/* Leaders recruited through the store: each has the rank of his kind. */
static void
test_recruit_distributions (void)
{
  MusterConformance cf = { 0 };

  muster_conformance_init (&cf, RULESET, 1808);
  for (guint i = 0; i < G_N_ELEMENTS (leaders); i++)
    {
      gint64 force = muster_conformance_add_force (&cf, leaders[i].id);
      g_autoptr(MusterRecruitedStat) got = NULL;

      muster_conformance_recruit (&cf, force, leaders[i].id, N_RECRUITS);
      got = muster_conformance_test_rolls (&cf, force, leaders[i].id, "rank", &leaders[i].rank);
      g_assert_cmpuint (got->totals->len, ==, N_RECRUITS);
      for (guint r = 0; r < got->stored->len; r++)
        g_assert_cmpint (g_array_index (got->stored, int, r), ==, g_array_index (got->totals, int, r));
    }
  muster_conformance_clear (&cf);
}

/* Every troop type's size, dice and morale, in the file and on a unit of
 * the kind made in the store. */
static void
test_troop_types (void)
{
  MusterConformance cf = { 0 };
  gint64 force;

  muster_conformance_init (&cf, RULESET, 1808);
  force = muster_conformance_add_force (&cf, "French");
  g_assert_cmpuint (muster_ruleset_get_unit_kinds (cf.ruleset)->len, ==, G_N_ELEMENTS (kinds));
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      const MusterUnitKindDef *kind = muster_ruleset_lookup_unit_kind (cf.ruleset, kinds[i].id);
      const char *keys[] = { "line", "column", "open", "morale-leader", "morale-alone", "major-morale" };
      const char *values[] = { kinds[i].line, kinds[i].column, kinds[i].open,
                               kinds[i].with_leader, kinds[i].without_leader, kinds[i].major };
      MusterUnitSpec spec = { kinds[i].id, kinds[i].id, NULL, 0, NULL };
      MusterUnitSpec too_big = { "Too big", kinds[i].id, NULL, kinds[i].max_size + 1, NULL };
      g_autoptr(MusterUnit) unit = NULL;
      g_autoptr(GError) error = NULL;

      g_test_message ("troop type %s", kinds[i].id);
      g_assert_nonnull (kind);
      g_assert_cmpint (kind->size, ==, kinds[i].size);
      g_assert_cmpint (kind->max_size, ==, kinds[i].max_size);
      g_assert_cmpint (kind->mounted, ==, kinds[i].mounted);

      unit = muster_conformance_add_unit (&cf, force, &spec);
      g_assert_cmpint (muster_unit_get_size (unit), ==, kinds[i].size);
      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        {
          g_autofree char *shown = muster_unit_dup_stat_value (unit, cf.ruleset, keys[k]);

          g_assert_cmpstr (muster_ruleset_get_unit_stat_value (cf.ruleset, keys[k], kinds[i].id, NULL), ==, values[k]);
          g_assert_cmpstr (shown, ==, values[k]);
        }
      g_assert_cmpint (muster_store_create_unit (cf.store, force, &too_big, &error), ==, 0);
      g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
    }
  /* seed 002:917: "20 Figures ... + 10 Privates" does not add up */
  muster_conformance_assert_house_reading (cf.ruleset, "foot-size");
  muster_conformance_assert_house_reading (cf.ruleset, "gunner-morale");
  muster_conformance_clear (&cf);
}

/* The charts, cell by cell. */
static void
test_reference_tables (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  const MusterReferenceTable *t;
  guint r = 0;

  t = muster_conformance_ref_table (rs, "movement");
  g_assert_cmpuint (t->rows->len, ==, 16);
  muster_conformance_assert_row (t, r++, FALSE, "Line", "Line (square)", "2", "–", "3", "–", NULL);             /* seed 002:82 */
  muster_conformance_assert_row (t, r++, FALSE, "Line", "March column", "2", "3", "4", "4", NULL);              /* seed 002:93 */
  muster_conformance_assert_row (t, r++, FALSE, "Grenadiers", "Line (square)", "2", "–", "3", "–", NULL);       /* seed 002:103 */
  muster_conformance_assert_row (t, r++, FALSE, "Grenadiers", "March column", "3", "4", "4", "4", NULL);        /* seed 002:115 */
  muster_conformance_assert_row (t, r++, FALSE, "Grenadiers", "Open order", "3", "4", "5", "–", NULL);          /* seed 002:126 */
  muster_conformance_assert_row (t, r++, FALSE, "Light", "Line (square)", "3", "–", "4", "–", NULL);            /* seed 002:137 */
  muster_conformance_assert_row (t, r++, FALSE, "Light", "March column", "3", "4", "5", "5", NULL);             /* seed 002:147 */
  muster_conformance_assert_row (t, r++, FALSE, "Light", "Open order", "3", "4", "5", "–", NULL);               /* seed 002:158 */
  muster_conformance_assert_row (t, r++, FALSE, "Militia", "Line (square)", "2", "–", "3", "–", NULL);          /* seed 002:169 */
  muster_conformance_assert_row (t, r++, FALSE, "Militia", "March column", "2", "3", "3", "4", NULL);           /* seed 002:180 */
  muster_conformance_assert_row (t, r++, FALSE, "Artillery", "Limbered", "3", "4", "–", "–", NULL);             /* seed 002:190 */
  muster_conformance_assert_row (t, r++, FALSE, "Artillery", "Manhandled", "2", "2", "–", "–", NULL);           /* seed 002:201 */
  muster_conformance_assert_row (t, r++, FALSE, "Mounted", "Line", "4", "–", "6", "–", NULL);                   /* seed 002:211 */
  muster_conformance_assert_row (t, r++, FALSE, "Mounted", "March column", "4", "5", "6", "6", NULL);           /* seed 002:223 */
  muster_conformance_assert_row (t, r++, FALSE, "Mounted", "Open order", "4", "–", "6", "–", NULL);             /* seed 002:234 */
  muster_conformance_assert_row (t, r++, FALSE, "Guerillas", "Open order", "3", "4", "5", "–", NULL);           /* seed 002:244 */

  t = muster_conformance_ref_table (rs, "morale");
  r = 0;
  g_assert_cmpuint (t->rows->len, ==, 6);
  muster_conformance_assert_row (t, r++, FALSE, "Grenadiers", "10", "11", "9", NULL);  /* seed 002:745 */
  muster_conformance_assert_row (t, r++, FALSE, "Line", "9", "10", "8", NULL);         /* seed 002:754 */
  muster_conformance_assert_row (t, r++, FALSE, "Militia", "7", "8", "6", NULL);       /* seed 002:764 */
  muster_conformance_assert_row (t, r++, FALSE, "Light", "8", "9", "7", NULL);         /* seed 002:774 */
  muster_conformance_assert_row (t, r++, FALSE, "Mounted", "9", "10", "8", NULL);      /* seed 002:784 */
  muster_conformance_assert_row (t, r++, FALSE, "Guerillas", "7", "8", "6", NULL);     /* seed 002:793 */

  t = muster_conformance_ref_table (rs, "close-in");
  r = 0;
  g_assert_cmpuint (t->rows->len, ==, 6);
  muster_conformance_assert_row (t, r++, FALSE, "Grenadier", "1–9", "1–8", "1–8", "1–7", NULL);  /* seed 002:467 */
  muster_conformance_assert_row (t, r++, FALSE, "Line", "1–7", "1–6", "1–8", "1–7", NULL);       /* seed 002:478 */
  muster_conformance_assert_row (t, r++, FALSE, "Militia", "1–5", "1–4", "1–6", "1–5", NULL);    /* seed 002:490 */
  muster_conformance_assert_row (t, r++, FALSE, "Light", "1–8", "1–6", "1–6", "1–5", NULL);      /* seed 002:502 */
  muster_conformance_assert_row (t, r++, FALSE, "Mounted", "1–8", "1–7", "1–7", "1–6", NULL);    /* seed 002:514 */
  muster_conformance_assert_row (t, r++, FALSE, "Guerillas", "1–7", "1–4", "1–8", "1–5", NULL);  /* seed 002:523 */

  /* seed 002:688: the loser's roll. The text captures on a "6" of a
   * modified D10 (seed 002:544) and says nothing of more: "6 or more" is
   * Muster's ("capture-on-six"). */
  t = muster_conformance_ref_table (rs, "close-combat");
  g_assert_cmpuint (t->rows->len, ==, 4);
  muster_conformance_assert_row (t, 0, FALSE, "1", "Killed", NULL);
  muster_conformance_assert_row (t, 1, FALSE, "2", "Wounded", NULL);
  muster_conformance_assert_row (t, 2, FALSE, "3–5", "Runs to the rear", NULL);
  muster_conformance_assert_row (t, 3, TRUE, "6 or more", "Captured", NULL);
  g_assert_nonnull (t->house_note);
  muster_conformance_assert_house_reading (rs, "capture-on-six");

  t = muster_conformance_ref_table (rs, "joker");
  r = 0;
  g_assert_cmpuint (t->rows->len, ==, 6);
  muster_conformance_assert_row (t, r++, FALSE, "1", "Add one die to the unit's move", NULL);          /* seed 002:54 */
  muster_conformance_assert_row (t, r++, FALSE, "2", "The unit does not move", NULL);                  /* seed 002:56 */
  muster_conformance_assert_row (t, r++, FALSE, "3", "Fall back 2D6", NULL);                           /* seed 002:58 */
  muster_conformance_assert_row (t, r++, FALSE, "4", "Subtract one die from the move", NULL);          /* seed 002:60 */
  muster_conformance_assert_row (t, r++, FALSE, "5", "Lightly wounded in the unit are healed", NULL);  /* seed 002:62 */
  muster_conformance_assert_row (t, r++, FALSE, "6", "Charge the nearest enemy unit", NULL);           /* seed 002:64 */

  t = muster_conformance_ref_table (rs, "unit-sizes");
  r = 0;
  g_assert_cmpuint (t->rows->len, ==, 4);
  /* seed 002:917: 2 leaders and 10 privates, not the 20 figures it says */
  muster_conformance_assert_row (t, r++, TRUE, "Foot", "1 officer, 1 NCO", "10 privates", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Mounted", "1 officer, 1 NCO", "10 troopers", NULL);                 /* seed 002:919 */
  muster_conformance_assert_row (t, r++, FALSE, "Artillery", "1 leader", "1 gun, 3 gunners", NULL);                  /* seed 002:921 */
  muster_conformance_assert_row (t, r++, FALSE, "Command group", "1 or more officers", "standard and musician", NULL); /* seed 002:923 */

  t = muster_conformance_ref_table (rs, "sequence");
  g_assert_cmpuint (t->rows->len, ==, 4);
  g_assert_cmpstr (g_ptr_array_index ((GPtrArray *) g_ptr_array_index (t->rows, 0), 0), ==, "1 Movement");      /* seed 002:9 */
  g_assert_cmpstr (g_ptr_array_index ((GPtrArray *) g_ptr_array_index (t->rows, 1), 0), ==, "2 Fire");          /* seed 002:11 */
  g_assert_cmpstr (g_ptr_array_index ((GPtrArray *) g_ptr_array_index (t->rows, 2), 0), ==, "3 Close combat");  /* seed 002:13 */
  g_assert_cmpstr (g_ptr_array_index ((GPtrArray *) g_ptr_array_index (t->rows, 3), 0), ==, "4 Morale");        /* seed 002:15 */
}

/* Figures killed, wounded, captured or run (seed 002:688); what becomes
 * of them after the game is Muster's, and says so. */
static void
test_between_games (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  GPtrArray *steps = muster_ruleset_get_steps (rs);
  static const char * const outcomes[] = { "unhurt", "killed", "wounded", "captured", "run" };
  GPtrArray *defs = muster_ruleset_get_outcomes (rs);
  gboolean rolled = FALSE;

  g_assert_cmpuint (defs->len, ==, G_N_ELEMENTS (outcomes));
  for (guint i = 0; i < defs->len; i++)
    g_assert_cmpstr (((MusterOutcomeDef *) g_ptr_array_index (defs, i))->id, ==, outcomes[i]);
  /* seed 002:46, 002:48: lightly and heavily wounded */
  g_assert_true (muster_ruleset_lookup_outcome (rs, "wounded")->takes_light);
  g_assert_true (muster_ruleset_lookup_outcome (rs, "wounded")->takes_serious);

  for (guint i = 0; i < steps->len; i++)
    {
      const MusterStepDef *step = g_ptr_array_index (steps, i);

      /* Only the countdown of games to miss is not a reading of Muster's. */
      g_assert_cmpint (step->house, ==, !g_str_equal (step->type, "countdown"));
      if (g_strcmp0 (muster_step_get_param (step, "fate"), "roll") == 0)
        {
          static const MusterTextDice d6 = { 1, 6, 0 };
          g_autoptr(MusterDiceExpr) dice = muster_dice_expr_parse (muster_step_get_param (step, "dice"), NULL);

          muster_conformance_assert_dice (dice, &d6);
          g_assert_cmpint (muster_step_get_int_param (step, "returns-on", 0), ==, 4);
          rolled = TRUE;
        }
    }
  g_assert_true (rolled);
  for (guint i = 0; i < muster_ruleset_get_options (rs)->len; i++)
    {
      const MusterOptionDef *option = g_ptr_array_index (muster_ruleset_get_options (rs), i);

      for (guint c = 0; c < option->choices->len; c++)
        g_assert_true (((MusterChoiceDef *) g_ptr_array_index (option->choices, c))->house);
    }
  muster_conformance_assert_house_reading (rs, "campaign");
}

/* The movement chart names each kind's formations (seed 002:70-244):
 * artillery is "Limbered" (seed 002:190) or "Manhandled" (seed 002:201)
 * where foot has "Line (Square)" and "March Column" (seed 002:82, 002:93),
 * and mounted units have a "Line" (seed 002:211). A unit shows its
 * kind's names. */
static void
test_formations (void)
{
  static const struct {
    const char *kind;
    const char *line;
    const char *column;
    const char *open;
  } names[] = {
    { "grenadier", "Line (square)", "March column", "Open order" },
    { "line",      "Line (square)", "March column", "Open order" },
    { "militia",   "Line (square)", "March column", "Open order" },
    { "light",     "Line (square)", "March column", "Open order" },
    { "mounted",   "Line",          "March column", "Open order" },
    { "guerillas", "Line (square)", "March column", "Open order" },
    { "artillery", "Limbered",      "Manhandled",   "Open order" },
  };
  MusterConformance cf = { 0 };
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autoptr(MusterUnit) gun = NULL;
  g_autoptr(MusterUnit) foot = NULL;
  gint64 force;

  muster_conformance_init (&cf, RULESET, 1808);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_assert_cmpstr (muster_ruleset_get_unit_stat_name (cf.ruleset, "line", names[i].kind), ==, names[i].line);
      g_assert_cmpstr (muster_ruleset_get_unit_stat_name (cf.ruleset, "column", names[i].kind), ==, names[i].column);
      g_assert_cmpstr (muster_ruleset_get_unit_stat_name (cf.ruleset, "open", names[i].kind), ==, names[i].open);
    }

  force = muster_conformance_add_force (&cf, "French");
  {
    MusterUnitSpec gun_spec = { "Foot battery", "artillery", NULL, 0, NULL };
    MusterUnitSpec foot_spec = { "1st Company", "line", NULL, 0, NULL };
    g_autofree char *limbered = NULL;
    g_autofree char *line = NULL;
    g_autoptr(GPtrArray) units = NULL;
    g_autoptr(MusterSheet) sheet = NULL;
    g_autoptr(TestDoc) doc = NULL;
    g_autofree char *text = NULL;

    gun = muster_conformance_add_unit (&cf, force, &gun_spec);
    foot = muster_conformance_add_unit (&cf, force, &foot_spec);
    limbered = muster_unit_dup_stat_cell (gun, cf.ruleset, "line");
    line = muster_unit_dup_stat_cell (foot, cf.ruleset, "line");
    g_assert_cmpstr (limbered, ==, "Limbered: 3 / 4 / – / –");
    g_assert_cmpstr (line, ==, "2 / – / 3 / –");

    /* The units sheet, where the column is headed "Line (square)": the
     * gun's own name stands over its value. */
    units = muster_store_list_units (cf.store, cf.campaign, 0, NULL);
    sheet = muster_units_sheet_new (cf.ruleset, units, NULL, "Units");
    doc = muster_test_render_pdf (dir, sheet, MUSTER_PAPER_A4, "units");
    text = muster_test_document_text (doc);
    g_assert_true (muster_test_has_token (text, "Limbered"));
    g_assert_true (muster_test_has_token (text, "Manhandled"));
  }

  /* A campaign that kept the first version shows them as before. */
  muster_conformance_new_campaign_from (&cf, "rulesets/napoleonic-skirmish-1.xml", 1808);
  g_assert_cmpstr (muster_ruleset_get_unit_stat_name (cf.ruleset, "line", "artillery"), ==, "Line (square)");
  muster_conformance_clear (&cf);
  muster_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/conformance/" RULESET "/leaders", test_leaders);
  g_test_add_func ("/conformance/" RULESET "/recruit-distributions", test_recruit_distributions);
  g_test_add_func ("/conformance/" RULESET "/troop-types", test_troop_types);
  g_test_add_func ("/conformance/" RULESET "/reference-tables", test_reference_tables);
  g_test_add_func ("/conformance/" RULESET "/between-games", test_between_games);
  g_test_add_func ("/conformance/" RULESET "/formations", test_formations);

  return g_test_run ();
}
