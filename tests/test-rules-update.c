/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-rules-update"

#include "config.h"

#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-engine.h"
#include "muster-rules-update.h"
#include "muster-unit.h"
#include "muster-store-private.h"
#include "muster-test-util.h"
#include "muster-engine-test-util.h"
#include "muster-campaign-generator.h"
#include "muster-rules-test-util.h"

/*
 * Taking newer rules into a campaign. A newer version of Sharpe's
 * Skirmish is written into the user's ruleset folder (a file there with a
 * shipped id replaces the shipped one), made from the shipped file.
 */

/* --- Rulesets under test ------------------------------------------------- */

static MusterRulesUpdate *
plan (Fixture *fx)
{
  g_autoptr(GError) error = NULL;
  MusterRulesUpdate *update = muster_rules_update_new (fx->store, fx->campaign_id, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (update);
  return update;
}

static const MusterRulesChange *
find_change (MusterRulesUpdate     *update,
             MusterRulesPart        part,
             MusterRulesChangeKind  kind,
             const char            *id)
{
  GPtrArray *changes = muster_rules_update_get_changes (update);

  for (guint i = 0; i < changes->len; i++)
    {
      const MusterRulesChange *change = g_ptr_array_index (changes, i);

      if (change->part == part && change->kind == kind && g_strcmp0 (change->id, id) == 0)
        return change;
    }
  return NULL;
}

static const MusterRulesOption *
find_option (MusterRulesUpdate *update,
             const char        *id)
{
  GPtrArray *options = muster_rules_update_get_options (update);

  for (guint i = 0; i < options->len; i++)
    if (g_str_equal (((MusterRulesOption *) g_ptr_array_index (options, i))->option, id))
      return g_ptr_array_index (options, i);
  return NULL;
}

static MusterCampaign *
campaign_of (Fixture *fx)
{
  g_autoptr(GError) error = NULL;
  MusterCampaign *campaign = muster_store_get_campaign (fx->store, fx->campaign_id, &error);

  g_assert_no_error (error);
  return campaign;
}

/* A Sharpe's Skirmish campaign of today's rules (version 1). */
static void
setup (Fixture    *fx,
       const char *death_roll)
{
  rules_use_fresh_data_home ();
  fixture_init (fx, death_roll, FALSE);
}

/* --- Nothing to take ------------------------------------------------------ */

static void
test_latest (void)
{
  Fixture fx = { 0 };
  g_autoptr(MusterRulesUpdate) update = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *older = rules_sharpe_version ("0.9");

  setup (&fx, NULL);
  update = plan (&fx);
  g_assert_cmpint (muster_rules_update_get_state (update), ==, MUSTER_RULES_UPDATE_LATEST);
  g_assert_false (muster_rules_update_is_available (update));
  g_assert_cmpstr (muster_rules_update_get_old_version (update), ==, "1");
  g_assert_cmpstr (muster_rules_update_get_new_version (update), ==, "1");
  g_assert_cmpuint (muster_rules_update_get_changes (update)->len, ==, 0);

  before = muster_store_dump (fx.store);
  undo = muster_store_update_rules (fx.store, update, &error);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_assert_null (undo);
  rules_assert_mentions (error->message, "already has the latest rules");
  g_clear_error (&error);

  /* An older version installed is not offered either. */
  rules_install_user ("old.xml", older);
  g_clear_pointer (&update, muster_rules_update_free);
  update = plan (&fx);
  g_assert_cmpint (muster_rules_update_get_state (update), ==, MUSTER_RULES_UPDATE_LATEST);
  g_assert_cmpstr (muster_rules_update_get_new_version (update), ==, "0.9");

  /* The rules of another id cannot replace the campaign's. */
  {
    g_autoptr(MusterRuleset) other = muster_rulesets_lookup ("chosen-men", &error);

    g_assert_no_error (error);
    g_assert_null (muster_rules_update_new (fx.store, fx.campaign_id, other, &error));
    g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
    rules_assert_mentions (error->message, "chosen-men");
    g_clear_error (&error);
  }
  after = muster_store_dump (fx.store);
  g_assert_cmpstr (before, ==, after);
  fixture_clear (&fx);
}

/* --- Taking them ---------------------------------------------------------- */

static char *
option_of (Fixture    *fx,
           const char *key)
{
  g_autoptr(MusterCampaign) campaign = campaign_of (fx);
  const char *value = g_hash_table_lookup (muster_campaign_get_options (campaign), key);

  return g_strdup (value);
}

static void
test_apply (void)
{
  Fixture fx = { 0 };
  g_autofree char *v2_text = rules_sharpe_v2 ();
  g_autoptr(MusterRulesUpdate) update = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GPtrArray) log = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *death_roll = NULL;
  g_autofree char *recovery = NULL;
  const MusterRulesOption *option;
  const MusterLogEntry *entry;
  MusterRuleset *rules;

  setup (&fx, "out-d6-games");
  rules_install_user ("sharpes-skirmish-2.xml", v2_text);

  update = plan (&fx);
  g_assert_cmpint (muster_rules_update_get_state (update), ==, MUSTER_RULES_UPDATE_NEWER);
  g_assert_true (muster_rules_update_is_available (update));
  g_assert_cmpstr (muster_rules_update_get_old_version (update), ==, "1");
  g_assert_cmpstr (muster_rules_update_get_new_version (update), ==, "2");
  g_assert_cmpstr (muster_rules_update_get_campaign_name (update), ==, "Talavera");
  g_assert_cmpuint (muster_rules_update_get_changes (update)->len, ==, 6);
  g_assert_nonnull (find_change (update, MUSTER_RULES_PART_STEP, MUSTER_RULES_CHANGED, "death-roll"));
  g_assert_cmpuint (muster_rules_update_get_blockers (update)->len, ==, 0);

  /* The campaign's choice carries over; the new option takes its default. */
  option = find_option (update, "death-roll");
  g_assert_cmpint (option->fate, ==, MUSTER_RULES_OPTION_KEPT);
  g_assert_cmpstr (option->choice, ==, "out-d6-games");
  option = find_option (update, "recovery");
  g_assert_cmpint (option->fate, ==, MUSTER_RULES_OPTION_NEW);
  g_assert_cmpstr (option->choice, ==, "rest");
  g_assert_null (option->old_choice);
  rules_assert_mentions (option->description, "Rest a game");

  /* Working it out changed nothing. */
  campaign = campaign_of (&fx);
  g_assert_cmpstr (muster_campaign_get_ruleset_version (campaign), ==, "1");
  g_clear_object (&campaign);

  undo = muster_store_update_rules (fx.store, update, &error);
  g_assert_no_error (error);
  g_assert_nonnull (undo);
  g_assert_cmpstr (muster_undo_get_label (undo), ==, "Rules updated to version 2");

  campaign = campaign_of (&fx);
  g_assert_cmpstr (muster_campaign_get_ruleset_version (campaign), ==, "2");
  g_assert_cmpstr (muster_ruleset_get_xml (muster_campaign_get_ruleset (campaign)), ==, v2_text);
  death_roll = option_of (&fx, "death-roll");
  recovery = option_of (&fx, "recovery");
  g_assert_cmpstr (death_roll, ==, "out-d6-games");
  g_assert_cmpstr (recovery, ==, "rest");

  /* The store plays the new copy from now on. */
  rules = muster_store_get_campaign_ruleset (fx.store, fx.campaign_id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_ruleset_get_version (rules), ==, "2");
  g_assert_null (muster_ruleset_lookup_weapon (rules, "volley-gun"));

  /* One log entry says from which version to which, and the defaults. */
  g_assert_cmpint (count_log (&fx, "rules-updated"), ==, 1);
  log = muster_store_list_log (fx.store, fx.campaign_id, 0, 0, &error);
  g_assert_no_error (error);
  entry = g_ptr_array_index (log, 0);
  g_assert_cmpstr (entry->kind, ==, "rules-updated");
  rules_assert_mentions (entry->message, "version 2 of Sharpe's Skirmish");
  rules_assert_mentions (entry->message, "in place of version 1");
  rules_assert_mentions (entry->message, "“Recovery” is new and takes its default, “Rest a game”.");
  g_assert_null (strstr (entry->message, "Campaign death roll"));

  /* Taken, there is nothing newer. */
  g_clear_pointer (&update, muster_rules_update_free);
  update = plan (&fx);
  g_assert_cmpint (muster_rules_update_get_state (update), ==, MUSTER_RULES_UPDATE_LATEST);
  fixture_clear (&fx);
}

