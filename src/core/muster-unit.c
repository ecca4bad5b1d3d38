/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-unit"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-sort-filter-model.h"
#include "muster-unit.h"

struct _MusterUnit
{
  GObject     parent_instance;

  gint64      id;
  gint64      campaign_id;
  gint64      force_id;
  char       *force_name;
  char       *side;
  char       *name;
  char       *kind;
  char       *rating;
  int         size;
  int         lost;
  int         morale_loss;
  char       *status;
  char       *notes;
  guint       n_characters;
  GHashTable *values;   /* unit stat key -> GINT_TO_POINTER (value) */
  char       *sort_keys[MUSTER_UNIT_N_KEYS];  /* made when first asked for */
};

G_DEFINE_FINAL_TYPE (MusterUnit, muster_unit, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_CAMPAIGN_ID,
  PROP_FORCE_ID,
  PROP_FORCE_NAME,
  PROP_SIDE,
  PROP_NAME,
  PROP_KIND,
  PROP_RATING,
  PROP_SIZE,
  PROP_LOST,
  PROP_PRESENT,
  PROP_MORALE_LOSS,
  PROP_STATUS,
  PROP_N_CHARACTERS,
  PROP_NOTES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
muster_unit_finalize (GObject *object)
{
  MusterUnit *self = MUSTER_UNIT (object);

  g_clear_pointer (&self->force_name, g_free);
  g_clear_pointer (&self->side, g_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->kind, g_free);
  g_clear_pointer (&self->rating, g_free);
  g_clear_pointer (&self->status, g_free);
  g_clear_pointer (&self->notes, g_free);
  g_clear_pointer (&self->values, g_hash_table_unref);
  for (guint i = 0; i < MUSTER_UNIT_N_KEYS; i++)
    g_free (self->sort_keys[i]);

  G_OBJECT_CLASS (muster_unit_parent_class)->finalize (object);
}

static void
muster_unit_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  MusterUnit *self = MUSTER_UNIT (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_int64 (value, self->id);
      break;
    case PROP_CAMPAIGN_ID:
      g_value_set_int64 (value, self->campaign_id);
      break;
    case PROP_FORCE_ID:
      g_value_set_int64 (value, self->force_id);
      break;
    case PROP_FORCE_NAME:
      g_value_set_string (value, self->force_name);
      break;
    case PROP_SIDE:
      g_value_set_string (value, self->side);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_KIND:
      g_value_set_string (value, self->kind);
      break;
    case PROP_RATING:
      g_value_set_string (value, self->rating);
      break;
    case PROP_SIZE:
      g_value_set_int (value, self->size);
      break;
    case PROP_LOST:
      g_value_set_int (value, self->lost);
      break;
    case PROP_PRESENT:
      g_value_set_int (value, MAX (self->size - self->lost, 0));
      break;
    case PROP_MORALE_LOSS:
      g_value_set_int (value, self->morale_loss);
      break;
    case PROP_STATUS:
      g_value_set_string (value, self->status);
      break;
    case PROP_N_CHARACTERS:
      g_value_set_uint (value, self->n_characters);
      break;
    case PROP_NOTES:
      g_value_set_string (value, self->notes);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_unit_class_init (MusterUnitClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = muster_unit_finalize;
  object_class->get_property = muster_unit_get_property;

  properties[PROP_ID] = g_param_spec_int64 ("id", NULL, NULL, 0, G_MAXINT64, 0, flags);
  properties[PROP_CAMPAIGN_ID] = g_param_spec_int64 ("campaign-id", NULL, NULL, 0, G_MAXINT64, 0, flags);
  properties[PROP_FORCE_ID] = g_param_spec_int64 ("force-id", NULL, NULL, 0, G_MAXINT64, 0, flags);
  properties[PROP_FORCE_NAME] = g_param_spec_string ("force-name", NULL, NULL, NULL, flags);
  properties[PROP_SIDE] = g_param_spec_string ("side", NULL, NULL, NULL, flags);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  properties[PROP_KIND] = g_param_spec_string ("kind", NULL, NULL, NULL, flags);
  properties[PROP_RATING] = g_param_spec_string ("rating", NULL, NULL, NULL, flags);
  properties[PROP_SIZE] = g_param_spec_int ("size", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_LOST] = g_param_spec_int ("lost", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_PRESENT] = g_param_spec_int ("present", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_MORALE_LOSS] = g_param_spec_int ("morale-loss", NULL, NULL, G_MININT, G_MAXINT, 0, flags);
  properties[PROP_STATUS] = g_param_spec_string ("status", NULL, NULL, NULL, flags);
  properties[PROP_N_CHARACTERS] = g_param_spec_uint ("n-characters", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_NOTES] = g_param_spec_string ("notes", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
muster_unit_init (MusterUnit *self)
{
  self->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

/**
 * muster_unit_new:
 * @row: the row's values, copied
 *
 * Returns: (transfer full): a view of the row, with no unit values yet.
 */
MusterUnit *
muster_unit_new (const MusterUnitRow *row)
{
  MusterUnit *self;

  g_return_val_if_fail (row != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_UNIT, NULL);
  self->id = row->id;
  self->campaign_id = row->campaign_id;
  self->force_id = row->force_id;
  self->force_name = g_strdup (row->force_name != NULL ? row->force_name : "");
  self->side = g_strdup (row->side != NULL ? row->side : "");
  self->name = g_strdup (row->name != NULL ? row->name : "");
  self->kind = g_strdup (row->kind != NULL ? row->kind : "");
  self->rating = g_strdup (row->rating != NULL ? row->rating : "");
  self->size = row->size;
  self->lost = row->lost;
  self->morale_loss = row->morale_loss;
  self->status = g_strdup (row->status != NULL ? row->status : MUSTER_UNIT_STATUS_ACTIVE);
  self->notes = g_strdup (row->notes != NULL ? row->notes : "");
  self->n_characters = row->n_characters;
  return self;
}

void
muster_unit_set_value (MusterUnit *self,
                       const char *key,
                       int         value)
{
  g_return_if_fail (MUSTER_IS_UNIT (self));
  g_return_if_fail (key != NULL);

  g_hash_table_insert (self->values, g_strdup (key), GINT_TO_POINTER (value));
}

gint64
muster_unit_get_id (MusterUnit *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT (self), 0);
  return self->id;
}

gint64
muster_unit_get_campaign_id (MusterUnit *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT (self), 0);
  return self->campaign_id;
}

gint64
muster_unit_get_force_id (MusterUnit *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT (self), 0);
  return self->force_id;
}

const char *
muster_unit_get_force_name (MusterUnit *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT (self), NULL);
  return self->force_name;
}

const char *
muster_unit_get_side (MusterUnit *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT (self), NULL);
  return self->side;
}

