/* SPDX-License-Identifier: GPL-3.0-or-later */

/* Sharpe's Skirmish played at the table: the ruleset's <play> against the
 * text (seed 000, cited by file:line), every cell of the wound effect
 * table and every hit location through the store, the modifiers, the
 * dice of a hit kept by its ordinal through undo, and a game finished
 * from its hits recording what the same game typed in records. */

#include <string.h>

#include "muster-engine.h"
#include "muster-ruleset-play.h"
#include "muster-sharpe-campaign-util.h"
#include "muster-table.h"
#include "muster-test-util.h"

#define SEED_000 "seed 000_73f15fb3553713d1.txt"

static const int average[5] = { 3, 3, 3, 3, 6 };

static const MusterPlay *
play_of (Campaign *c)
{
  const MusterPlay *play = muster_ruleset_get_play (c->ruleset);

  g_assert_nonnull (play);
  return play;
}

/* Hit locations: 000:366-370, one die, 1 legs ... 6 head. */
static void
test_locations (void)
{
  static const struct { int face; const char *id; const char *row; } expected[] = {
    { 1, "legs", "legs" }, { 2, "abdomen", "abdomen" }, { 3, "left-arm", "arms" },
    { 4, "right-arm", "arms" }, { 5, "chest", "chest" }, { 6, "head", "head" },
  };
  Campaign c;
  const MusterPlay *play;

  campaign_init (&c, NULL, 1, NULL, NULL);
  play = play_of (&c);
  g_assert_cmpstr (muster_dice_expr_to_string (play->location_dice), ==, "1d6"); /* 000:366 */
  g_assert_cmpuint (play->locations->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const MusterPlayLocation *location = muster_play_location_for_face (play, expected[i].face);

      g_assert_nonnull (location);
      g_assert_cmpstr (location->id, ==, expected[i].id);
      g_assert_cmpstr (location->row, ==, expected[i].row);
    }
  campaign_clear (&c);
}

/* The wound effect table, 000:404-410 (the Playsheet's, 000:607-614,
 * differs on Head 5: the house reading takes the rules section's L/w).
 * Shots roll 2D6, melee 1D6 plus the difference (000:394-396). */
static const struct {
  const char *row;
  const char *cells;    /* scores 2 to 12 */
} seed_table[] = {
  { "head",    "N/e N/e L/w L/w S/w S/w S/w Kill Kill Kill Kill" },   /* 000:406 */
  { "arms",    "N/e N/e L/w L/w L/w L/w S/w S/w S/w S/w Kill" },     /* 000:407 */
  { "legs",    "N/e N/e L/w L/w L/w S/w S/w S/w S/w Kill Kill" },    /* 000:408 */
  { "chest",   "N/e L/w L/w L/w S/w S/w S/w S/w Kill Kill Kill" },   /* 000:409 */
  { "abdomen", "N/e L/w L/w L/w S/w S/w S/w S/w Kill Kill Kill" },   /* 000:410 */
};

