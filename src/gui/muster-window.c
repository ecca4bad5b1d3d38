/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-window"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-campaign.h"
#include "muster-campaign-row.h"
#include "muster-exchange-ui.h"
#include "muster-games-page.h"
#include "muster-honours-page.h"
#include "muster-log-page.h"
#include "muster-names.h"
#include "muster-roster-page.h"
#include "muster-stats-page.h"
#include "muster-status-icon.h"
#include "muster-toasts.h"
#include "muster-window-private.h"

G_DEFINE_FINAL_TYPE (MusterWindow, muster_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_STORE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static MusterCampaign *
get_selected_campaign (MusterWindow *self)
{
  return gtk_single_selection_get_selected_item (self->campaign_selection);
}

/* The Games, Log, Honours and Statistics pages are built the first time
 * they are shown, each in a slot of the view stack until then, and load
 * the open campaign when they are shown: with a big campaign, building
 * and loading them all would hold up the first window. The Roster page,
 * which the window's actions read, is always there and has it. */
static GtkWidget *
build_page (MusterWindow *self,
            GtkWidget    *slot)
{
  GtkWidget *page = adw_bin_get_child (ADW_BIN (slot));

  if (page != NULL)
    return page;
  if (slot == self->games_slot)
    page = self->games_page = muster_games_page_new (self->store);
  else if (slot == self->log_slot)
    page = self->log_page = muster_log_page_new (self->store);
  else if (slot == self->honours_slot)
    page = self->honours_page = muster_honours_page_new (self->store);
  else if (slot == self->stats_slot)
    page = self->stats_page = muster_stats_page_new (self->store);
  else
    g_return_val_if_reached (NULL);
  adw_bin_set_child (ADW_BIN (slot), page);
  return page;
}

static void
sync_visible_page (MusterWindow *self)
{
  GtkWidget *slot = adw_view_stack_get_visible_child (self->view_stack);

  if (slot == NULL || slot == self->roster_page)
    return;
  build_page (self, slot);
  if (slot == self->games_slot && self->games_campaign != self->campaign_id)
    {
      self->games_campaign = self->campaign_id;
      muster_games_page_set_campaign (MUSTER_GAMES_PAGE (self->games_page), self->campaign_id);
    }
  else if (slot == self->log_slot && self->log_campaign != self->campaign_id)
    {
      self->log_campaign = self->campaign_id;
      muster_log_page_set_campaign (MUSTER_LOG_PAGE (self->log_page), self->campaign_id);
    }
  else if (slot == self->honours_slot && self->honours_campaign != self->campaign_id)
    {
      self->honours_campaign = self->campaign_id;
      muster_honours_page_set_campaign (MUSTER_HONOURS_PAGE (self->honours_page), self->campaign_id);
    }
  else if (slot == self->stats_slot && self->stats_campaign != self->campaign_id)
    {
      self->stats_campaign = self->campaign_id;
      muster_stats_page_set_campaign (MUSTER_STATS_PAGE (self->stats_page), self->campaign_id);
    }
}

/* Tells the pages which campaign is open. */
static void
set_campaign (MusterWindow *self,
              gint64        campaign_id)
{
  MusterCampaign *campaign = get_selected_campaign (self);
  g_autoptr(GError) error = NULL;
  gboolean broken = FALSE;

  if (campaign_id != self->campaign_id)
    {
      self->campaign_id = campaign_id;
      muster_roster_page_set_campaign (MUSTER_ROSTER_PAGE (self->roster_page), campaign_id);
      sync_visible_page (self);
      if (campaign_id != 0)
        g_settings_set_int64 (self->settings, "last-campaign", campaign_id);
    }

  {
    g_autofree char *title = campaign ? muster_names_shorten (muster_campaign_get_name (campaign))
                                      : g_strdup (_("Muster"));

    adw_view_switcher_title_set_title (self->switcher_title, title);
  }
  /* The campaign's rules are read and checked as it opens: pages built on
   * rules that do not load would show nothing, or not all. */
  if (campaign != NULL && campaign_id != 0 && muster_campaign_load_ruleset (campaign, &error) == NULL)
    {
      g_autofree char *description = NULL;

      /* Translators: why the rules kept with the campaign do not load */
      description = g_strdup_printf (_("The copy of its rules this campaign keeps does not load (%s). "
                                       "In Campaign Settings, take the installed rules in its place."),
                                     error->message);
      adw_status_page_set_description (self->broken_rules_page, description);
      broken = TRUE;
    }
  gtk_stack_set_visible_child_name (self->main_stack, broken ? "broken-rules" : campaign_id ? "campaign" : "empty");
  /* No pages to switch between without a campaign, and nothing to recruit
   * into or print: the title says Muster. */
  adw_view_switcher_title_set_view_switcher_enabled (self->switcher_title, campaign_id != 0 && !broken);
  gtk_widget_set_visible (GTK_WIDGET (self->switcher_bar), campaign_id != 0 && !broken);
  gtk_widget_set_visible (self->recruit_button, campaign_id != 0 && !broken);
  gtk_widget_set_visible (self->print_button, campaign_id != 0 && !broken);
  gtk_widget_set_visible (self->campaign_menu_button, campaign_id != 0);
  muster_window_update_actions (self);
}

static guint
find_campaign (MusterWindow *self,
               gint64        campaign_id)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->campaigns));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(MusterCampaign) campaign = g_list_model_get_item (G_LIST_MODEL (self->campaigns), i);

      if (muster_campaign_get_id (campaign) == campaign_id)
        return i;
    }

  return GTK_INVALID_LIST_POSITION;
}

