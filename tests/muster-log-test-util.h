/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-ruleset.h"
#include "muster-store.h"

G_BEGIN_DECLS

/* What the tests of the campaign log share (test-log.c and
 * test-log-steps.c make one program): assertions on the entries a change
 * wrote, each noting the sentence that says it, so that the last test can
 * tell that every sentence of the log is asserted somewhere. */

/* Fails the test unless the newest entry of @campaign_id's log is of
 * @kind, with arguments holding @args and reading @text in English;
 * notes its sentence. */
void     log_expect          (MusterStore *store,
                              gint64       campaign_id,
                              const char  *kind,
                              const char  *args,
                              const char  *text);
/* The same for an entry of @kind anywhere in the log: one whose
 * arguments hold @args must read @text. */
void     log_expect_any      (MusterStore *store,
                              gint64       campaign_id,
                              const char  *kind,
                              const char  *args,
                              const char  *text);
/* Notes the sentence of @entry as asserted. */
void     log_note_sentence   (const MusterLogEntry *entry);
/* Whether the sentence (kind and conditions) has been noted. */
gboolean log_sentence_noted  (const char  *kind,
                              const char  *when);

/* The shipped ruleset @id. */
MusterRuleset *log_test_shipped (const char *id);
/* A unit of @force_id, of @kind and @rating, of the kind's usual size. */
gint64   log_test_unit       (MusterStore *store,
                              gint64       force_id,
                              const char  *name,
                              const char  *kind,
                              const char  *rating);
/* A ruleset of the tests, kept by unit (with characters who lead units),
 * whose between-game sequence is @steps (XML of <step> elements). It
 * has a stat "class" (0 to 4) rolled on the table "class" (entries
 * duffer 1, professional 2, leader 3, hero 4), outcomes unhurt, wounded
 * (light and serious), out-of-action, killed, captured and colours-lost,
 * the troop type "man" and the unit kind "company" of 10 figures in
 * bases of 2. */
MusterRuleset *log_test_rules (const char *steps);

/* Adds a test that counts as run once it passed. */
void     log_test_add        (const char *path,
                              GTestFunc   func);
/* Whether every test added so was run: not when the program runs only
 * some of them (-p, -s). */
gboolean log_test_all_run    (void);
/* Registers the tests of test-log-steps.c. */
void     log_test_add_steps  (void);

G_END_DECLS
