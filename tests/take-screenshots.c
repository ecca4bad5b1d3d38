/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-screenshots"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>

#include <adwaita.h>

#include "muster-application.h"
#include "muster-character.h"
#include "muster-character-window.h"
#include "muster-chart-card.h"
#include "muster-games-page.h"
#include "muster-recruit.h"
#include "muster-stats-page.h"
#include "muster-store.h"
#include "muster-record-dialog.h"
#include "muster-table-window.h"
#include "muster-test-util.h"
#include "muster-window.h"

/* Takes the screenshots of data/screenshots/ from the real windows: a
 * sample campaign with three games, the main window at 1280×800 on each
 * page, and a character sheet. Under xvfb-run, from the build directory:
 *
 *   ninja tests/take-screenshots
 *   LC_ALL=en_GB.UTF-8 xvfb-run -a dbus-run-session -- tests/take-screenshots OUTDIR [SUFFIX]
 *
 * MUSTER_SCREENSHOT_SIZE=360x720 gives another size of the main window;
 * ADW_DEBUG_COLOR_SCHEME=prefer-dark, ADW_DEBUG_HIGH_CONTRAST=1 and
 * LANGUAGE=fr (with LC_ALL=fr_FR.UTF-8) give the other looks; SUFFIX is
 * added to the file names ("roster-dark.png"). */

static const char *library;

static void
spin_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

static void
cli (const char *first,
     ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  va_list args;
  int status;

  g_ptr_array_add (argv, (gpointer) (g_getenv ("MUSTER_CLI") ? g_getenv ("MUSTER_CLI") : MUSTER_CLI_PATH));
  g_ptr_array_add (argv, (gpointer) "--library");
  g_ptr_array_add (argv, (gpointer) library);
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                     NULL, &err, &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    g_error ("muster-cli %s: %s %s", first, error ? error->message : "", err ? err : "");
}

/* The sample, two games played and resolved, and a third planned. Ids as
 * muster-cli sample makes them: 1-13 British, 14-24 French. */
static void
make_campaign (void)
{
  cli ("sample", "Peninsula 1812", NULL);

  cli ("new-game", "1", "The ford at Alba", "--date", "1812-06-01",
       "--with", "1", "--with", "2", "--with", "3", "--with", "5", "--with", "8",
       "--with", "14", "--with", "15", "--with", "16", "--with", "18", "--with", "20", NULL);
  cli ("result", "1", "2", "--outcome", "wounded", "--light", "1", "--killed", "15", NULL);
  cli ("result", "1", "5", "--outcome", "out-of-action", NULL);
  cli ("result", "1", "15", "--outcome", "out-of-action", NULL);
  cli ("result", "1", "16", "--outcome", "wounded", "--light", "2", "--killed", "5", NULL);
  cli ("result", "1", "18", "--outcome", "captured", NULL);
  cli ("finish", "1", "--winner", "British", NULL);
  cli ("resolve", "1", NULL);

  cli ("new-game", "1", "The convent wall", "--date", "1812-06-19",
       "--with", "1", "--with", "3", "--with", "4", "--with", "8", "--with", "9",
       "--with", "14", "--with", "17", "--with", "19", "--with", "20", "--with", "21", NULL);
  cli ("result", "2", "3", "--outcome", "out-of-action", NULL);
  cli ("result", "2", "8", "--outcome", "wounded", "--light", "1", "--killed", "17", NULL);
  cli ("result", "2", "17", "--outcome", "out-of-action", NULL);
  cli ("result", "2", "21", "--outcome", "wounded", "--serious", "1", "--killed", "3", NULL);
  cli ("finish", "2", "--winner", "French", NULL);
  cli ("resolve", "2", NULL);

  cli ("new-game", "1", "Patrol on the Tormes", "--date", "1812-07-02",
       "--with", "1", "--with", "2", "--with", "6", "--with", "14", "--with", "22", NULL);

  /* Played at the table: the order rolled, three hits. */
  cli ("start", "3", NULL);
  cli ("order", "3", NULL);
  cli ("hit", "3", "14", "--by", "1", "--location", "chest", "--faces", "effect=5,4", NULL);
  cli ("hit", "3", "1", "--by", "22", "--faces", "location=1", "--faces", "effect=3,2", NULL);
  cli ("hit", "3", "22", "--by", "2", "--melee", "2", "--location", "right-arm", "--faces", "effect=4", NULL);
}

