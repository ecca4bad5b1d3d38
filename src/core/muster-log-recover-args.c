/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-store"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-dice.h"
#include "muster-log-recover-private.h"
#include "muster-nationality.h"
#include "muster-types.h"

/* Reading back what a sentence of the log holds (muster-log-recover.c):
 * its forms in a language as patterns, and what their placeholders show
 * back to arguments: the rules' names back to their ids, a recruit's
 * stats from his rolls, figures from their description. */

void
muster_log_pattern_free (Pattern *pattern)
{
  g_clear_pointer (&pattern->regex, g_regex_unref);
  g_array_unref (pattern->slots);
  g_free (pattern);
}

/* --- Patterns ---------------------------------------------------------------- */

/* @format (a printf format of the log's) as a whole-text pattern. */
static Pattern *
pattern_new (const char *format)
{
  g_autoptr(GString) regex = g_string_new ("^");
  Pattern *pattern = g_new0 (Pattern, 1);
  guint next = 0;

  pattern->slots = g_array_new (FALSE, FALSE, sizeof (guint));
  for (const char *p = format; *p != '\0'; p++)
    {
      const char *start = p;
      guint index;
      char conversion;

      if (*p != '%' || p[1] == '%')
        {
          g_autofree char *escaped = NULL;
          const char *end = p + 1;

          if (*p == '%')
            p++;
          else
            {
              while (*end != '\0' && *end != '%')
                end++;
              p = end - 1;
            }
          escaped = g_regex_escape_string (start, end - start);
          g_string_append (regex, *start == '%' ? "%" : escaped);
          pattern->literal += g_utf8_strlen (start, end - start);
          continue;
        }
      p++;
      conversion = muster_log_read_placeholder (&p, &next, &index);
      if (conversion == 's')
        g_string_append (regex, "(.*?)");
      else if (conversion != '\0')
        g_string_append (regex, "(-?[0-9]+)");
      else
        {
          muster_log_pattern_free (pattern);
          return NULL;
        }
      g_array_append_val (pattern->slots, index);
    }
  g_string_append (regex, "$");
  pattern->regex = g_regex_new (regex->str, G_REGEX_DOTALL | G_REGEX_OPTIMIZE, 0, NULL);
  if (pattern->regex == NULL)
    {
      muster_log_pattern_free (pattern);
      return NULL;
    }
  return pattern;
}

static Pattern *
get_pattern (Recovery   *rec,
             const char *format)
{
  Pattern *pattern;

  if (g_hash_table_lookup_extended (rec->patterns, format, NULL, (gpointer *) &pattern))
    return pattern;
  pattern = pattern_new (format);
  g_hash_table_insert (rec->patterns, g_strdup (format), pattern);
  return pattern;
}

/* What each placeholder of @format holds in @text (of char*, by index),
 * or NULL when @text is not said by @format. */
GPtrArray *
muster_log_read_back (Recovery   *rec,
           const char *format,
           const char *text,
           gsize      *literal)
{
  Pattern *pattern = get_pattern (rec, format);
  g_autoptr(GMatchInfo) match = NULL;
  GPtrArray *values;

  if (pattern == NULL || !g_regex_match (pattern->regex, text, 0, &match))
    return NULL;
  values = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < pattern->slots->len; i++)
    {
      guint index = g_array_index (pattern->slots, guint, i);

      if (index >= values->len)
        g_ptr_array_set_size (values, index + 1);
      if (g_ptr_array_index (values, index) == NULL)
        g_ptr_array_index (values, index) = g_match_info_fetch (match, (int) i + 1);
    }
  if (literal != NULL)
    *literal = pattern->literal;
  return values;
}

/* --- Names back to ids --------------------------------------------------- */

