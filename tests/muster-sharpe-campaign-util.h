/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-ruleset.h"
#include "muster-store.h"

G_BEGIN_DECLS

/* What the Sharpe's Skirmish campaign programs share: a campaign of the
 * shipped rules (or of a file under tests/) with a British and a French
 * force, men with the characteristics given, games played and resolved
 * through the store and the engine, and what the campaign says of them. */

typedef struct {
  MusterStore   *store;
  MusterRuleset *ruleset;   /* the campaign's own copy */
  gint64         campaign;
  gint64         british;
  gint64         french;
} Campaign;

/* A campaign of the shipped rules, or of @file under tests/, with
 * @option set to @choice (both may be NULL). */
void    campaign_init  (Campaign   *c,
                        const char *file,
                        guint64     seed,
                        const char *option,
                        const char *choice);
void    campaign_clear (Campaign   *c);
/* A man with the characteristics I, D, S, C and F given. */
gint64  add_man        (Campaign   *c,
                        gint64      force,
                        const char *name,
                        const char *troop_type,
                        const char *weapon,
                        const int   stats[5]);
/* A game of the men given (0-terminated). */
gint64  new_game       (Campaign   *c,
                        const char *title,
                        ...);
void    record         (Campaign   *c,
                        gint64      game,
                        gint64      who,
                        const char *outcome,
                        int         light,
                        int         serious,
                        gint64      victim);
void    resolve        (Campaign   *c,
                        gint64      game);
/* What the campaign's log says of @game, oldest first: "kind: message"
 * a line, with the dice of a roll. */
char   *game_log       (Campaign   *c,
                        gint64      game);
/* Every man as the campaign keeps him now, a line each. */
char   *roll_call      (Campaign   *c);
/* The outcome recorded for @who in @game, with the wounds it carries. */
char   *recorded       (Campaign   *c,
                        gint64      game,
                        gint64      who);

G_END_DECLS
