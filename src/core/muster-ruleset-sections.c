/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ruleset"

/* The sections of a ruleset document, read into the structures of
 * muster-ruleset.h, with every cross-reference checked. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-ruleset-private.h"

static void
derived_free (gpointer data)
{
  g_free (data);
}

/* Sections */

static gboolean
load_stats (MusterRuleset  *self,
            xmlNodePtr      section,
            GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  FOREACH_CHILD (node, section, "stat")
    {
      MusterStatDef *stat = g_new0 (MusterStatDef, 1);

      stat->key = muster_ruleset_attr (self, node, "key");
      stat->name = muster_ruleset_child_text (self, node, "name");
      stat->derived = g_ptr_array_new_with_free_func (derived_free);
      g_ptr_array_add (self->stats, stat);
      if (!muster_ruleset_attr_int (self, node, "min", 0, &stat->min, error) ||
          !muster_ruleset_attr_int (self, node, "max", 0, &stat->max, error))
        return FALSE;

      FOREACH_CHILD (derived_node, node, "derived")
        {
          MusterDerivedStat *derived = g_new0 (MusterDerivedStat, 1);

          derived->key = muster_ruleset_attr (self, derived_node, "key");
          derived->name = muster_ruleset_child_text (self, derived_node, "name");
          g_ptr_array_add (stat->derived, derived);
          if (!muster_ruleset_attr_int (self, derived_node, "times", 1, &derived->times, error) ||
              !muster_ruleset_attr_int (self, derived_node, "mounted-times", derived->times,
                                        &derived->mounted_times, error))
            return FALSE;
        }

      if (!muster_ruleset_check_unique (self, seen, node,
                                        _("stat “%s” is defined twice; give each its own id."), stat->key, error))
        return FALSE;
      if (stat->min > stat->max)
        return muster_ruleset_fail (self, node, error,
                     _("stat “%s”: its minimum %d is above its maximum %d."),
                     stat->key, stat->min, stat->max);
    }

  return TRUE;
}

static gboolean
load_weapons (MusterRuleset  *self,
              xmlNodePtr      section,
              GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  FOREACH_CHILD (node, section, "weapon")
    {
      MusterWeaponDef *weapon = g_new0 (MusterWeaponDef, 1);

      weapon->id = muster_ruleset_attr (self, node, "id");
      weapon->name = muster_ruleset_child_text (self, node, "name");
      weapon->caps = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (self->weapons, weapon);

      if (!muster_ruleset_check_unique (self, seen, node,
                                        _("weapon “%s” is defined twice; give each its own id."), weapon->id, error))
        return FALSE;

      FOREACH_CHILD (cap_node, node, "cap")
        {
          MusterCap *cap = g_new0 (MusterCap, 1);

          cap->stat = muster_ruleset_attr (self, cap_node, "stat");
          g_ptr_array_add (weapon->caps, cap);
          if (!muster_ruleset_attr_int (self, cap_node, "max", G_MAXINT, &cap->max, error))
            return FALSE;

          if (muster_ruleset_lookup_stat (self, cap->stat) == NULL)
            return muster_ruleset_fail (self, cap_node, error,
                         _("weapon “%s”: there is no stat “%s” to cap."),
                         weapon->id, cap->stat);
        }
    }

  return TRUE;
}

static guint
stat_index (MusterRuleset *self,
            const char    *key)
{
  for (guint i = 0; i < self->stats->len; i++)
    {
      const MusterStatDef *stat = g_ptr_array_index (self->stats, i);
      if (g_strcmp0 (stat->key, key) == 0)
        return i;
    }
  return G_MAXUINT;
}

static int
compare_rolls (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  MusterRuleset *self = user_data;
  const MusterStatRoll *ra = *(MusterStatRoll * const *) a;
  const MusterStatRoll *rb = *(MusterStatRoll * const *) b;
  guint ia = stat_index (self, ra->stat);
  guint ib = stat_index (self, rb->stat);

  return ia < ib ? -1 : ia > ib ? 1 : 0;
}

