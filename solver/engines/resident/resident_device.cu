/* resident_device.cu — the device object of the resident engine (resident_device.h):
 * tables, the pool and two staging areas in device memory, the launch of the iterations
 * (plain launches or a replayed CUDA graph), the growth of the pool and of the batch, the
 * spill of the pool's oldest nodes to host memory when it nears its largest size and their
 * return when it runs low; with LB2, the pair tables of the refine stage and the per-depth
 * refine samples of --lb auto, which also holds the plain LB1 kernel and runs it while no
 * depth refines (fsbb_resident_device_use_refining). The kernels are in
 * resident_branch.cuh and resident_plan.cuh. */
#include "resident_device.h"

#include "resident_branch.cuh"
#include "resident_census.cuh"
#include "lb2_lanes.cuh"
#include "resident_plan.cuh"
#include "lb1.h"

#include "cuda_check.h"
#include "device_arena.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

enum {
    DEFAULT_ITERATIONS_PER_SYNC = 16,
    DEFAULT_BLOCK = 256,
    /* 96 registers leave 5 blocks of 128 a multiprocessor where 80 left 6, but no spills:
     * on the H100 ta023 ran 1.293 s at 80 and 1.282 at 96 (chunks of 4 blocks), LB2 on
     * r20x20_2020019 1.424 and 1.326. */
    DEFAULT_REGISTERS = 96,
    /* Candidates a chunk aims at, in blocks: more make fewer sub-chunks and barriers for
     * LB1 (ta023 1.338 -> 1.293 s, ta051 35 % more nodes in 1.8 s); the refining kernel's
     * LB2 stage is slower with them (r20x20_2020019 1.33 -> 1.57 s). */
    PLAIN_CHUNK_BLOCKS = 4,
    REFINING_CHUNK_BLOCKS = 2,
    REDUCE_BLOCK = 256,
    /* Candidates (parent, job) an iteration aims at, when the batch is by the job count
     * (the pool's capacity bounds it too: a batch's children fit half the pool). Each
     * launch ends with a tail where the last chunks run on few multiprocessors, so fewer,
     * larger iterations pay: on ta023 (H100) 1 << 22 candidates ran at 1.70 G nodes/s,
     * 1 << 23 at 1.86 and 1 << 24 (capped by the pool at 706,409 parents) at 1.93. */
    CANDIDATES_PER_ITERATION = 1 << 24,
    LARGEST_DEFAULT_BATCH = 1 << 20,
    INITIAL_POOL_NODES = 1 << 20,
    INITIAL_BATCH = 1 << 14,
    SMALLEST_BATCH = 256,
    /* Shared memory for a chunk's parents; more than this and only their rows are copied. */
    PARENT_COPY_BYTES = 24 << 10,
    MIN_WHOLE_PARENTS = 32,
};
/* The default pool takes half the free device memory, up to this. */
static const size_t DEFAULT_POOL_BYTES = (size_t)8 << 30;

typedef void (*branch_kernel)(fsbb_resident_params);

/* A branching kernel with its shared memory and grid. */
struct branch_launch {
    branch_kernel kernel;
    fsbb_resident_shared_layout shared;
    size_t shared_bytes;
    int grid;
};

enum { PLAIN_KERNEL, REFINING_KERNEL };

struct fsbb_resident_device {
    const fsbb_bound_data *data;  /* the caller's tables (host) */
    fsbb_resident_params prm;
    int *tables;                  /* device: the processing times by job */
    void *lb2_tables;             /* device: pair tables and refine masks (refining only) */
    int refining;                 /* --lb lb2 or auto: the kernels refine with LB2 */
    branch_launch launches[2];    /* PLAIN_KERNEL (lb1 and auto), REFINING_KERNEL (lb2 and auto) */
    int active;                   /* the one the iterations launch */
    int block, reduce_grid, iterations_per_sync, use_graph;
    int run_iterations;           /* iterations of the next run (at most iterations_per_sync) */
    size_t node_bytes;
    cudaStream_t stream;
    cudaGraphExec_t graph;
    fsbb_resident_control *state;      /* pinned mirror of the control block */
    unsigned char *spill;         /* host: spilled nodes, device layout */
    size_t spill_count, spill_capacity;
    long long spilled_total, iterations;
    long long max_capacity;       /* the pool grows up to this many nodes, then spills */
    int max_batch;                /* the batch grows up to this many parents */
    int staging_batch;            /* parents whose children the staging areas hold */
    fsbb_device_arena *pool_arena;     /* the pool's memory, grown in place (device_arena.h) */
    fsbb_device_arena *staging_arena[2];  /* the staging areas' */
    unsigned long long *census;   /* device: n + 1 counts by depth, then the least bound (census only) */
    unsigned long long *census_host;  /* pinned: their copy */
};

template <int REGISTERS, bool REFINE> static branch_kernel kernel_with(int m)
{
    switch (m) {
    case 5: return fsbb_resident_branch<5, REGISTERS, REFINE>;
    case 10: return fsbb_resident_branch<10, REGISTERS, REFINE>;
    case 20: return fsbb_resident_branch<20, REGISTERS, REFINE>;
    default: return fsbb_resident_branch<0, REGISTERS, REFINE>;
    }
}

/* The branching kernel for m machines under a register cap (64, 80, 96 or 128 a thread),
 * refining with LB2 or not. */
static branch_kernel kernel_for(int m, int registers, int refine)
{
    switch (registers) {
    case 64: return refine ? kernel_with<64, true>(m) : kernel_with<64, false>(m);
    case 80: return refine ? kernel_with<80, true>(m) : kernel_with<80, false>(m);
    case 96: return refine ? kernel_with<96, true>(m) : kernel_with<96, false>(m);
    default: return refine ? kernel_with<128, true>(m) : kernel_with<128, false>(m);
    }
}

static int round4(int x)
{
    return (x + 3) / 4 * 4;
}

