/* offload_loop.c — the offload search of offload_loop.h: host loops, each with a depth-first
 * stack of open nodes, CPU branching into pools, two pool slots bounded in turn, pruning and
 * pushing; idle loops steal half of a busy loop's stack; a checkpoint parks every loop.
 * The census (search.h) counts every stack and the parents whose children a slot holds
 * (popped, not yet pushed back as survivors), every loop's lock held. */
#include "offload_loop.h"

#include "checkpoint.h"
#include "child_order.h"
#include "error.h"
#include "lb1.h"
#include "lb1_batch.h"
#include "lb2.h"
#include "node_pool.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* An idle loop that found nothing to steal sleeps at most this long before it looks again. */
#define IDLE_WAIT_S 0.0005

/* What the loop knows about the pool in one slot. */
typedef struct pool_slot {
    unsigned char *staging;  /* capacity children, generation order: written by the fill, read by the prune */
    int count;       /* children in the pool */
    int groups;      /* parents whose children the pool holds */
    int *group_end;  /* capacity: one past each parent's last child, in generation order */
    int *position;   /* capacity: each child's place in the pool, in generation order */
    /* Under the loop's lock, for the census: the parents staged into this slot since it was
     * last collected, by depth, and their least bound. */
    uint64_t *parents_by_depth;  /* n + 1 */
    uint64_t parents;
    int parents_min_lb;
} pool_slot;

/* A parent's children as a unit of the bfs reordering. */
typedef struct group_key {
    int key;    /* level of the children: (front_len + back_len) * (n + 1) + front_len */
    int group;  /* generation order, for a stable sort */
} group_key;

typedef struct offload_team offload_team;

/* One host loop: its stack, its bounder's two slots and its scratch. */
typedef struct offload {
    offload_team *team;
    int id;
    pthread_mutex_t lock;        /* the stack, against thieves */
    fsbb_offload_stats own;      /* this loop's share of the statistics */
    fsbb_status status;
    fsbb_error err;
    fsbb_search *search;
    const fsbb_bound_data *d;
    const fsbb_pool_bounder *bounder;
    fsbb_offload_stats *stats;   /* &own */
    int n, m, capacity;
    size_t node_size;
    fsbb_branch_kind branch;
    int lb2;
    int reorder;                 /* --pool-order bfs */
    fsbb_node_pool open;         /* the open nodes, a stack */
    group_key *keys;             /* capacity */
    pool_slot slots[FSBB_OFFLOAD_SLOTS];
    fsbb_node *parent;
    /* Scratch for one parent, as the CPU engine's. */
    int *front, *back, *remain;  /* m each, one block of 3 m */
    int *times, *batch_back;     /* m x batch width of n */
    int *batch_t, *batch_last;   /* batch width of n */
    int *lb_forward, *lb_backward;  /* n + the batch's padding lanes, by position in the permutation */
    int *survivors;              /* n: one parent's surviving children, by place among its children */
    int *group_bounds;           /* n: the bounds of one parent's children, generation order */
    uint64_t nodes, bounded;     /* not yet added to the search's counters */
    int since_check;
} offload;

/* The loops of one search and what they share: the idle count that ends the search, the
 * sleepers' wake-up, and the pause of a periodic checkpoint. */
struct offload_team {
    fsbb_search *search;
    offload *loops;
    int count;                   /* loops running */
    atomic_int idle;             /* loops with an empty stack and no pool in flight */
    atomic_int done;             /* every loop idle: the tree is exhausted */
    atomic_int failed;           /* a loop failed: the others stop */
    pthread_mutex_t idle_lock;
    pthread_cond_t work_ready;   /* to the sleepers: nodes to steal, the end, a stop or a pause */
    atomic_int pause;            /* a checkpoint waits for every loop to park */
    pthread_mutex_t pause_lock;
    pthread_cond_t parked_changed, pause_over;
    int parked, left;            /* under pause_lock: loops parked, loops that have ended */
    double checkpoint_due;       /* under pause_lock; 0: no periodic checkpoints */
    pthread_mutex_t start_lock;  /* the loops start once all are created */
    pthread_cond_t start_now;
    int started;
};

static int unscheduled_of(const offload *o, const fsbb_node *node)
{
    return o->n - node->front_len - node->back_len;
}

static fsbb_node *staged(const offload *o, const pool_slot *slot, int i)
{
    return (fsbb_node *)(slot->staging + (size_t)i * o->node_size);
}

static void flush_counters(offload *o)
{
    atomic_fetch_add_explicit(&o->search->nodes, o->nodes, memory_order_relaxed);
    atomic_fetch_add_explicit(&o->search->bounded, o->bounded, memory_order_relaxed);
    o->nodes = o->bounded = 0;
}

static int incumbent(const offload *o)
{
    return atomic_load_explicit(&o->search->incumbent, memory_order_relaxed);
}

