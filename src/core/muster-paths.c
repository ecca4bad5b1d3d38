/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-paths"

#include "config.h"

#include "muster-paths.h"

const char *
muster_paths_get_locale_dir (void)
{
  static char *dir;

  if (g_once_init_enter (&dir))
    {
      const char *env = g_getenv ("MUSTER_LOCALEDIR");
      char *found;

      if (env != NULL && *env != '\0')
        found = g_strdup (env);
      else if (!g_file_test (MUSTER_PKGDATADIR, G_FILE_TEST_IS_DIR) &&
               g_file_test (MUSTER_BUILD_LOCALEDIR, G_FILE_TEST_IS_DIR))
        found = g_strdup (MUSTER_BUILD_LOCALEDIR);
      else
        found = g_strdup (LOCALEDIR);
      g_once_init_leave (&dir, found);
    }
  return dir;
}

static gboolean
running_uninstalled (void)
{
  return !g_file_test (MUSTER_PKGDATADIR, G_FILE_TEST_IS_DIR) &&
         g_file_test (MUSTER_SOURCE_HELPDIR, G_FILE_TEST_IS_DIR);
}

static void
add_dir (GPtrArray *dirs,
         char      *dir)
{
  for (guint i = 0; i < dirs->len; i++)
    if (g_str_equal (g_ptr_array_index (dirs, i), dir))
      {
        g_free (dir);
        return;
      }
  g_ptr_array_add (dirs, dir);
}

char **
muster_paths_get_help_dirs (void)
{
  const char * const *languages = g_get_language_names ();
  const char * const *system_dirs = g_get_system_data_dirs ();
  const char *env = g_getenv ("MUSTER_HELPDIR");
  gboolean uninstalled = running_uninstalled ();
  GPtrArray *dirs = g_ptr_array_new ();

  for (guint i = 0; languages[i] != NULL; i++)
    {
      const char *lang = languages[i];

      if (env != NULL && *env != '\0')
        {
          add_dir (dirs, g_build_filename (env, lang, NULL));
          continue;
        }
      if (uninstalled)
        add_dir (dirs, g_build_filename (g_str_equal (lang, "C") ? MUSTER_SOURCE_HELPDIR
                                                                 : MUSTER_BUILD_HELPDIR,
                                         lang, NULL));
      add_dir (dirs, g_build_filename (MUSTER_HELPDIR, lang, APPLICATION_ID, NULL));
      for (guint j = 0; system_dirs[j] != NULL; j++)
        add_dir (dirs, g_build_filename (system_dirs[j], "help", lang, APPLICATION_ID, NULL));
    }
  g_ptr_array_add (dirs, NULL);
  return (char **) g_ptr_array_free (dirs, FALSE);
}

char *
muster_paths_get_data_dir (const char *env_var,
                           const char *subdir)
{
  const char *env = g_getenv (env_var);
  g_autofree char *installed = NULL;

  g_return_val_if_fail (env_var != NULL, NULL);
  g_return_val_if_fail (subdir != NULL, NULL);

  if (env != NULL && *env != '\0')
    return g_strdup (env);

  installed = g_build_filename (MUSTER_PKGDATADIR, subdir, NULL);
  if (g_file_test (installed, G_FILE_TEST_IS_DIR))
    return g_steal_pointer (&installed);

  /* Running from the build tree. */
  return g_build_filename (MUSTER_SOURCE_DATADIR, subdir, NULL);
}
