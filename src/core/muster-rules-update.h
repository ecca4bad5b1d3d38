/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-ruleset.h"
#include "muster-store.h"

G_BEGIN_DECLS

/*
 * Taking newer rules into a campaign.
 *
 * A campaign plays its own copy of its ruleset; a newer version of the
 * ruleset (the installed file of the same id with a higher `version`)
 * reaches it only when someone takes it: muster_rules_update_new() says
 * what would change, muster_store_update_rules() makes the change in one
 * transaction, logged, and gives an undo record. A campaign whose copy no
 * longer loads can take the installed ruleset of its id whatever its
 * version.
 */

/* --- Versions ------------------------------------------------------------ */

/* Compares two ruleset versions ("1", "1.2", "10") number by number:
 * negative when @a is older than @b, 0 when they are the same, positive
 * when @a is newer. Text that is not a version sorts before any version. */
int         muster_ruleset_compare_versions (const char *a,
                                             const char *b);

/* --- What changed between two versions (muster-ruleset-diff.c) ----------- */

/* The part of a ruleset a change is in. */
typedef enum {
  MUSTER_RULES_PART_RULESET,       /* title, source, how campaigns are kept, notes */
  MUSTER_RULES_PART_STAT,
  MUSTER_RULES_PART_WEAPON,
  MUSTER_RULES_PART_TROOP_TYPE,
  MUSTER_RULES_PART_UNIT_STAT,
  MUSTER_RULES_PART_UNIT_KIND,
  MUSTER_RULES_PART_RATING,
  MUSTER_RULES_PART_OUTCOME,
  MUSTER_RULES_PART_OPTION,
  MUSTER_RULES_PART_TABLE,
  MUSTER_RULES_PART_STEP,
  MUSTER_RULES_PART_REFERENCE,
  MUSTER_RULES_PART_HOUSE_READING,
} MusterRulesPart;

typedef enum {
  MUSTER_RULES_ADDED,
  MUSTER_RULES_REMOVED,
  MUSTER_RULES_CHANGED,
} MusterRulesChangeKind;

/* One difference between two versions of a ruleset. */
typedef struct {
  MusterRulesPart        part;
  MusterRulesChangeKind  kind;
  char                  *id;           /* the stat key, table id, step type... */
  char                  *description;  /* translated, one sentence */
} MusterRulesChange;

void        muster_rules_change_free        (MusterRulesChange *change);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterRulesChange, muster_rules_change_free)

/* Every difference from @old to @new, part by part in the order of the
 * file (of MusterRulesChange*, transfer full). Empty when the two are the
 * same ruleset, word for word. */
GPtrArray  *muster_ruleset_diff             (MusterRuleset *old,
                                             MusterRuleset *new);
/* "ruleset", "stat", "step"...: for TSV and JSON. */
const char *muster_rules_part_to_string     (MusterRulesPart part);
/* Translated heading, e.g. "Between-game steps". */
const char *muster_rules_part_get_label     (MusterRulesPart part);
/* "added", "removed" or "changed". */
const char *muster_rules_change_kind_to_string (MusterRulesChangeKind kind);

/* --- Taking them (muster-rules-update.c) --------------------------------- */

typedef enum {
  MUSTER_RULES_UPDATE_LATEST,   /* nothing newer is installed */
  MUSTER_RULES_UPDATE_NEWER,    /* a newer version is installed */
  MUSTER_RULES_UPDATE_BROKEN,   /* the kept copy no longer loads; the
                                 * installed ruleset of its id can replace it */
  MUSTER_RULES_UPDATE_MISSING,  /* no ruleset of its id is installed */
} MusterRulesUpdateState;

/* What becomes of one option of the campaign. */
typedef enum {
  MUSTER_RULES_OPTION_KEPT,     /* the campaign's choice carries over */
  MUSTER_RULES_OPTION_NEW,      /* a new option: it takes its default */
  MUSTER_RULES_OPTION_DEFAULTED,/* the choice is gone: it takes the default */
  MUSTER_RULES_OPTION_DROPPED,  /* the new version has no such option */
} MusterRulesOptionFate;

