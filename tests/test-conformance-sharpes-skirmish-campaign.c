/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-conformance"

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-character-stats.h"
#include "muster-engine.h"
#include "muster-exchange.h"
#include "muster-game.h"
#include "muster-ruleset.h"
#include "muster-store-private.h"
#include "muster-store-test-util.h"
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
      g_assert_cmpstr (muster_ruleset_get_version (c.ruleset), ==, "2");
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

/* A library as Muster kept it before version 5: a man's firing skill
 * held to his musket's 9 when stored. */
static void
write_version_3_library (const char *path)
{
  static const char * const migrations[] = { "0001-initial.sql", "0002-units.sql", "0003-history.sql" };
  /* name, troop type, weapon, F stored, F rolled (0: no roll), edited by hand */
  static const struct {
    const char *name;
    const char *type;
    const char *weapon;
    int         stored;
    int         rolled;
    gboolean    edited;
  } men[] = {
    { "Ashworth", "other",    "musket", 9,  11, FALSE },  /* rolled 2D6: 11, kept at 9 */
    { "Bramwell", "rifleman", "musket", 9,  12, FALSE },  /* a rifleman handed a musket */
    { "Crane",    "other",    "musket", 7,  11, FALSE },  /* 7 is no cap: someone set it */
    { "Dunn",     "other",    "musket", 9,  11, TRUE },   /* set by hand since */
    { "Ellis",    "line",     "musket", 6,  6,  FALSE },
    { "Fenn",     "rifleman", "rifle",  11, 11, FALSE },
    { "Gale",     "other",    "musket", 9,  0,  FALSE },  /* no roll kept: made by hand */
  };
  g_autofree char *xml = muster_test_read_data ("rulesets/sharpes-skirmish-1.xml", NULL);
  sqlite3 *db = raw_open (path);
  sqlite3_stmt *stmt = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (migrations); i++)
    {
      g_autofree char *file = g_build_filename (TEST_SRCDIR, "..", "src", "core", "migrations", migrations[i], NULL);
      g_autofree char *sql = NULL;

      g_assert_true (g_file_get_contents (file, &sql, NULL, NULL));
      raw_exec (db, sql);
    }
  raw_exec (db, "PRAGMA application_id = 1297437524; PRAGMA user_version = 3;");
  g_assert_cmpint (sqlite3_prepare_v2 (db, "INSERT INTO campaign (id, name, ruleset_id, ruleset_version,"
                                           " ruleset_xml, seed, created) VALUES (1, 'Busaco',"
                                           " 'sharpes-skirmish', '1', ?, 7, '2024-01-01T00:00:00Z')",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, xml, -1, SQLITE_TRANSIENT);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  sqlite3_finalize (stmt);
  raw_exec (db, "INSERT INTO force (id, campaign_id, name, side) VALUES (1, 1, 'Light company', 'British');");

  for (guint i = 0; i < G_N_ELEMENTS (men); i++)
    {
      g_autofree char *sql = NULL;
      int id = (int) i + 1;

      sql = g_strdup_printf ("INSERT INTO character (id, campaign_id, force_id, name, troop_type, weapon)"
                             " VALUES (%d, 1, 1, '%s', '%s', '%s');"
                             "INSERT INTO stat (character_id, key, value) VALUES"
                             " (%d, 'I', 3), (%d, 'D', 4), (%d, 'S', 3), (%d, 'C', 4), (%d, 'F', %d);",
                             id, men[i].name, men[i].type, men[i].weapon, id, id, id, id, id, men[i].stored);
      raw_exec (db, sql);
      g_clear_pointer (&sql, g_free);
      if (men[i].rolled > 0)
        {
          sql = g_strdup_printf ("INSERT INTO roll (campaign_id, character_id, purpose, expression, faces,"
                                 " total, created) VALUES (1, %d, 'recruit:F', '2d6', '5,6', %d,"
                                 " '2024-01-01T00:00:00Z');", id, men[i].rolled);
          raw_exec (db, sql);
          g_clear_pointer (&sql, g_free);
        }
      if (men[i].edited)
        {
          sql = g_strdup_printf ("INSERT INTO log_entry (campaign_id, character_id, kind, message, created)"
                                 " VALUES (1, %d, 'stat-changed', '%s: Firing changed from 8 to 9',"
                                 " '2024-01-02T00:00:00Z');", id, men[i].name);
          raw_exec (db, sql);
        }
    }
  sqlite3_close (db);
}

