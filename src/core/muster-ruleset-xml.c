/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ruleset"

/* Reading a ruleset document: parsing without network, DTDs or entities,
 * validating against the schema, and the tree helpers the sections use. */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <gio/gio.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include "muster-core-resources.h"
#include "muster-ruleset-private.h"

#define SCHEMA_PATH    "/io/github/musterapp/Muster/core/schemas/ruleset.rng"

#if LIBXML_VERSION >= 21200
typedef const xmlError *MusterXmlErrorArg;
#else
typedef xmlErrorPtr MusterXmlErrorArg;
#endif

/* Errors collected from libxml2 while a document is read or validated. */
typedef struct {
  const char *filename;
  GString    *first;     /* the first error, already formatted */
} XmlErrors;

/* libxml2 glue */

static void
xml_error_cb (void              *user_data,
              MusterXmlErrorArg  xml_error)
{
  XmlErrors *errors = user_data;
  g_autofree char *message = NULL;
  int line;

  if (errors->first != NULL || xml_error == NULL)
    return;
  if (xml_error->level == XML_ERR_WARNING)
    return;

  message = g_strdup (xml_error->message ? xml_error->message : "");
  g_strstrip (message);
  line = xml_error->line;
  if (line <= 0 && xml_error->node != NULL)
    line = (int) xmlGetLineNo ((xmlNodePtr) xml_error->node);

  errors->first = g_string_new (NULL);
  g_string_append_printf (errors->first, "%s:%d: ", errors->filename, MAX (line, 1));
  /* Validation messages do not always say which element they are about;
   * those that start "Element x ..." do, and then the node may be a child. */
  if (xml_error->domain == XML_FROM_RELAXNGV && xml_error->node != NULL &&
      strstr (message, "Element ") == NULL &&
      ((xmlNodePtr) xml_error->node)->type == XML_ELEMENT_NODE)
    /* Translators: an element of the file, then what is wrong with it */
    g_string_append_printf (errors->first, _("element <%s>: %s"),
                            (const char *) ((xmlNodePtr) xml_error->node)->name, message);
  else
    g_string_append (errors->first, message);
}

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
                                      G_RESOURCE_LOOKUP_FLAGS_NONE, error);
      if (bytes == NULL)
        {
          g_mutex_unlock (&lock);
          return NULL;
        }

      data = g_bytes_get_data (bytes, &size);
      ctxt = xmlRelaxNGNewMemParserCtxt (data, (int) size);
      schema = xmlRelaxNGParse (ctxt);
      xmlRelaxNGFreeParserCtxt (ctxt);

      /* The schema is part of the program: failing to read it is a bug. */
      if (schema == NULL)
        g_critical ("The ruleset schema %s does not compile", SCHEMA_PATH);
    }

  result = schema;
  g_mutex_unlock (&lock);

  if (result == NULL)
    g_set_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_INVALID,
                 _("Muster’s ruleset schema cannot be read; the installation is broken."));
  return result;
}

static int
doctype_line (const char *data,
              gsize       length)
{
  const char *p = g_strstr_len (data, length, "<!DOCTYPE");
  int line = 1;

  if (p == NULL)
    return 1;
  for (const char *q = data; q < p; q++)
    if (*q == '\n')
      line++;
  return line;
}

/* Tree helpers */

static gboolean
is_element (xmlNodePtr  node,
            const char *name)
{
  return node != NULL &&
         node->type == XML_ELEMENT_NODE &&
         node->ns != NULL &&
         g_strcmp0 ((const char *) node->ns->href, MUSTER_RULESET_NS) == 0 &&
         (name == NULL || strcmp ((const char *) node->name, name) == 0);
}

xmlNodePtr
muster_ruleset_first_child (xmlNodePtr  parent,
                            const char *name)
{
  for (xmlNodePtr child = parent->children; child != NULL; child = child->next)
    if (is_element (child, name))
      return child;
  return NULL;
}


xmlNodePtr
muster_ruleset_next_sibling (xmlNodePtr  node,
                             const char *name)
{
  for (xmlNodePtr sib = node->next; sib != NULL; sib = sib->next)
    if (is_element (sib, name))
      return sib;
  return NULL;
}

const char *
muster_ruleset_intern (MusterRuleset *self,
                       const char    *text)
{
  if (text == NULL)
    return NULL;
  return g_string_chunk_insert_const (self->strings, text);
}

/* An attribute's value, interned, or NULL. */
const char *
muster_ruleset_attr (MusterRuleset *self,
                     xmlNodePtr     node,
                     const char    *name)
{
  xmlChar *value = xmlGetNoNsProp (node, (const xmlChar *) name);
  const char *result;

  if (value == NULL)
    return NULL;
  result = muster_ruleset_intern (self, (const char *) value);
  xmlFree (value);
  return result;
}

