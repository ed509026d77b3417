/* resident_device.h — the device side of the resident engine as plain C: a node pool in
 * device memory with the instance tables, the iterations that branch it in place, host
 * memory for nodes spilled from a full pool, and the recorded best schedule. The search
 * loop (resident_search_cuda.c) drives it; resident_device.cu implements it. */
#ifndef FSBB_RESIDENT_DEVICE_H
#define FSBB_RESIDENT_DEVICE_H

#include "bound_data.h"
#include "census.h"
#include "host_device.h"
#include "lb_auto.h"
#include "flowshopbb.h"
#include "node.h"
#include "options.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fsbb_resident_device fsbb_resident_device;

/* Depth buckets of the per-depth counters (a node's depth: its scheduled jobs, 0..n): those
 * of lb_auto.h. */
#define FSBB_RESIDENT_DEPTH_BUCKETS FSBB_LB_AUTO_DEPTHS
/* The sparsest sample of LB1 survivors a depth bucket refines (the kernel mixes 12 bits of
 * a survivor's hash). */
#define FSBB_RESIDENT_MAX_SAMPLE 4096

/* Whether the kernel takes a sample of 1 in `sample` survivors: a power of 2 up to
 * FSBB_RESIDENT_MAX_SAMPLE. */
static inline int fsbb_resident_sample_valid(int sample)
{
    return sample >= 1 && sample <= FSBB_RESIDENT_MAX_SAMPLE && (sample & (sample - 1)) == 0;
}

FSBB_HOST_DEVICE int fsbb_resident_depth_bucket(int depth, int n)
{
    return fsbb_lb_auto_bucket(depth, n);
}

/* A refine stage counts as fed where its queue holds FSBB_RESIDENT_FED_CHILDREN children for
 * each lane group of the block: its cost per refinement is then close to what a depth refined
 * in full pays. With one a group, the stage lasts as long as its dearest child. With two,
 * r20x20_2020032 took its slower path in 3 of 30 searches against 12 of 30 on an H100
 * (1.05-1.09x its faster path's time), in 4 of 13 against 6 of 13 on an H200; the sum over
 * the 35 instances unchanged (results/lb-auto/gain/, "Session 21"). */
#define FSBB_RESIDENT_FED_CHILDREN 2

/* What the refining kernels (--lb lb2 and auto) count, per depth bucket of the child (of
 * the parent, for branched), since the device was made: the measurements behind --lb auto
 * (lb_auto.h) and the refined fraction of the result. Cycles are warp-cycles (clock64
 * differences times the lanes' share of a warp). */
typedef struct fsbb_resident_depth_stats {
    unsigned long long branched[FSBB_RESIDENT_DEPTH_BUCKETS];   /* parents branched */
    unsigned long long survivors[FSBB_RESIDENT_DEPTH_BUCKETS];  /* children with LB1 < ub (chosen direction) */
    unsigned long long refined[FSBB_RESIDENT_DEPTH_BUCKETS];    /* of which refined by LB2 */
    unsigned long long pruned[FSBB_RESIDENT_DEPTH_BUCKETS];     /* of which LB2 reached ub */
    unsigned long long lb2_cycles[FSBB_RESIDENT_DEPTH_BUCKETS]; /* warp-cycles of those refinements */
    unsigned long long lb1_cycles, lb1_candidates;              /* the LB1 stage: warp-cycles, candidates */
    unsigned long long lb2_stage_cycles;                        /* the refine stage, idle lanes included */
    unsigned long long lb2_fed_stage_cycles, lb2_fed_child_cycles; /* the same and its refinements' own, over
                                                                     the fed stages (above) */
    /* auto's shadows (lb_auto.h): children LB2 cut, kept by depth bucket of the child, and
     * the work below them by the same bucket: LB1 candidates (unscheduled jobs of the
     * shadow nodes branched, counted by both kernels) and refinement warp-cycles */
    unsigned long long shadow_roots[FSBB_RESIDENT_DEPTH_BUCKETS];
    unsigned long long shadow_candidates[FSBB_RESIDENT_DEPTH_BUCKETS];
    unsigned long long shadow_cycles[FSBB_RESIDENT_DEPTH_BUCKETS];
    /* auto's probes (lb_auto.h): children LB2 cut, by their depth bucket, whose own LB1
     * survivors were counted, and those survivors */
    unsigned long long probes[FSBB_RESIDENT_DEPTH_BUCKETS];
    unsigned long long probe_children[FSBB_RESIDENT_DEPTH_BUCKETS];
} fsbb_resident_depth_stats;

/* One run of the search loop (fsbb_resident_device_run and what followed it), for a tracer
 * (fsbb_resident_tuning's on_run). */
