/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-store"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-dice.h"
#include "muster-log-private.h"
#include "muster-nationality.h"
#include "muster-store-private.h"
#include "muster-types.h"

/* Migration 7's share in C: the log of a library written before it kept
 * sentences in the language of whoever wrote each entry. Each entry is
 * read back into its kind's arguments where that can be done faithfully:
 * its text is matched against the sentences of its kind, in Muster's own
 * words and in every installed catalogue; what the placeholders hold
 * becomes arguments (a stat's name back to its key in the campaign's
 * rules, a recruit's stats from his recruit rolls, a result from the
 * game's rows), and the entry is converted only when its arguments say
 * its text again, word for word, in that language. The others keep their
 * text, with no arguments. */

typedef struct {
  gint64   id;
  char    *kind;
  char    *message;
  gint64   character_id;
  gint64   game_id;
  gboolean has_roll;
  MusterLogRoll roll;
} Entry;

typedef struct {
  MusterStore   *store;
  gint64         campaign_id;
  MusterRuleset *ruleset;        /* may be NULL */
  GPtrArray     *languages;      /* of MusterLogLanguage* */
  GHashTable    *patterns;       /* format text -> Pattern* */
  const Entry   *entry;
  MusterLogLanguage *lang;       /* the language being tried */
} Recovery;

/* A sentence's form in one language as a regular expression: each group
 * holds the placeholder of @slots' index (positional forms reorder). */
typedef struct {
  GRegex *regex;
  GArray *slots;                 /* of guint */
  gsize   literal;               /* characters that are not placeholders */
} Pattern;

static void
entry_clear (Entry *entry)
{
  g_free (entry->kind);
  g_free (entry->message);
  g_free ((char *) entry->roll.expression);
  g_free ((char *) entry->roll.faces);
}