/* Re-reads the campaigns and selects @keep when it is there, else the
 * first. */
static void
reload_campaigns_selecting (MusterWindow *self,
                            gint64        keep)
{
  g_autoptr(GPtrArray) campaigns = NULL;
  g_autoptr(GError) error = NULL;
  guint position;

  campaigns = muster_store_list_campaigns (self->store, &error);
  if (campaigns == NULL)
    {
      muster_window_show_read_error (self, error);
      return;
    }

  self->selecting = TRUE;
  g_list_store_splice (self->campaigns, 0,
                       g_list_model_get_n_items (G_LIST_MODEL (self->campaigns)),
                       campaigns->pdata, campaigns->len);

  position = find_campaign (self, keep);
  if (position == GTK_INVALID_LIST_POSITION && campaigns->len > 0)
    position = 0;
  gtk_single_selection_set_selected (self->campaign_selection, position);
  self->selecting = FALSE;

  set_campaign (self, position == GTK_INVALID_LIST_POSITION ? 0
                : muster_campaign_get_id (get_selected_campaign (self)));
}

/* Keeps the open campaign selected when it is still there. */
static void
reload_campaigns (MusterWindow *self)
{
  reload_campaigns_selecting (self, self->campaign_id);
}

static void
store_changed_cb (MusterStore  *store,
                  guint         what,
                  gint64        campaign_id,
                  MusterWindow *self)
{
  if (what & (MUSTER_CHANGE_CAMPAIGNS))
    reload_campaigns (self);
  else
    muster_window_update_actions (self);
}

static void
campaign_selection_changed_cb (MusterWindow *self)
{
  MusterCampaign *campaign;

  if (self->selecting)
    return;

  campaign = get_selected_campaign (self);
  set_campaign (self, campaign ? muster_campaign_get_id (campaign) : 0);
}

/* Enter (or a double click) on a row opens its campaign, whichever row
 * was selected before. */
static void
on_campaign_activated (GtkListView  *list,
                       guint         position,
                       MusterWindow *self)
{
  gtk_single_selection_set_selected (self->campaign_selection, position);
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_FORWARD);
}

/* In a narrow window the list fills it: a click on a campaign opens it,
 * not only selects it (a wide window shows it beside the list at once).
 * The row's own click has selected it by then. */
static void
campaign_list_released_cb (GtkGestureClick *gesture,
                           int              n_press,
                           double           x,
                           double           y,
                           MusterWindow    *self)
{
  GtkWidget *picked;

  if (n_press != 1 || !adw_leaflet_get_folded (self->leaflet))
    return;
  picked = gtk_widget_pick (GTK_WIDGET (self->campaign_list), x, y, GTK_PICK_DEFAULT);
  if (picked == NULL || picked == GTK_WIDGET (self->campaign_list) || get_selected_campaign (self) == NULL)
    return;
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_FORWARD);
}

/* The row of @campaign_id in the sidebar, or NULL when it has none yet. */
static GtkWidget *
find_row_widget (MusterWindow *self,
                 gint64        campaign_id)
{
  for (GtkWidget *item = gtk_widget_get_first_child (GTK_WIDGET (self->campaign_list)); item;
       item = gtk_widget_get_next_sibling (item))
    {
      GtkWidget *child = gtk_widget_get_first_child (item);

      if (MUSTER_IS_CAMPAIGN_ROW (child) &&
          muster_campaign_row_get_campaign_id (MUSTER_CAMPAIGN_ROW (child)) == campaign_id)
        return item;
    }
  return NULL;
}

