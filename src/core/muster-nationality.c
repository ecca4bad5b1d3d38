/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-nationality"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-nationality.h"
#include "muster-paths.h"
#include "muster-types.h"

/* The words of a side's or a force's name that suggest a nationality, in
 * ASCII and lower case (names are compared the same way). French comes
 * first, so that "Armée de Portugal" is French, and British last, as its
 * words ("Rifles", "Foot") are the most general. */
static const char * const french_words[] = {
  "french", "france", "francais", "republi", "empire", "imperial", "napoleon", "bonaparte",
  "armee", "de ligne", "leger", "voltigeur", NULL,
};
static const char * const spanish_words[] = {
  "spanish", "spain", "espana", "espanol", "guerrill", NULL,
};
static const char * const portuguese_words[] = {
  "portug", "cacador", "lusitan", NULL,
};
static const char * const british_words[] = {
  "british", "britain", "english", "england", "anglo", "scot", "irish", "ireland", "welsh",
  "wales", "highland", "rifles", "redcoat", "foot", NULL,
};

static const struct {
  const char         *id;
  const char         *label;
  const char * const *words;
} nationalities[] = {
  { "british",    N_("British"),    british_words },
  { "french",     N_("French"),     french_words },
  { "spanish",    N_("Spanish"),    spanish_words },
  { "portuguese", N_("Portuguese"), portuguese_words },
};

/* The order in which names are searched for each nationality's words. */
static const guint guess_order[] = { 1, 2, 3, 0 };

/* The names read from each file, by path: read once, kept for the life
 * of the program, as the rulesets are. */
typedef struct {
  GPtrArray *first_names;
  GPtrArray *surnames;
} NameLists;

static GMutex      names_lock;
static GHashTable *names_by_path;

const char * const *
muster_nationality_get_ids (void)
{
  static const char * const ids[] = { "british", "french", "spanish", "portuguese", NULL };

  G_STATIC_ASSERT (G_N_ELEMENTS (ids) == G_N_ELEMENTS (nationalities) + 1);
  return ids;
}

static int
find (const char *id)
{
  for (guint i = 0; id != NULL && i < G_N_ELEMENTS (nationalities); i++)
    if (g_str_equal (nationalities[i].id, id))
      return (int) i;
  return -1;
}

const char *
muster_nationality_get_label (const char *id)
{
  int i = find (id);

  return i >= 0 ? _(nationalities[i].label) : NULL;
}

gboolean
muster_nationality_check (const char  *id,
                          GError     **error)
{
  g_autofree char *list = NULL;

  if (find (id) >= 0)
    return TRUE;
  list = g_strjoinv (", ", (char **) muster_nationality_get_ids ());
  g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
               _("There is no nationality “%s”. Choose one of: %s."), id != NULL ? id : "", list);
  return FALSE;
}

/* The nationality whose words @text holds, or NULL. */
static const char *
guess_from (const char *text)
{
  g_autofree char *ascii = NULL;
  g_autofree char *lower = NULL;

  if (text == NULL || !g_utf8_validate (text, -1, NULL))
    return NULL;
  /* "République" reads "Republique", "España" "Espana". */
  ascii = g_str_to_ascii (text, "C");
  lower = g_ascii_strdown (ascii, -1);
  for (guint i = 0; i < G_N_ELEMENTS (guess_order); i++)
    {
      guint n = guess_order[i];

      for (guint w = 0; nationalities[n].words[w] != NULL; w++)
        if (strstr (lower, nationalities[n].words[w]) != NULL)
          return nationalities[n].id;
    }
  return NULL;
}

const char *
muster_nationality_guess (const char *side,
                          const char *name)
{
  const char *guess = guess_from (side);

  if (guess == NULL)
    guess = guess_from (name);
  return guess != NULL ? guess : MUSTER_NATIONALITY_DEFAULT;
}

static void
name_lists_free (gpointer data)
{
  NameLists *lists = data;

  g_ptr_array_unref (lists->first_names);
  g_ptr_array_unref (lists->surnames);
  g_free (lists);
}

/* Reads a names file: "[first names]" then one name a line, "[surnames]"
 * then one a line; blank lines and lines starting with # are left out. */
