/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-log-language.h"
#include "muster-store.h"

G_BEGIN_DECLS

/* A fresh temporary directory for one test, removed at exit. */
char        *muster_test_make_tmpdir   (void);
/* A new library in a fresh temporary directory. */
MusterStore *muster_test_open_store    (char **out_path);
/* Removes @dir and everything in it. */
void         muster_test_remove_tree   (const char *dir);
/* The names in @dir, sorted, hidden ones too: what a test expects to
 * find there, and nothing half-written beside it. */
char       **muster_test_list_dir      (const char *dir);
/* Makes every file this process writes fail with EFBIG (“File too large”)
 * past @bytes, as a full disk would, with SIGXFSZ ignored; and undoes it.
 * Works as root too, where permissions do not. */
void         muster_test_limit_file_size   (goffset     bytes);
void         muster_test_unlimit_file_size (void);
/* For g_spawn_*(): the same limit in a child before it runs, given the
 * limit as a pointer to a goffset. */
void         muster_test_child_limit_file_size (gpointer    bytes);
/* PRAGMA synchronous on @store's connection: "NORMAL" or "FULL", for
 * the benchmarks that compare what each costs. */
void         muster_test_set_synchronous (MusterStore *store,
                                          const char  *mode);
/* With @fail, every statement on @store's connection that reads a table
 * fails (SQLite refuses it: “access ... is prohibited”), as a library gone bad
 * under the app would; without, it reads again. */
void         muster_test_fail_reads    (MusterStore *store,
                                        gboolean     fail);
/* "BENCH @name @value @unit" on a line of its own, for scripts. */
void         muster_test_bench_line    (const char *name,
                                        double      value,
                                        const char *unit);
/* Prints the median of @normal and of @full (seconds, with synchronous
 * NORMAL and FULL, runs taken in turns), their ratio, and BENCH lines
 * NAME-normal, NAME-full (ms) and NAME-full-ratio. */
void         muster_test_report_synchronous (const char *name,
                                             GArray     *normal,
                                             GArray     *full);
/* The median of @values (doubles). */
double       muster_test_median        (GArray     *values);
/* Prints the median, least and greatest of @ms (milliseconds). */
void         muster_test_report_ms     (const char *what,
                                        GArray     *ms);
/* Prints the medians of @ours and @baseline (milliseconds, measured in
 * turns) and their ratio, and the line "BENCH @name RATIO x"; returns
 * the ratio. */
double       muster_test_report_ratio  (const char *name,
                                        const char *what,
                                        GArray     *ours,
                                        GArray     *baseline,
                                        const char *baseline_what);
/* The same for runs taken in pairs (@ours[i] and @baseline[i] one after
 * the other): the ratio printed and in the BENCH line is the median of
 * the ratios of the pairs, which steps of very different sizes (a letter
 * that empties a list, one that changes nothing) do not skew. */
double       muster_test_report_paired_ratio (const char *name,
                                              const char *what,
                                              GArray     *ours,
                                              GArray     *baseline,
                                              const char *baseline_what);
/* The newest entry of @campaign_id's log of @kind (NULL: of any kind),
 * with its text in the reader's language; the test fails without one. */
MusterLogEntry *muster_test_newest_log (MusterStore *store,
                                        gint64       campaign_id,
                                        const char  *kind);
/* Whether @args (an entry's arguments, may be NULL) hold every member of
 * @expected (a JSON object) with the same value. */
gboolean     muster_test_args_hold     (const char  *args,
                                        const char  *expected);
/* Fails the test unless they do. */
void         muster_test_assert_args   (const char  *args,
                                        const char  *expected);
/* Fails the test unless the newest entry of @campaign_id's log is of
 * @kind, with arguments holding @args (NULL: not checked) and reading
 * @text (NULL: not checked): what a change that logs must have logged. */
void         muster_test_assert_log    (MusterStore *store,
                                        gint64       campaign_id,
                                        const char  *kind,
                                        const char  *args,
                                        const char  *text);
/* The language of @code among @languages (muster_log_languages_installed());
 * the test fails without it. */
MusterLogLanguage *muster_test_log_language (GPtrArray  *languages,
                                             const char *code);
/* Reads a file under tests/ (TEST_SRCDIR). */
char        *muster_test_read_data     (const char *relpath,
                                        gsize      *length);
/* Whether SQLite's json_valid() takes @json, as the log's table checks. */
gboolean     muster_test_json_valid    (const char *json);

G_END_DECLS
