/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-log"

#include "config.h"

#include <stdarg.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-dice.h"
#include "muster-engine.h"
#include "muster-json.h"
#include "muster-log-private.h"
#include "muster-ruleset-play.h"
#include "muster-nationality.h"
#include "muster-types.h"

/* Saying a log entry: its sentence (muster-log-sentences.c) with its
 * arguments in place, in a language. */

/* --- Arguments ------------------------------------------------------------- */

JsonObject *
muster_log_args (const char *first,
                 ...)
{
  JsonObject *args = json_object_new ();
  va_list ap;

  va_start (ap, first);
  for (const char *spec = first; spec != NULL; spec = va_arg (ap, const char *))
    {
      const char *name = spec + 2;

      g_assert (spec[0] != '\0' && spec[1] == ':');
      switch (spec[0])
        {
        case 's':
          {
            const char *value = va_arg (ap, const char *);

            if (value != NULL)
              json_object_set_string_member (args, name, value);
          }
          break;
        case 'i':
          json_object_set_int_member (args, name, va_arg (ap, int));
          break;
        case 'b':
          json_object_set_boolean_member (args, name, va_arg (ap, gboolean) != FALSE);
          break;
        case 'r':
          {
            gint64 id = va_arg (ap, gint64);

            if (id > 0)
              json_object_set_int_member (args, name, id);
          }
          break;
        case 'a':
          {
            JsonArray *array = va_arg (ap, JsonArray *);

            if (array != NULL)
              json_object_set_array_member (args, name, array);
          }
          break;
        default:
          g_assert_not_reached ();
        }
    }
  va_end (ap);
  return args;
}

static gboolean append_json_object (GString    *out,
                                    JsonObject *object);

/* Appends @node as JSON-GLib's generator writes it, compact; FALSE for a
 * value of a type the log does not keep (a double). */
static gboolean
append_json_node (GString  *out,
                  JsonNode *node)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      return append_json_object (out, json_node_get_object (node));
    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);

        g_string_append_c (out, '[');
        for (guint i = 0; i < json_array_get_length (array); i++)
          {
            if (i > 0)
              g_string_append_c (out, ',');
            if (!append_json_node (out, json_array_get_element (array, i)))
              return FALSE;
          }
        g_string_append_c (out, ']');
        return TRUE;
      }
    case JSON_NODE_NULL:
      g_string_append (out, "null");
      return TRUE;
    case JSON_NODE_VALUE:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_INT64:
          g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
          return TRUE;
        case G_TYPE_BOOLEAN:
          g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
          return TRUE;
        case G_TYPE_STRING:
          muster_log_append_json_string (out, json_node_get_string (node));
          return TRUE;
        default:
          return FALSE;
        }
    default:
      return FALSE;
    }
}

static gboolean
append_json_object (GString    *out,
                    JsonObject *object)
{
  g_autoptr(GList) members = json_object_get_members (object);

  g_string_append_c (out, '{');
  for (GList *l = members; l != NULL; l = l->next)
    {
      if (l != members)
        g_string_append_c (out, ',');
      muster_log_append_json_string (out, l->data);
      g_string_append_c (out, ':');
      if (!append_json_node (out, json_object_get_member (object, l->data)))
        return FALSE;
    }
  g_string_append_c (out, '}');
  return TRUE;
}

char *
muster_log_args_to_string (JsonObject *args)
{
  g_autoptr(GString) out = g_string_sized_new (128);
  g_autoptr(JsonNode) node = NULL;

  g_return_val_if_fail (args != NULL, NULL);

  /* Written here rather than by a JsonGenerator, which costs a resolution
   * writing hundreds of entries more than the rows themselves; the same
   * bytes (tests/test-recruit-batch.c). */
  if (append_json_object (out, args))
    return g_string_free (g_steal_pointer (&out), FALSE);
  node = json_node_alloc ();
  json_node_init_object (node, args);
  return muster_json_to_data (node, FALSE);
}

