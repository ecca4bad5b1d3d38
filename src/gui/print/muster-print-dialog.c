/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-a11y.h"
#include "muster-closure.h"
#include "muster-names.h"
#include "muster-print-dialog-private.h"
#include "muster-print-export.h"
#include "muster-toasts.h"
#include "muster-window.h"

struct _MusterPrintDialog
{
  AdwWindow        parent_instance;

  MusterPrintJob  *job;
  MusterSheet     *sheet;
  guint            n_pages;
  GtkStringList   *sheets;
  MusterPrintSheet sheet_at[MUSTER_PRINT_CHRONICLE + 1];
  guint            n_sheets;
  GtkStringList   *scopes;
  MusterPrintScope scope_at[3];
  gboolean         updating;

  GCancellable    *export_cancellable;
  char            *export_path;

  AdwToastOverlay *toast_overlay;
  AdwComboRow     *sheet_row;
  AdwComboRow     *scope_row;
  AdwComboRow     *turns_row;
  AdwEntryRow     *specials_row;
  AdwComboRow     *paper_row;
  AdwComboRow     *orientation_row;
  AdwActionRow    *summary_row;
  GtkImage        *summary_icon;
  GtkWidget       *progress_box;
  GtkProgressBar  *progress_bar;
  GtkWidget       *buttons_box;
};

G_DEFINE_FINAL_TYPE (MusterPrintDialog, muster_print_dialog, ADW_TYPE_WINDOW)

/* Helpers */

static void
show_error (MusterPrintDialog *self,
            const char        *heading,
            const char        *body)
{
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
update_actions (MusterPrintDialog *self)
{
  gboolean exporting = self->export_cancellable != NULL;
  gboolean printable = self->sheet != NULL && !exporting;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "print.print",
                                 printable && !muster_print_job_is_busy (self->job));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "print.preview", printable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "print.export", printable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "print.page-setup", !exporting);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "print.cancel-export", exporting);
}

/* The sheets the campaign's rules have: the units sheet for rulesets
 * kept by unit, the deck for those played with one. */
static void
fill_sheets (MusterPrintDialog *self)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  self->n_sheets = 0;
  for (MusterPrintSheet sheet = MUSTER_PRINT_FIGURE_STATS; sheet <= MUSTER_PRINT_CHRONICLE; sheet++)
    if (muster_print_job_has_sheet (self->job, sheet))
      {
        self->sheet_at[self->n_sheets++] = sheet;
        g_ptr_array_add (names, (gpointer) muster_print_sheet_get_name (sheet));
      }
  g_ptr_array_add (names, NULL);

  self->updating = TRUE;
  gtk_string_list_splice (self->sheets, 0, g_list_model_get_n_items (G_LIST_MODEL (self->sheets)),
                          (const char * const *) names->pdata);
  self->updating = FALSE;
}

static guint
sheet_position (MusterPrintDialog *self,
                MusterPrintSheet   sheet)
{
  for (guint i = 0; i < self->n_sheets; i++)
    if (self->sheet_at[i] == sheet)
      return i;
  return 0;
}

/* Said in place of a count: printing what cannot be counted would print
 * nothing, or not everything. */
static char *
counting_failed (const GError *error)
{
  /* Translators: why the library could not be read, e.g. “disk I/O error” */
  return g_strdup_printf (_("What would be printed could not be read (%s)"), error->message);
}

static char *
units_label (MusterPrintDialog *self,
             MusterPrintScope   scope)
{
  g_autoptr(GError) error = NULL;
  guint n = muster_print_job_count_units (self->job, scope, &error);

  if (error != NULL)
    return counting_failed (error);

  if (scope == MUSTER_PRINT_SCOPE_FORCE)
    /* TRANSLATORS: %s is a force's name, %u how many units it has */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The force %s (%u unit)",
                                      "The force %s (%u units)", n),
                            muster_print_job_get_force_name (self->job), n);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The whole campaign (%u unit)",
                                    "The whole campaign (%u units)", n), n);
}

