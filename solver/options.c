/* options.c — fsbb_options: defaults, setting options by name from text (as the command
 * line and sweep files write them) and reading them back. */
#include "options.h"

#include "error.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

fsbb_options *fsbb_options_new(void)
{
    fsbb_options *options = calloc(1, sizeof *options);
    if (!options)
        return NULL;
    options->lb = FSBB_LB1;
    options->branch = FSBB_BRANCH_DYNAMIC;
    options->select = FSBB_SELECT_DFS;
    options->ub_kind = FSBB_UB_HEURISTIC;
    options->device = FSBB_DEVICE_CPU;
    options->block_size = 128;
    options->pool_order = FSBB_POOL_ORDER_BFS;
    options->refactor = FSBB_REFACTOR_SELECT;
    options->gpu_engine = FSBB_GPU_RESIDENT;
    options->warm_start_nodes = FSBB_WARM_START_DEFAULT_NODES;
    options->checkpoint_interval_s = 60;
    options->heuristic_threads = FSBB_HEURISTIC_THREADS_AUTO;
    options->seed = 1;
    return options;
}

fsbb_options *fsbb_options_copy(const fsbb_options *options)
{
    fsbb_options *copy = malloc(sizeof *copy);
    if (copy)
        *copy = *options;
    return copy;
}

void fsbb_options_free(fsbb_options *options)
{
    free(options);
}

typedef struct keyword {
    const char *text;
    int value;
} keyword;

static const keyword lb_words[] = {{"lb1", FSBB_LB1}, {"lb2", FSBB_LB2}, {"auto", FSBB_LB_AUTO}, {NULL, 0}};
static const keyword branch_words[] = {
    {"fwd", FSBB_BRANCH_FORWARD}, {"bwd", FSBB_BRANCH_BACKWARD}, {"dyn", FSBB_BRANCH_DYNAMIC}, {NULL, 0}};
static const keyword select_words[] = {
    {"dfs", FSBB_SELECT_DFS}, {"bfs", FSBB_SELECT_BFS}, {"best", FSBB_SELECT_BEST}, {NULL, 0}};
static const keyword device_words[] = {
    {"auto", FSBB_DEVICE_AUTO}, {"cpu", FSBB_DEVICE_CPU}, {"gpu", FSBB_DEVICE_GPU}, {NULL, 0}};
static const keyword refactor_words[] = {
    {"none", FSBB_REFACTOR_NONE}, {"trig", FSBB_REFACTOR_TRIG}, {"select", FSBB_REFACTOR_SELECT}, {NULL, 0}};
static const keyword order_words[] = {{"bfs", FSBB_POOL_ORDER_BFS}, {"dfs", FSBB_POOL_ORDER_DFS}, {NULL, 0}};
static const keyword engine_words[] = {{"resident", FSBB_GPU_RESIDENT}, {"offload", FSBB_GPU_OFFLOAD}, {NULL, 0}};
static const keyword search_words[] = {{"exact", FSBB_SEARCH_EXACT}, {"heuristic", FSBB_SEARCH_HEURISTIC}, {NULL, 0}};
static const keyword switch_words[] = {{"off", 0}, {"on", 1}, {NULL, 0}};
static const keyword balance_words[] = {{"none", FSBB_DIV_BALANCE_NONE},
                                        {"central", FSBB_DIV_BALANCE_CENTRAL},
                                        {"distributed", FSBB_DIV_BALANCE_DISTRIBUTED},
                                        {"steal", FSBB_DIV_BALANCE_STEAL},
                                        {"persistent", FSBB_DIV_BALANCE_PERSISTENT},
                                        {NULL, 0}};
static const keyword throttle_words[] = {{"none", FSBB_DIV_THROTTLE_NONE}, {"cf", FSBB_DIV_THROTTLE_CF},
                                         {"cfq", FSBB_DIV_THROTTLE_CFQ},   {"sj", FSBB_DIV_THROTTLE_SJ},
                                         {"sjq", FSBB_DIV_THROTTLE_SJQ},   {NULL, 0}};

static const char *word_of(const keyword *words, int value)
{
    for (; words->text; words++)
        if (words->value == value)
            return words->text;
    return "?";
}

static fsbb_status parse_word(const keyword *words, const char *name, const char *value, int *out, fsbb_error *err)
{
    char expected[128] = "";
    for (const keyword *w = words; w->text; w++) {
        if (strcmp(w->text, value) == 0) {
            *out = w->value;
            return FSBB_OK;
        }
        if (strlen(expected) + strlen(w->text) + 2 < sizeof expected) {
            if (expected[0])
                strcat(expected, "|");
            strcat(expected, w->text);
        }
    }
    return fsbb_fail(err, FSBB_ERR_ARGUMENT, "invalid value '%s' for %s (expected %s)", value, name, expected);
}

