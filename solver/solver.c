/* solver.c — fsbb_solver: turns an instance and options into a search (bound tables,
 * initial upper bound, engine choice), runs it and fills the result. */
#include "checkpoint.h"
#include "div_options.h"
#include "error.h"
#include "heuristic.h"
#include "instance.h"
#include "options.h"
#include "search.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct fsbb_solver {
    const fsbb_instance *instance;
    fsbb_options options;
    fsbb_custom_bound *bounds;
    int bound_count;
    fsbb_progress_fn on_progress;
    void *progress_data;
    double progress_interval_s;
    fsbb_incumbent_fn on_incumbent;
    void *incumbent_data;
    fsbb_checkpoint_fn on_checkpoint;
    void *checkpoint_data;
    atomic_int interrupt_request;
};

fsbb_status fsbb_solver_new(const fsbb_instance *instance, const fsbb_options *options, fsbb_solver **out,
                            fsbb_error *err)
{
    if (!instance || !out)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_solver_new: NULL instance or output");
    fsbb_solver *solver = calloc(1, sizeof *solver);
    if (!solver)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for a solver");
    solver->instance = instance;
    if (options) {
        solver->options = *options;
    } else {
        fsbb_options *defaults = fsbb_options_new();
        if (!defaults) {
            free(solver);
            return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for options");
        }
        solver->options = *defaults;
        fsbb_options_free(defaults);
    }
    solver->progress_interval_s = 0.5;
    atomic_init(&solver->interrupt_request, 0);
    *out = solver;
    return FSBB_OK;
}

void fsbb_solver_free(fsbb_solver *solver)
{
    if (!solver)
        return;
    for (int b = 0; b < solver->bound_count; b++) {
        fsbb_bound_definition *def = &solver->bounds[b].definition;
        if (def->free_user_data)
            def->free_user_data(def->user_data);
        free((char *)def->name);
        free((char *)def->gpu_source);
        free((char *)def->gpu_function);
    }
    free(solver->bounds);
    free(solver);
}

static char *copy_text(const char *text)
{
    return text ? strdup(text) : NULL;
}

fsbb_status fsbb_solver_add_bound(fsbb_solver *solver, const fsbb_bound_definition *bound, fsbb_error *err)
{
    if (!solver || !bound || !bound->name)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_solver_add_bound: NULL solver, bound or bound name");
    if (!bound->cpu_bound && !bound->gpu_source)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "bound '%s' has neither a CPU function nor GPU source", bound->name);
    if (bound->gpu_source && !bound->gpu_function)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "bound '%s' has GPU source but no function name", bound->name);
    fsbb_custom_bound *bounds = realloc(solver->bounds, sizeof *bounds * (size_t)(solver->bound_count + 1));
    if (!bounds)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for a custom bound");
    solver->bounds = bounds;
    fsbb_bound_definition *def = &bounds[solver->bound_count].definition;
    *def = *bound;
    def->name = copy_text(bound->name);
    def->gpu_source = copy_text(bound->gpu_source);
    def->gpu_function = copy_text(bound->gpu_function);
    if (!def->name || (bound->gpu_source && !def->gpu_source) || (bound->gpu_function && !def->gpu_function)) {
        free((char *)def->name);
        free((char *)def->gpu_source);
        free((char *)def->gpu_function);
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for a custom bound");
    }
    solver->bound_count++;
    return FSBB_OK;
}

void fsbb_solver_on_progress(fsbb_solver *solver, fsbb_progress_fn callback, void *user_data, double interval_s)
{
    solver->on_progress = callback;
    solver->progress_data = user_data;
    solver->progress_interval_s = interval_s > 0 ? interval_s : 0.5;
}

void fsbb_solver_on_incumbent(fsbb_solver *solver, fsbb_incumbent_fn callback, void *user_data)
{
    solver->on_incumbent = callback;
    solver->incumbent_data = user_data;
}

void fsbb_solver_on_checkpoint(fsbb_solver *solver, fsbb_checkpoint_fn callback, void *user_data)
{
    solver->on_checkpoint = callback;
    solver->checkpoint_data = user_data;
}

void fsbb_solver_interrupt(fsbb_solver *solver)
{
    atomic_store(&solver->interrupt_request, 1);
}

static int resolve_threads(int requested)
{
    if (requested > 0)
        return requested;
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores > 0 ? (int)cores : 1;
}

/* Heuristic iterations shrink with n^2 m, the cost of one iteration. */
static int heuristic_iterations(int n, int m)
{
    const double scale = (20.0 * 20.0 * 20.0) / ((double)n * n * m);
    const double iterations = FSBB_HEURISTIC_DEFAULT_ITERATIONS * (scale < 1 ? scale : 1);
    return iterations < 1 ? 1 : (int)iterations;
}

