/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/*
 * Toasts that libadwaita 1.2 does not crash on. Its toast overlay frees
 * a toast dismissed while the toast is still coming in (300 ms, 500 ms
 * when it replaces another) and then uses it again when the show
 * animation ends. The app dismisses its toasts through
 * muster_toasts_dismiss(), which waits for them to be in; and Escape,
 * which the overlay binds to dismissing its toast, is held back the same
 * way on every overlay whose toasts come through muster_toasts_add(), and
 * so is a press on a toast's buttons, which dismiss it, and the
 * mnemonic of its button (Alt+U for "_Undo").
 */

/* Shows @toast (transfer full, as adw_toast_overlay_add_toast()) in
 * @overlay, and keeps Escape, a press and its button's mnemonic from
 * dismissing it while it comes in: its button is labelled without the
 * mnemonic until it is shown and in. */
void     muster_toasts_add      (AdwToastOverlay *overlay,
                                 AdwToast        *toast);
/* Dismisses @toast, shown or queued in @overlay: at once, or once it is
 * in when a toast of @overlay is still coming in. */
void     muster_toasts_dismiss  (AdwToastOverlay *overlay,
                                 AdwToast        *toast);
/* What Escape in @overlay does while a toast is coming in, when no
 * widget in it took the key: TRUE when the key stops here, the toast
 * shown to be dismissed once it is in; FALSE when the overlay's own
 * binding may have the key. */
gboolean muster_toasts_escape   (AdwToastOverlay *overlay);
/* What a press on @picked in @overlay does while a toast is coming in:
 * TRUE when the press stops here, being on the toast: its close button
 * dismisses it and its button runs its action and dismisses it, once it
 * is in; FALSE when the press goes on to @picked. */
gboolean muster_toasts_press    (AdwToastOverlay *overlay,
                                 GtkWidget       *picked);

G_END_DECLS
