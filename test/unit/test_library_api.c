/* test_library_api.c — the solver handle's contract in libflowshopbb: an interrupt is
 * consumed by one solve, bounds are refused twice under one name, without a name and while
 * a solve runs (from another thread), NULL handles are harmless, lb_used names the custom
 * bounds, the result's lb, an all-zero instance's gap, a makespan held at the upper bound given, and the
 * numeric version macros. Deterministic: one search thread, no heuristic walk, and what
 * happens "during a solve" happens inside a custom bound's call. */
#include "suites.h"
#include "test_support.h"

#include "flowshopbb.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

static const char *const deterministic[] = {"threads", "1", "heuristic-threads", "0", "lb", "lb1", NULL};

static fsbb_solver *new_solver(const fsbb_instance *instance, const char *const *pairs)
{
    fsbb_options *options = test_options_from_pairs(pairs);
    fsbb_solver *solver = NULL;
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_solver_new(instance, options, &solver, &err), FSBB_OK);
    fsbb_options_free(options);
    return solver;
}

static int zero_bound(const fsbb_node_view *node, void *user_data)
{
    (void)node;
    (void)user_data;
    return 0;
}

static fsbb_bound_definition zero_named(const char *name, void *user_data)
{
    const fsbb_bound_definition bound = {.name = name, .cpu_bound = zero_bound, .user_data = user_data};
    return bound;
}

/* ---- Interrupts -------------------------------------------------------------------------- */

/* A custom bound that interrupts its solver on its first call of a solve. */
typedef struct interrupter {
    fsbb_solver *solver;
    atomic_int armed;
} interrupter;

static int interrupting_bound(const fsbb_node_view *node, void *user_data)
{
    (void)node;
    interrupter *i = user_data;
    if (atomic_exchange(&i->armed, 0))
        fsbb_solver_interrupt(i->solver);
    return 0;
}

enum { NODE_LIMIT = 5000 };

/* Solves ta021 up to NODE_LIMIT nodes (far from its end): stopped by the limit, or by an
 * interrupt before the limit. */
static void solve_expecting(fsbb_solver *solver, const char *stop_reason)
{
    fsbb_result result;
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_solver_solve(solver, &result, &err), FSBB_OK);
    CU_ASSERT_STRING_EQUAL(result.stop_reason, stop_reason);
    const int interrupted = strcmp(stop_reason, "interrupted") == 0;
    CU_ASSERT_EQUAL(result.interrupted, interrupted);
    CU_ASSERT_EQUAL(result.nodes >= NODE_LIMIT, !interrupted);
    fsbb_result_clear(&result);
}

/* An interrupt before a solve stops that solve, one during a solve stops it; either way
 * the solve after runs on to its node limit. */
static void test_interrupt_consumed_by_one_solve(void)
{
    static const char *const limited[] = {"threads", "1", "heuristic-threads", "0", "lb", "lb1", "ub", "opt",
                                          "node-limit", "5000", NULL};
    fsbb_instance *instance = test_load_instance("ta021");
    fsbb_solver *solver = new_solver(instance, limited);
    CU_ASSERT_PTR_NOT_NULL_FATAL(solver);
    interrupter stopper = {.solver = solver};
    atomic_init(&stopper.armed, 0);
    const fsbb_bound_definition bound = {.name = "interrupter", .cpu_bound = interrupting_bound,
                                         .user_data = &stopper};
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_solver_add_bound(solver, &bound, &err), FSBB_OK);

    fsbb_solver_interrupt(solver);
    solve_expecting(solver, "interrupted");
    solve_expecting(solver, "limit");
    atomic_store(&stopper.armed, 1);
    solve_expecting(solver, "interrupted");
    solve_expecting(solver, "limit");
    fsbb_solver_free(solver);
    fsbb_instance_free(instance);
}

/* ---- Adding bounds ------------------------------------------------------------------------ */

static void count_free(void *user_data)
{
    ++*(int *)user_data;
}

/* A second bound of the same name and an unnamed one are refused, their user data left to
 * the caller: the accepted bound's is freed once. */
static void test_bound_names_refused(void)
{
    fsbb_instance *instance = test_load_instance("ta001");
    fsbb_solver *solver = new_solver(instance, deterministic);
    CU_ASSERT_PTR_NOT_NULL_FATAL(solver);
    int freed = 0;
    fsbb_bound_definition bound = zero_named("zero", &freed);
    bound.free_user_data = count_free;
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_solver_add_bound(solver, &bound, &err), FSBB_OK);
    err.message[0] = '\0';
    CU_ASSERT_EQUAL(fsbb_solver_add_bound(solver, &bound, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "zero"));
    fsbb_bound_definition unnamed = bound;
    unnamed.name = "";
    CU_ASSERT_EQUAL(fsbb_solver_add_bound(solver, &unnamed, &err), FSBB_ERR_ARGUMENT);
    fsbb_bound_definition other = bound;
    other.name = "other";
    CU_ASSERT_EQUAL(fsbb_solver_add_bound(solver, &other, &err), FSBB_OK);
    fsbb_result result;
    CU_ASSERT_EQUAL(fsbb_solver_solve(solver, &result, &err), FSBB_OK);
    CU_ASSERT_STRING_EQUAL(result.lb_used, "lb1+zero+other");
    fsbb_result_clear(&result);
    CU_ASSERT_EQUAL(freed, 0);
    fsbb_solver_free(solver);
    CU_ASSERT_EQUAL(freed, 2);
    fsbb_instance_free(instance);
}

