/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-help"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>
#include <gio/gio.h>
#include <libxml/parser.h>

#include "muster-help-document.h"

#define MALLARD_NS   "http://projectmallard.org/1.0/"
#define PAGE_MAX     (1024 * 1024)   /* a guide page is a few kilobytes */

typedef struct {
  char      *id;
  char      *title;
  char      *desc;
  GPtrArray *guides;   /* xrefs of its <link type="guide"> */
  xmlDocPtr  doc;
} Page;

struct _MusterHelpDocument
{
  GHashTable *pages;   /* id -> Page */
};

static void
page_free (Page *page)
{
  g_free (page->id);
  g_free (page->title);
  g_free (page->desc);
  g_ptr_array_unref (page->guides);
  xmlFreeDoc (page->doc);
  g_free (page);
}

gboolean
muster_help_is_element (xmlNodePtr  node,
                        const char *name)
{
  return node != NULL && node->type == XML_ELEMENT_NODE &&
         node->ns != NULL && g_strcmp0 ((const char *) node->ns->href, MALLARD_NS) == 0 &&
         (name == NULL || g_str_equal ((const char *) node->name, name));
}

xmlNodePtr
muster_help_next_element (xmlNodePtr  node,
                          const char *name)
{
  for (node = node ? node->next : NULL; node != NULL; node = node->next)
    if (muster_help_is_element (node, name))
      return node;
  return NULL;
}

xmlNodePtr
muster_help_first_element (xmlNodePtr  node,
                           const char *name)
{
  for (xmlNodePtr child = node ? node->children : NULL; child != NULL; child = child->next)
    if (muster_help_is_element (child, name))
      return child;
  return NULL;
}

/* The text of @node with runs of white space made one space. */
static char *
plain_text (xmlNodePtr node)
{
  g_autofree char *content = node ? (char *) xmlNodeGetContent (node) : NULL;
  g_auto(GStrv) words = NULL;

  if (content == NULL)
    return NULL;
  words = g_strsplit_set (g_strstrip (content), " \t\r\n", -1);
  {
    GString *text = g_string_new (NULL);

    for (guint i = 0; words[i] != NULL; i++)
      if (*words[i] != '\0')
        {
          if (text->len > 0)
            g_string_append_c (text, ' ');
          g_string_append (text, words[i]);
        }
    return g_string_free (text, FALSE);
  }
}

#if LIBXML_VERSION >= 21200
typedef const xmlError *XmlErrorArg;
#else
typedef xmlErrorPtr XmlErrorArg;
#endif

typedef struct {
  int   line;
  char *message;   /* the first error's */
} FirstError;

static void
xml_error_cb (void        *user_data,
              XmlErrorArg  xml_error)
{
  FirstError *first = user_data;

  if (first->message != NULL || xml_error == NULL || xml_error->level == XML_ERR_WARNING)
    return;
  first->line = MAX (xml_error->line, 1);
  first->message = g_strstrip (g_strdup (xml_error->message ? xml_error->message : ""));
}

static xmlDocPtr
read_page (const char  *path,
           GError     **error)
{
  g_autofree char *data = NULL;
  g_autofree char *name = g_filename_display_name (path);
  gsize length = 0;
  FirstError first = { 1, NULL };
  xmlDocPtr doc;

  if (!g_file_get_contents (path, &data, &length, error))
    return NULL;
  if (length > PAGE_MAX)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The guide page %s is too large to be a page of Muster’s guide."), name);
      return NULL;
    }
  /* A DOCTYPE could declare entities or name a DTD on the network: a
   * Mallard page never needs one. */
  if (g_strstr_len (data, length, "<!DOCTYPE") != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The guide page %s declares a DOCTYPE, which Muster does not read."), name);
      return NULL;
    }

  xmlSetStructuredErrorFunc (&first, (xmlStructuredErrorFunc) xml_error_cb);
  doc = xmlReadMemory (data, (int) length, NULL, "UTF-8",
                       XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  xmlSetStructuredErrorFunc (NULL, NULL);
  if (doc == NULL || first.message != NULL || xmlDocGetRootElement (doc) == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: %s:%d is the page's file and line, the last %s libxml2's message */
                   _("The guide page %s:%d is not well-formed XML: %s"),
                   name, first.line, first.message ? first.message : _("the document is empty"));
      g_free (first.message);
      xmlFreeDoc (doc);
      return NULL;
    }

  if (!muster_help_is_element (xmlDocGetRootElement (doc), "page"))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The guide page %s is not a Mallard page."), name);
      xmlFreeDoc (doc);
      return NULL;
    }
  return doc;
}

