/* gpu_custom_bound_cuda.c — custom GPU bounds in CUDA builds (gpu_custom_bound.h): NVRTC
 * compiles each bound's source between a prelude (flowshopbb.h, bounds/host_device.h) and the kernel
 * template gpu_custom_kernel.cuh, whose text and that of the bound code it includes are
 * embedded at build time (build/gen/gpu_custom_sources.h, made by the Makefile from the
 * files themselves); the CUDA driver API loads and launches the result. Both libraries
 * are opened with dlopen, so the library has no link-time dependency on either. */
#include "gpu_custom_bound.h"

#include "error.h"

#include <cuda.h>
#include <dlfcn.h>
#include <nvrtc.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef FSBB_CUDA_LIB_DIR
#define FSBB_CUDA_LIB_DIR "/usr/local/cuda/lib64"
#endif

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)
/* Loads `symbol` into `field`; the name is the macro-expanded one (cuMemAlloc is
 * cuMemAlloc_v2 in cuda.h), so the function matches the prototype it was compiled for. */
#define RESOLVE(api, field, symbol) ((api)->field = (__typeof__((api)->field))dlsym((api)->library, STRINGIFY(symbol)))

enum { THREADS_PER_BLOCK = 128 };
static const char KERNEL_NAME[] = "fsbb_custom_bound_kernel";

typedef struct embedded_file {
    const char *name;
    const char *text;
} embedded_file;

/* flowshopbb.h, host_device.h, bound_data.h, bound_steps.h, lb1.h and gpu_custom_kernel.cuh, as built. */
static const embedded_file embedded_headers[] = {
#include "gpu_custom_sources.h"
};

/* NVRTC has no C library headers: the fixed-width types the embedded headers use. */
static const char stdint_header[] = "#pragma once\n"
                                    "typedef signed char int8_t;\n"
                                    "typedef short int16_t;\n"
                                    "typedef int int32_t;\n"
                                    "typedef long long int64_t;\n"
                                    "typedef unsigned char uint8_t;\n"
                                    "typedef unsigned short uint16_t;\n"
                                    "typedef unsigned int uint32_t;\n"
                                    "typedef unsigned long long uint64_t;\n";

/* ---- NVRTC ------------------------------------------------------------------------ */

typedef struct nvrtc_api {
    void *library;
    void *builtins;  /* libnvrtc-builtins, preloaded when NVRTC came from the toolkit directory */
    __typeof__(nvrtcVersion) *version;
    __typeof__(nvrtcCreateProgram) *create_program;
    __typeof__(nvrtcCompileProgram) *compile_program;
    __typeof__(nvrtcDestroyProgram) *destroy_program;
    __typeof__(nvrtcGetProgramLogSize) *get_log_size;
    __typeof__(nvrtcGetProgramLog) *get_log;
    __typeof__(nvrtcGetCUBINSize) *get_cubin_size;
    __typeof__(nvrtcGetCUBIN) *get_cubin;
    __typeof__(nvrtcGetPTXSize) *get_ptx_size;
    __typeof__(nvrtcGetPTX) *get_ptx;
    __typeof__(nvrtcGetErrorString) *error_string;
    /* NULL in an NVRTC too old to list the architectures it compiles for */
    __typeof__(nvrtcGetNumSupportedArchs) *num_supported_archs;
    __typeof__(nvrtcGetSupportedArchs) *supported_archs;
} nvrtc_api;

