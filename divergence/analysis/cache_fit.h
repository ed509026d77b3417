/* cache_fit.h — the data-balanced work partition (DBWP) and the split-join tree
 * recombination of locality-aware software throttling (Chen et al.).
 *
 * The work is a bipartite work graph: a task touches one data element of side A (a row:
 * y_i, or a search node's state) and one of side B (a column: x_k, or a machine pair's
 * tables). DBWP bisects the work recursively, each time into two halves of equal work,
 * until every part's unique data (bytes of the A elements plus bytes of the B elements it
 * touches) fits the cache capacity; the parts are the leaves of a binary tree, kept in
 * order (left before right), so siblings, which share the most data, stay adjacent.
 *   - tuple graphs (sparse, any shape): the tuples are sorted by (B, A) and a part is a
 *     range of them, bisected at its middle tuple: a coordinate bisection along B, not
 *     the SPAC edge partitioner the paper uses.
 *   - tile graphs (dense: every A element with every B element, the (node, pair) tasks of
 *     LB2): a part is a rectangle A[a0, a1) x B[b0, b1), bisected across the side whose
 *     split replicates fewer bytes (splitting A replicates the B elements and vice versa).
 *
 * Scheduling (the caller's): CF runs each leaf as a kernel; CF-Q runs the leaves' chunks in
 * leaf order from one queue; SJ profiles every tree node stand-alone (standalone_ms) and
 * fsbb_fit_recombine picks the cheapest set of subtrees that covers the leaves (the paper's
 * Algorithm 3: btime = min(stime, btime(left) + btime(right))), each run as one kernel;
 * SJ-Q runs each chosen subtree as a queue of its leaves' chunks. */
#ifndef FSBB_CACHE_FIT_H
#define FSBB_CACHE_FIT_H

#include "flowshopbb.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fsbb_work_tuple {
    int32_t a, b;
} fsbb_work_tuple;

typedef struct fsbb_fit_node {
    int64_t begin, end;         /* tuple graphs: the part's tuples [begin, end) */
    int64_t a_begin, a_end;     /* tile graphs: the rectangle A[a_begin, a_end) x B[b_begin, b_end) */
    int64_t b_begin, b_end;
    int64_t a_unique, b_unique; /* distinct A and B elements the part touches */
    double data_bytes;          /* a_unique * a_bytes + b_unique * b_bytes */
    int left, right;            /* children (indices into the tree), -1 for a leaf */
    double standalone_ms;       /* SJ: the part run alone (the caller's profile) */
    double best_ms;             /* SJ: the best cover of the subtree (fsbb_fit_recombine) */
    int chosen;                 /* SJ: 1 when the part runs as one unit */
} fsbb_fit_node;

typedef struct fsbb_fit_tree {
    fsbb_fit_node *nodes;       /* nodes[0] is the root */
    int count, capacity;
} fsbb_fit_tree;

void fsbb_fit_tree_free(fsbb_fit_tree *tree);

/* DBWP of a tuple graph: sorts tuples by (b, a) and builds the tree. a values lie in
 * [0, a_elements), b values in [0, b_elements). A part of a single tuple is a leaf even
 * when it does not fit. */
fsbb_status fsbb_fit_partition_tuples(fsbb_work_tuple *tuples, int64_t count, int64_t a_elements, int64_t b_elements,
                                      double a_bytes, double b_bytes, double capacity_bytes, fsbb_fit_tree *tree,
                                      fsbb_error *err);

/* DBWP of the tile graph A[0, a_count) x B[0, b_count). A is split only at multiples of
 * a_align (a warp's nodes stay together); a rectangle that can be split no more is a leaf
 * even when it does not fit. */
fsbb_status fsbb_fit_partition_tiles(int64_t a_count, int64_t b_count, double a_bytes, double b_bytes,
                                     double capacity_bytes, int64_t a_align, fsbb_fit_tree *tree, fsbb_error *err);

/* The leaves in order (left before right); returns their number, writing at most max. */
int fsbb_fit_leaves(const fsbb_fit_tree *tree, int *leaves, int max);

/* Split-join recombination from the nodes' standalone_ms: sets best_ms and chosen of every
 * node and returns the root's best_ms (the time of the chosen cover). */
double fsbb_fit_recombine(fsbb_fit_tree *tree);

/* The chosen nodes in order; returns their number, writing at most max. */
int fsbb_fit_chosen(const fsbb_fit_tree *tree, int *chosen, int max);

/* The leaves under node (in order); returns their number, writing at most max. */
int fsbb_fit_leaves_under(const fsbb_fit_tree *tree, int node, int *leaves, int max);

#ifdef __cplusplus
}
#endif

#endif
