/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* What the GUI benchmarks share: the time from a change to the next frame
 * painted (GdkFrameClock::after-paint), and the plain GTK list they
 * compare Muster's lists with. */

typedef void (*MusterBenchAction) (gpointer data);

/* Runs what is pending and lets the frame clock's throttle pass, so that
 * the next change is painted as soon as it is ready. */
void    muster_bench_settle           (void);
/* Runs @action, then the main context until @widget's frame clock has
 * painted a frame begun after it; returns the milliseconds from the call
 * of @action to that frame. */
double  muster_bench_time_to_paint    (GtkWidget         *widget,
                                       MusterBenchAction  action,
                                       gpointer           data);
/* Puts @text into @entry and returns the milliseconds from its
 * ::search-changed (the entry's typing delay left out) to the next frame
 * painted. */
double  muster_bench_time_search      (GtkSearchEntry    *entry,
                                       const char        *text);

/* A GtkColumnView in a window of its own, on GTK's stock models: @items
 * sorted by the view's sorter, then filtered by @filter. */
typedef struct {
  GtkWindow          *window;
  GtkColumnView      *view;
  GtkFilterListModel *filtered;
} MusterPlainList;

/* Takes @items and @filter; the window is @width by @height. */
MusterPlainList *muster_plain_list_new        (GListModel      *items,
                                               GtkFilter       *filter,
                                               int              width,
                                               int              height);
/* A column of labels showing @expression, sorted by GTK's
 * string sorter or, when @numeric, its numeric sorter. */
GtkColumnViewColumn *muster_plain_list_add_column (MusterPlainList *self,
                                                   const char      *title,
                                                   GtkExpression   *expression,
                                                   gboolean         numeric);
void             muster_plain_list_free       (MusterPlainList *self);
/* The visible columns of @view, in order. */
GPtrArray       *muster_bench_visible_columns (GtkColumnView   *view);
/* Sorts @view by each visible column, ascending then descending, in turn
 * with @plain by its column of the same place; appends the milliseconds
 * to the next frame to @ours and @baseline, one array of each per column
 * (of doubles), and returns the median over the columns of the ratio of
 * their medians. */
double           muster_bench_sort_columns    (GtkColumnView   *view,
                                               MusterPlainList *plain,
                                               guint            runs,
                                               GArray          *ours,
                                               GArray          *baseline);

G_END_DECLS