static const char *const nvrtc_names[] = {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"};

static void *open_in(const char *dir, const char *file)
{
    char path[4096];
    if (!dir || !dir[0] || snprintf(path, sizeof path, "%s/%s", dir, file) >= (int)sizeof path)
        return NULL;
    return dlopen(path, RTLD_NOW | RTLD_GLOBAL);
}

/* NVRTC by soname, else from $CUDA_HOME/lib64, $CUDA_PATH/lib64 or the build's toolkit.
 * Loaded from a directory, NVRTC would not find its builtins library by name: it is
 * preloaded from the same directory, where dlopen by soname then finds it. */
static void nvrtc_close(nvrtc_api *api)
{
    if (api->builtins)
        dlclose(api->builtins);
    if (api->library)
        dlclose(api->library);
    memset(api, 0, sizeof *api);
}

static fsbb_status nvrtc_open(nvrtc_api *api, fsbb_error *err)
{
    memset(api, 0, sizeof *api);
    const size_t name_count = sizeof nvrtc_names / sizeof *nvrtc_names;
    for (size_t i = 0; i < name_count && !api->library; i++)
        api->library = dlopen(nvrtc_names[i], RTLD_NOW | RTLD_LOCAL);
    const char *dir = NULL;
    char home_dirs[2][4096];
    const char *homes[2] = {getenv("CUDA_HOME"), getenv("CUDA_PATH")};
    const char *dirs[3] = {NULL, NULL, FSBB_CUDA_LIB_DIR};
    for (int h = 0; h < 2; h++)
        if (homes[h] && snprintf(home_dirs[h], sizeof home_dirs[h], "%s/lib64", homes[h]) < (int)sizeof home_dirs[h])
            dirs[h] = home_dirs[h];
    for (int d = 0; d < 3 && !api->library; d++)
        for (size_t i = 0; i < name_count && !api->library; i++)
            if ((api->library = open_in(dirs[d], nvrtc_names[i])))
                dir = dirs[d];
    if (!api->library)
        return fsbb_fail(err, FSBB_ERR_NO_GPU,
                         "custom GPU bounds need NVRTC: libnvrtc.so could not be loaded (%s); install the CUDA "
                         "toolkit's NVRTC or add its lib64 directory to LD_LIBRARY_PATH",
                         dlerror());
    RESOLVE(api, version, nvrtcVersion);
    RESOLVE(api, create_program, nvrtcCreateProgram);
    RESOLVE(api, compile_program, nvrtcCompileProgram);
    RESOLVE(api, destroy_program, nvrtcDestroyProgram);
    RESOLVE(api, get_log_size, nvrtcGetProgramLogSize);
    RESOLVE(api, get_log, nvrtcGetProgramLog);
    RESOLVE(api, get_cubin_size, nvrtcGetCUBINSize);
    RESOLVE(api, get_cubin, nvrtcGetCUBIN);
    RESOLVE(api, get_ptx_size, nvrtcGetPTXSize);
    RESOLVE(api, get_ptx, nvrtcGetPTX);
    RESOLVE(api, error_string, nvrtcGetErrorString);
    RESOLVE(api, num_supported_archs, nvrtcGetNumSupportedArchs);
    RESOLVE(api, supported_archs, nvrtcGetSupportedArchs);
    if (!api->version || !api->create_program || !api->compile_program || !api->destroy_program ||
        !api->get_log_size || !api->get_log || !api->get_cubin_size || !api->get_cubin || !api->get_ptx_size ||
        !api->get_ptx || !api->error_string) {
        nvrtc_close(api);
        return fsbb_fail(err, FSBB_ERR_NO_GPU, "the NVRTC library found lacks functions that custom GPU bounds use");
    }
    int major = 0, minor = 0;
    if (dir && api->version(&major, &minor) == NVRTC_SUCCESS) {
        char builtins[64];
        snprintf(builtins, sizeof builtins, "libnvrtc-builtins.so.%d.%d", major, minor);
        api->builtins = open_in(dir, builtins);
    }
    return FSBB_OK;
}

static int is_identifier(const char *name)
{
    if (!name || !(name[0] == '_' || (name[0] >= 'a' && name[0] <= 'z') || (name[0] >= 'A' && name[0] <= 'Z')))
        return 0;
    for (const char *c = name; *c; c++)
        if (!(*c == '_' || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')))
            return 0;
    return 1;
}

static fsbb_status check_definition(const fsbb_bound_definition *def, fsbb_error *err)
{
    const char *name = def && def->name ? def->name : "(unnamed)";
    if (!def || !def->gpu_source)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "custom bound '%s' has no GPU source", name);
    if (!is_identifier(def->gpu_function))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "custom bound '%s': GPU function name '%s' is not an identifier",
                         name, def->gpu_function ? def->gpu_function : "(none)");
    return FSBB_OK;
}

/* The program: prelude, the user's source (its lines numbered from 1 in the log, under
 * the bound's name), then the kernel template calling the user's function. */
static char *program_text(const fsbb_bound_definition *def)
{
    char file_name[128];
    const char *name = def->name ? def->name : "custom_bound";
    size_t length = 0;
    for (; name[length] && length + 4 < sizeof file_name; length++) {
        const char c = name[length];
        const int plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                          c == '-' || c == '.';
        file_name[length] = plain ? c : '_';
    }
    memcpy(file_name + length, ".cu", 4);
    const char *format = "#include \"flowshopbb.h\"\n"
                         "#include \"host_device.h\"\n"
                         "#line 1 \"%s\"\n"
                         "%s\n"
                         "#define FSBB_CUSTOM_BOUND %s\n"
                         "#include \"gpu_custom_kernel.cuh\"\n";
    const int size = snprintf(NULL, 0, format, file_name, def->gpu_source, def->gpu_function);
    char *text = malloc((size_t)size + 1);
    if (text)
        snprintf(text, (size_t)size + 1, format, file_name, def->gpu_source, def->gpu_function);
    return text;
}

/* What NVRTC compiles the bounds into for a GPU of compute capability gpu_arch (major * 10
 * + minor): machine code for it (*ptx 0) when NVRTC knows that architecture; else PTX
 * (*ptx 1) of the newest architecture it knows below the GPU's, which the driver compiles
 * for the GPU when loading it (a GPU newer than NVRTC); FSBB_ERR_GPU_ARCH for a GPU older
 * than every architecture NVRTC knows (CUDA 13's NVRTC has no Volta). */
static fsbb_status choose_target(const nvrtc_api *nvrtc, int gpu_arch, int *arch, int *ptx, fsbb_error *err)
{
    *arch = gpu_arch;
    *ptx = 0;
    int count = 0;
    if (!nvrtc->num_supported_archs || !nvrtc->supported_archs || nvrtc->num_supported_archs(&count) != NVRTC_SUCCESS ||
        count < 1)
        return FSBB_OK;
    int *archs = malloc(sizeof *archs * (size_t)count);
    if (!archs)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for NVRTC's architectures");
    if (nvrtc->supported_archs(archs) != NVRTC_SUCCESS) {
        free(archs);
        return FSBB_OK;
    }
    int known = 0, lowest = archs[0], below = 0;
    for (int a = 0; a < count; a++) {
        known |= archs[a] == gpu_arch;
        if (archs[a] < lowest)
            lowest = archs[a];
        if (archs[a] < gpu_arch && archs[a] > below)
            below = archs[a];
    }
    free(archs);
    if (known)
        return FSBB_OK;
    if (below == 0) {
        int major = 0, minor = 0;
        nvrtc->version(&major, &minor);
        return fsbb_fail(err, FSBB_ERR_GPU_ARCH,
                         "custom GPU bounds: NVRTC %d.%d compiles for compute capability %d.%d and later, not for "
                         "this GPU's %d.%d",
                         major, minor, lowest / 10, lowest % 10, gpu_arch / 10, gpu_arch % 10);
    }
    *arch = below;
    *ptx = 1;
    return FSBB_OK;
}

/* Compiles one bound for an n x m instance: a CUBIN for sm_<arch>, or PTX for
 * compute_<arch> with ptx (for NVRTC's default architecture when arch is 0 too). *image
 * (malloc'ed) and *image_size receive the result when image is not NULL. */
static fsbb_status compile_bound(const nvrtc_api *nvrtc, const fsbb_bound_definition *def, int n, int m, int arch,
                                 int ptx, char **image, size_t *image_size, fsbb_error *err)
{
    fsbb_status status = check_definition(def, err);
    if (status != FSBB_OK)
        return status;
    char *text = program_text(def);
    if (!text)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the source of custom bound '%s'", def->name);
    enum { HEADERS = sizeof embedded_headers / sizeof *embedded_headers + 1 };
    const char *header_texts[HEADERS], *header_names[HEADERS];
    for (int h = 0; h < HEADERS - 1; h++) {
        header_texts[h] = embedded_headers[h].text;
        header_names[h] = embedded_headers[h].name;
    }
    header_texts[HEADERS - 1] = stdint_header;
    header_names[HEADERS - 1] = "stdint.h";

    char jobs[32], machines[32], architecture[48];
    snprintf(jobs, sizeof jobs, "-DFSBB_JOBS=%d", n);
    snprintf(machines, sizeof machines, "-DFSBB_MACHINES=%d", m);
    snprintf(architecture, sizeof architecture, "--gpu-architecture=%s_%d", ptx ? "compute" : "sm", arch);
    const char *options[] = {"--std=c++17", "-default-device", jobs, machines, architecture};
    const int option_count = arch > 0 ? 5 : 4;

    nvrtcProgram program = NULL;
    nvrtcResult result = nvrtc->create_program(&program, text, "custom_bound.cu", HEADERS, header_texts, header_names);
    free(text);
    if (result != NVRTC_SUCCESS)
        return fsbb_fail(err, FSBB_ERR_COMPILE, "custom bound '%s': NVRTC could not create the program: %s",
                         def->name, nvrtc->error_string(result));
    result = nvrtc->compile_program(program, option_count, options);
    if (result != NVRTC_SUCCESS) {
        size_t log_size = 0;
        char *log = NULL;
        if (nvrtc->get_log_size(program, &log_size) == NVRTC_SUCCESS && (log = malloc(log_size + 1)) &&
            nvrtc->get_log(program, log) == NVRTC_SUCCESS)
            log[log_size] = '\0';
        else if (log)
            log[0] = '\0';
        status = fsbb_fail(err, FSBB_ERR_COMPILE, "custom bound '%s': its GPU source did not compile (%s):\n%s",
                           def->name, nvrtc->error_string(result), log ? log : "(no log)");
        free(log);
    } else if (image) {
        size_t size = 0;
        result = ptx ? nvrtc->get_ptx_size(program, &size) : nvrtc->get_cubin_size(program, &size);
        *image = result == NVRTC_SUCCESS ? malloc(size) : NULL;
        if (*image)
            result = ptx ? nvrtc->get_ptx(program, *image) : nvrtc->get_cubin(program, *image);
        *image_size = size;
        if (result != NVRTC_SUCCESS || !*image) {
            free(*image);
            *image = NULL;
            status = fsbb_fail(err, FSBB_ERR_COMPILE, "custom bound '%s': no compiled code from NVRTC (%s)",
                               def->name, nvrtc->error_string(result));
        }
    }
    nvrtc->destroy_program(&program);
    return status;
}

fsbb_status fsbb_bound_check_gpu_source(const fsbb_bound_definition *bound, int jobs, int machines,
                                        fsbb_error *err)
{
    if (!bound)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_bound_check_gpu_source: NULL bound");
    if (jobs < 1 || jobs > FSBB_MAX_JOBS || machines < 1 || machines > FSBB_MAX_MACHINES)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_bound_check_gpu_source: %d jobs x %d machines is no instance",
                         jobs, machines);
    fsbb_status status = check_definition(bound, err);
    if (status != FSBB_OK)
        return status;
    nvrtc_api nvrtc;
    status = nvrtc_open(&nvrtc, err);
    if (status == FSBB_OK)
        status = compile_bound(&nvrtc, bound, jobs, machines, 0, 1, NULL, NULL, err);
    nvrtc_close(&nvrtc);
    return status;
}

