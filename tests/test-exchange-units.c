/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-exchange-units"

#include "config.h"

#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <sqlite3.h>

#include "muster-engine.h"
#include "muster-exchange.h"
#include "muster-game.h"
#include "muster-recruit.h"
#include "muster-store.h"
#include "muster-exchange-test-util.h"
#include "muster-store-private.h"
#include "muster-test-util.h"
#include "muster-unit.h"

/* Campaigns kept by unit (Chosen Men): the values kept on units, units in
 * games and what became of their figures, and resolutions that changed
 * units and their values, through export and import. */

/* --- Helpers ------------------------------------------------------------- */

static char *
sql_text (MusterStore *store,
          const char  *statement,
          gint64       param)
{
  sqlite3_stmt *stmt = NULL;
  char *result = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (muster_store_get_db (store), statement, -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_int64 (stmt, 1, param);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    result = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  return result;
}

static gint64
create_unit (MusterStore *store,
             gint64       force,
             const char  *name,
             const char  *kind,
             const char  *rating,
             int          size)
{
  g_autoptr(GError) error = NULL;
  MusterUnitSpec spec = { name, kind, rating, size, NULL };
  gint64 id = muster_store_create_unit (store, force, &spec, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

static gint64
create_officer (MusterStore *store,
                gint64       force,
                gint64       unit,
                const char  *name,
                const char  *troop_type,
                int          rank,
                int          rating)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) stats = g_hash_table_new (g_str_hash, g_str_equal);
  MusterCharacterSpec spec = { 0 };
  gint64 id;

  g_hash_table_insert (stats, "rank", GINT_TO_POINTER (rank));
  g_hash_table_insert (stats, "rating", GINT_TO_POINTER (rating));
  g_hash_table_insert (stats, "character", GINT_TO_POINTER (5));
  spec.name = name;
  spec.troop_type = troop_type;
  spec.stats = stats;
  id = muster_store_create_character (store, force, &spec, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  if (unit != 0)
    {
      g_assert_true (muster_store_attach_character (store, id, unit, &error));
      g_assert_no_error (error);
    }
  return id;
}

static void
record_unit (MusterStore *store,
             gint64       game,
             gint64       unit,
             int          killed,
             int          wounded,
             int          captured,
             int          run,
             const char  *colours,
             const char  *notes)
{
  g_autoptr(GError) error = NULL;
  MusterUnitResult result = { killed, wounded, captured, run, colours, notes };
  gboolean ok = muster_store_set_unit_result (store, game, unit, &result, &error);

  g_assert_no_error (error);
  g_assert_true (ok);
}

typedef struct {
  gint64 campaign;
  gint64 british;
  gint64 french;
  gint64 rifles;      /* units */
  gint64 line;
  gint64 voltigeurs;
  gint64 hussars;
  gint64 captain;     /* characters */
  gint64 sergeant;
} ChosenMen;

/* A Chosen Men campaign made through the store: two forces of units with
 * values kept on them, officers attached, two games with units recorded,
 * and two resolutions whose changes touch units, unit values, stats,
 * characters and games (written as the between-game engine writes them). */
static void
make_chosen_men (MusterStore *store,
                 ChosenMen   *cm)
{
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("chosen-men", NULL);
  g_autoptr(GError) error = NULL;
  gint64 officers[2], units[4], game1, game2, r1, r2;

  g_assert_nonnull (ruleset);
  cm->campaign = muster_store_create_campaign (store, "Sabugal 1811", ruleset, 1811, NULL, &error);
  g_assert_no_error (error);
  cm->british = muster_store_create_force (store, cm->campaign, "Light Division", "British", &error);
  g_assert_no_error (error);
  cm->french = muster_store_create_force (store, cm->campaign, "2e Corps", "French", &error);
  g_assert_no_error (error);

  cm->rifles = create_unit (store, cm->british, "1/95th Rifles", "skirmishers", "veteran", 8);
  cm->line = create_unit (store, cm->british, "43rd Foot", "infantry", "regular", 12);
  cm->voltigeurs = create_unit (store, cm->french, "Voltigeurs du 17e", "skirmishers", "green", 10);
  cm->hussars = create_unit (store, cm->french, "1er Hussards", "cavalry", "crack", 8);

  /* Values kept on units, set out of the ruleset's order. */
  g_assert_true (muster_store_set_unit_value (store, cm->line, "colours", 1, &error));
  g_assert_true (muster_store_set_unit_value (store, cm->line, "musicians", 2, &error));
  g_assert_true (muster_store_set_unit_value (store, cm->rifles, "snipers", 3, &error));
  g_assert_true (muster_store_set_unit_value (store, cm->voltigeurs, "colours", 1, &error));
  g_assert_true (muster_store_set_unit_value (store, cm->voltigeurs, "snipers", 2, &error));
  g_assert_no_error (error);

  cm->captain = create_officer (store, cm->british, cm->line, "Captain Peter d’Alembord", "captain", 3, 2);
  cm->sergeant = create_officer (store, cm->french, cm->voltigeurs, "Sergent Bompard", "squad-leader", 1, 1);
  sql (store, "UPDATE unit SET notes = 'Lost <its> colours & rallied' WHERE id = ?", "i", cm->voltigeurs);

  officers[0] = cm->captain;
  officers[1] = cm->sergeant;
  units[0] = cm->rifles;
  units[1] = cm->line;
  units[2] = cm->voltigeurs;
  units[3] = cm->hussars;

  game1 = muster_store_create_game (store, cm->campaign, "The ford at Sabugal", "1811-04-03",
                                    officers, 2, &error);
  g_assert_no_error (error);
  g_assert_true (muster_store_add_game_units (store, game1, units, 4, &error));
  g_assert_no_error (error);
  record_unit (store, game1, cm->line, 2, 1, 0, 0, "captured", "Took an eagle");
  record_unit (store, game1, cm->voltigeurs, 3, 2, 1, 0, "lost", NULL);
  record_unit (store, game1, cm->rifles, 0, 1, 0, 0, NULL, NULL);
  /* The hussars took the field but nothing is recorded for them. */

  game2 = muster_store_create_game (store, cm->campaign, "Fuentes de Oñoro", NULL, officers, 2, &error);
  g_assert_no_error (error);
  g_assert_true (muster_store_add_game_units (store, game2, units + 1, 2, &error));
  g_assert_no_error (error);
  record_unit (store, game2, cm->line, 1, 0, 0, 0, NULL, NULL);

  g_assert_true (muster_store_begin (store, NULL));
  /* The first resolution: what this Muster cannot undo yet (a unit's
   * figures lost, a value kept on a unit). */
  r1 = sql (store, "INSERT INTO resolution (campaign_id, game_id, created) VALUES (?, ?, '1811-04-04T08:00:00Z')",
            "ii", cm->campaign, game1);
  sql (store, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value) VALUES (?, 1, 'unit', ?, 'lost', 0)",
       "ii", r1, cm->voltigeurs);
  sql (store, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value) VALUES (?, 2, 'unit_stat', ?, 'colours', 1)",
       "ii", r1, cm->voltigeurs);
  sql (store, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value) VALUES (?, 3, 'unit_stat', ?, 'base-morale', 0)",
       "ii", r1, cm->voltigeurs);
  sql (store, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value) VALUES (?, 4, 'game', ?, 'state', 'played')",
       "ii", r1, game1);
  sql (store, "UPDATE unit SET lost = 4 WHERE id = ?", "i", cm->voltigeurs);
  sql (store, "UPDATE unit_stat SET value = 0 WHERE unit_id = ? AND key = 'colours'", "i", cm->voltigeurs);
  sql (store, "UPDATE game SET state = 'resolved' WHERE id = ?", "i", game1);

  /* The second, the last: what undo puts back. */
  r2 = sql (store, "INSERT INTO resolution (campaign_id, game_id, created) VALUES (?, ?, '1811-05-06T08:00:00Z')",
            "ii", cm->campaign, game2);
  sql (store, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value) VALUES (?, 1, 'unit', ?, 'morale_loss', 0)",
       "ii", r2, cm->line);
  sql (store, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value) VALUES (?, 2, 'unit', ?, 'status', 'active')",
       "ii", r2, cm->hussars);
  sql (store, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value) VALUES (?, 3, 'stat', ?, 'rating', 2)",
       "ii", r2, cm->captain);
  sql (store, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value) VALUES (?, 4, 'character', ?, 'status', 'active')",
       "ii", r2, cm->sergeant);
  sql (store, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value) VALUES (?, 5, 'game', ?, 'state', 'played')",
       "ii", r2, game2);
  sql (store, "UPDATE unit SET morale_loss = 2 WHERE id = ?", "i", cm->line);
  sql (store, "UPDATE unit SET status = 'destroyed' WHERE id = ?", "i", cm->hussars);
  sql (store, "UPDATE stat SET value = 3 WHERE character_id = ? AND key = 'rating'", "i", cm->captain);
  sql (store, "UPDATE character SET status = 'captured' WHERE id = ?", "i", cm->sergeant);
  sql (store, "UPDATE game SET state = 'resolved' WHERE id = ?", "i", game2);
  g_assert_true (muster_store_commit (store, NULL));
}

