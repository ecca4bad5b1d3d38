/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-generator"

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-campaign-generator.h"
#include "muster-campaign-generator-private.h"
#include "muster-character.h"
#include "muster-engine.h"
#include "muster-force.h"
#include "muster-game.h"
#include "muster-nationality.h"
#include "muster-recruit.h"
#include "muster-ruleset.h"
#include "muster-store.h"
#include "muster-unit.h"

/* A campaign played at random through the public functions of the store
 * and the engine. Changes the rules may refuse (a stat over a weapon's
 * cap, a character no longer fit to fight) are tried and, when refused,
 * left; anything else that fails stops the test. Games are played in
 * muster-campaign-generator-games.c. */

static const char * const british_forces[] = {
  "South Essex Light Company", "95th Rifles", "Connaught Rangers", "King’s German Legion",
};
static const char * const french_forces[] = {
  "4e Léger", "Voltigeurs du 17e", "2e Hussards", "Garde & <Chasseurs>",
};
/* Text that needs care in XML and SQL. */
static const char * const notes[] = {
  "Held the bridge.", "Tabs\tand\r\nCRLF", "<angle> & \"quotes\" 'too'", "]]> and &amp;",
  "Éclaireur — “brave”", " leading and trailing ", "Line one\nline two", "Mentioned 🎖 in dispatches",
};

/* Helpers */

const char *
gen_random_notes (Gen *gen)
{
  return notes[gen_pick (gen, G_N_ELEMENTS (notes))];
}

guint
gen_pick (Gen   *gen,
          guint  n)
{
  g_assert_cmpuint (n, >, 0);
  return (guint) g_rand_int_range (gen->rand, 0, (gint32) n);
}

gboolean
gen_chance (Gen    *gen,
            double  p)
{
  return g_rand_double (gen->rand) < p;
}

int
gen_between (Gen *gen,
             int  low,
             int  high)
{
  return low >= high ? low : g_rand_int_range (gen->rand, low, high + 1);
}

void
gen_note (GHashTable  *set,
          const char  *key)
{
  g_hash_table_add (set, g_strdup (key));
}

/* An error the rules may give for a change tried at random. */
static gboolean
refused (GError *error)
{
  return error != NULL &&
         (g_error_matches (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID) ||
          g_error_matches (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_EXISTS) ||
          g_error_matches (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_HISTORY) ||
          error->domain == MUSTER_ENGINE_ERROR);
}

/* Fails the test unless @ok, or @error is a refusal by the rules. */
void
gen_tolerate (gboolean  ok,
              GError  **error)
{
  if (ok)
    {
      g_assert_no_error (*error);
      return;
    }
  g_assert_nonnull (*error);
  if (!refused (*error))
    g_error ("unexpected failure: %s", (*error)->message);
  g_clear_error (error);
}

static GPtrArray *
steps_param_values (MusterRuleset *ruleset,
                    const char    *param)
{
  GPtrArray *values = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *steps = muster_ruleset_get_steps (ruleset);

  for (guint i = 0; i < steps->len; i++)
    {
      const char *value = muster_step_get_param (g_ptr_array_index (steps, i), param);

      if (value != NULL && !g_ptr_array_find_with_equal_func (values, value, g_str_equal, NULL))
        g_ptr_array_add (values, g_strdup (value));
    }
  return values;
}

const char *
gen_side_of_force (Gen    *gen,
                   gint64  force_id)
{
  for (guint i = 0; i < gen->forces->len; i++)
    if (g_array_index (gen->forces, gint64, i) == force_id)
      return g_ptr_array_index (gen->sides, i);
  return NULL;
}

gint64
gen_random_force (Gen        *gen,
                  const char *side)
{
  g_autoptr(GArray) of_side = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; i < gen->forces->len; i++)
    if (side == NULL || g_str_equal (g_ptr_array_index (gen->sides, i), side))
      g_array_append_val (of_side, g_array_index (gen->forces, gint64, i));
  return g_array_index (of_side, gint64, gen_pick (gen, of_side->len));
}

/* --- Building the campaign ------------------------------------------------ */

