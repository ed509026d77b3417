/* test_library.c — libflowshopbb as a library: custom CPU bounds written from the node
 * view (one reproducing LB1 gives brute-force optima and LB1's exact tree, a stronger one
 * explores fewer nodes, one at the optimum prunes the root), ownership of user data, error
 * paths, two solvers solving in two threads, bound verification against brute force
 * (fsbb_bound_verify and the "verify" option), and NVRTC compile errors of custom GPU
 * bounds (no GPU needed). */
#include "suites.h"
#include "test_support.h"

#include "bound_data.h"
#include "brute_force.h"
#include "flowshopbb.h"
#include "lb2.h"

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_N = 24, MAX_M = 24 };

/* ---- Custom bounds written from the node view ---------------------------------------- */

/* LB1 (bounds/lb1.h) recomputed from fsbb_node_view with its own static tables. */
typedef struct lb1_tables {
    int n, m;
    int min_head[MAX_M], min_tail[MAX_M], min_p[MAX_M];
    atomic_long calls;
} lb1_tables;

static void lb1_tables_init(lb1_tables *t, int n, int m, const int *p)
{
    memset(t, 0, sizeof *t);
    t->n = n;
    t->m = m;
    for (int k = 0; k < m; k++) {
        t->min_head[k] = t->min_tail[k] = t->min_p[k] = INT_MAX;
        for (int j = 0; j < n; j++) {
            int head = 0, tail = 0;
            for (int q = 0; q < k; q++)
                head += p[q * n + j];
            for (int q = k + 1; q < m; q++)
                tail += p[q * n + j];
            t->min_head[k] = head < t->min_head[k] ? head : t->min_head[k];
            t->min_tail[k] = tail < t->min_tail[k] ? tail : t->min_tail[k];
            t->min_p[k] = p[k * n + j] < t->min_p[k] ? p[k * n + j] : t->min_p[k];
        }
    }
    atomic_init(&t->calls, 0);
}

static int max_of(int a, int b)
{
    return a > b ? a : b;
}

static int view_lb1(const fsbb_node_view *node, void *user_data)
{
    lb1_tables *t = user_data;
    atomic_fetch_add_explicit(&t->calls, 1, memory_order_relaxed);
    const int n = node->jobs, m = node->machines;
    if (node->unscheduled_count == 0) {
        int makespan = 0;
        for (int k = 0; k < m; k++)
            makespan = max_of(makespan, node->front[k] + node->back[k]);
        return makespan;
    }
    int last = 0, lb = 0;
    for (int k = 0; k < m; k++) {
        int remain = 0;
        for (int i = 0; i < node->unscheduled_count; i++)
            remain += node->times[k * n + node->unscheduled[i]];
        const int start = max_of(node->front[k], t->min_head[k]) + remain;
        last = k == 0 ? start : max_of(last + t->min_p[k], start);
        lb = max_of(lb, last + max_of(node->back[k], t->min_tail[k]));
    }
    return lb;
}

/* LB1, except a huge value at the node whose prefix is job 2 alone and suffix is empty. */
static int view_lb1_wrong_at_one_node(const fsbb_node_view *node, void *user_data)
{
    if (node->prefix_length == 1 && node->prefix[0] == 2 && node->suffix_length == 0)
        return 1000000;
    return view_lb1(node, user_data);
}

/* The two-machine bound LB2 of bounds/lb2.h, as a custom bound: stronger than LB1. */
static int view_lb2(const fsbb_node_view *node, void *user_data)
{
    const fsbb_bound_data *d = user_data;
    unsigned char unscheduled[MAX_N] = {0};
    for (int i = 0; i < node->unscheduled_count; i++)
        unscheduled[node->unscheduled[i]] = 1;
    return fsbb_lb2(d, unscheduled, node->front, node->back, INT_MAX);
}

static fsbb_bound_definition cpu_bound(const char *name, fsbb_cpu_bound_fn function, void *user_data)
{
    const fsbb_bound_definition bound = {.name = name, .cpu_bound = function, .user_data = user_data};
    return bound;
}

/* ---- Helpers -------------------------------------------------------------------------- */

/* Solves with the given custom bound (NULL: none); returns the status. */
static fsbb_status solve_with(const fsbb_instance *instance, const fsbb_options *options,
                              const fsbb_bound_definition *bound, fsbb_result *result, fsbb_error *err)
{
    fsbb_solver *solver = NULL;
    fsbb_status status = fsbb_solver_new(instance, options, &solver, err);
    if (status == FSBB_OK && bound)
        status = fsbb_solver_add_bound(solver, bound, err);
    if (status == FSBB_OK)
        status = fsbb_solver_solve(solver, result, err);
    fsbb_solver_free(solver);
    return status;
}

