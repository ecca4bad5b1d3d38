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

#define RULESET "sharpes-skirmish"

static const char *roster_header =
  "id\tname\tforce\tside\ttype\tweapon\tstatus\tI\tD\tS\tC\tF\tkills\tgames\tout_games";

typedef struct {
  char   *dir;
  char   *library;
  char  **envp;
  gboolean pass_library;  /* add --library LIBRARY before the command */
} Fixture;

typedef struct {
  int   status;
  char *out;
  char *err;
} Run;

static void
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

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_free (f->dir);
  g_free (f->library);
  g_strfreev (f->envp);
}

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static const char *
cli_path (void)
{
  const char *path = g_getenv ("MUSTER_CLI");

  if (path == NULL)
    g_error ("MUSTER_CLI is not set: run the tests with meson test");
  return path;
}

/* Runs muster-cli with the NULL-terminated arguments and a fresh library. */
static void
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

#define RUN(f, run, ...) \
  G_STMT_START { const char *args_[] = { __VA_ARGS__, NULL }; run_argv ((f), (run), args_); } G_STMT_END

/* A run that must succeed with nothing on stderr. */
#define RUN_OK(f, run, ...) \
  G_STMT_START { \
    RUN (f, run, __VA_ARGS__); \
    if ((run)->status != 0) \
      g_test_message ("stderr: %s", (run)->err); \
    g_assert_cmpint ((run)->status, ==, 0); \
    g_assert_cmpstr ((run)->err, ==, ""); \
  } G_STMT_END

static gboolean
mentions (const char *text,
          const char *needle)
{
  if (needle == NULL || strstr (text, needle) != NULL)
    return TRUE;
  g_test_message ("“%s” does not mention “%s”", text, needle);
  return FALSE;
}

/* A run that must fail with @code and one "muster-cli: " message naming
 * @needle. */
#define RUN_FAILS(f, run, code, needle, ...) \
  G_STMT_START { \
    RUN (f, run, __VA_ARGS__); \
    g_assert_cmpint ((run)->status, ==, (code)); \
    g_assert_cmpstr ((run)->out, ==, ""); \
    g_assert_true (g_str_has_prefix ((run)->err, "muster-cli: ")); \
    g_assert_true (mentions ((run)->err, (needle))); \
  } G_STMT_END

static GStrv
lines (const char *text)
{
  g_autofree char *copy = g_strdup (text);

  g_strchomp (copy);
  if (*copy == '\0')
    return g_new0 (char *, 1);
  return g_strsplit (copy, "\n", -1);
}

static gint64
last_id (const char *out)
{
  g_auto(GStrv) rows = lines (out);
  guint n = g_strv_length (rows);
  guint64 id = 0;

  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    g_assert_true (g_ascii_string_to_unsigned (rows[i], 10, 1, G_MAXINT64, NULL, NULL));
  g_assert_true (g_ascii_string_to_unsigned (rows[n - 1], 10, 1, G_MAXINT64, &id, NULL));
  return (gint64) id;
}

static guint
count_char (const char *text,
            char        c)
{
  guint n = 0;

  for (; *text != '\0'; text++)
    n += *text == c;
  return n;
}

static guint
count_lines (const char *text)
{
  g_auto(GStrv) rows = lines (text);

  return g_strv_length (rows);
}

/* TSV rows without the header, each split into fields; checks the header. */
static GPtrArray *
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

static char *
id_string (gint64 id)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT, id);
}

static char *
new_campaign (Fixture    *f,
              const char *name)
{
  g_auto(Run) run = { 0 };

  RUN_OK (f, &run, "new-campaign", name, "--ruleset", RULESET, "--seed", "42");
  return id_string (last_id (run.out));
}

static char *
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

static guint
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
static GStrv
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

/* Column indexes in the roster TSV. */
enum { COL_ID, COL_NAME, COL_FORCE, COL_SIDE, COL_TYPE, COL_WEAPON, COL_STATUS,
       COL_I, COL_D, COL_S, COL_C, COL_F, COL_KILLS, COL_GAMES, COL_OUT_GAMES };

/* --- Usage --------------------------------------------------------------- */

static void
test_usage_no_command (Fixture       *f,
                       gconstpointer  data)
{
  g_auto(Run) run = { 0 };

  RUN (f, &run, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, "recruit"));
}

static void
test_usage_unknown_command (Fixture       *f,
                            gconstpointer  data)
{
  g_auto(Run) run = { 0 };

  RUN_FAILS (f, &run, 2, "frobnicate", "frobnicate");
  RUN_FAILS (f, &run, 2, "--frobnicate", "--frobnicate");
}