static fsbb_resident_shared_layout shared_layout(int n, int m, int block, int chunk, int refine, int group)
{
    const fsbb_resident_layout l = fsbb_resident_layout_of(n, m);
    fsbb_resident_shared_layout s;
    int at = 0;
    /* Half a parent per thread (a parent has two candidates at least), as many as the copy
     * budget holds whole; with fewer than MIN_WHOLE_PARENTS whole ones, only their rows. */
    const int most = block / 2 > 1 ? block / 2 : 1;
    const int whole = (int)(PARENT_COPY_BYTES / (sizeof(int) * (size_t)l.stride));
    const int rows = (int)(PARENT_COPY_BYTES / (sizeof(int) * (size_t)l.perm));
    s.node_words = whole >= most || whole >= MIN_WHOLE_PARENTS ? l.stride : l.perm;
    s.parents_cap = s.node_words == l.stride ? (whole < most ? whole : most) : (rows < most ? rows : most);
    s.parents_cap = s.parents_cap > 1 ? s.parents_cap : 1;
    s.cap = 2 * block > n ? 2 * block : n;
    s.cap = chunk > s.cap ? chunk : s.cap;
    s.chunk_candidates = chunk;
    s.groups = refine ? block / group : 0;
    s.flag_words = round4((n + 3) / 4);
    s.table = at, at += round4(n * l.m4);
    s.nodes = at, at += s.parents_cap * s.node_words;
    s.offsets = at, at += round4(s.parents_cap + 1);
    s.forward = at, at += round4(s.parents_cap);
    s.lb_forward = at, at += round4(s.cap);
    s.lb_backward = at, at += round4(s.cap);
    s.parent_of = at, at += round4(s.cap);
    s.job_of = at, at += round4(s.cap);
    s.queue = at, at += refine ? round4(s.cap) : 0;
    s.write_stacks = at, at += block / FSBB_WARP_SIZE * 2 * FSBB_WARP_SIZE;
    s.group_rows = at, at += s.groups * l.m4;
    s.group_flags = at, at += s.groups * s.flag_words;
    s.depth_stats = at, at += refine ? round4(FSBB_STAT_WORDS) : 0;
    s.total = at;
    return s;
}

/* The processing times by job, m4 a row, zero padded. */
static fsbb_status upload_times(fsbb_resident_device *dev, fsbb_error *err)
{
    const fsbb_bound_data *d = dev->data;
    const int n = d->n, m = d->m, m4 = dev->prm.layout.m4;
    int *by_job = (int *)calloc((size_t)n * (size_t)m4, sizeof(int));
    if (!by_job)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the processing times");
    for (int j = 0; j < n; j++)
        for (int k = 0; k < m; k++)
            by_job[j * m4 + k] = d->p[k * n + j];
    cudaError_t status = cudaMalloc((void **)&dev->tables, sizeof(int) * (size_t)n * (size_t)m4);
    if (status == cudaSuccess)
        status = cudaMemcpy(dev->tables, by_job, sizeof(int) * (size_t)n * (size_t)m4, cudaMemcpyHostToDevice);
    free(by_job);
    if (status != cudaSuccess)
        return fsbb_cuda_fail(err, status, "the processing times");
    dev->prm.p = dev->tables;
    for (int k = 0; k < m; k++) {
        dev->prm.head[k] = d->min_head[k];
        dev->prm.tail[k] = d->min_tail[k];
        dev->prm.shortest[k] = d->min_p[k];
    }
    return FSBB_OK;
}

/* With LB2 (lb2 or auto): the pair tables, the refine masks (all 0: every survivor) and
 * the shadow masks (all -1: none), in one allocation, each part 16-byte aligned. */
static fsbb_status upload_refine_tables(fsbb_resident_device *dev, fsbb_error *err)
{
    const fsbb_bound_data *d = dev->data;
    const int n = d->n, pairs = d->pair_count > 0 ? d->pair_count : 1;
    const size_t steps = sizeof(int4) * (size_t)n * pairs;
    const size_t machines = ((sizeof(int2) * (size_t)pairs) + 15) / 16 * 16;
    const size_t masks = 3 * sizeof(int) * FSBB_RESIDENT_DEPTH_BUCKETS;
    unsigned char *host = (unsigned char *)calloc(1, steps + machines + masks);
    if (!host)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the LB2 tables");
    fsbb_lb2_fill_lane_tables(d, (int4 *)host, (int2 *)(host + steps));
    int *no_shadows_nor_probes = (int *)(host + steps + machines) + FSBB_RESIDENT_DEPTH_BUCKETS;
    for (int b = 0; b < 2 * FSBB_RESIDENT_DEPTH_BUCKETS; b++)
        no_shadows_nor_probes[b] = -1;
    cudaError_t status = cudaMalloc(&dev->lb2_tables, steps + machines + masks);
    if (status == cudaSuccess)
        status = cudaMemcpy(dev->lb2_tables, host, steps + machines + masks, cudaMemcpyHostToDevice);
    free(host);
    if (status != cudaSuccess)
        return fsbb_cuda_fail(err, status, "the LB2 tables");
    unsigned char *at = (unsigned char *)dev->lb2_tables;
    fsbb_lb2_lane_tables *t = &dev->prm.lb2;
    t->steps = (const int4 *)at;
    t->pair_machines = (const int2 *)(at + steps);
    t->pairs = d->pair_count;
    dev->prm.refine_mask = (const int *)(at + steps + machines);
    dev->prm.shadow_mask = dev->prm.refine_mask + FSBB_RESIDENT_DEPTH_BUCKETS;
    dev->prm.probe_mask = dev->prm.shadow_mask + FSBB_RESIDENT_DEPTH_BUCKETS;
    return FSBB_OK;
}

static int default_batch(int n)
{
    const int batch = CANDIDATES_PER_ITERATION / n;
    return batch < 64 ? 64 : batch > LARGEST_DEFAULT_BATCH ? LARGEST_DEFAULT_BATCH : batch;
}