static void times_of(const fsbb_instance *instance, int *p)
{
    const int n = fsbb_instance_jobs(instance), m = fsbb_instance_machines(instance);
    for (int k = 0; k < m; k++)
        for (int j = 0; j < n; j++)
            p[k * n + j] = fsbb_instance_time(instance, k, j);
}

/* ---- Custom CPU bounds in the search ---------------------------------------------------- */

static void test_custom_lb1_random_optima(void)
{
    /* No heuristic walk beside the search (auto gives one from 8 cores on): a walk's
     * incumbents arrive when the scheduler lets them, and the tree would differ. */
    static const char *const pairs[] = {"lb", "lb1", "ub", "inf", "threads", "1", "heuristic-threads", "0", NULL};
    fsbb_options *options = test_options_from_pairs(pairs);
    unsigned rng = 20240607u;
    for (int trial = 0; trial < 12; trial++) {
        const int n = 4 + trial % 5, m = 2 + trial % 4;
        int p[8 * 5];
        for (int i = 0; i < n * m; i++)
            p[i] = 1 + (int)(test_random_next(&rng) % (trial % 2 ? 9 : 99));
        fsbb_instance *instance = NULL;
        fsbb_error err;
        CU_ASSERT_EQUAL_FATAL(fsbb_instance_from_matrix("random", n, m, p, &instance, &err), FSBB_OK);
        lb1_tables tables;
        lb1_tables_init(&tables, n, m, p);
        const fsbb_bound_definition bound = cpu_bound("view-lb1", view_lb1, &tables);
        fsbb_result custom, plain;
        CU_ASSERT_EQUAL_FATAL(solve_with(instance, options, &bound, &custom, &err), FSBB_OK);
        CU_ASSERT_EQUAL_FATAL(solve_with(instance, options, NULL, &plain, &err), FSBB_OK);
        CU_ASSERT_EQUAL(custom.makespan, brute_force_optimum(n, m, p, NULL));
        CU_ASSERT_TRUE(custom.optimal);
        CU_ASSERT_PTR_NOT_NULL(custom.permutation);
        if (custom.permutation)
            CU_ASSERT_EQUAL(brute_force_makespan(n, m, p, custom.permutation, n), custom.makespan);
        /* max(LB1, LB1) is LB1: one thread explores exactly LB1's tree. */
        CU_ASSERT_EQUAL(custom.nodes, plain.nodes);
        CU_ASSERT_TRUE(atomic_load(&tables.calls) > 0 || custom.nodes <= 1);
        fsbb_result_clear(&custom);
        fsbb_result_clear(&plain);
        fsbb_instance_free(instance);
    }
    fsbb_options_free(options);
}

static void test_custom_lb1_taillard_optima(void)
{
    static const char *const pairs[] = {"lb", "lb1", "ub", "inf", "threads", "2", NULL};
    fsbb_options *options = test_options_from_pairs(pairs);
    for (int index = 1; index <= 5; index++) {
        char name[16];
        snprintf(name, sizeof name, "ta%03d", index);
        fsbb_instance *instance = NULL;
        fsbb_error err;
        CU_ASSERT_EQUAL_FATAL(fsbb_instance_load(name, &instance, &err), FSBB_OK);
        const int n = fsbb_instance_jobs(instance), m = fsbb_instance_machines(instance);
        int p[MAX_N * MAX_M];
        times_of(instance, p);
        lb1_tables tables;
        lb1_tables_init(&tables, n, m, p);
        const fsbb_bound_definition bound = cpu_bound("view-lb1", view_lb1, &tables);
        fsbb_result result;
        CU_ASSERT_EQUAL_FATAL(solve_with(instance, options, &bound, &result, &err), FSBB_OK);
        CU_ASSERT_TRUE(result.optimal);
        CU_ASSERT_EQUAL(result.makespan, fsbb_instance_best_known(instance));
        CU_ASSERT_TRUE(atomic_load(&tables.calls) > 0);
        if (result.permutation)
            CU_ASSERT_EQUAL(brute_force_makespan(n, m, p, result.permutation, n), result.makespan);
        fsbb_result_clear(&result);
        fsbb_instance_free(instance);
    }
    fsbb_options_free(options);
}