/* The ids a conversion of names may come from. */
static GPtrArray *
conversion_ids (Recovery   *rec,
                const char *conv)
{
  GPtrArray *ids = g_ptr_array_new ();
  MusterRuleset *rules = rec->ruleset;

  if (g_str_equal (conv, "status"))
    {
      for (int s = MUSTER_STATUS_ACTIVE; s <= MUSTER_STATUS_RETIRED; s++)
        g_ptr_array_add (ids, (gpointer) muster_status_to_string (s));
    }
  else if (g_str_equal (conv, "nationality"))
    {
      for (const char * const *id = muster_nationality_get_ids (); *id != NULL; id++)
        g_ptr_array_add (ids, (gpointer) *id);
    }
  else if (rules == NULL)
    ;
  else if (g_str_equal (conv, "ruleset"))
    g_ptr_array_add (ids, (gpointer) muster_ruleset_get_id (rules));
  else if (g_str_equal (conv, "stat"))
    {
      for (guint i = 0; i < muster_ruleset_get_n_stats (rules); i++)
        g_ptr_array_add (ids, (gpointer) muster_ruleset_get_stat (rules, i)->key);
    }
  else if (g_str_equal (conv, "unit-stat"))
    {
      GPtrArray *defs = muster_ruleset_get_unit_stats (rules);

      for (guint i = 0; defs != NULL && i < defs->len; i++)
        g_ptr_array_add (ids, (gpointer) ((MusterUnitStatDef *) g_ptr_array_index (defs, i))->key);
    }
  else if (g_str_equal (conv, "outcome"))
    {
      GPtrArray *defs = muster_ruleset_get_outcomes (rules);

      for (guint i = 0; defs != NULL && i < defs->len; i++)
        g_ptr_array_add (ids, (gpointer) ((MusterOutcomeDef *) g_ptr_array_index (defs, i))->id);
    }
  else if (g_str_equal (conv, "troop"))
    {
      for (guint i = 0; i < muster_ruleset_get_n_troop_types (rules); i++)
        g_ptr_array_add (ids, (gpointer) muster_ruleset_get_troop_type (rules, i)->id);
    }
  else if (g_str_equal (conv, "weapon"))
    {
      for (guint i = 0; i < muster_ruleset_get_n_weapons (rules); i++)
        g_ptr_array_add (ids, (gpointer) muster_ruleset_get_weapon (rules, i)->id);
    }
  else if (g_str_equal (conv, "unit-kind"))
    {
      GPtrArray *defs = muster_ruleset_get_unit_kinds (rules);

      for (guint i = 0; defs != NULL && i < defs->len; i++)
        g_ptr_array_add (ids, (gpointer) ((MusterUnitKindDef *) g_ptr_array_index (defs, i))->id);
    }
  else if (g_str_equal (conv, "rating"))
    {
      GPtrArray *defs = muster_ruleset_get_ratings (rules);

      for (guint i = 0; defs != NULL && i < defs->len; i++)
        g_ptr_array_add (ids, (gpointer) ((MusterRatingDef *) g_ptr_array_index (defs, i))->id);
    }
  return ids;
}

MusterLogContext
muster_log_recover_context (Recovery   *rec,
         JsonObject *args)
{
  MusterLogContext ctx = { rec->lang, rec->ruleset, rec->entry->kind, args,
                           rec->entry->has_roll ? &rec->entry->roll : NULL };

  return ctx;
}

/* The whole numbers written in @text, in order. */
GArray *
muster_log_numbers_in (const char *text)
{
  GArray *numbers = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (const char *p = text; *p != '\0'; )
    {
      if (g_ascii_isdigit (*p))
        {
          char *end = NULL;
          gint64 n = g_ascii_strtoll (p, &end, 10);

          g_array_append_val (numbers, n);
          p = end;
        }
      else
        p++;
    }
  return numbers;
}

/* A recruit's stats, from the values his entry gives and the dice of his
 * recruit rolls; the weapon and troop type are his today. */