static void
test_usage_help (Fixture       *f,
                 gconstpointer  data)
{
  g_auto(Run) run = { 0 };

  RUN_OK (f, &run, "--help");
  g_assert_nonnull (strstr (run.out, "new-campaign"));
  g_assert_nonnull (strstr (run.out, "roster"));

  RUN_OK (f, &run, "recruit", "--help");
  g_assert_nonnull (strstr (run.out, "muster-cli recruit"));
  g_assert_nonnull (strstr (run.out, "--count"));

  RUN_OK (f, &run, "help");
  g_assert_nonnull (strstr (run.out, "new-force"));

  RUN_OK (f, &run, "help", "roster");
  g_assert_nonnull (strstr (run.out, "--force"));

  RUN_OK (f, &run, "--version");
  g_assert_cmpstr (run.out, ==, "muster-cli " PACKAGE_VERSION "\n");
}

/* Run from the build tree, the command speaks the user's language: its
 * translations come from the build's po/ directory. */
static void
test_usage_translated (Fixture       *f,
                       gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  const char *saved = setlocale (LC_ALL, NULL);
  g_autofree char *previous = g_strdup (saved);

  if (setlocale (LC_ALL, "fr_FR.UTF-8") == NULL)
    {
      g_test_skip ("The fr_FR.UTF-8 locale is not installed");
      return;
    }
  setlocale (LC_ALL, previous);

  f->envp = g_environ_setenv (f->envp, "LC_ALL", "fr_FR.UTF-8", TRUE);
  f->envp = g_environ_setenv (f->envp, "LANGUAGE", "fr", TRUE);
  RUN_OK (f, &run, "--help");
  g_assert_null (strstr (run.out, "Keeps the muster roll of a skirmish campaign."));
  g_assert_nonnull (strstr (run.out, "new-campaign"));
}

static void
test_usage_missing_arguments (Fixture       *f,
                              gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *campaign = new_campaign (f, "Busaco");
  g_autofree char *force = new_force (f, campaign, "Light Company", NULL);

  RUN_FAILS (f, &run, 2, "new-campaign", "new-campaign");
  RUN_FAILS (f, &run, 2, "--ruleset", "new-campaign", "Fuentes");
  RUN_FAILS (f, &run, 2, "new-force", "new-force", campaign);
  RUN_FAILS (f, &run, 2, "--type", "recruit", campaign, force);
  RUN_FAILS (f, &run, 2, "recruit", "recruit", campaign);
  RUN_FAILS (f, &run, 2, "roster", "roster");
  RUN_FAILS (f, &run, 2, "rename", "rename", "campaign", campaign);
  RUN_FAILS (f, &run, 2, "delete", "delete", "campaign");
  RUN_FAILS (f, &run, 2, "show", "show");
  RUN_FAILS (f, &run, 2, "extra", "campaigns", "extra");
  RUN_FAILS (f, &run, 2, "--nonsense", "roster", campaign, "--nonsense");
  RUN_FAILS (f, &run, 2, "--library", "campaigns", "--library");
}

static void
test_usage_bad_format (Fixture       *f,
                       gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *campaign = new_campaign (f, "Albuera");

  RUN_FAILS (f, &run, 2, "xml", "campaigns", "--format", "xml");
  RUN_FAILS (f, &run, 2, "csv", "roster", campaign, "--format", "csv");
  RUN_FAILS (f, &run, 2, "yaml", "rulesets", "--format", "yaml");
}

/* --- Rulesets ------------------------------------------------------------ */

static void
test_rulesets_list (Fixture       *f,
                    gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *array;
  gboolean found = FALSE;

  RUN_OK (f, &run, "rulesets", "--format", "tsv");
  rows = tsv_rows (run.out, "id\tversion\ttitle\tkept-by");
  for (guint i = 0; i < rows->len; i++)
    {
      GStrv row = g_ptr_array_index (rows, i);

      if (g_str_equal (row[0], RULESET))
        {
          g_assert_cmpstr (row[1], ==, "1");
          g_assert_cmpstr (row[2], ==, "Sharpe's Skirmish");
          g_assert_cmpstr (row[3], ==, "figure");
          found = TRUE;
        }
    }
  g_assert_true (found);

  RUN_OK (f, &run, "rulesets");
  g_assert_nonnull (strstr (run.out, "Sharpe's Skirmish"));
  g_assert_nonnull (strstr (run.out, "Title"));

  RUN_OK (f, &run, "rulesets", "--format", "json");
  json_parser_load_from_data (parser, run.out, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (json_parser_get_root (parser)));
  array = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (array), ==, rows->len);
  g_assert_true (json_object_has_member (json_array_get_object_element (array, 0), "kept-by"));
}

