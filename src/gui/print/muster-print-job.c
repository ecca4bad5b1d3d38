/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-closure.h"
#include "muster-force.h"
#include "muster-print-job-private.h"
#include "muster-print-preview.h"

/* The sheets' own margins; a page setup may ask for more, never less. */
#define MIN_MARGIN 36.0

G_DEFINE_FINAL_TYPE (MusterPrintJob, muster_print_job, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SHEET,
  PROP_SCOPE,
  PROP_TURNS,
  PROP_PAPER,
  PROP_ORIENTATION,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Helpers */

static MusterPaper
paper_for_size (GtkPaperSize *size,
                gboolean     *known)
{
  const char *name = gtk_paper_size_get_name (size);

  *known = TRUE;
  if (g_strcmp0 (name, GTK_PAPER_NAME_LETTER) == 0)
    return MUSTER_PAPER_LETTER;
  if (g_strcmp0 (name, GTK_PAPER_NAME_A4) == 0)
    return MUSTER_PAPER_A4;

  *known = FALSE;
  return MUSTER_PAPER_A4;
}

static GtkPaperSize *
paper_size_new (MusterPaper paper)
{
  return gtk_paper_size_new (paper == MUSTER_PAPER_LETTER ? GTK_PAPER_NAME_LETTER : GTK_PAPER_NAME_A4);
}

/* The paper to start with: that of the last page setup, once there is
 * one; else the default-paper preference, where the schema has it (it
 * is "the paper when nothing else was chosen"); else the locale's. */
static MusterPaper
initial_paper (MusterPrintJob *self,
               gboolean        have_page_setup)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GtkPaperSize) locale_size = NULL;
  MusterPaper paper;
  gboolean known;

  paper = paper_for_size (gtk_page_setup_get_paper_size (self->page_setup), &known);
  if (have_page_setup && known)
    return paper;

  g_object_get (self->settings, "settings-schema", &schema, NULL);
  if (g_settings_schema_has_key (schema, "default-paper"))
    {
      g_autoptr(GSettingsSchemaKey) key = g_settings_schema_get_key (schema, "default-paper");

      if (g_variant_type_equal (g_settings_schema_key_get_value_type (key), G_VARIANT_TYPE_STRING))
        {
          g_autofree char *name = g_settings_get_string (self->settings, "default-paper");

          if (muster_paper_from_string (name, &paper))
            return paper;
        }
    }

  locale_size = gtk_paper_size_new (NULL);
  return paper_for_size (locale_size, &known);
}

/* Returns whether a page setup had been saved. */
static gboolean
load_settings (MusterPrintJob *self)
{
  g_autoptr(GVariant) setup = g_settings_get_value (self->settings, "page-setup");
  g_autoptr(GVariant) print = g_settings_get_value (self->settings, "print-settings");

  if (g_variant_n_children (setup) > 0)
    self->page_setup = gtk_page_setup_new_from_gvariant (setup);
  if (self->page_setup == NULL)
    self->page_setup = gtk_page_setup_new ();

  if (g_variant_n_children (print) > 0)
    self->print_settings = gtk_print_settings_new_from_gvariant (print);
  if (self->print_settings == NULL)
    self->print_settings = gtk_print_settings_new ();

  return g_variant_n_children (setup) > 0;
}

