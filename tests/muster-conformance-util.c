/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test"

#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "muster-character.h"
#include "muster-conformance-util.h"
#include "muster-force.h"
#include "muster-game.h"
#include "muster-store-private.h"
#include "muster-test-util.h"

/* Significance of every goodness-of-fit test; the seeds are fixed, so a
 * pass or a failure is the same on every run. */
#define SIGNIFICANCE 0.001
/* Pearson's statistic wants every pooled value expected this often. */
#define MIN_EXPECTED 5.0

void
muster_pmf_free (MusterPmf *pmf)
{
  if (pmf == NULL)
    return;
  g_free (pmf->p);
  g_free (pmf);
}

MusterRuleset *
muster_conformance_load (const char *id)
{
  g_autofree char *file = g_strconcat (id, ".xml", NULL);
  g_autofree char *path = g_build_filename (TEST_SRCDIR, "..", "data", "rulesets", file, NULL);
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset = muster_ruleset_new_from_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (ruleset);
  g_assert_cmpstr (muster_ruleset_get_id (ruleset), ==, id);
  return ruleset;
}

char *
muster_text_dice_to_string (const MusterTextDice *dice)
{
  if (dice->n == 0)
    return g_strdup_printf ("%d", dice->plus);
  if (dice->plus == 0)
    return g_strdup_printf ("%ud%u", dice->n, dice->sides);
  return g_strdup_printf ("%ud%u%+d", dice->n, dice->sides, dice->plus);
}

void
muster_conformance_assert_dice (const MusterDiceExpr *expr,
                                const MusterTextDice *dice)
{
  g_autofree char *text = muster_text_dice_to_string (dice);

  g_assert_nonnull (expr);
  g_assert_cmpstr (muster_dice_expr_to_string (expr), ==, text);
  g_assert_cmpuint (muster_dice_expr_get_n_dice (expr), ==, dice->n);
  for (guint i = 0; i < dice->n; i++)
    g_assert_cmpuint (muster_dice_expr_get_die_sides (expr, i), ==, dice->sides);
  g_assert_cmpint (muster_dice_expr_get_min (expr), ==, (int) dice->n + dice->plus);
  g_assert_cmpint (muster_dice_expr_get_max (expr), ==, (int) (dice->n * dice->sides) + dice->plus);
}

MusterPmf *
muster_text_dice_pmf (const MusterTextDice *dice)
{
  MusterPmf *pmf = g_new0 (MusterPmf, 1);
  /* Ways of making each sum of the dice so far, from 0. */
  g_autofree double *ways = g_new0 (double, dice->n * dice->sides + 1);
  guint top = 0;

  ways[0] = 1;
  for (guint d = 0; d < dice->n; d++)
    {
      g_autofree double *next = g_new0 (double, dice->n * dice->sides + 1);

      for (guint s = 0; s <= top; s++)
        for (guint face = 1; face <= dice->sides; face++)
          next[s + face] += ways[s] / dice->sides;
      top += dice->sides;
      memcpy (ways, next, (top + 1) * sizeof (double));
    }

  pmf->min = (int) dice->n + dice->plus;
  pmf->max = (int) (dice->n * dice->sides) + dice->plus;
  pmf->p = g_new0 (double, pmf->max - pmf->min + 1);
  for (int v = pmf->min; v <= pmf->max; v++)
    pmf->p[v - pmf->min] = ways[v - dice->plus];
  return pmf;
}

MusterPmf *
muster_pmf_map (const MusterPmf *pmf,
                int            (*map) (int value))
{
  MusterPmf *mapped = g_new0 (MusterPmf, 1);

  mapped->min = G_MAXINT;
  mapped->max = G_MININT;
  for (int v = pmf->min; v <= pmf->max; v++)
    {
      mapped->min = MIN (mapped->min, map (v));
      mapped->max = MAX (mapped->max, map (v));
    }
  mapped->p = g_new0 (double, mapped->max - mapped->min + 1);
  for (int v = pmf->min; v <= pmf->max; v++)
    mapped->p[map (v) - mapped->min] += pmf->p[v - pmf->min];
  return mapped;
}

/* The regularised lower incomplete gamma function P(a, x) by its series,
 * for x < a + 1. */