static gboolean
recover_stats (Recovery   *rec,
               const char *text,
               JsonObject *args,
               char      **members)
{
  g_autoptr(GHashTable) stats = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) rolls = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_roll_free);
  g_autoptr(GPtrArray) roll_stats = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *troop_type = NULL;
  g_autofree char *weapon = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *recruit_rolls = NULL;

  if (rec->ruleset == NULL || rec->entry->character_id == 0)
    return FALSE;
  stmt = muster_store_prepare (rec->store, "SELECT troop_type, weapon FROM character WHERE id = ?", NULL);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, rec->entry->character_id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    return FALSE;
  troop_type = g_strdup (muster_column_text (stmt, 0));
  weapon = g_strdup (muster_column_text (stmt, 1));

  for (guint i = 0; i < muster_ruleset_get_n_stats (rec->ruleset); i++)
    {
      const char *key = muster_ruleset_get_stat (rec->ruleset, i)->key;
      g_autofree char *escaped = g_regex_escape_string (key, -1);
      g_autofree char *expression = g_strdup_printf ("(?:^|, )%s (-?[0-9]+)", escaped);
      g_autoptr(GRegex) regex = g_regex_new (expression, 0, 0, NULL);
      g_autoptr(GMatchInfo) match = NULL;

      if (regex != NULL && g_regex_match (regex, text, 0, &match))
        {
          g_autofree char *value = g_match_info_fetch (match, 1);

          g_hash_table_insert (stats, (gpointer) key, GINT_TO_POINTER ((int) g_ascii_strtoll (value, NULL, 10)));
        }
    }

  recruit_rolls = muster_store_prepare (rec->store,
                                        "SELECT purpose, expression, faces, total, entered FROM roll"
                                        " WHERE character_id = ? AND purpose LIKE 'recruit:%' ORDER BY id", NULL);
  if (recruit_rolls == NULL)
    return FALSE;
  sqlite3_bind_int64 (recruit_rolls, 1, rec->entry->character_id);
  while (sqlite3_step (recruit_rolls) == SQLITE_ROW)
    {
      const char *stat = muster_column_text (recruit_rolls, 0) + strlen ("recruit:");
      g_auto(GStrv) faces = g_strsplit (muster_column_text (recruit_rolls, 2), ",", -1);
      MusterRoll *roll = g_new0 (MusterRoll, 1);

      /* Only a stat's first roll: a recruit is rolled once. */
      for (guint i = 0; i < roll_stats->len; i++)
        if (g_str_equal (g_ptr_array_index (roll_stats, i), stat))
          stat = NULL;
      roll->expression = g_strdup (muster_column_text (recruit_rolls, 1));
      roll->faces = g_array_new (FALSE, FALSE, sizeof (int));
      for (guint i = 0; faces[i] != NULL; i++)
        if (*faces[i] != '\0')
          {
            int face = (int) g_ascii_strtoll (faces[i], NULL, 10);

            g_array_append_val (roll->faces, face);
          }
      roll->total = sqlite3_column_int (recruit_rolls, 3);
      roll->entered = sqlite3_column_int (recruit_rolls, 4) != 0;
      if (stat == NULL)
        {
          muster_roll_free (roll);
          continue;
        }
      g_ptr_array_add (rolls, roll);
      g_ptr_array_add (roll_stats, g_strdup (stat));
    }

  json_object_set_array_member (args, members[0],
                                muster_store_recruit_stats (rec->ruleset, troop_type, weapon, stats,
                                                            rolls, roll_stats));
  json_object_set_string_member (args, members[1], weapon != NULL ? weapon : "");
  return TRUE;
}

/* "2 figures killed (1 whole base)" back to which figures, how many and
 * in how many bases. */
static gboolean
recover_figures (Recovery   *rec,
                 const char *text,
                 JsonObject *args,
                 char      **members)
{
  static const char * const figures[] = { "killed", "wounded", "captured", "run" };
  g_autoptr(GArray) numbers = muster_log_numbers_in (text);

  for (guint f = 0; f < G_N_ELEMENTS (figures); f++)
    for (guint c = 0; c < numbers->len; c++)
      for (int b = -1; b < (int) numbers->len; b++)
        {
          g_autoptr(JsonObject) candidate = muster_log_args ("s:figures", figures[f],
                                                             "i:count", (int) g_array_index (numbers, gint64, c),
                                                             NULL);
          MusterLogContext ctx = muster_log_recover_context (rec, candidate);
          g_autofree char *said = NULL;

          if (b >= 0)
            json_object_set_int_member (candidate, "bases", g_array_index (numbers, gint64, b));
          said = muster_log_show (&ctx, "why(figures,count,bases)");
          if (g_str_equal (said, text))
            {
              json_object_set_string_member (args, members[0], figures[f]);
              json_object_set_int_member (args, members[1], g_array_index (numbers, gint64, c));
              if (b >= 0)
                json_object_set_int_member (args, members[2], g_array_index (numbers, gint64, b));
              return TRUE;
            }
        }
  return FALSE;
}

/* Sets the members @spec (an entry of MusterLogSentence.args) shows from
 * @text, what its placeholder holds. */
