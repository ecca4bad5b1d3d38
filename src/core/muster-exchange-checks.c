/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-exchange"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-exchange.h"
#include "muster-exchange-private.h"

/* What an import checks outside the element handlers, and how it says
 * what fails: the file's first bytes before it is parsed, libxml2's
 * errors, made messages that name the file and the line, and at the end
 * the references to elements the file does not hold. */

/* Messages */

const char *
muster_import_doctype_message (void)
{
  return _("the file has a DOCTYPE. Muster files never have one, and it is refused because it could expand entities or read other files.");
}

void
muster_import_fail (Import     *im,
                    int         code,
                    int         line,
                    const char *format,
                    ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (im->error != NULL)
    return;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (im->filename != NULL && line > 0)
    /* Translators: a file, a line in it, then what is wrong there */
    g_set_error (&im->error, MUSTER_EXCHANGE_ERROR, code, _("%s, line %d: %s"),
                 im->filename, line, message);
  else if (im->filename != NULL)
    g_set_error (&im->error, MUSTER_EXCHANGE_ERROR, code, "%s: %s", im->filename, message);
  else if (line > 0)
    /* Translators: a line of the file, then what is wrong there */
    g_set_error (&im->error, MUSTER_EXCHANGE_ERROR, code, _("line %d: %s"), line, message);
  else
    g_set_error_literal (&im->error, MUSTER_EXCHANGE_ERROR, code, message);
}

void
muster_import_fail_store (Import *im,
                          GError *store_error)
{
  if (im->error == NULL)
    im->error = store_error;
  else
    g_error_free (store_error);
}

/* Before parsing */

gboolean
muster_exchange_find_doctype (const char *data,
                              gsize       length,
                              int        *line)
{
  const char *p = data;
  const char *end = data + length;

  *line = 1;
  if (length >= 3 && memcmp (p, "\xEF\xBB\xBF", 3) == 0)
    p += 3;
  while (p < end)
    {
      if (*p == '\n')
        (*line)++;
      if (g_ascii_isspace (*p))
        {
          p++;
          continue;
        }
      if (end - p >= 4 && memcmp (p, "<!--", 4) == 0)
        {
          const char *close = g_strstr_len (p + 4, end - p - 4, "-->");

          if (close == NULL)
            return FALSE;
          for (; p < close; p++)
            if (*p == '\n')
              (*line)++;
          p = close + 3;
          continue;
        }
      if (end - p >= 2 && memcmp (p, "<?", 2) == 0)
        {
          const char *close = g_strstr_len (p + 2, end - p - 2, "?>");

          if (close == NULL)
            return FALSE;
          for (; p < close; p++)
            if (*p == '\n')
              (*line)++;
          p = close + 2;
          continue;
        }
      return end - p >= 9 && memcmp (p, "<!DOCTYPE", 9) == 0;
    }
  return FALSE;
}

void
muster_import_check_data (Import     *im,
                          const char *data,
                          gsize       length)
{
  int line;

  if (length > muster_exchange_get_max_size ())
    {
      g_autofree char *size = g_format_size (length);
      g_autofree char *limit = g_format_size (muster_exchange_get_max_size ());

      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_TOO_BIG, 0,
                          _("the file is %s, more than the %s a Muster file may have."),
                          size, limit);
    }
  else
    {
      const char *p = data;
      const char *end = data + length;

      if (length >= 3 && memcmp (p, "\xEF\xBB\xBF", 3) == 0)
        p += 3;
      while (p < end && g_ascii_isspace (*p))
        p++;
      if (p == end)
        muster_import_fail (im, MUSTER_EXCHANGE_ERROR_PARSE, 0,
                            _("the file is empty: it holds no campaign and no force."));
      else if (*p != '<' && !(end - p >= 2 && ((guchar) p[0] == 0xFE || (guchar) p[0] == 0xFF)))
        muster_import_fail (im, MUSTER_EXCHANGE_ERROR_PARSE, 0,
                            _("this is not a Muster file: it is not XML at all."));
      else if (muster_exchange_find_doctype (data, length, &line))
        muster_import_fail (im, MUSTER_EXCHANGE_ERROR_PARSE, line,
                            "%s", muster_import_doctype_message ());
    }
}

/* While reading */

/* libxml2 says “Invalid attribute NAME for element ELEMENT”: the message
 * we show instead names the value, or NULL when @message is not that. */
