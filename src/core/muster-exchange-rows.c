/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-exchange"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "muster-exchange.h"
#include "muster-exchange-private.h"
#include "muster-nationality.h"

/* Each element of a .muster file: what the schema cannot check (ids,
 * references, the ruleset), then its rows. Games, resolutions, rolls and
 * the log are in muster-exchange-game-rows.c. */

/* The root */

void
muster_import_root (Import *im,
                    int     line)
{
  const char *ns = im->element_ns;
  const char *name = im->element;
  const char *version;
  const char *kind;
  guint64 number;

  if (g_strcmp0 (name, "muster") != 0)
    {
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          _("the file’s root element is <%s>, not <muster>: this is not a Muster exchange file."),
                          name);
      return;
    }
  if (g_strcmp0 (ns, MUSTER_EXCHANGE_NS) != 0)
    {
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          _("the root element is in the namespace “%s”, not in Muster’s (“%s”): this is not a Muster exchange file."),
                          ns != NULL ? ns : "", MUSTER_EXCHANGE_NS);
      return;
    }

  version = muster_import_attr (im, "version");
  if (version != NULL &&
      g_ascii_string_to_unsigned (version, 10, 1, G_MAXUINT, &number, NULL) &&
      number > MUSTER_EXCHANGE_FORMAT_VERSION)
    {
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_NEWER, line,
                          _("This file was written by a newer Muster (format %u); this Muster reads format %d. Update Muster to import it."),
                          (guint) number, MUSTER_EXCHANGE_FORMAT_VERSION);
      return;
    }

  im->version = version != NULL ? (guint) g_ascii_strtoull (version, NULL, 10) : 0;
  kind = muster_import_attr (im, "kind");
  im->kind_known = TRUE;
  im->kind = g_strcmp0 (kind, "force") == 0 ? MUSTER_EXCHANGE_FORCE : MUSTER_EXCHANGE_CAMPAIGN;
}

static gboolean
kind_matches (Import             *im,
              MusterExchangeKind  kind,
              int                 line)
{
  if (im->kind == kind)
    return TRUE;
  muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                      kind == MUSTER_EXCHANGE_CAMPAIGN
                      ? _("the file says it holds a force, but it holds a campaign.")
                      : _("the file says it holds a campaign, but it holds a force."));
  return FALSE;
}

/* The campaign and its ruleset */

static void
on_campaign (Import *im,
             int     line)
{
  g_autofree char *name = NULL;
  const char *seed;
  guint64 value = 0;

  if (!kind_matches (im, MUSTER_EXCHANGE_CAMPAIGN, line))
    return;

  name = muster_import_check_name (im, muster_import_need_attr (im, "name", line), line);
  seed = muster_import_need_attr (im, "seed", line);
  if (seed != NULL)
    {
      g_autofree char *copy = g_strstrip (g_strdup (seed));

      if (!g_ascii_string_to_unsigned (copy[0] == '+' ? copy + 1 : copy, 10, 0, G_MAXUINT64, &value, NULL))
        muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                            _("“%s” is not a valid dice seed."), seed);
    }
  if (muster_import_int (im, "recruit-counter", G_MININT64, G_MAXINT64, line, &im->campaign_counter))
    {
      g_autoptr(GError) check_error = NULL;

      if (!muster_store_check_recruit_counter (im->campaign_counter, &check_error))
        muster_import_refused (im, line, check_error);
    }

  g_free (im->campaign_name);
  im->campaign_name = g_steal_pointer (&name);
  g_free (im->campaign_created);
  im->campaign_created = g_strdup (muster_import_need_attr (im, "created", line));
  im->campaign_seed = value;
}

