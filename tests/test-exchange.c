/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-exchange"

#include "config.h"

#include <string.h>

#include <fcntl.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <sqlite3.h>

#include "muster-exchange.h"
#include "muster-recruit.h"
#include "muster-store.h"
#include "muster-store-private.h"
#include "muster-exchange-test-util.h"
#include "muster-test-util.h"



/* --- Round trips ----------------------------------------------------------- */

static void
test_roundtrip_sample (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterStore) empty = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *name = NULL;
  MusterExchangeKind kind = MUSTER_EXCHANGE_FORCE;
  gint64 campaign, copy, again;

  campaign = make_sample (store);
  first = export_campaign (store, campaign);

  g_assert_true (g_str_has_prefix (first, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                          "<muster xmlns=\"" MUSTER_EXCHANGE_NS "\" version=\""
                                          G_STRINGIFY (MUSTER_EXCHANGE_FORMAT_VERSION) "\" kind=\"campaign\">\n"));
  g_assert_nonnull (strstr (first, "<kill killer=\"c1\""));
  g_assert_nonnull (strstr (first, "type=\"real\" value=\"0.5\""));
  g_assert_nonnull (strstr (first, "&#13;"));
  g_assert_nonnull (strstr (first, "out-games=\"2\""));

  copy = muster_exchange_import_data (empty, first, strlen (first), "sample.muster", 0, &kind, &error);
  g_assert_no_error (error);
  g_assert_cmpint (copy, >, 0);
  g_assert_cmpint (kind, ==, MUSTER_EXCHANGE_CAMPAIGN);

  second = export_campaign (empty, copy);
  g_assert_cmpstr (first, ==, second);

  g_assert_cmpint (count (empty, "SELECT COUNT(*) FROM character WHERE campaign_id = ?", copy), ==,
                   count (store, "SELECT COUNT(*) FROM character WHERE campaign_id = ?", campaign));
  g_assert_cmpint (count (empty, "SELECT COUNT(*) FROM log_entry WHERE campaign_id = ?", copy), ==,
                   count (store, "SELECT COUNT(*) FROM log_entry WHERE campaign_id = ?", campaign));

  /* Into the library it came from: a new campaign with a name of its own. */
  again = muster_exchange_import_data (store, first, strlen (first), "sample.muster", 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (again, !=, campaign);
  {
    sqlite3_stmt *stmt = NULL;

    sqlite3_prepare_v2 (muster_store_get_db (store), "SELECT name FROM campaign WHERE id = ?", -1, &stmt, NULL);
    sqlite3_bind_int64 (stmt, 1, again);
    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
    name = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
    sqlite3_finalize (stmt);
  }
  g_assert_cmpstr (name, ==, "Sample & “Peninsula” (2)");
}

static void
test_roundtrip_big (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterStore) empty = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autoptr(GTimer) timer = g_timer_new ();
  gint64 campaign, copy;

  campaign = make_big (store, 1000, 100);
  g_test_message ("generated in %.2f s", g_timer_elapsed (timer, NULL));

  g_timer_start (timer);
  first = export_campaign (store, campaign);
  g_test_message ("exported %zu bytes in %.2f s", strlen (first), g_timer_elapsed (timer, NULL));

  g_timer_start (timer);
  copy = muster_exchange_import_data (empty, first, strlen (first), "big.muster", 0, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("imported in %.2f s", g_timer_elapsed (timer, NULL));

  second = export_campaign (empty, copy);
  g_assert_cmpstr (first, ==, second);
  g_assert_cmpint (count (empty, "SELECT COUNT(*) FROM character WHERE campaign_id = ?", copy), ==, 1000);
  g_assert_cmpint (count (empty, "SELECT COUNT(*) FROM game WHERE campaign_id = ?", copy), ==, 100);
  g_assert_cmpint (count (empty, "SELECT COUNT(*) FROM participation p JOIN game g ON g.id = p.game_id WHERE g.campaign_id = ?", copy),
                   ==, 2000);
}

/* Into a library that has rows already: a campaign's rows are written
 * by the batch, its rolls with ids given ahead, and each log entry must
 * still point at its own roll. */
