/* test_checkpoint.c — checkpoint files and resumed solves: a checkpoint reads back field
 * for field; every flipped byte, every truncation, a newer format and out-of-range fields
 * behind a valid checksum are refused; the writer's temporary file has a name of its own
 * (a user's ck.tmp is never touched) and is gone after every write, kept or failed; a
 * failed write (unwritable folder, file size limit, missing directory) keeps the previous
 * checkpoint; a solve stopped and resumed
 * again and again, or resumed from a periodic snapshot, expands exactly the nodes of an
 * uninterrupted one (a fixed upper bound fixes the tree) and proves the same optimum; a
 * checkpoint of another instance or other tree-shaping options is refused. A checkpoint
 * names its instance and keeps its digest: the name reads back (quotes and newlines in a
 * path too), a version 1 file is still read, one changed time changes the digest, and
 * fsbb_instance_load_checkpoint loads the instance named, refusing a file changed or gone
 * and an instance from memory. A solve whose checkpoint file exists (a saved search, or any
 * file) is refused before it starts and leaves the file as it was, unless the file is the
 * resume file or overwrite-checkpoint is on; a log or diagnosis file that is a checkpoint
 * is refused too. */
#include "suites.h"

#include "checkpoint.h"
#include "error.h"
#include "flowshopbb.h"
#include "instance.h"
#include "solve_files.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

enum { HEADER_BYTES = 20, TRAILER_BYTES = 8 };

/* ---- Helpers ------------------------------------------------------------------------- */

static char *temp_dir(void)
{
    char *dir = strdup("/tmp/fsbb-checkpoint-XXXXXX");
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    return dir;
}

static char *path_in(const char *dir, const char *name)
{
    char *path = malloc(strlen(dir) + strlen(name) + 2);
    sprintf(path, "%s/%s", dir, name);
    return path;
}

static void remove_dir(char *dir)
{
    static const char *const names[] = {"ck", "ck.tmp", "ck.periodic", "other", "instance.txt", "notes.txt", NULL};
    for (int i = 0; names[i]; i++) {
        char *path = path_in(dir, names[i]);
        if (rmdir(path) != 0)
            unlink(path);
        free(path);
    }
    rmdir(dir);
    free(dir);
}

/* The entries of dir, "." and ".." aside. */
static int entries_in(const char *dir)
{
    DIR *listing = opendir(dir);
    CU_ASSERT_PTR_NOT_NULL_FATAL(listing);
    int count = 0;
    for (struct dirent *entry; (entry = readdir(listing));)
        count += strcmp(entry->d_name, ".") != 0 && strcmp(entry->d_name, "..") != 0;
    closedir(listing);
    return count;
}

/* Writes text to path (a file of the user's beside the checkpoint). */
static void write_text(const char *path, const char *text)
{
    FILE *file = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    fputs(text, file);
    fclose(file);
}