static void
set_busy (MusterPrintJob    *self,
          GtkPrintOperation *operation)
{
  gboolean was_busy = self->operation != NULL;

  g_set_object (&self->operation, operation);
  if (was_busy != (operation != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
show_error (GtkWindow  *parent,
            const char *heading,
            const char *body)
{
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, heading, body));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Signal callbacks */

static void
on_begin_print (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                MusterPrintJob    *self)
{
  muster_print_job_page_size_from_setup (gtk_print_context_get_page_setup (context),
                                         gtk_print_context_get_width (context),
                                         gtk_print_context_get_height (context),
                                         &self->printing_size);
  gtk_print_operation_set_n_pages (operation,
                                   (int) muster_sheet_get_n_pages (self->printing, &self->printing_size));
}

static void
on_draw_page (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page,
              MusterPrintJob    *self)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  double width = gtk_print_context_get_width (context);

  /* The unit is points and the page is the whole paper, so the context is
   * the renderer's page already; should a backend hand over a context of
   * another size, scale the page to fit its width. */
  if (self->printing_size.width > 0 && ABS (width - self->printing_size.width) > 0.5)
    cairo_scale (cr, width / self->printing_size.width, width / self->printing_size.width);

  muster_sheet_draw_page (self->printing, cr, &self->printing_size, (guint) page);
}

static void
on_preview_print (MusterPrintPreview *preview,
                  MusterPrintJob     *self)
{
  self->print_after_preview = TRUE;
  gtk_window_close (GTK_WINDOW (preview));
}

static void
on_preview_destroy (GtkWidget                *preview,
                    GtkPrintOperationPreview *operation_preview)
{
  gtk_print_operation_preview_end_preview (operation_preview);
}

static gboolean
on_preview (GtkPrintOperation        *operation,
            GtkPrintOperationPreview *operation_preview,
            GtkPrintContext          *context,
            GtkWindow                *parent,
            MusterPrintJob           *self)
{
  MusterPrintPreview *preview;
  MusterPageSize size;
  cairo_surface_t *surface;
  cairo_t *cr;

  /* GTK goes on to paginate for the preview, which measures the context:
   * it needs a cairo context, though Muster's window draws the pages
   * itself. One point to a unit, as on paper. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1, 1);
  cr = cairo_create (surface);
  gtk_print_context_set_cairo_context (context, cr, 72, 72);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  muster_print_job_page_size_from_setup (gtk_print_context_get_page_setup (context),
                                         gtk_print_context_get_width (context),
                                         gtk_print_context_get_height (context),
                                         &size);
  preview = muster_print_preview_new (parent != NULL ? parent : self->parent, self->printing, &size);
  g_signal_connect_object (preview, "print", G_CALLBACK (on_preview_print), self, 0);
  g_signal_connect_data (preview, "destroy", G_CALLBACK (on_preview_destroy),
                         g_object_ref (operation_preview), muster_closure_unref_object, 0);
  gtk_window_present (GTK_WINDOW (preview));

  return TRUE;
}

static void
on_done (GtkPrintOperation       *operation,
         GtkPrintOperationResult  result,
         MusterPrintJob          *self)
{
  g_autoptr(MusterPrintJob) hold = g_object_ref (self);
  g_autoptr(MusterSheet) sheet = g_steal_pointer (&self->printing);
  g_autoptr(GtkWindow) parent = g_steal_pointer (&self->parent);
  gboolean print_again = self->print_after_preview;

  self->print_after_preview = FALSE;

  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      g_autoptr(GError) error = NULL;

      gtk_print_operation_get_error (operation, &error);
      show_error (parent, _("Could Not Print"),
                  error != NULL ? error->message : _("The printer reported an error."));
    }
  else if (result == GTK_PRINT_OPERATION_RESULT_APPLY)
    {
      muster_print_job_set_print_settings (self, gtk_print_operation_get_print_settings (operation));
      muster_print_job_save_settings (self);
    }

  g_signal_handlers_disconnect_by_data (operation, self);
  set_busy (self, NULL);

  if (print_again && result != GTK_PRINT_OPERATION_RESULT_ERROR)
    muster_print_job_run (self, sheet, parent, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, NULL, NULL);
}

static void
on_page_setup_done (GtkPageSetup *setup,
                    gpointer      data)
{
  g_autoptr(MusterPrintJob) self = data;

  if (setup == NULL)
    return;

  muster_print_job_set_page_setup (self, setup);
  muster_print_job_save_settings (self);
}

/* GObject */

static void
muster_print_job_dispose (GObject *object)
{
  MusterPrintJob *self = MUSTER_PRINT_JOB (object);

  if (self->operation != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->operation, self);
      gtk_print_operation_cancel (self->operation);
      g_clear_object (&self->operation);
    }
  g_clear_object (&self->printing);
  g_clear_object (&self->parent);

  G_OBJECT_CLASS (muster_print_job_parent_class)->dispose (object);
}

static void
muster_print_job_finalize (GObject *object)
{
  MusterPrintJob *self = MUSTER_PRINT_JOB (object);

  g_clear_object (&self->store);
  g_clear_object (&self->campaign);
  g_clear_object (&self->force);
  g_clear_pointer (&self->character_ids, g_array_unref);
  g_clear_object (&self->settings);
  g_clear_object (&self->page_setup);
  g_clear_object (&self->print_settings);
  g_clear_pointer (&self->specials, g_strfreev);

  G_OBJECT_CLASS (muster_print_job_parent_class)->finalize (object);
}

static void
muster_print_job_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  MusterPrintJob *self = MUSTER_PRINT_JOB (object);

  switch (prop_id)
    {
    case PROP_SHEET:
      g_value_set_uint (value, self->sheet);
      break;

    case PROP_SCOPE:
      g_value_set_uint (value, self->scope);
      break;

    case PROP_TURNS:
      g_value_set_uint (value, self->turns);
      break;

    case PROP_PAPER:
      g_value_set_uint (value, self->paper);
      break;

    case PROP_ORIENTATION:
      g_value_set_uint (value, self->orientation);
      break;

    case PROP_BUSY:
      g_value_set_boolean (value, muster_print_job_is_busy (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_print_job_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  MusterPrintJob *self = MUSTER_PRINT_JOB (object);

  switch (prop_id)
    {
    case PROP_SHEET:
      muster_print_job_set_sheet (self, g_value_get_uint (value));
      break;

    case PROP_SCOPE:
      muster_print_job_set_scope (self, g_value_get_uint (value));
      break;

    case PROP_TURNS:
      muster_print_job_set_turns (self, g_value_get_uint (value));
      break;

    case PROP_PAPER:
      muster_print_job_set_paper (self, g_value_get_uint (value));
      break;

    case PROP_ORIENTATION:
      muster_print_job_set_orientation (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_print_job_class_init (MusterPrintJobClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = muster_print_job_dispose;
  object_class->finalize = muster_print_job_finalize;
  object_class->get_property = muster_print_job_get_property;
  object_class->set_property = muster_print_job_set_property;

  properties[PROP_SHEET] =
    g_param_spec_uint ("sheet", NULL, NULL, 0, MUSTER_PRINT_CHRONICLE, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SCOPE] =
    g_param_spec_uint ("scope", NULL, NULL, 0, MUSTER_PRINT_SCOPE_CAMPAIGN, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TURNS] =
    g_param_spec_uint ("turns", NULL, NULL, 16, 32, 16,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PAPER] =
    g_param_spec_uint ("paper", NULL, NULL, 0, MUSTER_PAPER_LETTER, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ORIENTATION] =
    g_param_spec_uint ("orientation", NULL, NULL, 0, MUSTER_ORIENTATION_LANDSCAPE, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
muster_print_job_init (MusterPrintJob *self)
{
  self->turns = 16;
}

/* Public */

MusterPrintJob *
muster_print_job_new (MusterStore  *store,
                      gint64        campaign_id,
                      gint64        force_id,
                      GArray       *character_ids,
                      GError      **error)
{
  g_autoptr(MusterPrintJob) self = NULL;
  gboolean have_page_setup;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (MUSTER_TYPE_PRINT_JOB, NULL);
  self->store = g_object_ref (store);
  self->campaign = muster_store_get_campaign (store, campaign_id, error);
  if (self->campaign == NULL)
    return NULL;
  if (force_id > 0 && (self->force = muster_store_get_force (store, force_id, error)) == NULL)
    return NULL;
  if (character_ids != NULL)
    self->character_ids = g_array_ref (character_ids);

  self->settings = g_settings_new (APPLICATION_ID);
  have_page_setup = load_settings (self);
  muster_print_job_set_paper (self, initial_paper (self, have_page_setup));

  if (self->character_ids != NULL)
    self->scope = MUSTER_PRINT_SCOPE_CHARACTERS;
  else if (self->force != NULL)
    self->scope = MUSTER_PRINT_SCOPE_FORCE;
  else
    self->scope = MUSTER_PRINT_SCOPE_CAMPAIGN;

  return g_steal_pointer (&self);
}

MusterPrintSheet
muster_print_job_get_sheet (MusterPrintJob *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_JOB (self), 0);

  return self->sheet;
}

void
muster_print_job_set_sheet (MusterPrintJob   *self,
                            MusterPrintSheet  sheet)
{
  g_return_if_fail (MUSTER_IS_PRINT_JOB (self));
  g_return_if_fail (sheet <= MUSTER_PRINT_CHRONICLE);

  if (self->sheet == sheet)
    return;

  /* The scope first, so that those who follow the sheet see one that
   * fits it. */
  if (!muster_print_job_scope_fits_sheet (self, sheet, self->scope))
    {
      self->scope = self->force != NULL ? MUSTER_PRINT_SCOPE_FORCE : MUSTER_PRINT_SCOPE_CAMPAIGN;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCOPE]);
    }

  self->sheet = sheet;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHEET]);
}

MusterPrintScope
muster_print_job_get_scope (MusterPrintJob *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_JOB (self), 0);

  return self->scope;
}

void
muster_print_job_set_scope (MusterPrintJob   *self,
                            MusterPrintScope  scope)
{
  g_return_if_fail (MUSTER_IS_PRINT_JOB (self));
  g_return_if_fail (muster_print_job_has_scope (self, scope));

  if (self->scope == scope)
    return;

  self->scope = scope;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCOPE]);
}

