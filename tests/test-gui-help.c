/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <locale.h>

#include <glib/gi18n.h>

#include "muster-gui-test-util.h"
#include "muster-help-document.h"
#include "muster-help-window.h"
#include "muster-paths.h"
#include "muster-test-util.h"

/* The user guide Muster shows itself: the pages of help/, links between
 * them, Back and Contents, translated pages before English ones, and a
 * clear message when the pages are broken or missing. */

static void
write_page (const char *dir,
            const char *lang,
            const char *name,
            const char *contents)
{
  g_autofree char *lang_dir = g_build_filename (dir, lang, NULL);
  g_autofree char *path = g_build_filename (lang_dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (lang_dir, 0700), ==, 0);
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
}

#define PAGE_HEAD "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" \
                  "<page xmlns=\"http://projectmallard.org/1.0/\" "

static const char index_page[] =
  PAGE_HEAD "type=\"guide\" id=\"index\">\n"
  "  <title>Guide &amp; Index</title>\n"
  "  <p>Press <keyseq><key>Ctrl</key><key>R</key></keyseq> to <gui>Recruit</gui>;"
  "  see <link xref=\"roster\"/> or <link href=\"https://example.org/a?b&amp;c\">the web</link>.</p>\n"
  "  <section id=\"campaign\"><title>Running</title></section>\n"
  "</page>\n";

static const char roster_page[] =
  PAGE_HEAD "type=\"topic\" id=\"roster\">\n"
  "  <info><link type=\"guide\" xref=\"index#campaign\"/><desc>Recruit men.</desc></info>\n"
  "  <title>The   Roster</title>\n"
  "  <steps><item><p>First</p></item><item><p>Second</p></item></steps>\n"
  "</page>\n";

/* The label under @root whose text is @text. */
static GtkWidget *
find_label (GtkWidget  *root,
            const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
use_help_dir (const char *dir)
{
  if (dir != NULL)
    g_setenv ("MUSTER_HELPDIR", dir, TRUE);
  else
    g_unsetenv ("MUSTER_HELPDIR");
}

/* Markup: keys, gui labels, links to pages (titled after the page) and to
 * the web, escaping, collapsed spaces; the guide lists its topics. */
static void
test_document_markup (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterHelpDocument) document = NULL;
  g_autoptr(GPtrArray) topics = NULL;
  g_autofree char *markup = NULL;
  const char *dirs[2];
  xmlNodePtr p;

  write_page (dir, "C", "index.page", index_page);
  write_page (dir, "C", "roster.page", roster_page);
  write_page (dir, "C", "notes.txt", "not a page");
  dirs[0] = g_build_filename (dir, "C", NULL);
  dirs[1] = NULL;
  document = muster_help_document_load (dirs, &error);
  g_free ((char *) dirs[0]);
  g_assert_no_error (error);

  g_assert_cmpstr (muster_help_document_get_title (document, "index"), ==, "Guide & Index");
  g_assert_cmpstr (muster_help_document_get_title (document, "roster"), ==, "The Roster");
  g_assert_cmpstr (muster_help_document_get_desc (document, "roster"), ==, "Recruit men.");
  g_assert_null (muster_help_document_get_page (document, "notes"));

  p = muster_help_first_element (muster_help_document_get_page (document, "index"), "p");
  markup = muster_help_document_markup (document, p, FALSE);
  g_assert_cmpstr (markup, ==,
                   "Press <b>Ctrl</b>+<b>R</b> to <b>Recruit</b>; see "
                   "<a href=\"xref:roster\">The Roster</a> or "
                   "<a href=\"https://example.org/a?b&amp;c\">the web</a>.");
  /* GtkLabel reads it (links included) as the text a reader sees. */
  {
    GtkWidget *label = g_object_ref_sink (gtk_label_new (NULL));

    gtk_label_set_markup (GTK_LABEL (label), markup);
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==,
                     "Press Ctrl+R to Recruit; see The Roster or the web.");
    g_object_unref (label);
  }

  topics = muster_help_document_list_topics (document, "index#campaign");
  g_assert_cmpuint (topics->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (topics, 0), ==, "roster");
  g_clear_pointer (&topics, g_ptr_array_unref);
  topics = muster_help_document_list_topics (document, "index#files");
  g_assert_cmpuint (topics->len, ==, 0);

  muster_test_remove_tree (dir);
}

/* A page translated into the user's language comes first; one that is
 * not falls back to English. */