/* ---- The CUDA driver ---------------------------------------------------------------- */

typedef struct driver_api {
    void *library;
    __typeof__(cuInit) *init;
    __typeof__(cuDeviceGet) *device_get;
    __typeof__(cuDeviceGetAttribute) *device_attribute;
    __typeof__(cuDevicePrimaryCtxRetain) *primary_retain;
    __typeof__(cuDevicePrimaryCtxRelease) *primary_release;
    __typeof__(cuCtxPushCurrent) *push;
    __typeof__(cuCtxPopCurrent) *pop;
    __typeof__(cuModuleLoadData) *module_load;
    __typeof__(cuModuleUnload) *module_unload;
    __typeof__(cuModuleGetFunction) *module_function;
    __typeof__(cuLaunchKernel) *launch;
    __typeof__(cuMemAlloc) *alloc;
    __typeof__(cuMemFree) *free;
    __typeof__(cuMemcpyHtoD) *to_device;
    __typeof__(cuMemcpyDtoH) *to_host;
    __typeof__(cuCtxSynchronize) *synchronize;
    __typeof__(cuGetErrorString) *error_string;
} driver_api;

struct fsbb_gpu_custom_bounds {
    driver_api cuda;
    CUdevice device;
    CUcontext context;       /* the device's primary context, retained */
    int context_retained;
    int n, m;
    CUdeviceptr times;       /* m x n */
    int count;               /* compiled bounds */
    CUmodule *modules;
    CUfunction *kernels;
};

