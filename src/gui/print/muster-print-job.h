/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-print-dialog.h"
#include "muster-sheet.h"
#include "muster-store.h"

G_BEGIN_DECLS

/* Whose characters a sheet shows. */
typedef enum {
  MUSTER_PRINT_SCOPE_CHARACTERS,
  MUSTER_PRINT_SCOPE_FORCE,
  MUSTER_PRINT_SCOPE_CAMPAIGN,
} MusterPrintScope;

/*
 * What to print and how: the sheet, whose characters, the turns, the
 * paper, and GTK's page setup and print settings (kept in GSettings
 * between runs). It builds the renderer, and runs a GtkPrintOperation
 * whose pages the renderer draws, with Muster's own preview window.
 *
 * Figure Stats, stat cards and the deck take a force's or campaign's
 * active characters; the roster lists everyone, as `muster-cli print`
 * does; the units sheet a force's or campaign's units.
 */
#define MUSTER_TYPE_PRINT_JOB (muster_print_job_get_type ())
G_DECLARE_FINAL_TYPE (MusterPrintJob, muster_print_job, MUSTER, PRINT_JOB, GObject)

MusterPrintJob   *muster_print_job_new              (MusterStore          *store,
                                                     gint64                campaign_id,
                                                     gint64                force_id,
                                                     GArray               *character_ids,
                                                     GError              **error);

MusterPrintSheet  muster_print_job_get_sheet        (MusterPrintJob       *self);
void              muster_print_job_set_sheet        (MusterPrintJob       *self,
                                                     MusterPrintSheet      sheet);
MusterPrintScope  muster_print_job_get_scope        (MusterPrintJob       *self);
void              muster_print_job_set_scope        (MusterPrintJob       *self,
                                                     MusterPrintScope      scope);
guint             muster_print_job_get_turns        (MusterPrintJob       *self);
void              muster_print_job_set_turns        (MusterPrintJob       *self,
                                                     guint                 turns);
MusterPaper       muster_print_job_get_paper        (MusterPrintJob       *self);
/* Also sets the page setup's paper. */
void              muster_print_job_set_paper        (MusterPrintJob       *self,
                                                     MusterPaper           paper);

/* Which way round the roster and the units sheet are printed; the
 * other sheets are always portrait. */
MusterOrientation muster_print_job_get_orientation  (MusterPrintJob       *self);
void              muster_print_job_set_orientation  (MusterPrintJob       *self,
                                                     MusterOrientation     orientation);

gboolean          muster_print_job_has_scope        (MusterPrintJob       *self,
                                                     MusterPrintScope      scope);
/* Whether the campaign's ruleset has @sheet: units for rulesets kept by
 * unit, the deck for those played with one. */
gboolean          muster_print_job_has_sheet        (MusterPrintJob       *self,
                                                     MusterPrintSheet      sheet);
/* The names of the deck's Special Effect cards; blanks are dropped. */
const char * const *muster_print_job_get_specials   (MusterPrintJob       *self);
void              muster_print_job_set_specials     (MusterPrintJob       *self,
                                                     const char * const   *specials);
/* How many units @scope gives the units sheet. */
guint             muster_print_job_count_units      (MusterPrintJob       *self,
                                                     MusterPrintScope      scope,
                                                     GError              **error);
/* How many characters @scope gives the current sheet. */
guint             muster_print_job_count_characters (MusterPrintJob       *self,
                                                     MusterPrintScope      scope,
                                                     GError              **error);
/* NULL without a force. */
const char       *muster_print_job_get_force_name   (MusterPrintJob       *self);
/* The name of @sheet, translated. */
const char       *muster_print_sheet_get_name       (MusterPrintSheet      sheet);
/* "Figure Stats", "Playsheet"…, translated. */
const char       *muster_print_job_get_sheet_name   (MusterPrintJob       *self);
/* "Figure Stats — Campaign.pdf" */
char             *muster_print_job_get_suggested_filename (MusterPrintJob *self);

/* The renderer for the current choices; an error when the sheet needs
 * characters and has none. */
MusterSheet      *muster_print_job_build_sheet      (MusterPrintJob       *self,
                                                     GError              **error);
/* The page the sheet is drawn on: the page setup's paper and orientation,
 * its margins but never less than the sheets' own. */
void              muster_print_job_get_page_size    (MusterPrintJob       *self,
                                                     MusterPageSize       *size);
/* The page @sheet is drawn on: the page setup's paper and margins,
 * turned as the job's orientation and the sheet say. */
void              muster_print_job_get_sheet_page_size (MusterPrintJob    *self,
                                                        MusterSheet       *sheet,
                                                        MusterPageSize    *size);
/* A copy of the page setup, turned as @sheet is printed. */
GtkPageSetup     *muster_print_job_orient_page_setup (MusterPrintJob      *self,
                                                      MusterSheet         *sheet);
void              muster_print_job_page_size_from_setup (GtkPageSetup     *setup,
                                                         double            width,
                                                         double            height,
                                                         MusterPageSize   *size);

GtkPageSetup     *muster_print_job_get_page_setup   (MusterPrintJob       *self);
/* Takes the paper too when it is A4 or Letter. */
void              muster_print_job_set_page_setup   (MusterPrintJob       *self,
                                                     GtkPageSetup         *setup);
GtkPrintSettings *muster_print_job_get_print_settings (MusterPrintJob     *self);
void              muster_print_job_set_print_settings (MusterPrintJob     *self,
                                                       GtkPrintSettings   *settings);
/* Writes the page setup and print settings to GSettings. */
void              muster_print_job_save_settings    (MusterPrintJob       *self);

/*
 * Runs a print operation for @sheet (asynchronously where the platform
 * allows, with a progress dialog). With GTK_PRINT_OPERATION_ACTION_EXPORT
 * the pages go to @export_path. While it runs muster_print_job_is_busy()
 * is TRUE; errors are shown to the user over @parent.
 */
gboolean          muster_print_job_run              (MusterPrintJob          *self,
                                                     MusterSheet             *sheet,
                                                     GtkWindow               *parent,
                                                     GtkPrintOperationAction  action,
                                                     const char              *export_path,
                                                     GError                 **error);
gboolean          muster_print_job_is_busy          (MusterPrintJob       *self);
/* Opens the page setup dialog; the result becomes the job's page setup. */
void              muster_print_job_run_page_setup   (MusterPrintJob       *self,
                                                     GtkWindow            *parent);

G_END_DECLS
