/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-types.h"
#include "muster-dice.h"

G_BEGIN_DECLS

/*
 * A rule set, loaded from an XML file validated against
 * data/schemas/ruleset.rng (embedded in the core's resources).
 *
 * Every name a user sees (stats, troop types, weapons, outcomes, options,
 * table headings) is returned translated through gettext in the "muster"
 * domain; ids and keys are never translated.
 *
 * The structures below are owned by the ruleset and live as long as it.
 */

#define MUSTER_TYPE_RULESET (muster_ruleset_get_type ())
G_DECLARE_FINAL_TYPE (MusterRuleset, muster_ruleset, MUSTER, RULESET, GObject)

typedef enum {
  MUSTER_KEPT_BY_FIGURE,   /* every figure is a character (Sharpe's Skirmish) */
  MUSTER_KEPT_BY_UNIT,     /* units of figures, named characters lead them */
} MusterKeptBy;

/* A value worked out from a stat: Big Skirmishes' command range is the
 * Class times 3 inches. */
typedef struct {
  const char *key;           /* "command-range" */
  const char *name;          /* translated */
  int         times;
  int         mounted_times; /* for a mounted character; = times when unset */
} MusterDerivedStat;

typedef struct {
  const char *key;        /* "I" */
  const char *name;       /* "Initiative", translated */
  int         min;
  int         max;
  GPtrArray  *derived;    /* of MusterDerivedStat* */
} MusterStatDef;

typedef struct {
  const char *stat;       /* stat key */
  int         max;
} MusterCap;

typedef struct {
  const char *id;         /* "musket" */
  const char *name;
  GPtrArray  *caps;       /* of MusterCap*: e.g. F at most 9 with a musket */
} MusterWeaponDef;

typedef struct _MusterLookupTable MusterLookupTable;

typedef struct {
  const char              *stat;   /* stat key */
  MusterDiceExpr          *dice;   /* how the stat is rolled */
  const char              *table_id;
  const MusterLookupTable *table;  /* or NULL: the stat takes the value of
                                    * the entry rolled on this table, with
                                    * the table's limits per side */
} MusterStatRoll;

typedef struct {
  const char *id;             /* "rifleman" */
  const char *name;
  const char *default_weapon; /* weapon id, may be NULL */
  gboolean    mounted;
  GPtrArray  *rolls;          /* of MusterStatRoll*, in the ruleset's stat order */
} MusterTroopType;

/* What can happen to a participant in a game ("unhurt", "wounded",
 * "out-of-action", "captured"). */
typedef struct {
  const char *id;
  const char *name;
  gboolean    takes_light;    /* carries a count of light wounds */
  gboolean    takes_serious;  /* carries a count of serious wounds */
  gboolean    removes;        /* participant left the field (out, captured) */
} MusterOutcomeDef;

/* How wounds add up when a result is recorded (<wounds-add-up>): @light
 * light wounds count as one serious wound (0: they never do), and
 * @serious serious wounds are the outcome @outcome, which takes the man
 * out of the game (Sharpe's Skirmish: 2 light = 1 serious, 2 serious = a
 * Kill). */
typedef struct {
  int         light;
  int         serious;
  const char *outcome;
} MusterWoundsAddUp;

typedef struct {
  const char *id;         /* "die-on-6" */
  const char *name;
  gboolean    house;      /* a house reading, not the text's own */
} MusterChoiceDef;

/* A choice a campaign makes when it is created ("death-roll"). */
typedef struct {
  const char *id;
  const char *name;
  const char *description;
  const char *default_choice;
  GPtrArray  *choices;    /* of MusterChoiceDef* */
} MusterOptionDef;

/* One step of the between-game procedure. The type names a C routine
 * ("death-roll", "out-for-games", "heal-wounds", "countdown",
 * "drop-stat", "always-recovers", "morale-loss", ...); params are its
 * attributes as strings. A step with an option/choice only runs when the
 * campaign chose that. */
typedef struct {
  const char *type;
  const char *option;     /* may be NULL */
  const char *choice;     /* may be NULL */
  gboolean    house;
  GHashTable *params;     /* char* -> char* */
} MusterStepDef;

/* What holding a table entry does to another of the character's stats
 * wherever it is shown: Chosen Men's Coward has his rating lowered by
 * one. */
typedef struct {
  const char *stat;       /* stat key */
  int         by;
} MusterEntryEffect;

/* A lookup table with dice ranges, e.g. Big Skirmishes' Class table:
 * entries map a range of a dice total to an id, with an optional limit of
 * how many of that id a side may have. */
typedef struct {
  int         min;
  int         max;
  const char *id;
  const char *name;
  int         value;      /* e.g. the Class number; 0 when unused */
  int         limit;      /* per side; -1 for none */
  GPtrArray  *effects;    /* of MusterEntryEffect*, on whoever holds it */
} MusterTableEntry;

