/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ruleset"

/* What changed from one version of a ruleset to another, part by part,
 * as sentences a player can read before taking the new rules. Items are
 * matched by their id (a stat by its key); steps, which have none, by
 * their type and the option choice they run under. */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-engine.h"
#include "muster-ruleset-diff-private.h"
#include "muster-rules-update.h"

/* --- Versions ------------------------------------------------------------ */

static gboolean
is_version (const char *text)
{
  if (text == NULL || !g_ascii_isdigit (*text))
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p) && !(*p == '.' && g_ascii_isdigit (p[1])))
      return FALSE;
  return TRUE;
}

/* Compares two runs of digits as numbers, however long. */
static int
compare_numbers (const char *a,
                 gsize       a_len,
                 const char *b,
                 gsize       b_len)
{
  while (a_len > 1 && *a == '0')
    a++, a_len--;
  while (b_len > 1 && *b == '0')
    b++, b_len--;
  if (a_len != b_len)
    return a_len < b_len ? -1 : 1;
  return strncmp (a, b, a_len);
}

int
muster_ruleset_compare_versions (const char *a,
                                 const char *b)
{
  gboolean a_ok = is_version (a), b_ok = is_version (b);

  if (!a_ok || !b_ok)
    return a_ok == b_ok ? g_strcmp0 (a, b) : (a_ok ? 1 : -1);

  while (*a != '\0' || *b != '\0')
    {
      gsize a_len = strspn (a, "0123456789");
      gsize b_len = strspn (b, "0123456789");
      int cmp;

      /* A missing part counts as 0: "1" and "1.0" are the same version. */
      cmp = compare_numbers (a_len ? a : "0", a_len ? a_len : 1, b_len ? b : "0", b_len ? b_len : 1);
      if (cmp != 0)
        return cmp;
      a += a_len;
      b += b_len;
      if (*a == '.')
        a++;
      if (*b == '.')
        b++;
    }
  return 0;
}

/* --- Changes ------------------------------------------------------------- */

void
muster_rules_change_free (MusterRulesChange *change)
{
  if (change == NULL)
    return;
  g_free (change->id);
  g_free (change->description);
  g_free (change);
}

const char *
muster_rules_part_to_string (MusterRulesPart part)
{
  static const char * const names[] = {
    "ruleset", "stat", "weapon", "troop-type", "unit-stat", "unit-kind", "rating",
    "outcome", "option", "table", "step", "reference", "house-reading",
  };

  g_return_val_if_fail ((guint) part < G_N_ELEMENTS (names), NULL);
  return names[part];
}

const char *
muster_rules_part_get_label (MusterRulesPart part)
{
  switch (part)
    {
    case MUSTER_RULES_PART_RULESET:       return _("The rules as a whole");
    case MUSTER_RULES_PART_STAT:          return _("Characteristics");
    case MUSTER_RULES_PART_WEAPON:        return _("Weapons");
    case MUSTER_RULES_PART_TROOP_TYPE:    return _("Troop types");
    case MUSTER_RULES_PART_UNIT_STAT:     return _("Unit values");
    case MUSTER_RULES_PART_UNIT_KIND:     return _("Kinds of unit");
    case MUSTER_RULES_PART_RATING:        return _("Ratings");
    case MUSTER_RULES_PART_OUTCOME:       return _("Outcomes");
    case MUSTER_RULES_PART_OPTION:        return _("Options");
    case MUSTER_RULES_PART_TABLE:         return _("Tables");
    case MUSTER_RULES_PART_STEP:          return _("Between-game steps");
    case MUSTER_RULES_PART_REFERENCE:     return _("Reference tables");
    case MUSTER_RULES_PART_HOUSE_READING: return _("House readings");
    default:                              g_return_val_if_reached (NULL);
    }
}

const char *
muster_rules_change_kind_to_string (MusterRulesChangeKind kind)
{
  switch (kind)
    {
    case MUSTER_RULES_ADDED:   return "added";
    case MUSTER_RULES_REMOVED: return "removed";
    case MUSTER_RULES_CHANGED: return "changed";
    default:                   g_return_val_if_reached (NULL);
    }
}

