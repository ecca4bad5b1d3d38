/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-cli"

#include "config.h"

#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "muster-store.h"
#include "muster-test-util.h"
#include "muster-cli-test-util.h"
#include "muster-rules-test-util.h"

/* `muster-cli update-rules` and `undo-update-rules`: a newer Sharpe's
 * Skirmish in the user's ruleset folder (the fixture's XDG_DATA_HOME),
 * made from the shipped file. */

/* Version 2: a death on 5 or 6 and a new option. */
static char *
sharpe_v2 (void)
{
  char *text = rules_sharpe_version ("2");

  text = rules_edit (text, "dies-on=\"6\"", "dies-on=\"5\"");
  text = rules_edit (text, "  </options>",
               "    <option id=\"recovery\" default=\"rest\">\n"
               "      <name>Recovery</name>\n"
               "      <choice id=\"rest\"><name>Rest a game</name></choice>\n"
               "      <choice id=\"march\"><name>March on</name></choice>\n"
               "    </option>\n"
               "  </options>");
  return text;
}

static void
install (Fixture    *f,
         const char *text)
{
  g_autofree char *data_home = g_build_filename (f->dir, "xdg-data", NULL);

  rules_install (data_home, "sharpes-skirmish-2.xml", text);
}

static char *
dump (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterStore) store = muster_store_open (f->library, &error);

  g_assert_no_error (error);
  return muster_store_dump (store);
}

/* The campaign's version of its rules, as `campaigns` lists it. */
static char *
version_of (Fixture *f)
{
  g_auto(Run) run = { 0 };

  RUN_OK (f, &run, "campaigns", "--format", "tsv");
  return tsv_cell (run.out, 1, "version");
}

static void
test_latest (Fixture       *f,
             gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *id = new_campaign (f, "Talavera");

  RUN_OK (f, &run, "update-rules", "Talavera");
  g_assert_cmpstr (run.out, ==, "Campaign “Talavera” already has the latest rules: version 1 of Sharpe's Skirmish.\n");
  RUN_OK (f, &run, "update-rules", id, "--dry-run");
  g_assert_cmpstr (run.out, ==, "Campaign “Talavera” already has the latest rules: version 1 of Sharpe's Skirmish.\n");

  RUN_FAILS (f, &run, 1, "nothing to undo", "undo-update-rules", "Talavera");
  RUN_FAILS (f, &run, 2, NULL, "update-rules");
  RUN_FAILS (f, &run, 1, "Salamanca", "update-rules", "Salamanca");
}

static void
test_dry_run_and_take (Fixture       *f,
                       gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *id = new_campaign (f, "Talavera");
  g_autofree char *v2 = sharpe_v2 ();
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *version = NULL;
  g_autofree char *kind = NULL;
  g_auto(GStrv) out = NULL;

  install (f, v2);
  before = dump (f);

  /* What would change, line by line, and nothing changed. */
  RUN_OK (f, &run, "update-rules", "Talavera", "--dry-run");
  out = lines (run.out);
  g_assert_cmpuint (g_strv_length (out), ==, 8);
  g_assert_cmpstr (out[0], ==, "Campaign “Talavera” plays version 1 of Sharpe's Skirmish; version 2 is available.");
  g_assert_cmpstr (out[1], ==, "What changed:");
  g_assert_cmpstr (out[2], ==, "  New option “Recovery”, taking its default: Rest a game");
  g_assert_cmpstr (out[3], ==, "  Between-game step changed: Death roll, when “Campaign death roll” is “Dies only on a 6”: dies-on: 6 → 5");
  g_assert_cmpstr (out[4], ==, "Options:");
  g_assert_cmpstr (out[5], ==, "  “Campaign death roll” stays “Dies only on a 6”.");
  g_assert_cmpstr (out[6], ==, "  “Recovery” is new and takes its default, “Rest a game”.");
  g_assert_cmpstr (out[7], ==, "Nothing was changed (--dry-run): campaign “Talavera” still plays version 1.");
  after = dump (f);
  g_assert_cmpstr (after, ==, before);

  /* Taken: said in words, with the way back. */
  RUN_OK (f, &run, "update-rules", id);
  g_assert_true (g_str_has_suffix (run.out,
      "Campaign “Talavera” now plays version 2 of Sharpe's Skirmish. “muster-cli undo-update-rules 1” undoes it.\n"));
  version = version_of (f);
  g_assert_cmpstr (version, ==, "2");
  RUN_OK (f, &run, "log", "Talavera", "--format", "tsv");
  kind = tsv_cell (run.out, 1, "kind");
  g_assert_cmpstr (kind, ==, "rules-updated");
  RUN_OK (f, &run, "update-rules", "Talavera");
  g_assert_cmpstr (run.out, ==, "Campaign “Talavera” already has the latest rules: version 2 of Sharpe's Skirmish.\n");

  /* Version 3 is version 2 with another number: said so. */
  {
    g_autofree char *v3 = rules_edit (g_strdup (v2), "version=\"2\"", "version=\"3\"");

    install (f, v3);
  }
  RUN_OK (f, &run, "update-rules", "Talavera", "--dry-run");
  g_assert_nonnull (strstr (run.out, "version 3 is available.\nOnly the version number is different.\nOptions:\n"));
  RUN_OK (f, &run, "update-rules", "Talavera");

  /* Undone, the last first: the library it was. */
  RUN_OK (f, &run, "undo-update-rules", "Talavera");
  g_assert_cmpstr (run.out, ==, "Taking newer rules is undone: campaign “Talavera” plays version 2 of its rules again.\n");
  RUN_OK (f, &run, "undo-update-rules", "Talavera");
  g_assert_cmpstr (run.out, ==, "Taking newer rules is undone: campaign “Talavera” plays version 1 of its rules again.\n");
  g_clear_pointer (&after, g_free);
  after = dump (f);
  g_assert_cmpstr (after, ==, before);
}

