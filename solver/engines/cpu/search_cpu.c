/* search_cpu.c — the multi-threaded CPU engine: each thread runs the branch-and-bound
 * loop (select, branch, bound, prune) on its own node pool; idle threads steal half of
 * another thread's pool, so every core stays busy until the tree is exhausted.
 *
 * Idle threads sleep: a thread that finds nothing to steal waits on a condition variable
 * (with a bounded wait) until a busy thread with nodes to spare wakes it, the
 * last thread goes idle (the tree is exhausted), the search stops or a checkpoint pauses
 * it. A busy thread looks at the count of sleepers after each push (one load) and wakes
 * one, naming itself as the place to steal from, only when someone sleeps; a sleeper and a
 * pusher order their announcements (seq_cst) so that one of them always sees the other.
 * A thread scans at most SCAN_VICTIMS pools per attempt, so thousands of threads on a
 * few cores cost a few loads each, not a scan of every pool.
 *
 * Branching places one unscheduled job at the front (forward), at the back (backward), or
 * chooses per node (dynamic): both children sets are bounded with incremental LB1 and the
 * direction with fewer surviving children wins, ties going to the larger bound sum. LB2
 * and custom bounds then refine the survivors of the chosen direction only (and custom
 * bounds the root too, custom_bound.h). With --lb auto, LB2 refines the survivors at the
 * depths where the rule of lb_auto.h, run on the threads' merged measurements, says it pays
 * (cpu_lb_auto.h), and a sample of the others. A thread carries the front and back times of its
 * nodes from one to the next (times_cache.h) and bounds the children in lanes of 4
 * (lb1_batch.h).
 *
 * Checkpoints: a checkpoint thread wakes every checkpoint interval, asks the workers to
 * park between two nodes (one relaxed flag load per node), copies every pool while they
 * wait, lets them go and writes the copy. When the search stops, the pools are saved once
 * more, so an interrupted search resumes exactly where it stopped.
 *
 * With a party (work_exchange.h), every thread polls nodes_wanted where it looks at the
 * limits; the first to see a request serves it under the donation lock (so a request is
 * served once; a thread that sees a request for every node waits for the lock and asks
 * again, rather than branching on), taking from each pool in turn what a thief would take:
 * half of it, from its shallow end, up to the count asked, or every node for FSBB_WORK_ALL. While the party
 * wants every node, idle threads stop stealing, so the engine empties. The last thread to
 * go idle calls take instead of ending the search: it searches what the party hands it
 * (the sleepers steal from it as from any busy thread) or ends the search when the party
 * says it is over. Once nodes have left or entered the pools these are no longer the whole
 * open tree, and periodic checkpoints end. With a party the engine saves no final
 * checkpoint: the nodes still open when a limit or an interrupt stops it go to the party
 * (one last give), which notes and saves them.
 *
 * The census (search.h) locks every pool, in the order thieves lock them, so that no node is
 * between two pools, and counts them with the node each thread is expanding. It measures the
 * tree while the pools are the whole of it: without a party, or with the warm start's until
 * the hand-over. A party that is not sole (a rank of the distributed search) counts the
 * pools as its engine's part from its own thread, under the donation lock as well. */
#include "search_cpu.h"

#include "checkpoint.h"
#include "child_order.h"
#include "cpu_lb_auto.h"
#include "cut_probe.h"
#include "custom_bound.h"
#include "error.h"
#include "lb1.h"
#include "lb1_batch.h"
#include "lb2.h"
#include "node_buffer.h"
#include "node_pool.h"
#include "times_cache.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Nodes between two looks at the limits, at most; fewer when nodes are expensive
 * (FSBB_STOP_STEPS of work, stop.h). */
enum { CHECK_EVERY = 256 };
/* Pools a thread looks at for work per attempt (after the one it was woken for). */
enum { SCAN_VICTIMS = 64 };
/* An idle thread sleeps at most max(MIN_IDLE_WAIT_S, threads / IDLE_TIMEOUTS_PER_S) seconds
 * without a wake-up (a safety net: wake-ups come when work, the end, a stop or a pause
 * does), so that time-outs cost little whatever the thread count. */
#define MIN_IDLE_WAIT_S 0.01
#define IDLE_TIMEOUTS_PER_S 2000.0

typedef struct cpu_engine cpu_engine;

/* A worker has cache lines of its own (64 bytes), so that what one thread writes at every node
 * (its counters, the tail of its lb_auto counts) shares no line with the next worker's lock.
 * What other threads touch (the lock, the pool thieves take from, the counts they peek at)
 * comes first; what only the worker's thread reads and writes starts on a line of its own.
 * Its scratch arrays are allocated by its own thread (alloc_scratch). */
typedef struct worker {
    _Alignas(64) cpu_engine *engine;
    int id;
    pthread_mutex_t lock;
    fsbb_node_pool pool;
    atomic_size_t open_nodes;        /* pool.count, published under lock for peeks without it */
    /* The node being expanded, for the census: its depth (-1: none) and bound, set under lock
     * when it is popped, cleared under lock with its children's push (or at once, without the
     * lock, when it has none). */
    atomic_int flight_depth, flight_lb;
    _Alignas(64) fsbb_times_cache times_cache; /* front and back times of the last nodes */
    const int *front, *back;         /* the current node's, in times_cache */
    /* Scratch sized for one node (alloc_scratch). */
    int *remain, *child_front, *child_back;
    int *lb_forward, *lb_backward;   /* by position in the permutation, plus the batch's padding lanes */
    int *times;                      /* m x batch width: the unscheduled jobs' times */
    int *batch_back;                 /* m x batch width: backward children's suffix times */
    int *batch_t, *batch_last;       /* batch width: running values of the batch bounds */
    int *survivors;                  /* positions of surviving children */
    unsigned char *unscheduled;      /* by job */
    int *custom_scratch;             /* 3 n: the node view of custom bounds */
    int *probe_scratch;              /* 2 m: --lb auto's probes (cut_probe.h) */
    fsbb_node *current;
    unsigned char *children;         /* up to n child nodes, pushed under one lock */
    uint64_t nodes, bounded;         /* not yet added to the shared counters */
    uint64_t steps;                  /* work (stop.h steps) since the last look at the limits */
    unsigned rng;
    fsbb_cpu_lb_auto_counts lb_auto; /* --lb auto: counts not yet merged */
    double lb2_seconds;              /* --lb auto: LB2 time inside the node being branched */
} worker;

