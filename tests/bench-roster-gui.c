/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bench-roster"

#include "config.h"

#include <adwaita.h>
#include <sqlite3.h>

#include "bench-roster-gui.h"
#include "muster-application.h"
#include "muster-bench-gui.h"
#include "muster-character.h"
#include "muster-game.h"
#include "muster-log-item.h"
#include "muster-log-page.h"
#include "muster-recruit.h"
#include "muster-roster-page.h"
#include "muster-store-private.h"
#include "muster-test-util.h"
#include "muster-unit-list.h"
#include "muster-unit.h"
#include "muster-window.h"

/*
 * The lists in the real window, each against a plain GtkColumnView of the
 * same rows on GTK's stock models (a GtkSortListModel under the view's
 * sorter, a GtkFilterListModel, GTK's string and numeric sorters and
 * string filter), in a window the size of Muster's list. Every figure is
 * the time from the change to the next frame painted; Muster's list and
 * the plain one take turns. A filter's ratio is the median of the ratios
 * of each step taken by both (a letter, a game chosen); a sort's, the
 * median over the columns of the ratios of the medians for a column.
 *
 *   roster: 10,000 characters; a five-letter search typed letter by
 *           letter (from the entry's ::search-changed, its typing delay
 *           left out), and a sort by each column, up then down;
 *   units:  1,000 units, each led by a character, the same;
 *   log:    100,000 entries; shown by one game, another, a third, one
 *           character, then all again.
 */

#define N_CHARACTERS 10000
#define BATCH        500
#define N_UNITS      1000
#define N_LOG        100000
#define N_LOG_GAMES  100
#define ROSTER_SEARCH "rifle"
#define UNIT_SEARCH   "infan"

typedef struct {
  MusterStore  *store;
  MusterWindow *window;
  gint64        roster_campaign;
  gint64        unit_campaign;
  gint64        log_campaign;
  GArray       *log_games;       /* gint64 */
  gint64        log_character;
  guint         runs;
} Bench;

/* --- The library ---------------------------------------------------------- */

static gint64
make_campaign (MusterStore *store,
               const char  *name,
               const char  *ruleset_id,
               gint64       forces[2])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup (ruleset_id, &error);
  gint64 campaign;

  g_assert_no_error (error);
  campaign = muster_store_create_campaign (store, name, ruleset, 1809, NULL, &error);
  g_assert_no_error (error);
  forces[0] = muster_store_create_force (store, campaign, "Light Division", "British", &error);
  g_assert_no_error (error);
  forces[1] = muster_store_create_force (store, campaign, "VI Corps", "French", &error);
  g_assert_no_error (error);
  return campaign;
}

static void
build_roster (Bench *b)
{
  const char *types[] = { "line", "voltigeur", "rifleman", "other" };
  g_autoptr(GError) error = NULL;
  gint64 forces[2];

  b->roster_campaign = make_campaign (b->store, "Roster", "sharpes-skirmish", forces);
  for (guint i = 0; i < N_CHARACTERS / BATCH; i++)
    {
      g_autoptr(GArray) ids = muster_store_recruit (b->store, forces[i % 2], types[i % G_N_ELEMENTS (types)],
                                                    NULL, NULL, BATCH, &error);
      g_assert_no_error (error);
    }
}

static void
build_units (Bench *b)
{
  const char *kinds[] = { "infantry", "skirmishers", "cavalry", "artillery" };
  const char *ratings[] = { "green", "regular", "veteran", "crack" };
  g_autoptr(GError) error = NULL;
  gint64 forces[2];

  b->unit_campaign = make_campaign (b->store, "Units", "chosen-men", forces);
  for (guint i = 0; i < N_UNITS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Company %u", i + 1);
      MusterUnitSpec spec = { name, kinds[i % G_N_ELEMENTS (kinds)], ratings[(i / 4) % G_N_ELEMENTS (ratings)], 0, NULL };
      gint64 unit = muster_store_create_unit (b->store, forces[i % 2], &spec, &error);
      g_autoptr(GArray) ids = NULL;

      g_assert_no_error (error);
      ids = muster_store_recruit_into (b->store, forces[i % 2], unit, "squad-leader", NULL, NULL, 1, &error);
      g_assert_no_error (error);
    }
}

