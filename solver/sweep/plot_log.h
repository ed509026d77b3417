/* plot_log.h — flowshop-sweep plot-log: the chart of a progress log (flowshop-bb --log),
 * drawn by gnuplot as SVG or PNG: the incumbent and the lower bound over time above, the
 * fraction of the tree done over time below, with the forecast end of the last line that
 * has one and the real end when the log has its result. */
#ifndef SWEEP_PLOT_LOG_H
#define SWEEP_PLOT_LOG_H

/* The same values as sweep_plot's (plot.h): done, gnuplot missing, gnuplot failed, and
 * SWEEP_PLOT_BAD_FOLDER for a log that cannot be read or an output that is refused. */

/* The chart's file when none is named: the log's path with its extension (.jsonl, .json,
 * .log) replaced by .svg. Allocated. */
char *sweep_plot_log_default_output(const char *log_path);

/* Draws the log at log_path into output (.svg or .png; never the log itself, refused as
 * SWEEP_PLOT_BAD_FOLDER); says what failed on stderr, and prints output's name when done. */
int sweep_plot_log(const char *log_path, const char *output);

#endif