void
muster_log_append_json_string (GString    *out,
                               const char *text)
{
  const char *run = text;

  g_return_if_fail (out != NULL);
  g_return_if_fail (text != NULL);

  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;
      const char *escape;
      char code[8];

      if (c == '"')
        escape = "\\\"";
      else if (c == '\\')
        escape = "\\\\";
      /* JSON-GLib's set, DEL included, and U+001F, which JSON-GLib
       * leaves as it is although JSON (and SQLite's json_valid(), which
       * the log's table checks) wants every control character escaped. */
      else if ((c > 0 && c <= 0x1f) || c == 0x7f)
        switch (c)
          {
          case '\b': escape = "\\b"; break;
          case '\f': escape = "\\f"; break;
          case '\n': escape = "\\n"; break;
          case '\r': escape = "\\r"; break;
          case '\t': escape = "\\t"; break;
          default:
            g_snprintf (code, sizeof code, "\\u%04x", c);
            escape = code;
            break;
          }
      else
        continue;
      g_string_append_len (out, run, p - run);
      g_string_append (out, escape);
      run = p + 1;
    }
  g_string_append (out, run);
  g_string_append_c (out, '"');
}

JsonObject *
muster_log_args_from_string (const char  *text,
                             GError     **error)
{
  g_autoptr(JsonNode) node = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  node = json_from_string (text, error);
  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error_literal (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                           _("The arguments of a log entry are not a JSON object."));
      return NULL;
    }
  return json_object_ref (json_node_get_object (node));
}

gboolean
muster_log_args_has (JsonObject *args,
                     const char *member)
{
  return args != NULL && json_object_has_member (args, member) &&
         !JSON_NODE_HOLDS_NULL (json_object_get_member (args, member));
}

const char *
muster_log_args_get_string (JsonObject *args,
                            const char *member)
{
  JsonNode *node = args != NULL ? json_object_get_member (args, member) : NULL;

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

gint64
muster_log_args_get_int (JsonObject *args,
                         const char *member)
{
  JsonNode *node = args != NULL ? json_object_get_member (args, member) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return 0;
  if (json_node_get_value_type (node) == G_TYPE_INT64)
    return json_node_get_int (node);
  if (json_node_get_value_type (node) == G_TYPE_BOOLEAN)
    return json_node_get_boolean (node);
  return 0;
}

/* Whether @member is there and not empty, zero or false. */
static gboolean
args_truthy (JsonObject *args,
             const char *member)
{
  JsonNode *node = args != NULL ? json_object_get_member (args, member) : NULL;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return FALSE;
  if (JSON_NODE_HOLDS_ARRAY (node))
    return json_array_get_length (json_node_get_array (node)) > 0;
  if (JSON_NODE_HOLDS_OBJECT (node))
    return TRUE;
  if (json_node_get_value_type (node) == G_TYPE_STRING)
    return *json_node_get_string (node) != '\0';
  return muster_log_args_get_int (args, member) != 0;
}

/* --- Sentences ------------------------------------------------------------- */

static gboolean
clause_holds (JsonObject *args,
              const char *clause)
{
  const char *op;

  if (clause[0] == '!')
    return !args_truthy (args, clause + 1);
  if (clause[0] == '?')
    return muster_log_args_has (args, clause + 1);
  if ((op = strpbrk (clause, "=<>")) != NULL)
    {
      g_autofree char *member = g_strndup (clause, op - clause);
      const char *literal = op + 1;
      JsonNode *node = json_object_get_member (args, member);

      if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
        return FALSE;
      if (*op == '<')
        return muster_log_args_get_int (args, member) < g_ascii_strtoll (literal, NULL, 10);
      if (*op == '>')
        return muster_log_args_get_int (args, member) > g_ascii_strtoll (literal, NULL, 10);
      if (json_node_get_value_type (node) == G_TYPE_STRING)
        return g_str_equal (json_node_get_string (node), literal);
      if (json_node_get_value_type (node) == G_TYPE_BOOLEAN)
        return json_node_get_boolean (node) == g_str_equal (literal, "true");
      return json_node_get_int (node) == g_ascii_strtoll (literal, NULL, 10);
    }
  return args_truthy (args, clause);
}

static gboolean
sentence_holds (const MusterLogSentence *sentence,
                JsonObject              *args)
{
  g_auto(GStrv) clauses = NULL;

  if (sentence->when == NULL)
    return TRUE;
  clauses = g_strsplit (sentence->when, ",", -1);
  for (guint i = 0; clauses[i] != NULL; i++)
    if (!clause_holds (args, clauses[i]))
      return FALSE;
  return TRUE;
}

const MusterLogSentence *
muster_log_find_sentence (const MusterLogContext *ctx)
{
  guint n = 0;
  const MusterLogSentence *sentences = muster_log_get_sentences (&n);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (sentences[i].kind, ctx->kind) == 0 && sentence_holds (&sentences[i], ctx->args))
      return &sentences[i];
  return NULL;
}

