/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-dice.h"

G_BEGIN_DECLS

/*
 * A force's nationality says which names its recruits take: British,
 * French, Spanish or Portuguese. Each has a file of first names and
 * surnames, NATIONALITY.txt in the names folder (data/names in the
 * sources, installed with the rulesets; MUSTER_NAMES_DIR replaces it).
 *
 * A force given no nationality gets the one its side's name suggests
 * (muster_nationality_guess()), and British when it suggests none.
 */

/* The nationality of a force whose side and name suggest none. */
#define MUSTER_NATIONALITY_DEFAULT "british"

/* The ids, in the order a menu lists them; NULL-terminated. */
const char * const *muster_nationality_get_ids   (void);
/* Translated, e.g. "French"; NULL for an id that is not a nationality. */
const char         *muster_nationality_get_label (const char *id);
/* FALSE with MUSTER_STORE_ERROR_INVALID, listing the ids, for anything
 * but a nationality's id. */
gboolean            muster_nationality_check     (const char *id,
                                                  GError    **error);
/* The nationality @side suggests ("British", "Armée de Portugal",
 * "España"...), else the one @name suggests ("95th Rifles"), else
 * MUSTER_NATIONALITY_DEFAULT. Either may be NULL. Case and accents are
 * ignored. */
const char         *muster_nationality_guess     (const char *side,
                                                  const char *name);
/* The first names and surnames of @id (of char*, read once and kept),
 * or FALSE with @error naming the file and the line at fault. */
gboolean            muster_nationality_get_names (const char  *id,
                                                  GPtrArray  **first_names,
                                                  GPtrArray  **surnames,
                                                  GError     **error);
/* A first name and a surname of @id, picked by @rng. */
char               *muster_nationality_pick_name (const char  *id,
                                                  MusterRng   *rng,
                                                  GError     **error);
/* The same, from lists muster_nationality_get_names() gave. */
char               *muster_nationality_pick_name_from (GPtrArray *first_names,
                                                       GPtrArray *surnames,
                                                       MusterRng *rng);

G_END_DECLS
