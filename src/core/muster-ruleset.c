/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ruleset"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-ruleset-private.h"

G_DEFINE_FINAL_TYPE (MusterRuleset, muster_ruleset, G_TYPE_OBJECT)

/* Freeing */

static void
muster_ruleset_weapon_free (gpointer data)
{
  MusterWeaponDef *weapon = data;

  g_ptr_array_unref (weapon->caps);
  g_free (weapon);
}

void
muster_ruleset_stat_roll_free (gpointer data)
{
  MusterStatRoll *roll = data;

  g_clear_pointer (&roll->dice, muster_dice_expr_unref);
  g_free (roll);
}

static void
muster_ruleset_troop_type_free (gpointer data)
{
  MusterTroopType *type = data;

  g_ptr_array_unref (type->rolls);
  g_free (type);
}

static void
muster_ruleset_option_free (gpointer data)
{
  MusterOptionDef *option = data;

  g_ptr_array_unref (option->choices);
  g_free (option);
}

static void
muster_ruleset_step_free (gpointer data)
{
  MusterStepDef *step = data;

  g_hash_table_unref (step->params);
  g_free (step);
}

static void
muster_ruleset_table_entry_free (gpointer data)
{
  MusterTableEntry *entry = data;

  g_clear_pointer (&entry->effects, g_ptr_array_unref);
  g_free (entry);
}

void
muster_ruleset_table_entries_init (MusterLookupTable *table)
{
  table->entries = g_ptr_array_new_with_free_func (muster_ruleset_table_entry_free);
}

static void
muster_ruleset_lookup_table_free (gpointer data)
{
  MusterLookupTable *table = data;

  g_clear_pointer (&table->dice, muster_dice_expr_unref);
  g_ptr_array_unref (table->entries);
  g_free (table);
}

static void
muster_ruleset_reference_table_free (gpointer data)
{
  MusterReferenceTable *table = data;

  g_ptr_array_unref (table->columns);
  g_ptr_array_unref (table->rows);
  g_clear_pointer (&table->house_rows, g_array_unref);
  g_free (table);
}

static void
stat_free (gpointer data)
{
  MusterStatDef *stat = data;

  g_ptr_array_unref (stat->derived);
  g_free (stat);
}

static void
unit_kind_free (gpointer data)
{
  MusterUnitKindDef *kind = data;

  g_hash_table_unref (kind->values);
  g_hash_table_unref (kind->names);
  g_free (kind);
}

static void
rating_free (gpointer data)
{
  MusterRatingDef *rating = data;

  g_hash_table_unref (rating->values);
  g_free (rating);
}

/* GObject */

static void
muster_ruleset_finalize (GObject *object)
{
  MusterRuleset *self = (MusterRuleset *) object;

  g_clear_pointer (&self->stats, g_ptr_array_unref);
  g_clear_pointer (&self->weapons, g_ptr_array_unref);
  g_clear_pointer (&self->troop_types, g_ptr_array_unref);
  g_clear_pointer (&self->unit_stats, g_ptr_array_unref);
  g_clear_pointer (&self->unit_kinds, g_ptr_array_unref);
  g_clear_pointer (&self->ratings, g_ptr_array_unref);
  g_clear_pointer (&self->outcomes, g_ptr_array_unref);
  g_clear_pointer (&self->options, g_ptr_array_unref);
  g_clear_pointer (&self->lookup_tables, g_ptr_array_unref);
  g_clear_pointer (&self->steps, g_ptr_array_unref);
  g_clear_pointer (&self->reference_tables, g_ptr_array_unref);
  g_clear_pointer (&self->house_readings, g_ptr_array_unref);
  g_clear_pointer (&self->wounds_add_up, g_free);
  g_clear_pointer (&self->play, muster_play_free);
  g_clear_pointer (&self->strings, g_string_chunk_free);
  g_clear_pointer (&self->filename, g_free);
  g_clear_pointer (&self->xml, g_free);

  G_OBJECT_CLASS (muster_ruleset_parent_class)->finalize (object);
}

static void
muster_ruleset_class_init (MusterRulesetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_ruleset_finalize;
}

static void
muster_ruleset_init (MusterRuleset *self)
{
  self->strings = g_string_chunk_new (1024);
  self->stats = g_ptr_array_new_with_free_func (stat_free);
  self->weapons = g_ptr_array_new_with_free_func (muster_ruleset_weapon_free);
  self->troop_types = g_ptr_array_new_with_free_func (muster_ruleset_troop_type_free);
  self->unit_stats = g_ptr_array_new_with_free_func (g_free);
  self->unit_kinds = g_ptr_array_new_with_free_func (unit_kind_free);
  self->ratings = g_ptr_array_new_with_free_func (rating_free);
  self->outcomes = g_ptr_array_new_with_free_func (g_free);
  self->options = g_ptr_array_new_with_free_func (muster_ruleset_option_free);
  self->lookup_tables = g_ptr_array_new_with_free_func (muster_ruleset_lookup_table_free);
  self->steps = g_ptr_array_new_with_free_func (muster_ruleset_step_free);
  self->reference_tables = g_ptr_array_new_with_free_func (muster_ruleset_reference_table_free);
  self->house_readings = g_ptr_array_new_with_free_func (g_free);
}

