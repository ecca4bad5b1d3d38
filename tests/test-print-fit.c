/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test"

#include "config.h"

#include <string.h>

#include <poppler.h>

#include "muster-cards-sheet.h"
#include "muster-character.h"
#include "muster-deck-sheet.h"
#include "muster-figure-stats-sheet.h"
#include "muster-print-test-util.h"
#include "muster-recruit.h"
#include "muster-roster-sheet.h"
#include "muster-ruleset.h"
#include "muster-sheet-private.h"
#include "muster-sheet-test-util.h"
#include "muster-sheet-table.h"
#include "muster-store.h"
#include "muster-test-util.h"
#include "muster-unit.h"
#include "muster-units-sheet.h"

/* Text on the sheets is never broken inside a word: names wrap between
 * words and shrink to a floor, headings too wide for their columns are
 * shortened with a key, the list sheets turn landscape when portrait
 * would need text below the floor, and a character no font has is
 * said so on the page. */

/* A name as long as the store takes: MUSTER_STORE_NAME_MAX characters. */
#define NAME_120 "Captain Sir Bartholomew Fitzwilliam-Montgomery of the Honourable East India " \
                 "Company's Bengal Native Infantry Regiment of"
#define GUARDS   "Coldstream Guards"
#define GARDE    "Voltigeurs de la Garde impériale"

typedef struct
{
  char        *dir;
  char        *library;
  MusterStore *store;
} StoreFixture;

/* Whether the fonts pinned for the tests have Noto Color Emoji. */
static gboolean emoji_font;

static void
store_setup (StoreFixture  *f,
               gconstpointer  data)
{
  f->store = muster_test_open_store (&f->library);
  f->dir = g_path_get_dirname (f->library);
}

static void
store_teardown (StoreFixture  *f,
                  gconstpointer  data)
{
  g_clear_object (&f->store);
  muster_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->library);
}

/* Helpers */

static MusterRuleset *
wide_rules (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (TEST_SRCDIR, "rulesets", "wide-units.xml", NULL);
  MusterRuleset *rules = muster_ruleset_new_from_file (path, &error);

  g_assert_no_error (error);
  return rules;
}

/* A campaign of @rules with long names everywhere: forces "Coldstream
 * Guards" and "Voltigeurs de la Garde impériale", units (for rules kept
 * by unit) and characters called so and by NAME_120. */
static gint64
long_names_campaign (StoreFixture  *f,
                     MusterRuleset *rules)
{
  g_autoptr(GError) error = NULL;
  const MusterTroopType *type = muster_ruleset_get_troop_type (rules, 0);
  GPtrArray *kinds = muster_ruleset_get_unit_kinds (rules);
  const char *names[] = { GUARDS, NAME_120, GARDE };
  g_autofree char *title = g_strdup_printf ("%s (%s)", GARDE, muster_ruleset_get_id (rules));
  gint64 campaign, forces[2];

  campaign = muster_store_create_campaign (f->store, title, rules, 1812, NULL, &error);
  g_assert_no_error (error);
  forces[0] = muster_store_create_force (f->store, campaign, GUARDS, NULL, &error);
  g_assert_no_error (error);
  forces[1] = muster_store_create_force (f->store, campaign, GARDE, NULL, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      gint64 force = forces[i / 2];
      gint64 unit = 0;
      g_autoptr(GArray) ids = NULL;

      if (kinds != NULL && kinds->len > 0)
        {
          const MusterUnitKindDef *kind = g_ptr_array_index (kinds, i % kinds->len);
          MusterUnitSpec spec = { names[i], kind->id, NULL, 0, NULL };

          unit = muster_store_create_unit (f->store, force, &spec, &error);
          g_assert_no_error (error);
        }
      ids = muster_store_recruit_into (f->store, force, unit, type->id, NULL, names[i], 1, &error);
      g_assert_no_error (error);
    }

  return campaign;
}