static void test_stronger_custom_bound_fewer_nodes(void)
{
    static const char *const pairs[] = {"lb", "lb1", "ub", "opt", "threads", "1", NULL};
    fsbb_options *options = test_options_from_pairs(pairs);
    static const int indices[] = {2, 5};
    for (int i = 0; i < 2; i++) {
        char name[16];
        snprintf(name, sizeof name, "ta%03d", indices[i]);
        fsbb_instance *instance = NULL;
        fsbb_error err;
        CU_ASSERT_EQUAL_FATAL(fsbb_instance_load(name, &instance, &err), FSBB_OK);
        const int n = fsbb_instance_jobs(instance), m = fsbb_instance_machines(instance);
        int p[MAX_N * MAX_M];
        times_of(instance, p);
        fsbb_bound_data data;
        CU_ASSERT_EQUAL_FATAL(fsbb_bound_data_init(&data, n, m, p), 0);
        CU_ASSERT_EQUAL_FATAL(fsbb_bound_data_build_pairs(&data, 0, NULL, NULL), 0);
        const fsbb_bound_definition bound = cpu_bound("view-lb2", view_lb2, &data);
        fsbb_result strong, plain;
        CU_ASSERT_EQUAL_FATAL(solve_with(instance, options, &bound, &strong, &err), FSBB_OK);
        CU_ASSERT_EQUAL_FATAL(solve_with(instance, options, NULL, &plain, &err), FSBB_OK);
        CU_ASSERT_TRUE(strong.optimal && plain.optimal);
        CU_ASSERT_EQUAL(strong.makespan, plain.makespan);
        CU_ASSERT_TRUE(strong.nodes < plain.nodes);
        fsbb_result_clear(&strong);
        fsbb_result_clear(&plain);
        fsbb_bound_data_free(&data);
        fsbb_instance_free(instance);
    }
    fsbb_options_free(options);
}

/* The optimum (user data): a valid bound at every node, the root included. */
static int constant_optimum(const fsbb_node_view *node, void *user_data)
{
    (void)node;
    return *(const int *)user_data;
}

/* From the optimum, a custom bound equal to it prunes the root: no node is branched and
 * the optimum is proven (the root's custom bound is applied, not only its children's). */
static void test_custom_bound_prunes_root(void)
{
    for (int threads = 1; threads <= 2; threads++) {
        char thread_count[8];
        snprintf(thread_count, sizeof thread_count, "%d", threads);
        const char *const pairs[] = {"lb", "lb1", "ub", "opt", "threads", thread_count, NULL};
        fsbb_options *options = test_options_from_pairs(pairs);
        fsbb_instance *instance = NULL;
        fsbb_error err;
        CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("ta003", &instance, &err), FSBB_OK);
        int optimum = fsbb_instance_best_known(instance);
        const fsbb_bound_definition bound = cpu_bound("optimum", constant_optimum, &optimum);
        fsbb_result result;
        CU_ASSERT_EQUAL_FATAL(solve_with(instance, options, &bound, &result, &err), FSBB_OK);
        CU_ASSERT_EQUAL(result.nodes, 0);
        CU_ASSERT_TRUE(result.optimal);
        CU_ASSERT_EQUAL(result.makespan, optimum);
        CU_ASSERT_EQUAL(result.lower_bound, optimum);
        fsbb_result_clear(&result);
        fsbb_instance_free(instance);
        fsbb_options_free(options);
    }
}

static void count_free(void *user_data)
{
    ++*(int *)user_data;
}

static int constant_zero(const fsbb_node_view *node, void *user_data)
{
    (void)node;
    (void)user_data;
    return 0;
}

