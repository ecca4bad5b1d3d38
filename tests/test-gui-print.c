/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test"

#include "config.h"

#include <errno.h>

#include <glib/gstdio.h>
#include <poppler.h>

#include "muster-cards-sheet.h"
#include "muster-character.h"
#include "muster-figure-stats-sheet.h"
#include "muster-gui-test-util.h"
#include "muster-playsheet-sheet.h"
#include "muster-print-dialog-private.h"
#include "muster-print-export.h"
#include "muster-chronicle-sheet.h"
#include "muster-roster-sheet.h"
#include "muster-ruleset.h"
#include "muster-test-util.h"

typedef PopplerDocument TestDoc;
typedef PopplerPage     TestPage;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TestDoc, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TestPage, g_object_unref)

typedef struct
{
  char        *dir;
  char        *db_path;
  MusterStore *store;
  gint64       campaign_id;
  gint64       force_id;     /* 19 active characters and one dead */
  gint64       other_id;     /* 5 active characters */
  GArray      *first_three;
} Fixture;

/* Helpers */

static gint64
add_character (MusterStore *store,
               gint64       force_id,
               guint        n)
{
  g_autoptr(GHashTable) stats = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strdup_printf ("Figure %u", n);
  const char *keys[] = { "I", "D", "S", "C", "F" };
  MusterCharacterSpec spec = {
    .name = name,
    .troop_type = n % 2 ? "rifleman" : "line",
    .weapon = n % 2 ? "rifle" : "musket",
    .stats = stats,
  };
  gint64 id;

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_hash_table_insert (stats, (gpointer) keys[i], GINT_TO_POINTER (1 + (n + i) % 5));

  id = muster_store_create_character (store, force_id, &spec, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);
  guint n = 0;

  g_assert_no_error (error);
  fixture->store = muster_test_open_store (&fixture->db_path);
  fixture->dir = g_path_get_dirname (fixture->db_path);
  fixture->campaign_id = muster_store_create_campaign (fixture->store, "Talavera 1809", ruleset, 42, NULL, &error);
  g_assert_no_error (error);
  fixture->force_id = muster_store_create_force (fixture->store, fixture->campaign_id,
                                                 "South Devon", NULL, &error);
  g_assert_no_error (error);
  fixture->other_id = muster_store_create_force (fixture->store, fixture->campaign_id,
                                                 "Voltigeurs", NULL, &error);
  g_assert_no_error (error);

  fixture->first_three = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint i = 0; i < 20; i++)
    {
      gint64 id = add_character (fixture->store, fixture->force_id, ++n);

      if (i < 3)
        g_array_append_val (fixture->first_three, id);
      if (i == 19)
        {
          muster_store_set_character_status (fixture->store, id, MUSTER_STATUS_DEAD, 0, &error);
          g_assert_no_error (error);
        }
    }
  for (guint i = 0; i < 5; i++)
    add_character (fixture->store, fixture->other_id, ++n);

  g_settings_reset (g_settings_new (APPLICATION_ID), "page-setup");
  g_settings_reset (g_settings_new (APPLICATION_ID), "print-settings");
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  GList *windows = gtk_window_list_toplevels ();

  /* Destroying one window may destroy others with it. */
  g_list_foreach (windows, (GFunc) (void (*) (void)) g_object_ref, NULL);
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_destroy (l->data);
  g_list_free_full (windows, g_object_unref);
  muster_gui_spin ();

  g_clear_object (&fixture->store);
  g_clear_pointer (&fixture->first_three, g_array_unref);
  muster_test_remove_tree (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->db_path);
}

static AdwComboRow *
combo (MusterPrintDialog *dialog,
       const char        *name)
{
  GObject *row = gtk_widget_get_template_child (GTK_WIDGET (dialog), MUSTER_TYPE_PRINT_DIALOG, name);

  g_assert_true (ADW_IS_COMBO_ROW (row));
  return ADW_COMBO_ROW (row);
}

/* The dialog's button for @action: it is insensitive while the action is
 * disabled. */
static GtkWidget *
action_button (MusterPrintDialog *dialog,
               const char        *action)
{
  GObject *box = gtk_widget_get_template_child (GTK_WIDGET (dialog), MUSTER_TYPE_PRINT_DIALOG, "buttons_box");

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (box));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), action) == 0)
      return child;

  g_assert_not_reached ();
}

