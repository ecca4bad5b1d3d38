/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-ruleset.h"
#include "muster-store.h"
#include "muster-types.h"

G_BEGIN_DECLS

/*
 * A campaign's statistics, computed from the store each time they are
 * asked for (never totals kept on the side, so they stay right after an
 * undo, a release, an import or a corrected result). Nothing here writes
 * to the library.
 *
 * Every statistic is a series: a table of numbers with a row for each
 * game (or man, or force) and a named column for each thing counted,
 * with what a chart needs to draw it (its kind, what its numbers are) and
 * what a table needs to show it. The Statistics page, `muster-cli stats`
 * and the printed chronicle all read the same series; doc/statistics.md
 * says what each counts and how.
 */

/* How a series is drawn. */
typedef enum {
  MUSTER_STATS_KIND_AREA,     /* columns stacked as areas, a point a row (a game) */
  MUSTER_STATS_KIND_BARS,     /* columns stacked in a bar a row */
  MUSTER_STATS_KIND_LINES,    /* a line a column */
  MUSTER_STATS_KIND_STEP,     /* a line a column, in steps (a survival curve) */
  MUSTER_STATS_KIND_MATRIX,   /* a cell a row and column, shaded by its number */
  MUSTER_STATS_KIND_RANKING,  /* a bar across a row, columns stacked, first row first */
} MusterStatsKind;

/* What the numbers of a series are. */
typedef enum {
  MUSTER_STATS_VALUE_COUNT,   /* whole numbers: men, games, kills */
  MUSTER_STATS_VALUE_SHARE,   /* 0 to 1, shown as a percentage */
  MUSTER_STATS_VALUE_NUMBER,  /* with a decimal: a median */
} MusterStatsValueType;

/* Which colour a column is drawn in. */
typedef enum {
  MUSTER_STATS_TONE_AUTO,     /* the next of the palette's colours */
  MUSTER_STATS_TONE_ACCENT,   /* the accent colour: the men fit to fight */
  MUSTER_STATS_TONE_WARNING,  /* out of action */
  MUSTER_STATS_TONE_ERROR,    /* dead */
  MUSTER_STATS_TONE_OTHER,    /* captured */
  MUSTER_STATS_TONE_MUTED,    /* retired */
  MUSTER_STATS_TONE_NOTE,     /* not drawn: a number for the table only */
} MusterStatsTone;

/* The series' ids (stable: the command line's --series, TSV and JSON). */
#define MUSTER_STATS_STRENGTH        "strength"
#define MUSTER_STATS_CASUALTIES      "casualties"
#define MUSTER_STATS_SCORE           "score"
#define MUSTER_STATS_KILLS_CAREER    "kills-career"
#define MUSTER_STATS_KILLS_GAME      "kills-game"
#define MUSTER_STATS_KILL_MATRIX     "kill-matrix"
#define MUSTER_STATS_KILLS_ELSEWHERE "kills-elsewhere"
#define MUSTER_STATS_SURVIVAL        "survival"
#define MUSTER_STATS_MEDIAN_GAMES    "median-games"
#define MUSTER_STATS_UNIT_STRENGTH   "unit-strength"
#define MUSTER_STATS_UNIT_MORALE     "unit-morale"

/* How many men the kill leaders name, unless told otherwise. */
#define MUSTER_STATS_LEADERS 10

/*
 * One series. Values are doubles; NAN is a number there is none of (a
 * unit before it took the field, a median not reached), shown as a dash
 * and written as an empty TSV cell or a JSON null. Row and column keys
 * are stable words for tools (a game's number, a force's name, "dead");
 * labels are what people read, translated.
 */
#define MUSTER_TYPE_STATS_SERIES (muster_stats_series_get_type ())
G_DECLARE_FINAL_TYPE (MusterStatsSeries, muster_stats_series, MUSTER, STATS_SERIES, GObject)

/* A new, empty series. @title is translated; @row_title names what the
 * rows are ("Game"), @value_title what the numbers are ("Men"). */
MusterStatsSeries   *muster_stats_series_new            (const char           *id,
                                                         const char           *title,
                                                         MusterStatsKind       kind,
                                                         MusterStatsValueType  value_type,
                                                         const char           *row_title,
                                                         const char           *value_title);
/* Adds a column before any row; returns its index. */
guint                muster_stats_series_add_column     (MusterStatsSeries    *self,
                                                         const char           *key,
                                                         const char           *label,
                                                         MusterStatsTone       tone);
/* Adds a row with every value NAN; returns its index. @detail (nullable)
 * says more than the label, for a table or a tooltip (a game's title). */
guint                muster_stats_series_add_row        (MusterStatsSeries    *self,
                                                         const char           *key,
                                                         const char           *label,
                                                         const char           *detail);
