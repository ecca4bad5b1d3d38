/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-recruit"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "muster-force.h"
#include "muster-nationality.h"
#include "muster-recruit.h"
#include "muster-store-private.h"
#include "muster-unit.h"
#include "muster-warnings.h"

void
muster_recruit_free (MusterRecruit *recruit)
{
  if (recruit == NULL)
    return;
  g_free (recruit->troop_type);
  g_free (recruit->weapon);
  g_clear_pointer (&recruit->stats, g_hash_table_unref);
  g_clear_pointer (&recruit->rolls, g_ptr_array_unref);
  g_clear_pointer (&recruit->roll_stats, g_ptr_array_unref);
  g_clear_pointer (&recruit->capped, g_ptr_array_unref);
  g_clear_pointer (&recruit->demoted, g_ptr_array_unref);
  g_free (recruit);
}

/**
 * muster_recruit_roll:
 * @weapon: (nullable): a weapon id; %NULL for the troop type's default
 *
 * Rolls each stat of @troop_type in the ruleset's order and lowers any
 * that @weapon caps.
 *
 * Returns: (transfer full): the recruit, or %NULL with @error set when the
 * ruleset has no such troop type or weapon.
 */
MusterRecruit *
muster_recruit_roll (MusterRuleset  *ruleset,
                     const char     *troop_type,
                     const char     *weapon,
                     MusterRng      *rng,
                     GError        **error)
{
  return muster_recruit_roll_limited (ruleset, troop_type, weapon, rng, NULL, error);
}

static int
taken_count (GHashTable *taken,
             const char *stat,
             int         value)
{
  g_autofree char *key = NULL;

  if (taken == NULL)
    return 0;
  key = g_strdup_printf ("%s/%d", stat, value);
  return GPOINTER_TO_INT (g_hash_table_lookup (taken, key));
}

static gboolean
entry_open (const MusterTableEntry *entry,
            GHashTable             *taken,
            const char             *stat)
{
  return entry->limit < 0 || taken_count (taken, stat, entry->value) < entry->limit;
}

/* The entry a table roll gives: the one @total falls in, or when that is
 * full for the side, the highest-valued entry below it still open. */
static const MusterTableEntry *
table_entry (const MusterLookupTable *table,
             int                      total,
             GHashTable              *taken,
             const char              *stat,
             gboolean                *demoted)
{
  const MusterTableEntry *rolled = NULL;
  const MusterTableEntry *best = NULL;

  *demoted = FALSE;
  for (guint i = 0; i < table->entries->len; i++)
    {
      const MusterTableEntry *entry = g_ptr_array_index (table->entries, i);
      if (total >= entry->min && total <= entry->max)
        {
          rolled = entry;
          break;
        }
    }
  if (rolled == NULL || entry_open (rolled, taken, stat))
    return rolled;

  *demoted = TRUE;
  for (guint i = 0; i < table->entries->len; i++)
    {
      const MusterTableEntry *entry = g_ptr_array_index (table->entries, i);
      if (entry->value < rolled->value && entry_open (entry, taken, stat) &&
          (best == NULL || entry->value > best->value))
        best = entry;
    }
  return best != NULL ? best : rolled;
}

/**
 * muster_recruit_roll_limited:
 * @ruleset: the rules
 * @troop_type: a troop type id
 * @weapon: (nullable): a weapon id, or %NULL for the troop type's
 * @rng: the generator
 * @taken: (nullable): "STAT/VALUE" -> count of the side's characters
 * @error: return location for an error
 *
 * Rolls a recruit; stats rolled on a table take the entry's value, kept
 * within the table's limits per side.
 *
 * Returns: (transfer full): the recruit, or %NULL.
 */
