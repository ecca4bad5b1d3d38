/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <sqlite3.h>

#include "muster-dice.h"
#include "muster-game.h"
#include "muster-log-private.h"
#include "muster-store.h"
#include "muster-unit.h"

G_BEGIN_DECLS

/* For the other core modules (engine, recruit, exchange): the connection,
 * transactions and the shared writers. Nothing outside src/core uses this. */

/* How long a connection waits for another process's lock, in ms. */
#define MUSTER_STORE_BUSY_TIMEOUT 5000
/* How hard a commit waits for the disk: NORMAL, as FULL costs over 10% on
 * the resolve benchmark (see muster-store.h). */
#define MUSTER_STORE_SYNCHRONOUS "NORMAL"
/* The working folders of a restore, beside the library (muster-work-dir.h). */
#define MUSTER_STORE_RESTORE_PURPOSE "restore"

sqlite3  *muster_store_get_db        (MusterStore  *self);
/* A prepared statement for @sql, reset and with bindings cleared, owned
 * by the store (transfer none). Statements are kept by their text, but
 * one that a caller is still stepping is never handed out again: a query
 * run again while it steps (a nested call) gets a statement of its own.
 * Hold it in a MUSTER_STMT_AUTO variable, below. */
sqlite3_stmt *muster_store_prepare   (MusterStore  *self,
                                      const char   *sql,
                                      GError      **error);
/* How many statements of one text may step at once before the store
 * says that one was left stepping (no query nests this deep). */
#define MUSTER_STORE_NESTED_MAX 8
/* Drops what the store keeps from the database (the campaigns' parsed
 * rulesets), after the whole database was replaced. */
void      muster_store_forget_caches (MusterStore  *self);
/* Sets @error to MUSTER_STORE_ERROR_READ_ONLY, naming the library. */
void      muster_store_set_read_only_error (MusterStore  *self,
                                            GError      **error);
/* Sets @error from the connection's last error, prefixed by @what. */
void      muster_store_set_error     (MusterStore  *self,
                                      GError      **error,
                                      const char   *what);

/* Writes a roll; returns its id or 0 with @error set. */
gint64    muster_store_insert_roll   (MusterStore      *self,
                                      gint64            campaign_id,
                                      gint64            game_id,       /* 0: none */
                                      gint64            character_id,  /* 0: none */
                                      gint64            resolution_id, /* 0: none */
                                      const char       *purpose,
                                      const MusterRoll *roll,
                                      GError          **error);
/* Writes a log entry of @kind with @args (taken; muster-log-private.h);
 * returns its id or 0 with @error set. */
gint64    muster_store_insert_log    (MusterStore  *self,
                                      gint64        campaign_id,
                                      gint64        game_id,
                                      gint64        character_id,
                                      gint64        resolution_id,
                                      gint64        roll_id,
                                      const char   *kind,
                                      JsonObject   *args,
                                      GError      **error);
/* The statements those two write with, for a batch that writes thousands
 * of rows to prepare once and hold (MUSTER_STMT_AUTO), giving them to
 * the _with() forms; those leave them reset, ready for the next row. */
sqlite3_stmt *muster_store_prepare_roll_insert (MusterStore  *self,
                                                GError      **error);
/* The same for @n_rows rolls in one statement, each bound with
 * muster_store_bind_roll() from parameter 1 + MUSTER_STORE_ROLL_COLUMNS
 * times its index; @faces and @now are not copied. */
#define MUSTER_STORE_ROLL_COLUMNS 10
sqlite3_stmt *muster_store_prepare_roll_rows   (MusterStore  *self,
                                                guint         n_rows,
                                                GError      **error);
void      muster_store_bind_roll        (sqlite3_stmt     *stmt,
                                         int               first,
                                         gint64            campaign_id,
                                         gint64            game_id,
                                         gint64            character_id,
                                         gint64            resolution_id,
                                         const char       *purpose,
                                         const MusterRoll *roll,
                                         const char       *faces,
                                         const char       *now);
sqlite3_stmt *muster_store_prepare_log_insert  (MusterStore  *self,
                                                GError      **error);