static unsigned char *read_bytes(const char *path, size_t *size)
{
    FILE *file = fopen(path, "rb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    fseek(file, 0, SEEK_END);
    *size = (size_t)ftell(file);
    rewind(file);
    unsigned char *bytes = malloc(*size ? *size : 1);
    CU_ASSERT_EQUAL_FATAL(fread(bytes, 1, *size, file), *size);
    fclose(file);
    return bytes;
}

static int exists(const char *path)
{
    struct stat info;
    return lstat(path, &info) == 0;
}

/* Sets the trailing checksum of a file held in memory to what its bytes hold. */
static void repair_checksum(unsigned char *bytes, size_t size)
{
    uint64_t hash = 14695981039346656037ull;
    for (size_t i = 0; i < size - TRAILER_BYTES; i++)
        hash = (hash ^ bytes[i]) * 1099511628211ull;
    for (int i = 0; i < 8; i++)
        bytes[size - TRAILER_BYTES + i] = (unsigned char)(hash >> (8 * i));
}

/* The source of the sample's instance: a path with a quote and a newline. */
static const char sample_source[] = "/data/\"odd\"\nname.txt";
enum { SAMPLE_SOURCE_BYTES = sizeof sample_source - 1, REFERENCE_BYTES = 12 };

/* A search state of n = 6 jobs on m = 3 machines with count open nodes. */
typedef struct sample {
    fsbb_checkpoint state;
    int permutation[6];
    unsigned char *nodes;
} sample;

static void make_sample(sample *s, size_t count)
{
    const int n = 6;
    memset(s, 0, sizeof *s);
    const size_t stride = fsbb_node_size(n);
    s->nodes = calloc(count ? count : 1, stride);
    unsigned rng = 7;
    for (size_t i = 0; i < count; i++) {
        fsbb_node *node = (fsbb_node *)(s->nodes + i * stride);
        for (int j = 0; j < n; j++)
            node->perm[j] = (fsbb_job)j;
        for (int j = n - 1; j > 0; j--) {
            rng = rng * 1103515245u + 12345u;
            const int k = (int)((rng >> 8) % (unsigned)(j + 1));
            const fsbb_job job = node->perm[j];
            node->perm[j] = node->perm[k];
            node->perm[k] = job;
        }
        node->lb = 100 + (int)i;
        node->front_len = (int16_t)(i % 4);
        node->back_len = (int16_t)(i % 2);
    }
    for (int j = 0; j < n; j++)
        s->permutation[j] = n - 1 - j;
    s->state = (fsbb_checkpoint){
        .n = n, .m = 3, .instance_hash = 0x0123456789abcdefull, .origin = FSBB_ORIGIN_FILE,
        .format = FSBB_FORMAT_PLAIN, .source = sample_source, .lb = 1, .branch = 2, .lb2_pairs = 3,
        .bounds_hash = 42, .incumbent = 150, .initial_ub = 170, .has_schedule = 1, .ub_achievable = 0,
        .incumbent_permutation = s->permutation, .nodes = 123456789012ull, .bounded = 987654321098ull,
        .elapsed_s = 12.25, .open_count = count, .node_stride = stride, .open_nodes = s->nodes,
    };
}

static void assert_file_is(const char *path, const unsigned char *bytes, size_t size)
{
    size_t now;
    unsigned char *current = read_bytes(path, &now);
    CU_ASSERT_EQUAL(now, size);
    CU_ASSERT(now == size && memcmp(current, bytes, size) == 0);
    free(current);
}

/* ---- The file ------------------------------------------------------------------------ */

static void test_round_trip(void)
{
    char *dir = temp_dir();
    char *path = path_in(dir, "ck"), *temporary = path_in(dir, "ck.tmp");
    sample s;
    make_sample(&s, 9);
    fsbb_error err;
    write_text(temporary, "the user's\n");
    CU_ASSERT_EQUAL_FATAL(fsbb_checkpoint_write(path, &s.state, &err), FSBB_OK);
    CU_ASSERT_EQUAL(entries_in(dir), 2);
    assert_file_is(temporary, (const unsigned char *)"the user's\n", strlen("the user's\n"));
    fsbb_checkpoint back;
    CU_ASSERT_EQUAL_FATAL(fsbb_checkpoint_read(path, &back, &err), FSBB_OK);
    const fsbb_checkpoint *a = &s.state;
    CU_ASSERT(back.n == a->n && back.m == a->m && back.instance_hash == a->instance_hash);
    CU_ASSERT(back.version == FSBB_CHECKPOINT_VERSION && back.origin == FSBB_ORIGIN_FILE &&
              back.format == FSBB_FORMAT_PLAIN);
    CU_ASSERT_STRING_EQUAL(back.source, sample_source);
    CU_ASSERT(back.lb == a->lb && back.branch == a->branch && back.lb2_pairs == a->lb2_pairs);
    CU_ASSERT(back.bounds_hash == a->bounds_hash && back.incumbent == a->incumbent && back.initial_ub == a->initial_ub);
    CU_ASSERT(back.has_schedule == 1 && back.ub_achievable == 0);
    CU_ASSERT(back.nodes == a->nodes && back.bounded == a->bounded && back.elapsed_s == a->elapsed_s);
    CU_ASSERT_EQUAL(memcmp(back.incumbent_permutation, s.permutation, sizeof s.permutation), 0);
    CU_ASSERT_EQUAL_FATAL(back.open_count, 9);
    for (size_t i = 0; i < 9; i++) {
        const fsbb_node *x = (const fsbb_node *)(s.nodes + i * a->node_stride);
        const fsbb_node *y = (const fsbb_node *)(back.open_nodes + i * back.node_stride);
        CU_ASSERT(x->lb == y->lb && x->front_len == y->front_len && x->back_len == y->back_len);
        CU_ASSERT_EQUAL(memcmp(x->perm, y->perm, sizeof(fsbb_job) * 6), 0);
    }
    fsbb_checkpoint_clear(&back);
    free(s.nodes);
    free(path);
    free(temporary);
    remove_dir(dir);
}

static void test_every_corruption_refused(void)
{
    char *dir = temp_dir();
    char *path = path_in(dir, "ck");
    sample s;
    make_sample(&s, 3);
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_checkpoint_write(path, &s.state, &err), FSBB_OK);
    size_t size;
    unsigned char *bytes = read_bytes(path, &size);
    fsbb_checkpoint back;
    CU_ASSERT_EQUAL(fsbb_checkpoint_parse(bytes, size, "ck", &back, &err), FSBB_OK);
    fsbb_checkpoint_clear(&back);
    int refused = 0;
    for (size_t i = 0; i < size; i++) {
        for (int bit = 0; bit < 8; bit++) {
            bytes[i] ^= (unsigned char)(1u << bit);
            refused += fsbb_checkpoint_parse(bytes, size, "ck", &back, &err) == FSBB_ERR_CHECKPOINT;
            CU_ASSERT_PTR_NULL(back.open_nodes);
            bytes[i] ^= (unsigned char)(1u << bit);
        }
    }
    CU_ASSERT_EQUAL(refused, (int)size * 8);
    refused = 0;
    for (size_t length = 0; length < size; length++)
        refused += fsbb_checkpoint_parse(bytes, length, "ck", &back, &err) == FSBB_ERR_CHECKPOINT;
    CU_ASSERT_EQUAL(refused, (int)size);
    CU_ASSERT_EQUAL(fsbb_checkpoint_parse(bytes, size - 1, "ck", &back, &err), FSBB_ERR_CHECKPOINT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "truncated"));
    free(bytes);
    free(s.nodes);
    free(path);
    remove_dir(dir);
}

