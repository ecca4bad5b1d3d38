/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-status-icon.h"

#define ICON_KEY "muster-icon-when-shown"

static void
status_page_map_cb (GtkWidget *page)
{
  const char *icon_name = g_object_get_data (G_OBJECT (page), ICON_KEY);

  if (icon_name != NULL)
    adw_status_page_set_icon_name (ADW_STATUS_PAGE (page), icon_name);
  g_signal_handlers_disconnect_by_func (page, status_page_map_cb, NULL);
  g_object_set_data (G_OBJECT (page), ICON_KEY, NULL);
}

void
muster_status_page_set_icon_when_shown (AdwStatusPage *page,
                                        const char    *icon_name)
{
  g_return_if_fail (ADW_IS_STATUS_PAGE (page));
  g_return_if_fail (icon_name != NULL);

  if (gtk_widget_get_mapped (GTK_WIDGET (page)))
    {
      adw_status_page_set_icon_name (page, icon_name);
      return;
    }
  if (g_object_get_data (G_OBJECT (page), ICON_KEY) == NULL)
    g_signal_connect (page, "map", G_CALLBACK (status_page_map_cb), NULL);
  g_object_set_data_full (G_OBJECT (page), ICON_KEY, g_strdup (icon_name), g_free);
}