gint64    muster_store_insert_roll_with (MusterStore      *self,
                                         sqlite3_stmt     *stmt,
                                         gint64            campaign_id,
                                         gint64            game_id,
                                         gint64            character_id,
                                         gint64            resolution_id,
                                         const char       *purpose,
                                         const MusterRoll *roll,
                                         GError          **error);
/* As muster_store_insert_log(), with @args already written as text
 * (muster_log_args_to_string()). */
gint64    muster_store_insert_log_with  (MusterStore   *self,
                                         sqlite3_stmt  *stmt,
                                         gint64         campaign_id,
                                         gint64         game_id,
                                         gint64         character_id,
                                         gint64         resolution_id,
                                         gint64         roll_id,
                                         const char    *kind,
                                         const char    *args,
                                         GError       **error);
/* Ends a change begun with muster_store_begin() that created row @id
 * (0: the creation failed, so it is rolled back): commits and emits
 * ::changed with @what. Returns @id, or 0 with @error set. */
gint64    muster_store_commit_created (MusterStore   *self,
                                       gint64         id,
                                       MusterChange   what,
                                       gint64         campaign_id,
                                       GError       **error);
/* Ends a change begun with muster_store_begin(): logs an entry of @kind
 * with @args (taken), about @game_id and @character_id (0 for none),
 * commits and emits ::changed with @what. On failure everything is
 * rolled back and @error set. */
gboolean  muster_store_log_and_commit (MusterStore   *self,
                                       gint64         campaign_id,
                                       gint64         game_id,
                                       gint64         character_id,
                                       const char    *kind,
                                       JsonObject    *args,
                                       MusterChange   what,
                                       GError       **error);
/* Current time as ISO 8601 (UTC); MUSTER_FAKE_TIME overrides it in tests. */
char     *muster_store_now           (void);
/* @insert ("INSERT INTO t (a, b) VALUES ") followed by @n_rows rows
 * of @n_columns parameters each: a statement per row costs about as much
 * again as the row it writes. */
char     *muster_store_rows_sql      (const char   *insert,
                                      guint         n_columns,
                                      guint         n_rows);

/* The one way to hold a statement from muster_store_prepare() (or a
 * helper returning one): a MUSTER_STMT_AUTO variable, given one statement
 * and never another, which resets it when it goes out of scope, so that
 * no read transaction is left open and the statement is free for the next
 * caller. Nothing else resets it (tests/check-statements.py checks this):
 *   MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (...); */
static inline void
muster_stmt_reset_ (sqlite3_stmt **stmt)
{
  if (*stmt != NULL)
    sqlite3_reset (*stmt);
}
#define MUSTER_STMT_AUTO __attribute__ ((cleanup (muster_stmt_reset_)))

/* FALSE with MUSTER_STORE_ERROR_INVALID when @text (a name or a game's
 * title, as stored) is longer than MUSTER_STORE_NAME_MAX characters. */
gboolean  muster_store_check_length  (const char   *text,
                                      GError      **error);
/* A name as stored: trimmed; NULL with MUSTER_STORE_ERROR_INVALID when it
 * is empty, longer than MUSTER_STORE_NAME_MAX characters or only digits
 * (it would read as an id). */
char     *muster_store_check_name    (const char   *name,
                                      GError      **error);
/* The rules a stored value keeps, shared by the functions that change
 * it and by the importer, which refuses exactly what they refuse. */

/* @key is a stat of @ruleset and @value within its range; messages name
 * @who. A weapon's cap is not a limit on what a man keeps, only on what
 * he uses with it (muster-character-stats.h). */
gboolean  muster_store_check_stat    (MusterRuleset *ruleset,
                                      const char    *who,
                                      const char    *key,
                                      int            value,
                                      GError       **error);
/* A unit as @row has it (its kind, rating, size, figures lost and status)
 * is one @ruleset allows. */
gboolean  muster_store_check_unit    (MusterRuleset       *ruleset,
                                      const MusterUnitRow *row,
                                      GError             **error);
/* @key is a unit stat @ruleset keeps on each unit, and @value within its
 * range. */
gboolean  muster_store_check_unit_value (MusterRuleset *ruleset,
                                         const char    *key,
                                         int            value,
                                         GError       **error);
/* A participant's result under @outcome: wounds only of the kinds the
 * outcome takes, no count below zero; messages name @who. */
