/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gio/gio.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-engine.h"
#include "muster-game.h"
#include "muster-honours.h"
#include "muster-ruleset.h"
#include "muster-store-private.h"
#include "muster-test-util.h"
#include "muster-engine-test-util.h"

/* A ruleset that uses the steps Sharpe's Skirmish does not. */
static const char steps_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<ruleset xmlns=\"https://musterapp.github.io/ns/ruleset\" id=\"test-steps\" version=\"1\" kept-by=\"figure\">\n"
  "  <title>Steps under test</title>\n"
  "  <source>Muster's tests</source>\n"
  "  <stats>\n"
  "    <stat key=\"class\" min=\"0\" max=\"4\"><name>Class</name></stat>\n"
  "  </stats>\n"
  "  <troop-types>\n"
  "    <troop-type id=\"man\"><name>Man</name><roll stat=\"class\" dice=\"1d4\"/></troop-type>\n"
  "  </troop-types>\n"
  "  <outcomes>\n"
  "    <outcome id=\"unhurt\"><name>Unhurt</name></outcome>\n"
  "    <outcome id=\"wounded\" light=\"true\" serious=\"true\"><name>Wounded</name></outcome>\n"
  "    <outcome id=\"out-of-action\" removes=\"true\"><name>Out of action</name></outcome>\n"
  "    <outcome id=\"colours-lost\"><name>Colours lost</name></outcome>\n"
  "  </outcomes>\n"
  "  <between-game>\n"
  "    <step type=\"countdown\"/>\n"
  "    <step type=\"out-for-games\" outcome=\"out-of-action\" dice=\"1d6\"/>\n"
  "    <step type=\"drop-stat\" stat=\"class\" by=\"1\" outcome=\"wounded\" at-zero=\"retired\"/>\n"
  "    <step type=\"always-recovers\" stat=\"class\" value=\"4\"/>\n"
  "    <step type=\"heal-wounds\" light=\"all\" serious=\"none\" fatal-at=\"2\"/>\n"
  "    <step type=\"morale-loss\" outcome=\"colours-lost\" by=\"2\"/>\n"
  "  </between-game>\n"
  "</ruleset>\n";

void
fixture_init (Fixture    *fx,
              const char *death_roll,
              gboolean    custom)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);

  fx->store = muster_test_open_store (NULL);
  fx->custom = custom;
  if (custom)
    ruleset = muster_ruleset_new_from_data (steps_xml, -1, "test-steps.xml", &error);
  else
    ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);
  g_assert_no_error (error);

  if (death_roll != NULL)
    g_hash_table_insert (options, (gpointer) "death-roll", (gpointer) death_roll);
  fx->campaign_id = muster_store_create_campaign (fx->store, "Talavera", ruleset, SEED,
                                                  death_roll != NULL ? options : NULL, &error);
  g_assert_no_error (error);
  fx->british = muster_store_create_force (fx->store, fx->campaign_id, "95th Rifles", "British", &error);
  g_assert_no_error (error);
  fx->french = muster_store_create_force (fx->store, fx->campaign_id, "Voltigeurs", "French", &error);
  g_assert_no_error (error);
}

void
fixture_clear (Fixture *fx)
{
  g_clear_object (&fx->store);
}

