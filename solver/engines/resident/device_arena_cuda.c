/* device_arena_cuda.c — device memory that grows in place (device_arena.h): addresses reserved
 * for the most the arena may hold, and one physical allocation mapped behind them per growth
 * step; or, where the driver offers no virtual memory management, cudaMalloc, copy and cudaFree. */
#include "device_arena.h"

#include "error.h"

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <stdint.h>
#include <stdlib.h>

/* Growth steps an arena maps at most (the resident engine grows its areas four- and
 * eightfold: a handful of steps from the first size to the largest). */
enum { MOST_CHUNKS = 32 };

/* The driver's virtual memory calls, looked up through the runtime (no link to the driver). */
typedef struct arena_driver {
    CUresult (*reserve)(CUdeviceptr *ptr, size_t size, size_t alignment, CUdeviceptr addr, unsigned long long flags);
    CUresult (*address_free)(CUdeviceptr ptr, size_t size);
    CUresult (*create)(CUmemGenericAllocationHandle *handle, size_t size, const CUmemAllocationProp *prop,
                       unsigned long long flags);
    CUresult (*release)(CUmemGenericAllocationHandle handle);
    CUresult (*map)(CUdeviceptr ptr, size_t size, size_t offset, CUmemGenericAllocationHandle handle,
                    unsigned long long flags);
    CUresult (*unmap)(CUdeviceptr ptr, size_t size);
    CUresult (*set_access)(CUdeviceptr ptr, size_t size, const CUmemAccessDesc *desc, size_t count);
    CUresult (*granularity)(size_t *granularity, const CUmemAllocationProp *prop,
                            CUmemAllocationGranularity_flags option);
} arena_driver;

typedef struct arena_chunk {
    CUmemGenericAllocationHandle handle;
    size_t offset, size;
} arena_chunk;

struct fsbb_device_arena {
    int in_place;
    int device;
    void *base;
    size_t usable;       /* bytes usable now (in place: mapped) */
    size_t most;         /* most_bytes */
    size_t reserved;     /* in place: the addresses reserved */
    size_t granularity;  /* in place: of sizes and offsets */
    arena_driver driver;
    arena_chunk chunks[MOST_CHUNKS];
    int chunk_count;
};