/* The pages the renderer itself gives these characters on @paper. */
static guint
expected_pages (Fixture          *fixture,
                MusterPrintSheet  kind,
                gint64            force_id,
                gboolean          everyone,
                guint             turns,
                MusterPaper       paper)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) listed = muster_store_list_characters (fixture->store, fixture->campaign_id,
                                                              force_id, &error);
  g_autoptr(GPtrArray) characters = g_ptr_array_new ();
  MusterRuleset *ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);
  g_autoptr(MusterSheet) sheet = NULL;
  MusterPageSize size;

  g_assert_no_error (error);
  for (guint i = 0; i < listed->len; i++)
    {
      MusterCharacter *character = g_ptr_array_index (listed, i);

      if (everyone || muster_character_get_status (character) == MUSTER_STATUS_ACTIVE)
        g_ptr_array_add (characters, character);
    }

  switch (kind)
    {
    case MUSTER_PRINT_FIGURE_STATS:
      sheet = muster_figure_stats_sheet_new (ruleset, characters, turns);
      break;
    case MUSTER_PRINT_PLAYSHEET:
      sheet = muster_playsheet_sheet_new (ruleset);
      break;
    case MUSTER_PRINT_CARDS:
      sheet = muster_cards_sheet_new (ruleset, characters);
      break;
    case MUSTER_PRINT_ROSTER:
    default:
      sheet = muster_roster_sheet_new (ruleset, characters, NULL);
      break;
    }

  muster_page_size_init_for_paper (&size, paper);
  return muster_sheet_get_n_pages (sheet, &size);
}

static PopplerDocument *
open_pdf (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = g_filename_to_uri (path, NULL, &error);
  PopplerDocument *doc;

  g_assert_no_error (error);
  doc = poppler_document_new_from_file (uri, NULL, &error);
  g_assert_no_error (error);
  return doc;
}

static char *
pdf_page_text (PopplerDocument *doc,
               int              index)
{
  g_autoptr(TestPage) page = poppler_document_get_page (doc, index);

  return poppler_page_get_text (page);
}

static gboolean
not_exporting (gpointer data)
{
  return !muster_print_dialog_is_exporting (data);
}

static gboolean
job_idle (gpointer data)
{
  return !muster_print_job_is_busy (data);
}

static gboolean
window_gone (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* The AdwMessageDialog among the toplevels, if any. */
static AdwMessageDialog *
find_message (void)
{
  GList *windows = gtk_window_list_toplevels ();
  AdwMessageDialog *found = NULL;

  for (GList *l = windows; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      found = l->data;
  g_list_free (windows);
  return found;
}

/* Tests */

/* Every sheet, turns and paper chosen in the dialog's rows gives the
 * renderer's own page count. */
static void
test_dialog_choices (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  MusterPrintDialog *dialog;
  MusterPrintJob *job;

  dialog = muster_print_dialog_new (NULL, fixture->store, fixture->campaign_id, fixture->force_id,
                                    NULL, MUSTER_PRINT_FIGURE_STATS, &error);
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (dialog));
  muster_gui_spin ();
  job = muster_print_dialog_get_job (dialog);

  /* The force is the default; 19 active of 20: three pages of figures. */
  g_assert_cmpuint (muster_print_job_get_scope (job), ==, MUSTER_PRINT_SCOPE_FORCE);
  g_assert_cmpuint (muster_print_dialog_get_n_pages (dialog), ==, 3);

  for (MusterPrintSheet kind = MUSTER_PRINT_FIGURE_STATS; kind <= MUSTER_PRINT_ROSTER; kind++)
    for (guint turns = 16; turns <= 32; turns += 16)
      for (MusterPaper paper = MUSTER_PAPER_A4; paper <= MUSTER_PAPER_LETTER; paper++)
        {
          adw_combo_row_set_selected (combo (dialog, "sheet_row"), kind);
          adw_combo_row_set_selected (combo (dialog, "turns_row"), turns == 32);
          adw_combo_row_set_selected (combo (dialog, "paper_row"), paper);
          muster_gui_spin ();

          g_assert_cmpuint (muster_print_job_get_sheet (job), ==, kind);
          g_assert_cmpuint (muster_print_job_get_turns (job), ==, turns);
          g_assert_cmpuint (muster_print_job_get_paper (job), ==, paper);
          g_assert_nonnull (muster_print_dialog_get_sheet (dialog));
          g_assert_cmpuint (muster_print_dialog_get_n_pages (dialog), ==,
                            expected_pages (fixture, kind, fixture->force_id,
                                            kind == MUSTER_PRINT_ROSTER, turns, paper));
          g_assert_true (gtk_widget_get_visible (GTK_WIDGET (combo (dialog, "turns_row"))) ==
                         (kind == MUSTER_PRINT_FIGURE_STATS));
          g_assert_true (gtk_widget_get_visible (GTK_WIDGET (combo (dialog, "scope_row"))) ==
                         (kind != MUSTER_PRINT_PLAYSHEET));
          g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (dialog)));
        }

  /* 32 turns doubles the Figure Stats pages; Letter and A4 both hold 8. */
  adw_combo_row_set_selected (combo (dialog, "sheet_row"), MUSTER_PRINT_FIGURE_STATS);
  adw_combo_row_set_selected (combo (dialog, "turns_row"), 1);
  muster_gui_spin ();
  g_assert_cmpuint (muster_print_dialog_get_n_pages (dialog), ==, 6);
}

