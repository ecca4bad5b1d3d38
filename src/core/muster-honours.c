/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-honours"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-honours.h"
#include "muster-store-private.h"

static GPtrArray *
query_honours (MusterStore  *store,
               const char   *sql,
               gint64        campaign_id,
               gboolean      with_killers,
               GError      **error)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_honour_free);
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (store, sql, error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, campaign_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      MusterHonour *honour = g_new0 (MusterHonour, 1);

      honour->character_id = sqlite3_column_int64 (stmt, 0);
      honour->name = g_strdup (muster_column_text (stmt, 1));
      honour->force_name = g_strdup (muster_column_text (stmt, 2));
      honour->game_id = sqlite3_column_int64 (stmt, 3);
      honour->game_number = sqlite3_column_int (stmt, 4);
      honour->game_title = g_strdup (muster_column_text (stmt, 5));
      honour->game_date = g_strdup (muster_column_text (stmt, 6));
      honour->when = g_strdup (muster_column_text (stmt, 7));
      honour->killers = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (rows, honour);
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (store, error, _("Could not list the campaign’s honours"));
      return NULL;
    }

  if (!with_killers)
    return g_steal_pointer (&rows);

  for (guint i = 0; i < rows->len; i++)
    {
      MusterHonour *honour = g_ptr_array_index (rows, i);
      MUSTER_STMT_AUTO sqlite3_stmt *killers = NULL;

      if (honour->game_id == 0)
        continue;
      killers = muster_store_prepare (store,
                                      "SELECT c.name FROM kill k JOIN character c ON c.id = k.killer_id "
                                      "WHERE k.game_id = ? AND k.victim_id = ? ORDER BY k.id",
                                      error);
      if (killers == NULL)
        return NULL;
      sqlite3_bind_int64 (killers, 1, honour->game_id);
      sqlite3_bind_int64 (killers, 2, honour->character_id);
      while ((rc = sqlite3_step (killers)) == SQLITE_ROW)
        g_ptr_array_add (honour->killers, g_strdup (muster_column_text (killers, 0)));
      if (rc != SQLITE_DONE)
        {
          muster_store_set_error (store, error, _("Could not list the kills"));
          return NULL;
        }
    }

  return g_steal_pointer (&rows);
}

static GPtrArray *
query_records (MusterStore  *store,
               const char   *value_sql,
               const char   *where,
               gint64        campaign_id,
               guint         limit,
               GError      **error)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_record_free);
  g_autofree char *sql = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  sql = g_strdup_printf ("SELECT id, name, force_name, status, v FROM "
                         "(SELECT c.id, c.name, f.name AS force_name, c.status, (%s) AS v "
                         "FROM character c JOIN force f ON f.id = c.force_id "
                         "WHERE c.campaign_id = ?1 %s) "
                         "WHERE v > 0 ORDER BY v DESC, name, id LIMIT ?2",
                         value_sql, where);
  stmt = muster_store_prepare (store, sql, error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, campaign_id);
  sqlite3_bind_int64 (stmt, 2, limit > 0 ? (gint64) limit : -1);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      MusterRecord *record = g_new0 (MusterRecord, 1);

      record->character_id = sqlite3_column_int64 (stmt, 0);
      record->name = g_strdup (muster_column_text (stmt, 1));
      record->force_name = g_strdup (muster_column_text (stmt, 2));
      if (!muster_status_from_string (muster_column_text (stmt, 3), &record->status))
        record->status = MUSTER_STATUS_ACTIVE;
      record->value = sqlite3_column_int (stmt, 4);
      g_ptr_array_add (rows, record);
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (store, error, _("Could not list the campaign’s records"));
      return NULL;
    }

  return g_steal_pointer (&rows);
}

static void
append_csv_field (GString    *out,
                  const char *text,
                  gboolean    last)
{
  if (text == NULL)
    text = "";
  if (strpbrk (text, ",\"\r\n") != NULL)
    {
      g_string_append_c (out, '"');
      for (const char *p = text; *p != '\0'; p++)
        {
          if (*p == '"')
            g_string_append_c (out, '"');
          g_string_append_c (out, *p);
        }
      g_string_append_c (out, '"');
    }
  else
    g_string_append (out, text);
  g_string_append (out, last ? "\r\n" : ",");
}

