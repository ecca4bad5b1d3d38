/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-ruleset"

#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "muster-ruleset.h"
#include "muster-test-util.h"

static char *
shipped_path (const char *name)
{
  return g_build_filename (TEST_SRCDIR, "..", "data", "rulesets", name, NULL);
}

static char *
fixture_path (const char *name)
{
  return g_build_filename (TEST_SRCDIR, "rulesets", name, NULL);
}

static MusterRuleset *
load_shipped (void)
{
  g_autofree char *path = shipped_path ("sharpes-skirmish.xml");
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset = muster_ruleset_new_from_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (ruleset);
  return ruleset;
}

static void
copy_file (const char *from,
           const char *to)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_file_get_contents (from, &contents, &length, &error);
  g_assert_no_error (error);
  g_file_set_contents (to, contents, length, &error);
  g_assert_no_error (error);
}

static char *
replace_once (const char *text,
              const char *from,
              const char *to)
{
  const char *at = strstr (text, from);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, to, at + strlen (from));
}

/* The shipped Sharpe's Skirmish file */

static void
test_shipped_header (void)
{
  g_autoptr(MusterRuleset) rs = load_shipped ();
  g_autofree char *path = shipped_path ("sharpes-skirmish.xml");
  g_autofree char *contents = NULL;

  g_assert_cmpstr (muster_ruleset_get_id (rs), ==, "sharpes-skirmish");
  g_assert_cmpstr (muster_ruleset_get_version (rs), ==, "2");
  g_assert_cmpstr (muster_ruleset_get_title (rs), ==, "Sharpe's Skirmish");
  g_assert_nonnull (strstr (muster_ruleset_get_source (rs), "Durham's Chosen Men"));
  g_assert_cmpint (muster_ruleset_get_kept_by (rs), ==, MUSTER_KEPT_BY_FIGURE);

  /* The campaign's copy is the file exactly as it was read. */
  g_file_get_contents (path, &contents, NULL, NULL);
  g_assert_cmpstr (muster_ruleset_get_xml (rs), ==, contents);
}

static void
test_shipped_stats (void)
{
  g_autoptr(MusterRuleset) rs = load_shipped ();
  static const char *keys[] = { "I", "D", "S", "C", "F" };
  static const char *names[] = { "Initiative", "Dexterity", "Strength", "Close combat", "Firing" };

  g_assert_cmpuint (muster_ruleset_get_n_stats (rs), ==, 5);
  for (guint i = 0; i < 5; i++)
    {
      const MusterStatDef *stat = muster_ruleset_get_stat (rs, i);

      g_assert_cmpstr (stat->key, ==, keys[i]);
      g_assert_cmpstr (stat->name, ==, names[i]);
      g_assert_cmpint (stat->min, ==, 1);
      g_assert_cmpint (stat->max, ==, 12);
      g_assert_true (muster_ruleset_lookup_stat (rs, keys[i]) == stat);
    }
  g_assert_null (muster_ruleset_lookup_stat (rs, "X"));
}

static void
test_shipped_troop_types (void)
{
  g_autoptr(MusterRuleset) rs = load_shipped ();
  static const struct {
    const char *id;
    const char *weapon;
    const char *firing;
  } expected[] = {
    { "line",           "musket", "6" },
    { "voltigeur",      "musket", "6" },
    { "chasseur",       "musket", "6" },
    { "musket-special", "musket", "1d6+3" },
    { "rifleman",       "rifle",  "1d6+6" },
    { "rifle-officer",  "rifle",  "1d6+6" },
    { "other",          "musket", "2d6" },
  };
  const MusterTroopType *line;
  const MusterDiceExpr *f;

  g_assert_cmpuint (muster_ruleset_get_n_troop_types (rs), ==, G_N_ELEMENTS (expected));

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const MusterTroopType *type = muster_ruleset_get_troop_type (rs, i);
      static const char *order[] = { "I", "D", "S", "C", "F" };

      g_assert_cmpstr (type->id, ==, expected[i].id);
      g_assert_true (muster_ruleset_lookup_troop_type (rs, expected[i].id) == type);
      g_assert_cmpstr (type->default_weapon, ==, expected[i].weapon);
      g_assert_false (type->mounted);
      g_assert_nonnull (type->name);
      g_assert_cmpuint (type->rolls->len, ==, 5);

      for (guint j = 0; j < 5; j++)
        {
          const MusterStatRoll *roll = g_ptr_array_index (type->rolls, j);

          g_assert_cmpstr (roll->stat, ==, order[j]);
          if (j < 4)
            g_assert_cmpstr (muster_dice_expr_to_string (roll->dice), ==, "1d6");
        }
      g_assert_cmpstr (muster_dice_expr_to_string (muster_troop_type_get_roll (type, "F")),
                       ==, expected[i].firing);
    }

  line = muster_ruleset_lookup_troop_type (rs, "line");
  g_assert_cmpstr (line->name, ==, "Line infantry");
  f = muster_troop_type_get_roll (line, "F");
  g_assert_cmpuint (muster_dice_expr_get_n_dice (f), ==, 0);
  g_assert_cmpint (muster_dice_expr_get_min (f), ==, 6);
  g_assert_cmpint (muster_dice_expr_get_max (f), ==, 6);

  f = muster_troop_type_get_roll (muster_ruleset_lookup_troop_type (rs, "rifleman"), "F");
  g_assert_cmpint (muster_dice_expr_get_min (f), ==, 7);
  g_assert_cmpint (muster_dice_expr_get_max (f), ==, 12);

  g_assert_null (muster_troop_type_get_roll (line, "X"));
  g_assert_null (muster_ruleset_lookup_troop_type (rs, "hussar"));
}

