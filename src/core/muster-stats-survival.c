/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-stats"

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include <glib/gi18n-lib.h>

#include "muster-stats-private.h"

/*
 * How long men last. A man's time is the number of resolved games he took
 * part in; it ends when he dies, is struck off or retires, and is still
 * running (censored, in the statisticians' word) while he serves, is out
 * of action or is a prisoner. The Kaplan-Meier estimate gives the share
 * of men still on the roll after each number of games, counting each man
 * only as long as he is known to have lasted.
 */

static int
compare_times (gconstpointer a,
               gconstpointer b)
{
  const MusterSurvivalTime *x = a, *y = b;

  return x->time - y->time;
}

/**
 * muster_stats_kaplan_meier:
 * @times: (array length=n): each man's time, and whether it ended
 * @n: how many
 *
 * S(t) is the product, over each time u from 1 to t at which some
 * men's time ended, of (1 - ended at u / men whose time reached u).
 * Times below 0 count as 0.
 *
 * Returns: (transfer full) (element-type double): S(0) to S(longest).
 */
GArray *
muster_stats_kaplan_meier (const MusterSurvivalTime *times,
                           guint                     n)
{
  g_autofree MusterSurvivalTime *sorted = NULL;
  GArray *curve = g_array_new (FALSE, FALSE, sizeof (double));
  double share = 1;
  guint i = 0;
  int longest;

  g_return_val_if_fail (times != NULL || n == 0, curve);

  if (n == 0)
    return curve;
  sorted = g_memdup2 (times, n * sizeof (MusterSurvivalTime));
  for (guint j = 0; j < n; j++)
    sorted[j].time = MAX (sorted[j].time, 0);
  qsort (sorted, n, sizeof (MusterSurvivalTime), compare_times);
  longest = sorted[n - 1].time;

  for (int t = 0; t <= longest; t++)
    {
      guint at_risk = n - i;
      guint ended = 0;

      for (; i < n && sorted[i].time == t; i++)
        if (sorted[i].ended)
          ended++;
      if (ended > 0)
        share *= 1.0 - (double) ended / at_risk;
      g_array_append_val (curve, share);
    }
  return curve;
}

/**
 * muster_stats_survival_median:
 * @curve: (element-type double): from muster_stats_kaplan_meier()
 *
 * Returns: the fewest games t with S(t) at most a half, or NAN.
 */
double
muster_stats_survival_median (GArray *curve)
{
  g_return_val_if_fail (curve != NULL, NAN);

  for (guint t = 0; t < curve->len; t++)
    if (g_array_index (curve, double, t) <= 0.5)
      return t;
  return NAN;
}

static MusterSurvivalTime
time_of (const StatsCharacter *character)
{
  MusterSurvivalTime time = {
    character->resolved_games,
    character->status == MUSTER_STATUS_DEAD || character->status == MUSTER_STATUS_RETIRED,
  };

  return time;
}

/* The share of each force's men still on the roll after each number of
 * games they took part in. */
void
stats_add_survival (StatsData *data,
                    GPtrArray *out)
{
  g_autoptr(GPtrArray) forces = stats_data_wanted_forces (data);
  g_autoptr(GPtrArray) curves = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  MusterStatsSeries *series;
  guint longest = 0;

  series = muster_stats_series_new (MUSTER_STATS_SURVIVAL, _("Men still on the roll"),
                                    MUSTER_STATS_KIND_STEP, MUSTER_STATS_VALUE_SHARE,
                                    _("Games taken part in"), _("On the roll"));
  muster_stats_series_set_description (series,
                                       _("The share of each force’s men still on the roll after so many games (Kaplan-Meier): death, being struck off and retiring end a man’s time."));
  for (guint f = 0; f < forces->len; f++)
    {
      const StatsForce *force = g_ptr_array_index (forces, f);
      g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (MusterSurvivalTime));
      GArray *curve;

      for (guint i = 0; i < data->characters->len; i++)
        {
          const StatsCharacter *character = &g_array_index (data->characters, StatsCharacter, i);
          MusterSurvivalTime time = time_of (character);

          if (character->force_id == force->id)
            g_array_append_val (times, time);
        }
      curve = muster_stats_kaplan_meier ((const MusterSurvivalTime *) (gpointer) times->data, times->len);
      longest = MAX (longest, curve->len);
      g_ptr_array_add (curves, curve);
      muster_stats_series_add_column (series, force->name, force->name, MUSTER_STATS_TONE_AUTO);
    }

  for (guint t = 0; t < longest; t++)
    {
      g_autofree char *key = g_strdup_printf ("%u", t);
      guint row = muster_stats_series_add_row (series, key, key, NULL);

      for (guint f = 0; f < curves->len; f++)
        {
          GArray *curve = g_ptr_array_index (curves, f);

          if (t < curve->len)
            muster_stats_series_set_value (series, row, f, g_array_index (curve, double, t));
        }
    }
  g_ptr_array_add (out, series);
}

/* --- The median by kind of man ------------------------------------------------ */

/* The stat a man's troop type rolls on a table (Big Skirmishes' Class),
 * and the table; FALSE when it rolls none. */
