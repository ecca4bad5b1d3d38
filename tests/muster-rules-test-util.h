/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What the tests of newer rules share: versions of a shipped ruleset made
 * by editing its text, and the user's ruleset folder to install them in. */

/* The shipped ruleset file @file (in MUSTER_RULESETS_DIR), as text. */
char *rules_shipped_text  (const char *file);
/* @text (consumed) with the first @from replaced by @to; @from must be
 * there. */
char *rules_edit          (char       *text,
                           const char *from,
                           const char *to);
/* The shipped Sharpe's Skirmish with its version set to @version. */
char *rules_sharpe_version (const char *version);
/* Writes @text as the ruleset file @name of the user's folder under
 * @data_home ($XDG_DATA_HOME/muster/rulesets/). */
void  rules_install       (const char *data_home,
                           const char *name,
                           const char *text);

/* Points MUSTER_RULESETS_DIR at a temporary copy of the shipped rulesets
 * in which each rule set kept at its first version in tests/rulesets/
 * (ID-1.xml) is that version: these tests make versions of their own
 * from it, whatever the shipped files have become since. */
void  rules_use_first_versions  (void);
/* A fresh $XDG_DATA_HOME for this test, with no rulesets of the user's;
 * the list of rulesets is read again. */
void  rules_use_fresh_data_home (void);
/* rules_install() into $XDG_DATA_HOME, then the list of rulesets is read
 * again. */
void  rules_install_user    (const char *name,
                             const char *text);

/* The volley gun of the shipped Sharpe's Skirmish, as its file has it. */
#define RULES_VOLLEY_GUN \
  "    <weapon id=\"volley-gun\">\n" \
  "      <name>Volley gun</name>\n" \
  "      <note>Seven barrels, fired once in ten bounds at most.</note>\n" \
  "    </weapon>\n"

/* Version 2 of Sharpe's Skirmish as the tests correct it: a death on 5 or
 * 6, a renamed table entry, a wider range of firing skill, no volley gun,
 * a new option and a new house reading. */
char *rules_sharpe_v2       (void);
/* Fails the test unless @text contains @needle. */
void  rules_assert_mentions (const char *text,
                             const char *needle);

G_END_DECLS