static void test_newer_version_refused(void)
{
    char *dir = temp_dir();
    char *path = path_in(dir, "ck");
    sample s;
    make_sample(&s, 2);
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_checkpoint_write(path, &s.state, &err), FSBB_OK);
    size_t size;
    unsigned char *bytes = read_bytes(path, &size);
    CU_ASSERT_EQUAL(bytes[8], FSBB_CHECKPOINT_VERSION);
    bytes[8] = FSBB_CHECKPOINT_VERSION + 1;
    repair_checksum(bytes, size);
    fsbb_checkpoint back;
    CU_ASSERT_EQUAL(fsbb_checkpoint_parse(bytes, size, "ck", &back, &err), FSBB_ERR_CHECKPOINT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "newer"));
    free(bytes);
    free(s.nodes);
    free(path);
    remove_dir(dir);
}

/* Out-of-range fields are refused even when the checksum agrees. Offsets from checkpoint.h. */
static void test_fields_validated_behind_checksum(void)
{
    char *dir = temp_dir();
    char *path = path_in(dir, "ck");
    sample s;
    make_sample(&s, 2);
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_checkpoint_write(path, &s.state, &err), FSBB_OK);
    size_t size;
    unsigned char *original = read_bytes(path, &size);
    const size_t payload = HEADER_BYTES, reference = payload + 80, schedule = reference + 12 + SAMPLE_SOURCE_BYTES,
                 nodes = schedule + 2 * 6;
    const struct {
        size_t offset;
        unsigned char value;
        const char *why;
    } cases[] = {
        {payload + 0, 0, "n = 0"},
        {payload + 4, 0, "m = 0"},
        {payload + 16, 7, "unknown bound"},
        {payload + 20, 3, "unknown branching"},
        {payload + 24, 4, "more pairs than 3 machines have"},
        {payload + 44, 4, "unknown flag"},
        {reference, 4, "unknown instance origin"},
        {reference + 4, 4, "unknown instance format"},
        {reference + 8, 3, "a source length that disagrees with the size"},
        {reference + 9, 0x10, "a source longer than FSBB_CHECKPOINT_MAX_SOURCE"},
        {reference + 12, 0, "a NUL byte in the source"},
        {schedule, 1, "incumbent schedule with a repeated job"},
        {nodes + 3, 0x80, "negative node bound"},
        {nodes + 4, 6, "a node deeper than n"},
        {nodes + 8, 9, "a job number past n"},
        {payload + 72, 0xff, "the open-node count disagrees with the size"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        unsigned char *bytes = malloc(size);
        memcpy(bytes, original, size);
        const size_t offset = cases[c].offset;
        bytes[offset] = cases[c].value;
        if (cases[c].offset == schedule)
            bytes[offset + 2] = bytes[offset], bytes[offset + 3] = bytes[offset + 1];
        repair_checksum(bytes, size);
        fsbb_checkpoint back;
        const fsbb_status status = fsbb_checkpoint_parse(bytes, size, "ck", &back, &err);
        CU_ASSERT_EQUAL(status, FSBB_ERR_CHECKPOINT);
        if (status != FSBB_ERR_CHECKPOINT)
            fprintf(stderr, "accepted: %s\n", cases[c].why);
        else
            CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "corrupt"));
        free(bytes);
    }
    free(original);
    free(s.nodes);
    free(path);
    remove_dir(dir);
}

/* ---- Failed writes ---------------------------------------------------------------------- */

