/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <sqlite3.h>

#include "muster-ruleset.h"
#include "muster-store.h"

G_BEGIN_DECLS

/* What the store test programs share: campaigns, forces and characters
 * made through the store, and a raw look at the database underneath. */

MusterRuleset *
sharpe (void);

gint64
make_campaign (MusterStore *store,
               const char  *name);

gint64
make_force (MusterStore *store,
            gint64       campaign_id,
            const char  *name,
            const char  *side);

GHashTable *
stats_new (int i, int d, int s, int c, int f);

gint64
make_character (MusterStore *store,
                gint64       force_id,
                const char  *name,
                const char  *troop_type,
                const char  *weapon,
                int          f);

sqlite3 *
raw_open (const char *path);

void
raw_exec (sqlite3    *db,
          const char *sql);

gint64
raw_int (sqlite3    *db,
         const char *sql);

void
assert_raw_text (sqlite3    *db,
                 const char *sql,
                 const char *expected);

/* The text of src/core/migrations/@name, to make a library of an older
 * schema. */
char *
read_migration (const char *name);

/* The same as a library took it before version 9: migration 3 without
 * the recruit counter's table, which stayed in the campaign row. */
char *
read_migration_as_shipped (const char *name);

/* Gives @db the functions the migrations call. */
void
raw_add_migration_functions (sqlite3 *db);

/* A new library at @path of schema @version (1 to 7) as Muster left it
 * then, with migrations' SQL alone, open raw for rows to go in. */
sqlite3 *
raw_open_old_library (const char *path,
                      int         version);

G_END_DECLS
