/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <libxml/xmlreader.h>

#include "muster-exchange.h"
#include "muster-ruleset.h"
#include "muster-store-private.h"

G_BEGIN_DECLS

/* Shared by the two halves of the importer: muster-exchange-import.c reads
 * the document and reports errors, muster-exchange-rows.c checks and
 * writes each element. */

typedef enum {
  ID_FORCE,
  ID_UNIT,
  ID_CHARACTER,
  ID_GAME,
  ID_RESOLUTION,
  ID_ROLL,
  N_ID_KINDS
} IdKind;

/* A reference to check once the whole file is read. */
typedef struct {
  IdKind  kind;
  int     line;
  char   *element;
  char   *id;
} Ref;

/* A character whose unit comes later in the file. */
typedef struct {
  gint64  character_id;
  char   *unit;
} UnitFixup;

typedef struct {
  MusterStore        *store;
  const char         *filename;    /* may be NULL */
  gint64              into;
  gboolean            importing;   /* the second pass */
  MusterExchangeKind  kind;
  gboolean            kind_known;

  xmlTextReaderPtr    reader;
  GString            *xml_error;   /* the first libxml2 error, formatted */
  GError             *error;       /* the first error of ours */
  GPtrArray          *scratch;     /* attribute values of the current element */
  GPtrArray          *stack;       /* element names, by depth */
  GString            *text;        /* text of a <notes>, <ruleset> or <entry> */
  gboolean            collecting;
  GHashTable         *held;        /* its attributes, for its end */
  gboolean            use_held;
  int                 held_line;

  /* pass 1: id -> GINT_TO_POINTER (line); pass 2: id -> gint64* row id */
  GHashTable         *ids[N_ID_KINDS];
  GArray             *refs;        /* of Ref */
  GHashTable         *seen;        /* uniqueness within the file, "kind\037key" */
  GHashTable         *character_stats;
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
  gint64              game_id;
  gint64              participant_id;  /* character of the current participant */
  gint64              resolution_id;
  GArray             *unit_fixups;   /* of UnitFixup */
  gint64              result;
} Import;

/* muster-exchange-import.c */

/* Sets the import's error (the first one wins), with the file and @line
 * (0: none) in front. */
void      muster_import_fail               (Import     *im,
                                            int         code,
                                            int         line,
                                            const char *format,
                                            ...) G_GNUC_PRINTF (4, 5);
/* Takes @store_error as the import's error unless it has one. */
void      muster_import_fail_store         (Import     *im,
                                            GError     *store_error);

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

G_END_DECLS