/* A character of a troop type the new version lacks stops it: the plan
 * is printed, the reason said, nothing changed. */
static void
test_blocked (Fixture       *f,
              gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *v2 = sharpe_v2 ();
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  RUN_OK (f, &run, "sample", "Coa");
  v2 = rules_edit (v2, "<troop-type id=\"voltigeur\"", "<troop-type id=\"light-infantry\"");
  install (f, v2);
  before = dump (f);

  RUN (f, &run, "update-rules", "Coa");
  g_assert_cmpint (run.status, ==, 1);
  g_assert_true (g_str_has_prefix (run.out, "Campaign “Coa” plays version 1 of Sharpe's Skirmish; version 2 is available.\n"));
  g_assert_nonnull (strstr (run.out, "Troop type “Voltigeur” removed"));
  g_assert_true (g_str_has_prefix (run.err, "muster-cli: Campaign “Coa” cannot take version 2 of Sharpe's Skirmish:\n• "));
  g_assert_nonnull (strstr (run.err, "is of the troop type “voltigeur”, which version 2 of Sharpe's Skirmish does not have."));
  after = dump (f);
  g_assert_cmpstr (after, ==, before);
}

/* A campaign whose copy of its rules no longer loads says so, and takes
 * the installed file of its id again. */
static void
test_broken (Fixture       *f,
             gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_autofree char *version = NULL;
  sqlite3 *db = NULL;

  RUN_OK (f, &run, "sample", "Coa");
  g_assert_cmpint (sqlite3_open (f->library, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE campaign SET ruleset_xml = substr (ruleset_xml, 1, 400)",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  RUN_FAILS (f, &run, 1, "no longer loads", "roster", "Coa");

  RUN_OK (f, &run, "update-rules", "Coa", "--dry-run");
  g_assert_true (g_str_has_prefix (run.out, "The copy of Sharpe's Skirmish kept by campaign “Coa” no longer loads (sharpes-skirmish.xml:"));
  g_assert_nonnull (strstr (run.out, "The installed version 1 can replace it.\n"));
  RUN_FAILS (f, &run, 1, "no longer loads", "roster", "Coa");

  RUN_OK (f, &run, "update-rules", "Coa");
  g_assert_nonnull (strstr (run.out, "Campaign “Coa” now plays version 1 of Sharpe's Skirmish."));
  g_assert_cmpuint (roster_size (f, "Coa"), ==, 24);
  version = version_of (f);
  g_assert_cmpstr (version, ==, "1");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  rules_use_first_versions ();

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup_fixed_time, func, fixture_teardown)

  ADD ("/cli/update-rules/latest", test_latest);
  ADD ("/cli/update-rules/dry-run-and-take", test_dry_run_and_take);
  ADD ("/cli/update-rules/blocked", test_blocked);
  ADD ("/cli/update-rules/broken", test_broken);

#undef ADD

  return g_test_run ();
}
