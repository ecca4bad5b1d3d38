/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-stats"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-stats-private.h"

/* The campaign's statistics: which series there are, the shared parts of
 * the data, and the series of games: casualties and the running score. */

typedef void (*AddFunc) (StatsData *data,
                         GPtrArray *out);

static void add_casualties (StatsData *data, GPtrArray *out);
static void add_score      (StatsData *data, GPtrArray *out);

/* Every series, in the order they are given. */
static const struct {
  const char *id;
  AddFunc     add;
} series_table[] = {
  { MUSTER_STATS_STRENGTH,        stats_add_strength },
  { MUSTER_STATS_CASUALTIES,      add_casualties },
  { MUSTER_STATS_SCORE,           add_score },
  { MUSTER_STATS_KILLS_CAREER,    stats_add_kills_career },
  { MUSTER_STATS_KILLS_GAME,      stats_add_kills_game },
  { MUSTER_STATS_KILL_MATRIX,     stats_add_kill_matrix },
  { MUSTER_STATS_KILLS_ELSEWHERE, stats_add_kills_elsewhere },
  { MUSTER_STATS_SURVIVAL,        stats_add_survival },
  { MUSTER_STATS_MEDIAN_GAMES,    stats_add_median_games },
  { MUSTER_STATS_UNIT_STRENGTH,   stats_add_unit_strength },
  { MUSTER_STATS_UNIT_MORALE,     stats_add_unit_morale },
};

/* --- The data ------------------------------------------------------------- */

const StatsForce *
stats_data_force (StatsData *data,
                  gint64     force_id)
{
  for (guint i = 0; i < data->forces->len; i++)
    if (g_array_index (data->forces, StatsForce, i).id == force_id)
      return &g_array_index (data->forces, StatsForce, i);
  return NULL;
}

const StatsCharacter *
stats_data_character (StatsData *data,
                      gint64     character_id)
{
  gpointer found = g_hash_table_lookup (data->character_index, &character_id);

  return found != NULL ? &g_array_index (data->characters, StatsCharacter, GPOINTER_TO_UINT (found) - 1)
                       : NULL;
}

gboolean
stats_data_wants_force (StatsData *data,
                        gint64     force_id)
{
  return data->force_id == 0 || data->force_id == force_id;
}

GPtrArray *
stats_data_wanted_forces (StatsData *data)
{
  GPtrArray *forces = g_ptr_array_new ();

  for (guint i = 0; i < data->forces->len; i++)
    {
      const StatsForce *force = &g_array_index (data->forces, StatsForce, i);

      if (stats_data_wants_force (data, force->id))
        g_ptr_array_add (forces, (gpointer) force);
    }
  return forces;
}

void
stats_add_game_rows (StatsData         *data,
                     MusterStatsSeries *series)
{
  for (guint i = 0; i < data->games->len; i++)
    {
      const StatsGame *game = &g_array_index (data->games, StatsGame, i);
      g_autofree char *key = g_strdup_printf ("%d", game->number);

      muster_stats_series_add_row (series, key, key, game->title);
    }
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

static gboolean part_wanted      (StatsData *data, const StatsPart *part);
static gboolean unit_part_wanted (StatsData *data, const StatsUnitPart *part);

/* The sides of the games, in the order they first fought: a column each.
 * With @wanted_only, only the sides the force asked for fought for. */
static GPtrArray *
collect_sides (StatsData *data,
               gboolean   wanted_only)
{
  GPtrArray *sides = g_ptr_array_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) by_game = g_ptr_array_new ();

  /* The participants of game 1, then of game 2...: the order the sides
   * took the field in. */
  for (guint i = 0; i < data->games->len; i++)
    g_ptr_array_add (by_game, g_ptr_array_new ());
  for (guint i = 0; i < data->parts->len; i++)
    {
      StatsPart *part = &g_array_index (data->parts, StatsPart, i);

      if (!wanted_only || part_wanted (data, part))
        g_ptr_array_add (g_ptr_array_index (by_game, part->game), part->side);
    }
  for (guint i = 0; i < data->unit_parts->len; i++)
    {
      StatsUnitPart *part = &g_array_index (data->unit_parts, StatsUnitPart, i);

      if (!wanted_only || unit_part_wanted (data, part))
        g_ptr_array_add (g_ptr_array_index (by_game, part->game), part->side);
    }
  for (guint i = 0; i < by_game->len; i++)
    {
      GPtrArray *game_sides = g_ptr_array_index (by_game, i);
      const char *winner = g_array_index (data->games, StatsGame, i).winner;

      g_ptr_array_sort (game_sides, compare_names);
      for (guint j = 0; j < game_sides->len; j++)
        {
          const char *side = g_ptr_array_index (game_sides, j);

          if (side != NULL && g_hash_table_add (seen, (gpointer) side))
            g_ptr_array_add (sides, (gpointer) side);
        }
      if (!wanted_only && winner != NULL && g_hash_table_add (seen, (gpointer) winner))
        g_ptr_array_add (sides, (gpointer) winner);
      g_ptr_array_unref (game_sides);
    }
  return sides;
}

