/* cli_error.h — how flowshop-bb reports an error that leaves no result: the line
 * "flowshop-bb: MESSAGE" on stderr and, with --json, one JSON object on stdout,
 * {"error": MESSAGE, "status": the library status's name, "exit": the exit status}, so
 * that a program reading the JSON always gets one object to read. */
#ifndef FLOWSHOP_BB_CLI_ERROR_H
#define FLOWSHOP_BB_CLI_ERROR_H

#include "flowshopbb.h"

#include <glib.h>

/* Reports message (one line, without the program's name) and returns exit_status. */
int cli_error_report(gboolean json, fsbb_status status, int exit_status, const char *message);

/* TRUE when the command line asks for --json (an argument before any "--"): read before
 * the options are parsed, so that a command line that does not parse is answered in JSON
 * too. */
gboolean cli_error_json_asked(int argc, char **argv);

#endif
