/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "muster-ruleset.h"
#include "muster-rules-test-util.h"
#include "muster-test-util.h"

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

#define NEW_OPTION \
  "    <option id=\"recovery\" default=\"rest\">\n" \
  "      <name>Recovery</name>\n" \
  "      <choice id=\"rest\"><name>Rest a game</name></choice>\n" \
  "      <choice id=\"march\"><name>March on</name></choice>\n" \
  "    </option>\n" \
  "  </options>"

#define NEW_READING \
  "    <house-reading id=\"death-on-5\">\n" \
  "      <title>Death roll</title>\n" \
  "      <note>Muster: dies on a 5 or 6.</note>\n" \
  "    </house-reading>\n" \
  "  </house-readings>"

/* Version 2: a death on 5 or 6, a renamed table entry, a wider range of
 * firing skill, no volley gun, a new option and a new house reading. */
char *
rules_sharpe_v2 (void)
{
  char *text = rules_sharpe_version ("2");

  text = rules_edit (text, "dies-on=\"6\"", "dies-on=\"5\"");
  text = rules_edit (text, "<name>Legs</name>", "<name>Both legs</name>");
  text = rules_edit (text, "<stat key=\"F\" min=\"1\" max=\"12\">", "<stat key=\"F\" min=\"1\" max=\"13\">");
  text = rules_edit (text, RULES_VOLLEY_GUN, "");
  text = rules_edit (text, "  </options>", NEW_OPTION);
  text = rules_edit (text, "  </house-readings>", NEW_READING);
  return text;
}

void
rules_assert_mentions (const char *text,
                       const char *needle)
{
  if (strstr (text, needle) == NULL)
    g_error ("“%s” does not mention “%s”", text, needle);
}

void
rules_use_first_versions (void)
{
  g_autofree char *shipped = g_build_filename (MUSTER_SOURCE_DATADIR, "rulesets", NULL);
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autoptr(GDir) listing = g_dir_open (shipped, 0, NULL);
  const char *name;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *id = NULL;
      g_autofree char *first = NULL;
      g_autofree char *from = NULL;
      g_autofree char *to = g_build_filename (dir, name, NULL);
      g_autofree char *text = NULL;
      g_autoptr(GError) error = NULL;

      if (!g_str_has_suffix (name, ".xml"))
        continue;
      id = g_strndup (name, strlen (name) - strlen (".xml"));
      first = g_strdup_printf ("%s-1.xml", id);
      from = g_build_filename (TEST_SRCDIR, "rulesets", first, NULL);
      if (!g_file_test (from, G_FILE_TEST_EXISTS))
        {
          g_free (from);
          from = g_build_filename (shipped, name, NULL);
        }
      g_assert_true (g_file_get_contents (from, &text, NULL, NULL));
      g_file_set_contents (to, text, -1, &error);
      g_assert_no_error (error);
    }
  g_setenv ("MUSTER_RULESETS_DIR", dir, TRUE);
  muster_rulesets_reload ();
}

void
rules_use_fresh_data_home (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();

  g_setenv ("XDG_DATA_HOME", dir, TRUE);
  muster_rulesets_reload ();
}

void
rules_install_user (const char *name,
                    const char *text)
{
  rules_install (g_getenv ("XDG_DATA_HOME"), name, text);
  muster_rulesets_reload ();
}
