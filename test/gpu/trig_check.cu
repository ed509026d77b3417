/* trig_check.cu — device checks of the coefficient primitives of branch_free.cuh over
 * their whole domains, and of the paper's unscaled __cosf coefficient (for the record). */
#include "branch_free.cuh"
#include "trig_check.h"

#include <cuda_runtime.h>

#include <limits.h>

__global__ void is_zero_kernel(int max_count, unsigned long long *wrong)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x > max_count)
        return;
    const int expected = x == 0;
    if (fsbb_trig_policy::is_zero(x) != expected || fsbb_select_policy::is_zero(x) != expected)
        atomicAdd(wrong, 1ull);
}

/* Thread t checks the difference d = t - (2^24 - 1) with both operands in [0, 2^24), and
 * x against INT_MAX (the incumbent of a search without upper bound). */
__global__ void at_least_kernel(unsigned long long *wrong)
{
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const int limit = FSBB_TRIG_MAX_VALUE;
    const long long d = t - (limit - 1);
    if (d > limit - 1)
        return;
    const long long spread = limit - (d < 0 ? -d : d);
    const int y = (int)((d < 0 ? -d : 0) + (long long)((t * 2654435761ll) % spread));
    const int x = (int)(y + d);
    int bad = fsbb_trig_policy::at_least(x, y) != (x >= y);
    bad |= fsbb_trig_policy::at_least(y, x) != (y >= x);
    bad |= fsbb_trig_policy::at_least(x, INT_MAX) != 0;
    bad |= fsbb_trig_policy::at_least(INT_MAX, x) != 1;
    bad |= fsbb_select_policy::at_least(x, y) != (x >= y);
    if (bad)
        atomicAdd(wrong, 1ull);
}

__global__ void paper_cos_kernel(int max_x, int *wrong, int *first)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x > max_x)
        return;
    const int coefficient = (int)__cosf((float)x);
    if (coefficient != (x == 0)) {
        atomicAdd(wrong, 1);
        atomicMin(first, x);
    }
}

/* Reads and frees a device counter after the kernel that filled it; -1 on a CUDA error. */
static long long take_count(unsigned long long *wrong)
{
    unsigned long long host = 0;
    const int ok = cudaGetLastError() == cudaSuccess &&
                   cudaMemcpy(&host, wrong, sizeof host, cudaMemcpyDeviceToHost) == cudaSuccess;
    cudaFree(wrong);
    return ok ? (long long)host : -1;
}

static unsigned long long *new_count(void)
{
    unsigned long long *wrong = NULL;
    if (cudaMalloc(&wrong, sizeof *wrong) != cudaSuccess || cudaMemset(wrong, 0, sizeof *wrong) != cudaSuccess)
        return NULL;
    return wrong;
}

extern "C" long long trig_check_is_zero(void)
{
    unsigned long long *wrong = new_count();
    if (!wrong)
        return -1;
    is_zero_kernel<<<(FSBB_TRIG_MAX_COUNT + 256) / 256, 256>>>(FSBB_TRIG_MAX_COUNT, wrong);
    return take_count(wrong);
}

extern "C" long long trig_check_at_least(void)
{
    unsigned long long *wrong = new_count();
    if (!wrong)
        return -1;
    const long long threads = 2ll * FSBB_TRIG_MAX_VALUE - 1;
    at_least_kernel<<<(unsigned)((threads + 255) / 256), 256>>>(wrong);
    return take_count(wrong);
}

extern "C" int trig_check_paper_cos(int max_x, int *first_wrong)
{
    int *device = NULL, host[2] = {0, INT_MAX};
    if (cudaMalloc(&device, sizeof host) != cudaSuccess)
        return -1;
    int result = -1;
    if (cudaMemcpy(device, host, sizeof host, cudaMemcpyHostToDevice) == cudaSuccess) {
        paper_cos_kernel<<<(max_x + 256) / 256, 256>>>(max_x, device, device + 1);
        if (cudaGetLastError() == cudaSuccess &&
            cudaMemcpy(host, device, sizeof host, cudaMemcpyDeviceToHost) == cudaSuccess) {
            result = host[0];
            *first_wrong = host[1];
        }
    }
    cudaFree(device);
    return result;
}
