/* trig_check.h — device checks of the branch-refactoring coefficients (trig_check.cu). */
#ifndef FSBB_TEST_TRIG_CHECK_H
#define FSBB_TEST_TRIG_CHECK_H

#ifdef __cplusplus
extern "C" {
#endif

/* Wrong answers of is_zero over [0, FSBB_TRIG_MAX_COUNT] (trig and select), -1 on a CUDA error. */
long long trig_check_is_zero(void);
/* Wrong answers of at_least over every difference of operands below 2^24 and against INT_MAX. */
long long trig_check_at_least(void);
/* How many x in [0, max_x] the paper's (int)__cosf(x) misreads as zero or not; first_wrong
 * gets the smallest. -1 on a CUDA error. */
int trig_check_paper_cos(int max_x, int *first_wrong);

#ifdef __cplusplus
}
#endif

#endif
