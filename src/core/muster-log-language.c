/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-log"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-log-language.h"
#include "muster-paths.h"

/* Languages to read the log in: the reader's (gettext), Muster's own
 * words, and the catalogues installed beside the program, read from their
 * .mo files ("The Format of GNU MO Files" in the gettext manual). */

struct _MusterLogLanguage {
  char       *code;
  GHashTable *strings;   /* msgid (singular) -> GStrv of its forms; NULL: Muster's own words */
  char       *plural;    /* the catalogue's plural= expression, or NULL */
  GHashTable *msgids;    /* (shared) the reader's translation -> msgid */
};

#define MO_MAGIC 0x950412deU
#define MO_MAGIC_SWAPPED 0xde120495U

/* --- Plural forms ---------------------------------------------------------- */

/* The C expression of a catalogue's Plural-Forms header, evaluated for n
 * by recursive descent: ?:, ||, &&, ==, !=, <, >, <=, >=, +, -, *, /, %,
 * ! and parentheses over n and whole numbers. */
typedef struct {
  const char *p;
  gulong      n;
  gboolean    failed;
} Plural;

static gulong plural_ternary (Plural *e);

static void
plural_space (Plural *e)
{
  while (g_ascii_isspace (*e->p))
    e->p++;
}

static gboolean
plural_take (Plural     *e,
             const char *token)
{
  plural_space (e);
  if (strncmp (e->p, token, strlen (token)) != 0)
    return FALSE;
  /* "<" is not "<=", "!" is not "!=". */
  if (strlen (token) == 1 && strchr ("<>!", token[0]) != NULL && e->p[1] == '=')
    return FALSE;
  e->p += strlen (token);
  return TRUE;
}

static gulong
plural_primary (Plural *e)
{
  plural_space (e);
  if (plural_take (e, "("))
    {
      gulong value = plural_ternary (e);

      if (!plural_take (e, ")"))
        e->failed = TRUE;
      return value;
    }
  if (plural_take (e, "!"))
    return !plural_primary (e);
  if (*e->p == 'n')
    {
      e->p++;
      return e->n;
    }
  if (g_ascii_isdigit (*e->p))
    {
      char *end = NULL;
      gulong value = (gulong) g_ascii_strtoull (e->p, &end, 10);

      e->p = end;
      return value;
    }
  e->failed = TRUE;
  return 0;
}

static gulong
plural_product (Plural *e)
{
  gulong value = plural_primary (e);

  for (;;)
    {
      if (plural_take (e, "*"))
        value *= plural_primary (e);
      else if (plural_take (e, "/") || plural_take (e, "%"))
        {
          gboolean divide = e->p[-1] == '/';
          gulong right = plural_primary (e);

          if (right == 0)
            {
              e->failed = TRUE;
              return 0;
            }
          value = divide ? value / right : value % right;
        }
      else
        return value;
    }
}

static gulong
plural_sum (Plural *e)
{
  gulong value = plural_product (e);

  for (;;)
    {
      if (plural_take (e, "+"))
        value += plural_product (e);
      else if (plural_take (e, "-"))
        value -= plural_product (e);
      else
        return value;
    }
}

static gulong
plural_compare (Plural *e)
{
  gulong value = plural_sum (e);

  for (;;)
    {
      if (plural_take (e, "<="))
        value = value <= plural_sum (e);
      else if (plural_take (e, ">="))
        value = value >= plural_sum (e);
      else if (plural_take (e, "<"))
        value = value < plural_sum (e);
      else if (plural_take (e, ">"))
        value = value > plural_sum (e);
      else
        return value;
    }
}

static gulong
plural_equal (Plural *e)
{
  gulong value = plural_compare (e);

  for (;;)
    {
      if (plural_take (e, "=="))
        value = value == plural_compare (e);
      else if (plural_take (e, "!="))
        value = value != plural_compare (e);
      else
        return value;
    }
}

static gulong
plural_and (Plural *e)
{
  gulong value = plural_equal (e);

  while (plural_take (e, "&&"))
    {
      gulong right = plural_equal (e);

      value = value && right;
    }
  return value;
}

static gulong
plural_or (Plural *e)
{
  gulong value = plural_and (e);

  while (plural_take (e, "||"))
    {
      gulong right = plural_and (e);

      value = value || right;
    }
  return value;
}

static gulong
plural_ternary (Plural *e)
{
  gulong test = plural_or (e);

  if (plural_take (e, "?"))
    {
      gulong yes = plural_ternary (e);
      gulong no;

      if (!plural_take (e, ":"))
        {
          e->failed = TRUE;
          return 0;
        }
      no = plural_ternary (e);
      return test ? yes : no;
    }
  return test;
}

