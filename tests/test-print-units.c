/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test"

#include "config.h"

#include <sys/wait.h>

#include <glib/gstdio.h>
#include <poppler.h>

#include "muster-campaign.h"
#include "muster-cards-sheet.h"
#include "muster-character.h"
#include "muster-deck-sheet.h"
#include "muster-figure-stats-sheet.h"
#include "muster-force.h"
#include "muster-playsheet-sheet.h"
#include "muster-print-test-util.h"
#include "muster-recruit.h"
#include "muster-roster-sheet.h"
#include "muster-ruleset.h"
#include "muster-sheet.h"
#include "muster-store.h"
#include "muster-test-util.h"
#include "muster-unit.h"
#include "muster-units-sheet.h"

/* The sheets of rule sets kept by unit: the Big Skirmishes card deck, the
 * unit roster, and the other sheets as those rule sets print them. */

typedef struct
{
  char        *dir;
  char        *library;
  MusterStore *store;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  f->store = muster_test_open_store (&f->library);
  f->dir = g_path_get_dirname (f->library);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_clear_object (&f->store);
  muster_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->library);
}

/* Helpers */

static MusterRuleset *
ruleset (const char *id)
{
  g_autoptr(GError) error = NULL;
  MusterRuleset *rules = muster_rulesets_lookup (id, &error);

  g_assert_no_error (error);
  g_assert_nonnull (rules);
  return rules;
}

static gint64
make_campaign (Fixture    *f,
               const char *rules,
               const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) rules_object = ruleset (rules);
  gint64 id = muster_store_create_campaign (f->store, name, rules_object, 1809, NULL, &error);

  g_assert_no_error (error);
  return id;
}

static gint64
make_force (Fixture    *f,
            gint64      campaign,
            const char *name,
            const char *side)
{
  g_autoptr(GError) error = NULL;
  gint64 id = muster_store_create_force (f->store, campaign, name, side, &error);

  g_assert_no_error (error);
  return id;
}

static gint64
make_unit (Fixture    *f,
           gint64      force,
           const char *name,
           const char *kind,
           const char *rating,
           int         size)
{
  g_autoptr(GError) error = NULL;
  MusterUnitSpec spec = { name, kind, rating, size, NULL };
  gint64 id = muster_store_create_unit (f->store, force, &spec, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

static void
recruit (Fixture    *f,
         gint64      force,
         gint64      unit,
         const char *type,
         const char *name,
         guint       count)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = muster_store_recruit_into (f->store, force, unit, type, NULL, name, count, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, count);
}

static GPtrArray *
characters_of (Fixture *f,
               gint64   campaign)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *characters = muster_store_list_characters (f->store, campaign, 0, &error);

  g_assert_no_error (error);
  return characters;
}

static GPtrArray *
units_of (Fixture *f,
          gint64   campaign,
          gint64   force)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *units = muster_store_list_units (f->store, campaign, force, &error);

  g_assert_no_error (error);
  return units;
}

static gint64
big_skirmish (Fixture *f,
              guint    per_side)
{
  gint64 campaign = make_campaign (f, "big-skirmishes", "Vimeiro 1808");
  gint64 red = make_force (f, campaign, "95th Rifles", "Red");
  gint64 blue = make_force (f, campaign, "Voltigeurs du 70e", "Blue");

  if (per_side > 0)
    {
      recruit (f, red, 0, "character", NULL, per_side);
      recruit (f, blue, 0, "mounted-character", NULL, per_side);
    }
  return campaign;
}

/* The deck */

static void
test_deck_ruleset (void)
{
  const char *ids[] = { "sharpes-skirmish", "big-skirmishes", "napoleonic-skirmish",
                        "chosen-men", "small-unit-engagements" };

  /* Only Big Skirmishes is played with a card deck; the others are
   * refused with a message naming the rules. */
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr(MusterRuleset) rules = ruleset (ids[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterSheet) sheet = muster_deck_sheet_new (rules, NULL, NULL, &error);
      gboolean has = g_str_equal (ids[i], "big-skirmishes");

      g_assert_cmpint (muster_deck_sheet_ruleset_has_deck (rules), ==, has);
      if (has)
        {
          g_assert_no_error (error);
          g_assert_nonnull (sheet);
        }
      else
        {
          g_assert_error (error, MUSTER_SHEET_ERROR, MUSTER_SHEET_ERROR_UNSUPPORTED);
          g_assert_null (sheet);
          g_assert_nonnull (strstr (error->message, muster_ruleset_get_title (rules)));
          g_assert_nonnull (strstr (error->message, "card deck"));
        }
    }
}