static void
test_rulesets_broken (Fixture       *f,
                      gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *dir = g_build_filename (f->dir, "rulesets", NULL);
  g_autofree char *shipped = g_build_filename (TEST_SRCDIR, "..", "data", "rulesets",
                                               "sharpes-skirmish.xml", NULL);
  g_autofree char *good = g_build_filename (dir, "sharpes-skirmish.xml", NULL);
  g_autofree char *broken = g_build_filename (dir, "broken.xml", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_file_get_contents (shipped, &contents, NULL, &error);
  g_assert_no_error (error);
  g_file_set_contents (good, contents, -1, &error);
  g_assert_no_error (error);
  g_file_set_contents (broken, "<?xml version=\"1.0\"?>\n<ruleset>\n  <title>Broken\n</ruleset>\n", -1, &error);
  g_assert_no_error (error);
  f->envp = g_environ_setenv (f->envp, "MUSTER_RULESETS_DIR", dir, TRUE);

  RUN (f, &run, "rulesets", "--format", "tsv");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, RULESET "\t1\t"));
  g_assert_true (g_str_has_prefix (run.err, "muster-cli: "));
  g_assert_nonnull (strstr (run.err, "broken.xml:"));
  g_assert_nonnull (strstr (run.err, "warning"));
  g_assert_null (strstr (run.out, "Broken"));
}

/* --- Campaigns ----------------------------------------------------------- */

static void
test_campaign_new (Fixture       *f,
                   gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *id = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;

  RUN_OK (f, &run, "campaigns", "--format", "tsv");
  rows = tsv_rows (run.out, "id\tname\truleset\tversion\tforces\tcharacters");
  g_assert_cmpuint (rows->len, ==, 0);
  g_clear_pointer (&rows, g_ptr_array_unref);

  id = new_campaign (f, "Talavera");
  new_force (f, "Talavera", "South Essex", "British");

  RUN_OK (f, &run, "campaigns", "--format", "tsv");
  rows = tsv_rows (run.out, NULL);
  g_assert_cmpuint (rows->len, ==, 1);
  expected = g_strdup_printf ("%s\tTalavera\t" RULESET "\t1\t1\t0", id);
  g_assert_nonnull (strstr (run.out, expected));

  RUN_OK (f, &run, "campaigns");
  g_assert_nonnull (strstr (run.out, "Talavera"));

  store = muster_store_open (f->library, &error);
  g_assert_no_error (error);
  campaign = muster_store_find_campaign (store, "Talavera", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (muster_campaign_get_seed (campaign), ==, 42);
  g_assert_cmpstr (muster_campaign_get_option (campaign, "death-roll"), ==, "die-on-6");
}

static void
test_campaign_option (Fixture       *f,
                      gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;

  RUN_OK (f, &run, "new-campaign", "Vitoria", "--ruleset", RULESET,
          "--option", "death-roll=out-d6-games");
  last_id (run.out);

  RUN_FAILS (f, &run, 1, "maybe", "new-campaign", "Salamanca", "--ruleset", RULESET,
             "--option", "death-roll=maybe");
  RUN_FAILS (f, &run, 1, "weather", "new-campaign", "Salamanca", "--ruleset", RULESET,
             "--option", "weather=rain");
  RUN_FAILS (f, &run, 2, "death-roll", "new-campaign", "Salamanca", "--ruleset", RULESET,
             "--option", "death-roll");
  RUN_FAILS (f, &run, 2, "seven", "new-campaign", "Salamanca", "--ruleset", RULESET,
             "--seed", "seven");

  store = muster_store_open (f->library, &error);
  g_assert_no_error (error);
  campaign = muster_store_find_campaign (store, "Vitoria", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_campaign_get_option (campaign, "death-roll"), ==, "out-d6-games");
  g_clear_object (&campaign);
  campaign = muster_store_find_campaign (store, "Salamanca", &error);
  g_assert_null (campaign);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND);
}

static void
test_campaign_errors (Fixture       *f,
                      gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *campaign = new_campaign (f, "Badajoz");

  RUN_FAILS (f, &run, 1, "no-such-rules", "new-campaign", "Ciudad Rodrigo", "--ruleset", "no-such-rules");
  RUN_FAILS (f, &run, 1, NULL, "new-campaign", "1812", "--ruleset", RULESET);
  RUN_FAILS (f, &run, 1, NULL, "new-campaign", "Badajoz", "--ruleset", RULESET);
  RUN_FAILS (f, &run, 1, "Nowhere", "roster", "Nowhere");
  RUN_FAILS (f, &run, 1, "Nowhere", "forces", "Nowhere");
  RUN_FAILS (f, &run, 1, NULL, "roster", "999");

  RUN_OK (f, &run, "campaigns", "--format", "tsv");
  g_assert_null (strstr (run.out, "1812"));
  g_assert_null (strstr (run.out, "Ciudad"));
}

/* --- Forces ---------------------------------------------------------------- */