static void
add_unit (Gen    *gen,
          gint64  force_id)
{
  GPtrArray *kinds = muster_ruleset_get_unit_kinds (gen->ruleset);
  GPtrArray *ratings = muster_ruleset_get_ratings (gen->ruleset);
  GPtrArray *unit_stats = muster_ruleset_get_unit_stats (gen->ruleset);
  const MusterUnitKindDef *kind = g_ptr_array_index (kinds, gen_pick (gen, kinds->len));
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strdup_printf ("%s %u", kind->name, ++gen->names);
  MusterUnitSpec spec = { name, kind->id, NULL, 0, NULL };
  int low = MAX (kind->min_size, 1);
  int high = kind->max_size > 0 ? kind->max_size : low + 12;
  gint64 unit;

  if (kind->rating == NULL && ratings->len > 0 && gen_chance (gen, 0.8))
    spec.rating = ((const MusterRatingDef *) g_ptr_array_index (ratings, gen_pick (gen, ratings->len)))->id;
  if (gen_chance (gen, 0.6))
    spec.size = gen_between (gen, low, high);
  if (gen_chance (gen, 0.3))
    spec.notes = gen_random_notes (gen);
  unit = muster_store_create_unit (gen->store, force_id, &spec, &error);
  g_assert_no_error (error);
  g_assert_cmpint (unit, >, 0);

  for (guint i = 0; i < unit_stats->len; i++)
    {
      const MusterUnitStatDef *def = g_ptr_array_index (unit_stats, i);

      if (def->from == MUSTER_UNIT_STAT_FROM_UNIT && gen_chance (gen, 0.6))
        {
          g_assert_true (muster_store_set_unit_value (gen->store, unit, def->key,
                                                      gen_between (gen, def->min, MIN (def->max, def->min + 5)),
                                                      &error));
          g_assert_no_error (error);
        }
    }
}

/* Recruits @count characters of a random troop type into @force_id, into
 * @unit_id (0: none). */
void
gen_recruit (Gen    *gen,
             gint64  force_id,
             gint64  unit_id,
             guint   count)
{
  guint n_types = muster_ruleset_get_n_troop_types (gen->ruleset);
  guint n_weapons = muster_ruleset_get_n_weapons (gen->ruleset);
  const MusterTroopType *type = muster_ruleset_get_troop_type (gen->ruleset, gen_pick (gen, n_types));
  const char *weapon = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autofree char *name = NULL;

  if (n_weapons > 0 && gen_chance (gen, 0.2))
    weapon = muster_ruleset_get_weapon (gen->ruleset, gen_pick (gen, n_weapons))->id;
  if (count == 1 && gen_chance (gen, 0.3))
    name = g_strdup_printf ("Sergeant “%u” O’Brien & Son", ++gen->names);
  ids = muster_store_recruit_into (gen->store, force_id, unit_id, type->id, weapon, name, count, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, count);
}

static void
build (Gen *gen)
{
  gboolean by_unit = muster_ruleset_get_kept_by (gen->ruleset) == MUSTER_KEPT_BY_UNIT;
  g_autoptr(GError) error = NULL;

  /* Two sides: the British, and the French or a force that is a side of
   * its own (no side: it fights under its own name). */
  gen->side_names[0] = "British";
  gen->side_names[1] = gen_chance (gen, 0.3) ? french_forces[0] : "French";
  for (guint side = 0; side < 2; side++)
    {
      const char * const *names = side == 0 ? british_forces : french_forces;
      gboolean own = !g_str_equal (gen->side_names[side], side == 0 ? "British" : "French");
      guint n = own ? 1 : 1 + gen_pick (gen, 2);

      for (guint i = 0; i < n; i++)
        {
          const char * const *nationalities = muster_nationality_get_ids ();
          /* Half the forces say whose names their recruits take, the
           * others take the one their side suggests; some change it. */
          const char *nationality = gen_chance (gen, 0.5)
            ? nationalities[gen_pick (gen, g_strv_length ((char **) nationalities))] : NULL;
          gint64 force = muster_store_create_force_full (gen->store, gen->campaign, names[i],
                                                         own ? NULL : gen->side_names[side],
                                                         nationality, &error);

          g_assert_no_error (error);
          if (gen_chance (gen, 0.2))
            {
              muster_store_set_force_nationality (gen->store, force, "portuguese", &error);
              g_assert_no_error (error);
            }
          g_array_append_val (gen->forces, force);
          g_ptr_array_add (gen->sides, g_strdup (gen->side_names[side]));
        }
    }

  for (guint i = 0; i < gen->forces->len; i++)
    {
      gint64 force = g_array_index (gen->forces, gint64, i);

      if (!by_unit)
        {
          gen_recruit (gen, force, 0, 3 + gen_pick (gen, 4));
          continue;
        }
      for (guint u = 1 + gen_pick (gen, 3); u > 0; u--)
        add_unit (gen, force);
      {
        g_autoptr(GPtrArray) units = muster_store_list_units (gen->store, gen->campaign, force, &error);

        g_assert_no_error (error);
        for (guint u = 0; u < units->len; u++)
          gen_recruit (gen, force, muster_unit_get_id (g_ptr_array_index (units, u)), 1 + gen_pick (gen, 2));
      }
      if (gen_chance (gen, 0.5))
        gen_recruit (gen, force, 0, 1);
    }
}

