/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-recruit-batch"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "muster-canonical-dump.h"
#include "muster-log-private.h"
#include "muster-recruit.h"
#include "muster-store-private.h"
#include "muster-store.h"
#include "muster-test-util.h"

/* A batch of recruits stores, row for row, what as many recruits made one
 * call at a time store: the same names (none taken twice while the draws
 * allow it), the same dice, the same Class within the side's limits
 * (Big Skirmishes), the same log. Each library's rows are compared as
 * text without their row ids (muster-canonical-dump.c).
 *
 * A recruit's log entry is written as text without JSON-GLib
 * (muster_store_append_recruit_args()), and every entry's arguments
 * without its generator (muster_log_args_to_string()): they are, byte
 * for byte, what JSON-GLib writes of the same members, whatever the text
 * in them. */

typedef struct {
  const char *force;       /* index into the forces made below */
  const char *troop_type;
  guint       count;
} Batch;

typedef struct {
  const char *ruleset;
  const char *forces[3][2];   /* name, side */
  Batch       batches[4];
} Plan;

static const Plan plans[] = {
  /* Two forces on one side share its one Hero and two Leaders. */
  { "big-skirmishes",
    { { "Company", "Allies" }, { "Guerrillas", "Allies" }, { "Voltigeurs", "French" } },
    { { "Company", "character", 40 }, { "Guerrillas", "mounted-character", 30 },
      { "Voltigeurs", "character", 25 }, { "Company", "mounted-character", 10 } } },
  /* Enough men of one nationality that names are drawn again. */
  { "sharpes-skirmish",
    { { "Light Division", "British" }, { "VI Corps", "French" }, { NULL, NULL } },
    { { "Light Division", "line", 150 }, { "VI Corps", "other", 120 },
      { "Light Division", "rifleman", 60 }, { NULL, NULL, 0 } } },
};

/* The library @plan makes, recruiting each batch in one call, or one
 * character per call; returns the campaign's dump. */
