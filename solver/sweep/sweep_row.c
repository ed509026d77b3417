/* sweep_row.c — the column layout of sweep rows, resume keys, checks of rows read back,
 * and JSON rendering (sweep_row.h); the JSON text itself comes from json.h. */
#include "sweep_row.h"

#include "error.h"
#include "json.h"
#include "sweep_csv.h"

#include <math.h>
#include <string.h>

typedef enum { KIND_TEXT, KIND_NUMBER, KIND_BOOLEAN } column_kind;

static const struct {
    const char *name;
    column_kind kind;
} result_columns[FSBB_RESULT_COLUMNS] = {
    [FSBB_COLUMN_JOBS] = {"jobs", KIND_NUMBER},
    [FSBB_COLUMN_MACHINES] = {"machines", KIND_NUMBER},
    [FSBB_COLUMN_STATUS] = {"status", KIND_TEXT},
    [FSBB_COLUMN_MAKESPAN] = {"makespan", KIND_NUMBER},
    [FSBB_COLUMN_OPTIMAL] = {"optimal", KIND_BOOLEAN},
    [FSBB_COLUMN_LOWER_BOUND] = {"lower_bound", KIND_NUMBER},
    [FSBB_COLUMN_INITIAL_UB] = {"initial_ub", KIND_NUMBER},
    [FSBB_COLUMN_NODES] = {"nodes", KIND_NUMBER},
    [FSBB_COLUMN_BOUNDED] = {"bounded", KIND_NUMBER},
    [FSBB_COLUMN_TIME_S] = {"time_s", KIND_NUMBER},
    [FSBB_COLUMN_NODES_PER_S] = {"nodes_per_s", KIND_NUMBER},
    [FSBB_COLUMN_THREADS_USED] = {"threads_used", KIND_NUMBER},
    [FSBB_COLUMN_DEVICE_NAME] = {"device_name", KIND_TEXT},
    [FSBB_COLUMN_HOST] = {"host", KIND_TEXT},
    [FSBB_COLUMN_DATE] = {"date", KIND_TEXT},
    [FSBB_COLUMN_SOLVER_VERSION] = {"solver_version", KIND_TEXT},
};

int fsbb_sweep_reserved_column(const char *name)
{
    if (strcmp(name, "instance") == 0 || strcmp(name, "repeat") == 0)
        return 1;
    for (int c = 0; c < FSBB_RESULT_COLUMNS; c++)
        if (strcmp(name, result_columns[c].name) == 0)
            return 1;
    return 0;
}

int fsbb_sweep_plain_name(const char *name)
{
    if (name[0] == '\0' || name[0] == '.' || strlen(name) > FSBB_SWEEP_NAME_MAX)
        return 0;
    for (const char *c = name; *c; c++)
        if (!g_ascii_isalnum(*c) && !strchr("._-", *c))
            return 0;
    return 1;
}

fsbb_sweep_layout *fsbb_sweep_layout_new(char *const *parameters, int parameter_count)
{
    fsbb_sweep_layout *layout = g_new0(fsbb_sweep_layout, 1);
    layout->parameters = g_new0(char *, (gsize)parameter_count + 1);
    for (int p = 0; p < parameter_count; p++)
        layout->parameters[p] = g_strdup(parameters[p]);
    layout->parameter_count = parameter_count;
    layout->column_count = 2 + parameter_count + FSBB_RESULT_COLUMNS;
    return layout;
}

fsbb_status fsbb_sweep_layout_from_header(char *const *header, int count, const char *source,
                                          fsbb_sweep_layout **out, fsbb_error *err)
{
    const int parameter_count = count - 2 - FSBB_RESULT_COLUMNS;
    if (parameter_count < 0 || strcmp(header[FSBB_COLUMN_INSTANCE], "instance") != 0 ||
        strcmp(header[FSBB_COLUMN_REPEAT], "repeat") != 0)
        return fsbb_fail(err, FSBB_ERR_PARSE, "%s: the header is not a sweep's (instance,repeat,PARAMETERS...,%s,...)",
                         source, result_columns[0].name);
    for (int c = 0; c < FSBB_RESULT_COLUMNS; c++)
        if (strcmp(header[2 + parameter_count + c], result_columns[c].name) != 0)
            return fsbb_fail(err, FSBB_ERR_PARSE, "%s: header column %d is '%s', expected '%s'", source,
                             3 + parameter_count + c, header[2 + parameter_count + c], result_columns[c].name);
    for (int p = 0; p < parameter_count; p++) {
        const char *name = header[fsbb_sweep_parameter_column(p)];
        const char *problem = NULL;
        if (!fsbb_sweep_plain_name(name))
            problem = "is not a parameter name (letters, digits, '.', '_', '-')";
        else if (fsbb_sweep_reserved_column(name))
            problem = "is the name of a result column";
        for (int q = 0; q < p && !problem; q++)
            if (strcmp(header[fsbb_sweep_parameter_column(q)], name) == 0)
                problem = "is given twice";
        if (problem) {
            char *shown = g_strescape(name, NULL);
            const fsbb_status status =
                fsbb_fail(err, FSBB_ERR_PARSE, "%s: parameter column %d, '%s', %s", source,
                          fsbb_sweep_parameter_column(p) + 1, shown, problem);
            g_free(shown);
            return status;
        }
    }
    *out = fsbb_sweep_layout_new(header + 2, parameter_count);
    return FSBB_OK;
}

void fsbb_sweep_layout_free(fsbb_sweep_layout *layout)
{
    if (!layout)
        return;
    g_strfreev(layout->parameters);
    g_free(layout);
}

