/* test_div_offload.c — whole solves with the divergence options: each technique (every
 * balance mode, the loading ratio, CCC, CTE, sub-warps, every throttling schedule, with
 * persistent dispatch where it combines) bounds the offload engine's pools, and with the
 * upper bound at the optimum it proves the known optimum of ta001-ta010 with LB2 branching
 * exactly the CPU engine's nodes; --diagnose with LB1 too; the solve goes through the
 * library with the default (resident) engine named, so the routing to the offload engine is
 * tested as well; --diagnose writes a trace that characterizes; refusals come back. */
#include "characterize.h"
#include "flowshopbb.h"
#include "suites.h"
#include "test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One technique as option pairs (name, value, ..., NULL). */
typedef struct technique {
    const char *pairs[7];
} technique;

static const technique techniques[] = {
    {{"balance", "central", NULL}},
    {{"balance", "central", "loading-ratio", "2", NULL}},
    {{"balance", "distributed", NULL}},
    {{"balance", "steal", NULL}},
    {{"balance", "persistent", NULL}},
    {{"ccc", "on", NULL}},
    {{"cte", "on", NULL}},
    {{"cte", "on", "balance", "persistent", NULL}},
    {{"subwarp", "2", NULL}},
    {{"subwarp", "8", NULL}},
    {{"subwarp", "32", "balance", "persistent", NULL}},
    {{"throttle", "cf", NULL}},
    {{"throttle", "cfq", NULL}},
    {{"throttle", "sj", NULL}},
    {{"throttle", "sjq", NULL}},
};
#define TECHNIQUES ((int)(sizeof techniques / sizeof *techniques))

static fsbb_options *base_options(const char *lb, const char *device)
{
    fsbb_options *options = fsbb_options_new();
    const char *pairs[][2] = {{"lb", lb}, {"ub", "opt"}, {"device", device}, {"threads", "4"}, {"pool-size", "4096"}};
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++)
        CU_ASSERT_EQUAL(fsbb_options_set(options, pairs[i][0], pairs[i][1], NULL), FSBB_OK);
    return options;
}

static void describe(const char *const *pairs, char *text, size_t size)
{
    text[0] = '\0';
    for (int i = 0; pairs[i]; i += 2) {
        const size_t used = strlen(text);
        snprintf(text + used, size - used, "%s--%s %s", i ? " " : "", pairs[i], pairs[i + 1]);
    }
}

/* Solves name on the GPU with pairs set and compares with the CPU engine's node count;
 * returns the number of failures. */
static int check_solve(const fsbb_instance *instance, const char *lb, const char *const *pairs, uint64_t cpu_nodes,
                       int cpu_makespan)
{
    fsbb_options *options = base_options(lb, "gpu");
    test_options_set_pairs(options, pairs);
    char what[160];
    describe(pairs, what, sizeof what);
    fsbb_result result;
    fsbb_error err;
    int failures = 0;
    const fsbb_status status = fsbb_solve(instance, options, &result, &err);
    if (status != FSBB_OK) {
        printf("\n%s %s %s: %s", fsbb_instance_name(instance), lb, what, err.message);
        failures = 1;
    } else {
        if (!result.optimal || result.makespan != cpu_makespan || result.nodes != cpu_nodes) {
            printf("\n%s %s %s: makespan %d (CPU %d), optimal %d, nodes %llu (CPU %llu)", fsbb_instance_name(instance),
                   lb, what, result.makespan, cpu_makespan, result.optimal, (unsigned long long)result.nodes,
                   (unsigned long long)cpu_nodes);
            failures = 1;
        }
        fsbb_result_clear(&result);
    }
    fsbb_options_free(options);
    return failures;
}

static int cpu_solve(const fsbb_instance *instance, const char *lb, uint64_t *nodes, int *makespan)
{
    fsbb_options *options = base_options(lb, "cpu");
    fsbb_result result;
    const fsbb_status status = fsbb_solve(instance, options, &result, NULL);
    CU_ASSERT_EQUAL(status, FSBB_OK);
    *nodes = result.nodes;
    *makespan = result.makespan;
    fsbb_result_clear(&result);
    fsbb_options_free(options);
    return status == FSBB_OK;
}

