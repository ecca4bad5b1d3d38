/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-file"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "muster-work-dir.h"

struct _MusterWorkDir
{
  char *path;
  int   fd;    /* holds the lock */
};

/* As in muster-file-output-stream.c: room for the rest of the name. */
#define MAX_BASE 200
#define N_RANDOM 6

/* ".NAME.PURPOSE-", and the folder it goes in. */
static char *
make_prefix (const char  *beside,
             const char  *purpose,
             char       **out_dir)
{
  g_autofree char *base = g_path_get_basename (beside);

  if (strlen (base) > MAX_BASE)
    base[MAX_BASE] = '\0';
  *out_dir = g_path_get_dirname (beside);
  return g_strdup_printf (".%s.%s-", base, purpose);
}

static gboolean
is_same_folder (int         fd,
                const char *path)
{
  struct stat held, named;

  return fstat (fd, &held) == 0 && lstat (path, &named) == 0 &&
         S_ISDIR (named.st_mode) &&
         held.st_dev == named.st_dev && held.st_ino == named.st_ino;
}

/* The folder's lock, or -1 when another process holds it or the folder
 * at @path is gone (or was replaced) meanwhile. */
static int
lock_folder (const char *path)
{
  int fd = open (path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);

  if (fd < 0)
    return -1;
  if (flock (fd, LOCK_EX | LOCK_NB) != 0 || !is_same_folder (fd, path))
    {
      close (fd);
      return -1;
    }
  return fd;
}

/* The work leaves files only. */
static void
remove_folder (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    while ((name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *child = g_build_filename (path, name, NULL);

        g_unlink (child);
      }
  g_rmdir (path);
}

/**
 * muster_work_dir_new:
 * @beside: the file the work is for
 * @purpose: a word naming the work, part of the folder's name
 *
 * Returns: (transfer full): the locked folder, or %NULL with @error set.
 */
MusterWorkDir *
muster_work_dir_new (const char  *beside,
                     const char  *purpose,
                     GError     **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *prefix = NULL;

  g_return_val_if_fail (beside != NULL, NULL);
  g_return_val_if_fail (purpose != NULL, NULL);

  prefix = make_prefix (beside, purpose, &dir);

  /* A sweep in another process may take a folder between its making and
   * its locking: then make another. */
  for (guint attempt = 0; attempt < 8; attempt++)
    {
      g_autofree char *name = g_strconcat (prefix, "XXXXXX", NULL);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      MusterWorkDir *self;
      int fd;

      if (g_mkdtemp_full (path, 0700) == NULL)
        {
          int saved_errno = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       _("Could not make a working folder in “%s”: %s"),
                       dir, g_strerror (saved_errno));
          return NULL;
        }
      fd = lock_folder (path);
      if (fd < 0)
        continue;

      self = g_new0 (MusterWorkDir, 1);
      self->path = g_steal_pointer (&path);
      self->fd = fd;
      return self;
    }

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY,
               _("Could not make a working folder in “%s”: %s"),
               dir, g_strerror (EBUSY));
  return NULL;
}

const char *
muster_work_dir_get_path (MusterWorkDir *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->path;
}

void
muster_work_dir_free (MusterWorkDir *self)
{
  if (self == NULL)
    return;

  /* Removed while still locked, so no sweep can take it half-way. */
  remove_folder (self->path);
  close (self->fd);
  g_free (self->path);
  g_free (self);
}

/**
 * muster_work_dir_sweep:
 *
 * Removes what killed processes left: the @purpose folders beside
 * @beside whose lock nobody holds.
 */
guint
muster_work_dir_sweep (const char *beside,
                       const char *purpose)
{
  g_autofree char *dir = NULL;
  g_autofree char *prefix = NULL;
  g_autoptr(GDir) handle = NULL;
  const char *name;
  gsize prefix_len;
  guint n = 0;

  g_return_val_if_fail (beside != NULL, 0);
  g_return_val_if_fail (purpose != NULL, 0);

  prefix = make_prefix (beside, purpose, &dir);
  prefix_len = strlen (prefix);
  handle = g_dir_open (dir, 0, NULL);
  if (handle == NULL)
    return 0;

  while ((name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = NULL;
      int fd;

      if (!g_str_has_prefix (name, prefix) || strlen (name) != prefix_len + N_RANDOM)
        continue;
      path = g_build_filename (dir, name, NULL);
      fd = lock_folder (path);
      if (fd < 0)
        continue;
      g_debug ("Removing %s, left by a process that stopped", path);
      remove_folder (path);
      close (fd);
      n++;
    }
  return n;
}