/* finding 1: a library written before the rolled skill was kept comes
 * back with the skill each man rolled when recruited, where his weapon's
 * cap had lowered it, shown with what he shoots at: "11 (9)"; the log
 * names whom it restored. */
static void
test_rolled_skill_restored (void)
{
  static const struct {
    const char *name;
    int         f;
    const char *shown;
    gboolean    restored;
  } expected[] = {
    { "Ashworth", 11, "11 (9)", TRUE },
    { "Bramwell", 12, "12 (9)", TRUE },
    { "Crane",    7,  "7",      FALSE },
    { "Dunn",     9,  "9",      FALSE },
    { "Ellis",    6,  "6",      FALSE },
    { "Fenn",     11, "11",     FALSE },
    { "Gale",     9,  "9",      FALSE },
  };
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autofree char *backup = g_strconcat (path, ".bak-v3", NULL);
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset;
  sqlite3 *db;

  write_version_3_library (path);
  store = muster_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_test (backup, G_FILE_TEST_IS_REGULAR));
  ruleset = muster_store_get_campaign_ruleset (store, 1, &error);
  g_assert_no_error (error);
  characters = muster_store_list_characters (store, 1, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (characters->len, ==, G_N_ELEMENTS (expected));

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      MusterCharacter *man = g_ptr_array_index (characters, i);
      g_autoptr(GPtrArray) log = muster_store_list_log (store, 1, 0, muster_character_get_id (man), &error);
      g_autofree char *shown = muster_character_format_stat (man, ruleset, "F");
      g_autofree char *key = muster_character_describe_caps (man, ruleset);
      guint n_restored = 0;
      int f = 0, used = 0;

      g_test_message ("%s: %s", muster_character_get_name (man), shown);
      g_assert_cmpstr (muster_character_get_name (man), ==, expected[i].name);
      g_assert_true (muster_character_get_stat (man, "F", &f));
      g_assert_cmpint (f, ==, expected[i].f);
      g_assert_cmpstr (shown, ==, expected[i].shown);
      /* With his musket he shoots at 9 at most (seed 000:241). */
      g_assert_true (muster_character_get_effective_stat (man, ruleset, "F", &used));
      g_assert_cmpint (used, ==, g_str_equal (muster_character_get_weapon (man), "musket") ? MIN (f, 9) : f);
      g_assert_cmpint (key != NULL, ==, f > used);
      if (key != NULL)
        g_assert_cmpstr (key, ==, "(9): Firing with his Musket");

      g_assert_no_error (error);
      for (guint l = 0; l < log->len; l++)
        {
          const MusterLogEntry *entry = g_ptr_array_index (log, l);

          if (g_str_equal (entry->kind, "stat-restored"))
            {
              g_autofree char *message = g_strdup_printf ("%s: Firing back to %d, as rolled when he was recruited; "
                                                          "it was kept at 9, his weapon’s limit, which he still "
                                                          "uses with that weapon.", expected[i].name, expected[i].f);

              g_assert_cmpstr (entry->message, ==, message);
              n_restored++;
            }
        }
      g_assert_cmpuint (n_restored, ==, expected[i].restored ? 1 : 0);
    }
  g_clear_object (&store);

  db = raw_open (path);
  g_assert_cmpint (raw_int (db, "PRAGMA user_version"), ==, MUSTER_STORE_SCHEMA_VERSION);
  sqlite3_close (db);
  /* The backup is the library as it was. */
  db = raw_open (backup);
  g_assert_cmpint (raw_int (db, "PRAGMA user_version"), ==, 3);
  g_assert_cmpint (raw_int (db, "SELECT value FROM stat WHERE character_id = 1 AND key = 'F'"), ==, 9);
  sqlite3_close (db);
}

