/* offload_loop.c — the offload search loop of offload_loop.h: a depth-first stack of open
 * nodes, CPU branching into pools, two pool slots bounded in turn, pruning and pushing. */
#include "offload_loop.h"

#include "checkpoint.h"
#include "child_order.h"
#include "error.h"
#include "lb1.h"
#include "lb1_batch.h"
#include "lb2.h"
#include "node_pool.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* What the loop knows about the pool in one slot. */
typedef struct pool_slot {
    int count;       /* children in the pool */
    int groups;      /* parents whose children the pool holds */
    int *group_end;  /* capacity: one past each parent's last child, in generation order */
    int *position;   /* capacity: each child's place in the pool, in generation order */
} pool_slot;

/* A parent's children as a unit of the bfs reordering. */
typedef struct group_key {
    int key;    /* level of the children: (front_len + back_len) * (n + 1) + front_len */
    int group;  /* generation order, for a stable sort */
} group_key;

typedef struct offload {
    fsbb_search *search;
    const fsbb_bound_data *d;
    const fsbb_pool_bounder *bounder;
    fsbb_offload_stats *stats;
    int n, m, capacity;
    size_t node_size;
    fsbb_branch_kind branch;
    int lb2;
    int reorder;                 /* --pool-order bfs */
    fsbb_node_pool open;         /* the open nodes, a stack */
    unsigned char *staging;      /* capacity children of the pool being filled, generation order */
    group_key *keys;             /* capacity */
    pool_slot slots[FSBB_OFFLOAD_SLOTS];
    fsbb_node *parent, *child;
    /* Scratch for one parent, as the CPU engine's. */
    int *front, *back, *remain;  /* m each, one block of 3 m */
    int *times, *batch_back;     /* m x batch width of n */
    int *batch_t, *batch_last;   /* batch width of n */
    int *lb_forward, *lb_backward;  /* n + the batch's padding lanes, by position in the permutation */
    int *survivors;              /* n: pool positions of one parent's surviving children */
    uint64_t nodes, bounded;     /* not yet added to the search's counters */
    int since_check;
    double checkpoint_due;       /* 0: no periodic checkpoints */
} offload;

static int unscheduled_of(const offload *o, const fsbb_node *node)
{
    return o->n - node->front_len - node->back_len;
}

