/* test_support.c — helpers shared by the CUnit suites (see test_support.h). */
#include "test_support.h"

#include "bound_data.h"
#include "host_device.h"
#include "search_cpu.h"

#include <CUnit/CUnit.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void test_options_set_pairs(fsbb_options *options, const char *const *pairs)
{
    fsbb_error err;
    for (int i = 0; pairs[i]; i += 2)
        CU_ASSERT_EQUAL(fsbb_options_set(options, pairs[i], pairs[i + 1], &err), FSBB_OK);
}

fsbb_options *test_options_from_pairs(const char *const *pairs)
{
    fsbb_options *options = fsbb_options_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(options);
    test_options_set_pairs(options, pairs);
    return options;
}

fsbb_instance *test_load_instance(const char *name)
{
    fsbb_instance *inst = NULL;
    fsbb_error err;
    if (fsbb_instance_load(name, &inst, &err) != FSBB_OK)
        printf("\n[%s: %s]", name, err.message);
    CU_ASSERT_FATAL(inst != NULL);
    return inst;
}

unsigned test_random_next(unsigned *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

void test_random_order(unsigned *state, int *values, int count)
{
    for (int i = 0; i < count; i++)
        values[i] = i;
    for (int i = count - 1; i > 0; i--) {
        const int other = (int)(test_random_next(state) % (unsigned)(i + 1));
        const int swap = values[i];
        values[i] = values[other];
        values[other] = swap;
    }
}

void test_random_node(unsigned *state, int n, fsbb_job *perm, int *front_len, int *back_len)
{
    for (int j = 0; j < n; j++)
        perm[j] = (fsbb_job)j;
    for (int j = n - 1; j > 0; j--) {
        const int other = (int)(test_random_next(state) % (unsigned)(j + 1));
        const fsbb_job swap = perm[j];
        perm[j] = perm[other];
        perm[other] = swap;
    }
    *front_len = (int)(test_random_next(state) % (unsigned)(n - 1));
    *back_len = (int)(test_random_next(state) % (unsigned)(n - 1 - *front_len));
}

void test_move_job(int *seq, int from, int to)
{
    const int job = seq[from];
    if (to < from)
        memmove(seq + to + 1, seq + to, sizeof(int) * (size_t)(from - to));
    else
        memmove(seq + from, seq + from + 1, sizeof(int) * (size_t)(to - from));
    seq[to] = job;
}

void test_random_times(unsigned *state, int n, int m, int *p)
{
    for (int i = 0; i < n * m; i++)
        p[i] = 1 + (int)(test_random_next(state) % 99);
}

void test_random_tie_prone_times(unsigned *state, int instance, int max_jobs, int max_machines, int *n, int *m,
                                 int *p)
{
    *n = 2 + (int)(test_random_next(state) % (unsigned)(max_jobs - 1));
    *m = 1 + (int)(test_random_next(state) % (unsigned)max_machines);
    test_random_times(state, *n, *m, p);
    if (instance % 2)
        for (int i = 0; i < *n * *m; i++)
            p[i] = 1 + p[i] % 3;
}

fsbb_instance *test_instance_from_times(int n, int m, const int *p)
{
    char name[32];
    snprintf(name, sizeof name, "random%dx%d", n, m);
    fsbb_instance *inst = NULL;
    fsbb_error err;
    CU_ASSERT_FATAL(fsbb_instance_from_matrix(name, n, m, p, &inst, &err) == FSBB_OK);
    return inst;
}

fsbb_instance *test_random_instance(unsigned *state, int n, int m)
{
    int *p = malloc(sizeof *p * (size_t)n * (size_t)m);
    CU_ASSERT_FATAL(p != NULL);
    test_random_times(state, n, m, p);
    fsbb_instance *inst = test_instance_from_times(n, m, p);
    free(p);
    return inst;
}

test_engine_run test_run_engine(const fsbb_instance *inst, const fsbb_options *options, int ub, int threads,
                                test_engine_fn engine, const void *context)
{
    test_engine_run run;
    memset(&run, 0, sizeof run);
    fsbb_bound_data data;
    CU_ASSERT_FATAL(fsbb_bound_data_init(&data, inst->n, inst->m, inst->p) == 0);
    if (options->lb != FSBB_LB1)
        CU_ASSERT_FATAL(fsbb_bound_data_build_pairs(&data, options->lb2_pairs, NULL, NULL) == 0);
    atomic_int interrupt;
    atomic_init(&interrupt, 0);
    fsbb_search search;
    CU_ASSERT_FATAL(fsbb_search_init(&search, &data, options, threads, ub, &interrupt) == 0);
    fsbb_error err = {0};
    run.status = engine(&search, context, &run, &err);
    if (run.status != FSBB_OK)
        snprintf(run.message, sizeof run.message, "%s", err.message);
    run.nodes = atomic_load(&search.nodes);
    run.bounded = atomic_load(&search.bounded);
    run.incumbent = atomic_load(&search.incumbent);
    run.found = search.incumbent_found;
    run.schedule_makespan = run.found ? fsbb_instance_makespan(inst, search.incumbent_permutation) : -1;
    run.stopped = atomic_load(&search.stop);
    run.limit_reached = atomic_load(&search.limit_reached);
    run.interrupted = atomic_load(&search.interrupted);
    run.open_lower_bound = atomic_load(&search.open_lower_bound);
    run.fraction_done = search.fraction_done;
    fsbb_search_clear(&search);
    fsbb_bound_data_free(&data);
    return run;
}

fsbb_status test_cpu_engine(fsbb_search *search, const void *context, test_engine_run *run, fsbb_error *err)
{
    (void)context;
    (void)run;
    return fsbb_search_cpu(search, err);
}

typedef struct script_run {
    const test_script *script;
    fsbb_search *search;
} script_run;

static void offer_when_due(const fsbb_progress *progress, void *data)
{
    script_run *r = data;
    const test_script *s = r->script;
    if (*s->offered || progress->nodes < s->after)
        return;
    *s->offered = 1;
    fsbb_search_offer_from(r->search, s->makespan, s->schedule, FSBB_FOUND_HEURISTIC);
}

fsbb_status test_scripted_engine(fsbb_search *search, const void *context, test_engine_run *run, fsbb_error *err)
{
    const test_script *script = context;
    script_run r = {.script = script, .search = search};
    *script->offered = 0;
    search->on_progress = offer_when_due;
    search->progress_data = &r;
    search->progress_interval_s = 0;
    const fsbb_status status = script->engine(search, script->engine_context, run, err);
    *script->source = search->incumbent_source;
    return status;
}

int test_offload_bounded_comparable(const fsbb_options *options)
{
    return options->branch == FSBB_BRANCH_DYNAMIC || options->lb == FSBB_LB1;
}

int test_one_machine_bound(const fsbb_node_view *node, void *user_data)
{
    (void)user_data;
    const int n = node->jobs, m = node->machines;
    int lb = 0;
    for (int k = 0; k < m; k++) {
        int work = 0, head = INT_MAX, tail = INT_MAX;
        for (int i = 0; i < node->unscheduled_count; i++) {
            const int j = node->unscheduled[i];
            int before = 0, after = 0;
            for (int q = 0; q < k; q++)
                before += node->times[q * n + j];
            for (int q = k + 1; q < m; q++)
                after += node->times[q * n + j];
            work += node->times[k * n + j];
            head = FSBB_MIN(head, before);
            tail = FSBB_MIN(tail, after);
        }
        if (node->unscheduled_count == 0)
            head = tail = 0;
        lb = FSBB_MAX(lb, FSBB_MAX(node->front[k], head) + work + FSBB_MAX(node->back[k], tail));
    }
    return lb;
}