int fsbb_offload_default_pool_size(int n, int loops)
{
    int size = FSBB_OFFLOAD_DEFAULT_POOL;
    while (loops > 1 && size / 2 >= FSBB_OFFLOAD_MIN_LOOP_POOL && (long long)size * loops > FSBB_OFFLOAD_SHARED_POOL)
        size /= 2;
    while (size > n && (size_t)size * fsbb_node_size(n) > FSBB_OFFLOAD_DEFAULT_POOL_BYTES)
        size /= 2;
    return size < n ? n : size;
}

fsbb_status fsbb_offload_check(const fsbb_search *search, int capacity, fsbb_error *err)
{
    if (search->options->select != FSBB_SELECT_DFS)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "the offload GPU engine explores depth-first: use --select dfs");
    if (capacity < search->data->n)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                         "pool size %d: the offload GPU engine needs at least %d nodes per pool (one node's children)",
                         capacity, search->data->n);
    return FSBB_OK;
}

static int says_out_of_memory(const fsbb_error *e)
{
    return e->code == FSBB_ERR_MEMORY || strstr(e->message, "out of memory") != NULL;
}

fsbb_status fsbb_offload_open_halving(fsbb_status (*open)(void *context, int capacity, fsbb_error *err),
                                      void *context, int requested, int floor, int *opened, fsbb_error *err)
{
    fsbb_error attempt;
    int capacity = requested;
    for (;;) {
        memset(&attempt, 0, sizeof attempt);
        const fsbb_status status = open(context, capacity, &attempt);
        if (status == FSBB_OK) {
            *opened = capacity;
            return FSBB_OK;
        }
        attempt.code = status;
        if (!says_out_of_memory(&attempt))
            return fsbb_fail(err, status, "%s", attempt.message);
        if (capacity / 2 < floor)
            break;
        capacity /= 2;
    }
    if (capacity == requested)
        return fsbb_fail(err, attempt.code, "out of memory for pools of %d nodes: %s", capacity, attempt.message);
    return fsbb_fail(err, attempt.code, "out of memory for pools of %d nodes, even after halving from %d: %s",
                     capacity, requested, attempt.message);
}

/* ---- Setup ------------------------------------------------------------------------------ */

static void free_offload(offload *o)
{
    pthread_mutex_destroy(&o->lock);
    fsbb_node_pool_free(&o->open);
    free(o->keys);
    for (int s = 0; s < FSBB_OFFLOAD_SLOTS; s++) {
        free(o->slots[s].staging);
        free(o->slots[s].group_end);
        free(o->slots[s].position);
        free(o->slots[s].parents_by_depth);
    }
    free(o->parent);
    free(o->front);
    free(o->times);
    free(o->batch_back);
    free(o->batch_t);
    free(o->batch_last);
    free(o->lb_forward);
    free(o->lb_backward);
    free(o->survivors);
    free(o->group_bounds);
}

static fsbb_status init_offload(offload *o, offload_team *team, int id, const fsbb_pool_bounder *bounder,
                                fsbb_error *err)
{
    fsbb_search *search = team->search;
    const fsbb_bound_data *d = search->data;
    const int n = d->n, m = d->m;
    const size_t cap = (size_t)bounder->capacity;
    memset(o, 0, sizeof *o);
    pthread_mutex_init(&o->lock, NULL);
    o->team = team;
    o->id = id;
    o->search = search;
    o->d = d;
    o->bounder = bounder;
    o->stats = &o->own;
    o->own.pool_capacity = bounder->capacity;
    o->n = n;
    o->m = m;
    o->capacity = bounder->capacity;
    o->node_size = fsbb_node_size(n);
    o->branch = search->options->branch;
    o->lb2 = search->options->lb == FSBB_LB2;
    o->reorder = search->options->pool_order == FSBB_POOL_ORDER_BFS;
    fsbb_node_pool_init(&o->open, FSBB_SELECT_DFS, n);
    o->keys = malloc(cap * sizeof *o->keys);
    int slots_ok = 1;
    for (int s = 0; s < FSBB_OFFLOAD_SLOTS; s++) {
        o->slots[s].staging = malloc(cap * o->node_size);
        o->slots[s].group_end = malloc(cap * sizeof(int));
        o->slots[s].position = malloc(cap * sizeof(int));
        o->slots[s].parents_by_depth = calloc((size_t)n + 1, sizeof(uint64_t));
        o->slots[s].parents_min_lb = INT_MAX;
        slots_ok &= o->slots[s].staging && o->slots[s].group_end && o->slots[s].position &&
                    o->slots[s].parents_by_depth;
    }
    o->parent = malloc(o->node_size);
    o->front = malloc(3 * sizeof(int) * (size_t)m);
    const size_t width = (size_t)fsbb_batch_width(n);
    o->times = malloc(width * (size_t)m * sizeof(int));
    o->batch_back = malloc(width * (size_t)m * sizeof(int));
    o->batch_t = malloc(width * sizeof(int));
    o->batch_last = malloc(width * sizeof(int));
    o->lb_forward = malloc(((size_t)n + FSBB_BATCH_LANES) * sizeof(int));
    o->lb_backward = malloc(((size_t)n + FSBB_BATCH_LANES) * sizeof(int));
    o->survivors = malloc((size_t)n * sizeof(int));
    o->group_bounds = malloc((size_t)n * sizeof(int));
    if (!o->group_bounds || !o->keys || !slots_ok || !o->parent || !o->front || !o->times ||
        !o->batch_back || !o->batch_t || !o->batch_last || !o->lb_forward || !o->lb_backward || !o->survivors)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the offload engine's pools of %d nodes",
                         o->capacity);
    o->back = o->front + m;
    o->remain = o->front + 2 * m;
    return FSBB_OK;
}

