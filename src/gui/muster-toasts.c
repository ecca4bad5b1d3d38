/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-toasts"

#include "config.h"

#include <string.h>

#include "muster-toasts-private.h"

typedef struct _Guard Guard;

/* A toast to dismiss once the toasts of its overlay are in. */
typedef struct {
  Guard    *guard;
  AdwToast *toast;
  gulong    dismissed_id;
  guint     source_id;
} LateDismissal;

/* A toast whose button's mnemonic waits for the toast to be in: until
 * then its button is labelled without it, so that Alt and the letter do
 * not press the button, which libadwaita 1.2 would answer by dismissing
 * the toast while it comes in. */
typedef struct {
  Guard    *guard;
  AdwToast *toast;
  char     *label;        /* the caller's, with its mnemonic */
  char     *plain;        /* the one shown meanwhile */
  gulong    dismissed_id;
  guint     source_id;
} HeldMnemonic;

/* What an overlay knows of its toasts, its data from the first one
 * added with muster_toasts_add() until it is finalized. */
struct _Guard {
  AdwToastOverlay *overlay;   /* whose data it is */
  /* When a toast last started coming in, or may have: each toast added,
   * and each toast dismissed, since the overlay then brings in the next
   * of its queue (or the one a toast of high priority put back). */
  gint64           changed;
  GList           *late;      /* of LateDismissal* */
  GList           *held;      /* of HeldMnemonic* */
};

static const char *guard_key = "muster-toasts-guard";

static void late_dismissal_arm (LateDismissal *late);
static void held_mnemonic_arm  (HeldMnemonic  *held);
static AdwToast *shown_toast   (AdwToastOverlay *overlay);

/* How long a toast is taken to be coming in: MUSTER_TOASTS_IN_USEC, or
 * as long as a test says (muster_toasts_set_in_usec_for_testing()). */
static gint64 in_usec = MUSTER_TOASTS_IN_USEC;

static gboolean
coming_in (Guard  *guard,
           gint64 *left)
{
  gint64 in_for = g_get_monotonic_time () - guard->changed;

  if (left != NULL)
    *left = in_usec - in_for;
  return in_for < in_usec;
}

static void
late_dismissal_free (LateDismissal *late)
{
  late->guard->late = g_list_remove (late->guard->late, late);
  g_clear_handle_id (&late->source_id, g_source_remove);
  g_clear_signal_handler (&late->dismissed_id, late->toast);
  g_object_unref (late->toast);
  g_free (late);
}

/* Gives the toast its mnemonic back, unless its label was changed
 * meanwhile, and forgets it. */
static void
held_mnemonic_free (HeldMnemonic *held)
{
  held->guard->held = g_list_remove (held->guard->held, held);
  g_clear_handle_id (&held->source_id, g_source_remove);
  g_clear_signal_handler (&held->dismissed_id, held->toast);
  if (g_strcmp0 (adw_toast_get_button_label (held->toast), held->plain) == 0)
    adw_toast_set_button_label (held->toast, held->label);
  g_object_unref (held->toast);
  g_free (held->label);
  g_free (held->plain);
  g_free (held);
}

static void
guard_free (gpointer data)
{
  Guard *guard = data;

  while (guard->late != NULL)
    late_dismissal_free (guard->late->data);
  while (guard->held != NULL)
    held_mnemonic_free (guard->held->data);
  g_free (guard);
}

/* @label without its mnemonic: "_Undo" is "Undo", "a__b" stays "a_b". */
static char *
strip_mnemonic (const char *label)
{
  GString *plain = g_string_sized_new (strlen (label));

  for (const char *c = label; *c != '\0'; c++)
    {
      if (*c == '_' && c[1] != '\0')
        c++;
      g_string_append_c (plain, *c);
    }
  return g_string_free (plain, FALSE);
}

/* The widget of the toast the overlay shows, or NULL; its toast in
 * @out_toast. libadwaita 1.2 does not say it: the overlay appends the
 * widget of each toast it shows as its last child, and makes the widget
 * of a toast going away untargetable; the widget's "toast" is the
 * toast. */
