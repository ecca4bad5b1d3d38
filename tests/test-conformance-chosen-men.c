/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-conformance"

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-cards-sheet.h"
#include "muster-character.h"
#include "muster-conformance-util.h"
#include "muster-playsheet-sheet.h"
#include "muster-print-test-util.h"
#include "muster-sheet-text.h"
#include "muster-test-util.h"
#include "muster-traits.h"
#include "muster-unit.h"
#include "muster-units-sheet.h"

/*
 * Chosen Men Fat v2.1 as its text gives it (seed 003; its first lines
 * list other documents): base morale ratings, squads and their moves,
 * the wound die, colours, and the squad leaders and officers recruits
 * get. The text starts officers' ratings from their rank and has them
 * roll for their character without giving numbers: those are Muster's,
 * and the tests say so.
 */

#define RULESET    "chosen-men"
#define N_RECRUITS 6000

/* seed 003:213: "0 on a d10 is 10"; seed 003:209: officers "roll for
 * their character" (Muster's table, "character-table") */
static const MusterTextDice character_dice = { 1, 10, 0 };

/* Rank, rating and character of each troop type. Ranks and ratings are
 * Muster's ("rating-from-rank"): the text starts the rating from the rank
 * (seed 003:209) and lets squad leaders have one (seed 003:209). */
static const struct {
  const char     *id;
  gboolean        mounted;
  MusterTextDice  rank;
  MusterTextDice  rating;
} officers[] = {
  { "squad-leader", FALSE, { 0, 0, 1 }, { 1, 3, -1 } },
  { "lieutenant",   FALSE, { 0, 0, 2 }, { 0, 0, 1 } },
  { "captain",      FALSE, { 0, 0, 3 }, { 0, 0, 2 } },
  /* seed 003:211: mounted officers are treated as cavalry */
  { "major",        TRUE,  { 0, 0, 4 }, { 0, 0, 3 } },
  { "colonel",      TRUE,  { 0, 0, 5 }, { 0, 0, 4 } },
};

/* seed 003:205: base morale */
static const struct {
  const char *id;
  int         value;
} ratings[] = {
  { "tribes",      5 },
  { "raw-militia", 6 },
  { "green",       7 },
  { "regular",     8 },
  { "veteran",     9 },
  { "crack",      10 },
};

/* Squads: figures, and the dice they move across country. */
static const struct {
  const char     *id;
  gboolean        mounted;
  MusterTextDice  move;
} squads[] = {
  { "infantry",    FALSE, { 2, 10, 0 } },   /* seed 003:205 */
  { "skirmishers", FALSE, { 2, 10, 2 } },   /* seed 003:205: +2 to all movement */
  { "cavalry",     TRUE,  { 3, 10, 0 } },   /* seed 003:205, 003:211 */
  { "artillery",   FALSE, { 2, 10, -5 } },  /* seed 003:205 */
};