/* Raises the root's bound to the custom bounds: the root alone in pool slot 0, bounded by
 * the bounder (before any pool is in flight). Counts no bound, as the CPU engine. */
static fsbb_status bound_root_custom(offload *o, fsbb_node *root, fsbb_error *err)
{
    const fsbb_pool_bounder *bounder = o->bounder;
    fsbb_gpu_pool *pool = bounder->pool(bounder->context, 0);
    fsbb_gpu_pool_put(pool, 0, root->perm, 0, 0);
    pool->count = 1;
    const int *bounds = NULL;
    fsbb_status status = bounder->submit(bounder->context, 0, incumbent(o), err);
    if (status == FSBB_OK)
        status = bounder->wait(bounder->context, 0, &bounds, err);
    if (status == FSBB_OK)
        root->lb = FSBB_MAX(root->lb, bounds[0]);
    return status;
}

/* The root with its bound, as the CPU engine makes it (one bound counted). */
static fsbb_status push_root(offload *o, fsbb_error *err)
{
    fsbb_node *root = o->parent;
    const fsbb_status root_status = fsbb_search_root(o->d, o->lb2 ? FSBB_LB2 : FSBB_LB1, root, err);
    if (root_status != FSBB_OK)
        return root_status;
    o->bounded++;
    if (o->search->custom_bound_count > 0) {
        const fsbb_status status = bound_root_custom(o, root, err);
        if (status != FSBB_OK)
            return status;
    }
    if (fsbb_node_pool_push(&o->open, root) != 0)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the root node");
    return FSBB_OK;
}

static fsbb_status push_resumed(offload *o, fsbb_error *err)
{
    const fsbb_checkpoint *saved = o->search->resume;
    for (size_t i = 0; i < saved->open_count; i++)
        if (fsbb_node_pool_push(&o->open, (const fsbb_node *)(saved->open_nodes + i * saved->node_stride)) != 0)
            return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the resumed nodes");
    return FSBB_OK;
}

/* ---- Branching ---------------------------------------------------------------------------- */

/* A node with one unscheduled job: its makespan, offered to the incumbent. */
static void evaluate_leaf(offload *o, const fsbb_node *node, int ub)
{
    const fsbb_bound_data *d = o->d;
    fsbb_front_times(d, node->perm, node->front_len, o->front);
    fsbb_back_times(d, node->perm, node->back_len, o->back);
    const int makespan = fsbb_lb1_forward_child(d, o->front, o->back, o->remain, 1, node->perm[node->front_len]);
    o->bounded++;
    if (makespan < ub)
        fsbb_search_offer(o->search, makespan, node->perm);
}

/* Writes the children of parent (two or more unscheduled jobs) that go to the pool into
 * the slot's staging area from index at; returns how many. */
static int branch_parent(offload *o, const pool_slot *slot, const fsbb_node *parent, int at, int ub)
{
    const fsbb_bound_data *d = o->d;
    const int lo = parent->front_len, hi = o->n - parent->back_len, unscheduled = hi - lo;
    const int *lb = NULL;
    if (o->branch == FSBB_BRANCH_DYNAMIC) {
        fsbb_front_times(d, parent->perm, parent->front_len, o->front);
        fsbb_back_times(d, parent->perm, parent->back_len, o->back);
        fsbb_gather_unscheduled(d, parent->perm, lo, unscheduled, o->times, o->remain);
        fsbb_lb1_forward_children(d, o->front, o->back, o->remain, o->times, unscheduled, o->batch_t,
                                  o->batch_last, o->lb_forward + lo);
        fsbb_lb1_backward_children(d, o->front, o->back, o->remain, o->times, unscheduled, o->batch_back,
                                   o->batch_last, o->lb_backward + lo);
        o->bounded += 2 * (uint64_t)unscheduled;
    }
    const int forward = fsbb_choose_forward(o->branch, o->lb_forward, o->lb_backward, lo, hi, ub);
    if (o->branch == FSBB_BRANCH_DYNAMIC)
        lb = forward ? o->lb_forward : o->lb_backward;
    const int place = forward ? lo : hi - 1;
    int written = 0;
    for (int i = lo; i < hi; i++) {
        if (lb && lb[i] >= ub)
            continue;
        fsbb_node *child = staged(o, slot, at + written);
        fsbb_node_copy(child, parent, o->n);
        const fsbb_job job = child->perm[i];
        child->perm[i] = child->perm[place];
        child->perm[place] = job;
        if (forward)
            child->front_len++;
        else
            child->back_len++;
        child->lb = lb ? lb[i] : parent->lb;
        written++;
    }
    return written;
}

