/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-exchange-bad"

#include "config.h"

#include <string.h>

#include <fcntl.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <sqlite3.h>

#include "muster-character.h"
#include "muster-exchange.h"
#include "muster-recruit.h"
#include "muster-store.h"
#include "muster-store-private.h"
#include "muster-exchange-test-util.h"
#include "muster-test-util.h"


/* Bad input: each is refused with a message that names the problem and
 * the line, and the library is left exactly as it was. */

static void
fixture_refused (const char *fixture,
                 int         code,
                 const char *needle1,
                 const char *needle2)
{
  g_autofree char *data = NULL;
  g_autofree char *message = NULL;
  gsize length;
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);

  data = read_fixture (fixture, &length);
  message = expect_refused (store, campaign, data, length, code, needle1, needle2, NULL);
  g_assert_null (strstr (message, "root:"));
}

static void
test_bad_malformed (void)
{
  fixture_refused ("malformed.muster", MUSTER_EXCHANGE_ERROR_PARSE, "line 19", "well-formed");
}

static void
test_bad_wrong_root (void)
{
  fixture_refused ("wrong-root.muster", MUSTER_EXCHANGE_ERROR_INVALID, "line 2", "<roster>");
}

static void
test_bad_wrong_namespace (void)
{
  fixture_refused ("wrong-namespace.muster", MUSTER_EXCHANGE_ERROR_INVALID, "line 2", "http://example.com/ns/roster");
}

static void
test_bad_newer (void)
{
  fixture_refused ("newer-version.muster", MUSTER_EXCHANGE_ERROR_NEWER,
                   "This file was written by a newer Muster (format 4); this Muster reads format 3.", NULL);
}

static void
test_bad_unknown_ruleset (void)
{
  fixture_refused ("unknown-ruleset.muster", MUSTER_EXCHANGE_ERROR_RULESET, "line 4", "“no-such-rules”");
}

static void
test_bad_missing_element (void)
{
  fixture_refused ("missing-element.muster", MUSTER_EXCHANGE_ERROR_INVALID, "line 4", "notes");
}

static void
test_bad_extra_element (void)
{
  fixture_refused ("extra-element.muster", MUSTER_EXCHANGE_ERROR_INVALID, "line 12", "horse");
}

static void
test_bad_dangling_unit (void)
{
  fixture_refused ("dangling-reference.muster", MUSTER_EXCHANGE_ERROR_INVALID, "line 13", "“u9”");
}

static void
test_bad_duplicate_ids (void)
{
  fixture_refused ("duplicate-ids.muster", MUSTER_EXCHANGE_ERROR_INVALID, "line 13", "“c1”");
}

static void
test_bad_wrong_type_count (void)
{
  fixture_refused ("wrong-type.muster", MUSTER_EXCHANGE_ERROR_INVALID, "line 6", "-1");
}

static void
test_bad_not_xml (void)
{
  fixture_refused ("not-xml.muster", MUSTER_EXCHANGE_ERROR_PARSE, "not XML", NULL);
}

static void
test_bad_empty (void)
{
  fixture_refused ("empty.muster", MUSTER_EXCHANGE_ERROR_PARSE, "empty", NULL);
}

static void
test_bad_truncated_fixture (void)
{
  fixture_refused ("truncated.muster", MUSTER_EXCHANGE_ERROR_PARSE, "line", "well-formed");
}

static void
test_bad_billion_laughs (void)
{
  /* Refused for its DOCTYPE before any entity could be expanded. */
  fixture_refused ("billion-laughs.muster", MUSTER_EXCHANGE_ERROR_PARSE, "line 2", "DOCTYPE");
}

static void
test_bad_external_entity (void)
{
  fixture_refused ("external-entity.muster", MUSTER_EXCHANGE_ERROR_PARSE, "line 2", "DOCTYPE");
}

/* A DOCTYPE the byte scan cannot see (UTF-16) is still refused by the
 * reader: entities are neither expanded nor read. */
static void
utf16_refused (const char *fixture)
{
  g_autofree char *data = NULL;
  g_autofree char *declared = NULL;
  g_autofree char *utf16 = NULL;
  g_autofree char *with_bom = NULL;
  g_autofree char *message = NULL;
  gsize length, utf16_length;
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);

  data = read_fixture (fixture, &length);
  declared = replace_once (data, "encoding=\"UTF-8\"", "encoding=\"UTF-16\"");
  utf16 = g_convert (declared, -1, "UTF-16LE", "UTF-8", NULL, &utf16_length, NULL);
  g_assert_nonnull (utf16);
  with_bom = g_malloc (utf16_length + 2);
  memcpy (with_bom, "\xFF\xFE", 2);
  memcpy (with_bom + 2, utf16, utf16_length);

  message = expect_refused (store, campaign, with_bom, utf16_length + 2,
                            MUSTER_EXCHANGE_ERROR_PARSE, "DOCTYPE", NULL);
  g_assert_null (strstr (message, "root:"));
}