static Page *
page_new (xmlDocPtr doc)
{
  xmlNodePtr root = xmlDocGetRootElement (doc);
  xmlNodePtr info = muster_help_first_element (root, "info");
  g_autofree char *id = (char *) xmlGetProp (root, (const xmlChar *) "id");
  Page *page = g_new0 (Page, 1);

  page->doc = doc;
  page->id = g_strdup (id ? id : "");
  page->title = plain_text (muster_help_first_element (root, "title"));
  if (page->title == NULL)
    page->title = g_strdup (page->id);
  page->desc = plain_text (muster_help_first_element (info, "desc"));
  page->guides = g_ptr_array_new_with_free_func (g_free);
  for (xmlNodePtr link = muster_help_first_element (info, "link"); link != NULL;
       link = muster_help_next_element (link, "link"))
    {
      g_autofree char *type = (char *) xmlGetProp (link, (const xmlChar *) "type");
      g_autofree char *xref = (char *) xmlGetProp (link, (const xmlChar *) "xref");

      if (g_strcmp0 (type, "guide") == 0 && xref != NULL)
        g_ptr_array_add (page->guides, g_strdup (xref));
    }
  return page;
}

MusterHelpDocument *
muster_help_document_load (const char * const  *dirs,
                           GError             **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  MusterHelpDocument *self = g_new0 (MusterHelpDocument, 1);

  self->pages = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) page_free);

  for (guint i = 0; dirs != NULL && dirs[i] != NULL; i++)
    {
      g_autoptr(GDir) dir = g_dir_open (dirs[i], 0, NULL);
      const char *name;

      if (dir == NULL)
        continue;
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = NULL;
          xmlDocPtr doc;
          Page *page;

          /* A page translated in a better language was read already. */
          if (!g_str_has_suffix (name, ".page") || g_hash_table_contains (seen, name))
            continue;
          path = g_build_filename (dirs[i], name, NULL);
          doc = read_page (path, error);
          if (doc == NULL)
            {
              muster_help_document_free (self);
              return NULL;
            }
          g_hash_table_add (seen, g_strdup (name));
          page = page_new (doc);
          g_hash_table_replace (self->pages, page->id, page);
        }
    }

  if (!g_hash_table_contains (self->pages, "index"))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("The pages of Muster’s guide are not installed."));
      muster_help_document_free (self);
      return NULL;
    }
  return self;
}

void
muster_help_document_free (MusterHelpDocument *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->pages);
  g_free (self);
}

xmlNodePtr
muster_help_document_get_page (MusterHelpDocument *self,
                               const char         *id)
{
  Page *page = g_hash_table_lookup (self->pages, id);

  return page ? xmlDocGetRootElement (page->doc) : NULL;
}

const char *
muster_help_document_get_title (MusterHelpDocument *self,
                                const char         *id)
{
  Page *page = g_hash_table_lookup (self->pages, id);

  return page ? page->title : NULL;
}

const char *
muster_help_document_get_desc (MusterHelpDocument *self,
                               const char         *id)
{
  Page *page = g_hash_table_lookup (self->pages, id);

  return page ? page->desc : NULL;
}

GPtrArray *
muster_help_document_get_guides (MusterHelpDocument *self,
                                 const char         *id)
{
  Page *page = g_hash_table_lookup (self->pages, id);

  return page ? page->guides : NULL;
}

static int
compare_titles (gconstpointer a,
                gconstpointer b)
{
  const Page *pa = *(const Page **) a;
  const Page *pb = *(const Page **) b;

  return g_utf8_collate (pa->title, pb->title);
}

GPtrArray *
muster_help_document_list_topics (MusterHelpDocument *self,
                                  const char         *xref)
{
  g_autoptr(GPtrArray) pages = g_ptr_array_new ();
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  Page *page;

  g_hash_table_iter_init (&iter, self->pages);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &page))
    for (guint i = 0; i < page->guides->len; i++)
      if (g_str_equal (g_ptr_array_index (page->guides, i), xref))
        {
          g_ptr_array_add (pages, page);
          break;
        }
  g_ptr_array_sort (pages, compare_titles);
  for (guint i = 0; i < pages->len; i++)
    g_ptr_array_add (ids, g_strdup (((Page *) g_ptr_array_index (pages, i))->id));
  return ids;
}

