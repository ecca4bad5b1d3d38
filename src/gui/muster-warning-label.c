/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-window"

#include "config.h"

#include "muster-names.h"
#include "muster-warning-label.h"

void
muster_warning_label_show (GtkLabel  *label,
                           GPtrArray *warnings)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *shown = NULL;

  g_return_if_fail (GTK_IS_LABEL (label));

  for (guint i = 0; warnings != NULL && i < warnings->len; i++)
    {
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, g_ptr_array_index (warnings, i));
    }
  /* A name from before names were limited could make it huge. */
  shown = muster_names_shorten_text (text->str);
  gtk_label_set_label (label, shown);
  gtk_widget_set_visible (GTK_WIDGET (label), text->len > 0);
}
