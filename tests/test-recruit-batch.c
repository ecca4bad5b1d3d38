/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-recruit-batch"

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-canonical-dump.h"
#include "muster-recruit.h"
#include "muster-store.h"
#include "muster-test-util.h"

/* A batch of recruits stores, row for row, what as many recruits made one
 * call at a time store: the same names (none taken twice while the draws
 * allow it), the same dice, the same Class within the side's limits
 * (Big Skirmishes), the same log. Each library's rows are compared as
 * text without their row ids (muster-canonical-dump.c). */

typedef struct {
  const char *force;       /* index into the forces made below */
  const char *troop_type;
  guint       count;
} Batch;

typedef struct {
  const char *ruleset;
  const char *forces[3][2];   /* name, side */
  Batch       batches[4];
} Plan;

static const Plan plans[] = {
  /* Two forces on one side share its one Hero and two Leaders. */
  { "big-skirmishes",
    { { "Company", "Allies" }, { "Guerrillas", "Allies" }, { "Voltigeurs", "French" } },
    { { "Company", "character", 40 }, { "Guerrillas", "mounted-character", 30 },
      { "Voltigeurs", "character", 25 }, { "Company", "mounted-character", 10 } } },
  /* Enough men of one nationality that names are drawn again. */
  { "sharpes-skirmish",
    { { "Light Division", "British" }, { "VI Corps", "French" }, { NULL, NULL } },
    { { "Light Division", "line", 150 }, { "VI Corps", "other", 120 },
      { "Light Division", "rifleman", 60 }, { NULL, NULL, 0 } } },
};

/* The library @plan makes, recruiting each batch in one call, or one
 * character per call; returns the campaign's dump. */
static char *
recruit_plan (const char *dir,
              const Plan *plan,
              gboolean    singly)
{
  g_autofree char *path = g_build_filename (dir, singly ? "singly.db" : "batch.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterStore) store = muster_store_open (path, &error);
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(GHashTable) forces = g_hash_table_new (g_str_hash, g_str_equal);
  gint64 campaign;

  g_assert_no_error (error);
  ruleset = muster_rulesets_lookup (plan->ruleset, &error);
  g_assert_no_error (error);
  campaign = muster_store_create_campaign (store, "Batches", ruleset, 1809, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (plan->forces) && plan->forces[i][0] != NULL; i++)
    {
      gint64 id = muster_store_create_force (store, campaign, plan->forces[i][0], plan->forces[i][1], &error);

      g_assert_no_error (error);
      g_hash_table_insert (forces, (gpointer) plan->forces[i][0], GSIZE_TO_POINTER ((gsize) id));
    }

  for (guint b = 0; b < G_N_ELEMENTS (plan->batches) && plan->batches[b].count > 0; b++)
    {
      const Batch *batch = &plan->batches[b];
      gint64 force = (gint64) GPOINTER_TO_SIZE (g_hash_table_lookup (forces, batch->force));
      guint calls = singly ? batch->count : 1;

      for (guint i = 0; i < calls; i++)
        {
          g_autoptr(GArray) ids = muster_store_recruit (store, force, batch->troop_type, NULL, NULL,
                                                        singly ? 1 : batch->count, &error);

          g_assert_no_error (error);
          g_assert_cmpuint (ids->len, ==, singly ? 1 : batch->count);
        }
    }
  return muster_canonical_campaign_dump (store, campaign);
}

static guint
count_lines (const char *dump,
             const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (dump, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

static void
test_batch_as_singly (gconstpointer data)
{
  const Plan *plan = data;
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *batch = recruit_plan (dir, plan, FALSE);
  g_autofree char *singly = recruit_plan (dir, plan, TRUE);
  g_autofree char *checksum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, batch, -1);

  g_test_message ("%s: dump of %zu bytes, SHA-256 %s", plan->ruleset, strlen (batch), checksum);
  g_assert_cmpstr (batch, ==, singly);
  /* What the comparison must have met to say anything: side limits
   * that put men lower, and names drawn again. */
  if (g_str_equal (plan->ruleset, "big-skirmishes"))
    g_assert_cmpuint (count_lines (batch, "\\\"demoted\\\":true"), >, 0);
  muster_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  /* The rows' times, or two libraries made a second apart would differ. */
  g_setenv ("MUSTER_FAKE_TIME", "1809-07-28T06:00:00Z", TRUE);
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (plans); i++)
    {
      g_autofree char *path = g_strdup_printf ("/recruit-batch/as-singly/%s", plans[i].ruleset);

      g_test_add_data_func (path, &plans[i], test_batch_as_singly);
    }
  return g_test_run ();
}