static GtkWidget *
shown_toast_widget (AdwToastOverlay  *overlay,
                    AdwToast        **out_toast)
{
  GtkWidget *last = gtk_widget_get_last_child (GTK_WIDGET (overlay));
  AdwToast *toast = NULL;

  if (last == NULL
      || last == adw_toast_overlay_get_child (overlay)
      || !gtk_widget_get_can_target (last)
      || g_object_class_find_property (G_OBJECT_GET_CLASS (last), "toast") == NULL)
    return NULL;
  g_object_get (last, "toast", &toast, NULL);
  if (toast == NULL)
    return NULL;
  /* The overlay holds it as long as it shows it. */
  g_object_unref (toast);
  if (out_toast != NULL)
    *out_toast = toast;
  return last;
}

/* The toast the overlay shows, which its Escape binding dismisses, or
 * NULL. */
static AdwToast *
shown_toast (AdwToastOverlay *overlay)
{
  AdwToast *toast = NULL;

  return shown_toast_widget (overlay, &toast) != NULL ? toast : NULL;
}

static void
on_late_toast_dismissed (AdwToast      *toast,
                         LateDismissal *late)
{
  /* By its timeout, its button or its overlay going: dismissing it again
   * would dismiss it in whatever overlay it is shown next. */
  late_dismissal_free (late);
}

static gboolean
late_dismissal_cb (gpointer data)
{
  LateDismissal *late = data;

  late->source_id = 0;
  /* Another toast came in meanwhile, maybe this one again after one
   * of high priority: wait for that one too. */
  if (coming_in (late->guard, NULL))
    late_dismissal_arm (late);
  else
    {
      g_autoptr(AdwToast) toast = g_object_ref (late->toast);

      late_dismissal_free (late);
      adw_toast_dismiss (toast);
    }
  return G_SOURCE_REMOVE;
}

/* A timeout for @func once the toasts of @guard are in, or after
 * @if_in (µs) when they are in already. */
static guint
timeout_when_in (Guard       *guard,
                 gint64       if_in,
                 GSourceFunc  func,
                 gpointer     data)
{
  gint64 left;

  if (!coming_in (guard, &left))
    left = if_in;
  return g_timeout_add ((guint) (CLAMP (left, 0, in_usec) / 1000) + 1, func, data);
}

static void
late_dismissal_arm (LateDismissal *late)
{
  late->source_id = timeout_when_in (late->guard, 0, late_dismissal_cb, late);
}

static void
dismiss_late (Guard    *guard,
              AdwToast *toast)
{
  LateDismissal *late;

  for (GList *l = guard->late; l != NULL; l = l->next)
    if (((LateDismissal *) l->data)->toast == toast)
      return;

  late = g_new0 (LateDismissal, 1);
  late->guard = guard;
  late->toast = g_object_ref (toast);
  late->dismissed_id = g_signal_connect (toast, "dismissed", G_CALLBACK (on_late_toast_dismissed), late);
  guard->late = g_list_prepend (guard->late, late);
  late_dismissal_arm (late);
}

static void
on_held_toast_dismissed (AdwToast     *toast,
                         HeldMnemonic *held)
{
  /* Gone, it gets its mnemonic back: added again, it is held again. */
  held_mnemonic_free (held);
}

static gboolean
held_mnemonic_cb (gpointer data)
{
  HeldMnemonic *held = data;

  held->source_id = 0;
  /* Shown and in; or still queued behind another, or coming in. */
  if (!coming_in (held->guard, NULL) && shown_toast (held->guard->overlay) == held->toast)
    held_mnemonic_free (held);
  else
    held_mnemonic_arm (held);
  return G_SOURCE_REMOVE;
}

static void
held_mnemonic_arm (HeldMnemonic *held)
{
  /* Queued behind another toast, it is looked at again as often as a
   * toast takes to come in. */
  held->source_id = timeout_when_in (held->guard, MIN (in_usec, MUSTER_TOASTS_IN_USEC), held_mnemonic_cb, held);
}

/* Holds back the mnemonic of @toast's button, if it has one, until the
 * toast is shown and in. */