/* The given characters, the force and the whole campaign, with their
 * counts; an empty choice is a clear error for the cards, a blank form
 * for Figure Stats. */
static void
test_dialog_scopes (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) none = g_array_new (FALSE, FALSE, sizeof (gint64));
  MusterPrintDialog *dialog;
  GListModel *scopes;
  MusterPrintJob *job;
  AdwActionRow *summary;

  dialog = muster_print_dialog_new (NULL, fixture->store, fixture->campaign_id, fixture->force_id,
                                    fixture->first_three, MUSTER_PRINT_CARDS, &error);
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (dialog));
  muster_gui_spin ();
  job = muster_print_dialog_get_job (dialog);
  scopes = adw_combo_row_get_model (combo (dialog, "scope_row"));

  g_assert_cmpuint (g_list_model_get_n_items (scopes), ==, 3);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (scopes), 0), ==, "The chosen characters (3)");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (scopes), 1), ==, "The force South Devon (19 characters)");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (scopes), 2), ==, "The whole campaign (24 characters)");
  g_assert_cmpuint (muster_print_job_get_scope (job), ==, MUSTER_PRINT_SCOPE_CHARACTERS);
  g_assert_cmpuint (muster_print_dialog_get_n_pages (dialog), ==, 1);

  /* The roster lists the dead too. */
  adw_combo_row_set_selected (combo (dialog, "sheet_row"), MUSTER_PRINT_ROSTER);
  muster_gui_spin ();
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (scopes), 1), ==, "The force South Devon (20 characters)");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (scopes), 2), ==, "The whole campaign (25 characters)");
  g_assert_cmpuint (adw_combo_row_get_selected (combo (dialog, "scope_row")), ==, 0);

  /* 24 active cards in the campaign, nine to a page. */
  adw_combo_row_set_selected (combo (dialog, "sheet_row"), MUSTER_PRINT_CARDS);
  adw_combo_row_set_selected (combo (dialog, "scope_row"), 2);
  muster_gui_spin ();
  g_assert_cmpuint (muster_print_job_get_scope (job), ==, MUSTER_PRINT_SCOPE_CAMPAIGN);
  g_assert_cmpuint (muster_print_dialog_get_n_pages (dialog), ==, 3);
  g_assert_cmpuint (muster_print_dialog_get_n_pages (dialog), ==,
                    expected_pages (fixture, MUSTER_PRINT_CARDS, 0, FALSE, 16, muster_print_job_get_paper (job)));

  /* The library cannot be read: no count of 0, but what went wrong. */
  muster_test_fail_reads (fixture->store, TRUE);
  adw_combo_row_set_selected (combo (dialog, "sheet_row"), MUSTER_PRINT_ROSTER);
  muster_gui_spin ();
  g_assert_true (g_str_has_prefix (gtk_string_list_get_string (GTK_STRING_LIST (scopes), 2),
                                   "What would be printed could not be read ("));
  muster_test_fail_reads (fixture->store, FALSE);
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* Nobody chosen: no cards, and the dialog says why; Figure Stats
   * prints one blank form. */
  dialog = muster_print_dialog_new (NULL, fixture->store, fixture->campaign_id, 0,
                                    none, MUSTER_PRINT_CARDS, &error);
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (dialog));
  muster_gui_spin ();
  summary = ADW_ACTION_ROW (gtk_widget_get_template_child (GTK_WIDGET (dialog), MUSTER_TYPE_PRINT_DIALOG, "summary_row"));
  g_assert_null (muster_print_dialog_get_sheet (dialog));
  g_assert_cmpuint (muster_print_dialog_get_n_pages (dialog), ==, 0);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (summary)), ==, "Nothing to Print");
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (summary), "no characters to put on stat cards"));
  g_assert_false (gtk_widget_get_sensitive (action_button (dialog, "print.export")));
  g_assert_false (gtk_widget_get_sensitive (action_button (dialog, "print.print")));
  g_assert_false (gtk_widget_get_sensitive (action_button (dialog, "print.preview")));

  adw_combo_row_set_selected (combo (dialog, "sheet_row"), MUSTER_PRINT_FIGURE_STATS);
  muster_gui_spin ();
  g_assert_nonnull (muster_print_dialog_get_sheet (dialog));
  g_assert_cmpuint (muster_print_dialog_get_n_pages (dialog), ==, 1);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (summary)), ==, "1 page");
  g_assert_true (gtk_widget_get_sensitive (action_button (dialog, "print.export")));

  /* A campaign that is not there is an error, not a dialog. */
  g_assert_null (muster_print_dialog_new (NULL, fixture->store, 9999, 0, NULL, MUSTER_PRINT_ROSTER, &error));
  g_assert_nonnull (error);
}