static fsbb_status configure_launch(fsbb_resident_device *dev, const fsbb_resident_config *config, fsbb_error *err)
{
    const fsbb_bound_data *d = dev->data;
    int device = 0, sm_count = 0, shared_optin = 0;
    FSBB_CUDA_TRY(cudaGetDevice(&device));
    FSBB_CUDA_TRY(cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device));
    FSBB_CUDA_TRY(cudaDeviceGetAttribute(&shared_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    dev->block = config->tuning.block_size > 0 ? config->tuning.block_size : DEFAULT_BLOCK;
    if (dev->block % 32 != 0 || dev->block < 32 || dev->block > FSBB_RESIDENT_MAX_BLOCK)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "the resident GPU engine takes 32 to %d threads per block, in "
                         "multiples of 32 (got %d)", FSBB_RESIDENT_MAX_BLOCK, dev->block);
    const int group = config->tuning.lb2_group > 0 ? config->tuning.lb2_group : fsbb_lb2_lane_group_size(d->pair_count);
    if (group != 8 && group != 16 && group != 32)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "the resident GPU engine refines with 8, 16 or 32 lanes a child "
                         "(got %d)", group);
    dev->prm.lb2_group = group;
    const int registers = config->tuning.registers > 0 ? config->tuning.registers : DEFAULT_REGISTERS;
    if (registers != 64 && registers != 80 && registers != 96 && registers != 128)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "the resident GPU engine caps registers at 64, 80, 96 or 128 (got %d)",
                         registers);
    for (int refine = 0; refine <= 1; refine++) {
        if (refine ? config->lb == FSBB_LB1 : config->lb == FSBB_LB2)
            continue;
        branch_launch *launch = &dev->launches[refine ? REFINING_KERNEL : PLAIN_KERNEL];
        const int chunk = config->tuning.chunk_candidates > 0 ? config->tuning.chunk_candidates
                          : (refine ? REFINING_CHUNK_BLOCKS : PLAIN_CHUNK_BLOCKS) * dev->block;
        launch->shared = shared_layout(d->n, d->m, dev->block, chunk, refine, group);
        launch->shared_bytes = (size_t)launch->shared.total * sizeof(int);
        if (launch->shared_bytes > (size_t)shared_optin - 1024)
            return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                             "a %d x %d instance needs %zu bytes of shared memory per block; this GPU has %d", d->n,
                             d->m, launch->shared_bytes, shared_optin);
        launch->kernel = kernel_for(d->m, registers, refine);
        FSBB_CUDA_TRY(cudaFuncSetAttribute((const void *)launch->kernel,
                                          cudaFuncAttributeMaxDynamicSharedMemorySize, (int)launch->shared_bytes));
        int per_sm = 0;
        FSBB_CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, (const void *)launch->kernel, dev->block,
                                                                   launch->shared_bytes));
        launch->grid = sm_count * (per_sm > 0 ? per_sm : 1);
    }
    /* lb2 and auto start refining (auto: every depth on until the evidence says otherwise). */
    dev->active = dev->refining ? REFINING_KERNEL : PLAIN_KERNEL;
    dev->prm.shared = dev->launches[dev->active].shared;
    dev->reduce_grid = sm_count * 4;
    dev->iterations_per_sync = config->tuning.iterations_per_sync > 0 ? config->tuning.iterations_per_sync
                                                               : DEFAULT_ITERATIONS_PER_SYNC;
    dev->run_iterations = dev->iterations_per_sync;
    dev->use_graph = config->tuning.use_graph;
    return FSBB_OK;
}

static fsbb_status allocate_pools(fsbb_resident_device *dev, const fsbb_resident_config *config, fsbb_error *err)
{
    const int n = dev->data->n;
    fsbb_resident_params *prm = &dev->prm;
    size_t free_bytes = 0, total_bytes = 0;
    FSBB_CUDA_TRY(cudaMemGetInfo(&free_bytes, &total_bytes));
    long long capacity = config->tuning.pool_capacity;
    if (capacity <= 0) {
        size_t bytes = free_bytes / 2 < DEFAULT_POOL_BYTES ? free_bytes / 2 : DEFAULT_POOL_BYTES;
        capacity = (long long)(bytes / dev->node_bytes);
    }
    if (capacity < 8LL * n + 64)
        capacity = 8LL * n + 64;
    if (capacity > INT_MAX / 2)
        capacity = INT_MAX / 2;
    long long batch = config->tuning.batch > 0 ? config->tuning.batch : default_batch(n);
    if (batch > capacity / (2LL * n))
        batch = capacity / (2LL * n);
    if (batch < 1)
        batch = 1;
    dev->max_capacity = capacity;
    dev->max_batch = (int)batch;
    /* Small at first (allocation time counts in small solves); grown when the pool fills. */
    const long long initial = config->tuning.initial_pool > 0 ? config->tuning.initial_pool : INITIAL_POOL_NODES;
    prm->capacity = (int)(capacity < initial ? capacity : initial);
    prm->batch_limit = batch < INITIAL_BATCH ? (int)batch : INITIAL_BATCH;
    if (prm->batch_limit > prm->capacity / (2 * n))
        prm->batch_limit = prm->capacity / (2 * n) > 0 ? prm->capacity / (2 * n) : 1;
    const int in_place = !config->tuning.grow_by_copy;
    fsbb_status status = fsbb_device_arena_new((size_t)capacity * dev->node_bytes,
                                               (size_t)prm->capacity * dev->node_bytes, in_place, &dev->pool_arena, err);
    if (status != FSBB_OK)
        return status;
    prm->pool = (int *)fsbb_device_arena_base(dev->pool_arena);
    dev->staging_batch = prm->batch_limit;
    for (int b = 0; b < 2; b++) {
        status = fsbb_device_arena_new((size_t)batch * (size_t)n * dev->node_bytes,
                                       (size_t)prm->batch_limit * (size_t)n * dev->node_bytes, in_place,
                                       &dev->staging_arena[b], err);
        if (status != FSBB_OK)
            return status;
        prm->staging[b] = (int *)fsbb_device_arena_base(dev->staging_arena[b]);
    }
    FSBB_CUDA_TRY(cudaMalloc((void **)&prm->control, sizeof(fsbb_resident_control)));
    FSBB_CUDA_TRY(cudaMalloc((void **)&prm->record, sizeof(fsbb_job) * (size_t)n));
    FSBB_CUDA_TRY(cudaMallocHost((void **)&dev->state, sizeof(fsbb_resident_control)));
    return FSBB_OK;
}