gboolean
muster_ruleset_attr_bool (MusterRuleset *self,
                          xmlNodePtr     node,
                          const char    *name)
{
  return g_strcmp0 (muster_ruleset_attr (self, node, name), "true") == 0;
}

gboolean
muster_ruleset_parse_int (const char *text,
                          int        *out)
{
  g_autofree char *copy = NULL;
  gint64 number;

  if (text == NULL)
    return FALSE;
  /* xsd:integer's form may have white space around it (and a “+”, which
   * GLib reads). */
  copy = g_strstrip (g_strdup (text));
  if (!g_ascii_string_to_signed (copy, 10, G_MININT, G_MAXINT, &number, NULL))
    return FALSE;
  *out = (int) number;
  return TRUE;
}

gboolean
muster_ruleset_attr_int (MusterRuleset  *self,
                         xmlNodePtr      node,
                         const char     *name,
                         int             fallback,
                         int            *out,
                         GError        **error)
{
  const char *value = muster_ruleset_attr (self, node, name);

  *out = fallback;
  if (value == NULL || muster_ruleset_parse_int (value, out))
    return TRUE;
  return muster_ruleset_fail (self, node, error,
                              _("the attribute “%s” is “%s”, which is not a whole number from %d to %d."),
                              name, value, G_MININT, G_MAXINT);
}

/* Text content with white space collapsed as xgettext does it, then
 * translated. The catalogue's strings and the chunk's both live as long as
 * the ruleset. */
const char *
muster_ruleset_text_of (MusterRuleset *self,
                        xmlNodePtr     node)
{
  g_autoptr(GString) str = g_string_new (NULL);
  xmlChar *content;
  gboolean space = FALSE;
  const char *normal;

  if (node == NULL)
    return NULL;

  content = xmlNodeGetContent (node);
  for (const char *p = (const char *) content; p != NULL && *p != '\0'; p++)
    {
      if (g_ascii_isspace (*p))
        {
          space = TRUE;
          continue;
        }
      if (space && str->len > 0)
        g_string_append_c (str, ' ');
      space = FALSE;
      g_string_append_c (str, *p);
    }
  xmlFree (content);

  normal = muster_ruleset_intern (self, str->str);
  if (*normal == '\0')
    return normal;
  return g_dgettext (GETTEXT_PACKAGE, normal);
}

const char *
muster_ruleset_child_text (MusterRuleset *self,
                           xmlNodePtr     node,
                           const char    *name)
{
  return muster_ruleset_text_of (self, muster_ruleset_first_child (node, name));
}

/* All the <note>s of @node joined into one paragraph each. */
const char *
muster_ruleset_notes_of (MusterRuleset *self,
                         xmlNodePtr     node)
{
  g_autoptr(GString) str = g_string_new (NULL);

  FOREACH_CHILD (note, node, "note")
    {
      if (str->len > 0)
        g_string_append_c (str, '\n');
      g_string_append (str, muster_ruleset_text_of (self, note));
    }

  return str->len > 0 ? muster_ruleset_intern (self, str->str) : NULL;
}

gboolean
muster_ruleset_fail (MusterRuleset  *self,
                     xmlNodePtr      node,
                     GError        **error,
                     const char     *format,
                     ...)
{
  g_autofree char *detail = NULL;
  va_list args;

  va_start (args, format);
  detail = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_INVALID,
               "%s:%ld: %s", self->filename, xmlGetLineNo (node), detail);
  return FALSE;
}

/* The dice module's message, with its first letter lowered to follow
 * "troop type “x”: ". */
/* @message_format with its one “%s” replaced by @id: each caller gives
 * its own whole sentence, so a translator sees it as it is shown. */
static char *
message_with_id (const char *message_format,
                 const char *id)
{
  const char *at = strstr (message_format, "%s");

  if (at == NULL)
    return g_strdup (message_format);
  return g_strdup_printf ("%.*s%s%s", (int) (at - message_format), message_format, id, at + 2);
}

MusterDiceExpr *
muster_ruleset_parse_dice (MusterRuleset  *self,
                           xmlNodePtr      node,
                           const char     *what,
                           const char     *text,
                           GError        **error)
{
  g_autoptr(GError) dice_error = NULL;
  MusterDiceExpr *expr = muster_dice_expr_parse (text, &dice_error);

  if (expr == NULL)
    {
      /* Translators: the first %s names the thing, e.g. troop type “line”,
       * the second is why its dice cannot be read, a sentence of its own. */
      muster_ruleset_fail (self, node, error, _("%s: %s"), what, dice_error->message);
    }
  return expr;
}

gboolean
muster_ruleset_check_unique (MusterRuleset  *self,
                             GHashTable     *seen,
                             xmlNodePtr      node,
                             const char     *message,
                             const char     *id,
                             GError        **error)
{
  if (g_hash_table_contains (seen, id))
    {
      g_autofree char *text = message_with_id (message, id);

      return muster_ruleset_fail (self, node, error, "%s", text);
    }
  g_hash_table_add (seen, (gpointer) id);
  return TRUE;
}