/* The preview shows page 1 of N, moves through the pages and stops at
 * either end, fits the page to the window, and Escape closes it. */
static void
test_preview (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  MusterPrintDialog *dialog;
  MusterPrintPreview *preview;
  GtkWidget *title;
  double scale, zoomed;

  dialog = muster_print_dialog_new (NULL, fixture->store, fixture->campaign_id, fixture->force_id,
                                    NULL, MUSTER_PRINT_FIGURE_STATS, &error);
  g_assert_no_error (error);
  muster_print_job_set_turns (muster_print_dialog_get_job (dialog), 32);
  gtk_window_present (GTK_WINDOW (dialog));
  muster_gui_spin ();

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "print.preview", NULL));
  muster_gui_spin ();
  preview = muster_print_dialog_open_preview (dialog);
  g_assert_nonnull (preview);
  g_object_add_weak_pointer (G_OBJECT (preview), (gpointer *) &preview);
  /* Drawn once: fitted to the window, whatever its size. */
  muster_gui_wait_until (muster_print_preview_get_scale (preview) > 0);

  title = adw_header_bar_get_title_widget (ADW_HEADER_BAR (gtk_widget_get_first_child (
            adw_window_get_content (ADW_WINDOW (preview)))));
  g_assert_cmpuint (muster_print_preview_get_n_pages (preview), ==, 6);
  g_assert_cmpuint (muster_print_preview_get_page (preview), ==, 0);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (title)), ==, "Page 1 of 6");

  /* Fitted: the whole A4 page within the window. */
  scale = muster_print_preview_get_scale (preview);
  g_assert_cmpfloat (scale, >, 0.2);
  g_assert_cmpfloat (595.28 * scale, <=, gtk_widget_get_width (GTK_WIDGET (preview)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (preview), "preview.next-page", NULL));
  g_assert_cmpuint (muster_print_preview_get_page (preview), ==, 1);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (title)), ==, "Page 2 of 6");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (preview), "preview.last-page", NULL));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (title)), ==, "Page 6 of 6");
  /* At the end, Page Down does nothing. */
  gtk_widget_activate_action (GTK_WIDGET (preview), "preview.next-page", NULL);
  g_assert_cmpuint (muster_print_preview_get_page (preview), ==, 5);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (preview), "preview.previous-page", NULL));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (title)), ==, "Page 5 of 6");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (preview), "preview.first-page", NULL));
  gtk_widget_activate_action (GTK_WIDGET (preview), "preview.previous-page", NULL);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (title)), ==, "Page 1 of 6");

  /* Zooming in draws a quarter bigger; to fit comes back. Each waits for
   * the redraw, which is what changes the scale. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (preview), "preview.zoom-in", NULL));
  muster_gui_wait_until (muster_print_preview_get_scale (preview) != scale);
  g_assert_cmpfloat_with_epsilon (muster_print_preview_get_scale (preview), scale * 1.25, 1e-9);
  zoomed = muster_print_preview_get_scale (preview);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (preview), "preview.zoom-fit", NULL));
  muster_gui_wait_until (muster_print_preview_get_scale (preview) != zoomed);
  g_assert_cmpfloat_with_epsilon (muster_print_preview_get_scale (preview), scale, 0.01);

  /* Escape is bound to closing the window. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (preview), "window.close", NULL));
  muster_gui_wait_until (window_gone (&preview));
}

/* The PDF files in @dir: only @name, or none. */
static void
assert_only_pdf (const char *dir,
                 const char *name)
{
  g_auto(GStrv) names = muster_test_list_dir (dir);
  guint n = 0;

  for (guint i = 0; names[i] != NULL; i++)
    if (strstr (names[i], ".pdf") != NULL)
      {
        g_assert_cmpstr (names[i], ==, name);
        n++;
      }
  g_assert_cmpuint (n, ==, name != NULL ? 1 : 0);
}

