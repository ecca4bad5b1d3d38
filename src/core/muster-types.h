/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* Forward declarations shared by every layer. */
typedef struct _MusterStore      MusterStore;
typedef struct _MusterRuleset    MusterRuleset;
typedef struct _MusterCampaign   MusterCampaign;
typedef struct _MusterForce      MusterForce;
typedef struct _MusterCharacter  MusterCharacter;

/* Error domains, one per layer. */
#define MUSTER_DICE_ERROR     (muster_dice_error_quark ())
#define MUSTER_RULESET_ERROR  (muster_ruleset_error_quark ())
#define MUSTER_STORE_ERROR    (muster_store_error_quark ())
#define MUSTER_ENGINE_ERROR   (muster_engine_error_quark ())

GQuark muster_dice_error_quark    (void);
GQuark muster_ruleset_error_quark (void);
GQuark muster_store_error_quark   (void);
GQuark muster_engine_error_quark  (void);

typedef enum {
  MUSTER_DICE_ERROR_PARSE,        /* malformed expression */
  MUSTER_DICE_ERROR_FACES,        /* entered faces do not fit the expression */
} MusterDiceError;

typedef enum {
  MUSTER_RULESET_ERROR_PARSE,     /* not well-formed XML, DOCTYPE present */
  MUSTER_RULESET_ERROR_INVALID,   /* schema violation or bad value */
  MUSTER_RULESET_ERROR_NOT_FOUND, /* no ruleset with that id */
} MusterRulesetError;

typedef enum {
  MUSTER_STORE_ERROR_SQLITE,      /* SQLite failed; message carries its text */
  MUSTER_STORE_ERROR_NEWER,       /* database written by a newer Muster */
  MUSTER_STORE_ERROR_NOT_MUSTER,  /* file is not a Muster library */
  MUSTER_STORE_ERROR_NOT_FOUND,   /* no such campaign, force, character */
  MUSTER_STORE_ERROR_AMBIGUOUS,   /* a name matches more than one row */
  MUSTER_STORE_ERROR_INVALID,     /* a value the user gave is not allowed */
  MUSTER_STORE_ERROR_EXISTS,      /* a name already in use */
  MUSTER_STORE_ERROR_READ_ONLY,   /* the library was opened read-only */
  MUSTER_STORE_ERROR_FILE,        /* a file or folder could not be made, read or written */
  MUSTER_STORE_ERROR_HISTORY,     /* played games point to it: not deleted */
} MusterStoreError;

typedef enum {
  MUSTER_ENGINE_ERROR_STATE,      /* game is in the wrong state for this */
  MUSTER_ENGINE_ERROR_ORDER,      /* an earlier game is unresolved */
  MUSTER_ENGINE_ERROR_INVALID,    /* a result that the rules do not allow */
  MUSTER_ENGINE_ERROR_UNAVAILABLE,/* a character who cannot take part */
  MUSTER_ENGINE_ERROR_NOTHING,    /* nothing to undo */
} MusterEngineError;

/* A character's standing in the campaign. The string forms
 * ("active", "out-of-action", "dead", "captured", "retired") are what the
 * database, the CLI and exchange files use. */
typedef enum {
  MUSTER_STATUS_ACTIVE,
  MUSTER_STATUS_OUT_OF_ACTION,
  MUSTER_STATUS_DEAD,
  MUSTER_STATUS_CAPTURED,
  MUSTER_STATUS_RETIRED,
} MusterStatus;

const char  *muster_status_to_string   (MusterStatus status);
gboolean     muster_status_from_string (const char   *text,
                                        MusterStatus *status);
/* Translated label for a status, e.g. "Out of action". */
const char  *muster_status_get_label   (MusterStatus status);

G_END_DECLS