static fsbb_status parse_integer(const char *name, const char *value, long long min, long long max, long long *out,
                                 fsbb_error *err)
{
    char *end;
    errno = 0;
    const long long parsed = strtoll(value, &end, 10);
    if (errno || end == value || *end != '\0' || parsed < min || parsed > max)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "invalid value '%s' for %s (expected an integer from %lld to %lld)",
                         value, name, min, max);
    *out = parsed;
    return FSBB_OK;
}

/* The longest time option: about 31 years. */
#define MAX_SECONDS 1e9

static fsbb_status parse_seconds(const char *name, const char *value, double *out, fsbb_error *err)
{
    char *end;
    errno = 0;
    const double parsed = strtod(value, &end);
    if (errno || end == value || *end != '\0' || !(parsed >= 0) || parsed > MAX_SECONDS)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "invalid value '%s' for %s (expected seconds from 0 to %.0f)", value,
                         name, MAX_SECONDS);
    *out = parsed;
    return FSBB_OK;
}

#define SET_ENUM(words, field)                                                                                 \
    do {                                                                                                       \
        int parsed_;                                                                                           \
        const fsbb_status status_ = parse_word(words, name, value, &parsed_, err);                             \
        if (status_ == FSBB_OK)                                                                                \
            options->field = parsed_;                                                                          \
        return status_;                                                                                        \
    } while (0)

#define SET_INTEGER(min, max, field)                                                                           \
    do {                                                                                                       \
        long long parsed_ = 0; \
        const fsbb_status status_ = parse_integer(name, value, min, max, &parsed_, err);                       \
        if (status_ == FSBB_OK)                                                                                \
            options->field = parsed_;                                                                          \
        return status_;                                                                                        \
    } while (0)

static fsbb_status set_upper_bound(fsbb_options *options, const char *value, fsbb_error *err)
{
    if (strcmp(value, "heuristic") == 0) {
        options->ub_kind = FSBB_UB_HEURISTIC;
    } else if (strcmp(value, "neh") == 0) {
        options->ub_kind = FSBB_UB_NEH;
    } else if (strcmp(value, "opt") == 0) {
        options->ub_kind = FSBB_UB_OPTIMUM;
    } else if (strcmp(value, "inf") == 0) {
        options->ub_kind = FSBB_UB_INFINITE;
    } else {
        long long parsed = 0;
        if (parse_integer("ub", value, 1, 2000000000, &parsed, NULL) != FSBB_OK)
            return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                             "invalid value '%s' for ub (expected heuristic|neh|opt|inf or a positive makespan)", value);
        options->ub_kind = FSBB_UB_VALUE;
        options->ub_value = (int)parsed;
    }
    return FSBB_OK;
}

/* --loading-ratio: tasks per thread of the task pools, > 0 (0: adaptive). */
static fsbb_status set_loading_ratio(fsbb_options *options, const char *value, fsbb_error *err)
{
    char *end;
    errno = 0;
    const double parsed = strtod(value, &end);
    if (errno || end == value || *end != '\0' || !(parsed >= 0) || parsed > 1e6)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                         "invalid value '%s' for loading-ratio (expected tasks per thread > 0, or 0 for adaptive)",
                         value);
    options->divergence.loading_ratio = parsed;
    return FSBB_OK;
}

/* --subwarp: lanes per node, a power of two from 2 to 32 (0: off). */
static fsbb_status set_subwarp(fsbb_options *options, const char *value, fsbb_error *err)
{
    long long parsed = 0;
    fsbb_status status = parse_integer("subwarp", value, 0, 32, &parsed, err);
    if (status == FSBB_OK && (parsed == 1 || (parsed & (parsed - 1))))
        status = fsbb_fail(err, FSBB_ERR_ARGUMENT, "invalid value '%s' for subwarp (expected 2, 4, 8, 16, 32 or 0)",
                           value);
    if (status == FSBB_OK)
        options->divergence.subwarp = (int)parsed;
    return status;
}

/* --heuristic-threads: auto, or walks 0..4096. */
static fsbb_status set_heuristic_threads(fsbb_options *options, const char *value, fsbb_error *err)
{
    long long parsed = FSBB_HEURISTIC_THREADS_AUTO;
    if (strcmp(value, "auto") != 0 && parse_integer("heuristic-threads", value, 0, 4096, &parsed, NULL) != FSBB_OK)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                         "invalid value '%s' for heuristic-threads (expected auto or an integer from 0 to 4096)",
                         value);
    options->heuristic_threads = (int)parsed;
    return FSBB_OK;
}

