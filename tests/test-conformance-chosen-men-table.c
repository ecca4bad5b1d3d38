/* SPDX-License-Identifier: GPL-3.0-or-later */

/* Chosen Men Fat at the table: the wound die of seed 003:207 ("5. Wound
 * Die": a d10, 1-4 minor, 5-7 serious, 8-0 fatal, small cannon 3 dice,
 * large guns 6; "0 on a d10 is 10", 003:213), for a character and for
 * figures of a unit, and the results finishing the game records. */

#include "config.h"

#include <glib.h>

#include "muster-conformance-util.h"
#include "muster-game.h"
#include "muster-ruleset-play.h"
#include "muster-table.h"
#include "muster-test-util.h"
#include "muster-unit.h"

#define RULESET "chosen-men"

static void
test_bands (void)
{
  MusterConformance cf = { 0 };
  const MusterPlay *play;

  muster_conformance_init (&cf, RULESET, 1);
  play = muster_ruleset_get_play (cf.ruleset);
  g_assert_nonnull (play);
  g_assert_cmpstr (muster_dice_expr_to_string (play->wound_die), ==, "1d10");
  for (int face = 1; face <= 10; face++)
    {
      const MusterPlayEffect *effect = muster_play_wound_die_effect (play, face);

      g_assert_nonnull (effect);
      g_assert_cmpstr (effect->id, ==, face <= 4 ? "minor" : face <= 7 ? "serious" : "fatal");
    }
  g_assert_null (muster_play_wound_die_effect (play, 0));
  g_assert_null (muster_play_wound_die_effect (play, 11));
  /* Minor wounds count as a casualty for one turn only: nothing lasting
   * for a unit's figure; serious ones are permanent; fatal removes him. */
  g_assert_null (muster_play_lookup_effect (play, "minor")->unit);
  g_assert_cmpstr (muster_play_lookup_effect (play, "serious")->unit, ==, "wounded");
  g_assert_cmpstr (muster_play_lookup_effect (play, "fatal")->unit, ==, "killed");
  g_assert_cmpint (muster_play_lookup_modifier (play, "small-cannon")->dice, ==, 3);
  g_assert_cmpint (muster_play_lookup_modifier (play, "large-gun")->dice, ==, 6);
  /* No hit locations nor wound effect table in these rules. */
  g_assert_cmpuint (play->locations->len, ==, 0);
  g_assert_cmpuint (play->rows->len, ==, 0);
  muster_conformance_clear (&cf);
}

static MusterHit *
hit (MusterConformance      *cf,
     gint64                  game,
     const MusterHitRequest *request)
{
  g_autoptr(GError) error = NULL;
  MusterHit *h = muster_store_record_hit (cf->store, game, request, &error);

  g_assert_no_error (error);
  g_assert_nonnull (h);
  return h;
}

