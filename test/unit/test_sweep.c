/* test_sweep.c — the sweep runner's logic: reading sweep files (good and malformed),
 * instance ranges, the run product and its order, CSV quoting and torn records, JSON rows,
 * resuming a results folder after an interrupted write, and summary statistics; text from
 * a results folder quoted for gnuplot, runs.csv headers that could name paths, damaged
 * rows, and the copies of the sweep files in a results folder; a file the solve writes
 * (checkpoint, log) that several runs would share is refused when the file is read. */
#include "suites.h"

#include "sweep_copy.h"
#include "sweep_csv.h"
#include "sweep_gnuplot.h"
#include "sweep_plan.h"
#include "sweep_range.h"
#include "sweep_row.h"
#include "sweep_run.h"
#include "sweep_spec.h"
#include "sweep_store.h"
#include "sweep_summary.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ---------------------------------------------------------------------- */

static fsbb_sweep_spec *parse_ok(const char *text)
{
    fsbb_sweep_spec *spec = NULL;
    fsbb_error err;
    const fsbb_status status = fsbb_sweep_spec_parse(text, strlen(text), "test.ini", &spec, &err);
    if (status != FSBB_OK)
        fprintf(stderr, "\nunexpected error: %s\n", err.message);
    CU_ASSERT_EQUAL(status, FSBB_OK);
    return spec;
}

/* Parsing text fails with code, and the message holds every fragment given. */
static void expect_parse_error(const char *text, fsbb_status code, const char *fragment, const char *fragment2)
{
    fsbb_sweep_spec *spec = NULL;
    fsbb_error err = {0};
    const fsbb_status status = fsbb_sweep_spec_parse(text, strlen(text), "test.ini", &spec, &err);
    CU_ASSERT_EQUAL(status, code);
    CU_ASSERT_PTR_NULL(spec);
    const int has_all = strstr(err.message, fragment) && (!fragment2 || strstr(err.message, fragment2));
    if (status != code || !has_all)
        fprintf(stderr, "\nfor %s\n got %d '%s', expected %d with '%s'\n", text, status, err.message, code, fragment);
    CU_ASSERT(has_all);
    CU_ASSERT(g_str_has_prefix(err.message, "test.ini"));
    fsbb_sweep_spec_free(spec);
}

