/* resident_lb2_check.cu — runs the resident engine's LB2 refinement (fsbb_resident_child_lb2
 * of resident_refine.cuh, with the tables of lb2_lanes.cuh) on every child of
 * given parents, each by one lane group, as the branching kernel's stage 5 does. */
#include "resident_lb2_check.h"

#include "cuda_check.h"
#include "lb1.h"
#include "lb2_lanes.cuh"
#include "resident_refine.cuh"

#include <stdlib.h>
#include <string.h>

__global__ void resident_lb2_check_kernel(fsbb_resident_params prm, const int *nodes, int count, int ub, int *out)
{
    extern __shared__ int4 resident_lb2_check_scratch[];
    const fsbb_resident_layout &l = prm.layout;
    const fsbb_lane_group g = fsbb_lane_group_of(prm.lb2_group);
    const int flag_words = ((l.n + 3) / 4 + 3) / 4 * 4;
    int *changed = reinterpret_cast<int *>(resident_lb2_check_scratch) + g.index * (l.m4 + flag_words);
    unsigned char *flags = reinterpret_cast<unsigned char *>(changed + l.m4);
    const int per_block = blockDim.x / g.size;
    const long long tasks = (long long)count * l.n * 2;
    for (long long t = (long long)blockIdx.x * per_block + g.index; t < tasks; t += (long long)gridDim.x * per_block) {
        const int i = (int)(t / (2 * l.n)), x = (int)(t / 2 % l.n), forward = (int)(t % 2);
        const int *node = nodes + (size_t)i * l.stride;
        const int front_len = node[1] & 0xffff, back_len = (int)((unsigned)node[1] >> 16);
        const int open = l.n - front_len - back_len;
        int lb2 = -1;
        if (x < open) {
            const fsbb_job *perm = reinterpret_cast<const fsbb_job *>(node + l.perm);
            lb2 = fsbb_resident_child_lb2(prm, g, prm.p, node, perm, front_len, open, front_len + x,
                                          perm[front_len + x], forward, ub, changed, flags);
        }
        if (g.lane == 0)
            out[t] = lb2;
        __syncwarp(g.mask);
    }
}

/* Device-layout parents (resident_layout.cuh), as fsbb_resident_device_push writes them. */
static int *device_layout_parents(const fsbb_bound_data *d, const fsbb_resident_layout &l, const fsbb_job *perms,
                                  const int *front_lens, const int *back_lens, int count)
{
    int *nodes = (int *)calloc((size_t)count * l.stride, sizeof(int));
    if (!nodes)
        return NULL;
    for (int i = 0; i < count; i++) {
        int *w = nodes + (size_t)i * l.stride;
        const fsbb_job *perm = perms + (size_t)i * d->n;
        w[1] = front_lens[i] | back_lens[i] << 16;
        fsbb_front_times(d, perm, front_lens[i], w + l.front);
        fsbb_back_times(d, perm, back_lens[i], w + l.back);
        fsbb_remaining_work(d, perm, front_lens[i], back_lens[i], w + l.remain);
        memcpy(w + l.perm, perm, sizeof(fsbb_job) * (size_t)d->n);
    }
    return nodes;
}

struct check_buffers {
    int *nodes, *out, *times;
    void *tables;
};

