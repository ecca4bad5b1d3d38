/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-stats"

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include <glib/gi18n-lib.h>

#include "muster-stats-private.h"

/*
 * A campaign game by game: the strength of each force, and of each unit
 * with its morale, as they stood after each game, rebuilt from the values
 * each resolution kept of what it changed.
 *
 * A resolution keeps the value each thing had before it changed it. So
 * the value after game N is the value kept by the first change made
 * after N was resolved, or, when nothing changed it since, the value it
 * has now. A captured man released between games counts as a change too:
 * he was a prisoner until then. A value set by hand between games is not
 * kept anywhere, and counts from the game before it was set.
 */

/* The games in the order they were resolved (the unresolved last), for
 * finding which stood at a time. */
typedef struct {
  guint   n;
  gint64 *times;     /* sorted */
  guint  *games;     /* the game at each place */
} Timeline;

static int
compare_places (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  const StatsGame *games = user_data;
  gint64 x = games[*(const guint *) a].time;
  gint64 y = games[*(const guint *) b].time;

  if (x != y)
    return x < y ? -1 : 1;
  return games[*(const guint *) a].number - games[*(const guint *) b].number;
}

static void
timeline_init (Timeline  *t,
               StatsData *data)
{
  const StatsGame *games = (const StatsGame *) (gpointer) data->games->data;

  t->n = data->games->len;
  t->games = g_new (guint, t->n + 1);
  t->times = g_new (gint64, t->n + 1);
  for (guint i = 0; i < t->n; i++)
    t->games[i] = i;
  g_qsort_with_data (t->games, t->n, sizeof (guint), compare_places, (gpointer) games);
  for (guint i = 0; i < t->n; i++)
    t->times[i] = games[t->games[i]].time;
}

static void
timeline_clear (Timeline *t)
{
  g_free (t->times);
  g_free (t->games);
}

/* The first place whose time is @time or later. */
static guint
timeline_find (const Timeline *t,
               gint64          time)
{
  guint low = 0, high = t->n;

  while (low < high)
    {
      guint mid = low + (high - low) / 2;

      if (t->times[mid] < time)
        low = mid + 1;
      else
        high = mid;
    }
  return low;
}

/* The changes of @who in @changes (sorted by whom, then when): the first
 * at *@first, and how many. */
static guint
find_changes (GArray  *changes,
              gint64   who,
              guint   *first)
{
  guint low = 0, high = changes->len, n = 0;

  while (low < high)
    {
      guint mid = low + (high - low) / 2;

      if (g_array_index (changes, StatsChange, mid).who < who)
        low = mid + 1;
      else
        high = mid;
    }
  *first = low;
  while (low + n < changes->len && g_array_index (changes, StatsChange, low + n).who == who)
    n++;
  return n;
}

/* Calls @func for each stretch of places [@from, @to) over which @who's
 * value stayed one: what a change kept for the places before it, and
 * @now for the places after the last. Only places at @since or later
 * count. */
typedef void (*StretchFunc) (const StatsChange *change, /* NULL: now */
                             guint              from,
                             guint              to,
                             gpointer           user_data);

static void
for_each_stretch (const Timeline *t,
                  GArray         *changes,
                  gint64          who,
                  gint64          since,
                  StretchFunc     func,
                  gpointer        user_data)
{
  guint first, n = find_changes (changes, who, &first);
  guint start = timeline_find (t, since);
  guint from = start;

  for (guint i = 0; i < n; i++)
    {
      const StatsChange *change = &g_array_index (changes, StatsChange, first + i);
      guint to = MAX (timeline_find (t, change->time), start);

      /* A change at time T is made when the game resolved at T is: that
       * game's place already has the value after it. */
      if (to > from)
        func (change, from, to, user_data);
      from = MAX (from, to);
    }
  if (t->n > from)
    func (NULL, from, t->n, user_data);
}

/* --- Strength ---------------------------------------------------------------- */

enum { FIT, OUT, CAPTURED, DEAD, RETIRED, N_STANDINGS };

static int
standing_of (MusterStatus status)
{
  switch (status)
    {
    case MUSTER_STATUS_OUT_OF_ACTION: return OUT;
    case MUSTER_STATUS_CAPTURED:      return CAPTURED;
    case MUSTER_STATUS_DEAD:          return DEAD;
    case MUSTER_STATUS_RETIRED:       return RETIRED;
    case MUSTER_STATUS_ACTIVE:
    default:                          return FIT;
    }
}

typedef struct {
  int     *counts;   /* a difference array: [place * N_STANDINGS + standing] */
  int      now;      /* the man's standing now */
} StrengthCount;

static void
count_stretch (const StatsChange *change,
               guint              from,
               guint              to,
               gpointer           user_data)
{
  StrengthCount *count = user_data;
  int standing = count->now;

  if (change != NULL)
    {
      MusterStatus status = MUSTER_STATUS_ACTIVE;

      muster_status_from_string (change->text, &status);
      standing = standing_of (status);
    }
  count->counts[from * N_STANDINGS + standing]++;
  count->counts[to * N_STANDINGS + standing]--;
}