struct cpu_engine {
    fsbb_search *search;
    worker *workers;
    int count;
    size_t node_size;
    int lb_auto_on;                  /* --lb auto */

    /* Written by the threads as they go idle or steal: a line of its own, away from the
     * fields above, which every thread reads at every node. */
    _Alignas(64) atomic_int idle; /* workers without nodes, and those that never started */
    atomic_int out_of_memory;
    atomic_int no_scratch;           /* a thread could not allocate its scratch */

    /* Idle workers: sleepers is read after every push, so it has a cache line of its own. */
    _Alignas(64) atomic_int sleepers; /* workers about to sleep or sleeping */
    _Alignas(64) pthread_mutex_t idle_lock;
    pthread_cond_t work_ready;       /* to the sleepers: work, the end, a stop or a pause */
    atomic_uint wakeups;             /* changed under idle_lock with each wake-up */
    int hint;                        /* under idle_lock: the worker that last offered nodes */
    atomic_int done;                 /* every worker is idle: the tree is exhausted */
    double idle_wait_s;              /* the longest sleep without a wake-up */

    /* Snapshots: workers park while pause_requested is set. The flag, read before every
     * node, has a cache line of its own, away from the counters that threads write. */
    _Alignas(64) atomic_int pause_requested;
    _Alignas(64) pthread_mutex_t pause_lock;
    pthread_cond_t parked_changed;   /* to the checkpoint thread: a worker parked or left */
    pthread_cond_t pause_over;       /* to the parked workers */
    int parked, running;             /* under pause_lock */
    int ended;                       /* under pause_lock: the workers are done */
    unsigned char *snapshot;         /* the copied pools */
    size_t snapshot_capacity;        /* in nodes */

    /* The party (search->party), when there is one. */
    const fsbb_work_party *party;
    pthread_mutex_t donation_lock;   /* one donation at a time; guards donation */
    fsbb_node_buffer donation;       /* the nodes being given */
    atomic_int traded;               /* nodes were given or taken: the pools are not the whole tree */

    fsbb_cpu_lb_auto lb_auto;        /* --lb auto */
};

/* Publishes w->pool.count for other threads' unlocked peeks; called with w->lock held (or
 * before the threads start). */
static void publish_open_nodes(worker *w)
{
    atomic_store_explicit(&w->open_nodes, w->pool.count, memory_order_relaxed);
}

/* Publishes the node w expands now (NULL: none) for the census. */
static void set_flight(worker *w, const fsbb_node *node)
{
    if (node)
        atomic_store_explicit(&w->flight_lb, node->lb, memory_order_relaxed);
    atomic_store_explicit(&w->flight_depth, node ? fsbb_node_depth(node) : -1, memory_order_relaxed);
}

static void flush_counters(worker *w)
{
    fsbb_search *search = w->engine->search;
    atomic_fetch_add_explicit(&search->nodes, w->nodes, memory_order_relaxed);
    atomic_fetch_add_explicit(&search->bounded, w->bounded, memory_order_relaxed);
    w->nodes = w->bounded = 0;
}

/* --lb auto: adds w's counts to the engine's, which may turn depths on or off, and
 * publishes the totals (the result's refined fraction, the progress line); when a merge is
 * due (cpu_lb_auto.h), or always at the thread's end. */
static void merge_lb_auto(worker *w, int at_end)
{
    cpu_engine *engine = w->engine;
    if (!engine->lb_auto_on)
        return;
    const double now = fsbb_now();
    if (!at_end && !fsbb_cpu_lb_auto_merge_due(&engine->lb_auto, &w->lb_auto, now))
        return;
    w->lb_auto.merged_at = now;
    fsbb_cpu_lb_auto_merge(&engine->lb_auto, &w->lb_auto);
    fsbb_search *search = engine->search;
    atomic_store_explicit(&search->lb2_refined, atomic_load(&engine->lb_auto.refined), memory_order_relaxed);
    atomic_store_explicit(&search->lb1_survivors, atomic_load(&engine->lb_auto.survivors), memory_order_relaxed);
    atomic_store_explicit(&search->lb2_depths, atomic_load(&engine->lb_auto.refining), memory_order_relaxed);
}

/* Whether LB2 refines a survivor of LB1 at child depth `depth`: always with --lb lb2, where
 * the engine's switches (or the sample) say with auto, never with lb1. */
static int refines_with_lb2(worker *w, int depth)
{
    const cpu_engine *engine = w->engine;
    const fsbb_lb_kind lb = engine->search->options->lb;
    if (lb != FSBB_LB_AUTO)
        return lb == FSBB_LB2;
    return fsbb_cpu_lb_auto_refines(&engine->lb_auto, &w->lb_auto, fsbb_lb_auto_bucket(depth, engine->search->data->n));
}

/* Refines a child's LB1 with LB2 (when with_lb2) and the custom bounds; child_front/child_back
 * describe the child, unscheduled its jobs. */
static int refine_bound(worker *w, const fsbb_node *child, int lb, int ub, int with_lb2)
{
    fsbb_search *search = w->engine->search;
    const fsbb_bound_data *d = search->data;
    if (with_lb2) {
        const int lb2 = fsbb_lb2(d, w->unscheduled, w->child_front, w->child_back, ub);
        lb = FSBB_MAX(lb, lb2);
        w->bounded++;
    }
    const fsbb_custom_node node = {
        .perm = child->perm, .front_len = child->front_len, .back_len = child->back_len,
        .front = w->child_front, .back = w->child_back,
    };
    return fsbb_custom_cpu_bounds(search->custom_bounds, search->custom_bound_count, d, &node, lb, ub,
                                  w->custom_scratch);
}

/* Sets up what refine_bound reads of the children of node about to be refined, once per node
 * and only where one is (auto refines few): the node's unscheduled jobs, and the side of the
 * children's times that branching in this direction leaves as the node's. */
static void prepare_refinement(worker *w, const fsbb_node *node, int forward)
{
    const fsbb_bound_data *d = w->engine->search->data;
    const int n = d->n, m = d->m;
    memset(w->unscheduled, 0, (size_t)n);
    for (int i = node->front_len; i < n - node->back_len; i++)
        w->unscheduled[node->perm[i]] = 1;
    if (forward)
        memcpy(w->child_back, w->back, sizeof(int) * (size_t)m);
    else
        memcpy(w->child_front, w->front, sizeof(int) * (size_t)m);
}

