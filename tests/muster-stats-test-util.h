/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-stats.h"
#include "muster-store.h"

G_BEGIN_DECLS

/* What the statistics tests share: campaigns built through the store and
 * the engine, with the dice typed in, and series read back as text:
 * "ROW: V V V | ROW: ..." with the values in column order, "-" for none. */

typedef struct {
  MusterStore *store;
  gint64       campaign;
} Fixture;

void    fixture_clear  (Fixture    *fx);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Fixture, fixture_clear)

/* A campaign of @ruleset_id with the forces "British" and "French" (of
 * those sides), @option set to @choice (both may be NULL). */
void    campaign_init  (Fixture    *fx,
                        const char *ruleset_id,
                        const char *option,
                        const char *choice);
gint64  man            (Fixture    *fx,
                        const char *name);
gint64  force_named    (Fixture    *fx,
                        const char *name);
/* A character with one stat set (@stat NULL: none). */
gint64  add_man        (Fixture    *fx,
                        gint64      force,
                        const char *name,
                        const char *troop_type,
                        const char *stat,
                        int         value);
gint64  add_unit       (Fixture    *fx,
                        gint64      force,
                        const char *name,
                        const char *kind,
                        const char *rating,
                        int         size);
/* A game of the men given, 0, then the units, 0. */
gint64  new_game       (Fixture    *fx,
                        const char *title,
                        ...);
/* What befell @who: @outcome, wounds, unnamed figures he put out, then
 * the named men he put out (0-terminated). */
void    result         (Fixture    *fx,
                        gint64      game,
                        gint64      who,
                        const char *outcome,
                        int         light,
                        int         serious,
                        int         unnamed,
                        ...);
void    unit_result    (Fixture    *fx,
                        gint64      game,
                        gint64      unit,
                        int         killed,
                        int         wounded,
                        int         captured,
                        int         run,
                        const char *colours);
void    finish         (Fixture    *fx,
                        gint64      game,
                        const char *winner);
/* Resolves @game with the faces given as "WHO=FACES", NULL-terminated. */
void    resolve        (Fixture    *fx,
                        gint64      game,
                        ...) G_GNUC_NULL_TERMINATED;
void    release        (Fixture    *fx,
                        gint64      who);

#define SAMPLE_BRITISH "Light Company, 45th Foot"
#define SAMPLE_FRENCH  "Voltigeurs, 66e de Ligne"

/* The sample campaign (in a library at @path, or a fresh one with NULL)
 * through its first @games (0 to 3) scripted games (what happens in them
 * is said where it is played, in muster-stats-test-util.c). */
void    play_sample    (Fixture    *fx,
                        const char *path,
                        guint       games);

/* muster_stats_list_series_ids() for the campaign's ruleset. */
GPtrArray         *series_ids   (Fixture    *fx);
GPtrArray         *compute      (Fixture    *fx,
                                 gint64      force,
                                 const char *series_id);
/* The series @id (about @force_name, when one is given) of @all. */
MusterStatsSeries *find_series  (GPtrArray  *all,
                                 const char *id,
                                 const char *force_name);
char              *values_text  (MusterStatsSeries *series);
char              *columns_text (MusterStatsSeries *series);
/* Every series as text, ids aside: what two libraries must agree on. */
char              *dump_series  (GPtrArray  *all);

#define assert_series(all, id, force, expected) \
  G_STMT_START { \
    g_autofree char *got_ = values_text (find_series ((all), (id), (force))); \
    g_assert_cmpstr (got_, ==, (expected)); \
  } G_STMT_END

#define assert_columns(all, id, force, expected) \
  G_STMT_START { \
    g_autofree char *got_ = columns_text (find_series ((all), (id), (force))); \
    g_assert_cmpstr (got_, ==, (expected)); \
  } G_STMT_END

G_END_DECLS
