/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The between-game steps of the unit rulesets, each over a short campaign
 * with a fixed seed. */
#include "config.h"

#include <stdarg.h>
#include <string.h>

#include <gio/gio.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-engine.h"
#include "muster-game.h"
#include "muster-ruleset.h"
#include "muster-store-private.h"
#include "muster-test-util.h"
#include "muster-unit.h"

#define SEED 20240611

typedef struct {
  MusterStore *store;
  gint64       campaign_id;
  gint64       british;
  gint64       french;
} Fixture;

/* @first...: option, choice pairs, NULL-terminated. */
static void
fixture_init (Fixture    *fx,
              const char *ruleset_id,
              const char *first,
              ...)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  va_list args;

  va_start (args, first);
  for (const char *option = first; option != NULL; option = va_arg (args, const char *))
    g_hash_table_insert (options, (gpointer) option, (gpointer) va_arg (args, const char *));
  va_end (args);

  fx->store = muster_test_open_store (NULL);
  ruleset = muster_rulesets_lookup (ruleset_id, &error);
  g_assert_no_error (error);
  fx->campaign_id = muster_store_create_campaign (fx->store, "Vimeiro", ruleset, SEED, options, &error);
  g_assert_no_error (error);
  fx->british = muster_store_create_force (fx->store, fx->campaign_id, "Fane's brigade", "British", &error);
  g_assert_no_error (error);
  fx->french = muster_store_create_force (fx->store, fx->campaign_id, "Junot's corps", "French", &error);
  g_assert_no_error (error);
}

static void
fixture_clear (Fixture *fx)
{
  g_clear_object (&fx->store);
}