static GPtrArray *
characters_of (StoreFixture *f,
               gint64   campaign)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *characters = muster_store_list_characters (f->store, campaign, 0, &error);

  g_assert_no_error (error);
  return characters;
}

static GPtrArray *
units_of (StoreFixture *f,
          gint64   campaign)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *units = muster_store_list_units (f->store, campaign, 0, &error);

  g_assert_no_error (error);
  return units;
}

/* Writes @sheet on @paper, turned as @orientation and the sheet say, to
 * NAME.pdf (and to MUSTER_PRINT_OUTPUT, to look at), and opens it. */
static TestDoc *
render_oriented (StoreFixture      *f,
                 MusterSheet       *sheet,
                 MusterPaper        paper,
                 MusterOrientation  orientation,
                 const char        *name,
                 MusterPageSize    *size)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *file = g_strdup_printf ("%s.pdf", name);
  g_autofree char *path = g_build_filename (f->dir, file, NULL);
  const char *keep = g_getenv ("MUSTER_PRINT_OUTPUT");

  muster_page_size_init_for_paper (size, paper);
  muster_sheet_orient_page (sheet, size, orientation);
  g_assert_true (muster_sheet_export_pdf_for_size (sheet, size, path, &error));
  g_assert_no_error (error);
  if (keep != NULL)
    {
      g_autofree char *copy = g_build_filename (keep, file, NULL);
      g_autofree char *contents = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (copy, contents, length, NULL));
    }

  return muster_test_open_pdf (path);
}

/* Every page's text, pages and lines joined by spaces. */
static char *
all_text (PopplerDocument *doc)
{
  char *text = muster_test_document_text (doc);

  g_strdelimit (text, "\n", ' ');
  return text;
}

/* Whether @word stands whole in @page_text: as one token, or broken
 * only after a hyphen of its own ("Fitzwilliam-" "Montgomery"). */
static gboolean
has_word (const char *page_text,
          const char *word)
{
  g_auto(GStrv) parts = NULL;

  if (muster_test_has_token (page_text, word) || strchr (word, '-') == NULL)
    return muster_test_has_token (page_text, word);

  parts = g_strsplit (word, "-", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *part = parts[i + 1] != NULL ? g_strconcat (parts[i], "-", NULL) : g_strdup (parts[i]);

      if (!muster_test_has_token (page_text, part))
        return FALSE;
    }
  return TRUE;
}

/* Every word of @text (split at spaces) stands whole in @page_text. */
static void
assert_whole (const char *page_text,
              const char *text)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      if (*words[i] == '\0')
        continue;
      if (!has_word (page_text, words[i]))
        g_test_message ("“%s” of “%s” is not whole in: %s", words[i], text, page_text);
      g_assert_true (has_word (page_text, words[i]));
    }
}

/* Tests */

static void
test_words (void)
{
  g_autoptr(PangoLayout) layout = muster_sheet_create_measure_layout ();
  g_autoptr(PangoFontDescription) font = muster_sheet_font (8, FALSE, FALSE);
  g_autofree char *shortened = NULL;
  double coldstream = muster_sheet_text_width (layout, font, "Coldstream");
  double w;

  /* Words are what lies between spaces. */
  g_assert_cmpfloat_with_epsilon (muster_sheet_longest_word (layout, font, GUARDS), coldstream, 0.01);
  g_assert_cmpfloat_with_epsilon (muster_sheet_longest_word (layout, font, "4–7 or 8"),
                                  muster_sheet_text_width (layout, font, "4–7"), 0.01);
  g_assert_cmpfloat (muster_sheet_longest_word (layout, font, NAME_120), >=,
                     muster_sheet_text_width (layout, font, "Fitzwilliam-Montgomery") - 0.01);

  /* Only a word wider than the room is cut short, and then to fit. */
  g_assert_null (muster_sheet_shorten_words (layout, font, GUARDS, coldstream + 1));
  g_assert_null (muster_sheet_shorten_words (layout, font, "Fitzwilliam-Montgomery",
                                             muster_sheet_text_width (layout, font, "Montgomery") + 1));
  shortened = muster_sheet_shorten_words (layout, font, GUARDS, coldstream - 10);
  g_assert_nonnull (shortened);
  g_assert_true (g_str_has_prefix (shortened, "Coldst"));
  g_assert_true (g_str_has_suffix (shortened, "… Guards"));
  g_assert_cmpfloat (muster_sheet_longest_word (layout, font, shortened), <=, coldstream - 10 + 0.01);

  /* Shrinking: the largest size at which every word fits, to a floor. */
  w = coldstream * 0.75;
  g_assert_cmpfloat (muster_sheet_fit_size (layout, font, GUARDS, coldstream + 1, 0, 6.0), ==, 8.0);
  g_assert_cmpfloat (muster_sheet_fit_size (layout, font, GUARDS, w, 0, 5.0), ==, 6.0);
  g_assert_cmpfloat (muster_sheet_fit_size (layout, font, GUARDS, w, 0, 7.0), ==, 7.0);
  /* On one line only: smaller still. */
  g_assert_cmpfloat (muster_sheet_fit_size (layout, font, GUARDS, coldstream + 1, 1, 4.0), <, 5.0);
}

