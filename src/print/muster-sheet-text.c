/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-sheet-text.h"
#include "muster-character-stats.h"
#include "muster-traits.h"

const char *
muster_sheet_troop_type_name (MusterRuleset   *ruleset,
                              MusterCharacter *character)
{
  const char *id = muster_character_get_troop_type (character);
  const MusterTroopType *type = id != NULL ? muster_ruleset_lookup_troop_type (ruleset, id) : NULL;

  return type != NULL ? type->name : id;
}

const char *
muster_sheet_weapon_name (MusterRuleset   *ruleset,
                          MusterCharacter *character)
{
  const char *id = muster_character_get_weapon (character);
  const MusterWeaponDef *weapon = id != NULL ? muster_ruleset_lookup_weapon (ruleset, id) : NULL;

  return weapon != NULL ? weapon->name : id;
}

char *
muster_sheet_rank_and_type (MusterRuleset   *ruleset,
                            MusterCharacter *character)
{
  const char *rank = muster_character_get_rank (character);

  if (rank != NULL && *rank != '\0')
    return g_strdup_printf ("%s · %s", rank, muster_sheet_troop_type_name (ruleset, character));
  return g_strdup (muster_sheet_troop_type_name (ruleset, character));
}

const char *
muster_sheet_stat_entry_name (MusterRuleset       *ruleset,
                              MusterCharacter     *character,
                              const MusterStatDef *stat,
                              int                  value)
{
  const char *id = muster_character_get_troop_type (character);
  const MusterTroopType *type = id != NULL ? muster_ruleset_lookup_troop_type (ruleset, id) : NULL;

  if (type == NULL)
    return NULL;

  for (guint i = 0; i < type->rolls->len; i++)
    {
      const MusterStatRoll *roll = g_ptr_array_index (type->rolls, i);

      if (roll->table == NULL || g_strcmp0 (roll->stat, stat->key) != 0)
        continue;

      for (guint j = 0; j < roll->table->entries->len; j++)
        {
          const MusterTableEntry *entry = g_ptr_array_index (roll->table->entries, j);

          if (entry->value == value)
            return entry->name;
        }
    }

  /* A trait the stat picks on a table of its own (Chosen Men's "Coward"
   * for Character 1). */
  {
    const MusterLookupTable *table = muster_traits_get_table (ruleset, stat->key);
    const MusterTableEntry *entry = table != NULL ? muster_lookup_table_find_entry (table, value) : NULL;

    if (entry != NULL)
      return entry->name;
  }

  return NULL;
}

char *
muster_sheet_trait_effects_text (GArray *effects)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; effects != NULL && i < effects->len; i++)
    {
      const MusterTraitEffect *effect = &g_array_index (effects, MusterTraitEffect, i);
      /* A true minus sign, as the texts print it. */
      g_autofree char *by = effect->by < 0 ? g_strdup_printf ("−%d", -effect->by)
                                           : g_strdup_printf ("+%d", effect->by);

      if (text->len > 0)
        g_string_append (text, ", ");
      /* TRANSLATORS: a character's trait and what it does to a stat, e.g. "Coward −1" */
      g_string_append_printf (text, _("%s %s"), effect->entry->name, by);
    }

  return g_string_free (text, text->len == 0);
}

char *
muster_sheet_stat_value_text (MusterRuleset       *ruleset,
                              MusterCharacter     *character,
                              const MusterStatDef *stat)
{
  g_autoptr(GArray) effects = NULL;
  g_autofree char *traits = NULL;
  int value;

  if (!muster_traits_played_stat (ruleset, character, stat->key, &value, &effects))
    return NULL;

  traits = muster_sheet_trait_effects_text (effects);
  if (traits != NULL)
    /* TRANSLATORS: a stat's value as played and the traits that make it so, e.g. "0 (Coward −1)" */
    return g_strdup_printf (_("%d (%s)"), value, traits);
  /* What his weapon lets him use, in brackets: "11 (9)". */
  return muster_character_format_stat (character, ruleset, stat->key);
}

int
muster_sheet_derived_value (const MusterDerivedStat *derived,
                            MusterCharacter         *character,
                            int                      value)
{
  return value * (muster_character_get_mounted (character) ? derived->mounted_times : derived->times);
}

const MusterTableEntry *
muster_sheet_stat_activations (MusterRuleset            *ruleset,
                               const MusterStatDef      *stat,
                               int                       value,
                               const MusterLookupTable **table)
{
  g_autofree char *id = g_strdup_printf ("%s-activations", stat->key);
  const MusterLookupTable *lookup = muster_ruleset_lookup_table (ruleset, id);
  const MusterTableEntry *entry = lookup != NULL ? muster_lookup_table_find_entry (lookup, value) : NULL;

  if (entry != NULL)
    *table = lookup;
  return entry;
}

char *
muster_sheet_character_stats (MusterRuleset   *ruleset,
                              MusterCharacter *character)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
    {
      const MusterStatDef *stat = muster_ruleset_get_stat (ruleset, i);
      g_autoptr(GArray) effects = NULL;
      g_autofree char *traits = NULL;
      const char *entry;
      int value;

      if (!muster_traits_played_stat (ruleset, character, stat->key, &value, &effects))
        continue;

      if (text->len > 0)
        g_string_append (text, " · ");
      traits = muster_sheet_trait_effects_text (effects);
      entry = muster_sheet_stat_entry_name (ruleset, character, stat, value);
      if (traits != NULL)
        /* TRANSLATORS: a stat, its value as played and the traits that make it so, e.g. "Rating 0 (Coward −1)" */
        g_string_append_printf (text, _("%s %d (%s)"), stat->name, value, traits);
      else if (entry != NULL)
        /* TRANSLATORS: a stat, its value and what the value is called, e.g. "Class 3 Leader" */
        g_string_append_printf (text, _("%s %d %s"), stat->name, value, entry);
      else
        /* TRANSLATORS: a stat and its value, e.g. "Rank 2" */
        g_string_append_printf (text, _("%s %d"), stat->name, value);

      for (guint j = 0; stat->derived != NULL && j < stat->derived->len; j++)
        {
          const MusterDerivedStat *derived = g_ptr_array_index (stat->derived, j);

          g_string_append (text, " · ");
          g_string_append_printf (text, _("%s %d"), derived->name,
                                  muster_sheet_derived_value (derived, character, value));
        }
    }

  return g_string_free (text, FALSE);
}