gboolean
muster_log_kind_is_known (const char *kind)
{
  guint n = 0;
  const MusterLogSentence *sentences = muster_log_get_sentences (&n);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (sentences[i].kind, kind) == 0)
      return TRUE;
  return FALSE;
}

char
muster_log_read_placeholder (const char **p,
                             guint       *next,
                             guint       *index)
{
  const char *q = *p;

  *index = (*next)++;
  if (g_ascii_isdigit (*q))
    {
      char *end = NULL;
      guint64 position = g_ascii_strtoull (q, &end, 10);

      if (*end == '$' && position > 0)
        {
          *index = (guint) position - 1;
          q = end + 1;
        }
    }
  while (*q == 'l' || *q == 'h')
    q++;
  *p = q;
  return (*q == 's' || *q == 'd' || *q == 'u' || *q == 'i') ? *q : '\0';
}

char *
muster_log_fill (const char         *format,
                 const char * const *values,
                 guint               n_values)
{
  GString *out = g_string_new (NULL);
  guint next = 0;

  for (const char *p = format; *p != '\0'; p++)
    {
      const char *start = p;
      guint index;

      if (*p != '%')
        {
          g_string_append_c (out, *p);
          continue;
        }
      p++;
      if (*p == '%')
        {
          g_string_append_c (out, '%');
          continue;
        }
      if (muster_log_read_placeholder (&p, &next, &index) != '\0')
        {
          if (index < n_values && values[index] != NULL)
            g_string_append (out, values[index]);
          continue;
        }
      /* Not a placeholder of the log's: as written. */
      g_string_append_len (out, start, p - start + (*p != '\0'));
      if (*p == '\0')
        break;
    }
  return g_string_free (out, FALSE);
}

const char *
muster_log_name (const MusterLogContext *ctx,
                 const char             *name)
{
  return muster_log_language_name (ctx->lang, name);
}

/* --- What placeholders show ------------------------------------------------ */


static char *
show_int (const MusterLogContext *ctx,
          const char             *member,
          gboolean                negate)
{
  gint64 value = muster_log_args_get_int (ctx->args, member);

  return g_strdup_printf ("%" G_GINT64_FORMAT, negate ? -value : value);
}

/* "2 figures killed", "3 figures wounded (1 whole base)". */
static char *
show_figures (const MusterLogContext *ctx,
              const char             *figures,
              gint64                  count,
              gboolean                has_bases,
              gint64                  bases)
{
  g_autofree char *n = g_strdup_printf ("%" G_GINT64_FORMAT, count);
  g_autofree char *what = NULL;
  const char *format;

  if (g_strcmp0 (figures, "killed") == 0)
    format = muster_log_ngettext (ctx->lang, "%d figure killed", "%d figures killed", count);
  else if (g_strcmp0 (figures, "wounded") == 0)
    format = muster_log_ngettext (ctx->lang, "%d figure wounded", "%d figures wounded", count);
  else if (g_strcmp0 (figures, "captured") == 0)
    format = muster_log_ngettext (ctx->lang, "%d figure captured", "%d figures captured", count);
  else
    format = muster_log_ngettext (ctx->lang, "%d figure that ran", "%d figures that ran", count);
  what = muster_log_fill (format, (const char *[]) { n }, 1);
  if (!has_bases)
    return g_steal_pointer (&what);

  {
    g_autofree char *b = g_strdup_printf ("%" G_GINT64_FORMAT, bases);

    return muster_log_fill (muster_log_ngettext (ctx->lang, "%s (%d whole base)", "%s (%d whole bases)",
                                                 bases),
                            (const char *[]) { what, b }, 2);
  }
}

/* "I 5, D 3 (rolled 1 + 2 = 3), F 11 (rolled 5 + 6 = 11; 9 with the
 * Musket)": a recruit's stats and how each was rolled. */