static void test_free_user_data_once(void)
{
    fsbb_instance *instance = NULL;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("ta001", &instance, &err), FSBB_OK);
    int freed = 0;
    fsbb_solver *solver = NULL;
    CU_ASSERT_EQUAL_FATAL(fsbb_solver_new(instance, NULL, &solver, &err), FSBB_OK);
    fsbb_bound_definition bound = cpu_bound("zero", constant_zero, &freed);
    bound.free_user_data = count_free;
    CU_ASSERT_EQUAL(fsbb_solver_add_bound(solver, &bound, &err), FSBB_OK);
    fsbb_bound_definition refused = bound;
    refused.cpu_bound = NULL;
    CU_ASSERT_EQUAL(fsbb_solver_add_bound(solver, &refused, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(freed, 0);
    fsbb_result result;
    for (int solve = 0; solve < 2; solve++) {
        CU_ASSERT_EQUAL(fsbb_solver_solve(solver, &result, &err), FSBB_OK);
        CU_ASSERT_EQUAL(result.makespan, 1278);
        fsbb_result_clear(&result);
    }
    CU_ASSERT_EQUAL(freed, 0);
    fsbb_solver_free(solver);
    CU_ASSERT_EQUAL(freed, 1);
    fsbb_instance_free(instance);
}

/* ---- Error paths ---------------------------------------------------------------------------- */

static void test_instance_errors(void)
{
    fsbb_instance *instance = NULL;
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_instance_load("/nonexistent/instance.txt", &instance, &err), FSBB_ERR_IO);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "/nonexistent/instance.txt"));
    char path[] = "/tmp/fsbb-test-library-XXXXXX";
    FILE *file = fdopen(mkstemp(path), "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    fputs("3 2\n1 2 3\n4 5\n", file);
    fclose(file);
    CU_ASSERT_EQUAL(fsbb_instance_load(path, &instance, &err), FSBB_ERR_PARSE);
    remove(path);
    CU_ASSERT_EQUAL(fsbb_instance_load(NULL, &instance, &err), FSBB_ERR_ARGUMENT);
    const int times[] = {1, 2, 3, 4};
    CU_ASSERT_EQUAL(fsbb_instance_from_matrix("zero", 0, 2, times, &instance, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_instance_from_matrix("null", 2, 2, NULL, &instance, &err), FSBB_ERR_ARGUMENT);
    const int negative[] = {1, -2, 3, 4};
    CU_ASSERT_EQUAL(fsbb_instance_from_matrix("negative", 2, 2, negative, &instance, &err), FSBB_ERR_ARGUMENT);
}

static void test_option_errors(void)
{
    fsbb_options *options = fsbb_options_new();
    fsbb_error err;
    static const char *const bad[][2] = {{"lb", "lb9"},       {"frobnicate", "1"}, {"threads", "-5"},
                                         {"verify", "-1"},    {"verify", "many"},  {"device", "tpu"},
                                         {"time-limit", "x"}, {"ub", "-3"}};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err.message[0] = '\0';
        CU_ASSERT_EQUAL(fsbb_options_set(options, bad[i][0], bad[i][1], &err), FSBB_ERR_ARGUMENT);
        CU_ASSERT_PTR_NOT_NULL(strstr(err.message, bad[i][0][0] == 'f' ? bad[i][0] : bad[i][1]));
    }
    CU_ASSERT_EQUAL(fsbb_options_set(options, NULL, "1", &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_options_set(options, "lb", NULL, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_options_set(NULL, "lb", "lb1", &err), FSBB_ERR_ARGUMENT);
    char buffer[32];
    CU_ASSERT_EQUAL(fsbb_options_set(options, "verify", "4", &err), FSBB_OK);
    CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, "verify", buffer, sizeof buffer), "4");
    CU_ASSERT_PTR_NULL(fsbb_options_get(options, "frobnicate", buffer, sizeof buffer));
    fsbb_options_free(options);
}