static fsbb_status driver_fail(const driver_api *cuda, CUresult result, const char *what, fsbb_error *err)
{
    const char *text = NULL;
    if (!cuda->error_string || cuda->error_string(result, &text) != CUDA_SUCCESS || !text)
        text = "unknown CUDA error";
    const int no_gpu = result == CUDA_ERROR_NO_DEVICE || result == CUDA_ERROR_INVALID_DEVICE ||
                       result == CUDA_ERROR_NOT_INITIALIZED || result == CUDA_ERROR_SYSTEM_DRIVER_MISMATCH;
    const fsbb_status code = no_gpu ? FSBB_ERR_NO_GPU : FSBB_ERR_GPU;
    return fsbb_fail(err, code, "custom GPU bounds: %s: %s (CUDA error %d)", what, text, (int)result);
}

#define DRIVER_TRY(custom, call, what)                                                                 \
    do {                                                                                               \
        const CUresult result_ = (call);                                                               \
        if (result_ != CUDA_SUCCESS)                                                                   \
            return driver_fail(&(custom)->cuda, result_, what, err);                                   \
    } while (0)

static fsbb_status driver_open(driver_api *api, fsbb_error *err)
{
    memset(api, 0, sizeof *api);
    api->library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!api->library)
        return fsbb_fail(err, FSBB_ERR_NO_GPU, "custom GPU bounds: the CUDA driver (libcuda.so.1) could not be loaded");
    RESOLVE(api, init, cuInit);
    RESOLVE(api, device_get, cuDeviceGet);
    RESOLVE(api, device_attribute, cuDeviceGetAttribute);
    RESOLVE(api, primary_retain, cuDevicePrimaryCtxRetain);
    RESOLVE(api, primary_release, cuDevicePrimaryCtxRelease);
    RESOLVE(api, push, cuCtxPushCurrent);
    RESOLVE(api, pop, cuCtxPopCurrent);
    RESOLVE(api, module_load, cuModuleLoadData);
    RESOLVE(api, module_unload, cuModuleUnload);
    RESOLVE(api, module_function, cuModuleGetFunction);
    RESOLVE(api, launch, cuLaunchKernel);
    RESOLVE(api, alloc, cuMemAlloc);
    RESOLVE(api, free, cuMemFree);
    RESOLVE(api, to_device, cuMemcpyHtoD);
    RESOLVE(api, to_host, cuMemcpyDtoH);
    RESOLVE(api, synchronize, cuCtxSynchronize);
    RESOLVE(api, error_string, cuGetErrorString);
    if (!api->init || !api->device_get || !api->device_attribute || !api->primary_retain || !api->primary_release ||
        !api->push || !api->pop || !api->module_load || !api->module_unload || !api->module_function ||
        !api->launch || !api->alloc || !api->free || !api->to_device || !api->to_host || !api->synchronize ||
        !api->error_string) {
        dlclose(api->library);
        api->library = NULL;
        return fsbb_fail(err, FSBB_ERR_NO_GPU, "custom GPU bounds: the CUDA driver found is too old");
    }
    return FSBB_OK;
}