void                 muster_stats_series_set_value      (MusterStatsSeries    *self,
                                                         guint                 row,
                                                         guint                 column,
                                                         double                value);
/* The force the series is about (strength is a series a force), or 0
 * and NULL. */
void                 muster_stats_series_set_force      (MusterStatsSeries    *self,
                                                         gint64                force_id,
                                                         const char           *force_name);
/* One sentence saying what the series counts, translated: a screen
 * reader's description of the chart. */
void                 muster_stats_series_set_description (MusterStatsSeries   *self,
                                                          const char          *description);

const char          *muster_stats_series_get_id          (MusterStatsSeries *self);
const char          *muster_stats_series_get_title       (MusterStatsSeries *self);
const char          *muster_stats_series_get_description (MusterStatsSeries *self);
MusterStatsKind      muster_stats_series_get_kind        (MusterStatsSeries *self);
MusterStatsValueType muster_stats_series_get_value_type  (MusterStatsSeries *self);
const char          *muster_stats_series_get_row_title   (MusterStatsSeries *self);
const char          *muster_stats_series_get_value_title (MusterStatsSeries *self);
gint64               muster_stats_series_get_force_id    (MusterStatsSeries *self);
const char          *muster_stats_series_get_force_name  (MusterStatsSeries *self);
guint                muster_stats_series_get_n_rows      (MusterStatsSeries *self);
const char          *muster_stats_series_get_row_key     (MusterStatsSeries *self,
                                                          guint              row);
const char          *muster_stats_series_get_row_label   (MusterStatsSeries *self,
                                                          guint              row);
/* NULL when the row has no more to say than its label. */
const char          *muster_stats_series_get_row_detail  (MusterStatsSeries *self,
                                                          guint              row);
guint                muster_stats_series_get_n_columns   (MusterStatsSeries *self);
const char          *muster_stats_series_get_column_key  (MusterStatsSeries *self,
                                                          guint              column);
const char          *muster_stats_series_get_column_label (MusterStatsSeries *self,
                                                           guint              column);
MusterStatsTone      muster_stats_series_get_column_tone (MusterStatsSeries *self,
                                                          guint              column);
double               muster_stats_series_get_value       (MusterStatsSeries *self,
                                                          guint              row,
                                                          guint              column);
/* The index of the column or row with @key, or -1. */
int                  muster_stats_series_find_column     (MusterStatsSeries *self,
                                                          const char        *key);
int                  muster_stats_series_find_row        (MusterStatsSeries *self,
                                                          const char        *key);
/* The largest number of the series as it is drawn: of the stacked
 * columns added up for a stacked kind, of any one value for the others;
 * columns of MUSTER_STATS_TONE_NOTE aside. 0 when there is none. */
double               muster_stats_series_get_max         (MusterStatsSeries *self);
/* @value as people read it: "12", "45%", "3.5", or "–" for NAN. */
char                *muster_stats_series_format_value    (MusterStatsSeries *self,
                                                          double             value);
/* The same in the C locale, for TSV: "12", "0.45", "3.5", or "". */
char                *muster_stats_series_format_plain    (MusterStatsSeries *self,
                                                          double             value);

/* "area", "bars", "lines", "step", "matrix" or "ranking". */
const char          *muster_stats_kind_to_string         (MusterStatsKind   kind);

/* --- The campaign's statistics ------------------------------------------- */

/* The ids of the series a campaign of @ruleset has, in the order
 * muster_stats_compute() gives them: the unit series only for a ruleset
 * kept by unit, and unit-morale only when its units have a morale. */
GPtrArray  *muster_stats_list_series_ids (MusterRuleset *ruleset); /* of const char* */

/* Every series of campaign @campaign_id, of @force_id's men and units
 * only, or of the whole campaign with 0; @series_id (nullable) keeps only
 * that series. Strength is one series a force. Of MusterStatsSeries*. */
GPtrArray  *muster_stats_compute         (MusterStore   *store,
                                          gint64         campaign_id,
                                          gint64         force_id,
                                          const char    *series_id,
                                          GError       **error);

/* --- Kaplan-Meier ---------------------------------------------------------- */

/* A man's time: the games he took part in, and whether that time ended
 * (death, struck off or retired) or is still running (censored). */
typedef struct {
  int      time;
  gboolean ended;
} MusterSurvivalTime;

/* The Kaplan-Meier estimate of the share still on the roll after t
 * games, for t from 0 to the longest time of @times: an array of
 * double with that many plus one values (empty when @n is 0). */
GArray     *muster_stats_kaplan_meier    (const MusterSurvivalTime *times,
                                          guint                     n);
/* The median of a curve from muster_stats_kaplan_meier(): the fewest
 * games after which half or fewer are on the roll, or NAN when the curve
 * never comes down to a half. */
double      muster_stats_survival_median (GArray                   *curve);

G_END_DECLS
