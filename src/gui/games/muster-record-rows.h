/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/*
 * The rows that the Record Results dialog gives both a character and a
 * unit under their expander row: a count to set, and notes.
 */

/* A row titled @title with a spin button from 0 to 99 set to @value (and
 * read by screen readers as @title), added to @parent. */
GtkWidget *muster_record_add_spin_row  (AdwExpanderRow  *parent,
                                        const char      *title,
                                        int              value,
                                        GtkSpinButton  **spin_out);
/* A Notes entry row showing @notes (NULL is none), added to @parent;
 * @changed is connected to its ::changed with @data. */
GtkWidget *muster_record_add_notes_row (AdwExpanderRow  *parent,
                                        const char      *notes,
                                        GCallback        changed,
                                        gpointer         data);
/* A unit's results in a game as one sentence, “2 killed, 1 wounded and 1
 * ran of 10 figures · colours lost”: @counts are the figures killed,
 * wounded, captured and run, @figures those that took the field, @colours
 * "lost", "captured" or NULL. Shown by the Games page and this dialog. */
char      *muster_record_unit_result_text (const int   counts[4],
                                           int         figures,
                                           const char *colours);

G_END_DECLS