static char *
show_stats (const MusterLogContext *ctx,
            JsonArray              *stats,
            const char             *weapon)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; stats != NULL && i < json_array_get_length (stats); i++)
    {
      JsonObject *stat = json_array_get_object_element (stats, i);
      MusterLogContext sub = *ctx;
      const char *dice;
      g_autofree char *item = NULL;

      if (stat == NULL)
        continue;
      sub.args = stat;
      dice = muster_log_args_get_string (stat, "dice");
      if (text->len > 0)
        g_string_append (text, ", ");
      item = g_strdup_printf ("%s %" G_GINT64_FORMAT, muster_log_args_get_string (stat, "key"),
                              muster_log_args_get_int (stat, "value"));
      if (dice == NULL)
        {
          g_string_append (text, item);
          continue;
        }

      if (muster_log_args_has (stat, "entry"))
        {
          const MusterLookupTable *table = NULL;
          const char *table_id = muster_log_args_get_string (stat, "table");
          g_autofree char *entry = muster_log_show (&sub, "entry(table,entry)");
          g_autofree char *part = NULL;

          if (ctx->ruleset != NULL && table_id != NULL)
            table = muster_ruleset_lookup_table (ctx->ruleset, table_id);
          if (args_truthy (stat, "demoted"))
            part = muster_log_fill (
              /* Translators: "S 4 (rolled 6 + 6 = 12 on Character Class, past the side's limit: Leader)" */
              muster_log_gettext (ctx->lang, "%s (rolled %s on %s, past the side’s limit: %s)"),
              (const char *[]) { item, dice, table != NULL ? muster_log_name (ctx, table->name) : table_id, entry }, 4);
          else
            part = muster_log_fill (
              /* Translators: "S 3 (rolled 3 + 4 = 7 on Character Class: Professional)" */
              muster_log_gettext (ctx->lang, "%s (rolled %s on %s: %s)"),
              (const char *[]) { item, dice, table != NULL ? muster_log_name (ctx, table->name) : table_id, entry }, 4);
          g_string_append (text, part);
        }
      else if (muster_log_args_has (stat, "cap"))
        {
          g_autofree char *cap = show_int (&sub, "cap", FALSE);
          g_autofree char *part = NULL;

          part = muster_log_fill (
            /* Translators: a stat rolled above its weapon's cap, which he
             * uses with it: "F 11 (rolled 5 + 6 = 11; 9 with the Musket)" */
            muster_log_gettext (ctx->lang, "%s (rolled %s; %d with the %s)"),
            (const char *[]) { item, dice, cap, muster_log_rules_name (ctx, "weapon", weapon) }, 4);
          g_string_append (text, part);
        }
      else
        {
          /* Translators: a stat and the dice it was rolled with, "D 3 (rolled 1 + 2 = 3)" */
          g_autofree char *part = muster_log_fill (muster_log_gettext (ctx->lang, "%s (rolled %s)"),
                                                   (const char *[]) { item, dice }, 2);

          g_string_append (text, part);
        }
    }
  return g_string_free (text, FALSE);
}

