/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-store.h"

G_BEGIN_DECLS

/*
 * What the character sheet and the unit sheet share: the header, the
 * toast that says why a save failed, the spin buttons of the ruleset's
 * values, the notes saved a moment after typing stops, the editors saved
 * when the focus leaves them, and which store changes a sheet follows.
 */

/* How long typing in the notes may pause before they are saved. */
#define MUSTER_SHEET_NOTES_SAVE_DELAY_MS 800

/* A sheet's notes, kept in the window's struct: @save (called with
 * @data) runs a moment after typing stops and when the focus leaves
 * them, and reads them with muster_sheet_notes_take_text(). */
typedef struct {
  GtkTextView *view;
  GCallback    save;
  gpointer     data;
  guint        save_timeout;
  gboolean     showing;
} MusterSheetNotes;

void           muster_sheet_notes_init           (MusterSheetNotes    *notes,
                                                  GtkTextView         *view,
                                                  GCallback            save,
                                                  gpointer             data);
/* The whole text, dropping a save still to come. */
char          *muster_sheet_notes_take_text      (MusterSheetNotes    *notes);
/* Shows the stored @text (NULL is none), dropping a save still to come. */
void           muster_sheet_notes_show           (MusterSheetNotes    *notes,
                                                  const char          *text);
/* For the window's dispose: no save is to come. */
void           muster_sheet_notes_clear          (MusterSheetNotes    *notes);
/* The ruleset of @campaign_id, or NULL when there is none. */
MusterRuleset *muster_sheet_rows_dup_ruleset     (MusterStore         *store,
                                                  gint64               campaign_id);

/* Shows @name as the window's title (cut short when long) and in
 * @name_row. */
void       muster_sheet_rows_show_name        (GtkWindow           *window,
                                               AdwWindowTitle      *window_title,
                                               AdwEntryRow         *name_row,
                                               const char          *name);
/* Shows @force_name (cut short when long) under the title, saying so when the library is
 * read-only. */
void       muster_sheet_rows_show_subtitle    (MusterStore         *store,
                                               AdwWindowTitle      *window_title,
                                               const char          *force_name);
/* For a library opened read-only: the preferences groups holding the
 * editors given (NULL-terminated) are made insensitive, and a text view
 * among them read-only, so the sheet can be read but not changed. */
void       muster_sheet_rows_lock_editors     (MusterStore         *store,
                                               GtkWidget           *first_editor,
                                               ...) G_GNUC_NULL_TERMINATED;
/* Says why a save failed, in a toast that stays until dismissed. */
void       muster_sheet_rows_toast_error      (AdwToastOverlay     *overlay,
                                               const GError        *error);
/* Whether a store ::changed of @what in @campaign_id (0: any) concerns a
 * sheet of a thing in @sheet_campaign_id (0: not read yet). */
gboolean   muster_sheet_rows_change_concerns  (guint                what,
                                               gint64               campaign_id,
                                               gint64               sheet_campaign_id);
/* "From 1 to 12": the range a value may take. */
char      *muster_sheet_rows_range_text       (int                  min,
                                               int                  max);
/* Whether the text of an editor differs from the stored one (NULL is ""). */
gboolean   muster_sheet_rows_text_changed     (const char          *value,
                                               const char          *stored);
/* An action row titled @title, with @subtitle (or none when NULL) and
 * @suffix, added to @group. */
GtkWidget *muster_sheet_rows_add_row          (AdwPreferencesGroup *group,
                                               const char          *title,
                                               const char          *subtitle,
                                               GtkWidget           *suffix);
/* The spin button of a value from @min to @max, read by screen readers
 * as @name, with @key as its "stat" data. */
GtkWidget *muster_sheet_rows_value_spin_new   (const char          *name,
                                               const char          *key,
                                               int                  min,
                                               int                  max);
/* Calls @save (swapped: @data first) when the focus leaves @widget. */
void       muster_sheet_rows_save_on_leave    (GtkWidget           *widget,
                                               GCallback            save,
                                               gpointer             data);

G_END_DECLS
