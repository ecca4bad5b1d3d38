/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-character.h"
#include "muster-engine.h"
#include "muster-store.h"

G_BEGIN_DECLS

/* What the engine test programs share: a campaign of two forces under
 * Sharpe's Skirmish or a ruleset of the other steps, and ways to play and
 * resolve its games. */

#define SEED 20240611

typedef struct {
  MusterStore *store;
  gint64       campaign_id;
  gint64       british;
  gint64       french;
  gboolean     custom;
} Fixture;

void
fixture_init (Fixture    *fx,
              const char *death_roll,
              gboolean    custom);

void
fixture_clear (Fixture *fx);

gint64
add_character (Fixture    *fx,
               gint64      force_id,
               const char *name,
               int         klass);

gint64
new_game (Fixture    *fx,
          const char *title,
          ...);

void
set_outcome (Fixture    *fx,
             gint64      game_id,
             gint64      character_id,
             const char *outcome);

void
set_wounds (Fixture *fx,
            gint64   game_id,
            gint64   character_id,
            int      light,
            int      serious);

MusterCharacter *
get_character (Fixture *fx,
               gint64   id);

MusterStatus
status_of (Fixture *fx,
           gint64   id);

int
out_games_of (Fixture *fx,
              gint64   id);

gint64
query_int (Fixture    *fx,
           const char *sql,
           gint64      param);

char *
query_text (Fixture    *fx,
            const char *sql,
            gint64      param);

GPtrArray *
resolve (Fixture *fx,
         gint64   game_id);

GPtrArray *
resolve_with (Fixture    *fx,
              gint64      game_id,
              const char *first,
              ...);

const MusterResolutionEvent *
find_event (GPtrArray  *events,
            gint64      character_id,
            const char *kind);

gint64
count_log (Fixture    *fx,
           const char *kind);

G_END_DECLS