typedef struct fsbb_resident_run_note {
    long long run;              /* 1, 2, ... */
    int refining;               /* the refining kernel ran (lb2, auto) */
    int iterations;             /* the iterations it launched */
    int depths_on;              /* auto: depth buckets the next run refines (0 when it is plain) */
    uint64_t nodes;             /* nodes branched in the run */
    double seconds;             /* the run's wall time, the host's look at the counters included */
    double fraction_done;       /* the tree's share done after it (census.h; -1 where not counted; with a
                                   party, of the device's part) */
    fsbb_lb_auto_outcome decision;  /* auto, after a refining run: what lb_auto.h's rule saw */
} fsbb_resident_run_note;

/* The knobs of the engine; zero in a field means its default. */
typedef struct fsbb_resident_tuning {
    int batch;                  /* most parents branched per iteration (default: by the job count) */
    long long pool_capacity;    /* device pool, in nodes (default: options->pool_size, else by free memory) */
    int initial_pool;           /* nodes the pool holds at first, growing to pool_capacity (default 1 << 20) */
    int grow_by_copy;           /* 1: the pool and the staging areas grow by allocation and copy instead of in
                                   place (device_arena.h; default 0) */
    int block_size;             /* threads per block of the branching kernel (default: options->block_size) */
    int chunk_candidates;       /* (parent, job) pairs a block branches at once (default: 4 * block_size, 2 * with LB2) */
    int registers;              /* register cap of the branching kernel: 64, 80, 96 or 128 (default 96) */
    int iterations_per_sync;    /* iterations launched between two looks at the counters (default 16) */
    int use_graph;              /* 1: replay the iterations as a CUDA graph; 0: plain launches */
    int lb2_group;              /* LB2: lanes per child, 8, 16 or 32 (default: by the pair count) */
    int auto_sample;            /* auto: refine 1 in auto_sample survivors where off (a power of 2 up to
                                   FSBB_RESIDENT_MAX_SAMPLE; default 1024) */
    int auto_shadow;            /* auto: keep 1 in this many of the children LB2 would cut at every depth as
                                   shadows, what a cut saves measured below them (a power of 2 up to
                                   FSBB_RESIDENT_MAX_SAMPLE; default 1024; negative: none, the prior alone) */
    int auto_probe;             /* auto: probe 1 in this many of the children LB2 would cut at every depth, their
                                   own LB1 survivors counted (a power of 2 up to FSBB_RESIDENT_MAX_SAMPLE;
                                   default 256; negative: none) */
    int auto_explore_sample;    /* auto: refine 1 in this many survivors at a depth not yet decided (a power of
                                   2 up to FSBB_RESIDENT_MAX_SAMPLE; default 16; 1: every survivor until the
                                   depth is decided) */
    double auto_gain;           /* auto: lb_auto.h's gain (default: resident_search_cuda.c's) */
    double auto_shadow_weight;  /* auto: lb_auto.h's shadow_weight (default: lb_auto.h's) */
    double auto_probe_weight;   /* auto: lb_auto.h's probe_weight (default: lb_auto.h's) */
    double auto_overhead;       /* auto: the refining kernel's extra cost, a share of the work, that the
                                   depths switched on must save (default: resident_search_cuda.c's; a
                                   large negative value keeps the refining kernel throughout) */
    int auto_first_run;         /* auto: iterations of the first refining run (default 1; negative:
                                   iterations_per_sync) */
    int auto_look_run;          /* auto: iterations of a refining run after plain runs (default 4;
                                   negative: iterations_per_sync); a refining run that pays doubles
                                   the next one's, up to iterations_per_sync */
    int auto_longest_gap;       /* auto: the most plain runs between two refining runs (default 64) */
    void (*on_run)(void *user, const fsbb_resident_run_note *note);  /* after every run (NULL: none) */
    void *on_run_user;
} fsbb_resident_tuning;

/* What a device runs: the bound, the branching, a node limit (0: none; iterations then stop
 * short of it) and the knobs, pool_capacity and block_size already resolved against the
 * solve's options (fsbb_search_gpu_resident_tuned). */
typedef struct fsbb_resident_config {
    fsbb_lb_kind lb;
    fsbb_branch_kind branch;
    uint64_t node_limit;
    fsbb_resident_tuning tuning;
} fsbb_resident_config;

/* Where the search stands after fsbb_resident_device_run. */
typedef struct fsbb_resident_state {
    long long device_nodes;     /* open nodes in the device pool */
    long long host_nodes;       /* open nodes spilled to host memory */
    uint64_t nodes, bounded;    /* counters since the device was made */
    int incumbent;
    int record_makespan;        /* makespan of the recorded schedule; INT_MAX when none */
    const fsbb_resident_depth_stats *depth;  /* the refining kernels' counts (NULL with LB1); valid until the next run */
} fsbb_resident_state;

/* Uploads the tables, allocates the pools and sets the incumbent. */
fsbb_status fsbb_resident_device_new(const fsbb_bound_data *d, const fsbb_resident_config *config, int incumbent,
                                     fsbb_resident_device **out, fsbb_error *err);
void fsbb_resident_device_free(fsbb_resident_device *device);