static void
on_campaign_ruleset_end (Import     *im,
                         const char *id,
                         const char *version,
                         const char *xml,
                         int         line)
{
  g_autoptr(GError) local_error = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  g_autofree char *name = NULL;

  g_clear_object (&im->ruleset);
  im->ruleset = muster_ruleset_new_from_data (xml, -1, id, &local_error);
  if (im->ruleset == NULL)
    {
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_RULESET, line,
                          _("the campaign’s own copy of its ruleset cannot be read: %s"),
                          local_error->message);
      return;
    }
  if (g_strcmp0 (muster_ruleset_get_id (im->ruleset), id) != 0 ||
      g_strcmp0 (muster_ruleset_get_version (im->ruleset), version) != 0)
    muster_import_fail (im, MUSTER_EXCHANGE_ERROR_RULESET, line,
                        _("the <ruleset> says “%s” version %s, but the ruleset it holds is “%s” version %s."),
                        id, version,
                        muster_ruleset_get_id (im->ruleset), muster_ruleset_get_version (im->ruleset));
  if (im->error != NULL)
    return;

  name = muster_import_unique_name (im, "SELECT 1 FROM campaign WHERE name = ?", 0, im->campaign_name);
  stmt = muster_import_prepare (im,
                                "INSERT INTO campaign (name, ruleset_id, ruleset_version, ruleset_xml,"
                                " seed, notes, created) VALUES (?, ?, ?, ?, ?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, id, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 3, version, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 4, xml, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 5, (sqlite3_int64) im->campaign_seed);
  sqlite3_bind_text (stmt, 6, im->campaign_notes != NULL ? im->campaign_notes : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 7, im->campaign_created, -1, SQLITE_TRANSIENT);
  im->campaign_id = im->result = muster_import_run (im, stmt);
  if (im->campaign_id == 0)
    return;

  {
    MUSTER_STMT_AUTO sqlite3_stmt *counter = muster_import_prepare (im,
        "INSERT INTO recruit_counter (campaign_id, counter) VALUES (?, ?)");

    if (counter == NULL)
      return;
    sqlite3_bind_int64 (counter, 1, im->campaign_id);
    sqlite3_bind_int64 (counter, 2, im->campaign_counter);
    muster_import_run (im, counter);
  }
}

/* A force file names its ruleset: it must be the campaign's. */
static void
on_force_ruleset (Import *im,
                  int     line)
{
  const char *id = muster_import_need_attr (im, "id", line);
  g_autoptr(GError) local_error = NULL;
  g_autoptr(MusterRuleset) known = NULL;
  MusterRuleset *campaign_ruleset;

  /* on_force() has refused a force with no campaign to join. */
  if (id == NULL || im->into <= 0)
    return;

  campaign_ruleset = muster_store_get_campaign_ruleset (im->store, im->into, &local_error);
  if (campaign_ruleset == NULL)
    {
      muster_import_fail_store (im, g_steal_pointer (&local_error));
      return;
    }
  if (g_strcmp0 (muster_ruleset_get_id (campaign_ruleset), id) == 0)
    {
      g_set_object (&im->ruleset, campaign_ruleset);
      return;
    }

  known = muster_rulesets_lookup (id, NULL);
  if (known == NULL)
    muster_import_fail (im, MUSTER_EXCHANGE_ERROR_RULESET, line,
                        _("the force plays by the ruleset “%s”, which this Muster does not have; it can only join a campaign played by that ruleset."),
                        id);
  else
    muster_import_fail (im, MUSTER_EXCHANGE_ERROR_RULESET, line,
                        _("the force plays by “%s”, but the campaign plays by “%s”; a force can only join a campaign with the same ruleset."),
                        muster_ruleset_get_title (known), muster_ruleset_get_title (campaign_ruleset));
}

static void
on_option (Import *im,
           int     line)
{
  const char *key = muster_import_need_attr (im, "key", line);
  const char *value = muster_import_need_attr (im, "value", line);

  if (key == NULL || value == NULL)
    return;

  if (im->ruleset != NULL)
    {
      const MusterOptionDef *option = muster_ruleset_lookup_option (im->ruleset, key);
      gboolean found = FALSE;

      if (!muster_import_first_time (im, "option", key))
        {
          muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                              _("the option “%s” is given twice."), key);
          return;
        }
      if (option == NULL)
        {
          muster_import_fail (im, MUSTER_EXCHANGE_ERROR_RULESET, line,
                              _("the ruleset has no option “%s”."), key);
          return;
        }
      for (guint i = 0; i < option->choices->len; i++)
        if (g_strcmp0 (((MusterChoiceDef *) g_ptr_array_index (option->choices, i))->id, value) == 0)
          found = TRUE;
      if (!found)
        muster_import_fail (im, MUSTER_EXCHANGE_ERROR_RULESET, line,
                            _("“%s” is not one of the choices of the option “%s”."), value, key);
    }
  if (im->error != NULL)
    return;

  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_import_prepare (im, "INSERT INTO campaign_option (campaign_id, key, value) VALUES (?, ?, ?)");

    if (stmt == NULL)
      return;
    sqlite3_bind_int64 (stmt, 1, im->campaign_id);
    sqlite3_bind_text (stmt, 2, key, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text (stmt, 3, value, -1, SQLITE_TRANSIENT);
    muster_import_run (im, stmt);
  }
}

