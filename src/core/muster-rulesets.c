/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ruleset"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-paths.h"
#include "muster-ruleset.h"

/* The registry of rulesets a program can use, read once and cached. */

static GMutex     registry_lock;
static GPtrArray *registry;         /* of MusterRuleset*, sorted by title */
static GPtrArray *registry_errors;  /* of GError* */

static char *
shipped_dir (void)
{
  return muster_paths_get_data_dir ("MUSTER_RULESETS_DIR", "rulesets");
}

static char *
user_dir (void)
{
  /* Read the environment on every call rather than through
   * g_get_user_data_dir(), which caches the first answer, so that a
   * reload after XDG_DATA_HOME changes looks in the new place. */
  const char *env = g_getenv ("XDG_DATA_HOME");

  if (env != NULL && g_path_is_absolute (env))
    return g_build_filename (env, "muster", "rulesets", NULL);
  return g_build_filename (g_get_user_data_dir (), "muster", "rulesets", NULL);
}

/**
 * muster_rulesets_get_dirs:
 *
 * Returns: (transfer full): the directories searched for rulesets, in
 * order: the shipped one, then the user's.
 */
GStrv
muster_rulesets_get_dirs (void)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autofree char *shipped = shipped_dir ();
  g_autofree char *user = user_dir ();

  g_strv_builder_add (builder, shipped);
  if (g_strcmp0 (shipped, user) != 0)
    g_strv_builder_add (builder, user);
  return g_strv_builder_end (builder);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static void
load_dir (const char *dir,
          GHashTable *by_id,
          GPtrArray  *errors)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) d = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    return;

  d = g_dir_open (dir, 0, &error);
  if (d == NULL)
    {
      g_message ("%s", error->message);
      g_ptr_array_add (errors, g_steal_pointer (&error));
      return;
    }

  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".xml") && name[0] != '.')
      g_ptr_array_add (names, g_strdup (name));

  /* A fixed order, so that two files with one id resolve the same way. */
  g_ptr_array_sort (names, compare_names);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, g_ptr_array_index (names, i), NULL);
      g_autoptr(MusterRuleset) ruleset = muster_ruleset_new_from_file (path, &error);
      g_autofree char *id = NULL;

      if (ruleset == NULL)
        {
          /* A broken file is user input, not a programming error. */
          g_message (_("Skipping a ruleset: %s"), error->message);
          g_ptr_array_add (errors, g_steal_pointer (&error));
          continue;
        }

      id = g_strdup (muster_ruleset_get_id (ruleset));
      g_hash_table_replace (by_id, g_steal_pointer (&id), g_steal_pointer (&ruleset));
    }
}

static int
compare_rulesets (gconstpointer a,
                  gconstpointer b)
{
  MusterRuleset *ra = *(MusterRuleset * const *) a;
  MusterRuleset *rb = *(MusterRuleset * const *) b;
  int cmp = g_utf8_collate (muster_ruleset_get_title (ra), muster_ruleset_get_title (rb));

  if (cmp != 0)
    return cmp;
  return strcmp (muster_ruleset_get_id (ra), muster_ruleset_get_id (rb));
}

static void
ensure_loaded_locked (void)
{
  g_autoptr(GHashTable) by_id = NULL;
  g_auto(GStrv) dirs = NULL;
  GHashTableIter iter;
  gpointer value;

  if (registry != NULL)
    return;

  by_id = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  registry_errors = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  dirs = muster_rulesets_get_dirs ();

  for (guint i = 0; dirs[i] != NULL; i++)
    load_dir (dirs[i], by_id, registry_errors);

  registry = g_ptr_array_new_with_free_func (g_object_unref);
  g_hash_table_iter_init (&iter, by_id);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (registry, g_object_ref (value));
  g_ptr_array_sort (registry, compare_rulesets);
}

/**
 * muster_rulesets_get_all:
 * @errors: (out) (optional) (transfer full): the errors of files that were
 *   skipped, as a new array of #GError
 *
 * Returns: (transfer full) (element-type MusterRuleset): a new reference to
 *   the list of usable rulesets, sorted by title. Free it with
 *   g_ptr_array_unref().
 */
GPtrArray *
muster_rulesets_get_all (GPtrArray **errors)
{
  GPtrArray *result;

  g_mutex_lock (&registry_lock);
  ensure_loaded_locked ();

  result = g_ptr_array_ref (registry);
  if (errors != NULL)
    {
      *errors = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
      for (guint i = 0; i < registry_errors->len; i++)
        g_ptr_array_add (*errors, g_error_copy (g_ptr_array_index (registry_errors, i)));
    }
  g_mutex_unlock (&registry_lock);

  return result;
}

/**
 * muster_rulesets_lookup:
 * @id: a ruleset id, e.g. "sharpes-skirmish"
 * @error: return location for a #MUSTER_RULESET_ERROR_NOT_FOUND error
 *
 * Returns: (transfer full): a new reference to the ruleset, or %NULL.
 */
MusterRuleset *
muster_rulesets_lookup (const char  *id,
                        GError     **error)
{
  g_autoptr(GPtrArray) all = NULL;
  g_auto(GStrv) dirs = NULL;
  g_autofree char *joined = NULL;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  all = muster_rulesets_get_all (NULL);
  for (guint i = 0; i < all->len; i++)
    {
      MusterRuleset *ruleset = g_ptr_array_index (all, i);

      if (g_strcmp0 (muster_ruleset_get_id (ruleset), id) == 0)
        return g_object_ref (ruleset);
    }

  dirs = muster_rulesets_get_dirs ();
  joined = g_strjoinv (", ", dirs);
  g_set_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_NOT_FOUND,
               _("There is no ruleset “%s”. Rulesets are read from %s."),
               id, joined);
  return NULL;
}

/**
 * muster_rulesets_reload:
 *
 * Forgets the cached list, so the next call reads the directories again.
 * Rulesets already handed out stay valid.
 */
void
muster_rulesets_reload (void)
{
  g_mutex_lock (&registry_lock);
  g_clear_pointer (&registry, g_ptr_array_unref);
  g_clear_pointer (&registry_errors, g_ptr_array_unref);
  g_mutex_unlock (&registry_lock);
}