static void
test_document_languages (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterHelpWindow) window = NULL;

  write_page (dir, "C", "index.page", index_page);
  write_page (dir, "C", "roster.page", roster_page);
  write_page (dir, "fr", "index.page",
              PAGE_HEAD "type=\"guide\" id=\"index\"><title>Aide de Muster</title>"
              "<section id=\"campaign\"><title>Mener une campagne</title></section></page>\n");
  use_help_dir (dir);
  g_setenv ("LANGUAGE", "fr", TRUE);

  window = g_object_ref_sink (muster_help_window_new (NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (find_label (GTK_WIDGET (window), "Aide de Muster"));
  g_assert_nonnull (find_label (GTK_WIDGET (window), "Mener une campagne"));
  /* The English topic is still filed under the French guide's section. */
  g_assert_nonnull (find_label (GTK_WIDGET (window), "The Roster"));
  g_assert_true (muster_help_window_show (window, "roster"));
  g_assert_nonnull (find_label (GTK_WIDGET (window), "Second"));

  gtk_window_destroy (GTK_WINDOW (window));
  g_setenv ("LANGUAGE", "C", TRUE);
  use_help_dir (NULL);
  muster_test_remove_tree (dir);
}

static void
assert_load_fails (const char *dir,
                   GQuark      domain,
                   int         code,
                   const char *expected)
{
  g_autoptr(GError) error = NULL;
  MusterHelpWindow *window;

  use_help_dir (dir);
  window = muster_help_window_new (NULL, &error);
  g_assert_null (window);
  g_assert_error (error, domain, code);
  if (strstr (error->message, expected) == NULL)
    g_error ("“%s” does not say “%s”", error->message, expected);
  use_help_dir (NULL);
}

/* Broken pages: each says what is wrong, and where. */
static void
test_document_bad_pages (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *bad = g_build_filename (dir, "C", "index.page", NULL);

  assert_load_fails (dir, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "not installed");

  write_page (dir, "C", "index.page", PAGE_HEAD "id=\"index\">\n<title>Open\n</page>\n");
  assert_load_fails (dir, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "index.page:4 is not well-formed XML: Opening and ending tag mismatch");

  write_page (dir, "C", "index.page",
              "<?xml version=\"1.0\"?>\n<!DOCTYPE page [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
              "<page xmlns=\"http://projectmallard.org/1.0/\" id=\"index\"><p>&x;</p></page>\n");
  assert_load_fails (dir, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "DOCTYPE");

  write_page (dir, "C", "index.page", "<html><p>not Mallard</p></html>\n");
  assert_load_fails (dir, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "not a Mallard page");

  write_page (dir, "C", "index.page", "");
  assert_load_fails (dir, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "index.page:1");

  g_assert_true (g_file_test (bad, G_FILE_TEST_EXISTS));
  muster_test_remove_tree (dir);
}

/* The real guide: its contents page lists every topic; a link opens the
 * topic, Back returns, Contents goes home, a section is scrolled to. */
static void
test_window_navigation (void)
{
  g_autoptr(GError) error = NULL;
  MusterHelpWindow *window = muster_help_window_new (GTK_APPLICATION (muster_gui_test_get_app ()), &error);
  GtkWidget *link;
  GtkWidget *scroller;
  gboolean handled = FALSE;
  GtkAdjustment *adjustment;

  g_assert_no_error (error);
  g_assert_cmpstr (muster_help_window_get_page (window), ==, "index");
  /* Nothing to go back to yet. */
  g_assert_false (muster_help_window_go_back (window));
  g_assert_cmpstr (muster_help_window_get_page (window), ==, "index");
  gtk_window_set_default_size (GTK_WINDOW (window), 480, 320);
  gtk_window_present (GTK_WINDOW (window));
  muster_gui_spin ();

  /* Every topic of help/C is filed under the contents page. */
  for (const char *const *title = (const char *const[]) {
         "Campaigns", "The Roster and Recruiting", "Units", "Printing Sheets",
         "Exchange Files", "Keyboard Shortcuts", "How Muster reads Chosen Men",
         "How Muster reads Big Skirmishes", "How Muster reads Napoleonic Skirmish Rules 1.9",
         "How Muster reads Small Unit Engagements", NULL }; *title != NULL; title++)
    if (find_label (GTK_WIDGET (window), *title) == NULL)
      g_error ("The contents page has no link to “%s”", *title);

  link = find_label (GTK_WIDGET (window), "The Roster and Recruiting");
  g_signal_emit_by_name (link, "activate-link", "xref:roster", &handled);
  g_assert_true (handled);
  /* The page goes in an idle, not while its own label emits. */
  muster_gui_wait_until (g_strcmp0 (muster_help_window_get_page (window), "roster") == 0);
  g_assert_nonnull (find_label (GTK_WIDGET (window), "Recruit figures"));
  g_assert_nonnull (find_label (GTK_WIDGET (window), "More Information"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "help.back", NULL));
  g_assert_cmpstr (muster_help_window_get_page (window), ==, "index");

  /* A section far down the page is brought into view. */
  scroller = muster_gui_find_widget (GTK_WIDGET (window), GTK_TYPE_SCROLLED_WINDOW, NULL);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  g_assert_true (muster_help_window_show (window, "roster#sheet"));
  /* Scrolled once the new page is laid out, a frame or two later. */
  muster_gui_wait_until (gtk_adjustment_get_value (adjustment) > 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "help.contents", NULL));
  g_assert_cmpstr (muster_help_window_get_page (window), ==, "index");
  muster_gui_wait_until (gtk_adjustment_get_value (adjustment) == 0);
  g_assert_true (muster_help_window_go_back (window));
  g_assert_cmpstr (muster_help_window_get_page (window), ==, "roster");
  g_assert_false (muster_help_window_show (window, "no-such-page"));
  g_assert_cmpstr (muster_help_window_get_page (window), ==, "roster");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The real guide in French: the build's translated pages, every one of
 * them, and (with the French locale and the build's catalogue) the
 * window's own words. */
static void
test_window_french (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *previous = g_strdup (setlocale (LC_ALL, NULL));
  gboolean french = setlocale (LC_ALL, "fr_FR.UTF-8") != NULL;
  MusterHelpWindow *window;
  GtkWidget *title;

  bindtextdomain (GETTEXT_PACKAGE, muster_paths_get_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_setenv ("LANGUAGE", "fr", TRUE);
  window = muster_help_window_new (NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (find_label (GTK_WIDGET (window), "Aide de Muster"));
  g_assert_nonnull (find_label (GTK_WIDGET (window), "Mener une campagne"));
  g_assert_null (find_label (GTK_WIDGET (window), "Running a Campaign"));
  for (const char *const *id = (const char *const[]) {
         "campaigns", "roster", "units", "games", "printing", "exchange", "library",
         "shortcuts", NULL }; *id != NULL; id++)
    {
      g_assert_true (muster_help_window_show (window, *id));
      g_assert_cmpstr (muster_help_window_get_page (window), ==, *id);
      if (french)
        g_assert_nonnull (find_label (GTK_WIDGET (window), "Plus d’informations"));
    }
  g_assert_nonnull (find_label (GTK_WIDGET (window), "Raccourcis clavier"));
  title = muster_gui_find_widget (GTK_WIDGET (window), ADW_TYPE_WINDOW_TITLE, NULL);
  g_assert_cmpstr (adw_window_title_get_title (ADW_WINDOW_TITLE (title)), ==, "Raccourcis clavier");

  gtk_window_destroy (GTK_WINDOW (window));
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, previous);
}

/* Without a help browser, Help opens Muster's own guide window; when the
 * pages are missing it says so. */
static void
test_help_action (void)
{
  g_autoptr(GAppInfo) browser = g_app_info_get_default_for_uri_scheme ("help");
  g_autofree char *dir = muster_test_make_tmpdir ();
  GtkWidget *found;

  if (browser != NULL)
    {
      g_test_skip ("A help browser is installed: the guide would open in it");
      return;
    }

  g_action_group_activate_action (G_ACTION_GROUP (muster_gui_test_get_app ()), "help", NULL);
  muster_gui_spin ();
  found = muster_gui_find_toplevel (MUSTER_TYPE_HELP_WINDOW);
  g_assert_nonnull (found);
  /* Help again brings the same window forward. */
  g_action_group_activate_action (G_ACTION_GROUP (muster_gui_test_get_app ()), "help", NULL);
  muster_gui_spin ();
  {
    GListModel *toplevels = gtk_window_get_toplevels ();
    guint help_windows = 0;

    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

        help_windows += MUSTER_IS_HELP_WINDOW (window);
      }
    g_assert_cmpuint (help_windows, ==, 1);
  }
  gtk_window_destroy (GTK_WINDOW (found));
  muster_gui_spin ();

  use_help_dir (dir);
  g_action_group_activate_action (G_ACTION_GROUP (muster_gui_test_get_app ()), "help", NULL);
  muster_gui_spin ();
  found = muster_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (found);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (found)), ==,
                   "The User Guide Could Not Be Opened");
  g_assert_cmpstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (found)), ==,
                   "The pages of Muster’s guide are not installed.");
  gtk_window_destroy (GTK_WINDOW (found));
  use_help_dir (NULL);
  muster_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_unsetenv ("MUSTER_HELPDIR");
  muster_gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/help/document/markup", test_document_markup);
  g_test_add_func ("/gui/help/document/languages", test_document_languages);
  g_test_add_func ("/gui/help/document/bad-pages", test_document_bad_pages);
  g_test_add_func ("/gui/help/window/navigation", test_window_navigation);
  g_test_add_func ("/gui/help/window/french", test_window_french);
  g_test_add_func ("/gui/help/window/help-action", test_help_action);

  return muster_gui_test_finish (g_test_run ());
}
