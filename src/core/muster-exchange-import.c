/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-exchange"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/relaxng.h>
#include <libxml/xmlreader.h>

#include "muster-core-resources.h"
#include "muster-exchange.h"
#include "muster-exchange-private.h"
#include "muster-ruleset.h"
#include "muster-store-private.h"

/*
 * A file is read once, with libxml2's text reader, so that memory stays
 * flat however big the file is, in one transaction: each element is
 * validated against muster.rng while streaming (in a thread of its own,
 * muster-exchange-reader.c, ahead of the writing), checked for what the
 * grammar cannot say (ids used twice, the ruleset and its troop types,
 * stats and options), then written. References to elements not read yet
 * are checked at the end. The first error rolls everything back: the
 * library is as it was.
 *
 * The reader never loads a DTD, substitutes entities or touches the
 * network, and a DOCTYPE is refused before anything else is parsed.
 */

#define SCHEMA_PATH "/io/github/musterapp/Muster/core/schemas/muster.rng"
#define READER_OPTIONS (XML_PARSE_NONET | XML_PARSE_BIG_LINES)

static gsize max_size = MUSTER_EXCHANGE_MAX_SIZE;

static xmlRelaxNGPtr
get_schema (GError **error)
{
  static GMutex lock;
  static xmlRelaxNGPtr schema;
  xmlRelaxNGPtr result;

  g_mutex_lock (&lock);
  if (schema == NULL)
    {
      g_autoptr(GBytes) bytes = NULL;
      xmlRelaxNGParserCtxtPtr ctxt;
      gsize size;
      const char *data;

      bytes = g_resource_lookup_data (muster_core_get_resource (), SCHEMA_PATH,
                                      G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
      if (bytes != NULL)
        {
          data = g_bytes_get_data (bytes, &size);
          ctxt = xmlRelaxNGNewMemParserCtxt (data, (int) size);
          schema = xmlRelaxNGParse (ctxt);
          xmlRelaxNGFreeParserCtxt (ctxt);
        }
      if (schema == NULL)
        g_critical ("The exchange schema %s cannot be read", SCHEMA_PATH);
    }
  result = schema;
  g_mutex_unlock (&lock);

  if (result == NULL)
    g_set_error_literal (error, MUSTER_EXCHANGE_ERROR, MUSTER_EXCHANGE_ERROR_INVALID,
                         _("Muster’s exchange file schema cannot be read; the installation is broken."));
  return result;
}

/* The attributes of an element whose text comes before its end. */
static void
hold_attributes (Import *im,
                 int     line)
{
  g_string_truncate (im->held_text, 0);
  g_array_set_size (im->held_attrs, 0);
  for (guint i = 0; i < im->attrs->len; i++)
    {
      const char *text = g_array_index (im->attrs, const char *, i);
      guint offset = im->held_text->len;

      g_array_append_val (im->held_attrs, offset);
      g_string_append_len (im->held_text, text, strlen (text) + 1);
    }
  im->held_line = line;
}

/* The current element's attributes, as its event has them. */
static void
set_attributes (Import            *im,
                const ImportEvent *event)
{
  g_array_set_size (im->attrs, 2 * event->n_attrs);
  if (event->n_attrs > 0)
    memcpy (im->attrs->data, event->attrs, 2 * event->n_attrs * sizeof (const char *));
}

/* One pass over the document: a thread reads it (muster-exchange-reader.c)
 * while this one checks and writes what it read. */
static gboolean
read_pass (Import     *im,
           const char *data,
           gsize       length)
{
  xmlTextReaderPtr reader;
  ImportReader *reading;
  ImportReaderEnd end;
  const ImportEvent *event;
  gboolean to_end;

  reader = xmlReaderForMemory (data, (int) length, NULL, NULL, READER_OPTIONS);
  if (reader == NULL)
    {
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_PARSE, 0, _("the file cannot be read as XML."));
      return FALSE;
    }
  xmlTextReaderSetStructuredErrorHandler (reader, muster_import_xml_error, im);
  {
    xmlRelaxNGPtr schema = get_schema (&im->error);

    if (schema == NULL)
      {
        xmlFreeTextReader (reader);
        return FALSE;
      }
    if (xmlTextReaderRelaxNGSetSchema (reader, schema) != 0)
      {
        muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, 0,
                            _("the file cannot be checked against Muster’s schema."));
        xmlFreeTextReader (reader);
        return FALSE;
      }
  }

  g_ptr_array_set_size (im->stack, 0);
  reading = muster_import_reader_start (im, reader);
  while ((event = muster_import_reader_next (reading)) != NULL)
    {
      GError *cancelled = NULL;

      if (g_cancellable_set_error_if_cancelled (im->cancellable, &cancelled))
        {
          muster_import_fail_store (im, cancelled);
          break;
        }

      if (event->type == IMPORT_EVENT_DOCTYPE)
        {
          muster_import_fail (im, MUSTER_EXCHANGE_ERROR_PARSE, event->line,
                              "%s", muster_import_doctype_message ());
          break;
        }

      if (event->type == IMPORT_EVENT_START)
        {
          set_attributes (im, event);
          im->element = event->name;
          im->element_ns = event->ns;

          /* The root's own checks say more than the schema would. */
          if (event->depth == 0)
            {
              muster_import_root (im, event->line);
              if (im->error != NULL)
                break;
            }
          if (event->xml_error || im->error != NULL)
            break;

          g_ptr_array_set_size (im->stack, event->depth);
          g_ptr_array_add (im->stack, (gpointer) event->name);
          im->collecting = event->collecting;
          g_string_truncate (im->text, 0);
          if (im->collecting && !event->empty)
            hold_attributes (im, event->line);

          if (event->depth > 0)
            muster_import_element_start (im, event->name, event->parent, event->line);
          if (event->empty)
            muster_import_element_end (im, event->name, event->parent, event->line);
        }
      else if (event->type == IMPORT_EVENT_END)
        {
          if (event->xml_error || im->error != NULL)
            break;
          im->element = event->name;
          im->use_held = TRUE;
          muster_import_element_end (im, event->name, event->parent, im->held_line);
          im->use_held = FALSE;
          im->collecting = FALSE;
        }
      else if (event->type == IMPORT_EVENT_TEXT)
        g_string_append (im->text, event->text);

      if (event->xml_error || im->error != NULL)
        break;
    }
  to_end = event == NULL;
  muster_import_reader_finish (reading, &end);

  /* Now the reading thread is done, what libxml2 said is this one's. */
  if (to_end && end.rc < 0 && im->xml_error == NULL && im->error == NULL)
    muster_import_fail (im, MUSTER_EXCHANGE_ERROR_PARSE, end.line, _("the file is not well-formed XML."));
  if (to_end && end.rc == 0 && im->xml_error == NULL && im->error == NULL && !end.valid)
    muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, end.line,
                        _("this is not what a Muster file may hold."));
  if (im->xml_error != NULL && im->error == NULL && end.has_subset)
    muster_import_fail (im, MUSTER_EXCHANGE_ERROR_PARSE, 0, "%s", muster_import_doctype_message ());

  xmlFreeTextReader (reader);
  if (end.doc != NULL)
    xmlFreeDoc (end.doc);
  /* Its names went with it. */
  g_ptr_array_set_size (im->stack, 0);
  im->element = im->element_ns = NULL;

  if (im->xml_error != NULL && im->error == NULL)
    {
      g_set_error_literal (&im->error, MUSTER_EXCHANGE_ERROR,
                           im->xml_error_schema ? MUSTER_EXCHANGE_ERROR_INVALID : MUSTER_EXCHANGE_ERROR_PARSE,
                           im->xml_error->str);
    }
  return im->error == NULL;
}

