/* test_custom_offload.c — custom bounds in GPU solves (the offload engine, whichever GPU
 * engine is named): through the library, a custom bound given as CUDA source runs on the
 * GPU after the built-in bound of each pool, and the solve matches the CPU engine run with
 * the same bound's CPU function: the same makespan and optimality, and from the optimum the
 * same nodes (ta001-ta005 and random instances; LB1 written as source leaves LB1's tree,
 * a one-machine bound over the unscheduled jobs prunes more). A GPU-only bound at the
 * optimum prunes the root. Routing: a bound without GPU source is an error for --device
 * gpu and a CPU solve for --device auto; a compile error comes back as FSBB_ERR_COMPILE. */
#include "suites.h"
#include "test_support.h"

#include "bound_data.h"
#include "flowshopbb.h"
#include "gpu_check.h"
#include "lb1.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_JOBS = 64, MAX_MACHINES = 32 };

/* ---- The bounds, as CPU functions and as CUDA source ------------------------------------ */

/* LB1 of bounds/lb1.h from the node view (user data: the instance's fsbb_bound_data):
 * the CPU twin of gpu_check_lb1_source. */
static int view_lb1(const fsbb_node_view *node, void *user_data)
{
    const fsbb_bound_data *d = user_data;
    fsbb_job perm[MAX_JOBS];
    int at = 0, scratch[3 * MAX_MACHINES];
    for (int i = 0; i < node->prefix_length; i++)
        perm[at++] = (fsbb_job)node->prefix[i];
    for (int i = 0; i < node->unscheduled_count; i++)
        perm[at++] = (fsbb_job)node->unscheduled[i];
    for (int i = 0; i < node->suffix_length; i++)
        perm[at++] = (fsbb_job)node->suffix[i];
    return fsbb_lb1(d, perm, node->prefix_length, node->suffix_length, scratch);
}

/* The one-machine bound with heads and tails over the unscheduled jobs only: above LB1 at
 * some nodes. As GPU source; test_one_machine_bound (test_support.c) is its CPU function,
 * with the same code. */
#define ONE_MACHINE_BODY                                                                      \
    "    const int n = node->jobs, m = node->machines;\n"                                     \
    "    int lb = 0;\n"                                                                       \
    "    for (int k = 0; k < m; k++) {\n"                                                     \
    "        int work = 0, head = 0x7fffffff, tail = 0x7fffffff;\n"                           \
    "        for (int i = 0; i < node->unscheduled_count; i++) {\n"                          \
    "            const int j = node->unscheduled[i];\n"                                       \
    "            int before = 0, after = 0;\n"                                                \
    "            for (int q = 0; q < k; q++)\n"                                               \
    "                before += node->times[q * n + j];\n"                                     \
    "            for (int q = k + 1; q < m; q++)\n"                                           \
    "                after += node->times[q * n + j];\n"                                      \
    "            work += node->times[k * n + j];\n"                                           \
    "            head = FSBB_MIN(head, before);\n"                                            \
    "            tail = FSBB_MIN(tail, after);\n"                                             \
    "        }\n"                                                                             \
    "        if (node->unscheduled_count == 0)\n"                                             \
    "            head = tail = 0;\n"                                                          \
    "        lb = FSBB_MAX(lb, FSBB_MAX(node->front[k], head) + work + FSBB_MAX(node->back[k], tail));\n" \
    "    }\n"                                                                                 \
    "    return lb;\n"

static const char one_machine_source[] = "int one_machine(const fsbb_gpu_node *node)\n{\n" ONE_MACHINE_BODY "}\n";

static int constant_zero(const fsbb_node_view *node, void *user_data)
{
    (void)node;
    (void)user_data;
    return 0;
}

/* ---- Helpers ------------------------------------------------------------------------------ */

typedef struct solve_run {
    fsbb_status status;
    fsbb_result result;
    char message[FSBB_ERROR_MESSAGE_SIZE];
} solve_run;