static void
test_roundtrip_into_used (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autoptr(GString) expected = NULL;
  gint64 campaign, copy;

  campaign = make_big (store, 200, 40);
  first = export_campaign (store, campaign);
  /* More rows of each kind than the importer writes in one statement (32). */
  g_assert_cmpint (count (store, "SELECT COUNT(*) FROM roll WHERE campaign_id = ?", campaign), >, 64);

  copy = muster_exchange_import_data (store, first, strlen (first), "big.muster", 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (copy, !=, campaign);

  /* The same file but for the copy's name. */
  second = export_campaign (store, copy);
  expected = g_string_new (first);
  g_assert_cmpuint (g_string_replace (expected, "name=\"Big campaign\"", "name=\"Big campaign (2)\"", 1), ==, 1);
  g_assert_cmpstr (second, ==, expected->str);

  g_assert_cmpint (count (store, "SELECT COUNT(*) FROM log_entry l JOIN roll r ON r.id = l.roll_id"
                                 " WHERE l.campaign_id = ? AND r.campaign_id = l.campaign_id", copy), ==,
                   count (store, "SELECT COUNT(*) FROM log_entry WHERE campaign_id = ? AND roll_id IS NOT NULL", campaign));
  g_assert_cmpint (count (store, "SELECT COUNT(*) FROM log_entry WHERE campaign_id = ? AND roll_id IS NOT NULL", campaign),
                   >, 64);
}

/* The size the issue asks timings for: run with -m slow. */
static void
test_roundtrip_huge (void)
{
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(MusterStore) empty = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *path2 = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autoptr(GTimer) timer = g_timer_new ();
  gint64 campaign, copy;

  if (!g_test_slow ())
    {
      g_test_skip ("10,000 characters and 1,000 games: run with -m slow");
      return;
    }

  store = muster_test_open_store (NULL);
  empty = muster_test_open_store (NULL);
  dir = muster_test_make_tmpdir ();
  path = g_build_filename (dir, "huge.muster", NULL);
  path2 = g_build_filename (dir, "again.muster", NULL);

  campaign = make_big (store, 10000, 1000);
  g_test_message ("generated in %.2f s", g_timer_elapsed (timer, NULL));

  g_timer_start (timer);
  g_assert_true (muster_exchange_export_to_path (store, MUSTER_EXCHANGE_CAMPAIGN, campaign, path, &error));
  g_assert_no_error (error);
  g_test_message ("exported in %.2f s", g_timer_elapsed (timer, NULL));

  g_timer_start (timer);
  copy = muster_exchange_import (empty, path, 0, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("imported in %.2f s", g_timer_elapsed (timer, NULL));

  g_assert_true (muster_exchange_export_to_path (empty, MUSTER_EXCHANGE_CAMPAIGN, copy, path2, &error));
  g_assert_true (g_file_get_contents (path, &first, NULL, NULL));
  g_assert_true (g_file_get_contents (path2, &second, NULL, NULL));
  g_assert_cmpstr (first, ==, second);
}

static void
test_roundtrip_file (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterStore) empty = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "campaign.muster", NULL);
  g_autofree char *path2 = g_build_filename (dir, "again.muster", NULL);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *name = NULL;
  MusterExchangeKind kind;
  gint64 campaign, copy;

  campaign = make_sample (store);
  g_assert_true (muster_exchange_export_to_path (store, MUSTER_EXCHANGE_CAMPAIGN, campaign, path, &error));
  g_assert_no_error (error);

  g_assert_true (muster_exchange_peek (path, &kind, &name, &error));
  g_assert_no_error (error);
  g_assert_cmpint (kind, ==, MUSTER_EXCHANGE_CAMPAIGN);
  g_assert_cmpstr (name, ==, "Sample & “Peninsula”");

  copy = muster_exchange_import (empty, path, 0, &kind, &error);
  g_assert_no_error (error);
  g_assert_cmpint (copy, >, 0);
  g_assert_true (muster_exchange_export_to_path (empty, MUSTER_EXCHANGE_CAMPAIGN, copy, path2, &error));
  g_assert_no_error (error);

  g_assert_true (g_file_get_contents (path, &first, NULL, NULL));
  g_assert_true (g_file_get_contents (path2, &second, NULL, NULL));
  g_assert_cmpstr (first, ==, second);

  /* A failed export leaves the file that was there. */
  g_assert_false (muster_exchange_export_to_path (store, MUSTER_EXCHANGE_CAMPAIGN, 9999, path, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND);
  g_clear_pointer (&second, g_free);
  g_assert_true (g_file_get_contents (path, &second, NULL, NULL));
  g_assert_cmpstr (first, ==, second);
}

/* What a file holds, counted for the confirmation before an import. */
static void
test_describe (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterExchangeSummary) summary = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "big.muster", NULL);
  g_autofree char *force_path = g_build_filename (TEST_SRCDIR, "exchange", "force.muster", NULL);
  const char * const refused[] = { "not-xml.muster", "empty.muster", "wrong-root.muster",
                                   "wrong-namespace.muster", "billion-laughs.muster" };
  gint64 campaign;

  campaign = make_big (store, 60, 7);
  g_assert_true (muster_exchange_export_to_path (store, MUSTER_EXCHANGE_CAMPAIGN, campaign, path, &error));
  g_assert_no_error (error);

  summary = muster_exchange_describe (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (summary->kind, ==, MUSTER_EXCHANGE_CAMPAIGN);
  g_assert_cmpstr (summary->name, ==, "Big campaign");
  g_assert_cmpstr (summary->ruleset_id, ==, "sharpes-skirmish");
  g_assert_cmpuint (summary->n_forces, ==, 4);
  g_assert_cmpuint (summary->n_units, ==, 0);
  g_assert_cmpuint (summary->n_characters, ==, 60);
  g_assert_cmpuint (summary->n_games, ==, 7);
  g_clear_pointer (&summary, muster_exchange_summary_free);

  summary = muster_exchange_describe (force_path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (summary->kind, ==, MUSTER_EXCHANGE_FORCE);
  g_assert_cmpstr (summary->name, ==, "South Devon Light Company");
  g_assert_cmpstr (summary->ruleset_id, ==, "sharpes-skirmish");
  g_assert_cmpuint (summary->n_forces, ==, 1);
  g_assert_cmpuint (summary->n_units, ==, 0);
  g_assert_cmpuint (summary->n_characters, ==, 2);
  g_assert_cmpuint (summary->n_games, ==, 0);
  g_clear_pointer (&summary, muster_exchange_summary_free);

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autofree char *bad = g_build_filename (TEST_SRCDIR, "exchange", refused[i], NULL);

      summary = muster_exchange_describe (bad, &error);
      g_assert_null (summary);
      g_assert_error (error, MUSTER_EXCHANGE_ERROR, MUSTER_EXCHANGE_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, refused[i]));
      g_clear_error (&error);
    }
}