/* --- Changes between games ----------------------------------------------- */

static MusterCharacter *
random_character (Gen *gen)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all = muster_store_list_characters (gen->store, gen->campaign, 0, &error);

  g_assert_no_error (error);
  if (all->len == 0)
    return NULL;
  return g_object_ref (g_ptr_array_index (all, gen_pick (gen, all->len)));
}

static MusterUnit *
random_unit (Gen *gen)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all = muster_store_list_units (gen->store, gen->campaign, 0, &error);

  g_assert_no_error (error);
  if (all->len == 0)
    return NULL;
  return g_object_ref (g_ptr_array_index (all, gen_pick (gen, all->len)));
}

static void
edit_character (Gen *gen)
{
  g_autoptr(MusterCharacter) character = random_character (gen);
  g_autoptr(GError) error = NULL;
  gint64 id;
  gboolean ok = TRUE;

  if (character == NULL)
    return;
  id = muster_character_get_id (character);
  switch (gen_pick (gen, 9))
    {
    case 0:
      {
        g_autofree char *name = g_strdup_printf ("%s the Elder", muster_character_get_name (character));
        ok = muster_store_set_character_text (gen->store, id, "name", name, &error);
      }
      break;
    case 1:
      ok = muster_store_set_character_text (gen->store, id, "notes", gen_random_notes (gen), &error);
      break;
    case 2:
      ok = muster_store_set_character_text (gen->store, id, "rank", gen_chance (gen, 0.5) ? "Corporal" : "", &error);
      break;
    case 3:
      if (muster_ruleset_get_n_weapons (gen->ruleset) > 0)
        ok = muster_store_set_character_text (gen->store, id, "weapon",
                                              muster_ruleset_get_weapon (gen->ruleset,
                                                                         gen_pick (gen, muster_ruleset_get_n_weapons (gen->ruleset)))->id,
                                              &error);
      break;
    case 4:
      if (muster_ruleset_get_n_stats (gen->ruleset) > 0)
        {
          const MusterStatDef *def = muster_ruleset_get_stat (gen->ruleset, gen_pick (gen, muster_ruleset_get_n_stats (gen->ruleset)));

          /* Over a weapon's cap is refused: tried all the same. */
          ok = muster_store_set_character_stat (gen->store, id, def->key, gen_between (gen, def->min, def->max), &error);
        }
      break;
    case 5:
      ok = muster_store_set_character_mounted (gen->store, id, !muster_character_get_mounted (character), &error);
      break;
    case 6:
      ok = muster_store_move_character (gen->store, id, gen_random_force (gen, muster_character_get_side (character)), &error);
      break;
    case 7:
      if (muster_ruleset_get_kept_by (gen->ruleset) == MUSTER_KEPT_BY_UNIT)
        {
          g_autoptr(MusterUnit) unit = random_unit (gen);

          /* A unit of another force is refused. */
          ok = muster_store_attach_character (gen->store, id,
                                              unit != NULL && gen_chance (gen, 0.8) ? muster_unit_get_id (unit) : 0,
                                              &error);
        }
      break;
    default:
      if (muster_character_get_status (character) == MUSTER_STATUS_ACTIVE)
        ok = muster_store_set_character_status (gen->store, id, MUSTER_STATUS_OUT_OF_ACTION,
                                                gen_chance (gen, 0.1) ? 1000000 : gen_between (gen, 1, 2), &error);
      break;
    }
  gen_tolerate (ok, &error);
  gen->stats->edits++;
}

