/* search.h — what every search engine (CPU threads, GPU offload, GPU-resident) shares:
 * the problem tables, the incumbent, the counters, the stop conditions and the callbacks.
 * The solver (solver.c) fills one fsbb_search and hands it to an engine. */
#ifndef FSBB_SEARCH_H
#define FSBB_SEARCH_H

#include "bound_data.h"
#include "census.h"
#include "custom_bound.h"
#include "forecast.h"
#include "flowshopbb.h"
#include "options.h"
#include "stop.h"
#include "work_exchange.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

/* Who found the incumbent's schedule: the set-up's initial upper bound, the exact search,
 * the heuristic workers beside it (anytime.h), or a run before the resume (a checkpoint
 * keeps the schedule, not who found it nor when). */
typedef enum fsbb_found_by {
    FSBB_FOUND_NONE = 0,
    FSBB_FOUND_INITIAL,
    FSBB_FOUND_SEARCH,
    FSBB_FOUND_HEURISTIC,
    FSBB_FOUND_RESUMED
} fsbb_found_by;

/* "initial", "search", "heuristic", "resumed", or NULL for FSBB_FOUND_NONE. */
const char *fsbb_found_by_name(fsbb_found_by found_by);

/* An engine's census of its open nodes (census.h): counts every node it holds open or is
 * expanding into census (reset) and returns 0, or returns -1 when it cannot tell now (its
 * pools are no longer the whole open tree). Called from the engine's own threads (or once
 * more after they ended), never twice at once. */
typedef int (*fsbb_census_fn)(void *data, fsbb_census *census);

/* --gap: seconds between two censuses that check the gap when no progress report takes one. */
#define FSBB_GAP_CHECK_S 1.0

typedef struct fsbb_search {
    const fsbb_bound_data *data;
    const fsbb_options *options;
    int threads;                      /* resolved thread count */
    int cores;                        /* the cores this solve sizes its threads and walks by: the
                                       * host's, or a distributed rank's share of its host's */

    /* The incumbent: makespan readable without a lock; the schedule under the lock. */
    atomic_int incumbent;
    pthread_mutex_t incumbent_lock;
    int *incumbent_permutation;       /* n jobs, 0-based */
    int incumbent_found;              /* 1 once a schedule with makespan == incumbent is held */
    fsbb_found_by incumbent_source;   /* who found that schedule, under the lock */
    double incumbent_time_s;          /* and when: seconds since start_time, under the lock */

    /* Counters, summed by the engines (relaxed atomics), which every search thread adds to:
     * a cache line (64 bytes) of their own, away from what the threads read at every node. */
    _Alignas(64) atomic_uint_least64_t nodes; /* nodes branched */
    atomic_uint_least64_t bounded;    /* bounds computed */

    /* Stop conditions. */
    _Alignas(64) atomic_int stop;     /* set by interrupt, time or node limit */
    atomic_int *interrupt_request;    /* the solver's flag, set by fsbb_solver_interrupt */
    atomic_int interrupted;
    atomic_int limit_reached;
    double start_time;                /* fsbb_now() at start */

    /* Smallest bound among nodes left open when a limit stopped the search. */
    atomic_int open_lower_bound;

    /* A party that trades open nodes with the engine (work_exchange.h): the warm start's
     * next phase, the other ranks of a distributed search; NULL for a search on its own. */
    const fsbb_work_party *party;

    /* Custom bounds (CPU callbacks; GPU sources compiled by the GPU engines). */
    const fsbb_custom_bound *custom_bounds;
    int custom_bound_count;

    /* Callbacks. */
    fsbb_progress_fn on_progress;
    void *progress_data;
    double progress_interval_s;
    fsbb_incumbent_fn on_incumbent;
    void *incumbent_data;
    pthread_mutex_t progress_lock;
    double last_progress_time;

    /* The tree's progress, under progress_lock: the census of the engine running now (NULL:
     * none, or one whose pools are not the whole tree: a distributed search), the latest
     * measures (the lower bound and the share done only rise: each census proves them), the
     * forecast of the end, and when --gap next looks. */
    fsbb_census_fn census_fn;
    void *census_data;
    fsbb_census census;
    int measured;                     /* a census was taken */
    int tree_lower_bound;             /* the least bound of the open nodes at the best census */
    double fraction_done;             /* -1 until measured */
    uint64_t census_open_nodes;       /* open nodes at the latest census */
    fsbb_forecast forecast;
    double gap_check_due;
    atomic_int gap_reached;           /* --gap stopped the search */

    /* Checkpoints (checkpoint.h). An engine given resume starts from its open nodes
     * instead of the root; with checkpoint_path it saves its open nodes every
     * checkpoint_interval_s seconds (0: never periodically) and when it stops. */
    const struct fsbb_checkpoint *resume;
    const char *checkpoint_path;
    double checkpoint_interval_s;
    fsbb_checkpoint_fn on_checkpoint;
    void *checkpoint_data;
    uint64_t instance_hash, bounds_hash;  /* identify the tree in checkpoints (instance_hash: 0 when the
                                           * solve neither saves, resumes nor is distributed) */
    const struct fsbb_instance *instance; /* named in checkpoints; NULL: an unnamed one */
    int initial_ub;                       /* the upper bound the first run started from */
    int initial_ub_achievable;            /* 1 when initial_ub is a known makespan (best-known) */

    /* What the engine reports of its bounds and start (the result's lb_used,
     * lb2_refined_fraction and gpu_startup_s, the progress line): children LB2 refined of
     * those LB1 kept (an engine that counts them), the depth buckets where --lb auto refines
     * now, and the seconds from start_time until a GPU was ready. */
    atomic_uint_least64_t lb2_refined, lb1_survivors;
    atomic_int lb2_depths;
    double gpu_startup_s;
} fsbb_search;

