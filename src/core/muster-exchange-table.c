/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-exchange"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "muster-exchange.h"
#include "muster-exchange-private.h"
#include "muster-ruleset-play.h"

/* A started game's table in a campaign file (format 3): its order of
 * play and its hits, written and read back row for row. */

static gboolean
write_order (Export  *ex,
             gint64   game_id,
             GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (ex->store,
                               "SELECT bound, place, character_id, unit_id, side, card, faces, total,"
                               " tie_faces, entered FROM table_order WHERE game_id = ? ORDER BY bound, place",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      muster_export_start (ex, "order-place");
      muster_export_attr_int (ex, "bound", sqlite3_column_int64 (stmt, 0));
      muster_export_attr_int (ex, "place", sqlite3_column_int64 (stmt, 1));
      muster_export_attr_ref (ex, "character", ex->characters, stmt, 2);
      muster_export_attr_ref (ex, "unit", ex->units, stmt, 3);
      muster_export_attr (ex, "side", muster_export_column (stmt, 4));
      muster_export_attr (ex, "card", muster_export_column (stmt, 5));
      muster_export_attr (ex, "faces", muster_export_column (stmt, 6));
      muster_export_attr_int (ex, "total", sqlite3_column_int64 (stmt, 7));
      muster_export_attr (ex, "tie-faces", muster_export_column (stmt, 8));
      muster_export_attr_bool (ex, "entered", sqlite3_column_int (stmt, 9) != 0);
      muster_export_end (ex);
    }
  return muster_export_step_done (ex, stmt, rc, error);
}

static gboolean
write_hits (Export  *ex,
            gint64   game_id,
            GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (ex->store,
                               "SELECT ordinal, target_id, unit_id, attacker_id, bound, kind, location,"
                               " difference, score, modifiers, effect, light, serious, location_faces,"
                               " effect_faces, entered, figures, killed, wounded, created"
                               " FROM table_hit WHERE game_id = ? ORDER BY ordinal",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      muster_export_start (ex, "hit");
      muster_export_attr_int (ex, "ordinal", sqlite3_column_int64 (stmt, 0));
      muster_export_attr_ref (ex, "target", ex->characters, stmt, 1);
      muster_export_attr_ref (ex, "unit", ex->units, stmt, 2);
      muster_export_attr_ref (ex, "attacker", ex->characters, stmt, 3);
      muster_export_attr_int (ex, "bound", sqlite3_column_int64 (stmt, 4));
      muster_export_attr (ex, "kind", muster_export_column (stmt, 5));
      muster_export_attr (ex, "location", muster_export_column (stmt, 6));
      muster_export_attr_int (ex, "difference", sqlite3_column_int64 (stmt, 7));
      muster_export_attr_int (ex, "score", sqlite3_column_int64 (stmt, 8));
      muster_export_attr (ex, "modifiers", muster_export_column (stmt, 9));
      muster_export_attr (ex, "effect", muster_export_column (stmt, 10));
      muster_export_attr_int (ex, "light", sqlite3_column_int64 (stmt, 11));
      muster_export_attr_int (ex, "serious", sqlite3_column_int64 (stmt, 12));
      muster_export_attr (ex, "location-faces", muster_export_column (stmt, 13));
      muster_export_attr (ex, "effect-faces", muster_export_column (stmt, 14));
      muster_export_attr_bool (ex, "entered", sqlite3_column_int (stmt, 15) != 0);
      muster_export_attr_int (ex, "figures", sqlite3_column_int64 (stmt, 16));
      muster_export_attr_int (ex, "killed", sqlite3_column_int64 (stmt, 17));
      muster_export_attr_int (ex, "wounded", sqlite3_column_int64 (stmt, 18));
      muster_export_attr (ex, "created", muster_export_column (stmt, 19));
      muster_export_end (ex);
    }
  return muster_export_step_done (ex, stmt, rc, error);
}