/* Adds open nodes (node.h layout, stride bytes apart) with their bounds to the pool. */
fsbb_status fsbb_resident_device_push(fsbb_resident_device *device, const fsbb_node *nodes, size_t stride,
                                      size_t count, fsbb_error *err);

/* Runs the run length's iterations (iterations_per_sync unless set shorter), then reads the
 * state; spills nodes to host memory when the pool nears its capacity and brings them back
 * when it runs low. */
fsbb_status fsbb_resident_device_run(fsbb_resident_device *device, fsbb_resident_state *state, fsbb_error *err);

/* Lowers the device's incumbent to ub, between runs, when ub is lower (a schedule found
 * off the device: the heuristic workers, another rank); never raises it. */
fsbb_status fsbb_resident_device_lower_incumbent(fsbb_resident_device *device, int ub, fsbb_error *err);

/* With --lb auto, from the next run on: LB2 refines 1 in sample[b] of the LB1 survivors at
 * depth bucket b (FSBB_RESIDENT_DEPTH_BUCKETS values, each a power of 2 up to
 * FSBB_RESIDENT_MAX_SAMPLE; 1: every one). Until it is called, every survivor. With
 * shadow_spacing (a power of 2 up to FSBB_RESIDENT_MAX_SAMPLE; 0: none), of the children
 * that LB2 cuts at bucket b, 1 in shadow_spacing / sample[b] (every one where sample[b] is
 * shadow_spacing or more) is kept as a shadow (lb_auto.h): 1 in shadow_spacing of the
 * survivors LB2 would cut, at every depth; a shadow's descendants are shadows too, and
 * neither the census nor the least open bound counts them. With probe_spacing (the same
 * kind; 0: none), 1 in probe_spacing of the survivors LB2 would cut is probed, on the same
 * terms: its own LB1 survivors counted (fsbb_resident_depth_stats' probes). */
fsbb_status fsbb_resident_device_set_refine(fsbb_resident_device *device, const int *sample, int shadow_spacing,
                                            int probe_spacing, fsbb_error *err);

/* With --lb auto, from the next run on: 1 runs the refining kernel (the samples of
 * set_refine, the per-depth counts), 0 the plain LB1 kernel, which neither
 * refines nor counts, but for the work below shadows (the other counts of
 * fsbb_resident_state then stay as they were). */
void fsbb_resident_device_use_refining(fsbb_resident_device *device, int refining);

/* From the next run on, runs of `iterations` iterations (0, or more than the tuning's
 * iterations_per_sync: iterations_per_sync). */
void fsbb_resident_device_set_run_length(fsbb_resident_device *device, int iterations);

/* Creates the CUDA context and loads the kernels a solve of m machines with bound lb will
 * launch, so that a later fsbb_resident_device_new finds them ready (a solver calls it on a
 * thread of its own while the CPU prepares the search). Returns FSBB_OK, or the CUDA error. */
fsbb_status fsbb_resident_warm_up(int m, fsbb_lb_kind lb, fsbb_error *err);

/* The recorded schedule (n jobs). */
fsbb_status fsbb_resident_device_record(fsbb_resident_device *device, fsbb_job *permutation, fsbb_error *err);

/* The smallest bound among the open nodes (INT_MAX when none). */
fsbb_status fsbb_resident_device_open_min(fsbb_resident_device *device, int *lb, fsbb_error *err);

/* Adds every open node (pool, staged children, spilled nodes) to census (census.h): the
 * device's by a kernel (resident_census.cuh), the spilled ones on the host (the device is
 * idle). */
fsbb_status fsbb_resident_device_census(fsbb_resident_device *dev, fsbb_census *census, fsbb_error *err);

/* Every open node (pool, staged children, spilled nodes) in the node.h layout, in a new
 * array of *count nodes fsbb_node_size(n) bytes apart (free it), for checkpoints; shadows
 * (set_refine) are left out, LB2 having proved them no better than the incumbent. */
fsbb_status fsbb_resident_device_export(fsbb_resident_device *device, unsigned char **nodes, size_t *count,
                                        fsbb_error *err);

/* For a party that trades nodes with the engine (work_exchange.h; the device is idle):
 * removes up to count of the oldest open nodes, the spilled ones first, then the pool's
 * bottom (the nearest the root), all of them when count covers every open node, and returns
 * them in the node.h layout in a new array of *taken nodes fsbb_node_size(n) bytes apart
 * (free it); shadows among them are dropped, as by export. */
fsbb_status fsbb_resident_device_take(fsbb_resident_device *device, size_t count, unsigned char **nodes,
                                      size_t *taken, fsbb_error *err);

/* The launch shape and sizes in use, and the totals so far. */
typedef struct fsbb_resident_shape {
    int batch, block_size, grid_size, iterations_per_sync;
    long long capacity;
    long long iterations, spilled_nodes;
} fsbb_resident_shape;
void fsbb_resident_device_shape(const fsbb_resident_device *device, fsbb_resident_shape *shape);

#ifdef __cplusplus
}
#endif

#endif