static void test_techniques_same_tree(void)
{
    int failures = 0, solves = 0;
    for (int t = 1; t <= 10; t++) {
        char name[8];
        snprintf(name, sizeof name, "ta%03d", t);
        fsbb_instance *instance;
        CU_ASSERT_EQUAL_FATAL(fsbb_instance_load(name, &instance, NULL), FSBB_OK);
        uint64_t nodes;
        int makespan;
        if (cpu_solve(instance, "lb2", &nodes, &makespan))
            for (int k = 0; k < TECHNIQUES; k++, solves++)
                failures += check_solve(instance, "lb2", techniques[k].pairs, nodes, makespan);
        fsbb_instance_free(instance);
    }
    printf("\n[%d offload solves with a divergence technique, %d wrong]", solves, failures);
    CU_ASSERT_EQUAL(failures, 0);
}

/* --diagnose alone runs the PLAIN kernels, LB1 and LB2, and writes a trace that
 * characterizes: one task per traced node, I_irre >= 1, U_util in (0, 1]. */
static void test_diagnose(void)
{
    char path[] = "/tmp/fsbb-diagnose-XXXXXX";
    const int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    close(fd);
    const char *pairs[] = {"diagnose", path, NULL};
    const char *lbs[] = {"lb1", "lb2"};
    for (int l = 0; l < 2; l++) {
        fsbb_instance *instance;
        CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("ta005", &instance, NULL), FSBB_OK);
        uint64_t nodes;
        int makespan;
        if (cpu_solve(instance, lbs[l], &nodes, &makespan))
            CU_ASSERT_EQUAL(check_solve(instance, lbs[l], pairs, nodes, makespan), 0);
        fsbb_instance_free(instance);
        fsbb_trace trace;
        fsbb_trace_stats stats;
        fsbb_trace_init(&trace);
        CU_ASSERT_EQUAL(fsbb_trace_load(path, &trace, NULL), FSBB_OK);
        CU_ASSERT(trace.task_count > 0);
        CU_ASSERT_EQUAL(fsbb_trace_characterize(&trace, &stats, NULL), FSBB_OK);
        CU_ASSERT(stats.irregularity >= 1.0);
        CU_ASSERT(stats.utilization > 0 && stats.utilization <= 1.0);
        printf("\n[ta005 %s trace: %lld tasks, %lld warps, length %.0f..%.0f, I_irre %.3f, U_util %.3f]", lbs[l],
               (long long)stats.tasks, (long long)stats.warps, stats.task_min, stats.task_max, stats.irregularity,
               stats.utilization);
        fsbb_trace_free(&trace);
    }
    remove(path);
}

static void test_refusals(void)
{
    fsbb_instance *instance;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("ta001", &instance, NULL), FSBB_OK);
    const char *refused[][5] = {{"ccc", "on", "cte", "on", NULL}, {"lb", "lb1", "cte", "on", NULL}};
    for (int r = 0; r < 2; r++) {
        fsbb_options *options = base_options("lb2", "gpu");
        for (int i = 0; refused[r][i]; i += 2)
            CU_ASSERT_EQUAL(fsbb_options_set(options, refused[r][i], refused[r][i + 1], NULL), FSBB_OK);
        fsbb_result result;
        CU_ASSERT_EQUAL(fsbb_solve(instance, options, &result, NULL), FSBB_ERR_ARGUMENT);
        fsbb_options_free(options);
    }
    fsbb_instance_free(instance);
}

FSBB_SUITE("divergence offload",
           {"ta001-ta010, LB2, ub opt: every technique proves the optimum on the CPU engine's tree",
            test_techniques_same_tree},
           {"--diagnose with LB1 and LB2: same tree, a trace that characterizes", test_diagnose},
           {"contradictory options and LB1 techniques are refused", test_refusals})