static gboolean
load_troop_types (MusterRuleset  *self,
                  xmlNodePtr      section,
                  GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  FOREACH_CHILD (node, section, "troop-type")
    {
      g_autoptr(GHashTable) rolled = g_hash_table_new (g_str_hash, g_str_equal);
      g_autofree char *what = NULL;
      MusterTroopType *type = g_new0 (MusterTroopType, 1);

      type->id = muster_ruleset_attr (self, node, "id");
      type->name = muster_ruleset_child_text (self, node, "name");
      type->default_weapon = muster_ruleset_attr (self, node, "weapon");
      type->mounted = muster_ruleset_attr_bool (self, node, "mounted");
      type->rolls = g_ptr_array_new_with_free_func (muster_ruleset_stat_roll_free);
      g_ptr_array_add (self->troop_types, type);

      what = g_strdup_printf (_("troop type “%s”"), type->id);

      if (!muster_ruleset_check_unique (self, seen, node,
                                        _("troop type “%s” is defined twice; give each its own id."), type->id, error))
        return FALSE;
      if (type->default_weapon != NULL &&
          muster_ruleset_lookup_weapon (self, type->default_weapon) == NULL)
        return muster_ruleset_fail (self, node, error,
                     _("%s: there is no weapon “%s”; add it to <weapons> or name another."),
                     what, type->default_weapon);

      FOREACH_CHILD (roll_node, node, "roll")
        {
          MusterStatRoll *roll = g_new0 (MusterStatRoll, 1);
          const MusterStatDef *stat;
          const char *dice;
          const char *table;

          roll->stat = muster_ruleset_attr (self, roll_node, "stat");
          g_ptr_array_add (type->rolls, roll);

          stat = muster_ruleset_lookup_stat (self, roll->stat);
          if (stat == NULL)
            return muster_ruleset_fail (self, roll_node, error,
                         _("%s: there is no stat “%s” to roll."),
                         what, roll->stat);
          if (!muster_ruleset_check_unique (self, rolled, roll_node,
                                        _("roll for stat “%s” is defined twice; give each its own id."), roll->stat, error))
            return FALSE;

          table = muster_ruleset_attr (self, roll_node, "table");
          if (table != NULL)
            {
              /* Tables come later in the file: the entries' values are
               * checked against the stat once they are read. */
              roll->table_id = table;
              continue;
            }
          dice = muster_ruleset_attr (self, roll_node, "dice");
          roll->dice = muster_ruleset_parse_dice (self, roll_node, what, dice, error);
          if (roll->dice == NULL)
            return FALSE;

          if (muster_dice_expr_get_min (roll->dice) < stat->min ||
              muster_dice_expr_get_max (roll->dice) > stat->max)
            return muster_ruleset_fail (self, roll_node, error,
                         _("%s: %s rolled as %s gives %d to %d, outside its range of %d to %d."),
                         what, stat->key, muster_dice_expr_to_string (roll->dice),
                         muster_dice_expr_get_min (roll->dice),
                         muster_dice_expr_get_max (roll->dice),
                         stat->min, stat->max);
        }

      /* Callers read rolls in the ruleset's stat order. */
      g_ptr_array_sort_with_data (type->rolls, compare_rolls, self);
    }

  return TRUE;
}

static gboolean
load_unit_stats (MusterRuleset  *self,
                 xmlNodePtr      section,
                 GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  static const char * const froms[] = { "kind", "rating", "bases", "unit" };

  FOREACH_CHILD (node, section, "unit-stat")
    {
      MusterUnitStatDef *stat = g_new0 (MusterUnitStatDef, 1);
      const char *from = muster_ruleset_attr (self, node, "from");

      stat->key = muster_ruleset_attr (self, node, "key");
      stat->name = muster_ruleset_child_text (self, node, "name");
      stat->morale = muster_ruleset_attr_bool (self, node, "morale");
      stat->from = MUSTER_UNIT_STAT_FROM_KIND;
      for (guint i = 0; from != NULL && i < G_N_ELEMENTS (froms); i++)
        if (g_str_equal (from, froms[i]))
          stat->from = (MusterUnitStatFrom) i;
      g_ptr_array_add (self->unit_stats, stat);
      if (!muster_ruleset_attr_int (self, node, "min", 0, &stat->min, error) ||
          !muster_ruleset_attr_int (self, node, "max", G_MAXINT, &stat->max, error))
        return FALSE;

      if (!muster_ruleset_check_unique (self, seen, node,
                                        _("unit stat “%s” is defined twice; give each its own id."), stat->key, error))
        return FALSE;
      if (stat->min > stat->max)
        return muster_ruleset_fail (self, node, error,
                                    _("unit stat “%s”: its minimum %d is above its maximum %d."),
                                    stat->key, stat->min, stat->max);
    }

  return TRUE;
}

