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
          g_assert_cmpstr (row[1], ==, "3");
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
  g_assert_nonnull (strstr (run.out, RULESET "\t3\t"));
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
  g_free (new_force (f, "Talavera", "South Devon", "British"));

  RUN_OK (f, &run, "campaigns", "--format", "tsv");
  rows = tsv_rows (run.out, NULL);
  g_assert_cmpuint (rows->len, ==, 1);
  expected = g_strdup_printf ("%s\tTalavera\t" RULESET "\t3\t1\t0", id);
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
  g_autofree char *expected_british = g_strdup_printf ("%s\t95th Rifles\tBritish\t0\tbritish", british);
  g_autofree char *expected_french = g_strdup_printf ("%s\tSoult\tSoult\t0\tbritish", french);

  RUN_OK (f, &run, "forces", "Corunna", "--format", "tsv");
  rows = tsv_rows (run.out, "id\tname\tside\tcharacters\tnationality");
  g_assert_cmpuint (rows->len, ==, 2);
  g_assert_nonnull (strstr (run.out, expected_british));
  g_assert_nonnull (strstr (run.out, expected_french));

  RUN_FAILS (f, &run, 1, NULL, "new-force", campaign, "Soult");
  RUN_FAILS (f, &run, 1, NULL, "new-force", campaign, "42");
  RUN_FAILS (f, &run, 1, "Nowhere", "new-force", "Nowhere", "Ney");
  RUN_FAILS (f, &run, 1, "Nobody", "recruit", campaign, "Nobody", "--type", "line");
}

/* A force's nationality: guessed from its side, given, changed; its
 * recruits take its names. */
