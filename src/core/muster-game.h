/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-store.h"
#include "muster-types.h"

G_BEGIN_DECLS

/*
 * Games of a campaign: who took part, what happened to them, who killed
 * whom. A game is planned when it is created, started while it is played
 * at the table (muster-table.h), played once a result or the winner is
 * recorded, and resolved once the between-game sequence ran
 * (muster-engine.h). Every change is one transaction with its log entry.
 */

typedef enum {
  MUSTER_GAME_PLANNED,
  MUSTER_GAME_STARTED,
  MUSTER_GAME_PLAYED,
  MUSTER_GAME_RESOLVED,
} MusterGameState;

/* "planned", "started", "played", "resolved": the database's and the CLI's form. */
const char *muster_game_state_to_string   (MusterGameState  state);
gboolean    muster_game_state_from_string (const char      *text,
                                           MusterGameState *state);
/* Translated, e.g. "Resolved". */
const char *muster_game_state_get_label   (MusterGameState  state);

/*
 * A view of one game row, read when it was loaded. Read-only properties
 * for list views: "id", "campaign-id", "number", "title", "date", "state"
 * (string form), "side-a", "side-b", "winner", "notes", "n-participants".
 */
#define MUSTER_TYPE_GAME (muster_game_get_type ())
G_DECLARE_FINAL_TYPE (MusterGame, muster_game, MUSTER, GAME, GObject)

gint64           muster_game_get_id             (MusterGame *self);
gint64           muster_game_get_campaign_id    (MusterGame *self);
int              muster_game_get_number         (MusterGame *self);
const char      *muster_game_get_title          (MusterGame *self);
/* YYYY-MM-DD or NULL. */
const char      *muster_game_get_date           (MusterGame *self);
MusterGameState  muster_game_get_state          (MusterGame *self);
const char      *muster_game_get_side_a         (MusterGame *self);
const char      *muster_game_get_side_b         (MusterGame *self);
/* A side, or NULL for a draw or while not recorded. */
const char      *muster_game_get_winner         (MusterGame *self);
const char      *muster_game_get_notes          (MusterGame *self);
guint            muster_game_get_n_participants (MusterGame *self);
/* "Game 2 “The Bridge”", translated, for messages within its campaign
 * (its log, a window of the campaign). */
char            *muster_game_describe           (MusterGame *self);
/* "Game 2 “The Bridge” of Coa 1810", translated: the game as it is found
 * again in the whole library (muster-cli game 2 --campaign "Coa 1810"),
 * for errors and the command line. */
char            *muster_game_describe_full      (MusterGame *self);

/* One participant of a game, with what happened to them. */
typedef struct {
  gint64        game_id;
  int           game_number;
  char         *game_title;
  char         *game_date;       /* may be NULL */
  MusterGameState game_state;
  gint64        character_id;
  char         *name;
  char         *force_name;
  char         *side;
  MusterStatus  status;          /* the character's status now */
  char         *outcome;         /* ruleset outcome id; NULL until recorded */
  int           light_wounds;
  int           serious_wounds;
  int           killed_unnamed;
  GArray       *victims;         /* of gint64, character ids */
  GPtrArray    *victim_names;    /* of char*, in the order of @victims */
  char         *notes;
} MusterParticipant;

void muster_participant_free (MusterParticipant *participant);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterParticipant, muster_participant_free)

/* What happened to one participant, as entered after the game. */
typedef struct {
  const char   *outcome;         /* ruleset outcome id */
  int           light_wounds;    /* only when the outcome takes them */
  int           serious_wounds;
  const gint64 *victims;         /* characters of the other side put out */
  guint         n_victims;
  int           killed_unnamed;  /* unnamed figures put out, >= 0 */
  const char   *notes;           /* may be NULL */
} MusterResult;

/* Creates a planned game numbered after the campaign's last one. @date is
 * NULL or YYYY-MM-DD. The participants' forces must make exactly two
 * sides; characters who are dead, captured, out of action or retired, or
 * from another campaign, are refused with MUSTER_ENGINE_ERROR_UNAVAILABLE
 * naming them and why. Returns the game id, or 0 with @error set. */
