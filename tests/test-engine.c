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

#define SEED 20240611

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

typedef struct {
  MusterStore *store;
  gint64       campaign_id;
  gint64       british;
  gint64       french;
  gboolean     custom;
} Fixture;

static void
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

static void
fixture_clear (Fixture *fx)
{
  g_clear_object (&fx->store);
}

static gint64
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

static gint64
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

static void
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

static void
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

static MusterCharacter *
get_character (Fixture *fx,
               gint64   id)
{
  g_autoptr(GError) error = NULL;
  MusterCharacter *character = muster_store_get_character (fx->store, id, &error);

  g_assert_no_error (error);
  return character;
}

static MusterStatus
status_of (Fixture *fx,
           gint64   id)
{
  g_autoptr(MusterCharacter) character = get_character (fx, id);
  return muster_character_get_status (character);
}

static int
out_games_of (Fixture *fx,
              gint64   id)
{
  g_autoptr(MusterCharacter) character = get_character (fx, id);
  return muster_character_get_out_games (character);
}

static gint64
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

static char *
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

static GPtrArray *
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
static GPtrArray *
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

  events = muster_engine_resolve (fx->store, game_id, muster_engine_faces_from_table, faces, &error);
  g_assert_no_error (error);
  g_assert_nonnull (events);
  return events;
}

static const MusterResolutionEvent *
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

static gint64
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

static void
test_game_create (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(MusterGame) found = NULL;
  gint64 sharpe, harper, lefort, game1, game2, id;
  gint64 ids[3];

  fixture_init (&fx, NULL, FALSE);
  sharpe = add_character (&fx, fx.british, "Richard Sharpe", 0);
  harper = add_character (&fx, fx.british, "Patrick Harper", 0);
  lefort = add_character (&fx, fx.french, "Jean Lefort", 0);

  game1 = new_game (&fx, "The Bridge", sharpe, harper, lefort, sharpe, (gint64) 0);
  game2 = new_game (&fx, "The Ford", sharpe, lefort, (gint64) 0);

  games = muster_store_list_games (fx.store, fx.campaign_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpint (muster_game_get_number (g_ptr_array_index (games, 0)), ==, 1);
  g_assert_cmpint (muster_game_get_number (g_ptr_array_index (games, 1)), ==, 2);
  g_assert_cmpstr (muster_game_get_side_a (g_ptr_array_index (games, 0)), ==, "British");
  g_assert_cmpstr (muster_game_get_side_b (g_ptr_array_index (games, 0)), ==, "French");
  g_assert_cmpuint (muster_game_get_n_participants (g_ptr_array_index (games, 0)), ==, 3);
  g_assert_cmpint (muster_game_get_state (g_ptr_array_index (games, 0)), ==, MUSTER_GAME_PLANNED);

  found = muster_store_find_game (fx.store, fx.campaign_id, "The Ford", &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_game_get_id (found), ==, game2);
  g_clear_object (&found);
  found = muster_store_find_game (fx.store, fx.campaign_id, "#1", &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_game_get_id (found), ==, game1);
  g_clear_object (&found);
  found = muster_store_find_game (fx.store, fx.campaign_id, "Waterloo", &error);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND);
  g_assert_null (found);
  g_clear_error (&error);

  participants = muster_store_list_participants (fx.store, game1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (participants->len, ==, 3);

  /* One side only. */
  ids[0] = sharpe;
  ids[1] = harper;
  id = muster_store_create_game (fx.store, fx.campaign_id, "Skirmish", NULL, ids, 2, &error);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "British"));
  g_assert_cmpint (id, ==, 0);
  g_clear_error (&error);

  /* A third side. */
  {
    gint64 spanish = muster_store_create_force (fx.store, fx.campaign_id, "Guerrilla", NULL, &error);
    g_assert_no_error (error);
    ids[2] = add_character (&fx, spanish, "El Castrador", 0);
  }
  ids[1] = lefort;
  id = muster_store_create_game (fx.store, fx.campaign_id, "Skirmish", NULL, ids, 3, &error);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Guerrilla"));
  g_clear_error (&error);

  /* Dates. */
  id = muster_store_create_game (fx.store, fx.campaign_id, "Skirmish", "1809-13-01", ids, 2, &error);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "1809-13-01"));
  g_clear_error (&error);
  id = muster_store_create_game (fx.store, fx.campaign_id, "Skirmish", "1809-07-28", ids, 2, &error);
  g_assert_no_error (error);
  found = muster_store_get_game (fx.store, id, &error);
  g_assert_cmpstr (muster_game_get_date (found), ==, "1809-07-28");
  g_assert_cmpint (muster_game_get_number (found), ==, 3);

  /* Someone from another campaign. */
  {
    Fixture other = { .store = fx.store, .custom = FALSE };
    g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);
    gint64 other_campaign = muster_store_create_campaign (fx.store, "Salamanca", ruleset, 1, NULL, &error);
    gint64 force = muster_store_create_force (fx.store, other_campaign, "Dragoons", NULL, &error);
    g_assert_no_error (error);
    ids[1] = add_character (&other, force, "Pierre Ducos", 0);
    id = muster_store_create_game (fx.store, fx.campaign_id, "Skirmish", NULL, ids, 2, &error);
    g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE);
    g_assert_nonnull (strstr (error->message, "Pierre Ducos"));
    g_clear_error (&error);
  }

  g_assert_cmpint (count_log (&fx, "game"), ==, 3);
  fixture_clear (&fx);
}