/* Public API */


const char *
muster_ruleset_get_id (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->id;
}

const char *
muster_ruleset_get_version (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->version;
}

const char *
muster_ruleset_get_title (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->title;
}

const char *
muster_ruleset_get_source (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->source;
}

const char *
muster_ruleset_get_xml (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->xml;
}

MusterKeptBy
muster_ruleset_get_kept_by (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), MUSTER_KEPT_BY_FIGURE);
  return self->kept_by;
}

guint
muster_ruleset_get_n_stats (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), 0);
  return self->stats->len;
}

const MusterStatDef *
muster_ruleset_get_stat (MusterRuleset *self,
                         guint          i)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  g_return_val_if_fail (i < self->stats->len, NULL);
  return g_ptr_array_index (self->stats, i);
}

/* Looks up an element of @array whose first member (the id or key) is @id. */
static gconstpointer
find_by_id (GPtrArray  *array,
            const char *id)
{
  if (id == NULL)
    return NULL;
  for (guint i = 0; i < array->len; i++)
    {
      const char * const *item = g_ptr_array_index (array, i);
      if (g_strcmp0 (*item, id) == 0)
        return item;
    }
  return NULL;
}

const MusterStatDef *
muster_ruleset_lookup_stat (MusterRuleset *self,
                            const char    *key)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return find_by_id (self->stats, key);
}

guint
muster_ruleset_get_n_troop_types (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), 0);
  return self->troop_types->len;
}

const MusterTroopType *
muster_ruleset_get_troop_type (MusterRuleset *self,
                               guint          i)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  g_return_val_if_fail (i < self->troop_types->len, NULL);
  return g_ptr_array_index (self->troop_types, i);
}

const MusterTroopType *
muster_ruleset_lookup_troop_type (MusterRuleset *self,
                                  const char    *id)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return find_by_id (self->troop_types, id);
}

/**
 * muster_troop_type_get_roll:
 * @type: a troop type
 * @stat: a stat key
 *
 * Returns: (nullable): how @stat is rolled for @type, or %NULL when the
 * troop type does not roll it.
 */
const MusterDiceExpr *
muster_troop_type_get_roll (const MusterTroopType *type,
                            const char            *stat)
{
  g_return_val_if_fail (type != NULL, NULL);
  g_return_val_if_fail (stat != NULL, NULL);

  for (guint i = 0; i < type->rolls->len; i++)
    {
      const MusterStatRoll *roll = g_ptr_array_index (type->rolls, i);
      if (g_strcmp0 (roll->stat, stat) == 0)
        return roll->dice;
    }
  return NULL;
}

guint
muster_ruleset_get_n_weapons (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), 0);
  return self->weapons->len;
}

const MusterWeaponDef *
muster_ruleset_get_weapon (MusterRuleset *self,
                           guint          i)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  g_return_val_if_fail (i < self->weapons->len, NULL);
  return g_ptr_array_index (self->weapons, i);
}

const MusterWeaponDef *
muster_ruleset_lookup_weapon (MusterRuleset *self,
                              const char    *id)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return find_by_id (self->weapons, id);
}

int
muster_ruleset_get_cap (MusterRuleset *self,
                        const char    *weapon,
                        const char    *stat)
{
  const MusterWeaponDef *def;
  int cap = G_MAXINT;

  g_return_val_if_fail (MUSTER_IS_RULESET (self), G_MAXINT);
  g_return_val_if_fail (stat != NULL, G_MAXINT);

  def = muster_ruleset_lookup_weapon (self, weapon);
  if (def == NULL)
    return G_MAXINT;

  for (guint i = 0; i < def->caps->len; i++)
    {
      const MusterCap *c = g_ptr_array_index (def->caps, i);
      if (g_strcmp0 (c->stat, stat) == 0)
        cap = MIN (cap, c->max);
    }
  return cap;
}

GPtrArray *
muster_ruleset_get_outcomes (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->outcomes;
}

const MusterOutcomeDef *
muster_ruleset_lookup_outcome (MusterRuleset *self,
                               const char    *id)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return find_by_id (self->outcomes, id);
}

const MusterWoundsAddUp *
muster_ruleset_get_wounds_add_up (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->wounds_add_up;
}

/* The serious wounds @light and @serious count as. */
static int
serious_count (const MusterWoundsAddUp *rule,
               int                      light,
               int                      serious)
{
  return serious + (rule->light > 0 ? light / rule->light : 0);
}

