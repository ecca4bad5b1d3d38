/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-fuzz-ruleset"

#include "config.h"

#include <stdint.h>
#include <string.h>

#include <glib.h>

#include "muster-recruit.h"
#include "muster-ruleset.h"

/*
 * libFuzzer target for the ruleset loader. A refused file names itself in
 * its message; a loaded one is used as Muster uses it: every troop type
 * recruited with every weapon, every table rolled, and the XML it keeps
 * loaded again to the same rules.
 */

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define FILENAME "fuzz-ruleset.xml"

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}

static void
recruit_each (MusterRuleset *ruleset,
              MusterRng     *rng)
{
  for (guint t = 0; t < muster_ruleset_get_n_troop_types (ruleset); t++)
    {
      const MusterTroopType *type = muster_ruleset_get_troop_type (ruleset, t);

      g_assert (muster_ruleset_lookup_troop_type (ruleset, type->id) == type);
      for (guint w = 0; w <= muster_ruleset_get_n_weapons (ruleset); w++)
        {
          const char *weapon = w == 0 ? NULL : muster_ruleset_get_weapon (ruleset, w - 1)->id;
          g_autoptr(GError) error = NULL;
          g_autoptr(MusterRecruit) recruit = NULL;
          g_autoptr(MusterRecruit) limited = NULL;

          recruit = muster_recruit_roll (ruleset, type->id, weapon, rng, &error);
          g_assert ((recruit == NULL) == (error != NULL));
          g_clear_error (&error);
          limited = muster_recruit_roll_limited (ruleset, type->id, weapon, rng, NULL, &error);
          g_assert ((limited == NULL) == (error != NULL));
        }
    }
}

static void
roll_tables (MusterRuleset *ruleset,
             MusterRng     *rng)
{
  GPtrArray *tables = muster_ruleset_get_lookup_tables (ruleset);

  for (guint i = 0; tables != NULL && i < tables->len; i++)
    {
      const MusterLookupTable *table = g_ptr_array_index (tables, i);

      g_assert (muster_ruleset_lookup_table (ruleset, table->id) == table);
      if (table->dice != NULL)
        {
          g_autoptr(MusterRoll) roll = muster_roll_new_random (table->dice, rng);

          g_assert (roll != NULL);
        }
      for (guint j = 0; j < table->entries->len; j++)
        {
          const MusterTableEntry *entry = g_ptr_array_index (table->entries, j);

          muster_ruleset_get_entry_value (ruleset, table->id, entry->id, 0);
        }
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(MusterRuleset) again = NULL;
  MusterRng rng;

  ruleset = muster_ruleset_new_from_data ((const char *) data, size, FILENAME, &error);
  if (ruleset == NULL)
    {
      /* A refused file says which file, and what is wrong. */
      g_assert (error != NULL);
      g_assert (error->domain == MUSTER_RULESET_ERROR);
      if (strstr (error->message, FILENAME) == NULL)
        g_error ("The message does not name the file: %s", error->message);
      return 0;
    }
  g_assert_no_error (error);
  g_assert (muster_ruleset_get_id (ruleset) != NULL);

  for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
    {
      const MusterStatDef *stat = muster_ruleset_get_stat (ruleset, i);

      g_assert (muster_ruleset_lookup_stat (ruleset, stat->key) == stat);
    }

  muster_rng_init (&rng, size);
  recruit_each (ruleset, &rng);
  roll_tables (ruleset, &rng);

  /* A campaign keeps the XML and loads its rules from it later. */
  again = muster_ruleset_new_from_data (muster_ruleset_get_xml (ruleset), -1, FILENAME, &error);
  g_assert_no_error (error);
  g_assert (strcmp (muster_ruleset_get_id (again), muster_ruleset_get_id (ruleset)) == 0);
  g_assert (strcmp (muster_ruleset_get_version (again), muster_ruleset_get_version (ruleset)) == 0);
  g_assert (muster_ruleset_get_n_stats (again) == muster_ruleset_get_n_stats (ruleset));
  g_assert (muster_ruleset_get_n_troop_types (again) == muster_ruleset_get_n_troop_types (ruleset));

  return 0;
}
