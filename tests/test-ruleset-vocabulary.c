/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-ruleset"

/* The parts of a ruleset file that say what a table entry does to the
 * stats of whoever holds it, a unit kind's own names for its values, and
 * the between-game steps for light wounds and musicians: read, checked,
 * and refused with the file and line when they are wrong. */

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-character.h"
#include "muster-engine.h"
#include "muster-game.h"
#include "muster-ruleset.h"
#include "muster-test-util.h"
#include "muster-traits.h"

static const char document[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<ruleset xmlns=\"https://musterapp.github.io/ns/ruleset\" id=\"test-vocabulary\" version=\"2\" kept-by=\"unit\">\n"
  "  <title>Vocabulary</title>\n"
  "  <source>Muster's tests</source>\n"
  "  <stats>\n"
  "    <stat key=\"rating\" min=\"0\" max=\"6\"><name>Rating</name></stat>\n"
  "    <stat key=\"character\" min=\"1\" max=\"10\"><name>Character</name></stat>\n"
  "  </stats>\n"
  "  <troop-types>\n"
  "    <troop-type id=\"officer\"><name>Officer</name><roll stat=\"rating\" dice=\"1\"/><roll stat=\"character\" dice=\"1d10\"/></troop-type>\n"
  "  </troop-types>\n"
  "  <unit-stats>\n"
  "    <unit-stat key=\"line\"><name>Line</name></unit-stat>\n"
  "    <unit-stat key=\"musicians\" from=\"unit\" min=\"0\" max=\"2\"><name>Musicians</name></unit-stat>\n"
  "  </unit-stats>\n"
  "  <unit-kinds>\n"
  "    <unit-kind id=\"foot\"><name>Foot</name><set stat=\"line\" value=\"2\"/></unit-kind>\n"
  "    <unit-kind id=\"gun\"><name>Gun</name><set stat=\"line\" value=\"3\"><name>Limbered</name></set></unit-kind>\n"
  "  </unit-kinds>\n"
  "  <ratings>\n"
  "    <rating id=\"green\"><name>Green</name></rating>\n"
  "  </ratings>\n"
  "  <outcomes>\n"
  "    <outcome id=\"unhurt\"><name>Unhurt</name></outcome>\n"
  "    <outcome id=\"wounded\" light=\"true\" serious=\"true\"><name>Wounded</name></outcome>\n"
  "  </outcomes>\n"
  "  <tables>\n"
  "    <table id=\"character\" dice=\"1d10\" stat=\"character\">\n"
  "      <name>Character</name>\n"
  "      <entry min=\"1\" max=\"1\" id=\"coward\"><name>Coward</name><effect stat=\"rating\" by=\"-1\"/></entry>\n"
  "      <entry min=\"2\" max=\"9\" id=\"steady\"><name>Steady</name></entry>\n"
  "      <entry min=\"10\" max=\"10\" id=\"hero\"><name>Hero</name><effect stat=\"rating\" by=\"2\"/></entry>\n"
  "    </table>\n"
  "  </tables>\n"
  "  <between-game>\n"
  "    <step type=\"musicians\" unit-stat=\"musicians\" returns=\"1\" ignores-light=\"true\"/>\n"
  "    <step type=\"light-wounds-accumulate\" per-serious=\"3\"/>\n"
  "    <step type=\"serious-wounds-accumulate\" fatal-at=\"2\"/>\n"
  "  </between-game>\n"
  "</ruleset>\n";

static char *
replace_once (const char *text,
              const char *from,
              const char *to)
{
  const char *at = strstr (text, from);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, to, at + strlen (from));
}

static MusterRuleset *
load (const char *text)
{
  g_autoptr(GError) error = NULL;
  MusterRuleset *rs = muster_ruleset_new_from_data (text, -1, "vocabulary.xml", &error);

  g_assert_no_error (error);
  g_assert_nonnull (rs);
  return rs;
}