/**
 * muster_ruleset_wounds_add_up:
 * @self: a ruleset
 * @light: light wounds taken in a game
 * @serious: serious wounds taken in a game
 *
 * Two light wounds are one serious wound, two serious wounds a Kill (in
 * Sharpe's Skirmish's <wounds-add-up>): the store records a result whose
 * wounds add up so as this outcome.
 *
 * Returns: (nullable): the outcome the wounds add up to, or %NULL.
 */
const MusterOutcomeDef *
muster_ruleset_wounds_add_up (MusterRuleset *self,
                              int            light,
                              int            serious)
{
  const MusterWoundsAddUp *rule;

  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);

  rule = self->wounds_add_up;
  if (rule == NULL || light < 0 || serious < 0 ||
      serious_count (rule, light, serious) < rule->serious)
    return NULL;
  return muster_ruleset_lookup_outcome (self, rule->outcome);
}

/**
 * muster_ruleset_describe_wounds_add_up:
 * @self: a ruleset
 * @light: light wounds taken in a game
 * @serious: serious wounds taken in a game
 *
 * Returns: (transfer full) (nullable): "2 serious wounds count as “Out of
 * action”.", or %NULL when the wounds do not add up.
 */
char *
muster_ruleset_describe_wounds_add_up (MusterRuleset *self,
                                       int            light,
                                       int            serious)
{
  const MusterOutcomeDef *outcome;

  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);

  outcome = muster_ruleset_wounds_add_up (self, light, serious);
  if (outcome == NULL)
    return NULL;
  if (light == 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%d serious wound counts as “%s”.",
                                         "%d serious wounds count as “%s”.",
                                         serious),
                            serious, outcome->name);
  if (serious == 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%d light wound counts as “%s”.",
                                         "%d light wounds count as “%s”.",
                                         light),
                            light, outcome->name);
  /* Translators: "1 serious and 2 light wounds count as “Out of action”."
   * The plural follows the number of wounds in all. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%d serious and %d light wound count as “%s”.",
                                       "%d serious and %d light wounds count as “%s”.",
                                       light + serious),
                          serious, light, outcome->name);
}

GPtrArray *
muster_ruleset_get_options (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->options;
}

const MusterOptionDef *
muster_ruleset_lookup_option (MusterRuleset *self,
                              const char    *id)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return find_by_id (self->options, id);
}

GPtrArray *
muster_ruleset_get_steps (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->steps;
}

GPtrArray *
muster_ruleset_get_lookup_tables (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->lookup_tables;
}

const MusterLookupTable *
muster_ruleset_lookup_table (MusterRuleset *self,
                             const char    *id)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return find_by_id (self->lookup_tables, id);
}

GPtrArray *
muster_ruleset_get_reference_tables (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->reference_tables;
}

GPtrArray *
muster_ruleset_get_house_readings (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->house_readings;
}

GPtrArray *
muster_ruleset_get_unit_kinds (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->unit_kinds;
}

GPtrArray *
muster_ruleset_get_ratings (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->ratings;
}

/**
 * muster_option_lookup_choice:
 * @option: an option of a ruleset
 * @id: (nullable): a choice id
 *
 * Returns: (nullable): the choice of @option with that id, or %NULL.
 */
const MusterChoiceDef *
muster_option_lookup_choice (const MusterOptionDef *option,
                             const char            *id)
{
  g_return_val_if_fail (option != NULL, NULL);
  return find_by_id (option->choices, id);
}

/**
 * muster_step_get_param:
 * @step: a between-game step
 * @name: an attribute of the step, e.g. "dice"
 *
 * Returns: (nullable): the attribute's text, or %NULL when the step does
 * not have it.
 */
const char *
muster_step_get_param (const MusterStepDef *step,
                       const char          *name)
{
  g_return_val_if_fail (step != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);
  return g_hash_table_lookup (step->params, name);
}

/**
 * muster_step_get_int_param:
 * @step: a between-game step
 * @name: an attribute of the step, e.g. "dies-on"
 * @fallback: what to return when it is missing or not a number
 *
 * Returns: the attribute as an integer, or @fallback.
 */
int
muster_step_get_int_param (const MusterStepDef *step,
                           const char          *name,
                           int                  fallback)
{
  int number;

  /* The loader refused a step whose numbers are not ints. */
  if (!muster_ruleset_parse_int (muster_step_get_param (step, name), &number))
    return fallback;
  return number;
}

const MusterUnitKindDef *
muster_ruleset_lookup_unit_kind (MusterRuleset *self,
                                 const char    *id)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return find_by_id (self->unit_kinds, id);
}

const MusterRatingDef *
muster_ruleset_lookup_rating (MusterRuleset *self,
                              const char    *id)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return find_by_id (self->ratings, id);
}

