/* gpu_device.cu — finding a CUDA GPU this build can run its kernels on (fsbb_gpu_available),
 * and choosing one of several (fsbb_gpu_choose). */
#include "flowshopbb.h"
#include "gpu_device.h"

#include <cuda_runtime.h>

#include <stdio.h>

/* A kernel whose attributes load only when the device can run this build's code. */
__global__ void fsbb_probe_kernel() {}

extern "C" int fsbb_gpu_available(char *name_out, int size)
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1) {
        cudaGetLastError();
        return 0;
    }
    int device = 0;
    cudaDeviceProp prop;
    cudaFuncAttributes attributes;
    if (cudaGetDevice(&device) != cudaSuccess || cudaGetDeviceProperties(&prop, device) != cudaSuccess ||
        cudaFuncGetAttributes(&attributes, fsbb_probe_kernel) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    if (name_out && size > 0)
        snprintf(name_out, (size_t)size, "%s", prop.name);
    return 1;
}

extern "C" int fsbb_gpu_choose(int index, char *name_out, int size)
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1) {
        cudaGetLastError();
        return -1;
    }
    const int device = index % count;
    cudaDeviceProp prop;
    if (cudaSetDevice(device) != cudaSuccess || cudaGetDeviceProperties(&prop, device) != cudaSuccess) {
        cudaGetLastError();
        return -1;
    }
    if (name_out && size > 0)
        snprintf(name_out, (size_t)size, "%s", prop.name);
    return device;
}
