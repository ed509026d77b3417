/* command_files.h — the files a flowshop-bb command line names, read or written: the
 * instance file, --resume, --checkpoint, --log, --diagnose, --schedule and --gantt, checked
 * together before the search so that no output replaces another file of the same run. */
#ifndef FLOWSHOP_BB_COMMAND_FILES_H
#define FLOWSHOP_BB_COMMAND_FILES_H

#include "command_line.h"

#include <glib.h>

/* TRUE when the files of line (and instance_name, NULL when --resume names the instance)
 * may be used together: no file option given an empty name; no two naming the same file
 * (the same device and inode when it exists, else the same resolved folder and name, a
 * dangling symbolic link followed to its end), except --resume F --checkpoint F; --log,
 * --diagnose, --schedule and --gantt not an existing checkpoint (a file starting with
 * "FSBBCKPT"); no written file the same as standard output, which carries the result
 * (/dev/null excepted); --log not "-"; --gantt ending in .svg; --schedule - (standard
 * output) not with --json. FALSE with a one-line message naming the options otherwise. */
gboolean command_files_check(const fsbb_cli_command_line *line, const char *instance_name, GError **error);

#endif
