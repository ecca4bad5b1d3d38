/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-ruleset-diff"

#include "config.h"

#include <string.h>

#include <glib.h>

#include "muster-rules-update.h"
#include "muster-rules-test-util.h"

/* What changed from one version of a ruleset to the next, and which
 * version is newer. The versions are the shipped Sharpe's Skirmish with
 * its text edited. */

/* --- Versions ------------------------------------------------------------ */

static void
test_versions (void)
{
  g_assert_cmpint (muster_ruleset_compare_versions ("1", "2"), <, 0);
  g_assert_cmpint (muster_ruleset_compare_versions ("2", "1"), >, 0);
  g_assert_cmpint (muster_ruleset_compare_versions ("2", "10"), <, 0);
  g_assert_cmpint (muster_ruleset_compare_versions ("1.9", "1.10"), <, 0);
  g_assert_cmpint (muster_ruleset_compare_versions ("1", "1.0"), ==, 0);
  g_assert_cmpint (muster_ruleset_compare_versions ("1.0.1", "1"), >, 0);
  g_assert_cmpint (muster_ruleset_compare_versions ("007", "7"), ==, 0);
  g_assert_cmpint (muster_ruleset_compare_versions ("99999999999999999999", "2"), >, 0);
  /* Anything that is not a version comes before every version. */
  g_assert_cmpint (muster_ruleset_compare_versions ("beta", "1"), <, 0);
  g_assert_cmpint (muster_ruleset_compare_versions ("1", ""), >, 0);
}

/* --- What changed -------------------------------------------------------- */

static void
test_diff (void)
{
  g_autofree char *v1_text = rules_sharpe_version ("1");
  g_autofree char *v2_text = rules_sharpe_v2 ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) v1 = muster_ruleset_new_from_data (v1_text, -1, "v1.xml", &error);
  g_autoptr(MusterRuleset) v2 = muster_ruleset_new_from_data (v2_text, -1, "v2.xml", &error);
  g_autoptr(GPtrArray) changes = NULL;
  g_autoptr(GPtrArray) same = NULL;
  guint seen = 0;

  g_assert_no_error (error);
  changes = muster_ruleset_diff (v1, v2);
  for (guint i = 0; i < changes->len; i++)
    {
      const MusterRulesChange *change = g_ptr_array_index (changes, i);
      const char *d = change->description;

      g_test_message ("%s %s %s: %s", muster_rules_part_to_string (change->part),
                      muster_rules_change_kind_to_string (change->kind), change->id, d);
      switch (change->part)
        {
        case MUSTER_RULES_PART_STEP:
          g_assert_cmpint (change->kind, ==, MUSTER_RULES_CHANGED);
          g_assert_cmpstr (change->id, ==, "death-roll");
          rules_assert_mentions (d, "Death roll, when “Campaign death roll” is “Dies only on a 6”");
          rules_assert_mentions (d, "dies-on: 6 → 5");
          seen |= 1 << 0;
          break;
        case MUSTER_RULES_PART_TABLE:
          g_assert_cmpint (change->kind, ==, MUSTER_RULES_CHANGED);
          g_assert_cmpstr (change->id, ==, "hit-location");
          rules_assert_mentions (d, "entry “legs”: 1 Legs → 1 Both legs");
          seen |= 1 << 1;
          break;
        case MUSTER_RULES_PART_STAT:
          g_assert_cmpstr (change->id, ==, "F");
          rules_assert_mentions (d, "range: 1–12 → 1–13");
          seen |= 1 << 2;
          break;
        case MUSTER_RULES_PART_WEAPON:
          g_assert_cmpint (change->kind, ==, MUSTER_RULES_REMOVED);
          g_assert_cmpstr (change->id, ==, "volley-gun");
          rules_assert_mentions (d, "Volley gun");
          seen |= 1 << 3;
          break;
        case MUSTER_RULES_PART_OPTION:
          g_assert_cmpint (change->kind, ==, MUSTER_RULES_ADDED);
          g_assert_cmpstr (change->id, ==, "recovery");
          /* With the default campaigns get. */
          rules_assert_mentions (d, "Recovery");
          rules_assert_mentions (d, "Rest a game");
          seen |= 1 << 4;
          break;
        case MUSTER_RULES_PART_HOUSE_READING:
          g_assert_cmpint (change->kind, ==, MUSTER_RULES_ADDED);
          g_assert_cmpstr (change->id, ==, "death-on-5");
          seen |= 1 << 5;
          break;
        default:
          g_error ("An unexpected change: %s", d);
        }
    }
  g_assert_cmpuint (changes->len, ==, 6);
  g_assert_cmpuint (seen, ==, 0x3f);

  /* The other way round, what was added is removed. */
  g_clear_pointer (&changes, g_ptr_array_unref);
  changes = muster_ruleset_diff (v2, v1);
  g_assert_cmpuint (changes->len, ==, 6);

  /* The same rules: nothing. A bumped version alone: nothing either. */
  same = muster_ruleset_diff (v1, v1);
  g_assert_cmpuint (same->len, ==, 0);
}