static void
test_bad_external_entity_utf16 (void)
{
  utf16_refused ("external-entity.muster");
}

static void
test_bad_billion_laughs_utf16 (void)
{
  utf16_refused ("billion-laughs.muster");
}

/* Bad input made from a good export. */

/* The message names the line of @marker (NULL: of @from). */
static void
mutated_refused_at (const char *from,
                    const char *to,
                    const char *marker,
                    int         code,
                    const char *needle)
{
  g_autoptr(MusterStore) source = muster_test_open_store (NULL);
  g_autofree char *good = export_campaign (source, make_sample (source));
  g_autofree char *bad = replace_once (good, from, to);
  g_autofree char *where = g_strdup_printf ("line %d", line_of (good, marker != NULL ? marker : from));
  g_autofree char *message = NULL;
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);

  message = expect_refused (store, 0, bad, -1, code, where, needle, NULL);
}

static void
mutated_refused (const char *from,
                 const char *to,
                 int         code,
                 const char *needle)
{
  mutated_refused_at (from, to, NULL, code, needle);
}

static void
test_bad_dangling_kill (void)
{
  mutated_refused ("<kill killer=\"c1\" victim=\"", "<kill killer=\"c99\" victim=\"",
                   MUSTER_EXCHANGE_ERROR_INVALID, "the kill names character “c99”, which is not in the file.");
}

static void
test_bad_duplicate_game (void)
{
  mutated_refused ("<game id=\"g2\"", "<game id=\"g1\"",
                   MUSTER_EXCHANGE_ERROR_INVALID, "“g1”");
}

static void
test_bad_seed (void)
{
  g_autoptr(MusterStore) source = muster_test_open_store (NULL);
  g_autofree char *good = export_campaign (source, make_sample (source));
  g_autoptr(GRegex) regex = g_regex_new ("seed=\"[0-9]+\"", 0, 0, NULL);
  g_autofree char *bad = g_regex_replace_literal (regex, good, -1, 0, "seed=\"abc\"", 0, NULL);
  g_autofree char *message = NULL;
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);

  message = expect_refused (store, 0, bad, -1, MUSTER_EXCHANGE_ERROR_INVALID, "line 3", "abc", NULL);
}

static void
test_bad_light (void)
{
  mutated_refused ("light=\"1\"", "light=\"-1\"", MUSTER_EXCHANGE_ERROR_INVALID, "-1");
}

static void
test_bad_kind (void)
{
  /* The <campaign> is where the file goes wrong. */
  mutated_refused_at ("kind=\"campaign\"", "kind=\"force\"", "<campaign ", MUSTER_EXCHANGE_ERROR_INVALID, "holds a campaign");
}

static void
test_bad_ruleset_text (void)
{
  mutated_refused_at ("&lt;stats&gt;", "&lt;statz&gt;", "<ruleset ", MUSTER_EXCHANGE_ERROR_RULESET, "statz");
}

static void
test_bad_troop_type (void)
{
  mutated_refused ("troop-type=\"rifleman\"", "troop-type=\"dragoon\"", MUSTER_EXCHANGE_ERROR_RULESET, "“dragoon”");
}

/* A log entry's arguments are a JSON object, of a kind this Muster can
 * say, whose references name elements of the file. */
static void
test_bad_log_args (void)
{
  mutated_refused_at ("<args>{\"name\":\"", "<args>[\"name\",\"", "<args>{\"name\":\"",
                      MUSTER_EXCHANGE_ERROR_INVALID, "the arguments of the log entry are not a JSON object");
  mutated_refused_at ("kind=\"campaign-created\"", "kind=\"campaign-founded\"", "<args>{\"name\":\"",
                      MUSTER_EXCHANGE_ERROR_INVALID,
                      "the log entry’s kind “campaign-founded” is not one this Muster knows.");
  mutated_refused_at ("\"force_id\":\"f1\"", "\"force_id\":\"f9\"", "\"force_id\":\"f1\"",
                      MUSTER_EXCHANGE_ERROR_INVALID, "the entry names force “f9”, which is not in the file.");
  mutated_refused_at ("\"force_id\":\"f1\"", "\"force_id\":1", "\"force_id\":\"f1\"",
                      MUSTER_EXCHANGE_ERROR_INVALID,
                      "the log entry’s argument “force_id” is not the id of an element of the file.");
}

/* The importer refuses what changing a character in Muster refuses. */