static double
gamma_p_series (double a,
                double x)
{
  double term = 1.0 / a, sum = term;

  for (int n = 1; n < 1000; n++)
    {
      term *= x / (a + n);
      sum += term;
      if (fabs (term) < fabs (sum) * 1e-15)
        break;
    }
  return sum * exp (-x + a * log (x) - lgamma (a));
}

/* The upper one Q(a, x) by its continued fraction (modified Lentz), for
 * x >= a + 1. */
static double
gamma_q_fraction (double a,
                  double x)
{
  const double tiny = 1e-300;
  double b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d;

  for (int i = 1; i < 1000; i++)
    {
      double an = -i * (i - a), delta;

      b += 2;
      d = an * d + b;
      if (fabs (d) < tiny)
        d = tiny;
      c = b + an / c;
      if (fabs (c) < tiny)
        c = tiny;
      d = 1 / d;
      delta = d * c;
      h *= delta;
      if (fabs (delta - 1) < 1e-15)
        break;
    }
  return exp (-x + a * log (x) - lgamma (a)) * h;
}

double
muster_chi_square_p (double statistic,
                     guint  df)
{
  double a = df / 2.0, x = statistic / 2.0;

  g_assert_cmpuint (df, >, 0);
  if (x <= 0)
    return 1.0;
  if (x < a + 1)
    return 1.0 - gamma_p_series (a, x);
  return gamma_q_fraction (a, x);
}

double
muster_conformance_goodness_of_fit (GArray          *observed,
                                    const MusterPmf *pmf,
                                    double          *statistic,
                                    guint           *df,
                                    guint           *outside)
{
  guint n_values = pmf->max - pmf->min + 1;
  g_autofree guint *counts = g_new0 (guint, n_values);
  g_autoptr(GArray) pooled_observed = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) pooled_expected = g_array_new (FALSE, FALSE, sizeof (double));
  double n = observed->len, obs = 0, exp_ = 0;

  *statistic = 0;
  *df = 0;
  *outside = 0;
  for (guint i = 0; i < observed->len; i++)
    {
      int v = g_array_index (observed, int, i);

      if (v < pmf->min || v > pmf->max || pmf->p[v - pmf->min] == 0)
        (*outside)++;
      else
        counts[v - pmf->min]++;
    }
  if (*outside > 0)
    return 0.0;

  /* Pool neighbouring values until each pool is expected often enough;
   * what is left at the top joins the last pool. */
  for (guint i = 0; i < n_values; i++)
    {
      obs += counts[i];
      exp_ += pmf->p[i] * n;
      if (exp_ >= MIN_EXPECTED)
        {
          g_array_append_val (pooled_observed, obs);
          g_array_append_val (pooled_expected, exp_);
          obs = exp_ = 0;
        }
    }
  if (exp_ > 0 || obs > 0)
    {
      if (pooled_expected->len == 0)
        {
          g_array_append_val (pooled_observed, obs);
          g_array_append_val (pooled_expected, exp_);
        }
      else
        {
          g_array_index (pooled_observed, double, pooled_observed->len - 1) += obs;
          g_array_index (pooled_expected, double, pooled_expected->len - 1) += exp_;
        }
    }
  if (pooled_expected->len < 2)
    return 1.0;

  for (guint i = 0; i < pooled_expected->len; i++)
    {
      double o = g_array_index (pooled_observed, double, i);
      double e = g_array_index (pooled_expected, double, i);

      *statistic += (o - e) * (o - e) / e;
    }
  *df = pooled_expected->len - 1;
  return muster_chi_square_p (*statistic, *df);
}

double
muster_conformance_chi_square (const char      *label,
                               GArray          *observed,
                               const MusterPmf *pmf)
{
  double statistic, p;
  guint df, outside;

  p = muster_conformance_goodness_of_fit (observed, pmf, &statistic, &df, &outside);
  if (outside > 0)
    g_test_message ("chi2 %s: %u of %u values the dice cannot give", label, outside, observed->len);
  g_assert_cmpuint (outside, ==, 0);
  if (df == 0)
    {
      g_test_message ("chi2 %s: a single value, %d, all %u alike", label, pmf->min, observed->len);
      return p;
    }
  g_test_message ("chi2 %s: X2 = %.2f, df = %u, p = %.3f (n = %u)", label, statistic, df, p, observed->len);
  g_assert_cmpfloat (p, >, SIGNIFICANCE);
  return p;
}

