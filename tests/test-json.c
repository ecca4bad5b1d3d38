/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test"

#include "config.h"

#include <string.h>

#include "muster-json.h"
#include "muster-test-util.h"

/* JSON text as Muster writes it (the command line's --format json, the
 * log's arguments): what JSON-GLib writes, and valid JSON even where
 * JSON-GLib's is not. */

/* [{"name": @text, "more": [@text, 1]}] */
static JsonNode *
document (const char *text)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_array (builder);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, text);
  json_builder_set_member_name (builder, "more");
  json_builder_begin_array (builder);
  json_builder_add_string_value (builder, text);
  json_builder_add_int_value (builder, 1);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  json_builder_end_array (builder);
  return json_builder_get_root (builder);
}

static char *
by_json_glib (JsonNode *root,
              gboolean  pretty)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, pretty);
  json_generator_set_indent (generator, 2);
  return json_generator_to_data (generator, NULL);
}

/* Every control character, and text beyond ASCII: the same bytes as
 * JSON-GLib's but for U+001F, and valid JSON that reads back the same. */
static void
test_to_data (void)
{
  for (guint c = 1; c < 0x80; c++)
    for (int pretty = 0; pretty <= 1; pretty++)
      {
        char text[] = { 'A', (char) c, 'B', ' ', (char) 0xc3, (char) 0xa9, '\0' };
        g_autoptr(JsonNode) root = document (text);
        g_autofree char *ours = muster_json_to_data (root, pretty);
        g_autofree char *theirs = by_json_glib (root, pretty);
        g_autoptr(JsonNode) back = NULL;
        g_autoptr(GError) error = NULL;
        JsonObject *object;

        if (c != 0x1f)
          g_assert_cmpstr (ours, ==, theirs);
        else
          {
            g_assert_cmpstr (ours, !=, theirs);
            g_assert_nonnull (strstr (ours, "\"A\\u001fB"));
            g_assert_null (strchr (ours, '\x1f'));
          }
        if (!muster_test_json_valid (ours))
          g_test_message ("not valid JSON for U+%04X: %s", c, ours);
        g_assert_true (muster_test_json_valid (ours));

        back = json_from_string (ours, &error);
        g_assert_no_error (error);
        object = json_array_get_object_element (json_node_get_array (back), 0);
        g_assert_cmpstr (json_object_get_string_member (object, "name"), ==, text);
        g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (object, "more"), 0),
                         ==, text);
      }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/json/to-data", test_to_data);
  return g_test_run ();
}