void
muster_honour_free (MusterHonour *honour)
{
  if (honour == NULL)
    return;
  g_free (honour->name);
  g_free (honour->force_name);
  g_free (honour->game_title);
  g_free (honour->game_date);
  g_free (honour->when);
  g_clear_pointer (&honour->killers, g_ptr_array_unref);
  g_free (honour);
}

void
muster_record_free (MusterRecord *record)
{
  if (record == NULL)
    return;
  g_free (record->name);
  g_free (record->force_name);
  g_free (record);
}

/**
 * muster_honours_list_fallen:
 * @store: a library
 * @campaign_id: the campaign’s id
 * @error: return location for a #GError, or %NULL
 *
 * Lists the characters who died, oldest death first.
 *
 * Returns: (transfer full) (element-type MusterHonour): a new array of
 *   #MusterHonour, or %NULL with @error set
 */
GPtrArray *
muster_honours_list_fallen (MusterStore  *store,
                            gint64        campaign_id,
                            GError      **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  return query_honours (store,
                        "SELECT c.id, c.name, f.name, coalesce (l.game_id, 0), "
                        "coalesce (g.number, 0), g.title, g.date, l.created "
                        "FROM character c JOIN force f ON f.id = c.force_id "
                        "LEFT JOIN log_entry l ON l.id = (SELECT max (l2.id) FROM log_entry l2 "
                        "  WHERE l2.character_id = c.id AND l2.kind = 'death') "
                        "LEFT JOIN game g ON g.id = l.game_id "
                        "WHERE c.campaign_id = ? AND c.status = 'dead' "
                        "ORDER BY coalesce (l.id, 0), c.id",
                        campaign_id, TRUE, error);
}

/**
 * muster_honours_list_recovered:
 * @store: a library
 * @campaign_id: the campaign’s id
 * @error: return location for a #GError, or %NULL
 *
 * Lists every recovery from out of action, oldest first.
 *
 * Returns: (transfer full) (element-type MusterHonour): a new array of
 *   #MusterHonour, or %NULL with @error set
 */
GPtrArray *
muster_honours_list_recovered (MusterStore  *store,
                               gint64        campaign_id,
                               GError      **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  return query_honours (store,
                        "SELECT c.id, c.name, f.name, coalesce (l.game_id, 0), "
                        "coalesce (g.number, 0), g.title, g.date, l.created "
                        "FROM log_entry l JOIN character c ON c.id = l.character_id "
                        "JOIN force f ON f.id = c.force_id "
                        "LEFT JOIN game g ON g.id = l.game_id "
                        "WHERE l.campaign_id = ? AND l.kind = 'recovered' "
                        "ORDER BY l.id",
                        campaign_id, FALSE, error);
}

/**
 * muster_honours_most_kills:
 * @store: a library
 * @campaign_id: the campaign’s id
 * @limit: at most this many lines, or 0 for all with a value above 0
 * @error: return location for a #GError, or %NULL
 *
 * Lists career kills, named victims and unnamed figures, best first.
 *
 * Returns: (transfer full) (element-type MusterRecord): a new array of
 *   #MusterRecord, or %NULL with @error set
 */
GPtrArray *
muster_honours_most_kills (MusterStore  *store,
                           gint64        campaign_id,
                           guint         limit,
                           GError      **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  return query_records (store,
                        "(SELECT count (*) FROM kill k WHERE k.killer_id = c.id) + "
                        "(SELECT coalesce (sum (p.killed_unnamed), 0) FROM participation p "
                        " WHERE p.character_id = c.id)",
                        "", campaign_id, limit, error);
}

/**
 * muster_honours_most_survived:
 * @store: a library
 * @campaign_id: the campaign’s id
 * @limit: at most this many lines, or 0 for all with a value above 0
 * @error: return location for a #GError, or %NULL
 *
 * Lists resolved games taken part in and lived through, best first.
 *
 * Returns: (transfer full) (element-type MusterRecord): a new array of
 *   #MusterRecord, or %NULL with @error set
 */
