/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-stats"

#include "config.h"

#include <math.h>
#include <stdarg.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-engine.h"
#include "muster-force.h"
#include "muster-game.h"
#include "muster-recruit.h"
#include "muster-stats-test-util.h"
#include "muster-test-util.h"
#include "muster-unit.h"

/* --- Building campaigns ----------------------------------------------------------- */

void
fixture_clear (Fixture *fx)
{
  g_clear_object (&fx->store);
}

gint64
man (Fixture    *fx,
     const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCharacter) character = muster_store_find_character (fx->store, fx->campaign, name, &error);

  g_assert_no_error (error);
  return muster_character_get_id (character);
}

gint64
force_named (Fixture    *fx,
             const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterForce) force = muster_store_find_force (fx->store, fx->campaign, name, &error);

  g_assert_no_error (error);
  return muster_force_get_id (force);
}

gint64
add_man (Fixture    *fx,
         gint64      force,
         const char *name,
         const char *troop_type,
         const char *stat,
         int         value)
{
  g_autoptr(GHashTable) stats = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  MusterCharacterSpec spec = { .name = name, .troop_type = troop_type };
  gint64 id;

  if (stat != NULL)
    {
      g_hash_table_insert (stats, (gpointer) stat, GINT_TO_POINTER (value));
      spec.stats = stats;
    }
  id = muster_store_create_character (fx->store, force, &spec, &error);
  g_assert_no_error (error);
  return id;
}

gint64
add_unit (Fixture    *fx,
          gint64      force,
          const char *name,
          const char *kind,
          const char *rating,
          int         size)
{
  g_autoptr(GError) error = NULL;
  MusterUnitSpec spec = { .name = name, .kind = kind, .rating = rating, .size = size };
  gint64 id = muster_store_create_unit (fx->store, force, &spec, &error);

  g_assert_no_error (error);
  return id;
}

/* A game of the men given, 0, then the units, 0. */
gint64
new_game (Fixture    *fx,
          const char *title,
          ...)
{
  g_autoptr(GArray) men = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;
  va_list args;
  gint64 id;

  va_start (args, title);
  while ((id = va_arg (args, gint64)) != 0)
    g_array_append_val (men, id);
  while ((id = va_arg (args, gint64)) != 0)
    g_array_append_val (units, id);
  va_end (args);

  id = muster_store_create_game_full (fx->store, fx->campaign, title, NULL,
                                      (const gint64 *) (gpointer) men->data, men->len,
                                      (const gint64 *) (gpointer) units->data, units->len, &error);
  g_assert_no_error (error);
  return id;
}

/* What befell @who: @outcome, wounds, unnamed figures he put out, and the
 * named men (0-terminated). */
void
result (Fixture    *fx,
        gint64      game,
        gint64      who,
        const char *outcome,
        int         light,
        int         serious,
        int         unnamed,
        ...)
{
  g_autoptr(GArray) victims = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;
  MusterResult r = { .outcome = outcome, .light_wounds = light, .serious_wounds = serious,
                     .killed_unnamed = unnamed };
  va_list args;
  gint64 id;

  va_start (args, unnamed);
  while ((id = va_arg (args, gint64)) != 0)
    g_array_append_val (victims, id);
  va_end (args);
  r.victims = (const gint64 *) (gpointer) victims->data;
  r.n_victims = victims->len;
  g_assert_true (muster_store_set_result (fx->store, game, who, &r, &error));
  g_assert_no_error (error);
}

void
unit_result (Fixture    *fx,
             gint64      game,
             gint64      unit,
             int         killed,
             int         wounded,
             int         captured,
             int         run,
             const char *colours)
{
  g_autoptr(GError) error = NULL;
  MusterUnitResult r = { killed, wounded, captured, run, colours, NULL };

  g_assert_true (muster_store_set_unit_result (fx->store, game, unit, &r, &error));
  g_assert_no_error (error);
}

void
finish (Fixture    *fx,
        gint64      game,
        const char *winner)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_store_finish_game (fx->store, game, winner, &error));
  g_assert_no_error (error);
}

/* Resolves @game with the faces given as "WHO=FACES", NULL-terminated. */
void
resolve (Fixture *fx,
         gint64   game,
         ...)
{
  g_autoptr(GHashTable) faces = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GError) error = NULL;
  const char *pair;
  va_list args;

  va_start (args, game);
  while ((pair = va_arg (args, const char *)) != NULL)
    {
      g_auto(GStrv) kv = g_strsplit (pair, "=", 2);
      g_hash_table_insert (faces, g_strdup (kv[0]), g_strdup (kv[1]));
    }
  va_end (args);
  events = muster_engine_resolve (fx->store, game, muster_engine_faces_from_table, faces, &error);
  g_assert_no_error (error);
  g_assert_nonnull (events);
}