gboolean  muster_store_check_result  (const MusterOutcomeDef *outcome,
                                      const char             *who,
                                      int                     light_wounds,
                                      int                     serious_wounds,
                                      int                     killed_unnamed,
                                      GError                **error);
/* Migration 8's reading of the log entry of a character who joined with
 * a force file: the @n-th (1: kills, 2: games) of the numbers it brought
 * from elsewhere, or 0 (muster-store-migrate.c). */
gint64    muster_store_elsewhere_total      (const char   *message,
                                             guint         n);
/* Migration 5 (muster-store-rolled-stats.c): the stats a weapon's cap
 * lowered when they were stored, back to what the recruit rolled, each
 * logged. */
gboolean  muster_store_restore_rolled_stats (MusterStore  *self,
                                             GError      **error);
/* Migration 9 (muster-recruit.c): the recruit counters of a library that
 * still keeps them in the campaign row moved into their table, and a row
 * there for every campaign. */
gboolean  muster_store_move_recruit_counters (MusterStore  *self,
                                              GError      **error);
/* Migration 7 (muster-log-recover.c): the arguments of each log entry
 * written before, read back from its text and the rows it names where
 * they say that text again; the others keep their text. */
gboolean  muster_store_recover_log   (MusterStore  *self,
                                      GError      **error);
/* The same for one campaign, imported from a file whose log is text. */
gboolean  muster_store_recover_campaign_log (MusterStore  *self,
                                             gint64        campaign_id,
                                             GError      **error);
/* The outcome a result that passed muster_store_check_result() is
 * recorded as: @outcome, or when its wounds add up to a Kill (the
 * ruleset's <wounds-add-up>) the outcome they add up to, with @light and
 * @serious set to 0 and @note (nullable) saying why. */
const MusterOutcomeDef *muster_store_result_outcome (MusterRuleset          *ruleset,
                                                     const MusterOutcomeDef *outcome,
                                                     int                    *light,
                                                     int                    *serious,
                                                     char                  **note);
/* What became of the figures of unit @name, which took the field with
 * @figures: no more lost than that, and only kinds of figure and colours
 * the between-game steps of @ruleset deal with. */
gboolean  muster_store_check_unit_result (MusterRuleset          *ruleset,
                                          const char             *name,
                                          int                     figures,
                                          const MusterUnitResult *result,
                                          GError                **error);
/* The "stats" argument of a recruit's log entry (muster-store-recruit-log.c). */
JsonArray *muster_store_recruit_stats (MusterRuleset *ruleset,
                                       const char    *troop_type,
                                       const char    *weapon,
                                       GHashTable    *stats,
                                       GPtrArray     *rolls,
                                       GPtrArray     *roll_stats);
/* Appends to @out the arguments of a recruit's log entry, as
 * muster_log_args_to_string() writes those muster_log_args() makes of
 * @name, @weapon and muster_store_recruit_stats(), byte for byte, without
 * building them as JSON objects (a batch writes thousands). */
void      muster_store_append_recruit_args (GString               *out,
                                            MusterRuleset         *ruleset,
                                            const MusterTroopType *type,
                                            const char            *name,
                                            const char            *weapon,
                                            GHashTable            *stats,
                                            GPtrArray             *rolls,
                                            GPtrArray             *roll_stats);
/* A campaign's recruit counter from 0 to MUSTER_STORE_MAX_RECRUITS:
 * every recruit takes the next number, and the counter must hold it. */
#define MUSTER_STORE_MAX_RECRUITS G_MAXINT32
gboolean  muster_store_check_recruit_counter (gint64   counter,
                                              GError **error);

/* A text column of the current row, or NULL. */
static inline const char *
muster_column_text (sqlite3_stmt *stmt,
                    int           column)
{
  return (const char *) sqlite3_column_text (stmt, column);
}

/* Steps @stmt, which returns no rows, and resets it, so that the caller
 * may bind it again for the next row; on failure sets @error saying @what
 * failed. */
gboolean  muster_store_exec          (MusterStore   *self,
                                      sqlite3_stmt  *stmt,
                                      const char    *what,
                                      GError       **error);
/* The first object a query found, a new reference; NULL when the query
 * failed (@found NULL, @error set) or found nothing (@error set to
 * MUSTER_STORE_ERROR_NOT_FOUND with the message @format says). */
