/* cache_lines.h — memory on cache lines of its own for one search thread: aligned to
 * FSBB_CACHE_LINE bytes and padded to a whole number of lines, so that what the thread writes
 * there shares no line with another thread's data, nor with data the others read (false
 * sharing). The CPU engine allocates every worker's scratch with it (search_cpu.c,
 * times_cache.c): one malloc after another from the main thread puts two workers' hot arrays,
 * or a worker's array and the instance's tables, side by side on one line. */
#ifndef FSBB_CACHE_LINES_H
#define FSBB_CACHE_LINES_H

#include <stddef.h>

/* The line size the engine lays its threads' data out by (x86-64; most ARM cores). */
#define FSBB_CACHE_LINE 64

/* count elements of size bytes, zeroed, on lines of their own; NULL when memory runs out or
 * the size overflows. Freed with free(). */
void *fsbb_cache_lines_alloc(size_t count, size_t size);

#endif
