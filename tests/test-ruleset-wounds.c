/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test"

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-character.h"
#include "muster-engine.h"
#include "muster-game.h"
#include "muster-ruleset.h"
#include "muster-store.h"
#include "muster-store-private.h"
#include "muster-test-util.h"

/* The vocabulary of wounds: how they add up when a result is recorded
 * (<wounds-add-up>), and a stat lost for each light and each serious
 * wound (drop-stat's light-by and serious-by), in a ruleset of the
 * tests' own. */

#define RULESET_HEAD \
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
  "<ruleset xmlns=\"https://musterapp.github.io/ns/ruleset\" id=\"test-wounds\" version=\"1\" kept-by=\"figure\">\n" \
  "  <title>Wounds under test</title>\n" \
  "  <source>Muster's tests</source>\n" \
  "  <stats>\n" \
  "    <stat key=\"I\" min=\"1\" max=\"12\"><name>Initiative</name></stat>\n" \
  "    <stat key=\"D\" min=\"1\" max=\"12\"><name>Dexterity</name></stat>\n" \
  "  </stats>\n" \
  "  <troop-types>\n" \
  "    <troop-type id=\"man\"><name>Man</name><roll stat=\"I\" dice=\"1d6\"/><roll stat=\"D\" dice=\"1d6\"/></troop-type>\n" \
  "  </troop-types>\n" \
  "  <outcomes>\n" \
  "    <outcome id=\"unhurt\"><name>Unhurt</name></outcome>\n" \
  "    <outcome id=\"wounded\" light=\"true\" serious=\"true\"><name>Wounded</name></outcome>\n" \
  "    <outcome id=\"out-of-action\" removes=\"true\"><name>Out of action</name></outcome>\n"

static const char add_up_xml[] =
  RULESET_HEAD
  "    <wounds-add-up light=\"2\" serious=\"2\" outcome=\"out-of-action\"/>\n"
  "  </outcomes>\n"
  "  <options>\n"
  "    <option id=\"lasting\" default=\"heal\">\n"
  "      <name>Lasting harm</name>\n"
  "      <choice id=\"heal\"><name>Wounds heal</name></choice>\n"
  "      <choice id=\"lose\"><name>Points lost</name></choice>\n"
  "    </option>\n"
  "  </options>\n"
  "  <between-game>\n"
  "    <step type=\"drop-stat\" stat=\"I\" light-by=\"1\" serious-by=\"2\" at-zero=\"keep\" option=\"lasting\" choice=\"lose\"/>\n"
  "    <step type=\"drop-stat\" stat=\"D\" light-by=\"1\" serious-by=\"2\" at-zero=\"keep\" option=\"lasting\" choice=\"lose\"/>\n"
  "    <step type=\"heal-wounds\" light=\"all\" serious=\"all\"/>\n"
  "  </between-game>\n"
  "</ruleset>\n";

static MusterRuleset *
load (const char  *xml,
      GError     **error)
{
  return muster_ruleset_new_from_data (xml, -1, "test-wounds.xml", error);
}

/* Two light wounds are a serious one, two serious ones out of action. */
static void
test_add_up (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) rs = load (add_up_xml, &error);
  static const struct {
    int         light;
    int         serious;
    const char *note;   /* NULL: they do not add up */
  } cases[] = {
    { 0, 0, NULL },
    { 1, 0, NULL },
    { 3, 0, NULL },
    { 1, 1, NULL },
    { 0, 1, NULL },
    { 0, 2, "2 serious wounds count as “Out of action”." },
    { 0, 3, "3 serious wounds count as “Out of action”." },
    { 4, 0, "4 light wounds count as “Out of action”." },
    { 2, 1, "1 serious and 2 light wounds count as “Out of action”." },
    { 3, 1, "1 serious and 3 light wounds count as “Out of action”." },
  };
  const MusterWoundsAddUp *rule;

  g_assert_no_error (error);
  rule = muster_ruleset_get_wounds_add_up (rs);
  g_assert_nonnull (rule);
  g_assert_cmpint (rule->light, ==, 2);
  g_assert_cmpint (rule->serious, ==, 2);
  g_assert_cmpstr (rule->outcome, ==, "out-of-action");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const MusterOutcomeDef *outcome = muster_ruleset_wounds_add_up (rs, cases[i].light, cases[i].serious);
      g_autofree char *note = muster_ruleset_describe_wounds_add_up (rs, cases[i].light, cases[i].serious);

      g_test_message ("%d light, %d serious", cases[i].light, cases[i].serious);
      g_assert_cmpstr (note, ==, cases[i].note);
      if (cases[i].note == NULL)
        g_assert_null (outcome);
      else
        g_assert_cmpstr (outcome->id, ==, "out-of-action");
    }
}