static void
test_force_new (Fixture       *f,
                gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *campaign = new_campaign (f, "Corunna");
  g_autofree char *british = new_force (f, campaign, "95th Rifles", "British");
  g_autofree char *french = new_force (f, "Corunna", "Soult", NULL);
  g_autofree char *expected_british = g_strdup_printf ("%s\t95th Rifles\tBritish\t0", british);
  g_autofree char *expected_french = g_strdup_printf ("%s\tSoult\tSoult\t0", french);

  RUN_OK (f, &run, "forces", "Corunna", "--format", "tsv");
  rows = tsv_rows (run.out, "id\tname\tside\tcharacters");
  g_assert_cmpuint (rows->len, ==, 2);
  g_assert_nonnull (strstr (run.out, expected_british));
  g_assert_nonnull (strstr (run.out, expected_french));

  RUN_FAILS (f, &run, 1, NULL, "new-force", campaign, "Soult");
  RUN_FAILS (f, &run, 1, NULL, "new-force", campaign, "42");
  RUN_FAILS (f, &run, 1, "Nowhere", "new-force", "Nowhere", "Ney");
  RUN_FAILS (f, &run, 1, "Nobody", "recruit", campaign, "Nobody", "--type", "line");
}

/* --- Recruits -------------------------------------------------------------- */

static void
test_recruit_count (Fixture       *f,
                    gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *campaign = new_campaign (f, "Fuentes de Oñoro");
  g_autofree char *force = new_force (f, campaign, "Light Company", "British");
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GStrv) ids = NULL;
  guint before;

  RUN_OK (f, &run, "recruit", campaign, force, "--type", "line");
  last_id (run.out);
  before = roster_size (f, campaign);
  g_assert_cmpuint (before, ==, 1);

  RUN_OK (f, &run, "recruit", campaign, "Light Company", "--type", "line", "--count", "5");
  last_id (run.out);
  ids = lines (run.out);
  g_assert_cmpuint (g_strv_length (ids), ==, 5);
  for (guint i = 0; ids[i] != NULL; i++)
    g_assert_true (g_hash_table_add (seen, g_strdup (ids[i])));
  g_assert_cmpuint (roster_size (f, campaign), ==, before + 5);

  RUN_FAILS (f, &run, 2, "--count", "recruit", campaign, force, "--type", "line", "--count", "0");
  RUN_FAILS (f, &run, 2, "--name", "recruit", campaign, force, "--type", "line",
             "--count", "2", "--name", "Harper");
  g_assert_cmpuint (roster_size (f, campaign), ==, before + 5);
}

static void
test_recruit_named (Fixture       *f,
                    gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *campaign = new_campaign (f, "Oporto");
  g_autofree char *force = new_force (f, campaign, "South Essex", "British");
  g_autofree char *id = NULL;
  g_auto(GStrv) row = NULL;

  RUN_OK (f, &run, "recruit", campaign, force, "--type", "rifle-officer", "--name", "Richard Sharpe");
  id = id_string (last_id (run.out));
  row = roster_row (f, campaign, id);
  g_assert_nonnull (row);
  g_assert_cmpstr (row[COL_NAME], ==, "Richard Sharpe");
  g_assert_cmpstr (row[COL_FORCE], ==, "South Essex");
  g_assert_cmpstr (row[COL_SIDE], ==, "British");
  g_assert_cmpstr (row[COL_TYPE], ==, "rifle-officer");
  g_assert_cmpstr (row[COL_WEAPON], ==, "rifle");
  g_assert_cmpstr (row[COL_STATUS], ==, "active");

  RUN_FAILS (f, &run, 1, NULL, "recruit", campaign, force, "--type", "line", "--name", "95");
  RUN_FAILS (f, &run, 1, "dragoon", "recruit", campaign, force, "--type", "dragoon");
  RUN_FAILS (f, &run, 1, "lance", "recruit", campaign, force, "--type", "line", "--weapon", "lance");
  g_assert_cmpuint (roster_size (f, campaign), ==, 1);

  RUN (f, &run, "recruit", campaign, force, "--type", "rifleman", "--count", "2", "--verbose");
  g_assert_cmpint (run.status, ==, 0);
  last_id (run.out);
  g_assert_cmpuint (count_lines (run.out), ==, 2);
  g_assert_cmpstr (run.err, !=, "");
}

/* --- Roster ------------------------------------------------------------------ */

