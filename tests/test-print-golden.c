/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test"

#include "config.h"

#include <sys/wait.h>

#include <glib/gstdio.h>
#include <poppler.h>

#include "muster-cards-sheet.h"
#include "muster-character.h"
#include "muster-deck-sheet.h"
#include "muster-figure-stats-sheet.h"
#include "muster-playsheet-sheet.h"
#include "muster-recruit.h"
#include "muster-roster-sheet.h"
#include "muster-ruleset.h"
#include "muster-sheet.h"
#include "muster-store.h"
#include "muster-campaign.h"
#include "muster-force.h"
#include "muster-pdf-writer.h"
#include "muster-test-util.h"
#include "muster-sheet-test-util.h"
#include "muster-unit.h"
#include "muster-units-sheet.h"

/* Golden images: one page of each sheet at 72 dpi, compared with the
 * images in tests/print/ within a tolerance, so that a layout change is
 * seen. MUSTER_UPDATE_GOLDEN=1 writes new images instead. */

static void
check_golden (MusterSheet *sheet,
              const char  *name)
{
  g_autofree char *file = g_strdup_printf ("%s.png", name);
  g_autofree char *golden = g_build_filename (TEST_SRCDIR, "print", file, NULL);
  cairo_surface_t *actual;
  cairo_surface_t *expected;
  MusterPageSize size;
  double difference;

  if (!fonts_pinned)
    {
      g_test_skip ("DejaVu Sans is not installed (fonts-dejavu-core)");
      return;
    }

  muster_page_size_init_for_paper (&size, MUSTER_PAPER_A4);
  actual = muster_sheet_render_page (sheet, &size, 0, 1.0);

  if (g_getenv ("MUSTER_UPDATE_GOLDEN") != NULL)
    {
      g_assert_cmpint (cairo_surface_write_to_png (actual, golden), ==, CAIRO_STATUS_SUCCESS);
      cairo_surface_destroy (actual);
      return;
    }

  expected = cairo_image_surface_create_from_png (golden);
  g_assert_cmpint (cairo_surface_status (expected), ==, CAIRO_STATUS_SUCCESS);
  difference = muster_test_image_difference (actual, expected);

  if (difference > 0.005)
    {
      g_autofree char *seen_file = g_strdup_printf ("%s-actual.png", name);
      g_autofree char *seen = g_build_filename (g_getenv ("G_TEST_BUILDDIR") ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                                seen_file, NULL);

      cairo_surface_write_to_png (actual, seen);
      g_test_message ("%s differs from %s in %.2f%% of its pixels; what was drawn is in %s",
                      name, golden, difference * 100, seen);
    }
  g_assert_cmpfloat (difference, <=, 0.005);

  cairo_surface_destroy (expected);
  cairo_surface_destroy (actual);
}

static void
test_golden (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(MusterRuleset) sharpes = load_sharpes ();
  g_autoptr(MusterRuleset) test_rules = NULL;
  g_autoptr(GPtrArray) characters = make_characters (30);
  g_autoptr(GString) xml = g_string_new (TEST_RULESET_HEAD);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterSheet) figures = NULL;
  g_autoptr(MusterSheet) playsheet = NULL;
  g_autoptr(MusterSheet) cards = NULL;
  g_autoptr(MusterSheet) roster = NULL;
  g_autoptr(GPtrArray) five = g_ptr_array_new ();

  /* The Playsheet's golden image uses rules of the tests' own, so that
   * editing the shipped ruleset does not change it. */
  for (guint r = 1; r <= 20; r++)
    g_string_append_printf (xml, "      <row><cell>%u</cell><cell>Entry number %u of the long table</cell></row>\n", r, r);
  g_string_append (xml, TEST_RULESET_TAIL);
  test_rules = muster_ruleset_new_from_data (xml->str, xml->len, "test-print.xml", &error);
  g_assert_no_error (error);

  for (guint i = 0; i < 5; i++)
    g_ptr_array_add (five, g_ptr_array_index (characters, i));

  figures = muster_figure_stats_sheet_new (sharpes, five, 16);
  playsheet = muster_playsheet_sheet_new (test_rules);
  cards = muster_cards_sheet_new (sharpes, five);
  roster = muster_roster_sheet_new (sharpes, characters, "South Devon");

  check_golden (figures, "figure-stats");
  check_golden (playsheet, "playsheet");
  check_golden (cards, "cards");
  check_golden (roster, "roster");
}

/* Big Skirmishes Characters of two sides, Class 1 to 4, every other one
 * mounted and the first four with a unit each. */
static GPtrArray *
make_big_characters (guint n)
{
  GPtrArray *characters = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Captain Number %u", i + 1);
      MusterCharacterRow row = {
        .id = i + 1,
        .campaign_id = 1,
        .force_id = 1 + i % 2,
        .unit_id = i < 4 ? i + 1 : 0,
        .force_name = i % 2 ? "Voltigeurs du 70e" : "95th Rifles",
        .side = i % 2 ? "Blue" : "Red",
        .name = name,
        .troop_type = i % 2 ? "mounted-character" : "character",
        .mounted = i % 2 == 1,
        .status = MUSTER_STATUS_ACTIVE,
      };
      MusterCharacter *character = muster_character_new (&row);

      muster_character_set_stat (character, "class", 1 + (int) (i % 4));
      g_ptr_array_add (characters, character);
    }

  return characters;
}

static GPtrArray *
make_big_units (guint n)
{
  const char *kinds[] = { "infantry", "cavalry", "skirmishers", "artillery", "indians" };
  const char *ratings[] = { "elite", "average", "raw" };
  GPtrArray *units = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Unit Number %u", i + 1);
      const char *kind = kinds[i % G_N_ELEMENTS (kinds)];
      gboolean fixed = g_str_equal (kind, "artillery") || g_str_equal (kind, "indians");
      MusterUnitRow row = {
        .id = i + 1,
        .campaign_id = 1,
        .force_id = 1 + i % 2,
        .force_name = i % 2 ? "Voltigeurs du 70e" : "95th Rifles",
        .side = i % 2 ? "Blue" : "Red",
        .name = name,
        .kind = kind,
        .rating = fixed ? "average" : ratings[i % G_N_ELEMENTS (ratings)],
        .size = g_str_equal (kind, "artillery") ? 4 : 12,
        .lost = (int) (i % 3),
        .status = MUSTER_UNIT_STATUS_ACTIVE,
      };

      g_ptr_array_add (units, muster_unit_new (&row));
    }

  return units;
}

static void
test_golden_units (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) big = muster_rulesets_lookup ("big-skirmishes", &error);
  g_autoptr(GPtrArray) characters = make_big_characters (6);
  g_autoptr(GPtrArray) units = make_big_units (8);
  const char *specials[] = { "Bridge blown", NULL };
  g_autoptr(MusterSheet) deck = NULL;
  g_autoptr(MusterSheet) roster = NULL;

  g_assert_no_error (error);
  deck = muster_deck_sheet_new (big, characters, specials, &error);
  g_assert_no_error (error);
  muster_sheet_set_title (deck, "Vimeiro 1808");
  roster = muster_units_sheet_new (big, units, characters, "Vimeiro 1808");

  check_golden (deck, "deck");
  check_golden (roster, "units");
}

int
main (int   argc,
      char *argv[])
{
  pin_fonts ();
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("/print/golden", test_golden);
  ADD ("/print/golden-units", test_golden_units);

#undef ADD

  return g_test_run ();
}