static void
test_deck_pages (void)
{
  const guint sides[] = { 0, 1, 2, 8, 50 };
  const char *specials[] = { "Bridge blown", NULL };

  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    {
      Fixture each = { 0 };
      gint64 campaign;
      g_autoptr(GPtrArray) characters = NULL;
      g_autoptr(MusterRuleset) rules = ruleset ("big-skirmishes");
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterSheet) sheet = NULL;
      guint n_cards;

      fixture_setup (&each, NULL);
      campaign = big_skirmish (&each, sides[i]);
      characters = characters_of (&each, campaign);
      g_assert_cmpuint (characters->len, ==, 2 * sides[i]);

      sheet = muster_deck_sheet_new (rules, characters, specials, &error);
      g_assert_no_error (error);
      n_cards = characters->len + MUSTER_DECK_N_FIXED_CARDS + 1;
      g_assert_cmpuint (muster_deck_sheet_get_n_cards (MUSTER_DECK_SHEET (sheet)), ==, n_cards);

      for (MusterPaper paper = MUSTER_PAPER_A4; paper <= MUSTER_PAPER_LETTER; paper++)
        {
          g_autofree char *name = g_strdup_printf ("deck-%u-%s", sides[i], muster_paper_to_string (paper));
          g_autoptr(TestDoc) doc = muster_test_render_pdf (each.dir, sheet, paper, name);
          MusterPageSize size;

          muster_page_size_init_for_paper (&size, paper);
          g_assert_cmpuint (muster_sheet_get_n_pages (sheet, &size), ==, (n_cards + 8) / 9);
          g_assert_cmpint (poppler_document_get_n_pages (doc), ==, (int) (n_cards + 8) / 9);
          muster_test_assert_paper (doc, paper);
        }

      fixture_teardown (&each, NULL);
    }
}

static void
test_deck_text (Fixture       *f,
                gconstpointer  data)
{
  gint64 campaign = big_skirmish (f, 4);
  g_autoptr(GPtrArray) characters = characters_of (f, campaign);
  g_autoptr(MusterRuleset) rules = ruleset ("big-skirmishes");
  const char *specials[] = { "Bridge blown", "Reinforcements arrive on the Lourinhã road", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterSheet) sheet = muster_deck_sheet_new (rules, characters, specials, &error);
  g_autoptr(TestDoc) doc = NULL;
  g_autofree char *text = NULL;
  const char *classes[] = { NULL, "Duffer", "Professional", "Leader", "Hero" };

  g_assert_no_error (error);
  muster_sheet_set_title (sheet, "Vimeiro 1808");
  doc = muster_test_render_pdf (f->dir, sheet, MUSTER_PAPER_A4, "deck-text");
  text = muster_test_document_text (doc);

  /* 8 Character cards, 2 Pause, Free Action, Joker, Dummy, 2 Special. */
  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, 2);

  for (guint i = 0; i < characters->len; i++)
    {
      MusterCharacter *character = g_ptr_array_index (characters, i);
      g_autofree char *name = g_strdup (muster_character_get_name (character));
      g_autofree char *range = NULL;
      g_autofree char *move = NULL;
      g_autofree char *at = muster_test_card_text (doc, MUSTER_PAPER_A4, i / 9, i % 9);
      int class_value;

      g_assert_true (muster_character_get_stat (character, "class", &class_value));
      g_assert_cmpint (class_value, >=, 1);
      g_assert_cmpint (class_value, <=, 4);
      g_assert_nonnull (strstr (at, name));
      g_assert_cmpuint (muster_test_count (text, name), ==, 1);

      /* On his card: force and side, Class and its name, command range
       * (Class × 3) and move (× 4, × 8 mounted). */
      range = g_strdup_printf ("%d", class_value * 3);
      move = g_strdup_printf ("%d", class_value * (muster_character_get_mounted (character) ? 8 : 4));
      g_assert_nonnull (strstr (at, muster_character_get_force_name (character)));
      g_assert_nonnull (strstr (at, muster_character_get_side (character)));
      g_assert_nonnull (strstr (at, classes[class_value]));
      g_assert_nonnull (strstr (at, "Command range (inches)"));
      g_assert_nonnull (strstr (at, "Move on his own (inches)"));
      g_assert_true (muster_test_has_token (at, range));
      g_assert_true (muster_test_has_token (at, move));
    }

  /* Then the other cards, each with its title and what it does. */
  {
    const char *cards[][2] = {
      { "Pause", "First Pause drawn: fight the combats left over" },
      { "Pause", "Second Pause drawn: discard unused bonus cards" },
      { "Free Action", "One free action by any unit" },
      { "Joker", "One free re-roll" },
      { "Dummy", "keeps your opponent guessing" },
      { "Bridge blown", "As the scenario says" },
      /* A long name wraps whole, never cut short. */
      { "Reinforcements arrive on the Lourinhã road", "As the scenario says" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (cards); i++)
      {
        guint index = characters->len + i;
        g_autofree char *card = muster_test_card_text (doc, MUSTER_PAPER_A4, index / 9, index % 9);

        g_assert_nonnull (strstr (card, cards[i][0]));
        g_assert_nonnull (strstr (card, cards[i][1]));
        g_assert_nonnull (strstr (card, "Vimeiro 1808"));
        if (i >= 2)
          /* Bonus cards say who gets them, by the campaign's own sides. */
          g_assert_nonnull (strstr (card, "even Red, odd Blue"));
        if (i >= 5)
          g_assert_nonnull (strstr (card, "Special Effect"));
      }
  }
}

