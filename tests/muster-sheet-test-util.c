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
#include "muster-print-test-util.h"
#include "muster-sheet-test-util.h"
#include "muster-unit.h"
#include "muster-units-sheet.h"

MusterRuleset *
load_sharpes (void)
{
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);

  g_assert_no_error (error);
  g_assert_nonnull (ruleset);
  return ruleset;
}

MusterCharacter *
make_character (gint64      id,
                const char *name,
                const char *troop_type,
                const char *weapon,
                int         base)
{
  MusterCharacterRow row = {
    .id = id,
    .campaign_id = 1,
    .force_id = 1,
    .force_name = "South Devon Light Company",
    .side = "British",
    .name = name,
    .troop_type = troop_type,
    .weapon = weapon,
    .status = MUSTER_STATUS_ACTIVE,
    .kills = (int) (id % 7),
    .games = (int) (id % 5) + 1,
  };
  MusterCharacter *character = muster_character_new (&row);
  const char *keys[] = { "I", "D", "S", "C", "F" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    muster_character_set_stat (character, keys[i], base + (int) i);

  return character;
}

/* @n figures named "Figure 1" .. "Figure n"; stats start at 1 + i % 6. */
GPtrArray *
make_characters (guint n)
{
  GPtrArray *characters = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Figure %u", i + 1);

      g_ptr_array_add (characters,
                       make_character (i + 1, name, i % 2 ? "rifleman" : "line",
                                       i % 2 ? "rifle" : "musket", 1 + (int) (i % 6)));
    }

  return characters;
}

void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->dir = muster_test_make_tmpdir ();
}

void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  muster_test_remove_tree (fixture->dir);
  g_free (fixture->dir);
}

/* Writes @sheet to NAME.pdf in the fixture's directory and opens it, as
 * muster_test_render_pdf() does. */
PopplerDocument *
render (Fixture     *fixture,
        MusterSheet *sheet,
        MusterPaper  paper,
        const char  *name)
{
  return muster_test_render_pdf (fixture->dir, sheet, paper, name);
}

/* TRUE when @name appears in @text not followed by a digit ("Figure 1"
 * is not found in "Figure 10"). */
gboolean
has_name (const char *text,
          const char *name)
{
  for (const char *p = strstr (text, name); p != NULL; p = strstr (p + 1, name))
    if (!g_ascii_isdigit (p[strlen (name)]))
      return TRUE;

  return FALSE;
}

/* Every glyph on every page lies within the page's margins. */
void
assert_text_within_margins (PopplerDocument *doc,
                            MusterPaper      paper)
{
  MusterPageSize size;

  muster_page_size_init_for_paper (&size, paper);

  for (int i = 0; i < poppler_document_get_n_pages (doc); i++)
    {
      g_autoptr(TestPage) page = poppler_document_get_page (doc, i);
      PopplerRectangle *rects = NULL;
      guint n_rects = 0;
      double width, height;

      poppler_page_get_size (page, &width, &height);
      g_assert_cmpfloat_with_epsilon (width, size.width, 0.5);
      g_assert_cmpfloat_with_epsilon (height, size.height, 0.5);

      g_assert_true (poppler_page_get_text_layout (page, &rects, &n_rects));
      for (guint r = 0; r < n_rects; r++)
        {
          /* Poppler's rectangles are in points from the top-left corner;
           * allow half a point for rounding in the glyph boxes. */
          g_assert_cmpfloat (rects[r].x1, >=, size.margin_left - 0.5);
          g_assert_cmpfloat (rects[r].x2, <=, width - size.margin_right + 0.5);
          g_assert_cmpfloat (rects[r].y1, >=, size.margin_top - 0.5);
          g_assert_cmpfloat (rects[r].y2, <=, height - size.margin_bottom + 0.5);
        }
      g_free (rects);
    }
}

char *
document_text (PopplerDocument *doc)
{
  GString *all = g_string_new (NULL);

  for (int p = 0; p < poppler_document_get_n_pages (doc); p++)
    {
      g_autofree char *text = muster_test_page_text (doc, p);

      g_string_append (all, text);
      g_string_append_c (all, '\n');
    }

  return g_string_free (all, FALSE);
}

gboolean fonts_pinned;

/* Fonts differ between machines: the tests see DejaVu only, and with
 * @emoji Noto Color Emoji too where it is installed. Returns whether it
 * is. */
static gboolean
pin (gboolean emoji)
{
  const char *dirs[] = {
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/TTF",
  };
  const char *emoji_dirs[] = {
    "/usr/share/fonts/truetype/noto",
    "/usr/share/fonts/noto",
    "/usr/share/fonts/google-noto-emoji",
  };
  g_autofree char *tmp = muster_test_make_tmpdir ();
  g_autofree char *conf = g_build_filename (tmp, "fonts.conf", NULL);
  g_autoptr(GString) xml = g_string_new ("<?xml version=\"1.0\"?>\n<fontconfig>\n");
  gboolean found_emoji = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *font = g_build_filename (dirs[i], "DejaVuSans.ttf", NULL);

      if (g_file_test (font, G_FILE_TEST_EXISTS))
        {
          g_string_append_printf (xml, "  <dir>%s</dir>\n", dirs[i]);
          fonts_pinned = TRUE;
        }
    }
  for (guint i = 0; emoji && i < G_N_ELEMENTS (emoji_dirs); i++)
    {
      g_autofree char *font = g_build_filename (emoji_dirs[i], "NotoColorEmoji.ttf", NULL);

      if (g_file_test (font, G_FILE_TEST_EXISTS))
        {
          g_string_append_printf (xml, "  <dir>%s</dir>\n", emoji_dirs[i]);
          found_emoji = TRUE;
        }
    }
  /* A colour emoji font's glyphs are bitmaps, scaled to the size asked
   * for by this rule of fontconfig's own. */
  if (found_emoji)
    g_string_append (xml, "  <include ignore_missing=\"yes\">"
                          "/usr/share/fontconfig/conf.avail/10-scale-bitmap-fonts.conf</include>\n");
  g_string_append_printf (xml, "  <cachedir>%s/cache</cachedir>\n</fontconfig>\n", tmp);

  if (fonts_pinned)
    {
      g_assert_true (g_file_set_contents (conf, xml->str, -1, NULL));
      g_setenv ("FONTCONFIG_FILE", conf, TRUE);
    }
  return found_emoji;
}

void
pin_fonts (void)
{
  pin (FALSE);
}

gboolean
pin_fonts_with_emoji (void)
{
  return pin (TRUE);
}
