/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-engine.h"
#include "muster-game.h"
#include "muster-store-private.h"

/* Faces rolled at the table, typed in as text and handed to a resolution:
 * read, and checked against the rolls the resolution will make, so that a
 * die rolled at the table is never lost to a name Muster does not know. */

/**
 * muster_engine_parse_faces:
 * @text: faces as typed in, "3,5" or "3 5"
 *
 * Returns: (transfer full): the faces (of int), or %NULL with
 * MUSTER_DICE_ERROR_FACES set when @text holds anything else or none.
 */
GArray *
muster_engine_parse_faces (const char  *text,
                           GError     **error)
{
  g_autoptr(GArray) faces = g_array_new (FALSE, FALSE, sizeof (int));
  g_auto(GStrv) parts = g_strsplit_set (text, ", ", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 value;

      if (parts[i][0] == '\0')
        continue;
      if (!g_ascii_string_to_unsigned (parts[i], 10, 1, 1000, &value, NULL))
        {
          g_set_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES,
                       _("“%s” is not a face of a die: write the faces as numbers, for example 3,5."),
                       parts[i]);
          return NULL;
        }
      g_array_append_vals (faces, &(int) { (int) value }, 1);
    }
  if (faces->len == 0)
    {
      g_set_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES,
                   _("No faces given in “%s”: write them as numbers, for example 3,5."), text);
      return NULL;
    }
  return g_steal_pointer (&faces);
}

GArray *
muster_engine_faces_from_table (const MusterPlannedRoll  *roll,
                                gpointer                  user_data,
                                GError                  **error)
{
  GHashTable *table = user_data;
  g_autofree char *id = NULL;
  const char *text;

  g_return_val_if_fail (roll != NULL, NULL);
  g_return_val_if_fail (table != NULL, NULL);

  text = g_hash_table_lookup (table, roll->purpose);
  if (text == NULL && roll->character_id != 0)
    {
      id = g_strdup_printf ("%" G_GINT64_FORMAT, roll->character_id);
      text = g_hash_table_lookup (table, id);
    }
  if (text == NULL && roll->character_name != NULL)
    text = g_hash_table_lookup (table, roll->character_name);
  if (text == NULL)
    return NULL;

  return muster_engine_parse_faces (text, error);
}

static int
compare_keys (gconstpointer a,
              gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* Whether @key names @roll, as muster_engine_faces_from_table() reads it. */
static gboolean
key_names_roll (const char              *key,
                const MusterPlannedRoll *roll)
{
  g_autofree char *id = NULL;

  if (g_strcmp0 (key, roll->purpose) == 0 || g_strcmp0 (key, roll->character_name) == 0)
    return TRUE;
  if (roll->character_id == 0)
    return FALSE;
  id = g_strdup_printf ("%" G_GINT64_FORMAT, roll->character_id);
  return g_str_equal (key, id);
}

/**
 * muster_engine_check_faces:
 * @plan: (element-type MusterPlannedRoll): what muster_engine_plan() gave
 * @faces: (element-type utf8 utf8): who or what roll -> faces
 * @what: the game, as muster_game_describe_full() says it
 *
 * Refuses any key of @faces that names no roll of @plan, listing the
 * names the resolution expects.
 */
gboolean
muster_engine_check_faces (GPtrArray   *plan,
                           GHashTable  *faces,
                           const char  *what,
                           GError     **error)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;

  g_return_val_if_fail (plan != NULL, FALSE);
  g_return_val_if_fail (faces != NULL, FALSE);

  /* Sorted, so that the one refused does not depend on hashing. */
  g_hash_table_iter_init (&iter, faces);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (keys, key);
  g_ptr_array_sort (keys, compare_keys);
  for (guint i = 0; i < keys->len; i++)
    {
      const char *key = g_ptr_array_index (keys, i);
      g_autoptr(GString) names = NULL;
      gboolean known = FALSE;

      for (guint j = 0; j < plan->len && !known; j++)
        known = key_names_roll (key, g_ptr_array_index (plan, j));
      if (known)
        continue;

      if (plan->len == 0)
        {
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                       _("Resolving %s rolls no dice, so the faces given for “%s” have no roll to go to."),
                       what, key);
          return FALSE;
        }

      names = g_string_new (NULL);
      for (guint j = 0; j < plan->len; j++)
        {
          const MusterPlannedRoll *roll = g_ptr_array_index (plan, j);
          g_autofree char *quoted = NULL;

          if (roll->character_name == NULL)
            continue;
          quoted = g_strdup_printf (_("“%s”"), roll->character_name);
          if (strstr (names->str, quoted) != NULL)
            continue;
          if (names->len > 0)
            g_string_append (names, ", ");
          g_string_append (names, quoted);
        }
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("“%s” has no roll in resolving %s. The rolls are for: %s; a roll’s purpose names one too."),
                   key, what, names->str);
      return FALSE;
    }
  return TRUE;
}

/**
 * muster_engine_resolve_with_faces:
 * @faces: (element-type utf8 utf8): faces rolled at the table, as
 *   muster_engine_faces_from_table() reads them; the other rolls Muster
 *   makes
 *
 * Resolves @game_id after checking that every key of @faces names one of
 * its rolls (muster_engine_check_faces()).
 *
 * Returns: (transfer full) (element-type MusterResolutionEvent): a new
 *   array of #MusterResolutionEvent, or %NULL with @error set
 */
GPtrArray *
muster_engine_resolve_with_faces (MusterStore  *store,
                                  gint64        game_id,
                                  GHashTable   *faces,
                                  GError      **error)
{
  g_autoptr(GPtrArray) plan = NULL;
  g_autoptr(MusterGame) game = NULL;
  g_autofree char *what = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);
  g_return_val_if_fail (faces != NULL, NULL);

  if (g_hash_table_size (faces) > 0)
    {
      if ((plan = muster_engine_plan (store, game_id, error)) == NULL ||
          (game = muster_store_get_game (store, game_id, error)) == NULL)
        return NULL;
      what = muster_game_describe_full (game);
      if (!muster_engine_check_faces (plan, faces, what, error))
        return NULL;
    }
  return muster_engine_resolve (store, game_id, muster_engine_faces_from_table, faces, error);
}