/* The kernels' parameters changed: a captured graph no longer holds. */
static void drop_graph(fsbb_resident_device *dev)
{
    if (dev->graph)
        cudaGraphExecDestroy(dev->graph);
    dev->graph = NULL;
}

/* A four times larger pool (up to the largest), the open nodes kept; returns 0 when the
 * device has no memory for it (the pool then stays and spills). */
static int grow_pool(fsbb_resident_device *dev)
{
    fsbb_resident_params *prm = &dev->prm;
    const long long wanted = 4LL * prm->capacity < dev->max_capacity ? 4LL * prm->capacity : dev->max_capacity;
    fsbb_error err;
    if (fsbb_device_arena_grow(dev->pool_arena, (size_t)wanted * dev->node_bytes,
                               (size_t)dev->state->top * dev->node_bytes, dev->stream, &err) != FSBB_OK) {
        dev->max_capacity = prm->capacity;
        return 0;
    }
    prm->pool = (int *)fsbb_device_arena_base(dev->pool_arena);
    prm->capacity = (int)wanted;
    drop_graph(dev);
    return 1;
}

/* Moves the staged children onto the pool (they must fit). */
static fsbb_status flush_staged(fsbb_resident_device *dev, fsbb_error *err)
{
    fsbb_resident_control *s = dev->state;
    FSBB_CUDA_TRY(cudaMemcpyAsync(dev->prm.pool + (size_t)s->top * dev->prm.layout.stride, dev->prm.staging[s->parity],
                                 (size_t)s->staged * dev->node_bytes, cudaMemcpyDeviceToDevice, dev->stream));
    FSBB_CUDA_TRY(cudaStreamSynchronize(dev->stream));
    s->top += s->staged;
    s->staged = 0;
    return FSBB_OK;
}

/* A larger batch (and staging areas) once the stack holds enough parents to fill it. */
static fsbb_status grow_batch(fsbb_resident_device *dev, fsbb_error *err)
{
    fsbb_resident_params *prm = &dev->prm;
    const int n = dev->data->n;
    long long wanted = 8LL * prm->batch_limit < dev->max_batch ? 8LL * prm->batch_limit : dev->max_batch;
    if (wanted > prm->capacity / (2LL * n))
        wanted = prm->capacity / (2LL * n);
    if (wanted <= prm->batch_limit)
        return FSBB_OK;
    if (wanted <= dev->staging_batch) {
        prm->batch_limit = (int)wanted;
        drop_graph(dev);
        return FSBB_OK;
    }
    if ((long long)dev->state->top + dev->state->staged > prm->capacity)
        return FSBB_OK;
    /* The staged children go onto the pool first: an area that cannot grow in place moves
     * and keeps nothing. */
    const fsbb_status status = flush_staged(dev, err);
    if (status != FSBB_OK)
        return status;
    fsbb_error no_room;
    const fsbb_status grown = fsbb_device_arena_grow_pair(dev->staging_arena[0], dev->staging_arena[1],
                                                          (size_t)wanted * (size_t)n * dev->node_bytes, dev->stream,
                                                          &no_room);
    for (int b = 0; b < 2; b++)
        prm->staging[b] = (int *)fsbb_device_arena_base(dev->staging_arena[b]);
    if (grown == FSBB_OK)
        prm->batch_limit = dev->staging_batch = (int)wanted;
    else  /* no room for both: the batch stays */
        dev->max_batch = prm->batch_limit;
    drop_graph(dev);
    return FSBB_OK;
}

/* Writes the mirror to the device's control block and plans the next iteration. */
static fsbb_status write_state(fsbb_resident_device *dev, fsbb_error *err)
{
    FSBB_CUDA_TRY(cudaMemcpyAsync(dev->prm.control, dev->state, sizeof(fsbb_resident_control), cudaMemcpyHostToDevice,
                                 dev->stream));
    fsbb_resident_plan<<<1, 1, 0, dev->stream>>>(dev->prm);
    FSBB_CUDA_TRY(cudaGetLastError());
    FSBB_CUDA_TRY(cudaMemcpyAsync(dev->state, dev->prm.control, sizeof(fsbb_resident_control), cudaMemcpyDeviceToHost,
                                 dev->stream));
    FSBB_CUDA_TRY(cudaStreamSynchronize(dev->stream));
    return FSBB_OK;
}

extern "C" fsbb_status fsbb_resident_device_new(const fsbb_bound_data *d, const fsbb_resident_config *config,
                                                int incumbent, fsbb_resident_device **out, fsbb_error *err)
{
    *out = NULL;
    if (d->m > FSBB_RESIDENT_MAX_MACHINES)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "the resident GPU engine takes at most %d machines (got %d)",
                         FSBB_RESIDENT_MAX_MACHINES, d->m);
    if (d->n < 1 || d->n > 0x7fff)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "the resident GPU engine takes 1 to %d jobs (got %d)", 0x7fff, d->n);
    fsbb_resident_device *dev = (fsbb_resident_device *)calloc(1, sizeof *dev);
    if (!dev)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the resident GPU engine");
    dev->data = d;
    dev->prm.layout = fsbb_resident_layout_of(d->n, d->m);
    dev->prm.branch = config->branch;
    dev->refining = config->lb != FSBB_LB1;
    dev->prm.node_limit = config->node_limit;
    dev->node_bytes = (size_t)dev->prm.layout.stride * sizeof(int);
    fsbb_status status = configure_launch(dev, config, err);
    if (status == FSBB_OK && cudaStreamCreateWithFlags(&dev->stream, cudaStreamNonBlocking) != cudaSuccess)
        status = fsbb_fail(err, FSBB_ERR_GPU, "could not create a CUDA stream");
    if (status == FSBB_OK)
        status = upload_times(dev, err);
    if (status == FSBB_OK && dev->refining)
        status = upload_refine_tables(dev, err);
    if (status == FSBB_OK)
        status = allocate_pools(dev, config, err);
    if (status == FSBB_OK) {
        fsbb_resident_control *s = dev->state;
        memset(s, 0, sizeof *s);
        s->parents_per_chunk = dev->prm.shared.parents_cap;
        s->incumbent = incumbent;
        s->record_makespan = INT_MAX;
        s->open_min = INT_MAX;
        status = write_state(dev, err);
    }
    if (status != FSBB_OK) {
        fsbb_resident_device_free(dev);
        return status;
    }
    *out = dev;
    return FSBB_OK;
}

