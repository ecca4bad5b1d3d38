/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <pango/pangocairo.h>

#include "muster-ruleset.h"
#include "muster-sheet.h"

G_BEGIN_DECLS

/* The family every sheet prints in; fontconfig picks the face. */
#define MUSTER_SHEET_FAMILY "DejaVu Sans"

/* Pango contexts for sheets work in points (72 dpi) without hinting, so
 * that a layout measured without a surface has the size it is drawn at. */
PangoLayout          *muster_sheet_create_layout      (cairo_t *cr);
/* A layout to measure text with before there is a surface to draw on. */
PangoLayout          *muster_sheet_create_measure_layout (void);
PangoFontDescription *muster_sheet_font               (double   size,
                                                       gboolean bold,
                                                       gboolean italic);

/* One line of text in the box (@x, @y, @w, @h), centred vertically,
 * ellipsized at the end when it does not fit the width. */
void    muster_sheet_draw_line    (cairo_t                    *cr,
                                   PangoLayout                *layout,
                                   const PangoFontDescription *font,
                                   const char                 *text,
                                   double                      x,
                                   double                      y,
                                   double                      w,
                                   double                      h,
                                   PangoAlignment              align);
/* Text wrapped to @w in as many lines as @max_height holds (one when
 * it is 0), the last one ellipsized, centred vertically in the box (@x,
 * @y, @w, @h). */
void    muster_sheet_draw_fitted  (cairo_t                    *cr,
                                   PangoLayout                *layout,
                                   const PangoFontDescription *font,
                                   const char                 *text,
                                   double                      x,
                                   double                      y,
                                   double                      w,
                                   double                      h,
                                   double                      max_height,
                                   PangoAlignment              align);
/* Text wrapped to @w, top at @y: in at most @max_lines lines, the last
 * one ellipsized, or whole when @max_lines is 0. Returns its height;
 * with @cr NULL it only measures (then @layout may come from
 * muster_sheet_create_measure_layout()). */
double  muster_sheet_draw_lines   (cairo_t                    *cr,
                                   PangoLayout                *layout,
                                   const PangoFontDescription *font,
                                   const char                 *text,
                                   double                      x,
                                   double                      y,
                                   double                      w,
                                   int                         max_lines,
                                   PangoAlignment              align);
/* Draws @layout, set by one of the functions here, its top left at
 * (@x, @y), counting what its text lost. */
void    muster_sheet_show_layout  (cairo_t                    *cr,
                                   PangoLayout                *layout,
                                   double                      x,
                                   double                      y);
/* Lays @text out as muster_sheet_draw_lines() does at @font's own
 * size and returns the layout holding it (@layout, or one it keeps),
 * with its @height, when it fits there whole: in at most @max_lines
 * lines, none wider than @w, nothing cut short; else NULL. Then
 * muster_sheet_fit_size() would give @font's size, and the layout is
 * what drawing at it would lay out. */
PangoLayout *muster_sheet_lay_out_fitting (PangoLayout                *layout,
                                           const PangoFontDescription *font,
                                           const char                 *text,
                                           double                      w,
                                           int                         max_lines,
                                           PangoAlignment              align,
                                           double                     *height);
/* Lets @layout keep a copy of each text muster_sheet_draw_fitted() and
 * muster_sheet_lay_out_fitting() lay out with it, so that the same
 * text in the same font and box is shaped once (a page's turn numbers,
 * stat keys and labels). For a layout only the functions here set:
 * what those two lay out is then in the copies, not in @layout. */
void    muster_sheet_keep_layouts (PangoLayout *layout);
/* The width of @text on one line. */
double  muster_sheet_text_width   (PangoLayout                *layout,
                                   const PangoFontDescription *font,
                                   const char                 *text);

/* Whether @text is letters and digits only ("Active", "10"): a word
 * no line may break inside, as wide as the whole. */
gboolean muster_sheet_text_is_one_word (const char *text);
/* The width of the longest word of @text (between spaces: "4–7" and
 * "Fitzwilliam-Montgomery" are words): the least a column holding it
 * can be without breaking a word. */
double  muster_sheet_longest_word (PangoLayout                *layout,
                                   const PangoFontDescription *font,
                                   const char                 *text);
/* The width of the longest stretch of @text a line may not break
 * inside: as muster_sheet_longest_word(), but "Fitzwilliam-" and
 * "Montgomery" are two. */
double  muster_sheet_longest_unbroken (PangoLayout                *layout,
                                       const PangoFontDescription *font,
                                       const char                 *text);
/* @text with every word wider than @w cut short, with an ellipsis, to
 * fit; NULL when every word fits. Here a word is what Pango may not
 * break a line inside ("Fitzwilliam-" and "Montgomery" are two). The
 * last resort of the text drawing functions, which never break a
 * word. */
char   *muster_sheet_shorten_words (PangoLayout                *layout,
                                    const PangoFontDescription *font,
                                    const char                 *text,
                                    double                      w);

/* The smallest text printed on a list, in points. */
#define MUSTER_SHEET_FONT_FLOOR 6.0
/* How much a font shrinks at a time when text does not fit. */
#define MUSTER_SHEET_SIZE_STEP  0.25

