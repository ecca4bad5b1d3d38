/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-generator"

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-campaign-generator.h"
#include "muster-character.h"
#include "muster-dice.h"
#include "muster-engine.h"
#include "muster-force.h"
#include "muster-game.h"
#include "muster-recruit.h"
#include "muster-ruleset.h"
#include "muster-store.h"
#include "muster-unit.h"

/* A campaign played at random through the public functions of the store
 * and the engine. Changes the rules may refuse (a stat over a weapon's
 * cap, a character no longer fit to fight) are tried and, when refused,
 * left; anything else that fails stops the test. */

typedef struct {
  MusterStore          *store;
  MusterRuleset        *ruleset;      /* the campaign's (unowned) */
  GRand                *rand;
  gint64                campaign;
  GArray               *forces;       /* of gint64 */
  GPtrArray            *sides;        /* of char*, one per force: the side it fights for */
  const char           *side_names[2];
  GPtrArray            *figures;      /* of char*: kinds of figure the steps deal with */
  GPtrArray            *colours;      /* of char*: what the steps do with colours */
  guint                 names;        /* for names of their own */
  guint                 round;        /* games so far, for cycling through choices */
  MusterGeneratorStats *stats;
} Gen;

static const char * const british_forces[] = {
  "South Essex Light Company", "95th Rifles", "Connaught Rangers", "King’s German Legion",
};
static const char * const french_forces[] = {
  "4e Léger", "Voltigeurs du 17e", "2e Hussards", "Garde & <Chasseurs>",
};
/* Text that needs care in XML and SQL. */
static const char * const notes[] = {
  "Held the bridge.", "Tabs\tand\r\nCRLF", "<angle> & \"quotes\" 'too'", "]]> and &amp;",
  "Éclaireur — “brave”", " leading and trailing ", "Line one\nline two",
};

/* Helpers */

static guint
pick (Gen   *gen,
      guint  n)
{
  g_assert_cmpuint (n, >, 0);
  return (guint) g_rand_int_range (gen->rand, 0, (gint32) n);
}

static gboolean
chance (Gen    *gen,
        double  p)
{
  return g_rand_double (gen->rand) < p;
}

static int
between (Gen *gen,
         int  low,
         int  high)
{
  return low >= high ? low : g_rand_int_range (gen->rand, low, high + 1);
}

static void
note (GHashTable *set,
      const char *key)
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
          error->domain == MUSTER_ENGINE_ERROR);
}

/* Fails the test unless @ok, or @error is a refusal by the rules. */
static void
tolerate (gboolean  ok,
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

static const char *
side_of_force (Gen    *gen,
               gint64  force_id)
{
  for (guint i = 0; i < gen->forces->len; i++)
    if (g_array_index (gen->forces, gint64, i) == force_id)
      return g_ptr_array_index (gen->sides, i);
  return NULL;
}

static gint64
random_force (Gen        *gen,
              const char *side)
{
  g_autoptr(GArray) of_side = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; i < gen->forces->len; i++)
    if (side == NULL || g_str_equal (g_ptr_array_index (gen->sides, i), side))
      g_array_append_val (of_side, g_array_index (gen->forces, gint64, i));
  return g_array_index (of_side, gint64, pick (gen, of_side->len));
}

/* --- Building the campaign ------------------------------------------------ */

static void
add_unit (Gen    *gen,
          gint64  force_id)
{
  GPtrArray *kinds = muster_ruleset_get_unit_kinds (gen->ruleset);
  GPtrArray *ratings = muster_ruleset_get_ratings (gen->ruleset);
  GPtrArray *unit_stats = muster_ruleset_get_unit_stats (gen->ruleset);
  const MusterUnitKindDef *kind = g_ptr_array_index (kinds, pick (gen, kinds->len));
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strdup_printf ("%s %u", kind->name, ++gen->names);
  MusterUnitSpec spec = { name, kind->id, NULL, 0, NULL };
  int low = MAX (kind->min_size, 1);
  int high = kind->max_size > 0 ? kind->max_size : low + 12;
  gint64 unit;

  if (kind->rating == NULL && ratings->len > 0 && chance (gen, 0.8))
    spec.rating = ((const MusterRatingDef *) g_ptr_array_index (ratings, pick (gen, ratings->len)))->id;
  if (chance (gen, 0.6))
    spec.size = between (gen, low, high);
  if (chance (gen, 0.3))
    spec.notes = notes[pick (gen, G_N_ELEMENTS (notes))];
  unit = muster_store_create_unit (gen->store, force_id, &spec, &error);
  g_assert_no_error (error);
  g_assert_cmpint (unit, >, 0);

  for (guint i = 0; i < unit_stats->len; i++)
    {
      const MusterUnitStatDef *def = g_ptr_array_index (unit_stats, i);

      if (def->from == MUSTER_UNIT_STAT_FROM_UNIT && chance (gen, 0.6))
        {
          g_assert_true (muster_store_set_unit_value (gen->store, unit, def->key,
                                                      between (gen, def->min, MIN (def->max, def->min + 5)),
                                                      &error));
          g_assert_no_error (error);
        }
    }
}

