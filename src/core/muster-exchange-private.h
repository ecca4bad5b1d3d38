/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <libxml/xmlreader.h>
#include <libxml/xmlwriter.h>

#include "muster-exchange.h"
#include "muster-ruleset.h"
#include "muster-store-private.h"

G_BEGIN_DECLS

/* Shared by the files of the exchange format.
 *
 * Writing: muster-exchange-writer.c holds the writer and its helpers,
 * muster-exchange.c the campaign, forces, units and characters,
 * muster-exchange-games.c games, resolutions, rolls and the log.
 *
 * Reading: muster-exchange-import.c reads the document,
 * muster-exchange-checks.c checks what the element handlers do not and
 * reports errors, muster-exchange-values.c reads values and ids for the element handlers
 * of muster-exchange-rows.c (campaign, forces, units, characters) and
 * muster-exchange-game-rows.c (games, resolutions, rolls, the log). */

/* The kinds of file ids. */
typedef enum {
  ID_FORCE,
  ID_UNIT,
  ID_CHARACTER,
  ID_GAME,
  ID_RESOLUTION,
  ID_ROLL,
  N_ID_KINDS
} IdKind;

/* --- Writing --------------------------------------------------------------- */

/* Ids in the file are given in the order elements are written (f1, f2 ...
 * in force order, c1, c2 ... over all forces), so the same rows always get
 * the same ids. */
typedef struct {
  MusterStore      *store;
  gint64            campaign_id;
  MusterRuleset    *ruleset;       /* (unowned), may be NULL */
  GOutputStream    *stream;
  GCancellable     *cancellable;   /* (unowned), may be NULL */
  GError           *stream_error;
  xmlTextWriterPtr  writer;
  gboolean          failed;

  GHashTable       *forces;        /* gint64* row id -> char* file id */
  GHashTable       *units;
  GHashTable       *characters;
  GHashTable       *games;
  GHashTable       *resolutions;
  GHashTable       *rolls;
} Export;

/* muster-exchange-writer.c */

GHashTable *muster_export_id_map_new   (void);
void        muster_export_id_map_add   (GHashTable    *map,
                                        gint64         row_id,
                                        const char    *prefix,
                                        guint          number);
/* The file id of @row_id, or NULL when it is not in the file. */
const char *muster_export_id           (GHashTable    *map,
                                        gint64         row_id);
const char *muster_export_column       (sqlite3_stmt  *stmt,
                                        int            column);
/* Fills @map with ids @prefix1, @prefix2 ... for the row ids @sql selects
 * (its one parameter is @param). */
gboolean    muster_export_fill_map     (Export        *ex,
                                        GHashTable    *map,
                                        const char    *prefix,
                                        const char    *sql,
                                        gint64         param,
                                        GError       **error);
/* FALSE with @error set unless @rc is SQLITE_DONE. */
gboolean    muster_export_step_done    (Export        *ex,
                                        sqlite3_stmt  *stmt,
                                        int            rc,
                                        GError       **error);

/* Writer calls: after the first failure they do nothing, and
 * muster_export_finish() reports it. */
void        muster_export_start        (Export        *ex,
                                        const char    *name);
void        muster_export_end          (Export        *ex);
/* Skips NULL values: an absent attribute is a NULL column. */
void        muster_export_attr         (Export        *ex,
                                        const char    *name,
                                        const char    *value);
void        muster_export_attr_int     (Export        *ex,
                                        const char    *name,
                                        gint64         value);
void        muster_export_attr_bool    (Export        *ex,
                                        const char    *name,
                                        gboolean       value);
/* A reference to another element of the file by the row id in @column of
 * @stmt; a NULL column, or a row not in the file, is left out. */
void        muster_export_attr_ref     (Export        *ex,
                                        const char    *name,
                                        GHashTable    *map,
                                        sqlite3_stmt  *stmt,
                                        int            column);
void        muster_export_text         (Export        *ex,
                                        const char    *value);
/* JSON text (a log entry's arguments), escaped only where XML needs it. */
void        muster_export_json         (Export        *ex,
                                        const char    *value);
/* <notes>, only when there are any. */
void        muster_export_notes        (Export        *ex,
                                        const char    *value);

gboolean    muster_export_begin        (Export        *ex,
                                        MusterStore   *store,
                                        GOutputStream *stream,
                                        GError       **error);
/* Ends the document (when @ok) and frees what the export holds; returns
 * @ok unless writing failed. */