/* --- Describing a change --------------------------------------------------- */

/* One sentence for a change of @kind to the item @name of @part; @details
 * says what changed in it. */
static char *
describe (MusterRulesPart        part,
          MusterRulesChangeKind  kind,
          const char            *name,
          const char            *details)
{
  switch (part)
    {
    case MUSTER_RULES_PART_STAT:
      switch (kind)
        {
        case MUSTER_RULES_ADDED:   return g_strdup_printf (_("New characteristic “%s”"), name);
        case MUSTER_RULES_REMOVED: return g_strdup_printf (_("Characteristic “%s” removed"), name);
        case MUSTER_RULES_CHANGED: return g_strdup_printf (_("Characteristic “%s” changed: %s"), name, details);
        default: break;
        }
      break;
    case MUSTER_RULES_PART_WEAPON:
      switch (kind)
        {
        case MUSTER_RULES_ADDED:   return g_strdup_printf (_("New weapon “%s”"), name);
        case MUSTER_RULES_REMOVED: return g_strdup_printf (_("Weapon “%s” removed"), name);
        case MUSTER_RULES_CHANGED: return g_strdup_printf (_("Weapon “%s” changed: %s"), name, details);
        default: break;
        }
      break;
    case MUSTER_RULES_PART_TROOP_TYPE:
      switch (kind)
        {
        case MUSTER_RULES_ADDED:   return g_strdup_printf (_("New troop type “%s”"), name);
        case MUSTER_RULES_REMOVED: return g_strdup_printf (_("Troop type “%s” removed"), name);
        case MUSTER_RULES_CHANGED: return g_strdup_printf (_("Troop type “%s” changed: %s"), name, details);
        default: break;
        }
      break;
    case MUSTER_RULES_PART_UNIT_STAT:
      switch (kind)
        {
        case MUSTER_RULES_ADDED:   return g_strdup_printf (_("New unit value “%s”"), name);
        case MUSTER_RULES_REMOVED: return g_strdup_printf (_("Unit value “%s” removed"), name);
        case MUSTER_RULES_CHANGED: return g_strdup_printf (_("Unit value “%s” changed: %s"), name, details);
        default: break;
        }
      break;
    case MUSTER_RULES_PART_UNIT_KIND:
      switch (kind)
        {
        case MUSTER_RULES_ADDED:   return g_strdup_printf (_("New kind of unit “%s”"), name);
        case MUSTER_RULES_REMOVED: return g_strdup_printf (_("Kind of unit “%s” removed"), name);
        case MUSTER_RULES_CHANGED: return g_strdup_printf (_("Kind of unit “%s” changed: %s"), name, details);
        default: break;
        }
      break;
    case MUSTER_RULES_PART_RATING:
      switch (kind)
        {
        case MUSTER_RULES_ADDED:   return g_strdup_printf (_("New rating “%s”"), name);
        case MUSTER_RULES_REMOVED: return g_strdup_printf (_("Rating “%s” removed"), name);
        case MUSTER_RULES_CHANGED: return g_strdup_printf (_("Rating “%s” changed: %s"), name, details);
        default: break;
        }
      break;
    case MUSTER_RULES_PART_OUTCOME:
      switch (kind)
        {
        case MUSTER_RULES_ADDED:   return g_strdup_printf (_("New outcome “%s”"), name);
        case MUSTER_RULES_REMOVED: return g_strdup_printf (_("Outcome “%s” removed"), name);
        case MUSTER_RULES_CHANGED: return g_strdup_printf (_("Outcome “%s” changed: %s"), name, details);
        default: break;
        }
      break;
    case MUSTER_RULES_PART_OPTION:
      switch (kind)
        {
        /* Translators: a new option of the rules and the choice a campaign
         * taking them gets */
        case MUSTER_RULES_ADDED:   return g_strdup_printf (_("New option “%s”, taking its default: %s"), name, details);
        case MUSTER_RULES_REMOVED: return g_strdup_printf (_("Option “%s” removed"), name);
        case MUSTER_RULES_CHANGED: return g_strdup_printf (_("Option “%s” changed: %s"), name, details);
        default: break;
        }
      break;
    case MUSTER_RULES_PART_TABLE:
      switch (kind)
        {
        case MUSTER_RULES_ADDED:   return g_strdup_printf (_("New table “%s”"), name);
        case MUSTER_RULES_REMOVED: return g_strdup_printf (_("Table “%s” removed"), name);
        case MUSTER_RULES_CHANGED: return g_strdup_printf (_("Table “%s” changed: %s"), name, details);
        default: break;
        }
      break;
    case MUSTER_RULES_PART_STEP:
      switch (kind)
        {
        /* Translators: a between-game step (its name) and its parameters */
        case MUSTER_RULES_ADDED:   return g_strdup_printf (_("New between-game step: %s (%s)"), name, details);
        case MUSTER_RULES_REMOVED: return g_strdup_printf (_("Between-game step removed: %s"), name);
        case MUSTER_RULES_CHANGED: return g_strdup_printf (_("Between-game step changed: %s: %s"), name, details);
        default: break;
        }
      break;
    case MUSTER_RULES_PART_REFERENCE:
      switch (kind)
        {
        case MUSTER_RULES_ADDED:   return g_strdup_printf (_("New reference table “%s”"), name);
        case MUSTER_RULES_REMOVED: return g_strdup_printf (_("Reference table “%s” removed"), name);
        case MUSTER_RULES_CHANGED: return g_strdup_printf (_("Reference table “%s” changed: %s"), name, details);
        default: break;
        }
      break;
    case MUSTER_RULES_PART_HOUSE_READING:
      switch (kind)
        {
        case MUSTER_RULES_ADDED:   return g_strdup_printf (_("New house reading “%s”"), name);
        case MUSTER_RULES_REMOVED: return g_strdup_printf (_("House reading “%s” removed"), name);
        case MUSTER_RULES_CHANGED: return g_strdup_printf (_("House reading “%s” changed: %s"), name, details);
        default: break;
        }
      break;
    case MUSTER_RULES_PART_RULESET:
    default:
      break;
    }
  g_return_val_if_reached (NULL);
}

