/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "muster-campaign.h"
#include "muster-cli-private.h"
#include "muster-force.h"
#include "muster-json.h"
#include "muster-stats.h"

/* A campaign's statistics: every series its charts show, as readable
 * tables, as TSV (one line a number, the series first) or as JSON (an
 * object a series). */

static const char *
value_type_to_string (MusterStatsValueType type)
{
  switch (type)
    {
    case MUSTER_STATS_VALUE_SHARE:  return "share";
    case MUSTER_STATS_VALUE_NUMBER: return "number";
    case MUSTER_STATS_VALUE_COUNT:
    default:                        return "count";
    }
}

/* --- Text ---------------------------------------------------------------------- */

static void
print_text (GPtrArray *all)
{
  for (guint i = 0; i < all->len; i++)
    {
      MusterStatsSeries *series = g_ptr_array_index (all, i);
      guint n_columns = muster_stats_series_get_n_columns (series);
      g_autoptr(MusterCliTable) table = NULL;
      const char *key = "row";
      const char *heading = muster_stats_series_get_row_title (series);

      if (i > 0)
        g_print ("\n");
      g_print ("%s\n", muster_stats_series_get_title (series));
      if (muster_stats_series_get_n_rows (series) == 0)
        {
          g_print ("  %s\n", _("(none yet)"));
          continue;
        }

      table = muster_cli_table_new (1, &key, &heading);
      for (guint c = 0; c < n_columns; c++)
        muster_cli_table_add_column (table, muster_stats_series_get_column_key (series, c),
                                     muster_stats_series_get_column_label (series, c));
      for (guint r = 0; r < muster_stats_series_get_n_rows (series); r++)
        {
          muster_cli_table_add_row (table);
          muster_cli_table_add_text (table, muster_stats_series_get_row_label (series, r));
          for (guint c = 0; c < n_columns; c++)
            {
              double value = muster_stats_series_get_value (series, r, c);
              g_autofree char *text = muster_stats_series_format_value (series, value);

              /* Numbers line up on the right; a dash is not a number. */
              if (isnan (value))
                muster_cli_table_add_int_text (table, 0, text);
              else
                muster_cli_table_add_int_text (table, (gint64) value, text);
            }
        }
      muster_cli_table_print (table, MUSTER_CLI_FORMAT_TEXT, FALSE);
    }
}

/* --- TSV ----------------------------------------------------------------------- */

static void
print_tsv (GPtrArray *all)
{
  static const char * const keys[] = { "series", "force", "row", "column", "value" };
  g_autoptr(MusterCliTable) table = muster_cli_table_new (G_N_ELEMENTS (keys), keys, NULL);

  for (guint i = 0; i < all->len; i++)
    {
      MusterStatsSeries *series = g_ptr_array_index (all, i);

      for (guint r = 0; r < muster_stats_series_get_n_rows (series); r++)
        for (guint c = 0; c < muster_stats_series_get_n_columns (series); c++)
          {
            g_autofree char *value = muster_stats_series_format_plain (series,
                                                                       muster_stats_series_get_value (series, r, c));

            muster_cli_table_add_row (table);
            muster_cli_table_add_text (table, muster_stats_series_get_id (series));
            muster_cli_table_add_text (table, muster_stats_series_get_force_name (series));
            muster_cli_table_add_text (table, muster_stats_series_get_row_key (series, r));
            muster_cli_table_add_text (table, muster_stats_series_get_column_key (series, c));
            muster_cli_table_add_text (table, value);
          }
    }
  muster_cli_table_print (table, MUSTER_CLI_FORMAT_TSV, FALSE);
}

/* --- JSON ---------------------------------------------------------------------- */

static void
add_json_value (JsonBuilder       *builder,
                MusterStatsSeries *series,
                double             value)
{
  if (isnan (value))
    json_builder_add_null_value (builder);
  else if (muster_stats_series_get_value_type (series) == MUSTER_STATS_VALUE_COUNT)
    json_builder_add_int_value (builder, (gint64) llround (value));
  else
    {
      g_autofree char *plain = muster_stats_series_format_plain (series, value);

      json_builder_add_double_value (builder, g_ascii_strtod (plain, NULL));
    }
}

static void
add_json_text (JsonBuilder *builder,
               const char  *member,
               const char  *text)
{
  json_builder_set_member_name (builder, member);
  if (text != NULL)
    json_builder_add_string_value (builder, text);
  else
    json_builder_add_null_value (builder);
}