static fsbb_node *staged(const offload *o, int i)
{
    return (fsbb_node *)(o->staging + (size_t)i * o->node_size);
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

int fsbb_offload_default_pool_size(int n)
{
    int size = FSBB_OFFLOAD_DEFAULT_POOL;
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
    fsbb_node_pool_free(&o->open);
    free(o->staging);
    free(o->keys);
    for (int s = 0; s < FSBB_OFFLOAD_SLOTS; s++) {
        free(o->slots[s].group_end);
        free(o->slots[s].position);
    }
    free(o->parent);
    free(o->child);
    free(o->front);
    free(o->times);
    free(o->batch_back);
    free(o->batch_t);
    free(o->batch_last);
    free(o->lb_forward);
    free(o->lb_backward);
    free(o->survivors);
}

static fsbb_status init_offload(offload *o, fsbb_search *search, const fsbb_pool_bounder *bounder,
                                fsbb_offload_stats *stats, fsbb_error *err)
{
    const fsbb_bound_data *d = search->data;
    const int n = d->n, m = d->m;
    const size_t cap = (size_t)bounder->capacity;
    memset(o, 0, sizeof *o);
    o->search = search;
    o->d = d;
    o->bounder = bounder;
    o->stats = stats;
    o->n = n;
    o->m = m;
    o->capacity = bounder->capacity;
    o->node_size = fsbb_node_size(n);
    o->branch = search->options->branch;
    o->lb2 = search->options->lb == FSBB_LB2;
    o->reorder = search->options->pool_order == FSBB_POOL_ORDER_BFS;
    fsbb_node_pool_init(&o->open, FSBB_SELECT_DFS, n);
    o->staging = malloc(cap * o->node_size);
    o->keys = malloc(cap * sizeof *o->keys);
    int slots_ok = 1;
    for (int s = 0; s < FSBB_OFFLOAD_SLOTS; s++) {
        o->slots[s].group_end = malloc(cap * sizeof(int));
        o->slots[s].position = malloc(cap * sizeof(int));
        slots_ok &= o->slots[s].group_end && o->slots[s].position;
    }
    o->parent = malloc(o->node_size);
    o->child = malloc(o->node_size);
    o->front = malloc(3 * sizeof(int) * (size_t)m);
    const size_t width = (size_t)fsbb_batch_width(n);
    o->times = malloc(width * (size_t)m * sizeof(int));
    o->batch_back = malloc(width * (size_t)m * sizeof(int));
    o->batch_t = malloc(width * sizeof(int));
    o->batch_last = malloc(width * sizeof(int));
    o->lb_forward = malloc(((size_t)n + FSBB_BATCH_LANES) * sizeof(int));
    o->lb_backward = malloc(((size_t)n + FSBB_BATCH_LANES) * sizeof(int));
    o->survivors = malloc((size_t)n * sizeof(int));
    if (!o->staging || !o->keys || !slots_ok || !o->parent || !o->child || !o->front || !o->times ||
        !o->batch_back || !o->batch_t || !o->batch_last || !o->lb_forward || !o->lb_backward || !o->survivors)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the offload engine's pools of %d nodes",
                         o->capacity);
    o->back = o->front + m;
    o->remain = o->front + 2 * m;
    if (search->checkpoint_path && search->checkpoint_interval_s > 0)
        o->checkpoint_due = fsbb_now() + search->checkpoint_interval_s;
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
    const fsbb_bound_data *d = o->d;
    fsbb_node *root = o->parent;
    root->front_len = root->back_len = 0;
    for (int j = 0; j < o->n; j++)
        root->perm[j] = (fsbb_job)j;
    root->lb = fsbb_lb1(d, root->perm, 0, 0, o->front);
    o->bounded++;
    if (o->lb2 && o->n > 1) {
        unsigned char *unscheduled = malloc((size_t)o->n);
        if (!unscheduled)
            return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the root node");
        memset(unscheduled, 1, (size_t)o->n);
        memset(o->front, 0, 2 * sizeof(int) * (size_t)o->m);
        const int root_lb2 = fsbb_lb2(d, unscheduled, o->front, o->back, INT_MAX);
        root->lb = FSBB_MAX(root->lb, root_lb2);
        free(unscheduled);
    }
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
 * the staging area from index at; returns how many. */
static int branch_parent(offload *o, const fsbb_node *parent, int at, int ub)
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
        fsbb_node *child = staged(o, at + written);
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

/* Pops parents from the top of the stack while their children fit in the pool, branching
 * them into the staging area (leaves are evaluated at once); returns the children staged.
 * Stops early, with what it has, when a limit or an interrupt stops the search. */
static int stage_pool(offload *o, pool_slot *slot)
{
    int count = 0;
    slot->groups = 0;
    while (o->open.count > 0) {
        if (++o->since_check >= FSBB_OFFLOAD_CHECK_EVERY) {
            o->since_check = 0;
            flush_counters(o);
            if (fsbb_search_should_stop(o->search))
                break;
        }
        const fsbb_node *top = fsbb_node_pool_at(&o->open, o->open.count - 1);
        if (count + unscheduled_of(o, top) > o->capacity)
            break;
        fsbb_node_pool_pop(&o->open, o->parent);
        const int ub = incumbent(o);
        if (o->parent->lb >= ub)
            continue;
        o->nodes++;
        if (unscheduled_of(o, o->parent) == 1) {
            evaluate_leaf(o, o->parent, ub);
            continue;
        }
        const int written = branch_parent(o, o->parent, count, ub);
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
        const fsbb_node *first = staged(o, group_start(slot, g));
        o->keys[g].key = o->reorder ? fsbb_node_depth(first) * (o->n + 1) + first->front_len : 0;
        o->keys[g].group = g;
    }
    if (o->reorder)
        qsort(o->keys, (size_t)slot->groups, sizeof *o->keys, compare_group_keys);
    int at = 0;
    for (int k = 0; k < slot->groups; k++) {
        const int g = o->keys[k].group;
        for (int i = group_start(slot, g); i < slot->group_end[g]; i++, at++) {
            const fsbb_node *child = staged(o, i);
            fsbb_gpu_pool_put(pool, at, child->perm, child->front_len, child->back_len);
            slot->position[i] = at;
        }
    }
    pool->count = slot->count;
}

/* ---- Pruning ------------------------------------------------------------------------------ */

/* Pushes the children of the slot's pool whose bound is under the incumbent: parents in
 * reverse generation order, each parent's children best on top, so the stack pops the
 * first parent's best child first, as the CPU engine would. */
static fsbb_status push_survivors(offload *o, const pool_slot *slot, const fsbb_gpu_pool *pool,
                                  const int *bounds, fsbb_error *err)
{
    const int ub = incumbent(o);
    const uint64_t per_node = (o->branch == FSBB_BRANCH_DYNAMIC ? 0 : 1) + (o->lb2 ? 1 : 0);
    o->bounded += per_node * (uint64_t)slot->count;
    uint64_t pushed = 0;
    for (int g = slot->groups - 1; g >= 0; g--) {
        int alive = 0;
        for (int i = group_start(slot, g); i < slot->group_end[g]; i++)
            if (bounds[slot->position[i]] < ub)
                o->survivors[alive++] = slot->position[i];
        fsbb_sort_by_bound_descending(o->survivors, alive, bounds);
        for (int s = 0; s < alive; s++) {
            const int at = o->survivors[s];
            fsbb_node *child = o->child;
            fsbb_gpu_pool_get(pool, at, child->perm);
            child->front_len = pool->front_len[at];
            child->back_len = pool->back_len[at];
            child->lb = bounds[at];
            if (fsbb_node_pool_push(&o->open, child) != 0)
                return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for open nodes (%zu held)", o->open.count);
        }
        pushed += (uint64_t)alive;
    }
    if (o->stats) {
        o->stats->pools++;
        o->stats->pool_nodes += (uint64_t)slot->count;
        o->stats->survivors += pushed;
        if (o->open.count > o->stats->peak_open)
            o->stats->peak_open = o->open.count;
    }
    return FSBB_OK;
}

/* Waits for a slot's bounds and pushes its survivors. */
static fsbb_status collect(offload *o, int slot, fsbb_error *err)
{
    const double begin = fsbb_now();
    const int *bounds = NULL;
    fsbb_status status = o->bounder->wait(o->bounder->context, slot, &bounds, err);
    const double waited = fsbb_now();
    if (status == FSBB_OK)
        status = push_survivors(o, &o->slots[slot], o->bounder->pool(o->bounder->context, slot), bounds, err);
    if (o->stats) {
        o->stats->wait_s += waited - begin;
        o->stats->prune_s += fsbb_now() - waited;
    }
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
    }
    if (o->stats)
        o->stats->fill_s += fsbb_now() - begin;
    return status;
}