/* The census's view of a slot's parents (the loop's lock held): one more, or none. */
static void stage_parent(const offload *o, pool_slot *slot, const fsbb_node *parent)
{
    (void)o;
    slot->parents_by_depth[fsbb_node_depth(parent)]++;
    slot->parents++;
    slot->parents_min_lb = FSBB_MIN(slot->parents_min_lb, parent->lb);
}

static void unstage_parents(const offload *o, pool_slot *slot)
{
    if (slot->parents > 0)
        memset(slot->parents_by_depth, 0, sizeof(uint64_t) * ((size_t)o->n + 1));
    slot->parents = 0;
    slot->parents_min_lb = INT_MAX;
}

/* Pops parents from the top of the stack while their children fit in the pool, branching
 * them into the staging area (leaves are evaluated at once); returns the children staged.
 * Stops early, with what it has, when a limit or an interrupt stops the search. */
static int stage_pool(offload *o, pool_slot *slot)
{
    int count = 0;
    slot->groups = 0;
    for (;;) {
        if (++o->since_check >= FSBB_OFFLOAD_CHECK_EVERY) {
            o->since_check = 0;
            flush_counters(o);
            if (fsbb_search_should_stop(o->search) || atomic_load_explicit(&o->team->pause, memory_order_relaxed))
                break;
        }
        pthread_mutex_lock(&o->lock);
        const int fits = o->open.count > 0 &&
                         count + unscheduled_of(o, fsbb_node_pool_at(&o->open, o->open.count - 1)) <= o->capacity;
        if (fits) {
            fsbb_node_pool_pop(&o->open, o->parent);
            stage_parent(o, slot, o->parent);
        }
        pthread_mutex_unlock(&o->lock);
        if (!fits)
            break;
        const int ub = incumbent(o);
        if (o->parent->lb >= ub)
            continue;
        o->nodes++;
        if (unscheduled_of(o, o->parent) == 1) {
            evaluate_leaf(o, o->parent, ub);
            continue;
        }
        const int written = branch_parent(o, slot, o->parent, count, ub);
        if (written > 0) {
            count += written;
            slot->group_end[slot->groups++] = count;
        }
    }
    slot->count = count;
    return count;
}

static int compare_group_keys(const void *a, const void *b)
{
    const group_key *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->group > y->group) - (x->group < y->group);
}

static int group_start(const pool_slot *slot, int g)
{
    return g > 0 ? slot->group_end[g - 1] : 0;
}

/* Copies the staged children into the slot's pool: in generation order, or (bfs) with the
 * parents' groups sorted by level; records where each child went. */
static void write_pool(offload *o, pool_slot *slot, fsbb_gpu_pool *pool)
{
    for (int g = 0; g < slot->groups; g++) {
        const fsbb_node *first = staged(o, slot, group_start(slot, g));
        o->keys[g].key = o->reorder ? fsbb_node_depth(first) * (o->n + 1) + first->front_len : 0;
        o->keys[g].group = g;
    }
    if (o->reorder)
        qsort(o->keys, (size_t)slot->groups, sizeof *o->keys, compare_group_keys);
    const size_t stride = (size_t)pool->capacity;
    int at = 0;
    for (int k = 0; k < slot->groups; k++) {
        const int g = o->keys[k].group, first = group_start(slot, g), children = slot->group_end[g] - first;
        /* A parent's children take adjacent places: written row by row of the pool's
         * position-major layout, each row's stores contiguous. */
        for (int c = 0; c < children; c++) {
            const fsbb_node *child = staged(o, slot, first + c);
            pool->front_len[at + c] = child->front_len;
            pool->back_len[at + c] = child->back_len;
            slot->position[first + c] = at + c;
        }
        for (int i = 0; i < o->n; i++) {
            fsbb_job *row = pool->perm + (size_t)i * stride + (size_t)at;
            for (int c = 0; c < children; c++)
                row[c] = staged(o, slot, first + c)->perm[i];
        }
        at += children;
    }
    pool->count = slot->count;
}

/* ---- The team: waking sleepers ------------------------------------------------------------- */

