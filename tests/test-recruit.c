/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-recruit"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib.h>
#include <sqlite3.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-force.h"
#include "muster-nationality.h"
#include "muster-recruit.h"
#include "muster-store.h"
#include "muster-test-util.h"

static const char * const dice_stats[] = { "I", "D", "S", "C" };

static MusterRuleset *
sharpe (void)
{
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset = muster_rulesets_lookup ("sharpes-skirmish", &error);

  g_assert_no_error (error);
  return ruleset;
}

static int
stat_of (MusterRecruit *recruit,
         const char    *key)
{
  gpointer value;

  g_assert_true (g_hash_table_lookup_extended (recruit->stats, key, NULL, &value));
  return GPOINTER_TO_INT (value);
}

static const MusterRoll *
roll_of (MusterRecruit *recruit,
         const char    *key)
{
  for (guint i = 0; i < recruit->roll_stats->len; i++)
    if (g_str_equal (g_ptr_array_index (recruit->roll_stats, i), key))
      return g_ptr_array_index (recruit->rolls, i);
  g_assert_not_reached ();
}

static gboolean
was_capped (MusterRecruit *recruit,
            const char    *key)
{
  for (guint i = 0; i < recruit->capped->len; i++)
    if (g_str_equal (g_ptr_array_index (recruit->capped, i), key))
      return TRUE;
  return FALSE;
}

typedef struct {
  const char *troop_type;
  int         f_min;
  int         f_max;
  gboolean    f_capped_at_9;
} TroopCase;

static const TroopCase troop_cases[] = {
  { "line",           6,  6, FALSE },
  { "voltigeur",      6,  6, FALSE },
  { "chasseur",       6,  6, FALSE },
  { "musket-special", 4,  9, FALSE },
  { "rifleman",       7, 12, FALSE },
  { "rifle-officer",  7, 12, FALSE },
  { "other",          2, 12, TRUE },   /* 2d6, and a musket by default */
};

static void
test_troop_types (void)
{
  g_autoptr(MusterRuleset) ruleset = sharpe ();
  MusterRng rng;

  g_assert_cmpuint (muster_ruleset_get_n_troop_types (ruleset), ==, G_N_ELEMENTS (troop_cases));
  muster_rng_init (&rng, 1810);

  for (guint t = 0; t < G_N_ELEMENTS (troop_cases); t++)
    {
      const TroopCase *tc = &troop_cases[t];
      int f_seen_min = G_MAXINT, f_seen_max = G_MININT;
      guint n_capped = 0;

      for (guint n = 0; n < 1000; n++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(MusterRecruit) recruit = muster_recruit_roll (ruleset, tc->troop_type, NULL, &rng, &error);
          const MusterRoll *f_roll;
          int f;

          g_assert_no_error (error);
          g_assert_cmpstr (recruit->troop_type, ==, tc->troop_type);
          /* One roll per stat, in the ruleset's stat order. */
          g_assert_cmpuint (recruit->rolls->len, ==, 5);
          for (guint i = 0; i < 5; i++)
            g_assert_cmpstr (g_ptr_array_index (recruit->roll_stats, i), ==,
                             muster_ruleset_get_stat (ruleset, i)->key);
          for (guint i = 0; i < G_N_ELEMENTS (dice_stats); i++)
            {
              int v = stat_of (recruit, dice_stats[i]);

              g_assert_cmpint (v, >=, 1);
              g_assert_cmpint (v, <=, 6);
              g_assert_cmpint (roll_of (recruit, dice_stats[i])->total, ==, v);
            }

          f = stat_of (recruit, "F");
          f_roll = roll_of (recruit, "F");
          g_assert_cmpint (f, >=, tc->f_min);
          g_assert_cmpint (f, <=, tc->f_max);
          f_seen_min = MIN (f_seen_min, f);
          f_seen_max = MAX (f_seen_max, f);
          /* He keeps what he rolled; above his musket's 9 it is noted. */
          g_assert_cmpint (f_roll->total, ==, f);
          g_assert_cmpint (was_capped (recruit, "F"), ==, tc->f_capped_at_9 && f > 9);
          if (was_capped (recruit, "F"))
            n_capped++;
        }

      /* Over a thousand recruits every value comes up. */
      g_assert_cmpint (f_seen_min, ==, tc->f_min);
      g_assert_cmpint (f_seen_max, ==, tc->f_max);
      if (tc->f_capped_at_9)
        g_assert_cmpuint (n_capped, >, 0);
    }
}