/* Recruits @count characters of a random troop type into @force_id, into
 * @unit_id (0: none). */
static void
recruit (Gen    *gen,
         gint64  force_id,
         gint64  unit_id,
         guint   count)
{
  guint n_types = muster_ruleset_get_n_troop_types (gen->ruleset);
  guint n_weapons = muster_ruleset_get_n_weapons (gen->ruleset);
  const MusterTroopType *type = muster_ruleset_get_troop_type (gen->ruleset, pick (gen, n_types));
  const char *weapon = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autofree char *name = NULL;

  if (n_weapons > 0 && chance (gen, 0.2))
    weapon = muster_ruleset_get_weapon (gen->ruleset, pick (gen, n_weapons))->id;
  if (count == 1 && chance (gen, 0.3))
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
  gen->side_names[1] = chance (gen, 0.3) ? french_forces[0] : "French";
  for (guint side = 0; side < 2; side++)
    {
      const char * const *names = side == 0 ? british_forces : french_forces;
      gboolean own = !g_str_equal (gen->side_names[side], side == 0 ? "British" : "French");
      guint n = own ? 1 : 1 + pick (gen, 2);

      for (guint i = 0; i < n; i++)
        {
          gint64 force = muster_store_create_force (gen->store, gen->campaign, names[i],
                                                    own ? NULL : gen->side_names[side], &error);

          g_assert_no_error (error);
          g_array_append_val (gen->forces, force);
          g_ptr_array_add (gen->sides, g_strdup (gen->side_names[side]));
        }
    }

  for (guint i = 0; i < gen->forces->len; i++)
    {
      gint64 force = g_array_index (gen->forces, gint64, i);

      if (!by_unit)
        {
          recruit (gen, force, 0, 3 + pick (gen, 4));
          continue;
        }
      for (guint u = 1 + pick (gen, 3); u > 0; u--)
        add_unit (gen, force);
      {
        g_autoptr(GPtrArray) units = muster_store_list_units (gen->store, gen->campaign, force, &error);

        g_assert_no_error (error);
        for (guint u = 0; u < units->len; u++)
          recruit (gen, force, muster_unit_get_id (g_ptr_array_index (units, u)), 1 + pick (gen, 2));
      }
      if (chance (gen, 0.5))
        recruit (gen, force, 0, 1);
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
  return g_object_ref (g_ptr_array_index (all, pick (gen, all->len)));
}

static MusterUnit *
random_unit (Gen *gen)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all = muster_store_list_units (gen->store, gen->campaign, 0, &error);

  g_assert_no_error (error);
  if (all->len == 0)
    return NULL;
  return g_object_ref (g_ptr_array_index (all, pick (gen, all->len)));
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
  switch (pick (gen, 9))
    {
    case 0:
      {
        g_autofree char *name = g_strdup_printf ("%s the Elder", muster_character_get_name (character));
        ok = muster_store_set_character_text (gen->store, id, "name", name, &error);
      }
      break;
    case 1:
      ok = muster_store_set_character_text (gen->store, id, "notes", notes[pick (gen, G_N_ELEMENTS (notes))], &error);
      break;
    case 2:
      ok = muster_store_set_character_text (gen->store, id, "rank", chance (gen, 0.5) ? "Corporal" : "", &error);
      break;
    case 3:
      if (muster_ruleset_get_n_weapons (gen->ruleset) > 0)
        ok = muster_store_set_character_text (gen->store, id, "weapon",
                                              muster_ruleset_get_weapon (gen->ruleset,
                                                                         pick (gen, muster_ruleset_get_n_weapons (gen->ruleset)))->id,
                                              &error);
      break;
    case 4:
      if (muster_ruleset_get_n_stats (gen->ruleset) > 0)
        {
          const MusterStatDef *def = muster_ruleset_get_stat (gen->ruleset, pick (gen, muster_ruleset_get_n_stats (gen->ruleset)));

          /* Over a weapon's cap is refused: tried all the same. */
          ok = muster_store_set_character_stat (gen->store, id, def->key, between (gen, def->min, def->max), &error);
        }
      break;
    case 5:
      ok = muster_store_set_character_mounted (gen->store, id, !muster_character_get_mounted (character), &error);
      break;
    case 6:
      ok = muster_store_move_character (gen->store, id, random_force (gen, muster_character_get_side (character)), &error);
      break;
    case 7:
      if (muster_ruleset_get_kept_by (gen->ruleset) == MUSTER_KEPT_BY_UNIT)
        {
          g_autoptr(MusterUnit) unit = random_unit (gen);

          /* A unit of another force is refused. */
          ok = muster_store_attach_character (gen->store, id,
                                              unit != NULL && chance (gen, 0.8) ? muster_unit_get_id (unit) : 0,
                                              &error);
        }
      break;
    default:
      if (muster_character_get_status (character) == MUSTER_STATUS_ACTIVE)
        ok = muster_store_set_character_status (gen->store, id, MUSTER_STATUS_OUT_OF_ACTION, between (gen, 1, 2), &error);
      break;
    }
  tolerate (ok, &error);
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
  switch (pick (gen, 6))
    {
    case 0:
      {
        g_autofree char *name = g_strdup_printf ("%s (%u)", muster_unit_get_name (unit), ++gen->names);
        ok = muster_store_rename_unit (gen->store, id, name, &error);
      }
      break;
    case 1:
      ok = muster_store_set_unit_text (gen->store, id, "notes", notes[pick (gen, G_N_ELEMENTS (notes))], &error);
      break;
    case 2:
      ok = muster_store_set_unit_number (gen->store, id, "morale_loss", between (gen, -3, 3), &error);
      break;
    case 3:
      ok = muster_store_set_unit_number (gen->store, id, "size",
                                         muster_unit_get_size (unit) + between (gen, -2, 2), &error);
      break;
    case 4:
      for (guint i = 0; i < unit_stats->len && ok; i++)
        {
          const MusterUnitStatDef *def = g_ptr_array_index (unit_stats, i);

          if (def->from == MUSTER_UNIT_STAT_FROM_UNIT)
            ok = muster_store_set_unit_value (gen->store, id, def->key,
                                              between (gen, def->min, MIN (def->max, def->min + 5)), &error);
        }
      break;
    default:
      ok = muster_store_set_unit_text (gen->store, id, "status",
                                       chance (gen, 0.5) ? MUSTER_UNIT_STATUS_DISBANDED : MUSTER_UNIT_STATUS_ACTIVE,
                                       &error);
      break;
    }
  tolerate (ok, &error);
  gen->stats->edits++;
}

