/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "muster-cli-private.h"
#include "muster-json.h"

typedef enum {
  CELL_TEXT,
  CELL_INT,
  CELL_BOOL,
  CELL_NONE,
  CELL_JSON,
} CellKind;

typedef struct {
  CellKind  kind;
  char     *value;   /* TSV and JSON */
  char     *text;    /* text output */
} Cell;

struct _MusterCliTable {
  guint       n_columns;
  GStrv       keys;
  GStrv       headings;
  GPtrArray  *rows;  /* of GArray of Cell */
};

/* --- Tables ----------------------------------------------------------------- */

static void
cell_clear (gpointer data)
{
  Cell *cell = data;

  g_clear_pointer (&cell->value, g_free);
  g_clear_pointer (&cell->text, g_free);
}

MusterCliTable *
muster_cli_table_new (guint               n_columns,
                      const char * const *keys,
                      const char * const *headings)
{
  MusterCliTable *table = g_new0 (MusterCliTable, 1);

  table->n_columns = n_columns;
  table->keys = g_new0 (char *, n_columns + 1);
  table->headings = g_new0 (char *, n_columns + 1);
  for (guint i = 0; i < n_columns; i++)
    {
      table->keys[i] = g_strdup (keys[i]);
      table->headings[i] = g_strdup (headings != NULL ? headings[i] : keys[i]);
    }
  table->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  return table;
}

void
muster_cli_table_add_column (MusterCliTable *table,
                             const char     *key,
                             const char     *heading)
{
  g_assert (table->rows->len == 0);

  table->keys = g_renew (char *, table->keys, table->n_columns + 2);
  table->headings = g_renew (char *, table->headings, table->n_columns + 2);
  table->keys[table->n_columns] = g_strdup (key);
  table->headings[table->n_columns] = g_strdup (heading != NULL ? heading : key);
  table->n_columns++;
  table->keys[table->n_columns] = NULL;
  table->headings[table->n_columns] = NULL;
}

void
muster_cli_table_free (MusterCliTable *table)
{
  g_strfreev (table->keys);
  g_strfreev (table->headings);
  g_ptr_array_unref (table->rows);
  g_free (table);
}

void
muster_cli_table_add_row (MusterCliTable *table)
{
  GArray *row = g_array_sized_new (FALSE, TRUE, sizeof (Cell), table->n_columns);

  g_array_set_clear_func (row, cell_clear);
  g_ptr_array_add (table->rows, row);
}

static void
table_add_cell (MusterCliTable *table,
                CellKind        kind,
                char           *value,
                char           *text)
{
  GArray *row;
  Cell cell = { kind, value, text };

  g_assert (table->rows->len > 0);
  row = g_ptr_array_index (table->rows, table->rows->len - 1);
  g_assert (row->len < table->n_columns);
  g_array_append_val (row, cell);
}

void
muster_cli_table_add_value (MusterCliTable *table,
                            const char     *value,
                            const char     *text)
{
  table_add_cell (table, CELL_TEXT, g_strdup (value ? value : ""),
                  g_strdup (text ? text : (value ? value : "")));
}

void
muster_cli_table_add_text (MusterCliTable *table,
                           const char     *text)
{
  muster_cli_table_add_value (table, text, text);
}

void
muster_cli_table_add_int (MusterCliTable *table,
                          gint64          value)
{
  char *text = g_strdup_printf ("%" G_GINT64_FORMAT, value);

  table_add_cell (table, CELL_INT, text, g_strdup (text));
}

void
muster_cli_table_add_int_text (MusterCliTable *table,
                               gint64          value,
                               const char     *text)
{
  table_add_cell (table, CELL_INT, g_strdup_printf ("%" G_GINT64_FORMAT, value), g_strdup (text));
}

void
muster_cli_table_add_bool (MusterCliTable *table,
                           gboolean        value,
                           const char     *text)
{
  table_add_cell (table, CELL_BOOL, g_strdup (value ? "true" : "false"), g_strdup (text));
}

void
muster_cli_table_add_none (MusterCliTable *table)
{
  table_add_cell (table, CELL_NONE, g_strdup (""), g_strdup (""));
}

void
muster_cli_table_add_json (MusterCliTable *table,
                           const char     *json)
{
  if (json == NULL)
    muster_cli_table_add_none (table);
  else
    table_add_cell (table, CELL_JSON, g_strdup (json), g_strdup (json));
}

void
muster_cli_table_add_id (MusterCliTable *table,
                         gint64          id)
{
  if (id != 0)
    muster_cli_table_add_int (table, id);
  else
    muster_cli_table_add_none (table);
}

/* TSV has no quoting: a tab or line break inside a value becomes a space. */
static void
append_tsv_value (GString    *out,
                  const char *value)
{
  for (const char *p = value; *p != '\0'; p++)
    g_string_append_c (out, (*p == '\t' || *p == '\n' || *p == '\r') ? ' ' : *p);
}