/* Solves with options from name/value pairs (ending with NULL) and `count` bounds. */
static solve_run solve(const fsbb_instance *instance, const char *const *pairs, const fsbb_bound_definition *bounds,
                       int count)
{
    solve_run run;
    memset(&run, 0, sizeof run);
    fsbb_error err = {0};
    fsbb_options *options = test_options_from_pairs(pairs);
    fsbb_solver *solver = NULL;
    run.status = fsbb_solver_new(instance, options, &solver, &err);
    for (int b = 0; b < count && run.status == FSBB_OK; b++)
        run.status = fsbb_solver_add_bound(solver, &bounds[b], &err);
    if (run.status == FSBB_OK)
        run.status = fsbb_solver_solve(solver, &run.result, &err);
    if (run.status != FSBB_OK)
        snprintf(run.message, sizeof run.message, "%s", err.message);
    fsbb_solver_free(solver);
    fsbb_options_free(options);
    return run;
}

static fsbb_instance *random_instance(unsigned *state, int n, int m, fsbb_bound_data *d)
{
    int p[MAX_JOBS * MAX_MACHINES];
    for (int i = 0; i < n * m; i++)
        p[i] = gpu_check_uniform(state, 1, 99);
    fsbb_instance *instance = NULL;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_from_matrix("random", n, m, p, &instance, &err), FSBB_OK);
    CU_ASSERT_EQUAL_FATAL(fsbb_bound_data_init(d, n, m, p), 0);
    CU_ASSERT_EQUAL_FATAL(fsbb_bound_data_build_pairs(d, 0, NULL, NULL), 0);
    return instance;
}

static void instance_tables(const fsbb_instance *instance, fsbb_bound_data *d)
{
    const int n = fsbb_instance_jobs(instance), m = fsbb_instance_machines(instance);
    int p[MAX_JOBS * MAX_MACHINES];
    for (int k = 0; k < m; k++)
        for (int j = 0; j < n; j++)
            p[k * n + j] = fsbb_instance_time(instance, k, j);
    CU_ASSERT_EQUAL_FATAL(fsbb_bound_data_init(d, n, m, p), 0);
    CU_ASSERT_EQUAL_FATAL(fsbb_bound_data_build_pairs(d, 0, NULL, NULL), 0);
}

/* The two custom bounds of these tests: LB1 and the one-machine bound, each with its
 * CPU function and its GPU source. */
static fsbb_bound_definition lb1_bound(fsbb_bound_data *d)
{
    const fsbb_bound_definition bound = {.name = "lb1-source", .cpu_bound = view_lb1, .gpu_source = gpu_check_lb1_source,
                                         .gpu_function = "gpu_lb1", .user_data = d};
    return bound;
}

static fsbb_bound_definition one_machine_bound(void)
{
    const fsbb_bound_definition bound = {.name = "one-machine",
                                         .cpu_bound = test_one_machine_bound,
                                         .gpu_source = one_machine_source,
                                         .gpu_function = "one_machine"};
    return bound;
}

/* GPU and CPU from the same upper bound with the same custom bounds: the same result and,
 * with a fixed upper bound (ub), the same nodes; returns the GPU run's nodes. */
static uint64_t same_as_cpu(const fsbb_instance *instance, const char *const *gpu_pairs, const char *const *cpu_pairs,
                            const fsbb_bound_definition *bounds, int count, int counters_comparable, const char *what)
{
    solve_run gpu = solve(instance, gpu_pairs, bounds, count);
    solve_run cpu = solve(instance, cpu_pairs, bounds, count);
    CU_ASSERT_EQUAL(gpu.status, FSBB_OK);
    CU_ASSERT_EQUAL(cpu.status, FSBB_OK);
    CU_ASSERT_NOT_EQUAL(strcmp(gpu.result.device, "cpu"), 0);
    CU_ASSERT_EQUAL(gpu.result.makespan, cpu.result.makespan);
    CU_ASSERT_EQUAL(gpu.result.optimal, cpu.result.optimal);
    if (counters_comparable) {
        CU_ASSERT_EQUAL(gpu.result.nodes, cpu.result.nodes);
        CU_ASSERT_EQUAL(gpu.result.bounded, cpu.result.bounded);
    }
    if (gpu.result.permutation)
        CU_ASSERT_EQUAL(fsbb_instance_makespan(instance, gpu.result.permutation), gpu.result.makespan);
    printf("\n[%s %s: GPU %s %d%s %llu nodes %llu bounds, CPU %d%s %llu nodes %llu bounds%s%s]",
           fsbb_instance_name(instance), what, gpu.result.device, gpu.result.makespan,
           gpu.result.optimal ? " optimal" : "", (unsigned long long)gpu.result.nodes,
           (unsigned long long)gpu.result.bounded, cpu.result.makespan, cpu.result.optimal ? " optimal" : "",
           (unsigned long long)cpu.result.nodes, (unsigned long long)cpu.result.bounded,
           gpu.message[0] ? ": " : "", gpu.message);
    fflush(stdout);
    const uint64_t nodes = gpu.result.nodes;
    fsbb_result_clear(&gpu.result);
    fsbb_result_clear(&cpu.result);
    return nodes;
}

