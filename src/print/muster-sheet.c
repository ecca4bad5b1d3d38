/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>
#include <gio/gio.h>

#include "muster-pdf-writer.h"
#include "muster-sheet-private.h"

typedef struct
{
  char          *title;
  MusterRuleset *ruleset;
  GPtrArray     *characters;   /* of MusterCharacter */

  /* What the page last drawn could not show. */
  guint          n_cut_texts;
  guint          n_missing_glyphs;
} MusterSheetPrivate;

/* Kept on the cairo_t while a page is drawn: what its text lost. */
typedef struct
{
  guint cut_texts;
  guint missing_glyphs;
} DrawReport;

static cairo_user_data_key_t report_key;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (MusterSheet, muster_sheet, G_TYPE_OBJECT)
G_DEFINE_QUARK (muster-sheet-error-quark, muster_sheet_error)

enum {
  PROP_0,
  PROP_TITLE,
  PROP_RULESET,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Helpers shared by the sheets */

static void
setup_context (PangoContext *context)
{
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (context, options);
  pango_cairo_context_set_resolution (context, 72.0);
  /* Unrounded, text grows in step with its size: a table fitted at one
   * size keeps every word whole at a smaller one. */
  pango_context_set_round_glyph_positions (context, FALSE);
  cairo_font_options_destroy (options);
}

PangoLayout *
muster_sheet_create_layout (cairo_t *cr)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);

  setup_context (pango_layout_get_context (layout));
  pango_layout_context_changed (layout);
  return layout;
}

PangoLayout *
muster_sheet_create_measure_layout (void)
{
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  PangoLayout *layout;

  setup_context (context);
  layout = pango_layout_new (context);
  g_object_unref (context);
  return layout;
}

