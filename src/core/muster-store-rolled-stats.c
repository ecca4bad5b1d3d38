/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-store"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-ruleset.h"
#include "muster-store-private.h"

/* Migration 5's share in C: the stats a weapon's cap lowered when they
 * were stored, put back to what the recruit rolled.
 *
 * Before version 5 a recruit who rolled above his weapon's cap (a firing
 * skill of 11 with a musket) was stored at the cap, and so was a man
 * handed such a weapon later. His recruit roll is kept in the roll table
 * ("recruit:F" and its total). A value is put back when all of these
 * hold, so that nothing a person or the dice decided since is undone:
 *
 *   - a weapon of the campaign's own ruleset caps the stat, and the
 *     stored value is such a cap (what the cap lowered it to);
 *   - his troop type rolls the stat on dice (a stat rolled on a table
 *     takes the entry's value, not the total);
 *   - the roll's total is above the stored value, and within the stat's
 *     range;
 *   - no resolution ever changed the stat, and no one set one of his
 *     stats by hand. */

typedef struct {
  gint64  id;
  char   *name;
  char   *troop_type;
  int     value;
  int     total;
} Lowered;

static void
lowered_free (Lowered *lowered)
{
  g_free (lowered->name);
  g_free (lowered->troop_type);
  g_free (lowered);
}

/* Whether some weapon of @ruleset caps @key at @value, or with @value
 * G_MAXINT at all. */
static gboolean
is_a_cap (MusterRuleset *ruleset,
          const char    *key,
          int            value)
{
  for (guint i = 0; i < muster_ruleset_get_n_weapons (ruleset); i++)
    {
      int cap = muster_ruleset_get_cap (ruleset, muster_ruleset_get_weapon (ruleset, i)->id, key);

      if (value == G_MAXINT ? cap != G_MAXINT : cap == value)
        return TRUE;
    }
  return FALSE;
}

/* The characters of @campaign_id whose @key is below the total of its
 * recruit roll, untouched since by a resolution or by hand. */
static GPtrArray *
list_lowered (MusterStore  *self,
              gint64        campaign_id,
              const char   *key,
              GError      **error)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func ((GDestroyNotify) lowered_free);
  g_autofree char *purpose = g_strconcat ("recruit:", key, NULL);
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (self,
      "SELECT c.id, c.name, c.troop_type, s.value, r.total FROM character c"
      " JOIN stat s ON s.character_id = c.id AND s.key = ?2"
      " JOIN roll r ON r.id = (SELECT max (id) FROM roll"
      "   WHERE character_id = c.id AND purpose = ?3)"
      " WHERE c.campaign_id = ?1 AND r.total > s.value"
      " AND NOT EXISTS (SELECT 1 FROM resolution_change rc"
      "   WHERE rc.tbl = 'stat' AND rc.row_id = c.id AND rc.col = ?2)"
      " AND NOT EXISTS (SELECT 1 FROM log_entry l"
      "   WHERE l.character_id = c.id AND l.kind = 'stat-changed')"
      " ORDER BY c.id", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, campaign_id);
  sqlite3_bind_text (stmt, 2, key, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 3, purpose, -1, SQLITE_TRANSIENT);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      Lowered *lowered = g_new0 (Lowered, 1);

      lowered->id = sqlite3_column_int64 (stmt, 0);
      lowered->name = g_strdup (muster_column_text (stmt, 1));
      lowered->troop_type = g_strdup (muster_column_text (stmt, 2));
      lowered->value = sqlite3_column_int (stmt, 3);
      lowered->total = sqlite3_column_int (stmt, 4);
      g_ptr_array_add (found, lowered);
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (self, error, _("Could not read the characters’ recruit rolls"));
      return NULL;
    }
  return g_steal_pointer (&found);
}

