/* solve_files.h — the files a solve writes (options checkpoint, log and diagnose), checked
 * before it starts, for every way in (flowshop-bb, flowshop-sweep, a program of its own), so
 * that no solve replaces a saved search unasked: a forgotten resume would otherwise
 * overwrite hours of search. */
#ifndef FSBB_SOLVE_FILES_H
#define FSBB_SOLVE_FILES_H

#include "options.h"

/* FSBB_OK when the solve may write its files: the checkpoint file is a folder nowhere, and
 * an existing one is replaced only when it is the resume file (compared as files, not as
 * names) or with overwrite-checkpoint on; the log and the diagnosis are not an existing
 * checkpoint (a file starting as one does). FSBB_ERR_ARGUMENT with a one-line message naming
 * the option and the file otherwise, FSBB_ERR_IO when the checkpoint's path cannot be looked
 * at (no permission). */
fsbb_status fsbb_solve_files_check(const fsbb_options *options, fsbb_error *err);

/* 1 when path is an existing file that starts as a checkpoint does ("FSBBCKPT"). */
int fsbb_file_is_checkpoint(const char *path);

#endif