/* A Big Skirmishes Character of Class @class_value, not in any store. */
static MusterCharacter *
make_character (guint       id,
                const char *name,
                int         class_value)
{
  MusterCharacterRow row = {
    .id = id,
    .campaign_id = 1,
    .force_id = 1,
    .force_name = "95th Rifles",
    .side = "Red",
    .name = name,
    .troop_type = "character",
    .status = MUSTER_STATUS_ACTIVE,
  };
  MusterCharacter *character = muster_character_new (&row);

  muster_character_set_stat (character, "class", class_value);
  return character;
}

/* The number after each "Activations" on the first page, card by card
 * (row by row, left to right). */
static GArray *
page_activations (PopplerDocument *doc)
{
  g_autofree char *lines = muster_test_page_lines (doc, 0);
  GArray *numbers = g_array_new (FALSE, FALSE, sizeof (int));

  for (const char *at = strstr (lines, "Activations "); at != NULL; at = strstr (at + 1, "Activations "))
    {
      char *end = NULL;
      int number = (int) g_ascii_strtoll (at + strlen ("Activations "), &end, 10);

      g_assert_true (end > at + strlen ("Activations "));
      g_array_append_val (numbers, number);
    }

  return numbers;
}

static void
test_deck_activations (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(MusterRuleset) rules = ruleset ("big-skirmishes");
  g_autoptr(GPtrArray) characters = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GString) xml = NULL;
  g_autoptr(GError) error = NULL;
  const char *names[] = { "Duffer Dan", "Professional Pat", "Leader Lew", "Hero Hal" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_ptr_array_add (characters, make_character (i + 1, names[i], (int) i + 1));

  /* The ruleset's own Class table: a Duffer activates once, every other
   * Class twice. */
  {
    g_autoptr(MusterSheet) sheet = muster_deck_sheet_new (rules, characters, NULL, &error);
    g_autoptr(TestDoc) doc = NULL;
    g_autofree char *duffer = NULL;
    g_autoptr(GArray) numbers = NULL;

    g_assert_no_error (error);
    doc = muster_test_render_pdf (f->dir, sheet, MUSTER_PAPER_A4, "deck-activations");
    duffer = muster_test_card_text (doc, MUSTER_PAPER_A4, 0, 0);
    g_assert_nonnull (strstr (duffer, "Duffer Dan"));
    g_assert_nonnull (strstr (duffer, "Activations"));
    numbers = page_activations (doc);
    /* One a Character card; none on the others. */
    g_assert_cmpuint (numbers->len, ==, 4);
    g_assert_cmpint (g_array_index (numbers, int, 0), ==, 1);
    for (guint i = 1; i < 4; i++)
      g_assert_cmpint (g_array_index (numbers, int, i), ==, 2);
  }

  /* The numbers are the ruleset's: a house rule that gives the other
   * Classes three is printed so, and rules with no such table print none. */
  xml = g_string_new (muster_ruleset_get_xml (rules));
  g_assert_cmpuint (g_string_replace (xml, "id=\"twice\" value=\"2\"", "id=\"twice\" value=\"3\"", 1), ==, 1);
  for (guint house = 0; house < 2; house++)
    {
      g_autoptr(MusterRuleset) edited = NULL;
      g_autoptr(MusterSheet) sheet = NULL;
      g_autoptr(TestDoc) doc = NULL;
      g_autoptr(GArray) numbers = NULL;

      if (house == 1)
        g_assert_cmpuint (g_string_replace (xml, "id=\"class-activations\"", "id=\"activations\"", 1), ==, 1);
      edited = muster_ruleset_new_from_data (xml->str, xml->len, "big-skirmishes.xml", &error);
      g_assert_no_error (error);
      sheet = muster_deck_sheet_new (edited, characters, NULL, &error);
      g_assert_no_error (error);
      doc = muster_test_render_pdf (f->dir, sheet, MUSTER_PAPER_A4, house ? "deck-no-activations" : "deck-house");
      numbers = page_activations (doc);
      g_assert_cmpuint (numbers->len, ==, house ? 0 : 4);
      for (guint i = 0; i < numbers->len; i++)
        g_assert_cmpint (g_array_index (numbers, int, i), ==, i == 0 ? 1 : 3);
    }
}