/* A character with one stat set (@stat NULL: as the troop type rolls). */
static gint64
add_character (Fixture    *fx,
               gint64      force_id,
               const char *name,
               const char *troop_type,
               const char *stat,
               int         value)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) stats = g_hash_table_new (g_str_hash, g_str_equal);
  MusterCharacterSpec spec = { 0, };
  gint64 id;

  spec.name = name;
  spec.troop_type = troop_type;
  if (stat != NULL)
    {
      g_hash_table_insert (stats, (gpointer) stat, GINT_TO_POINTER (value));
      spec.stats = stats;
    }
  id = muster_store_create_character (fx->store, force_id, &spec, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

static gint64
add_unit (Fixture    *fx,
          gint64      force_id,
          const char *name,
          const char *kind,
          const char *rating,
          int         size)
{
  g_autoptr(GError) error = NULL;
  MusterUnitSpec spec = { .name = name, .kind = kind, .rating = rating, .size = size };
  gint64 id = muster_store_create_unit (fx->store, force_id, &spec, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

/* A game with the characters, then 0, then the units, then 0. */
static gint64
new_game (Fixture    *fx,
          const char *title,
          ...)
{
  g_autoptr(GArray) characters = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;
  va_list args;
  gint64 id;

  va_start (args, title);
  while ((id = va_arg (args, gint64)) != 0)
    g_array_append_val (characters, id);
  while ((id = va_arg (args, gint64)) != 0)
    g_array_append_val (units, id);
  va_end (args);

  id = muster_store_create_game (fx->store, fx->campaign_id, title, NULL,
                                 (const gint64 *) characters->data, characters->len, &error);
  g_assert_no_error (error);
  g_assert_true (muster_store_add_game_units (fx->store, id, (const gint64 *) units->data,
                                              units->len, &error));
  g_assert_no_error (error);
  return id;
}

static void
set_result (Fixture    *fx,
            gint64      game_id,
            gint64      character_id,
            const char *outcome,
            int         light,
            int         serious)
{
  g_autoptr(GError) error = NULL;
  MusterResult result = { .outcome = outcome, .light_wounds = light, .serious_wounds = serious };

  g_assert_true (muster_store_set_result (fx->store, game_id, character_id, &result, &error));
  g_assert_no_error (error);
}

static void
set_unit_result (Fixture    *fx,
                 gint64      game_id,
                 gint64      unit_id,
                 int         killed,
                 int         wounded,
                 int         captured,
                 int         run,
                 const char *colours)
{
  g_autoptr(GError) error = NULL;
  MusterUnitResult result = { killed, wounded, captured, run, colours, NULL };

  g_assert_true (muster_store_set_unit_result (fx->store, game_id, unit_id, &result, &error));
  g_assert_no_error (error);
}

/* Resolves with faces typed in for some rolls: "KEY=FACES" pairs. */
static GPtrArray *
resolve_with (Fixture    *fx,
              gint64      game_id,
              ...)
{
  g_autoptr(GHashTable) faces = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr(GError) error = NULL;
  GPtrArray *events;
  va_list args;

  va_start (args, game_id);
  for (const char *pair = va_arg (args, const char *); pair != NULL; pair = va_arg (args, const char *))
    {
      char **kv = g_strsplit (pair, "=", 2);
      g_ptr_array_add (keep, kv);
      g_hash_table_insert (faces, kv[0], kv[1]);
    }
  va_end (args);

  events = muster_engine_resolve (fx->store, game_id, muster_engine_faces_from_table, faces, &error);
  g_assert_no_error (error);
  g_assert_nonnull (events);
  return events;
}

static MusterCharacter *
get_character (Fixture *fx,
               gint64   id)
{
  g_autoptr(GError) error = NULL;
  MusterCharacter *character = muster_store_get_character (fx->store, id, &error);

  g_assert_no_error (error);
  return character;
}

static MusterStatus
status_of (Fixture *fx,
           gint64   id)
{
  g_autoptr(MusterCharacter) character = get_character (fx, id);
  return muster_character_get_status (character);
}

static int
stat_of (Fixture    *fx,
         gint64      id,
         const char *key)
{
  g_autoptr(MusterCharacter) character = get_character (fx, id);
  int value = -100;

  g_assert_true (muster_character_get_stat (character, key, &value));
  return value;
}

static MusterUnit *
get_unit (Fixture *fx,
          gint64   id)
{
  g_autoptr(GError) error = NULL;
  MusterUnit *unit = muster_store_get_unit (fx->store, id, &error);

  g_assert_no_error (error);
  return unit;
}

static int
lost_of (Fixture *fx,
         gint64   id)
{
  g_autoptr(MusterUnit) unit = get_unit (fx, id);
  return muster_unit_get_lost (unit);
}

static int
morale_loss_of (Fixture *fx,
                gint64   id)
{
  g_autoptr(MusterUnit) unit = get_unit (fx, id);
  return muster_unit_get_morale_loss (unit);
}

static char *
unit_status_of (Fixture *fx,
                gint64   id)
{
  g_autoptr(MusterUnit) unit = get_unit (fx, id);
  return g_strdup (muster_unit_get_status (unit));
}

static char *
unit_stat_of (Fixture    *fx,
              gint64      id,
              const char *key)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterUnit) unit = get_unit (fx, id);
  MusterRuleset *ruleset = muster_store_get_campaign_ruleset (fx->store, fx->campaign_id, &error);

  g_assert_no_error (error);
  return muster_unit_dup_stat_text (unit, ruleset, key);
}

static const MusterResolutionEvent *
find_event (GPtrArray  *events,
            gint64      character_id,
            const char *kind)
{
  for (guint i = 0; i < events->len; i++)
    {
      const MusterResolutionEvent *event = g_ptr_array_index (events, i);
      if (event->character_id == character_id && event->unit_id == 0 && g_str_equal (event->kind, kind))
        return event;
    }
  return NULL;
}

static guint
count_unit_events (GPtrArray  *events,
                   gint64      unit_id,
                   const char *kind)
{
  guint n = 0;

  for (guint i = 0; i < events->len; i++)
    {
      const MusterResolutionEvent *event = g_ptr_array_index (events, i);
      if (event->unit_id == unit_id && g_str_equal (event->kind, kind))
        n++;
    }
  return n;
}

static const MusterResolutionEvent *
find_unit_event (GPtrArray  *events,
                 gint64      unit_id,
                 const char *kind)
{
  for (guint i = 0; i < events->len; i++)
    {
      const MusterResolutionEvent *event = g_ptr_array_index (events, i);
      if (event->unit_id == unit_id && g_str_equal (event->kind, kind))
        return event;
    }
  return NULL;
}

/* Big Skirmishes with the house readings: a Hero keeps Class 4, others
 * drop one Class a wound, at 0 they are invalided out. */
static void
test_big_skirmishes (void)
{
  Fixture fx = { 0, };
  GPtrArray *events;
  gint64 hero, leader, pro, duffer, enemy, enemy2, line, voltigeurs, game;
  g_autofree char *status = NULL;

  fixture_init (&fx, "big-skirmishes", NULL);
  hero = add_character (&fx, fx.british, "Major Sharland", "character", "class", 4);
  leader = add_character (&fx, fx.british, "Captain Horan", "character", "class", 3);
  pro = add_character (&fx, fx.british, "Lieutenant Price", "mounted-character", "class", 2);
  duffer = add_character (&fx, fx.british, "Ensign Denny", "character", "class", 1);
  enemy = add_character (&fx, fx.french, "Colonel Leroux", "character", "class", 3);
  enemy2 = add_character (&fx, fx.french, "Capitaine Dubreton", "character", "class", 2);
  line = add_unit (&fx, fx.british, "South Devon", "infantry", "average", 12);
  voltigeurs = add_unit (&fx, fx.french, "Voltigeurs", "skirmishers", "elite", 12);

  /* Game 1: the Hero and the Leader are wounded, the Duffer too. */
  game = new_game (&fx, "The bridge", hero, leader, pro, duffer, enemy, (gint64) 0,
                   line, voltigeurs, (gint64) 0);
  set_result (&fx, game, hero, "wounded", 1, 0);
  set_result (&fx, game, leader, "wounded", 2, 0);
  set_result (&fx, game, duffer, "wounded", 1, 0);
  set_result (&fx, game, pro, "out-of-action", 0, 0);
  set_result (&fx, game, enemy, "unhurt", 0, 0);
  set_unit_result (&fx, game, line, 3, 0, 0, 0, NULL);
  set_unit_result (&fx, game, voltigeurs, 1, 0, 0, 0, NULL);
  events = resolve_with (&fx, game, NULL);

  g_assert_nonnull (find_event (events, hero, "recovered"));
  g_assert_null (find_event (events, hero, "class-drop"));
  g_assert_cmpint (stat_of (&fx, hero, "class"), ==, 4);
  /* One Class for each wound. */
  g_assert_nonnull (find_event (events, leader, "class-drop"));
  g_assert_cmpint (stat_of (&fx, leader, "class"), ==, 1);
  g_assert_cmpint (status_of (&fx, leader), ==, MUSTER_STATUS_ACTIVE);
  /* Class 0: invalided out, with his Class shown as 0. */
  g_assert_cmpint (stat_of (&fx, duffer, "class"), ==, 0);
  g_assert_nonnull (find_event (events, duffer, "retired"));
  g_assert_cmpint (status_of (&fx, duffer), ==, MUSTER_STATUS_RETIRED);
  /* Off the table costs nothing. */
  g_assert_cmpint (status_of (&fx, pro), ==, MUSTER_STATUS_ACTIVE);
  g_assert_cmpint (stat_of (&fx, pro, "class"), ==, 2);
  /* Kills are struck off. */
  g_assert_cmpint (lost_of (&fx, line), ==, 3);
  g_assert_cmpint (lost_of (&fx, voltigeurs), ==, 1);
  g_assert_nonnull (find_unit_event (events, line, "unit-loss"));
  g_ptr_array_unref (events);

  /* Game 2: the Leader, now a Duffer, is wounded again and spent; the
   * Hero again costs nothing. */
  game = new_game (&fx, "The ford", hero, leader, pro, enemy, enemy2, (gint64) 0,
                   line, voltigeurs, (gint64) 0);
  set_result (&fx, game, hero, "wounded", 2, 0);
  set_result (&fx, game, leader, "wounded", 1, 0);
  set_result (&fx, game, enemy2, "wounded", 1, 0);
  set_unit_result (&fx, game, line, 2, 0, 0, 0, NULL);
  events = resolve_with (&fx, game, NULL);
  g_assert_cmpint (stat_of (&fx, hero, "class"), ==, 4);
  g_assert_cmpint (status_of (&fx, hero), ==, MUSTER_STATUS_ACTIVE);
  g_assert_cmpint (stat_of (&fx, leader, "class"), ==, 0);
  g_assert_cmpint (status_of (&fx, leader), ==, MUSTER_STATUS_RETIRED);
  g_assert_cmpint (stat_of (&fx, enemy2, "class"), ==, 1);
  g_assert_cmpint (lost_of (&fx, line), ==, 5);
  g_ptr_array_unref (events);

  /* Game 3: the retired cannot take the field; the others fight on. */
  {
    g_autoptr(GError) error = NULL;
    gint64 ids[] = { hero, leader, enemy };

    g_assert_cmpint (muster_store_create_game (fx.store, fx.campaign_id, "Refused", NULL, ids, 3, &error), ==, 0);
    g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE);
  }
  game = new_game (&fx, "The ridge", hero, pro, enemy, enemy2, (gint64) 0, line, (gint64) 0);
  set_result (&fx, game, pro, "wounded", 1, 0);
  set_result (&fx, game, enemy2, "wounded", 1, 0);
  set_unit_result (&fx, game, line, 7, 0, 0, 0, NULL);
  events = resolve_with (&fx, game, NULL);
  g_assert_cmpint (stat_of (&fx, pro, "class"), ==, 1);
  g_assert_cmpint (stat_of (&fx, enemy2, "class"), ==, 0);
  g_assert_cmpint (status_of (&fx, enemy2), ==, MUSTER_STATUS_RETIRED);
  g_assert_cmpint (lost_of (&fx, line), ==, 12);
  status = unit_status_of (&fx, line);
  g_assert_cmpstr (status, ==, MUSTER_UNIT_STATUS_DESTROYED);
  g_assert_cmpuint (count_unit_events (events, line, "destroyed"), ==, 1);
  g_ptr_array_unref (events);

  fixture_clear (&fx);
}

