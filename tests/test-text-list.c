/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "muster-test-util.h"
#include "muster-text-list.h"

static char *
list_of (const char *first, ...)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  va_list args;

  va_start (args, first);
  for (const char *item = first; item != NULL; item = va_arg (args, const char *))
    g_ptr_array_add (items, (gpointer) item);
  va_end (args);
  return muster_text_list (items);
}

/* Lists for people: nothing, one, two, then the end joint and as many
 * middle joints as it takes. */
static void
test_lengths (void)
{
  g_autofree char *none = list_of (NULL, NULL);
  g_autofree char *one = list_of ("Harper", NULL);
  g_autofree char *two = list_of ("Harper", "Hagman", NULL);
  g_autofree char *three = list_of ("Harper", "Hagman", "Cooper", NULL);
  g_autofree char *four = list_of ("Harper", "Hagman", "Cooper", "Perkins", NULL);

  g_assert_cmpstr (none, ==, "");
  g_assert_cmpstr (one, ==, "Harper");
  g_assert_cmpstr (two, ==, "Harper and Hagman");
  g_assert_cmpstr (three, ==, "Harper, Hagman and Cooper");
  g_assert_cmpstr (four, ==, "Harper, Hagman, Cooper and Perkins");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/text/list/lengths", test_lengths);
  return g_test_run ();
}