static void
test_base_morale (void)
{
  MusterConformance cf = { 0 };
  const MusterReferenceTable *t;
  gint64 force;
  guint r = 0;

  muster_conformance_init (&cf, RULESET, 1808);
  force = muster_conformance_add_force (&cf, "British");
  g_assert_cmpuint (muster_ruleset_get_ratings (cf.ruleset)->len, ==, G_N_ELEMENTS (ratings));
  for (guint i = 0; i < G_N_ELEMENTS (ratings); i++)
    {
      const MusterRatingDef *rating = g_ptr_array_index (muster_ruleset_get_ratings (cf.ruleset), i);
      MusterUnitSpec spec = { ratings[i].id, "infantry", ratings[i].id, 0, NULL };
      g_autoptr(MusterUnit) unit = NULL;
      g_autofree char *shown = NULL;
      g_autofree char *expected = g_strdup_printf ("%d", ratings[i].value);

      g_assert_cmpstr (rating->id, ==, ratings[i].id);
      g_assert_cmpint (rating->value, ==, ratings[i].value);

      /* A squad of the rating made in the store has that base morale. */
      unit = muster_conformance_add_unit (&cf, force, &spec);
      shown = muster_unit_dup_stat_value (unit, cf.ruleset, "base-morale");
      g_assert_cmpstr (shown, ==, expected);
    }

  t = muster_conformance_ref_table (cf.ruleset, "base-morale");
  g_assert_cmpuint (t->rows->len, ==, 6);
  /* seed 003:205: the ratings, and the modifiers to base morale */
  muster_conformance_assert_row (t, r++, FALSE, "Tribes and mobs", "5", "Each casualty", "−1", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Raw militia", "6", "Squad leader or officer lost", "−1", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Green", "7", "Casualty from artillery", "−1", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Regular", "8", "Supported by formed troops", "+1", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Veteran", "9", "Formed", "+1", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Crack", "10", "Defending hard cover", "+2", NULL);
  muster_conformance_clear (&cf);
}

/* Squads of 5 to 15, usually about 10 (seed 003:213); a gun needs a crew
 * of 3, a large one 5 (seed 003:211). */
static void
test_squads (void)
{
  MusterConformance cf = { 0 };
  gint64 force;

  muster_conformance_init (&cf, RULESET, 1808);
  force = muster_conformance_add_force (&cf, "British");
  g_assert_cmpuint (muster_ruleset_get_unit_kinds (cf.ruleset)->len, ==, G_N_ELEMENTS (squads));
  for (guint i = 0; i < G_N_ELEMENTS (squads); i++)
    {
      const MusterUnitKindDef *kind = muster_ruleset_lookup_unit_kind (cf.ruleset, squads[i].id);
      g_autoptr(MusterDiceExpr) move = NULL;
      g_autoptr(GError) error = NULL;

      g_test_message ("squad %s", squads[i].id);
      g_assert_nonnull (kind);
      g_assert_cmpint (kind->mounted, ==, squads[i].mounted);
      move = muster_dice_expr_parse (muster_ruleset_get_unit_stat_value (cf.ruleset, "move", squads[i].id, NULL),
                                     &error);
      g_assert_no_error (error);
      muster_conformance_assert_dice (move, &squads[i].move);
      if (g_str_equal (squads[i].id, "artillery"))
        {
          g_assert_cmpint (kind->min_size, ==, 3);  /* seed 003:211 */
          g_assert_cmpint (kind->size, ==, 5);      /* seed 003:211 */
        }
      else
        {
          g_assert_cmpint (kind->min_size, ==, 5);  /* seed 003:213 */
          g_assert_cmpint (kind->max_size, ==, 15); /* seed 003:213 */
        }
    }
  g_assert_cmpint (muster_ruleset_lookup_unit_kind (cf.ruleset, "infantry")->size, ==, 10); /* seed 003:213 */

  /* The store keeps a squad within 5 and 15 figures (seed 003:213). */
  for (int size = 4; size <= 16; size++)
    {
      g_autofree char *name = g_strdup_printf ("Squad of %d", size);
      MusterUnitSpec spec = { name, "infantry", NULL, size, NULL };
      g_autoptr(GError) error = NULL;
      gint64 id = muster_store_create_unit (cf.store, force, &spec, &error);

      if (size < 5 || size > 15)
        {
          g_assert_cmpint (id, ==, 0);
          g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
        }
      else
        {
          g_autoptr(MusterUnit) unit = NULL;

          g_assert_no_error (error);
          unit = muster_store_get_unit (cf.store, id, &error);
          g_assert_no_error (error);
          g_assert_cmpint (muster_unit_get_size (unit), ==, size);
        }
    }
  muster_conformance_clear (&cf);
}

static void
test_officers (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  const MusterLookupTable *table = muster_ruleset_lookup_table (rs, "character");

  g_assert_cmpuint (muster_ruleset_get_n_troop_types (rs), ==, G_N_ELEMENTS (officers));
  for (guint i = 0; i < G_N_ELEMENTS (officers); i++)
    {
      const MusterTroopType *type = muster_ruleset_get_troop_type (rs, i);

      g_assert_cmpstr (type->id, ==, officers[i].id);
      g_assert_cmpint (type->mounted, ==, officers[i].mounted);
      muster_conformance_assert_dice (muster_troop_type_get_roll (type, "rank"), &officers[i].rank);
      muster_conformance_assert_dice (muster_troop_type_get_roll (type, "rating"), &officers[i].rating);
      muster_conformance_assert_dice (muster_troop_type_get_roll (type, "character"), &character_dice);
    }
  muster_conformance_assert_house_reading (rs, "rating-from-rank");

  /* The character table is Muster's, marked so, on the text's d10. */
  g_assert_nonnull (table);
  g_assert_true (table->house);
  muster_conformance_assert_dice (table->dice, &character_dice);
  g_assert_cmpint (((MusterTableEntry *) g_ptr_array_index (table->entries, 0))->min, ==, 1);
  g_assert_cmpint (((MusterTableEntry *) g_ptr_array_index (table->entries, table->entries->len - 1))->max, ==, 10);
  for (guint i = 0; i < table->entries->len; i++)
    {
      const MusterTableEntry *entry = g_ptr_array_index (table->entries, i);

      if (i > 0)
        g_assert_cmpint (entry->min, ==, ((MusterTableEntry *) g_ptr_array_index (table->entries, i - 1))->max + 1);
    }
  muster_conformance_assert_house_reading (rs, "character-table");
}

/* Thousands of each through the store: the character follows the d10,
 * a squad leader's rating D3−1, ranks and other ratings are fixed. */
static void
test_recruit_distributions (void)
{
  MusterConformance cf = { 0 };

  muster_conformance_init (&cf, RULESET, 1808);
  for (guint i = 0; i < G_N_ELEMENTS (officers); i++)
    {
      gint64 force = muster_conformance_add_force (&cf, officers[i].id);
      const char *keys[] = { "rank", "rating", "character" };
      const MusterTextDice *dice[] = { &officers[i].rank, &officers[i].rating, &character_dice };

      muster_conformance_recruit (&cf, force, officers[i].id, N_RECRUITS);
      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        {
          g_autoptr(MusterRecruitedStat) got = muster_conformance_test_rolls (&cf, force, officers[i].id, keys[k], dice[k]);

          g_assert_cmpuint (got->totals->len, ==, N_RECRUITS);
          for (guint r = 0; r < got->stored->len; r++)
            g_assert_cmpint (g_array_index (got->stored, int, r), ==, g_array_index (got->totals, int, r));
        }
    }
  muster_conformance_clear (&cf);
}

/* The wound die, serious wounds adding up, and colours. */
static void
test_wounds_and_colours (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  const MusterReferenceTable *t = muster_conformance_ref_table (rs, "wound-die");
  GPtrArray *steps = muster_ruleset_get_steps (rs);
  gboolean accumulate = FALSE, lost = FALSE, captured = FALSE;

  /* seed 003:207: "1-4 = minor wound 5-7= serious wound 8-0= fatal" */
  g_assert_cmpuint (t->rows->len, ==, 3);
  muster_conformance_assert_row (t, 0, FALSE, "1–4", "Minor", "A casualty for one turn", NULL);
  muster_conformance_assert_row (t, 1, FALSE, "5–7", "Serious", "A permanent casualty; a second is fatal", NULL);
  muster_conformance_assert_row (t, 2, FALSE, "8–0", "Fatal", "Remove the figure", NULL);

  g_assert_true (muster_ruleset_lookup_outcome (rs, "wounded")->takes_light);
  g_assert_true (muster_ruleset_lookup_outcome (rs, "wounded")->takes_serious);
  g_assert_true (muster_ruleset_lookup_outcome (rs, "killed")->removes);

  for (guint i = 0; i < steps->len; i++)
    {
      const MusterStepDef *step = g_ptr_array_index (steps, i);

      if (g_str_equal (step->type, "serious-wounds-accumulate"))
        {
          /* seed 003:207: "2 serious wounds become a fatality" */
          g_assert_cmpint (muster_step_get_int_param (step, "fatal-at", 0), ==, 2);
          accumulate = TRUE;
        }
      else if (g_str_equal (step->type, "morale-loss") &&
               g_strcmp0 (muster_step_get_param (step, "colours"), "lost") == 0)
        {
          /* seed 003:213: "the entire command suffers a permanent -2" */
          g_assert_cmpint (muster_step_get_int_param (step, "by", 0), ==, 2);
          g_assert_cmpstr (muster_step_get_param (step, "scope"), ==, "force");
          lost = TRUE;
        }
      else if (g_str_equal (step->type, "morale-loss"))
        {
          /* seed 003:213: "Any unit capturing enemy colours gains a +2" */
          g_assert_cmpstr (muster_step_get_param (step, "colours"), ==, "captured");
          g_assert_cmpint (muster_step_get_int_param (step, "by", 0), ==, -2);
          g_assert_cmpstr (muster_step_get_param (step, "scope"), ==, "unit");
          captured = TRUE;
        }
    }
  g_assert_true (accumulate);
  g_assert_true (lost);
  g_assert_true (captured);
}

/* The rest of the quick reference. */
static void
test_reference_tables (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  const MusterReferenceTable *t;
  guint r = 0;

  /* seed 003:205: infantry, skirmishers, cavalry, artillery */
  t = muster_conformance_ref_table (rs, "movement");
  g_assert_cmpuint (t->rows->len, ==, 4);
  muster_conformance_assert_row (t, 0, FALSE, "Infantry", "2D10", "3D10 drop lowest", "3D10 drop highest", NULL);
  muster_conformance_assert_row (t, 1, FALSE, "Skirmishers", "2D10 +2", "3D10 drop lowest +2", "2D10 +2", NULL);
  muster_conformance_assert_row (t, 2, FALSE, "Cavalry", "3D10", "4D10 drop lowest", "4D10 drop highest", NULL);
  muster_conformance_assert_row (t, 3, FALSE, "Artillery", "2D10 −5", "3D10 drop highest", "1D10 −2", NULL);

  /* seed 003:207: weapon, reload, d10, close, effective */
  t = muster_conformance_ref_table (rs, "firing");
  g_assert_cmpuint (t->rows->len, ==, 6);
  muster_conformance_assert_row (t, r++, FALSE, "Pistol", "1", "1", "3", "6", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Blunderbuss", "2", "3", "3", "6", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Musket", "2/1", "1", "12", "24", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Rifle", "2", "1", "18", "36", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Cannon (ball)", "5", "1", "48", "96", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Grape", "5", "10", "10", "18", NULL);
  /* seed 003:207: "8 or more on a modified d10 is a casualty" */
  g_assert_nonnull (strstr (t->title, "8 or more on a modified D10"));

  /* seed 003:209: melee modifiers */
  t = muster_conformance_ref_table (rs, "melee");
  r = 0;
  g_assert_cmpuint (t->rows->len, ==, 8);
  muster_conformance_assert_row (t, r++, FALSE, "Veteran or crack", "+1", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Charging over open ground", "+1", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Sword, bayonet or pike", "+1", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Defending soft / hard cover", "+1 / +2", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Formed (infantry with bayonets against cavalry)", "+1 (+5)", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Mounted", "+2", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Green or militia / mob or tribe", "−1 / −2", NULL);
  muster_conformance_assert_row (t, r++, FALSE, "Outnumbered / out of command", "−2 / −4", NULL);
  /* seed 003:209: "max 3:1 figures" */
  g_assert_nonnull (strstr (t->title, "at most 3 to 1"));

  /* seed 003:207: "3 untreated minor wounds become a serious wound";
   * carrying serious wounds on is Muster's ("serious-wounds-carried"), and
   * so is when a musician acts (seed 003:213, "musicians"); seed 003:213:
   * colours */
  t = muster_conformance_ref_table (rs, "between-games");
  g_assert_cmpuint (t->rows->len, ==, 5);
  muster_conformance_assert_row (t, 0, FALSE, "Minor wound", "Heals; three untreated make a serious wound", NULL);
  muster_conformance_assert_row (t, 1, TRUE, "Serious wound", "Stays; a second is fatal", NULL);
  muster_conformance_assert_row (t, 2, TRUE, "Musician",
                                 "His squad's leaders ignore minor wounds; one seriously wounded figure back each game", NULL);
  muster_conformance_assert_row (t, 3, FALSE, "Colours lost", "−2 base morale for the whole command, for good", NULL);
  muster_conformance_assert_row (t, 4, FALSE, "Colours captured", "+2 base morale for the capturing squad", NULL);

  /* seed 003:205: test morale, act, resolve a melee */
  t = muster_conformance_ref_table (rs, "sequence");
  g_assert_cmpuint (t->rows->len, ==, 3);
  muster_conformance_assert_row (t, 0, FALSE, "1", "Test morale", NULL);
  muster_conformance_assert_row (t, 1, FALSE, "2", "Act: move, load, fire, hold fire or heal", NULL);
  muster_conformance_assert_row (t, 2, FALSE, "3", "Resolve a melee", NULL);
}

/* The kept copy of the first version of the file, for campaigns made
 * before the wound die's minor wounds, musicians and officers' traits
 * were read: they play as they did. */
#define PREVIOUS "rulesets/chosen-men-1.xml"

/* A British lieutenant of Character @character (Steady: 5) and a
 * French opponent, in a campaign of the shipped file or of @previous. */
static gint64
lieutenant (MusterConformance *cf,
            const char        *previous,
            int                character,
            gint64            *unit_out,
            int                musicians)
{
  gint64 british, unit = 0;

  muster_conformance_init (cf, RULESET, 1809);
  if (previous != NULL)
    muster_conformance_new_campaign_from (cf, previous, 1809);
  british = muster_conformance_add_force (cf, "British");
  muster_conformance_add_force (cf, "French");
  if (unit_out != NULL)
    {
      MusterUnitSpec spec = { "Light company", "infantry", "regular", 10, NULL };
      g_autoptr(MusterUnit) squad = muster_conformance_add_unit (cf, british, &spec);
      g_autoptr(GError) error = NULL;

      unit = *unit_out = muster_unit_get_id (squad);
      g_assert_true (muster_store_set_unit_value (cf->store, unit, "musicians", musicians, &error));
      g_assert_no_error (error);
    }
  return muster_conformance_add_character (cf, british, unit, "Lt Harper", "lieutenant",
                                           "rank", 2, "rating", 1, "character", character, NULL);
}

static void
assert_wounds (MusterConformance *cf,
               gint64             id,
               MusterStatus       status,
               int                light,
               int                serious)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCharacter) character = muster_store_get_character (cf->store, id, &error);

  g_assert_no_error (error);
  g_assert_cmpint (muster_character_get_status (character), ==, status);
  g_assert_cmpint (muster_character_get_light_wounds (character), ==, light);
  g_assert_cmpint (muster_character_get_serious_wounds (character), ==, serious);
}

