/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-ruleset.h"
#include "muster-store.h"
#include "muster-types.h"

G_BEGIN_DECLS

/*
 * A view of one unit row (rulesets kept by unit): a company, squad or gun
 * with its kind, rating, size in figures, figures lost for good and the
 * permanent change to its morale. Read when it was loaded; the store's
 * ::changed with MUSTER_CHANGE_UNITS says when to load it again.
 *
 * Properties (all read-only): "id", "campaign-id", "force-id",
 * "force-name", "side", "name", "kind", "rating", "size", "lost",
 * "present" (size less lost), "morale-loss", "status" ("active",
 * "destroyed" or "disbanded"), "n-characters", "notes".
 */

#define MUSTER_TYPE_UNIT (muster_unit_get_type ())
G_DECLARE_FINAL_TYPE (MusterUnit, muster_unit, MUSTER, UNIT, GObject)

#define MUSTER_UNIT_STATUS_ACTIVE    "active"
#define MUSTER_UNIT_STATUS_DESTROYED "destroyed"
#define MUSTER_UNIT_STATUS_DISBANDED "disbanded"

gint64       muster_unit_get_id           (MusterUnit *self);
gint64       muster_unit_get_campaign_id  (MusterUnit *self);
gint64       muster_unit_get_force_id     (MusterUnit *self);
const char  *muster_unit_get_force_name   (MusterUnit *self);
/* The force's effective side. */
const char  *muster_unit_get_side         (MusterUnit *self);
const char  *muster_unit_get_name         (MusterUnit *self);
/* The ruleset's unit kind id ("infantry"): the unit's type. */
const char  *muster_unit_get_kind         (MusterUnit *self);
const char  *muster_unit_get_rating       (MusterUnit *self);
int          muster_unit_get_size         (MusterUnit *self);
int          muster_unit_get_lost         (MusterUnit *self);
int          muster_unit_get_present      (MusterUnit *self);
/* Base morale lost for good (negative: gained), e.g. for lost colours. */
int          muster_unit_get_morale_loss  (MusterUnit *self);
const char  *muster_unit_get_status       (MusterUnit *self);
/* A unit status ("destroyed") as people read it: "Destroyed", translated. */
const char  *muster_unit_status_label     (const char *status);
const char  *muster_unit_get_notes        (MusterUnit *self);
/* A number kept on the unit for a unit stat "from" the unit (its colours,
 * musicians); FALSE when none was set. */
gboolean     muster_unit_get_value        (MusterUnit *self,
                                           const char *key,
                                           int        *value);

/* The value of the ruleset's unit stat @key for this unit, as shown on a
 * sheet: the kind's or rating's value (words in the user's language), the
 * rating's number less the morale lost, the bases left, or the number kept
 * on the unit. NULL when the ruleset gives none. */
char        *muster_unit_dup_stat_text    (MusterUnit    *self,
                                           MusterRuleset *ruleset,
                                           const char    *key);
/* The same for a column headed by the unit stat's own name: a value the
 * unit's kind names in its own way comes with that name ("Limbered: 3 /
 * 4 / – / –"). */
char        *muster_unit_dup_stat_cell    (MusterUnit    *self,
                                           MusterRuleset *ruleset,
                                           const char    *key);
/* The same, with a value given in words left as the ruleset file has it
 * (untranslated), for TSV and JSON. */
char        *muster_unit_dup_stat_value   (MusterUnit    *self,
                                           MusterRuleset *ruleset,
                                           const char    *key);

/* The texts a list sorts units by. */
typedef enum {
  MUSTER_UNIT_KEY_NAME,
  MUSTER_UNIT_KEY_FORCE_NAME,
  MUSTER_UNIT_KEY_KIND,
  MUSTER_UNIT_KEY_RATING,
  MUSTER_UNIT_KEY_STATUS,
  MUSTER_UNIT_N_KEYS
} MusterUnitKey;

/* The collation key of a text (casefolded), made the first time it is
 * asked for and kept with the unit; see muster_character_get_sort_key(). */
const char  *muster_unit_get_sort_key     (MusterUnit    *self,
                                           MusterUnitKey  key);

/* TRUE when both views show the same row with the same values. */
gboolean     muster_unit_equal            (MusterUnit *a,
                                           MusterUnit *b);

/* For the store: a view of a row. Takes copies. */
typedef struct {
  gint64      id;
  gint64      campaign_id;
  gint64      force_id;
  const char *force_name;
  const char *side;
  const char *name;
  const char *kind;
  const char *rating;
  int         size;
  int         lost;
  int         morale_loss;
  const char *status;
  const char *notes;
  guint       n_characters;
} MusterUnitRow;

MusterUnit  *muster_unit_new              (const MusterUnitRow *row);
void         muster_unit_set_value        (MusterUnit *self,
                                           const char *key,
                                           int         value);

