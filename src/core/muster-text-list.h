/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* @items (of char*) as a list for people, in the reader's language:
 * “A”, “A and B”, “A, B and C”. The translators shape the joints with
 * whole patterns, so a language may put its own words and punctuation
 * between the items. An empty array gives an empty string. */
char *muster_text_list (GPtrArray *items);
/* The wounds a character took in a game, “1 light wound and 2 serious
 * wounds”, each count with its plural; with @with_zeros FALSE a count of
 * 0 is left out (and both 0 give an empty string). */
char *muster_text_wounds (int      light,
                          int      serious,
                          gboolean with_zeros);

G_END_DECLS