/* Loads one compiled bound into the current context (the caller pushed it). */
static fsbb_status load_bound(fsbb_gpu_custom_bounds *custom, const char *image, const char *name, fsbb_error *err)
{
    CUmodule module = NULL;
    const CUresult loaded = custom->cuda.module_load(&module, image);
    if (loaded != CUDA_SUCCESS) {
        const char *text = NULL;
        if (custom->cuda.error_string(loaded, &text) != CUDA_SUCCESS || !text)
            text = "unknown CUDA error";
        const int no_image = loaded == CUDA_ERROR_NO_BINARY_FOR_GPU || loaded == CUDA_ERROR_UNSUPPORTED_PTX_VERSION ||
                             loaded == CUDA_ERROR_INVALID_PTX;
        return fsbb_fail(err, no_image ? FSBB_ERR_GPU_ARCH : FSBB_ERR_GPU,
                         "custom bound '%s': loading its compiled code failed: %s (CUDA error %d)", name, text,
                         (int)loaded);
    }
    CUfunction kernel = NULL;
    const CUresult found = custom->cuda.module_function(&kernel, module, KERNEL_NAME);
    if (found != CUDA_SUCCESS) {
        custom->cuda.module_unload(module);
        return driver_fail(&custom->cuda, found, "cuModuleGetFunction", err);
    }
    custom->modules[custom->count] = module;
    custom->kernels[custom->count] = kernel;
    custom->count++;
    return FSBB_OK;
}