/* The unit roster */

static void
test_units_values (Fixture       *f,
                   gconstpointer  data)
{
  gint64 campaign = make_campaign (f, "napoleonic-skirmish", "Bussaco 1810");
  gint64 force = make_force (f, campaign, "1/88th Connaught Rangers", NULL);
  gint64 grenadiers = make_unit (f, force, "Grenadier company", "grenadier", NULL, 10);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) rules = ruleset ("napoleonic-skirmish");
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(MusterSheet) sheet = NULL;
  g_autoptr(TestDoc) doc = NULL;
  g_autofree char *text = NULL;
  const char *officer, *unit_at, *militia_at, *loose_at;

  make_unit (f, force, "Portuguese ordenança", "militia", NULL, 10);
  recruit (f, force, grenadiers, "officer", "Captain Tom Lavender", 1);
  recruit (f, force, 0, "commander", "Colonel Alexander Wallace", 1);
  g_assert_true (muster_store_set_unit_number (f->store, grenadiers, "lost", 3, &error));
  g_assert_no_error (error);

  units = units_of (f, campaign, 0);
  characters = characters_of (f, campaign);
  sheet = muster_units_sheet_new (rules, units, characters, "Bussaco 1810");
  doc = muster_test_render_pdf (f->dir, sheet, MUSTER_PAPER_A4, "units-napoleonic");
  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, 1);
  text = muster_test_document_lines (doc);

  /* The header: type, figures, then every unit stat of the ruleset. */
  for (const char **h = (const char *[]) { "Unit", "Type", "Size", "Lost", "Left", "Line", "(square)",
                                           "March", "Open", "Major", NULL }; *h != NULL; h++)
    g_assert_nonnull (strstr (text, *h));

  /* The grenadiers: 10, 3 lost, 7 left; their movement dice per
   * formation; morale 11 with a leader, 9 without, 10 major. */
  unit_at = strstr (text, "Grenadier company");
  g_assert_nonnull (unit_at);
  g_assert_nonnull (strstr (unit_at, "Grenadiers 10 3 7 2 / – / 3 / – 3 / 4 / 4 / 4 3 / 4 / 5 / – 11 9 10"));
  /* The militia's morale: 8 and 6, major 7. */
  militia_at = strstr (text, "Portuguese ordenança");
  g_assert_nonnull (militia_at);
  g_assert_nonnull (strstr (militia_at, "8 6 7"));

  /* His officer under the grenadiers, with his rank; the commander with
   * no unit at the end. */
  officer = strstr (text, "Captain Tom Lavender");
  g_assert_nonnull (officer);
  g_assert_true (officer > unit_at && officer < militia_at);
  g_assert_nonnull (strstr (officer, "Officer · Rank 2"));
  loose_at = strstr (text, "Characters with no unit");
  g_assert_nonnull (loose_at);
  g_assert_true (loose_at > militia_at);
  g_assert_nonnull (strstr (loose_at, "Colonel Alexander Wallace"));
  g_assert_nonnull (strstr (text, "Page 1 of 1"));
}

