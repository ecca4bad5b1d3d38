/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-exchange"

#include "config.h"

#include <sys/mman.h>
#include <unistd.h>

#include "muster-exchange-private.h"

/*
 * An import reads its file in a thread of its own: parsing and checking
 * the file against the schema take about a third of an import, and go
 * on while the import writes what was read before. The thread hands the
 * import what it reads as events, in chunks, a few of them at most on
 * their way, so that memory stays flat however big the file is.
 *
 * Until the thread is joined, what libxml2 reports (im->xml_error and
 * the rest) and the mapping's pages (im->released) are the thread's: an
 * event says that the read that gave it raised an error.
 */

#define CHUNK_EVENTS 1024
#define N_CHUNKS     4

typedef struct {
  ImportEvent   events[CHUNK_EVENTS];
  guint         n;
  gboolean      last;     /* the thread is done */
  GStringChunk *strings;  /* attribute names and values, and text */
  GPtrArray    *attrs;    /* of const char*: names then values */
} Chunk;

struct _ImportReader {
  Import           *im;
  xmlTextReaderPtr  reader;
  GThread          *thread;
  GAsyncQueue      *full;     /* of Chunk*, for the import */
  GAsyncQueue      *free;     /* of Chunk*, for the thread */
  Chunk            *chunks[N_CHUNKS];
  int               stop;     /* atomic: the import wants no more */

  /* the thread's */
  GPtrArray        *stack;    /* element names, by depth, the reader's */
  gboolean          collecting;

  /* the import's */
  Chunk            *current;
  guint             next;
  gboolean          ended;

  /* how the thread ended, for the import once it is joined */
  ImportReaderEnd   end;
};

static int
node_line (xmlTextReaderPtr reader)
{
  xmlNodePtr node = xmlTextReaderCurrentNode (reader);

  if (node != NULL)
    return (int) xmlGetLineNo (node);
  return xmlTextReaderGetParserLineNumber (reader);
}

/* The parser copies what it reads from a file's mapping into buffers of
 * its own: the pages it is done with are given back as it goes, so that
 * a big file is not all held in memory at the end. */
static void
release_read_pages (ImportReader *self)
{
  static gsize page;
  Import *im = self->im;
  long consumed;
  gsize upto;

  if (im->mapped == NULL || (consumed = xmlTextReaderByteConsumed (self->reader)) <= 0)
    return;
  if (page == 0)
    page = (gsize) sysconf (_SC_PAGESIZE);
  /* A margin for what the parser may still look back at. */
  if ((gsize) consumed < im->released + 4 * 1024 * 1024)
    return;
  upto = ((gsize) consumed - 1024 * 1024) / page * page;
  if (upto > im->released &&
      madvise ((void *) (im->mapped + im->released), upto - im->released, MADV_DONTNEED) == 0)
    im->released = upto;
}

static ImportEvent *
add_event (ImportReader     *self,
           Chunk           **chunk,
           ImportEventType   type)
{
  ImportEvent *event;

  if ((*chunk)->n == CHUNK_EVENTS)
    {
      g_async_queue_push (self->full, *chunk);
      *chunk = g_async_queue_pop (self->free);
      (*chunk)->n = 0;
      g_string_chunk_clear ((*chunk)->strings);
      g_ptr_array_set_size ((*chunk)->attrs, 0);
    }
  event = &(*chunk)->events[(*chunk)->n++];
  *event = (ImportEvent) { .type = type };
  return event;
}

/* Copies the attributes of the element the reader is on into @chunk.
 * Namespace declarations are not attributes there (node->nsDef). */
static void
copy_attributes (ImportReader *self,
                 Chunk        *chunk,
                 ImportEvent  *event)
{
  xmlNodePtr node = xmlTextReaderCurrentNode (self->reader);

  event->attr_index = chunk->attrs->len;
  if (node == NULL || node->type != XML_ELEMENT_NODE)
    return;
  for (xmlAttrPtr attr = node->properties; attr != NULL; attr = attr->next)
    {
      xmlNodePtr child = attr->children;
      const char *value;

      if (attr->name == NULL)
        continue;
      if (child != NULL && child->type == XML_TEXT_NODE && child->next == NULL && child->content != NULL)
        value = g_string_chunk_insert (chunk->strings, (const char *) child->content);
      else
        {
          xmlChar *text = xmlNodeListGetString (node->doc, child, 1);

          value = g_string_chunk_insert (chunk->strings, text != NULL ? (const char *) text : "");
          xmlFree (text);
        }
      g_ptr_array_add (chunk->attrs, g_string_chunk_insert (chunk->strings, (const char *) attr->name));
      g_ptr_array_add (chunk->attrs, (gpointer) value);
      event->n_attrs++;
    }
}