static NameLists *
read_names (const char  *path,
            GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) first_names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) surnames = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *section = NULL;
  NameLists *lists;

  if (!g_file_get_contents (path, &contents, NULL, &local_error))
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_FILE,
                   _("Could not read the names of recruits from “%s”: %s"), path, local_error->message);
      return NULL;
    }
  if (!g_utf8_validate (contents, -1, NULL))
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("The names file “%s” is not UTF-8 text."), path);
      return NULL;
    }

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);

      if (*line == '\0' || *line == '#')
        continue;
      if (g_str_equal (line, "[first names]"))
        section = first_names;
      else if (g_str_equal (line, "[surnames]"))
        section = surnames;
      else if (*line == '[' || section == NULL)
        {
          g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                       _("%s, line %u: “%s” is not a name under [first names] or [surnames]."),
                       path, i + 1, line);
          return NULL;
        }
      else
        g_ptr_array_add (section, g_strdup (line));
    }
  if (first_names->len == 0 || surnames->len == 0)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("The names file “%s” needs first names under [first names] and surnames under [surnames]."),
                   path);
      return NULL;
    }

  lists = g_new0 (NameLists, 1);
  lists->first_names = g_steal_pointer (&first_names);
  lists->surnames = g_steal_pointer (&surnames);
  return lists;
}

gboolean
muster_nationality_get_names (const char  *id,
                              GPtrArray  **first_names,
                              GPtrArray  **surnames,
                              GError     **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;
  NameLists *lists;

  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!muster_nationality_check (id, error))
    return FALSE;

  dir = muster_paths_get_data_dir ("MUSTER_NAMES_DIR", "names");
  file = g_strconcat (id, ".txt", NULL);
  path = g_build_filename (dir, file, NULL);

  g_mutex_lock (&names_lock);
  if (names_by_path == NULL)
    names_by_path = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, name_lists_free);
  lists = g_hash_table_lookup (names_by_path, path);
  if (lists == NULL && (lists = read_names (path, error)) != NULL)
    g_hash_table_insert (names_by_path, g_strdup (path), lists);
  g_mutex_unlock (&names_lock);

  if (lists == NULL)
    return FALSE;
  if (first_names != NULL)
    *first_names = g_ptr_array_ref (lists->first_names);
  if (surnames != NULL)
    *surnames = g_ptr_array_ref (lists->surnames);
  return TRUE;
}

static const char *
pick (GPtrArray *names,
      MusterRng *rng)
{
  return g_ptr_array_index (names, muster_rng_die (rng, names->len) - 1);
}

/**
 * muster_nationality_pick_name:
 * @id: a nationality
 * @rng: the generator of the recruit's names
 * @error: return location for an error
 *
 * Returns: (transfer full): a first name and a surname of @id, or %NULL
 * with @error set when @id is not a nationality or its names cannot be
 * read.
 */
char *
muster_nationality_pick_name (const char  *id,
                              MusterRng   *rng,
                              GError     **error)
{
  g_autoptr(GPtrArray) first_names = NULL;
  g_autoptr(GPtrArray) surnames = NULL;

  g_return_val_if_fail (rng != NULL, NULL);

  if (!muster_nationality_get_names (id, &first_names, &surnames, error))
    return NULL;
  return muster_nationality_pick_name_from (first_names, surnames, rng);
}

/**
 * muster_nationality_pick_name_from:
 * @first_names: (element-type utf8): first names, as muster_nationality_get_names() gives
 * @surnames: (element-type utf8): surnames, likewise
 * @rng: the generator of the recruit's names
 *
 * What muster_nationality_pick_name() picks, from lists already at hand
 * (a batch of recruits reads them once).
 *
 * Returns: (transfer full): a first name and a surname.
 */
char *
muster_nationality_pick_name_from (GPtrArray *first_names,
                                   GPtrArray *surnames,
                                   MusterRng *rng)
{
  const char *first;

  g_return_val_if_fail (first_names != NULL && surnames != NULL, NULL);
  g_return_val_if_fail (rng != NULL, NULL);

  first = pick (first_names, rng);
  return g_strdup_printf ("%s %s", first, pick (surnames, rng));
}
