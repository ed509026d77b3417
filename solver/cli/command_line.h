/* command_line.h — flowshop-bb's command line: every option of the library's table
 * (fsbb_option_info), as --NAME VALUE (and its alias), whose text goes unchanged to
 * fsbb_options_set, and the program's own options; --help from the same tables. */
#ifndef FSBB_CLI_COMMAND_LINE_H
#define FSBB_CLI_COMMAND_LINE_H

#include "flowshopbb.h"
#include "help_text.h"

#include <glib.h>
#include <stdio.h>

/* The program's own options. */
typedef enum fsbb_cli_option {
    CLI_OVERWRITE_CHECKPOINT, CLI_CHARACTERIZE, CLI_FORMAT, CLI_SCHEDULE, CLI_GANTT, CLI_JSON, CLI_QUIET,
    CLI_VERSION, CLI_HELP, CLI_MAN,
    CLI_OPTION_COUNT
} fsbb_cli_option;

typedef struct fsbb_cli_command_line {
    gchar **solver_values;               /* by fsbb_option_info index: the text given, NULL: not given */
    int solver_count;
    gchar *values[CLI_OPTION_COUNT];     /* the program's options that take a value */
    gboolean flags[CLI_OPTION_COUNT];    /* and its flags */
    GOptionEntry *entries;
    GPtrArray *texts;                    /* what the entries and argv point to */
    GPtrArray *argv;                     /* the arguments parsed, "-t4" split in two */
} fsbb_cli_command_line;

/* Parses and removes the options of argv; FALSE with *error for a malformed command line. */
gboolean fsbb_cli_parse(fsbb_cli_command_line *line, int *argc, char ***argv, GError **error);
void fsbb_cli_command_line_free(fsbb_cli_command_line *line);

/* The text given for the library's option name, or NULL. */
const char *fsbb_cli_solver_value(const fsbb_cli_command_line *line, const char *name);

/* Sets every library option given on options; FALSE with err for the first one refused. */
gboolean fsbb_cli_apply(const fsbb_cli_command_line *line, fsbb_options *options, fsbb_error *err);

/* The meaning of each exit status, 0 up, NULL-terminated: --help's, the manual page's and
 * the README's table. */
extern const char *const fsbb_cli_exit_statuses[];

/* --help, wrapped to 80 columns (FSBB_CLI_HELP_TEXT), or the same as the manual page
 * flowshop-bb.1 (FSBB_CLI_HELP_MAN: --man, `make man`). */
void fsbb_cli_print_help(FILE *out, fsbb_cli_help_format format);

#endif