static void
test_force_nationality (Fixture       *f,
                        gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *campaign = new_campaign (f, "Bailén");
  g_autofree char *cell = NULL;
  g_autofree char *spanish_surnames = g_build_filename (g_getenv ("MUSTER_NAMES_DIR"), "spanish.txt", NULL);
  g_autofree char *names = NULL;
  g_auto(GStrv) ids = NULL;

  RUN_OK (f, &run, "new-force", "Bailén", "Dupont", "--side", "Armée de Portugal");
  g_assert_true (g_str_has_prefix (run.out, "Force “Dupont” added to Bailén, fighting for Armée de Portugal. "
                                            "Nationality: French.\n"));
  RUN_OK (f, &run, "new-force", "Bailén", "Castaños", "--side", "Allies", "--nationality", "spanish");
  g_assert_true (g_str_has_prefix (run.out, "Force “Castaños” added to Bailén, fighting for Allies. "
                                            "Nationality: Spanish.\n"));
  RUN_FAILS (f, &run, 2, "There is no nationality “prussian”. Choose one of: british, french, spanish, portuguese.",
             "new-force", "Bailén", "Blücher", "--nationality", "prussian");

  RUN_OK (f, &run, "forces", "Bailén", "--format", "tsv");
  cell = tsv_cell (run.out, 1, "nationality");
  g_assert_cmpstr (cell, ==, "spanish");
  g_clear_pointer (&cell, g_free);
  cell = tsv_cell (run.out, 2, "nationality");
  g_assert_cmpstr (cell, ==, "french");
  g_clear_pointer (&cell, g_free);

  /* The recruits of the Spanish force are called as the Spanish are. */
  RUN_OK (f, &run, "recruit", "Bailén", "Castaños", "--type", "line", "--count", "10");
  ids = id_lines (run.out);
  g_assert_true (g_file_get_contents (spanish_surnames, &names, NULL, NULL));
  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_auto(GStrv) row = roster_row (f, campaign, ids[i]);
      g_autofree char *line = g_strdup_printf ("\n%s\n", strchr (row[COL_NAME], ' ') + 1);

      g_assert_nonnull (strstr (names, line));
    }

  RUN_OK (f, &run, "set-force", "Dupont", "--campaign", "Bailén", "--nationality", "portuguese", "--side", "");
  g_assert_cmpstr (run.out, ==, "Force “Dupont” of Bailén is now a side of its own.\n"
                                "Force “Dupont” of Bailén: nationality Portuguese. Its recruits take these names "
                                "from now on; its characters keep theirs.\n");
  RUN_OK (f, &run, "forces", "Bailén", "--format", "tsv");
  cell = tsv_cell (run.out, 2, "nationality");
  g_assert_cmpstr (cell, ==, "portuguese");
  g_clear_pointer (&cell, g_free);
  cell = tsv_cell (run.out, 2, "side");
  g_assert_cmpstr (cell, ==, "Dupont");

  RUN_FAILS (f, &run, 2, "Nothing to change", "set-force", "Dupont", "--campaign", "Bailén");
  RUN_FAILS (f, &run, 2, "prussian", "set-force", "Dupont", "--campaign", "Bailén", "--nationality", "prussian");
  RUN_FAILS (f, &run, 2, "--campaign", "set-force", "Dupont", "--nationality", "french");
  RUN_FAILS (f, &run, 1, "Blücher", "set-force", "Blücher", "--campaign", "Bailén", "--nationality", "french");
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
  /* What it made in words, then the forces' ids and the campaign's last. */
  g_assert_true (g_str_has_prefix (run.out,
                                   "Campaign “Peninsula” created, the sample of Sharpe's Skirmish.\n"
                                   "Force “Light Company, 45th Foot”, fighting for British, with 13 characters. "
                                   "Nationality: British.\n"
                                   "Force “Voltigeurs, 66e de Ligne”, fighting for French, with 11 characters. "
                                   "Nationality: French.\n"));
  {
    g_auto(GStrv) ids = id_lines (run.out);

    g_assert_cmpuint (g_strv_length (ids), ==, 3);
    g_assert_cmpstr (ids[2], ==, campaign);
  }
  g_assert_cmpuint (count_lines (run.out), ==, 6);
  created = g_strdup (run.out);

  RUN_OK (f, &run, "forces", campaign, "--format", "tsv");
  forces = tsv_rows (run.out, "id\tname\tside\tcharacters\tnationality");
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

  RUN_OK (f, &run, "recruit", campaign, force, "--type", "line", "--name", "Patrick Harden");
  id = id_string (last_id (run.out));

  RUN_OK (f, &run, "rename", "campaign", "Sabugal", "Sabugal 1811");
  g_assert_cmpstr (run.out, ==, "Campaign “Sabugal” is now called “Sabugal 1811”.\n");
  RUN_OK (f, &run, "rename", "force", "Light Bobs", "Light Division", "--campaign", "Sabugal 1811");
  g_assert_cmpstr (run.out, ==, "Force “Light Bobs” of Sabugal 1811 is now called “Light Division”.\n");
  RUN_OK (f, &run, "rename", "character", id, "Pat Harden");
  g_assert_cmpstr (run.out, ==, "Patrick Harden of Sabugal 1811 is now called “Pat Harden”.\n");
  RUN_OK (f, &run, "rename", "character", "Pat Harden", "Sergeant Harden", "--campaign", campaign);

  RUN_OK (f, &run, "campaigns", "--format", "tsv");
  g_assert_nonnull (strstr (run.out, "\tSabugal 1811\t"));
  row = roster_row (f, campaign, id);
  g_assert_cmpstr (row[COL_NAME], ==, "Sergeant Harden");
  g_assert_cmpstr (row[COL_FORCE], ==, "Light Division");

  RUN_FAILS (f, &run, 2, "--campaign", "rename", "character", "Sergeant Harden", "Harden");
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
  {
    g_auto(GStrv) ids = id_lines (run.out);

    first = g_strdup (ids[0]);
  }
  RUN_OK (f, &run, "recruit", campaign, line, "--type", "line", "--count", "2");
  g_assert_cmpuint (roster_size (f, campaign), ==, 5);

  /* Each says what went, and from where. */
  {
    g_auto(GStrv) row = roster_row (f, campaign, first);
    g_autofree char *said = g_strdup_printf ("Character “%s” deleted, from Vimeiro.\n", row[COL_NAME]);

    RUN_OK (f, &run, "delete", "character", first);
    g_assert_cmpstr (run.out, ==, said);
  }
  g_assert_cmpuint (roster_size (f, campaign), ==, 4);
  g_assert_null (roster_row (f, campaign, first));
  RUN_FAILS (f, &run, 1, NULL, "delete", "character", first);

  RUN_OK (f, &run, "delete", "force", "Line", "--campaign", "Vimeiro");
  g_assert_cmpstr (run.out, ==, "Force “Line” deleted with its 2 characters, from Vimeiro.\n");
  g_assert_cmpuint (roster_size (f, campaign), ==, 2);
  RUN_FAILS (f, &run, 2, "--campaign", "delete", "force", "Riflemen");
  RUN_FAILS (f, &run, 1, "Line", "delete", "force", "Line", "--campaign", campaign);

  RUN_OK (f, &run, "delete", "campaign", "Vimeiro");
  g_assert_true (g_str_has_prefix (run.out, "Campaign “Vimeiro” deleted.\n"));
  RUN_OK (f, &run, "campaigns", "--format", "tsv");
  rows = tsv_rows (run.out, NULL);
  g_assert_cmpuint (rows->len, ==, 1);
  g_assert_cmpstr (((GStrv) g_ptr_array_index (rows, 0))[1], ==, "Maya");
  RUN_FAILS (f, &run, 1, "Vimeiro", "delete", "campaign", "Vimeiro");
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
  ADD ("/cli/force/nationality", test_force_nationality);
  ADD ("/cli/sample", test_sample);
  ADD ("/cli/rename", test_rename);
  ADD ("/cli/delete", test_delete);
  ADD ("/cli/library/env", test_library_env);
  ADD ("/cli/library/default", test_library_default);
  ADD ("/cli/library/newer", test_library_newer);

#undef ADD

  return g_test_run ();
}