static void
test_game_results (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(MusterGame) game = NULL;
  gint64 sharpe, harper, lefort, ducos, outsider, game_id;
  MusterResult result = { 0, };
  gint64 victims[2];

  fixture_init (&fx, NULL, FALSE);
  sharpe = add_character (&fx, fx.british, "Richard Sharpe", 0);
  harper = add_character (&fx, fx.british, "Patrick Harper", 0);
  lefort = add_character (&fx, fx.french, "Jean Lefort", 0);
  ducos = add_character (&fx, fx.french, "Pierre Ducos", 0);
  outsider = add_character (&fx, fx.french, "Ramon", 0);
  game_id = new_game (&fx, "The Bridge", sharpe, harper, lefort, ducos, (gint64) 0);

  /* A victim on the killer's own side. */
  victims[0] = harper;
  result.outcome = "unhurt";
  result.victims = victims;
  result.n_victims = 1;
  g_assert_false (muster_store_set_result (fx.store, game_id, sharpe, &result, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "Patrick Harper is on the same side as Richard Sharpe.");
  g_clear_error (&error);

  /* A victim who was not there. */
  victims[0] = outsider;
  g_assert_false (muster_store_set_result (fx.store, game_id, sharpe, &result, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Ramon"));
  g_clear_error (&error);

  /* A result for someone who was not there. */
  result.n_victims = 0;
  g_assert_false (muster_store_set_result (fx.store, game_id, outsider, &result, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "did not take part"));
  g_clear_error (&error);

  /* An outcome the ruleset does not have. */
  result.outcome = "exploded";
  g_assert_false (muster_store_set_result (fx.store, game_id, sharpe, &result, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "exploded"));
  g_assert_nonnull (strstr (error->message, "out-of-action"));
  g_clear_error (&error);

  /* Wounds on an outcome that takes none. */
  result.outcome = "unhurt";
  result.light_wounds = 1;
  g_assert_false (muster_store_set_result (fx.store, game_id, sharpe, &result, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_clear_error (&error);

  /* Nothing was written by the refusals. */
  game = muster_store_get_game (fx.store, game_id, &error);
  g_assert_cmpint (muster_game_get_state (game), ==, MUSTER_GAME_PLANNED);
  g_clear_object (&game);
  g_assert_cmpint (count_log (&fx, "result"), ==, 0);

  /* Sharpe put both Frenchmen out and two unnamed figures. */
  victims[0] = lefort;
  victims[1] = ducos;
  result.outcome = "wounded";
  result.light_wounds = 2;
  result.serious_wounds = 1;
  result.n_victims = 2;
  result.killed_unnamed = 2;
  g_assert_true (muster_store_set_result (fx.store, game_id, sharpe, &result, &error));
  g_assert_no_error (error);
  game = muster_store_get_game (fx.store, game_id, &error);
  g_assert_cmpint (muster_game_get_state (game), ==, MUSTER_GAME_PLAYED);
  g_clear_object (&game);
  g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM kill WHERE killer_id = ?", sharpe), ==, 2);

  /* A second result replaces the first, kills too. */
  result.outcome = "unhurt";
  result.light_wounds = result.serious_wounds = 0;
  result.n_victims = 1;
  result.killed_unnamed = 0;
  g_assert_true (muster_store_set_result (fx.store, game_id, sharpe, &result, &error));
  g_assert_no_error (error);
  participants = muster_store_list_participants (fx.store, game_id, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < participants->len; i++)
    {
      MusterParticipant *p = g_ptr_array_index (participants, i);
      if (p->character_id != sharpe)
        continue;
      g_assert_cmpstr (p->outcome, ==, "unhurt");
      g_assert_cmpint (p->light_wounds, ==, 0);
      g_assert_cmpuint (p->victims->len, ==, 1);
      g_assert_cmpstr (g_ptr_array_index (p->victim_names, 0), ==, "Jean Lefort");
    }
  g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM kill WHERE killer_id = ?", sharpe), ==, 1);
  g_assert_cmpint (count_log (&fx, "result"), ==, 2);

  /* The winner must be one of the sides. */
  g_assert_false (muster_store_finish_game (fx.store, game_id, "Prussians", &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (muster_store_finish_game (fx.store, game_id, "British", &error));
  g_assert_no_error (error);
  game = muster_store_get_game (fx.store, game_id, &error);
  g_assert_cmpstr (muster_game_get_winner (game), ==, "British");
  g_clear_object (&game);

  /* Once resolved, results are final. */
  g_ptr_array_unref (resolve (&fx, game_id));
  result.n_victims = 0;
  g_assert_false (muster_store_set_result (fx.store, game_id, harper, &result, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_clear_error (&error);
  g_assert_false (muster_store_finish_game (fx.store, game_id, NULL, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_clear_error (&error);

  fixture_clear (&fx);
}

static void
test_die_on_6 (void)
{
  Fixture fx = { 0, };
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GArray) fallen = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 ids[12];
  gint64 game_id, wounded, captured;
  int n_dead = 0, n_survived = 0;

  fixture_init (&fx, "die-on-6", FALSE);
  for (int i = 0; i < 12; i++)
    {
      g_autofree char *name = g_strdup_printf ("Rifleman %d", i + 1);
      ids[i] = add_character (&fx, i % 2 ? fx.french : fx.british, name, 0);
    }
  wounded = add_character (&fx, fx.british, "Daniel Hagman", 0);
  captured = add_character (&fx, fx.french, "Pierre Ducos", 0);
  game_id = new_game (&fx, "The Bridge",
                      ids[0], ids[1], ids[2], ids[3], ids[4], ids[5], ids[6], ids[7],
                      ids[8], ids[9], ids[10], ids[11], wounded, captured, (gint64) 0);
  for (int i = 0; i < 12; i++)
    set_outcome (&fx, game_id, ids[i], "out-of-action");
  set_wounds (&fx, game_id, wounded, 2, 1);
  set_outcome (&fx, game_id, captured, "captured");

  events = resolve (&fx, game_id);

  for (int i = 0; i < 12; i++)
    {
      const MusterResolutionEvent *death = find_event (events, ids[i], "death");
      const MusterResolutionEvent *survived = find_event (events, ids[i], "survived");
      const MusterResolutionEvent *event = death != NULL ? death : survived;
      g_autofree char *faces = NULL;

      g_assert_true ((death == NULL) != (survived == NULL));
      g_assert_nonnull (event->roll);
      g_assert_cmpstr (event->step_type, ==, "death-roll");
      g_assert_cmpstr (event->roll->expression, ==, "1d6");
      g_assert_false (event->roll->entered);
      if (death != NULL)
        {
          g_assert_cmpint (event->roll->total, ==, 6);
          g_assert_cmpint (status_of (&fx, ids[i]), ==, MUSTER_STATUS_DEAD);
          n_dead++;
        }
      else
        {
          g_assert_cmpint (event->roll->total, <, 6);
          g_assert_cmpint (status_of (&fx, ids[i]), ==, MUSTER_STATUS_ACTIVE);
          n_survived++;
        }
      g_assert_cmpint (out_games_of (&fx, ids[i]), ==, 0);

      /* The roll is stored with its faces, for the character and game. */
      faces = query_text (&fx, "SELECT faces FROM roll WHERE character_id = ?", ids[i]);
      g_assert_cmpint (atoi (faces), ==, event->roll->total);
      g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM roll WHERE character_id = ? "
                                  "AND resolution_id IS NOT NULL AND entered = 0", ids[i]), ==, 1);
      g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM log_entry WHERE character_id = ? "
                                  "AND roll_id IS NOT NULL", ids[i]), ==, 1);
    }
  g_assert_cmpint (n_dead + n_survived, ==, 12);
  g_assert_cmpint (count_log (&fx, "death"), ==, n_dead);
  g_assert_cmpint (count_log (&fx, "survived"), ==, n_survived);
  g_test_message ("die-on-6 at seed %d: %d dead of 12", SEED, n_dead);

  /* Wounds heal; the prisoner is taken. */
  g_assert_nonnull (find_event (events, wounded, "healed"));
  {
    g_autoptr(MusterCharacter) c = get_character (&fx, wounded);
    g_assert_cmpint (muster_character_get_light_wounds (c), ==, 0);
    g_assert_cmpint (muster_character_get_serious_wounds (c), ==, 0);
    g_assert_cmpint (muster_character_get_status (c), ==, MUSTER_STATUS_ACTIVE);
  }
  g_assert_cmpint (status_of (&fx, captured), ==, MUSTER_STATUS_CAPTURED);
  g_assert_nonnull (find_event (events, captured, "captured"));
  g_assert_nonnull (find_event (events, 0, "resolved"));
  g_assert_cmpint (count_log (&fx, "resolved"), ==, 1);
  g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM roll WHERE game_id = ?", game_id), ==, 12);

  {
    g_autoptr(GError) error = NULL;
    g_autoptr(MusterGame) game = muster_store_get_game (fx.store, game_id, &error);
    g_assert_cmpint (muster_game_get_state (game), ==, MUSTER_GAME_RESOLVED);
  }

  fixture_clear (&fx);
}

static void
test_out_d6_games (void)
{
  Fixture fx = { 0, };
  g_autoptr(GPtrArray) events = NULL;
  gint64 ids[10];
  gint64 game_id;

  fixture_init (&fx, "out-d6-games", FALSE);
  for (int i = 0; i < 10; i++)
    {
      g_autofree char *name = g_strdup_printf ("Voltigeur %d", i + 1);
      ids[i] = add_character (&fx, i % 2 ? fx.french : fx.british, name, 0);
    }
  game_id = new_game (&fx, "The Ford", ids[0], ids[1], ids[2], ids[3], ids[4],
                      ids[5], ids[6], ids[7], ids[8], ids[9], (gint64) 0);
  for (int i = 0; i < 10; i++)
    set_outcome (&fx, game_id, ids[i], i < 8 ? "out-of-action" : "unhurt");

  events = resolve (&fx, game_id);
  for (int i = 0; i < 10; i++)
    {
      const MusterResolutionEvent *out = find_event (events, ids[i], "out");

      if (i >= 8)
        {
          g_assert_null (out);
          g_assert_cmpint (status_of (&fx, ids[i]), ==, MUSTER_STATUS_ACTIVE);
          continue;
        }
      g_assert_nonnull (out);
      g_assert_nonnull (out->roll);
      g_assert_cmpstr (out->step_type, ==, "out-for-games");
      g_assert_cmpint (out->roll->total, >=, 1);
      g_assert_cmpint (out->roll->total, <=, 6);
      g_assert_cmpint (status_of (&fx, ids[i]), ==, MUSTER_STATUS_OUT_OF_ACTION);
      g_assert_cmpint (out_games_of (&fx, ids[i]), ==, out->roll->total);
      g_assert_null (find_event (events, ids[i], "death"));
    }
  g_assert_cmpint (count_log (&fx, "death"), ==, 0);
  g_assert_cmpint (count_log (&fx, "out"), ==, 8);

  fixture_clear (&fx);
}

static void
test_countdown (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  gint64 sharpe, harper, lefort, ducos, game_id;
  GPtrArray *events;

  fixture_init (&fx, "out-d6-games", FALSE);
  sharpe = add_character (&fx, fx.british, "Richard Sharpe", 0);
  harper = add_character (&fx, fx.british, "Patrick Harper", 0);
  lefort = add_character (&fx, fx.french, "Jean Lefort", 0);
  ducos = add_character (&fx, fx.french, "Pierre Ducos", 0);

  /* Game 1: Lefort out for 2 games, Ducos for 1. */
  game_id = new_game (&fx, "Game one", sharpe, harper, lefort, ducos, (gint64) 0);
  set_outcome (&fx, game_id, lefort, "out-of-action");
  set_outcome (&fx, game_id, ducos, "out-of-action");
  events = resolve_with (&fx, game_id, "Jean Lefort=2", "Pierre Ducos=1", NULL);
  g_assert_true (find_event (events, lefort, "out")->roll->entered);
  g_ptr_array_unref (events);
  g_assert_cmpint (out_games_of (&fx, lefort), ==, 2);
  g_assert_cmpint (out_games_of (&fx, ducos), ==, 1);

  /* Neither can be picked now. */
  {
    gint64 ids[] = { sharpe, lefort };
    g_assert_cmpint (muster_store_create_game (fx.store, fx.campaign_id, "Game two", NULL,
                                               ids, 2, &error), ==, 0);
    g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE);
    g_assert_cmpstr (error->message, ==, "Jean Lefort is out of action for 2 more games.");
    g_clear_error (&error);
    g_assert_false (muster_store_check_available (fx.store, ducos, &error));
    g_assert_cmpstr (error->message, ==, "Pierre Ducos is out of action for 1 more game.");
    g_clear_error (&error);
  }

  /* Game 2, without them: Ducos (a roll of 1) misses exactly this game. */
  {
    gint64 ramon = add_character (&fx, fx.french, "Ramon", 0);

    game_id = new_game (&fx, "Game two", sharpe, ramon, (gint64) 0);
    set_outcome (&fx, game_id, sharpe, "unhurt");
    events = resolve (&fx, game_id);
    g_assert_nonnull (find_event (events, ducos, "recovered"));
    g_assert_nonnull (find_event (events, lefort, "countdown"));
    g_ptr_array_unref (events);
    g_assert_cmpint (status_of (&fx, ducos), ==, MUSTER_STATUS_ACTIVE);
    g_assert_cmpint (out_games_of (&fx, ducos), ==, 0);
    g_assert_cmpint (status_of (&fx, lefort), ==, MUSTER_STATUS_OUT_OF_ACTION);
    g_assert_cmpint (out_games_of (&fx, lefort), ==, 1);
    g_assert_true (muster_store_check_available (fx.store, ducos, &error));
    g_assert_no_error (error);

    /* Game 3: Ducos fights again and is out again; Lefort recovers. */
    game_id = new_game (&fx, "Game three", harper, ducos, (gint64) 0);
    set_outcome (&fx, game_id, ducos, "out-of-action");
    events = resolve_with (&fx, game_id, "Pierre Ducos=3", NULL);
    g_assert_nonnull (find_event (events, lefort, "recovered"));
    g_assert_nonnull (find_event (events, ducos, "out"));
    g_assert_null (find_event (events, ducos, "countdown"));
    g_ptr_array_unref (events);
    g_assert_cmpint (status_of (&fx, lefort), ==, MUSTER_STATUS_ACTIVE);
    g_assert_cmpint (out_games_of (&fx, ducos), ==, 3);

    /* Three more games and Ducos is back. */
    for (int i = 0; i < 3; i++)
      {
        g_autofree char *title = g_strdup_printf ("Game %d", 4 + i);

        g_assert_cmpint (status_of (&fx, ducos), ==, MUSTER_STATUS_OUT_OF_ACTION);
        game_id = new_game (&fx, title, sharpe, lefort, (gint64) 0);
        set_outcome (&fx, game_id, lefort, "unhurt");
        g_ptr_array_unref (resolve (&fx, game_id));
        g_assert_cmpint (out_games_of (&fx, ducos), ==, 2 - i);
      }
    g_assert_cmpint (status_of (&fx, ducos), ==, MUSTER_STATUS_ACTIVE);
  }
  g_assert_cmpint (count_log (&fx, "recovered"), ==, 3);

  {
    g_autoptr(GPtrArray) recovered = muster_honours_list_recovered (fx.store, fx.campaign_id, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (recovered->len, ==, 3);
    g_assert_cmpstr (((MusterHonour *) g_ptr_array_index (recovered, 0))->name, ==, "Pierre Ducos");
    g_assert_cmpint (((MusterHonour *) g_ptr_array_index (recovered, 0))->game_number, ==, 2);
    g_assert_cmpstr (((MusterHonour *) g_ptr_array_index (recovered, 1))->name, ==, "Jean Lefort");
  }

  fixture_clear (&fx);
}

static void
test_capture_release (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  gint64 sharpe, lefort, game_id;
  gint64 ids[2];

  fixture_init (&fx, NULL, FALSE);
  sharpe = add_character (&fx, fx.british, "Richard Sharpe", 0);
  lefort = add_character (&fx, fx.french, "Jean Lefort", 0);
  game_id = new_game (&fx, "The Bridge", sharpe, lefort, (gint64) 0);
  set_outcome (&fx, game_id, lefort, "captured");
  g_ptr_array_unref (resolve (&fx, game_id));
  g_assert_cmpint (status_of (&fx, lefort), ==, MUSTER_STATUS_CAPTURED);

  /* A prisoner cannot be picked, and stays one across games. */
  ids[0] = sharpe;
  ids[1] = lefort;
  g_assert_cmpint (muster_store_create_game (fx.store, fx.campaign_id, "Again", NULL, ids, 2, &error), ==, 0);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE);
  g_assert_nonnull (strstr (error->message, "Jean Lefort is a prisoner"));
  g_clear_error (&error);

  ids[1] = add_character (&fx, fx.french, "Ramon", 0);
  game_id = muster_store_create_game (fx.store, fx.campaign_id, "Again", NULL, ids, 2, &error);
  g_assert_no_error (error);
  set_outcome (&fx, game_id, sharpe, "unhurt");
  g_ptr_array_unref (resolve (&fx, game_id));
  g_assert_cmpint (status_of (&fx, lefort), ==, MUSTER_STATUS_CAPTURED);

  /* Releasing. */
  g_assert_false (muster_store_release_character (fx.store, sharpe, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_clear_error (&error);
  g_assert_true (muster_store_release_character (fx.store, lefort, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status_of (&fx, lefort), ==, MUSTER_STATUS_ACTIVE);
  g_assert_cmpint (count_log (&fx, "released"), ==, 1);
  g_assert_true (muster_store_check_available (fx.store, lefort, &error));
  g_assert_no_error (error);

  fixture_clear (&fx);
}

static GArray *
bad_faces (const MusterPlannedRoll  *roll,
           gpointer                  user_data,
           GError                  **error)
{
  GArray *faces = g_array_new (FALSE, FALSE, sizeof (int));
  int face = GPOINTER_TO_INT (user_data);

  g_array_append_val (faces, face);
  return faces;
}

static void
test_entered_faces (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) plan = NULL;
  g_autoptr(GPtrArray) events = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *message = NULL;
  gint64 sharpe, harper, lefort, game_id;

  fixture_init (&fx, "die-on-6", FALSE);
  sharpe = add_character (&fx, fx.british, "Richard Sharpe", 0);
  harper = add_character (&fx, fx.british, "Patrick Harper", 0);
  lefort = add_character (&fx, fx.french, "Jean Lefort", 0);
  game_id = new_game (&fx, "The Bridge", sharpe, harper, lefort, (gint64) 0);
  set_outcome (&fx, game_id, harper, "out-of-action");
  set_outcome (&fx, game_id, lefort, "out-of-action");

  /* The plan names the rolls the resolution will ask for. */
  plan = muster_engine_plan (fx.store, game_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (plan->len, ==, 2);
  {
    MusterPlannedRoll *first = g_ptr_array_index (plan, 0);
    g_autofree char *purpose = g_strdup_printf ("resolve/game/%" G_GINT64_FORMAT
                                                "/character/%" G_GINT64_FORMAT "/death-roll",
                                                game_id, harper);
    g_assert_cmpint (first->character_id, ==, harper);
    g_assert_cmpstr (first->step_type, ==, "death-roll");
    g_assert_cmpstr (first->expression, ==, "1d6");
    g_assert_cmpstr (first->purpose, ==, purpose);
  }

  /* Faces that do not fit: an error, and nothing written. */
  before = muster_store_dump (fx.store);
  events = muster_engine_resolve (fx.store, game_id, bad_faces, GINT_TO_POINTER (7), &error);
  g_assert_null (events);
  g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES);
  g_clear_error (&error);
  {
    g_autoptr(GHashTable) table = g_hash_table_new (g_str_hash, g_str_equal);
    g_hash_table_insert (table, (gpointer) "Jean Lefort", (gpointer) "six");
    events = muster_engine_resolve (fx.store, game_id, muster_engine_faces_from_table, table, &error);
    g_assert_null (events);
    g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES);
    g_clear_error (&error);
  }
  after = muster_store_dump (fx.store);
  g_assert_cmpstr (before, ==, after);

  /* Harper rolls a 6 at the table; Lefort is rolled by Muster. */
  events = resolve_with (&fx, game_id, "Patrick Harper=6", NULL);
  g_assert_nonnull (find_event (events, harper, "death"));
  g_assert_true (find_event (events, harper, "death")->roll->entered);
  g_assert_cmpint (status_of (&fx, harper), ==, MUSTER_STATUS_DEAD);
  g_assert_cmpint (query_int (&fx, "SELECT entered FROM roll WHERE character_id = ?", harper), ==, 1);
  g_assert_cmpint (query_int (&fx, "SELECT entered FROM roll WHERE character_id = ?", lefort), ==, 0);
  message = query_text (&fx, "SELECT message FROM log_entry WHERE character_id = ? AND roll_id IS NOT NULL", harper);
  g_assert_nonnull (strstr (message, "rolled at the table"));
  g_clear_pointer (&message, g_free);
  message = query_text (&fx, "SELECT message FROM log_entry WHERE character_id = ? AND roll_id IS NOT NULL", lefort);
  g_assert_null (strstr (message, "rolled at the table"));

  fixture_clear (&fx);
}

static void
test_undo (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *resolved = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *again = NULL;
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) second = NULL;
  gint64 ids[8];
  gint64 game1, game2;

  fixture_init (&fx, "out-d6-games", FALSE);
  for (int i = 0; i < 8; i++)
    {
      g_autofree char *name = g_strdup_printf ("Man %d", i + 1);
      ids[i] = add_character (&fx, i % 2 ? fx.french : fx.british, name, 0);
    }

  /* Nothing to undo yet. */
  g_assert_cmpint (muster_engine_undo_resolve (fx.store, fx.campaign_id, &error), ==, 0);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_NOTHING);
  g_clear_error (&error);

  game1 = new_game (&fx, "First", ids[0], ids[1], ids[2], ids[3], (gint64) 0);
  set_outcome (&fx, game1, ids[0], "out-of-action");
  set_outcome (&fx, game1, ids[1], "out-of-action");
  g_ptr_array_unref (resolve (&fx, game1));

  game2 = new_game (&fx, "Second", ids[4], ids[5], ids[6], ids[7], (gint64) 0);
  set_outcome (&fx, game2, ids[4], "out-of-action");
  set_wounds (&fx, game2, ids[5], 1, 1);
  set_outcome (&fx, game2, ids[6], "captured");

  before = muster_store_dump (fx.store);
  first = resolve (&fx, game2);
  resolved = muster_store_dump (fx.store);
  g_assert_cmpstr (before, !=, resolved);
  g_assert_cmpint (muster_engine_get_last_resolved (fx.store, fx.campaign_id, &error), ==, game2);

  g_assert_cmpint (muster_engine_undo_resolve (fx.store, fx.campaign_id, &error), ==, game2);
  g_assert_no_error (error);
  undone = muster_store_dump (fx.store);
  g_assert_cmpstr (before, ==, undone);

  /* Resolving again gives the same rolls, and the same database. */
  second = resolve (&fx, game2);
  g_assert_cmpuint (first->len, ==, second->len);
  for (guint i = 0; i < first->len; i++)
    {
      const MusterResolutionEvent *a = g_ptr_array_index (first, i);
      const MusterResolutionEvent *b = g_ptr_array_index (second, i);

      g_assert_cmpstr (a->kind, ==, b->kind);
      g_assert_cmpint (a->character_id, ==, b->character_id);
      g_assert_true ((a->roll == NULL) == (b->roll == NULL));
      if (a->roll != NULL)
        g_assert_cmpint (a->roll->total, ==, b->roll->total);
    }
  again = muster_store_dump (fx.store);
  g_assert_cmpstr (resolved, ==, again);

  /* Undo twice: back to before the first game was resolved. */
  g_assert_cmpint (muster_engine_undo_resolve (fx.store, fx.campaign_id, &error), ==, game2);
  g_assert_cmpint (muster_engine_undo_resolve (fx.store, fx.campaign_id, &error), ==, game1);
  g_assert_no_error (error);
  g_assert_cmpint (status_of (&fx, ids[0]), ==, MUSTER_STATUS_ACTIVE);
  g_assert_cmpint (out_games_of (&fx, ids[0]), ==, 0);
  g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM roll", 0), ==, 0);
  g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM resolution_change", 0), ==, 0);
  g_assert_cmpint (count_log (&fx, "out"), ==, 0);

  fixture_clear (&fx);
}

static void
test_refusals (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  gint64 sharpe, harper, lefort, ducos, game1, game2, game3;
  GPtrArray *events;

  fixture_init (&fx, "die-on-6", FALSE);
  sharpe = add_character (&fx, fx.british, "Richard Sharpe", 0);
  harper = add_character (&fx, fx.british, "Patrick Harper", 0);
  lefort = add_character (&fx, fx.french, "Jean Lefort", 0);
  ducos = add_character (&fx, fx.french, "Pierre Ducos", 0);

  game1 = new_game (&fx, "The Bridge", sharpe, lefort, (gint64) 0);
  game2 = new_game (&fx, "The Ford", harper, ducos, (gint64) 0);

  /* A planned game. */
  events = muster_engine_resolve (fx.store, game1, NULL, NULL, &error);
  g_assert_null (events);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_assert_nonnull (strstr (error->message, "No results"));
  g_clear_error (&error);

  /* A game finished with no result. */
  g_assert_true (muster_store_finish_game (fx.store, game1, NULL, &error));
  events = muster_engine_resolve (fx.store, game1, NULL, NULL, &error);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_clear_error (&error);

  /* Out of order. */
  set_outcome (&fx, game1, sharpe, "unhurt");
  set_outcome (&fx, game2, ducos, "unhurt");
  events = muster_engine_resolve (fx.store, game2, NULL, NULL, &error);
  g_assert_null (events);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_ORDER);
  g_assert_cmpstr (error->message, ==,
                   "Resolve game 1 “The Bridge” first: games are resolved in the order they were played.");
  g_clear_error (&error);

  /* Twice. */
  g_ptr_array_unref (resolve (&fx, game1));
  events = muster_engine_resolve (fx.store, game1, NULL, NULL, &error);
  g_assert_null (events);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_assert_nonnull (strstr (error->message, "already resolved"));
  g_clear_error (&error);

  /* A participant who died since. */
  g_assert_true (muster_store_set_character_status (fx.store, ducos, MUSTER_STATUS_DEAD, 0, &error));
  g_assert_no_error (error);
  events = muster_engine_resolve (fx.store, game2, NULL, NULL, &error);
  g_assert_null (events);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE);
  g_assert_nonnull (strstr (error->message, "Pierre Ducos"));
  g_clear_error (&error);

  /* Picking the dead. */
  {
    gint64 ids[] = { sharpe, ducos };
    game3 = muster_store_create_game (fx.store, fx.campaign_id, "Third", NULL, ids, 2, &error);
    g_assert_cmpint (game3, ==, 0);
    g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE);
    g_assert_cmpstr (error->message, ==, "Pierre Ducos is dead and cannot take part.");
    g_clear_error (&error);
  }

  fixture_clear (&fx);
}

/* Many characters put out of action in one game. */
static GPtrArray *
resolve_many (Fixture *fx,
              guint    n,
              double  *seconds)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;
  g_autoptr(GTimer) timer = NULL;
  GPtrArray *events;
  gint64 game_id;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Soldier %u", i + 1);
      gint64 id = add_character (fx, i % 2 ? fx->french : fx->british, name, 0);
      g_array_append_val (ids, id);
    }
  game_id = muster_store_create_game (fx->store, fx->campaign_id, "Battle", NULL,
                                      (const gint64 *) ids->data, ids->len, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    set_outcome (fx, game_id, g_array_index (ids, gint64, i), "out-of-action");

  timer = g_timer_new ();
  events = muster_engine_resolve (fx->store, game_id, NULL, NULL, &error);
  g_assert_no_error (error);
  if (seconds != NULL)
    *seconds = g_timer_elapsed (timer, NULL);
  return events;
}