static char *
scope_label (MusterPrintDialog *self,
             MusterPrintScope   scope)
{
  g_autoptr(GError) error = NULL;
  guint n;

  if (muster_print_job_get_sheet (self->job) == MUSTER_PRINT_UNITS)
    return units_label (self, scope);

  n = muster_print_job_count_characters (self->job, scope, &error);
  if (error != NULL)
    return counting_failed (error);

  switch (scope)
    {
    case MUSTER_PRINT_SCOPE_CHARACTERS:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The chosen character (%u)",
                                        "The chosen characters (%u)", n), n);
    case MUSTER_PRINT_SCOPE_FORCE:
      /* TRANSLATORS: %s is a force's name, %u how many characters it has */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The force %s (%u character)",
                                        "The force %s (%u characters)", n),
                              muster_print_job_get_force_name (self->job), n);
    case MUSTER_PRINT_SCOPE_CAMPAIGN:
    default:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The whole campaign (%u character)",
                                        "The whole campaign (%u characters)", n), n);
    }
}

/* The counts depend on the sheet (the roster lists everyone, the others
 * the active characters only), so the labels follow it. */
static void
update_scopes (MusterPrintDialog *self)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  MusterPrintScope current = muster_print_job_get_scope (self->job);
  guint n_scopes = 0;
  guint selected = 0;

  for (MusterPrintScope scope = MUSTER_PRINT_SCOPE_CHARACTERS; scope <= MUSTER_PRINT_SCOPE_CAMPAIGN; scope++)
    {
      if (!muster_print_job_has_scope (self->job, scope))
        continue;
      if (scope == current)
        selected = n_scopes;
      self->scope_at[n_scopes++] = scope;
      g_ptr_array_add (labels, scope_label (self, scope));
    }
  g_ptr_array_add (labels, NULL);

  self->updating = TRUE;
  gtk_string_list_splice (self->scopes, 0, g_list_model_get_n_items (G_LIST_MODEL (self->scopes)),
                          (const char * const *) labels->pdata);
  adw_combo_row_set_selected (self->scope_row, selected);
  self->updating = FALSE;
}

static void
update_summary (MusterPrintDialog *self)
{
  g_autoptr(GError) error = NULL;
  MusterPrintSheet kind = muster_print_job_get_sheet (self->job);
  MusterPageSize size;

  g_clear_object (&self->sheet);
  self->n_pages = 0;

  self->updating = TRUE;
  adw_combo_row_set_selected (self->sheet_row, sheet_position (self, kind));
  adw_combo_row_set_selected (self->turns_row, muster_print_job_get_turns (self->job) == 32 ? 1 : 0);
  adw_combo_row_set_selected (self->paper_row, muster_print_job_get_paper (self->job));
  adw_combo_row_set_selected (self->orientation_row, muster_print_job_get_orientation (self->job));
  self->updating = FALSE;

  gtk_widget_set_visible (GTK_WIDGET (self->turns_row), kind == MUSTER_PRINT_FIGURE_STATS);
  /* The chronicle tells the whole campaign: nobody to pick. */
  gtk_widget_set_visible (GTK_WIDGET (self->scope_row), kind != MUSTER_PRINT_PLAYSHEET && kind != MUSTER_PRINT_CHRONICLE);
  gtk_widget_set_visible (GTK_WIDGET (self->specials_row), kind == MUSTER_PRINT_DECK);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->scope_row),
                                 kind == MUSTER_PRINT_UNITS ? _("_Units") : _("_Characters"));

  self->sheet = muster_print_job_build_sheet (self->job, &error);
  /* The list sheets may turn; the others have a portrait layout. */
  gtk_widget_set_visible (GTK_WIDGET (self->orientation_row),
                          self->sheet != NULL && muster_sheet_can_turn (self->sheet));
  if (self->sheet != NULL)
    {
      g_autofree char *title = NULL;

      muster_print_job_get_sheet_page_size (self->job, self->sheet, &size);
      self->n_pages = muster_sheet_get_n_pages (self->sheet, &size);
      title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u page", "%u pages", self->n_pages), self->n_pages);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->summary_row), title);
      adw_action_row_set_subtitle (self->summary_row,
                                   size.width > size.height ? _("Landscape") : _("Portrait"));
      gtk_image_set_from_icon_name (self->summary_icon, "document-print-symbolic");
      gtk_widget_remove_css_class (GTK_WIDGET (self->summary_row), "error");
    }
  else
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->summary_row), _("Nothing to Print"));
      adw_action_row_set_subtitle (self->summary_row, error->message);
      gtk_image_set_from_icon_name (self->summary_icon, "dialog-warning-symbolic");
      gtk_widget_add_css_class (GTK_WIDGET (self->summary_row), "error");
    }

  update_actions (self);
}

