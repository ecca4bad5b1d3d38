/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "muster-rules-test-util.h"

char *
rules_shipped_text (const char *file)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_RULESETS_DIR"), file, NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

char *
rules_edit (char       *text,
            const char *from,
            const char *to)
{
  const char *at = strstr (text, from);
  char *result;

  if (at == NULL)
    g_error ("“%s” is not in the ruleset", from);
  result = g_strdup_printf ("%.*s%s%s", (int) (at - text), text, to, at + strlen (from));
  g_free (text);
  return result;
}

char *
rules_sharpe_version (const char *version)
{
  g_autofree char *attribute = g_strdup_printf ("id=\"sharpes-skirmish\" version=\"%s\"", version);

  return rules_edit (rules_shipped_text ("sharpes-skirmish.xml"),
                     "id=\"sharpes-skirmish\" version=\"1\"", attribute);
}

void
rules_install (const char *data_home,
               const char *name,
               const char *text)
{
  g_autofree char *dir = g_build_filename (data_home, "muster", "rulesets", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}
