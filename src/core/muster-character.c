/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-character"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-character.h"
#include "muster-sort-filter-model.h"

typedef struct {
  const char *key;    /* interned */
  int         value;
} Stat;

struct _MusterCharacter
{
  GObject      parent_instance;

  gint64       id;
  gint64       campaign_id;
  gint64       force_id;
  gint64       unit_id;
  /* Interned, as a few forces, ranks, troop types and weapons are shared
   * by thousands of characters. */
  const char  *force_name;
  const char  *side;
  char        *name;
  const char  *rank;
  const char  *troop_type;
  const char  *weapon;
  gboolean     mounted;
  MusterStatus status;
  int          out_games;
  int          light_wounds;
  int          serious_wounds;
  char        *notes;
  int          kills;
  int          games;
  GArray      *stats;   /* of Stat, in the order they were set */
  /* Made when first asked for, then kept: lists reuse the object while
   * its row is unchanged, so each is made once per character. */
  char        *sort_keys[MUSTER_CHARACTER_N_KEYS];
  char        *haystack;
};

G_DEFINE_FINAL_TYPE (MusterCharacter, muster_character, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_CAMPAIGN_ID,
  PROP_FORCE_ID,
  PROP_FORCE_NAME,
  PROP_SIDE,
  PROP_NAME,
  PROP_RANK,
  PROP_TROOP_TYPE,
  PROP_WEAPON,
  PROP_MOUNTED,
  PROP_STATUS,
  PROP_OUT_GAMES,
  PROP_KILLS,
  PROP_GAMES,
  PROP_NOTES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
muster_character_finalize (GObject *object)
{
  MusterCharacter *self = MUSTER_CHARACTER (object);

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->notes, g_free);
  g_clear_pointer (&self->stats, g_array_unref);
  for (guint i = 0; i < MUSTER_CHARACTER_N_KEYS; i++)
    g_free (self->sort_keys[i]);
  g_free (self->haystack);

  G_OBJECT_CLASS (muster_character_parent_class)->finalize (object);
}

static void
muster_character_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  MusterCharacter *self = MUSTER_CHARACTER (object);

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
    case PROP_RANK:
      g_value_set_string (value, self->rank);
      break;
    case PROP_TROOP_TYPE:
      g_value_set_string (value, self->troop_type);
      break;
    case PROP_WEAPON:
      g_value_set_string (value, self->weapon);
      break;
    case PROP_MOUNTED:
      g_value_set_boolean (value, self->mounted);
      break;
    case PROP_STATUS:
      g_value_set_string (value, muster_status_to_string (self->status));
      break;
    case PROP_OUT_GAMES:
      g_value_set_int (value, self->out_games);
      break;
    case PROP_KILLS:
      g_value_set_int (value, self->kills);
      break;
    case PROP_GAMES:
      g_value_set_int (value, self->games);
      break;
    case PROP_NOTES:
      g_value_set_string (value, self->notes);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_character_class_init (MusterCharacterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = muster_character_finalize;
  object_class->get_property = muster_character_get_property;

  properties[PROP_ID] = g_param_spec_int64 ("id", NULL, NULL, 0, G_MAXINT64, 0, flags);
  properties[PROP_CAMPAIGN_ID] = g_param_spec_int64 ("campaign-id", NULL, NULL, 0, G_MAXINT64, 0, flags);
  properties[PROP_FORCE_ID] = g_param_spec_int64 ("force-id", NULL, NULL, 0, G_MAXINT64, 0, flags);
  properties[PROP_FORCE_NAME] = g_param_spec_string ("force-name", NULL, NULL, NULL, flags);
  properties[PROP_SIDE] = g_param_spec_string ("side", NULL, NULL, NULL, flags);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  properties[PROP_RANK] = g_param_spec_string ("rank", NULL, NULL, NULL, flags);
  properties[PROP_TROOP_TYPE] = g_param_spec_string ("troop-type", NULL, NULL, NULL, flags);
  properties[PROP_WEAPON] = g_param_spec_string ("weapon", NULL, NULL, NULL, flags);
  properties[PROP_MOUNTED] = g_param_spec_boolean ("mounted", NULL, NULL, FALSE, flags);
  properties[PROP_STATUS] = g_param_spec_string ("status", NULL, NULL, NULL, flags);
  properties[PROP_OUT_GAMES] = g_param_spec_int ("out-games", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_KILLS] = g_param_spec_int ("kills", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_GAMES] = g_param_spec_int ("games", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_NOTES] = g_param_spec_string ("notes", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
muster_character_init (MusterCharacter *self)
{
  self->stats = g_array_sized_new (FALSE, FALSE, sizeof (Stat), 5);
}

gint64
muster_character_get_id (MusterCharacter *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), 0);
  return self->id;
}