/* The index of the form @expression picks for @n; English's rule
 * (n != 1) when there is none or it does not read. */
static gulong
plural_index (const char *expression,
              gulong      n)
{
  Plural e = { expression, n, FALSE };
  gulong value;

  if (expression == NULL)
    return n != 1;
  value = plural_ternary (&e);
  plural_space (&e);
  if (e.failed || (*e.p != '\0' && *e.p != ';'))
    return n != 1;
  return value;
}

/* --- Reading a catalogue --------------------------------------------------- */

static guint32
read_word (const guint8 *data,
           gsize         offset,
           gboolean      swapped)
{
  guint32 word;

  memcpy (&word, data + offset, sizeof word);
  return swapped ? GUINT32_SWAP_LE_BE (word) : word;
}

/* The plural= expression of the header's Plural-Forms line. */
static char *
header_plural (const char *header)
{
  const char *line = header != NULL ? strstr (header, "Plural-Forms:") : NULL;
  const char *start, *end;

  if (line == NULL || (start = strstr (line, "plural=")) == NULL)
    return NULL;
  start += strlen ("plural=");
  end = start;
  while (*end != '\0' && *end != ';' && *end != '\n')
    end++;
  return g_strndup (start, end - start);
}

/* The strings of @data, a .mo file; FALSE when it is not one. */
static gboolean
read_catalogue (MusterLogLanguage *lang,
                const guint8      *data,
                gsize              size)
{
  guint32 magic, n, originals, translations;
  gboolean swapped;

  if (size < 20)
    return FALSE;
  memcpy (&magic, data, sizeof magic);
  if (magic != MO_MAGIC && magic != MO_MAGIC_SWAPPED)
    return FALSE;
  swapped = magic == MO_MAGIC_SWAPPED;
  n = read_word (data, 8, swapped);
  originals = read_word (data, 12, swapped);
  translations = read_word (data, 16, swapped);
  if ((guint64) originals + (guint64) n * 8 > size || (guint64) translations + (guint64) n * 8 > size)
    return FALSE;

  for (guint32 i = 0; i < n; i++)
    {
      guint32 olen = read_word (data, originals + i * 8, swapped);
      guint32 ooff = read_word (data, originals + i * 8 + 4, swapped);
      guint32 tlen = read_word (data, translations + i * 8, swapped);
      guint32 toff = read_word (data, translations + i * 8 + 4, swapped);
      const char *msgid;
      GPtrArray *forms;

      if ((guint64) ooff + olen >= size || (guint64) toff + tlen >= size)
        return FALSE;
      msgid = (const char *) data + ooff;
      /* Strings with a context, and the header but for its plural rule,
       * are never in the log. */
      if (memchr (msgid, '\004', olen) != NULL)
        continue;
      if (*msgid == '\0')
        {
          g_autofree char *header = g_strndup ((const char *) data + toff, tlen);

          lang->plural = header_plural (header);
          continue;
        }

      forms = g_ptr_array_new ();
      for (gsize at = 0; at <= tlen; )
        {
          const char *form = (const char *) data + toff + at;
          gsize len = strnlen (form, tlen - at);

          g_ptr_array_add (forms, g_strndup (form, len));
          at += len + 1;
        }
      g_ptr_array_add (forms, NULL);
      g_hash_table_replace (lang->strings, g_strndup (msgid, strnlen (msgid, olen)),
                            g_ptr_array_free (forms, FALSE));
    }
  return TRUE;
}

static MusterLogLanguage *
language_new (const char *code)
{
  MusterLogLanguage *lang = g_new0 (MusterLogLanguage, 1);

  lang->code = g_strdup (code);
  return lang;
}

/* What the reader's own catalogue makes of each msgid of @languages, so
 * that a name it translated can be found again. */
static GHashTable *
reader_msgids (GPtrArray *languages)
{
  GHashTable *msgids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; i < languages->len; i++)
    {
      MusterLogLanguage *lang = g_ptr_array_index (languages, i);
      GHashTableIter iter;
      gpointer key;

      if (lang->strings == NULL)
        continue;
      g_hash_table_iter_init (&iter, lang->strings);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        {
          const char *read = g_dgettext (GETTEXT_PACKAGE, key);

          if (!g_hash_table_contains (msgids, read))
            g_hash_table_insert (msgids, g_strdup (read), g_strdup (key));
        }
    }
  return msgids;
}