/* Adds the work of the node being expanded to w->steps and looks at the limits: 1 when
 * the search stops. */
static int stopped_inside(worker *w, uint64_t *node_steps)
{
    w->steps += *node_steps;
    *node_steps = 0;
    return fsbb_search_should_stop(w->engine->search);
}

/* Branches one node; writes its surviving children to w->children; returns their count.
 * Counts its work in w->steps. Where making the children is long (LB2 on many machine
 * pairs, or thousands of jobs, whose children are copies of the whole node), it looks at
 * the limits every FSBB_STOP_STEPS of that work and before children that take that long to
 * push; stopped, it leaves the node unexpanded: returns -1. */
static int expand(worker *w, const fsbb_node *node)
{
    fsbb_search *search = w->engine->search;
    const fsbb_bound_data *d = search->data;
    const int n = d->n, m = d->m;
    const int ub = atomic_load_explicit(&search->incumbent, memory_order_relaxed);
    if (node->lb >= ub)
        return 0;
    w->nodes++;
    const int fl = node->front_len, bl = node->back_len;
    const int lo = fl, hi = n - bl, unscheduled = hi - lo;
    const int lb_auto = w->engine->lb_auto_on;
    if (lb_auto)
        w->lb_auto.depth[fsbb_lb_auto_bucket(fl + bl, n)].branched++;
    /* auto: the node's own work (all but LB2), per candidate, on a sample of the nodes. */
    const double timed_from = lb_auto && unscheduled > 1 ? fsbb_cpu_lb_auto_node_timer(&w->lb_auto) : 0;
    w->lb2_seconds = 0;
    w->steps += (uint64_t)unscheduled * (uint64_t)(n + m);
    w->front = fsbb_times_cache_front(&w->times_cache, d, node->perm, fl);
    w->back = fsbb_times_cache_back(&w->times_cache, d, node->perm, bl);
    fsbb_gather_unscheduled(d, node->perm, lo, unscheduled, w->times, w->remain);

    if (unscheduled == 1) {
        const int makespan = fsbb_lb1_forward_child(d, w->front, w->back, w->remain, 1, node->perm[lo]);
        w->bounded++;
        if (makespan < ub)
            fsbb_search_offer(search, makespan, node->perm);
        return 0;
    }

    const fsbb_branch_kind branch = search->options->branch;
    if (branch != FSBB_BRANCH_BACKWARD)
        fsbb_lb1_forward_children(d, w->front, w->back, w->remain, w->times, unscheduled, w->batch_t, w->batch_last,
                                  w->lb_forward + lo);
    if (branch != FSBB_BRANCH_FORWARD)
        fsbb_lb1_backward_children(d, w->front, w->back, w->remain, w->times, unscheduled, w->batch_back,
                                   w->batch_last, w->lb_backward + lo);
    w->bounded += (uint64_t)unscheduled * (branch == FSBB_BRANCH_DYNAMIC ? 2 : 1);

    const int forward = fsbb_choose_forward(search->options->branch, w->lb_forward, w->lb_backward, lo, hi, ub);
    const int *lb = forward ? w->lb_forward : w->lb_backward;
    int alive = 0;
    for (int i = lo; i < hi; i++)
        if (lb[i] < ub)
            w->survivors[alive++] = i;
    if (search->options->select == FSBB_SELECT_DFS)
        fsbb_sort_by_bound_descending(w->survivors, alive, lb);

    const int refine = search->options->lb != FSBB_LB1 || search->custom_bound_count > 0;
    const size_t node_size = w->engine->node_size;
    const uint64_t lb2_steps = (uint64_t)d->pair_count * n;
    uint64_t node_steps = 0;
    int prepared = 0;
    int kept = 0;
    for (int s = 0; s < alive; s++) {
        const int pos = w->survivors[s];
        fsbb_node *child = (fsbb_node *)(w->children + (size_t)kept * node_size);
        fsbb_node_copy(child, node, n);
        const int slot = forward ? lo : hi - 1;
        const fsbb_job job = child->perm[pos];
        child->perm[pos] = child->perm[slot];
        child->perm[slot] = job;
        if (forward)
            child->front_len++;
        else
            child->back_len++;
        int child_lb = lb[pos];
        /* The child's times only where a bound needs them (auto refines few children). */
        const int with_lb2 = refine && refines_with_lb2(w, child->front_len + child->back_len);
        if (with_lb2 || search->custom_bound_count > 0) {
            /* auto: the refinement's seconds, the child's times and a cut child's probe
             * included, are LB2's cost. */
            const double refine_from = lb_auto && with_lb2 ? fsbb_now() : 0;
            if (!prepared) {
                prepare_refinement(w, node, forward);
                prepared = 1;
            }
            if (forward)
                fsbb_front_append(d, job, w->front, w->child_front);
            else
                fsbb_back_prepend(d, job, w->back, w->child_back);
            w->unscheduled[job] = 0;
            const int lb1 = child_lb;
            child_lb = refine_bound(w, child, child_lb, ub, with_lb2);
            w->unscheduled[job] = 1;
            if (refine_from > 0) {
                const int bucket = fsbb_lb_auto_bucket(child->front_len + child->back_len, n);
                fsbb_lb_auto_depth *counts = &w->lb_auto.depth[bucket];
                const int cut = child_lb >= ub && lb1 < ub;
                if (cut && fsbb_lb_auto_uses_probes(n)) {
                    counts->probes++;
                    counts->probe_children += fsbb_cut_probe(d, branch, w->child_front, w->child_back, w->remain,
                                                             job, child->perm + child->front_len,
                                                             n - child->front_len - child->back_len, ub,
                                                             w->probe_scratch);
                }
                const double now = fsbb_now(), seconds = now - refine_from;
                fsbb_cpu_lb_auto_refined(&w->lb_auto, bucket, cut, seconds, now);
                w->lb2_seconds += seconds;
            }
        }
        node_steps += node_size + (with_lb2 ? lb2_steps : 0);
        if (node_steps >= FSBB_STOP_STEPS && stopped_inside(w, &node_steps)) {
            w->nodes--;
            return -1;
        }
        if (child_lb >= ub)
            continue;
        child->lb = child_lb;
        kept++;
    }
    if ((uint64_t)kept * node_size >= FSBB_STOP_STEPS && stopped_inside(w, &node_steps)) {
        w->nodes--;
        return -1;
    }
    w->steps += node_steps;
    if (timed_from > 0) {
        w->lb_auto.lb1_seconds += fsbb_now() - timed_from - w->lb2_seconds;
        w->lb_auto.lb1_candidates += unscheduled;
    }
    return kept;
}

