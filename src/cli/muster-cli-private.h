/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-sheet.h"
#include <glib.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-force.h"
#include "muster-game.h"
#include "muster-ruleset.h"
#include "muster-store.h"
#include "muster-unit.h"

G_BEGIN_DECLS

/* Exit statuses: a command that failed, and a command line that is wrong. */
#define MUSTER_CLI_EXIT_FAILURE 1
#define MUSTER_CLI_EXIT_USAGE   2

typedef struct _MusterCli        MusterCli;
typedef struct _MusterCliCommand MusterCliCommand;
typedef struct _MusterCliTable   MusterCliTable;

/* A command: runs with argv[0] the command's name; returns the exit status. */
typedef int (*MusterCliHandler) (MusterCli  *cli,
                                 int         argc,
                                 char      **argv);

struct _MusterCliCommand {
  const char       *name;
  MusterCliHandler  handler;
  const char       *summary;    /* N_(), one line */
  const char       *usage;      /* N_(), the arguments, e.g. "CAMPAIGN FORCE" */
};

typedef enum {
  MUSTER_CLI_FORMAT_TEXT,
  MUSTER_CLI_FORMAT_TSV,
  MUSTER_CLI_FORMAT_JSON,
} MusterCliFormat;

struct _MusterCli {
  char                   *library_path;  /* --library, or NULL */
  MusterStore            *store;         /* opened on first use */
  const MusterCliCommand *command;       /* the command running */
  char                   *format_text;   /* --format, or NULL */
  MusterCliFormat         format;        /* read from it by muster_cli_parse_command () */
};

/* The --format option of a command that lists things; the command then
 * prints as cli->format. */
#define MUSTER_CLI_FORMAT_ENTRY(cli) \
  { "format", 0, 0, G_OPTION_ARG_STRING, &(cli)->format_text, N_("Print as text, tsv or json"), N_("FORMAT") }

/* The --campaign option of a command that takes a GAME. */
#define MUSTER_CLI_GAME_CAMPAIGN_ENTRY(variable) \
  { "campaign", 0, 0, G_OPTION_ARG_STRING, &(variable), \
    N_("The campaign, to give GAME by the number it has there or by its title"), N_("CAMPAIGN") }

/* The --nationality option of a command that makes or changes a force,
 * with its help (N_()). */
#define MUSTER_CLI_NATIONALITY_ENTRY(variable, help) \
  { "nationality", 0, 0, G_OPTION_ARG_STRING, &(variable), (help), N_("NATIONALITY") }

/* --- Commands (muster-cli-commands.c, muster-cli-characters.c) --------- --------------------------------- */

