/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-exchange"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "muster-exchange.h"
#include "muster-exchange-private.h"
#include "muster-file-output-stream.h"
#include "muster-ruleset.h"

/* Writing a file: the campaign or force with its units and characters,
 * and the public API. Games, resolutions, rolls and the log are in
 * muster-exchange-games.c; the writer itself in muster-exchange-writer.c. */

G_DEFINE_QUARK (muster-exchange-error-quark, muster_exchange_error)

/* Forces, units and characters */

typedef struct {
  char *key;
  int   value;
  guint order;
} StatValue;

static int
compare_stats (gconstpointer a,
               gconstpointer b)
{
  const StatValue *sa = a;
  const StatValue *sb = b;

  if (sa->order != sb->order)
    return sa->order < sb->order ? -1 : 1;
  return strcmp (sa->key, sb->key);
}

static void
stat_value_clear (gpointer data)
{
  StatValue *sv = data;

  g_free (sv->key);
}

/* Where @key comes in the ruleset: its character stats (I D S C F) or, for
 * a unit, its unit stats; G_MAXUINT when the ruleset does not know it. */
static guint
stat_order (Export     *ex,
            gboolean    unit,
            const char *key)
{
  if (ex->ruleset == NULL)
    return G_MAXUINT;
  if (unit)
    {
      GPtrArray *defs = muster_ruleset_get_unit_stats (ex->ruleset);

      for (guint i = 0; i < defs->len; i++)
        if (g_strcmp0 (((const MusterUnitStatDef *) g_ptr_array_index (defs, i))->key, key) == 0)
          return i;
      return G_MAXUINT;
    }
  for (guint i = 0; i < muster_ruleset_get_n_stats (ex->ruleset); i++)
    if (g_strcmp0 (muster_ruleset_get_stat (ex->ruleset, i)->key, key) == 0)
      return i;
  return G_MAXUINT;
}

/* A character's stats (table stat) or a unit's values (table unit_stat) as
 * <stat> elements, in the ruleset's order, any key it does not know last. */
static gboolean
write_stats (Export   *ex,
             gboolean  unit,
             gint64    owner_id,
             GError  **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  g_autoptr(GArray) stats = g_array_new (FALSE, FALSE, sizeof (StatValue));
  int rc;

  g_array_set_clear_func (stats, stat_value_clear);
  stmt = muster_store_prepare (ex->store,
                               unit
                               ? "SELECT key, value FROM unit_stat WHERE unit_id = ? ORDER BY key"
                               : "SELECT key, value FROM stat WHERE character_id = ? ORDER BY key",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, owner_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      StatValue sv = { g_strdup (muster_export_column (stmt, 0)), sqlite3_column_int (stmt, 1), 0 };

      sv.order = stat_order (ex, unit, sv.key);
      g_array_append_val (stats, sv);
    }
  if (!muster_export_step_done (ex, stmt, rc, error))
    return FALSE;

  g_array_sort (stats, compare_stats);
  for (guint i = 0; i < stats->len; i++)
    {
      const StatValue *sv = &g_array_index (stats, StatValue, i);

      muster_export_start (ex, "stat");
      muster_export_attr (ex, "key", sv->key);
      muster_export_attr_int (ex, "value", sv->value);
      muster_export_end (ex);
    }
  return TRUE;
}

