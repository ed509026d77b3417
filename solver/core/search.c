/* search.c — the state every search engine shares (search.h): clock, incumbent updates,
 * limits and progress reports. */
#include "search.h"

#include "error.h"
#include "lb1.h"
#include "lb2.h"
#include "node.h"

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
    search->fraction_done = -1;
    fsbb_forecast_start(&search->forecast, 0, 0);
    search->incumbent_permutation = calloc((size_t)data->n, sizeof(int));
    const int census_ok = fsbb_census_init(&search->census, data->n) == 0;
    return search->incumbent_permutation && census_ok ? 0 : -1;
}

void fsbb_search_clear(fsbb_search *search)
{
    free(search->incumbent_permutation);
    search->incumbent_permutation = NULL;
    fsbb_census_free(&search->census);
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
    case FSBB_FOUND_RESUMED:
        return "resumed";
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

/* Keeps the measures of search->census, taken now (progress_lock held): the share done and
 * the lower bound only rise (each census proves its own). */
static void record_census(fsbb_search *search, double now)
{
    const fsbb_census *census = &search->census;
    const double done = fsbb_census_fraction_done(census);
    if (done > search->fraction_done)
        search->fraction_done = done;
    if (!search->measured || census->min_lb > search->tree_lower_bound)
        search->tree_lower_bound = census->min_lb;
    search->census_open_nodes = census->open_nodes;
    search->measured = 1;
    fsbb_forecast_add(&search->forecast, now - search->start_time, search->fraction_done);
}

/* Runs the engine's census, if it has one that can tell now (progress_lock held). */
static void take_census(fsbb_search *search, double now)
{
    if (!search->census_fn)
        return;
    fsbb_census_reset(&search->census);
    if (search->census_fn(search->census_data, &search->census) == 0)
        record_census(search, now);
}

/* Measures (the caller holds progress_lock); the gap only of a schedule held, none without
 * (an upper bound given is no schedule). */
static void measures(fsbb_search *search, int *lower_bound, double *gap, double *fraction_done)
{
    pthread_mutex_lock(&search->incumbent_lock);
    const int incumbent = atomic_load(&search->incumbent), schedule_known = search->incumbent_found;
    pthread_mutex_unlock(&search->incumbent_lock);
    *lower_bound = *fraction_done = *gap = -1;
    if (!search->measured)
        return;
    *lower_bound = search->tree_lower_bound < incumbent ? search->tree_lower_bound : incumbent;
    *fraction_done = search->fraction_done;
    if (schedule_known)
        *gap = incumbent > 0 ? (double)(incumbent - *lower_bound) / incumbent : 0;
}

void fsbb_search_measures(fsbb_search *search, int *lower_bound, double *gap, double *fraction_done)
{
    pthread_mutex_lock(&search->progress_lock);
    measures(search, lower_bound, gap, fraction_done);
    pthread_mutex_unlock(&search->progress_lock);
}

/* Breadth- and best-first expand the shallow nodes first and leave the deep subtrees, where
 * the work is, for last: the share of subtrees done nears 1 long before the end (ta029 from
 * its optimum, one thread: bfs 99.88 % done after 0.5 s of 8.4 s; best 90 % after 10.5 s of
 * 22.7 s), no measure of the work left. Their reports give neither it nor a forecast; the
 * result keeps the share (the tree a resume has left, by weight). */
static int share_measures_work(const fsbb_search *search)
{
    return search->options->select == FSBB_SELECT_DFS;
}

static void report(fsbb_search *search, double now)
{
    const double elapsed = now - search->start_time;
    const int forecast = search->measured && share_measures_work(search);
    fsbb_progress progress = {
        .nodes = atomic_load_explicit(&search->nodes, memory_order_relaxed),
        .incumbent = atomic_load_explicit(&search->incumbent, memory_order_relaxed),
        .elapsed_s = elapsed,
        .lb2_depths = search->options->lb == FSBB_LB_AUTO
                          ? atomic_load_explicit(&search->lb2_depths, memory_order_relaxed) : -1,
        .eta_s = forecast ? fsbb_forecast_reported_eta(&search->forecast) : -1,
        .open_nodes = search->measured ? search->census_open_nodes : 0,
    };
    measures(search, &progress.lower_bound, &progress.gap, &progress.fraction_done);
    if (!share_measures_work(search))
        progress.fraction_done = -1;
    const uint64_t survivors = atomic_load_explicit(&search->lb1_survivors, memory_order_relaxed);
    progress.lb2_refined_fraction =
        survivors ? (double)atomic_load_explicit(&search->lb2_refined, memory_order_relaxed) / (double)survivors
                  : search->options->lb == FSBB_LB2;
    progress.nodes_per_second = elapsed > 0 ? (double)progress.nodes / elapsed : 0;
    search->on_progress(&progress, search->progress_data);
}

/* Reports progress when due, and with --gap looks at the gap when due; 1 when the gap is
 * reached. */
static int report_progress(fsbb_search *search, double now)
{
    if (pthread_mutex_trylock(&search->progress_lock) != 0)
        return 0;
    const int progress_due = search->on_progress && now - search->last_progress_time >= search->progress_interval_s;
    const double wanted_gap = search->options->gap;
    const int gap_due = wanted_gap > 0 && now >= search->gap_check_due;
    int reached = 0;
    if (progress_due || gap_due)
        take_census(search, now);
    if (gap_due) {
        search->gap_check_due = now + FSBB_GAP_CHECK_S;
        int lower_bound;
        double gap, done;
        measures(search, &lower_bound, &gap, &done);
        reached = gap >= 0 && gap <= wanted_gap;
    }
    if (progress_due) {
        search->last_progress_time = now;
        report(search, now);
    }
    pthread_mutex_unlock(&search->progress_lock);
    return reached;
}

void fsbb_search_set_lower_bound(fsbb_search *search, int lb)
{
    pthread_mutex_lock(&search->progress_lock);
    search->measured = 1;
    search->tree_lower_bound = lb;
    pthread_mutex_unlock(&search->progress_lock);
}

void fsbb_search_report_progress(fsbb_search *search)
{
    if (!search->on_progress || pthread_mutex_trylock(&search->progress_lock) != 0)
        return;
    const double now = fsbb_now();
    if (now - search->last_progress_time >= search->progress_interval_s) {
        search->last_progress_time = now;
        report(search, now);
    }
    pthread_mutex_unlock(&search->progress_lock);
}

void fsbb_search_set_census(fsbb_search *search, fsbb_census_fn census, void *data)
{
    pthread_mutex_lock(&search->progress_lock);
    search->census_fn = census;
    search->census_data = data;
    pthread_mutex_unlock(&search->progress_lock);
}

void fsbb_search_end_census(fsbb_search *search, int take_last)
{
    pthread_mutex_lock(&search->progress_lock);
    if (take_last)
        take_census(search, fsbb_now());
    search->census_fn = NULL;
    search->census_data = NULL;
    pthread_mutex_unlock(&search->progress_lock);
}

void fsbb_search_note_open_nodes(fsbb_search *search, const unsigned char *nodes, size_t count, size_t stride)
{
    for (size_t i = 0; i < count; i++)
        fsbb_search_note_open(search, ((const fsbb_node *)(nodes + i * stride))->lb);
    pthread_mutex_lock(&search->progress_lock);
    fsbb_census_reset(&search->census);
    fsbb_census_add_nodes(&search->census, nodes, count, stride);
    record_census(search, fsbb_now());
    pthread_mutex_unlock(&search->progress_lock);
}

void fsbb_search_resumed_from(fsbb_search *search, const unsigned char *nodes, size_t count, size_t stride)
{
    pthread_mutex_lock(&search->progress_lock);
    fsbb_census_reset(&search->census);
    fsbb_census_add_nodes(&search->census, nodes, count, stride);
    fsbb_forecast_start(&search->forecast, 0, fsbb_census_fraction_done(&search->census));
    record_census(search, fsbb_now());
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
    if ((search->on_progress || search->options->gap > 0) && report_progress(search, now)) {
        atomic_store(&search->gap_reached, 1);
        atomic_store(&search->stop, 1);
        return 1;
    }
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