static void
ref_clear (gpointer data)
{
  Ref *ref = data;

  g_free (ref->element);
  g_free (ref->id);
}

static void
fixup_clear (gpointer data)
{
  UnitFixup *fixup = data;

  g_free (fixup->unit);
}

static void
import_clear (Import *im)
{
  for (guint i = 0; i < N_ID_KINDS; i++)
    g_clear_pointer (&im->ids[i], g_hash_table_unref);
  g_clear_pointer (&im->refs, g_array_unref);
  g_clear_pointer (&im->seen, g_hash_table_unref);
  g_clear_pointer (&im->owner_stats, g_hash_table_unref);
  g_clear_pointer (&im->resolution_seqs, g_hash_table_unref);
  g_clear_pointer (&im->unit_fixups, g_array_unref);
  g_clear_pointer (&im->attrs, g_array_unref);
  g_clear_pointer (&im->entry_kind, g_free);
  g_clear_pointer (&im->entry_created, g_free);
  g_clear_pointer (&im->stack, g_ptr_array_unref);
  g_clear_pointer (&im->held_attrs, g_array_unref);
  if (im->held_text != NULL)
    g_string_free (g_steal_pointer (&im->held_text), TRUE);
  g_clear_pointer (&im->statements, g_hash_table_unref);
  muster_import_batch_clear (&im->characters);
  muster_import_batch_clear (&im->stats);
  muster_import_batch_clear (&im->participations);
  muster_import_batch_clear (&im->rolls);
  muster_import_batch_clear (&im->entries);
  if (im->text != NULL)
    g_string_free (g_steal_pointer (&im->text), TRUE);
  if (im->xml_error != NULL)
    g_string_free (g_steal_pointer (&im->xml_error), TRUE);
  g_clear_object (&im->ruleset);
  g_clear_pointer (&im->campaign_name, g_free);
  g_clear_pointer (&im->campaign_created, g_free);
  g_clear_pointer (&im->campaign_notes, g_free);
  g_clear_pointer (&im->force_name, g_free);
  g_clear_pointer (&im->character_name, g_free);
  g_clear_pointer (&im->game_characters, g_hash_table_unref);
  g_clear_pointer (&im->game_units, g_hash_table_unref);
  g_clear_error (&im->error);
}

