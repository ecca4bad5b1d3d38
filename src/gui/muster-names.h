/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/*
 * Names as the windows show them. The store takes names of at most
 * MUSTER_STORE_NAME_MAX characters, but a library from before the limit
 * may hold longer ones, and GTK lays out every character it is given: a
 * hundred thousand of them in a wrapping label freeze a window for
 * seconds. So text that holds such a name is cut short before it reaches
 * a widget, and single-line labels and drop-downs ellipsize.
 */

/* The longest text shown whole: a sentence naming a few things. */
#define MUSTER_NAMES_TEXT_MAX 1000

/* @name cut after MUSTER_STORE_NAME_MAX characters with an ellipsis, or a
 * copy; "" for NULL. */
char *muster_names_shorten            (const char   *name);
/* The same for a longer text, cut after MUSTER_NAMES_TEXT_MAX characters. */
char *muster_names_shorten_text       (const char   *text);
/* Refuses typing or pasting more than MUSTER_STORE_NAME_MAX characters
 * into @editable (a GtkEntry, an AdwEntryRow ...). */
void  muster_names_limit_editable     (GtkEditable  *editable);
/* Shows @dropdown's items (strings) and its choice on one line, ellipsized. */
void  muster_names_ellipsize_drop_down (GtkDropDown *dropdown);
/* Shows @row's choice (a string) whole when it is short, and ellipsized
 * after a couple of dozen characters when it is long: the row's title
 * wraps instead of cutting the choice to a letter or two. */
void  muster_names_fit_combo_row      (AdwComboRow  *row);
gboolean muster_names_combo_row_is_fitted (AdwComboRow *row);

G_END_DECLS
