/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-crash"

#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include <gio/gio.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-engine.h"
#include "muster-force.h"
#include "muster-game.h"
#include "muster-recruit.h"
#include "muster-ruleset.h"
#include "muster-store-private.h"
#include "muster-test-util.h"

/*
 * A crash in the middle of writing loses nothing that was committed and
 * leaves nothing half-written. This program, run with --write LIBRARY,
 * is the writer: it recruits, plays, records and resolves games on the
 * library for as long as it lives, and prints a line for each change
 * once its transaction has committed. The test starts it, kills it with
 * SIGKILL after a random number of those lines (while it goes on writing),
 * several times over on the same library, and each time opens the library
 * again: it must pass SQLite's integrity check, and every change a line
 * reported must be there.
 */

#define CAMPAIGN_NAME "Crash 1811"
/* Recruits a side brings to each game, in one transaction. */
#define PER_SIDE 4
/* Lines a round prints: the recruits, the game, a result each, the
 * finish and the resolution. */
#define LINES_PER_ROUND (2 * PER_SIDE + 1 + 2 * PER_SIDE + 2)
#define MAX_ROUNDS 10000

/* The writer */

static void
report (const char *format,
        ...) G_GNUC_PRINTF (1, 2);

static void
report (const char *format,
        ...)
{
  va_list args;

  va_start (args, format);
  vprintf (format, args);
  va_end (args);
  putchar ('\n');
  /* Out at once: the line is the promise that the change is committed. */
  fflush (stdout);
}

#define OK_OR_DIE(call) \
  G_STMT_START { if (!(call)) g_error ("%s: %s", #call, error->message); } G_STMT_END

static gint64
writer_campaign (MusterStore *store,
                 gint64      *british,
                 gint64      *french)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCampaign) campaign = muster_store_find_campaign (store, CAMPAIGN_NAME, NULL);
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(MusterForce) force = NULL;
  gint64 id;

  if (campaign != NULL)
    {
      id = muster_campaign_get_id (campaign);
    }
  else
    {
      ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);
      OK_OR_DIE (ruleset != NULL);
      id = muster_store_create_campaign (store, CAMPAIGN_NAME, ruleset, 1811, NULL, &error);
      OK_OR_DIE (id > 0);
      report ("campaign %" G_GINT64_FORMAT, id);
    }

  /* Each force is made once; a crash may come between the two. */
  if ((force = muster_store_find_force (store, id, "Light Company", NULL)) == NULL)
    {
      *british = muster_store_create_force (store, id, "Light Company", "British", &error);
      OK_OR_DIE (*british > 0);
      report ("force %" G_GINT64_FORMAT, *british);
    }
  else
    *british = muster_force_get_id (force);
  g_clear_object (&force);
  if ((force = muster_store_find_force (store, id, "Voltigeurs", NULL)) == NULL)
    {
      *french = muster_store_create_force (store, id, "Voltigeurs", "French", &error);
      OK_OR_DIE (*french > 0);
      report ("force %" G_GINT64_FORMAT, *french);
    }
  else
    *french = muster_force_get_id (force);
  return id;
}

/* A game left played by the last crash is resolved first: the engine
 * resolves games in order. */
static void
writer_catch_up (MusterStore *store,
                 gint64       campaign_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = muster_store_list_games (store, campaign_id, &error);

  OK_OR_DIE (games != NULL);
  for (guint i = 0; i < games->len; i++)
    {
      MusterGame *game = g_ptr_array_index (games, i);
      g_autoptr(GPtrArray) events = NULL;

      if (muster_game_get_state (game) != MUSTER_GAME_PLAYED)
        continue;
      events = muster_engine_resolve (store, muster_game_get_id (game), NULL, NULL, &error);
      OK_OR_DIE (events != NULL);
      report ("resolve %" G_GINT64_FORMAT, muster_game_get_id (game));
    }
}

static GArray *
writer_recruit (MusterStore *store,
                gint64       force_id)
{
  g_autoptr(GError) error = NULL;
  GArray *ids = muster_store_recruit (store, force_id, "line", NULL, NULL, PER_SIDE, &error);

  OK_OR_DIE (ids != NULL);
  report ("recruits %" G_GINT64_FORMAT " %u", force_id, ids->len);
  for (guint i = 0; i < ids->len; i++)
    report ("recruit %" G_GINT64_FORMAT, g_array_index (ids, gint64, i));
  return ids;
}