/* Wakes every sleeper: the tree is exhausted, the search stopped or a checkpoint pauses it. */
static void wake_all(cpu_engine *engine)
{
    pthread_mutex_lock(&engine->idle_lock);
    atomic_fetch_add(&engine->wakeups, 1);
    pthread_cond_broadcast(&engine->work_ready);
    pthread_mutex_unlock(&engine->idle_lock);
}

/* Ends the search: every worker leaves. */
static void end_search(cpu_engine *engine)
{
    atomic_store(&engine->done, 1);
    wake_all(engine);
}

/* Counts workers gone idle; returns 1 for the one that makes every worker idle: no pool
 * holds a node then (an idle worker's pool is empty, and it gets nodes only by stealing
 * from a busy one, or from the party after it counts itself busy again). Without a party,
 * that one ends the search. */
static int add_idle(cpu_engine *engine, int count)
{
    if (atomic_fetch_add(&engine->idle, count) + count != engine->count)
        return 0;
    if (!engine->party)
        end_search(engine);
    return 1;
}

/* Waits, holding no node, while a snapshot of the pools is taken. */
static void park(worker *w)
{
    cpu_engine *engine = w->engine;
    flush_counters(w);
    pthread_mutex_lock(&engine->pause_lock);
    engine->parked++;
    pthread_cond_broadcast(&engine->parked_changed);
    while (atomic_load(&engine->pause_requested))
        pthread_cond_wait(&engine->pause_over, &engine->pause_lock);
    engine->parked--;
    pthread_mutex_unlock(&engine->pause_lock);
}

static void leave(worker *w)
{
    cpu_engine *engine = w->engine;
    flush_counters(w);
    merge_lb_auto(w, 1);
    pthread_mutex_lock(&engine->pause_lock);
    engine->running--;
    pthread_cond_broadcast(&engine->parked_changed);
    pthread_mutex_unlock(&engine->pause_lock);
    if (!atomic_load(&engine->done))
        wake_all(engine);
}

static void lock_pair(worker *a, worker *b)
{
    if (a->id < b->id) {
        pthread_mutex_lock(&a->lock);
        pthread_mutex_lock(&b->lock);
    } else {
        pthread_mutex_lock(&b->lock);
        pthread_mutex_lock(&a->lock);
    }
}

/* Takes half of victim's nodes; 1 when some came. The load of victim's count is seq_cst:
 * see offer_work. */
static int steal_from(worker *w, worker *victim)
{
    cpu_engine *engine = w->engine;
    if (victim == w || atomic_load(&victim->open_nodes) == 0)
        return 0;
    lock_pair(w, victim);
    int got = 0;
    if (victim->pool.count > 0) {
        got = fsbb_node_pool_steal_half(&victim->pool, &w->pool) > 0;
        publish_open_nodes(victim);
        publish_open_nodes(w);
        if (got) {
            atomic_fetch_sub(&engine->idle, 1);
        } else {
            atomic_store(&engine->out_of_memory, 1);
            atomic_store(&engine->search->stop, 1);
        }
    }
    pthread_mutex_unlock(&victim->lock);
    pthread_mutex_unlock(&w->lock);
    return got;
}

/* Steals from the worker a wake-up named (hint >= 0), else from one of SCAN_VICTIMS pools
 * from a random start (every other pool when there are no more). */
static int try_steal(worker *w, int hint)
{
    cpu_engine *engine = w->engine;
    if (hint >= 0 && steal_from(w, &engine->workers[hint]))
        return 1;
    w->rng = w->rng * 1103515245u + 12345u;
    const int start = (int)((w->rng >> 8) % (unsigned)engine->count);
    const int tries = engine->count <= SCAN_VICTIMS ? engine->count : SCAN_VICTIMS;
    for (int t = 0; t < tries; t++)
        if (steal_from(w, &engine->workers[(start + t) % engine->count]))
            return 1;
    return 0;
}

/* After w pushed nodes: wakes one sleeper to steal from w when w has nodes to spare. w's
 * count was stored seq_cst before this seq_cst load of sleepers; a sleeper increments
 * sleepers (seq_cst) before its last look at the counts, so either it sees w's nodes or w
 * sees it and wakes it (it took wakeups before incrementing, and waits only while that is
 * unchanged). */
static void offer_work(worker *w)
{
    cpu_engine *engine = w->engine;
    if (atomic_load(&engine->sleepers) == 0 || atomic_load_explicit(&w->open_nodes, memory_order_relaxed) < 2)
        return;
    pthread_mutex_lock(&engine->idle_lock);
    engine->hint = w->id;
    atomic_fetch_add(&engine->wakeups, 1);
    pthread_cond_signal(&engine->work_ready);
    pthread_mutex_unlock(&engine->idle_lock);
}

static struct timespec monotonic_deadline(double seconds)
{
    struct timespec deadline;
    deadline.tv_sec = (time_t)seconds;
    deadline.tv_nsec = (long)((seconds - (double)deadline.tv_sec) * 1e9);
    return deadline;
}

/* Sleeps until a wake-up after `seen`, the end, a stop, a pause or the engine's idle wait;
 * returns the worker the wake-up named (-1: none, or the wait ran out). */
static int sleep_idle(cpu_engine *engine, unsigned seen, int *timed_out)
{
    const struct timespec deadline = monotonic_deadline(fsbb_now() + engine->idle_wait_s);
    pthread_mutex_lock(&engine->idle_lock);
    int waited = 0;
    while (waited == 0 && atomic_load(&engine->wakeups) == seen && !atomic_load(&engine->done) &&
           !atomic_load(&engine->search->stop) && !atomic_load(&engine->pause_requested))
        waited = pthread_cond_timedwait(&engine->work_ready, &engine->idle_lock, &deadline);
    const int hint = waited == 0 ? engine->hint : -1;
    pthread_mutex_unlock(&engine->idle_lock);
    *timed_out = waited != 0;
    return hint;
}

/* Moves up to wanted nodes into engine->donation (donation_lock held), from each pool in
 * turn from first's: what a thief takes (half, from the shallow end), or every node for
 * FSBB_WORK_ALL. Returns how many. */
