/* cuda_check.h — the one way the library's CUDA code turns a CUDA runtime error into an
 * fsbb error (FSBB_ERR_GPU or FSBB_ERR_GPU_ARCH, "what: CUDA's message"). For .cu files:
 * FSBB_CUDA_TRY(call) returns from the enclosing function, which returns fsbb_status and has an
 * `fsbb_error *err` in scope, when call does not return cudaSuccess; fsbb_cuda_fail does
 * the same for an error in hand. */
#ifndef FSBB_CUDA_CHECK_H
#define FSBB_CUDA_CHECK_H

#include <cuda_runtime.h>

extern "C" {
#include "error.h"
}

/* A GPU that has no image of the kernel (or whose driver cannot compile its PTX) is
 * FSBB_ERR_GPU_ARCH, whatever call finds it; every other error FSBB_ERR_GPU. */
static inline fsbb_status fsbb_cuda_fail(fsbb_error *err, cudaError_t status, const char *what)
{
    const int no_image = status == cudaErrorNoKernelImageForDevice || status == cudaErrorInvalidDeviceFunction ||
                         status == cudaErrorUnsupportedPtxVersion || status == cudaErrorInvalidPtx;
    return fsbb_fail(err, no_image ? FSBB_ERR_GPU_ARCH : FSBB_ERR_GPU, "%s: %s", what, cudaGetErrorString(status));
}

/* Variadic, so that a call whose template arguments hold commas needs no parentheses. */
#define FSBB_CUDA_TRY(...)                                                                          \
    do {                                                                                            \
        const cudaError_t fsbb_cuda_status_ = (__VA_ARGS__);                                        \
        if (fsbb_cuda_status_ != cudaSuccess)                                                       \
            return fsbb_cuda_fail(err, fsbb_cuda_status_, #__VA_ARGS__);                            \
    } while (0)

#endif
