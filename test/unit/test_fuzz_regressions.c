/* test_fuzz_regressions.c — replays the fuzzing corpora (test/fuzz/corpus-instance and
 * corpus-checkpoint, kept by the libFuzzer harnesses in test/fuzz/) through the instance
 * parser and the checkpoint reader, the way the harnesses feed them: every input gives a
 * well-formed result or a one-line error, under the sanitizers of `make check SANITIZE=1`
 * too. The named seeds must parse (valid ones) or fail (broken ones). Run from the
 * repository root, as `make check` does. */
#include "suites.h"

#include "bound_data.h"
#include "checkpoint.h"
#include "instance.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*replay_fn)(const unsigned char *bytes, size_t size);

static unsigned char *read_all(const char *path, size_t *size)
{
    FILE *file = fopen(path, "rb");
    if (!file)
        return NULL;
    size_t capacity = 4096, used = 0;
    unsigned char *bytes = malloc(capacity);
    while (bytes) {
        used += fread(bytes + used, 1, capacity - used, file);
        if (used < capacity)
            break;
        capacity *= 2;
        unsigned char *bigger = realloc(bytes, capacity);
        if (!bigger)
            free(bytes);
        bytes = bigger;
    }
    fclose(file);
    *size = used;
    return bytes;
}

/* Replays every file of dir; returns how many there were. */
static int replay_dir(const char *dir, replay_fn replay)
{
    DIR *listing = opendir(dir);
    CU_ASSERT_PTR_NOT_NULL_FATAL(listing);
    int files = 0;
    struct dirent *entry;
    char path[PATH_MAX];
    while ((entry = readdir(listing))) {
        if (entry->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, entry->d_name);
        size_t size = 0;
        unsigned char *bytes = read_all(path, &size);
        CU_ASSERT_PTR_NOT_NULL_FATAL(bytes);
        if (!replay(bytes, size))
            fprintf(stderr, "\n%s: an ill-formed result\n", path);
        free(bytes);
        files++;
    }
    closedir(listing);
    return files;
}

/* 1 for an instance or a one-line error, as the harness requires; *parsed says which. */
static int replay_instance_status(const unsigned char *bytes, size_t size, int *parsed)
{
    fsbb_instance *instance = NULL;
    fsbb_error err;
    err.message[0] = '\0';
    *parsed = fsbb_instance_parse((const char *)bytes, size, "corpus.txt", &instance, &err) == FSBB_OK;
    if (!*parsed) {
        const int well_formed = !instance && err.message[0] && !strchr(err.message, '\n');
        CU_ASSERT(well_formed);
        return well_formed;
    }
    int sane = instance && instance->n >= 1 && instance->n <= FSBB_MAX_JOBS && instance->m >= 1 &&
               instance->m <= FSBB_MAX_MACHINES;
    for (long long i = 0; sane && i < (long long)instance->n * instance->m; i++)
        sane = instance->p[i] >= 0 && instance->p[i] <= FSBB_MAX_TIME;
    CU_ASSERT(sane);
    fsbb_instance_free(instance);
    return sane;
}

static int replay_instance(const unsigned char *bytes, size_t size)
{
    int parsed;
    return replay_instance_status(bytes, size, &parsed);
}

/* As fuzz_checkpoint.c: an odd first byte means "drop it and repair length and checksum". */
static unsigned char *prepare_checkpoint(const unsigned char *bytes, size_t size, size_t *length)
{
    const int repaired = size > 0 && (bytes[0] & 1);
    *length = repaired ? size - 1 : size;
    unsigned char *copy = malloc(*length ? *length : 1);
    memcpy(copy, repaired ? bytes + 1 : bytes, *length);
    if (repaired && *length >= 28) {
        const uint64_t payload = *length - 28;
        for (int i = 0; i < 8; i++)
            copy[12 + i] = (unsigned char)(payload >> (8 * i));
        uint64_t hash = 14695981039346656037ull;
        for (size_t i = 0; i < *length - 8; i++)
            hash = (hash ^ copy[i]) * 1099511628211ull;
        for (int i = 0; i < 8; i++)
            copy[*length - 8 + i] = (unsigned char)(hash >> (8 * i));
    }
    return copy;
}