gboolean    muster_export_finish       (Export        *ex,
                                        gboolean       ok,
                                        GError       **error);
void        muster_export_start_root   (Export        *ex,
                                        const char    *kind);

/* muster-exchange-games.c */

/* TRUE for the tables whose changes a resolution records and a file
 * carries; @kind is what the change's row is. */
gboolean    muster_exchange_change_table (const char *table,
                                          IdKind     *kind);
/* A started game's table (muster-exchange-table.c). */
gboolean    muster_export_table        (Export        *ex,
                                        gint64         game_id,
                                        GError       **error);
gboolean    muster_export_games        (Export        *ex,
                                        GError       **error);
gboolean    muster_export_resolutions  (Export        *ex,
                                        GError       **error);
gboolean    muster_export_rolls        (Export        *ex,
                                        GError       **error);
gboolean    muster_export_log          (Export        *ex,
                                        GError       **error);
/* A log entry's arguments as a file holds them: the members that point at
 * rows (muster_exchange_args_ref_kind()) hold file ids, and are left out
 * when their row is not in the file. */
char       *muster_export_log_args     (Export        *ex,
                                        const char    *args);
/* Whether the member @name of a log entry's arguments points at a row,
 * and at which kind of row. */
gboolean    muster_exchange_args_ref_kind (const char *name,
                                           IdKind     *kind);
/* Called for a member @name of @object that points at a row of @kind;
 * FALSE stops the walk. */
typedef gboolean (*ArgsRefFunc) (JsonObject *object,
                                 const char *name,
                                 IdKind      kind,
                                 gpointer    data);
/* Calls @func for each member of @object, and of the objects in its
 * arrays, that points at a row; FALSE when @func stopped it. */
gboolean    muster_exchange_walk_args_refs (JsonObject  *object,
                                            ArgsRefFunc  func,
                                            gpointer     data);

/* --- Reading --------------------------------------------------------------- */


/* A reference to an element not read yet, to check once the whole file
 * is. */
typedef struct {
  IdKind  kind;
  int     line;
  char   *element;
  char   *id;
} Ref;

/* What is known of an element's id: the row written for it, the line it
 * was given on, and for a unit or a character his name, for messages. */
typedef struct {
  gint64  row;
  int     line;
  char   *name;
} IdRow;

/* A character whose unit comes later in the file. */
typedef struct {
  gint64  character_id;
  char   *unit;
} UnitFixup;

/* Rows of one table written by the batch, by one statement: a statement
 * per row costs about as much again as the row it writes. What reads
 * them during the import waits for muster_import_batch_flush(). Rows
 * whose ids are needed (characters, rolls) are given them ahead, as
 * SQLite would give them: one more than the greatest, 1 in an empty
 * table. */
#define MUSTER_IMPORT_BATCH_ROWS 32  /* a power of two */

typedef struct {
  int     type;    /* SQLITE_NULL, SQLITE_INTEGER or SQLITE_TEXT */
  gint64  number;  /* for text, where it starts in the batch's text */
} BatchValue;

typedef struct {
  const char *sql;        /* the INSERT of one row, ending in its “(?, …)” */
  char       *sqls[MUSTER_IMPORT_BATCH_ROWS + 1];  /* the same for n rows (1, 2,
                                                     * 4 ...), made when needed */
  guint       n_columns;
  guint       n_rows;     /* waiting */
  BatchValue *values;     /* row after row, room for a full batch */
  guint       n_values;
  GString    *text;       /* their text, each ending in a NUL */

  /* for rows given their ids ahead, whose first column is the id */
  const char *max_sql;    /* the greatest id of the table, or NULL */
  gboolean    ids_known;
  gboolean    past_last_id;  /* SQLite chooses, row by row */
  gint64      next_id;
  gint64      row_id;     /* of the row being made; 0: SQLite chooses */
} Batch;

