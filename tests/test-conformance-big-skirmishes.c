/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-conformance"

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-character.h"
#include "muster-conformance-util.h"
#include "muster-deck-sheet.h"
#include "muster-print-test-util.h"
#include "muster-test-util.h"
#include "muster-unit.h"

/*
 * Big Skirmishes / Small Battles as its text gives it (seed 001): the
 * Character Class from 2D6 with its limits per side, units and ratings,
 * the risk to characters, the card deck, and the Class of thousands of
 * recruits against the text's dice and table.
 */

#define RULESET    "big-skirmishes"
#define N_RECRUITS 6000
/* Characters recruited to each side in the distribution test: enough to
 * run into the limits (two per player is usual, seed 001:29). */
#define PER_SIDE   8
#define N_CLASSES  4
/* Sides to a campaign: recruiting counts the side's Characters over the
 * whole campaign, so the distribution test keeps campaigns small. */
#define SIDES_PER_CAMPAIGN 25

/* seed 001:31: "Roll 2D6 per Character" */
static const MusterTextDice class_dice = { 2, 6, 0 };

/* The Class table: 2D6 totals to a Class, and how many a side may have. */
static const struct {
  const char *id;
  int         min;
  int         max;
  int         value;
  int         limit;
} classes[] = {
  /* seed 001:33, 001:35: 4 is in both; Muster reads it as a Duffer
   * ("class-four"), and marks both rows */
  { "duffer",       2,  4, 1, -1 },
  { "professional", 5,  8, 2, -1 },
  { "leader",       9, 11, 3,  2 }, /* seed 001:37 */
  { "hero",        12, 12, 4,  1 }, /* seed 001:39 */
};

/* The Class a 2D6 total gives, from the table above. */
static int
class_of_total (int total)
{
  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    if (total >= classes[i].min && total <= classes[i].max)
      return classes[i].value;
  g_assert_not_reached ();
  return 0;
}

/* The Class a side gets from a roll when @held of each Class are already
 * on it: a Class past its limit gives the highest one below still open
 * (Muster's reading, "class-limit"). */
static int
class_within_limits (int        total,
                     const int *held)
{
  int value = class_of_total (total);

  while (classes[value - 1].limit >= 0 && held[value] >= classes[value - 1].limit)
    value--;
  return value;
}

/* The exact distribution of the Class of a side's @position-th recruit
 * (from 0), the side's earlier recruits rolled the same way: a walk over
 * how many Leaders and Heroes the side holds. */
static MusterPmf *
class_at_position (guint position)
{
  g_autoptr(MusterPmf) totals = muster_text_dice_pmf (&class_dice);
  /* p[leaders][heroes] before the recruit */
  double state[3][2] = { { 1, 0 }, { 0, 0 }, { 0, 0 } };
  MusterPmf *pmf = g_new0 (MusterPmf, 1);

  pmf->min = 1;
  pmf->max = N_CLASSES;
  pmf->p = g_new0 (double, N_CLASSES);
  for (guint j = 0; j <= position; j++)
    {
      double next[3][2] = { { 0 } };

      for (int l = 0; l <= 2; l++)
        for (int h = 0; h <= 1; h++)
          for (int t = totals->min; t <= totals->max && state[l][h] > 0; t++)
            {
              int held[N_CLASSES + 1] = { 0, 0, 0, l, h };
              int value = class_within_limits (t, held);
              double p = state[l][h] * totals->p[t - totals->min];

              if (j == position)
                pmf->p[value - 1] += p;
              next[l + (value == 3)][h + (value == 4)] += p;
            }
      memcpy (state, next, sizeof state);
    }
  return pmf;
}