/* Steps added, removed and moved, and text no list compares. */
static void
test_diff_steps_and_notes (void)
{
  g_autofree char *v1_text = rules_sharpe_version ("1");
  g_autofree char *v2_text = rules_sharpe_version ("2");
  g_autofree char *v3_text = rules_sharpe_version ("3");
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) v1 = NULL;
  g_autoptr(MusterRuleset) v2 = NULL;
  g_autoptr(MusterRuleset) v3 = NULL;
  g_autoptr(GPtrArray) changes = NULL;
  const MusterRulesChange *change;

  /* Version 2 captures before the death roll, and wounds no longer heal. */
  v2_text = rules_edit (v2_text, "    <step type=\"capture\" outcome=\"captured\"/>\n", "");
  v2_text = rules_edit (v2_text, "    <step type=\"countdown\"/>\n",
                  "    <step type=\"countdown\"/>\n    <step type=\"capture\" outcome=\"captured\"/>\n");
  v2_text = rules_edit (v2_text, "<step type=\"heal-wounds\" light=\"all\" serious=\"all\">",
                  "<step type=\"heal-wounds\" light=\"all\" serious=\"none\">");
  v2_text = rules_edit (v2_text, "</between-game>",
                  "  <step type=\"struck-off\" outcome=\"captured\" status=\"dead\"/>\n  </between-game>");
  v1 = muster_ruleset_new_from_data (v1_text, -1, "v1.xml", &error);
  g_assert_no_error (error);
  v2 = muster_ruleset_new_from_data (v2_text, -1, "v2.xml", &error);
  g_assert_no_error (error);

  changes = muster_ruleset_diff (v1, v2);
  for (guint i = 0; i < changes->len; i++)
    g_test_message ("%s", ((MusterRulesChange *) g_ptr_array_index (changes, i))->description);
  g_assert_cmpuint (changes->len, ==, 3);
  change = g_ptr_array_index (changes, 0);
  g_assert_cmpint (change->kind, ==, MUSTER_RULES_CHANGED);
  g_assert_cmpstr (change->id, ==, "heal-wounds");
  rules_assert_mentions (change->description, "serious: all → none");
  change = g_ptr_array_index (changes, 1);
  g_assert_cmpint (change->kind, ==, MUSTER_RULES_ADDED);
  g_assert_cmpstr (change->id, ==, "struck-off");
  rules_assert_mentions (change->description, "outcome=captured, status=dead");
  change = g_ptr_array_index (changes, 2);
  g_assert_cmpint (change->part, ==, MUSTER_RULES_PART_STEP);
  g_assert_cmpstr (change->id, ==, "order");

  /* Only a note reworded: one change of the rules as a whole. */
  v3_text = rules_edit (v3_text, "Two light wounds count as one serious wound.",
                  "Two light wounds make one serious wound.");
  v3 = muster_ruleset_new_from_data (v3_text, -1, "v3.xml", &error);
  g_assert_no_error (error);
  g_clear_pointer (&changes, g_ptr_array_unref);
  changes = muster_ruleset_diff (v1, v3);
  g_assert_cmpuint (changes->len, ==, 1);
  change = g_ptr_array_index (changes, 0);
  g_assert_cmpint (change->part, ==, MUSTER_RULES_PART_RULESET);
  g_assert_cmpstr (change->id, ==, "text");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  rules_use_first_versions ();

  g_test_add_func ("/ruleset-diff/versions", test_versions);
  g_test_add_func ("/ruleset-diff/parts", test_diff);
  g_test_add_func ("/ruleset-diff/steps-and-notes", test_diff_steps_and_notes);

  return g_test_run ();
}