/* A thousand characters, a hundred games, and log entries about them up
 * to N_LOG, written straight into the table. */
static void
build_log (Bench *b)
{
  g_autoptr(GError) error = NULL;
  GArray *ids[2];
  sqlite3 *db = muster_store_get_db (b->store);
  sqlite3_stmt *stmt = NULL;
  gint64 forces[2];
  gint64 have;

  b->log_campaign = make_campaign (b->store, "Log", "sharpes-skirmish", forces);
  for (guint i = 0; i < 2; i++)
    {
      ids[i] = muster_store_recruit (b->store, forces[i], "line", NULL, NULL, 500, &error);
      g_assert_no_error (error);
    }
  b->log_character = g_array_index (ids[0], gint64, 7);
  b->log_games = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint g = 0; g < N_LOG_GAMES; g++)
    {
      g_autofree char *title = g_strdup_printf ("Skirmish %u", g + 1);
      gint64 who[4] = { g_array_index (ids[0], gint64, (2 * g) % 500), g_array_index (ids[1], gint64, (2 * g) % 500),
                        g_array_index (ids[0], gint64, (2 * g + 1) % 500), g_array_index (ids[1], gint64, (2 * g + 1) % 500) };
      gint64 game = muster_store_create_game (b->store, b->log_campaign, title, NULL, who, G_N_ELEMENTS (who), &error);

      g_assert_no_error (error);
      g_array_append_val (b->log_games, game);
    }

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT count(*) FROM log_entry WHERE campaign_id = ?", -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_int64 (stmt, 1, b->log_campaign);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  have = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);

  g_assert_cmpint (sqlite3_exec (db, "BEGIN IMMEDIATE", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "INSERT INTO log_entry (campaign_id, game_id, character_id, kind, message, created)"
                                           " VALUES (?, ?, ?, 'note', ?, '1811-05-03T10:00:00Z')", -1, &stmt, NULL), ==, SQLITE_OK);
  for (gint64 i = have; i < N_LOG; i++)
    {
      g_autofree char *message = g_strdup_printf ("Entry %" G_GINT64_FORMAT " of the campaign, about the skirmish.", i);

      sqlite3_bind_int64 (stmt, 1, b->log_campaign);
      sqlite3_bind_int64 (stmt, 2, g_array_index (b->log_games, gint64, i % N_LOG_GAMES));
      sqlite3_bind_int64 (stmt, 3, g_array_index (ids[i % 2], gint64, (i / 2) % 500));
      sqlite3_bind_text (stmt, 4, message, -1, SQLITE_TRANSIENT);
      g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
      sqlite3_reset (stmt);
    }
  sqlite3_finalize (stmt);
  g_assert_cmpint (sqlite3_exec (db, "COMMIT", NULL, NULL, NULL), ==, SQLITE_OK);
  g_array_unref (ids[0]);
  g_array_unref (ids[1]);
}

/* --- Helpers -------------------------------------------------------------- */