static void
test_roster_tsv (Fixture       *f,
                 gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *campaign = new_campaign (f, "Sorauren");
  g_autofree char *british = new_force (f, campaign, "Riflemen", "British");
  g_autofree char *french = new_force (f, campaign, "Voltigeurs", "French");

  RUN_OK (f, &run, "roster", campaign, "--format", "tsv");
  g_assert_cmpstr (run.out, ==, "id\tname\tforce\tside\ttype\tweapon\tstatus\tI\tD\tS\tC\tF\tkills\tgames\tout_games\n");

  RUN_OK (f, &run, "recruit", campaign, french, "--type", "line", "--count", "4");
  RUN_OK (f, &run, "recruit", campaign, british, "--type", "rifleman", "--count", "3");

  RUN_OK (f, &run, "roster", campaign, "--format", "tsv");
  rows = tsv_rows (run.out, roster_header);
  g_assert_cmpuint (rows->len, ==, 7);
  for (guint i = 0; i < rows->len; i++)
    {
      GStrv row = g_ptr_array_index (rows, i);
      gboolean line = g_str_equal (row[COL_TYPE], "line");

      g_assert_cmpstr (row[COL_STATUS], ==, "active");
      g_assert_cmpstr (row[COL_WEAPON], ==, line ? "musket" : "rifle");
      g_assert_cmpstr (row[COL_SIDE], ==, line ? "French" : "British");
      for (guint c = COL_I; c <= COL_F; c++)
        {
          gint64 value = g_ascii_strtoll (row[c], NULL, 10);

          g_assert_cmpint (value, >=, 1);
          g_assert_cmpint (value, <=, 12);
        }
      if (line)
        g_assert_cmpint (g_ascii_strtoll (row[COL_F], NULL, 10), <=, 9);
      g_assert_cmpstr (row[COL_KILLS], ==, "0");
      g_assert_cmpstr (row[COL_GAMES], ==, "0");
      g_assert_cmpstr (row[COL_OUT_GAMES], ==, "0");
    }

  g_clear_pointer (&rows, g_ptr_array_unref);
  RUN_OK (f, &run, "roster", campaign, "--force", "Riflemen", "--format", "tsv");
  rows = tsv_rows (run.out, roster_header);
  g_assert_cmpuint (rows->len, ==, 3);

  RUN_OK (f, &run, "roster", campaign);
  g_assert_nonnull (strstr (run.out, "Name"));
  g_assert_nonnull (strstr (run.out, "Voltigeurs"));
  g_assert_nonnull (strstr (run.out, "Line infantry"));

  RUN_FAILS (f, &run, 1, "Hussars", "roster", campaign, "--force", "Hussars");
}

static void
test_roster_json (Fixture       *f,
                  gconstpointer  data)
{
  static const char *keys[] = { "id", "name", "force", "side", "type", "weapon", "status",
                                "I", "D", "S", "C", "F", "kills", "games", "out_games" };
  static const char *numbers[] = { "id", "I", "D", "S", "C", "F", "kills", "games", "out_games" };
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *campaign = new_campaign (f, "Roliça");
  g_autofree char *force = new_force (f, campaign, "Chosen Men", "British");
  JsonArray *array;

  RUN_OK (f, &run, "recruit", campaign, force, "--type", "chasseur", "--count", "3");
  RUN_OK (f, &run, "roster", campaign, "--format", "json");
  json_parser_load_from_data (parser, run.out, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (json_parser_get_root (parser)));
  array = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (array), ==, 3);

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *object = json_array_get_object_element (array, i);

      g_assert_nonnull (object);
      g_assert_cmpuint (json_object_get_size (object), ==, G_N_ELEMENTS (keys));
      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        g_assert_true (json_object_has_member (object, keys[k]));
      for (guint k = 0; k < G_N_ELEMENTS (numbers); k++)
        g_assert_cmpint (json_node_get_value_type (json_object_get_member (object, numbers[k])),
                         ==, G_TYPE_INT64);
      g_assert_cmpstr (json_object_get_string_member (object, "type"), ==, "chasseur");
      g_assert_cmpstr (json_object_get_string_member (object, "force"), ==, "Chosen Men");
      g_assert_cmpint (json_object_get_int_member (object, "I"), >=, 1);
    }
}

/* --- Sample ----------------------------------------------------------------- */

static void
test_sample (Fixture       *f,
             gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autoptr(GPtrArray) forces = NULL;
  g_autoptr(GPtrArray) campaigns = NULL;
  g_autofree char *campaign = NULL;
  g_autofree char *created = NULL;
  g_autoptr(GHashTable) sides = g_hash_table_new (g_str_hash, g_str_equal);
  guint characters = 0;

  RUN_OK (f, &run, "sample", "Peninsula");
  campaign = id_string (last_id (run.out));
  g_assert_cmpuint (count_lines (run.out), ==, 3);
  created = g_strdup (run.out);

  RUN_OK (f, &run, "forces", campaign, "--format", "tsv");
  forces = tsv_rows (run.out, "id\tname\tside\tcharacters");
  g_assert_cmpuint (forces->len, ==, 2);
  for (guint i = 0; i < forces->len; i++)
    {
      GStrv row = g_ptr_array_index (forces, i);

      g_autofree char *id_line = g_strdup_printf ("%s\n", row[0]);

      g_assert_true (g_str_has_prefix (created, id_line) || strstr (created, id_line) != NULL);
      g_hash_table_add (sides, row[2]);
      g_assert_cmpint (g_ascii_strtoll (row[3], NULL, 10), >, 0);
      characters += g_ascii_strtoll (row[3], NULL, 10);
    }
  g_assert_true (g_hash_table_contains (sides, "British"));
  g_assert_true (g_hash_table_contains (sides, "French"));
  g_assert_cmpuint (roster_size (f, "Peninsula"), ==, characters);

  RUN_OK (f, &run, "campaigns", "--format", "tsv");
  campaigns = tsv_rows (run.out, NULL);
  g_assert_cmpuint (campaigns->len, ==, 1);
  g_assert_cmpstr (((GStrv) g_ptr_array_index (campaigns, 0))[1], ==, "Peninsula");

  RUN_FAILS (f, &run, 1, NULL, "sample", "Peninsula");
}

