/* search.c — the state every search engine shares (search.h): clock, incumbent updates,
 * limits and progress reports. */
#include "search.h"

#include "error.h"
#include "lb1.h"
#include "lb2.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

int fsbb_search_init(fsbb_search *search, const fsbb_bound_data *data, const fsbb_options *options, int threads,
                     int ub, atomic_int *interrupt_request)
{
    memset(search, 0, sizeof *search);
    search->data = data;
    search->options = options;
    search->threads = threads;
    atomic_init(&search->incumbent, ub);
    atomic_init(&search->open_lower_bound, INT_MAX);
    pthread_mutex_init(&search->incumbent_lock, NULL);
    pthread_mutex_init(&search->progress_lock, NULL);
    search->interrupt_request = interrupt_request;
    search->start_time = search->last_progress_time = fsbb_now();
    search->incumbent_permutation = calloc((size_t)data->n, sizeof(int));
    return search->incumbent_permutation ? 0 : -1;
}

void fsbb_search_clear(fsbb_search *search)
{
    free(search->incumbent_permutation);
    search->incumbent_permutation = NULL;
    pthread_mutex_destroy(&search->incumbent_lock);
    pthread_mutex_destroy(&search->progress_lock);
}

const char *fsbb_found_by_name(fsbb_found_by found_by)
{
    switch (found_by) {
    case FSBB_FOUND_INITIAL:
        return "initial";
    case FSBB_FOUND_SEARCH:
        return "search";
    case FSBB_FOUND_HEURISTIC:
        return "heuristic";
    case FSBB_FOUND_NONE:
        break;
    }
    return NULL;
}

void fsbb_search_offer(fsbb_search *search, int makespan, const fsbb_job *permutation)
{
    fsbb_search_offer_from(search, makespan, permutation, FSBB_FOUND_SEARCH);
}

void fsbb_search_offer_from(fsbb_search *search, int makespan, const fsbb_job *permutation, fsbb_found_by source)
{
    if (makespan >= atomic_load_explicit(&search->incumbent, memory_order_relaxed))
        return;
    const int n = search->data->n;
    pthread_mutex_lock(&search->incumbent_lock);
    if (makespan < atomic_load(&search->incumbent)) {
        for (int i = 0; i < n; i++)
            search->incumbent_permutation[i] = permutation[i];
        search->incumbent_found = 1;
        search->incumbent_source = source;
        search->incumbent_time_s = fsbb_now() - search->start_time;
        atomic_store(&search->incumbent, makespan);
        if (search->on_incumbent)
            search->on_incumbent(makespan, search->incumbent_permutation, n, search->incumbent_data);
    }
    pthread_mutex_unlock(&search->incumbent_lock);
}

static void report_progress(fsbb_search *search, double now)
{
    if (pthread_mutex_trylock(&search->progress_lock) != 0)
        return;
    if (now - search->last_progress_time >= search->progress_interval_s) {
        search->last_progress_time = now;
        const double elapsed = now - search->start_time;
        fsbb_progress progress = {
            .nodes = atomic_load_explicit(&search->nodes, memory_order_relaxed),
            .incumbent = atomic_load_explicit(&search->incumbent, memory_order_relaxed),
            .elapsed_s = elapsed,
            .lb2_depths = search->options->lb == FSBB_LB_AUTO
                              ? atomic_load_explicit(&search->lb2_depths, memory_order_relaxed) : -1,
            .lower_bound = -1,
            .gap = -1,
            .fraction_done = -1,
            .eta_s = -1,
        };
        const uint64_t survivors = atomic_load_explicit(&search->lb1_survivors, memory_order_relaxed);
        progress.lb2_refined_fraction =
            survivors ? (double)atomic_load_explicit(&search->lb2_refined, memory_order_relaxed) / (double)survivors
                      : search->options->lb == FSBB_LB2;
        progress.nodes_per_second = elapsed > 0 ? (double)progress.nodes / elapsed : 0;
        search->on_progress(&progress, search->progress_data);
    }
    pthread_mutex_unlock(&search->progress_lock);
}

static double deadline(const fsbb_search *search)
{
    const double limit = search->options->time_limit_s;
    return limit > 0 ? search->start_time + limit : 0;
}

void fsbb_search_stop_rule(const fsbb_search *search, fsbb_stop *stop)
{
    fsbb_stop_init(stop, deadline(search), search->interrupt_request);
}

void fsbb_search_stopped(fsbb_search *search, fsbb_stop_reason reason)
{
    if (reason == FSBB_STOP_NONE)
        return;
    atomic_store(reason == FSBB_STOP_INTERRUPT ? &search->interrupted : &search->limit_reached, 1);
    atomic_store(&search->stop, 1);
}

int fsbb_search_should_stop(fsbb_search *search)
{
    if (atomic_load_explicit(&search->stop, memory_order_relaxed))
        return 1;
    const double now = fsbb_now();
    fsbb_stop_reason reason = fsbb_stop_due(deadline(search), search->interrupt_request, now);
    const uint64_t node_limit = search->options->node_limit;
    if (reason == FSBB_STOP_NONE && node_limit > 0 &&
        atomic_load_explicit(&search->nodes, memory_order_relaxed) >= node_limit)
        reason = FSBB_STOP_LIMIT;
    if (reason != FSBB_STOP_NONE) {
        fsbb_search_stopped(search, reason);
        return 1;
    }
    if (search->on_progress)
        report_progress(search, now);
    return 0;
}

void fsbb_search_note_open(fsbb_search *search, int lb)
{
    int seen = atomic_load(&search->open_lower_bound);
    while (lb < seen && !atomic_compare_exchange_weak(&search->open_lower_bound, &seen, lb))
        ;
}

fsbb_status fsbb_search_root(const fsbb_bound_data *d, fsbb_lb_kind lb, fsbb_node *root, fsbb_error *err)
{
    const int n = d->n, m = d->m;
    int *scratch = calloc(3 * (size_t)m, sizeof(int));
    unsigned char *unscheduled = malloc((size_t)n);
    if (!scratch || !unscheduled) {
        free(scratch);
        free(unscheduled);
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the root node");
    }
    root->front_len = root->back_len = 0;
    for (int j = 0; j < n; j++)
        root->perm[j] = (fsbb_job)j;
    root->lb = fsbb_lb1(d, root->perm, 0, 0, scratch);
    if (lb != FSBB_LB1 && n > 1) {
        /* Nothing is scheduled: the front and back times are zero. */
        memset(unscheduled, 1, (size_t)n);
        memset(scratch, 0, sizeof(int) * 2 * (size_t)m);
        const int root_lb2 = fsbb_lb2(d, unscheduled, scratch, scratch + m, INT_MAX);
        root->lb = FSBB_MAX(root->lb, root_lb2);
    }
    free(scratch);
    free(unscheduled);
    return FSBB_OK;
}