static GtkWidget *
find_widget (GtkWidget *root,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
wait_for_items (GListModel *model,
                guint       n)
{
  while (g_list_model_get_n_items (model) != n)
    g_main_context_iteration (NULL, TRUE);
}

/* A plain list the size of @view's scrolled window, shown. */
static MusterPlainList *
plain_like (GtkColumnView *view,
            GListModel    *items,
            GtkFilter     *filter)
{
  GtkWidget *scrolled = gtk_widget_get_parent (GTK_WIDGET (view));
  MusterPlainList *plain = muster_plain_list_new (items, filter,
                                                  gtk_widget_get_width (scrolled),
                                                  gtk_widget_get_height (scrolled));

  gtk_window_present (plain->window);
  return plain;
}

static GListModel *
store_of (GPtrArray *objects,
          GType      type)
{
  GListStore *store = g_list_store_new (type);

  g_list_store_splice (store, 0, 0, objects->pdata, objects->len);
  return G_LIST_MODEL (store);
}

static GtkExpression *
property (GType       type,
          const char *name)
{
  return gtk_property_expression_new (type, NULL, name);
}

static GtkExpression *
closure (GType     value_type,
         GCallback callback,
         gpointer  data)
{
  return gtk_cclosure_expression_new (value_type, NULL, 0, NULL, callback, data, NULL);
}

static void
add (MusterPlainList *plain,
     const char      *title,
     GtkExpression   *expression,
     gboolean         numeric)
{
  muster_plain_list_add_column (plain, title, expression, numeric);
  gtk_expression_unref (expression);
}

typedef struct {
  GtkStringFilter *filter;
  const char      *text;
} SetSearch;

static void
set_search (gpointer data)
{
  SetSearch *search = data;

  gtk_string_filter_set_search (search->filter, search->text);
}

typedef struct {
  MusterUnitList *list;
  const char     *text;
} SetUnitSearch;

static void
set_unit_search (gpointer data)
{
  SetUnitSearch *search = data;

  muster_unit_list_set_search (search->list, search->text);
}

/* Types the last letter of @text into @entry (or, without one, searches
 * @text in the unit list @list alone): the milliseconds to the next
 * frame. */
static double
search_ours (GtkSearchEntry *entry,
             MusterUnitList *list,
             const char     *text)
{
  SetUnitSearch unit_search = { list, text };

  if (entry != NULL)
    return muster_bench_time_letter (entry, text + strlen (text) - 1);
  return muster_bench_time_to_paint (GTK_WIDGET (list), set_unit_search, &unit_search);
}

/* Types @word letter by letter into @entry or @list and into the plain
 * list's filter, taking turns, then clears both. */
static void
type_word (GtkSearchEntry  *entry,
           MusterUnitList  *list,
           MusterPlainList *plain,
           GtkStringFilter *filter,
           const char      *word,
           GArray          *ours,
           GArray          *baseline)
{
  SetSearch clear = { filter, NULL };

  for (gsize i = 1; i <= strlen (word); i++)
    {
      g_autofree char *prefix = g_strndup (word, i);
      SetSearch search = { filter, prefix };
      double ms;

      ms = search_ours (entry, list, prefix);
      g_array_append_val (ours, ms);
      ms = muster_bench_time_to_paint (GTK_WIDGET (plain->view), set_search, &search);
      g_array_append_val (baseline, ms);
    }
  if (entry != NULL)
    gtk_editable_set_text (GTK_EDITABLE (entry), "");
  else
    muster_unit_list_set_search (list, NULL);
  muster_bench_time_to_paint (GTK_WIDGET (plain->view), set_search, &clear);
}

/* Sorts by each column, up and down, against the plain list sorting every
 * column with GTK's string sorter over its text (@name), then the columns
 * of numbers again against GTK's numeric sorter (@numeric_name); each
 * figure is the median over the columns of the ratio for a column. */
static void
measure_sort (const char      *name,
              const char      *numeric_name,
              const char      *what,
              GtkColumnView   *view,
              MusterPlainList *plain,
              guint            runs)
{
  g_autoptr(GArray) ours = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) baseline = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) ratios = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) numeric_ratios = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GPtrArray) columns = muster_bench_visible_columns (view);
  g_autoptr(GPtrArray) plain_columns = muster_bench_visible_columns (plain->view);

  g_assert_cmpuint (columns->len, ==, plain_columns->len);
  g_print ("%s, each column up and down, against GTK's string sorter:\n", what);
  for (guint c = 0; c < columns->len; c++)
    {
      double ratio = muster_bench_sort_column (view, g_ptr_array_index (columns, c),
                                               plain, g_ptr_array_index (plain_columns, c),
                                               runs, ours, baseline);

      g_array_append_val (ratios, ratio);
      if (!g_ptr_array_find (plain->numbers, g_ptr_array_index (plain_columns, c), NULL))
        g_array_append_val (numeric_ratios, ratio);
    }
  muster_test_report_ms ("  all columns, Muster", ours);
  muster_test_report_ms ("  all columns, plain", baseline);
  g_print ("  median over the columns: %.2fx\n", muster_test_median (ratios));
  muster_test_bench_line (name, muster_test_median (ratios), "x");

  g_print ("%s, the columns of numbers against GTK's numeric sorter:\n", what);
  muster_plain_list_sort_numbers (plain);
  for (guint c = 0; c < columns->len; c++)
    if (g_ptr_array_find (plain->numbers, g_ptr_array_index (plain_columns, c), NULL))
      {
        double ratio = muster_bench_sort_column (view, g_ptr_array_index (columns, c),
                                                 plain, g_ptr_array_index (plain_columns, c),
                                                 runs, ours, baseline);

        g_array_append_val (numeric_ratios, ratio);
      }
  g_print ("  median over the columns, numbers sorted as numbers: %.2fx\n", muster_test_median (numeric_ratios));
  muster_test_bench_line (numeric_name, muster_test_median (numeric_ratios), "x");
}

