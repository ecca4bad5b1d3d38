/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test"

#include "config.h"

#include <poppler.h>

#include "muster-deck-sheet.h"
#include "muster-gui-test-util.h"
#include "muster-print-dialog-private.h"
#include "muster-recruit.h"
#include "muster-ruleset.h"
#include "muster-test-util.h"
#include "muster-unit.h"
#include "muster-units-sheet.h"

/* The Print dialog offers the units sheet for rule sets kept by unit and
 * the card deck only where the rules have one. */

typedef struct
{
  char        *dir;
  char        *db_path;
  MusterStore *store;
  gint64       sharpes;
  gint64       big;          /* Big Skirmishes: two forces of 3 Characters */
  gint64       big_force;
  gint64       napoleonic;   /* Napoleonic Skirmish 1.9: two units */
  gint64       wide;         /* more unit values than a portrait page holds */
  GArray      *two;          /* two Big Skirmishes characters */
} Fixture;

/* Helpers */

static gint64
make_campaign (Fixture    *f,
               const char *id,
               const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) rules = muster_rulesets_lookup (id, &error);
  gint64 campaign;

  g_assert_no_error (error);
  campaign = muster_store_create_campaign (f->store, name, rules, 7, NULL, &error);
  g_assert_no_error (error);
  return campaign;
}

static gint64
make_force (Fixture    *f,
            gint64      campaign,
            const char *name,
            const char *side)
{
  g_autoptr(GError) error = NULL;
  gint64 id = muster_store_create_force (f->store, campaign, name, side, &error);

  g_assert_no_error (error);
  return id;
}

static gint64
make_unit (Fixture    *f,
           gint64      force,
           const char *name,
           const char *kind)
{
  g_autoptr(GError) error = NULL;
  MusterUnitSpec spec = { name, kind, NULL, 0, NULL };
  gint64 id = muster_store_create_unit (f->store, force, &spec, &error);

  g_assert_no_error (error);
  return id;
}

static GArray *
recruit (Fixture    *f,
         gint64      force,
         const char *type,
         guint       count)
{
  g_autoptr(GError) error = NULL;
  GArray *ids = muster_store_recruit (f->store, force, type, NULL, NULL, count, &error);

  g_assert_no_error (error);
  return ids;
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) red = NULL;
  g_autoptr(GArray) blue = NULL;
  gint64 force;

  f->store = muster_test_open_store (&f->db_path);
  f->dir = g_path_get_dirname (f->db_path);

  f->sharpes = muster_store_create_sample (f->store, "Sample", &error);
  g_assert_no_error (error);

  f->big = make_campaign (f, "big-skirmishes", "Vimeiro 1808");
  f->big_force = make_force (f, f->big, "95th Rifles", "Red");
  red = recruit (f, f->big_force, "character", 3);
  blue = recruit (f, make_force (f, f->big, "Voltigeurs", "Blue"), "character", 3);
  make_unit (f, f->big_force, "Light company", "infantry");
  f->two = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_array_append_vals (f->two, red->data, 2);

  f->napoleonic = make_campaign (f, "napoleonic-skirmish", "Bussaco 1810");
  force = make_force (f, f->napoleonic, "88th", NULL);
  make_unit (f, force, "Grenadier company", "grenadier");
  make_unit (f, force, "Light company", "light");

  {
    g_autofree char *path = g_build_filename (TEST_SRCDIR, "rulesets", "wide-units.xml", NULL);
    g_autoptr(MusterRuleset) wide = muster_ruleset_new_from_file (path, &error);

    g_assert_no_error (error);
    f->wide = muster_store_create_campaign (f->store, "Fuentes de Oñoro 1811", wide, 7, NULL, &error);
    g_assert_no_error (error);
    force = make_force (f, f->wide, "Coldstream Guards", NULL);
    make_unit (f, force, "Coldstream Guards", "line-company");
    g_array_unref (recruit (f, force, "officer", 1));
  }
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_clear_object (&f->store);
  g_clear_pointer (&f->two, g_array_unref);
  muster_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->db_path);
}

