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

/* The functions the migrations call besides SQL's own, on a connection
 * of raw_open(). */
void
raw_add_migration_functions (sqlite3 *db);

G_END_DECLS