/* A fresh temporary folder, and its removal with the files the tests make in it. */
static char *make_folder(void)
{
    char *dir = g_dir_make_tmp("fsbb-sweep-test-XXXXXX", NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(dir);
    return dir;
}

static void remove_folder(char *dir)
{
    GDir *listing = g_dir_open(dir, 0, NULL);
    const char *name;
    while (listing && (name = g_dir_read_name(listing))) {
        char *path = g_build_filename(dir, name, NULL);
        g_remove(path);
        g_free(path);
    }
    if (listing)
        g_dir_close(listing);
    g_rmdir(dir);
    g_free(dir);
}

static char *read_text(const char *dir, const char *name)
{
    char *path = g_build_filename(dir, name, NULL), *text = NULL;
    CU_ASSERT(g_file_get_contents(path, &text, NULL, NULL));
    g_free(path);
    return text;
}

static int count_lines(const char *text)
{
    int lines = 0;
    for (const char *c = text; *c; c++)
        lines += *c == '\n';
    return lines;
}

/* ---- sweep files ------------------------------------------------------------------ */

static void test_parse_good_file(void)
{
    fsbb_sweep_spec *spec = parse_ok("# a comment\n"
                                     "[sweep]\n"
                                     "name = bounds-test\n"
                                     "description = LB1 against LB2\n"
                                     "instances = ta003..ta005, ta001 , data/odd\\,name.txt\n"
                                     "repeats = 3\n"
                                     "\n"
                                     "[parameters]\n"
                                     "lb = lb1, lb2\n"
                                     "threads = 2\n"
                                     "branch = fwd,bwd,dyn\n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(spec);
    CU_ASSERT_STRING_EQUAL(spec->name, "bounds-test");
    CU_ASSERT_STRING_EQUAL(spec->description, "LB1 against LB2");
    CU_ASSERT_EQUAL(spec->instance_count, 5);
    const char *instances[] = {"ta003", "ta004", "ta005", "ta001", "data/odd,name.txt"};
    for (int i = 0; i < 5 && i < spec->instance_count; i++)
        CU_ASSERT_STRING_EQUAL(spec->instances[i], instances[i]);
    CU_ASSERT_EQUAL(spec->repeats, 3);
    CU_ASSERT_EQUAL_FATAL(spec->parameter_count, 3);
    CU_ASSERT_STRING_EQUAL(spec->parameters[0].name, "lb");
    CU_ASSERT_STRING_EQUAL(spec->parameters[1].name, "threads");
    CU_ASSERT_STRING_EQUAL(spec->parameters[2].name, "branch");
    CU_ASSERT_EQUAL(spec->parameters[0].value_count, 2);
    CU_ASSERT_EQUAL(spec->parameters[1].value_count, 1);
    CU_ASSERT_EQUAL(spec->parameters[2].value_count, 3);
    CU_ASSERT_STRING_EQUAL(spec->parameters[0].values[1], "lb2");
    CU_ASSERT_STRING_EQUAL(spec->parameters[2].values[0], "fwd");
    CU_ASSERT_EQUAL(fsbb_sweep_run_count(spec), 5 * 2 * 1 * 3 * 3);
    fsbb_sweep_spec_free(spec);
}

/* One instance, one name: Taillard names are recorded as Taillard spells them. */
static void test_parse_taillard_names(void)
{
    fsbb_sweep_spec *spec = parse_ok("[sweep]\ninstances = ta1..ta3, TA010, ta120, ta121, ./ta5, tb1\n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(spec);
    const char *expected[] = {"ta001", "ta002", "ta003", "ta010", "ta120", "ta121", "./ta5", "tb1"};
    CU_ASSERT_EQUAL_FATAL(spec->instance_count, (int)G_N_ELEMENTS(expected));
    for (int i = 0; i < spec->instance_count; i++)
        CU_ASSERT_STRING_EQUAL(spec->instances[i], expected[i]);
    fsbb_sweep_spec_free(spec);
}

static void test_parse_defaults(void)
{
    fsbb_sweep_spec *spec = NULL;
    fsbb_error err;
    const char *text = "[sweep]\ninstances = ta001\n";
    CU_ASSERT_EQUAL_FATAL(fsbb_sweep_spec_parse(text, strlen(text), "results/sweeps/my-sweep.ini", &spec, &err),
                          FSBB_OK);
    CU_ASSERT_STRING_EQUAL(spec->name, "my-sweep");
    CU_ASSERT_PTR_NULL(spec->description);
    CU_ASSERT_EQUAL(spec->repeats, 1);
    CU_ASSERT_EQUAL(spec->parameter_count, 0);
    CU_ASSERT_EQUAL(fsbb_sweep_run_count(spec), 1);
    fsbb_sweep_spec_free(spec);
}

/* A file that starts with a UTF-8 byte-order mark reads as without it. */
static void test_parse_byte_order_mark(void)
{
    fsbb_sweep_spec *spec = parse_ok("\xef\xbb\xbf[sweep]\nname = marked\ninstances = ta001\n[parameters]\nlb = lb1, lb2\n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(spec);
    CU_ASSERT_STRING_EQUAL(spec->name, "marked");
    CU_ASSERT_EQUAL(fsbb_sweep_run_count(spec), 2);
    fsbb_sweep_spec_free(spec);
}

static void test_parse_malformed_files(void)
{
    expect_parse_error("[parameters]\nlb = lb1\n", FSBB_ERR_ARGUMENT, "[sweep] group is missing", NULL);
    expect_parse_error("[sweep]\nrepeats = 2\n", FSBB_ERR_ARGUMENT, "[sweep] instances is missing", NULL);
    expect_parse_error("[sweep]\ninstances = ta001\nrepeat = 3\n", FSBB_ERR_ARGUMENT, "unknown key 'repeat'", NULL);
    expect_parse_error("[sweep]\ninstances = ta001\nlb = lb2\n", FSBB_ERR_ARGUMENT, "unknown key 'lb'",
                       "[parameters]");
    expect_parse_error("[sweep]\ninstances = ta001\n[params]\nlb = lb1\n", FSBB_ERR_ARGUMENT, "unknown group [params]",
                       NULL);
    expect_parse_error("[sweep]\ninstances = ta001\n[parameters]\nlb = lb1, lb3\n", FSBB_ERR_ARGUMENT,
                       "[parameters] lb:", "'lb3'");
    expect_parse_error("[sweep]\ninstances = ta001\n[parameters]\nthreads = 2, many\n", FSBB_ERR_ARGUMENT,
                       "[parameters] threads:", "'many'");
    expect_parse_error("[sweep]\ninstances = ta001\n[parameters]\nbalance-factor = 2\n", FSBB_ERR_ARGUMENT,
                       "[parameters] balance-factor:", "unknown option");
    expect_parse_error("[sweep]\ninstances = ta001\n[parameters]\nlb =\n", FSBB_ERR_ARGUMENT, "[parameters] lb: no values",
                       NULL);
    expect_parse_error("[sweep]\ninstances = ta001\n[parameters]\nlb = lb1,,lb2\n", FSBB_ERR_ARGUMENT,
                       "[parameters] lb: an empty value", NULL);
    expect_parse_error("[sweep]\ninstances = ta001\n[parameters]\nlb = lb1, lb1\n", FSBB_ERR_ARGUMENT,
                       "'lb1' is listed twice", NULL);
    expect_parse_error("[sweep]\ninstances = ta001\n[parameters]\nmakespan = 5\n", FSBB_ERR_ARGUMENT,
                       "[parameters] makespan", "result column");
    expect_parse_error("[sweep]\ninstances = ta001\n[parameters]\nlb = lb1\nthreads = 1\nlb = lb2\n", FSBB_ERR_PARSE,
                       "test.ini:6:", "[parameters] lb is given twice (first on line 4)");
    expect_parse_error("[sweep]\ninstances = ta001\nrepeats = 0\n", FSBB_ERR_ARGUMENT, "[sweep] repeats: '0'", NULL);
    expect_parse_error("[sweep]\ninstances = ta001\nrepeats = two\n", FSBB_ERR_ARGUMENT, "[sweep] repeats: 'two'",
                       NULL);
    expect_parse_error("[sweep]\nname = ../escape\ninstances = ta001\n", FSBB_ERR_ARGUMENT, "[sweep] name", NULL);
    expect_parse_error("[sweep]\ninstances = ta030..ta021\n", FSBB_ERR_ARGUMENT, "[sweep] instances:",
                       "reversed range 'ta030..ta021'");
    expect_parse_error("[sweep]\ninstances = ta001, ta001..ta003\n", FSBB_ERR_ARGUMENT, "'ta001' is listed twice",
                       NULL);
    expect_parse_error("[sweep]\ninstances = ta001, ta1\n", FSBB_ERR_ARGUMENT,
                       "[sweep] instances: 'ta001' and 'ta1' are the same instance (ta001): list it once", NULL);
    expect_parse_error("[sweep]\ninstances = ta1..ta3, TA002\n", FSBB_ERR_ARGUMENT,
                       "'ta2' and 'TA002' are the same instance (ta002)", NULL);
    expect_parse_error("[sweep]\ninstances = ta001\nlb\n", FSBB_ERR_PARSE, "test.ini: ", NULL);
    expect_parse_error("lb = lb1\n[sweep]\ninstances = ta001\n", FSBB_ERR_PARSE, "test.ini: ", NULL);
}

/* A file a solve writes, named for several runs (instances, repeats or another parameter's
 * values), is refused with the file, the group and the key; one run a file, and a file only
 * read (resume), are taken. */
static void test_parse_shared_written_files(void)
{
    expect_parse_error("[sweep]\ninstances = ta001, ta002\n[parameters]\ncheckpoint = /tmp/x.ckpt\n",
                       FSBB_ERR_ARGUMENT, "test.ini: [parameters] checkpoint: '/tmp/x.ckpt' would be written by 2 runs",
                       NULL);
    expect_parse_error("[sweep]\ninstances = ta001\nrepeats = 3\n[parameters]\nlog = run.jsonl\n", FSBB_ERR_ARGUMENT,
                       "[parameters] log: 'run.jsonl' would be written by 3 runs", "flowshop-bb --log per run");
    expect_parse_error("[sweep]\ninstances = ta001\n[parameters]\nlog = a.jsonl, b.jsonl\nthreads = 1, 2\n",
                       FSBB_ERR_ARGUMENT, "[parameters] log: 'a.jsonl' (and each other value) would be written by 2 runs",
                       NULL);
    fsbb_sweep_spec *spec = parse_ok("[sweep]\ninstances = ta001, ta002\n[parameters]\nresume = saved.ckpt\n");
    fsbb_sweep_spec_free(spec);
    spec = parse_ok("[sweep]\ninstances = ta001\n[parameters]\ncheckpoint = a.ckpt\nlog = run.jsonl\nthreads = 2\n");
    fsbb_sweep_spec_free(spec);
}

/* ---- instance ranges -------------------------------------------------------------- */

/* The expansion of item, joined by spaces, or the error message after "error: ". */
static char *expand(const char *item)
{
    GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
    fsbb_error err;
    char *text;
    if (fsbb_sweep_expand_instance(item, names, &err) == FSBB_OK) {
        g_ptr_array_add(names, NULL);
        text = g_strjoinv(" ", (char **)names->pdata);
    } else {
        text = g_strdup_printf("error: %s", err.message);
    }
    g_ptr_array_free(names, TRUE);
    return text;
}

static void expect_expansion(const char *item, const char *expected)
{
    char *got = expand(item);
    if (strcmp(got, expected) != 0)
        fprintf(stderr, "\n%s expanded to '%s', expected '%s'\n", item, got, expected);
    CU_ASSERT_STRING_EQUAL(got, expected);
    g_free(got);
}

static void expect_bad_range(const char *item, const char *fragment)
{
    char *got = expand(item);
    if (!g_str_has_prefix(got, "error: ") || !strstr(got, fragment))
        fprintf(stderr, "\n%s gave '%s', expected an error with '%s'\n", item, got, fragment);
    CU_ASSERT(g_str_has_prefix(got, "error: ") && strstr(got, fragment) && strstr(got, item));
    g_free(got);
}

static void test_instance_ranges(void)
{
    expect_expansion("ta021..ta030", "ta021 ta022 ta023 ta024 ta025 ta026 ta027 ta028 ta029 ta030");
    expect_expansion("ta1..ta3", "ta1 ta2 ta3");
    expect_expansion("ta8..ta11", "ta8 ta9 ta10 ta11");
    expect_expansion("ta098..ta101", "ta098 ta099 ta100 ta101");
    expect_expansion("ta005..ta005", "ta005");
    expect_expansion("ta001", "ta001");
    expect_expansion("instances/../ta001.txt", "instances/../ta001.txt");
    expect_bad_range("ta030..ta021", "reversed range");
    expect_bad_range("ta001..tb003", "different names");
    expect_bad_range("ta..ta003", "bad range");
    expect_bad_range("ta001..ta", "bad range");
    expect_bad_range("ta001..", "bad range");
    expect_bad_range("a..b", "bad range");
    expect_bad_range("ta1.5..ta3", "bad range");
    expect_bad_range("ta0..ta9999999", "more than");
    char *empty = expand("");
    CU_ASSERT(g_str_has_prefix(empty, "error: "));
    g_free(empty);
}

/* ---- the product ------------------------------------------------------------------ */

static void test_product_count_and_order(void)
{
    fsbb_sweep_spec *spec = parse_ok("[sweep]\ninstances = ta001, ta002\nrepeats = 2\n"
                                     "[parameters]\nlb = lb1, lb2\nthreads = 1, 2, 4\n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(spec);
    const long count = fsbb_sweep_run_count(spec);
    CU_ASSERT_EQUAL_FATAL(count, 2 * 2 * 3 * 2);
    int values[2];
    fsbb_sweep_run run = {.values = values};
    /* Instance outermost, then lb, then threads (the last parameter fastest), then repeat. */
    fsbb_sweep_run_decode(spec, 0, &run);
    CU_ASSERT(run.instance == 0 && values[0] == 0 && values[1] == 0 && run.repeat == 1);
    fsbb_sweep_run_decode(spec, 1, &run);
    CU_ASSERT(run.instance == 0 && values[0] == 0 && values[1] == 0 && run.repeat == 2);
    fsbb_sweep_run_decode(spec, 2, &run);
    CU_ASSERT(run.instance == 0 && values[0] == 0 && values[1] == 1 && run.repeat == 1);
    fsbb_sweep_run_decode(spec, 6, &run);
    CU_ASSERT(run.instance == 0 && values[0] == 1 && values[1] == 0 && run.repeat == 1);
    fsbb_sweep_run_decode(spec, 12, &run);
    CU_ASSERT(run.instance == 1 && values[0] == 0 && values[1] == 0 && run.repeat == 1);
    fsbb_sweep_run_decode(spec, count - 1, &run);
    CU_ASSERT(run.instance == 1 && values[0] == 1 && values[1] == 2 && run.repeat == 2);
    /* Every combination exactly once: distinct keys, one per run. */
    fsbb_sweep_layout *layout = fsbb_sweep_spec_layout(spec);
    GHashTable *keys = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (long i = 0; i < count; i++) {
        fsbb_sweep_run_decode(spec, i, &run);
        char **row = fsbb_sweep_run_row(spec, &run);
        CU_ASSERT_EQUAL((int)g_strv_length(row), layout->column_count);
        CU_ASSERT(g_hash_table_add(keys, fsbb_sweep_row_key(layout, row)));
        g_strfreev(row);
    }
    CU_ASSERT_EQUAL(g_hash_table_size(keys), (guint)count);
    g_hash_table_destroy(keys);
    fsbb_sweep_layout_free(layout);
    fsbb_sweep_spec_free(spec);
}

/* ---- CSV and JSON ----------------------------------------------------------------- */

static char *csv_of(const char *field)
{
    GString *line = g_string_new(NULL);
    fsbb_csv_append_field(line, field);
    return g_string_free(line, FALSE);
}

static void expect_csv(const char *field, const char *expected)
{
    char *got = csv_of(field);
    CU_ASSERT_STRING_EQUAL(got, expected);
    g_free(got);
}

static void test_csv_escaping(void)
{
    expect_csv("ta021", "ta021");
    expect_csv("", "");
    expect_csv("my,file.txt", "\"my,file.txt\"");
    expect_csv("say \"hi\"", "\"say \"\"hi\"\"\"");
    expect_csv("two\nlines", "\"two\nlines\"");
    expect_csv("cr\rhere", "\"cr\rhere\"");
    /* A record of awkward fields parses back to the same fields. */
    char *fields[] = {"dir with, comma/x.txt", "\"quoted\"", "line\nbreak", "", "plain", NULL};
    GString *text = g_string_new(NULL);
    fsbb_csv_append_record(text, fields, 5);
    fsbb_csv_append_record(text, fields, 5);
    fsbb_csv csv;
    fsbb_csv_parse(text->str, text->len, &csv);
    CU_ASSERT_EQUAL_FATAL(csv.records->len, 2);
    CU_ASSERT_FALSE(csv.torn);
    CU_ASSERT_EQUAL(csv.bad->len, 0);
    CU_ASSERT_EQUAL(g_array_index(csv.spans, fsbb_csv_span, 1).end, text->len);
    char **back = g_ptr_array_index(csv.records, 1);
    CU_ASSERT_EQUAL_FATAL(g_strv_length(back), 5);
    for (int f = 0; f < 5; f++)
        CU_ASSERT_STRING_EQUAL(back[f], fields[f]);
    fsbb_csv_clear(&csv);
    g_string_free(text, TRUE);
}

static void test_csv_torn_records(void)
{
    fsbb_csv csv;
    const char *crlf = "a,b\r\nc,d\r\n";
    fsbb_csv_parse(crlf, strlen(crlf), &csv);
    CU_ASSERT_EQUAL(csv.records->len, 2);
    CU_ASSERT_EQUAL(csv.bad->len, 0);
    CU_ASSERT_STRING_EQUAL(((char **)g_ptr_array_index(csv.records, 1))[1], "d");
    fsbb_csv_clear(&csv);
    /* Torn in an unquoted field, in a quoted field after a quoted newline, and after a CR. */
    const char *torn[] = {"a,b\nc,d", "a,b\n\"c\nd", "a,b\nc,\"d\"", "a,b\nc,d\r"};
    for (size_t t = 0; t < G_N_ELEMENTS(torn); t++) {
        fsbb_csv_parse(torn[t], strlen(torn[t]), &csv);
        CU_ASSERT_EQUAL(csv.records->len, 1);
        CU_ASSERT(csv.torn);
        CU_ASSERT_EQUAL(csv.bad->len, 0);
        CU_ASSERT_EQUAL(g_array_index(csv.spans, fsbb_csv_span, 0).end, 4);
        fsbb_csv_clear(&csv);
    }
}

/* A damaged line costs itself only: the records after it are read. */
static void test_csv_damaged_lines(void)
{
    const char *text = "h1,h2\n"
                       "a,b\n"
                       "x,\"never closed\n"
                       "c,d\n"
                       "e\"f,g\n"
                       "\"q\"r,s\n"
                       "lone\rcr,t\n"
                       "\"two\nlines\",u\n"
                       "v,w\n";
    fsbb_csv csv;
    fsbb_csv_parse(text, strlen(text), &csv);
    CU_ASSERT_FALSE(csv.torn);
    CU_ASSERT_EQUAL_FATAL(csv.records->len, 5);
    const char *first[] = {"h1", "a", "c", "two\nlines", "v"};
    const int lines[] = {1, 2, 4, 8, 10};
    for (int r = 0; r < 5; r++) {
        CU_ASSERT_STRING_EQUAL(((char **)g_ptr_array_index(csv.records, r))[0], first[r]);
        CU_ASSERT_EQUAL(g_array_index(csv.spans, fsbb_csv_span, r).line, lines[r]);
    }
    CU_ASSERT_EQUAL_FATAL(csv.bad->len, 4);
    const fsbb_csv_bad expected[] = {{{3, 10, 26}, "a quote that is not closed on its line"},
                                     {{5, 30, 36}, "a quote inside an unquoted field"},
                                     {{6, 36, 43}, "text after a closing quote"},
                                     {{7, 43, 53}, "a carriage return without a line feed"}};
    for (int b = 0; b < 4; b++) {
        const fsbb_csv_bad *bad = &g_array_index(csv.bad, fsbb_csv_bad, b);
        CU_ASSERT_EQUAL(bad->span.line, expected[b].span.line);
        CU_ASSERT_EQUAL(bad->span.start, expected[b].span.start);
        CU_ASSERT_EQUAL(bad->span.end, expected[b].span.end);
        CU_ASSERT_STRING_EQUAL(bad->problem, expected[b].problem);
    }
    fsbb_csv_clear(&csv);
    /* Damage on the last line, without its line feed, is damage, not a torn write. */
    const char *last = "a,b\nc\"d";
    fsbb_csv_parse(last, strlen(last), &csv);
    CU_ASSERT_EQUAL(csv.records->len, 1);
    CU_ASSERT_FALSE(csv.torn);
    CU_ASSERT_EQUAL(csv.bad->len, 1);
    fsbb_csv_clear(&csv);
}

/* A complete row for layout: the given key fields, plausible results. */
static char **sample_row(const fsbb_sweep_layout *layout, const char *instance, const char *repeat,
                         const char *const *values, const char *time, const char *nodes, const char *makespan)
{
    char **row = g_new0(char *, (gsize)layout->column_count + 1);
    row[FSBB_COLUMN_INSTANCE] = g_strdup(instance);
    row[FSBB_COLUMN_REPEAT] = g_strdup(repeat);
    for (int p = 0; p < layout->parameter_count; p++)
        row[fsbb_sweep_parameter_column(p)] = g_strdup(values[p]);
    const char *results[FSBB_RESULT_COLUMNS] = {
        [FSBB_COLUMN_JOBS] = "20", [FSBB_COLUMN_MACHINES] = "5", [FSBB_COLUMN_STATUS] = "optimal",
        [FSBB_COLUMN_MAKESPAN] = makespan, [FSBB_COLUMN_OPTIMAL] = makespan[0] ? "true" : "false",
        [FSBB_COLUMN_LOWER_BOUND] = "1278", [FSBB_COLUMN_INITIAL_UB] = "1278", [FSBB_COLUMN_NODES] = nodes,
        [FSBB_COLUMN_BOUNDED] = "10", [FSBB_COLUMN_TIME_S] = time, [FSBB_COLUMN_NODES_PER_S] = "100.0",
        [FSBB_COLUMN_THREADS_USED] = "2", [FSBB_COLUMN_DEVICE_NAME] = "cpu", [FSBB_COLUMN_HOST] = "4711",
        [FSBB_COLUMN_DATE] = "2026-01-02T03:04:05Z", [FSBB_COLUMN_SOLVER_VERSION] = "0.1.0"};
    for (int c = 0; c < FSBB_RESULT_COLUMNS; c++)
        row[fsbb_sweep_result_column_index(layout, (fsbb_sweep_result_column)c)] = g_strdup(results[c]);
    return row;
}

static void test_json_rows(void)
{
    char *names[] = {"lb", "pool-size", "ub"};
    fsbb_sweep_layout *layout = fsbb_sweep_layout_new(names, 3);
    const char *values[] = {"lb2", "4096", "0012"};
    char **row = sample_row(layout, "odd \"name\"\\\n.txt", "2", values, "1.500000", "42", "");
    GString *json = g_string_new(NULL);
    fsbb_sweep_row_append_json(json, layout, row);
    CU_ASSERT(g_str_has_prefix(json->str, "{\"instance\": \"odd \\\"name\\\"\\\\\\n.txt\", \"repeat\": 2, "));
    CU_ASSERT(g_str_has_suffix(json->str, "}\n"));
    CU_ASSERT_EQUAL(count_lines(json->str), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(json->str, "\"lb\": \"lb2\", \"pool-size\": 4096, \"ub\": \"0012\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(json->str, "\"makespan\": null, \"optimal\": false"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json->str, "\"time_s\": 1.500000"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json->str, "\"host\": \"4711\""));
    g_string_free(json, TRUE);
    g_strfreev(row);
    fsbb_sweep_layout_free(layout);
}

/* ---- gnuplot ---------------------------------------------------------------------- */

static void expect_gnuplot_string(const char *text, const char *expected)
{
    GString *script = g_string_new(NULL);
    fsbb_gnuplot_append_string(script, text);
    if (strcmp(script->str, expected) != 0)
        fprintf(stderr, "\ngnuplot string of '%s': got %s, expected %s\n", text, script->str, expected);
    CU_ASSERT_STRING_EQUAL(script->str, expected);
    g_string_free(script, TRUE);
}

/* gnuplot itself prints what it makes of each quoted text: the text with its line breaks
 * as LF and other control characters as spaces, and nothing run. Skipped without gnuplot
 * on the PATH. */
static void expect_gnuplot_reads_back(const char *const *texts, int count)
{
    char *gnuplot = g_find_program_in_path("gnuplot");
    if (!gnuplot)
        return;
    char *dir = make_folder();
    GString *script = g_string_new(NULL), *expected = g_string_new(NULL);
    for (int t = 0; t < count; t++) {
        g_string_append(script, "print ");
        fsbb_gnuplot_append_string(script, texts[t]);
        g_string_append_c(script, '\n');
        for (const char *c = texts[t]; *c; c++) {
            if (*c == '\r' && c[1] == '\n')
                continue;
            g_string_append_c(expected, *c == '\r' ? '\n' : (unsigned char)*c < 0x20 && *c != '\n' ? ' ' : *c);
        }
        g_string_append_c(expected, '\n');
    }
    char *script_path = g_build_filename(dir, "read-back.gp", NULL);
    CU_ASSERT_FATAL(g_file_set_contents(script_path, script->str, -1, NULL));
    char *argv[] = {gnuplot, "read-back.gp", NULL}, *printed = NULL;
    int wait_status = 0;
    CU_ASSERT(g_spawn_sync(dir, argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &printed, &wait_status,
                           NULL));
    CU_ASSERT(g_spawn_check_wait_status(wait_status, NULL));
    CU_ASSERT_STRING_EQUAL(printed ? printed : "", expected->str);
    g_remove(script_path);
    /* A command that ran would have left its file in the folder. */
    GDir *listing = g_dir_open(dir, 0, NULL);
    const char *left = listing ? g_dir_read_name(listing) : NULL;
    if (left)
        fprintf(stderr, "\ngnuplot left %s\n", left);
    CU_ASSERT_PTR_NULL(left);
    if (listing)
        g_dir_close(listing);
    g_free(printed);
    g_free(script_path);
    g_string_free(script, TRUE);
    g_string_free(expected, TRUE);
    g_free(gnuplot);
    remove_folder(dir);
}

static void test_gnuplot_strings(void)
{
    expect_gnuplot_string("time (s)", "'time (s)'");
    expect_gnuplot_string("", "''");
    expect_gnuplot_string("it's", "'it''s'");
    expect_gnuplot_string("x`touch PWNED`y", "'x`touch PWNED`y'");
    expect_gnuplot_string("p';system('touch PWNED');print '", "'p'';system(''touch PWNED'');print '''");
    expect_gnuplot_string("@macro \"double\" back\\", "'@macro \"double\" back\\'");
    expect_gnuplot_string("one\ntwo", "'one'.\"\\n\".'two'");
    expect_gnuplot_string("one\r\ntwo\rthree", "'one'.\"\\n\".'two'.\"\\n\".'three'");
    expect_gnuplot_string("tab\tesc\x1b del\x7f", "'tab esc  del '");
    expect_gnuplot_string("end\\\nsystem('touch PWNED')", "'end\\'.\"\\n\".'system(''touch PWNED'')'");
    const char *texts[] = {"x`touch PWNED_1`y", "p';system('touch PWNED_2');print '", "@x \"q\" \\",
                           "a\nsystem('touch PWNED_3')", "b\\\nsystem(\"touch PWNED_4\")", "c\r\nd\re", "t\tu"};
    expect_gnuplot_reads_back(texts, (int)G_N_ELEMENTS(texts));
}

static void test_gnuplot_data_fields(void)
{
    GString *data = g_string_new(NULL);
    fsbb_gnuplot_append_data_field(data, "lb=lb1 threads=2");
    CU_ASSERT_STRING_EQUAL(data->str, "\"lb=lb1 threads=2\"");
    g_string_truncate(data, 0);
    fsbb_gnuplot_append_data_field(data, "a\"b\\c\nd\r\ne\tf`g`'h");
    CU_ASSERT_STRING_EQUAL(data->str, "\"a'b\\\\c\\nd\\ne f`g`'h\"");
    g_string_free(data, TRUE);
}

/* A header with the parameters name and threads (columns 3 and 4): refused, and the
 * message names the column at fault and says why. */
static void expect_bad_header(const char *name, const char *column, const char *why)
{
    char *names[] = {(char *)name, "threads"};
    fsbb_sweep_layout *wanted = fsbb_sweep_layout_new(names, 2), *layout = NULL;
    char **header = fsbb_sweep_layout_header(wanted);
    fsbb_error err = {0};
    CU_ASSERT_EQUAL(fsbb_sweep_layout_from_header(header, wanted->column_count, "runs.csv", &layout, &err),
                    FSBB_ERR_PARSE);
    CU_ASSERT_PTR_NULL(layout);
    const int named = g_str_has_prefix(err.message, column) && strstr(err.message, why);
    if (!named)
        fprintf(stderr, "\nheader with '%s': '%s'\n", name, err.message);
    CU_ASSERT(named);
    g_strfreev(header);
    fsbb_sweep_layout_free(wanted);
}

static void test_header_parameter_names(void)
{
    expect_bad_header("x/../../../TRAVERSED", "runs.csv: parameter column 3,", "not a parameter name");
    expect_bad_header("p';system('id');print '", "runs.csv: parameter column 3,", "not a parameter name");
    expect_bad_header("..", "runs.csv: parameter column 3,", "not a parameter name");
    expect_bad_header(".hidden", "runs.csv: parameter column 3,", "not a parameter name");
    expect_bad_header("", "runs.csv: parameter column 3,", "not a parameter name");
    expect_bad_header("two\nlines", "runs.csv: parameter column 3,", "not a parameter name");
    expect_bad_header("makespan", "runs.csv: parameter column 3,", "result column");
    expect_bad_header("threads", "runs.csv: parameter column 4,", "given twice");
    char *long_name = g_strnfill(FSBB_SWEEP_NAME_MAX + 1, 'p');
    expect_bad_header(long_name, "runs.csv: parameter column 3,", "not a parameter name");
    g_free(long_name);
    char *names[] = {"pool-size", "lb2_pairs", "x.y"};
    fsbb_sweep_layout *wanted = fsbb_sweep_layout_new(names, 3), *layout = NULL;
    char **header = fsbb_sweep_layout_header(wanted);
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_sweep_layout_from_header(header, wanted->column_count, "runs.csv", &layout, &err), FSBB_OK);
    CU_ASSERT(layout && fsbb_sweep_layout_equal(layout, wanted));
    fsbb_sweep_layout_free(layout);
    g_strfreev(header);
    fsbb_sweep_layout_free(wanted);
}

/* ---- the results folder ----------------------------------------------------------- */

static void test_store_resumes_after_torn_row(void)
{
    char *dir = make_folder();
    char *names[] = {"lb"};
    fsbb_sweep_layout *layout = fsbb_sweep_layout_new(names, 1);
    fsbb_sweep_store *store;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_sweep_store_open(dir, layout, 0, &store, &err), FSBB_OK);
    const char *lb1[] = {"lb1"}, *lb2[] = {"lb2"};
    char **first = sample_row(layout, "a,b.txt", "1", lb1, "1.0", "10", "1278");
    char **second = sample_row(layout, "a,b.txt", "1", lb2, "2.0", "20", "1278");
    CU_ASSERT_EQUAL(fsbb_sweep_store_append(store, first, &err), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_sweep_store_append(store, second, &err), FSBB_OK);
    fsbb_sweep_store_close(store);
    /* Cut the second row short, as a kill in the middle of its write would. */
    char *csv_path = g_build_filename(dir, "runs.csv", NULL), *text = read_text(dir, "runs.csv");
    CU_ASSERT(g_file_set_contents(csv_path, text, (gssize)strlen(text) - 7, NULL));
    g_free(text);
    CU_ASSERT_EQUAL_FATAL(fsbb_sweep_store_open(dir, layout, 0, &store, &err), FSBB_OK);
    CU_ASSERT(store->dropped_torn_row);
    char *key1 = fsbb_sweep_row_key(layout, first), *key2 = fsbb_sweep_row_key(layout, second);
    CU_ASSERT(fsbb_sweep_store_has(store, key1));
    CU_ASSERT_FALSE(fsbb_sweep_store_has(store, key2));
    CU_ASSERT_EQUAL(store->rows->len, 1);
    /* The file was cut back to its complete rows, and the JSON twin agrees. */
    text = read_text(dir, "runs.csv");
    CU_ASSERT_EQUAL(count_lines(text), 2);
    CU_ASSERT(g_str_has_suffix(text, "\n"));
    g_free(text);
    text = read_text(dir, "runs.jsonl");
    CU_ASSERT_EQUAL(count_lines(text), 1);
    g_free(text);
    /* Redone, the row is stored once. */
    CU_ASSERT_EQUAL(fsbb_sweep_store_append(store, second, &err), FSBB_OK);
    fsbb_sweep_store_close(store);
    CU_ASSERT_EQUAL_FATAL(fsbb_sweep_store_open(dir, layout, 0, &store, &err), FSBB_OK);
    CU_ASSERT_FALSE(store->dropped_torn_row);
    CU_ASSERT_EQUAL(store->rows->len, 2);
    CU_ASSERT(fsbb_sweep_store_has(store, key2));
    fsbb_sweep_store_close(store);
    text = read_text(dir, "runs.jsonl");
    CU_ASSERT_EQUAL(count_lines(text), 2);
    g_free(text);
    g_free(key1);
    g_free(key2);
    g_free(csv_path);
    g_strfreev(first);
    g_strfreev(second);
    fsbb_sweep_layout_free(layout);
    remove_folder(dir);
}

/* One damaged row in the middle of runs.csv: the rows after it are kept, the bad ones are
 * named by line and moved, as they were, to runs.rejected.csv. */
static void test_store_keeps_rows_after_a_bad_one(void)
{
    char *dir = make_folder();
    char *names[] = {"lb"};
    fsbb_sweep_layout *layout = fsbb_sweep_layout_new(names, 1);
    fsbb_sweep_store *store;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_sweep_store_open(dir, layout, 0, &store, &err), FSBB_OK);
    const char *lb1[] = {"lb1"}, *lb2[] = {"lb2"};
    char **rows[] = {sample_row(layout, "ta001", "1", lb1, "1.0", "10", "1278"),
                     sample_row(layout, "ta001", "1", lb2, "2.0", "20", "1278"),
                     sample_row(layout, "ta002", "1", lb1, "3.0", "30", "1359"),
                     sample_row(layout, "ta002", "1", lb2, "4.0", "40", "1359"),
                     sample_row(layout, "ta003", "1", lb1, "5.0", "50", "1081")};
    for (int r = 0; r < 5; r++)
        CU_ASSERT_EQUAL(fsbb_sweep_store_append(store, rows[r], &err), FSBB_OK);
    fsbb_sweep_store_close(store);
    /* Line 3 (the second row) damaged by hand, line 5 with a status no sweep writes. */
    char *text = read_text(dir, "runs.csv");
    char **lines = g_strsplit(text, "\n", -1);
    g_free(lines[2]);
    lines[2] = g_strdup("garbage,row,\"unterminated");
    char *status = strstr(lines[4], ",optimal,");
    CU_ASSERT_PTR_NOT_NULL_FATAL(status);
    memcpy(status, ",optimum,", 9);
    char *damaged = g_strjoinv("\n", lines);
    char *csv_path = g_build_filename(dir, "runs.csv", NULL);
    CU_ASSERT(g_file_set_contents(csv_path, damaged, -1, NULL));
    /* Read as it is: three rows, two bad ones with their lines. */
    fsbb_sweep_table table;
    CU_ASSERT_EQUAL_FATAL(fsbb_sweep_table_read(csv_path, &table, &err), FSBB_OK);
    CU_ASSERT_EQUAL(table.rows->len, 3);
    CU_ASSERT_FALSE(table.torn);
    CU_ASSERT_EQUAL_FATAL(table.bad_rows->len, 2);
    const fsbb_sweep_bad_row *first = g_ptr_array_index(table.bad_rows, 0);
    const fsbb_sweep_bad_row *second = g_ptr_array_index(table.bad_rows, 1);
    CU_ASSERT_EQUAL(first->line, 3);
    CU_ASSERT_STRING_EQUAL(first->problem, "a quote that is not closed on its line");
    CU_ASSERT_STRING_EQUAL(first->text, "garbage,row,\"unterminated\n");
    CU_ASSERT_EQUAL(second->line, 5);
    CU_ASSERT_STRING_EQUAL(second->problem, "status 'optimum' is not optimal, finished, limit, gap or budget");
    fsbb_sweep_table_clear(&table);
    /* Opened for a sweep: the good rows are its record, the bad ones set aside. */
    CU_ASSERT_EQUAL_FATAL(fsbb_sweep_store_open(dir, layout, 0, &store, &err), FSBB_OK);
    CU_ASSERT_EQUAL(store->rows->len, 3);
    CU_ASSERT_EQUAL(store->bad_rows->len, 2);
    for (int r = 0; r < 5; r++) {
        char *key = fsbb_sweep_row_key(layout, rows[r]);
        CU_ASSERT_EQUAL(fsbb_sweep_store_has(store, key), r == 0 || r == 2 || r == 4);
        g_free(key);
    }
    fsbb_sweep_store_close(store);
    char *kept = read_text(dir, "runs.csv"), *jsonl = read_text(dir, "runs.jsonl");
    char *rejected = read_text(dir, "runs.rejected.csv");
    CU_ASSERT_EQUAL(count_lines(kept), 1 + 3);
    CU_ASSERT_EQUAL(count_lines(jsonl), 3);
    char *expected = g_strdup_printf("garbage,row,\"unterminated\n%s\n", lines[4]);
    CU_ASSERT_STRING_EQUAL(rejected, expected);
    /* Nothing bad is left: the next opening finds none. */
    CU_ASSERT_EQUAL_FATAL(fsbb_sweep_store_open(dir, layout, 0, &store, &err), FSBB_OK);
    CU_ASSERT_EQUAL(store->bad_rows->len, 0);
    CU_ASSERT_EQUAL(store->rows->len, 3);
    fsbb_sweep_store_close(store);
    g_free(expected);
    g_free(kept);
    g_free(jsonl);
    g_free(rejected);
    g_free(csv_path);
    g_free(damaged);
    g_strfreev(lines);
    g_free(text);
    for (int r = 0; r < 5; r++)
        g_strfreev(rows[r]);
    fsbb_sweep_layout_free(layout);
    remove_folder(dir);
}

static void test_row_problems(void)
{
    char *names[] = {"lb"};
    fsbb_sweep_layout *layout = fsbb_sweep_layout_new(names, 1);
    const char *lb1[] = {"lb1"}, *none[] = {""};
    struct {
        char **row;
        const char *problem;
    } cases[] = {
        {sample_row(layout, "ta001", "1", lb1, "1.5", "10", ""), NULL},
        {sample_row(layout, "ta001", "1", lb1, "1e-3", "10", "1278"), NULL},
        {sample_row(layout, "", "1", lb1, "1.0", "10", "1278"), "no instance"},
        {sample_row(layout, "ta001", "0", lb1, "1.0", "10", "1278"), "repeat '0' is not a whole number from 1"},
        {sample_row(layout, "ta001", "x", lb1, "1.0", "10", "1278"), "repeat 'x'"},
        {sample_row(layout, "ta001", "1", none, "1.0", "10", "1278"), "no value for lb"},
        {sample_row(layout, "ta001", "1", lb1, "fast", "10", "1278"), "time_s 'fast' is not a number"},
        {sample_row(layout, "ta001", "1", lb1, "nan", "10", "1278"), "time_s 'nan' is not a number"},
        {sample_row(layout, "ta001", "1", lb1, "-1", "10", "1278"), "time_s '-1' is not a number"},
        {sample_row(layout, "ta001", "1", lb1, "1.0", "", "1278"), "nodes '' is not a number"},
        {sample_row(layout, "ta001", "1", lb1, "1.0", "10", "12 78"), "makespan '12 78' is not a number"},
    };
    for (size_t c = 0; c < G_N_ELEMENTS(cases); c++) {
        char *problem = fsbb_sweep_row_problem(layout, cases[c].row);
        const int right = cases[c].problem ? problem && g_str_has_prefix(problem, cases[c].problem) : !problem;
        if (!right)
            fprintf(stderr, "\nrow %zu: got '%s', expected '%s'\n", c, problem ? problem : "(none)",
                    cases[c].problem ? cases[c].problem : "(none)");
        CU_ASSERT(right);
        g_free(problem);
        g_strfreev(cases[c].row);
    }
    char **row = sample_row(layout, "ta001", "1", lb1, "1.0", "10", "1278");
    g_free(row[fsbb_sweep_result_column_index(layout, FSBB_COLUMN_OPTIMAL)]);
    row[fsbb_sweep_result_column_index(layout, FSBB_COLUMN_OPTIMAL)] = g_strdup("yes");
    char *problem = fsbb_sweep_row_problem(layout, row);
    CU_ASSERT(problem && strcmp(problem, "optimal 'yes' is not true or false") == 0);
    g_free(problem);
    g_strfreev(row);
    fsbb_sweep_layout_free(layout);
}

static void test_store_refuses_other_sweeps_rows(void)
{
    char *dir = make_folder();
    char *names[] = {"lb"}, *other_names[] = {"threads"};
    fsbb_sweep_layout *layout = fsbb_sweep_layout_new(names, 1), *other = fsbb_sweep_layout_new(other_names, 1);
    fsbb_sweep_store *store;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_sweep_store_open(dir, layout, 0, &store, &err), FSBB_OK);
    const char *lb1[] = {"lb1"};
    char **row = sample_row(layout, "ta001", "1", lb1, "1.0", "10", "1278");
    CU_ASSERT_EQUAL(fsbb_sweep_store_append(store, row, &err), FSBB_OK);
    fsbb_sweep_store_close(store);
    CU_ASSERT_EQUAL(fsbb_sweep_store_open(dir, other, 0, &store, &err), FSBB_ERR_CHECKPOINT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "other parameters (lb; this sweep: threads)"));
    CU_ASSERT_EQUAL_FATAL(fsbb_sweep_store_open(dir, other, 1, &store, &err), FSBB_OK);
    CU_ASSERT(store->moved_aside);
    CU_ASSERT_EQUAL(store->rows->len, 0);
    fsbb_sweep_store_close(store);
    char *old = read_text(dir, "runs.old.csv");
    CU_ASSERT(g_str_has_prefix(old, "instance,repeat,lb,jobs,"));
    g_free(old);
    /* A third sweep over the second's runs: the first's stay where they were. */
    CU_ASSERT_EQUAL_FATAL(fsbb_sweep_store_open(dir, other, 0, &store, &err), FSBB_OK);
    const char *two[] = {"2"};
    char **other_row = sample_row(other, "ta001", "1", two, "1.0", "10", "1278");
    CU_ASSERT_EQUAL(fsbb_sweep_store_append(store, other_row, &err), FSBB_OK);
    fsbb_sweep_store_close(store);
    CU_ASSERT_EQUAL_FATAL(fsbb_sweep_store_open(dir, layout, 1, &store, &err), FSBB_OK);
    CU_ASSERT_EQUAL(store->moved_aside, 2);
    fsbb_sweep_store_close(store);
    old = read_text(dir, "runs.old.csv");
    CU_ASSERT(g_str_has_prefix(old, "instance,repeat,lb,jobs,"));
    g_free(old);
    old = read_text(dir, "runs.old.2.csv");
    CU_ASSERT(g_str_has_prefix(old, "instance,repeat,threads,jobs,"));
    g_free(old);
    g_strfreev(other_row);
    g_strfreev(row);
    fsbb_sweep_layout_free(layout);
    fsbb_sweep_layout_free(other);
    remove_folder(dir);
}