/* ---- Tests ---------------------------------------------------------------------------------- */

/* ta001-ta005 from the optimum (the default GPU engine, routed to offload, and the offload
 * engine named with LB2): LB1 as custom source leaves LB1's tree, the one-machine bound
 * branches at most as many nodes; the CPU engine branches the same nodes. */
static void test_taillard(void)
{
    const char *const gpu_lb1[] = {"device", "gpu", "ub", "opt", "lb", "lb1", NULL};
    const char *const gpu_lb2[] = {"device", "gpu", "gpu-engine", "offload", "ub", "opt", "lb", "lb2", NULL};
    const char *const cpu_lb1[] = {"device", "cpu", "ub", "opt", "lb", "lb1", "threads", "4", NULL};
    const char *const cpu_lb2[] = {"device", "cpu", "ub", "opt", "lb", "lb2", "threads", "4", NULL};
    for (int i = 1; i <= 5; i++) {
        char name[8];
        snprintf(name, sizeof name, "ta%03d", i);
        fsbb_instance *instance = test_load_instance(name);
        fsbb_bound_data d;
        instance_tables(instance, &d);
        const fsbb_bound_definition lb1[] = {lb1_bound(&d)};
        const fsbb_bound_definition both[] = {lb1_bound(&d), one_machine_bound()};
        solve_run plain = solve(instance, cpu_lb1, NULL, 0);
        CU_ASSERT_EQUAL(plain.status, FSBB_OK);
        const uint64_t with_lb1 = same_as_cpu(instance, gpu_lb1, cpu_lb1, lb1, 1, 1, "lb1 + custom lb1");
        CU_ASSERT_EQUAL(with_lb1, plain.result.nodes);
        const uint64_t with_both = same_as_cpu(instance, gpu_lb1, cpu_lb1, both, 2, 1, "lb1 + custom lb1, one-machine");
        CU_ASSERT(with_both <= plain.result.nodes);
        same_as_cpu(instance, gpu_lb2, cpu_lb2, both, 2, 1, "lb2 + custom lb1, one-machine");
        fsbb_result_clear(&plain.result);
        fsbb_bound_data_free(&d);
        fsbb_instance_free(instance);
    }
}

/* Random instances with the one-machine bound: from no upper bound the GPU solve proves the
 * CPU engine's optimum; from that value as upper bound both branch the same nodes. */
static void test_random_instances(void)
{
    static const int sizes[][2] = {{8, 3}, {9, 5}, {10, 10}, {11, 4}, {12, 6}};
    unsigned state = gpu_check_seed();
    const fsbb_bound_definition bounds[] = {one_machine_bound()};
    for (int s = 0; s < 5; s++) {
        fsbb_bound_data d;
        fsbb_instance *instance = random_instance(&state, sizes[s][0], sizes[s][1], &d);
        const char *const gpu_inf[] = {"device", "gpu", "ub", "inf", "pool-size", "64", NULL};
        const char *const cpu_inf[] = {"device", "cpu", "ub", "inf", "threads", "4", NULL};
        same_as_cpu(instance, gpu_inf, cpu_inf, bounds, 1, 0, "from no upper bound");
        solve_run best = solve(instance, cpu_inf, bounds, 1);
        CU_ASSERT_EQUAL_FATAL(best.status, FSBB_OK);
        char ub[16];
        snprintf(ub, sizeof ub, "%d", best.result.makespan);
        const char *const gpu_ub[] = {"device", "gpu", "ub", ub, "pool-size", "64", NULL};
        const char *const cpu_ub[] = {"device", "cpu", "ub", ub, "threads", "4", NULL};
        same_as_cpu(instance, gpu_ub, cpu_ub, bounds, 1, 1, "from the optimum");
        fsbb_result_clear(&best.result);
        fsbb_bound_data_free(&d);
        fsbb_instance_free(instance);
    }
}

