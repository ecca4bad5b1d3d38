/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bench-stats"

#include "config.h"

#include <stdlib.h>

#include <cairo.h>
#include <glib.h>
#include <sqlite3.h>

#include "muster-chart.h"
#include "muster-chronicle-sheet.h"
#include "muster-force.h"
#include "muster-game.h"
#include "muster-pdf-writer.h"
#include "muster-ruleset.h"
#include "muster-stats.h"
#include "muster-store-private.h"
#include "muster-test-util.h"
#include "muster-unit.h"

/*
 * How long the statistics of a big campaign take: 10,000 characters in
 * four forces, 1,000 games of 20 characters each, every one resolved,
 * with the resolutions' record of what they changed, kills, prisoners
 * taken and released, and the log that says when each thing happened.
 *
 * Prints the median of RUNS runs of: every series of the campaign
 * (stats-all-ms), those of one force (stats-force-ms), listing its games
 * as the Games page does (its games, then each game's participants and
 * units: games-page-ms), and the first against the last
 * (stats-games-ratio, a stand-in for opening the Statistics page against
 * opening the Games page until the page exists), and drawing every chart
 * of the campaign (charts-draw-ms); then, once, reading the campaign's
 * chronicle (chronicle-load-ms) and writing it to a PDF a page at a time
 * as the print dialog does (chronicle-pages-per-s). Asserts nothing
 * about time.
 */

#define N_CHARACTERS 10000
#define N_GAMES      1000
#define N_FORCES     4
#define PER_SIDE     10
#define RUNS         5

enum { ACTIVE, DEAD, CAPTURED };

static const char * const status_names[] = { "active", "dead", "captured" };

typedef struct {
  sqlite3      *db;
  gint64        campaign;
  sqlite3_stmt *log;
  sqlite3_stmt *change;
} Builder;

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
  sqlite3_clear_bindings (stmt);
  return sqlite3_last_insert_rowid (db);
}

static void
log_entry (Builder    *b,
           gint64      game,
           gint64      character,
           gint64      resolution,
           const char *kind)
{
  sqlite3_bind_int64 (b->log, 1, b->campaign);
  if (game != 0)
    sqlite3_bind_int64 (b->log, 2, game);
  if (character != 0)
    sqlite3_bind_int64 (b->log, 3, character);
  if (resolution != 0)
    sqlite3_bind_int64 (b->log, 4, resolution);
  sqlite3_bind_text (b->log, 5, kind, -1, SQLITE_STATIC);
  step (b->db, b->log);
}

