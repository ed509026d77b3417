/* sweep_row.h — the columns of a sweep's rows (runs.csv's header): instance, repeat, one
 * column per swept parameter, then the fixed result columns; a row's resume key; what is
 * wrong with a row read back; a row as one JSON object (runs.jsonl). */
#ifndef FSBB_SWEEP_ROW_H
#define FSBB_SWEEP_ROW_H

#include "flowshopbb.h"

#include <glib.h>

/* The result columns, in order, after the parameter columns. */
typedef enum fsbb_sweep_result_column {
    FSBB_COLUMN_JOBS,
    FSBB_COLUMN_MACHINES,
    FSBB_COLUMN_STATUS,        /* optimal, else the run's stop_reason: finished | limit | gap | budget */
    FSBB_COLUMN_MAKESPAN,      /* empty when no schedule was found */
    FSBB_COLUMN_OPTIMAL,       /* true | false */
    FSBB_COLUMN_LOWER_BOUND,
    FSBB_COLUMN_INITIAL_UB,    /* empty when the search started without one (ub = inf) */
    FSBB_COLUMN_NODES,
    FSBB_COLUMN_BOUNDED,
    FSBB_COLUMN_TIME_S,
    FSBB_COLUMN_NODES_PER_S,
    FSBB_COLUMN_THREADS_USED,
    FSBB_COLUMN_DEVICE_NAME,   /* "cpu" or the GPU's name */
    FSBB_COLUMN_HOST,
    FSBB_COLUMN_DATE,          /* start of the run, UTC, ISO 8601 */
    FSBB_COLUMN_SOLVER_VERSION,
    FSBB_RESULT_COLUMNS
} fsbb_sweep_result_column;

typedef struct fsbb_sweep_layout {
    char **parameters;        /* NULL-terminated parameter names, in the sweep file's order */
    int parameter_count;
    int column_count;         /* 2 + parameter_count + FSBB_RESULT_COLUMNS */
} fsbb_sweep_layout;

/* Column indexes: instance 0, repeat 1, parameter p at 2 + p, results after them. */
#define FSBB_COLUMN_INSTANCE 0
#define FSBB_COLUMN_REPEAT 1
static inline int fsbb_sweep_parameter_column(int parameter)
{
    return 2 + parameter;
}
static inline int fsbb_sweep_result_column_index(const fsbb_sweep_layout *layout, fsbb_sweep_result_column column)
{
    return 2 + layout->parameter_count + (int)column;
}

fsbb_sweep_layout *fsbb_sweep_layout_new(char *const *parameters, int parameter_count);
/* The layout that a header (runs.csv's first record) describes; FSBB_ERR_PARSE naming
 * source when it is not a sweep header: fixed columns out of place, or a parameter name
 * that is not a plain name, is a fixed column's or is given twice. */
fsbb_status fsbb_sweep_layout_from_header(char *const *header, int count, const char *source,
                                          fsbb_sweep_layout **out, fsbb_error *err);
void fsbb_sweep_layout_free(fsbb_sweep_layout *layout);
/* 1 when both have the same parameters in the same order. */
int fsbb_sweep_layout_equal(const fsbb_sweep_layout *a, const fsbb_sweep_layout *b);
/* The header's names, NULL-terminated (g_strfreev). */
char **fsbb_sweep_layout_header(const fsbb_sweep_layout *layout);
/* 1 when name is the name of a fixed column (a parameter may not take it). */
int fsbb_sweep_reserved_column(const char *name);
/* 1 when name can name a file or a folder as it is: 1 to FSBB_SWEEP_NAME_MAX letters,
 * digits, '.', '_' and '-', not starting with '.'. Sweep names and parameter names are
 * such names (the charts' files are named after parameters). */
#define FSBB_SWEEP_NAME_MAX 100
int fsbb_sweep_plain_name(const char *name);

/* The resume key of a row: its instance, repeat and parameter fields, as CSV text. */
char *fsbb_sweep_row_key(const fsbb_sweep_layout *layout, char *const *fields);
/* Whether status is one runs.csv's status column holds: "optimal", else the run's
 * stop_reason (flowshopbb.h): "finished" (no schedule below the given upper bound),
 * "limit", "gap" or "budget" (search=heuristic); an interrupted run is not stored. */
int fsbb_sweep_status_known(const char *status);
/* Whether a run of that status stopped before its search's end (limit, gap, budget): its
 * time is that stop's, not a solve's. */
int fsbb_sweep_status_stopped(const char *status);
/* What is wrong with a row of layout read back from runs.csv (layout->column_count
 * fields), as a message (g_free), or NULL when nothing is: an empty instance or parameter
 * value, a repeat that is no whole number from 1, a result field not of its column's kind
 * (a number that is not negative, empty only for makespan and initial_ub; true or false;
 * a status fsbb_sweep_status_known). */
char *fsbb_sweep_row_problem(const fsbb_sweep_layout *layout, char *const *fields);
/* Appends the row as one JSON object and "\n": numbers as numbers, optimal as a boolean,
 * an empty number as null, parameters as numbers when their text is a JSON number. */
void fsbb_sweep_row_append_json(GString *out, const fsbb_sweep_layout *layout, char *const *fields);

#endif