static void
test_shipped_weapons (void)
{
  g_autoptr(MusterRuleset) rs = load_shipped ();
  const MusterWeaponDef *musket = muster_ruleset_lookup_weapon (rs, "musket");

  g_assert_nonnull (musket);
  g_assert_cmpstr (musket->name, ==, "Musket");
  g_assert_cmpuint (musket->caps->len, ==, 1);
  g_assert_cmpint (muster_ruleset_get_cap (rs, "musket", "F"), ==, 9);
  g_assert_cmpint (muster_ruleset_get_cap (rs, "carbine", "F"), ==, 9);
  g_assert_cmpint (muster_ruleset_get_cap (rs, "rifle", "F"), ==, G_MAXINT);
  g_assert_cmpint (muster_ruleset_get_cap (rs, "musket", "I"), ==, G_MAXINT);
  g_assert_cmpint (muster_ruleset_get_cap (rs, NULL, "F"), ==, G_MAXINT);
  g_assert_cmpint (muster_ruleset_get_cap (rs, "catapult", "F"), ==, G_MAXINT);
  g_assert_nonnull (muster_ruleset_lookup_weapon (rs, "pistol"));
  g_assert_cmpuint (muster_ruleset_get_n_weapons (rs), >=, 5);
  g_assert_true (muster_ruleset_get_weapon (rs, 0) == musket);
}

static void
test_shipped_outcomes_and_options (void)
{
  g_autoptr(MusterRuleset) rs = load_shipped ();
  GPtrArray *outcomes = muster_ruleset_get_outcomes (rs);
  GPtrArray *options = muster_ruleset_get_options (rs);
  static const struct { const char *id; gboolean light, serious, removes; } expected[] = {
    { "unhurt",        FALSE, FALSE, FALSE },
    { "wounded",       TRUE,  TRUE,  FALSE },
    { "out-of-action", FALSE, FALSE, TRUE },
    { "captured",      FALSE, FALSE, TRUE },
  };
  const MusterOptionDef *death;

  g_assert_cmpuint (outcomes->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const MusterOutcomeDef *o = g_ptr_array_index (outcomes, i);

      g_assert_cmpstr (o->id, ==, expected[i].id);
      g_assert_cmpint (o->takes_light, ==, expected[i].light);
      g_assert_cmpint (o->takes_serious, ==, expected[i].serious);
      g_assert_cmpint (o->removes, ==, expected[i].removes);
      g_assert_true (muster_ruleset_lookup_outcome (rs, o->id) == o);
    }

  g_assert_cmpuint (options->len, ==, 2);
  death = muster_ruleset_lookup_option (rs, "death-roll");
  g_assert_nonnull (death);
  g_assert_cmpstr (death->default_choice, ==, "die-on-6");
  g_assert_nonnull (death->description);
  g_assert_cmpuint (death->choices->len, ==, 2);
  g_assert_cmpstr (((MusterChoiceDef *) g_ptr_array_index (death->choices, 0))->id, ==, "die-on-6");
  g_assert_cmpstr (((MusterChoiceDef *) g_ptr_array_index (death->choices, 1))->id, ==, "out-d6-games");
  g_assert_nonnull (muster_ruleset_lookup_option (rs, "lasting-wounds"));
}

