/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-exchange-reader"

#include "config.h"

#include <string.h>

#include <glib.h>
#include <gio/gio.h>
#include <sqlite3.h>

#include "muster-exchange.h"
#include "muster-store.h"
#include "muster-store-private.h"
#include "muster-exchange-test-util.h"
#include "muster-test-util.h"

/* An import reads its file in a thread of its own, ahead of the rows it
 * writes, in chunks of a thousand nodes, four at most on their way. A
 * file of a few hundred characters is many chunks: what goes wrong is
 * still said as if the file were read and written line by line, and
 * whoever stops first (the writing, the reading, a cancellation) stops
 * both, leaving the library as it was. */

#define N_CHARACTERS 600
#define N_GAMES      60

static char *
big_file (void)
{
  g_autoptr(MusterStore) source = muster_test_open_store (NULL);

  return export_campaign (source, make_big (source, N_CHARACTERS, N_GAMES));
}

/* @text without its last 200 bytes: not well-formed at its end. */
static char *
cut_end (const char *text)
{
  gsize length = strlen (text);

  return g_strndup (text, length - 200);
}

/* A character's id given twice near the start of a file that is also
 * cut short at its end: the reading reaches the broken end long before
 * the import writes the second character, yet the error said is the one
 * that comes first in the file. */
static void
test_first_error_in_file_order (void)
{
  g_autofree char *good = big_file ();
  g_autofree char *twice = replace_once (good, "id=\"c2\"", "id=\"c1\"");
  g_autofree char *bad = cut_end (twice);
  g_autofree char *where = g_strdup_printf ("line %d", line_of (good, "id=\"c2\""));
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);

  /* Not the end's error, which was met first. */
  g_free (expect_refused (store, 0, bad, -1, MUSTER_EXCHANGE_ERROR_INVALID, where, "“c1”", "two elements", NULL));
}

/* Errors the reading meets far into a file, past many chunks, say their
 * own line: the file cut short, and an element the schema has no place
 * for just before its end. */
static void
test_late_errors (void)
{
  g_autofree char *good = big_file ();
  g_autofree char *cut = cut_end (good);
  g_autofree char *bogus = replace_once (good, "</muster>", "<bogus/></muster>");
  g_autofree char *bogus_line = g_strdup_printf ("line %d", line_of (bogus, "<bogus/>"));
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);

  /* More nodes than the chunks on their way hold. */
  g_assert_cmpint (line_of (good, "</muster>"), >, 2 * 4 * 1024);
  g_free (expect_refused (store, 0, cut, -1, MUSTER_EXCHANGE_ERROR_PARSE, "line", NULL));
  g_free (expect_refused (store, 0, bogus, -1, MUSTER_EXCHANGE_ERROR_INVALID, bogus_line, "bogus", NULL));
}

static void
row_written_cb (void          *data,
                int            op,
                const char    *db,
                const char    *table,
                sqlite3_int64  rowid)
{
  GCancellable *cancellable = data;
  guint *n = g_object_get_data (G_OBJECT (cancellable), "rows");

  if (--(*n) == 0)
    g_cancellable_cancel (cancellable);
}

/* Cancelled after a few rows, while the reading is chunks ahead and
 * waits for the import to take them: the import says so, the reading
 * stops, and the library is as it was. */
static void
test_cancel_while_reading_ahead (void)
{
  g_autofree char *good = big_file ();
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "big.muster", NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);
  guint rows = 50;

  g_assert_true (g_file_set_contents (path, good, -1, NULL));
  g_object_set_data (G_OBJECT (cancellable), "rows", &rows);
  before = muster_store_dump (store);
  sqlite3_update_hook (muster_store_get_db (store), row_written_cb, cancellable);
  g_assert_cmpint (muster_exchange_import_full (store, path, 0, cancellable, NULL, &error), ==, 0);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  sqlite3_update_hook (muster_store_get_db (store), NULL, NULL);
  after = muster_store_dump (store);
  g_assert_cmpstr (before, ==, after);

  /* And read whole, the same file is the same campaign again. */
  g_clear_error (&error);
  g_assert_cmpint (muster_exchange_import_full (store, path, 0, NULL, NULL, &error), >, 0);
  g_assert_no_error (error);
  muster_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("MUSTER_FAKE_TIME", "2024-01-01T00:00:00Z", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/exchange/reader/first-error-in-file-order", test_first_error_in_file_order);
  g_test_add_func ("/exchange/reader/late-errors", test_late_errors);
  g_test_add_func ("/exchange/reader/cancel-while-reading-ahead", test_cancel_while_reading_ahead);
  return g_test_run ();
}