/* Big Skirmishes with the campaign's other choices: a Hero drops a Class
 * a wound but never below Professional; Class 0 is death; units are made
 * up to strength. */
static void
test_big_skirmishes_options (void)
{
  Fixture fx = { 0, };
  GPtrArray *events;
  gint64 hero, pro, enemy, line, game;

  fixture_init (&fx, "big-skirmishes",
                "class-spent", "dead", "hero-recovers", "drops-class", "unit-losses", "replaced", NULL);
  hero = add_character (&fx, fx.british, "Major Sharland", "character", "class", 4);
  pro = add_character (&fx, fx.british, "Lieutenant Price", "character", "class", 2);
  enemy = add_character (&fx, fx.french, "Colonel Leroux", "character", "class", 3);
  line = add_unit (&fx, fx.british, "South Devon", "infantry", NULL, 12);

  game = new_game (&fx, "The bridge", hero, pro, enemy, (gint64) 0, line, (gint64) 0);
  set_result (&fx, game, hero, "wounded", 3, 0);
  set_result (&fx, game, pro, "wounded", 1, 0);
  set_unit_result (&fx, game, line, 4, 0, 0, 0, NULL);
  events = resolve_with (&fx, game, NULL);
  /* Three wounds take a Hero down to 2, no further. */
  g_assert_cmpint (stat_of (&fx, hero, "class"), ==, 2);
  g_assert_cmpint (status_of (&fx, hero), ==, MUSTER_STATUS_ACTIVE);
  g_assert_cmpint (stat_of (&fx, pro, "class"), ==, 1);
  g_assert_cmpint (lost_of (&fx, line), ==, 0);
  g_assert_nonnull (find_unit_event (events, line, "rejoined"));
  g_ptr_array_unref (events);

  /* No longer a Hero: his wounds count like anyone's; Class 0 is death. */
  game = new_game (&fx, "The ford", hero, pro, enemy, (gint64) 0, line, (gint64) 0);
  set_result (&fx, game, hero, "wounded", 1, 0);
  set_result (&fx, game, pro, "wounded", 1, 0);
  events = resolve_with (&fx, game, NULL);
  g_assert_cmpint (stat_of (&fx, hero, "class"), ==, 1);
  g_assert_cmpint (stat_of (&fx, pro, "class"), ==, 0);
  g_assert_nonnull (find_event (events, pro, "death"));
  g_assert_cmpint (status_of (&fx, pro), ==, MUSTER_STATUS_DEAD);
  g_ptr_array_unref (events);

  game = new_game (&fx, "The ridge", hero, enemy, (gint64) 0, line, (gint64) 0);
  set_result (&fx, game, hero, "wounded", 1, 0);
  events = resolve_with (&fx, game, NULL);
  g_assert_cmpint (stat_of (&fx, hero, "class"), ==, 0);
  g_assert_cmpint (status_of (&fx, hero), ==, MUSTER_STATUS_DEAD);
  g_ptr_array_unref (events);

  fixture_clear (&fx);
}

/* Chosen Men: minor wounds heal, a second serious wound is fatal; colours
 * lost cost the whole command 2 base morale, colours taken give the
 * capturing squad 2. */
