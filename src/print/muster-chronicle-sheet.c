/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <string.h>

#include <cairo-pdf.h>
#include <glib/gi18n.h>

#include "muster-campaign.h"
#include "muster-chart.h"
#include "muster-chronicle-sheet.h"
#include "muster-force.h"
#include "muster-game.h"
#include "muster-honours.h"
#include "muster-sheet-private.h"
#include "muster-stats.h"
#include "muster-text-list.h"
#include "muster-unit.h"

typedef enum {
  ITEM_TITLE,       /* the campaign's name, on the title page */
  ITEM_SUBTITLE,
  ITEM_HEADING,     /* a game, the roll of honour, the charts: bookmarked */
  ITEM_SUBHEADING,
  ITEM_TEXT,
  ITEM_ENTRY,       /* a line of a list, indented */
  ITEM_CHART,
  ITEM_PAGE_BREAK,
} ItemKind;

typedef struct {
  ItemKind           kind;
  char              *text;
  MusterStatsSeries *series;   /* ITEM_CHART */
  /* Where the plan puts it. */
  guint              page;
  double             y;
  double             height;
} Item;

struct _MusterChronicleSheet
{
  MusterSheet     parent_instance;

  GArray         *items;          /* of Item */

  MusterPageSize  plan_size;
  guint           n_pages;
  guint           charts_page;
};

G_DEFINE_FINAL_TYPE (MusterChronicleSheet, muster_chronicle_sheet, MUSTER_TYPE_SHEET)

#define CHART_HEIGHT   300.0
#define ENTRY_INDENT    12.0
#define KEEP_WITH_NEXT  48.0

static void
item_clear (gpointer data)
{
  Item *item = data;

  g_free (item->text);
  g_clear_object (&item->series);
}

static void
add_item (MusterChronicleSheet *self,
          ItemKind              kind,
          char                 *text)
{
  Item item = { kind, text, NULL, 0, 0, 0 };

  g_array_append_val (self->items, item);
}

static PangoFontDescription *
item_font (ItemKind kind)
{
  switch (kind)
    {
    case ITEM_TITLE:
      return muster_sheet_font (26, TRUE, FALSE);
    case ITEM_SUBTITLE:
      return muster_sheet_font (13, FALSE, TRUE);
    case ITEM_HEADING:
      return muster_sheet_font (14, TRUE, FALSE);
    case ITEM_SUBHEADING:
      return muster_sheet_font (10, TRUE, FALSE);
    case ITEM_TEXT:
    case ITEM_ENTRY:
    case ITEM_CHART:
    case ITEM_PAGE_BREAK:
    default:
      return muster_sheet_font (9.5, FALSE, FALSE);
    }
}

/* Room above an item. */
static double
item_space (ItemKind kind)
{
  switch (kind)
    {
    case ITEM_TITLE:
      return 0;
    case ITEM_SUBTITLE:
      return 10;
    case ITEM_HEADING:
      return 16;
    case ITEM_SUBHEADING:
      return 8;
    case ITEM_CHART:
      return 12;
    case ITEM_TEXT:
    case ITEM_ENTRY:
    case ITEM_PAGE_BREAK:
    default:
      return 2;
    }
}

static double
item_indent (ItemKind kind)
{
  return kind == ITEM_ENTRY ? ENTRY_INDENT : 0;
}

/* Laying out */

static void
plan (MusterChronicleSheet *self,
      const MusterPageSize *size)
{
  g_autoptr(PangoLayout) layout = NULL;
  double width = size->width - size->margin_left - size->margin_right;
  double top = size->margin_top;
  double bottom = size->height - size->margin_bottom - MUSTER_SHEET_FOOTER_HEIGHT - 6;
  double y = top;
  guint page = 0;

  if (self->n_pages > 0 && memcmp (&self->plan_size, size, sizeof *size) == 0)
    return;
  layout = muster_sheet_create_measure_layout ();
  self->charts_page = 0;
  for (guint i = 0; i < self->items->len; i++)
    {
      Item *item = &g_array_index (self->items, Item, i);
      /* The title stands a third of the way down its page. */
      double space = item->kind == ITEM_TITLE ? (bottom - top) / 3
                     : y > top ? item_space (item->kind) : 0;

      if (item->kind == ITEM_PAGE_BREAK)
        {
          if (y > top)
            {
              page++;
              y = top;
            }
          item->page = page;
          item->y = y;
          continue;
        }
      if (item->kind == ITEM_CHART)
        item->height = MIN (CHART_HEIGHT, bottom - top);
      else
        {
          g_autoptr(PangoFontDescription) font = item_font (item->kind);

          item->height = muster_sheet_draw_lines (NULL, layout, font, item->text, 0, 0,
                                                  width - item_indent (item->kind), 0, PANGO_ALIGN_LEFT);
        }
      /* A heading stays with what it heads. */
      if (y > top &&
          (y + space + item->height > bottom ||
           ((item->kind == ITEM_HEADING || item->kind == ITEM_SUBHEADING) &&
            y + space + item->height + KEEP_WITH_NEXT > bottom)))
        {
          page++;
          y = top;
          space = 0;
        }
      item->page = page;
      item->y = y + space;
      y = item->y + item->height;
      if (item->kind == ITEM_CHART && self->charts_page == 0)
        self->charts_page = page;
    }
  self->plan_size = *size;
  self->n_pages = page + 1;
}

