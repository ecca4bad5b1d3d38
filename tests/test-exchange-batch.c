/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-exchange-batch"

#include "config.h"

#include <string.h>

#include <glib.h>
#include <sqlite3.h>

#include "muster-exchange.h"
#include "muster-exchange-test-util.h"
#include "muster-store.h"
#include "muster-store-private.h"
#include "muster-test-util.h"

/* The importer writes characters, like their stats, participations,
 * rolls and log entries, by the batch, with the ids SQLite would have
 * given them one by one: what points at them must find them, whatever
 * ids the library has used, and a check that fails in the middle of a
 * batch still names its line. */

/* More characters than one statement writes (32), with notes on some. */
#define N_CHARACTERS 75
/* Each with kills: the last kill of the file is in the last game. */
#define N_GAMES 6

static gint64
make_campaign (MusterStore *store)
{
  gint64 campaign = make_big (store, N_CHARACTERS, N_GAMES);

  sql (store, "UPDATE character SET notes = 'Mentioned in dispatches' WHERE campaign_id = ? AND id % 7 = 3",
       "i", campaign);
  g_assert_cmpint (count (store, "SELECT COUNT(*) FROM character WHERE campaign_id = ? AND notes != ''", campaign),
                   >, 2);
  return campaign;
}

/* A character of the campaign's first force, given the id @id. */
static void
add_character (MusterStore *store,
               gint64       campaign,
               gint64       id)
{
  sql (store, "INSERT INTO character (id, campaign_id, force_id, name, troop_type)"
       " SELECT ?, campaign_id, id, 'Far away', 'line' FROM force WHERE campaign_id = ? LIMIT 1",
       "ii", id, campaign);
}

/* The copy is the same file but for its name. */
static void
assert_same_but_name (MusterStore *store,
                      gint64       copy,
                      const char  *original)
{
  g_autofree char *second = export_campaign (store, copy);
  g_autoptr(GString) expected = g_string_new (original);

  g_assert_cmpuint (g_string_replace (expected, "name=\"Big campaign\"", "name=\"Big campaign (2)\"", 1), ==, 1);
  g_assert_cmpstr (second, ==, expected->str);
}

/* Into a library whose greatest character id is far past the number of
 * its characters: the new ones follow it, in the order of the file. */