static void
add_change (GPtrArray             *changes,
            MusterRulesPart        part,
            MusterRulesChangeKind  kind,
            const char            *id,
            char                  *description)
{
  MusterRulesChange *change = g_new0 (MusterRulesChange, 1);

  change->part = part;
  change->kind = kind;
  change->id = g_strdup (id);
  change->description = description;
  g_ptr_array_add (changes, change);
}

static char *
join_details (GPtrArray *details)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < details->len; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? "; " : "", (const char *) g_ptr_array_index (details, i));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* --- Parts matched by id -------------------------------------------------- */

/* Every item of these parts starts with its id (or key) and then its name
 * (or title), both strings. */
static const char *
item_id (gconstpointer item)
{
  return ((const char * const *) item)[0];
}

static const char *
item_name (gconstpointer item)
{
  const char *name = ((const char * const *) item)[1];

  return name != NULL ? name : item_id (item);
}

static gconstpointer
find_item (GPtrArray  *items,
           const char *id)
{
  for (guint i = 0; items != NULL && i < items->len; i++)
    if (g_strcmp0 (item_id (g_ptr_array_index (items, i)), id) == 0)
      return g_ptr_array_index (items, i);
  return NULL;
}

typedef void (*CompareFunc) (gconstpointer  old_item,
                             gconstpointer  new_item,
                             GPtrArray     *details);