struct _MusterLookupTable {
  const char     *id;     /* "class" */
  const char     *name;
  MusterDiceExpr *dice;
  gboolean        house;
  GPtrArray      *entries; /* of MusterTableEntry* */
  const char     *stat;   /* a character holds the entry his value of
                           * this stat falls in (Chosen Men's officer
                           * character), or NULL */
};

/* A reference table printed on the Playsheet: a heading, column headings
 * and rows of cells. */
typedef struct {
  const char *id;
  const char *title;
  gboolean    house;
  const char *note;       /* every note, one a line; may be NULL */
  GPtrArray  *columns;    /* of const char* */
  GPtrArray  *rows;       /* of GPtrArray* of const char* */
  const char *text_note;  /* the notes that are the text's own; may be NULL */
  const char *house_note; /* the notes marked as house readings; may be NULL */
  GArray     *house_rows; /* of gboolean, one per row: a house reading */
} MusterReferenceTable;

/* A place where the texts are silent or contradict themselves, and the
 * reading the ruleset chose (<house-readings>). */
typedef struct {
  const char *id;
  const char *title;
  const char *note;       /* its notes, one a line */
} MusterHouseReading;

/* Where a unit stat's value comes from. */
typedef enum {
  MUSTER_UNIT_STAT_FROM_KIND,    /* the kind's (or the rating's) <set> */
  MUSTER_UNIT_STAT_FROM_RATING,  /* the rating's value */
  MUSTER_UNIT_STAT_FROM_BASES,   /* figures left divided into bases */
  MUSTER_UNIT_STAT_FROM_UNIT,    /* a number kept on each unit */
} MusterUnitStatFrom;

/* A value a unit shows: movement dice, a morale number, its colours. */
typedef struct {
  const char         *key;
  const char         *name;
  MusterUnitStatFrom  from;
  gboolean            morale;  /* less the unit's permanent morale change */
  int                 min;     /* for MUSTER_UNIT_STAT_FROM_UNIT */
  int                 max;
} MusterUnitStatDef;

/* Kinds of unit and troop ratings for rulesets kept by unit. */
typedef struct {
  const char *id;
  const char *name;
  int         size;       /* default figures; 0 when unset */
  int         min_size;   /* 0 when unset */
  int         max_size;   /* 0 when unset */
  int         base_size;  /* figures to a base; 0 when unset */
  gboolean    mounted;
  const char *troop_type; /* may be NULL */
  const char *rating;     /* the only rating the kind may have, or NULL */
  GHashTable *values;     /* unit stat key -> value as written */
  GHashTable *names;      /* unit stat key -> the kind's own name for it
                           * (an artillery's "Limbered"), translated */
} MusterUnitKindDef;

typedef struct {
  const char *id;
  const char *name;
  int         value;      /* e.g. base morale; 0 when unused */
  GHashTable *values;     /* unit stat key -> value, over the kind's */
} MusterRatingDef;

/* Loading. @filename is used in messages ("sharpes-skirmish.xml:12: ...").
 * The document must have no DOCTYPE; it is parsed without network access,
 * DTD loading or entity expansion and validated against the schema.
 * Errors name the file and line. */
MusterRuleset *muster_ruleset_new_from_data (const char  *data,
                                             gssize       length,
                                             const char  *filename,
                                             GError     **error);
MusterRuleset *muster_ruleset_new_from_file (const char  *path,
                                             GError     **error);

const char   *muster_ruleset_get_id          (MusterRuleset *self);
const char   *muster_ruleset_get_version     (MusterRuleset *self);
const char   *muster_ruleset_get_title       (MusterRuleset *self);
const char   *muster_ruleset_get_source      (MusterRuleset *self);
/* The file's text exactly as loaded, for a campaign's own copy. */
const char   *muster_ruleset_get_xml         (MusterRuleset *self);
MusterKeptBy  muster_ruleset_get_kept_by     (MusterRuleset *self);

guint                  muster_ruleset_get_n_stats     (MusterRuleset *self);
const MusterStatDef   *muster_ruleset_get_stat        (MusterRuleset *self, guint i);
const MusterStatDef   *muster_ruleset_lookup_stat     (MusterRuleset *self, const char *key);

guint                  muster_ruleset_get_n_troop_types (MusterRuleset *self);
const MusterTroopType *muster_ruleset_get_troop_type  (MusterRuleset *self, guint i);
const MusterTroopType *muster_ruleset_lookup_troop_type (MusterRuleset *self, const char *id);
const MusterDiceExpr  *muster_troop_type_get_roll     (const MusterTroopType *type, const char *stat);

guint                  muster_ruleset_get_n_weapons   (MusterRuleset *self);
const MusterWeaponDef *muster_ruleset_get_weapon      (MusterRuleset *self, guint i);
const MusterWeaponDef *muster_ruleset_lookup_weapon   (MusterRuleset *self, const char *id);
/* The highest value @stat may have with @weapon; G_MAXINT when uncapped. */
int                    muster_ruleset_get_cap         (MusterRuleset *self,
                                                       const char    *weapon,
                                                       const char    *stat);