/* --- The roster ------------------------------------------------------------ */

static int
stat_value (MusterCharacter *character,
            const char      *key)
{
  int value = -1;

  if (character != NULL)
    muster_character_get_stat (character, key, &value);
  return value;
}

static int
status_order (MusterCharacter *character)
{
  if (character == NULL)
    return 0;
  return (int) muster_character_get_status (character) * 1000 + muster_character_get_out_games (character);
}

static char *
character_text (MusterCharacter *character)
{
  if (character == NULL)
    return NULL;
  return g_strjoin ("\n", muster_character_get_name (character), muster_character_get_force_name (character),
                    muster_character_get_troop_type (character), muster_character_get_weapon (character),
                    muster_character_get_rank (character), NULL);
}

static void
bench_roster (Bench *b)
{
  MusterRosterPage *page = MUSTER_ROSTER_PAGE (muster_window_get_roster_page (b->window));
  GtkColumnView *view = muster_roster_page_get_column_view (page);
  g_autoptr(GPtrArray) characters = muster_store_list_characters (b->store, b->roster_campaign, 0, NULL);
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("sharpes-skirmish", NULL);
  g_autoptr(GArray) ours = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) baseline = g_array_new (FALSE, FALSE, sizeof (double));
  GtkStringFilter *filter;
  MusterPlainList *plain;

  muster_window_select_campaign (b->window, b->roster_campaign);
  wait_for_items (muster_roster_page_get_model (page), N_CHARACTERS);
  muster_bench_settle ();

  filter = gtk_string_filter_new (closure (G_TYPE_STRING, G_CALLBACK (character_text), NULL));
  plain = plain_like (view, store_of (characters, MUSTER_TYPE_CHARACTER), GTK_FILTER (g_object_ref (filter)));
  add (plain, "Name", property (MUSTER_TYPE_CHARACTER, "name"), FALSE);
  add (plain, "Force", property (MUSTER_TYPE_CHARACTER, "force-name"), FALSE);
  add (plain, "Troop Type", property (MUSTER_TYPE_CHARACTER, "troop-type"), FALSE);
  add (plain, "Weapon", property (MUSTER_TYPE_CHARACTER, "weapon"), FALSE);
  for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
    {
      const MusterStatDef *stat = muster_ruleset_get_stat (ruleset, i);

      add (plain, stat->key, gtk_cclosure_expression_new (G_TYPE_INT, NULL, 0, NULL, G_CALLBACK (stat_value),
                                                          g_strdup (stat->key), (GClosureNotify) (void (*) (void)) g_free), TRUE);
    }
  add (plain, "Status", closure (G_TYPE_INT, G_CALLBACK (status_order), NULL), TRUE);
  add (plain, "Kills", property (MUSTER_TYPE_CHARACTER, "kills"), TRUE);
  add (plain, "Games", property (MUSTER_TYPE_CHARACTER, "games"), TRUE);
  {
    g_autoptr(GPtrArray) columns = muster_bench_visible_columns (plain->view);

    gtk_column_view_sort_by_column (plain->view, g_ptr_array_index (columns, 0), GTK_SORT_ASCENDING);
  }
  muster_bench_settle ();

  g_print ("Roster of %d characters: “%s” typed letter by letter:\n", N_CHARACTERS, ROSTER_SEARCH);
  for (guint run = 0; run < b->runs; run++)
    type_word (muster_roster_page_get_search_entry (page), NULL, plain, filter, ROSTER_SEARCH, ours, baseline);
  muster_test_report_paired_ratio ("roster-filter-plain-ratio", "  a letter typed", ours, baseline, "plain");

  measure_sort ("roster-sort-plain-ratio", "roster-sort-numeric-plain-ratio", "Roster sorted",
                view, plain, b->runs);
  muster_plain_list_free (plain);
  g_object_unref (filter);
}