static MusterStatsSeries *
strength_series (StatsData        *data,
                 const Timeline   *t,
                 const StatsForce *force)
{
  g_autofree int *counts = g_new0 (int, (t->n + 1) * N_STANDINGS);
  g_autofree char *title = NULL;
  StrengthCount count = { counts, FIT };
  MusterStatsSeries *series;
  int running[N_STANDINGS] = { 0, };

  for (guint i = 0; i < data->characters->len; i++)
    {
      const StatsCharacter *character = &g_array_index (data->characters, StatsCharacter, i);

      if (character->force_id != force->id)
        continue;
      count.now = standing_of (character->status);
      for_each_stretch (t, data->status_changes, character->id, character->joined,
                        count_stretch, &count);
    }

  /* Translators: the strength of one force, e.g. "Strength of South Essex" */
  title = g_strdup_printf (_("Strength of %s"), force->name);
  series = muster_stats_series_new (MUSTER_STATS_STRENGTH, title, MUSTER_STATS_KIND_AREA,
                                    MUSTER_STATS_VALUE_COUNT, _("Game"), _("Men"));
  muster_stats_series_set_force (series, force->id, force->name);
  muster_stats_series_set_description (series,
                                       _("The force’s men after each game: fit to fight, out of action, captured, dead and retired."));
  muster_stats_series_add_column (series, "fit", _("Fit to fight"), MUSTER_STATS_TONE_ACCENT);
  muster_stats_series_add_column (series, "out-of-action", _("Out of action"), MUSTER_STATS_TONE_WARNING);
  muster_stats_series_add_column (series, "captured", _("Captured"), MUSTER_STATS_TONE_OTHER);
  muster_stats_series_add_column (series, "dead", _("Dead"), MUSTER_STATS_TONE_ERROR);
  muster_stats_series_add_column (series, "retired", _("Retired"), MUSTER_STATS_TONE_MUTED);
  stats_add_game_rows (data, series);

  for (guint place = 0; place < t->n; place++)
    for (guint s = 0; s < N_STANDINGS; s++)
      {
        running[s] += counts[place * N_STANDINGS + s];
        muster_stats_series_set_value (series, t->games[place], s, running[s]);
      }
  return series;
}

void
stats_add_strength (StatsData *data,
                    GPtrArray *out)
{
  g_autoptr(GPtrArray) forces = stats_data_wanted_forces (data);
  Timeline t;

  timeline_init (&t, data);
  for (guint i = 0; i < forces->len; i++)
    g_ptr_array_add (out, strength_series (data, &t, g_ptr_array_index (forces, i)));
  timeline_clear (&t);
}

/* --- Units ------------------------------------------------------------------- */

const MusterUnitStatDef *
stats_morale_stat (MusterRuleset *ruleset)
{
  GPtrArray *defs = muster_ruleset_get_unit_stats (ruleset);

  for (guint i = 0; defs != NULL && i < defs->len; i++)
    {
      const MusterUnitStatDef *def = g_ptr_array_index (defs, i);

      if (def->morale)
        return def;
    }
  return NULL;
}

/* What a unit's number came to after each game: @base less what
 * @changes kept (figures lost, morale lost), from the first game it took
 * the field in. */
typedef struct {
  MusterStatsSeries *series;
  const Timeline    *t;
  guint              column;
  guint              first_game;
  gint64             base;
  gint64             now;
} UnitValue;

static void
set_unit_stretch (const StatsChange *change,
                  guint              from,
                  guint              to,
                  gpointer           user_data)
{
  UnitValue *v = user_data;
  gint64 lost = change != NULL ? change->number : v->now;

  for (guint place = from; place < to; place++)
    if (v->t->games[place] >= v->first_game)
      muster_stats_series_set_value (v->series, v->t->games[place], v->column, (double) (v->base - lost));
}

/* The first game (by number) each wanted unit took the field in: id ->
 * index + 1. */
static GHashTable *
first_games (StatsData *data)
{
  GHashTable *first = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  for (guint i = 0; i < data->unit_parts->len; i++)
    {
      const StatsUnitPart *part = &g_array_index (data->unit_parts, StatsUnitPart, i);
      guint known = GPOINTER_TO_UINT (g_hash_table_lookup (first, &part->unit_id));

      if (known == 0 || part->game + 1 < known)
        g_hash_table_insert (first, g_memdup2 (&part->unit_id, sizeof (gint64)),
                             GUINT_TO_POINTER (part->game + 1));
    }
  return first;
}

/* The units of the series: those of the force asked for that took the
 * field, named with their force when several forces have some. */
