/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What the muster-cli test programs share: a fresh library per test,
 * runs of muster-cli and readings of what it prints. */

#define RULESET "sharpes-skirmish"

/* The header line of `roster --format tsv`. */
extern const char *roster_header;

typedef struct {
  char   *dir;
  char   *library;
  char  **envp;
  gboolean pass_library;  /* add --library LIBRARY before the command */
} Fixture;

typedef struct {
  int   status;
  char *out;
  char *err;
} Run;

void
fixture_setup (Fixture       *f,
               gconstpointer  data);

/* The same, with the clock of the library's log stopped at a fixed time
 * (MUSTER_FAKE_TIME), so that what a run prints does not change. */
void
fixture_setup_fixed_time (Fixture       *f,
                          gconstpointer  data);

void
fixture_teardown (Fixture       *f,
                  gconstpointer  data);

void
run_clear (Run *run);

const char *
cli_path (void);

void
run_argv (Fixture     *f,
          Run         *run,
          const char **args);

gboolean
mentions (const char *text,
          const char *needle);

GStrv
lines (const char *text);

/* The id on the last line of what a command that makes something
 * prints, after a line or more saying what it made. */
gint64
last_id (const char *out);

/* The ids such a command prints last, one a line. */
GStrv
id_lines (const char *out);

guint
count_char (const char *text,
            char        c);

guint
count_lines (const char *text);

GPtrArray *
tsv_rows (const char *out,
          const char *header);

char *
id_string (gint64 id);

/* The last line printed, e.g. the id a command prints last. */
char *
last_line (const char *out);

/* A TSV cell: row @row (0 is the header) and the column named @key. */
char *
tsv_cell (const char *out,
          guint       row,
          const char *key);

void
assert_cell (const char *out,
             guint       row,
             const char *key,
             const char *expected);

char *
new_campaign (Fixture    *f,
              const char *name);

char *
new_force (Fixture    *f,
           const char *campaign,
           const char *name,
           const char *side);

guint
roster_size (Fixture    *f,
             const char *campaign);

GStrv
roster_row (Fixture    *f,
            const char *campaign,
            const char *id);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

#define RUN(f, run, ...) \
  G_STMT_START { const char *args_[] = { __VA_ARGS__, NULL }; run_argv ((f), (run), args_); } G_STMT_END

/* A run that must succeed with nothing on stderr. */
#define RUN_OK(f, run, ...) \
  G_STMT_START { \
    RUN (f, run, __VA_ARGS__); \
    if ((run)->status != 0) \
      g_test_message ("stderr: %s", (run)->err); \
    g_assert_cmpint ((run)->status, ==, 0); \
    g_assert_cmpstr ((run)->err, ==, ""); \
  } G_STMT_END

/* A run that must fail with @code and one "muster-cli: " message naming
 * @needle. */
#define RUN_FAILS(f, run, code, needle, ...) \
  G_STMT_START { \
    RUN (f, run, __VA_ARGS__); \
    g_assert_cmpint ((run)->status, ==, (code)); \
    g_assert_cmpstr ((run)->out, ==, ""); \
    g_assert_true (g_str_has_prefix ((run)->err, "muster-cli: ")); \
    g_assert_true (mentions ((run)->err, (needle))); \
  } G_STMT_END

/* Column indexes in the roster TSV. */
enum { COL_ID, COL_NAME, COL_FORCE, COL_SIDE, COL_TYPE, COL_WEAPON, COL_STATUS,
       COL_I, COL_D, COL_S, COL_C, COL_F, COL_KILLS, COL_GAMES, COL_OUT_GAMES };

G_END_DECLS