void
muster_conformance_init (MusterConformance *cf,
                         const char        *ruleset_id,
                         guint64            seed)
{
  cf->store = muster_test_open_store (NULL);
  cf->ruleset_id = g_strdup (ruleset_id);
  muster_conformance_new_campaign (cf, seed);
}

void
muster_conformance_new_campaign (MusterConformance *cf,
                                 guint64            seed)
{
  g_autoptr(MusterRuleset) shipped = muster_conformance_load (cf->ruleset_id);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strdup_printf ("Conformance %" G_GUINT64_FORMAT, seed);

  g_clear_object (&cf->ruleset);
  cf->campaign = muster_store_create_campaign (cf->store, name, shipped, seed, NULL, &error);
  g_assert_no_error (error);
  cf->ruleset = muster_store_get_campaign_ruleset (cf->store, cf->campaign, &error);
  g_assert_no_error (error);
  g_assert_nonnull (cf->ruleset);
  g_object_ref (cf->ruleset);
}

void
muster_conformance_clear (MusterConformance *cf)
{
  g_clear_object (&cf->ruleset);
  g_clear_object (&cf->store);
  g_clear_pointer (&cf->ruleset_id, g_free);
}

gint64
muster_conformance_add_force (MusterConformance *cf,
                              const char        *name)
{
  g_autoptr(GError) error = NULL;
  gint64 id = muster_store_create_force (cf->store, cf->campaign, name, NULL, &error);

  g_assert_no_error (error);
  return id;
}

MusterUnit *
muster_conformance_add_unit (MusterConformance    *cf,
                             gint64                force,
                             const MusterUnitSpec *spec)
{
  g_autoptr(GError) error = NULL;
  gint64 id = muster_store_create_unit (cf->store, force, spec, &error);
  MusterUnit *unit;

  g_assert_no_error (error);
  unit = muster_store_get_unit (cf->store, id, &error);
  g_assert_no_error (error);
  return unit;
}

void
muster_conformance_add_unit_each (MusterConformance *cf,
                                  const gint64       forces[2],
                                  const char        *name,
                                  gint64             units[2])
{
  GPtrArray *kinds = muster_ruleset_get_unit_kinds (cf->ruleset);
  MusterUnitSpec spec = { 0 };

  g_assert_cmpuint (kinds->len, >, 0);
  spec.name = name;
  spec.kind = ((MusterUnitKindDef *) g_ptr_array_index (kinds, 0))->id;
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(MusterUnit) unit = muster_conformance_add_unit (cf, forces[i], &spec);

      units[i] = muster_unit_get_id (unit);
    }
}

void
muster_conformance_new_campaign_from (MusterConformance *cf,
                                      const char        *relpath,
                                      guint64            seed)
{
  g_autofree char *path = g_build_filename (TEST_SRCDIR, relpath, NULL);
  g_autofree char *name = g_strdup_printf ("Conformance %" G_GUINT64_FORMAT " (%s)", seed, relpath);
  g_autoptr(MusterRuleset) kept = NULL;
  g_autoptr(GError) error = NULL;

  kept = muster_ruleset_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_ruleset_get_id (kept), ==, cf->ruleset_id);
  g_clear_object (&cf->ruleset);
  cf->campaign = muster_store_create_campaign (cf->store, name, kept, seed, NULL, &error);
  g_assert_no_error (error);
  cf->ruleset = muster_store_get_campaign_ruleset (cf->store, cf->campaign, &error);
  g_assert_no_error (error);
  g_object_ref (cf->ruleset);
  g_assert_cmpstr (muster_ruleset_get_version (cf->ruleset), ==, muster_ruleset_get_version (kept));
}

gint64
muster_conformance_add_character (MusterConformance *cf,
                                  gint64             force,
                                  gint64             unit,
                                  const char        *name,
                                  const char        *troop_type,
                                  const char        *first_stat,
                                  ...)
{
  g_autoptr(GHashTable) stats = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  MusterCharacterSpec spec = { 0 };
  va_list args;
  gint64 id;

  va_start (args, first_stat);
  for (const char *key = first_stat; key != NULL; key = va_arg (args, const char *))
    g_hash_table_insert (stats, (gpointer) key, GINT_TO_POINTER (va_arg (args, int)));
  va_end (args);

  spec.name = name;
  spec.troop_type = troop_type;
  spec.stats = stats;
  id = muster_store_create_character (cf->store, force, &spec, &error);
  g_assert_no_error (error);
  if (unit != 0)
    {
      g_assert_true (muster_store_attach_character (cf->store, id, unit, &error));
      g_assert_no_error (error);
    }
  return id;
}