/* The Chosen Men export with @from changed to @to must be refused with
 * @code, naming the line of @marker (NULL: of @from) and @needle; a
 * library holding the campaign already is left as it was. */
static void
mutated_refused_at (const char *from,
                    const char *to,
                    const char *marker,
                    int         code,
                    const char *needle)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autofree char *good = NULL;
  g_autofree char *bad = NULL;
  g_autofree char *where = NULL;
  ChosenMen cm;

  make_chosen_men (store, &cm);
  good = export_campaign (store, cm.campaign);
  bad = replace_once (good, from, to);
  where = g_strdup_printf ("line %d", line_of (good, marker != NULL ? marker : from));
  g_free (expect_refused (store, 0, bad, -1, code, where, needle, NULL));
}

static void
mutated_refused (const char *from,
                 const char *to,
                 int         code,
                 const char *needle)
{
  mutated_refused_at (from, to, NULL, code, needle);
}

/* --- Round trips ------------------------------------------------------- */

static void
test_roundtrip_campaign (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterStore) empty = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  static const char * const tables[] = {
    "SELECT COUNT(*) FROM unit_stat s JOIN unit u ON u.id = s.unit_id"
    " JOIN force f ON f.id = u.force_id WHERE f.campaign_id = ?",
    "SELECT COUNT(*) FROM unit_participation p JOIN game g ON g.id = p.game_id WHERE g.campaign_id = ?",
    "SELECT COUNT(*) FROM resolution_change c JOIN resolution r ON r.id = c.resolution_id WHERE r.campaign_id = ?",
    "SELECT COUNT(*) FROM character WHERE campaign_id = ? AND unit_id IS NOT NULL",
  };
  ChosenMen cm;
  gint64 copy;

  make_chosen_men (store, &cm);
  first = export_campaign (store, cm.campaign);
  /* MUSTER_TEST_DUMP=FILE writes the export out, to refresh
   * tests/exchange/units.muster when the format changes. */
  if (g_getenv ("MUSTER_TEST_DUMP") != NULL)
    g_assert_true (g_file_set_contents (g_getenv ("MUSTER_TEST_DUMP"), first, -1, NULL));

  /* Values kept on a unit, in the ruleset's order (musicians before
   * colours), after its notes. */
  g_assert_nonnull (strstr (first,
                            "        <unit id=\"u2\" name=\"43rd Foot\" kind=\"infantry\" troop-type=\"\" rating=\"regular\""
                            " size=\"12\" lost=\"0\" morale-loss=\"2\" status=\"active\">\n"
                            "          <stat key=\"musicians\" value=\"2\"/>\n"
                            "          <stat key=\"colours\" value=\"1\"/>\n"
                            "        </unit>\n"));
  g_assert_nonnull (strstr (first,
                            "          <notes>Lost &lt;its&gt; colours &amp; rallied</notes>\n"
                            "          <stat key=\"snipers\" value=\"2\"/>\n"
                            "          <stat key=\"colours\" value=\"0\"/>\n"));
  /* Units in games, before the characters, in the order they joined. */
  g_assert_nonnull (strstr (first,
                            "<unit-participant unit=\"u1\" side=\"British\" figures=\"8\" recorded=\"true\""
                            " killed=\"0\" wounded=\"1\" captured=\"0\" run=\"0\"/>\n"
                            "        <unit-participant unit=\"u2\" side=\"British\" figures=\"12\" recorded=\"true\""
                            " killed=\"2\" wounded=\"1\" captured=\"0\" run=\"0\" colours=\"captured\">\n"
                            "          <notes>Took an eagle</notes>\n"
                            "        </unit-participant>\n"));
  g_assert_nonnull (strstr (first, "<unit-participant unit=\"u3\" side=\"French\" figures=\"10\" recorded=\"true\""
                                   " killed=\"3\" wounded=\"2\" captured=\"1\" run=\"0\" colours=\"lost\"/>"));
  g_assert_nonnull (strstr (first, "<unit-participant unit=\"u4\" side=\"French\" figures=\"8\" recorded=\"false\""
                                   " killed=\"0\" wounded=\"0\" captured=\"0\" run=\"0\"/>"));
  /* Every change of both resolutions, by the file's ids. */
  g_assert_nonnull (strstr (first, "<change seq=\"1\" table=\"unit\" row=\"u3\" column=\"lost\" type=\"integer\" value=\"0\"/>"));
  g_assert_nonnull (strstr (first, "<change seq=\"2\" table=\"unit_stat\" row=\"u3\" column=\"colours\" type=\"integer\" value=\"1\"/>"));
  g_assert_nonnull (strstr (first, "<change seq=\"3\" table=\"unit_stat\" row=\"u3\" column=\"base-morale\" type=\"integer\" value=\"0\"/>"));
  g_assert_nonnull (strstr (first, "<change seq=\"2\" table=\"unit\" row=\"u4\" column=\"status\" type=\"text\" value=\"active\"/>"));
  g_assert_nonnull (strstr (first, "<change seq=\"3\" table=\"stat\" row=\"c1\" column=\"rating\" type=\"integer\" value=\"2\"/>"));
  g_assert_nonnull (strstr (first, "<change seq=\"4\" table=\"character\" row=\"c2\" column=\"status\" type=\"text\" value=\"active\"/>"));
  g_assert_null (strstr (first, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE"));

  copy = muster_exchange_import_data (empty, first, strlen (first), "sabugal.muster", 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (copy, >, 0);

  second = export_campaign (empty, copy);
  g_assert_cmpstr (first, ==, second);

  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    g_assert_cmpint (sql (empty, tables[i], "i", copy), ==, sql (store, tables[i], "i", cm.campaign));
  g_assert_cmpint (sql (empty, tables[1], "i", copy), ==, 6);
  g_assert_cmpint (sql (empty, tables[2], "i", copy), ==, 9);

  /* The changes point at the imported rows, not at the rows they had. */
  g_assert_cmpint (sql (empty,
                        "SELECT COUNT(*) FROM resolution_change c JOIN unit u ON u.id = c.row_id"
                        " JOIN resolution r ON r.id = c.resolution_id"
                        " WHERE r.campaign_id = ? AND c.tbl IN ('unit', 'unit_stat') AND u.name = 'Voltigeurs du 17e'",
                        "i", copy), ==, 3);
  g_assert_cmpint (sql (empty,
                        "SELECT COUNT(*) FROM resolution_change c JOIN character ch ON ch.id = c.row_id"
                        " JOIN resolution r ON r.id = c.resolution_id"
                        " WHERE r.campaign_id = ? AND c.tbl = 'stat' AND ch.name = 'Captain Peter d’Alembord'",
                        "i", copy), ==, 1);
}

/* Undo after the trip puts back the imported campaign's own rows. */
static void
test_undo_after_import (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterStore) empty = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *status = NULL;
  g_autofree char *character = NULL;
  ChosenMen cm;
  gint64 copy, game;

  make_chosen_men (store, &cm);
  data = export_campaign (store, cm.campaign);
  /* A second copy in the library, so that row ids differ from the file's
   * source. */
  g_assert_cmpint (muster_exchange_import_data (empty, data, strlen (data), "a.muster", 0, NULL, &error), >, 0);
  copy = muster_exchange_import_data (empty, data, strlen (data), "b.muster", 0, NULL, &error);
  g_assert_no_error (error);

  game = muster_engine_undo_resolve (empty, copy, &error);
  g_assert_no_error (error);
  g_assert_cmpint (game, >, 0);

  status = sql_text (empty,
                     "SELECT u.status FROM unit u JOIN force f ON f.id = u.force_id"
                     " WHERE f.campaign_id = ? AND u.name = '1er Hussards'", copy);
  g_assert_cmpstr (status, ==, "active");
  g_assert_cmpint (sql (empty,
                        "SELECT u.morale_loss FROM unit u JOIN force f ON f.id = u.force_id"
                        " WHERE f.campaign_id = ? AND u.name = '43rd Foot'", "i", copy), ==, 0);
  g_assert_cmpint (sql (empty,
                        "SELECT s.value FROM stat s JOIN character c ON c.id = s.character_id"
                        " WHERE c.campaign_id = ? AND c.name = 'Captain Peter d’Alembord' AND s.key = 'rating'",
                        "i", copy), ==, 2);
  character = sql_text (empty, "SELECT status FROM character WHERE campaign_id = ? AND name = 'Sergent Bompard'", copy);
  g_assert_cmpstr (character, ==, "active");

  /* The first copy is untouched. */
  g_clear_pointer (&status, g_free);
  status = sql_text (empty,
                     "SELECT u.status FROM unit u JOIN force f ON f.id = u.force_id"
                     " WHERE f.campaign_id = ? AND u.name = '1er Hussards'", copy - 1);
  g_assert_cmpstr (status, ==, "destroyed");
}

/* A force file carries its units with the values kept on them. */
static void
test_roundtrip_force (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterStore) other = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("chosen-men", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  ChosenMen cm;
  gint64 target, force;

  make_chosen_men (store, &cm);
  first = export_force (store, cm.french);
  g_assert_nonnull (strstr (first, "<stat key=\"snipers\" value=\"2\"/>"));
  g_assert_nonnull (strstr (first, "<unit id=\"u2\" name=\"1er Hussards\""));
  g_assert_null (strstr (first, "unit-participant"));

  target = muster_store_create_campaign (other, "Club campaign", ruleset, 5, NULL, &error);
  g_assert_no_error (error);
  force = muster_exchange_import_data (other, first, strlen (first), "french.muster", target, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (force, >, 0);
  g_assert_cmpint (sql (other, "SELECT COUNT(*) FROM unit_stat s JOIN unit u ON u.id = s.unit_id WHERE u.force_id = ?",
                        "i", force), ==, 2);
  g_assert_cmpint (sql (other, "SELECT COUNT(*) FROM character WHERE force_id = ? AND unit_id IS NOT NULL",
                        "i", force), ==, 1);

  second = export_force (other, force);
  a = strip_totals (first);
  b = strip_totals (second);
  g_assert_cmpstr (a, ==, b);
}

/* Taking the enemy's colours gains base morale for good: the unit's
 * morale loss goes below zero, and the file carries it back. */
static void
test_roundtrip_colours_captured (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterStore) empty = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("chosen-men", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GArray) leaders = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  gint64 campaign, rifles, legere, leach, voltigeurs, game, copy, units[2];

  g_assert_nonnull (ruleset);
  campaign = muster_store_create_campaign (store, "Coa 1810", ruleset, 1810, NULL, &error);
  g_assert_no_error (error);
  rifles = muster_store_create_force (store, campaign, "95th Rifles", "British", &error);
  g_assert_no_error (error);
  legere = muster_store_create_force (store, campaign, "4e Léger", "French", &error);
  g_assert_no_error (error);
  leach = create_unit (store, rifles, "Leach's squad", "skirmishers", "veteran", 8);
  voltigeurs = create_unit (store, legere, "Voltigeurs", "skirmishers", "regular", 8);
  leaders = muster_store_recruit_into (store, rifles, leach, "squad-leader", NULL, NULL, 1, &error);
  g_assert_no_error (error);

  units[0] = leach;
  units[1] = voltigeurs;
  game = muster_store_create_game_full (store, campaign, "The bridge", NULL, NULL, 0, units, 2, &error);
  g_assert_no_error (error);
  record_unit (store, game, voltigeurs, 2, 1, 0, 0, "lost", NULL);
  record_unit (store, game, leach, 0, 0, 0, 0, "captured", NULL);
  g_assert_true (muster_store_finish_game (store, game, "British", &error));
  g_assert_no_error (error);
  events = muster_engine_resolve (store, game, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (events);
  g_assert_cmpint (sql (store, "SELECT morale_loss FROM unit WHERE id = ?", "i", leach), ==, -2);

  first = export_campaign (store, campaign);
  g_assert_nonnull (strstr (first, "name=\"Leach's squad\" kind=\"skirmishers\" troop-type=\"\" rating=\"veteran\""
                                   " size=\"8\" lost=\"0\" morale-loss=\"-2\""));
  copy = muster_exchange_import_data (empty, first, strlen (first), "coa.muster", 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (copy, >, 0);
  g_assert_cmpint (sql (empty,
                        "SELECT u.morale_loss FROM unit u JOIN force f ON f.id = u.force_id"
                        " WHERE f.campaign_id = ? AND u.name = 'Leach''s squad'", "i", copy), ==, -2);
  g_assert_cmpint (sql (empty,
                        "SELECT u.morale_loss FROM unit u JOIN force f ON f.id = u.force_id"
                        " WHERE f.campaign_id = ? AND u.name = 'Voltigeurs'", "i", copy), ==, 2);
  second = export_campaign (empty, copy);
  g_assert_cmpstr (first, ==, second);
}

/* The fixture is what this Muster writes: importing it and exporting
 * again gives it back byte for byte. */
static void
test_fixture (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *again = NULL;
  gsize length;
  gint64 campaign;

  data = muster_test_read_data ("exchange/units.muster", &length);
  campaign = muster_exchange_import_data (store, data, length, "units.muster", 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (campaign, >, 0);
  again = export_campaign (store, campaign);
  g_assert_cmpstr (again, ==, data);
}

/* The same campaign as a file of format 2, from before games were played
 * at the table: it imports as it did, and is written again in format 3. */
static void
test_fixture_v2 (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *current = NULL;
  g_autofree char *again = NULL;
  gsize length;
  gint64 campaign;

  data = muster_test_read_data ("exchange/units-v2.muster", &length);
  g_assert_nonnull (strstr (data, "version=\"2\""));
  campaign = muster_exchange_import_data (store, data, length, "units-v2.muster", 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (campaign, >, 0);
  current = muster_test_read_data ("exchange/units.muster", NULL);
  again = export_campaign (store, campaign);
  g_assert_cmpstr (again, ==, current);
}

/* The same campaign as a file of the first format, whose log entries are
 * sentences: it still imports, each entry read back into its kind's
 * arguments from its text and the rows it names, and is written again
 * as today's file. */
static void
test_fixture_first_format (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *old = NULL;
  g_autofree char *now = NULL;
  g_autofree char *again = NULL;
  gsize length;
  gint64 campaign;

  old = muster_test_read_data ("exchange/units-v1.muster", &length);
  g_assert_nonnull (strstr (old, "version=\"1\" kind=\"campaign\""));
  g_assert_null (strstr (old, "<args>"));
  campaign = muster_exchange_import_data (store, old, length, "units-v1.muster", 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (campaign, >, 0);
  muster_test_assert_log (store, campaign, "unit-result",
                          "{\"number\": 2, \"title\": \"Fuentes de Oñoro\", \"name\": \"43rd Foot\", \"killed\": 1}",
                          "Game 2 “Fuentes de Oñoro”: 43rd Foot: 1 killed, 0 wounded, 0 captured, 0 run");
  now = muster_test_read_data ("exchange/units.muster", NULL);
  again = export_campaign (store, campaign);
  g_assert_cmpstr (again, ==, now);
}

/* --- Export refuses what it cannot carry -------------------------------- */

static void
test_export_unknown_table (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "sabugal.muster", NULL);
  g_autofree char *contents = NULL;
  ChosenMen cm;
  gint64 resolution;

  make_chosen_men (store, &cm);
  g_assert_true (g_file_set_contents (path, "an older file", -1, NULL));

  resolution = sql (store, "SELECT MAX(id) FROM resolution WHERE campaign_id = ?", "i", cm.campaign);
  sql (store, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value)"
       " VALUES (?, 9, 'honour', 1, 'name', 'Eagle')", "i", resolution);

  g_assert_false (muster_exchange_export_campaign (store, cm.campaign, stream, &error));
  g_assert_error (error, MUSTER_EXCHANGE_ERROR, MUSTER_EXCHANGE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "“honour”"));
  g_clear_error (&error);

  /* A file that was there stays as it was. */
  g_assert_false (muster_exchange_export_to_path (store, MUSTER_EXCHANGE_CAMPAIGN, cm.campaign, path, &error));
  g_assert_error (error, MUSTER_EXCHANGE_ERROR, MUSTER_EXCHANGE_ERROR_INVALID);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "an older file");
}

/* --- Bad input ------------------------------------------------------------ */

static void
test_bad_unit_not_in_file (void)
{
  mutated_refused ("<unit-participant unit=\"u2\"", "<unit-participant unit=\"u9\"",
                   MUSTER_EXCHANGE_ERROR_INVALID,
                   "the unit-participant names unit “u9”, which is not in the file.");
}

/* A unit's part belongs inside its game: outside one it names no game. */
static void
test_bad_unit_participant_outside_game (void)
{
  mutated_refused_at ("<games>\n",
                      "<games><unit-participant unit=\"u1\" side=\"British\" figures=\"8\" recorded=\"false\""
                      " killed=\"0\" wounded=\"0\" captured=\"0\" run=\"0\"/>\n",
                      "<games>", MUSTER_EXCHANGE_ERROR_INVALID, "unit-participant");
}

static void
test_bad_unit_twice (void)
{
  mutated_refused ("<unit-participant unit=\"u2\" side=\"British\" figures=\"12\"",
                   "<unit-participant unit=\"u1\" side=\"British\" figures=\"12\"",
                   MUSTER_EXCHANGE_ERROR_INVALID, "the unit “u1” takes part twice in one game.");
}

static void
test_bad_negative_figures (void)
{
  mutated_refused ("figures=\"12\"", "figures=\"-12\"", MUSTER_EXCHANGE_ERROR_INVALID, "-12");
}

static void
test_bad_more_lost_than_figures (void)
{
  mutated_refused ("figures=\"10\" recorded=\"true\" killed=\"3\"", "figures=\"10\" recorded=\"true\" killed=\"9\"",
                   MUSTER_EXCHANGE_ERROR_INVALID,
                   "element <unit-participant>: Voltigeurs du 17e took the field with 10 figures: it cannot lose 12.");
}

static void
test_bad_colours (void)
{
  mutated_refused ("colours=\"lost\"", "colours=\"torn\"", MUSTER_EXCHANGE_ERROR_INVALID,
                   "the attribute “colours” of <unit-participant> cannot be “torn”.");
}

static void
test_bad_change_table (void)
{
  mutated_refused ("table=\"unit_stat\"", "table=\"honour\"", MUSTER_EXCHANGE_ERROR_INVALID,
                   "the attribute “table” of <change> cannot be “honour”.");
}

static void
test_bad_change_row (void)
{
  mutated_refused ("table=\"unit\" row=\"u3\"", "table=\"unit\" row=\"u99\"",
                   MUSTER_EXCHANGE_ERROR_INVALID, "the change names unit “u99”, which is not in the file.");
}

static void
test_bad_unit_stat_key (void)
{
  mutated_refused ("<stat key=\"snipers\"", "<stat key=\"drummers\"",
                   MUSTER_EXCHANGE_ERROR_RULESET, "the ruleset “chosen-men” has no unit stat “drummers”.");
}

static void
test_bad_unit_stat_twice (void)
{
  /* The second one is wrong. */
  mutated_refused_at ("<stat key=\"musicians\" value=\"2\"", "<stat key=\"colours\" value=\"1\"", "<stat key=\"colours\" value=\"1\"/>",
                      MUSTER_EXCHANGE_ERROR_INVALID, "the stat “colours” is given twice for one unit.");
}

/* What recording a unit's result refuses. */
static void
test_bad_figures_not_kept (void)
{
  mutated_refused ("run=\"0\" colours=\"lost\"", "run=\"1\" colours=\"lost\"", MUSTER_EXCHANGE_ERROR_INVALID,
                   "element <unit-participant>: Chosen Men Fat keeps no figures run: record them as killed.");
}

/* The importer refuses what changing a unit in Muster refuses. */

static void
test_bad_unit_kind (void)
{
  mutated_refused ("kind=\"infantry\"", "kind=\"dragoons\"", MUSTER_EXCHANGE_ERROR_INVALID,
                   "element <unit>: “dragoons” is not a unit type of Chosen Men");
}

static void
test_bad_unit_rating (void)
{
  mutated_refused ("rating=\"regular\"", "rating=\"heroic\"", MUSTER_EXCHANGE_ERROR_INVALID,
                   "element <unit>: “heroic” is not a rating of Chosen Men");
}

static void
test_bad_unit_size (void)
{
  mutated_refused ("size=\"12\"", "size=\"99\"", MUSTER_EXCHANGE_ERROR_INVALID,
                   "element <unit>: A unit of Infantry squad has 5 to 15 figures, not 99.");
}

/* More than a C int holds would come back negative. */
static void
test_bad_unit_size_overflow (void)
{
  mutated_refused ("size=\"12\"", "size=\"4294967295\"", MUSTER_EXCHANGE_ERROR_INVALID,
                   "“4294967295” is not a whole number from 0 to 2147483647 for the attribute “size”.");
}

static void
test_bad_unit_lost (void)
{
  mutated_refused ("size=\"12\" lost=\"0\"", "size=\"12\" lost=\"13\"", MUSTER_EXCHANGE_ERROR_INVALID,
                   "element <unit>: 43rd Foot can lose 0 to 12 figures, not 13.");
}

static void
test_bad_unit_status (void)
{
  mutated_refused ("morale-loss=\"2\" status=\"active\"", "morale-loss=\"2\" status=\"routed\"",
                   MUSTER_EXCHANGE_ERROR_INVALID,
                   "element <unit>: “routed” is not a unit status");
}

static void
test_bad_unit_morale_overflow (void)
{
  mutated_refused ("morale-loss=\"2\"", "morale-loss=\"-2147483649\"", MUSTER_EXCHANGE_ERROR_INVALID,
                   "-2147483649");
}

static void
test_bad_unit_value_range (void)
{
  mutated_refused ("<stat key=\"colours\" value=\"1\"", "<stat key=\"colours\" value=\"5\"",
                   MUSTER_EXCHANGE_ERROR_INVALID, "element <stat>: Colours runs from 0 to 1, not 5.");
}

/* Base morale comes from the rating: Muster never keeps it on a unit. */
static void
test_bad_unit_value_not_kept (void)
{
  mutated_refused ("<stat key=\"colours\" value=\"1\"", "<stat key=\"base-morale\" value=\"1\"",
                   MUSTER_EXCHANGE_ERROR_INVALID,
                   "element <stat>: “base-morale” is not a value Chosen Men Fat keeps on a unit.");
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("MUSTER_FAKE_TIME", "2024-01-01T00:00:00Z", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/exchange-units/roundtrip/campaign", test_roundtrip_campaign);
  g_test_add_func ("/exchange-units/roundtrip/undo", test_undo_after_import);
  g_test_add_func ("/exchange-units/roundtrip/force", test_roundtrip_force);
  g_test_add_func ("/exchange-units/roundtrip/colours-captured", test_roundtrip_colours_captured);
  g_test_add_func ("/exchange-units/import/fixture", test_fixture);
  g_test_add_func ("/exchange-units/import/fixture-v2", test_fixture_v2);
  g_test_add_func ("/exchange-units/import/first-format", test_fixture_first_format);
  g_test_add_func ("/exchange-units/export/unknown-table", test_export_unknown_table);

  g_test_add_func ("/exchange-units/bad/unit-not-in-file", test_bad_unit_not_in_file);
  g_test_add_func ("/exchange-units/bad/outside-game", test_bad_unit_participant_outside_game);
  g_test_add_func ("/exchange-units/bad/unit-twice", test_bad_unit_twice);
  g_test_add_func ("/exchange-units/bad/negative-figures", test_bad_negative_figures);
  g_test_add_func ("/exchange-units/bad/more-lost-than-figures", test_bad_more_lost_than_figures);
  g_test_add_func ("/exchange-units/bad/colours", test_bad_colours);
  g_test_add_func ("/exchange-units/bad/change-table", test_bad_change_table);
  g_test_add_func ("/exchange-units/bad/change-row", test_bad_change_row);
  g_test_add_func ("/exchange-units/bad/unit-stat-key", test_bad_unit_stat_key);
  g_test_add_func ("/exchange-units/bad/unit-stat-twice", test_bad_unit_stat_twice);
  g_test_add_func ("/exchange-units/bad/figures-not-kept", test_bad_figures_not_kept);
  g_test_add_func ("/exchange-units/bad/unit-kind", test_bad_unit_kind);
  g_test_add_func ("/exchange-units/bad/unit-rating", test_bad_unit_rating);
  g_test_add_func ("/exchange-units/bad/unit-size", test_bad_unit_size);
  g_test_add_func ("/exchange-units/bad/unit-size-overflow", test_bad_unit_size_overflow);
  g_test_add_func ("/exchange-units/bad/unit-lost", test_bad_unit_lost);
  g_test_add_func ("/exchange-units/bad/unit-status", test_bad_unit_status);
  g_test_add_func ("/exchange-units/bad/unit-morale-overflow", test_bad_unit_morale_overflow);
  g_test_add_func ("/exchange-units/bad/unit-value-range", test_bad_unit_value_range);
  g_test_add_func ("/exchange-units/bad/unit-value-not-kept", test_bad_unit_value_not_kept);

  return g_test_run ();
}