/* seed 003:207: "3 untreated minor wounds become a serious wound", and
 * "2 serious wounds become a fatality": a man who ends a game with three
 * minor wounds carries a serious one, and dies of a second. */
static void
test_minor_wounds_add_up (void)
{
  MusterConformance cf = { 0 };
  GPtrArray *steps;
  gboolean found = FALSE;
  gint64 harper;

  harper = lieutenant (&cf, NULL, 5, NULL, 0);
  steps = muster_ruleset_get_steps (cf.ruleset);
  for (guint i = 0; i < steps->len; i++)
    {
      const MusterStepDef *step = g_ptr_array_index (steps, i);

      if (g_str_equal (step->type, "light-wounds-accumulate"))
        {
          g_assert_cmpint (muster_step_get_int_param (step, "per-serious", 0), ==, 3);
          g_assert_false (step->house);
          found = TRUE;
        }
    }
  g_assert_true (found);

  {
    g_autoptr(GPtrArray) events = muster_conformance_play (&cf, harper, "wounded", 3, 0, 0, 0);

    g_assert_nonnull (muster_conformance_find_event (events, "worsened", harper, 0));
    assert_wounds (&cf, harper, MUSTER_STATUS_ACTIVE, 0, 1);
  }
  {
    /* Two minor wounds are not three: they heal. */
    g_autoptr(GPtrArray) events = muster_conformance_play (&cf, harper, "wounded", 2, 0, 0, 0);

    g_assert_null (muster_conformance_find_event (events, "worsened", harper, 0));
    assert_wounds (&cf, harper, MUSTER_STATUS_ACTIVE, 0, 1);
  }
  {
    /* Five are one serious wound and two that heal: with the one he
     * carries, two serious wounds, and he dies. */
    g_autoptr(GPtrArray) events = muster_conformance_play (&cf, harper, "wounded", 5, 0, 0, 0);

    g_assert_nonnull (muster_conformance_find_event (events, "worsened", harper, 0));
    g_assert_nonnull (muster_conformance_find_event (events, "death", harper, 0));
    assert_wounds (&cf, harper, MUSTER_STATUS_DEAD, 0, 2);
  }
  muster_conformance_clear (&cf);

  /* A campaign that kept the first version heals the three as before. */
  harper = lieutenant (&cf, PREVIOUS, 5, NULL, 0);
  {
    g_autoptr(GPtrArray) events = muster_conformance_play (&cf, harper, "wounded", 3, 0, 0, 0);

    g_assert_null (muster_conformance_find_event (events, "worsened", harper, 0));
    assert_wounds (&cf, harper, MUSTER_STATUS_ACTIVE, 0, 0);
  }
  muster_conformance_clear (&cf);
}