static void
on_back_clicked (MusterWindow *self)
{
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_BACK);
}

static void
setup_row_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  gtk_list_item_set_child (item, muster_campaign_row_new ());
}

static void
bind_row_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  user_data)
{
  muster_campaign_row_set_campaign (MUSTER_CAMPAIGN_ROW (gtk_list_item_get_child (item)),
                                    gtk_list_item_get_item (item));
}

static void
notify_is_active_cb (MusterWindow *self)
{
  /* Changes made by muster-cli while the window was in the background. */
  if (gtk_window_is_active (GTK_WINDOW (self)))
    muster_store_poll_external (self->store);
}

static gboolean
muster_window_close_request (GtkWindow *window)
{
  MusterWindow *self = MUSTER_WINDOW (window);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  if (!gtk_window_is_maximized (window))
    {
      g_settings_set_int (self->settings, "window-width", MAX (width, 360));
      g_settings_set_int (self->settings, "window-height", MAX (height, 360));
    }

  return GTK_WINDOW_CLASS (muster_window_parent_class)->close_request (window);
}

static GtkWidget *
add_page (MusterWindow *self,
          GtkWidget    *page,
          const char   *name,
          const char   *title,
          const char   *icon_name)
{
  adw_view_stack_add_titled (self->view_stack, page, name, title);
  adw_view_stack_page_set_icon_name (adw_view_stack_get_page (self->view_stack, page), icon_name);
  return page;
}

/* Under both titles, so that it shows whether the sidebar or the
 * campaign fills a narrow window; the changing actions are disabled by
 * muster_window_update_actions(). */
static void
show_read_only (MusterWindow *self)
{
  const char *why = _("This library cannot be changed: its file or its folder is read-only. "
                      "It can still be looked at, printed, exported and backed up.");

  adw_window_title_set_subtitle (self->sidebar_title, _("Read-only"));
  adw_view_switcher_title_set_subtitle (self->switcher_title, _("Read-only"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->sidebar_title), why);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->switcher_title), why);
}

static void
muster_window_constructed (GObject *object)
{
  MusterWindow *self = MUSTER_WINDOW (object);
  GtkListItemFactory *factory;

  G_OBJECT_CLASS (muster_window_parent_class)->constructed (object);

  self->roster_page = muster_roster_page_new (self->store);
  add_page (self, self->roster_page, "roster", _("Roster"), "system-users-symbolic");
  self->games_slot = add_page (self, adw_bin_new (), "games", _("Games"), "view-list-symbolic");
  self->log_slot = add_page (self, adw_bin_new (), "log", _("Log"), "document-open-recent-symbolic");
  self->honours_slot = add_page (self, adw_bin_new (), "honours", _("Honours"), "starred-symbolic");
  self->stats_slot = add_page (self, adw_bin_new (), "statistics", _("Statistics"),
                               "x-office-spreadsheet-symbolic");
  self->games_campaign = self->log_campaign = self->honours_campaign = self->stats_campaign = -1;
  g_signal_connect_swapped (self->view_stack, "notify::visible-child",
                            G_CALLBACK (sync_visible_page), self);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), NULL);
  gtk_list_view_set_factory (self->campaign_list, factory);
  g_object_unref (factory);

  self->campaigns = g_list_store_new (MUSTER_TYPE_CAMPAIGN);
  self->campaign_selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->campaigns)));
  gtk_single_selection_set_autoselect (self->campaign_selection, FALSE);
  gtk_single_selection_set_can_unselect (self->campaign_selection, FALSE);
  g_signal_connect_swapped (self->campaign_selection, "notify::selected",
                            G_CALLBACK (campaign_selection_changed_cb), self);
  gtk_list_view_set_model (self->campaign_list, GTK_SELECTION_MODEL (self->campaign_selection));
  {
    GtkGesture *click = gtk_gesture_click_new ();

    gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
    g_signal_connect (click, "released", G_CALLBACK (campaign_list_released_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self->campaign_list), GTK_EVENT_CONTROLLER (click));
  }

  self->changed_id = g_signal_connect (self->store, "changed", G_CALLBACK (store_changed_cb), self);
  g_signal_connect (self, "notify::is-active", G_CALLBACK (notify_is_active_cb), NULL);

  if (muster_store_is_read_only (self->store))
    show_read_only (self);
  else
    muster_exchange_ui_add_drop_target (GTK_WIDGET (self), self->store);

  /* -1 so that set_campaign() sees a change and tells the pages, even
   * when there is no campaign to open. */
  self->campaign_id = -1;
  reload_campaigns_selecting (self, g_settings_get_int64 (self->settings, "last-campaign"));
  if (self->campaign_id == -1)
    set_campaign (self, 0);
}

