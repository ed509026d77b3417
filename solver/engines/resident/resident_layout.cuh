/* resident_layout.cuh — what the device-resident engine keeps in device memory: the node
 * layout of its pools, the control block the kernels and the host share, and the kernel
 * parameters.
 *
 * A device node carries, besides the permutation, the parent-independent state the bounds
 * need, so that branching a node reads it once and never replays its prefix or suffix:
 *     word 0        lb
 *     word 1        front_len | back_len << 16
 *     words 2, 3    zero
 *     [4, 4+M4)     front[k]   completion times of the prefix (lb1.h)
 *     [.., +M4)     back[k]    suffix lengths
 *     [.., +M4)     remain[k]  work of the unscheduled jobs
 *     [perm, ..)    the permutation, n int16 (fsbb_job), two to a word
 * M4 is m rounded up to 4 and the stride a multiple of 4 words, so rows are 16-byte
 * vectors. The words past m in a row are padding and never read as values. */
#ifndef FSBB_GPU_RESIDENT_NODE_CUH
#define FSBB_GPU_RESIDENT_NODE_CUH

#include "bound_data.h"

#include <stdint.h>

/* The most machines the engine takes (the bound tables travel as kernel parameters). */
#define RESIDENT_MAX_MACHINES 64
/* The most threads per block of the branching kernel. */
#define RESIDENT_MAX_BLOCK 512

struct resident_layout {
    int n, m, m4;
    int front, back, remain, perm;  /* word offsets inside a node */
    int stride;                     /* words per node */
};

static inline __host__ __device__ resident_layout resident_layout_of(int n, int m)
{
    resident_layout l;
    l.n = n;
    l.m = m;
    l.m4 = (m + 3) / 4 * 4;
    l.front = 4;
    l.back = l.front + l.m4;
    l.remain = l.back + l.m4;
    l.perm = l.remain + l.m4;
    l.stride = (l.perm + (n + 1) / 2 + 3) / 4 * 4;
    return l;
}

/* Shared by the kernel and the host. The open nodes are the pool's top nodes and, above
 * them, the staged children of the last iteration in staging[parity]. An iteration branches
 * batch parents: the pool's top from_pool nodes and the staged children from excess on;
 * the staged children before excess move onto the pool; the new children go to
 * staging[parity ^ 1]. */
struct resident_control {
    int top;                   /* nodes in the device pool */
    int staged;                /* children of the last iteration, in staging[parity] */
    int parity;
    int batch;                 /* parents of the next iteration */
    int from_pool;             /* of which from the pool's top */
    int excess;                /* staged children that move onto the pool */
    int parents_per_chunk;     /* parents a block takes at once */
    int children;              /* children written by the running iteration */
    int next_chunk;            /* the next chunk of parents a block takes */
    unsigned finished_blocks;  /* blocks of the running iteration done */
    int incumbent;             /* best makespan known (atomicMin) */
    int record_lock;           /* guards record_makespan and the record permutation */
    int record_makespan;       /* makespan of the recorded schedule; INT_MAX when none */
    int open_min;              /* smallest bound among the open nodes (filled on demand) */
    unsigned long long nodes;  /* parents branched, leaves included */
    unsigned long long bounded;/* bounds computed */
};

/* Where each array lives in the branching kernel's dynamic shared memory (int offsets). */
struct resident_shared_layout {
    int table;        /* n * m: the processing times */
    int offsets;      /* block + 1: candidate offsets of the chunk's parents */
    int info;         /* block: front_len | back_len << 16 of each parent */
    int forward;      /* block: 1 when a parent branches forward */
    int lb_forward;   /* cap: bounds of the forward children of a sub-chunk */
    int lb_backward;  /* cap: bounds of the backward children */
    int parent_of;    /* cap: chunk parent of each candidate */
    int queue;        /* cap: candidates waiting for LB2 */
    int warp_child;   /* warps * m4: a child's new front or back, per warp (LB2) */
    int warp_flags;   /* warps * flag_words: a child's unscheduled jobs, per warp (LB2) */
    int flag_words;
    int misc;         /* 64: scan scratch, the chunk, its incumbent, the queue length, first parent's jobs */
    int cap;          /* candidates per sub-chunk */
    int total;        /* ints */
};

enum { MISC_SCAN = 0, MISC_UB = 40, MISC_QUEUE = 41, MISC_CHUNK = 42, MISC_JOBS = 43, MISC_INTS = 64 };

struct resident_params {
    resident_layout layout;
    resident_shared_layout shared;
    int branch;                 /* fsbb_branch_kind */
    int lb2;                    /* 1: refine survivors with LB2 */
    int batch_limit;            /* most parents per iteration */
    int chunk_candidates;       /* (parent, job) pairs a block takes at once */
    int capacity;               /* device pool, nodes (each staging area: batch_limit * n) */
    unsigned long long node_limit;  /* 0: none */
    int *pool;
    int *staging[2];            /* children of alternate iterations */
    resident_control *control;
    fsbb_job *record;           /* n: the recorded schedule */
    const int *p;               /* m x n processing times */
    const int *min_head, *min_tail, *min_p;  /* m each, global copies (LB2 reads them by pointer) */
    int pair_count;
    const int *pair_first, *pair_second, *johnson_order, *lag;
    int head[RESIDENT_MAX_MACHINES], tail[RESIDENT_MAX_MACHINES], shortest[RESIDENT_MAX_MACHINES];
};

#endif