typedef struct {
  MusterStore        *store;
  GCancellable       *cancellable; /* (unowned), may be NULL */
  const char         *filename;    /* may be NULL */
  gint64              into;
  MusterExchangeKind  kind;
  gboolean            kind_known;
  guint               version;     /* the file's format */

  /* the reading thread's until it is joined (muster-exchange-reader.c) */
  GString            *xml_error;   /* the first libxml2 error, formatted */
  int                 xml_error_line;
  gboolean            xml_error_schema;  /* from validation, not parsing */
  gboolean            xml_error_vague;   /* says only that attributes failed */
  GError             *error;       /* the first error of ours */
  const char         *mapped;      /* the file's mapping, when the data is one */
  gsize               released;    /* the bytes of it already given back */
  GArray             *attrs;       /* of const char*: the current element's
                                     * attributes, name then value, its event's */
  const char         *element;     /* the current element's name */
  const char         *element_ns;  /* and namespace */
  GPtrArray          *stack;       /* element names, by depth */
  GString            *text;        /* text of a <notes>, <ruleset> or <entry> */
  gboolean            collecting;
  GString            *held_text;   /* its attributes, for its end: names and
                                     * values, each ending in a NUL */
  GArray             *held_attrs;  /* of guint: offsets into held_text */
  gboolean            use_held;
  int                 held_line;

  GHashTable         *statements;  /* SQL text, by address -> sqlite3_stmt*
                                     * (the store's) */
  Batch               characters;    /* rows of the other batches point at
                                      * them: written before theirs */
  Batch               stats;         /* of characters */
  Batch               participations;
  Batch               rolls;
  Batch               entries;       /* of the log */
  GHashTable         *ids[N_ID_KINDS];  /* file id -> IdRow* */
  GArray             *refs;        /* of Ref */
  GHashTable         *seen;        /* uniqueness within the file, "kind\037key" */
  GHashTable         *owner_stats;  /* stat keys of the current character or unit */
  GHashTable         *resolution_seqs;

  MusterRuleset      *ruleset;     /* the campaign's, owned */

  /* the campaign, written once its ruleset is read */
  char               *campaign_name;
  char               *campaign_created;
  char               *campaign_notes;
  guint64             campaign_seed;
  gint64              campaign_counter;

  gint64              campaign_id;
  gint64              force_id;
  char               *force_name;
  gint64              unit_id;
  gint64              character_id;
  char               *character_name;    /* for its stats' checks */
  gint64              game_id;
  GHashTable         *game_characters;  /* file ids of the current game's */
  GHashTable         *game_units;       /* participants and unit participants */
  gint64              participant_id;  /* character of the current participant */
  gint64              unit_participant_id;  /* unit of the current unit participant */
  gint64              resolution_id;
  GArray             *unit_fixups;   /* of UnitFixup */
  gint64              result;

  /* the current log entry, read at its start, written at its end or at
   * the end of its <args> */
  char               *entry_kind;
  char               *entry_created;
  gint64              entry_rows[4];  /* game, character, resolution, roll */
  int                 entry_line;     /* of its <args> */
  gboolean            entry_written;
} Import;

/* muster-exchange-reader.c */

/* What the thread reading a file tells the import, in the file's order. */
typedef enum {
  IMPORT_EVENT_START,      /* an element */
  IMPORT_EVENT_END,        /* the end of an element whose text is held */
  IMPORT_EVENT_TEXT,       /* text of such an element */
  IMPORT_EVENT_DOCTYPE,    /* a DOCTYPE, refused */
  IMPORT_EVENT_XML_ERROR,  /* libxml2 said an error reading what no event says */
} ImportEventType;

typedef struct {
  ImportEventType     type;
  gboolean            xml_error;   /* libxml2 said an error reading it: the last */
  gboolean            empty;       /* START: <element/> */
  gboolean            collecting;  /* START: its text is held (muster_import_holds_text()) */
  int                 depth;
  int                 line;        /* START, DOCTYPE */
  const char         *name;        /* START, END: the reader's, as long as it lives */
  const char         *parent;      /* START, END: the same, NULL for the root */
  const char         *ns;          /* START: its namespace, the reader's */
  const char * const *attrs;       /* START: names then values, n_attrs of each */
  guint               n_attrs;
  guint               attr_index;
  const char         *text;        /* TEXT */
} ImportEvent;

/* How the reading ended: what xmlTextReaderRead() last returned, the
 * parser's line then, whether the file was valid (when read to its end
 * without an error), and, after an error, the document and whether it
 * has a DTD. */
typedef struct {
  int                 rc;
  int                 line;
  gboolean            valid;
  xmlDocPtr           doc;
  gboolean            has_subset;
} ImportReaderEnd;

typedef struct _ImportReader ImportReader;

/* Reads @reader (set up for @im, which it reports to) in a thread. */
ImportReader       *muster_import_reader_start  (Import          *im,
                                                 xmlTextReaderPtr reader);
/* The next event, waiting for it; NULL at the end. It lasts until the
 * next call. */
const ImportEvent  *muster_import_reader_next   (ImportReader    *self);
/* Stops the reading, waits for the thread and frees @self; says how the
 * reading ended in @end. The xmlTextReader, whose names the events gave,
 * is the caller's to free, then @end->doc. */