int fsbb_sweep_layout_equal(const fsbb_sweep_layout *a, const fsbb_sweep_layout *b)
{
    if (a->parameter_count != b->parameter_count)
        return 0;
    for (int p = 0; p < a->parameter_count; p++)
        if (strcmp(a->parameters[p], b->parameters[p]) != 0)
            return 0;
    return 1;
}

char **fsbb_sweep_layout_header(const fsbb_sweep_layout *layout)
{
    char **header = g_new0(char *, (gsize)layout->column_count + 1);
    header[FSBB_COLUMN_INSTANCE] = g_strdup("instance");
    header[FSBB_COLUMN_REPEAT] = g_strdup("repeat");
    for (int p = 0; p < layout->parameter_count; p++)
        header[fsbb_sweep_parameter_column(p)] = g_strdup(layout->parameters[p]);
    for (int c = 0; c < FSBB_RESULT_COLUMNS; c++)
        header[fsbb_sweep_result_column_index(layout, (fsbb_sweep_result_column)c)] = g_strdup(result_columns[c].name);
    return header;
}

char *fsbb_sweep_row_key(const fsbb_sweep_layout *layout, char *const *fields)
{
    GString *key = g_string_new(NULL);
    fsbb_csv_append_record(key, fields, 2 + layout->parameter_count);
    return g_string_free(key, FALSE);
}

/* 1 when text is a finite number >= 0 as the summary reads numbers. */
static int number_field(const char *text)
{
    char *end;
    const double value = g_ascii_strtod(text, &end);
    return g_ascii_isdigit(text[0]) && *end == '\0' && isfinite(value);
}

int fsbb_sweep_status_known(const char *status)
{
    static const char *const known[] = {"optimal", "finished", "limit", "gap", "budget"};
    for (size_t k = 0; k < G_N_ELEMENTS(known); k++)
        if (strcmp(status, known[k]) == 0)
            return 1;
    return 0;
}

int fsbb_sweep_status_stopped(const char *status)
{
    return strcmp(status, "optimal") != 0 && strcmp(status, "finished") != 0;
}

char *fsbb_sweep_row_problem(const fsbb_sweep_layout *layout, char *const *fields)
{
    if (fields[FSBB_COLUMN_INSTANCE][0] == '\0')
        return g_strdup("no instance");
    guint64 repeat;
    if (!g_ascii_string_to_unsigned(fields[FSBB_COLUMN_REPEAT], 10, 1, G_MAXINT, &repeat, NULL)) {
        char *shown = g_strescape(fields[FSBB_COLUMN_REPEAT], NULL);
        char *problem = g_strdup_printf("repeat '%s' is not a whole number from 1", shown);
        g_free(shown);
        return problem;
    }
    for (int p = 0; p < layout->parameter_count; p++)
        if (fields[fsbb_sweep_parameter_column(p)][0] == '\0')
            return g_strdup_printf("no value for %s", layout->parameters[p]);
    for (int c = 0; c < FSBB_RESULT_COLUMNS; c++) {
        const char *field = fields[fsbb_sweep_result_column_index(layout, (fsbb_sweep_result_column)c)];
        const char *expected = NULL;
        if (c == FSBB_COLUMN_STATUS && !fsbb_sweep_status_known(field))
            expected = "optimal, finished, limit, gap or budget";
        else if (result_columns[c].kind == KIND_BOOLEAN && strcmp(field, "true") != 0 && strcmp(field, "false") != 0)
            expected = "true or false";
        else if (result_columns[c].kind == KIND_NUMBER && !number_field(field) &&
                 !((c == FSBB_COLUMN_MAKESPAN || c == FSBB_COLUMN_INITIAL_UB) && field[0] == '\0'))
            expected = "a number";
        if (expected) {
            char *shown = g_strescape(field, NULL);
            char *problem = g_strdup_printf("%s '%s' is not %s", result_columns[c].name, shown, expected);
            g_free(shown);
            return problem;
        }
    }
    return NULL;
}

static void append_value(GString *out, column_kind kind, const char *field)
{
    if (kind == KIND_BOOLEAN && (strcmp(field, "true") == 0 || strcmp(field, "false") == 0))
        g_string_append(out, field);
    else if (kind == KIND_NUMBER && fsbb_json_is_number(field))
        g_string_append(out, field);
    else if (kind != KIND_TEXT && field[0] == '\0')
        fsbb_json_null(out);
    else
        fsbb_json_string(out, field);
}

void fsbb_sweep_row_append_json(GString *out, const fsbb_sweep_layout *layout, char *const *fields)
{
    fsbb_json_object row;
    fsbb_json_object_begin(&row, out);
    fsbb_json_member(&row, "instance");
    fsbb_json_string(out, fields[FSBB_COLUMN_INSTANCE]);
    fsbb_json_member(&row, "repeat");
    append_value(out, KIND_NUMBER, fields[FSBB_COLUMN_REPEAT]);
    for (int p = 0; p < layout->parameter_count; p++) {
        const char *value = fields[fsbb_sweep_parameter_column(p)];
        fsbb_json_member(&row, layout->parameters[p]);
        append_value(out, fsbb_json_is_number(value) ? KIND_NUMBER : KIND_TEXT, value);
    }
    for (int c = 0; c < FSBB_RESULT_COLUMNS; c++) {
        fsbb_json_member(&row, result_columns[c].name);
        append_value(out, result_columns[c].kind,
                     fields[fsbb_sweep_result_column_index(layout, (fsbb_sweep_result_column)c)]);
    }
    fsbb_json_object_end(&row);
    g_string_append_c(out, '\n');
}