/* sweep.ini is the last sweep file; earlier ones with other contents are kept, numbered. */
static void test_sweep_file_history(void)
{
    char *dir = make_folder();
    const char *texts[] = {"[sweep]\ninstances = ta001, ta002\n", "[sweep]\ninstances = ta001\n",
                           "[sweep]\ninstances = ta001\nrepeats = 2\n"};
    char *kept_as = NULL;
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_sweep_copy_keep(dir, texts[0], strlen(texts[0]), &kept_as, &err), FSBB_OK);
    CU_ASSERT_PTR_NULL(kept_as);
    CU_ASSERT_EQUAL(fsbb_sweep_copy_keep(dir, texts[0], strlen(texts[0]), &kept_as, &err), FSBB_OK);
    CU_ASSERT_PTR_NULL(kept_as);
    /* A narrower sweep: the wider file stays in the folder. */
    CU_ASSERT_EQUAL(fsbb_sweep_copy_keep(dir, texts[1], strlen(texts[1]), &kept_as, &err), FSBB_OK);
    CU_ASSERT(kept_as && g_str_has_suffix(kept_as, G_DIR_SEPARATOR_S "sweep.1.ini"));
    g_free(kept_as);
    CU_ASSERT_EQUAL(fsbb_sweep_copy_keep(dir, texts[2], strlen(texts[2]), &kept_as, &err), FSBB_OK);
    CU_ASSERT(kept_as && g_str_has_suffix(kept_as, G_DIR_SEPARATOR_S "sweep.2.ini"));
    g_free(kept_as);
    const char *files[] = {"sweep.1.ini", "sweep.2.ini", "sweep.ini"};
    for (int f = 0; f < 3; f++) {
        char *text = read_text(dir, files[f]);
        CU_ASSERT_STRING_EQUAL(text, texts[f]);
        g_free(text);
    }
    /* Numbers go on after the highest one there. */
    char *stray = g_build_filename(dir, "sweep.7.ini", NULL);
    CU_ASSERT(g_file_set_contents(stray, "", 0, NULL));
    CU_ASSERT_EQUAL(fsbb_sweep_copy_keep(dir, texts[0], strlen(texts[0]), &kept_as, &err), FSBB_OK);
    CU_ASSERT(kept_as && g_str_has_suffix(kept_as, G_DIR_SEPARATOR_S "sweep.8.ini"));
    g_free(kept_as);
    g_free(stray);
    remove_folder(dir);
}