PangoFontDescription *
muster_sheet_font (double   size,
                   gboolean bold,
                   gboolean italic)
{
  PangoFontDescription *font = pango_font_description_new ();

  pango_font_description_set_family_static (font, MUSTER_SHEET_FAMILY);
  pango_font_description_set_size (font, (int) (size * PANGO_SCALE));
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_style (font, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
  return font;
}

/* Sets @layout to @text, @w wide, in @height (a Pango height: 0 for one
 * line, -N for at most N lines, N > 0 for at most N Pango units) with
 * what does not fit ellipsized; returns the text's height in points.
 * Lines break between words only: a word wider than @w on its own is
 * shortened, with an ellipsis, rather than broken. */
static double
set_text (PangoLayout                *layout,
          const PangoFontDescription *font,
          const char                 *text,
          double                      w,
          int                         height,
          PangoEllipsizeMode          ellipsize,
          PangoAlignment              align)
{
  g_autofree char *shortened = NULL;
  PangoRectangle logical;

  pango_layout_set_font_description (layout, font);
  pango_layout_set_width (layout, (int) (w * PANGO_SCALE));
  pango_layout_set_height (layout, height);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_ellipsize (layout, ellipsize);
  pango_layout_set_single_paragraph_mode (layout, height == 0);
  pango_layout_set_alignment (layout, align);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_extents (layout, NULL, &logical);

  /* Wider than @w only when a word is: that word is shortened. */
  if (height != 0 && logical.width > (int) (w * PANGO_SCALE) + PANGO_SCALE / 4 &&
      (shortened = muster_sheet_shorten_words (layout, font, text, w)) != NULL)
    {
      pango_layout_set_font_description (layout, font);
      pango_layout_set_width (layout, (int) (w * PANGO_SCALE));
      pango_layout_set_height (layout, height);
      pango_layout_set_ellipsize (layout, ellipsize);
      pango_layout_set_single_paragraph_mode (layout, FALSE);
      pango_layout_set_text (layout, shortened, -1);
      pango_layout_get_extents (layout, NULL, &logical);
    }
  g_object_set_data (G_OBJECT (layout), "muster-shortened", GINT_TO_POINTER (shortened != NULL));

  return (double) logical.height / PANGO_SCALE;
}

/* What a Pango context was last set up for with pango_cairo_update_layout(). */
typedef struct
{
  cairo_surface_t *target;
  double           xx, yx, xy, yy;
} CairoState;

/* pango_cairo_update_layout() when @cr is not what @layout's context was
 * last set up for: it marks the context changed even when nothing did,
 * and every layout of the context would then be shaped anew before it
 * is drawn. (Translations do not count, as they do not for Pango.) */
static void
update_layout (cairo_t     *cr,
               PangoLayout *layout)
{
  GObject *context = G_OBJECT (pango_layout_get_context (layout));
  CairoState *last = g_object_get_data (context, "muster-cairo-state");
  cairo_surface_t *target = cairo_get_target (cr);
  cairo_matrix_t matrix;

  cairo_get_matrix (cr, &matrix);
  if (last != NULL && last->target == target &&
      last->xx == matrix.xx && last->yx == matrix.yx && last->xy == matrix.xy && last->yy == matrix.yy)
    return;

  pango_cairo_update_layout (cr, layout);
  if (last == NULL)
    {
      last = g_new0 (CairoState, 1);
      g_object_set_data_full (context, "muster-cairo-state", last, g_free);
    }
  *last = (CairoState) { target, matrix.xx, matrix.yx, matrix.xy, matrix.yy };
}

void
muster_sheet_show_layout (cairo_t     *cr,
                          PangoLayout *layout,
                          double       x,
                          double       y)
{
  DrawReport *report;

  if (cr == NULL)
    return;

  cairo_move_to (cr, x, y);
  update_layout (cr, layout);
  pango_cairo_show_layout (cr, layout);

  report = cairo_get_user_data (cr, &report_key);
  if (report != NULL)
    {
      if (pango_layout_is_ellipsized (layout) ||
          g_object_get_data (G_OBJECT (layout), "muster-shortened") != NULL)
        report->cut_texts++;
      report->missing_glyphs += (guint) pango_layout_get_unknown_glyphs_count (layout);
    }
}

void
muster_sheet_draw_line (cairo_t                    *cr,
                        PangoLayout                *layout,
                        const PangoFontDescription *font,
                        const char                 *text,
                        double                      x,
                        double                      y,
                        double                      w,
                        double                      h,
                        PangoAlignment              align)
{
  muster_sheet_draw_fitted (cr, layout, font, text, x, y, w, h, 0, align);
}

#define KEPT_KEY "muster-kept-layouts"

/* What a kept layout was laid out for: the text, its font, box and
 * alignment. */
typedef struct
{
  PangoFontDescription *font;
  char                 *text;
  double                w;
  int                   height;
  PangoEllipsizeMode    ellipsize;
  PangoAlignment        align;
} KeptKey;

static guint
kept_key_hash (gconstpointer data)
{
  const KeptKey *key = data;

  return g_str_hash (key->text) ^ (pango_font_description_hash (key->font) * 31) ^
         g_double_hash (&key->w) ^ (guint) key->height ^ ((guint) key->ellipsize << 8) ^
         ((guint) key->align << 12);
}

static gboolean
kept_key_equal (gconstpointer a,
                gconstpointer b)
{
  const KeptKey *x = a, *y = b;

  return x->w == y->w && x->height == y->height && x->ellipsize == y->ellipsize &&
         x->align == y->align && strcmp (x->text, y->text) == 0 &&
         pango_font_description_equal (x->font, y->font);
}

static void
kept_key_free (gpointer data)
{
  KeptKey *key = data;

  pango_font_description_free (key->font);
  g_free (key->text);
  g_free (key);
}

void
muster_sheet_keep_layouts (PangoLayout *layout)
{
  g_object_set_data_full (G_OBJECT (layout), KEPT_KEY,
                          g_hash_table_new_full (kept_key_hash, kept_key_equal, kept_key_free, g_object_unref),
                          (GDestroyNotify) g_hash_table_unref);
}

/* set_text() on @layout; or, when @layout keeps what it lays out, on a
 * copy of it kept for the same text, font, box and alignment, laid out
 * only the first time. Returns the layout holding the text. */
static PangoLayout *
set_kept_text (PangoLayout                *layout,
               const PangoFontDescription *font,
               const char                 *text,
               double                      w,
               int                         height,
               PangoEllipsizeMode          ellipsize,
               PangoAlignment              align,
               double                     *text_height)
{
  GHashTable *kept = g_object_get_data (G_OBJECT (layout), KEPT_KEY);
  KeptKey key = { (PangoFontDescription *) font, (char *) text, w, height, ellipsize, align };
  KeptKey *stored;
  PangoLayout *copy;
  PangoRectangle logical;

  if (kept == NULL)
    {
      *text_height = set_text (layout, font, text, w, height, ellipsize, align);
      return layout;
    }

  copy = g_hash_table_lookup (kept, &key);
  if (copy == NULL)
    {
      copy = pango_layout_copy (layout);
      *text_height = set_text (copy, font, text, w, height, ellipsize, align);
      stored = g_new (KeptKey, 1);
      *stored = key;
      stored->font = pango_font_description_copy (font);
      stored->text = g_strdup (text);
      g_hash_table_insert (kept, stored, copy);
      return copy;
    }

  pango_layout_get_extents (copy, NULL, &logical);
  *text_height = (double) logical.height / PANGO_SCALE;
  return copy;
}

void
muster_sheet_draw_fitted (cairo_t                    *cr,
                          PangoLayout                *layout,
                          const PangoFontDescription *font,
                          const char                 *text,
                          double                      x,
                          double                      y,
                          double                      w,
                          double                      h,
                          double                      max_height,
                          PangoAlignment              align)
{
  PangoLayout *shown;
  double height;

  if (text == NULL || *text == '\0' || w <= 0)
    return;

  shown = set_kept_text (layout, font, text, w, (int) (max_height * PANGO_SCALE), PANGO_ELLIPSIZE_END, align, &height);
  muster_sheet_show_layout (cr, shown, x, y + (h - height) / 2.0);
}

double
muster_sheet_draw_lines (cairo_t                    *cr,
                         PangoLayout                *layout,
                         const PangoFontDescription *font,
                         const char                 *text,
                         double                      x,
                         double                      y,
                         double                      w,
                         int                         max_lines,
                         PangoAlignment              align)
{
  double height;

  if (text == NULL || *text == '\0' || w <= 0)
    return 0.0;

  if (max_lines > 0)
    height = set_text (layout, font, text, w, -max_lines, PANGO_ELLIPSIZE_END, align);
  else
    height = set_text (layout, font, text, w, -1, PANGO_ELLIPSIZE_NONE, align);
  muster_sheet_show_layout (cr, layout, x, y);
  return height;
}

PangoLayout *
muster_sheet_lay_out_fitting (PangoLayout                *layout,
                              const PangoFontDescription *font,
                              const char                 *text,
                              double                      w,
                              int                         max_lines,
                              PangoAlignment              align,
                              double                     *height)
{
  PangoLayout *shown;
  PangoRectangle logical;

  /* Text of more than one paragraph may end in lines a limit of lines
   * handles otherwise: left to the longer way. */
  if (text == NULL || *text == '\0' || w <= 0 || max_lines <= 0 || strpbrk (text, "\n\r") != NULL)
    return NULL;

  shown = set_kept_text (layout, font, text, w, -max_lines, PANGO_ELLIPSIZE_END, align, height);
  if (pango_layout_is_ellipsized (shown) ||
      g_object_get_data (G_OBJECT (shown), "muster-shortened") != NULL)
    return NULL;
  pango_layout_get_extents (shown, NULL, &logical);
  return (double) logical.width / PANGO_SCALE <= w + 0.01 ? shown : NULL;
}

double
muster_sheet_text_width (PangoLayout                *layout,
                         const PangoFontDescription *font,
                         const char                 *text)
{
  PangoRectangle logical;

  if (text == NULL || *text == '\0')
    return 0.0;

  pango_layout_set_font_description (layout, font);
  pango_layout_set_width (layout, -1);
  pango_layout_set_height (layout, -1);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_NONE);
  pango_layout_set_single_paragraph_mode (layout, TRUE);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_extents (layout, NULL, &logical);
  return (double) logical.width / PANGO_SCALE;
}