static void
test_statistics_death (void)
{
  Fixture fx = { 0, };
  g_autoptr(GPtrArray) events = NULL;
  const guint n = 3000;
  guint rolled = 0, deaths = 0;
  double expected = n / 6.0;
  double sigma = sqrt (n * (1.0 / 6.0) * (5.0 / 6.0));

  fixture_init (&fx, "die-on-6", FALSE);
  events = resolve_many (&fx, n, NULL);
  for (guint i = 0; i < events->len; i++)
    {
      const MusterResolutionEvent *event = g_ptr_array_index (events, i);
      if (event->roll == NULL)
        continue;
      rolled++;
      if (g_str_equal (event->kind, "death"))
        {
          g_assert_cmpint (event->roll->total, ==, 6);
          deaths++;
        }
    }
  g_assert_cmpuint (rolled, ==, n);
  g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM character WHERE status = 'dead' AND campaign_id = ?",
                              fx.campaign_id), ==, deaths);
  g_test_message ("die-on-6: %u deaths in %u (expected %.0f ± %.1f)", deaths, n, expected, sigma);
  g_assert_cmpfloat (fabs (deaths - expected), <, 4 * sigma);

  fixture_clear (&fx);
}

static void
test_statistics_out (void)
{
  Fixture fx = { 0, };
  g_autoptr(GPtrArray) events = NULL;
  const guint n = 3000;
  guint counts[7] = { 0, };
  double chi2 = 0;

  fixture_init (&fx, "out-d6-games", FALSE);
  events = resolve_many (&fx, n, NULL);
  for (guint i = 0; i < events->len; i++)
    {
      const MusterResolutionEvent *event = g_ptr_array_index (events, i);
      if (event->roll == NULL)
        continue;
      g_assert_cmpstr (event->kind, ==, "out");
      g_assert_cmpint (event->roll->total, >=, 1);
      g_assert_cmpint (event->roll->total, <=, 6);
      counts[event->roll->total]++;
    }
  for (int face = 1; face <= 6; face++)
    {
      double diff = counts[face] - n / 6.0;
      chi2 += diff * diff / (n / 6.0);
      g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM character WHERE out_games = ?", face),
                       ==, counts[face]);
    }
  g_test_message ("out-d6-games: %u %u %u %u %u %u, chi-square %.2f (5 df)",
                  counts[1], counts[2], counts[3], counts[4], counts[5], counts[6], chi2);
  /* p = 0.001 for 5 degrees of freedom */
  g_assert_cmpfloat (chi2, <, 20.52);
  g_assert_cmpint (count_log (&fx, "death"), ==, 0);

  fixture_clear (&fx);
}