static void
test_units_other_rules (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 cm = make_campaign (f, "chosen-men", "Fuentes de Oñoro");
  gint64 cm_force = make_force (f, cm, "5/60th Rifles", NULL);
  gint64 squad = make_unit (f, cm_force, "Sergeant Harden's squad", "infantry", "veteran", 10);
  gint64 sue = make_campaign (f, "small-unit-engagements", "Quebec 1759");
  gint64 sue_force = make_force (f, sue, "Fraser's Highlanders", NULL);
  gint64 company = make_unit (f, sue_force, "Grenadier company", "regular", "tough", 12);
  gint64 bs = big_skirmish (f, 0);
  g_autoptr(GPtrArray) bs_forces = muster_store_list_forces (f->store, bs, &error);
  gint64 line = make_unit (f, muster_force_get_id (g_ptr_array_index (bs_forces, 0)),
                           "Light company", "infantry", "elite", 12);

  g_assert_no_error (error);

  /* Chosen Men: base morale 9 for veterans, 7 once colours are lost. */
  g_assert_true (muster_store_set_unit_number (f->store, squad, "morale_loss", 2, &error));
  g_assert_no_error (error);
  recruit (f, cm_force, squad, "squad-leader", "Patrick Harden", 1);
  {
    g_autoptr(MusterRuleset) rules = ruleset ("chosen-men");
    g_autoptr(GPtrArray) units = units_of (f, cm, 0);
    g_autoptr(GPtrArray) characters = characters_of (f, cm);
    g_autoptr(MusterSheet) sheet = muster_units_sheet_new (rules, units, characters, NULL);
    g_autoptr(TestDoc) doc = muster_test_render_pdf (f->dir, sheet, MUSTER_PAPER_A4, "units-chosen-men");
    g_autofree char *text = muster_test_document_lines (doc);
    const char *at = strstr (text, "Sergeant Harden's squad");

    g_assert_nonnull (strstr (text, "Base"));
    g_assert_nonnull (strstr (text, "Musicians"));
    g_assert_nonnull (at);
    g_assert_nonnull (strstr (at, "Infantry squad Veteran 10 0 10 7 2d10"));
    g_assert_nonnull (strstr (at, "Patrick Harden — Squad leader · Rank 1"));
  }

  /* Small Unit Engagements: a regular company of 12 that lost 4 has 3
   * bases of 3 left (a part-filled base counts). */
  g_assert_true (muster_store_set_unit_number (f->store, company, "lost", 4, &error));
  g_assert_no_error (error);
  recruit (f, sue_force, company, "officer", "Captain Simon Fraser", 1);
  {
    g_autoptr(MusterRuleset) rules = ruleset ("small-unit-engagements");
    g_autoptr(GPtrArray) units = units_of (f, sue, 0);
    g_autoptr(GPtrArray) characters = characters_of (f, sue);
    g_autoptr(MusterSheet) sheet = muster_units_sheet_new (rules, units, characters, NULL);
    g_autoptr(TestDoc) doc = muster_test_render_pdf (f->dir, sheet, MUSTER_PAPER_LETTER, "units-sue");
    g_autofree char *text = muster_test_document_lines (doc);
    const char *at = strstr (text, "Grenadier company");

    muster_test_assert_paper (doc, MUSTER_PAPER_LETTER);
    g_assert_nonnull (strstr (text, "Bases"));
    g_assert_nonnull (at);
    g_assert_nonnull (strstr (at, "Regular company Tough 12 4 8 3 3 whole bases"));
    g_assert_nonnull (strstr (at, "Captain Simon Fraser — Officer · Command radius (inches) 6"));
  }

  /* Big Skirmishes: rating and what it gives, a Character with his Class
   * and what follows from it. */
  recruit (f, muster_force_get_id (g_ptr_array_index (bs_forces, 0)), line, "character", "Major Horan", 1);
  {
    g_autoptr(MusterRuleset) rules = ruleset ("big-skirmishes");
    g_autoptr(GPtrArray) units = units_of (f, bs, 0);
    g_autoptr(GPtrArray) characters = characters_of (f, bs);
    g_autoptr(MusterSheet) sheet = muster_units_sheet_new (rules, units, characters, NULL);
    g_autoptr(TestDoc) doc = muster_test_render_pdf (f->dir, sheet, MUSTER_PAPER_A4, "units-big-skirmishes");
    g_autofree char *text = muster_test_document_lines (doc);
    const char *at = strstr (text, "Light company");

    g_assert_nonnull (at);
    g_assert_nonnull (strstr (at, "Infantry Elite 12 0 12 4 / 6 1 re-roll 1s round up"));
    g_assert_nonnull (strstr (at, "Major Horan — Character · Class "));
    g_assert_nonnull (strstr (at, "Command range (inches) "));
  }
}