gpointer  muster_store_first_found   (GPtrArray     *found,
                                      GError       **error,
                                      const char    *format,
                                      ...) G_GNUC_PRINTF (3, 4);
/* The ids @sql selects, binding ?1 @campaign_id and ?2 @name; NULL with
 * @error set saying @what failed. */
GArray   *muster_store_query_ids     (MusterStore   *self,
                                      const char    *sql,
                                      gint64         campaign_id,
                                      const char    *name,
                                      const char    *what,
                                      GError       **error);
/* Runs @sql, which returns no rows, with @id bound to ?1; on failure
 * sets @error saying @what failed. */
gboolean  muster_store_exec_id       (MusterStore   *self,
                                      const char    *sql,
                                      gint64         id,
                                      const char    *what,
                                      GError       **error);
/* Puts back the change the library recorded as @record_id, in one
 * transaction, and emits ::changed. */
typedef gboolean (*MusterUndoFunc) (MusterStore  *store,
                                    gint64        record_id,
                                    GError      **error);
/* An undo record applied by @func (muster-store-undo.c). */
MusterUndo *muster_undo_new_for_record (MusterStore    *store,
                                        gint64          campaign_id,
                                        const char     *label,
                                        MusterUndoFunc  func,
                                        gint64          record_id);
/* Drops the kept ruleset of a deleted campaign. */
void      muster_store_forget_campaign_ruleset (MusterStore *self,
                                                gint64       campaign_id);
/* The campaign's own ruleset, parsed once and kept (transfer none). */
MusterRuleset *muster_store_get_campaign_ruleset (MusterStore *self,
                                                  gint64       campaign_id,
                                                  GError     **error);

/* The text of the campaign's own copy of its ruleset, as stored. */
char     *muster_store_get_campaign_ruleset_xml (MusterStore *self,
                                                 gint64       campaign_id,
                                                 GError     **error);
/* Adds to @blockers (of char*) a translated sentence for each thing
 * campaign @campaign_id holds that @rules cannot: a troop type, weapon,
 * characteristic, kind of unit or rating they lack, a value outside their
 * range, a result they cannot resolve, or another way of keeping the
 * campaign than @current's (NULL when its copy does not load). FALSE with
 * @error set when the library could not be read (muster-store-rules.c). */
gboolean  muster_store_check_campaign_rules (MusterStore    *self,
                                             gint64          campaign_id,
                                             MusterRuleset  *current,
                                             MusterRuleset  *rules,
                                             GPtrArray      *blockers,
                                             GError        **error);

/* The same as the public functions, but inside a transaction the caller
 * began: no BEGIN/COMMIT and no ::changed. */
gint64    muster_store_tx_create_campaign  (MusterStore   *self,
                                            const char    *name,
                                            MusterRuleset *ruleset,
                                            guint64        seed,
                                            GHashTable    *options,
                                            GError       **error);
/* TRUE for a date written YYYY-MM-DD that exists; otherwise FALSE with
 * MUSTER_ENGINE_ERROR_INVALID saying how to write it. */
gboolean  muster_store_check_date          (const char    *date,
                                            GError       **error);
/* @nationality NULL: the one the side suggests. */
gint64    muster_store_tx_create_force     (MusterStore   *self,
                                            gint64         campaign_id,
                                            const char    *name,
                                            const char    *side,
                                            const char    *nationality,
                                            GError       **error);
gint64    muster_store_tx_create_character (MusterStore               *self,
                                            gint64                     force_id,
                                            const MusterCharacterSpec *spec,
                                            GError                   **error);
/* What creating a character writes with. A batch of recruits looks it
 * up once: it holds @character (muster_store_prepare_character_insert())
 * and @log (muster_store_prepare_log_insert()) in MUSTER_STMT_AUTO
 * variables of its own and gives them here, with @store and the rest
 * zeroed. A character's stats and rolls are written up to
 * MUSTER_CHARACTER_WRITE_ROWS to a statement, made the first time a
 * statement of so many rows is needed and kept here (the store's). */