/* Texts drawn, some of them again and in other fonts (of another weight,
 * or only of another size) and boxes, with @keep or without layouts kept
 * for them, onto a new image. */
static cairo_surface_t *
draw_texts (gboolean keep)
{
  static const char * const texts[] = { "1", "Dead", GUARDS, "1", "Dead", NAME_120, GUARDS, "1" };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 300, 400);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(PangoLayout) layout = muster_sheet_create_layout (cr);
  g_autoptr(PangoFontDescription) regular = muster_sheet_font (8, FALSE, FALSE);
  g_autoptr(PangoFontDescription) bold = muster_sheet_font (8, TRUE, FALSE);
  g_autoptr(PangoFontDescription) larger = muster_sheet_font (9.5, FALSE, FALSE);
  /* "1" comes back in the same box in 8 and 9.5 points, "Dead" in two
   * weights. */
  PangoFontDescription *line_fonts[] = { regular, bold, bold, larger };

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  if (keep)
    muster_sheet_keep_layouts (layout);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      double y = i * 45.0;

      muster_sheet_draw_line (cr, layout, line_fonts[i % 4], texts[i], 5, y, 40 + (i % 3) * 60, 12,
                              PANGO_ALIGN_CENTER);
      muster_sheet_draw_label (cr, layout, i % 2 ? regular : bold, 6.0, texts[i], 150, y, 60 + (i % 2) * 80, 40,
                               PANGO_ALIGN_RIGHT);
    }
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* A layout that keeps what it lays out draws each text as a new one
 * would, whichever font, box and alignment it comes back with. */
static void
test_kept_layouts (void)
{
  cairo_surface_t *kept = draw_texts (TRUE);
  cairo_surface_t *fresh = draw_texts (FALSE);
  int stride = cairo_image_surface_get_stride (kept);

  g_assert_cmpint (stride, ==, cairo_image_surface_get_stride (fresh));
  g_assert_cmpmem (cairo_image_surface_get_data (kept), stride * 400,
                   cairo_image_surface_get_data (fresh), stride * 400);
  g_assert_cmpfloat (muster_test_image_difference (kept, fresh), ==, 0.0);
  cairo_surface_destroy (kept);
  cairo_surface_destroy (fresh);
}

