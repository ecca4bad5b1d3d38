/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <sqlite3.h>

#include "muster-campaign.h"
#include "muster-engine.h"
#include "muster-game.h"
#include "muster-log-private.h"
#include "muster-ruleset.h"

G_BEGIN_DECLS

/*
 * Shared by the engine's files: muster-engine.c (preparing, running and
 * recording a resolution, the helpers steps use), muster-engine-steps.c
 * (the steps for characters), muster-engine-units.c (the steps for units
 * and colours) and muster-engine-undo.c.
 */

/* A participant of the game being resolved, as recorded. */
typedef struct {
  gint64  id;
  char   *name;
  char   *outcome;        /* NULL: no result, counts as unhurt */
  int     light_wounds;   /* from this game, as the steps so far leave them */
  int     serious_wounds;
} Subject;

/* A unit in the game being resolved, with what became of its figures. */
typedef struct {
  gint64  id;
  char   *name;
  gint64  force_id;
  int     figures;
  gboolean recorded;
  int     killed;
  int     wounded;        /* as the steps so far leave them */
  int     captured;
  int     run;
  char   *colours;        /* "", "lost" or "captured" */
} UnitSubject;

/* A character's current values, read afresh before each change. */
typedef struct {
  MusterStatus status;
  int          out_games;
  int          light_wounds;
  int          serious_wounds;
  gint64       unit_id;
} CharacterState;

typedef struct _Resolution Resolution;

typedef gboolean (*StepFunc) (Resolution           *r,
                              const MusterStepDef  *step,
                              const char           *purpose_key,
                              GError              **error);

struct _Resolution {
  MusterStore         *store;
  MusterCampaign      *campaign;
  MusterRuleset       *ruleset;   /* owned by the store */
  MusterGame          *game;
  GPtrArray           *subjects;  /* of Subject* */
  gint64               resolution_id;
  int                  seq;
  GHashTable          *set_out;   /* character ids put out by this resolution */
  GPtrArray           *events;    /* of MusterResolutionEvent* */
  GPtrArray           *plan;      /* of MusterPlannedRoll*, when only planning */
  MusterFacesProvider  provider;
  gpointer             user_data;
  GPtrArray           *units;       /* of UnitSubject*: units in the game */
  GHashTable          *stat_before; /* "ID/KEY" -> value before this resolution */
};

/* Whether a participant's outcome is the one a step acts on, when the
 * step names no outcome. */
typedef gboolean (*OutcomeTest) (const MusterOutcomeDef *def);

gboolean    muster_resolution_outcome_removes     (const MusterOutcomeDef *def);
gboolean    muster_resolution_outcome_is_captured (const MusterOutcomeDef *def);
gboolean    muster_resolution_outcome_wounds      (const MusterOutcomeDef *def);
gboolean    muster_resolution_outcome_never       (const MusterOutcomeDef *def);

gboolean    muster_resolution_is_changeable  (const char           *table,
                                              const char           *column);
gboolean    muster_resolution_subject_matches (Resolution          *r,
                                               const MusterStepDef *step,
                                               const Subject       *subject,
                                               OutcomeTest          fallback);
gboolean    muster_resolution_read_character (Resolution           *r,
                                              gint64                id,
                                              CharacterState       *state,
                                              GError              **error);
/* Sets a changeable column (text when @text is not NULL, else @number),
 * keeping the old value for undo. */
gboolean    muster_resolution_change_value   (Resolution           *r,
                                              const char           *table,
                                              gint64                row_id,
                                              const char           *column,
                                              const char           *text,
                                              gint64                number,
                                              GError              **error);
gboolean    muster_resolution_set_status     (Resolution           *r,
                                              gint64                character_id,
                                              MusterStatus          status,
                                              int                   out_games,
                                              GError              **error);
gboolean    muster_resolution_read_stat      (Resolution           *r,
                                              gint64                character_id,
                                              const char           *key,
                                              int                  *value,
                                              gboolean             *found,
                                              GError              **error);
gboolean    muster_resolution_change_stat    (Resolution           *r,
                                              gint64                character_id,
                                              const char           *key,
                                              int                   old_value,
                                              int                   value,
                                              GError              **error);
/* Logs a consequence, an entry of @kind with @args (taken; the name of
 * whom it is about and the step added), with @roll stored first when not
 * NULL, and adds it to the events. @subject, or @character_id and
 * @character_name, say whom it is about. */
gboolean    muster_resolution_consequence    (Resolution           *r,
                                              const Subject        *subject,
                                              gint64                character_id,
                                              const char           *character_name,
                                              const MusterStepDef  *step,
                                              const char           *kind,
                                              const MusterRoll     *roll,
                                              const char           *purpose,
                                              JsonObject           *args,
                                              GError              **error);
MusterRoll *muster_resolution_roll_for       (Resolution           *r,
                                              const Subject        *subject,
                                              const MusterStepDef  *step,
                                              const char           *key,
                                              char                **out_purpose,
                                              GError              **error);
MusterRoll *muster_resolution_roll_planned   (Resolution           *r,
                                              MusterPlannedRoll    *planned,
                                              char                **out_purpose,
                                              GError              **error);
gboolean    muster_resolution_plan_rolls     (Resolution           *r,
                                              const MusterStepDef  *step,
                                              const char           *key,
                                              OutcomeTest           fallback);
/* Logs what happened to a unit, as an event about the unit: a
 * consequence (muster_resolution_consequence()) that names the unit. */
gboolean    muster_resolution_unit_consequence (Resolution          *r,
                                                gint64               unit_id,
                                                const char          *unit_name,
                                                const MusterStepDef *step,
                                                const char          *kind,
                                                const MusterRoll    *roll,
                                                const char          *purpose,
                                                JsonObject          *args,
                                                GError             **error);
/* Reads the units of the game and their results into r->units. */
gboolean    muster_resolution_load_units     (Resolution           *r,
                                              GError              **error);

/* Steps (muster-engine-steps.c, muster-engine-units.c,
 * muster-engine-wounds.c). */
#define MUSTER_STEP(name) \
  gboolean name (Resolution *r, const MusterStepDef *step, const char *key, GError **error)

MUSTER_STEP (step_countdown);
MUSTER_STEP (step_death_roll);
MUSTER_STEP (step_out_for_games);
MUSTER_STEP (step_capture);
MUSTER_STEP (step_heal_wounds);
MUSTER_STEP (step_drop_stat);
MUSTER_STEP (step_always_recovers);
MUSTER_STEP (step_serious_wounds);
MUSTER_STEP (step_morale_loss);
MUSTER_STEP (step_struck_off);
MUSTER_STEP (step_retire);
MUSTER_STEP (step_unit_casualties);
MUSTER_STEP (step_light_wounds_accumulate);
MUSTER_STEP (step_musicians);

G_END_DECLS