void                muster_import_reader_finish (ImportReader    *self,
                                                 ImportReaderEnd *end);

/* muster-exchange-checks.c */

#if LIBXML_VERSION >= 21200
typedef const xmlError *MusterXmlErrorArg;
#else
typedef xmlErrorPtr MusterXmlErrorArg;
#endif

/* Sets the import's error (the first one wins), with the file and @line
 * (0: none) in front. */
void        muster_import_fail             (Import             *im,
                                            int                 code,
                                            int                 line,
                                            const char         *format,
                                            ...) G_GNUC_PRINTF (4, 5);
/* Takes @store_error as the import's error unless it has one. */
void        muster_import_fail_store       (Import             *im,
                                            GError             *store_error);
/* Why a file with a DOCTYPE is refused. */
const char *muster_import_doctype_message  (void);
/* TRUE when @data has a DOCTYPE before its first element, on *@line. */
gboolean    muster_exchange_find_doctype   (const char         *data,
                                            gsize               length,
                                            int                *line);
/* What can be said before parsing: the size, an empty file, one that is
 * not XML, a DOCTYPE. */
void        muster_import_check_data       (Import             *im,
                                            const char         *data,
                                            gsize               length);
/* The reader's error handler: keeps libxml2's first error, as a message
 * that names the file and the line, in im->xml_error. */
void        muster_import_xml_error        (void               *user_data,
                                            MusterXmlErrorArg   xml_error);
/* Fails for the first reference to an element the file does not hold. */
void        muster_import_check_refs       (Import             *im);

/* muster-exchange-rows.c */

/* The root element's checks: name, namespace, version and kind. */
void      muster_import_root               (Import     *im,
                                            int         line);
/* TRUE for the elements whose text is data (<notes>, <entry>, a
 * campaign's <ruleset>): their work is done at their end. */
gboolean  muster_import_holds_text         (const char *name,
                                            const char *parent);
void      muster_import_element_start      (Import     *im,
                                            const char *name,
                                            const char *parent,
                                            int         line);
void      muster_import_element_end        (Import     *im,
                                            const char *name,
                                            const char *parent,
                                            int         line);
/* Points characters at units that came after them in the file. */
gboolean  muster_import_apply_unit_fixups  (Import     *im);

/* muster-exchange-values.c */

/* An attribute of the current element, or NULL. */
const char   *muster_import_attr          (Import       *im,
                                           const char   *name);
/* A required attribute; fails when it is missing. */
const char   *muster_import_need_attr     (Import       *im,
                                           const char   *name,
                                           int           line);
/* A whole number from @min to @max (the attribute is required). */
gboolean      muster_import_int           (Import       *im,
                                           const char   *name,
                                           gint64        min,
                                           gint64        max,
                                           int           line,
                                           gint64       *out);
/* A count (0 to G_MAXINT); 0 after a failure. */
gint64        muster_import_count         (Import       *im,
                                           const char   *name,
                                           int           line);
/* Fails with what the store's check (muster_store_check_stat() and the
 * like) said about the current element. */
void          muster_import_refused       (Import       *im,
                                           int           line,
                                           const GError *check_error);
gboolean      muster_import_bool          (Import       *im,
                                           const char   *name,
                                           int           line);
/* @name as the store keeps names, or NULL after a failure (which names
 * the element, muster_import_element()). */
char         *muster_import_check_name    (Import       *im,
                                           const char   *name,
                                           int           line);
/* The name of the element being read. */
const char   *muster_import_element       (Import       *im);
/* Notes the element's “id” of @kind, refusing one given twice. */
void          muster_import_define_id     (Import       *im,
                                           IdKind        kind,
                                           int           line);
/* The row written for the element @attribute names; 0 when it names none
 * or one not read yet, which is then noted to check at the end. The
 * schema puts what rows need (characters, units, games) before what names
 * them, so a row naming one not read yet is left out: the file is then
 * refused at the end, for naming what it does not hold. */
gint64        muster_import_ref           (Import       *im,
                                           IdKind        kind,
                                           const char   *attribute,
                                           int           line);
/* The same for the file id @id, given by @element (NULL: the current
 * element) in messages. */
gint64        muster_import_ref_id        (Import       *im,
                                           IdKind        kind,
                                           const char   *id,
                                           const char   *element,
                                           int           line);
/* Keeps @name as the name of the unit or character the current element
 * defines as @kind. */
