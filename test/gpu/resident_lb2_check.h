/* resident_lb2_check.h — the resident engine's LB2 refinement run on given parents
 * (resident_lb2_check.cu), for the GPU tests to compare with the CPU's LB2. */
#ifndef FSBB_TEST_RESIDENT_LB2_CHECK_H
#define FSBB_TEST_RESIDENT_LB2_CHECK_H

#include "bound_data.h"
#include "flowshopbb.h"

#ifdef __cplusplus
extern "C" {
#endif

/* For each parent i (perms + i * n, front_lens[i], back_lens[i], at least two unscheduled
 * jobs), each unscheduled place x (0 <= x < n - front_len - back_len) and both directions,
 * the LB2 the refine stage (resident_refine.cuh) computes for the child that moves
 * perm[front_len + x] to the front (forward 1) or the back, with lane groups of `group`
 * lanes, stopping at ub: out[(i * n + x) * 2 + forward]; -1 for places past the open ones. */
fsbb_status gpu_resident_child_lb2(const fsbb_bound_data *d, const fsbb_job *perms, const int *front_lens,
                                   const int *back_lens, int count, int ub, int group, int *out, fsbb_error *err);

#ifdef __cplusplus
}
#endif

#endif