gboolean
muster_log_recover_member (Recovery   *rec,
                const char *spec,
                const char *text,
                JsonObject *args)
{
  const char *open = strchr (spec, '(');
  g_autofree char *conv = NULL;
  g_autofree char *inside = NULL;
  g_auto(GStrv) members = NULL;

  if (spec[0] == '#' || g_str_has_prefix (spec, "-#"))
    {
      gboolean negate = spec[0] == '-';
      gint64 value = g_ascii_strtoll (text, NULL, 10);

      json_object_set_int_member (args, spec + (negate ? 2 : 1), negate ? -value : value);
      return TRUE;
    }
  if (open == NULL)
    {
      json_object_set_string_member (args, spec, text);
      return TRUE;
    }

  conv = g_strndup (spec, open - spec);
  inside = g_strndup (open + 1, strlen (open + 1) - 1);
  members = g_strsplit (inside, ",", -1);

  if (g_str_equal (conv, "game"))
    {
      const char *game = muster_log_gettext (rec->lang, "Game %d “%s”");
      g_autoptr(GPtrArray) values = muster_log_read_back (rec, game, text, NULL);

      if (values == NULL || values->len < 2)
        return FALSE;
      json_object_set_int_member (args, members[0], g_ascii_strtoll (g_ptr_array_index (values, 0), NULL, 10));
      json_object_set_string_member (args, members[1], g_ptr_array_index (values, 1));
      return TRUE;
    }
  if (g_str_equal (conv, "stats"))
    return recover_stats (rec, text, args, members);
  if (g_str_equal (conv, "why"))
    return recover_figures (rec, text, args, members);
  if (g_str_equal (conv, "units"))
    {
      g_auto(GStrv) names = g_strsplit (text, ", ", -1);
      JsonArray *units = json_array_new ();

      for (guint i = 0; names[i] != NULL; i++)
        json_array_add_object_element (units, muster_log_args ("r:unit_id",
                                                               muster_log_row_named (rec, "unit", names[i]),
                                                               "s:name", names[i], NULL));
      json_object_set_array_member (args, members[0], units);
      return TRUE;
    }
  if (g_str_equal (conv, "entry"))
    {
      GPtrArray *tables = rec->ruleset != NULL ? muster_ruleset_get_lookup_tables (rec->ruleset) : NULL;

      for (guint t = 0; tables != NULL && t < tables->len; t++)
        {
          const MusterLookupTable *table = g_ptr_array_index (tables, t);

          for (guint e = 0; e < table->entries->len; e++)
            {
              const MusterTableEntry *entry = g_ptr_array_index (table->entries, e);

              if (g_strcmp0 (muster_log_language_name (rec->lang, entry->name), text) == 0)
                {
                  json_object_set_string_member (args, members[0], table->id);
                  json_object_set_string_member (args, members[1], entry->id);
                  return TRUE;
                }
            }
        }
      return FALSE;
    }

  {
    g_autoptr(GPtrArray) ids = conversion_ids (rec, conv);
    MusterLogContext ctx = muster_log_recover_context (rec, args);

    for (guint i = 0; i < ids->len; i++)
      if (g_strcmp0 (muster_log_rules_name (&ctx, conv, g_ptr_array_index (ids, i)), text) == 0)
        {
          json_object_set_string_member (args, members[0], g_ptr_array_index (ids, i));
          return TRUE;
        }
  }
  return FALSE;
}

/* The members @sentence's conditions fix ("step=death-roll"), and those
 * it only needs to be there and true ("units"), when its text does not
 * give them. */
void
muster_log_set_fixed_members (const MusterLogSentence *sentence,
                   JsonObject              *args)
{
  g_auto(GStrv) clauses = sentence->when != NULL ? g_strsplit (sentence->when, ",", -1) : NULL;

  for (guint i = 0; clauses != NULL && clauses[i] != NULL; i++)
    {
      const char *equal = strchr (clauses[i], '=');
      g_autofree char *member = NULL;

      if (equal == NULL)
        {
          if (g_ascii_isalpha (clauses[i][0]) && strpbrk (clauses[i], "<>") == NULL &&
              !json_object_has_member (args, clauses[i]))
            json_object_set_boolean_member (args, clauses[i], TRUE);
          continue;
        }
      member = g_strndup (clauses[i], equal - clauses[i]);
      if (g_str_equal (equal + 1, "true") || g_str_equal (equal + 1, "false"))
        json_object_set_boolean_member (args, member, g_str_equal (equal + 1, "true"));
      else if (g_ascii_isdigit (equal[1]))
        json_object_set_int_member (args, member, g_ascii_strtoll (equal + 1, NULL, 10));
      else
        json_object_set_string_member (args, member, equal + 1);
    }
}

/* The id of the row of @table ("unit" or "force") of the campaign
 * called @name, when there is one; 0. */
gint64
muster_log_row_named (Recovery   *rec,
           const char *table,
           const char *name)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (rec->store,
      g_str_equal (table, "unit")
      ? "SELECT u.id FROM unit u JOIN force f ON f.id = u.force_id"
        " WHERE f.campaign_id = ? AND u.name = ? ORDER BY u.id"
      : "SELECT id FROM force WHERE campaign_id = ? AND name = ? ORDER BY id", NULL);

  if (stmt == NULL || name == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, rec->campaign_id);
  sqlite3_bind_text (stmt, 2, name, -1, SQLITE_TRANSIENT);
  return sqlite3_step (stmt) == SQLITE_ROW ? sqlite3_column_int64 (stmt, 0) : 0;
}
