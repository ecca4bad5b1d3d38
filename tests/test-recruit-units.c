/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Recruiting by the rulesets kept by unit: values in range, Big
 * Skirmishes' Class from 2D6 and its limits per side. */
#include "config.h"

#include <math.h>

#include <glib.h>
#include <sqlite3.h>

#include "muster-character.h"
#include "muster-recruit.h"
#include "muster-store-private.h"
#include "muster-test-util.h"

#define N_ROLLS 36000

static MusterRuleset *
lookup (const char *id)
{
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset = muster_rulesets_lookup (id, &error);

  g_assert_no_error (error);
  return ruleset;
}

static int
stat_value (MusterRecruit *recruit,
            const char    *key)
{
  gpointer value;

  g_assert_true (g_hash_table_lookup_extended (recruit->stats, key, NULL, &value));
  return GPOINTER_TO_INT (value);
}

/* Without limits, Class follows 2D6 on the table: 2-4 Duffer (6 in 36),
 * 5-8 Professional (20), 9-11 Leader (9), 12 Hero (1). */
static void
test_class_distribution (void)
{
  g_autoptr(MusterRuleset) ruleset = lookup ("big-skirmishes");
  const double expected[5] = { 0, 6.0 / 36, 20.0 / 36, 9.0 / 36, 1.0 / 36 };
  int counts[5] = { 0 };
  double chi2 = 0;
  MusterRng rng;

  muster_rng_init (&rng, 1808);
  for (int i = 0; i < N_ROLLS; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterRecruit) recruit = muster_recruit_roll (ruleset, i % 2 ? "character" : "mounted-character",
                                                              NULL, &rng, &error);
      int value;

      g_assert_no_error (error);
      value = stat_value (recruit, "class");
      g_assert_cmpint (value, >=, 1);
      g_assert_cmpint (value, <=, 4);
      /* The faces are kept, and the table gives the Class. */
      g_assert_cmpuint (recruit->rolls->len, ==, 1);
      {
        const MusterRoll *roll = g_ptr_array_index (recruit->rolls, 0);
        int total = roll->total;

        g_assert_cmpuint (roll->faces->len, ==, 2);
        g_assert_cmpint (value, ==, total <= 4 ? 1 : total <= 8 ? 2 : total <= 11 ? 3 : 4);
      }
      counts[value]++;
    }
  for (int c = 1; c <= 4; c++)
    {
      double e = expected[c] * N_ROLLS;
      chi2 += (counts[c] - e) * (counts[c] - e) / e;
    }
  /* 3 degrees of freedom: 16.27 is p = 0.001. */
  g_assert_cmpfloat (chi2, <, 16.27);
}

/* Rolled with the side's counts, no side ever has more than 2 Leaders or
 * 1 Hero; a roll past the limit gives the highest Class still open. */
static void
test_class_limits (void)
{
  g_autoptr(MusterRuleset) ruleset = lookup ("big-skirmishes");
  int demoted_hero_to_leader = 0, demoted_to_professional = 0;
  MusterRng rng;

  muster_rng_init (&rng, 1809);
  for (int side = 0; side < 500; side++)
    {
      g_autoptr(GHashTable) taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      int counts[5] = { 0 };

      for (int i = 0; i < 12; i++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(MusterRecruit) recruit = muster_recruit_roll_limited (ruleset, "character", NULL,
                                                                          &rng, taken, &error);
          const MusterRoll *roll;
          int value;

          g_assert_no_error (error);
          value = stat_value (recruit, "class");
          roll = g_ptr_array_index (recruit->rolls, 0);
          counts[value]++;
          g_hash_table_insert (taken, g_strdup_printf ("class/%d", value), GINT_TO_POINTER (counts[value]));

          if (roll->total == 12 && value == 3)
            demoted_hero_to_leader++;
          if (roll->total >= 9 && value == 2)
            {
              /* Only when every Class above is full. */
              g_assert_cmpint (counts[3], ==, 2);
              if (roll->total == 12)
                g_assert_cmpint (counts[4], ==, 1);
              demoted_to_professional++;
            }
          if (roll->total == 12 && value == 3)
            g_assert_cmpint (counts[4], ==, 1);
          if (value < 4 && roll->total >= 9)
            g_assert_cmpuint (recruit->demoted->len, <=, 1);
        }
      g_assert_cmpint (counts[3], <=, 2);
      g_assert_cmpint (counts[4], <=, 1);
    }
  g_assert_cmpint (demoted_hero_to_leader, >, 0);
  g_assert_cmpint (demoted_to_professional, >, 0);
}