/* Chi-square of @counts against @expected (both indexed the same). */
static double
chi_square (const guint  *counts,
            const double *expected,
            guint         n)
{
  double chi = 0;

  for (guint i = 0; i < n; i++)
    chi += (counts[i] - expected[i]) * (counts[i] - expected[i]) / expected[i];
  return chi;
}

static void
test_distribution (void)
{
  g_autoptr(MusterRuleset) ruleset = sharpe ();
  const guint n = 6000;
  guint faces[4][6] = { { 0 } };
  guint rifle_f[6] = { 0 };
  guint other_f[11] = { 0 };
  double sum[4] = { 0 }, sum_sq[4] = { 0 };
  double expected6[6], expected_2d6[11];
  MusterRng rng;

  muster_rng_init (&rng, 20240601);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(MusterRecruit) rifleman = muster_recruit_roll (ruleset, "rifleman", NULL, &rng, NULL);
      g_autoptr(MusterRecruit) other = muster_recruit_roll (ruleset, "other", NULL, &rng, NULL);

      for (guint s = 0; s < 4; s++)
        {
          int v = stat_of (rifleman, dice_stats[s]);

          faces[s][v - 1]++;
          sum[s] += v;
          sum_sq[s] += (double) v * v;
        }
      rifle_f[stat_of (rifleman, "F") - 7]++;
      other_f[roll_of (other, "F")->total - 2]++;
    }

  for (guint i = 0; i < 6; i++)
    expected6[i] = n / 6.0;
  for (guint i = 0; i < 11; i++)
    expected_2d6[i] = n * (6 - fabs ((double) i - 5)) / 36.0;

  /* 0.1% critical values: 20.52 for 5 degrees of freedom, 29.59 for 10. */
  for (guint s = 0; s < 4; s++)
    {
      double mean = sum[s] / n;
      double variance = sum_sq[s] / n - mean * mean;

      g_assert_cmpfloat (chi_square (faces[s], expected6, 6), <, 20.52);
      /* 1d6: mean 3.5, variance 35/12; the standard error of the mean
       * over 6000 rolls is 0.022. */
      g_assert_cmpfloat (fabs (mean - 3.5), <, 0.1);
      g_assert_cmpfloat (fabs (variance - 35.0 / 12.0), <, 0.2);
    }
  g_assert_cmpfloat (chi_square (rifle_f, expected6, 6), <, 20.52);
  g_assert_cmpfloat (chi_square (other_f, expected_2d6, 11), <, 29.59);
}

