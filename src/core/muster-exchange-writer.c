/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-exchange"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "muster-exchange.h"
#include "muster-exchange-private.h"
#include "muster-ruleset.h"

/* The streaming writer the exporters share: ids, values and elements, and
 * libxml2's output into a GOutputStream. After a failure the writer calls
 * do nothing, and muster_export_finish() reports it. */

GHashTable *
muster_export_id_map_new (void)
{
  return g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
}

void
muster_export_id_map_add (GHashTable *map,
                          gint64      row_id,
                          const char *prefix,
                          guint       number)
{
  g_hash_table_insert (map, g_memdup2 (&row_id, sizeof row_id),
                       g_strdup_printf ("%s%u", prefix, number));
}

const char *
muster_export_id (GHashTable *map,
                  gint64      row_id)
{
  return g_hash_table_lookup (map, &row_id);
}

static gboolean
is_xml_char (gunichar c)
{
  return c == 0x9 || c == 0xA || c == 0xD ||
         (c >= 0x20 && c <= 0xD7FF) ||
         (c >= 0xE000 && c <= 0xFFFD) ||
         (c >= 0x10000 && c <= 0x10FFFF);
}

/* @text as XML 1.0 can hold it: text that is not UTF-8, or that has
 * control characters, would make a file that no one can read back. */
static const char *
xml_safe (const char  *text,
          char       **tmp)
{
  g_autofree char *valid = NULL;
  GString *clean;
  gboolean ok;

  ok = g_utf8_validate (text, -1, NULL);
  for (const char *p = text; ok && *p != '\0'; p = g_utf8_next_char (p))
    if (!is_xml_char (g_utf8_get_char (p)))
      ok = FALSE;
  if (ok)
    return text;

  valid = g_utf8_make_valid (text, -1);
  clean = g_string_new (NULL);
  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      g_string_append_unichar (clean, is_xml_char (c) ? c : 0xFFFD);
    }
  *tmp = g_string_free (clean, FALSE);
  return *tmp;
}

const char *
muster_export_column (sqlite3_stmt *stmt,
                      int           column)
{
  return (const char *) sqlite3_column_text (stmt, column);
}

/* Writer calls: after the first failure they do nothing, and the caller
 * looks at ex->failed once at the end. */

void
muster_export_start (Export     *ex,
                     const char *name)
{
  if (!ex->failed && xmlTextWriterStartElement (ex->writer, BAD_CAST name) < 0)
    ex->failed = TRUE;
}

void
muster_export_end (Export *ex)
{
  if (!ex->failed && xmlTextWriterEndElement (ex->writer) < 0)
    ex->failed = TRUE;
}

/* Skips NULL values: an absent attribute is a NULL column. */
void
muster_export_attr (Export     *ex,
                    const char *name,
                    const char *value)
{
  g_autofree char *tmp = NULL;

  if (ex->failed || value == NULL)
    return;
  if (xmlTextWriterWriteAttribute (ex->writer, BAD_CAST name,
                                   BAD_CAST xml_safe (value, &tmp)) < 0)
    ex->failed = TRUE;
}

void
muster_export_attr_int (Export     *ex,
                        const char *name,
                        gint64      value)
{
  char buf[32];

  g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, value);
  muster_export_attr (ex, name, buf);
}

void
muster_export_attr_bool (Export     *ex,
                         const char *name,
                         gboolean    value)
{
  muster_export_attr (ex, name, value ? "true" : "false");
}

/* A reference to another element of the file; a row outside the campaign
 * (which the schema's foreign keys do not rule out) is left out. */
void
muster_export_attr_ref (Export       *ex,
                        const char   *name,
                        GHashTable   *map,
                        sqlite3_stmt *stmt,
                        int           column)
{
  if (sqlite3_column_type (stmt, column) == SQLITE_NULL)
    return;
  muster_export_attr (ex, name, muster_export_id (map, sqlite3_column_int64 (stmt, column)));
}

void
muster_export_text (Export     *ex,
                    const char *value)
{
  g_autofree char *tmp = NULL;

  if (ex->failed || value == NULL || *value == '\0')
    return;
  if (xmlTextWriterWriteString (ex->writer, BAD_CAST xml_safe (value, &tmp)) < 0)
    ex->failed = TRUE;
}

void
muster_export_json (Export     *ex,
                    const char *value)
{
  g_autofree char *tmp = NULL;
  g_autoptr(GString) escaped = g_string_new (NULL);

  if (ex->failed || value == NULL)
    return;
  /* JSON writes control characters as escapes; of what is left only
   * these three must be escaped in XML, and quotes read better as they
   * are. */
  for (const char *p = xml_safe (value, &tmp); *p != '\0'; p++)
    {
      if (*p == '&')
        g_string_append (escaped, "&amp;");
      else if (*p == '<')
        g_string_append (escaped, "&lt;");
      else if (*p == '>')
        g_string_append (escaped, "&gt;");
      else
        g_string_append_c (escaped, *p);
    }
  if (xmlTextWriterWriteRaw (ex->writer, BAD_CAST escaped->str) < 0)
    ex->failed = TRUE;
}

/* <notes>, only when there are any. */
void
muster_export_notes (Export     *ex,
                     const char *value)
{
  if (value == NULL || *value == '\0')
    return;
  muster_export_start (ex, "notes");
  muster_export_text (ex, value);
  muster_export_end (ex);
}

