/* gpu_custom_kernel.cuh — the kernel template of custom GPU bounds. Not compiled by the
 * build: gpu_custom_bound_cuda.c embeds it (with flowshopbb.h and the bound code of
 * bounds/) and NVRTC compiles it at run time after the user's source, with
 *     FSBB_CUSTOM_BOUND  the user's function, int NAME(const fsbb_gpu_node *node)
 *     FSBB_JOBS, FSBB_MACHINES  the instance's sizes.
 * One thread per node. Nodes are read through strides so that one kernel serves both
 * layouts: fsbb_node records (pool/node.h; offsets and stride given by the host) and the
 * structure-of-arrays pools of gpu_pool.h. The node's permutation is copied to local
 * memory; front and back come from bounds/lb1.h. */
#include "flowshopbb.h"
#include "lb1.h"

extern "C" __global__ void fsbb_custom_bound_kernel(const int *times, const fsbb_job *perm,
                                                    long long perm_node_stride, long long perm_position_stride,
                                                    const int16_t *front_len, const int16_t *back_len,
                                                    long long length_stride, int count, int ub, int *lbs)
{
    const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count)
        return;
    const int current = lbs[i];
    if (current >= ub)
        return;
    fsbb_job order[FSBB_JOBS];
    for (int position = 0; position < FSBB_JOBS; position++)
        order[position] = perm[i * perm_node_stride + position * perm_position_stride];
    const int prefix_length = front_len[i * length_stride];
    const int suffix_length = back_len[i * length_stride];

    fsbb_bound_data data = {};  /* front and back times read n, m and p only */
    data.n = FSBB_JOBS;
    data.m = FSBB_MACHINES;
    data.p = const_cast<int *>(times);
    int front[FSBB_MACHINES], back[FSBB_MACHINES];
    fsbb_front_times(&data, order, prefix_length, front);
    fsbb_back_times(&data, order, suffix_length, back);

    fsbb_gpu_node node;
    node.jobs = FSBB_JOBS;
    node.machines = FSBB_MACHINES;
    node.times = times;
    node.prefix = order;
    node.prefix_length = prefix_length;
    node.suffix = order + FSBB_JOBS - suffix_length;
    node.suffix_length = suffix_length;
    node.unscheduled = order + prefix_length;
    node.unscheduled_count = FSBB_JOBS - prefix_length - suffix_length;
    node.front = front;
    node.back = back;
    const int value = FSBB_CUSTOM_BOUND(&node);
    if (value > current)
        lbs[i] = value;
}