static void
test_shipped_steps (void)
{
  g_autoptr(MusterRuleset) rs = load_shipped ();
  GPtrArray *steps = muster_ruleset_get_steps (rs);
  static const char *types[] = {
    "countdown", "death-roll", "out-for-games", "capture", "drop-stat", "drop-stat", "drop-stat", "heal-wounds",
  };
  const MusterStepDef *step;

  g_assert_cmpuint (steps->len, ==, G_N_ELEMENTS (types));
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    g_assert_cmpstr (((MusterStepDef *) g_ptr_array_index (steps, i))->type, ==, types[i]);

  step = g_ptr_array_index (steps, 0);
  g_assert_null (step->option);
  g_assert_null (step->choice);

  step = g_ptr_array_index (steps, 1);
  g_assert_cmpstr (step->option, ==, "death-roll");
  g_assert_cmpstr (step->choice, ==, "die-on-6");
  g_assert_cmpstr (muster_step_get_param (step, "dice"), ==, "1d6");
  g_assert_cmpstr (muster_step_get_param (step, "outcome"), ==, "out-of-action");
  g_assert_cmpint (muster_step_get_int_param (step, "dies-on", 0), ==, 6);
  g_assert_cmpint (muster_step_get_int_param (step, "missing", 42), ==, 42);
  g_assert_cmpint (muster_step_get_int_param (step, "dice", 42), ==, 42);
  g_assert_null (muster_step_get_param (step, "missing"));

  step = g_ptr_array_index (steps, 2);
  g_assert_cmpstr (step->choice, ==, "out-d6-games");
  g_assert_cmpstr (muster_step_get_param (step, "dice"), ==, "1d6");

  step = g_ptr_array_index (steps, 3);
  g_assert_cmpstr (muster_step_get_param (step, "outcome"), ==, "captured");

  step = g_ptr_array_index (steps, 7);
  g_assert_cmpstr (muster_step_get_param (step, "light"), ==, "all");
  g_assert_cmpstr (muster_step_get_param (step, "serious"), ==, "all");
}

static const MusterReferenceTable *
find_reference (MusterRuleset *rs,
                const char    *id)
{
  GPtrArray *tables = muster_ruleset_get_reference_tables (rs);

  for (guint i = 0; i < tables->len; i++)
    {
      const MusterReferenceTable *t = g_ptr_array_index (tables, i);
      if (g_strcmp0 (t->id, id) == 0)
        return t;
    }
  return NULL;
}

static const char *
cell (const MusterReferenceTable *table,
      guint                       row,
      guint                       column)
{
  GPtrArray *cells = g_ptr_array_index (table->rows, row);

  return g_ptr_array_index (cells, column);
}

static void
test_shipped_reference (void)
{
  g_autoptr(MusterRuleset) rs = load_shipped ();
  GPtrArray *tables = muster_ruleset_get_reference_tables (rs);
  static const char *required[] = {
    "sequence", "wound-effect", "hit-location", "combat-modifiers",
    "action-modifiers", "wound-modifiers", "firing-modifiers", "movement",
    "ranges", "wound-effects", "wounds-add-up",
  };
  const MusterReferenceTable *wounds;
  const MusterReferenceTable *mods;
  const MusterLookupTable *hit;
  gboolean falling = FALSE;

  g_assert_cmpuint (tables->len, >=, G_N_ELEMENTS (required));
  for (guint i = 0; i < G_N_ELEMENTS (required); i++)
    {
      const MusterReferenceTable *t = find_reference (rs, required[i]);

      g_test_message ("reference table %s", required[i]);
      g_assert_nonnull (t);
      g_assert_nonnull (t->title);
      g_assert_cmpuint (t->columns->len, >, 0);
      g_assert_cmpuint (t->rows->len, >, 0);
      for (guint r = 0; r < t->rows->len; r++)
        g_assert_cmpuint (((GPtrArray *) g_ptr_array_index (t->rows, r))->len, ==, t->columns->len);
    }

  wounds = find_reference (rs, "wound-effect");
  g_assert_cmpuint (wounds->columns->len, ==, 12);
  g_assert_cmpuint (wounds->rows->len, ==, 5);
  g_assert_true (wounds->house);
  g_assert_nonnull (wounds->note);
  g_assert_cmpstr (cell (wounds, 0, 0), ==, "Head");
  g_assert_cmpstr (cell (wounds, 0, 4), ==, "L/w");   /* score 5: the rules section */
  g_assert_cmpstr (cell (wounds, 0, 8), ==, "Kill");  /* score 9 */
  g_assert_cmpstr (cell (wounds, 1, 11), ==, "Kill"); /* arms, 12 */
  g_assert_cmpstr (cell (wounds, 3, 2), ==, "L/w");   /* chest, 3 */

  mods = find_reference (rs, "wound-modifiers");
  for (guint r = 0; r < mods->rows->len; r++)
    if (strstr (cell (mods, r, 0), "Falling") != NULL)
      {
        g_assert_cmpstr (cell (mods, r, 1), ==, "+3");
        falling = TRUE;
      }
  g_assert_true (falling);

  hit = muster_ruleset_lookup_table (rs, "hit-location");
  g_assert_nonnull (hit);
  g_assert_cmpstr (muster_dice_expr_to_string (hit->dice), ==, "1d6");
  g_assert_cmpuint (hit->entries->len, ==, 6);
  g_assert_cmpstr (((MusterTableEntry *) g_ptr_array_index (hit->entries, 5))->id, ==, "head");
  g_assert_cmpint (((MusterTableEntry *) g_ptr_array_index (hit->entries, 5))->limit, ==, -1);
  g_assert_cmpuint (muster_ruleset_get_lookup_tables (rs)->len, ==, 1);
  g_assert_cmpuint (muster_ruleset_get_unit_kinds (rs)->len, ==, 0);
  g_assert_cmpuint (muster_ruleset_get_ratings (rs)->len, ==, 0);
}