/* Export PDF… writes the renderer's pages through the idle writer, with
 * progress; a cancelled or failed export leaves nothing behind. */
static void
test_export (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "Figure Stats.pdf", NULL);
  g_autofree char *bad = g_build_filename (fixture->dir, "no such folder", "x.pdf", NULL);
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  g_autoptr(TestDoc) doc = NULL;
  MusterPrintDialog *dialog;
  AdwMessageDialog *message;
  GtkProgressBar *progress;

  dialog = muster_print_dialog_new (NULL, fixture->store, fixture->campaign_id, fixture->force_id,
                                    NULL, MUSTER_PRINT_FIGURE_STATS, &error);
  g_assert_no_error (error);
  muster_print_job_set_turns (muster_print_dialog_get_job (dialog), 32);
  muster_print_job_set_paper (muster_print_dialog_get_job (dialog), MUSTER_PAPER_LETTER);
  gtk_window_present (GTK_WINDOW (dialog));
  muster_gui_spin ();

  name = muster_print_job_get_suggested_filename (muster_print_dialog_get_job (dialog));
  g_assert_cmpstr (name, ==, "Figure Stats — Talavera 1809 — South Devon.pdf");

  muster_print_dialog_export_to (dialog, path);
  g_assert_true (muster_print_dialog_is_exporting (dialog));
  g_assert_false (gtk_widget_get_sensitive (action_button (dialog, "print.export")));
  progress = GTK_PROGRESS_BAR (gtk_widget_get_template_child (GTK_WIDGET (dialog), MUSTER_TYPE_PRINT_DIALOG, "progress_bar"));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (progress)));
  muster_gui_wait_until (not_exporting (dialog));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (progress)));

  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  assert_only_pdf (fixture->dir, "Figure Stats.pdf");
  doc = open_pdf (path);
  g_assert_cmpint (poppler_document_get_n_pages (doc), ==,
                   expected_pages (fixture, MUSTER_PRINT_FIGURE_STATS, fixture->force_id, FALSE, 32, MUSTER_PAPER_LETTER));
  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, 6);
  {
    g_autoptr(TestPage) page = poppler_document_get_page (doc, 0);
    double width, height;

    poppler_page_get_size (page, &width, &height);
    g_assert_cmpfloat_with_epsilon (width, 612.0, 0.5);
    g_assert_cmpfloat_with_epsilon (height, 792.0, 0.5);
  }
  text = pdf_page_text (doc, 0);
  g_assert_nonnull (strstr (text, "Figure 1"));
  g_assert_nonnull (strstr (text, "Figure 8"));
  g_assert_null (strstr (text, "Figure 9"));
  g_clear_pointer (&text, g_free);
  text = pdf_page_text (doc, 5);
  g_assert_nonnull (strstr (text, "Figure 19"));
  g_assert_nonnull (strstr (text, "32"));
  g_clear_object (&doc);
  g_unlink (path);

  /* Cancelled at once: no file, no temporary file. */
  muster_print_dialog_export_to (dialog, path);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "print.cancel-export", NULL));
  muster_gui_wait_until (not_exporting (dialog));
  muster_gui_spin ();
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  assert_only_pdf (fixture->dir, NULL);
  g_assert_null (find_message ());

  /* A full disk: a message that names the file and the system's reason,
   * and nothing half-written left. */
  muster_test_limit_file_size (8 * 1024);
  muster_print_dialog_export_to (dialog, path);
  muster_gui_wait_until (not_exporting (dialog));
  muster_test_unlimit_file_size ();
  muster_gui_spin ();
  message = find_message ();
  g_assert_nonnull (message);
  g_assert_cmpstr (adw_message_dialog_get_heading (message), ==, "Could Not Export the PDF");
  g_test_message ("%s", adw_message_dialog_get_body (message));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (message), path));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (message), g_strerror (EFBIG)));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  assert_only_pdf (fixture->dir, NULL);
  gtk_window_destroy (GTK_WINDOW (message));
  muster_gui_spin ();

  /* A folder that is not there: a message that names the file. */
  muster_print_dialog_export_to (dialog, bad);
  muster_gui_wait_until (not_exporting (dialog));
  muster_gui_spin ();
  message = find_message ();
  g_assert_nonnull (message);
  g_assert_cmpstr (adw_message_dialog_get_heading (message), ==, "Could Not Export the PDF");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (message), bad));
  g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));
}

