/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-stats"

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "muster-stats.h"

/* One series of statistics: a table of doubles with keyed, labelled rows
 * and columns. */

typedef struct {
  char            *key;
  char            *label;
  char            *detail;
} Row;

typedef struct {
  char            *key;
  char            *label;
  MusterStatsTone  tone;
} Column;

struct _MusterStatsSeries
{
  GObject               parent_instance;

  char                 *id;
  char                 *title;
  char                 *description;
  MusterStatsKind       kind;
  MusterStatsValueType  value_type;
  char                 *row_title;
  char                 *value_title;
  gint64                force_id;
  char                 *force_name;
  GArray               *rows;     /* of Row */
  GArray               *columns;  /* of Column */
  GArray               *values;   /* of double, a row after another */
};

G_DEFINE_FINAL_TYPE (MusterStatsSeries, muster_stats_series, G_TYPE_OBJECT)

static void
row_clear (gpointer data)
{
  Row *row = data;

  g_free (row->key);
  g_free (row->label);
  g_free (row->detail);
}

static void
column_clear (gpointer data)
{
  Column *column = data;

  g_free (column->key);
  g_free (column->label);
}

static gboolean
is_stacked (MusterStatsKind kind)
{
  return kind == MUSTER_STATS_KIND_AREA || kind == MUSTER_STATS_KIND_BARS ||
         kind == MUSTER_STATS_KIND_RANKING;
}

static void
muster_stats_series_finalize (GObject *object)
{
  MusterStatsSeries *self = MUSTER_STATS_SERIES (object);

  g_free (self->id);
  g_free (self->title);
  g_free (self->description);
  g_free (self->row_title);
  g_free (self->value_title);
  g_free (self->force_name);
  g_array_unref (self->rows);
  g_array_unref (self->columns);
  g_array_unref (self->values);

  G_OBJECT_CLASS (muster_stats_series_parent_class)->finalize (object);
}

static void
muster_stats_series_class_init (MusterStatsSeriesClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_stats_series_finalize;
}

static void
muster_stats_series_init (MusterStatsSeries *self)
{
  self->rows = g_array_new (FALSE, TRUE, sizeof (Row));
  g_array_set_clear_func (self->rows, row_clear);
  self->columns = g_array_new (FALSE, TRUE, sizeof (Column));
  g_array_set_clear_func (self->columns, column_clear);
  self->values = g_array_new (FALSE, FALSE, sizeof (double));
}

/**
 * muster_stats_series_new:
 * @id: the series' id (MUSTER_STATS_STRENGTH ...)
 * @title: what it is called, translated
 * @kind: how it is drawn
 * @value_type: what its numbers are
 * @row_title: what its rows are, translated ("Game")
 * @value_title: what its numbers count, translated ("Men")
 *
 * Returns: (transfer full): a series without rows or columns.
 */
MusterStatsSeries *
muster_stats_series_new (const char           *id,
                         const char           *title,
                         MusterStatsKind       kind,
                         MusterStatsValueType  value_type,
                         const char           *row_title,
                         const char           *value_title)
{
  MusterStatsSeries *self;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (title != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_STATS_SERIES, NULL);
  self->id = g_strdup (id);
  self->title = g_strdup (title);
  self->kind = kind;
  self->value_type = value_type;
  self->row_title = g_strdup (row_title != NULL ? row_title : "");
  self->value_title = g_strdup (value_title != NULL ? value_title : "");
  return self;
}

guint
muster_stats_series_add_column (MusterStatsSeries *self,
                                const char        *key,
                                const char        *label,
                                MusterStatsTone    tone)
{
  Column column;

  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), 0);
  g_return_val_if_fail (key != NULL, 0);
  g_return_val_if_fail (self->rows->len == 0, 0);

  column.key = g_strdup (key);
  column.label = g_strdup (label != NULL ? label : key);
  column.tone = tone;
  g_array_append_val (self->columns, column);
  return self->columns->len - 1;
}