/* The <set>s of a unit kind or rating into @values; a kind's own names
 * for the stats it sets into @names (NULL for a rating, which has none). */
static gboolean
load_sets (MusterRuleset  *self,
           xmlNodePtr      node,
           GHashTable     *values,
           GHashTable     *names,
           GError        **error)
{
  FOREACH_CHILD (set, node, "set")
    {
      const char *key = muster_ruleset_attr (self, set, "stat");
      const MusterUnitStatDef *stat = muster_ruleset_lookup_unit_stat (self, key);

      if (stat == NULL)
        return muster_ruleset_fail (self, set, error,
                                    _("there is no unit stat “%s”; add it to <unit-stats>."),
                                    key);
      if (stat->from != MUSTER_UNIT_STAT_FROM_KIND)
        return muster_ruleset_fail (self, set, error,
                                    _("unit stat “%s” does not come from the kind or rating, so it cannot be set here."),
                                    key);
      if (g_hash_table_contains (values, key))
        return muster_ruleset_fail (self, set, error,
                                    _("unit stat “%s” is set twice."), key);
      g_hash_table_insert (values, (gpointer) key,
                           (gpointer) muster_ruleset_attr (self, set, "value"));
      if (names != NULL && muster_ruleset_first_child (set, "name") != NULL)
        g_hash_table_insert (names, (gpointer) key,
                             (gpointer) muster_ruleset_child_text (self, set, "name"));
    }
  return TRUE;
}

static gboolean
load_unit_kinds (MusterRuleset  *self,
                 xmlNodePtr      section,
                 GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  FOREACH_CHILD (node, section, "unit-kind")
    {
      MusterUnitKindDef *kind = g_new0 (MusterUnitKindDef, 1);
      const char *troop_type;

      kind->id = muster_ruleset_attr (self, node, "id");
      kind->name = muster_ruleset_child_text (self, node, "name");
      kind->mounted = muster_ruleset_attr_bool (self, node, "mounted");
      kind->troop_type = muster_ruleset_attr (self, node, "troop-type");
      kind->rating = muster_ruleset_attr (self, node, "rating");
      kind->values = g_hash_table_new (g_str_hash, g_str_equal);
      kind->names = g_hash_table_new (g_str_hash, g_str_equal);
      g_ptr_array_add (self->unit_kinds, kind);

      if (!muster_ruleset_attr_int (self, node, "size", 0, &kind->size, error) ||
          !muster_ruleset_attr_int (self, node, "min-size", 0, &kind->min_size, error) ||
          !muster_ruleset_attr_int (self, node, "max-size", 0, &kind->max_size, error) ||
          !muster_ruleset_attr_int (self, node, "base-size", 0, &kind->base_size, error))
        return FALSE;
      if (!load_sets (self, node, kind->values, kind->names, error))
        return FALSE;

      if (!muster_ruleset_check_unique (self, seen, node,
                                        _("unit kind “%s” is defined twice; give each its own id."), kind->id, error))
        return FALSE;

      troop_type = kind->troop_type;
      if (troop_type != NULL && muster_ruleset_lookup_troop_type (self, troop_type) == NULL)
        return muster_ruleset_fail (self, node, error,
                     _("unit kind “%s”: there is no troop type “%s”."),
                     kind->id, troop_type);
      if (muster_ruleset_attr (self, node, "max-size") != NULL && kind->min_size > kind->max_size)
        return muster_ruleset_fail (self, node, error,
                     _("unit kind “%s”: its smallest size is above its largest."),
                     kind->id);
      if (kind->size > 0 &&
          (kind->size < kind->min_size || (kind->max_size > 0 && kind->size > kind->max_size)))
        return muster_ruleset_fail (self, node, error,
                                    _("unit kind “%s”: its size %d lies outside %d to %d."),
                                    kind->id, kind->size, kind->min_size, kind->max_size);
    }

  return TRUE;
}