/* --- Rename and delete ------------------------------------------------------- */

static void
test_rename (Fixture       *f,
             gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *campaign = new_campaign (f, "Sabugal");
  g_autofree char *force = new_force (f, campaign, "Light Bobs", "British");
  g_autofree char *id = NULL;
  g_auto(GStrv) row = NULL;

  RUN_OK (f, &run, "recruit", campaign, force, "--type", "line", "--name", "Patrick Harper");
  id = id_string (last_id (run.out));

  RUN_OK (f, &run, "rename", "campaign", "Sabugal", "Sabugal 1811");
  g_assert_cmpstr (run.out, ==, "");
  RUN_OK (f, &run, "rename", "force", "Light Bobs", "Light Division", "--campaign", "Sabugal 1811");
  RUN_OK (f, &run, "rename", "character", id, "Pat Harper");
  RUN_OK (f, &run, "rename", "character", "Pat Harper", "Sergeant Harper", "--campaign", campaign);

  RUN_OK (f, &run, "campaigns", "--format", "tsv");
  g_assert_nonnull (strstr (run.out, "\tSabugal 1811\t"));
  row = roster_row (f, campaign, id);
  g_assert_cmpstr (row[COL_NAME], ==, "Sergeant Harper");
  g_assert_cmpstr (row[COL_FORCE], ==, "Light Division");

  RUN_FAILS (f, &run, 2, "--campaign", "rename", "character", "Sergeant Harper", "Harper");
  RUN_FAILS (f, &run, 2, "regiment", "rename", "regiment", "1", "Foo");
  RUN_FAILS (f, &run, 1, "Nobody", "rename", "character", "Nobody", "Somebody", "--campaign", campaign);
  RUN_FAILS (f, &run, 1, NULL, "rename", "force", force, "77");
  RUN_FAILS (f, &run, 1, NULL, "rename", "campaign", campaign, "1811");
}

static void
test_delete (Fixture       *f,
             gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *campaign = new_campaign (f, "Vimeiro");
  g_autofree char *other = new_campaign (f, "Maya");
  g_autofree char *riflemen = new_force (f, campaign, "Riflemen", "British");
  g_autofree char *line = new_force (f, campaign, "Line", "French");
  g_autofree char *first = NULL;
  g_autoptr(GPtrArray) rows = NULL;

  RUN_OK (f, &run, "recruit", campaign, riflemen, "--type", "rifleman", "--count", "3");
  first = g_strndup (run.out, strcspn (run.out, "\n"));
  RUN_OK (f, &run, "recruit", campaign, line, "--type", "line", "--count", "2");
  g_assert_cmpuint (roster_size (f, campaign), ==, 5);

  RUN_OK (f, &run, "delete", "character", first);
  g_assert_cmpuint (roster_size (f, campaign), ==, 4);
  g_assert_null (roster_row (f, campaign, first));
  RUN_FAILS (f, &run, 1, NULL, "delete", "character", first);

  RUN_OK (f, &run, "delete", "force", "Line", "--campaign", "Vimeiro");
  g_assert_cmpuint (roster_size (f, campaign), ==, 2);
  RUN_FAILS (f, &run, 2, "--campaign", "delete", "force", "Riflemen");
  RUN_FAILS (f, &run, 1, "Line", "delete", "force", "Line", "--campaign", campaign);

  RUN_OK (f, &run, "delete", "campaign", "Vimeiro");
  RUN_OK (f, &run, "campaigns", "--format", "tsv");
  rows = tsv_rows (run.out, NULL);
  g_assert_cmpuint (rows->len, ==, 1);
  g_assert_cmpstr (((GStrv) g_ptr_array_index (rows, 0))[1], ==, "Maya");
  RUN_FAILS (f, &run, 1, "Vimeiro", "delete", "campaign", "Vimeiro");
}

/* --- show and set ------------------------------------------------------------ */

