/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-rules-update.h"

G_BEGIN_DECLS

/* Comparing two versions of one item of a ruleset
 * (muster-ruleset-diff-parts.c): each adds to @details (of char*) one
 * translated detail per thing that differs, nothing when they are the same. */

void  muster_diff_compare_stats          (gconstpointer  old_item,
                                          gconstpointer  new_item,
                                          GPtrArray     *details);
void  muster_diff_compare_weapons        (gconstpointer  old_item,
                                          gconstpointer  new_item,
                                          GPtrArray     *details);
void  muster_diff_compare_troop_types    (gconstpointer  old_item,
                                          gconstpointer  new_item,
                                          GPtrArray     *details);
void  muster_diff_compare_unit_stats     (gconstpointer  old_item,
                                          gconstpointer  new_item,
                                          GPtrArray     *details);
void  muster_diff_compare_unit_kinds     (gconstpointer  old_item,
                                          gconstpointer  new_item,
                                          GPtrArray     *details);
void  muster_diff_compare_ratings        (gconstpointer  old_item,
                                          gconstpointer  new_item,
                                          GPtrArray     *details);
void  muster_diff_compare_outcomes       (gconstpointer  old_item,
                                          gconstpointer  new_item,
                                          GPtrArray     *details);
void  muster_diff_compare_options        (gconstpointer  old_item,
                                          gconstpointer  new_item,
                                          GPtrArray     *details);
void  muster_diff_compare_tables         (gconstpointer  old_item,
                                          gconstpointer  new_item,
                                          GPtrArray     *details);
void  muster_diff_compare_references     (gconstpointer  old_item,
                                          gconstpointer  new_item,
                                          GPtrArray     *details);
void  muster_diff_compare_house_readings (gconstpointer  old_item,
                                          gconstpointer  new_item,
                                          GPtrArray     *details);

/* "label: old → new" in @details when @old_text and @new_text differ
 * (NULL reads "none"). */
void  muster_diff_add_detail             (GPtrArray     *details,
                                          const char    *label,
                                          const char    *old_text,
                                          const char    *new_text);
/* @values (char* -> char*) as "a=1, b=2", sorted by key. */
char *muster_diff_values_text            (GHashTable    *values);
/* For qsort() of an array of strings. */
int   muster_diff_compare_keys           (const void    *a,
                                          const void    *b);

G_END_DECLS