/* New and changed items in the new version's order, then removed ones. */
static void
diff_by_id (GPtrArray       *changes,
            MusterRulesPart  part,
            GPtrArray       *old_items,
            GPtrArray       *new_items,
            CompareFunc      compare)
{
  for (guint i = 0; new_items != NULL && i < new_items->len; i++)
    {
      gconstpointer item = g_ptr_array_index (new_items, i);
      gconstpointer before = find_item (old_items, item_id (item));
      g_autoptr(GPtrArray) details = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *joined = NULL;

      if (before == NULL)
        {
          add_change (changes, part, MUSTER_RULES_ADDED, item_id (item),
                      describe (part, MUSTER_RULES_ADDED, item_name (item), NULL));
          continue;
        }
      compare (before, item, details);
      if (details->len == 0)
        continue;
      joined = join_details (details);
      add_change (changes, part, MUSTER_RULES_CHANGED, item_id (item),
                  describe (part, MUSTER_RULES_CHANGED, item_name (item), joined));
    }
  for (guint i = 0; old_items != NULL && i < old_items->len; i++)
    {
      gconstpointer item = g_ptr_array_index (old_items, i);

      if (find_item (new_items, item_id (item)) == NULL)
        add_change (changes, part, MUSTER_RULES_REMOVED, item_id (item),
                    describe (part, MUSTER_RULES_REMOVED, item_name (item), NULL));
    }
}

/* Stats and troop types are reached by index, not as arrays. */
static GPtrArray *
stats_of (MusterRuleset *ruleset)
{
  GPtrArray *stats = g_ptr_array_new ();

  for (guint i = 0; i < muster_ruleset_get_n_stats (ruleset); i++)
    g_ptr_array_add (stats, (gpointer) muster_ruleset_get_stat (ruleset, i));
  return stats;
}

static GPtrArray *
weapons_of (MusterRuleset *ruleset)
{
  GPtrArray *weapons = g_ptr_array_new ();

  for (guint i = 0; i < muster_ruleset_get_n_weapons (ruleset); i++)
    g_ptr_array_add (weapons, (gpointer) muster_ruleset_get_weapon (ruleset, i));
  return weapons;
}

static GPtrArray *
troop_types_of (MusterRuleset *ruleset)
{
  GPtrArray *types = g_ptr_array_new ();

  for (guint i = 0; i < muster_ruleset_get_n_troop_types (ruleset); i++)
    g_ptr_array_add (types, (gpointer) muster_ruleset_get_troop_type (ruleset, i));
  return types;
}

/* A new option is described with the choice campaigns get. */
static void
diff_options (GPtrArray     *changes,
              MusterRuleset *old_rules,
              MusterRuleset *new_rules)
{
  GPtrArray *options = muster_ruleset_get_options (new_rules);
  g_autoptr(GPtrArray) changed = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_rules_change_free);

  diff_by_id (changed, MUSTER_RULES_PART_OPTION, muster_ruleset_get_options (old_rules),
              options, muster_diff_compare_options);
  for (guint i = 0; i < changed->len; i++)
    {
      MusterRulesChange *change = g_ptr_array_index (changed, i);

      if (change->kind == MUSTER_RULES_ADDED)
        {
          const MusterOptionDef *option = muster_ruleset_lookup_option (new_rules, change->id);
          const MusterChoiceDef *choice = muster_option_lookup_choice (option, option->default_choice);

          g_free (change->description);
          change->description = describe (MUSTER_RULES_PART_OPTION, MUSTER_RULES_ADDED, option->name,
                                          choice != NULL ? choice->name : option->default_choice);
        }
      g_ptr_array_add (changes, g_ptr_array_steal_index (changed, i--));
    }
}

/* --- Between-game steps ---------------------------------------------------- */

/* Steps have no id: one is matched by its type and the option choice it
 * runs under, the Nth of those in the old version with the Nth in the new. */
typedef struct {
  const MusterStepDef *step;
  char                *key;
} StepKey;

static void
step_key_clear (gpointer data)
{
  g_free (((StepKey *) data)->key);
}