GPtrArray *
muster_conformance_play (MusterConformance *cf,
                         gint64             character,
                         const char        *outcome,
                         int                light,
                         int                serious,
                         gint64             unit,
                         int                wounded_figures)
{
  g_autoptr(GPtrArray) forces = muster_store_list_forces (cf->store, cf->campaign, NULL);
  g_autoptr(GArray) players = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;
  MusterResult result = { outcome, light, serious, NULL, 0, 0, NULL };
  GPtrArray *events;
  gint64 game;

  /* Someone on the other side, or there is no game. */
  g_array_append_val (players, character);
  for (guint i = 0; forces != NULL && i < forces->len; i++)
    {
      g_autoptr(MusterCharacter) him = muster_store_get_character (cf->store, character, NULL);
      MusterForce *force = g_ptr_array_index (forces, i);
      gint64 other;

      if (muster_force_get_id (force) == muster_character_get_force_id (him) ||
          g_strcmp0 (muster_force_get_side (force), muster_character_get_side (him)) == 0)
        continue;
      other = muster_conformance_add_character (cf, muster_force_get_id (force), 0,
                                                "Opponent", muster_ruleset_get_troop_type (cf->ruleset, 0)->id,
                                                NULL);
      g_array_append_val (players, other);
      break;
    }
  g_assert_cmpuint (players->len, ==, 2);

  game = muster_store_create_game (cf->store, cf->campaign, "Skirmish", NULL,
                                   (const gint64 *) (gpointer) players->data, players->len, &error);
  g_assert_no_error (error);
  if (unit != 0)
    {
      MusterUnitResult unit_result = { 0, wounded_figures, 0, 0, NULL, NULL };

      g_assert_true (muster_store_add_game_units (cf->store, game, &unit, 1, &error));
      g_assert_no_error (error);
      g_assert_true (muster_store_set_unit_result (cf->store, game, unit, &unit_result, &error));
      g_assert_no_error (error);
    }
  g_assert_true (muster_store_set_result (cf->store, game, character, &result, &error));
  g_assert_no_error (error);
  events = muster_engine_resolve (cf->store, game, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (events);
  return events;
}

const MusterResolutionEvent *
muster_conformance_find_event (GPtrArray  *events,
                               const char *kind,
                               gint64      character_id,
                               gint64      unit_id)
{
  for (guint i = 0; i < events->len; i++)
    {
      const MusterResolutionEvent *event = g_ptr_array_index (events, i);

      if (g_str_equal (event->kind, kind) &&
          (unit_id != 0 ? event->unit_id == unit_id : event->character_id == character_id))
        return event;
    }
  return NULL;
}

void
muster_conformance_recruit (MusterConformance *cf,
                            gint64             force,
                            const char        *troop_type,
                            guint              count)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = muster_store_recruit (cf->store, force, troop_type, NULL, NULL, count, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, count);
}

void
muster_recruited_stat_free (MusterRecruitedStat *stat)
{
  if (stat == NULL)
    return;
  g_clear_pointer (&stat->stored, g_array_unref);
  g_clear_pointer (&stat->totals, g_array_unref);
  g_clear_pointer (&stat->faces, g_ptr_array_unref);
  g_free (stat);
}

