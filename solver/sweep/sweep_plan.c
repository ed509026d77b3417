/* sweep_plan.c — numbering the runs of a sweep (sweep_plan.h). */
#include "sweep_plan.h"

#include <glib.h>

long fsbb_sweep_run_count(const fsbb_sweep_spec *spec)
{
    long count = (long)spec->instance_count * spec->repeats;
    for (int p = 0; p < spec->parameter_count; p++)
        count *= spec->parameters[p].value_count;
    return count;
}

void fsbb_sweep_run_decode(const fsbb_sweep_spec *spec, long index, fsbb_sweep_run *run)
{
    run->repeat = (int)(index % spec->repeats) + 1;
    index /= spec->repeats;
    for (int p = spec->parameter_count - 1; p >= 0; p--) {
        run->values[p] = (int)(index % spec->parameters[p].value_count);
        index /= spec->parameters[p].value_count;
    }
    run->instance = (int)index;
}

fsbb_sweep_layout *fsbb_sweep_spec_layout(const fsbb_sweep_spec *spec)
{
    char **names = g_new0(char *, (gsize)spec->parameter_count + 1);
    for (int p = 0; p < spec->parameter_count; p++)
        names[p] = spec->parameters[p].name;
    fsbb_sweep_layout *layout = fsbb_sweep_layout_new(names, spec->parameter_count);
    g_free(names);
    return layout;
}

char **fsbb_sweep_run_row(const fsbb_sweep_spec *spec, const fsbb_sweep_run *run)
{
    const int columns = 2 + spec->parameter_count + FSBB_RESULT_COLUMNS;
    char **row = g_new0(char *, (gsize)columns + 1);
    row[FSBB_COLUMN_INSTANCE] = g_strdup(spec->instances[run->instance]);
    row[FSBB_COLUMN_REPEAT] = g_strdup_printf("%d", run->repeat);
    for (int p = 0; p < spec->parameter_count; p++)
        row[fsbb_sweep_parameter_column(p)] = g_strdup(spec->parameters[p].values[run->values[p]]);
    for (int c = 2 + spec->parameter_count; c < columns; c++)
        row[c] = g_strdup("");
    return row;
}