static char *
describe_invalid_attribute (const char *message,
                            xmlNodePtr  node)
{
  g_autofree char *name = NULL;
  xmlChar *value;
  char *result;
  const char *start, *end;

  if (node == NULL || node->type != XML_ELEMENT_NODE ||
      !g_str_has_prefix (message, "Invalid attribute "))
    return NULL;
  start = message + strlen ("Invalid attribute ");
  end = strstr (start, " for element ");
  if (end == NULL || end == start)
    return NULL;
  name = g_strndup (start, end - start);
  value = xmlGetNoNsProp (node, BAD_CAST name);
  if (value == NULL)
    return NULL;
  /* Translators: an attribute of an element in a .muster file has a value
   * the format does not allow, e.g. the attribute “table” of <change>
   * cannot be “honour”. */
  result = g_strdup_printf (_("the attribute “%s” of <%s> cannot be “%s”."),
                            name, (const char *) node->name, (const char *) value);
  xmlFree (value);
  return result;
}

void
muster_import_xml_error (void              *user_data,
                         MusterXmlErrorArg  xml_error)
{
  Import *im = user_data;
  g_autofree char *message = NULL;
  g_autofree char *attribute = NULL;
  g_autofree char *what = NULL;
  int line;

  if (xml_error == NULL || xml_error->level == XML_ERR_WARNING)
    return;

  message = g_strdup (xml_error->message != NULL ? xml_error->message : "");
  g_strstrip (message);
  line = xml_error->line;
  if (line <= 0 && xml_error->node != NULL)
    line = (int) xmlGetLineNo ((xmlNodePtr) xml_error->node);
  if (xml_error->domain == XML_FROM_RELAXNGV)
    attribute = describe_invalid_attribute (message, (xmlNodePtr) xml_error->node);

  /* Only the first error counts, but the validator first says that an
   * element's attributes failed and only then which one: take that. */
  if (im->xml_error != NULL)
    {
      if (!im->xml_error_vague || attribute == NULL || line != im->xml_error_line)
        return;
      g_string_free (g_steal_pointer (&im->xml_error), TRUE);
    }

  im->xml_error = g_string_new (NULL);
  im->xml_error_line = line;
  im->xml_error_schema = xml_error->domain == XML_FROM_RELAXNGV;
  im->xml_error_vague = im->xml_error_schema && strstr (message, "failed to validate attributes") != NULL;
  if (attribute != NULL)
    what = g_strdup_printf (_("this is not what a Muster file may hold: %s"), attribute);
  else if (im->xml_error_schema && xml_error->node != NULL && strstr (message, "lement ") == NULL &&
           ((xmlNodePtr) xml_error->node)->type == XML_ELEMENT_NODE)
    /* Validation messages do not always name the element. */
    what = g_strdup_printf (_("element <%s>: this is not what a Muster file may hold: %s"),
                            (const char *) ((xmlNodePtr) xml_error->node)->name, message);
  else if (im->xml_error_schema)
    what = g_strdup_printf (_("this is not what a Muster file may hold: %s"), message);
  else
    what = g_strdup_printf (_("the file is not well-formed XML (it may be cut short or damaged): %s"), message);
  if (im->filename != NULL)
    g_string_printf (im->xml_error, _("%s, line %d: %s"), im->filename, MAX (line, 1), what);
  else
    g_string_printf (im->xml_error, _("line %d: %s"), MAX (line, 1), what);
}

/* At the end */

void
muster_import_check_refs (Import *im)
{
  for (guint i = 0; i < im->refs->len && im->error == NULL; i++)
    {
      const Ref *ref = &g_array_index (im->refs, Ref, i);

      if (g_hash_table_contains (im->ids[ref->kind], ref->id))
        continue;
      switch (ref->kind)
        {
        case ID_CHARACTER:
          muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, ref->line,
                              _("the %s names character “%s”, which is not in the file."),
                              ref->element, ref->id);
          break;
        case ID_UNIT:
          muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, ref->line,
                              _("the %s names unit “%s”, which is not in the file."),
                              ref->element, ref->id);
          break;
        case ID_GAME:
          muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, ref->line,
                              _("the %s names game “%s”, which is not in the file."),
                              ref->element, ref->id);
          break;
        case ID_RESOLUTION:
          muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, ref->line,
                              _("the %s names resolution “%s”, which is not in the file."),
                              ref->element, ref->id);
          break;
        case ID_ROLL:
          muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, ref->line,
                              _("the %s names roll “%s”, which is not in the file."),
                              ref->element, ref->id);
          break;
        case ID_FORCE:
          muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, ref->line,
                              _("the %s names force “%s”, which is not in the file."),
                              ref->element, ref->id);
          break;
        case N_ID_KINDS:
        default:
          g_assert_not_reached ();
        }
    }
}
