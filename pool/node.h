/* node.h — a search node as stored in pools: its bound, the lengths of the scheduled
 * prefix and suffix, and the permutation (see bounds/bound_data.h for the layout). Nodes
 * are variable-sized (n jobs); fsbb_node_size gives the stride of a pool's storage. */
#ifndef FSBB_NODE_H
#define FSBB_NODE_H

#include "bound_data.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct fsbb_node {
    int32_t lb;
    int16_t front_len;
    int16_t back_len;
    fsbb_job perm[];
} fsbb_node;

static inline size_t fsbb_node_size(int n)
{
    const size_t raw = sizeof(fsbb_node) + sizeof(fsbb_job) * (size_t)n;
    return (raw + 7) & ~(size_t)7;
}

static inline int fsbb_node_depth(const fsbb_node *node)
{
    return node->front_len + node->back_len;
}

static inline void fsbb_node_copy(fsbb_node *to, const fsbb_node *from, int n)
{
    memcpy(to, from, sizeof(fsbb_node) + sizeof(fsbb_job) * (size_t)n);
}

#endif