static size_t collect_donation(cpu_engine *engine, int first, size_t wanted)
{
    size_t given = 0;
    for (int t = 0; t < engine->count && given < wanted; t++) {
        worker *victim = &engine->workers[(first + t) % engine->count];
        if (atomic_load_explicit(&victim->open_nodes, memory_order_relaxed) == 0)
            continue;
        pthread_mutex_lock(&victim->lock);
        size_t take = wanted == FSBB_WORK_ALL ? victim->pool.count : (victim->pool.count + 1) / 2;
        take = take < wanted - given ? take : wanted - given;
        if (fsbb_node_buffer_reserve(&engine->donation, given + take) == 0) {
            given += fsbb_node_pool_steal_into(&victim->pool, take, engine->donation.nodes + given * engine->node_size);
            publish_open_nodes(victim);
        } else {
            atomic_store(&engine->out_of_memory, 1);
            atomic_store(&engine->search->stop, 1);
        }
        pthread_mutex_unlock(&victim->lock);
    }
    return given;
}

/* Serves the party's request for nodes, if it has one. A request for some nodes is left to
 * a thread already serving it; one for every node is waited for and asked again, so that no
 * thread goes on branching past its next check with nodes the party wants (the warm start's
 * phase ends within a check's nodes a thread, however the threads are scheduled). */
static void serve_party(worker *w)
{
    cpu_engine *engine = w->engine;
    const fsbb_work_party *party = engine->party;
    if (!party)
        return;
    const size_t asked = party->nodes_wanted(party->user_data);
    if (asked == 0)
        return;
    if (asked == FSBB_WORK_ALL)
        pthread_mutex_lock(&engine->donation_lock);
    else if (pthread_mutex_trylock(&engine->donation_lock) != 0)
        return;
    /* Asked again under the lock: a request served meanwhile reads 0 now. */
    const size_t wanted = party->nodes_wanted(party->user_data);
    if (wanted > 0) {
        atomic_store(&engine->traded, 1);
        const size_t given = collect_donation(engine, w->id, wanted);
        party->give(party->user_data, engine->donation.nodes, given, engine->node_size);
    }
    pthread_mutex_unlock(&engine->donation_lock);
}

/* 1 while the party wants every open node: idle threads then steal nothing. */
static int party_wants_all(const cpu_engine *engine)
{
    return engine->party && engine->party->nodes_wanted(engine->party->user_data) == FSBB_WORK_ALL;
}

/* The last worker gone idle, with a party: asks it for nodes. Returns 1 with the nodes in
 * w's pool and w counted busy again; 0 when the party says the search is over (it is then
 * ended) or memory ran out. */
static int take_from_party(worker *w)
{
    cpu_engine *engine = w->engine;
    const fsbb_work_party *party = engine->party;
    /* A request still open is answered: nothing to spare. */
    serve_party(w);
    fsbb_open_nodes got = {0};
    int took;
    while ((took = party->take(party->user_data, &got)) && got.count == 0)
        free(got.nodes);
    if (!took) {
        end_search(engine);
        return 0;
    }
    atomic_store(&engine->traded, 1);
    /* Busy before the nodes are in reach of thieves: the next to go idle is then not the last
     * while w holds nodes. */
    atomic_fetch_sub(&engine->idle, 1);
    pthread_mutex_lock(&w->lock);
    int pushed = 1;
    for (size_t i = 0; i < got.count && pushed; i++)
        pushed = fsbb_node_pool_push(&w->pool, (const fsbb_node *)(got.nodes + i * got.stride)) == 0;
    publish_open_nodes(w);
    pthread_mutex_unlock(&w->lock);
    free(got.nodes);
    if (party->taken)
        party->taken(party->user_data);
    if (!pushed) {
        atomic_store(&engine->out_of_memory, 1);
        atomic_store(&engine->search->stop, 1);
        wake_all(engine);
        return 0;
    }
    offer_work(w);
    return 1;
}

/* Waits for work from another thread, or from the party when w is the last one idle;
 * returns 0 when the tree is exhausted (everywhere, with a party) or the search stopped. */
static int find_work(worker *w)
{
    cpu_engine *engine = w->engine;
    fsbb_search *search = engine->search;
    if (add_idle(engine, 1) && engine->party)
        return take_from_party(w);
    int hint = -1;
    for (;;) {
        if (atomic_load_explicit(&engine->pause_requested, memory_order_relaxed))
            park(w);
        if (atomic_load(&search->stop) || atomic_load(&engine->done))
            return 0;
        const unsigned seen = atomic_load(&engine->wakeups);
        atomic_fetch_add(&engine->sleepers, 1);
        const int got = !party_wants_all(engine) && try_steal(w, hint);
        int timed_out = 0;
        if (!got)
            hint = sleep_idle(engine, seen, &timed_out);
        atomic_fetch_sub(&engine->sleepers, 1);
        if (got)
            return 1;
        if (timed_out)
            fsbb_search_should_stop(search);
    }
}

/* Allocates w's times cache and scratch, from w's own thread: glibc gives each thread an arena
 * of its own (up to 8 a core), so no line that a worker writes at every node lies next to
 * another worker's, and every worker has the same layout, that of a fresh heap, whatever the
 * main thread allocated before. Allocated one after another by the main thread, the workers'
 * arrays were neighbours, and which ones shared a line depended on what the main thread had
 * allocated (even on the command line's options): on r30x20_3020005, 2 threads, worker 0's
 * current node shared a line with worker 1's times cache, and 3 M nodes took 0.99-1.15 s
 * against 0.83 s now (results/lb-auto/gain/README.md). 0, or -1 when memory runs out
 * (free_worker frees what was allocated). */
static int alloc_scratch(worker *w)
{
    const fsbb_bound_data *d = w->engine->search->data;
    const int n = d->n, m = d->m;
    const size_t width = (size_t)fsbb_batch_width(n), node_size = w->engine->node_size;
    const int cache_ok = fsbb_times_cache_init(&w->times_cache, n, m) == 0;
    w->remain = malloc(sizeof(int) * (size_t)m);
    w->child_front = malloc(sizeof(int) * (size_t)m);
    w->child_back = malloc(sizeof(int) * (size_t)m);
    w->lb_forward = malloc(sizeof(int) * ((size_t)n + FSBB_BATCH_LANES));
    w->lb_backward = malloc(sizeof(int) * ((size_t)n + FSBB_BATCH_LANES));
    w->survivors = malloc(sizeof(int) * (size_t)n);
    w->times = malloc(sizeof(int) * width * (size_t)m);
    w->batch_back = malloc(sizeof(int) * width * (size_t)m);
    w->batch_t = malloc(sizeof(int) * width);
    w->batch_last = malloc(sizeof(int) * width);
    w->unscheduled = malloc((size_t)n);
    w->custom_scratch = malloc(sizeof(int) * 3 * (size_t)n);
    w->current = malloc(node_size);
    w->children = malloc(node_size * (size_t)n);
    w->probe_scratch = malloc(sizeof(int) * 2 * (size_t)m);
    return cache_ok && w->remain && w->child_front && w->child_back && w->lb_forward && w->lb_backward &&
                   w->survivors && w->times && w->batch_back && w->batch_t && w->batch_last && w->unscheduled &&
                   w->custom_scratch && w->current && w->children && w->probe_scratch
               ? 0
               : -1;
}