/* Inline markup */

static void append_children (MusterHelpDocument *self,
                             GString            *markup,
                             xmlNodePtr          node,
                             gboolean            preserve_space);

static void
append_text (GString    *markup,
             const char *text,
             gboolean    preserve_space)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  if (preserve_space)
    {
      g_string_append (markup, escaped);
      return;
    }
  for (const char *p = escaped; *p != '\0'; p++)
    {
      if (g_ascii_isspace (*p))
        {
          if (markup->len == 0 || markup->str[markup->len - 1] != ' ')
            g_string_append_c (markup, ' ');
        }
      else
        g_string_append_c (markup, *p);
    }
}

/* <keyseq> and <guiseq>: their element children, joined. */
static void
append_sequence (MusterHelpDocument *self,
                 GString            *markup,
                 xmlNodePtr          node,
                 const char         *joiner)
{
  gboolean first = TRUE;

  for (xmlNodePtr child = muster_help_first_element (node, NULL); child != NULL;
       child = muster_help_next_element (child, NULL))
    {
      if (!first)
        g_string_append (markup, joiner);
      first = FALSE;
      g_string_append (markup, "<b>");
      append_children (self, markup, child, FALSE);
      g_string_append (markup, "</b>");
    }
}

static void
append_link (MusterHelpDocument *self,
             GString            *markup,
             xmlNodePtr          node)
{
  g_autofree char *xref = (char *) xmlGetProp (node, (const xmlChar *) "xref");
  g_autofree char *href = (char *) xmlGetProp (node, (const xmlChar *) "href");
  g_autofree char *target = NULL;
  g_autofree char *escaped = NULL;

  if (xref != NULL)
    target = g_strconcat ("xref:", xref, NULL);
  else if (href != NULL)
    target = g_strdup (href);
  else
    {
      append_children (self, markup, node, FALSE);
      return;
    }

  escaped = g_markup_escape_text (target, -1);
  g_string_append_printf (markup, "<a href=\"%s\">", escaped);
  if (node->children != NULL)
    append_children (self, markup, node, FALSE);
  else
    {
      g_auto(GStrv) parts = g_strsplit (xref ? xref : href, "#", 2);
      const char *title = xref ? muster_help_document_get_title (self, parts[0]) : NULL;

      append_text (markup, title ? title : (xref ? xref : href), FALSE);
    }
  g_string_append (markup, "</a>");
}

static void
append_children (MusterHelpDocument *self,
                 GString            *markup,
                 xmlNodePtr          node,
                 gboolean            preserve_space)
{
  static const char * const monospace[] = {
    "cmd", "code", "file", "input", "output", "sys", "var", NULL
  };

  for (xmlNodePtr child = node->children; child != NULL; child = child->next)
    {
      const char *name = (const char *) child->name;

      if (child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE)
        {
          append_text (markup, (const char *) child->content, preserve_space);
          continue;
        }
      if (!muster_help_is_element (child, NULL))
        continue;

      if (g_str_equal (name, "keyseq"))
        append_sequence (self, markup, child, "+");
      else if (g_str_equal (name, "guiseq"))
        append_sequence (self, markup, child, " ▸ ");
      else if (g_str_equal (name, "link"))
        append_link (self, markup, child);
      else if (g_str_equal (name, "gui") || g_str_equal (name, "key"))
        {
          g_string_append (markup, "<b>");
          append_children (self, markup, child, preserve_space);
          g_string_append (markup, "</b>");
        }
      else if (g_str_equal (name, "em"))
        {
          g_string_append (markup, "<i>");
          append_children (self, markup, child, preserve_space);
          g_string_append (markup, "</i>");
        }
      else if (g_strv_contains (monospace, name))
        {
          g_string_append (markup, "<tt>");
          append_children (self, markup, child, preserve_space);
          g_string_append (markup, "</tt>");
        }
      else
        append_children (self, markup, child, preserve_space);
    }
}

char *
muster_help_document_markup (MusterHelpDocument *self,
                             xmlNodePtr          node,
                             gboolean            preserve_space)
{
  GString *markup = g_string_new (NULL);

  append_children (self, markup, node, preserve_space);
  if (!preserve_space)
    g_strstrip (markup->str);
  return g_string_free (markup, FALSE);
}