static void
id_row_free (gpointer data)
{
  IdRow *entry = data;

  g_free (entry->name);
  g_free (entry);
}

static void
reset_ids (Import *im)
{
  for (guint i = 0; i < N_ID_KINDS; i++)
    {
      g_clear_pointer (&im->ids[i], g_hash_table_unref);
      im->ids[i] = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, id_row_free);
    }
}

/* @mapped: @data is a read-only mapping of the file, whose pages can be
 * given back once read. */
static gint64
import_data (MusterStore         *store,
             const char          *data,
             gsize                length,
             const char          *filename,
             gint64               into_campaign_id,
             GCancellable        *cancellable,
             MusterExchangeKind  *out_kind,
             gboolean             mapped,
             GError             **error)
{
  Import im = { 0 };
  gint64 result = 0;

  im.store = store;
  im.cancellable = cancellable;
  im.mapped = mapped ? data : NULL;
  im.filename = filename;
  im.into = into_campaign_id;
  im.refs = g_array_new (FALSE, FALSE, sizeof (Ref));
  g_array_set_clear_func (im.refs, ref_clear);
  im.unit_fixups = g_array_new (FALSE, FALSE, sizeof (UnitFixup));
  g_array_set_clear_func (im.unit_fixups, fixup_clear);
  im.seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  im.owner_stats = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  im.resolution_seqs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  im.game_characters = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  im.game_units = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  im.attrs = g_array_new (FALSE, FALSE, sizeof (const char *));
  im.stack = g_ptr_array_new ();
  im.text = g_string_new (NULL);
  im.held_text = g_string_sized_new (256);
  im.held_attrs = g_array_new (FALSE, FALSE, sizeof (guint));
  im.statements = g_hash_table_new (g_direct_hash, g_direct_equal);
  muster_import_batch_init (&im.characters,
                            "INSERT INTO character (id, campaign_id, force_id, unit_id, name, rank, troop_type,"
                            " weapon, mounted, status, out_games, light_wounds, serious_wounds,"
                            " kills_elsewhere, games_elsewhere)"
                            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", 15,
                            "SELECT max (id) FROM character");
  muster_import_batch_init (&im.stats, "INSERT INTO stat (character_id, key, value) VALUES (?, ?, ?)", 3, NULL);
  muster_import_batch_init (&im.participations,
                            "INSERT INTO participation (game_id, character_id, side, outcome,"
                            " light_wounds, serious_wounds, killed_unnamed) VALUES (?, ?, ?, ?, ?, ?, ?)", 7, NULL);
  muster_import_batch_init (&im.rolls,
                            "INSERT INTO roll (id, campaign_id, game_id, character_id, resolution_id, purpose,"
                            " expression, faces, total, entered, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", 11,
                            "SELECT max (id) FROM roll");
  muster_import_batch_init (&im.entries,
                            "INSERT INTO log_entry (campaign_id, game_id, character_id, resolution_id,"
                            " roll_id, kind, message, created, args) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", 9, NULL);

  /* What can be said before parsing. */
  muster_import_check_data (&im, data, length);

  /* One pass: the schema, the checks and the rows, in one transaction. */
  if (im.error == NULL)
    {
      GError *local_error = NULL;

      if (!muster_store_begin (store, &local_error))
        muster_import_fail_store (&im, local_error);
      else
        {
          reset_ids (&im);
          if (read_pass (&im, data, length))
            {
              muster_import_batch_flush (&im, &im.characters);
              muster_import_batch_flush (&im, &im.stats);
              muster_import_batch_flush (&im, &im.participations);
              muster_import_batch_flush (&im, &im.rolls);
              muster_import_batch_flush (&im, &im.entries);
              muster_import_check_refs (&im);
            }
          if (im.error == NULL && !im.kind_known)
            muster_import_fail (&im, MUSTER_EXCHANGE_ERROR_INVALID, 0, _("the file has no <muster> element."));
          /* A campaign of the first format has its log as text: read
           * back as an older library's is (muster-log-recover.c). */
          if (im.error == NULL &&
              muster_import_apply_unit_fixups (&im) &&
              (im.kind != MUSTER_EXCHANGE_CAMPAIGN || im.version >= 2 ||
               muster_store_recover_campaign_log (store, im.campaign_id, &local_error)) &&
              !g_cancellable_set_error_if_cancelled (cancellable, &local_error) &&
              muster_store_commit (store, &local_error))
            result = im.result;
          else
            {
              if (local_error != NULL)
                muster_import_fail_store (&im, local_error);
              muster_store_rollback (store);
            }
        }
    }

  if (result != 0)
    {
      if (out_kind != NULL)
        *out_kind = im.kind;
      muster_store_emit_changed (store, MUSTER_CHANGE_ALL, 0);
    }
  else
    {
      if (im.error == NULL)
        muster_import_fail (&im, MUSTER_EXCHANGE_ERROR_INVALID, 0, _("the file holds nothing to import."));
      g_propagate_error (error, g_steal_pointer (&im.error));
    }
  import_clear (&im);
  return result;
}

