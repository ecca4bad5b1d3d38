/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-game.h"
#include "muster-store.h"

G_BEGIN_DECLS

/* A character's history game by game, for the character sheet window:
 * games taken part in, what happened, whom they killed, rolls made for
 * them. Follows the store's ::changed. */

#define MUSTER_TYPE_CHARACTER_HISTORY (muster_character_history_get_type ())
G_DECLARE_FINAL_TYPE (MusterCharacterHistory, muster_character_history, MUSTER, CHARACTER_HISTORY, AdwBin)

GtkWidget  *muster_character_history_new         (MusterStore            *store,
                                                  gint64                  character_id);
/* The games shown, oldest first, and each one's line ("2026-11-08 ·
 * Wounded (1 light, 0 serious) · put out Jean Roussel"). */
guint       muster_character_history_get_n_games (MusterCharacterHistory *self);
const char *muster_character_history_get_summary (MusterCharacterHistory *self,
                                                  guint                   index);

/* What happened to @participant in their game: "Wounded (1 light wound)
 * · put out Jean Roussel, Paul Guérin and 2 unnamed figures". */
char       *muster_character_history_describe    (const MusterParticipant *participant,
                                                  MusterRuleset           *ruleset);

G_END_DECLS
