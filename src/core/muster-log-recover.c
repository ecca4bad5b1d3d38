/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-store"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-log-recover-private.h"

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
static void
entry_clear (RecoveryEntry *entry)
{
  g_free (entry->kind);
  g_free (entry->message);
  g_free ((char *) entry->roll.expression);
  g_free ((char *) entry->roll.faces);
}

/* --- Entries ------------------------------------------------------------- */

/* Whether @args say the entry's text again, word for word. */
static gboolean
says_again (Recovery   *rec,
            JsonObject *args)
{
  MusterLogContext ctx = muster_log_recover_context (rec, args);
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
  g_autoptr(GPtrArray) values = muster_log_read_back (rec, format, text, literal);
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
      if (!muster_log_recover_member (rec, sentence->args[i], value, args))
        return NULL;
    }
  muster_log_set_fixed_members (sentence, args);
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
  g_autoptr(GPtrArray) values = muster_log_read_back (rec, format, rec->entry->message, NULL);

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

  numbers = muster_log_numbers_in (rec->entry->message);
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
  const RecoveryEntry *entry = rec->entry;
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
      const char *patterns[] = { muster_log_gettext (rec->lang, "%s; its colours lost"),
                                 muster_log_gettext (rec->lang, "%s; took the enemy’s colours") };
      /* What each pattern puts after the results. */
      const char *tails[] = { g_str_has_prefix (patterns[0], "%s") ? patterns[0] + 2 : patterns[0],
                              g_str_has_prefix (patterns[1], "%s") ? patterns[1] + 2 : patterns[1] };

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
  id = muster_log_row_named (rec, table, muster_log_args_get_string (args, member));
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
  g_autoptr(GArray) entries = g_array_new (FALSE, TRUE, sizeof (RecoveryEntry));
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *update = NULL;
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
      RecoveryEntry entry = { 0, };

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

  for (guint i = 0; i < entries->len; i++)
    {
      g_autoptr(JsonObject) args = NULL;
      g_autofree char *text = NULL;

      rec->entry = &g_array_index (entries, RecoveryEntry, i);
      args = recover_entry (rec);
      if (args == NULL)
        continue;
      text = muster_log_args_to_string (args);
      update = muster_store_prepare (rec->store, "UPDATE log_entry SET args = ?, message = '' WHERE id = ?",
                                     error);
      if (update == NULL)
        return FALSE;
      sqlite3_bind_text (update, 1, text, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (update, 2, rec->entry->id);
      if (!muster_store_exec (rec->store, update, _("Could not write to the campaign log"), error))
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
                                                         (GDestroyNotify) muster_log_pattern_free);

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
