/* checkpoint_target.h — flowshop-bb's checks of the --checkpoint file before the search
 * starts, so that a search never runs for hours to a checkpoint that cannot be written, nor
 * replaces another saved search unasked. */
#ifndef FSBB_CLI_CHECKPOINT_TARGET_H
#define FSBB_CLI_CHECKPOINT_TARGET_H

#include <glib.h>

/* TRUE when path may receive checkpoints: its folder exists and takes a new file (one is
 * created there and removed), and no file is at path unless it is the file being resumed
 * (resume_path, may be NULL; compared as files, not as names) or overwrite is set. FALSE
 * with a one-line message in error otherwise. */
gboolean fsbb_cli_checkpoint_target_ok(const char *path, const char *resume_path, gboolean overwrite, GError **error);

#endif
