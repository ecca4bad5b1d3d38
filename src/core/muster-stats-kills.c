/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-stats"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-stats-private.h"

/* Kills: the leaders of the campaign and of a single game, who killed
 * whom force by force, and what men brought from other campaigns, which
 * is shown apart and never added to this campaign's figures. */

typedef struct {
  const StatsCharacter *killer;
  guint                 game;     /* STATS_NONE for a career */
  int                   named;
  int                   unnamed;
} Tally;

static int
compare_tallies (gconstpointer a,
                 gconstpointer b)
{
  const Tally *x = a, *y = b;
  int order;

  if (x->named + x->unnamed != y->named + y->unnamed)
    return (y->named + y->unnamed) - (x->named + x->unnamed);
  if (x->named != y->named)
    return y->named - x->named;
  order = g_utf8_collate (x->killer->name, y->killer->name);
  if (order != 0)
    return order;
  if (x->killer->id != y->killer->id)
    return x->killer->id < y->killer->id ? -1 : 1;
  return x->game < y->game ? -1 : x->game > y->game;
}

/* "Richard Sharpe (South Essex)", or the name alone when one force is
 * asked for. */
static char *
man_label (StatsData            *data,
           const StatsCharacter *character)
{
  const StatsForce *force = stats_data_force (data, character->force_id);

  if (data->force_id != 0 || force == NULL)
    return g_strdup (character->name);
  /* Translators: a man and his force, e.g. "Richard Sharpe (South Essex)" */
  return g_strdup_printf (_("%s (%s)"), character->name, force->name);
}

/* The tally of @killer (in @game, or his career with STATS_NONE), made
 * when missing. */
static Tally *
tally_for (GHashTable           *tallies,
           const StatsCharacter *killer,
           guint                 game)
{
  g_autofree char *key = g_strdup_printf ("%" G_GINT64_FORMAT "/%u", killer->id, game);
  Tally *tally = g_hash_table_lookup (tallies, key);

  if (tally == NULL)
    {
      tally = g_new0 (Tally, 1);
      tally->killer = killer;
      tally->game = game;
      g_hash_table_insert (tallies, g_steal_pointer (&key), tally);
    }
  return tally;
}

/* Every wanted man's kills, in his career (@per_game FALSE) or in each
 * game, best first. Of Tally. */
static GArray *
count_kills (StatsData *data,
             gboolean   per_game)
{
  g_autoptr(GHashTable) tallies = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GArray *sorted = g_array_new (FALSE, FALSE, sizeof (Tally));
  GHashTableIter iter;
  gpointer value;

  for (guint i = 0; i < data->kills->len; i++)
    {
      const StatsKill *kill = &g_array_index (data->kills, StatsKill, i);
      const StatsCharacter *killer = stats_data_character (data, kill->killer);

      if (killer != NULL && stats_data_wants_force (data, killer->force_id))
        tally_for (tallies, killer, per_game ? kill->game : STATS_NONE)->named++;
    }
  for (guint i = 0; i < data->parts->len; i++)
    {
      const StatsPart *part = &g_array_index (data->parts, StatsPart, i);
      const StatsCharacter *killer = stats_data_character (data, part->character_id);

      if (part->killed_unnamed > 0 && killer != NULL && stats_data_wants_force (data, killer->force_id))
        tally_for (tallies, killer, per_game ? part->game : STATS_NONE)->unnamed += part->killed_unnamed;
    }

  g_hash_table_iter_init (&iter, tallies);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_array_append_vals (sorted, value, 1);
  g_array_sort (sorted, compare_tallies);
  return sorted;
}

static MusterStatsSeries *
leaders_series (StatsData  *data,
                const char *id,
                const char *title,
                const char *description)
{
  MusterStatsSeries *series;

  series = muster_stats_series_new (id, title, MUSTER_STATS_KIND_RANKING, MUSTER_STATS_VALUE_COUNT,
                                    _("Man"), _("Kills"));
  muster_stats_series_set_description (series, description);
  muster_stats_series_add_column (series, "named", _("Named men"), MUSTER_STATS_TONE_ACCENT);
  muster_stats_series_add_column (series, "unnamed", _("Unnamed figures"), MUSTER_STATS_TONE_AUTO);
  return series;
}

static void
add_leader (MusterStatsSeries *series,
            const Tally       *tally,
            const char        *key,
            const char        *label,
            const char        *detail)
{
  guint row = muster_stats_series_add_row (series, key, label, detail);

  muster_stats_series_set_value (series, row, 0, tally->named);
  muster_stats_series_set_value (series, row, 1, tally->unnamed);
}

/* The men with most kills in the campaign: named men and unnamed figures
 * they put out of action. */
void
stats_add_kills_career (StatsData *data,
                        GPtrArray *out)
{
  g_autoptr(GArray) tallies = count_kills (data, FALSE);
  MusterStatsSeries *series;

  series = leaders_series (data, MUSTER_STATS_KILLS_CAREER, _("Most kills in the campaign"),
                           _("The men who put most enemies out of action in this campaign, named men and unnamed figures."));
  for (guint i = 0; i < tallies->len && i < MUSTER_STATS_LEADERS; i++)
    {
      const Tally *tally = &g_array_index (tallies, Tally, i);
      g_autofree char *label = man_label (data, tally->killer);

      add_leader (series, tally, tally->killer->name, label, NULL);
    }
  g_ptr_array_add (out, series);
}

