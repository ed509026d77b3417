/* div_options.h — from the divergence options of a solve (fsbb_div_options in options.h)
 * to the configuration of the divergence kernels (fsbb_div_config in div_bounder.h).
 *
 * Each technique picks one LB2 kernel, so at most one of them may be on:
 *   cte on                         -> CTE
 *   ccc on                         -> CCC
 *   subwarp N                      -> SUBWARP with N lanes per node
 *   balance central|distributed|steal -> FLAT with that task pool (loading-ratio R, or the
 *                                     adaptive ratio)
 *   throttle cf|cfq|sj|sjq         -> TILED with that schedule
 *   none of them                   -> PLAIN (the bounds/ code, one node per thread)
 * balance persistent launches the resident blocks only, with warp-level fetch, and combines
 * with PLAIN, SUBWARP, CTE and CCC (CCC always fetches so), not with a task pool or TILED.
 * loading-ratio needs a task pool. Every technique works on LB2's machine-pair loop, so
 * with lb1 only diagnose is accepted (the PLAIN LB1 kernel). diagnose combines with
 * everything: its traces come from the PLAIN kernel run on the same pools.
 * block-size sets the kernels' threads per block. */
#ifndef FSBB_DIV_OPTIONS_H
#define FSBB_DIV_OPTIONS_H

#include "div_bounder.h"
#include "options.h"

/* 1 when any divergence option differs from its default (off). */
int fsbb_div_options_active(const fsbb_div_options *div);

/* The kernel configuration for options; FSBB_ERR_ARGUMENT for a combination above that is
 * refused, naming the options. */
fsbb_status fsbb_div_options_config(const fsbb_options *options, fsbb_div_config *config, fsbb_error *err);

/* The two checks of fsbb_div_options_config, for the engine choice (engine.h) of options
 * with a divergence option on: the techniques combine (one kernel at a time, the task
 * pools' options together), whatever the bound; and the bound is LB2 where a technique
 * needs it. */
fsbb_status fsbb_div_options_check_combination(const fsbb_options *options, fsbb_error *err);
fsbb_status fsbb_div_options_check_bound(const fsbb_options *options, fsbb_error *err);

/* 1 when a technique on works on LB2's machine-pair loop (all but --diagnose do) and the
 * bound is LB1. */
int fsbb_div_options_lack_lb2(const fsbb_options *options);

#endif