static char *
recruit_plan (const char *dir,
              const Plan *plan,
              gboolean    singly)
{
  g_autofree char *path = g_build_filename (dir, singly ? "singly.db" : "batch.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterStore) store = muster_store_open (path, &error);
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(GHashTable) forces = g_hash_table_new (g_str_hash, g_str_equal);
  gint64 campaign;

  g_assert_no_error (error);
  ruleset = muster_rulesets_lookup (plan->ruleset, &error);
  g_assert_no_error (error);
  campaign = muster_store_create_campaign (store, "Batches", ruleset, 1809, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (plan->forces) && plan->forces[i][0] != NULL; i++)
    {
      gint64 id = muster_store_create_force (store, campaign, plan->forces[i][0], plan->forces[i][1], &error);

      g_assert_no_error (error);
      g_hash_table_insert (forces, (gpointer) plan->forces[i][0], GSIZE_TO_POINTER ((gsize) id));
    }

  for (guint b = 0; b < G_N_ELEMENTS (plan->batches) && plan->batches[b].count > 0; b++)
    {
      const Batch *batch = &plan->batches[b];
      gint64 force = (gint64) GPOINTER_TO_SIZE (g_hash_table_lookup (forces, batch->force));
      guint calls = singly ? batch->count : 1;

      for (guint i = 0; i < calls; i++)
        {
          g_autoptr(GArray) ids = muster_store_recruit (store, force, batch->troop_type, NULL, NULL,
                                                        singly ? 1 : batch->count, &error);

          g_assert_no_error (error);
          g_assert_cmpuint (ids->len, ==, singly ? 1 : batch->count);
        }
    }
  return muster_canonical_campaign_dump (store, campaign);
}

static guint
count_lines (const char *dump,
             const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (dump, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

static void
test_batch_as_singly (gconstpointer data)
{
  const Plan *plan = data;
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *batch = recruit_plan (dir, plan, FALSE);
  g_autofree char *singly = recruit_plan (dir, plan, TRUE);
  g_autofree char *checksum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, batch, -1);

  g_test_message ("%s: dump of %zu bytes, SHA-256 %s", plan->ruleset, strlen (batch), checksum);
  g_assert_cmpstr (batch, ==, singly);
  /* What the comparison must have met to say anything: side limits
   * that put men lower, and names drawn again. */
  if (g_str_equal (plan->ruleset, "big-skirmishes"))
    g_assert_cmpuint (count_lines (batch, "\\\"demoted\\\":true"), >, 0);
  muster_test_remove_tree (dir);
}

/* A character with more stats and rolls than one statement writes
 * (MUSTER_CHARACTER_WRITE_ROWS) keeps them all, recruited alone or in a
 * batch: each roll for its stat in the troop type's order, each stat the
 * value its roll gave. */
static void
test_many_rows (void)
{
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "muster.db", NULL);
  g_autofree char *rules_path = g_build_filename (TEST_SRCDIR, "rulesets", "wide-units.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterStore) store = muster_store_open (path, &error);
  g_autoptr(MusterRuleset) ruleset = NULL;
  const MusterTroopType *type;
  gint64 campaign, force;
  guint n_checked = 0;

  g_assert_no_error (error);
  ruleset = muster_ruleset_new_from_file (rules_path, &error);
  g_assert_no_error (error);
  type = muster_ruleset_get_troop_type (ruleset, 0);
  g_assert_cmpuint (type->rolls->len, >, MUSTER_CHARACTER_WRITE_ROWS);
  g_assert_cmpuint (type->rolls->len % MUSTER_CHARACTER_WRITE_ROWS, !=, 0);
  campaign = muster_store_create_campaign (store, "Wide", ruleset, 1809, NULL, &error);
  g_assert_no_error (error);
  force = muster_store_create_force (store, campaign, "Light Company", "British", &error);
  g_assert_no_error (error);

  for (guint count = 1; count <= 3; count += 2)
    {
      g_autoptr(GArray) ids = muster_store_recruit (store, force, type->id, NULL, NULL, count, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (ids->len, ==, count);
      for (guint c = 0; c < ids->len; c++)
        {
          gint64 id = g_array_index (ids, gint64, c);
          sqlite3_stmt *stmt = NULL;
          guint n = 0;

          g_assert_cmpint (sqlite3_prepare_v2 (muster_store_get_db (store),
                                               "SELECT r.purpose, r.total, s.value FROM roll r"
                                               " LEFT JOIN stat s ON s.character_id = r.character_id"
                                               " AND 'recruit:' || s.key = r.purpose"
                                               " WHERE r.character_id = ? ORDER BY r.id",
                                               -1, &stmt, NULL), ==, SQLITE_OK);
          sqlite3_bind_int64 (stmt, 1, id);
          while (sqlite3_step (stmt) == SQLITE_ROW)
            {
              const MusterStatRoll *roll = g_ptr_array_index (type->rolls, n);
              const MusterStatDef *def = muster_ruleset_lookup_stat (ruleset, roll->stat);
              g_autofree char *purpose = g_strconcat ("recruit:", roll->stat, NULL);

              g_assert_cmpuint (n, <, type->rolls->len);
              g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, purpose);
              g_assert_cmpint (sqlite3_column_type (stmt, 2), ==, SQLITE_INTEGER);
              g_assert_cmpint (sqlite3_column_int (stmt, 2), ==,
                               CLAMP (sqlite3_column_int (stmt, 1), def->min, def->max));
              n++;
            }
          sqlite3_finalize (stmt);
          g_assert_cmpuint (n, ==, type->rolls->len);

          g_assert_cmpint (sqlite3_prepare_v2 (muster_store_get_db (store),
                                               "SELECT count(*) FROM stat WHERE character_id = ?",
                                               -1, &stmt, NULL), ==, SQLITE_OK);
          sqlite3_bind_int64 (stmt, 1, id);
          g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
          g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, (int) type->rolls->len);
          sqlite3_finalize (stmt);
          n_checked++;
        }
    }
  g_assert_cmpuint (n_checked, ==, 4);
  g_clear_object (&store);
  muster_test_remove_tree (dir);
}

/* What a recruit's log entry says of his dice: nothing where they say no
 * more than the value, the total where it is not the value (a stat held
 * inside its range), every die where there are more than one. */
static void
test_dice_said (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);
  g_autoptr(MusterDiceExpr) one = muster_dice_expr_parse ("1d6", NULL);
  g_autoptr(MusterDiceExpr) two = muster_dice_expr_parse ("2d6", NULL);
  g_autoptr(MusterDiceExpr) plus = muster_dice_expr_parse ("1d6+1", NULL);
  g_autoptr(GHashTable) stats = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) rolls = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_roll_free);
  g_autoptr(GPtrArray) roll_stats = g_ptr_array_new ();
  g_autoptr(JsonArray) said = NULL;
  static const struct {
    const char *stat;
    int         value;
    int         faces[2];
    guint       n_faces;
    int         expr;     /* 0: 1d6, 1: 2d6, 2: 1d6+1 */
    const char *dice;     /* NULL: not said */
  } cases[] = {
    { "I", 4, { 4 }, 1, 0, NULL },
    { "D", 4, { 5 }, 1, 0, "5" },
    { "S", 7, { 3, 4 }, 2, 1, "3 + 4 = 7" },
    { "C", 6, { 5 }, 1, 2, "5 + 1 = 6" },
  };

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MusterDiceExpr *expr = cases[i].expr == 0 ? one : cases[i].expr == 1 ? two : plus;
      MusterRoll *roll = muster_roll_new_entered (expr, cases[i].faces, cases[i].n_faces, &error);

      g_assert_no_error (error);
      g_ptr_array_add (rolls, roll);
      g_ptr_array_add (roll_stats, (gpointer) cases[i].stat);
      g_hash_table_insert (stats, (gpointer) cases[i].stat, GINT_TO_POINTER (cases[i].value));
    }
  said = muster_store_recruit_stats (ruleset, "line", NULL, stats, rolls, roll_stats);
  g_assert_cmpuint (json_array_get_length (said), ==, G_N_ELEMENTS (cases));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      JsonObject *stat = json_array_get_object_element (said, i);

      g_assert_cmpstr (json_object_get_string_member (stat, "key"), ==, cases[i].stat);
      g_assert_cmpint (json_object_get_int_member (stat, "value"), ==, cases[i].value);
      g_assert_cmpstr (json_object_get_string_member_with_default (stat, "dice", NULL), ==, cases[i].dice);
    }
}