/* A custom bound that, on its first call, has another thread add a bound to its solver
 * (and waits for it), then tries a second solve of the same solver itself. */
typedef struct meddler {
    fsbb_solver *solver;
    atomic_int armed;
    fsbb_status added, solved;
} meddler;

static void *add_from_thread(void *data)
{
    meddler *m = data;
    const fsbb_bound_definition late = zero_named("late", NULL);
    fsbb_error err;
    m->added = fsbb_solver_add_bound(m->solver, &late, &err);
    return NULL;
}

static int meddling_bound(const fsbb_node_view *node, void *user_data)
{
    (void)node;
    meddler *m = user_data;
    if (!atomic_exchange(&m->armed, 0))
        return 0;
    pthread_t thread;
    if (pthread_create(&thread, NULL, add_from_thread, m) == 0)
        pthread_join(thread, NULL);
    fsbb_result nested;
    fsbb_error err;
    m->solved = fsbb_solver_solve(m->solver, &nested, &err);
    fsbb_result_clear(&nested);
    return 0;
}

static void test_no_bound_added_during_a_solve(void)
{
    fsbb_instance *instance = test_load_instance("ta001");
    fsbb_solver *solver = new_solver(instance, deterministic);
    CU_ASSERT_PTR_NOT_NULL_FATAL(solver);
    meddler m = {.solver = solver, .added = FSBB_OK, .solved = FSBB_OK};
    atomic_init(&m.armed, 1);
    const fsbb_bound_definition bound = {.name = "meddler", .cpu_bound = meddling_bound, .user_data = &m};
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_solver_add_bound(solver, &bound, &err), FSBB_OK);
    fsbb_result result;
    CU_ASSERT_EQUAL(fsbb_solver_solve(solver, &result, &err), FSBB_OK);
    CU_ASSERT_EQUAL(m.added, FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(m.solved, FSBB_ERR_ARGUMENT);
    CU_ASSERT_STRING_EQUAL(result.stop_reason, "finished");
    CU_ASSERT_STRING_EQUAL(result.lb_used, "lb1+meddler");
    fsbb_result_clear(&result);
    /* Between solves the bound is taken. */
    const fsbb_bound_definition late = zero_named("late", NULL);
    CU_ASSERT_EQUAL(fsbb_solver_add_bound(solver, &late, &err), FSBB_OK);
    fsbb_solver_free(solver);
    fsbb_instance_free(instance);
}

/* ---- NULL handles ------------------------------------------------------------------------- */

static void on_progress(const fsbb_progress *progress, void *user_data)
{
    (void)progress;
    (void)user_data;
}

static void on_incumbent(int makespan, const int *permutation, int jobs, void *user_data)
{
    (void)makespan;
    (void)permutation;
    (void)jobs;
    (void)user_data;
}

static void on_checkpoint(const fsbb_checkpoint_report *report, void *user_data)
{
    (void)report;
    (void)user_data;
}

static void test_null_handles(void)
{
    CU_ASSERT_PTR_NULL(fsbb_options_copy(NULL));
    fsbb_solver_on_progress(NULL, on_progress, NULL, 1);
    fsbb_solver_on_incumbent(NULL, on_incumbent, NULL);
    fsbb_solver_on_checkpoint(NULL, on_checkpoint, NULL);
    fsbb_solver_interrupt(NULL);
    CU_ASSERT_PTR_NULL(fsbb_solver_options(NULL));
}

/* ---- Results ------------------------------------------------------------------------------ */

/* lb_used names the custom bounds the CPU engine applied: not one without cpu_bound. */
static void test_lb_used_names_custom_bounds(void)
{
    static const char *const on_cpu[] = {"threads", "1", "heuristic-threads", "0", "lb", "lb1",
                                         "device", "cpu", NULL};
    fsbb_instance *instance = test_load_instance("ta001");
    fsbb_solver *solver = new_solver(instance, on_cpu);
    CU_ASSERT_PTR_NOT_NULL_FATAL(solver);
    fsbb_result result;
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_solver_solve(solver, &result, &err), FSBB_OK);
    CU_ASSERT_STRING_EQUAL(result.lb_used, "lb1");
    fsbb_result_clear(&result);
    const fsbb_bound_definition gpu_only = {.name = "gpu-only", .gpu_source = "int g(void) { return 0; }",
                                            .gpu_function = "g"};
    const fsbb_bound_definition first = zero_named("first", NULL), second = zero_named("second", NULL);
    CU_ASSERT_EQUAL(fsbb_solver_add_bound(solver, &first, &err), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_solver_add_bound(solver, &gpu_only, &err), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_solver_add_bound(solver, &second, &err), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_solver_solve(solver, &result, &err), FSBB_OK);
    CU_ASSERT_STRING_EQUAL(result.lb_used, "lb1+first+second");
    fsbb_result_clear(&result);
    fsbb_solver_free(solver);
    fsbb_instance_free(instance);
}