int muster_cli_cmd_rulesets     (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_campaigns    (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_sample       (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_new_campaign (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_forces       (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_new_force    (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_set_force    (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_recruit      (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_roster       (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_show         (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_set          (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_rename       (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_delete       (MusterCli *cli, int argc, char **argv);

/* --- Games, resolution (muster-cli-games.c) and honours (muster-cli-honours.c) --- */

int muster_cli_cmd_new_game     (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_result       (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_finish       (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_start        (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_hit          (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_order        (MusterCli *cli, int argc, char **argv);
/* The order of play of @game, or its deck's check-list (muster-cli-play.c). */
MusterSheet *muster_cli_order_sheet (MusterCli *cli, MusterRuleset *ruleset, MusterGame *game, GError **error);
int muster_cli_cmd_undo_hit     (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_undo_card    (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_undo         (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_resolve      (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_undo_resolve (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_release      (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_games        (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_game         (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_log          (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_kills        (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_honours      (MusterCli *cli, int argc, char **argv);

/* --- Statistics (muster-cli-stats.c) ---------------------------------- */

int muster_cli_cmd_stats        (MusterCli *cli, int argc, char **argv);

/* --- Forces (muster-cli-forces.c) ------------------------------------- */

/* "Force “95th Rifles”, fighting for British, with 13 characters.
 * Nationality: British." on stdout. */
void muster_cli_say_force       (MusterForce *force);

/* --- Exchange files (muster-cli-exchange.c) --------------------------- */

int muster_cli_cmd_export       (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_import       (MusterCli *cli, int argc, char **argv);

/* --- Rulesets and backups (muster-cli-library.c) --------------------- */

int muster_cli_cmd_add_ruleset  (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_backup       (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_restore      (MusterCli *cli, int argc, char **argv);

/* --- Taking newer rules (muster-cli-rules.c) --------------------------- */

int muster_cli_cmd_update_rules      (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_undo_update_rules (MusterCli *cli, int argc, char **argv);

/* --- Sheets (muster-cli-print.c) --------------------------------------- */

int muster_cli_cmd_print        (MusterCli *cli, int argc, char **argv);

/* --- Units (muster-cli-units.c) ---------------------------------------- */

int muster_cli_cmd_new_unit     (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_units        (MusterCli *cli, int argc, char **argv);
int muster_cli_cmd_set_unit     (MusterCli *cli, int argc, char **argv);
/* recruit --unit: the unit's id, 0 without one, -1 with @error set. */
gint64           muster_cli_recruit_unit_id (MusterCli       *cli,
                                             MusterCampaign  *campaign,
                                             MusterForce     *force,
                                             const char      *unit_arg,
                                             GError         **error);
/* new-game --with-unit: finds the units and adds their active characters
 * to @character_ids. */
gboolean         muster_cli_game_units      (MusterCli       *cli,
                                             MusterCampaign  *campaign,
                                             char           **with_unit,
                                             GArray          *unit_ids,
                                             GArray          *character_ids,
                                             GError         **error);
/* game --units: the game's units and their figures, as cli->format. */
int              muster_cli_print_game_units (MusterCli      *cli,
                                              gint64          game_id);
/* result --unit: @figures are the texts of --killed-figures,
 * --wounded-figures, --captured-figures and --run-figures (NULL: 0). */
int              muster_cli_unit_result     (MusterCli       *cli,
                                             MusterCampaign  *campaign,
                                             MusterGame      *game,
                                             const char      *unit_arg,
                                             const char      *const figures[4],
                                             const char      *colours,
                                             const char      *notes);

/* --- Ruleset helpers (muster-cli-commands.c) -------------------------- */

/* Translated names for ids, or the id itself when the ruleset lacks it. */
const char      *muster_cli_troop_type_name  (MusterRuleset   *ruleset,
                                              const char      *id);
const char      *muster_cli_weapon_name      (MusterRuleset   *ruleset,
                                              const char      *id);
/* The campaign's own ruleset, or an error naming the campaign. */
MusterRuleset   *muster_cli_campaign_ruleset (MusterCampaign  *campaign,
                                              GError         **error);
/* Splits "KEY=VALUE"; FALSE unless both halves are non-empty. */
gboolean         muster_cli_split_assignment (const char      *text,
                                              char           **key,
                                              char           **value);

/* --- Shared helpers (muster-cli.c) ------------------------------------ */

/* "muster-cli: MESSAGE" on stderr; returns MUSTER_CLI_EXIT_FAILURE. */
int              muster_cli_fail            (const GError *error);
int              muster_cli_failf           (const char   *format,
                                             ...) G_GNUC_PRINTF (1, 2);
/* "muster-cli: warning: MESSAGE" on stderr. */
void             muster_cli_warn            (const char   *format,
                                             ...) G_GNUC_PRINTF (1, 2);
/* Each of @warnings (of char*, as muster-warnings.h gives them) as a
 * warning. */
void             muster_cli_warn_all        (GPtrArray    *warnings);
/* A wrong command line: the message and a pointer to --help on stderr;
 * returns MUSTER_CLI_EXIT_USAGE. */
int              muster_cli_usage_error     (MusterCli    *cli,
                                             const char   *format,
                                             ...) G_GNUC_PRINTF (2, 3);

/* A context for the running command, with its usage line, summary,
 * translation domain, @entries and the common --library option. */
GOptionContext  *muster_cli_context_new     (MusterCli          *cli,
                                             const GOptionEntry *entries);
/* Parses the command's options. On a wrong option prints a usage error,
 * sets *@status and returns FALSE. */
gboolean         muster_cli_parse_options   (MusterCli       *cli,
                                             GOptionContext  *context,
                                             int             *argc,
                                             char          ***argv,
                                             int             *status);
/* The start of a command: parses @entries, --library and --format (into
 * cli->format), and checks that @min to @max arguments (@max -1: any
 * number) follow the command's name. On a wrong command line prints a
 * usage error, sets *@status and returns FALSE. */
gboolean         muster_cli_parse_command   (MusterCli           *cli,
                                             const GOptionEntry  *entries,
                                             int                 *argc,
                                             char              ***argv,
                                             int                  min,
                                             int                  max,
                                             int                 *status);
/* Checks the number of arguments after the command's name. */
gboolean         muster_cli_check_args      (MusterCli    *cli,
                                             int           argc,
                                             char        **argv,
                                             int           min,
                                             int           max,
                                             int          *status);
/* "text", "tsv" or "json" (NULL is text); anything else is a usage error. */
gboolean         muster_cli_parse_format    (MusterCli       *cli,
                                             const char      *text,
                                             MusterCliFormat *format,
                                             int             *status);
/* The text of an option such as --light or --killed-figures: a count from
 * 0 to 1000, or 0 when @text is NULL (not given); anything else is a
 * usage error. */
gboolean         muster_cli_parse_count     (MusterCli    *cli,
                                             const char   *option,
                                             const char   *text,
                                             int          *value,
                                             int          *status);
/* The --faces WHO=FACES options in @faces (NULL when none), put in
 * @table (name to faces); a malformed one is a usage error. */
gboolean         muster_cli_parse_faces_by_name (MusterCli   *cli,
                                                 char       **faces,
                                                 GHashTable  *table,
                                                 int         *status);
/* "a, b, c": @strings joined for a message or a cell, the array left as
 * it was. */
char            *muster_cli_join            (GPtrArray    *strings);
/* TRUE when @text is a non-empty run of ASCII digits: an id. */
gboolean         muster_cli_is_id           (const char   *text);
/* Prints one id on its own line on stdout. */
void             muster_cli_print_id        (gint64        id);

/* The library, opened on first use (--library, MUSTER_LIBRARY or the
 * default path). */
MusterStore     *muster_cli_get_store       (MusterCli    *cli,
                                             GError      **error);

/* --- Finding things (muster-cli-lookup.c) ----------------------------- */

/* What an argument names. */
typedef enum {
  MUSTER_CLI_CAMPAIGN,
  MUSTER_CLI_FORCE,
  MUSTER_CLI_UNIT,
  MUSTER_CLI_CHARACTER,
  MUSTER_CLI_GAME,
} MusterCliKind;

MusterCampaign  *muster_cli_find_campaign   (MusterCli       *cli,
                                             const char      *id_or_name,
                                             GError         **error);
/* The start of a command whose first of @n_args arguments is CAMPAIGN:
 * parses the command line as muster_cli_parse_command () does, then finds
 * the campaign. NULL with *@status set when either fails. */
MusterCampaign  *muster_cli_parse_campaign_command (MusterCli           *cli,
                                                    const GOptionEntry  *entries,
                                                    int                 *argc,
                                                    char              ***argv,
                                                    int                  n_args,
                                                    int                 *status);
/* @campaign may be NULL when @id_or_name is an id. */
MusterForce     *muster_cli_find_force      (MusterCli       *cli,
                                             MusterCampaign  *campaign,
                                             const char      *id_or_name,
                                             GError         **error);
MusterUnit      *muster_cli_find_unit       (MusterCli       *cli,
                                             MusterCampaign  *campaign,
                                             const char      *id_or_name,
                                             GError         **error);
MusterCharacter *muster_cli_find_character  (MusterCli       *cli,
                                             MusterCampaign  *campaign,
                                             const char      *id_or_name,
                                             GError         **error);
/* A force, unit, character or game given by name needs --campaign
 * (@campaign_arg): without it a usage error says so. */
gboolean         muster_cli_check_named     (MusterCli       *cli,
                                             MusterCliKind    kind,
                                             const char      *campaign_arg,
                                             const char      *arg,
                                             int             *status);
/* What @arg names: a campaign by id or name, or a MusterForce, MusterUnit,
 * MusterCharacter or MusterGame by id, or within the campaign of
 * --campaign (@campaign_arg, NULL when not given) a force, unit or
 * character by id or name and a game by the number it has there or its
 * title.
 * With @campaign, also returns that campaign, or else the thing's own. */
gpointer         muster_cli_find_arg        (MusterCli       *cli,
                                             MusterCliKind    kind,
                                             const char      *campaign_arg,
                                             const char      *arg,
                                             MusterCampaign **campaign,
                                             GError         **error);

/* --- Tables (muster-cli-table.c): the same rows as text, TSV or JSON ------------------------ */

/* @keys are the untranslated column names of TSV and JSON; @headings the
 * translated ones of text output (NULL: the keys). */
MusterCliTable  *muster_cli_table_new       (guint               n_columns,
                                             const char * const *keys,
                                             const char * const *headings);
void             muster_cli_table_free      (MusterCliTable     *table);
/* Adds a column after those of muster_cli_table_new (), before any row:
 * for columns that depend on the ruleset. */
void             muster_cli_table_add_column (MusterCliTable    *table,
                                              const char        *key,
                                              const char        *heading);
/* Starts a row; then one add_* per column, in order. */
void             muster_cli_table_add_row   (MusterCliTable     *table);
void             muster_cli_table_add_text  (MusterCliTable     *table,
                                             const char         *text);
/* The cell is text in text output and @value in TSV and JSON. */
void             muster_cli_table_add_value (MusterCliTable     *table,
                                             const char         *value,
                                             const char         *text);
void             muster_cli_table_add_int   (MusterCliTable     *table,
                                             gint64              value);
/* A number in TSV and JSON, @text in text output ("11 (9)"). */
void             muster_cli_table_add_int_text (MusterCliTable  *table,
                                                gint64           value,
                                                const char      *text);
/* "true" or "false" in TSV, a boolean in JSON, @text in text output. */
void             muster_cli_table_add_bool  (MusterCliTable     *table,
                                             gboolean            value,
                                             const char         *text);
/* A missing value: empty in text and TSV, null in JSON. */
void             muster_cli_table_add_none  (MusterCliTable     *table);
/* A JSON value, as it is in JSON and as its text in TSV; NULL: none. */
void             muster_cli_table_add_json  (MusterCliTable     *table,
                                             const char         *json);
/* An id, or with 0 a missing value. */
void             muster_cli_table_add_id    (MusterCliTable     *table,
                                             gint64              id);
/* TSV has a header row; JSON is an array of objects, or with @single the
 * first row as one object. */
void             muster_cli_table_print     (MusterCliTable     *table,
                                             MusterCliFormat     format,
                                             gboolean            single);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterCliTable, muster_cli_table_free)

G_END_DECLS