/* A lieutenant's rating as played, and the trait named, as sheets print
 * it: "Character rating 0 (Coward −1)". */
static char *
printed_stats (MusterConformance *cf,
               gint64             id)
{
  g_autoptr(MusterCharacter) character = muster_store_get_character (cf->store, id, NULL);

  return muster_sheet_character_stats (cf->ruleset, character);
}

/* seed 003:209: officers "roll for their character"; the table and its
 * bonuses and flaws are Muster's ("character-table"). Its effect on the
 * rating is shown wherever the rating is, within the rating's 0 to 6. */
static void
test_officer_character (void)
{
  static const struct {
    const char *troop_type;
    int         character;
    int         rating;     /* as rolled */
    int         played;
    const char *trait;
    const char *printed;
  } officers[] = {
    { "lieutenant",   1,  1, 0, "Coward",      "Character rating 0 (Coward −1) · Character 1 Coward" },
    { "lieutenant",   5,  1, 1, "Steady",      "Character rating 1 · Character 5 Steady" },
    { "captain",      8,  2, 3, "Inspiring",   "Character rating 3 (Inspiring +1) · Character 8 Inspiring" },
    { "colonel",     10,  4, 5, "Born leader", "Character rating 5 (Born leader +1) · Character 10 Born leader" },
    /* Within the rating's range: a coward of rating 0 stays at 0, a born
     * leader of 6 at 6, the trait named all the same. */
    { "squad-leader", 1,  0, 0, "Coward",      "Character rating 0 (Coward −1) · Character 1 Coward" },
    { "colonel",     10,  6, 6, "Born leader", "Character rating 6 (Born leader +1) · Character 10 Born leader" },
  };
  MusterConformance cf = { 0 };
  const MusterLookupTable *table;
  gint64 british;

  muster_conformance_init (&cf, RULESET, 1809);
  table = muster_ruleset_lookup_table (cf.ruleset, "character");
  g_assert_cmpstr (table->stat, ==, "character");
  british = muster_conformance_add_force (&cf, "British");
  for (guint i = 0; i < G_N_ELEMENTS (officers); i++)
    {
      gint64 id = muster_conformance_add_character (&cf, british, 0, "Officer", officers[i].troop_type,
                                                    "character", officers[i].character,
                                                    "rating", officers[i].rating, NULL);
      g_autoptr(MusterCharacter) character = muster_store_get_character (cf.store, id, NULL);
      g_autofree char *printed = printed_stats (&cf, id);
      int stored, played;

      g_test_message ("%s of Character %d", officers[i].troop_type, officers[i].character);
      g_assert_cmpstr (muster_traits_get_entry (cf.ruleset, character, "character")->name, ==, officers[i].trait);
      g_assert_true (muster_character_get_stat (character, "rating", &stored));
      g_assert_cmpint (stored, ==, officers[i].rating);
      g_assert_true (muster_traits_played_stat (cf.ruleset, character, "rating", &played, NULL));
      g_assert_cmpint (played, ==, officers[i].played);
      g_assert_nonnull (strstr (printed, officers[i].printed));
    }
  muster_conformance_assert_house_reading (cf.ruleset, "character-table");

  /* The first version's table changed nothing: a coward shows his 1. */
  muster_conformance_new_campaign_from (&cf, PREVIOUS, 1810);
  british = muster_conformance_add_force (&cf, "Portuguese");
  {
    gint64 id = muster_conformance_add_character (&cf, british, 0, "Officer", "lieutenant",
                                                  "rank", 2, "rating", 1, "character", 1, NULL);
    g_autofree char *printed = printed_stats (&cf, id);

    g_assert_cmpstr (printed, ==, "Rank 2 · Character rating 1 · Character 1");
  }
  muster_conformance_clear (&cf);
}

