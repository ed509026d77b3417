/* test_cache_lines.c — memory on cache lines of its own (cache_lines.h): aligned to a line,
 * zeroed, and owning every line it touches (what the allocator hands out covers the last line
 * whole, so nothing else is placed on it); a size that overflows is refused. */
#include "suites.h"

#include "cache_lines.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>

static void test_aligned_zeroed_whole_lines(void)
{
    int misaligned = 0, dirty = 0, short_lines = 0;
    for (size_t count = 0; count <= 300; count++) {
        const size_t size = count % 3 == 0 ? 1 : count % 3 == 1 ? sizeof(int) : 48;
        unsigned char *memory = fsbb_cache_lines_alloc(count, size);
        CU_ASSERT_FATAL(memory != NULL);
        misaligned += (uintptr_t)memory % FSBB_CACHE_LINE != 0;
        for (size_t i = 0; i < count * size; i++)
            dirty += memory[i] != 0;
        const size_t lines = (count * size + FSBB_CACHE_LINE - 1) / FSBB_CACHE_LINE;
        short_lines += malloc_usable_size(memory) < (lines > 0 ? lines : 1) * FSBB_CACHE_LINE;
        free(memory);
    }
    CU_ASSERT_EQUAL(misaligned, 0);
    CU_ASSERT_EQUAL(dirty, 0);
    CU_ASSERT_EQUAL(short_lines, 0);
}

static void test_overflow_refused(void)
{
    CU_ASSERT_PTR_NULL(fsbb_cache_lines_alloc(SIZE_MAX / 4, 8));
    CU_ASSERT_PTR_NULL(fsbb_cache_lines_alloc(SIZE_MAX, 1));
}

FSBB_SUITE("cache lines", {"aligned, zeroed, every line touched its own", test_aligned_zeroed_whole_lines},
           {"a size that overflows is refused", test_overflow_refused})