guint
muster_print_job_get_turns (MusterPrintJob *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_JOB (self), 16);

  return self->turns;
}

void
muster_print_job_set_turns (MusterPrintJob *self,
                            guint           turns)
{
  g_return_if_fail (MUSTER_IS_PRINT_JOB (self));
  g_return_if_fail (turns == 16 || turns == 32);

  if (self->turns == turns)
    return;

  self->turns = turns;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TURNS]);
}

MusterPaper
muster_print_job_get_paper (MusterPrintJob *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_JOB (self), MUSTER_PAPER_A4);

  return self->paper;
}

void
muster_print_job_set_paper (MusterPrintJob *self,
                            MusterPaper     paper)
{
  g_autoptr(GtkPaperSize) size = NULL;
  gboolean known;

  g_return_if_fail (MUSTER_IS_PRINT_JOB (self));
  g_return_if_fail (paper <= MUSTER_PAPER_LETTER);

  if (paper_for_size (gtk_page_setup_get_paper_size (self->page_setup), &known) != paper || !known)
    {
      size = paper_size_new (paper);
      gtk_page_setup_set_paper_size (self->page_setup, size);
    }

  if (self->paper == paper)
    return;

  self->paper = paper;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAPER]);
}

gboolean
muster_print_job_has_scope (MusterPrintJob   *self,
                            MusterPrintScope  scope)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_JOB (self), FALSE);

  switch (scope)
    {
    case MUSTER_PRINT_SCOPE_CHARACTERS:
      return self->character_ids != NULL && muster_print_job_scope_fits_sheet (self, self->sheet, scope);
    case MUSTER_PRINT_SCOPE_FORCE:
      return self->force != NULL;
    case MUSTER_PRINT_SCOPE_CAMPAIGN:
      return TRUE;
    default:
      return FALSE;
    }
}

