/* test_device_arena.c — device memory that grows in place (device_arena.h), and the same
 * arena growing by allocation and copy: on a device that maps memory in place the arena does,
 * and its address does not change; what it held is still there after it grows or gives back
 * what it grew; every byte it grew to can be written and read back; a growth past its most,
 * past the device's memory or past its count of steps is refused and leaves it as it was, with
 * no CUDA error pending; two arenas grow together or not at all; and the device gets its
 * memory back when an arena shrinks or is freed. */
#include "device_arena.h"
#include "suites.h"

#include <CUnit/CUnit.h>
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MB = 1 << 20 };
/* What the device's free memory may move by between two readings without an arena's doing
 * (the arenas' steps here are larger). */
#define FREE_MEMORY_SLACK (2 * (size_t)MB)

/* Whether the size bytes at offset of the arena all equal value. */
static int holds(const fsbb_device_arena *arena, size_t offset, size_t size, unsigned char value)
{
    unsigned char *host = malloc(size);
    CU_ASSERT_FATAL(host != NULL);
    const char *base = fsbb_device_arena_base(arena);
    CU_ASSERT_FATAL(cudaMemcpy(host, base + offset, size, cudaMemcpyDeviceToHost) == cudaSuccess);
    size_t same = 0;
    while (same < size && host[same] == value)
        same++;
    free(host);
    return same == size;
}

static void fill(const fsbb_device_arena *arena, size_t offset, size_t size, unsigned char value)
{
    char *base = fsbb_device_arena_base(arena);
    CU_ASSERT_FATAL(cudaMemset(base + offset, value, size) == cudaSuccess);
    CU_ASSERT_FATAL(cudaDeviceSynchronize() == cudaSuccess);
}

/* The device's free memory (no CUDA error pending before), after a first memset has loaded
 * what the runtime loads lazily and after a cudaMalloc larger than the device has failed: such
 * a failure, as an arena's refused growth by copy makes, was seen to raise the free memory by
 * 12-16 MB after the custom-bound suites (on an H100), so every reading follows one. */
static size_t free_memory(void)
{
    CU_ASSERT_EQUAL(cudaGetLastError(), cudaSuccess);
    size_t free_bytes = 0, total = 0;
    CU_ASSERT_FATAL(cudaMemGetInfo(&free_bytes, &total) == cudaSuccess);
    void *too_large = NULL;
    CU_ASSERT_FATAL(cudaMalloc(&too_large, total + 64 * (size_t)MB) != cudaSuccess);
    CU_ASSERT_EQUAL(cudaGetLastError(), cudaErrorMemoryAllocation);
    void *scratch = NULL;
    CU_ASSERT_FATAL(cudaMalloc(&scratch, MB) == cudaSuccess);
    CU_ASSERT_FATAL(cudaMemset(scratch, 0, MB) == cudaSuccess);
    CU_ASSERT_FATAL(cudaDeviceSynchronize() == cudaSuccess);
    CU_ASSERT_FATAL(cudaFree(scratch) == cudaSuccess);
    CU_ASSERT_FATAL(cudaMemGetInfo(&free_bytes, &total) == cudaSuccess);
    return free_bytes;
}

static int near(size_t a, size_t b)
{
    return a + FREE_MEMORY_SLACK >= b && b + FREE_MEMORY_SLACK >= a;
}

