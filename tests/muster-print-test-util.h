/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <poppler.h>

#include "muster-sheet.h"

G_BEGIN_DECLS

/* Reading sheets back from their PDFs, for the print tests. */

/* Poppler 22 has no autoptr cleanups of its own; aliases keep these from
 * clashing with the ones newer versions declare. */
typedef PopplerDocument TestDoc;
typedef PopplerPage     TestPage;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TestDoc, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TestPage, g_object_unref)

TestDoc  *muster_test_open_pdf              (const char      *path);
/* Writes @sheet to NAME.pdf in @dir and opens it; with MUSTER_PRINT_OUTPUT
 * set, a copy goes there to look at. */
TestDoc  *muster_test_render_pdf            (const char      *dir,
                                             MusterSheet     *sheet,
                                             MusterPaper      paper,
                                             const char      *name);
/* A page's text in Poppler's order, with a space wherever two glyphs
 * stand apart. */
char     *muster_test_page_text             (PopplerDocument *doc,
                                             int              index);
/* A page's text line by line as it lies on the paper. */
char     *muster_test_page_lines            (PopplerDocument *doc,
                                             int              index);
char     *muster_test_document_lines        (PopplerDocument *doc);
/* Every page's text, one line a page. */
char     *muster_test_document_text         (PopplerDocument *doc);
/* The text of the card in @slot of page @index. */
char     *muster_test_card_text             (PopplerDocument *doc,
                                             MusterPaper      paper,
                                             int              index,
                                             guint            slot);
gboolean  muster_test_has_token             (const char      *text,
                                             const char      *word);
guint     muster_test_count                 (const char      *text,
                                             const char      *needle);
void      muster_test_assert_paper          (PopplerDocument *doc,
                                             MusterPaper      paper);
/* Every page of @doc is @paper turned landscape (or portrait). */
void      muster_test_assert_turned         (PopplerDocument *doc,
                                             MusterPaper      paper,
                                             gboolean         landscape);
/* Every word of @text (split at spaces) stands whole on page @index,
 * found by Poppler somewhere between @x0 and @x1. */
void      muster_test_assert_words_within   (PopplerDocument *doc,
                                             int              index,
                                             const char      *text,
                                             double           x0,
                                             double           x1);
/* Drawn on @size, no page of @sheet cuts a text short (an ellipsis),
 * nor, unless @missing_allowed, lacks a font for a character. The PDF
 * cannot tell: its text is the whole of what was meant. */
void      muster_test_assert_nothing_cut    (MusterSheet          *sheet,
                                             const MusterPageSize *size,
                                             gboolean              missing_allowed);
void      muster_test_assert_within_margins (PopplerDocument *doc,
                                             MusterPaper      paper);

/* The share of pixels that differ clearly (by more than 96 in a
 * channel) between two images of the same size; 1 when the sizes
 * differ. */
double    muster_test_image_difference      (cairo_surface_t *a,
                                             cairo_surface_t *b);

G_END_DECLS