static GObject *
child (MusterPrintDialog *dialog,
       const char        *name)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (dialog), MUSTER_TYPE_PRINT_DIALOG, name);

  g_assert_nonnull (object);
  return object;
}

/* The sheets the dialog offers, by name. */
static char *
offered (MusterPrintDialog *dialog)
{
  GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (child (dialog, "sheet_row")));
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      if (i > 0)
        g_string_append (names, ", ");
      g_string_append (names, gtk_string_object_get_string (item));
    }

  return g_string_free (names, FALSE);
}

static MusterPrintDialog *
open_dialog (Fixture          *f,
             gint64            campaign,
             gint64            force,
             GArray           *characters,
             MusterPrintSheet  sheet)
{
  g_autoptr(GError) error = NULL;
  MusterPrintDialog *dialog = muster_print_dialog_new (NULL, f->store, campaign, force, characters, sheet, &error);

  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (dialog));
  muster_gui_spin ();
  return dialog;
}

/* Tests */

static void
test_sheets_offered (Fixture       *f,
                     gconstpointer  data)
{
  struct {
    gint64     *campaign;
    const char *sheets;
  } cases[] = {
    { &f->sharpes, "Figure Stats, Playsheet, Stat Cards, Roster, Chronicle" },
    { &f->napoleonic, "Figure Stats, Playsheet, Stat Cards, Roster, Units, Chronicle" },
    { &f->big, "Figure Stats, Playsheet, Stat Cards, Roster, Units, Card Deck, Chronicle" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MusterPrintDialog *dialog = open_dialog (f, *cases[i].campaign, 0, NULL, MUSTER_PRINT_DECK);
      g_autofree char *names = offered (dialog);
      gboolean has_deck = cases[i].campaign == &f->big;

      g_assert_cmpstr (names, ==, cases[i].sheets);
      g_assert_cmpint (muster_print_job_has_sheet (muster_print_dialog_get_job (dialog), MUSTER_PRINT_DECK), ==, has_deck);

      /* Asked for a deck the rules do not have, the dialog starts on the
       * Figure Stats. */
      g_assert_cmpint (muster_print_job_get_sheet (muster_print_dialog_get_job (dialog)), ==,
                       has_deck ? MUSTER_PRINT_DECK : MUSTER_PRINT_FIGURE_STATS);
      g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (child (dialog, "sheet_row"))), ==,
                        has_deck ? 5 : 0);
      gtk_window_destroy (GTK_WINDOW (dialog));
    }
}

