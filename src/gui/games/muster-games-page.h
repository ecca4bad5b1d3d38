/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-store.h"

G_BEGIN_DECLS

/* The Games page: the campaign's games in order, with the New Game,
 * Record Results and Resolve dialogs. */

#define MUSTER_TYPE_GAMES_PAGE (muster_games_page_get_type ())
G_DECLARE_FINAL_TYPE (MusterGamesPage, muster_games_page, MUSTER, GAMES_PAGE, AdwBin)

GtkWidget *muster_games_page_new          (MusterStore     *store);
/* 0 shows nothing. */
void       muster_games_page_set_campaign (MusterGamesPage *self,
                                           gint64           campaign_id);
/* Opens the New Game dialog (win.new-game). */
void       muster_games_page_new_game     (MusterGamesPage *self);

G_END_DECLS
