/* device_arena.h — device memory that grows in place, for the resident engine's pool and
 * staging areas. The arena reserves addresses once for the most it may hold and backs them
 * with memory as it grows (CUDA's virtual memory management, reached through the runtime's
 * driver entry points): growing copies nothing and frees nothing, and the memory keeps its
 * address. Where the device or its driver cannot map memory so (or the caller asks), the
 * arena grows by a larger allocation, a copy of what is kept and the release of the old one. */
#ifndef FSBB_DEVICE_ARENA_H
#define FSBB_DEVICE_ARENA_H

#include "flowshopbb.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fsbb_device_arena fsbb_device_arena;
/* A CUDA stream (cudaStream_t), for a copy where the arena moves. */
typedef struct CUstream_st *fsbb_arena_stream;

/* Whether the current device and its driver map memory in place (1) or not (0). */
int fsbb_device_arena_maps_in_place(void);

/* An arena on the current device that may grow to most_bytes, with first_bytes usable at
 * once; in place where the device maps memory so, in_place is 1 and most_bytes exceeds
 * first_bytes (an arena that cannot grow is one allocation), else by allocation and copy.
 * FSBB_ERR_GPU ("out of memory") when the device has no memory for first_bytes. */
fsbb_status fsbb_device_arena_new(size_t most_bytes, size_t first_bytes, int in_place, fsbb_device_arena **out,
                                  fsbb_error *err);

/* Its memory: the same address for the arena's life when it grows in place. */
void *fsbb_device_arena_base(const fsbb_device_arena *arena);

/* Whether it grows in place (1) or by allocation and copy (0). */
int fsbb_device_arena_in_place(const fsbb_device_arena *arena);

/* Bytes usable now (at least what was asked for; in place, rounded up to the mapping's
 * granularity). */
size_t fsbb_device_arena_size(const fsbb_device_arena *arena);

/* Makes bytes (at most the arena's most_bytes) usable, the first keep_bytes unchanged (the
 * device idle: a copy, where there is one, runs on stream and is waited for). When the device
 * has no memory for it, FSBB_ERR_GPU ("out of memory"); in place, after 32 growth steps,
 * FSBB_ERR_GPU too; either way the arena as it was. */
fsbb_status fsbb_device_arena_grow(fsbb_device_arena *arena, size_t bytes, size_t keep_bytes,
                                   fsbb_arena_stream stream, fsbb_error *err);

/* Gives back what the arena grew past bytes (in place: the steps mapped wholly beyond it;
 * else a smaller allocation, the first bytes copied). */
fsbb_status fsbb_device_arena_shrink(fsbb_device_arena *arena, size_t bytes, fsbb_arena_stream stream,
                                     fsbb_error *err);

/* Grows two arenas that are used together (the staging areas) to bytes each, or neither: when
 * the second cannot grow, the first gives back what it grew. Contents are not kept. */
fsbb_status fsbb_device_arena_grow_pair(fsbb_device_arena *first, fsbb_device_arena *second, size_t bytes,
                                        fsbb_arena_stream stream, fsbb_error *err);

/* Returns its memory and addresses to the device (NULL: nothing). */
void fsbb_device_arena_free(fsbb_device_arena *arena);

#ifdef __cplusplus
}
#endif

#endif
