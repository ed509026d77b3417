/* cte_bench.cu — CTE's synthetic experiment (Khorasani et al., Figure 10) on this GPU: each
 * warp holds 32 coarse tasks whose sizes grow with the lane, linearly (LINE: 4 x lane) or
 * quadratically (QUAD: lane^2 / 8); a fine task maps 20 dependent FMAs and the reduction is
 * a maximum padded with 20 dependent FMAs that do not change it. 1D decomposition (a coarse
 * task per thread), sub-warps of 2..32 lanes and CTE compute the same maxima, which are
 * compared bit for bit. */
#include "bench_kernels.h"
#include "bench_util.h"
#include "cte.cuh"
#include "subwarp.cuh"

#include <cuda_runtime.h>

#include <string.h>

enum { CTE_BLOCK = 256, CTE_WARPS = 1 << 15 };
enum { SCENARIO_LINE, SCENARIO_QUAD };

__device__ __forceinline__ int coarse_size(int scenario, int coarse)
{
    return scenario == SCENARIO_LINE ? 4 * coarse : coarse * coarse / 8;
}

struct map_op {
    long long warp;
    __device__ __forceinline__ float operator()(int coarse, int index) const
    {
        /* Rounded products and sum (no FMA contraction), so that every decomposition
         * computes the same bits whichever way the compiler shapes the expression. */
        float x = __fadd_rn(__fmul_rn((float)((warp * 32 + coarse) % 977), 1e-3f), __fmul_rn((float)index, 1e-4f));
#pragma unroll
        for (int i = 0; i < 20; i++)
            x = fmaf(x, 0.999f, 0.001f);
        return x;
    }
};

struct reduce_op {
    __device__ __forceinline__ float operator()(float a, float b) const
    {
        float pad = a - b;
#pragma unroll
        for (int i = 0; i < 20; i++)
            pad = fmaf(pad, 0.999f, 0.001f);
        return fmaxf(a, b) + (pad > 3.0e38f ? 1.0f : 0.0f);
    }
};

enum { DECOMP_1D = 0, DECOMP_CTE = -1 }; /* else the sub-warp width */

template <int DECOMP>
__global__ void __launch_bounds__(CTE_BLOCK) cte_kernel(int scenario, float *out)
{
    __shared__ fsbb_cte_storage storage[CTE_BLOCK / FSBB_WARP_SIZE];
    const long long warp = fsbb_warp_in_grid();
    const int lane = fsbb_lane();
    const map_op map = {warp};
    const reduce_op reduce;
    const int size = coarse_size(scenario, lane);
    const float init = -1e30f;
    float result;
    if constexpr (DECOMP == DECOMP_1D) {
        result = init;
        for (int i = 0; i < size; i++)
            result = reduce(result, map(lane, i));
    } else if constexpr (DECOMP == DECOMP_CTE) {
        result = fsbb_cte_run(&storage[fsbb_warp_in_block()], size, init, map, reduce);
    } else {
        result = fsbb_subwarp_run<DECOMP>(size, init, map, reduce);
    }
    out[warp * 32 + lane] = result;
}

static void launch(int decomp, int scenario, float *out)
{
    const int blocks = CTE_WARPS * FSBB_WARP_SIZE / CTE_BLOCK;
    switch (decomp) {
    case DECOMP_1D: cte_kernel<DECOMP_1D><<<blocks, CTE_BLOCK>>>(scenario, out); break;
    case DECOMP_CTE: cte_kernel<DECOMP_CTE><<<blocks, CTE_BLOCK>>>(scenario, out); break;
    case 2: cte_kernel<2><<<blocks, CTE_BLOCK>>>(scenario, out); break;
    case 4: cte_kernel<4><<<blocks, CTE_BLOCK>>>(scenario, out); break;
    case 8: cte_kernel<8><<<blocks, CTE_BLOCK>>>(scenario, out); break;
    case 16: cte_kernel<16><<<blocks, CTE_BLOCK>>>(scenario, out); break;
    default: cte_kernel<32><<<blocks, CTE_BLOCK>>>(scenario, out); break;
    }
}

extern "C" void bench_cte(const char *csv_path, int once)
{
    static const int decomps[] = {DECOMP_1D, 2, 4, 8, 16, 32, DECOMP_CTE};
    static const char *scenario_names[] = {"LINE", "QUAD"};
    const size_t values = (size_t)CTE_WARPS * FSBB_WARP_SIZE;
    float *out, *reference = (float *)malloc(sizeof(float) * values), *check = (float *)malloc(sizeof(float) * values);
    if (!reference || !check)
        bench_die("out of memory");
    BENCH_CUDA(cudaMalloc((void **)&out, sizeof(float) * values));
    FILE *csv = once ? NULL : bench_csv(csv_path, "scenario,decomposition,ms,speedup_over_1d,same_result");
    for (int scenario = SCENARIO_LINE; scenario <= SCENARIO_QUAD; scenario++) {
        double one_d_ms = 0;
        for (int d = 0; d < (int)(sizeof decomps / sizeof *decomps); d++) {
            const int decomp = decomps[d];
            char name[32];
            if (decomp == DECOMP_1D)
                strcpy(name, "1d");
            else if (decomp == DECOMP_CTE)
                strcpy(name, "cte");
            else
                snprintf(name, sizeof name, "subwarp%d", decomp);
            if (once) {
                launch(decomp, scenario, out);
                BENCH_CUDA(cudaDeviceSynchronize());
                continue;
            }
            double ms = 0;
            BENCH_TIME(ms, (void)0, launch(decomp, scenario, out));
            BENCH_CUDA(cudaMemcpy(decomp == DECOMP_1D ? reference : check, out, sizeof(float) * values,
                                  cudaMemcpyDeviceToHost));
            const int same = decomp == DECOMP_1D || memcmp(reference, check, sizeof(float) * values) == 0;
            if (decomp == DECOMP_1D)
                one_d_ms = ms;
            fprintf(csv, "%s,%s,%.4f,%.3f,%d\n", scenario_names[scenario], name, ms, one_d_ms / ms, same);
            printf("cte %s %-9s %8.3f ms  speedup over 1D %.2f%s\n", scenario_names[scenario], name, ms, one_d_ms / ms,
                   same ? "" : "  MISMATCH");
            fflush(stdout);
            if (!same)
                bench_die("a decomposition changed the result");
        }
    }
    if (csv)
        fclose(csv);
    cudaFree(out);
    free(reference);
    free(check);
}