/* The chronicle is a sheet of the dialog: nobody to pick, the whole
 * campaign told, exported with progress and cancelled like the others. */
static void
test_chronicle (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "Chronicle.pdf", NULL);
  g_autoptr(MusterSheet) sheet = NULL;
  g_autoptr(TestDoc) doc = NULL;
  g_autofree char *first = NULL;
  g_autofree char *last = NULL;
  MusterPrintDialog *dialog;
  MusterPageSize size;
  int n_pages;

  dialog = muster_print_dialog_new (NULL, fixture->store, fixture->campaign_id, 0,
                                    NULL, MUSTER_PRINT_CHRONICLE, &error);
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (dialog));
  muster_gui_spin ();
  g_assert_cmpint (muster_print_job_get_sheet (muster_print_dialog_get_job (dialog)), ==, MUSTER_PRINT_CHRONICLE);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (dialog), MUSTER_TYPE_PRINT_DIALOG, "scope_row"))));
  g_assert_true (gtk_widget_get_sensitive (action_button (dialog, "print.export")));

  muster_print_dialog_export_to (dialog, path);
  g_assert_true (muster_print_dialog_is_exporting (dialog));
  muster_gui_wait_until (not_exporting (dialog));
  doc = open_pdf (path);
  sheet = muster_chronicle_sheet_new (fixture->store, fixture->campaign_id, &error);
  g_assert_no_error (error);
  muster_page_size_init_for_paper (&size, muster_print_job_get_paper (muster_print_dialog_get_job (dialog)));
  n_pages = poppler_document_get_n_pages (doc);
  g_assert_cmpint (n_pages, ==, (int) muster_sheet_get_n_pages (sheet, &size));
  first = pdf_page_text (doc, 0);
  g_assert_nonnull (strstr (first, "Talavera 1809"));
  g_assert_nonnull (strstr (first, "South Devon"));
  /* A campaign without games: the man struck dead by hand fell between
   * them. */
  for (int i = 1; i < n_pages; i++)
    {
      g_autofree char *text = pdf_page_text (doc, i);

      if (strstr (text, "Roll of Honour") != NULL)
        g_assert_nonnull (strstr (text, "Figure 20 (South Devon), between games"));
    }
  last = pdf_page_text (doc, n_pages - 1);
  {
    g_autofree char *number = g_strdup_printf ("Page %d of %d", n_pages, n_pages);

    g_assert_nonnull (strstr (last, number));
  }
  g_clear_object (&doc);
  g_unlink (path);

  /* Cancelled at once: no file. */
  muster_print_dialog_export_to (dialog, path);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "print.cancel-export", NULL));
  muster_gui_wait_until (not_exporting (dialog));
  muster_gui_spin ();
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  assert_only_pdf (fixture->dir, NULL);
}

/* The print operation's pages, exported by GTK to a PDF, are the
 * renderer's: the same count, the paper of the page setup. */
