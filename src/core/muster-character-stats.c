/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-character"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-character-stats.h"

/* The name of @character's weapon, or NULL when he carries none. */
static const char *
weapon_name (MusterCharacter *character,
             MusterRuleset   *ruleset)
{
  const char *id = muster_character_get_weapon (character);
  const MusterWeaponDef *weapon;

  if (id == NULL || *id == '\0')
    return NULL;
  weapon = muster_ruleset_lookup_weapon (ruleset, id);
  return weapon != NULL ? weapon->name : id;
}

/* The cap of his weapon on @key, G_MAXINT when it has none. */
static int
cap_of (MusterCharacter *character,
        MusterRuleset   *ruleset,
        const char      *key)
{
  const char *weapon = muster_character_get_weapon (character);

  if (weapon == NULL || *weapon == '\0')
    return G_MAXINT;
  return muster_ruleset_get_cap (ruleset, weapon, key);
}

/**
 * muster_character_get_effective_stat:
 * @character: a character
 * @ruleset: his campaign's ruleset
 * @key: a stat key
 * @value: (out): the value he uses with his weapon
 *
 * Returns: %FALSE when he has no value for @key.
 */
gboolean
muster_character_get_effective_stat (MusterCharacter *character,
                                     MusterRuleset   *ruleset,
                                     const char      *key,
                                     int             *value)
{
  int own;

  g_return_val_if_fail (MUSTER_IS_CHARACTER (character), FALSE);
  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), FALSE);
  g_return_val_if_fail (key != NULL, FALSE);

  if (!muster_character_get_stat (character, key, &own))
    return FALSE;
  if (value != NULL)
    *value = MIN (own, cap_of (character, ruleset, key));
  return TRUE;
}

gboolean
muster_character_stat_is_capped (MusterCharacter *character,
                                 MusterRuleset   *ruleset,
                                 const char      *key)
{
  int own;

  g_return_val_if_fail (MUSTER_IS_CHARACTER (character), FALSE);
  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), FALSE);

  return muster_character_get_stat (character, key, &own) &&
         own > cap_of (character, ruleset, key);
}

/**
 * muster_character_format_stat:
 * @character: a character
 * @ruleset: his campaign's ruleset
 * @key: a stat key
 *
 * Returns: (transfer full) (nullable): "11 (9)" when his weapon holds his
 * 11 to 9, else "11"; %NULL when he has no value for @key.
 */
char *
muster_character_format_stat (MusterCharacter *character,
                              MusterRuleset   *ruleset,
                              const char      *key)
{
  int own, used;

  g_return_val_if_fail (MUSTER_IS_CHARACTER (character), NULL);
  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), NULL);

  if (!muster_character_get_stat (character, key, &own) ||
      !muster_character_get_effective_stat (character, ruleset, key, &used))
    return NULL;
  if (used == own)
    return g_strdup_printf ("%d", own);
  /* Translators: his own value, then the one his weapon allows: "11 (9)" */
  return g_strdup_printf (_("%d (%d)"), own, used);
}

/**
 * muster_character_describe_cap:
 * @character: a character
 * @ruleset: his campaign's ruleset
 * @key: a stat key
 *
 * Returns: (transfer full) (nullable): "(9): Firing with his Musket", or
 * %NULL when his weapon does not hold his @key lower.
 */
char *
muster_character_describe_cap (MusterCharacter *character,
                               MusterRuleset   *ruleset,
                               const char      *key)
{
  const MusterStatDef *def;
  int used;

  g_return_val_if_fail (MUSTER_IS_CHARACTER (character), NULL);
  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), NULL);

  def = muster_ruleset_lookup_stat (ruleset, key);
  if (def == NULL || !muster_character_stat_is_capped (character, ruleset, key) ||
      !muster_character_get_effective_stat (character, ruleset, key, &used))
    return NULL;
  /* Translators: the key to a value in brackets: "(9): Firing with his
   * Musket" */
  return g_strdup_printf (_("(%d): %s with his %s"), used, def->name, weapon_name (character, ruleset));
}

/**
 * muster_character_describe_caps:
 * @character: a character
 * @ruleset: his campaign's ruleset
 *
 * Returns: (transfer full) (nullable): "(9): Firing with his Musket", or
 * %NULL when his weapon holds none of his stats lower.
 */
char *
muster_character_describe_caps (MusterCharacter *character,
                                MusterRuleset   *ruleset)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (MUSTER_IS_CHARACTER (character), NULL);
  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), NULL);

  for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
    {
      g_autofree char *key = muster_character_describe_cap (character, ruleset,
                                                            muster_ruleset_get_stat (ruleset, i)->key);

      if (key == NULL)
        continue;
      if (text->len > 0)
        g_string_append (text, "; ");
      g_string_append (text, key);
    }
  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

/**
 * muster_characters_describe_caps:
 * @characters: (element-type MusterCharacter): the characters of a sheet
 * @ruleset: their campaign's ruleset
 *
 * Returns: (transfer full) (nullable): "In brackets: what a man uses with
 * the weapon he carries (Firing at most 9 with a Musket).", naming each
 * weapon and stat that holds one of @characters lower; %NULL when none.
 */
char *
muster_characters_describe_caps (GPtrArray     *characters,
                                 MusterRuleset *ruleset)
{
  g_autoptr(GString) caps = g_string_new (NULL);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), NULL);

  for (guint c = 0; characters != NULL && c < characters->len; c++)
    {
      MusterCharacter *character = g_ptr_array_index (characters, c);

      for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
        {
          const MusterStatDef *def = muster_ruleset_get_stat (ruleset, i);
          char *id;

          if (!muster_character_stat_is_capped (character, ruleset, def->key))
            continue;
          id = g_strconcat (muster_character_get_weapon (character), "/", def->key, NULL);
          if (!g_hash_table_add (seen, id))
            continue;
          if (caps->len > 0)
            g_string_append (caps, "; ");
          /* Translators: "Firing at most 9 with a Musket" */
          g_string_append_printf (caps, _("%s at most %d with a %s"), def->name,
                                  cap_of (character, ruleset, def->key),
                                  weapon_name (character, ruleset));
        }
    }
  if (caps->len == 0)
    return NULL;
  /* Translators: the key to values in brackets on a sheet; the caps, e.g.
   * "Firing at most 9 with a Musket" */
  return g_strdup_printf (_("In brackets: what a man uses with the weapon he carries (%s)."), caps->str);
}