static fsbb_status initial_upper_bound(const fsbb_solver *solver, fsbb_search *search, fsbb_error *err)
{
    const fsbb_instance *inst = solver->instance;
    switch (solver->options.ub_kind) {
    case FSBB_UB_HEURISTIC: {
        int *permutation = malloc(sizeof *permutation * (size_t)inst->n);
        fsbb_job *jobs = malloc(sizeof *jobs * (size_t)inst->n);
        int makespan = -1;
        if (permutation && jobs && fsbb_heuristic_neh(inst->n, inst->m, inst->p, permutation) >= 0)
            makespan = fsbb_heuristic_improve(inst->n, inst->m, inst->p, permutation,
                                              heuristic_iterations(inst->n, inst->m), 1);
        if (makespan >= 0) {
            for (int j = 0; j < inst->n; j++)
                jobs[j] = (fsbb_job)permutation[j];
            fsbb_search_offer(search, makespan, jobs);
        }
        free(permutation);
        free(jobs);
        return makespan >= 0 ? FSBB_OK : fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory in the heuristic");
    }
    case FSBB_UB_OPTIMUM:
        if (inst->best_known <= 0)
            return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                             "no best-known makespan for %s: use --ub heuristic, inf or a number", inst->name);
        atomic_store(&search->incumbent, inst->best_known);
        return FSBB_OK;
    case FSBB_UB_INFINITE:
        atomic_store(&search->incumbent, INT_MAX);
        return FSBB_OK;
    case FSBB_UB_VALUE:
        atomic_store(&search->incumbent, solver->options.ub_value);
        return FSBB_OK;
    }
    return FSBB_OK;
}

/* Picks the engine for --device; fills the result's device name. */
static fsbb_status choose_device(const fsbb_solver *solver, int *use_gpu, char *device, int size, fsbb_error *err)
{
    int gpu_sources_complete = 1;
    for (int b = 0; b < solver->bound_count; b++)
        gpu_sources_complete &= solver->bounds[b].definition.gpu_source != NULL;
    *use_gpu = 0;
    snprintf(device, (size_t)size, "cpu");
    if (solver->options.device == FSBB_DEVICE_CPU)
        return FSBB_OK;
    const int available = fsbb_gpu_available(device, size);
    if (solver->options.device == FSBB_DEVICE_GPU) {
        if (!available)
            return fsbb_fail(err, FSBB_ERR_NO_GPU, "--device gpu: no usable CUDA GPU (this build %s CUDA)",
                             fsbb_gpu_built() ? "has" : "was made without");
        if (!gpu_sources_complete)
            return fsbb_fail(err, FSBB_ERR_ARGUMENT, "--device gpu: a custom bound has no GPU source");
        *use_gpu = 1;
        return FSBB_OK;
    }
    *use_gpu = available && gpu_sources_complete;
    if (!*use_gpu)
        snprintf(device, (size_t)size, "cpu");
    return FSBB_OK;
}

/* Option "verify": each custom CPU bound checked against brute force before the search. */
static fsbb_status verify_custom_bounds(const fsbb_solver *solver, fsbb_error *err)
{
    for (int b = 0; b < solver->bound_count && solver->options.verify > 0; b++) {
        const fsbb_bound_definition *def = &solver->bounds[b].definition;
        const fsbb_status status = def->cpu_bound ? fsbb_bound_verify(def, solver->options.verify, 1, err) : FSBB_OK;
        if (status != FSBB_OK)
            return status;
    }
    return FSBB_OK;
}

/* Fills the result of a search that ran. When the engine failed (succeeded 0) it holds the
 * schedule and counters reached before the failure, optimal 0 and lower_bound 0 (none
 * proven); a copy that fails for memory then leaves permutation NULL and the engine's error. */
/* The bounds the search computed (fsbb_result's lb_used and lb2_refined_fraction). */
static void fill_bound_use(const fsbb_search *search, fsbb_result *result)
{
    const fsbb_lb_kind lb = search->options->lb;
    const int measured = search->lb1_survivors > 0;
    result->lb2_refined_fraction = measured ? (double)search->lb2_refined / (double)search->lb1_survivors
                                   : lb == FSBB_LB2 ? 1.0 : 0.0;
    snprintf(result->lb_used, sizeof result->lb_used, "%s",
             lb == FSBB_LB2 ? "lb2" : lb == FSBB_LB_AUTO && measured ? "lb1+lb2" : "lb1");
}

