/* pool_generator.c — builds BFS- and DFS-ordered pools by forward branching from the root
 * (see pool_generator.h). The open list holds parents to expand: a queue read from its
 * head for BFS, a stack for DFS. */
#include "pool_generator.h"

#include "error.h"
#include "lb1.h"

#include <stdlib.h>
#include <string.h>

typedef struct open_list {
    int n;
    int count;        /* parents stored */
    int head;         /* next parent for BFS */
    fsbb_job *perm;   /* count x n */
    int *front_len;
} open_list;

typedef struct child {
    int position;     /* of the job placed, in the parent's permutation */
    int lb;
} child;

static void push(open_list *open, const fsbb_job *perm, int front_len)
{
    memcpy(open->perm + (size_t)open->count * open->n, perm, sizeof *perm * (size_t)open->n);
    open->front_len[open->count++] = front_len;
}

static int compare_lb_descending(const void *x, const void *y)
{
    const child *a = x, *b = y;
    if (a->lb != b->lb)
        return b->lb - a->lb;
    return b->position - a->position;
}

fsbb_status fsbb_pool_generate(const fsbb_bound_data *d, fsbb_pool_order order, int ub, fsbb_gpu_pool *pool,
                               fsbb_error *err)
{
    const int n = d->n, m = d->m;
    if (pool->n != n)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "pool for %d jobs, instance has %d", pool->n, n);
    pool->count = 0;
    /* Every parent but the root was a pool node first, so capacity + 1 parents suffice. */
    open_list open = {.n = n};
    open.perm = malloc(sizeof *open.perm * (size_t)n * ((size_t)pool->capacity + 1));
    open.front_len = malloc(sizeof *open.front_len * ((size_t)pool->capacity + 1));
    int *scratch = malloc(sizeof *scratch * 3 * (size_t)m);
    child *children = malloc(sizeof *children * (size_t)n);
    fsbb_job *parent = malloc(sizeof *parent * (size_t)n);
    fsbb_job *kid = malloc(sizeof *kid * (size_t)n);
    if (!open.perm || !open.front_len || !scratch || !children || !parent || !kid) {
        free(open.perm);
        free(open.front_len);
        free(scratch);
        free(children);
        free(parent);
        free(kid);
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory generating a pool of %d nodes", pool->capacity);
    }
    int *front = scratch, *back = scratch + m, *remain = scratch + 2 * m;
    for (int j = 0; j < n; j++)
        parent[j] = (fsbb_job)j;
    push(&open, parent, 0);

    while (pool->count < pool->capacity && open.head < open.count) {
        int front_len;
        if (order == FSBB_POOL_ORDER_BFS) {
            memcpy(parent, open.perm + (size_t)open.head * n, sizeof *parent * (size_t)n);
            front_len = open.front_len[open.head++];
        } else {
            open.count--;
            memcpy(parent, open.perm + (size_t)open.count * n, sizeof *parent * (size_t)n);
            front_len = open.front_len[open.count];
        }
        fsbb_front_times(d, parent, front_len, front);
        fsbb_back_times(d, parent, 0, back);
        fsbb_remaining_work(d, parent, front_len, 0, remain);
        const int unscheduled = n - front_len;
        int alive = 0;
        for (int i = front_len; i < n && pool->count < pool->capacity; i++) {
            const int lb = fsbb_lb1_forward_child(d, front, back, remain, unscheduled, parent[i]);
            if (lb >= ub)
                continue;
            memcpy(kid, parent, sizeof *kid * (size_t)n);
            kid[front_len] = parent[i];
            kid[i] = parent[front_len];
            fsbb_gpu_pool_put(pool, pool->count++, kid, front_len + 1, 0);
            children[alive++] = (child){.position = i, .lb = lb};
        }
        if (unscheduled == 1)
            continue;
        if (order == FSBB_POOL_ORDER_DFS)
            qsort(children, (size_t)alive, sizeof *children, compare_lb_descending);
        for (int c = 0; c < alive; c++) {
            const int i = children[c].position;
            memcpy(kid, parent, sizeof *kid * (size_t)n);
            kid[front_len] = parent[i];
            kid[i] = parent[front_len];
            push(&open, kid, front_len + 1);
        }
    }
    free(open.perm);
    free(open.front_len);
    free(scratch);
    free(children);
    free(parent);
    free(kid);
    return FSBB_OK;
}