/* A character or unit dismissed, sometimes brought back by undo. */
static void
delete_something (Gen *gen)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterUndo) undo = NULL;

  if (muster_ruleset_get_kept_by (gen->ruleset) == MUSTER_KEPT_BY_UNIT && chance (gen, 0.4))
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
  tolerate (undo != NULL || error == NULL, &error);
  if (undo == NULL)
    return;
  if (chance (gen, 0.3))
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

      if (muster_character_get_status (character) != MUSTER_STATUS_CAPTURED || !chance (gen, 0.5))
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
  gint64 force = random_force (gen, gen->side_names[0]);

  if (chance (gen, 0.5))
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

static void
between_games (Gen *gen)
{
  release_prisoners (gen);
  for (guint n = pick (gen, 3); n > 0; n--)
    edit_character (gen);
  if (muster_ruleset_get_kept_by (gen->ruleset) == MUSTER_KEPT_BY_UNIT)
    {
      for (guint n = pick (gen, 2); n > 0; n--)
        edit_unit (gen);
      if (chance (gen, 0.15))
        add_unit (gen, random_force (gen, NULL));
    }
  if (chance (gen, 0.3))
    recruit (gen, random_force (gen, NULL), 0, 1 + pick (gen, 2));
  if (chance (gen, 0.05))
    rename_something (gen);
  if (chance (gen, 0.08))
    delete_something (gen);
}