static void *run_worker(void *arg)
{
    worker *w = arg;
    cpu_engine *engine = w->engine;
    fsbb_search *search = engine->search;
    /* Without its scratch, a thread stops the search and leaves at its first look at the limits,
     * after the start (run_threads) like the others. */
    int since_check = 0;
    if (engine->lb_auto_on)
        fsbb_cpu_lb_auto_start(&w->lb_auto, fsbb_now());
    if (alloc_scratch(w) != 0) {
        atomic_store(&engine->no_scratch, 1);
        atomic_store(&search->stop, 1);
        since_check = CHECK_EVERY;
    }
    for (;;) {
        if (atomic_load_explicit(&engine->pause_requested, memory_order_relaxed))
            park(w);
        if (++since_check >= CHECK_EVERY || w->steps >= FSBB_STOP_STEPS) {
            since_check = 0;
            w->steps = 0;
            flush_counters(w);
            merge_lb_auto(w, 0);
            if (fsbb_search_should_stop(search))
                break;
            serve_party(w);
        }
        pthread_mutex_lock(&w->lock);
        const int got = fsbb_node_pool_pop(&w->pool, w->current);
        publish_open_nodes(w);
        set_flight(w, got ? w->current : NULL);
        pthread_mutex_unlock(&w->lock);
        if (!got) {
            flush_counters(w);
            if (!find_work(w))
                break;
            continue;
        }
        const int kept = expand(w, w->current);
        if (kept == 0) {
            set_flight(w, NULL);
            continue;
        }
        /* Stopped inside the node: it goes back, unexpanded, for the final checkpoint. */
        const int abandoned = kept < 0;
        pthread_mutex_lock(&w->lock);
        for (int c = 0; c < (abandoned ? 1 : kept); c++) {
            const fsbb_node *node = abandoned ? w->current : (fsbb_node *)(w->children + (size_t)c * engine->node_size);
            if (fsbb_node_pool_push(&w->pool, node) != 0) {
                atomic_store(&engine->out_of_memory, 1);
                atomic_store(&search->stop, 1);
                break;
            }
        }
        atomic_store(&w->open_nodes, w->pool.count);
        set_flight(w, NULL);
        pthread_mutex_unlock(&w->lock);
        if (abandoned)
            since_check = CHECK_EVERY;
        else
            offer_work(w);
    }
    leave(w);
    return NULL;
}

static void free_worker(worker *w)
{
    fsbb_node_pool_free(&w->pool);
    fsbb_times_cache_free(&w->times_cache);
    free(w->remain);
    free(w->child_front);
    free(w->child_back);
    free(w->lb_forward);
    free(w->lb_backward);
    free(w->times);
    free(w->batch_back);
    free(w->batch_t);
    free(w->batch_last);
    free(w->survivors);
    free(w->unscheduled);
    free(w->custom_scratch);
    free(w->probe_scratch);
    free(w->current);
    free(w->children);
    pthread_mutex_destroy(&w->lock);
}

/* What the main thread sets up of a worker; its scratch comes from its thread (alloc_scratch). */
static void init_worker(worker *w, cpu_engine *engine, int id)
{
    const fsbb_search *search = engine->search;
    memset(w, 0, sizeof *w);
    atomic_init(&w->flight_depth, -1);
    w->engine = engine;
    w->id = id;
    w->rng = 2654435761u * (unsigned)(id + 1);
    pthread_mutex_init(&w->lock, NULL);
    fsbb_node_pool_init(&w->pool, search->options->select, search->data->n);
}

/* The root node with its bound, in w's pool (before the threads start: w's scratch does not
 * exist yet); returns -1 when memory runs out. */
static int push_root(worker *w)
{
    fsbb_search *search = w->engine->search;
    const fsbb_bound_data *d = search->data;
    const int n = d->n, m = d->m;
    fsbb_node *root = malloc(w->engine->node_size);
    /* Nothing is scheduled: the root's front and back times are zero. */
    int *zero_times = calloc(2 * (size_t)m, sizeof(int));
    int *custom_scratch = malloc(sizeof(int) * 3 * (size_t)n);
    int pushed = -1;
    if (root && zero_times && custom_scratch && fsbb_search_root(d, search->options->lb, root, NULL) == FSBB_OK) {
        w->bounded++;
        const fsbb_custom_node view = {
            .perm = root->perm, .front_len = 0, .back_len = 0, .front = zero_times, .back = zero_times + m,
        };
        root->lb = fsbb_custom_cpu_bounds(search->custom_bounds, search->custom_bound_count, d, &view, root->lb,
                                          atomic_load(&search->incumbent), custom_scratch);
        pushed = fsbb_node_pool_push(&w->pool, root);
    }
    free(root);
    free(zero_times);
    free(custom_scratch);
    return pushed;
}

/* The open nodes of a resumed search, dealt round-robin to the workers; -1 when memory
 * runs out. */
static int push_resumed(cpu_engine *engine)
{
    const fsbb_checkpoint *saved = engine->search->resume;
    for (size_t i = 0; i < saved->open_count; i++) {
        worker *w = &engine->workers[i % (size_t)engine->count];
        if (fsbb_node_pool_push(&w->pool, (const fsbb_node *)(saved->open_nodes + i * saved->node_stride)) != 0)
            return -1;
    }
    return 0;
}

/* Copies every pool into engine->snapshot (the workers are parked or gone) and sets total
 * to the node count; returns -1 when memory runs out. */