gint64       muster_store_create_game       (MusterStore   *self,
                                             gint64         campaign_id,
                                             const char    *title,
                                             const char    *date,
                                             const gint64  *character_ids,
                                             guint          n_characters,
                                             GError       **error);
/* The same with units too (rulesets kept by unit): the sides come from
 * the characters' and the units' forces, and a unit that is destroyed,
 * disbanded or has no figures left is refused with
 * MUSTER_ENGINE_ERROR_UNAVAILABLE naming it. The game, its participants
 * and its units are written in one transaction: nothing on a refusal. */
gint64       muster_store_create_game_full  (MusterStore   *self,
                                             gint64         campaign_id,
                                             const char    *title,
                                             const char    *date,
                                             const gint64  *character_ids,
                                             guint          n_characters,
                                             const gint64  *unit_ids,
                                             guint          n_units,
                                             GError       **error);
/* Of MusterGame*, by number. */
GPtrArray   *muster_store_list_games        (MusterStore   *self,
                                             gint64         campaign_id,
                                             GError       **error);
MusterGame  *muster_store_get_game          (MusterStore   *self,
                                             gint64         id,
                                             GError       **error);
/* Within @campaign_id, by the number the campaign shows ("3" or "#3"),
 * else by exact title; several games with the title is
 * MUSTER_STORE_ERROR_AMBIGUOUS. With @campaign_id 0, by the game's id
 * (all digits) in the whole library. */
MusterGame  *muster_store_find_game         (MusterStore   *self,
                                             gint64         campaign_id,
                                             const char    *id_or_title,
                                             GError       **error);
/* Of MusterParticipant*, by side then name. */
GPtrArray   *muster_store_list_participants (MusterStore   *self,
                                             gint64         game_id,
                                             GError       **error);
/* A character's games, oldest first (of MusterParticipant*). */
GPtrArray   *muster_store_list_character_games (MusterStore *self,
                                                gint64       character_id,
                                                GError     **error);

/* Records (or replaces, kills included) @character_id's result. A planned
 * game becomes played. Refused once the game is resolved, for someone who
 * did not take part, an outcome the ruleset does not have, wound counts
 * the outcome does not take, and victims who did not take part, are on
 * the killer's own side, are put out of action twice in the game, or are
 * recorded with an outcome that does not take them out. Those kill rules
 * are checked when the outermost change commits: several results recorded
 * between muster_store_begin() and muster_store_commit() need only keep
 * them together. Wounds that add up to a Kill under the ruleset's
 * <wounds-add-up> (two serious wounds) are recorded as the outcome they
 * add up to, without the wounds, and the log says so
 * (muster_ruleset_describe_wounds_add_up()). */
gboolean     muster_store_set_result        (MusterStore        *self,
                                             gint64              game_id,
                                             gint64              character_id,
                                             const MusterResult *result,
                                             GError            **error);
/* Marks the game played, with @winner one of its sides or NULL (a draw).
 * Refused once resolved. */
gboolean     muster_store_finish_game       (MusterStore   *self,
                                             gint64         game_id,
                                             const char    *winner,
                                             GError       **error);
gboolean     muster_store_set_game_notes    (MusterStore   *self,
                                             gint64         game_id,
                                             const char    *notes,
                                             GError       **error);
/* A planned or played game, with its participants and kills; refused once
 * it is resolved (undo the resolution first). */
gboolean     muster_store_delete_game       (MusterStore   *self,
                                             gint64         game_id,
                                             GError       **error);
/* A captured character comes back (an exchange of prisoners): active again,
 * logged. Anyone not captured is MUSTER_ENGINE_ERROR_STATE. */
gboolean     muster_store_release_character (MusterStore   *self,
                                             gint64         character_id,
                                             GError       **error);

/* TRUE when @character_id can be picked for a new game; otherwise FALSE
 * with MUSTER_ENGINE_ERROR_UNAVAILABLE saying why, translated (e.g.
 * "Jean Lefort is out of action for 2 more games."). For the "New game"
 * dialog. */
gboolean     muster_store_check_available   (MusterStore   *self,
                                             gint64         character_id,
                                             GError       **error);

G_END_DECLS