/* Loading */

/**
 * muster_ruleset_new_from_data:
 * @data: the XML text
 * @length: its length, or -1 when nul-terminated
 * @filename: the name messages give for the file
 * @error: return location for a #MUSTER_RULESET_ERROR
 *
 * Reads a ruleset: well-formed XML without a DOCTYPE, read without network
 * access, DTD loading or entity expansion, valid against the ruleset
 * schema, with every dice expression readable and every reference to a
 * stat, weapon, option or outcome pointing at one that exists.
 *
 * Returns: (transfer full): the ruleset, or %NULL with @error set to a
 * message that starts with "FILE:LINE: ".
 */
MusterRuleset *
muster_ruleset_new_from_data (const char  *data,
                              gssize       length,
                              const char  *filename,
                              GError     **error)
{
  g_autoptr(MusterRuleset) self = NULL;
  XmlErrors errors = { 0 };
  xmlRelaxNGPtr schema;
  xmlRelaxNGValidCtxtPtr vctxt;
  xmlDocPtr doc;
  gboolean ok;
  int rc;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (filename == NULL)
    filename = _("(ruleset)");
  if (length < 0)
    length = strlen (data);
  if (length > G_MAXINT)
    {
      g_set_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_PARSE,
                   _("%s:1: the file is too large to be a ruleset."), filename);
      return NULL;
    }

  schema = get_schema (error);
  if (schema == NULL)
    return NULL;

  self = g_object_new (MUSTER_TYPE_RULESET, NULL);
  self->filename = g_strdup (filename);
  self->xml = g_strndup (data, length);

  errors.filename = filename;
  xmlSetStructuredErrorFunc (&errors, (xmlStructuredErrorFunc) xml_error_cb);
  doc = xmlReadMemory (data, (int) length, NULL, NULL,
                       XML_PARSE_NONET | XML_PARSE_NOCDATA);
  xmlSetStructuredErrorFunc (NULL, NULL);

  /* A DOCTYPE that declares entities often breaks the parse too (an
   * entity left undefined); say what to remove rather than the symptom. */
  if ((doc == NULL || errors.first != NULL) &&
      g_strstr_len (data, length, "<!DOCTYPE") != NULL)
    {
      g_set_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_PARSE,
                   _("%s:%d: a ruleset file must not have a DOCTYPE; remove it and any entities it declares."),
                   filename, doctype_line (data, length));
      if (errors.first != NULL)
        g_string_free (errors.first, TRUE);
      g_clear_pointer (&doc, xmlFreeDoc);
      return NULL;
    }

  if (doc == NULL || errors.first != NULL)
    {
      g_set_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_PARSE,
                   /* Translators: %s is “FILE:LINE: what libxml2 said” */
                   _("%s (the file is not well-formed XML)"),
                   errors.first ? errors.first->str : filename);
      if (errors.first != NULL)
        g_string_free (errors.first, TRUE);
      g_clear_pointer (&doc, xmlFreeDoc);
      return NULL;
    }

  if (doc->intSubset != NULL || doc->extSubset != NULL)
    {
      g_set_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_PARSE,
                   _("%s:%d: a ruleset file must not have a DOCTYPE; remove it and any entities it declares."),
                   filename, doctype_line (data, length));
      xmlFreeDoc (doc);
      return NULL;
    }

  vctxt = xmlRelaxNGNewValidCtxt (schema);
  xmlRelaxNGSetValidStructuredErrors (vctxt, (xmlStructuredErrorFunc) xml_error_cb, &errors);
  rc = xmlRelaxNGValidateDoc (vctxt, doc);
  xmlRelaxNGFreeValidCtxt (vctxt);

  if (rc != 0)
    {
      g_set_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_INVALID,
                   /* Translators: %s is “FILE:LINE: what the validator said” */
                   _("%s (the file does not follow the ruleset format)"),
                   errors.first ? errors.first->str : filename);
      if (errors.first != NULL)
        g_string_free (errors.first, TRUE);
      xmlFreeDoc (doc);
      return NULL;
    }
  if (errors.first != NULL)
    g_string_free (errors.first, TRUE);

  ok = muster_ruleset_load_document (self, doc, error);
  xmlFreeDoc (doc);

  if (!ok)
    return NULL;

  return g_steal_pointer (&self);
}

/**
 * muster_ruleset_new_from_file:
 * @path: a ruleset file
 * @error: return location for an error
 *
 * Reads the ruleset in @path; messages name @path.
 *
 * Returns: (transfer full): the ruleset, or %NULL.
 */
MusterRuleset *
muster_ruleset_new_from_file (const char  *path,
                              GError     **error)
{
  g_autofree char *contents = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;

  return muster_ruleset_new_from_data (contents, length, path, error);
}