/* A unit-based ruleset */

static void
test_unit_based (void)
{
  g_autofree char *path = fixture_path ("unit-based.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) rs = muster_ruleset_new_from_file (path, &error);
  const MusterLookupTable *table;
  const MusterUnitKindDef *kind;
  const MusterRatingDef *rating;
  const MusterTableEntry *hero;
  const MusterStepDef *step;

  g_assert_no_error (error);
  g_assert_cmpint (muster_ruleset_get_kept_by (rs), ==, MUSTER_KEPT_BY_UNIT);
  g_assert_cmpuint (muster_ruleset_get_n_troop_types (rs), ==, 0);

  kind = g_ptr_array_index (muster_ruleset_get_unit_kinds (rs), 0);
  g_assert_cmpstr (kind->id, ==, "line-company");
  g_assert_cmpint (kind->size, ==, 12);
  kind = g_ptr_array_index (muster_ruleset_get_unit_kinds (rs), 1);
  g_assert_cmpint (kind->size, ==, 1);

  rating = g_ptr_array_index (muster_ruleset_get_ratings (rs), 1);
  g_assert_cmpstr (rating->id, ==, "veteran");
  g_assert_cmpstr (rating->name, ==, "Veteran");
  g_assert_cmpint (rating->value, ==, 9);

  table = muster_ruleset_lookup_table (rs, "class");
  g_assert_nonnull (table);
  g_assert_cmpstr (muster_dice_expr_to_string (table->dice), ==, "2d6");
  g_assert_cmpuint (table->entries->len, ==, 4);
  hero = g_ptr_array_index (table->entries, 3);
  g_assert_cmpint (hero->min, ==, 12);
  g_assert_cmpint (hero->value, ==, 4);
  g_assert_cmpint (hero->limit, ==, 1);
  g_assert_cmpint (((MusterTableEntry *) g_ptr_array_index (table->entries, 0))->limit, ==, -1);

  step = g_ptr_array_index (muster_ruleset_get_steps (rs), 0);
  g_assert_cmpstr (step->type, ==, "drop-stat");
  g_assert_cmpint (muster_step_get_int_param (step, "by", 0), ==, 1);
  g_assert_cmpint (muster_step_get_int_param (step, "retire-at", -1), ==, 0);
  step = g_ptr_array_index (muster_ruleset_get_steps (rs), 2);
  g_assert_true (step->house);
}

/* Broken files */

static void
check_broken_file (const char *name,
                   int         code,
                   int         line,
                   const char *fragment)
{
  g_autofree char *path = fixture_path (name);
  g_autofree char *prefix = g_strdup_printf ("%s:%d: ", path, line);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) rs = muster_ruleset_new_from_file (path, &error);

  g_test_message ("%s: %s", name, error ? error->message : "(loaded)");
  g_assert_null (rs);
  g_assert_error (error, MUSTER_RULESET_ERROR, code);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (strstr (error->message, fragment));
}