extern "C" void fsbb_resident_device_free(fsbb_resident_device *dev)
{
    if (!dev)
        return;
    if (dev->stream)
        cudaStreamSynchronize(dev->stream);
    drop_graph(dev);
    if (dev->stream)
        cudaStreamDestroy(dev->stream);
    cudaFree(dev->tables);
    cudaFree(dev->lb2_tables);
    fsbb_device_arena_free(dev->pool_arena);
    fsbb_device_arena_free(dev->staging_arena[0]);
    fsbb_device_arena_free(dev->staging_arena[1]);
    cudaFree(dev->prm.control);
    cudaFree(dev->prm.record);
    cudaFreeHost(dev->state);
    cudaFree(dev->census);
    cudaFreeHost(dev->census_host);
    cudaGetLastError();
    free(dev->spill);
    free(dev);
}

static int reserve_spill(fsbb_resident_device *dev, size_t count)
{
    if (count <= dev->spill_capacity)
        return 0;
    size_t capacity = dev->spill_capacity ? dev->spill_capacity : 1024;
    while (capacity < count)
        capacity *= 2;
    unsigned char *bigger = (unsigned char *)realloc(dev->spill, capacity * dev->node_bytes);
    if (!bigger)
        return -1;
    dev->spill = bigger;
    dev->spill_capacity = capacity;
    return 0;
}

/* Moves the oldest nodes of the pool (its bottom) to host memory until the open nodes
 * take half the pool (the staged ones take at most that). The device is idle and state
 * is current. */
static fsbb_status spill_out(fsbb_resident_device *dev, fsbb_error *err)
{
    const long long top = dev->state->top, move = top + dev->state->staged - dev->prm.capacity / 2;
    const size_t stride = (size_t)dev->prm.layout.stride;
    if (reserve_spill(dev, dev->spill_count + (size_t)move) != 0)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of host memory for %lld spilled nodes", move);
    FSBB_CUDA_TRY(cudaMemcpyAsync(dev->spill + dev->spill_count * dev->node_bytes, dev->prm.pool,
                                 (size_t)move * dev->node_bytes, cudaMemcpyDeviceToHost, dev->stream));
    for (long long from = move; from < top; from += move) {
        const long long length = top - from < move ? top - from : move;
        FSBB_CUDA_TRY(cudaMemcpyAsync(dev->prm.pool + (size_t)(from - move) * stride,
                                     dev->prm.pool + (size_t)from * stride, (size_t)length * dev->node_bytes,
                                     cudaMemcpyDeviceToDevice, dev->stream));
    }
    FSBB_CUDA_TRY(cudaStreamSynchronize(dev->stream));
    dev->spill_count += (size_t)move;
    dev->spilled_total += move;
    dev->state->top = (int)(top - move);
    return write_state(dev, err);
}

/* Moves spilled nodes back onto the pool, up to half its capacity. */
static fsbb_status spill_in(fsbb_resident_device *dev, fsbb_error *err)
{
    const long long top = dev->state->top, room = dev->prm.capacity / 2 - top - dev->state->staged;
    const long long move = (long long)dev->spill_count < room ? (long long)dev->spill_count : room;
    if (move <= 0)
        return FSBB_OK;
    dev->spill_count -= (size_t)move;
    FSBB_CUDA_TRY(cudaMemcpyAsync(dev->prm.pool + (size_t)top * dev->prm.layout.stride,
                                 dev->spill + dev->spill_count * dev->node_bytes, (size_t)move * dev->node_bytes,
                                 cudaMemcpyHostToDevice, dev->stream));
    dev->state->top = (int)(top + move);
    return write_state(dev, err);
}

extern "C" fsbb_status fsbb_resident_device_push(fsbb_resident_device *dev, const fsbb_node *nodes, size_t stride,
                                                 size_t count, fsbb_error *err)
{
    const fsbb_bound_data *d = dev->data;
    const fsbb_resident_layout l = dev->prm.layout;
    if (reserve_spill(dev, dev->spill_count + count) != 0)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of host memory for %zu nodes", count);
    for (size_t i = 0; i < count; i++) {
        const fsbb_node *node = (const fsbb_node *)((const unsigned char *)nodes + i * stride);
        int *out = (int *)(dev->spill + (dev->spill_count + i) * dev->node_bytes);
        memset(out, 0, dev->node_bytes);
        out[0] = node->lb;
        out[1] = node->front_len | node->back_len << 16;
        fsbb_front_times(d, node->perm, node->front_len, out + l.front);
        fsbb_back_times(d, node->perm, node->back_len, out + l.back);
        fsbb_remaining_work(d, node->perm, node->front_len, node->back_len, out + l.remain);
        memcpy(out + l.perm, node->perm, sizeof(fsbb_job) * (size_t)d->n);
    }
    dev->spill_count += count;
    return spill_in(dev, err);
}

static fsbb_status launch_iterations(fsbb_resident_device *dev, int iterations, fsbb_error *err)
{
    const branch_launch *launch = &dev->launches[dev->active];
    for (int i = 0; i < iterations; i++) {
        void *args[] = {&dev->prm};
        FSBB_CUDA_TRY(cudaLaunchKernel((const void *)launch->kernel, dim3(launch->grid), dim3(dev->block), args,
                                      launch->shared_bytes, dev->stream));
    }
    return FSBB_OK;
}

