/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-conformance"

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-conformance-util.h"
#include "muster-figure-stats-sheet.h"
#include "muster-playsheet-sheet.h"
#include "muster-print-test-util.h"
#include "muster-test-util.h"

/*
 * Sharpe's Skirmish as its text gives it (seed 000): every number
 * data/rulesets/sharpes-skirmish.xml takes from the text, each with the
 * line it comes from, and the characteristics of thousands of recruits
 * against the dice the text rolls them with.
 */

#define RULESET    "sharpes-skirmish"
#define N_RECRUITS 6000

/* I, D, S and C: one die each. */
/* seed 000:77 */
static const MusterTextDice one_die = { 1, 6, 0 };

/* F, and the weapon each troop type carries. */
static const struct {
  const char     *id;
  const char     *weapon;
  MusterTextDice  firing;
} troop_types[] = {
  { "line",           "musket", { 0, 0, 6 } },  /* seed 000:78 */
  { "voltigeur",      "musket", { 0, 0, 6 } },  /* seed 000:78 */
  { "chasseur",       "musket", { 0, 0, 6 } },  /* seed 000:78 */
  { "musket-special", "musket", { 1, 6, 3 } },  /* seed 000:78 */
  { "rifleman",       "rifle",  { 1, 6, 6 } },  /* seed 000:78 */
  { "rifle-officer",  "rifle",  { 1, 6, 6 } },  /* seed 000:78 */
  /* The text's usual way, 2D6; it names no weapon (house reading). */
  { "other",          "musket", { 2, 6, 0 } },  /* seed 000:78 */
};

/* seed 000:241: a musket fires at a skill of at most 9 */
#define MUSKET_CAP 9

/* The Playsheet's wound effect table, score 2 to 12. */
static const char * const playsheet_wounds[5][12] = {
  { "Head",    "N/e", "N/e", "L/w", "S/w", "S/w", "S/w", "S/w", "Kill", "Kill", "Kill", "Kill" }, /* seed 000:610 */
  { "Arms",    "N/e", "N/e", "L/w", "L/w", "L/w", "L/w", "S/w", "S/w",  "S/w",  "S/w",  "Kill" }, /* seed 000:611 */
  { "Legs",    "N/e", "N/e", "L/w", "L/w", "L/w", "S/w", "S/w", "S/w",  "S/w",  "Kill", "Kill" }, /* seed 000:612 */
  { "Chest",   "N/e", "L/w", "L/w", "L/w", "S/w", "S/w", "S/w", "S/w",  "Kill", "Kill", "Kill" }, /* seed 000:613 */
  { "Abdomen", "N/e", "L/w", "L/w", "L/w", "S/w", "S/w", "S/w", "S/w",  "Kill", "Kill", "Kill" }, /* seed 000:614 */
};

/* The same table in the rules section. */
static const char * const rules_wounds[5][12] = {
  { "Head",    "N/e", "N/e", "L/w", "L/w", "S/w", "S/w", "S/w", "Kill", "Kill", "Kill", "Kill" }, /* seed 000:406 */
  { "Arms",    "N/e", "N/e", "L/w", "L/w", "L/w", "L/w", "S/w", "S/w",  "S/w",  "S/w",  "Kill" }, /* seed 000:407 */
  { "Legs",    "N/e", "N/e", "L/w", "L/w", "L/w", "S/w", "S/w", "S/w",  "S/w",  "Kill", "Kill" }, /* seed 000:408 */
  { "Chest",   "N/e", "L/w", "L/w", "L/w", "S/w", "S/w", "S/w", "S/w",  "Kill", "Kill", "Kill" }, /* seed 000:409 */
  { "Abdomen", "N/e", "L/w", "L/w", "L/w", "S/w", "S/w", "S/w", "S/w",  "Kill", "Kill", "Kill" }, /* seed 000:410 */
};

/* Where the two disagree: Head, score 5. */
#define HEAD_ROW   0
#define SCORE_5    4

static int
musket_cap (int value)
{
  return MIN (value, MUSKET_CAP);
}

static void
test_characteristics (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  /* seed 000:71: five characteristics */
  static const char * const keys[] = {
    "I",  /* seed 000:73 */
    "D",  /* seed 000:74 */
    "S",  /* seed 000:75 */
    "C",  /* seed 000:76 */
    "F",  /* seed 000:78 */
  };

  /* seed 000:71: each character has them: kept figure by figure */
  g_assert_cmpint (muster_ruleset_get_kept_by (rs), ==, MUSTER_KEPT_BY_FIGURE);
  g_assert_cmpuint (muster_ruleset_get_n_stats (rs), ==, G_N_ELEMENTS (keys));
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      const MusterStatDef *stat = muster_ruleset_get_stat (rs, i);

      g_assert_cmpstr (stat->key, ==, keys[i]);
      /* The text gives no upper limit: 1 to 12 is Muster's. */
      g_assert_cmpint (stat->min, ==, 1);
      g_assert_cmpint (stat->max, ==, 12);
    }
  muster_conformance_assert_house_reading (rs, "stat-range");
}