static gboolean
load_ratings (MusterRuleset  *self,
              xmlNodePtr      section,
              GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  FOREACH_CHILD (node, section, "rating")
    {
      MusterRatingDef *rating = g_new0 (MusterRatingDef, 1);

      rating->id = muster_ruleset_attr (self, node, "id");
      rating->name = muster_ruleset_child_text (self, node, "name");
      rating->values = g_hash_table_new (g_str_hash, g_str_equal);
      g_ptr_array_add (self->ratings, rating);
      if (!muster_ruleset_attr_int (self, node, "value", 0, &rating->value, error))
        return FALSE;

      if (!load_sets (self, node, rating->values, NULL, error))
        return FALSE;

      if (!muster_ruleset_check_unique (self, seen, node,
                                        _("rating “%s” is defined twice; give each its own id."), rating->id, error))
        return FALSE;
    }

  self->default_rating = muster_ruleset_attr (self, section, "default");
  if (self->default_rating != NULL &&
      muster_ruleset_lookup_rating (self, self->default_rating) == NULL)
    return muster_ruleset_fail (self, section, error,
                                _("ratings: the default “%s” is not one of them."),
                                self->default_rating);
  /* Kinds come first in the file; their fixed ratings are checked now. */
  for (guint i = 0; i < self->unit_kinds->len; i++)
    {
      const MusterUnitKindDef *kind = g_ptr_array_index (self->unit_kinds, i);

      if (kind->rating != NULL && muster_ruleset_lookup_rating (self, kind->rating) == NULL)
        return muster_ruleset_fail (self, section, error,
                                    _("unit kind “%s” is always “%s”, but there is no such rating."),
                                    kind->id, kind->rating);
    }

  return TRUE;
}

/* <wounds-add-up>: the outcome it names takes the man out and carries
 * no wounds, since his wounds become it. */
static gboolean
load_wounds_add_up (MusterRuleset  *self,
                    xmlNodePtr      section,
                    GError        **error)
{
  xmlNodePtr node = muster_ruleset_first_child (section, "wounds-add-up");
  const MusterOutcomeDef *outcome;
  MusterWoundsAddUp *rule;

  if (node == NULL)
    return TRUE;

  rule = self->wounds_add_up = g_new0 (MusterWoundsAddUp, 1);
  rule->outcome = muster_ruleset_attr (self, node, "outcome");
  if (!muster_ruleset_attr_int (self, node, "light", 0, &rule->light, error) ||
      !muster_ruleset_attr_int (self, node, "serious", 0, &rule->serious, error))
    return FALSE;

  outcome = muster_ruleset_lookup_outcome (self, rule->outcome);
  if (outcome == NULL)
    return muster_ruleset_fail (self, node, error,
                                _("wounds add up to the outcome “%s”, but there is no such outcome."),
                                rule->outcome);
  if (!outcome->removes || outcome->takes_light || outcome->takes_serious)
    return muster_ruleset_fail (self, node, error,
                                _("wounds add up to the outcome “%s”, which must take the man out of the game (removes=\"true\") and carry no wounds."),
                                rule->outcome);
  return TRUE;
}