const char *
muster_unit_get_name (MusterUnit *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT (self), NULL);
  return self->name;
}

const char *
muster_unit_get_kind (MusterUnit *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT (self), NULL);
  return self->kind;
}

const char *
muster_unit_get_rating (MusterUnit *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT (self), NULL);
  return self->rating;
}

int
muster_unit_get_size (MusterUnit *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT (self), 0);
  return self->size;
}

int
muster_unit_get_lost (MusterUnit *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT (self), 0);
  return self->lost;
}

int
muster_unit_get_morale_loss (MusterUnit *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT (self), 0);
  return self->morale_loss;
}

const char *
muster_unit_get_status (MusterUnit *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT (self), NULL);
  return self->status;
}

const char *
muster_unit_status_label (const char *status)
{
  if (g_strcmp0 (status, MUSTER_UNIT_STATUS_DESTROYED) == 0)
    return C_("unit status", "Destroyed");
  if (g_strcmp0 (status, MUSTER_UNIT_STATUS_DISBANDED) == 0)
    return C_("unit status", "Disbanded");
  return C_("unit status", "Active");
}

const char *
muster_unit_get_notes (MusterUnit *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT (self), NULL);
  return self->notes;
}

int
muster_unit_get_present (MusterUnit *self)
{
  g_return_val_if_fail (MUSTER_IS_UNIT (self), 0);
  return MAX (self->size - self->lost, 0);
}