static void
test_chosen_men (void)
{
  Fixture fx = { 0, };
  GPtrArray *events;
  gint64 harper, hagman, sergeant, lieutenant, capitaine, caporal;
  gint64 rifles, redcoats, grenadiers, fusiliers, game;
  g_autofree char *morale = NULL;
  g_autoptr(MusterCharacter) character = NULL;

  fixture_init (&fx, "chosen-men", NULL);
  harper = add_character (&fx, fx.british, "Sergeant Harden", "squad-leader", NULL, 0);
  hagman = add_character (&fx, fx.british, "Hadley", "squad-leader", NULL, 0);
  lieutenant = add_character (&fx, fx.british, "Lieutenant Knowles", "lieutenant", NULL, 0);
  sergeant = add_character (&fx, fx.french, "Sergent Bonnet", "squad-leader", NULL, 0);
  capitaine = add_character (&fx, fx.french, "Capitaine Duclos", "captain", NULL, 0);
  caporal = add_character (&fx, fx.french, "Caporal Morin", "squad-leader", NULL, 0);
  rifles = add_unit (&fx, fx.british, "Rifles", "skirmishers", "crack", 8);
  redcoats = add_unit (&fx, fx.british, "Redcoats", "infantry", "regular", 10);
  grenadiers = add_unit (&fx, fx.french, "Grenadiers", "infantry", "veteran", 10);
  fusiliers = add_unit (&fx, fx.french, "Fusiliers", "infantry", "regular", 12);

  /* Game 1: Harden is seriously wounded, Hadley lightly; the French
   * sergeant is killed, the captain captured. The Grenadiers lose their
   * colours to the Rifles. */
  game = new_game (&fx, "Valdelacasa", harper, hagman, lieutenant, sergeant, capitaine, caporal, (gint64) 0,
                   rifles, redcoats, grenadiers, fusiliers, (gint64) 0);
  set_result (&fx, game, harper, "wounded", 1, 1);
  set_result (&fx, game, hagman, "wounded", 2, 0);
  set_result (&fx, game, sergeant, "killed", 0, 0);
  set_result (&fx, game, capitaine, "captured", 0, 0);
  set_unit_result (&fx, game, rifles, 1, 0, 0, 0, "captured");
  set_unit_result (&fx, game, grenadiers, 2, 1, 1, 0, "lost");
  events = resolve_with (&fx, game, NULL);

  character = get_character (&fx, harper);
  g_assert_cmpint (muster_character_get_light_wounds (character), ==, 0);
  g_assert_cmpint (muster_character_get_serious_wounds (character), ==, 1);
  g_clear_object (&character);
  g_assert_nonnull (find_event (events, harper, "carried"));
  character = get_character (&fx, hagman);
  g_assert_cmpint (muster_character_get_light_wounds (character), ==, 0);
  g_clear_object (&character);
  g_assert_cmpint (status_of (&fx, sergeant), ==, MUSTER_STATUS_DEAD);
  g_assert_nonnull (find_event (events, sergeant, "death"));
  g_assert_cmpint (status_of (&fx, capitaine), ==, MUSTER_STATUS_CAPTURED);
  /* Killed, seriously wounded and captured rankers are struck off. */
  g_assert_cmpint (lost_of (&fx, grenadiers), ==, 4);
  g_assert_cmpint (lost_of (&fx, rifles), ==, 1);
  /* Colours: the whole French command loses 2; the Rifles gain 2. */
  g_assert_cmpint (morale_loss_of (&fx, grenadiers), ==, 2);
  g_assert_cmpint (morale_loss_of (&fx, fusiliers), ==, 2);
  g_assert_cmpint (morale_loss_of (&fx, rifles), ==, -2);
  g_assert_cmpint (morale_loss_of (&fx, redcoats), ==, 0);
  morale = unit_stat_of (&fx, grenadiers, "base-morale");
  g_assert_cmpstr (morale, ==, "7");
  g_clear_pointer (&morale, g_free);
  morale = unit_stat_of (&fx, rifles, "base-morale");
  g_assert_cmpstr (morale, ==, "12");
  g_clear_pointer (&morale, g_free);
  g_assert_cmpuint (count_unit_events (events, fusiliers, "morale-loss"), ==, 1);
  g_ptr_array_unref (events);

  /* Game 2: a second serious wound kills Harden; the Fusiliers lose their
   * colours too: the command is down 4 for good. */
  game = new_game (&fx, "Talavera", harper, hagman, caporal, (gint64) 0,
                   rifles, grenadiers, fusiliers, (gint64) 0);
  set_result (&fx, game, harper, "wounded", 0, 1);
  set_result (&fx, game, hagman, "wounded", 0, 1);
  set_unit_result (&fx, game, fusiliers, 0, 0, 0, 0, "lost");
  events = resolve_with (&fx, game, NULL);
  g_assert_nonnull (find_event (events, harper, "death"));
  g_assert_cmpint (status_of (&fx, harper), ==, MUSTER_STATUS_DEAD);
  g_assert_cmpint (status_of (&fx, hagman), ==, MUSTER_STATUS_ACTIVE);
  g_assert_cmpint (morale_loss_of (&fx, grenadiers), ==, 4);
  g_assert_cmpint (morale_loss_of (&fx, fusiliers), ==, 4);
  g_assert_cmpint (morale_loss_of (&fx, rifles), ==, -2);
  morale = unit_stat_of (&fx, fusiliers, "base-morale");
  g_assert_cmpstr (morale, ==, "4");
  g_clear_pointer (&morale, g_free);
  g_ptr_array_unref (events);

  /* Game 3: Hadley's second serious wound, a game later, is fatal too. */
  game = new_game (&fx, "Fuentes", hagman, lieutenant, caporal, (gint64) 0, redcoats, (gint64) 0);
  set_result (&fx, game, hagman, "wounded", 1, 1);
  events = resolve_with (&fx, game, NULL);
  g_assert_cmpint (status_of (&fx, hagman), ==, MUSTER_STATUS_DEAD);
  g_assert_cmpint (status_of (&fx, lieutenant), ==, MUSTER_STATUS_ACTIVE);
  g_ptr_array_unref (events);

  fixture_clear (&fx);
}