static void test_solver_errors(void)
{
    fsbb_instance *instance = NULL;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("ta001", &instance, &err), FSBB_OK);
    fsbb_solver *solver = NULL;
    CU_ASSERT_EQUAL(fsbb_solver_new(NULL, NULL, &solver, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_solver_new(instance, NULL, NULL, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL_FATAL(fsbb_solver_new(instance, NULL, &solver, &err), FSBB_OK);

    fsbb_bound_definition bound = {.name = "nothing"};
    CU_ASSERT_EQUAL(fsbb_solver_add_bound(solver, &bound, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "nothing"));
    bound.gpu_source = "int f(const fsbb_gpu_node *node) { return 0; }";
    CU_ASSERT_EQUAL(fsbb_solver_add_bound(solver, &bound, &err), FSBB_ERR_ARGUMENT);
    const fsbb_bound_definition unnamed = {.cpu_bound = constant_zero};
    CU_ASSERT_EQUAL(fsbb_solver_add_bound(solver, &unnamed, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_solver_add_bound(solver, NULL, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_solver_add_bound(NULL, &unnamed, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_solver_solve(solver, NULL, &err), FSBB_ERR_ARGUMENT);
    fsbb_result result;
    CU_ASSERT_EQUAL(fsbb_solver_solve(NULL, &result, &err), FSBB_ERR_ARGUMENT);
    fsbb_solver_free(solver);
    fsbb_solver_free(NULL);

    CU_ASSERT_EQUAL(fsbb_bound_verify(NULL, 1, 1, &err), FSBB_ERR_ARGUMENT);
    const fsbb_bound_definition zero = cpu_bound("zero", constant_zero, NULL);
    CU_ASSERT_EQUAL(fsbb_bound_verify(&zero, 0, 1, &err), FSBB_ERR_ARGUMENT);
    fsbb_instance_free(instance);
}

static const char *skip_with_gpu(void)
{
    return fsbb_gpu_available(NULL, 0) ? "a GPU is present: the no-GPU error cannot be provoked here" : NULL;
}

static void test_gpu_device_without_gpu(void)
{
    static const char *const pairs[] = {"device", "gpu", NULL};
    fsbb_options *options = test_options_from_pairs(pairs);
    fsbb_instance *instance = NULL;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("ta001", &instance, &err), FSBB_OK);
    fsbb_result result;
    CU_ASSERT_EQUAL(fsbb_solve(instance, options, &result, &err), FSBB_ERR_NO_GPU);
    CU_ASSERT_EQUAL(err.code, FSBB_ERR_NO_GPU);
    CU_ASSERT_TRUE(strlen(err.message) > 0);
    fsbb_options_free(options);
    fsbb_instance_free(instance);
}

/* The version and the build's features the library reports. */
static void test_version_and_build_features(void)
{
    CU_ASSERT_STRING_EQUAL(fsbb_version(), FSBB_VERSION);
    const char *features = fsbb_build_features();
    CU_ASSERT_PTR_NOT_NULL_FATAL(features);
#ifdef FSBB_HAVE_CUDA
    CU_ASSERT_EQUAL(strncmp(features, "CUDA ", 5), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(features, " (sm_"));
    CU_ASSERT_PTR_NOT_NULL(strstr(features, " compute_"));
#else
    CU_ASSERT_EQUAL(strncmp(features, "without CUDA", 12), 0);
#endif
    CU_ASSERT_STRING_NOT_EQUAL(fsbb_status_name(FSBB_ERR_GPU_ARCH), fsbb_status_name((fsbb_status)-1));
}

/* fsbb_gpu_check agrees with fsbb_gpu_available and says why a GPU is not usable. */
static void test_gpu_check(void)
{
    char name[128] = "";
    fsbb_error err = {.code = FSBB_OK, .message = ""};
    const fsbb_status status = fsbb_gpu_check(name, sizeof name, &err);
    CU_ASSERT_EQUAL(status == FSBB_OK, fsbb_gpu_available(NULL, 0));
    if (status == FSBB_OK) {
        CU_ASSERT_TRUE(strlen(name) > 0);
        return;
    }
    CU_ASSERT_TRUE(status == FSBB_ERR_NO_GPU || status == FSBB_ERR_GPU_ARCH);
    CU_ASSERT_EQUAL(err.code, status);
    CU_ASSERT_TRUE(strlen(err.message) > 0);
#ifndef FSBB_HAVE_CUDA
    CU_ASSERT_EQUAL(status, FSBB_ERR_NO_GPU);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "without CUDA"));
#endif
    CU_ASSERT_EQUAL(fsbb_gpu_check(NULL, 0, NULL), status);
}

/* ---- Two solvers at once -------------------------------------------------------------------- */

typedef struct threaded_solve {
    unsigned seed;
    int n, m;
    int p[8 * 5];
    int optimum;            /* by brute force */
    fsbb_status status;
    int makespan, optimal, recomputed;
} threaded_solve;

static void *solve_in_thread(void *arg)
{
    threaded_solve *job = arg;
    fsbb_instance *instance = NULL;
    fsbb_error err;
    job->status = fsbb_instance_from_matrix("threaded", job->n, job->m, job->p, &instance, &err);
    fsbb_options *options = fsbb_options_new();
    lb1_tables tables;
    lb1_tables_init(&tables, job->n, job->m, job->p);
    const fsbb_bound_definition bound = cpu_bound("view-lb1", view_lb1, &tables);
    for (int repeat = 0; repeat < 20 && job->status == FSBB_OK; repeat++) {
        fsbb_result result;
        job->status = fsbb_options_set(options, "ub", "inf", &err);
        if (job->status == FSBB_OK)
            job->status = solve_with(instance, options, &bound, &result, &err);
        if (job->status != FSBB_OK)
            break;
        job->makespan = result.makespan;
        job->optimal = result.optimal;
        job->recomputed = result.permutation ? fsbb_instance_makespan(instance, result.permutation) : -1;
        fsbb_result_clear(&result);
        if (job->makespan != job->optimum)
            break;
    }
    fsbb_options_free(options);
    fsbb_instance_free(instance);
    return NULL;
}

static void test_two_solvers_in_two_threads(void)
{
    threaded_solve jobs[2] = {{.seed = 11, .n = 8, .m = 5}, {.seed = 12, .n = 8, .m = 4}};
    for (int t = 0; t < 2; t++) {
        unsigned rng = jobs[t].seed;
        test_random_times(&rng, jobs[t].n, jobs[t].m, jobs[t].p);
        jobs[t].optimum = brute_force_optimum(jobs[t].n, jobs[t].m, jobs[t].p, NULL);
    }
    pthread_t threads[2];
    for (int t = 0; t < 2; t++)
        CU_ASSERT_EQUAL_FATAL(pthread_create(&threads[t], NULL, solve_in_thread, &jobs[t]), 0);
    for (int t = 0; t < 2; t++)
        pthread_join(threads[t], NULL);
    for (int t = 0; t < 2; t++) {
        CU_ASSERT_EQUAL(jobs[t].status, FSBB_OK);
        CU_ASSERT_EQUAL(jobs[t].makespan, jobs[t].optimum);
        CU_ASSERT_EQUAL(jobs[t].recomputed, jobs[t].optimum);
        CU_ASSERT_TRUE(jobs[t].optimal);
    }
}

/* ---- Verification ------------------------------------------------------------------------- */

/* The verifier builds its own instances: LB1's tables must follow each instance's times. */
static int view_lb1_any_instance(const fsbb_node_view *node, void *user_data)
{
    lb1_tables tables;
    lb1_tables_init(&tables, node->jobs, node->machines, node->times);
    (void)user_data;
    return view_lb1(node, &tables);
}

static int view_lb1_plus_one_any_instance(const fsbb_node_view *node, void *user_data)
{
    return view_lb1_any_instance(node, user_data) + 1;
}

static int view_wrong_at_one_node_any_instance(const fsbb_node_view *node, void *user_data)
{
    lb1_tables tables;
    lb1_tables_init(&tables, node->jobs, node->machines, node->times);
    (void)user_data;
    return view_lb1_wrong_at_one_node(node, &tables);
}

static void test_verify_accepts_lb1(void)
{
    const fsbb_bound_definition bound = cpu_bound("view-lb1", view_lb1_any_instance, NULL);
    fsbb_error err;
    err.message[0] = '\0';
    CU_ASSERT_EQUAL(fsbb_bound_verify(&bound, 10, 3, &err), FSBB_OK);
    const fsbb_bound_definition zero = cpu_bound("zero", constant_zero, NULL);
    CU_ASSERT_EQUAL(fsbb_bound_verify(&zero, 5, 4, &err), FSBB_OK);
}

static void test_verify_rejects_overestimate(void)
{
    const fsbb_bound_definition bound = cpu_bound("lb1-plus-one", view_lb1_plus_one_any_instance, NULL);
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_bound_verify(&bound, 3, 5, &err), FSBB_ERR_VERIFY);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "lb1-plus-one"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "not a lower bound"));
}