static void grows_keeping_its_contents(int in_place)
{
    const size_t free_before = free_memory();
    fsbb_device_arena *arena = NULL;
    fsbb_error err;
    CU_ASSERT_FATAL(fsbb_device_arena_new(300 * (size_t)MB, 3 * (size_t)MB, in_place, &arena, &err) == FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_device_arena_in_place(arena), in_place);
    char *first = fsbb_device_arena_base(arena);
    fill(arena, 0, 3 * (size_t)MB, 0x5a);
    CU_ASSERT_EQUAL(fsbb_device_arena_grow(arena, 40 * (size_t)MB, 3 * (size_t)MB, 0, &err), FSBB_OK);
    CU_ASSERT(fsbb_device_arena_size(arena) >= 40 * (size_t)MB);
    CU_ASSERT(holds(arena, 0, 3 * (size_t)MB, 0x5a));
    char *grown = fsbb_device_arena_base(arena);
    fill(arena, 3 * (size_t)MB, 37 * (size_t)MB, 0x17);
    CU_ASSERT_EQUAL(fsbb_device_arena_grow(arena, 300 * (size_t)MB, 40 * (size_t)MB, 0, &err), FSBB_OK);
    char *largest = fsbb_device_arena_base(arena);
    CU_ASSERT(holds(arena, 0, 3 * (size_t)MB, 0x5a));
    CU_ASSERT(holds(arena, 3 * (size_t)MB, 37 * (size_t)MB, 0x17));
    fill(arena, 40 * (size_t)MB, 260 * (size_t)MB, 0xc3);
    CU_ASSERT(holds(arena, 40 * (size_t)MB, 260 * (size_t)MB, 0xc3));
    if (in_place) {
        CU_ASSERT(grown == first);
        CU_ASSERT(largest == first);
    }
    /* A smaller size than it has changes nothing. */
    CU_ASSERT_EQUAL(fsbb_device_arena_grow(arena, 10 * (size_t)MB, 10 * (size_t)MB, 0, &err), FSBB_OK);
    CU_ASSERT(fsbb_device_arena_base(arena) == largest);
    CU_ASSERT(holds(arena, 0, 3 * (size_t)MB, 0x5a));
    /* Given back to 40 MB: the first 40 MB kept, 260 MB back on the device, and it grows again. */
    const size_t free_at_300 = free_memory();
    CU_ASSERT_EQUAL(fsbb_device_arena_shrink(arena, 40 * (size_t)MB, 0, &err), FSBB_OK);
    CU_ASSERT(fsbb_device_arena_size(arena) >= 40 * (size_t)MB && fsbb_device_arena_size(arena) < 300 * (size_t)MB);
    CU_ASSERT(near(free_memory(), free_at_300 + (300 * (size_t)MB - fsbb_device_arena_size(arena))));
    CU_ASSERT(holds(arena, 0, 3 * (size_t)MB, 0x5a));
    CU_ASSERT(holds(arena, 3 * (size_t)MB, 37 * (size_t)MB, 0x17));
    CU_ASSERT_EQUAL(fsbb_device_arena_grow(arena, 300 * (size_t)MB, 40 * (size_t)MB, 0, &err), FSBB_OK);
    fill(arena, 40 * (size_t)MB, 260 * (size_t)MB, 0x3c);
    CU_ASSERT(holds(arena, 3 * (size_t)MB, 37 * (size_t)MB, 0x17));
    CU_ASSERT(holds(arena, 40 * (size_t)MB, 260 * (size_t)MB, 0x3c));
    CU_ASSERT_EQUAL(cudaGetLastError(), cudaSuccess);
    fsbb_device_arena_free(arena);
    CU_ASSERT(near(free_memory(), free_before));
}

static const char *needs_mapping_in_place(void)
{
    return fsbb_device_arena_maps_in_place() ? NULL : "this device does not map memory in place";
}

static void test_grows_in_place(void)
{
    grows_keeping_its_contents(1);
}

static void test_grows_by_copy(void)
{
    grows_keeping_its_contents(0);
}

/* Refusals: past its most (7 MB: below the 8 MB its addresses are rounded to, where it maps in
 * place), past the device's memory, and, in place, past its count of steps. */