/* --- Units in the store (muster-store-units.c) ------------------------- */

/* What a new unit is made of. */
typedef struct {
  const char *name;
  const char *kind;     /* a unit kind of the ruleset */
  const char *rating;   /* a rating of the ruleset, or NULL */
  int         size;     /* figures; 0 for the kind's usual size */
  const char *notes;    /* may be NULL */
} MusterUnitSpec;

/* Checks the kind, rating and size against the campaign's ruleset (a
 * kind's min-size and max-size); logs the new unit. */
gint64       muster_store_create_unit     (MusterStore          *store,
                                           gint64                force_id,
                                           const MusterUnitSpec *spec,
                                           GError              **error);
/* Of MusterUnit*; @force_id 0 for the whole campaign. Sorted by id. */
GPtrArray   *muster_store_list_units      (MusterStore  *store,
                                           gint64        campaign_id,
                                           gint64        force_id,
                                           GError      **error);
MusterUnit  *muster_store_get_unit        (MusterStore  *store,
                                           gint64        id,
                                           GError      **error);
/* By id or exact name within @campaign_id; two units of the name is
 * MUSTER_STORE_ERROR_AMBIGUOUS. */
MusterUnit  *muster_store_find_unit       (MusterStore  *store,
                                           gint64        campaign_id,
                                           const char   *id_or_name,
                                           GError      **error);
gboolean     muster_store_rename_unit     (MusterStore  *store,
                                           gint64        id,
                                           const char   *name,
                                           GError      **error);
/* @field is "kind", "rating", "status" or "notes"; kinds, ratings and
 * statuses are checked. */
gboolean     muster_store_set_unit_text   (MusterStore  *store,
                                           gint64        id,
                                           const char   *field,
                                           const char   *value,
                                           GError      **error);
/* @field is "size", "lost" or "morale_loss"; lost stays within size. */
gboolean     muster_store_set_unit_number (MusterStore  *store,
                                           gint64        id,
                                           const char   *field,
                                           int           value,
                                           GError      **error);
/* A unit stat kept on the unit ("colours"), within its min and max. */
gboolean     muster_store_set_unit_value  (MusterStore  *store,
                                           gint64        id,
                                           const char   *key,
                                           int           value,
                                           GError      **error);
/* Attaches a character to a unit of his force (@unit_id 0 detaches). */
gboolean     muster_store_attach_character (MusterStore *store,
                                            gint64       character_id,
                                            gint64       unit_id,
                                            GError     **error);
/* Deletes a unit with its values and the planned games it was to take
 * part in; its characters stay, no longer attached. Undo puts everything
 * back (muster-store-undo.c). A unit that took part in a played game is
 * refused with MUSTER_STORE_ERROR_HISTORY. */
MusterUndo  *muster_store_delete_unit     (MusterStore  *store,
                                           gint64        id,
                                           GError      **error);

/* --- Units in games ----------------------------------------------------- */

/* What happened to a unit's figures in a game. */
typedef struct {
  int         killed;
  int         wounded;
  int         captured;
  int         run;
  const char *colours;  /* NULL or "": kept; "lost"; "captured" (took the enemy's) */
  const char *notes;    /* may be NULL */
} MusterUnitResult;

typedef struct {
  gint64  game_id;
  gint64  unit_id;
  char   *name;
  char   *force_name;
  char   *side;
  int     figures;     /* present when the game was planned */
  gboolean recorded;
  int     killed;
  int     wounded;
  int     captured;
  int     run;
  char   *colours;
  char   *notes;
} MusterUnitParticipant;

void         muster_unit_participant_free (MusterUnitParticipant *participant);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterUnitParticipant, muster_unit_participant_free)

/* Adds active units to a planned or played game, each fighting for its
 * force's side, which must be one of the game's sides. */
gboolean     muster_store_add_game_units  (MusterStore   *store,
                                           gint64         game_id,
                                           const gint64  *unit_ids,
                                           guint          n_units,
                                           GError       **error);
/* Records per-figure results: the counts cannot be negative nor add up to
 * more figures than took the field, and a ruleset whose between-game
 * steps never deal with a kind of figure refuses it. Makes a planned game
 * played. */
gboolean     muster_store_set_unit_result (MusterStore            *store,
                                           gint64                  game_id,
                                           gint64                  unit_id,
                                           const MusterUnitResult *result,
                                           GError                **error);
/* Of MusterUnitParticipant*, sorted by unit id. */
GPtrArray   *muster_store_list_game_units (MusterStore   *store,
                                           gint64         game_id,
                                           GError       **error);

/* Inside a transaction the caller began (recruiting): attaches without
 * logging or ::changed. */
gboolean     muster_store_tx_attach_character (MusterStore *store,
                                               gint64       character_id,
                                               gint64       unit_id,
                                               GError     **error);

G_END_DECLS
