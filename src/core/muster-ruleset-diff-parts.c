/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ruleset"

/* What changed in one item of a ruleset (a stat, a table, an option...),
 * as details such as "range: 1–12 → 1–10", for muster-ruleset-diff.c. */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-ruleset-diff-private.h"

/* --- Details ------------------------------------------------------------- */

/* "label: old → new", when they differ. */
void
muster_diff_add_detail (GPtrArray  *details,
            const char *label,
            const char *old_text,
            const char *new_text)
{
  if (g_strcmp0 (old_text, new_text) == 0)
    return;
  /* Translators: one detail of a change to the rules: what changed, its
   * old value and its new one, e.g. "dies-on: 6 → 5" */
  g_ptr_array_add (details, g_strdup_printf (_("%s: %s → %s"), label,
                                             old_text != NULL ? old_text : _("none"),
                                             new_text != NULL ? new_text : _("none")));
}

/* "label: new wording", for text too long to repeat. */
static void
add_reworded (GPtrArray  *details,
              const char *label,
              const char *old_text,
              const char *new_text)
{
  if (g_strcmp0 (old_text, new_text) == 0)
    return;
  /* Translators: a text of the rules (notes, rows, a description) reads
   * differently in the new version; %s says which */
  g_ptr_array_add (details, g_strdup_printf (_("%s: new wording"), label));
}

static void
add_int_detail (GPtrArray  *details,
                const char *label,
                int         old_value,
                int         new_value)
{
  g_autofree char *old_text = g_strdup_printf ("%d", old_value);
  g_autofree char *new_text = g_strdup_printf ("%d", new_value);

  muster_diff_add_detail (details, label, old_text, new_text);
}

static const char *
yes_no (gboolean value)
{
  return value ? _("yes") : _("no");
}

static void
add_bool_detail (GPtrArray  *details,
                 const char *label,
                 gboolean    old_value,
                 gboolean    new_value)
{
  muster_diff_add_detail (details, label, yes_no (old_value), yes_no (new_value));
}

static char *
range_text (int min,
            int max)
{
  if (max == G_MAXINT)
    return g_strdup_printf ("%d–", min);
  return g_strdup_printf ("%d–%d", min, max);
}

static void
add_range_detail (GPtrArray *details,
                  int        old_min,
                  int        old_max,
                  int        new_min,
                  int        new_max)
{
  g_autofree char *old_text = range_text (old_min, old_max);
  g_autofree char *new_text = range_text (new_min, new_max);

  muster_diff_add_detail (details, _("range"), old_text, new_text);
}