static void
test_read (void)
{
  g_autoptr(MusterRuleset) rs = load (document);
  const MusterLookupTable *table = muster_ruleset_lookup_table (rs, "character");
  const MusterTableEntry *coward, *steady;
  const MusterEntryEffect *effect;

  /* A kind's own name for a value, else the unit stat's. */
  g_assert_cmpstr (muster_ruleset_get_unit_stat_name (rs, "line", "gun"), ==, "Limbered");
  g_assert_cmpstr (muster_ruleset_get_unit_stat_name (rs, "line", "foot"), ==, "Line");
  g_assert_cmpstr (muster_ruleset_get_unit_stat_name (rs, "line", NULL), ==, "Line");
  g_assert_cmpstr (muster_ruleset_get_unit_stat_name (rs, "line", "no-such-kind"), ==, "Line");
  g_assert_null (muster_ruleset_get_unit_stat_name (rs, "no-such-stat", "gun"));
  g_assert_cmpstr (muster_ruleset_get_unit_stat_value (rs, "line", "gun", NULL), ==, "3");

  /* The table a stat picks its entry on, and what the entries do. */
  g_assert_cmpstr (table->stat, ==, "character");
  g_assert_true (muster_traits_get_table (rs, "character") == table);
  g_assert_null (muster_traits_get_table (rs, "rating"));
  coward = muster_lookup_table_find_entry (table, 1);
  steady = muster_lookup_table_find_entry (table, 5);
  g_assert_cmpstr (coward->id, ==, "coward");
  g_assert_cmpstr (steady->id, ==, "steady");
  g_assert_null (muster_lookup_table_find_entry (table, 11));
  g_assert_cmpuint (coward->effects->len, ==, 1);
  effect = g_ptr_array_index (coward->effects, 0);
  g_assert_cmpstr (effect->stat, ==, "rating");
  g_assert_cmpint (effect->by, ==, -1);
  g_assert_cmpuint (steady->effects->len, ==, 0);
}

/* A stat as played, within its range; the stored value stays. */
static void
test_played_stat (void)
{
  static const struct {
    int rating;
    int character;
    int played;
    guint n_effects;
  } cases[] = {
    { 1,  1, 0, 1 },
    { 0,  1, 0, 1 },   /* not below the minimum */
    { 3,  5, 3, 0 },
    { 3, 10, 5, 1 },
    { 5, 10, 6, 1 },   /* nor above the maximum */
  };
  g_autoptr(MusterRuleset) rs = load (document);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MusterCharacterRow row = { .id = 1, .name = "Lt Harper", .troop_type = "officer" };
      g_autoptr(MusterCharacter) character = muster_character_new (&row);
      g_autoptr(GArray) effects = NULL;
      int played, stored;

      muster_character_set_stat (character, "rating", cases[i].rating);
      muster_character_set_stat (character, "character", cases[i].character);
      g_assert_true (muster_traits_played_stat (rs, character, "rating", &played, &effects));
      g_assert_cmpint (played, ==, cases[i].played);
      g_assert_cmpuint (effects->len, ==, cases[i].n_effects);
      g_assert_true (muster_character_get_stat (character, "rating", &stored));
      g_assert_cmpint (stored, ==, cases[i].rating);
      /* The stat that picks the entry is itself unchanged. */
      g_assert_true (muster_traits_played_stat (rs, character, "character", &played, NULL));
      g_assert_cmpint (played, ==, cases[i].character);
    }

  {
    MusterCharacterRow row = { .id = 2, .name = "Nobody", .troop_type = "officer" };
    g_autoptr(MusterCharacter) character = muster_character_new (&row);
    int played;

    g_assert_false (muster_traits_played_stat (rs, character, "rating", &played, NULL));
    g_assert_null (muster_traits_get_entry (rs, character, "character"));
  }
}

