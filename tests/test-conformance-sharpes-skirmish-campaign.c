/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-conformance"

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-engine.h"
#include "muster-game.h"
#include "muster-ruleset.h"
#include "muster-store-private.h"
#include "muster-store.h"
#include "muster-test-util.h"

/*
 * Sharpe's Skirmish played through a campaign: what the store and the
 * between-game steps make of the text's rules (seed 000), and a campaign
 * that keeps the rules of version 1 (tests/rulesets/sharpes-skirmish-1.xml,
 * the file as it was shipped) playing exactly as it did.
 */

typedef struct {
  MusterStore   *store;
  MusterRuleset *ruleset;   /* the campaign's own copy */
  gint64         campaign;
  gint64         british;
  gint64         french;
} Campaign;

/* A campaign of the shipped rules, or of @file under tests/, with
 * @option set to @choice (both may be NULL). */
static void
campaign_init (Campaign   *c,
               const char *file,
               guint64     seed,
               const char *option,
               const char *choice)
{
  g_autoptr(GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;

  if (file != NULL)
    {
      g_autofree char *path = g_build_filename (TEST_SRCDIR, file, NULL);

      ruleset = muster_ruleset_new_from_file (path, &error);
    }
  else
    ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);
  g_assert_no_error (error);

  if (option != NULL)
    g_hash_table_insert (options, (gpointer) option, (gpointer) choice);
  c->store = muster_test_open_store (NULL);
  c->campaign = muster_store_create_campaign (c->store, "Busaco", ruleset, seed, options, &error);
  g_assert_no_error (error);
  c->british = muster_store_create_force (c->store, c->campaign, "Light company", "British", &error);
  g_assert_no_error (error);
  c->french = muster_store_create_force (c->store, c->campaign, "Voltigeurs", "French", &error);
  g_assert_no_error (error);
  c->ruleset = muster_store_get_campaign_ruleset (c->store, c->campaign, &error);
  g_assert_no_error (error);
  g_object_ref (c->ruleset);
}

static void
campaign_clear (Campaign *c)
{
  g_clear_object (&c->ruleset);
  g_clear_object (&c->store);
}

/* A man with the characteristics I, D, S, C and F given. */
static gint64
add_man (Campaign   *c,
         gint64      force,
         const char *name,
         const char *troop_type,
         const char *weapon,
         const int   stats[5])
{
  static const char * const keys[] = { "I", "D", "S", "C", "F" };
  g_autoptr(GHashTable) values = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  MusterCharacterSpec spec = { 0 };
  gint64 id;

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_hash_table_insert (values, (gpointer) keys[i], GINT_TO_POINTER (stats[i]));
  spec.name = name;
  spec.troop_type = troop_type;
  spec.weapon = weapon;
  spec.stats = values;
  id = muster_store_create_character (c->store, force, &spec, &error);
  g_assert_no_error (error);
  return id;
}

/* A game of the men given (0-terminated). */
static gint64
new_game (Campaign   *c,
          const char *title,
          ...)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;
  va_list args;
  gint64 id, game;

  va_start (args, title);
  while ((id = va_arg (args, gint64)) != 0)
    g_array_append_val (ids, id);
  va_end (args);
  game = muster_store_create_game (c->store, c->campaign, title, NULL,
                                   (const gint64 *) ids->data, ids->len, &error);
  g_assert_no_error (error);
  return game;
}

static void
record (Campaign   *c,
        gint64      game,
        gint64      who,
        const char *outcome,
        int         light,
        int         serious,
        gint64      victim)
{
  MusterResult result = { outcome, light, serious, victim != 0 ? &victim : NULL, victim != 0 ? 1 : 0, 0, NULL };
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_store_set_result (c->store, game, who, &result, &error));
  g_assert_no_error (error);
}

static void
resolve (Campaign *c,
         gint64    game)
{
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GError) error = NULL;

  events = muster_engine_resolve (c->store, game, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (events);
}

/* What the campaign's log says of @game, oldest first: "kind: message"
 * a line, with the dice of a roll. */