/* ---- a whole sweep, interrupted and resumed -------------------------------------- */

typedef struct run_counter {
    int started, done, failed;
} run_counter;

static void count_start(const fsbb_sweep_event *event, void *data)
{
    (void)event;
    ((run_counter *)data)->started++;
}

static void count_done(const fsbb_sweep_event *event, void *data)
{
    CU_ASSERT_PTR_NOT_NULL(event->result);
    ((run_counter *)data)->done++;
}

static void count_failed(const fsbb_sweep_event *event, void *data)
{
    fprintf(stderr, "\nrun failed: %s\n", event->error->message);
    ((run_counter *)data)->failed++;
}

/* Runs the sweep in dir; returns how many runs it solved. */
static long execute(const fsbb_sweep_spec *spec, const char *dir, int force, fsbb_sweep_report *report)
{
    fsbb_sweep *sweep;
    fsbb_error err;
    const fsbb_status opened = fsbb_sweep_new(spec, dir, force, &sweep, &err);
    if (opened != FSBB_OK)
        fprintf(stderr, "\n%s\n", err.message);
    CU_ASSERT_EQUAL_FATAL(opened, FSBB_OK);
    run_counter counter = {0};
    const fsbb_sweep_callbacks callbacks = {
        .on_start = count_start, .on_done = count_done, .on_failed = count_failed, .user_data = &counter};
    CU_ASSERT_EQUAL(fsbb_sweep_execute(sweep, &callbacks, report, &err), FSBB_OK);
    CU_ASSERT_EQUAL(counter.started, report->ran + report->failed);
    CU_ASSERT_EQUAL(counter.done, report->ran);
    fsbb_sweep_free(sweep);
    return report->ran;
}