static gboolean
load_outcomes (MusterRuleset  *self,
               xmlNodePtr      section,
               GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  FOREACH_CHILD (node, section, "outcome")
    {
      MusterOutcomeDef *outcome = g_new0 (MusterOutcomeDef, 1);

      outcome->id = muster_ruleset_attr (self, node, "id");
      outcome->name = muster_ruleset_child_text (self, node, "name");
      outcome->takes_light = muster_ruleset_attr_bool (self, node, "light");
      outcome->takes_serious = muster_ruleset_attr_bool (self, node, "serious");
      outcome->removes = muster_ruleset_attr_bool (self, node, "removes");
      g_ptr_array_add (self->outcomes, outcome);

      if (!muster_ruleset_check_unique (self, seen, node,
                                        _("outcome “%s” is defined twice; give each its own id."), outcome->id, error))
        return FALSE;
    }

  return load_wounds_add_up (self, section, error);
}

static gboolean
load_options (MusterRuleset  *self,
              xmlNodePtr      section,
              GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  FOREACH_CHILD (node, section, "option")
    {
      g_autoptr(GHashTable) seen_choices = g_hash_table_new (g_str_hash, g_str_equal);
      MusterOptionDef *option = g_new0 (MusterOptionDef, 1);

      option->id = muster_ruleset_attr (self, node, "id");
      option->name = muster_ruleset_child_text (self, node, "name");
      option->description = muster_ruleset_child_text (self, node, "description");
      option->default_choice = muster_ruleset_attr (self, node, "default");
      option->choices = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (self->options, option);

      if (!muster_ruleset_check_unique (self, seen, node,
                                        _("option “%s” is defined twice; give each its own id."), option->id, error))
        return FALSE;

      FOREACH_CHILD (choice_node, node, "choice")
        {
          MusterChoiceDef *choice = g_new0 (MusterChoiceDef, 1);

          choice->id = muster_ruleset_attr (self, choice_node, "id");
          choice->name = muster_ruleset_child_text (self, choice_node, "name");
          choice->house = muster_ruleset_attr_bool (self, choice_node, "house");
          g_ptr_array_add (option->choices, choice);

          if (!muster_ruleset_check_unique (self, seen_choices, choice_node,
                                        _("choice “%s” is defined twice; give each its own id."), choice->id, error))
            return FALSE;
        }

      if (muster_option_lookup_choice (option, option->default_choice) == NULL)
        return muster_ruleset_fail (self, node, error,
                     _("option “%s”: its default “%s” is not one of its choices."),
                     option->id, option->default_choice);
    }

  return TRUE;
}

