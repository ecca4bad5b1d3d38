/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-gui-stats"

#include "config.h"

#include <adwaita.h>

#include "muster-chart-card.h"
#include "muster-chart-view.h"
#include "muster-force.h"
#include "muster-gui-test-util.h"
#include "muster-recruit.h"
#include "muster-stats-page.h"
#include "muster-stats-test-util.h"
#include "muster-test-util.h"

/* The Statistics page: its empty state, a chart card a series with the
 * numbers of the sample played three games (muster-stats-test-util.c
 * says what happens in them), each card's choice of force, the table
 * behind each chart, and the charts' colours in the light and dark
 * styles. */

static MusterStatsPage *
show_page (MusterGuiFixture *g)
{
  AdwViewStack *stack = ADW_VIEW_STACK (muster_gui_template_child (g->window, MUSTER_TYPE_WINDOW, "view_stack"));

  adw_view_stack_set_visible_child_name (stack, "statistics");
  muster_gui_spin ();
  return MUSTER_STATS_PAGE (muster_window_get_page (g->window, "statistics"));
}

static const char *
visible_state (MusterStatsPage *page)
{
  GtkStack *stack = GTK_STACK (muster_gui_template_child (page, MUSTER_TYPE_STATS_PAGE, "stack"));

  return gtk_stack_get_visible_child_name (stack);
}

static MusterChartCard *
find_card (MusterStatsPage *page,
           const char      *id)
{
  GPtrArray *cards = muster_stats_page_get_cards (page);

  for (guint i = 0; i < cards->len; i++)
    if (g_str_equal (muster_stats_series_get_id (muster_chart_card_get_series (g_ptr_array_index (cards, i))), id))
      return g_ptr_array_index (cards, i);
  g_error ("No card shows the series %s", id);
  return NULL;
}

/* The sample played three games, in a library the window opens. */
static void
open_played (MusterGuiFixture *g)
{
  Fixture fx = { 0 };

  play_sample (&fx, NULL, 3);
  g->store = g_steal_pointer (&fx.store);
  g->path = g_strdup (muster_store_get_path (g->store));
  g->campaign_id = fx.campaign;
  muster_application_set_store (muster_gui_test_get_app (), g->store);
  g->window = muster_window_new (muster_gui_test_get_app ());
  gtk_window_present (GTK_WINDOW (g->window));
  muster_gui_spin ();
}

static void
test_empty (void)
{
  MusterGuiFixture g = { 0 };
  MusterStatsPage *page;

  muster_gui_fixture_open (&g, TRUE);
  page = show_page (&g);
  muster_gui_wait_until (muster_window_get_campaign_id (g.window) == g.campaign_id);
  g_assert_cmpstr (visible_state (page), ==, "empty");
  g_assert_cmpuint (muster_stats_page_get_cards (page)->len, ==, 0);
  muster_gui_fixture_close (&g);
}

static gboolean
has_label (GtkWidget  *root,
           const char *text)
{
  return muster_gui_find_widget (root, GTK_TYPE_LABEL, text) != NULL;
}

