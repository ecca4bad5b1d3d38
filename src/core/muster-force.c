/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-force"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-force.h"

struct _MusterForce
{
  GObject  parent_instance;

  gint64   id;
  gint64   campaign_id;
  char    *name;
  char    *side;
  char    *nationality;
  guint    n_characters;
};

G_DEFINE_FINAL_TYPE (MusterForce, muster_force, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_SIDE,
  PROP_NATIONALITY,
  PROP_N_CHARACTERS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
muster_force_finalize (GObject *object)
{
  MusterForce *self = MUSTER_FORCE (object);

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->side, g_free);
  g_clear_pointer (&self->nationality, g_free);

  G_OBJECT_CLASS (muster_force_parent_class)->finalize (object);
}

static void
muster_force_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  MusterForce *self = MUSTER_FORCE (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_int64 (value, self->id);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_SIDE:
      g_value_set_string (value, muster_force_get_effective_side (self));
      break;
    case PROP_NATIONALITY:
      g_value_set_string (value, self->nationality);
      break;
    case PROP_N_CHARACTERS:
      g_value_set_uint (value, self->n_characters);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_force_class_init (MusterForceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_force_finalize;
  object_class->get_property = muster_force_get_property;

  properties[PROP_ID] =
    g_param_spec_int64 ("id", NULL, NULL, 0, G_MAXINT64, 0,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SIDE] =
    g_param_spec_string ("side", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NATIONALITY] =
    g_param_spec_string ("nationality", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_CHARACTERS] =
    g_param_spec_uint ("n-characters", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
muster_force_init (MusterForce *self)
{
}

gint64
muster_force_get_id (MusterForce *self)
{
  g_return_val_if_fail (MUSTER_IS_FORCE (self), 0);
  return self->id;
}

gint64
muster_force_get_campaign_id (MusterForce *self)
{
  g_return_val_if_fail (MUSTER_IS_FORCE (self), 0);
  return self->campaign_id;
}

const char *
muster_force_get_name (MusterForce *self)
{
  g_return_val_if_fail (MUSTER_IS_FORCE (self), NULL);
  return self->name;
}

const char *
muster_force_get_side (MusterForce *self)
{
  g_return_val_if_fail (MUSTER_IS_FORCE (self), NULL);
  return self->side;
}

const char *
muster_force_get_effective_side (MusterForce *self)
{
  g_return_val_if_fail (MUSTER_IS_FORCE (self), NULL);
  return self->side != NULL ? self->side : self->name;
}

const char *
muster_force_get_nationality (MusterForce *self)
{
  g_return_val_if_fail (MUSTER_IS_FORCE (self), NULL);
  return self->nationality;
}

guint
muster_force_get_n_characters (MusterForce *self)
{
  g_return_val_if_fail (MUSTER_IS_FORCE (self), 0);
  return self->n_characters;
}

MusterForce *
muster_force_new (gint64      id,
                  gint64      campaign_id,
                  const char *name,
                  const char *side,
                  const char *nationality,
                  guint       n_characters)
{
  MusterForce *self = g_object_new (MUSTER_TYPE_FORCE, NULL);

  self->id = id;
  self->campaign_id = campaign_id;
  self->name = g_strdup (name);
  self->side = side != NULL && *side != '\0' ? g_strdup (side) : NULL;
  self->nationality = g_strdup (nationality);
  self->n_characters = n_characters;
  return self;
}
