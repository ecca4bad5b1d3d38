/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-exchange-roundtrip"

#include "config.h"

#include <string.h>

#include <glib.h>
#include <gio/gio.h>

#include "muster-campaign-generator.h"
#include "muster-canonical-dump.h"
#include "muster-ruleset-play.h"
#include "muster-exchange.h"
#include "muster-exchange-test-util.h"
#include "muster-ruleset.h"
#include "muster-store.h"
#include "muster-test-util.h"

/* An exported file always imports again, and gives back what it carries:
 * for each rule set, campaigns played at random go through a campaign
 * file into a fresh library, and each of their forces through a force
 * file into a fresh campaign, and the canonical dumps (ids aside) must be
 * equal. A few seeds run in the suite; many with -m slow (the “slow”
 * suite: meson test --suite slow). */

static const char * const rulesets[] = {
  "sharpes-skirmish", "chosen-men", "napoleonic-skirmish", "big-skirmishes", "small-unit-engagements",
};

/* Fails naming the first line that differs. */
static void
assert_same_dump (const char *what,
                  const char *ruleset_id,
                  guint32     seed,
                  const char *expected,
                  const char *actual)
{
  g_auto(GStrv) a = NULL;
  g_auto(GStrv) b = NULL;

  if (g_str_equal (expected, actual))
    return;
  a = g_strsplit (expected, "\n", -1);
  b = g_strsplit (actual, "\n", -1);
  for (guint i = 0; a[i] != NULL || b[i] != NULL; i++)
    if (a[i] == NULL || b[i] == NULL || !g_str_equal (a[i], b[i]))
      g_error ("%s of %s, seed %u: line %u differs after the trip:\n  before: %s\n  after:  %s",
               what, ruleset_id, seed, i + 1, a[i] != NULL ? a[i] : "(nothing)",
               b[i] != NULL ? b[i] : "(nothing)");
  g_assert_not_reached ();
}

static void
roundtrip_forces (MusterStore *store,
                  gint64       campaign,
                  const char  *ruleset_id,
                  guint32      seed)
{
  g_autoptr(MusterStore) club = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup (ruleset_id, NULL);
  g_autoptr(GArray) forces = column_ids (store, "SELECT id FROM force WHERE campaign_id = ? ORDER BY id", campaign);
  g_autoptr(GError) error = NULL;
  gint64 target;

  target = muster_store_create_campaign (club, "Club campaign", ruleset, seed, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < forces->len; i++)
    {
      gint64 force = ID (forces, i);
      g_autofree char *data = export_force (store, force);
      g_autofree char *before = muster_canonical_force_dump (store, force, FALSE);
      g_autofree char *after = NULL;
      gint64 copy;

      copy = muster_exchange_import_data (club, data, strlen (data), "force.muster", target, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (copy, >, 0);
      after = muster_canonical_force_dump (club, copy, TRUE);
      assert_same_dump ("A force file", ruleset_id, seed, before, after);
    }
}

static void
roundtrip (const char           *ruleset_id,
           guint32               seed,
           guint                 n_games,
           MusterGeneratorStats *stats)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterStore) fresh = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *again = NULL;
  gint64 campaign, copy;

  campaign = muster_generate_campaign (store, ruleset_id, seed, n_games, stats);
  before = muster_canonical_campaign_dump (store, campaign);
  /* A game left started at the table goes with its order and its hits. */
  {
    g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup (ruleset_id, NULL);
    const MusterPlay *play = muster_ruleset_get_play (ruleset);

    g_assert_nonnull (strstr (before, "state=\"started\""));
    g_assert_nonnull (strstr (before, "\ntable_game"));
    g_assert_nonnull (strstr (before, "\ntable_order"));
    if (play->effects->len > 0)
      g_assert_nonnull (strstr (before, "\ntable_hit"));
  }
  data = export_campaign (store, campaign);

  copy = muster_exchange_import_data (fresh, data, strlen (data), "roundtrip.muster", 0, NULL, &error);
  if (error != NULL)
    g_error ("%s, seed %u: the export does not import: %s", ruleset_id, seed, error->message);
  after = muster_canonical_campaign_dump (fresh, copy);
  assert_same_dump ("A campaign file", ruleset_id, seed, before, after);

  /* And the copy writes the same file. */
  again = export_campaign (fresh, copy);
  g_assert_cmpstr (data, ==, again);

  roundtrip_forces (store, campaign, ruleset_id, seed);
}

/* The seeds reached every outcome, choice and step the rules have, and
 * every kind of event. */
