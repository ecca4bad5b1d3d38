/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-nationality"

#include "config.h"

#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "muster-character.h"
#include "muster-exchange.h"
#include "muster-exchange-test-util.h"
#include "muster-force.h"
#include "muster-nationality.h"
#include "muster-recruit.h"
#include "muster-store.h"
#include "muster-store-test-util.h"
#include "muster-test-util.h"
#include "muster-warnings.h"

/* A force's nationality: guessed from its side, the names its recruits
 * take from data/names, a stream of dice of their own, the libraries and
 * files made before forces had one. */

static MusterRuleset *
ruleset (const char *id)
{
  g_autoptr(GError) error = NULL;
  MusterRuleset *rules = muster_rulesets_lookup (id, &error);

  g_assert_no_error (error);
  return rules;
}

static void
test_guess (void)
{
  static const struct {
    const char *side;
    const char *name;
    const char *nationality;
  } cases[] = {
    { "British", "Light Company", "british" },
    { "English", NULL, "british" },
    { NULL, "95th Rifles", "british" },
    { NULL, "Light Company, 45th Foot", "british" },
    { "French", "95th Rifles", "french" },
    { "France", NULL, "french" },
    { "République", NULL, "french" },
    { "REPUBLIQUE", NULL, "french" },
    { "Empire", NULL, "french" },
    { NULL, "4e Léger", "french" },
    { "Armée de Portugal", NULL, "french" },
    { "Spanish", NULL, "spanish" },
    { "España", NULL, "spanish" },
    { NULL, "Guerrilleros de Sánchez", "spanish" },
    { "Portuguese", NULL, "portuguese" },
    { "Portugal", "Caçadores", "portuguese" },
    { NULL, "3º Caçadores", "portuguese" },
    /* Nothing to go by: the default, British. */
    { "Allies", "The Club", MUSTER_NATIONALITY_DEFAULT },
    { NULL, NULL, MUSTER_NATIONALITY_DEFAULT },
    { "", "", MUSTER_NATIONALITY_DEFAULT },
  };

  g_assert_cmpstr (MUSTER_NATIONALITY_DEFAULT, ==, "british");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s / %s", cases[i].side, cases[i].name);
      g_assert_cmpstr (muster_nationality_guess (cases[i].side, cases[i].name), ==, cases[i].nationality);
    }
}

static void
test_ids (void)
{
  const char * const *ids = muster_nationality_get_ids ();
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (g_strv_length ((char **) ids), ==, 4);
  g_assert_cmpstr (ids[0], ==, "british");
  g_assert_cmpstr (ids[1], ==, "french");
  g_assert_cmpstr (ids[2], ==, "spanish");
  g_assert_cmpstr (ids[3], ==, "portuguese");
  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_assert_true (muster_nationality_check (ids[i], NULL));
      g_assert_nonnull (muster_nationality_get_label (ids[i]));
    }
  g_assert_cmpstr (muster_nationality_get_label ("spanish"), ==, "Spanish");
  g_assert_null (muster_nationality_get_label ("prussian"));

  g_assert_false (muster_nationality_check ("prussian", &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "There is no nationality “prussian”. Choose one of: british, french, spanish, portuguese.");
}