static void
edit_unit (Gen *gen)
{
  g_autoptr(MusterUnit) unit = random_unit (gen);
  g_autoptr(GError) error = NULL;
  GPtrArray *unit_stats = muster_ruleset_get_unit_stats (gen->ruleset);
  gint64 id;
  gboolean ok = TRUE;

  if (unit == NULL)
    return;
  id = muster_unit_get_id (unit);
  switch (gen_pick (gen, 6))
    {
    case 0:
      {
        g_autofree char *name = g_strdup_printf ("%s (%u)", muster_unit_get_name (unit), ++gen->names);
        ok = muster_store_rename_unit (gen->store, id, name, &error);
      }
      break;
    case 1:
      ok = muster_store_set_unit_text (gen->store, id, "notes", gen_random_notes (gen), &error);
      break;
    case 2:
      /* A change of morale has no floor or ceiling. */
      ok = muster_store_set_unit_number (gen->store, id, "morale_loss",
                                         gen_chance (gen, 0.1) ? (gen_chance (gen, 0.5) ? -1000000 : 1000000)
                                                               : gen_between (gen, -3, 3),
                                         &error);
      break;
    case 3:
      ok = muster_store_set_unit_number (gen->store, id, "size",
                                         muster_unit_get_size (unit) + gen_between (gen, -2, 2), &error);
      break;
    case 4:
      for (guint i = 0; i < unit_stats->len && ok; i++)
        {
          const MusterUnitStatDef *def = g_ptr_array_index (unit_stats, i);

          if (def->from == MUSTER_UNIT_STAT_FROM_UNIT)
            ok = muster_store_set_unit_value (gen->store, id, def->key,
                                              gen_between (gen, def->min, MIN (def->max, def->min + 5)), &error);
        }
      break;
    default:
      ok = muster_store_set_unit_text (gen->store, id, "status",
                                       gen_chance (gen, 0.5) ? MUSTER_UNIT_STATUS_DISBANDED : MUSTER_UNIT_STATUS_ACTIVE,
                                       &error);
      break;
    }
  gen_tolerate (ok, &error);
  gen->stats->edits++;
}

/* A character or unit dismissed, sometimes brought back by undo. */
static void
delete_something (Gen *gen)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterUndo) undo = NULL;

  if (muster_ruleset_get_kept_by (gen->ruleset) == MUSTER_KEPT_BY_UNIT && gen_chance (gen, 0.4))
    {
      g_autoptr(MusterUnit) unit = random_unit (gen);

      if (unit != NULL)
        undo = muster_store_delete_unit (gen->store, muster_unit_get_id (unit), &error);
    }
  else
    {
      g_autoptr(MusterCharacter) character = random_character (gen);

      if (character != NULL)
        undo = muster_store_delete_character (gen->store, muster_character_get_id (character), &error);
    }
  gen_tolerate (undo != NULL || error == NULL, &error);
  if (undo == NULL)
    return;
  if (gen_chance (gen, 0.3))
    {
      g_assert_true (muster_undo_apply (undo, &error));
      g_assert_no_error (error);
    }
  else
    gen->stats->deleted++;
}

static void
release_prisoners (Gen *gen)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all = muster_store_list_characters (gen->store, gen->campaign, 0, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < all->len; i++)
    {
      MusterCharacter *character = g_ptr_array_index (all, i);

      if (muster_character_get_status (character) != MUSTER_STATUS_CAPTURED || !gen_chance (gen, 0.5))
        continue;
      g_assert_true (muster_store_release_character (gen->store, muster_character_get_id (character), &error));
      g_assert_no_error (error);
      gen->stats->released++;
    }
}

/* A force or the campaign renamed. A force that is a side of its own
 * keeps its name, which is its side. */
static void
rename_something (Gen *gen)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  gint64 force = gen_random_force (gen, gen->side_names[0]);

  if (gen_chance (gen, 0.5))
    {
      name = g_strdup_printf ("Campaign “%u” & <friends>", ++gen->names);
      g_assert_true (muster_store_rename_campaign (gen->store, gen->campaign, name, &error));
    }
  else
    {
      name = g_strdup_printf ("Company %u & <Co>", ++gen->names);
      g_assert_true (muster_store_rename_force (gen->store, force, name, &error));
    }
  g_assert_no_error (error);
  gen->stats->edits++;
}

void
gen_between_games (Gen *gen)
{
  release_prisoners (gen);
  for (guint n = gen_pick (gen, 3); n > 0; n--)
    edit_character (gen);
  if (muster_ruleset_get_kept_by (gen->ruleset) == MUSTER_KEPT_BY_UNIT)
    {
      for (guint n = gen_pick (gen, 2); n > 0; n--)
        edit_unit (gen);
      if (gen_chance (gen, 0.15))
        add_unit (gen, gen_random_force (gen, NULL));
    }
  if (gen_chance (gen, 0.3))
    gen_recruit (gen, gen_random_force (gen, NULL), 0, 1 + gen_pick (gen, 2));
  if (gen_chance (gen, 0.05))
    rename_something (gen);
  if (gen_chance (gen, 0.08))
    delete_something (gen);
}