static gboolean
load_tables (MusterRuleset  *self,
             xmlNodePtr      section,
             GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  FOREACH_CHILD (node, section, "table")
    {
      g_autofree char *what = NULL;
      MusterLookupTable *table = g_new0 (MusterLookupTable, 1);

      table->id = muster_ruleset_attr (self, node, "id");
      table->name = muster_ruleset_child_text (self, node, "name");
      table->house = muster_ruleset_attr_bool (self, node, "house");
      table->stat = muster_ruleset_attr (self, node, "stat");
      muster_ruleset_table_entries_init (table);
      g_ptr_array_add (self->lookup_tables, table);

      what = g_strdup_printf (_("table “%s”"), table->id);

      if (!muster_ruleset_check_unique (self, seen, node,
                                        _("table “%s” is defined twice; give each its own id."), table->id, error))
        return FALSE;

      table->dice = muster_ruleset_parse_dice (self, node, what, muster_ruleset_attr (self, node, "dice"), error);
      if (table->dice == NULL)
        return FALSE;
      if (table->stat != NULL && muster_ruleset_lookup_stat (self, table->stat) == NULL)
        return muster_ruleset_fail (self, node, error, _("%s: there is no stat “%s”."),
                                    what, table->stat);

      FOREACH_CHILD (entry_node, node, "entry")
        {
          MusterTableEntry *entry = g_new0 (MusterTableEntry, 1);

          entry->id = muster_ruleset_attr (self, entry_node, "id");
          entry->name = muster_ruleset_child_text (self, entry_node, "name");
          entry->effects = g_ptr_array_new_with_free_func (g_free);
          g_ptr_array_add (table->entries, entry);
          if (!muster_ruleset_attr_int (self, entry_node, "min", 0, &entry->min, error) ||
              !muster_ruleset_attr_int (self, entry_node, "max", 0, &entry->max, error) ||
              !muster_ruleset_attr_int (self, entry_node, "value", 0, &entry->value, error) ||
              !muster_ruleset_attr_int (self, entry_node, "limit", -1, &entry->limit, error))
            return FALSE;

          if (entry->min > entry->max)
            return muster_ruleset_fail (self, entry_node, error,
                         _("%s: entry “%s” runs from %d down to %d; put the smaller number in min."),
                         what, entry->id, entry->min, entry->max);
          if (entry->min < muster_dice_expr_get_min (table->dice) ||
              entry->max > muster_dice_expr_get_max (table->dice))
            return muster_ruleset_fail (self, entry_node, error,
                         _("%s: entry “%s” (%d to %d) lies outside what %s can roll (%d to %d)."),
                         what, entry->id, entry->min, entry->max,
                         muster_dice_expr_to_string (table->dice),
                         muster_dice_expr_get_min (table->dice),
                         muster_dice_expr_get_max (table->dice));

          FOREACH_CHILD (effect_node, entry_node, "effect")
            {
              MusterEntryEffect *effect = g_new0 (MusterEntryEffect, 1);

              effect->stat = muster_ruleset_attr (self, effect_node, "stat");
              g_ptr_array_add (entry->effects, effect);
              if (!muster_ruleset_attr_int (self, effect_node, "by", 0, &effect->by, error))
                return FALSE;
              if (muster_ruleset_lookup_stat (self, effect->stat) == NULL)
                return muster_ruleset_fail (self, effect_node, error,
                             _("%s: entry “%s” changes the stat “%s”, but there is no such stat."),
                             what, entry->id, effect->stat);
              if (table->stat == NULL)
                return muster_ruleset_fail (self, effect_node, error,
                             _("%s: entry “%s” changes a stat, but no one holds an entry of the table: name the stat that picks the entry with stat=“…” on the table."),
                             what, entry->id);
            }
        }
    }

  return TRUE;
}

/* The parameters steps read as numbers (muster_step_get_int_param()). */
static const char * const step_int_params[] = {
  "by", "dies-on", "fatal-at", "floor", "retire-at", "at-most", "returns-on", "value",
  "per-serious", "returns",
  "light-by", "serious-by",
};

static gboolean
load_steps (MusterRuleset  *self,
            xmlNodePtr      section,
            GError        **error)
{
  guint n = 0;

  FOREACH_CHILD (node, section, "step")
    {
      g_autofree char *what = NULL;
      MusterStepDef *step = g_new0 (MusterStepDef, 1);
      const char *value;

      step->type = muster_ruleset_attr (self, node, "type");
      step->option = muster_ruleset_attr (self, node, "option");
      step->choice = muster_ruleset_attr (self, node, "choice");
      step->house = muster_ruleset_attr_bool (self, node, "house");
      step->params = g_hash_table_new (g_str_hash, g_str_equal);
      g_ptr_array_add (self->steps, step);

      for (xmlAttrPtr a = node->properties; a != NULL; a = a->next)
        {
          xmlChar *text = xmlNodeListGetString (node->doc, a->children, TRUE);

          g_hash_table_insert (step->params,
                               (gpointer) muster_ruleset_intern (self, (const char *) a->name),
                               (gpointer) muster_ruleset_intern (self, text ? (const char *) text : ""));
          xmlFree (text);
        }

      n++;
      what = g_strdup_printf (_("step %u (%s)"), n, step->type);

      if ((step->option == NULL) != (step->choice == NULL))
        return muster_ruleset_fail (self, node, error,
                     _("%s: give both option and choice, or neither."), what);
      if (step->option != NULL)
        {
          const MusterOptionDef *option = muster_ruleset_lookup_option (self, step->option);

          if (option == NULL)
            return muster_ruleset_fail (self, node, error, _("%s: there is no option “%s”."),
                         what, step->option);
          if (muster_option_lookup_choice (option, step->choice) == NULL)
            return muster_ruleset_fail (self, node, error,
                         _("%s: option “%s” has no choice “%s”."),
                         what, step->option, step->choice);
        }

      for (guint i = 0; i < G_N_ELEMENTS (step_int_params); i++)
        {
          int number;

          if (!muster_ruleset_attr_int (self, node, step_int_params[i], 0, &number, error))
            return FALSE;
        }
      if ((value = muster_step_get_param (step, "dice")) != NULL)
        {
          g_autoptr(MusterDiceExpr) expr = muster_ruleset_parse_dice (self, node, what, value, error);
          if (expr == NULL)
            return FALSE;
        }
      if ((value = muster_step_get_param (step, "outcome")) != NULL &&
          muster_ruleset_lookup_outcome (self, value) == NULL)
        return muster_ruleset_fail (self, node, error, _("%s: there is no outcome “%s”."), what, value);
      if ((value = muster_step_get_param (step, "stat")) != NULL &&
          muster_ruleset_lookup_stat (self, value) == NULL)
        return muster_ruleset_fail (self, node, error, _("%s: there is no stat “%s”."), what, value);
      if ((value = muster_step_get_param (step, "table")) != NULL &&
          muster_ruleset_lookup_table (self, value) == NULL)
        return muster_ruleset_fail (self, node, error, _("%s: there is no table “%s”."), what, value);
      if ((value = muster_step_get_param (step, "unit-stat")) != NULL &&
          muster_ruleset_lookup_unit_stat (self, value) == NULL)
        return muster_ruleset_fail (self, node, error, _("%s: there is no unit stat “%s”."), what, value);
    }

  return TRUE;
}

