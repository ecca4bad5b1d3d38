/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bench-exchange"

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "muster-exchange.h"
#include "muster-ruleset.h"
#include "muster-store.h"
#include "muster-store-private.h"
#include "muster-test-util.h"

/*
 * How long exporting and importing a big campaign takes, and how much
 * memory: 10,000 characters in four forces, 1,000 games of
 * 20 characters each with their participations, kills, rolls and log.
 *
 * Each phase runs in a child process of its own (this program, run with
 * --phase), so that its peak resident memory (VmHWM) is that phase's alone;
 * the child's resident memory when it starts is printed as the baseline.
 * Prints the median of RUNS runs; asserts nothing about time. Imports run
 * as often with PRAGMA synchronous = NORMAL as with FULL, taking turns,
 * to say what FULL costs.
 *
 * Ratios, of medians of runs taken in turns: import-export-ratio (an
 * import against the export of the same campaign), export-raw-ratio (the
 * export against raw SQLite reading every value of every row of the
 * library, the floor of what it has to read).
 */

#define N_CHARACTERS 10000
#define N_GAMES      1000
#define N_FORCES     4
#define PER_GAME     20
#define RUNS         5

typedef struct
{
  double seconds;
  long   baseline_kib;
  long   peak_kib;
} Phase;

static long
status_kib (const char *field)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  line = strstr (status, field);
  if (line == NULL)
    return -1;
  return strtol (line + strlen (field) + 1, NULL, 10);
}