static void
hold_mnemonic (Guard    *guard,
               AdwToast *toast)
{
  const char *label = adw_toast_get_button_label (toast);
  HeldMnemonic *held;

  if (label == NULL || strchr (label, '_') == NULL)
    return;
  for (GList *l = guard->held; l != NULL; l = l->next)
    if (((HeldMnemonic *) l->data)->toast == toast)
      return;

  held = g_new0 (HeldMnemonic, 1);
  held->guard = guard;
  held->toast = g_object_ref (toast);
  held->label = g_strdup (label);
  held->plain = strip_mnemonic (label);
  held->dismissed_id = g_signal_connect (toast, "dismissed", G_CALLBACK (on_held_toast_dismissed), held);
  guard->held = g_list_prepend (guard->held, held);
  adw_toast_set_button_label (toast, held->plain);
  held_mnemonic_arm (held);
}

static void
on_toast_dismissed (AdwToast        *toast,
                    AdwToastOverlay *overlay)
{
  Guard *guard = g_object_get_data (G_OBJECT (overlay), guard_key);

  g_signal_handlers_disconnect_by_func (toast, on_toast_dismissed, overlay);
  if (guard != NULL)
    guard->changed = g_get_monotonic_time ();
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                AdwToastOverlay       *overlay)
{
  Guard *guard = g_object_get_data (G_OBJECT (overlay), guard_key);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (overlay));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (keyval != GDK_KEY_Escape || (state & gtk_accelerator_get_default_mod_mask ()) != 0)
    return GDK_EVENT_PROPAGATE;
  if (!coming_in (guard, NULL) || shown_toast (overlay) == NULL)
    return GDK_EVENT_PROPAGATE;

  /* The key is caught on its way down, before the overlay's binding,
   * but also before the widgets inside: an entry, a popover, a dialog's
   * row take their Escape first, as they would without the toast. */
  if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (overlay)))
    for (GtkWidget *w = focus; w != GTK_WIDGET (overlay); w = gtk_widget_get_parent (w))
      if (gtk_event_controller_key_forward (controller, w))
        return GDK_EVENT_STOP;

  return muster_toasts_escape (overlay) ? GDK_EVENT_STOP : GDK_EVENT_PROPAGATE;
}

/* A press on the overlay, caught on its way down, before the toast's
 * buttons: pressed while the toast comes in, libadwaita 1.2 would
 * dismiss it at once. */
static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            AdwToastOverlay *overlay)
{
  Guard *guard = g_object_get_data (G_OBJECT (overlay), guard_key);
  GtkWidget *picked;

  if (!coming_in (guard, NULL))
    return;
  picked = gtk_widget_pick (GTK_WIDGET (overlay), x, y, GTK_PICK_DEFAULT);
  if (picked != NULL && muster_toasts_press (overlay, picked))
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

/* Whether @toast was added to @overlay with muster_toasts_add() and is
 * not dismissed yet. */
static gboolean
follows (AdwToastOverlay *overlay,
         AdwToast        *toast)
{
  return g_signal_handler_find (toast, G_SIGNAL_MATCH_FUNC | G_SIGNAL_MATCH_DATA, 0, 0, NULL,
                                on_toast_dismissed, overlay) != 0;
}

static Guard *
ensure_guard (AdwToastOverlay *overlay)
{
  Guard *guard = g_object_get_data (G_OBJECT (overlay), guard_key);
  GtkEventController *controller;

  if (guard != NULL)
    return guard;

  guard = g_new0 (Guard, 1);
  guard->overlay = overlay;
  g_object_set_data_full (G_OBJECT (overlay), guard_key, guard, guard_free);

  /* AdwToastOverlay binds Escape to dismissing its toast, in the bubble
   * phase: this comes first. */
  controller = gtk_event_controller_key_new ();
  gtk_event_controller_set_name (controller, "muster-toasts-escape");
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect (controller, "key-pressed", G_CALLBACK (on_key_pressed), overlay);
  gtk_widget_add_controller (GTK_WIDGET (overlay), controller);

  /* And a press on the toast's buttons, which dismiss it at once. */
  controller = GTK_EVENT_CONTROLLER (gtk_gesture_click_new ());
  gtk_event_controller_set_name (controller, "muster-toasts-press");
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (controller), 0);
  g_signal_connect (controller, "pressed", G_CALLBACK (on_pressed), overlay);
  gtk_widget_add_controller (GTK_WIDGET (overlay), controller);
  return guard;
}

