/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-types.h"

G_BEGIN_DECLS

/*
 * A view of one character row with its stats, read when it was loaded.
 * Properties (all read-only, for list views and expressions): "id",
 * "campaign-id", "force-id", "force-name", "side", "name", "rank",
 * "troop-type", "weapon", "mounted", "status" (string form), "out-games",
 * "kills", "games", "notes".
 */
#define MUSTER_TYPE_CHARACTER (muster_character_get_type ())
G_DECLARE_FINAL_TYPE (MusterCharacter, muster_character, MUSTER, CHARACTER, GObject)

gint64       muster_character_get_id          (MusterCharacter *self);
gint64       muster_character_get_campaign_id (MusterCharacter *self);
gint64       muster_character_get_force_id    (MusterCharacter *self);
gint64       muster_character_get_unit_id     (MusterCharacter *self);
const char  *muster_character_get_force_name  (MusterCharacter *self);
/* The force's effective side. */
const char  *muster_character_get_side        (MusterCharacter *self);
const char  *muster_character_get_name        (MusterCharacter *self);
const char  *muster_character_get_rank        (MusterCharacter *self);
const char  *muster_character_get_troop_type  (MusterCharacter *self);
const char  *muster_character_get_weapon      (MusterCharacter *self);
gboolean     muster_character_get_mounted     (MusterCharacter *self);
MusterStatus muster_character_get_status      (MusterCharacter *self);
int          muster_character_get_out_games   (MusterCharacter *self);
int          muster_character_get_light_wounds   (MusterCharacter *self);
int          muster_character_get_serious_wounds (MusterCharacter *self);
const char  *muster_character_get_notes       (MusterCharacter *self);
/* Career kills (named and unnamed) and games played (taken part in and
 * played or resolved; a game still planned does not count). */
int          muster_character_get_kills       (MusterCharacter *self);
int          muster_character_get_games       (MusterCharacter *self);
/* FALSE when the character has no value for @key. */
gboolean     muster_character_get_stat        (MusterCharacter *self,
                                               const char      *key,
                                               int             *value);

/* The texts a list sorts characters by. */
typedef enum {
  MUSTER_CHARACTER_KEY_NAME,
  MUSTER_CHARACTER_KEY_FORCE_NAME,
  MUSTER_CHARACTER_KEY_TROOP_TYPE,
  MUSTER_CHARACTER_KEY_WEAPON,
  MUSTER_CHARACTER_N_KEYS
} MusterCharacterKey;

/* The collation key of a text (casefolded): compare two with strcmp() to
 * sort as the user's language does. Made the first time it is asked for
 * and kept with the character. Not thread-safe: ask from one thread at a
 * time (a loader may ask before it hands the character over). */
const char  *muster_character_get_sort_key    (MusterCharacter    *self,
                                               MusterCharacterKey  key);
/* Whether the name, force, troop type, weapon or rank contains @folded,
 * a text already casefolded (muster_search_fold()); NULL matches all. The
 * text searched is made on the first call with a text ("" matches all
 * too) and kept with the character. */
gboolean     muster_character_matches         (MusterCharacter    *self,
                                               const char         *folded);

/* For the store: a character with no stats yet. Takes copies. */
typedef struct {
  gint64       id;
  gint64       campaign_id;
  gint64       force_id;
  gint64       unit_id;
  const char  *force_name;
  const char  *side;
  const char  *name;
  const char  *rank;
  const char  *troop_type;
  const char  *weapon;
  gboolean     mounted;
  MusterStatus status;
  int          out_games;
  int          light_wounds;
  int          serious_wounds;
  const char  *notes;
  int          kills;
  int          games;
} MusterCharacterRow;

MusterCharacter *muster_character_new      (const MusterCharacterRow *row);
void             muster_character_set_stat (MusterCharacter *self,
                                            const char      *key,
                                            int              value);
/* TRUE when both views show the same row with the same values and stats
 * (so a list can tell what changed after a reload). */
gboolean         muster_character_equal    (MusterCharacter *a,
                                            MusterCharacter *b);

G_END_DECLS