static int look_up(const char *symbol, void **function)
{
    enum cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
#if CUDART_VERSION >= 12050
    const cudaError_t status = cudaGetDriverEntryPointByVersion(symbol, function, 12000, cudaEnableDefault, &found);
#else
    const cudaError_t status = cudaGetDriverEntryPoint(symbol, function, cudaEnableDefault, &found);
#endif
    if (status != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return found == cudaDriverEntryPointSuccess && *function;
}

static int find_driver(arena_driver *driver)
{
    return look_up("cuMemAddressReserve", (void **)&driver->reserve) &&
           look_up("cuMemAddressFree", (void **)&driver->address_free) &&
           look_up("cuMemCreate", (void **)&driver->create) && look_up("cuMemRelease", (void **)&driver->release) &&
           look_up("cuMemMap", (void **)&driver->map) && look_up("cuMemUnmap", (void **)&driver->unmap) &&
           look_up("cuMemSetAccess", (void **)&driver->set_access) &&
           look_up("cuMemGetAllocationGranularity", (void **)&driver->granularity);
}

int fsbb_device_arena_maps_in_place(void)
{
    CUresult (*get_device)(CUdevice *device, int ordinal) = NULL;
    CUresult (*get_attribute)(int *value, CUdevice_attribute attribute, CUdevice device) = NULL;
    int ordinal = 0, supported = 0;
    CUdevice device;
    if (cudaGetDevice(&ordinal) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return look_up("cuDeviceGet", (void **)&get_device) && look_up("cuDeviceGetAttribute", (void **)&get_attribute) &&
           get_device(&device, ordinal) == CUDA_SUCCESS &&
           get_attribute(&supported, CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, device) ==
               CUDA_SUCCESS &&
           supported == 1;
}

static CUmemAllocationProp pinned_on_device(int device)
{
    CUmemAllocationProp prop = {0};
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = device;
    return prop;
}

static size_t round_up(size_t bytes, size_t granularity)
{
    return (bytes + granularity - 1) / granularity * granularity;
}

/* Addresses for most_bytes, aligned to the mapping's granularity; 0 where the driver maps
 * no memory so (the arena then allocates). */
static int reserve_addresses(fsbb_device_arena *a)
{
    if (!find_driver(&a->driver))
        return 0;
    const CUmemAllocationProp prop = pinned_on_device(a->device);
    size_t granularity = 0;
    if (a->driver.granularity(&granularity, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM) != CUDA_SUCCESS ||
        granularity == 0)
        return 0;
    CUdeviceptr base = 0;
    const size_t reserved = round_up(a->most, granularity);
    if (a->driver.reserve(&base, reserved, granularity, 0, 0) != CUDA_SUCCESS)
        return 0;
    a->granularity = granularity;
    a->reserved = reserved;
    a->base = (void *)(uintptr_t)base;
    return 1;
}

/* Backs [usable, bytes) with one new allocation. */
static fsbb_status map_more(fsbb_device_arena *a, size_t bytes, fsbb_error *err)
{
    const size_t wanted = round_up(bytes, a->granularity);
    if (wanted <= a->usable)
        return FSBB_OK;
    if (a->chunk_count == MOST_CHUNKS)
        return fsbb_fail(err, FSBB_ERR_GPU, "a device area cannot grow more than %d times", MOST_CHUNKS);
    const size_t size = wanted - a->usable;
    const CUmemAllocationProp prop = pinned_on_device(a->device);
    CUmemGenericAllocationHandle handle;
    if (a->driver.create(&handle, size, &prop, 0) != CUDA_SUCCESS)
        return fsbb_fail(err, FSBB_ERR_GPU, "out of memory: the GPU has no %zu bytes more for the search", size);
    const CUdeviceptr at = (CUdeviceptr)(uintptr_t)a->base + a->usable;
    if (a->driver.map(at, size, 0, handle, 0) != CUDA_SUCCESS) {
        a->driver.release(handle);
        return fsbb_fail(err, FSBB_ERR_GPU, "could not map %zu bytes of GPU memory", size);
    }
    CUmemAccessDesc access = {0};
    access.location = prop.location;
    access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
    if (a->driver.set_access(at, size, &access, 1) != CUDA_SUCCESS) {
        a->driver.unmap(at, size);
        a->driver.release(handle);
        return fsbb_fail(err, FSBB_ERR_GPU, "could not open %zu bytes of GPU memory to the device", size);
    }
    a->chunks[a->chunk_count++] = (arena_chunk){.handle = handle, .offset = a->usable, .size = size};
    a->usable = wanted;
    return FSBB_OK;
}

/* Unmaps and releases the chunks from the index `from` on. */
static void unmap_from(fsbb_device_arena *a, int from)
{
    const CUdeviceptr base = (CUdeviceptr)(uintptr_t)a->base;
    while (a->chunk_count > from) {
        const arena_chunk *last = &a->chunks[--a->chunk_count];
        a->driver.unmap(base + last->offset, last->size);
        a->driver.release(last->handle);
        a->usable = last->offset;
    }
}

/* By allocation and copy: bytes usable at a new address, the first keep_bytes copied. */
static fsbb_status reallocate(fsbb_device_arena *a, size_t bytes, size_t keep_bytes, fsbb_arena_stream stream,
                              fsbb_error *err)
{
    void *moved = NULL;
    if (cudaMalloc(&moved, bytes) != cudaSuccess) {
        cudaGetLastError();
        return fsbb_fail(err, FSBB_ERR_GPU, "out of memory: the GPU has no %zu bytes for the search", bytes);
    }
    size_t kept = keep_bytes < a->usable ? keep_bytes : a->usable;
    kept = kept < bytes ? kept : bytes;
    if ((kept > 0 && cudaMemcpyAsync(moved, a->base, kept, cudaMemcpyDeviceToDevice, stream) != cudaSuccess) ||
        cudaStreamSynchronize(stream) != cudaSuccess) {
        cudaGetLastError();
        cudaFree(moved);
        return fsbb_fail(err, FSBB_ERR_GPU, "could not copy %zu bytes of the search's nodes", kept);
    }
    cudaFree(a->base);
    a->base = moved;
    a->usable = bytes;
    return FSBB_OK;
}

fsbb_status fsbb_device_arena_new(size_t most_bytes, size_t first_bytes, int in_place, fsbb_device_arena **out,
                                  fsbb_error *err)
{
    *out = NULL;
    fsbb_device_arena *a = calloc(1, sizeof *a);
    if (!a)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for a device arena");
    a->most = most_bytes > first_bytes ? most_bytes : first_bytes;
    /* cudaFree(NULL) makes the device's context current for the driver's calls. */
    if (cudaFree(NULL) != cudaSuccess || cudaGetDevice(&a->device) != cudaSuccess) {
        cudaGetLastError();
        free(a);
        return fsbb_fail(err, FSBB_ERR_GPU, "no GPU for the search's memory");
    }
    /* An area that cannot grow gains nothing from reserved addresses. */
    if (in_place && a->most > first_bytes && fsbb_device_arena_maps_in_place() && reserve_addresses(a)) {
        a->in_place = 1;
        fsbb_error unmapped;
        if (map_more(a, first_bytes, &unmapped) != FSBB_OK) {
            /* A driver that reserves but does not map: allocate instead. */
            a->driver.address_free((CUdeviceptr)(uintptr_t)a->base, a->reserved);
            a->in_place = 0;
            a->base = NULL;
        }
    }
    if (!a->in_place) {
        if (cudaMalloc(&a->base, first_bytes) != cudaSuccess) {
            cudaGetLastError();
            free(a);
            return fsbb_fail(err, FSBB_ERR_GPU, "out of memory: the GPU has no %zu bytes for the search", first_bytes);
        }
        a->usable = first_bytes;
    }
    *out = a;
    return FSBB_OK;
}

void *fsbb_device_arena_base(const fsbb_device_arena *arena)
{
    return arena->base;
}

int fsbb_device_arena_in_place(const fsbb_device_arena *arena)
{
    return arena->in_place;
}

size_t fsbb_device_arena_size(const fsbb_device_arena *arena)
{
    return arena->usable;
}

fsbb_status fsbb_device_arena_grow(fsbb_device_arena *arena, size_t bytes, size_t keep_bytes,
                                   fsbb_arena_stream stream, fsbb_error *err)
{
    if (bytes > arena->most)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "a device arena of at most %zu bytes asked for %zu", arena->most,
                         bytes);
    if (arena->in_place)
        return map_more(arena, bytes, err);
    return bytes <= arena->usable ? FSBB_OK : reallocate(arena, bytes, keep_bytes, stream, err);
}

fsbb_status fsbb_device_arena_shrink(fsbb_device_arena *arena, size_t bytes, fsbb_arena_stream stream,
                                     fsbb_error *err)
{
    if (!arena->in_place)
        return bytes > 0 && bytes < arena->usable ? reallocate(arena, bytes, bytes, stream, err) : FSBB_OK;
    int keep = arena->chunk_count;
    while (keep > 1 && arena->chunks[keep - 1].offset >= bytes)
        keep--;
    unmap_from(arena, keep);
    return FSBB_OK;
}

fsbb_status fsbb_device_arena_grow_pair(fsbb_device_arena *first, fsbb_device_arena *second, size_t bytes,
                                        fsbb_arena_stream stream, fsbb_error *err)
{
    const size_t held = first->usable;
    fsbb_status status = fsbb_device_arena_grow(first, bytes, 0, stream, err);
    if (status == FSBB_OK && (status = fsbb_device_arena_grow(second, bytes, 0, stream, err)) != FSBB_OK) {
        fsbb_error not_given_back;
        fsbb_device_arena_shrink(first, held, stream, &not_given_back);  /* at worst the memory stays */
    }
    return status;
}

void fsbb_device_arena_free(fsbb_device_arena *arena)
{
    if (!arena)
        return;
    if (arena->in_place) {
        unmap_from(arena, 0);
        arena->driver.address_free((CUdeviceptr)(uintptr_t)arena->base, arena->reserved);
    } else {
        cudaFree(arena->base);
    }
    free(arena);
}