static void
test_units_pages (void)
{
  const guint sizes[] = { 0, 1, 20, 90 };
  guint last_pages = 0;

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      Fixture each = { 0 };
      gint64 campaign, first, second;
      g_autoptr(GPtrArray) units = NULL;
      g_autoptr(GPtrArray) characters = NULL;
      g_autoptr(MusterRuleset) rules = NULL;
      g_autoptr(MusterSheet) sheet = NULL;
      guint pages[2];

      fixture_setup (&each, NULL);
      campaign = make_campaign (&each, "napoleonic-skirmish", "Talavera 1809");
      first = make_force (&each, campaign, "2nd Guards Brigade", "British");
      second = make_force (&each, campaign, "9e Léger", "French");
      for (guint u = 0; u < sizes[i]; u++)
        {
          g_autofree char *name = g_strdup_printf ("Unit number %u", u + 1);
          gint64 force = u % 2 ? second : first;
          gint64 unit = make_unit (&each, force, name, u % 3 ? "line" : "light", NULL, 10);

          /* Every other unit with an officer and an NCO. */
          if (u % 2 == 0)
            {
              recruit (&each, force, unit, "officer", NULL, 1);
              recruit (&each, force, unit, "nco", NULL, 1);
            }
        }

      units = units_of (&each, campaign, 0);
      characters = characters_of (&each, campaign);
      g_assert_cmpuint (units->len, ==, sizes[i]);
      rules = ruleset ("napoleonic-skirmish");
      sheet = muster_units_sheet_new (rules, units, characters, "Talavera 1809");

      for (MusterPaper paper = MUSTER_PAPER_A4; paper <= MUSTER_PAPER_LETTER; paper++)
        {
          g_autofree char *file = g_strdup_printf ("units-%u-%s", sizes[i], muster_paper_to_string (paper));
          g_autoptr(TestDoc) doc = muster_test_render_pdf (each.dir, sheet, paper, file);
          g_autofree char *all = muster_test_document_lines (doc);
          MusterPageSize size;
          int n_pages = poppler_document_get_n_pages (doc);

          muster_page_size_init_for_paper (&size, paper);
          g_assert_cmpuint (muster_sheet_get_n_pages (sheet, &size), ==, (guint) n_pages);
          pages[paper] = (guint) n_pages;
          muster_test_assert_paper (doc, paper);

          /* The header row and the page number on every page. */
          for (int p = 0; p < n_pages; p++)
            {
              g_autofree char *text = muster_test_page_lines (doc, p);
              g_autofree char *number = g_strdup_printf ("Page %d of %d", p + 1, n_pages);

              g_assert_nonnull (strstr (text, "Talavera 1809"));
              /* Units of two forces have a Force column. */
              g_assert_nonnull (strstr (text, sizes[i] > 1 ? "Unit Force Type Size Lost Left"
                                                           : "Unit Type Size Lost Left"));
              g_assert_nonnull (strstr (text, number));
            }

          /* Force by force: the first force's units (odd numbers), then
           * the second's. */
          if (sizes[i] >= 3)
            {
              const char *third = strstr (all, "Unit number 3 ");
              const char *second = strstr (all, "Unit number 2 ");

              g_assert_nonnull (third);
              g_assert_nonnull (second);
              g_assert_true (third < second);
            }

          /* Every unit once, its officer and NCO after it. */
          for (guint u = 0; u < sizes[i]; u++)
            {
              g_autofree char *name = g_strdup_printf ("Unit number %u ", u + 1);

              g_assert_cmpuint (muster_test_count (all, name), ==, 1);
            }
          for (guint c = 0; c < characters->len; c++)
            {
              MusterCharacter *character = g_ptr_array_index (characters, c);
              /* Of two forces, each says his. */
              g_autofree char *who = g_strdup_printf ("%s, %s —", muster_character_get_name (character),
                                                      muster_character_get_force_name (character));

              g_assert_cmpuint (muster_test_count (all, sizes[i] > 1 ? who : muster_character_get_name (character)), >=, 1);
            }
        }

      /* Letter is shorter than A4: never fewer pages. */
      g_assert_cmpuint (pages[MUSTER_PAPER_LETTER], >=, pages[MUSTER_PAPER_A4]);
      g_assert_cmpuint (pages[MUSTER_PAPER_A4], >=, last_pages);
      last_pages = pages[MUSTER_PAPER_A4];
      if (sizes[i] <= 1)
        g_assert_cmpuint (pages[MUSTER_PAPER_A4], ==, 1);
      if (sizes[i] >= 90)
        g_assert_cmpuint (pages[MUSTER_PAPER_A4], >=, 3);

      fixture_teardown (&each, NULL);
    }
}

/* The Playsheet of each rule set */