/* MusterSheet */

static guint
muster_chronicle_sheet_get_n_pages (MusterSheet          *sheet,
                                    const MusterPageSize *size)
{
  MusterChronicleSheet *self = MUSTER_CHRONICLE_SHEET (sheet);

  plan (self, size);
  return self->n_pages;
}

static void
muster_chronicle_sheet_draw_page (MusterSheet          *sheet,
                                  cairo_t              *cr,
                                  const MusterPageSize *size,
                                  guint                 page)
{
  MusterChronicleSheet *self = MUSTER_CHRONICLE_SHEET (sheet);
  g_autoptr(PangoLayout) layout = muster_sheet_create_layout (cr);
  cairo_surface_t *target = cairo_get_target (cr);
  gboolean pdf = cairo_surface_get_type (target) == CAIRO_SURFACE_TYPE_PDF;
  double width = size->width - size->margin_left - size->margin_right;
  MusterChartPalette palette;

  plan (self, size);
  muster_chart_palette_init_print (&palette);
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  for (guint i = 0; i < self->items->len; i++)
    {
      Item *item = &g_array_index (self->items, Item, i);
      double x = size->margin_left + item_indent (item->kind);

      if (item->page != page || item->kind == ITEM_PAGE_BREAK)
        continue;
      if (item->kind == ITEM_CHART)
        {
          muster_chart_draw (cr, item->series, &palette, MUSTER_CHART_DEFAULT,
                             x, item->y, width, item->height);
          continue;
        }
      {
        g_autoptr(PangoFontDescription) font = item_font (item->kind);

        muster_sheet_draw_lines (cr, layout, font, item->text, x, item->y,
                                 width - item_indent (item->kind), 0,
                                 item->kind == ITEM_TITLE || item->kind == ITEM_SUBTITLE
                                 ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT);
      }
      if (item->kind == ITEM_HEADING)
        {
          muster_sheet_line (cr, size->margin_left, item->y + item->height + 1,
                             size->margin_left + width, item->y + item->height + 1, 0.6);
          if (pdf)
            {
              g_autofree char *link = g_strdup_printf ("page=%u pos=[%g %g]", page + 1,
                                                       size->margin_left, item->y);

              cairo_pdf_surface_add_outline (target, CAIRO_PDF_OUTLINE_ROOT, item->text, link, 0);
            }
        }
    }
  cairo_restore (cr);
  if (page > 0)
    muster_sheet_draw_page_number (cr, layout, size, page, self->n_pages);
}

static void
muster_chronicle_sheet_finalize (GObject *object)
{
  MusterChronicleSheet *self = MUSTER_CHRONICLE_SHEET (object);

  g_clear_pointer (&self->items, g_array_unref);
  G_OBJECT_CLASS (muster_chronicle_sheet_parent_class)->finalize (object);
}

static void
muster_chronicle_sheet_class_init (MusterChronicleSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  MusterSheetClass *sheet_class = MUSTER_SHEET_CLASS (klass);

  object_class->finalize = muster_chronicle_sheet_finalize;

  sheet_class->get_n_pages = muster_chronicle_sheet_get_n_pages;
  sheet_class->draw_page = muster_chronicle_sheet_draw_page;
}

static void
muster_chronicle_sheet_init (MusterChronicleSheet *self)
{
  self->items = g_array_new (FALSE, TRUE, sizeof (Item));
  g_array_set_clear_func (self->items, item_clear);
}

/* Reading the campaign */

