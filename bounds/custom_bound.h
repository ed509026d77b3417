/* custom_bound.h — custom CPU bounds applied to a node: the read-only fsbb_node_view a
 * bound's cpu_bound receives, built from the node's permutation, and the maximum of the
 * given bound and every custom bound. The CPU engine calls it on the root and on each
 * child that survives the built-in bound; the tests' CPU stand-in for the GPU pool bounder
 * calls it on every pool node, so both apply custom bounds the same way. */
#ifndef FSBB_CUSTOM_BOUND_H
#define FSBB_CUSTOM_BOUND_H

#include "bound_data.h"
#include "flowshopbb.h"

/* A custom bound as the solver holds it: the user's definition, its strings copied. */
typedef struct fsbb_custom_bound {
    fsbb_bound_definition definition;
} fsbb_custom_bound;

/* A node as the custom bounds see it: perm (n jobs, the layout of bound_data.h) with
 * front_len jobs scheduled first and back_len last, front[k] and back[k] its completion
 * times as fsbb_front_times and fsbb_back_times give them. */
typedef struct fsbb_custom_node {
    const fsbb_job *perm;
    int front_len, back_len;
    const int *front, *back;
} fsbb_custom_node;

/* max(lb, cpu_bound of each bound of bounds[0..count) that has one), evaluated in order
 * while the maximum is below ub (a node at ub is pruned whatever the others say). Bounds
 * without cpu_bound are skipped. scratch holds 3 * d->n ints. */
int fsbb_custom_cpu_bounds(const fsbb_custom_bound *bounds, int count, const fsbb_bound_data *d,
                           const fsbb_custom_node *node, int lb, int ub, int *scratch);

#endif
