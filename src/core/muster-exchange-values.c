/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-exchange"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "muster-exchange.h"
#include "muster-exchange-private.h"

/* What every element handler of the importer needs: attribute values,
 * ids and references, and SQL. */

/* Values */

const char *
muster_import_attr (Import     *im,
                    const char *name)
{
  if (im->use_held)
    {
      const char *text = im->held_text->str;

      for (guint i = 0; i + 1 < im->held_attrs->len; i += 2)
        {
          const char *held = text + g_array_index (im->held_attrs, guint, i);

          if (held[0] == name[0] && strcmp (held, name) == 0)
            return text + g_array_index (im->held_attrs, guint, i + 1);
        }
      return NULL;
    }
  /* Asked for millions of times: most names differ from the first
   * letter, and are told apart without a call. */
  for (guint i = 0; i + 1 < im->attrs->len; i += 2)
    {
      const char *attr = g_array_index (im->attrs, const char *, i);

      if (attr[0] == name[0] && strcmp (attr, name) == 0)
        return g_array_index (im->attrs, const char *, i + 1);
    }
  return NULL;
}

/* A required attribute; the schema has already asked for it, so a missing
 * one only happens when an earlier error was not caught. */
const char *
muster_import_need_attr (Import     *im,
                         const char *name,
                         int         line)
{
  const char *value = muster_import_attr (im, name);

  if (value == NULL)
    muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                        _("<%s> has no “%s” attribute."),
                        im->element, name);
  return value;
}

/* xsd integers may have white space and a “+”. */
gboolean
muster_import_int (Import     *im,
                   const char *name,
                   gint64      min,
                   gint64      max,
                   int         line,
                   gint64     *out)
{
  const char *value = muster_import_need_attr (im, name, line);
  char buffer[32];
  g_autofree char *long_copy = NULL;
  const char *start, *end;
  char *digits = buffer;

  *out = 0;
  if (value == NULL)
    return FALSE;
  /* Read from a copy with the white space cut off, on the stack unless
   * it is long (leading zeros): numbers come by the hundred thousand. */
  start = value;
  while (g_ascii_isspace (*start))
    start++;
  end = start + strlen (start);
  while (end > start && g_ascii_isspace (end[-1]))
    end--;
  if (end > start && *start == '+')
    start++;
  if ((gsize) (end - start) < sizeof buffer)
    {
      memcpy (buffer, start, end - start);
      buffer[end - start] = '\0';
    }
  else
    digits = long_copy = g_strndup (start, end - start);
  if (!g_ascii_string_to_signed (digits, 10, min, max, out, NULL))
    {
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          _("“%s” is not a whole number from %" PRId64 " to %" PRId64
                            " for the attribute “%s”."),
                          value, min, max, name);
      return FALSE;
    }
  return TRUE;
}

/* The store reads counts as C ints: a bigger one would come back
 * negative. */
gint64
muster_import_count (Import     *im,
                     const char *name,
                     int         line)
{
  gint64 value;

  muster_import_int (im, name, 0, G_MAXINT, line, &value);
  return value;
}

void
muster_import_refused (Import       *im,
                       int           line,
                       const GError *check_error)
{
  /* Translators: the element, then why the store refuses what it holds */
  muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line, _("element <%s>: %s"),
                      im->element,
                      check_error->message);
}

gboolean
muster_import_bool (Import     *im,
                    const char *name,
                    int         line)
{
  return g_strcmp0 (muster_import_need_attr (im, name, line), "true") == 0;
}

char *
muster_import_check_name (Import     *im,
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
                        _("the name of the <%s> element cannot be used: %s"),
                        muster_import_element (im), local_error->message);
  return result;
}

const char *
muster_import_element (Import *im)
{
  return im->stack->len > 0 ? g_ptr_array_index (im->stack, im->stack->len - 1) : "";
}

/* Ids and references */