/* The notes of @node that are house readings (or that are not), one a
 * line; NULL when there are none. */
static const char *
notes_marked (MusterRuleset *self,
              xmlNodePtr     node,
              gboolean       house)
{
  g_autoptr(GString) str = g_string_new (NULL);

  FOREACH_CHILD (note, node, "note")
    {
      if (muster_ruleset_attr_bool (self, note, "house") != house)
        continue;
      if (str->len > 0)
        g_string_append_c (str, '\n');
      g_string_append (str, muster_ruleset_text_of (self, note));
    }

  return str->len > 0 ? muster_ruleset_intern (self, str->str) : NULL;
}

static gboolean
load_house_readings (MusterRuleset  *self,
                     xmlNodePtr      section,
                     GError        **error)
{
  FOREACH_CHILD (node, section, "house-reading")
    {
      MusterHouseReading *reading = g_new0 (MusterHouseReading, 1);

      reading->id = muster_ruleset_attr (self, node, "id");
      reading->title = muster_ruleset_child_text (self, node, "title");
      reading->note = muster_ruleset_notes_of (self, node);
      g_ptr_array_add (self->house_readings, reading);
    }

  return TRUE;
}

static gboolean
load_reference (MusterRuleset  *self,
                xmlNodePtr      section,
                GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  FOREACH_CHILD (node, section, "ref-table")
    {
      MusterReferenceTable *table = g_new0 (MusterReferenceTable, 1);
      xmlNodePtr columns;
      guint n_columns = 0;

      table->id = muster_ruleset_attr (self, node, "id");
      table->title = muster_ruleset_child_text (self, node, "title");
      table->house = muster_ruleset_attr_bool (self, node, "house");
      table->note = muster_ruleset_notes_of (self, node);
      table->text_note = notes_marked (self, node, FALSE);
      table->house_note = notes_marked (self, node, TRUE);
      table->house_rows = g_array_new (FALSE, TRUE, sizeof (gboolean));
      table->columns = g_ptr_array_new ();
      table->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
      g_ptr_array_add (self->reference_tables, table);

      if (!muster_ruleset_check_unique (self, seen, node,
                                        _("reference table “%s” is defined twice; give each its own id."), table->id, error))
        return FALSE;

      if ((columns = muster_ruleset_first_child (node, "columns")) != NULL)
        FOREACH_CHILD (column, columns, "column")
          {
            g_ptr_array_add (table->columns, (gpointer) muster_ruleset_text_of (self, column));
            n_columns++;
          }

      FOREACH_CHILD (row_node, node, "row")
        {
          GPtrArray *row = g_ptr_array_new ();
          gboolean house = muster_ruleset_attr_bool (self, row_node, "house");

          g_array_append_val (table->house_rows, house);
          FOREACH_CHILD (cell, row_node, "cell")
            g_ptr_array_add (row, (gpointer) muster_ruleset_text_of (self, cell));
          g_ptr_array_add (table->rows, row);

          if (n_columns > 0 && row->len != n_columns)
            return muster_ruleset_fail (self, row_node, error,
                         g_dngettext (GETTEXT_PACKAGE, "reference table “%s”: this row has %u cell but there are %u columns.",
                                   "reference table “%s”: this row has %u cells but there are %u columns.",
                                   row->len),
                         table->id, row->len, n_columns);
        }
    }

  return TRUE;
}