/* Reads the values, the instance's times and the node out of a verification message and
 * checks the best completion it reports against brute force. */
static void test_verify_names_the_node(void)
{
    const fsbb_bound_definition bound = cpu_bound("one-bad-node", view_wrong_at_one_node_any_instance, NULL);
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_bound_verify(&bound, 1, 9, &err), FSBB_ERR_VERIFY);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "prefix (2) suffix ()"));
    int value = 0, best = 0, n = 0, m = 0;
    const char *gives = strstr(err.message, "gives ");
    const char *completion = strstr(err.message, "best completion is ");
    const char *size = strstr(err.message, "seed 9: ");
    const char *times = strstr(err.message, "times by machine ");
    CU_ASSERT_FATAL(gives && completion && size && times);
    CU_ASSERT_EQUAL(sscanf(gives, "gives %d", &value), 1);
    CU_ASSERT_EQUAL(sscanf(completion, "best completion is %d", &best), 1);
    CU_ASSERT_EQUAL_FATAL(sscanf(size, "seed 9: %d jobs x %d machines", &n, &m), 2);
    CU_ASSERT_EQUAL(value, 1000000);
    CU_ASSERT_FATAL(n >= 3 && n <= 7 && m >= 2 && m <= 5);
    int p[7 * 5];
    const char *cursor = times + strlen("times by machine ");
    for (int i = 0; i < n * m; i++) {
        while (*cursor == ' ' || *cursor == '[' || *cursor == ']')
            cursor++;
        char *end;
        p[i] = (int)strtol(cursor, &end, 10);
        CU_ASSERT_FATAL(end != cursor);
        cursor = end;
    }
    const int prefix[] = {2};
    CU_ASSERT_EQUAL(best, brute_force_best_completion(n, m, p, prefix, 1, NULL, 0));
}

static void test_verify_option(void)
{
    fsbb_instance *instance = NULL;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("ta001", &instance, &err), FSBB_OK);
    static const char *const pairs[] = {"verify", "5", NULL};
    fsbb_options *options = test_options_from_pairs(pairs);
    const fsbb_bound_definition bad = cpu_bound("lb1-plus-one", view_lb1_plus_one_any_instance, NULL);
    fsbb_result result;
    CU_ASSERT_EQUAL(solve_with(instance, options, &bad, &result, &err), FSBB_ERR_VERIFY);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "lb1-plus-one"));
    const fsbb_bound_definition good = cpu_bound("view-lb1", view_lb1_any_instance, NULL);
    CU_ASSERT_EQUAL(solve_with(instance, options, &good, &result, &err), FSBB_OK);
    CU_ASSERT_EQUAL(result.makespan, 1278);
    CU_ASSERT_TRUE(result.optimal);
    fsbb_result_clear(&result);
    /* Without the option the same wrong bound is the user's responsibility: the solve runs. */
    CU_ASSERT_EQUAL(fsbb_options_set(options, "verify", "0", &err), FSBB_OK);
    CU_ASSERT_EQUAL(solve_with(instance, options, &bad, &result, &err), FSBB_OK);
    fsbb_result_clear(&result);
    fsbb_options_free(options);
    fsbb_instance_free(instance);
}

/* ---- Custom GPU bounds: NVRTC, which needs no GPU ------------------------------------------- */