MusterRecruit *
muster_recruit_roll_limited (MusterRuleset  *ruleset,
                             const char     *troop_type,
                             const char     *weapon,
                             MusterRng      *rng,
                             GHashTable     *taken,
                             GError        **error)
{
  const MusterTroopType *type;
  g_autoptr(MusterRecruit) recruit = NULL;

  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), NULL);
  g_return_val_if_fail (rng != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  type = troop_type != NULL ? muster_ruleset_lookup_troop_type (ruleset, troop_type) : NULL;
  if (type == NULL)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("%s has no troop type “%s”."),
                   muster_ruleset_get_title (ruleset), troop_type != NULL ? troop_type : "");
      return NULL;
    }
  if (weapon == NULL || *weapon == '\0')
    weapon = type->default_weapon;
  if (weapon != NULL && muster_ruleset_lookup_weapon (ruleset, weapon) == NULL)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("%s has no weapon “%s”."), muster_ruleset_get_title (ruleset), weapon);
      return NULL;
    }

  recruit = g_new0 (MusterRecruit, 1);
  recruit->troop_type = g_strdup (type->id);
  recruit->weapon = g_strdup (weapon != NULL ? weapon : "");
  recruit->stats = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  recruit->rolls = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_roll_free);
  recruit->roll_stats = g_ptr_array_new_with_free_func (g_free);
  recruit->capped = g_ptr_array_new_with_free_func (g_free);
  recruit->demoted = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < type->rolls->len; i++)
    {
      const MusterStatRoll *stat_roll = g_ptr_array_index (type->rolls, i);
      MusterRoll *roll;
      int value;

      if (stat_roll->table != NULL)
        {
          const MusterTableEntry *entry;
          gboolean demoted;

          roll = muster_roll_new_random (stat_roll->table->dice, rng);
          entry = table_entry (stat_roll->table, roll->total, taken, stat_roll->stat, &demoted);
          value = entry != NULL ? entry->value : 0;
          if (demoted)
            g_ptr_array_add (recruit->demoted, g_strdup (stat_roll->stat));
        }
      else
        {
          roll = muster_roll_new_random (stat_roll->dice, rng);
          value = roll->total;
        }
      int cap = weapon != NULL ? muster_ruleset_get_cap (ruleset, weapon, stat_roll->stat) : G_MAXINT;
      const MusterStatDef *def = muster_ruleset_lookup_stat (ruleset, stat_roll->stat);

      /* Dice that can fall outside the stat's range are held inside it. */
      if (def != NULL)
        value = CLAMP (value, def->min, def->max);
      /* He keeps what he rolled; his weapon's cap is what he uses with it. */
      if (value > cap)
        g_ptr_array_add (recruit->capped, g_strdup (stat_roll->stat));

      g_hash_table_insert (recruit->stats, g_strdup (stat_roll->stat), GINT_TO_POINTER (value));
      g_ptr_array_add (recruit->rolls, roll);
      g_ptr_array_add (recruit->roll_stats, g_strdup (stat_roll->stat));
    }
  return g_steal_pointer (&recruit);
}

/**
 * muster_recruit_name_rng:
 * @recruit_rng: the recruit's generator, before it rolls any stat
 * @name_rng: the generator of the recruit's name, to seed
 *
 * A recruit's name is drawn apart from its dice: the stats rolled do not
 * depend on the names, and the name stays when the troop type changes.
 */
void
muster_recruit_name_rng (const MusterRng *recruit_rng,
                         MusterRng       *name_rng)
{
  muster_rng_fork (recruit_rng, "name", name_rng);
}

/* How many names a recruit draws before taking one that another
 * character of the campaign already has. */
#define NAME_DRAWS 5

/* A name as the index on the campaign's names compares it (COLLATE
 * NOCASE folds ASCII letters alone). */
static char *
name_key (const char *name)
{
  g_autofree char *clean = g_strstrip (g_strdup (name));

  return g_ascii_strdown (clean, -1);
}

/* The campaign's names, by name_key(), for a batch that would otherwise
 * ask for each of its draws. */
static GHashTable *
campaign_names (MusterStore  *store,
                gint64        campaign_id,
                GError      **error)
{
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (store, "SELECT name FROM character WHERE campaign_id = ?", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, campaign_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_hash_table_add (names, name_key ((const char *) sqlite3_column_text (stmt, 0)));
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (store, error, _("Could not read the characters’ names"));
      return NULL;
    }
  return g_steal_pointer (&names);
}

/* What a batch of recruits reads once to name its men: the campaign's
 * names (campaign_names(), and those given since) and the force's
 * nationality's lists. */
