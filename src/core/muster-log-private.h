/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "muster-log-language.h"
#include "muster-log.h"
#include "muster-ruleset.h"

G_BEGIN_DECLS

/* The campaign log's vocabulary, shared by its writers (the store, the
 * engine, the importer), its formatter (muster-log-format.c) and the
 * migration that reads back the entries of older libraries
 * (muster-log-recover.c).
 *
 * An entry is a kind ("recruit", "death") and its arguments, a JSON
 * object: names as they were when it was written (the log is history),
 * the ids of the rows it is about ("unit_id", "force_id": members named
 * like the columns that point at rows, which the exchange format and the
 * tests map like them), numbers, and the ids of what the campaign's rules
 * name (outcome, stat, step), so that they are shown by the rules' names
 * in the reader's language. */

/* Marks a sentence of the log for translation (xgettext's LS_ and LP_
 * keywords): one form, or the singular and plural. */
#define LS_(msgid) msgid, NULL
#define LP_(msgid, plural) msgid, plural

typedef struct {
  const char *expression;
  const char *faces;      /* "3,5" */
  int         total;
  gboolean    entered;
} MusterLogRoll;

typedef struct {
  MusterLogLanguage   *lang;     /* NULL: the reader's */
  MusterRuleset       *ruleset;  /* the campaign's, may be NULL */
  const char          *kind;
  JsonObject          *args;
  const MusterLogRoll *roll;     /* may be NULL */
} MusterLogContext;

/* A sentence of the log: the first of a kind whose @when holds says the
 * entry. @when is a list of conditions on the arguments, separated by
 * commas: "name=value" (a string, true, false or a whole number), "name"
 * (there and not empty, zero or false), "!name" (the opposite), "name<0",
 * "name>0". Each of @args says what a placeholder shows, in order:
 * "member" (its text), "#member" (its number), "-#member" (the number's
 * opposite), "conv(member,...)" (one of the conversions, such as the
 * rules' name of a stat: "stat(stat)"). */
typedef struct {
  const char *kind;
  const char *when;
  const char *msgid;
  const char *plural;
  const char *count;       /* the member the form follows */
  const char *args[6];
  /* Entries said by more than one sentence: the whole text. */
  char     *(*format) (const MusterLogContext *ctx);
} MusterLogSentence;

/* muster-log-sentences.c */
const MusterLogSentence *muster_log_get_sentences (guint *n_sentences);

/* muster-log-format.c */

/* Builds the arguments of an entry from pairs of a member name, prefixed
 * by its type, and a value: "s:name" a string (NULL: left out), "i:size"
 * an int, "b:broken" a gboolean, "r:unit_id" a row id as gint64 (0: left
 * out), "a:stats" a JsonArray * (taken, NULL: left out). Ends with NULL. */
JsonObject  *muster_log_args             (const char              *first,
                                          ...) G_GNUC_NULL_TERMINATED;
/* The arguments as stored: compact JSON, members in order. */
char        *muster_log_args_to_string   (JsonObject              *args);
/* Appends @text to @out as a string of JSON, quoted and escaped byte for
 * byte as muster_log_args_to_string() writes it, for writers that build
 * an entry's arguments without a JsonObject (a batch of recruits). */
void         muster_log_append_json_string (GString               *out,
                                            const char            *text);
/* NULL with @error set unless @text is a JSON object. */
JsonObject  *muster_log_args_from_string (const char              *text,
                                          GError                 **error);
gboolean     muster_log_args_has         (JsonObject              *args,
                                          const char              *member);
const char  *muster_log_args_get_string  (JsonObject              *args,
                                          const char              *member);
gint64       muster_log_args_get_int     (JsonObject              *args,
                                          const char              *member);
/* The whole entry as @ctx->lang says it, its roll after it. */
char        *muster_log_format_in        (const MusterLogContext  *ctx);
/* The sentence @ctx says the entry with, or NULL. */
const MusterLogSentence *muster_log_find_sentence (const MusterLogContext *ctx);
/* Reads the placeholder at *@p, just after its '%': its index among the
 * values (*@next counts those that give no position) and its conversion,
 * 's', 'd', 'u' or 'i' (0 for any other), on which *@p is left. */
char         muster_log_read_placeholder (const char            **p,
                                          guint                  *next,
                                          guint                  *index);
/* Fills @format's placeholders (%s, %d, %u and their positional %2$s
 * forms) with @values, whatever their type, in order. */
char        *muster_log_fill             (const char              *format,
                                          const char * const      *values,
                                          guint                    n_values);
/* What @spec (an entry of MusterLogSentence.args) shows for @ctx. */
char        *muster_log_show             (const MusterLogContext  *ctx,
                                          const char              *spec);
/* A name of the rules, or one the program translated, as @ctx says it. */
const char  *muster_log_name             (const MusterLogContext  *ctx,
                                          const char              *name);
/* The name the campaign's rules (or the program, for @conv "status" and
 * "nationality") give the id @id of the conversion @conv ("stat",
 * "outcome"...), as @ctx says it; @id itself when they have none. */
const char  *muster_log_rules_name       (const MusterLogContext  *ctx,
                                          const char              *conv,
                                          const char              *id);
/* "%s (%d light wounds, ...)": the result of a game as the log says it
 * (muster-log-sentences.c). */
char        *muster_log_format_result    (const MusterLogContext  *ctx);

/* The kinds an entry written by this Muster may have. */
gboolean     muster_log_kind_is_known    (const char              *kind);

G_END_DECLS