#define MUSTER_CHARACTER_WRITE_ROWS 16
typedef struct {
  MusterStore  *store;
  sqlite3_stmt *character;
  sqlite3_stmt *log;
  sqlite3_stmt *stats[MUSTER_CHARACTER_WRITE_ROWS + 1];  /* by rows */
  sqlite3_stmt *rolls[MUSTER_CHARACTER_WRITE_ROWS + 1];
} MusterCharacterWrites;
sqlite3_stmt *muster_store_prepare_character_insert (MusterStore  *self,
                                                     GError      **error);
/* As muster_store_tx_create_character(), in @force, read already, with
 * @writes: a batch of recruits looks up and prepares them once. */
gint64    muster_store_tx_create_character_in (MusterStore                 *self,
                                               MusterCharacterWrites       *writes,
                                               MusterForce                 *force,
                                               const MusterCharacterSpec   *spec,
                                               GError                     **error);
/* Takes the campaign's next recruit number; 0 with @error set. */
gint64    muster_store_tx_next_recruit     (MusterStore   *self,
                                            gint64         campaign_id,
                                            guint64       *out_seed,
                                            GError       **error);
/* Takes the campaign's next @count recruit numbers at once: returns the
 * first, the others following it; 0 with @error set. */
gint64    muster_store_tx_take_recruits    (MusterStore   *self,
                                            gint64         campaign_id,
                                            guint          count,
                                            guint64       *out_seed,
                                            GError       **error);

/* Games (muster-store-games.c). The game, or NULL with @error set when
 * it is missing or already resolved. */
MusterGame *muster_store_get_open_game     (MusterStore   *store,
                                            gint64         game_id,
                                            GError       **error);
/* A planned game becomes played; a played one stays as it is. */
gboolean  muster_store_tx_mark_game_played (MusterStore   *store,
                                            gint64         game_id,
                                            GError       **error);

/* Kills (muster-store-kills.c): whether one kill, or every kill of a
 * game, keeps the rules (killer and victim took part on opposite sides, a
 * victim put out of action once by one killer, with an outcome that takes
 * him out; with @require_outcome or in a resolved game, one recorded). */
gboolean  muster_store_check_kill        (MusterStore   *store,
                                          gint64         kill_id,
                                          gboolean       require_outcome,
                                          GError       **error);
gboolean  muster_store_check_game_kills  (MusterStore   *store,
                                          gint64         game_id,
                                          gboolean       require_outcome,
                                          GError       **error);
/* Checks the kills of @game_id when the outermost change is committed:
 * that commit fails, and everything is rolled back, if they break the
 * rules. */
/* Inside a change: records the hits of a started game as its results
 * (muster-table.c). */
gboolean  muster_store_tx_record_table_results (MusterStore *store,
                                                MusterGame  *game,
                                                GError     **error);
void      muster_store_defer_game_check  (MusterStore   *store,
                                          gint64         game_id);

/* Whether @unit may take the field in a game of @campaign_id: of that
 * campaign, active and with figures left. */
gboolean  muster_store_check_unit_available (MusterUnit   *unit,
                                             gint64        campaign_id,
                                             GError      **error);
/* Adds @unit to the game with the figures it has now. One already in the
 * game is refused naming the game, @what; with @what NULL, as any other
 * failure. */
gboolean  muster_store_tx_add_game_unit  (MusterStore   *store,
                                          gint64         game_id,
                                          MusterUnit    *unit,
                                          const char    *what,
                                          GError       **error);

/* A second connection to @self's library, read-only, for reading in
 * another thread while this one writes: it may be called from that
 * thread (it reads only the path) and used there alone. Fails for a
 * library that is not a file. */
MusterStore *muster_store_open_reader      (MusterStore  *self,
                                            GError      **error);

/* For muster_store_open(): the URI that opens a library Muster cannot
 * write without creating files beside it; checks an existing file on a
 * read-only connection (the newest schema and the application id; @uri
 * NULL opens @path itself), and migrates. */
char     *muster_store_read_only_uri (const char   *path,
                                      GError      **error);
gboolean  muster_store_check_file   (const char   *path,
                                     const char   *uri,
                                     int          *out_version,
                                     gboolean     *out_has_data,
                                     GError      **error);
gboolean  muster_store_migrate      (MusterStore  *self,
                                     int           from_version,
                                     gboolean      has_data,
                                     GError      **error);

G_END_DECLS