gboolean
muster_export_table (Export  *ex,
                     gint64   game_id,
                     GError **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (ex->store, "SELECT per_bound FROM table_game WHERE game_id = ?", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    return TRUE;
  if (rc != SQLITE_ROW)
    return muster_export_step_done (ex, stmt, rc, error);
  muster_export_start (ex, "table");
  muster_export_attr_bool (ex, "per-bound", sqlite3_column_int (stmt, 0) != 0);
  if (!write_order (ex, game_id, error) || !write_hits (ex, game_id, error))
    return FALSE;
  muster_export_end (ex);
  return TRUE;
}

/* Reading */

void
muster_import_table (Import *im,
                     int     line)
{
  gboolean per_bound = muster_import_bool (im, "per-bound", line);
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  if (im->error != NULL)
    return;
  stmt = muster_import_prepare (im, "INSERT INTO table_game (game_id, per_bound) VALUES (?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->game_id);
  sqlite3_bind_int (stmt, 2, per_bound);
  muster_import_run (im, stmt);
}

void
muster_import_order_place (Import *im,
                           int     line)
{
  gint64 bound = 0, place = 0, total = 0;
  gint64 character_id = 0, unit_id = 0;
  gboolean entered = muster_import_bool (im, "entered", line);
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  if (!muster_import_int (im, "bound", 1, G_MAXINT32, line, &bound) ||
      !muster_import_int (im, "place", 1, G_MAXINT32, line, &place) ||
      !muster_import_int (im, "total", G_MININT32, G_MAXINT32, line, &total))
    return;
  if (muster_import_attr (im, "character") != NULL)
    character_id = muster_import_ref (im, ID_CHARACTER, "character", line);
  if (muster_import_attr (im, "unit") != NULL)
    unit_id = muster_import_ref (im, ID_UNIT, "unit", line);

  {
    g_autofree char *key = g_strdup_printf ("%u\037%" PRId64 "\037%" PRId64,
                                            g_hash_table_size (im->ids[ID_GAME]), bound, place);

    if (!muster_import_first_time (im, "order-place", key))
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          _("two places of the order of play are number %" PRId64 " of bound %" PRId64 "."),
                          place, bound);
  }
  if (im->error != NULL ||
      (muster_import_attr (im, "character") != NULL && character_id == 0) ||
      (muster_import_attr (im, "unit") != NULL && unit_id == 0))
    return;
  stmt = muster_import_prepare (im,
                                "INSERT INTO table_order (game_id, bound, place, character_id, unit_id, side,"
                                " card, faces, total, tie_faces, entered) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->game_id);
  sqlite3_bind_int64 (stmt, 2, bound);
  sqlite3_bind_int64 (stmt, 3, place);
  muster_import_bind_id (stmt, 4, character_id);
  muster_import_bind_id (stmt, 5, unit_id);
  muster_import_bind_text (stmt, 6, muster_import_attr (im, "side"));
  muster_import_bind_text (stmt, 7, muster_import_attr (im, "card"));
  muster_import_bind_text (stmt, 8, muster_import_attr (im, "faces"));
  sqlite3_bind_int64 (stmt, 9, total);
  muster_import_bind_text (stmt, 10, muster_import_attr (im, "tie-faces"));
  sqlite3_bind_int (stmt, 11, entered);
  muster_import_run (im, stmt);
}

/* In pass 1: the hit's effect and location are the rules'. */
static void
check_hit_rules (Import *im,
                 int     line)
{
  const MusterPlay *play = im->ruleset != NULL ? muster_ruleset_get_play (im->ruleset) : NULL;
  const char *effect = muster_import_attr (im, "effect");
  const char *location = muster_import_attr (im, "location");

  if (im->ruleset == NULL)
    return;
  if (play == NULL || muster_play_lookup_effect (play, effect) == NULL)
    muster_import_fail (im, MUSTER_EXCHANGE_ERROR_RULESET, line,
                        _("the ruleset “%s” has no effect “%s” of a hit."),
                        muster_ruleset_get_id (im->ruleset), effect != NULL ? effect : "");
  else if (location != NULL && muster_play_lookup_location (play, location) == NULL)
    muster_import_fail (im, MUSTER_EXCHANGE_ERROR_RULESET, line,
                        _("the ruleset “%s” has no hit location “%s”."),
                        muster_ruleset_get_id (im->ruleset), location);
}

void
muster_import_hit (Import *im,
                   int     line)
{
  static const char * const counts[] = { "bound", "light", "serious", "figures", "killed", "wounded" };
  gint64 values[G_N_ELEMENTS (counts)];
  gint64 ordinal = 0, difference = 0, score = 0;
  gint64 target_id = 0, unit_id = 0, attacker_id = 0;
  gboolean entered = muster_import_bool (im, "entered", line);
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    values[i] = muster_import_count (im, counts[i], line);
  if (!muster_import_int (im, "ordinal", 1, G_MAXINT32, line, &ordinal) ||
      !muster_import_int (im, "difference", G_MININT32, G_MAXINT32, line, &difference) ||
      !muster_import_int (im, "score", G_MININT32, G_MAXINT32, line, &score))
    return;
  if (muster_import_attr (im, "target") != NULL)
    target_id = muster_import_ref (im, ID_CHARACTER, "target", line);
  if (muster_import_attr (im, "unit") != NULL)
    unit_id = muster_import_ref (im, ID_UNIT, "unit", line);
  if (muster_import_attr (im, "attacker") != NULL)
    attacker_id = muster_import_ref (im, ID_CHARACTER, "attacker", line);

  {
    g_autofree char *key = g_strdup_printf ("%u\037%" PRId64, g_hash_table_size (im->ids[ID_GAME]), ordinal);

    if (!muster_import_first_time (im, "hit", key))
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          _("two hits of one game are number %" PRId64 "."), ordinal);
    else
      check_hit_rules (im, line);
  }
  if (im->error != NULL ||
      (muster_import_attr (im, "target") != NULL && target_id == 0) ||
      (muster_import_attr (im, "unit") != NULL && unit_id == 0) ||
      (muster_import_attr (im, "attacker") != NULL && attacker_id == 0))
    return;
  stmt = muster_import_prepare (im,
                                "INSERT INTO table_hit (game_id, ordinal, target_id, unit_id, attacker_id, bound,"
                                " kind, location, difference, score, modifiers, effect, light, serious,"
                                " location_faces, effect_faces, entered, figures, killed, wounded, created)"
                                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->game_id);
  sqlite3_bind_int64 (stmt, 2, ordinal);
  muster_import_bind_id (stmt, 3, target_id);
  muster_import_bind_id (stmt, 4, unit_id);
  muster_import_bind_id (stmt, 5, attacker_id);
  sqlite3_bind_int64 (stmt, 6, values[0]);
  muster_import_bind_text (stmt, 7, muster_import_attr (im, "kind"));
  muster_import_bind_text (stmt, 8, muster_import_attr (im, "location"));
  sqlite3_bind_int64 (stmt, 9, difference);
  sqlite3_bind_int64 (stmt, 10, score);
  muster_import_bind_text (stmt, 11, muster_import_attr (im, "modifiers"));
  muster_import_bind_text (stmt, 12, muster_import_attr (im, "effect"));
  sqlite3_bind_int64 (stmt, 13, values[1]);
  sqlite3_bind_int64 (stmt, 14, values[2]);
  muster_import_bind_text (stmt, 15, muster_import_attr (im, "location-faces"));
  muster_import_bind_text (stmt, 16, muster_import_attr (im, "effect-faces"));
  sqlite3_bind_int (stmt, 17, entered);
  sqlite3_bind_int64 (stmt, 18, values[3]);
  sqlite3_bind_int64 (stmt, 19, values[4]);
  sqlite3_bind_int64 (stmt, 20, values[5]);
  muster_import_bind_text (stmt, 21, muster_import_attr (im, "created"));
  muster_import_run (im, stmt);
}