double
muster_sheet_squeeze_width (double natural,
                            double minimum,
                            double sum_natural,
                            double sum_minimum,
                            double width)
{
  if (sum_minimum <= width)
    return minimum + (width - sum_minimum) * (natural - minimum) / (sum_natural - sum_minimum);
  return width * minimum / sum_minimum;
}

void
muster_sheet_stroke_box (cairo_t *cr,
                         double   x,
                         double   y,
                         double   w,
                         double   h,
                         double   line_width)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, line_width);
  cairo_rectangle (cr, x, y, w, h);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
muster_sheet_fill_box (cairo_t *cr,
                       double   x,
                       double   y,
                       double   w,
                       double   h,
                       double   grey)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, grey, grey, grey);
  cairo_rectangle (cr, x, y, w, h);
  cairo_fill (cr);
  cairo_restore (cr);
}

void
muster_sheet_line (cairo_t *cr,
                   double   x0,
                   double   y0,
                   double   x1,
                   double   y1,
                   double   line_width)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, line_width);
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
muster_sheet_draw_header_band (cairo_t *cr,
                               double   x,
                               double   y,
                               double   w,
                               double   h)
{
  muster_sheet_fill_box (cr, x, y, w, h, 0.85);
}

void
muster_sheet_draw_header_rules (cairo_t *cr,
                                double   x,
                                double   y,
                                double   w,
                                double   h,
                                double   top_rule,
                                double   bottom_rule)
{
  if (top_rule > 0)
    muster_sheet_line (cr, x, y, x + w, y, top_rule);
  muster_sheet_line (cr, x, y + h, x + w, y + h, bottom_rule);
}

