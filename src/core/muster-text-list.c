/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-text"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-text-list.h"

/**
 * muster_text_list:
 * @items: (element-type utf8): the items, already in the reader's language
 *
 * Joins @items as a sentence lists them. Two items take the pair pattern;
 * longer lists join their items from the end: the last two with the end
 * pattern, every one before with the middle pattern.
 *
 * Returns: (transfer full): the list
 */
char *
muster_text_list (GPtrArray *items)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (items != NULL, NULL);

  if (items->len == 0)
    return g_strdup ("");
  if (items->len == 1)
    return g_strdup (g_ptr_array_index (items, 0));
  if (items->len == 2)
    /* Translators: a list of two things, “A and B” */
    return g_strdup_printf (_("%s and %s"), (const char *) g_ptr_array_index (items, 0),
                            (const char *) g_ptr_array_index (items, 1));

  /* Translators: the last two things of a list of three or more, “B and C”
   * in “A, B and C” */
  text = g_strdup_printf (C_("list end", "%s and %s"), (const char *) g_ptr_array_index (items, items->len - 2),
                          (const char *) g_ptr_array_index (items, items->len - 1));
  for (guint i = items->len - 2; i-- > 0;)
    {
      char *longer;

      /* Translators: a thing and the rest of a list after it, “A, B and C” */
      longer = g_strdup_printf (C_("list middle", "%s, %s"), (const char *) g_ptr_array_index (items, i), text);
      g_free (text);
      text = longer;
    }
  return g_steal_pointer (&text);
}

char *
muster_text_wounds (int      light,
                    int      serious,
                    gboolean with_zeros)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);

  if (light > 0 || with_zeros)
    g_ptr_array_add (items, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d light wound", "%d light wounds",
                                                          light), light));
  if (serious > 0 || with_zeros)
    g_ptr_array_add (items, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d serious wound",
                                                          "%d serious wounds", serious), serious));
  return muster_text_list (items);
}