void          muster_import_set_name      (Import       *im,
                                           IdKind        kind,
                                           const char   *name);
/* The name of the unit or character the file calls @id, for messages;
 * @id itself when it names none. */
const char   *muster_import_name_of       (Import       *im,
                                           IdKind        kind,
                                           const char   *id);
/* The row id written for the file id @id. */
void          muster_import_set_row       (Import       *im,
                                           IdKind        kind,
                                           const char   *id,
                                           gint64        row_id);
/* TRUE the first time @key is seen in @group. */
gboolean      muster_import_first_time    (Import       *im,
                                           const char   *group,
                                           const char   *key);
/* The statement for @sql, text that stays where it is (a literal);
 * prepared once per import. */
sqlite3_stmt *muster_import_prepare       (Import       *im,
                                           const char   *sql);
/* Binds @value itself, not a copy (NULL binds NULL): it must last until
 * muster_import_run(). */
void          muster_import_bind_text     (sqlite3_stmt *stmt,
                                           int           column,
                                           const char   *value);
/* Binds NULL for 0. */
void          muster_import_bind_id       (sqlite3_stmt *stmt,
                                           int           column,
                                           gint64        id);
/* Runs @stmt and clears its bindings; returns the new row id, or 0 with
 * im->error set. */
gint64        muster_import_run           (Import       *im,
                                           sqlite3_stmt *stmt);
/* Rows written by the batch: @sql (a literal) inserts one row of
 * @n_columns values. A row is its values, then muster_import_batch_end_row().
 * With @max_sql (a literal selecting the table's greatest id), the rows
 * are given their ids ahead: a row is muster_import_batch_start_row(), its
 * values but the first (the id), then muster_import_batch_end_row(). */
void          muster_import_batch_init    (Batch        *batch,
                                           const char   *sql,
                                           guint         n_columns,
                                           const char   *max_sql);
/* Starts a row with its id, the one SQLite would give it. */
void          muster_import_batch_start_row (Import     *im,
                                             Batch      *batch);
void          muster_import_batch_clear   (Batch        *batch);
/* A copy of @value, or NULL for NULL. */
void          muster_import_batch_text    (Batch        *batch,
                                           const char   *value);
void          muster_import_batch_int     (Batch        *batch,
                                           gint64        value);
/* NULL for 0. */
void          muster_import_batch_id      (Batch        *batch,
                                           gint64        id);
/* Writes the batch once it is full. Returns the row's id for a batch
 * that gives ids, 0 after a failure, and 0 for the others. */
gint64        muster_import_batch_end_row (Import       *im,
                                           Batch        *batch);
/* Writes the rows waiting, after the characters they may point at;
 * returns the id of the last one, or 0. */
gint64        muster_import_batch_flush   (Import       *im,
                                           Batch        *batch);
/* “Name”, or “Name (2)”, “Name (3)” ... when @sql finds it taken. */
char         *muster_import_unique_name   (Import       *im,
                                           const char   *sql,
                                           gint64        scope,
                                           const char   *name);
void          muster_import_update_notes  (Import       *im,
                                           const char   *sql,
                                           gint64        id,
                                           gint64        id2,
                                           const char   *notes);
/* A log entry of kind “import” with @args (taken) in the campaign being
 * imported into. */
void          muster_import_log           (Import       *im,
                                           gint64        character_id,
                                           JsonObject   *args);

/* muster-exchange-game-rows.c */

void      muster_import_game               (Import     *im,
                                            int         line);
void      muster_import_participant        (Import     *im,
                                            int         line);
void      muster_import_unit_participant   (Import     *im,
                                            int         line);
void      muster_import_table              (Import     *im,
                                            int         line);
void      muster_import_order_place        (Import     *im,
                                            int         line);
void      muster_import_hit                (Import     *im,
                                            int         line);
void      muster_import_kill               (Import     *im,
                                            int         line);
void      muster_import_resolution         (Import     *im,
                                            int         line);
void      muster_import_change             (Import     *im,
                                            int         line);
void      muster_import_roll               (Import     *im,
                                            int         line);
/* A log entry: its attributes at its start; written with its arguments
 * at the end of its <args>, or else at its end with the text it kept. */
void      muster_import_entry              (Import     *im,
                                            int         line);
void      muster_import_entry_args_end     (Import     *im,
                                            const char *args,
                                            int         line);
void      muster_import_entry_end          (Import     *im,
                                            const char *message,
                                            int         line);

G_END_DECLS
