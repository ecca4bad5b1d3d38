/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test"

#include "config.h"

#include <string.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-engine.h"
#include "muster-game.h"
#include "muster-sharpe-campaign-util.h"
#include "muster-store-private.h"
#include "muster-test-util.h"

/* A campaign of the shipped rules, or of @file under tests/, with
 * @option set to @choice (both may be NULL). */
void
campaign_init (Campaign   *c,
               const char *file,
               guint64     seed,
               const char *option,
               const char *choice)
{
  g_autoptr(GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(MusterRuleset) ruleset = NULL;
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
  c->ruleset = g_object_ref (muster_store_get_campaign_ruleset (c->store, c->campaign, &error));
  g_assert_no_error (error);
}

void
campaign_clear (Campaign *c)
{
  g_clear_object (&c->ruleset);
  g_clear_object (&c->store);
}

/* A man with the characteristics I, D, S, C and F given. */
gint64
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
gint64
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

void
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

void
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
char *
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
char *
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
char *
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
