/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-exchange"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "muster-exchange.h"
#include "muster-exchange-private.h"

/* Each element of a .muster file: in the first pass what the schema cannot
 * check (ids, references, the ruleset), in the second its rows. */

/* Values */

static const char *
get_attr (Import     *im,
          const char *name)
{
  xmlChar *value;

  if (im->use_held)
    return g_hash_table_lookup (im->held, name);
  value = xmlTextReaderGetAttribute (im->reader, BAD_CAST name);
  if (value == NULL)
    return NULL;
  g_ptr_array_add (im->scratch, value);
  return (const char *) value;
}

/* A required attribute; the schema has already asked for it, so a missing
 * one only happens when an earlier error was not caught. */
static const char *
need_attr (Import     *im,
           const char *name,
           int         line)
{
  const char *value = get_attr (im, name);

  if (value == NULL)
    muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                        _("<%s> has no “%s” attribute."),
                        (const char *) xmlTextReaderConstLocalName (im->reader), name);
  return value;
}

/* xsd integers may have white space and a “+”. */
static gboolean
parse_int (Import     *im,
           const char *name,
           gint64      min,
           gint64      max,
           int         line,
           gint64     *out)
{
  const char *value = need_attr (im, name, line);
  g_autofree char *copy = NULL;
  char *p;

  *out = 0;
  if (value == NULL)
    return FALSE;
  copy = g_strstrip (g_strdup (value));
  p = copy;
  if (*p == '+')
    p++;
  if (!g_ascii_string_to_signed (p, 10, min, max, out, NULL))
    {
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          _("“%s” is not a whole number from %" PRId64 " to %" PRId64
                            " for the attribute “%s”."),
                          value, min, max, name);
      return FALSE;
    }
  return TRUE;
}

static gint64
get_count (Import     *im,
           const char *name,
           int         line)
{
  gint64 value;

  parse_int (im, name, 0, G_MAXUINT32, line, &value);
  return value;
}

static gboolean
get_bool (Import     *im,
          const char *name,
          int         line)
{
  return g_strcmp0 (need_attr (im, name, line), "true") == 0;
}

static char *
check_name (Import     *im,
            const char *name,
            int         line)
{
  g_autoptr(GError) local_error = NULL;
  char *result;

  if (name == NULL)
    return NULL;
  result = muster_store_check_name (name, &local_error);
  if (result == NULL)
    muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                        _("the name “%s” cannot be used: %s"), name, local_error->message);
  return result;
}

/* Ids and references */

static void
define_id (Import     *im,
           IdKind      kind,
           int         line)
{
  const char *id = need_attr (im, "id", line);
  gpointer first;

  if (id == NULL)
    return;
  if (g_hash_table_lookup_extended (im->ids[kind], id, NULL, &first))
    {
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          _("the id “%s” is given to two elements <%s> (the first on line %d); ids must be unique."),
                          id, (const char *) xmlTextReaderConstLocalName (im->reader),
                          GPOINTER_TO_INT (first));
      return;
    }
  g_hash_table_insert (im->ids[kind], g_strdup (id), GINT_TO_POINTER (line));
}

/* In pass 1 a reference is noted to check at the end; in pass 2 it is the
 * row id (0 when absent or, for a unit, not yet written). */
static gint64
use_ref (Import     *im,
         IdKind      kind,
         const char *attribute,
         int         line)
{
  const char *id = get_attr (im, attribute);
  gint64 *row;

  if (id == NULL)
    return 0;
  if (!im->importing)
    {
      Ref ref = { kind, line, NULL, NULL };

      /* Most references point back to an element already read; only the
       * others wait for the end of the file. */
      if (g_hash_table_contains (im->ids[kind], id))
        return 0;
      ref = (Ref) { kind, line,
                  g_strdup ((const char *) xmlTextReaderConstLocalName (im->reader)),
                  g_strdup (id) };
      g_array_append_val (im->refs, ref);
      return 0;
    }
  row = g_hash_table_lookup (im->ids[kind], id);
  return row != NULL ? *row : 0;
}