MusterLogLanguage *
muster_log_language_new_from_file (const char  *code,
                                   const char  *path,
                                   GError     **error)
{
  g_autoptr(MusterLogLanguage) lang = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GPtrArray) one = g_ptr_array_new ();
  gsize size = 0;

  g_return_val_if_fail (code != NULL, NULL);
  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &data, &size, error))
    return NULL;
  lang = language_new (code);
  lang->strings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_strfreev);
  if (!read_catalogue (lang, (const guint8 *) data, size))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("“%s” is not a message catalogue."), path);
      return NULL;
    }
  g_ptr_array_add (one, lang);
  lang->msgids = reader_msgids (one);
  return g_steal_pointer (&lang);
}

void
muster_log_language_free (MusterLogLanguage *lang)
{
  if (lang == NULL)
    return;
  g_free (lang->code);
  g_clear_pointer (&lang->strings, g_hash_table_unref);
  g_free (lang->plural);
  g_clear_pointer (&lang->msgids, g_hash_table_unref);
  g_free (lang);
}

GPtrArray *
muster_log_languages_installed (void)
{
  g_autoptr(GPtrArray) languages = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_log_language_free);
  g_autoptr(GPtrArray) codes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) msgids = NULL;
  const char *localedir = muster_paths_get_locale_dir ();
  g_autoptr(GDir) dir = g_dir_open (localedir, 0, NULL);
  g_autofree char *mo = g_strconcat (GETTEXT_PACKAGE, ".mo", NULL);
  const char *name;

  g_ptr_array_add (languages, language_new ("en"));
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (codes, g_strdup (name));
  /* The same order wherever the folder's entries come from. */
  g_ptr_array_sort (codes, (GCompareFunc) g_ascii_strcasecmp);
  for (guint i = 0; i < codes->len; i++)
    {
      const char *code = g_ptr_array_index (codes, i);
      g_autofree char *path = g_build_filename (localedir, code, "LC_MESSAGES", mo, NULL);
      MusterLogLanguage *lang;

      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        continue;
      lang = muster_log_language_new_from_file (code, path, NULL);
      if (lang != NULL)
        g_ptr_array_add (languages, lang);
    }

  msgids = reader_msgids (languages);
  for (guint i = 0; i < languages->len; i++)
    {
      MusterLogLanguage *lang = g_ptr_array_index (languages, i);

      g_clear_pointer (&lang->msgids, g_hash_table_unref);
      lang->msgids = g_hash_table_ref (msgids);
    }
  return g_steal_pointer (&languages);
}

const char *
muster_log_language_get_code (MusterLogLanguage *lang)
{
  g_return_val_if_fail (lang != NULL, NULL);
  return lang->code;
}

const char *
muster_log_gettext (MusterLogLanguage *lang,
                    const char        *msgid)
{
  GStrv forms;

  if (lang == NULL)
    return g_dgettext (GETTEXT_PACKAGE, msgid);
  if (lang->strings == NULL || (forms = g_hash_table_lookup (lang->strings, msgid)) == NULL ||
      forms[0] == NULL || *forms[0] == '\0')
    return msgid;
  return forms[0];
}

const char *
muster_log_ngettext (MusterLogLanguage *lang,
                     const char        *msgid,
                     const char        *plural,
                     gulong             n)
{
  GStrv forms;
  gulong index;

  if (lang == NULL)
    return g_dngettext (GETTEXT_PACKAGE, msgid, plural, n);
  if (lang->strings == NULL || (forms = g_hash_table_lookup (lang->strings, msgid)) == NULL)
    return n == 1 ? msgid : plural;
  index = plural_index (lang->plural, n);
  if (index >= g_strv_length (forms) || *forms[index] == '\0')
    return n == 1 ? msgid : plural;
  return forms[index];
}

GPtrArray *
muster_log_language_forms (MusterLogLanguage *lang,
                           const char        *msgid,
                           const char        *plural)
{
  GPtrArray *forms = g_ptr_array_new ();
  GStrv translated = NULL;

  g_return_val_if_fail (lang != NULL, forms);

  if (lang->strings != NULL)
    translated = g_hash_table_lookup (lang->strings, msgid);
  for (guint i = 0; translated != NULL && translated[i] != NULL; i++)
    if (*translated[i] != '\0')
      g_ptr_array_add (forms, translated[i]);
  if (forms->len == 0)
    {
      g_ptr_array_add (forms, (gpointer) msgid);
      if (plural != NULL)
        g_ptr_array_add (forms, (gpointer) plural);
    }
  return forms;
}

const char *
muster_log_language_name (MusterLogLanguage *lang,
                          const char        *name)
{
  const char *msgid;

  if (lang == NULL || name == NULL)
    return name;
  msgid = lang->msgids != NULL ? g_hash_table_lookup (lang->msgids, name) : NULL;
  if (msgid == NULL)
    msgid = name;
  return muster_log_gettext (lang, msgid);
}