static gboolean
add_title_page (MusterChronicleSheet *self,
                MusterStore          *store,
                MusterCampaign       *campaign,
                MusterRuleset        *ruleset,
                guint                 n_games,
                GError              **error)
{
  g_autoptr(GPtrArray) forces = muster_store_list_forces (store, muster_campaign_get_id (campaign), error);

  if (forces == NULL)
    return FALSE;
  add_item (self, ITEM_TITLE, g_strdup (muster_campaign_get_name (campaign)));
  /* Translators: under the campaign's name on the chronicle's title page */
  add_item (self, ITEM_SUBTITLE, g_strdup_printf (_("A chronicle of the campaign, played with %s"),
                                                  muster_ruleset_get_title (ruleset)));
  add_item (self, ITEM_SUBTITLE, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game", "%u games", n_games),
                                                  n_games));
  add_item (self, ITEM_HEADING, g_strdup (_("The forces")));
  for (guint i = 0; i < forces->len; i++)
    {
      MusterForce *force = g_ptr_array_index (forces, i);
      const char *side = muster_force_get_side (force);

      add_item (self, ITEM_ENTRY, side != NULL && *side != '\0'
                /* Translators: a force on the chronicle's title page, and the side it fights for */
                ? g_strdup_printf (_("%s, for %s"), muster_force_get_name (force), side)
                : g_strdup (muster_force_get_name (force)));
    }
  add_item (self, ITEM_PAGE_BREAK, NULL);
  return TRUE;
}

/* @text, then @detail after a semicolon: "Thomas Ward (Light Company):
 * Wounded; 1 light wound". Takes @text. */
static char *
append_detail (char       *text,
               const char *detail)
{
  /* Translators: what befell a man or a unit in a game of the chronicle, then one more thing about it */
  char *longer = g_strdup_printf (_("%s; %s"), text, detail);

  g_free (text);
  return longer;
}

/* "Thomas Ward (Light Company): Out of action; 1 light wound; put out
 * Antoine Fabre and 2 unnamed figures". */
static char *
describe_participant (MusterRuleset     *ruleset,
                      MusterGame        *game,
                      MusterParticipant *who)
{
  /* A man nothing was recorded for in a game played came out unhurt. */
  const char *id = who->outcome != NULL ? who->outcome
                   : muster_game_get_state (game) != MUSTER_GAME_PLANNED ? "unhurt" : NULL;
  const MusterOutcomeDef *outcome = id != NULL ? muster_ruleset_lookup_outcome (ruleset, id) : NULL;
  g_autoptr(GPtrArray) victims = g_ptr_array_new_with_free_func (g_free);
  char *text;

  if (outcome != NULL)
    /* Translators: a man in a game of the chronicle, his force, and what befell him */
    text = g_strdup_printf (_("%s (%s): %s"), who->name, who->force_name, outcome->name);
  else
    /* Translators: a man in a game of the chronicle whose result is not recorded */
    text = g_strdup_printf (_("%s (%s): no result recorded"), who->name, who->force_name);
  if (who->light_wounds > 0 || who->serious_wounds > 0)
    {
      g_autofree char *wounds = muster_text_wounds (who->light_wounds, who->serious_wounds, FALSE);

      text = append_detail (text, wounds);
    }
  for (guint i = 0; who->victim_names != NULL && i < who->victim_names->len; i++)
    g_ptr_array_add (victims, g_strdup (g_ptr_array_index (who->victim_names, i)));
  if (who->killed_unnamed > 0)
    g_ptr_array_add (victims, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d unnamed figure",
                                                            "%d unnamed figures", who->killed_unnamed),
                                               who->killed_unnamed));
  if (victims->len > 0)
    {
      g_autofree char *names = muster_text_list (victims);
      /* Translators: the men and figures one man put out of action in a game */
      g_autofree char *put_out = g_strdup_printf (_("put out of action: %s"), names);

      text = append_detail (text, put_out);
    }
  return text;
}

