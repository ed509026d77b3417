/* child_order.h — how an engine that branches the CPU engine's tree treats the children of
 * a node: the direction it branches (the dyn rule) and the order in which it pushes the
 * survivors on a depth-first stack (by bound, largest first, so that the best child is
 * popped first; children of equal bound keep their generation order). The CPU engine
 * (search_cpu.c) and the offload loop (offload_loop.c) share them, so that both branch
 * the same tree. */
#ifndef FSBB_CHILD_ORDER_H
#define FSBB_CHILD_ORDER_H

/* The end of the permutation a node's children extend: the prefix (forward), the suffix
 * (backward), or the one with fewer children under the upper bound (dynamic). */
typedef enum { FSBB_BRANCH_FORWARD, FSBB_BRANCH_BACKWARD, FSBB_BRANCH_DYNAMIC } fsbb_branch_kind;

/* 1 to branch forward, 0 backward. fwd and bwd are fixed; dyn takes the direction with
 * fewer children under ub (bounds of children lo..hi-1 in lb_forward and lb_backward),
 * ties to the larger bound sum. */
static inline int fsbb_choose_forward(fsbb_branch_kind branch, const int *lb_forward, const int *lb_backward, int lo,
                                      int hi, int ub)
{
    switch (branch) {
    case FSBB_BRANCH_FORWARD: return 1;
    case FSBB_BRANCH_BACKWARD: return 0;
    case FSBB_BRANCH_DYNAMIC: break;
    }
    int alive_forward = 0, alive_backward = 0;
    long sum_forward = 0, sum_backward = 0;
    for (int i = lo; i < hi; i++) {
        alive_forward += lb_forward[i] < ub;
        alive_backward += lb_backward[i] < ub;
        sum_forward += lb_forward[i];
        sum_backward += lb_backward[i];
    }
    if (alive_forward != alive_backward)
        return alive_forward < alive_backward;
    return sum_forward >= sum_backward;
}

/* Insertion sort (stable) of count positions by bounds[position], largest first. */
static inline void fsbb_sort_by_bound_descending(int *positions, int count, const int *bounds)
{
    for (int i = 1; i < count; i++) {
        const int pos = positions[i];
        int j = i - 1;
        while (j >= 0 && bounds[positions[j]] < bounds[pos]) {
            positions[j + 1] = positions[j];
            j--;
        }
        positions[j + 1] = pos;
    }
}

#endif