/* The root of the permutation tree, the one every engine starts a new search from, in
 * root (fsbb_node_size(d->n) bytes): every job unscheduled (perm 0..n-1), bounded by LB1 or,
 * with any other lb kind and more than one job, by the larger of LB1 and LB2 (a custom
 * bound is the engine's to add). FSBB_OK, or FSBB_ERR_MEMORY for its scratch space. */
fsbb_status fsbb_search_root(const fsbb_bound_data *d, fsbb_lb_kind lb, fsbb_node *root, fsbb_error *err);

/* Sets up a search over data with these options, threads and initial upper bound ub:
 * the locks, a buffer for the incumbent's schedule, the clocks (now), the interrupt flag
 * to watch; every other field zero. 0, or -1 when the buffer could not be had. Either
 * way fsbb_search_clear releases what it set up. */
int fsbb_search_init(fsbb_search *search, const fsbb_bound_data *data, const fsbb_options *options, int threads,
                     int ub, atomic_int *interrupt_request);
void fsbb_search_clear(fsbb_search *search);

/* Offers a complete schedule (0-based jobs) found by the search; keeps it if it beats the
 * incumbent. Every engine reads the incumbent as it goes, so a lower one prunes at once. */
void fsbb_search_offer(fsbb_search *search, int makespan, const fsbb_job *permutation);
/* The same, for a schedule found elsewhere (the initial upper bound, the heuristic). */
void fsbb_search_offer_from(fsbb_search *search, int makespan, const fsbb_job *permutation, fsbb_found_by source);

/* Checks the time and node limits and reports progress when due; returns 1 when the
 * search must stop. Cheap enough to call every few thousand nodes. */
int fsbb_search_should_stop(fsbb_search *search);

/* A stop rule (stop.h) with this search's time limit, counted from start_time, and its
 * interrupt flag, for the phases before the engine: the initial schedule and the bound
 * tables. */
void fsbb_search_stop_rule(const fsbb_search *search, fsbb_stop *stop);

/* Records that such a phase was stopped: the search is then stopped as an engine stopped by
 * that limit or interrupt would leave it. */
void fsbb_search_stopped(fsbb_search *search, fsbb_stop_reason reason);

/* For a search without a tree (search=heuristic): lb, the root's bound, is the lower bound
 * its progress reports and result give; the share of the tree done stays unknown. */
void fsbb_search_set_lower_bound(fsbb_search *search, int lb);

/* Reports progress when due and checks nothing else: for a phase that watches its own
 * limits (search=heuristic). Safe from several threads at once. */
void fsbb_search_report_progress(fsbb_search *search);

/* Records that a node with bound lb was left unexplored because the search stopped. */
void fsbb_search_note_open(fsbb_search *search, int lb);

/* The same for count nodes (node.h layout, stride bytes apart) held outside any engine (the
 * warm start's, a checkpoint's that no engine ran), which are then the whole open tree: their
 * census becomes the search's latest measure. */
void fsbb_search_note_open_nodes(fsbb_search *search, const unsigned char *nodes, size_t count, size_t stride);

/* A resumed search starts with these open nodes: the share of the tree they leave done is the
 * forecast's start. */
void fsbb_search_resumed_from(fsbb_search *search, const unsigned char *nodes, size_t count, size_t stride);

/* An engine whose pools are the whole open tree sets its census while it runs (before its
 * threads start); fsbb_search_end_census removes it, after a last census when take_last
 * (its threads ended, their open nodes in its pools; not when the engine failed, its pools
 * then no measure of the tree). */
void fsbb_search_set_census(fsbb_search *search, fsbb_census_fn census, void *data);
void fsbb_search_end_census(fsbb_search *search, int take_last);

/* The search's measures for a report or a result: lower bound, gap and share done (-1 each
 * when not measured; with no incumbent the gap is -1 as well). */
void fsbb_search_measures(fsbb_search *search, int *lower_bound, double *gap, double *fraction_done);

#endif