static void
test_broken_malformed (void)
{
  check_broken_file ("malformed.xml", MUSTER_RULESET_ERROR_PARSE, 7, "not well-formed");
}

static void
test_broken_missing_element (void)
{
  check_broken_file ("missing-element.xml", MUSTER_RULESET_ERROR_INVALID, 3, "ruleset format");
}

static void
test_broken_unknown_element (void)
{
  check_broken_file ("unknown-element.xml", MUSTER_RULESET_ERROR_INVALID, 7, "luck");
}

static void
test_broken_dice (void)
{
  check_broken_file ("bad-dice.xml", MUSTER_RULESET_ERROR_INVALID, 11,
                     "troop type “rifleman”: Cannot read the dice expression “2x6”");
}

static void
test_broken_weapon (void)
{
  check_broken_file ("unknown-weapon.xml", MUSTER_RULESET_ERROR_INVALID, 12,
                     "no weapon “blunderbuss”");
}

static void
test_broken_doctype (void)
{
  check_broken_file ("doctype.xml", MUSTER_RULESET_ERROR_PARSE, 2, "DOCTYPE");
}

static void
check_entity_refused (const char *doctype,
                      const char *title)
{
  g_autofree char *minimal_path = fixture_path ("minimal.xml");
  g_autofree char *minimal = NULL;
  g_autofree char *with_title = NULL;
  g_autofree char *doc = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) rs = NULL;

  g_file_get_contents (minimal_path, &minimal, NULL, &error);
  g_assert_no_error (error);

  with_title = replace_once (minimal, "<title>A minimal ruleset</title>", title);
  doc = replace_once (with_title, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", doctype);

  /* The entities name a FIFO: opening it for reading would block until
   * the alarm ends the test. */
  alarm (20);
  rs = muster_ruleset_new_from_data (doc, -1, "entity.xml", &error);
  alarm (0);

  g_test_message ("%s", error ? error->message : "(loaded)");
  g_assert_null (rs);
  g_assert_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "entity.xml:2: "));
  g_assert_nonnull (strstr (error->message, "DOCTYPE"));
}

static void
test_broken_external_entity (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *fifo = g_build_filename (dir, "secret", NULL);
  g_autofree char *general = NULL;
  g_autofree char *parameter = NULL;
  g_autofree char *external = NULL;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);

  general = g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                             "<!DOCTYPE ruleset [ <!ENTITY secret SYSTEM \"file://%s\"> ]>\n",
                             fifo);
  check_entity_refused (general, "<title>&secret;</title>");

  parameter = g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                               "<!DOCTYPE ruleset [ <!ENTITY %% p SYSTEM \"file://%s\"> %%p; ]>\n",
                               fifo);
  check_entity_refused (parameter, "<title>&defined-in-p;</title>");

  external = g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                              "<!DOCTYPE ruleset SYSTEM \"file://%s\">\n",
                              fifo);
  check_entity_refused (external, "<title>A minimal ruleset</title>");
}

/* Mistakes that pass the schema but not the semantic checks, each made by
 * editing the minimal ruleset. */