guint
muster_stats_series_add_row (MusterStatsSeries *self,
                             const char        *key,
                             const char        *label,
                             const char        *detail)
{
  Row row;

  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), 0);
  g_return_val_if_fail (key != NULL, 0);

  row.key = g_strdup (key);
  row.label = g_strdup (label != NULL ? label : key);
  row.detail = g_strdup (detail);
  g_array_append_val (self->rows, row);
  for (guint i = 0; i < self->columns->len; i++)
    {
      double missing = NAN;
      g_array_append_val (self->values, missing);
    }
  return self->rows->len - 1;
}

void
muster_stats_series_set_value (MusterStatsSeries *self,
                               guint              row,
                               guint              column,
                               double             value)
{
  g_return_if_fail (MUSTER_IS_STATS_SERIES (self));
  g_return_if_fail (row < self->rows->len);
  g_return_if_fail (column < self->columns->len);

  g_array_index (self->values, double, row * self->columns->len + column) = value;
}

void
muster_stats_series_set_force (MusterStatsSeries *self,
                               gint64             force_id,
                               const char        *force_name)
{
  g_return_if_fail (MUSTER_IS_STATS_SERIES (self));

  self->force_id = force_id;
  g_free (self->force_name);
  self->force_name = g_strdup (force_name);
}

void
muster_stats_series_set_description (MusterStatsSeries *self,
                                     const char        *description)
{
  g_return_if_fail (MUSTER_IS_STATS_SERIES (self));

  g_free (self->description);
  self->description = g_strdup (description);
}

const char *
muster_stats_series_get_id (MusterStatsSeries *self)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), NULL);
  return self->id;
}

const char *
muster_stats_series_get_title (MusterStatsSeries *self)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), NULL);
  return self->title;
}

const char *
muster_stats_series_get_description (MusterStatsSeries *self)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), NULL);
  return self->description != NULL ? self->description : self->title;
}

MusterStatsKind
muster_stats_series_get_kind (MusterStatsSeries *self)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), MUSTER_STATS_KIND_LINES);
  return self->kind;
}

MusterStatsValueType
muster_stats_series_get_value_type (MusterStatsSeries *self)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), MUSTER_STATS_VALUE_COUNT);
  return self->value_type;
}

const char *
muster_stats_series_get_row_title (MusterStatsSeries *self)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), NULL);
  return self->row_title;
}

const char *
muster_stats_series_get_value_title (MusterStatsSeries *self)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), NULL);
  return self->value_title;
}

gint64
muster_stats_series_get_force_id (MusterStatsSeries *self)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), 0);
  return self->force_id;
}

const char *
muster_stats_series_get_force_name (MusterStatsSeries *self)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), NULL);
  return self->force_name;
}

guint
muster_stats_series_get_n_rows (MusterStatsSeries *self)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), 0);
  return self->rows->len;
}

const char *
muster_stats_series_get_row_key (MusterStatsSeries *self,
                                 guint              row)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), NULL);
  g_return_val_if_fail (row < self->rows->len, NULL);
  return g_array_index (self->rows, Row, row).key;
}

const char *
muster_stats_series_get_row_label (MusterStatsSeries *self,
                                   guint              row)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), NULL);
  g_return_val_if_fail (row < self->rows->len, NULL);
  return g_array_index (self->rows, Row, row).label;
}

const char *
muster_stats_series_get_row_detail (MusterStatsSeries *self,
                                    guint              row)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), NULL);
  g_return_val_if_fail (row < self->rows->len, NULL);
  return g_array_index (self->rows, Row, row).detail;
}

guint
muster_stats_series_get_n_columns (MusterStatsSeries *self)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), 0);
  return self->columns->len;
}

const char *
muster_stats_series_get_column_key (MusterStatsSeries *self,
                                    guint              column)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), NULL);
  g_return_val_if_fail (column < self->columns->len, NULL);
  return g_array_index (self->columns, Column, column).key;
}