/* A bound with GPU source only, equal to the optimum: the GPU solve from the optimum
 * prunes the root (bounded on the GPU) and branches nothing. */
static void test_gpu_only_bound_prunes_root(void)
{
    fsbb_instance *instance = test_load_instance("ta004");
    char source[128];
    snprintf(source, sizeof source, "int optimum(const fsbb_gpu_node *node) { return %d; }\n",
             fsbb_instance_best_known(instance));
    const fsbb_bound_definition bound = {.name = "optimum", .gpu_source = source, .gpu_function = "optimum"};
    const char *const pairs[] = {"device", "gpu", "ub", "opt", NULL};
    solve_run run = solve(instance, pairs, &bound, 1);
    CU_ASSERT_EQUAL(run.status, FSBB_OK);
    CU_ASSERT_EQUAL(run.result.nodes, 0);
    CU_ASSERT(run.result.optimal);
    CU_ASSERT_EQUAL(run.result.makespan, fsbb_instance_best_known(instance));
    fsbb_result_clear(&run.result);
    fsbb_instance_free(instance);
}

/* Routing: --device gpu with a CPU-only bound is refused; --device auto takes the CPU for
 * it and the GPU for a bound with source; --gpu-engine resident runs the offload engine;
 * a source that does not compile fails the solve with its log. */
static void test_routing(void)
{
    fsbb_instance *instance = test_load_instance("ta002");
    const fsbb_bound_definition cpu_only = {.name = "zero", .cpu_bound = constant_zero};
    const char *const gpu[] = {"device", "gpu", "ub", "opt", NULL};
    solve_run refused = solve(instance, gpu, &cpu_only, 1);
    CU_ASSERT_EQUAL(refused.status, FSBB_ERR_ARGUMENT);
    CU_ASSERT_PTR_NOT_NULL(strstr(refused.message, "no GPU source"));

    const char *const automatic[] = {"device", "auto", "ub", "opt", NULL};
    solve_run on_cpu = solve(instance, automatic, &cpu_only, 1);
    CU_ASSERT_EQUAL(on_cpu.status, FSBB_OK);
    CU_ASSERT_STRING_EQUAL(on_cpu.result.device, "cpu");
    CU_ASSERT(on_cpu.result.optimal);
    fsbb_result_clear(&on_cpu.result);

    const fsbb_bound_definition with_source = one_machine_bound();
    solve_run on_gpu = solve(instance, automatic, &with_source, 1);
    CU_ASSERT_EQUAL(on_gpu.status, FSBB_OK);
    CU_ASSERT_NOT_EQUAL(strcmp(on_gpu.result.device, "cpu"), 0);
    CU_ASSERT(on_gpu.result.optimal);
    fsbb_result_clear(&on_gpu.result);

    const char *const resident[] = {"device", "gpu", "gpu-engine", "resident", "ub", "opt", NULL};
    solve_run routed = solve(instance, resident, &with_source, 1);
    CU_ASSERT_EQUAL(routed.status, FSBB_OK);
    CU_ASSERT(routed.result.optimal);
    CU_ASSERT_EQUAL(routed.result.makespan, fsbb_instance_best_known(instance));
    fsbb_result_clear(&routed.result);

    const fsbb_bound_definition broken = {
        .name = "broken", .gpu_source = "int broken(const fsbb_gpu_node *node) { return undeclared_thing; }\n",
        .gpu_function = "broken"};
    solve_run failed = solve(instance, gpu, &broken, 1);
    CU_ASSERT_EQUAL(failed.status, FSBB_ERR_COMPILE);
    CU_ASSERT_PTR_NOT_NULL(strstr(failed.message, "undeclared_thing"));
    fsbb_instance_free(instance);
}

FSBB_SUITE("gpu custom offload",
           {"ta001-ta005 from the optimum: custom GPU bounds give the CPU engine's tree", test_taillard},
           {"random instances: optimum, and the CPU engine's tree from it", test_random_instances},
           {"a GPU-only bound at the optimum prunes the root", test_gpu_only_bound_prunes_root},
           {"routing: no GPU source, device auto, resident named, compile error", test_routing})