/* The smallest makespan over all permutations of a tiny instance. */
static int brute_force_optimum(const fsbb_instance *instance)
{
    const int n = fsbb_instance_jobs(instance);
    int perm[8], best = 0;
    for (int j = 0; j < n; j++)
        perm[j] = j;
    /* Heap's algorithm. */
    int stack[8] = {0};
    best = fsbb_instance_makespan(instance, perm);
    for (int i = 1; i < n;) {
        if (stack[i] < i) {
            const int other = i % 2 ? stack[i] : 0, swap = perm[other];
            perm[other] = perm[i];
            perm[i] = swap;
            const int makespan = fsbb_instance_makespan(instance, perm);
            best = makespan < best ? makespan : best;
            stack[i]++;
            i = 1;
        } else {
            stack[i++] = 0;
        }
    }
    return best;
}

static void test_sweep_resumes_interrupted_run(void)
{
    char *dir = make_folder();
    char *instance_path = g_build_filename(dir, "tiny,6x4.txt", NULL);
    CU_ASSERT_FATAL(g_file_set_contents(instance_path,
                                        "6 4\n"
                                        "5 9 8 10 1 7\n"
                                        "9 3 10 1 8 2\n"
                                        "9 4 5 8 6 9\n"
                                        "4 8 8 7 5 3\n",
                                        -1, NULL));
    fsbb_instance *instance;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load(instance_path, &instance, &err), FSBB_OK);
    const int optimum = brute_force_optimum(instance);
    fsbb_instance_free(instance);
    char **parts = g_strsplit(instance_path, ",", -1);
    char *listed = g_strjoinv("\\,", parts);
    g_strfreev(parts);
    char *text = g_strdup_printf("[sweep]\ninstances = %s\nrepeats = 2\n[parameters]\nlb = lb1, lb2\nthreads = 1\n"
                                 "ub = inf\n",
                                 listed);
    fsbb_sweep_spec *spec = parse_ok(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(spec);
    CU_ASSERT_STRING_EQUAL(spec->instances[0], instance_path);
    char *out = g_build_filename(dir, "out", NULL);
    fsbb_sweep_report report;
    CU_ASSERT_EQUAL(execute(spec, out, 0, &report), 4);
    CU_ASSERT_EQUAL(report.skipped, 0);
    CU_ASSERT_EQUAL(report.failed, 0);
    fsbb_sweep_table table;
    char *csv_path = g_build_filename(out, "runs.csv", NULL);
    CU_ASSERT_EQUAL_FATAL(fsbb_sweep_table_read(csv_path, &table, &err), FSBB_OK);
    CU_ASSERT_EQUAL(table.rows->len, 4);
    CU_ASSERT_EQUAL(table.bad_rows->len, 0);
    for (guint r = 0; r < table.rows->len; r++) {
        char **row = g_ptr_array_index(table.rows, r);
        CU_ASSERT_STRING_EQUAL(row[FSBB_COLUMN_INSTANCE], instance_path);
        CU_ASSERT_EQUAL(atoi(row[fsbb_sweep_result_column_index(table.layout, FSBB_COLUMN_MAKESPAN)]), optimum);
        CU_ASSERT_STRING_EQUAL(row[fsbb_sweep_result_column_index(table.layout, FSBB_COLUMN_OPTIMAL)], "true");
        CU_ASSERT_STRING_EQUAL(row[fsbb_sweep_result_column_index(table.layout, FSBB_COLUMN_JOBS)], "6");
    }
    fsbb_sweep_table_clear(&table);
    /* A kill during the last row's write: it lacks its end. */
    char *csv = read_text(out, "runs.csv");
    CU_ASSERT(g_file_set_contents(csv_path, csv, (gssize)strlen(csv) - 12, NULL));
    g_free(csv);
    CU_ASSERT_EQUAL(execute(spec, out, 0, &report), 1);
    CU_ASSERT_EQUAL(report.skipped, 3);
    CU_ASSERT_EQUAL(execute(spec, out, 0, &report), 0);
    CU_ASSERT_EQUAL(report.skipped, 4);
    csv = read_text(out, "runs.csv");
    CU_ASSERT_EQUAL(count_lines(csv), 1 + 4);
    CU_ASSERT_PTR_NOT_NULL(strstr(csv, "tiny,6x4.txt\",2,lb2,1,inf,6,4,optimal,"));
    g_free(csv);
    char *jsonl = read_text(out, "runs.jsonl");
    CU_ASSERT_EQUAL(count_lines(jsonl), 4);
    g_free(jsonl);
    /* The first row damaged: only its run is done again. */
    csv = read_text(out, "runs.csv");
    csv[strcspn(csv, "\n") + 1] = 'x';
    CU_ASSERT(g_file_set_contents(csv_path, csv, -1, NULL));
    g_free(csv);
    CU_ASSERT_EQUAL(execute(spec, out, 0, &report), 1);
    CU_ASSERT_EQUAL(report.skipped, 3);
    /* --force redoes every run and still stores each once. */
    CU_ASSERT_EQUAL(execute(spec, out, 1, &report), 4);
    CU_ASSERT_EQUAL_FATAL(fsbb_sweep_table_read(csv_path, &table, &err), FSBB_OK);
    CU_ASSERT_EQUAL(table.rows->len, 4);
    fsbb_sweep_table_clear(&table);
    g_free(csv_path);
    remove_folder(out);
    fsbb_sweep_spec_free(spec);
    g_free(text);
    g_free(listed);
    g_free(instance_path);
    remove_folder(dir);
}