static void
test_charts (void)
{
  MusterGuiFixture g = { 0 };
  MusterStatsPage *page;
  MusterChartCard *card;
  MusterStatsSeries *series;
  GtkWidget *table;
  GPtrArray *cards;

  open_played (&g);
  page = show_page (&g);
  muster_gui_wait_until (muster_stats_page_get_cards (page)->len > 0);
  g_assert_cmpstr (visible_state (page), ==, "charts");

  /* A card a series of a campaign kept by figure: strength once (on the
   * first force), and nothing of units. */
  cards = muster_stats_page_get_cards (page);
  g_assert_cmpuint (cards->len, ==, 9);
  for (guint i = 0; i < cards->len; i++)
    {
      GtkWidget *chart = muster_chart_card_get_chart (g_ptr_array_index (cards, i));

      g_assert_true (MUSTER_IS_CHART_VIEW (chart));
      g_assert_true (muster_chart_view_get_series (MUSTER_CHART_VIEW (chart)) ==
                     muster_chart_card_get_series (g_ptr_array_index (cards, i)));
    }

  /* The score: game 1 won by the British, game 2 by the French, game 3
   * drawn. */
  card = find_card (page, MUSTER_STATS_SCORE);
  series = muster_chart_card_get_series (card);
  g_assert_cmpuint (muster_stats_series_get_n_rows (series), ==, 3);
  g_assert_cmpfloat (muster_stats_series_get_value (series, 2, muster_stats_series_find_column (series, "British")), ==, 1);
  g_assert_cmpfloat (muster_stats_series_get_value (series, 2, muster_stats_series_find_column (series, "French")), ==, 1);

  /* Its table, made when first shown: the rows and the numbers, read
   * as a table. */
  g_assert_null (muster_chart_card_get_table (card));
  muster_chart_card_show_table (card, TRUE);
  table = muster_chart_card_get_table (card);
  muster_gui_wait_until (gtk_widget_get_mapped (table));
  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (table)), ==, GTK_ACCESSIBLE_ROLE_TABLE);
  g_assert_true (has_label (table, "French"));
  g_assert_true (has_label (table, "1"));
  g_assert_false (gtk_widget_get_mapped (muster_chart_card_get_chart (card)));
  muster_chart_card_show_table (card, FALSE);
  muster_gui_wait_until (gtk_widget_get_mapped (muster_chart_card_get_chart (card)));

  /* Casualties of one force: the French, the second of the choice. */
  card = find_card (page, MUSTER_STATS_CASUALTIES);
  g_assert_cmpstr (muster_stats_series_get_title (muster_chart_card_get_series (card)), ==, "Casualties per game");
  muster_chart_card_set_force (card, 2);
  series = muster_chart_card_get_series (card);
  g_assert_cmpstr (muster_stats_series_get_title (series), ==, "Casualties of " SAMPLE_FRENCH);
  g_assert_true (muster_chart_view_get_series (MUSTER_CHART_VIEW (muster_chart_card_get_chart (card))) == series);
  muster_chart_card_set_force (card, 0);
  g_assert_cmpstr (muster_stats_series_get_title (muster_chart_card_get_series (card)), ==, "Casualties per game");

  /* Strength, a series a force, offers the forces only: the second is
   * the French. */
  card = find_card (page, MUSTER_STATS_STRENGTH);
  g_assert_cmpstr (muster_stats_series_get_force_name (muster_chart_card_get_series (card)), ==, SAMPLE_BRITISH);
  muster_chart_card_set_force (card, 1);
  g_assert_cmpstr (muster_stats_series_get_force_name (muster_chart_card_get_series (card)), ==, SAMPLE_FRENCH);

  /* A game more is shown at once: the page follows the store. */
  {
    Fixture fx = { g.store, g.campaign_id };
    gint64 game = new_game (&fx, "The hill", man (&fx, "Edward Ashworth"), man (&fx, "Étienne Marchal"),
                            (gint64) 0, (gint64) 0);

    result (&fx, game, man (&fx, "Edward Ashworth"), "unhurt", 0, 0, 0, (gint64) 0);
    result (&fx, game, man (&fx, "Étienne Marchal"), "unhurt", 0, 0, 0, (gint64) 0);
    finish (&fx, game, "French");
    resolve (&fx, game, NULL);
  }
  muster_gui_wait_until (muster_stats_series_get_n_rows (muster_chart_card_get_series (find_card (page, MUSTER_STATS_SCORE))) == 4);
  muster_gui_fixture_close (&g);
}