static void
test_roundtrip_force (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterStore) other = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("sharpes-skirmish", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) forces = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  MusterExchangeKind kind = MUSTER_EXCHANGE_CAMPAIGN;
  gint64 campaign, target, force;

  campaign = make_sample (store);
  forces = column_ids (store, "SELECT id FROM force WHERE campaign_id = ? ORDER BY id", campaign);
  first = export_force (store, ID (forces, 0));
  g_assert_nonnull (strstr (first, "kind=\"force\""));
  g_assert_nonnull (strstr (first, "<ruleset id=\"sharpes-skirmish\""));
  g_assert_nonnull (strstr (first, " kills=\"1\""));

  target = muster_store_create_campaign (other, "Another campaign", ruleset, 5, NULL, &error);
  g_assert_no_error (error);

  /* A force file needs a campaign to join. */
  g_free (expect_refused (other, 0, first, -1, MUSTER_EXCHANGE_ERROR_KIND, "campaign", NULL));

  force = muster_exchange_import_data (other, first, strlen (first), "force.muster", target, &kind, &error);
  g_assert_no_error (error);
  g_assert_cmpint (force, >, 0);
  g_assert_cmpint (kind, ==, MUSTER_EXCHANGE_FORCE);
  g_assert_cmpint (count (other, "SELECT COUNT(*) FROM log_entry WHERE campaign_id = ? AND kind = 'import'", target),
                   ==, 1 + count (other, "SELECT COUNT(*) FROM character WHERE force_id = ?", force));

  /* Kills and games stay behind as totals in the log, so compare without them. */
  second = export_force (other, force);
  a = strip_totals (first);
  b = strip_totals (second);
  g_assert_cmpstr (a, ==, b);

  /* Again: the name is taken, so the force gets a name of its own. */
  force = muster_exchange_import_data (other, first, strlen (first), "force.muster", target, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (count (other, "SELECT COUNT(*) FROM force WHERE campaign_id = ?", target), ==, 2);
  g_assert_cmpint (count (other, "SELECT COUNT(*) FROM force WHERE id = ? AND name LIKE '% (2)'", force), ==, 1);
}