static gboolean
table_stat (const MusterTroopType    *type,
            const char              **key,
            const MusterLookupTable **table)
{
  for (guint i = 0; type != NULL && i < type->rolls->len; i++)
    {
      const MusterStatRoll *roll = g_ptr_array_index (type->rolls, i);

      if (roll->table != NULL)
        {
          *key = roll->stat;
          *table = roll->table;
          return TRUE;
        }
    }
  return FALSE;
}

typedef struct {
  char   *key;
  char   *label;
  guint   order;
  GArray *times;   /* of MusterSurvivalTime */
} Group;

static void
group_free (Group *group)
{
  g_free (group->key);
  g_free (group->label);
  g_array_unref (group->times);
  g_free (group);
}

static int
compare_groups (gconstpointer a,
                gconstpointer b)
{
  const Group *x = *(const Group * const *) a;
  const Group *y = *(const Group * const *) b;

  if (x->order != y->order)
    return x->order < y->order ? -1 : 1;
  return g_utf8_collate (x->label, y->label);
}

/* The group @character is counted in: the entry of the table his troop
 * type rolls a stat on, for the value he came with (a Class is lost to
 * wounds, but a Hero who became a Leader lasted as a Hero), or else his
 * troop type. */
static Group *
group_for (StatsData            *data,
           GHashTable           *groups,
           const StatsCharacter *character)
{
  guint n_types = muster_ruleset_get_n_troop_types (data->ruleset);
  const MusterTroopType *type = muster_ruleset_lookup_troop_type (data->ruleset, character->troop_type);
  const MusterLookupTable *table = NULL;
  const char *stat = NULL;
  g_autofree char *key = NULL;
  const char *label = character->troop_type;
  guint order = G_MAXUINT;
  Group *group;

  if (table_stat (type, &stat, &table))
    {
      g_autofree char *first = g_strdup_printf ("%" G_GINT64_FORMAT "/%s", character->id, stat);
      gpointer value;

      if (g_hash_table_lookup_extended (data->first_stats, first, NULL, &value))
        for (guint i = 0; i < table->entries->len; i++)
          {
            const MusterTableEntry *entry = g_ptr_array_index (table->entries, i);

            if (entry->value == GPOINTER_TO_INT (value))
              {
                key = g_strdup (entry->id);
                label = entry->name;
                order = i;
              }
          }
    }
  if (key == NULL)
    {
      key = g_strdup (character->troop_type);
      for (guint i = 0; i < n_types; i++)
        if (muster_ruleset_get_troop_type (data->ruleset, i) == type)
          {
            label = type->name;
            order = 1000 + i;
          }
    }

  group = g_hash_table_lookup (groups, key);
  if (group == NULL)
    {
      group = g_new0 (Group, 1);
      group->key = g_strdup (key);
      group->label = g_strdup (label);
      group->order = order;
      group->times = g_array_new (FALSE, FALSE, sizeof (MusterSurvivalTime));
      g_hash_table_insert (groups, g_steal_pointer (&key), group);
    }
  return group;
}

/* The median number of games a man lasts, by troop type, or by the Class
 * (or other table entry) men of a troop type are rolled for. */
void
stats_add_median_games (StatsData *data,
                        GPtrArray *out)
{
  g_autoptr(GHashTable) groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                        (GDestroyNotify) group_free);
  g_autoptr(GPtrArray) sorted = NULL;
  MusterStatsSeries *series;
  GHashTableIter iter;
  gpointer value;

  for (guint i = 0; i < data->characters->len; i++)
    {
      const StatsCharacter *character = &g_array_index (data->characters, StatsCharacter, i);
      MusterSurvivalTime time = time_of (character);

      if (stats_data_wants_force (data, character->force_id))
        g_array_append_val (group_for (data, groups, character)->times, time);
    }
  sorted = g_ptr_array_new ();
  g_hash_table_iter_init (&iter, groups);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (sorted, value);
  g_ptr_array_sort (sorted, compare_groups);

  series = muster_stats_series_new (MUSTER_STATS_MEDIAN_GAMES, _("How many games a man lasts"),
                                    MUSTER_STATS_KIND_RANKING, MUSTER_STATS_VALUE_COUNT,
                                    _("Kind of man"), _("Games"));
  muster_stats_series_set_description (series,
                                       _("The median number of games a man lasts (Kaplan-Meier), by troop type or class; none while more than half are still on the roll."));
  muster_stats_series_add_column (series, "median", _("Median games"), MUSTER_STATS_TONE_ACCENT);
  muster_stats_series_add_column (series, "men", _("Men"), MUSTER_STATS_TONE_NOTE);
  muster_stats_series_add_column (series, "ended", _("Time ended"), MUSTER_STATS_TONE_NOTE);
  for (guint i = 0; i < sorted->len; i++)
    {
      Group *group = g_ptr_array_index (sorted, i);
      g_autoptr(GArray) curve = muster_stats_kaplan_meier ((const MusterSurvivalTime *) (gpointer) group->times->data,
                                                           group->times->len);
      guint row = muster_stats_series_add_row (series, group->key, group->label, NULL);
      guint ended = 0;

      for (guint j = 0; j < group->times->len; j++)
        ended += g_array_index (group->times, MusterSurvivalTime, j).ended ? 1 : 0;
      muster_stats_series_set_value (series, row, 0, muster_stats_survival_median (curve));
      muster_stats_series_set_value (series, row, 1, group->times->len);
      muster_stats_series_set_value (series, row, 2, ended);
    }
  g_ptr_array_add (out, series);
}