/* Rolls on a table name it before the table is read: point them at it
 * now, and check every entry's value fits the stat. */
static gboolean
resolve_table_rolls (MusterRuleset  *self,
                     xmlNodePtr      root,
                     GError        **error)
{
  for (guint i = 0; i < self->troop_types->len; i++)
    {
      const MusterTroopType *type = g_ptr_array_index (self->troop_types, i);

      for (guint j = 0; j < type->rolls->len; j++)
        {
          MusterStatRoll *roll = g_ptr_array_index (type->rolls, j);
          const char *id = roll->table_id;
          const MusterStatDef *stat;

          if (id == NULL)
            continue;
          roll->table = muster_ruleset_lookup_table (self, id);
          if (roll->table == NULL)
            return muster_ruleset_fail (self, root, error,
                                        _("troop type “%s”: %s is rolled on the table “%s”, but there is no such table."),
                                        type->id, roll->stat, id);
          stat = muster_ruleset_lookup_stat (self, roll->stat);
          for (guint k = 0; k < roll->table->entries->len; k++)
            {
              const MusterTableEntry *entry = g_ptr_array_index (roll->table->entries, k);

              if (entry->value < stat->min || entry->value > stat->max)
                return muster_ruleset_fail (self, root, error,
                                            _("troop type “%s”: the table “%s” gives %s %d (%s), outside its range of %d to %d."),
                                            type->id, id, stat->key, entry->value, entry->id,
                                            stat->min, stat->max);
            }
        }
    }
  return TRUE;
}

gboolean
muster_ruleset_load_document (MusterRuleset  *self,
               xmlDocPtr       doc,
               GError        **error)
{
  xmlNodePtr root = xmlDocGetRootElement (doc);
  const char *kept_by;
  static const struct {
    const char *name;
    gboolean  (*load) (MusterRuleset *, xmlNodePtr, GError **);
  } sections[] = {
    { "stats",        load_stats },
    { "weapons",      load_weapons },
    { "troop-types",  load_troop_types },
    { "unit-stats",   load_unit_stats },
    { "unit-kinds",   load_unit_kinds },
    { "ratings",      load_ratings },
    { "outcomes",     load_outcomes },
    { "options",      load_options },
    { "tables",       load_tables },
    { "between-game", load_steps },
    { "reference",    load_reference },
    { "house-readings", load_house_readings },
  };

  self->id = muster_ruleset_attr (self, root, "id");
  self->version = muster_ruleset_attr (self, root, "version");
  self->title = muster_ruleset_child_text (self, root, "title");
  self->source = muster_ruleset_child_text (self, root, "source");
  kept_by = muster_ruleset_attr (self, root, "kept-by");
  self->kept_by = g_strcmp0 (kept_by, "unit") == 0 ? MUSTER_KEPT_BY_UNIT : MUSTER_KEPT_BY_FIGURE;

  /* The schema fixes the order of sections, so references always point
   * back to something already loaded. */
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    {
      xmlNodePtr section = muster_ruleset_first_child (root, sections[i].name);

      if (section != NULL && !sections[i].load (self, section, error))
        return FALSE;
    }

  return resolve_table_rolls (self, root, error);
}

