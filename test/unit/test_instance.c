/* test_instance.c — loading and parsing instances (solver/core/instance.c): the 120 committed
 * Taillard files against the generator, names, the plain form, every kind of malformed input
 * with its line number, random mutations of good files, and the makespan of a permutation.
 * Run from the repository root (the tests read instances/ and test/data/). */
#include "suites.h"
#include "test_support.h"

#include "bound_data.h"
#include "instance.h"
#include "taillard.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The tiny instance of test/data/tiny.txt: machine 0 takes 3 2 4, machine 1 takes 2 5 1. */
static const char tiny_text[] = "3 2\n3 2 4\n2 5 1\n";

static fsbb_instance *parse_ok(const char *text, size_t length, const char *source)
{
    fsbb_instance *instance = NULL;
    fsbb_error err = {0};
    const fsbb_status status = fsbb_instance_parse(text, length, source, &instance, &err);
    if (status != FSBB_OK)
        fprintf(stderr, "\nunexpected parse error: %s\n", err.message);
    CU_ASSERT_EQUAL(status, FSBB_OK);
    return instance;
}

/* Taillard's file text of instance index, as instances/generate.c writes it but for the
 * lower-bound column (which the parser does not keep). */
static char *taillard_text(int index, size_t *length)
{
    const fsbb_taillard_entry *e = fsbb_taillard_entry_at(index);
    int *p = malloc(sizeof *p * (size_t)e->jobs * (size_t)e->machines);
    char *text = NULL;
    FILE *stream = open_memstream(&text, length);
    if (!p || !stream) {
        free(p);
        return NULL;
    }
    fsbb_taillard_generate(index, p);
    fprintf(stream, "number of jobs, number of machines, initial seed, upper bound and lower bound :\n");
    fprintf(stream, "%12d%12d%12ld%12d%12d\nprocessing times :\n", e->jobs, e->machines, e->time_seed, e->best_known,
            e->best_known);
    for (int k = 0; k < e->machines; k++) {
        for (int j = 0; j < e->jobs; j++)
            fprintf(stream, "%3d", p[k * e->jobs + j]);
        fputc('\n', stream);
    }
    fclose(stream);
    free(p);
    return text;
}

static int same_times(const fsbb_instance *instance, const int *p)
{
    return memcmp(instance->p, p, sizeof *p * (size_t)instance->n * (size_t)instance->m) == 0;
}

/* Every instances/taNNN.txt parses to the instance generated from its seed. */
static void test_committed_files(void)
{
    for (int index = 1; index <= FSBB_TAILLARD_COUNT; index++) {
        const fsbb_taillard_entry *e = fsbb_taillard_entry_at(index);
        char path[64];
        snprintf(path, sizeof path, "instances/%s.txt", e->name);
        fsbb_instance *from_file = NULL, *generated = NULL;
        fsbb_error err = {0};
        if (fsbb_instance_load(path, &from_file, &err) != FSBB_OK)
            fprintf(stderr, "\n%s (run the tests from the repository root)\n", err.message);
        CU_ASSERT_PTR_NOT_NULL_FATAL(from_file);
        CU_ASSERT_EQUAL_FATAL(fsbb_instance_load(e->name, &generated, &err), FSBB_OK);
        CU_ASSERT_STRING_EQUAL(from_file->name, e->name);
        CU_ASSERT_EQUAL(from_file->n, e->jobs);
        CU_ASSERT_EQUAL(from_file->m, e->machines);
        CU_ASSERT_EQUAL_FATAL(generated->n * generated->m, from_file->n * from_file->m);
        CU_ASSERT_TRUE(same_times(from_file, generated->p));
        CU_ASSERT_EQUAL(from_file->seed, e->time_seed);
        CU_ASSERT_EQUAL(from_file->best_known, e->best_known);
        fsbb_instance_free(from_file);
        fsbb_instance_free(generated);
    }
}

static void test_load_by_name(void)
{
    static const char *const forms[] = {"ta001", "ta1", "TA001", "Ta01"};
    static const int ta001_first_row[20] = {54, 83, 15, 71, 77, 36, 53, 38, 27, 87,
                                            76, 91, 14, 29, 12, 77, 32, 87, 68, 94};
    for (size_t f = 0; f < sizeof forms / sizeof *forms; f++) {
        fsbb_instance *instance = NULL;
        CU_ASSERT_EQUAL_FATAL(fsbb_instance_load(forms[f], &instance, NULL), FSBB_OK);
        CU_ASSERT_STRING_EQUAL(fsbb_instance_name(instance), "ta001");
        CU_ASSERT_EQUAL(fsbb_instance_jobs(instance), 20);
        CU_ASSERT_EQUAL(fsbb_instance_machines(instance), 5);
        CU_ASSERT_EQUAL(fsbb_instance_best_known(instance), 1278);
        for (int j = 0; j < 20; j++)
            CU_ASSERT_EQUAL(fsbb_instance_time(instance, 0, j), ta001_first_row[j]);
        CU_ASSERT_EQUAL(fsbb_instance_time(instance, 5, 0), -1);
        CU_ASSERT_EQUAL(fsbb_instance_time(instance, 0, 20), -1);
        CU_ASSERT_EQUAL(fsbb_instance_time(instance, -1, 0), -1);
        fsbb_instance_free(instance);
    }
}