static GArray *
step_keys (MusterRuleset *ruleset)
{
  GPtrArray *steps = muster_ruleset_get_steps (ruleset);
  GArray *keys = g_array_sized_new (FALSE, TRUE, sizeof (StepKey), steps->len);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_array_set_clear_func (keys, step_key_clear);
  for (guint i = 0; i < steps->len; i++)
    {
      const MusterStepDef *step = g_ptr_array_index (steps, i);
      char *base = g_strdup_printf ("%s\x1f%s\x1f%s", step->type,
                                    step->option ? step->option : "", step->choice ? step->choice : "");
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (seen, base)) + 1;
      StepKey key = { step, g_strdup_printf ("%s\x1f%u", base, n) };

      g_hash_table_replace (seen, base, GUINT_TO_POINTER (n));
      g_array_append_val (keys, key);
    }
  return keys;
}

static const StepKey *
find_step (GArray     *keys,
           const char *key)
{
  for (guint i = 0; i < keys->len; i++)
    if (g_str_equal (g_array_index (keys, StepKey, i).key, key))
      return &g_array_index (keys, StepKey, i);
  return NULL;
}

/* "Death roll", or "Death roll, when “Campaign death roll” is “Dies only
 * on a 6”" for a step that runs under an option's choice. */
static char *
step_name (MusterRuleset       *ruleset,
           const MusterStepDef *step)
{
  const MusterOptionDef *option;
  const MusterChoiceDef *choice;

  if (step->option == NULL)
    return g_strdup (muster_engine_get_step_name (step->type));
  option = muster_ruleset_lookup_option (ruleset, step->option);
  choice = option != NULL ? muster_option_lookup_choice (option, step->choice) : NULL;
  /* Translators: a between-game step, then the option and the choice a
   * campaign makes for it to run */
  return g_strdup_printf (_("%s, when “%s” is “%s”"), muster_engine_get_step_name (step->type),
                          option != NULL ? option->name : step->option,
                          choice != NULL ? choice->name : step->choice);
}

static gboolean
is_step_param (const char *name)
{
  return !g_str_equal (name, "type") && !g_str_equal (name, "option") && !g_str_equal (name, "choice");
}

static char *
step_params_text (const MusterStepDef *step)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer name, value;

  g_hash_table_iter_init (&iter, step->params);
  while (g_hash_table_iter_next (&iter, &name, &value))
    if (is_step_param (name))
      g_hash_table_insert (params, name, value);
  return muster_diff_values_text (params);
}

static void
compare_steps (const MusterStepDef *old_step,
               const MusterStepDef *new_step,
               GPtrArray           *details)
{
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree gpointer *sorted = NULL;
  GHashTableIter iter;
  gpointer name;
  guint n = 0;

  g_hash_table_iter_init (&iter, old_step->params);
  while (g_hash_table_iter_next (&iter, &name, NULL))
    g_hash_table_add (names, name);
  g_hash_table_iter_init (&iter, new_step->params);
  while (g_hash_table_iter_next (&iter, &name, NULL))
    g_hash_table_add (names, name);

  sorted = g_hash_table_get_keys_as_array (names, &n);
  qsort (sorted, n, sizeof (gpointer), muster_diff_compare_keys);
  for (guint i = 0; i < n; i++)
    if (is_step_param (sorted[i]))
      muster_diff_add_detail (details, sorted[i], muster_step_get_param (old_step, sorted[i]),
                  muster_step_get_param (new_step, sorted[i]));
}