typedef struct {
  GHashTable *taken;
  GPtrArray  *first_names;
  GPtrArray  *surnames;
} BatchNames;

static void
batch_names_clear (BatchNames *names)
{
  g_clear_pointer (&names->taken, g_hash_table_unref);
  g_clear_pointer (&names->first_names, g_ptr_array_unref);
  g_clear_pointer (&names->surnames, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (BatchNames, batch_names_clear)

/* A name no character of @campaign_id has, asking the library, or
 * @names when given. */
static char *
pick_name (MusterStore       *store,
           gint64             campaign_id,
           const BatchNames  *names,
           const char        *nationality,
           MusterRng         *name_rng,
           GError           **error)
{
  g_autofree char *name = NULL;

  for (guint i = 0; i < NAME_DRAWS; i++)
    {
      guint n = 0;

      g_free (name);
      name = names != NULL ? muster_nationality_pick_name_from (names->first_names, names->surnames, name_rng)
                           : muster_nationality_pick_name (nationality, name_rng, error);
      if (name == NULL)
        return NULL;
      if (names != NULL)
        {
          g_autofree char *key = name_key (name);

          n = g_hash_table_contains (names->taken, key) ? 1 : 0;
        }
      else if (!muster_store_count_named (store, campaign_id, name, 0, &n, error))
        return NULL;
      if (n == 0)
        break;
    }
  return g_steal_pointer (&name);
}

/**
 * muster_store_pick_recruit_name:
 * @campaign_id: the campaign of the recruit, or 0
 * @nationality: the nationality of the recruit's force
 * @name_rng: the generator of the recruit's name
 *
 * Returns: (transfer full): a period name of @nationality that no
 * character of @campaign_id has (unless every draw was taken), or %NULL
 * with @error set.
 */
char *
muster_store_pick_recruit_name (MusterStore  *store,
                                gint64        campaign_id,
                                const char   *nationality,
                                MusterRng    *name_rng,
                                GError      **error)
{
  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);
  g_return_val_if_fail (name_rng != NULL, NULL);

  return pick_name (store, campaign_id, NULL, nationality, name_rng, error);
}

gboolean
muster_store_check_recruit_counter (gint64   counter,
                                    GError **error)
{
  if (counter < 0 || counter > MUSTER_STORE_MAX_RECRUITS)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("A campaign’s recruit counter runs from 0 to %d, not %" PRId64 "."),
                   MUSTER_STORE_MAX_RECRUITS, counter);
      return FALSE;
    }
  return TRUE;
}

gint64
muster_store_tx_next_recruit (MusterStore  *store,
                              gint64        campaign_id,
                              guint64      *out_seed,
                              GError      **error)
{
  return muster_store_tx_take_recruits (store, campaign_id, 1, out_seed, error);
}

gint64
muster_store_tx_take_recruits (MusterStore  *store,
                               gint64        campaign_id,
                               guint         count,
                               guint64      *out_seed,
                               GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  gint64 counter = 0;
  int rc;

  g_return_val_if_fail (count > 0, 0);

  /* The counter has a row of its own: the campaign's, with its copy of
   * the ruleset, is not written for recruits. */
  stmt = muster_store_prepare (store,
      "UPDATE recruit_counter SET counter = counter + ?2 WHERE campaign_id = ?1 RETURNING counter",
      error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, campaign_id);
  sqlite3_bind_int64 (stmt, 2, count);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      counter = sqlite3_column_int64 (stmt, 0);
      /* RETURNING finishes its update only when stepped to the end. */
      rc = sqlite3_step (stmt);
    }
  if (rc == SQLITE_DONE && sqlite3_changes (muster_store_get_db (store)) == 0)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND,
                   _("There is no campaign with id %" PRId64 "."), campaign_id);
      return 0;
    }
  if ((rc & 0xff) == SQLITE_CONSTRAINT)
    {
      MUSTER_STMT_AUTO sqlite3_stmt *spent = NULL;

      /* Past the last number: the table's CHECK refused it. */
      spent = muster_store_prepare (store, "SELECT counter FROM recruit_counter WHERE campaign_id = ?", error);
      if (spent == NULL)
        return 0;
      sqlite3_bind_int64 (spent, 1, campaign_id);
      counter = sqlite3_step (spent) == SQLITE_ROW ? sqlite3_column_int64 (spent, 0) : MUSTER_STORE_MAX_RECRUITS;
      muster_store_check_recruit_counter (counter + count, error);
      return 0;
    }
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (store, error, _("Could not take the next recruit number"));
      return 0;
    }
  if (!muster_store_check_recruit_counter (counter, error))
    return 0;

  if (out_seed != NULL)
    {
      MUSTER_STMT_AUTO sqlite3_stmt *seed = muster_store_prepare (store, "SELECT seed FROM campaign WHERE id = ?",
                                                                  error);

      if (seed == NULL)
        return 0;
      sqlite3_bind_int64 (seed, 1, campaign_id);
      if (sqlite3_step (seed) != SQLITE_ROW)
        {
          muster_store_set_error (store, error, _("Could not take the next recruit number"));
          return 0;
        }
      *out_seed = (guint64) sqlite3_column_int64 (seed, 0);
    }
  return counter - count + 1;
}

