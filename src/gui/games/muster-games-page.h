/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-store.h"

G_BEGIN_DECLS

/* The Games page: the campaign's games in order, with the New Game,
 * Record Results and Resolve dialogs.
 *
 * Actions on the page: games.new, games.record (Ctrl+Return),
 * games.finish, games.resolve, games.undo-resolve, games.delete (Delete,
 * planned games only), games.print. */

#define MUSTER_TYPE_GAMES_PAGE (muster_games_page_get_type ())
G_DECLARE_FINAL_TYPE (MusterGamesPage, muster_games_page, MUSTER, GAMES_PAGE, AdwBin)

GtkWidget *muster_games_page_new          (MusterStore     *store);
/* 0 shows nothing. */
void       muster_games_page_set_campaign (MusterGamesPage *self,
                                           gint64           campaign_id);
/* Opens the New Game dialog (win.new-game). */
void       muster_games_page_new_game     (MusterGamesPage *self);

/* The games shown, of MusterGame*, by number. */
GListModel       *muster_games_page_get_model           (MusterGamesPage *self);
/* 0 when none is selected. */
gint64            muster_games_page_get_selected_game   (MusterGamesPage *self);
void              muster_games_page_select_game         (MusterGamesPage *self,
                                                         gint64           game_id);
/* The selected game's participants (of gint64), or NULL. */
GArray           *muster_games_page_get_participant_ids (MusterGamesPage *self);
/* The selected game's participants list as shown, a line "Title: subtitle"
 * for each row, characters then units; for tests. */
char             *muster_games_page_describe_participants (MusterGamesPage *self);
/* Each opens its dialog and returns it (NULL when it cannot open, with
 * the reason shown in a toast): games.new, games.record, games.resolve,
 * and the confirmation of games.undo-resolve. */
GtkWindow        *muster_games_page_open_new_game       (MusterGamesPage *self);
GtkWindow        *muster_games_page_record_results      (MusterGamesPage *self);
/* The games.play action: starts the selected planned game and opens its
 * table window (muster-table-window.h), or opens a started game's. */
GtkWindow        *muster_games_page_play                (MusterGamesPage *self);
GtkWindow        *muster_games_page_resolve             (MusterGamesPage *self);
AdwMessageDialog *muster_games_page_undo_resolution     (MusterGamesPage *self);
/* Asks who won the selected game and marks it played (NULL: no game to finish). */
AdwMessageDialog *muster_games_page_finish              (MusterGamesPage *self);

G_END_DECLS