static void refuses(int in_place)
{
    const size_t free_before = free_memory();
    fsbb_device_arena *arena = NULL;
    fsbb_error err;
    CU_ASSERT_FATAL(fsbb_device_arena_new(7 * (size_t)MB, 1 * (size_t)MB, in_place, &arena, &err) == FSBB_OK);
    fill(arena, 0, 1 * (size_t)MB, 0x42);
    CU_ASSERT_EQUAL(fsbb_device_arena_grow(arena, 8 * (size_t)MB, 1 * (size_t)MB, 0, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT(strstr(err.message, "at most") != NULL);
    CU_ASSERT(holds(arena, 0, 1 * (size_t)MB, 0x42));
    CU_ASSERT_EQUAL(fsbb_device_arena_grow(arena, 7 * (size_t)MB, 1 * (size_t)MB, 0, &err), FSBB_OK);
    CU_ASSERT(holds(arena, 0, 1 * (size_t)MB, 0x42));
    fsbb_device_arena_free(arena);
    fsbb_device_arena_free(NULL);

    size_t free_bytes = 0, total = 0;
    CU_ASSERT_FATAL(cudaMemGetInfo(&free_bytes, &total) == cudaSuccess);
    CU_ASSERT_FATAL(fsbb_device_arena_new(2 * total, 4 * (size_t)MB, in_place, &arena, &err) == FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_device_arena_in_place(arena), in_place);
    fill(arena, 0, 4 * (size_t)MB, 0x6e);
    CU_ASSERT_EQUAL(fsbb_device_arena_grow(arena, total + 64 * (size_t)MB, 4 * (size_t)MB, 0, &err), FSBB_ERR_GPU);
    CU_ASSERT(strstr(err.message, "out of memory") != NULL);
    CU_ASSERT_EQUAL(cudaGetLastError(), cudaSuccess);
    CU_ASSERT(fsbb_device_arena_size(arena) < total);
    CU_ASSERT(holds(arena, 0, 4 * (size_t)MB, 0x6e));
    CU_ASSERT_EQUAL(fsbb_device_arena_grow(arena, 8 * (size_t)MB, 4 * (size_t)MB, 0, &err), FSBB_OK);
    CU_ASSERT(holds(arena, 0, 4 * (size_t)MB, 0x6e));
    fsbb_device_arena_free(arena);

    if (in_place) {
        CU_ASSERT_FATAL(fsbb_device_arena_new(256 * (size_t)MB, 1, 1, &arena, &err) == FSBB_OK);
        const size_t step = fsbb_device_arena_size(arena);
        int steps = 1;
        while (fsbb_device_arena_grow(arena, (size_t)(steps + 1) * step, 0, 0, &err) == FSBB_OK)
            steps++;
        printf("\n[device arena: %d steps of %zu bytes, then: %s]", steps, step, err.message);
        CU_ASSERT_EQUAL(steps, 32);
        CU_ASSERT(strstr(err.message, "32 times") != NULL);
        CU_ASSERT_EQUAL(fsbb_device_arena_size(arena), 32 * step);
        CU_ASSERT_EQUAL(cudaGetLastError(), cudaSuccess);
        fill(arena, 0, 32 * step, 0x11);
        CU_ASSERT(holds(arena, 0, 32 * step, 0x11));
        fsbb_device_arena_free(arena);
    }
    CU_ASSERT(near(free_memory(), free_before));
}

static void test_refusals_in_place(void)
{
    refuses(1);
}

static void test_refusals_by_copy(void)
{
    refuses(0);
}

/* Two arenas grow together, or neither does: the second's refusal (past its most) makes the
 * first give back what it grew. */
static void grow_as_a_pair(int in_place)
{
    fsbb_device_arena *first = NULL, *second = NULL;
    fsbb_error err;
    CU_ASSERT_FATAL(fsbb_device_arena_new(64 * (size_t)MB, 4 * (size_t)MB, in_place, &first, &err) == FSBB_OK);
    CU_ASSERT_FATAL(fsbb_device_arena_new(16 * (size_t)MB, 4 * (size_t)MB, in_place, &second, &err) == FSBB_OK);
    const size_t first_size = fsbb_device_arena_size(first), free_before = free_memory();
    CU_ASSERT_EQUAL(fsbb_device_arena_grow_pair(first, second, 32 * (size_t)MB, 0, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_device_arena_size(first), first_size);
    CU_ASSERT(near(free_memory(), free_before));
    CU_ASSERT_EQUAL(fsbb_device_arena_grow_pair(first, second, 16 * (size_t)MB, 0, &err), FSBB_OK);
    CU_ASSERT(fsbb_device_arena_size(first) >= 16 * (size_t)MB && fsbb_device_arena_size(second) >= 16 * (size_t)MB);
    fill(first, 0, 16 * (size_t)MB, 0x21);
    fill(second, 0, 16 * (size_t)MB, 0x12);
    CU_ASSERT(holds(first, 0, 16 * (size_t)MB, 0x21) && holds(second, 0, 16 * (size_t)MB, 0x12));
    CU_ASSERT_EQUAL(cudaGetLastError(), cudaSuccess);
    fsbb_device_arena_free(first);
    fsbb_device_arena_free(second);
}

static void test_pair_in_place(void)
{
    grow_as_a_pair(1);
}

static void test_pair_by_copy(void)
{
    grow_as_a_pair(0);
}

FSBB_SUITE("gpu_device_arena",
           {"grows keeping its contents, in place at one address", test_grows_in_place, needs_mapping_in_place},
           {"grows keeping its contents by allocation and copy", test_grows_by_copy},
           {"in place: refused past its most, the device's memory or 32 steps, the arena as it was",
            test_refusals_in_place, needs_mapping_in_place},
           {"by copy: refused past its most or the device's memory, the arena as it was", test_refusals_by_copy},
           {"two arenas grow together or not at all, in place", test_pair_in_place, needs_mapping_in_place},
           {"two arenas grow together or not at all, by copy", test_pair_by_copy});
