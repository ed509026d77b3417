/* insertion_lanes_kernel.h — the recurrence of insertion_lanes.c over one kind of lanes,
 * included there once per kind (32-bit values, and 16-bit ones with AVX2) with these
 * defined:
 *     KERNEL       the function's name
 *     LANES_T      the vector type, LANE_COUNT values of it
 *     CHOICE_T     what CHOICE_AT returns
 *     MAX, MIN     lane-wise maximum and minimum of two LANES_T
 *     CHOICE_AT(column, removed)  which neighbour each lane takes at that column
 *     PICK(row, column, choice)   row[column] or row[column + 1] in each lane
 * Every value is a makespan of part of a schedule with one job moved (insertion_lanes.h):
 * the caller chooses the kind whose values hold it. The file undefines these at its end. */

/* For l < count, the least makespan of the loaded sequence with its job at from[l] taken
 * out and inserted at any position, into least[l] (insertion_lanes.h). */
static void KERNEL(fsbb_insertion *w, int length, const int *from, int count, int *least)
{
    const int m = w->m, stride = w->lane_stride, shorter = length - 1;
    const int *times = w->sequence_times;
    LANES_T *tails = w->lane_space, *heads = tails + (size_t)w->n * (size_t)m, *job = heads + m, *costs = job + m;
    LANES_T removed;
    for (int l = 0; l < LANE_COUNT; l++)
        removed[l] = from[l < count ? l : 0];
    for (int k = 0; k < m; k++) {
        for (int l = 0; l < LANE_COUNT; l++)
            job[k][l] = times[k * stride + (int)removed[l]];
        heads[k] = (LANES_T){0};
    }
    /* Tails of the shorter sequences, columns shorter (none) down to 0. */
    LANES_T *last = tails + (size_t)shorter * (size_t)m;
    for (int k = 0; k < m; k++)
        last[k] = (LANES_T){0};
    for (int c = shorter - 1; c >= 0; c--) {
        const CHOICE_T choice = CHOICE_AT(c, removed);
        LANES_T *column = tails + (size_t)c * (size_t)m;
        const LANES_T *after = column + m;
        LANES_T finish = {0};
        for (int k = m - 1; k >= 0; k--) {
            finish = MAX(finish, after[k]) + PICK(times + k * stride, c, choice);
            column[k] = finish;
        }
    }
    /* Each position 0..shorter - 1: the lane's job inserted between the heads and the tails
     * of that column, the heads then advanced a column; then the last position, with no
     * tails. */
    LANES_T best = ~(LANES_T){0};
    for (int i = 0; i < shorter; i++) {
        const CHOICE_T choice = CHOICE_AT(i, removed);
        const LANES_T *tail = tails + (size_t)i * (size_t)m;
        LANES_T finish = {0}, makespan = {0}, next_head = {0};
        for (int k = 0; k < m; k++) {
            const LANES_T head = heads[k];
            finish = MAX(finish, head) + job[k];
            makespan = MAX(makespan, finish + tail[k]);
            next_head = MAX(next_head, head) + PICK(times + k * stride, i, choice);
            heads[k] = next_head;
        }
        costs[i] = makespan;
        best = MIN(best, makespan);
    }
    LANES_T finish = {0};
    for (int k = 0; k < m; k++)
        finish = MAX(finish, heads[k]) + job[k];
    costs[shorter] = finish;
    best = MIN(best, finish);
    for (int l = 0; l < count; l++)
        least[l] = (int)best[l];
}

#undef KERNEL
#undef LANES_T
#undef LANE_COUNT
#undef CHOICE_T
#undef MAX
#undef MIN
#undef CHOICE_AT
#undef PICK