static const char work_bound_source[] = "extern \"C\" __device__ int work_bound(const fsbb_gpu_node *node)\n"
                                        "{\n"
                                        "    int lb = 0;\n"
                                        "    for (int k = 0; k < node->machines; k++) {\n"
                                        "        int work = node->front[k] + node->back[k];\n"
                                        "        for (int i = 0; i < node->unscheduled_count; i++)\n"
                                        "            work += node->times[k * node->jobs + node->unscheduled[i]];\n"
                                        "        lb = FSBB_MAX(lb, work);\n"
                                        "    }\n"
                                        "    return lb;\n"
                                        "}\n";

/* The GPU sources are compiled where NVRTC can be loaded (a CUDA build on a machine with a
 * driver); elsewhere fsbb_bound_check_gpu_source says why it cannot. */
static const char *skip_without_nvrtc(void)
{
    static fsbb_error err;
    const fsbb_bound_definition bound = {.name = "work", .gpu_source = work_bound_source,
                                         .gpu_function = "work_bound"};
    return fsbb_bound_check_gpu_source(&bound, 20, 5, &err) == FSBB_ERR_NO_GPU ? err.message : NULL;
}

static void test_gpu_source_compile_errors(void)
{
    fsbb_bound_definition bound = {.name = "work", .gpu_source = work_bound_source, .gpu_function = "work_bound"};
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_bound_check_gpu_source(&bound, 20, 5, &err), FSBB_OK);

    bound.name = "broken";
    bound.gpu_source = "extern \"C\" __device__ int broken(const fsbb_gpu_node *node)\n"
                       "{\n"
                       "    return undeclared_thing + node->jobs;\n"
                       "}\n";
    bound.gpu_function = "broken";
    CU_ASSERT_EQUAL(fsbb_bound_check_gpu_source(&bound, 20, 5, &err), FSBB_ERR_COMPILE);
    CU_ASSERT_EQUAL(err.code, FSBB_ERR_COMPILE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "undeclared_thing"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "broken.cu(3)")); /* the user's own line numbers */

    bound.gpu_source = work_bound_source;
    bound.gpu_function = "no_such_function";
    CU_ASSERT_EQUAL(fsbb_bound_check_gpu_source(&bound, 20, 5, &err), FSBB_ERR_COMPILE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "no_such_function"));

    bound.gpu_function = "not an identifier";
    CU_ASSERT_EQUAL(fsbb_bound_check_gpu_source(&bound, 20, 5, &err), FSBB_ERR_ARGUMENT);
    bound.gpu_function = "work_bound";
    CU_ASSERT_EQUAL(fsbb_bound_check_gpu_source(&bound, 0, 5, &err), FSBB_ERR_ARGUMENT);
}

/* ---- The option distributed ---------------------------------------------------------- */

static const char *const launcher_variables[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"};
enum { LAUNCHER_VARIABLES = sizeof launcher_variables / sizeof *launcher_variables };

/* Sets (value not NULL) or clears the variables MPI launchers set, keeping what was there in
 * saved (NULL: unset) for restore_launcher; saved[i] is malloc'd. */
static void set_launcher(const char *value, char *saved[LAUNCHER_VARIABLES])
{
    for (int i = 0; i < LAUNCHER_VARIABLES; i++) {
        const char *old = getenv(launcher_variables[i]);
        saved[i] = old ? strdup(old) : NULL;
        if (value)
            setenv(launcher_variables[i], value, 1);
        else
            unsetenv(launcher_variables[i]);
    }
}

static void restore_launcher(char *saved[LAUNCHER_VARIABLES])
{
    for (int i = 0; i < LAUNCHER_VARIABLES; i++) {
        if (saved[i])
            setenv(launcher_variables[i], saved[i], 1);
        else
            unsetenv(launcher_variables[i]);
        free(saved[i]);
    }
}

/* Solves ta001 with option distributed set to mode (NULL: the default). */
static fsbb_status solve_ta001(const char *mode, fsbb_result *result, fsbb_error *err)
{
    const char *const pairs[] = {"threads", "1", "heuristic-threads", "0", mode ? "distributed" : NULL, mode, NULL};
    fsbb_options *options = test_options_from_pairs(pairs);
    fsbb_instance *instance = NULL;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("ta001", &instance, err), FSBB_OK);
    const fsbb_status status = fsbb_solve(instance, options, result, err);
    fsbb_options_free(options);
    fsbb_instance_free(instance);
    return status;
}

