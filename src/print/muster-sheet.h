/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib-object.h>

G_BEGIN_DECLS

/*
 * A page to draw on, in points (1/72 inch), with the margins the sheet
 * keeps clear. A sheet draws with the cairo_t's origin at the top-left
 * corner of the paper and one user unit to a point.
 */
typedef struct {
  double width;
  double height;
  double margin_top;
  double margin_right;
  double margin_bottom;
  double margin_left;
} MusterPageSize;

/* Why a sheet cannot be drawn for what it was given. */
#define MUSTER_SHEET_ERROR (muster_sheet_error_quark ())
GQuark muster_sheet_error_quark (void);

typedef enum {
  MUSTER_SHEET_ERROR_UNSUPPORTED,   /* the campaign's rules have no such sheet */
} MusterSheetError;

typedef enum {
  MUSTER_PAPER_A4,
  MUSTER_PAPER_LETTER,
} MusterPaper;

/* Which way round the paper is: a list sheet (the roster, the units)
 * picks landscape itself when it would need text smaller than it prints
 * in portrait; the other sheets have a portrait layout of their own. */
typedef enum {
  MUSTER_ORIENTATION_AUTOMATIC,
  MUSTER_ORIENTATION_PORTRAIT,
  MUSTER_ORIENTATION_LANDSCAPE,
} MusterOrientation;

/* Fills @size for @paper, portrait, with the default margins. */
void         muster_page_size_init_for_paper (MusterPageSize *size,
                                              MusterPaper     paper);
/* "a4" or "letter" (case does not matter). */
gboolean     muster_paper_from_string        (const char     *text,
                                              MusterPaper    *paper);
const char  *muster_paper_to_string          (MusterPaper     paper);
/* "portrait", "landscape" or "automatic" (case does not matter). */
gboolean     muster_orientation_from_string  (const char         *text,
                                              MusterOrientation  *orientation);
gboolean     muster_page_size_is_landscape   (const MusterPageSize *size);
/* Turns @size a quarter turn: portrait to landscape or back, the
 * margins going round with the paper. */
void         muster_page_size_turn           (MusterPageSize *size);

/*
 * A sheet is a renderer: given its data and a page size it says how many
 * pages it has and draws page N onto any cairo_t (a printer's, a PDF's,
 * an image's). Subclasses implement both virtual functions; every sheet
 * has at least one page.
 */
#define MUSTER_TYPE_SHEET (muster_sheet_get_type ())
G_DECLARE_DERIVABLE_TYPE (MusterSheet, muster_sheet, MUSTER, SHEET, GObject)

struct _MusterSheetClass
{
  GObjectClass parent_class;

  guint (*get_n_pages) (MusterSheet          *self,
                        const MusterPageSize *size);
  void  (*draw_page)   (MusterSheet          *self,
                        cairo_t              *cr,
                        const MusterPageSize *size,
                        guint                 page);
  /* For sheets that may be printed either way round: whether the sheet
   * fits @size without text smaller than it allows. NULL for a sheet
   * with a portrait layout of its own. */
  gboolean (*fits_page) (MusterSheet          *self,
                         const MusterPageSize *size);

  /*< private >*/
  gpointer padding[7];
};

guint            muster_sheet_get_n_pages  (MusterSheet          *self,
                                            const MusterPageSize *size);
void             muster_sheet_draw_page    (MusterSheet          *self,
                                            cairo_t              *cr,
                                            const MusterPageSize *size,
                                            guint                 page);
/* Whether the sheet may be printed landscape (the roster, the units);
 * the others are always portrait. */
gboolean         muster_sheet_can_turn     (MusterSheet          *self);
/* Whether the sheet fits @size with text no smaller than it allows;
 * always TRUE for a sheet with a layout of its own. */
gboolean         muster_sheet_fits_page    (MusterSheet          *self,
                                            const MusterPageSize *size);
/* Whether the sheet is printed landscape on @paper (@size, either way
 * round): never for a sheet that cannot turn; else as @orientation
 * says, and when it is automatic, only when the sheet does not fit
 * portrait. */
gboolean         muster_sheet_wants_landscape (MusterSheet          *self,
                                               const MusterPageSize *size,
                                               MusterOrientation     orientation);
/* Turns @size the way muster_sheet_wants_landscape() says. */
void             muster_sheet_orient_page  (MusterSheet          *self,
                                            MusterPageSize       *size,
                                            MusterOrientation     orientation);
/* What the page drawn last could not show whole: how many texts were
 * cut short with an ellipsis (the last resort of a name too long for
 * its room), and how many characters no installed font has. */
guint            muster_sheet_get_n_cut_texts     (MusterSheet *self);
guint            muster_sheet_get_n_missing_glyphs (MusterSheet *self);
/* The sheet's title, used for the PDF's metadata; may be NULL. */
const char      *muster_sheet_get_title    (MusterSheet          *self);
void             muster_sheet_set_title    (MusterSheet          *self,
                                            const char           *title);

/* Writes every page to a PDF file at @path, on @paper turned as the
 * sheet chooses (MUSTER_ORIENTATION_AUTOMATIC). */
gboolean         muster_sheet_export_pdf   (MusterSheet          *self,
                                            MusterPaper           paper,
                                            const char           *path,
                                            GError              **error);
gboolean         muster_sheet_export_pdf_for_size (MusterSheet          *self,
                                                   const MusterPageSize *size,
                                                   const char           *path,
                                                   GError              **error);
/* Draws page @page on a white image, @scale pixels to a point (a
 * thumbnail, or a preview). Returns a new image surface. */
cairo_surface_t *muster_sheet_render_page  (MusterSheet          *self,
                                            const MusterPageSize *size,
                                            guint                 page,
                                            double                scale);

G_END_DECLS