static void
record_change (Builder    *b,
               gint64      resolution,
               int         seq,
               const char *table,
               gint64      row,
               const char *column,
               const char *old_value)
{
  sqlite3_bind_int64 (b->change, 1, resolution);
  sqlite3_bind_int (b->change, 2, seq);
  sqlite3_bind_text (b->change, 3, table, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (b->change, 4, row);
  sqlite3_bind_text (b->change, 5, column, -1, SQLITE_STATIC);
  sqlite3_bind_text (b->change, 6, old_value, -1, SQLITE_STATIC);
  step (b->db, b->change);
}

/* A fit man of @side (forces 0 and 2 are British, 1 and 3 French) not in
 * @taken yet. */
static guint
pick (GRand      *rand,
      const int  *status,
      GHashTable *taken,
      guint       side)
{
  for (;;)
    {
      guint i = (guint) g_rand_int_range (rand, 0, N_CHARACTERS / 2) * 2 + side;

      if (status[i] == ACTIVE && g_hash_table_add (taken, GUINT_TO_POINTER (i + 1)))
        return i;
    }
}

/* The big campaign, written straight into the tables in one transaction,
 * as the store and the engine would have written it. */
static gint64
build_campaign (MusterStore *store)
{
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("sharpes-skirmish", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree gint64 *chars = g_new (gint64, N_CHARACTERS);
  g_autofree int *status = g_new0 (int, N_CHARACTERS);
  GRand *rand = g_rand_new_with_seed (1811);
  sqlite3_stmt *force, *character, *game, *part, *kill, *resolution, *update;
  gint64 forces[N_FORCES];
  Builder b = { muster_store_get_db (store), 0, NULL, NULL };

  if (ruleset == NULL)
    g_error ("The sharpes-skirmish ruleset is missing (MUSTER_RULESETS_DIR)");
  b.campaign = muster_store_create_campaign (store, "Peninsula, all of it", ruleset, 42, NULL, &error);
  if (b.campaign <= 0)
    g_error ("%s", error->message);

  exec_sql (b.db, "BEGIN IMMEDIATE");
  force = prepare (b.db, "INSERT INTO force (campaign_id, name, side) VALUES (?, ?, ?)");
  character = prepare (b.db, "INSERT INTO character (campaign_id, force_id, name, rank, troop_type, weapon)"
                             " VALUES (?, ?, ?, 'Private', ?, 'musket')");
  game = prepare (b.db, "INSERT INTO game (campaign_id, number, title, date, state, side_a, side_b, winner)"
                        " VALUES (?, ?, ?, '1811-05-03', 'resolved', 'British', 'French', ?)");
  part = prepare (b.db, "INSERT INTO participation (game_id, character_id, side, outcome, killed_unnamed)"
                        " VALUES (?, ?, ?, ?, ?)");
  kill = prepare (b.db, "INSERT INTO kill (game_id, killer_id, victim_id) VALUES (?, ?, ?)");
  resolution = prepare (b.db, "INSERT INTO resolution (campaign_id, game_id, created)"
                              " VALUES (?, ?, '2024-01-01T00:00:00Z')");
  update = prepare (b.db, "UPDATE character SET status = ? WHERE id = ?");
  b.log = prepare (b.db, "INSERT INTO log_entry (campaign_id, game_id, character_id, resolution_id, kind,"
                         " message, created) VALUES (?, ?, ?, ?, ?, '', '2024-01-01T00:00:00Z')");
  b.change = prepare (b.db, "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value)"
                            " VALUES (?, ?, ?, ?, ?, ?)");

  for (guint f = 0; f < N_FORCES; f++)
    {
      g_autofree char *name = g_strdup_printf ("Brigade %u", f + 1);

      sqlite3_bind_int64 (force, 1, b.campaign);
      sqlite3_bind_text (force, 2, name, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (force, 3, f % 2 == 0 ? "British" : "French", -1, SQLITE_STATIC);
      forces[f] = step (b.db, force);
    }
  for (guint i = 0; i < N_CHARACTERS; i++)
    {
      static const char * const types[] = { "line", "voltigeur", "rifleman", "chasseur", "other" };
      g_autofree char *name = g_strdup_printf ("Soldier %u", i + 1);

      sqlite3_bind_int64 (character, 1, b.campaign);
      sqlite3_bind_int64 (character, 2, forces[i % N_FORCES]);
      sqlite3_bind_text (character, 3, name, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (character, 4, types[(i / N_FORCES) % G_N_ELEMENTS (types)], -1, SQLITE_STATIC);
      chars[i] = step (b.db, character);
      log_entry (&b, 0, chars[i], 0, "recruit");
    }

  for (guint g = 0; g < N_GAMES; g++)
    {
      g_autoptr(GHashTable) taken = g_hash_table_new (NULL, NULL);
      g_autofree char *title = g_strdup_printf ("Skirmish %u", g + 1);
      guint men[2 * PER_SIDE];
      gint64 game_id, resolution_id;
      int seq = 0;

      /* Some prisoners come home between games. */
      for (guint i = 0; i < N_CHARACTERS; i++)
        if (status[i] == CAPTURED && g_rand_int_range (rand, 0, 20) == 0)
          {
            status[i] = ACTIVE;
            log_entry (&b, 0, chars[i], 0, "released");
          }

      sqlite3_bind_int64 (game, 1, b.campaign);
      sqlite3_bind_int64 (game, 2, g + 1);
      sqlite3_bind_text (game, 3, title, -1, SQLITE_TRANSIENT);
      if (g % 5 != 4)
        sqlite3_bind_text (game, 4, g % 3 == 0 ? "French" : "British", -1, SQLITE_STATIC);
      game_id = step (b.db, game);
      log_entry (&b, game_id, 0, 0, "game");

      for (guint p = 0; p < 2 * PER_SIDE; p++)
        men[p] = pick (rand, status, taken, p % 2);

      sqlite3_bind_int64 (resolution, 1, b.campaign);
      sqlite3_bind_int64 (resolution, 2, game_id);
      resolution_id = step (b.db, resolution);

      for (guint p = 0; p < 2 * PER_SIDE; p++)
        {
          int roll = g_rand_int_range (rand, 0, 20);
          const char *outcome = roll < 2 ? "out-of-action" : roll < 3 ? "captured" : roll < 6 ? "wounded" : "unhurt";
          gint64 who = chars[men[p]];

          sqlite3_bind_int64 (part, 1, game_id);
          sqlite3_bind_int64 (part, 2, who);
          sqlite3_bind_text (part, 3, p % 2 == 0 ? "British" : "French", -1, SQLITE_STATIC);
          sqlite3_bind_text (part, 4, outcome, -1, SQLITE_STATIC);
          sqlite3_bind_int (part, 5, roll == 19 ? 2 : roll == 18 ? 1 : 0);
          step (b.db, part);
          log_entry (&b, game_id, who, 0, "result");

          if (roll < 2)
            {
              /* Put out by the man across from him; a 6 kills him. */
              sqlite3_bind_int64 (kill, 1, game_id);
              sqlite3_bind_int64 (kill, 2, chars[men[p ^ 1]]);
              sqlite3_bind_int64 (kill, 3, who);
              step (b.db, kill);
            }
          if (roll < 2 && g_rand_int_range (rand, 1, 7) == 6)
            {
              record_change (&b, resolution_id, ++seq, "character", who, "status", "active");
              status[men[p]] = DEAD;
              log_entry (&b, game_id, who, resolution_id, "death");
            }
          else if (roll == 2)
            {
              record_change (&b, resolution_id, ++seq, "character", who, "status", "active");
              status[men[p]] = CAPTURED;
              log_entry (&b, game_id, who, resolution_id, "captured");
            }
        }
      record_change (&b, resolution_id, ++seq, "game", game_id, "state", "played");
      log_entry (&b, game_id, 0, resolution_id, "resolved");
    }

  for (guint i = 0; i < N_CHARACTERS; i++)
    if (status[i] != ACTIVE)
      {
        sqlite3_bind_text (update, 1, status_names[status[i]], -1, SQLITE_STATIC);
        sqlite3_bind_int64 (update, 2, chars[i]);
        step (b.db, update);
      }

  sqlite3_finalize (force);
  sqlite3_finalize (character);
  sqlite3_finalize (game);
  sqlite3_finalize (part);
  sqlite3_finalize (kill);
  sqlite3_finalize (resolution);
  sqlite3_finalize (update);
  sqlite3_finalize (b.log);
  sqlite3_finalize (b.change);
  exec_sql (b.db, "COMMIT");
  g_rand_free (rand);
  return b.campaign;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (double *values)
{
  qsort (values, RUNS, sizeof (double), compare_doubles);
  return values[RUNS / 2];
}

/* What the Games page does when it opens: the games, and each game's
 * participants and units for its sides. */
static void
list_games (MusterStore *store,
            gint64       campaign)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = muster_store_list_games (store, campaign, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < games->len; i++)
    {
      gint64 id = muster_game_get_id (g_ptr_array_index (games, i));
      g_autoptr(GPtrArray) participants = muster_store_list_participants (store, id, &error);
      g_autoptr(GPtrArray) units = muster_store_list_game_units (store, id, &error);

      g_assert_no_error (error);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all = NULL;
  double stats[RUNS], force[RUNS], games[RUNS], draw[RUNS];
  MusterChartPalette palette;
  gint64 campaign, first_force;
  guint n_rows = 0;

  g_test_init (&argc, &argv, NULL);

  store = muster_store_open (path, &error);
  g_assert_no_error (error);
  campaign = build_campaign (store);
  {
    g_autoptr(GPtrArray) forces = muster_store_list_forces (store, campaign, &error);

    g_assert_no_error (error);
    first_force = muster_force_get_id (g_ptr_array_index (forces, 0));
  }
  muster_chart_palette_init_print (&palette);

  for (guint run = 0; run < RUNS; run++)
    {
      g_autoptr(GTimer) timer = g_timer_new ();
      g_autoptr(GPtrArray) mine = NULL;
      cairo_surface_t *surface;
      cairo_t *cr;

      g_clear_pointer (&all, g_ptr_array_unref);
      g_timer_start (timer);
      all = muster_stats_compute (store, campaign, 0, NULL, &error);
      stats[run] = g_timer_elapsed (timer, NULL) * 1000;
      g_assert_no_error (error);

      g_timer_start (timer);
      mine = muster_stats_compute (store, campaign, first_force, NULL, &error);
      force[run] = g_timer_elapsed (timer, NULL) * 1000;
      g_assert_no_error (error);

      g_timer_start (timer);
      list_games (store, campaign);
      games[run] = g_timer_elapsed (timer, NULL) * 1000;

      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 800, 500);
      cr = cairo_create (surface);
      g_timer_start (timer);
      for (guint i = 0; i < all->len; i++)
        muster_chart_draw (cr, g_ptr_array_index (all, i), &palette, MUSTER_CHART_DEFAULT, 0, 0, 800, 500);
      draw[run] = g_timer_elapsed (timer, NULL) * 1000;
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }

  for (guint i = 0; i < all->len; i++)
    n_rows += muster_stats_series_get_n_rows (g_ptr_array_index (all, i));
  g_print ("%d characters, %d games: %u series, %u rows\n", N_CHARACTERS, N_GAMES, all->len, n_rows);
  g_print ("every series %.1f ms, one force's %.1f ms, the Games page's queries %.1f ms, "
           "drawing every chart %.1f ms (median of %d)\n",
           median (stats), median (force), median (games), median (draw), RUNS);
  muster_test_bench_line ("stats-all-ms", median (stats), "ms");
  muster_test_bench_line ("stats-force-ms", median (force), "ms");
  muster_test_bench_line ("games-page-ms", median (games), "ms");
  muster_test_bench_line ("stats-games-ratio", median (stats) / median (games), "x");
  muster_test_bench_line ("charts-draw-ms", median (draw), "ms");

  {
    g_autofree char *pdf = g_build_filename (dir, "chronicle.pdf", NULL);
    g_autoptr(GTimer) timer = g_timer_new ();
    g_autoptr(MusterSheet) sheet = NULL;
    g_autoptr(MusterPdfWriter) writer = NULL;
    MusterPageSize size;
    double load, write;
    guint n_pages;

    sheet = muster_chronicle_sheet_new (store, campaign, &error);
    g_assert_no_error (error);
    load = g_timer_elapsed (timer, NULL) * 1000;
    muster_page_size_init_for_paper (&size, MUSTER_PAPER_A4);
    g_timer_start (timer);
    writer = muster_pdf_writer_new (sheet, &size, pdf, &error);
    g_assert_no_error (error);
    n_pages = muster_pdf_writer_get_n_pages (writer);
    while (muster_pdf_writer_write_page (writer))
      ;
    muster_pdf_writer_finish (writer, &error);
    g_assert_no_error (error);
    write = g_timer_elapsed (timer, NULL);
    g_print ("the chronicle: read in %.1f ms, %u pages laid out and written in %.1f s\n", load, n_pages, write);
    muster_test_bench_line ("chronicle-load-ms", load, "ms");
    muster_test_bench_line ("chronicle-pages", n_pages, "pages");
    muster_test_bench_line ("chronicle-pages-per-s", n_pages / write, "pages/s");
  }

  g_clear_object (&store);
  muster_test_remove_tree (dir);
  return 0;
}