static void
writer_round (MusterStore *store,
              gint64       campaign_id,
              gint64       british,
              gint64       french,
              guint        round)
{
  static const char *outcomes[] = { "unhurt", "wounded", "out-of-action", "unhurt" };
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = writer_recruit (store, british);
  g_autoptr(GArray) theirs = writer_recruit (store, french);
  g_autofree char *title = g_strdup_printf ("Skirmish %u", round);
  g_autoptr(GPtrArray) events = NULL;
  gint64 game;

  g_array_append_vals (ids, theirs->data, theirs->len);
  game = muster_store_create_game (store, campaign_id, title, NULL,
                                   (const gint64 *) (gpointer) ids->data, ids->len, &error);
  OK_OR_DIE (game > 0);
  report ("game %" G_GINT64_FORMAT, game);

  for (guint i = 0; i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      const char *outcome = outcomes[(round + i) % G_N_ELEMENTS (outcomes)];
      MusterResult result = {
        .outcome = outcome,
        .light_wounds = g_str_equal (outcome, "wounded") ? 1 : 0,
      };

      OK_OR_DIE (muster_store_set_result (store, game, id, &result, &error));
      report ("result %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %s", game, id, outcome);
    }

  OK_OR_DIE (muster_store_finish_game (store, game, "British", &error));
  report ("finish %" G_GINT64_FORMAT, game);
  events = muster_engine_resolve (store, game, NULL, NULL, &error);
  OK_OR_DIE (events != NULL);
  report ("resolve %" G_GINT64_FORMAT, game);
}

static int
run_writer (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterStore) store = muster_store_open (path, &error);
  gint64 campaign_id, british, french;

  OK_OR_DIE (store != NULL);
  campaign_id = writer_campaign (store, &british, &french);
  writer_catch_up (store, campaign_id);
  for (guint round = 1; round <= MAX_ROUNDS; round++)
    writer_round (store, campaign_id, british, french, round);
  return 0;
}

/* The test */

static char *self_path;

/* Starts the writer on @path, kills it after @kill_after lines, and
 * returns every line it printed (of char*). */
static GPtrArray *
write_until_killed (const char *path,
                    guint       kill_after)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  const char *argv[] = { self_path, "--write", path, NULL };
  g_autofree char *line = NULL;
  size_t size = 0;
  ssize_t length;
  FILE *pipe;
  GPid pid;
  int out, status;

  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL,
                                           G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                           &pid, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  pipe = fdopen (out, "r");
  g_assert_nonnull (pipe);

  /* The writer goes on between the last line read and the kill: where
   * it is then is up to the scheduler. Lines already in the pipe were
   * committed too, so they are all read to the end. */
  while ((length = getline (&line, &size, pipe)) > 0)
    {
      g_assert_cmpint (line[length - 1], ==, '\n');
      g_ptr_array_add (lines, g_strndup (line, length - 1));
      if (lines->len == kill_after)
        g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
    }
  g_assert_false (ferror (pipe));
  fclose (pipe);

  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  /* Killed by the test, not dead of an error of its own. */
  if (!WIFSIGNALED (status) || WTERMSIG (status) != SIGKILL)
    g_error ("The writer ended by itself (status %d) after %u lines", status, lines->len);
  return g_steal_pointer (&lines);
}

static gint64
id_at (char **words,
       guint  i)
{
  g_assert_nonnull (words[i]);
  return g_ascii_strtoll (words[i], NULL, 10);
}

static void
assert_integrity (MusterStore *store)
{
  g_autoptr(GError) error = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *integrity = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *foreign_keys = NULL;

  integrity = muster_store_prepare (store, "PRAGMA integrity_check", &error);
  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_step (integrity), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (integrity, 0), ==, "ok");
  g_assert_cmpint (sqlite3_step (integrity), ==, SQLITE_DONE);

  foreign_keys = muster_store_prepare (store, "PRAGMA foreign_key_check", &error);
  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_step (foreign_keys), ==, SQLITE_DONE);
}

static void
assert_result (MusterStore *store,
               gint64       game_id,
               gint64       character_id,
               const char  *outcome)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) participants = muster_store_list_participants (store, game_id, &error);
  gboolean found = FALSE;

  g_assert_no_error (error);
  for (guint i = 0; i < participants->len; i++)
    {
      MusterParticipant *p = g_ptr_array_index (participants, i);

      if (p->character_id == character_id)
        {
          g_assert_cmpstr (p->outcome, ==, outcome);
          found = TRUE;
        }
    }
  g_assert_true (found);
}

