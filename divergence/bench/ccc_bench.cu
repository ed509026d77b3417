/* ccc_bench.cu — CCC's sensitivity experiment (Khorasani et al., section 6.3, Figures 13
 * and 14) on this GPU: a grid-stride loop whose iterations take a divergent path of PATH
 * dependent FMAs on exactly `lanes` lanes of each warp-iteration (the lanes rotate from one
 * iteration to the next); the original kernel against the same loop with a context stack
 * (context: the 4-byte iteration index). Each taken iteration adds the bits of its result to
 * its thread's sum; the totals of both kernels must agree.
 *   experiment "lanes":  speedup vs the number of divergent lanes, PATH = 20;
 *   experiment "length": speedup vs PATH, with 8 and 24 of 32 lanes taking the path. */
#include "bench_kernels.h"
#include "bench_util.h"
#include "context_stack.cuh"

#include <cuda_runtime.h>

enum { CCC_BLOCK = 256 };

template <int PATH>
__device__ __forceinline__ float divergent_path(float x)
{
#pragma unroll
    for (int i = 0; i < PATH; i++)
        x = fmaf(x, 1.000001f, 0.25f);
    return x;
}

__device__ __forceinline__ bool takes_path(unsigned i, int lanes)
{
    const unsigned warp_iteration = i / 32u, lane = i % 32u;
    return ((lane + warp_iteration * 5u) & 31u) < (unsigned)lanes;
}

template <int PATH>
__global__ void __launch_bounds__(CCC_BLOCK) ccc_original(unsigned iterations, int lanes, unsigned *out)
{
    const unsigned stride = gridDim.x * blockDim.x, id = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned sum = 0;
    for (unsigned i = id; i < iterations; i += stride)
        if (takes_path(i, lanes))
            sum += __float_as_uint(divergent_path<PATH>((float)(i & 1023u)));
    out[id] = sum;
}

template <int PATH>
__global__ void __launch_bounds__(CCC_BLOCK) ccc_collected(unsigned iterations, int lanes, unsigned *out)
{
    __shared__ fsbb_ccc_storage<1> stacks[CCC_BLOCK / FSBB_WARP_SIZE];
    fsbb_ccc_storage<1> *stack = &stacks[fsbb_warp_in_block()];
    const unsigned stride = gridDim.x * blockDim.x, id = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned sum = 0;
    int top = 0;
    for (unsigned i = id; __any_sync(FSBB_FULL_WARP, i < iterations); i += stride) {
        int context = (int)i;
        if (fsbb_ccc_collect(stack, &top, i < iterations && takes_path(i, lanes), &context))
            sum += __float_as_uint(divergent_path<PATH>((float)((unsigned)context & 1023u)));
    }
    int context;
    if (fsbb_ccc_leftover(stack, top, &context))
        sum += __float_as_uint(divergent_path<PATH>((float)((unsigned)context & 1023u)));
    out[id] = sum;
}

__global__ void sum_kernel(const unsigned *values, unsigned count, unsigned *total)
{
    unsigned sum = 0;
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += gridDim.x * blockDim.x)
        sum += values[i];
    atomicAdd(total, sum);
}

typedef struct ccc_setup {
    unsigned iterations;
    int blocks;
    unsigned *out, *total;
} ccc_setup;

static unsigned checksum(const ccc_setup *s)
{
    unsigned total = 0;
    BENCH_CUDA(cudaMemset(s->total, 0, sizeof(unsigned)));
    sum_kernel<<<256, 256>>>(s->out, (unsigned)s->blocks * CCC_BLOCK, s->total);
    BENCH_CUDA(cudaMemcpy(&total, s->total, sizeof total, cudaMemcpyDeviceToHost));
    return total;
}