static void
test_wound_effect_table (void)
{
  Campaign c;
  const MusterPlay *play;
  const MusterReferenceTable *reference = NULL;
  GPtrArray *tables;

  campaign_init (&c, NULL, 1, NULL, NULL);
  play = play_of (&c);
  g_assert_cmpstr (muster_dice_expr_to_string (play->shot_dice), ==, "2d6");  /* 000:394 */
  g_assert_cmpstr (muster_dice_expr_to_string (play->melee_dice), ==, "1d6"); /* 000:396 */
  g_assert_cmpint (play->first_score, ==, 2);                                 /* 000:405 */

  tables = muster_ruleset_get_reference_tables (c.ruleset);
  for (guint i = 0; i < tables->len; i++)
    if (g_strcmp0 (((MusterReferenceTable *) g_ptr_array_index (tables, i))->id, play->reference) == 0)
      reference = g_ptr_array_index (tables, i);
  g_assert_nonnull (reference);

  for (guint r = 0; r < G_N_ELEMENTS (seed_table); r++)
    {
      g_auto(GStrv) cells = g_strsplit (seed_table[r].cells, " ", -1);

      g_assert_cmpuint (g_strv_length (cells), ==, 11);
      for (int score = 2; score <= 12; score++)
        {
          const MusterPlayEffect *effect = muster_play_wound_effect (play, seed_table[r].row, score);

          g_assert_nonnull (effect);
          g_assert_cmpstr (effect->abbr, ==, cells[score - 2]);
        }
      /* 000:420: below the table no effect, above it always a Kill. */
      g_assert_cmpstr (muster_play_wound_effect (play, seed_table[r].row, 0)->id, ==, "none");
      g_assert_cmpstr (muster_play_wound_effect (play, seed_table[r].row, 1)->id, ==, "none");
      g_assert_cmpstr (muster_play_wound_effect (play, seed_table[r].row, 13)->id, ==, "kill");
      g_assert_cmpstr (muster_play_wound_effect (play, seed_table[r].row, 20)->id, ==, "kill");
    }

  /* The Playsheet's reference table and the lookup agree cell by cell:
   * row r of the reference is row r of the lookup, in the same order. */
  g_assert_cmpuint (reference->rows->len, ==, play->rows->len);
  for (guint r = 0; r < play->rows->len; r++)
    {
      const MusterPlayRow *row = g_ptr_array_index (play->rows, r);
      GPtrArray *printed = g_ptr_array_index (reference->rows, r);

      g_assert_cmpuint (printed->len, ==, row->effects->len + 1);
      for (guint k = 0; k < row->effects->len; k++)
        g_assert_cmpstr (g_ptr_array_index (printed, k + 1), ==,
                         muster_play_lookup_effect (play, g_ptr_array_index (row->effects, k))->abbr);
    }
  campaign_clear (&c);
}

/* Modifiers to wound effect, 000:398-402 and the Playsheet's 000:646-651
 * (falling: +3, the house reading). Wounds cost 1 and 2 of I, D and S,
 * 000:645, and 1" and 2" of movement. */
static void
test_modifiers (void)
{
  static const struct { const char *id; int value; } fixed[] = {
    { "hit-by-horse", 1 },      /* 000:402 */
    { "falling", 3 },           /* 000:648 */
    { "unable-to-recoil", 1 },  /* 000:400 */
    { "no-weapon", -1 },        /* 000:401 */
    { "horse-hit-by-man", -1 }, /* 000:402 */
    { "on-the-ground", 1 },     /* 000:176 */
    { "capture", 1 },           /* 000:376 */
  };
  Campaign c;
  const MusterPlay *play;
  const MusterPlayModifier *strength;

  campaign_init (&c, NULL, 1, NULL, NULL);
  play = play_of (&c);
  for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
    {
      const MusterPlayModifier *modifier = muster_play_lookup_modifier (play, fixed[i].id);

      g_assert_nonnull (modifier);
      g_assert_cmpint (muster_play_modifier_value (modifier, 0), ==, fixed[i].value);
    }
  /* 000:399-401: strength 1, 2 -1; 3, 4 0; 5, 6 +1. */
  strength = muster_play_lookup_modifier (play, "attacker-strength");
  g_assert_cmpstr (strength->stat, ==, "S");
  for (int s = 1; s <= 6; s++)
    g_assert_cmpint (muster_play_modifier_value (strength, s), ==, s <= 2 ? -1 : s <= 4 ? 0 : 1);

  g_assert_cmpint (muster_play_wounded_stat (play, "I", 5, 1, 0), ==, 4);
  g_assert_cmpint (muster_play_wounded_stat (play, "D", 5, 0, 1), ==, 3);
  g_assert_cmpint (muster_play_wounded_stat (play, "S", 5, 1, 1), ==, 2);
  g_assert_cmpint (muster_play_wounded_stat (play, "C", 5, 1, 1), ==, 5);
  g_assert_cmpint (muster_play_wounded_stat (play, "S", 2, 0, 2), ==, 0);
  g_assert_cmpint (play->movement_light, ==, 1);
  g_assert_cmpint (play->movement_serious, ==, 2);
  campaign_clear (&c);
}

static MusterHit *
hit (Campaign               *c,
     gint64                  game,
     const MusterHitRequest *request)
{
  g_autoptr(GError) error = NULL;
  MusterHit *h = muster_store_record_hit (c->store, game, request, &error);

  g_assert_no_error (error);
  g_assert_nonnull (h);
  return h;
}