/* Forces, units, characters */

static void
on_force (Import   *im,
          gboolean  force_file,
          int       line)
{
  g_autofree char *name = NULL;
  const char *nationality;
  const char *id;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  if (force_file && !kind_matches (im, MUSTER_EXCHANGE_FORCE, line))
    return;
  if (force_file && im->into <= 0)
    {
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_KIND, line,
                          _("this file holds a force, which joins a campaign: choose the campaign to add it to."));
      return;
    }

  name = muster_import_check_name (im, muster_import_need_attr (im, "name", line), line);
  if (name == NULL)
    return;

  /* Files written before forces had one: the nationality their side
   * suggests, as for the forces of a library made then. */
  nationality = muster_import_attr (im, "nationality");
  if (nationality == NULL)
    nationality = muster_nationality_guess (muster_import_attr (im, "side"), name);

  {
    g_autoptr(GError) nationality_error = NULL;

    muster_import_define_id (im, ID_FORCE, line);
    if (!muster_import_first_time (im, "force-name", name))
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          _("two forces are named “%s”; each force needs a name of its own."), name);
    else if (!muster_nationality_check (nationality, &nationality_error))
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line, "%s", nationality_error->message);
  }
  if (im->error != NULL)
    return;

  if (force_file)
    {
      char *unique;

      im->campaign_id = im->into;
      unique = muster_import_unique_name (im, "SELECT 1 FROM force WHERE campaign_id = ? AND name = ?",
                                          im->campaign_id, name);
      g_free (name);
      name = unique;
    }

  stmt = muster_import_prepare (im, "INSERT INTO force (campaign_id, name, side, nationality) VALUES (?, ?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->campaign_id);
  sqlite3_bind_text (stmt, 2, name, -1, SQLITE_TRANSIENT);
  muster_import_bind_text (stmt, 3, muster_import_attr (im, "side"));
  sqlite3_bind_text (stmt, 4, nationality, -1, SQLITE_TRANSIENT);
  im->force_id = muster_import_run (im, stmt);
  id = muster_import_attr (im, "id");
  muster_import_set_row (im, ID_FORCE, id, im->force_id);

  g_free (im->force_name);
  im->force_name = g_steal_pointer (&name);
  if (force_file)
    {
      im->result = im->force_id;
      muster_import_log (im, 0, muster_log_args ("r:force_id", im->force_id, "s:force", im->force_name, NULL));
    }
}