/* A choice the new version no longer has falls back to the default. */
static void
test_apply_defaulted (void)
{
  Fixture fx = { 0 };
  g_autofree char *v2_text = rules_sharpe_version ("2");
  g_autoptr(MusterRulesUpdate) update = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  g_autoptr(GPtrArray) log = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *death_roll = NULL;
  const MusterRulesOption *option;
  const MusterLogEntry *entry;

  v2_text = rules_edit (v2_text,
                  "      <choice id=\"out-d6-games\">\n"
                  "        <name>Out of action for D6 games</name>\n"
                  "        <description>Roll a die: the character misses that many games, then returns.</description>\n"
                  "      </choice>\n", "");
  v2_text = rules_edit (v2_text, "    <step type=\"out-for-games\" outcome=\"out-of-action\" dice=\"1d6\" option=\"death-roll\" choice=\"out-d6-games\"/>\n", "");
  setup (&fx, "out-d6-games");
  rules_install_user ("v2.xml", v2_text);

  update = plan (&fx);
  option = find_option (update, "death-roll");
  g_assert_cmpint (option->fate, ==, MUSTER_RULES_OPTION_DEFAULTED);
  g_assert_cmpstr (option->choice, ==, "die-on-6");
  g_assert_cmpstr (option->old_choice, ==, "out-d6-games");
  rules_assert_mentions (option->description, "out-d6-games");
  g_assert_nonnull (find_change (update, MUSTER_RULES_PART_OPTION, MUSTER_RULES_CHANGED, "death-roll"));
  g_assert_nonnull (find_change (update, MUSTER_RULES_PART_STEP, MUSTER_RULES_REMOVED, "out-for-games"));

  undo = muster_store_update_rules (fx.store, update, &error);
  g_assert_no_error (error);
  death_roll = option_of (&fx, "death-roll");
  g_assert_cmpstr (death_roll, ==, "die-on-6");
  log = muster_store_list_log (fx.store, fx.campaign_id, 0, 0, &error);
  entry = g_ptr_array_index (log, 0);
  rules_assert_mentions (entry->message, "“Campaign death roll” takes its default, “Dies only on a 6”: version 2 has no choice “out-d6-games”.");
  fixture_clear (&fx);
}