static void test_load_errors(void)
{
    fsbb_instance *instance = NULL;
    fsbb_error err = {0};
    CU_ASSERT_EQUAL(fsbb_instance_load("ta121", &instance, &err), FSBB_ERR_IO);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "ta121"));
    CU_ASSERT_EQUAL(fsbb_instance_load("test/data/no-such-file.txt", &instance, &err), FSBB_ERR_IO);
    CU_ASSERT_EQUAL(fsbb_instance_load("test/data", &instance, &err), FSBB_ERR_IO);
    CU_ASSERT_EQUAL(fsbb_instance_load(NULL, &instance, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_PTR_NULL(instance);

    CU_ASSERT_EQUAL(fsbb_instance_load("test/data/ta001_truncated.txt", &instance, &err), FSBB_ERR_PARSE);
    CU_ASSERT_PTR_NULL(instance);
    CU_ASSERT_EQUAL(strncmp(err.message, "test/data/ta001_truncated.txt:5: truncated", 42), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "found 40"));
}

/* Plain form, from a file and from text laid out differently; name from the file name. */
static void test_plain_form(void)
{
    fsbb_instance *from_file = NULL;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("test/data/tiny.txt", &from_file, NULL), FSBB_OK);
    CU_ASSERT_STRING_EQUAL(from_file->name, "tiny");
    CU_ASSERT_EQUAL(from_file->n, 3);
    CU_ASSERT_EQUAL(from_file->m, 2);
    CU_ASSERT_EQUAL(from_file->best_known, 0);
    CU_ASSERT_EQUAL(from_file->seed, 0);
    const int expected[6] = {3, 2, 4, 2, 5, 1};
    CU_ASSERT_TRUE(same_times(from_file, expected));

    static const char spaced[] = "\r\n  3\t2 3\n\n2\n4 2 5\r\n1";
    fsbb_instance *from_text = parse_ok(spaced, sizeof spaced - 1, "some/dir/my.instance.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(from_text);
    CU_ASSERT_STRING_EQUAL(from_text->name, "my.instance");
    CU_ASSERT_TRUE(same_times(from_text, expected));
    fsbb_instance_free(from_text);
    fsbb_instance_free(from_file);
}