/* The units sheet and the stat cards print the rating as played, with
 * the trait. */
static void
test_officer_character_printed (void)
{
  MusterConformance cf = { 0 };
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(MusterSheet) roster = NULL;
  g_autoptr(MusterSheet) cards = NULL;
  g_autoptr(TestDoc) roster_doc = NULL;
  g_autoptr(TestDoc) cards_doc = NULL;
  g_autofree char *roster_text = NULL;
  g_autofree char *card_text = NULL;
  gint64 unit;

  lieutenant (&cf, NULL, 1, &unit, 0);
  characters = muster_store_list_characters (cf.store, cf.campaign, 0, NULL);
  units = muster_store_list_units (cf.store, cf.campaign, 0, NULL);

  roster = muster_units_sheet_new (cf.ruleset, units, characters, "Units");
  roster_doc = muster_test_render_pdf (dir, roster, MUSTER_PAPER_A4, "units");
  roster_text = muster_test_document_text (roster_doc);
  g_assert_nonnull (strstr (roster_text, "Character rating 0 (Coward −1)"));
  g_assert_nonnull (strstr (roster_text, "Character 1 Coward"));

  cards = muster_cards_sheet_new (cf.ruleset, characters);
  cards_doc = muster_test_render_pdf (dir, cards, MUSTER_PAPER_A4, "cards");
  card_text = muster_test_card_text (cards_doc, MUSTER_PAPER_A4, 0, 0);
  g_assert_true (muster_test_has_token (card_text, "0"));
  g_assert_nonnull (strstr (card_text, "Coward −1"));

  muster_conformance_clear (&cf);
  muster_test_remove_tree (dir);
}