static void
save_png (GtkWidget  *widget,
          const char *dir,
          const char *name,
          const char *suffix)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = g_strdup_printf ("%s%s%s.png", name, *suffix ? "-" : "", suffix);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (!gdk_texture_save_to_png (texture, path))
    g_error ("Cannot write %s", path);
  g_print ("%s (%d×%d)\n", path, width, height);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(MusterApplication) app = NULL;
  g_autoptr(MusterStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  const char *pages[] = { "roster", "games", "log", "honours", "statistics" };
  const char *size = g_getenv ("MUSTER_SCREENSHOT_SIZE");
  int width = 1280, height = 800;
  const char *suffix = argc > 2 ? argv[2] : "";
  MusterWindow *window;
  AdwViewStack *stack;
  GtkWindow *sheet = NULL;

  if (argc < 2)
    {
      g_printerr ("Usage: %s OUTDIR [SUFFIX]\n", argv[0]);
      return 2;
    }

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, BUILD_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_mkdir_with_parents (argv[1], 0755);

  dir = muster_test_make_tmpdir ();
  path = g_build_filename (dir, "library.db", NULL);
  library = path;
  make_campaign ();

  gtk_init ();
  adw_init ();
  app = muster_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_error ("%s", error->message);
  store = muster_store_open (path, &error);
  if (store == NULL)
    g_error ("%s", error->message);
  muster_application_set_store (app, store);

  window = muster_window_new (app);
  if (size != NULL && sscanf (size, "%dx%d", &width, &height) != 2)
    g_error ("MUSTER_SCREENSHOT_SIZE is WIDTHxHEIGHT, not %s", size);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  spin_for (800);

  stack = ADW_VIEW_STACK (gtk_widget_get_template_child (GTK_WIDGET (window), MUSTER_TYPE_WINDOW, "view_stack"));
  {
    /* A narrow window shows the campaign, not the list of campaigns. */
    AdwLeaflet *leaflet = ADW_LEAFLET (gtk_widget_get_template_child (GTK_WIDGET (window), MUSTER_TYPE_WINDOW, "leaflet"));

    if (adw_leaflet_get_folded (leaflet))
      adw_leaflet_navigate (leaflet, ADW_NAVIGATION_DIRECTION_FORWARD);
  }
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      GtkWidget *page = muster_window_get_page (window, pages[i]);

      adw_view_stack_set_visible_child_name (stack, pages[i]);
      if (MUSTER_IS_GAMES_PAGE (page))
        muster_games_page_select_game (MUSTER_GAMES_PAGE (page), 2);
      spin_for (500);
      save_png (GTK_WIDGET (window), argv[1], pages[i], suffix);
    }

  /* The score's numbers, as the Statistics page's table shows them. */
  {
    GtkWidget *page = muster_window_get_page (window, "statistics");
    GPtrArray *cards = muster_stats_page_get_cards (MUSTER_STATS_PAGE (page));

    adw_view_stack_set_visible_child_name (stack, "statistics");
    for (guint i = 0; i < cards->len; i++)
      muster_chart_card_show_table (g_ptr_array_index (cards, i), TRUE);
    spin_for (500);
    save_png (GTK_WIDGET (window), argv[1], "statistics-table", suffix);
  }

  /* Michael Doyle's sheet, wounded in the second game. */
  {
    g_autoptr(MusterCharacter) doyle = muster_store_find_character (store, 1, "Michael Doyle", &error);

    if (doyle == NULL)
      g_error ("%s", error->message);
    muster_application_open_character (app, muster_character_get_id (doyle));
  }
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (MUSTER_IS_CHARACTER_WINDOW (l->data))
      sheet = l->data;
  if (sheet == NULL)
    g_error ("The character sheet did not open");
  gtk_window_set_default_size (sheet, 560, 800);
  spin_for (800);
  /* No text selected in the first field. */
  gtk_window_set_focus (sheet, NULL);
  gtk_editable_select_region (GTK_EDITABLE (muster_character_window_get_editor (MUSTER_CHARACTER_WINDOW (sheet), "name")), 0, 0);
  spin_for (200);
  save_png (GTK_WIDGET (sheet), argv[1], "sheet", suffix);

  gtk_window_destroy (sheet);

  /* The table window of the game being played, wide and narrow. */
  {
    static const struct { const char *name; int width, height; } sizes[] = {
      { "table", 1366, 768 }, { "table-narrow", 400, 768 },
    };

    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      {
        MusterTableWindow *table = muster_table_window_new (store, 3);

        gtk_window_set_default_size (GTK_WINDOW (table), sizes[i].width, sizes[i].height);
        gtk_window_present (GTK_WINDOW (table));
        spin_for (800);
        save_png (GTK_WIDGET (table), argv[1], sizes[i].name, suffix);
        gtk_window_destroy (GTK_WINDOW (table));
      }
  }

  /* Record Results on the game being played, filled with the table's results. */
  {
    MusterRecordDialog *record = muster_record_dialog_new (store, 3, NULL);

    if (record != NULL)
      {
        gtk_window_set_default_size (GTK_WINDOW (record), 720, 768);
        gtk_window_present (GTK_WINDOW (record));
        spin_for (800);
        save_png (GTK_WIDGET (record), argv[1], "record-started", suffix);
        gtk_window_destroy (GTK_WINDOW (record));
      }
  }
  gtk_window_destroy (GTK_WINDOW (window));
  spin_for (100);
  return 0;
}