static void
test_hits (void)
{
  MusterConformance cf = { 0 };
  MusterUnitSpec spec = { "Light company", "infantry", "regular", 10, NULL };
  g_autoptr(MusterUnit) squad = NULL;
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(GError) error = NULL;
  gint64 british, french, harper, dubois, moreau, game, characters[3];
  const char *small_cannon[] = { "small-cannon", NULL };
  int minor = 3, serious = 6, fatal = 10;
  int figures[] = { 2, 5, 9, 1 };
  int cannon[] = { 1, 2, 7 };

  muster_conformance_init (&cf, RULESET, 1809);
  british = muster_conformance_add_force (&cf, "British");
  french = muster_conformance_add_force (&cf, "French");
  squad = muster_conformance_add_unit (&cf, british, &spec);
  harper = muster_conformance_add_character (&cf, british, 0, "Lt Harper", "lieutenant",
                                             "rank", 2, "rating", 1, "character", 5, NULL);
  dubois = muster_conformance_add_character (&cf, french, 0, "Lt Dubois", "lieutenant",
                                             "rank", 2, "rating", 1, "character", 5, NULL);
  moreau = muster_conformance_add_character (&cf, french, 0, "Lt Moreau", "lieutenant",
                                             "rank", 2, "rating", 1, "character", 5, NULL);
  characters[0] = harper;
  characters[1] = dubois;
  characters[2] = moreau;
  game = muster_store_create_game_full (cf.store, cf.campaign, "Vimeiro", NULL, characters, 3,
                                        (gint64[]) { muster_unit_get_id (squad) }, 1, &error);
  g_assert_no_error (error);
  g_assert_true (muster_store_start_game (cf.store, game, &error));
  g_assert_no_error (error);

  {
    /* A minor wound, then a serious one, on Harper. */
    MusterHitRequest request = { .target_id = harper, .attacker_id = dubois,
                                 .effect_faces = &minor, .n_effect_faces = 1 };
    g_autoptr(MusterHit) a = hit (&cf, game, &request);
    g_autoptr(MusterHit) b = NULL;

    g_assert_cmpint (a->kind, ==, MUSTER_HIT_WOUND_DIE);
    g_assert_cmpstr (a->effect, ==, "minor");
    g_assert_cmpint (a->light, ==, 1);
    request.effect_faces = &serious;
    b = hit (&cf, game, &request);
    g_assert_cmpstr (b->effect, ==, "serious");
    g_assert_cmpint (b->serious, ==, 1);
  }
  {
    /* A 0 (10) is fatal: Dubois is out, Harper's victim. */
    MusterHitRequest request = { .target_id = dubois, .attacker_id = harper,
                                 .effect_faces = &fatal, .n_effect_faces = 1 };
    g_autoptr(MusterHit) h = hit (&cf, game, &request);

    g_assert_cmpstr (h->effect, ==, "fatal");
  }
  {
    /* Small cannon: three dice on Moreau, the worst is what he suffers,
     * and every wound counts. */
    MusterHitRequest request = { .target_id = moreau, .modifiers = small_cannon,
                                 .effect_faces = cannon, .n_effect_faces = 3 };
    g_autoptr(MusterHit) h = hit (&cf, game, &request);

    g_assert_cmpstr (h->effect_faces, ==, "1,2,7");
    g_assert_cmpstr (h->effect, ==, "serious");
    g_assert_cmpint (h->light, ==, 2);
    g_assert_cmpint (h->serious, ==, 1);
  }
  {
    /* Four figures of the squad: minor, serious, fatal, minor. */
    MusterHitRequest request = { .unit_id = muster_unit_get_id (squad), .figures = 4,
                                 .effect_faces = figures, .n_effect_faces = 4 };
    g_autoptr(MusterHit) h = hit (&cf, game, &request);

    g_assert_cmpint (h->figures, ==, 4);
    g_assert_cmpint (h->killed, ==, 1);
    g_assert_cmpint (h->wounded, ==, 1);
    /* Four faces for four figures, not three. */
    request.n_effect_faces = 3;
    g_assert_null (muster_store_record_hit (cf.store, game, &request, &error));
    g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES);
    g_clear_error (&error);
    /* More figures than took the field. */
    request.figures = 11;
    request.effect_faces = NULL;
    g_assert_null (muster_store_record_hit (cf.store, game, &request, &error));
    g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
    g_clear_error (&error);
  }

  g_assert_true (muster_store_finish_game (cf.store, game, "British", &error));
  g_assert_no_error (error);
  participants = muster_store_list_participants (cf.store, game, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < participants->len; i++)
    {
      const MusterParticipant *p = g_ptr_array_index (participants, i);

      if (p->character_id == harper)
        {
          g_assert_cmpstr (p->outcome, ==, "wounded");
          g_assert_cmpint (p->light_wounds, ==, 1);
          g_assert_cmpint (p->serious_wounds, ==, 1);
          g_assert_cmpuint (p->victims->len, ==, 1);
          g_assert_cmpint (g_array_index (p->victims, gint64, 0), ==, dubois);
        }
      else if (p->character_id == dubois)
        g_assert_cmpstr (p->outcome, ==, "killed");
      else
        {
          g_assert_cmpstr (p->outcome, ==, "wounded");
          g_assert_cmpint (p->light_wounds, ==, 2);
          g_assert_cmpint (p->serious_wounds, ==, 1);
        }
    }
  units = muster_store_list_game_units (cf.store, game, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (units->len, ==, 1);
  {
    const MusterUnitParticipant *u = g_ptr_array_index (units, 0);

    g_assert_true (u->recorded);
    g_assert_cmpint (u->killed, ==, 1);
    g_assert_cmpint (u->wounded, ==, 1);
  }
  muster_conformance_clear (&cf);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/conformance/" RULESET "/table/wound-die-bands", test_bands);
  g_test_add_func ("/conformance/" RULESET "/table/hits", test_hits);

  return g_test_run ();
}