static void
test_deck (Fixture       *f,
           gconstpointer  data)
{
  MusterPrintDialog *dialog = open_dialog (f, f->big, 0, NULL, MUSTER_PRINT_FIGURE_STATS);
  MusterPrintJob *job = muster_print_dialog_get_job (dialog);
  GtkWidget *specials = GTK_WIDGET (child (dialog, "specials_row"));

  g_assert_false (gtk_widget_get_visible (specials));

  /* The deck of both sides: 6 Character cards and 5 others, two pages. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (dialog, "sheet_row")), 5);
  muster_gui_spin ();
  g_assert_cmpint (muster_print_job_get_sheet (job), ==, MUSTER_PRINT_DECK);
  g_assert_true (gtk_widget_get_visible (specials));
  g_assert_true (MUSTER_IS_DECK_SHEET (muster_print_dialog_get_sheet (dialog)));
  g_assert_cmpuint (muster_deck_sheet_get_n_cards (MUSTER_DECK_SHEET (muster_print_dialog_get_sheet (dialog))), ==, 11);
  g_assert_cmpuint (muster_print_dialog_get_n_pages (dialog), ==, 2);

  /* Special Effect cards by name, blanks dropped: 19 cards, three pages. */
  gtk_editable_set_text (GTK_EDITABLE (specials), "Bridge blown, The convoy, , Fog, Rain, Night, Fire, Mines, Guns");
  muster_gui_spin ();
  g_assert_cmpuint (g_strv_length ((GStrv) muster_print_job_get_specials (job)), ==, 8);
  g_assert_cmpstr (muster_print_job_get_specials (job)[1], ==, "The convoy");
  g_assert_cmpuint (muster_deck_sheet_get_n_cards (MUSTER_DECK_SHEET (muster_print_dialog_get_sheet (dialog))), ==, 19);
  g_assert_cmpuint (muster_print_dialog_get_n_pages (dialog), ==, 3);

  /* The chosen characters only. */
  gtk_window_destroy (GTK_WINDOW (dialog));
  dialog = open_dialog (f, f->big, f->big_force, f->two, MUSTER_PRINT_DECK);
  g_assert_cmpint (muster_print_job_get_scope (muster_print_dialog_get_job (dialog)), ==, MUSTER_PRINT_SCOPE_CHARACTERS);
  g_assert_cmpuint (muster_deck_sheet_get_n_cards (MUSTER_DECK_SHEET (muster_print_dialog_get_sheet (dialog))), ==, 7);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_units (Fixture       *f,
            gconstpointer  data)
{
  MusterPrintDialog *dialog = open_dialog (f, f->big, f->big_force, f->two, MUSTER_PRINT_ROSTER);
  MusterPrintJob *job = muster_print_dialog_get_job (dialog);
  AdwComboRow *scope_row = ADW_COMBO_ROW (child (dialog, "scope_row"));
  g_autoptr(GtkStringObject) first = NULL;

  g_assert_cmpint (muster_print_job_get_scope (job), ==, MUSTER_PRINT_SCOPE_CHARACTERS);

  /* A selection of characters says nothing of units: the units sheet
   * takes the force's, and says how many. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (dialog, "sheet_row")), 4);
  muster_gui_spin ();
  g_assert_cmpint (muster_print_job_get_sheet (job), ==, MUSTER_PRINT_UNITS);
  g_assert_cmpint (muster_print_job_get_scope (job), ==, MUSTER_PRINT_SCOPE_FORCE);
  g_assert_false (muster_print_job_has_scope (job, MUSTER_PRINT_SCOPE_CHARACTERS));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (scope_row)), ==, "_Units");
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (scope_row)), ==, 2);
  first = g_list_model_get_item (adw_combo_row_get_model (scope_row), 0);
  g_assert_cmpstr (gtk_string_object_get_string (first), ==, "The force 95th Rifles (1 unit)");
  g_assert_true (MUSTER_IS_UNITS_SHEET (muster_print_dialog_get_sheet (dialog)));
  g_assert_cmpuint (muster_print_dialog_get_n_pages (dialog), ==, 1);

  /* Back to the roster, the selection is offered again. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (dialog, "sheet_row")), MUSTER_PRINT_ROSTER);
  muster_gui_spin ();
  g_assert_true (muster_print_job_has_scope (job, MUSTER_PRINT_SCOPE_CHARACTERS));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (scope_row)), ==, "_Characters");
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* A campaign of units and no characters prints its units. */
  dialog = open_dialog (f, f->napoleonic, 0, NULL, MUSTER_PRINT_UNITS);
  g_assert_true (MUSTER_IS_UNITS_SHEET (muster_print_dialog_get_sheet (dialog)));
  g_assert_cmpuint (muster_print_dialog_get_n_pages (dialog), ==, 1);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static const char *
summary (MusterPrintDialog *dialog)
{
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (child (dialog, "summary_row")));
}

/* The size of the pages of the PDF at @path, all alike. */
static void
pdf_page_size (const char *path,
               double     *width,
               double     *height)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = g_filename_to_uri (path, NULL, &error);
  PopplerDocument *doc = poppler_document_new_from_file (uri, NULL, &error);
  PopplerPage *page;

  g_assert_no_error (error);
  page = poppler_document_get_page (doc, 0);
  poppler_page_get_size (page, width, height);
  g_object_unref (page);
  g_object_unref (doc);
}

/* The Orientation row: Automatic turns the units sheet landscape when
 * portrait is too narrow for it; Portrait and Landscape override; the
 * row is there for the sheets that may turn only. */