int
muster_diff_compare_keys (const void *a,
              const void *b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* A hash table of key -> value as "a=1, b=2", sorted by key. */
char *
muster_diff_values_text (GHashTable *values)
{
  g_autofree gpointer *keys = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  guint n = 0;

  keys = g_hash_table_get_keys_as_array (values, &n);
  qsort (keys, n, sizeof (gpointer), muster_diff_compare_keys);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s%s=%s", i > 0 ? ", " : "", (const char *) keys[i],
                            (const char *) g_hash_table_lookup (values, keys[i]));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* --- Comparing items of one part ------------------------------------------ */

static char *
derived_text (const MusterStatDef *stat)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < stat->derived->len; i++)
    {
      const MusterDerivedStat *derived = g_ptr_array_index (stat->derived, i);

      g_string_append_printf (out, "%s%s ×%d", i > 0 ? ", " : "", derived->key, derived->times);
      if (derived->mounted_times != derived->times)
        g_string_append_printf (out, " (×%d)", derived->mounted_times);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

void
muster_diff_compare_stats (gconstpointer  a,
               gconstpointer  b,
               GPtrArray     *details)
{
  const MusterStatDef *old_stat = a, *new_stat = b;
  g_autofree char *old_derived = derived_text (old_stat);
  g_autofree char *new_derived = derived_text (new_stat);

  muster_diff_add_detail (details, _("name"), old_stat->name, new_stat->name);
  add_range_detail (details, old_stat->min, old_stat->max, new_stat->min, new_stat->max);
  muster_diff_add_detail (details, _("derived values"), old_derived, new_derived);
}

static char *
caps_text (const MusterWeaponDef *weapon)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < weapon->caps->len; i++)
    {
      const MusterCap *cap = g_ptr_array_index (weapon->caps, i);

      g_string_append_printf (out, "%s%s ≤ %d", i > 0 ? ", " : "", cap->stat, cap->max);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

void
muster_diff_compare_weapons (gconstpointer  a,
                 gconstpointer  b,
                 GPtrArray     *details)
{
  const MusterWeaponDef *old_weapon = a, *new_weapon = b;
  g_autofree char *old_caps = caps_text (old_weapon);
  g_autofree char *new_caps = caps_text (new_weapon);

  muster_diff_add_detail (details, _("name"), old_weapon->name, new_weapon->name);
  muster_diff_add_detail (details, _("caps"), old_caps, new_caps);
}

static char *
rolls_text (const MusterTroopType *type)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < type->rolls->len; i++)
    {
      const MusterStatRoll *roll = g_ptr_array_index (type->rolls, i);

      g_string_append_printf (out, "%s%s %s", i > 0 ? ", " : "", roll->stat,
                              roll->dice != NULL ? muster_dice_expr_to_string (roll->dice) : "");
      if (roll->table_id != NULL)
        g_string_append_printf (out, " [%s]", roll->table_id);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

void
muster_diff_compare_troop_types (gconstpointer  a,
                     gconstpointer  b,
                     GPtrArray     *details)
{
  const MusterTroopType *old_type = a, *new_type = b;
  g_autofree char *old_rolls = rolls_text (old_type);
  g_autofree char *new_rolls = rolls_text (new_type);

  muster_diff_add_detail (details, _("name"), old_type->name, new_type->name);
  muster_diff_add_detail (details, _("weapon"), old_type->default_weapon, new_type->default_weapon);
  add_bool_detail (details, _("mounted"), old_type->mounted, new_type->mounted);
  muster_diff_add_detail (details, _("rolls"), old_rolls, new_rolls);
}

static const char *
unit_stat_from (MusterUnitStatFrom from)
{
  static const char * const froms[] = { "kind", "rating", "bases", "unit" };

  return (guint) from < G_N_ELEMENTS (froms) ? froms[from] : NULL;
}

void
muster_diff_compare_unit_stats (gconstpointer  a,
                    gconstpointer  b,
                    GPtrArray     *details)
{
  const MusterUnitStatDef *old_stat = a, *new_stat = b;

  muster_diff_add_detail (details, _("name"), old_stat->name, new_stat->name);
  muster_diff_add_detail (details, _("comes from"), unit_stat_from (old_stat->from), unit_stat_from (new_stat->from));
  add_bool_detail (details, _("morale"), old_stat->morale, new_stat->morale);
  add_range_detail (details, old_stat->min, old_stat->max, new_stat->min, new_stat->max);
}

void
muster_diff_compare_unit_kinds (gconstpointer  a,
                    gconstpointer  b,
                    GPtrArray     *details)
{
  const MusterUnitKindDef *old_kind = a, *new_kind = b;
  g_autofree char *old_values = muster_diff_values_text (old_kind->values);
  g_autofree char *new_values = muster_diff_values_text (new_kind->values);

  muster_diff_add_detail (details, _("name"), old_kind->name, new_kind->name);
  add_int_detail (details, _("size"), old_kind->size, new_kind->size);
  add_int_detail (details, _("smallest size"), old_kind->min_size, new_kind->min_size);
  add_int_detail (details, _("largest size"), old_kind->max_size, new_kind->max_size);
  add_int_detail (details, _("figures to a base"), old_kind->base_size, new_kind->base_size);
  add_bool_detail (details, _("mounted"), old_kind->mounted, new_kind->mounted);
  muster_diff_add_detail (details, _("troop type"), old_kind->troop_type, new_kind->troop_type);
  muster_diff_add_detail (details, _("rating"), old_kind->rating, new_kind->rating);
  muster_diff_add_detail (details, _("values"), old_values, new_values);
}

void
muster_diff_compare_ratings (gconstpointer  a,
                 gconstpointer  b,
                 GPtrArray     *details)
{
  const MusterRatingDef *old_rating = a, *new_rating = b;
  g_autofree char *old_values = muster_diff_values_text (old_rating->values);
  g_autofree char *new_values = muster_diff_values_text (new_rating->values);

  muster_diff_add_detail (details, _("name"), old_rating->name, new_rating->name);
  add_int_detail (details, _("value"), old_rating->value, new_rating->value);
  muster_diff_add_detail (details, _("values"), old_values, new_values);
}

void
muster_diff_compare_outcomes (gconstpointer  a,
                  gconstpointer  b,
                  GPtrArray     *details)
{
  const MusterOutcomeDef *old_outcome = a, *new_outcome = b;

  muster_diff_add_detail (details, _("name"), old_outcome->name, new_outcome->name);
  add_bool_detail (details, _("light wounds"), old_outcome->takes_light, new_outcome->takes_light);
  add_bool_detail (details, _("serious wounds"), old_outcome->takes_serious, new_outcome->takes_serious);
  add_bool_detail (details, _("leaves the field"), old_outcome->removes, new_outcome->removes);
}

void
muster_diff_compare_options (gconstpointer  a,
                 gconstpointer  b,
                 GPtrArray     *details)
{
  const MusterOptionDef *old_option = a, *new_option = b;

  muster_diff_add_detail (details, _("name"), old_option->name, new_option->name);
  add_reworded (details, _("description"), old_option->description, new_option->description);
  muster_diff_add_detail (details, _("default"), old_option->default_choice, new_option->default_choice);
  for (guint i = 0; i < new_option->choices->len; i++)
    {
      const MusterChoiceDef *choice = g_ptr_array_index (new_option->choices, i);
      const MusterChoiceDef *before = muster_option_lookup_choice (old_option, choice->id);

      if (before == NULL)
        g_ptr_array_add (details, g_strdup_printf (_("choice “%s” added"), choice->name));
      else
        {
          g_autofree char *label = g_strdup_printf (_("choice “%s”"), choice->id);
          g_autofree char *house = g_strdup_printf (_("choice “%s” as a house reading"), choice->id);

          muster_diff_add_detail (details, label, before->name, choice->name);
          add_bool_detail (details, house, before->house, choice->house);
        }
    }
  for (guint i = 0; i < old_option->choices->len; i++)
    {
      const MusterChoiceDef *choice = g_ptr_array_index (old_option->choices, i);

      if (muster_option_lookup_choice (new_option, choice->id) == NULL)
        g_ptr_array_add (details, g_strdup_printf (_("choice “%s” removed"), choice->name));
    }
}

static char *
entry_text (const MusterTableEntry *entry)
{
  g_autoptr(GString) out = g_string_new (NULL);

  if (entry->min == entry->max)
    g_string_append_printf (out, "%d", entry->min);
  else
    g_string_append_printf (out, "%d–%d", entry->min, entry->max);
  if (entry->name != NULL)
    g_string_append_printf (out, " %s", entry->name);
  if (entry->value != 0 && entry->limit >= 0)
    /* Translators: a table entry, its value (e.g. a Class of 3) and how many of it a side may have */
    return g_strdup_printf (_("%s, value %d, at most %d a side"), out->str, entry->value, entry->limit);
  if (entry->value != 0)
    /* Translators: a table entry and its value, e.g. a Class of 3 */
    return g_strdup_printf (_("%s, value %d"), out->str, entry->value);
  if (entry->limit >= 0)
    /* Translators: a table entry and how many of it a side may have */
    return g_strdup_printf (_("%s, at most %d a side"), out->str, entry->limit);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static const MusterTableEntry *
find_entry (const MusterLookupTable *table,
            const char              *id)
{
  for (guint i = 0; i < table->entries->len; i++)
    {
      const MusterTableEntry *entry = g_ptr_array_index (table->entries, i);

      if (g_strcmp0 (entry->id, id) == 0)
        return entry;
    }
  return NULL;
}

void
muster_diff_compare_tables (gconstpointer  a,
                gconstpointer  b,
                GPtrArray     *details)
{
  const MusterLookupTable *old_table = a, *new_table = b;

  muster_diff_add_detail (details, _("name"), old_table->name, new_table->name);
  muster_diff_add_detail (details, _("dice"), muster_dice_expr_to_string (old_table->dice),
              muster_dice_expr_to_string (new_table->dice));
  add_bool_detail (details, _("house reading"), old_table->house, new_table->house);
  for (guint i = 0; i < new_table->entries->len; i++)
    {
      const MusterTableEntry *entry = g_ptr_array_index (new_table->entries, i);
      const MusterTableEntry *before = find_entry (old_table, entry->id);
      g_autofree char *text = entry_text (entry);

      if (before == NULL)
        g_ptr_array_add (details, g_strdup_printf (_("entry “%s” added (%s)"), entry->id, text));
      else
        {
          g_autofree char *old_text = entry_text (before);
          g_autofree char *label = g_strdup_printf (_("entry “%s”"), entry->id);

          muster_diff_add_detail (details, label, old_text, text);
        }
    }
  for (guint i = 0; i < old_table->entries->len; i++)
    {
      const MusterTableEntry *entry = g_ptr_array_index (old_table->entries, i);

      if (find_entry (new_table, entry->id) == NULL)
        g_ptr_array_add (details, g_strdup_printf (_("entry “%s” removed"), entry->id));
    }
}

static char *
cells_text (GPtrArray *cells)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < cells->len; i++)
    g_string_append_printf (out, "%s\x1f", (const char *) g_ptr_array_index (cells, i));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static char *
rows_text (const MusterReferenceTable *table)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < table->rows->len; i++)
    {
      g_autofree char *cells = cells_text (g_ptr_array_index (table->rows, i));

      g_string_append_printf (out, "%s%s\x1e", g_array_index (table->house_rows, gboolean, i) ? "†" : "",
                              cells);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

void
muster_diff_compare_references (gconstpointer  a,
                    gconstpointer  b,
                    GPtrArray     *details)
{
  const MusterReferenceTable *old_table = a, *new_table = b;
  g_autofree char *old_columns = cells_text (old_table->columns);
  g_autofree char *new_columns = cells_text (new_table->columns);
  g_autofree char *old_rows = rows_text (old_table);
  g_autofree char *new_rows = rows_text (new_table);

  muster_diff_add_detail (details, _("title"), old_table->title, new_table->title);
  add_bool_detail (details, _("house reading"), old_table->house, new_table->house);
  add_reworded (details, _("notes"), old_table->note, new_table->note);
  add_reworded (details, _("columns"), old_columns, new_columns);
  add_reworded (details, _("rows"), old_rows, new_rows);
}

void
muster_diff_compare_house_readings (gconstpointer  a,
                        gconstpointer  b,
                        GPtrArray     *details)
{
  const MusterHouseReading *old_reading = a, *new_reading = b;

  muster_diff_add_detail (details, _("title"), old_reading->title, new_reading->title);
  add_reworded (details, _("notes"), old_reading->note, new_reading->note);
}