static void
test_class_table (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  const MusterStatDef *stat = muster_ruleset_lookup_stat (rs, "class");
  const MusterLookupTable *table = muster_ruleset_lookup_table (rs, "class");
  const MusterLookupTable *activations = muster_ruleset_lookup_table (rs, "class-activations");
  const MusterReferenceTable *t = muster_conformance_ref_table (rs, "class");

  g_assert_cmpint (muster_ruleset_get_kept_by (rs), ==, MUSTER_KEPT_BY_UNIT);
  g_assert_nonnull (stat);
  /* seed 001:39: Class 4 at most; seed 001:147: "0 or less" is out */
  g_assert_cmpint (stat->min, ==, 0);
  g_assert_cmpint (stat->max, ==, 4);

  g_assert_nonnull (table);
  muster_conformance_assert_dice (table->dice, &class_dice);
  g_assert_true (table->house);
  g_assert_cmpuint (table->entries->len, ==, G_N_ELEMENTS (classes));
  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    {
      const MusterTableEntry *entry = g_ptr_array_index (table->entries, i);

      g_assert_cmpstr (entry->id, ==, classes[i].id);
      g_assert_cmpint (entry->min, ==, classes[i].min);
      g_assert_cmpint (entry->max, ==, classes[i].max);
      g_assert_cmpint (entry->value, ==, classes[i].value);
      g_assert_cmpint (entry->limit, ==, classes[i].limit);
    }
  muster_conformance_assert_house_reading (rs, "class-four");
  muster_conformance_assert_house_reading (rs, "class-limit");

  /* Both troop types roll on it. */
  for (guint i = 0; i < muster_ruleset_get_n_troop_types (rs); i++)
    {
      const MusterTroopType *type = muster_ruleset_get_troop_type (rs, i);
      const MusterStatRoll *roll = g_ptr_array_index (type->rolls, 0);

      g_assert_cmpuint (type->rolls->len, ==, 1);
      g_assert_cmpstr (roll->stat, ==, "class");
      g_assert_true (roll->table == table);
      g_assert_cmpint (type->mounted, ==, g_str_equal (type->id, "mounted-character"));
    }
  g_assert_cmpuint (muster_ruleset_get_n_troop_types (rs), ==, 2);

  /* Activations: a Duffer once (seed 001:33), the others twice (seed
   * 001:35, 001:37, 001:39). */
  g_assert_nonnull (activations);
  g_assert_cmpuint (activations->entries->len, ==, 2);
  g_assert_cmpint (((MusterTableEntry *) g_ptr_array_index (activations->entries, 0))->min, ==, 1);
  g_assert_cmpint (((MusterTableEntry *) g_ptr_array_index (activations->entries, 0))->max, ==, 1);
  g_assert_cmpint (((MusterTableEntry *) g_ptr_array_index (activations->entries, 0))->value, ==, 1);
  g_assert_cmpint (((MusterTableEntry *) g_ptr_array_index (activations->entries, 1))->min, ==, 2);
  g_assert_cmpint (((MusterTableEntry *) g_ptr_array_index (activations->entries, 1))->max, ==, 4);
  g_assert_cmpint (((MusterTableEntry *) g_ptr_array_index (activations->entries, 1))->value, ==, 2);

  /* seed 001:47: command range Class × 3; seed 001:49: move × 4, × 8 mounted */
  g_assert_cmpuint (stat->derived->len, ==, 2);
  g_assert_cmpstr (((MusterDerivedStat *) g_ptr_array_index (stat->derived, 0))->key, ==, "command-range");
  g_assert_cmpint (((MusterDerivedStat *) g_ptr_array_index (stat->derived, 0))->times, ==, 3);
  g_assert_cmpint (((MusterDerivedStat *) g_ptr_array_index (stat->derived, 0))->mounted_times, ==, 3);
  g_assert_cmpstr (((MusterDerivedStat *) g_ptr_array_index (stat->derived, 1))->key, ==, "move");
  g_assert_cmpint (((MusterDerivedStat *) g_ptr_array_index (stat->derived, 1))->times, ==, 4);
  g_assert_cmpint (((MusterDerivedStat *) g_ptr_array_index (stat->derived, 1))->mounted_times, ==, 8);

  /* The printed table: 2D6, Class, activations, range (seed 001:47), limit */
  g_assert_cmpuint (t->rows->len, ==, 4);
  muster_conformance_assert_row (t, 0, TRUE, "2–4", "1 Duffer", "1", "3\"", "–", NULL);             /* seed 001:33 */
  muster_conformance_assert_row (t, 1, TRUE, "5–8", "2 Professional", "2", "6\"", "–", NULL);       /* seed 001:35 */
  muster_conformance_assert_row (t, 2, FALSE, "9–11", "3 Leader", "2", "9\"", "2 a side", NULL);    /* seed 001:37 */
  muster_conformance_assert_row (t, 3, FALSE, "12", "4 Hero", "2", "12\"", "1 a side", NULL);       /* seed 001:39 */
}