static void
add_unit_columns (StatsData         *data,
                  MusterStatsSeries *series,
                  GHashTable        *first,
                  GPtrArray         *units)
{
  g_autoptr(GHashTable) forces = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  for (guint i = 0; i < data->units->len; i++)
    {
      MusterUnit *unit = g_ptr_array_index (data->units, i);
      gint64 id = muster_unit_get_id (unit);

      if (!stats_data_wants_force (data, muster_unit_get_force_id (unit)) ||
          !g_hash_table_contains (first, &id))
        continue;
      g_ptr_array_add (units, unit);
      g_hash_table_add (forces, g_memdup2 (&(gint64) { muster_unit_get_force_id (unit) }, sizeof (gint64)));
    }
  for (guint i = 0; i < units->len; i++)
    {
      MusterUnit *unit = g_ptr_array_index (units, i);
      g_autofree char *label = NULL;

      if (g_hash_table_size (forces) > 1)
        /* Translators: a unit and its force, e.g. "43rd Foot (Light Division)" */
        label = g_strdup_printf (_("%s (%s)"), muster_unit_get_name (unit), muster_unit_get_force_name (unit));
      else
        label = g_strdup (muster_unit_get_name (unit));
      muster_stats_series_add_column (series, muster_unit_get_name (unit), label, MUSTER_STATS_TONE_AUTO);
    }
}

/* @title is the series' title for the whole campaign, @of_force for
 * the force asked for. */
static MusterStatsSeries *
unit_series (StatsData       *data,
             const char      *id,
             const char      *title,
             const char      *of_force,
             const char      *value_title,
             const char      *description)
{
  MusterStatsSeries *series;

  series = muster_stats_series_new (id, stats_data_asked_force (data) != NULL ? of_force : title,
                                    g_str_equal (id, MUSTER_STATS_UNIT_STRENGTH) ? MUSTER_STATS_KIND_AREA
                                                                                 : MUSTER_STATS_KIND_LINES,
                                    MUSTER_STATS_VALUE_COUNT, _("Game"), value_title);
  muster_stats_series_set_description (series, description);
  return series;
}

static void
fill_units (StatsData         *data,
            MusterStatsSeries *series,
            GHashTable        *first,
            GPtrArray         *units,
            GArray            *changes,
            gboolean           morale)
{
  const MusterUnitStatDef *def = stats_morale_stat (data->ruleset);
  Timeline t;

  timeline_init (&t, data);
  for (guint i = 0; i < units->len; i++)
    {
      MusterUnit *unit = g_ptr_array_index (units, i);
      gint64 id = muster_unit_get_id (unit);
      UnitValue v = { series, &t, i, GPOINTER_TO_UINT (g_hash_table_lookup (first, &id)) - 1, 0, 0 };

      if (morale)
        {
          g_autofree char *text = muster_unit_dup_stat_value (unit, data->ruleset, def->key);
          gint64 shown;

          if (text == NULL || !g_ascii_string_to_signed (text, 10, G_MININT, G_MAXINT, &shown, NULL))
            continue;
          /* What it shows now is its base less the morale it lost. */
          v.now = muster_unit_get_morale_loss (unit);
          v.base = shown + v.now;
        }
      else
        {
          v.now = muster_unit_get_lost (unit);
          v.base = muster_unit_get_size (unit);
        }
      for_each_stretch (&t, changes, id, 0, set_unit_stretch, &v);
    }
  timeline_clear (&t);
}

void
stats_add_unit_strength (StatsData *data,
                         GPtrArray *out)
{
  g_autoptr(GHashTable) first = first_games (data);
  g_autoptr(GPtrArray) units = g_ptr_array_new ();
  const StatsForce *force = stats_data_asked_force (data);
  /* Translators: e.g. "Strength of the units of Light Division" */
  g_autofree char *of_force = g_strdup_printf (_("Strength of the units of %s"), force != NULL ? force->name : "");
  MusterStatsSeries *series;

  series = unit_series (data, MUSTER_STATS_UNIT_STRENGTH, _("Strength of the units"), of_force, _("Figures"),
                        _("The figures each unit had after each game, from the first it took the field in."));
  add_unit_columns (data, series, first, units);
  stats_add_game_rows (data, series);
  fill_units (data, series, first, units, data->lost_changes, FALSE);
  g_ptr_array_add (out, series);
}

void
stats_add_unit_morale (StatsData *data,
                       GPtrArray *out)
{
  g_autoptr(GHashTable) first = first_games (data);
  g_autoptr(GPtrArray) units = g_ptr_array_new ();
  const MusterUnitStatDef *def = stats_morale_stat (data->ruleset);
  const StatsForce *force = stats_data_asked_force (data);
  /* Translators: e.g. "Morale of the units of Light Division" */
  g_autofree char *of_force = g_strdup_printf (_("Morale of the units of %s"), force != NULL ? force->name : "");
  MusterStatsSeries *series;

  series = unit_series (data, MUSTER_STATS_UNIT_MORALE, _("Morale of the units"), of_force, def->name,
                        _("Each unit’s base morale after each game, from the first it took the field in."));
  add_unit_columns (data, series, first, units);
  stats_add_game_rows (data, series);
  fill_units (data, series, first, units, data->morale_changes, TRUE);
  g_ptr_array_add (out, series);
}