static void test_failed_write_keeps_previous(void)
{
    char *dir = temp_dir();
    char *path = path_in(dir, "ck"), *temporary = path_in(dir, "ck.tmp");
    sample small, big;
    make_sample(&small, 2);
    make_sample(&big, 400);
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_checkpoint_write(path, &small.state, &err), FSBB_OK);
    size_t size;
    unsigned char *previous = read_bytes(path, &size);

    /* A file of the user's named like the old fixed temporary stays as it was. */
    write_text(temporary, "the user's\n");
    /* The temporary cannot be created (a read-only folder; root ignores modes). */
    if (geteuid() != 0) {
        CU_ASSERT_EQUAL_FATAL(chmod(dir, 0500), 0);
        CU_ASSERT_EQUAL(fsbb_checkpoint_write(path, &big.state, &err), FSBB_ERR_IO);
        CU_ASSERT_EQUAL_FATAL(chmod(dir, 0700), 0);
        CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "previous checkpoint is kept"));
        CU_ASSERT_PTR_NULL(strchr(err.message, '\n'));
        assert_file_is(path, previous, size);
    }

    /* The disk fills up halfway through (a file size limit, as a full disk would). */
    struct rlimit saved, tiny;
    CU_ASSERT_EQUAL_FATAL(getrlimit(RLIMIT_FSIZE, &saved), 0);
    tiny = saved;
    tiny.rlim_cur = 2048;
    void (*handler)(int) = signal(SIGXFSZ, SIG_IGN);
    CU_ASSERT_EQUAL_FATAL(setrlimit(RLIMIT_FSIZE, &tiny), 0);
    const fsbb_status status = fsbb_checkpoint_write(path, &big.state, &err);
    setrlimit(RLIMIT_FSIZE, &saved);
    signal(SIGXFSZ, handler);
    CU_ASSERT_EQUAL(status, FSBB_ERR_IO);
    CU_ASSERT_EQUAL(entries_in(dir), 2);
    assert_file_is(path, previous, size);

    /* A directory that does not exist. */
    char *missing = path_in(dir, "none/ck");
    CU_ASSERT_EQUAL(fsbb_checkpoint_write(missing, &big.state, &err), FSBB_ERR_IO);
    CU_ASSERT_FALSE(exists(missing));
    free(missing);

    /* The big state fits once the limit is gone. */
    CU_ASSERT_EQUAL(fsbb_checkpoint_write(path, &big.state, &err), FSBB_OK);
    fsbb_checkpoint back;
    CU_ASSERT_EQUAL(fsbb_checkpoint_read(path, &back, &err), FSBB_OK);
    CU_ASSERT_EQUAL(back.open_count, 400);
    fsbb_checkpoint_clear(&back);
    CU_ASSERT_EQUAL(entries_in(dir), 2);
    assert_file_is(temporary, (const unsigned char *)"the user's\n", strlen("the user's\n"));
    free(previous);
    free(small.nodes);
    free(big.nodes);
    free(path);
    free(temporary);
    remove_dir(dir);
}

/* ---- Resumed solves ------------------------------------------------------------------ */

typedef struct solve_log {
    char *copy_to;        /* where to copy the first periodic checkpoint */
    int periodic, final, failed;
} solve_log;

static void copy_file(const char *from, const char *to)
{
    size_t size;
    unsigned char *bytes = read_bytes(from, &size);
    FILE *file = fopen(to, "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    CU_ASSERT_EQUAL(fwrite(bytes, 1, size, file), size);
    fclose(file);
    free(bytes);
}

static void count_checkpoint(const fsbb_checkpoint_report *report, void *user_data)
{
    solve_log *log = user_data;
    if (report->status != FSBB_OK) {
        log->failed++;
        return;
    }
    if (report->final) {
        log->final++;
        return;
    }
    if (log->periodic++ == 0 && log->copy_to)
        copy_file(report->path, log->copy_to);
}

/* Solves with option pairs (NULL-terminated); returns the status. */
static fsbb_status solve_with(const fsbb_instance *instance, const char *const *pairs, fsbb_result *result,
                              solve_log *log, fsbb_error *err)
{
    fsbb_options *options = fsbb_options_new();
    for (int i = 0; pairs[i]; i += 2)
        CU_ASSERT_EQUAL_FATAL(fsbb_options_set(options, pairs[i], pairs[i + 1], err), FSBB_OK);
    fsbb_solver *solver = NULL;
    CU_ASSERT_EQUAL_FATAL(fsbb_solver_new(instance, options, &solver, err), FSBB_OK);
    if (log)
        fsbb_solver_on_checkpoint(solver, count_checkpoint, log);
    const fsbb_status status = fsbb_solver_solve(solver, result, err);
    fsbb_solver_free(solver);
    fsbb_options_free(options);
    return status;
}

/* LB1 at the optimum: a tree that no thread count or stop changes (auto's, timed, varies). */
static void test_stop_and_resume_same_tree(void)
{
    fsbb_instance *instance = NULL;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("ta013", &instance, &err), FSBB_OK);
    fsbb_result whole;
    const char *const plain[] = {"ub", "opt", "lb", "lb1", "threads", "2", NULL};
    CU_ASSERT_EQUAL_FATAL(solve_with(instance, plain, &whole, NULL, &err), FSBB_OK);
    CU_ASSERT_EQUAL(whole.makespan, fsbb_instance_best_known(instance));
    CU_ASSERT_TRUE(whole.optimal);
    CU_ASSERT_EQUAL(whole.resumed_nodes, 0);
    CU_ASSERT_EQUAL(whole.resumed_time_s, 0);

    char *dir = temp_dir();
    char *path = path_in(dir, "ck");
    char limit[32];
    uint64_t step = whole.nodes / 5 + 1;
    snprintf(limit, sizeof limit, "%llu", (unsigned long long)step);
    const char *const first[] = {"ub", "opt", "lb", "lb1", "threads", "2", "checkpoint", path, "node-limit", limit,
                                 NULL};
    fsbb_result result;
    solve_log log = {0};
    CU_ASSERT_EQUAL_FATAL(solve_with(instance, first, &result, &log, &err), FSBB_OK);
    CU_ASSERT_FALSE(result.optimal);
    CU_ASSERT_EQUAL(log.final, 1);
    int resumes = 0;
    while (!result.optimal && resumes < 20) {
        /* No "ub": the resumed search keeps the checkpoint's bound (a known makespan). */
        snprintf(limit, sizeof limit, "%llu", (unsigned long long)(result.nodes + step));
        const uint64_t nodes_before = result.nodes;
        fsbb_result_clear(&result);
        const char *const again[] = {"threads", resumes % 2 ? "1" : "3", "resume", path, "checkpoint", path,
                                     "node-limit", limit, NULL};
        CU_ASSERT_EQUAL_FATAL(solve_with(instance, again, &result, &log, &err), FSBB_OK);
        /* The result says what the runs before the resume did, which its counts include. */
        CU_ASSERT_EQUAL(result.resumed_nodes, nodes_before);
        CU_ASSERT(result.resumed_time_s > 0 && result.resumed_time_s <= result.time_s);
        resumes++;
    }
    CU_ASSERT(resumes >= 3);
    CU_ASSERT_TRUE(result.optimal);
    CU_ASSERT_EQUAL(result.makespan, whole.makespan);
    CU_ASSERT_EQUAL(result.nodes, whole.nodes);
    CU_ASSERT_EQUAL(result.initial_ub, whole.initial_ub);
    CU_ASSERT_EQUAL(log.failed, 0);

    /* The final checkpoint of a finished search holds no open nodes and resumes at once. */
    fsbb_result_clear(&result);
    const char *const done[] = {"resume", path, NULL};
    CU_ASSERT_EQUAL(solve_with(instance, done, &result, NULL, &err), FSBB_OK);
    CU_ASSERT_TRUE(result.optimal);
    CU_ASSERT_EQUAL(result.nodes, whole.nodes);
    fsbb_result_clear(&result);
    fsbb_result_clear(&whole);
    fsbb_instance_free(instance);
    free(path);
    remove_dir(dir);
}

