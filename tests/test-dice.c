/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-dice"

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-dice.h"

typedef struct {
  const char *text;
  const char *canonical;
  int         min;
  int         max;
  guint       n_dice;
} GoodExpr;

static const GoodExpr good_exprs[] = {
  { "1d6",        "1d6",       1,    6,  1 },
  { "2D6",        "2d6",       2,   12,  2 },
  { "1d6+3",      "1d6+3",     4,    9,  1 },
  { "d3+1",       "1d3+1",     2,    4,  1 },
  { "D6",         "1d6",       1,    6,  1 },
  { "6",          "6",         6,    6,  0 },
  { "2d6-1",      "2d6-1",     1,   11,  2 },
  { " 1d6 + 6 ",  "1d6+6",     7,   12,  1 },
  { "2d6 - d3",   "2d6-1d3",  -1,   11,  3 },
  { "3+1d6",      "3+1d6",     4,    9,  1 },
  { "-1",         "-1",       -1,   -1,  0 },
  { "100d1000",   "100d1000", 100, 100000, 100 },
  { "1d2",        "1d2",       1,    2,  1 },
  { "0",          "0",         0,    0,  0 },
  { "1d6+1d8+2",  "1d6+1d8+2", 4,   16,  2 },
};

typedef struct {
  const char *text;
  const char *fragment;   /* a part of the message that says what is wrong */
} BadExpr;

static const BadExpr bad_exprs[] = {
  { "",          "empty" },
  { "   ",       "empty" },
  { "2d",        "a number of sides must follow “d”" },
  { "d",         "a number of sides must follow “d”" },
  { "2x6",       "“x” at character 2" },
  { "2d6+",      "ends where" },
  { "2d6++1",    "“+” at character 5" },
  { "0d6",       "from 1 to 100 dice, not 0" },
  { "101d6",     "from 1 to 100 dice, not 101" },
  { "1d1",       "from 2 to 1000 sides, not 1" },
  { "1d1001",    "from 2 to 1000 sides, not 1001" },
  { "1d6 3",     "“3” at character 5" },
  { "2 d6",      "“d” at character 3" },
  { "1d6*2",     "“*” at character 4" },
  { "99999999999", "too large" },
  { "1d6+é",     "“é” at character 5" },
  { "1d6+5000000", "too large" },
};

static void
test_parse_good (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (good_exprs); i++)
    {
      const GoodExpr *g = &good_exprs[i];
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterDiceExpr) expr = muster_dice_expr_parse (g->text, &error);

      g_test_message ("expression “%s”", g->text);
      g_assert_no_error (error);
      g_assert_nonnull (expr);
      g_assert_cmpstr (muster_dice_expr_to_string (expr), ==, g->canonical);
      g_assert_cmpint (muster_dice_expr_get_min (expr), ==, g->min);
      g_assert_cmpint (muster_dice_expr_get_max (expr), ==, g->max);
      g_assert_cmpuint (muster_dice_expr_get_n_dice (expr), ==, g->n_dice);

      /* The canonical form reads back as itself. */
      {
        g_autoptr(MusterDiceExpr) again =
          muster_dice_expr_parse (muster_dice_expr_to_string (expr), &error);
        g_assert_no_error (error);
        g_assert_cmpstr (muster_dice_expr_to_string (again), ==, g->canonical);
      }
    }
}

static void
test_parse_bad (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_exprs); i++)
    {
      const BadExpr *b = &bad_exprs[i];
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterDiceExpr) expr = muster_dice_expr_parse (b->text, &error);
      g_autofree char *quoted = g_strdup_printf ("“%s”", b->text);

      g_test_message ("expression “%s”: %s", b->text,
                      error ? error->message : "(no error)");
      g_assert_null (expr);
      g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, quoted));
      g_assert_nonnull (strstr (error->message, b->fragment));
    }
}

static void
test_parse_message (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDiceExpr) expr = muster_dice_expr_parse ("2d", &error);

  g_assert_null (expr);
  g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==,
                   "Cannot read the dice expression “2d”: a number of sides must follow “d”.");
}