/* --- Public ---------------------------------------------------------------- */

void
muster_generator_stats_init (MusterGeneratorStats *stats)
{
  memset (stats, 0, sizeof *stats);
  stats->outcomes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  stats->choices = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  stats->log_kinds = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  stats->colours = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  stats->steps = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

void
muster_generator_stats_clear (MusterGeneratorStats *stats)
{
  g_clear_pointer (&stats->outcomes, g_hash_table_unref);
  g_clear_pointer (&stats->choices, g_hash_table_unref);
  g_clear_pointer (&stats->log_kinds, g_hash_table_unref);
  g_clear_pointer (&stats->colours, g_hash_table_unref);
  g_clear_pointer (&stats->steps, g_hash_table_unref);
}

static void
union_into (GHashTable *into,
            GHashTable *from)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, from);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    gen_note (into, key);
}

void
muster_generator_stats_add (MusterGeneratorStats       *stats,
                            const MusterGeneratorStats *other)
{
  stats->games += other->games;
  stats->resolved += other->resolved;
  stats->undone += other->undone;
  stats->entered += other->entered;
  stats->kills += other->kills;
  stats->released += other->released;
  stats->deleted += other->deleted;
  stats->edits += other->edits;
  union_into (stats->outcomes, other->outcomes);
  union_into (stats->choices, other->choices);
  union_into (stats->log_kinds, other->log_kinds);
  union_into (stats->colours, other->colours);
  union_into (stats->steps, other->steps);
}

gint64
muster_generate_campaign (MusterStore          *store,
                          const char           *ruleset_id,
                          guint32               seed,
                          guint                 n_games,
                          MusterGeneratorStats *stats)
{
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup (ruleset_id, NULL);
  g_autoptr(GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) log = NULL;
  g_autofree char *name = NULL;
  MusterGeneratorStats own;
  GPtrArray *option_defs;
  Gen gen = { 0 };
  guint64 dice_seed;

  g_assert_nonnull (ruleset);
  muster_generator_stats_init (&own);
  gen.store = store;
  gen.rand = g_rand_new_with_seed (seed);
  gen.forces = g_array_new (FALSE, FALSE, sizeof (gint64));
  gen.sides = g_ptr_array_new_with_free_func (g_free);
  gen.figures = steps_param_values (ruleset, "figures");
  gen.colours = steps_param_values (ruleset, "colours");
  gen.stats = &own;

  /* Seeds in turn go through every choice of every option. */
  option_defs = muster_ruleset_get_options (ruleset);
  for (guint i = 0; i < option_defs->len; i++)
    {
      const MusterOptionDef *option = g_ptr_array_index (option_defs, i);
      const MusterChoiceDef *choice = g_ptr_array_index (option->choices, (seed + i) % option->choices->len);
      g_autofree char *made = g_strdup_printf ("%s=%s", option->id, choice->id);

      g_hash_table_insert (options, (gpointer) option->id, (gpointer) choice->id);
      gen_note (own.choices, made);
    }
  name = g_strdup_printf ("%s <%u> & “co”", muster_ruleset_get_title (ruleset), seed);
  dice_seed = ((guint64) g_rand_int (gen.rand) << 32) | g_rand_int (gen.rand);
  gen.campaign = muster_store_create_campaign (store, name, ruleset, dice_seed, options, &error);
  g_assert_no_error (error);
  gen.ruleset = ruleset;

  build (&gen);
  for (guint i = 0; i < n_games; i++)
    {
      if (i > 0)
        gen_between_games (&gen);
      gen_play_game (&gen, i + 1 == n_games);
      gen.round++;
    }
  gen_play_at_table (&gen);

  log = muster_store_list_log (store, gen.campaign, 0, 0, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < log->len; i++)
    gen_note (own.log_kinds, ((MusterLogEntry *) g_ptr_array_index (log, i))->kind);

  if (stats != NULL)
    muster_generator_stats_add (stats, &own);
  muster_generator_stats_clear (&own);
  g_rand_free (gen.rand);
  g_array_unref (gen.forces);
  g_ptr_array_unref (gen.sides);
  g_ptr_array_unref (gen.figures);
  g_ptr_array_unref (gen.colours);
  return gen.campaign;
}