static void
set_row (Import     *im,
         IdKind      kind,
         const char *id,
         gint64      row_id)
{
  if (id != NULL)
    g_hash_table_insert (im->ids[kind], g_strdup (id), g_memdup2 (&row_id, sizeof row_id));
}

/* TRUE the first time @key is seen in @group. */
static gboolean
first_time (Import     *im,
            const char *group,
            const char *key)
{
  char *full = g_strconcat (group, "\037", key, NULL);

  if (g_hash_table_contains (im->seen, full))
    {
      g_free (full);
      return FALSE;
    }
  g_hash_table_add (im->seen, full);
  return TRUE;
}

/* SQL */

static sqlite3_stmt *
prepare (Import     *im,
         const char *sql)
{
  GError *local_error = NULL;
  sqlite3_stmt *stmt = muster_store_prepare (im->store, sql, &local_error);

  if (stmt == NULL)
    muster_import_fail_store (im, local_error);
  return stmt;
}

static void
bind_text (sqlite3_stmt *stmt,
           int           column,
           const char   *value)
{
  if (value == NULL)
    sqlite3_bind_null (stmt, column);
  else
    sqlite3_bind_text (stmt, column, value, -1, SQLITE_TRANSIENT);
}

static void
bind_id (sqlite3_stmt *stmt,
         int           column,
         gint64        id)
{
  if (id == 0)
    sqlite3_bind_null (stmt, column);
  else
    sqlite3_bind_int64 (stmt, column, id);
}

/* Runs @stmt; returns the new row id, or 0 with im->error set. */
static gint64
run (Import       *im,
     sqlite3_stmt *stmt)
{
  gint64 id;

  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      GError *local_error = NULL;

      muster_store_set_error (im->store, &local_error, _("Could not write to the library"));
      muster_import_fail_store (im, local_error);
      sqlite3_reset (stmt);
      return 0;
    }
  id = sqlite3_last_insert_rowid (muster_store_get_db (im->store));
  sqlite3_reset (stmt);
  return id;
}

static gboolean
name_taken (Import     *im,
            const char *sql,
            gint64      scope,
            const char *name)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = prepare (im, sql);

  if (stmt == NULL)
    return FALSE;
  if (scope != 0)
    {
      sqlite3_bind_int64 (stmt, 1, scope);
      sqlite3_bind_text (stmt, 2, name, -1, SQLITE_TRANSIENT);
    }
  else
    sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  return sqlite3_step (stmt) == SQLITE_ROW;
}

/* “Name”, or “Name (2)”, “Name (3)” ... when it is taken. */
static char *
unique_name (Import     *im,
             const char *sql,
             gint64      scope,
             const char *name)
{
  char *candidate = g_strdup (name);

  for (guint n = 2; name_taken (im, sql, scope, candidate) && im->error == NULL; n++)
    {
      g_free (candidate);
      candidate = g_strdup_printf ("%s (%u)", name, n);
    }
  return candidate;
}

static void
update_notes (Import     *im,
              const char *sql,
              gint64      id,
              gint64      id2,
              const char *notes)
{
  sqlite3_stmt *stmt = prepare (im, sql);

  if (stmt == NULL)
    return;
  sqlite3_bind_text (stmt, 1, notes, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, id);
  if (id2 != 0)
    sqlite3_bind_int64 (stmt, 3, id2);
  run (im, stmt);
}

static void
write_log (Import     *im,
           gint64      character_id,
           const char *message)
{
  GError *local_error = NULL;

  if (muster_store_insert_log (im->store, im->campaign_id, 0, character_id, 0, 0,
                               "import", message, &local_error) == 0)
    muster_import_fail_store (im, local_error);
}

/* The root */