/* --- The units -------------------------------------------------------------- */

static GHashTable *unit_names;

static char *
unit_characters (MusterUnit *unit)
{
  gint64 id;

  if (unit == NULL)
    return g_strdup ("");
  id = muster_unit_get_id (unit);
  return g_strdup (g_hash_table_lookup (unit_names, &id));
}

static char *
unit_text (MusterUnit *unit)
{
  g_autofree char *names = unit_characters (unit);

  if (unit == NULL)
    return NULL;
  return g_strjoin ("\n", muster_unit_get_name (unit), muster_unit_get_force_name (unit), muster_unit_get_kind (unit),
                    muster_unit_get_rating (unit) ? muster_unit_get_rating (unit) : "", names, NULL);
}

static void
bench_units (Bench *b)
{
  MusterRosterPage *page = MUSTER_ROSTER_PAGE (muster_window_get_roster_page (b->window));
  MusterUnitList *list = MUSTER_UNIT_LIST (muster_roster_page_get_unit_list (page));
  GtkColumnView *view = muster_unit_list_get_column_view (list);
  g_autoptr(GPtrArray) units = muster_store_list_units (b->store, b->unit_campaign, 0, NULL);
  g_autoptr(GPtrArray) characters = muster_store_list_characters (b->store, b->unit_campaign, 0, NULL);
  g_autoptr(GArray) ours = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) baseline = g_array_new (FALSE, FALSE, sizeof (double));
  GtkStringFilter *filter;
  MusterPlainList *plain;

  unit_names = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  for (guint i = 0; i < characters->len; i++)
    {
      MusterCharacter *character = g_ptr_array_index (characters, i);
      gint64 unit = muster_character_get_unit_id (character);

      g_hash_table_insert (unit_names, g_memdup2 (&unit, sizeof unit), g_strdup (muster_character_get_name (character)));
    }

  muster_window_select_campaign (b->window, b->unit_campaign);
  wait_for_items (muster_unit_list_get_model (list), N_UNITS);
  muster_bench_settle ();

  filter = gtk_string_filter_new (closure (G_TYPE_STRING, G_CALLBACK (unit_text), NULL));
  plain = plain_like (view, store_of (units, MUSTER_TYPE_UNIT), GTK_FILTER (g_object_ref (filter)));
  add (plain, "Name", property (MUSTER_TYPE_UNIT, "name"), FALSE);
  add (plain, "Force", property (MUSTER_TYPE_UNIT, "force-name"), FALSE);
  add (plain, "Type", property (MUSTER_TYPE_UNIT, "kind"), FALSE);
  add (plain, "Rating", property (MUSTER_TYPE_UNIT, "rating"), FALSE);
  add (plain, "Size", property (MUSTER_TYPE_UNIT, "size"), TRUE);
  add (plain, "Lost", property (MUSTER_TYPE_UNIT, "lost"), TRUE);
  add (plain, "Left", property (MUSTER_TYPE_UNIT, "present"), TRUE);
  add (plain, "Status", property (MUSTER_TYPE_UNIT, "status"), FALSE);
  add (plain, "Characters", closure (G_TYPE_STRING, G_CALLBACK (unit_characters), NULL), FALSE);
  {
    g_autoptr(GPtrArray) columns = muster_bench_visible_columns (plain->view);

    gtk_column_view_sort_by_column (plain->view, g_ptr_array_index (columns, 0), GTK_SORT_ASCENDING);
  }
  muster_bench_settle ();

  g_print ("Units, %d of them: “%s” searched letter by letter in the unit list:\n", N_UNITS, UNIT_SEARCH);
  for (guint run = 0; run < b->runs; run++)
    type_word (NULL, list, plain, filter, UNIT_SEARCH, ours, baseline);
  muster_test_report_paired_ratio ("units-filter-plain-ratio", "  a letter typed", ours, baseline, "plain");

  measure_sort ("units-sort-plain-ratio", "units-sort-numeric-plain-ratio", "Units sorted",
                view, plain, b->runs);
  muster_plain_list_free (plain);
  g_object_unref (filter);
  g_clear_pointer (&unit_names, g_hash_table_unref);
}