static void
test_big_game (void)
{
  Fixture fx = { 0, };
  g_autoptr(GPtrArray) events = NULL;
  double seconds = 0;

  fixture_init (&fx, "out-d6-games", FALSE);
  events = resolve_many (&fx, 1000, &seconds);
  g_assert_cmpuint (events->len, >=, 1000);
  g_test_message ("resolved a game of 1000 participants in %.3f s", seconds);

  fixture_clear (&fx);
}

static void
test_custom_steps (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  GPtrArray *events;
  gint64 hero, plain, veteran, duffer, bearer, enemy, unit, game_id;
  int value;

  fixture_init (&fx, NULL, TRUE);
  hero = add_character (&fx, fx.british, "Hero", 4);
  plain = add_character (&fx, fx.british, "Plain", 2);
  veteran = add_character (&fx, fx.british, "Veteran", 3);
  duffer = add_character (&fx, fx.french, "Duffer", 1);
  bearer = add_character (&fx, fx.french, "Ensign", 2);
  enemy = add_character (&fx, fx.french, "Enemy", 2);

  /* The ensign's unit, for the colours. */
  {
    sqlite3 *db = muster_store_get_db (fx.store);
    g_autofree char *sql = g_strdup_printf ("INSERT INTO unit (force_id, name) VALUES (%" G_GINT64_FORMAT ", '1st Company')",
                                            fx.french);
    g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
    unit = sqlite3_last_insert_rowid (db);
    g_clear_pointer (&sql, g_free);
    sql = g_strdup_printf ("UPDATE character SET unit_id = %" G_GINT64_FORMAT " WHERE id = %" G_GINT64_FORMAT,
                           unit, bearer);
    g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  }

  game_id = new_game (&fx, "First", hero, plain, veteran, duffer, bearer, enemy, (gint64) 0);
  set_outcome (&fx, game_id, hero, "out-of-action");
  set_outcome (&fx, game_id, plain, "out-of-action");
  set_wounds (&fx, game_id, veteran, 2, 1);
  set_wounds (&fx, game_id, duffer, 1, 0);
  set_outcome (&fx, game_id, bearer, "colours-lost");

  before = muster_store_dump (fx.store);
  events = resolve_with (&fx, game_id, "Hero=5", "Plain=2", NULL);

  /* A Hero always recovers; the other man is out. */
  g_assert_nonnull (find_event (events, hero, "out"));
  g_assert_nonnull (find_event (events, hero, "recovered"));
  g_assert_cmpint (status_of (&fx, hero), ==, MUSTER_STATUS_ACTIVE);
  g_assert_cmpint (out_games_of (&fx, hero), ==, 0);
  g_assert_cmpint (status_of (&fx, plain), ==, MUSTER_STATUS_OUT_OF_ACTION);
  g_assert_cmpint (out_games_of (&fx, plain), ==, 2);

  /* A wound drops Class for good; at 0 he retires. */
  g_assert_nonnull (find_event (events, veteran, "class-drop"));
  {
    g_autoptr(MusterCharacter) c = get_character (&fx, veteran);
    g_assert_true (muster_character_get_stat (c, "class", &value));
    g_assert_cmpint (value, ==, 2);
    /* Light wounds heal, serious ones stay. */
    g_assert_cmpint (muster_character_get_light_wounds (c), ==, 0);
    g_assert_cmpint (muster_character_get_serious_wounds (c), ==, 1);
  }
  g_assert_nonnull (find_event (events, veteran, "carried"));
  g_assert_nonnull (find_event (events, duffer, "retired"));
  g_assert_cmpint (status_of (&fx, duffer), ==, MUSTER_STATUS_RETIRED);

  /* Lost colours: the unit loses 2 morale for good. */
  g_assert_nonnull (find_event (events, bearer, "morale-loss"));
  g_assert_cmpint (query_int (&fx, "SELECT morale_loss FROM unit WHERE id = ?", unit), ==, 2);
  g_ptr_array_unref (events);

  /* Undo puts the stat and the unit back too. */
  g_assert_cmpint (muster_engine_undo_resolve (fx.store, fx.campaign_id, &error), ==, game_id);
  g_assert_no_error (error);
  after = muster_store_dump (fx.store);
  g_assert_cmpstr (before, ==, after);
  g_ptr_array_unref (resolve_with (&fx, game_id, "Hero=5", "Plain=2", NULL));

  /* A second serious wound is fatal. */
  game_id = new_game (&fx, "Second", veteran, enemy, (gint64) 0);
  set_wounds (&fx, game_id, veteran, 0, 1);
  events = resolve (&fx, game_id);
  g_assert_nonnull (find_event (events, veteran, "death"));
  g_assert_cmpint (status_of (&fx, veteran), ==, MUSTER_STATUS_DEAD);
  g_ptr_array_unref (events);

  fixture_clear (&fx);
}