static int copy_pools(cpu_engine *engine, size_t *total_out)
{
    size_t total = 0;
    for (int t = 0; t < engine->count; t++)
        total += engine->workers[t].pool.count;
    if (total > engine->snapshot_capacity) {
        unsigned char *bigger = realloc(engine->snapshot, total * engine->node_size);
        if (!bigger)
            return -1;
        engine->snapshot = bigger;
        engine->snapshot_capacity = total;
    }
    size_t at = 0;
    for (int t = 0; t < engine->count; t++) {
        const fsbb_node_pool *pool = &engine->workers[t].pool;
        for (size_t i = 0; i < pool->count; i++, at++)
            memcpy(engine->snapshot + at * engine->node_size, fsbb_node_pool_at(pool, i), engine->node_size);
    }
    *total_out = total;
    return 0;
}

/* Copies every pool into engine->snapshot (the workers are parked or gone) and the
 * search's incumbent, counters and clock into state; returns -1 when memory runs out. */
static int take_snapshot(cpu_engine *engine, fsbb_checkpoint *state, int *permutation)
{
    size_t total = 0;
    if (!permutation || copy_pools(engine, &total) != 0)
        return -1;
    fsbb_search_snapshot(engine->search, state, permutation);
    state->open_count = total;
    state->node_stride = engine->node_size;
    state->open_nodes = engine->snapshot;
    return 0;
}

/* With a party, at the end (the workers are gone): the open nodes left when a limit or an
 * interrupt stopped the search go to the party, in one give, which notes and saves them. */
static fsbb_status give_back(cpu_engine *engine, fsbb_error *err)
{
    size_t total = 0;
    if (copy_pools(engine, &total) != 0)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the open nodes to give back");
    if (total > 0)
        engine->party->give(engine->party->user_data, engine->snapshot, total, engine->node_size);
    return FSBB_OK;
}

/* Writes a snapshot, or reports that none could be taken (state NULL). */
static void write_snapshot(cpu_engine *engine, const fsbb_checkpoint *state, double pause_s, int final)
{
    if (state)
        fsbb_search_write_checkpoint(engine->search, state, pause_s, final);
    else
        fsbb_search_report_checkpoint(engine->search, FSBB_ERR_MEMORY, "out of memory for a checkpoint snapshot", 0,
                                      pause_s, final);
}

/* Pauses the workers, snapshots their pools and writes the snapshot once they run again.
 * Called with pause_lock held. */
static void periodic_checkpoint(cpu_engine *engine, int *permutation)
{
    const double begin = fsbb_now();
    atomic_store(&engine->pause_requested, 1);
    wake_all(engine);
    while (engine->parked < engine->running)
        pthread_cond_wait(&engine->parked_changed, &engine->pause_lock);
    /* A search that is ending saves its final state itself; pools that traded nodes with a
     * party are not the whole tree. */
    const int live = engine->running > 0 && !atomic_load(&engine->search->stop) && !atomic_load(&engine->traded);
    fsbb_checkpoint state;
    const int taken = live && take_snapshot(engine, &state, permutation) == 0;
    atomic_store(&engine->pause_requested, 0);
    pthread_cond_broadcast(&engine->pause_over);
    const double pause_s = fsbb_now() - begin;
    if (!live)
        return;
    pthread_mutex_unlock(&engine->pause_lock);
    write_snapshot(engine, taken ? &state : NULL, pause_s, 0);
    pthread_mutex_lock(&engine->pause_lock);
}

static void *run_checkpoints(void *arg)
{
    cpu_engine *engine = arg;
    fsbb_search *search = engine->search;
    int *permutation = malloc(sizeof(int) * (size_t)search->data->n);
    pthread_mutex_lock(&engine->pause_lock);
    double due = fsbb_now() + search->checkpoint_interval_s;
    while (!engine->ended && !atomic_load(&engine->traded)) {
        if (fsbb_now() < due) {
            const struct timespec deadline = monotonic_deadline(due);
            pthread_cond_timedwait(&engine->parked_changed, &engine->pause_lock, &deadline);
            continue;
        }
        periodic_checkpoint(engine, permutation);
        due = fsbb_now() + search->checkpoint_interval_s;
    }
    pthread_mutex_unlock(&engine->pause_lock);
    free(permutation);
    return NULL;
}

/* Counts every pool and the nodes being expanded, every worker's lock held (a theft holds
 * both of its pools' locks, so no node is counted twice or missed); 0, or -1 when only a
 * whole tree is wanted and nodes were traded with a party. */
static int count_pools(cpu_engine *engine, fsbb_census *census, int whole_only)
{
    for (int t = 0; t < engine->count; t++)
        pthread_mutex_lock(&engine->workers[t].lock);
    const int whole = !whole_only || !atomic_load(&engine->traded);
    for (int t = 0; whole && t < engine->count; t++) {
        worker *w = &engine->workers[t];
        for (size_t i = 0; i < w->pool.count; i++) {
            const fsbb_node *node = fsbb_node_pool_at(&w->pool, i);
            fsbb_census_add(census, fsbb_node_depth(node), node->lb);
        }
        const int depth = atomic_load_explicit(&w->flight_depth, memory_order_relaxed);
        if (depth >= 0)
            fsbb_census_add(census, depth, atomic_load_explicit(&w->flight_lb, memory_order_relaxed));
    }
    for (int t = engine->count - 1; t >= 0; t--)
        pthread_mutex_unlock(&engine->workers[t].lock);
    return whole ? 0 : -1;
}

/* The engine's census (search.h): its pools, while they are the whole open tree. */
static int census_of(void *data, fsbb_census *census)
{
    return count_pools(data, census, 1);
}

/* Its count for a party that is not sole (work_exchange.h), from the party's thread: the
 * donation lock held, so that no node is between a pool and a give. */
static int party_count_of(void *data, fsbb_census *census)
{
    cpu_engine *engine = data;
    pthread_mutex_lock(&engine->donation_lock);
    const int counted = count_pools(engine, census, 0);
    pthread_mutex_unlock(&engine->donation_lock);
    return counted;
}

static void init_sync(cpu_engine *engine)
{
    atomic_init(&engine->pause_requested, 0);
    pthread_mutex_init(&engine->pause_lock, NULL);
    pthread_mutex_init(&engine->idle_lock, NULL);
    pthread_mutex_init(&engine->donation_lock, NULL);
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&engine->parked_changed, &attributes);
    pthread_cond_init(&engine->work_ready, &attributes);
    pthread_condattr_destroy(&attributes);
    pthread_cond_init(&engine->pause_over, NULL);
}