/* The force fixture with each @from changed to its @to (pairs, NULL
 * ended) must be refused, naming the line of @marker and @needle. */
static void
force_refused (const char *marker,
               const char *needle,
               ...)
{
  g_autofree char *good = NULL;
  g_autofree char *bad = NULL;
  g_autofree char *where = NULL;
  const char *from;
  va_list args;
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);

  good = read_fixture ("force.muster", NULL);
  bad = g_strdup (good);
  va_start (args, needle);
  while ((from = va_arg (args, const char *)) != NULL)
    {
      const char *to = va_arg (args, const char *);
      char *next = replace_once (bad, from, to);

      g_free (bad);
      bad = next;
    }
  va_end (args);
  where = g_strdup_printf ("line %d", line_of (good, marker));
  g_free (expect_refused (store, campaign, bad, -1, MUSTER_EXCHANGE_ERROR_INVALID, where, needle, NULL));
}

static void
test_bad_stat_range (void)
{
  force_refused ("<stat key=\"I\" value=\"5\"/>",
                 "element <stat>: Richard Sharland: Initiative must be between 1 and 12, not -2147483648.",
                 "<stat key=\"I\" value=\"5\"/>", "<stat key=\"I\" value=\"-2147483648\"/>", NULL);
}

/* A weapon's cap is what a man uses with it, not what he keeps: a file
 * with a musketeer of firing 11 imports him with his 11, as the store
 * takes him; 13 is out of range and refused. */
static void
test_stat_above_cap (void)
{
  g_autofree char *good = read_fixture ("force.muster", NULL);
  g_autofree char *musket = replace_once (good, "weapon=\"rifle\"", "weapon=\"musket\"");
  g_autofree char *eleven = replace_once (musket, "<stat key=\"F\" value=\"9\"/>", "<stat key=\"F\" value=\"11\"/>");
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(GError) error = NULL;
  gint64 campaign, force;
  g_autoptr(MusterStore) store = sample_library (&campaign);
  gboolean found = FALSE;

  force = muster_exchange_import_data (store, eleven, strlen (eleven), "force.muster", campaign, NULL, &error);
  g_assert_no_error (error);
  characters = muster_store_list_characters (store, campaign, force, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < characters->len; i++)
    {
      MusterCharacter *man = g_ptr_array_index (characters, i);
      int f = 0;

      if (!g_str_equal (muster_character_get_name (man), "Richard Sharland"))
        continue;
      g_assert_cmpstr (muster_character_get_weapon (man), ==, "musket");
      g_assert_true (muster_character_get_stat (man, "F", &f));
      g_assert_cmpint (f, ==, 11);
      found = TRUE;
    }
  g_assert_true (found);

  force_refused ("<stat key=\"F\" value=\"9\"/>",
                 "element <stat>: Richard Sharland: Firing must be between 1 and 12, not 13.",
                 "weapon=\"rifle\"", "weapon=\"musket\"",
                 "<stat key=\"F\" value=\"9\"/>", "<stat key=\"F\" value=\"13\"/>", NULL);
}

/* More than a C int holds would come back negative. */
static void
test_bad_count_overflow (void)
{
  force_refused ("out-games=\"1\"",
                 "“4294967295” is not a whole number from 0 to 2147483647 for the attribute “out-games”.",
                 "out-games=\"1\"", "out-games=\"4294967295\"", NULL);
}

static void
test_bad_recruit_counter (void)
{
  g_autoptr(MusterStore) source = muster_test_open_store (NULL);
  g_autofree char *good = export_campaign (source, make_sample (source));
  g_autoptr(GRegex) regex = g_regex_new ("recruit-counter=\"[0-9]+\"", 0, 0, NULL);
  g_autofree char *bad = g_regex_replace_literal (regex, good, -1, 0,
                                                  "recruit-counter=\"9223372036854775806\"", 0, NULL);
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);

  g_free (expect_refused (store, 0, bad, -1, MUSTER_EXCHANGE_ERROR_INVALID, "line 3",
                          "element <campaign>: A campaign’s recruit counter runs from 0 to 2147483647, not 9223372036854775806.",
                          NULL));
}

/* What recording a result refuses. */
static void
test_bad_wounds_of_outcome (void)
{
  mutated_refused ("outcome=\"wounded\" light=\"1\"", "outcome=\"unhurt\" light=\"1\"",
                   MUSTER_EXCHANGE_ERROR_INVALID, "element <participant>: The outcome “unhurt” takes no light wounds");
}

static void
test_bad_truncated_export (void)
{
  g_autoptr(MusterStore) source = muster_test_open_store (NULL);
  g_autofree char *good = export_campaign (source, make_sample (source));
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);

  g_free (expect_refused (store, 0, good, strlen (good) / 2, MUSTER_EXCHANGE_ERROR_PARSE,
                          "line", "well-formed", NULL));
}