static void
assert_palette (MusterChartView *chart,
                gboolean         dark)
{
  MusterChartPalette palette;
  GtkStyleContext *context;
  GdkRGBA accent;

  muster_chart_view_get_palette (chart, &palette);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  context = gtk_widget_get_style_context (GTK_WIDGET (chart));
  g_assert_true (gtk_style_context_lookup_color (context, "accent_bg_color", &accent));
  G_GNUC_END_IGNORE_DEPRECATIONS
  g_assert_cmpfloat_with_epsilon (palette.accent.red, accent.red, 1e-6);
  g_assert_cmpfloat_with_epsilon (palette.accent.green, accent.green, 1e-6);
  g_assert_cmpfloat_with_epsilon (palette.accent.blue, accent.blue, 1e-6);
  /* Text light on the dark style, dark on the light one. */
  if (dark)
    g_assert_cmpfloat (palette.foreground.red + palette.foreground.green + palette.foreground.blue, >, 1.5);
  else
    g_assert_cmpfloat (palette.foreground.red + palette.foreground.green + palette.foreground.blue, <, 1.5);
  g_assert_cmpfloat (palette.background.alpha, ==, 0);
}

static void
test_styles (void)
{
  MusterGuiFixture g = { 0 };
  AdwStyleManager *manager = adw_style_manager_get_default ();
  MusterStatsPage *page;
  GtkWidget *chart;

  open_played (&g);
  page = show_page (&g);
  muster_gui_wait_until (muster_stats_page_get_cards (page)->len > 0);
  chart = muster_chart_card_get_chart (find_card (page, MUSTER_STATS_SCORE));
  muster_gui_wait_until (gtk_widget_get_mapped (chart));
  muster_gui_wait_for_frame (chart);
  g_assert_cmpint (gtk_widget_get_width (chart), >, 0);

  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_LIGHT);
  muster_gui_wait_until (!adw_style_manager_get_dark (manager));
  muster_gui_wait_for_frame (chart);
  assert_palette (MUSTER_CHART_VIEW (chart), FALSE);

  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
  muster_gui_wait_until (adw_style_manager_get_dark (manager));
  muster_gui_wait_for_frame (chart);
  assert_palette (MUSTER_CHART_VIEW (chart), TRUE);

  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
  muster_gui_fixture_close (&g);
}

/* A change made while the page is hidden is read when the page is shown
 * again, not at once: the cards stay as they were until then. */
static void
test_hidden (void)
{
  MusterGuiFixture g = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) forces = NULL;
  g_autoptr(GArray) ids = NULL;
  AdwViewStack *stack;
  MusterStatsPage *page;
  gpointer card;
  const MusterTroopType *type;
  g_autoptr(MusterRuleset) rules = NULL;

  open_played (&g);
  page = show_page (&g);
  muster_gui_wait_until (muster_stats_page_get_cards (page)->len > 0);
  card = g_ptr_array_index (muster_stats_page_get_cards (page), 0);
  g_object_add_weak_pointer (card, &card);

  stack = ADW_VIEW_STACK (muster_gui_template_child (g.window, MUSTER_TYPE_WINDOW, "view_stack"));
  adw_view_stack_set_visible_child_name (stack, "roster");
  muster_gui_wait_until (!gtk_widget_get_mapped (GTK_WIDGET (page)));

  forces = muster_store_list_forces (g.store, g.campaign_id, &error);
  g_assert_no_error (error);
  rules = muster_rulesets_lookup ("sharpes-skirmish", &error);
  g_assert_no_error (error);
  type = muster_ruleset_get_troop_type (rules, 0);
  ids = muster_store_recruit (g.store, muster_force_get_id (g_ptr_array_index (forces, 0)),
                              type->id, NULL, "Obadiah Hakeswill", 1, &error);
  g_assert_no_error (error);
  muster_gui_spin ();
  g_assert_nonnull (card);

  adw_view_stack_set_visible_child_name (stack, "statistics");
  muster_gui_wait_until (card == NULL);
  g_assert_cmpstr (visible_state (page), ==, "charts");
  g_assert_cmpuint (muster_stats_page_get_cards (page)->len, ==, 9);
  muster_gui_fixture_close (&g);
}

int
main (int   argc,
      char *argv[])
{
  muster_gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/stats/empty", test_empty);
  g_test_add_func ("/gui/stats/charts", test_charts);
  g_test_add_func ("/gui/stats/styles", test_styles);
  g_test_add_func ("/gui/stats/hidden", test_hidden);
  return muster_gui_test_finish (g_test_run ());
}