MusterRecruitedStat *
muster_conformance_read_stat (MusterConformance    *cf,
                              gint64                force,
                              const char           *troop_type,
                              const char           *stat,
                              const MusterTextDice *dice)
{
  g_autoptr(MusterRecruitedStat) out = g_new0 (MusterRecruitedStat, 1);
  g_autoptr(GError) error = NULL;
  g_autofree char *purpose = g_strconcat ("recruit:", stat, NULL);
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  out->stored = g_array_new (FALSE, FALSE, sizeof (int));
  out->totals = g_array_new (FALSE, FALSE, sizeof (int));
  out->faces = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);

  stmt = muster_store_prepare (cf->store,
                               "SELECT s.value, r.faces, r.total, r.entered FROM character c"
                               " JOIN stat s ON s.character_id = c.id AND s.key = ?"
                               " JOIN roll r ON r.character_id = c.id AND r.purpose = ?"
                               " WHERE c.force_id = ? AND c.troop_type = ?"
                               " ORDER BY c.id",
                               &error);
  g_assert_no_error (error);
  sqlite3_bind_text (stmt, 1, stat, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, purpose, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 3, force);
  sqlite3_bind_text (stmt, 4, troop_type, -1, SQLITE_TRANSIENT);

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      int stored = sqlite3_column_int (stmt, 0);
      const char *text = (const char *) sqlite3_column_text (stmt, 1);
      int total = sqlite3_column_int (stmt, 2);
      g_auto(GStrv) parts = g_strsplit (text != NULL ? text : "", ",", -1);
      GArray *faces = g_array_new (FALSE, FALSE, sizeof (int));
      int sum = dice->plus;

      /* Muster rolled it, with the text's dice: that many faces, each a
       * face of the die, adding up to the total. */
      g_assert_cmpint (sqlite3_column_int (stmt, 3), ==, 0);
      for (guint i = 0; parts[i] != NULL && parts[i][0] != '\0'; i++)
        {
          int face = atoi (parts[i]);

          g_assert_cmpint (face, >=, 1);
          g_assert_cmpint (face, <=, (int) dice->sides);
          g_array_append_val (faces, face);
          sum += face;
        }
      g_assert_cmpuint (faces->len, ==, dice->n);
      g_assert_cmpint (sum, ==, total);

      g_array_append_val (out->stored, stored);
      g_array_append_val (out->totals, total);
      g_ptr_array_add (out->faces, faces);
    }
  g_assert_cmpint (rc, ==, SQLITE_DONE);
  return g_steal_pointer (&out);
}

MusterRecruitedStat *
muster_conformance_test_rolls (MusterConformance    *cf,
                               gint64                force,
                               const char           *troop_type,
                               const char           *stat,
                               const MusterTextDice *dice)
{
  MusterRecruitedStat *got = muster_conformance_read_stat (cf, force, troop_type, stat, dice);
  g_autoptr(MusterPmf) pmf = muster_text_dice_pmf (dice);
  g_autofree char *formula = muster_text_dice_to_string (dice);
  g_autofree char *label = g_strdup_printf ("%s %s %s (%s)", cf->ruleset_id, troop_type, stat, formula);

  g_assert_cmpuint (got->totals->len, >, 0);
  muster_conformance_chi_square (label, got->totals, pmf);
  return got;
}

const MusterReferenceTable *
muster_conformance_ref_table (MusterRuleset *ruleset,
                              const char    *id)
{
  GPtrArray *tables = muster_ruleset_get_reference_tables (ruleset);

  for (guint i = 0; i < tables->len; i++)
    {
      const MusterReferenceTable *table = g_ptr_array_index (tables, i);

      if (g_strcmp0 (table->id, id) == 0)
        return table;
    }
  g_test_message ("no reference table %s", id);
  g_assert_not_reached ();
  return NULL;
}

void
muster_conformance_assert_row (const MusterReferenceTable *table,
                               guint                       row,
                               gboolean                    house,
                               ...)
{
  GPtrArray *cells;
  va_list args;
  const char *cell;
  guint i = 0;

  g_assert_cmpuint (row, <, table->rows->len);
  cells = g_ptr_array_index (table->rows, row);
  va_start (args, house);
  while ((cell = va_arg (args, const char *)) != NULL)
    {
      g_assert_cmpuint (i, <, cells->len);
      g_assert_cmpstr (g_ptr_array_index (cells, i), ==, cell);
      i++;
    }
  va_end (args);
  g_assert_cmpuint (i, ==, cells->len);
  g_assert_cmpint (g_array_index (table->house_rows, gboolean, row), ==, house);
}

void
muster_conformance_assert_house_reading (MusterRuleset *ruleset,
                                         const char    *id)
{
  GPtrArray *readings = muster_ruleset_get_house_readings (ruleset);

  for (guint i = 0; i < readings->len; i++)
    if (g_strcmp0 (((const MusterHouseReading *) g_ptr_array_index (readings, i))->id, id) == 0)
      return;
  g_test_message ("no house reading %s", id);
  g_assert_not_reached ();
}