/* Public API */

gint64
muster_exchange_import_data (MusterStore         *store,
                             const char          *data,
                             gsize                length,
                             const char          *filename,
                             gint64               into_campaign_id,
                             MusterExchangeKind  *out_kind,
                             GError             **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (store), 0);
  g_return_val_if_fail (data != NULL || length == 0, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  return import_data (store, data, length, filename, into_campaign_id, NULL, out_kind, FALSE, error);
}

gint64
muster_exchange_import (MusterStore         *store,
                        const char          *path,
                        gint64               into_campaign_id,
                        MusterExchangeKind  *out_kind,
                        GError             **error)
{
  return muster_exchange_import_full (store, path, into_campaign_id, NULL, out_kind, error);
}

gint64
muster_exchange_import_full (MusterStore         *store,
                             const char          *path,
                             gint64               into_campaign_id,
                             GCancellable        *cancellable,
                             MusterExchangeKind  *out_kind,
                             GError             **error)
{
  g_autoptr(GMappedFile) mapped = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *display = NULL;
  GStatBuf st;

  g_return_val_if_fail (MUSTER_IS_STORE (store), 0);
  g_return_val_if_fail (path != NULL, 0);

  display = g_filename_display_basename (path);

  /* Refuse a file that is too big before reading any of it. */
  if (g_stat (path, &st) == 0 && (guint64) st.st_size > max_size)
    {
      g_autofree char *size = g_format_size (st.st_size);
      g_autofree char *limit = g_format_size (max_size);

      g_set_error (error, MUSTER_EXCHANGE_ERROR, MUSTER_EXCHANGE_ERROR_TOO_BIG,
                   _("%s: the file is %s, more than the %s a Muster file may have."),
                   display, size, limit);
      return 0;
    }

  mapped = g_mapped_file_new (path, FALSE, &local_error);
  if (mapped == NULL)
    {
      g_set_error (error, local_error->domain, local_error->code,
                   _("Could not read “%s”: %s"), display, local_error->message);
      return 0;
    }

  return import_data (store, g_mapped_file_get_contents (mapped), g_mapped_file_get_length (mapped),
                      display, into_campaign_id, cancellable, out_kind, TRUE, error);
}

/* Streams through the file without validating it. With @count_all FALSE
 * it stops at the campaign or force element (enough for the name). */