/* Napoleonic Skirmish 1.9 with the house readings: the killed are struck
 * off, each wounded figure rolls to rejoin, prisoners are lost, figures
 * that ran rejoin; a wounded leader misses a game. */
static void
test_napoleonic_skirmish (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) plan = NULL;
  GPtrArray *events;
  gint64 officer, nco, ensign, commandant, sergent, line, light, voltigeurs, game;
  const MusterPlannedRoll *unit_roll = NULL;
  const MusterResolutionEvent *event;

  fixture_init (&fx, "napoleonic-skirmish", NULL);
  officer = add_character (&fx, fx.british, "Captain Lemoine", "officer", NULL, 0);
  nco = add_character (&fx, fx.british, "Sergeant Lynch", "nco", NULL, 0);
  ensign = add_character (&fx, fx.british, "Ensign Hale", "nco", NULL, 0);
  commandant = add_character (&fx, fx.french, "Commandant Vidal", "commander", NULL, 0);
  sergent = add_character (&fx, fx.french, "Sergent Dubois", "nco", NULL, 0);
  line = add_unit (&fx, fx.british, "1st Line", "line", NULL, 10);
  light = add_unit (&fx, fx.british, "Light company", "light", NULL, 10);
  voltigeurs = add_unit (&fx, fx.french, "Voltigeurs", "light", NULL, 10);

  game = new_game (&fx, "Rolica", officer, nco, commandant, sergent, (gint64) 0,
                   line, light, voltigeurs, (gint64) 0);
  set_result (&fx, game, officer, "wounded", 1, 0);
  set_result (&fx, game, sergent, "killed", 0, 0);
  set_result (&fx, game, nco, "captured", 0, 0);
  set_unit_result (&fx, game, line, 2, 3, 1, 2, NULL);
  set_unit_result (&fx, game, voltigeurs, 0, 2, 0, 0, NULL);

  /* The dialog asks for one die for each wounded figure of a unit. */
  plan = muster_engine_plan (fx.store, game, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < plan->len; i++)
    {
      const MusterPlannedRoll *roll = g_ptr_array_index (plan, i);
      if (roll->unit_id == line)
        unit_roll = roll;
    }
  g_assert_nonnull (unit_roll);
  g_assert_cmpstr (unit_roll->expression, ==, "3d6");
  g_assert_cmpstr (unit_roll->character_name, ==, "1st Line");

  events = resolve_with (&fx, game, "1st Line=2,4,6", "Voltigeurs=1,3", NULL);
  /* 2 killed + 1 wounded who did not rejoin + 1 captured. */
  g_assert_cmpint (lost_of (&fx, line), ==, 4);
  g_assert_cmpint (lost_of (&fx, voltigeurs), ==, 2);
  g_assert_cmpint (lost_of (&fx, light), ==, 0);
  event = find_unit_event (events, line, "rejoined");
  g_assert_nonnull (event);
  g_assert_nonnull (event->roll);
  g_assert_cmpint (event->roll->faces->len, ==, 3);
  g_assert_cmpuint (count_unit_events (events, line, "rejoined"), ==, 2);
  g_assert_cmpint (status_of (&fx, sergent), ==, MUSTER_STATUS_DEAD);
  g_assert_cmpint (status_of (&fx, officer), ==, MUSTER_STATUS_OUT_OF_ACTION);
  g_assert_cmpint (status_of (&fx, nco), ==, MUSTER_STATUS_CAPTURED);
  g_ptr_array_unref (events);

  /* Game 2: the officer misses it; killed figures are struck off again. */
  game = new_game (&fx, "Vimeiro", ensign, commandant, (gint64) 0, line, voltigeurs, (gint64) 0);
  set_unit_result (&fx, game, line, 1, 0, 0, 0, NULL);
  events = resolve_with (&fx, game, NULL);
  g_assert_cmpint (status_of (&fx, officer), ==, MUSTER_STATUS_ACTIVE);
  g_assert_nonnull (find_event (events, officer, "recovered"));
  g_assert_cmpint (lost_of (&fx, line), ==, 5);
  g_ptr_array_unref (events);

  /* Game 3: the officer is back; the 1st Line takes the field with 5. */
  game = new_game (&fx, "Corunna", officer, commandant, (gint64) 0, line, (gint64) 0);
  {
    g_autoptr(GPtrArray) units = muster_store_list_game_units (fx.store, game, &error);
    g_assert_no_error (error);
    g_assert_cmpint (((MusterUnitParticipant *) g_ptr_array_index (units, 0))->figures, ==, 5);
  }
  set_unit_result (&fx, game, line, 5, 0, 0, 0, NULL);
  events = resolve_with (&fx, game, NULL);
  g_assert_cmpuint (count_unit_events (events, line, "destroyed"), ==, 1);
  g_ptr_array_unref (events);

  fixture_clear (&fx);
}

/* Napoleonic Skirmish 1.9 with the other choices: every wounded figure
 * rejoins and prisoners are exchanged. */
