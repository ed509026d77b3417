/* resident_search.h — the device-resident GPU engine (resident_search_cuda.c over
 * resident_device.cu): its entry in the engine table (engine.h), and its knobs and counters
 * for its tests and benchmarks. CUDA builds only. */
#ifndef FSBB_RESIDENT_SEARCH_H
#define FSBB_RESIDENT_SEARCH_H

#include "resident_device.h"
#include "search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What one run did, beyond the search's own counters. */
typedef struct fsbb_resident_stats {
    long long iterations;       /* branching kernels launched */
    long long syncs;            /* times the host read the counters */
    long long spilled_nodes;    /* nodes moved from the device pool to host memory */
    long long peak_pool;        /* most nodes in the device pool at a sync */
    long long pool_capacity;    /* the device pool's size, in nodes */
    int batch;                  /* parents per iteration used */
    int block_size, grid_size;  /* the branching kernel's launch shape */
    double warm_start_s;        /* the CPU start without an upper bound (warm_start.h) */
    long long warm_start_nodes; /* nodes it branched */
    double setup_s;             /* allocation and upload before the first iteration */
    double search_s;            /* from the first iteration to the end */
    long long refining_syncs;   /* syncs whose iterations ran the refining kernel (lb2, auto) */
    int refine[FSBB_RESIDENT_DEPTH_BUCKETS];  /* --lb auto: the refine switches at the end */
    fsbb_resident_depth_stats depth;          /* lb2, auto: the refining kernels' counts at the end */
} fsbb_resident_stats;

/* The search kept in device memory with fused branch-and-bound kernels, with the defaults
 * below; FSBB_OK when it ended or a limit or interrupt stopped it. */
fsbb_status fsbb_search_gpu_resident(fsbb_search *search, fsbb_error *err);

/* fsbb_search_gpu_resident with explicit knobs; tuning and stats may be NULL. */
fsbb_status fsbb_search_gpu_resident_tuned(fsbb_search *search, const fsbb_resident_tuning *tuning,
                                           fsbb_resident_stats *stats, fsbb_error *err);

#ifdef __cplusplus
}
#endif

#endif