gint64
muster_character_get_campaign_id (MusterCharacter *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), 0);
  return self->campaign_id;
}

gint64
muster_character_get_force_id (MusterCharacter *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), 0);
  return self->force_id;
}

gint64
muster_character_get_unit_id (MusterCharacter *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), 0);
  return self->unit_id;
}

const char *
muster_character_get_force_name (MusterCharacter *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), NULL);
  return self->force_name;
}

const char *
muster_character_get_side (MusterCharacter *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), NULL);
  return self->side;
}

const char *
muster_character_get_name (MusterCharacter *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), NULL);
  return self->name;
}

const char *
muster_character_get_rank (MusterCharacter *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), NULL);
  return self->rank;
}

const char *
muster_character_get_troop_type (MusterCharacter *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), NULL);
  return self->troop_type;
}

const char *
muster_character_get_weapon (MusterCharacter *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), NULL);
  return self->weapon;
}

gboolean
muster_character_get_mounted (MusterCharacter *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), FALSE);
  return self->mounted;
}

MusterStatus
muster_character_get_status (MusterCharacter *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), MUSTER_STATUS_ACTIVE);
  return self->status;
}

int
muster_character_get_out_games (MusterCharacter *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), 0);
  return self->out_games;
}

int
muster_character_get_light_wounds (MusterCharacter *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), 0);
  return self->light_wounds;
}

int
muster_character_get_serious_wounds (MusterCharacter *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), 0);
  return self->serious_wounds;
}

const char *
muster_character_get_notes (MusterCharacter *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), NULL);
  return self->notes;
}

int
muster_character_get_kills (MusterCharacter *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), 0);
  return self->kills;
}

int
muster_character_get_games (MusterCharacter *self)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), 0);
  return self->games;
}

gboolean
muster_character_get_stat (MusterCharacter *self,
                           const char      *key,
                           int             *value)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), FALSE);
  g_return_val_if_fail (key != NULL, FALSE);

  /* Keys are interned: a list sorting thousands asks with the same
   * pointer, found without comparing texts. */
  for (guint i = 0; i < self->stats->len; i++)
    {
      const Stat *stat = &g_array_index (self->stats, Stat, i);

      if (stat->key == key)
        {
          if (value != NULL)
            *value = stat->value;
          return TRUE;
        }
    }
  for (guint i = 0; i < self->stats->len; i++)
    {
      const Stat *stat = &g_array_index (self->stats, Stat, i);

      if (g_str_equal (stat->key, key))
        {
          if (value != NULL)
            *value = stat->value;
          return TRUE;
        }
    }
  return FALSE;
}

static const char *
key_text (MusterCharacter    *self,
          MusterCharacterKey  key)
{
  switch (key)
    {
    case MUSTER_CHARACTER_KEY_NAME:
      return self->name;
    case MUSTER_CHARACTER_KEY_FORCE_NAME:
      return self->force_name;
    case MUSTER_CHARACTER_KEY_TROOP_TYPE:
      return self->troop_type;
    case MUSTER_CHARACTER_KEY_WEAPON:
      return self->weapon;
    case MUSTER_CHARACTER_N_KEYS:
    default:
      g_assert_not_reached ();
    }
}

