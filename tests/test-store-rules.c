/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-store"

#include "config.h"

#include <string.h>

#include <glib.h>
#include <sqlite3.h>

#include "muster-engine.h"
#include "muster-exchange.h"
#include "muster-game.h"
#include "muster-store.h"
#include "muster-exchange-test-util.h"
#include "muster-store-test-util.h"
#include "muster-test-util.h"

/* The rules the store keeps whoever writes to it: kills. */

typedef struct {
  MusterStore *store;
  gint64       campaign;
  gint64       british;
  gint64       french;
  gint64       ashworth;
  gint64       bramwell;
  gint64       marchal;
  gint64       bazin;
  gint64       game;
} Fight;

static void
fight_init (Fight *f)
{
  g_autoptr(GError) error = NULL;
  gint64 ids[4];

  f->store = muster_test_open_store (NULL);
  f->campaign = make_campaign (f->store, "Peninsula");
  f->british = make_force (f->store, f->campaign, "Light Company", "British");
  f->french = make_force (f->store, f->campaign, "Voltigeurs", "French");
  f->ashworth = ids[0] = make_character (f->store, f->british, "Edward Ashworth", "line", "musket", 6);
  f->bramwell = ids[1] = make_character (f->store, f->british, "Henry Bramwell", "line", "musket", 6);
  f->marchal = ids[2] = make_character (f->store, f->french, "Étienne Marchal", "line", "musket", 6);
  f->bazin = ids[3] = make_character (f->store, f->french, "Louis Bazin", "line", "musket", 6);
  f->game = muster_store_create_game (f->store, f->campaign, "The ford", NULL, ids, 4, &error);
  g_assert_no_error (error);
}

static void
fight_clear (Fight *f)
{
  g_clear_object (&f->store);
}

/* Records @outcome for @who, with @n victims. */
static gboolean
record (Fight       *f,
        gint64       who,
        const char  *outcome,
        GError     **error,
        guint        n,
        ...)
{
  g_autofree gint64 *victims = g_new0 (gint64, n + 1);
  MusterResult result = { 0, };
  va_list args;

  va_start (args, n);
  for (guint i = 0; i < n; i++)
    victims[i] = va_arg (args, gint64);
  va_end (args);
  result.outcome = outcome;
  result.victims = victims;
  result.n_victims = n;
  return muster_store_set_result (f->store, f->game, who, &result, error);
}

static gint64
n_rows (Fight      *f,
        const char *statement)
{
  return count (f->store, statement, f->game);
}

/* A refusal leaves the library as it was. */
static void
assert_refused (Fight       *f,
                const char  *before,
                GError      *error,
                const char  *message)
{
  g_autofree char *after = muster_store_dump (f->store);

  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, message);
  g_assert_cmpstr (before, ==, after);
}

static void
test_kill_twice_by_one (void)
{
  Fight f = { 0, };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;

  fight_init (&f);
  before = muster_store_dump (f.store);
  g_assert_false (record (&f, f.ashworth, "unhurt", &error, 2, f.marchal, f.marchal));
  assert_refused (&f, before, error,
                  "Étienne Marchal is named twice among the men Edward Ashworth put out of action "
                  "in Game 1 “The ford”: a man is put out of action once in a game.");
  g_clear_error (&error);

  g_assert_true (record (&f, f.ashworth, "unhurt", &error, 1, f.marchal));
  g_assert_no_error (error);
  g_assert_cmpint (n_rows (&f, "SELECT count(*) FROM kill WHERE game_id = ?"), ==, 1);
  fight_clear (&f);
}

static void
test_kill_by_two (void)
{
  Fight f = { 0, };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;

  fight_init (&f);
  g_assert_true (record (&f, f.ashworth, "unhurt", &error, 1, f.marchal));
  g_assert_no_error (error);

  before = muster_store_dump (f.store);
  g_assert_false (record (&f, f.bramwell, "unhurt", &error, 1, f.marchal));
  assert_refused (&f, before, error,
                  "Henry Bramwell cannot have put Étienne Marchal out of action in Game 1 “The ford”: "
                  "Edward Ashworth already did. A man is put out of action once in a game, by one killer.");
  g_clear_error (&error);

  /* Recording Ashworth again replaces his kills, so he may keep his own. */
  g_assert_true (record (&f, f.ashworth, "wounded", &error, 1, f.marchal));
  g_assert_no_error (error);
  fight_clear (&f);
}

