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