static fsbb_status capture_graph(fsbb_resident_device *dev, fsbb_error *err)
{
    cudaGraph_t graph;
    FSBB_CUDA_TRY(cudaStreamBeginCapture(dev->stream, cudaStreamCaptureModeThreadLocal));
    fsbb_status status = launch_iterations(dev, dev->run_iterations, err);
    const cudaError_t ended = cudaStreamEndCapture(dev->stream, &graph);
    if (status != FSBB_OK)
        return status;
    FSBB_CUDA_TRY(ended);
    const cudaError_t made = cudaGraphInstantiate(&dev->graph, graph, 0);
    cudaGraphDestroy(graph);
    FSBB_CUDA_TRY(made);
    return FSBB_OK;
}

extern "C" fsbb_status fsbb_resident_device_run(fsbb_resident_device *dev, fsbb_resident_state *state,
                                                fsbb_error *err)
{
    fsbb_status status = FSBB_OK;
    if (dev->use_graph) {
        if (!dev->graph && (status = capture_graph(dev, err)) != FSBB_OK)
            return status;
        FSBB_CUDA_TRY(cudaGraphLaunch(dev->graph, dev->stream));
    } else if ((status = launch_iterations(dev, dev->run_iterations, err)) != FSBB_OK) {
        return status;
    }
    dev->iterations += dev->run_iterations;
    FSBB_CUDA_TRY(cudaMemcpyAsync(dev->state, dev->prm.control, sizeof(fsbb_resident_control), cudaMemcpyDeviceToHost,
                                 dev->stream));
    FSBB_CUDA_TRY(cudaStreamSynchronize(dev->stream));
    const long long open = (long long)dev->state->top + dev->state->staged;
    int planned = 0;
    if (open > dev->prm.capacity / 4 * 3 && dev->prm.capacity < dev->max_capacity)
        planned = grow_pool(dev);
    if (!planned && open > dev->prm.capacity / 4 * 3)
        status = spill_out(dev, err);
    else if (dev->spill_count > 0 && open < dev->prm.batch_limit)
        status = spill_in(dev, err);
    if (status != FSBB_OK)
        return status;
    if (open > dev->max_capacity / 2 && dev->prm.batch_limit > SMALLEST_BATCH) {
        /* A tree too wide for the pool (a poor incumbent): narrower batches go deeper. */
        dev->prm.batch_limit = dev->prm.batch_limit / 2 > SMALLEST_BATCH ? dev->prm.batch_limit / 2 : SMALLEST_BATCH;
        drop_graph(dev);
        planned = 1;
    } else if (dev->prm.batch_limit < dev->max_batch && open >= 2 * dev->prm.batch_limit &&
               open < dev->max_capacity / 4) {
        if (dev->prm.batch_limit >= dev->prm.capacity / (2 * dev->data->n) && dev->prm.capacity < dev->max_capacity)
            grow_pool(dev);
        if ((status = grow_batch(dev, err)) != FSBB_OK)
            return status;
        planned = 1;
    }
    if (planned && (status = write_state(dev, err)) != FSBB_OK)
        return status;
    state->device_nodes = (long long)dev->state->top + dev->state->staged;
    state->host_nodes = (long long)dev->spill_count;
    state->nodes = dev->state->nodes;
    state->bounded = dev->state->bounded;
    state->incumbent = dev->state->incumbent;
    state->record_makespan = dev->state->record_makespan;
    state->depth = dev->refining ? &dev->state->depth : NULL;
    return FSBB_OK;
}

extern "C" fsbb_status fsbb_resident_device_lower_incumbent(fsbb_resident_device *dev, int ub, fsbb_error *err)
{
    if (ub >= dev->state->incumbent)
        return FSBB_OK;
    dev->state->incumbent = ub;
    FSBB_CUDA_TRY(cudaMemcpyAsync(&dev->prm.control->incumbent, &dev->state->incumbent, sizeof ub,
                                  cudaMemcpyHostToDevice, dev->stream));
    FSBB_CUDA_TRY(cudaStreamSynchronize(dev->stream));
    return FSBB_OK;
}

/* The mask of 1 in spacing / sample of the children LB2 cuts (every one where sample is
 * spacing or more; -1, none, where spacing is 0). */
static int cut_mask(int spacing, int sample)
{
    return spacing == 0 ? -1 : sample >= spacing ? 0 : spacing / sample - 1;
}

extern "C" fsbb_status fsbb_resident_device_set_refine(fsbb_resident_device *dev, const int *sample,
                                                       int shadow_spacing, int probe_spacing, fsbb_error *err)
{
    if (!dev->refining)
        return FSBB_OK;
    if (shadow_spacing != 0 && !fsbb_resident_sample_valid(shadow_spacing))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "the resident GPU engine keeps 1 in a power of 2 up to %d cut "
                         "children as shadows (got %d)", FSBB_RESIDENT_MAX_SAMPLE, shadow_spacing);
    if (probe_spacing != 0 && !fsbb_resident_sample_valid(probe_spacing))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "the resident GPU engine probes 1 in a power of 2 up to %d cut "
                         "children (got %d)", FSBB_RESIDENT_MAX_SAMPLE, probe_spacing);
    int mask[3 * FSBB_RESIDENT_DEPTH_BUCKETS];
    for (int b = 0; b < FSBB_RESIDENT_DEPTH_BUCKETS; b++) {
        if (!fsbb_resident_sample_valid(sample[b]))
            return fsbb_fail(err, FSBB_ERR_ARGUMENT, "the resident GPU engine samples 1 in a power of 2 up to %d "
                             "survivors (got %d)", FSBB_RESIDENT_MAX_SAMPLE, sample[b]);
        mask[b] = sample[b] - 1;
        mask[FSBB_RESIDENT_DEPTH_BUCKETS + b] = cut_mask(shadow_spacing, sample[b]);
        mask[2 * FSBB_RESIDENT_DEPTH_BUCKETS + b] = cut_mask(probe_spacing, sample[b]);
    }
    FSBB_CUDA_TRY(
        cudaMemcpyAsync((void *)dev->prm.refine_mask, mask, sizeof mask, cudaMemcpyHostToDevice, dev->stream));
    FSBB_CUDA_TRY(cudaStreamSynchronize(dev->stream));
    return FSBB_OK;
}