/* --- The log ------------------------------------------------------------------ */

static gint64 plain_game, plain_character;

static gboolean
log_match (gpointer item,
           gpointer data)
{
  const MusterLogEntry *entry = muster_log_item_get_entry (item);

  return (plain_game == 0 || entry->game_id == plain_game) &&
         (plain_character == 0 || entry->character_id == plain_character);
}

/* Copies: a closure returning a string gives it away. */
static char *
log_message (MusterLogItem *item)
{
  return item ? g_strdup (muster_log_item_get_entry (item)->message) : NULL;
}

static char *
log_game (MusterLogItem *item)
{
  return item ? g_strdup (muster_log_item_get_game_label (item)) : NULL;
}

static char *
log_character (MusterLogItem *item)
{
  return item ? g_strdup (muster_log_item_get_character_name (item)) : NULL;
}

typedef struct {
  MusterLogPage   *page;
  GtkCustomFilter *filter;
  gint64           game;
  gint64           character;
} ShowLog;

static void
show_log (gpointer data)
{
  ShowLog *show = data;

  g_assert_true (muster_log_page_set_filter (show->page, show->game, show->character));
}

static void
show_plain (gpointer data)
{
  ShowLog *show = data;

  plain_game = show->game;
  plain_character = show->character;
  /* The filter's function is the same; what it lets through is not. */
  gtk_filter_changed (GTK_FILTER (show->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static void
bench_log (Bench *b)
{
  GtkWidget *stack = find_widget (GTK_WIDGET (b->window), ADW_TYPE_VIEW_STACK);
  MusterLogPage *page;
  GtkColumnView *view;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GArray) ours = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) baseline = g_array_new (FALSE, FALSE, sizeof (double));
  GtkCustomFilter *filter;
  MusterPlainList *plain;
  guint n;

  muster_window_select_campaign (b->window, b->log_campaign);
  adw_view_stack_set_visible_child_name (ADW_VIEW_STACK (stack), "log");
  page = MUSTER_LOG_PAGE (muster_window_get_page (b->window, "log"));
  view = GTK_COLUMN_VIEW (find_widget (GTK_WIDGET (page), GTK_TYPE_COLUMN_VIEW));
  entries = muster_store_list_log (b->store, b->log_campaign, 0, 0, NULL);
  n = entries->len;
  g_assert_cmpuint (n, ==, N_LOG);
  wait_for_items (muster_log_page_get_model (page), n);
  muster_bench_settle ();

  for (guint i = 0; i < entries->len; i++)
    {
      MusterLogEntry *entry = g_ptr_array_index (entries, i);
      g_autofree char *game = g_strdup_printf ("Game %" G_GINT64_FORMAT, entry->game_id);
      g_autofree char *who = g_strdup_printf ("Soldier %" G_GINT64_FORMAT, entry->character_id);

      g_ptr_array_add (items, muster_log_item_new (entry, game, who));
    }
  g_ptr_array_set_free_func (entries, NULL);

  filter = gtk_custom_filter_new (log_match, NULL, NULL);
  plain = plain_like (view, store_of (items, MUSTER_TYPE_LOG_ITEM), GTK_FILTER (g_object_ref (filter)));
  add (plain, "Date", closure (G_TYPE_STRING, G_CALLBACK (muster_log_item_format_date), NULL), FALSE);
  add (plain, "Game", closure (G_TYPE_STRING, G_CALLBACK (log_game), NULL), FALSE);
  add (plain, "Character", closure (G_TYPE_STRING, G_CALLBACK (log_character), NULL), FALSE);
  add (plain, "What Happened", closure (G_TYPE_STRING, G_CALLBACK (log_message), NULL), FALSE);
  add (plain, "Dice", closure (G_TYPE_STRING, G_CALLBACK (muster_log_item_format_dice), NULL), FALSE);
  muster_bench_settle ();

  g_print ("Log of %u entries: by one game, another, a third, one character, then all:\n", n);
  for (guint run = 0; run < b->runs; run++)
    {
      ShowLog steps[] = {
        { page, filter, g_array_index (b->log_games, gint64, run % N_LOG_GAMES), 0 },
        { page, filter, g_array_index (b->log_games, gint64, (run + 17) % N_LOG_GAMES), 0 },
        { page, filter, g_array_index (b->log_games, gint64, (run + 42) % N_LOG_GAMES), 0 },
        { page, filter, 0, b->log_character },
        { page, filter, 0, 0 },
      };

      for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
        {
          double ms;

          ms = muster_bench_time_to_paint (GTK_WIDGET (view), show_log, &steps[i]);
          g_array_append_val (ours, ms);
          ms = muster_bench_time_to_paint (GTK_WIDGET (plain->view), show_plain, &steps[i]);
          g_array_append_val (baseline, ms);
        }
    }
  muster_test_report_paired_ratio ("log-filter-plain-ratio", "  shown by a filter", ours, baseline, "plain");
  muster_plain_list_free (plain);
  g_object_unref (filter);
  adw_view_stack_set_visible_child_name (ADW_VIEW_STACK (stack), "roster");
}

void
muster_bench_roster_gui (guint runs)
{
  g_autoptr(MusterApplication) app = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(GTimer) timer = g_timer_new ();
  Bench b = { 0 };

  b.runs = runs;
  b.store = muster_store_open (path, &error);
  g_assert_no_error (error);
  build_roster (&b);
  build_units (&b);
  build_log (&b);
  g_print ("Library for the lists built in %.1f s\n", g_timer_elapsed (timer, NULL));

  gtk_init ();
  adw_init ();
  app = muster_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  g_application_hold (G_APPLICATION (app));
  muster_application_set_store (app, b.store);
  b.window = muster_window_new (app);
  gtk_window_present (GTK_WINDOW (b.window));
  muster_bench_settle ();

  bench_roster (&b);
  bench_units (&b);
  bench_log (&b);

  gtk_window_destroy (GTK_WINDOW (b.window));
  muster_bench_settle ();
  g_application_release (G_APPLICATION (app));
  g_clear_pointer (&b.log_games, g_array_unref);
  g_clear_object (&b.store);
}