gboolean
muster_unit_get_value (MusterUnit *self,
                       const char *key,
                       int        *value)
{
  gpointer stored;

  g_return_val_if_fail (MUSTER_IS_UNIT (self), FALSE);
  g_return_val_if_fail (key != NULL, FALSE);

  if (!g_hash_table_lookup_extended (self->values, key, NULL, &stored))
    return FALSE;
  if (value != NULL)
    *value = GPOINTER_TO_INT (stored);
  return TRUE;
}

/* A unit stat's value for this unit, its words translated or not. */
static char *
dup_stat (MusterUnit    *self,
          MusterRuleset *ruleset,
          const char    *key,
          gboolean       translate)
{
  const MusterUnitStatDef *def;
  const MusterUnitKindDef *kind;
  const MusterRatingDef *rating;
  int value;

  g_return_val_if_fail (MUSTER_IS_UNIT (self), NULL);
  g_return_val_if_fail (MUSTER_IS_RULESET (ruleset), NULL);

  def = muster_ruleset_lookup_unit_stat (ruleset, key);
  if (def == NULL)
    return NULL;

  switch (def->from)
    {
    case MUSTER_UNIT_STAT_FROM_RATING:
      rating = muster_ruleset_lookup_rating (ruleset, self->rating);
      if (rating == NULL)
        return NULL;
      return g_strdup_printf ("%d", def->morale ? rating->value - self->morale_loss : rating->value);
    case MUSTER_UNIT_STAT_FROM_BASES:
      kind = muster_ruleset_lookup_unit_kind (ruleset, self->kind);
      if (kind == NULL || kind->base_size <= 0)
        return NULL;
      /* A part-filled base is still on the table. */
      return g_strdup_printf ("%d", (muster_unit_get_present (self) + kind->base_size - 1) / kind->base_size);
    case MUSTER_UNIT_STAT_FROM_UNIT:
      if (!muster_unit_get_value (self, key, &value))
        value = def->min;
      return g_strdup_printf ("%d", value);
    case MUSTER_UNIT_STAT_FROM_KIND:
    default:
      {
        const char *text = muster_ruleset_get_unit_stat_value (ruleset, key, self->kind, self->rating);
        gint64 number;

        if (text == NULL)
          return NULL;
        if (def->morale && g_ascii_string_to_signed (text, 10, G_MININT, G_MAXINT, &number, NULL))
          return g_strdup_printf ("%d", (int) number - self->morale_loss);
        /* A value given in words ("re-roll 1s") is read in the user's
         * language, as the ITS rules extract it; numbers are left alone. */
        if (translate)
          for (const char *p = text; *p != '\0'; p++)
            if (g_ascii_isalpha (*p))
              return g_strdup (g_dgettext (GETTEXT_PACKAGE, text));
        return g_strdup (text);
      }
    }
}

/**
 * muster_unit_dup_stat_text:
 * @self: a unit
 * @ruleset: its campaign's ruleset
 * @key: a unit stat key of @ruleset
 *
 * Returns: (transfer full) (nullable): the stat's value for this unit as
 * a sheet shows it, in the user's language, or %NULL when the ruleset
 * gives none.
 */
char *
muster_unit_dup_stat_text (MusterUnit    *self,
                           MusterRuleset *ruleset,
                           const char    *key)
{
  return dup_stat (self, ruleset, key, TRUE);
}

/**
 * muster_unit_dup_stat_value:
 * @self: a unit
 * @ruleset: its campaign's ruleset
 * @key: a unit stat key of @ruleset
 *
 * Returns: (transfer full) (nullable): the same value with words as the
 * ruleset file gives them, untranslated, for machine-read output.
 */