static void
start (Campaign *c,
       gint64    game)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_store_start_game (c->store, game, &error));
  g_assert_no_error (error);
}

/* Every location and every score through the store, each on a fresh man. */
static void
test_every_cell (void)
{
  Campaign c;
  gint64 firer;
  g_autoptr(GArray) men = g_array_new (FALSE, FALSE, sizeof (gint64));
  const MusterPlay *play;
  gint64 game;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  campaign_init (&c, NULL, 3, NULL, NULL);
  play = play_of (&c);
  firer = add_man (&c, c.british, "Harper", "rifleman", NULL, average);
  g_array_append_val (ids, firer);
  for (guint i = 0; i < play->locations->len * 11; i++)
    {
      g_autofree char *name = g_strdup_printf ("Voltigeur %u", i + 1);
      gint64 id = add_man (&c, c.french, name, "voltigeur", NULL, average);

      g_array_append_val (men, id);
      g_array_append_val (ids, id);
    }
  game = muster_store_create_game (c.store, c.campaign, "Every cell", NULL,
                                   (const gint64 *) ids->data, ids->len, &error);
  g_assert_no_error (error);
  start (&c, game);

  for (guint l = 0; l < play->locations->len; l++)
    {
      const MusterPlayLocation *location = g_ptr_array_index (play->locations, l);

      for (int score = 2; score <= 12; score++)
        {
          MusterHitRequest request = { 0, };
          g_autoptr(MusterHit) h = NULL;
          const MusterPlayEffect *expected = muster_play_wound_effect (play, location->row, score);
          int face = location->face;

          request.target_id = g_array_index (men, gint64, l * 11 + (guint) score - 2);
          request.attacker_id = firer;
          request.has_score = TRUE;
          request.score = score;
          /* Rolled where the face is typed in, chosen by id otherwise. */
          if (score % 2 == 0)
            request.location = location->id;
          else
            {
              request.location_faces = &face;
              request.n_location_faces = 1;
            }
          h = hit (&c, game, &request);
          g_assert_cmpstr (h->location, ==, location->id);
          g_assert_cmpint (h->score, ==, score);
          g_assert_cmpstr (h->effect, ==, expected->id);
          g_assert_cmpint (h->light, ==, expected->light);
          g_assert_cmpint (h->serious, ==, expected->serious);
        }
    }

  /* Finished: each man's outcome is his cell's, the Kills Harper's. */
  g_assert_true (muster_store_finish_game (c.store, game, "British", &error));
  g_assert_no_error (error);
  participants = muster_store_list_participants (c.store, game, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < participants->len; i++)
    {
      const MusterParticipant *p = g_ptr_array_index (participants, i);

      if (p->character_id == firer)
        {
          guint kills = 0;

          for (guint l = 0; l < play->locations->len; l++)
            for (int score = 2; score <= 12; score++)
              kills += g_str_equal (muster_play_wound_effect (play, ((MusterPlayLocation *) g_ptr_array_index (play->locations, l))->row, score)->id, "kill");
          g_assert_cmpuint (p->victims->len, ==, kills);
          g_assert_cmpstr (p->outcome, ==, "unhurt");
        }
      else
        g_assert_nonnull (p->outcome);
    }
  campaign_clear (&c);
}

/* A shot's score is its two dice and the modifiers; a melee's its die,
 * the difference and the modifiers; a capture turns a Kill into a
 * knock-out (000:376). The attacker's strength is read as his wounds of
 * the game leave it. */