/* --- Playing a game ------------------------------------------------------- */

/* Some of those who can take the field now: characters into @chars and
 * units into @units (of gint64), with someone on each side. */
static void
pick_participants (Gen       *gen,
                   GArray    *chars,
                   GArray    *units)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all_chars = muster_store_list_characters (gen->store, gen->campaign, 0, &error);
  g_autoptr(GPtrArray) all_units = muster_store_list_units (gen->store, gen->campaign, 0, &error);
  gboolean sides_seen[2] = { FALSE, FALSE };

  g_assert_no_error (error);
  for (guint i = 0; i < all_chars->len; i++)
    {
      MusterCharacter *character = g_ptr_array_index (all_chars, i);
      gint64 id = muster_character_get_id (character);
      const char *side = side_of_force (gen, muster_character_get_force_id (character));

      if (!muster_store_check_available (gen->store, id, NULL) || !chance (gen, 0.7))
        continue;
      g_array_append_val (chars, id);
      sides_seen[g_strcmp0 (side, gen->side_names[0]) == 0 ? 0 : 1] = TRUE;
    }
  for (guint i = 0; i < all_units->len; i++)
    {
      MusterUnit *unit = g_ptr_array_index (all_units, i);
      gint64 id = muster_unit_get_id (unit);

      if (g_strcmp0 (muster_unit_get_status (unit), MUSTER_UNIT_STATUS_ACTIVE) != 0 ||
          muster_unit_get_present (unit) == 0 || !chance (gen, 0.8))
        continue;
      g_array_append_val (units, id);
      sides_seen[g_strcmp0 (side_of_force (gen, muster_unit_get_force_id (unit)), gen->side_names[0]) == 0 ? 0 : 1] = TRUE;
    }

  /* Both sides must take the field: fresh recruits when one cannot. */
  for (guint side = 0; side < 2; side++)
    if (!sides_seen[side])
      {
        gint64 force = random_force (gen, gen->side_names[side]);
        g_autoptr(GPtrArray) before = muster_store_list_characters (gen->store, gen->campaign, force, &error);
        g_autoptr(GPtrArray) after = NULL;
        gint64 id;

        recruit (gen, force, 0, 1);
        after = muster_store_list_characters (gen->store, gen->campaign, force, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (after->len, ==, before->len + 1);
        id = muster_character_get_id (g_ptr_array_index (after, after->len - 1));
        g_array_append_val (chars, id);
      }
}

static void
record_character (Gen                     *gen,
                  gint64                   game,
                  const MusterParticipant *participant,
                  GPtrArray               *participants,
                  GHashTable              *victims_taken,
                  guint                    index)
{
  GPtrArray *outcomes = muster_ruleset_get_outcomes (gen->ruleset);
  /* The first of each game goes through the outcomes in turn, so every
   * one of them comes up; the others take their chance. */
  const MusterOutcomeDef *outcome =
    g_ptr_array_index (outcomes, index == 0 ? gen->round % outcomes->len : pick (gen, outcomes->len));
  g_autoptr(GArray) victims = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;
  MusterResult result = { 0 };

  result.outcome = outcome->id;
  if (outcome->takes_light && chance (gen, 0.6))
    result.light_wounds = between (gen, 1, 3);
  if (outcome->takes_serious && chance (gen, 0.4))
    result.serious_wounds = between (gen, 1, 2);
  if (chance (gen, 0.3))
    result.killed_unnamed = between (gen, 1, 3);
  if (chance (gen, 0.2))
    result.notes = notes[pick (gen, G_N_ELEMENTS (notes))];

  /* Each victim is put out of action by one killer of the other side. */
  for (guint i = 0; i < participants->len; i++)
    {
      const MusterParticipant *other = g_ptr_array_index (participants, i);

      if (g_strcmp0 (other->side, participant->side) != 0 &&
          !g_hash_table_contains (victims_taken, &other->character_id) && chance (gen, 0.25))
        {
          g_array_append_val (victims, other->character_id);
          g_hash_table_add (victims_taken, g_memdup2 (&other->character_id, sizeof (gint64)));
        }
    }
  result.victims = (const gint64 *) (gpointer) victims->data;
  result.n_victims = victims->len;

  if (!muster_store_set_result (gen->store, game, participant->character_id, &result, &error))
    {
      /* Should the rules refuse the kills, the rest still stands. */
      tolerate (FALSE, &error);
      result.n_victims = 0;
      g_assert_true (muster_store_set_result (gen->store, game, participant->character_id, &result, &error));
      g_assert_no_error (error);
    }
  else
    gen->stats->kills += victims->len;
  note (gen->stats->outcomes, outcome->id);
}

