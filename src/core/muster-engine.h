/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-dice.h"
#include "muster-store.h"
#include "muster-types.h"

G_BEGIN_DECLS

/*
 * The between-game sequence. The campaign's ruleset lists the steps
 * (muster_ruleset_get_steps); each type is a routine here:
 *
 *   countdown          characters out of action from an earlier resolution
 *                      miss one more game; at 0 they recover
 *   death-roll         outcome, dice, dies-on: roll for each participant
 *                      with the outcome; total >= dies-on is death, else
 *                      back for the next game
 *   out-for-games      outcome, dice: out of action for the total in games
 *   capture            outcome: captured until released
 *   heal-wounds        light, serious ("all" or "none"): the game's wounds
 *                      heal, or stay on the character
 *   drop-stat          stat, by, outcome, per-wound, at-zero
 *                      (out-of-action, retired, dead or keep): the stat
 *                      drops for good (light-by and serious-by: so much
 *                      for each light and each serious wound of the
 *                      game); at 0 or less the character is out;
 *                      spare-table/-entry spares a Hero, floor-table/
 *                      -entry and floor keep him above a floor
 *   always-recovers    stat and value (or table and entry): a character
 *                      with that value put out of action by this resolution
 *                      is back for the next game
 *   serious-wounds-accumulate  fatal-at: light wounds heal, serious ones
 *                      stay; that many is fatal
 *   morale-loss        colours (lost or captured), by, scope (unit or
 *                      force): the units whose colours were lost or who
 *                      took the enemy's, or their whole force, lose @by
 *                      base morale for good (negative: gain); without
 *                      colours, outcome and by: the character's unit does
 *   struck-off         outcome, status: participants with the outcome
 *                      are struck off the roll (dead)
 *   retire             stat, at-most, status: a participant whose stat is
 *                      at most that retires (or dies)
 *   unit-casualties    figures (killed, wounded, captured or run), fate:
 *                      lost (struck off the unit's strength), return,
 *                      roll (dice for each figure, returns-on), or
 *                      lost-by-base (only whole bases are lost)
 *   light-wounds-accumulate  per-serious: every that many light wounds a
 *                      character took in the game become one serious
 *                      wound for the steps after it
 *   musicians          unit-stat (the number of musicians kept on each
 *                      unit), returns, ignores-light: each musician brings
 *                      back @returns of his unit's wounded figures, and
 *                      with ignores-light="true" the light wounds the
 *                      unit's characters took are ignored, for the steps
 *                      after it
 *
 * Each batch of dice comes from the campaign seed and a purpose
 * ("resolve/game/ID/character/ID/STEP", "resolve/game/ID/unit/ID/STEP"), so undoing a resolution and
 * running it again gives the same rolls.
 */

/* A roll the resolution of a game will need, for a dialog that asks for
 * faces rolled at the table before running it. */
typedef struct {
  gint64  character_id;
  char   *character_name;
  char   *step_type;      /* "death-roll" */
  char   *step_name;      /* translated, e.g. "Death roll" */
  char   *purpose;        /* "resolve/game/4/character/12/death-roll" */
  char   *expression;     /* "1d6" */
  gint64  unit_id;        /* a unit's figures roll: 0 for a character */
} MusterPlannedRoll;

void muster_planned_roll_free (MusterPlannedRoll *roll);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterPlannedRoll, muster_planned_roll_free)

/* What one step did to one character. */
typedef struct {
  gint64      character_id;   /* 0 for the game itself */
  char       *character_name;
  char       *step_type;
  char       *kind;           /* log kind: "death", "survived", "out",
                               * "recovered", "countdown", "captured",
                               * "healed", "carried", "class-drop",
                               * "retired", "morale-loss", "unit-loss",
                               * "rejoined", "destroyed", "worsened",
                               * "ignored", "resolved" */
  MusterRoll *roll;           /* NULL when the step rolls nothing */
  char       *purpose;        /* of the roll, or NULL */
  char       *consequence;    /* translated, e.g. "Jean Lefort dies of his wounds." */
  gint64      unit_id;        /* what happened to a unit (character_id 0,
                               * character_name the unit's name), or 0 */
} MusterResolutionEvent;