/* Every shipped file reads, with names enough, one name a line. */
static void
test_shipped_names (void)
{
  const char * const *ids = muster_nationality_get_ids ();

  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_autoptr(GPtrArray) first = NULL;
      g_autoptr(GPtrArray) surnames = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_true (muster_nationality_get_names (ids[i], &first, &surnames, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (first->len, >=, 30);
      g_assert_cmpuint (surnames->len, >=, 50);
      for (guint j = 0; j < surnames->len; j++)
        g_assert_null (strchr (g_ptr_array_index (surnames, j), ' '));
    }
}

/* A names folder of the test's own (MUSTER_NAMES_DIR), with @text as the
 * British names. */
static char *
names_dir_with (const char *text)
{
  char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "british.txt", NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return dir;
}

static void
test_names_file (void)
{
  g_autofree char *saved = g_strdup (g_getenv ("MUSTER_NAMES_DIR"));
  g_autofree char *good = names_dir_with ("# comment\n\n[first names]\nOnly\n[surnames]\nOne\n");
  g_autofree char *bad = names_dir_with ("[first names]\nJohn\n[middle names]\nQuincy\n[surnames]\nAdams\n");
  g_autofree char *empty = names_dir_with ("[first names]\nJohn\n");
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  MusterRng rng;

  muster_rng_init (&rng, 1);
  g_setenv ("MUSTER_NAMES_DIR", good, TRUE);
  name = muster_nationality_pick_name ("british", &rng, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (name, ==, "Only One");

  /* What is wrong, and where. */
  g_setenv ("MUSTER_NAMES_DIR", bad, TRUE);
  g_assert_null (muster_nationality_pick_name ("british", &rng, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "british.txt, line 3: “[middle names]” is not a name"));
  g_clear_error (&error);

  g_setenv ("MUSTER_NAMES_DIR", empty, TRUE);
  g_assert_null (muster_nationality_pick_name ("british", &rng, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "needs first names under [first names] and surnames under [surnames]"));
  g_clear_error (&error);

  /* A folder without the nationality's file. */
  g_assert_null (muster_nationality_pick_name ("french", &rng, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_FILE);
  g_assert_nonnull (strstr (error->message, "french.txt"));
  g_clear_error (&error);

  g_setenv ("MUSTER_NAMES_DIR", saved, TRUE);
}

/* A recruit of a force without names to take: refused, nothing written. */
static void
test_recruit_without_names (void)
{
  g_autofree char *saved = g_strdup (g_getenv ("MUSTER_NAMES_DIR"));
  g_autofree char *broken = names_dir_with ("[surnames]\nAdams\n");
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) rules = ruleset ("sharpes-skirmish");
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 campaign, force;

  campaign = muster_store_create_campaign (store, "Talavera", rules, 1, NULL, &error);
  force = muster_store_create_force (store, campaign, "Rifles", "British", &error);
  g_assert_no_error (error);

  g_setenv ("MUSTER_NAMES_DIR", broken, TRUE);
  before = muster_store_dump (store);
  g_assert_null (muster_store_recruit (store, force, "line", NULL, NULL, 3, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "british.txt"));
  after = muster_store_dump (store);
  g_assert_cmpstr (before, ==, after);
  g_clear_error (&error);

  /* A name given needs no list. */
  g_assert_nonnull (muster_store_recruit (store, force, "line", NULL, "Daniel Hadley", 1, &error));
  g_assert_no_error (error);
  g_setenv ("MUSTER_NAMES_DIR", saved, TRUE);
}

static gboolean
holds (GPtrArray  *names,
       const char *name)
{
  for (guint i = 0; i < names->len; i++)
    if (g_str_equal (g_ptr_array_index (names, i), name))
      return TRUE;
  return FALSE;
}

/* A force's recruits take its nationality's names: a force fighting for
 * the French with Spanish names gets Spanish ones, and British once
 * its nationality changes. */
static void
test_recruit_names (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) rules = ruleset ("sharpes-skirmish");
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterForce) force = NULL;
  g_autoptr(GArray) ids = NULL;
  const char *expected[] = { "spanish", "british" };
  gint64 campaign, force_id;

  campaign = muster_store_create_campaign (store, "Bailén", rules, 1808, NULL, &error);
  g_assert_no_error (error);
  force_id = muster_store_create_force_full (store, campaign, "Afrancesados", "French", "spanish", &error);
  g_assert_no_error (error);
  force = muster_store_get_force (store, force_id, &error);
  g_assert_cmpstr (muster_force_get_nationality (force), ==, "spanish");
  g_clear_object (&force);

  g_assert_cmpint (muster_store_create_force_full (store, campaign, "Prussians", NULL, "prussian", &error), ==, 0);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_clear_error (&error);

  for (guint round = 0; round < G_N_ELEMENTS (expected); round++)
    {
      g_autoptr(GPtrArray) first = NULL;
      g_autoptr(GPtrArray) surnames = NULL;

      g_assert_true (muster_nationality_get_names (expected[round], &first, &surnames, &error));
      ids = muster_store_recruit (store, force_id, "line", NULL, NULL, 20, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < ids->len; i++)
        {
          g_autoptr(MusterCharacter) character = muster_store_get_character (store, g_array_index (ids, gint64, i),
                                                                             &error);
          g_auto(GStrv) words = g_strsplit (muster_character_get_name (character), " ", 2);

          g_assert_true (holds (first, words[0]));
          g_assert_true (holds (surnames, words[1]));
        }
      g_clear_pointer (&ids, g_array_unref);

      g_assert_true (muster_store_set_force_nationality (store, force_id, "british", &error));
      g_assert_no_error (error);
    }

  g_assert_false (muster_store_set_force_nationality (store, force_id, "prussian", &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
}

/* The stats each troop type got for a campaign seeded 1234, recruited one
 * of each type in the ruleset's order, twice, into a French force, as
 * muster-cli rolled them before names had dice of their own (when a
 * name was drawn from the same generator, after the stats): names now
 * take a stream of their own, and the stats must not change. */
static const struct {
  const char *ruleset;
  const char *stats;   /* the stats of each recruit, separated by ";" */
} recorded[] = {
  { "sharpes-skirmish",
    "I4 D6 S2 C5 F6;I4 D4 S4 C1 F6;I4 D5 S1 C3 F6;I4 D4 S1 C3 F6;I6 D2 S1 C6 F9;I4 D1 S6 C4 F10;I4 D1 S2 C6 F6;"
    "I1 D6 S5 C4 F6;I3 D6 S3 C4 F6;I1 D4 S3 C4 F6;I3 D6 S3 C3 F5;I6 D3 S5 C2 F7;I4 D1 S4 C3 F11;I4 D3 S5 C4 F6" },
  { "big-skirmishes", "class3;class2;class3;class2" },
  { "chosen-men",
    "rank1 rating0 character4;rank2 rating1 character6;rank3 rating2 character2;rank4 rating3 character10;"
    "rank5 rating4 character10;rank1 rating0 character1;rank2 rating1 character2;rank3 rating2 character7;"
    "rank4 rating3 character5;rank5 rating4 character9" },
};

static char *
describe_stats (MusterRuleset   *rules,
                MusterCharacter *character)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < muster_ruleset_get_n_stats (rules); i++)
    {
      const MusterStatDef *stat = muster_ruleset_get_stat (rules, i);
      int value;

      if (!muster_character_get_stat (character, stat->key, &value))
        continue;
      g_string_append_printf (out, "%s%s%d", out->len > 0 ? " " : "", stat->key, value);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
test_stats_unchanged (void)
{
  for (guint r = 0; r < G_N_ELEMENTS (recorded); r++)
    {
      g_autoptr(MusterStore) store = muster_test_open_store (NULL);
      g_autoptr(MusterRuleset) rules = ruleset (recorded[r].ruleset);
      g_autoptr(GPtrArray) rolled = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GError) error = NULL;
      g_autofree char *joined = NULL;
      gint64 campaign, force;

      campaign = muster_store_create_campaign (store, "Seeded", rules, 1234, NULL, &error);
      g_assert_no_error (error);
      force = muster_store_create_force (store, campaign, "Voltigeurs", "French", &error);
      g_assert_no_error (error);
      for (guint round = 0; round < 2; round++)
        for (guint t = 0; t < muster_ruleset_get_n_troop_types (rules); t++)
          {
            g_autoptr(GArray) ids = muster_store_recruit (store, force,
                                                          muster_ruleset_get_troop_type (rules, t)->id,
                                                          NULL, NULL, 1, &error);
            g_autoptr(MusterCharacter) character = NULL;

            g_assert_no_error (error);
            character = muster_store_get_character (store, g_array_index (ids, gint64, 0), &error);
            g_ptr_array_add (rolled, describe_stats (rules, character));
          }
      g_ptr_array_add (rolled, NULL);
      joined = g_strjoinv (";", (char **) rolled->pdata);
      /* Only the recruits whose stats are rolled are recorded. */
      if (g_str_equal (recorded[r].ruleset, "big-skirmishes"))
        {
          g_autofree char *classes = NULL;
          g_auto(GStrv) each = g_strsplit (joined, ";", -1);
          g_autoptr(GPtrArray) kept = g_ptr_array_new ();

          for (guint i = 0; each[i] != NULL; i++)
            g_ptr_array_add (kept, strstr (each[i], "class"));
          g_ptr_array_add (kept, NULL);
          classes = g_strjoinv (";", (char **) kept->pdata);
          g_assert_cmpstr (classes, ==, recorded[r].stats);
        }
      else
        g_assert_cmpstr (joined, ==, recorded[r].stats);
    }
}

/* The name's dice are not the stats': two forces of two nationalities
 * recruiting with the same numbers get the same stats and other names. */
static void
test_name_stream (void)
{
  g_autoptr(MusterRuleset) rules = ruleset ("sharpes-skirmish");
  char *stats[2] = { NULL, NULL };
  char *names[2] = { NULL, NULL };
  const char *nationality[2] = { "french", "portuguese" };

  for (guint n = 0; n < 2; n++)
    {
      g_autoptr(MusterStore) store = muster_test_open_store (NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) ids = NULL;
      g_autoptr(GString) s = g_string_new (NULL);
      g_autoptr(GString) w = g_string_new (NULL);
      gint64 campaign, force;

      campaign = muster_store_create_campaign (store, "Seeded", rules, 99, NULL, &error);
      force = muster_store_create_force_full (store, campaign, "Company", NULL, nationality[n], &error);
      ids = muster_store_recruit (store, force, "line", NULL, NULL, 10, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < ids->len; i++)
        {
          g_autoptr(MusterCharacter) character = muster_store_get_character (store, g_array_index (ids, gint64, i),
                                                                             &error);
          g_autofree char *described = describe_stats (rules, character);

          g_string_append_printf (s, "%s;", described);
          g_string_append_printf (w, "%s;", muster_character_get_name (character));
        }
      stats[n] = g_string_free (g_steal_pointer (&s), FALSE);
      names[n] = g_string_free (g_steal_pointer (&w), FALSE);
    }
  g_assert_cmpstr (stats[0], ==, stats[1]);
  g_assert_cmpstr (names[0], !=, names[1]);
  for (guint n = 0; n < 2; n++)
    {
      g_free (stats[n]);
      g_free (names[n]);
    }

  /* The generator of names starts where the recruit's does, and draws
   * nothing from it. */
  {
    MusterRng rng, copy, name_rng, again;

    muster_rng_init_for (&rng, 99, "recruit/1");
    copy = rng;
    muster_recruit_name_rng (&rng, &name_rng);
    g_assert_cmpmem (&rng, sizeof rng, &copy, sizeof copy);
    muster_recruit_name_rng (&copy, &again);
    g_assert_cmpuint (muster_rng_next (&name_rng), ==, muster_rng_next (&again));
    g_assert_cmpuint (muster_rng_next (&name_rng), !=, muster_rng_next (&rng));
  }
}

/* Names Muster picks are not taken already in the campaign: 300 recruits
 * of one force, whose names (about 3,800 British) would meet by chance
 * a dozen times. */
static void
test_names_not_taken (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) rules = ruleset ("sharpes-skirmish");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) characters = NULL;
  gint64 campaign, force;

  campaign = muster_store_create_campaign (store, "Crowded", rules, 5, NULL, &error);
  force = muster_store_create_force (store, campaign, "Light Company", "British", &error);
  ids = muster_store_recruit (store, force, "line", NULL, NULL, 300, &error);
  g_assert_no_error (error);
  characters = muster_store_list_characters (store, campaign, 0, &error);
  g_assert_cmpuint (characters->len, ==, 300);
  for (guint i = 0; i < characters->len; i++)
    g_assert_true (g_hash_table_add (seen, (gpointer) muster_character_get_name (g_ptr_array_index (characters, i))));
}

