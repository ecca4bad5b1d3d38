/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "muster-application.h"
#include "muster-paths.h"

/* Running from the build directory, the schema is only in the build tree. */
static void
find_uninstalled_schema (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autofree char *compiled = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  if (schema != NULL)
    return;

  compiled = g_build_filename (MUSTER_BUILD_DATADIR, "gschemas.compiled", NULL);
  if (g_file_test (compiled, G_FILE_TEST_EXISTS))
    g_setenv ("GSETTINGS_SCHEMA_DIR", MUSTER_BUILD_DATADIR, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(MusterApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, muster_paths_get_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  find_uninstalled_schema ();

  app = muster_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
