/* plot.h — the charts of a sweep's results folder, drawn by gnuplot from runs.csv into
 * DIR/plots/ as PNG and SVG (with the .dat and .gp files that make them). */
#ifndef SWEEP_PLOT_H
#define SWEEP_PLOT_H

/* BAD_FOLDER: dir is not a results folder, or its runs.csv or plots folder is unusable. */
enum { SWEEP_PLOT_DONE, SWEEP_PLOT_NO_GNUPLOT, SWEEP_PLOT_FAILED, SWEEP_PLOT_BAD_FOLDER };

/* Draws every chart that the folder's runs call for; says on stderr what failed, or in
 * one line that gnuplot is missing (after the folder was found usable). Returns one of
 * the values above. */
int sweep_plot(const char *dir);

#endif