/* Thousands of Characters through the store, eight to a side: every roll
 * follows 2D6, and the Class kept follows the table within the side's
 * limits, position by position. */
static void
test_recruit_distributions (void)
{
  MusterConformance cf = { 0 };
  const guint n_sides = N_RECRUITS / PER_SIDE;

  muster_conformance_init (&cf, RULESET, 1808);
  for (guint i = 0; i < muster_ruleset_get_n_troop_types (cf.ruleset); i++)
    {
      const char *type = muster_ruleset_get_troop_type (cf.ruleset, i)->id;
      g_autoptr(GArray) totals = g_array_new (FALSE, FALSE, sizeof (int));
      g_autoptr(GPtrArray) by_position = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
      g_autoptr(MusterPmf) pmf = muster_text_dice_pmf (&class_dice);
      g_autofree char *label = g_strdup_printf ("%s %s class roll (2d6)", RULESET, type);

      for (guint j = 0; j < PER_SIDE; j++)
        g_ptr_array_add (by_position, g_array_new (FALSE, FALSE, sizeof (int)));

      for (guint side = 0; side < n_sides; side++)
        {
          /* A force of its own side: each side's limits apart. */
          g_autofree char *name = g_strdup_printf ("%s %u", type, side + 1);
          g_autoptr(MusterRecruitedStat) got = NULL;
          int held[N_CLASSES + 1] = { 0 };
          gint64 force;

          if (side % SIDES_PER_CAMPAIGN == 0)
            muster_conformance_new_campaign (&cf, 18080000 + 1000 * i + side / SIDES_PER_CAMPAIGN);
          force = muster_conformance_add_force (&cf, name);
          muster_conformance_recruit (&cf, force, type, PER_SIDE);
          got = muster_conformance_read_stat (&cf, force, type, "class", &class_dice);
          g_assert_cmpuint (got->stored->len, ==, PER_SIDE);
          for (guint j = 0; j < PER_SIDE; j++)
            {
              int total = g_array_index (got->totals, int, j);
              int value = g_array_index (got->stored, int, j);

              g_assert_cmpint (value, ==, class_within_limits (total, held));
              held[value]++;
              g_array_append_val (totals, total);
              g_array_append_val (g_ptr_array_index (by_position, j), value);
            }
          /* seed 001:37, 001:39 */
          g_assert_cmpint (held[3], <=, 2);
          g_assert_cmpint (held[4], <=, 1);
        }

      muster_conformance_chi_square (label, totals, pmf);
      for (guint j = 0; j < PER_SIDE; j++)
        {
          g_autoptr(MusterPmf) kept = class_at_position (j);
          g_autofree char *kept_label = g_strdup_printf ("%s %s class kept, recruit %u of a side",
                                                         RULESET, type, j + 1);

          muster_conformance_chi_square (kept_label, g_ptr_array_index (by_position, j), kept);
        }
    }
  muster_conformance_clear (&cf);
}