static void
test_characters_after_gap (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *file = NULL;
  gint64 campaign, copy;

  campaign = make_campaign (store);
  file = export_campaign (store, campaign);
  add_character (store, campaign, 5000);

  copy = muster_exchange_import_data (store, file, strlen (file), "big.muster", 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (count (store, "SELECT min (id) FROM character WHERE campaign_id = ?", copy), ==, 5001);
  g_assert_cmpint (count (store, "SELECT max (id) FROM character WHERE campaign_id = ?", copy), ==,
                   5000 + N_CHARACTERS);
  g_assert_cmpint (count (store, "SELECT COUNT(*) FROM character WHERE campaign_id = ? AND notes != ''", copy), ==,
                   count (store, "SELECT COUNT(*) FROM character WHERE campaign_id = ? AND notes != ''", campaign));
  assert_same_but_name (store, copy, file);
}

/* The rows @query selects for @campaign (its one parameter), as text. */
static char *
rows_text (MusterStore *store,
           const char  *query,
           gint64       campaign)
{
  sqlite3 *db = muster_store_get_db (store);
  sqlite3_stmt *stmt = NULL;
  GString *text = g_string_new (NULL);

  g_assert_cmpint (sqlite3_prepare_v2 (db, query, -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_int64 (stmt, 1, campaign);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      for (int i = 0; i < sqlite3_column_count (stmt); i++)
        g_string_append_printf (text, "%s|", (const char *) sqlite3_column_text (stmt, i));
      g_string_append_c (text, '\n');
    }
  sqlite3_finalize (stmt);
  return g_string_free (text, FALSE);
}

/* Past the greatest id SQLite has (2^63 - 1) it picks ids at random, so
 * none can be given ahead: each character and each roll is written on its
 * own, and still what points at it finds it. Random ids change the order
 * of a file, so the copy is compared by names. */
static void
test_past_last_id (void)
{
  static const char * const queries[] = {
    "SELECT c.name, c.status, c.light_wounds, c.notes, f.name FROM character c JOIN force f ON f.id = c.force_id"
    " WHERE c.campaign_id = ? ORDER BY c.name",
    "SELECT c.name, s.key, s.value FROM stat s JOIN character c ON c.id = s.character_id"
    " WHERE c.campaign_id = ? ORDER BY c.name, s.key",
    "SELECT g.number, c.name, p.side, p.outcome FROM participation p JOIN game g ON g.id = p.game_id"
    " JOIN character c ON c.id = p.character_id WHERE g.campaign_id = ? ORDER BY g.number, c.name",
    "SELECT g.number, k.name, v.name FROM kill JOIN game g ON g.id = kill.game_id"
    " JOIN character k ON k.id = kill.killer_id JOIN character v ON v.id = kill.victim_id"
    " WHERE g.campaign_id = ? ORDER BY g.number, k.name",
    "SELECT g.number, c.name, r.faces, r.total FROM roll r JOIN game g ON g.id = r.game_id"
    " JOIN character c ON c.id = r.character_id WHERE r.campaign_id = ? ORDER BY g.number, c.name",
    "SELECT l.message, g.number, c.name, r.faces, rc.name FROM log_entry l JOIN game g ON g.id = l.game_id"
    " JOIN character c ON c.id = l.character_id JOIN roll r ON r.id = l.roll_id"
    " JOIN character rc ON rc.id = r.character_id WHERE l.campaign_id = ? ORDER BY l.id",
  };
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *file = NULL;
  gint64 campaign, copy;

  campaign = make_campaign (store);
  file = export_campaign (store, campaign);
  add_character (store, campaign, G_MAXINT64);
  sql (store, "INSERT INTO roll (id, campaign_id, purpose, expression, faces, total, created)"
       " VALUES (9223372036854775807, ?, 'death-roll', '1d6', '4', 4, '2024-01-01T00:00:00Z')",
       "i", campaign);

  copy = muster_exchange_import_data (store, file, strlen (file), "big.muster", 0, NULL, &error);
  g_assert_no_error (error);
  sql (store, "DELETE FROM roll WHERE id = 9223372036854775807", "");
  sql (store, "DELETE FROM character WHERE id = 9223372036854775807", "");
  g_assert_cmpint (count (store, "SELECT COUNT(*) FROM character WHERE campaign_id = ?", copy), ==, N_CHARACTERS);
  for (guint i = 0; i < G_N_ELEMENTS (queries); i++)
    {
      g_autofree char *original = rows_text (store, queries[i], campaign);
      g_autofree char *imported = rows_text (store, queries[i], copy);

      g_assert_cmpuint (strlen (original), >, 0);
      g_assert_cmpstr (imported, ==, original);
    }
}

/* The file of the big campaign, and in it the last kill of the last
 * game, its line and its killer and victim by name. */
typedef struct {
  gint64  campaign;
  char   *file;
  gsize   offset;   /* of the kill */
  char   *kill;     /* its whole line */
  int     line;
  char   *killer;
  char   *victim;
  int     game;
} LastKill;

/* The file with the last kill's line replaced by @text. */
static char *
replace_kill (const LastKill *k,
              const char     *text)
{
  return g_strdup_printf ("%.*s%s%s", (int) k->offset, k->file, text, k->file + k->offset + strlen (k->kill));
}

/* The value of the attribute @name in @element (text that starts with
 * it), which must have it. */
static char *
attribute (const char *element,
           const char *name)
{
  g_autofree char *needle = g_strdup_printf (" %s=\"", name);
  const char *start = strstr (element, needle);

  g_assert_nonnull (start);
  start += strlen (needle);
  return g_strndup (start, strchr (start, '"') - start);
}

/* The name of the character the file calls @id. */
static char *
name_of (const char *file,
         const char *id)
{
  g_autofree char *element = g_strdup_printf ("<character id=\"%s\" ", id);
  const char *start = strstr (file, element);

  g_assert_nonnull (start);
  return attribute (start, "name");
}

static void
last_kill_init (LastKill    *k,
                MusterStore *source)
{
  const char *kill, *next;
  g_autofree char *killer = NULL;
  g_autofree char *victim = NULL;

  k->campaign = make_campaign (source);
  k->file = export_campaign (source, k->campaign);
  kill = strstr (k->file, "<kill ");
  g_assert_nonnull (kill);
  while ((next = strstr (kill + 1, "<kill ")) != NULL)
    kill = next;
  k->offset = kill - k->file;
  k->kill = g_strndup (kill, strchr (kill, '\n') - kill + 1);
  k->line = 1;
  for (const char *p = k->file; p < kill; p++)
    if (*p == '\n')
      k->line++;
  killer = attribute (k->kill, "killer");
  victim = attribute (k->kill, "victim");
  k->killer = name_of (k->file, killer);
  k->victim = name_of (k->file, victim);
  k->game = N_GAMES;
}

static void
last_kill_clear (LastKill *k)
{
  g_free (k->file);
  g_free (k->kill);
  g_free (k->killer);
  g_free (k->victim);
}

/* The same victim twice in the last game: refused on the second one's
 * line, with the message of the store's check. */
static void
test_kill_named_twice (void)
{
  g_autoptr(MusterStore) source = muster_test_open_store (NULL);
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autofree char *doubled = NULL;
  g_autofree char *bad = NULL;
  g_autofree char *message = NULL;
  g_autofree char *expected = NULL;
  LastKill k = { 0, };

  last_kill_init (&k, source);
  doubled = g_strconcat (k.kill, "        ", k.kill, NULL);
  bad = replace_kill (&k, doubled);
  message = expect_refused (store, 0, bad, -1, MUSTER_EXCHANGE_ERROR_INVALID, NULL);
  expected = g_strdup_printf ("bad.muster, line %d: %s is named twice among the men %s put out of action in "
                              "Game %d “Skirmish %d” of Big campaign: a man is put out of action once in a game.",
                              k.line + 1, k.victim, k.killer, k.game, k.game);
  g_assert_cmpstr (message, ==, expected);
  last_kill_clear (&k);
}

/* A character who did not take part in the last game. */
static char *
outsider_of_last_game (const LastKill *k)
{
  g_autofree char *start = g_strdup_printf ("<game id=\"g%d\"", N_GAMES);
  const char *game = strstr (k->file, start);
  const char *end;

  g_assert_nonnull (game);
  end = strstr (game, "</game>");
  for (guint i = 1; i <= N_CHARACTERS; i++)
    {
      g_autofree char *id = g_strdup_printf ("c%u", i);
      g_autofree char *needle = g_strdup_printf ("<participant character=\"%s\"", id);
      const char *found = strstr (game, needle);

      if (found == NULL || found > end)
        return g_steal_pointer (&id);
    }
  g_assert_not_reached ();
}

/* The last kill's @role (“killer” or “victim”) made someone who was not
 * there: refused on its line. */
static void
refuse_outsider (const char *role)
{
  g_autoptr(MusterStore) source = muster_test_open_store (NULL);
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autofree char *was = NULL;
  g_autofree char *outsider = NULL;
  g_autofree char *outsider_name = NULL;
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;
  g_autofree char *bad = NULL;
  g_autofree char *message = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GString) changed = NULL;
  LastKill k = { 0, };

  last_kill_init (&k, source);
  was = attribute (k.kill, role);
  outsider = outsider_of_last_game (&k);
  outsider_name = name_of (k.file, outsider);
  from = g_strdup_printf ("%s=\"%s\"", role, was);
  to = g_strdup_printf ("%s=\"%s\"", role, outsider);
  changed = g_string_new (k.kill);
  g_assert_cmpuint (g_string_replace (changed, from, to, 1), ==, 1);
  bad = replace_kill (&k, changed->str);

  message = expect_refused (store, 0, bad, -1, MUSTER_EXCHANGE_ERROR_INVALID, NULL);
  if (g_str_equal (role, "killer"))
    expected = g_strdup_printf ("bad.muster, line %d: %s did not take part in Game %d “Skirmish %d” of Big campaign.",
                                k.line, outsider_name, k.game, k.game);
  else
    expected = g_strdup_printf ("bad.muster, line %d: %s did not take part in Game %d “Skirmish %d” of Big campaign, "
                                "so %s cannot have put him out of action.",
                                k.line, outsider_name, k.game, k.game, k.killer);
  g_assert_cmpstr (message, ==, expected);
  last_kill_clear (&k);
}

static void
test_killer_not_in_game (void)
{
  refuse_outsider ("killer");
}

static void
test_victim_not_in_game (void)
{
  refuse_outsider ("victim");
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("MUSTER_FAKE_TIME", "2024-01-01T00:00:00Z", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/exchange/batch/characters-after-gap", test_characters_after_gap);
  g_test_add_func ("/exchange/batch/past-last-id", test_past_last_id);
  g_test_add_func ("/exchange/batch/kill-named-twice", test_kill_named_twice);
  g_test_add_func ("/exchange/batch/killer-not-in-game", test_killer_not_in_game);
  g_test_add_func ("/exchange/batch/victim-not-in-game", test_victim_not_in_game);
  return g_test_run ();
}