static void
set_exporting (MusterPrintDialog *self,
               gboolean           exporting)
{
  if (!exporting)
    g_clear_object (&self->export_cancellable);
  else if (self->export_cancellable == NULL)
    self->export_cancellable = g_cancellable_new ();

  gtk_widget_set_visible (self->progress_box, exporting);
  gtk_widget_set_visible (self->buttons_box, !exporting);
  gtk_widget_set_sensitive (GTK_WIDGET (self->sheet_row), !exporting);
  gtk_widget_set_sensitive (GTK_WIDGET (self->scope_row), !exporting);
  gtk_widget_set_sensitive (GTK_WIDGET (self->turns_row), !exporting);
  gtk_widget_set_sensitive (GTK_WIDGET (self->specials_row), !exporting);
  gtk_widget_set_sensitive (GTK_WIDGET (self->paper_row), !exporting);
  gtk_widget_set_sensitive (GTK_WIDGET (self->orientation_row), !exporting);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_progress_bar_set_text (self->progress_bar, NULL);
  update_actions (self);
}

/* Callbacks */

static void
on_job_changed (MusterPrintDialog *self,
                GParamSpec        *pspec,
                MusterPrintJob    *job)
{
  if (g_strcmp0 (pspec->name, "sheet") == 0)
    update_scopes (self);
  update_summary (self);
}

static void
on_job_busy (MusterPrintDialog *self)
{
  update_actions (self);
}

static void
on_sheet_selected (MusterPrintDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->sheet_row);

  if (!self->updating && selected < self->n_sheets)
    muster_print_job_set_sheet (self->job, self->sheet_at[selected]);
}

static void
on_specials_changed (MusterPrintDialog *self)
{
  g_auto(GStrv) names = g_strsplit (gtk_editable_get_text (GTK_EDITABLE (self->specials_row)), ",", -1);

  muster_print_job_set_specials (self->job, (const char * const *) names);
  update_summary (self);
}

static void
on_scope_selected (MusterPrintDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->scope_row);

  if (!self->updating && selected < g_list_model_get_n_items (G_LIST_MODEL (self->scopes)))
    muster_print_job_set_scope (self->job, self->scope_at[selected]);
}

static void
on_turns_selected (MusterPrintDialog *self)
{
  if (!self->updating)
    muster_print_job_set_turns (self->job, adw_combo_row_get_selected (self->turns_row) == 1 ? 32 : 16);
}

static void
on_paper_selected (MusterPrintDialog *self)
{
  if (!self->updating)
    muster_print_job_set_paper (self->job, adw_combo_row_get_selected (self->paper_row));
}

static void
on_orientation_selected (MusterPrintDialog *self)
{
  if (!self->updating)
    muster_print_job_set_orientation (self->job, adw_combo_row_get_selected (self->orientation_row));
}

static void
on_export_progress (guint    done,
                    guint    n_pages,
                    gpointer data)
{
  MusterPrintDialog *self = data;
  g_autofree char *text = NULL;

  /* TRANSLATORS: on the progress bar while a PDF is written */
  text = g_strdup_printf (_("Page %u of %u"), done, n_pages);
  gtk_progress_bar_set_text (self->progress_bar, text);
  gtk_progress_bar_set_fraction (self->progress_bar, n_pages > 0 ? (double) done / n_pages : 1.0);
}

static void
on_toast_open (AdwToast *toast,
               GFile    *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  GtkApplication *app = GTK_APPLICATION (g_application_get_default ());
  GtkWindow *window = app != NULL ? gtk_application_get_active_window (app) : NULL;

  gtk_show_uri (window, uri, GDK_CURRENT_TIME);
}

static void
on_export_done (GObject      *object,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr(MusterPrintDialog) self = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *basename = NULL;
  GtkWindow *parent;
  AdwToast *toast;

  muster_print_export_finish (result, &error);
  set_exporting (self, FALSE);

  if (error != NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_error (self, _("Could Not Export the PDF"), error->message);
      else
        muster_toasts_add (self->toast_overlay, adw_toast_new (_("Export cancelled")));
      return;
    }

  file = g_file_new_for_path (self->export_path);
  basename = g_file_get_basename (file);
  /* TRANSLATORS: %s is the file's name */
  toast = adw_toast_new_format (_("Exported “%s”"), basename);
  adw_toast_set_button_label (toast, _("_Open"));
  g_signal_connect_data (toast, "button-clicked", G_CALLBACK (on_toast_open),
                         g_steal_pointer (&file), muster_closure_unref_object, 0);

  parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  if (parent != NULL && MUSTER_IS_WINDOW (parent))
    {
      muster_window_show_toast (MUSTER_WINDOW (parent), toast);
      gtk_window_close (GTK_WINDOW (self));
    }
  else
    muster_toasts_add (self->toast_overlay, toast);
}