/* Texts a name or an id may hold: quotes, backslashes, every control
 * character, DEL, text beyond ASCII and beyond the BMP. */
static const char * const awkward[] = {
  "Patrick \"Paddy\" Harper", "C:\\Rifles\\95th", "\\\"", "O'Hara",
  "Hagman\tthe\nPoacher\r", "bell\a back\b form\f vt\v esc\x1b del\x7f",
  "Ramón Pérez Núñez", "Жуков", "武士", "Trooper 🐎 Dan", "\x01\x02\x03\x1e", "/ \\/ </script>",
  "Unit\x1fSeparator",
};

/* @args as JSON-GLib's generator writes them, but for U+001F, which it
 * leaves unescaped although JSON does not allow it: the log writes it
 * escaped, as "\u001f". Outside strings JSON-GLib writes no control
 * character, so each one found is in a string. */
static char *
json_glib_args (JsonObject *args)
{
  g_autoptr(JsonObject) owned = args;
  g_autoptr(JsonNode) node = json_node_alloc ();
  g_autofree char *text = NULL;
  g_auto(GStrv) parts = NULL;

  json_node_init_object (node, args);
  text = json_to_string (node, FALSE);
  parts = g_strsplit (text, "\x1f", -1);
  return g_strjoinv ("\\u001f", parts);
}

/* @text as JSON-GLib writes it, a member of an entry's arguments. */
static char *
json_glib_string (const char *text)
{
  g_autofree char *object = json_glib_args (muster_log_args ("s:k", text, NULL));

  g_assert_true (g_str_has_prefix (object, "{\"k\":") && g_str_has_suffix (object, "}"));
  return g_strndup (object + 5, strlen (object) - 6);
}

static void
assert_string_as_json_glib (const char *text)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *expected = json_glib_string (text);

  muster_log_append_json_string (out, text);
  g_assert_cmpstr (out->str, ==, expected);
  /* What the log's table takes: valid JSON, as SQLite reads it. */
  if (g_utf8_validate (text, -1, NULL))
    g_assert_true (muster_test_json_valid (out->str));
}

static void
test_json_string (void)
{
  /* Every byte alone, those that are not UTF-8 on their own included. */
  for (guint c = 1; c < 256; c++)
    {
      char text[] = { 'a', (char) c, 'b', (char) c, '\0' };

      assert_string_as_json_glib (text);
      assert_string_as_json_glib (text + 1);
    }
  for (guint i = 0; i < G_N_ELEMENTS (awkward); i++)
    assert_string_as_json_glib (awkward[i]);
  assert_string_as_json_glib ("");
}

/* The arguments of the recruit log entry of character @id, as JSON-GLib
 * wrote them before batches wrote them as text: made from what the library
 * keeps of him (his name, weapon, stats and the rolls for them). */
