/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-core"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-types.h"

G_DEFINE_QUARK (muster-dice-error-quark, muster_dice_error)
G_DEFINE_QUARK (muster-ruleset-error-quark, muster_ruleset_error)
G_DEFINE_QUARK (muster-store-error-quark, muster_store_error)
G_DEFINE_QUARK (muster-engine-error-quark, muster_engine_error)

static const struct {
  MusterStatus status;
  const char  *id;
  const char  *label;
} statuses[] = {
  { MUSTER_STATUS_ACTIVE,        "active",        N_("Active") },
  { MUSTER_STATUS_OUT_OF_ACTION, "out-of-action", N_("Out of action") },
  { MUSTER_STATUS_DEAD,          "dead",          N_("Dead") },
  { MUSTER_STATUS_CAPTURED,      "captured",      N_("Captured") },
  { MUSTER_STATUS_RETIRED,       "retired",       N_("Retired") },
};

const char *
muster_status_to_string (MusterStatus status)
{
  for (guint i = 0; i < G_N_ELEMENTS (statuses); i++)
    if (statuses[i].status == status)
      return statuses[i].id;
  g_return_val_if_reached ("active");
}

gboolean
muster_status_from_string (const char   *text,
                           MusterStatus *status)
{
  g_return_val_if_fail (status != NULL, FALSE);

  if (text == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (statuses); i++)
    if (g_str_equal (statuses[i].id, text))
      {
        *status = statuses[i].status;
        return TRUE;
      }
  return FALSE;
}

const char *
muster_status_get_label (MusterStatus status)
{
  for (guint i = 0; i < G_N_ELEMENTS (statuses); i++)
    if (statuses[i].status == status)
      return _(statuses[i].label);
  g_return_val_if_reached ("");
}