void
muster_sheet_writing_lines (cairo_t *cr,
                            double   x,
                            double   w,
                            double   y,
                            double   bottom,
                            double   step)
{
  for (double ly = y; ly < bottom; ly += step)
    {
      cairo_save (cr);
      cairo_set_source_rgb (cr, 0.6, 0.6, 0.6);
      cairo_set_line_width (cr, 0.4);
      cairo_move_to (cr, x, ly);
      cairo_line_to (cr, x + w, ly);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
}

void
muster_sheet_draw_page_number (cairo_t              *cr,
                               PangoLayout          *layout,
                               const MusterPageSize *size,
                               guint                 page,
                               guint                 n_pages)
{
  g_autoptr(PangoFontDescription) font = muster_sheet_font (8, FALSE, FALSE);
  g_autofree char *text = NULL;
  double width = size->width - size->margin_left - size->margin_right;

  /* TRANSLATORS: at the foot of a printed sheet */
  text = g_strdup_printf (_("Page %u of %u"), page + 1, n_pages);
  muster_sheet_draw_line (cr, layout, font, text,
                          size->margin_left,
                          size->height - size->margin_bottom - MUSTER_SHEET_FOOTER_HEIGHT,
                          width, MUSTER_SHEET_FOOTER_HEIGHT, PANGO_ALIGN_CENTER);
}

MusterRuleset *
muster_sheet_get_ruleset (MusterSheet *self)
{
  MusterSheetPrivate *priv = muster_sheet_get_instance_private (self);

  return priv->ruleset;
}

GPtrArray *
muster_sheet_get_characters (MusterSheet *self)
{
  MusterSheetPrivate *priv = muster_sheet_get_instance_private (self);

  return priv->characters;
}

void
muster_sheet_add_characters (MusterSheet *self,
                             GPtrArray   *characters)
{
  MusterSheetPrivate *priv = muster_sheet_get_instance_private (self);

  for (guint i = 0; characters != NULL && i < characters->len; i++)
    g_ptr_array_add (priv->characters, g_object_ref (g_ptr_array_index (characters, i)));
}

gboolean
muster_sheet_check_cairo (cairo_status_t   status,
                          const char      *path,
                          GError         **error)
{
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;

  if (status == CAIRO_STATUS_WRITE_ERROR || status == CAIRO_STATUS_FILE_NOT_FOUND)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                 _("Could not write “%s”: check that its folder exists and can be written to (%s)."),
                 path, cairo_status_to_string (status));
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                 _("Could not draw “%s”: %s."), path, cairo_status_to_string (status));
  return FALSE;
}

/* A note on the page that some characters print as boxes: at its foot,
 * under the margin, where the card grid leaves room between its cut
 * marks. */
static void
draw_missing_glyphs_note (cairo_t              *cr,
                          const MusterPageSize *size)
{
  g_autoptr(PangoLayout) layout = muster_sheet_create_layout (cr);
  g_autoptr(PangoFontDescription) font = muster_sheet_font (5.5, FALSE, TRUE);
  double w = MIN (160.0, size->width - size->margin_left - size->margin_right);

  cairo_save (cr);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  muster_sheet_draw_shrunk (cr, layout, font, 4.0,
                            _("Some characters print as boxes: no font installed here has them "
                              "(for emoji, install Noto Color Emoji)."),
                            (size->width - w) / 2.0, size->height - 16.0, w, 2, PANGO_ALIGN_CENTER);
  cairo_restore (cr);
}

/* GObject */

