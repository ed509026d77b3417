/* node_pool.c — stack, queue and bound-ordered heap of nodes (node_pool.h). Storage is
 * one ring of fixed-size slots; the stack and the heap keep head at 0. */
#include "node_pool.h"

#include "host_device.h"

#include <stdint.h>
#include <stdlib.h>

static unsigned char *slot(const fsbb_node_pool *pool, size_t i)
{
    return pool->nodes + ((pool->head + i) % pool->capacity) * pool->node_size;
}

static fsbb_node *node_at(const fsbb_node_pool *pool, size_t i)
{
    return (fsbb_node *)slot(pool, i);
}

void fsbb_node_pool_init(fsbb_node_pool *pool, fsbb_select_kind rule, int jobs)
{
    pool->rule = rule;
    pool->node_size = fsbb_node_size(jobs);
    pool->nodes = NULL;
    pool->capacity = 0;
    pool->head = 0;
    pool->count = 0;
}

void fsbb_node_pool_free(fsbb_node_pool *pool)
{
    free(pool->nodes);
    pool->nodes = NULL;
    pool->capacity = pool->count = pool->head = 0;
}

static int reserve(fsbb_node_pool *pool, size_t wanted)
{
    if (wanted <= pool->capacity)
        return 0;
    size_t capacity = pool->capacity ? pool->capacity : 64;
    while (capacity < wanted)
        capacity *= 2;
    unsigned char *nodes = malloc(capacity * pool->node_size);
    if (!nodes)
        return -1;
    for (size_t i = 0; i < pool->count; i++)
        memcpy(nodes + i * pool->node_size, slot(pool, i), pool->node_size);
    free(pool->nodes);
    pool->nodes = nodes;
    pool->capacity = capacity;
    pool->head = 0;
    return 0;
}

/* Heap order: smaller bound first, deeper node first among equal bounds. */
static int heap_before(const fsbb_node *a, const fsbb_node *b)
{
    if (a->lb != b->lb)
        return a->lb < b->lb;
    return fsbb_node_depth(a) > fsbb_node_depth(b);
}

static void swap_slots(fsbb_node_pool *pool, size_t i, size_t j, unsigned char *scratch)
{
    memcpy(scratch, slot(pool, i), pool->node_size);
    memcpy(slot(pool, i), slot(pool, j), pool->node_size);
    memcpy(slot(pool, j), scratch, pool->node_size);
}

static void sift_up(fsbb_node_pool *pool, size_t i, unsigned char *scratch)
{
    while (i > 0) {
        const size_t parent = (i - 1) / 2;
        if (!heap_before(node_at(pool, i), node_at(pool, parent)))
            break;
        swap_slots(pool, i, parent, scratch);
        i = parent;
    }
}

static void sift_down(fsbb_node_pool *pool, size_t i, unsigned char *scratch)
{
    for (;;) {
        size_t best = i;
        const size_t left = 2 * i + 1, right = left + 1;
        if (left < pool->count && heap_before(node_at(pool, left), node_at(pool, best)))
            best = left;
        if (right < pool->count && heap_before(node_at(pool, right), node_at(pool, best)))
            best = right;
        if (best == i)
            return;
        swap_slots(pool, i, best, scratch);
        i = best;
    }
}

int fsbb_node_pool_push(fsbb_node_pool *pool, const fsbb_node *node)
{
    /* One spare slot serves as scratch for heap swaps. */
    if (reserve(pool, pool->count + 2) != 0)
        return -1;
    memcpy(slot(pool, pool->count), node, pool->node_size);
    pool->count++;
    if (pool->rule == FSBB_SELECT_BEST)
        sift_up(pool, pool->count - 1, slot(pool, pool->count));
    return 0;
}

int fsbb_node_pool_pop(fsbb_node_pool *pool, fsbb_node *out)
{
    if (pool->count == 0)
        return 0;
    switch (pool->rule) {
    case FSBB_SELECT_DFS:
        memcpy(out, slot(pool, pool->count - 1), pool->node_size);
        pool->count--;
        break;
    case FSBB_SELECT_BFS:
        memcpy(out, slot(pool, 0), pool->node_size);
        pool->head = (pool->head + 1) % pool->capacity;
        pool->count--;
        break;
    case FSBB_SELECT_BEST:
        memcpy(out, slot(pool, 0), pool->node_size);
        pool->count--;
        if (pool->count > 0) {
            memcpy(slot(pool, 0), slot(pool, pool->count), pool->node_size);
            sift_down(pool, 0, slot(pool, pool->count));
        }
        break;
    }
    return 1;
}

size_t fsbb_node_pool_steal_half(fsbb_node_pool *victim, fsbb_node_pool *thief)
{
    const size_t take = (victim->count + 1) / 2;
    if (take == 0 || reserve(thief, thief->count + take + 1) != 0)
        return 0;
    switch (victim->rule) {
    case FSBB_SELECT_DFS:
        /* The bottom of the stack: the shallowest nodes. */
        for (size_t i = 0; i < take; i++)
            fsbb_node_pool_push(thief, node_at(victim, i));
        memmove(victim->nodes, victim->nodes + take * victim->node_size, (victim->count - take) * victim->node_size);
        victim->count -= take;
        break;
    case FSBB_SELECT_BFS:
        /* The newest nodes: the owner keeps the front of its queue. */
    case FSBB_SELECT_BEST:
        /* The heap's last slots: removing them keeps the heap property. */
        for (size_t i = victim->count - take; i < victim->count; i++)
            fsbb_node_pool_push(thief, node_at(victim, i));
        victim->count -= take;
        break;
    }
    return take;
}

size_t fsbb_node_pool_steal_into(fsbb_node_pool *pool, size_t count, unsigned char *out)
{
    const size_t take = count < pool->count ? count : pool->count;
    if (take == 0)
        return 0;
    /* The stack's bottom (its shallowest nodes), or the queue's newest and the heap's last slots. */
    const size_t first = pool->rule == FSBB_SELECT_DFS ? 0 : pool->count - take;
    for (size_t i = 0; i < take; i++)
        memcpy(out + i * pool->node_size, slot(pool, first + i), pool->node_size);
    if (pool->rule == FSBB_SELECT_DFS)
        memmove(pool->nodes, pool->nodes + take * pool->node_size, (pool->count - take) * pool->node_size);
    pool->count -= take;
    return take;
}

const fsbb_node *fsbb_node_pool_at(const fsbb_node_pool *pool, size_t i)
{
    return node_at(pool, i);
}

int fsbb_node_pool_min_lb(const fsbb_node_pool *pool)
{
    int best = INT32_MAX;
    for (size_t i = 0; i < pool->count; i++)
        best = FSBB_MIN(best, node_at(pool, i)->lb);
    return best;
}
