/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "muster-print-preview.h"

struct _MusterPrintPreview
{
  AdwWindow          parent_instance;

  MusterSheet       *sheet;
  MusterPageSize     size;
  guint              page;
  guint              n_pages;
  /* 0 to fit the page in the window, else pixels to a point. */
  double             zoom;
  /* What the page was last drawn at; 0 before it is drawn. */
  double             scale;

  GtkScrolledWindow *scroller;
  GtkDrawingArea    *area;
  GtkLabel          *page_label;
};

G_DEFINE_FINAL_TYPE (MusterPrintPreview, muster_print_preview, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_PAGE,
  PROP_SCALE,
  N_PROPS
};

enum {
  PRINT,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Room round the page, in pixels. */
#define PAD 24.0
#define MIN_ZOOM 0.25
#define MAX_ZOOM 8.0

/* Helpers */

static double
fit_scale (MusterPrintPreview *self,
           int                 area_width,
           int                 area_height)
{
  double width = area_width - 2 * PAD;
  double height = area_height - 2 * PAD;

  if (width <= 0 || height <= 0)
    return 0.05;

  return MAX (0.05, MIN (width / self->size.width, height / self->size.height));
}

static void
update (MusterPrintPreview *self)
{
  g_autofree char *text = NULL;

  /* TRANSLATORS: in the print preview's header bar */
  text = g_strdup_printf (_("Page %u of %u"), self->page + 1, self->n_pages);
  gtk_label_set_text (self->page_label, text);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "preview.previous-page", self->page > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "preview.first-page", self->page > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "preview.next-page", self->page + 1 < self->n_pages);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "preview.last-page", self->page + 1 < self->n_pages);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "preview.zoom-fit", self->zoom > 0);

  if (self->zoom > 0)
    {
      gtk_scrolled_window_set_policy (self->scroller, GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
      gtk_drawing_area_set_content_width (self->area, (int) ceil (self->size.width * self->zoom + 2 * PAD));
      gtk_drawing_area_set_content_height (self->area, (int) ceil (self->size.height * self->zoom + 2 * PAD));
    }
  else
    {
      gtk_scrolled_window_set_policy (self->scroller, GTK_POLICY_NEVER, GTK_POLICY_NEVER);
      gtk_drawing_area_set_content_width (self->area, 0);
      gtk_drawing_area_set_content_height (self->area, 0);
    }

  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

static void
set_zoom (MusterPrintPreview *self,
          double              zoom)
{
  self->zoom = zoom > 0 ? CLAMP (zoom, MIN_ZOOM, MAX_ZOOM) : 0;
  update (self);
}

/* Callbacks */

static void
draw_page (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        data)
{
  MusterPrintPreview *self = data;
  double scale = self->zoom > 0 ? self->zoom : fit_scale (self, width, height);
  double page_width = self->size.width * scale;
  double page_height = self->size.height * scale;
  double x = MAX (PAD, floor ((width - page_width) / 2));
  double y = MAX (PAD, floor ((height - page_height) / 2));

  /* Only a redraw knows the scale to fit: tell those who wait for it. */
  if (scale != self->scale)
    {
      self->scale = scale;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCALE]);
    }

  /* A sheet of paper with a soft shadow on a grey desk. */
  cairo_set_source_rgb (cr, 0.72, 0.72, 0.72);
  cairo_paint (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.18);
  cairo_rectangle (cr, x + 2, y + 3, page_width, page_height);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, x, y, page_width, page_height);
  cairo_fill (cr);

  cairo_rectangle (cr, x, y, page_width, page_height);
  cairo_clip (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, scale, scale);
  muster_sheet_draw_page (self->sheet, cr, &self->size, self->page);
}

static void
previous_page_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  MusterPrintPreview *self = MUSTER_PRINT_PREVIEW (widget);

  if (self->page > 0)
    muster_print_preview_set_page (self, self->page - 1);
}

static void
next_page_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  MusterPrintPreview *self = MUSTER_PRINT_PREVIEW (widget);

  muster_print_preview_set_page (self, self->page + 1);
}

static void
first_page_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  muster_print_preview_set_page (MUSTER_PRINT_PREVIEW (widget), 0);
}

static void
last_page_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  MusterPrintPreview *self = MUSTER_PRINT_PREVIEW (widget);

  muster_print_preview_set_page (self, self->n_pages - 1);
}

static void
zoom_fit_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  set_zoom (MUSTER_PRINT_PREVIEW (widget), 0);
}