/* seed 003:213: "Any unit with a figure holding a musical instrument ...
 * may ignore all minor wounds he can also remove a heavy wound from any
 * command he is attached to." Between games (Muster's, "musicians"): the
 * minor wounds of the squad's leaders are ignored, and each musician
 * brings back one seriously wounded figure of his squad, logged and
 * undone with the resolution. */
static void
test_musicians (void)
{
  MusterConformance cf = { 0 };
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(MusterUnit) after = NULL;
  g_autoptr(MusterUnit) undone = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *steps;
  gboolean found = FALSE;
  gint64 harper, unit;

  harper = lieutenant (&cf, NULL, 5, &unit, 1);
  steps = muster_ruleset_get_steps (cf.ruleset);
  for (guint i = 0; i < steps->len; i++)
    {
      const MusterStepDef *step = g_ptr_array_index (steps, i);

      if (g_str_equal (step->type, "musicians"))
        {
          g_assert_cmpstr (muster_step_get_param (step, "unit-stat"), ==, "musicians");
          g_assert_cmpint (muster_step_get_int_param (step, "returns", 0), ==, 1);
          g_assert_cmpstr (muster_step_get_param (step, "ignores-light"), ==, "true");
          g_assert_true (step->house);
          found = TRUE;
        }
      /* Before the steps that count the wounds and the wounded. */
      if (g_str_equal (step->type, "light-wounds-accumulate") ||
          g_str_equal (step->type, "unit-casualties"))
        g_assert_true (found);
    }
  g_assert_true (found);
  muster_conformance_assert_house_reading (cf.ruleset, "musicians");

  /* Three minor wounds ignored; of two seriously wounded figures, one is
   * back and one is struck off. */
  events = muster_conformance_play (&cf, harper, "wounded", 3, 0, unit, 2);
  g_assert_nonnull (muster_conformance_find_event (events, "ignored", harper, 0));
  g_assert_null (muster_conformance_find_event (events, "worsened", harper, 0));
  g_assert_nonnull (muster_conformance_find_event (events, "rejoined", 0, unit));
  assert_wounds (&cf, harper, MUSTER_STATUS_ACTIVE, 0, 0);
  after = muster_store_get_unit (cf.store, unit, &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_unit_get_lost (after), ==, 1);

  /* Undone with the resolution, its log entries too. */
  g_assert_cmpint (muster_engine_undo_resolve (cf.store, cf.campaign, &error), >, 0);
  g_assert_no_error (error);
  undone = muster_store_get_unit (cf.store, unit, &error);
  g_assert_cmpint (muster_unit_get_lost (undone), ==, 0);
  {
    g_autoptr(GPtrArray) log = muster_store_list_log (cf.store, cf.campaign, 0, 0, NULL);

    for (guint i = 0; i < log->len; i++)
      g_assert_null (strstr (((MusterLogEntry *) g_ptr_array_index (log, i))->message, "musician"));
  }
  muster_conformance_clear (&cf);

  /* Two musicians bring back both; none bring back none. */
  harper = lieutenant (&cf, NULL, 5, &unit, 2);
  g_clear_pointer (&events, g_ptr_array_unref);
  events = muster_conformance_play (&cf, harper, "wounded", 1, 0, unit, 2);
  g_clear_object (&after);
  after = muster_store_get_unit (cf.store, unit, NULL);
  g_assert_cmpint (muster_unit_get_lost (after), ==, 0);
  muster_conformance_clear (&cf);

  /* The first version knew musicians only as a count. */
  harper = lieutenant (&cf, PREVIOUS, 5, &unit, 2);
  g_clear_pointer (&events, g_ptr_array_unref);
  events = muster_conformance_play (&cf, harper, "wounded", 3, 0, unit, 2);
  g_assert_null (muster_conformance_find_event (events, "ignored", harper, 0));
  g_clear_object (&after);
  after = muster_store_get_unit (cf.store, unit, NULL);
  g_assert_cmpint (muster_unit_get_lost (after), ==, 2);
  muster_conformance_clear (&cf);
}