void
release (Fixture *fx,
         gint64   who)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_store_release_character (fx->store, who, &error));
  g_assert_no_error (error);
}

/* A campaign of @ruleset_id with a British and a French force, @option
 * set to @choice (both may be NULL). */
void
campaign_init (Fixture    *fx,
               const char *ruleset_id,
               const char *option,
               const char *choice)
{
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;

  if (option != NULL)
    g_hash_table_insert (options, (gpointer) option, (gpointer) choice);
  fx->store = muster_test_open_store (NULL);
  ruleset = muster_rulesets_lookup (ruleset_id, &error);
  g_assert_no_error (error);
  fx->campaign = muster_store_create_campaign (fx->store, "Vimeiro", ruleset, 1808, options, &error);
  g_assert_no_error (error);
  muster_store_create_force (fx->store, fx->campaign, "British", "British", &error);
  g_assert_no_error (error);
  muster_store_create_force (fx->store, fx->campaign, "French", "French", &error);
  g_assert_no_error (error);
}

/* --- Reading series ------------------------------------------------------------------- */

GPtrArray *
series_ids (Fixture *fx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCampaign) campaign = muster_store_get_campaign (fx->store, fx->campaign, &error);

  g_assert_no_error (error);
  return muster_stats_list_series_ids (muster_campaign_get_ruleset (campaign));
}

GPtrArray *
compute (Fixture    *fx,
         gint64      force,
         const char *series_id)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *all = muster_stats_compute (fx->store, fx->campaign, force, series_id, &error);

  g_assert_no_error (error);
  g_assert_nonnull (all);
  return all;
}

/* The series @id (about @force_name, when one is given) of @all. */
MusterStatsSeries *
find_series (GPtrArray  *all,
             const char *id,
             const char *force_name)
{
  for (guint i = 0; i < all->len; i++)
    {
      MusterStatsSeries *series = g_ptr_array_index (all, i);

      if (g_str_equal (muster_stats_series_get_id (series), id) &&
          (force_name == NULL || g_strcmp0 (muster_stats_series_get_force_name (series), force_name) == 0))
        return series;
    }
  g_error ("no series %s %s", id, force_name != NULL ? force_name : "");
  return NULL;
}

char *
values_text (MusterStatsSeries *series)
{
  GString *out = g_string_new (NULL);

  for (guint r = 0; r < muster_stats_series_get_n_rows (series); r++)
    {
      if (r > 0)
        g_string_append (out, " | ");
      g_string_append_printf (out, "%s:", muster_stats_series_get_row_key (series, r));
      for (guint c = 0; c < muster_stats_series_get_n_columns (series); c++)
        {
          double value = muster_stats_series_get_value (series, r, c);
          g_autofree char *plain = muster_stats_series_format_plain (series, value);

          g_string_append_printf (out, " %s", isnan (value) ? "-" : plain);
        }
    }
  return g_string_free (out, FALSE);
}

char *
columns_text (MusterStatsSeries *series)
{
  GString *out = g_string_new (NULL);

  for (guint c = 0; c < muster_stats_series_get_n_columns (series); c++)
    g_string_append_printf (out, "%s%s", c > 0 ? "," : "", muster_stats_series_get_column_key (series, c));
  return g_string_free (out, FALSE);
}

/* Every series as text, ids aside: what two libraries must agree on. */
char *
dump_series (GPtrArray *all)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < all->len; i++)
    {
      MusterStatsSeries *series = g_ptr_array_index (all, i);
      g_autofree char *values = values_text (series);
      g_autofree char *columns = columns_text (series);

      g_string_append_printf (out, "%s [%s] %s (%s): %s\n", muster_stats_series_get_id (series),
                              muster_stats_series_get_title (series), columns,
                              muster_stats_kind_to_string (muster_stats_series_get_kind (series)), values);
    }
  return g_string_free (out, FALSE);
}

/* --- The sample campaign ------------------------------------------------------------------ */