/* The option's words: off by default, auto and on taken back as written, others refused. */
static void test_distributed_option_words(void)
{
    fsbb_options *options = fsbb_options_new();
    fsbb_error err;
    char buffer[16];
    CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, "distributed", buffer, sizeof buffer), "off");
    CU_ASSERT_EQUAL(fsbb_options_set(options, "distributed", "auto", &err), FSBB_OK);
    CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, "distributed", buffer, sizeof buffer), "auto");
    CU_ASSERT_EQUAL(fsbb_options_set(options, "distributed", "on", &err), FSBB_OK);
    CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, "distributed", buffer, sizeof buffer), "on");
    CU_ASSERT_EQUAL(fsbb_options_set(options, "distributed", "maybe", &err), FSBB_ERR_ARGUMENT);
    fsbb_options_free(options);
}

/* The launcher's variables (mpirun's, srun's) make no solve distributed by default, nor with
 * off, in any build: a search of the process's own, to the optimum. */
static void test_launcher_variables_ignored_by_default(void)
{
    char *saved[LAUNCHER_VARIABLES];
    set_launcher("1", saved);
    static const char *const modes[] = {NULL, "off"};
    for (size_t i = 0; i < sizeof modes / sizeof *modes; i++) {
        fsbb_result result;
        fsbb_error err = {0};
        CU_ASSERT_EQUAL_FATAL(solve_ta001(modes[i], &result, &err), FSBB_OK);
        CU_ASSERT_EQUAL(result.ranks, 0);
        CU_ASSERT_EQUAL(result.makespan, 1278);
        CU_ASSERT_TRUE(result.optimal);
        fsbb_result_clear(&result);
    }
    restore_launcher(saved);
}

/* auto without a launcher's variables: a search of the process's own. */
static void test_distributed_auto_without_launcher(void)
{
    char *saved[LAUNCHER_VARIABLES];
    set_launcher(NULL, saved);
    fsbb_result result;
    fsbb_error err = {0};
    CU_ASSERT_EQUAL_FATAL(solve_ta001("auto", &result, &err), FSBB_OK);
    CU_ASSERT_EQUAL(result.ranks, 0);
    CU_ASSERT_EQUAL(result.makespan, 1278);
    fsbb_result_clear(&result);
    restore_launcher(saved);
}

static const char *skip_with_mpi(void)
{
#ifdef FSBB_HAVE_MPI
    return "a build with MPI: distributed on would start MPI in the test runner (test/cli/mpi.sh tests it)";
#else
    return NULL;
#endif
}

/* A build without MPI: on, and auto under a launcher, fail saying why. */
static void test_distributed_without_mpi(void)
{
    char *saved[LAUNCHER_VARIABLES];
    set_launcher("1", saved);
    static const char *const modes[] = {"on", "auto"};
    for (size_t i = 0; i < sizeof modes / sizeof *modes; i++) {
        fsbb_result result;
        fsbb_error err = {0};
        CU_ASSERT_EQUAL(solve_ta001(modes[i], &result, &err), FSBB_ERR_ARGUMENT);
        CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "made without MPI"));
    }
    restore_launcher(saved);
}

FSBB_SUITE("library",
           {"a custom bound reproducing LB1 gives brute-force optima and LB1's tree", test_custom_lb1_random_optima},
           {"a custom bound reproducing LB1 solves ta001-ta005 to their optima", test_custom_lb1_taillard_optima},
           {"a stronger custom bound (LB2 from the node view) explores fewer nodes",
            test_stronger_custom_bound_fewer_nodes},
           {"a custom bound at the optimum prunes the root: no node branched", test_custom_bound_prunes_root},
           {"free_user_data is called exactly once, when the solver is freed", test_free_user_data_once},
           {"instance errors: missing file, malformed file, bad matrix", test_instance_errors},
           {"option errors: bad names and values, NULL arguments", test_option_errors},
           {"solver errors: NULL arguments, bounds without a function", test_solver_errors},
           {"device gpu without a GPU is FSBB_ERR_NO_GPU", test_gpu_device_without_gpu, skip_with_gpu},
           {"fsbb_version and fsbb_build_features", test_version_and_build_features},
           {"fsbb_gpu_check agrees with fsbb_gpu_available and says why", test_gpu_check},
           {"two solvers solve in two threads at once", test_two_solvers_in_two_threads},
           {"verification accepts LB1 and the zero bound", test_verify_accepts_lb1},
           {"verification rejects LB1 + 1", test_verify_rejects_overestimate},
           {"verification names the node and its brute-force best completion", test_verify_names_the_node},
           {"the verify option refuses a wrong bound before solving", test_verify_option},
           {"NVRTC compile errors come back with their log", test_gpu_source_compile_errors, skip_without_nvrtc},
           {"option distributed: off by default, auto and on", test_distributed_option_words},
           {"an MPI launcher's variables make no solve distributed by default or with off",
            test_launcher_variables_ignored_by_default},
           {"distributed auto without a launcher: a search of its own", test_distributed_auto_without_launcher},
           {"a build without MPI: distributed on, or auto under a launcher, fails saying why",
            test_distributed_without_mpi, skip_with_mpi})
