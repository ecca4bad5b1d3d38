/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-window.h"

G_BEGIN_DECLS

struct _MusterWindow
{
  AdwApplicationWindow  parent_instance;

  MusterStore          *store;
  GSettings            *settings;
  GListStore           *campaigns;        /* of MusterCampaign */
  GtkSingleSelection   *campaign_selection;
  gulong                changed_id;
  gint64                campaign_id;
  gboolean              selecting;

  GPtrArray            *undos;            /* of MusterUndo*, the last deletion */
  AdwToast             *undo_toast;       /* unowned */

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  GtkRevealer          *read_error_revealer;
  AdwStatusPage        *broken_rules_page;
  AdwStatusPage        *empty_page;
  GtkLabel             *read_error_label;
  AdwLeaflet           *leaflet;
  GtkWidget            *sidebar;
  GtkWidget            *content;
  GtkListView          *campaign_list;
  GtkStack             *main_stack;
  AdwViewStack         *view_stack;
  AdwViewSwitcherTitle *switcher_title;
  AdwWindowTitle       *sidebar_title;
  AdwViewSwitcherBar   *switcher_bar;
  GtkWidget            *recruit_button;
  GtkWidget            *print_button;
  GtkWidget            *campaign_menu_button;

  GtkWidget            *roster_page;
  /* The view stack's slots for the other pages, which are built in them
   * the first time they are shown (NULL until then). */
  GtkWidget            *games_slot;
  GtkWidget            *log_slot;
  GtkWidget            *honours_slot;
  GtkWidget            *stats_slot;
  GtkWidget            *games_page;
  GtkWidget            *log_page;
  GtkWidget            *honours_page;
  GtkWidget            *stats_page;
  /* The campaign each of these pages was last given (-1: none yet). */
  gint64                games_campaign;
  gint64                log_campaign;
  gint64                honours_campaign;
  gint64                stats_campaign;
};

void muster_window_class_add_actions (GtkWidgetClass *widget_class);

G_END_DECLS
