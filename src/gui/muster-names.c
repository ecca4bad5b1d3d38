/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-a11y.h"
#include "muster-names.h"
#include "muster-store.h"

static char *
shorten (const char *text,
         glong       max)
{
  g_autofree char *start = NULL;

  if (text == NULL)
    return g_strdup ("");
  /* Counting stops early: a long text is not walked to its end. */
  if (g_utf8_strlen (text, (gssize) max * 6 + 6) <= max)
    return g_strdup (text);
  start = g_utf8_substring (text, 0, max);
  return g_strconcat (start, "…", NULL);
}

char *
muster_names_shorten (const char *name)
{
  return shorten (name, MUSTER_STORE_NAME_MAX);
}

char *
muster_names_shorten_text (const char *text)
{
  return shorten (text, MUSTER_NAMES_TEXT_MAX);
}

void
muster_names_limit_editable (GtkEditable *editable)
{
  GtkEditable *delegate;

  g_return_if_fail (GTK_IS_EDITABLE (editable));

  if (GTK_IS_ENTRY (editable))
    {
      gtk_entry_set_max_length (GTK_ENTRY (editable), MUSTER_STORE_NAME_MAX);
      return;
    }
  delegate = gtk_editable_get_delegate (editable);
  if (GTK_IS_TEXT (delegate))
    gtk_text_set_max_length (GTK_TEXT (delegate), MUSTER_STORE_NAME_MAX);
  else if (delegate != NULL)
    muster_names_limit_editable (delegate);
}

/* @user_data: the least width, in characters, of the list's items (0 for
 * the choice shown on the button, which may shrink). */
static void
setup_label_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (label), GPOINTER_TO_INT (user_data));
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_list_item_set_child (item, label);
}

static void
bind_label_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  GtkStringObject *string = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  const char *text = string != NULL ? gtk_string_object_get_string (string) : "";

  gtk_label_set_text (GTK_LABEL (label), text);
  muster_a11y_label_row (label, text, NULL);
}

static GtkListItemFactory *
label_factory_new (int width_chars)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_label_cb), GINT_TO_POINTER (width_chars));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_label_cb), NULL);
  return factory;
}

void
muster_names_ellipsize_drop_down (GtkDropDown *dropdown)
{
  g_autoptr(GtkListItemFactory) factory = label_factory_new (0);
  g_autoptr(GtkListItemFactory) list_factory = label_factory_new (16);

  g_return_if_fail (GTK_IS_DROP_DOWN (dropdown));

  gtk_drop_down_set_factory (dropdown, factory);
  gtk_drop_down_set_list_factory (dropdown, list_factory);
}

/* The choice asks for room for its text, up to this many characters. */
#define FIT_CHARS 24

static void
setup_fit_label_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *item,
                    gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_list_item_set_child (item, label);
}

static void
bind_fit_label_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   gpointer                  user_data)
{
  GtkStringObject *string = gtk_list_item_get_item (item);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  const char *text = GTK_IS_STRING_OBJECT (string) ? gtk_string_object_get_string (string) : "";

  gtk_label_set_text (label, text);
  gtk_label_set_width_chars (label, (int) MIN (g_utf8_strlen (text, FIT_CHARS * 6), FIT_CHARS));
  muster_a11y_label_row (GTK_WIDGET (label), text, NULL);
}

void
muster_names_fit_combo_row (AdwComboRow *row)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_return_if_fail (ADW_IS_COMBO_ROW (row));

  g_signal_connect (factory, "setup", G_CALLBACK (setup_fit_label_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_fit_label_cb), NULL);
  adw_combo_row_set_factory (row, factory);
  g_object_set_data (G_OBJECT (row), "muster-names-fitted", GINT_TO_POINTER (TRUE));
}

gboolean
muster_names_combo_row_is_fitted (AdwComboRow *row)
{
  g_return_val_if_fail (ADW_IS_COMBO_ROW (row), FALSE);
  return g_object_get_data (G_OBJECT (row), "muster-names-fitted") != NULL;
}