static void
test_napoleonic_options (void)
{
  Fixture fx = { 0, };
  GPtrArray *events;
  gint64 officer, commandant, line, game;

  fixture_init (&fx, "napoleonic-skirmish", "wounded", "return", "captured", "exchanged", NULL);
  officer = add_character (&fx, fx.british, "Captain Lemoine", "officer", NULL, 0);
  commandant = add_character (&fx, fx.french, "Commandant Vidal", "commander", NULL, 0);
  line = add_unit (&fx, fx.british, "1st Line", "line", NULL, 10);

  game = new_game (&fx, "Rolica", officer, commandant, (gint64) 0, line, (gint64) 0);
  set_result (&fx, game, officer, "wounded", 1, 0);
  set_result (&fx, game, commandant, "captured", 0, 0);
  set_unit_result (&fx, game, line, 1, 3, 2, 0, NULL);
  events = resolve_with (&fx, game, NULL);
  g_assert_cmpint (lost_of (&fx, line), ==, 1);
  g_assert_cmpint (status_of (&fx, officer), ==, MUSTER_STATUS_ACTIVE);
  g_assert_cmpint (status_of (&fx, commandant), ==, MUSTER_STATUS_ACTIVE);
  g_ptr_array_unref (events);

  fixture_clear (&fx);
}

/* Small Unit Engagements: by default a company loses only whole bases;
 * the rest of its casualties rejoin. */
static void
test_small_unit_engagements (void)
{
  Fixture fx = { 0, };
  GPtrArray *events;
  gint64 officer, enemy, enemy2, company, rangers, game;
  g_autofree char *bases = NULL;
  g_autofree char *status = NULL;

  fixture_init (&fx, "small-unit-engagements", NULL);
  officer = add_character (&fx, fx.british, "Captain Rogers", "officer", NULL, 0);
  enemy = add_character (&fx, fx.french, "Capitaine Langlade", "officer", NULL, 0);
  enemy2 = add_character (&fx, fx.french, "Lieutenant Marin", "mounted-officer", NULL, 0);
  company = add_unit (&fx, fx.british, "Grenadier company", "regular", "tough", 0);
  rangers = add_unit (&fx, fx.french, "Coureurs de bois", "irregular", "normal", 0);

  game = new_game (&fx, "Fort Anne", officer, enemy, (gint64) 0, company, rangers, (gint64) 0);
  set_result (&fx, game, enemy, "killed", 0, 0);
  set_unit_result (&fx, game, company, 7, 0, 0, 0, NULL);
  set_unit_result (&fx, game, rangers, 4, 0, 0, 0, NULL);
  events = resolve_with (&fx, game, NULL);
  /* 7 casualties fill two bases of 3: 6 lost, 1 rejoins. */
  g_assert_cmpint (lost_of (&fx, company), ==, 6);
  g_assert_nonnull (find_unit_event (events, company, "rejoined"));
  bases = unit_stat_of (&fx, company, "bases");
  g_assert_cmpstr (bases, ==, "2");
  /* 4 of a 5-figure base: nothing lost. */
  g_assert_cmpint (lost_of (&fx, rangers), ==, 0);
  g_assert_null (find_unit_event (events, rangers, "unit-loss"));
  g_assert_cmpint (status_of (&fx, enemy), ==, MUSTER_STATUS_DEAD);
  g_ptr_array_unref (events);

  game = new_game (&fx, "Ticonderoga", officer, enemy2, (gint64) 0, company, rangers, (gint64) 0);
  set_unit_result (&fx, game, company, 5, 0, 0, 0, NULL);
  set_unit_result (&fx, game, rangers, 5, 0, 0, 0, NULL);
  events = resolve_with (&fx, game, NULL);
  g_assert_cmpint (lost_of (&fx, company), ==, 9);
  g_assert_cmpint (lost_of (&fx, rangers), ==, 5);
  g_ptr_array_unref (events);

  game = new_game (&fx, "Lake George", officer, enemy2, (gint64) 0, company, (gint64) 0);
  set_unit_result (&fx, game, company, 3, 0, 0, 0, NULL);
  events = resolve_with (&fx, game, NULL);
  g_assert_cmpint (lost_of (&fx, company), ==, 12);
  status = unit_status_of (&fx, company);
  g_assert_cmpstr (status, ==, MUSTER_UNIT_STATUS_DESTROYED);
  g_ptr_array_unref (events);

  fixture_clear (&fx);
}

static void
test_small_unit_options (void)
{
  const char *choices[] = { "all", "none" };
  const int lost[] = { 7, 0 };

  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    {
      Fixture fx = { 0, };
      GPtrArray *events;
      gint64 officer, enemy, company, game;

      fixture_init (&fx, "small-unit-engagements", "casualties", choices[i], NULL);
      officer = add_character (&fx, fx.british, "Captain Rogers", "officer", NULL, 0);
      enemy = add_character (&fx, fx.french, "Capitaine Langlade", "officer", NULL, 0);
      company = add_unit (&fx, fx.british, "Grenadier company", "regular", NULL, 0);
      game = new_game (&fx, "Fort Anne", officer, enemy, (gint64) 0, company, (gint64) 0);
      set_unit_result (&fx, game, company, 7, 0, 0, 0, NULL);
      events = resolve_with (&fx, game, NULL);
      g_assert_cmpint (lost_of (&fx, company), ==, lost[i]);
      g_ptr_array_unref (events);
      fixture_clear (&fx);
    }
}