static fsbb_status run_check(const fsbb_bound_data *d, fsbb_resident_params &prm, const int *nodes, int count, int ub,
                             int *out, check_buffers &b, fsbb_error *err)
{
    const fsbb_resident_layout &l = prm.layout;
    const int n = d->n, m = d->m, pairs = d->pair_count > 0 ? d->pair_count : 1;
    int *times = (int *)calloc((size_t)n * l.m4, sizeof(int));
    int4 *steps = (int4 *)calloc((size_t)n * pairs, sizeof(int4));
    int2 *machines = (int2 *)calloc((size_t)pairs, sizeof(int2));
    fsbb_status status = times && steps && machines ? FSBB_OK
                                                    : fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the check's tables");
    if (status == FSBB_OK) {
        for (int j = 0; j < n; j++)
            for (int k = 0; k < m; k++)
                times[j * l.m4 + k] = d->p[k * n + j];
        fsbb_lb2_fill_lane_tables(d, steps, machines);
    }
    const size_t steps_bytes = sizeof(int4) * (size_t)n * pairs;
    const size_t tasks = (size_t)count * n * 2;
    cudaError_t e = cudaSuccess;
    if (status == FSBB_OK) {
        e = cudaMalloc((void **)&b.nodes, sizeof(int) * (size_t)count * l.stride);
        if (e == cudaSuccess)
            e = cudaMalloc((void **)&b.out, sizeof(int) * tasks);
        if (e == cudaSuccess)
            e = cudaMalloc((void **)&b.times, sizeof(int) * (size_t)n * l.m4);
        if (e == cudaSuccess)
            e = cudaMalloc(&b.tables, steps_bytes + sizeof(int2) * pairs);
    }
    if (status == FSBB_OK && e == cudaSuccess) {
        unsigned char *at = (unsigned char *)b.tables;
        prm.p = b.times;
        prm.lb2.steps = (const int4 *)at;
        prm.lb2.pair_machines = (const int2 *)(at + steps_bytes);
        prm.lb2.pairs = d->pair_count;
        e = cudaMemcpy(b.nodes, nodes, sizeof(int) * (size_t)count * l.stride, cudaMemcpyHostToDevice);
        if (e == cudaSuccess)
            e = cudaMemcpy(b.times, times, sizeof(int) * (size_t)n * l.m4, cudaMemcpyHostToDevice);
        if (e == cudaSuccess)
            e = cudaMemcpy(at, steps, steps_bytes, cudaMemcpyHostToDevice);
        if (e == cudaSuccess)
            e = cudaMemcpy((void *)prm.lb2.pair_machines, machines, sizeof(int2) * pairs, cudaMemcpyHostToDevice);
    }
    if (status == FSBB_OK && e == cudaSuccess) {
        const int block = 128, flag_words = ((n + 3) / 4 + 3) / 4 * 4;
        const size_t shared = sizeof(int) * (size_t)(block / prm.lb2_group) * (l.m4 + flag_words);
        resident_lb2_check_kernel<<<64, block, shared>>>(prm, b.nodes, count, ub, b.out);
        e = cudaGetLastError();
        if (e == cudaSuccess)
            e = cudaMemcpy(out, b.out, sizeof(int) * tasks, cudaMemcpyDeviceToHost);
    }
    if (status == FSBB_OK && e != cudaSuccess)
        status = fsbb_cuda_fail(err, e, "the resident LB2 check");
    free(times);
    free(steps);
    free(machines);
    return status;
}

extern "C" fsbb_status gpu_resident_child_lb2(const fsbb_bound_data *d, const fsbb_job *perms, const int *front_lens,
                                              const int *back_lens, int count, int ub, int group, int *out,
                                              fsbb_error *err)
{
    if (d->m > FSBB_RESIDENT_MAX_MACHINES)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "at most %d machines", FSBB_RESIDENT_MAX_MACHINES);
    fsbb_resident_params prm;
    memset(&prm, 0, sizeof prm);
    prm.layout = fsbb_resident_layout_of(d->n, d->m);
    prm.lb2_group = group;
    for (int k = 0; k < d->m; k++) {
        prm.head[k] = d->min_head[k];
        prm.tail[k] = d->min_tail[k];
        prm.shortest[k] = d->min_p[k];
    }
    int *nodes = device_layout_parents(d, prm.layout, perms, front_lens, back_lens, count);
    if (!nodes)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the check's parents");
    check_buffers b = {NULL, NULL, NULL, NULL};
    const fsbb_status status = run_check(d, prm, nodes, count, ub, out, b, err);
    cudaFree(b.nodes);
    cudaFree(b.out);
    cudaFree(b.times);
    cudaFree(b.tables);
    free(nodes);
    return status;
}