static guint
add_side_columns (MusterStatsSeries *series,
                  GPtrArray         *sides)
{
  for (guint i = 0; i < sides->len; i++)
    muster_stats_series_add_column (series, g_ptr_array_index (sides, i),
                                    g_ptr_array_index (sides, i), MUSTER_STATS_TONE_AUTO);
  return sides->len;
}

static int
side_column (GPtrArray  *sides,
             const char *side)
{
  guint index;

  if (side != NULL && g_ptr_array_find_with_equal_func (sides, side, g_str_equal, &index))
    return (int) index;
  return -1;
}

/* Whether @part's man is of the force asked for. */
static gboolean
part_wanted (StatsData       *data,
             const StatsPart *part)
{
  const StatsCharacter *character;

  if (data->force_id == 0)
    return TRUE;
  character = stats_data_character (data, part->character_id);
  return character != NULL && character->force_id == data->force_id;
}

static gboolean
unit_part_wanted (StatsData           *data,
                  const StatsUnitPart *part)
{
  if (data->force_id == 0)
    return TRUE;
  for (guint i = 0; i < data->units->len; i++)
    {
      MusterUnit *unit = g_ptr_array_index (data->units, i);

      if (muster_unit_get_id (unit) == part->unit_id)
        return muster_unit_get_force_id (unit) == data->force_id;
    }
  return FALSE;
}

const StatsForce *
stats_data_asked_force (StatsData *data)
{
  return data->force_id != 0 ? stats_data_force (data, data->force_id) : NULL;
}

/* --- Casualties and score --------------------------------------------------- */

/* Per game and side: the men put out of the game (an outcome that takes
 * a man off the field: out of action, killed, captured) and the figures
 * of units killed, wounded or captured. */
static void
add_casualties (StatsData *data,
                GPtrArray *out)
{
  g_autoptr(GPtrArray) sides = collect_sides (data, TRUE);
  const StatsForce *force = stats_data_asked_force (data);
  g_autofree char *title = NULL;
  MusterStatsSeries *series;

  if (force != NULL)
    /* Translators: the casualties of one force, e.g. "Casualties of South Essex" */
    title = g_strdup_printf (_("Casualties of %s"), force->name);
  else
    title = g_strdup (_("Casualties per game"));
  series = muster_stats_series_new (MUSTER_STATS_CASUALTIES, title, MUSTER_STATS_KIND_BARS,
                                    MUSTER_STATS_VALUE_COUNT, _("Game"), _("Casualties"));
  muster_stats_series_set_description (series,
                                       _("Men put out of each game and figures of units killed, wounded or captured, by side."));
  add_side_columns (series, sides);
  stats_add_game_rows (data, series);
  for (guint r = 0; r < data->games->len; r++)
    for (guint c = 0; c < sides->len; c++)
      muster_stats_series_set_value (series, r, c, 0);

  for (guint i = 0; i < data->parts->len; i++)
    {
      const StatsPart *part = &g_array_index (data->parts, StatsPart, i);
      const MusterOutcomeDef *outcome;
      int column = side_column (sides, part->side);

      if (column < 0 || part->outcome == NULL || !part_wanted (data, part))
        continue;
      outcome = muster_ruleset_lookup_outcome (data->ruleset, part->outcome);
      if (outcome == NULL || !outcome->removes)
        continue;
      muster_stats_series_set_value (series, part->game, column,
                                     muster_stats_series_get_value (series, part->game, column) + 1);
    }
  for (guint i = 0; i < data->unit_parts->len; i++)
    {
      const StatsUnitPart *part = &g_array_index (data->unit_parts, StatsUnitPart, i);
      int column = side_column (sides, part->side);

      if (column < 0 || !unit_part_wanted (data, part))
        continue;
      muster_stats_series_set_value (series, part->game, column,
                                     muster_stats_series_get_value (series, part->game, column) + part->casualties);
    }
  g_ptr_array_add (out, series);
}

/* Games won by each side so far, game by game; a draw counts for
 * neither. With a force asked for, the games its men or units fought. */