/* After a loop pushed nodes: wakes the sleepers, if any, to steal. */
static void offer_work(offload_team *team)
{
    if (atomic_load_explicit(&team->idle, memory_order_relaxed) == 0)
        return;
    pthread_mutex_lock(&team->idle_lock);
    pthread_cond_broadcast(&team->work_ready);
    pthread_mutex_unlock(&team->idle_lock);
}

/* ---- Pruning ------------------------------------------------------------------------------ */

/* Pushes the children of the slot's pool whose bound is under the incumbent: parents in
 * reverse generation order, each parent's children best on top, so the stack pops the
 * first parent's best child first, as the CPU engine would. */
static fsbb_status push_survivors(offload *o, pool_slot *slot, const int *bounds, fsbb_error *err)
{
    const int ub = incumbent(o);
    const uint64_t per_node = (o->branch == FSBB_BRANCH_DYNAMIC ? 0 : 1) + (o->lb2 ? 1 : 0);
    o->bounded += per_node * (uint64_t)slot->count;
    uint64_t pushed = 0;
    fsbb_status status = FSBB_OK;
    pthread_mutex_lock(&o->lock);
    for (int g = slot->groups - 1; g >= 0 && status == FSBB_OK; g--) {
        const int first = group_start(slot, g), children = slot->group_end[g] - first;
        int alive = 0;
        for (int k = 0; k < children; k++) {
            o->group_bounds[k] = bounds[slot->position[first + k]];
            if (o->group_bounds[k] < ub)
                o->survivors[alive++] = k;
        }
        fsbb_sort_by_bound_descending(o->survivors, alive, o->group_bounds);
        for (int s = 0; s < alive; s++) {
            /* The staged child as it went into the pool, with its bound. */
            fsbb_node *child = staged(o, slot, first + o->survivors[s]);
            child->lb = o->group_bounds[o->survivors[s]];
            if (fsbb_node_pool_push(&o->open, child) != 0) {
                status = fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for open nodes (%zu held)", o->open.count);
                break;
            }
        }
        pushed += (uint64_t)alive;
    }
    unstage_parents(o, slot);
    const size_t open_count = o->open.count;
    pthread_mutex_unlock(&o->lock);
    o->stats->pools++;
    o->stats->pool_nodes += (uint64_t)slot->count;
    o->stats->survivors += pushed;
    if (open_count > o->stats->peak_open)
        o->stats->peak_open = open_count;
    if (pushed > 1)
        offer_work(o->team);
    return status;
}

/* Waits for a slot's bounds and pushes its survivors. */
static fsbb_status collect(offload *o, int slot, fsbb_error *err)
{
    const double begin = fsbb_now();
    const int *bounds = NULL;
    fsbb_status status = o->bounder->wait(o->bounder->context, slot, &bounds, err);
    const double waited = fsbb_now();
    if (status == FSBB_OK)
        status = push_survivors(o, &o->slots[slot], bounds, err);
    o->stats->wait_s += waited - begin;
    o->stats->prune_s += fsbb_now() - waited;
    return status;
}

/* Fills a slot from the stack and submits it; *submitted says whether it holds any node. */
static fsbb_status fill_and_submit(offload *o, int slot, int *submitted, fsbb_error *err)
{
    const double begin = fsbb_now();
    *submitted = 0;
    fsbb_status status = FSBB_OK;
    if (stage_pool(o, &o->slots[slot]) > 0) {
        write_pool(o, &o->slots[slot], o->bounder->pool(o->bounder->context, slot));
        status = o->bounder->submit(o->bounder->context, slot, incumbent(o), err);
        *submitted = status == FSBB_OK;
    } else {
        /* Parents without children in the pool (leaves, pruned) are done. */
        pthread_mutex_lock(&o->lock);
        unstage_parents(o, &o->slots[slot]);
        pthread_mutex_unlock(&o->lock);
    }
    o->stats->fill_s += fsbb_now() - begin;
    return status;
}

/* ---- Checkpoints, idle loops and the end ------------------------------------------------- */

/* Every loop's open nodes in one block (malloc'd, NULL when there are none or no memory). */
static unsigned char *gather_open(const offload_team *team, size_t *count)
{
    const size_t node_size = team->loops[0].node_size;
    size_t total = 0;
    for (int l = 0; l < team->count; l++)
        total += team->loops[l].open.count;
    *count = 0;
    unsigned char *nodes = total > 0 ? malloc(total * node_size) : NULL;
    if (!nodes)
        return NULL;
    for (int l = 0; l < team->count; l++) {
        const fsbb_node_pool *open = &team->loops[l].open;
        for (size_t i = 0; i < open->count; i++)
            memcpy(nodes + (*count)++ * node_size, fsbb_node_pool_at(open, i), node_size);
    }
    return nodes;
}