extern "C" void fsbb_resident_device_use_refining(fsbb_resident_device *dev, int refining)
{
    const int active = refining && dev->refining ? REFINING_KERNEL : PLAIN_KERNEL;
    if (active == dev->active || !dev->launches[active].kernel)
        return;
    dev->active = active;
    dev->prm.shared = dev->launches[active].shared;
    drop_graph(dev);
}

extern "C" void fsbb_resident_device_set_run_length(fsbb_resident_device *dev, int iterations)
{
    const int length = iterations > 0 && iterations < dev->iterations_per_sync ? iterations : dev->iterations_per_sync;
    if (length == dev->run_iterations)
        return;
    dev->run_iterations = length;
    drop_graph(dev);
}

extern "C" fsbb_status fsbb_resident_warm_up(int m, fsbb_lb_kind lb, fsbb_error *err)
{
    FSBB_CUDA_TRY(cudaFree(0));
    cudaFuncAttributes attributes;
    FSBB_CUDA_TRY(cudaFuncGetAttributes(&attributes, (const void *)fsbb_resident_plan));
    if (lb != FSBB_LB2)
        FSBB_CUDA_TRY(cudaFuncGetAttributes(&attributes, (const void *)kernel_for(m, DEFAULT_REGISTERS, 0)));
    if (lb != FSBB_LB1)
        FSBB_CUDA_TRY(cudaFuncGetAttributes(&attributes, (const void *)kernel_for(m, DEFAULT_REGISTERS, 1)));
    return FSBB_OK;
}

extern "C" fsbb_status fsbb_resident_device_record(fsbb_resident_device *dev, fsbb_job *permutation,
                                                   fsbb_error *err)
{
    FSBB_CUDA_TRY(cudaMemcpy(permutation, dev->prm.record, sizeof(fsbb_job) * (size_t)dev->data->n,
                            cudaMemcpyDeviceToHost));
    return FSBB_OK;
}

extern "C" fsbb_status fsbb_resident_device_open_min(fsbb_resident_device *dev, int *lb, fsbb_error *err)
{
    const int none = INT_MAX;
    FSBB_CUDA_TRY(cudaMemcpy(&dev->prm.control->open_min, &none, sizeof none, cudaMemcpyHostToDevice));
    fsbb_resident_open_min<<<dev->reduce_grid, REDUCE_BLOCK, 0, dev->stream>>>(dev->prm);
    FSBB_CUDA_TRY(cudaGetLastError());
    FSBB_CUDA_TRY(cudaMemcpyAsync(dev->state, dev->prm.control, sizeof(fsbb_resident_control), cudaMemcpyDeviceToHost,
                                 dev->stream));
    FSBB_CUDA_TRY(cudaStreamSynchronize(dev->stream));
    int low = dev->state->open_min;
    for (size_t i = 0; i < dev->spill_count; i++) {
        const int *node = (const int *)(dev->spill + i * dev->node_bytes);
        if (node[2] == 0)
            low = node[0] < low ? node[0] : low;
    }
    *lb = low;
    return FSBB_OK;
}

extern "C" fsbb_status fsbb_resident_device_census(fsbb_resident_device *dev, fsbb_census *census, fsbb_error *err)
{
    const int n = dev->data->n;
    const size_t words = (size_t)n + 2, bytes = words * sizeof(unsigned long long);
    if (!dev->census) {
        FSBB_CUDA_TRY(cudaMalloc((void **)&dev->census, bytes));
        FSBB_CUDA_TRY(cudaMallocHost((void **)&dev->census_host, bytes));
    }
    unsigned long long *host = dev->census_host;
    memset(host, 0, bytes);
    int *min_lb = (int *)(dev->census + n + 1), *host_min = (int *)(host + n + 1);
    *host_min = INT_MAX;
    FSBB_CUDA_TRY(cudaMemcpyAsync(dev->census, host, bytes, cudaMemcpyHostToDevice, dev->stream));
    fsbb_resident_census<<<dev->reduce_grid, REDUCE_BLOCK, 0, dev->stream>>>(dev->prm, dev->census, min_lb);
    FSBB_CUDA_TRY(cudaGetLastError());
    FSBB_CUDA_TRY(cudaMemcpyAsync(host, dev->census, bytes, cudaMemcpyDeviceToHost, dev->stream));
    FSBB_CUDA_TRY(cudaStreamSynchronize(dev->stream));
    for (int d = 0; d <= n; d++) {
        census->by_depth[d] += host[d];
        census->open_nodes += host[d];
    }
    census->min_lb = *host_min < census->min_lb ? *host_min : census->min_lb;
    for (size_t i = 0; i < dev->spill_count; i++) {
        const int *node = (const int *)(dev->spill + i * dev->node_bytes);
        if (node[2] == 0)
            fsbb_census_add(census, (node[1] & 0xffff) + (int)((unsigned)node[1] >> 16), node[0]);
    }
    return FSBB_OK;
}

/* Appends count device-layout nodes to out (node.h layout, stride bytes apart), but for
 * shadows (LB2 proved them no better than the incumbent); returns how many it appended. */
static size_t convert_nodes(const fsbb_resident_device *dev, const int *raw, size_t count, unsigned char *out,
                            size_t stride)
{
    const fsbb_resident_layout l = dev->prm.layout;
    size_t kept = 0;
    for (size_t i = 0; i < count; i++) {
        const int *w = raw + i * (size_t)l.stride;
        if (w[2] != 0)
            continue;
        fsbb_node *node = (fsbb_node *)(out + kept++ * stride);
        node->lb = w[0];
        node->front_len = (int16_t)(w[1] & 0xffff);
        node->back_len = (int16_t)((unsigned)w[1] >> 16);
        memcpy(node->perm, w + l.perm, sizeof(fsbb_job) * (size_t)l.n);
    }
    return kept;
}