static void
test_honours (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) fallen = NULL;
  g_autoptr(GPtrArray) kills = NULL;
  g_autoptr(GPtrArray) survived = NULL;
  g_autoptr(GPtrArray) on_roll = NULL;
  g_autofree char *csv = NULL;
  gint64 sharpe, harper, lefort, ducos, game1, game2;
  MusterResult result = { 0, };
  gint64 victims[1];

  fixture_init (&fx, "die-on-6", FALSE);
  sharpe = add_character (&fx, fx.british, "Richard Sharpe", 0);
  harper = add_character (&fx, fx.british, "Patrick Harper", 0);
  lefort = add_character (&fx, fx.french, "Jean Lefort", 0);
  ducos = add_character (&fx, fx.french, "Pierre Ducos", 0);

  game1 = new_game (&fx, "The Bridge", sharpe, harper, lefort, ducos, (gint64) 0);
  victims[0] = lefort;
  result.outcome = "unhurt";
  result.victims = victims;
  result.n_victims = 1;
  result.killed_unnamed = 3;
  g_assert_true (muster_store_set_result (fx.store, game1, sharpe, &result, &error));
  g_assert_no_error (error);
  set_outcome (&fx, game1, lefort, "out-of-action");
  g_ptr_array_unref (resolve_with (&fx, game1, "Jean Lefort=6", NULL));

  game2 = new_game (&fx, "The Ford, \"at dawn\"", sharpe, ducos, (gint64) 0);
  set_outcome (&fx, game2, ducos, "unhurt");
  victims[0] = ducos;
  result.killed_unnamed = 0;
  g_assert_true (muster_store_set_result (fx.store, game2, sharpe, &result, &error));
  g_assert_no_error (error);
  g_ptr_array_unref (resolve (&fx, game2));

  fallen = muster_honours_list_fallen (fx.store, fx.campaign_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fallen->len, ==, 1);
  {
    MusterHonour *h = g_ptr_array_index (fallen, 0);
    g_assert_cmpint (h->character_id, ==, lefort);
    g_assert_cmpint (h->game_id, ==, game1);
    g_assert_cmpstr (h->game_title, ==, "The Bridge");
    g_assert_cmpuint (h->killers->len, ==, 1);
    g_assert_cmpstr (g_ptr_array_index (h->killers, 0), ==, "Richard Sharpe");
  }

  kills = muster_honours_most_kills (fx.store, fx.campaign_id, 3, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kills->len, ==, 1);
  g_assert_cmpint (((MusterRecord *) g_ptr_array_index (kills, 0))->value, ==, 5);

  survived = muster_honours_most_survived (fx.store, fx.campaign_id, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (survived->len, ==, 3);  /* Lefort fell in his only game */
  g_assert_cmpint (((MusterRecord *) g_ptr_array_index (survived, 0))->value, ==, 2);

  on_roll = muster_honours_longest_on_roll (fx.store, fx.campaign_id, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (on_roll->len, ==, 3);
  for (guint i = 0; i < on_roll->len; i++)
    {
      MusterRecord *r = g_ptr_array_index (on_roll, i);
      g_assert_cmpint (r->character_id, !=, lefort);
      g_assert_cmpint (r->value, ==, 2);
    }

  csv = muster_honours_kill_ledger_csv (fx.store, fx.campaign_id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (csv, ==,
                   "killer,victim,game,title,date\r\n"
                   "Richard Sharpe,Jean Lefort,1,The Bridge,\r\n"
                   "Richard Sharpe,unnamed ×3,1,The Bridge,\r\n"
                   "Richard Sharpe,Pierre Ducos,2,\"The Ford, \"\"at dawn\"\"\",\r\n");

  fixture_clear (&fx);
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("MUSTER_FAKE_TIME", "1809-07-28T12:00:00Z", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/game/create", test_game_create);
  g_test_add_func ("/engine/game/results", test_game_results);
  g_test_add_func ("/engine/resolve/die-on-6", test_die_on_6);
  g_test_add_func ("/engine/resolve/out-d6-games", test_out_d6_games);
  g_test_add_func ("/engine/resolve/countdown", test_countdown);
  g_test_add_func ("/engine/resolve/capture-release", test_capture_release);
  g_test_add_func ("/engine/resolve/entered-faces", test_entered_faces);
  g_test_add_func ("/engine/resolve/undo", test_undo);
  g_test_add_func ("/engine/resolve/refusals", test_refusals);
  g_test_add_func ("/engine/resolve/custom-steps", test_custom_steps);
  g_test_add_func ("/engine/statistics/die-on-6", test_statistics_death);
  g_test_add_func ("/engine/statistics/out-d6-games", test_statistics_out);
  g_test_add_func ("/engine/resolve/big-game", test_big_game);
  g_test_add_func ("/engine/honours", test_honours);

  return g_test_run ();
}