/* A library made before forces had a nationality: each force gets the
 * one its side, or its own name, suggests. */
static void
test_migrate (void)
{
  static const char * const migrations[] = {
    "0001-initial.sql", "0002-units.sql", "0003-history.sql", "0004-rules-updates.sql",
  };
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GPtrArray) forces = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) got = g_string_new (NULL);
  sqlite3 *db;

  db = raw_open (path);
  for (guint i = 0; i < G_N_ELEMENTS (migrations); i++)
    {
      g_autofree char *sql = read_migration (migrations[i]);
      raw_exec (db, sql);
    }
  raw_exec (db,
            "PRAGMA application_id = 1297437524; PRAGMA user_version = 4;"
            "INSERT INTO campaign (id, name, ruleset_id, ruleset_version, ruleset_xml, seed, created)"
            " VALUES (1, 'Old', 'sharpes-skirmish', '1', '<ruleset/>', 7, '2024-01-01T00:00:00Z');"
            "INSERT INTO force (id, campaign_id, name, side) VALUES"
            " (1, 1, 'Light Company', 'British'), (2, 1, '4e Léger', NULL), (3, 1, 'Voltigeurs', 'République'),"
            " (4, 1, 'Guerrilla', 'España'), (5, 1, 'Caçadores', 'Portugal'), (6, 1, 'The Club', 'Allies'),"
            " (7, 1, '95th Rifles', NULL);");
  sqlite3_close (db);

  store = muster_store_open (path, &error);
  g_assert_no_error (error);
  forces = muster_store_list_forces (store, 1, &error);
  g_assert_no_error (error);
  /* Sorted by name. */
  for (guint i = 0; i < forces->len; i++)
    g_string_append_printf (got, "%s=%s;", muster_force_get_name (g_ptr_array_index (forces, i)),
                            muster_force_get_nationality (g_ptr_array_index (forces, i)));
  g_assert_cmpstr (got->str, ==,
                   "4e Léger=french;95th Rifles=british;Caçadores=portuguese;Guerrilla=spanish;"
                   "Light Company=british;The Club=british;Voltigeurs=french;");
}