const char *
muster_ruleset_get_default_rating (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->default_rating;
}

GPtrArray *
muster_ruleset_get_unit_stats (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->unit_stats;
}

const MusterUnitStatDef *
muster_ruleset_lookup_unit_stat (MusterRuleset *self,
                                 const char    *key)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return find_by_id (self->unit_stats, key);
}

/**
 * muster_ruleset_get_unit_stat_value:
 * @self: a ruleset
 * @stat: a unit stat key
 * @kind: (nullable): a unit kind id
 * @rating: (nullable): a rating id
 *
 * The value the ruleset gives a unit of @kind and @rating for @stat, as
 * written in the file: the rating's <set> wins over the kind's; a stat
 * "from" the rating is the rating's value. Stats kept on the unit or
 * counted in bases are the unit's business (see MusterUnit).
 *
 * Returns: (nullable): the value, owned by the ruleset.
 */
const char *
muster_ruleset_get_unit_stat_value (MusterRuleset *self,
                                    const char    *stat,
                                    const char    *kind,
                                    const char    *rating)
{
  const MusterUnitStatDef *def;
  const MusterUnitKindDef *kind_def;
  const MusterRatingDef *rating_def;
  const char *value;

  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);

  def = muster_ruleset_lookup_unit_stat (self, stat);
  if (def == NULL)
    return NULL;
  kind_def = muster_ruleset_lookup_unit_kind (self, kind);
  rating_def = muster_ruleset_lookup_rating (self, rating);

  switch (def->from)
    {
    case MUSTER_UNIT_STAT_FROM_RATING:
      if (rating_def == NULL)
        return NULL;
      {
        g_autofree char *text = g_strdup_printf ("%d", rating_def->value);
        return muster_ruleset_intern (self, text);
      }
    case MUSTER_UNIT_STAT_FROM_KIND:
      if (rating_def != NULL && (value = g_hash_table_lookup (rating_def->values, stat)) != NULL)
        return value;
      if (kind_def != NULL && (value = g_hash_table_lookup (kind_def->values, stat)) != NULL)
        return value;
      return NULL;
    case MUSTER_UNIT_STAT_FROM_BASES:
    case MUSTER_UNIT_STAT_FROM_UNIT:
    default:
      return NULL;
    }
}

/**
 * muster_ruleset_get_entry_value:
 * @self: a ruleset
 * @table: a lookup table id
 * @id: an entry id
 * @fallback: returned when there is no such table or entry
 *
 * Returns: the entry's value, e.g. 4 for "hero" in Big Skirmishes' "class".
 */
int
muster_ruleset_get_entry_value (MusterRuleset *self,
                                const char    *table,
                                const char    *id,
                                int            fallback)
{
  const MusterLookupTable *lookup;

  g_return_val_if_fail (MUSTER_IS_RULESET (self), fallback);

  lookup = muster_ruleset_lookup_table (self, table);
  for (guint i = 0; lookup != NULL && i < lookup->entries->len; i++)
    {
      const MusterTableEntry *entry = g_ptr_array_index (lookup->entries, i);
      if (g_strcmp0 (entry->id, id) == 0)
        return entry->value;
    }
  return fallback;
}

/**
 * muster_ruleset_get_unit_stat_name:
 * @self: a ruleset
 * @stat: a unit stat key
 * @kind: (nullable): a unit kind id
 *
 * Returns: (nullable): the name units of @kind give @stat (a <set> of the
 *   kind with a <name>), else the stat's own; NULL for no such stat
 */
const char *
muster_ruleset_get_unit_stat_name (MusterRuleset *self,
                                   const char    *stat,
                                   const char    *kind)
{
  const MusterUnitStatDef *def;
  const MusterUnitKindDef *kind_def;
  const char *name;

  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);

  def = muster_ruleset_lookup_unit_stat (self, stat);
  if (def == NULL)
    return NULL;
  kind_def = kind != NULL ? muster_ruleset_lookup_unit_kind (self, kind) : NULL;
  if (kind_def != NULL && (name = g_hash_table_lookup (kind_def->names, stat)) != NULL)
    return name;
  return def->name;
}

/**
 * muster_lookup_table_find_entry:
 * @table: a lookup table
 * @value: a dice total, or a character's value of the table's stat
 *
 * Returns: (nullable): the first entry whose min..max holds @value
 */
const MusterTableEntry *
muster_lookup_table_find_entry (const MusterLookupTable *table,
                                int                      value)
{
  g_return_val_if_fail (table != NULL, NULL);

  for (guint i = 0; i < table->entries->len; i++)
    {
      const MusterTableEntry *entry = g_ptr_array_index (table->entries, i);

      if (value >= entry->min && value <= entry->max)
        return entry;
    }
  return NULL;
}