/* Appends count device nodes at from to out (*kept of them there already), converted
 * (convert_nodes), a bounded piece at a time. */
static fsbb_status export_range(fsbb_resident_device *dev, const int *from, size_t count, unsigned char *out,
                                size_t stride, int *piece, size_t piece_nodes, size_t *kept, fsbb_error *err)
{
    for (size_t done = 0; done < count; done += piece_nodes) {
        const size_t length = count - done < piece_nodes ? count - done : piece_nodes;
        FSBB_CUDA_TRY(cudaMemcpy(piece, from + done * (size_t)dev->prm.layout.stride, length * dev->node_bytes,
                                cudaMemcpyDeviceToHost));
        *kept += convert_nodes(dev, piece, length, out + *kept * stride, stride);
    }
    return FSBB_OK;
}

extern "C" fsbb_status fsbb_resident_device_export(fsbb_resident_device *dev, unsigned char **nodes, size_t *count,
                                                   fsbb_error *err)
{
    const fsbb_resident_control *s = dev->state;
    const size_t stride = fsbb_node_size(dev->data->n), piece_nodes = 1 << 16;
    const size_t total = (size_t)s->top + (size_t)s->staged + dev->spill_count;
    unsigned char *out = (unsigned char *)malloc(total ? total * stride : 1);
    int *piece = (int *)malloc(piece_nodes * dev->node_bytes);
    fsbb_status status = out && piece ? FSBB_OK
                                      : fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for %zu open nodes", total);
    size_t kept = 0;
    if (status == FSBB_OK)
        status = export_range(dev, dev->prm.pool, (size_t)s->top, out, stride, piece, piece_nodes, &kept, err);
    if (status == FSBB_OK)
        status = export_range(dev, dev->prm.staging[s->parity], (size_t)s->staged, out, stride, piece, piece_nodes,
                              &kept, err);
    if (status == FSBB_OK)
        kept += convert_nodes(dev, (const int *)dev->spill, dev->spill_count, out + kept * stride, stride);
    free(piece);
    if (status != FSBB_OK) {
        free(out);
        return status;
    }
    *nodes = out;
    *count = kept;
    return FSBB_OK;
}

extern "C" void fsbb_resident_device_shape(const fsbb_resident_device *dev, fsbb_resident_shape *shape)
{
    shape->batch = dev->prm.batch_limit;
    shape->block_size = dev->block;
    shape->grid_size = dev->launches[dev->active].grid;
    shape->iterations_per_sync = dev->iterations_per_sync;
    shape->capacity = dev->prm.capacity > dev->max_capacity ? dev->prm.capacity : dev->max_capacity;
    shape->iterations = dev->iterations;
    shape->spilled_nodes = dev->spilled_total;
}

/* ---- A party's side (work_exchange.h) ------------------------------------------------- */

/* Every open node leaves the device: exported, then the pool, the staged children and the
 * spilled nodes emptied. */
static fsbb_status take_all(fsbb_resident_device *dev, unsigned char **nodes, size_t *taken, fsbb_error *err)
{
    fsbb_status status = fsbb_resident_device_export(dev, nodes, taken, err);
    if (status != FSBB_OK)
        return status;
    dev->state->top = 0;
    dev->state->staged = 0;
    dev->spill_count = 0;
    return write_state(dev, err);
}

extern "C" fsbb_status fsbb_resident_device_take(fsbb_resident_device *dev, size_t count, unsigned char **nodes,
                                                 size_t *taken, fsbb_error *err)
{
    fsbb_resident_control *s = dev->state;
    const size_t top = (size_t)s->top, total = top + (size_t)s->staged + dev->spill_count;
    *nodes = NULL;
    *taken = 0;
    if (count >= total)
        return take_all(dev, nodes, taken, err);
    const size_t stride = fsbb_node_size(dev->data->n);
    const size_t from_spill = count < dev->spill_count ? count : dev->spill_count;
    const size_t rest = count - from_spill, from_pool = rest < top ? rest : top;
    unsigned char *out = (unsigned char *)malloc((from_spill + from_pool) * stride + 1);
    int *piece = (int *)malloc(from_pool * dev->node_bytes + 1);
    if (!out || !piece) {
        free(out);
        free(piece);
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for %zu open nodes", count);
    }
    /* The spill's front holds its oldest nodes (spill_out appends the pool's bottom). */
    size_t kept = convert_nodes(dev, (const int *)dev->spill, from_spill, out, stride);
    memmove(dev->spill, dev->spill + from_spill * dev->node_bytes, (dev->spill_count - from_spill) * dev->node_bytes);
    dev->spill_count -= from_spill;
    fsbb_status status = FSBB_OK;
    if (from_pool > 0) {
        status = export_range(dev, dev->prm.pool, from_pool, out, stride, piece, from_pool, &kept, err);
        /* The rest of the pool moves down, in pieces that do not overlap. */
        const size_t node_ints = (size_t)dev->prm.layout.stride;
        for (size_t from = from_pool; status == FSBB_OK && from < top; from += from_pool) {
            const size_t length = top - from < from_pool ? top - from : from_pool;
            if (cudaMemcpyAsync(dev->prm.pool + (from - from_pool) * node_ints, dev->prm.pool + from * node_ints,
                                length * dev->node_bytes, cudaMemcpyDeviceToDevice, dev->stream) != cudaSuccess)
                status = fsbb_fail(err, FSBB_ERR_GPU, "could not move the device pool down");
        }
        if (status == FSBB_OK && cudaStreamSynchronize(dev->stream) != cudaSuccess)
            status = fsbb_fail(err, FSBB_ERR_GPU, "could not move the device pool down");
        if (status == FSBB_OK) {
            s->top = (int)(top - from_pool);
            status = write_state(dev, err);
        }
    }
    free(piece);
    if (status != FSBB_OK) {
        free(out);
        return status;
    }
    *nodes = out;
    *taken = kept;
    return FSBB_OK;
}