static void
test_modifiers_in_hits (void)
{
  static const int strong[5] = { 3, 3, 5, 3, 6 };
  Campaign c;
  gint64 sharpe, harper, lefort, dubois, game;
  const char *falling[] = { "falling", NULL };
  const char *capture[] = { "capture", NULL };
  int faces[2] = { 4, 5 };
  int one = 3;
  g_autoptr(GError) error = NULL;

  campaign_init (&c, NULL, 5, NULL, NULL);
  sharpe = add_man (&c, c.british, "Sharpe", "rifleman", NULL, strong);
  harper = add_man (&c, c.british, "Harper", "rifleman", NULL, average);
  lefort = add_man (&c, c.french, "Lefort", "voltigeur", NULL, average);
  dubois = add_man (&c, c.french, "Dubois", "voltigeur", NULL, average);
  game = new_game (&c, "Modifiers", sharpe, harper, lefort, dubois, (gint64) 0);
  start (&c, game);

  {
    /* 4 + 5, +1 for strength 5, +3 falling: 13, above the table. */
    MusterHitRequest request = { .target_id = lefort, .attacker_id = sharpe, .location = "legs",
                                 .modifiers = falling, .effect_faces = faces, .n_effect_faces = 2 };
    g_autoptr(MusterHit) h = hit (&c, game, &request);

    g_assert_cmpint (h->score, ==, 13);
    g_assert_cmpstr (h->effect, ==, "kill");
    g_assert_cmpstr (h->effect_faces, ==, "4,5");
    g_assert_true (h->entered);
  }
  {
    /* Melee: 3 + 2 difference, 0 for strength 3, +1 capture: 6 on the
     * head, a serious wound turned into a knock-out. */
    MusterHitRequest request = { .target_id = dubois, .attacker_id = harper, .kind = MUSTER_HIT_MELEE,
                                 .difference = 2, .location = "head", .modifiers = capture,
                                 .effect_faces = &one, .n_effect_faces = 1 };
    g_autoptr(MusterHit) h = hit (&c, game, &request);

    g_assert_cmpint (h->score, ==, 6);
    g_assert_cmpstr (h->effect, ==, "knocked-out");
  }
  {
    /* A man out of the game cannot be hit again. */
    MusterHitRequest request = { .target_id = lefort, .location = "head", .has_score = TRUE, .score = 2 };

    g_assert_null (muster_store_record_hit (c.store, game, &request, &error));
    g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
    g_clear_error (&error);
  }
  {
    /* No such modifier, no such location, one's own side. */
    const char *bad[] = { "uphill", NULL };
    MusterHitRequest request = { .target_id = harper, .attacker_id = sharpe, .location = "head" };

    g_assert_null (muster_store_record_hit (c.store, game, &request, &error));
    g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
    g_clear_error (&error);
    request.attacker_id = 0;
    request.location = "elbow";
    g_assert_null (muster_store_record_hit (c.store, game, &request, &error));
    g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "left-arm"));
    g_clear_error (&error);
    request.location = "head";
    request.modifiers = bad;
    g_assert_null (muster_store_record_hit (c.store, game, &request, &error));
    g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
    g_clear_error (&error);
  }
  {
    /* Sharpe takes a serious wound: his strength 5 counts as 3, so the
     * strength modifier is 0 (000:645). */
    MusterHitRequest wound = { .target_id = sharpe, .location = "chest", .has_score = TRUE, .score = 6 };
    MusterHitRequest shot = { .target_id = dubois, .attacker_id = sharpe, .location = "legs",
                              .effect_faces = faces, .n_effect_faces = 2 };
    g_autoptr(MusterHit) w = hit (&c, game, &wound);
    g_autoptr(MusterHit) h = NULL;

    g_assert_cmpstr (w->effect, ==, "serious");
    /* Dubois is out already: hit Harper's other enemy instead. */
    g_assert_null (muster_store_record_hit (c.store, game, &shot, &error));
    g_clear_error (&error);
    g_assert_true (muster_store_undo_hit (c.store, game, &error));
    g_assert_true (muster_store_undo_hit (c.store, game, &error));
    g_assert_no_error (error);
    w = (muster_hit_free (w), hit (&c, game, &wound));
    h = hit (&c, game, &shot);
    g_assert_cmpint (h->score, ==, 9);
  }
  campaign_clear (&c);
}

/* A hit's dice come from the seed, the game and its ordinal: undone and
 * entered again it rolls the same, and undoing it leaves the library as
 * it was, log and dice included. */
