/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-log-language.h"
#include "muster-ruleset.h"
#include "muster-store.h"

G_BEGIN_DECLS

/*
 * The campaign log is kept as data: each entry is a kind and its
 * arguments (muster-log-private.h), and says what happened in the
 * language of whoever reads it, with the names the campaign's rules give
 * today. Entries of older libraries whose arguments could not be
 * recovered keep the text they were written with.
 */

/* The text of @entry in the reader's language, with the names of
 * @ruleset (the campaign's; may be NULL); its roll, if any, after it. An
 * entry with no arguments is its kept text. */
char     *muster_log_entry_format      (const MusterLogEntry *entry,
                                        MusterRuleset        *ruleset);

/* "Game 3 “The bridge”", as @lang says it (NULL: the reader's language). */
char     *muster_log_describe_game     (MusterLogLanguage *lang,
                                        int                number,
                                        const char        *title);
/* "2 serious wounds count as “Out of action”.": why a result is recorded
 * as @outcome (a name), the outcome its wounds add up to. */
char     *muster_log_describe_wounds_add_up (MusterLogLanguage *lang,
                                             int                light,
                                             int                serious,
                                             const char        *outcome);
/* What becomes of an option of the rules when a campaign takes another
 * version of them: @fate is "kept", "new", "defaulted" or "dropped";
 * @option and @choice the names of the option and the choice it takes,
 * @version the version taken, @old_choice the name and @old_choice_id
 * the id of the choice the campaign had made. NULL for another @fate. */
char     *muster_log_describe_option   (MusterLogLanguage *lang,
                                        const char        *fate,
                                        const char        *option,
                                        const char        *choice,
                                        const char        *version,
                                        const char        *old_choice,
                                        const char        *old_choice_id);

G_END_DECLS