gboolean
muster_store_move_recruit_counters (MusterStore  *store,
                                    GError      **error)
{
  gboolean in_campaign;

  {
    MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (store,
        "SELECT 1 FROM pragma_table_info ('campaign') WHERE name = 'recruit_counter'", error);

    if (stmt == NULL)
      return FALSE;
    in_campaign = sqlite3_step (stmt) == SQLITE_ROW;
  }
  /* A library that reached version 3 before migration 3 made the table:
   * each campaign's value, as it was (the table's CHECK refuses one out
   * of bounds, and the migration with it). */
  if (in_campaign)
    {
      MUSTER_STMT_AUTO sqlite3_stmt *move = muster_store_prepare (store,
          "INSERT INTO recruit_counter (campaign_id, counter) SELECT id, recruit_counter FROM campaign"
          " WHERE id NOT IN (SELECT campaign_id FROM recruit_counter)", error);

      if (move == NULL ||
          !muster_store_exec (store, move, _("Could not move the campaigns’ recruit counters"), error))
        return FALSE;
    }
  if (in_campaign)
    {
      MUSTER_STMT_AUTO sqlite3_stmt *drop = muster_store_prepare (store,
          "ALTER TABLE campaign DROP COLUMN recruit_counter", error);

      if (drop == NULL ||
          !muster_store_exec (store, drop, _("Could not move the campaigns’ recruit counters"), error))
        return FALSE;
    }

  {
    MUSTER_STMT_AUTO sqlite3_stmt *missing = muster_store_prepare (store,
        "INSERT INTO recruit_counter (campaign_id) SELECT id FROM campaign"
        " WHERE id NOT IN (SELECT campaign_id FROM recruit_counter)", error);

    return missing != NULL &&
           muster_store_exec (store, missing, _("Could not move the campaigns’ recruit counters"), error);
  }
}

static void
seed_recruit_rng (MusterRng *rng,
                  guint64    seed,
                  gint64     counter)
{
  g_autofree char *purpose = g_strdup_printf ("recruit/%" G_GINT64_FORMAT, counter);

  muster_rng_init_for (rng, seed, purpose);
}

gboolean
muster_store_reserve_recruit_rng (MusterStore  *store,
                                  gint64        campaign_id,
                                  MusterRng    *rng,
                                  GError      **error)
{
  guint64 seed = 0;
  gint64 counter;

  g_return_val_if_fail (MUSTER_IS_STORE (store), FALSE);
  g_return_val_if_fail (rng != NULL, FALSE);

  if (!muster_store_begin (store, error))
    return FALSE;
  counter = muster_store_tx_next_recruit (store, campaign_id, &seed, error);
  if (counter == 0 || !muster_store_commit (store, error))
    {
      muster_store_rollback (store);
      return FALSE;
    }
  seed_recruit_rng (rng, seed, counter);
  return TRUE;
}

/**
 * muster_store_recruit:
 * @name: (nullable): the name for a single recruit; %NULL picks period names
 *
 * Rolls and stores @count recruits in one transaction.
 *
 * Returns: (transfer full) (element-type gint64): the new ids, or %NULL
 *   with @error set and
 * nothing written.
 */