const char *
muster_print_job_get_force_name (MusterPrintJob *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_JOB (self), NULL);

  return self->force != NULL ? muster_force_get_name (self->force) : NULL;
}

void
muster_print_job_page_size_from_setup (GtkPageSetup   *setup,
                                       double          width,
                                       double          height,
                                       MusterPageSize *size)
{
  g_return_if_fail (GTK_IS_PAGE_SETUP (setup));
  g_return_if_fail (size != NULL);

  size->width = width;
  size->height = height;
  size->margin_top = MAX (MIN_MARGIN, gtk_page_setup_get_top_margin (setup, GTK_UNIT_POINTS));
  size->margin_right = MAX (MIN_MARGIN, gtk_page_setup_get_right_margin (setup, GTK_UNIT_POINTS));
  size->margin_bottom = MAX (MIN_MARGIN, gtk_page_setup_get_bottom_margin (setup, GTK_UNIT_POINTS));
  size->margin_left = MAX (MIN_MARGIN, gtk_page_setup_get_left_margin (setup, GTK_UNIT_POINTS));
}

void
muster_print_job_get_page_size (MusterPrintJob *self,
                                MusterPageSize *size)
{
  g_return_if_fail (MUSTER_IS_PRINT_JOB (self));

  muster_print_job_page_size_from_setup (self->page_setup,
                                         gtk_page_setup_get_paper_width (self->page_setup, GTK_UNIT_POINTS),
                                         gtk_page_setup_get_paper_height (self->page_setup, GTK_UNIT_POINTS),
                                         size);
}

GtkPageSetup *
muster_print_job_get_page_setup (MusterPrintJob *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_JOB (self), NULL);

  return self->page_setup;
}

void
muster_print_job_set_page_setup (MusterPrintJob *self,
                                 GtkPageSetup   *setup)
{
  MusterPaper paper;
  gboolean known;

  g_return_if_fail (MUSTER_IS_PRINT_JOB (self));
  g_return_if_fail (GTK_IS_PAGE_SETUP (setup));

  g_clear_object (&self->page_setup);
  self->page_setup = gtk_page_setup_copy (setup);

  paper = paper_for_size (gtk_page_setup_get_paper_size (setup), &known);
  if (known && paper != self->paper)
    {
      self->paper = paper;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAPER]);
    }
  else if (!known)
    {
      /* The sheets are laid out for A4 and Letter only. */
      g_autoptr(GtkPaperSize) size = paper_size_new (self->paper);

      gtk_page_setup_set_paper_size (self->page_setup, size);
    }
}