/* Units of about a dozen, or a gun and four crew; three ratings. */
static void
test_units (void)
{
  MusterConformance cf = { 0 };
  static const struct {
    const char *id;
    int         size;
    const char *rating;
    gboolean    mounted;
    const char *move;
  } kinds[] = {
    { "infantry",    12, NULL,      FALSE, "4 / 6" },  /* seed 001:17, 001:131 */
    { "cavalry",     12, NULL,      TRUE,  "10 / 16" },/* seed 001:17, 001:133 */
    { "skirmishers", 12, NULL,      FALSE, "8" },      /* seed 001:17, 001:131 */
    { "artillery",    4, "average", FALSE, "6 / 2" },  /* seed 001:17, 001:21, 001:133 */
    { "indians",     12, "average", FALSE, NULL },     /* seed 001:17, 001:21 */
  };
  static const struct {
    const char *id;
    int         reaction;
    const char *morale;
    const char *halves;
  } ratings[] = {
    { "elite",    1, "re-roll 1s",      "round up" },   /* seed 001:101, 001:176, 001:111 */
    { "average",  0, "–",               "round up" },   /* seed 001:101, 001:111 */
    { "raw",     -1, "must re-roll 6s", "round down" }, /* seed 001:101, 001:176, 001:111 */
  };
  gint64 force;

  muster_conformance_init (&cf, RULESET, 1808);
  force = muster_conformance_add_force (&cf, "Red");
  g_assert_cmpuint (muster_ruleset_get_unit_kinds (cf.ruleset)->len, ==, G_N_ELEMENTS (kinds));
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      const MusterUnitKindDef *kind = muster_ruleset_lookup_unit_kind (cf.ruleset, kinds[i].id);
      MusterUnitSpec spec = { kinds[i].id, kinds[i].id, NULL, 0, NULL };
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterUnit) unit = NULL;

      g_test_message ("unit kind %s", kinds[i].id);
      g_assert_nonnull (kind);
      g_assert_cmpint (kind->mounted, ==, kinds[i].mounted);
      g_assert_cmpstr (kind->rating, ==, kinds[i].rating);
      if (kinds[i].move != NULL)
        g_assert_cmpstr (muster_ruleset_get_unit_stat_value (cf.ruleset, "move", kinds[i].id, NULL), ==, kinds[i].move);

      /* A new unit of the kind in the store has the text's size, and the
       * only rating it may have. */
      unit = muster_conformance_add_unit (&cf, force, &spec);
      g_assert_cmpint (muster_unit_get_size (unit), ==, kinds[i].size);
      g_assert_cmpstr (muster_unit_get_rating (unit), ==, kinds[i].rating != NULL ? kinds[i].rating : "average");
      if (kinds[i].rating != NULL)
        {
          MusterUnitSpec elite = { "Elite", kinds[i].id, "elite", 0, NULL };

          g_assert_cmpint (muster_store_create_unit (cf.store, force, &elite, &error), ==, 0);
          g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
        }
    }

  g_assert_cmpuint (muster_ruleset_get_ratings (cf.ruleset)->len, ==, G_N_ELEMENTS (ratings));
  for (guint i = 0; i < G_N_ELEMENTS (ratings); i++)
    {
      const MusterRatingDef *rating = muster_ruleset_lookup_rating (cf.ruleset, ratings[i].id);

      g_assert_nonnull (rating);
      g_assert_cmpint (rating->value, ==, ratings[i].reaction);
      g_assert_cmpstr (muster_ruleset_get_unit_stat_value (cf.ruleset, "morale", "infantry", ratings[i].id),
                       ==, ratings[i].morale);
      g_assert_cmpstr (muster_ruleset_get_unit_stat_value (cf.ruleset, "halves", "infantry", ratings[i].id),
                       ==, ratings[i].halves);
    }
  muster_conformance_clear (&cf);
}

/* Risk to characters: a 1 wounds, each wound a Class for good, 0 or less
 * is out, a Hero always recovers (seed 001:147). */