static void
test_show (Fixture       *f,
           gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *campaign = new_campaign (f, "Almeida");
  g_autofree char *force = new_force (f, campaign, "Cacadores", "Portuguese");
  g_autofree char *id = NULL;
  JsonObject *object;

  RUN_OK (f, &run, "recruit", campaign, force, "--type", "rifleman", "--name", "Jorge Vicente");
  id = id_string (last_id (run.out));

  RUN_OK (f, &run, "show", id);
  g_assert_true (g_str_has_prefix (run.out, "Jorge Vicente\n"));
  g_assert_nonnull (strstr (run.out, "Initiative"));
  g_assert_nonnull (strstr (run.out, "Baker rifle"));
  g_assert_nonnull (strstr (run.out, "Almeida"));

  RUN_OK (f, &run, "show", "Jorge Vicente", "--campaign", "Almeida", "--format", "json");
  json_parser_load_from_data (parser, run.out, -1, &error);
  g_assert_no_error (error);
  object = json_node_get_object (json_parser_get_root (parser));
  g_assert_nonnull (object);
  g_assert_cmpint (json_object_get_int_member (object, "id"), ==, g_ascii_strtoll (id, NULL, 10));
  g_assert_cmpstr (json_object_get_string_member (object, "side"), ==, "Portuguese");
  g_assert_true (json_object_has_member (object, "F"));
  g_assert_true (json_object_has_member (object, "notes"));
  g_assert_cmpint (json_node_get_value_type (json_object_get_member (object, "mounted")), ==, G_TYPE_BOOLEAN);
  g_assert_false (json_object_get_boolean_member (object, "mounted"));

  RUN_OK (f, &run, "show", id, "--format", "tsv");
  g_assert_true (g_str_has_prefix (run.out, roster_header));

  RUN_FAILS (f, &run, 2, "--campaign", "show", "Jorge Vicente");
  RUN_FAILS (f, &run, 1, "Nobody", "show", "Nobody", "--campaign", campaign);
  RUN_FAILS (f, &run, 1, NULL, "show", "9999");
}

static void
test_set (Fixture       *f,
          gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *campaign = new_campaign (f, "Salamanca");
  g_autofree char *force = new_force (f, campaign, "Fusiliers", "British");
  g_autofree char *id = NULL;
  g_auto(GStrv) row = NULL;

  RUN_OK (f, &run, "recruit", campaign, force, "--type", "line", "--name", "Daniel Hagman");
  id = id_string (last_id (run.out));

  RUN_OK (f, &run, "set", id, "--stat", "I=5", "--stat", "C=12", "--rank", "Private");
  g_assert_cmpstr (run.out, ==, "");
  row = roster_row (f, campaign, id);
  g_assert_cmpstr (row[COL_I], ==, "5");
  g_assert_cmpstr (row[COL_C], ==, "12");
  g_clear_pointer (&row, g_strfreev);

  /* Out of range, over the musket's cap, unknown, malformed. */
  RUN_FAILS (f, &run, 1, NULL, "set", id, "--stat", "I=13");
  RUN_FAILS (f, &run, 1, NULL, "set", id, "--stat", "I=0");
  RUN_FAILS (f, &run, 1, NULL, "set", id, "--stat", "F=10");
  RUN_FAILS (f, &run, 1, "X", "set", id, "--stat", "X=3");
  RUN_FAILS (f, &run, 2, "abc", "set", id, "--stat", "I=abc");
  RUN_FAILS (f, &run, 2, "I", "set", id, "--stat", "I");
  RUN_FAILS (f, &run, 2, "sleeping", "set", id, "--status", "sleeping");
  RUN_FAILS (f, &run, 2, NULL, "set", id);
  RUN_FAILS (f, &run, 1, "lance", "set", id, "--weapon", "lance");
  /* A change that fails part way changes nothing: the new name goes
   * before the stats, and the stat over the cap takes it back. */
  RUN_FAILS (f, &run, 1, NULL, "set", id, "--name", "Ben Perkins", "--stat", "F=10");
  RUN_FAILS (f, &run, 1, NULL, "show", "Ben Perkins", "--campaign", campaign);
  RUN_OK (f, &run, "show", "Daniel Hagman", "--campaign", campaign);
  row = roster_row (f, campaign, id);
  g_assert_cmpstr (row[COL_I], ==, "5");
  g_assert_cmpint (g_ascii_strtoll (row[COL_F], NULL, 10), <=, 9);
  g_clear_pointer (&row, g_strfreev);

  /* A rifle lifts the cap; going back to a musket needs F lowered too. */
  RUN_OK (f, &run, "set", "Daniel Hagman", "--campaign", campaign,
          "--weapon", "rifle", "--stat", "F=11");
  row = roster_row (f, campaign, id);
  g_assert_cmpstr (row[COL_WEAPON], ==, "rifle");
  g_assert_cmpstr (row[COL_F], ==, "11");
  g_clear_pointer (&row, g_strfreev);
  RUN_OK (f, &run, "set", id, "--weapon", "musket", "--stat", "F=9");
  row = roster_row (f, campaign, id);
  g_assert_cmpstr (row[COL_WEAPON], ==, "musket");
  g_assert_cmpstr (row[COL_F], ==, "9");
  g_clear_pointer (&row, g_strfreev);

  RUN_OK (f, &run, "set", id, "--status", "out-of-action", "--out-games", "2", "--notes", "Shot at Salamanca");
  row = roster_row (f, campaign, id);
  g_assert_cmpstr (row[COL_STATUS], ==, "out-of-action");
  g_assert_cmpstr (row[COL_OUT_GAMES], ==, "2");
  g_clear_pointer (&row, g_strfreev);
  RUN_OK (f, &run, "show", id);
  g_assert_nonnull (strstr (run.out, "Shot at Salamanca"));
  g_assert_nonnull (strstr (run.out, "Private"));

  RUN_OK (f, &run, "set", id, "--status", "dead");
  row = roster_row (f, campaign, id);
  g_assert_cmpstr (row[COL_STATUS], ==, "dead");
}