/* The new version cannot hold what the campaign has: refused, naming it,
 * and nothing changes. */
static void
test_blocked (void)
{
  Fixture fx = { 0 };
  g_autofree char *v2_text = rules_sharpe_version ("2");
  g_autoptr(MusterRulesUpdate) update = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  GPtrArray *blockers;
  gint64 lefort;

  v2_text = rules_edit (v2_text,
                  "    <troop-type id=\"voltigeur\" weapon=\"musket\" mounted=\"false\">\n"
                  "      <name>Voltigeur</name>\n",
                  "    <troop-type id=\"light-infantry\" weapon=\"musket\" mounted=\"false\">\n"
                  "      <name>Light infantry</name>\n");
  v2_text = rules_edit (v2_text, RULES_VOLLEY_GUN, "");
  v2_text = rules_edit (v2_text, "<stat key=\"I\" min=\"1\" max=\"12\">", "<stat key=\"I\" min=\"1\" max=\"11\">");
  setup (&fx, NULL);
  {
    g_autoptr(GHashTable) stats = g_hash_table_new (g_str_hash, g_str_equal);
    MusterCharacterSpec spec = { .name = "Jean Lefort", .troop_type = "voltigeur", .weapon = "volley-gun" };

    g_hash_table_insert (stats, (gpointer) "I", GINT_TO_POINTER (12));
    spec.stats = stats;
    lefort = muster_store_create_character (fx.store, fx.french, &spec, &error);
    g_assert_no_error (error);
    g_assert_cmpint (lefort, >, 0);
  }
  rules_install_user ("v2.xml", v2_text);

  update = plan (&fx);
  g_assert_true (muster_rules_update_is_available (update));
  blockers = muster_rules_update_get_blockers (update);
  for (guint i = 0; i < blockers->len; i++)
    g_test_message ("%s", (const char *) g_ptr_array_index (blockers, i));
  g_assert_cmpuint (blockers->len, ==, 3);
  rules_assert_mentions (g_ptr_array_index (blockers, 0), "Jean Lefort is of the troop type “voltigeur”, which version 2 of Sharpe's Skirmish does not have.");
  rules_assert_mentions (g_ptr_array_index (blockers, 1), "Jean Lefort carries the weapon “volley-gun”");
  rules_assert_mentions (g_ptr_array_index (blockers, 2), "Jean Lefort");
  rules_assert_mentions (g_ptr_array_index (blockers, 2), "between 1 and 11, not 12");

  before = muster_store_dump (fx.store);
  undo = muster_store_update_rules (fx.store, update, &error);
  g_assert_null (undo);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  rules_assert_mentions (error->message, "Campaign “Talavera” cannot take version 2 of Sharpe's Skirmish:");
  rules_assert_mentions (error->message, "volley-gun");
  after = muster_store_dump (fx.store);
  g_assert_cmpstr (before, ==, after);
  g_clear_error (&error);

  /* Once nothing stands in the way, the same update goes through: the
   * check is made again when it is taken. */
  g_assert_true (muster_store_set_character_text (fx.store, lefort, "weapon", "musket", &error));
  g_assert_true (muster_store_set_character_text (fx.store, lefort, "troop_type", "line", &error));
  g_assert_true (muster_store_set_character_stat (fx.store, lefort, "I", 11, &error));
  g_assert_no_error (error);
  g_clear_pointer (&update, muster_rules_update_free);
  update = plan (&fx);
  g_assert_cmpuint (muster_rules_update_get_blockers (update)->len, ==, 0);
  undo = muster_store_update_rules (fx.store, update, &error);
  g_assert_no_error (error);
  g_assert_nonnull (undo);
  fixture_clear (&fx);
}