static void
test_risk_to_characters (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  const MusterReferenceTable *t = muster_conformance_ref_table (rs, "risk");
  GPtrArray *steps = muster_ruleset_get_steps (rs);
  guint n_drops = 0, n_retires = 0;

  g_assert_cmpuint (t->rows->len, ==, 2);
  muster_conformance_assert_row (t, 0, FALSE, "1", "Wounded: −1 Class for good", NULL); /* seed 001:147 */
  muster_conformance_assert_row (t, 1, FALSE, "2–6", "Unhurt", NULL);                   /* seed 001:147 */

  for (guint i = 0; i < steps->len; i++)
    {
      const MusterStepDef *step = g_ptr_array_index (steps, i);

      if (g_str_equal (step->type, "drop-stat"))
        {
          /* seed 001:147: one Class a wound, for good */
          g_assert_cmpstr (muster_step_get_param (step, "stat"), ==, "class");
          g_assert_cmpint (muster_step_get_int_param (step, "by", 0), ==, 1);
          g_assert_cmpstr (muster_step_get_param (step, "per-wound"), ==, "true");
          g_assert_cmpstr (muster_step_get_param (step, "outcome"), ==, "wounded");
          n_drops++;
        }
      else if (g_str_equal (step->type, "retire"))
        {
          /* seed 001:147: "down to 0 or less he is out of action" */
          g_assert_cmpstr (muster_step_get_param (step, "stat"), ==, "class");
          g_assert_cmpint (muster_step_get_int_param (step, "at-most", 99), ==, 0);
          g_assert_true (step->house);
          n_retires++;
        }
    }
  g_assert_cmpuint (n_drops, ==, 2);
  g_assert_cmpuint (n_retires, ==, 2);

  /* seed 001:147: "A Hero will always recover": spared the drop, or
   * (the campaign's other choice) never below Professional. */
  {
    const MusterStepDef *keeps = g_ptr_array_index (steps, 0);
    const MusterStepDef *drops = g_ptr_array_index (steps, 1);

    g_assert_cmpstr (keeps->choice, ==, "keeps-class");
    g_assert_cmpstr (muster_step_get_param (keeps, "spare-table"), ==, "class");
    g_assert_cmpstr (muster_step_get_param (keeps, "spare-entry"), ==, "hero");
    g_assert_cmpstr (drops->choice, ==, "drops-class");
    g_assert_cmpstr (muster_step_get_param (drops, "floor-entry"), ==, "hero");
    g_assert_cmpint (muster_step_get_int_param (drops, "floor", 0), ==, 2);
  }
  muster_conformance_assert_house_reading (rs, "hero-recovers");
  muster_conformance_assert_house_reading (rs, "out-of-action");
}

enum { CARD_CHARACTER, CARD_PAUSE, CARD_FREE_ACTION, CARD_JOKER, CARD_DUMMY, CARD_SPECIAL, N_CARD_KINDS };

static guint
card_kind (const char *text)
{
  if (strstr (text, "Special Effect") != NULL)
    return CARD_SPECIAL;
  if (strstr (text, "Free Action") != NULL)
    return CARD_FREE_ACTION;
  if (strstr (text, "Joker") != NULL)
    return CARD_JOKER;
  if (strstr (text, "Dummy") != NULL)
    return CARD_DUMMY;
  if (strstr (text, "Pause") != NULL)
    return CARD_PAUSE;
  g_assert_nonnull (strstr (text, "Character"));
  return CARD_CHARACTER;
}