static void
check_coverage (const char                 *ruleset_id,
                const MusterGeneratorStats *stats)
{
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup (ruleset_id, NULL);
  GPtrArray *outcomes = muster_ruleset_get_outcomes (ruleset);
  GPtrArray *options = muster_ruleset_get_options (ruleset);
  GPtrArray *steps = muster_ruleset_get_steps (ruleset);
  gboolean dice = FALSE;

  for (guint i = 0; i < outcomes->len; i++)
    g_assert_true (g_hash_table_contains (stats->outcomes,
                                          ((const MusterOutcomeDef *) g_ptr_array_index (outcomes, i))->id));
  for (guint i = 0; i < options->len; i++)
    {
      const MusterOptionDef *option = g_ptr_array_index (options, i);

      for (guint j = 0; j < option->choices->len; j++)
        {
          g_autofree char *made = g_strdup_printf ("%s=%s", option->id,
                                                   ((const MusterChoiceDef *) g_ptr_array_index (option->choices, j))->id);
          g_assert_true (g_hash_table_contains (stats->choices, made));
        }
    }
  for (guint i = 0; i < steps->len; i++)
    {
      const char *colours = muster_step_get_param (g_ptr_array_index (steps, i), "colours");
      const char *type = ((const MusterStepDef *) g_ptr_array_index (steps, i))->type;

      if (!g_hash_table_contains (stats->steps, type))
        g_error ("%s: no %s step did anything: choose other seeds", ruleset_id, type);

      if (colours != NULL)
        g_assert_true (g_hash_table_contains (stats->colours, colours));
      dice = dice || muster_step_get_param (g_ptr_array_index (steps, i), "dice") != NULL;
    }
  g_assert_cmpuint (stats->resolved, >, 0);
  g_assert_cmpuint (stats->undone, >, 0);
  if (dice)
    g_assert_cmpuint (stats->entered, >, 0);
  g_assert_cmpuint (stats->kills, >, 0);
  g_assert_cmpuint (stats->edits, >, 0);
  if (muster_ruleset_lookup_outcome (ruleset, "captured") != NULL &&
      g_hash_table_contains (stats->log_kinds, "captured"))
    g_assert_cmpuint (stats->released, >, 0);
}

static void
test_ruleset (gconstpointer data)
{
  const char *ruleset_id = data;
  /* Three seeds go through options of up to three choices. */
  static const guint32 seeds[] = { 1, 2, 3 };
  MusterGeneratorStats stats;

  muster_generator_stats_init (&stats);
  for (guint i = 0; i < G_N_ELEMENTS (seeds); i++)
    roundtrip (ruleset_id, seeds[i], 12, &stats);
  g_test_message ("%s: %u games, %u resolutions (%u undone), %u rolls entered, %u kills, %u released, %u deleted, %u edits",
                  ruleset_id, stats.games, stats.resolved, stats.undone, stats.entered, stats.kills,
                  stats.released, stats.deleted, stats.edits);
  check_coverage (ruleset_id, &stats);
  muster_generator_stats_clear (&stats);
}

/* Many campaigns, longer ones: -m slow. MUSTER_ROUNDTRIP_SEEDS sets how
 * many per rule set (50); --seed repeats a run. */
static void
test_ruleset_slow (gconstpointer data)
{
  const char *ruleset_id = data;
  const char *env = g_getenv ("MUSTER_ROUNDTRIP_SEEDS");
  guint n = env != NULL ? (guint) g_ascii_strtoull (env, NULL, 10) : 50;
  MusterGeneratorStats stats;

  if (!g_test_slow ())
    {
      g_test_skip ("many campaigns: run with -m slow");
      return;
    }
  muster_generator_stats_init (&stats);
  for (guint i = 0; i < n; i++)
    {
      guint32 seed = (guint32) g_test_rand_int ();

      g_test_message ("%s: seed %u", ruleset_id, seed);
      roundtrip (ruleset_id, seed, 30, &stats);
    }
  g_test_message ("%s: %u games, %u resolutions (%u undone), %u rolls entered, %u kills, %u released, %u deleted, %u edits",
                  ruleset_id, stats.games, stats.resolved, stats.undone, stats.entered, stats.kills,
                  stats.released, stats.deleted, stats.edits);
  muster_generator_stats_clear (&stats);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("MUSTER_FAKE_TIME", "2024-01-01T00:00:00Z", TRUE);
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (rulesets); i++)
    {
      g_autofree char *path = g_strdup_printf ("/exchange-roundtrip/%s", rulesets[i]);
      g_autofree char *slow = g_strdup_printf ("/exchange-roundtrip/slow/%s", rulesets[i]);

      g_test_add_data_func (path, rulesets[i], test_ruleset);
      g_test_add_data_func (slow, rulesets[i], test_ruleset_slow);
    }

  return g_test_run ();
}