static gboolean
write_units (Export  *ex,
             gint64   force_id,
             GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (ex->store,
                               "SELECT id, name, kind, troop_type, rating, size, lost,"
                               " morale_loss, status, notes"
                               " FROM unit WHERE force_id = ? ORDER BY id",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, force_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      muster_export_start (ex, "unit");
      muster_export_attr (ex, "id", muster_export_id (ex->units, sqlite3_column_int64 (stmt, 0)));
      muster_export_attr (ex, "name", muster_export_column (stmt, 1));
      muster_export_attr (ex, "kind", muster_export_column (stmt, 2));
      muster_export_attr (ex, "troop-type", muster_export_column (stmt, 3));
      muster_export_attr (ex, "rating", muster_export_column (stmt, 4));
      muster_export_attr_int (ex, "size", sqlite3_column_int64 (stmt, 5));
      muster_export_attr_int (ex, "lost", sqlite3_column_int64 (stmt, 6));
      muster_export_attr_int (ex, "morale-loss", sqlite3_column_int64 (stmt, 7));
      muster_export_attr (ex, "status", muster_export_column (stmt, 8));
      muster_export_notes (ex, muster_export_column (stmt, 9));
      if (!write_stats (ex, TRUE, sqlite3_column_int64 (stmt, 0), error))
        return FALSE;
      muster_export_end (ex);
    }
  return muster_export_step_done (ex, stmt, rc, error);
}

static gboolean
write_characters (Export    *ex,
                  gint64     force_id,
                  gboolean   totals,
                  GError   **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (ex->store,
                               "SELECT c.id, c.unit_id, c.name, c.rank, c.troop_type, c.weapon,"
                               " c.mounted, c.status, c.out_games, c.light_wounds,"
                               " c.serious_wounds, c.notes,"
                               " (SELECT COUNT(*) FROM kill k WHERE k.killer_id = c.id)"
                               " + (SELECT coalesce (sum (p.killed_unnamed), 0) FROM participation p"
                               "    WHERE p.character_id = c.id),"
                               " (SELECT COUNT(*) FROM participation p JOIN game g ON g.id = p.game_id"
                               "  WHERE p.character_id = c.id AND g.state <> 'planned'),"
                               " c.kills_elsewhere, c.games_elsewhere"
                               " FROM character c WHERE c.force_id = ? ORDER BY c.id",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, force_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      muster_export_start (ex, "character");
      muster_export_attr (ex, "id", muster_export_id (ex->characters, sqlite3_column_int64 (stmt, 0)));
      muster_export_attr (ex, "name", muster_export_column (stmt, 2));
      muster_export_attr (ex, "rank", muster_export_column (stmt, 3));
      muster_export_attr (ex, "troop-type", muster_export_column (stmt, 4));
      muster_export_attr (ex, "weapon", muster_export_column (stmt, 5));
      muster_export_attr_bool (ex, "mounted", sqlite3_column_int (stmt, 6) != 0);
      muster_export_attr (ex, "status", muster_export_column (stmt, 7));
      muster_export_attr_int (ex, "out-games", sqlite3_column_int64 (stmt, 8));
      muster_export_attr_int (ex, "light-wounds", sqlite3_column_int64 (stmt, 9));
      muster_export_attr_int (ex, "serious-wounds", sqlite3_column_int64 (stmt, 10));
      muster_export_attr_ref (ex, "unit", ex->units, stmt, 1);
      /* A force file carries each man's career: what he did in this
       * campaign and what he brought to it. A campaign file keeps the
       * two apart, and says nothing of a man who brought nothing. */
      if (totals)
        {
          muster_export_attr_int (ex, "kills", MIN (sqlite3_column_int64 (stmt, 12) +
                                                    sqlite3_column_int64 (stmt, 14), G_MAXINT));
          muster_export_attr_int (ex, "games", MIN (sqlite3_column_int64 (stmt, 13) +
                                                    sqlite3_column_int64 (stmt, 15), G_MAXINT));
        }
      else
        {
          if (sqlite3_column_int64 (stmt, 14) != 0)
            muster_export_attr_int (ex, "kills-elsewhere", sqlite3_column_int64 (stmt, 14));
          if (sqlite3_column_int64 (stmt, 15) != 0)
            muster_export_attr_int (ex, "games-elsewhere", sqlite3_column_int64 (stmt, 15));
        }
      muster_export_notes (ex, muster_export_column (stmt, 11));
      if (!write_stats (ex, FALSE, sqlite3_column_int64 (stmt, 0), error))
        return FALSE;
      muster_export_end (ex);
    }
  return muster_export_step_done (ex, stmt, rc, error);
}

