/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "muster-stats.h"

G_BEGIN_DECLS

/*
 * Charts of statistics (muster-stats.h), drawn with Cairo and Pango onto
 * any cairo_t: the Statistics page's chart widget draws through this, and
 * so does the printed chronicle. Every kind of series has its chart:
 * stacked areas or bars, lines, steps (a survival curve), a matrix shaded
 * by its numbers, and a ranking of bars across; each with its title, a
 * legend, axes with ticks and their titles.
 *
 * The palette says the colours: the GUI gives its style's (light or dark,
 * and the accent colour), print gives muster_chart_palette_init_print()'s.
 * Sizes follow the font size: one user unit is a point on paper or a
 * pixel on screen.
 */

typedef struct {
  double red;
  double green;
  double blue;
  double alpha;
} MusterChartColor;

#define MUSTER_CHART_N_SERIES_COLORS 8

typedef struct {
  MusterChartColor background;  /* alpha 0: nothing is painted behind */
  MusterChartColor foreground;  /* text and axes */
  MusterChartColor grid;        /* the lines across the plot */
  MusterChartColor accent;      /* MUSTER_STATS_TONE_ACCENT, and the matrix */
  MusterChartColor warning;     /* MUSTER_STATS_TONE_WARNING */
  MusterChartColor error;       /* MUSTER_STATS_TONE_ERROR */
  MusterChartColor other;       /* MUSTER_STATS_TONE_OTHER */
  MusterChartColor muted;       /* MUSTER_STATS_TONE_MUTED */
  /* Columns of MUSTER_STATS_TONE_AUTO take these in turn. */
  MusterChartColor series[MUSTER_CHART_N_SERIES_COLORS];
  const char      *font_family; /* NULL: the family the sheets print in */
  double           font_size;   /* of the labels, in user units */
} MusterChartPalette;

typedef enum {
  MUSTER_CHART_DEFAULT  = 0,
  MUSTER_CHART_NO_TITLE = 1 << 0,  /* the title is shown elsewhere (a page's heading) */
} MusterChartFlags;

/* Paper: white, black text, GNOME's blue for the accent, labels of 8
 * points. */
void     muster_chart_palette_init_print (MusterChartPalette       *palette);
/* "#3584e4" or "rgba(53, 132, 228, 0.5)" (what GdkRGBA and CSS say);
 * FALSE when it is neither. */
gboolean muster_chart_color_parse        (MusterChartColor         *color,
                                          const char               *text);

/* The colour column @column of @series is drawn in. */
void     muster_chart_get_column_color   (MusterStatsSeries        *series,
                                          const MusterChartPalette *palette,
                                          guint                     column,
                                          MusterChartColor         *color);

/* Draws @series in the rectangle (@x, @y, @width, @height) of @cr,
 * leaving @cr as it was. A series without rows says there is nothing to
 * show yet. */
void     muster_chart_draw               (cairo_t                  *cr,
                                          MusterStatsSeries        *series,
                                          const MusterChartPalette *palette,
                                          MusterChartFlags          flags,
                                          double                    x,
                                          double                    y,
                                          double                    width,
                                          double                    height);

G_END_DECLS
