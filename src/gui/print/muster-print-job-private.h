/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-campaign.h"
#include "muster-force.h"
#include "muster-print-job.h"

G_BEGIN_DECLS

/* Shared by muster-print-job.c (the job, its settings and the print
 * operation) and muster-print-job-sheets.c (what each sheet prints). */

struct _MusterPrintJob
{
  GObject            parent_instance;

  MusterStore       *store;
  MusterCampaign    *campaign;
  MusterForce       *force;
  GArray            *character_ids;
  GSettings         *settings;

  MusterPrintSheet   sheet;
  MusterPrintScope   scope;
  guint              turns;
  MusterPaper        paper;
  MusterOrientation  orientation;
  GStrv              specials;
  GtkPageSetup      *page_setup;
  GtkPrintSettings  *print_settings;

  /* The running operation and what it draws. */
  GtkPrintOperation *operation;
  MusterSheet       *printing;
  MusterPageSize     printing_size;
  GtkWindow         *parent;
  gboolean           print_after_preview;
};

/* Whether @scope can say whose @sheet to print. */
gboolean   muster_print_job_scope_fits_sheet (MusterPrintJob    *self,
                                              MusterPrintSheet   sheet,
                                              MusterPrintScope   scope);
/* The characters @scope gives the current sheet. */
GPtrArray *muster_print_job_load_characters  (MusterPrintJob    *self,
                                              MusterPrintScope   scope,
                                              GError           **error);

G_END_DECLS
