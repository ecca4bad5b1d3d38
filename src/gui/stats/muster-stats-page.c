/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-stats"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-chart-card.h"
#include "muster-game.h"
#include "muster-stats-page.h"

struct _MusterStatsPage
{
  AdwBin       parent_instance;

  GtkStack    *stack;
  GtkBox      *charts;
  AdwStatusPage *error_page;

  MusterStore *store;
  gint64       campaign_id;
  gulong       changed_id;
  GPtrArray   *cards;
  /* The campaign changed while the page was hidden: read it again when
   * it is shown, not at every change made on the other pages. */
  gboolean     stale;
};

G_DEFINE_FINAL_TYPE (MusterStatsPage, muster_stats_page, ADW_TYPE_BIN)

static void
clear_cards (MusterStatsPage *self)
{
  for (guint i = 0; i < self->cards->len; i++)
    gtk_box_remove (self->charts, g_ptr_array_index (self->cards, i));
  g_ptr_array_set_size (self->cards, 0);
}

static void
show_error (MusterStatsPage *self,
            const GError    *error)
{
  adw_status_page_set_description (self->error_page, error->message);
  gtk_stack_set_visible_child_name (self->stack, "error");
}

/* A card a series; of a series kept a force (strength), one card, on the
 * first force, whose choice offers the others. */
static void
reload (MusterStatsPage *self)
{
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) forces = NULL;
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GHashTable) shown = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;

  self->stale = FALSE;
  clear_cards (self);
  if (self->campaign_id == 0)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }
  if ((games = muster_store_list_games (self->store, self->campaign_id, &error)) == NULL ||
      (forces = muster_store_list_forces (self->store, self->campaign_id, &error)) == NULL)
    {
      show_error (self, error);
      return;
    }
  if (games->len == 0)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }
  if ((all = muster_stats_compute (self->store, self->campaign_id, 0, NULL, &error)) == NULL)
    {
      show_error (self, error);
      return;
    }
  for (guint i = 0; i < all->len; i++)
    {
      MusterStatsSeries *series = g_ptr_array_index (all, i);
      const char *id = muster_stats_series_get_id (series);
      GtkWidget *card;

      if (!g_hash_table_add (shown, (gpointer) id))
        continue;
      card = muster_chart_card_new (self->store, self->campaign_id, series, forces,
                                    muster_stats_series_get_force_id (series) != 0);
      gtk_box_append (self->charts, card);
      g_ptr_array_add (self->cards, card);
    }
  gtk_stack_set_visible_child_name (self->stack, "charts");
}

/* Now if the page is on screen; else when it is shown next. */
static void
reload_when_shown (MusterStatsPage *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    reload (self);
  else
    self->stale = TRUE;
}

static void
store_changed_cb (MusterStatsPage *self,
                  guint            what,
                  gint64           campaign_id)
{
  if (self->campaign_id == 0 || (campaign_id != 0 && campaign_id != self->campaign_id))
    return;
  reload_when_shown (self);
}

static void
muster_stats_page_map (GtkWidget *widget)
{
  MusterStatsPage *self = MUSTER_STATS_PAGE (widget);

  GTK_WIDGET_CLASS (muster_stats_page_parent_class)->map (widget);
  if (self->stale)
    reload (self);
}

static void
muster_stats_page_dispose (GObject *object)
{
  MusterStatsPage *self = MUSTER_STATS_PAGE (object);

  if (self->store != NULL)
    g_clear_signal_handler (&self->changed_id, self->store);
  g_clear_pointer (&self->cards, g_ptr_array_unref);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (muster_stats_page_parent_class)->dispose (object);
}

static void
muster_stats_page_class_init (MusterStatsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_stats_page_dispose;
  widget_class->map = muster_stats_page_map;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/musterapp/Muster/muster-stats-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterStatsPage, stack);
  gtk_widget_class_bind_template_child (widget_class, MusterStatsPage, charts);
  gtk_widget_class_bind_template_child (widget_class, MusterStatsPage, error_page);
}

static void
muster_stats_page_init (MusterStatsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->cards = g_ptr_array_new ();
}

GtkWidget *
muster_stats_page_new (MusterStore *store)
{
  MusterStatsPage *self;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  self = g_object_new (MUSTER_TYPE_STATS_PAGE, NULL);
  self->store = g_object_ref (store);
  self->changed_id = g_signal_connect_swapped (store, "changed", G_CALLBACK (store_changed_cb), self);
  return GTK_WIDGET (self);
}

void
muster_stats_page_set_campaign (MusterStatsPage *self,
                                gint64           campaign_id)
{
  g_return_if_fail (MUSTER_IS_STATS_PAGE (self));

  self->campaign_id = campaign_id;
  reload_when_shown (self);
}

GPtrArray *
muster_stats_page_get_cards (MusterStatsPage *self)
{
  g_return_val_if_fail (MUSTER_IS_STATS_PAGE (self), NULL);

  if (self->stale)
    reload (self);
  return self->cards;
}