static char *
recruit_args_by_json_glib (MusterStore   *store,
                           MusterRuleset *ruleset,
                           gint64         id)
{
  sqlite3 *db = muster_store_get_db (store);
  g_autoptr(GHashTable) stats = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) rolls = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_roll_free);
  g_autoptr(GPtrArray) roll_stats = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *name = NULL;
  g_autofree char *weapon = NULL;
  g_autofree char *troop_type = NULL;
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT name, weapon, troop_type FROM character WHERE id = ?",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_int64 (stmt, 1, id);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  name = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  weapon = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
  troop_type = g_strdup ((const char *) sqlite3_column_text (stmt, 2));
  sqlite3_finalize (stmt);

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT key, value FROM stat WHERE character_id = ?",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_int64 (stmt, 1, id);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_hash_table_insert (stats, g_strdup ((const char *) sqlite3_column_text (stmt, 0)),
                         GINT_TO_POINTER (sqlite3_column_int (stmt, 1)));
  sqlite3_finalize (stmt);

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT substr (purpose, 9), expression, faces, total, entered"
                                       " FROM roll WHERE character_id = ? AND purpose LIKE 'recruit:%'"
                                       " ORDER BY id", -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_int64 (stmt, 1, id);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      MusterRoll *roll = g_new0 (MusterRoll, 1);
      g_auto(GStrv) faces = g_strsplit ((const char *) sqlite3_column_text (stmt, 2), ",", -1);

      roll->expression = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
      roll->faces = g_array_new (FALSE, FALSE, sizeof (int));
      for (guint i = 0; faces[i] != NULL; i++)
        if (*faces[i] != '\0')
          {
            int face = atoi (faces[i]);

            g_array_append_val (roll->faces, face);
          }
      roll->total = sqlite3_column_int (stmt, 3);
      roll->entered = sqlite3_column_int (stmt, 4) != 0;
      g_ptr_array_add (rolls, roll);
      g_ptr_array_add (roll_stats, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
    }
  sqlite3_finalize (stmt);
  g_assert_cmpuint (rolls->len, >, 0);

  return json_glib_args (muster_log_args ("s:name", name, "s:weapon", weapon,
                                          "a:stats", muster_store_recruit_stats (ruleset, troop_type, weapon,
                                                                                 stats, rolls, roll_stats),
                                          NULL));
}

/* Any entry's arguments, written by muster_log_args_to_string(): what
 * JSON-GLib writes of them, for every type of member the log keeps,
 * nested, in the order they were set. */
static void
test_args_to_string (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (awkward); i++)
    {
      JsonArray *list = json_array_new ();
      JsonObject *inner = json_object_new ();
      g_autoptr(JsonObject) args = NULL;
      g_autofree char *ours = NULL;
      g_autofree char *theirs = NULL;

      json_object_set_string_member (inner, awkward[i], awkward[(i + 1) % G_N_ELEMENTS (awkward)]);
      json_object_set_int_member (inner, "value", G_MININT64 + i);
      json_object_set_null_member (inner, "none");
      json_array_add_object_element (list, inner);
      json_array_add_int_element (list, G_MAXINT64 - i);
      json_array_add_boolean_element (list, i % 2 == 0);
      json_array_add_array_element (list, json_array_new ());
      json_array_add_object_element (list, json_object_new ());
      args = muster_log_args ("s:name", awkward[i], "i:size", -(int) i, "b:broken", i % 2 == 1,
                              "r:unit_id", (gint64) i + 1, "a:stats", list, NULL);
      json_object_set_string_member (args, "zulu", "last set");
      json_object_set_string_member (args, "alpha", "set after zulu");
      /* A member set twice. */
      json_object_set_string_member (args, "name", awkward[(i + 2) % G_N_ELEMENTS (awkward)]);

      ours = muster_log_args_to_string (args);
      theirs = json_glib_args (json_object_ref (args));
      g_assert_cmpstr (ours, ==, theirs);
    }
  /* A double, which no entry keeps, is still written as JSON-GLib does. */
  {
    g_autoptr(JsonObject) args = muster_log_args ("s:name", "Harper", NULL);
    g_autofree char *ours = NULL;
    g_autofree char *theirs = NULL;

    json_object_set_double_member (args, "ratio", 0.1);
    ours = muster_log_args_to_string (args);
    theirs = json_glib_args (json_object_ref (args));
    g_assert_cmpstr (ours, ==, theirs);
  }
}

/* Recruits of every troop type with every weapon of the shipped rules,
 * named with awkward[] one at a time and by the name lists in batches;
 * the arguments each recruit's log entry keeps are those JSON-GLib
 * writes of the same members. */
