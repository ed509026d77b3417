/* resident_layout.cuh — what the device-resident engine keeps in device memory: the node
 * layout of its pools, the control block the kernels and the host share, and the kernel
 * parameters.
 *
 * A device node carries, besides the permutation, the parent-independent state the bounds
 * need, so that branching a node reads it once and never replays its prefix or suffix:
 *     word 0        lb
 *     word 1        front_len | back_len << 16
 *     word 2        0, or with --lb auto in a shadow's subtree, the shadow root's depth
 *                   bucket + 1 (lb_auto.h, resident_device.h's set_refine)
 *     word 3        zero
 *     [4, 4+M4)     front[k]   completion times of the prefix (lb1.h)
 *     [.., +M4)     back[k]    suffix lengths
 *     [.., +M4)     remain[k]  work of the unscheduled jobs
 *     [perm, ..)    the permutation, n int16 (fsbb_job), two to a word
 * M4 is m rounded up to 4 and the stride a multiple of 4 words, so rows are 16-byte
 * vectors. The words past m in a row are padding and never read as values. A block copies
 * the parents of its chunk into shared memory, the whole node when parents_cap of them fit
 * the copy budget, else words [0, perm). */
#ifndef FSBB_RESIDENT_LAYOUT_CUH
#define FSBB_RESIDENT_LAYOUT_CUH

#include "bound_data.h"
#include "lb2_lanes.cuh"
#include "resident_device.h"
#include "warp_scan.cuh"

#include <stdint.h>

/* The most machines the engine takes (the bound tables travel as kernel parameters). */
#define FSBB_RESIDENT_MAX_MACHINES 64
/* The most threads per block of the branching kernel. */
#define FSBB_RESIDENT_MAX_BLOCK 512

struct fsbb_resident_layout {
    int n, m, m4;
    int front, back, remain, perm;  /* word offsets inside a node */
    int stride;                     /* words per node */
};

static inline __host__ __device__ fsbb_resident_layout fsbb_resident_layout_of(int n, int m)
{
    fsbb_resident_layout l;
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
 * staging[parity ^ 1]. The host reads the whole block at every sync. */
struct fsbb_resident_control {
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
    fsbb_resident_depth_stats depth;  /* kernels that refine with LB2 only */
};

/* The branching kernel's shared memory (resident_branch.cuh), the TempStorage habit of CUB:
 * a struct for what each stage keeps, unioned where the stages' lifetimes do not overlap.
 * The arrays sized by the instance and the launch live in dynamic shared memory, where
 * fsbb_resident_shared_layout places them (int offsets, each a multiple of 4 so that rows
 * are 16-byte vectors); their lifetimes all overlap (a sub-chunk's candidates are read
 * again by its last stage), so they are not unioned. */
struct fsbb_resident_shared_layout {
    int table;        /* n * m4: the processing times by job, table[job * m4 + k] (the whole kernel) */
    int nodes;        /* parents_cap * node_words: the chunk's parents, copied (a chunk) */
    int node_words;   /* words copied of each parent: the whole node, or up to its permutation */
    int parents_cap;  /* most parents in a chunk */
    int offsets;      /* parents_cap + 1: first candidate of each parent (a chunk) */
    int forward;      /* parents_cap: 1 when a parent branches forward (a sub-chunk, from stage 3) */
    int lb_forward;   /* cap: bounds of the forward children of a sub-chunk (stages 2-5) */
    int lb_backward;  /* cap: bounds of the backward children (stages 2-5) */
    int parent_of;    /* cap: chunk parent of each candidate (stages 2-5) */
    int job_of;       /* cap: the job each candidate moves (stages 2-5) */
    int queue;        /* cap: candidates waiting for LB2 (stages 4-5), then -1 - r marks for probes */
    int write_stacks; /* a CCC stack of 2 x 32 words a warp: children waiting to be written (a chunk) */
    int group_rows;   /* groups * m4: a child's new front or back, per lane group (stage 5) */
    int group_flags;  /* groups * flag_words: a child's unscheduled jobs as flags, per lane group (stage 5) */
    int flag_words;   /* n bytes, in words rounded up to 4 */
    int depth_stats;  /* FSBB_STAT_WORDS unsigned: the block's counts (refining kernels, resident_branch.cuh) */
    int groups;       /* lane groups of the refine stage */
    int chunk_candidates; /* (parent, job) pairs a chunk aims at */
    int cap;          /* candidates per sub-chunk */
    int total;        /* ints */
};

/* The fixed-size part, in static shared memory. `take` holds the chunk a block took and
 * the incumbent it bounds against, read by every thread after the barrier that follows
 * its writing. The rest is one stage's at a time: the stage-1 block scan of the parents'
 * open jobs, the stage-4/5 LB2 queue (first written after the barrier that ends stage 1),
 * and the block's counters at the end (first written after the barrier at the top of the
 * chunk loop that found no chunk left). */
struct fsbb_resident_static_storage {
    struct {
        int chunk, ub;
    } take;
    union {
        struct {
            fsbb_block_scan_storage scan;
        } parents;
        struct {
            int queued;       /* candidates in the LB2 queue */
            int taken;        /* of which a lane group took */
            int probes_marked;  /* 1: the refine stage marked children for probes */
        } prune;
        struct {
            unsigned long long nodes, bounded;
            int last_block;   /* 1 in the block that finished the iteration last */
        } count;
    } stage;
};

struct fsbb_resident_params {
    fsbb_resident_layout layout;
    fsbb_resident_shared_layout shared;
    int branch;                 /* fsbb_branch_kind */
    int lb2_group;              /* lanes per child in the refine stage: 8, 16 or 32 */
    int batch_limit;            /* most parents per iteration */
    int capacity;               /* device pool, nodes (each staging area: batch_limit * n) */
    unsigned long long node_limit;  /* 0: none */
    int *pool;
    int *staging[2];            /* children of alternate iterations */
    fsbb_resident_control *control;
    const int *refine_mask;     /* FSBB_RESIDENT_DEPTH_BUCKETS: an LB1 survivor there is refined when its
                                   hash & mask is 0 (0: every survivor; 2^k - 1: 1 in 2^k) */
    const int *shadow_mask;     /* FSBB_RESIDENT_DEPTH_BUCKETS: a child LB2 cuts there becomes a shadow when
                                   another hash & mask is 0 (-1: never; resident_device.h's set_refine) */
    const int *probe_mask;      /* FSBB_RESIDENT_DEPTH_BUCKETS: a child LB2 cuts there is probed when a third
                                   hash & mask is 0 (-1: never; set_refine) */
    fsbb_job *record;           /* n: the recorded schedule */
    const int *p;               /* n x m4 processing times by job (table[job * m4 + k]), zero padded */
    fsbb_lb2_lane_tables lb2;   /* the refine stage's LB2 tables (lb2_lanes.cuh) */
    int head[FSBB_RESIDENT_MAX_MACHINES], tail[FSBB_RESIDENT_MAX_MACHINES], shortest[FSBB_RESIDENT_MAX_MACHINES];
};

#endif