void
muster_import_root (Import *im,
                    int     line)
{
  const char *ns = (const char *) xmlTextReaderConstNamespaceUri (im->reader);
  const char *name = (const char *) xmlTextReaderConstLocalName (im->reader);
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

  version = get_attr (im, "version");
  if (version != NULL &&
      g_ascii_string_to_unsigned (version, 10, 1, G_MAXUINT, &number, NULL) &&
      number > MUSTER_EXCHANGE_FORMAT_VERSION)
    {
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_NEWER, line,
                          _("This file was written by a newer Muster (format %u); this Muster reads format %d. Update Muster to import it."),
                          (guint) number, MUSTER_EXCHANGE_FORMAT_VERSION);
      return;
    }

  kind = get_attr (im, "kind");
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

  name = check_name (im, need_attr (im, "name", line), line);
  seed = need_attr (im, "seed", line);
  if (seed != NULL)
    {
      g_autofree char *copy = g_strstrip (g_strdup (seed));

      if (!g_ascii_string_to_unsigned (copy[0] == '+' ? copy + 1 : copy, 10, 0, G_MAXUINT64, &value, NULL))
        muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                            _("“%s” is not a valid dice seed."), seed);
    }
  parse_int (im, "recruit-counter", G_MININT64, G_MAXINT64, line, &im->campaign_counter);

  g_free (im->campaign_name);
  im->campaign_name = g_steal_pointer (&name);
  g_free (im->campaign_created);
  im->campaign_created = g_strdup (need_attr (im, "created", line));
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

  if (!im->importing)
    {
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
      return;
    }

  name = unique_name (im, "SELECT 1 FROM campaign WHERE name = ?", 0, im->campaign_name);
  stmt = prepare (im,
                  "INSERT INTO campaign (name, ruleset_id, ruleset_version, ruleset_xml,"
                  " seed, recruit_counter, notes, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, id, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 3, version, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 4, xml, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 5, (sqlite3_int64) im->campaign_seed);
  sqlite3_bind_int64 (stmt, 6, im->campaign_counter);
  sqlite3_bind_text (stmt, 7, im->campaign_notes != NULL ? im->campaign_notes : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 8, im->campaign_created, -1, SQLITE_TRANSIENT);
  im->campaign_id = im->result = run (im, stmt);
}

/* A force file names its ruleset: it must be the campaign's. */
static void
on_force_ruleset (Import *im,
                  int     line)
{
  const char *id = need_attr (im, "id", line);
  g_autoptr(GError) local_error = NULL;
  g_autoptr(MusterRuleset) known = NULL;
  MusterRuleset *campaign_ruleset;

  if (im->importing || id == NULL)
    return;

  if (im->into <= 0)
    {
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_KIND, line,
                          _("this file holds a force, which joins a campaign: choose the campaign to add it to."));
      return;
    }

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
  const char *key = need_attr (im, "key", line);
  const char *value = need_attr (im, "value", line);

  if (key == NULL || value == NULL)
    return;

  if (!im->importing)
    {
      const MusterOptionDef *option;
      gboolean found = FALSE;

      if (im->ruleset == NULL)
        return;
      option = muster_ruleset_lookup_option (im->ruleset, key);

      if (!first_time (im, "option", key))
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
      return;
    }

  {
    sqlite3_stmt *stmt = prepare (im, "INSERT INTO campaign_option (campaign_id, key, value) VALUES (?, ?, ?)");

    if (stmt == NULL)
      return;
    sqlite3_bind_int64 (stmt, 1, im->campaign_id);
    sqlite3_bind_text (stmt, 2, key, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text (stmt, 3, value, -1, SQLITE_TRANSIENT);
    run (im, stmt);
  }
}

/* Forces, units, characters */

static void
on_force (Import   *im,
          gboolean  force_file,
          int       line)
{
  g_autofree char *name = NULL;
  const char *id;
  sqlite3_stmt *stmt;

  if (force_file && !kind_matches (im, MUSTER_EXCHANGE_FORCE, line))
    return;

  name = check_name (im, need_attr (im, "name", line), line);
  if (name == NULL)
    return;

  if (!im->importing)
    {
      define_id (im, ID_FORCE, line);
      if (!first_time (im, "force-name", name))
        muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                            _("two forces are named “%s”; each force needs a name of its own."), name);
      return;
    }

  if (force_file)
    {
      char *unique;

      im->campaign_id = im->into;
      unique = unique_name (im, "SELECT 1 FROM force WHERE campaign_id = ? AND name = ?",
                            im->campaign_id, name);
      g_free (name);
      name = unique;
    }

  stmt = prepare (im, "INSERT INTO force (campaign_id, name, side) VALUES (?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->campaign_id);
  sqlite3_bind_text (stmt, 2, name, -1, SQLITE_TRANSIENT);
  bind_text (stmt, 3, get_attr (im, "side"));
  im->force_id = run (im, stmt);
  id = get_attr (im, "id");
  set_row (im, ID_FORCE, id, im->force_id);

  g_free (im->force_name);
  im->force_name = g_steal_pointer (&name);
  if (force_file)
    {
      g_autofree char *message = NULL;

      im->result = im->force_id;
      message = g_strdup_printf (_("Force “%s” joined the campaign from a file."), im->force_name);
      write_log (im, 0, message);
    }
}

