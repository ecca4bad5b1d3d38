/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-test-log"

#include "config.h"

#include "muster-log-private.h"
#include "muster-log-test-util.h"
#include "muster-test-util.h"
#include "muster-unit.h"

static GHashTable *noted;  /* of const MusterLogSentence* */
static guint added, run;

static void
run_counted (gconstpointer data)
{
  ((GTestFunc) data) ();
  run++;
}

void
log_test_add (const char *path,
              GTestFunc   func)
{
  added++;
  g_test_add_data_func (path, (gconstpointer) func, run_counted);
}

gboolean
log_test_all_run (void)
{
  return run == added;
}

void
log_note_sentence (const MusterLogEntry *entry)
{
  g_autoptr(JsonObject) args = NULL;
  MusterLogContext ctx = { NULL, NULL, entry->kind, NULL, NULL };
  const MusterLogSentence *sentence;

  g_assert_nonnull (entry->args);
  args = muster_log_args_from_string (entry->args, NULL);
  g_assert_nonnull (args);
  ctx.args = args;
  sentence = muster_log_find_sentence (&ctx);
  g_assert_nonnull (sentence);
  if (noted == NULL)
    noted = g_hash_table_new (NULL, NULL);
  g_hash_table_add (noted, (gpointer) sentence);
}

gboolean
log_sentence_noted (const char *kind,
                    const char *when)
{
  guint n = 0;
  const MusterLogSentence *sentences = muster_log_get_sentences (&n);

  for (guint i = 0; i < n; i++)
    if (g_str_equal (sentences[i].kind, kind) && g_strcmp0 (sentences[i].when, when) == 0)
      return noted != NULL && g_hash_table_contains (noted, &sentences[i]);
  g_assert_not_reached ();
  return FALSE;
}

void
log_expect (MusterStore *store,
            gint64       campaign_id,
            const char  *kind,
            const char  *args,
            const char  *text)
{
  MusterLogEntry *entry;

  muster_test_assert_log (store, campaign_id, kind, args, text);
  entry = muster_test_newest_log (store, campaign_id, NULL);
  log_note_sentence (entry);
  muster_log_entry_free (entry);
}

void
log_expect_any (MusterStore *store,
                gint64       campaign_id,
                const char  *kind,
                const char  *args,
                const char  *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) log = muster_store_list_log (store, campaign_id, 0, 0, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < log->len; i++)
    {
      const MusterLogEntry *entry = g_ptr_array_index (log, i);

      if (g_str_equal (entry->kind, kind) && muster_test_args_hold (entry->args, args) &&
          g_str_equal (entry->message, text))
        {
          log_note_sentence (entry);
          return;
        }
    }
  for (guint i = 0; i < log->len; i++)
    {
      const MusterLogEntry *entry = g_ptr_array_index (log, i);

      if (g_str_equal (entry->kind, kind))
        g_printerr ("  %s %s\n", entry->message, entry->args);
    }
  g_error ("The log has no entry of kind “%s” with %s reading “%s” (those of that kind above)", kind, args, text);
}

MusterRuleset *
log_test_shipped (const char *id)
{
  g_autoptr(GError) error = NULL;
  MusterRuleset *rules = muster_rulesets_lookup (id, &error);

  g_assert_no_error (error);
  return rules;
}

gint64
log_test_unit (MusterStore *store,
               gint64       force_id,
               const char  *name,
               const char  *kind,
               const char  *rating)
{
  g_autoptr(GError) error = NULL;
  MusterUnitSpec spec = { name, kind, rating, 0, NULL };
  gint64 id = muster_store_create_unit (store, force_id, &spec, &error);

  g_assert_no_error (error);
  return id;
}

MusterRuleset *
log_test_rules (const char *steps)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<ruleset xmlns=\"https://musterapp.github.io/ns/ruleset\" id=\"test-log\" version=\"1\" kept-by=\"unit\">\n"
    "  <title>Log under test</title>\n"
    "  <source>Muster's tests</source>\n"
    "  <stats>\n"
    "    <stat key=\"class\" min=\"0\" max=\"4\"><name>Class</name></stat>\n"
    "  </stats>\n"
    "  <troop-types>\n"
    "    <troop-type id=\"man\"><name>Man</name><roll stat=\"class\" table=\"class\"/></troop-type>\n"
    "  </troop-types>\n"
    "  <unit-kinds>\n"
    "    <unit-kind id=\"company\" size=\"10\" min-size=\"2\" max-size=\"20\" base-size=\"2\"><name>Company</name></unit-kind>\n"
    "  </unit-kinds>\n"
    "  <ratings>\n"
    "    <rating id=\"regular\" value=\"8\"><name>Regular</name></rating>\n"
    "  </ratings>\n"
    "  <outcomes>\n"
    "    <outcome id=\"unhurt\"><name>Unhurt</name></outcome>\n"
    "    <outcome id=\"wounded\" light=\"true\" serious=\"true\"><name>Wounded</name></outcome>\n"
    "    <outcome id=\"out-of-action\" removes=\"true\"><name>Out of action</name></outcome>\n"
    "    <outcome id=\"killed\" removes=\"true\"><name>Killed</name></outcome>\n"
    "    <outcome id=\"captured\" removes=\"true\"><name>Captured</name></outcome>\n"
    "    <outcome id=\"colours-lost\"><name>Colours lost</name></outcome>\n"
    "  </outcomes>\n"
    "  <tables>\n"
    "    <table id=\"class\" dice=\"2d6\">\n"
    "      <name>Character class</name>\n"
    "      <entry min=\"2\" max=\"4\" id=\"duffer\" value=\"1\"><name>Duffer</name></entry>\n"
    "      <entry min=\"5\" max=\"8\" id=\"professional\" value=\"2\"><name>Professional</name></entry>\n"
    "      <entry min=\"9\" max=\"11\" id=\"leader\" value=\"3\" limit=\"1\"><name>Leader</name></entry>\n"
    "      <entry min=\"12\" max=\"12\" id=\"hero\" value=\"4\" limit=\"1\"><name>Hero</name></entry>\n"
    "    </table>\n"
    "  </tables>\n"
    "  <between-game>\n%s  </between-game>\n"
    "</ruleset>\n", steps);
  MusterRuleset *rules = muster_ruleset_new_from_data (xml, -1, "test-log.xml", &error);

  g_assert_no_error (error);
  return rules;
}