static void
on_export_chosen (GtkNativeDialog   *chooser,
                  int                response,
                  MusterPrintDialog *self)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autofree char *basename = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_object_unref (chooser);

  if (file == NULL)
    return;

  path = g_file_get_path (file);
  if (path == NULL)
    {
      show_error (self, _("Could Not Export the PDF"),
                  _("The chosen place is not a local folder: choose a folder on this computer."));
      return;
    }

  /* A name typed without an extension still gives a PDF others can open. */
  basename = g_file_get_basename (file);
  if (strchr (basename, '.') == NULL)
    {
      char *with_pdf = g_strconcat (path, ".pdf", NULL);

      g_free (path);
      path = with_pdf;
    }

  muster_print_dialog_export_to (self, path);
}

static void
on_preview_print (MusterPrintPreview *preview,
                  MusterPrintDialog  *self)
{
  gtk_window_close (GTK_WINDOW (preview));
  gtk_widget_activate_action (GTK_WIDGET (self), "print.print", NULL);
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  MusterPrintDialog *self = MUSTER_PRINT_DIALOG (widget);
  g_autoptr(GError) error = NULL;

  if (self->sheet == NULL)
    return;

  if (!muster_print_job_run (self->job, self->sheet, GTK_WINDOW (self),
                             GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, NULL, &error))
    show_error (self, _("Could Not Print"), error->message);
}

static void
preview_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  muster_print_dialog_open_preview (MUSTER_PRINT_DIALOG (widget));
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MusterPrintDialog *self = MUSTER_PRINT_DIALOG (widget);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = muster_print_job_get_suggested_filename (self->job);
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_("Export PDF"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);

  gtk_file_filter_set_name (filter, _("PDF documents"));
  gtk_file_filter_add_mime_type (filter, "application/pdf");
  gtk_file_filter_add_suffix (filter, "pdf");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);

  g_signal_connect (chooser, "response", G_CALLBACK (on_export_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
cancel_export_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  MusterPrintDialog *self = MUSTER_PRINT_DIALOG (widget);

  if (self->export_cancellable != NULL)
    g_cancellable_cancel (self->export_cancellable);
}

static void
page_setup_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  MusterPrintDialog *self = MUSTER_PRINT_DIALOG (widget);

  muster_print_job_run_page_setup (self->job, GTK_WINDOW (self));
}

/* GObject */

static void
muster_print_dialog_dispose (GObject *object)
{
  MusterPrintDialog *self = MUSTER_PRINT_DIALOG (object);

  if (self->export_cancellable != NULL)
    g_cancellable_cancel (self->export_cancellable);

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_PRINT_DIALOG);

  if (self->job != NULL)
    g_signal_handlers_disconnect_by_data (self->job, self);
  g_clear_object (&self->job);
  g_clear_object (&self->sheet);
  g_clear_object (&self->export_cancellable);
  g_clear_pointer (&self->export_path, g_free);

  G_OBJECT_CLASS (muster_print_dialog_parent_class)->dispose (object);
}