static void
test_print_operation (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterPrintJob) job = NULL;
  g_autoptr(MusterSheet) sheet = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "printed.pdf", NULL);
  g_autofree char *text = NULL;
  g_autoptr(TestDoc) doc = NULL;
  g_autoptr(TestPage) page = NULL;
  MusterPageSize size;
  double width, height;

  job = muster_print_job_new (fixture->store, fixture->campaign_id, 0, NULL, &error);
  g_assert_no_error (error);
  muster_print_job_set_sheet (job, MUSTER_PRINT_ROSTER);
  muster_print_job_set_paper (job, MUSTER_PAPER_A4);
  sheet = muster_print_job_build_sheet (job, &error);
  g_assert_no_error (error);
  muster_print_job_get_page_size (job, &size);

  g_assert_true (muster_print_job_run (job, sheet, NULL, GTK_PRINT_OPERATION_ACTION_EXPORT, path, &error));
  g_assert_no_error (error);
  muster_gui_wait_until (job_idle (job));

  doc = open_pdf (path);
  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, muster_sheet_get_n_pages (sheet, &size));
  page = poppler_document_get_page (doc, 0);
  poppler_page_get_size (page, &width, &height);
  g_assert_cmpfloat_with_epsilon (width, 595.28, 1.0);
  g_assert_cmpfloat_with_epsilon (height, 841.89, 1.0);
  text = poppler_page_get_text (page);
  g_assert_nonnull (strstr (text, "Figure 20"));
  g_assert_nonnull (strstr (text, "Voltigeurs"));

  /* A second run while one is going is refused. */
  g_assert_true (muster_print_job_run (job, sheet, NULL, GTK_PRINT_OPERATION_ACTION_EXPORT, path, &error));
  if (muster_print_job_is_busy (job))
    {
      g_assert_false (muster_print_job_run (job, sheet, NULL, GTK_PRINT_OPERATION_ACTION_EXPORT, path, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
    }
  muster_gui_wait_until (job_idle (job));
}

static gpointer
find_toplevel (const char *type_name)
{
  GList *windows = gtk_window_list_toplevels ();
  gpointer found = NULL;

  for (GList *l = windows; l != NULL; l = l->next)
    if (g_str_equal (G_OBJECT_TYPE_NAME (l->data), type_name) && gtk_widget_get_visible (l->data))
      found = l->data;
  g_list_free (windows);
  return found;
}

static gboolean
has_toplevel (gpointer type_name)
{
  return find_toplevel (type_name) != NULL;
}

/* The print operation's preview is Muster's own window, drawn by the
 * renderer on the operation's page; closing it ends the operation, and
 * its Print button goes on to the print dialog. */
static void
test_operation_preview (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterPrintJob) job = NULL;
  g_autoptr(MusterSheet) sheet = NULL;
  MusterPrintPreview *preview;
  GtkWidget *print_dialog;

  job = muster_print_job_new (fixture->store, fixture->campaign_id, fixture->force_id, NULL, &error);
  g_assert_no_error (error);
  muster_print_job_set_turns (job, 32);
  muster_print_job_set_paper (job, MUSTER_PAPER_LETTER);
  sheet = muster_print_job_build_sheet (job, &error);
  g_assert_no_error (error);

  g_assert_true (muster_print_job_run (job, sheet, NULL, GTK_PRINT_OPERATION_ACTION_PREVIEW, NULL, &error));
  g_assert_no_error (error);
  muster_gui_wait_until (has_toplevel ((gpointer) "MusterPrintPreview"));
  preview = find_toplevel ("MusterPrintPreview");
  g_assert_cmpuint (muster_print_preview_get_n_pages (preview), ==, 6);
  g_assert_true (muster_print_job_is_busy (job));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (preview), "window.close", NULL));
  muster_gui_wait_until (job_idle (job));
  g_assert_null (find_toplevel ("MusterPrintPreview"));

  /* Print from the preview: the print dialog opens; cancelled, nothing
   * is printed and the job ends. */
  g_assert_true (muster_print_job_run (job, sheet, NULL, GTK_PRINT_OPERATION_ACTION_PREVIEW, NULL, &error));
  muster_gui_wait_until (has_toplevel ((gpointer) "MusterPrintPreview"));
  preview = find_toplevel ("MusterPrintPreview");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (preview), "preview.print", NULL));
  muster_gui_wait_until (has_toplevel ((gpointer) "GtkPrintUnixDialog"));
  g_assert_null (find_toplevel ("MusterPrintPreview"));
  g_assert_true (muster_print_job_is_busy (job));
  print_dialog = find_toplevel ("GtkPrintUnixDialog");
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_dialog_response (GTK_DIALOG (print_dialog), GTK_RESPONSE_CANCEL);
  G_GNUC_END_IGNORE_DEPRECATIONS
  muster_gui_wait_until (job_idle (job));
  muster_gui_spin ();
}

/* The page setup and print settings outlive the job, in GSettings; the
 * paper follows the page setup. */