/* The sample (13 British, 11 French, fixed seed) through three games:
 *
 * 1 “The bridge”, won by the British: Nolan puts Fabre out of action and
 *   2 unnamed figures, Vasseur puts Ward out, Perrin is captured,
 *   Tulloch lightly wounded. Death rolls: Ward 6 (dies), Fabre 3 (back).
 * 2 “The ford”, won by the French: Marchal puts Kettle out, Vasseur
 *   Marsh, Nolan Mercier and 1 unnamed figure. Death rolls: Kettle 2,
 *   Marsh 6, Mercier 6. Then Perrin is released.
 * 3 “The village”, a draw: Nolan puts Guérin out; his death roll 1.
 */
void
play_sample (Fixture    *fx,
             const char *path,
             guint       games)
{
  g_autoptr(GError) error = NULL;
  gint64 game;

  fx->store = path != NULL ? muster_store_open (path, &error) : muster_test_open_store (NULL);
  g_assert_no_error (error);
  fx->campaign = muster_store_create_sample (fx->store, "Côa", &error);
  g_assert_no_error (error);
  if (games == 0)
    return;

  game = new_game (fx, "The bridge", man (fx, "Edward Ashworth"), man (fx, "Thomas Ward"),
                   man (fx, "Samuel Kettle"), man (fx, "Patrick Nolan"), man (fx, "Joseph Tulloch"),
                   man (fx, "Étienne Marchal"), man (fx, "Antoine Fabre"), man (fx, "Jacques Perrin"),
                   man (fx, "Henri Vasseur"), (gint64) 0, (gint64) 0);
  result (fx, game, man (fx, "Thomas Ward"), "out-of-action", 0, 0, 0, (gint64) 0);
  result (fx, game, man (fx, "Antoine Fabre"), "out-of-action", 0, 0, 0, (gint64) 0);
  result (fx, game, man (fx, "Jacques Perrin"), "captured", 0, 0, 0, (gint64) 0);
  result (fx, game, man (fx, "Joseph Tulloch"), "wounded", 1, 0, 0, (gint64) 0);
  result (fx, game, man (fx, "Patrick Nolan"), "unhurt", 0, 0, 2, man (fx, "Antoine Fabre"), (gint64) 0);
  result (fx, game, man (fx, "Henri Vasseur"), "unhurt", 0, 0, 0, man (fx, "Thomas Ward"), (gint64) 0);
  finish (fx, game, "British");
  resolve (fx, game, "Thomas Ward=6", "Antoine Fabre=3", NULL);
  if (games == 1)
    return;

  game = new_game (fx, "The ford", man (fx, "Edward Ashworth"), man (fx, "Samuel Kettle"),
                   man (fx, "Patrick Nolan"), man (fx, "Daniel Marsh"), man (fx, "Étienne Marchal"),
                   man (fx, "Antoine Fabre"), man (fx, "Henri Vasseur"), man (fx, "Claude Mercier"),
                   (gint64) 0, (gint64) 0);
  result (fx, game, man (fx, "Samuel Kettle"), "out-of-action", 0, 0, 0, (gint64) 0);
  result (fx, game, man (fx, "Daniel Marsh"), "out-of-action", 0, 0, 0, (gint64) 0);
  result (fx, game, man (fx, "Claude Mercier"), "out-of-action", 0, 0, 0, (gint64) 0);
  result (fx, game, man (fx, "Étienne Marchal"), "unhurt", 0, 0, 0, man (fx, "Samuel Kettle"), (gint64) 0);
  result (fx, game, man (fx, "Henri Vasseur"), "unhurt", 0, 0, 0, man (fx, "Daniel Marsh"), (gint64) 0);
  result (fx, game, man (fx, "Patrick Nolan"), "unhurt", 0, 0, 1, man (fx, "Claude Mercier"), (gint64) 0);
  finish (fx, game, "French");
  resolve (fx, game, "Samuel Kettle=2", "Daniel Marsh=6", "Claude Mercier=6", NULL);
  release (fx, man (fx, "Jacques Perrin"));
  if (games == 2)
    return;

  game = new_game (fx, "The village", man (fx, "Edward Ashworth"), man (fx, "Patrick Nolan"),
                   man (fx, "Henry Bramwell"), man (fx, "Étienne Marchal"), man (fx, "Jacques Perrin"),
                   man (fx, "Pierre Guérin"), (gint64) 0, (gint64) 0);
  result (fx, game, man (fx, "Pierre Guérin"), "out-of-action", 0, 0, 0, (gint64) 0);
  result (fx, game, man (fx, "Patrick Nolan"), "unhurt", 0, 0, 0, man (fx, "Pierre Guérin"), (gint64) 0);
  finish (fx, game, NULL);
  resolve (fx, game, "Pierre Guérin=1", NULL);
}