static void
diff_steps (GPtrArray     *changes,
            MusterRuleset *old_rules,
            MusterRuleset *new_rules)
{
  g_autoptr(GArray) old_keys = step_keys (old_rules);
  g_autoptr(GArray) new_keys = step_keys (new_rules);
  g_autoptr(GPtrArray) old_order = g_ptr_array_new ();
  g_autoptr(GPtrArray) new_order = g_ptr_array_new ();

  for (guint i = 0; i < new_keys->len; i++)
    {
      const StepKey *key = &g_array_index (new_keys, StepKey, i);
      const StepKey *before = find_step (old_keys, key->key);
      g_autofree char *name = step_name (new_rules, key->step);
      g_autoptr(GPtrArray) details = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *joined = NULL;

      if (before == NULL)
        {
          g_autofree char *params = step_params_text (key->step);

          add_change (changes, MUSTER_RULES_PART_STEP, MUSTER_RULES_ADDED, key->step->type,
                      describe (MUSTER_RULES_PART_STEP, MUSTER_RULES_ADDED, name, params));
          continue;
        }
      g_ptr_array_add (new_order, key->key);
      compare_steps (before->step, key->step, details);
      if (details->len == 0)
        continue;
      joined = join_details (details);
      add_change (changes, MUSTER_RULES_PART_STEP, MUSTER_RULES_CHANGED, key->step->type,
                  describe (MUSTER_RULES_PART_STEP, MUSTER_RULES_CHANGED, name, joined));
    }
  for (guint i = 0; i < old_keys->len; i++)
    {
      const StepKey *key = &g_array_index (old_keys, StepKey, i);
      g_autofree char *name = NULL;

      if (find_step (new_keys, key->key) != NULL)
        {
          g_ptr_array_add (old_order, key->key);
          continue;
        }
      name = step_name (old_rules, key->step);
      add_change (changes, MUSTER_RULES_PART_STEP, MUSTER_RULES_REMOVED, key->step->type,
                  describe (MUSTER_RULES_PART_STEP, MUSTER_RULES_REMOVED, name, NULL));
    }

  /* The steps both versions have, in another order. */
  for (guint i = 0; i < old_order->len; i++)
    if (!g_str_equal (g_ptr_array_index (old_order, i), g_ptr_array_index (new_order, i)))
      {
        add_change (changes, MUSTER_RULES_PART_STEP, MUSTER_RULES_CHANGED, "order",
                    g_strdup (_("The between-game steps run in a new order")));
        break;
      }
}

/* --- The whole ruleset ------------------------------------------------------ */

static void
diff_ruleset (GPtrArray     *changes,
              MusterRuleset *old_rules,
              MusterRuleset *new_rules)
{
  const char *old_title = muster_ruleset_get_title (old_rules);
  const char *new_title = muster_ruleset_get_title (new_rules);
  const char *old_source = muster_ruleset_get_source (old_rules);
  const char *new_source = muster_ruleset_get_source (new_rules);
  MusterKeptBy kept_by = muster_ruleset_get_kept_by (new_rules);

  if (g_strcmp0 (old_title, new_title) != 0)
    add_change (changes, MUSTER_RULES_PART_RULESET, MUSTER_RULES_CHANGED, "title",
                g_strdup_printf (_("The title is now “%s” (it was “%s”)"), new_title, old_title));
  if (g_strcmp0 (old_source, new_source) != 0)
    add_change (changes, MUSTER_RULES_PART_RULESET, MUSTER_RULES_CHANGED, "source",
                g_strdup_printf (_("The source is now “%s” (it was “%s”)"), new_source, old_source));
  if (muster_ruleset_get_kept_by (old_rules) != kept_by)
    add_change (changes, MUSTER_RULES_PART_RULESET, MUSTER_RULES_CHANGED, "kept-by",
                g_strdup (kept_by == MUSTER_KEPT_BY_UNIT
                          ? _("Campaigns are now kept by unit, not figure by figure")
                          : _("Campaigns are now kept figure by figure, not by unit")));
}

/* The file's text without the root element's version, so that two
 * versions differing in nothing else read the same. */
static char *
text_without_version (MusterRuleset *ruleset)
{
  const char *xml = muster_ruleset_get_xml (ruleset);
  const char *root = xml != NULL ? strstr (xml, "<ruleset") : NULL;
  const char *end = root != NULL ? strchr (root, '>') : NULL;

  for (guint quote = 0; end != NULL && quote < 2; quote++)
    {
      g_autofree char *attr = g_strdup_printf ("version=%c%s%c", "\"'"[quote],
                                               muster_ruleset_get_version (ruleset), "\"'"[quote]);
      g_autofree char *root_text = g_strndup (root, end - root);
      const char *found = strstr (root_text, attr);

      if (found != NULL)
        return g_strdup_printf ("%.*s%s", (int) (root - xml + (found - root_text)), xml,
                                root + (found - root_text) + strlen (attr));
    }
  return g_strdup (xml);
}