char *
muster_unit_dup_stat_value (MusterUnit    *self,
                            MusterRuleset *ruleset,
                            const char    *key)
{
  return dup_stat (self, ruleset, key, FALSE);
}

/**
 * muster_unit_dup_stat_cell:
 * @self: a unit
 * @ruleset: its campaign's ruleset
 * @key: a unit stat key of @ruleset
 *
 * Returns: (transfer full) (nullable): muster_unit_dup_stat_text() for a
 * column headed by the unit stat's own name: a value the unit's kind
 * names in its own way comes with that name ("Limbered: 3 / 4 / – / –").
 */
char *
muster_unit_dup_stat_cell (MusterUnit    *self,
                           MusterRuleset *ruleset,
                           const char    *key)
{
  g_autofree char *text = dup_stat (self, ruleset, key, TRUE);
  const MusterUnitStatDef *def;
  const char *name;

  if (text == NULL)
    return NULL;
  def = muster_ruleset_lookup_unit_stat (ruleset, key);
  name = muster_ruleset_get_unit_stat_name (ruleset, key, self->kind);
  if (def == NULL || name == NULL || g_strcmp0 (name, def->name) == 0)
    return g_steal_pointer (&text);
  /* Translators: a unit's kind's own name for a value, and the value:
   * "Limbered: 3 / 4 / – / –" */
  return g_strdup_printf (_("%s: %s"), name, text);
}

static gboolean
values_equal (GHashTable *a,
              GHashTable *b)
{
  GHashTableIter iter;
  gpointer key, value, other;

  if (g_hash_table_size (a) != g_hash_table_size (b))
    return FALSE;
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!g_hash_table_lookup_extended (b, key, NULL, &other) || other != value)
      return FALSE;
  return TRUE;
}

gboolean
muster_unit_equal (MusterUnit *a,
                   MusterUnit *b)
{
  g_return_val_if_fail (MUSTER_IS_UNIT (a), FALSE);
  g_return_val_if_fail (MUSTER_IS_UNIT (b), FALSE);

  return a->id == b->id &&
         a->campaign_id == b->campaign_id &&
         a->force_id == b->force_id &&
         g_str_equal (a->force_name, b->force_name) &&
         g_str_equal (a->side, b->side) &&
         g_str_equal (a->name, b->name) &&
         g_str_equal (a->kind, b->kind) &&
         g_str_equal (a->rating, b->rating) &&
         a->size == b->size &&
         a->lost == b->lost &&
         a->morale_loss == b->morale_loss &&
         g_str_equal (a->status, b->status) &&
         g_str_equal (a->notes, b->notes) &&
         a->n_characters == b->n_characters &&
         values_equal (a->values, b->values);
}

const char *
muster_unit_get_sort_key (MusterUnit    *self,
                          MusterUnitKey  key)
{
  const char *text = NULL;

  g_return_val_if_fail (MUSTER_IS_UNIT (self), "");
  g_return_val_if_fail (key < MUSTER_UNIT_N_KEYS, "");

  if (self->sort_keys[key] != NULL)
    return self->sort_keys[key];
  switch (key)
    {
    case MUSTER_UNIT_KEY_NAME:
      text = self->name;
      break;
    case MUSTER_UNIT_KEY_FORCE_NAME:
      text = self->force_name;
      break;
    case MUSTER_UNIT_KEY_KIND:
      text = self->kind;
      break;
    case MUSTER_UNIT_KEY_RATING:
      text = self->rating;
      break;
    case MUSTER_UNIT_KEY_STATUS:
      text = self->status;
      break;
    case MUSTER_UNIT_N_KEYS:
    default:
      g_assert_not_reached ();
    }
  self->sort_keys[key] = muster_sort_key_new (text);
  return self->sort_keys[key];
}