static char *
log_text (Fixture *fx)
{
  g_autoptr(GString) text = g_string_new (NULL);
  sqlite3_stmt *stmt = NULL;

  sqlite3_prepare_v2 (muster_store_get_db (fx->store),
                      "SELECT l.message, coalesce (r.faces, '') FROM log_entry l "
                      "LEFT JOIN roll r ON r.id = l.roll_id ORDER BY l.id", -1, &stmt, NULL);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (text, "%s [%s]\n", sqlite3_column_text (stmt, 0), sqlite3_column_text (stmt, 1));
  sqlite3_finalize (stmt);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Undoing a resolution of units puts the library back exactly, and
 * running it again rolls the same dice. */
static void
test_undo (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *first_log = NULL;
  g_autofree char *second_log = NULL;
  GPtrArray *events;
  gint64 officer, commandant, line, voltigeurs, grenadiers, fusiliers, harper, sergent, game;

  fixture_init (&fx, "napoleonic-skirmish", NULL);
  officer = add_character (&fx, fx.british, "Captain Lemoine", "officer", NULL, 0);
  commandant = add_character (&fx, fx.french, "Commandant Vidal", "commander", NULL, 0);
  line = add_unit (&fx, fx.british, "1st Line", "line", NULL, 10);
  voltigeurs = add_unit (&fx, fx.french, "Voltigeurs", "light", NULL, 10);
  game = new_game (&fx, "Rolica", officer, commandant, (gint64) 0, line, voltigeurs, (gint64) 0);
  set_result (&fx, game, officer, "wounded", 1, 0);
  set_result (&fx, game, commandant, "killed", 0, 0);
  set_unit_result (&fx, game, line, 2, 5, 1, 1, NULL);
  set_unit_result (&fx, game, voltigeurs, 10, 0, 0, 0, NULL);

  before = muster_store_dump (fx.store);
  events = resolve_with (&fx, game, NULL);
  g_assert_cmpint (lost_of (&fx, line), >=, 3);
  g_assert_cmpuint (count_unit_events (events, voltigeurs, "destroyed"), ==, 1);
  g_ptr_array_unref (events);
  first_log = log_text (&fx);

  g_assert_cmpint (muster_engine_undo_resolve (fx.store, fx.campaign_id, &error), ==, game);
  g_assert_no_error (error);
  after = muster_store_dump (fx.store);
  g_assert_cmpstr (before, ==, after);

  events = resolve_with (&fx, game, NULL);
  g_ptr_array_unref (events);
  second_log = log_text (&fx);
  g_assert_cmpstr (first_log, ==, second_log);
  fixture_clear (&fx);

  /* Colours and struck-off characters in Chosen Men undo as well. */
  g_clear_pointer (&before, g_free);
  g_clear_pointer (&after, g_free);
  fixture_init (&fx, "chosen-men", NULL);
  harper = add_character (&fx, fx.british, "Sergeant Harden", "squad-leader", NULL, 0);
  sergent = add_character (&fx, fx.french, "Sergent Bonnet", "squad-leader", NULL, 0);
  grenadiers = add_unit (&fx, fx.french, "Grenadiers", "infantry", "veteran", 10);
  fusiliers = add_unit (&fx, fx.french, "Fusiliers", "infantry", "regular", 10);
  game = new_game (&fx, "Valdelacasa", harper, sergent, (gint64) 0, grenadiers, fusiliers, (gint64) 0);
  set_result (&fx, game, harper, "wounded", 1, 1);
  set_result (&fx, game, sergent, "killed", 0, 0);
  set_unit_result (&fx, game, grenadiers, 2, 1, 1, 0, "lost");
  before = muster_store_dump (fx.store);
  g_ptr_array_unref (resolve_with (&fx, game, NULL));
  g_assert_cmpint (morale_loss_of (&fx, fusiliers), ==, 2);
  g_assert_cmpint (muster_engine_undo_resolve (fx.store, fx.campaign_id, &error), ==, game);
  g_assert_no_error (error);
  after = muster_store_dump (fx.store);
  g_assert_cmpstr (before, ==, after);
  fixture_clear (&fx);
}

/* A ruleset whose unit steps are wrong is refused with a clear error, and
 * nothing is written. */
static void
test_bad_steps (void)
{
  static const char *const steps[] = {
    "<step type=\"unit-casualties\" figures=\"killed\" fate=\"vanish\"/>",
    "<step type=\"unit-casualties\" figures=\"deserted\" fate=\"lost\"/>",
    "<step type=\"unit-casualties\" figures=\"killed\" fate=\"roll\" dice=\"2d6\"/>",
    "<step type=\"morale-loss\" colours=\"stolen\" by=\"2\"/>",
    "<step type=\"morale-loss\" colours=\"lost\" by=\"2\" scope=\"army\"/>",
    "<step type=\"drop-stat\" stat=\"rank\" at-zero=\"promoted\"/>",
    "<step type=\"retire\" stat=\"rank\" at-most=\"0\" status=\"promoted\"/>",
    "<step type=\"struck-off\" outcome=\"killed\" status=\"buried\"/>",
  };

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterRuleset) ruleset = NULL;
      g_autofree char *xml = NULL;
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;
      MusterStore *store = muster_test_open_store (NULL);
      gint64 campaign, british, french, a, b, unit, game;
      MusterCharacterSpec spec = { .troop_type = "man" };
      MusterUnitSpec unit_spec = { .name = "Company", .kind = "company" };
      MusterUnitResult result = { .killed = 2 };
      MusterResult killed = { .outcome = "killed" };

      xml = g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                             "<ruleset xmlns=\"https://musterapp.github.io/ns/ruleset\" id=\"bad\" version=\"1\" kept-by=\"unit\">\n"
                             "<title>Bad steps</title><source>Tests</source>\n"
                             "<stats><stat key=\"rank\" min=\"1\" max=\"3\"><name>Rank</name></stat></stats>\n"
                             "<troop-types><troop-type id=\"man\"><name>Man</name><roll stat=\"rank\" dice=\"1\"/></troop-type></troop-types>\n"
                             "<unit-kinds><unit-kind id=\"company\" size=\"10\"><name>Company</name></unit-kind></unit-kinds>\n"
                             "<outcomes><outcome id=\"unhurt\"><name>Unhurt</name></outcome>"
                             "<outcome id=\"killed\" removes=\"true\"><name>Killed</name></outcome></outcomes>\n"
                             "<between-game>%s<step type=\"unit-casualties\" figures=\"killed\" fate=\"lost\"/></between-game>\n"
                             "</ruleset>\n", steps[i]);
      ruleset = muster_ruleset_new_from_data (xml, -1, "bad.xml", &error);
      g_assert_no_error (error);
      campaign = muster_store_create_campaign (store, "Bad", ruleset, SEED, NULL, &error);
      g_assert_no_error (error);
      british = muster_store_create_force (store, campaign, "A", "British", &error);
      french = muster_store_create_force (store, campaign, "B", "French", &error);
      spec.name = "Able";
      a = muster_store_create_character (store, british, &spec, &error);
      spec.name = "Baker";
      b = muster_store_create_character (store, french, &spec, &error);
      unit = muster_store_create_unit (store, british, &unit_spec, &error);
      g_assert_no_error (error);
      game = muster_store_create_game (store, campaign, "Bad", NULL, (gint64[]) { a, b }, 2, &error);
      g_assert_no_error (error);
      g_assert_true (muster_store_add_game_units (store, game, &unit, 1, &error));
      g_assert_true (muster_store_set_unit_result (store, game, unit, &result, &error));
      g_assert_true (muster_store_set_result (store, game, b, &killed, &error));
      g_assert_no_error (error);

      before = muster_store_dump (store);
      g_assert_null (muster_engine_resolve (store, game, NULL, NULL, &error));
      g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "ruleset"));
      after = muster_store_dump (store);
      g_assert_cmpstr (before, ==, after);
      g_object_unref (store);
    }
}

