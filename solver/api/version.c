/* version.c — what this build of the library is (fsbb_version, fsbb_build_features). The
 * Makefile writes the CUDA toolkit's version and the GPU architectures it compiled for into
 * build_features.h. */
#include "build_features.h"
#include "flowshopbb.h"

#ifdef FSBB_HAVE_CUDA
#define CUDA_FEATURES "CUDA " FSBB_CUDA_VERSION " (" FSBB_CUDA_ARCH_NAMES ")"
#else
#define CUDA_FEATURES "without CUDA"
#endif

#ifdef __AVX2__
#define SIMD_FEATURES ", AVX2"
#else
#define SIMD_FEATURES ""
#endif

const char *fsbb_version(void)
{
    return FSBB_VERSION;
}

const char *fsbb_build_features(void)
{
    return CUDA_FEATURES SIMD_FEATURES;
}