static void
muster_print_dialog_class_init (MusterPrintDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_print_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/muster-print-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterPrintDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintDialog, sheet_row);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintDialog, scope_row);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintDialog, scopes);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintDialog, sheets);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintDialog, turns_row);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintDialog, specials_row);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintDialog, paper_row);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintDialog, orientation_row);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintDialog, summary_row);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintDialog, summary_icon);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintDialog, progress_box);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, MusterPrintDialog, buttons_box);
  gtk_widget_class_bind_template_callback (widget_class, on_sheet_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_scope_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_turns_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_specials_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_paper_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_orientation_selected);

  gtk_widget_class_install_action (widget_class, "print.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "print.preview", NULL, preview_action);
  gtk_widget_class_install_action (widget_class, "print.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "print.cancel-export", NULL, cancel_export_action);
  gtk_widget_class_install_action (widget_class, "print.page-setup", NULL, page_setup_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "print.print", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "print.preview", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, "print.export", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
muster_print_dialog_init (MusterPrintDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  /* Each choice is read whole, never cut to "16 t…". */
  muster_names_fit_combo_row (self->sheet_row);
  muster_names_fit_combo_row (self->scope_row);
  muster_names_fit_combo_row (self->turns_row);
  muster_names_fit_combo_row (self->paper_row);
}

/* Public */

MusterPrintDialog *
muster_print_dialog_new (GtkWindow         *parent,
                         MusterStore       *store,
                         gint64             campaign_id,
                         gint64             force_id,
                         GArray            *character_ids,
                         MusterPrintSheet   sheet,
                         GError           **error)
{
  g_autoptr(MusterPrintJob) job = NULL;
  MusterPrintDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  job = muster_print_job_new (store, campaign_id, force_id, character_ids, error);
  if (job == NULL)
    return NULL;
  muster_print_job_set_sheet (job, muster_print_job_has_sheet (job, sheet) ? sheet : MUSTER_PRINT_FIGURE_STATS);

  self = g_object_new (MUSTER_TYPE_PRINT_DIALOG,
                       "transient-for", parent,
                       "modal", parent != NULL,
                       NULL);
  self->job = g_steal_pointer (&job);
  g_signal_connect_object (self->job, "notify::sheet", G_CALLBACK (on_job_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->job, "notify::scope", G_CALLBACK (on_job_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->job, "notify::turns", G_CALLBACK (on_job_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->job, "notify::paper", G_CALLBACK (on_job_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->job, "notify::orientation", G_CALLBACK (on_job_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->job, "notify::busy", G_CALLBACK (on_job_busy), self, G_CONNECT_SWAPPED);

  fill_sheets (self);
  update_scopes (self);
  update_summary (self);

  /* The first choice has the focus when the dialog opens. */
  muster_a11y_focus_on_show (GTK_WINDOW (self), GTK_WIDGET (self->sheet_row));
  return self;
}

MusterPrintJob *
muster_print_dialog_get_job (MusterPrintDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_DIALOG (self), NULL);

  return self->job;
}

MusterSheet *
muster_print_dialog_get_sheet (MusterPrintDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_DIALOG (self), NULL);

  return self->sheet;
}

guint
muster_print_dialog_get_n_pages (MusterPrintDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_DIALOG (self), 0);

  return self->n_pages;
}

MusterPrintPreview *
muster_print_dialog_open_preview (MusterPrintDialog *self)
{
  MusterPrintPreview *preview;
  MusterPageSize size;

  g_return_val_if_fail (MUSTER_IS_PRINT_DIALOG (self), NULL);

  if (self->sheet == NULL)
    return NULL;

  muster_print_job_get_sheet_page_size (self->job, self->sheet, &size);
  preview = muster_print_preview_new (GTK_WINDOW (self), self->sheet, &size);
  g_signal_connect_object (preview, "print", G_CALLBACK (on_preview_print), self, 0);
  gtk_window_present (GTK_WINDOW (preview));

  return preview;
}

void
muster_print_dialog_export_to (MusterPrintDialog *self,
                               const char        *path)
{
  MusterPageSize size;

  g_return_if_fail (MUSTER_IS_PRINT_DIALOG (self));
  g_return_if_fail (path != NULL);

  if (self->sheet == NULL || self->export_cancellable != NULL)
    return;

  g_free (self->export_path);
  self->export_path = g_strdup (path);

  set_exporting (self, TRUE);
  muster_print_job_get_sheet_page_size (self->job, self->sheet, &size);
  muster_print_export_async (self->sheet, &size, path, self->export_cancellable,
                             on_export_progress, g_object_ref (self), g_object_unref,
                             on_export_done, g_object_ref (self));
}

gboolean
muster_print_dialog_is_exporting (MusterPrintDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_DIALOG (self), FALSE);

  return self->export_cancellable != NULL;
}

void
muster_print_dialog_present (GtkWindow        *parent,
                             MusterStore      *store,
                             gint64            campaign_id,
                             gint64            force_id,
                             GArray           *character_ids,
                             MusterPrintSheet  sheet)
{
  g_autoptr(GError) error = NULL;
  MusterPrintDialog *self;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (MUSTER_IS_STORE (store));

  self = muster_print_dialog_new (parent, store, campaign_id, force_id, character_ids, sheet, &error);
  if (self == NULL)
    {
      AdwMessageDialog *dialog;

      dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, _("Could Not Print"), error->message));
      adw_message_dialog_add_response (dialog, "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    }

  gtk_window_present (GTK_WINDOW (self));
}