static gpointer
read_thread (gpointer data)
{
  ImportReader *self = data;
  Import *im = self->im;
  Chunk *chunk = g_async_queue_pop (self->free);
  int rc = 1;

  while (!g_atomic_int_get (&self->stop) && (rc = xmlTextReaderRead (self->reader)) == 1)
    {
      int type = xmlTextReaderNodeType (self->reader);
      int depth = xmlTextReaderDepth (self->reader);
      ImportEvent *event = NULL;

      if (type == XML_READER_TYPE_DOCUMENT_TYPE)
        {
          event = add_event (self, &chunk, IMPORT_EVENT_DOCTYPE);
          event->line = node_line (self->reader);
          break;
        }
      if (type == XML_READER_TYPE_ELEMENT)
        {
          /* Names are the reader's dictionary's, kept as long as it is. */
          const char *name = (const char *) xmlTextReaderConstLocalName (self->reader);
          const char *parent = depth > 0 && (guint) depth <= self->stack->len
                               ? g_ptr_array_index (self->stack, depth - 1) : NULL;

          event = add_event (self, &chunk, IMPORT_EVENT_START);
          event->line = node_line (self->reader);
          event->depth = depth;
          event->name = name;
          event->parent = parent;
          event->ns = (const char *) xmlTextReaderConstNamespaceUri (self->reader);
          event->empty = xmlTextReaderIsEmptyElement (self->reader);
          copy_attributes (self, chunk, event);
          g_ptr_array_set_size (self->stack, depth);
          g_ptr_array_add (self->stack, (gpointer) name);
          event->collecting = self->collecting = muster_import_holds_text (name, parent);
          if (depth == 2)
            release_read_pages (self);
        }
      else if (type == XML_READER_TYPE_END_ELEMENT)
        {
          if (self->collecting)
            {
              event = add_event (self, &chunk, IMPORT_EVENT_END);
              event->depth = depth;
              event->name = (const char *) xmlTextReaderConstLocalName (self->reader);
              event->parent = depth > 0 && (guint) depth <= self->stack->len
                              ? g_ptr_array_index (self->stack, depth - 1) : NULL;
            }
          self->collecting = FALSE;
        }
      else if (self->collecting &&
               (type == XML_READER_TYPE_TEXT ||
                type == XML_READER_TYPE_CDATA ||
                type == XML_READER_TYPE_WHITESPACE ||
                type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE))
        {
          const char *value = (const char *) xmlTextReaderConstValue (self->reader);

          if (value != NULL)
            {
              event = add_event (self, &chunk, IMPORT_EVENT_TEXT);
              event->text = g_string_chunk_insert (chunk->strings, value);
            }
        }

      /* libxml2 said what is wrong while reading this node: the import
       * stops there, and so does the reading. */
      if (im->xml_error != NULL)
        {
          if (event == NULL)
            event = add_event (self, &chunk, IMPORT_EVENT_XML_ERROR);
          event->xml_error = TRUE;
          break;
        }
    }

  self->end.rc = rc;
  self->end.line = xmlTextReaderGetParserLineNumber (self->reader);
  self->end.valid = rc == 0 && im->xml_error == NULL && xmlTextReaderIsValid (self->reader) == 1;
  /* Entities can break the parse before the reader shows the DOCTYPE
   * (in UTF-16, which the byte scan does not read): the import names the
   * cause. Asking for the document makes the reader keep it, so only on
   * failure. */
  if (im->xml_error != NULL)
    {
      xmlDocPtr doc = xmlTextReaderCurrentDoc (self->reader);

      self->end.doc = doc;
      self->end.has_subset = doc != NULL && (doc->intSubset != NULL || doc->extSubset != NULL);
    }

  chunk->last = TRUE;
  g_async_queue_push (self->full, chunk);
  return NULL;
}

ImportReader *
muster_import_reader_start (Import           *im,
                            xmlTextReaderPtr  reader)
{
  ImportReader *self = g_new0 (ImportReader, 1);

  self->im = im;
  self->reader = reader;
  self->full = g_async_queue_new ();
  self->free = g_async_queue_new ();
  self->stack = g_ptr_array_new ();
  for (guint i = 0; i < N_CHUNKS; i++)
    {
      Chunk *chunk = g_new0 (Chunk, 1);

      chunk->strings = g_string_chunk_new (16 * 1024);
      chunk->attrs = g_ptr_array_new ();
      self->chunks[i] = chunk;
      g_async_queue_push (self->free, chunk);
    }
  self->thread = g_thread_new ("muster-import", read_thread, self);
  return self;
}

const ImportEvent *
muster_import_reader_next (ImportReader *self)
{
  for (;;)
    {
      Chunk *chunk = self->current;

      if (chunk != NULL && self->next < chunk->n)
        return &chunk->events[self->next++];
      if (chunk != NULL)
        {
          /* Done with: nothing of it is pointed at any more. */
          self->current = NULL;
          self->ended = chunk->last;
          g_async_queue_push (self->free, chunk);
        }
      if (self->ended)
        return NULL;

      chunk = self->current = g_async_queue_pop (self->full);
      self->next = 0;
      for (guint i = 0; i < chunk->n; i++)
        if (chunk->events[i].type == IMPORT_EVENT_START)
          chunk->events[i].attrs = (const char * const *) chunk->attrs->pdata + chunk->events[i].attr_index;
    }
}

void
muster_import_reader_finish (ImportReader    *self,
                             ImportReaderEnd *end)
{
  g_atomic_int_set (&self->stop, 1);
  while (muster_import_reader_next (self) != NULL)
    ;
  g_thread_join (self->thread);

  *end = self->end;
  for (guint i = 0; i < N_CHUNKS; i++)
    {
      g_string_chunk_free (self->chunks[i]->strings);
      g_ptr_array_unref (self->chunks[i]->attrs);
      g_free (self->chunks[i]);
    }
  g_async_queue_unref (self->full);
  g_async_queue_unref (self->free);
  g_ptr_array_unref (self->stack);
  g_free (self);
}
