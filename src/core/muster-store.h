/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-types.h"
#include "muster-ruleset.h"

G_BEGIN_DECLS

/*
 * The library: one SQLite file holding any number of campaigns.
 *
 * Opening: the file is first checked on a read-only connection; a schema
 * newer than this Muster knows is refused (MUSTER_STORE_ERROR_NEWER) with the
 * file untouched. An older one is copied with the SQLite backup API to
 * "FILE.bak-vN" (N the old user_version) and migrated, each migration in
 * BEGIN IMMEDIATE ... PRAGMA user_version=N; COMMIT, which reads
 * user_version again first, so that processes creating one library at once
 * do not trip over each other. Another program's database (tables without
 * Muster's application id) is refused, and a library is only created in a
 * folder that exists.
 *
 * Connections use WAL, foreign_keys=ON, a busy timeout (the checking one
 * too) and synchronous=NORMAL: a crash loses no commit and a power cut
 * never corrupts the file, but may drop the last commits. FULL would keep
 * them at the price of an fsync per commit; on the benchmarks it costs
 * nothing for recruiting in batches and importing, but resolving a game
 * takes 1.17-1.28 times as long (README, “Where things are kept”), over
 * the 10% allowed, so NORMAL stays.
 *
 * A library this process cannot write (the file, its folder, or an -shm
 * file there) is opened read-only, without creating -wal or -shm files
 * beside it (see muster_store_read_only_uri()); every change then fails
 * with MUSTER_STORE_ERROR_READ_ONLY.
 *
 * Every change goes through a function here, in one short transaction that
 * also writes the campaign log entry, and then emits ::changed.
 */

#define MUSTER_TYPE_STORE (muster_store_get_type ())
G_DECLARE_FINAL_TYPE (MusterStore, muster_store, MUSTER, STORE, GObject)

#define MUSTER_STORE_SCHEMA_VERSION 9
#define MUSTER_STORE_APPLICATION_ID 0x4d555354 /* "MUST" */

/* The longest name (of a campaign, force, unit or character) or game
 * title the store takes, in characters. Longer ones written before the
 * limit stay as they are. */
#define MUSTER_STORE_NAME_MAX 120

/* What changed, for ::changed. */
typedef enum {
  MUSTER_CHANGE_CAMPAIGNS = 1 << 0,
  MUSTER_CHANGE_FORCES    = 1 << 1,
  MUSTER_CHANGE_CHARACTERS= 1 << 2,
  MUSTER_CHANGE_GAMES     = 1 << 3,
  MUSTER_CHANGE_LOG       = 1 << 4,
  MUSTER_CHANGE_UNITS     = 1 << 5,
  MUSTER_CHANGE_ALL       = 0xff,
} MusterChange;

/* The library path: MUSTER_LIBRARY when set, else
 * $XDG_DATA_HOME/muster/library.db. */
char        *muster_store_get_default_path (void);

MusterStore *muster_store_open            (const char   *path,
                                           GError      **error);
/* Opens muster_store_get_default_path(), making the folders of the
 * default $XDG_DATA_HOME/muster/library.db when missing. */
MusterStore *muster_store_open_default    (GError      **error);
const char  *muster_store_get_path        (MusterStore  *self);
/* TRUE when the library was opened read-only: every change then fails
 * with MUSTER_STORE_ERROR_READ_ONLY. */
gboolean     muster_store_is_read_only    (MusterStore  *self);
/* TRUE when the library has no campaign (first start). */
gboolean     muster_store_is_empty        (MusterStore  *self);
/* Checks PRAGMA data_version; when another process (muster-cli) wrote to
 * the file since the last look, emits ::changed with MUSTER_CHANGE_ALL and
 * returns TRUE. Windows call it when they regain focus. */
gboolean     muster_store_poll_external   (MusterStore  *self);
/* Emits ::changed (campaign_id 0 means any). */
void         muster_store_emit_changed    (MusterStore  *self,
                                           MusterChange  what,
                                           gint64        campaign_id);
/* A consistent copy of the whole library to @dest, via the backup API to
 * a temporary file and a rename. */
gboolean     muster_store_save_copy       (MusterStore  *self,
                                           const char   *dest,
                                           GError      **error);
/* The whole database as SQL text (tests compare dumps). */
char        *muster_store_dump            (MusterStore  *self);

/* --- Campaigns ---------------------------------------------------------- */