static void
test_broken_semantics (void)
{
  static const struct {
    const char *from;
    const char *to;
    int         line;
    const char *fragment;
  } cases[] = {
    { "<roll stat=\"A\" dice=\"1d6\"/>", "<roll stat=\"B\" dice=\"1d6\"/>", 14, "no stat “B”" },
    { "<roll stat=\"A\" dice=\"1d6\"/>", "<roll stat=\"A\" dice=\"2d6\"/>", 14, "outside its range of 1 to 6" },
    { "<roll stat=\"A\" dice=\"1d6\"/>", "<roll stat=\"A\" dice=\"2d\"/>", 14,
      "troop type “archer”: Cannot read the dice expression “2d”: a number of sides must follow “d”." },
    { "<roll stat=\"A\" dice=\"1d6\"/>", "<roll stat=\"A\" dice=\"1d6\"/><roll stat=\"A\" dice=\"1d6\"/>", 14, "roll for stat “A” is defined twice" },
    { "<cap stat=\"A\" max=\"5\"/>", "<cap stat=\"Z\" max=\"5\"/>", 9, "no stat “Z”" },
    { "min=\"1\" max=\"6\"", "min=\"7\" max=\"6\"", 6, "minimum 7" },
    { "<outcome id=\"unhurt\"><name>Unhurt</name></outcome>",
      "<outcome id=\"unhurt\"><name>Unhurt</name></outcome>\n    <outcome id=\"unhurt\"><name>Fine</name></outcome>",
      19, "outcome “unhurt” is defined twice" },
    { "</outcomes>",
      "</outcomes>\n  <options>\n    <option id=\"o\" default=\"c\"><name>O</name><choice id=\"d\"><name>D</name></choice></option>\n  </options>",
      21, "default “c”" },
    { "</outcomes>",
      "</outcomes>\n  <between-game>\n    <step type=\"capture\" outcome=\"taken\"/>\n  </between-game>",
      21, "no outcome “taken”" },
    { "</outcomes>",
      "</outcomes>\n  <between-game>\n    <step type=\"death-roll\" dice=\"1d6+\" outcome=\"unhurt\"/>\n  </between-game>",
      21, "Cannot read the dice expression “1d6+”" },
    { "</outcomes>",
      "</outcomes>\n  <between-game>\n    <step type=\"death-roll\" option=\"nope\" choice=\"x\"/>\n  </between-game>",
      21, "no option “nope”" },
    { "</outcomes>",
      "</outcomes>\n  <tables>\n    <table id=\"t\" dice=\"1d6\"><name>T</name><entry min=\"1\" max=\"7\" id=\"e\"><name>E</name></entry></table>\n  </tables>",
      21, "outside what 1d6 can roll" },
    { "</outcomes>",
      "</outcomes>\n  <reference>\n    <ref-table id=\"r\"><title>R</title><columns><column>A</column><column>B</column></columns>\n<row><cell>1</cell></row></ref-table>\n  </reference>",
      22, "1 cell but there are 2 columns" },
    /* Integers the schema allows but an int cannot hold are refused, not
     * read as something else. */
    { "min=\"1\" max=\"6\"", "min=\"-99999999999\" max=\"6\"", 6,
      "the attribute “min” is “-99999999999”, which is not a whole number from -2147483648 to 2147483647." },
    { "<cap stat=\"A\" max=\"5\"/>", "<cap stat=\"A\" max=\"4294967296\"/>", 9,
      "the attribute “max” is “4294967296”" },
    { "</outcomes>",
      "</outcomes>\n  <between-game>\n    <step type=\"death-roll\" dice=\"1d6\" dies-on=\"99999999999\" outcome=\"unhurt\"/>\n  </between-game>",
      21, "the attribute “dies-on” is “99999999999”" },
    { "</outcomes>",
      "</outcomes>\n  <between-game>\n    <step type=\"drop-stat\" stat=\"A\" by=\"two\"/>\n  </between-game>",
      21, "the attribute “by” is “two”" },
  };
  g_autofree char *path = fixture_path ("minimal.xml");
  g_autofree char *minimal = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &minimal, NULL, &error);
  g_assert_no_error (error);

  /* The unedited file loads. */
  {
    g_autoptr(MusterRuleset) rs = muster_ruleset_new_from_data (minimal, -1, "minimal.xml", &error);
    g_assert_no_error (error);
    g_assert_cmpint (muster_ruleset_get_cap (rs, "bow", "A"), ==, 5);
  }

  /* What xsd:integer allows around a number: white space and a “+”. */
  {
    g_autofree char *spaced = replace_once (minimal, "min=\"1\" max=\"6\"", "min=\" +1 \" max=\"\t6 \"");
    g_autoptr(MusterRuleset) rs = muster_ruleset_new_from_data (spaced, -1, "spaced.xml", &error);

    g_assert_no_error (error);
    g_assert_cmpint (muster_ruleset_lookup_stat (rs, "A")->min, ==, 1);
    g_assert_cmpint (muster_ruleset_lookup_stat (rs, "A")->max, ==, 6);
  }

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *doc = replace_once (minimal, cases[i].from, cases[i].to);
      g_autofree char *prefix = g_strdup_printf ("edited.xml:%d: ", cases[i].line);
      g_autoptr(MusterRuleset) rs = muster_ruleset_new_from_data (doc, -1, "edited.xml", &error);

      g_test_message ("case %u: %s", i, error ? error->message : "(loaded)");
      g_assert_null (rs);
      g_assert_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_INVALID);
      g_assert_true (g_str_has_prefix (error->message, prefix));
      g_assert_nonnull (strstr (error->message, cases[i].fragment));
      g_clear_error (&error);
    }
}