/* --- The library ----------------------------------------------------------- */

static void
test_library_env (Fixture       *f,
                  gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *path = g_build_filename (f->dir, "from-env.db", NULL);
  g_autofree char *xdg_default = g_build_filename (f->dir, "xdg-data", "muster", "library.db", NULL);

  f->pass_library = FALSE;
  f->envp = g_environ_setenv (f->envp, "MUSTER_LIBRARY", path, TRUE);
  RUN_OK (f, &run, "new-campaign", "Barrosa", "--ruleset", RULESET);
  last_id (run.out);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (f->library, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (xdg_default, G_FILE_TEST_EXISTS));

  RUN_OK (f, &run, "campaigns", "--format", "tsv");
  g_assert_nonnull (strstr (run.out, "\tBarrosa\t"));

  /* --library wins over the environment, before or after the command. */
  RUN_OK (f, &run, "new-campaign", "Cadiz", "--ruleset", RULESET, "--library", f->library);
  RUN_OK (f, &run, "campaigns", "--format", "tsv");
  g_assert_null (strstr (run.out, "Cadiz"));
  f->pass_library = TRUE;
  RUN_OK (f, &run, "campaigns", "--format", "tsv");
  g_assert_null (strstr (run.out, "Barrosa"));
  g_assert_nonnull (strstr (run.out, "\tCadiz\t"));
}

static void
test_library_default (Fixture       *f,
                      gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *xdg_default = g_build_filename (f->dir, "xdg-data", "muster", "library.db", NULL);

  f->pass_library = FALSE;
  RUN_OK (f, &run, "new-campaign", "Tarifa", "--ruleset", RULESET);
  g_assert_true (g_file_test (xdg_default, G_FILE_TEST_EXISTS));
}

static void
test_library_newer (Fixture       *f,
                    gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  gsize before_len, after_len;
  sqlite3 *db = NULL;
  g_autofree char *sql = g_strdup_printf ("PRAGMA application_id = %d;"
                                          "PRAGMA user_version = %d;"
                                          "CREATE TABLE future (id INTEGER PRIMARY KEY);",
                                          MUSTER_STORE_APPLICATION_ID,
                                          MUSTER_STORE_SCHEMA_VERSION + 10);

  g_assert_cmpint (sqlite3_open (f->library, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  g_file_get_contents (f->library, &before, &before_len, &error);
  g_assert_no_error (error);

  RUN_FAILS (f, &run, 1, NULL, "campaigns");
  g_assert_nonnull (strstr (run.err, "newer"));
  RUN_FAILS (f, &run, 1, NULL, "new-campaign", "Future", "--ruleset", RULESET);

  g_file_get_contents (f->library, &after, &after_len, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (before, before_len, after, after_len);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("/cli/usage/no-command", test_usage_no_command);
  ADD ("/cli/usage/unknown-command", test_usage_unknown_command);
  ADD ("/cli/usage/help", test_usage_help);
  ADD ("/cli/usage/translated", test_usage_translated);
  ADD ("/cli/usage/missing-arguments", test_usage_missing_arguments);
  ADD ("/cli/usage/bad-format", test_usage_bad_format);
  ADD ("/cli/rulesets/list", test_rulesets_list);
  ADD ("/cli/rulesets/broken", test_rulesets_broken);
  ADD ("/cli/campaign/new", test_campaign_new);
  ADD ("/cli/campaign/option", test_campaign_option);
  ADD ("/cli/campaign/errors", test_campaign_errors);
  ADD ("/cli/force/new", test_force_new);
  ADD ("/cli/recruit/count", test_recruit_count);
  ADD ("/cli/recruit/named", test_recruit_named);
  ADD ("/cli/roster/tsv", test_roster_tsv);
  ADD ("/cli/roster/json", test_roster_json);
  ADD ("/cli/sample", test_sample);
  ADD ("/cli/rename", test_rename);
  ADD ("/cli/delete", test_delete);
  ADD ("/cli/show", test_show);
  ADD ("/cli/set", test_set);
  ADD ("/cli/library/env", test_library_env);
  ADD ("/cli/library/default", test_library_default);
  ADD ("/cli/library/newer", test_library_newer);

#undef ADD

  return g_test_run ();
}