/* The result's lb names the bound in force: given, or the CPU engine's default (auto) when
 * not given, also in a solve interrupted before its engine ran; "" for search=heuristic,
 * where no engine is chosen. lb_used says what was computed: auto bounds the root with LB2
 * too (ta001's root: LB2 proves it), search=heuristic only the root's LB1 whatever lb says. */
static void test_result_names_the_bound_in_force(void)
{
    static const char *const cpu_default[] = {"threads", "1", "heuristic-threads", "0", "device", "cpu", NULL};
    static const char *const cpu_lb1[] = {"threads", "1", "heuristic-threads", "0", "device", "cpu",
                                          "lb", "lb1", NULL};
    static const char *const heuristic[] = {"threads", "1", "search", "heuristic", "heuristic-iterations", "5",
                                            "lb", "lb2", NULL};
    fsbb_instance *instance = test_load_instance("ta001");
    const char *const *pairs[] = {cpu_default, cpu_lb1, heuristic, cpu_default};
    const char *const wanted[] = {"auto", "lb1", "", "auto"};
    const char *const computed[] = {"lb1+lb2", "lb1", "lb1", "lb1"};
    for (int c = 0; c < 4; c++) {
        fsbb_solver *solver = new_solver(instance, pairs[c]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(solver);
        if (c == 3)
            fsbb_solver_interrupt(solver);  /* stops the set-up: the engine is chosen, not run */
        fsbb_result result;
        fsbb_error err;
        CU_ASSERT_EQUAL(fsbb_solver_solve(solver, &result, &err), FSBB_OK);
        CU_ASSERT_STRING_EQUAL(result.lb, wanted[c]);
        CU_ASSERT_STRING_EQUAL(result.lb_used, computed[c]);
        CU_ASSERT_EQUAL(result.lb2_refined_fraction, 0.0);
        if (c == 3)
            CU_ASSERT_STRING_EQUAL(result.stop_reason, "interrupted");
        fsbb_result_clear(&result);
        fsbb_solver_free(solver);
    }
    fsbb_instance_free(instance);
}

/* Makespan 0, proven optimal: gap 0, not "unknown". */
static void test_all_zero_instance_gap(void)
{
    const int times[6] = {0};
    fsbb_instance *instance = NULL;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_from_matrix("zeros", 3, 2, times, &instance, &err), FSBB_OK);
    fsbb_options *options = test_options_from_pairs(deterministic);
    fsbb_result result;
    CU_ASSERT_EQUAL(fsbb_solve(instance, options, &result, &err), FSBB_OK);
    CU_ASSERT_EQUAL(result.makespan, 0);
    CU_ASSERT_TRUE(result.optimal);
    CU_ASSERT_DOUBLE_EQUAL(result.gap, 0, 1e-12);
    fsbb_result_clear(&result);
    fsbb_options_free(options);
    fsbb_instance_free(instance);
}

/* No schedule below the upper bound given: makespan holds that bound, permutation NULL. */
static void test_makespan_holds_the_bound_given(void)
{
    static const char *const at_optimum[] = {"threads", "1", "heuristic-threads", "0", "ub", "1278", NULL};
    fsbb_instance *instance = test_load_instance("ta001");
    fsbb_options *options = test_options_from_pairs(at_optimum);
    fsbb_result result;
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_solve(instance, options, &result, &err), FSBB_OK);
    CU_ASSERT_EQUAL(result.makespan, 1278);
    CU_ASSERT_PTR_NULL(result.permutation);
    CU_ASSERT_EQUAL(result.lower_bound, 1278);
    fsbb_result_clear(&result);
    fsbb_options_free(options);
    fsbb_instance_free(instance);
}

static void test_version_macros(void)
{
    char version[32];
    snprintf(version, sizeof version, "%d.%d.%d", FSBB_VERSION_MAJOR, FSBB_VERSION_MINOR, FSBB_VERSION_PATCH);
    CU_ASSERT_STRING_EQUAL(version, FSBB_VERSION);
    CU_ASSERT_STRING_EQUAL(version, fsbb_version());
}

FSBB_SUITE("library api",
           {"an interrupt stops one solve (the next, or the running one); the solve after finishes",
            test_interrupt_consumed_by_one_solve},
           {"a bound's name taken twice, or empty, is refused; user data freed once", test_bound_names_refused},
           {"no bound added, no second solve, while a solve runs", test_no_bound_added_during_a_solve},
           {"NULL handles: options copy, callbacks, interrupt", test_null_handles},
           {"lb_used names the custom bounds the engine applied", test_lb_used_names_custom_bounds},
           {"the result's lb is the bound in force: given, or the engine's default", test_result_names_the_bound_in_force},
           {"an all-zero instance proven optimal has gap 0", test_all_zero_instance_gap},
           {"no schedule below the ub given: makespan is that ub, no permutation",
            test_makespan_holds_the_bound_given},
           {"numeric version macros spell FSBB_VERSION", test_version_macros})