static void
test_kill_needs_outcome_that_removes (void)
{
  Fight f = { 0, };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;

  fight_init (&f);
  g_assert_true (record (&f, f.ashworth, "unhurt", &error, 1, f.marchal));
  g_assert_no_error (error);

  /* The victim cannot then come through unhurt, nor merely wounded. */
  before = muster_store_dump (f.store);
  g_assert_false (record (&f, f.marchal, "unhurt", &error, 0));
  assert_refused (&f, before, error,
                  "Étienne Marchal cannot be “Unhurt” in Game 1 “The ford”: Edward Ashworth put him "
                  "out of action there. Record him with one of these outcomes: “Out of action”, "
                  "“Captured”; or take him off the men Edward Ashworth put out of action.");
  g_clear_error (&error);
  g_assert_false (record (&f, f.marchal, "wounded", &error, 0));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_true (record (&f, f.marchal, "captured", &error, 0));
  g_assert_no_error (error);

  /* Nor can a man already recorded unhurt be put out of action. */
  g_assert_true (record (&f, f.bazin, "unhurt", &error, 0));
  g_assert_no_error (error);
  before = muster_store_dump (f.store);
  g_assert_false (record (&f, f.bramwell, "unhurt", &error, 1, f.bazin));
  assert_refused (&f, before, error,
                  "Louis Bazin cannot be “Unhurt” in Game 1 “The ford”: Henry Bramwell put him "
                  "out of action there. Record him with one of these outcomes: “Out of action”, "
                  "“Captured”; or take him off the men Henry Bramwell put out of action.");
  fight_clear (&f);
}

/* Several results recorded as one change keep the rules together: a
 * victim moved from one killer to another, and a victim recorded after
 * the kill that needs his new outcome. */
static void
test_kills_in_one_change (void)
{
  Fight f = { 0, };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;

  fight_init (&f);
  g_assert_true (record (&f, f.marchal, "unhurt", &error, 0));
  g_assert_true (record (&f, f.ashworth, "unhurt", &error, 1, f.bazin));
  g_assert_no_error (error);

  g_assert_true (muster_store_begin (f.store, &error));
  g_assert_true (record (&f, f.bramwell, "unhurt", &error, 2, f.bazin, f.marchal));
  g_assert_true (record (&f, f.ashworth, "unhurt", &error, 0));
  g_assert_true (record (&f, f.marchal, "out-of-action", &error, 0));
  g_assert_true (muster_store_commit (f.store, &error));
  g_assert_no_error (error);
  g_assert_cmpint (n_rows (&f, "SELECT count(*) FROM kill WHERE game_id = ?"), ==, 2);
  g_assert_cmpint (count (f.store, "SELECT count(*) FROM kill WHERE killer_id = ?", f.bramwell), ==, 2);

  /* A change that ends breaking them is refused whole at its commit. */
  before = muster_store_dump (f.store);
  g_assert_true (muster_store_begin (f.store, &error));
  g_assert_true (record (&f, f.bazin, "captured", &error, 0));
  g_assert_true (record (&f, f.ashworth, "unhurt", &error, 1, f.marchal));
  g_assert_false (muster_store_commit (f.store, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Bramwell already did"));
  g_clear_error (&error);
  {
    g_autofree char *after = muster_store_dump (f.store);
    g_assert_cmpstr (before, ==, after);
  }
  fight_clear (&f);
}

/* The importer keeps the same rules, naming the line. */
static void
test_kill_import (void)
{
  g_autoptr(MusterStore) source = muster_test_open_store (NULL);
  g_autofree char *good = export_campaign (source, make_sample (source));
  const char *kill = strstr (good, "<kill ");
  g_autofree char *line = g_strndup (kill, strchr (kill, '\n') - kill + 1);
  g_autofree char *doubled = g_strconcat (line, "        ", line, NULL);
  g_autofree char *twice = NULL;
  g_autofree char *unhurt = NULL;
  g_autofree char *where = NULL;
  g_autofree char *message = NULL;
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);

  twice = replace_once (good, line, doubled);
  where = g_strdup_printf ("line %d", line_of (good, line) + 1);
  message = expect_refused (store, 0, twice, -1, MUSTER_EXCHANGE_ERROR_INVALID, where,
                            "is named twice among the men", NULL);
  g_clear_pointer (&message, g_free);
  g_clear_pointer (&where, g_free);

  unhurt = replace_once (good, "outcome=\"out-of-action\"", "outcome=\"unhurt\"");
  where = g_strdup_printf ("line %d", line_of (good, line));
  message = expect_refused (store, 0, unhurt, -1, MUSTER_EXCHANGE_ERROR_INVALID, where,
                            "cannot be “Unhurt”", NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/store/rules/kill/twice-by-one", test_kill_twice_by_one);
  g_test_add_func ("/store/rules/kill/by-two", test_kill_by_two);
  g_test_add_func ("/store/rules/kill/outcome-removes", test_kill_needs_outcome_that_removes);
  g_test_add_func ("/store/rules/kill/one-change", test_kills_in_one_change);
  g_test_add_func ("/store/rules/kill/import", test_kill_import);

  return g_test_run ();
}