/* Every glyph of every page inside the paper's margins. */
static void
test_playsheet_rule_sets (Fixture       *f,
                          gconstpointer  data)
{
  const char *ids[] = { "sharpes-skirmish", "big-skirmishes", "napoleonic-skirmish",
                        "chosen-men", "small-unit-engagements" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr(MusterRuleset) rules = ruleset (ids[i]);
      g_autoptr(MusterSheet) sheet = muster_playsheet_sheet_new (rules);
      GPtrArray *tables = muster_ruleset_get_reference_tables (rules);
      GPtrArray *readings = muster_ruleset_get_house_readings (rules);
      g_autofree char *heading = g_strdup_printf ("%s: Playsheet", muster_ruleset_get_title (rules));
      guint house_rows = 0;

      /* Each shipped ruleset lists its house readings. */
      g_assert_cmpuint (readings->len, >, 0);
      muster_sheet_set_title (sheet, "A campaign with a rather long name, 1808–1814");

      for (MusterPaper paper = MUSTER_PAPER_A4; paper <= MUSTER_PAPER_LETTER; paper++)
        {
          g_autofree char *file = g_strdup_printf ("playsheet-%s-%s", ids[i], muster_paper_to_string (paper));
          g_autoptr(TestDoc) doc = muster_test_render_pdf (f->dir, sheet, paper, file);
          g_autofree char *text = muster_test_document_text (doc);

          /* The heading whole, never cut short. */
          g_assert_nonnull (strstr (text, heading));
          g_assert_nonnull (strstr (text, "A campaign with a rather long name, 1808–1814"));

          for (guint t = 0; t < tables->len; t++)
            {
              const MusterReferenceTable *table = g_ptr_array_index (tables, t);

              g_assert_nonnull (strstr (text, table->title));
              if (table->house)
                {
                  g_autofree char *marked = g_strdup_printf ("%s †", table->title);

                  g_assert_nonnull (strstr (text, marked));
                }
              for (guint r = 0; r < table->rows->len; r++)
                {
                  const char *first = g_ptr_array_index ((GPtrArray *) g_ptr_array_index (table->rows, r), 0);
                  g_autofree char *marked = g_strdup_printf ("%s †", first);

                  /* A row that is Muster's reading carries the mark. */
                  if (g_array_index (table->house_rows, gboolean, r))
                    {
                      g_assert_nonnull (strstr (text, marked));
                      house_rows++;
                    }
                  else
                    g_assert_nonnull (strstr (text, first));
                }
              /* A house note is told from the text's own. */
              if (table->house_note != NULL && table->text_note != NULL)
                g_assert_nonnull (strstr (text, "† House reading:"));
            }

          /* The house readings, each by its title, in a table of their own. */
          g_assert_nonnull (strstr (text, "House readings"));
          for (guint r = 0; r < readings->len; r++)
            {
              const MusterHouseReading *reading = g_ptr_array_index (readings, r);
              g_auto(GStrv) words = g_strsplit (reading->title, " ", -1);

              /* A title may wrap in its cell: look for each word. */
              for (guint w = 0; words[w] != NULL; w++)
                g_assert_nonnull (strstr (text, words[w]));
            }

          muster_test_assert_within_margins (doc, paper);
        }

      /* Big Skirmishes marks its Class rows; every ruleset but Sharpe's
       * has some row of Muster's own. */
      if (!g_str_equal (ids[i], "sharpes-skirmish"))
        g_assert_cmpuint (house_rows, >, 0);
    }
}

/* The figure sheets of rulesets whose stats are words */

static void
test_word_stats (Fixture       *f,
                 gconstpointer  data)
{
  gint64 campaign = make_campaign (f, "chosen-men", "Fuentes de Oñoro");
  gint64 force = make_force (f, campaign, "5/60th Rifles", NULL);
  g_autoptr(MusterRuleset) rules = ruleset ("chosen-men");
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(MusterSheet) figures = NULL;
  g_autoptr(MusterSheet) cards = NULL;
  g_autoptr(MusterSheet) roster = NULL;

  recruit (f, force, 0, "captain", "Captain Richard Sharland", 1);
  characters = characters_of (f, campaign);
  figures = muster_figure_stats_sheet_new (rules, characters, 16);
  cards = muster_cards_sheet_new (rules, characters);
  roster = muster_roster_sheet_new (rules, characters, NULL);

  /* Keys such as "rank" are ids: the sheets name the stats instead, whole. */
  for (guint i = 0; i < 3; i++)
    {
      MusterSheet *sheets[] = { figures, cards, roster };
      const char *names[] = { "word-stats-figures", "word-stats-cards", "word-stats-roster" };
      g_autoptr(TestDoc) doc = muster_test_render_pdf (f->dir, sheets[i], MUSTER_PAPER_A4, names[i]);
      g_autofree char *text = muster_test_document_text (doc);

      g_assert_nonnull (strstr (text, "Captain Richard Sharland"));
      g_assert_true (muster_test_has_token (text, "Rank"));
      g_assert_true (muster_test_has_token (text, "rating"));
      g_assert_false (muster_test_has_token (text, "rank"));
      g_assert_false (muster_test_has_token (text, "character"));
      g_assert_null (strstr (text, "…"));
      /* No one is armed in a ruleset without weapons. */
      g_assert_null (strstr (text, "Weapon"));
    }
}

/* muster-cli print deck and units */

static int
run_cli (Fixture  *f,
         char    **err,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  const char *cli = g_getenv ("MUSTER_CLI");
  const char *arg;
  int wait_status = 0;
  va_list args;

  if (cli == NULL)
    g_error ("MUSTER_CLI is not set: run the tests with meson test");

  g_ptr_array_add (argv, (char *) cli);
  g_ptr_array_add (argv, (char *) "--library");
  g_ptr_array_add (argv, f->library);
  va_start (args, err);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &out, err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  return WEXITSTATUS (wait_status);
}