static void test_sweep_refuses_missing_instance(void)
{
    char *dir = make_folder();
    char *out = g_build_filename(dir, "out", NULL);
    fsbb_sweep_spec *spec = parse_ok("[sweep]\ninstances = ta001, no/such/file.txt\n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(spec);
    fsbb_sweep *sweep = NULL;
    fsbb_error err;
    CU_ASSERT_NOT_EQUAL(fsbb_sweep_new(spec, out, 0, &sweep, &err), FSBB_OK);
    CU_ASSERT_PTR_NULL(sweep);
    CU_ASSERT(g_str_has_prefix(err.message, "test.ini: [sweep] instances: no/such/file.txt: "));
    CU_ASSERT_FALSE(g_file_test(out, G_FILE_TEST_EXISTS));
    fsbb_sweep_spec_free(spec);
    g_free(out);
    remove_folder(dir);
}

/* ub = opt needs a best-known makespan: an instance without one is refused when the sweep
 * is planned (and by --dry-run's check), not by every one of its runs. */
static void test_sweep_refuses_ub_opt_without_best_known(void)
{
    char *dir = make_folder();
    char *instance_path = g_build_filename(dir, "tiny.txt", NULL);
    CU_ASSERT_FATAL(g_file_set_contents(instance_path, "3 2\n1 2 3\n4 5 6\n", -1, NULL));
    char *out = g_build_filename(dir, "out", NULL);
    char *text = g_strdup_printf("[sweep]\ninstances = ta001, %s\n[parameters]\nlb = lb1\nub = inf, opt\n",
                                 instance_path);
    fsbb_sweep_spec *spec = parse_ok(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(spec);
    char *expected = g_strdup_printf("test.ini: [sweep] instances: '%s' has no best-known makespan, which "
                                     "[parameters] ub = opt needs", instance_path);
    fsbb_sweep *sweep = NULL;
    fsbb_error err = {0};
    CU_ASSERT_EQUAL(fsbb_sweep_new(spec, out, 0, &sweep, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_PTR_NULL(sweep);
    CU_ASSERT(g_str_has_prefix(err.message, expected));
    CU_ASSERT_FALSE(g_file_test(out, G_FILE_TEST_EXISTS));
    long stored = -1;
    GPtrArray *bad_rows = NULL;
    CU_ASSERT_EQUAL(fsbb_sweep_check(spec, out, &stored, &bad_rows, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT(g_str_has_prefix(err.message, expected));
    fsbb_sweep_spec_free(spec);
    g_free(text);
    /* Without ub = opt the same instances are fine. */
    text = g_strdup_printf("[sweep]\ninstances = ta001, %s\n[parameters]\nub = inf, heuristic\n", instance_path);
    spec = parse_ok(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(spec);
    CU_ASSERT_EQUAL(fsbb_sweep_check(spec, out, &stored, &bad_rows, &err), FSBB_OK);
    CU_ASSERT_EQUAL(stored, 0);
    fsbb_sweep_spec_free(spec);
    g_free(text);
    g_free(expected);
    g_remove(instance_path);
    g_free(instance_path);
    g_free(out);
    remove_folder(dir);
}

/* ---- summaries -------------------------------------------------------------------- */

static void test_median(void)
{
    double odd[] = {3, 1, 2}, even[] = {4, 1, 3, 2}, one[] = {7};
    CU_ASSERT_DOUBLE_EQUAL(fsbb_median(odd, 3), 2, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(fsbb_median(even, 4), 2.5, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(fsbb_median(one, 1), 7, 1e-12);
}

static void test_summary_configurations(void)
{
    char *names[] = {"lb", "threads"};
    fsbb_sweep_layout *layout = fsbb_sweep_layout_new(names, 2);
    const char *lb1[] = {"lb1", "2"}, *lb2[] = {"lb2", "2"};
    GPtrArray *rows = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    g_ptr_array_add(rows, sample_row(layout, "ta001", "1", lb1, "3.0", "300", "1278"));
    g_ptr_array_add(rows, sample_row(layout, "ta001", "2", lb1, "1.0", "100", "1278"));
    g_ptr_array_add(rows, sample_row(layout, "ta001", "3", lb1, "2.0", "200", "1278"));
    g_ptr_array_add(rows, sample_row(layout, "ta001", "1", lb2, "5.0", "50", "1278"));
    g_ptr_array_add(rows, sample_row(layout, "ta002", "1", lb1, "4.0", "40", "1359"));
    int varying[2];
    GPtrArray *configs = fsbb_sweep_configurations(layout, rows, varying);
    CU_ASSERT_EQUAL_FATAL(configs->len, 3);
    CU_ASSERT(varying[0] && !varying[1]);
    const fsbb_sweep_config *first = g_ptr_array_index(configs, 0);
    CU_ASSERT_STRING_EQUAL(first->instance, "ta001");
    CU_ASSERT_STRING_EQUAL(first->variant, "lb=lb1");
    CU_ASSERT_EQUAL(first->runs, 3);
    CU_ASSERT_DOUBLE_EQUAL(first->time_min, 1.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(first->time_median, 2.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(first->nodes_median, 200, 1e-12);
    /* Only ta001 has both lb values, so the totals cover ta001 alone. */
    GHashTable *shared = fsbb_sweep_shared_instances(configs);
    CU_ASSERT_EQUAL(g_hash_table_size(shared), 1);
    CU_ASSERT(g_hash_table_contains(shared, "ta001"));
    g_hash_table_destroy(shared);
    char *markdown = fsbb_sweep_summary_markdown(layout, rows, "t", NULL, NULL);
    CU_ASSERT_PTR_NOT_NULL(strstr(markdown, "| ta001 | 20x5 | lb1 | 3 | 3 | 1278 | 1.000 | 2.000 | 100 | 200 |"));
    CU_ASSERT_PTR_NOT_NULL(strstr(markdown, "Fixed parameters: threads=2"));
    CU_ASSERT_PTR_NOT_NULL(strstr(markdown, "| lb=lb2 | 1 | 1 | 5.000 | 50 |"));
    g_free(markdown);
    g_ptr_array_free(configs, TRUE);
    g_ptr_array_free(rows, TRUE);
    fsbb_sweep_layout_free(layout);
}

FSBB_SUITE("sweep",
           {"a good sweep file", test_parse_good_file},
           {"defaults: name from the file, one repeat", test_parse_defaults},
           {"a UTF-8 byte-order mark is skipped", test_parse_byte_order_mark},
           {"Taillard names in Taillard's spelling", test_parse_taillard_names},
           {"malformed sweep files name the key at fault", test_parse_malformed_files},
           {"a written file that several runs would share is refused", test_parse_shared_written_files},
           {"instance ranges", test_instance_ranges},
           {"the product: count and order", test_product_count_and_order},
           {"CSV quoting round-trips", test_csv_escaping},
           {"CSV torn records", test_csv_torn_records},
           {"CSV damaged lines are skipped, the records after them kept", test_csv_damaged_lines},
           {"JSON rows", test_json_rows},
           {"gnuplot strings: single quotes, line breaks, nothing run", test_gnuplot_strings},
           {"gnuplot data fields", test_gnuplot_data_fields},
           {"runs.csv headers: parameter names are plain names", test_header_parameter_names},
           {"a torn row is dropped and redone once", test_store_resumes_after_torn_row},
           {"a bad row costs only itself, and is kept aside", test_store_keeps_rows_after_a_bad_one},
           {"what is wrong with a row read back", test_row_problems},
           {"another sweep's rows are refused or moved aside", test_store_refuses_other_sweeps_rows},
           {"sweep.ini and the sweep files before it", test_sweep_file_history},
           {"a sweep resumes after an interrupted write", test_sweep_resumes_interrupted_run},
           {"an instance that does not load stops the sweep first", test_sweep_refuses_missing_instance},
           {"ub = opt without a best-known makespan is refused when planning",
            test_sweep_refuses_ub_opt_without_best_known},
           {"median", test_median},
           {"summary configurations and totals", test_summary_configurations})