static void checkpoint(offload *o, int final)
{
    flush_counters(o);
    fsbb_search_checkpoint(o->search, (const fsbb_node *)o->open.nodes, o->open.count, o->node_size, final);
}

/* The loop: each turn fills and submits one slot, then collects the other (submitted the
 * turn before), so filling overlaps bounding. It ends when nothing is open or in flight,
 * or when the search is stopped (after collecting what is in flight: every open node is
 * then on the stack with its bound). */
static fsbb_status run(offload *o, fsbb_error *err)
{
    int slot = 0, in_flight = -1;
    for (;;) {
        flush_counters(o);
        const int stopping = fsbb_search_should_stop(o->search);
        if (!stopping && o->checkpoint_due > 0 && fsbb_now() >= o->checkpoint_due) {
            if (in_flight >= 0) {
                const fsbb_status status = collect(o, in_flight, err);
                if (status != FSBB_OK)
                    return status;
                in_flight = -1;
            }
            checkpoint(o, 0);
            o->checkpoint_due = fsbb_now() + o->search->checkpoint_interval_s;
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
        if (in_flight < 0 && (stopping || o->open.count == 0))
            return FSBB_OK;
    }
}

fsbb_status fsbb_offload_search(fsbb_search *search, const fsbb_pool_bounder *bounder, fsbb_offload_stats *stats,
                                fsbb_error *err)
{
    fsbb_status status = fsbb_offload_check(search, bounder->capacity, err);
    if (status != FSBB_OK)
        return status;
    for (int s = 0; s < FSBB_OFFLOAD_SLOTS; s++)
        if (bounder->pool(bounder->context, s)->capacity < bounder->capacity)
            return fsbb_fail(err, FSBB_ERR_ARGUMENT, "pool slot %d holds fewer than %d nodes", s,
                             bounder->capacity);
    const double start = fsbb_now();
    if (stats) {
        memset(stats, 0, sizeof *stats);
        stats->pool_capacity = bounder->capacity;
    }
    offload o;
    status = init_offload(&o, search, bounder, stats, err);
    if (status == FSBB_OK)
        status = search->resume ? push_resumed(&o, err) : push_root(&o, err);
    if (status == FSBB_OK)
        status = run(&o, err);
    flush_counters(&o);
    if (status == FSBB_OK && o.open.count > 0)
        fsbb_search_note_open(search, fsbb_node_pool_min_lb(&o.open));
    if (status == FSBB_OK && search->checkpoint_path)
        checkpoint(&o, 1);
    if (stats)
        stats->total_s = fsbb_now() - start;
    free_offload(&o);
    return status;
}
