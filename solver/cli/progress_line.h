/* progress_line.h — flowshop-bb's progress line on a terminal: the measures of a progress
 * report, fitted to the terminal's width. A line longer than the terminal wraps, and the
 * carriage return that redraws it goes back to its last row only, leaving the rows above on
 * the screen at every update; so the least important fields go first until the line fits
 * (--lb auto's note, nodes/s, the share done, the lower bound, the forecast, nodes, the gap),
 * and what still does not fit is cut. */
#ifndef FLOWSHOP_BB_PROGRESS_LINE_H
#define FLOWSHOP_BB_PROGRESS_LINE_H

#include "flowshopbb.h"

#include <stddef.h>

/* The line for progress into line (size bytes), at most columns - 1 characters (the last
 * column left free: some terminals wrap on writing it), without the carriage return and
 * erase around it. heuristic: search=heuristic, which branches no nodes: the line starts at
 * the incumbent. The forecast reads "eta ?" where the tree is measured and the forecast
 * unknown. */
void progress_line_format(char *line, size_t size, const fsbb_progress *progress, int heuristic, int columns);

/* The columns of the terminal on fd, 80 when unknown (not a terminal, or one that says 0). */
int progress_line_columns(int fd);

#endif
