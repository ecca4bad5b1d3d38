/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-store.h"

G_BEGIN_DECLS

/* What the exchange test programs share. */

#define ID(array, i) g_array_index ((array), gint64, (i))

/* The file, NUL-terminated. */
char        *export_campaign (MusterStore *store,
                              gint64       campaign_id);
char        *export_force    (MusterStore *store,
                              gint64       force_id);
/* Runs SQL with positional parameters: "i" (gint64), "t" (text) or "n"
 * (NULL) per ?. Returns the first column of the first row, or the new row
 * id. */
gint64       sql             (MusterStore *store,
                              const char  *statement,
                              const char  *types,
                              ...);
/* The first column of each row, with one gint64 parameter. */
GArray      *column_ids      (MusterStore *store,
                              const char  *statement,
                              gint64       param);
gint64       count           (MusterStore *store,
                              const char  *statement,
                              gint64       param);

/* The sample campaign with a played and resolved game, kills, rolls, a
 * resolution, log entries, units and text that needs escaping. */
gint64       make_sample     (MusterStore *store);
/* A campaign of @n_characters in four forces and @n_games games. */
gint64       make_big        (MusterStore *store,
                              guint        n_characters,
                              guint        n_games);
/* A new library holding the sample campaign. */
MusterStore *sample_library  (gint64      *campaign);

/* The line of the first @needle in @text, counting from 1. */
int          line_of         (const char  *text,
                              const char  *needle);
char        *replace_once    (const char  *text,
                              const char  *from,
                              const char  *to);
/* A force file without the characters' totals of kills and games. */
char        *strip_totals    (const char  *text);
/* A file under tests/exchange/. */
char        *read_fixture    (const char  *name,
                              gsize       *length);

/* Imports @data (@length -1: up to its NUL), which must fail with @code;
 * checks that the message holds each of the NULL-terminated strings and
 * that the library did not change (the same SQL dump). Returns the
 * message. */
char        *expect_refused  (MusterStore *store,
                              gint64       into,
                              const char  *data,
                              gssize       length,
                              int          code,
                              ...) G_GNUC_NULL_TERMINATED;

G_END_DECLS