/* Schema violations made by editing the minimal ruleset. */
static void
test_broken_schema (void)
{
  static const struct {
    const char *from;
    const char *to;
    int         line;
    const char *fragment;
  } cases[] = {
    { "<name>Agility</name>", "", 6, "stat" },
    { "kept-by=\"figure\"", "kept-by=\"team\"", 2, "ruleset" },
    { "<outcome id=\"unhurt\">", "<outcome id=\"unhurt\" light=\"maybe\">", 18, "outcome" },
    { "<outcome id=\"unhurt\">", "<outcome id=\"Not An Id\">", 18, "outcome" },
    { "</outcomes>",
      "</outcomes>\n  <between-game>\n    <step type=\"resurrect\"/>\n  </between-game>",
      21, "step" },
    { "</outcomes>",
      "</outcomes>\n  <between-game>\n    <step type=\"capture\" house=\"perhaps\"/>\n  </between-game>",
      21, "step" },
    { "<stats>", "<stats>\n    <stat key=\"B\" min=\"one\" max=\"6\"><name>B</name></stat>", 6, "stat" },
  };
  g_autofree char *path = fixture_path ("minimal.xml");
  g_autofree char *minimal = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &minimal, NULL, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *doc = replace_once (minimal, cases[i].from, cases[i].to);
      g_autofree char *prefix = g_strdup_printf ("edited.xml:%d: ", cases[i].line);
      g_autoptr(MusterRuleset) rs = muster_ruleset_new_from_data (doc, -1, "edited.xml", &error);

      g_test_message ("case %u: %s", i, error ? error->message : "(loaded)");
      g_assert_null (rs);
      g_assert_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_INVALID);
      g_assert_true (g_str_has_prefix (error->message, prefix));
      g_assert_nonnull (strstr (error->message, cases[i].fragment));
      g_clear_error (&error);
    }
}

static void
test_not_xml (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) rs = muster_ruleset_new_from_data ("", 0, "empty.xml", &error);

  g_assert_null (rs);
  g_assert_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "empty.xml"));
  g_clear_error (&error);

  rs = muster_ruleset_new_from_data ("<other xmlns=\"urn:x\"/>", -1, "other.xml", &error);
  g_assert_null (rs);
  g_assert_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "other.xml:1: "));
}

/* The registry */

static void
test_registry_shipped (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(MusterRuleset) rs = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = shipped_path ("");

  g_setenv ("MUSTER_RULESETS_DIR", dir, TRUE);
  muster_rulesets_reload ();

  all = muster_rulesets_get_all (&errors);
  for (guint i = 0; i < errors->len; i++)
    g_test_message ("%s", ((GError *) g_ptr_array_index (errors, i))->message);
  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (all->len, >=, 1);

  rs = muster_rulesets_lookup ("sharpes-skirmish", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_ruleset_get_title (rs), ==, "Sharpe's Skirmish");

  /* Cached: the same objects come back until a reload. */
  {
    g_autoptr(MusterRuleset) again = muster_rulesets_lookup ("sharpes-skirmish", NULL);
    g_assert_true (again == rs);
  }
}

static void
test_registry_env_dir (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *good_a = g_build_filename (dir, "sharpes-skirmish.xml", NULL);
  g_autofree char *good_b = g_build_filename (dir, "minimal.xml", NULL);
  g_autofree char *broken = g_build_filename (dir, "malformed.xml", NULL);
  g_autofree char *src_a = shipped_path ("sharpes-skirmish.xml");
  g_autofree char *src_b = fixture_path ("minimal.xml");
  g_autofree char *src_broken = fixture_path ("malformed.xml");
  g_autofree char *prefix = g_strdup_printf ("%s:7: ", broken);
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) dirs = NULL;
  MusterRuleset *missing;
  GError *skipped;

  copy_file (src_a, good_a);
  copy_file (src_b, good_b);
  copy_file (src_broken, broken);

  g_setenv ("MUSTER_RULESETS_DIR", dir, TRUE);
  muster_rulesets_reload ();

  dirs = muster_rulesets_get_dirs ();
  g_assert_cmpstr (dirs[0], ==, dir);

  all = muster_rulesets_get_all (&errors);
  g_assert_cmpuint (all->len, ==, 2);
  /* Sorted by title. */
  g_assert_cmpstr (muster_ruleset_get_id (g_ptr_array_index (all, 0)), ==, "test-minimal");
  g_assert_cmpstr (muster_ruleset_get_id (g_ptr_array_index (all, 1)), ==, "sharpes-skirmish");

  g_assert_cmpuint (errors->len, ==, 1);
  skipped = g_ptr_array_index (errors, 0);
  g_assert_error (skipped, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (skipped->message, prefix));

  missing = muster_rulesets_lookup ("test-malformed", &error);
  g_assert_null (missing);
  g_assert_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "test-malformed"));
}

