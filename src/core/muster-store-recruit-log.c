/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-store"

#include "config.h"

#include <string.h>

#include "muster-log-private.h"
#include "muster-store-private.h"

/* The arguments of a recruit's log entry: what it keeps of his stats and
 * the dice he rolled for them, as JSON objects (for the migration that
 * recovers older entries) and written straight as text, as a batch of
 * recruits writes thousands, the same bytes either way. */

/* The table @type rolls @stat on (Big Skirmishes' Class), or NULL. */
static const MusterLookupTable *
stat_table (const MusterTroopType *type,
            const char            *stat)
{
  for (guint i = 0; type != NULL && i < type->rolls->len; i++)
    if (g_strcmp0 (((const MusterStatRoll *) g_ptr_array_index (type->rolls, i))->stat, stat) == 0)
      return ((const MusterStatRoll *) g_ptr_array_index (type->rolls, i))->table;
  return NULL;
}

/* What a recruit's log entry says of one of his stats. */
typedef struct {
  const char *key;
  int         value;
  char       *dice;      /* NULL: his dice say no more than the value */
  const char *table;     /* with @entry; NULL: not rolled on a table */
  const char *entry;
  gboolean    demoted;
  gboolean    capped;
  int         cap;
} RecruitStat;

/* Fills @out for the stat @def, as muster_store_recruit_stats() says it;
 * FALSE when @stats has no value for it. */
static gboolean
describe_recruit_stat (MusterRuleset         *ruleset,
                       const MusterTroopType *type,
                       const char            *weapon,
                       const MusterStatDef   *def,
                       GHashTable            *stats,
                       GPtrArray             *rolls,
                       GPtrArray             *roll_stats,
                       RecruitStat           *out)
{
  const MusterLookupTable *table;
  const MusterTableEntry *entry = NULL;
  const MusterRoll *roll = NULL;
  gboolean demoted = FALSE;
  gpointer value;
  int cap;

  memset (out, 0, sizeof *out);
  if (stats == NULL || !g_hash_table_lookup_extended (stats, def->key, NULL, &value))
    return FALSE;
  out->key = def->key;
  out->value = GPOINTER_TO_INT (value);

  for (guint j = 0; rolls != NULL && roll_stats != NULL && j < rolls->len && j < roll_stats->len; j++)
    if (g_strcmp0 (g_ptr_array_index (roll_stats, j), def->key) == 0)
      roll = g_ptr_array_index (rolls, j);
  if (roll == NULL)
    return TRUE;

  table = stat_table (type, def->key);
  for (guint j = 0; table != NULL && j < table->entries->len; j++)
    {
      const MusterTableEntry *e = g_ptr_array_index (table->entries, j);

      if (e->value == out->value)
        entry = e, demoted = roll->total < e->min || roll->total > e->max;
    }
  cap = muster_ruleset_get_cap (ruleset, weapon, def->key);
  if (table != NULL && entry != NULL)
    {
      out->dice = muster_roll_describe (roll);
      out->table = table->id;
      out->entry = entry->id;
      out->demoted = demoted;
    }
  else if (out->value > cap)
    {
      out->dice = muster_roll_describe (roll);
      out->capped = TRUE;
      out->cap = cap;
    }
  /* One die, or none: muster_roll_describe() says the total alone, which
   * says no more than the value when the two are the same. */
  else if (roll->faces->len > 1 || strpbrk (roll->expression, "+-") != NULL || roll->total != out->value)
    {
      g_autofree char *dice = muster_roll_describe (roll);
      char plain[16];

      g_snprintf (plain, sizeof plain, "%d", out->value);
      if (g_strcmp0 (dice, plain) != 0)
        out->dice = g_steal_pointer (&dice);
    }
  return TRUE;
}

/**
 * muster_store_recruit_stats:
 *
 * What a recruit's log entry keeps of his stats ("I 4, D 3, S 5, C 2, F 9
 * (rolled 3 + 6 = 9)"): for each stat of @ruleset in @stats (key to
 * GINT_TO_POINTER value), in the ruleset's order, its key and value; and
 * where his dice (@rolls, of MusterRoll*, each for the stat of the same
 * index in @roll_stats) say more than the value, the dice, with the entry
 * of the table they were rolled on (and whether the side's limit put him
 * lower) or the value his weapon holds the stat to.
 *
 * Returns: (transfer full): the "stats" argument.
 */
JsonArray *
muster_store_recruit_stats (MusterRuleset *ruleset,
                            const char    *troop_type,
                            const char    *weapon,
                            GHashTable    *stats,
                            GPtrArray     *rolls,
                            GPtrArray     *roll_stats)
{
  const MusterTroopType *type = troop_type != NULL ? muster_ruleset_lookup_troop_type (ruleset, troop_type) : NULL;
  JsonArray *result = json_array_new ();

  for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
    {
      RecruitStat said;
      JsonObject *stat;

      if (!describe_recruit_stat (ruleset, type, weapon, muster_ruleset_get_stat (ruleset, i),
                                  stats, rolls, roll_stats, &said))
        continue;
      stat = json_object_new ();
      json_object_set_string_member (stat, "key", said.key);
      json_object_set_int_member (stat, "value", said.value);
      if (said.dice != NULL)
        json_object_set_string_member (stat, "dice", said.dice);
      if (said.table != NULL)
        {
          json_object_set_string_member (stat, "table", said.table);
          json_object_set_string_member (stat, "entry", said.entry);
          if (said.demoted)
            json_object_set_boolean_member (stat, "demoted", TRUE);
        }
      else if (said.capped)
        json_object_set_int_member (stat, "cap", said.cap);
      json_array_add_object_element (result, stat);
      g_free (said.dice);
    }
  return result;
}

void
muster_store_append_recruit_args (GString               *out,
                                  MusterRuleset         *ruleset,
                                  const MusterTroopType *type,
                                  const char            *name,
                                  const char            *weapon,
                                  GHashTable            *stats,
                                  GPtrArray             *rolls,
                                  GPtrArray             *roll_stats)
{
  gboolean first = TRUE;

  g_string_append (out, "{\"name\":");
  muster_log_append_json_string (out, name);
  g_string_append (out, ",\"weapon\":");
  muster_log_append_json_string (out, weapon);
  g_string_append (out, ",\"stats\":[");
  for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
    {
      RecruitStat said;

      if (!describe_recruit_stat (ruleset, type, weapon, muster_ruleset_get_stat (ruleset, i),
                                  stats, rolls, roll_stats, &said))
        continue;
      g_string_append (out, first ? "{\"key\":" : ",{\"key\":");
      first = FALSE;
      muster_log_append_json_string (out, said.key);
      g_string_append_printf (out, ",\"value\":%d", said.value);
      if (said.dice != NULL)
        {
          g_string_append (out, ",\"dice\":");
          muster_log_append_json_string (out, said.dice);
        }
      if (said.table != NULL)
        {
          g_string_append (out, ",\"table\":");
          muster_log_append_json_string (out, said.table);
          g_string_append (out, ",\"entry\":");
          muster_log_append_json_string (out, said.entry);
          if (said.demoted)
            g_string_append (out, ",\"demoted\":true");
        }
      else if (said.capped)
        g_string_append_printf (out, ",\"cap\":%d", said.cap);
      g_string_append_c (out, '}');
      g_free (said.dice);
    }
  g_string_append (out, "]}");
}