static void
test_undo_same_dice (void)
{
  Campaign c;
  gint64 harper, lefort, game;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(MusterHit) first = NULL;
  g_autoptr(MusterHit) again = NULL;
  g_autoptr(GError) error = NULL;
  MusterHitRequest request = { 0, };

  campaign_init (&c, NULL, 11, NULL, NULL);
  harper = add_man (&c, c.british, "Harper", "rifleman", NULL, average);
  lefort = add_man (&c, c.french, "Lefort", "voltigeur", NULL, average);
  game = new_game (&c, "Undo", harper, lefort, (gint64) 0);
  start (&c, game);

  request.target_id = lefort;
  request.attacker_id = harper;
  before = muster_store_dump (c.store);
  first = hit (&c, game, &request);
  g_assert_true (muster_store_undo_hit (c.store, game, &error));
  g_assert_no_error (error);
  after = muster_store_dump (c.store);
  g_assert_cmpstr (before, ==, after);
  again = hit (&c, game, &request);
  g_assert_cmpint (again->ordinal, ==, 1);
  g_assert_cmpstr (again->location_faces, ==, first->location_faces);
  g_assert_cmpstr (again->effect_faces, ==, first->effect_faces);
  g_assert_cmpstr (again->effect, ==, first->effect);
  g_assert_false (again->entered);

  g_assert_true (muster_store_undo_hit (c.store, game, &error));
  g_assert_false (muster_store_undo_hit (c.store, game, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  campaign_clear (&c);
}

/* The same game played at the table and typed into Record Results: the
 * same results, the same resolution. */
static char *
play_game (gboolean at_table)
{
  Campaign c;
  gint64 sharpe, harper, lefort, dubois, moreau, game;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) events = NULL;
  GString *out = g_string_new (NULL);

  campaign_init (&c, NULL, 42, NULL, NULL);
  sharpe = add_man (&c, c.british, "Sharpe", "rifleman", NULL, average);
  harper = add_man (&c, c.british, "Harper", "rifleman", NULL, average);
  lefort = add_man (&c, c.french, "Lefort", "voltigeur", NULL, average);
  dubois = add_man (&c, c.french, "Dubois", "voltigeur", NULL, average);
  moreau = add_man (&c, c.french, "Moreau", "voltigeur", NULL, average);
  game = new_game (&c, "The bridge", sharpe, harper, lefort, dubois, moreau, (gint64) 0);

  if (at_table)
    {
      MusterHitRequest hits[] = {
        { .target_id = lefort, .attacker_id = sharpe, .location = "chest", .has_score = TRUE, .score = 11 },
        { .target_id = harper, .attacker_id = dubois, .location = "legs", .has_score = TRUE, .score = 5 },
        { .target_id = dubois, .attacker_id = harper, .location = "head", .has_score = TRUE, .score = 7 },
        { .target_id = dubois, .attacker_id = sharpe, .location = "left-arm",
          .has_score = TRUE, .score = 9 },
        { .target_id = moreau, .location = "abdomen", .has_score = TRUE, .score = 2 },
      };

      start (&c, game);
      for (guint i = 0; i < G_N_ELEMENTS (hits); i++)
        muster_hit_free (hit (&c, game, &hits[i]));
      g_assert_true (muster_store_finish_game (c.store, game, "British", &error));
      g_assert_no_error (error);
    }
  else
    {
      gint64 both[] = { lefort, dubois };
      MusterResult result = { "unhurt", 0, 0, both, 2, 0, NULL };

      g_assert_true (muster_store_begin (c.store, &error));
      g_assert_true (muster_store_set_result (c.store, game, sharpe, &result, &error));
      record (&c, game, harper, "wounded", 1, 0, 0);
      record (&c, game, lefort, "out-of-action", 0, 0, 0);
      /* Two serious wounds: the store records them as out of action. */
      record (&c, game, dubois, "wounded", 0, 2, 0);
      record (&c, game, moreau, "unhurt", 0, 0, 0);
      g_assert_true (muster_store_commit (c.store, &error));
      g_assert_no_error (error);
      g_assert_true (muster_store_finish_game (c.store, game, "British", &error));
      g_assert_no_error (error);
    }

  for (gint64 who = sharpe; who <= moreau; who++)
    {
      g_autofree char *line = recorded (&c, game, who);

      g_string_append_printf (out, "%s\n", line);
    }
  events = muster_engine_resolve (c.store, game, NULL, NULL, &error);
  g_assert_no_error (error);
  {
    g_autofree char *roll_call_text = roll_call (&c);

    g_string_append (out, roll_call_text);
  }
  campaign_clear (&c);
  return g_string_free (out, FALSE);
}

static void
test_same_as_typed_in (void)
{
  g_autofree char *typed = play_game (FALSE);
  g_autofree char *played = play_game (TRUE);

  g_assert_cmpstr (played, ==, typed);
  /* Dubois's two serious wounds added up to out of action, Sharpe's
   * victim; Lefort's Kill is Sharpe's. */
  g_assert_nonnull (strstr (played, "Dubois"));
}

/* A started game cannot be resolved before it is finished, and a game
 * that is not started takes no hits. */
static void
test_states (void)
{
  Campaign c;
  gint64 harper, lefort, game;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterGame) g = NULL;
  MusterHitRequest request = { 0, };

  campaign_init (&c, NULL, 2, NULL, NULL);
  harper = add_man (&c, c.british, "Harper", "rifleman", NULL, average);
  lefort = add_man (&c, c.french, "Lefort", "voltigeur", NULL, average);
  game = new_game (&c, "States", harper, lefort, (gint64) 0);
  request.target_id = lefort;
  g_assert_null (muster_store_record_hit (c.store, game, &request, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_clear_error (&error);

  start (&c, game);
  g = muster_store_get_game (c.store, game, &error);
  g_assert_cmpint (muster_game_get_state (g), ==, MUSTER_GAME_STARTED);
  g_assert_cmpstr (muster_game_state_to_string (MUSTER_GAME_STARTED), ==, "started");
  g_assert_false (muster_store_start_game (c.store, game, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_clear_error (&error);
  muster_hit_free (hit (&c, game, &request));
  g_assert_null (muster_engine_resolve (c.store, game, NULL, NULL, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  campaign_clear (&c);
}

/* A campaign that kept rules from before play at the table starts its
 * games, and is told to take the newer rules to resolve hits. */
static void
test_rules_predate (void)
{
  Campaign c;
  gint64 harper, lefort, game;
  g_autoptr(GError) error = NULL;
  MusterHitRequest request = { 0, };

  campaign_init (&c, "rulesets/sharpes-skirmish-1.xml", 2, NULL, NULL);
  g_assert_null (muster_ruleset_get_play (c.ruleset));
  harper = add_man (&c, c.british, "Harper", "rifleman", NULL, average);
  lefort = add_man (&c, c.french, "Lefort", "voltigeur", NULL, average);
  game = new_game (&c, "Old rules", harper, lefort, (gint64) 0);
  start (&c, game);
  request.target_id = lefort;
  g_assert_null (muster_store_record_hit (c.store, game, &request, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE);
  g_assert_nonnull (strstr (error->message, "predate play at the table"));
  g_assert_nonnull (strstr (error->message, "update-rules"));
  g_clear_error (&error);
  /* Finished, the game keeps the results typed in. */
  record (&c, game, lefort, "out-of-action", 0, 0, 0);
  g_assert_true (muster_store_finish_game (c.store, game, NULL, &error));
  g_assert_no_error (error);
  {
    g_autofree char *lefort_result = recorded (&c, game, lefort);

    g_assert_nonnull (strstr (lefort_result, "out-of-action"));
  }
  campaign_clear (&c);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sharpes-skirmish/table/locations", test_locations);
  g_test_add_func ("/sharpes-skirmish/table/wound-effect-table", test_wound_effect_table);
  g_test_add_func ("/sharpes-skirmish/table/modifiers", test_modifiers);
  g_test_add_func ("/sharpes-skirmish/table/every-cell", test_every_cell);
  g_test_add_func ("/sharpes-skirmish/table/modifiers-in-hits", test_modifiers_in_hits);
  g_test_add_func ("/sharpes-skirmish/table/undo-same-dice", test_undo_same_dice);
  g_test_add_func ("/sharpes-skirmish/table/same-as-typed-in", test_same_as_typed_in);
  g_test_add_func ("/sharpes-skirmish/table/states", test_states);
  g_test_add_func ("/sharpes-skirmish/table/rules-predate", test_rules_predate);

  return g_test_run ();
}