static void
on_unit (Import *im,
         int     line)
{
  sqlite3_stmt *stmt;
  gint64 size, lost, morale;

  if (!im->importing)
    {
      define_id (im, ID_UNIT, line);
      need_attr (im, "name", line);
      get_count (im, "size", line);
      get_count (im, "lost", line);
      get_count (im, "morale-loss", line);
      return;
    }

  size = get_count (im, "size", line);
  lost = get_count (im, "lost", line);
  morale = get_count (im, "morale-loss", line);
  stmt = prepare (im,
                  "INSERT INTO unit (force_id, name, kind, troop_type, rating, size, lost,"
                  " morale_loss, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->force_id);
  bind_text (stmt, 2, get_attr (im, "name"));
  bind_text (stmt, 3, get_attr (im, "kind"));
  bind_text (stmt, 4, get_attr (im, "troop-type"));
  bind_text (stmt, 5, get_attr (im, "rating"));
  sqlite3_bind_int64 (stmt, 6, size);
  sqlite3_bind_int64 (stmt, 7, lost);
  sqlite3_bind_int64 (stmt, 8, morale);
  bind_text (stmt, 9, get_attr (im, "status"));
  im->unit_id = run (im, stmt);
  set_row (im, ID_UNIT, get_attr (im, "id"), im->unit_id);
}

static void
check_character (Import *im,
                 int     line)
{
  const char *troop_type = need_attr (im, "troop-type", line);
  const char *weapon = need_attr (im, "weapon", line);
  g_autofree char *name = NULL;

  define_id (im, ID_CHARACTER, line);
  name = check_name (im, need_attr (im, "name", line), line);
  use_ref (im, ID_UNIT, "unit", line);
  get_count (im, "out-games", line);
  get_count (im, "light-wounds", line);
  get_count (im, "serious-wounds", line);
  if (im->kind == MUSTER_EXCHANGE_FORCE)
    {
      get_count (im, "kills", line);
      get_count (im, "games", line);
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

  g_hash_table_remove_all (im->character_stats);
}

static void
on_character (Import *im,
              int     line)
{
  g_autofree char *name = NULL;
  const char *unit;
  sqlite3_stmt *stmt;
  gint64 unit_id, out_games, light, serious;

  if (!im->importing)
    {
      check_character (im, line);
      return;
    }

  name = check_name (im, need_attr (im, "name", line), line);
  unit = get_attr (im, "unit");
  unit_id = use_ref (im, ID_UNIT, "unit", line);
  out_games = get_count (im, "out-games", line);
  light = get_count (im, "light-wounds", line);
  serious = get_count (im, "serious-wounds", line);

  stmt = prepare (im,
                  "INSERT INTO character (campaign_id, force_id, unit_id, name, rank, troop_type,"
                  " weapon, mounted, status, out_games, light_wounds, serious_wounds)"
                  " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  if (stmt == NULL || name == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->campaign_id);
  sqlite3_bind_int64 (stmt, 2, im->force_id);
  bind_id (stmt, 3, unit_id);
  sqlite3_bind_text (stmt, 4, name, -1, SQLITE_TRANSIENT);
  bind_text (stmt, 5, get_attr (im, "rank"));
  bind_text (stmt, 6, get_attr (im, "troop-type"));
  bind_text (stmt, 7, get_attr (im, "weapon"));
  sqlite3_bind_int (stmt, 8, get_bool (im, "mounted", line));
  bind_text (stmt, 9, get_attr (im, "status"));
  sqlite3_bind_int64 (stmt, 10, out_games);
  sqlite3_bind_int64 (stmt, 11, light);
  sqlite3_bind_int64 (stmt, 12, serious);
  im->character_id = run (im, stmt);
  set_row (im, ID_CHARACTER, get_attr (im, "id"), im->character_id);

  if (unit != NULL && unit_id == 0)
    {
      UnitFixup fixup = { im->character_id, g_strdup (unit) };
      g_array_append_val (im->unit_fixups, fixup);
    }

  if (im->kind == MUSTER_EXCHANGE_FORCE)
    {
      gint64 kills = get_count (im, "kills", line);
      gint64 games = get_count (im, "games", line);
      g_autofree char *message = NULL;

      /* The victims and games stay in the campaign the force came from;
       * the log keeps the totals. */
      if (kills == 0 && games == 0)
        message = g_strdup_printf (_("%s joined with the force “%s”."), name, im->force_name);
      else
        message = g_strdup_printf (_("%s joined with the force “%s”, with %" PRId64
                                     " kills in %" PRId64 " games elsewhere."),
                                   name, im->force_name, kills, games);
      write_log (im, im->character_id, message);
    }
}

static void
on_stat (Import *im,
         int     line)
{
  const char *key = need_attr (im, "key", line);
  gint64 value;

  if (key == NULL || !parse_int (im, "value", G_MININT32, G_MAXINT32, line, &value))
    return;

  if (!im->importing)
    {
      if (g_hash_table_contains (im->character_stats, key))
        muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                            _("the stat “%s” is given twice for one character."), key);
      else if (im->ruleset != NULL && muster_ruleset_lookup_stat (im->ruleset, key) == NULL)
        muster_import_fail (im, MUSTER_EXCHANGE_ERROR_RULESET, line,
                            _("the ruleset “%s” has no stat “%s”."),
                            muster_ruleset_get_id (im->ruleset), key);
      g_hash_table_add (im->character_stats, g_strdup (key));
      return;
    }

  {
    sqlite3_stmt *stmt = prepare (im, "INSERT INTO stat (character_id, key, value) VALUES (?, ?, ?)");

    if (stmt == NULL)
      return;
    sqlite3_bind_int64 (stmt, 1, im->character_id);
    sqlite3_bind_text (stmt, 2, key, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64 (stmt, 3, value);
    run (im, stmt);
  }
}

/* Games */

static void
on_game (Import *im,
         int     line)
{
  gint64 number;
  sqlite3_stmt *stmt;

  if (!parse_int (im, "number", 1, G_MAXINT32, line, &number))
    return;

  if (!im->importing)
    {
      g_autofree char *key = g_strdup_printf ("%" G_GINT64_FORMAT, number);

      define_id (im, ID_GAME, line);
      if (!first_time (im, "game-number", key))
        muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                            _("two games have the number %" PRId64 "."), number);
      need_attr (im, "title", line);
      return;
    }

  stmt = prepare (im,
                  "INSERT INTO game (campaign_id, number, title, date, state, side_a, side_b, winner)"
                  " VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->campaign_id);
  sqlite3_bind_int64 (stmt, 2, number);
  bind_text (stmt, 3, get_attr (im, "title"));
  bind_text (stmt, 4, get_attr (im, "date"));
  bind_text (stmt, 5, get_attr (im, "state"));
  bind_text (stmt, 6, get_attr (im, "side-a"));
  bind_text (stmt, 7, get_attr (im, "side-b"));
  bind_text (stmt, 8, get_attr (im, "winner"));
  im->game_id = run (im, stmt);
  set_row (im, ID_GAME, get_attr (im, "id"), im->game_id);
}

static void
on_participant (Import *im,
                int     line)
{
  gint64 character_id, light, serious, unnamed;
  sqlite3_stmt *stmt;

  light = get_count (im, "light", line);
  serious = get_count (im, "serious", line);
  unnamed = get_count (im, "killed-unnamed", line);

  if (!im->importing)
    {
      const char *who = need_attr (im, "character", line);
      const char *outcome = get_attr (im, "outcome");
      g_autofree char *key = NULL;

      use_ref (im, ID_CHARACTER, "character", line);
      key = g_strdup_printf ("%" G_GSIZE_FORMAT "\037%s",
                             (gsize) g_hash_table_size (im->ids[ID_GAME]), who != NULL ? who : "");
      if (who != NULL && !first_time (im, "participant", key))
        muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                            _("the character “%s” takes part twice in one game."), who);
      if (outcome != NULL && im->ruleset != NULL &&
          muster_ruleset_lookup_outcome (im->ruleset, outcome) == NULL)
        muster_import_fail (im, MUSTER_EXCHANGE_ERROR_RULESET, line,
                            _("the ruleset “%s” has no outcome “%s”."),
                            muster_ruleset_get_id (im->ruleset), outcome);
      return;
    }

  character_id = use_ref (im, ID_CHARACTER, "character", line);
  stmt = prepare (im,
                  "INSERT INTO participation (game_id, character_id, side, outcome,"
                  " light_wounds, serious_wounds, killed_unnamed) VALUES (?, ?, ?, ?, ?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->game_id);
  sqlite3_bind_int64 (stmt, 2, character_id);
  bind_text (stmt, 3, get_attr (im, "side"));
  bind_text (stmt, 4, get_attr (im, "outcome"));
  sqlite3_bind_int64 (stmt, 5, light);
  sqlite3_bind_int64 (stmt, 6, serious);
  sqlite3_bind_int64 (stmt, 7, unnamed);
  run (im, stmt);
  im->participant_id = character_id;
}

static void
on_kill (Import *im,
         int     line)
{
  gint64 killer = use_ref (im, ID_CHARACTER, "killer", line);
  gint64 victim = use_ref (im, ID_CHARACTER, "victim", line);
  sqlite3_stmt *stmt;

  if (!im->importing)
    return;
  stmt = prepare (im, "INSERT INTO kill (game_id, killer_id, victim_id) VALUES (?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->game_id);
  sqlite3_bind_int64 (stmt, 2, killer);
  sqlite3_bind_int64 (stmt, 3, victim);
  run (im, stmt);
}

/* Resolutions, rolls, the log */

static void
on_resolution (Import *im,
               int     line)
{
  gint64 game_id = use_ref (im, ID_GAME, "game", line);
  sqlite3_stmt *stmt;

  if (!im->importing)
    {
      const char *game = need_attr (im, "game", line);

      define_id (im, ID_RESOLUTION, line);
      need_attr (im, "created", line);
      if (game != NULL && !first_time (im, "resolved", game))
        muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                            _("the game “%s” is resolved twice."), game);
      g_hash_table_remove_all (im->resolution_seqs);
      return;
    }

  stmt = prepare (im, "INSERT INTO resolution (campaign_id, game_id, created) VALUES (?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->campaign_id);
  sqlite3_bind_int64 (stmt, 2, game_id);
  bind_text (stmt, 3, get_attr (im, "created"));
  im->resolution_id = run (im, stmt);
  set_row (im, ID_RESOLUTION, get_attr (im, "id"), im->resolution_id);
}

static IdKind
change_row_kind (const char *table)
{
  if (g_strcmp0 (table, "unit") == 0)
    return ID_UNIT;
  if (g_strcmp0 (table, "game") == 0)
    return ID_GAME;
  return ID_CHARACTER;  /* "character", and "stat" by its character */
}

static void
on_change (Import *im,
           int     line)
{
  const char *table = need_attr (im, "table", line);
  const char *column = need_attr (im, "column", line);
  const char *type = need_attr (im, "type", line);
  const char *value = get_attr (im, "value");
  gint64 seq, row_id, number = 0;
  double real = 0;
  sqlite3_stmt *stmt;

  if (table == NULL || column == NULL || type == NULL ||
      !parse_int (im, "seq", G_MININT32, G_MAXINT32, line, &seq))
    return;
  row_id = use_ref (im, change_row_kind (table), "row", line);

  if (g_str_equal (type, "null") != (value == NULL))
    {
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          g_str_equal (type, "null")
                          ? _("a change of type “null” cannot have a value.")
                          : _("a change of this type needs a value."));
      return;
    }
  if (g_str_equal (type, "integer"))
    parse_int (im, "value", G_MININT64, G_MAXINT64, line, &number);
  else if (g_str_equal (type, "real"))
    {
      char *end = NULL;

      real = g_ascii_strtod (value, &end);
      if (end == value || *end != '\0')
        muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                            _("“%s” is not a number."), value);
    }

  if (!im->importing)
    {
      g_autofree char *key = g_strdup_printf ("%" G_GINT64_FORMAT, seq);

      if (g_hash_table_contains (im->resolution_seqs, key))
        muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                            _("two changes of one resolution have the number %" PRId64 "."), seq);
      g_hash_table_add (im->resolution_seqs, g_steal_pointer (&key));
      return;
    }

  stmt = prepare (im,
                  "INSERT INTO resolution_change (resolution_id, seq, tbl, row_id, col, old_value)"
                  " VALUES (?, ?, ?, ?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->resolution_id);
  sqlite3_bind_int64 (stmt, 2, seq);
  sqlite3_bind_text (stmt, 3, table, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 4, row_id);
  sqlite3_bind_text (stmt, 5, column, -1, SQLITE_TRANSIENT);
  if (g_str_equal (type, "integer"))
    sqlite3_bind_int64 (stmt, 6, number);
  else if (g_str_equal (type, "real"))
    sqlite3_bind_double (stmt, 6, real);
  else if (g_str_equal (type, "text"))
    sqlite3_bind_text (stmt, 6, value, -1, SQLITE_TRANSIENT);
  else
    sqlite3_bind_null (stmt, 6);
  run (im, stmt);
}

static void
on_roll (Import *im,
         int     line)
{
  gint64 game_id = use_ref (im, ID_GAME, "game", line);
  gint64 character_id = use_ref (im, ID_CHARACTER, "character", line);
  gint64 resolution_id = use_ref (im, ID_RESOLUTION, "resolution", line);
  gint64 total;
  sqlite3_stmt *stmt;

  if (!parse_int (im, "total", G_MININT32, G_MAXINT32, line, &total))
    return;
  if (!im->importing)
    {
      define_id (im, ID_ROLL, line);
      return;
    }

  stmt = prepare (im,
                  "INSERT INTO roll (campaign_id, game_id, character_id, resolution_id, purpose,"
                  " expression, faces, total, entered, created)"
                  " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->campaign_id);
  bind_id (stmt, 2, game_id);
  bind_id (stmt, 3, character_id);
  bind_id (stmt, 4, resolution_id);
  bind_text (stmt, 5, get_attr (im, "purpose"));
  bind_text (stmt, 6, get_attr (im, "expression"));
  bind_text (stmt, 7, get_attr (im, "faces"));
  sqlite3_bind_int64 (stmt, 8, total);
  sqlite3_bind_int (stmt, 9, get_bool (im, "entered", line));
  bind_text (stmt, 10, get_attr (im, "created"));
  set_row (im, ID_ROLL, get_attr (im, "id"), run (im, stmt));
}

/* Log entries are written at their end, with their text. */
static void
on_entry_end (Import     *im,
              const char *message,
              int         line)
{
  gint64 game_id = use_ref (im, ID_GAME, "game", line);
  gint64 character_id = use_ref (im, ID_CHARACTER, "character", line);
  gint64 resolution_id = use_ref (im, ID_RESOLUTION, "resolution", line);
  gint64 roll_id = use_ref (im, ID_ROLL, "roll", line);
  sqlite3_stmt *stmt;

  if (!im->importing)
    return;
  stmt = prepare (im,
                  "INSERT INTO log_entry (campaign_id, game_id, character_id, resolution_id,"
                  " roll_id, kind, message, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, im->campaign_id);
  bind_id (stmt, 2, game_id);
  bind_id (stmt, 3, character_id);
  bind_id (stmt, 4, resolution_id);
  bind_id (stmt, 5, roll_id);
  bind_text (stmt, 6, get_attr (im, "kind"));
  sqlite3_bind_text (stmt, 7, message, -1, SQLITE_TRANSIENT);
  bind_text (stmt, 8, get_attr (im, "created"));
  run (im, stmt);
}

static void
on_notes_end (Import     *im,
              const char *parent,
              const char *notes)
{
  if (!im->importing)
    return;

  if (g_str_equal (parent, "campaign"))
    {
      g_free (im->campaign_notes);
      im->campaign_notes = g_strdup (notes);
    }
  else if (g_str_equal (parent, "force"))
    update_notes (im, "UPDATE force SET notes = ? WHERE id = ?", im->force_id, 0, notes);
  else if (g_str_equal (parent, "unit"))
    update_notes (im, "UPDATE unit SET notes = ? WHERE id = ?", im->unit_id, 0, notes);
  else if (g_str_equal (parent, "character"))
    update_notes (im, "UPDATE character SET notes = ? WHERE id = ?", im->character_id, 0, notes);
  else if (g_str_equal (parent, "game"))
    update_notes (im, "UPDATE game SET notes = ? WHERE id = ?", im->game_id, 0, notes);
  else if (g_str_equal (parent, "participant"))
    update_notes (im, "UPDATE participation SET notes = ? WHERE game_id = ? AND character_id = ?",
                  im->game_id, im->participant_id, notes);
}

/* Dispatch */

gboolean
muster_import_holds_text (const char *name,
                          const char *parent)
{
  return g_str_equal (name, "notes") || g_str_equal (name, "entry") ||
         (g_str_equal (name, "ruleset") && g_strcmp0 (parent, "campaign") == 0);
}

void
muster_import_element_start (Import     *im,
                             const char *name,
                             const char *parent,
                             int         line)
{
  if (parent == NULL)
    muster_import_root (im, line);
  else if (g_str_equal (name, "campaign"))
    on_campaign (im, line);
  else if (g_str_equal (name, "ruleset") && g_str_equal (parent, "force"))
    on_force_ruleset (im, line);
  else if (g_str_equal (name, "option"))
    on_option (im, line);
  else if (g_str_equal (name, "force"))
    on_force (im, g_str_equal (parent, "muster"), line);
  else if (g_str_equal (name, "unit"))
    on_unit (im, line);
  else if (g_str_equal (name, "character"))
    on_character (im, line);
  else if (g_str_equal (name, "stat"))
    on_stat (im, line);
  else if (g_str_equal (name, "game"))
    on_game (im, line);
  else if (g_str_equal (name, "participant"))
    on_participant (im, line);
  else if (g_str_equal (name, "kill"))
    on_kill (im, line);
  else if (g_str_equal (name, "resolution"))
    on_resolution (im, line);
  else if (g_str_equal (name, "change"))
    on_change (im, line);
  else if (g_str_equal (name, "roll"))
    on_roll (im, line);
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
    on_entry_end (im, text, line);
  else if (g_str_equal (name, "ruleset") && g_strcmp0 (parent, "campaign") == 0)
    on_campaign_ruleset_end (im, get_attr (im, "id"), get_attr (im, "version"), text, line);
}

/* TRUE when the document has a DOCTYPE before its root element; @line is
 * where. Scanned on the bytes so that a DOCTYPE never reaches the parser. */
gboolean
muster_import_apply_unit_fixups (Import *im)
{
  for (guint i = 0; i < im->unit_fixups->len && im->error == NULL; i++)
    {
      const UnitFixup *fixup = &g_array_index (im->unit_fixups, UnitFixup, i);
      gint64 *unit = g_hash_table_lookup (im->ids[ID_UNIT], fixup->unit);
      sqlite3_stmt *stmt = prepare (im, "UPDATE character SET unit_id = ? WHERE id = ?");

      if (stmt == NULL || unit == NULL)
        continue;
      sqlite3_bind_int64 (stmt, 1, *unit);
      sqlite3_bind_int64 (stmt, 2, fixup->character_id);
      run (im, stmt);
    }
  return im->error == NULL;
}