static void
exec_sql (sqlite3    *db,
          const char *statement)
{
  char *message = NULL;

  if (sqlite3_exec (db, statement, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", statement, message);
}

static sqlite3_stmt *
prepare (sqlite3    *db,
         const char *statement)
{
  sqlite3_stmt *stmt = NULL;

  if (sqlite3_prepare_v2 (db, statement, -1, &stmt, NULL) != SQLITE_OK)
    g_error ("%s: %s", statement, sqlite3_errmsg (db));
  return stmt;
}

static gint64
step (sqlite3      *db,
      sqlite3_stmt *stmt)
{
  if (sqlite3_step (stmt) != SQLITE_DONE)
    g_error ("%s", sqlite3_errmsg (db));
  sqlite3_reset (stmt);
  return sqlite3_last_insert_rowid (db);
}

/* The big campaign, written straight into the tables in one transaction. */
static gint64
build_campaign (MusterStore *store)
{
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("sharpes-skirmish", NULL);
  g_autoptr(GError) error = NULL;
  static const char * const stats[] = { "I", "D", "S", "C", "F" };
  sqlite3 *db = muster_store_get_db (store);
  sqlite3_stmt *force, *character, *stat, *game, *part, *kill, *roll, *log;
  gint64 *chars = g_new (gint64, N_CHARACTERS);
  gint64 forces[N_FORCES];
  GRand *rand = g_rand_new_with_seed (1810);
  gint64 campaign;

  if (ruleset == NULL)
    g_error ("The sharpes-skirmish ruleset is missing (MUSTER_RULESETS_DIR)");
  campaign = muster_store_create_campaign (store, "Peninsula, all of it", ruleset, 42, NULL, &error);
  if (campaign <= 0)
    g_error ("%s", error->message);

  exec_sql (db, "BEGIN IMMEDIATE");
  force = prepare (db, "INSERT INTO force (campaign_id, name, side) VALUES (?, ?, ?)");
  /* Sharpe's Skirmish keeps no units: the characters belong to none. */
  character = prepare (db, "INSERT INTO character (campaign_id, force_id, unit_id, name, rank, troop_type, weapon, status, light_wounds, notes)"
                           " VALUES (?, ?, NULL, ?, 'Private', 'line', 'musket', ?, ?, ?)");
  stat = prepare (db, "INSERT INTO stat (character_id, key, value) VALUES (?, ?, ?)");
  game = prepare (db, "INSERT INTO game (campaign_id, number, title, date, state, side_a, side_b, winner)"
                      " VALUES (?, ?, ?, '1811-05-03', 'played', 'British', 'French', ?)");
  part = prepare (db, "INSERT INTO participation (game_id, character_id, side, outcome, light_wounds, killed_unnamed)"
                      " VALUES (?, ?, ?, ?, ?, ?)");
  kill = prepare (db, "INSERT INTO kill (game_id, killer_id, victim_id) VALUES (?, ?, ?)");
  roll = prepare (db, "INSERT INTO roll (campaign_id, game_id, character_id, purpose, expression, faces, total, created)"
                      " VALUES (?, ?, ?, 'death-roll', '1d6', ?, ?, '2024-01-01T00:00:00Z')");
  log = prepare (db, "INSERT INTO log_entry (campaign_id, game_id, character_id, roll_id, kind, message, created)"
                     " VALUES (?, ?, ?, ?, 'roll', ?, '2024-01-01T00:00:00Z')");

  for (guint f = 0; f < N_FORCES; f++)
    {
      g_autofree char *name = g_strdup_printf ("Brigade %u", f + 1);

      sqlite3_bind_int64 (force, 1, campaign);
      sqlite3_bind_text (force, 2, name, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (force, 3, f % 2 == 0 ? "British" : "French", -1, SQLITE_STATIC);
      forces[f] = step (db, force);
    }

  for (guint i = 0; i < N_CHARACTERS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Soldier %u", i + 1);
      guint f = i % N_FORCES;

      sqlite3_bind_int64 (character, 1, campaign);
      sqlite3_bind_int64 (character, 2, forces[f]);
      sqlite3_bind_text (character, 3, name, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (character, 4, i % 10 == 0 ? "dead" : "active", -1, SQLITE_STATIC);
      sqlite3_bind_int (character, 5, (int) (i % 3));
      sqlite3_bind_text (character, 6, i % 50 == 0 ? "Mentioned in dispatches <twice> & promoted" : "",
                         -1, SQLITE_STATIC);
      chars[i] = step (db, character);
      for (guint s = 0; s < G_N_ELEMENTS (stats); s++)
        {
          sqlite3_bind_int64 (stat, 1, chars[i]);
          sqlite3_bind_text (stat, 2, stats[s], -1, SQLITE_STATIC);
          sqlite3_bind_int (stat, 3, g_rand_int_range (rand, 1, 7));
          step (db, stat);
        }
    }

  for (guint g = 0; g < N_GAMES; g++)
    {
      g_autofree char *title = g_strdup_printf ("Skirmish %u", g + 1);
      guint first = g_rand_int_range (rand, 0, N_CHARACTERS - PER_GAME);
      gint64 game_id;

      sqlite3_bind_int64 (game, 1, campaign);
      sqlite3_bind_int64 (game, 2, g + 1);
      sqlite3_bind_text (game, 3, title, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (game, 4, g % 2 == 0 ? "British" : "French", -1, SQLITE_STATIC);
      game_id = step (db, game);

      for (guint p = 0; p < PER_GAME; p++)
        {
          gint64 who = chars[first + p];
          int faces = g_rand_int_range (rand, 1, 7);
          g_autofree char *faces_text = g_strdup_printf ("%d", faces);
          g_autofree char *message = g_strdup_printf ("Soldier %u rolled %d.", first + p + 1, faces);
          gint64 roll_id;

          sqlite3_bind_int64 (part, 1, game_id);
          sqlite3_bind_int64 (part, 2, who);
          sqlite3_bind_text (part, 3, (first + p) % 2 == 0 ? "British" : "French", -1, SQLITE_STATIC);
          /* The last three are put out of action by the first three. */
          sqlite3_bind_text (part, 4, p >= PER_GAME - 3 ? "out-of-action" : p % 4 == 0 ? "wounded" : "unhurt",
                             -1, SQLITE_STATIC);
          sqlite3_bind_int (part, 5, p % 4 == 0 && p < PER_GAME - 3 ? 1 : 0);
          sqlite3_bind_int (part, 6, (int) (p % 3));
          step (db, part);

          sqlite3_bind_int64 (roll, 1, campaign);
          sqlite3_bind_int64 (roll, 2, game_id);
          sqlite3_bind_int64 (roll, 3, who);
          sqlite3_bind_text (roll, 4, faces_text, -1, SQLITE_TRANSIENT);
          sqlite3_bind_int (roll, 5, faces);
          roll_id = step (db, roll);

          sqlite3_bind_int64 (log, 1, campaign);
          sqlite3_bind_int64 (log, 2, game_id);
          sqlite3_bind_int64 (log, 3, who);
          sqlite3_bind_int64 (log, 4, roll_id);
          sqlite3_bind_text (log, 5, message, -1, SQLITE_TRANSIENT);
          step (db, log);
        }
      for (guint k = 0; k < 3; k++)
        {
          sqlite3_bind_int64 (kill, 1, game_id);
          sqlite3_bind_int64 (kill, 2, chars[first + k]);
          sqlite3_bind_int64 (kill, 3, chars[first + PER_GAME - 1 - k]);
          step (db, kill);
        }
    }

  sqlite3_finalize (force);
  sqlite3_finalize (character);
  sqlite3_finalize (stat);
  sqlite3_finalize (game);
  sqlite3_finalize (part);
  sqlite3_finalize (kill);
  sqlite3_finalize (roll);
  sqlite3_finalize (log);
  exec_sql (db, "COMMIT");
  g_rand_free (rand);
  g_free (chars);
  return campaign;
}

/* Every value of every row of every table, read as text or number. */
static gboolean
read_raw (MusterStore *store)
{
  sqlite3 *db = muster_store_get_db (store);
  sqlite3_stmt *tables = prepare (db, "SELECT name FROM sqlite_schema WHERE type = 'table'");
  guint64 sum = 0;

  while (sqlite3_step (tables) == SQLITE_ROW)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT * FROM \"%s\"", sqlite3_column_text (tables, 0));
      sqlite3_stmt *stmt = prepare (db, sql);

      while (sqlite3_step (stmt) == SQLITE_ROW)
        for (int c = 0; c < sqlite3_column_count (stmt); c++)
          sum += sqlite3_column_type (stmt, c) == SQLITE_TEXT ? (guint64) strlen ((const char *) sqlite3_column_text (stmt, c))
                                                              : (guint64) sqlite3_column_int64 (stmt, c);
      sqlite3_finalize (stmt);
    }
  sqlite3_finalize (tables);
  return sum > 0;
}

/* In the child: one phase, then "seconds baseline peak" on stdout. */
static int
run_phase (const char *phase,
           const char *library,
           const char *file,
           const char *campaign,
           const char *synchronous)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GTimer) timer = NULL;
  long baseline = status_kib ("VmRSS:");
  struct rusage usage;
  gboolean ok;

  timer = g_timer_new ();
  store = muster_store_open (library, &error);
  if (store == NULL)
    g_error ("%s", error->message);
  muster_test_set_synchronous (store, synchronous);

  if (g_str_equal (phase, "export"))
    ok = muster_exchange_export_to_path (store, MUSTER_EXCHANGE_CAMPAIGN,
                                         g_ascii_strtoll (campaign, NULL, 10), file, &error);
  else if (g_str_equal (phase, "raw"))
    ok = read_raw (store);
  else
    ok = muster_exchange_import (store, file, 0, NULL, &error) > 0;
  if (!ok)
    g_error ("%s: %s", phase, error->message);
  g_clear_object (&store);
  g_timer_stop (timer);

  getrusage (RUSAGE_SELF, &usage);
  g_print ("%f %ld %ld %ld\n", g_timer_elapsed (timer, NULL), baseline,
           status_kib ("VmHWM:"), usage.ru_maxrss);
  return 0;
}

static Phase
spawn_phase (const char *self,
             const char *phase,
             const char *library,
             const char *file,
             gint64      campaign,
             const char *synchronous)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *campaign_text = g_strdup_printf ("%" G_GINT64_FORMAT, campaign);
  const char *argv[] = { self, "--phase", phase, library, file, campaign_text, synchronous, NULL };
  Phase result = { 0, };
  long maxrss = 0;
  int status;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                     &out, NULL, &status, &error)
      || !g_spawn_check_wait_status (status, &error))
    g_error ("%s: %s", phase, error->message);
  if (sscanf (out, "%lf %ld %ld %ld", &result.seconds, &result.baseline_kib,
              &result.peak_kib, &maxrss) != 4)
    g_error ("%s printed “%s”", phase, out);
  return result;
}