GPtrArray *
muster_honours_most_survived (MusterStore  *store,
                              gint64        campaign_id,
                              guint         limit,
                              GError      **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  return query_records (store,
                        "(SELECT count (*) FROM participation p JOIN game g ON g.id = p.game_id "
                        " WHERE p.character_id = c.id AND g.state = 'resolved') - "
                        "(CASE WHEN c.status = 'dead' AND EXISTS (SELECT 1 FROM log_entry l "
                        "  WHERE l.character_id = c.id AND l.kind = 'death' AND l.game_id IS NOT NULL) "
                        " THEN 1 ELSE 0 END)",
                        "", campaign_id, limit, error);
}

/**
 * muster_honours_longest_on_roll:
 * @store: a library
 * @campaign_id: the campaign’s id
 * @limit: at most this many lines, or 0 for all with a value above 0
 * @error: return location for a #GError, or %NULL
 *
 * Lists, for characters still on the roll, the campaign’s resolved games
 * since the first they took part in, best first.
 *
 * Returns: (transfer full) (element-type MusterRecord): a new array of
 *   #MusterRecord, or %NULL with @error set
 */
GPtrArray *
muster_honours_longest_on_roll (MusterStore  *store,
                                gint64        campaign_id,
                                guint         limit,
                                GError      **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  return query_records (store,
                        "SELECT count (*) FROM game g WHERE g.campaign_id = c.campaign_id "
                        "AND g.state = 'resolved' AND g.number >= "
                        "(SELECT min (g2.number) FROM participation p2 "
                        " JOIN game g2 ON g2.id = p2.game_id WHERE p2.character_id = c.id)",
                        "AND c.status NOT IN ('dead', 'retired')",
                        campaign_id, limit, error);
}

char *
muster_honours_kill_ledger_csv (MusterStore  *store,
                                gint64        campaign_id,
                                GError      **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  stmt = muster_store_prepare (store,
                               "SELECT g.number, g.title, g.date, k.name, v.name, 0, kl.id "
                               "FROM kill kl JOIN game g ON g.id = kl.game_id "
                               "JOIN character k ON k.id = kl.killer_id "
                               "JOIN character v ON v.id = kl.victim_id "
                               "WHERE g.campaign_id = ?1 "
                               "UNION ALL "
                               "SELECT g.number, g.title, g.date, c.name, NULL, p.killed_unnamed, 0 "
                               "FROM participation p JOIN game g ON g.id = p.game_id "
                               "JOIN character c ON c.id = p.character_id "
                               "WHERE g.campaign_id = ?1 AND p.killed_unnamed > 0 "
                               "ORDER BY 1, 4, 6, 7",
                               error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, campaign_id);

  g_string_append (out, "killer,victim,game,title,date\r\n");
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_autofree char *number = g_strdup_printf ("%d", sqlite3_column_int (stmt, 0));
      g_autofree char *unnamed = NULL;

      append_csv_field (out, muster_column_text (stmt, 3), FALSE);
      if (sqlite3_column_type (stmt, 4) == SQLITE_NULL)
        {
          /* Translators: a number of figures without names put out of action */
          unnamed = g_strdup_printf (_("unnamed ×%d"), sqlite3_column_int (stmt, 5));
          append_csv_field (out, unnamed, FALSE);
        }
      else
        append_csv_field (out, muster_column_text (stmt, 4), FALSE);
      append_csv_field (out, number, FALSE);
      append_csv_field (out, muster_column_text (stmt, 1), FALSE);
      append_csv_field (out, muster_column_text (stmt, 2), TRUE);
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (store, error, _("Could not read the kill ledger"));
      return NULL;
    }

  return g_string_free (g_steal_pointer (&out), FALSE);
}

gboolean
muster_honours_write_kill_ledger (MusterStore    *store,
                                  gint64          campaign_id,
                                  GOutputStream  *stream,
                                  GCancellable   *cancellable,
                                  GError        **error)
{
  g_autofree char *csv = NULL;

  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), FALSE);

  csv = muster_honours_kill_ledger_csv (store, campaign_id, error);
  if (csv == NULL)
    return FALSE;
  return g_output_stream_write_all (stream, csv, strlen (csv), NULL, cancellable, error);
}