static void
muster_window_dispose (GObject *object)
{
  MusterWindow *self = MUSTER_WINDOW (object);

  if (self->store != NULL)
    g_clear_signal_handler (&self->changed_id, self->store);
  if (self->view_stack != NULL)
    g_signal_handlers_disconnect_by_func (self->view_stack, sync_visible_page, self);
  g_clear_pointer (&self->undos, g_ptr_array_unref);

  /* An AdwBin page whose dispose clears its template children would
   * otherwise unparent its child a second time. */
  if (self->games_page != NULL)
    adw_bin_set_child (ADW_BIN (self->games_page), NULL);
  if (self->log_page != NULL)
    adw_bin_set_child (ADW_BIN (self->log_page), NULL);
  if (self->honours_page != NULL)
    adw_bin_set_child (ADW_BIN (self->honours_page), NULL);
  if (self->stats_page != NULL)
    adw_bin_set_child (ADW_BIN (self->stats_page), NULL);
  self->roster_page = self->games_page = self->log_page = self->honours_page = self->stats_page = NULL;
  self->games_slot = self->log_slot = self->honours_slot = self->stats_slot = NULL;

  /* The switchers let go of the stack before it goes (libadwaita 1.2
   * otherwise unparents its buttons twice). */
  if (self->switcher_bar != NULL)
    adw_view_switcher_bar_set_stack (self->switcher_bar, NULL);
  if (self->switcher_title != NULL)
    adw_view_switcher_title_set_stack (self->switcher_title, NULL);


  G_OBJECT_CLASS (muster_window_parent_class)->dispose (object);
}

static void
muster_window_finalize (GObject *object)
{
  MusterWindow *self = MUSTER_WINDOW (object);

  g_clear_object (&self->campaign_selection);
  g_clear_object (&self->campaigns);
  g_clear_object (&self->settings);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (muster_window_parent_class)->finalize (object);
}

static void
muster_window_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  MusterWindow *self = MUSTER_WINDOW (object);

  switch (prop_id)
    {
    case PROP_STORE:
      self->store = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_window_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  MusterWindow *self = MUSTER_WINDOW (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_window_class_init (MusterWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = muster_window_constructed;
  object_class->dispose = muster_window_dispose;
  object_class->finalize = muster_window_finalize;
  object_class->set_property = muster_window_set_property;
  object_class->get_property = muster_window_get_property;
  window_class->close_request = muster_window_close_request;

  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         MUSTER_TYPE_STORE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/muster-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, read_error_revealer);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, broken_rules_page);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, read_error_label);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, content);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, campaign_list);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, sidebar_title);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, recruit_button);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, print_button);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, campaign_menu_button);
  gtk_widget_class_bind_template_callback (widget_class, on_campaign_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_back_clicked);

  muster_window_class_add_actions (widget_class);
}

static void
show_help_overlay_cb (GSimpleAction *action,
                      GVariant      *param,
                      gpointer       user_data)
{
  gtk_window_present (GTK_WINDOW (muster_window_get_help_overlay (user_data)));
}

static void
muster_window_init (MusterWindow *self)
{
  static const GActionEntry actions[] = {
    /* In the window's own action group, so that GTK does not add its own
     * when the shortcuts window is set. */
    { "show-help-overlay", show_help_overlay_cb },
  };

  gtk_widget_init_template (GTK_WIDGET (self));
  muster_status_page_set_icon_when_shown (self->empty_page, APPLICATION_ID "-symbolic");
  muster_status_page_set_icon_when_shown (self->broken_rules_page, "dialog-warning-symbolic");
  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);

  self->settings = g_settings_new (APPLICATION_ID);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

MusterWindow *
muster_window_new (MusterApplication *application)
{
  g_return_val_if_fail (MUSTER_IS_APPLICATION (application), NULL);

  return g_object_new (MUSTER_TYPE_WINDOW,
                       "application", application,
                       "store", muster_application_get_store (application),
                       NULL);
}

gint64
muster_window_get_campaign_id (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), 0);
  return self->campaign_id;
}

