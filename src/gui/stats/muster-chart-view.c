/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-stats"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-chart-view.h"

#define CHART_HEIGHT 300

struct _MusterChartView
{
  GtkWidget          parent_instance;

  MusterStatsSeries *series;
};

G_DEFINE_FINAL_TYPE (MusterChartView, muster_chart_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SERIES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_color (MusterChartColor *color,
           const GdkRGBA    *rgba,
           double            alpha)
{
  color->red = rgba->red;
  color->green = rgba->green;
  color->blue = rgba->blue;
  color->alpha = rgba->alpha * alpha;
}

/* A named colour of the style (libadwaita's), when it has it. */
static void
lookup_color (GtkStyleContext  *context,
              const char       *name,
              MusterChartColor *color)
{
  GdkRGBA rgba;

  if (gtk_style_context_lookup_color (context, name, &rgba))
    set_color (color, &rgba, 1);
}

static void
muster_chart_view_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  MusterChartView *self = MUSTER_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  MusterChartPalette palette;
  cairo_t *cr;

  if (self->series == NULL || width <= 0 || height <= 0)
    return;
  muster_chart_view_get_palette (self, &palette);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  muster_chart_draw (cr, self->series, &palette, MUSTER_CHART_NO_TITLE, 0, 0, width, height);
  cairo_destroy (cr);
}

static void
muster_chart_view_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 240;
      *natural = 640;
    }
  else
    *minimum = *natural = CHART_HEIGHT;
}

static void
muster_chart_view_css_changed (GtkWidget         *widget,
                               GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (muster_chart_view_parent_class)->css_changed (widget, change);
  /* The colours come from the style: light, dark, another accent. */
  gtk_widget_queue_draw (widget);
}

static void
muster_chart_view_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  MusterChartView *self = MUSTER_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_SERIES:
      g_value_set_object (value, self->series);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_chart_view_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  MusterChartView *self = MUSTER_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_SERIES:
      muster_chart_view_set_series (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_chart_view_dispose (GObject *object)
{
  MusterChartView *self = MUSTER_CHART_VIEW (object);

  g_clear_object (&self->series);
  G_OBJECT_CLASS (muster_chart_view_parent_class)->dispose (object);
}

static void
muster_chart_view_class_init (MusterChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_chart_view_dispose;
  object_class->get_property = muster_chart_view_get_property;
  object_class->set_property = muster_chart_view_set_property;
  widget_class->snapshot = muster_chart_view_snapshot;
  widget_class->measure = muster_chart_view_measure;
  widget_class->css_changed = muster_chart_view_css_changed;

  properties[PROP_SERIES] =
    g_param_spec_object ("series", NULL, NULL, MUSTER_TYPE_STATS_SERIES,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "chart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
muster_chart_view_init (MusterChartView *self)
{
}

GtkWidget *
muster_chart_view_new (void)
{
  return g_object_new (MUSTER_TYPE_CHART_VIEW, NULL);
}

void
muster_chart_view_set_series (MusterChartView   *self,
                              MusterStatsSeries *series)
{
  g_return_if_fail (MUSTER_IS_CHART_VIEW (self));
  g_return_if_fail (series == NULL || MUSTER_IS_STATS_SERIES (series));

  if (!g_set_object (&self->series, series))
    return;
  if (series != NULL)
    {
      const char *description = muster_stats_series_get_description (series);

      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, muster_stats_series_get_title (series),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description ? description : "",
                                      -1);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERIES]);
}

MusterStatsSeries *
muster_chart_view_get_series (MusterChartView *self)
{
  g_return_val_if_fail (MUSTER_IS_CHART_VIEW (self), NULL);

  return self->series;
}

void
muster_chart_view_get_palette (MusterChartView    *self,
                               MusterChartPalette *palette)
{
  GtkStyleContext *context;
  PangoFontDescription *font;
  GdkRGBA foreground;

  g_return_if_fail (MUSTER_IS_CHART_VIEW (self));
  g_return_if_fail (palette != NULL);

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  context = gtk_widget_get_style_context (GTK_WIDGET (self));
  muster_chart_palette_init_print (palette);
  gtk_style_context_get_color (context, &foreground);
  set_color (&palette->background, &foreground, 0);
  set_color (&palette->foreground, &foreground, 1);
  set_color (&palette->grid, &foreground, 0.15);
  set_color (&palette->muted, &foreground, 0.45);
  lookup_color (context, "accent_bg_color", &palette->accent);
  lookup_color (context, "warning_bg_color", &palette->warning);
  lookup_color (context, "error_bg_color", &palette->error);
  palette->series[0] = palette->accent;
  G_GNUC_END_IGNORE_DEPRECATIONS

  font = pango_context_get_font_description (gtk_widget_get_pango_context (GTK_WIDGET (self)));
  if (font != NULL && pango_font_description_get_family (font) != NULL)
    palette->font_family = pango_font_description_get_family (font);
  /* Points of the style's font, in the pixels the chart is drawn in. */
  palette->font_size = 10;
  if (font != NULL && pango_font_description_get_size (font) > 0)
    palette->font_size = pango_font_description_get_size (font) / (double) PANGO_SCALE
                         * (pango_font_description_get_size_is_absolute (font) ? 1 : 96.0 / 72.0);
}