static void
record_unit (Gen                         *gen,
             gint64                       game,
             const MusterUnitParticipant *participant)
{
  g_autoptr(GError) error = NULL;
  MusterUnitResult result = { 0 };
  int left = participant->figures;

  for (guint i = 0; i < gen->figures->len; i++)
    {
      const char *kind = g_ptr_array_index (gen->figures, i);
      int n = left > 0 ? between (gen, 0, MAX (1, left / 3)) : 0;

      n = MIN (n, left);
      left -= n;
      if (g_str_equal (kind, "killed"))
        result.killed = n;
      else if (g_str_equal (kind, "wounded"))
        result.wounded = n;
      else if (g_str_equal (kind, "captured"))
        result.captured = n;
      else if (g_str_equal (kind, "run"))
        result.run = n;
    }
  if (gen->colours->len > 0 && chance (gen, 0.3))
    {
      result.colours = g_ptr_array_index (gen->colours, (gen->round + pick (gen, 2)) % gen->colours->len);
      note (gen->stats->colours, result.colours);
    }
  if (chance (gen, 0.2))
    result.notes = notes[pick (gen, G_N_ELEMENTS (notes))];
  g_assert_true (muster_store_set_unit_result (gen->store, game, participant->unit_id, &result, &error));
  g_assert_no_error (error);
}

/* Faces typed in at the table for some of the rolls; Muster rolls the
 * rest. */
static GArray *
table_faces (const MusterPlannedRoll  *roll,
             gpointer                  user_data,
             GError                  **error)
{
  Gen *gen = user_data;
  g_autoptr(MusterDiceExpr) expr = NULL;
  GArray *faces;

  if (!chance (gen, 0.5))
    return NULL;
  expr = muster_dice_expr_parse (roll->expression, error);
  g_assert_nonnull (expr);
  faces = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < muster_dice_expr_get_n_dice (expr); i++)
    {
      int face = between (gen, 1, (int) muster_dice_expr_get_die_sides (expr, i));
      g_array_append_val (faces, face);
    }
  gen->stats->entered++;
  return faces;
}

/* Resolves @game; a game that can no longer be (a participant died since
 * it was played) is deleted. */
static void
resolve (Gen    *gen,
         gint64  game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) events = NULL;

  events = muster_engine_resolve (gen->store, game,
                                  chance (gen, 0.3) ? table_faces : NULL, gen, &error);
  if (g_error_matches (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_ORDER))
    {
      /* A game left unresolved after an undo: resolve it first. */
      g_autoptr(GPtrArray) games = NULL;
      g_autoptr(MusterGame) this = NULL;

      g_clear_error (&error);
      this = muster_store_get_game (gen->store, game, &error);
      games = muster_store_list_games (gen->store, gen->campaign, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < games->len; i++)
        {
          MusterGame *earlier = g_ptr_array_index (games, i);

          if (muster_game_get_number (earlier) < muster_game_get_number (this) &&
              muster_game_get_state (earlier) == MUSTER_GAME_PLAYED)
            {
              resolve (gen, muster_game_get_id (earlier));
              break;
            }
        }
      resolve (gen, game);
      return;
    }
  if (events != NULL)
    {
      g_assert_no_error (error);
      gen->stats->resolved++;
      return;
    }
  if (!g_error_matches (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE) &&
      !g_error_matches (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE))
    g_error ("resolving failed: %s", error->message);
  g_clear_error (&error);
  g_assert_true (muster_store_delete_game (gen->store, game, &error));
  g_assert_no_error (error);
  gen->stats->deleted++;
}

