/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <gio/gio.h>

#include "muster-cli-private.h"
#include "muster-library.h"

/* --- add-ruleset ------------------------------------------------------- */

int
muster_cli_cmd_add_ruleset (MusterCli  *cli,
                            int         argc,
                            char      **argv)
{
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  int status;

  if (!muster_cli_parse_command (cli, NULL, &argc, &argv, 1, 1, &status))
    return status;

  file = g_file_new_for_commandline_arg (argv[1]);
  ruleset = muster_library_add_ruleset (file, &path, &error);
  if (ruleset == NULL)
    return muster_cli_fail (error);

  /* TRANSLATORS: the ruleset's title, its id and the file it was copied to */
  g_print (_("Added the ruleset “%s” (%s) as %s\n"),
           muster_ruleset_get_title (ruleset), muster_ruleset_get_id (ruleset), path);
  return 0;
}

/* --- backup -------------------------------------------------------------- */

int
muster_cli_cmd_backup (MusterCli  *cli,
                       int         argc,
                       char      **argv)
{
  g_autoptr(GError) error = NULL;
  MusterStore *store;
  int status;

  if (!muster_cli_parse_command (cli, NULL, &argc, &argv, 1, 1, &status))
    return status;

  if ((store = muster_cli_get_store (cli, &error)) == NULL ||
      !muster_library_back_up (store, argv[1], &error))
    return muster_cli_fail (error);
  /* TRANSLATORS: the library and the backup */
  g_print (_("Wrote a copy of the library %s to %s.\n"), muster_store_get_path (store), argv[1]);
  return 0;
}

/* --- restore ------------------------------------------------------------- */

int
muster_cli_cmd_restore (MusterCli  *cli,
                        int         argc,
                        char      **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  MusterStore *store;
  int status;

  if (!muster_cli_parse_command (cli, NULL, &argc, &argv, 1, 1, &status))
    return status;

  /* Check the backup before opening (and perhaps creating) the library. */
  if (!muster_library_check_backup (argv[1], &error) ||
      (store = muster_cli_get_store (cli, &error)) == NULL ||
      !muster_library_restore (store, argv[1], &saved, &error))
    return muster_cli_fail (error);

  /* TRANSLATORS: %s is the file the replaced library was saved to, %u how
   * many such copies are kept */
  g_print (g_dngettext (GETTEXT_PACKAGE,
                        "Restored the library; what it replaced was kept in %s "
                        "(the last %u copy like it is kept beside the library)\n",
                        "Restored the library; what it replaced was kept in %s "
                        "(the last %u copies like it are kept beside the library)\n",
                        MUSTER_LIBRARY_KEPT_COPIES),
           saved, (guint) MUSTER_LIBRARY_KEPT_COPIES);
  return 0;
}