/* A UTF-8 byte-order mark before the first line is skipped in every form. */
static void test_byte_order_mark(void)
{
    static const char plain[] = "\xef\xbb\xbf" "3 2\n3 2 4\n2 5 1\n";
    fsbb_instance *instance = parse_ok(plain, sizeof plain - 1, "bom.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(instance);
    const int expected[6] = {3, 2, 4, 2, 5, 1};
    CU_ASSERT_EQUAL(instance->n, 3);
    CU_ASSERT_TRUE(same_times(instance, expected));
    fsbb_instance_free(instance);

    size_t length;
    char *text = taillard_text(1, &length);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    char *marked = malloc(length + 3);
    CU_ASSERT_PTR_NOT_NULL_FATAL(marked);
    memcpy(marked, "\xef\xbb\xbf", 3);
    memcpy(marked + 3, text, length);
    instance = parse_ok(marked, length + 3, "ta001.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(instance);
    CU_ASSERT_EQUAL(instance->best_known, 1278);
    fsbb_instance_free(instance);
    free(marked);
    free(text);
}

/* tiny.txt in VRF: one line per job, pairs "machine time". */
static const char tiny_vrf[] = "3 2\n0 3 1 2\n0 2 1 5\n0 4 1 1\n";

static void test_vrf_form(void)
{
    const int expected[6] = {3, 2, 4, 2, 5, 1};
    fsbb_instance *instance = parse_ok(tiny_vrf, sizeof tiny_vrf - 1, "dir/tiny.vrf");
    CU_ASSERT_PTR_NOT_NULL_FATAL(instance);
    CU_ASSERT_STRING_EQUAL(instance->name, "tiny");
    CU_ASSERT_EQUAL(instance->n, 3);
    CU_ASSERT_EQUAL(instance->m, 2);
    CU_ASSERT_TRUE(same_times(instance, expected));
    fsbb_instance_free(instance);

    /* Blank lines, CRLF and trailing blanks change nothing. */
    static const char spaced[] = "3 2 \r\n\r\n0 3 1 2 \r\n0 2\t1 5\r\n\n0 4 1 1";
    instance = parse_ok(spaced, sizeof spaced - 1, "spaced");
    CU_ASSERT_PTR_NOT_NULL_FATAL(instance);
    CU_ASSERT_TRUE(same_times(instance, expected));
    fsbb_instance_free(instance);
}

/* instances/vrf/ta001.txt holds ta001's times and is recognised as ta001. */
static void test_vrf_file(void)
{
    fsbb_instance *from_file = NULL, *named = NULL, *generated = test_load_instance("ta001");
    fsbb_error err = {0};
    if (fsbb_instance_load("instances/vrf/ta001.txt", &from_file, &err) != FSBB_OK)
        fprintf(stderr, "\n%s (run the tests from the repository root)\n", err.message);
    CU_ASSERT_PTR_NOT_NULL_FATAL(from_file);
    CU_ASSERT_EQUAL(from_file->n, 20);
    CU_ASSERT_EQUAL(from_file->m, 5);
    CU_ASSERT_TRUE(same_times(from_file, generated->p));
    CU_ASSERT_STRING_EQUAL(from_file->name, "ta001");
    CU_ASSERT_EQUAL(from_file->best_known, 1278);
    CU_ASSERT_EQUAL(fsbb_instance_load_format("instances/vrf/ta001.txt", "vrf", &named, &err), FSBB_OK);
    CU_ASSERT_PTR_NOT_NULL_FATAL(named);
    CU_ASSERT_TRUE(same_times(named, generated->p));
    fsbb_instance_free(named);
    named = NULL;
    CU_ASSERT_EQUAL(fsbb_instance_load_format("instances/vrf/ta001.txt", "plain", &named, &err), FSBB_ERR_PARSE);
    CU_ASSERT_EQUAL(strncmp(err.message, "instances/vrf/ta001.txt:12: extra token", 39), 0);
    CU_ASSERT_EQUAL(fsbb_instance_load_format("instances/vrf/ta001.txt", "taillard", &named, &err), FSBB_ERR_PARSE);
    CU_ASSERT_PTR_NULL(named);
    fsbb_instance_free(from_file);
    fsbb_instance_free(generated);
}

/* A named format is the only one tried: it reads an ambiguous file as that format says. */
static void test_named_format(void)
{
    static const char job_rows[] = "4 2\n1 2\n3 4\n5 6\n7 8\n";
    static const char vrf_lines[] = "4 2\n0 1 1 4\n0 2 1 5\n";
    fsbb_instance *instance = NULL;
    fsbb_error err = {0};
    CU_ASSERT_EQUAL(fsbb_instance_parse_format(job_rows, sizeof job_rows - 1, "x", FSBB_FORMAT_PLAIN, &instance, &err),
                    FSBB_OK);
    CU_ASSERT_PTR_NOT_NULL_FATAL(instance);
    CU_ASSERT_EQUAL(fsbb_instance_time(instance, 0, 3), 4);
    CU_ASSERT_EQUAL(fsbb_instance_time(instance, 1, 0), 5);
    fsbb_instance_free(instance);
    instance = NULL;
    CU_ASSERT_EQUAL(fsbb_instance_parse_format(vrf_lines, sizeof vrf_lines - 1, "x", FSBB_FORMAT_PLAIN, &instance, &err),
                    FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_instance_time(instance, 0, 1), 1);
    fsbb_instance_free(instance);
    instance = NULL;
    CU_ASSERT_EQUAL(fsbb_instance_parse_format(vrf_lines, sizeof vrf_lines - 1, "x", FSBB_FORMAT_VRF, &instance, &err),
                    FSBB_ERR_PARSE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "x:3: truncated: expected 4 job lines (VRF), found 2"));
    CU_ASSERT_EQUAL(fsbb_instance_parse_format(tiny_text, sizeof tiny_text - 1, "x", FSBB_FORMAT_TAILLARD, &instance,
                                               &err),
                    FSBB_ERR_PARSE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "x:1: expected Taillard's first line"));
    CU_ASSERT_EQUAL(fsbb_instance_parse_format(tiny_text, sizeof tiny_text - 1, "x", FSBB_FORMAT_VRF, &instance, &err),
                    FSBB_ERR_PARSE);
    size_t length;
    char *taillard = taillard_text(1, &length);
    CU_ASSERT_PTR_NOT_NULL_FATAL(taillard);
    CU_ASSERT_EQUAL(fsbb_instance_parse_format(taillard, length, "x", FSBB_FORMAT_PLAIN, &instance, &err),
                    FSBB_ERR_PARSE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "x:1: expected number of jobs, found 'number'"));
    CU_ASSERT_PTR_NULL(instance);
    free(taillard);

    /* A square matrix laid out job by job cannot be told apart: it is read machine by machine. */
    static const char square[] = "2 2\n1 2\n3 4\n";
    instance = parse_ok(square, sizeof square - 1, "square");
    CU_ASSERT_PTR_NOT_NULL_FATAL(instance);
    CU_ASSERT_EQUAL(fsbb_instance_time(instance, 0, 1), 2);
    fsbb_instance_free(instance);

    /* Names: a format describes a file, so a Taillard name is then a path. */
    CU_ASSERT_EQUAL(fsbb_instance_load_format("ta001", "plain", &instance, &err), FSBB_ERR_IO);
    CU_ASSERT_EQUAL(fsbb_instance_load_format("ta001", "auto", &instance, &err), FSBB_OK);
    fsbb_instance_free(instance);
    CU_ASSERT_EQUAL(fsbb_instance_load_format("ta001", NULL, &instance, &err), FSBB_OK);
    fsbb_instance_free(instance);
    instance = NULL;
    CU_ASSERT_EQUAL(fsbb_instance_load_format("ta001", "csv", &instance, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "'csv'"));
    CU_ASSERT_PTR_NULL(instance);
}

/* best_known comes with Taillard's times only: recognised by the file's name or by the
 * seed in its header, never for other times under a Taillard name. */
