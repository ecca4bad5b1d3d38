/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <libxml/tree.h>

#include "muster-ruleset.h"

G_BEGIN_DECLS

/*
 * Shared by the ruleset's files: muster-ruleset.c (the object and its
 * accessors), muster-ruleset-xml.c (reading and validating a document,
 * the tree helpers) and muster-ruleset-sections.c (each section of the
 * document into the structures of muster-ruleset.h).
 */

#define MUSTER_RULESET_NS "https://musterapp.github.io/ns/ruleset"

struct _MusterRuleset
{
  GObject       parent_instance;

  char         *filename;
  char         *xml;
  GStringChunk *strings;

  const char   *id;
  const char   *version;
  const char   *title;
  const char   *source;
  MusterKeptBy  kept_by;
  const char   *default_rating;

  GPtrArray    *stats;             /* MusterStatDef */
  GPtrArray    *weapons;           /* MusterWeaponDef */
  GPtrArray    *troop_types;       /* MusterTroopType */
  GPtrArray    *unit_stats;        /* MusterUnitStatDef */
  GPtrArray    *unit_kinds;        /* MusterUnitKindDef */
  GPtrArray    *ratings;           /* MusterRatingDef */
  GPtrArray    *outcomes;          /* MusterOutcomeDef */
  GPtrArray    *options;           /* MusterOptionDef */
  GPtrArray    *lookup_tables;     /* MusterLookupTable */
  GPtrArray    *steps;             /* MusterStepDef */
  GPtrArray    *reference_tables;  /* MusterReferenceTable */
  GPtrArray    *house_readings;    /* MusterHouseReading */
  MusterWoundsAddUp *wounds_add_up; /* or NULL */
};

/* Freeing what the sections build (muster-ruleset.c). */
void muster_ruleset_stat_roll_free     (gpointer           data);
/* Gives @table an empty array of entries that frees them. */
void muster_ruleset_table_entries_init (MusterLookupTable *table);

/* Tree helpers (muster-ruleset-xml.c). Strings returned are interned in
 * the ruleset and live as long as it; element text is translated. */
xmlNodePtr      muster_ruleset_first_child  (xmlNodePtr      parent,
                                             const char     *name);
xmlNodePtr      muster_ruleset_next_sibling (xmlNodePtr      node,
                                             const char     *name);
const char     *muster_ruleset_intern       (MusterRuleset  *self,
                                             const char     *text);
const char     *muster_ruleset_attr         (MusterRuleset  *self,
                                             xmlNodePtr      node,
                                             const char     *name);
gboolean        muster_ruleset_attr_bool    (MusterRuleset  *self,
                                             xmlNodePtr      node,
                                             const char     *name);
/* @text as an int, in xsd:integer's form; FALSE when it is not a whole
 * number or an int cannot hold it. */
gboolean        muster_ruleset_parse_int    (const char     *text,
                                             int            *out);
/* The attribute @name of @node in @out, @fallback when it is absent; FALSE
 * with @error set when it is there but not an int (a number too big is
 * refused, never replaced). */
gboolean        muster_ruleset_attr_int     (MusterRuleset  *self,
                                             xmlNodePtr      node,
                                             const char     *name,
                                             int             fallback,
                                             int            *out,
                                             GError        **error);
const char     *muster_ruleset_text_of      (MusterRuleset  *self,
                                             xmlNodePtr      node);
const char     *muster_ruleset_child_text   (MusterRuleset  *self,
                                             xmlNodePtr      node,
                                             const char     *name);
const char     *muster_ruleset_notes_of     (MusterRuleset  *self,
                                             xmlNodePtr      node);
/* Sets @error to "FILE:LINE: message" for @node; returns FALSE. */
gboolean        muster_ruleset_fail         (MusterRuleset  *self,
                                             xmlNodePtr      node,
                                             GError        **error,
                                             const char     *format,
                                             ...) G_GNUC_PRINTF (4, 5);
MusterDiceExpr *muster_ruleset_parse_dice   (MusterRuleset  *self,
                                             xmlNodePtr      node,
                                             const char     *what,
                                             const char     *text,
                                             GError        **error);
/* Fails with @message, its one “%s” replaced by @id, when @seen holds
 * @id already; otherwise adds it. */
gboolean        muster_ruleset_check_unique (MusterRuleset  *self,
                                             GHashTable     *seen,
                                             xmlNodePtr      node,
                                             const char     *message,
                                             const char     *id,
                                             GError        **error);

#define FOREACH_CHILD(child, parent, name) \
  for (xmlNodePtr child = muster_ruleset_first_child ((parent), (name)); \
       child != NULL; \
       child = muster_ruleset_next_sibling (child, (name)))

/* Reads every section of a validated document (muster-ruleset-sections.c). */
gboolean        muster_ruleset_load_document (MusterRuleset  *self,
                                              xmlDocPtr       doc,
                                              GError        **error);

G_END_DECLS