/* Without <wounds-add-up>, and with serious wounds alone adding up. */
static void
test_add_up_optional (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) none = load (RULESET_HEAD "  </outcomes>\n</ruleset>\n", &error);
  g_autoptr(MusterRuleset) serious_only = NULL;

  g_assert_no_error (error);
  g_assert_null (muster_ruleset_get_wounds_add_up (none));
  g_assert_null (muster_ruleset_wounds_add_up (none, 10, 10));
  g_assert_null (muster_ruleset_describe_wounds_add_up (none, 10, 10));

  serious_only = load (RULESET_HEAD
                       "    <wounds-add-up serious=\"3\" outcome=\"out-of-action\"/>\n"
                       "  </outcomes>\n</ruleset>\n", &error);
  g_assert_no_error (error);
  g_assert_null (muster_ruleset_wounds_add_up (serious_only, 100, 2));
  g_assert_nonnull (muster_ruleset_wounds_add_up (serious_only, 0, 3));
}

/* A rule that names no outcome, or one that keeps the man in the game or
 * carries wounds, is refused with the file and line; so is one the
 * grammar refuses. */
static void
test_add_up_refused (void)
{
  static const struct {
    const char *element;
    const char *message;
  } cases[] = {
    { "<wounds-add-up serious=\"2\" outcome=\"dead\"/>",
      "test-wounds.xml:16: wounds add up to the outcome “dead”, but there is no such outcome." },
    { "<wounds-add-up serious=\"2\" outcome=\"wounded\"/>",
      "test-wounds.xml:16: wounds add up to the outcome “wounded”, which must take the man out" },
    { "<wounds-add-up serious=\"2\" outcome=\"unhurt\"/>",
      "test-wounds.xml:16: wounds add up to the outcome “unhurt”, which must take the man out" },
    { "<wounds-add-up serious=\"0\" outcome=\"out-of-action\"/>", "wounds-add-up" },
    { "<wounds-add-up light=\"3000000000\" serious=\"2\" outcome=\"out-of-action\"/>",
      "test-wounds.xml:16: the attribute “light” is “3000000000”" },
    { "<wounds-add-up light=\"2\" outcome=\"out-of-action\"/>", "wounds-add-up" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *xml = g_strconcat (RULESET_HEAD "    ", cases[i].element, "\n  </outcomes>\n</ruleset>\n", NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterRuleset) rs = load (xml, &error);

      g_test_message ("%s", cases[i].element);
      g_assert_null (rs);
      g_assert_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_INVALID);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, "test-wounds.xml:"));
      g_assert_nonnull (strstr (error->message, cases[i].message));
    }
}

/* drop-stat with light-by and serious-by: each light wound of the game
 * costs 1 and each serious one 2, never below the stat's minimum, and
 * only in a campaign that chose it; undone with the resolution. */