static void
pattern_free (Pattern *pattern)
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
      index = next++;
      if (g_ascii_isdigit (*p))
        {
          char *end = NULL;
          guint64 position = g_ascii_strtoull (p, &end, 10);

          if (*end == '$' && position > 0)
            {
              index = (guint) position - 1;
              p = end + 1;
            }
        }
      while (*p == 'l' || *p == 'h')
        p++;
      if (*p == 's')
        g_string_append (regex, "(.*?)");
      else if (*p == 'd' || *p == 'u' || *p == 'i')
        g_string_append (regex, "(-?[0-9]+)");
      else
        {
          pattern_free (pattern);
          return NULL;
        }
      g_array_append_val (pattern->slots, index);
    }
  g_string_append (regex, "$");
  pattern->regex = g_regex_new (regex->str, G_REGEX_DOTALL | G_REGEX_OPTIMIZE, 0, NULL);
  if (pattern->regex == NULL)
    {
      pattern_free (pattern);
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
static GPtrArray *
read_back (Recovery   *rec,
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

static MusterLogContext
context (Recovery   *rec,
         JsonObject *args)
{
  MusterLogContext ctx = { rec->lang, rec->ruleset, rec->entry->kind, args,
                           rec->entry->has_roll ? &rec->entry->roll : NULL };

  return ctx;
}

/* The whole numbers written in @text, in order. */
static GArray *
numbers_in (const char *text)
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
  sqlite3_reset (stmt);

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

  stmt = muster_store_prepare (rec->store,
                               "SELECT purpose, expression, faces, total, entered FROM roll"
                               " WHERE character_id = ? AND purpose LIKE 'recruit:%' ORDER BY id", NULL);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, rec->entry->character_id);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      const char *stat = muster_column_text (stmt, 0) + strlen ("recruit:");
      g_auto(GStrv) faces = g_strsplit (muster_column_text (stmt, 2), ",", -1);
      MusterRoll *roll = g_new0 (MusterRoll, 1);

      /* Only a stat's first roll: a recruit is rolled once. */
      for (guint i = 0; i < roll_stats->len; i++)
        if (g_str_equal (g_ptr_array_index (roll_stats, i), stat))
          stat = NULL;
      roll->expression = g_strdup (muster_column_text (stmt, 1));
      roll->faces = g_array_new (FALSE, FALSE, sizeof (int));
      for (guint i = 0; faces[i] != NULL; i++)
        if (*faces[i] != '\0')
          {
            int face = (int) g_ascii_strtoll (faces[i], NULL, 10);

            g_array_append_val (roll->faces, face);
          }
      roll->total = sqlite3_column_int (stmt, 3);
      roll->entered = sqlite3_column_int (stmt, 4) != 0;
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
  g_autoptr(GArray) numbers = numbers_in (text);

  for (guint f = 0; f < G_N_ELEMENTS (figures); f++)
    for (guint c = 0; c < numbers->len; c++)
      for (int b = -1; b < (int) numbers->len; b++)
        {
          g_autoptr(JsonObject) candidate = muster_log_args ("s:figures", figures[f],
                                                             "i:count", (int) g_array_index (numbers, gint64, c),
                                                             NULL);
          MusterLogContext ctx = context (rec, candidate);
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

static gint64 row_named (Recovery   *rec,
                         const char *table,
                         const char *name);

/* Sets the members @spec (an entry of MusterLogSentence.args) shows from
 * @text, what its placeholder holds. */
static gboolean
recover_member (Recovery   *rec,
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
      g_autoptr(GPtrArray) values = read_back (rec, muster_log_gettext (rec->lang, "Game %d “%s”"), text, NULL);

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
        json_array_add_object_element (units, muster_log_args ("r:unit_id", row_named (rec, "unit", names[i]),
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
    MusterLogContext ctx = context (rec, args);

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
static void
set_fixed_members (const MusterLogSentence *sentence,
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

/* --- Entries ------------------------------------------------------------- */

/* Whether @args say the entry's text again, word for word. */
static gboolean
says_again (Recovery   *rec,
            JsonObject *args)
{
  MusterLogContext ctx = context (rec, args);
  g_autofree char *said = muster_log_format_in (&ctx);

  return g_strcmp0 (said, rec->entry->message) == 0;
}

/* Tries @args with the steps the campaign's rules have, for an entry with
 * a roll whose sentence does not say which step rolled it. */
static gboolean
says_again_with_step (Recovery   *rec,
                      JsonObject *args)
{
  GPtrArray *steps;

  if (says_again (rec, args))
    return TRUE;
  if (!rec->entry->has_roll || json_object_has_member (args, "step") || rec->ruleset == NULL)
    return FALSE;
  steps = muster_ruleset_get_steps (rec->ruleset);
  for (guint i = 0; i < steps->len; i++)
    {
      json_object_set_string_member (args, "step", ((MusterStepDef *) g_ptr_array_index (steps, i))->type);
      if (says_again (rec, args))
        return TRUE;
    }
  json_object_remove_member (args, "step");
  return FALSE;
}

/* The arguments @text gives by @sentence's form @format, with the
 * members @colours sets (NULL: none) for parts glued after it, or NULL. */
static JsonObject *
recover_by_form (Recovery                *rec,
                 const MusterLogSentence *sentence,
                 const char              *format,
                 const char              *text,
                 const char              *colours,
                 gsize                   *literal)
{
  g_autoptr(GPtrArray) values = read_back (rec, format, text, literal);
  g_autoptr(JsonObject) args = NULL;

  if (values == NULL)
    return NULL;
  args = json_object_new ();
  for (guint i = 0; i < G_N_ELEMENTS (sentence->args) && sentence->args[i] != NULL; i++)
    {
      const char *value = i < values->len ? g_ptr_array_index (values, i) : NULL;

      /* A form that does not show it (“The light wound of ... heals.”). */
      if (value == NULL)
        continue;
      if (!recover_member (rec, sentence->args[i], value, args))
        return NULL;
    }
  set_fixed_members (sentence, args);
  if (colours != NULL)
    json_object_set_string_member (args, "colours", colours);
  if (sentence->count != NULL && !json_object_has_member (args, sentence->count))
    {
      /* The number a form leaves out is the one it is for. */
      for (int n = 1; n >= 0; n--)
        {
          json_object_set_int_member (args, sentence->count, n);
          if (says_again_with_step (rec, args))
            return g_steal_pointer (&args);
        }
      return NULL;
    }
  return says_again_with_step (rec, args) ? g_steal_pointer (&args) : NULL;
}

/* The text of an entry that has a roll, without what its roll added. */
static char *
without_roll (Recovery *rec)
{
  const char *format = rec->entry->roll.entered
    ? muster_log_gettext (rec->lang, "%s (%s on %s: %s, rolled at the table)")
    : muster_log_gettext (rec->lang, "%s (%s on %s: %s)");
  g_autoptr(GPtrArray) values = read_back (rec, format, rec->entry->message, NULL);

  if (values == NULL || values->len < 1)
    return NULL;
  return g_strdup (g_ptr_array_index (values, 0));
}

/* A result: what the game's rows say of the participant, with the name
 * and, for wounds that added up, the wounds the text gives. */
static JsonObject *
recover_result (Recovery *rec)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  g_autoptr(JsonObject) args = NULL;
  g_autoptr(GArray) numbers = NULL;
  g_autofree char *name = NULL;
  const MusterOutcomeDef *outcome;
  int light, serious, kills;

  if (rec->ruleset == NULL || rec->entry->game_id == 0 || rec->entry->character_id == 0)
    return NULL;
  stmt = muster_store_prepare (rec->store,
                               "SELECT c.name, p.outcome, p.light_wounds, p.serious_wounds,"
                               " p.killed_unnamed + (SELECT count (*) FROM kill k"
                               "   WHERE k.game_id = p.game_id AND k.killer_id = p.character_id)"
                               " FROM participation p JOIN character c ON c.id = p.character_id"
                               " WHERE p.game_id = ? AND p.character_id = ? AND p.outcome IS NOT NULL", NULL);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, rec->entry->game_id);
  sqlite3_bind_int64 (stmt, 2, rec->entry->character_id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    return NULL;
  name = g_strdup (muster_column_text (stmt, 0));
  outcome = muster_ruleset_lookup_outcome (rec->ruleset, muster_column_text (stmt, 1));
  light = sqlite3_column_int (stmt, 2);
  serious = sqlite3_column_int (stmt, 3);
  kills = sqlite3_column_int (stmt, 4);
  if (outcome == NULL)
    return NULL;

  args = muster_log_args ("s:name", name, "s:outcome", outcome->id, "i:kills", kills, NULL);
  if (outcome->takes_light || outcome->takes_serious)
    {
      json_object_set_int_member (args, "light", light);
      json_object_set_int_member (args, "serious", serious);
    }
  if (says_again (rec, args))
    return g_steal_pointer (&args);

  numbers = numbers_in (rec->entry->message);
  for (guint l = 0; l < numbers->len; l++)
    for (guint s = 0; s < numbers->len; s++)
      {
        json_object_set_int_member (args, "added_light", g_array_index (numbers, gint64, l));
        json_object_set_int_member (args, "added_serious", g_array_index (numbers, gint64, s));
        if (says_again (rec, args))
          return g_steal_pointer (&args);
      }
  return NULL;
}

/* The arguments of the entry in the language being tried, or NULL. */
static JsonObject *
recover_in_language (Recovery *rec)
{
  const Entry *entry = rec->entry;
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) best = NULL;
  gsize best_literal = 0;
  guint n = 0;
  const MusterLogSentence *sentences = muster_log_get_sentences (&n);

  if (g_str_equal (entry->kind, "result"))
    return recover_result (rec);

  text = entry->has_roll ? without_roll (rec) : g_strdup (entry->message);
  if (text == NULL)
    return NULL;

  /* Of the sentences that say it, the one that says most in words: “is
   * now a Rifleman” is a troop type, not a rank called “a Rifleman”. */
  for (guint i = 0; i < n; i++)
    {
      const MusterLogSentence *sentence = &sentences[i];
      g_autoptr(GPtrArray) forms = NULL;

      if (!g_str_equal (sentence->kind, entry->kind))
        continue;
      forms = muster_log_language_forms (rec->lang, sentence->msgid, sentence->plural);
      for (guint f = 0; f < forms->len; f++)
        {
          gsize literal = 0;
          g_autoptr(JsonObject) args = NULL;

          args = recover_by_form (rec, sentence, g_ptr_array_index (forms, f), text, NULL, &literal);
          if (args != NULL && (best == NULL || literal > best_literal))
            {
              g_clear_pointer (&best, json_object_unref);
              best = g_steal_pointer (&args);
              best_literal = literal;
            }
        }
    }
  if (best == NULL && g_str_equal (entry->kind, "unit-result"))
    {
      /* Read back without the colours, which are glued after. */
      static const char * const colours[] = { "lost", "captured" };
      const char *tails[] = { muster_log_gettext (rec->lang, "; its colours lost"),
                              muster_log_gettext (rec->lang, "; took the enemy’s colours") };

      for (guint c = 0; c < G_N_ELEMENTS (tails) && best == NULL; c++)
        if (g_str_has_suffix (text, tails[c]))
          {
            g_autofree char *plain = g_strndup (text, strlen (text) - strlen (tails[c]));
            const MusterLogSentence *sentence = NULL;

            for (guint i = 0; i < n; i++)
              if (g_str_equal (sentences[i].kind, "unit-result"))
                sentence = &sentences[i];
            best = recover_by_form (rec, sentence, muster_log_gettext (rec->lang, sentence->msgid), plain,
                                    colours[c], NULL);
          }
    }
  return g_steal_pointer (&best);
}

/* The id of the row of @table ("unit" or "force") of the campaign
 * called @name, when there is one; 0. */
static gint64
row_named (Recovery   *rec,
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

/* Adds the id of the unit or force an entry is about, when a unit or
 * force of the campaign has the name it gives. */
static void
add_ids (Recovery   *rec,
         JsonObject *args)
{
  const char *kind = rec->entry->kind;
  const char *member = NULL;
  const char *table = "unit";
  gint64 id;

  if (g_str_equal (kind, "unit-created") || g_str_equal (kind, "unit-edited") ||
      g_str_equal (kind, "unit-result") || g_str_equal (kind, "unit-loss") ||
      g_str_equal (kind, "destroyed") || g_str_equal (kind, "rejoined") ||
      (g_str_equal (kind, "morale-loss") && !json_object_has_member (args, "total")))
    member = "name";
  else if (g_str_equal (kind, "force-created") || g_str_equal (kind, "force-side") ||
           g_str_equal (kind, "force-nationality"))
    member = "name", table = "force";
  else if (g_str_equal (kind, "force-renamed"))
    member = "new", table = "force";
  if (member == NULL)
    return;
  id = row_named (rec, table, muster_log_args_get_string (args, member));
  if (id != 0)
    json_object_set_int_member (args, g_str_equal (table, "unit") ? "unit_id" : "force_id", id);
}

static JsonObject *
recover_entry (Recovery *rec)
{
  if (!muster_log_kind_is_known (rec->entry->kind))
    return NULL;
  for (guint i = 0; i < rec->languages->len; i++)
    {
      JsonObject *args;

      rec->lang = g_ptr_array_index (rec->languages, i);
      args = recover_in_language (rec);
      if (args != NULL)
        {
          add_ids (rec, args);
          return args;
        }
    }
  return NULL;
}

static gboolean
recover_campaign (Recovery  *rec,
                  GError   **error)
{
  g_autoptr(GArray) entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  g_array_set_clear_func (entries, (GDestroyNotify) entry_clear);
  stmt = muster_store_prepare (rec->store,
                               "SELECT l.id, l.kind, l.message, coalesce (l.character_id, 0),"
                               " coalesce (l.game_id, 0), r.expression, r.faces, r.total, r.entered"
                               " FROM log_entry l LEFT JOIN roll r ON r.id = l.roll_id"
                               " WHERE l.campaign_id = ? AND l.args IS NULL ORDER BY l.id", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, rec->campaign_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      Entry entry = { 0, };

      entry.id = sqlite3_column_int64 (stmt, 0);
      entry.kind = g_strdup (muster_column_text (stmt, 1));
      entry.message = g_strdup (muster_column_text (stmt, 2));
      entry.character_id = sqlite3_column_int64 (stmt, 3);
      entry.game_id = sqlite3_column_int64 (stmt, 4);
      entry.has_roll = sqlite3_column_type (stmt, 5) != SQLITE_NULL;
      if (entry.has_roll)
        {
          entry.roll.expression = g_strdup (muster_column_text (stmt, 5));
          entry.roll.faces = g_strdup (muster_column_text (stmt, 6));
          entry.roll.total = sqlite3_column_int (stmt, 7);
          entry.roll.entered = sqlite3_column_int (stmt, 8) != 0;
        }
      g_array_append_val (entries, entry);
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (rec->store, error, _("Could not read the campaign log"));
      return FALSE;
    }
  sqlite3_reset (stmt);

  for (guint i = 0; i < entries->len; i++)
    {
      g_autoptr(JsonObject) args = NULL;
      g_autofree char *text = NULL;

      rec->entry = &g_array_index (entries, Entry, i);
      args = recover_entry (rec);
      if (args == NULL)
        continue;
      text = muster_log_args_to_string (args);
      stmt = muster_store_prepare (rec->store, "UPDATE log_entry SET args = ?, message = '' WHERE id = ?",
                                   error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_text (stmt, 1, text, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (stmt, 2, rec->entry->id);
      if (!muster_store_exec (rec->store, stmt, _("Could not write to the campaign log"), error))
        return FALSE;
    }
  return TRUE;
}

/* Reads back the log of each campaign of @campaigns (of gint64). */
static gboolean
recover_campaigns (MusterStore  *self,
                   GArray       *campaigns,
                   GError      **error)
{
  g_autoptr(GPtrArray) languages = muster_log_languages_installed ();
  g_autoptr(GHashTable) patterns = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                         (GDestroyNotify) pattern_free);

  for (guint c = 0; c < campaigns->len; c++)
    {
      gint64 id = g_array_index (campaigns, gint64, c);
      g_autoptr(MusterRuleset) ruleset = NULL;
      g_autofree char *text = NULL;
      Recovery rec = { self, id, NULL, languages, patterns, NULL, NULL };

      {
        MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (self,
            "SELECT ruleset_xml FROM campaign WHERE id = ?", error);

        if (stmt == NULL)
          return FALSE;
        sqlite3_bind_int64 (stmt, 1, id);
        if (sqlite3_step (stmt) == SQLITE_ROW)
          text = g_strdup (muster_column_text (stmt, 0));
      }
      ruleset = muster_ruleset_new_from_data (text != NULL ? text : "", -1, "ruleset", NULL);
      rec.ruleset = ruleset;
      if (!recover_campaign (&rec, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * muster_store_recover_log:
 * @self: a library being brought up to version 7, inside the migration's
 *   transaction
 *
 * Reads back the arguments of each log entry written before (see above);
 * the entries it cannot read back keep their text. A campaign whose copy
 * of its ruleset does not load has its entries read back without the
 * rules' names.
 */
gboolean
muster_store_recover_log (MusterStore  *self,
                          GError      **error)
{
  g_autoptr(GArray) campaigns = g_array_new (FALSE, FALSE, sizeof (gint64));
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (self, "SELECT id FROM campaign ORDER BY id", error);
  if (stmt == NULL)
    return FALSE;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_array_append_val (campaigns, id);
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (self, error, _("Could not read the campaigns"));
      return FALSE;
    }
  sqlite3_reset (stmt);
  return recover_campaigns (self, campaigns, error);
}

/**
 * muster_store_recover_campaign_log:
 * @self: a library, inside a transaction
 * @campaign_id: a campaign whose log was written as text (imported from a
 *   file of the first version of the exchange format)
 *
 * The same as muster_store_recover_log(), for one campaign.
 */
gboolean
muster_store_recover_campaign_log (MusterStore  *self,
                                   gint64        campaign_id,
                                   GError      **error)
{
  g_autoptr(GArray) campaigns = g_array_new (FALSE, FALSE, sizeof (gint64));

  g_array_append_val (campaigns, campaign_id);
  return recover_campaigns (self, campaigns, error);
}