/* A game made of units alone, in one transaction with its sides from the
 * units' forces; a third side or a disbanded unit writes nothing. */
static void
test_create_game_full (void)
{
  Fixture fx = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(MusterGame) game = NULL;
  gint64 rifles, grenadiers, spanish, guerillas, sergeant, game_id;
  gint64 ids[3];

  fixture_init (&fx, "chosen-men", NULL);
  rifles = add_unit (&fx, fx.british, "Rifles", "skirmishers", "crack", 8);
  grenadiers = add_unit (&fx, fx.french, "Grenadiers", "infantry", "veteran", 10);
  spanish = muster_store_create_force (fx.store, fx.campaign_id, "La Romana", "Spanish", &error);
  g_assert_no_error (error);
  guerillas = add_unit (&fx, spanish, "Partidas", "infantry", "raw-militia", 10);
  sergeant = add_character (&fx, fx.british, "Sergeant Harden", "squad-leader", NULL, 0);

  /* Three sides: refused, and nothing written. */
  ids[0] = rifles; ids[1] = grenadiers; ids[2] = guerillas;
  g_assert_cmpint (muster_store_create_game_full (fx.store, fx.campaign_id, "Talavera", NULL,
                                                  &sergeant, 1, ids, 3, &error), ==, 0);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Partidas"));
  g_clear_error (&error);
  games = muster_store_list_games (fx.store, fx.campaign_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 0);

  /* A disbanded unit is refused by name, and nothing is written. */
  g_assert_true (muster_store_set_unit_text (fx.store, guerillas, "status", MUSTER_UNIT_STATUS_DISBANDED, &error));
  g_assert_no_error (error);
  ids[0] = rifles; ids[1] = guerillas;
  g_assert_cmpint (muster_store_create_game_full (fx.store, fx.campaign_id, "Talavera", NULL,
                                                  NULL, 0, ids, 2, &error), ==, 0);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNAVAILABLE);
  g_assert_nonnull (strstr (error->message, "Partidas"));
  g_clear_error (&error);
  g_clear_pointer (&games, g_ptr_array_unref);
  games = muster_store_list_games (fx.store, fx.campaign_id, &error);
  g_assert_cmpuint (games->len, ==, 0);

  /* One side alone is refused too. */
  g_assert_cmpint (muster_store_create_game_full (fx.store, fx.campaign_id, "Talavera", NULL,
                                                  &sergeant, 1, &rifles, 1, &error), ==, 0);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID);
  g_clear_error (&error);

  /* The French side is made only of a unit: accepted. */
  ids[0] = rifles; ids[1] = grenadiers; ids[2] = rifles;
  game_id = muster_store_create_game_full (fx.store, fx.campaign_id, "Talavera", NULL,
                                           &sergeant, 1, ids, 3, &error);
  g_assert_no_error (error);
  g_assert_cmpint (game_id, >, 0);
  game = muster_store_get_game (fx.store, game_id, &error);
  g_assert_cmpstr (muster_game_get_side_a (game), ==, "British");
  g_assert_cmpstr (muster_game_get_side_b (game), ==, "French");
  g_assert_cmpuint (muster_game_get_n_participants (game), ==, 1);
  units = muster_store_list_game_units (fx.store, game_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (units->len, ==, 2);
  g_assert_cmpint (((MusterUnitParticipant *) g_ptr_array_index (units, 0))->figures, ==, 8);
  g_assert_cmpstr (((MusterUnitParticipant *) g_ptr_array_index (units, 1))->side, ==, "French");

  fixture_clear (&fx);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_setenv ("MUSTER_FAKE_TIME", "2024-06-11T12:00:00Z", TRUE);

  g_test_add_func ("/engine/units/big-skirmishes", test_big_skirmishes);
  g_test_add_func ("/engine/units/big-skirmishes/options", test_big_skirmishes_options);
  g_test_add_func ("/engine/units/chosen-men", test_chosen_men);
  g_test_add_func ("/engine/units/napoleonic-skirmish", test_napoleonic_skirmish);
  g_test_add_func ("/engine/units/napoleonic-skirmish/options", test_napoleonic_options);
  g_test_add_func ("/engine/units/small-unit-engagements", test_small_unit_engagements);
  g_test_add_func ("/engine/units/small-unit-engagements/options", test_small_unit_options);
  g_test_add_func ("/engine/units/undo", test_undo);
  g_test_add_func ("/engine/units/create-game-full", test_create_game_full);
  g_test_add_func ("/engine/units/bad-steps", test_bad_steps);

  return g_test_run ();
}