static gboolean
write_forces (Export  *ex,
              GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  guint number = 0;
  int rc;

  stmt = muster_store_prepare (ex->store,
                               "SELECT id, name, side, notes, nationality FROM force"
                               " WHERE campaign_id = ? ORDER BY id",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, ex->campaign_id);

  muster_export_start (ex, "forces");
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_autofree char *id = g_strdup_printf ("f%u", ++number);
      gint64 force_id = sqlite3_column_int64 (stmt, 0);

      muster_export_start (ex, "force");
      muster_export_attr (ex, "id", id);
      muster_export_attr (ex, "name", muster_export_column (stmt, 1));
      muster_export_attr (ex, "side", muster_export_column (stmt, 2));
      muster_export_attr (ex, "nationality", muster_export_column (stmt, 4));
      muster_export_notes (ex, muster_export_column (stmt, 3));
      if (!write_units (ex, force_id, error) ||
          !write_characters (ex, force_id, FALSE, error))
        return FALSE;
      muster_export_end (ex);
    }
  muster_export_end (ex);
  return muster_export_step_done (ex, stmt, rc, error);
}

/* The <campaign> element's attributes and its <ruleset>. */
static gboolean
write_campaign_row (Export  *ex,
                    GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (ex->store,
                                                              "SELECT name, ruleset_id, ruleset_version, ruleset_xml, seed,"
                                                              " (SELECT counter FROM recruit_counter WHERE campaign_id = campaign.id),"
                                                              " notes, created"
                                                              " FROM campaign WHERE id = ?",
                                                              error);
  char seed[32];
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, ex->campaign_id);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      if (rc == SQLITE_DONE)
        g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                     _("There is no campaign %" PRId64 "."), ex->campaign_id);
      else
        muster_store_set_error (ex->store, error, _("Could not read the campaign"));
      return FALSE;
    }

  /* Seeds are unsigned; SQLite keeps the same 64 bits signed. */
  g_snprintf (seed, sizeof seed, "%" G_GUINT64_FORMAT,
              (guint64) sqlite3_column_int64 (stmt, 4));

  muster_export_start_root (ex, "campaign");
  muster_export_start (ex, "campaign");
  muster_export_attr (ex, "name", muster_export_column (stmt, 0));
  muster_export_attr (ex, "seed", seed);
  muster_export_attr_int (ex, "recruit-counter", sqlite3_column_int64 (stmt, 5));
  muster_export_attr (ex, "created", muster_export_column (stmt, 7));
  muster_export_notes (ex, muster_export_column (stmt, 6));

  muster_export_start (ex, "ruleset");
  muster_export_attr (ex, "id", muster_export_column (stmt, 1));
  muster_export_attr (ex, "version", muster_export_column (stmt, 2));
  muster_export_text (ex, muster_export_column (stmt, 3));
  muster_export_end (ex);
  return TRUE;
}

static gboolean
write_campaign (Export  *ex,
                GError **error)
{
  int rc;

  if (!write_campaign_row (ex, error))
    return FALSE;

  {
    MUSTER_STMT_AUTO sqlite3_stmt *options = muster_store_prepare (ex->store,
                                                                   "SELECT key, value FROM campaign_option"
                                                                   " WHERE campaign_id = ? ORDER BY key",
                                                                   error);

    if (options == NULL)
      return FALSE;
    sqlite3_bind_int64 (options, 1, ex->campaign_id);
    muster_export_start (ex, "options");
    while ((rc = sqlite3_step (options)) == SQLITE_ROW)
      {
        muster_export_start (ex, "option");
        muster_export_attr (ex, "key", muster_export_column (options, 0));
        muster_export_attr (ex, "value", muster_export_column (options, 1));
        muster_export_end (ex);
      }
    muster_export_end (ex);
    if (!muster_export_step_done (ex, options, rc, error))
      return FALSE;
  }

  if (!write_forces (ex, error) ||
      !muster_export_games (ex, error) ||
      !muster_export_resolutions (ex, error) ||
      !muster_export_rolls (ex, error) ||
      !muster_export_log (ex, error))
    return FALSE;

  muster_export_end (ex); /* campaign */
  muster_export_end (ex); /* muster */
  return TRUE;
}