static fsbb_status set_path(const char *name, const char *value, char *path, fsbb_error *err)
{
    if (strlen(value) >= FSBB_PATH_SIZE)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "%s: file name longer than %d bytes", name, FSBB_PATH_SIZE - 1);
    strcpy(path, value);
    return FSBB_OK;
}

fsbb_status fsbb_options_set(fsbb_options *options, const char *name, const char *value, fsbb_error *err)
{
    if (!options || !name || !value)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_options_set: NULL argument");
    if (strcmp(name, "lb") == 0)
        SET_ENUM(lb_words, lb);
    if (strcmp(name, "branch") == 0)
        SET_ENUM(branch_words, branch);
    if (strcmp(name, "select") == 0)
        SET_ENUM(select_words, select);
    if (strcmp(name, "device") == 0)
        SET_ENUM(device_words, device);
    if (strcmp(name, "refactor") == 0)
        SET_ENUM(refactor_words, refactor);
    if (strcmp(name, "pool-order") == 0)
        SET_ENUM(order_words, pool_order);
    if (strcmp(name, "gpu-engine") == 0)
        SET_ENUM(engine_words, gpu_engine);
    if (strcmp(name, "ub") == 0)
        return set_upper_bound(options, value, err);
    if (strcmp(name, "search") == 0)
        SET_ENUM(search_words, search);
    if (strcmp(name, "heuristic-threads") == 0)
        return set_heuristic_threads(options, value, err);
    if (strcmp(name, "seed") == 0)
        SET_INTEGER(0, INT64_MAX, seed);
    if (strcmp(name, "heuristic-iterations") == 0)
        SET_INTEGER(0, INT64_MAX, heuristic_iterations);
    if (strcmp(name, "balance") == 0)
        SET_ENUM(balance_words, divergence.balance);
    if (strcmp(name, "throttle") == 0)
        SET_ENUM(throttle_words, divergence.throttle);
    if (strcmp(name, "ccc") == 0)
        SET_ENUM(switch_words, divergence.ccc);
    if (strcmp(name, "cte") == 0)
        SET_ENUM(switch_words, divergence.cte);
    if (strcmp(name, "subwarp") == 0)
        return set_subwarp(options, value, err);
    if (strcmp(name, "loading-ratio") == 0)
        return set_loading_ratio(options, value, err);
    if (strcmp(name, "diagnose") == 0)
        return set_path(name, value, options->divergence.diagnose_path, err);
    if (strcmp(name, "threads") == 0)
        SET_INTEGER(0, 4096, threads);
    if (strcmp(name, "node-limit") == 0)
        SET_INTEGER(0, (long long)1 << 62, node_limit);
    if (strcmp(name, "warm-start") == 0)
        SET_INTEGER(0, (long long)1 << 62, warm_start_nodes);
    if (strcmp(name, "lb2-pairs") == 0)
        SET_INTEGER(0, 1000000, lb2_pairs);
    if (strcmp(name, "verify") == 0)
        SET_INTEGER(0, 1000000, verify);
    if (strcmp(name, "pool-size") == 0)
        SET_INTEGER(0, 1 << 28, pool_size);
    if (strcmp(name, "block-size") == 0) {
        long long parsed = 0;
        fsbb_status status = parse_integer(name, value, 32, 1024, &parsed, err);
        if (status == FSBB_OK && parsed % 32 != 0)
            status = fsbb_fail(err, FSBB_ERR_ARGUMENT, "invalid value '%s' for block-size (a multiple of 32)", value);
        if (status == FSBB_OK)
            options->block_size = (int)parsed;
        return status;
    }
    if (strcmp(name, "time-limit") == 0)
        return parse_seconds(name, value, &options->time_limit_s, err);
    if (strcmp(name, "checkpoint-interval") == 0)
        return parse_seconds(name, value, &options->checkpoint_interval_s, err);
    if (strcmp(name, "checkpoint") == 0)
        return set_path(name, value, options->checkpoint_path, err);
    if (strcmp(name, "resume") == 0)
        return set_path(name, value, options->resume_path, err);
    return fsbb_fail(err, FSBB_ERR_ARGUMENT, "unknown option '%s'", name);
}