static void
test_troop_types (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);

  g_assert_cmpuint (muster_ruleset_get_n_troop_types (rs), ==, G_N_ELEMENTS (troop_types));
  for (guint i = 0; i < G_N_ELEMENTS (troop_types); i++)
    {
      const MusterTroopType *type = muster_ruleset_get_troop_type (rs, i);

      g_test_message ("troop type %s", troop_types[i].id);
      g_assert_cmpstr (type->id, ==, troop_types[i].id);
      g_assert_cmpstr (type->default_weapon, ==, troop_types[i].weapon);
      g_assert_false (type->mounted);
      g_assert_cmpuint (type->rolls->len, ==, 5);
      for (guint s = 0; s < 4; s++)
        muster_conformance_assert_dice (muster_troop_type_get_roll (type, muster_ruleset_get_stat (rs, s)->key),
                                        &one_die);
      muster_conformance_assert_dice (muster_troop_type_get_roll (type, "F"), &troop_types[i].firing);
    }
  muster_conformance_assert_house_reading (rs, "other-weapon");
}

static void
test_weapons (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);

  /* seed 000:241: a musket, whoever holds it */
  g_assert_cmpint (muster_ruleset_get_cap (rs, "musket", "F"), ==, MUSKET_CAP);
  /* seed 000:239: French carbines are muskets' */
  g_assert_cmpint (muster_ruleset_get_cap (rs, "carbine", "F"), ==, 9);
  /* seed 000:251: a Baker rifle "can have any skill at all" */
  g_assert_cmpint (muster_ruleset_get_cap (rs, "rifle", "F"), ==, G_MAXINT);
  /* seed 000:568: an artillery piece at most 9 */
  g_assert_cmpint (muster_ruleset_get_cap (rs, "artillery", "F"), ==, 9);
  /* seed 000:247, 000:259: no limit given for pistols or the volley gun */
  g_assert_cmpint (muster_ruleset_get_cap (rs, "pistol", "F"), ==, G_MAXINT);
  g_assert_cmpint (muster_ruleset_get_cap (rs, "volley-gun", "F"), ==, G_MAXINT);
  for (guint s = 0; s < 4; s++)
    g_assert_cmpint (muster_ruleset_get_cap (rs, "musket", muster_ruleset_get_stat (rs, s)->key), ==, G_MAXINT);
}

/* Thousands of recruits of each troop type through the store: each roll
 * follows the text's dice, and what is kept is the roll; a musket holds
 * what he shoots with to 9 (seed 000:241), not what he keeps. */
static void
test_recruit_distributions (void)
{
  MusterConformance cf = { 0 };

  muster_conformance_init (&cf, RULESET, 1808);
  for (guint i = 0; i < G_N_ELEMENTS (troop_types); i++)
    {
      gint64 force = muster_conformance_add_force (&cf, troop_types[i].id);

      muster_conformance_recruit (&cf, force, troop_types[i].id, N_RECRUITS);
      for (guint s = 0; s < 5; s++)
        {
          const char *key = muster_ruleset_get_stat (cf.ruleset, s)->key;
          const MusterTextDice *dice = s < 4 ? &one_die : &troop_types[i].firing;
          g_autoptr(MusterRecruitedStat) got = muster_conformance_test_rolls (&cf, force, troop_types[i].id, key, dice);
          g_autoptr(MusterPmf) pmf = muster_text_dice_pmf (dice);
          gboolean capped = s == 4 && g_str_equal (troop_types[i].weapon, "musket");

          g_assert_cmpuint (got->totals->len, ==, N_RECRUITS);

          g_autoptr(GArray) used = g_array_sized_new (FALSE, FALSE, sizeof (int), got->stored->len);

          for (guint r = 0; r < got->stored->len; r++)
            {
              int total = g_array_index (got->totals, int, r);
              int stored = g_array_index (got->stored, int, r);
              int with_weapon = MIN (stored, muster_ruleset_get_cap (cf.ruleset, troop_types[i].weapon, key));

              /* finding 1: the rolled skill is stored, the musket's 9 is
               * what he shoots with */
              g_assert_cmpint (stored, ==, total);
              g_assert_cmpint (with_weapon, ==, capped ? musket_cap (total) : total);
              g_array_append_val (used, with_weapon);
            }
          if (s == 4 && g_str_equal (troop_types[i].id, "rifleman"))
            {
              /* The test tells the text's dice from others: 2D6, the
               * usual way (seed 000:78), is refused for a rifleman. */
              static const MusterTextDice two_dice = { 2, 6, 0 };
              g_autoptr(MusterPmf) wrong = muster_text_dice_pmf (&two_dice);
              double statistic;
              guint df, outside;

              g_assert_cmpfloat (muster_conformance_goodness_of_fit (got->totals, wrong, &statistic, &df, &outside),
                                 <, 1e-9);
              g_assert_cmpuint (outside, ==, 0);
            }
          if (capped && pmf->max > MUSKET_CAP)
            {
              g_autoptr(MusterPmf) shot = muster_pmf_map (pmf, musket_cap);
              g_autofree char *kept_label = g_strdup_printf ("%s %s F kept", RULESET, troop_types[i].id);
              g_autofree char *shot_label = g_strdup_printf ("%s %s F with a musket, at most 9", RULESET,
                                                             troop_types[i].id);

              /* finding 1: he keeps the whole roll, and shoots a musket
               * at 9 at most */
              g_assert_cmpint (pmf->max, >, MUSKET_CAP);
              muster_conformance_chi_square (kept_label, got->stored, pmf);
              muster_conformance_chi_square (shot_label, used, shot);
            }
        }
    }
  muster_conformance_clear (&cf);
}