static void
test_args_as_json_glib (void)
{
  static const char * const rulesets[] = {
    "big-skirmishes", "chosen-men", "napoleonic-skirmish", "sharpes-skirmish", "small-unit-engagements",
  };
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "muster.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterStore) store = muster_store_open (path, &error);
  gboolean seen[G_N_ELEMENTS (awkward)] = { FALSE };
  guint n_entries = 0, n_tables = 0, n_demoted = 0, n_capped = 0, n_dice = 0;

  g_assert_no_error (error);
  for (guint r = 0; r < G_N_ELEMENTS (rulesets); r++)
    {
      g_autoptr(MusterRuleset) ruleset = muster_rulesets_lookup (rulesets[r], &error);
      gint64 campaign, force;
      sqlite3_stmt *stmt = NULL;
      guint next_name = 0;

      g_assert_no_error (error);
      campaign = muster_store_create_campaign (store, rulesets[r], ruleset, 1809, NULL, &error);
      g_assert_no_error (error);
      force = muster_store_create_force (store, campaign, "Light Company", "British", &error);
      g_assert_no_error (error);

      for (guint t = 0; t < muster_ruleset_get_n_troop_types (ruleset); t++)
        for (guint w = 0; w <= muster_ruleset_get_n_weapons (ruleset); w++)
          {
            const MusterTroopType *type = muster_ruleset_get_troop_type (ruleset, t);
            const char *weapon = w < muster_ruleset_get_n_weapons (ruleset)
              ? muster_ruleset_get_weapon (ruleset, w)->id : NULL;
            g_autoptr(GArray) one = NULL;
            g_autoptr(GArray) batch = NULL;

            one = muster_store_recruit (store, force, type->id, weapon,
                                        awkward[next_name++ % G_N_ELEMENTS (awkward)], 1, &error);
            g_assert_no_error (error);
            batch = muster_store_recruit (store, force, type->id, weapon, NULL, 20, &error);
            g_assert_no_error (error);
          }

      g_assert_cmpint (sqlite3_prepare_v2 (muster_store_get_db (store),
                                           "SELECT character_id, args FROM log_entry"
                                           " WHERE campaign_id = ? AND kind = 'recruit' ORDER BY id",
                                           -1, &stmt, NULL), ==, SQLITE_OK);
      sqlite3_bind_int64 (stmt, 1, campaign);
      while (sqlite3_step (stmt) == SQLITE_ROW)
        {
          const char *stored = (const char *) sqlite3_column_text (stmt, 1);
          g_autofree char *expected = recruit_args_by_json_glib (store, ruleset, sqlite3_column_int64 (stmt, 0));

          g_assert_cmpstr (stored, ==, expected);
          n_entries++;
          for (guint i = 0; i < G_N_ELEMENTS (awkward); i++)
            {
              g_autofree char *stripped = g_strstrip (g_strdup (awkward[i]));
              g_autofree char *name = json_glib_string (stripped);

              seen[i] |= strstr (stored, name) != NULL;
            }
          n_tables += strstr (stored, "\"table\":") != NULL;
          n_demoted += strstr (stored, "\"demoted\":true") != NULL;
          n_capped += strstr (stored, "\"cap\":") != NULL;
          n_dice += strstr (stored, "\"dice\":") != NULL;
        }
      sqlite3_finalize (stmt);
    }
  g_test_message ("%u entries: %u with a table, %u demoted, %u capped, %u with dice",
                  n_entries, n_tables, n_demoted, n_capped, n_dice);
  /* What the comparison must have met to say anything. */
  for (guint i = 0; i < G_N_ELEMENTS (awkward); i++)
    g_assert_true (seen[i]);
  g_assert_cmpuint (n_tables, >, 0);
  g_assert_cmpuint (n_demoted, >, 0);
  g_assert_cmpuint (n_capped, >, 0);
  g_assert_cmpuint (n_dice, >, 0);
  g_clear_object (&store);
  muster_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  /* The rows' times, or two libraries made a second apart would differ. */
  g_setenv ("MUSTER_FAKE_TIME", "1809-07-28T06:00:00Z", TRUE);
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (plans); i++)
    {
      g_autofree char *path = g_strdup_printf ("/recruit-batch/as-singly/%s", plans[i].ruleset);

      g_test_add_data_func (path, &plans[i], test_batch_as_singly);
    }
  g_test_add_func ("/recruit-batch/args/json-string", test_json_string);
  g_test_add_func ("/recruit-batch/args/as-json-glib", test_args_as_json_glib);
  g_test_add_func ("/recruit-batch/args/to-string", test_args_to_string);
  g_test_add_func ("/recruit-batch/args/dice-said", test_dice_said);
  g_test_add_func ("/recruit-batch/many-rows", test_many_rows);
  return g_test_run ();
}