const char *
muster_log_rules_name (const MusterLogContext *ctx,
            const char             *conv,
            const char             *id)
{
  MusterRuleset *rules = ctx->ruleset;
  const char *name = NULL;

  if (id == NULL)
    return "";
  if (g_str_equal (conv, "nationality"))
    name = muster_nationality_get_label (id);
  else if (g_str_equal (conv, "status"))
    {
      MusterStatus status;

      if (muster_status_from_string (id, &status))
        name = muster_status_get_label (status);
    }
  else if (rules == NULL)
    name = NULL;
  else if (g_str_equal (conv, "ruleset"))
    name = g_strcmp0 (muster_ruleset_get_id (rules), id) == 0 ? muster_ruleset_get_title (rules) : NULL;
  else if (g_str_equal (conv, "stat"))
    {
      const MusterStatDef *def = muster_ruleset_lookup_stat (rules, id);
      name = def != NULL ? def->name : NULL;
    }
  else if (g_str_equal (conv, "unit-stat"))
    {
      const MusterUnitStatDef *def = muster_ruleset_lookup_unit_stat (rules, id);
      name = def != NULL ? def->name : NULL;
    }
  else if (g_str_equal (conv, "outcome"))
    {
      const MusterOutcomeDef *def = muster_ruleset_lookup_outcome (rules, id);
      name = def != NULL ? def->name : NULL;
    }
  else if (g_str_equal (conv, "troop"))
    {
      const MusterTroopType *def = muster_ruleset_lookup_troop_type (rules, id);
      name = def != NULL ? def->name : NULL;
    }
  else if (g_str_equal (conv, "weapon"))
    {
      const MusterWeaponDef *def = muster_ruleset_lookup_weapon (rules, id);
      name = def != NULL ? def->name : NULL;
    }
  else if (g_str_equal (conv, "unit-kind"))
    {
      const MusterUnitKindDef *def = muster_ruleset_lookup_unit_kind (rules, id);
      name = def != NULL ? def->name : NULL;
    }
  else if (g_str_equal (conv, "location") && muster_ruleset_get_play (rules) != NULL)
    {
      const MusterPlayLocation *def = muster_play_lookup_location (muster_ruleset_get_play (rules), id);
      name = def != NULL ? def->name : NULL;
    }
  else if (g_str_equal (conv, "effect") && muster_ruleset_get_play (rules) != NULL)
    {
      const MusterPlayEffect *def = muster_play_lookup_effect (muster_ruleset_get_play (rules), id);
      name = def != NULL ? def->name : NULL;
    }
  else if (g_str_equal (conv, "card") && muster_ruleset_get_play (rules) != NULL)
    {
      const MusterPlay *play = muster_ruleset_get_play (rules);

      for (guint i = 0; i < play->cards->len && name == NULL; i++)
        {
          const MusterPlayCard *def = g_ptr_array_index (play->cards, i);

          if (g_strcmp0 (def->id, id) == 0)
            name = def->name;
        }
    }
  else if (g_str_equal (conv, "rating"))
    {
      const MusterRatingDef *def = muster_ruleset_lookup_rating (rules, id);
      name = def != NULL ? def->name : NULL;
    }
  return name != NULL ? muster_log_name (ctx, name) : id;
}

/* The name of entry @entry of table @table. */
static const char *
entry_name (const MusterLogContext *ctx,
            const char             *table,
            const char             *entry)
{
  const MusterLookupTable *lookup = NULL;

  if (ctx->ruleset != NULL && table != NULL)
    lookup = muster_ruleset_lookup_table (ctx->ruleset, table);
  for (guint i = 0; lookup != NULL && entry != NULL && i < lookup->entries->len; i++)
    {
      const MusterTableEntry *e = g_ptr_array_index (lookup->entries, i);

      if (g_strcmp0 (e->id, entry) == 0)
        return muster_log_name (ctx, e->name);
    }
  return entry != NULL ? entry : "";
}

char *
muster_log_show (const MusterLogContext *ctx,
                 const char             *spec)
{
  const char *open = strchr (spec, '(');
  g_autofree char *conv = NULL;
  g_auto(GStrv) members = NULL;
  JsonObject *args = ctx->args;

  if (g_str_has_prefix (spec, "-#"))
    return show_int (ctx, spec + 2, TRUE);
  if (spec[0] == '#')
    return show_int (ctx, spec + 1, FALSE);
  if (open == NULL)
    return g_strdup (muster_log_args_get_string (args, spec) != NULL
                     ? muster_log_args_get_string (args, spec) : "");

  conv = g_strndup (spec, open - spec);
  {
    g_autofree char *inside = g_strndup (open + 1, strlen (open + 1) - 1);

    members = g_strsplit (inside, ",", -1);
  }

  if (g_str_equal (conv, "game"))
    return muster_log_describe_game (ctx->lang, (int) muster_log_args_get_int (args, members[0]),
                                     muster_log_args_get_string (args, members[1]));
  if (g_str_equal (conv, "entry"))
    return g_strdup (entry_name (ctx, muster_log_args_get_string (args, members[0]),
                                 muster_log_args_get_string (args, members[1])));
  if (g_str_equal (conv, "why"))
    return show_figures (ctx, muster_log_args_get_string (args, members[0]),
                         muster_log_args_get_int (args, members[1]),
                         muster_log_args_has (args, members[2]),
                         muster_log_args_get_int (args, members[2]));
  if (g_str_equal (conv, "stats"))
    return show_stats (ctx,
                       muster_log_args_has (args, members[0])
                       ? json_object_get_array_member (args, members[0]) : NULL,
                       muster_log_args_get_string (args, members[1]));
  if (g_str_equal (conv, "units"))
    {
      g_autoptr(GString) names = g_string_new (NULL);
      JsonArray *units = muster_log_args_has (args, members[0])
                         ? json_object_get_array_member (args, members[0]) : NULL;

      for (guint i = 0; units != NULL && i < json_array_get_length (units); i++)
        {
          JsonObject *unit = json_array_get_object_element (units, i);

          if (names->len > 0)
            g_string_append (names, ", ");
          g_string_append (names, muster_log_args_get_string (unit, "name"));
        }
      return g_string_free (g_steal_pointer (&names), FALSE);
    }
  return g_strdup (muster_log_rules_name (ctx, conv, muster_log_args_get_string (args, members[0])));
}

