/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* A GClosureNotify that drops the reference held by a signal handler's
 * data: g_object_unref() itself takes one argument, not two, and calling
 * it through a cast of its type is undefined. */
static inline void
muster_closure_unref_object (gpointer  data,
                             GClosure *closure)
{
  g_object_unref (data);
}

G_END_DECLS