/* A checkpoint of every loop's stack; every other loop is parked or gone. */
static void checkpoint(offload_team *team, int final)
{
    for (int l = 0; l < team->count; l++)
        flush_counters(&team->loops[l]);
    size_t count = 0;
    unsigned char *nodes = gather_open(team, &count);
    fsbb_search_checkpoint(team->search, (const fsbb_node *)nodes, count, team->loops[0].node_size, final);
    free(nodes);
}

/* Parks the loop (nothing in flight) until the checkpoint that paused the team is written. */
static void park(offload *o)
{
    offload_team *team = o->team;
    pthread_mutex_lock(&team->pause_lock);
    team->parked++;
    pthread_cond_broadcast(&team->parked_changed);
    while (atomic_load(&team->pause))
        pthread_cond_wait(&team->pause_over, &team->pause_lock);
    team->parked--;
    pthread_mutex_unlock(&team->pause_lock);
}

/* The loop ends: it counts as parked for every later checkpoint. */
static void leave(offload *o)
{
    offload_team *team = o->team;
    pthread_mutex_lock(&team->pause_lock);
    team->left++;
    pthread_cond_broadcast(&team->parked_changed);
    pthread_mutex_unlock(&team->pause_lock);
}

/* 1 when this loop claims a periodic checkpoint that is due (it then pauses the team). */
static int claim_checkpoint(offload *o)
{
    offload_team *team = o->team;
    pthread_mutex_lock(&team->pause_lock);
    const int due = team->checkpoint_due > 0 && fsbb_now() >= team->checkpoint_due && !atomic_load(&team->pause);
    if (due)
        atomic_store(&team->pause, 1);
    pthread_mutex_unlock(&team->pause_lock);
    if (due) {
        pthread_mutex_lock(&team->idle_lock);
        pthread_cond_broadcast(&team->work_ready);
        pthread_mutex_unlock(&team->idle_lock);
    }
    return due;
}

/* The claimant (nothing in flight): waits for the others to park, saves, lets them go. */
static void periodic_checkpoint(offload *o)
{
    offload_team *team = o->team;
    pthread_mutex_lock(&team->pause_lock);
    while (team->parked + team->left < team->count - 1)
        pthread_cond_wait(&team->parked_changed, &team->pause_lock);
    checkpoint(team, 0);
    team->checkpoint_due = fsbb_now() + team->search->checkpoint_interval_s;
    atomic_store(&team->pause, 0);
    pthread_cond_broadcast(&team->pause_over);
    pthread_mutex_unlock(&team->pause_lock);
}

/* Moves half of victim's stack to the idle loop o (locks taken in loop order); 1 when it got
 * nodes. The loop is busy again before the victim's lock is released, so no moment has every
 * loop idle while nodes are on a stack. */
static int steal_from(offload *o, offload *victim)
{
    offload *first = o->id < victim->id ? o : victim, *second = first == o ? victim : o;
    pthread_mutex_lock(&first->lock);
    pthread_mutex_lock(&second->lock);
    int got = 0;
    if (victim->open.count > 0) {
        got = fsbb_node_pool_steal_half(&victim->open, &o->open) > 0;
        if (got)
            atomic_fetch_sub(&o->team->idle, 1);
    }
    pthread_mutex_unlock(&second->lock);
    pthread_mutex_unlock(&first->lock);
    return got;
}

static int try_steal(offload *o)
{
    offload_team *team = o->team;
    for (int t = 1; t < team->count; t++)
        if (steal_from(o, &team->loops[(o->id + t) % team->count]))
            return 1;
    return 0;
}

static struct timespec monotonic_deadline(double seconds)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    const double at = (double)now.tv_sec + (double)now.tv_nsec * 1e-9 + seconds;
    struct timespec deadline;
    deadline.tv_sec = (time_t)at;
    deadline.tv_nsec = (long)((at - (double)deadline.tv_sec) * 1e9);
    return deadline;
}

static int team_over(offload_team *team)
{
    return atomic_load(&team->done) || atomic_load(&team->failed) || fsbb_search_should_stop(team->search);
}

/* The loop has an empty stack and nothing in flight: steals nodes from another loop, parking
 * for checkpoints meanwhile. Returns 1 with nodes on its stack, 0 when the search is over
 * (every loop idle, a stop, or a failed loop). */
static int find_work(offload *o)
{
    offload_team *team = o->team;
    if (atomic_fetch_add(&team->idle, 1) + 1 == team->count) {
        atomic_store(&team->done, 1);
        pthread_mutex_lock(&team->idle_lock);
        pthread_cond_broadcast(&team->work_ready);
        pthread_mutex_unlock(&team->idle_lock);
        return 0;
    }
    for (;;) {
        if (team_over(team))
            return 0;
        if (atomic_load(&team->pause)) {
            park(o);
            continue;
        }
        if (try_steal(o))
            return 1;
        const struct timespec deadline = monotonic_deadline(IDLE_WAIT_S);
        pthread_mutex_lock(&team->idle_lock);
        if (!atomic_load(&team->done) && !atomic_load(&team->pause))
            pthread_cond_timedwait(&team->work_ready, &team->idle_lock, &deadline);
        pthread_mutex_unlock(&team->idle_lock);
    }
}