static void
muster_sheet_finalize (GObject *object)
{
  MusterSheetPrivate *priv = muster_sheet_get_instance_private (MUSTER_SHEET (object));

  g_clear_pointer (&priv->title, g_free);
  g_clear_object (&priv->ruleset);
  g_clear_pointer (&priv->characters, g_ptr_array_unref);

  G_OBJECT_CLASS (muster_sheet_parent_class)->finalize (object);
}

static void
muster_sheet_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  MusterSheet *self = MUSTER_SHEET (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, muster_sheet_get_title (self));
      break;

    case PROP_RULESET:
      g_value_set_object (value, muster_sheet_get_ruleset (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_sheet_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  MusterSheet *self = MUSTER_SHEET (object);
  MusterSheetPrivate *priv = muster_sheet_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_TITLE:
      muster_sheet_set_title (self, g_value_get_string (value));
      break;

    case PROP_RULESET:
      priv->ruleset = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_sheet_class_init (MusterSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_sheet_finalize;
  object_class->get_property = muster_sheet_get_property;
  object_class->set_property = muster_sheet_set_property;

  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RULESET] =
    g_param_spec_object ("ruleset", NULL, NULL, MUSTER_TYPE_RULESET,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
muster_sheet_init (MusterSheet *self)
{
  MusterSheetPrivate *priv = muster_sheet_get_instance_private (self);

  priv->characters = g_ptr_array_new_with_free_func (g_object_unref);
}

/* Public */

/**
 * muster_sheet_get_n_pages:
 *
 * Returns: how many pages the sheet needs on @size; at least one.
 */
guint
muster_sheet_get_n_pages (MusterSheet          *self,
                          const MusterPageSize *size)
{
  g_return_val_if_fail (MUSTER_IS_SHEET (self), 0);
  g_return_val_if_fail (size != NULL, 0);

  return MAX (1, MUSTER_SHEET_GET_CLASS (self)->get_n_pages (self, size));
}

/**
 * muster_sheet_draw_page:
 *
 * Draws page @page (counted from 0) onto @cr, whose user space is the
 * paper in points with its origin at the top-left corner. Should some
 * characters have no font (an emoji, with no emoji font installed), a
 * note at the foot of the page says so.
 */
void
muster_sheet_draw_page (MusterSheet          *self,
                        cairo_t              *cr,
                        const MusterPageSize *size,
                        guint                 page)
{
  MusterSheetPrivate *priv = muster_sheet_get_instance_private (self);
  DrawReport report = { 0 };

  g_return_if_fail (MUSTER_IS_SHEET (self));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (size != NULL);

  cairo_save (cr);
  cairo_set_user_data (cr, &report_key, &report, NULL);
  MUSTER_SHEET_GET_CLASS (self)->draw_page (self, cr, size, page);
  cairo_set_user_data (cr, &report_key, NULL, NULL);
  cairo_restore (cr);

  priv->n_cut_texts = report.cut_texts;
  priv->n_missing_glyphs = report.missing_glyphs;
  if (report.missing_glyphs > 0)
    draw_missing_glyphs_note (cr, size);
}

guint
muster_sheet_get_n_cut_texts (MusterSheet *self)
{
  MusterSheetPrivate *priv = muster_sheet_get_instance_private (self);

  g_return_val_if_fail (MUSTER_IS_SHEET (self), 0);

  return priv->n_cut_texts;
}

guint
muster_sheet_get_n_missing_glyphs (MusterSheet *self)
{
  MusterSheetPrivate *priv = muster_sheet_get_instance_private (self);

  g_return_val_if_fail (MUSTER_IS_SHEET (self), 0);

  return priv->n_missing_glyphs;
}

gboolean
muster_sheet_can_turn (MusterSheet *self)
{
  g_return_val_if_fail (MUSTER_IS_SHEET (self), FALSE);

  return MUSTER_SHEET_GET_CLASS (self)->fits_page != NULL;
}

gboolean
muster_sheet_fits_page (MusterSheet          *self,
                        const MusterPageSize *size)
{
  g_return_val_if_fail (MUSTER_IS_SHEET (self), FALSE);
  g_return_val_if_fail (size != NULL, FALSE);

  if (!muster_sheet_can_turn (self))
    return TRUE;
  return MUSTER_SHEET_GET_CLASS (self)->fits_page (self, size);
}

/**
 * muster_sheet_wants_landscape:
 *
 * Returns: whether the sheet is to be printed on @size turned landscape:
 * never for a sheet with a layout of its own, always or never when
 * @orientation says so, and when it is automatic, when the sheet does
 * not fit portrait.
 */
gboolean
muster_sheet_wants_landscape (MusterSheet          *self,
                              const MusterPageSize *size,
                              MusterOrientation     orientation)
{
  MusterPageSize portrait;

  g_return_val_if_fail (MUSTER_IS_SHEET (self), FALSE);
  g_return_val_if_fail (size != NULL, FALSE);

  if (!muster_sheet_can_turn (self))
    return FALSE;

  switch (orientation)
    {
    case MUSTER_ORIENTATION_PORTRAIT:
      return FALSE;

    case MUSTER_ORIENTATION_LANDSCAPE:
      return TRUE;

    case MUSTER_ORIENTATION_AUTOMATIC:
    default:
      portrait = *size;
      if (muster_page_size_is_landscape (&portrait))
        muster_page_size_turn (&portrait);
      return !muster_sheet_fits_page (self, &portrait);
    }
}

void
muster_sheet_orient_page (MusterSheet       *self,
                          MusterPageSize    *size,
                          MusterOrientation  orientation)
{
  g_return_if_fail (MUSTER_IS_SHEET (self));
  g_return_if_fail (size != NULL);

  if (muster_sheet_wants_landscape (self, size, orientation) != muster_page_size_is_landscape (size))
    muster_page_size_turn (size);
}

const char *
muster_sheet_get_title (MusterSheet *self)
{
  MusterSheetPrivate *priv = muster_sheet_get_instance_private (self);

  g_return_val_if_fail (MUSTER_IS_SHEET (self), NULL);

  return priv->title;
}

void
muster_sheet_set_title (MusterSheet *self,
                        const char  *title)
{
  MusterSheetPrivate *priv = muster_sheet_get_instance_private (self);

  g_return_if_fail (MUSTER_IS_SHEET (self));

  if (g_strcmp0 (priv->title, title) == 0)
    return;

  g_free (priv->title);
  priv->title = g_strdup (title);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}

/**
 * muster_sheet_export_pdf_for_size:
 *
 * Writes every page of the sheet, drawn on @size, to a PDF file.
 * The file is written next to @path and renamed over it when complete,
 * so a failed export leaves no half-written file behind.
 */
gboolean
muster_sheet_export_pdf_for_size (MusterSheet          *self,
                                  const MusterPageSize *size,
                                  const char           *path,
                                  GError              **error)
{
  g_autoptr(MusterPdfWriter) writer = NULL;

  g_return_val_if_fail (MUSTER_IS_SHEET (self), FALSE);
  g_return_val_if_fail (size != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  writer = muster_pdf_writer_new (self, size, path, error);
  return writer != NULL && muster_pdf_writer_finish (writer, error);
}

/**
 * muster_sheet_export_pdf:
 *
 * Writes every page to a PDF file on @paper with the default margins,
 * turned landscape when the sheet fits only that way.
 */
gboolean
muster_sheet_export_pdf (MusterSheet  *self,
                         MusterPaper   paper,
                         const char   *path,
                         GError      **error)
{
  MusterPageSize size;

  g_return_val_if_fail (MUSTER_IS_SHEET (self), FALSE);

  muster_page_size_init_for_paper (&size, paper);
  muster_sheet_orient_page (self, &size, MUSTER_ORIENTATION_AUTOMATIC);
  return muster_sheet_export_pdf_for_size (self, &size, path, error);
}

/**
 * muster_sheet_render_page:
 *
 * Returns: (transfer full): a new image surface, @scale pixels to a point,
 * with page @page drawn on white.
 */
cairo_surface_t *
muster_sheet_render_page (MusterSheet          *self,
                          const MusterPageSize *size,
                          guint                 page,
                          double                scale)
{
  cairo_surface_t *surface;
  cairo_t *cr;

  g_return_val_if_fail (MUSTER_IS_SHEET (self), NULL);
  g_return_val_if_fail (size != NULL, NULL);
  g_return_val_if_fail (scale > 0, NULL);

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                        MAX (1, (int) ceil (size->width * scale)),
                                        MAX (1, (int) ceil (size->height * scale)));
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  muster_sheet_draw_page (self, cr, size, page);
  cairo_destroy (cr);

  return surface;
}