/* A mistake names the file, the line and what is wrong. */
static void
test_broken (void)
{
  static const struct {
    const char *from;
    const char *to;
    int         line;
    const char *fragment;
  } cases[] = {
    /* An effect on a stat the ruleset does not have. */
    { "<effect stat=\"rating\" by=\"-1\"/>", "<effect stat=\"nerve\" by=\"-1\"/>", 30, "“nerve”" },
    /* Effects in a table no stat picks an entry on. */
    { " stat=\"character\">\n", ">\n", 30, "stat=" },
    /* A table picked by a stat the ruleset does not have. */
    { " stat=\"character\">\n", " stat=\"nerve\">\n", 28, "“nerve”" },
    /* A number an int cannot hold. */
    { "by=\"-1\"", "by=\"-99999999999\"", 30, "99999999999" },
    { "per-serious=\"3\"", "per-serious=\"4294967296\"", 37, "4294967296" },
    /* A step counting musicians on a unit stat there is not. */
    { "unit-stat=\"musicians\"", "unit-stat=\"drums\"", 36, "“drums”" },
    /* Only a unit kind names a value in its own way. */
    { "<rating id=\"green\"><name>Green</name></rating>",
      "<rating id=\"green\"><name>Green</name><set stat=\"line\" value=\"1\"><name>Square</name></set></rating>",
      21, "name" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *doc = replace_once (document, cases[i].from, cases[i].to);
      g_autofree char *prefix = g_strdup_printf ("vocabulary.xml:%d: ", cases[i].line);
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterRuleset) rs = muster_ruleset_new_from_data (doc, -1, "vocabulary.xml", &error);

      g_test_message ("case %u: %s", i, error ? error->message : "(loaded)");
      g_assert_null (rs);
      g_assert_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_INVALID);
      g_assert_true (g_str_has_prefix (error->message, prefix));
      g_assert_nonnull (strstr (error->message, cases[i].fragment));
    }
}

/* A step whose parameters the engine cannot use stops the resolution
 * with a message naming the step, and changes nothing. */
static void
test_steps_refused (void)
{
  static const struct {
    const char *from;
    const char *to;
    const char *fragment;
  } cases[] = {
    { "per-serious=\"3\"", "per-serious=\"0\"", "light-wounds-accumulate" },
    { "unit-stat=\"musicians\" ", "", "musicians" },
    { "returns=\"1\"", "returns=\"-1\"", "musicians" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *doc = replace_once (document, cases[i].from, cases[i].to);
      g_autoptr(MusterRuleset) rs = load (doc);
      g_autoptr(MusterStore) store = muster_test_open_store (NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) events = NULL;
      g_autoptr(MusterGame) after = NULL;
      MusterCharacterSpec spec = { .troop_type = "officer" };
      MusterResult result = { .outcome = "wounded", .light_wounds = 3 };
      gint64 campaign, british, french, players[2], game;

      campaign = muster_store_create_campaign (store, "Steps", rs, 1, NULL, &error);
      british = muster_store_create_force (store, campaign, "British", NULL, &error);
      french = muster_store_create_force (store, campaign, "French", NULL, &error);
      spec.name = "Lt Harper";
      players[0] = muster_store_create_character (store, british, &spec, &error);
      spec.name = "Lt Roux";
      players[1] = muster_store_create_character (store, french, &spec, &error);
      game = muster_store_create_game (store, campaign, "Skirmish", NULL, players, 2, &error);
      g_assert_true (muster_store_set_result (store, game, players[0], &result, &error));
      g_assert_no_error (error);

      events = muster_engine_resolve (store, game, NULL, NULL, &error);
      g_test_message ("case %u: %s", i, error ? error->message : "(resolved)");
      g_assert_null (events);
      g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, cases[i].fragment));
      g_clear_error (&error);
      after = muster_store_get_game (store, game, &error);
      g_assert_no_error (error);
      g_assert_cmpint (muster_game_get_state (after), ==, MUSTER_GAME_PLAYED);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ruleset/vocabulary/read", test_read);
  g_test_add_func ("/ruleset/vocabulary/played-stat", test_played_stat);
  g_test_add_func ("/ruleset/vocabulary/broken", test_broken);
  g_test_add_func ("/ruleset/vocabulary/steps-refused", test_steps_refused);

  return g_test_run ();
}