/* @options: option id -> choice id, may be NULL (the ruleset's defaults).
 * An unknown option or choice is MUSTER_STORE_ERROR_INVALID. */
gint64          muster_store_create_campaign (MusterStore   *self,
                                              const char    *name,
                                              MusterRuleset *ruleset,
                                              guint64        seed,
                                              GHashTable    *options,
                                              GError       **error);
/* Of MusterCampaign*, sorted by name. */
GPtrArray      *muster_store_list_campaigns  (MusterStore   *self,
                                              GError       **error);
MusterCampaign *muster_store_get_campaign    (MusterStore   *self,
                                              gint64         id,
                                              GError       **error);
/* By id (all digits) or by exact name. */
MusterCampaign *muster_store_find_campaign   (MusterStore   *self,
                                              const char    *id_or_name,
                                              GError       **error);
gboolean        muster_store_rename_campaign (MusterStore   *self,
                                              gint64         id,
                                              const char    *name,
                                              GError       **error);
/* Deletes the campaign with its whole history: forces, characters,
 * games, rolls and log. Not undone. */
gboolean        muster_store_delete_campaign (MusterStore   *self,
                                              gint64         id,
                                              GError       **error);
/* Its games and characters, to say what deleting it takes. */
gboolean        muster_store_count_campaign  (MusterStore   *self,
                                              gint64         id,
                                              guint         *out_games,
                                              guint         *out_characters,
                                              GError       **error);

/* --- Forces ------------------------------------------------------------- */

/* The nationality (whose names the recruits take) is the one the side
 * suggests (muster-nationality.h). */
gint64       muster_store_create_force   (MusterStore  *self,
                                          gint64        campaign_id,
                                          const char   *name,
                                          const char   *side,  /* NULL: own side */
                                          GError      **error);
/* @nationality NULL: the one the side suggests. */
gint64       muster_store_create_force_full (MusterStore  *self,
                                             gint64        campaign_id,
                                             const char   *name,
                                             const char   *side,
                                             const char   *nationality,
                                             GError      **error);
/* Of MusterForce*, sorted by name. */
GPtrArray   *muster_store_list_forces    (MusterStore  *self,
                                          gint64        campaign_id,
                                          GError      **error);
MusterForce *muster_store_get_force      (MusterStore  *self,
                                          gint64        id,
                                          GError      **error);
/* By id or name within @campaign_id. */
MusterForce *muster_store_find_force     (MusterStore  *self,
                                          gint64        campaign_id,
                                          const char   *id_or_name,
                                          GError      **error);
gboolean     muster_store_rename_force   (MusterStore  *self,
                                          gint64        id,
                                          const char   *name,
                                          GError      **error);
gboolean     muster_store_set_force_side (MusterStore  *self,
                                          gint64        id,
                                          const char   *side,
                                          GError      **error);
/* Changes whose names the force's recruits take from now on; its
 * characters keep theirs. */
gboolean     muster_store_set_force_nationality (MusterStore  *self,
                                                 gint64        id,
                                                 const char   *nationality,
                                                 GError      **error);

/* --- Characters --------------------------------------------------------- */

/* What a new character is made of. */
typedef struct {
  const char *name;
  const char *rank;        /* may be NULL */
  const char *troop_type;  /* ruleset troop type id */
  const char *weapon;      /* NULL: the troop type's default */
  gboolean    mounted;
  GHashTable *stats;       /* stat key -> GINT_TO_POINTER (value) */
  GPtrArray  *rolls;       /* of MusterRoll*, may be NULL: logged with the character */
  GPtrArray  *roll_stats;  /* of char*, the stat key of each roll */
} MusterCharacterSpec;

/* Validates the troop type, weapon, stat keys, ranges and caps. */
gint64           muster_store_create_character (MusterStore               *self,
                                                gint64                     force_id,
                                                const MusterCharacterSpec *spec,
                                                GError                   **error);
/* One change to the library made of several: every function that writes
 * begins and commits its own change, and between muster_store_begin() and
 * muster_store_commit() those become part of the outer one, which saves
 * all of them or, with muster_store_rollback(), none. */
gboolean         muster_store_begin            (MusterStore  *self,
                                                GError      **error);
gboolean         muster_store_commit           (MusterStore  *self,
                                                GError      **error);
void             muster_store_rollback         (MusterStore  *self);