void
muster_import_define_id (Import     *im,
                         IdKind      kind,
                         int         line)
{
  const char *id = muster_import_need_attr (im, "id", line);
  IdRow *first, *entry;

  if (id == NULL)
    return;
  if ((first = g_hash_table_lookup (im->ids[kind], id)) != NULL)
    {
      muster_import_fail (im, MUSTER_EXCHANGE_ERROR_INVALID, line,
                          _("the id “%s” is given to two elements <%s> (the first on line %d); ids must be unique."),
                          id, im->element, first->line);
      return;
    }
  entry = g_new0 (IdRow, 1);
  entry->line = line;
  g_hash_table_insert (im->ids[kind], g_strdup (id), entry);
}

void
muster_import_set_name (Import     *im,
                        IdKind      kind,
                        const char *name)
{
  const char *id = muster_import_attr (im, "id");
  IdRow *entry = id != NULL ? g_hash_table_lookup (im->ids[kind], id) : NULL;

  if (entry != NULL && name != NULL)
    {
      g_free (entry->name);
      entry->name = g_strdup (name);
    }
}

const char *
muster_import_name_of (Import     *im,
                       IdKind      kind,
                       const char *id)
{
  IdRow *entry = id != NULL ? g_hash_table_lookup (im->ids[kind], id) : NULL;

  return entry != NULL && entry->name != NULL ? entry->name : id != NULL ? id : "";
}

gint64
muster_import_ref (Import     *im,
                   IdKind      kind,
                   const char *attribute,
                   int         line)
{
  return muster_import_ref_id (im, kind, muster_import_attr (im, attribute), NULL, line);
}

gint64
muster_import_ref_id (Import     *im,
                      IdKind      kind,
                      const char *id,
                      const char *element,
                      int         line)
{
  IdRow *entry;
  Ref ref;

  if (id == NULL)
    return 0;
  /* Most references point back to an element already read; only the
   * others wait for the end of the file. */
  if ((entry = g_hash_table_lookup (im->ids[kind], id)) != NULL)
    return entry->row;
  ref = (Ref) { kind, line,
                g_strdup (element != NULL ? element : im->element),
                g_strdup (id) };
  g_array_append_val (im->refs, ref);
  return 0;
}

void
muster_import_set_row (Import     *im,
                       IdKind      kind,
                       const char *id,
                       gint64      row_id)
{
  IdRow *entry;

  if (id == NULL)
    return;
  if ((entry = g_hash_table_lookup (im->ids[kind], id)) == NULL)
    {
      entry = g_new0 (IdRow, 1);
      g_hash_table_insert (im->ids[kind], g_strdup (id), entry);
    }
  entry->row = row_id;
}