gboolean
muster_export_step_done (Export        *ex,
                         sqlite3_stmt  *stmt,
                         int            rc,
                         GError       **error)
{
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (ex->store, error, _("Could not read the library"));
      return FALSE;
    }
  return TRUE;
}

gboolean
muster_export_fill_map (Export      *ex,
                        GHashTable  *map,
                        const char  *prefix,
                        const char  *sql,
                        gint64       param,
                        GError     **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  guint number = 0;
  int rc;

  stmt = muster_store_prepare (ex->store, sql, error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, param);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    muster_export_id_map_add (map, sqlite3_column_int64 (stmt, 0), prefix, ++number);
  return muster_export_step_done (ex, stmt, rc, error);
}

/* libxml2 output to a GOutputStream */

static void
ignore_xml_error_cb (void       *data,
                     const void *error)
{
}

static int
stream_write_cb (void       *context,
                 const char *buffer,
                 int         len)
{
  Export *ex = context;

  if (ex->stream_error != NULL)
    return -1;
  if (!g_output_stream_write_all (ex->stream, buffer, len, NULL, ex->cancellable, &ex->stream_error))
    {
      /* The stream's error is the one reported; libxml2 would print its
       * own “write error” on stderr as well. muster_export_finish() puts
       * the default handler back. */
      xmlSetStructuredErrorFunc (NULL, (xmlStructuredErrorFunc) ignore_xml_error_cb);
      return -1;
    }
  return len;
}

static int
stream_close_cb (void *context)
{
  /* The caller owns the stream. */
  return 0;
}

gboolean
muster_export_begin (Export         *ex,
                     MusterStore    *store,
                     GOutputStream  *stream,
                     GError        **error)
{
  xmlOutputBufferPtr out;

  ex->store = store;
  ex->stream = stream;
  ex->forces = muster_export_id_map_new ();
  ex->units = muster_export_id_map_new ();
  ex->characters = muster_export_id_map_new ();
  ex->games = muster_export_id_map_new ();
  ex->resolutions = muster_export_id_map_new ();
  ex->rolls = muster_export_id_map_new ();

  out = xmlOutputBufferCreateIO (stream_write_cb, stream_close_cb, ex, NULL);
  if (out != NULL)
    ex->writer = xmlNewTextWriter (out);
  if (ex->writer == NULL)
    {
      if (out != NULL)
        xmlOutputBufferClose (out);
      g_set_error_literal (error, MUSTER_EXCHANGE_ERROR, MUSTER_EXCHANGE_ERROR_INVALID,
                           _("Could not start writing the file: out of memory."));
      return FALSE;
    }
  xmlTextWriterSetIndent (ex->writer, 1);
  xmlTextWriterSetIndentString (ex->writer, BAD_CAST "  ");

  /* One snapshot of the library for the whole file. */
  if (sqlite3_exec (muster_store_get_db (store), "SAVEPOINT muster_export",
                    NULL, NULL, NULL) != SQLITE_OK)
    {
      muster_store_set_error (store, error, _("Could not read the library"));
      return FALSE;
    }

  if (xmlTextWriterStartDocument (ex->writer, "1.0", "UTF-8", NULL) < 0)
    ex->failed = TRUE;
  return TRUE;
}

gboolean
muster_export_finish (Export   *ex,
                      gboolean  ok,
                      GError  **error)
{
  if (ok && !ex->failed && xmlTextWriterEndDocument (ex->writer) < 0)
    ex->failed = TRUE;
  if (ex->writer != NULL)
    {
      /* Frees the output buffer too, flushing what is left. */
      if (ok && !ex->failed && xmlTextWriterFlush (ex->writer) < 0)
        ex->failed = TRUE;
      xmlFreeTextWriter (ex->writer);
    }
  if (ex->stream_error != NULL)
    xmlSetStructuredErrorFunc (NULL, NULL);
  sqlite3_exec (muster_store_get_db (ex->store), "RELEASE muster_export", NULL, NULL, NULL);

  g_clear_pointer (&ex->forces, g_hash_table_unref);
  g_clear_pointer (&ex->units, g_hash_table_unref);
  g_clear_pointer (&ex->characters, g_hash_table_unref);
  g_clear_pointer (&ex->games, g_hash_table_unref);
  g_clear_pointer (&ex->resolutions, g_hash_table_unref);
  g_clear_pointer (&ex->rolls, g_hash_table_unref);

  if (ok && (ex->failed || ex->stream_error != NULL))
    {
      /* A stream's error says what failed and why (a full disk). */
      if (ex->stream_error != NULL)
        g_propagate_error (error, g_steal_pointer (&ex->stream_error));
      else
        g_set_error_literal (error, MUSTER_EXCHANGE_ERROR, MUSTER_EXCHANGE_ERROR_INVALID,
                             _("Could not write the file."));
      ok = FALSE;
    }
  g_clear_error (&ex->stream_error);
  return ok;
}

void
muster_export_start_root (Export     *ex,
                          const char *kind)
{
  muster_export_start (ex, "muster");
  if (!ex->failed &&
      xmlTextWriterWriteAttribute (ex->writer, BAD_CAST "xmlns",
                                   BAD_CAST MUSTER_EXCHANGE_NS) < 0)
    ex->failed = TRUE;
  muster_export_attr_int (ex, "version", MUSTER_EXCHANGE_FORMAT_VERSION);
  muster_export_attr (ex, "kind", kind);
}

