/* sweep_summary.h — a sweep's rows grouped into configurations (instance x parameter
 * values, repeats pooled) with min and median time and nodes, and summary.md built from
 * them. The plots (flowshop-sweep plot) read the same configurations. */
#ifndef FSBB_SWEEP_SUMMARY_H
#define FSBB_SWEEP_SUMMARY_H

#include "sweep_row.h"
#include "sweep_spec.h"
#include "sweep_store.h"

#include <glib.h>

typedef struct fsbb_sweep_config {
    const char *instance;           /* borrowed from the rows */
    char *variant;                  /* the varying parameters as "name=value ...", "" if none */
    const char *const *values;      /* the parameter values (borrowed: the first row's) */
    int jobs, machines;
    int runs, optimal_runs;
    int stopped_runs;               /* runs stopped before their search's end (fsbb_sweep_status_stopped) */
    int best_makespan;              /* smallest makespan found, 0 when none */
    double time_min, time_median;
    double nodes_min, nodes_median;
    double rate_median;             /* nodes per second */
} fsbb_sweep_config;

/* The configurations of rows, in the order of their first rows. varying (may be NULL)
 * receives, per parameter, 1 when the rows hold more than one value of it. The rows must
 * outlive the result (g_ptr_array_free). */
GPtrArray *fsbb_sweep_configurations(const fsbb_sweep_layout *layout, GPtrArray *rows, int *varying);

/* The instances (borrowed strings, a set) that every variant of configs has run. */
GHashTable *fsbb_sweep_shared_instances(GPtrArray *configs);

/* The median of count values (sorted in place); 0 when count is 0. */
double fsbb_median(double *values, int count);

/* summary.md's text for rows: title, description (may be NULL), the runs of spec (may be
 * NULL) that rows lack, the fixed parameters, one table row per configuration, and totals
 * per parameter combination over the instances they all share. */
char *fsbb_sweep_summary_markdown(const fsbb_sweep_layout *layout, GPtrArray *rows, const char *title,
                                  const char *description, const fsbb_sweep_spec *spec);

/* Rewrites DIR/summary.md (atomically) from table, DIR/runs.csv as read, and spec (may be
 * NULL: the sweep file, when known). */
fsbb_status fsbb_sweep_summary_write(const char *dir, const fsbb_sweep_table *table, const char *title,
                                     const char *description, const fsbb_sweep_spec *spec, fsbb_error *err);

#endif
