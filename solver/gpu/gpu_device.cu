/* gpu_device.cu — whether this build can run its kernels on the current CUDA GPU
 * (fsbb_gpu_check, fsbb_gpu_available): a GPU is there, the driver is recent enough for
 * the build's CUDA runtime, and one of the build's images (machine code for its compute
 * capability, or PTX the driver compiles for it) loads; and choosing one of several GPUs
 * (fsbb_gpu_choose). */
#include "build_features.h"
#include "flowshopbb.h"
#include "gpu_device.h"

extern "C" {
#include "error.h"
}

#include <cuda_runtime.h>

#include <stdio.h>

/* A kernel built like every other kernel of the library: it loads only when the GPU can run
 * this build's code. */
__global__ void fsbb_probe_kernel() {}

extern "C" fsbb_status fsbb_gpu_check(char *name_out, int size, fsbb_error *err)
{
    int count = 0;
    cudaError_t status = cudaGetDeviceCount(&count);
    if (status == cudaErrorInsufficientDriver) {
        cudaGetLastError();
        int driver = 0;
        if (cudaDriverGetVersion(&driver) != cudaSuccess || driver == 0)
            return fsbb_fail(err, FSBB_ERR_NO_GPU, "no CUDA GPU found (no NVIDIA driver installed)");
        return fsbb_fail(err, FSBB_ERR_NO_GPU,
                         "the NVIDIA driver (CUDA %d.%d) is older than this build's CUDA runtime (%d.%d): update "
                         "the driver",
                         driver / 1000, driver % 1000 / 10, CUDART_VERSION / 1000, CUDART_VERSION % 1000 / 10);
    }
    if (status != cudaSuccess || count < 1) {
        cudaGetLastError();
        return fsbb_fail(err, FSBB_ERR_NO_GPU, "no CUDA GPU found (%s)",
                         status != cudaSuccess ? cudaGetErrorString(status) : "no device");
    }
    int device = 0;
    cudaDeviceProp prop;
    if ((status = cudaGetDevice(&device)) != cudaSuccess ||
        (status = cudaGetDeviceProperties(&prop, device)) != cudaSuccess) {
        cudaGetLastError();
        return fsbb_fail(err, FSBB_ERR_NO_GPU, "the CUDA GPU cannot be opened: %s", cudaGetErrorString(status));
    }
    cudaFuncAttributes attributes;
    status = cudaFuncGetAttributes(&attributes, fsbb_probe_kernel);
    if (status != cudaSuccess) {
        cudaGetLastError();
        return fsbb_fail(err, FSBB_ERR_GPU_ARCH,
                         "the GPU %s (compute capability %d.%d) cannot run this build's kernels (%s), which were "
                         "compiled for " FSBB_CUDA_ARCH_NAMES ": rebuild with that GPU present (make builds for "
                         "it) or with CUDA_ARCH=%d%d, or run with --device cpu",
                         prop.name, prop.major, prop.minor, cudaGetErrorString(status), prop.major, prop.minor);
    }
    if (name_out && size > 0)
        snprintf(name_out, (size_t)size, "%s", prop.name);
    return FSBB_OK;
}

extern "C" int fsbb_gpu_available(char *name_out, int size)
{
    return fsbb_gpu_check(name_out, size, NULL) == FSBB_OK;
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

extern "C" int fsbb_gpu_bus_id(int device, char *out, int size)
{
    if (!out || size < 1 || cudaDeviceGetPCIBusId(out, size, device) != cudaSuccess) {
        cudaGetLastError();
        return -1;
    }
    return 0;
}