/* Everything after the device's context is current: compile, load, upload the times. */
static fsbb_status build_kernels(fsbb_gpu_custom_bounds *custom, const fsbb_custom_bound *bounds, int count,
                                 const fsbb_bound_data *d, int arch, fsbb_error *err)
{
    custom->modules = calloc((size_t)count + 1, sizeof *custom->modules);
    custom->kernels = calloc((size_t)count + 1, sizeof *custom->kernels);
    if (!custom->modules || !custom->kernels)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for custom GPU bounds");
    const size_t bytes = sizeof(int) * (size_t)d->n * (size_t)d->m;
    DRIVER_TRY(custom, custom->cuda.alloc(&custom->times, bytes), "cuMemAlloc (processing times)");
    DRIVER_TRY(custom, custom->cuda.to_device(custom->times, d->p, bytes), "cuMemcpyHtoD (processing times)");
    int with_source = 0;
    for (int b = 0; b < count; b++)
        with_source += bounds[b].definition.gpu_source != NULL;
    if (with_source == 0)
        return FSBB_OK;
    nvrtc_api nvrtc;
    fsbb_status status = nvrtc_open(&nvrtc, err);
    int target = arch, ptx = 0;
    if (status == FSBB_OK)
        status = choose_target(&nvrtc, arch, &target, &ptx, err);
    for (int b = 0; b < count && status == FSBB_OK; b++) {
        const fsbb_bound_definition *def = &bounds[b].definition;
        if (!def->gpu_source)
            continue;
        char *image = NULL;
        size_t image_size = 0;
        status = compile_bound(&nvrtc, def, d->n, d->m, target, ptx, &image, &image_size, err);
        if (status == FSBB_OK)
            status = load_bound(custom, image, def->name, err);
        free(image);
    }
    nvrtc_close(&nvrtc);
    return status;
}

fsbb_status fsbb_gpu_custom_bounds_new(const fsbb_custom_bound *bounds, int count, const fsbb_bound_data *d,
                                       int device, fsbb_gpu_custom_bounds **out, fsbb_error *err)
{
    if (!out || !d || count < 0 || (count > 0 && !bounds))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_gpu_custom_bounds_new: NULL or negative argument");
    *out = NULL;
    if (d->n > FSBB_MAX_JOBS || d->m > FSBB_MAX_MACHINES)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "custom GPU bounds: %d jobs x %d machines is too large", d->n, d->m);
    fsbb_gpu_custom_bounds *custom = calloc(1, sizeof *custom);
    if (!custom)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for custom GPU bounds");
    custom->n = d->n;
    custom->m = d->m;
    fsbb_status status = driver_open(&custom->cuda, err);
    int major = 0, minor = 0;
    if (status == FSBB_OK) {
        CUresult result = custom->cuda.init(0);
        const char *what = "cuInit";
        if (result == CUDA_SUCCESS) {
            result = custom->cuda.device_get(&custom->device, device);
            what = "cuDeviceGet";
        }
        if (result == CUDA_SUCCESS) {
            result = custom->cuda.device_attribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, custom->device);
            if (result == CUDA_SUCCESS)
                result = custom->cuda.device_attribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                                                       custom->device);
            what = "cuDeviceGetAttribute";
        }
        if (result == CUDA_SUCCESS) {
            result = custom->cuda.primary_retain(&custom->context, custom->device);
            custom->context_retained = result == CUDA_SUCCESS;
            what = "cuDevicePrimaryCtxRetain";
        }
        if (result == CUDA_SUCCESS) {
            result = custom->cuda.push(custom->context);
            what = "cuCtxPushCurrent";
        }
        if (result != CUDA_SUCCESS)
            status = driver_fail(&custom->cuda, result, what, err);
    }
    if (status == FSBB_OK) {
        status = build_kernels(custom, bounds, count, d, major * 10 + minor, err);
        CUcontext popped;
        custom->cuda.pop(&popped);
    }
    if (status != FSBB_OK) {
        fsbb_gpu_custom_bounds_free(custom);
        return status;
    }
    *out = custom;
    return FSBB_OK;
}

void fsbb_gpu_custom_bounds_free(fsbb_gpu_custom_bounds *custom)
{
    if (!custom)
        return;
    if (custom->context_retained && custom->cuda.push(custom->context) == CUDA_SUCCESS) {
        for (int b = 0; b < custom->count; b++)
            custom->cuda.module_unload(custom->modules[b]);
        if (custom->times)
            custom->cuda.free(custom->times);
        CUcontext popped;
        custom->cuda.pop(&popped);
    }
    if (custom->context_retained)
        custom->cuda.primary_release(custom->device);
    if (custom->cuda.library)
        dlclose(custom->cuda.library);
    free(custom->modules);
    free(custom->kernels);
    free(custom);
}

int fsbb_gpu_custom_bounds_count(const fsbb_gpu_custom_bounds *custom)
{
    return custom ? custom->count : 0;
}