/* The p-values the distribution tests rest on, at the 0.1% points of
 * the chi-square distribution. */
static void
test_statistics (void)
{
  static const struct { guint df; double statistic; } points[] = {
    { 1, 10.828 }, { 2, 13.816 }, { 3, 16.266 }, { 5, 20.515 }, { 10, 29.588 }, { 20, 45.315 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    g_assert_cmpfloat_with_epsilon (muster_chi_square_p (points[i].statistic, points[i].df), 0.001, 2e-6);
  g_assert_cmpfloat_with_epsilon (muster_chi_square_p (4.351, 5), 0.5, 1e-3);
  g_assert_cmpfloat (muster_chi_square_p (0, 3), ==, 1.0);
}

/* The wound effect table, cell by cell: the Playsheet's, but for the one
 * cell where the rules section says otherwise (seeds README), where Muster
 * follows the rules section and says so. */
static void
test_wound_effect_table (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  const MusterReferenceTable *table = muster_conformance_ref_table (rs, "wound-effect");

  /* seed 000:609: Score 2 to 12 */
  g_assert_cmpuint (table->columns->len, ==, 12);
  g_assert_cmpstr (g_ptr_array_index (table->columns, 0), ==, "Score");
  for (guint c = 1; c < 12; c++)
    {
      g_autofree char *score = g_strdup_printf ("%u", c + 1);

      g_assert_cmpstr (g_ptr_array_index (table->columns, c), ==, score);
    }

  g_assert_cmpuint (table->rows->len, ==, G_N_ELEMENTS (playsheet_wounds));
  for (guint r = 0; r < G_N_ELEMENTS (playsheet_wounds); r++)
    {
      GPtrArray *cells = g_ptr_array_index (table->rows, r);
      gboolean house_row = r == HEAD_ROW;

      g_assert_cmpuint (cells->len, ==, 12);
      for (guint c = 0; c < 12; c++)
        {
          gboolean disputed = r == HEAD_ROW && c == SCORE_5;

          /* The two texts agree on every other cell. */
          g_assert_cmpint (g_strcmp0 (playsheet_wounds[r][c], rules_wounds[r][c]) != 0, ==, disputed);
          g_assert_cmpstr (g_ptr_array_index (cells, c), ==,
                           disputed ? rules_wounds[r][c] : playsheet_wounds[r][c]);
        }
      g_assert_cmpint (g_array_index (table->house_rows, gboolean, r), ==, house_row);
    }

  /* Head on 5: L/w (seed 000:406), not S/w (seed 000:610), marked. */
  g_assert_cmpstr (g_ptr_array_index ((GPtrArray *) g_ptr_array_index (table->rows, HEAD_ROW), SCORE_5), ==, "L/w");
  g_assert_true (table->house);
  g_assert_nonnull (table->house_note);
  muster_conformance_assert_house_reading (rs, "head-on-5");
}

/* The printed Playsheet carries the same table, the disputed row marked. */
static void
test_wound_effect_printed (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  g_autoptr(MusterSheet) sheet = muster_playsheet_sheet_new (rs);
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autoptr(TestDoc) doc = muster_test_render_pdf (dir, sheet, MUSTER_PAPER_A4, "playsheet");
  g_autofree char *text = muster_test_document_lines (doc);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint r = 0; r < G_N_ELEMENTS (playsheet_wounds); r++)
    {
      gboolean found = FALSE;

      for (guint l = 0; lines[l] != NULL && !found; l++)
        {
          g_auto(GStrv) words = g_strsplit (lines[l], " ", -1);
          guint w = 1;

          if (g_strcmp0 (words[0], playsheet_wounds[r][0]) != 0 || g_strv_length (words) < 12)
            continue;
          found = TRUE;
          /* The house row is marked † after its name. */
          if (r == HEAD_ROW)
            g_assert_cmpstr (words[w++], ==, "†");
          for (guint c = 1; c < 12; c++, w++)
            g_assert_cmpstr (words[w], ==, r == HEAD_ROW && c == SCORE_5 ? rules_wounds[r][c]
                                                                         : playsheet_wounds[r][c]);
        }
      g_test_message ("printed row %s", playsheet_wounds[r][0]);
      g_assert_true (found);
    }
}

static void
test_wound_modifiers (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  const MusterReferenceTable *t = muster_conformance_ref_table (rs, "wound-modifiers");
  guint r = 0;

  g_assert_cmpuint (t->rows->len, ==, 9);
  muster_conformance_assert_row (t, r++, FALSE, "Attacker's strength 1 or 2", "−1", NULL); /* seed 000:399 */
  muster_conformance_assert_row (t, r++, FALSE, "Attacker's strength 3 or 4", "0", NULL);  /* seed 000:400 */
  muster_conformance_assert_row (t, r++, FALSE, "Attacker's strength 5 or 6", "+1", NULL); /* seed 000:401 */
  muster_conformance_assert_row (t, r++, FALSE, "Hit by a horse", "+1", NULL);             /* seed 000:402 */
  /* −3 in the rules section (seed 000:399), +3 on the Playsheet
   * (seed 000:648): Muster's reading, marked. */
  muster_conformance_assert_row (t, r++, TRUE, "Falling off a horse or building", "+3", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Defender unable to recoil", "+1", NULL);  /* seed 000:400 */
  muster_conformance_assert_row (t, r++, FALSE, "Using no weapon", "−1", NULL);            /* seed 000:401 */
  muster_conformance_assert_row (t, r++, FALSE, "Horse hit by a man", "−1", NULL);         /* seed 000:402 */
  muster_conformance_assert_row (t, r++, FALSE, "Wounded while lying on the ground", "+1", NULL); /* seed 000:176 */
  g_assert_true (t->house);
  muster_conformance_assert_house_reading (rs, "falling-modifier");
}

/* Where a blow lands: the table the engine rolls and the one printed. */
static void
test_hit_location (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  const MusterLookupTable *table = muster_ruleset_lookup_table (rs, "hit-location");
  const MusterReferenceTable *t = muster_conformance_ref_table (rs, "hit-location");
  static const MusterTextDice d6 = { 1, 6, 0 };  /* seed 000:365 */
  static const char * const areas[] = {
    "legs",      /* seed 000:368 */
    "abdomen",   /* seed 000:369 */
    "left-arm",  /* seed 000:370 */
    "right-arm", /* seed 000:368 */
    "chest",     /* seed 000:369 */
    "head",      /* seed 000:370 */
  };

  g_assert_nonnull (table);
  muster_conformance_assert_dice (table->dice, &d6);
  g_assert_cmpuint (table->entries->len, ==, G_N_ELEMENTS (areas));
  for (guint i = 0; i < G_N_ELEMENTS (areas); i++)
    {
      const MusterTableEntry *entry = g_ptr_array_index (table->entries, i);

      g_assert_cmpstr (entry->id, ==, areas[i]);
      g_assert_cmpint (entry->min, ==, (int) i + 1);
      g_assert_cmpint (entry->max, ==, (int) i + 1);
      g_assert_cmpint (entry->limit, ==, -1);
    }

  g_assert_cmpuint (t->rows->len, ==, 3);
  muster_conformance_assert_row (t, 0, FALSE, "1", "Legs", "4", "Right arm", NULL);   /* seed 000:682 */
  muster_conformance_assert_row (t, 1, FALSE, "2", "Abdomen", "5", "Chest", NULL);    /* seed 000:683 */
  muster_conformance_assert_row (t, 2, FALSE, "3", "Left arm", "6", "Head", NULL);    /* seed 000:684 */
}

/* What wounds do, and how they add up. */
static void
test_wounds (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  const MusterReferenceTable *t;
  const MusterOutcomeDef *outcome;

  t = muster_conformance_ref_table (rs, "wounds-add-up");
  g_assert_cmpuint (t->rows->len, ==, 2);
  muster_conformance_assert_row (t, 0, FALSE, "2 light wounds", "1 serious wound", NULL); /* seed 000:424 */
  /* A Kill (seed 000:426), Dead on the Playsheet (seed 000:695). */
  muster_conformance_assert_row (t, 1, FALSE, "2 serious wounds", "Dead (Kill)", NULL);
  g_assert_true (t->house);
  muster_conformance_assert_house_reading (rs, "two-serious-wounds");

  t = muster_conformance_ref_table (rs, "wounds-on-stats");
  g_assert_cmpuint (t->rows->len, ==, 2);
  muster_conformance_assert_row (t, 0, FALSE, "Each light wound", "−1", NULL);   /* seed 000:154 */
  muster_conformance_assert_row (t, 1, FALSE, "Each serious wound", "−2", NULL); /* seed 000:155 */

  t = muster_conformance_ref_table (rs, "wound-effects");
  g_assert_cmpuint (t->rows->len, ==, 6);
  muster_conformance_assert_row (t, 0, FALSE, "Light", "Legs", "No move next bound", NULL);             /* seed 000:437 */
  muster_conformance_assert_row (t, 1, FALSE, "Light", "Other areas", "No actions this bound", NULL);   /* seed 000:438 */
  muster_conformance_assert_row (t, 2, FALSE, "Serious", "Legs", "Crawls for the rest of the game", NULL); /* seed 000:437 */
  muster_conformance_assert_row (t, 3, FALSE, "Serious", "Head", "Knocked out for D6 bounds", NULL);    /* seed 000:438 */
  /* seed 000:444: 5 or 6 passes out, a 6 comes round */
  muster_conformance_assert_row (t, 4, FALSE, "Serious", "Chest or abdomen",
                                 "Roll 1D6 every bound: 5 or 6 passes out, 6 comes round", NULL);
  muster_conformance_assert_row (t, 5, FALSE, "Serious", "Arms",
                                 "Drops what that hand holds; that arm is useless", NULL);             /* seed 000:440 */

  t = muster_conformance_ref_table (rs, "order-of-movement");
  g_assert_cmpuint (t->rows->len, ==, 4);
  muster_conformance_assert_row (t, 0, FALSE, "1D6 + initiative", "Highest moves and acts first", NULL); /* seed 000:84 */
  muster_conformance_assert_row (t, 1, FALSE, "Tie", "Roll an unmodified D6", NULL);                   /* seed 000:84 */
  muster_conformance_assert_row (t, 2, FALSE, "Each light wound", "Down one place", NULL);             /* seed 000:86 */
  muster_conformance_assert_row (t, 3, FALSE, "Each serious wound", "Down three places", NULL);        /* seed 000:86 */

  /* seed 000:414, 000:416: light and serious wounds are counted */
  outcome = muster_ruleset_lookup_outcome (rs, "wounded");
  g_assert_true (outcome->takes_light);
  g_assert_true (outcome->takes_serious);
  g_assert_false (outcome->removes);
  /* seed 000:418: a Kill is out of action for this game */
  outcome = muster_ruleset_lookup_outcome (rs, "out-of-action");
  g_assert_true (outcome->removes);
  g_assert_false (outcome->takes_light);
}

/* The campaign death roll: the text's two ways, as a choice. */
static void
test_death_roll (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  const MusterOptionDef *option = muster_ruleset_lookup_option (rs, "death-roll");
  GPtrArray *steps = muster_ruleset_get_steps (rs);
  const MusterStepDef *step;
  static const MusterTextDice d6 = { 1, 6, 0 };  /* seed 000:418: "roll a D6" */

  g_assert_nonnull (option);
  g_assert_cmpuint (option->choices->len, ==, 2);
  /* seed 000:418: "only dies on a roll of 6" */
  g_assert_cmpstr (((MusterChoiceDef *) g_ptr_array_index (option->choices, 0))->id, ==, "die-on-6");
  /* seed 000:418: "out of action for D6 games" */
  g_assert_cmpstr (((MusterChoiceDef *) g_ptr_array_index (option->choices, 1))->id, ==, "out-d6-games");
  /* Both are the text's own: the campaign chooses, Muster reads nothing in. */
  for (guint i = 0; i < option->choices->len; i++)
    g_assert_false (((MusterChoiceDef *) g_ptr_array_index (option->choices, i))->house);

  step = g_ptr_array_index (steps, 1);
  g_assert_cmpstr (step->type, ==, "death-roll");
  g_assert_cmpstr (step->choice, ==, "die-on-6");
  g_assert_cmpstr (muster_step_get_param (step, "outcome"), ==, "out-of-action");
  {
    g_autoptr(MusterDiceExpr) dice = muster_dice_expr_parse (muster_step_get_param (step, "dice"), NULL);

    muster_conformance_assert_dice (dice, &d6);
  }
  g_assert_cmpint (muster_step_get_int_param (step, "dies-on", 0), ==, 6);  /* seed 000:418 */

  step = g_ptr_array_index (steps, 2);
  g_assert_cmpstr (step->type, ==, "out-for-games");
  g_assert_cmpstr (step->choice, ==, "out-d6-games");
  g_assert_cmpstr (muster_step_get_param (step, "outcome"), ==, "out-of-action");
  {
    g_autoptr(MusterDiceExpr) dice = muster_dice_expr_parse (muster_step_get_param (step, "dice"), NULL);

    muster_conformance_assert_dice (dice, &d6);
  }

  /* Wounds heal between games: "permanently" (seed 000:136, 000:152,
   * 000:644) read as for the rest of the game, unless the campaign
   * chooses otherwise (test_lasting_wounds). */
  step = g_ptr_array_index (steps, 7);
  g_assert_cmpstr (step->type, ==, "heal-wounds");
  g_assert_null (step->option);
  g_assert_true (step->house);
  muster_conformance_assert_house_reading (rs, "wounds-heal");
}

/* finding 2: wounds add up when a result is recorded: 2 light wounds are
 * 1 serious wound (seed 000:424), 2 serious wounds a Kill (seed 000:426),
 * which is out of action (seed 000:418). */
static void
test_wounds_add_up (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  const MusterWoundsAddUp *rule = muster_ruleset_get_wounds_add_up (rs);
  const MusterOutcomeDef *outcome;

  g_assert_nonnull (rule);
  g_assert_cmpint (rule->light, ==, 2);    /* seed 000:424 */
  g_assert_cmpint (rule->serious, ==, 2);  /* seed 000:426 */
  g_assert_cmpstr (rule->outcome, ==, "out-of-action");  /* seed 000:418 */

  /* 2 serious; 4 light; 1 serious and 2 light: each a Kill. */
  for (int light = 0; light <= 5; light++)
    for (int serious = 0; serious <= 3; serious++)
      {
        outcome = muster_ruleset_wounds_add_up (rs, light, serious);
        g_assert_cmpint (outcome != NULL, ==, serious + light / 2 >= 2);
        if (outcome != NULL)
          g_assert_cmpstr (outcome->id, ==, "out-of-action");
      }
  /* A Kill, and Dead on the Playsheet (seed 000:695): out of action,
   * then the death roll. */
  muster_conformance_assert_house_reading (rs, "two-serious-wounds");
}

/* finding 3: points lost to wounds (seed 000:152: initiative, dexterity
 * and strength; seed 000:154, 000:155: light -1, serious -2) are lost
 * "permanently" (seed 000:136, 000:644), read as for the rest of the
 * game unless the campaign chooses to lose them for good. */
static void
test_lasting_wounds (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  const MusterOptionDef *option = muster_ruleset_lookup_option (rs, "lasting-wounds");
  GPtrArray *steps = muster_ruleset_get_steps (rs);
  static const char * const stats[] = { "I", "D", "S" };  /* seed 000:152 */
  const MusterChoiceDef *heal, *harm;

  g_assert_nonnull (option);
  g_assert_cmpuint (option->choices->len, ==, 2);
  heal = g_ptr_array_index (option->choices, 0);
  harm = g_ptr_array_index (option->choices, 1);
  g_assert_cmpstr (option->default_choice, ==, "heal");
  g_assert_cmpstr (heal->id, ==, "heal");
  /* Reading "permanently" as for the rest of the game is Muster's. */
  g_assert_true (heal->house);
  g_assert_cmpstr (harm->id, ==, "lasting-harm");
  g_assert_false (harm->house);

  for (guint i = 0; i < G_N_ELEMENTS (stats); i++)
    {
      const MusterStepDef *step = g_ptr_array_index (steps, 4 + i);

      g_assert_cmpstr (step->type, ==, "drop-stat");
      g_assert_cmpstr (muster_step_get_param (step, "stat"), ==, stats[i]);
      g_assert_cmpstr (muster_step_get_param (step, "outcome"), ==, "wounded");
      g_assert_cmpint (muster_step_get_int_param (step, "light-by", 0), ==, 1);    /* seed 000:154 */
      g_assert_cmpint (muster_step_get_int_param (step, "serious-by", 0), ==, 2);  /* seed 000:155 */
      g_assert_cmpstr (muster_step_get_param (step, "at-zero"), ==, "keep");
      g_assert_cmpstr (step->option, ==, "lasting-wounds");
      g_assert_cmpstr (step->choice, ==, "lasting-harm");
      /* Never below 1: the stat's own minimum. */
      g_assert_cmpint (muster_ruleset_lookup_stat (rs, stats[i])->min, ==, 1);
    }
  g_assert_true (muster_conformance_ref_table (rs, "wounds-on-stats")->house);
  g_assert_nonnull (muster_conformance_ref_table (rs, "wounds-on-stats")->house_note);
  muster_conformance_assert_house_reading (rs, "wounds-heal");
}

/* finding 4: "out of action for D6 games in the series" (seed 000:418)
 * counts the campaign's games, whatever his force did: a house reading,
 * in the file, on the step and on the Playsheet. */
static void
test_games_missed (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  const MusterStepDef *step = g_ptr_array_index (muster_ruleset_get_steps (rs), 0);
  const MusterReferenceTable *t = muster_conformance_ref_table (rs, "between-games");

  g_assert_cmpstr (step->type, ==, "countdown");
  g_assert_true (step->house);
  muster_conformance_assert_house_reading (rs, "games-missed");
  /* The rows that are Muster's are marked, not the whole table. */
  g_assert_false (t->house);
  g_assert_cmpuint (t->rows->len, ==, 3);
  g_assert_false (g_array_index (t->house_rows, gboolean, 0));
  g_assert_true (g_array_index (t->house_rows, gboolean, 1));
  g_assert_true (g_array_index (t->house_rows, gboolean, 2));

  /* Printed: the row marked †, the reading among the Playsheet's. */
  {
    g_autoptr(MusterSheet) sheet = muster_playsheet_sheet_new (rs);
    g_autofree char *dir = muster_test_make_tmpdir ();
    g_autoptr(TestDoc) doc = muster_test_render_pdf (dir, sheet, MUSTER_PAPER_A4, "playsheet");
    g_autofree char *text = muster_test_document_text (doc);
    g_auto(GStrv) words = g_strsplit_set (text, " \n\t", -1);
    g_autofree char *joined = NULL;
    g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
    g_auto(GStrv) kept = NULL;

    for (guint i = 0; words[i] != NULL; i++)
      if (*words[i] != '\0')
        g_strv_builder_add (builder, words[i]);
    kept = g_strv_builder_end (builder);
    joined = g_strjoinv (" ", kept);
    g_assert_nonnull (strstr (joined, "Out for D6 games † Every game the campaign plays counts"));
    /* The reading's title may wrap in its narrow column, between the
     * lines of its note. */
    g_assert_nonnull (strstr (joined, "Out of action for"));
    g_assert_nonnull (strstr (joined, "The text: D6 games in the series."));
  }
}

/* The rest of the Playsheet's numbers. */
static void
test_reference_tables (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  const MusterReferenceTable *t;
  guint r;

  t = muster_conformance_ref_table (rs, "sequence");
  g_assert_cmpuint (t->rows->len, ==, 8);
  muster_conformance_assert_row (t, 0, FALSE, "1", "Dice for order of movement", NULL);         /* seed 000:56 */
  muster_conformance_assert_row (t, 1, FALSE, "2", "Movement", NULL);                           /* seed 000:57 */
  muster_conformance_assert_row (t, 2, FALSE, "3", "Shooting; check for misfires", NULL);       /* seed 000:58 */
  muster_conformance_assert_row (t, 3, FALSE, "4", "Melee", NULL);                              /* seed 000:59 */
  muster_conformance_assert_row (t, 4, FALSE, "5", "Wounds", NULL);                             /* seed 000:60 */
  muster_conformance_assert_row (t, 5, FALSE, "6", "Check weapon jamming (optional)", NULL);    /* seed 000:61 */
  muster_conformance_assert_row (t, 6, FALSE, "7", "Wound effects", NULL);                      /* seed 000:62 */
  muster_conformance_assert_row (t, 7, FALSE, "8", "Dice for pass-outs and recoveries", NULL);  /* seed 000:63 */

  t = muster_conformance_ref_table (rs, "close-combat");
  g_assert_cmpuint (t->rows->len, ==, 4);
  muster_conformance_assert_row (t, 0, FALSE, "Attack", "C + modifiers + 1D6", "1 C", NULL);  /* seed 000:296, 000:285 */
  muster_conformance_assert_row (t, 1, FALSE, "Parry", "C + modifiers + 1D6", "1 C", NULL);   /* seed 000:297, 000:292 */
  muster_conformance_assert_row (t, 2, FALSE, "Dodge", "D + modifiers + 1D6", "1 D", NULL);   /* seed 000:297, 000:351 */
  muster_conformance_assert_row (t, 3, FALSE, "Riposte", "C + modifiers + 1D6", "2 C", NULL); /* seed 000:298, 000:291 */

  t = muster_conformance_ref_table (rs, "combat-modifiers");
  r = 0;
  g_assert_cmpuint (t->rows->len, ==, 8);
  muster_conformance_assert_row (t, r++, FALSE, "Each light wound of attacker or defender", "−1", NULL);      /* seed 000:319 */
  muster_conformance_assert_row (t, r++, FALSE, "Each serious wound of attacker or defender", "−2", NULL);    /* seed 000:320 */
  muster_conformance_assert_row (t, r++, FALSE, "Attacking or defending uphill of the opponent", "+1", NULL); /* seed 000:321 */
  muster_conformance_assert_row (t, r++, FALSE, "On horseback", "+1", NULL);                                  /* seed 000:322 */
  muster_conformance_assert_row (t, r++, FALSE, "Attacking a fallen man", "+1", NULL);                        /* seed 000:323 */
  muster_conformance_assert_row (t, r++, FALSE, "Weapon in the wrong hand", "−1", NULL);                      /* seed 000:324 */
  muster_conformance_assert_row (t, r++, FALSE, "Bare-handed parry against any weapon", "−1", NULL);          /* seed 000:325 */
  muster_conformance_assert_row (t, r++, FALSE, "Parrying while defending an obstacle", "+1", NULL);          /* seed 000:326 */

  t = muster_conformance_ref_table (rs, "second-attack-modifiers");
  r = 0;
  g_assert_cmpuint (t->rows->len, ==, 5);
  muster_conformance_assert_row (t, r++, FALSE, "Attacking from the defender's right (weapon) side", "+1", NULL);    /* seed 000:328 */
  muster_conformance_assert_row (t, r++, FALSE, "Attacking from the defender's left (non-weapon) side", "+2", NULL); /* seed 000:329 */
  muster_conformance_assert_row (t, r++, FALSE, "Attacking from the defender's rear", "+3", NULL);                   /* seed 000:330 */
  muster_conformance_assert_row (t, r++, FALSE, "Defending by parrying with a weapon", "0", NULL);                   /* seed 000:332 */
  muster_conformance_assert_row (t, r++, FALSE, "Defending by riposting with a weapon", "−1", NULL);                 /* seed 000:333 */

  t = muster_conformance_ref_table (rs, "action-modifiers");
  r = 0;
  g_assert_cmpuint (t->rows->len, ==, 11);
  muster_conformance_assert_row (t, r++, FALSE, "Going backwards", "0", NULL);                /* seed 000:160 */
  muster_conformance_assert_row (t, r++, FALSE, "Going backwards in bad going", "+1", NULL);  /* seed 000:161 */
  muster_conformance_assert_row (t, r++, FALSE, "Running in bad going", "+1", NULL);          /* seed 000:162 */
  muster_conformance_assert_row (t, r++, FALSE, "Jumping a low wall or bush", "+1", NULL);    /* seed 000:163 */
  muster_conformance_assert_row (t, r++, FALSE, "Fighting in bad going", "+1", NULL);         /* seed 000:164 */
  muster_conformance_assert_row (t, r++, FALSE, "Vaulting a high wall", "+1", NULL);          /* seed 000:165 */
  muster_conformance_assert_row (t, r++, FALSE, "Climbing a tree", "0", NULL);                /* seed 000:166 */
  muster_conformance_assert_row (t, r++, FALSE, "Jumping down from above 6 feet", "+1", NULL); /* seed 000:636 */
  muster_conformance_assert_row (t, r++, FALSE, "Each further 6 feet", "+1", NULL);           /* seed 000:638 */
  muster_conformance_assert_row (t, r++, FALSE, "Each light wound", "−1", NULL);              /* seed 000:154 */
  muster_conformance_assert_row (t, r++, FALSE, "Each serious wound", "−2", NULL);            /* seed 000:155 */

  t = muster_conformance_ref_table (rs, "firing-modifiers");
  r = 0;
  g_assert_cmpuint (t->rows->len, ==, 9);
  muster_conformance_assert_row (t, r++, FALSE, "Each light wound", "−1", NULL);    /* seed 000:198 */
  muster_conformance_assert_row (t, r++, FALSE, "Each serious wound", "−2", NULL);  /* seed 000:199 */
  muster_conformance_assert_row (t, r++, FALSE, "Target moving", "−1", NULL);       /* seed 000:200 */
  muster_conformance_assert_row (t, r++, FALSE, "Firer moving", "−1", NULL);        /* seed 000:201 */
  muster_conformance_assert_row (t, r++, FALSE, "Shooting at night", "−1", NULL);   /* seed 000:202 */
  /* seed 000:660, 000:661, 000:662 */
  muster_conformance_assert_row (t, r++, FALSE,
                                 "Short range: pistol 3 inches, musket or carbine 6 inches, rifle 10 inches", "+1", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Mounted target", "+1", NULL);      /* seed 000:206 */
  muster_conformance_assert_row (t, r++, FALSE, "Firer resting the gun", "+1", NULL); /* seed 000:207 */
  muster_conformance_assert_row (t, r++, FALSE, "Aimed shot", "+1", NULL);          /* seed 000:208 */

  t = muster_conformance_ref_table (rs, "ranges");
  g_assert_cmpuint (t->rows->len, ==, 5);
  muster_conformance_assert_row (t, 0, FALSE, "Pistol", "up to 3", "3–6", "6–12", "no effect", NULL);            /* seed 000:247 */
  muster_conformance_assert_row (t, 1, FALSE, "Musket or carbine", "up to 24", "24–36", "36–48", "spent", NULL); /* seed 000:243 */
  muster_conformance_assert_row (t, 2, FALSE, "Baker rifle", "up to 48", "over 48", "–", "–", NULL);             /* seed 000:251 */
  muster_conformance_assert_row (t, 3, FALSE, "Volley gun", "up to 15", "15–30", "–", "spent", NULL);            /* seed 000:259 */
  muster_conformance_assert_row (t, 4, FALSE, "Artillery piece", "up to 24", "24–36", "36–48", "−3", NULL);      /* seed 000:570 */

  t = muster_conformance_ref_table (rs, "movement");
  g_assert_cmpuint (t->rows->len, ==, 4);
  muster_conformance_assert_row (t, 0, FALSE, "Crawl or sneak", "3", "Walk", "6", "180°", NULL); /* seed 000:99 */
  muster_conformance_assert_row (t, 1, FALSE, "Walk", "6", "Trot", "9", "180°", NULL);           /* seed 000:100 */
  muster_conformance_assert_row (t, 2, FALSE, "Run", "9", "Canter", "12", "90°", NULL);          /* seed 000:101 */
  muster_conformance_assert_row (t, 3, FALSE, "", "", "Gallop", "15", "45°", NULL);              /* seed 000:102 */
}

/* The Figure Stats sheet: eight figures a page (seed 000:709 to
 * 000:749), turns 1-16 (seed 000:711, 000:713) then 17-32 on a page of
 * their own (seed 000:755, 000:757). */
static void
test_figure_stats (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  g_autoptr(GPtrArray) none = g_ptr_array_new ();
  g_autoptr(MusterSheet) sixteen = muster_figure_stats_sheet_new (rs, none, 16);
  g_autoptr(MusterSheet) thirty_two = muster_figure_stats_sheet_new (rs, none, 32);
  MusterPageSize size;

  g_assert_cmpint (MUSTER_FIGURE_STATS_PER_PAGE, ==, 8);
  muster_page_size_init_for_paper (&size, MUSTER_PAPER_A4);
  g_assert_cmpuint (muster_sheet_get_n_pages (thirty_two, &size), ==,
                    2 * muster_sheet_get_n_pages (sixteen, &size));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/conformance/" RULESET "/statistics", test_statistics);
  g_test_add_func ("/conformance/" RULESET "/characteristics", test_characteristics);
  g_test_add_func ("/conformance/" RULESET "/troop-types", test_troop_types);
  g_test_add_func ("/conformance/" RULESET "/weapons", test_weapons);
  g_test_add_func ("/conformance/" RULESET "/recruit-distributions", test_recruit_distributions);
  g_test_add_func ("/conformance/" RULESET "/wound-effect-table", test_wound_effect_table);
  g_test_add_func ("/conformance/" RULESET "/wound-effect-printed", test_wound_effect_printed);
  g_test_add_func ("/conformance/" RULESET "/wound-modifiers", test_wound_modifiers);
  g_test_add_func ("/conformance/" RULESET "/hit-location", test_hit_location);
  g_test_add_func ("/conformance/" RULESET "/wounds", test_wounds);
  g_test_add_func ("/conformance/" RULESET "/death-roll", test_death_roll);
  g_test_add_func ("/conformance/" RULESET "/wounds-add-up", test_wounds_add_up);
  g_test_add_func ("/conformance/" RULESET "/lasting-wounds", test_lasting_wounds);
  g_test_add_func ("/conformance/" RULESET "/games-missed", test_games_missed);
  g_test_add_func ("/conformance/" RULESET "/reference-tables", test_reference_tables);
  g_test_add_func ("/conformance/" RULESET "/figure-stats", test_figure_stats);

  return g_test_run ();
}
