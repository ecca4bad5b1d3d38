/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-conformance"

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-engine.h"
#include "muster-exchange.h"
#include "muster-game.h"
#include "muster-ruleset.h"
#include "muster-sharpe-campaign-util.h"
#include "muster-store.h"
#include "muster-test-util.h"

/*
 * Sharpe's Skirmish played through a campaign: what the store and the
 * between-game steps make of the text's rules (seed 000), and a campaign
 * that keeps the rules of version 1 (tests/rulesets/sharpes-skirmish-1.xml,
 * the file as it was shipped) playing exactly as it did.
 */

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

/* finding 2: two serious wounds are a Kill (seed 000:426), two light
 * wounds a serious one (seed 000:424): a result recorded with wounds
 * that add up so is out of action (seed 000:418), says so in the log, and
 * faces the campaign death roll. */
static void
test_wounds_add_up (void)
{
  static const struct {
    int         light;
    int         serious;
    const char *recorded;
    const char *log;
  } cases[] = {
    { 0, 2, "out-of-action 0/0", "Ward: Out of action. 2 serious wounds count as “Out of action”." },
    { 4, 0, "out-of-action 0/0", "Ward: Out of action. 4 light wounds count as “Out of action”." },
    { 2, 1, "out-of-action 0/0",
      "Ward: Out of action. 1 serious and 2 light wounds count as “Out of action”." },
    { 3, 0, "wounded 3/0", "Ward: Wounded (3 light wounds, 0 serious wounds)." },
    { 1, 1, "wounded 1/1", "Ward: Wounded (1 light wound, 1 serious wound)." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Campaign c = { 0 };
      Men men;
      g_autoptr(GPtrArray) log = NULL;
      g_autoptr(GPtrArray) plan = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *ward = NULL;
      const MusterLogEntry *entry;
      gint64 game;
      gboolean rolled = FALSE;

      campaign_init (&c, NULL, 1811, NULL, NULL);
      g_assert_cmpstr (muster_ruleset_get_version (c.ruleset), ==, "3");
      muster_men (&c, &men);
      game = new_game (&c, "The ford", men.ward, men.lefort, (gint64) 0);
      record (&c, game, men.ward, "wounded", cases[i].light, cases[i].serious, 0);
      ward = recorded (&c, game, men.ward);
      g_test_message ("%d light, %d serious: %s", cases[i].light, cases[i].serious, ward);
      g_assert_cmpstr (ward, ==, cases[i].recorded);

      log = muster_store_list_log (c.store, c.campaign, game, men.ward, &error);
      g_assert_no_error (error);
      entry = g_ptr_array_index (log, 0);
      g_assert_cmpstr (entry->kind, ==, "result");
      g_assert_cmpstr (entry->message, ==, cases[i].log);

      /* A man put out of action so may be named by his killer, and the
       * death roll decides what becomes of him. */
      if (g_str_has_prefix (cases[i].recorded, "out-of-action"))
        record (&c, game, men.lefort, "unhurt", 0, 0, men.ward);
      else
        record (&c, game, men.lefort, "unhurt", 0, 0, 0);
      plan = muster_engine_plan (c.store, game, &error);
      g_assert_no_error (error);
      for (guint r = 0; r < plan->len; r++)
        {
          const MusterPlannedRoll *roll = g_ptr_array_index (plan, r);

          if (roll->character_id == men.ward && g_str_equal (roll->step_type, "death-roll"))
            rolled = TRUE;
        }
      g_assert_cmpint (rolled, ==, g_str_has_prefix (cases[i].recorded, "out-of-action"));
      resolve (&c, game);
      campaign_clear (&c);
    }
}

/* A file that records two serious wounds as wounded is imported as
 * recording them does: out of action. */
static void
test_wounds_add_up_imported (void)
{
  Campaign c = { 0 };
  Men men;
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *edited = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) participants = NULL;
  const char *at;
  gint64 game, imported;
  gboolean found = FALSE;

  campaign_init (&c, NULL, 1812, NULL, NULL);
  muster_men (&c, &men);
  game = new_game (&c, "The ford", men.ward, men.lefort, (gint64) 0);
  record (&c, game, men.ward, "wounded", 1, 0, 0);
  record (&c, game, men.lefort, "unhurt", 0, 0, 0);
  g_assert_true (muster_exchange_export_campaign (c.store, c.campaign, out, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (out, "", 1, NULL, NULL, &error));
  g_assert_true (g_output_stream_close (out, NULL, &error));
  text = g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));
  at = strstr (text, "outcome=\"wounded\" light=\"1\" serious=\"0\"");
  g_assert_nonnull (at);
  edited = g_strdup_printf ("%.*soutcome=\"wounded\" light=\"0\" serious=\"2\"%s",
                            (int) (at - text), text, at + strlen ("outcome=\"wounded\" light=\"1\" serious=\"0\""));

  imported = muster_exchange_import_data (c.store, edited, strlen (edited), "ford.muster", 0, NULL, &error);
  g_assert_no_error (error);
  games = muster_store_list_games (c.store, imported, &error);
  g_assert_no_error (error);
  participants = muster_store_list_participants (c.store, muster_game_get_id (g_ptr_array_index (games, 0)), &error);
  g_assert_no_error (error);
  for (guint i = 0; i < participants->len; i++)
    {
      const MusterParticipant *p = g_ptr_array_index (participants, i);

      if (g_str_equal (p->name, "Ward"))
        {
          g_assert_cmpstr (p->outcome, ==, "out-of-action");
          g_assert_cmpint (p->serious_wounds, ==, 0);
          found = TRUE;
        }
    }
  g_assert_true (found);
  campaign_clear (&c);
}