const char *fsbb_options_get(const fsbb_options *options, const char *name, char *buffer, int size)
{
    if (!options || !name || !buffer || size <= 0)
        return NULL;
    if (strcmp(name, "lb") == 0)
        snprintf(buffer, (size_t)size, "%s", word_of(lb_words, options->lb));
    else if (strcmp(name, "branch") == 0)
        snprintf(buffer, (size_t)size, "%s", word_of(branch_words, options->branch));
    else if (strcmp(name, "select") == 0)
        snprintf(buffer, (size_t)size, "%s", word_of(select_words, options->select));
    else if (strcmp(name, "device") == 0)
        snprintf(buffer, (size_t)size, "%s", word_of(device_words, options->device));
    else if (strcmp(name, "refactor") == 0)
        snprintf(buffer, (size_t)size, "%s", word_of(refactor_words, options->refactor));
    else if (strcmp(name, "pool-order") == 0)
        snprintf(buffer, (size_t)size, "%s", word_of(order_words, options->pool_order));
    else if (strcmp(name, "gpu-engine") == 0)
        snprintf(buffer, (size_t)size, "%s", word_of(engine_words, options->gpu_engine));
    else if (strcmp(name, "ub") == 0) {
        if (options->ub_kind == FSBB_UB_VALUE)
            snprintf(buffer, (size_t)size, "%d", options->ub_value);
        else
            snprintf(buffer, (size_t)size, "%s",
                     options->ub_kind == FSBB_UB_HEURISTIC ? "heuristic"
                     : options->ub_kind == FSBB_UB_NEH     ? "neh"
                     : options->ub_kind == FSBB_UB_OPTIMUM ? "opt"
                                                           : "inf");
    } else if (strcmp(name, "search") == 0)
        snprintf(buffer, (size_t)size, "%s", word_of(search_words, options->search));
    else if (strcmp(name, "heuristic-threads") == 0) {
        if (options->heuristic_threads == FSBB_HEURISTIC_THREADS_AUTO)
            snprintf(buffer, (size_t)size, "auto");
        else
            snprintf(buffer, (size_t)size, "%d", options->heuristic_threads);
    } else if (strcmp(name, "seed") == 0)
        snprintf(buffer, (size_t)size, "%llu", (unsigned long long)options->seed);
    else if (strcmp(name, "heuristic-iterations") == 0)
        snprintf(buffer, (size_t)size, "%llu", (unsigned long long)options->heuristic_iterations);
    else if (strcmp(name, "threads") == 0)
        snprintf(buffer, (size_t)size, "%d", options->threads);
    else if (strcmp(name, "node-limit") == 0)
        snprintf(buffer, (size_t)size, "%llu", (unsigned long long)options->node_limit);
    else if (strcmp(name, "warm-start") == 0)
        snprintf(buffer, (size_t)size, "%llu", (unsigned long long)options->warm_start_nodes);
    else if (strcmp(name, "lb2-pairs") == 0)
        snprintf(buffer, (size_t)size, "%d", options->lb2_pairs);
    else if (strcmp(name, "verify") == 0)
        snprintf(buffer, (size_t)size, "%d", options->verify);
    else if (strcmp(name, "pool-size") == 0)
        snprintf(buffer, (size_t)size, "%d", options->pool_size);
    else if (strcmp(name, "block-size") == 0)
        snprintf(buffer, (size_t)size, "%d", options->block_size);
    else if (strcmp(name, "time-limit") == 0)
        snprintf(buffer, (size_t)size, "%g", options->time_limit_s);
    else if (strcmp(name, "checkpoint-interval") == 0)
        snprintf(buffer, (size_t)size, "%g", options->checkpoint_interval_s);
    else if (strcmp(name, "checkpoint") == 0)
        snprintf(buffer, (size_t)size, "%s", options->checkpoint_path);
    else if (strcmp(name, "resume") == 0)
        snprintf(buffer, (size_t)size, "%s", options->resume_path);
    else if (strcmp(name, "balance") == 0)
        snprintf(buffer, (size_t)size, "%s", word_of(balance_words, options->divergence.balance));
    else if (strcmp(name, "throttle") == 0)
        snprintf(buffer, (size_t)size, "%s", word_of(throttle_words, options->divergence.throttle));
    else if (strcmp(name, "ccc") == 0)
        snprintf(buffer, (size_t)size, "%s", word_of(switch_words, options->divergence.ccc));
    else if (strcmp(name, "cte") == 0)
        snprintf(buffer, (size_t)size, "%s", word_of(switch_words, options->divergence.cte));
    else if (strcmp(name, "subwarp") == 0)
        snprintf(buffer, (size_t)size, "%d", options->divergence.subwarp);
    else if (strcmp(name, "loading-ratio") == 0)
        snprintf(buffer, (size_t)size, "%g", options->divergence.loading_ratio);
    else if (strcmp(name, "diagnose") == 0)
        snprintf(buffer, (size_t)size, "%s", options->divergence.diagnose_path);
    else
        return NULL;
    return buffer;
}
