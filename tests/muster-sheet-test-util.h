/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <poppler.h>

#include "muster-character.h"
#include "muster-print-test-util.h"
#include "muster-ruleset.h"
#include "muster-sheet.h"

G_BEGIN_DECLS

/* What the print test programs of the sheets share: figures to print,
 * PDFs written in the fixture's directory and read back, and the fonts
 * pinned to DejaVu. */

#define LONG_NAME "Sergeant Obadiah Hawksley Fitzwilliam-Montmorency of the South Devon, who was never killed"

typedef struct
{
  char *dir;
} Fixture;

#define TEST_RULESET_HEAD \
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
  "<ruleset xmlns=\"https://musterapp.github.io/ns/ruleset\" id=\"test-print\" version=\"1\" kept-by=\"figure\">\n" \
  "  <title>Print Test Rules</title>\n" \
  "  <source>Muster's tests</source>\n" \
  "  <stats><stat key=\"A\" min=\"1\" max=\"6\"><name>Agility</name></stat></stats>\n" \
  "  <weapons><weapon id=\"bow\"><name>Bow</name></weapon></weapons>\n" \
  "  <troop-types><troop-type id=\"archer\" weapon=\"bow\"><name>Archer</name><roll stat=\"A\" dice=\"1d6\"/></troop-type></troop-types>\n" \
  "  <outcomes><outcome id=\"unhurt\"><name>Unhurt</name></outcome></outcomes>\n" \
  "  <reference>\n" \
  "    <ref-table id=\"house-one\" house=\"true\">\n" \
  "      <title>Volley Table</title>\n" \
  "      <note>Muster rolls two dice where the text is silent.</note>\n" \
  "      <columns><column>Roll</column><column>Effect</column></columns>\n" \
  "      <row><cell>2-6</cell><cell>Zephyr misses</cell></row>\n" \
  "      <row><cell>7-12</cell><cell>Quagga falls</cell></row>\n" \
  "    </ref-table>\n" \
  "    <ref-table id=\"long\">\n" \
  "      <title>Long Table</title>\n" \
  "      <columns><column>Number</column><column>Description of the entry</column></columns>\n"

#define TEST_RULESET_TAIL \
  "    </ref-table>\n" \
  "  </reference>\n" \
  "</ruleset>\n"

MusterRuleset *
load_sharpes (void);

MusterCharacter *
make_character (gint64      id,
                const char *name,
                const char *troop_type,
                const char *weapon,
                int         base);

GPtrArray *
make_characters (guint n);

void
fixture_setup (Fixture       *fixture,
               gconstpointer  data);

void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data);

PopplerDocument *
render (Fixture     *fixture,
        MusterSheet *sheet,
        MusterPaper  paper,
        const char  *name);

gboolean
has_name (const char *text,
          const char *name);

void
assert_text_within_margins (PopplerDocument *doc,
                            MusterPaper      paper);

char *
document_text (PopplerDocument *doc);

void
pin_fonts (void);

/* Also Noto Color Emoji where it is installed (fonts-noto-color-emoji);
 * returns whether it is. */
gboolean
pin_fonts_with_emoji (void);

/* Whether pin_fonts() found DejaVu. */
extern gboolean fonts_pinned;

G_END_DECLS