static void
test_cli (Fixture       *f,
          gconstpointer  data)
{
  gint64 campaign = big_skirmish (f, 3);
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, campaign);
  g_autofree char *deck = g_build_filename (f->dir, "deck.pdf", NULL);
  g_autofree char *units = g_build_filename (f->dir, "units.pdf", NULL);
  g_autoptr(GPtrArray) characters = characters_of (f, campaign);
  g_autoptr(GPtrArray) forces = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  g_autofree char *text = NULL;
  g_autoptr(TestDoc) doc = NULL;
  gint64 sharpes;

  /* The deck of both sides, on Letter, with two Special Effect cards. */
  g_assert_cmpint (run_cli (f, &err, "print", "deck", id, "--special", "Bridge blown",
                            "--special", "The convoy", "--paper", "letter", "-o", deck, NULL), ==, 0);
  g_assert_cmpstr (err, ==, "");
  doc = muster_test_open_pdf (deck);
  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, 2);   /* 6 + 5 + 2 cards */
  muster_test_assert_paper (doc, MUSTER_PAPER_LETTER);
  text = muster_test_document_text (doc);
  for (guint i = 0; i < characters->len; i++)
    g_assert_nonnull (strstr (text, muster_character_get_name (g_ptr_array_index (characters, i))));
  g_assert_nonnull (strstr (text, "Bridge blown"));
  g_assert_nonnull (strstr (text, "The convoy"));
  g_assert_nonnull (strstr (text, "Joker"));
  g_clear_object (&doc);
  g_clear_pointer (&text, g_free);

  /* The unit roster of one force. */
  forces = muster_store_list_forces (f->store, campaign, &error);
  g_assert_no_error (error);
  make_unit (f, muster_force_get_id (g_ptr_array_index (forces, 0)), "Light company", "infantry", "elite", 12);
  make_unit (f, muster_force_get_id (g_ptr_array_index (forces, 1)), "Voltigeur company", "skirmishers", "raw", 10);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (f, &err, "print", "units", id, "--force", "95th Rifles", "-o", units, NULL), ==, 0);
  g_assert_cmpstr (err, ==, "");
  doc = muster_test_open_pdf (units);
  text = muster_test_document_text (doc);
  g_assert_nonnull (strstr (text, "Vimeiro 1808 — 95th Rifles"));
  g_assert_nonnull (strstr (text, "Light company"));
  g_assert_null (strstr (text, "Voltigeur company"));
  g_assert_nonnull (strstr (text, "Characters with no unit"));

  /* Refusals, each saying why. */
  sharpes = muster_store_create_sample (f->store, "Sample", &error);
  g_assert_no_error (error);
  {
    g_autofree char *sample = g_strdup_printf ("%" G_GINT64_FORMAT, sharpes);

#define FAILS(code, needle, ...) \
  G_STMT_START { \
    g_clear_pointer (&err, g_free); \
    g_assert_cmpint (run_cli (f, &err, __VA_ARGS__, NULL), ==, code); \
    g_assert_nonnull (strstr (err, needle)); \
  } G_STMT_END

    FAILS (1, "is not played with a card deck", "print", "deck", sample, "-o", deck);
    FAILS (1, "keeps no units", "print", "units", sample, "-o", units);
    FAILS (2, "--special", "print", "cards", id, "--special", "Bridge blown", "-o", deck);
    FAILS (2, "--characters", "print", "units", id, "--characters", "1", "-o", units);
    FAILS (2, "units, deck, chronicle or order", "print", "tokens", id, "-o", units);
#undef FAILS
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/print/deck/ruleset", test_deck_ruleset);
  g_test_add_func ("/print/deck/pages", test_deck_pages);
  g_test_add ("/print/deck/text", Fixture, NULL, fixture_setup, test_deck_text, fixture_teardown);
  g_test_add ("/print/deck/activations", Fixture, NULL, fixture_setup, test_deck_activations, fixture_teardown);
  g_test_add ("/print/units/values", Fixture, NULL, fixture_setup, test_units_values, fixture_teardown);
  g_test_add ("/print/units/other-rules", Fixture, NULL, fixture_setup, test_units_other_rules, fixture_teardown);
  g_test_add_func ("/print/units/pages", test_units_pages);
  g_test_add ("/print/units/cli", Fixture, NULL, fixture_setup, test_cli, fixture_teardown);
  g_test_add ("/print/word-stats", Fixture, NULL, fixture_setup, test_word_stats, fixture_teardown);
  g_test_add ("/print/playsheet/rule-sets", Fixture, NULL, fixture_setup, test_playsheet_rule_sets, fixture_teardown);

  return g_test_run ();
}