/* What was true when the update was worked out is checked again when it
 * is taken. */
static void
test_blocked_since (void)
{
  Fixture fx = { 0 };
  g_autofree char *v2_text = rules_sharpe_version ("2");
  g_autoptr(MusterRulesUpdate) update = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) stats = g_hash_table_new (g_str_hash, g_str_equal);
  MusterCharacterSpec spec = { .name = "Pierre Dubois", .troop_type = "line", .weapon = "volley-gun" };

  v2_text = rules_edit (v2_text, RULES_VOLLEY_GUN, "");
  setup (&fx, NULL);
  rules_install_user ("v2.xml", v2_text);
  update = plan (&fx);
  g_assert_cmpuint (muster_rules_update_get_blockers (update)->len, ==, 0);

  spec.stats = stats;
  g_assert_cmpint (muster_store_create_character (fx.store, fx.french, &spec, &error), >, 0);
  g_assert_no_error (error);
  undo = muster_store_update_rules (fx.store, update, &error);
  g_assert_null (undo);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  rules_assert_mentions (error->message, "Pierre Dubois carries the weapon “volley-gun”");
  fixture_clear (&fx);
}

/* Units of a kind or rating the new version lacks, or too big for it. */
static void
test_blocked_units (void)
{
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(MusterRuleset) chosen_men = NULL;
  g_autoptr(MusterRulesUpdate) update = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *v2_text = NULL;
  const MusterRulesChange *change;
  GPtrArray *blockers;
  gint64 campaign, force;
  const MusterUnitSpec units[] = {
    { .name = "Ross’s gun", .kind = "artillery", .rating = "regular" },
    { .name = "Leach’s squad", .kind = "skirmishers", .rating = "veteran" },
    { .name = "Grenadiers", .kind = "infantry", .rating = "regular", .size = 15 },
  };

  rules_use_fresh_data_home ();
  store = muster_test_open_store (NULL);
  chosen_men = muster_rulesets_lookup ("chosen-men", &error);
  g_assert_no_error (error);
  campaign = muster_store_create_campaign (store, "Coa", chosen_men, 1, NULL, &error);
  g_assert_no_error (error);
  force = muster_store_create_force (store, campaign, "95th Rifles", "British", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    {
      g_assert_cmpint (muster_store_create_unit (store, force, &units[i], &error), >, 0);
      g_assert_no_error (error);
    }

  v2_text = rules_edit (rules_shipped_text ("chosen-men.xml"), "id=\"chosen-men\" version=\"1\"",
                        "id=\"chosen-men\" version=\"2\"");
  v2_text = rules_edit (v2_text, "<unit-kind id=\"artillery\"", "<unit-kind id=\"gun\"");
  v2_text = rules_edit (v2_text, "<rating id=\"veteran\"", "<rating id=\"seasoned\"");
  v2_text = rules_edit (v2_text, "<unit-kind id=\"infantry\" size=\"10\" min-size=\"5\" max-size=\"15\">",
                        "<unit-kind id=\"infantry\" size=\"10\" min-size=\"5\" max-size=\"12\">");
  rules_install_user ("chosen-men-2.xml", v2_text);

  update = muster_rules_update_new (store, campaign, NULL, &error);
  g_assert_no_error (error);
  change = find_change (update, MUSTER_RULES_PART_UNIT_KIND, MUSTER_RULES_CHANGED, "infantry");
  g_assert_nonnull (change);
  rules_assert_mentions (change->description, "largest size: 15 → 12");
  g_assert_nonnull (find_change (update, MUSTER_RULES_PART_UNIT_KIND, MUSTER_RULES_REMOVED, "artillery"));
  g_assert_nonnull (find_change (update, MUSTER_RULES_PART_UNIT_KIND, MUSTER_RULES_ADDED, "gun"));
  g_assert_nonnull (find_change (update, MUSTER_RULES_PART_RATING, MUSTER_RULES_REMOVED, "veteran"));

  blockers = muster_rules_update_get_blockers (update);
  for (guint i = 0; i < blockers->len; i++)
    g_test_message ("%s", (const char *) g_ptr_array_index (blockers, i));
  g_assert_cmpuint (blockers->len, ==, 3);
  rules_assert_mentions (g_ptr_array_index (blockers, 0),
                   "Ross’s gun is a unit of the kind “artillery”, which version 2 of");
  rules_assert_mentions (g_ptr_array_index (blockers, 1),
                   "Leach’s squad has the rating “veteran”, which version 2 of");
  rules_assert_mentions (g_ptr_array_index (blockers, 2), "Grenadiers: ");
  rules_assert_mentions (g_ptr_array_index (blockers, 2), "15");
}

/* --- Undoing it ------------------------------------------------------------- */

static void
test_undo (void)
{
  Fixture fx = { 0 };
  g_autofree char *v2_text = rules_sharpe_v2 ();
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *taken = NULL;
  g_autoptr(MusterRulesUpdate) update = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  g_autoptr(GError) error = NULL;

  setup (&fx, "out-d6-games");
  rules_install_user ("v2.xml", v2_text);
  before = muster_store_dump (fx.store);

  /* The window's Undo. */
  update = plan (&fx);
  undo = muster_store_update_rules (fx.store, update, &error);
  g_assert_no_error (error);
  taken = muster_store_dump (fx.store);
  g_assert_cmpstr (taken, !=, before);
  g_assert_true (muster_undo_apply (undo, &error));
  g_assert_no_error (error);
  after = muster_store_dump (fx.store);
  g_assert_cmpstr (after, ==, before);
  {
    MusterRuleset *rules = muster_store_get_campaign_ruleset (fx.store, fx.campaign_id, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (muster_ruleset_get_version (rules), ==, "1");
  }
  /* Once only. */
  g_assert_false (muster_undo_apply (undo, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_clear_pointer (&undo, muster_undo_free);
  g_clear_pointer (&after, g_free);

  /* The command line's, later: the most recent update of the campaign,
   * and the same library back. */
  g_clear_pointer (&update, muster_rules_update_free);
  update = plan (&fx);
  undo = muster_store_update_rules (fx.store, update, &error);
  g_assert_no_error (error);
  after = muster_store_dump (fx.store);
  g_assert_cmpstr (after, ==, taken);
  g_assert_true (muster_store_undo_rules_update (fx.store, fx.campaign_id, &error));
  g_assert_no_error (error);
  g_clear_pointer (&after, g_free);
  after = muster_store_dump (fx.store);
  g_assert_cmpstr (after, ==, before);

  /* Nothing left to undo, by either. */
  g_assert_false (muster_store_undo_rules_update (fx.store, fx.campaign_id, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND);
  rules_assert_mentions (error->message, "nothing to undo");
  g_clear_error (&error);
  g_assert_false (muster_undo_apply (undo, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND);
  fixture_clear (&fx);
}

/* A game resolved under the new rules must be undone first, and what was
 * added under them must fit the old ones. */
static void
test_undo_refused (void)
{
  Fixture fx = { 0 };
  g_autofree char *v2_text = rules_sharpe_version ("2");
  g_autoptr(MusterRulesUpdate) update = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  gint64 sharpe, lefort, game, grenadier;

  v2_text = rules_edit (v2_text, "  </troop-types>",
                  "    <troop-type id=\"grenadier\" weapon=\"musket\" mounted=\"false\">\n"
                  "      <name>Grenadier</name>\n"
                  "      <roll stat=\"I\" dice=\"1d6\"/>\n"
                  "    </troop-type>\n"
                  "  </troop-types>");
  setup (&fx, NULL);
  sharpe = add_character (&fx, fx.british, "Richard Sharpe", 0);
  lefort = add_character (&fx, fx.french, "Jean Lefort", 0);
  rules_install_user ("v2.xml", v2_text);

  update = plan (&fx);
  undo = muster_store_update_rules (fx.store, update, &error);
  g_assert_no_error (error);

  game = new_game (&fx, "Talavera", sharpe, lefort, (gint64) 0);
  set_outcome (&fx, game, lefort, "out-of-action");
  events = resolve_with (&fx, game, "Jean Lefort=3", NULL);
  g_assert_false (muster_undo_apply (undo, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  rules_assert_mentions (error->message, "undo that resolution first");
  g_clear_error (&error);

  g_assert_cmpint (muster_engine_undo_resolve (fx.store, fx.campaign_id, &error), ==, game);
  g_assert_no_error (error);

  /* A grenadier exists only in version 2. */
  {
    MusterCharacterSpec spec = { .name = "Marcel Roux", .troop_type = "grenadier" };

    grenadier = muster_store_create_character (fx.store, fx.french, &spec, &error);
    g_assert_no_error (error);
  }
  g_assert_false (muster_store_undo_rules_update (fx.store, fx.campaign_id, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  rules_assert_mentions (error->message, "cannot go back to version 1 of Sharpe's Skirmish");
  rules_assert_mentions (error->message, "Marcel Roux is of the troop type “grenadier”");
  g_clear_error (&error);

  /* With the grenadier and the game gone, the old rules come back. */
  {
    g_autoptr(MusterUndo) gone = muster_store_delete_character (fx.store, grenadier, &error);

    g_assert_no_error (error);
  }
  g_assert_true (muster_store_delete_game (fx.store, game, &error));
  g_assert_no_error (error);
  g_assert_true (muster_undo_apply (undo, &error));
  g_assert_no_error (error);
  campaign = campaign_of (&fx);
  g_assert_cmpstr (muster_campaign_get_ruleset_version (campaign), ==, "1");
  g_assert_cmpint (count_log (&fx, "rules-updated"), ==, 0);
  g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM rules_update", 0), ==, 0);
  g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM rules_update_option", 0), ==, 0);
  fixture_clear (&fx);
}

/* --- A campaign that does not take them ------------------------------------ */

/* One game: Jean Lefort is put out of action and rolls a 5 for his death
 * roll. Version 2 of the rules has him die on a 5; version 1 on a 6
 * (data/rulesets/sharpes-skirmish.xml, the step "death-roll"). */
static char *
play (gboolean     install_v2,
      gboolean     take,
      MusterStatus *lefort_status)
{
  Fixture fx = { 0 };
  g_autofree char *v2_text = rules_sharpe_v2 ();
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GError) error = NULL;
  gint64 sharpe, lefort, game;
  char *dump;

  setup (&fx, NULL);
  sharpe = add_character (&fx, fx.british, "Richard Sharpe", 0);
  lefort = add_character (&fx, fx.french, "Jean Lefort", 0);
  if (install_v2)
    rules_install_user ("v2.xml", v2_text);
  if (take)
    {
      g_autoptr(MusterRulesUpdate) update = plan (&fx);
      g_autoptr(MusterUndo) undo = muster_store_update_rules (fx.store, update, &error);

      g_assert_no_error (error);
    }
  game = new_game (&fx, "Talavera", sharpe, lefort, (gint64) 0);
  set_outcome (&fx, game, lefort, "out-of-action");
  events = resolve_with (&fx, game, "Jean Lefort=5", NULL);
  *lefort_status = status_of (&fx, lefort);
  dump = muster_store_dump (fx.store);
  fixture_clear (&fx);
  return dump;
}

static void
test_plays_as_before (void)
{
  MusterStatus status;
  g_autofree char *without = play (FALSE, FALSE, &status);
  g_autofree char *not_taken = NULL;
  g_autofree char *taken = NULL;

  g_assert_cmpint (status, ==, MUSTER_STATUS_ACTIVE);

  /* Newer rules installed but not taken: the same game, the same library,
   * row for row. */
  not_taken = play (TRUE, FALSE, &status);
  g_assert_cmpint (status, ==, MUSTER_STATUS_ACTIVE);
  g_assert_cmpstr (not_taken, ==, without);

  /* Taken, the corrected death roll kills him. */
  taken = play (TRUE, TRUE, &status);
  g_assert_cmpint (status, ==, MUSTER_STATUS_DEAD);
}

/* --- A copy that no longer loads --------------------------------------------- */

static void
break_copy (Fixture *fx)
{
  g_autofree char *sql = g_strdup_printf ("UPDATE campaign SET ruleset_xml = substr (ruleset_xml, 1, 400)"
                                          " WHERE id = %" G_GINT64_FORMAT, fx->campaign_id);

  g_assert_cmpint (sqlite3_exec (muster_store_get_db (fx->store), sql, NULL, NULL, NULL), ==, SQLITE_OK);
  muster_store_forget_caches (fx->store);
}

static void
test_broken (void)
{
  Fixture fx = { 0 };
  g_autoptr(MusterRulesUpdate) update = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GPtrArray) log = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  const MusterLogEntry *entry;

  setup (&fx, "out-d6-games");
  break_copy (&fx);
  campaign = campaign_of (&fx);
  g_assert_null (muster_campaign_get_ruleset (campaign));
  g_assert_nonnull (muster_campaign_get_ruleset_error (campaign));
  rules_assert_mentions (muster_campaign_get_ruleset_error (campaign)->message, "sharpes-skirmish.xml:");
  g_clear_object (&campaign);

  /* The installed file of the same id, though no newer, can replace it. */
  update = plan (&fx);
  g_assert_cmpint (muster_rules_update_get_state (update), ==, MUSTER_RULES_UPDATE_BROKEN);
  g_assert_true (muster_rules_update_is_available (update));
  g_assert_nonnull (muster_rules_update_get_copy_error (update));
  g_assert_cmpstr (muster_rules_update_get_new_version (update), ==, "1");
  g_assert_cmpstr (muster_rules_update_get_title (update), ==, "Sharpe's Skirmish");
  g_assert_cmpuint (muster_rules_update_get_changes (update)->len, ==, 0);
  g_assert_cmpint (find_option (update, "death-roll")->fate, ==, MUSTER_RULES_OPTION_KEPT);

  before = muster_store_dump (fx.store);
  undo = muster_store_update_rules (fx.store, update, &error);
  g_assert_no_error (error);
  campaign = campaign_of (&fx);
  g_assert_nonnull (muster_campaign_get_ruleset (campaign));
  g_assert_null (muster_campaign_get_ruleset_error (campaign));
  log = muster_store_list_log (fx.store, fx.campaign_id, 0, 0, &error);
  entry = g_ptr_array_index (log, 0);
  rules_assert_mentions (entry->message, "in place of its copy of version 1, which no longer loaded");

  /* Undone, the broken copy is back as it was. */
  g_assert_true (muster_undo_apply (undo, &error));
  g_assert_no_error (error);
  after = muster_store_dump (fx.store);
  g_assert_cmpstr (after, ==, before);
  fixture_clear (&fx);
}

/* No ruleset of the campaign's id is installed: nothing to take. */
static void
test_missing (void)
{
  Fixture fx = { 0 };
  g_autoptr(MusterRulesUpdate) update = NULL;
  g_autoptr(MusterUndo) undo = NULL;
  g_autoptr(GError) error = NULL;

  rules_use_fresh_data_home ();
  fixture_init (&fx, NULL, TRUE);
  update = plan (&fx);
  g_assert_cmpint (muster_rules_update_get_state (update), ==, MUSTER_RULES_UPDATE_MISSING);
  g_assert_false (muster_rules_update_is_available (update));
  g_assert_null (muster_rules_update_get_new_version (update));
  g_assert_null (muster_rules_update_get_copy_error (update));
  undo = muster_store_update_rules (fx.store, update, &error);
  g_assert_null (undo);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  rules_assert_mentions (error->message, "test-steps");
  g_clear_error (&error);

  /* Broken too: said so, and still nothing to take. */
  break_copy (&fx);
  g_clear_pointer (&update, muster_rules_update_free);
  update = plan (&fx);
  g_assert_cmpint (muster_rules_update_get_state (update), ==, MUSTER_RULES_UPDATE_MISSING);
  g_assert_nonnull (muster_rules_update_get_copy_error (update));
  fixture_clear (&fx);
}

/* A library from before keeps the rules a campaign replaces once migrated. */
static void
test_schema (void)
{
  Fixture fx = { 0 };

  setup (&fx, NULL);
  g_assert_cmpint (query_int (&fx, "SELECT count(*) FROM sqlite_schema WHERE name IN"
                                   " ('rules_update', 'rules_update_option')", 0), ==, 2);
  g_assert_cmpint (query_int (&fx, "PRAGMA user_version", 0), ==, MUSTER_STORE_SCHEMA_VERSION);
  fixture_clear (&fx);
}

/* --- The shipped rules ------------------------------------------------------ */

/* A campaign made and played with the first version of each shipped rule
 * set takes the version shipped today, with nothing in it to stop it. */
static void
test_shipped (void)
{
  const char *ids[] = { "sharpes-skirmish", "big-skirmishes", "napoleonic-skirmish",
                        "chosen-men", "small-unit-engagements" };
  g_autofree char *first = g_strdup (g_getenv ("MUSTER_RULESETS_DIR"));
  g_autofree char *shipped = g_build_filename (MUSTER_SOURCE_DATADIR, "rulesets", NULL);
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  gint64 campaigns[G_N_ELEMENTS (ids)];

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    campaigns[i] = muster_generate_campaign (store, ids[i], 20 + i, 8, NULL);

  g_setenv ("MUSTER_RULESETS_DIR", shipped, TRUE);
  muster_rulesets_reload ();
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr(MusterRuleset) today = muster_rulesets_lookup (ids[i], NULL);
      g_autoptr(MusterRulesUpdate) update = NULL;
      g_autoptr(MusterCampaign) campaign = NULL;
      g_autoptr(MusterUndo) undo = NULL;
      g_autoptr(GError) error = NULL;
      MusterRuleset *rules;

      g_assert_nonnull (today);
      update = muster_rules_update_new (store, campaigns[i], NULL, &error);
      g_assert_no_error (error);
      g_test_message ("%s: version %s, shipped %s", ids[i],
                      muster_rules_update_get_old_version (update), muster_ruleset_get_version (today));
      g_assert_cmpstr (muster_rules_update_get_old_version (update), ==, "1");
      if (g_str_equal (muster_ruleset_get_version (today), "1"))
        {
          g_assert_false (muster_rules_update_is_available (update));
          continue;
        }
      g_assert_true (muster_rules_update_is_available (update));
      g_assert_cmpuint (muster_rules_update_get_blockers (update)->len, ==, 0);
      g_assert_cmpuint (muster_rules_update_get_changes (update)->len, >, 0);
      undo = muster_store_update_rules (store, update, &error);
      g_assert_no_error (error);
      g_assert_nonnull (undo);
      rules = muster_store_get_campaign_ruleset (store, campaigns[i], &error);
      g_assert_no_error (error);
      g_assert_cmpstr (muster_ruleset_get_version (rules), ==, muster_ruleset_get_version (today));
      campaign = muster_store_get_campaign (store, campaigns[i], &error);
      g_assert_no_error (error);
      g_assert_cmpstr (muster_campaign_get_ruleset_version (campaign), ==, muster_ruleset_get_version (today));
    }

  g_setenv ("MUSTER_RULESETS_DIR", first, TRUE);
  muster_rulesets_reload ();
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  rules_use_first_versions ();
  g_setenv ("MUSTER_FAKE_TIME", "1809-07-28T12:00:00Z", TRUE);

  g_test_add_func ("/rules-update/latest", test_latest);
  g_test_add_func ("/rules-update/apply", test_apply);
  g_test_add_func ("/rules-update/apply/defaulted", test_apply_defaulted);
  g_test_add_func ("/rules-update/blocked", test_blocked);
  g_test_add_func ("/rules-update/blocked/since", test_blocked_since);
  g_test_add_func ("/rules-update/blocked/units", test_blocked_units);
  g_test_add_func ("/rules-update/undo", test_undo);
  g_test_add_func ("/rules-update/undo/refused", test_undo_refused);
  g_test_add_func ("/rules-update/plays-as-before", test_plays_as_before);
  g_test_add_func ("/rules-update/broken", test_broken);
  g_test_add_func ("/rules-update/missing", test_missing);
  g_test_add_func ("/rules-update/schema", test_schema);
  g_test_add_func ("/rules-update/shipped", test_shipped);

  return g_test_run ();
}