/* The Playsheet prints what musicians do, marked as Muster's reading. */
static void
test_musicians_printed (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  g_autoptr(MusterSheet) sheet = muster_playsheet_sheet_new (rs);
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autoptr(TestDoc) doc = muster_test_render_pdf (dir, sheet, MUSTER_PAPER_A4, "playsheet");
  g_autofree char *text = muster_test_document_lines (doc);

  /* The row of the between-games table, and the house readings
   * "musicians" and "serious-wounds-carried", by words only their notes
   * have (their lines wrap in a narrow column). */
  g_assert_nonnull (strstr (text, "Musician †"));
  g_assert_true (muster_test_has_token (text, "heavy"));
  g_assert_true (muster_test_has_token (text, "fatality"));
  muster_test_remove_tree (dir);
}

/* seed 003:207: "Serious wounds count as a permanent casualty", within
 * the game: carrying them into later games is Muster's reading. */
static void
test_serious_wounds_carried (void)
{
  g_autoptr(MusterRuleset) rs = muster_conformance_load (RULESET);
  GPtrArray *steps = muster_ruleset_get_steps (rs);
  gboolean found = FALSE;

  for (guint i = 0; i < steps->len; i++)
    {
      const MusterStepDef *step = g_ptr_array_index (steps, i);

      if (g_str_equal (step->type, "serious-wounds-accumulate"))
        {
          g_assert_true (step->house);
          found = TRUE;
        }
    }
  g_assert_true (found);
  muster_conformance_assert_house_reading (rs, "serious-wounds-carried");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/conformance/" RULESET "/base-morale", test_base_morale);
  g_test_add_func ("/conformance/" RULESET "/squads", test_squads);
  g_test_add_func ("/conformance/" RULESET "/officers", test_officers);
  g_test_add_func ("/conformance/" RULESET "/recruit-distributions", test_recruit_distributions);
  g_test_add_func ("/conformance/" RULESET "/wounds-and-colours", test_wounds_and_colours);
  g_test_add_func ("/conformance/" RULESET "/reference-tables", test_reference_tables);
  g_test_add_func ("/conformance/" RULESET "/minor-wounds-add-up", test_minor_wounds_add_up);
  g_test_add_func ("/conformance/" RULESET "/officer-character", test_officer_character);
  g_test_add_func ("/conformance/" RULESET "/officer-character-printed", test_officer_character_printed);
  g_test_add_func ("/conformance/" RULESET "/musicians", test_musicians);
  g_test_add_func ("/conformance/" RULESET "/musicians-printed", test_musicians_printed);
  g_test_add_func ("/conformance/" RULESET "/serious-wounds-carried", test_serious_wounds_carried);

  return g_test_run ();
}
