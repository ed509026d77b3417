/* plot.h — the charts of a sweep's results folder, drawn by gnuplot from runs.csv into
 * DIR/plots/ as PNG and SVG (with the .dat and .gp files that make them). */
#ifndef SWEEP_PLOT_H
#define SWEEP_PLOT_H

enum { SWEEP_PLOT_DONE = 0, SWEEP_PLOT_NO_GNUPLOT = 1, SWEEP_PLOT_FAILED = 2 };

/* Draws every chart that the folder's runs call for; says on stderr what failed, or in
 * one line that gnuplot is missing. Returns one of the values above. */
int sweep_plot(const char *dir);

#endif