/* Undoes the last one or two resolutions and plays them again, sometimes
 * with a result changed or other dice. */
static void
undo_and_replay (Gen *gen)
{
  g_autoptr(GError) error = NULL;
  gint64 games[2] = { 0, 0 };
  guint n = chance (gen, 0.3) ? 2 : 1;
  guint undone = 0;

  for (guint i = 0; i < n; i++)
    {
      gint64 game = muster_engine_undo_resolve (gen->store, gen->campaign, &error);

      if (game == 0)
        {
          g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_NOTHING);
          g_clear_error (&error);
          break;
        }
      games[undone++] = game;
      gen->stats->undone++;
    }
  if (undone > 0 && chance (gen, 0.3))
    between_games (gen);
  for (guint i = undone; i > 0; i--)
    if (chance (gen, 0.9) || i > 1)
      resolve (gen, games[i - 1]);
}

static void
play_game (Gen      *gen,
           gboolean  last)
{
  g_autoptr(GArray) chars = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GHashTable) victims_taken = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(GPtrArray) unit_parts = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  g_autofree char *date = NULL;
  gint64 game;

  pick_participants (gen, chars, units);
  title = g_strdup_printf (chance (gen, 0.2) ? "Skirmish <%u> & “raid”" : "Skirmish %u", gen->round + 1);
  if (chance (gen, 0.6))
    date = g_strdup_printf ("1810-%02d-%02d", between (gen, 1, 12), between (gen, 1, 28));
  game = muster_store_create_game_full (gen->store, gen->campaign, title, date,
                                        (const gint64 *) (gpointer) chars->data, chars->len,
                                        (const gint64 *) (gpointer) units->data, units->len, &error);
  g_assert_no_error (error);
  g_assert_cmpint (game, >, 0);
  gen->stats->games++;

  /* A game planned and never played. */
  if (chance (gen, 0.06))
    return;

  participants = muster_store_list_participants (gen->store, game, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < participants->len; i++)
    if (i == 0 || chance (gen, 0.85))
      record_character (gen, game, g_ptr_array_index (participants, i), participants, victims_taken, i);
  /* A result entered twice: the second replaces the first. */
  if (participants->len > 0 && chance (gen, 0.1))
    {
      g_hash_table_remove_all (victims_taken);
      record_character (gen, game, g_ptr_array_index (participants, 0), participants, victims_taken, 1);
    }
  unit_parts = muster_store_list_game_units (gen->store, game, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < unit_parts->len; i++)
    if (chance (gen, 0.8))
      record_unit (gen, game, g_ptr_array_index (unit_parts, i));

  if (chance (gen, 0.2))
    {
      g_assert_true (muster_store_set_game_notes (gen->store, game, notes[pick (gen, G_N_ELEMENTS (notes))], &error));
      g_assert_no_error (error);
    }
  if (chance (gen, 0.8))
    {
      const char *winner = chance (gen, 0.2) ? NULL : gen->side_names[pick (gen, 2)];

      g_assert_true (muster_store_finish_game (gen->store, game, winner, &error));
      g_assert_no_error (error);
    }

  /* The last game may wait for its resolution; the others cannot, or the
   * next could not be resolved. */
  if (last && chance (gen, 0.3))
    return;
  resolve (gen, game);
  if (chance (gen, 0.25))
    undo_and_replay (gen);
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
}

void
muster_generator_stats_clear (MusterGeneratorStats *stats)
{
  g_clear_pointer (&stats->outcomes, g_hash_table_unref);
  g_clear_pointer (&stats->choices, g_hash_table_unref);
  g_clear_pointer (&stats->log_kinds, g_hash_table_unref);
  g_clear_pointer (&stats->colours, g_hash_table_unref);
}

static void
union_into (GHashTable *into,
            GHashTable *from)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, from);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    note (into, key);
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
      note (own.choices, made);
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
        between_games (&gen);
      play_game (&gen, i + 1 == n_games);
      gen.round++;
    }

  log = muster_store_list_log (store, gen.campaign, 0, 0, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < log->len; i++)
    note (own.log_kinds, ((MusterLogEntry *) g_ptr_array_index (log, i))->kind);

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