static void
test_settings (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterPrintJob) job = NULL;
  g_autoptr(MusterPrintJob) again = NULL;
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) letter = gtk_paper_size_new (GTK_PAPER_NAME_LETTER);
  g_autoptr(GtkPrintSettings) print = gtk_print_settings_new ();
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr(GVariant) saved = NULL;
  MusterPageSize size;

  job = muster_print_job_new (fixture->store, fixture->campaign_id, 0, NULL, &error);
  g_assert_no_error (error);
  muster_print_job_set_paper (job, MUSTER_PAPER_A4);

  gtk_page_setup_set_paper_size (setup, letter);
  gtk_page_setup_set_orientation (setup, GTK_PAGE_ORIENTATION_LANDSCAPE);
  gtk_page_setup_set_top_margin (setup, 54, GTK_UNIT_POINTS);
  muster_print_job_set_page_setup (job, setup);
  g_assert_cmpuint (muster_print_job_get_paper (job), ==, MUSTER_PAPER_LETTER);

  gtk_print_settings_set_printer (print, "Club Printer");
  gtk_print_settings_set_n_copies (print, 3);
  muster_print_job_set_print_settings (job, print);
  muster_print_job_save_settings (job);

  saved = g_settings_get_value (settings, "page-setup");
  g_assert_cmpuint (g_variant_n_children (saved), >, 0);

  again = muster_print_job_new (fixture->store, fixture->campaign_id, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (muster_print_job_get_paper (again), ==, MUSTER_PAPER_LETTER);
  g_assert_cmpint (gtk_page_setup_get_orientation (muster_print_job_get_page_setup (again)), ==,
                   GTK_PAGE_ORIENTATION_LANDSCAPE);
  g_assert_cmpstr (gtk_print_settings_get_printer (muster_print_job_get_print_settings (again)), ==, "Club Printer");
  g_assert_cmpint (gtk_print_settings_get_n_copies (muster_print_job_get_print_settings (again)), ==, 3);

  /* Landscape Letter, with the page setup's wider top margin. */
  muster_print_job_get_page_size (again, &size);
  g_assert_cmpfloat_with_epsilon (size.width, 792.0, 0.5);
  g_assert_cmpfloat_with_epsilon (size.height, 612.0, 0.5);
  g_assert_cmpfloat_with_epsilon (size.margin_top, 54.0, 0.5);
  g_assert_cmpfloat_with_epsilon (size.margin_left, 36.0, 0.5);

  /* A paper the sheets are not laid out for keeps the job's paper. */
  {
    g_autoptr(GtkPageSetup) a5 = gtk_page_setup_new ();
    g_autoptr(GtkPaperSize) a5_size = gtk_paper_size_new (GTK_PAPER_NAME_A5);

    gtk_page_setup_set_paper_size (a5, a5_size);
    muster_print_job_set_page_setup (again, a5);
    g_assert_cmpuint (muster_print_job_get_paper (again), ==, MUSTER_PAPER_LETTER);
    g_assert_cmpstr (gtk_paper_size_get_name (gtk_page_setup_get_paper_size (muster_print_job_get_page_setup (again))),
                     ==, GTK_PAPER_NAME_LETTER);
  }

  /* With no page setup saved, the default-paper preference, where the
   * schema has it, chooses. */
  {
    g_autoptr(GSettingsSchema) schema = NULL;

    g_object_get (settings, "settings-schema", &schema, NULL);
    if (g_settings_schema_has_key (schema, "default-paper"))
      {
        g_autoptr(MusterPrintJob) third = NULL;
        g_autoptr(MusterPrintJob) fourth = NULL;

        g_settings_reset (settings, "page-setup");
        g_settings_set_string (settings, "default-paper", "letter");
        third = muster_print_job_new (fixture->store, fixture->campaign_id, 0, NULL, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (muster_print_job_get_paper (third), ==, MUSTER_PAPER_LETTER);

        g_settings_set_string (settings, "default-paper", "a4");
        fourth = muster_print_job_new (fixture->store, fixture->campaign_id, 0, NULL, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (muster_print_job_get_paper (fourth), ==, MUSTER_PAPER_A4);
        g_settings_reset (settings, "default-paper");
      }
  }
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("/gui/print/dialog/choices", test_dialog_choices);
  ADD ("/gui/print/dialog/scopes", test_dialog_scopes);
  ADD ("/gui/print/preview", test_preview);
  ADD ("/gui/print/export", test_export);
  ADD ("/gui/print/chronicle", test_chronicle);
  ADD ("/gui/print/operation", test_print_operation);
  ADD ("/gui/print/operation-preview", test_operation_preview);
  ADD ("/gui/print/settings", test_settings);

#undef ADD

  return g_test_run ();
}
