/* offload_div_bounder.h — the offload engine (offload_loop.h) with the divergence kernels
 * of div_bounder.h behind it instead of gpu_bounder.h's bounder: what the solve runs when any
 * divergence option is on (div_options.h maps the options to a kernel).
 *
 * Each loop (offload_loop.h) has a div bounder of its own. The div bounder has one device
 * pool and bounds synchronously, so this pool bounder is not double-buffered: submit copies the slot's pool to the GPU, bounds it and copies the
 * bounds back before it returns, and wait only hands them over. The CPU therefore does not
 * fill the next pool while the GPU bounds one; whole-solve times include that serialisation
 * (the same for every technique, on and off).
 *
 * --diagnose FILE: before one of loop 0's pools is bounded, the PLAIN kernel with CUIRRE's diagnostics
 * bounds it too and appends its per-node clock traces, for the first pools until
 * FSBB_OFFLOAD_DIAGNOSE_TASKS tasks are traced (the pool that crosses it whole); the pools'
 * warps and tasks are numbered on across pools. FILE is written, in characterize.h's
 * format, when the search ends. The trace is of the PLAIN kernel (one node per thread), the
 * baseline CUIRRE characterizes, whatever technique bounds the pools. */
#ifndef FSBB_OFFLOAD_DIV_BOUNDER_H
#define FSBB_OFFLOAD_DIV_BOUNDER_H

#include "offload_loop.h"

#define FSBB_OFFLOAD_DIAGNOSE_TASKS 65536

/* fsbb_search_gpu_offload_stats with the divergence kernels (CUDA builds only). */
fsbb_status fsbb_search_offload_div(fsbb_search *search, fsbb_offload_stats *stats, fsbb_error *err);

#endif