static void
print_tsv (MusterCliTable *table)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint c = 0; c < table->n_columns; c++)
    {
      if (c > 0)
        g_string_append_c (out, '\t');
      g_string_append (out, table->keys[c]);
    }
  g_string_append_c (out, '\n');

  for (guint r = 0; r < table->rows->len; r++)
    {
      GArray *row = g_ptr_array_index (table->rows, r);

      for (guint c = 0; c < row->len; c++)
        {
          if (c > 0)
            g_string_append_c (out, '\t');
          append_tsv_value (out, g_array_index (row, Cell, c).value);
        }
      g_string_append_c (out, '\n');
    }
  fputs (out->str, stdout);
}

static void
build_json_row (JsonBuilder    *builder,
                MusterCliTable *table,
                GArray         *row)
{
  json_builder_begin_object (builder);
  for (guint c = 0; c < row->len; c++)
    {
      const Cell *cell = &g_array_index (row, Cell, c);

      json_builder_set_member_name (builder, table->keys[c]);
      switch (cell->kind)
        {
        case CELL_INT:
          json_builder_add_int_value (builder, g_ascii_strtoll (cell->value, NULL, 10));
          break;
        case CELL_BOOL:
          json_builder_add_boolean_value (builder, g_str_equal (cell->value, "true"));
          break;
        case CELL_NONE:
          json_builder_add_null_value (builder);
          break;
        case CELL_JSON:
          {
            JsonNode *node = json_from_string (cell->value, NULL);

            if (node != NULL)
              json_builder_add_value (builder, node);
            else
              json_builder_add_string_value (builder, cell->value);
          }
          break;
        case CELL_TEXT:
        default:
          json_builder_add_string_value (builder, cell->value);
          break;
        }
    }
  json_builder_end_object (builder);
}

static void
print_json (MusterCliTable *table,
            gboolean        single)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  if (single && table->rows->len > 0)
    build_json_row (builder, table, g_ptr_array_index (table->rows, 0));
  else
    {
      json_builder_begin_array (builder);
      for (guint r = 0; r < table->rows->len; r++)
        build_json_row (builder, table, g_ptr_array_index (table->rows, r));
      json_builder_end_array (builder);
    }

  root = json_builder_get_root (builder);
  text = muster_json_to_data (root, TRUE);
  g_print ("%s\n", text);
}

static void
append_padded (GString    *out,
               const char *text,
               guint       width,
               gboolean    right)
{
  glong len = g_utf8_strlen (text, -1);

  if (right)
    for (glong i = len; i < (glong) width; i++)
      g_string_append_c (out, ' ');
  g_string_append (out, text);
  if (!right)
    for (glong i = len; i < (glong) width; i++)
      g_string_append_c (out, ' ');
}

static void
print_text (MusterCliTable *table)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree guint *widths = g_new0 (guint, table->n_columns);
  g_autofree gboolean *numeric = g_new0 (gboolean, table->n_columns);

  for (guint c = 0; c < table->n_columns; c++)
    {
      widths[c] = g_utf8_strlen (table->headings[c], -1);
      numeric[c] = TRUE;
    }
  for (guint r = 0; r < table->rows->len; r++)
    {
      GArray *row = g_ptr_array_index (table->rows, r);

      for (guint c = 0; c < row->len; c++)
        {
          const Cell *cell = &g_array_index (row, Cell, c);

          widths[c] = MAX (widths[c], (guint) g_utf8_strlen (cell->text, -1));
          if (cell->kind == CELL_TEXT || cell->kind == CELL_BOOL || cell->kind == CELL_JSON)
            numeric[c] = FALSE;
        }
    }

  for (guint r = 0; r <= table->rows->len; r++)
    {
      GArray *row = r > 0 ? g_ptr_array_index (table->rows, r - 1) : NULL;
      guint n = row != NULL ? row->len : table->n_columns;

      for (guint c = 0; c < n; c++)
        {
          const char *text = row != NULL ? g_array_index (row, Cell, c).text : table->headings[c];
          gboolean last = c + 1 == n;

          if (c > 0)
            g_string_append (out, "  ");
          append_padded (out, text, last && !numeric[c] ? 0 : widths[c], numeric[c]);
        }
      g_string_append_c (out, '\n');
    }
  fputs (out->str, stdout);
}

void
muster_cli_table_print (MusterCliTable  *table,
                        MusterCliFormat  format,
                        gboolean         single)
{
  switch (format)
    {
    case MUSTER_CLI_FORMAT_TSV:
      print_tsv (table);
      break;
    case MUSTER_CLI_FORMAT_JSON:
      print_json (table, single);
      break;
    case MUSTER_CLI_FORMAT_TEXT:
    default:
      print_text (table);
      break;
    }
}