static void
test_drop_by_wound (void)
{
  static const struct {
    const char *choice;
    int         light;
    int         serious;
    int         i_before;
    int         i_after;
  } cases[] = {
    { "lose", 1, 0, 5, 4 },
    { "lose", 1, 1, 5, 2 },
    { "lose", 0, 1, 2, 1 },   /* never below 1 */
    { "lose", 0, 0, 5, 4 },   /* wounded, none counted: one light wound */
    { "heal", 1, 1, 5, 5 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterRuleset) rs = load (add_up_xml, &error);
      g_autoptr(MusterStore) store = muster_test_open_store (NULL);
      g_autoptr(GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GHashTable) stats = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(MusterCharacter) man = NULL;
      g_autoptr(GPtrArray) events = NULL;
      g_autofree char *before = NULL;
      MusterCharacterSpec spec = { 0 };
      MusterResult wounded = { "wounded", cases[i].light, cases[i].serious, NULL, 0, 0, NULL };
      MusterResult unhurt = { "unhurt", 0, 0, NULL, 0, 0, NULL };
      gint64 campaign, ours, theirs, ids[2], game;
      int value = 0;

      g_test_message ("%s: %d light, %d serious", cases[i].choice, cases[i].light, cases[i].serious);
      g_hash_table_insert (options, (gpointer) "lasting", (gpointer) cases[i].choice);
      campaign = muster_store_create_campaign (store, "Wounds", rs, 7, options, &error);
      g_assert_no_error (error);
      ours = muster_store_create_force (store, campaign, "Ours", "A", &error);
      theirs = muster_store_create_force (store, campaign, "Theirs", "B", &error);
      g_assert_no_error (error);
      g_hash_table_insert (stats, (gpointer) "I", GINT_TO_POINTER (cases[i].i_before));
      g_hash_table_insert (stats, (gpointer) "D", GINT_TO_POINTER (6));
      spec.troop_type = "man";
      spec.stats = stats;
      spec.name = "Ward";
      ids[0] = muster_store_create_character (store, ours, &spec, &error);
      spec.name = "Lefort";
      ids[1] = muster_store_create_character (store, theirs, &spec, &error);
      g_assert_no_error (error);
      game = muster_store_create_game (store, campaign, "Skirmish", NULL, ids, 2, &error);
      g_assert_no_error (error);
      if (cases[i].light == 0 && cases[i].serious == 0)
        {
          /* The store now refuses a wound outcome without a wound: this
           * one comes from a library written before it did. */
          MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

          wounded.light_wounds = 1;
          g_assert_true (muster_store_set_result (store, game, ids[0], &wounded, &error));
          stmt = muster_store_prepare (store,
                                       "UPDATE participation SET light_wounds = 0, serious_wounds = 0 "
                                       "WHERE game_id = ? AND character_id = ?",
                                       &error);
          g_assert_no_error (error);
          sqlite3_bind_int64 (stmt, 1, game);
          sqlite3_bind_int64 (stmt, 2, ids[0]);
          g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
        }
      else
        g_assert_true (muster_store_set_result (store, game, ids[0], &wounded, &error));
      g_assert_true (muster_store_set_result (store, game, ids[1], &unhurt, &error));
      g_assert_no_error (error);
      before = muster_store_dump (store);

      events = muster_engine_resolve (store, game, NULL, NULL, &error);
      g_assert_no_error (error);
      man = muster_store_get_character (store, ids[0], &error);
      g_assert_no_error (error);
      g_assert_true (muster_character_get_stat (man, "I", &value));
      g_assert_cmpint (value, ==, cases[i].i_after);
      g_assert_true (muster_character_get_stat (man, "D", &value));
      g_assert_cmpint (value, ==, g_str_equal (cases[i].choice, "lose")
                                  ? MAX (1, 6 - MAX (1, cases[i].light + 2 * cases[i].serious)) : 6);
      /* Wounds heal all the same; the points are what is lost. */
      g_assert_cmpint (muster_character_get_light_wounds (man), ==, 0);
      g_assert_cmpint (muster_character_get_serious_wounds (man), ==, 0);

      g_assert_cmpint (muster_engine_undo_resolve (store, campaign, &error), ==, game);
      g_assert_no_error (error);
      {
        g_autofree char *after = muster_store_dump (store);

        g_assert_cmpstr (after, ==, before);
      }
      g_clear_object (&man);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ruleset/wounds/add-up", test_add_up);
  g_test_add_func ("/ruleset/wounds/add-up-optional", test_add_up_optional);
  g_test_add_func ("/ruleset/wounds/add-up-refused", test_add_up_refused);
  g_test_add_func ("/ruleset/wounds/drop-by-wound", test_drop_by_wound);

  return g_test_run ();
}
