/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-fuzz-import"

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "muster-exchange.h"
#include "muster-recruit.h"
#include "muster-store.h"

/*
 * libFuzzer target for the .muster importer. Each input is imported into a
 * fresh library: a copy of a template made once (an empty library with the
 * sample campaign, so that force files have a campaign to join), opened,
 * imported into, closed and deleted again.
 */

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static char *template_data;
static gsize template_length;
static char *work_dir;
static char *work_path;
static gint64 sample_campaign;

static void
remove_library (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);

  g_unlink (path);
  g_unlink (wal);
  g_unlink (shm);
}

static void
cleanup (void)
{
  if (work_path != NULL)
    remove_library (work_path);
  if (work_dir != NULL)
    g_rmdir (work_dir);
  g_clear_pointer (&work_path, g_free);
  g_clear_pointer (&work_dir, g_free);
  g_clear_pointer (&template_data, g_free);
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterStore) store = NULL;

  g_setenv ("MUSTER_FAKE_TIME", "2024-01-01T00:00:00Z", TRUE);
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);

  work_dir = g_dir_make_tmp ("muster-fuzz-XXXXXX", &error);
  if (work_dir == NULL)
    g_error ("%s", error->message);
  work_path = g_build_filename (work_dir, "library.db", NULL);

  store = muster_store_open (work_path, &error);
  if (store == NULL)
    g_error ("%s", error->message);
  sample_campaign = muster_store_create_sample (store, "Fuzz", &error);
  if (sample_campaign <= 0)
    g_error ("%s", error->message);
  g_clear_object (&store);

  if (!g_file_get_contents (work_path, &template_data, &template_length, &error))
    g_error ("%s", error->message);
  remove_library (work_path);

  atexit (cleanup);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterStore) store = NULL;
  g_autofree char *before = NULL;
  MusterExchangeKind kind;
  gint64 id;

  if (!g_file_set_contents (work_path, template_data, template_length, &error))
    g_error ("%s", error->message);
  store = muster_store_open (work_path, &error);
  if (store == NULL)
    g_error ("%s", error->message);

  before = muster_store_dump (store);
  id = muster_exchange_import_data (store, (const char *) data, size, "fuzz.muster",
                                    sample_campaign, &kind, &error);
  if (id > 0)
    {
      /* What was imported exports again. */
      g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
      gboolean ok;

      g_assert_no_error (error);
      if (kind == MUSTER_EXCHANGE_CAMPAIGN)
        ok = muster_exchange_export_campaign (store, id, out, &error);
      else
        ok = muster_exchange_export_force (store, id, out, &error);
      g_assert_no_error (error);
      g_assert (ok);
    }
  else
    {
      /* A refused file names its problem and changes nothing. */
      g_autofree char *after = muster_store_dump (store);

      g_assert (error != NULL);
      g_assert (error->message != NULL && error->message[0] != '\0');
      g_assert (strcmp (before, after) == 0);
    }

  g_clear_object (&store);
  remove_library (work_path);
  return 0;
}