/* The most kills one man made in one game. */
void
stats_add_kills_game (StatsData *data,
                      GPtrArray *out)
{
  g_autoptr(GArray) tallies = count_kills (data, TRUE);
  MusterStatsSeries *series;

  series = leaders_series (data, MUSTER_STATS_KILLS_GAME, _("Most kills in one game"),
                           _("The most enemies one man put out of action in a single game."));
  for (guint i = 0; i < tallies->len && i < MUSTER_STATS_LEADERS; i++)
    {
      const Tally *tally = &g_array_index (tallies, Tally, i);
      const StatsGame *game = &g_array_index (data->games, StatsGame, tally->game);
      g_autofree char *man = man_label (data, tally->killer);
      g_autofree char *key = g_strdup_printf ("%d:%s", game->number, tally->killer->name);
      /* Translators: a man and the game, e.g. "Richard Sharpe, game 3" */
      g_autofree char *label = g_strdup_printf (_("%s, game %d"), man, game->number);

      add_leader (series, tally, key, label, game->title);
    }
  g_ptr_array_add (out, series);
}

/* Named men put out of action, by the killer's force (rows) and the
 * victim's (columns). With a force asked for, the kills it made or
 * suffered. */
void
stats_add_kill_matrix (StatsData *data,
                       GPtrArray *out)
{
  g_autofree char *title = NULL;
  const StatsForce *asked = data->force_id != 0 ? stats_data_force (data, data->force_id) : NULL;
  MusterStatsSeries *series;

  if (asked != NULL)
    /* Translators: e.g. "Who killed whom: South Essex" */
    title = g_strdup_printf (_("Who killed whom: %s"), asked->name);
  else
    title = g_strdup (_("Who killed whom"));
  series = muster_stats_series_new (MUSTER_STATS_KILL_MATRIX, title, MUSTER_STATS_KIND_MATRIX,
                                    MUSTER_STATS_VALUE_COUNT, _("Killer’s force"), _("Victim’s force"));
  muster_stats_series_set_description (series,
                                       _("Named men put out of action, by the killer’s force (rows) and the victim’s force (columns)."));
  for (guint i = 0; i < data->forces->len; i++)
    {
      const StatsForce *force = &g_array_index (data->forces, StatsForce, i);
      muster_stats_series_add_column (series, force->name, force->name, MUSTER_STATS_TONE_AUTO);
    }
  for (guint i = 0; i < data->forces->len; i++)
    {
      const StatsForce *force = &g_array_index (data->forces, StatsForce, i);
      guint row = muster_stats_series_add_row (series, force->name, force->name, NULL);

      for (guint c = 0; c < data->forces->len; c++)
        muster_stats_series_set_value (series, row, c, 0);
    }

  for (guint i = 0; i < data->kills->len; i++)
    {
      const StatsKill *kill = &g_array_index (data->kills, StatsKill, i);
      const StatsCharacter *killer = stats_data_character (data, kill->killer);
      const StatsCharacter *victim = stats_data_character (data, kill->victim);
      int row, column;

      if (killer == NULL || victim == NULL)
        continue;
      if (data->force_id != 0 && killer->force_id != data->force_id && victim->force_id != data->force_id)
        continue;
      row = muster_stats_series_find_row (series, stats_data_force (data, killer->force_id)->name);
      column = muster_stats_series_find_column (series, stats_data_force (data, victim->force_id)->name);
      muster_stats_series_set_value (series, row, column,
                                     muster_stats_series_get_value (series, row, column) + 1);
    }
  g_ptr_array_add (out, series);
}

static int
compare_elsewhere (gconstpointer a,
                   gconstpointer b)
{
  const StatsCharacter *x = *(const StatsCharacter * const *) a;
  const StatsCharacter *y = *(const StatsCharacter * const *) b;
  int order;

  if (x->kills_elsewhere != y->kills_elsewhere)
    return y->kills_elsewhere - x->kills_elsewhere;
  if (x->games_elsewhere != y->games_elsewhere)
    return y->games_elsewhere - x->games_elsewhere;
  order = g_utf8_collate (x->name, y->name);
  return order != 0 ? order : (x->id < y->id ? -1 : x->id > y->id);
}

/* What men brought from other campaigns in force files: kills and
 * games, never counted with this campaign's. */
void
stats_add_kills_elsewhere (StatsData *data,
                           GPtrArray *out)
{
  g_autoptr(GPtrArray) men = g_ptr_array_new ();
  MusterStatsSeries *series;

  for (guint i = 0; i < data->characters->len; i++)
    {
      const StatsCharacter *character = &g_array_index (data->characters, StatsCharacter, i);

      if ((character->kills_elsewhere > 0 || character->games_elsewhere > 0) &&
          stats_data_wants_force (data, character->force_id))
        g_ptr_array_add (men, (gpointer) character);
    }
  g_ptr_array_sort (men, compare_elsewhere);

  series = muster_stats_series_new (MUSTER_STATS_KILLS_ELSEWHERE, _("Kills elsewhere"),
                                    MUSTER_STATS_KIND_RANKING, MUSTER_STATS_VALUE_COUNT, _("Man"), _("Kills"));
  muster_stats_series_set_description (series,
                                       _("Kills and games men brought from other campaigns when their force joined this one, kept apart from this campaign’s."));
  muster_stats_series_add_column (series, "kills", _("Kills elsewhere"), MUSTER_STATS_TONE_MUTED);
  muster_stats_series_add_column (series, "games", _("Games elsewhere"), MUSTER_STATS_TONE_NOTE);
  for (guint i = 0; i < men->len; i++)
    {
      const StatsCharacter *character = g_ptr_array_index (men, i);
      g_autofree char *label = man_label (data, character);
      guint row = muster_stats_series_add_row (series, character->name, label, NULL);

      muster_stats_series_set_value (series, row, 0, character->kills_elsewhere);
      muster_stats_series_set_value (series, row, 1, character->games_elsewhere);
    }
  g_ptr_array_add (out, series);
}