static void
append_ms (GArray *times,
           double  seconds)
{
  double ms = seconds * 1000.0;

  g_array_append_val (times, ms);
}

static int
compare_phases (gconstpointer a,
                gconstpointer b)
{
  const Phase *x = a, *y = b;

  return x->seconds < y->seconds ? -1 : x->seconds > y->seconds;
}

static void
report (const char *what,
        Phase      *runs)
{
  qsort (runs, RUNS, sizeof (Phase), (int (*) (const void *, const void *)) compare_phases);
  g_print ("%-26s median %7.2f s (min %.2f, max %.2f)   peak RSS %6.1f MiB (started at %.1f MiB, median run)\n",
           what, runs[RUNS / 2].seconds, runs[0].seconds, runs[RUNS - 1].seconds,
           runs[RUNS / 2].peak_kib / 1024.0, runs[RUNS / 2].baseline_kib / 1024.0);
}

static void
remove_library (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);

  g_unlink (path);
  g_unlink (wal);
  g_unlink (shm);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GTimer) timer = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *library = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *file = NULL;
  Phase exports[RUNS], imports[RUNS], imports_full[RUNS], raws[RUNS];
  g_autoptr(GArray) export_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) import_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) raw_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) import_seconds = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) import_full_seconds = g_array_new (FALSE, FALSE, sizeof (double));
  GStatBuf st;
  gint64 campaign;

  g_setenv ("MUSTER_FAKE_TIME", "2024-01-01T00:00:00Z", TRUE);

  if (argc == 7 && g_str_equal (argv[1], "--phase"))
    return run_phase (argv[2], argv[3], argv[4], argv[5], argv[6]);

  dir = muster_test_make_tmpdir ();
  library = g_build_filename (dir, "library.db", NULL);
  copy = g_build_filename (dir, "imported.db", NULL);
  file = g_build_filename (dir, "campaign.muster", NULL);

  timer = g_timer_new ();
  store = muster_store_open (library, &error);
  if (store == NULL)
    g_error ("%s", error->message);
  campaign = build_campaign (store);
  g_clear_object (&store);
  g_print ("A campaign of %d characters (%d forces) and %d games of %d characters,\n"
           "with participations, kills, rolls and log: built in %.2f s\n",
           N_CHARACTERS, N_FORCES, N_GAMES, PER_GAME, g_timer_elapsed (timer, NULL));

  for (guint run = 0; run < RUNS; run++)
    {
      exports[run] = spawn_phase (argv[0], "export", library, file, campaign, "NORMAL");
      raws[run] = spawn_phase (argv[0], "raw", library, file, campaign, "NORMAL");
      append_ms (export_ms, exports[run].seconds);
      append_ms (raw_ms, raws[run].seconds);
      /* An empty library made beforehand: the phase is the import alone;
       * with each setting in turn. */
      for (guint full = 0; full < 2; full++)
        {
          Phase phase;

          remove_library (copy);
          store = muster_store_open (copy, &error);
          if (store == NULL)
            g_error ("%s", error->message);
          g_clear_object (&store);
          phase = spawn_phase (argv[0], "import", copy, file, 0, full ? "FULL" : "NORMAL");
          if (full)
            {
              imports_full[run] = phase;
              g_array_append_val (import_full_seconds, phase.seconds);
            }
          else
            {
              imports[run] = phase;
              g_array_append_val (import_seconds, phase.seconds);
              append_ms (import_ms, phase.seconds);
            }
        }
    }

  if (g_stat (file, &st) == 0)
    g_print ("The file: %.1f MiB\n", st.st_size / (1024.0 * 1024.0));
  report ("export", exports);
  report ("import", imports);
  report ("import, synchronous FULL", imports_full);
  muster_test_report_synchronous ("import", import_seconds, import_full_seconds);
  muster_test_report_ratio ("import-export-ratio", "import", import_ms, export_ms, "export");
  muster_test_report_ratio ("export-raw-ratio", "export", export_ms, raw_ms, "raw SQLite reads");
  muster_test_bench_line ("import-peak-mib", imports[RUNS / 2].peak_kib / 1024.0, "MiB");
  muster_test_bench_line ("export-peak-mib", exports[RUNS / 2].peak_kib / 1024.0, "MiB");

  remove_library (copy);
  muster_test_remove_tree (dir);
  return 0;
}