/* A file written before forces had a nationality imports with the one
 * the side suggests; one that has it keeps it; an unknown one is refused
 * naming the line. */
static void
test_exchange (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterRuleset) rules = ruleset ("sharpes-skirmish");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) forces = NULL;
  g_autofree char *data = NULL;
  g_autofree char *old = NULL;
  g_autofree char *bad = NULL;
  g_autoptr(GRegex) attr = g_regex_new (" nationality=\"[a-z]*\"", 0, 0, NULL);
  gint64 campaign, copy;

  campaign = muster_store_create_campaign (store, "Sabugal", rules, 3, NULL, &error);
  muster_store_create_force_full (store, campaign, "Light Company", "British", "portuguese", &error);
  muster_store_create_force (store, campaign, "Voltigeurs", "French", &error);
  g_assert_no_error (error);
  data = export_campaign (store, campaign);
  g_assert_nonnull (strstr (data, "<force id=\"f1\" name=\"Light Company\" side=\"British\" nationality=\"portuguese\""));

  old = g_regex_replace_literal (attr, data, -1, 0, "", 0, NULL);
  g_assert_null (strstr (old, "nationality"));
  copy = muster_exchange_import_data (store, old, strlen (old), "old.muster", 0, NULL, &error);
  g_assert_no_error (error);
  forces = muster_store_list_forces (store, copy, &error);
  g_assert_cmpstr (muster_force_get_nationality (g_ptr_array_index (forces, 0)), ==, "british");
  g_assert_cmpstr (muster_force_get_nationality (g_ptr_array_index (forces, 1)), ==, "french");
  g_clear_pointer (&forces, g_ptr_array_unref);

  copy = muster_exchange_import_data (store, data, strlen (data), "new.muster", 0, NULL, &error);
  g_assert_no_error (error);
  forces = muster_store_list_forces (store, copy, &error);
  g_assert_cmpstr (muster_force_get_nationality (g_ptr_array_index (forces, 0)), ==, "portuguese");

  bad = g_regex_replace_literal (attr, data, -1, 0, " nationality=\"prussian\"", 0, NULL);
  g_assert_cmpint (muster_exchange_import_data (store, bad, strlen (bad), "bad.muster", 0, NULL, &error), ==, 0);
  g_assert_error (error, MUSTER_EXCHANGE_ERROR, MUSTER_EXCHANGE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "bad.muster, line "));
  g_assert_nonnull (strstr (error->message, "prussian"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/nationality/guess", test_guess);
  g_test_add_func ("/nationality/ids", test_ids);
  g_test_add_func ("/nationality/names/shipped", test_shipped_names);
  g_test_add_func ("/nationality/names/file", test_names_file);
  g_test_add_func ("/nationality/names/missing", test_recruit_without_names);
  g_test_add_func ("/nationality/recruit", test_recruit_names);
  g_test_add_func ("/nationality/stats-unchanged", test_stats_unchanged);
  g_test_add_func ("/nationality/name-stream", test_name_stream);
  g_test_add_func ("/nationality/names-not-taken", test_names_not_taken);
  g_test_add_func ("/nationality/migrate", test_migrate);
  g_test_add_func ("/nationality/exchange", test_exchange);

  return g_test_run ();
}