static int replay_checkpoint_status(const unsigned char *bytes, size_t size, int *parsed)
{
    size_t length;
    unsigned char *copy = prepare_checkpoint(bytes, size, &length);
    fsbb_checkpoint checkpoint;
    fsbb_error err;
    err.message[0] = '\0';
    *parsed = fsbb_checkpoint_parse(copy, length, "corpus.ckpt", &checkpoint, &err) == FSBB_OK;
    free(copy);
    if (!*parsed) {
        const int well_formed =
            err.message[0] && !strchr(err.message, '\n') && !checkpoint.open_nodes && !checkpoint.source;
        CU_ASSERT(well_formed);
        return well_formed;
    }
    int sane = checkpoint.n >= 1 && checkpoint.m >= 1 && checkpoint.node_stride == fsbb_node_size(checkpoint.n);
    for (size_t i = 0; sane && i < checkpoint.open_count; i++) {
        const fsbb_node *node = (const fsbb_node *)(checkpoint.open_nodes + i * checkpoint.node_stride);
        sane = node->lb >= 0 && node->front_len >= 0 && node->back_len >= 0 && fsbb_node_depth(node) < checkpoint.n;
    }
    CU_ASSERT(sane);
    fsbb_checkpoint_clear(&checkpoint);
    return sane;
}

static int replay_checkpoint(const unsigned char *bytes, size_t size)
{
    int parsed;
    return replay_checkpoint_status(bytes, size, &parsed);
}

typedef int (*status_fn)(const unsigned char *bytes, size_t size, int *parsed);

static void expect_seed(const char *path, status_fn replay, int should_parse)
{
    size_t size = 0;
    unsigned char *bytes = read_all(path, &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(bytes);
    int parsed = -1;
    replay(bytes, size, &parsed);
    CU_ASSERT_EQUAL(parsed, should_parse);
    if (parsed != should_parse)
        fprintf(stderr, "\n%s: %s\n", path, should_parse ? "refused" : "accepted");
    free(bytes);
}

static void test_instance_corpus(void)
{
    CU_ASSERT(replay_dir("test/fuzz/corpus-instance", replay_instance) >= 8);
    static const char *const valid[] = {"plain-3x2.txt", "plain-5x3.txt", "taillard-4x2.txt", "crlf.txt",
                                        "one-job.txt"};
    static const char *const broken[] = {"truncated.txt", "negative.txt", "too-many-jobs.txt"};
    char path[256];
    for (size_t i = 0; i < sizeof valid / sizeof *valid; i++) {
        snprintf(path, sizeof path, "test/fuzz/corpus-instance/%s", valid[i]);
        expect_seed(path, replay_instance_status, 1);
    }
    for (size_t i = 0; i < sizeof broken / sizeof *broken; i++) {
        snprintf(path, sizeof path, "test/fuzz/corpus-instance/%s", broken[i]);
        expect_seed(path, replay_instance_status, 0);
    }
}

static void test_checkpoint_corpus(void)
{
    CU_ASSERT(replay_dir("test/fuzz/corpus-checkpoint", replay_checkpoint) >= 11);
    static const char *const valid[] = {"empty-tree", "root", "nodes-5x3", "achievable", "lb2", "cli-bfs-lb2"};
    char path[256];
    for (size_t i = 0; i < sizeof valid / sizeof *valid; i++) {
        snprintf(path, sizeof path, "test/fuzz/corpus-checkpoint/%s", valid[i]);
        expect_seed(path, replay_checkpoint_status, 1);
        if (strcmp(valid[i], "cli-bfs-lb2") != 0) {
            snprintf(path, sizeof path, "test/fuzz/corpus-checkpoint/repaired-%s", valid[i]);
            expect_seed(path, replay_checkpoint_status, 1);
        }
    }
}

FSBB_SUITE("fuzz regressions",
           {"the instance corpus parses or fails in one line", test_instance_corpus},
           {"the checkpoint corpus reads or is refused in one line", test_checkpoint_corpus})