void
muster_toasts_add (AdwToastOverlay *overlay,
                   AdwToast        *toast)
{
  Guard *guard;

  g_return_if_fail (ADW_IS_TOAST_OVERLAY (overlay));
  g_return_if_fail (ADW_IS_TOAST (toast));

  guard = ensure_guard (overlay);
  guard->changed = g_get_monotonic_time ();
  /* Added again while shown or queued, it is followed already. */
  if (!follows (overlay, toast))
    g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_toast_dismissed), overlay, 0);
  hold_mnemonic (guard, toast);
  adw_toast_overlay_add_toast (overlay, toast);
}

void
muster_toasts_dismiss (AdwToastOverlay *overlay,
                       AdwToast        *toast)
{
  Guard *guard;

  g_return_if_fail (ADW_IS_TOAST_OVERLAY (overlay));
  g_return_if_fail (ADW_IS_TOAST (toast));

  /* Dismissed already (adw_toast_dismiss() then does nothing), or never
   * shown here: there is no show to wait for. */
  guard = g_object_get_data (G_OBJECT (overlay), guard_key);
  if (guard != NULL && follows (overlay, toast) && coming_in (guard, NULL))
    dismiss_late (guard, toast);
  else
    adw_toast_dismiss (toast);
}

gboolean
muster_toasts_escape (AdwToastOverlay *overlay)
{
  Guard *guard;
  AdwToast *toast;

  g_return_val_if_fail (ADW_IS_TOAST_OVERLAY (overlay), FALSE);

  guard = g_object_get_data (G_OBJECT (overlay), guard_key);
  if (guard == NULL || !coming_in (guard, NULL))
    return FALSE;
  toast = shown_toast (overlay);
  if (toast == NULL)
    return FALSE;

  /* Escape still does what was asked, a moment later. */
  dismiss_late (guard, toast);
  return TRUE;
}

void
muster_toasts_set_changed_for_testing (AdwToastOverlay *overlay,
                                       gint64           time)
{
  Guard *guard;

  g_return_if_fail (ADW_IS_TOAST_OVERLAY (overlay));

  guard = ensure_guard (overlay);
  guard->changed = time;
  /* The dismissals and the mnemonics waiting for the toasts to be in
   * wait as long as that says now. */
  for (GList *l = guard->late; l != NULL; l = l->next)
    {
      LateDismissal *late = l->data;

      g_clear_handle_id (&late->source_id, g_source_remove);
      late_dismissal_arm (late);
    }
  for (GList *l = guard->held; l != NULL; l = l->next)
    {
      HeldMnemonic *held = l->data;

      g_clear_handle_id (&held->source_id, g_source_remove);
      held_mnemonic_arm (held);
    }
}

void
muster_toasts_set_in_usec_for_testing (gint64 usec)
{
  g_return_if_fail (usec > 0);

  in_usec = usec;
}

gboolean
muster_toasts_press (AdwToastOverlay *overlay,
                     GtkWidget       *picked)
{
  Guard *guard;
  GtkWidget *shown, *button;
  AdwToast *toast = NULL;
  const char *action;

  g_return_val_if_fail (ADW_IS_TOAST_OVERLAY (overlay), FALSE);
  g_return_val_if_fail (GTK_IS_WIDGET (picked), FALSE);

  guard = g_object_get_data (G_OBJECT (overlay), guard_key);
  if (guard == NULL || !coming_in (guard, NULL))
    return FALSE;
  shown = shown_toast_widget (overlay, &toast);
  if (shown == NULL || (picked != shown && !gtk_widget_is_ancestor (picked, shown)))
    return FALSE;

  /* Its close button, or its button, which runs its action and then
   * dismisses it: the same here, the dismissal once the toast is in. A
   * press elsewhere on it does nothing, as it would. */
  button = picked == shown ? NULL : gtk_widget_get_ancestor (picked, GTK_TYPE_BUTTON);
  if (button == NULL || !gtk_widget_is_sensitive (button))
    return TRUE;
  action = gtk_actionable_get_action_name (GTK_ACTIONABLE (button));
  if (action != NULL)
    {
      g_signal_emit_by_name (toast, "button-clicked");
      gtk_widget_activate_action_variant (button, action,
                                          gtk_actionable_get_action_target_value (GTK_ACTIONABLE (button)));
    }
  dismiss_late (guard, toast);
  return TRUE;
}