/* The whole campaign @campaign_id, written to @stream as a .muster file;
 * a cancelled @cancellable fails the next write. */
static gboolean
export_campaign (MusterStore    *store,
                 gint64          campaign_id,
                 GOutputStream  *stream,
                 GCancellable   *cancellable,
                 GError        **error)
{
  Export ex = { 0 };
  gboolean ok;

  ex.cancellable = cancellable;
  if (!muster_export_begin (&ex, store, stream, error))
    return muster_export_finish (&ex, FALSE, NULL);

  ex.campaign_id = campaign_id;
  /* Only for the order of stats: a campaign whose ruleset no longer loads
   * can still be exported. */
  ex.ruleset = muster_store_get_campaign_ruleset (store, campaign_id, NULL);

  ok = muster_export_fill_map (&ex, ex.forces, "f",
                               "SELECT id FROM force WHERE campaign_id = ? ORDER BY id",
                               campaign_id, error) &&
       muster_export_fill_map (&ex, ex.units, "u",
                               "SELECT u.id FROM unit u JOIN force f ON f.id = u.force_id"
                               " WHERE f.campaign_id = ? ORDER BY f.id, u.id",
                               campaign_id, error) &&
       muster_export_fill_map (&ex, ex.characters, "c",
                               "SELECT c.id FROM character c JOIN force f ON f.id = c.force_id"
                               " WHERE f.campaign_id = ? ORDER BY f.id, c.id",
                               campaign_id, error) &&
       muster_export_fill_map (&ex, ex.games, "g",
                               "SELECT id FROM game WHERE campaign_id = ? ORDER BY id",
                               campaign_id, error) &&
       muster_export_fill_map (&ex, ex.resolutions, "r",
                               "SELECT id FROM resolution WHERE campaign_id = ? ORDER BY id",
                               campaign_id, error) &&
       muster_export_fill_map (&ex, ex.rolls, "d",
                               "SELECT id FROM roll WHERE campaign_id = ? ORDER BY id",
                               campaign_id, error) &&
       write_campaign (&ex, error);

  return muster_export_finish (&ex, ok, error);
}

/* The <force> element's attributes, its <ruleset> and notes; first the
 * ids of its units and characters. */
static gboolean
write_force_row (Export  *ex,
                 gint64   force_id,
                 GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (ex->store,
                                                              "SELECT f.name, f.side, f.notes, c.id, c.ruleset_id, c.ruleset_version, f.nationality"
                                                              " FROM force f JOIN campaign c ON c.id = f.campaign_id"
                                                              " WHERE f.id = ?",
                                                              error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, force_id);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      if (rc == SQLITE_DONE)
        g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                     _("There is no force %" PRId64 "."), force_id);
      else
        muster_store_set_error (ex->store, error, _("Could not read the force"));
      return FALSE;
    }

  ex->campaign_id = sqlite3_column_int64 (stmt, 3);
  ex->ruleset = muster_store_get_campaign_ruleset (ex->store, ex->campaign_id, NULL);

  if (!muster_export_fill_map (ex, ex->units, "u",
                               "SELECT id FROM unit WHERE force_id = ? ORDER BY id",
                               force_id, error) ||
      !muster_export_fill_map (ex, ex->characters, "c",
                               "SELECT id FROM character WHERE force_id = ? ORDER BY id",
                               force_id, error))
    return FALSE;

  muster_export_start_root (ex, "force");
  muster_export_start (ex, "force");
  muster_export_attr (ex, "id", "f1");
  muster_export_attr (ex, "name", muster_export_column (stmt, 0));
  muster_export_attr (ex, "side", muster_export_column (stmt, 1));
  muster_export_attr (ex, "nationality", muster_export_column (stmt, 6));
  muster_export_start (ex, "ruleset");
  muster_export_attr (ex, "id", muster_export_column (stmt, 4));
  muster_export_attr (ex, "version", muster_export_column (stmt, 5));
  muster_export_end (ex);
  muster_export_notes (ex, muster_export_column (stmt, 2));
  return TRUE;
}