/* LB1 at the optimum, as above: the resumed snapshot ends with the nodes of the whole run. */
static void test_periodic_snapshot_consistent(void)
{
    fsbb_instance *instance = NULL;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("ta013", &instance, &err), FSBB_OK);
    char *dir = temp_dir();
    char *path = path_in(dir, "ck"), *periodic = path_in(dir, "ck.periodic");
    solve_log log = {.copy_to = periodic};
    fsbb_result whole;
    const char *const pairs[] = {"ub", "opt", "lb", "lb1", "threads", "2", "checkpoint", path, "checkpoint-interval",
                                 "0.001", NULL};
    CU_ASSERT_EQUAL_FATAL(solve_with(instance, pairs, &whole, &log, &err), FSBB_OK);
    CU_ASSERT_TRUE(whole.optimal);
    CU_ASSERT(log.periodic >= 1);
    CU_ASSERT_EQUAL(log.final, 1);
    CU_ASSERT_EQUAL(log.failed, 0);
    if (log.periodic >= 1) {
        fsbb_result resumed;
        const char *const again[] = {"threads", "2", "resume", periodic, NULL};
        CU_ASSERT_EQUAL_FATAL(solve_with(instance, again, &resumed, NULL, &err), FSBB_OK);
        CU_ASSERT_TRUE(resumed.optimal);
        CU_ASSERT_EQUAL(resumed.makespan, whole.makespan);
        CU_ASSERT_EQUAL(resumed.nodes, whole.nodes);
        fsbb_result_clear(&resumed);
    }
    fsbb_result_clear(&whole);
    fsbb_instance_free(instance);
    free(path);
    free(periodic);
    remove_dir(dir);
}

static void test_foreign_checkpoint_refused(void)
{
    fsbb_instance *instance = NULL, *other = NULL;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("ta013", &instance, &err), FSBB_OK);
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("ta012", &other, &err), FSBB_OK);
    char *dir = temp_dir();
    char *path = path_in(dir, "ck");
    fsbb_result result;
    const char *const made[] = {"ub", "opt", "lb", "lb2", "lb2-pairs", "3", "checkpoint", path, "node-limit", "1000",
                                NULL};
    CU_ASSERT_EQUAL_FATAL(solve_with(instance, made, &result, NULL, &err), FSBB_OK);
    fsbb_result_clear(&result);
    const struct {
        const fsbb_instance *instance;
        const char *const pairs[8];
        fsbb_status expected;
    } cases[] = {
        {other, {"lb", "lb2", "lb2-pairs", "3", "resume", path, "node-limit", "1"}, FSBB_ERR_CHECKPOINT},
        {instance, {"lb", "lb1", "lb2-pairs", "3", "resume", path, "node-limit", "1"}, FSBB_ERR_CHECKPOINT},
        {instance, {"lb", "lb2", "lb2-pairs", "5", "resume", path, "node-limit", "1"}, FSBB_ERR_CHECKPOINT},
        {instance, {"lb", "lb2", "branch", "fwd", "lb2-pairs", "3", "resume", path}, FSBB_ERR_CHECKPOINT},
        {instance, {"lb", "lb2", "lb2-pairs", "3", "select", "best", "resume", path}, FSBB_OK},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        const char *pairs[9];
        memcpy(pairs, cases[c].pairs, sizeof cases[c].pairs);
        pairs[8] = NULL;
        const fsbb_status status = solve_with(cases[c].instance, pairs, &result, NULL, &err);
        CU_ASSERT_EQUAL(status, cases[c].expected);
        if (status == FSBB_OK) {
            CU_ASSERT_TRUE(result.optimal);
            CU_ASSERT_EQUAL(result.makespan, fsbb_instance_best_known(instance));
            fsbb_result_clear(&result);
        } else {
            CU_ASSERT_PTR_NULL(strchr(err.message, '\n'));
        }
    }
    fsbb_instance_free(instance);
    fsbb_instance_free(other);
    free(path);
    remove_dir(dir);
}