/* Of MusterCharacter*; @force_id 0 for the whole campaign. Sorted by id. */
GPtrArray       *muster_store_list_characters  (MusterStore  *self,
                                                gint64        campaign_id,
                                                gint64        force_id,
                                                GError      **error);
MusterCharacter *muster_store_get_character    (MusterStore  *self,
                                                gint64        id,
                                                GError      **error);
/* By id or name within @campaign_id; several with the name is
 * MUSTER_STORE_ERROR_AMBIGUOUS. */
MusterCharacter *muster_store_find_character   (MusterStore  *self,
                                                gint64        campaign_id,
                                                const char   *id_or_name,
                                                GError      **error);
/* @field is one of "name", "rank", "troop_type", "weapon", "notes". */
gboolean         muster_store_set_character_text (MusterStore *self,
                                                  gint64       id,
                                                  const char  *field,
                                                  const char  *value,
                                                  GError     **error);
gboolean         muster_store_set_character_mounted (MusterStore *self,
                                                     gint64       id,
                                                     gboolean     mounted,
                                                     GError     **error);
/* Range and weapon cap checked; a clear error names the stat and limit. */
gboolean         muster_store_set_character_stat (MusterStore *self,
                                                  gint64       id,
                                                  const char  *key,
                                                  int          value,
                                                  GError     **error);
/* @out_games only matters for MUSTER_STATUS_OUT_OF_ACTION. */
gboolean         muster_store_set_character_status (MusterStore  *self,
                                                    gint64        id,
                                                    MusterStatus  status,
                                                    int           out_games,
                                                    GError      **error);
gboolean         muster_store_move_character   (MusterStore  *self,
                                                gint64        id,
                                                gint64        force_id,
                                                GError      **error);

/* --- Deleting, with undo ------------------------------------------------ */

/* What a deletion removed, or what taking newer rules replaced
 * (muster-rules-update.h), to put it back. */
typedef struct _MusterUndo MusterUndo;

/* Each returns an undo record (NULL on error). Applying it puts the
 * database back exactly as it was before the deletion, log included.
 * Whatever took part in a played game is history that other records
 * point to: a character, a unit (muster_store_delete_unit()) or a force
 * holding one is refused with MUSTER_STORE_ERROR_HISTORY. */
MusterUndo  *muster_store_delete_character (MusterStore  *self,
                                            gint64        id,
                                            GError      **error);
MusterUndo  *muster_store_delete_force     (MusterStore  *self,
                                            gint64        id,
                                            GError      **error);
gboolean     muster_undo_apply             (MusterUndo   *undo,
                                            GError      **error);
/* Translated description, e.g. "Character “Thomas Ward” deleted". */
const char  *muster_undo_get_label         (MusterUndo   *undo);
void         muster_undo_free              (MusterUndo   *undo);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterUndo, muster_undo_free)

/* --- Log ---------------------------------------------------------------- */

typedef struct {
  gint64  id;
  gint64  campaign_id;
  gint64  game_id;        /* 0 when none */
  gint64  character_id;   /* 0 when none */
  char   *kind;
  char   *args;           /* its arguments, a JSON object (muster-log.h); NULL
                           * for an older entry that kept its text */
  char   *message;        /* the text: its kind and arguments said in the
                           * reader's language, or the text it kept */
  char   *created;
  /* the roll, when the entry has one */
  char   *expression;
  char   *faces;
  int     total;
  gboolean has_roll;
  gboolean entered;
} MusterLogEntry;

void        muster_log_entry_free (MusterLogEntry *entry);
/* Newest first; @game_id / @character_id 0 for all. */
GPtrArray  *muster_store_list_log (MusterStore *self,
                                   gint64       campaign_id,
                                   gint64       game_id,
                                   gint64       character_id,
                                   GError     **error);
/* What the store checks a character's troop type, weapon and stats
 * against, for others that take them (the command line): each fails with
 * MUSTER_STORE_ERROR_INVALID listing what @ruleset has. */
const MusterTroopType *muster_store_check_troop_type (MusterRuleset  *ruleset,
                                                      const char     *id,
                                                      GError        **error);
gboolean               muster_store_check_weapon_id  (MusterRuleset  *ruleset,
                                                      const char     *id,
                                                      GError        **error);
const MusterStatDef   *muster_store_check_stat_key   (MusterRuleset  *ruleset,
                                                      const char     *key,
                                                      GError        **error);

G_END_DECLS