static void
test_die_sides (void)
{
  g_autoptr(MusterDiceExpr) expr = muster_dice_expr_parse ("2d6-d3+1d10+4", NULL);

  g_assert_nonnull (expr);
  g_assert_cmpuint (muster_dice_expr_get_n_dice (expr), ==, 4);
  g_assert_cmpuint (muster_dice_expr_get_die_sides (expr, 0), ==, 6);
  g_assert_cmpuint (muster_dice_expr_get_die_sides (expr, 1), ==, 6);
  g_assert_cmpuint (muster_dice_expr_get_die_sides (expr, 2), ==, 3);
  g_assert_cmpuint (muster_dice_expr_get_die_sides (expr, 3), ==, 10);
  g_assert_cmpint (muster_dice_expr_get_min (expr), ==, 2 - 3 + 1 + 4);
  g_assert_cmpint (muster_dice_expr_get_max (expr), ==, 12 - 1 + 10 + 4);
}

static void
test_ref (void)
{
  MusterDiceExpr *expr = muster_dice_expr_parse ("1d6", NULL);

  g_assert_true (muster_dice_expr_ref (expr) == expr);
  muster_dice_expr_unref (expr);
  g_assert_cmpstr (muster_dice_expr_to_string (expr), ==, "1d6");
  muster_dice_expr_unref (expr);
}

static void
test_rng_known_values (void)
{
  MusterRng rng;

  /* splitmix64 from 0 gives these, so a port or a compiler cannot change
   * a campaign's dice without this failing. */
  muster_rng_init (&rng, 0);
  g_assert_cmphex (rng.s[0], ==, G_GUINT64_CONSTANT (0xe220a8397b1dcdaf));
  g_assert_cmphex (rng.s[1], ==, G_GUINT64_CONSTANT (0x6e789e6aa1b965f4));
  g_assert_cmphex (rng.s[2], ==, G_GUINT64_CONSTANT (0x06c45d188009454f));
  g_assert_cmphex (rng.s[3], ==, G_GUINT64_CONSTANT (0xf88bb8a8724c81ec));

  /* xoshiro256** on a simple state. */
  rng.s[0] = 1; rng.s[1] = 2; rng.s[2] = 3; rng.s[3] = 4;
  g_assert_cmphex (muster_rng_next (&rng), ==, 11520);
  g_assert_cmphex (muster_rng_next (&rng), ==, 0);
  g_assert_cmphex (muster_rng_next (&rng), ==, 1509978240);

  /* The purpose hash is fixed too. */
  {
    static const guint expected[10] = { 2, 3, 5, 2, 1, 4, 1, 4, 4, 5 };
    muster_rng_init_for (&rng, 1809, "recruit/1");
    for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
      g_assert_cmpuint (muster_rng_die (&rng, 6), ==, expected[i]);
  }
}

static void
test_rng_reproducible (void)
{
  MusterRng a, b, c, d;
  gboolean differ_purpose = FALSE;
  gboolean differ_seed = FALSE;

  muster_rng_init_for (&a, 1812, "resolve/game/4/character/12");
  muster_rng_init_for (&b, 1812, "resolve/game/4/character/12");
  muster_rng_init_for (&c, 1812, "resolve/game/4/character/13");
  muster_rng_init_for (&d, 1813, "resolve/game/4/character/12");

  for (guint i = 0; i < 1000; i++)
    {
      guint64 va = muster_rng_next (&a);

      g_assert_cmphex (va, ==, muster_rng_next (&b));
      if (va != muster_rng_next (&c))
        differ_purpose = TRUE;
      if (va != muster_rng_next (&d))
        differ_seed = TRUE;
    }
  g_assert_true (differ_purpose);
  g_assert_true (differ_seed);

  /* Rolls through an expression repeat too. */
  {
    g_autoptr(MusterRoll) r1 = NULL;
    g_autoptr(MusterRoll) r2 = NULL;
    g_autofree char *f1 = NULL;
    g_autofree char *f2 = NULL;

    muster_rng_init_for (&a, 7, "recruit/3");
    muster_rng_init_for (&b, 7, "recruit/3");
    r1 = muster_dice_roll ("10d6+1", &a, NULL);
    r2 = muster_dice_roll ("10d6+1", &b, NULL);
    f1 = muster_roll_faces_to_string (r1);
    f2 = muster_roll_faces_to_string (r2);
    g_assert_cmpstr (f1, ==, f2);
    g_assert_cmpint (r1->total, ==, r2->total);
    g_assert_false (r1->entered);
  }
}