/* finding 1: what he rolled is what he keeps, whatever weapon he carries
 * (seed 000:241: a man of 10 or more shoots a musket at 9, his rifle at
 * his own skill); the store takes a skill above the cap, and changing his
 * weapon either way changes only what he uses. */
static void
test_rolled_skill_kept (void)
{
  Campaign c = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCharacter) man = NULL;
  g_autoptr(GPtrArray) log = NULL;
  static const int eleven[5] = { 3, 4, 3, 4, 11 };
  const MusterLogEntry *entry;
  g_autofree char *shown = NULL;
  gint64 id;
  int f = 0, used = 0;

  campaign_init (&c, NULL, 1814, NULL, NULL);
  /* An "other" character with a musket may hold 11: the cap is what he
   * shoots at. */
  id = add_man (&c, c.british, "Ashworth", "other", "musket", eleven);
  man = muster_store_get_character (c.store, id, &error);
  g_assert_no_error (error);
  shown = muster_character_format_stat (man, c.ruleset, "F");
  g_assert_cmpstr (shown, ==, "11 (9)");
  g_clear_pointer (&shown, g_free);
  g_clear_object (&man);

  /* A rifle: his own 11 again. */
  g_assert_true (muster_store_set_character_text (c.store, id, "weapon", "rifle", &error));
  g_assert_no_error (error);
  man = muster_store_get_character (c.store, id, &error);
  g_assert_true (muster_character_get_stat (man, "F", &f));
  g_assert_true (muster_character_get_effective_stat (man, c.ruleset, "F", &used));
  g_assert_cmpint (f, ==, 11);
  g_assert_cmpint (used, ==, 11);
  g_assert_false (muster_character_stat_is_capped (man, c.ruleset, "F"));
  g_clear_object (&man);

  /* A musket again: he shoots at 9 and keeps 11, and the log says so. */
  g_assert_true (muster_store_set_character_text (c.store, id, "weapon", "musket", &error));
  g_assert_no_error (error);
  man = muster_store_get_character (c.store, id, &error);
  g_assert_true (muster_character_get_stat (man, "F", &f));
  g_assert_true (muster_character_get_effective_stat (man, c.ruleset, "F", &used));
  g_assert_cmpint (f, ==, 11);
  g_assert_cmpint (used, ==, 9);
  log = muster_store_list_log (c.store, c.campaign, 0, id, &error);
  entry = g_ptr_array_index (log, 0);
  g_assert_cmpstr (entry->message, ==, "Ashworth now carries a Musket; he uses Firing 9 with it, and keeps his 11");
  g_clear_object (&man);

  /* set F: the stat's own range (1 to 12), not the cap. */
  g_assert_true (muster_store_set_character_stat (c.store, id, "F", 12, &error));
  g_assert_no_error (error);
  g_assert_false (muster_store_set_character_stat (c.store, id, "F", 13, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  campaign_clear (&c);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/conformance/sharpes-skirmish/campaign/version-1-as-before", test_version_1_as_before);
  g_test_add_func ("/conformance/sharpes-skirmish/campaign/rolled-skill-restored", test_rolled_skill_restored);
  g_test_add_func ("/conformance/sharpes-skirmish/campaign/rolled-skill-kept", test_rolled_skill_kept);
  g_test_add_func ("/conformance/sharpes-skirmish/campaign/wounds-add-up", test_wounds_add_up);
  g_test_add_func ("/conformance/sharpes-skirmish/campaign/wounds-add-up-imported", test_wounds_add_up_imported);
  g_test_add_func ("/conformance/sharpes-skirmish/campaign/lasting-harm", test_lasting_harm);
  g_test_add_func ("/conformance/sharpes-skirmish/campaign/games-missed", test_games_missed);

  return g_test_run ();
}