static void
add_score (StatsData *data,
           GPtrArray *out)
{
  g_autoptr(GPtrArray) sides = collect_sides (data, FALSE);
  g_autofree gboolean *fought = g_new0 (gboolean, data->games->len + 1);
  g_autofree double *wins = g_new0 (double, sides->len + 1);
  const StatsForce *force = stats_data_asked_force (data);
  g_autofree char *title = NULL;
  MusterStatsSeries *series;

  for (guint i = 0; i < data->parts->len; i++)
    {
      const StatsPart *part = &g_array_index (data->parts, StatsPart, i);

      if (part_wanted (data, part))
        fought[part->game] = TRUE;
    }
  for (guint i = 0; i < data->unit_parts->len; i++)
    {
      const StatsUnitPart *part = &g_array_index (data->unit_parts, StatsUnitPart, i);

      if (unit_part_wanted (data, part))
        fought[part->game] = TRUE;
    }

  if (force != NULL)
    /* Translators: e.g. "Games won in the games of South Essex" */
    title = g_strdup_printf (_("Games won in the games of %s"), force->name);
  else
    title = g_strdup (_("Games won"));
  series = muster_stats_series_new (MUSTER_STATS_SCORE, title, MUSTER_STATS_KIND_STEP,
                                    MUSTER_STATS_VALUE_COUNT, _("Game"), _("Games won"));
  muster_stats_series_set_description (series,
                                       _("The games each side has won so far, game by game; a draw counts for neither."));
  add_side_columns (series, sides);
  for (guint i = 0; i < data->games->len; i++)
    {
      const StatsGame *game = &g_array_index (data->games, StatsGame, i);
      g_autofree char *key = NULL;
      int column;
      guint row;

      if (!fought[i])
        continue;
      column = side_column (sides, game->winner);
      if (column >= 0)
        wins[column]++;
      key = g_strdup_printf ("%d", game->number);
      row = muster_stats_series_add_row (series, key, key, game->title);
      for (guint c = 0; c < sides->len; c++)
        muster_stats_series_set_value (series, row, c, wins[c]);
    }
  g_ptr_array_add (out, series);
}

/* --- Public ----------------------------------------------------------------- */

static gboolean
series_available (MusterRuleset *ruleset,
                  const char    *id)
{
  gboolean by_unit = muster_ruleset_get_kept_by (ruleset) == MUSTER_KEPT_BY_UNIT;

  if (g_str_equal (id, MUSTER_STATS_UNIT_STRENGTH))
    return by_unit;
  if (g_str_equal (id, MUSTER_STATS_UNIT_MORALE))
    return by_unit && stats_morale_stat (ruleset) != NULL;
  return TRUE;
}

/**
 * muster_stats_list_series_ids:
 * @ruleset: a campaign's ruleset
 *
 * Returns: (transfer container) (element-type utf8): the ids of the
 * series a campaign of @ruleset has, in the order they are computed.
 */
GPtrArray *
muster_stats_list_series_ids (MusterRuleset *ruleset)
{
  GPtrArray *ids = g_ptr_array_new ();

  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), ids);

  for (guint i = 0; i < G_N_ELEMENTS (series_table); i++)
    if (series_available (ruleset, series_table[i].id))
      g_ptr_array_add (ids, (gpointer) series_table[i].id);
  return ids;
}

/**
 * muster_stats_compute:
 * @store: the library
 * @campaign_id: a campaign
 * @force_id: a force of the campaign to count alone, or 0 for all
 * @series_id: (nullable): the one series wanted, or NULL for all
 * @error: where a failure to read the library goes
 *
 * Computes the campaign's statistics from the library as it is now.
 * An id that is not one of muster_stats_list_series_ids() gives no
 * series.
 *
 * Returns: (transfer container) (element-type MusterStatsSeries): the
 * series, or NULL with @error set.
 */
GPtrArray *
muster_stats_compute (MusterStore  *store,
                      gint64        campaign_id,
                      gint64        force_id,
                      const char   *series_id,
                      GError      **error)
{
  g_autoptr(GPtrArray) out = NULL;
  StatsData data = { 0, };
  gboolean ok;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  ok = muster_store_stats_load (store, campaign_id, &data, error);
  if (ok && force_id != 0 && stats_data_force (&data, force_id) == NULL)
    {
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, force_id);

      /* Translators: a force's id, e.g. "The force 12 is not one of the campaign’s." */
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                   _("The force %s is not one of the campaign’s."), id);
      ok = FALSE;
    }
  if (ok)
    {
      data.force_id = force_id;
      out = g_ptr_array_new_with_free_func (g_object_unref);
      for (guint i = 0; i < G_N_ELEMENTS (series_table); i++)
        if ((series_id == NULL || g_str_equal (series_id, series_table[i].id)) &&
            series_available (data.ruleset, series_table[i].id))
          series_table[i].add (&data, out);
    }
  stats_data_clear (&data);
  return ok ? g_steal_pointer (&out) : NULL;
}