static void
test_registry_user_dir (void)
{
  const char *data_home = g_getenv ("XDG_DATA_HOME");
  g_autofree char *user = g_build_filename (data_home, "muster", "rulesets", NULL);
  g_autofree char *house = g_build_filename (user, "my-house-rules.xml", NULL);
  g_autofree char *shipped = shipped_path ("");
  g_autofree char *src = shipped_path ("sharpes-skirmish.xml");
  g_autofree char *contents = NULL;
  g_autofree char *edited = NULL;
  g_autofree char *edited2 = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) rs = NULL;
  g_auto(GStrv) dirs = NULL;

  g_setenv ("MUSTER_RULESETS_DIR", shipped, TRUE);
  g_assert_cmpint (g_mkdir_with_parents (user, 0700), ==, 0);

  g_file_get_contents (src, &contents, NULL, &error);
  g_assert_no_error (error);
  edited = replace_once (contents, "version=\"2\"", "version=\"3\"");
  edited2 = replace_once (edited, "<roll stat=\"F\" dice=\"6\"/>", "<roll stat=\"F\" dice=\"7\"/>");
  g_file_set_contents (house, edited2, -1, &error);
  g_assert_no_error (error);

  muster_rulesets_reload ();
  dirs = muster_rulesets_get_dirs ();
  g_assert_cmpuint (g_strv_length (dirs), ==, 2);
  g_assert_cmpstr (dirs[1], ==, user);

  /* The user's file has the same id and replaces the shipped one. */
  rs = muster_rulesets_lookup ("sharpes-skirmish", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_ruleset_get_version (rs), ==, "3");
  g_assert_cmpstr (muster_dice_expr_to_string (
                     muster_troop_type_get_roll (
                       muster_ruleset_lookup_troop_type (rs, "line"), "F")), ==, "7");

  /* Gone again after the file is removed and the list reloaded; the
   * ruleset handed out earlier stays usable. */
  g_assert_cmpint (g_unlink (house), ==, 0);
  muster_rulesets_reload ();
  {
    g_autoptr(MusterRuleset) again = muster_rulesets_lookup ("sharpes-skirmish", &error);
    g_assert_no_error (error);
    g_assert_cmpstr (muster_ruleset_get_version (again), ==, "2");
  }
  g_assert_cmpstr (muster_ruleset_get_version (rs), ==, "3");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = NULL;

  g_test_init (&argc, &argv, NULL);

  /* Never read the real user's rulesets. */
  data_home = muster_test_make_tmpdir ();
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  g_test_add_func ("/ruleset/shipped/header", test_shipped_header);
  g_test_add_func ("/ruleset/shipped/stats", test_shipped_stats);
  g_test_add_func ("/ruleset/shipped/troop-types", test_shipped_troop_types);
  g_test_add_func ("/ruleset/shipped/weapons", test_shipped_weapons);
  g_test_add_func ("/ruleset/shipped/outcomes-options", test_shipped_outcomes_and_options);
  g_test_add_func ("/ruleset/shipped/steps", test_shipped_steps);
  g_test_add_func ("/ruleset/shipped/reference", test_shipped_reference);
  g_test_add_func ("/ruleset/unit-based", test_unit_based);
  g_test_add_func ("/ruleset/broken/malformed", test_broken_malformed);
  g_test_add_func ("/ruleset/broken/missing-element", test_broken_missing_element);
  g_test_add_func ("/ruleset/broken/unknown-element", test_broken_unknown_element);
  g_test_add_func ("/ruleset/broken/dice", test_broken_dice);
  g_test_add_func ("/ruleset/broken/weapon", test_broken_weapon);
  g_test_add_func ("/ruleset/broken/doctype", test_broken_doctype);
  g_test_add_func ("/ruleset/broken/external-entity", test_broken_external_entity);
  g_test_add_func ("/ruleset/broken/semantics", test_broken_semantics);
  g_test_add_func ("/ruleset/broken/schema", test_broken_schema);
  g_test_add_func ("/ruleset/broken/not-a-ruleset", test_not_xml);
  g_test_add_func ("/ruleset/registry/shipped", test_registry_shipped);
  g_test_add_func ("/ruleset/registry/env-dir", test_registry_env_dir);
  g_test_add_func ("/ruleset/registry/user-dir", test_registry_user_dir);

  return g_test_run ();
}