static void
build_json_series (JsonBuilder       *builder,
                   MusterStatsSeries *series)
{
  guint n_columns = muster_stats_series_get_n_columns (series);

  json_builder_begin_object (builder);
  add_json_text (builder, "series", muster_stats_series_get_id (series));
  add_json_text (builder, "title", muster_stats_series_get_title (series));
  add_json_text (builder, "force", muster_stats_series_get_force_name (series));
  add_json_text (builder, "kind", muster_stats_kind_to_string (muster_stats_series_get_kind (series)));
  add_json_text (builder, "values", value_type_to_string (muster_stats_series_get_value_type (series)));
  add_json_text (builder, "row_title", muster_stats_series_get_row_title (series));
  add_json_text (builder, "value_title", muster_stats_series_get_value_title (series));

  json_builder_set_member_name (builder, "columns");
  json_builder_begin_array (builder);
  for (guint c = 0; c < n_columns; c++)
    {
      json_builder_begin_object (builder);
      add_json_text (builder, "key", muster_stats_series_get_column_key (series, c));
      add_json_text (builder, "label", muster_stats_series_get_column_label (series, c));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "rows");
  json_builder_begin_array (builder);
  for (guint r = 0; r < muster_stats_series_get_n_rows (series); r++)
    {
      json_builder_begin_object (builder);
      add_json_text (builder, "key", muster_stats_series_get_row_key (series, r));
      add_json_text (builder, "label", muster_stats_series_get_row_label (series, r));
      add_json_text (builder, "detail", muster_stats_series_get_row_detail (series, r));
      json_builder_set_member_name (builder, "values");
      json_builder_begin_object (builder);
      for (guint c = 0; c < n_columns; c++)
        {
          json_builder_set_member_name (builder, muster_stats_series_get_column_key (series, c));
          add_json_value (builder, series, muster_stats_series_get_value (series, r, c));
        }
      json_builder_end_object (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

static void
print_json (GPtrArray *all)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_array (builder);
  for (guint i = 0; i < all->len; i++)
    build_json_series (builder, g_ptr_array_index (all, i));
  json_builder_end_array (builder);

  root = json_builder_get_root (builder);
  text = muster_json_to_data (root, TRUE);
  g_print ("%s\n", text);
}

/* --- stats ----------------------------------------------------------------------- */

/* The force @arg names in @campaign, or NULL after saying which forces
 * there are. */
static MusterForce *
find_force (MusterCli      *cli,
            MusterCampaign *campaign,
            const char     *arg)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) forces = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *list = NULL;
  MusterForce *force;

  force = muster_cli_find_force (cli, campaign, arg, &error);
  if (force != NULL && muster_force_get_campaign_id (force) == muster_campaign_get_id (campaign))
    return force;
  g_clear_object (&force);
  if (error != NULL && !g_error_matches (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_NOT_FOUND))
    {
      muster_cli_fail (error);
      return NULL;
    }
  g_clear_error (&error);

  forces = muster_store_list_forces (cli->store, muster_campaign_get_id (campaign), &error);
  if (forces == NULL)
    {
      muster_cli_fail (error);
      return NULL;
    }
  for (guint i = 0; i < forces->len; i++)
    g_ptr_array_add (names, (gpointer) muster_force_get_name (g_ptr_array_index (forces, i)));
  list = muster_cli_join (names);
  if (forces->len == 0)
    muster_cli_failf (_("“%s” is no force of the campaign “%s”, which has none yet."),
                      arg, muster_campaign_get_name (campaign));
  else
    /* Translators: a force, the campaign, then its forces, e.g. "South Essex, 4e Léger" */
    muster_cli_failf (_("“%s” is no force of the campaign “%s”: use one of %s."),
                      arg, muster_campaign_get_name (campaign), list);
  return NULL;
}

int
muster_cli_cmd_stats (MusterCli  *cli,
                      int         argc,
                      char      **argv)
{
  g_autofree char *force_arg = NULL;
  g_autofree char *series_arg = NULL;
  const GOptionEntry entries[] = {
    { "force", 0, 0, G_OPTION_ARG_STRING, &force_arg,
      N_("Count only the men and units of FORCE"), N_("FORCE") },
    { "series", 0, 0, G_OPTION_ARG_STRING, &series_arg,
      N_("Print only the series NAME"), N_("NAME") },
    MUSTER_CLI_FORMAT_ENTRY (cli),
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterForce) force = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset;
  int status;

  if ((campaign = muster_cli_parse_campaign_command (cli, entries, &argc, &argv, 1, &status)) == NULL)
    return status;
  if ((ruleset = muster_cli_campaign_ruleset (campaign, &error)) == NULL)
    return muster_cli_fail (error);

  ids = muster_stats_list_series_ids (ruleset);
  if (series_arg != NULL && !g_ptr_array_find_with_equal_func (ids, series_arg, g_str_equal, NULL))
    {
      g_autofree char *list = muster_cli_join (ids);

      /* Translators: the name given, then the series there are, e.g. "strength, casualties" */
      return muster_cli_failf (_("“%s” is no series of the campaign’s statistics: use one of %s."),
                               series_arg, list);
    }
  if (force_arg != NULL && (force = find_force (cli, campaign, force_arg)) == NULL)
    return MUSTER_CLI_EXIT_FAILURE;

  all = muster_stats_compute (cli->store, muster_campaign_get_id (campaign),
                              force != NULL ? muster_force_get_id (force) : 0, series_arg, &error);
  if (all == NULL)
    return muster_cli_fail (error);

  switch (cli->format)
    {
    case MUSTER_CLI_FORMAT_TSV:
      print_tsv (all);
      break;
    case MUSTER_CLI_FORMAT_JSON:
      print_json (all);
      break;
    case MUSTER_CLI_FORMAT_TEXT:
    default:
      print_text (all);
      break;
    }
  return 0;
}
