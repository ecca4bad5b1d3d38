/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/*
 * What a screen reader is told, with what GTK 4.8 and libadwaita 1.2
 * offer. They leave out, and these functions put in:
 *
 * - a button or check button whose label has a mnemonic is named twice,
 *   once with its underscore ("_Save Save"): named by its text alone;
 * - a drop-down's own button is named by its type ("GtkToggleButton"),
 *   and neither it nor a combo row says its choice: the button takes the
 *   drop-down's name, and both say the choice in their description;
 * - drop-downs, combo rows, menu buttons, check buttons and activatable
 *   rows have no action: they get "combo.popup", "menu.popup",
 *   "check.toggle" and "row.activate";
 * - an expander row says nothing of being open or closed: its header
 *   gets the expanded state, its title and its summary;
 * - a field in a row (a spin button, a switch) is not named by the row's
 *   title, nor described by its subtitle (the dice of a roll, a hint);
 * - an entry row never says it has the focus: its text, shown, does.
 *
 * muster_a11y_fix() applies all of it to a widget and what it holds, once
 * for each, following later changes; muster_a11y_init() has it applied
 * to every widget when it is realized, so that dialogs built in code and
 * rows made later are covered too.
 */

void muster_a11y_init            (void);
/* Gives @field the focus when @window is shown, rather than the first
 * button of its header (Cancel). Focusing it before then leaves GTK 4.8
 * telling screen readers the window is no window, and never active. */
void muster_a11y_focus_on_show   (GtkWindow   *window,
                                  GtkWidget   *field);
void muster_a11y_fix             (GtkWidget   *root);
/* Names and describes the row of a list (or the row of a column view)
 * that holds @child, and @child itself: GTK 4.8 gives list items no
 * name of their own (GtkListItem:accessible-label is GTK 4.12). */
void muster_a11y_label_row       (GtkWidget   *child,
                                  const char  *label,
                                  const char  *description);
/* Installs "row.activate" on @widget_class, the class of a row's child:
 * it activates the row, as Enter or a double click do. */
void muster_a11y_class_add_row_activate (GtkWidgetClass *widget_class);

G_END_DECLS