void muster_resolution_event_free (MusterResolutionEvent *event);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterResolutionEvent, muster_resolution_event_free)

/* Faces rolled at the table for @roll, as a GArray of int (transfer full),
 * or NULL with @error unset to let Muster roll. NULL with @error set
 * stops the resolution. */
typedef GArray *(*MusterFacesProvider) (const MusterPlannedRoll *roll,
                                        gpointer                 user_data,
                                        GError                 **error);

/* The rolls resolving @game_id will need, in the order they will be made
 * (of MusterPlannedRoll*). Fails as muster_engine_resolve() would. */
GPtrArray *muster_engine_plan         (MusterStore          *store,
                                       gint64                game_id,
                                       GError              **error);

/* Runs the between-game steps for @game_id in one transaction: every roll
 * and every consequence is stored and logged, each changed value is kept
 * so that it can be undone, and the game becomes resolved. Refused
 * (MUSTER_ENGINE_ERROR_STATE) for a planned or resolved game or one with
 * no results, (MUSTER_ENGINE_ERROR_ORDER) while an earlier played game of
 * the campaign is unresolved, and (MUSTER_ENGINE_ERROR_UNAVAILABLE) when a
 * participant is already dead, or (MUSTER_ENGINE_ERROR_STATE) while a man
 * put out of action has no result of his own. Other participants with no
 * result count as unhurt. @provider may be NULL (Muster rolls
 * everything); faces that do not fit the dice are MUSTER_DICE_ERROR_FACES
 * and nothing is written.
 * Returns the events (of MusterResolutionEvent*) or NULL. */
GPtrArray *muster_engine_resolve      (MusterStore          *store,
                                       gint64                game_id,
                                       MusterFacesProvider   provider,
                                       gpointer              user_data,
                                       GError              **error);

/* Undoes the campaign's most recent resolution: every value it changed is
 * put back, its rolls and log entries are deleted and the game is played
 * again; the database is exactly as it was before. Returns the game's id,
 * or 0 with @error set (MUSTER_ENGINE_ERROR_NOTHING when the campaign has
 * no resolution). */
gint64     muster_engine_undo_resolve (MusterStore          *store,
                                       gint64                campaign_id,
                                       GError              **error);

/* The game the campaign's most recent resolution resolved, or 0 (for
 * enabling an Undo action). */
gint64     muster_engine_get_last_resolved (MusterStore     *store,
                                            gint64           campaign_id,
                                            GError         **error);

/* Faces typed in as "3,5" (of int); NULL with MUSTER_DICE_ERROR_FACES
 * when @text holds anything else or none. */
GArray    *muster_engine_parse_faces (const char  *text,
                                      GError     **error);
/* A MusterFacesProvider reading faces from @user_data, a GHashTable of
 * char* -> char* ("3,5" or "3 5"): the key is the roll's purpose, the
 * character's id, or the character's (or unit's) name, tried in that
 * order. A key whose faces do not parse is MUSTER_DICE_ERROR_FACES. */
GArray    *muster_engine_faces_from_table (const MusterPlannedRoll *roll,
                                           gpointer                 user_data,
                                           GError                 **error);

/* Refuses (MUSTER_ENGINE_ERROR_INVALID) a key of @faces, a table as
 * muster_engine_faces_from_table() reads, that names no roll of @plan
 * (from muster_engine_plan()), listing the names expected; @what is the
 * game as muster_game_describe() says it. */
gboolean   muster_engine_check_faces (GPtrArray   *plan,
                                      GHashTable  *faces,
                                      const char  *what,
                                      GError     **error);
/* muster_engine_resolve() with the faces of @faces, once
 * muster_engine_check_faces() has found a roll for each of them. */
GPtrArray *muster_engine_resolve_with_faces (MusterStore  *store,
                                             gint64        game_id,
                                             GHashTable   *faces,
                                             GError      **error);

/* Translated name of a step type, e.g. "Death roll". */
const char *muster_engine_get_step_name (const char *step_type);

G_END_DECLS