static void
test_orientation (Fixture       *f,
                  gconstpointer  data)
{
  MusterPrintDialog *dialog = open_dialog (f, f->wide, 0, NULL, MUSTER_PRINT_UNITS);
  MusterPrintJob *job = muster_print_dialog_get_job (dialog);
  AdwComboRow *orientation_row = ADW_COMBO_ROW (child (dialog, "orientation_row"));
  g_autofree char *path = g_build_filename (f->dir, "units.pdf", NULL);
  g_autoptr(GtkPageSetup) setup = NULL;
  MusterPageSize size;
  double width, height;

  muster_print_job_set_paper (job, MUSTER_PAPER_A4);
  muster_gui_wait_until (muster_print_dialog_get_sheet (dialog) != NULL);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (orientation_row)));
  g_assert_cmpuint (adw_combo_row_get_selected (orientation_row), ==, 0);
  g_assert_cmpint (muster_print_job_get_orientation (job), ==, MUSTER_ORIENTATION_AUTOMATIC);
  g_assert_cmpstr (summary (dialog), ==, "Landscape");
  muster_print_job_get_sheet_page_size (job, muster_print_dialog_get_sheet (dialog), &size);
  g_assert_true (muster_page_size_is_landscape (&size));
  setup = muster_print_job_orient_page_setup (job, muster_print_dialog_get_sheet (dialog));
  g_assert_cmpint (gtk_page_setup_get_orientation (setup), ==, GTK_PAGE_ORIENTATION_LANDSCAPE);

  /* The exported PDF is landscape A4. */
  muster_print_dialog_export_to (dialog, path);
  muster_gui_wait_until (!muster_print_dialog_is_exporting (dialog));
  pdf_page_size (path, &width, &height);
  g_assert_cmpfloat_with_epsilon (width, 841.89, 0.5);
  g_assert_cmpfloat_with_epsilon (height, 595.28, 0.5);

  /* Portrait, chosen in the row. */
  adw_combo_row_set_selected (orientation_row, 1);
  muster_gui_wait_until (muster_print_job_get_orientation (job) == MUSTER_ORIENTATION_PORTRAIT);
  muster_gui_wait_until (g_strcmp0 (summary (dialog), "Portrait") == 0);
  muster_print_dialog_export_to (dialog, path);
  muster_gui_wait_until (!muster_print_dialog_is_exporting (dialog));
  pdf_page_size (path, &width, &height);
  g_assert_cmpfloat_with_epsilon (width, 595.28, 0.5);
  g_assert_cmpfloat_with_epsilon (height, 841.89, 0.5);

  /* Landscape, chosen, for the roster too. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (dialog, "sheet_row")), MUSTER_PRINT_ROSTER);
  adw_combo_row_set_selected (orientation_row, 2);
  muster_gui_wait_until (muster_print_job_get_orientation (job) == MUSTER_ORIENTATION_LANDSCAPE);
  muster_gui_wait_until (g_strcmp0 (summary (dialog), "Landscape") == 0);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (orientation_row)));

  /* The cards keep their layout: no row, portrait whatever was chosen. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (dialog, "sheet_row")), MUSTER_PRINT_CARDS);
  muster_gui_wait_until (muster_print_job_get_sheet (job) == MUSTER_PRINT_CARDS);
  muster_gui_wait_until (!gtk_widget_get_visible (GTK_WIDGET (orientation_row)));
  g_assert_cmpstr (summary (dialog), ==, "Portrait");
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* Napoleonic Skirmish's units fit portrait. */
  dialog = open_dialog (f, f->napoleonic, 0, NULL, MUSTER_PRINT_UNITS);
  muster_print_job_set_paper (muster_print_dialog_get_job (dialog), MUSTER_PAPER_LETTER);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (child (dialog, "orientation_row"))));
  muster_gui_wait_until (g_strcmp0 (summary (dialog), "Portrait") == 0);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add ("/gui/print/units/sheets-offered", Fixture, NULL, fixture_setup, test_sheets_offered, fixture_teardown);
  g_test_add ("/gui/print/units/deck", Fixture, NULL, fixture_setup, test_deck, fixture_teardown);
  g_test_add ("/gui/print/units/units", Fixture, NULL, fixture_setup, test_units, fixture_teardown);
  g_test_add ("/gui/print/units/orientation", Fixture, NULL, fixture_setup, test_orientation, fixture_teardown);

  return g_test_run ();
}