GPtrArray             *muster_ruleset_get_outcomes    (MusterRuleset *self); /* of MusterOutcomeDef* */
const MusterOutcomeDef*muster_ruleset_lookup_outcome  (MusterRuleset *self, const char *id);
/* The ruleset's <wounds-add-up>, or NULL when wounds never add up. */
const MusterWoundsAddUp *muster_ruleset_get_wounds_add_up (MusterRuleset *self);
/* The outcome @light light and @serious serious wounds add up to (a
 * Kill: out of action), or NULL when they do not. */
const MusterOutcomeDef *muster_ruleset_wounds_add_up  (MusterRuleset *self,
                                                       int            light,
                                                       int            serious);
/* "2 serious wounds count as “Out of action”.": why a result with those
 * wounds is recorded as the outcome they add up to; NULL when they do
 * not add up. */
char                  *muster_ruleset_describe_wounds_add_up (MusterRuleset *self,
                                                              int            light,
                                                              int            serious);
GPtrArray             *muster_ruleset_get_options     (MusterRuleset *self); /* of MusterOptionDef* */
const MusterOptionDef *muster_ruleset_lookup_option   (MusterRuleset *self, const char *id);
GPtrArray             *muster_ruleset_get_steps       (MusterRuleset *self); /* of MusterStepDef* */
GPtrArray             *muster_ruleset_get_lookup_tables (MusterRuleset *self); /* of MusterLookupTable* */
const MusterLookupTable *muster_ruleset_lookup_table  (MusterRuleset *self, const char *id);
GPtrArray             *muster_ruleset_get_reference_tables (MusterRuleset *self); /* of MusterReferenceTable* */
GPtrArray             *muster_ruleset_get_house_readings (MusterRuleset *self); /* of MusterHouseReading* */
GPtrArray             *muster_ruleset_get_unit_kinds  (MusterRuleset *self); /* of MusterUnitKindDef* */
const MusterUnitKindDef *muster_ruleset_lookup_unit_kind (MusterRuleset *self, const char *id);
GPtrArray             *muster_ruleset_get_ratings     (MusterRuleset *self); /* of MusterRatingDef* */
const MusterRatingDef *muster_ruleset_lookup_rating   (MusterRuleset *self, const char *id);
/* The rating a new unit gets when none is given, or NULL. */
const char            *muster_ruleset_get_default_rating (MusterRuleset *self);
GPtrArray             *muster_ruleset_get_unit_stats  (MusterRuleset *self); /* of MusterUnitStatDef* */
const MusterUnitStatDef *muster_ruleset_lookup_unit_stat (MusterRuleset *self, const char *key);
/* The value of @stat for a unit of @kind and @rating (either may be NULL)
 * before anything the unit itself changes: the rating's <set> over the
 * kind's, or the rating's value. NULL when neither gives one. */
const char            *muster_ruleset_get_unit_stat_value (MusterRuleset *self,
                                                           const char    *stat,
                                                           const char    *kind,
                                                           const char    *rating);
/* The name a unit of @kind gives the unit stat @stat: the kind's own
 * (Napoleonic Skirmish's artillery "Limbered" for the line formation), or
 * the stat's; NULL when there is no such stat. */
const char            *muster_ruleset_get_unit_stat_name (MusterRuleset *self,
                                                          const char    *stat,
                                                          const char    *kind);
/* The entry of @table whose range holds @value, or NULL. */
const MusterTableEntry *muster_lookup_table_find_entry (const MusterLookupTable *table,
                                                        int                      value);
/* The value of the table entry @id (e.g. "hero" in "class"), or @fallback. */
int                    muster_ruleset_get_entry_value (MusterRuleset *self,
                                                       const char    *table,
                                                       const char    *id,
                                                       int            fallback);

/* The choice @id of @option, or NULL. */
const MusterChoiceDef *muster_option_lookup_choice (const MusterOptionDef *option,
                                                    const char            *id);

/* Convenience for steps. */
const char *muster_step_get_param     (const MusterStepDef *step, const char *name);
int         muster_step_get_int_param (const MusterStepDef *step, const char *name, int fallback);

/*
 * The rulesets a program can use: the shipped ones (installed, or the
 * source tree's data/rulesets when running uninstalled), then
 * $XDG_DATA_HOME/muster/rulesets; MUSTER_RULESETS_DIR, when set, replaces
 * the shipped directory (tests). A later file with the same id replaces an
 * earlier one. Broken files are skipped; their errors (naming file and line)
 * are returned in @errors (of GError*) when it is not NULL.
 * The list is sorted by title and cached after the first call;
 * muster_rulesets_reload() drops the cache.
 */
GPtrArray     *muster_rulesets_get_all (GPtrArray **errors);
MusterRuleset *muster_rulesets_lookup  (const char *id,
                                        GError    **error);
void           muster_rulesets_reload  (void);
/* Directories searched, in order (for messages and tests). */
GStrv          muster_rulesets_get_dirs (void);

G_END_DECLS