/* The deck as printed for a campaign: its cards counted by kind. */
static void
test_deck (void)
{
  MusterConformance cf = { 0 };
  g_autofree char *dir = muster_test_make_tmpdir ();
  const char * const specials[] = { "The bridge is blown", NULL };
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(MusterSheet) sheet = NULL;
  g_autoptr(TestDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  const MusterReferenceTable *t;
  guint counts[N_CARD_KINDS] = { 0 };
  guint n_cards;

  muster_conformance_init (&cf, RULESET, 1808);
  muster_conformance_recruit (&cf, muster_conformance_add_force (&cf, "Red"), "character", 3);
  muster_conformance_recruit (&cf, muster_conformance_add_force (&cf, "Blue"), "mounted-character", 2);
  characters = muster_store_list_characters (cf.store, cf.campaign, 0, &error);
  g_assert_no_error (error);

  g_assert_true (muster_deck_sheet_ruleset_has_deck (cf.ruleset));
  sheet = muster_deck_sheet_new (cf.ruleset, characters, specials, &error);
  g_assert_no_error (error);
  n_cards = muster_deck_sheet_get_n_cards (MUSTER_DECK_SHEET (sheet));
  doc = muster_test_render_pdf (dir, sheet, MUSTER_PAPER_A4, "deck");
  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, (int) muster_card_grid_get_n_pages (n_cards));
  for (guint i = 0; i < n_cards; i++)
    {
      g_autofree char *text = muster_test_card_text (doc, MUSTER_PAPER_A4, i / MUSTER_CARDS_PER_PAGE,
                                                     i % MUSTER_CARDS_PER_PAGE);

      counts[card_kind (text)]++;
    }

  /* seed 001:57: one Character card for each Character of either side */
  g_assert_cmpuint (counts[CARD_CHARACTER], ==, characters->len);
  g_assert_cmpuint (counts[CARD_PAUSE], ==, 2);        /* seed 001:59 */
  g_assert_cmpuint (counts[CARD_FREE_ACTION], ==, 1);  /* seed 001:61 */
  g_assert_cmpuint (counts[CARD_JOKER], ==, 1);        /* seed 001:63 */
  g_assert_cmpuint (counts[CARD_DUMMY], ==, 1);        /* seed 001:65 */
  /* seed 001:67: one or more Special Effect cards, where the scenario
   * has them: one for each one named. */
  g_assert_cmpuint (counts[CARD_SPECIAL], ==, g_strv_length ((GStrv) specials));
  g_assert_cmpuint (n_cards, ==, characters->len + 2 + 1 + 1 + 1 + 1);
  g_assert_cmpuint (MUSTER_DECK_N_FIXED_CARDS, ==, 2 + 1 + 1 + 1);

  t = muster_conformance_ref_table (cf.ruleset, "deck");
  g_assert_cmpuint (t->rows->len, ==, 7);
  muster_conformance_assert_row (t, 0, FALSE, "Character (one each)", "Activate units in command range", NULL); /* seed 001:57, 001:41 */
  muster_conformance_assert_row (t, 1, FALSE, "1st Pause", "Fight combats left from last turn", NULL);         /* seed 001:71 */
  muster_conformance_assert_row (t, 2, FALSE, "2nd Pause", "Discard unused bonus cards", NULL);                /* seed 001:73 */
  muster_conformance_assert_row (t, 3, FALSE, "Free Action", "One free action by any unit", NULL);             /* seed 001:61 */
  muster_conformance_assert_row (t, 4, FALSE, "Joker", "Re-roll a die or a hand of dice", NULL);               /* seed 001:63 */
  muster_conformance_assert_row (t, 5, FALSE, "Dummy", "Nothing: keeps the enemy guessing", NULL);             /* seed 001:65 */
  muster_conformance_assert_row (t, 6, FALSE, "Special Effect", "As the scenario says", NULL);                  /* seed 001:67 */
  muster_conformance_clear (&cf);
}