static void
test_weapon_cap (void)
{
  g_autoptr(MusterRuleset) ruleset = sharpe ();
  g_autoptr(GError) error = NULL;
  MusterRng rng;
  guint n_capped = 0;

  muster_rng_init (&rng, 95);
  for (guint i = 0; i < 300; i++)
    {
      g_autoptr(MusterRecruit) recruit = muster_recruit_roll (ruleset, "rifleman", "musket", &rng, &error);
      int f;

      g_assert_no_error (error);
      g_assert_cmpstr (recruit->weapon, ==, "musket");
      f = stat_of (recruit, "F");
      g_assert_cmpint (f, >=, 7);
      g_assert_cmpint (f, <=, 12);
      g_assert_cmpint (roll_of (recruit, "F")->total, ==, f);
      g_assert_cmpint (was_capped (recruit, "F"), ==, f > 9);
      if (f > 9)
        n_capped++;
    }
  g_assert_cmpuint (n_capped, >, 0);

  /* A rifle is not capped; a weapon the rules lack is refused. */
  {
    g_autoptr(MusterRecruit) recruit = muster_recruit_roll (ruleset, "rifleman", NULL, &rng, &error);

    g_assert_cmpstr (recruit->weapon, ==, "rifle");
    g_assert_cmpuint (recruit->capped->len, ==, 0);
  }
  g_assert_null (muster_recruit_roll (ruleset, "rifleman", "blunderbuss", &rng, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (muster_recruit_roll (ruleset, "hussar", NULL, &rng, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
}

static char *
describe (MusterRecruit *recruit)
{
  return g_strdup_printf ("%d %d %d %d %d", stat_of (recruit, "I"), stat_of (recruit, "D"),
                          stat_of (recruit, "S"), stat_of (recruit, "C"), stat_of (recruit, "F"));
}

static void
test_reproducible (void)
{
  g_autoptr(MusterRuleset) ruleset = sharpe ();
  g_autoptr(GPtrArray) first = g_ptr_array_new_with_free_func (g_free);
  MusterRng a, b;
  guint differ = 0;

  muster_rng_init_for (&a, 1809, "recruit/1");
  for (guint i = 0; i < 50; i++)
    {
      g_autoptr(MusterRecruit) recruit = muster_recruit_roll (ruleset, "other", NULL, &a, NULL);
      g_ptr_array_add (first, describe (recruit));
    }
  muster_rng_init_for (&b, 1809, "recruit/1");
  for (guint i = 0; i < 50; i++)
    {
      g_autoptr(MusterRecruit) recruit = muster_recruit_roll (ruleset, "other", NULL, &b, NULL);
      g_autofree char *text = describe (recruit);
      g_assert_cmpstr (text, ==, g_ptr_array_index (first, i));
    }
  /* Another purpose gives other dice. */
  muster_rng_init_for (&b, 1809, "recruit/2");
  for (guint i = 0; i < 50; i++)
    {
      g_autoptr(MusterRecruit) recruit = muster_recruit_roll (ruleset, "other", NULL, &b, NULL);
      g_autofree char *text = describe (recruit);
      if (g_strcmp0 (text, g_ptr_array_index (first, i)) != 0)
        differ++;
    }
  g_assert_cmpuint (differ, >, 25);
}

static const char * const not_ours[] = {
  "Sharpe", "Harper", "Harris", "Hagman", "Cooper", "Perkins", "Tongue",
  "Hogan", "Lawford", "Dubreton", "Ducos", "Vivar", "Teresa", "Hakeswill",
  "Simmerson", "Leroy",
};

static void
test_names (void)
{
  const char * const *ids = muster_nationality_get_ids ();
  guint n_ids = g_strv_length ((char **) ids);

  for (guint n = 0; n < n_ids; n++)
    {
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_autoptr(GError) error = NULL;
      MusterRng rng;
      guint accents = 0;

      muster_rng_init (&rng, 7);
      for (guint i = 0; i < 1000; i++)
        {
          g_autofree char *name = muster_nationality_pick_name (ids[n], &rng, &error);
          g_auto(GStrv) words = NULL;

          g_assert_no_error (error);
          words = g_strsplit (name, " ", -1);
          g_assert_true (g_utf8_validate (name, -1, NULL));
          g_assert_cmpuint (g_strv_length (words), ==, 2);
          for (guint j = 0; j < G_N_ELEMENTS (not_ours); j++)
            for (guint w = 0; words[w] != NULL; w++)
              g_assert_cmpstr (words[w], !=, not_ours[j]);
          /* Not plain ASCII: "É", "ñ", "ç", "ã"... */
          for (const char *p = name; *p != '\0'; p++)
            if ((guchar) *p >= 0x80)
              {
                accents++;
                break;
              }
          g_hash_table_add (seen, g_steal_pointer (&name));
        }
      /* Plenty of different names, and the letters of their language
       * for the French, the Spanish and the Portuguese. */
      g_assert_cmpuint (g_hash_table_size (seen), >, 500);
      if (!g_str_equal (ids[n], "british"))
        g_assert_cmpuint (accents, >, 0);
      else
        g_assert_cmpuint (accents, ==, 0);
    }

  /* The same generator gives the same name. */
  {
    g_autofree char *a = NULL;
    g_autofree char *b = NULL;
    MusterRng rng, again;

    muster_rng_init (&rng, 7);
    muster_rng_init (&again, 7);
    a = muster_nationality_pick_name ("french", &rng, NULL);
    b = muster_nationality_pick_name ("french", &again, NULL);
    g_assert_cmpstr (a, ==, b);
  }
}

static gint64
raw_int (const char *path,
         const char *sql)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 value = -1;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return value;
}

static void
test_store_recruit (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(MusterRuleset) ruleset = sharpe ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GPtrArray) log = NULL;
  g_autoptr(MusterCharacter) character = NULL;
  g_autoptr(MusterRecruit) expected = NULL;
  MusterRng rng, check;
  gint64 campaign, force;
  int f;

  campaign = muster_store_create_campaign (store, "The Coa", ruleset, 1234, NULL, &error);
  g_assert_no_error (error);
  force = muster_store_create_force (store, campaign, "Voltigeurs", "French", &error);
  g_assert_no_error (error);

  ids = muster_store_recruit (store, force, "voltigeur", NULL, NULL, 3, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 3);
  g_assert_cmpint (raw_int (path, "SELECT counter FROM recruit_counter"), ==, 3);
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM roll WHERE purpose = 'recruit:F'"), ==, 3);
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM roll WHERE character_id IS NOT NULL"), ==, 15);
  g_assert_cmpint (raw_int (path, "SELECT count(*) FROM log_entry WHERE kind = 'recruit'"), ==, 3);

  /* The second recruit was rolled with recruit/2 of the campaign seed. */
  muster_rng_init_for (&check, 1234, "recruit/2");
  expected = muster_recruit_roll (ruleset, "voltigeur", NULL, &check, NULL);
  character = muster_store_get_character (store, g_array_index (ids, gint64, 1), &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (dice_stats); i++)
    {
      int v;
      g_assert_true (muster_character_get_stat (character, dice_stats[i], &v));
      g_assert_cmpint (v, ==, stat_of (expected, dice_stats[i]));
    }
  g_assert_true (muster_character_get_stat (character, "F", &f));
  g_assert_cmpint (f, ==, 6);
  /* Its name, from the generator of names of its own, is French. */
  {
    g_autofree char *name = NULL;
    MusterRng name_rng;

    muster_rng_init_for (&check, 1234, "recruit/2");
    muster_recruit_name_rng (&check, &name_rng);
    name = muster_nationality_pick_name ("french", &name_rng, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (muster_character_get_name (character), ==, name);
  }

  /* The dialog's generator takes the next number. */
  g_assert_true (muster_store_reserve_recruit_rng (store, campaign, &rng, &error));
  g_assert_no_error (error);
  g_assert_cmpint (raw_int (path, "SELECT counter FROM recruit_counter"), ==, 4);
  muster_rng_init_for (&check, 1234, "recruit/4");
  g_assert_cmpuint (muster_rng_next (&rng), ==, muster_rng_next (&check));

  log = muster_store_list_log (store, campaign, 0, g_array_index (ids, gint64, 0), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (log->len, ==, 1);
  g_assert_nonnull (strstr (((MusterLogEntry *) g_ptr_array_index (log, 0))->message, "recruited: I "));
  g_assert_nonnull (strstr (((MusterLogEntry *) g_ptr_array_index (log, 0))->message, ", F 6"));

  g_assert_null (muster_store_recruit (store, force, "voltigeur", NULL, "Jean Roussel", 2, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (muster_store_recruit (store, force, "voltigeur", NULL, NULL, 0, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
}

static void
raw_exec (const char *path,
          const char *sql)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
}

/* The recruit counter is a count the store keeps within what it can hold:
 * past the last number no one is recruited, and nothing changes. */
static void
test_counter_spent (void)
{
  g_autofree char *path = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(MusterStore) store = muster_test_open_store (&path);
  g_autoptr(MusterRuleset) ruleset = sharpe ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  gint64 campaign, force;
  MusterRng rng;

  campaign = muster_store_create_campaign (store, "The Coa", ruleset, 1234, NULL, &error);
  g_assert_no_error (error);
  force = muster_store_create_force (store, campaign, "Voltigeurs", "French", &error);
  g_assert_no_error (error);
  raw_exec (path, "UPDATE recruit_counter SET counter = 2147483646");

  ids = muster_store_recruit (store, force, "voltigeur", NULL, NULL, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (raw_int (path, "SELECT counter FROM recruit_counter"), ==, 2147483647);

  before = muster_store_dump (store);
  g_assert_null (muster_store_recruit (store, force, "voltigeur", NULL, NULL, 1, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "runs from 0 to 2147483647, not 2147483648"));
  g_clear_error (&error);
  g_assert_false (muster_store_reserve_recruit_rng (store, campaign, &rng, &error));
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID);
  after = muster_store_dump (store);
  g_assert_cmpstr (before, ==, after);
}

static void
test_sample (void)
{
  g_autoptr(MusterStore) store = muster_test_open_store (NULL);
  g_autoptr(MusterStore) again = muster_test_open_store (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) forces = NULL;
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  gint64 id;
  guint riflemen = 0, officers = 0;

  id = muster_store_create_sample (store, NULL, &error);
  g_assert_no_error (error);
  campaign = muster_store_get_campaign (store, id, &error);
  g_assert_cmpstr (muster_campaign_get_ruleset_id (campaign), ==, "sharpes-skirmish");
  g_assert_cmpuint (muster_campaign_get_seed (campaign), ==, 1809);
  g_assert_cmpstr (muster_campaign_get_option (campaign, "death-roll"), ==, "die-on-6");

  forces = muster_store_list_forces (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (forces->len, ==, 2);
  g_assert_cmpstr (muster_force_get_side (g_ptr_array_index (forces, 0)), ==, "British");
  g_assert_cmpstr (muster_force_get_side (g_ptr_array_index (forces, 1)), ==, "French");
  for (guint i = 0; i < 2; i++)
    {
      guint n = muster_force_get_n_characters (g_ptr_array_index (forces, i));
      g_assert_cmpuint (n, >=, 10);
      g_assert_cmpuint (n, <=, 13);
    }

  characters = muster_store_list_characters (store, id, 0, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < characters->len; i++)
    {
      MusterCharacter *c = g_ptr_array_index (characters, i);
      const char *type = muster_character_get_troop_type (c);
      int f;

      g_assert_cmpstr (muster_character_get_rank (c), !=, "");
      g_assert_true (muster_character_get_stat (c, "F", &f));
      if (g_str_equal (type, "rifleman") || g_str_equal (type, "rifle-officer"))
        {
          g_assert_cmpstr (muster_character_get_side (c), ==, "British");
          g_assert_cmpint (f, >=, 7);
          riflemen += g_str_equal (type, "rifleman");
          officers += g_str_equal (type, "rifle-officer");
        }
      else if (g_str_equal (type, "voltigeur") || g_str_equal (type, "chasseur") ||
               g_str_equal (type, "line"))
        g_assert_cmpint (f, ==, 6);
    }
  g_assert_cmpuint (riflemen, >=, 3);
  g_assert_cmpuint (officers, ==, 1);

  /* The same every time. */
  muster_store_create_sample (again, NULL, &error);
  g_assert_no_error (error);
  a = muster_store_dump (store);
  b = muster_store_dump (again);
  g_assert_cmpstr (a, ==, b);

  /* A second sample needs another name. */
  g_assert_cmpint (muster_store_create_sample (store, NULL, &error), ==, 0);
  g_assert_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_EXISTS);
  g_clear_error (&error);
  g_assert_cmpint (muster_store_create_sample (store, "Second sample", &error), >, 0);
  g_assert_no_error (error);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("MUSTER_FAKE_TIME", "2010-07-24T06:00:00Z", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/recruit/troop-types", test_troop_types);
  g_test_add_func ("/recruit/distribution", test_distribution);
  g_test_add_func ("/recruit/weapon-cap", test_weapon_cap);
  g_test_add_func ("/recruit/reproducible", test_reproducible);
  g_test_add_func ("/recruit/names", test_names);
  g_test_add_func ("/recruit/store", test_store_recruit);
  g_test_add_func ("/recruit/counter-spent", test_counter_spent);
  g_test_add_func ("/recruit/sample", test_sample);

  return g_test_run ();
}