static void
on_unit (Import *im,
         int     line)
{
  MusterUnitRow row = { 0 };
  g_autoptr(GError) check_error = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  gint64 morale;

  muster_import_define_id (im, ID_UNIT, line);
  g_hash_table_remove_all (im->owner_stats);
  row.name = muster_import_need_attr (im, "name", line);
  row.kind = muster_import_need_attr (im, "kind", line);
  row.rating = muster_import_need_attr (im, "rating", line);
  row.status = muster_import_need_attr (im, "status", line);
  row.size = muster_import_count (im, "size", line);
  row.lost = muster_import_count (im, "lost", line);
  muster_import_set_name (im, ID_UNIT, row.name);
  /* Below zero when the unit took the enemy's colours. */
  muster_import_int (im, "morale-loss", G_MININT32, G_MAXINT32, line, &morale);
  if (im->error == NULL && im->ruleset != NULL &&
      !muster_store_check_unit (im->ruleset, &row, &check_error))
    muster_import_refused (im, line, check_error);
  if (im->error != NULL)
    return;

  stmt = muster_import_prepare (im,
                                "INSERT INTO unit (force_id, name, kind, troop_type, rating, size, lost,"
                                " morale_loss, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->force_id);
  muster_import_bind_text (stmt, 2, muster_import_attr (im, "name"));
  muster_import_bind_text (stmt, 3, muster_import_attr (im, "kind"));
  muster_import_bind_text (stmt, 4, muster_import_attr (im, "troop-type"));
  muster_import_bind_text (stmt, 5, muster_import_attr (im, "rating"));
  sqlite3_bind_int64 (stmt, 6, row.size);
  sqlite3_bind_int64 (stmt, 7, row.lost);
  sqlite3_bind_int64 (stmt, 8, morale);
  muster_import_bind_text (stmt, 9, muster_import_attr (im, "status"));
  im->unit_id = muster_import_run (im, stmt);
  muster_import_set_row (im, ID_UNIT, muster_import_attr (im, "id"), im->unit_id);
}

/* What a character of a campaign file brought from another campaign:
 * absent when he brought nothing. */
static gint64
elsewhere_count (Import     *im,
                 const char *name,
                 int         line)
{
  if (muster_import_attr (im, name) == NULL)
    return 0;
  return muster_import_count (im, name, line);
}

static void
check_character (Import *im,
                 int     line)
{
  const char *troop_type = muster_import_need_attr (im, "troop-type", line);
  const char *weapon = muster_import_need_attr (im, "weapon", line);
  g_autofree char *name = NULL;

  muster_import_define_id (im, ID_CHARACTER, line);
  name = muster_import_check_name (im, muster_import_need_attr (im, "name", line), line);
  muster_import_ref (im, ID_UNIT, "unit", line);
  muster_import_count (im, "out-games", line);
  muster_import_count (im, "light-wounds", line);
  muster_import_count (im, "serious-wounds", line);
  if (im->kind == MUSTER_EXCHANGE_FORCE)
    {
      muster_import_count (im, "kills", line);
      muster_import_count (im, "games", line);
    }
  else
    {
      elsewhere_count (im, "kills-elsewhere", line);
      elsewhere_count (im, "games-elsewhere", line);
    }

  if (im->ruleset == NULL)
    ;
  else if (troop_type != NULL && *troop_type != '\0' &&
      muster_ruleset_lookup_troop_type (im->ruleset, troop_type) == NULL)
    muster_import_fail (im, MUSTER_EXCHANGE_ERROR_RULESET, line,
                        _("the character “%s” is of the troop type “%s”, which the ruleset “%s” does not have."),
                        name != NULL ? name : "", troop_type, muster_ruleset_get_id (im->ruleset));
  else if (weapon != NULL && *weapon != '\0' &&
           muster_ruleset_lookup_weapon (im->ruleset, weapon) == NULL)
    muster_import_fail (im, MUSTER_EXCHANGE_ERROR_RULESET, line,
                        _("the character “%s” carries the weapon “%s”, which the ruleset “%s” does not have."),
                        name != NULL ? name : "", weapon, muster_ruleset_get_id (im->ruleset));

  g_hash_table_remove_all (im->owner_stats);
  muster_import_set_name (im, ID_CHARACTER, name);
  g_free (im->character_name);
  im->character_name = g_steal_pointer (&name);
}

static void
on_character (Import *im,
              int     line)
{
  const char *name;
  const char *unit;
  gint64 unit_id, out_games, light, serious, kills_elsewhere, games_elsewhere;

  check_character (im, line);
  if (im->error != NULL)
    return;

  /* As check_character() made it. */
  name = im->character_name;
  unit = muster_import_attr (im, "unit");
  unit_id = muster_import_ref (im, ID_UNIT, "unit", line);
  out_games = muster_import_count (im, "out-games", line);
  light = muster_import_count (im, "light-wounds", line);
  serious = muster_import_count (im, "serious-wounds", line);
  /* A force file's totals are what its men did elsewhere; a campaign
   * file keeps what its men brought. */
  if (im->kind == MUSTER_EXCHANGE_FORCE)
    {
      kills_elsewhere = muster_import_count (im, "kills", line);
      games_elsewhere = muster_import_count (im, "games", line);
    }
  else
    {
      kills_elsewhere = elsewhere_count (im, "kills-elsewhere", line);
      games_elsewhere = elsewhere_count (im, "games-elsewhere", line);
    }

  if (name == NULL)
    return;
  muster_import_batch_start_row (im, &im->characters);
  muster_import_batch_int (&im->characters, im->campaign_id);
  muster_import_batch_int (&im->characters, im->force_id);
  muster_import_batch_id (&im->characters, unit_id);
  muster_import_batch_text (&im->characters, name);
  muster_import_batch_text (&im->characters, muster_import_attr (im, "rank"));
  muster_import_batch_text (&im->characters, muster_import_attr (im, "troop-type"));
  muster_import_batch_text (&im->characters, muster_import_attr (im, "weapon"));
  muster_import_batch_int (&im->characters, muster_import_bool (im, "mounted", line));
  muster_import_batch_text (&im->characters, muster_import_attr (im, "status"));
  muster_import_batch_int (&im->characters, out_games);
  muster_import_batch_int (&im->characters, light);
  muster_import_batch_int (&im->characters, serious);
  muster_import_batch_int (&im->characters, kills_elsewhere);
  muster_import_batch_int (&im->characters, games_elsewhere);
  im->character_id = muster_import_batch_end_row (im, &im->characters);
  muster_import_set_row (im, ID_CHARACTER, muster_import_attr (im, "id"), im->character_id);

  if (unit != NULL && unit_id == 0)
    {
      UnitFixup fixup = { im->character_id, g_strdup (unit) };
      g_array_append_val (im->unit_fixups, fixup);
    }

  if (im->kind == MUSTER_EXCHANGE_FORCE)
    {
      gint64 kills = muster_import_count (im, "kills", line);
      gint64 games = muster_import_count (im, "games", line);
      JsonObject *args = muster_log_args ("s:name", name, "r:force_id", im->force_id,
                                          "s:force", im->force_name, NULL);

      /* The victims and games stay in the campaign the force came from;
       * the log keeps the totals. */
      if (kills != 0 || games != 0)
        {
          json_object_set_int_member (args, "kills", kills);
          json_object_set_int_member (args, "games", games);
        }
      muster_import_log (im, im->character_id, args);
    }
}

/* A <stat> of a character (table stat) or of a unit (table unit_stat: the
 * values the ruleset keeps on a unit, such as its colours). */
static void
on_stat (Import   *im,
         gboolean  unit,
         int       line)
{
  const char *key = muster_import_need_attr (im, "key", line);
  g_autoptr(GError) check_error = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  gint64 value;

  if (key == NULL || !muster_import_int (im, "value", G_MININT32, G_MAXINT32, line, &value))
    return;

  if (g_hash_table_contains (im->owner_stats, key))
    muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                        unit
                        ? _("the stat “%s” is given twice for one unit.")
                        : _("the stat “%s” is given twice for one character."),
                        key);
  else if (im->ruleset != NULL && !unit && muster_ruleset_lookup_stat (im->ruleset, key) == NULL)
    muster_import_fail (im, MUSTER_EXCHANGE_ERROR_RULESET, line,
                        _("the ruleset “%s” has no stat “%s”."),
                        muster_ruleset_get_id (im->ruleset), key);
  else if (im->ruleset != NULL && unit && muster_ruleset_lookup_unit_stat (im->ruleset, key) == NULL)
    muster_import_fail (im, MUSTER_EXCHANGE_ERROR_RULESET, line,
                        _("the ruleset “%s” has no unit stat “%s”."),
                        muster_ruleset_get_id (im->ruleset), key);
  else if (im->ruleset != NULL &&
           !(unit
             ? muster_store_check_unit_value (im->ruleset, key, (int) value, &check_error)
             : muster_store_check_stat (im->ruleset, im->character_name != NULL ? im->character_name : "",
                                        key, (int) value, &check_error)))
    muster_import_refused (im, line, check_error);
  g_hash_table_add (im->owner_stats, g_strdup (key));
  if (im->error != NULL)
    return;

  if (!unit)
    {
      muster_import_batch_int (&im->stats, im->character_id);
      muster_import_batch_text (&im->stats, key);
      muster_import_batch_int (&im->stats, value);
      muster_import_batch_end_row (im, &im->stats);
      return;
    }
  stmt = muster_import_prepare (im, "INSERT INTO unit_stat (unit_id, key, value) VALUES (?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->unit_id);
  muster_import_bind_text (stmt, 2, key);
  sqlite3_bind_int64 (stmt, 3, value);
  muster_import_run (im, stmt);
}

static void
on_notes_end (Import     *im,
              const char *parent,
              const char *notes)
{
  if (g_str_equal (parent, "campaign"))
    {
      g_free (im->campaign_notes);
      im->campaign_notes = g_strdup (notes);
    }
  else if (g_str_equal (parent, "force"))
    muster_import_update_notes (im, "UPDATE force SET notes = ? WHERE id = ?", im->force_id, 0, notes);
  else if (g_str_equal (parent, "unit"))
    muster_import_update_notes (im, "UPDATE unit SET notes = ? WHERE id = ?", im->unit_id, 0, notes);
  else if (g_str_equal (parent, "character"))
    {
      muster_import_batch_flush (im, &im->characters);
      muster_import_update_notes (im, "UPDATE character SET notes = ? WHERE id = ?", im->character_id, 0, notes);
    }
  else if (g_str_equal (parent, "game"))
    muster_import_update_notes (im, "UPDATE game SET notes = ? WHERE id = ?", im->game_id, 0, notes);
  else if (g_str_equal (parent, "participant"))
    {
      muster_import_batch_flush (im, &im->participations);
      muster_import_update_notes (im, "UPDATE participation SET notes = ? WHERE game_id = ? AND character_id = ?",
                                  im->game_id, im->participant_id, notes);
    }
  else if (g_str_equal (parent, "unit-participant"))
    muster_import_update_notes (im, "UPDATE unit_participation SET notes = ? WHERE game_id = ? AND unit_id = ?",
                                im->game_id, im->unit_participant_id, notes);
}

/* Dispatch */

gboolean
muster_import_holds_text (const char *name,
                          const char *parent)
{
  return g_str_equal (name, "notes") || g_str_equal (name, "entry") || g_str_equal (name, "args") ||
         (g_str_equal (name, "ruleset") && g_strcmp0 (parent, "campaign") == 0);
}

void
muster_import_element_start (Import     *im,
                             const char *name,
                             const char *parent,
                             int         line)
{
  /* The elements a big file has most of come first: each name is
   * compared with those before it. */
  if (parent == NULL)
    muster_import_root (im, line);
  else if (g_str_equal (name, "stat"))
    on_stat (im, g_str_equal (parent, "unit"), line);
  else if (g_str_equal (name, "entry"))
    muster_import_entry (im, line);
  else if (g_str_equal (name, "roll"))
    muster_import_roll (im, line);
  else if (g_str_equal (name, "participant"))
    muster_import_participant (im, line);
  else if (g_str_equal (name, "character"))
    on_character (im, line);
  else if (g_str_equal (name, "kill"))
    muster_import_kill (im, line);
  else if (g_str_equal (name, "change"))
    muster_import_change (im, line);
  else if (g_str_equal (name, "game"))
    muster_import_game (im, line);
  else if (g_str_equal (name, "unit-participant"))
    muster_import_unit_participant (im, line);
  else if (g_str_equal (name, "order-place"))
    muster_import_order_place (im, line);
  else if (g_str_equal (name, "hit"))
    muster_import_hit (im, line);
  else if (g_str_equal (name, "resolution"))
    muster_import_resolution (im, line);
  else if (g_str_equal (name, "table"))
    muster_import_table (im, line);
  else if (g_str_equal (name, "unit"))
    on_unit (im, line);
  else if (g_str_equal (name, "force"))
    on_force (im, g_str_equal (parent, "muster"), line);
  else if (g_str_equal (name, "option"))
    on_option (im, line);
  else if (g_str_equal (name, "ruleset") && g_str_equal (parent, "force"))
    on_force_ruleset (im, line);
  else if (g_str_equal (name, "campaign"))
    on_campaign (im, line);
}

void
muster_import_element_end (Import     *im,
                           const char *name,
                           const char *parent,
                           int         line)
{
  const char *text = im->text->str;

  if (g_str_equal (name, "notes"))
    on_notes_end (im, parent, text);
  else if (g_str_equal (name, "entry"))
    muster_import_entry_end (im, text, line);
  else if (g_str_equal (name, "args"))
    muster_import_entry_args_end (im, text, line);
  else if (g_str_equal (name, "ruleset") && g_strcmp0 (parent, "campaign") == 0)
    on_campaign_ruleset_end (im, muster_import_attr (im, "id"), muster_import_attr (im, "version"), text, line);
}

/* Units come before characters in each force, but a character may lead a
 * unit of a force written after his own. */
gboolean
muster_import_apply_unit_fixups (Import *im)
{
  muster_import_batch_flush (im, &im->characters);
  for (guint i = 0; i < im->unit_fixups->len && im->error == NULL; i++)
    {
      const UnitFixup *fixup = &g_array_index (im->unit_fixups, UnitFixup, i);
      gint64 *unit = g_hash_table_lookup (im->ids[ID_UNIT], fixup->unit);
      MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_import_prepare (im, "UPDATE character SET unit_id = ? WHERE id = ?");

      if (stmt == NULL || unit == NULL)
        continue;
      sqlite3_bind_int64 (stmt, 1, *unit);
      sqlite3_bind_int64 (stmt, 2, fixup->character_id);
      muster_import_run (im, stmt);
    }
  return im->error == NULL;
}