static void
test_bad_too_big (void)
{
  g_autoptr(MusterStore) source = muster_test_open_store (NULL);
  g_autofree char *good = export_campaign (source, make_sample (source));
  g_autofree char *dir = muster_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "huge.muster", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  gint64 campaign;
  g_autoptr(MusterStore) store = sample_library (&campaign);
  int fd;

  /* Over a lowered limit, from memory. */
  muster_exchange_set_max_size (1000);
  g_free (expect_refused (store, 0, good, -1, MUSTER_EXCHANGE_ERROR_TOO_BIG, "more than", NULL));
  muster_exchange_set_max_size (0);
  g_assert_cmpuint (muster_exchange_get_max_size (), ==, MUSTER_EXCHANGE_MAX_SIZE);

  /* Over the real limit, as a sparse file that is never read. */
  fd = g_open (path, O_CREAT | O_WRONLY | O_TRUNC, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) MUSTER_EXCHANGE_MAX_SIZE + 1), ==, 0);
  close (fd);

  before = muster_store_dump (store);
  g_assert_cmpint (muster_exchange_import (store, path, 0, NULL, &error), ==, 0);
  g_assert_error (error, MUSTER_EXCHANGE_ERROR, MUSTER_EXCHANGE_ERROR_TOO_BIG);
  g_assert_nonnull (strstr (error->message, "huge.muster"));
  after = muster_store_dump (store);
  g_assert_cmpstr (before, ==, after);
}


int
main (int   argc,
      char *argv[])
{
  g_setenv ("MUSTER_FAKE_TIME", "2024-01-01T00:00:00Z", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/exchange/bad/malformed", test_bad_malformed);
  g_test_add_func ("/exchange/bad/wrong-root", test_bad_wrong_root);
  g_test_add_func ("/exchange/bad/wrong-namespace", test_bad_wrong_namespace);
  g_test_add_func ("/exchange/bad/newer-version", test_bad_newer);
  g_test_add_func ("/exchange/bad/log-args", test_bad_log_args);
  g_test_add_func ("/exchange/bad/unknown-ruleset", test_bad_unknown_ruleset);
  g_test_add_func ("/exchange/bad/missing-element", test_bad_missing_element);
  g_test_add_func ("/exchange/bad/extra-element", test_bad_extra_element);
  g_test_add_func ("/exchange/bad/dangling-unit", test_bad_dangling_unit);
  g_test_add_func ("/exchange/bad/dangling-kill", test_bad_dangling_kill);
  g_test_add_func ("/exchange/bad/duplicate-ids", test_bad_duplicate_ids);
  g_test_add_func ("/exchange/bad/duplicate-game", test_bad_duplicate_game);
  g_test_add_func ("/exchange/bad/wrong-type-count", test_bad_wrong_type_count);
  g_test_add_func ("/exchange/bad/wrong-type-seed", test_bad_seed);
  g_test_add_func ("/exchange/bad/wrong-type-light", test_bad_light);
  g_test_add_func ("/exchange/bad/wrong-kind", test_bad_kind);
  g_test_add_func ("/exchange/bad/ruleset-text", test_bad_ruleset_text);
  g_test_add_func ("/exchange/bad/troop-type", test_bad_troop_type);
  g_test_add_func ("/exchange/bad/stat-range", test_bad_stat_range);
  g_test_add_func ("/exchange/bad/stat-above-cap", test_stat_above_cap);
  g_test_add_func ("/exchange/bad/count-overflow", test_bad_count_overflow);
  g_test_add_func ("/exchange/bad/recruit-counter", test_bad_recruit_counter);
  g_test_add_func ("/exchange/bad/wounds-of-outcome", test_bad_wounds_of_outcome);
  g_test_add_func ("/exchange/bad/not-xml", test_bad_not_xml);
  g_test_add_func ("/exchange/bad/empty", test_bad_empty);
  g_test_add_func ("/exchange/bad/truncated", test_bad_truncated_fixture);
  g_test_add_func ("/exchange/bad/truncated-export", test_bad_truncated_export);
  g_test_add_func ("/exchange/bad/billion-laughs", test_bad_billion_laughs);
  g_test_add_func ("/exchange/bad/external-entity", test_bad_external_entity);
  g_test_add_func ("/exchange/bad/external-entity-utf16", test_bad_external_entity_utf16);
  g_test_add_func ("/exchange/bad/billion-laughs-utf16", test_bad_billion_laughs_utf16);
  g_test_add_func ("/exchange/bad/too-big", test_bad_too_big);

  return g_test_run ();
}