static gboolean
read_summary (const char            *path,
              gboolean               count_all,
              MusterExchangeSummary *summary,
              GError               **error)
{
  g_autoptr(GMappedFile) mapped = NULL;
  g_autofree char *display = NULL;
  xmlTextReaderPtr reader;
  const char *data;
  gsize length;
  gboolean found = FALSE;
  gboolean broken = FALSE;
  int line;

  display = g_filename_display_basename (path);
  mapped = g_mapped_file_new (path, FALSE, error);
  if (mapped == NULL)
    return FALSE;
  data = g_mapped_file_get_contents (mapped);
  length = g_mapped_file_get_length (mapped);

  if (length == 0 || length > max_size || muster_exchange_find_doctype (data, length, &line))
    {
      g_set_error (error, MUSTER_EXCHANGE_ERROR, MUSTER_EXCHANGE_ERROR_PARSE,
                   _("%s is not a Muster exchange file."), display);
      return FALSE;
    }

  reader = xmlReaderForMemory (data, (int) length, NULL, NULL, READER_OPTIONS | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  while (reader != NULL && xmlTextReaderRead (reader) == 1)
    {
      const char *ns;
      const char *local;

      if (xmlTextReaderNodeType (reader) == XML_READER_TYPE_DOCUMENT_TYPE)
        {
          broken = TRUE;
          break;
        }
      if (xmlTextReaderNodeType (reader) != XML_READER_TYPE_ELEMENT)
        continue;
      ns = (const char *) xmlTextReaderConstNamespaceUri (reader);
      local = (const char *) xmlTextReaderConstLocalName (reader);
      if (g_strcmp0 (ns, MUSTER_EXCHANGE_NS) != 0)
        {
          broken = !found;
          break;
        }
      if (xmlTextReaderDepth (reader) == 0)
        {
          xmlChar *kind = xmlTextReaderGetAttribute (reader, BAD_CAST "kind");

          if (g_strcmp0 (local, "muster") != 0)
            {
              xmlFree (kind);
              broken = TRUE;
              break;
            }
          summary->kind = g_strcmp0 ((const char *) kind, "force") == 0
                          ? MUSTER_EXCHANGE_FORCE : MUSTER_EXCHANGE_CAMPAIGN;
          xmlFree (kind);
          continue;
        }
      if (xmlTextReaderDepth (reader) == 1 && !found)
        {
          xmlChar *name = xmlTextReaderGetAttribute (reader, BAD_CAST "name");

          summary->name = g_strdup (name != NULL ? (const char *) name : "");
          xmlFree (name);
          found = TRUE;
          if (summary->kind == MUSTER_EXCHANGE_FORCE)
            summary->n_forces = 1;
          if (!count_all)
            break;
          continue;
        }

      if (g_str_equal (local, "ruleset") && summary->ruleset_id == NULL)
        {
          xmlChar *id = xmlTextReaderGetAttribute (reader, BAD_CAST "id");

          summary->ruleset_id = g_strdup ((const char *) id);
          xmlFree (id);
        }
      else if (g_str_equal (local, "force"))
        summary->n_forces++;
      else if (g_str_equal (local, "unit"))
        summary->n_units++;
      else if (g_str_equal (local, "character"))
        summary->n_characters++;
      else if (g_str_equal (local, "game"))
        summary->n_games++;
    }
  /* A file cut short is counted as far as it goes: the import names
   * where it ends. */
  if (reader != NULL)
    xmlFreeTextReader (reader);

  if (!found || broken)
    {
      g_set_error (error, MUSTER_EXCHANGE_ERROR, MUSTER_EXCHANGE_ERROR_PARSE,
                   _("%s is not a Muster exchange file."), display);
      return FALSE;
    }
  return TRUE;
}

gboolean
muster_exchange_peek (const char          *path,
                      MusterExchangeKind  *out_kind,
                      char               **out_name,
                      GError             **error)
{
  MusterExchangeSummary summary = { 0, };

  g_return_val_if_fail (path != NULL, FALSE);

  if (!read_summary (path, FALSE, &summary, error))
    {
      g_free (summary.name);
      g_free (summary.ruleset_id);
      return FALSE;
    }
  if (out_kind != NULL)
    *out_kind = summary.kind;
  if (out_name != NULL)
    *out_name = g_steal_pointer (&summary.name);
  g_free (summary.name);
  g_free (summary.ruleset_id);
  return TRUE;
}

MusterExchangeSummary *
muster_exchange_describe (const char  *path,
                          GError     **error)
{
  g_autoptr(MusterExchangeSummary) summary = g_new0 (MusterExchangeSummary, 1);

  g_return_val_if_fail (path != NULL, NULL);

  if (!read_summary (path, TRUE, summary, error))
    return NULL;
  return g_steal_pointer (&summary);
}

void
muster_exchange_summary_free (MusterExchangeSummary *summary)
{
  if (summary == NULL)
    return;
  g_free (summary->name);
  g_free (summary->ruleset_id);
  g_free (summary);
}

gsize
muster_exchange_get_max_size (void)
{
  return max_size;
}

void
muster_exchange_set_max_size (gsize size)
{
  max_size = size > 0 ? size : MUSTER_EXCHANGE_MAX_SIZE;
}