static gboolean
restore_stat (MusterStore          *self,
              gint64                campaign_id,
              MusterRuleset        *ruleset,
              const MusterStatDef  *def,
              GError              **error)
{
  g_autoptr(GPtrArray) lowered = NULL;

  if (!is_a_cap (ruleset, def->key, G_MAXINT))
    return TRUE;
  lowered = list_lowered (self, campaign_id, def->key, error);
  if (lowered == NULL)
    return FALSE;

  for (guint i = 0; i < lowered->len; i++)
    {
      const Lowered *man = g_ptr_array_index (lowered, i);
      const MusterTroopType *type = muster_ruleset_lookup_troop_type (ruleset, man->troop_type);
      MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
      MUSTER_STMT_AUTO sqlite3_stmt *log = NULL;
      g_autoptr(JsonObject) args = NULL;
      g_autofree char *message = NULL;
      MusterLogContext ctx = { NULL, ruleset, "stat-restored", NULL, NULL };

      if (type == NULL || muster_troop_type_get_roll (type, def->key) == NULL ||
          !is_a_cap (ruleset, def->key, man->value) ||
          man->total < def->min || man->total > def->max)
        continue;

      stmt = muster_store_prepare (self, "UPDATE stat SET value = ? WHERE character_id = ? AND key = ?", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int (stmt, 1, man->total);
      sqlite3_bind_int64 (stmt, 2, man->id);
      sqlite3_bind_text (stmt, 3, def->key, -1, SQLITE_TRANSIENT);
      if (!muster_store_exec (self, stmt, _("Could not restore a stat"), error))
        return FALSE;

      /* A library of version 5 keeps its log as text, in the language of
       * whoever brings it up to date; migration 7 reads it back. */
      args = muster_log_args ("s:name", man->name, "s:stat", def->key, "i:value", man->total,
                              "i:kept", man->value, NULL);
      ctx.args = args;
      message = muster_log_format_in (&ctx);
      log = muster_store_prepare (self,
                                   "INSERT INTO log_entry (campaign_id, character_id, kind, message, created)"
                                   " VALUES (?, ?, 'stat-restored', ?, ?)", error);
      if (log == NULL)
        return FALSE;
      {
        g_autofree char *now = muster_store_now ();

        sqlite3_bind_int64 (log, 1, campaign_id);
        sqlite3_bind_int64 (log, 2, man->id);
        sqlite3_bind_text (log, 3, message, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text (log, 4, now, -1, SQLITE_TRANSIENT);
        if (!muster_store_exec (self, log, _("Could not write to the campaign log"), error))
          return FALSE;
      }
    }
  return TRUE;
}

/**
 * muster_store_restore_rolled_stats:
 * @self: a library being brought up to version 5, inside the migration's
 *   transaction
 *
 * Puts back the stats a weapon's cap lowered when they were stored (see
 * above), with a log entry for each character restored. A campaign whose
 * copy of its ruleset does not load is left as it is.
 */
gboolean
muster_store_restore_rolled_stats (MusterStore  *self,
                                   GError      **error)
{
  g_autoptr(GArray) campaigns = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) xml = g_ptr_array_new_with_free_func (g_free);
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (self, "SELECT id, ruleset_xml FROM campaign ORDER BY id", error);
  if (stmt == NULL)
    return FALSE;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_array_append_val (campaigns, id);
      g_ptr_array_add (xml, g_strdup (muster_column_text (stmt, 1)));
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (self, error, _("Could not read the campaigns"));
      return FALSE;
    }

  for (guint c = 0; c < campaigns->len; c++)
    {
      g_autoptr(MusterRuleset) ruleset = NULL;
      const char *text = g_ptr_array_index (xml, c);

      ruleset = muster_ruleset_new_from_data (text != NULL ? text : "", -1, "ruleset", NULL);
      if (ruleset == NULL)
        continue;
      for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
        if (!restore_stat (self, g_array_index (campaigns, gint64, c), ruleset,
                           muster_ruleset_get_stat (ruleset, i), error))
          return FALSE;
    }
  return TRUE;
}