static void free_sync(cpu_engine *engine)
{
    pthread_mutex_destroy(&engine->pause_lock);
    pthread_mutex_destroy(&engine->idle_lock);
    pthread_mutex_destroy(&engine->donation_lock);
    pthread_cond_destroy(&engine->parked_changed);
    pthread_cond_destroy(&engine->work_ready);
    pthread_cond_destroy(&engine->pause_over);
    free(engine->snapshot);
    fsbb_node_buffer_free(&engine->donation);
}

/* When fewer threads started than workers were made (called with the workers parked at
 * the start): the workers without a thread give their nodes to those with one and leave
 * the engine. */
static void keep_started(cpu_engine *engine, int started)
{
    for (int t = started; t < engine->count && started > 0; t++) {
        worker *from = &engine->workers[t], *to = &engine->workers[t % started];
        while (from->pool.count > 0)
            if (fsbb_node_pool_steal_half(&from->pool, &to->pool) == 0) {
                atomic_store(&engine->out_of_memory, 1);
                atomic_store(&engine->search->stop, 1);
                break;
            }
        publish_open_nodes(from);
        publish_open_nodes(to);
    }
    engine->count = engine->running = started;
}

/* Runs the workers (and the checkpoint thread when checkpoints are periodic) to the end. */
static fsbb_status run_threads(cpu_engine *engine, fsbb_error *err)
{
    fsbb_search *search = engine->search;
    if (engine->count < 1)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "a search needs at least one thread");
    pthread_t *threads = calloc((size_t)engine->count, sizeof *threads);
    if (!threads)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for thread handles");
    /* The workers park at the start until every thread that could be made exists. */
    const int wanted = engine->count;
    engine->running = wanted;
    /* Time-outs wake at most about IDLE_TIMEOUTS_PER_S sleepers a second in all; set before
     * any worker exists, since a worker may sleep before it first parks. */
    engine->idle_wait_s = FSBB_MAX(MIN_IDLE_WAIT_S, (double)wanted / IDLE_TIMEOUTS_PER_S);
    atomic_store(&engine->pause_requested, 1);
    int started = 0;
    for (; started < wanted; started++)
        if (pthread_create(&threads[started], NULL, run_worker, &engine->workers[started]) != 0)
            break;
    pthread_mutex_lock(&engine->pause_lock);
    if (started < wanted)
        keep_started(engine, started);
    search->threads = started;
    atomic_store(&engine->pause_requested, 0);
    pthread_cond_broadcast(&engine->pause_over);
    pthread_mutex_unlock(&engine->pause_lock);
    fsbb_status status = FSBB_OK;
    if (started == 0)
        status = fsbb_fail(err, FSBB_ERR_RESOURCE, "could not start a search thread (of %d)", wanted);
    pthread_t checkpointer;
    const int periodic = started > 0 && search->checkpoint_path && search->checkpoint_interval_s > 0 &&
                         pthread_create(&checkpointer, NULL, run_checkpoints, engine) == 0;
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    free(threads);
    pthread_mutex_lock(&engine->pause_lock);
    engine->ended = 1;
    pthread_cond_broadcast(&engine->parked_changed);
    pthread_mutex_unlock(&engine->pause_lock);
    if (periodic)
        pthread_join(checkpointer, NULL);
    return status;
}

fsbb_status fsbb_search_cpu(fsbb_search *search, fsbb_error *err)
{
    cpu_engine engine = {.search = search, .count = search->threads, .node_size = fsbb_node_size(search->data->n),
                         .party = search->party, .lb_auto_on = search->options->lb == FSBB_LB_AUTO};
    fsbb_node_buffer_init(&engine.donation, engine.node_size);
    if (engine.lb_auto_on)
        fsbb_cpu_lb_auto_init(&engine.lb_auto, search->data->n,
                              search->cores > 0 && search->cores < engine.count ? search->cores : engine.count);
    engine.workers = aligned_alloc(_Alignof(worker), sizeof *engine.workers * (size_t)engine.count);
    if (!engine.workers)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for %d search threads", engine.count);
    init_sync(&engine);
    const int made = engine.count;   /* workers, with a thread or not (keep_started) */
    for (int t = 0; t < made; t++)
        init_worker(&engine.workers[t], &engine, t);
    fsbb_status status = FSBB_OK;
    if ((search->resume ? push_resumed(&engine) : push_root(&engine.workers[0])) != 0)
        status = fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the %s", search->resume ? "resumed nodes" : "root node");
    for (int t = 0; status == FSBB_OK && t < engine.count; t++)
        publish_open_nodes(&engine.workers[t]);
    const int census = status == FSBB_OK && (!engine.party || engine.party->sole);
    if (census)
        fsbb_search_set_census(search, census_of, &engine);
    const int party_counts = status == FSBB_OK && !census && engine.party->count_with;
    if (party_counts)
        engine.party->count_with(engine.party->user_data, party_count_of, &engine);
    if (status == FSBB_OK)
        status = run_threads(&engine, err);
    if (census)
        fsbb_search_end_census(search, status == FSBB_OK && !atomic_load(&engine.out_of_memory) &&
                                           !atomic_load(&engine.no_scratch));
    if (status == FSBB_OK && atomic_load(&engine.no_scratch))
        status = fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for search thread scratch");
    if (status == FSBB_OK && atomic_load(&engine.out_of_memory))
        status = fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for open nodes");
    /* Every worker stopped between two nodes: the pools hold the engine's open nodes. */
    const int giving_back = status == FSBB_OK && engine.party;
    if (giving_back) {
        status = give_back(&engine, err);
    } else if (status == FSBB_OK && search->checkpoint_path) {
        int *permutation = malloc(sizeof(int) * (size_t)search->data->n);
        fsbb_checkpoint state;
        write_snapshot(&engine, take_snapshot(&engine, &state, permutation) == 0 ? &state : NULL, 0, 1);
        free(permutation);
    }
    if (party_counts)
        engine.party->count_with(engine.party->user_data, NULL, NULL);
    for (int t = 0; t < made; t++) {
        if (!giving_back && engine.workers[t].pool.count > 0)
            fsbb_search_note_open(search, fsbb_node_pool_min_lb(&engine.workers[t].pool));
        free_worker(&engine.workers[t]);
    }
    free(engine.workers);
    free_sync(&engine);
    if (engine.lb_auto_on)
        fsbb_cpu_lb_auto_clear(&engine.lb_auto);
    return status;
}
