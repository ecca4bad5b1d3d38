/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-rules-update.h"

G_BEGIN_DECLS

/* Shared by muster-rules-update.c (working out an update) and
 * muster-store-rules.c (taking it, and undoing it). */

struct _MusterRulesUpdate
{
  MusterRulesUpdateState  state;
  gint64                  campaign_id;
  char                   *campaign_name;
  char                   *ruleset_id;
  char                   *title;
  char                   *old_version;
  char                   *old_xml;      /* the kept copy, as stored */
  MusterRuleset          *old_rules;    /* it, loaded; NULL when it does not load */
  MusterRuleset          *new_rules;    /* NULL when MISSING */
  GError                 *copy_error;   /* why old_rules is NULL */
  GHashTable             *old_options;  /* option id -> choice id, as stored */
  GPtrArray              *changes;      /* of MusterRulesChange* */
  GPtrArray              *options;      /* of MusterRulesOption* */
  GPtrArray              *blockers;     /* of char* */
};

G_END_DECLS
