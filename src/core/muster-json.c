/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-core"

#include "config.h"

#include <string.h>

#include "muster-json.h"

char *
muster_json_to_data (JsonNode *root,
                     gboolean  pretty)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;
  GString *escaped;

  g_return_val_if_fail (root != NULL, NULL);

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, pretty);
  json_generator_set_indent (generator, 2);
  text = json_generator_to_data (generator, NULL);
  if (strchr (text, '\x1f') == NULL)
    return g_steal_pointer (&text);

  /* JSON-GLib writes no control character outside a string, so each one
   * found is inside a string. */
  escaped = g_string_sized_new (strlen (text) + 16);
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '\x1f')
        g_string_append (escaped, "\\u001f");
      else
        g_string_append_c (escaped, *p);
    }
  return g_string_free (escaped, FALSE);
}