static void
test_abbreviate (void)
{
  const struct {
    const char *title;
    const char *expected;
  } cases[] = {
    { "Morale with leader", "MWL" },
    { "Line (square)", "LS" },
    { "Base morale", "BM" },
    { "Musicians", "Mus." },
    { "Colours", "Col." },
    { "Size", NULL },
    { "I", NULL },
    { "", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *short_form = muster_sheet_abbreviate (cases[i].title);

      g_assert_cmpstr (short_form, ==, cases[i].expected);
    }
}

/* A table shortens headings only when the width asks for it, alike
 * ones together, never two the same, and keys them under it. */
static void
test_table (void)
{
  g_autoptr(MusterSheetTable) table = muster_sheet_table_new (8.0, 7.5);
  g_autoptr(PangoLayout) layout = muster_sheet_create_measure_layout ();
  const char *titles[] = { "Unit", "Morale with leader", "Morale without leader", "Musicians", "Size" };

  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    {
      muster_sheet_table_add_column (table, titles[i], i == 0 ? MUSTER_TABLE_COLUMN_WORDS | MUSTER_TABLE_COLUMN_FIRST : 0,
                                     PANGO_ALIGN_LEFT, 0);
      muster_sheet_table_measure (table, i, i == 0 ? GUARDS : "10");
    }

  /* Room for all: every heading whole, no key. */
  g_assert_true (muster_sheet_table_fit (table, 500));
  g_assert_cmpfloat (muster_sheet_table_get_size (table), ==, 8.0);
  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    g_assert_cmpstr (muster_sheet_table_get_heading (table, i), ==, titles[i]);
  g_assert_cmpfloat (muster_sheet_table_draw_foot (table, NULL, layout, 0, 0, 500), ==, 0.0);
  g_assert_cmpfloat_with_epsilon (muster_sheet_table_get_width (table), 500, 0.01);

  /* Narrow: the headings wider than their numbers go short, and the
   * two moralities apart. */
  g_assert_true (muster_sheet_table_fit (table, 150));
  g_assert_cmpstr (muster_sheet_table_get_heading (table, 0), ==, "Unit");
  g_assert_cmpstr (muster_sheet_table_get_heading (table, 1), ==, "MWL");
  g_assert_cmpstr (muster_sheet_table_get_heading (table, 2), ==, "MWL2");
  g_assert_cmpstr (muster_sheet_table_get_heading (table, 4), ==, "Size");
  g_assert_cmpfloat (muster_sheet_table_draw_foot (table, NULL, layout, 0, 0, 150), >, 0.0);
  g_assert_cmpfloat (muster_sheet_table_get_width (table), <=, 150.01);

  /* Too narrow even at the floor. */
  g_assert_false (muster_sheet_table_fit (table, 60));
  g_assert_cmpfloat (muster_sheet_table_get_size (table), ==, MUSTER_SHEET_FONT_FLOOR);
}

/* Every sheet of every rule set, on both papers and, for the list
 * sheets, both ways round: the long names and every heading whole,
 * nothing cut short. */
static void
test_long_names (StoreFixture  *f,
                 gconstpointer  data)
{
  const char *ids[] = {
    "sharpes-skirmish", "big-skirmishes", "napoleonic-skirmish", "chosen-men", "small-unit-engagements",
  };

  for (guint r = 0; r < G_N_ELEMENTS (ids); r++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterRuleset) rules = muster_rulesets_lookup (ids[r], &error);
      g_autoptr(GPtrArray) characters = NULL;
      g_autoptr(GPtrArray) units = NULL;
      g_autoptr(GPtrArray) sheets = g_ptr_array_new_with_free_func (g_object_unref);
      gint64 campaign;

      g_assert_no_error (error);
      g_assert_cmpint (g_utf8_strlen (NAME_120, -1), ==, MUSTER_STORE_NAME_MAX);
      campaign = long_names_campaign (f, rules);
      characters = characters_of (f, campaign);
      units = units_of (f, campaign);

      g_ptr_array_add (sheets, muster_roster_sheet_new (rules, characters, GARDE));
      g_ptr_array_add (sheets, muster_cards_sheet_new (rules, characters));
      g_ptr_array_add (sheets, muster_figure_stats_sheet_new (rules, characters, 16));
      if (muster_ruleset_get_kept_by (rules) == MUSTER_KEPT_BY_UNIT)
        g_ptr_array_add (sheets, muster_units_sheet_new (rules, units, characters, GARDE));
      if (muster_deck_sheet_ruleset_has_deck (rules))
        g_ptr_array_add (sheets, muster_deck_sheet_new (rules, characters, NULL, NULL));

      for (guint s = 0; s < sheets->len; s++)
        for (MusterPaper paper = MUSTER_PAPER_A4; paper <= MUSTER_PAPER_LETTER; paper++)
          for (MusterOrientation o = MUSTER_ORIENTATION_AUTOMATIC; o <= MUSTER_ORIENTATION_LANDSCAPE; o++)
            {
              MusterSheet *sheet = g_ptr_array_index (sheets, s);
              g_autofree char *name = g_strdup_printf ("long-names-%s-%s-%u-%u", ids[r],
                                                       muster_paper_to_string (paper), s, o);
              g_autoptr(TestDoc) doc = NULL;
              g_autofree char *text = NULL;
              MusterPageSize size;

              doc = render_oriented (f, sheet, paper, o, name, &size);
              text = all_text (doc);
              g_test_message ("%s", name);

              /* Only the list sheets turn, and only when asked to. */
              muster_test_assert_turned (doc, paper, o == MUSTER_ORIENTATION_LANDSCAPE &&
                                                     muster_sheet_can_turn (sheet));

              assert_whole (text, GUARDS);
              assert_whole (text, GARDE);
              assert_whole (text, NAME_120);
              muster_test_assert_nothing_cut (sheet, &size, FALSE);
            }

      /* The units sheet's headings: whole, or keyed in whole. */
      if (muster_ruleset_get_kept_by (rules) == MUSTER_KEPT_BY_UNIT)
        {
          GPtrArray *stats = muster_ruleset_get_unit_stats (rules);
          g_autoptr(MusterSheet) sheet = muster_units_sheet_new (rules, units, characters, GARDE);
          MusterPageSize size;
          g_autoptr(TestDoc) doc = render_oriented (f, sheet, MUSTER_PAPER_A4, MUSTER_ORIENTATION_PORTRAIT,
                                                    "units-headings", &size);
          g_autofree char *text = all_text (doc);

          assert_whole (text, "Unit Force Type Size Lost Left");
          for (guint i = 0; stats != NULL && i < stats->len; i++)
            assert_whole (text, ((MusterUnitStatDef *) g_ptr_array_index (stats, i))->name);
        }
    }
}