/* Every change a line reported is in the library at @path. */
static void
assert_reported (const char *path,
                 GPtrArray  *reported)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterStore) store = muster_store_open (path, &error);

  g_assert_no_error (error);
  assert_integrity (store);

  for (guint i = 0; i < reported->len; i++)
    {
      g_auto(GStrv) words = g_strsplit (g_ptr_array_index (reported, i), " ", -1);
      const char *what = words[0];

      if (g_str_equal (what, "campaign"))
        {
          g_autoptr(MusterCampaign) c = muster_store_get_campaign (store, id_at (words, 1), &error);

          g_assert_no_error (error);
          g_assert_nonnull (c);
        }
      else if (g_str_equal (what, "force"))
        {
          g_autoptr(MusterForce) force = muster_store_get_force (store, id_at (words, 1), &error);

          g_assert_no_error (error);
          g_assert_nonnull (force);
        }
      else if (g_str_equal (what, "recruits"))
        {
          g_assert_cmpint (id_at (words, 2), ==, PER_SIDE);
        }
      else if (g_str_equal (what, "recruit"))
        {
          g_autoptr(MusterCharacter) character = muster_store_get_character (store, id_at (words, 1), &error);
          g_autoptr(GPtrArray) log = NULL;

          g_assert_no_error (error);
          g_assert_nonnull (character);
          /* Its log entry came with it. */
          log = muster_store_list_log (store, muster_character_get_campaign_id (character), 0,
                                       id_at (words, 1), &error);
          g_assert_no_error (error);
          g_assert_cmpuint (log->len, >, 0);
        }
      else if (g_str_equal (what, "game"))
        {
          g_autoptr(MusterGame) game = muster_store_get_game (store, id_at (words, 1), &error);

          g_assert_no_error (error);
          g_assert_nonnull (game);
          g_assert_cmpuint (muster_game_get_n_participants (game), ==, 2 * PER_SIDE);
        }
      else if (g_str_equal (what, "result"))
        {
          assert_result (store, id_at (words, 1), id_at (words, 2), words[3]);
        }
      else if (g_str_equal (what, "finish"))
        {
          g_autoptr(MusterGame) game = muster_store_get_game (store, id_at (words, 1), &error);

          g_assert_no_error (error);
          g_assert_cmpint (muster_game_get_state (game), !=, MUSTER_GAME_PLANNED);
          g_assert_cmpstr (muster_game_get_winner (game), ==, "British");
        }
      else if (g_str_equal (what, "resolve"))
        {
          g_autoptr(MusterGame) game = muster_store_get_game (store, id_at (words, 1), &error);

          g_assert_no_error (error);
          g_assert_cmpint (muster_game_get_state (game), ==, MUSTER_GAME_RESOLVED);
        }
      else
        g_error ("The writer printed “%s”", (const char *) g_ptr_array_index (reported, i));
    }

}

/* A batch of recruits is one transaction: the characters of each force
 * are those it had after the last crash (@sizes, updated here) and those
 * this run's lines reported, and the batch a crash cut short before its
 * line is there whole or not at all. */
static void
assert_whole_batches (const char *path,
                      GPtrArray  *lines,
                      GHashTable *sizes)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterStore) store = muster_store_open (path, &error);
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GPtrArray) forces = NULL;

  g_assert_no_error (error);
  campaign = muster_store_find_campaign (store, CAMPAIGN_NAME, NULL);
  if (campaign == NULL)
    return;
  forces = muster_store_list_forces (store, muster_campaign_get_id (campaign), &error);
  g_assert_no_error (error);
  for (guint i = 0; i < forces->len; i++)
    {
      MusterForce *force = g_ptr_array_index (forces, i);
      g_autofree char *prefix = g_strdup_printf ("recruits %" G_GINT64_FORMAT " ", muster_force_get_id (force));
      g_autofree char *key = g_strdup_printf ("%" G_GINT64_FORMAT, muster_force_get_id (force));
      guint expected = GPOINTER_TO_UINT (g_hash_table_lookup (sizes, key));
      guint n = muster_force_get_n_characters (force);

      for (guint j = 0; j < lines->len; j++)
        if (g_str_has_prefix (g_ptr_array_index (lines, j), prefix))
          expected += PER_SIDE;
      if (n != expected && n != expected + PER_SIDE)
        g_error ("%s has %u characters, after batches of %d making %u", muster_force_get_name (force),
                 n, PER_SIDE, expected);
      g_hash_table_replace (sizes, g_steal_pointer (&key), GUINT_TO_POINTER (n));
    }
}

static void
test_crash_while_writing (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(GPtrArray) reported = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) sizes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const guint trials = 8;

  for (guint trial = 0; trial < trials; trial++)
    {
      /* Somewhere in the first three rounds: mid-recruit, mid-game,
       * mid-resolution. */
      guint kill_after = g_test_rand_int_range (1, 3 * LINES_PER_ROUND + 1);
      g_autoptr(GPtrArray) lines = write_until_killed (path, kill_after);

      g_test_message ("Trial %u: killed after line %u, %u lines committed", trial, kill_after, lines->len);
      g_assert_cmpuint (lines->len, >=, kill_after);
      for (guint i = 0; i < lines->len; i++)
        g_ptr_array_add (reported, g_strdup (g_ptr_array_index (lines, i)));
      assert_reported (path, reported);
      assert_whole_batches (path, lines, sizes);
    }
}

int
main (int   argc,
      char *argv[])
{
  if (argc == 3 && g_str_equal (argv[1], "--write"))
    return run_writer (argv[2]);

  self_path = g_canonicalize_filename (argv[0], NULL);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/store/crash/while-writing", test_crash_while_writing);
  return g_test_run ();
}