/* ---- The instance a checkpoint names ------------------------------------------------------ */

/* The sample's file made a version 1 file: without origin, format and source. */
static unsigned char *as_version_1(const unsigned char *bytes, size_t size, size_t *v1_size)
{
    const size_t cut_at = HEADER_BYTES + 80, cut = REFERENCE_BYTES + SAMPLE_SOURCE_BYTES;
    unsigned char *old = malloc(size - cut);
    memcpy(old, bytes, cut_at);
    memcpy(old + cut_at, bytes + cut_at + cut, size - cut_at - cut);
    old[8] = 1;
    uint64_t payload = 0;
    for (int i = 0; i < 8; i++)
        payload |= (uint64_t)old[12 + i] << (8 * i);
    payload -= cut;
    for (int i = 0; i < 8; i++)
        old[12 + i] = (unsigned char)(payload >> (8 * i));
    *v1_size = size - cut;
    repair_checksum(old, *v1_size);
    return old;
}

static void test_version_1_still_read(void)
{
    char *dir = temp_dir();
    char *path = path_in(dir, "ck");
    sample s;
    make_sample(&s, 4);
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_checkpoint_write(path, &s.state, &err), FSBB_OK);
    size_t size, old_size;
    unsigned char *bytes = read_bytes(path, &size);
    unsigned char *old = as_version_1(bytes, size, &old_size);
    fsbb_checkpoint back;
    CU_ASSERT_EQUAL_FATAL(fsbb_checkpoint_parse(old, old_size, "v1", &back, &err), FSBB_OK);
    CU_ASSERT(back.version == 1 && back.origin == -1 && back.source == NULL);
    CU_ASSERT(back.instance_hash == s.state.instance_hash && back.open_count == 4 && back.nodes == s.state.nodes);
    fsbb_checkpoint_clear(&back);
    /* The same bytes as version 2 lack the reference: refused. */
    old[8] = 2;
    repair_checksum(old, old_size);
    CU_ASSERT_EQUAL(fsbb_checkpoint_parse(old, old_size, "v1", &back, &err), FSBB_ERR_CHECKPOINT);
    free(old);
    free(bytes);
    free(s.nodes);
    free(path);
    remove_dir(dir);
}

/* The digest changes with every single time, and with n and m. */
static void test_digest_sees_every_time(void)
{
    enum { N = 7, M = 4 };
    int p[N * M];
    for (int i = 0; i < N * M; i++)
        p[i] = 1 + (i * 37) % 99;
    const uint64_t digest = fsbb_checkpoint_fingerprint(N, M, p);
    int changed = 0;
    for (int i = 0; i < N * M; i++) {
        p[i]++;
        changed += fsbb_checkpoint_fingerprint(N, M, p) != digest;
        p[i]--;
    }
    CU_ASSERT_EQUAL(changed, N * M);
    CU_ASSERT_NOT_EQUAL(fsbb_checkpoint_fingerprint(M, N, p), digest);
    CU_ASSERT_EQUAL(fsbb_checkpoint_fingerprint(N, M, p), digest);
}

static void test_quoted_names(void)
{
    char buffer[64];
    CU_ASSERT_STRING_EQUAL(fsbb_quoted("ta021", buffer, sizeof buffer), "\"ta021\"");
    CU_ASSERT_STRING_EQUAL(fsbb_quoted("a\"b\\c\nd\te\x01", buffer, sizeof buffer), "\"a\\\"b\\\\c\\nd\\te\\u0001\"");
    char small[12];
    CU_ASSERT_STRING_EQUAL(fsbb_quoted("/a/long/path", small, sizeof small), "\"/a/lon...\"");
    CU_ASSERT_STRING_EQUAL(fsbb_quoted("\n\n\n", small, sizeof small), "\"\\n\\n\\n\"");
    CU_ASSERT_STRING_EQUAL(fsbb_quoted("\n\n\n\n", small, sizeof small), "\"\\n\\n\\n...\"");
}

