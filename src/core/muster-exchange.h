/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-types.h"

G_BEGIN_DECLS

/*
 * The .muster exchange format: a whole campaign (its own copy of the
 * ruleset, options, forces, units, characters, games, resolutions, rolls
 * and log) or one force, as XML in the namespace MUSTER_EXCHANGE_NS,
 * described by data/schemas/muster.rng and doc/exchange-format.md.
 *
 * Files are written with libxml2's streaming writer in a stable order and
 * hold no time of export, so export, import into an empty library and
 * export again gives the same bytes.
 *
 * Files are read without network access, DTD loading or entity expansion;
 * a DOCTYPE is refused. A file is validated against the schema and checked
 * (ids, references, the ruleset) before anything touches the library, then
 * imported in one transaction: on any error the library is as it was.
 */

#define MUSTER_EXCHANGE_ERROR (muster_exchange_error_quark ())
GQuark muster_exchange_error_quark (void);

typedef enum {
  MUSTER_EXCHANGE_ERROR_PARSE,     /* empty, not XML, not well formed, a DOCTYPE */
  MUSTER_EXCHANGE_ERROR_INVALID,   /* not what the schema allows, or inconsistent */
  MUSTER_EXCHANGE_ERROR_NEWER,     /* written by a newer Muster */
  MUSTER_EXCHANGE_ERROR_RULESET,   /* unknown ruleset, or not the campaign's */
  MUSTER_EXCHANGE_ERROR_TOO_BIG,   /* over the size limit */
  MUSTER_EXCHANGE_ERROR_KIND,      /* a force file with no campaign to join */
} MusterExchangeError;

typedef enum {
  MUSTER_EXCHANGE_CAMPAIGN,
  MUSTER_EXCHANGE_FORCE,
} MusterExchangeKind;

#define MUSTER_EXCHANGE_NS             "https://musterapp.github.io/ns/muster"
/* 2: log entries carry their kind's arguments (files of version 1, whose
 * entries are text, still import). */
#define MUSTER_EXCHANGE_FORMAT_VERSION 2
#define MUSTER_EXCHANGE_MAX_SIZE       ((gsize) 256 * 1024 * 1024)
#define MUSTER_EXCHANGE_MIME_TYPE      "application/x-muster+xml"

/* Writes the campaign @campaign_id to @stream (not closed). */
gboolean  muster_exchange_export_campaign (MusterStore    *store,
                                           gint64          campaign_id,
                                           GOutputStream  *stream,
                                           GError        **error);
/* Writes the force @force_id to @stream (not closed). */
gboolean  muster_exchange_export_force    (MusterStore    *store,
                                           gint64          force_id,
                                           GOutputStream  *stream,
                                           GError        **error);
/* Writes a campaign or a force file at @path, replacing it only once the
 * whole file is written. */
gboolean  muster_exchange_export_to_path  (MusterStore         *store,
                                           MusterExchangeKind   kind,
                                           gint64               id,
                                           const char          *path,
                                           GError             **error);
/* The same, stopped by @cancellable (G_IO_ERROR_CANCELLED, @path as it was). */
gboolean  muster_exchange_export_to_path_full (MusterStore         *store,
                                               MusterExchangeKind   kind,
                                               gint64               id,
                                               const char          *path,
                                               GCancellable        *cancellable,
                                               GError             **error);

/* Imports the file at @path. A campaign file becomes a new campaign (its
 * name made unique) and the new campaign's id is returned; a force file
 * joins @into_campaign_id, which must use the same ruleset, and the new
 * force's id is returned. @into_campaign_id is ignored for campaign files.
 * Returns 0 with @error set, and the library unchanged, on failure. */
gint64    muster_exchange_import          (MusterStore         *store,
                                           const char          *path,
                                           gint64               into_campaign_id,
                                           MusterExchangeKind  *out_kind,
                                           GError             **error);
/* The same, stopped by @cancellable: G_IO_ERROR_CANCELLED and the library
 * unchanged, however far the import had gone. */
gint64    muster_exchange_import_full     (MusterStore         *store,
                                           const char          *path,
                                           gint64               into_campaign_id,
                                           GCancellable        *cancellable,
                                           MusterExchangeKind  *out_kind,
                                           GError             **error);
/* The same from memory; @filename only names the data in messages. */
gint64    muster_exchange_import_data     (MusterStore         *store,
                                           const char          *data,
                                           gsize                length,
                                           const char          *filename,
                                           gint64               into_campaign_id,
                                           MusterExchangeKind  *out_kind,
                                           GError             **error);

/* What a file holds, without validating or importing it: its kind and the
 * campaign's or force's name, for a confirmation before an import. */
gboolean  muster_exchange_peek            (const char          *path,
                                           MusterExchangeKind  *out_kind,
                                           char               **out_name,
                                           GError             **error);

/* What a file holds, counted by streaming through it without validating
 * it, for the confirmation before an import: the kind, the campaign's or
 * force's name, the ruleset id and how many of each thing it carries. */
typedef struct {
  MusterExchangeKind  kind;
  char               *name;
  char               *ruleset_id;  /* NULL when the file names none */
  guint               n_forces;
  guint               n_units;
  guint               n_characters;
  guint               n_games;
} MusterExchangeSummary;

MusterExchangeSummary *muster_exchange_describe     (const char             *path,
                                                     GError                **error);
void                   muster_exchange_summary_free (MusterExchangeSummary  *summary);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterExchangeSummary, muster_exchange_summary_free)

/* The largest file accepted (MUSTER_EXCHANGE_MAX_SIZE); tests lower it. */
gsize     muster_exchange_get_max_size    (void);
void      muster_exchange_set_max_size    (gsize                size);

G_END_DECLS