static fsbb_status fill_result(fsbb_search *search, int succeeded, int use_gpu, fsbb_result *result, fsbb_error *err)
{
    const int n = search->data->n;
    fill_bound_use(search, result);
    result->gpu_startup_s = use_gpu ? search->gpu_startup_s : 0;
    const int incumbent = atomic_load(&search->incumbent);
    const int stopped = atomic_load(&search->stop);
    result->jobs = n;
    result->makespan = incumbent;
    result->nodes = atomic_load(&search->nodes);
    result->bounded = atomic_load(&search->bounded);
    result->threads = use_gpu ? 1 : search->threads;
    result->interrupted = atomic_load(&search->interrupted);
    const int achievable = search->incumbent_found || search->initial_ub_achievable;
    if (!succeeded) {
        result->optimal = 0;
        result->lower_bound = 0;
    } else if (!stopped) {
        result->optimal = achievable;
        result->lower_bound = incumbent;
    } else {
        const int open = atomic_load(&search->open_lower_bound);
        result->lower_bound = open < incumbent ? open : incumbent;
        result->optimal = open >= incumbent && achievable;
    }
    if (!search->incumbent_found)
        return FSBB_OK;
    result->permutation = malloc(sizeof(int) * (size_t)n);
    if (!result->permutation)
        return fsbb_fail(succeeded ? err : NULL, FSBB_ERR_MEMORY, "out of memory for the result");
    memcpy(result->permutation, search->incumbent_permutation, sizeof(int) * (size_t)n);
    return FSBB_OK;
}

fsbb_status fsbb_solver_solve(fsbb_solver *solver, fsbb_result *result, fsbb_error *err)
{
    if (!solver || !result)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_solver_solve: NULL solver or result");
    memset(result, 0, sizeof *result);
    const fsbb_status verified = verify_custom_bounds(solver, err);
    if (verified != FSBB_OK)
        return verified;
    const fsbb_instance *inst = solver->instance;
    const double start = fsbb_now();
    fsbb_bound_data data;
    if (fsbb_bound_data_init(&data, inst->n, inst->m, inst->p) != 0)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the bound tables of %s", inst->name);
    /* The GPU's context and kernels load while the CPU prepares the search. */
    fsbb_gpu_warm_up warm_up = {.started = 0};
    if (solver->options.device != FSBB_DEVICE_CPU && solver->bound_count == 0)
        fsbb_gpu_warm_up_start(&warm_up, inst->m, solver->options.lb);
    fsbb_bound_data_limit_pairs(&data, solver->options.lb2_pairs);

    fsbb_search search;
    const int search_ready = fsbb_search_init(&search, &data, &solver->options,
                                              resolve_threads(solver->options.threads), INT_MAX,
                                              &solver->interrupt_request) == 0;
    search.start_time = search.last_progress_time = start;
    search.custom_bounds = solver->bounds;
    search.custom_bound_count = solver->bound_count;
    search.on_progress = solver->on_progress;
    search.progress_data = solver->progress_data;
    search.progress_interval_s = solver->progress_interval_s;
    search.on_incumbent = solver->on_incumbent;
    search.incumbent_data = solver->incumbent_data;
    search.instance_hash = fsbb_checkpoint_fingerprint(inst->n, inst->m, inst->p);
    search.bounds_hash = fsbb_checkpoint_bounds_hash(solver->bounds, solver->bound_count);
    search.checkpoint_path = solver->options.checkpoint_path[0] ? solver->options.checkpoint_path : NULL;
    search.checkpoint_interval_s = solver->options.checkpoint_interval_s;
    search.on_checkpoint = solver->on_checkpoint;
    search.checkpoint_data = solver->checkpoint_data;
    fsbb_checkpoint resumed;
    memset(&resumed, 0, sizeof resumed);

    int use_gpu = 0;
    fsbb_status status = search_ready ? FSBB_OK : fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the incumbent");
    if (status == FSBB_OK && solver->options.resume_path[0]) {
        status = fsbb_search_resume(&search, solver->options.resume_path, &resumed, err);
    } else if (status == FSBB_OK) {
        status = initial_upper_bound(solver, &search, err);
        search.initial_ub = atomic_load(&search.incumbent);
        search.initial_ub_achievable = solver->options.ub_kind == FSBB_UB_OPTIMUM;
    }
    fsbb_gpu_warm_up_finish(&warm_up);
    if (status == FSBB_OK)
        status = choose_device(solver, &use_gpu, result->device, sizeof result->device, err);
    if (status == FSBB_OK)
        status = fsbb_div_options_check(&solver->options, use_gpu, err);
    result->initial_ub = search.initial_ub;
    if (status == FSBB_OK) {
        status = use_gpu ? fsbb_search_gpu(&search, err) : fsbb_search_cpu(&search, err);
        const fsbb_status filled = fill_result(&search, status == FSBB_OK, use_gpu, result, err);
        if (status == FSBB_OK)
            status = filled;
    }
    result->time_s = fsbb_now() - search.start_time;
    fsbb_checkpoint_clear(&resumed);
    fsbb_search_clear(&search);
    fsbb_bound_data_free(&data);
    return status;
}

fsbb_status fsbb_solve(const fsbb_instance *instance, const fsbb_options *options, fsbb_result *result,
                       fsbb_error *err)
{
    fsbb_solver *solver = NULL;
    fsbb_status status = fsbb_solver_new(instance, options, &solver, err);
    if (status != FSBB_OK)
        return status;
    status = fsbb_solver_solve(solver, result, err);
    fsbb_solver_free(solver);
    return status;
}

void fsbb_result_clear(fsbb_result *result)
{
    if (!result)
        return;
    free(result->permutation);
    result->permutation = NULL;
}