/* The units sheet of a ruleset with many values turns landscape by
 * itself, and is kept portrait when asked; the roster of the same
 * campaign too. The other sheets never turn. */
static void
test_automatic_landscape (StoreFixture  *f,
                          gconstpointer  data)
{
  g_autoptr(MusterRuleset) rules = wide_rules ();
  gint64 campaign = long_names_campaign (f, rules);
  g_autoptr(GPtrArray) characters = characters_of (f, campaign);
  g_autoptr(GPtrArray) units = units_of (f, campaign);
  g_autoptr(MusterSheet) units_sheet = muster_units_sheet_new (rules, units, characters, GARDE);
  g_autoptr(MusterSheet) roster = muster_roster_sheet_new (rules, characters, GARDE);
  g_autoptr(MusterSheet) cards = muster_cards_sheet_new (rules, characters);
  MusterSheet *lists[] = { units_sheet, roster };

  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    for (MusterPaper paper = MUSTER_PAPER_A4; paper <= MUSTER_PAPER_LETTER; paper++)
      {
        g_autofree char *name = g_strdup_printf ("wide-%u-%s", i, muster_paper_to_string (paper));
        g_autofree char *portrait_name = g_strconcat (name, "-portrait", NULL);
        g_autoptr(TestDoc) doc = NULL;
        g_autoptr(TestDoc) portrait = NULL;
        g_autoptr(GError) error = NULL;
        g_autofree char *path = g_build_filename (f->dir, "wide-export.pdf", NULL);
        g_autofree char *text = NULL;
        MusterPageSize size;

        muster_page_size_init_for_paper (&size, paper);
        g_assert_true (muster_sheet_can_turn (lists[i]));
        g_assert_false (muster_sheet_fits_page (lists[i], &size));
        g_assert_true (muster_sheet_wants_landscape (lists[i], &size, MUSTER_ORIENTATION_AUTOMATIC));

        /* Landscape, and every word whole. */
        doc = render_oriented (f, lists[i], paper, MUSTER_ORIENTATION_AUTOMATIC, name, &size);
        muster_test_assert_turned (doc, paper, TRUE);
        g_assert_true (muster_sheet_fits_page (lists[i], &size));
        muster_test_assert_nothing_cut (lists[i], &size, FALSE);
        text = muster_test_page_text (doc, 0);
        assert_whole (text, GUARDS);

        /* muster_sheet_export_pdf() turns it too. */
        g_assert_true (muster_sheet_export_pdf (lists[i], paper, path, &error));
        g_assert_no_error (error);
        {
          g_autoptr(TestDoc) exported = muster_test_open_pdf (path);

          muster_test_assert_turned (exported, paper, TRUE);
        }

        /* Kept portrait when asked, with the text at its floor. */
        portrait = render_oriented (f, lists[i], paper, MUSTER_ORIENTATION_PORTRAIT, portrait_name, &size);
        muster_test_assert_turned (portrait, paper, FALSE);
      }

  /* A Sharpe's roster of short names fits portrait and stays so. */
  {
    g_autoptr(MusterSheet) sheet = muster_roster_sheet_new (rules, NULL, NULL);
    MusterPageSize size;

    muster_page_size_init_for_paper (&size, MUSTER_PAPER_A4);
    g_assert_false (muster_sheet_wants_landscape (sheet, &size, MUSTER_ORIENTATION_AUTOMATIC));
    g_assert_true (muster_sheet_wants_landscape (sheet, &size, MUSTER_ORIENTATION_LANDSCAPE));
  }

  /* The cards keep their own layout, whatever is asked. */
  {
    MusterPageSize size;

    muster_page_size_init_for_paper (&size, MUSTER_PAPER_A4);
    g_assert_false (muster_sheet_can_turn (cards));
    g_assert_true (muster_sheet_fits_page (cards, &size));
    g_assert_false (muster_sheet_wants_landscape (cards, &size, MUSTER_ORIENTATION_LANDSCAPE));
    muster_page_size_turn (&size);
    muster_sheet_orient_page (cards, &size, MUSTER_ORIENTATION_LANDSCAPE);
    g_assert_false (muster_page_size_is_landscape (&size));
  }
}

