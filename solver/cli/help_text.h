/* help_text.h — flowshop-bb's help as one document written in two forms from the same
 * calls: --help for an 80-column terminal (paragraphs wrapped at spaces, options with their
 * descriptions in a second column) and the manual page flowshop-bb.1 (roff with the man
 * macros: --man, `make man`). */
#ifndef FSBB_CLI_HELP_TEXT_H
#define FSBB_CLI_HELP_TEXT_H

#include <glib.h>

#define FSBB_CLI_HELP_WIDTH 80

typedef enum fsbb_cli_help_format { FSBB_CLI_HELP_TEXT, FSBB_CLI_HELP_MAN } fsbb_cli_help_format;

typedef struct fsbb_cli_help {
    GString *out;
    fsbb_cli_help_format format;
    int after_break;  /* text: the last thing written ends with a blank line */
} fsbb_cli_help;

/* Starts the document in out: the usage lines (each "PROGRAM ARGUMENTS...", NULL-ended);
 * the manual page also has its title (PROGRAM and version), NAME with summary, SYNOPSIS,
 * and starts DESCRIPTION. */
void fsbb_cli_help_begin(fsbb_cli_help *help, GString *out, fsbb_cli_help_format format, const char *program,
                         const char *version, const char *summary, const char *const *usages);

/* A heading: level 1 a section of the manual page (its name in capitals), level 2 a
 * subsection; in --help both are "Heading:" after a blank line. Level 0 is a section only
 * the manual page shows (OPTIONS: --help lists them after the description). */
void fsbb_cli_help_heading(fsbb_cli_help *help, int level, const char *heading);

/* A paragraph, wrapped; a '\n' in text starts a new line. A word longer than a line gets a
 * line of its own. */
void fsbb_cli_help_paragraph(fsbb_cli_help *help, const char *text);

/* An option, "-t, --threads N" (short_name 0: none; argument NULL: a flag), and its
 * description (from column 30 in --help). */
void fsbb_cli_help_option(fsbb_cli_help *help, char short_name, const char *name, const char *argument,
                          const char *description);

/* A term (an exit status) and its description, from column in --help. */
void fsbb_cli_help_term(fsbb_cli_help *help, const char *term, const char *description, int column);

/* A command line to type (one line, kept as it is) and what it does, below it. */
void fsbb_cli_help_example(fsbb_cli_help *help, const char *command, const char *description);

#endif