static int stack_empty(offload *o)
{
    pthread_mutex_lock(&o->lock);
    const int empty = o->open.count == 0;
    pthread_mutex_unlock(&o->lock);
    return empty;
}

/* One loop: each turn fills and submits one slot, then collects the other (submitted the
 * turn before), so filling overlaps bounding. With an empty stack and nothing in flight it
 * steals; it ends when the team is done, or when the search is stopped (after collecting
 * what is in flight: every open node is then on a stack with its bound). A due checkpoint
 * pauses every loop with nothing in flight. */
static fsbb_status run(offload *o, fsbb_error *err)
{
    offload_team *team = o->team;
    int slot = 0, in_flight = -1;
    for (;;) {
        flush_counters(o);
        const int stopping = fsbb_search_should_stop(o->search) || atomic_load(&team->failed);
        const int claimed = !stopping && claim_checkpoint(o);
        if (claimed || (!stopping && atomic_load(&team->pause))) {
            if (in_flight >= 0) {
                const fsbb_status status = collect(o, in_flight, err);
                if (status != FSBB_OK)
                    return status;
                in_flight = -1;
            }
            if (claimed)
                periodic_checkpoint(o);
            else
                park(o);
        }
        int submitted = 0;
        if (!stopping) {
            const fsbb_status status = fill_and_submit(o, slot, &submitted, err);
            if (status != FSBB_OK)
                return status;
        }
        if (in_flight >= 0) {
            const fsbb_status status = collect(o, in_flight, err);
            if (status != FSBB_OK)
                return status;
        }
        in_flight = submitted ? slot : -1;
        slot = (slot + 1) % FSBB_OFFLOAD_SLOTS;
        if (in_flight < 0 && stopping)
            return FSBB_OK;
        if (in_flight < 0 && stack_empty(o) && !find_work(o))
            return FSBB_OK;
    }
}

static void *run_loop(void *arg)
{
    offload *o = arg;
    offload_team *team = o->team;
    pthread_mutex_lock(&team->start_lock);
    while (!team->started)
        pthread_cond_wait(&team->start_now, &team->start_lock);
    pthread_mutex_unlock(&team->start_lock);
    if (o->id < team->count) {
        o->status = run(o, &o->err);
        if (o->status != FSBB_OK) {
            atomic_store(&team->failed, 1);
            offer_work(team);
        }
        leave(o);
    }
    return NULL;
}

static void init_team(offload_team *team, fsbb_search *search, offload *loops, int count)
{
    memset(team, 0, sizeof *team);
    team->search = search;
    team->loops = loops;
    team->count = count;
    pthread_mutex_init(&team->idle_lock, NULL);
    pthread_mutex_init(&team->pause_lock, NULL);
    pthread_mutex_init(&team->start_lock, NULL);
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&team->work_ready, &attributes);
    pthread_condattr_destroy(&attributes);
    pthread_cond_init(&team->parked_changed, NULL);
    pthread_cond_init(&team->pause_over, NULL);
    pthread_cond_init(&team->start_now, NULL);
    if (search->checkpoint_path && search->checkpoint_interval_s > 0)
        team->checkpoint_due = fsbb_now() + search->checkpoint_interval_s;
}

static void free_team(offload_team *team)
{
    pthread_mutex_destroy(&team->idle_lock);
    pthread_mutex_destroy(&team->pause_lock);
    pthread_mutex_destroy(&team->start_lock);
    pthread_cond_destroy(&team->work_ready);
    pthread_cond_destroy(&team->parked_changed);
    pthread_cond_destroy(&team->pause_over);
    pthread_cond_destroy(&team->start_now);
}

/* The team's census (search.h): every stack and every slot's parents, every loop's lock held
 * (a theft holds both loops' locks). */
static int team_census(void *data, fsbb_census *census)
{
    offload_team *team = data;
    for (int l = 0; l < team->count; l++)
        pthread_mutex_lock(&team->loops[l].lock);
    for (int l = 0; l < team->count; l++) {
        const offload *o = &team->loops[l];
        for (size_t i = 0; i < o->open.count; i++) {
            const fsbb_node *node = fsbb_node_pool_at(&o->open, i);
            fsbb_census_add(census, fsbb_node_depth(node), node->lb);
        }
        for (int s = 0; s < FSBB_OFFLOAD_SLOTS; s++) {
            const pool_slot *slot = &o->slots[s];
            if (slot->parents == 0)
                continue;
            for (int d = 0; d <= o->n; d++)
                census->by_depth[d] += slot->parents_by_depth[d];
            census->open_nodes += slot->parents;
            census->min_lb = FSBB_MIN(census->min_lb, slot->parents_min_lb);
        }
    }
    for (int l = team->count - 1; l >= 0; l--)
        pthread_mutex_unlock(&team->loops[l].lock);
    return 0;
}