GArray *
muster_store_recruit (MusterStore  *store,
                      gint64        force_id,
                      const char   *troop_type,
                      const char   *weapon,
                      const char   *name,
                      guint         count,
                      GError      **error)
{
  return muster_store_recruit_into (store, force_id, 0, troop_type, weapon, name, count, error);
}

/* How many characters of the side hold each value of the stats @type
 * rolls on a table with limits: "STAT/VALUE" -> count. The dead and the
 * retired no longer count against the limit. A batch counts once, then
 * adds its own men (side_add()). */
static GHashTable *
side_taken (MusterStore            *store,
            MusterForce            *force,
            const MusterTroopType  *type,
            GError                **error)
{
  g_autoptr(GHashTable) taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  for (guint i = 0; type != NULL && i < type->rolls->len; i++)
    {
      const MusterStatRoll *roll = g_ptr_array_index (type->rolls, i);
      int rc;

      if (roll->table == NULL)
        continue;
      stmt = muster_store_prepare (store,
                                   "SELECT s.value, count(*) FROM stat s "
                                   "JOIN character c ON c.id = s.character_id "
                                   "JOIN force f ON f.id = c.force_id "
                                   "WHERE c.campaign_id = ? AND coalesce (f.side, f.name) = ? "
                                   "AND s.key = ? AND c.status NOT IN ('dead', 'retired') "
                                   "GROUP BY s.value",
                                   error);
      if (stmt == NULL)
        return NULL;
      sqlite3_bind_int64 (stmt, 1, muster_force_get_campaign_id (force));
      sqlite3_bind_text (stmt, 2, muster_force_get_effective_side (force), -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (stmt, 3, roll->stat, -1, SQLITE_TRANSIENT);
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        g_hash_table_insert (taken,
                             g_strdup_printf ("%s/%d", roll->stat, sqlite3_column_int (stmt, 0)),
                             GINT_TO_POINTER (sqlite3_column_int (stmt, 1)));
      if (rc != SQLITE_DONE)
        {
          muster_store_set_error (store, error, _("Could not count the side’s characters"));
          return NULL;
        }
    }
  return g_steal_pointer (&taken);
}

/* Counts @recruit, now stored, in @taken as side_taken() would. */
static void
side_add (GHashTable             *taken,
          const MusterTroopType  *type,
          const MusterRecruit    *recruit)
{
  for (guint i = 0; i < type->rolls->len; i++)
    {
      const MusterStatRoll *roll = g_ptr_array_index (type->rolls, i);
      gpointer value;
      char *key;

      if (roll->table == NULL || !g_hash_table_lookup_extended (recruit->stats, roll->stat, NULL, &value))
        continue;
      key = g_strdup_printf ("%s/%d", roll->stat, GPOINTER_TO_INT (value));
      g_hash_table_insert (taken, key,
                           GINT_TO_POINTER (GPOINTER_TO_INT (g_hash_table_lookup (taken, key)) + 1));
    }
}

/* From how many recruits a batch reads the campaign's names once rather
 * than asking for each name it draws. */
#define NAMES_READ_FROM 16

/**
 * muster_store_recruit_into:
 * @store: the library
 * @force_id: the force recruiting
 * @unit_id: a unit of that force the recruits join, or 0
 * @troop_type: a troop type id
 * @weapon: (nullable): a weapon id
 * @name: (nullable): the name of a single recruit
 * @count: how many
 * @error: return location for an error
 *
 * Recruits @count characters in one transaction; a stat rolled on a table
 * with limits per side (Big Skirmishes' Class) counts the side's
 * characters, those recruited here included.
 *
 * Returns: (transfer full) (element-type gint64): the new ids, or %NULL
 *   with nothing written.
 */
GArray *
muster_store_recruit_into (MusterStore  *store,
                           gint64        force_id,
                           gint64        unit_id,
                           const char   *troop_type,
                           const char   *weapon,
                           const char   *name,
                           guint         count,
                           GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *insert_character = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *insert_log = NULL;
  g_autoptr(MusterForce) force = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GHashTable) taken = NULL;
  g_auto(BatchNames) names = { NULL, NULL, NULL };
  MusterCharacterWrites writes = { 0 };
  const MusterTroopType *type;
  MusterRuleset *ruleset;
  guint64 seed = 0;
  gint64 campaign_id, first;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (count == 0)
    {
      g_set_error_literal (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                           _("Recruit at least one character."));
      return NULL;
    }
  if (name != NULL && count > 1)
    {
      g_set_error_literal (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                           _("A name can only be given when recruiting one character."));
      return NULL;
    }

  force = muster_store_get_force (store, force_id, error);
  if (force == NULL)
    return NULL;
  campaign_id = muster_force_get_campaign_id (force);
  ruleset = muster_store_get_campaign_ruleset (store, campaign_id, error);
  if (ruleset == NULL)
    return NULL;

  ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64), count);
  if (!muster_store_begin (store, error))
    return NULL;
  /* The numbers of the whole batch at once; each recruit rolls with his. */
  first = muster_store_tx_take_recruits (store, campaign_id, count, &seed, error);
  if (first == 0)
    goto fail;
  type = troop_type != NULL ? muster_ruleset_lookup_troop_type (ruleset, troop_type) : NULL;
  taken = side_taken (store, force, type, error);
  if (taken == NULL)
    goto fail;
  if (name == NULL && count >= NAMES_READ_FROM)
    {
      names.taken = campaign_names (store, campaign_id, error);
      if (names.taken == NULL ||
          !muster_nationality_get_names (muster_force_get_nationality (force),
                                         &names.first_names, &names.surnames, error))
        goto fail;
    }

  /* The statements every recruit writes with, prepared once. */
  insert_character = muster_store_prepare_character_insert (store, error);
  if (insert_character == NULL)
    goto fail;
  insert_log = muster_store_prepare_log_insert (store, error);
  if (insert_log == NULL)
    goto fail;
  writes.store = store;
  writes.character = insert_character;
  writes.log = insert_log;

  for (guint i = 0; i < count; i++)
    {
      g_autoptr(MusterRecruit) recruit = NULL;
      g_autofree char *picked = NULL;
      MusterCharacterSpec spec = { 0 };
      MusterRng rng, name_rng;
      gint64 id;

      seed_recruit_rng (&rng, seed, first + i);
      /* The name comes from a generator of its own, so that the stats
       * a campaign's seed gives do not depend on names. */
      muster_recruit_name_rng (&rng, &name_rng);
      recruit = muster_recruit_roll_limited (ruleset, troop_type, weapon, &rng, taken, error);
      if (recruit == NULL)
        goto fail;
      if (name == NULL)
        {
          picked = pick_name (store, campaign_id, names.taken != NULL ? &names : NULL,
                              muster_force_get_nationality (force),
                              &name_rng, error);
          if (picked == NULL)
            goto fail;
        }

      spec.name = name != NULL ? name : picked;
      spec.troop_type = recruit->troop_type;
      spec.weapon = recruit->weapon;
      spec.mounted = muster_ruleset_lookup_troop_type (ruleset, recruit->troop_type)->mounted;
      spec.stats = recruit->stats;
      spec.rolls = recruit->rolls;
      spec.roll_stats = recruit->roll_stats;
      id = muster_store_tx_create_character_in (store, &writes, force, &spec, error);
      if (id == 0)
        goto fail;
      if (unit_id != 0 && !muster_store_tx_attach_character (store, id, unit_id, error))
        goto fail;
      side_add (taken, type, recruit);
      if (names.taken != NULL)
        g_hash_table_add (names.taken, name_key (spec.name));
      g_array_append_val (ids, id);
    }

  if (!muster_store_commit (store, error))
    goto fail;
  muster_store_emit_changed (store,
                             MUSTER_CHANGE_CHARACTERS | MUSTER_CHANGE_FORCES | MUSTER_CHANGE_LOG |
                             (unit_id != 0 ? MUSTER_CHANGE_UNITS : 0),
                             campaign_id);
  return g_steal_pointer (&ids);

fail:
  muster_store_rollback (store);
  return NULL;
}