typedef struct {
  MusterRulesOptionFate  fate;
  char                  *option;       /* option id */
  char                  *choice;       /* the choice it has afterwards; NULL when dropped */
  char                  *old_choice;   /* the one it had; NULL when new */
  char                  *description;  /* translated, one sentence */
} MusterRulesOption;

typedef struct _MusterRulesUpdate MusterRulesUpdate;

/* What taking @ruleset (NULL: the installed ruleset of the campaign's id)
 * into campaign @campaign_id would do: the changes, what becomes of its
 * options, and what in the campaign stops it. NULL with @error set when
 * there is no such campaign, or @ruleset has another id. */
MusterRulesUpdate     *muster_rules_update_new           (MusterStore       *store,
                                                          gint64             campaign_id,
                                                          MusterRuleset     *ruleset,
                                                          GError           **error);
void                   muster_rules_update_free          (MusterRulesUpdate *update);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterRulesUpdate, muster_rules_update_free)

MusterRulesUpdateState muster_rules_update_get_state     (MusterRulesUpdate *update);
/* TRUE for NEWER and BROKEN: there is something to take. */
gboolean               muster_rules_update_is_available  (MusterRulesUpdate *update);
gint64                 muster_rules_update_get_campaign_id (MusterRulesUpdate *update);
const char            *muster_rules_update_get_campaign_name (MusterRulesUpdate *update);
const char            *muster_rules_update_get_ruleset_id (MusterRulesUpdate *update);
/* The title of the rules, from the copy or the installed file. */
const char            *muster_rules_update_get_title     (MusterRulesUpdate *update);
/* The version the campaign keeps, and the installed one (NULL when MISSING). */
const char            *muster_rules_update_get_old_version (MusterRulesUpdate *update);
const char            *muster_rules_update_get_new_version (MusterRulesUpdate *update);
/* (nullable) the installed ruleset it would take. */
MusterRuleset         *muster_rules_update_get_ruleset   (MusterRulesUpdate *update);
/* Why the kept copy no longer loads (BROKEN or MISSING), or NULL. */
const GError          *muster_rules_update_get_copy_error (MusterRulesUpdate *update);
/* Of MusterRulesChange*: empty unless NEWER. */
GPtrArray             *muster_rules_update_get_changes   (MusterRulesUpdate *update);
/* Of MusterRulesOption*, the new version's options in its order, then
 * those it drops. */
GPtrArray             *muster_rules_update_get_options   (MusterRulesUpdate *update);
/* Of char*: translated sentences naming what in the campaign the new
 * version cannot hold (a troop type a character has that it removed...).
 * Empty when the update can be taken. */
GPtrArray             *muster_rules_update_get_blockers  (MusterRulesUpdate *update);

/* Takes the rules @update was made for into its campaign, in one
 * transaction that replaces the kept copy, its version and the options,
 * keeps what it replaced for undo and logs from which version to which and
 * which options took their defaults. Refused (MUSTER_STORE_ERROR_INVALID)
 * when nothing is available, and when the campaign holds something the new
 * version cannot (checked again inside the transaction), naming it.
 * Returns the undo record, or NULL with @error set. */
MusterUndo            *muster_store_update_rules         (MusterStore       *store,
                                                          MusterRulesUpdate *update,
                                                          GError           **error);
/* Undoes the campaign's most recent update of its rules: its copy, version
 * and options are put back and the log entry removed; with nothing done
 * since, the database is exactly as it was before. Refused
 * (MUSTER_STORE_ERROR_NOT_FOUND) when it took no other rules, and
 * (MUSTER_STORE_ERROR_INVALID) when a game was resolved under the new
 * rules since or the old rules cannot hold what the campaign has now. */
gboolean               muster_store_undo_rules_update    (MusterStore       *store,
                                                          gint64             campaign_id,
                                                          GError           **error);

G_END_DECLS