/* The force @force_id, its units and characters, written to @stream. Each
 * character carries its kills and games as totals. */
static gboolean
export_force (MusterStore    *store,
              gint64          force_id,
              GOutputStream  *stream,
              GCancellable   *cancellable,
              GError        **error)
{
  Export ex = { 0 };
  gboolean ok = FALSE;

  ex.cancellable = cancellable;
  if (!muster_export_begin (&ex, store, stream, error))
    return muster_export_finish (&ex, FALSE, NULL);
  if (!write_force_row (&ex, force_id, error))
    return muster_export_finish (&ex, FALSE, NULL);

  if (write_units (&ex, force_id, error) &&
      write_characters (&ex, force_id, TRUE, error))
    {
      muster_export_end (&ex); /* force */
      muster_export_end (&ex); /* muster */
      ok = TRUE;
    }
  return muster_export_finish (&ex, ok, error);
}

/* Public API */

/**
 * muster_exchange_export_campaign:
 *
 * Writes the whole campaign @campaign_id to @stream as a .muster file.
 */
gboolean
muster_exchange_export_campaign (MusterStore    *store,
                                 gint64          campaign_id,
                                 GOutputStream  *stream,
                                 GError        **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return export_campaign (store, campaign_id, stream, NULL, error);
}

/**
 * muster_exchange_export_force:
 *
 * Writes the force @force_id, its units and characters, to @stream. Each
 * character carries its kills and games as totals.
 */
gboolean
muster_exchange_export_force (MusterStore    *store,
                              gint64          force_id,
                              GOutputStream  *stream,
                              GError        **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return export_force (store, force_id, stream, NULL, error);
}

gboolean
muster_exchange_export_to_path (MusterStore         *store,
                                MusterExchangeKind   kind,
                                gint64               id,
                                const char          *path,
                                GError             **error)
{
  return muster_exchange_export_to_path_full (store, kind, id, path, NULL, error);
}

/**
 * muster_exchange_export_to_path_full:
 * @store: the library
 * @kind: a campaign or a force file
 * @id: the campaign's or the force's id
 * @path: where to write
 * @cancellable: (nullable): stops the export, with %G_IO_ERROR_CANCELLED
 * @error: return location for an error
 *
 * Writes a campaign or a force file at @path, replacing what is there
 * only once the whole file is written: on an error or when @cancellable is
 * cancelled, @path is as it was and no temporary file is left beside it.
 *
 * Returns: %TRUE when the file is written
 */
gboolean
muster_exchange_export_to_path_full (MusterStore         *store,
                                     MusterExchangeKind   kind,
                                     gint64               id,
                                     const char          *path,
                                     GCancellable        *cancellable,
                                     GError             **error)
{
  g_autoptr(MusterFileOutputStream) stream = NULL;
  gboolean ok;

  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), FALSE);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  stream = muster_file_output_stream_new (path, 0666, error);
  if (stream == NULL)
    return FALSE;

  if (kind == MUSTER_EXCHANGE_FORCE)
    ok = export_force (store, id, G_OUTPUT_STREAM (stream), cancellable, error);
  else
    ok = export_campaign (store, id, G_OUTPUT_STREAM (stream), cancellable, error);

  /* Cancelled after the last write: still nothing replaced. */
  if (!ok || g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      muster_file_output_stream_abort (stream);
      return FALSE;
    }
  return muster_file_output_stream_commit (stream, error);
}