/* Where node i's data lies: position p of its permutation at perm[i * perm_node_stride +
 * p * perm_position_stride], its lengths at front_len[i * length_stride] and back_len[...]. */
typedef struct node_layout {
    const fsbb_job *perm;
    long long perm_node_stride, perm_position_stride;
    const int16_t *front_len, *back_len;
    long long length_stride;
} node_layout;

/* Launches every bound's kernel; the caller has pushed the context. */
static fsbb_status launch_all(fsbb_gpu_custom_bounds *custom, const node_layout *layout, int count, int ub, int *lbs,
                              CUstream stream, fsbb_error *err)
{
    if (count <= 0)
        return FSBB_OK;
    CUdeviceptr times = custom->times;
    const fsbb_job *perm = layout->perm;
    long long perm_node_stride = layout->perm_node_stride, perm_position_stride = layout->perm_position_stride;
    const int16_t *front_len = layout->front_len, *back_len = layout->back_len;
    long long length_stride = layout->length_stride;
    void *arguments[] = {&times,     &perm,          &perm_node_stride, &perm_position_stride, &front_len,
                         &back_len,  &length_stride, &count,            &ub,                   &lbs};
    const unsigned blocks = (unsigned)((count + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK);
    for (int b = 0; b < custom->count; b++)
        DRIVER_TRY(custom,
                   custom->cuda.launch(custom->kernels[b], blocks, 1, 1, THREADS_PER_BLOCK, 1, 1, 0, stream, arguments,
                                       NULL),
                   "cuLaunchKernel");
    return FSBB_OK;
}

static fsbb_status launch_in_context(fsbb_gpu_custom_bounds *custom, const node_layout *layout, int count, int ub,
                                     int *lbs, void *stream, fsbb_error *err)
{
    if (!custom || (count > 0 && (!layout->perm || !lbs)))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "custom GPU bounds: NULL object or device array");
    DRIVER_TRY(custom, custom->cuda.push(custom->context), "cuCtxPushCurrent");
    const fsbb_status status = launch_all(custom, layout, count, ub, lbs, (CUstream)stream, err);
    CUcontext popped;
    custom->cuda.pop(&popped);
    return status;
}

static node_layout records_layout(const fsbb_gpu_custom_bounds *custom, const void *nodes)
{
    const size_t stride = fsbb_node_size(custom->n);
    const char *base = nodes;
    node_layout layout = {
        .perm = (const fsbb_job *)(base + offsetof(fsbb_node, perm)),
        .perm_node_stride = (long long)(stride / sizeof(fsbb_job)),
        .perm_position_stride = 1,
        .front_len = (const int16_t *)(base + offsetof(fsbb_node, front_len)),
        .back_len = (const int16_t *)(base + offsetof(fsbb_node, back_len)),
        .length_stride = (long long)(stride / sizeof(int16_t)),
    };
    return layout;
}

static node_layout pool_layout(const fsbb_job *perm, int capacity, const int16_t *front_len, const int16_t *back_len)
{
    node_layout layout = {
        .perm = perm,
        .perm_node_stride = 1,
        .perm_position_stride = capacity,
        .front_len = front_len,
        .back_len = back_len,
        .length_stride = 1,
    };
    return layout;
}

fsbb_status fsbb_gpu_custom_bounds_evaluate_pool(fsbb_gpu_custom_bounds *custom, const fsbb_job *perm, int capacity,
                                                 const int16_t *front_len, const int16_t *back_len, int count,
                                                 int ub, int *lbs, void *stream, fsbb_error *err)
{
    if (!custom || (count > 0 && (!perm || !front_len || !back_len || capacity < count)))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_gpu_custom_bounds_evaluate_pool: NULL argument or capacity");
    const node_layout layout = pool_layout(perm, capacity, front_len, back_len);
    return launch_in_context(custom, &layout, count, ub, lbs, stream, err);
}

/* Device copies of host arrays for the host forms; freed by release_buffers. */
typedef struct device_buffers {
    CUdeviceptr data[4];
    int count;
} device_buffers;

static fsbb_status upload(fsbb_gpu_custom_bounds *custom, device_buffers *buffers, const void *host, size_t bytes,
                          CUdeviceptr *out, fsbb_error *err)
{
    DRIVER_TRY(custom, custom->cuda.alloc(out, bytes), "cuMemAlloc");
    buffers->data[buffers->count++] = *out;
    DRIVER_TRY(custom, custom->cuda.to_device(*out, host, bytes), "cuMemcpyHtoD");
    return FSBB_OK;
}

