/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * A language the campaign log can be read in. The log keeps what
 * happened (a kind and its arguments) and says it in the reader's
 * language when it is read: that is the language NULL stands for below,
 * the one gettext gives the program. The others are Muster's own words
 * (English, the source of every message) and each catalogue installed in
 * the locale folder (muster_paths_get_locale_dir()), read from its .mo
 * file: the log of an older library, whose entries were written in the
 * writer's language, is read back in each of them (muster-log-recover.c).
 */
typedef struct _MusterLogLanguage MusterLogLanguage;

/* Muster's own words first, then each installed catalogue by its code
 * (of MusterLogLanguage*, transfer full). */
GPtrArray         *muster_log_languages_installed (void);
/* Reads the catalogue @path (a GNU .mo file) for the language @code. */
MusterLogLanguage *muster_log_language_new_from_file (const char  *code,
                                                      const char  *path,
                                                      GError     **error);
void               muster_log_language_free       (MusterLogLanguage *lang);
/* "en" for Muster's own words, else the catalogue's code ("fr"). */
const char        *muster_log_language_get_code   (MusterLogLanguage *lang);

/* @msgid as @lang says it (@lang NULL: the reader's language). */
const char        *muster_log_gettext             (MusterLogLanguage *lang,
                                                   const char        *msgid);
/* The form of @msgid / @plural for @n, as @lang says it. */
const char        *muster_log_ngettext            (MusterLogLanguage *lang,
                                                   const char        *msgid,
                                                   const char        *plural,
                                                   gulong             n);
/* Every form @lang says @msgid in (@plural NULL: it has one), to read
 * text back (of const char*, transfer container). */
GPtrArray         *muster_log_language_forms      (MusterLogLanguage *lang,
                                                   const char        *msgid,
                                                   const char        *plural);
/* A name the program has already translated into the reader's language
 * (a ruleset's name for a stat, a status label) as @lang says it; the
 * name itself when @lang is NULL or no catalogue knows it. */
const char        *muster_log_language_name       (MusterLogLanguage *lang,
                                                   const char        *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterLogLanguage, muster_log_language_free)

G_END_DECLS
