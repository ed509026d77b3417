/* sweep_plan.h — the runs of a sweep, the cartesian product instances x parameter values
 * x repeats, in a fixed order: instance outermost, then the parameters in the file's order
 * (the last one varying fastest), then the repeat. Run i is decoded from i alone. */
#ifndef FSBB_SWEEP_PLAN_H
#define FSBB_SWEEP_PLAN_H

#include "sweep_row.h"
#include "sweep_spec.h"

typedef struct fsbb_sweep_run {
    int instance;             /* index into spec->instances */
    int *values;              /* parameter_count indexes into each parameter's values */
    int repeat;               /* 1-based */
} fsbb_sweep_run;

long fsbb_sweep_run_count(const fsbb_sweep_spec *spec);
/* Fills run (run->values must hold spec->parameter_count ints) for 0 <= index < count. */
void fsbb_sweep_run_decode(const fsbb_sweep_spec *spec, long index, fsbb_sweep_run *run);
/* The layout of this sweep's rows. */
fsbb_sweep_layout *fsbb_sweep_spec_layout(const fsbb_sweep_spec *spec);
/* A row for the run with its instance, repeat and parameter fields filled and the result
 * fields empty: layout->column_count strings, NULL-terminated (g_strfreev). */
char **fsbb_sweep_run_row(const fsbb_sweep_spec *spec, const fsbb_sweep_run *run);

#endif