static void release_buffers(fsbb_gpu_custom_bounds *custom, device_buffers *buffers)
{
    for (int b = 0; b < buffers->count; b++)
        custom->cuda.free(buffers->data[b]);
    buffers->count = 0;
}

/* Runs one host evaluation with the context pushed: uploads `arrays` (the node data, laid
 * out as `layout` describes relative to the first upload), then lbs, launches, copies back. */
static fsbb_status evaluate_from_host(fsbb_gpu_custom_bounds *custom, const void *const *arrays, const size_t *bytes,
                                      int array_count, int capacity, int count, int ub, int *lbs, int records,
                                      fsbb_error *err)
{
    device_buffers buffers = {.count = 0};
    CUdeviceptr device[3] = {0, 0, 0}, device_lbs = 0;
    fsbb_status status = FSBB_OK;
    for (int a = 0; a < array_count && status == FSBB_OK; a++)
        status = upload(custom, &buffers, arrays[a], bytes[a], &device[a], err);
    if (status == FSBB_OK)
        status = upload(custom, &buffers, lbs, sizeof(int) * (size_t)count, &device_lbs, err);
    if (status == FSBB_OK) {
        const node_layout layout = records
                                       ? records_layout(custom, (const void *)(uintptr_t)device[0])
                                       : pool_layout((const fsbb_job *)(uintptr_t)device[0], capacity,
                                                     (const int16_t *)(uintptr_t)device[1],
                                                     (const int16_t *)(uintptr_t)device[2]);
        status = launch_all(custom, &layout, count, ub, (int *)(uintptr_t)device_lbs, NULL, err);
    }
    if (status == FSBB_OK) {
        const CUresult synced = custom->cuda.synchronize();
        if (synced != CUDA_SUCCESS)
            status = driver_fail(&custom->cuda, synced, "the custom bound kernel", err);
    }
    if (status == FSBB_OK) {
        const CUresult copied = custom->cuda.to_host(lbs, device_lbs, sizeof(int) * (size_t)count);
        if (copied != CUDA_SUCCESS)
            status = driver_fail(&custom->cuda, copied, "cuMemcpyDtoH", err);
    }
    release_buffers(custom, &buffers);
    return status;
}

static fsbb_status evaluate_host(fsbb_gpu_custom_bounds *custom, const void *const *arrays, const size_t *bytes,
                                 int array_count, int capacity, int count, int ub, int *lbs, int records,
                                 fsbb_error *err)
{
    if (count <= 0)
        return FSBB_OK;
    DRIVER_TRY(custom, custom->cuda.push(custom->context), "cuCtxPushCurrent");
    const fsbb_status status =
        evaluate_from_host(custom, arrays, bytes, array_count, capacity, count, ub, lbs, records, err);
    CUcontext popped;
    custom->cuda.pop(&popped);
    return status;
}

fsbb_status fsbb_gpu_custom_bounds_evaluate_host_nodes(fsbb_gpu_custom_bounds *custom, const fsbb_node *nodes,
                                                       int count, int ub, int *lbs, fsbb_error *err)
{
    if (!custom || (count > 0 && (!nodes || !lbs)))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_gpu_custom_bounds_evaluate_host_nodes: NULL argument");
    const void *arrays[] = {nodes};
    const size_t bytes[] = {fsbb_node_size(custom->n) * (size_t)(count > 0 ? count : 0)};
    return evaluate_host(custom, arrays, bytes, 1, 0, count, ub, lbs, 1, err);
}

fsbb_status fsbb_gpu_custom_bounds_evaluate_host_pool(fsbb_gpu_custom_bounds *custom, const fsbb_job *perm,
                                                      int capacity, const int16_t *front_len,
                                                      const int16_t *back_len, int count, int ub, int *lbs,
                                                      fsbb_error *err)
{
    if (!custom || (count > 0 && (!perm || !front_len || !back_len || !lbs || capacity < count)))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                         "fsbb_gpu_custom_bounds_evaluate_host_pool: NULL argument or capacity");
    const void *arrays[] = {perm, front_len, back_len};
    const size_t bytes[] = {sizeof(fsbb_job) * (size_t)custom->n * (size_t)capacity,
                            sizeof(int16_t) * (size_t)capacity, sizeof(int16_t) * (size_t)capacity};
    return evaluate_host(custom, arrays, bytes, 3, capacity, count, ub, lbs, 0, err);
}