static void
zoom_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  MusterPrintPreview *self = MUSTER_PRINT_PREVIEW (widget);

  set_zoom (self, (self->zoom > 0 ? self->zoom : self->scale) * 1.25);
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  MusterPrintPreview *self = MUSTER_PRINT_PREVIEW (widget);

  set_zoom (self, (self->zoom > 0 ? self->zoom : self->scale) / 1.25);
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  g_signal_emit (widget, signals[PRINT], 0);
}

/* GObject */

static void
muster_print_preview_dispose (GObject *object)
{
  MusterPrintPreview *self = MUSTER_PRINT_PREVIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_PRINT_PREVIEW);
  g_clear_object (&self->sheet);

  G_OBJECT_CLASS (muster_print_preview_parent_class)->dispose (object);
}

static void
muster_print_preview_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  MusterPrintPreview *self = MUSTER_PRINT_PREVIEW (object);

  switch (prop_id)
    {
    case PROP_PAGE:
      g_value_set_uint (value, self->page);
      break;

    case PROP_SCALE:
      g_value_set_double (value, self->scale);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_print_preview_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  MusterPrintPreview *self = MUSTER_PRINT_PREVIEW (object);

  switch (prop_id)
    {
    case PROP_PAGE:
      muster_print_preview_set_page (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_print_preview_class_init (MusterPrintPreviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_print_preview_dispose;
  object_class->get_property = muster_print_preview_get_property;
  object_class->set_property = muster_print_preview_set_property;

  properties[PROP_PAGE] =
    g_param_spec_uint ("page", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * MusterPrintPreview:scale:
   *
   * Pixels to a point the page was last drawn at, 0 before it is drawn;
   * notified when a redraw changes it.
   */
  properties[PROP_SCALE] =
    g_param_spec_double ("scale", NULL, NULL, 0, G_MAXDOUBLE, 0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MusterPrintPreview::print:
   *
   * The user asked to print what the preview shows.
   */
  signals[PRINT] = g_signal_new ("print", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/muster-print-preview.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterPrintPreview, scroller);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintPreview, area);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintPreview, page_label);

  gtk_widget_class_install_action (widget_class, "preview.previous-page", NULL, previous_page_action);
  gtk_widget_class_install_action (widget_class, "preview.next-page", NULL, next_page_action);
  gtk_widget_class_install_action (widget_class, "preview.first-page", NULL, first_page_action);
  gtk_widget_class_install_action (widget_class, "preview.last-page", NULL, last_page_action);
  gtk_widget_class_install_action (widget_class, "preview.zoom-fit", NULL, zoom_fit_action);
  gtk_widget_class_install_action (widget_class, "preview.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "preview.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "preview.print", NULL, print_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "preview.previous-page", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Page_Up, 0, "preview.previous-page", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "preview.next-page", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Page_Down, 0, "preview.next-page", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "preview.first-page", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, 0, "preview.last-page", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "preview.zoom-fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "preview.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "preview.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, GDK_CONTROL_MASK, "preview.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "preview.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, GDK_CONTROL_MASK, "preview.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "preview.print", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
muster_print_preview_init (MusterPrintPreview *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_drawing_area_set_draw_func (self->area, draw_page, self, NULL);
}

/* Public */

MusterPrintPreview *
muster_print_preview_new (GtkWindow            *parent,
                          MusterSheet          *sheet,
                          const MusterPageSize *size)
{
  MusterPrintPreview *self;
  g_autofree char *title = NULL;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (MUSTER_IS_SHEET (sheet), NULL);
  g_return_val_if_fail (size != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_PRINT_PREVIEW,
                       "transient-for", parent,
                       NULL);
  self->sheet = g_object_ref (sheet);
  self->size = *size;
  self->n_pages = muster_sheet_get_n_pages (sheet, size);

  if (muster_sheet_get_title (sheet) != NULL)
    {
      /* TRANSLATORS: the preview window's title; %s is what is printed */
      title = g_strdup_printf (_("Print Preview — %s"), muster_sheet_get_title (sheet));
      gtk_window_set_title (GTK_WINDOW (self), title);
    }

  update (self);
  return self;
}

guint
muster_print_preview_get_page (MusterPrintPreview *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_PREVIEW (self), 0);

  return self->page;
}

void
muster_print_preview_set_page (MusterPrintPreview *self,
                               guint               page)
{
  g_return_if_fail (MUSTER_IS_PRINT_PREVIEW (self));

  page = MIN (page, self->n_pages - 1);
  if (page == self->page)
    return;

  self->page = page;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAGE]);
}

guint
muster_print_preview_get_n_pages (MusterPrintPreview *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_PREVIEW (self), 0);

  return self->n_pages;
}

double
muster_print_preview_get_scale (MusterPrintPreview *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_PREVIEW (self), 0);

  return self->scale;
}