/* "Voltigeurs (4e Léger): 10 figures; 2 killed and 1 wounded; colours lost". */
static char *
describe_unit (MusterUnitParticipant *unit)
{
  g_autoptr(GPtrArray) lost = g_ptr_array_new_with_free_func (g_free);
  char *text;

  if (!unit->recorded)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         /* Translators: a unit in a game of the chronicle, its force, the figures it took the field with, and no result yet */
                                         "%s (%s): %d figure; no result recorded",
                                         "%s (%s): %d figures; no result recorded", unit->figures),
                            unit->name, unit->force_name, unit->figures);
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: a unit in a game of the chronicle, its force, and the figures it took the field with */
                                       "%s (%s): %d figure", "%s (%s): %d figures", unit->figures),
                          unit->name, unit->force_name, unit->figures);
  if (unit->killed > 0)
    g_ptr_array_add (lost, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d killed", "%d killed", unit->killed),
                                            unit->killed));
  if (unit->wounded > 0)
    g_ptr_array_add (lost, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d wounded", "%d wounded", unit->wounded),
                                            unit->wounded));
  if (unit->captured > 0)
    g_ptr_array_add (lost, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d captured", "%d captured",
                                                         unit->captured), unit->captured));
  if (unit->run > 0)
    g_ptr_array_add (lost, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d ran", "%d ran", unit->run),
                                            unit->run));
  if (lost->len > 0)
    {
      g_autofree char *list = muster_text_list (lost);

      text = append_detail (text, list);
    }
  if (g_strcmp0 (unit->colours, "lost") == 0)
    text = append_detail (text, _("colours lost"));
  else if (g_strcmp0 (unit->colours, "captured") == 0)
    text = append_detail (text, _("took the enemy’s colours"));
  return text;
}

/* @log: the game's entries, newest first. */
static gboolean
add_game (MusterChronicleSheet *self,
          MusterStore          *store,
          MusterRuleset        *ruleset,
          MusterGame           *game,
          GPtrArray            *log,
          GError              **error)
{
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(GPtrArray) units = NULL;
  const char *date = muster_game_get_date (game);
  const char *winner = muster_game_get_winner (game);
  g_autofree char *sides = NULL;
  g_autofree char *outcome = NULL;

  if ((participants = muster_store_list_participants (store, muster_game_get_id (game), error)) == NULL ||
      (units = muster_store_list_game_units (store, muster_game_get_id (game), error)) == NULL)
    return FALSE;

  /* Translators: a game's heading in the chronicle: its number and title */
  add_item (self, ITEM_HEADING, g_strdup_printf (_("Game %d: %s"), muster_game_get_number (game),
                                                 muster_game_get_title (game)));
  /* Translators: the two sides of a game */
  sides = g_strdup_printf (_("%s against %s"), muster_game_get_side_a (game), muster_game_get_side_b (game));
  if (muster_game_get_state (game) == MUSTER_GAME_PLANNED)
    outcome = g_strdup (_("not played yet"));
  else if (winner != NULL && *winner != '\0')
    /* Translators: the side that won a game */
    outcome = g_strdup_printf (_("won by %s"), winner);
  else
    outcome = g_strdup (_("a draw"));
  add_item (self, ITEM_TEXT, date != NULL
            /* Translators: a game's date, its sides and who won, e.g. "1812-06-01 · British against French · won by British" */
            ? g_strdup_printf (_("%s · %s · %s"), date, sides, outcome)
            /* Translators: a game's sides and who won */
            : g_strdup_printf (_("%s · %s"), sides, outcome));

  if (participants->len > 0)
    add_item (self, ITEM_SUBHEADING, g_strdup (_("The men")));
  for (guint i = 0; i < participants->len; i++)
    add_item (self, ITEM_ENTRY, describe_participant (ruleset, game, g_ptr_array_index (participants, i)));

  if (units->len > 0)
    add_item (self, ITEM_SUBHEADING, g_strdup (_("The units")));
  for (guint i = 0; i < units->len; i++)
    add_item (self, ITEM_ENTRY, describe_unit (g_ptr_array_index (units, i)));

  if (log != NULL && log->len > 0)
    add_item (self, ITEM_SUBHEADING, g_strdup (_("What the log tells")));
  /* Oldest first. */
  for (guint i = log != NULL ? log->len : 0; i > 0; i--)
    add_item (self, ITEM_ENTRY, g_strdup (((MusterLogEntry *) g_ptr_array_index (log, i - 1))->message));
  return TRUE;
}