/* The largest size, from @font's down to @least in steps of
 * MUSTER_SHEET_SIZE_STEP, at which @text wrapped by word to @w has no
 * word wider than @w and at most @max_lines lines (any number when 0);
 * @least when none. */
double  muster_sheet_fit_size     (PangoLayout                *layout,
                                   const PangoFontDescription *font,
                                   const char                 *text,
                                   double                      w,
                                   int                         max_lines,
                                   double                      least);
/* Text wrapped by word to @w, top at @y, at the size
 * muster_sheet_fit_size() gives, in at most @max_lines lines (any
 * number when 0); at @least what still does not fit is ellipsized.
 * Returns its height; with @cr NULL it only measures. */
double  muster_sheet_draw_shrunk  (cairo_t                    *cr,
                                   PangoLayout                *layout,
                                   const PangoFontDescription *font,
                                   double                      least,
                                   const char                 *text,
                                   double                      x,
                                   double                      y,
                                   double                      w,
                                   int                         max_lines,
                                   PangoAlignment              align);
/* A table column's width when the columns' natural widths add up to
 * more than @width: between its @minimum and @natural width by what is
 * left over the minimums, or a share of @width when even those do not
 * fit. */
double  muster_sheet_squeeze_width (double natural,
                                    double minimum,
                                    double sum_natural,
                                    double sum_minimum,
                                    double width);

void    muster_sheet_stroke_box   (cairo_t *cr,
                                   double   x,
                                   double   y,
                                   double   w,
                                   double   h,
                                   double   line_width);
void    muster_sheet_fill_box     (cairo_t *cr,
                                   double   x,
                                   double   y,
                                   double   w,
                                   double   h,
                                   double   grey);
void    muster_sheet_line         (cairo_t *cr,
                                   double   x0,
                                   double   y0,
                                   double   x1,
                                   double   y1,
                                   double   line_width);
/* A name, top at @y, in at most @lines lines wrapped by word at the
 * largest size down to @least they allow; a name too long for that
 * takes as few more lines as it needs at @least, up to @max_lines, and
 * is ellipsized only past those. Returns its height. */
double  muster_sheet_draw_name    (cairo_t                    *cr,
                                   PangoLayout                *layout,
                                   const PangoFontDescription *font,
                                   double                      least,
                                   const char                 *text,
                                   double                      x,
                                   double                      y,
                                   double                      w,
                                   int                         lines,
                                   int                         max_lines,
                                   PangoAlignment              align);
/* A label whole in the box (@x, @y, @w, @h), centred vertically:
 * wrapped between words in as many lines as @h holds at @font's size,
 * smaller (down to @least) when a word is wider than @w; at @least what
 * still does not fit is ellipsized. */
void    muster_sheet_draw_label   (cairo_t                    *cr,
                                   PangoLayout                *layout,
                                   const PangoFontDescription *font,
                                   double                      least,
                                   const char                 *text,
                                   double                      x,
                                   double                      y,
                                   double                      w,
                                   double                      h,
                                   PangoAlignment              align);

/* A table's header row: the grey band under its headings, then, once
 * they are written, a rule under it (@bottom_rule thick) and one over it
 * when @top_rule is more than 0. */
void    muster_sheet_draw_header_band  (cairo_t *cr,
                                        double   x,
                                        double   y,
                                        double   w,
                                        double   h);
void    muster_sheet_draw_header_rules (cairo_t *cr,
                                        double   x,
                                        double   y,
                                        double   w,
                                        double   h,
                                        double   top_rule,
                                        double   bottom_rule);
/* Light grey lines to write on, @w long and @step apart, from @y for as
 * long as they stay above @bottom. */
void    muster_sheet_writing_lines (cairo_t *cr,
                                    double   x,
                                    double   w,
                                    double   y,
                                    double   bottom,
                                    double   step);

/* "Page 1 of 3", centred on the last line inside the margins; sheets
 * that number their pages keep MUSTER_SHEET_FOOTER_HEIGHT free for it. */
#define MUSTER_SHEET_FOOTER_HEIGHT 14.0
void    muster_sheet_draw_page_number (cairo_t              *cr,
                                       PangoLayout          *layout,
                                       const MusterPageSize *size,
                                       guint                 page,
                                       guint                 n_pages);

/* What a sheet is drawn from, kept for the sheets by MusterSheet: the
 * campaign's ruleset (the construct-only "ruleset" property) and the
 * characters it prints, in order (of MusterCharacter; none on the
 * Playsheet and the deck). */
MusterRuleset *muster_sheet_get_ruleset    (MusterSheet *self);
GPtrArray     *muster_sheet_get_characters (MusterSheet *self);
/* Adds each of @characters (may be NULL) to the sheet's. */
void           muster_sheet_add_characters (MusterSheet *self,
                                            GPtrArray   *characters);

/* TRUE when @status is a success; else FALSE with @error saying that
 * @path could not be written (or drawn). */
gboolean muster_sheet_check_cairo     (cairo_status_t        status,
                                       const char           *path,
                                       GError              **error);

G_END_DECLS