const char *
muster_character_get_sort_key (MusterCharacter    *self,
                               MusterCharacterKey  key)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), "");
  g_return_val_if_fail (key < MUSTER_CHARACTER_N_KEYS, "");

  if (self->sort_keys[key] == NULL)
    self->sort_keys[key] = muster_sort_key_new (key_text (self, key));
  return self->sort_keys[key];
}

gboolean
muster_character_matches (MusterCharacter *self,
                          const char      *folded)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (self), FALSE);

  if (folded == NULL)
    return TRUE;
  if (self->haystack == NULL)
    {
      /* One text, the fields a line apart so that no match spans two. */
      g_autofree char *joined = g_strjoin ("\n", self->name ? self->name : "",
                                           self->force_name ? self->force_name : "",
                                           self->troop_type ? self->troop_type : "",
                                           self->weapon, self->rank, NULL);

      self->haystack = g_utf8_casefold (joined, -1);
    }
  return strstr (self->haystack, folded) != NULL;
}

MusterCharacter *
muster_character_new (const MusterCharacterRow *row)
{
  MusterCharacter *self;

  g_return_val_if_fail (row != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_CHARACTER, NULL);
  self->id = row->id;
  self->campaign_id = row->campaign_id;
  self->force_id = row->force_id;
  self->unit_id = row->unit_id;
  self->force_name = g_intern_string (row->force_name);
  self->side = g_intern_string (row->side);
  self->name = g_strdup (row->name);
  self->rank = g_intern_string (row->rank != NULL ? row->rank : "");
  self->troop_type = g_intern_string (row->troop_type);
  self->weapon = g_intern_string (row->weapon != NULL ? row->weapon : "");
  self->mounted = row->mounted;
  self->status = row->status;
  self->out_games = row->out_games;
  self->light_wounds = row->light_wounds;
  self->serious_wounds = row->serious_wounds;
  self->notes = g_strdup (row->notes != NULL ? row->notes : "");
  self->kills = row->kills;
  self->games = row->games;
  return self;
}

void
muster_character_set_stat (MusterCharacter *self,
                           const char      *key,
                           int              value)
{
  Stat stat;

  g_return_if_fail (MUSTER_IS_CHARACTER (self));
  g_return_if_fail (key != NULL);

  for (guint i = 0; i < self->stats->len; i++)
    {
      Stat *existing = &g_array_index (self->stats, Stat, i);

      if (g_str_equal (existing->key, key))
        {
          existing->value = value;
          return;
        }
    }
  stat.key = g_intern_string (key);
  stat.value = value;
  g_array_append_val (self->stats, stat);
}

gboolean
muster_character_equal (MusterCharacter *a,
                        MusterCharacter *b)
{
  g_return_val_if_fail (MUSTER_IS_CHARACTER (a), FALSE);
  g_return_val_if_fail (MUSTER_IS_CHARACTER (b), FALSE);

  if (a == b)
    return TRUE;
  if (a->id != b->id || a->campaign_id != b->campaign_id ||
      a->force_id != b->force_id || a->unit_id != b->unit_id ||
      a->mounted != b->mounted || a->status != b->status ||
      a->out_games != b->out_games || a->light_wounds != b->light_wounds ||
      a->serious_wounds != b->serious_wounds || a->kills != b->kills ||
      a->games != b->games ||
      g_strcmp0 (a->force_name, b->force_name) != 0 ||
      g_strcmp0 (a->side, b->side) != 0 ||
      g_strcmp0 (a->name, b->name) != 0 ||
      g_strcmp0 (a->rank, b->rank) != 0 ||
      g_strcmp0 (a->troop_type, b->troop_type) != 0 ||
      g_strcmp0 (a->weapon, b->weapon) != 0 ||
      g_strcmp0 (a->notes, b->notes) != 0 ||
      a->stats->len != b->stats->len)
    return FALSE;

  for (guint i = 0; i < a->stats->len; i++)
    {
      const Stat *stat = &g_array_index (a->stats, Stat, i);
      int other;

      if (!muster_character_get_stat (b, stat->key, &other) || other != stat->value)
        return FALSE;
    }
  return TRUE;
}