gint64
add_character (Fixture    *fx,
               gint64      force_id,
               const char *name,
               int         klass)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) stats = g_hash_table_new (g_str_hash, g_str_equal);
  MusterCharacterSpec spec = { 0, };
  gint64 id;

  spec.name = name;
  spec.troop_type = fx->custom ? "man" : "line";
  if (fx->custom)
    {
      g_hash_table_insert (stats, (gpointer) "class", GINT_TO_POINTER (klass));
      spec.stats = stats;
    }
  id = muster_store_create_character (fx->store, force_id, &spec, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

gint64
new_game (Fixture    *fx,
          const char *title,
          ...)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;
  va_list args;
  gint64 id;

  va_start (args, title);
  while ((id = va_arg (args, gint64)) != 0)
    g_array_append_val (ids, id);
  va_end (args);

  id = muster_store_create_game (fx->store, fx->campaign_id, title, NULL,
                                 (const gint64 *) ids->data, ids->len, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

void
set_outcome (Fixture    *fx,
             gint64      game_id,
             gint64      character_id,
             const char *outcome)
{
  g_autoptr(GError) error = NULL;
  MusterResult result = { .outcome = outcome };

  muster_store_set_result (fx->store, game_id, character_id, &result, &error);
  g_assert_no_error (error);
}

void
set_wounds (Fixture *fx,
            gint64   game_id,
            gint64   character_id,
            int      light,
            int      serious)
{
  g_autoptr(GError) error = NULL;
  MusterResult result = { .outcome = "wounded", .light_wounds = light, .serious_wounds = serious };

  muster_store_set_result (fx->store, game_id, character_id, &result, &error);
  g_assert_no_error (error);
}

MusterCharacter *
get_character (Fixture *fx,
               gint64   id)
{
  g_autoptr(GError) error = NULL;
  MusterCharacter *character = muster_store_get_character (fx->store, id, &error);

  g_assert_no_error (error);
  return character;
}

MusterStatus
status_of (Fixture *fx,
           gint64   id)
{
  g_autoptr(MusterCharacter) character = get_character (fx, id);
  return muster_character_get_status (character);
}

int
out_games_of (Fixture *fx,
              gint64   id)
{
  g_autoptr(MusterCharacter) character = get_character (fx, id);
  return muster_character_get_out_games (character);
}

gint64
query_int (Fixture    *fx,
           const char *sql,
           gint64      param)
{
  sqlite3_stmt *stmt = NULL;
  gint64 value;

  g_assert_cmpint (sqlite3_prepare_v2 (muster_store_get_db (fx->store), sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_bind_parameter_count (stmt) > 0)
    sqlite3_bind_int64 (stmt, 1, param);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  return value;
}

char *
query_text (Fixture    *fx,
            const char *sql,
            gint64      param)
{
  sqlite3_stmt *stmt = NULL;
  char *value;

  g_assert_cmpint (sqlite3_prepare_v2 (muster_store_get_db (fx->store), sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_bind_parameter_count (stmt) > 0)
    sqlite3_bind_int64 (stmt, 1, param);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  return value;
}

GPtrArray *
resolve (Fixture *fx,
         gint64   game_id)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *events = muster_engine_resolve (fx->store, game_id, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (events);
  return events;
}

/* Resolves with faces typed in: "NAME=FACES" pairs. */
GPtrArray *
resolve_with (Fixture    *fx,
              gint64      game_id,
              const char *first,
              ...)
{
  g_autoptr(GHashTable) faces = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr(GError) error = NULL;
  GPtrArray *events;
  va_list args;

  va_start (args, first);
  for (const char *pair = first; pair != NULL; pair = va_arg (args, const char *))
    {
      char **kv = g_strsplit (pair, "=", 2);
      g_ptr_array_add (keep, kv);
      g_hash_table_insert (faces, kv[0], kv[1]);
    }
  va_end (args);

  events = muster_engine_resolve_with_faces (fx->store, game_id, faces, &error);
  g_assert_no_error (error);
  g_assert_nonnull (events);
  return events;
}

const MusterResolutionEvent *
find_event (GPtrArray  *events,
            gint64      character_id,
            const char *kind)
{
  for (guint i = 0; i < events->len; i++)
    {
      const MusterResolutionEvent *event = g_ptr_array_index (events, i);
      if (event->character_id == character_id && g_str_equal (event->kind, kind))
        return event;
    }
  return NULL;
}

gint64
count_log (Fixture    *fx,
           const char *kind)
{
  sqlite3_stmt *stmt = NULL;
  gint64 value;

  sqlite3_prepare_v2 (muster_store_get_db (fx->store),
                      "SELECT count(*) FROM log_entry WHERE kind = ?", -1, &stmt, NULL);
  sqlite3_bind_text (stmt, 1, kind, -1, SQLITE_STATIC);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  return value;
}