/* --- Whole entries --------------------------------------------------------- */

static char *
describe_roll (const MusterLogRoll *roll)
{
  g_auto(GStrv) faces = g_strsplit (roll->faces != NULL ? roll->faces : "", ",", -1);
  MusterRoll copy = { (char *) roll->expression, g_array_new (FALSE, FALSE, sizeof (int)),
                      roll->total, roll->entered };
  char *described;

  for (guint i = 0; faces[i] != NULL; i++)
    if (*faces[i] != '\0')
      {
        int face = (int) g_ascii_strtoll (faces[i], NULL, 10);

        g_array_append_val (copy.faces, face);
      }
  described = muster_roll_describe (&copy);
  g_array_unref (copy.faces);
  return described;
}

char *
muster_log_format_in (const MusterLogContext *ctx)
{
  const MusterLogSentence *sentence = muster_log_find_sentence (ctx);
  g_autofree char *text = NULL;
  const char *step;

  if (sentence == NULL)
    {
      g_autofree char *args = ctx->args != NULL ? muster_log_args_to_string (ctx->args) : NULL;

      /* Written by a Muster that knows more kinds than this one. */
      return g_strdup_printf ("%s %s", ctx->kind, args != NULL ? args : "");
    }
  if (sentence->format != NULL)
    text = sentence->format (ctx);
  else
    {
      g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);

      for (guint i = 0; i < G_N_ELEMENTS (sentence->args) && sentence->args[i] != NULL; i++)
        g_ptr_array_add (values, muster_log_show (ctx, sentence->args[i]));
      text = muster_log_fill (sentence->plural != NULL
                              ? muster_log_ngettext (ctx->lang, sentence->msgid, sentence->plural,
                                                     (gulong) ABS (muster_log_args_get_int (ctx->args,
                                                                                            sentence->count)))
                              : muster_log_gettext (ctx->lang, sentence->msgid),
                              (const char * const *) values->pdata, values->len);
    }

  step = muster_log_args_get_string (ctx->args, "step");
  if (ctx->roll != NULL && step != NULL)
    {
      g_autofree char *described = describe_roll (ctx->roll);
      const char *step_name = muster_log_name (ctx, muster_engine_get_step_name (step));
      const char *format = ctx->roll->entered
        /* Translators: a consequence, then the step, the dice and their faces, rolled at the table */
        ? muster_log_gettext (ctx->lang, "%s (%s on %s: %s, rolled at the table)")
        /* Translators: a consequence, then the step, the dice and their faces */
        : muster_log_gettext (ctx->lang, "%s (%s on %s: %s)");

      return muster_log_fill (format, (const char *[]) { text, step_name, ctx->roll->expression,
                                                         described }, 4);
    }
  return g_steal_pointer (&text);
}

char *
muster_log_entry_format (const MusterLogEntry *entry,
                         MusterRuleset        *ruleset)
{
  g_autoptr(JsonObject) args = NULL;
  MusterLogRoll roll = { 0, };
  MusterLogContext ctx = { NULL, ruleset, NULL, NULL, NULL };

  g_return_val_if_fail (entry != NULL, NULL);

  if (entry->args == NULL || (args = muster_log_args_from_string (entry->args, NULL)) == NULL)
    return g_strdup (entry->message != NULL ? entry->message : "");
  ctx.kind = entry->kind;
  ctx.args = args;
  if (entry->has_roll)
    {
      roll.expression = entry->expression;
      roll.faces = entry->faces;
      roll.total = entry->total;
      roll.entered = entry->entered;
      ctx.roll = &roll;
    }
  return muster_log_format_in (&ctx);
}