static gboolean
add_roll_of_honour (MusterChronicleSheet *self,
                    MusterStore          *store,
                    gint64                campaign_id,
                    GError              **error)
{
  g_autoptr(GPtrArray) fallen = muster_honours_list_fallen (store, campaign_id, error);

  if (fallen == NULL)
    return FALSE;
  add_item (self, ITEM_PAGE_BREAK, NULL);
  add_item (self, ITEM_HEADING, g_strdup (_("Roll of Honour")));
  if (fallen->len == 0)
    add_item (self, ITEM_TEXT, g_strdup (_("No man has fallen.")));
  for (guint i = 0; i < fallen->len; i++)
    {
      MusterHonour *honour = g_ptr_array_index (fallen, i);
      g_autofree char *when = NULL;
      g_autofree char *killers = honour->killers != NULL ? muster_text_list (honour->killers) : g_strdup ("");

      if (honour->game_id == 0)
        when = g_strdup (_("between games"));
      else
        /* Translators: when a man fell: the game's number and title */
        when = honour->game_date != NULL
               /* Translators: when a man fell: the game's number, title and date */
               ? g_strdup_printf (_("game %d “%s”, %s"), honour->game_number, honour->game_title, honour->game_date)
               /* Translators: when a man fell: the game's number and title */
               : g_strdup_printf (_("game %d “%s”"), honour->game_number, honour->game_title);
      add_item (self, ITEM_ENTRY, *killers != '\0'
                /* Translators: the roll of honour: a man, his force, when he fell and by whose hand */
                ? g_strdup_printf (_("%s (%s), %s, by the hand of %s"), honour->name, honour->force_name, when, killers)
                /* Translators: the roll of honour: a man, his force, and when he fell */
                : g_strdup_printf (_("%s (%s), %s"), honour->name, honour->force_name, when));
    }
  return TRUE;
}

static gboolean
add_charts (MusterChronicleSheet *self,
            MusterStore          *store,
            gint64                campaign_id,
            GError              **error)
{
  g_autoptr(GPtrArray) all = muster_stats_compute (store, campaign_id, 0, NULL, error);

  if (all == NULL)
    return FALSE;
  add_item (self, ITEM_PAGE_BREAK, NULL);
  add_item (self, ITEM_HEADING, g_strdup (_("Statistics")));
  for (guint i = 0; i < all->len; i++)
    {
      Item item = { ITEM_CHART, NULL, g_object_ref (g_ptr_array_index (all, i)), 0, 0, 0 };

      g_array_append_val (self->items, item);
    }
  return TRUE;
}

/* Public */

/**
 * muster_chronicle_sheet_new:
 * @store: the library
 * @campaign_id: the campaign to tell
 * @error: what went wrong reading it
 *
 * Returns: (transfer full) (nullable): a new sheet
 */
MusterSheet *
muster_chronicle_sheet_new (MusterStore  *store,
                            gint64        campaign_id,
                            GError      **error)
{
  g_autoptr(MusterChronicleSheet) self = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) log = NULL;
  g_autoptr(GHashTable) log_by_game = NULL;
  MusterRuleset *ruleset;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((campaign = muster_store_get_campaign (store, campaign_id, error)) == NULL)
    return NULL;
  if ((ruleset = muster_campaign_get_ruleset (campaign)) == NULL)
    {
      g_propagate_error (error, g_error_copy (muster_campaign_get_ruleset_error (campaign)));
      return NULL;
    }
  if ((games = muster_store_list_games (store, campaign_id, error)) == NULL ||
      (log = muster_store_list_log (store, campaign_id, 0, 0, error)) == NULL)
    return NULL;

  /* The whole log read once, each game's entries apart, newest first. */
  log_by_game = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  for (guint i = 0; i < log->len; i++)
    {
      MusterLogEntry *entry = g_ptr_array_index (log, i);
      GPtrArray *entries;

      if (entry->game_id == 0)
        continue;
      entries = g_hash_table_lookup (log_by_game, &entry->game_id);
      if (entries == NULL)
        {
          entries = g_ptr_array_new ();
          g_hash_table_insert (log_by_game, &entry->game_id, entries);
        }
      g_ptr_array_add (entries, entry);
    }

  self = g_object_new (MUSTER_TYPE_CHRONICLE_SHEET,
                       "title", muster_campaign_get_name (campaign), "ruleset", ruleset, NULL);
  if (!add_title_page (self, store, campaign, ruleset, games->len, error))
    return NULL;
  for (guint i = 0; i < games->len; i++)
    {
      MusterGame *game = g_ptr_array_index (games, i);
      gint64 id = muster_game_get_id (game);

      if (!add_game (self, store, ruleset, game, g_hash_table_lookup (log_by_game, &id), error))
        return NULL;
    }
  if (!add_roll_of_honour (self, store, campaign_id, error) ||
      !add_charts (self, store, campaign_id, error))
    return NULL;
  return MUSTER_SHEET (g_steal_pointer (&self));
}

guint
muster_chronicle_sheet_get_charts_page (MusterChronicleSheet *self,
                                        const MusterPageSize *size)
{
  g_return_val_if_fail (MUSTER_IS_CHRONICLE_SHEET (self), 0);
  g_return_val_if_fail (size != NULL, 0);

  plan (self, size);
  return self->charts_page;
}
