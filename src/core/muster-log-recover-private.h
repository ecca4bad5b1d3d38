/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-log-private.h"
#include "muster-store-private.h"

G_BEGIN_DECLS

/* Shared by muster-log-recover.c (entries and campaigns) and
 * muster-log-recover-args.c (what a sentence's placeholders hold, back to
 * arguments). */

typedef struct {
  gint64   id;
  char    *kind;
  char    *message;
  gint64   character_id;
  gint64   game_id;
  gboolean has_roll;
  MusterLogRoll roll;
} RecoveryEntry;

typedef struct {
  MusterStore   *store;
  gint64         campaign_id;
  MusterRuleset *ruleset;        /* may be NULL */
  GPtrArray     *languages;      /* of MusterLogLanguage* */
  GHashTable    *patterns;       /* format text -> Pattern* */
  const RecoveryEntry   *entry;
  MusterLogLanguage *lang;       /* the language being tried */
} Recovery;

/* A sentence's form in one language as a regular expression: each group
 * holds the placeholder of @slots' index (positional forms reorder). */
typedef struct {
  GRegex *regex;
  GArray *slots;                 /* of guint */
  gsize   literal;               /* characters that are not placeholders */
} Pattern;

void              muster_log_pattern_free     (Pattern                 *pattern);
/* What each placeholder of @format holds in @text (of char*, by index),
 * or NULL when @text is not said by @format; @literal (may be NULL) gets
 * how many of its characters are words. */
GPtrArray        *muster_log_read_back        (Recovery                *rec,
                                               const char              *format,
                                               const char              *text,
                                               gsize                   *literal);
/* The context to say @args of the entry being read back, in the language
 * being tried. */
MusterLogContext  muster_log_recover_context  (Recovery                *rec,
                                               JsonObject              *args);
/* The whole numbers written in @text, in order (of gint64). */
GArray           *muster_log_numbers_in       (const char              *text);
/* Sets the members @spec (an entry of MusterLogSentence.args) shows from
 * @text, what its placeholder holds; FALSE when it cannot. */
gboolean          muster_log_recover_member   (Recovery                *rec,
                                               const char              *spec,
                                               const char              *text,
                                               JsonObject              *args);
/* The members @sentence's conditions fix ("step=death-roll"), and those
 * it only needs there and true ("units"), when its text does not give
 * them. */
void              muster_log_set_fixed_members (const MusterLogSentence *sentence,
                                                JsonObject              *args);
/* The id of the row of @table ("unit" or "force") of the campaign called
 * @name, when there is one; 0. */
gint64            muster_log_row_named        (Recovery                *rec,
                                               const char              *table,
                                               const char              *name);

G_END_DECLS
