/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-cli"

#include "config.h"

#include <locale.h>
#include <string.h>
#include <sys/wait.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <sqlite3.h>

#include "muster-campaign.h"
#include "muster-store.h"
#include "muster-test-util.h"
#include "muster-cli-test-util.h"

const char *roster_header =
  "id\tname\tforce\tside\ttype\tweapon\tstatus\tI\tD\tS\tC\tF\tkills\tgames\tout_games";

void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *xdg = NULL;

  f->dir = muster_test_make_tmpdir ();
  f->library = g_build_filename (f->dir, "lib.db", NULL);
  xdg = g_build_filename (f->dir, "xdg-data", NULL);
  f->envp = g_get_environ ();
  f->envp = g_environ_setenv (f->envp, "XDG_DATA_HOME", xdg, TRUE);
  f->envp = g_environ_unsetenv (f->envp, "MUSTER_LIBRARY");
  f->pass_library = TRUE;
}

void
fixture_setup_fixed_time (Fixture       *f,
                          gconstpointer  data)
{
  fixture_setup (f, data);
  f->envp = g_environ_setenv (f->envp, "MUSTER_FAKE_TIME", "1809-07-28T12:00:00Z", TRUE);
}

void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_free (f->dir);
  g_free (f->library);
  g_strfreev (f->envp);
}

void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

const char *
cli_path (void)
{
  const char *path = g_getenv ("MUSTER_CLI");

  if (path == NULL)
    g_error ("MUSTER_CLI is not set: run the tests with meson test");
  return path;
}

/* Runs muster-cli with the NULL-terminated arguments and a fresh library. */
void
run_argv (Fixture     *f,
          Run         *run,
          const char **args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int wait_status = 0;

  g_ptr_array_add (argv, (char *) cli_path ());
  if (f->pass_library)
    {
      g_ptr_array_add (argv, (char *) "--library");
      g_ptr_array_add (argv, f->library);
    }
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  run_clear (run);
  g_spawn_sync (NULL, (char **) argv->pdata, f->envp, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

gboolean
mentions (const char *text,
          const char *needle)
{
  if (needle == NULL || strstr (text, needle) != NULL)
    return TRUE;
  g_test_message ("“%s” does not mention “%s”", text, needle);
  return FALSE;
}

GStrv
lines (const char *text)
{
  g_autofree char *copy = g_strdup (text);

  g_strchomp (copy);
  if (*copy == '\0')
    return g_new0 (char *, 1);
  return g_strsplit (copy, "\n", -1);
}

gint64
last_id (const char *out)
{
  g_auto(GStrv) rows = lines (out);
  guint n = g_strv_length (rows);
  guint64 id = 0;

  /* What the command changed, in words, then the ids. */
  g_assert_cmpuint (n, >, 1);
  g_assert_false (g_ascii_string_to_unsigned (rows[0], 10, 1, G_MAXINT64, NULL, NULL));
  g_assert_true (g_ascii_string_to_unsigned (rows[n - 1], 10, 1, G_MAXINT64, &id, NULL));
  return (gint64) id;
}

GStrv
id_lines (const char *out)
{
  g_auto(GStrv) rows = lines (out);
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  gboolean in_ids = FALSE;

  /* The ids come last, each on its own line, after the words. */
  for (guint i = 0; rows[i] != NULL; i++)
    {
      gboolean is_id = g_ascii_string_to_unsigned (rows[i], 10, 1, G_MAXINT64, NULL, NULL);

      g_assert_true (is_id || !in_ids);
      in_ids |= is_id;
      if (is_id)
        g_strv_builder_add (ids, rows[i]);
    }
  return g_strv_builder_end (ids);
}

guint
count_char (const char *text,
            char        c)
{
  guint n = 0;

  for (; *text != '\0'; text++)
    n += *text == c;
  return n;
}

guint
count_lines (const char *text)
{
  g_auto(GStrv) rows = lines (text);

  return g_strv_length (rows);
}

/* TSV rows without the header, each split into fields; checks the header. */
GPtrArray *
tsv_rows (const char *out,
          const char *header)
{
  g_auto(GStrv) rows = lines (out);
  GPtrArray *result = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  guint n_fields;

  g_assert_nonnull (rows[0]);
  if (header != NULL)
    g_assert_cmpstr (rows[0], ==, header);
  n_fields = count_char (rows[0], '\t') + 1;
  for (guint i = 1; rows[i] != NULL; i++)
    {
      GStrv fields = g_strsplit (rows[i], "\t", -1);

      g_assert_cmpuint (g_strv_length (fields), ==, n_fields);
      g_ptr_array_add (result, fields);
    }
  return result;
}

char *
id_string (gint64 id)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT, id);
}

char *
new_campaign (Fixture    *f,
              const char *name)
{
  g_auto(Run) run = { 0 };

  RUN_OK (f, &run, "new-campaign", name, "--ruleset", RULESET, "--seed", "42");
  return id_string (last_id (run.out));
}

char *
new_force (Fixture    *f,
           const char *campaign,
           const char *name,
           const char *side)
{
  g_auto(Run) run = { 0 };

  if (side != NULL)
    RUN_OK (f, &run, "new-force", campaign, name, "--side", side);
  else
    RUN_OK (f, &run, "new-force", campaign, name);
  return id_string (last_id (run.out));
}

guint
roster_size (Fixture    *f,
             const char *campaign)
{
  g_auto(Run) run = { 0 };
  g_autoptr(GPtrArray) rows = NULL;

  RUN_OK (f, &run, "roster", campaign, "--format", "tsv");
  rows = tsv_rows (run.out, roster_header);
  return rows->len;
}

/* The roster row of character @id, or NULL. */
GStrv
roster_row (Fixture    *f,
            const char *campaign,
            const char *id)
{
  g_auto(Run) run = { 0 };
  g_autoptr(GPtrArray) rows = NULL;

  RUN_OK (f, &run, "roster", campaign, "--format", "tsv");
  rows = tsv_rows (run.out, roster_header);
  for (guint i = 0; i < rows->len; i++)
    {
      GStrv row = g_ptr_array_index (rows, i);

      if (g_str_equal (row[0], id))
        return g_strdupv (row);
    }
  return NULL;
}

/* The id printed on the last line. */
char *
last_line (const char *out)
{
  g_autofree char *copy = g_strchomp (g_strdup (out));
  const char *nl = strrchr (copy, '\n');

  return g_strdup (nl != NULL ? nl + 1 : copy);
}

/* A TSV cell: row @row (0 is the header) and column named @key. */
char *
tsv_cell (const char *out,
          guint       row,
          const char *key)
{
  /* Only the last line break goes: an empty last cell is a cell. */
  g_autofree char *copy = g_str_has_suffix (out, "\n") ? g_strndup (out, strlen (out) - 1) : g_strdup (out);
  g_auto(GStrv) rows = g_strsplit (copy, "\n", -1);
  g_auto(GStrv) header = g_strsplit (rows[0], "\t", -1);
  g_auto(GStrv) fields = NULL;

  g_assert_cmpuint (row, <, g_strv_length (rows));
  fields = g_strsplit (rows[row], "\t", -1);
  g_assert_cmpuint (g_strv_length (fields), ==, g_strv_length (header));
  for (guint i = 0; header[i] != NULL; i++)
    if (g_str_equal (header[i], key))
      return g_strdup (fields[i]);
  g_error ("no column “%s” in “%s”", key, rows[0]);
}

void
assert_cell (const char *out,
             guint       row,
             const char *key,
             const char *expected)
{
  g_autofree char *cell = tsv_cell (out, row, key);

  g_assert_cmpstr (cell, ==, expected);
}