static void
test_roll_random (void)
{
  g_autoptr(MusterDiceExpr) expr = muster_dice_expr_parse ("2d6-1d3+2", NULL);
  MusterRng rng;

  muster_rng_init (&rng, 99);
  for (guint i = 0; i < 500; i++)
    {
      g_autoptr(MusterRoll) roll = muster_roll_new_random (expr, &rng);
      int a, b, c;

      g_assert_cmpstr (roll->expression, ==, "2d6-1d3+2");
      g_assert_cmpuint (roll->faces->len, ==, 3);
      a = g_array_index (roll->faces, int, 0);
      b = g_array_index (roll->faces, int, 1);
      c = g_array_index (roll->faces, int, 2);
      g_assert_cmpint (a, >=, 1); g_assert_cmpint (a, <=, 6);
      g_assert_cmpint (b, >=, 1); g_assert_cmpint (b, <=, 6);
      g_assert_cmpint (c, >=, 1); g_assert_cmpint (c, <=, 3);
      g_assert_cmpint (roll->total, ==, a + b - c + 2);
    }
}

static void
test_roll_constant (void)
{
  g_autoptr(MusterDiceExpr) expr = muster_dice_expr_parse ("6", NULL);
  g_autoptr(MusterRoll) roll = NULL;
  g_autoptr(MusterRoll) entered = NULL;
  g_autofree char *text = NULL;
  g_autofree char *faces = NULL;
  g_autoptr(GError) error = NULL;
  MusterRng rng;

  muster_rng_init (&rng, 1);
  roll = muster_roll_new_random (expr, &rng);
  g_assert_cmpint (roll->total, ==, 6);
  g_assert_cmpuint (roll->faces->len, ==, 0);
  text = muster_roll_describe (roll);
  g_assert_cmpstr (text, ==, "6");
  faces = muster_roll_faces_to_string (roll);
  g_assert_cmpstr (faces, ==, "");

  entered = muster_roll_new_entered (expr, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (entered->total, ==, 6);
}

static void
test_roll_entered (void)
{
  g_autoptr(MusterDiceExpr) expr = muster_dice_expr_parse ("2d6", NULL);
  g_autoptr(MusterDiceExpr) mixed = muster_dice_expr_parse ("1d6+1d3", NULL);
  const int good[] = { 3, 5 };
  const int too_high[] = { 3, 7 };
  const int zero[] = { 0, 4 };
  const int d3_bad[] = { 6, 4 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRoll) roll = NULL;
  g_autoptr(MusterRoll) copy = NULL;
  g_autofree char *faces = NULL;
  MusterRoll *bad;

  roll = muster_roll_new_entered (expr, good, 2, &error);
  g_assert_no_error (error);
  g_assert_true (roll->entered);
  g_assert_cmpint (roll->total, ==, 8);
  faces = muster_roll_faces_to_string (roll);
  g_assert_cmpstr (faces, ==, "3,5");

  copy = muster_roll_copy (roll);
  g_assert_cmpstr (copy->expression, ==, "2d6");
  g_assert_cmpuint (copy->faces->len, ==, 2);
  g_assert_cmpint (g_array_index (copy->faces, int, 1), ==, 5);
  g_assert_true (copy->entered);

  bad = muster_roll_new_entered (expr, good, 1, &error);
  g_assert_null (bad);
  g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES);
  g_assert_nonnull (strstr (error->message, "2d6"));
  g_clear_error (&error);

  bad = muster_roll_new_entered (expr, (const int[]) { 1, 2, 3 }, 3, &error);
  g_assert_null (bad);
  g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES);
  g_clear_error (&error);

  bad = muster_roll_new_entered (expr, too_high, 2, &error);
  g_assert_null (bad);
  g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES);
  g_assert_nonnull (strstr (error->message, "7"));
  g_assert_nonnull (strstr (error->message, "1 to 6"));
  g_clear_error (&error);

  bad = muster_roll_new_entered (expr, zero, 2, &error);
  g_assert_null (bad);
  g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES);
  g_clear_error (&error);

  /* The second die of 1d6+1d3 has three sides. */
  bad = muster_roll_new_entered (mixed, d3_bad, 2, &error);
  g_assert_null (bad);
  g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES);
  g_assert_nonnull (strstr (error->message, "1 to 3"));
  g_clear_error (&error);
}

