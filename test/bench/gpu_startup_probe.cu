/* gpu_startup_probe.cu — what a process pays to start using the GPU, step by step, as the
 * resident engine's solve does it: the driver (cudaGetDeviceCount), the device's
 * properties, the context, a kernel's module, the allocations of a 20x20 solve (pool and two
 * staging areas), pinned memory, a stream, a first launch, the frees; then the exit. One
 * line per step, seconds it took. The exit (the CUDA runtime's teardown at the end of the
 * process) is measured from outside: the program prints the wall clock when main ends, the
 * caller subtracts it from the clock after the process is gone.
 *     gpu-startup-probe [SHELL_START_TIME [return|reset|_exit]]
 * SHELL_START_TIME (date +%s.%N just before the exec) gives the time to main (exec, loading
 * the libraries); the last argument ends main by returning (default), by cudaDeviceReset
 * then returning, or by _exit (no teardown). Built with nvcc alone:
 *     nvcc -O2 -arch=sm_90 test/bench/gpu_startup_probe.cu -o build/gpu-startup-probe */
#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

__global__ void probe_kernel(int *x)
{
    x[threadIdx.x] = (int)threadIdx.x;
}

static double wall(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double last;

static void step(const char *what, cudaError_t status)
{
    const double t = wall();
    printf("%-28s %9.4f s%s%s\n", what, t - last, status == cudaSuccess ? "" : "  FAILED: ",
           status == cudaSuccess ? "" : cudaGetErrorString(status));
    last = t;
}

int main(int argc, char **argv)
{
    const double shell_start = argc > 1 ? atof(argv[1]) : 0;
    const char *ending = argc > 2 ? argv[2] : "return";
    last = wall();
    if (shell_start > 0)
        printf("%-28s %9.4f s\n", "exec to main", last - shell_start);
    int count = 0;
    step("cudaGetDeviceCount", cudaGetDeviceCount(&count));
    cudaDeviceProp prop;
    step("cudaGetDeviceProperties", cudaGetDeviceProperties(&prop, 0));
    int sm = 0;
    step("cudaDeviceGetAttribute", cudaDeviceGetAttribute(&sm, cudaDevAttrMultiProcessorCount, 0));
    step("context (cudaFree(0))", cudaFree(0));
    cudaFuncAttributes attributes;
    step("module (FuncGetAttributes)", cudaFuncGetAttributes(&attributes, probe_kernel));
    void *pool = NULL, *staging[2] = {NULL, NULL}, *small = NULL, *pinned = NULL;
    step("cudaMalloc 320 MB", cudaMalloc(&pool, (size_t)320 << 20));
    step("cudaMalloc 2 x 105 MB", cudaMalloc(&staging[0], (size_t)105 << 20) == cudaSuccess
                                        ? cudaMalloc(&staging[1], (size_t)105 << 20)
                                        : cudaErrorMemoryAllocation);
    step("cudaMalloc 64 KB", cudaMalloc(&small, 65536));
    step("cudaMallocHost 4 KB", cudaMallocHost(&pinned, 4096));
    cudaStream_t stream;
    step("cudaStreamCreate", cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    probe_kernel<<<1, 32, 0, stream>>>((int *)small);
    step("first launch + sync", cudaStreamSynchronize(stream));
    probe_kernel<<<1, 32, 0, stream>>>((int *)small);
    step("second launch + sync", cudaStreamSynchronize(stream));
    cudaStreamDestroy(stream);
    cudaFreeHost(pinned);
    cudaFree(small);
    cudaFree(staging[1]);
    cudaFree(staging[0]);
    step("frees", cudaFree(pool));
    if (strcmp(ending, "reset") == 0)
        step("cudaDeviceReset", cudaDeviceReset());
    printf("%-28s %.6f\n", "main ends at", wall());
    fflush(stdout);
    if (strcmp(ending, "_exit") == 0)
        _exit(0);
    return 0;
}