/* The head of a file reads as the whole file's fields; a changed byte anywhere is refused. */
static void test_head_read(void)
{
    char *dir = temp_dir();
    char *path = path_in(dir, "ck");
    sample s;
    make_sample(&s, 5);
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_checkpoint_write(path, &s.state, &err), FSBB_OK);
    fsbb_checkpoint head;
    CU_ASSERT_EQUAL_FATAL(fsbb_checkpoint_read_head(path, &head, &err), FSBB_OK);
    CU_ASSERT(head.n == 6 && head.m == 3 && head.instance_hash == s.state.instance_hash && head.open_count == 0 &&
              head.open_nodes == NULL && head.origin == FSBB_ORIGIN_FILE);
    CU_ASSERT_STRING_EQUAL(head.source, sample_source);
    fsbb_checkpoint_clear(&head);
    size_t size;
    unsigned char *bytes = read_bytes(path, &size);
    bytes[size - 20] ^= 1;   /* in the last node: not in the head, but under the checksum */
    FILE *file = fopen(path, "wb");
    CU_ASSERT_EQUAL(fwrite(bytes, 1, size, file), size);
    fclose(file);
    CU_ASSERT_EQUAL(fsbb_checkpoint_read_head(path, &head, &err), FSBB_ERR_CHECKPOINT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "checksum"));
    free(bytes);
    free(s.nodes);
    free(path);
    remove_dir(dir);
}

/* Writes a plain instance file of 8 jobs x 3 machines; one time changed when changed. */
static void write_instance(const char *path, int changed)
{
    FILE *file = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    fprintf(file, "8 3\n");
    for (int k = 0; k < 3; k++) {
        for (int j = 0; j < 8; j++)
            fprintf(file, " %d", 1 + (k * 8 + j) * 13 % 50 + (changed && k == 2 && j == 5));
        fprintf(file, "\n");
    }
    fclose(file);
}

static void test_load_checkpoint_instance(void)
{
    char *dir = temp_dir();
    char *path = path_in(dir, "ck"), *file = path_in(dir, "instance.txt");
    write_instance(file, 0);
    fsbb_instance *instance = NULL, *loaded = NULL;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load(file, &instance, &err), FSBB_OK);
    CU_ASSERT_PTR_NOT_NULL_FATAL(fsbb_instance_source(instance));
    CU_ASSERT_EQUAL(fsbb_instance_source(instance)[0], '/');
    fsbb_result result;
    const char *const made[] = {"ub", "inf", "checkpoint", path, "node-limit", "3", "threads", "1", NULL};
    CU_ASSERT_EQUAL_FATAL(solve_with(instance, made, &result, NULL, &err), FSBB_OK);
    fsbb_result_clear(&result);

    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load_checkpoint(path, &loaded, &err), FSBB_OK);
    CU_ASSERT_STRING_EQUAL(fsbb_instance_source(loaded), fsbb_instance_source(instance));
    CU_ASSERT_STRING_EQUAL(fsbb_instance_name(loaded), "instance");
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 8; j++)
            CU_ASSERT_EQUAL(fsbb_instance_time(loaded, k, j), fsbb_instance_time(instance, k, j));
    fsbb_instance_free(loaded);

    write_instance(file, 1);   /* one time changed */
    CU_ASSERT_EQUAL(fsbb_instance_load_checkpoint(path, &loaded, &err), FSBB_ERR_CHECKPOINT);
    CU_ASSERT_PTR_NULL(loaded);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "has changed"));
    unlink(file);
    CU_ASSERT_EQUAL(fsbb_instance_load_checkpoint(path, &loaded, &err), FSBB_ERR_CHECKPOINT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "is gone"));
    fsbb_instance_free(instance);

    /* An instance built in memory names no file. */
    int times[2 * 3] = {3, 1, 4, 1, 5, 9};
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_from_matrix("mine", 3, 2, times, &instance, &err), FSBB_OK);
    CU_ASSERT_PTR_NULL(fsbb_instance_source(instance));
    /* The same file again: a replacement asked for. */
    const char *const again[] = {"ub", "inf", "checkpoint", path, "overwrite-checkpoint", "on", "node-limit", "1",
                                 "threads", "1", NULL};
    CU_ASSERT_EQUAL_FATAL(solve_with(instance, again, &result, NULL, &err), FSBB_OK);
    fsbb_result_clear(&result);
    CU_ASSERT_EQUAL(fsbb_instance_load_checkpoint(path, &loaded, &err), FSBB_ERR_CHECKPOINT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "\"mine\""));
    fsbb_instance_free(instance);

    /* A Taillard instance by its name. */
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("TA3", &instance, &err), FSBB_OK);
    CU_ASSERT_STRING_EQUAL(fsbb_instance_source(instance), "ta003");
    CU_ASSERT_EQUAL_FATAL(solve_with(instance, again, &result, NULL, &err), FSBB_OK);
    fsbb_result_clear(&result);
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load_checkpoint(path, &loaded, &err), FSBB_OK);
    CU_ASSERT_STRING_EQUAL(fsbb_instance_name(loaded), "ta003");
    CU_ASSERT_EQUAL(fsbb_instance_best_known(loaded), fsbb_instance_best_known(instance));
    fsbb_instance_free(loaded);
    fsbb_instance_free(instance);
    free(file);
    free(path);
    remove_dir(dir);
}