const char *
muster_stats_series_get_column_label (MusterStatsSeries *self,
                                      guint              column)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), NULL);
  g_return_val_if_fail (column < self->columns->len, NULL);
  return g_array_index (self->columns, Column, column).label;
}

MusterStatsTone
muster_stats_series_get_column_tone (MusterStatsSeries *self,
                                     guint              column)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), MUSTER_STATS_TONE_AUTO);
  g_return_val_if_fail (column < self->columns->len, MUSTER_STATS_TONE_AUTO);
  return g_array_index (self->columns, Column, column).tone;
}

double
muster_stats_series_get_value (MusterStatsSeries *self,
                               guint              row,
                               guint              column)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), NAN);
  g_return_val_if_fail (row < self->rows->len, NAN);
  g_return_val_if_fail (column < self->columns->len, NAN);

  return g_array_index (self->values, double, row * self->columns->len + column);
}

int
muster_stats_series_find_column (MusterStatsSeries *self,
                                 const char        *key)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), -1);

  for (guint i = 0; i < self->columns->len; i++)
    if (g_strcmp0 (g_array_index (self->columns, Column, i).key, key) == 0)
      return (int) i;
  return -1;
}

int
muster_stats_series_find_row (MusterStatsSeries *self,
                              const char        *key)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), -1);

  for (guint i = 0; i < self->rows->len; i++)
    if (g_strcmp0 (g_array_index (self->rows, Row, i).key, key) == 0)
      return (int) i;
  return -1;
}

double
muster_stats_series_get_max (MusterStatsSeries *self)
{
  double max = 0;

  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), 0);

  for (guint r = 0; r < self->rows->len; r++)
    {
      double sum = 0;

      for (guint c = 0; c < self->columns->len; c++)
        {
          double value = muster_stats_series_get_value (self, r, c);

          if (isnan (value) || g_array_index (self->columns, Column, c).tone == MUSTER_STATS_TONE_NOTE)
            continue;
          if (is_stacked (self->kind))
            sum += MAX (value, 0);
          else
            max = MAX (max, value);
        }
      max = MAX (max, sum);
    }
  return max;
}

char *
muster_stats_series_format_value (MusterStatsSeries *self,
                                  double             value)
{
  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), NULL);

  if (isnan (value))
    return g_strdup ("–");
  switch (self->value_type)
    {
    case MUSTER_STATS_VALUE_SHARE:
      /* Translators: a share in per cent, e.g. "45%" */
      return g_strdup_printf (_("%.0f%%"), value * 100);
    case MUSTER_STATS_VALUE_NUMBER:
      return g_strdup_printf ("%.1f", value);
    case MUSTER_STATS_VALUE_COUNT:
    default:
      return g_strdup_printf ("%.0f", value);
    }
}

char *
muster_stats_series_format_plain (MusterStatsSeries *self,
                                  double             value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (MUSTER_IS_STATS_SERIES (self), NULL);

  if (isnan (value))
    return g_strdup ("");
  if (self->value_type == MUSTER_STATS_VALUE_COUNT)
    return g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) llround (value));
  /* Four decimals say a share of a few thousand men exactly enough. */
  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.4g",
                                    round (value * 10000) / 10000));
}

const char *
muster_stats_kind_to_string (MusterStatsKind kind)
{
  switch (kind)
    {
    case MUSTER_STATS_KIND_AREA:    return "area";
    case MUSTER_STATS_KIND_BARS:    return "bars";
    case MUSTER_STATS_KIND_LINES:   return "lines";
    case MUSTER_STATS_KIND_STEP:    return "step";
    case MUSTER_STATS_KIND_MATRIX:  return "matrix";
    case MUSTER_STATS_KIND_RANKING: return "ranking";
    default:                        return "lines";
    }
}