void
muster_window_select_campaign (MusterWindow *self,
                               gint64        campaign_id)
{
  guint position;

  g_return_if_fail (MUSTER_IS_WINDOW (self));

  position = find_campaign (self, campaign_id);
  if (position == GTK_INVALID_LIST_POSITION)
    {
      /* A campaign made a moment ago, before ::changed reached us. */
      reload_campaigns (self);
      position = find_campaign (self, campaign_id);
      if (position == GTK_INVALID_LIST_POSITION)
        return;
    }

  gtk_single_selection_set_selected (self->campaign_selection, position);

  /* The campaign opened is the one the keyboard is on: in a narrow window
   * its pages show; in a wide one the focus moves to its row, so that the
   * highlighted row and the focused one are the same. */
  if (adw_leaflet_get_folded (self->leaflet))
    adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_FORWARD);
  else
    {
      GtkWidget *row;

      gtk_widget_activate_action (GTK_WIDGET (self->campaign_list), "list.scroll-to-item", "u", position);
      row = find_row_widget (self, campaign_id);
      if (row != NULL)
        gtk_widget_grab_focus (row);
    }
}

/**
 * muster_window_show_read_error:
 * @self: the window
 * @error: why the library could not be read
 *
 * Says above the open page that what it shows could not be read again
 * (it shows what was read last), with a Try Again button; it goes once
 * the library reads again.
 */
void
muster_window_show_read_error (MusterWindow *self,
                               const GError *error)
{
  g_autofree char *text = NULL;

  g_return_if_fail (MUSTER_IS_WINDOW (self));
  g_return_if_fail (error != NULL);

  /* Translators: why the library could not be read, e.g. “disk I/O error” */
  text = g_strdup_printf (_("The library could not be read (%s). What is shown may be out of date: "
                            "check that its disk is there, then try again."), error->message);
  gtk_label_set_label (self->read_error_label, text);
  gtk_revealer_set_reveal_child (self->read_error_revealer, TRUE);
}

/**
 * muster_window_report_read_error:
 * @widget: a widget whose rows could not be read again
 * @error: why
 *
 * Shows the read error on the window @widget is in; connect it swapped
 * to a model's ::read-failed.
 */
void
muster_window_report_read_error (GtkWidget    *widget,
                                 const GError *error)
{
  GtkRoot *root;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  root = gtk_widget_get_root (widget);
  if (root != NULL && MUSTER_IS_WINDOW (root))
    muster_window_show_read_error (MUSTER_WINDOW (root), error);
  else
    g_warning ("Could not read the library: %s", error->message);
}

/**
 * muster_window_get_read_error:
 * @self: the window
 *
 * Returns: (nullable): what the read error banner says, or %NULL when it
 * is hidden
 */
const char *
muster_window_get_read_error (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  if (!gtk_revealer_get_reveal_child (self->read_error_revealer))
    return NULL;
  return gtk_label_get_label (self->read_error_label);
}

void
muster_window_show_toast (MusterWindow *self,
                          AdwToast     *toast)
{
  g_return_if_fail (MUSTER_IS_WINDOW (self));
  g_return_if_fail (ADW_IS_TOAST (toast));

  muster_toasts_add (self->toast_overlay, toast);
}

GtkWidget *
muster_window_ask (GtkWidget  *widget,
                   const char *heading,
                   const char *body,
                   const char *response,
                   const char *label)
{
  GtkRoot *root;
  GtkWidget *dialog;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  root = gtk_widget_get_root (widget);
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    response, label,
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), response,
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), response);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

GtkWidget *
muster_window_get_roster_page (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);
  return self->roster_page;
}

/**
 * muster_window_get_help_overlay:
 * @self: the window
 *
 * The keyboard shortcuts window (win.show-help-overlay, Ctrl+?), built
 * the first time it is asked for rather than with the window.
 *
 * Returns: (transfer none): the window's shortcuts window
 */
GtkShortcutsWindow *
muster_window_get_help_overlay (MusterWindow *self)
{
  GtkShortcutsWindow *overlay;

  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (self));
  if (overlay == NULL)
    {
      g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (RESOURCE_PREFIX "/muster-shortcuts-window.ui");

      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      gtk_application_window_set_help_overlay (GTK_APPLICATION_WINDOW (self), overlay);
    }
  return overlay;
}

/**
 * muster_window_get_page:
 * @self: the window
 * @name: the page's name in the view stack ("roster", "games", "log",
 *   "honours" or "statistics")
 *
 * Builds the page when it has not been shown yet (it loads the open
 * campaign once shown).
 *
 * Returns: (transfer none) (nullable): the page, or %NULL for no such name
 */
GtkWidget *
muster_window_get_page (MusterWindow *self,
                        const char   *name)
{
  GtkWidget *slot;

  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  slot = adw_view_stack_get_child_by_name (self->view_stack, name);
  if (slot == NULL || slot == self->roster_page)
    return slot;
  return build_page (self, slot);
}