GtkPrintSettings *
muster_print_job_get_print_settings (MusterPrintJob *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_JOB (self), NULL);

  return self->print_settings;
}

void
muster_print_job_set_print_settings (MusterPrintJob   *self,
                                     GtkPrintSettings *settings)
{
  g_return_if_fail (MUSTER_IS_PRINT_JOB (self));
  g_return_if_fail (GTK_IS_PRINT_SETTINGS (settings));

  if (settings == self->print_settings)
    return;

  g_clear_object (&self->print_settings);
  self->print_settings = gtk_print_settings_copy (settings);
}

void
muster_print_job_save_settings (MusterPrintJob *self)
{
  g_return_if_fail (MUSTER_IS_PRINT_JOB (self));

  g_settings_set_value (self->settings, "page-setup",
                        gtk_page_setup_to_gvariant (self->page_setup));
  g_settings_set_value (self->settings, "print-settings",
                        gtk_print_settings_to_gvariant (self->print_settings));
}

MusterOrientation
muster_print_job_get_orientation (MusterPrintJob *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_JOB (self), MUSTER_ORIENTATION_AUTOMATIC);

  return self->orientation;
}

void
muster_print_job_set_orientation (MusterPrintJob    *self,
                                  MusterOrientation  orientation)
{
  g_return_if_fail (MUSTER_IS_PRINT_JOB (self));
  g_return_if_fail (orientation <= MUSTER_ORIENTATION_LANDSCAPE);

  if (self->orientation == orientation)
    return;

  self->orientation = orientation;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ORIENTATION]);
}

gboolean
muster_print_job_run (MusterPrintJob           *self,
                      MusterSheet              *sheet,
                      GtkWindow                *parent,
                      GtkPrintOperationAction   action,
                      const char               *export_path,
                      GError                  **error)
{
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autoptr(GtkPageSetup) setup = NULL;
  GtkPrintOperationResult result;

  g_return_val_if_fail (MUSTER_IS_PRINT_JOB (self), FALSE);
  g_return_val_if_fail (MUSTER_IS_SHEET (sheet), FALSE);
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), FALSE);
  g_return_val_if_fail (action != GTK_PRINT_OPERATION_ACTION_EXPORT || export_path != NULL, FALSE);

  if (self->operation != NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                           _("A sheet is being printed already: wait for it to finish."));
      return FALSE;
    }

  operation = gtk_print_operation_new ();
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  setup = muster_print_job_orient_page_setup (self, sheet);
  gtk_print_operation_set_default_page_setup (operation, setup);
  gtk_print_operation_set_print_settings (operation, self->print_settings);
  gtk_print_operation_set_show_progress (operation, TRUE);
  gtk_print_operation_set_allow_async (operation, TRUE);
  gtk_print_operation_set_job_name (operation, muster_sheet_get_title (sheet) != NULL
                                                 ? muster_sheet_get_title (sheet)
                                                 : muster_print_job_get_sheet_name (self));
  if (export_path != NULL)
    gtk_print_operation_set_export_filename (operation, export_path);

  g_signal_connect (operation, "begin-print", G_CALLBACK (on_begin_print), self);
  g_signal_connect (operation, "draw-page", G_CALLBACK (on_draw_page), self);
  g_signal_connect (operation, "preview", G_CALLBACK (on_preview), self);
  g_signal_connect (operation, "done", G_CALLBACK (on_done), self);

  g_set_object (&self->printing, sheet);
  g_set_object (&self->parent, parent);
  set_busy (self, operation);

  result = gtk_print_operation_run (operation, action, parent, error);
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      /* "done" is not emitted when the run fails at once. */
      if (self->operation == operation)
        {
          g_signal_handlers_disconnect_by_data (operation, self);
          g_clear_object (&self->printing);
          g_clear_object (&self->parent);
          set_busy (self, NULL);
        }
      return FALSE;
    }

  return TRUE;
}

gboolean
muster_print_job_is_busy (MusterPrintJob *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_JOB (self), FALSE);

  return self->operation != NULL;
}

void
muster_print_job_run_page_setup (MusterPrintJob *self,
                                 GtkWindow      *parent)
{
  g_return_if_fail (MUSTER_IS_PRINT_JOB (self));

  gtk_print_run_page_setup_dialog_async (parent, self->page_setup, self->print_settings,
                                         on_page_setup_done, g_object_ref (self));
}
