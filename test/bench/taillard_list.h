/* taillard_list.h — the Taillard instances a benchmark is given on its command line, as a
 * list of names and ranges ("ta051-ta060,ta081"), for heuristic-bench and window-diagnostic. */
#ifndef FSBB_BENCH_TAILLARD_LIST_H
#define FSBB_BENCH_TAILLARD_LIST_H

/* The most instances a list names: Taillard's 120. */
#define FSBB_TAILLARD_LIST_MAX 120

/* Appends the instances that list names to indexes (1..120, at most FSBB_TAILLARD_LIST_MAX in
 * all, *count of them already there); returns 0, or -1 for a list that names an instance
 * outside ta001-ta120 or a range that runs backwards. */
int fsbb_taillard_list_parse(const char *list, int *indexes, int *count);

#endif