/* Sharpe's stat cards print every stat's name whole: "Close combat" on
 * two lines, not "Close co…". */
/* The stats of a ruleset with more of them than an eighth of the page
 * holds never run into each other: each figure takes more room, and
 * fewer figures go on a page. Sharpe's keeps eight a page. */
static void
test_many_stats (StoreFixture  *f,
                 gconstpointer  data)
{
  g_autoptr(MusterRuleset) rules = wide_rules ();
  gint64 campaign = long_names_campaign (f, rules);
  g_autoptr(GPtrArray) characters = characters_of (f, campaign);
  g_autoptr(MusterSheet) sheet = muster_figure_stats_sheet_new (rules, characters, 16);
  guint n_stats = muster_ruleset_get_n_stats (rules);

  g_assert_cmpuint (n_stats, >, 20);
  g_assert_cmpuint (characters->len, ==, 3);

  for (MusterPaper paper = MUSTER_PAPER_A4; paper <= MUSTER_PAPER_LETTER; paper++)
    {
      g_autofree char *name = g_strdup_printf ("many-stats-%s", muster_paper_to_string (paper));
      MusterPageSize size;
      g_autoptr(TestDoc) doc = render_oriented (f, sheet, paper, MUSTER_ORIENTATION_AUTOMATIC, name, &size);
      g_autoptr(TestPage) page = poppler_document_get_page (doc, 0);
      g_autoptr(GPtrArray) rects = g_ptr_array_new_with_free_func ((GDestroyNotify) poppler_rectangle_free);

      /* Three figures: fewer than eight a page, so more than one page. */
      g_assert_cmpint (poppler_document_get_n_pages (doc), >, 1);
      muster_test_assert_nothing_cut (sheet, &size, FALSE);

      /* The first figure's stat names, each in a row of its own. */
      for (guint i = 0; i < n_stats; i++)
        {
          const MusterStatDef *def = muster_ruleset_get_stat (rules, i);
          GList *found = poppler_page_find_text (page, def->name);

          g_assert_nonnull (found);
          g_ptr_array_add (rects, poppler_rectangle_copy (found->data));
          g_list_free_full (found, (GDestroyNotify) poppler_rectangle_free);
        }
      for (guint i = 0; i < rects->len; i++)
        for (guint j = i + 1; j < rects->len; j++)
          {
            PopplerRectangle *a = g_ptr_array_index (rects, i);
            PopplerRectangle *b = g_ptr_array_index (rects, j);
            double overlap = MIN (MAX (a->y1, a->y2), MAX (b->y1, b->y2)) -
                             MAX (MIN (a->y1, a->y2), MIN (b->y1, b->y2));

            if (overlap > 0.5)
              g_test_message ("%s and %s overlap by %.1f pt",
                              muster_ruleset_get_stat (rules, i)->name,
                              muster_ruleset_get_stat (rules, j)->name, overlap);
            g_assert_cmpfloat (overlap, <=, 0.5);
          }
    }

  /* Five stats: eight figures a page, nine figures on two pages. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(MusterRuleset) sharpes = muster_rulesets_lookup ("sharpes-skirmish", &error);
    g_autoptr(GPtrArray) none = g_ptr_array_new_with_free_func (g_object_unref);
    g_autoptr(MusterSheet) blank = NULL;
    MusterPageSize size;

    for (guint i = 0; i < MUSTER_FIGURE_STATS_PER_PAGE + 1; i++)
      g_ptr_array_add (none, g_object_ref (g_ptr_array_index (characters, 0)));
    g_assert_no_error (error);
    blank = muster_figure_stats_sheet_new (sharpes, none, 16);
    muster_page_size_init_for_paper (&size, MUSTER_PAPER_A4);
    g_assert_cmpuint (muster_sheet_get_n_pages (blank, &size), ==, 2);
  }
}

static void
test_card_labels (StoreFixture  *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) rules = muster_rulesets_lookup ("sharpes-skirmish", &error);
  gint64 campaign = long_names_campaign (f, rules);
  g_autoptr(GPtrArray) characters = characters_of (f, campaign);
  g_autoptr(MusterSheet) cards = muster_cards_sheet_new (rules, characters);

  for (MusterPaper paper = MUSTER_PAPER_A4; paper <= MUSTER_PAPER_LETTER; paper++)
    {
      MusterPageSize size;
      g_autoptr(TestDoc) doc = render_oriented (f, cards, paper, MUSTER_ORIENTATION_AUTOMATIC, "card-labels", &size);
      g_autofree char *card = muster_test_card_text (doc, paper, 0, 0);

      for (guint i = 0; i < muster_ruleset_get_n_stats (rules); i++)
        assert_whole (card, muster_ruleset_get_stat (rules, i)->name);
      assert_whole (card, "Close combat Wounds Dead Notes");
      muster_test_assert_nothing_cut (cards, &size, FALSE);
    }
}

/* An emoji in a name prints from the emoji font, not as a box. */
static void
test_emoji (StoreFixture  *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) rules = muster_rulesets_lookup ("sharpes-skirmish", &error);
  g_autoptr(MusterSheet) cards = NULL;
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(TestPage) page = NULL;
  GList *images;
  MusterPageSize size;
  g_autoptr(TestDoc) doc = NULL;
  g_autofree char *text = NULL;
  gint64 campaign, force;

  if (!emoji_font)
    {
      g_test_skip ("Noto Color Emoji is not installed (fonts-noto-color-emoji)");
      return;
    }

  campaign = muster_store_create_campaign (f->store, "Talavera", rules, 1809, NULL, &error);
  g_assert_no_error (error);
  force = muster_store_create_force (f->store, campaign, "Les Braves 🇫🇷", NULL, &error);
  g_assert_no_error (error);
  g_array_unref (muster_store_recruit (f->store, force, "voltigeur", NULL, "Jean 🎖️ Lannes", 1, &error));
  g_assert_no_error (error);
  characters = characters_of (f, campaign);
  cards = muster_cards_sheet_new (rules, characters);

  doc = render_oriented (f, cards, MUSTER_PAPER_A4, MUSTER_ORIENTATION_AUTOMATIC, "emoji", &size);
  g_assert_cmpuint (muster_sheet_get_n_missing_glyphs (cards), ==, 0);
  text = muster_test_page_text (doc, 0);
  g_assert_null (strstr (text, "print as boxes"));

  /* The emoji are the colour font's pictures, where a box would be
   * lines: the only images on the page. */
  page = poppler_document_get_page (doc, 0);
  images = poppler_page_get_image_mapping (page);
  g_assert_cmpuint (g_list_length (images), >=, 2);
  poppler_page_free_image_mapping (images);
}