/* The rest of the Playsheet's numbers. */
static void
test_reference_tables (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  const MusterReferenceTable *t;

  t = muster_conformance_ref_table (rs, "end-of-turn");
  g_assert_cmpuint (t->rows->len, ==, 4);
  muster_conformance_assert_row (t, 0, FALSE, "1", "Infantry and artillery not activated may fire or reload", NULL); /* seed 001:77 */
  muster_conformance_assert_row (t, 1, FALSE, "2", "Fight hand to hand combats", NULL);                             /* seed 001:77 */
  muster_conformance_assert_row (t, 2, FALSE, "3", "Test morale", NULL);                                            /* seed 001:79 */
  muster_conformance_assert_row (t, 3, FALSE, "4", "Shuffle the full deck", NULL);                                  /* seed 001:79 */

  t = muster_conformance_ref_table (rs, "firing");
  g_assert_cmpuint (t->rows->len, ==, 5);
  /* seed 001:113 long, 001:115 short, 001:117 canister */
  muster_conformance_assert_row (t, 0, FALSE, "Bow", "–", "0–6\"", "–", NULL);
  muster_conformance_assert_row (t, 1, FALSE, "Carbine", "6–12\"", "0–6\"", "–", NULL);
  muster_conformance_assert_row (t, 2, FALSE, "Musket", "9–18\"", "0–9\"", "–", NULL);
  muster_conformance_assert_row (t, 3, FALSE, "Rifle", "12–24\"", "0–12\"", "–", NULL);
  muster_conformance_assert_row (t, 4, FALSE, "Gun", "18–36\"", "9–18\"", "under 9\"", NULL);
  g_assert_cmpstr (g_ptr_array_index (t->columns, 1), ==, "Long (6s)");          /* seed 001:113 */
  g_assert_cmpstr (g_ptr_array_index (t->columns, 2), ==, "Short (5–6)");        /* seed 001:115 */
  g_assert_cmpstr (g_ptr_array_index (t->columns, 3), ==, "Canister (4–6)");     /* seed 001:117 */

  t = muster_conformance_ref_table (rs, "hits");
  g_assert_cmpuint (t->rows->len, ==, 3);
  muster_conformance_assert_row (t, 0, FALSE, "1–2", "No effect", NULL);            /* seed 001:123 */
  muster_conformance_assert_row (t, 1, FALSE, "3–4", "Disorder marker", NULL);      /* seed 001:125 */
  muster_conformance_assert_row (t, 2, FALSE, "5–6", "Kill: lose a figure", NULL);  /* seed 001:127 */

  t = muster_conformance_ref_table (rs, "movement");
  g_assert_cmpuint (t->rows->len, ==, 5);
  muster_conformance_assert_row (t, 0, FALSE, "Skirmishers", "8", "–", NULL);               /* seed 001:131 */
  muster_conformance_assert_row (t, 1, FALSE, "Line", "4", "–", NULL);                      /* seed 001:131 */
  muster_conformance_assert_row (t, 2, FALSE, "Column", "6", "8 road or charge", NULL);     /* seed 001:131 */
  muster_conformance_assert_row (t, 3, FALSE, "Cavalry", "10", "16 charge", NULL);          /* seed 001:133 */
  muster_conformance_assert_row (t, 4, FALSE, "Limbered gun", "6", "2 manhandled", NULL);   /* seed 001:133 */

  t = muster_conformance_ref_table (rs, "morale");
  g_assert_cmpuint (t->rows->len, ==, 3);
  muster_conformance_assert_row (t, 0, FALSE, "Tally or more", "OK", NULL);                               /* seed 001:178 */
  muster_conformance_assert_row (t, 1, FALSE, "Below tally", "Back off 1 move, take a disorder", NULL);   /* seed 001:180 */
  muster_conformance_assert_row (t, 2, FALSE, "4 or less", "Rout: remove it and any Duffer with it", NULL); /* seed 001:182 */
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/conformance/" RULESET "/class-table", test_class_table);
  g_test_add_func ("/conformance/" RULESET "/recruit-distributions", test_recruit_distributions);
  g_test_add_func ("/conformance/" RULESET "/units", test_units);
  g_test_add_func ("/conformance/" RULESET "/risk-to-characters", test_risk_to_characters);
  g_test_add_func ("/conformance/" RULESET "/deck", test_deck);
  g_test_add_func ("/conformance/" RULESET "/reference-tables", test_reference_tables);

  return g_test_run ();
}
