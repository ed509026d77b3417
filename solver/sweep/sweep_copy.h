/* sweep_copy.h — the copies of sweep files in a results folder: sweep.ini is the sweep
 * file that ran in the folder last; each earlier one with other contents (a narrower
 * sweep, values added) is kept as sweep.1.ini, sweep.2.ini, ..., oldest first, so the
 * folder names every sweep file that made its rows. A summary.md the sweep did not write
 * (the user's, or another sweep's) is kept the same way, as summary.N.md. */
#ifndef FSBB_SWEEP_COPY_H
#define FSBB_SWEEP_COPY_H

#include "flowshopbb.h"

#include <stddef.h>

/* Makes text (length bytes, the sweep file's) DIR/sweep.ini. When DIR/sweep.ini holds
 * other contents, it is first renamed sweep.N.ini with N one more than the highest such
 * N in DIR; *kept_as then receives that file's path (g_free), else NULL. The same text
 * changes nothing. */
fsbb_status fsbb_sweep_copy_keep(const char *dir, const char *text, size_t length, char **kept_as, fsbb_error *err);

/* Before a sweep rewrites DIR/summary.md: keeps an existing one as summary.N.md (N one
 * more than the highest in DIR) unless it is this sweep's own, a summary headed "# Sweep
 * TITLE" of the runs still in the folder (other_runs 0: no other sweep's runs were moved
 * aside). *kept_as receives the kept file's path (g_free), else NULL. */
fsbb_status fsbb_sweep_copy_keep_summary(const char *dir, const char *title, int other_runs, char **kept_as,
                                         fsbb_error *err);

#endif