/**
 * muster_ruleset_diff:
 * @old: the version a campaign keeps
 * @new: the version it could take
 *
 * Lists what changed from @old to @new: items of each part added, removed
 * or changed (with what changed in them), steps of the between-game
 * procedure added, removed, changed or run in another order. Text that no
 * list compares (notes, descriptions) is one change of the ruleset when it
 * is all that differs.
 *
 * Returns: (transfer full) (element-type MusterRulesChange): a new array of
 *   #MusterRulesChange.
 */
GPtrArray *
muster_ruleset_diff (MusterRuleset *old,
                     MusterRuleset *new)
{
  GPtrArray *changes;
  g_autoptr(GPtrArray) old_stats = NULL, new_stats = NULL;
  g_autoptr(GPtrArray) old_weapons = NULL, new_weapons = NULL;
  g_autoptr(GPtrArray) old_types = NULL, new_types = NULL;

  g_return_val_if_fail (MUSTER_IS_RULESET (old), NULL);
  g_return_val_if_fail (MUSTER_IS_RULESET (new), NULL);

  changes = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_rules_change_free);
  old_stats = stats_of (old);
  new_stats = stats_of (new);
  old_weapons = weapons_of (old);
  new_weapons = weapons_of (new);
  old_types = troop_types_of (old);
  new_types = troop_types_of (new);

  diff_ruleset (changes, old, new);
  diff_by_id (changes, MUSTER_RULES_PART_STAT, old_stats, new_stats, muster_diff_compare_stats);
  diff_by_id (changes, MUSTER_RULES_PART_WEAPON, old_weapons, new_weapons, muster_diff_compare_weapons);
  diff_by_id (changes, MUSTER_RULES_PART_TROOP_TYPE, old_types, new_types, muster_diff_compare_troop_types);
  diff_by_id (changes, MUSTER_RULES_PART_UNIT_STAT, muster_ruleset_get_unit_stats (old),
              muster_ruleset_get_unit_stats (new), muster_diff_compare_unit_stats);
  diff_by_id (changes, MUSTER_RULES_PART_UNIT_KIND, muster_ruleset_get_unit_kinds (old),
              muster_ruleset_get_unit_kinds (new), muster_diff_compare_unit_kinds);
  diff_by_id (changes, MUSTER_RULES_PART_RATING, muster_ruleset_get_ratings (old),
              muster_ruleset_get_ratings (new), muster_diff_compare_ratings);
  diff_by_id (changes, MUSTER_RULES_PART_OUTCOME, muster_ruleset_get_outcomes (old),
              muster_ruleset_get_outcomes (new), muster_diff_compare_outcomes);
  diff_options (changes, old, new);
  diff_by_id (changes, MUSTER_RULES_PART_TABLE, muster_ruleset_get_lookup_tables (old),
              muster_ruleset_get_lookup_tables (new), muster_diff_compare_tables);
  diff_steps (changes, old, new);
  diff_by_id (changes, MUSTER_RULES_PART_REFERENCE, muster_ruleset_get_reference_tables (old),
              muster_ruleset_get_reference_tables (new), muster_diff_compare_references);
  diff_by_id (changes, MUSTER_RULES_PART_HOUSE_READING, muster_ruleset_get_house_readings (old),
              muster_ruleset_get_house_readings (new), muster_diff_compare_house_readings);

  if (changes->len == 0)
    {
      g_autofree char *old_text = text_without_version (old);
      g_autofree char *new_text = text_without_version (new);

      if (g_strcmp0 (old_text, new_text) != 0)
        add_change (changes, MUSTER_RULES_PART_RULESET, MUSTER_RULES_CHANGED, "text",
                    g_strdup (_("Only notes and descriptions are worded differently")));
    }
  return changes;
}