/* finding 3: a campaign that chose to lose the points for good loses 1 of
 * I, D and S for each light wound and 2 for each serious one (seed
 * 000:152, 000:154, 000:155), never below 1, logged and undone with the
 * resolution; one that did not (the default) keeps them. */
static void
test_lasting_harm (void)
{
  static const struct {
    const char *choice;
    const char *roll_call;
  } cases[] = {
    { NULL,
      "Ward active 0 0/0 I4 D3 S5 C2 F11\n"
      "Harper active 0 0/0 I4 D3 S5 C2 F11\n" },
    { "heal",
      "Ward active 0 0/0 I4 D3 S5 C2 F11\n"
      "Harper active 0 0/0 I4 D3 S5 C2 F11\n" },
    /* Ward: 1 light, 1 serious is 3; Harper: 3 light. */
    { "lasting-harm",
      "Ward active 0 0/0 I1 D1 S2 C2 F11\n"
      "Harper active 0 0/0 I1 D1 S2 C2 F11\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Campaign c = { 0 };
      Men men;
      g_autoptr(GError) error = NULL;
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;
      g_autofree char *call = NULL;
      g_autofree char *log = NULL;
      gint64 game;

      campaign_init (&c, NULL, 1813, cases[i].choice != NULL ? "lasting-wounds" : NULL, cases[i].choice);
      muster_men (&c, &men);
      game = new_game (&c, "The ford", men.ward, men.harper, men.lefort, (gint64) 0);
      record (&c, game, men.ward, "wounded", 1, 1, 0);
      record (&c, game, men.harper, "wounded", 3, 0, 0);
      record (&c, game, men.lefort, "unhurt", 0, 0, 0);
      before = muster_store_dump (c.store);
      resolve (&c, game);

      call = roll_call (&c);
      g_test_message ("%s:\n%s", cases[i].choice, call);
      g_assert_true (g_str_has_prefix (call, cases[i].roll_call));
      log = game_log (&c, game);
      g_assert_cmpint (strstr (log, "stat-drop: Ward drops to Initiative 1 for good.") != NULL, ==,
                       g_strcmp0 (cases[i].choice, "lasting-harm") == 0);
      /* The wounds themselves heal either way. */
      g_assert_nonnull (strstr (log, "healed: The wounds of Ward heal (1 light, 1 serious)."));

      g_assert_cmpint (muster_engine_undo_resolve (c.store, c.campaign, &error), ==, game);
      g_assert_no_error (error);
      after = muster_store_dump (c.store);
      g_assert_cmpstr (after, ==, before);
      campaign_clear (&c);
    }
}

/* finding 4: out of action for D6 games (seed 000:418) counts the
 * campaign's games, a game his own force does not fight included. */
static void
test_games_missed (void)
{
  Campaign c = { 0 };
  Men men;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCharacter) cooper = NULL;
  g_autofree char *log = NULL;
  gint64 guerrillas, pedro, game, next;

  campaign_init (&c, NULL, 1810, "death-roll", "out-d6-games");
  muster_men (&c, &men);
  guerrillas = muster_store_create_force (c.store, c.campaign, "Guerrilla band", "Spanish", &error);
  g_assert_no_error (error);
  pedro = add_man (&c, guerrillas, "Pedro", "other", NULL, line_stats);

  game = new_game (&c, "The ford", men.cooper, men.lefort, (gint64) 0);
  record (&c, game, men.cooper, "out-of-action", 0, 0, 0);
  record (&c, game, men.lefort, "unhurt", 0, 0, men.cooper);
  resolve (&c, game);
  cooper = muster_store_get_character (c.store, men.cooper, &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_character_get_status (cooper), ==, MUSTER_STATUS_OUT_OF_ACTION);
  g_assert_cmpint (muster_character_get_out_games (cooper), ==, 3);
  g_clear_object (&cooper);

  /* The Spanish against the French: the British do not fight. */
  next = new_game (&c, "The pass", pedro, men.marchal, (gint64) 0);
  record (&c, next, pedro, "unhurt", 0, 0, 0);
  record (&c, next, men.marchal, "unhurt", 0, 0, 0);
  resolve (&c, next);
  log = game_log (&c, next);
  g_assert_nonnull (strstr (log, "countdown: Cooper misses this game and is out of action for 2 more games."));
  cooper = muster_store_get_character (c.store, men.cooper, &error);
  g_assert_cmpint (muster_character_get_out_games (cooper), ==, 2);
  campaign_clear (&c);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/conformance/sharpes-skirmish/campaign/version-1-as-before", test_version_1_as_before);
  g_test_add_func ("/conformance/sharpes-skirmish/campaign/wounds-add-up", test_wounds_add_up);
  g_test_add_func ("/conformance/sharpes-skirmish/campaign/wounds-add-up-imported", test_wounds_add_up_imported);
  g_test_add_func ("/conformance/sharpes-skirmish/campaign/lasting-harm", test_lasting_harm);
  g_test_add_func ("/conformance/sharpes-skirmish/campaign/games-missed", test_games_missed);

  return g_test_run ();
}
