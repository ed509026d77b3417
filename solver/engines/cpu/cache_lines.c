/* cache_lines.c — memory on cache lines of its own (cache_lines.h). */
#include "cache_lines.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void *fsbb_cache_lines_alloc(size_t count, size_t size)
{
    if (size != 0 && count > (SIZE_MAX - FSBB_CACHE_LINE) / size)
        return NULL;
    const size_t lines = (count * size + FSBB_CACHE_LINE - 1) / FSBB_CACHE_LINE;
    /* At least one line: aligned_alloc of 0 bytes may return NULL. */
    const size_t bytes = (lines > 0 ? lines : 1) * FSBB_CACHE_LINE;
    void *memory = aligned_alloc(FSBB_CACHE_LINE, bytes);
    if (memory)
        memset(memory, 0, bytes);
    return memory;
}