/* A character no font has prints as a box, and the page says so. */
static void
test_missing_glyph (StoreFixture  *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) rules = muster_rulesets_lookup ("sharpes-skirmish", &error);
  g_autoptr(MusterSheet) roster = NULL;
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(TestDoc) doc = NULL;
  g_autofree char *text = NULL;
  MusterPageSize size;
  gint64 campaign, force;

  campaign = muster_store_create_campaign (f->store, "Talavera", rules, 1809, NULL, &error);
  g_assert_no_error (error);
  force = muster_store_create_force (f->store, campaign, GUARDS, NULL, &error);
  g_assert_no_error (error);
  /* U+10FFFD, a private use character: no font has it. */
  g_array_unref (muster_store_recruit (f->store, force, "line", NULL, "Private \xf4\x8f\xbf\xbd Harper", 1, &error));
  g_assert_no_error (error);
  characters = characters_of (f, campaign);
  roster = muster_roster_sheet_new (rules, characters, NULL);

  doc = render_oriented (f, roster, MUSTER_PAPER_A4, MUSTER_ORIENTATION_AUTOMATIC, "missing-glyph", &size);
  g_assert_cmpuint (muster_sheet_get_n_missing_glyphs (roster), >, 0);
  text = muster_test_page_text (doc, 0);
  g_strdelimit (text, "\n", ' ');
  g_assert_nonnull (strstr (text, "Some characters print as boxes"));
  g_assert_nonnull (strstr (text, "Noto Color Emoji"));
}

int
main (int   argc,
      char *argv[])
{
  emoji_font = pin_fonts_with_emoji ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/print/fit/words", test_words);
  g_test_add_func ("/print/fit/abbreviate", test_abbreviate);
  g_test_add_func ("/print/fit/kept-layouts", test_kept_layouts);
  g_test_add_func ("/print/fit/table", test_table);
  g_test_add ("/print/fit/long-names", StoreFixture, NULL, store_setup, test_long_names, store_teardown);
  g_test_add ("/print/fit/automatic-landscape", StoreFixture, NULL, store_setup, test_automatic_landscape, store_teardown);
  g_test_add ("/print/fit/many-stats", StoreFixture, NULL, store_setup, test_many_stats, store_teardown);
  g_test_add ("/print/fit/card-labels", StoreFixture, NULL, store_setup, test_card_labels, store_teardown);
  g_test_add ("/print/fit/emoji", StoreFixture, NULL, store_setup, test_emoji, store_teardown);
  g_test_add ("/print/fit/missing-glyph", StoreFixture, NULL, store_setup, test_missing_glyph, store_teardown);

  return g_test_run ();
}