/* The solve with pairs is refused (FSBB_ERR_ARGUMENT, the message holding fragment, no
 * result) and path keeps its bytes. */
static void expect_refused_keeping(const fsbb_instance *instance, const char *const *pairs, const char *path,
                                   const char *fragment)
{
    size_t size_before;
    unsigned char *before = read_bytes(path, &size_before);
    fsbb_result result;
    fsbb_error err = {0};
    CU_ASSERT_EQUAL(solve_with(instance, pairs, &result, NULL, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, fragment));
    CU_ASSERT_EQUAL(result.jobs, 0);
    assert_file_is(path, before, size_before);
    fsbb_result_clear(&result);
    free(before);
}

static void test_existing_files_kept(void)
{
    /* ta021 (20 x 20) from no bound is far from done after the node limits below, also
     * where a CPU thread looks at the limit only every 256 nodes. */
    fsbb_instance *ta001 = NULL, *ta021 = NULL;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("ta001", &ta001, &err), FSBB_OK);
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("ta021", &ta021, &err), FSBB_OK);
    char *dir = temp_dir();
    char *path = path_in(dir, "ck"), *notes = path_in(dir, "notes.txt"), *other = path_in(dir, "other");
    fsbb_result result;
    const char *const saved[] = {"ub", "inf", "threads", "1", "checkpoint", path, "node-limit", "3", NULL};
    CU_ASSERT_EQUAL_FATAL(solve_with(ta021, saved, &result, NULL, &err), FSBB_OK);
    CU_ASSERT_FALSE(result.optimal);
    fsbb_result_clear(&result);
    CU_ASSERT_TRUE_FATAL(fsbb_file_is_checkpoint(path));

    /* Another instance's solve (a forgotten resume) and the same one again: refused. */
    const char *const forgotten[] = {"checkpoint", path, NULL};
    expect_refused_keeping(ta001, forgotten, path, "the file exists and would be overwritten");
    expect_refused_keeping(ta021, forgotten, path, "overwrite-checkpoint");
    /* Any file of the user's, not only a checkpoint. */
    write_text(notes, "precious\n");
    const char *const onto_notes[] = {"checkpoint", notes, NULL};
    expect_refused_keeping(ta001, onto_notes, notes, "the file exists");
    /* The log and the diagnosis never replace a checkpoint. */
    const char *const log_onto[] = {"log", path, NULL};
    expect_refused_keeping(ta001, log_onto, path, "is a checkpoint");
    const char *const diagnose_onto[] = {"diagnose", path, NULL};
    expect_refused_keeping(ta001, diagnose_onto, path, "is a checkpoint");

    /* Its own resume file (named otherwise: compared as files) goes on into it. */
    const char *const resumed[] = {"resume", path, "checkpoint", path, "node-limit", "2000", NULL};
    CU_ASSERT_EQUAL(solve_with(ta021, resumed, &result, NULL, &err), FSBB_OK);
    CU_ASSERT(result.resumed_nodes > 0);
    CU_ASSERT_TRUE(fsbb_file_is_checkpoint(path));
    fsbb_result_clear(&result);
    /* overwrite-checkpoint on replaces the notes and the saved search. */
    const char *const replace_notes[] = {"checkpoint", notes, "overwrite-checkpoint", "on", NULL};
    CU_ASSERT_EQUAL(solve_with(ta001, replace_notes, &result, NULL, &err), FSBB_OK);
    CU_ASSERT_TRUE(fsbb_file_is_checkpoint(notes));
    fsbb_result_clear(&result);
    /* A new file is no question. */
    const char *const fresh[] = {"checkpoint", other, NULL};
    CU_ASSERT_EQUAL(solve_with(ta001, fresh, &result, NULL, &err), FSBB_OK);
    CU_ASSERT_TRUE(fsbb_file_is_checkpoint(other));
    fsbb_result_clear(&result);
    free(path);
    free(notes);
    free(other);
    remove_dir(dir);
    fsbb_instance_free(ta001);
    fsbb_instance_free(ta021);
}

FSBB_SUITE("checkpoint",
           {"a checkpoint reads back field for field", test_round_trip},
           {"every flipped bit and every truncation is refused", test_every_corruption_refused},
           {"a newer format version is refused as newer", test_newer_version_refused},
           {"fields are validated behind a valid checksum", test_fields_validated_behind_checksum},
           {"a failed write keeps the previous checkpoint", test_failed_write_keeps_previous},
           {"stopped and resumed solves expand the uninterrupted tree", test_stop_and_resume_same_tree},
           {"a periodic snapshot resumes to the same tree", test_periodic_snapshot_consistent},
           {"another instance or other tree options are refused", test_foreign_checkpoint_refused},
           {"a version 1 checkpoint is still read", test_version_1_still_read},
           {"the digest changes with every time", test_digest_sees_every_time},
           {"names in messages are quoted and escaped", test_quoted_names},
           {"the head read checks the whole file", test_head_read},
           {"the instance a checkpoint names loads, and is refused changed or gone", test_load_checkpoint_instance},
           {"an existing file is no checkpoint target unless resumed or overwritten", test_existing_files_kept})