static void test_taillard_recognition(void)
{
    size_t length;
    char *text = taillard_text(1, &length);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    fsbb_instance *by_seed = parse_ok(text, length, "data/other_name.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(by_seed);
    CU_ASSERT_STRING_EQUAL(by_seed->name, "other_name");
    CU_ASSERT_EQUAL(by_seed->best_known, 1278);

    fsbb_instance *same = NULL, *changed = NULL, *unnamed = NULL;
    int *times = malloc(sizeof *times * 100);
    CU_ASSERT_PTR_NOT_NULL_FATAL(times);
    memcpy(times, by_seed->p, sizeof *times * 100);
    CU_ASSERT_EQUAL(fsbb_instance_from_matrix("ta001", 20, 5, times, &same, NULL), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_instance_best_known(same), 1278);
    CU_ASSERT_EQUAL(fsbb_instance_from_matrix("mine", 20, 5, times, &unnamed, NULL), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_instance_best_known(unnamed), 0);
    times[57] += 1;
    CU_ASSERT_EQUAL(fsbb_instance_from_matrix("ta001", 20, 5, times, &changed, NULL), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_instance_best_known(changed), 0);
    CU_ASSERT_EQUAL(changed->seed, 0);

    /* The same file with one time changed: neither its name nor its seed makes it ta001. */
    char *digit = strstr(text, "processing times :\n") + strlen("processing times :\n") + 2;
    *digit = *digit == '9' ? '8' : (char)(*digit + 1);
    fsbb_instance *edited = parse_ok(text, length, "ta001.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(edited);
    CU_ASSERT_EQUAL(edited->best_known, 0);
    CU_ASSERT_EQUAL(edited->seed, 0);
    /* ... so it is named by its path as given, never as the built-in ta001; a file of
     * Taillard's times keeps his name. */
    CU_ASSERT_STRING_EQUAL(edited->name, "ta001.txt");
    fsbb_instance *small = parse_ok("3 2\n1 2 3\n4 5 6\n", strlen("3 2\n1 2 3\n4 5 6\n"), "./ta005");
    CU_ASSERT_PTR_NOT_NULL_FATAL(small);
    CU_ASSERT_STRING_EQUAL(small->name, "./ta005");
    fsbb_instance_free(small);
    char *original = taillard_text(1, &length);
    CU_ASSERT_PTR_NOT_NULL_FATAL(original);
    fsbb_instance *named = parse_ok(original, length, "instances/ta001.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(named);
    CU_ASSERT_STRING_EQUAL(named->name, "ta001");
    CU_ASSERT_EQUAL(named->best_known, 1278);
    fsbb_instance_free(named);
    free(original);

    fsbb_instance_free(edited);
    fsbb_instance_free(changed);
    fsbb_instance_free(unnamed);
    fsbb_instance_free(same);
    fsbb_instance_free(by_seed);
    free(times);
    free(text);
}

static void test_from_matrix_refusals(void)
{
    const int times[4] = {1, 2, 3, 4};
    const int negative[4] = {1, -2, 3, 4};
    const int too_long[4] = {1, 2, FSBB_MAX_TIME + 1, 4};
    fsbb_instance *instance = NULL;
    fsbb_error err = {0};
    CU_ASSERT_EQUAL(fsbb_instance_from_matrix("x", 0, 2, times, &instance, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_instance_from_matrix("x", 2, 0, times, &instance, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_instance_from_matrix("x", FSBB_MAX_JOBS + 1, 1, times, &instance, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_instance_from_matrix("x", 2, 2, negative, &instance, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_instance_from_matrix("x", 2, 2, too_long, &instance, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_instance_from_matrix("x", 2, 2, NULL, &instance, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_PTR_NULL(instance);
    CU_ASSERT_EQUAL(fsbb_instance_from_matrix("x", 2, 2, times, &instance, &err), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_instance_time(instance, 1, 0), 3);
    fsbb_instance_free(instance);
}

typedef struct malformed_case {
    const char *what;
    const char *text;
    size_t length;  /* 0: strlen(text) */
    int line;       /* the line the message must name */
    const char *says;
} malformed_case;

#define TAILLARD_HEADER "number of jobs, number of machines, initial seed, upper bound and lower bound :\n"

static const malformed_case malformed_cases[] = {
    {"empty file", "", 0, 1, "empty"},
    {"white space only", " \n\t\n\r\n", 0, 1, "empty"},
    {"no machine count", "3\n", 0, 1, "truncated"},
    {"truncated times", "3 2\n3 2 4\n2 5\n", 0, 3, "found 5"},
    {"truncated after the sizes", "3 2\n\n", 0, 1, "found 0"},
    {"extra token", "3 2\n3 2 4\n2 5 1\n\n7\n", 0, 5, "extra token '7'"},
    {"extra text", "3 2\n3 2 4\n2 5 1 end\n", 0, 3, "extra token 'end'"},
    {"word for a time", "3 2\n3 2 4\n2 five 1\n", 0, 3, "'five'"},
    {"number glued to a word", "3 2\n3 2 4x\n2 5 1\n", 0, 2, "'4x'"},
    {"plus sign", "3 2\n+3 2 4\n2 5 1\n", 0, 2, "'+3'"},
    {"decimal time", "3 2\n3 2.5 4\n2 5 1\n", 0, 2, "'2.5'"},
    {"lone minus", "3 2\n3 - 4\n2 5 1\n", 0, 2, "'-'"},
    {"negative time", "3 2\n3 2 4\n2 -5 1\n", 0, 3, "negative"},
    {"negative jobs", "-3 2\n", 0, 1, "negative number of jobs"},
    {"time above the limit", "3 2\n3 2 4\n2 1000001 1\n", 0, 3, "too large"},
    {"time overflowing int", "3 2\n3 2 4\n2 5 2147483648\n", 0, 3, "too large"},
    {"time overflowing 64 bits", "3 2\n3 2 99999999999999999999999999999\n2 5 1\n", 0, 2, "too large"},
    {"zero jobs", "0 2\n", 0, 1, "number of jobs is 0"},
    {"zero machines", "3\n0\n1 2 3\n", 0, 2, "number of machines is 0"},
    {"too many jobs", "30001 2\n", 0, 1, "too large"},
    {"too many machines", "2 1001\n", 0, 1, "too large"},
    {"jobs overflowing int", "\n\n99999999999 2\n", 0, 3, "too large"},
    {"NUL byte", "3 2\n3 2 4\n2 5\0 1\n", 17, 3, "NUL"},
    {"control byte", "3 2\n3 2 4\n\n\x01\x02\x03", 0, 4, "control character 0x01"},
    {"DEL byte", "3 2\n\x7f", 0, 2, "0x7f"},
    {"high bytes", "3 2\n3 2 4\n2 5 \xff\xfe\n", 0, 3, "\\xff\\xfe"},
    {"Taillard: header only", TAILLARD_HEADER, 0, 1, "truncated"},
    {"Taillard: four header numbers", TAILLARD_HEADER "3 2 12345 20\nprocessing times :\n", 0, 3, "line 2 has 4"},
    {"Taillard: header over two lines", TAILLARD_HEADER "3 2 12345\n20 18\nprocessing times :\n", 0, 3,
     "Taillard's header has its five numbers on one line"},
    {"a comment line before a plain file", "# comment\n3 2\n4 5 6\n7 8 9\n", 0, 3,
     "line 2 has 2: a file whose first line is text ('#') is read as Taillard's"},
    {"a second byte-order mark", "\xef\xbb\xbf\xef\xbb\xbf" "3 2\n4 5 6\n7 8 9\n", 0, 3, "('\\xef\\xbb\\xbf3')"},
    {"Taillard: six header numbers", TAILLARD_HEADER "3 2 12345 20 18 7\nprocessing times :\n", 0, 2,
     "extra token '7'"},
    {"Taillard: no 'processing times' line", TAILLARD_HEADER "3 2 12345 20 18\n3 2 4\n2 5 1\n", 0, 3,
     "processing times"},
    {"Taillard: zero jobs", TAILLARD_HEADER "0 2 12345 20 18\nprocessing times :\n", 0, 2, "number of jobs is 0"},
    {"Taillard: seed overflowing int", TAILLARD_HEADER "3 2 2147483648 20 18\nprocessing times :\n", 0, 2,
     "initial seed"},
    {"Taillard: truncated times", TAILLARD_HEADER "3 2 12345 20 18\nprocessing times :\n3 2 4\n", 0, 4, "found 3"},
    {"VRF: machine outside 0..m-1", "3 2\n0 3 1 2\n0 2 2 5\n0 4 1 1\n", 0, 3, "machine 2 is outside 0..1"},
    {"VRF: machines out of order", "3 2\n0 3 1 2\n1 2 0 5\n0 4 1 1\n", 0, 3,
     "machine 1 where machine 0 was expected"},
    {"VRF: a pair missing", "3 2\n0 3 1 2\n0 2\n0 4 1 1\n", 0, 3, "1 'machine time' pair on this job line, expected 2"},
    {"VRF: a time missing", "3 2\n0 3 1 2\n0 2 1\n0 4 1 1\n", 0, 3, "machine 1 without its processing time"},
    {"VRF: a job line missing", "3 2\n0 3 1 2\n0 2 1 5\n", 0, 3, "truncated: expected 3 job lines (VRF), found 2"},
    {"VRF of two jobs: the last time missing", "2 2\n0 5 1 6\n0 7 1\n", 0, 3,
     "machine 1 without its processing time (VRF)"},
    {"plain: a time missing, a row reading '0 t 1'", "3 2\n0 5 1\n4 5\n", 0, 3,
     "truncated: expected 6 processing times"},
    {"VRF: extra number on a job line", "3 2\n0 3 1 2 9\n0 2 1 5\n0 4 1 1\n", 0, 2, "extra token '9'"},
    {"VRF: extra line", "3 2\n0 3 1 2\n0 2 1 5\n0 4 1 1\n7\n", 0, 5, "extra token '7' after the 3 job lines"},
    {"VRF: a job on the first line", "3 2 0 3 1 2\n0 2 1 5\n0 4 1 1\n", 0, 1, "after 'n m' on the first line"},
    {"VRF: negative time", "3 2\n0 3 1 -2\n0 2 1 5\n0 4 1 1\n", 0, 2, "negative processing time"},
    {"VRF: time above the limit", "3 2\n0 3 1 2\n0 2 1 5\n0 4 1 1000001\n", 0, 4, "too large"},
    {"VRF: word for a machine", "3 2\n0 3 1 2\n0 2 one 5\n0 4 1 1\n", 0, 3, "expected machine number, found 'one'"},
    {"VRF: machines numbered from 1", "3 2\n1 3 2 2\n1 2 2 5\n1 4 2 1\n", 0, 2,
     "machine 1 where machine 0 was expected"},
    {"plain: twice the times on rows of the wrong length", "4 2\n1 2 3 4 5 6 7 8\n9 10 11 12 13 14 15 16\n", 0, 3,
     "extra token '9' after the 2 x 4 processing times"},
    {"ambiguous: plain, or the first lines of VRF", "4 2\n0 1 1 4\n0 2 1 5\n", 0, 1,
     "ambiguous: 8 numbers on 2 lines of 2 'machine time' pairs: the plain form (2 rows of 4 times) or a VRF file"},
    {"ambiguous: one row per job", "4 2\n1 2\n3 4\n5 6\n7 8\n", 0, 1,
     "ambiguous: 8 times on 4 lines of 2: the plain form wants one row per machine"},
    {"Taillard: second instance", TAILLARD_HEADER "3 2 12345 20 18\nprocessing times :\n3 2 4\n2 5 1\n" TAILLARD_HEADER,
     0, 6, "extra token 'number'"},
};

static void test_malformed(void)
{
    for (size_t c = 0; c < sizeof malformed_cases / sizeof *malformed_cases; c++) {
        const malformed_case *mc = &malformed_cases[c];
        const size_t length = mc->length ? mc->length : strlen(mc->text);
        fsbb_instance *instance = NULL;
        fsbb_error err = {0};
        const fsbb_status status = fsbb_instance_parse(mc->text, length, "bad.txt", &instance, &err);
        char prefix[32];
        snprintf(prefix, sizeof prefix, "bad.txt:%d: ", mc->line);
        const int right = status == FSBB_ERR_PARSE && !instance && strncmp(err.message, prefix, strlen(prefix)) == 0 &&
                          strstr(err.message, mc->says) && !strchr(err.message, '\n');
        if (!right)
            fprintf(stderr, "\n%s: status %d, message \"%s\"; wanted \"%s... %s ...\"\n", mc->what, status, err.message,
                    prefix, mc->says);
        CU_ASSERT_TRUE(right);
        fsbb_instance_free(instance);
    }
}

/* 2200 jobs on one machine, each taking 1000000, one per line: the sum passes INT_MAX at
 * the 2148th time, on line 2149. */
static void test_total_overflow(void)
{
    char *text = NULL;
    size_t length = 0;
    FILE *stream = open_memstream(&text, &length);
    CU_ASSERT_PTR_NOT_NULL_FATAL(stream);
    fprintf(stream, "2200 1\n");
    for (int k = 0; k < 2200; k++)
        fprintf(stream, "%d\n", FSBB_MAX_TIME);
    fclose(stream);
    const long long crossing = (long long)INT_MAX / FSBB_MAX_TIME + 1;
    fsbb_instance *instance = NULL;
    fsbb_error err = {0};
    CU_ASSERT_EQUAL(fsbb_instance_parse(text, length, "sum.txt", &instance, &err), FSBB_ERR_PARSE);
    char prefix[32];
    snprintf(prefix, sizeof prefix, "sum.txt:%lld: ", crossing + 1);
    CU_ASSERT_EQUAL(strncmp(err.message, prefix, strlen(prefix)), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "largest makespan"));
    free(text);
}

/* n jobs on one machine whose times add up to total: 1000000 each but the last. */
static char *one_machine_text(int n, long long total, size_t *length)
{
    char *text = NULL;
    FILE *stream = open_memstream(&text, length);
    if (!stream)
        return NULL;
    fprintf(stream, "%d 1\n", n);
    for (int j = 0; j < n - 1; j++)
        fprintf(stream, "%d\n", FSBB_MAX_TIME);
    fprintf(stream, "%lld\n", total - (long long)(n - 1) * FSBB_MAX_TIME);
    fclose(stream);
    return text;
}

/* INT_MAX is the search's "no upper bound": a sum of exactly INT_MAX, the makespan of every
 * order of one machine, is refused (it was taken, then reported "none found"); one less
 * solves to that makespan. */
static void test_total_at_the_sentinel(void)
{
    size_t length;
    char *text = one_machine_text(2148, INT_MAX, &length);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    fsbb_instance *instance = NULL;
    fsbb_error err = {0};
    CU_ASSERT_EQUAL(fsbb_instance_parse(text, length, "sum.txt", &instance, &err), FSBB_ERR_PARSE);
    CU_ASSERT_EQUAL(strncmp(err.message, "sum.txt:2149: ", 14), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "2147483646"));
    CU_ASSERT_PTR_NULL(instance);
    free(text);

    int *times = malloc(sizeof *times * 2148);
    CU_ASSERT_PTR_NOT_NULL_FATAL(times);
    for (int j = 0; j < 2148; j++)
        times[j] = j < 2147 ? FSBB_MAX_TIME : INT_MAX - 2147 * FSBB_MAX_TIME;
    CU_ASSERT_EQUAL(fsbb_instance_from_matrix("sum", 2148, 1, times, &instance, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_PTR_NULL(instance);
    free(times);

    text = one_machine_text(2148, INT_MAX - 1, &length);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    instance = parse_ok(text, length, "sum.txt");
    free(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(instance);
    fsbb_options *options = fsbb_options_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(options);
    CU_ASSERT_EQUAL(fsbb_options_set(options, "threads", "1", NULL), FSBB_OK);
    fsbb_result result;
    CU_ASSERT_EQUAL_FATAL(fsbb_solve(instance, options, &result, &err), FSBB_OK);
    CU_ASSERT_EQUAL(result.makespan, INT_MAX - 1);
    CU_ASSERT_TRUE(result.optimal);
    CU_ASSERT_PTR_NOT_NULL(result.permutation);
    fsbb_result_clear(&result);
    fsbb_options_free(options);
    fsbb_instance_free(instance);
}

static uint32_t next_random(uint32_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 17;
    *state ^= *state << 5;
    return *state;
}

/* One to four random edits: a byte replaced (by anything, or a digit, or white space), a run
 * deleted, random bytes inserted, or a piece duplicated. */
static size_t mutate(char *text, size_t length, size_t capacity, uint32_t *state)
{
    const int edits = 1 + (int)(next_random(state) % 4);
    for (int e = 0; e < edits && length > 0; e++) {
        const size_t at = next_random(state) % length;
        const size_t run = 1 + next_random(state) % 8;
        switch (next_random(state) % 6) {
        case 0: text[at] = (char)(next_random(state) & 0xff); break;
        case 1: text[at] = (char)('0' + next_random(state) % 10); break;
        case 2: text[at] = " \n\t-"[next_random(state) % 4]; break;
        case 3: {
            const size_t cut = at + run > length ? length - at : run;
            memmove(text + at, text + at + cut, length - at - cut);
            length -= cut;
            break;
        }
        case 4:
            if (length + run <= capacity) {
                memmove(text + at + run, text + at, length - at);
                for (size_t i = 0; i < run; i++)
                    text[at + i] = (char)(next_random(state) & 0xff);
                length += run;
            }
            break;
        default:
            if (length + run <= capacity && at + run <= length) {
                memmove(text + at + run, text + at, length - at);
                length += run;
            }
            break;
        }
    }
    return length;
}

/* A valid instance or a one-line parse error naming a line of the text, never anything else;
 * both outcomes occur. */
static void test_mutations(void)
{
    size_t taillard_length;
    char *taillard = taillard_text(1, &taillard_length);
    CU_ASSERT_PTR_NOT_NULL_FATAL(taillard);
    const char *originals[3] = {taillard, tiny_text, tiny_vrf};
    const size_t original_lengths[3] = {taillard_length, sizeof tiny_text - 1, sizeof tiny_vrf - 1};
    const size_t capacity = taillard_length + 64;
    char *text = malloc(capacity);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    uint32_t state = 2463534242u;
    int valid = 0, refused = 0, wrong = 0;
    for (int trial = 0; trial < 900; trial++) {
        const int which = trial % 3;
        memcpy(text, originals[which], original_lengths[which]);
        const size_t length = mutate(text, original_lengths[which], capacity, &state);
        int lines = 1;
        for (size_t i = 0; i < length; i++)
            lines += text[i] == '\n';
        fsbb_instance *instance = NULL;
        fsbb_error err = {0};
        const fsbb_status status = fsbb_instance_parse(text, length, "fuzz.txt", &instance, &err);
        int line = 0;
        if (status == FSBB_OK) {
            int times_in_range = 1;
            for (int i = 0; i < instance->n * instance->m; i++)
                times_in_range &= instance->p[i] >= 0 && instance->p[i] <= FSBB_MAX_TIME;
            valid++;
            wrong += !(instance->n >= 1 && instance->n <= FSBB_MAX_JOBS && instance->m >= 1 &&
                       instance->m <= FSBB_MAX_MACHINES && times_in_range && strcmp(instance->name, "fuzz") == 0);
        } else if (status == FSBB_ERR_PARSE && sscanf(err.message, "fuzz.txt:%d: ", &line) == 1 && line >= 1 &&
                   line <= lines && !strchr(err.message, '\n') && !instance) {
            refused++;
        } else {
            fprintf(stderr, "\ntrial %d: status %d, message \"%s\" (%d lines)\n", trial, status, err.message, lines);
            wrong++;
        }
        fsbb_instance_free(instance);
    }
    CU_ASSERT_EQUAL(wrong, 0);
    CU_ASSERT_TRUE(valid > 0);
    CU_ASSERT_TRUE(refused > 0);
    free(text);
    free(taillard);
}

/* By hand for tiny.txt: order 0 1 2 ends machine 0 at 3, 5, 9 and machine 1 at 5, 10, 11;
 * order 2 0 1 ends machine 0 at 4, 7, 9 and machine 1 at 5, 9, 14. */
static void test_makespan(void)
{
    fsbb_instance *instance = parse_ok(tiny_text, sizeof tiny_text - 1, "tiny");
    CU_ASSERT_PTR_NOT_NULL_FATAL(instance);
    const int identity[3] = {0, 1, 2}, other[3] = {2, 0, 1};
    const int repeated[3] = {0, 1, 1}, outside[3] = {0, 1, 3}, negative[3] = {0, -1, 2};
    CU_ASSERT_EQUAL(fsbb_instance_makespan(instance, identity), 11);
    CU_ASSERT_EQUAL(fsbb_instance_makespan(instance, other), 14);
    CU_ASSERT_EQUAL(fsbb_instance_makespan(instance, repeated), -1);
    CU_ASSERT_EQUAL(fsbb_instance_makespan(instance, outside), -1);
    CU_ASSERT_EQUAL(fsbb_instance_makespan(instance, negative), -1);
    CU_ASSERT_EQUAL(fsbb_instance_makespan(instance, NULL), -1);
    fsbb_instance_free(instance);
}

/* tiny.txt in the order 0 1 2: machine 0 runs 0-3, 3-5, 5-9; machine 1 runs job 0 at 3-5,
 * job 1 at 5-10, job 2 at 10-11. */
static void test_schedule_by_hand(void)
{
    fsbb_instance *instance = parse_ok(tiny_text, sizeof tiny_text - 1, "tiny");
    CU_ASSERT_PTR_NOT_NULL_FATAL(instance);
    const int identity[3] = {0, 1, 2}, repeated[3] = {0, 1, 1};
    const int expected[6] = {0, 3, 5, 3, 5, 10};
    int start[6];
    CU_ASSERT_EQUAL(fsbb_instance_schedule(instance, identity, start), 11);
    CU_ASSERT_EQUAL(memcmp(start, expected, sizeof start), 0);
    CU_ASSERT_EQUAL(fsbb_instance_schedule(instance, repeated, start), -1);
    CU_ASSERT_EQUAL(fsbb_instance_schedule(instance, identity, NULL), -1);
    CU_ASSERT_EQUAL(fsbb_instance_schedule(NULL, identity, start), -1);
    fsbb_instance_free(instance);
}

/* On random instances and orders the schedule is feasible and semi-active: each operation
 * starts when its job leaves the previous machine or its machine's previous job ends,
 * whichever is later, and the last one ends at fsbb_instance_makespan. */
static void test_schedule_semi_active(void)
{
    unsigned state = 12345;
    for (int trial = 0; trial < 50; trial++) {
        const int n = 1 + (int)(test_random_next(&state) % 12), m = 1 + (int)(test_random_next(&state) % 6);
        fsbb_instance *instance = test_random_instance(&state, n, m);
        int order[12], start[72];
        for (int i = 0; i < n; i++)
            order[i] = i;
        for (int i = n - 1; i > 0; i--) {
            const int other = (int)(test_random_next(&state) % (unsigned)(i + 1)), kept = order[i];
            order[i] = order[other];
            order[other] = kept;
        }
        const int makespan = fsbb_instance_schedule(instance, order, start);
        CU_ASSERT_EQUAL(makespan, fsbb_instance_makespan(instance, order));
        int last_end = 0;
        for (int k = 0; k < m; k++) {
            for (int i = 0; i < n; i++) {
                const int job = order[i];
                const int job_ready = k ? start[(k - 1) * n + job] + fsbb_instance_time(instance, k - 1, job) : 0;
                const int machine_ready =
                    i ? start[k * n + order[i - 1]] + fsbb_instance_time(instance, k, order[i - 1]) : 0;
                CU_ASSERT_EQUAL(start[k * n + job], job_ready > machine_ready ? job_ready : machine_ready);
                const int end = start[k * n + job] + fsbb_instance_time(instance, k, job);
                last_end = end > last_end ? end : last_end;
            }
        }
        CU_ASSERT_EQUAL(last_end, makespan);
        fsbb_instance_free(instance);
    }
}

FSBB_SUITE("instance",
           {"the 120 committed Taillard files equal the generated instances", test_committed_files},
           {"Taillard names load ta001", test_load_by_name},
           {"load errors: unknown name, missing file, directory, truncated file", test_load_errors},
           {"plain form", test_plain_form},
           {"a UTF-8 byte-order mark is skipped", test_byte_order_mark},
           {"VRF form", test_vrf_form},
           {"instances/vrf/ta001.txt is ta001", test_vrf_file},
           {"a named format: the only one tried; ambiguous files read as named", test_named_format},
           {"best-known only for Taillard's own times", test_taillard_recognition},
           {"from_matrix refusals", test_from_matrix_refusals},
           {"malformed inputs: parse error with the right line", test_malformed},
           {"times adding up past INT_MAX", test_total_overflow},
           {"times adding up to INT_MAX, the no-upper-bound sentinel", test_total_at_the_sentinel},
           {"random mutations: valid instance or parse error", test_mutations},
           {"makespan of a permutation", test_makespan},
           {"schedule of a permutation, by hand", test_schedule_by_hand},
           {"schedules are semi-active and end at the makespan", test_schedule_semi_active})
