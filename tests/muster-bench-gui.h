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
/* Types @letter at the end of @entry's text, as a key pressed would, and
 * returns the milliseconds from its ::search-changed for the new text
 * (the entry's typing delay left out) to the next frame painted. */
double  muster_bench_time_letter      (GtkSearchEntry    *entry,
                                       const char        *letter);

/* A GtkColumnView in a window of its own, on GTK's stock models: @items
 * sorted by the view's sorter, then filtered by @filter. */
typedef struct {
  GtkWindow          *window;
  GtkColumnView      *view;
  GtkFilterListModel *filtered;
  GPtrArray          *numbers;   /* of GtkColumnViewColumn showing numbers */
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
/* Sorts the columns of numbers with GTK's numeric sorter instead. */
void             muster_plain_list_sort_numbers (MusterPlainList *self);
void             muster_plain_list_free       (MusterPlainList *self);
/* The visible columns of @view, in order. */
GPtrArray       *muster_bench_visible_columns (GtkColumnView   *view);
/* Sorts @view by @column, ascending then descending, @runs times, in turn
 * with @plain by @plain_column; appends the milliseconds to the next
 * frame to @ours and @baseline and returns the ratio of their medians
 * for this column. */
double           muster_bench_sort_column     (GtkColumnView       *view,
                                               GtkColumnViewColumn *column,
                                               MusterPlainList     *plain,
                                               GtkColumnViewColumn *plain_column,
                                               guint                runs,
                                               GArray              *ours,
                                               GArray              *baseline);

G_END_DECLS