/* Starts a thread per loop (fewer when threads cannot be had: the team is then the loops
 * that started, at least one) and waits for them; the first failure is the result. */
static fsbb_status run_team(offload_team *team, fsbb_error *err)
{
    const int requested = team->count;
    pthread_t *threads = malloc(sizeof *threads * (size_t)requested);
    if (!threads)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the offload engine's threads");
    int created = 0;
    while (created < requested && pthread_create(&threads[created], NULL, run_loop, &team->loops[created]) == 0)
        created++;
    fsbb_status status = created > 0 ? FSBB_OK
                                     : fsbb_fail(err, FSBB_ERR_RESOURCE, "the offload engine could not start a thread");
    pthread_mutex_lock(&team->start_lock);
    team->count = created;
    team->started = 1;
    pthread_cond_broadcast(&team->start_now);
    pthread_mutex_unlock(&team->start_lock);
    for (int t = 0; t < created; t++)
        pthread_join(threads[t], NULL);
    free(threads);
    for (int l = 0; l < created && status == FSBB_OK; l++)
        if (team->loops[l].status != FSBB_OK) {
            status = team->loops[l].status;
            if (err)
                *err = team->loops[l].err;
        }
    return status;
}

static void sum_stats(const offload_team *team, int loops, fsbb_offload_stats *stats)
{
    for (int l = 0; l < loops; l++) {
        const fsbb_offload_stats *own = &team->loops[l].own;
        stats->pools += own->pools;
        stats->pool_nodes += own->pool_nodes;
        stats->survivors += own->survivors;
        stats->peak_open = FSBB_MAX(stats->peak_open, own->peak_open);
        stats->fill_s += own->fill_s;
        stats->wait_s += own->wait_s;
        stats->prune_s += own->prune_s;
    }
}

static fsbb_status check_bounders(const fsbb_search *search, const fsbb_pool_bounder *bounders, int loops,
                                  fsbb_error *err)
{
    if (loops < 1)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "the offload engine needs at least one pool bounder");
    for (int l = 0; l < loops; l++) {
        const fsbb_pool_bounder *bounder = &bounders[l];
        const fsbb_status status = fsbb_offload_check(search, bounder->capacity, err);
        if (status != FSBB_OK)
            return status;
        for (int s = 0; s < FSBB_OFFLOAD_SLOTS; s++)
            if (bounder->pool(bounder->context, s)->capacity < bounder->capacity)
                return fsbb_fail(err, FSBB_ERR_ARGUMENT, "pool slot %d holds fewer than %d nodes", s,
                                 bounder->capacity);
    }
    return FSBB_OK;
}

fsbb_status fsbb_offload_search(fsbb_search *search, const fsbb_pool_bounder *bounders, int loops,
                                fsbb_offload_stats *stats, fsbb_error *err)
{
    fsbb_status status = check_bounders(search, bounders, loops, err);
    if (status != FSBB_OK)
        return status;
    const double start = fsbb_now();
    if (stats) {
        memset(stats, 0, sizeof *stats);
        stats->pool_capacity = bounders[0].capacity;
    }
    offload *all = calloc((size_t)loops, sizeof *all);
    if (!all)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the offload engine's loops");
    offload_team team;
    init_team(&team, search, all, loops);
    int ready = 0;
    while (status == FSBB_OK && ready < loops) {
        status = init_offload(&all[ready], &team, ready, &bounders[ready], err);
        ready++;
    }
    if (status == FSBB_OK)
        status = search->resume ? push_resumed(&all[0], err) : push_root(&all[0], err);
    if (status == FSBB_OK) {
        fsbb_search_set_census(search, team_census, &team);
        status = run_team(&team, err);
        fsbb_search_end_census(search, status == FSBB_OK);
    }
    const int ran = team.count;
    for (int l = 0; l < ready; l++)
        flush_counters(&all[l]);
    team.count = ready;
    if (status == FSBB_OK) {
        int open_bound = INT_MAX;
        for (int l = 0; l < ready; l++)
            if (all[l].open.count > 0)
                open_bound = FSBB_MIN(open_bound, fsbb_node_pool_min_lb(&all[l].open));
        if (open_bound < INT_MAX)
            fsbb_search_note_open(search, open_bound);
    }
    if (status == FSBB_OK && search->checkpoint_path)
        checkpoint(&team, 1);
    if (stats) {
        sum_stats(&team, ready, stats);
        stats->loops = ran;
        stats->total_s = fsbb_now() - start;
    }
    for (int l = 0; l < ready; l++)
        free_offload(&all[l]);
    free_team(&team);
    free(all);
    return status;
}