/* Times both kernels (or runs each once); writes a CSV row. */
template <int PATH>
static void measure(const ccc_setup *s, const char *experiment, int lanes, FILE *csv, int once)
{
    if (once) {
        ccc_original<PATH><<<s->blocks, CCC_BLOCK>>>(s->iterations, lanes, s->out);
        ccc_collected<PATH><<<s->blocks, CCC_BLOCK>>>(s->iterations, lanes, s->out);
        BENCH_CUDA(cudaDeviceSynchronize());
        return;
    }
    double original_ms = 0, collected_ms = 0;
    BENCH_TIME(original_ms, (void)0, ccc_original<PATH><<<s->blocks, CCC_BLOCK>>>(s->iterations, lanes, s->out));
    const unsigned original_sum = checksum(s);
    BENCH_TIME(collected_ms, (void)0, ccc_collected<PATH><<<s->blocks, CCC_BLOCK>>>(s->iterations, lanes, s->out));
    const unsigned collected_sum = checksum(s);
    fprintf(csv, "%s,%d,%d,%.4f,%.4f,%.3f,%d\n", experiment, lanes, PATH, original_ms, collected_ms,
            original_ms / collected_ms, original_sum == collected_sum);
    printf("ccc %-6s lanes %2d path %3d: original %8.3f ms, CCC %8.3f ms, speedup %.2f%s\n", experiment, lanes, PATH,
           original_ms, collected_ms, original_ms / collected_ms, original_sum == collected_sum ? "" : "  MISMATCH");
    fflush(stdout);
    if (original_sum != collected_sum)
        bench_die("CCC changed the kernel's result");
}

static void measure_path(const ccc_setup *s, const char *experiment, int lanes, int path, FILE *csv, int once)
{
    switch (path) {
    case 1: measure<1>(s, experiment, lanes, csv, once); break;
    case 2: measure<2>(s, experiment, lanes, csv, once); break;
    case 4: measure<4>(s, experiment, lanes, csv, once); break;
    case 8: measure<8>(s, experiment, lanes, csv, once); break;
    case 16: measure<16>(s, experiment, lanes, csv, once); break;
    case 20: measure<20>(s, experiment, lanes, csv, once); break;
    case 32: measure<32>(s, experiment, lanes, csv, once); break;
    case 64: measure<64>(s, experiment, lanes, csv, once); break;
    default: measure<128>(s, experiment, lanes, csv, once); break;
    }
}

extern "C" void bench_ccc(const char *csv_path, int once)
{
    ccc_setup s;
    s.iterations = 1u << 27;
    int sms = 0, per_sm = 0;
    BENCH_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    BENCH_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, ccc_collected<20>, CCC_BLOCK, 0));
    s.blocks = sms * per_sm;
    BENCH_CUDA(cudaMalloc((void **)&s.out, sizeof(unsigned) * (size_t)s.blocks * CCC_BLOCK));
    BENCH_CUDA(cudaMalloc((void **)&s.total, sizeof(unsigned)));
    FILE *csv = once ? NULL
                     : bench_csv(csv_path, "experiment,divergent_lanes,path_fma,original_ms,ccc_ms,speedup,same_result");
    if (once) {
        static const int lanes[] = {4, 16, 28};
        for (int i = 0; i < 3; i++)
            measure_path(&s, "lanes", lanes[i], 20, NULL, 1);
    } else {
        static const int lanes[] = {1, 2, 4, 8, 12, 16, 20, 24, 28, 31, 32};
        for (int i = 0; i < (int)(sizeof lanes / sizeof *lanes); i++)
            measure_path(&s, "lanes", lanes[i], 20, csv, 0);
        static const int paths[] = {1, 2, 4, 8, 16, 32, 64, 128};
        for (int fraction = 8; fraction <= 24; fraction += 16)
            for (int i = 0; i < (int)(sizeof paths / sizeof *paths); i++)
                measure_path(&s, "length", fraction, paths[i], csv, 0);
        fclose(csv);
    }
    cudaFree(s.out);
    cudaFree(s.total);
}