static int
count_class (MusterStore *store,
             const char  *side,
             int          value)
{
  sqlite3_stmt *stmt = NULL;
  int n;

  sqlite3_prepare_v2 (muster_store_get_db (store),
                      "SELECT count(*) FROM stat s JOIN character c ON c.id = s.character_id "
                      "JOIN force f ON f.id = c.force_id WHERE s.key = 'class' AND s.value = ?1 "
                      "AND coalesce (f.side, f.name) = ?2 AND c.status NOT IN ('dead', 'retired')",
                      -1, &stmt, NULL);
  sqlite3_bind_int (stmt, 1, value);
  sqlite3_bind_text (stmt, 2, side, -1, SQLITE_STATIC);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  n = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  return n;
}

/* The store keeps the limits over every force of a side, and a Hero who
 * dies leaves his place open. */
static void
test_store_limits (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) ruleset = lookup ("big-skirmishes");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  gint64 campaign, picton, pack, ney;

  campaign = muster_store_create_campaign (store, "Quatre Bras", ruleset, 1815, NULL, &error);
  g_assert_no_error (error);
  picton = muster_store_create_force (store, campaign, "Picton", "Allies", &error);
  pack = muster_store_create_force (store, campaign, "Pack", "Allies", &error);
  ney = muster_store_create_force (store, campaign, "Ney", "French", &error);
  g_assert_no_error (error);

  for (int round = 0; round < 10; round++)
    {
      g_clear_pointer (&ids, g_array_unref);
      ids = muster_store_recruit (store, round % 2 ? picton : pack, round % 3 ? "character" : "mounted-character",
                                  NULL, NULL, 8, &error);
      g_assert_no_error (error);
      g_clear_pointer (&ids, g_array_unref);
      ids = muster_store_recruit (store, ney, "character", NULL, NULL, 8, &error);
      g_assert_no_error (error);
      g_assert_cmpint (count_class (store, "Allies", 3), <=, 2);
      g_assert_cmpint (count_class (store, "Allies", 4), <=, 1);
      g_assert_cmpint (count_class (store, "French", 3), <=, 2);
      g_assert_cmpint (count_class (store, "French", 4), <=, 1);
    }
  /* 80 recruits a side fill the Leaders' places (p of failing < 1e-9). */
  g_assert_cmpint (count_class (store, "Allies", 3), ==, 2);
  g_assert_cmpint (count_class (store, "French", 3), ==, 2);
}

/* The other rulesets: each stat within its range, as each troop type
 * rolls it. */
static void
test_other_rulesets (void)
{
  static const struct {
    const char *ruleset;
    const char *troop_type;
    const char *stat;
    int         min;
    int         max;
  } cases[] = {
    { "chosen-men", "squad-leader", "rank", 1, 1 },
    { "chosen-men", "squad-leader", "rating", 0, 2 },
    { "chosen-men", "squad-leader", "character", 1, 10 },
    { "chosen-men", "lieutenant", "rank", 2, 2 },
    { "chosen-men", "colonel", "rank", 5, 5 },
    { "chosen-men", "colonel", "rating", 4, 4 },
    { "chosen-men", "captain", "character", 1, 10 },
    { "napoleonic-skirmish", "nco", "rank", 1, 1 },
    { "napoleonic-skirmish", "officer", "rank", 2, 2 },
    { "napoleonic-skirmish", "commander", "rank", 3, 3 },
    { "small-unit-engagements", "officer", "radius", 6, 6 },
    { "small-unit-engagements", "mounted-officer", "radius", 6, 6 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(MusterRuleset) ruleset = lookup (cases[c].ruleset);
      int counts[11] = { 0 };
      MusterRng rng;

      muster_rng_init (&rng, 1811 + c);
      for (int i = 0; i < 2000; i++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(MusterRecruit) recruit = muster_recruit_roll (ruleset, cases[c].troop_type, NULL, &rng, &error);
          int value;

          g_assert_no_error (error);
          value = stat_value (recruit, cases[c].stat);
          g_assert_cmpint (value, >=, cases[c].min);
          g_assert_cmpint (value, <=, cases[c].max);
          counts[value]++;
        }
      /* Every value in the range comes up, about evenly for one die. */
      for (int v = cases[c].min; v <= cases[c].max; v++)
        {
          double share = (double) counts[v] / 2000;
          double expected = 1.0 / (cases[c].max - cases[c].min + 1);

          g_assert_cmpfloat (fabs (share - expected), <, 0.04);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/recruit/units/class-distribution", test_class_distribution);
  g_test_add_func ("/recruit/units/class-limits", test_class_limits);
  g_test_add_func ("/recruit/units/store-limits", test_store_limits);
  g_test_add_func ("/recruit/units/other-rulesets", test_other_rulesets);

  return g_test_run ();
}
