/* node_pool.h — one worker's open nodes, kept in the order of a selection rule:
 * a stack (depth-first), a queue (breadth-first) or a heap on the bound (best-first).
 * Pools are not thread-safe: the search engine locks around them. Work stealing takes
 * the nodes a rule would reach last (the oldest for DFS, the newest for BFS), so a thief
 * gets large subtrees and the owner keeps its locality. */
#ifndef FSBB_NODE_POOL_H
#define FSBB_NODE_POOL_H

#include "node.h"

#include <stddef.h>

/* The selection rules: depth-first, breadth-first, best-first. */
typedef enum { FSBB_SELECT_DFS, FSBB_SELECT_BFS, FSBB_SELECT_BEST } fsbb_select_kind;

typedef struct fsbb_node_pool {
    fsbb_select_kind rule;
    size_t node_size;
    unsigned char *nodes;   /* capacity * node_size bytes */
    size_t capacity;
    size_t head;            /* queue: index of the oldest node */
    size_t count;
} fsbb_node_pool;

void fsbb_node_pool_init(fsbb_node_pool *pool, fsbb_select_kind rule, int jobs);
void fsbb_node_pool_free(fsbb_node_pool *pool);

/* Returns 0, or -1 when memory runs out (the pool is unchanged). */
int fsbb_node_pool_push(fsbb_node_pool *pool, const fsbb_node *node);

/* Copies the next node into out and removes it; returns 0 when the pool is empty. */
int fsbb_node_pool_pop(fsbb_node_pool *pool, fsbb_node *out);

/* Moves ceil(count / 2) nodes from victim to thief; returns how many moved (0 if the
 * thief ran out of memory). */
size_t fsbb_node_pool_steal_half(fsbb_node_pool *victim, fsbb_node_pool *thief);

/* Removes up to count of the nodes a thief would take (all of them when count >= the pool's
 * count) and copies them to out, node_size bytes apart, in storage order, so that pushing
 * them in that order onto an empty pool of the same rule rebuilds the same order; returns
 * how many. For a party outside the engine (work_exchange.h). */
size_t fsbb_node_pool_steal_into(fsbb_node_pool *pool, size_t count, unsigned char *out);

/* The i-th stored node, in storage order (0 <= i < count), for scans such as the
 * smallest open bound or a checkpoint. */
const fsbb_node *fsbb_node_pool_at(const fsbb_node_pool *pool, size_t i);

/* Smallest bound in the pool, or INT32_MAX when it is empty. */
int fsbb_node_pool_min_lb(const fsbb_node_pool *pool);

#endif