static char *
game_log (Campaign *c,
          gint64    game)
{
  g_autoptr(GPtrArray) log = NULL;
  g_autoptr(GError) error = NULL;
  GString *text = g_string_new (NULL);

  log = muster_store_list_log (c->store, c->campaign, game, 0, &error);
  g_assert_no_error (error);
  for (guint i = log->len; i > 0; i--)
    {
      const MusterLogEntry *entry = g_ptr_array_index (log, i - 1);

      g_string_append_printf (text, "%s: %s", entry->kind, entry->message);
      if (entry->has_roll)
        g_string_append_printf (text, " [%s %s = %d]", entry->expression, entry->faces, entry->total);
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

/* Every man as the campaign keeps him now: status, games still to miss,
 * wounds carried and characteristics, a line each. */
static char *
roll_call (Campaign *c)
{
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(GError) error = NULL;
  GString *text = g_string_new (NULL);

  characters = muster_store_list_characters (c->store, c->campaign, 0, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < characters->len; i++)
    {
      MusterCharacter *man = g_ptr_array_index (characters, i);

      g_string_append_printf (text, "%s %s %d %d/%d", muster_character_get_name (man),
                              muster_status_to_string (muster_character_get_status (man)),
                              muster_character_get_out_games (man),
                              muster_character_get_light_wounds (man),
                              muster_character_get_serious_wounds (man));
      for (guint s = 0; s < muster_ruleset_get_n_stats (c->ruleset); s++)
        {
          const char *key = muster_ruleset_get_stat (c->ruleset, s)->key;
          int value = 0;

          muster_character_get_stat (man, key, &value);
          g_string_append_printf (text, " %s%d", key, value);
        }
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

/* The outcome recorded for @who in @game, with the wounds it carries. */
static char *
recorded (Campaign *c,
          gint64    game,
          gint64    who)
{
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(GError) error = NULL;

  participants = muster_store_list_participants (c->store, game, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < participants->len; i++)
    {
      const MusterParticipant *p = g_ptr_array_index (participants, i);

      if (p->character_id == who)
        return g_strdup_printf ("%s %d/%d", p->outcome, p->light_wounds, p->serious_wounds);
    }
  g_assert_not_reached ();
}

static const int ward_stats[5] = { 4, 3, 5, 2, 11 };
static const int line_stats[5] = { 3, 4, 3, 4, 6 };

/* The men of the scenario both versions play: two serious wounds, four
 * light ones, a man put out of action, a prisoner. */
typedef struct {
  gint64 ward, harper, cooper, lefort, marchal, dubois;
} Men;

static void
muster_men (Campaign *c,
            Men      *men)
{
  men->ward = add_man (c, c->british, "Ward", "rifleman", "rifle", ward_stats);
  men->harper = add_man (c, c->british, "Harper", "rifleman", "rifle", ward_stats);
  men->cooper = add_man (c, c->british, "Cooper", "line", NULL, line_stats);
  men->lefort = add_man (c, c->french, "Lefort", "voltigeur", NULL, line_stats);
  men->marchal = add_man (c, c->french, "Marchal", "voltigeur", NULL, line_stats);
  men->dubois = add_man (c, c->french, "Dubois", "voltigeur", NULL, line_stats);
}

static gint64
play_first_game (Campaign   *c,
                 const Men  *men)
{
  gint64 game = new_game (c, "The ford", men->ward, men->harper, men->cooper,
                          men->lefort, men->marchal, men->dubois, (gint64) 0);

  record (c, game, men->ward, "wounded", 0, 2, 0);
  record (c, game, men->harper, "wounded", 4, 0, 0);
  record (c, game, men->cooper, "out-of-action", 0, 0, 0);
  record (c, game, men->lefort, "unhurt", 0, 0, men->cooper);
  record (c, game, men->marchal, "wounded", 1, 1, 0);
  record (c, game, men->dubois, "captured", 0, 0, 0);
  return game;
}

/* A campaign that keeps version 1 of the rules plays as it always did:
 * the same results kept, the same dice, the same log, the same men
 * afterwards, whichever death roll it chose. */
static void
test_version_1_as_before (void)
{
  static const struct {
    const char *choice;
    guint64     seed;
    const char *first_log;
    const char *second_log;
    const char *roll_call;
  } expected[] = {
    { "die-on-6", 1809,
      "game: Game 1 “The ford” planned: British against French, 6 characters.\n"
      "result: Ward: Wounded (0 light wounds, 2 serious wounds).\n"
      "result: Harper: Wounded (4 light wounds, 0 serious wounds).\n"
      "result: Cooper: Out of action.\n"
      "result: Lefort: Unhurt; put 1 enemy out of action.\n"
      "result: Marchal: Wounded (1 light wound, 1 serious wound).\n"
      "result: Dubois: Captured.\n"
      "survived: Cooper survives and is back for the next game. (Death roll on 1d6: 3) [1d6 3 = 3]\n"
      "captured: Dubois is taken prisoner and stays captured until released.\n"
      "healed: The 2 serious wounds of Ward heal.\n"
      "healed: The 4 light wounds of Harper heal.\n"
      "healed: The wounds of Marchal heal (1 light, 1 serious).\n"
      "resolved: Game 1 “The ford” resolved.\n",
      "game: Game 2 “The bridge” planned: British against French, 4 characters.\n"
      "result: Ward: Unhurt.\n"
      "result: Lefort: Wounded (2 light wounds, 0 serious wounds).\n"
      "healed: The 2 light wounds of Lefort heal.\n"
      "resolved: Game 2 “The bridge” resolved.\n",
      "Ward active 0 0/0 I4 D3 S5 C2 F11\n"
      "Harper active 0 0/0 I4 D3 S5 C2 F11\n"
      "Cooper active 0 0/0 I3 D4 S3 C4 F6\n"
      "Lefort active 0 0/0 I3 D4 S3 C4 F6\n"
      "Marchal active 0 0/0 I3 D4 S3 C4 F6\n"
      "Dubois captured 0 0/0 I3 D4 S3 C4 F6\n" },
    { "out-d6-games", 1810,
      "game: Game 1 “The ford” planned: British against French, 6 characters.\n"
      "result: Ward: Wounded (0 light wounds, 2 serious wounds).\n"
      "result: Harper: Wounded (4 light wounds, 0 serious wounds).\n"
      "result: Cooper: Out of action.\n"
      "result: Lefort: Unhurt; put 1 enemy out of action.\n"
      "result: Marchal: Wounded (1 light wound, 1 serious wound).\n"
      "result: Dubois: Captured.\n"
      "out: Cooper is out of action for 3 games. (Out for games on 1d6: 3) [1d6 3 = 3]\n"
      "captured: Dubois is taken prisoner and stays captured until released.\n"
      "healed: The 2 serious wounds of Ward heal.\n"
      "healed: The 4 light wounds of Harper heal.\n"
      "healed: The wounds of Marchal heal (1 light, 1 serious).\n"
      "resolved: Game 1 “The ford” resolved.\n",
      "game: Game 2 “The bridge” planned: British against French, 4 characters.\n"
      "result: Ward: Unhurt.\n"
      "result: Lefort: Wounded (2 light wounds, 0 serious wounds).\n"
      "countdown: Cooper misses this game and is out of action for 2 more games.\n"
      "healed: The 2 light wounds of Lefort heal.\n"
      "resolved: Game 2 “The bridge” resolved.\n",
      "Ward active 0 0/0 I4 D3 S5 C2 F11\n"
      "Harper active 0 0/0 I4 D3 S5 C2 F11\n"
      "Cooper out-of-action 2 0/0 I3 D4 S3 C4 F6\n"
      "Lefort active 0 0/0 I3 D4 S3 C4 F6\n"
      "Marchal active 0 0/0 I3 D4 S3 C4 F6\n"
      "Dubois captured 0 0/0 I3 D4 S3 C4 F6\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      Campaign c = { 0 };
      Men men;
      g_autofree char *first = NULL;
      g_autofree char *second = NULL;
      g_autofree char *call = NULL;
      g_autofree char *ward = NULL;
      gint64 game, next;

      campaign_init (&c, "rulesets/sharpes-skirmish-1.xml", expected[i].seed, "death-roll", expected[i].choice);
      g_assert_cmpstr (muster_ruleset_get_version (c.ruleset), ==, "1");
      muster_men (&c, &men);

      game = play_first_game (&c, &men);
      /* Version 1 keeps two serious wounds as they were recorded. */
      ward = recorded (&c, game, men.ward);
      g_assert_cmpstr (ward, ==, "wounded 0/2");
      resolve (&c, game);
      first = game_log (&c, game);

      /* The second game, without Cooper: a countdown when he is out. */
      next = new_game (&c, "The bridge", men.ward, men.harper, men.lefort, men.marchal, (gint64) 0);
      record (&c, next, men.ward, "unhurt", 0, 0, 0);
      record (&c, next, men.lefort, "wounded", 2, 0, 0);
      resolve (&c, next);
      second = game_log (&c, next);
      call = roll_call (&c);

      g_test_message ("%s\n--- first\n%s--- second\n%s--- roll call\n%s", expected[i].choice, first, second, call);
      g_assert_cmpstr (first, ==, expected[i].first_log);
      g_assert_cmpstr (second, ==, expected[i].second_log);
      g_assert_cmpstr (call, ==, expected[i].roll_call);
      campaign_clear (&c);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/conformance/sharpes-skirmish/campaign/version-1-as-before", test_version_1_as_before);

  return g_test_run ();
}