gboolean
muster_import_first_time (Import     *im,
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

sqlite3_stmt *
muster_import_prepare (Import     *im,
                       const char *sql)
{
  GError *local_error = NULL;
  sqlite3_stmt *cached = g_hash_table_lookup (im->statements, sql);
  sqlite3_stmt *stmt;

  /* The handlers' SQL is text in the program, at one address: found by
   * it, not hashed again for each of a hundred thousand rows. The
   * caller's MUSTER_STMT_AUTO has reset it. */
  if (cached != NULL && !sqlite3_stmt_busy (cached) && strcmp (sqlite3_sql (cached), sql) == 0)
    {
      sqlite3_clear_bindings (cached);
      return cached;
    }
  stmt = muster_store_prepare (im->store, sql, &local_error);
  if (stmt == NULL)
    muster_import_fail_store (im, local_error);
  else
    g_hash_table_insert (im->statements, (gpointer) sql, stmt);
  return stmt;
}

void
muster_import_bind_text (sqlite3_stmt *stmt,
                         int           column,
                         const char   *value)
{
  if (value == NULL)
    sqlite3_bind_null (stmt, column);
  else
    sqlite3_bind_text (stmt, column, value, -1, SQLITE_STATIC);
}

void
muster_import_bind_id (sqlite3_stmt *stmt,
                       int           column,
                       gint64        id)
{
  if (id == 0)
    sqlite3_bind_null (stmt, column);
  else
    sqlite3_bind_int64 (stmt, column, id);
}

/* Runs @stmt to its end and clears its bindings; returns the new row id,
 * or 0 with im->error set. The caller's MUSTER_STMT_AUTO resets it. */
gint64
muster_import_run (Import       *im,
                   sqlite3_stmt *stmt)
{
  gboolean done = sqlite3_step (stmt) == SQLITE_DONE;

  if (!done)
    {
      GError *local_error = NULL;

      muster_store_set_error (im->store, &local_error, _("Could not write to the library"));
      muster_import_fail_store (im, local_error);
    }
  /* Values are bound as they are, not copied (SQLITE_STATIC): the
   * statement lets go of them before they do. */
  sqlite3_clear_bindings (stmt);
  return done ? sqlite3_last_insert_rowid (muster_store_get_db (im->store)) : 0;
}

/* Batches */

void
muster_import_batch_init (Batch      *batch,
                          const char *sql,
                          guint       n_columns,
                          const char *max_sql)
{
  g_assert (strrchr (sql, '(') != NULL && n_columns * MUSTER_IMPORT_BATCH_ROWS <= 999);
  memset (batch, 0, sizeof *batch);
  batch->sql = sql;
  batch->n_columns = n_columns;
  batch->values = g_new (BatchValue, n_columns * MUSTER_IMPORT_BATCH_ROWS);
  batch->text = g_string_new (NULL);
  batch->max_sql = max_sql;
}

void
muster_import_batch_clear (Batch *batch)
{
  for (guint i = 0; i < G_N_ELEMENTS (batch->sqls); i++)
    g_clear_pointer (&batch->sqls[i], g_free);
  g_clear_pointer (&batch->values, g_free);
  if (batch->text != NULL)
    g_string_free (g_steal_pointer (&batch->text), TRUE);
}

/* The next value of the row being made. */
static BatchValue *
next_value (Batch *batch)
{
  g_assert (batch->n_values < batch->n_columns * (batch->n_rows + 1));
  return &batch->values[batch->n_values++];
}

void
muster_import_batch_text (Batch      *batch,
                          const char *value)
{
  *next_value (batch) = (BatchValue) { value != NULL ? SQLITE_TEXT : SQLITE_NULL, batch->text->len };
  if (value != NULL)
    g_string_append_len (batch->text, value, strlen (value) + 1);
}

void
muster_import_batch_int (Batch  *batch,
                         gint64  value)
{
  *next_value (batch) = (BatchValue) { SQLITE_INTEGER, value };
}

void
muster_import_batch_id (Batch  *batch,
                        gint64  id)
{
  *next_value (batch) = (BatchValue) { id != 0 ? SQLITE_INTEGER : SQLITE_NULL, id };
}

/* The id SQLite would give the next row of @batch's table, or 0 when it
 * would pick one at random (past the last id) or after a failure. */
static gint64
next_id (Import *im,
         Batch  *batch)
{
  gint64 id;

  if (!batch->ids_known)
    {
      MUSTER_STMT_AUTO sqlite3_stmt *max = muster_import_prepare (im, batch->max_sql);

      if (max == NULL)
        return 0;
      if (sqlite3_step (max) != SQLITE_ROW)
        {
          GError *local_error = NULL;

          muster_store_set_error (im->store, &local_error, _("Could not read the library"));
          muster_import_fail_store (im, local_error);
          return 0;
        }
      batch->ids_known = TRUE;
      batch->past_last_id = sqlite3_column_int64 (max, 0) == G_MAXINT64;
      /* Not one past the largest id: that would overflow. */
      if (!batch->past_last_id)
        batch->next_id = sqlite3_column_type (max, 0) == SQLITE_NULL ? 1 : sqlite3_column_int64 (max, 0) + 1;
    }
  if (batch->past_last_id)
    return 0;
  id = batch->next_id;
  if (id == G_MAXINT64)
    batch->past_last_id = TRUE;
  else
    batch->next_id++;
  return id;
}

void
muster_import_batch_start_row (Import *im,
                               Batch  *batch)
{
  g_assert (batch->max_sql != NULL && batch->n_values == batch->n_rows * batch->n_columns);
  batch->row_id = next_id (im, batch);
  /* Past the last id SQLite picks one at random: the row goes on its
   * own, with a NULL id, and its id is read back. */
  if (batch->row_id == 0)
    muster_import_batch_flush (im, batch);
  muster_import_batch_id (batch, batch->row_id);
}

gint64
muster_import_batch_end_row (Import *im,
                             Batch  *batch)
{
  gint64 id = batch->row_id;

  g_assert (batch->n_values == (batch->n_rows + 1) * batch->n_columns);
  batch->n_rows++;
  if (batch->max_sql != NULL && id == 0)
    id = muster_import_batch_flush (im, batch);
  else if (batch->n_rows == MUSTER_IMPORT_BATCH_ROWS)
    muster_import_batch_flush (im, batch);
  batch->row_id = 0;
  return im->error == NULL ? id : 0;
}

/* The INSERT of @n rows (a power of two). */
static const char *
batch_sql (Batch *batch,
           guint  n)
{
  if (batch->sqls[n] == NULL)
    {
      const char *row = strrchr (batch->sql, '(');
      GString *sql = g_string_new_len (batch->sql, row - batch->sql);

      for (guint i = 0; i < n; i++)
        g_string_append_printf (sql, i > 0 ? ", %s" : "%s", row);
      batch->sqls[n] = g_string_free (sql, FALSE);
    }
  return batch->sqls[n];
}

gint64
muster_import_batch_flush (Import *im,
                           Batch  *batch)
{
  gint64 last = 0;
  guint row = 0;

  if (batch != &im->characters)
    muster_import_batch_flush (im, &im->characters);
  /* In statements of 32, 16, 8 ... rows: a few statements, each prepared
   * once, for any number of rows. */
  while (row < batch->n_rows && im->error == NULL)
    {
      guint n = MUSTER_IMPORT_BATCH_ROWS;
      MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

      while (n > batch->n_rows - row)
        n /= 2;
      stmt = muster_import_prepare (im, batch_sql (batch, n));

      if (stmt == NULL)
        break;
      for (guint i = 0; i < n * batch->n_columns; i++)
        {
          const BatchValue *value = &batch->values[row * batch->n_columns + i];

          if (value->type == SQLITE_INTEGER)
            sqlite3_bind_int64 (stmt, (int) i + 1, value->number);
          else if (value->type == SQLITE_TEXT)
            sqlite3_bind_text (stmt, (int) i + 1, batch->text->str + value->number, -1, SQLITE_STATIC);
          else
            sqlite3_bind_null (stmt, (int) i + 1);
        }
      last = muster_import_run (im, stmt);
      row += n;
    }
  batch->n_rows = 0;
  batch->n_values = 0;
  g_string_truncate (batch->text, 0);
  return last;
}

static gboolean
name_taken (Import     *im,
            const char *sql,
            gint64      scope,
            const char *name)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_import_prepare (im, sql);

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

/* “Name”, or “Name (2)”, “Name (3)” ... when it is taken, the name cut
 * short where the number would take it past MUSTER_STORE_NAME_MAX. */
char *
muster_import_unique_name (Import     *im,
                           const char *sql,
                           gint64      scope,
                           const char *name)
{
  char *candidate = g_strdup (name);

  for (guint n = 2; name_taken (im, sql, scope, candidate) && im->error == NULL; n++)
    {
      g_autofree char *suffix = g_strdup_printf (" (%u)", n);
      glong room = MUSTER_STORE_NAME_MAX - (glong) strlen (suffix);
      g_autofree char *base = g_utf8_strlen (name, -1) > room ? g_utf8_substring (name, 0, room)
                                                              : g_strdup (name);

      g_free (candidate);
      candidate = g_strconcat (base, suffix, NULL);
    }
  return candidate;
}

void
muster_import_update_notes (Import     *im,
                            const char *sql,
                            gint64      id,
                            gint64      id2,
                            const char *notes)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_import_prepare (im, sql);

  if (stmt == NULL)
    return;
  sqlite3_bind_text (stmt, 1, notes, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, id);
  if (id2 != 0)
    sqlite3_bind_int64 (stmt, 3, id2);
  muster_import_run (im, stmt);
}

void
muster_import_log (Import     *im,
                   gint64      character_id,
                   JsonObject *args)
{
  GError *local_error = NULL;

  /* The entry points at its character, who may be waiting. */
  muster_import_batch_flush (im, &im->characters);
  if (muster_store_insert_log (im->store, im->campaign_id, 0, character_id, 0, 0,
                               "import", args, &local_error) == 0)
    muster_import_fail_store (im, local_error);
}