static void
test_force_fixture (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;
  gint64 campaign, force;
  g_autoptr(MusterStore) store = sample_library (&campaign);

  {
    g_autofree char *path = g_build_filename (TEST_SRCDIR, "exchange", "force.muster", NULL);
    g_autofree char *bad = g_build_filename (TEST_SRCDIR, "exchange", "wrong-namespace.muster", NULL);
    g_autofree char *name = NULL;
    MusterExchangeKind kind = MUSTER_EXCHANGE_CAMPAIGN;

    g_assert_true (muster_exchange_peek (path, &kind, &name, &error));
    g_assert_no_error (error);
    g_assert_cmpint (kind, ==, MUSTER_EXCHANGE_FORCE);
    g_assert_cmpstr (name, ==, "South Devon Light Company");
    g_assert_false (muster_exchange_peek (bad, NULL, NULL, &error));
    g_assert_error (error, MUSTER_EXCHANGE_ERROR, MUSTER_EXCHANGE_ERROR_PARSE);
    g_clear_error (&error);
  }

  data = read_fixture ("force.muster", &length);
  force = muster_exchange_import_data (store, data, length, "force.muster", campaign, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (count (store, "SELECT COUNT(*) FROM character WHERE force_id = ?", force), ==, 2);
  /* The totals come back as what the log says of each man. */
  {
    g_autoptr(GPtrArray) log = muster_store_list_log (store, campaign, 0, 0, &error);
    guint found = 0;

    g_assert_no_error (error);
    for (guint i = 0; i < log->len; i++)
      {
        const MusterLogEntry *entry = g_ptr_array_index (log, i);

        if (g_str_equal (entry->kind, "import") && g_str_has_suffix (entry->message, "(kills elsewhere: 4, games elsewhere: 3)."))
          {
            muster_test_assert_args (entry->args, "{\"kills\": 4, \"games\": 3}");
            found++;
          }
      }
    g_assert_cmpuint (found, ==, 1);
  }
}

static guint
occurrences (const char *text,
             const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (text, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

/* What a man brought from another campaign is kept on him, apart from
 * what he does in this one: a campaign file carries it, and a force file
 * carries his whole career. */
static void
test_elsewhere (void)
{
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(MusterStore) fresh = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *campaign_file = NULL;
  g_autofree char *again = NULL;
  g_autofree char *force_file = NULL;
  gint64 campaign, force, sharland, copy, game;
  gsize length;

  store = sample_library (&campaign);
  data = read_fixture ("force.muster", &length);
  force = muster_exchange_import_data (store, data, length, "force.muster", campaign, NULL, &error);
  g_assert_no_error (error);
  sharland = sql (store, "SELECT id FROM character WHERE force_id = ? AND name = 'Richard Sharland'", "i", force);
  g_assert_cmpint (sql (store, "SELECT kills_elsewhere FROM character WHERE id = ?", "i", sharland), ==, 4);
  g_assert_cmpint (sql (store, "SELECT games_elsewhere FROM character WHERE id = ?", "i", sharland), ==, 3);
  g_assert_cmpint (sql (store, "SELECT sum (kills_elsewhere) FROM character WHERE force_id = ?", "i", force), ==, 6);
  g_assert_cmpint (sql (store, "SELECT count (*) FROM character WHERE campaign_id = ? AND kills_elsewhere > 0",
                        "i", campaign), ==, 2);

  /* A campaign file keeps them apart, and brings them back. */
  campaign_file = export_campaign (store, campaign);
  g_assert_nonnull (strstr (campaign_file, "kills-elsewhere=\"4\" games-elsewhere=\"3\""));
  g_assert_cmpuint (occurrences (campaign_file, "kills-elsewhere="), ==, 2);
  copy = muster_exchange_import_data (fresh, campaign_file, strlen (campaign_file), "sample.muster", 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sql (fresh, "SELECT sum (kills_elsewhere) FROM character WHERE campaign_id = ?", "i", copy), ==, 6);
  g_assert_cmpint (sql (fresh, "SELECT sum (games_elsewhere) FROM character WHERE campaign_id = ?", "i", copy), ==, 6);
  again = export_campaign (fresh, copy);
  g_assert_cmpstr (again, ==, campaign_file);

  /* A game here adds to his career in a force file. */
  game = sql (store, "INSERT INTO game (campaign_id, number, title, state) VALUES (?, 99, 'The ford', 'played')",
              "i", campaign);
  sql (store, "INSERT INTO participation (game_id, character_id, side, killed_unnamed)"
              " VALUES (?, ?, 'British', 2)", "ii", game, sharland);
  force_file = export_force (store, force);
  g_assert_nonnull (strstr (force_file, "name=\"Richard Sharland\""));
  g_assert_nonnull (strstr (force_file, "kills=\"6\" games=\"4\""));
  g_assert_nonnull (strstr (force_file, "kills=\"2\" games=\"3\""));
}

/* A force file carries each character's career totals: kills named and
 * unnamed, and the games played (not one still planned). */
static void
test_force_totals (void)
{
  gint64 campaign, character, force, kills, games;
  g_autoptr(MusterStore) store = sample_library (&campaign);
  g_autofree char *file = NULL;
  g_autofree char *expected = NULL;
  gint64 game;

  character = sql (store, "SELECT p.character_id FROM participation p JOIN character c ON c.id = p.character_id"
                   " WHERE c.campaign_id = ? AND p.killed_unnamed > 0 LIMIT 1", "i", campaign);
  g_assert_cmpint (character, >, 0);
  force = sql (store, "SELECT force_id FROM character WHERE id = ?", "i", character);
  kills = sql (store, "SELECT (SELECT count (*) FROM kill WHERE killer_id = ?1)"
               " + (SELECT sum (killed_unnamed) FROM participation WHERE character_id = ?1)", "i", character);
  games = sql (store, "SELECT count (*) FROM participation WHERE character_id = ?", "i", character);

  /* A game planned but not played yet is not one of his games. */
  game = sql (store, "INSERT INTO game (campaign_id, number, title) VALUES (?, 99, 'The next ford')", "i", campaign);
  sql (store, "INSERT INTO participation (game_id, character_id, side) VALUES (?, ?, 'British')", "ii", game, character);

  file = export_force (store, force);
  expected = g_strdup_printf ("kills=\"%" G_GINT64_FORMAT "\" games=\"%" G_GINT64_FORMAT "\"", kills, games);
  g_assert_nonnull (strstr (file, expected));
}

/* --- Bad input ------------------------------------------------------------ */

/* --- The command line ----------------------------------------------------- */

static char *
run_cli (const char  *library,
         int         *status,
         char       **err,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("MUSTER_CLI");
  char *out = NULL;
  const char *arg;
  va_list args;

  g_ptr_array_add (argv, (char *) cli);
  g_ptr_array_add (argv, (char *) "--library");
  g_ptr_array_add (argv, (char *) library);
  va_start (args, err);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT,
                               NULL, NULL, &out, err, status, &error));
  g_assert_no_error (error);
  return out;
}

static void
test_cli (void)
{
  const char *cli = g_getenv ("MUSTER_CLI");
  g_autofree char *dir = NULL;
  g_autofree char *lib1 = NULL;
  g_autofree char *lib2 = NULL;
  g_autofree char *file = NULL;
  g_autofree char *file2 = NULL;
  g_autofree char *force_file = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *campaign_id = NULL;
  int status;

  if (cli == NULL || !g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("MUSTER_CLI is not set to a built muster-cli");
      return;
    }

  dir = muster_test_make_tmpdir ();
  lib1 = g_build_filename (dir, "one.db", NULL);
  lib2 = g_build_filename (dir, "two.db", NULL);
  file = g_build_filename (dir, "sample.muster", NULL);
  file2 = g_build_filename (dir, "again.muster", NULL);
  force_file = g_build_filename (dir, "force.muster", NULL);

  {
    g_autoptr(MusterStore) store = muster_store_open (lib1, NULL);
    g_assert_nonnull (store);
    make_sample (store);
  }

  out = run_cli (lib1, &status, &err, "export", "Sample & “Peninsula”", "-o", file, NULL);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  out = run_cli (lib2, &status, &err, "import", file, NULL);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  /* It says what it imported; the id is on the last line. */
  g_assert_nonnull (strstr (out, "Imported "));
  campaign_id = g_strstrip (g_strdup (strrchr (g_strstrip (out), '\n') + 1));
  g_assert_true (g_ascii_string_to_unsigned (campaign_id, 10, 1, G_MAXINT64, NULL, NULL));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  out = run_cli (lib2, &status, &err, "export", campaign_id, "-o", file2, NULL);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_true (g_file_get_contents (file, &first, NULL, NULL));
  g_assert_true (g_file_get_contents (file2, &second, NULL, NULL));
  g_assert_cmpstr (first, ==, second);

  /* A force into the imported campaign. */
  out = run_cli (lib1, &status, &err, "export", "Sample & “Peninsula”", "--force", "1", "-o", force_file, NULL);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  out = run_cli (lib2, &status, &err, "import", force_file, "--into", campaign_id, NULL);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (g_ascii_string_to_unsigned (strrchr (g_strstrip (out), '\n') + 1, 10, 1, G_MAXINT64, NULL, NULL));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Bad input: a clear error and a failing status. */
  {
    g_autofree char *bad = g_build_filename (TEST_SRCDIR, "exchange", "billion-laughs.muster", NULL);

    out = run_cli (lib2, &status, &err, "import", bad, NULL);
    g_assert_false (g_spawn_check_wait_status (status, NULL));
    g_assert_nonnull (strstr (err, "DOCTYPE"));
  }
}

/* --- Cancelling ------------------------------------------------------------ */

/* Counts what the library does (statements' steps, or rows written) and
 * cancels @cancellable at the @cancel_at'th: a cancellation in the middle
 * of the work, at the same point every run. */
typedef struct {
  guint         n;
  guint         cancel_at;   /* 0: never */
  GCancellable *cancellable;
} Counter;

static void
counter_tick (Counter *counter)
{
  if (++counter->n == counter->cancel_at)
    g_cancellable_cancel (counter->cancellable);
}

static int
progress_cb (void *data)
{
  counter_tick (data);
  return 0;
}

static void
row_written_cb (void          *data,
                int            op,
                const char    *db,
                const char    *table,
                sqlite3_int64  rowid)
{
  counter_tick (data);
}

/* Cancelled before it starts or half-way through its reading, an export
 * leaves the file that was at its path, and nothing beside it. */
static void
test_cancel_export (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "campaign.muster", NULL);
  g_autofree char *whole = g_build_filename (dir, "whole.muster", NULL);
  g_autofree char *kept = NULL;
  g_auto(GStrv) names = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Counter counter = { 0, 0, cancellable };
  gint64 campaign;

  campaign = make_sample (store);
  g_assert_true (g_file_set_contents (path, "the previous file", -1, NULL));

  /* How much reading a whole export takes. */
  sqlite3_progress_handler (muster_store_get_db (store), 50, progress_cb, &counter);
  g_assert_true (muster_exchange_export_to_path_full (store, MUSTER_EXCHANGE_CAMPAIGN, campaign, whole,
                                                      cancellable, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (counter.n, >, 10);

  /* Half-way. */
  counter.cancel_at = counter.n / 2;
  counter.n = 0;
  g_assert_false (muster_exchange_export_to_path_full (store, MUSTER_EXCHANGE_CAMPAIGN, campaign, path,
                                                       cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_cmpuint (counter.n, >=, counter.cancel_at);
  sqlite3_progress_handler (muster_store_get_db (store), 0, NULL, NULL);

  g_assert_true (g_file_get_contents (path, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "the previous file");

  /* Before it starts: the same, for a force. */
  g_assert_false (muster_exchange_export_to_path_full (store, MUSTER_EXCHANGE_FORCE, 1, path,
                                                       cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_pointer (&kept, g_free);
  g_assert_true (g_file_get_contents (path, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "the previous file");

  names = muster_test_list_dir (dir);
  g_assert_cmpuint (g_strv_length (names), ==, 2);
  g_assert_cmpstr (names[0], ==, "campaign.muster");
  g_assert_cmpstr (names[1], ==, "whole.muster");
  muster_test_remove_tree (dir);
}

/* Cancelled half-way through writing its rows, an import leaves the
 * library exactly as it was; so it does cancelled before it starts. */
static void
test_cancel_import (void)
{
  g_autoptr(MusterStore) source = muster_test_open_store (NULL);
  g_autoptr(MusterStore) counted = muster_test_open_store (NULL);
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "campaign.muster", NULL);
  g_autofree char *data = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Counter counter = { 0, 0, cancellable };
  gint64 id;

  data = export_campaign (source, make_sample (source));
  g_assert_true (g_file_set_contents (path, data, -1, NULL));

  /* How many rows a whole import writes. */
  sqlite3_update_hook (muster_store_get_db (counted), row_written_cb, &counter);
  id = muster_exchange_import_full (counted, path, 0, cancellable, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  g_assert_cmpuint (counter.n, >, 10);
  sqlite3_update_hook (muster_store_get_db (counted), NULL, NULL);

  make_sample (store);
  before = muster_store_dump (store);
  counter.cancel_at = counter.n / 2;
  counter.n = 0;
  sqlite3_update_hook (muster_store_get_db (store), row_written_cb, &counter);
  g_assert_cmpint (muster_exchange_import_full (store, path, 0, cancellable, NULL, &error), ==, 0);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_cmpuint (counter.n, >=, counter.cancel_at);
  sqlite3_update_hook (muster_store_get_db (store), NULL, NULL);
  after = muster_store_dump (store);
  g_assert_cmpstr (before, ==, after);

  /* Cancelled already: refused before anything is read. */
  g_assert_cmpint (muster_exchange_import_full (store, path, 0, cancellable, NULL, &error), ==, 0);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_pointer (&after, g_free);
  after = muster_store_dump (store);
  g_assert_cmpstr (before, ==, after);
  muster_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("MUSTER_FAKE_TIME", "2024-01-01T00:00:00Z", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/exchange/roundtrip/sample", test_roundtrip_sample);
  g_test_add_func ("/exchange/roundtrip/big", test_roundtrip_big);
  g_test_add_func ("/exchange/roundtrip/into-used", test_roundtrip_into_used);
  g_test_add_func ("/exchange/roundtrip/huge", test_roundtrip_huge);
  g_test_add_func ("/exchange/roundtrip/file", test_roundtrip_file);
  g_test_add_func ("/exchange/roundtrip/force", test_roundtrip_force);
  g_test_add_func ("/exchange/import/force-fixture", test_force_fixture);
  g_test_add_func ("/exchange/export/force-totals", test_force_totals);
  g_test_add_func ("/exchange/elsewhere", test_elsewhere);
  g_test_add_func ("/exchange/describe", test_describe);
  g_test_add_func ("/exchange/cancel/export", test_cancel_export);
  g_test_add_func ("/exchange/cancel/import", test_cancel_import);


  g_test_add_func ("/exchange/cli", test_cli);

  return g_test_run ();
}
