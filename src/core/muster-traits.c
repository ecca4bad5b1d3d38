/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ruleset"

#include "config.h"

#include "muster-traits.h"

/**
 * muster_traits_get_table:
 * @ruleset: a ruleset
 * @stat: a stat key
 *
 * Returns: (nullable): the table whose entry a character's value of @stat
 *   picks (<table stat="@stat">)
 */
const MusterLookupTable *
muster_traits_get_table (MusterRuleset *ruleset,
                         const char    *stat)
{
  GPtrArray *tables;

  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), NULL);
  g_return_val_if_fail (stat != NULL, NULL);

  tables = muster_ruleset_get_lookup_tables (ruleset);
  for (guint i = 0; tables != NULL && i < tables->len; i++)
    {
      const MusterLookupTable *table = g_ptr_array_index (tables, i);

      if (g_strcmp0 (table->stat, stat) == 0)
        return table;
    }
  return NULL;
}

/**
 * muster_traits_get_entry:
 * @ruleset: the campaign's ruleset
 * @character: a character of the campaign
 * @stat: a stat key
 *
 * Returns: (nullable): the entry of the table picked by @stat that the
 *   character's value of @stat falls in
 */
const MusterTableEntry *
muster_traits_get_entry (MusterRuleset   *ruleset,
                         MusterCharacter *character,
                         const char      *stat)
{
  const MusterLookupTable *table;
  int value;

  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), NULL);
  g_return_val_if_fail (MUSTER_IS_CHARACTER (character), NULL);
  g_return_val_if_fail (stat != NULL, NULL);

  table = muster_traits_get_table (ruleset, stat);
  if (table == NULL || !muster_character_get_stat (character, stat, &value))
    return NULL;
  return muster_lookup_table_find_entry (table, value);
}

/**
 * muster_traits_played_stat:
 * @ruleset: the campaign's ruleset
 * @character: a character of the campaign
 * @key: a stat key
 * @value: (out): the value as played
 * @effects: (out) (optional) (transfer full): the traits that change it
 *
 * Returns: FALSE when the character has no value of @key
 */
gboolean
muster_traits_played_stat (MusterRuleset   *ruleset,
                           MusterCharacter *character,
                           const char      *key,
                           int             *value,
                           GArray         **effects)
{
  const MusterStatDef *def;
  GPtrArray *tables;
  gint64 played;
  int own;

  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), FALSE);
  g_return_val_if_fail (MUSTER_IS_CHARACTER (character), FALSE);
  g_return_val_if_fail (key != NULL && value != NULL, FALSE);

  if (effects != NULL)
    *effects = g_array_new (FALSE, FALSE, sizeof (MusterTraitEffect));
  if (!muster_character_get_stat (character, key, &own))
    return FALSE;

  played = own;
  tables = muster_ruleset_get_lookup_tables (ruleset);
  for (guint i = 0; tables != NULL && i < tables->len; i++)
    {
      const MusterLookupTable *table = g_ptr_array_index (tables, i);
      const MusterTableEntry *entry;

      if (table->stat == NULL || (entry = muster_traits_get_entry (ruleset, character, table->stat)) == NULL)
        continue;
      for (guint j = 0; entry->effects != NULL && j < entry->effects->len; j++)
        {
          const MusterEntryEffect *effect = g_ptr_array_index (entry->effects, j);
          MusterTraitEffect trait = { table, entry, effect->by };

          if (!g_str_equal (effect->stat, key) || effect->by == 0)
            continue;
          played += effect->by;
          if (effects != NULL)
            g_array_append_val (*effects, trait);
        }
    }

  def = muster_ruleset_lookup_stat (ruleset, key);
  if (def != NULL)
    played = CLAMP (played, def->min, def->max);
  *value = (int) CLAMP (played, G_MININT, G_MAXINT);
  return TRUE;
}