static void
test_describe (void)
{
  struct {
    const char *expr;
    int         faces[3];
    guint       n;
    const char *text;
  } cases[] = {
    { "2d6",    { 3, 5 },    2, "3 + 5 = 8" },
    { "1d6+3",  { 4 },       1, "4 + 3 = 7" },
    { "1d6",    { 6 },       1, "6" },
    { "2d6-1",  { 2, 2 },    2, "2 + 2 - 1 = 3" },
    { "3d6",    { 1, 2, 3 }, 3, "1 + 2 + 3 = 6" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MusterDiceExpr) expr = muster_dice_expr_parse (cases[i].expr, NULL);
      g_autoptr(MusterRoll) roll = muster_roll_new_entered (expr, cases[i].faces, cases[i].n, NULL);
      g_autofree char *text = muster_roll_describe (roll);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
test_dice_roll_error (void)
{
  g_autoptr(GError) error = NULL;
  MusterRng rng;
  MusterRoll *roll;

  muster_rng_init (&rng, 5);
  roll = muster_dice_roll ("2x6", &rng, &error);
  g_assert_null (roll);
  g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_PARSE);
}

/* Pearson's chi-square of @counts[0..n) against @expected[0..n). */
static double
chi_square (const guint  *counts,
            const double *expected,
            guint         n)
{
  double chi = 0;

  for (guint i = 0; i < n; i++)
    {
      double d = counts[i] - expected[i];
      chi += d * d / expected[i];
    }
  return chi;
}

static void
test_distribution_d6 (void)
{
  const guint n_rolls = 60000;
  guint counts[6] = { 0 };
  double expected[6];
  double chi;
  MusterRng rng;

  muster_rng_init_for (&rng, 20240101, "test/distribution/d6");
  for (guint i = 0; i < n_rolls; i++)
    {
      guint face = muster_rng_die (&rng, 6);

      g_assert_cmpuint (face, >=, 1);
      g_assert_cmpuint (face, <=, 6);
      counts[face - 1]++;
    }
  for (guint i = 0; i < 6; i++)
    expected[i] = n_rolls / 6.0;

  chi = chi_square (counts, expected, 6);
  g_test_message ("d6 chi-square %.3f", chi);
  /* 5 degrees of freedom, p = 0.001 */
  g_assert_cmpfloat (chi, <, 20.515);
  /* A generator that always gave the same face would fail here. */
  for (guint i = 0; i < 6; i++)
    g_assert_cmpuint (counts[i], >, 9000);
}

static void
test_distribution_2d6 (void)
{
  const guint n_rolls = 36000;
  g_autoptr(MusterDiceExpr) expr = muster_dice_expr_parse ("2d6", NULL);
  guint counts[11] = { 0 };
  double expected[11];
  double chi;
  MusterRng rng;

  muster_rng_init_for (&rng, 20240101, "test/distribution/2d6");
  for (guint i = 0; i < n_rolls; i++)
    {
      g_autoptr(MusterRoll) roll = muster_roll_new_random (expr, &rng);

      g_assert_cmpint (roll->total, >=, 2);
      g_assert_cmpint (roll->total, <=, 12);
      counts[roll->total - 2]++;
    }
  for (int t = 2; t <= 12; t++)
    {
      int ways = 6 - ABS (t - 7);
      expected[t - 2] = n_rolls * ways / 36.0;
    }

  chi = chi_square (counts, expected, 11);
  g_test_message ("2d6 chi-square %.3f", chi);
  /* 10 degrees of freedom, p = 0.001 */
  g_assert_cmpfloat (chi, <, 29.588);
  /* 7 is the commonest total, 2 and 12 the rarest. */
  for (guint i = 0; i < 11; i++)
    if (i != 5)
      g_assert_cmpuint (counts[5], >, counts[i]);
}

static void
test_distribution_d3 (void)
{
  const guint n_rolls = 30000;
  g_autoptr(MusterDiceExpr) expr = muster_dice_expr_parse ("d3", NULL);
  guint counts[3] = { 0 };
  double expected[3];
  double chi;
  MusterRng rng;

  muster_rng_init_for (&rng, 20240101, "test/distribution/d3");
  for (guint i = 0; i < n_rolls; i++)
    {
      g_autoptr(MusterRoll) roll = muster_roll_new_random (expr, &rng);

      g_assert_cmpint (roll->total, >=, 1);
      g_assert_cmpint (roll->total, <=, 3);
      counts[roll->total - 1]++;
    }
  for (guint i = 0; i < 3; i++)
    expected[i] = n_rolls / 3.0;

  chi = chi_square (counts, expected, 3);
  g_test_message ("d3 chi-square %.3f", chi);
  /* 2 degrees of freedom, p = 0.001 */
  g_assert_cmpfloat (chi, <, 13.816);
}

static void
test_distribution_1d6_plus_6 (void)
{
  g_autoptr(MusterDiceExpr) expr = muster_dice_expr_parse ("1d6+6", NULL);
  gboolean seen[13] = { FALSE };
  MusterRng rng;

  muster_rng_init_for (&rng, 20240101, "test/distribution/1d6+6");
  for (guint i = 0; i < 6000; i++)
    {
      g_autoptr(MusterRoll) roll = muster_roll_new_random (expr, &rng);

      g_assert_cmpint (roll->total, >=, 7);
      g_assert_cmpint (roll->total, <=, 12);
      seen[roll->total] = TRUE;
    }
  for (int t = 7; t <= 12; t++)
    g_assert_true (seen[t]);
}

static void
test_distribution_large_die (void)
{
  guint low = 0, high = 0;
  MusterRng rng;

  muster_rng_init_for (&rng, 3, "test/distribution/d1000");
  for (guint i = 0; i < 100000; i++)
    {
      guint face = muster_rng_die (&rng, 1000);

      g_assert_cmpuint (face, >=, 1);
      g_assert_cmpuint (face, <=, 1000);
      if (face <= 500)
        low++;
      else
        high++;
    }
  /* Within about five standard deviations of half. */
  g_assert_cmpuint (low, >, 49200);
  g_assert_cmpuint (high, >, 49200);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/dice/parse/good", test_parse_good);
  g_test_add_func ("/dice/parse/bad", test_parse_bad);
  g_test_add_func ("/dice/parse/message", test_parse_message);
  g_test_add_func ("/dice/expr/die-sides", test_die_sides);
  g_test_add_func ("/dice/expr/ref", test_ref);
  g_test_add_func ("/dice/rng/known-values", test_rng_known_values);
  g_test_add_func ("/dice/rng/reproducible", test_rng_reproducible);
  g_test_add_func ("/dice/roll/random", test_roll_random);
  g_test_add_func ("/dice/roll/constant", test_roll_constant);
  g_test_add_func ("/dice/roll/entered", test_roll_entered);
  g_test_add_func ("/dice/roll/describe", test_describe);
  g_test_add_func ("/dice/roll/parse-error", test_dice_roll_error);
  g_test_add_func ("/dice/distribution/d6", test_distribution_d6);
  g_test_add_func ("/dice/distribution/2d6", test_distribution_2d6);
  g_test_add_func ("/dice/distribution/d3", test_distribution_d3);
  g_test_add_func ("/dice/distribution/1d6+6", test_distribution_1d6_plus_6);
  g_test_add_func ("/dice/distribution/d1000", test_distribution_large_die);

  return g_test_run ();
}
